"""Dosun-Fuwari: boards, the rules, runs, two engines, and the generators.

Read beside the Dosun-Fuwari write-up; claim IDs (DF-..) are those of the claims
catalogue.  The rules: the white cells are cut into rooms; every room holds
exactly one balloon and one iron ball; a balloon sits in the top row, directly
under a black cell or directly under another balloon; an iron ball sits in the
bottom row, directly over a black cell or directly over another iron ball.

Glossary (with an example value)
    cell        (row, col), row 0 at the top                       (2, 3)
    cap         what holds a run at either end: a black cell or the grid's edge
    room        a connected set of white cells                     frozenset({(0, 0), (1, 0)})
    balloon     'o'; iron ball '*'; empty '.'; black cell '#'
    answer      the balloon cells and the iron-ball cells           Answer(balloons=…, irons=…)
    run         a maximal vertical strip of white cells            Run(col=2, top=0, bottom=3)
    run-top     the top cell of a run; run-bottom its bottom cell
    run state   the filling of one run, top to bottom              'oo..*'
    starved     a room that holds no run-top
    reading     which wording of the rule: 'official', 'loose' ("another piece"),
                'no-stacking' (a piece only ever leans on a cap)
    link        one (row, column) pair of engine 1's exact cover problem: a run state and
                its run, or a run state and a piece it puts in a room
    pattern     a run's rooms renamed in order of first appearance  (0, 0, 1, 0)
    count cap   counting stops there (COUNT_CAP); not to be confused with a cap cell

Contents
    1. Cells, symbols, errors        5. Engine 1: the run engine (DF-20)
    2. Boards and board files        6. Engine 2: the cell backtracker (DF-20)
    3. The rules (DF-01)             7. Run-tops and starved rooms (DF-11, DF-12, DF-13)
    4. Runs and run states           8. Generators (DF-15, DF-16, DF-17)
       (DF-02..DF-07, DF-21)         9. Figures for a list of boards (DF-05, DF-08, DF-09, DF-14)
                                    10. Small boards, exhaustively
                                    11. Command line

Roads not taken: the run engine could propagate over cells (one domain per cell,
like the cell backtracker), but a run's legal fillings are a closed list that is
cheap to write down, and once a run state is the unit the rooms become an exact
cover problem (every run picks one state; every room is covered by exactly one
balloon and one iron ball), which Algorithm X solves with no further cleverness.
The rows are only the run states that put at most one piece of a kind in a room,
written without listing the others (the loose reading has about 2.3^L states for a
run of L cells); a board whose rows would still not fit in about 300 MB is refused
up front with a BoardError (MAX_LINKS), not half built.
"""

from __future__ import annotations

import bisect
import dataclasses
import heapq
import itertools
import json
import math
import random
import sys
from functools import cache, lru_cache
from typing import Iterable, Iterator, NamedTuple

from tools import cli
import common
from tools import puzzlink
from common import BoardError, Cell, Count

__all__ = [
    # cells, symbols, errors
    "Cell", "BoardError", "READINGS", "DEFAULT_READING",
    "BALLOON", "IRON", "EMPTY", "BLACK", "LEGEND",
    # boards
    "Answer", "Board", "make_board", "room_of", "parse", "picture", "load", "answer_rows",
    "from_record", "to_record", "url", "pzprv3",
    # the rules
    "Violation", "is_held", "violations", "support_violations", "is_answer", "is_placement",
    # runs
    "Run", "runs", "run_tops", "run_bottoms", "run_states", "state_pair", "count_run_states",
    "OFFICIAL_COUNTS", "LOOSE_COUNTS", "NO_STACKING_COUNTS", "LITERAL_COUNTS",
    "pisot_e", "loose_recurrence", "enumerate_column_fillings", "column_filling_is_legal",
    "is_prefix_suffix", "placement_space", "count_placements_by_cells",
    # engines
    "COUNT_CAP", "MAX_LINKS", "MAX_STATE_CELLS", "Count", "solve", "count_answers",
    "solve_by_cells", "count_by_cells",
    # run-tops
    "RoomTops", "room_tops", "starved_rooms", "predicted_count", "unstacked_count",
    "stacked_pieces", "no_straddle", "one_cell_runs",
    # generators
    "DEFAULT_BLACK", "MAX_ATTEMPTS", "draw_black", "trivial_board", "trivial_of", "starve_candidates",
    "starve_once", "starving_chain", "draw_starved", "starved_board", "unique_board", "random_rooms",
    "random_board",
    # figures
    "runs_per_board", "log10_placement_space", "starved_per_board", "loose_counts",
    "no_stacking_counts",
    # small boards
    "connected_partitions", "all_boards",
    "main",
]

# === 1. Cells, symbols, errors ===

Room = frozenset[Cell]          # a connected set of white cells
State = str                     # a run state, top to bottom over "o*.": 'o..*'

BALLOON, IRON, EMPTY, BLACK = "o", "*", ".", "#"
GENRE = "dosun-fuwari"           # first line of a board file
PZPRJS_GENRE = "dosufuwa"        # the genre of puzz.link links and pzprv3 files
READINGS = ("official", "loose", "no-stacking")
DEFAULT_READING = "official"
LEGEND = ("rooms: one label per room, # black cell; "
          "answer: o balloon, * iron ball, . empty, # black cell")


def _check_reading(reading: str) -> None:
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}; expected one of {READINGS}")


# === 2. Boards and board files ===

class Answer(NamedTuple):
    """The balloon cells and the iron-ball cells of a filling."""

    balloons: frozenset[Cell]
    irons: frozenset[Cell]


@dataclasses.dataclass(frozen=True)
class Board(common.Record):
    """A Dosun-Fuwari board.

    rows, cols: the grid size; black: the black cells (caps, in no room);
    rooms: the rooms, each a frozenset of white cells, in canonical order (by each
    room's first cell in reading order); answer: a drawn or given answer, or None;
    metadata: the file's `key: value` lines (not compared).  Use `make_board` to
    get the canonical room order; the constructor does not check anything.
    """

    rows: int
    cols: int
    black: frozenset[Cell]
    rooms: tuple[frozenset[Cell], ...]
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)


def make_board(rows: int, cols: int, black: Iterable[Cell], rooms: Iterable[Iterable[Cell]],
               answer: Answer | None = None,
               metadata: tuple[tuple[str, str], ...] = ()) -> Board:
    """A Board with its rooms in canonical order (by first cell in reading order)."""
    canonical = tuple(sorted((frozenset(room) for room in rooms), key=min))
    return Board(rows, cols, frozenset(black), canonical, answer, metadata)


def room_of(board: Board) -> dict[Cell, int]:
    """Cell → index of its room in board.rooms, for every white cell.
    # room_of(b)[(0, 0)] → 0"""
    return {cell: index for index, room in enumerate(board.rooms) for cell in room}


def _tokens(line: str) -> list[tuple[int, str]]:
    """(1-based column, token) for every whitespace-separated token of a line."""
    out, col = [], 0
    for token in line.split():
        col = line.index(token, col)
        out.append((col + 1, token))
        col += len(token)
    return out


