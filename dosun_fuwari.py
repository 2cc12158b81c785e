"""Dosun-Fuwari, in the order of its write-up.

The rules: the white cells are cut into rooms, each holding one balloon and one iron
ball; a balloon sits in the top row or directly under a black cell or another balloon, an
iron ball in the bottom row or directly over a black cell or another iron ball.

Glossary (with an example value)
    cell        (row, col), row 0 at the top                         (2, 3)
    cap         what holds a run at either end: a black cell or the grid's edge
    room        a connected set of white cells                       frozenset({(0, 0), (1, 0)})
    balloon     'o'; iron ball '*'; empty '.'; black cell '#'
    answer      the balloon cells and the iron-ball cells            Answer(balloons=…, irons=…)
    run         a maximal vertical strip of white cells              Run(col=2, top=0, bottom=3)
    run-top     the top cell of a run; run-bottom its bottom cell
    run state   the filling of one run, top to bottom                'oo..*'
    (b, s)      an official run state's balloons and iron balls      'oo..*' → (2, 1)
    starved     a room that holds no run-top
    reading     the wording of the rule: 'official', 'loose' ("another piece"),
                'no-stacking' (a piece only ever leans on a cap)
    count cap   counting stops there (COUNT_CAP); not to be confused with a cap cell
    cut         runs done | runs to come, left to right; its open rooms lie on both sides

Banners are the write-up's sections (claim IDs DF-.. as in the claims catalogue), the
plumbing last; the ladder (DF-18, DF-19) is ladder.py, the twins twins/dosun_fuwari.py.

Roads not taken: engine 1 could propagate over cells like engine 2, but a run's run states
are a closed list, over which the rooms make an exact cover (Algorithm X, as Knuth and
Assaf write it).  A heap for the shortest column, rows shared across boards, and runs
remembered per pattern of black cells are bookkeeping, not ideas.  A memo counting covers
without listing them is not needed: the loose reading, whose counts run into thousands,
is counted run by run (loose_completions), and under the other readings counts are small.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import dataclasses
import math
import random
import sys
from typing import Callable, Iterable, Iterator, NamedTuple

import common
from common import BoardError, Count
from plumbing import cli, puzzlink
from plumbing import dosun_fuwari_files as files

__all__ = [
    "BoardError", "Count", "Cell", "Room", "State", "BALLOON", "IRON", "EMPTY", "BLACK",
    "READINGS", "DEFAULT_READING", "COUNT_CAP", "Answer", "Board", "make_board", "room_of",
    "Violation", "is_held", "support_violations", "violations", "is_answer", "Run", "runs",
    "run_tops", "run_bottoms", "prefix_suffix_states", "run_states", "states_in_rooms", "reach",
    "distinct_stretch", "is_prefix_suffix", "OFFICIAL_COUNTS", "LOOSE_COUNTS",
    "NO_STACKING_COUNTS", "LITERAL_COUNTS", "count_run_states", "placement_space",
    "placement_decades", "Pieces", "loose_states", "LooseCounts", "loose_counts",
    "legal_by_position", "starved_rooms", "predicted_count", "unstacked_count", "no_straddle",
    "stacked_pieces", "tops_and_bottoms", "DEFAULT_BLACK", "MAX_ATTEMPTS", "draw_black",
    "trivial_board", "trivial_of", "starve_candidates", "balloons_by_room", "can_starve",
    "holds_a_hanging_balloon", "starve_once", "starving_chain", "draw_starved", "starved_board",
    "unique_board", "random_rooms", "random_board", "unreachable_rooms", "exact_cover",
    "covers", "algorithm_x", "choose_column", "select", "deselect", "answer_of", "solve",
    "count_answers", "LooseStep", "loose_steps", "cut_after", "loose_completions",
    "solve_loose", "MAX_LINKS", "MAX_RUNS", "check_size", "GENRE", "PZPRJS_GENRE",
    "LINK_READING", "LEGEND", "answer_rows", "picture", "to_record", "parse", "from_record",
    "load", "main",
]

Cell = common.Cell              # (row, col), row 0 at the top: (2, 3)
Room = frozenset[Cell]          # a connected set of white cells: frozenset({(0, 0), (1, 0)})
State = str                     # a run state, top to bottom over "o*.": 'o..*'

BALLOON, IRON, EMPTY, BLACK = files.BALLOON, files.IRON, files.EMPTY, files.BLACK  # o * . #
READINGS = ("official", "loose", "no-stacking")
DEFAULT_READING = "official"
COUNT_CAP = 5000                # the write-up's counting cap


Answer = NamedTuple("Answer", [("balloons", frozenset), ("irons", frozenset)])  # their cells


@dataclasses.dataclass(frozen=True)
class Board(common.Record):
    """A board: its size, its black cells (caps, in no room), its rooms by first cell in
    reading order (make_board sorts them; the constructor checks nothing), a drawn or given
    answer or None, and, not compared, the file's `key: value` lines and room labels."""
    rows: int
    cols: int
    black: frozenset[Cell]
    rooms: tuple[Room, ...]
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)
    labels: tuple[tuple[Room, str], ...] = dataclasses.field(default=(), compare=False)


def make_board(rows: int, cols: int, black: Iterable[Cell], rooms: Iterable[Iterable[Cell]],
               answer: Answer | None = None, metadata: tuple = ()) -> Board:
    """A Board with its rooms in canonical order."""
    canonical = tuple(sorted((frozenset(room) for room in rooms), key=min))
    return Board(rows, cols, frozenset(black), canonical, answer, metadata)


def room_of(board: Board) -> dict[Cell, int]:
    """Cell → index of its room in board.rooms, for every white cell."""
    return {cell: index for index, room in enumerate(board.rooms) for cell in room}


# === The rules (DF-01): the checker, from the rules text alone, asked of every answer ===

