"""The play page: every board of both puzzles, playable, with hints from the ladder.

`python -m tools.play` writes one self-contained HTML page (inline SVG, a little plain
JavaScript, no network) holding every board of `boards/` and, per reading, the ordered
trace of the ladder's deductions on it (`trace`, embedded as JSON), and opens it in the
browser.  On the page a player picks a puzzle, a reading, a collection (the bank, the
lesson and sample boards, boards added on the command line, and under the published
Nondango rule the bank made for it, `boards/nondango-published/`, when that folder
exists), a size where the collection has sizes, and a board; clicks cells to cycle them;
picks a hint level (a rung) and asks either for the next deduction (one cell: the first
fact that rung proves from the marks so far, placed with its reason in a sentence and the
reason's cells outlined) or for everything the rung proves; and asks for a check, which
marks each broken rule and lists them grouped by kind.  The page judges the marks by the
rules alone: it holds no stored answer, so it never says how far the player is from it.
The player's marks are kept per board in the browser's local storage, with Undo and Redo.
Cells are named by the labels drawn along the board: columns A, B, …, rows 1, 2, …
(`common.position`).  [DF-18, ND-16]

    python -m tools.play [BOARD ...] [--no-open] [--out PATH] [--boards DIR]

Glossary (with an example value)
    entry       one board on the page: its name, collection, board and source
                Entry("df-8x8-01", "bank", <dosun_fuwari.Board>, "boards/dosun-fuwari/df-8x8-01.txt")
    collection  what the Boards picker offers (COLLECTIONS): "bank", "published", "samples",
                "added"; the bank and the published bank are split by size
    fact code   one character per cell for what a rung proves there (FACT_CODES)
                "o*._^+" (balloon, iron ball, empty, not a balloon, not an iron ball, not
                empty), "#w" (its region's black circle, white)
    trace       the deductions of a board under one reading, in order, each a Deduction:
                Deduction((2, 3), "balloon", 1, "room: D3 is a balloon: were it not ...", cells)
    level       a rung's index in ladder.LADDER: Dosun-Fuwari run 0 ... search 4
    reading     the rule reading of the check, the rules text and the hints
                (dosun_fuwari.READINGS, nondango.READINGS)
    state       on the page, one character per cell: Dosun-Fuwari "." unmarked, "o" balloon,
                "*" iron ball, "x" marked empty, "#" black; Nondango "#" black, "o" white,
                "?" unpainted (counts as white), "." no circle

Why a trace computed here and not the ladder in the page: the page would need a second
ladder in JavaScript, to keep in step with `ladder.py`; the trace keeps one reference.  It
is enough because propagation is monotone: a fact the rung proves from the trace's
earlier facts it also proves from any correct marks that include them.  So the next
deduction is the first step of the rung's levels that the marks and hints do not already
imply; a mark that contradicts what the rung proves, or breaks a rule for good, stops the
hint with a sentence saying so.  Marks beyond what the rung proves (guesses) are not
propagated: the hint goes on from the facts the rung proves from the empty board, which
never reveals more than the rung proves from where the player stands.  The trace is
built once per board and reading, for the top rung, weakest rung first: the steps of one
rung are its prefix up to the first step of a higher rung, so one trace serves every hint
level.  Measured (`python -m tools.play --no-open`, the project's 231 boards): the page of
`ladder.prove` per rung and reading took 30 s CPU and 0.9 MB; the traces with their reasons
take 93 s CPU and 5.0 MB (a reason costs one rung call per step, `_assume` keeps the call's
set-up cheap, and the loose reading is traced on small boards only, LOOSE_CELLS).

The JavaScript rules checker is a short transcription of `dosun_fuwari.violations` and
`nondango.violations`: it marks the same cells, and the tests hold it to that.
"""

from __future__ import annotations

if __name__ == "__main__":   # Ctrl-C while the modules below import: one line, exit 130 (cli.py)
    import os, signal, sys
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:    # not if ignored
        signal.signal(signal.SIGINT, lambda signum, frame: (
            print(f"{os.path.basename(sys.argv[0])}: interrupted", file=sys.stderr), os._exit(130)))

import hashlib
import html
import json
import math
import os
import re
import sys
import webbrowser
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

if not __package__:    # run as `python tools/play.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from plumbing import cli
import common
from plumbing import files
import dosun_fuwari as df
from tools import formats
import ladder
import nondango as nd

__all__ = [
    "Cell", "Board", "Entry", "PUZZLES", "BANK", "PUBLISHED", "SAMPLES", "ADDED", "COLLECTIONS",
    "PUBLISHED_FOLDER", "FACT_CODES", "NO_FACT", "LOOSE_TOP", "LOOSE_CELLS", "Deduction", "Trace",
    "GENERATOR", "collect", "read_boards", "readings", "trace", "proved_by", "encode_trace",
    "decode_facts", "reading_data", "board_data", "page_data", "page", "check_out", "write_page", "main",
]

# === Glossary as types ===

Cell = tuple[int, int]  # (row, col), row 0 at the top
Board = df.Board | nd.Board


Progress = Callable[[int, int], None]  # progress(boards done, boards in all)


class Entry(NamedTuple):
    """One board on the page: name (file stem), collection, the board, and where it came from."""

    name: str
    collection: str
    board: Board
    source: str


PUZZLES = ("dosun-fuwari", "nondango")
BANK, PUBLISHED, SAMPLES, ADDED = "bank", "published", "samples", "added"
COLLECTIONS = {             # in the order the Boards picker offers them, with its words
    BANK: "the bank",
    PUBLISHED: "the bank for the published rule",
    SAMPLES: "lessons and samples",
    ADDED: "added on the command line",
}
PUBLISHED_FOLDER = "nondango-published"   # Nondango boards made for the published rule
PUBLISHED_READING = ("nondango", "published")   # the reading under which they are offered
GENERATOR = "play.py"  # the page's <meta name="generator">, followed by a digest of the page
_MARK = re.compile(r'<meta name="generator" content="play\.py ([0-9a-f]*)">')

# What a rung proves about a cell, one character each (ladder's picture tokens where it has them).
FACT_CODES = {
    ladder.BALLOON: "o", ladder.IRON_BALL: "*", ladder.EMPTY: ".",
    ladder.NOT_BALLOON: "_", ladder.NOT_IRON_BALL: "^", ladder.NOT_EMPTY: "+",
    ladder.BLACK: "#", ladder.WHITE: "w",
}
NO_FACT = "-"

# The rules as each reading states them, shown above the board (dosun_fuwari.READINGS,
# nondango.READINGS; the write-ups' "Readings" sections).
_ROOMS = "Each room (white cells inside thick walls) holds one balloon and one iron ball, no more, no fewer. "
_REGIONS = "Each region (cells inside thick walls) has exactly one black circle; its other circles are white. "
RULES = {
    "dosun-fuwari": {
        "official": _ROOMS + "Balloons rise: the cell right above a balloon is a cap (a black cell or "
                    "the top edge) or another balloon. Iron balls fall: the cell right below an iron "
                    "ball is a cap (a black cell or the bottom edge) or another iron ball.",
        "loose": _ROOMS + "The loose reading of \"held by another piece\": the cell right above a "
                 "balloon is a cap or any piece, balloon or iron ball; the cell right below an iron "
                 "ball is a cap or any piece.",
        "no-stacking": _ROOMS + "The no-stacking reading: a balloon is held only by a cap right "
                       "above it (a black cell or the top edge), an iron ball only by a cap right "
                       "below it; pieces never hold each other.",
    },
    "nondango": {
        "write-up": _REGIONS + "The write-up's reading: three neighbouring circles in a line across, "
                    "down or diagonally may not all be black.",
        "published": _REGIONS + "The published rule (Nikoli, puzz.link): three neighbouring circles "
                     "in a line across, down or diagonally may not all be one colour, black or white.",
        "no-diagonals": _REGIONS + "The no-diagonals reading: three neighbouring circles in a line "
                        "across or down may not all be black; diagonals are free.",
        "anywhere": _REGIONS + "The anywhere reading: no row, column or diagonal may hold three or "
                    "more black circles, neighbours or not.",
    },
}

# === Collecting boards ===

def _order(entry: Entry) -> tuple:
    return (PUZZLES.index(ladder.genre_of(entry.board)), list(COLLECTIONS).index(entry.collection),
            entry.board.rows * entry.board.cols, entry.name)


def _shown(boards_dir: Path, path: Path) -> str:
    """The path as the page shows it: from the boards folder's own name down."""
    return (Path(boards_dir.resolve().name) / path.resolve().relative_to(boards_dir.resolve())).as_posix()


