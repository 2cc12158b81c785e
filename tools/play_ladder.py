"""What the play page asks of the ladder: the next deduction from the player's own marks,
what a rung proves from them, which rung proves a board has no answer, and, for the static
page, the whole trace of deductions from the empty board.  Every fact and every reason
comes from `ladder.py`'s rungs; this module only turns marks into the rungs' domains and
the rungs' answers into sentences.  [DF-18, ND-16]

    next_deduction(board, "official", level=3, marks="..o*x...", notes="----o---")
        → Hint("fact", "C1 is a balloon (the room rung): were it not a balloon, …", (0, 2),
               "o", (…))

Glossary (with an example value)
    marks       the player's marks, one character per cell in reading order: Dosun-Fuwari
                "." unmarked, "o" balloon, "*" iron ball, "x" marked empty, "#" black cell;
                Nondango "?" unpainted, "#" black, "o" white, "." no circle
    notes       the facts hints drew, one fact code per cell ("-" for none)
    fact code   one character for what a rung proves about a cell (FACT_CODES): "o*." a
                balloon, an iron ball, empty; "_^+" not a balloon, not an iron ball, not
                empty; "#" its region's black circle; "w" white
    known       cell → the symbols the marks and notes leave possible there, a subset of
                "o*." (Dosun-Fuwari) or of {"#", "w"} (Nondango): {(0, 2): frozenset("o")}
    level       a rung's index in ladder.LADDER[genre]: Dosun-Fuwari run 0 … search 4
    Hint        what "Next deduction" answers: a fact with its reason, or a sentence why not
    trace       the deductions from the empty board, in order (the static page's hints)

A hint from the marks is a fact the rung proves from them, so a correct set of marks gets
the same facts the rung proves from the empty board and more; a wrong mark is named before
any hint is drawn from it (it contradicts what the rung proves from the empty board), and
a rule the marks break for good stops the hints until it is mended.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

import common
import dosun_fuwari as df
import ladder
import nondango as nd

__all__ = [
    "Cell", "Board", "FACT_CODES", "NO_FACT", "CODE_SET", "Hint", "Deduction", "Trace",
    "known_facts", "broken_for_good", "budget_refusal", "no_answer", "answer_count",
    "Found", "left_undecided", "solved_words", "traced_solved_words", "next_deduction",
    "Shown",
    "what_the_rung_proves", "trace", "proved_by", "encode_trace", "cell_sets", "restrict",
]

Cell = tuple[int, int]  # (row, col), row 0 at the top
Board = df.Board | nd.Board

# What a rung proves about a cell, one character each (ladder's picture tokens where it has them).
FACT_CODES = {
    ladder.BALLOON: "o", ladder.IRON_BALL: "*", ladder.EMPTY: ".",
    ladder.NOT_BALLOON: "_", ladder.NOT_IRON_BALL: "^", ladder.NOT_EMPTY: "+",
    ladder.BLACK: "#", ladder.WHITE: "w",
}
NO_FACT = "-"
_ANY = {"dosun-fuwari": frozenset("o*."), "nondango": frozenset({"#", "w"})}
_SETS = {frozenset("o"): ladder.BALLOON, frozenset("*"): ladder.IRON_BALL,
         frozenset("."): ladder.EMPTY, frozenset("*."): ladder.NOT_BALLOON,
         frozenset("o."): ladder.NOT_IRON_BALL, frozenset("o*"): ladder.NOT_EMPTY,
         frozenset("#"): ladder.BLACK, frozenset("w"): ladder.WHITE}
CODE_SET = {FACT_CODES[name]: symbols for symbols, name in _SETS.items()}   # "_" → {"*", "."}
_MARK_SET = {"dosun-fuwari": {"o": frozenset("o"), "*": frozenset("*"), "x": frozenset(".")},
             "nondango": {"#": frozenset("#"), "o": frozenset("w")}}
_MARK_WORDS = {"dosun-fuwari": {"o": "balloon", "*": "iron ball", "x": "empty mark"},
               "nondango": {"#": "black circle", "o": "white circle"}}
_WORDS = {ladder.BALLOON: "a balloon", ladder.IRON_BALL: "an iron ball", ladder.EMPTY: "empty",
          ladder.NOT_BALLOON: "not a balloon", ladder.NOT_IRON_BALL: "not an iron ball",
          ladder.NOT_EMPTY: "not empty", ladder.BLACK: "its region's black circle",
          ladder.WHITE: "white"}
_NOT = {ladder.BALLOON: "not a balloon", ladder.IRON_BALL: "not an iron ball",
        ladder.EMPTY: "a balloon or an iron ball", ladder.NOT_BALLOON: "a balloon",
        ladder.NOT_IRON_BALL: "an iron ball", ladder.NOT_EMPTY: "empty",
        ladder.BLACK: "white", ladder.WHITE: "its region's black circle"}
SHOWN_CELLS = 6      # cells a sentence names before "and N more"


class Hint(NamedTuple):
    """What "Next deduction" answers.  `kind`: "fact" (one fact: `cell`, its fact `code`,
    the rung's `level`), "blocked" (the marks stop it), "none" (no answer, or past the
    budget), "done" (solved), "stalled" (this rung proves nothing more); `text` the
    sentence, `where` the cells it concerns."""

    kind: str
    text: str
    cell: Cell | None = None
    code: str | None = None
    level: int | None = None
    where: tuple[Cell, ...] = ()


# === The marks as the rungs' domains ===

def _genre(board: Board) -> str:
    return ladder.genre_of(board)


def known_facts(board: Board, marks: str,
                notes: str) -> tuple[dict[Cell, frozenset[str]], Cell | None]:
    """What the marks and notes leave possible at each cell they speak of, and the first cell
    (reading order) where a mark contradicts the note a hint drew there, or None.
    Raises ValueError for strings of the wrong length or with unknown characters."""
    genre = _genre(board)
    size = board.rows * board.cols
    if len(marks) != size or len(notes) != size:
        raise ValueError(f"marks and notes of {size} characters expected for a "
                         f"{board.rows}x{board.cols} board")
    allowed = set(".o*x#" if genre == "dosun-fuwari" else "?#o.")
    if set(marks) - allowed or set(notes) - set(CODE_SET) - {NO_FACT}:
        raise ValueError("unknown characters in the marks or notes")
    known, clash = {}, None
    for index, (mark, note) in enumerate(zip(marks, notes)):
        cell = divmod(index, board.cols)
        sets = [s for s in (_MARK_SET[genre].get(mark), CODE_SET.get(note)) if s is not None]
        if not sets:
            continue
        both = frozenset.intersection(*sets)
        if not both and clash is None:
            clash = cell
        known[cell] = both or sets[0]
    return known, clash


def cell_sets(board: Board, domains: ladder.Domains) -> dict[Cell, frozenset[str]]:
    """What the domains leave possible at each cell with something proved: Dosun-Fuwari a
    subset of "o*." (fewer than three), Nondango {"#"} (its region's black) or {"w"}."""
    out = {}
    if isinstance(board, df.Board):
        for run, d in zip(df.runs(board), domains):
            positions = zip(*d)          # what the run states put at each cell, top down
            for cell, held in zip(run.cells, positions):
                symbols = frozenset(held)
                if len(symbols) < 3:
                    out[cell] = symbols
    else:
        for region, d in zip(board.regions, domains):
            for cell in sorted(region & board.circles):
                if cell not in d:
                    out[cell] = frozenset("w")
                elif len(d) == 1:
                    out[cell] = frozenset("#")
    return out


def restrict(board: Board, domains: ladder.Domains,
             known: dict[Cell, frozenset[str]]) -> ladder.Domains:
    """The domains less every value that contradicts a known cell fact (a region with two
    circles known black keeps neither: no value of it fits both)."""
    if isinstance(board, df.Board):
        return tuple(frozenset(f for f in d if all(f[k] in known.get(c, _ANY["dosun-fuwari"])
                                                   for k, c in enumerate(run.cells)))
                     for run, d in zip(df.runs(board), domains))
    result = []
    for region, d in zip(board.regions, domains):
        d = {c for c in d if known.get(c) != frozenset("w")}
        black = {c for c in region if known.get(c) == frozenset("#")}
        result.append(frozenset(d & black if len(black) == 1 else set() if black else d))
    return tuple(result)


def _assume(board: Board, domains: ladder.Domains, cell: Cell,
            symbols: frozenset[str]) -> ladder.Domains:
    """`restrict` with one cell fact: only the run (region) holding `cell` changes, which
    saves filtering every other run, most of a trace's time."""
    if isinstance(board, df.Board):
        out = list(domains)
        for index, run in enumerate(df.runs(board)):
            if cell in run.cells:
                k = run.cells.index(cell)
                out[index] = frozenset(f for f in domains[index] if f[k] in symbols)
        return tuple(out)
    return tuple(frozenset(d - {cell} if symbols == frozenset("w") else d & {cell})
                 if cell in region else d
                 for region, d in zip(board.regions, domains))


# === Sentences ===

def _places(cells: Sequence[Cell]) -> str:
    names = [common.position(c) for c in cells]
    more = len(names) - SHOWN_CELLS
    return ", ".join(names[:SHOWN_CELLS]) + (f" and {more} more" if more > 0 else "")


def _where(cells: Sequence[Cell]) -> str:
    return f" ({_places(cells)})" if cells else ""


def _in_the_write_ups_words(board: Board, reading: str, cell: Cell, fact: str,
                            known: dict[Cell, frozenset[str]], where: Sequence[Cell]) -> str:
    """A sentence naming the write-up's idea a fact rests on, each checked against the
    puzzle module's own lists: a run-top or run-bottom and the cap a piece leans on (DF-11),
    a starved room (DF-14), a stack (DF-02); for Nondango `_nd_words`."""
    if isinstance(board, nd.Board):
        return _nd_words(board, reading, cell, fact, known, where)
    if fact == ladder.BALLOON and cell in df.run_tops(board):
        return (" A run-top: a balloon there leans on the cap above, legal whatever else "
                "is on the board (DF-11).")
    if fact == ladder.IRON_BALL and cell in df.run_bottoms(board):
        return " A run-bottom: an iron ball there leans on the cap below (DF-11)."
    holder = "balloon" if reading == "official" else "piece"
    if fact == ladder.BALLOON and df.room_of(board)[cell] in df.starved_rooms(board):
        return (f" Its room is starved (it holds no run-top), so its balloon hangs from the "
                f"{holder} above it: a stack (DF-14).")
    if fact == ladder.BALLOON:
        return f" Not a run-top: this balloon hangs from the {holder} above it (DF-02)."
    if fact == ladder.IRON_BALL:
        holder = "iron ball" if reading == "official" else "piece"
        return f" Not a run-bottom: this iron ball rests on the {holder} below it (DF-02)."
    return ""


def _nd_words(board: nd.Board, reading: str, cell: Cell, fact: str,
              known: dict[Cell, frozenset[str]], where: Sequence[Cell]) -> str:
    """What the reason's cells are in the write-up's words, only when they are one:
    under the anywhere reading a live line (`nondango.live_lines`); else a live triple
    (`nondango.live_triples`), and for a white circle on it whose other two circles are
    known black, its certificate (`nondango.certificates`).  Cells that are none of these
    (a region, say) get no words."""
    cells = tuple(sorted(where))          # a triple's line order is its sorted order
    if len(cells) < 3 or (len(cells) > 3 and reading != "anywhere"):
        return ""
    if reading == "anywhere":
        if cells in nd.live_lines(board):
            ends = f"{common.position(cells[0])}–{common.position(cells[-1])}"
            return (f" The line {ends} holds {len(cells)} circles in three regions or more, so "
                    f"at most two of them may be black (ND-11).")
        return ""
    if cells not in nd.live_triples(board, reading):
        return ""
    named = f"The live triple {_places(cells)}"
    black = frozenset(c for c, symbols in known.items() if symbols == frozenset("#"))
    if fact == ladder.WHITE and cells in nd.certificates(board, black, cell, reading):
        return (f" {named} is {common.position(cell)}'s certificate: its other two circles "
                f"are black (ND-05).")
    return f" {named} decides it (the certificate rule as propagation, ND-16)."


def _negation(board: Board, symbols: frozenset[str]) -> frozenset[str]:
    return _ANY[_genre(board)] - symbols


def _rung_words(name: str) -> str:
    """A rung as a sentence names it: "the room rung" (rung names are also the write-ups'
    words for rooms, regions and runs)."""
    return f"the {name} rung"


def _reason(reading: str, why: ladder.Contradiction) -> str:
    """A contradiction's reason and cells as a sentence says them.  Under the anywhere
    reading the triple rule runs over whole lines (`nondango.constraints`), so what the
    rule calls a triple there is a line."""
    reason = why.reason
    if reading == "anywhere":
        reason = reason.replace("a triple ", "a line ")
    return f"{reason}{_where(why.cells)}"


def _explain(board: Board, level: int, domains: ladder.Domains, cell: Cell,
             symbols: frozenset[str], reading: str) -> tuple[str, tuple[Cell, ...]]:
    """Why the rung at `level` proves `cell` is `symbols` from `domains`: assume the
    opposite and run the rung, which contradicts (a rung that removes a value contradicts
    when the value is assumed); its reason and cells are the answer.  For probe the rung
    below is run on the assumption, and where the cell's opposite holds several values that
    probe removed one by one, the sentence says so.  Search names no single cause.
    # → ("C1 is a balloon (the room rung): were it not a balloon, no run can put …", (…))"""
    genre = _genre(board)
    rungs = ladder.LADDER[genre]
    name, fact = rungs[level][0], _SETS[symbols]
    said = f"{common.position(cell)} is {_WORDS[fact]} ({_rung_words(name)})"
    if name == "search":
        return f"{said}: no answer within what the rungs below prove has it {_NOT[fact]}.", ()
    opposite = _assume(board, domains, cell, _negation(board, symbols))
    k = level - 1 if name == "probe" else level
    try:
        rungs[k][1](board, opposite, reading)
    except ladder.Contradiction as why:
        by = f"{_rung_words(rungs[k][0])} finds that " if k != level else ""
        return f"{said}: were it {_NOT[fact]}, {by}{_reason(reading, why)}.", why.cells
    unit = "filling of its run" if genre == "dosun-fuwari" else "circle of its region"
    return (f"{said}: each {unit} that would make it {_NOT[fact]} was assumed in turn, and "
            f"{_rung_words(rungs[level - 1][0])} contradicted each (with what probe had "
            f"already ruled out)."), ()


# === Whether hints can be given at all ===

def budget_refusal(board: Board, reading: str) -> str | None:
    """The sentence saying why the ladder gives no hints on this board under this reading
    (past its budget, `ladder.check_size`), or None when it does."""
    try:
        ladder.check_size(board, reading)
    except common.BoardError as error:
        return f"No hints on this board under the {reading} reading: it is {error}."
    return None


def no_answer(board: Board, reading: str) -> Hint | None:
    """For a board without an answer under `reading`, the lowest rung that proves so from
    the empty board, as a Hint("none", …) naming it and the cells concerned; None when a
    rung finds an answer possible (every rung below search leaves some value).  Raises
    BoardError past the ladder's budget."""
    for name, _ in ladder.LADDER[_genre(board)]:
        proof = ladder.prove(board, name, reading)
        if proof.contradiction:
            why = ladder.Contradiction(proof.contradiction, proof.where)
            return Hint("none", f"This board has no answer under the {reading} reading, and "
                                f"{_rung_words(name)} proves it: {_reason(reading, why)}.",
                        where=proof.where)
    return None


# === The marks, judged ===

def _holds(board: df.Board, marks: str, cell: Cell) -> str:
    """What a neighbour cell holds for the rules: '#' off the grid or black, else its mark
    ('x' read as empty), or None while it is unmarked."""
    r, c = cell
    if not (0 <= r < board.rows and 0 <= c < board.cols) or cell in board.black:
        return df.BLACK
    mark = marks[r * board.cols + c]
    return None if mark == "." else {"x": df.EMPTY}.get(mark, mark)


def broken_for_good(board: Board, marks: str, reading: str) -> list:
    """The rules the marks break that no filling of the unmarked cells can mend, as the
    puzzle's own Violations: a room or region with two pieces (black circles) of a kind,
    three black circles in a line, a piece no neighbour can hold, a room every cell of
    which is marked without one of its pieces, three circles painted white (published)."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    mark = {cell: m for cell, m in zip(cells, marks)}
    if isinstance(board, df.Board):
        answer = df.Answer(frozenset(c for c in cells if mark[c] == "o"),
                           frozenset(c for c in cells if mark[c] == "*"))
        placing = df.support_violations(board, answer, reading)
        out = []
        for v in placing:      # a piece nothing holds: mended by its neighbour, if it can be
            step = -1 if mark[v.cells[0]] == "o" else 1
            holder = _holds(board, marks, (v.cells[0][0] + step, v.cells[0][1]))
            if len(v.cells) > 1 or holder is not None or not any(
                    df.is_held(mark[v.cells[0]], x, reading) for x in "o*."):
                out.append(v)
        for v in df.violations(board, answer, reading):
            if v in placing:
                continue
            if len(v.cells) > 1:                  # two pieces of a kind in one room
                out.append(v)
            else:                                 # none: mended by a mark in an unmarked cell
                room = next(r for r in board.rooms if v.cells[0] in r)
                if all(mark[c] != "." for c in room):
                    out.append(v)
        return out
    black = frozenset(c for c, m in zip(cells, marks) if m == "#")
    return [v for v in nd.violations(board, black, reading)
            if all(marks[c[0] * board.cols + c[1]] != "?" for c in v.cells)]


def _blocked(board: Board, reading: str, level: int, marks: str,
             known: dict[Cell, frozenset[str]], clash: Cell | None) -> Hint | None:
    """Why no hint is drawn from these marks, or None: a mark against a hint's note, a rule
    broken for good, a mark against what the rung proves from the empty board."""
    genre = _genre(board)
    words = _MARK_WORDS[genre]
    if clash is not None:
        mark = marks[clash[0] * board.cols + clash[1]]
        return Hint("blocked", f"Your {words[mark]} at {common.position(clash)} contradicts "
                               f"the hint drawn there.", where=(clash,))
    broken = broken_for_good(board, marks, reading)
    if broken:
        v = broken[0]
        return Hint("blocked", f"Your marks break a rule for good: {v.rule}{_where(v.cells)}. "
                               f"Hints go on from marks that keep the rules.", where=tuple(v.cells))
    name, rung = ladder.LADDER[genre][level]
    try:
        proved = cell_sets(board, rung(board, ladder.start(board, reading), reading))
    except ladder.Contradiction:
        return None
    for cell in sorted(known):
        mark = marks[cell[0] * board.cols + cell[1]]
        if cell in proved and not known[cell] & proved[cell] and mark in words:
            return Hint("blocked",
                        f"Your {words[mark]} at {common.position(cell)} contradicts what "
                        f"{_rung_words(name)} proves from the empty board: "
                        f"{common.position(cell)} is "
                        f"{_WORDS[_SETS[proved[cell]]]}.", where=(cell,))
    return None


def _new_facts(board: Board, rung, domains: ladder.Domains, reading: str,
               known: dict[Cell, frozenset[str]]) -> dict[Cell, frozenset[str]]:
    """The cell facts `rung` proves from `domains` that the marks and notes do not already
    say, in reading order.  Raises Contradiction as the rung does."""
    genre = _genre(board)
    proved = cell_sets(board, rung(board, domains, reading))
    return {c: s for c, s in sorted(proved.items()) if s != known.get(c, _ANY[genre])}


def answer_count(board: Board, reading: str, cap: int | None = None) -> common.Count | None:
    """The engine's answer count under `reading`, up to `cap` (default: the engine's
    COUNT_CAP; 1 asks only whether there is an answer), or None when the engine refuses
    the board as too large."""
    engine = df if isinstance(board, df.Board) else nd
    try:
        return engine.count_answers(board, reading, cap or engine.COUNT_CAP)
    except common.BoardError:
        return None


def _count_words(count: common.Count | None) -> str:
    if count is None:
        return "the engine will not count this board's answers under this reading"
    if count.capped:
        return f"the board has {count.count:,} answers or more under this reading"
    return (f"the board has {count.count:,} answer{'s' if count.count != 1 else ''} under "
            "this reading")


class Found(NamedTuple):
    """What the rungs up to a level prove next: the weakest rung (`level`) that proves
    something the marks and notes do not say, its new facts in reading order (`new`), or
    the contradiction it finds instead (`contradiction`, with `new` empty)."""

    level: int
    new: dict[Cell, frozenset[str]]
    contradiction: ladder.Contradiction | None = None


def _next_facts(board: Board, reading: str, level: int, domains: ladder.Domains,
                known: dict[Cell, frozenset[str]]) -> Found | None:
    """The weakest rung up to `level` that proves something new from `domains` (the
    marks' and notes' facts applied), or the first that contradicts; None when none of
    them proves anything new.  "Next deduction" gives the first of its new facts, and the
    static page's trace is these first facts one after another, so both give hints in
    one order."""
    for k, (name, rung) in enumerate(ladder.LADDER[_genre(board)][:level + 1]):
        try:
            new = _new_facts(board, rung, domains, reading, known)
        except ladder.Contradiction as why:
            return Found(k, {}, why)
        if new:
            return Found(k, new)
    return None


def _undecided(board: Board, known: dict[Cell, frozenset[str]]) -> list[Cell]:
    """The white cells (circles) whose content the marks and notes do not fix yet."""
    if isinstance(board, df.Board):
        cells = sorted(df.room_of(board))
    else:
        cells = sorted(board.circles)
    return [c for c in cells if len(known.get(c, _ANY[_genre(board)])) != 1]


def left_undecided(board: Board, proof: ladder.Proof) -> list[Cell]:
    """The white cells (circles) a rung's proof from the empty board leaves undecided."""
    decided = {ladder.BALLOON, ladder.IRON_BALL, ladder.EMPTY, ladder.BLACK, ladder.WHITE}
    if isinstance(board, df.Board):
        cells = sorted(df.room_of(board))
    else:
        cells = sorted(board.circles)
    return [c for c in cells if proof.facts.get(c) not in decided]