Violation = common.Violation   # (rule, cells): a broken rule in words, its cells


def is_held(kind: str, neighbour: str, reading: str = DEFAULT_READING) -> bool:
    """Whether a piece of `kind` ('o', '*') may stand next to `neighbour`, the cell above a
    balloon or below an iron ball: '#' a cap (black cell or the grid's edge), 'o', '*', '.'.
    # is_held('o', '#') → True; is_held('o', '*') → False, but True under 'loose'"""
    common.check_reading(reading, READINGS)
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
    """What `cell` holds: '#' for a black cell or a cell off the grid, else 'o', '*', '.'."""
    r, c = cell
    if not (0 <= r < board.rows and 0 <= c < board.cols) or cell in board.black:
        return BLACK
    if cell in answer.balloons:
        return BALLOON
    if cell in answer.irons:
        return IRON
    return EMPTY


def support_violations(board: Board, answer: Answer,
                       reading: str = DEFAULT_READING) -> list[Violation]:
    """The broken placement rules (pieces on black cells or off the grid, two pieces in
    one cell, unsupported balloons and iron balls), ignoring the rooms.  [DF-01]"""
    common.check_reading(reading, READINGS)
    found = []
    pieces = answer.balloons | answer.irons
    outside = {(r, c) for r, c in pieces if not (0 <= r < board.rows and 0 <= c < board.cols)}
    for cells, rule in ((pieces & board.black, "a piece may not stand on a black cell"),
                        (outside, "a piece must stand inside the grid"),
                        (answer.balloons & answer.irons, "a cell holds at most one piece")):
        if cells:
            found.append(Violation(rule, tuple(sorted(cells))))
    balloon_rule, iron_rule = _RULE_TEXT[reading]
    for cell in sorted(answer.balloons - answer.irons):
        if not is_held(BALLOON, _content(board, answer, (cell[0] - 1, cell[1])), reading):
            found.append(Violation(balloon_rule, (cell,)))
    for cell in sorted(answer.irons - answer.balloons):
        if not is_held(IRON, _content(board, answer, (cell[0] + 1, cell[1])), reading):
            found.append(Violation(iron_rule, (cell,)))
    return found


def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule `answer` breaks on `board` under `reading` ([] for an answer): those of
    support_violations, and exactly one balloon and one iron ball in every room.  [DF-01]"""
    found = support_violations(board, answer, reading)
    for cells, name in ((answer.balloons, "balloon"), (answer.irons, "iron ball")):
        for room in board.rooms:
            inside = tuple(sorted(room & cells))
            if len(inside) == 1:
                continue
            rule = f"a room must hold exactly one {name} (this one holds {len(inside)})"
            if inside:
                found.append(Violation(rule, inside))
            else:                                  # none: name the room by its first cell
                found.append(Violation(rule, (min(room),)))
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading` on `board`.  [DF-01]"""
    return not violations(board, answer, reading)


# === The grid is a decoy (DF-02 .. DF-05) ===

class Run(NamedTuple):
    """A maximal vertical strip of white cells: its column, its top and bottom rows."""
    col: int
    top: int
    bottom: int

    @property
    def cells(self) -> tuple[Cell, ...]:          # top to bottom
        return tuple((r, self.col) for r in range(self.top, self.bottom + 1))

    @property
    def length(self) -> int:
        return self.bottom - self.top + 1


def runs(board: Board) -> tuple[Run, ...]:
    """Every run of the board, sorted by (top, col): each column cut at its black cells.
    # runs(5x5 sample)[0] → Run(col=0, top=0, bottom=0)"""
    found = []
    for c in range(board.cols):
        top = None                                  # the top of the run being walked, if any
        for r in range(board.rows + 1):
            white = r < board.rows and (r, c) not in board.black
            if white and top is None:
                top = r
            if not white and top is not None:       # a cap: the run ends above it
                found.append(Run(c, top, r - 1))
                top = None
    return tuple(sorted(found, key=lambda run: (run.top, run.col)))


def run_tops(board: Board) -> frozenset[Cell]:
    """The top cell of every run: a white cell under a cap (the top edge or a black cell)."""
    return frozenset((run.top, run.col) for run in runs(board))


def run_bottoms(board: Board) -> frozenset[Cell]:
    """The bottom cell of every run: a white cell over a cap (the bottom edge or a black cell)."""
    return frozenset((run.bottom, run.col) for run in runs(board))


def prefix_suffix_states(length: int, most_balloons: int, most_irons: int) -> tuple[State, ...]:
    """In a legal filling of a run the balloons are a prefix and the iron balls a suffix, as
    a balloon is held only by the balloon above it and an iron ball by the one below: the
    run states are b balloons, then empty cells, then s iron balls, here for every
    b <= most_balloons and s <= most_irons with b + s <= `length`, b first.  [DF-02]
    # prefix_suffix_states(3, 1, 1) → ('...', '..*', 'o..', 'o.*')"""
    states = []
    for b in range(min(most_balloons, length) + 1):
        for s in range(min(most_irons, length - b) + 1):
            states.append(BALLOON * b + EMPTY * (length - b - s) + IRON * s)
    return tuple(states)


def run_states(length: int, reading: str = DEFAULT_READING) -> tuple[State, ...]:
    """The run states of a run of `length` cells seen alone, top to bottom: states_in_rooms
    with every cell in a room of its own.  Official: every prefix of b balloons and suffix
    of s iron balls, b + s <= L [DF-02]; no-stacking: the same with b and s at most 1, a
    piece only on the run's end [DF-07]; loose: cell by cell (loose_states) [DF-06].
    ValueError for length < 1 or an unknown reading.
    # run_states(2) → ('..', '.*', '**', 'o.', 'o*', 'oo')"""
    common.check_reading(reading, READINGS)
    if length < 1:
        raise ValueError(f"a run has at least one cell, got length {length}")
    return tuple(states_in_rooms(list(range(length)), reading))