def collect(boards_dir: Path) -> list[Entry]:
    """Every board file of `boards_dir`: `dosun-fuwari/*.txt` and `nondango/*.txt` in the
    bank, `nondango-published/*.txt` in the published bank, `samples/*.txt` among the
    lessons and samples; missing folders are skipped.

    Raises ValueError when `boards_dir` is not a folder, and BoardError (a
    ValueError) for a file that does not parse or one in a puzzle's folder that holds the
    other puzzle.
    """
    if not boards_dir.is_dir():
        raise ValueError(f"{boards_dir}: not a folder of boards")
    folders = [(puzzle, BANK, puzzle) for puzzle in PUZZLES]
    folders += [(PUBLISHED_FOLDER, PUBLISHED, "nondango"), (SAMPLES, SAMPLES, None)]
    entries = []
    for folder, collection, puzzle in folders:
        for path in sorted((boards_dir / folder).glob("*.txt")):
            board = formats.read(str(path), puzzle)
            entries.append(Entry(path.stem, collection, board, _shown(boards_dir, path)))
    return sorted(entries, key=_order)


def read_boards(sources: Sequence[str]) -> list[Entry]:
    """Boards named on the command line (a board file, a puzz.link link or a pzprv3 text),
    in the collection "added", named by the file's name, or for a link or text by its
    puzz.link genre and size ("dosufuwa 5×5 link"; a second of the same, "… link 2").
    Raises BoardError as `formats.read` does."""
    entries, names = [], set()
    for source in sources:
        board = formats.read(source)
        if Path(source).is_file():
            name = Path(source).stem
        else:
            genre = "dosufuwa" if isinstance(board, df.Board) else "nondango"
            name = base = f"{genre} {board.rows}×{board.cols} link"
            number = 1
            while name in names:
                number += 1
                name = f"{base} {number}"
        names.add(name)
        entries.append(Entry(name, ADDED, board, source))
    return entries


# === What each rung proves, one deduction at a time, as data ===

def readings(puzzle: str) -> tuple[str, ...]:
    """The rule readings of a puzzle, its default first."""
    return df.READINGS if puzzle == "dosun-fuwari" else nd.READINGS


_ANY = frozenset("o*.")              # a Dosun-Fuwari cell with nothing proved: any of o * .
_SETS = {frozenset("o"): ladder.BALLOON, frozenset("*"): ladder.IRON_BALL, frozenset("."): ladder.EMPTY,
         frozenset("*."): ladder.NOT_BALLOON, frozenset("o."): ladder.NOT_IRON_BALL,
         frozenset("o*"): ladder.NOT_EMPTY, frozenset("#"): ladder.BLACK, frozenset("w"): ladder.WHITE}
_CODE_SET = {FACT_CODES[name]: symbols for symbols, name in _SETS.items()}
_WORDS = {ladder.BALLOON: "a balloon", ladder.IRON_BALL: "an iron ball", ladder.EMPTY: "empty",
          ladder.NOT_BALLOON: "not a balloon", ladder.NOT_IRON_BALL: "not an iron ball",
          ladder.NOT_EMPTY: "not empty", ladder.BLACK: "its region's black circle",
          ladder.WHITE: "white"}
_NOT = {ladder.BALLOON: "not a balloon", ladder.IRON_BALL: "not an iron ball",
        ladder.EMPTY: "a balloon or an iron ball", ladder.NOT_BALLOON: "a balloon",
        ladder.NOT_IRON_BALL: "an iron ball", ladder.NOT_EMPTY: "empty",
        ladder.BLACK: "white", ladder.WHITE: "its region's black circle"}
# Under the loose reading the rungs above `profile` take seconds per 8x8 board (the run
# domains grow like A095263), and `profile` alone takes 7 s on a 12x12 bank board: the trace
# stops below `probe` there, and only boards of at most LOOSE_CELLS cells get one (an 8x8
# board: 0.3 s CPU).
LOOSE_TOP = "profile"
LOOSE_CELLS = 64
LOOSE_WHY = ("under the loose reading the rungs above profile take seconds a board, as its "
             "run domains grow like A095263")
SHOWN_CELLS = 6      # cells a reason names before "and N more"


class Deduction(NamedTuple):
    """One step of a trace: `cell` now proved to be `fact` (a ladder fact name) by the rung
    at `level` (index into ladder.LADDER), for the `reason` in a sentence, which concerns the
    cells `where` (the run, room or triple that forces it)."""

    cell: Cell
    fact: str
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


def _cell_sets(board: Board, domains: ladder.Domains) -> dict[Cell, frozenset[str]]:
    """What the domains leave possible at each cell with something proved: Dosun-Fuwari a
    subset of "o*." (fewer than three), Nondango {"#"} (its region's black) or {"w"}."""
    out = {}
    if isinstance(board, df.Board):
        for run, d in zip(df.runs(board), domains):
            for k, cell in enumerate(run.cells):
                symbols = frozenset(f[k] for f in d)
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


def _restrict(board: Board, domains: ladder.Domains, known: dict[Cell, frozenset[str]]) -> ladder.Domains:
    """The domains less every value that contradicts a known cell fact."""
    if isinstance(board, df.Board):
        return tuple(frozenset(f for f in d if all(f[k] in known.get(c, _ANY) for k, c in enumerate(run.cells)))
                     for run, d in zip(df.runs(board), domains))
    result = []
    for region, d in zip(board.regions, domains):
        d = {c for c in d if known.get(c) != frozenset("w")}
        black = {c for c in region if known.get(c) == frozenset("#")}
        result.append(frozenset(d & black if black else d))
    return tuple(result)


def _assume(board: Board, domains: ladder.Domains, cell: Cell, symbols: frozenset[str]) -> ladder.Domains:
    """`_restrict` with one cell fact: only the run (region) holding `cell` changes.  It
    saves the filtering of every other run, most of a trace's time (12 bank boards under
    every reading: 19 s CPU with `_restrict`)."""
    if isinstance(board, df.Board):
        out = list(domains)
        for index, run in enumerate(df.runs(board)):
            if cell in run.cells:
                k = run.cells.index(cell)
                out[index] = frozenset(f for f in domains[index] if f[k] in symbols)
        return tuple(out)
    return tuple(frozenset(d - {cell} if symbols == frozenset("w") else d & {cell}) if cell in region else d
                 for region, d in zip(board.regions, domains))


def _places(cells: Sequence[Cell]) -> str:
    names = [common.position(c) for c in cells]
    more = len(names) - SHOWN_CELLS
    return ", ".join(names[:SHOWN_CELLS]) + (f" and {more} more" if more > 0 else "")


def _negation(board: Board, cell: Cell, symbols: frozenset[str]) -> frozenset[str]:
    if isinstance(board, df.Board):
        return _ANY - symbols
    return frozenset("w") if symbols == frozenset("#") else frozenset("#")


def _explain(board: Board, genre: str, level: int, domains: ladder.Domains, cell: Cell,
             symbols: frozenset[str], reading: str) -> tuple[str, tuple[Cell, ...]]:
    """Why the rung at `level` proves `cell` is `symbols` from `domains`: assume the
    opposite and run the rung, which contradicts (a rung that removes a value contradicts
    when the value is assumed); its reason and cells are the answer.  For probe the rung
    below is run on the assumption, and where the cell's opposite holds several values that
    probe removed one by one, the sentence says so.  Search names no single cause."""
    rungs = ladder.LADDER[genre]
    name, fact = rungs[level][0], _SETS[symbols]
    said = f"{name}: {common.position(cell)} is {_WORDS[fact]}"
    if name == "search":
        return f"{said}: no answer within what the rungs below prove has it {_NOT[fact]}.", ()
    opposite = _assume(board, domains, cell, _negation(board, cell, symbols))
    k = level - 1 if name == "probe" else level
    try:
        rungs[k][1](board, opposite, reading)
    except ladder.Contradiction as why:
        by = f"{rungs[k][0]} finds that " if k != level else ""
        where = f" ({_places(why.cells)})" if why.cells else ""
        return f"{said}: were it {_NOT[fact]}, {by}{why.reason}{where}.", why.cells
    # probe, one value at a time: no single assumption about the cell contradicts at once
    return (f"{said}: each {'filling of its run' if genre == 'dosun-fuwari' else 'circle of its region'} "
            f"that would make it {_NOT[fact]} was assumed in turn, and {rungs[level - 1][0]} "
            f"contradicted each (with what probe had already ruled out)."), ()