def _cells_left(cells: Sequence[Cell]) -> str:
    return f"{len(cells)} cell{'s' if len(cells) != 1 else ''} left undecided{_where(cells)}"


def solved_words(board: Board, reading: str, level: int, count: common.Count | None) -> str:
    """What "Next deduction" says once the marks keep every rule, on a board with `count`
    answers (`answer_count`): "Solved" alone where the rung at `level` decides every cell
    from the empty board (its level is at least the board's grade, `ladder.grade`); where
    it does not, that it stalls there and which rung is the board's grade, so that a rung's
    hints never look stronger than the rung; on a board with several answers, that the
    marks are one of them."""
    if count is None or count.count != 1:
        return _solved_sentence(board, "", count, [], "")
    name = ladder.LADDER[_genre(board)][level][0]
    left = left_undecided(board, ladder.prove(board, name, reading))
    grade = ladder.grade(board, reading).rung if left else name
    return _solved_sentence(board, name, count, left, grade)


def _solved_sentence(board: Board, name: str, count: common.Count | None, left: list[Cell],
                     grade: str) -> str:
    """`solved_words`' sentence, from the cells the rung `name` leaves undecided from the
    empty board (`left`) and the board's grade."""
    if count is None:
        return "Solved: your marks keep every rule."
    if count.count != 1:
        return f"Solved: your marks keep every rule; {_count_words(count)}."
    if not left:
        return "Solved: nothing is left to prove."
    unmarked = ("unmarked cells as empty" if isinstance(board, df.Board)
                else "unpainted circles as white")
    return (f"Solved: your marks keep every rule, counting {unmarked}. But "
            f"{_rung_words(name)} does not prove it: from the empty board it stalls with "
            f"{_cells_left(left)}, and {_rung_words(grade)} is the lowest that decides every "
            f"cell (the board's grade).")