def states_in_rooms(rooms_here: list[int], reading: str) -> Iterator[State]:
    """The run states of a run whose cells lie in rooms `rooms_here` (top to bottom) that put
    no two pieces of a kind into one room: engine 1's rows for the run.  Official and
    no-stacking: the balloons are a prefix and the iron balls a suffix, each as long as
    `reach` allows; loose: cell by cell (loose_states).  [DF-02, DF-20]
    # list(states_in_rooms([5, 5], 'official')) → ['..', '.*', 'o.', 'o*']"""
    if reading == "loose":
        for state, _ in loose_states(rooms_here):
            yield state
        return
    most_balloons, most_irons = reach(rooms_here, reading)
    yield from prefix_suffix_states(len(rooms_here), most_balloons, most_irons)


def reach(rooms_here: list[int], reading: str) -> tuple[int, int]:
    """(how many cells from the top of a run through rooms `rooms_here` can hold a balloon,
    how many from the bottom an iron ball), one room never given two of a kind.  Official:
    the k-th cell (from 0) holds a balloon only under k balloons, so as far as the cells lie
    in distinct rooms (distinct_stretch); no-stacking: the end cell alone; loose: every
    cell, an iron ball over it holding it ('*o').  [DF-02, DF-06, DF-07, DF-16]
    # reach([4, 7, 7, 2], 'official') → (2, 2)"""
    if reading == "official":
        return distinct_stretch(rooms_here), distinct_stretch(rooms_here[::-1])
    if reading == "no-stacking":
        return 1, 1
    return len(rooms_here), len(rooms_here)


def distinct_stretch(rooms_here: list[int]) -> int:
    """How many cells from the start lie in pairwise different rooms.  # ([4, 7, 7, 2]) → 2"""
    seen = set()
    for room in rooms_here:
        if room in seen:
            break
        seen.add(room)
    return len(seen)


def is_prefix_suffix(state: State) -> bool:
    """Whether `state`, any filling of a run over "o*.", is balloons, then empty cells, then
    iron balls: every official run state is, as a balloon is held only by the balloon above
    it and an iron ball by the one below.  [DF-02]"""
    b, s = state.count(BALLOON), state.count(IRON)
    return state == BALLOON * b + EMPTY * (len(state) - b - s) + IRON * s


OFFICIAL_COUNTS = (3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91)           # OEIS A000217 from T(2)
LOOSE_COUNTS = (3, 7, 16, 37, 86, 200, 465, 1081, 2513, 5842, 13581, 31572)  # OEIS A095263
NO_STACKING_COUNTS = (3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)     # run states, L = 1..12, as tables
LITERAL_COUNTS = {"official": OFFICIAL_COUNTS, "loose": LOOSE_COUNTS,
                  "no-stacking": NO_STACKING_COUNTS}


def count_run_states(length: int, reading: str = DEFAULT_READING) -> int:
    """A run of L cells has (L+1)(L+2)/2 run states (b, s), b + s <= L [DF-03; OEIS
    A000217]; no-stacking 3 for L = 1, else 4 [DF-07]; loose a transfer over the last cell,
    the Pisot E(3,7) [DF-06; OEIS A095263].  ValueError for length < 1.
    # count_run_states(12, 'loose') → 31572"""
    common.check_reading(reading, READINGS)
    if length < 1:
        raise ValueError(f"a run has at least one cell, got length {length}")
    if reading == "official":
        return (length + 1) * (length + 2) // 2
    if reading == "no-stacking" and length == 1:
        return 3
    if reading == "no-stacking":
        return 4
    ending = {EMPTY: 1, IRON: 1, BALLOON: 1}   # run states of the top cell, by what it holds
    for _ in range(length - 1):                # one cell more below, by what it holds:
        ending = {EMPTY: ending[EMPTY] + ending[BALLOON],    # not under an iron ball
                  IRON: sum(ending.values()),                # under anything
                  BALLOON: ending[IRON] + ending[BALLOON]}   # under a piece
    return sum(ending.values())


def placement_space(board: Board, reading: str = DEFAULT_READING) -> int:
    """Before the rooms, a board's placements are the product of its runs' run-state counts:
    only the run lengths matter, not where the cells are.  [DF-04, DF-05]"""
    return math.prod(count_run_states(run.length, reading) for run in runs(board))


def placement_decades(board: Board, reading: str = DEFAULT_READING) -> float:
    """log10 of the board's placement space, the sum over its runs of log10 of their state
    counts: a shipped 8×8 has 10.7 runs and about 10^13 placements, a 12×12 22.2 runs and
    10^28.4, each the mean of len(runs(board)) and of this over the bank (10^19.2 at 8×8
    under the loose reading).  [DF-05, DF-08]  # a board of one run of 3 cells → 1.0"""
    return sum(math.log10(count_run_states(run.length, reading)) for run in runs(board))


# === The rule as it is usually restated is a different puzzle (DF-06 .. DF-10, DF-21) ===

Pieces = frozenset[tuple[str, int]]    # (kind, room) for each piece a run state puts in