def parse(text: str, source: str = "<string>") -> Board:
    """The Board a board file describes (format in boards/README.md).

    Raises BoardError naming `source`, line and column for: a wrong first line,
    a missing or empty `rooms:` picture, ragged rows, an unknown symbol, a room
    label used in two disconnected places, a `size:` line that does not match,
    and an answer picture that does not fit the rooms picture.  A well-formed
    board without answers is not an error.
    """
    lines = common.numbered_lines(text)
    numbered = [(i, line) for i, line in lines if line.strip() and not line.lstrip().startswith(";")]
    if not numbered or numbered[0][1].strip() != GENRE:
        line_no = numbered[0][0] if numbered else 1
        found = numbered[0][1].strip() if numbered else ""
        other = "; this is a Nondango board file" if found == "nondango" else ""
        raise common.at(source, line_no, 1, f"the first line must be '{GENRE}'{other}")
    metadata, section, grids = [], None, {"rooms": [], "answer": []}
    header_line, key_lines = {}, []
    for line_no, line in numbered[1:]:
        stripped = line.strip()
        if stripped in ("rooms:", "answer:"):
            name = stripped[:-1]
            if name in header_line:
                raise common.at(source, line_no, 1, f"a second '{stripped}' section")
            if name == "answer" and "rooms" not in header_line:
                raise common.at(source, line_no, 1, "'answer:' before 'rooms:'")
            section, header_line[name] = name, line_no
        elif section is None:
            key, colon, value = stripped.partition(":")
            if not colon or not common.is_key(key.strip()):
                raise common.at(source, line_no, 1, "expected 'key: value' or 'rooms:' here")
            metadata.append((key.strip(), value.strip()))
            key_lines.append(line_no)
        elif stripped.endswith(":") and len(stripped.split()) == 1:
            raise common.at(source, line_no, line.index(stripped) + 1,
                            f"unknown section {common.excerpt(stripped)}: the sections are "
                            f"'rooms:' and 'answer:'")
        else:
            grids[section].append((line_no, _tokens(line)))
    if "rooms" not in header_line:
        raise common.at(source, len(lines) or 1, 1, "the board is empty: no 'rooms:' picture")
    picture_rows = grids["rooms"]
    if not picture_rows:
        raise common.at(source, header_line["rooms"], 1, "the board is empty: 'rooms:' has no rows")
    cols = len(picture_rows[0][1])
    _check_rectangle(picture_rows, cols, len(picture_rows), source, "rooms")
    rows = len(picture_rows)
    black, labels, where = set(), {}, {}
    for r, (line_no, tokens) in enumerate(picture_rows):
        for c, (col, token) in enumerate(tokens):
            where[(r, c)] = (line_no, col)
            if token == BLACK:
                black.add((r, c))
            elif common.is_label(token):
                labels.setdefault(token, set()).add((r, c))
            else:
                raise common.at(source, line_no, col,
                                f"unknown symbol {common.excerpt(token)}: a room label is ASCII "
                                f"letters/digits, '#' is black")
    rooms = []
    for label, cells in labels.items():
        parts = common.components(cells)
        if len(parts) > 1:
            line_no, col = where[min(parts[1])]
            raise common.at(source, line_no, col, f"room label {common.excerpt(label)} is "
                                                  f"used in two disconnected places")
        rooms.append(cells)
    for (key, value), line_no in zip(metadata, key_lines):
        if key == "size" and value != f"{rows}x{cols}":
            raise common.at(source, line_no, 1,
                            f"size says {common.excerpt(value)} but the picture is {rows}x{cols}")
    answer = None
    if "answer" in header_line:
        answer = _parse_answer(grids["answer"], header_line["answer"], rows, cols,
                               black, source)
    return make_board(rows, cols, black, rooms, answer, tuple(metadata))


def _check_rectangle(grid_rows, cols: int, rows: int, source: str, name: str) -> None:
    for line_no, tokens in grid_rows:
        if len(tokens) != cols:
            col = tokens[cols][0] if len(tokens) > cols else (tokens[-1][0] + 1 if tokens else 1)
            raise common.at(source, line_no, col,
                         f"ragged {name} picture: {len(tokens)} cells in this row, {cols} in the first")
    if len(grid_rows) > rows:
        raise common.at(source, grid_rows[rows][0], 1,
                     f"the {name} picture has more than the {rows} rows of the rooms picture")


def _parse_answer(grid_rows, header: int, rows: int, cols: int, black: set[Cell],
                  source: str) -> Answer:
    if len(grid_rows) < rows:
        line_no = grid_rows[-1][0] if grid_rows else header
        raise common.at(source, line_no, 1,
                     f"the answer picture has {len(grid_rows)} rows, the rooms picture {rows}")
    _check_rectangle(grid_rows, cols, rows, source, "answer")
    balloons, irons = set(), set()
    for r, (line_no, tokens) in enumerate(grid_rows):
        for c, (col, token) in enumerate(tokens):
            if token not in (BALLOON, IRON, EMPTY, BLACK):
                raise common.at(source, line_no, col, f"unknown answer symbol "
                                f"{common.excerpt(token)}: use 'o', '*', '.' or '#'")
            if (token == BLACK) != ((r, c) in black):
                raise common.at(source, line_no, col,
                             "the answer's black cells must match the rooms picture")
            if token == BALLOON:
                balloons.add((r, c))
            elif token == IRON:
                irons.add((r, c))
    return Answer(frozenset(balloons), frozenset(irons))


def answer_rows(board: Board, answer: Answer) -> list[str]:
    """The answer as row strings in the answer symbols, e.g. ['*.o#.', …]."""
    def symbol(cell: Cell) -> str:
        if cell in board.black:
            return BLACK
        return BALLOON if cell in answer.balloons else IRON if cell in answer.irons else EMPTY
    return ["".join(symbol((r, c)) for c in range(board.cols)) for r in range(board.rows)]


def picture(board: Board, answer: Answer | None = None) -> str:
    """The board file text of `board` (and of `answer`, else board.answer, if any);
    parse(picture(b)) == b."""
    answer = answer if answer is not None else board.answer
    names = (list(common.LABELS) if len(board.rooms) <= len(common.LABELS)
             else [str(i) for i in range(len(board.rooms))])
    width = max((len(n) for n in names[:len(board.rooms)]), default=1)
    room = room_of(board)
    lines = [GENRE] + [f"{key}: {value}" for key, value in board.metadata] + ["rooms:"]
    for r in range(board.rows):
        lines.append(" ".join((BLACK if (r, c) in board.black else names[room[(r, c)]]).ljust(width)
                              for c in range(board.cols)).rstrip())
    if answer is not None:
        lines.append("answer:")
        lines += [" ".join(row_text) for row_text in answer_rows(board, answer)]
    return "\n".join(lines) + "\n"


def load(source: str) -> Board:
    """The board in `source`: a board file (boards/README.md), a pzprv3 file or text, or a
    puzz.link URL.  Raises BoardError naming the file, line and column (or the part of
    the URL) on bad input, a file that cannot be read, or a Nondango board."""
    found = puzzlink.open_source(source)
    if isinstance(found, puzzlink.Text):
        return parse(found.text, found.source)
    return from_record(found, source)


def from_record(puzzle: puzzlink.Puzzle, source: str = "<url>") -> Board:
    """The Board of a puzz.link record; its markers and a link's own walls go to the
    metadata.  Raises BoardError, naming `source`, for a record of another genre."""
    if puzzle.genre != PZPRJS_GENRE:
        raise puzzlink.wrong_genre(source, puzzle.genre, PZPRJS_GENRE)
    answer = None
    if puzzle.answer is not None:
        pairs = list(zip(puzzlink.cells(puzzle.rows, puzzle.cols), puzzle.answer))
        answer = Answer(balloons=frozenset(cell for cell, t in pairs if t == BALLOON),
                        irons=frozenset(cell for cell, t in pairs if t == IRON))
    return Board(puzzle.rows, puzzle.cols, puzzlink.black_of(puzzle), puzzlink.rooms_of(puzzle),
                 answer, puzzlink.metadata_of(puzzle))


def to_record(board: Board) -> puzzlink.Puzzle:
    """The puzz.link record of a Board (inverse of from_record).  Raises BoardError for a
    side outside 1..100 or a room in pieces that do not touch."""
    rooms = puzzlink.record_rooms(board.rows, board.cols, board.rooms, board.black)
    answer = None
    if board.answer is not None:
        answer = tuple("".join(answer_rows(board, board.answer)))
    markers, walls = puzzlink.markers_and_walls(board.metadata)
    return puzzlink.Puzzle(PZPRJS_GENRE, board.rows, board.cols, rooms, frozenset(), answer,
                           markers, walls)


def url(board: Board) -> str:
    """The puzz.link link of a board, as pzprjs writes it.  [X-03; pzprjs Encode.js]"""
    return puzzlink.encode_url(to_record(board))


def pzprv3(board: Board) -> str:
    """The pzprv3 file of a board, with its answer and remembered markers.
    [X-03; pzprjs FileData.js, dosufuwa.js]"""
    return puzzlink.encode_pzprv3(to_record(board))


# === 3. The rules (DF-01) ===

class Violation(NamedTuple):
    """One broken rule: a short sentence and the cells that break it."""

    rule: str
    cells: tuple[Cell, ...]


def is_held(kind: str, neighbour: str, reading: str = DEFAULT_READING) -> bool:
    """Whether a piece of `kind` ('o' or '*') may stand next to `neighbour`, the
    cell above a balloon or below an iron ball: '#' for a cap (black cell or the
    grid's edge), else 'o', '*' or '.'.  Written from the rules text alone.  [DF-01]
    # is_held('o', '#') → True;  is_held('o', '*') → False;  is_held('o', '*', 'loose') → True
    """
    _check_reading(reading)
    if neighbour == BLACK:
        return True
    if reading == "no-stacking":
        return False
    if reading == "loose":
        return neighbour in (BALLOON, IRON)
    return neighbour == kind