def traced_solved_words(board: Board, reading: str, trace_: Trace,
                        count: common.Count | None) -> list[str]:
    """`solved_words` for each level up to the trace's top, read off the trace (the facts of
    each rung from the empty board are the trace's steps up to its level, `proved_by`)
    instead of proving each rung again, for the static page."""
    names = [name for name, _ in ladder.LADDER[_genre(board)]]
    left = []
    for level in range(trace_.top + 1):
        facts, _ = proved_by(trace_, level)
        left.append(left_undecided(board, ladder.Proof(names[level], None, facts, frozenset())))
    finished = [level for level, cells in enumerate(left) if not cells]
    if finished:
        grade = names[finished[0]]
    elif count is not None and count.count == 1:     # decided only above the trace's top
        grade = ladder.grade(board, reading).rung
    else:
        grade = names[-1]
    return [_solved_sentence(board, names[level], count, left[level], grade)
            for level in range(trace_.top + 1)]


def next_deduction(board: Board, reading: str, level: int, marks: str, notes: str) -> Hint:
    """The first fact the rung at `level` proves from the player's marks and the hints'
    notes (the weakest rung that proves something new, its first cell in reading order),
    with its reason; or why there is none: no answer at all (the rung that proves it),
    past the ladder's budget, a mark that blocks hints, solved (`solved_words`), or this
    rung stalls, with how many cells are left undecided (and whether a higher rung goes
    on).  Raises ValueError for bad marks or notes or level.  [DF-18, ND-16]"""
    genre = _genre(board)
    rungs = ladder.LADDER[genre]
    if not 0 <= level < len(rungs):
        raise ValueError(f"no rung at level {level}")
    known, clash = known_facts(board, marks, notes)
    refusal = budget_refusal(board, reading)
    if refusal:
        return Hint("none", refusal)
    some = answer_count(board, reading, 1)
    impossible = no_answer(board, reading) if some is not None and some.count == 0 else None
    if impossible:
        return impossible
    blocked = _blocked(board, reading, level, marks, known, clash)
    if blocked:
        return blocked
    if _solved(board, marks, reading):
        return Hint("done", solved_words(board, reading, level, answer_count(board, reading)))
    domains = restrict(board, ladder.start(board, reading), known)
    found = _next_facts(board, reading, level, domains, known)
    if found is not None and found.contradiction is not None:
        why, name = found.contradiction, rungs[found.level][0]
        return Hint("blocked", f"From your marks, {_rung_words(name)} finds that "
                               f"{_reason(reading, why)}: some mark is wrong.", where=why.cells)
    if found is not None:
        cell, symbols = next(iter(found.new.items()))
        reason, where = _explain(board, found.level, domains, cell, symbols, reading)
        fact = _SETS[symbols]
        reason += _in_the_write_ups_words(board, reading, cell, fact, known, where)
        return Hint("fact", reason, cell, FACT_CODES[fact], found.level, where)
    stalls = f"{_rung_words(rungs[level][0]).capitalize()} stalls here: " \
             f"{_cells_left(_undecided(board, known))}"
    for name, rung in rungs[level + 1:]:
        try:
            if _new_facts(board, rung, domains, reading, known):
                return Hint("stalled", f"{stalls}; {_rung_words(name)} goes on (pick it under "
                                       f"Hint level).")
        except ladder.Contradiction:
            return Hint("stalled", f"{stalls}; {_rung_words(name)} finds your marks lead "
                                   f"nowhere.")
    return Hint("stalled", f"{stalls}, and no rung above it proves more: "
                           f"{_count_words(answer_count(board, reading))}, so the rest is a "
                           f"choice.")