def loose_states(rooms_here: list[int], above: str = BLACK,
                 used: Pieces = frozenset()) -> Iterator[tuple[State, Pieces]]:
    """The loose run states of a run whose cells lie in rooms `rooms_here` (top to bottom)
    that put no two pieces of a kind into one room, each with the pieces it puts in, cell
    by cell: a balloon under a piece or a cap, an iron ball over a piece or a cap, so '*o'
    holds itself.  `above`: what the cell over the first holds ('#': the cap); `used`: the
    pieces above.  [DF-06]
    # [state for state, _ in loose_states([0, 1])] → ['..', '.*', '**', '*o', 'o.', 'o*', 'oo']"""
    if not rooms_here:
        yield "", used
        return
    room = rooms_here[0]
    for here in (EMPTY, IRON, BALLOON):
        if here == BALLOON and above == EMPTY:      # a balloon under nothing
            continue
        if here == EMPTY and above == IRON:         # an iron ball over nothing
            continue
        taken = used
        if here != EMPTY:
            if (here, room) in used:                # a second piece of a kind in the room
                continue
            taken = used | {(here, room)}
        for rest, pieces in loose_states(rooms_here[1:], here, taken):
            yield here + rest, pieces


class LooseCounts(NamedTuple):
    """Boards unique under the official reading, counted again under the loose one."""
    unique: int                 # how many stay unique
    smallest: int               # the smallest loose count (a capped count stands for more)
    counts: tuple[Count, ...]   # every board's loose count, in order


def loose_counts(boards: Iterable[Board], cap: int = COUNT_CAP) -> LooseCounts:
    """The loose count of each board (engine 1, stopped at `cap`), how many stay unique and
    the smallest: the write-up's 40 unique 6×6 boards turn into 0 unique, the smallest
    count 3,264.  Assumes at least one board.  [DF-10]"""
    counts = tuple(count_answers(board, "loose", cap) for board in boards)
    return LooseCounts(sum(c.count == 1 for c in counts), min(c.count for c in counts), counts)


# === A run-top is always a legal balloon, and that decides everything (DF-11 .. DF-14) ===

def legal_by_position(board: Board, kind: str) -> frozenset[Cell]:
    """The cells where a piece of `kind` is legal whatever else is on the board: a balloon
    ('o') on a run-top, an iron ball ('*') on a run-bottom, as it leans on a cap under
    every reading.  [DF-11]   # legal_by_position(board, 'o') == run_tops(board)"""
    if kind == BALLOON:
        return run_tops(board)
    return run_bottoms(board)


def starved_rooms(board: Board) -> tuple[int, ...]:
    """The indices of the rooms that hold no run-top.  [DF-12, DF-14]"""
    tops = run_tops(board)
    return tuple(i for i, room in enumerate(board.rooms) if room.isdisjoint(tops))


def predicted_count(board: Board) -> int:
    """The write-up's prediction ∏T_i · ∏B_i (T_i run-tops, B_i run-bottoms in room i) for a
    board with no starved room.  Refuted as stated: see unstacked_count.  [DF-12]"""
    tops, bottoms = run_tops(board), run_bottoms(board)
    return (math.prod(len(room & tops) for room in board.rooms)
            * math.prod(len(room & bottoms) for room in board.rooms))


def unstacked_count(board: Board) -> int:
    """Corrected DF-12: the answers with every balloon on a run-top and every iron ball on a
    run-bottom number ∏(T_i·B_i − D_i) (D_i: one-cell runs in room i; a room picks a top and
    another bottom): the no-stacking count, a lower bound of the official.  [DF-12, corrected]"""
    tops, bottoms = run_tops(board), run_bottoms(board)
    return math.prod(len(room & tops) * len(room & bottoms) - len(room & tops & bottoms)
                     for room in board.rooms)


def no_straddle(board: Board) -> bool:
    """Whether every run of two or more cells has its top two and its bottom two cells in one
    room; then nothing stacks and the official count is unstacked_count.  [DF-12, corrected]"""
    room = room_of(board)
    return all(room[(run.top, run.col)] == room[(run.top + 1, run.col)]
               and room[(run.bottom, run.col)] == room[(run.bottom - 1, run.col)]
               for run in runs(board) if run.length >= 2)


def stacked_pieces(board: Board, answer: Answer) -> frozenset[Cell]:
    """The balloons off a run-top and the iron balls off a run-bottom: the pieces that lean
    on a piece, not on a cap.  [DF-13, DF-17]"""
    return (answer.balloons - run_tops(board)) | (answer.irons - run_bottoms(board))


def tops_and_bottoms(board: Board) -> Answer:
    """The answer DF-13 names, written without reading the rooms: every run-top a balloon,
    every run-bottom an iron ball.  As stated, a unique board with no starved room has as
    many rooms as runs and this answer: refuted.  Corrected, a unique board whose answer
    stacks nothing (stacked_pieces) and that has no one-cell run has as many rooms as runs
    and this answer.  [DF-13, corrected]"""
    return Answer(run_tops(board), run_bottoms(board))


# === The dial is the number of starved rooms (DF-15, DF-17) ===
# Every draw is a call of random.Random(seed).random().
DEFAULT_BLACK = 0.17   # not in the write-up: the estimate of the density fit (checks/fits.py)
MAX_ATTEMPTS = 1000    # starved_board and unique_board give up after this many draws


def draw_black(rng: random.Random, rows: int, cols: int, density: float) -> frozenset[Cell]:
    """Each cell black with probability `density`: one rng.random() per cell, in reading order."""
    return frozenset((r, c) for r in range(rows) for c in range(cols) if rng.random() < density)


def trivial_board(seed: int, rows: int, cols: int, density: float = DEFAULT_BLACK) -> Board:
    """The trivial board, answer drawn first: black cells at `density`, then trivial_of,
    whose one answer leans every piece on a cap.  [DF-15]"""
    return trivial_of(rows, cols, draw_black(random.Random(seed), rows, cols, density))


def trivial_of(rows: int, cols: int, black: Iterable[Cell]) -> Board:
    """The trivial board on these black cells and on every one-cell run (which cannot hold
    both pieces): a room per run, balloons on run-tops, iron balls on run-bottoms.  [DF-15]
    # len(trivial_of(4, 3, {(0, 0)}).rooms) → 3, one room per column"""
    black = set(black)
    black |= {(run.top, run.col) for run in runs(make_board(rows, cols, black, ()))
              if run.length == 1}
    rooms = [run.cells for run in runs(make_board(rows, cols, black, ()))]
    board = make_board(rows, cols, black, rooms)
    return board.replace(answer=tops_and_bottoms(board))