_RULE_TEXT = {
    "official": ("a balloon must sit in the top row, under a black cell or under a balloon",
                 "an iron ball must sit in the bottom row, over a black cell or over an iron ball"),
    "loose": ("a balloon must sit in the top row, under a black cell or under another piece",
              "an iron ball must sit in the bottom row, over a black cell or over another piece"),
    "no-stacking": ("a balloon must sit in the top row or under a black cell",
                    "an iron ball must sit in the bottom row or over a black cell"),
}


def _content(board: Board, answer: Answer, cell: Cell) -> str:
    r, c = cell
    if not (0 <= r < board.rows and 0 <= c < board.cols) or cell in board.black:
        return BLACK
    return BALLOON if cell in answer.balloons else IRON if cell in answer.irons else EMPTY


def support_violations(board: Board, answer: Answer,
                       reading: str = DEFAULT_READING) -> list[Violation]:
    """The broken placement rules (pieces on black cells, two pieces in one cell,
    unsupported balloons and iron balls), ignoring the rooms.  [DF-01, DF-04]"""
    _check_reading(reading)
    found = []
    on_black = sorted((answer.balloons | answer.irons) & board.black)
    if on_black:
        found.append(Violation("a piece may not stand on a black cell", tuple(on_black)))
    outside = sorted(cell for cell in answer.balloons | answer.irons
                     if not (0 <= cell[0] < board.rows and 0 <= cell[1] < board.cols))
    if outside:
        found.append(Violation("a piece must stand inside the grid", tuple(outside)))
    both = sorted(answer.balloons & answer.irons)
    if both:
        found.append(Violation("a cell holds at most one piece", tuple(both)))
    balloon_rule, iron_rule = _RULE_TEXT[reading]
    for cell in sorted(answer.balloons - answer.irons):
        if not is_held(BALLOON, _content(board, answer, (cell[0] - 1, cell[1])), reading):
            found.append(Violation(balloon_rule, (cell,)))
    for cell in sorted(answer.irons - answer.balloons):
        if not is_held(IRON, _content(board, answer, (cell[0] + 1, cell[1])), reading):
            found.append(Violation(iron_rule, (cell,)))
    return found


def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule `answer` breaks on `board` under `reading`; [] means a legal answer.

    Checks the placement rules (support_violations) and that every room holds
    exactly one balloon and exactly one iron ball.  [DF-01; write-up, "the rules"]
    """
    found = support_violations(board, answer, reading)
    for kind, cells, name in ((BALLOON, answer.balloons, "balloon"), (IRON, answer.irons, "iron ball")):
        for room in board.rooms:
            inside = sorted(room & cells)
            if len(inside) != 1:
                found.append(Violation(f"a room must hold exactly one {name} (this one holds "
                                       f"{len(inside)})", tuple(inside) or (min(room),)))
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading` on `board`.  [DF-01]"""
    return not violations(board, answer, reading)