def trace(board: Board, reading: str | None = None, top: str | None = None) -> Trace:
    """The ordered deductions of the ladder on `board` from the empty board, up to the rung
    `top` (default: every rung).  Round by round, the weakest rung that proves something new
    from the facts so far (cell facts only, as a player's marks are) adds all of it, cells in
    reading order, each with its reason (`_explain`); then the next round starts again
    from the weakest rung.  So each fact is proved from the facts before it, and the steps
    of the rungs up to one level, taken until the first step of a higher level, are exactly
    what that rung proves (`ladder.prove`'s facts).  Raises ValueError as `ladder.prove`
    does, and BoardError past the ladder's budget when `top` reaches probe.  [DF-18, ND-16]"""
    genre = ladder.genre_of(board)
    reading = reading or ladder.default_reading(genre)
    rungs = ladder.LADDER[genre]
    last = len(rungs) - 1 if top is None else [n for n, _ in rungs].index(top)
    if last >= [n for n, _ in rungs].index("probe"):   # the budget is what probe costs
        ladder.check_size(board, reading)
    base = ladder.start(board, reading)
    known: dict[Cell, frozenset[str]] = {}
    steps: list[Deduction] = []
    while True:
        domains = _restrict(board, base, known)
        for level, (name, rung) in enumerate(rungs[:last + 1]):
            try:
                proved = rung(board, domains, reading)
            except ladder.Contradiction as why:
                where = f" ({_places(why.cells)})" if why.cells else ""
                end = Deduction(None, None, level, f"{name} proves there is no answer: "
                                f"{why.reason}{where}.", why.cells)
                return Trace(tuple(steps), end, last)
            new = {c: s for c, s in sorted(_cell_sets(board, proved).items()) if s != known.get(c)}
            if new:
                for cell, symbols in new.items():
                    reason, where = _explain(board, genre, level, domains, cell, symbols, reading)
                    steps.append(Deduction(cell, _SETS[symbols], level, reason, where))
                known.update(new)
                break
        else:
            return Trace(tuple(steps), None, last)


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
        return [index(d.cell), FACT_CODES.get(d.fact), d.level, d.reason, [index(c) for c in d.where]]
    return {"steps": [row(s) for s in trace_.steps], "end": row(trace_.end) if trace_.end else None,
            "top": trace_.top}


def decode_facts(board: Board, facts: str) -> dict[Cell, str]:
    """A string of FACT_CODES, one per cell in reading order (NO_FACT for nothing proved), as
    cell -> ladder fact name.  Raises ValueError for a string of the wrong length or an
    unknown code."""
    if len(facts) != board.rows * board.cols:
        raise ValueError(f"facts of length {len(facts)} for a {board.rows}x{board.cols} board")
    names = {code: name for name, code in FACT_CODES.items()}
    unknown = set(facts) - set(names) - {NO_FACT}
    if unknown:
        raise ValueError(f"unknown fact codes {sorted(unknown)}")
    return {divmod(i, board.cols): names[code] for i, code in enumerate(facts) if code != NO_FACT}


def _owner(board: Board) -> list[int]:
    """Per cell in reading order, its room (region) index; -1 for a black cell."""
    owner = df.room_of(board) if isinstance(board, df.Board) else nd.region_of(board)
    return [owner.get((r, c), -1) for r in range(board.rows) for c in range(board.cols)]


def _nd_cells(board: nd.Board) -> str:
    def token(cell: Cell) -> str:
        if cell in board.given_black:
            return "B"
        if cell in board.given_white:
            return "W"
        return "o" if cell in board.circles else "."
    return "".join(token((r, c)) for r in range(board.rows) for c in range(board.cols))


def _link(board: Board) -> str | None:
    try:
        return formats.url(board)
    except ValueError:           # e.g. a Nondango board with given circles has no link
        return None


def reading_data(board: Board, reading: str) -> dict:
    """What the page knows of a board under one reading: `count` and `capped` (the engine's
    number of answers, counting stopped at its COUNT_CAP), and the trace (`encode_trace`'s
    keys) or, where none was computed, `missing`, the reason (LOOSE_CELLS)."""
    puzzle = ladder.genre_of(board)
    engine = df if puzzle == "dosun-fuwari" else nd
    count = engine.count_answers(board, reading)
    out = {"count": count.count, "capped": count.capped}
    top = None
    if (puzzle, reading) == ("dosun-fuwari", "loose"):
        if board.rows * board.cols > LOOSE_CELLS:
            return {**out, "missing": f"under the loose reading the page traces boards of at most "
                    f"{LOOSE_CELLS} cells, as its rungs take seconds on larger ones"}
        top = LOOSE_TOP
    return {**out, **encode_trace(board, trace(board, reading, top))}


def board_data(entry: Entry) -> dict:
    """One board as page data: name, puzzle, collection, size ("8x8"), source, rows, cols,
    `owner` (room or region per cell, -1 black), `cells` (Nondango: ".oBW" per cell;
    Dosun-Fuwari: None), `link` (puzz.link or None), and `readings[reading]` as
    `reading_data` gives.  The stored answer is not on the page: the page judges the marks
    by the rules alone.  Raises BoardError, naming the board's source, for a board too
    large for the ladder.  [DF-18, ND-16]"""
    board = entry.board
    puzzle = ladder.genre_of(board)
    try:
        by_reading = {reading: reading_data(board, reading) for reading in readings(puzzle)}
    except common.BoardError as error:
        raise common.BoardError(f"{entry.source}: {error}") from None
    return {
        "name": entry.name, "puzzle": puzzle, "collection": entry.collection,
        "size": f"{board.rows}x{board.cols}", "source": entry.source,
        "rows": board.rows, "cols": board.cols, "owner": _owner(board),
        "cells": None if puzzle == "dosun-fuwari" else _nd_cells(board),
        "link": _link(board), "readings": by_reading,
    }


def page_data(entries: Sequence[Entry], progress: Progress | None = None) -> dict:
    """Everything the page's script reads: the boards, the collections (key, words), each
    puzzle's ladder (rung, rule), its readings, the fact codes (code -> ladder fact name),
    the readings without proofs (with the reason), and the reading that offers the
    published bank.  `progress(done, total)`, if given, is called after each board.
    Before any board is traced, each is held to the ladder's budget, LADDER_SECONDS: its
    `ladder.seconds_estimate` summed over the readings traced up to probe (all but loose,
    LOOSE_TOP), and a Dosun-Fuwari board to the loose count's front door.  Measured: a
    generated 20x20 Nondango board, predicted 11.8 s over its four readings (so refused),
    costs the page 7.3 s of CPU; the 7x7 board whose rooms are its rows 3.9 s, for 3.2 s
    predicted.  A board past the budget is one BoardError, naming it."""
    for entry in entries:
        genre = ladder.genre_of(entry.board)
        traced = [r for r in readings(genre) if (genre, r) != ("dosun-fuwari", "loose")]
        try:
            seconds = sum(ladder.seconds_estimate(entry.board, r) for r in traced)
            if seconds > ladder.LADDER_SECONDS:
                raise common.BoardError(f"too large for the play page: about "
                                        f"{math.ceil(seconds):,} s of work on this machine "
                                        f"(at most {ladder.LADDER_SECONDS} s per board)")
            if genre == "dosun-fuwari":      # untraced, but counted: the count's front door
                df.check_size(entry.board, "loose")
        except common.BoardError as error:
            raise common.BoardError(f"{entry.source}: {error}") from None
    boards = []
    for entry in entries:
        boards.append(board_data(entry))
        if progress:
            progress(len(boards), len(entries))
    return {
        "boards": boards,
        "collections": [[key, words] for key, words in COLLECTIONS.items()],
        "published": "/".join(PUBLISHED_READING),
        "ladder": {p: [[name, ladder.rule_text(rung)] for name, rung in ladder.LADDER[p]] for p in PUZZLES},
        "readings": {p: list(readings(p)) for p in PUZZLES},
        "facts": {code: name for name, code in FACT_CODES.items()},
        "caps": {"dosun-fuwari": df.COUNT_CAP, "nondango": nd.COUNT_CAP},
        "rules": RULES, "looseWhy": LOOSE_WHY,
    }


# === The page ===