def starve_candidates(board: Board) -> list[tuple[int, int]]:
    """The (room, neighbour) pairs whose starving step keeps the drawn answer legal: `room`
    can give up its run-top (can_starve), `neighbour` holds a cell left or right of it and
    no balloon hangs under its own balloon.  ValueError without a drawn answer of one
    balloon per room.  [DF-15]"""
    balloon_of = balloons_by_room(board)
    room = room_of(board)
    tops = run_tops(board)
    pairs = set()
    for i, top in enumerate(balloon_of):
        if not can_starve(board, i, top, tops):
            continue
        for beside in ((top[0], top[1] - 1), (top[0], top[1] + 1)):
            j = room.get(beside)                 # None: a black cell or off the grid
            if j is None or j == i:
                continue
            if not holds_a_hanging_balloon(board, balloon_of[j]):
                pairs.add((i, j))
    return sorted(pairs)


def balloons_by_room(board: Board) -> list[Cell]:
    """The drawn answer's balloon in each room, in room order.  ValueError without a drawn
    answer of exactly one balloon per room."""
    message = "starving needs a drawn answer with one balloon in every room"
    if board.answer is None:
        raise ValueError(message)
    found = []
    for room in board.rooms:
        inside = room & board.answer.balloons
        if len(inside) != 1:
            raise ValueError(message)
        (balloon,) = inside
        found.append(balloon)
    return found


def can_starve(board: Board, i: int, balloon: Cell, tops: frozenset[Cell]) -> bool:
    """Whether room `i` can hand on its balloon's cell: it is the room's only run-top (a
    room fed a run-top before has two, and is starved only once), and the cell under it
    is in the room and holds no iron ball, so that the room's balloon can hang there.
    `tops`: run_tops(board).  [DF-15]"""
    under = (balloon[0] + 1, balloon[1])
    only_top = board.rooms[i] & tops == {balloon}
    return only_top and under in board.rooms[i] and under not in board.answer.irons


def holds_a_hanging_balloon(board: Board, balloon: Cell) -> bool:
    """Whether a balloon hangs under `balloon` (a starved room's): a room whose balloon
    moved would drop it.  [DF-15]"""
    return (balloon[0] + 1, balloon[1]) in board.answer.balloons


def starve_once(board: Board, pair: tuple[int, int],
                candidates: list[tuple[int, int]] | None = None) -> Board:
    """Starve room `pair[0]` by handing its run-top to room `pair[1]`, whose balloon moves onto
    it while the starved room's goes under it: the answer stays legal.  `candidates`:
    starve_candidates(board) if at hand; ValueError without an answer or candidate.  [DF-15]
    # starve_once(trivial_of(3, 2, ()), (0, 1)).rooms[0] → {(0,0), (0,1), (1,1), (2,1)}"""
    if board.answer is None:
        raise ValueError(f"cannot starve with {pair}: no drawn answer")
    if candidates is None:
        candidates = starve_candidates(board)
    if pair not in candidates:
        raise ValueError(f"cannot starve with {pair}: not a candidate")
    starving, neighbour = board.rooms[pair[0]], board.rooms[pair[1]]
    (top,), (moved,) = starving & board.answer.balloons, neighbour & board.answer.balloons
    rooms = [room for room in board.rooms if room not in (starving, neighbour)]
    rooms += [starving - {top}, neighbour | {top}]
    balloons = (board.answer.balloons - {moved}) | {(top[0] + 1, top[1])}
    return make_board(board.rows, board.cols, board.black, rooms,
                      Answer(balloons, board.answer.irons))


def starving_chain(rng: random.Random, rows: int, cols: int, starved: int,
                   density: float = DEFAULT_BLACK) -> list[Board]:
    """One draw: a trivial board, then one per starving step (a pair drawn from
    starve_candidates) until `starved` rooms are starved (not steps: a step can feed a
    starved room) or no pair is left.  [DF-15]"""
    chain = [trivial_of(rows, cols, draw_black(rng, rows, cols, density))]
    while len(starved_rooms(chain[-1])) < starved:
        pairs = starve_candidates(chain[-1])
        if not pairs:
            break
        chain.append(starve_once(chain[-1], common.pick(rng, pairs), pairs))
    return chain


def draw_starved(rng: random.Random, rows: int, cols: int, starved: int,
                 density: float = DEFAULT_BLACK) -> Board | None:
    """One draw's last board, or None if it has fewer than `starved` starved rooms.  [DF-15]"""
    last = starving_chain(rng, rows, cols, starved, density)[-1]
    if len(starved_rooms(last)) < starved:
        return None
    return last


def starved_board(seed: int, rows: int, cols: int, starved: int,
                  density: float = DEFAULT_BLACK, unique: bool = False) -> Board:
    """A board with exactly `starved` starved rooms and its drawn answer (with `unique`, its
    only one), drawn again until one is; ValueError after MAX_ATTEMPTS draws.  [DF-14, DF-15]
    # len(starved_rooms(starved_board(1, 12, 12, 8))) → 8"""
    rng = random.Random(seed)
    for _ in range(MAX_ATTEMPTS):
        board = draw_starved(rng, rows, cols, starved, density)
        if board is None:
            continue
        if not unique or count_answers(board, cap=2).count == 1:
            return board
    kind = "unique " if unique else ""
    raise ValueError(f"no {kind}{rows}x{cols} board with {starved} starved rooms in "
                     f"{MAX_ATTEMPTS} draws")