def is_placement(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no placement rule (rooms ignored).  [DF-04]"""
    return not support_violations(board, answer, reading)


# === 4. Runs and run states (DF-02 .. DF-07, DF-21) ===

class Run(NamedTuple):
    """A maximal vertical strip of white cells: its column and its top and bottom rows
    (inclusive)."""

    col: int
    top: int
    bottom: int

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The run's cells, top to bottom."""
        return tuple((r, self.col) for r in range(self.top, self.bottom + 1))

    @property
    def length(self) -> int:
        return self.bottom - self.top + 1


def runs(board: Board) -> tuple[Run, ...]:
    """Every run of the board, sorted by (top, col).
    # runs(5x5 sample)[0] → Run(col=0, top=0, bottom=0)"""
    return _runs(board.rows, board.cols, frozenset(board.black))


@lru_cache(maxsize=4096)
def _runs(rows: int, cols: int, black: frozenset[Cell]) -> tuple[Run, ...]:
    """The runs of a grid with these black cells (remembered: the boards of a starving
    chain, and a board's rooms and answers, share their black cells)."""
    found = []
    for c in range(cols):
        r = 0
        while r < rows:
            if (r, c) in black:
                r += 1
                continue
            top = r
            while r + 1 < rows and (r + 1, c) not in black:
                r += 1
            found.append(Run(c, top, r))
            r += 1
    return tuple(sorted(found, key=lambda run: (run.top, run.col)))


def run_tops(board: Board) -> frozenset[Cell]:
    """The top cell of every run."""
    return _run_ends(board.rows, board.cols, frozenset(board.black))[0]


def run_bottoms(board: Board) -> frozenset[Cell]:
    """The bottom cell of every run."""
    return _run_ends(board.rows, board.cols, frozenset(board.black))[1]


@lru_cache(maxsize=4096)
def _run_ends(rows: int, cols: int, black: frozenset[Cell]) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """(run-tops, run-bottoms) of a grid with these black cells (remembered)."""
    found = _runs(rows, cols, black)
    return (frozenset((run.top, run.col) for run in found),
            frozenset((run.bottom, run.col) for run in found))


@cache
def run_states(length: int, reading: str = DEFAULT_READING) -> tuple[State, ...]:
    """The legal fillings of one run seen alone (capped at both ends), each a string
    over 'o*.' from top to bottom, in a fixed order.

    official: b balloons, then empty cells, then s iron balls, b + s <= L [DF-03];
    no-stacking: at most a balloon on the top cell and an iron ball on the bottom
    one [DF-07]; loose: every balloon under a cap or a piece, every iron ball over
    a cap or a piece, built cell by cell [DF-06].  Raises ValueError for length < 1.
    # run_states(2) → ('..', '.*', '**', 'o.', 'o*', 'oo')
    """
    _check_reading(reading)
    if length < 1:
        raise ValueError(f"a run has at least one cell, got length {length}")
    if reading == "official":
        return tuple(BALLOON * b + EMPTY * (length - b - s) + IRON * s
                     for b in range(length + 1) for s in range(length - b + 1))
    if reading == "no-stacking":
        if length == 1:
            return (EMPTY, IRON, BALLOON)
        middle = EMPTY * (length - 2)
        return tuple(top + middle + bottom for top in (EMPTY, BALLOON) for bottom in (EMPTY, IRON))
    return tuple(_loose_states(length))


def _loose_states(length: int) -> Iterator[State]:
    """Loose run states: every run state of a run whose cells all lie in different rooms."""
    return _loose_one_per_room(list(range(length)))


@cache
def _loose_next(last: str) -> str:
    """What the next cell of a loose run state may hold after `last` ('#' at the top cap),
    in the order states are listed: a balloon needs a cap or a piece above; an iron ball
    needs a piece below (or the bottom cap, so a state may end on one).  [DF-06]
    # _loose_next('.') → '.*'"""
    return "".join(ch for ch in (EMPTY, IRON, BALLOON)
                   if not (ch == BALLOON and last == EMPTY) and not (last == IRON and ch == EMPTY))


def _loose_one_per_room(rooms_here: list[int]) -> Iterator[State]:
    """The loose run states of a run whose cells lie in `rooms_here` (top to bottom) that put
    no two balloons and no two iron balls in one room, built cell by cell (a branch is cut as
    soon as a room would get a second piece of a kind), without recursion.  [DF-06, DF-20]
    # list(_loose_one_per_room([0, 0])) → ['..', '.*', '*o', 'o.', 'o*']"""
    length = len(rooms_here)
    prefix: list[str] = []
    used: set[tuple[str, int]] = set()
    options = [list(_loose_next(BLACK))]       # what cell len(prefix) may still hold
    while options:
        if not options[-1]:
            options.pop()
            if prefix:
                used.discard((prefix.pop(), rooms_here[len(prefix)]))
            continue
        ch = options[-1].pop(0)
        here = (ch, rooms_here[len(prefix)])
        if ch != EMPTY and here in used:
            continue
        if len(prefix) + 1 == length:
            yield "".join(prefix) + ch
            continue
        prefix.append(ch)
        if ch != EMPTY:
            used.add(here)
        options.append(list(_loose_next(ch)))


def state_pair(state: State) -> tuple[int, int]:
    """(b, s) for an official run state: its number of balloons and iron balls.
    Raises ValueError if the state is not a prefix of balloons and a suffix of iron
    balls.  # state_pair('o.**') → (1, 2)"""
    if not is_prefix_suffix(state):
        raise ValueError(f"{state!r} is not balloons, then empty cells, then iron balls")
    return state.count(BALLOON), state.count(IRON)


def is_prefix_suffix(state: State) -> bool:
    """Whether the balloons of `state` are a prefix and its iron balls a suffix.  [DF-02]"""
    b, s = state.count(BALLOON), state.count(IRON)
    return state == BALLOON * b + EMPTY * (len(state) - b - s) + IRON * s


# Literal tables: the number of run states for L = 1..12 under each reading.
OFFICIAL_COUNTS = (3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91)          # OEIS A000217 from T(2)
LOOSE_COUNTS = (3, 7, 16, 37, 86, 200, 465, 1081, 2513, 5842, 13581, 31572)  # write-up: A095263
NO_STACKING_COUNTS = (3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)
LITERAL_COUNTS = {"official": OFFICIAL_COUNTS, "loose": LOOSE_COUNTS,
                  "no-stacking": NO_STACKING_COUNTS}


def count_run_states(length: int, reading: str = DEFAULT_READING) -> int:
    """The number of run states of a run of `length`, by formula, not enumeration.

    official: (L+1)(L+2)/2, the triangular numbers [DF-03; OEIS A000217];
    no-stacking: 3 for L = 1, else 4 [DF-07]; loose: a transfer matrix over
    (last cell, whether an iron ball still waits for a piece below) [DF-06].
    # count_run_states(12, 'loose') → 31572
    """
    _check_reading(reading)
    if length < 1:
        raise ValueError(f"a run has at least one cell, got length {length}")
    if reading == "official":
        return (length + 1) * (length + 2) // 2
    if reading == "no-stacking":
        return 3 if length == 1 else 4
    # ways[last] for last in '.', '*', 'o'; a prefix ending in '*' needs a piece next
    ways = {EMPTY: 1, IRON: 1, BALLOON: 1}         # L = 1 before the bottom cap
    for _ in range(length - 1):
        ways = {EMPTY: ways[EMPTY] + ways[BALLOON],
                IRON: sum(ways.values()),
                BALLOON: ways[IRON] + ways[BALLOON]}
    return sum(ways.values())


def loose_recurrence(n: int) -> list[int]:
    """The first n terms of a(L) = 3a(L-1) - 2a(L-2) + a(L-3) from 3, 7, 16: the
    recurrence the loose counts obey (the characteristic polynomial of the transfer
    matrix of count_run_states).  [DF-06]"""
    terms = [3, 7, 16]
    while len(terms) < n:
        terms.append(3 * terms[-1] - 2 * terms[-2] + terms[-3])
    return terms[:n]


def pisot_e(a0: int, a1: int, n: int) -> list[int]:
    """The first n terms of the Pisot sequence E(a0, a1): a(k) is the integer nearest
    a(k-1)^2 / a(k-2) (exact rational arithmetic; halves round up).  [DF-06]
    # pisot_e(3, 7, 5) → [3, 7, 16, 37, 86]"""
    terms = [a0, a1]
    while len(terms) < n:
        num, den = terms[-1] ** 2, terms[-2]
        terms.append((2 * num + den) // (2 * den))   # floor(num/den + 1/2)
    return terms[:n]


def column_filling_is_legal(filling: str, reading: str = DEFAULT_READING) -> bool:
    """Whether a filling of a one-column board of len(filling) white cells breaks no
    placement rule, asked of the board rules checker itself.  [DF-02, DF-21]
    # column_filling_is_legal('o.*') → True;  column_filling_is_legal('.o.') → False"""
    column = Board(len(filling), 1, frozenset(), (frozenset((r, 0) for r in range(len(filling))),))
    answer = Answer(frozenset((r, 0) for r, f in enumerate(filling) if f == BALLOON),
                    frozenset((r, 0) for r, f in enumerate(filling) if f == IRON))
    return is_placement(column, answer, reading)


@cache
def _forbidden_pairs(reading: str) -> frozenset[str]:
    """The vertical pairs (upper, lower) of cell contents the rules checker rejects,
    found by asking is_held about each of the 16 pairs over '#o*.'."""
    bad = set()
    for upper in BLACK + BALLOON + IRON + EMPTY:
        for lower in BLACK + BALLOON + IRON + EMPTY:
            if lower == BALLOON and not is_held(BALLOON, upper, reading):
                bad.add(upper + lower)
            if upper == IRON and not is_held(IRON, lower, reading):
                bad.add(upper + lower)
    return frozenset(bad)


def _column_legal(filling: str, reading: str) -> bool:
    column = BLACK + filling + BLACK
    return not any(pair in column for pair in _forbidden_pairs(reading))


def enumerate_column_fillings(length: int, reading: str = DEFAULT_READING) -> list[State]:
    """Every legal filling of one capped column, found by trying all 3^L fillings
    against the rules checker; the brute-force twin of run_states.  [DF-02, DF-21]"""
    return ["".join(f) for f in itertools.product(BALLOON + IRON + EMPTY, repeat=length)
            if _column_legal("".join(f), reading)]


def placement_space(board: Board, reading: str = DEFAULT_READING) -> int:
    """The number of placements before rooms (fillings breaking no placement rule):
    the product of the run state counts; only run lengths matter.  [DF-04]"""
    return math.prod(count_run_states(run.length, reading) for run in runs(board))


def count_placements_by_cells(board: Board, reading: str = DEFAULT_READING) -> int:
    """The brute-force twin of placement_space: all 3^W fillings of the white cells,
    each asked of the rules checker (rooms ignored).  Only for small boards."""
    white = [(r, c) for r in range(board.rows) for c in range(board.cols)
             if (r, c) not in board.black]
    total = 0
    for filling in itertools.product(BALLOON + IRON + EMPTY, repeat=len(white)):
        answer = Answer(frozenset(c for c, f in zip(white, filling) if f == BALLOON),
                        frozenset(c for c, f in zip(white, filling) if f == IRON))
        total += is_placement(board, answer, reading)
    return total


# === 5. Engine 1: the run engine (DF-20) ===

COUNT_CAP = 5000   # the write-up's counting cap


def _distinct_prefix(rooms_here: list[int]) -> int:
    """How many cells from the start of the list lie in pairwise different rooms.
    # _distinct_prefix([4, 7, 7, 2]) → 2"""
    seen: set[int] = set()
    for k, r in enumerate(rooms_here):
        if r in seen:
            return k
        seen.add(r)
    return len(rooms_here)


def _one_per_room_states(rooms_here: list[int], reading: str) -> Iterator[State]:
    """The run states of a run whose cells lie in `rooms_here` (top to bottom) that put no
    two balloons and no two iron balls in one room: the same states as filtering
    run_states(len(rooms_here), reading), without listing the others.

    official: b balloons on top and s iron balls at the bottom, b only up to the longest top
    stretch of distinct rooms and s up to the longest bottom one [DF-03]; loose: built cell
    by cell, a branch cut as soon as a room gets a second piece of a kind [DF-06];
    no-stacking: its four states, filtered [DF-07].  [DF-20]
    # list(_one_per_room_states([5, 5], 'official')) → ['..', '.*', 'o.', 'o*']
    """
    length = len(rooms_here)
    if reading == "official":
        top, bottom = _distinct_prefix(rooms_here), _distinct_prefix(rooms_here[::-1])
        for b in range(top + 1):
            for s in range(min(bottom, length - b) + 1):
                yield BALLOON * b + EMPTY * (length - b - s) + IRON * s
    elif reading == "loose":
        yield from _loose_one_per_room(rooms_here)
    else:
        for state in run_states(length, reading):
            pieces = [(ch, r) for r, ch in zip(rooms_here, state) if ch != EMPTY]
            if len(set(pieces)) == len(pieces):
                yield state


MAX_LINKS = 2_000_000        # (row, column) pairs engine 1 holds at most: about 300 MB
MAX_STATE_CELLS = 50_000_000  # cells of the distinct run states it holds at most: 50 MB


def _pattern(rooms_here: list[int]) -> tuple[int, ...]:
    """The rooms of a run's cells renamed 0, 1, 2, ... in order of first appearance: two
    runs with one pattern have the same one-per-room states.
    # _pattern([7, 7, 3, 7]) → (0, 0, 1, 0)"""
    names: dict[int, int] = {}
    return tuple(names.setdefault(r, len(names)) for r in rooms_here)


def _official_links(pattern: tuple[int, ...]) -> tuple[int, int]:
    """(rows, (row, column) pairs) of a run's official one-per-room rows, by formula: the
    state with b balloons and s iron balls covers 1 + b + s columns.  [DF-03, DF-20]
    # _official_links((0, 1)) → (6, 14)"""
    length = len(pattern)
    top, bottom = _distinct_prefix(list(pattern)), _distinct_prefix(list(pattern[::-1]))
    rows = links = 0
    for b in range(top + 1):
        most = min(bottom, length - b)             # s runs over 0..most
        rows += most + 1
        links += (most + 1) * (1 + b) + most * (most + 1) // 2
    return rows, links


def _links(pattern: tuple[int, ...], reading: str, limit: int) -> tuple[int, int]:
    """(rows, (row, column) pairs) of a run's one-per-room rows; once the pairs pass `limit`
    the count stops there (it lists the states unless a formula gives them)."""
    if reading == "official":
        return _official_links(pattern)
    if 2 * len(pattern) * count_run_states(len(pattern), reading) <= limit:
        limit = math.inf                           # few enough to count them all
    rows = links = 0
    for state in _one_per_room_states(list(pattern), reading):
        rows += 1
        links += 1 + len(state) - state.count(EMPTY)
        if links > limit:
            break
    return rows, links


def _run_rooms(board: Board) -> list[list[int]]:
    """Per run of `runs(board)`, the rooms of its cells, top to bottom."""
    room = room_of(board)
    return [[room[(r, run.col)] for r in range(run.top, run.bottom + 1)] for run in runs(board)]


def _check_size(board: Board, reading: str, patterns: list[tuple[int, ...]] | None = None) -> None:
    """Refuse, before anything is built, a board whose exact cover problem would hold more
    than MAX_LINKS (row, column) pairs or more than MAX_STATE_CELLS cells of distinct run
    states (runs of one pattern share their states): raises BoardError naming the run where
    a count passes its limit.  `patterns`: each run's `_pattern`, if already at hand.  [DF-20]"""
    if patterns is None:
        patterns = [_pattern(rooms_here) for rooms_here in _run_rooms(board)]
    links = cells = 0
    seen: dict[tuple[int, ...], int] = {}
    for run, pattern in zip(runs(board), patterns):
        if pattern not in seen:
            rows, seen[pattern] = _links(pattern, reading, MAX_LINKS - links)
            cells += rows * run.length
        links += seen[pattern]
        if links > MAX_LINKS or cells > MAX_STATE_CELLS:
            what = (f"{MAX_LINKS:,} (run state, column) pairs" if links > MAX_LINKS
                    else f"{MAX_STATE_CELLS:,} cells of run states")
            raise BoardError(f"too large for the run engine: its exact cover problem would "
                             f"hold more than {what} under the {reading} reading (passed at "
                             f"the run of column {run.col}, rows {run.top}-{run.bottom})")


SHARED_ROWS = 100      # patterns with at most this many rows share them across boards
SHARED_PATTERNS = 8192 # patterns shared at most (so at most about 100 MB held between boards)
_shared: dict[tuple[tuple[int, ...], str], tuple] = {}   # (pattern, reading) → (rows, pieces)


def _pattern_rows(pattern: tuple[int, ...], reading: str) -> tuple[tuple, frozenset]:
    """(the one-per-room states of a run of this pattern, each with its pieces as (kind,
    index into the pattern's rooms), top to bottom; the pieces some state holds).
    Remembered across boards for patterns of few rows, which recur on board after board; a
    pattern of many rows is listed afresh, so that nothing large outlives its board."""
    found = _shared.get((pattern, reading))
    if found is not None:
        return found
    rows = tuple((state, tuple((ch, pattern[k]) for k, ch in enumerate(state) if ch != EMPTY))
                 for state in _one_per_room_states(list(pattern), reading))
    found = rows, frozenset(piece for _, pieces in rows for piece in pieces)
    if len(rows) <= SHARED_ROWS and len(_shared) < SHARED_PATTERNS:
        _shared[(pattern, reading)] = found
    return found


def _cover_problem(board: Board, reading: str):
    """The board as an exact cover problem: one row (run index, run state) per run state
    that puts at most one piece of a kind in any room, one column per run ("run", i) and one
    per (kind, room).  Returns (columns → rows, row → columns); each column key is one object
    shared by every row that covers it.  Returns None, before building the rows, when a
    room's balloon or iron-ball column would have no row at all: then there is no exact
    cover (Algorithm X would stop at that empty column first), which is how most random
    boards end (DF-16).  Raises BoardError, before building anything, for a problem past
    MAX_LINKS or MAX_STATE_CELLS (see _check_size).  [DF-20]
    """
    run_rooms = _run_rooms(board)
    patterns = [_pattern(rooms_here) for rooms_here in run_rooms]
    _check_size(board, reading, patterns)
    by_pattern: dict[tuple[int, ...], tuple] = {}   # runs of one pattern share their states
    for pattern in patterns:
        if pattern not in by_pattern:
            by_pattern[pattern] = _pattern_rows(pattern, reading)
    served: set[tuple[str, int]] = set()            # (kind, room) some run state serves
    for rooms_here, pattern in zip(run_rooms, patterns):
        named = list(dict.fromkeys(rooms_here))     # the pattern's name of a room → the room
        served.update((ch, named[k]) for ch, k in by_pattern[pattern][1])
    if len(served) < 2 * len(board.rooms):
        return None
    columns: dict[tuple, set] = {("run", i): set() for i in range(len(run_rooms))}
    for index in range(len(board.rooms)):
        columns[(BALLOON, index)] = set()
        columns[(IRON, index)] = set()
    key = {column: column for column in columns}
    rows: dict[tuple, list] = {}
    for i, (rooms_here, pattern) in enumerate(zip(run_rooms, patterns)):
        named = list(dict.fromkeys(rooms_here))
        run_key = key[("run", i)]
        for state, pieces in by_pattern[pattern][0]:
            row = (i, state)
            items = [run_key] + [key[(ch, named[k])] for ch, k in pieces]
            rows[row] = items
            for item in items:
                columns[item].add(row)
    return columns, rows


HEAP_FROM = 256   # columns: below this many, a pass over the columns picks faster than a heap


class _Cover:
    """The exact cover problem while Algorithm X works on it, and which column it covers
    next: `min(columns, key=len)`, the column with the fewest rows, ties going to the one
    first in the dict, where a covered column, uncovered again, goes to the end.

    On a problem of HEAP_FROM columns or more, `stamp` numbers the columns in that dict
    order and the open columns wait in a heap under their (rows, stamp); the columns that
    changed since the last pick are pushed again then, and entries that no longer hold are
    dropped when they reach the top.  The pick is the same column, for a few heap
    operations instead of a pass over every column.
    """

    def __init__(self, columns: dict, rows: dict) -> None:
        self.columns, self.rows = columns, rows
        self.changed: set | None = None   # columns changed since the last pick (heap only)
        if len(columns) >= HEAP_FROM:
            self.stamp = {column: k for k, column in enumerate(columns)}
            self.next_stamp = len(columns)
            self.changed = set()
            self._refill()

    def _refill(self) -> None:
        """Rebuild the heap from the open columns, without stale entries."""
        self.heap = [(len(rows), self.stamp[c], c) for c, rows in self.columns.items()]
        heapq.heapify(self.heap)
        self.changed.clear()

    def pick(self):
        """The column to cover next (None when every column is covered)."""
        columns = self.columns
        if not columns:
            return None
        if self.changed is None:
            return min(columns, key=lambda c: len(columns[c]))
        if len(self.heap) + len(self.changed) > 4 * len(columns) + 64:
            self._refill()
        heap, stamp = self.heap, self.stamp
        for column in self.changed:
            rows = columns.get(column)
            if rows is not None:
                heapq.heappush(heap, (len(rows), stamp[column], column))
        self.changed.clear()
        while True:
            size, mark, column = heap[0]
            rows = columns.get(column)
            if rows is not None and stamp[column] == mark and len(rows) == size:
                return column
            heapq.heappop(heap)

    def select(self, row) -> list:
        """Cover the columns of `row` and drop every row that shares one with it."""
        columns, rows, changed = self.columns, self.rows, self.changed
        removed = []
        for column in rows[row]:
            for other in columns[column]:
                touched = rows[other]
                for other_column in touched:
                    if other_column != column:
                        columns[other_column].discard(other)
                if changed is not None:
                    changed.update(touched)
            removed.append(columns.pop(column))
        return removed

    def deselect(self, row, removed: list) -> None:
        """Undo `select(row)`: the columns come back at the end, last covered first."""
        columns, rows, changed = self.columns, self.rows, self.changed
        for column in reversed(rows[row]):
            back = columns[column] = removed.pop()
            if changed is not None:
                self.stamp[column] = self.next_stamp
                self.next_stamp += 1
                changed.add(column)
            for other in back:
                touched = rows[other]
                for other_column in touched:
                    if other_column != column:
                        columns[other_column].add(other)
                if changed is not None:
                    changed.update(touched)


def _algorithm_x(cover: _Cover) -> Iterator[list]:
    """Knuth's Algorithm X: cover the column with the fewest rows, trying its rows in
    sorted order (the same answer order on every run); yields each answer as its rows.

    Depth-first with an explicit stack, one level per row chosen, so a board of thousands
    of runs does not reach Python's recursion limit."""
    column = cover.pick()
    if column is None:
        yield []
        return
    chosen: list = []                     # the row chosen at each level
    removed: list = []                    # what cover.select(row) took away, per level
    to_try = [iter(sorted(cover.columns[column]))]   # the rows still to try, per level
    while to_try:
        if len(chosen) == len(to_try):    # undo the row of the deepest level
            cover.deselect(chosen.pop(), removed.pop())
        row = next(to_try[-1], None)
        if row is None:
            to_try.pop()
            continue
        chosen.append(row)
        removed.append(cover.select(row))
        column = cover.pick()
        if column is None:
            yield list(chosen)
        else:
            to_try.append(iter(sorted(cover.columns[column])))


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Every answer of `board` under `reading`, one at a time (engine 1).

    One domain of run states per run; a state that puts two pieces of a kind in
    one room is crossed off, and the rest is an exact cover (every run one state,
    every room one balloon and one iron ball), solved by Algorithm X.  The problem
    is built before the first answer, in at most MAX_LINKS (row, column) pairs;
    a board that needs more raises BoardError then, before any answer (ValueError
    for an unknown reading, likewise at the first answer asked for).  [DF-20]
    """
    _check_reading(reading)
    cells_of = [run.cells for run in runs(board)]
    problem = _cover_problem(board, reading)
    if problem is None:                  # a room no run state can serve: no answer
        return
    for chosen in _algorithm_x(_Cover(*problem)):
        balloons, irons = set(), set()
        for i, state in chosen:
            for cell, ch in zip(cells_of[i], state):
                if ch == BALLOON:
                    balloons.add(cell)
                elif ch == IRON:
                    irons.add(cell)
        yield Answer(frozenset(balloons), frozenset(irons))


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's number of answers under `reading`; counting stops at `cap`, and then
    `capped` is True (the board has at least `cap`).  The same count as listing `solve`'s
    answers up to the cap, found without listing them (`_count_covers`) on boards of at
    most COUNT_DEPTH runs.  Raises ValueError for a cap below 1 or an unknown reading,
    BoardError for a board too large for the engine.  [DF-20; DF-09]
    # count_answers(sample) → Count(count=1, capped=False)"""
    if cap < 1:
        raise ValueError(f"the count cap must be at least 1, got {cap}")
    _check_reading(reading)
    if len(runs(board)) > COUNT_DEPTH:
        return _count_to_cap(solve(board, reading), cap)
    problem = _cover_problem(board, reading)
    if problem is None:                  # a room no run state can serve: no answer
        return Count(0, False)
    n = _count_covers(_Cover(*problem), cap)
    return Count(n, n >= cap)


COUNT_DEPTH = 400   # runs: _count_covers recurses once per run chosen


def _count_covers(cover: _Cover, cap: int) -> int:
    """The number of exact covers of `cover`, or `cap` if there are at least that many.

    Algorithm X as `_algorithm_x` searches, but counting: the problem left after some
    rows are chosen depends only on the columns they cover (a row stays exactly when it
    meets none of them), so the count of each such problem is remembered under those
    columns, as a bit mask, and reused when another choice of rows covers the same ones.
    Loosely tied boards have few distinct problems and very many answers: a 6x6 board's
    loose count of 5,000 or more takes a few hundred problems, not 5,000 answers.
    Counts saturate at `cap` (a sum that reaches it stops), which stays exact, since
    min(a + b, cap) = min(min(a, cap) + min(b, cap), cap).  [DF-20; DF-09]
    """
    bit = {column: 1 << k for k, column in enumerate(cover.columns)}
    mask = {row: sum(bit[column] for column in columns) for row, columns in cover.rows.items()}
    known: dict[int, int] = {}

    def count(covered: int) -> int:
        if covered in known:
            return known[covered]
        column = cover.pick()
        if column is None:
            return 1
        total = 0
        for row in sorted(cover.columns[column]):
            removed = cover.select(row)
            total += count(covered | mask[row])
            cover.deselect(row, removed)
            if total >= cap:
                total = cap
                break
        known[covered] = total
        return total

    return count(0)


def _count_to_cap(answers: Iterator[Answer], cap: int) -> Count:
    """Count `answers`, stopping at `cap`; ValueError for a cap below 1."""
    if cap < 1:
        raise ValueError(f"the count cap must be at least 1, got {cap}")
    n = 0
    for _ in answers:
        n += 1
        if n >= cap:
            return Count(n, True)
    return Count(n, False)


# === 6. Engine 2: the cell backtracker (DF-20) ===

def solve_by_cells(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Every answer of `board`, found without runs (engine 2, the twin of solve).

    Room by room, try every balloon cell and every other iron-ball cell of the
    room; give up on a branch as soon as a placed piece leans on a decided cell
    that cannot hold it; check every finished grid with the rules checker.  Only
    for small boards.  [DF-20]
    """
    _check_reading(reading)
    rooms = board.rooms
    decided: set[Cell] = set()
    balloons: set[Cell] = set()
    irons: set[Cell] = set()

    def leans_well(cell: Cell, kind: str) -> bool:
        r, c = cell
        other = (r - 1, c) if kind == BALLOON else (r + 1, c)
        inside = 0 <= other[0] < board.rows and other not in board.black
        if inside and other not in decided:
            return True                       # not known yet
        here = Answer(frozenset(balloons), frozenset(irons))
        return is_held(kind, _content(board, here, other), reading)

    def place(k: int) -> Iterator[Answer]:
        if k == len(rooms):
            answer = Answer(frozenset(balloons), frozenset(irons))
            if is_answer(board, answer, reading):
                yield answer
            return
        room = sorted(rooms[k])
        decided.update(room)
        for b in room:
            for i in room:
                if i == b:
                    continue
                balloons.add(b)
                irons.add(i)
                if (all(leans_well(cell, BALLOON) for cell in balloons)
                        and all(leans_well(cell, IRON) for cell in irons)):
                    yield from place(k + 1)
                balloons.discard(b)
                irons.discard(i)
        decided.difference_update(room)

    yield from place(0)


def count_by_cells(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 2's number of answers, as count_answers counts engine 1's: stops at `cap`.
    Raises ValueError for a cap below 1 or an unknown reading.  [DF-20]"""
    return _count_to_cap(solve_by_cells(board, reading), cap)


# === 7. Run-tops and starved rooms (DF-11, DF-12, DF-13) ===

class RoomTops(NamedTuple):
    """What one room holds of the run ends: T run-tops, B run-bottoms, and D cells that
    are both (one-cell runs)."""

    tops: frozenset[Cell]
    bottoms: frozenset[Cell]
    both: frozenset[Cell]


def room_tops(board: Board) -> tuple[RoomTops, ...]:
    """For every room, in board.rooms order, its run-tops, run-bottoms and one-cell
    runs.  [DF-12]"""
    tops, bottoms = run_tops(board), run_bottoms(board)
    return tuple(RoomTops(room & tops, room & bottoms, room & tops & bottoms)
                 for room in board.rooms)


def starved_rooms(board: Board) -> tuple[int, ...]:
    """The indices of the rooms that hold no run-top.  [DF-12, DF-14]"""
    tops = run_tops(board)
    return tuple(i for i, room in enumerate(board.rooms) if room.isdisjoint(tops))


def one_cell_runs(board: Board) -> tuple[Run, ...]:
    """The runs of length 1 (their one cell is both a run-top and a run-bottom)."""
    return tuple(run for run in runs(board) if run.length == 1)


def predicted_count(board: Board) -> int:
    """The write-up's prediction ∏T_i · ∏B_i (T_i run-tops, B_i run-bottoms in room i).
    [DF-12; write-up, "a run-top is always a legal balloon"]"""
    ends = room_tops(board)
    return math.prod(len(e.tops) for e in ends) * math.prod(len(e.bottoms) for e in ends)


def unstacked_count(board: Board) -> int:
    """∏(T_i·B_i − D_i): the number of answers that put every balloon on a run-top and
    every iron ball on a run-bottom (each room picks a top and a different bottom,
    and any such pick is legal by position).  It equals the count under the
    no-stacking reading on every board, and bounds the official count from below.
    [DF-12, corrected]"""
    return math.prod(len(e.tops) * len(e.bottoms) - len(e.both) for e in room_tops(board))


def no_straddle(board: Board) -> bool:
    """Whether no run of length >= 2 has its top two cells, or its bottom two cells,
    in two different rooms.  Then no answer can stack a piece on its own kind, so
    the official count is exactly unstacked_count.  [DF-12, corrected]"""
    room = room_of(board)
    return all(room[(run.top, run.col)] == room[(run.top + 1, run.col)]
               and room[(run.bottom, run.col)] == room[(run.bottom - 1, run.col)]
               for run in runs(board) if run.length >= 2)


def stacked_pieces(board: Board, answer: Answer) -> frozenset[Cell]:
    """The balloons not on a run-top and the iron balls not on a run-bottom: the
    pieces that lean on a piece rather than on a cap.  [DF-13, DF-17]"""
    return (answer.balloons - run_tops(board)) | (answer.irons - run_bottoms(board))


# === 8. Generators (DF-15, DF-16, DF-17) ===
# Deterministic: every draw is a call of random.Random(seed).random().

# Black-cell density before one-cell runs go black.  The write-up does not give it; it is
# calibrated on the one figure that pins it, 10.7 runs per 8x8 bank board: the bank's own
# procedure gives 10.4 runs at 0.10, 10.7 at 0.12 and 10.9 at 0.14 (checks_dosun_fuwari.df_05
# reruns the calibration and prints the table).
DEFAULT_BLACK = 0.12
MAX_ATTEMPTS = 1000    # starved_board and unique_board give up after this many draws


def draw_black(rng: random.Random, rows: int, cols: int, density: float) -> frozenset[Cell]:
    """Black cells: every cell black with probability `density` (one rng.random() per
    cell, in reading order)."""
    return frozenset((r, c) for r in range(rows) for c in range(cols) if rng.random() < density)


def trivial_board(seed: int, rows: int, cols: int, density: float = DEFAULT_BLACK) -> Board:
    """The trivial board, answer drawn first: black cells at `density`, every
    one-cell run then painted black (a one-cell room cannot hold both pieces),
    one room per run; the answer is a balloon on every run-top and an iron ball on
    every run-bottom.  It has exactly that one answer.  [DF-15, DF-17]"""
    return _trivial(random.Random(seed), rows, cols, density)


def _trivial(rng: random.Random, rows: int, cols: int, density: float) -> Board:
    return trivial_of(rows, cols, draw_black(rng, rows, cols, density))


def trivial_of(rows: int, cols: int, black: Iterable[Cell]) -> Board:
    """The trivial board on these black cells: every one-cell run painted black too,
    one room per run, a balloon on every run-top and an iron ball on every run-bottom.
    # len(trivial_of(4, 3, {(0, 0)}).rooms) → 3, one room per column  [DF-15]"""
    black = set(black)
    black |= {(run.top, run.col) for run in one_cell_runs(make_board(rows, cols, black, ()))}
    all_runs = runs(make_board(rows, cols, black, ()))
    answer = Answer(frozenset((run.top, run.col) for run in all_runs),
                    frozenset((run.bottom, run.col) for run in all_runs))
    return make_board(rows, cols, black, (run.cells for run in all_runs), answer)


def _balloon_of(board: Board, index: int) -> Cell:
    """The drawn answer's balloon in room `index`."""
    (balloon,) = board.rooms[index] & board.answer.balloons
    return balloon


def starve_candidates(board: Board) -> list[tuple[int, int]]:
    """The (room, neighbour) pairs one starving step may use, as the write-up words it:
    a room hands a run's top cell to a neighbouring room, left or right of that cell, and
    the room left behind has to stack.  A pair is a candidate when:

    - `room` holds exactly one run-top, with its balloon on it, and the rest of that run
      below it, at least two cells: handing the run-top away leaves the room starved
      ("the room left behind has to stack"), and its balloon can then only hang directly
      under the handed cell, above its iron ball;
    - `neighbour` is another room holding the cell left or right of that run-top, and no
      balloon hangs directly under the neighbour's balloon: that balloon has to move onto
      the handed cell to hold the starved room's balloon up.

    These are the steps after which the drawn answer can stay legal with every other
    room's pieces where they are (the tests hold them to a brute-force search), but one:
    a room fed a run-top after it was starved could hand that cell on, its balloon going
    back under the balloon it hung from before.  It may not, because a room is starved
    once ("starves rooms one at a time"); otherwise a run-top could pass back and forth
    between two rooms for ever and a draw need not end.  That is why the rest of the run
    must be in the room.  Elsewhere the reading adds nothing: the neighbour may be a whole
    run, a room that has received cells, or a starved room (which then holds a run-top
    again), and nothing is asked of uniqueness.  Needs a drawn answer with one balloon in
    every room.  [DF-15]
    """
    if board.answer is None:
        raise ValueError("starving needs a board with a drawn answer")
    tops, room = run_tops(board), room_of(board)
    balloon = _balloons_by_room(board, room)
    held: dict[int, list[Cell]] = {}
    for cell in tops:
        if cell in room:
            held.setdefault(room[cell], []).append(cell)
    pairs = set()
    for i, here in held.items():
        if len(here) != 1 or balloon[i] != here[0]:
            continue
        top, cells = here[0], board.rooms[i]
        under = (top[0] + 1, top[1])
        if under not in cells or under in board.answer.irons:
            continue
        for side in ((top[0], top[1] - 1), (top[0], top[1] + 1)):
            j = room.get(side)
            if j is None or j == i:
                continue
            moved = balloon[j]
            if (moved[0] + 1, moved[1]) not in board.answer.balloons:
                pairs.add((i, j))
    return sorted(pairs)


def _balloons_by_room(board: Board, room: dict[Cell, int]) -> list[Cell]:
    """The drawn answer's balloon in each room, by room index (`room`: room_of(board)).
    Raises ValueError unless every room holds exactly one balloon."""
    found: list[list[Cell]] = [[] for _ in board.rooms]
    for cell in board.answer.balloons:
        if cell in room:
            found[room[cell]].append(cell)
    if any(len(cells) != 1 for cells in found):
        raise ValueError("starving needs a drawn answer with one balloon in every room")
    return [cells[0] for cells in found]


def starve_once(board: Board, pair: tuple[int, int],
                candidates: list[tuple[int, int]] | None = None) -> Board:
    """Starve room `pair[0]` by handing its run-top to the neighbouring room `pair[1]`.

    The drawn answer moves with it: the handed cell keeps its balloon, which is now the
    neighbour's (the neighbour's old balloon is taken away), and the starved room's
    balloon goes directly under it.  Every run keeps a prefix-of-balloons, suffix-of-iron-
    balls state, so the answer stays legal without consulting the rules.  `candidates`:
    starve_candidates(board), if already at hand.  Raises ValueError if the board has no
    drawn answer or the pair is not in starve_candidates.
    # starve_once(trivial_of(3, 2, ()), (0, 1)).rooms → ({(0,0),(0,1),(1,1),(2,1)}, {(1,0),(2,0)})
    [DF-15, DF-17]
    """
    if board.answer is None:
        raise ValueError(f"cannot starve with {pair}: no drawn answer")
    if pair not in (starve_candidates(board) if candidates is None else candidates):
        raise ValueError(f"cannot starve with {pair}: not a candidate")
    starving, neighbour = board.rooms[pair[0]], board.rooms[pair[1]]
    top = _balloon_of(board, pair[0])
    rooms = [room for room in board.rooms if room not in (starving, neighbour)]
    rooms += [starving - {top}, neighbour | {top}]
    balloons = (board.answer.balloons - {_balloon_of(board, pair[1])}) | {(top[0] + 1, top[1])}
    return make_board(board.rows, board.cols, board.black, rooms,
                      Answer(balloons, board.answer.irons))


def starving_chain(rng: random.Random, rows: int, cols: int, starved: int,
                   density: float = DEFAULT_BLACK) -> list[Board]:
    """The boards of one draw, in order: a trivial board, then one board per starving
    step (a pair picked uniformly from starve_candidates), until the board has `starved`
    starved rooms or the candidates run out.  A step whose neighbour was itself starved
    starves one room and feeds another, so the count stays where it was and the draw
    goes on: the dial is the number of starved rooms on the board, not the number of
    steps.  [DF-15]"""
    chain = [_trivial(rng, rows, cols, density)]
    while len(starved_rooms(chain[-1])) < starved:
        pairs = starve_candidates(chain[-1])
        if not pairs:
            break
        chain.append(starve_once(chain[-1], common.pick(rng, pairs), pairs))
    return chain


def draw_starved(rng: random.Random, rows: int, cols: int, starved: int,
                 density: float = DEFAULT_BLACK) -> Board | None:
    """One draw (starving_chain): its last board, or None if the candidates ran out
    before the board had `starved` starved rooms."""
    last = starving_chain(rng, rows, cols, starved, density)[-1]
    return last if len(starved_rooms(last)) == starved else None


def starved_board(seed: int, rows: int, cols: int, starved: int,
                  density: float = DEFAULT_BLACK) -> Board:
    """A board with exactly `starved` starved rooms and its drawn answer, drawing again
    until a draw gets that far.  Raises ValueError after MAX_ATTEMPTS draws.  [DF-15]
    # len(starved_rooms(starved_board(1, 12, 12, 8))) → 8"""
    rng = random.Random(seed)
    for _ in range(MAX_ATTEMPTS):
        board = draw_starved(rng, rows, cols, starved, density)
        if board is not None:
            return board
    raise ValueError(f"no {rows}x{cols} board with {starved} starved rooms in {MAX_ATTEMPTS} draws")


def unique_board(seed: int, rows: int, cols: int, starved: int,
                 density: float = DEFAULT_BLACK) -> Board:
    """Like starved_board, but drawing again until the board has exactly one answer
    (engine 1, counting stopped at 2).  Raises ValueError after MAX_ATTEMPTS draws."""
    rng = random.Random(seed)
    for _ in range(MAX_ATTEMPTS):
        board = draw_starved(rng, rows, cols, starved, density)
        if board is not None and count_answers(board, cap=2).count == 1:
            return board
    raise ValueError(f"no unique {rows}x{cols} board with {starved} starved rooms "
                     f"in {MAX_ATTEMPTS} draws")


def random_rooms(rng: random.Random, rows: int, cols: int, black: frozenset[Cell],
                 mean_size: float) -> list[frozenset[Cell]]:
    """Random connected rooms over the white cells: round(white / mean_size) seed cells
    (at least one), then grown one cell at a time (a uniformly drawn unassigned cell
    next to a room joins a uniformly drawn neighbouring room); a white component no
    seed reached gets a new seed.  The sorted frontier is kept up to date as cells
    join (not rebuilt), with the same draws in the same order."""
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    if not white:
        return []
    owner: dict[Cell, int] = {}
    seeds = common.shuffled(rng, white)[:max(1, round(len(white) / mean_size))]
    for i, cell in enumerate(sorted(seeds)):
        owner[cell] = i
    labels = len(seeds)
    left = set(white) - set(owner)
    frontier = sorted({n for cell in owner for n in common.neighbours(cell) if n in left})
    while left:
        if not frontier:
            cell = common.pick(rng, sorted(left))
            owner[cell] = labels
            labels += 1
        else:
            cell = frontier.pop(common.below(rng, len(frontier)))
            owner[cell] = owner[common.pick(rng, [n for n in common.neighbours(cell) if n in owner])]
        left.discard(cell)
        for n in common.neighbours(cell):
            if n in left:
                at = bisect.bisect_left(frontier, n)
                if at == len(frontier) or frontier[at] != n:
                    frontier.insert(at, n)
    rooms: dict[int, set[Cell]] = {}
    for cell, i in owner.items():
        rooms.setdefault(i, set()).add(cell)
    return [frozenset(room) for room in rooms.values()]


def random_board(seed: int, rows: int, cols: int, density: float,
                 mean_size: float = 5.0) -> Board:
    """A random board: every cell black with probability `density`, then random
    connected rooms of the white cells (random_rooms); no answer is drawn.  [DF-16]"""
    rng = random.Random(seed)
    black = draw_black(rng, rows, cols, density)
    return make_board(rows, cols, black, random_rooms(rng, rows, cols, black, mean_size))


# === 9. Figures for a list of boards (DF-05, DF-08, DF-09, DF-14) ===

def runs_per_board(boards: Iterable[Board]) -> list[int]:
    """The number of runs of each board.  [DF-05]"""
    return [len(runs(board)) for board in boards]


def log10_placement_space(boards: Iterable[Board], reading: str = DEFAULT_READING) -> list[float]:
    """log10 of each board's placement space under `reading`.  [DF-05, DF-08]"""
    return [sum(math.log10(count_run_states(run.length, reading)) for run in runs(board))
            for board in boards]


def starved_per_board(boards: Iterable[Board]) -> list[int]:
    """The number of starved rooms of each board.  [DF-14]"""
    return [len(starved_rooms(board)) for board in boards]


def loose_counts(boards: Iterable[Board], cap: int = COUNT_CAP) -> list[Count]:
    """Each board's answer count under the loose reading, stopped at `cap`.  [DF-09]"""
    return [count_answers(board, "loose", cap) for board in boards]


def no_stacking_counts(boards: Iterable[Board], cap: int = COUNT_CAP) -> list[Count]:
    """Each board's answer count under the no-stacking reading, stopped at `cap`.  [DF-14]"""
    return [count_answers(board, "no-stacking", cap) for board in boards]


# === 10. Small boards, exhaustively ===

def _connected_sets(start: Cell, allowed: frozenset[Cell]) -> Iterator[frozenset[Cell]]:
    """Every connected subset of `allowed` that contains `start`, once each."""
    seen = set()
    stack = [frozenset([start])]
    while stack:
        part = stack.pop()
        if part in seen:
            continue
        seen.add(part)
        yield part
        for cell in part:
            for n in common.neighbours(cell):
                if n in allowed and n not in part:
                    stack.append(part | {n})


def connected_partitions(cells: Iterable[Cell]) -> Iterator[list[frozenset[Cell]]]:
    """Every partition of `cells` into connected rooms, once each (the room holding the
    first remaining cell is chosen first)."""
    cells = frozenset(cells)
    if not cells:
        yield []
        return
    first = min(cells)
    for part in _connected_sets(first, cells):
        for rest in connected_partitions(cells - part):
            yield [part] + rest


def all_boards(rows: int, cols: int) -> Iterator[Board]:
    """Every rows x cols board: every set of black cells, every partition of the white
    cells into connected rooms."""
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    for mask in range(2 ** len(grid)):
        black = frozenset(cell for k, cell in enumerate(grid) if mask >> k & 1)
        for rooms in connected_partitions(set(grid) - black):
            yield make_board(rows, cols, black, rooms)


# === 11. Command line ===

SHOWN_ANSWERS = 3      # answers drawn in the text output; --json lists all up to the cap


def _describe(board: Board, answers: list[Answer], result: Count, reading: str) -> str:
    """The text output: reading, board, count, what the stored answer is worth, answers."""
    lines = [f"reading: {reading}", picture(board.replace(answer=None)).rstrip(),
             f"answers: at least {result.count} (counting stopped at the cap {result.count})"
             if result.capped else f"answers: {result.count}"]
    if board.answer is not None:
        broken = violations(board, board.answer, reading)
        lines.append("stored answer: an answer" if not broken else
                     f"stored answer: not an answer ({broken[0].rule})")
    for k, answer in enumerate(answers[:SHOWN_ANSWERS], 1):
        lines.append(f"answer {k}:")
        lines += [" ".join(row) for row in answer_rows(board, answer)]
    if len(answers) > SHOWN_ANSWERS:
        lines.append(f"(first {SHOWN_ANSWERS} shown; --json lists them all up to the cap)")
    lines.append(f"legend: {LEGEND}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """python dosun_fuwari.py BOARD [--reading R] [--cap N] [--json]: print the board,
    the reading used, the answer count and the answers (up to the cap)."""
    parser = cli.Parser(prog="dosun_fuwari.py",
                        description="Count the answers of a Dosun-Fuwari board and draw the "
                                    "first three.")
    cli.solver_options(parser, READINGS, DEFAULT_READING, COUNT_CAP)
    args = parser.parse_args(argv)
    try:
        board = load(args.board)
    except BoardError as error:
        print(f"dosun_fuwari.py: {error}", file=sys.stderr)
        return 2
    try:   # a board that reads well can still be refused: no link for it, or too large
        if args.url:
            print(url(board))
            return 0
        answers = list(itertools.islice(solve(board, args.reading), args.cap))
    except BoardError as error:
        print(f"dosun_fuwari.py: {puzzlink.named(args.board)}: {error}", file=sys.stderr)
        return 2
    result = Count(len(answers), len(answers) >= args.cap)
    if args.json:
        print(json.dumps({"reading": args.reading, "count": result.count, "capped": result.capped,
                          "answers": [[" ".join(row) for row in answer_rows(board, a)]
                                      for a in answers]}))
    else:
        print(_describe(board, answers, result, args.reading))
    return 0


if __name__ == "__main__":
    cli.run(main)