_CSS = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 90rem; padding: .5rem .8rem; color: #222; }
h1 { font-size: 1.3rem; margin: .3rem 0; }
h2 { font-size: 1rem; margin: .8rem 0 .2rem; }
.controls { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; margin: .4rem 0; }
.controls label { white-space: nowrap; }
select, button { font: inherit; }
button[aria-pressed="true"] { background: #dbe8fb; }
main { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
#board-wrap { flex: 3 1 20rem; min-width: 0; }
#grid { width: 100%; max-height: calc(100vh - 1rem); height: auto; display: block; touch-action: manipulation; outline: none; }
aside { flex: 2 1 18rem; min-width: 0; }
#status { font-weight: bold; margin: .3rem 0 0; }
#status[data-solved="true"] { color: #176b2c; }
#details, #rung-rule, #rules, #reading-note, #published-note, .small, .words { font-size: .9rem; margin: .2rem 0; }
#hint-text { color: #0d47a1; font-weight: 600; margin: .3rem 0; }
#problems { font-size: .9rem; color: #b00020; padding-left: 1.2rem; margin: .2rem 0; }
.legend { list-style: none; padding: 0; margin: .4rem 0; font-size: .95rem; }
.legend li { display: flex; align-items: center; gap: .5rem; margin: .15rem 0; }
.legend svg { width: 1.6rem; height: 1.6rem; flex: none; }
.words dt { font-weight: 600; }
.words dd { margin: 0 0 .3rem 1rem; }
.cell { fill: #fff; stroke: #999; stroke-width: .02; }
.cell.black { fill: #222; stroke: #222; }
.cell.pinned { fill: #d5e4fa; }
.broken-room { fill: url(#hatch); }
.wall { stroke: #222; stroke-width: .1; stroke-linecap: round; }
.frame { fill: none; stroke: #222; stroke-width: .12; }
.label { font-size: .42px; fill: #555; text-anchor: middle; dominant-baseline: central; }
.piece, .wall, .frame, .proof, .broken, .broken-room, .reason, .focus, .label { pointer-events: none; }
.balloon, .white { fill: #fff; stroke: #222; stroke-width: .07; }
.iron, .nd-black { fill: #222; stroke: #222; stroke-width: .07; }
.empty-mark { fill: #555; }
.unpainted { fill: #d9d9d9; stroke: #777; stroke-width: .05; stroke-dasharray: .1 .07; }
.given-ring { fill: none; stroke: #222; stroke-width: .03; }
.proof { stroke: #1565c0; fill: #1565c0; stroke-width: .06; }
.proof .open { fill: #fff; stroke-width: .08; }
.proof .ring { fill: none; stroke-width: .07; }
.proof .cross, .proof .strike { fill: none; stroke-width: .08; stroke-linecap: round; }
.proof.last { stroke: #0d47a1; fill: #0d47a1; stroke-width: .1; }
.reason { fill: none; stroke: #1565c0; stroke-width: .07; stroke-dasharray: .18 .08; }
.broken { fill: none; stroke: #d00020; stroke-width: .07; stroke-dasharray: .12 .07; }
.focus { fill: none; stroke: none; stroke-width: .06; }
#grid:focus .focus { stroke: #f29000; }
a { color: #1565c0; }
@media (min-width: 60rem) { #board-wrap { position: sticky; top: 0; } }
"""

_SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const $ = id => document.getElementById(id);
const DF = "dosun-fuwari";
const NEXT = {"dosun-fuwari": {".": "o", "o": "*", "*": "x", "x": "."}, "nondango": {"?": "#", "#": "o", "o": "?"}};
const SIZED = ["bank", "published"];   // collections the Size picker splits
const SHOWN = 5;                       // positions listed per kind of broken rule
let board = null, cells = [], focus = 0, checking = false;

DATA.boards.forEach((b, k) => {
  b.index = k;
  b.rooms = [];
  b.owner.forEach((room, i) => { if (room >= 0) (b.rooms[room] = b.rooms[room] || []).push(i); });
});

// === positions, as the labels drawn along the board name them (common.position) ===
function column(c) {
  let letters = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + (n - 1) % 26) + letters;
  return letters;
}
const pos = i => column(i % board.cols) + (Math.floor(i / board.cols) + 1);

// === the rules, transcribed from dosun_fuwari.violations and nondango.violations ===
// Each broken rule: its words, its kind (KINDS: how the list groups it), its cells, and
// for a whole room or region its index.
const KINDS = {
  "unheld balloon": "balloons with nothing holding them", "unheld iron": "iron balls with nothing under them",
  "no balloon": "rooms without a balloon", "no iron": "rooms without an iron ball",
  "balloons": "rooms with more than one balloon", "irons": "rooms with more than one iron ball",
  "no black": "regions without a black circle", "blacks": "regions with more than one black circle",
  "three black": "three black circles in a line", "line black": "lines with three or more black circles",
  "three white": "three white circles in a line",
};
function dfViolations(b, s, reading) {
  const out = [], C = b.cols;
  const above = (i, dr) => { const r = Math.floor(i / C) + dr;
    return r < 0 || r >= b.rows || b.owner[r * C + i % C] < 0 ? "#" : s[r * C + i % C]; };
  const held = (kind, n) => n === "#" || (reading === "official" && n === kind)
    || (reading === "loose" && (n === "o" || n === "*"));
  s.forEach((x, i) => {
    if (x === "o" && !held("o", above(i, -1))) out.push({rule: "a balloon with nothing holding it", kind: "unheld balloon", cells: [i]});
    if (x === "*" && !held("*", above(i, 1))) out.push({rule: "an iron ball with nothing under it", kind: "unheld iron", cells: [i]});
  });
  const PIECES = [["o", "a balloon", "balloons", "no balloon"], ["*", "an iron ball", "irons", "no iron"]];
  b.rooms.forEach((room, k) => PIECES.forEach(([piece, one, many, none]) => {
    const inside = room.filter(i => s[i] === piece);
    if (inside.length === 0) out.push({rule: `a room without ${one}`, kind: none, cells: [room[0]], room: k, whole: true});
    if (inside.length > 1) out.push({rule: `${inside.length} ${one.split(" ").slice(1).join(" ")}s in one room`, kind: many, cells: inside, room: k});
  }));
  return out;
}

function ndViolations(b, s, reading) {
  const out = [], R = b.rows, C = b.cols;
  const inside = (r, c) => r >= 0 && r < R && c >= 0 && c < C;
  const circle = (r, c) => inside(r, c) && b.cells[r * C + c] !== ".";
  b.rooms.forEach((region, k) => {
    const blacks = region.filter(i => s[i] === "#");
    if (blacks.length === 0) out.push({rule: "a region without a black circle", kind: "no black", cells: region, room: k, whole: true});
    if (blacks.length > 1) out.push({rule: `${blacks.length} black circles in one region`, kind: "blacks", cells: blacks, room: k});
  });
  const steps = reading === "no-diagonals" ? [[0, 1], [1, 0]] : [[0, 1], [1, 0], [1, 1], [1, -1]];
  for (const [dr, dc] of steps) for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    if (reading === "anywhere") {          // a whole line, from its first cell
      if (inside(r - dr, c - dc)) continue;
      const line = [];
      for (let y = r, x = c; inside(y, x); y += dr, x += dc) if (circle(y, x) && s[y * C + x] === "#") line.push(y * C + x);
      if (line.length >= 3) out.push({rule: "three or more black circles in one line", kind: "line black", cells: line});
      continue;
    }
    const three = [0, 1, 2].map(k => [r + k * dr, c + k * dc]);
    if (!three.every(([y, x]) => circle(y, x))) continue;
    const ids = three.map(([y, x]) => y * C + x), blacks = ids.filter(i => s[i] === "#").length;
    if (blacks === 3) out.push({rule: "three black circles in a line", kind: "three black", cells: ids});
    if (blacks === 0 && reading === "published") out.push({rule: "three white circles in a line", kind: "three white", cells: ids});
  }
  return out;
}

function violations(b, s, reading) { return (b.puzzle === DF ? dfViolations : ndViolations)(b, s, reading); }

// Where a broken rule is, in the board's labels: a cell (B3), a room or region by its first
// cell, pieces of one room (B2 and B5), a line from end to end (B2–D4).
function place(v) {
  if (v.whole) return pos(v.cells[0]);
  if (v.kind.startsWith("three") || v.kind === "line black") return `${pos(v.cells[0])}–${pos(v.cells[v.cells.length - 1])}`;
  const places = v.cells.map(pos);
  return places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places[places.length - 1]}` : places[0];
}
// The broken rules grouped by kind, SHOWN places each: [[kind words, count, text], ...].
function grouped(broken) {
  const groups = new Map();
  broken.forEach(v => groups.set(v.kind, [...(groups.get(v.kind) || []), place(v)]));
  return [...groups].map(([kind, places]) => [KINDS[kind], places.length,
    places.slice(0, SHOWN).join(", ") + (places.length > SHOWN ? ` and ${places.length - SHOWN} more` : "")]);
}

// === state: the marks, the hint notes, and their history ===
// A mark per cell: Dosun-Fuwari "." unmarked, "o" balloon, "*" iron ball, "x" marked empty,
// "#" black cell; Nondango "?" unpainted, "#" black, "o" white, "." no circle.  A note per
// cell: the fact code a hint drew there, or "-".
const SETS = {"o": "o", "*": "*", ".": ".", "_": "*.", "^": "o.", "+": "o*", "#": "#", "w": "w"};
const WORDS = {"o": "a balloon", "*": "an iron ball", ".": "empty", "_": "not a balloon", "^": "not an iron ball",
  "+": "not empty", "#": "its region's black circle", "w": "white"};
const DECIDED = {"o": "o", "*": "*", ".": "x", "#": "#", "w": "o"};      // fact code -> the mark it places
let notes = [], history = {undo: [], redo: []}, histories = {}, lastHint = null, showing = false;

function start(b) {
  if (b.puzzle === DF) return b.owner.map(room => room < 0 ? "#" : ".");
  return [...b.cells].map(x => ({"B": "#", "W": "o", "o": "?", ".": "."})[x]);
}
const key = b => `play/${b.puzzle}/${b.collection}/${b.name}`;
function save() {
  try { localStorage.setItem(key(board), JSON.stringify({cells: cells.join(""), notes: notes.join("")})); } catch (e) { }
}
function load(b) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(key(b)) || "null"); } catch (e) { }
  const n = b.rows * b.cols;
  if (kept && kept.cells && kept.cells.length === n && kept.notes && kept.notes.length === n) return [[...kept.cells], [...kept.notes]];
  return [start(b), Array(n).fill("-")];
}
const snapshot = () => [cells.join(""), notes.join("")];
function change(apply) {        // every change of the marks or notes: undoable, then saved
  history.undo.push(snapshot()); history.redo = [];
  apply(); save(); draw();
}
function restore(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  const [c, n] = from.pop();
  cells = [...c]; notes = [...n]; lastHint = null; save(); draw();
}
const undo = () => restore(history.undo, history.redo), redo = () => restore(history.redo, history.undo);
function cycle(i) {
  const next = NEXT[board.puzzle][cells[i]];
  if (next === undefined || (board.cells && "BW".includes(board.cells[i]))) return;
  change(() => { cells[i] = next; });
}
function reset() {
  if (!board || !confirm("Clear every mark and hint on this board? Undo brings them back.")) return;
  change(() => { cells = start(board); notes = Array(cells.length).fill("-"); lastHint = null; checking = false; showing = false; });
}

// === hints: read off the trace of deductions embedded for each board and reading ===
const readingData = () => board.readings[$("reading").value];
const level = () => DATA.ladder[board.puzzle].findIndex(([name]) => name === $("rung").value);
const rungName = k => DATA.ladder[board.puzzle][k][0];
function markSet(i) {           // what the player's mark allows at cell i ("" for no limit)
  const x = cells[i];
  if (board.puzzle === DF) return {"o": "o", "*": "*", "x": "."}[x] || "";
  return {"#": "#", "o": "w"}[x] || "";
}
function knownSet(i) {          // what the marks and the notes together allow at cell i
  const a = markSet(i), n = notes[i] === "-" ? "" : SETS[notes[i]];
  if (!a) return n; if (!n) return a;
  return [...a].filter(s => n.includes(s)).join("") || "!";
}
const implies = (known, code) => known !== "" && [...known].every(s => SETS[code].includes(s));
function proved(k) {            // what rung k proves: [[cell, code, step], ...], and its contradiction
  const tr = readingData(), facts = new Map();
  for (const step of tr.steps) { if (step[2] > k) return [facts, null]; facts.set(step[0], step); }
  return [facts, tr.end && tr.end[2] <= k ? tr.end : null];
}
function markWords(i) {
  return board.puzzle === DF ? {"o": "balloon", "*": "iron ball", "x": "empty mark"}[cells[i]] || "note"
    : {"#": "black circle", "o": "white circle"}[cells[i]] || "note";
}
// Why no hint is drawn from here, or null: a broken rule, a mark against what the rung
// proves, a reading or rung with no trace.
function blocked(k) {
  const tr = readingData();
  if (tr.missing) return `No hints for this board under this reading: ${tr.missing}.`;
  if (k > tr.top) return `No hints from ${rungName(k)} under this reading: the page traces up to ${rungName(tr.top)} (${DATA.looseWhy}).`;
  const broken = violations(board, cells, $("reading").value).filter(settled);
  if (broken.length) return `Your marks break a rule (${broken[0].rule}, at ${place(broken[0])}); a hint goes on only from marks that keep the rules. Press Check to see every one.`;
  const [facts] = proved(k);
  for (const [i, step] of facts) {
    const known = knownSet(i);
    if (known === "!" || (known && ![...known].some(s => SETS[step[1]].includes(s))))
      return `Your ${markWords(i)} at ${pos(i)} contradicts what ${rungName(k)} proves: ${pos(i)} is ${WORDS[step[1]]}.`;
  }
  return null;
}
// Whether a broken rule stays broken however the open cells are filled: not a missing piece,
// nor a piece whose holder is still unmarked, nor three circles some still unpainted.
function settled(v) {
  if (v.whole) return false;
  if (v.kind === "unheld balloon" || v.kind === "unheld iron") {
    const r = Math.floor(v.cells[0] / board.cols) + (v.kind === "unheld balloon" ? -1 : 1);
    return r < 0 || r >= board.rows || cells[r * board.cols + v.cells[0] % board.cols] !== ".";
  }
  if (v.kind === "three white") return v.cells.every(i => cells[i] !== "?");
  return true;
}
function nextHint() {
  const k = level(), why = blocked(k);
  showing = false;
  if (why) { lastHint = {text: why, where: [], cell: null}; draw(); return; }
  const [facts, end] = proved(k);
  const step = [...facts.values()].find(s => !implies(knownSet(s[0]), s[1]));
  if (step) {
    change(() => {
      notes[step[0]] = step[1];
      if (DECIDED[step[1]]) cells[step[0]] = DECIDED[step[1]];
      lastHint = {text: step[3], where: step[4], cell: step[0]};
    });
    return;
  }
  const tr = readingData(), higher = tr.steps.find(s => s[2] > k) || (tr.end && tr.end[2] > k ? tr.end : null);
  lastHint = {cell: null, where: end ? end[4] : [], text: end ? end[3]
    : solved() ? "Solved: nothing is left to prove."
    : higher ? `${rungName(k)} proves nothing more from here; ${rungName(higher[2])} goes on (pick it under Hint level).`
    : `The ladder proves nothing more from here: ${countWords(tr)}, so the rest is a choice.`};
  draw();
}
function showAll() { showing = !showing; lastHint = null; draw(); }
function countWords(tr) {
  const n = tr.count, cap = DATA.caps[board.puzzle];
  return tr.capped ? `the board has ${cap.toLocaleString("en")} answers or more under this reading (counting stops there)`
    : n === 0 ? "the board has no answer under this reading" : n === 1 ? "the board has one answer under this reading"
    : `the board has ${n.toLocaleString("en")} answers under this reading`;
}
function solved() { return violations(board, cells, $("reading").value).length === 0; }

// === drawing ===
const at = (i, dx, dy) => [i % board.cols + dx, Math.floor(i / board.cols) + dy];
function circle(i, r, cls) { const [x, y] = at(i, .5, .5); return `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`; }
// A fact drawn by a hint: over a piece that agrees with it, a blue ring; elsewhere a blue
// mark a little under half a cell across (open circle balloon or white, filled iron ball or
// black, cross empty, struck through "not").
function proofGlyph(i, code, kind) {
  const [x, y] = at(i, .5, .5), fact = DATA.facts[code], base = {"_": "o", "^": "*", "+": "."}[code] || code;
  const placed = DECIDED[code] && cells[i] === DECIDED[code] && !(board.puzzle === DF && code === ".");
  let g = placed ? `<circle class="ring" cx="${x}" cy="${y}" r=".42"/>`
    : {"o": `<circle class="open" cx="${x}" cy="${y}" r=".22"/>`, "w": `<circle class="open" cx="${x}" cy="${y}" r=".22"/>`,
       "*": `<circle cx="${x}" cy="${y}" r=".22"/>`, "#": `<circle cx="${x}" cy="${y}" r=".22"/>`,
       ".": `<path class="cross" d="M${x - .2} ${y - .2}l.4 .4m0 -.4l-.4 .4"/>`}[base];
  if (!placed && base !== code) g += `<path class="strike" d="M${x - .3} ${y + .3}l.6 -.6"/>`;
  return `<g class="proof ${kind}" data-cell="${at(i, 0, 0).reverse()}" data-fact="${fact}">${g}</g>`;
}
function draw() {
  const b = board, C = b.cols, reading = $("reading").value;
  const broken = violations(b, cells, reading), k = level(), tr = readingData();
  let [facts, end] = showing && !tr.missing && k <= tr.top ? proved(k) : [new Map(), null];
  if (end) facts = new Map();           // a rung that proves there is no answer proves no fact
  const pinned = new Set(b.rooms.map((room, r) => (b.puzzle === DF
    ? room.every(i => facts.has(i) && DECIDED[facts.get(i)[1]]) : room.some(i => facts.has(i) && facts.get(i)[1] === "#")) ? r : -1));
  const badRooms = new Set(checking ? broken.filter(v => v.whole).map(v => v.room) : []);
  const reason = new Set(lastHint ? lastHint.where : showing && end ? end[4] : []);
  let svg = "";
  cells.forEach((x, i) => {
    const [cx, cy] = at(i, 0, 0), room = b.owner[i];
    const cls = room < 0 ? "black" : pinned.has(room) ? "pinned" : "";
    svg += `<rect class="cell ${cls}" data-i="${i}" data-cell="${cy},${cx}" data-state="${x}" x="${cx}" y="${cy}" width="1" height="1"/>`;
    if (room >= 0 && badRooms.has(room)) svg += `<rect class="broken-room" x="${cx}" y="${cy}" width="1" height="1"/>`;
    if (reason.has(i)) svg += `<rect class="reason" data-cell="${cy},${cx}" x="${cx + .04}" y="${cy + .04}" width=".92" height=".92"/>`;
  });
  cells.forEach((x, i) => {                 // walls between rooms (regions)
    const [cx, cy] = at(i, 0, 0);
    if (cx + 1 < C && b.owner[i + 1] !== b.owner[i]) svg += `<line class="wall" x1="${cx + 1}" y1="${cy}" x2="${cx + 1}" y2="${cy + 1}"/>`;
    if (cy + 1 < b.rows && b.owner[i + C] !== b.owner[i]) svg += `<line class="wall" x1="${cx}" y1="${cy + 1}" x2="${cx + 1}" y2="${cy + 1}"/>`;
  });
  svg += `<rect class="frame" x="0" y="0" width="${C}" height="${b.rows}"/>`;
  for (let c = 0; c < C; c++) svg += `<text class="label" data-label="column" x="${c + .5}" y="-.35">${column(c)}</text>`;
  for (let r = 0; r < b.rows; r++) svg += `<text class="label" data-label="row" x="-.4" y="${r + .5}">${r + 1}</text>`;
  cells.forEach((x, i) => {
    if (b.puzzle === DF) {
      if (x === "o") svg += circle(i, .3, "piece balloon"); if (x === "*") svg += circle(i, .3, "piece iron");
      if (x === "x") svg += circle(i, .07, "piece empty-mark");
      return;
    }
    if (x === ".") return;
    svg += circle(i, .3, "piece " + {"#": "nd-black", "o": "white", "?": "unpainted"}[x]);
    if ("BW".includes(b.cells[i])) svg += circle(i, .4, "piece given-ring");
  });
  if (showing) facts.forEach((step, i) => { svg += proofGlyph(i, step[1], "shown"); });
  else notes.forEach((code, i) => { if (code !== "-") svg += proofGlyph(i, code, "note" + (lastHint && lastHint.cell === i ? " last" : "")); });
  if (checking) broken.filter(v => !v.whole).forEach(v => v.cells.forEach(i => {   // a whole room is hatched instead
    const [x, y] = at(i, .08, .08);
    svg += `<rect class="broken" data-cell="${at(i, 0, 0).reverse()}" x="${x}" y="${y}" width=".84" height=".84"/>`;
  }));
  const [fx, fy] = at(focus, .05, .05);
  svg += `<rect class="focus" x="${fx}" y="${fy}" width=".9" height=".9"/>`;
  const grid = $("grid");
  grid.setAttribute("viewBox", `-0.85 -0.8 ${C + 0.95} ${b.rows + 0.9}`);
  grid.style.maxWidth = `${5.5 * (C + 1)}rem`;     // a small board stays small; a large one fills the height
  grid.innerHTML = PATTERN + svg;
  report(broken, reading, facts, end, pinned);
}
const PATTERN = `<defs><pattern id="hatch" width=".25" height=".25" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
  + `<rect width=".1" height=".25" fill="#e0506a" fill-opacity=".55"/></pattern></defs>`;

function report(broken, reading, facts, end, pinned) {
  const legal = broken.length === 0, tr = readingData(), k = level();
  $("status").textContent = legal ? "Solved." : "Not solved yet.";
  $("status").dataset.solved = String(legal);
  $("check").setAttribute("aria-pressed", String(checking));
  $("check").textContent = checking ? "Stop checking" : "Check";
  $("details").textContent = !checking ? "" : legal ? `No rule of the ${reading} reading is broken.`
    : `${broken.length} broken rule${broken.length > 1 ? "s" : ""} of the ${reading} reading, by kind:`;
  $("problems").replaceChildren(...(checking ? grouped(broken) : []).map(([kind, count, places]) => {
    const li = document.createElement("li");
    li.textContent = `${kind} (${count}): ${places}`;
    return li;
  }));
  const rule = DATA.ladder[board.puzzle][k];
  $("rung-rule").textContent = `${rule[0]}: ${rule[1]}`;
  $("show").setAttribute("aria-pressed", String(showing));
  const kind = board.puzzle === DF ? "rooms" : "regions", total = board.rooms.length, n = [...pinned].filter(r => r >= 0).length;
  $("hint-text").textContent = lastHint ? lastHint.text : !showing ? ""
    : tr.missing || k > tr.top ? blocked(k)
    : end ? end[3] : `${rule[0]} proves ${facts.size} fact${facts.size === 1 ? "" : "s"} from the empty board and pins ${n} of ${total} ${kind}`
      + (n === total ? "." : `; a knot of ${total - n} ${kind} is left for a higher rung (or for a choice).`);
  $("undo").disabled = !history.undo.length; $("redo").disabled = !history.redo.length;
  $("rules").textContent = DATA.rules[board.puzzle][reading];
  $("reading-note").textContent = readingNote(tr, reading);
  const published = `${board.puzzle}/${reading}` === DATA.published && board.collection !== "published"
    && DATA.boards.some(b => b.collection === "published");
  $("published-note").hidden = !published;
}
function readingNote(tr, reading) {
  const why = tr.end ? ` ${tr.end[3].replace(/^(\w+) proves there is no answer: /, "The $1 rung proves it: ")}` : "";
  const count = countWords(tr).replace("the board has", "This board has");
  return tr.count === 0 ? `${count}.${why || " The engine finds none."}` : `${count}.`;
}

// === pickers: puzzle, reading, collection, size (the bank's), board ===
function fill(select, items) { select.replaceChildren(...items.map(([value, text]) => new Option(text, value))); }
const puzzleBoards = () => DATA.boards.filter(b => b.puzzle === $("puzzle").value);
function offered() {        // the collections this puzzle has, the published bank only under its reading
  const here = new Set(puzzleBoards().map(b => b.collection));
  return DATA.collections.filter(([key]) => here.has(key)
    && (key !== "published" || `${$("puzzle").value}/${$("reading").value}` === DATA.published));
}
function pickPuzzle() {
  const puzzle = $("puzzle").value;
  fill($("reading"), DATA.readings[puzzle].map((r, k) => [r, k ? r : r + " (default)"]));
  fill($("rung"), DATA.ladder[puzzle].map(([name]) => [name, name]));
  $("rung").selectedIndex = DATA.ladder[puzzle].length - 2;    // probe: every rung but search
  document.querySelectorAll("[data-puzzle]").forEach(e => { e.hidden = e.dataset.puzzle !== puzzle; });
  fill($("collection"), offered());
  pickCollection();
}
function pickReading() {
  const kept = $("collection").value;
  fill($("collection"), offered());
  lastHint = null;
  if ([...$("collection").options].some(o => o.value === kept)) { $("collection").value = kept; remember(); draw(); }
  else pickCollection();
}
function pickCollection() {
  const sized = SIZED.includes($("collection").value);
  $("size-label").hidden = !sized;
  const sizes = [...new Set(puzzleBoards().filter(b => b.collection === $("collection").value).map(b => b.size))];
  fill($("size"), sizes.map(s => [s, s.replace("x", "×")]));
  pickSize();
}
function pickSize() {
  const collection = $("collection").value, sized = SIZED.includes(collection);
  fill($("board"), puzzleBoards().filter(b => b.collection === collection && (!sized || b.size === $("size").value))
    .map(b => [b.index, sized || b.name.includes(b.size.replace("x", "×")) ? b.name : `${b.name} (${b.size.replace("x", "×")})`]));
  pickBoard();
}
function pickBoard() {
  board = DATA.boards[+$("board").value];
  $("source").textContent = board ? board.source : "";
  $("link").hidden = !(board && board.link);
  if (board && board.link) $("link").href = board.link;
  if (!board) return;
  [cells, notes] = load(board);
  history = histories[key(board)] = histories[key(board)] || {undo: [], redo: []};
  focus = 0; checking = false; showing = false; lastHint = null;
  remember(); draw();
}
function remember() {         // the board and reading on show, for the next visit
  try { localStorage.setItem("play/last", JSON.stringify({puzzle: board.puzzle, collection: board.collection,
    name: board.name, reading: $("reading").value, rung: $("rung").value})); } catch (e) { }
}

function choose(puzzle, collection, name, reading) {   // for tests and the next visit: pick by names
  const b = DATA.boards.find(b => b.puzzle === puzzle && b.collection === collection && b.name === name);
  if (!b) return false;
  $("puzzle").value = puzzle; pickPuzzle();
  if (reading && DATA.readings[puzzle].includes(reading)) $("reading").value = reading;
  if (collection === "published") $("reading").value = DATA.published.split("/")[1];
  pickReading();
  $("collection").value = collection; pickCollection();
  $("size").value = b.size; pickSize();
  $("board").value = b.index; pickBoard();
  return true;
}

$("puzzle").addEventListener("change", pickPuzzle);
$("reading").addEventListener("change", pickReading);
$("collection").addEventListener("change", pickCollection);
$("size").addEventListener("change", pickSize);
$("board").addEventListener("change", pickBoard);
$("rung").addEventListener("change", () => { lastHint = null; remember(); draw(); });
$("next").addEventListener("click", nextHint);
$("show").addEventListener("click", showAll);
$("check").addEventListener("click", () => { checking = !checking; draw(); });
$("reset").addEventListener("click", reset);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
document.addEventListener("keydown", e => {
  if (!(e.ctrlKey || e.metaKey) || !board) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) undo(); else if (k === "y" || (k === "z" && e.shiftKey)) redo(); else return;
  e.preventDefault();
});
$("grid").addEventListener("click", e => {
  const cell = e.target.closest("[data-i]");
  if (!cell) return;
  focus = +cell.dataset.i;
  cycle(focus);
});
$("grid").addEventListener("keydown", e => {
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (!board || e.ctrlKey || e.metaKey) return;
  if (moves[e.key]) {
    const r = Math.min(board.rows - 1, Math.max(0, Math.floor(focus / board.cols) + moves[e.key][0]));
    const c = Math.min(board.cols - 1, Math.max(0, focus % board.cols + moves[e.key][1]));
    focus = r * board.cols + c; draw();
  } else if (e.key === " " || e.key === "Enter") cycle(focus);
  else return;
  e.preventDefault();
});
window.play = {
  choose, state: () => cells.join(""), notes: () => notes.join(""), focus: () => focus,
  hint: () => lastHint, level,
  index: (puzzle, collection, name) => DATA.boards.findIndex(b => b.puzzle === puzzle && b.collection === collection && b.name === name),
  violations: (k, s, reading) => violations(DATA.boards[k], [...s], reading)
    .map(v => v.cells.map(i => [Math.floor(i / DATA.boards[k].cols), i % DATA.boards[k].cols])),
};
function begin() {
  let last = null;
  try { last = JSON.parse(localStorage.getItem("play/last") || "null"); } catch (e) { }
  if (last && choose(last.puzzle, last.collection, last.name, last.reading)) {
    if ([...$("rung").options].some(o => o.value === last.rung)) { $("rung").value = last.rung; draw(); }
    return;
  }
  pickPuzzle();
}
if (DATA.boards.length) begin(); else $("status").textContent = "No boards were found.";
"""

_BODY = """
<h1>Dosun-Fuwari and Nondango</h1>
<div class="controls">
  <label>Puzzle <select id="puzzle">{puzzles}</select></label>
  <label>Reading <select id="reading"></select></label>
  <label>Boards <select id="collection"></select></label>
  <label id="size-label">Size <select id="size"></select></label>
  <label>Board <select id="board"></select></label>
</div>
<div class="controls">
  <label>Hint level <select id="rung"></select></label>
  <button type="button" id="next">Next deduction</button>
  <button type="button" id="show" aria-pressed="false">Show what the rung proves</button>
</div>
<div class="controls">
  <button type="button" id="check" aria-pressed="false">Check</button>
  <button type="button" id="undo" title="Ctrl-Z">Undo</button>
  <button type="button" id="redo" title="Ctrl-Y">Redo</button>
  <button type="button" id="reset">Reset</button>
  <a id="link" hidden>open on puzz.link</a>
</div>
<p id="published-note" hidden>Boards made for the published rule: pick "the bank for the
published rule" under Boards.</p>
<main>
  <div id="board-wrap">
    <svg id="grid" xmlns="http://www.w3.org/2000/svg" tabindex="0" role="grid"
         aria-label="the board: click a cell, or use the arrow keys and space"></svg>
    <p class="small">File: <span id="source"></span></p>
  </div>
  <aside>
    <p id="status" aria-live="polite"></p>
    <p id="details"></p>
    <ul id="problems"></ul>
    <p id="hint-text" aria-live="polite"></p>
    <p id="rung-rule"></p>
    <p id="rules"></p>
    <p id="reading-note"></p>
    <section data-puzzle="dosun-fuwari">
      <p>Each click on a cell moves it on: unmarked, balloon, iron ball, marked empty (a dot),
      unmarked again. Unmarked cells count as empty.</p>
      <ul class="legend">
        <li>{balloon} balloon</li>
        <li>{iron} iron ball</li>
        <li>{dot} dot: a cell you marked empty</li>
        <li>{black} black cell: part of no room</li>
        <li>{cap} cap: a black cell or the edge of the grid, which holds a balloon under it
            and an iron ball on it</li>
        <li>{wall} thick line: the wall between two rooms</li>
        {marks_df}
      </ul>
    </section>
    <section data-puzzle="nondango" hidden>
      <p>Each click on a circle moves it on: unpainted, black, white, unpainted again.</p>
      <ul class="legend">
        <li>{ndblack} black circle: one per region</li>
        <li>{white} white circle: every other circle (white fill, solid outline)</li>
        <li>{unpainted} unpainted circle: not decided yet (grey fill, dashed outline); counts
            as white</li>
        <li>{given} ringed circle: painted by the setter, fixed</li>
        <li>{wall} thick line: the wall between two regions</li>
        {marks_nd}
      </ul>
    </section>
    <h2>Words the hints use</h2>
    <dl class="words">
      <dt>rung, hint level</dt><dd>one rule of deduction of <code>ladder.py</code>, each
      stronger than the one below; a hint uses only its rung and those below it.</dd>
      <dt>run</dt><dd>a column's unbroken strip of white cells from a cap down to a cap
      (Dosun-Fuwari); the run rung looks at one run alone.</dd>
      <dt>room, region</dt><dd>the cells inside thick walls: a room holds one balloon and one
      iron ball (Dosun-Fuwari), a region one black circle (Nondango).</dd>
      <dt>cap</dt><dd>a black cell or the edge of the grid: what holds a balloon up from above
      or an iron ball from below.</dd>
      <dt>triple</dt><dd>three neighbouring circles in a line that the reading forbids to be
      all black (or, under the published rule, all one colour).</dd>
      <dt>certificate</dt><dd>of a white circle: a triple through it whose other two circles
      are black, so painting it black would make three; the triple rung reads that rule as
      propagation (once two circles of a triple are black, the third is white).</dd>
      <dt>probe</dt><dd>assume one value, propagate with the rung below, and drop the value
      if that alone contradicts.</dd>
      <dt>pinned</dt><dd>a room (region) whose every cell a rung decides; shaded blue when
      the rung's proofs are shown.</dd>
      <dt>knot</dt><dd>the rooms (regions) a rung leaves undecided, for a higher rung to
      untie.</dd>
      <dt>search</dt><dd>the complete rung: it tries answers, so it proves what every answer
      shares.</dd>
    </dl>
    <p class="small">The hints are <code>ladder.py</code>'s proofs, traced when this page
    was written.</p>
  </aside>
</main>
"""


def _swatch(inner: str) -> str:
    return f'<svg viewBox="0 0 1 1" aria-hidden="true"><rect class="cell" width="1" height="1"/>{inner}</svg>'


_SWATCHES = {
    "balloon": _swatch('<circle class="balloon" cx=".5" cy=".5" r=".3"/>'),
    "iron": _swatch('<circle class="iron" cx=".5" cy=".5" r=".3"/>'),
    "dot": _swatch('<circle class="empty-mark" cx=".5" cy=".5" r=".07"/>'),
    "black": _swatch('<rect class="cell black" width="1" height="1"/>'),
    "cap": _swatch('<rect class="cell black" width="1" height=".35"/>'
                   '<circle class="balloon" cx=".5" cy=".67" r=".28"/>'),
    "wall": _swatch('<line class="wall" x1=".5" y1="0" x2=".5" y2="1"/>'),
    "ndblack": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'),
    "white": _swatch('<circle class="white" cx=".5" cy=".5" r=".3"/>'),
    "unpainted": _swatch('<circle class="unpainted" cx=".5" cy=".5" r=".3"/>'),
    "given": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'
                     '<circle class="given-ring" cx=".5" cy=".5" r=".4"/>'),
    "labels": '<svg viewBox="0 0 1 1" aria-hidden="true"><text class="label" x=".5" y=".5" '
              'style="font-size:.6px">B3</text></svg>',
    "proved": _swatch('<g class="proof"><circle cx=".5" cy=".5" r=".22"/></g>'),
    "reason": _swatch('<rect class="reason" x=".06" y=".06" width=".88" height=".88"/>'),
    "pinned": _swatch('<rect class="cell pinned" width="1" height="1"/>'),
    "broken": _swatch('<rect class="broken" x=".08" y=".08" width=".84" height=".84"/>'),
    "brokenroom": '<svg viewBox="0 0 1 1" aria-hidden="true"><defs><pattern id="hatch-{puzzle}" '
                  'width=".25" height=".25" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
                  '<rect width=".1" height=".25" fill="#e0506a" fill-opacity=".55"/></pattern></defs>'
                  '<rect class="cell pinned" width="1" height="1"/><rect class="broken-room" width="1" '
                  'height="1" fill="url(#hatch-{puzzle})" style="fill:url(#hatch-{puzzle})"/></svg>',
}


def _marks(puzzle: str) -> str:
    """The legend lines every board shares: labels, hint marks, check marks."""
    dosun = puzzle == "dosun-fuwari"
    proved = ("open circle: balloon; filled: iron ball; cross: empty; struck through: not that"
              if dosun else "filled: black; open: white")
    room = "room" if dosun else "region"
    lines = [
        ("labels", "letters and numbers along the board: its columns and rows; messages name "
                   "a cell by them (B3: column B, row 3)"),
        ("proved", f"blue mark: what a hint proves there ({proved}); a blue ring: a piece a "
                   f"hint placed; bold blue: the last hint"),
        ("reason", "blue outline: the cells of the last hint's reason (its run, room, triple)"),
        ("pinned", f"blue shading: a {room} the rung pins, when its proofs are shown"),
        ("broken", "red dashed square: a cell of a broken rule, after Check"),
        ("brokenroom", f"pink stripes: a {room} without "
                       f"{'a balloon or an iron ball' if dosun else 'a black circle'}, after "
                       f"Check (over the blue shading, which stays visible)"),
    ]
    return "\n        ".join(f"<li>{_SWATCHES[key].replace('{puzzle}', puzzle)} {text}</li>"
                               for key, text in lines)


def page(entries: Sequence[Entry], progress: Progress | None = None) -> str:
    """The whole page for `entries` as one HTML text: markup, style, the data of
    `page_data` as JSON, and the script.  Nothing is fetched at load time.  `progress` as
    in `page_data`."""
    data = json.dumps(page_data(entries, progress), separators=(",", ":")).replace("</", "<\\/")
    present = {ladder.genre_of(e.board) for e in entries}
    options = "".join(f'<option value="{p}">{html.escape(p.title())}</option>'
                      for p in PUZZLES if p in present)
    body = _BODY.format(puzzles=options, marks_df=_marks("dosun-fuwari"),
                        marks_nd=_marks("nondango"), **_SWATCHES)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="generator" content="{GENERATOR} ">\n'
            f'<title>Dosun-Fuwari and Nondango: play</title>\n<style>{_CSS}</style>\n</head>\n'
            f'<body>{body}<script type="application/json" id="data">{data}</script>\n'
            f'<script>{_SCRIPT}</script>\n</body>\n</html>\n')


def _digest(text: str) -> str:
    """A digest of a page with its own digest left out: it changes when anyone edits it."""
    blank = _MARK.sub(f'<meta name="generator" content="{GENERATOR} ">', text, count=1)
    return hashlib.sha256(blank.encode("utf-8")).hexdigest()[:16]


def _sealed(text: str) -> str:
    """The page with its digest written into the generator mark."""
    return _MARK.sub(f'<meta name="generator" content="{GENERATOR} {_digest(text)}">', text, count=1)


# === Command line ===

PAGE_LIMIT = 64 * 1024 * 1024   # bytes: a larger file at --out cannot be a page play.py wrote


def check_out(path: Path) -> None:
    """Whether the page may be written to `path`, asked before the page is built.

    Raises FileExistsError for anything but a regular file (looked at, never read), a
    file larger than PAGE_LIMIT, a file that play.py did not write, or one it wrote that
    has been edited since (its digest no longer matches); an empty file (nothing to
    lose) may be replaced.  Raises OSError for a folder, or a place whose folder is
    missing or cannot be written."""
    if path.is_dir():
        raise IsADirectoryError(f"{path}: a folder, not a file (choose another --out)")
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"{path}: no folder {folder} to write it in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"{path}: the folder {folder} cannot be written")
    files.check_replaceable(path)     # a FIFO, device or link is refused unread
    if not path.exists():
        return
    try:
        old = files.read_text(str(path), limit=PAGE_LIMIT)
    except common.BoardError as error:
        raise FileExistsError(f"{str(error).splitlines()[0]}; not overwriting it") from None
    if old == "":
        return
    mark = _MARK.search(old[:2000])
    if mark is None:
        raise FileExistsError(f"{path}: exists and was not written by play.py; "
                              f"not overwriting it (choose another --out)")
    if mark.group(1) != _digest(old):
        raise FileExistsError(f"{path}: written by play.py but edited since; not "
                              f"overwriting it (choose another --out)")


def write_page(path: Path, text: str) -> None:
    """Write the page `text` to `path`, sealed with its digest, atomically (a temporary
    file beside it, then a rename, so a killed run leaves the old page or none, never a
    half one).  Raises FileExistsError or OSError as `check_out` does, or OSError if it
    cannot write."""
    check_out(path)
    files.write_text_atomically(path, _sealed(text))


def main(argv: list[str] | None = None) -> int:
    """Write the play page (and open it unless --no-open); print its path, its size and
    where to open it, progress on stderr."""
    parser = cli.Parser(prog="play.py", description="Write the play page of every board.")
    cli.board_argument(parser, dest="sources", many=True,
                       more="; more boards, in the collection 'added on the command line'")
    parser.add_argument("--no-open", action="store_true",
                        help="only write the page and say where it is")
    parser.add_argument("--out", default="play.html", help="where to write it (default: play.html)")
    parser.add_argument("--boards", default=str(Path(__file__).resolve().parent.parent / "boards"),
                        help="the boards folder (default: the project's boards/)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        check_out(out)
        entries = collect(Path(args.boards)) + read_boards(args.sources)
        if not entries:
            raise ValueError(f"{args.boards}: no board files (expected dosun-fuwari/*.txt, "
                             f"nondango/*.txt or samples/*.txt inside it, or boards named "
                             f"on the command line)")
        text = page(entries, _progress)
        write_page(out, text)
    except (ValueError, OSError) as error:
        print(f"play.py: {error}".splitlines()[0], file=sys.stderr)
        return 2
    print(f"{out}: {len(entries)} boards, {out.stat().st_size:,} bytes")
    uri = out.resolve().as_uri()
    if args.no_open:
        print(f"to play, open {uri} in a browser")
    elif webbrowser.open(uri):
        print(f"opened {uri} in a browser")
    else:
        print(f"no browser could be opened here; to play, open {uri} in a browser")
    return 0


def _progress(done: int, total: int) -> None:
    """What each rung proves, board by board, on stderr: one line rewritten in place on a
    terminal; elsewhere a line at the start and one at the end."""
    text = f"play.py: working out what each rung proves: {done} of {total} boards"
    if sys.stderr.isatty():
        print("\r" + text, end="\n" if done == total else "", file=sys.stderr, flush=True)
    elif done in (1, total):
        print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    cli.run(main)