def unique_board(seed: int, rows: int, cols: int, starved: int,
                 density: float = DEFAULT_BLACK) -> Board:
    """starved_board drawing until the board is unique: the bank's boards.  [DF-14, DF-15]"""
    return starved_board(seed, rows, cols, starved, density, unique=True)


# === Boards do not happen by accident (DF-16) ===

def random_rooms(rng: random.Random, rows: int, cols: int, black: frozenset[Cell],
                 mean_size: float) -> list[Room]:
    """Random connected rooms over the white cells: round(white / mean_size) seeds (at least
    one), then a frontier cell drawn in reading order joins a neighbouring room.  Not
    nondango.random_regions, which grows a smallest region: each grower draws its puzzle's
    figures, and one grower for both would draw them anew.  [DF-16]"""
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    if not white:
        return []
    seeds = common.shuffled(rng, white)[:max(1, round(len(white) / mean_size))]
    owner = {cell: i for i, cell in enumerate(sorted(seeds))}
    left = set(white) - set(owner)
    frontier = {n for cell in owner for n in common.neighbours(cell) if n in left}
    while left:
        if not frontier:                  # a white component no seed reached
            cell = common.pick(rng, sorted(left))
            owner[cell] = max(owner.values()) + 1
        else:
            cell = common.pick(rng, sorted(frontier))
            rooms_beside = [n for n in common.neighbours(cell) if n in owner]
            owner[cell] = owner[common.pick(rng, rooms_beside)]
        left.discard(cell)
        frontier.discard(cell)
        frontier |= {n for n in common.neighbours(cell) if n in left}
    rooms: dict[int, set[Cell]] = {}
    for cell, i in owner.items():
        rooms.setdefault(i, set()).add(cell)
    return [frozenset(room) for room in rooms.values()]


def random_board(seed: int, rows: int, cols: int, density: float, mean_size: float = 5.0) -> Board:
    """Black cells at `density`, then random_rooms; no answer is drawn, and such boards
    almost never have one, and never exactly one.  [DF-16]"""
    rng = random.Random(seed)
    black = draw_black(rng, rows, cols, density)
    return make_board(rows, cols, black, random_rooms(rng, rows, cols, black, mean_size))


def unreachable_rooms(board: Board, reading: str = DEFAULT_READING) -> tuple[int, ...]:
    """The rooms no run state gives a balloon, or none an iron ball, so no answer: the rooms
    of no run's cells within `reach` of its top (of its bottom).  Engine 1's first test, an
    empty column of its exact cover, and on most random boards of DF-16 the end.  [DF-16]
    # (rooms '0 0 / 1 1 / 1 1') → (0,): room 0's iron ball would sit on two of room 1"""
    common.check_reading(reading, READINGS)
    given_a_balloon: set[int] = set()
    given_an_iron_ball: set[int] = set()
    for rooms_here in _run_rooms(board, runs(board)):
        most_balloons, most_irons = reach(rooms_here, reading)
        given_a_balloon.update(rooms_here[:most_balloons])
        given_an_iron_ball.update(rooms_here[len(rooms_here) - most_irons:])
    return tuple(i for i in range(len(board.rooms))
                 if i not in given_a_balloon or i not in given_an_iron_ball)


# === Two engines (DF-20) ===
# Engine 1: one run state per run, an exact cover.  Engine 2 (twins/) fills cell by cell.
# Its front door (check_size, MAX_RUNS, MAX_LINKS) is plumbing, in the last section.

def _run_rooms(board: Board, all_runs: tuple[Run, ...]) -> list[list[int]]:
    """Per run of `all_runs` (runs(board)), the rooms of its cells, top to bottom."""
    room = room_of(board)
    return [[room[cell] for cell in run.cells] for run in all_runs]


def exact_cover(board: Board, reading: str = DEFAULT_READING) -> tuple[dict, dict]:
    """The board as an exact cover (X, Y) in Assaf's form: a column (kind, room) for each
    room's balloon ('o') and iron ball ('*'), then a column ("run", i) for each run; a row
    (i, state) for each run state of states_in_rooms, covering its run and each of its
    pieces' (kind, room).  X: column → set of rows, in that order; Y: row → list of
    columns.  [DF-20]"""
    all_runs = runs(board)
    X: dict = {}
    for room in range(len(board.rooms)):
        X[(BALLOON, room)] = set()
        X[(IRON, room)] = set()
    for i in range(len(all_runs)):
        X[("run", i)] = set()
    Y: dict = {}
    for i, rooms_here in enumerate(_run_rooms(board, all_runs)):
        for state in states_in_rooms(rooms_here, reading):
            row = (i, state)
            Y[row] = [("run", i)]
            for piece, room in zip(state, rooms_here):
                if piece != EMPTY:
                    Y[row].append((piece, room))
            for column in Y[row]:
                X[column].add(row)
    return X, Y


def covers(board: Board, reading: str = DEFAULT_READING) -> Iterator[list]:
    """Every exact cover of the board (exact_cover), as its rows (run index, run state):
    Algorithm X from the start, every column watched; it recurses a level a run, and raises
    the recursion limit for that.  [DF-20]"""
    X, Y = exact_cover(board, reading)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), len(runs(board)) + 1000))  # a level a run
    yield from algorithm_x(X, Y, [], list(X))


def algorithm_x(X: dict, Y: dict, chosen: list, watched: list) -> Iterator[list]:
    """Knuth's Algorithm X: yields every exact cover, as its rows, trying a column's rows in
    sorted order.  The column (choose_column): one with no row ends the branch at once, one
    with a single row is covered without looking further, so every forced row is taken
    before any branching; `watched` (every column at the start) holds the only columns that
    can be such, those that lost rows since the last look.  Knuth's plain choice, a scan of
    every column at every node, is not enough: from 20x20 to 80x80 it grows as cells^1.57
    and takes 251 ms at 80x80, slower than CP-SAT and clingo, where the watched list grows
    as cells^0.94 and takes 36 ms (bench/RESULTS.md).  [DF-20]"""
    if not X:
        yield list(chosen)
        return
    column, still_watched = choose_column(X, watched)
    for row in sorted(X[column]):
        chosen.append(row)
        removed, touched = select(X, Y, row)
        yield from algorithm_x(X, Y, chosen, still_watched + touched)
        deselect(X, Y, row, removed)
        chosen.pop()