def _solved(board: Board, marks: str, reading: str) -> bool:
    """Whether the marks keep every rule (unmarked cells empty, unpainted circles white)."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    if isinstance(board, df.Board):
        answer = df.Answer(frozenset(c for c, m in zip(cells, marks) if m == "o"),
                           frozenset(c for c, m in zip(cells, marks) if m == "*"))
        return df.is_answer(board, answer, reading)
    return nd.is_answer(board, frozenset(c for c, m in zip(cells, marks) if m == "#"), reading)


class Shown(NamedTuple):
    """What "Show what the rung proves" would draw: the new `facts` (cell → fact code), the
    rooms (regions) `pinned` (every cell decided) out of `total`, whether that `whole`
    answer is all, or the contradiction; and the sentence that asks first."""

    facts: dict[Cell, str]
    pinned: tuple[int, ...]
    total: int
    whole: bool
    text: str
    where: tuple[Cell, ...] = ()


def what_the_rung_proves(board: Board, reading: str, level: int, marks: str, notes: str) -> Shown:
    """Everything the rung at `level` proves from the marks and notes that they do not
    already say, with the sentence the page shows before it draws any of it: how many
    facts, how many rooms (regions) that decides whole, and whether that is the whole
    answer.  No facts past the budget, on a board with no answer (the sentence names the
    lowest rung that proves it, as `no_answer`), from marks that block hints, or once the
    marks keep every rule (`solved_words`).  Raises ValueError for bad marks, notes or
    level."""
    genre = _genre(board)
    name, rung = ladder.LADDER[genre][level]
    kind = "rooms" if genre == "dosun-fuwari" else "regions"
    total = len(board.rooms) if genre == "dosun-fuwari" else len(board.regions)
    known, clash = known_facts(board, marks, notes)
    refusal = budget_refusal(board, reading)
    if refusal:
        return Shown({}, (), total, False, refusal)
    some = answer_count(board, reading, 1)
    impossible = no_answer(board, reading) if some is not None and some.count == 0 else None
    if impossible:
        return Shown({}, (), total, False, impossible.text, impossible.where)
    blocked = _blocked(board, reading, level, marks, known, clash)
    if blocked:
        return Shown({}, (), total, False, blocked.text, blocked.where)
    if _solved(board, marks, reading):
        return Shown({}, (), total, False,
                     solved_words(board, reading, level, answer_count(board, reading)))
    try:
        proved = rung(board, restrict(board, ladder.start(board, reading), known), reading)
    except ladder.Contradiction as why:
        return Shown({}, (), total, False, f"From your marks, {_rung_words(name)} finds that "
                                           f"{_reason(reading, why)}: some mark is wrong.",
                     why.cells)
    facts = cell_sets(board, proved)
    new = {c: FACT_CODES[_SETS[s]] for c, s in sorted(facts.items())
           if s != known.get(c, _ANY[genre])}
    if genre == "dosun-fuwari":
        pinned = tuple(i for i, room in enumerate(board.rooms)
                       if all(len(facts.get(c, "o*.")) == 1 for c in room))
    else:
        pinned = tuple(i for i, d in enumerate(proved) if len(d) == 1)
    whole = len(pinned) == total
    start = "from your marks" if known else "from the empty board"
    plural = "s" if len(new) != 1 else ""
    text = (f"{_rung_words(name).capitalize()} proves {len(new)} more fact{plural} {start}, "
            f"which decide every cell of {len(pinned)} of the {total} {kind}: "
            + ("that is the whole answer." if whole else
               f"{total - len(pinned)} {kind} are left for a higher rung (or a choice)."))
    return Shown(new, pinned, total, whole, text)


# === The static page: the whole trace, worked out ahead ===

class Deduction(NamedTuple):
    """One step of a trace: `cell` now proved to be `fact` (a ladder fact name) by the rung
    at `level` (index into ladder.LADDER), for the `reason` in a sentence, which concerns the
    cells `where` (the run, room or triple that forces it)."""

    cell: Cell | None
    fact: str | None
    level: int
    reason: str
    where: tuple[Cell, ...]


class Trace(NamedTuple):
    """A board's deductions under one reading, in order, each proved by its rung from the
    facts before it (`steps`); `end`, when a rung proves there is no answer, the Deduction
    of that contradiction (cell None, fact None); `top`, the highest level traced."""

    steps: tuple[Deduction, ...]
    end: Deduction | None
    top: int


def trace(board: Board, reading: str | None = None, top: str | None = None) -> Trace:
    """The ordered deductions of the ladder on `board` from the empty board, up to the rung
    `top` (default: every rung), in the order "Next deduction" gives them: each step is the
    first new fact (reading order) of the weakest rung that proves something new from the
    facts before it (cell facts only, as a player's marks are; `_next_facts`), with its
    reason (`_explain`).  So the steps of the rungs up to one level, taken until the first
    step of a higher level, are exactly what that rung proves (`ladder.prove`'s facts).
    Raises ValueError as `ladder.prove` does, and BoardError past the ladder's budget when
    `top` reaches probe.  [DF-18, ND-16]"""
    genre = _genre(board)
    reading = reading or ladder.default_reading(genre)
    rungs = ladder.LADDER[genre]
    last = len(rungs) - 1 if top is None else [n for n, _ in rungs].index(top)
    if last >= [n for n, _ in rungs].index("probe"):   # the budget is what probe costs
        ladder.check_size(board, reading)
    domains = ladder.start(board, reading)
    known: dict[Cell, frozenset[str]] = {}
    steps: list[Deduction] = []
    while True:
        found = _next_facts(board, reading, last, domains, known)
        if found is None:
            return Trace(tuple(steps), None, last)
        if found.contradiction is not None:
            why, name = found.contradiction, rungs[found.level][0]
            end = Deduction(None, None, found.level, f"{_rung_words(name).capitalize()} proves "
                            f"there is no answer: {_reason(reading, why)}.", why.cells)
            return Trace(tuple(steps), end, last)
        cell, symbols = next(iter(found.new.items()))
        reason, where = _explain(board, found.level, domains, cell, symbols, reading)
        reason += _in_the_write_ups_words(board, reading, cell, _SETS[symbols], known, where)
        steps.append(Deduction(cell, _SETS[symbols], found.level, reason, where))
        known[cell] = symbols
        domains = _assume(board, domains, cell, symbols)   # restrict(start, known), one fact on


def proved_by(trace_: Trace, level: int) -> tuple[dict[Cell, str], Deduction | None]:
    """What the rung at `level` proves, read off a trace: cell -> fact (the steps of levels
    up to it, until the first step of a higher one), and the contradiction if it proves one."""
    facts = {}
    for step in trace_.steps:
        if step.level > level:
            return facts, None
        facts[step.cell] = step.fact
    return facts, trace_.end if trace_.end is not None and trace_.end.level <= level else None


def encode_trace(board: Board, trace_: Trace) -> dict:
    """A Trace as page data: `steps` as [cell index in reading order, fact code, level,
    reason, where indices], `end` likewise (index and code None) or None, `top`."""
    def index(cell: Cell | None) -> int | None:
        return None if cell is None else cell[0] * board.cols + cell[1]

    def row(d: Deduction) -> list:
        return [index(d.cell), FACT_CODES.get(d.fact), d.level, d.reason,
                [index(c) for c in d.where]]
    return {"steps": [row(s) for s in trace_.steps], "end": row(trace_.end) if trace_.end else None,
            "top": trace_.top}