def choose_column(X: dict, watched: list) -> tuple:
    """(the column to cover, the watched columns still to look at): the first watched
    column with no row or one row, at once; else, as every column then has two rows or more,
    the first column of X with the fewest, which is the first with two, if any.  A column
    not watched has two rows or more: only select takes rows away, and every column it
    takes them from is watched below it.  [DF-20]"""
    for k, column in enumerate(watched):
        if column in X and len(X[column]) <= 1:
            return column, watched[k + 1:]
    fewest = None
    for column in X:
        if fewest is None or len(X[column]) < len(X[fewest]):
            fewest = column
            if len(X[column]) == 2:           # none has fewer: look no further
                break
    return fewest, []


def select(X: dict, Y: dict, row) -> tuple[list[set], list]:
    """Cover the columns of `row` and take away every row that shares one with it.  Returns
    the covered columns' rows, for deselect, and the columns that lost rows (`touched`)."""
    removed, touched = [], []
    for column in Y[row]:
        for other in X[column]:
            for other_column in Y[other]:
                if other_column != column:
                    X[other_column].remove(other)
                    touched.append(other_column)
        removed.append(X.pop(column))
    return removed, touched


def deselect(X: dict, Y: dict, row, removed: list[set]) -> None:
    """Undo select(X, Y, row); the columns come back at the end of X."""
    for column in reversed(Y[row]):
        X[column] = removed.pop()
        for other in X[column]:
            for other_column in Y[other]:
                if other_column != column:
                    X[other_column].add(other)


def answer_of(filled: Iterable[tuple[Run, State]]) -> Answer:
    """The Answer that fills each run with its run state: the cells of their balloons and
    of their iron balls."""
    balloons, irons = set(), set()
    for run, state in filled:
        for cell, piece in zip(run.cells, state):
            if piece == BALLOON:
                balloons.add(cell)
            elif piece == IRON:
                irons.add(cell)
    return Answer(frozenset(balloons), frozenset(irons))


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1, every answer: Algorithm X's exact covers, or solve_loose.  BoardError
    (check_size) or ValueError (an unknown reading) at the first answer asked.  [DF-20]"""
    if unreachable_rooms(board, reading):
        return
    if reading == "loose":
        yield from solve_loose(board)         # loose_steps: its own front door
        return
    check_size(board, reading)
    all_runs = runs(board)
    for chosen in covers(board, reading):
        yield answer_of((all_runs[i], state) for i, state in chosen)


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's number of answers up to `cap`: Algorithm X's covers listed, or under the
    loose reading loose_completions, which counts without listing.  ValueError for a cap
    below 1 or an unknown reading, BoardError as solve.  [DF-20; DF-09]
    # count_answers(sample) → Count(count=1, capped=False)"""
    if cap < 1:
        raise ValueError(f"the count cap must be at least 1, got {cap}")
    if unreachable_rooms(board, reading):
        return Count(0, False)
    if reading == "loose":
        n = loose_completions(loose_steps(board), cap)(0, frozenset())   # its own front door
        return Count(n, n >= cap)
    check_size(board, reading)
    n = 0
    for _ in covers(board, reading):
        n += 1
        if n == cap:
            break
    return Count(n, n >= cap)


# The loose reading is counted and listed run by run instead: a loose run has thousands of
# run states, which Algorithm X would take away and put back at each cover tried.  Left to
# right, runs meet only through the rooms
# straddling the cut, so what is left depends only on which of those hold their pieces:
# remembered per cut.  And a run state matters to the other runs only through the pieces it
# puts into each room: the run states with the same pieces are counted as one, times their
# number (a 12-cell run through 8 rooms has 4,298 loose run states and 2,262 sets of
# pieces).

LooseStep = tuple[list[int], dict[Pieces, list[State]], frozenset[int]]


def loose_steps(board: Board) -> list[LooseStep]:
    """The runs left to right, each column top to bottom, as (the rooms of its cells, its
    loose run states by the pieces they put in, the rooms open after it: with cells up to
    it and after it).  The loose reading's front door: BoardError past MAX_RUNS runs or
    MAX_LINKS (run state, piece) pairs, as check_size.  [DF-06, DF-20]"""
    by_column = tuple(sorted(runs(board), key=lambda run: (run.col, run.top)))
    if len(by_column) > MAX_RUNS:
        raise _too_many_runs(len(by_column))
    rooms = _run_rooms(board, by_column)
    last = {}                                  # room → the last run with a cell in it
    for i, here in enumerate(rooms):
        for room in here:
            last[room] = i
    steps, open_rooms, pairs = [], frozenset(), 0
    for i, here in enumerate(rooms):
        open_rooms = frozenset(room for room in open_rooms | set(here) if last[room] > i)
        by_pieces: dict[Pieces, list[State]] = {}
        for state, pieces in loose_states(here):
            pairs += 1 + len(pieces)
            if pairs > MAX_LINKS:
                raise _too_many_pairs(by_column[i])
            by_pieces.setdefault(pieces, []).append(state)
        steps.append((here, by_pieces, open_rooms))
    return steps


def cut_after(step: LooseStep, cut: Pieces, pieces: Pieces) -> Pieces | None:
    """The cut after a run that puts `pieces` in, from the pieces `cut` placed in the rooms
    open before it; None if that makes two of a kind in a room, or leaves a room that
    closes with this run without both pieces.  [DF-06]"""
    here, _, open_after = step
    if pieces & cut:                           # a second piece of a kind in an open room
        return None
    now = cut | pieces
    for room in set(here) - open_after:        # the rooms that close with this run
        if (BALLOON, room) not in now or (IRON, room) not in now:
            return None
    return frozenset((kind, room) for kind, room in now if room in open_after)


def loose_completions(steps: list[LooseStep], cap: int) -> Callable[[int, Pieces], int]:
    """completions(i, cut): in how many ways, up to `cap`, the runs from the i-th of
    `steps` on can be filled after `cut`, remembered per (i, cut); it recurses a level a
    run, and raises the recursion limit for that.  [DF-06, DF-20]"""
    known: dict[tuple[int, Pieces], int] = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), len(steps) + 1000))  # a level a run

    def completions(i: int, cut: Pieces) -> int:
        if i == len(steps):
            return 1
        if (i, cut) not in known:
            total = 0
            for pieces, states in steps[i][1].items():
                after = cut_after(steps[i], cut, pieces)
                if after is not None:
                    total = min(cap, total + len(states) * completions(i + 1, after))
                if total == cap:                # counting stops at the cap
                    break
            known[(i, cut)] = total
        return known[(i, cut)]

    return completions


def solve_loose(board: Board) -> Iterator[Answer]:
    """Every loose answer: each run's states in turn, entering only cuts loose_completions
    can complete, so an answer costs one pass and no dead end is walked.  [DF-06, DF-20]"""
    steps = loose_steps(board)
    alive = loose_completions(steps, cap=1)
    by_column = sorted(runs(board), key=lambda run: (run.col, run.top))

    def fill(i: int, cut: Pieces, chosen: list) -> Iterator[Answer]:
        if i == len(steps):
            yield answer_of(zip(by_column, chosen))
            return
        for pieces, states in steps[i][1].items():
            after = cut_after(steps[i], cut, pieces)
            if after is None or not alive(i + 1, after):
                continue
            for state in states:
                yield from fill(i + 1, after, chosen + [state])

    yield from fill(0, frozenset(), [])


# === Plumbing: the front door, board files, puzz.link links, the command line ===
# Engine 1 refuses up front a board it could not hold in memory or recursion (check_size,
# and loose_steps as it lists the loose run states); how long a search runs no check can
# tell before it, which is the commands' budget, --seconds (plumbing/cli.py).

MAX_LINKS = 2_000_000   # (run state, piece) pairs engine 1 may hold: about 300 MB
MAX_RUNS = 10_000       # runs engine 1 may take: it recurses once per run


def check_size(board: Board, reading: str = DEFAULT_READING) -> None:
    """The front door, before any row is built: BoardError past MAX_RUNS runs or MAX_LINKS
    (run state, piece) pairs, what engine 1 would hold.  The loose reading's front door is
    loose_steps, which lists its run states anyway.  [DF-20]"""
    if reading == "loose":
        loose_steps(board)
        return
    found = runs(board)
    if len(found) > MAX_RUNS:
        raise _too_many_runs(len(found))
    pairs = 0
    for run, rooms_here in zip(found, _run_rooms(board, found)):
        for state in states_in_rooms(rooms_here, reading):
            pairs += 1 + len(state) - state.count(EMPTY)
            if pairs > MAX_LINKS:
                raise _too_many_pairs(run)


def _too_many_runs(count: int) -> BoardError:
    """The refusal of a board of `count` runs, past MAX_RUNS."""
    return BoardError(f"too large for the run engine: {count:,} runs, more than {MAX_RUNS:,}")


def _too_many_pairs(run: Run) -> BoardError:
    """The refusal of a board whose run states pass MAX_LINKS (run state, piece) pairs by
    `run`, named as the play page names cells.
    # 'too large for the run engine: over 2,000,000 (run state, piece) pairs by run F1-F100'"""
    first = common.position((run.top, run.col))
    last = common.position((run.bottom, run.col))
    return BoardError(f"too large for the run engine: over {MAX_LINKS:,} (run state, piece) "
                      f"pairs by run {first}-{last}")



# The formats are plumbing/dosun_fuwari_files.py; here, the names callers and the solvers'
# command (plumbing/cli.py) use.

GENRE, PZPRJS_GENRE, LINK_READING = files.GENRE, files.PZPRJS_GENRE, files.LINK_READING
LEGEND = files.LEGEND
answer_rows, picture, to_record = files.answer_rows, files.picture, files.to_record


def parse(text: str, source: str = "<string>") -> Board:
    """The Board a board file describes (boards/README.md); BoardError naming the place for
    a malformed file (plumbing/dosun_fuwari_files.py)."""
    return files.parse(text, source, make_board, Answer, READINGS)


def from_record(puzzle: puzzlink.Puzzle, source: str = "<url>") -> Board:
    """The Board of a puzz.link record; BoardError, naming `source`, for one of another
    genre (plumbing/dosun_fuwari_files.py)."""
    return files.from_record(puzzle, source, make_board, Answer)


def load(source: str) -> Board:
    """The board in `source`, a board file, a pzprv3 file or text, or a puzz.link URL;
    BoardError naming the place for bad input, an unreadable file or a Nondango board."""
    return puzzlink.load(source, parse, from_record)


def main(argv: list[str] | None = None) -> int:
    """python dosun_fuwari.py BOARD [--reading R] [--cap N] [--json] [--url]: the board, the
    reading, the answer count up to the cap and the first answers (plumbing/cli.py)."""
    return cli.solve_command(sys.modules[__name__], argv, "dosun_fuwari.py",
                             "Count the answers of a Dosun-Fuwari board and draw the first three.")


if __name__ == "__main__":
    cli.run(main)
