"""Nondango, in the order of its write-up: a glossary, the rules, a banner for each section of
the write-up with a function per claim (its docstring ends with the claim ID), and the
plumbing last.  The brute-force twins are in twins/nondango.py; the triple rule (ND-16) is
here, as the solver runs it, and the ladder's rungs and grading are in ladder.py.

The rules as the write-up reads them: the cells are cut into regions; exactly one circle of
each region is black, the rest white; no three black circles lie in consecutive cells of a
row, column or diagonal.  The published rule forbids three of either colour (X-01).

Glossary (with an example value)
    cell        (row, col), row 0 at the top                         (2, 3)
    region      a connected set of cells; the regions cover the grid  frozenset({(0, 0), (0, 1)})
    circle      a cell that may be painted: one black per region, the rest white  (0, 1)
    given       a circle pre-coloured by the setter (given black / given white)
    black set   the circles painted black, on a line or a board: an answer is a legal black
                set with one circle per region; "ways to paint" counts the black sets with
                one circle per region (ND-14); count_line_fillings a line's legal ones (ND-11)
    answer      a legal black set, one circle per region             frozenset({(0, 1)})
    reading     the rule in force (READINGS): 'write-up', no three BLACK circles consecutive
                in a row, column or diagonal; 'published', none of the SAME colour (Nikoli,
                pzprjs nondango.js); 'no-diagonals', 'anywhere' (in one line) misread it
    line        a whole row, column or diagonal of the grid
    triple      three circles the reading constrains: three consecutive circles of a line
                (anywhere: any three circles of a line)
    live triple one an answer could paint in a forbidden colour; a dead triple never can
                (black readings: two of its circles share a region, ND-02)
    live line   the circles of a line that lie in three regions or more: the anywhere
                reading's live triples, a line at a time (ND-11)
    constraint  what the triple rule reads: a live triple, or under anywhere a live line
    certificate of a white circle w: a live triple through w, the other two black, which
                forbids moving w's region's black onto w (ND-05)
    certifying line  the write-up's name (ND-06) for a live triple of two black circles and
                a white one in three regions: the certificate of that white circle
    group       regions joined by live triples, solved independently (ND-07)
    domain      the circles of a region that may still be its black one
    probe       assume a circle black, propagate, drop it if that contradicts (ND-16)
    dial        the number k of certified white circles added at random (ND-13)

Roads not taken: regions implicit in border walls, as pzprjs stores them (frozensets of
cells make "one black per region" a one-line test); domains as bit masks undone in place,
faster, but a set copied on every guess reads as the circles still allowed and cannot leak;
the triple rule as generic hyper-arc consistency, every choice of a triple's regions
enumerated, where the write-up's two sentences are the same rule (tests/test_ladder.py
checks one against the other) and read as it.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import dataclasses
import functools
import itertools
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

import common
from common import BoardError, Contradiction, Count, Propagator, probe, search
from plumbing import cli, puzzlink
from plumbing import nondango_files as files

__all__ = [
    "BoardError", "Contradiction", "Count", "Cell", "Triple", "Region", "Answer", "Domains",
    "Constraint", "READINGS", "DEFAULT_READING", "FORBIDDEN_COLOURS", "DIRECTIONS", "Violation",
    "Clustering", "Board", "region_of", "violations", "three_from", "three_in_a_row",
    "three_in_a_line", "is_answer", "lines", "triples", "shares_a_region", "can_be_all_white",
    "live_triples", "dead_triples", "solve_with_triples", "single_moves",
    "literal_certificates", "certificates", "free_white_circles", "literal_certifying_lines",
    "certifying_lines", "COUNT_CAP", "region_domains", "groups", "GroupFigures",
    "group_figures", "solve", "count_answers", "root_domains", "paints_black", "live_lines",
    "constraints", "A000073", "A000124", "A181218", "count_line_fillings", "count_full_grids",
    "MEAN_REGION_SIZE", "random_regions", "threes_through", "draw_answer", "certified_cells",
    "add_circle", "dial_board", "dial_boards", "bank_board", "random_board", "TripleRules",
    "triple_rules", "is_black", "is_white", "triple_rule", "clustering", "MAX_REGIONS",
    "MAX_TRIPLES", "check_regions", "check_anywhere_triples", "GENRE", "PZPRJS_GENRE",
    "LINK_READING", "BLACK", "WHITE", "NO_CIRCLE", "LEGEND", "CIRCLE", "GIVEN_BLACK",
    "GIVEN_WHITE", "answer_rows", "picture", "to_record", "parse", "from_record", "load", "main",
]

Cell = tuple[int, int]                  # (row, col), row 0 at the top
Triple = tuple[Cell, Cell, Cell]        # three circles in line order
Region = frozenset[Cell]                # a connected set of cells
Answer = frozenset[Cell]                # the black circles
Domains = dict[int, frozenset[Cell]]    # region index → the circles still allowed black
Constraint = tuple[Cell, ...]           # a triple, or under the anywhere reading a live line

READINGS = ("write-up", "published", "no-diagonals", "anywhere")
DEFAULT_READING = "write-up"
FORBIDDEN_COLOURS: dict[str, frozenset[str]] = {     # the colours no triple may stand in
    r: frozenset({"black", "white"} if r == "published" else {"black"}) for r in READINGS}
_EVERY_WAY = ((0, 1), (1, 0), (1, 1), (1, -1))       # along a row, a column, both diagonals
DIRECTIONS: dict[str, tuple[tuple[int, int], ...]] = {     # the steps along a line
    r: ((0, 1), (1, 0)) if r == "no-diagonals" else _EVERY_WAY for r in READINGS}

Violation = common.Violation   # (rule, cells): a broken rule in words, its cells
Clustering = NamedTuple("Clustering", [("black", int), ("with_neighbour", int),
                                       ("baseline", float), ("boards", tuple)])


@dataclasses.dataclass(frozen=True)
class Board(common.Record):
    """A Nondango board: its size, regions covering the grid (by first cell), circles,
    givens, the answer's black circles if the file shows one, and, not compared, the file's
    `key: value` lines and typed region labels.  Unchecked: `parse` checks board files."""
    rows: int
    cols: int
    regions: tuple[Region, ...]
    circles: frozenset[Cell]
    given_black: frozenset[Cell] = frozenset()
    given_white: frozenset[Cell] = frozenset()
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)
    labels: tuple[tuple[Region, str], ...] = dataclasses.field(default=(), compare=False)


def region_of(board: Board) -> dict[Cell, int]:
    """Map each cell to the index of its region in `board.regions`."""
    return {cell: index for index, region in enumerate(board.regions) for cell in region}


def _canonical_regions(regions: Iterable[Iterable[Cell]]) -> tuple[Region, ...]:
    return tuple(sorted((frozenset(r) for r in regions), key=min))


# === The rules, from the rules text alone (ND-01, X-01) ===

def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule `answer` (its black circles) breaks under `reading` ([] for an answer): only
    circles painted, givens kept, one black circle per region, no three black (published:
    same-coloured) circles consecutive in a line (no-diagonals: rows and columns; anywhere:
    anywhere in it).  ValueError for an unknown reading.  [ND-01; X-01; pzprjs nondango.js]"""
    common.check_reading(reading, READINGS)
    found = []
    for cell in sorted(answer - board.circles):
        found.append(Violation("a cell without a circle is painted black", (cell,)))
    for cell in sorted(board.given_black - answer):
        found.append(Violation("a circle given black is not black", (cell,)))
    for cell in sorted(board.given_white & answer):
        found.append(Violation("a circle given white is painted black", (cell,)))
    for region in board.regions:
        black = region & answer & board.circles
        if len(black) == 1:
            continue
        rule = f"a region has {len(black)} black circles, not one"
        if black:
            found.append(Violation(rule, tuple(sorted(black))))
        else:                                   # none: name the region by its cells
            found.append(Violation(rule, tuple(sorted(region))))
    if reading == "anywhere":
        for line in three_in_a_line(board, answer):
            found.append(Violation("three or more black circles in one line", line))
        return found
    for three in three_in_a_row(board, answer, "black", DIRECTIONS[reading]):
        found.append(Violation("three black circles in consecutive cells", three))
    if reading == "published":
        for three in three_in_a_row(board, answer, "white"):
            found.append(Violation("three white circles in consecutive cells", three))
    return found


def three_from(cell: Cell, step: tuple[int, int]) -> Triple:
    """The three consecutive cells from `cell` along `step` (on the grid or not), in line
    order: the one geometry of the rule.
    # three_from((0, 0), (1, 1)) → ((0, 0), (1, 1), (2, 2))"""
    (r, c), (dr, dc) = cell, step
    return (r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)


def three_in_a_row(board: Board, answer: Answer, colour: str = "black",
                   steps=_EVERY_WAY) -> list[Triple]:
    """The write-up's rule, broken: every three consecutive cells of a row, column or
    diagonal (along `steps`) whose circles are all black (in `answer`), or, for `colour`
    'white', all white (published).  [ND-01; X-01]
    # three_in_a_row(three circles in a row, all black) → [((0, 0), (0, 1), (0, 2))]"""
    if colour == "black":
        painted = board.circles & answer
    else:
        painted = board.circles - answer
    found = []
    for cell in sorted(painted):                 # a three starts at one of them
        for step in steps:
            three = three_from(cell, step)
            if three[1] in painted and three[2] in painted:
                found.append(three)
    return found


def three_in_a_line(board: Board, answer: Answer) -> list[tuple[Cell, ...]]:
    """The anywhere reading's rule, broken: the black circles of every row, column or
    diagonal that holds three or more of them.  [ND-11]"""
    found = []
    for line in lines(board.rows, board.cols):
        black = tuple(cell for cell in line if cell in answer and cell in board.circles)
        if len(black) >= 3:
            found.append(black)
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading`.  [ND-01]"""
    return not violations(board, answer, reading)


def lines(rows: int, cols: int, steps=_EVERY_WAY) -> tuple[tuple[Cell, ...], ...]:
    """Every whole row, column and diagonal of a rows×cols grid along `steps`, in order.
    # lines(2, 2, ((0, 1),)) → (((0, 0), (0, 1)), ((1, 0), (1, 1)))"""
    out = []
    for dr, dc in steps:
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue                      # not the first cell of its line
                line, (y, x) = [], (r, c)
                while 0 <= y < rows and 0 <= x < cols:
                    line.append((y, x))
                    y, x = y + dr, x + dc
                out.append(tuple(line))
    return tuple(out)


# === Two of the three circles can live in the same region, and then the rule says nothing ===
# (ND-02, ND-03, ND-04, X-01)

def triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The sets of three circles `reading` constrains, sorted, each in line order: three
    consecutive circles of a line (no-diagonals: rows and columns; anywhere: any three of a
    line).  ValueError for an unknown reading; BoardError past MAX_TRIPLES.  [ND-02; ND-11]
    # triples(a 1x3 board of circles) → (((0, 0), (0, 1), (0, 2)),)"""
    common.check_reading(reading, READINGS)
    circles = board.circles
    if reading == "anywhere":
        check_anywhere_triples(board)       # the front door (plumbing, last section)
        return tuple(sorted(three for line in lines(board.rows, board.cols) for three in
                            itertools.combinations([c for c in line if c in circles], 3)))
    found = []
    for cell in circles:
        for step in DIRECTIONS[reading]:
            three = three_from(cell, step)
            if three[1] in circles and three[2] in circles:
                found.append(three)
    return tuple(sorted(found))


def shares_a_region(board: Board, triple: Triple, index: dict[Cell, int] | None = None) -> bool:
    """True when two circles of the triple share a region, which paints only one of them
    black: the triple is never all black.  `index`: region_of(board), if at hand.  [ND-02]"""
    if index is None:
        index = region_of(board)
    return len({index[cell] for cell in triple}) < 3


def can_be_all_white(board: Board, triple: Triple, index: dict[Cell, int] | None = None) -> bool:
    """True when one black per region can leave the triple all white: every region it
    touches has a circle outside it.  `index`: region_of(board), if at hand.  [X-01]"""
    if index is None:
        index = region_of(board)
    touched = {index[cell] for cell in triple}
    return all((board.regions[i] & board.circles) - set(triple) for i in touched)


def live_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that one black per region can paint in a forbidden colour:
    all black when no two share a region; all white (published) when can_be_all_white.
    Raises ValueError for an unknown reading.  [ND-03; X-01]"""
    common.check_reading(reading, READINGS)
    index = region_of(board)
    forbidden = FORBIDDEN_COLOURS[reading]
    live = []
    for triple in triples(board, reading):
        if "black" in forbidden and not shares_a_region(board, triple, index):
            live.append(triple)
        elif "white" in forbidden and can_be_all_white(board, triple, index):
            live.append(triple)
    return tuple(live)


def dead_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that can never fire: under the black readings those with
    two circles in one region (ND-02); under the published one those that can be neither
    all black nor all white, which leaves some triples with two circles in one region live,
    so there the write-up's screen drops live triples.  [ND-02; ND-03; X-01]"""
    live = set(live_triples(board, reading))
    return tuple(t for t in triples(board, reading) if t not in live)


def solve_with_triples(board: Board, chosen: Iterable[Constraint],
                       reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1 held to the `chosen` triples (or lines): all triples and the live ones give
    the same answers, the write-up's screen under the published reading does not.
    [ND-04; X-01]"""
    common.check_reading(reading, READINGS)
    propagate, rooted = _rooted(board, tuple(chosen), reading, region_domains(board))
    if _every_group_has_an_answer(propagate, rooted):    # else one group has none: no answer
        yield from _product(propagate, rooted)


# === One swap is all it takes (ND-05, ND-06) ===

def single_moves(board: Board, answer: Answer) -> Iterator[tuple[Cell, Answer]]:
    """(newly black circle, moved answer) for every move of a region's black onto another
    of its circles; a move may repaint a given (the rules checker rejects it).  [ND-05]"""
    for region in board.regions:
        for cell in sorted((region & board.circles) - answer):
            yield cell, (answer - region) | {cell}


def literal_certificates(board: Board, answer: Answer, cell: Cell,
                         reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples through white `cell` whose other two circles are black (the write-up's words);
    one sharing `cell`'s region is dead: the move onto `cell` un-paints it.  [ND-05]"""
    return tuple(t for t in triples(board, reading)
                 if cell in t and all(o in answer for o in t if o != cell))


def certificates(board: Board, answer: Answer, cell: Cell,
                 reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples through white `cell`, the other two black outside its region: they forbid
    moving its region's black onto it; a unique answer has one per free white circle.  [ND-05]"""
    index = region_of(board)
    return tuple(t for t in literal_certificates(board, answer, cell, reading)
                 if all(index[o] != index[cell] for o in t if o != cell))


def free_white_circles(board: Board, answer: Answer) -> frozenset[Cell]:
    """White circles, not given white, in a region whose black is not given: those a single
    move could paint black.  [ND-05; ND-06]"""
    index = region_of(board)
    fixed = {index[cell] for cell in board.given_black}
    return frozenset(c for c in board.circles - answer - board.given_white
                     if index[c] not in fixed)


def literal_certifying_lines(board: Board, answer: Answer,
                             reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The certifying lines read literally: triples with two black circles and one white one,
    live or not.  [ND-06]"""
    return tuple(t for t in triples(board, reading) if sum(c in answer for c in t) == 2)


def certifying_lines(board: Board, answer: Answer,
                     reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The certifying lines: live triples of two black circles and a white one in a third
    region, each the certificate of its white circle; on a unique board free white circles
    ≤ these ≤ live triples.  [ND-06]"""
    index = region_of(board)
    return tuple(t for t in literal_certifying_lines(board, answer, reading)
                 if len({index[c] for c in t}) == 3)


# === No live triple, no puzzle at all (ND-07, ND-08, ND-09) ===
# The complete solver is "a backtracker run once per group": each group's domains narrowed
# by the ladder's triple rule and probe (section "The ladder" below), then `search`.

COUNT_CAP = 20000      # counting stops here (the write-up's cap)


def region_domains(board: Board) -> Domains:
    """Per region, its domain before any triple is read (the `region` rung): its given
    black circle (none if it has two), else its circles; never one given white."""
    out = {}
    for i, region in enumerate(board.regions):
        black = region & board.given_black
        if len(black) > 1:
            out[i] = frozenset()
        elif black:
            out[i] = black - board.given_white
        else:
            out[i] = (region & board.circles) - board.given_white
    return out


def _groups_of(board: Board, chosen: Iterable[Constraint]) -> list[list[int]]:
    """The regions (by index) joined by the chosen triples (or lines), each group sorted,
    the groups in the order of their first region: a walk from each region not yet in a
    group."""
    index = region_of(board)
    joined: dict[int, set[int]] = {i: set() for i in range(len(board.regions))}
    for constraint in chosen:
        touched = {index[c] for c in constraint}
        for i in touched:
            joined[i] |= touched
    found, seen = [], set()
    for first in range(len(board.regions)):
        if first in seen:
            continue
        seen.add(first)
        group, stack = [first], [first]
        while stack:
            for other in joined[stack.pop()] - seen:
                seen.add(other)
                group.append(other)
                stack.append(other)
        found.append(sorted(group))
    return found


def groups(board: Board, reading: str = DEFAULT_READING) -> tuple[tuple[int, ...], ...]:
    """Regions (by index) joined wherever a live triple touches two, sorted by first region:
    the rule never crosses groups, so the count is the product of theirs.  Joined over the
    constraints the solver reads (under the anywhere reading live lines, whose regions the
    live triples join alike).  [ND-07; ND-09]"""
    return tuple(tuple(g) for g in _groups_of(board, constraints(board, reading)))


GroupFigures = NamedTuple("GroupFigures", [("groups", int), ("givens", int), ("largest", int)])


def group_figures(board: Board) -> GroupFigures:
    """A board's groups, how many of them are a single region holding a single circle (a
    given), and the regions of its largest: on the write-up's 72 boards 189 groups, 114
    givens, the rest one group a board of up to 48 regions.  [ND-09]"""
    split = groups(board)
    givens = sum(len(g) == 1 and len(board.regions[g[0]] & board.circles) == 1 for g in split)
    return GroupFigures(len(split), givens, max((len(g) for g in split), default=0))


Rooted = list[tuple[list[int], "Domains | None"]]   # each group, its domains before branching


def _rooted(board: Board, chosen: tuple[Constraint, ...], reading: str,
            start: Domains) -> tuple[Propagator, Rooted]:
    """Engine 1's start: its front door (check_regions), the recursion limit raised for the
    search (a level per region), then the triple rule over the chosen triples (or lines)
    and each group with its domains from `start` narrowed by that rule and `probe` before
    any branching (None when they contradict)."""
    check_regions(board)                    # the front door (plumbing, last section)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), len(board.regions) + 1000))
    propagate = functools.partial(triple_rule, triple_rules(board, chosen, reading))
    rooted: Rooted = []
    for group in _groups_of(board, chosen):
        domains: Domains | None = {i: start[i] for i in group}
        try:
            if not all(domains.values()):
                raise Contradiction("a region has no circle that can be black")
            propagate(domains, list(group))
            probe(domains, group, propagate)
        except Contradiction:
            domains = None
        rooted.append((group, domains))
    return propagate, rooted


def _every_group_has_an_answer(propagate: Propagator, rooted: Rooted) -> bool:
    for group, domains in rooted:
        if domains is None:
            return False
        if next(search(domains, group, propagate), None) is None:
            return False
    return True


def _product(propagate: Propagator, rooted: Rooted) -> Iterator[Answer]:
    """Every union of one answer per group (its black circles), the first group slowest."""
    if not rooted:
        yield frozenset()
        return
    (group, domains), rest = rooted[0], rooted[1:]
    for done in search(domains, group, propagate):
        first = frozenset(c for i in group for c in done[i])
        for others in _product(propagate, rest):
            yield first | others


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1, every answer as its black circles: the groups of the live triples (the
    anywhere reading: live lines), each narrowed by the triple rule and the probe and then
    backtracked, their product.  ValueError for an unknown reading, BoardError past
    MAX_REGIONS.  [ND-04; ND-07; ND-18]"""
    yield from solve_with_triples(board, constraints(board, reading), reading)


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's count, the product of the groups' counts (each up to `cap`):
    Count(min(total, cap), total >= cap).  ValueError for a bad reading or cap, BoardError
    as solve.  [ND-07; ND-10]"""
    chosen = constraints(board, reading)
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    propagate, rooted = _rooted(board, chosen, reading, region_domains(board))
    total = 1
    for group, domains in rooted:
        if domains is None:
            return Count(0, False)
        found = sum(1 for _ in itertools.islice(search(domains, group, propagate), cap))
        if found == 0:
            return Count(0, False)
        total *= found
    return Count(min(total, cap), total >= cap)


def root_domains(board: Board, reading: str = DEFAULT_READING) -> tuple[frozenset[Cell], ...]:
    """Per region, the circles engine 1 allows before it branches (none in a group that
    contradicts at its root): no answer paints others black.  Raises as solve.  [ND-18]"""
    _, rooted = _rooted(board, constraints(board, reading), reading, region_domains(board))
    found: Domains = {}
    for _, domains in rooted:
        if domains is not None:
            found.update(domains)
    return tuple(found.get(i, frozenset()) for i in range(len(board.regions)))


def paints_black(board: Board, cell: Cell, reading: str = DEFAULT_READING) -> bool:
    """Whether some answer paints `cell` black: engine 1 with its region held to it.
    ValueError for an unknown reading.  [ND-13; ND-14]"""
    common.check_reading(reading, READINGS)
    start = region_domains(board)
    region = region_of(board)[cell]
    start[region] = start[region] & {cell}
    propagate, rooted = _rooted(board, constraints(board, reading), reading, start)
    return _every_group_has_an_answer(propagate, rooted)


# === Both ways of misquoting "three in a row" delete the puzzle (ND-10, ND-11, ND-12) ===
# ND-10 and ND-11 are count_answers under 'no-diagonals' and 'anywhere'; then the counts.

def live_lines(board: Board) -> tuple[tuple[Cell, ...], ...]:
    """The anywhere reading's live triples a line at a time: the circles of each row, column
    and diagonal whose circles lie in three regions or more.  Any three of them in three
    regions are a live triple, so "two black make the third white" over a line's triples
    is "two black make the rest of the line white": one set where a line of L circles holds
    up to L(L-1)(L-2)/6 triples.  [ND-11]"""
    index = region_of(board)
    found = []
    for line in lines(board.rows, board.cols):
        circles = tuple(cell for cell in line if cell in board.circles)
        if len({index[cell] for cell in circles}) >= 3:
            found.append(circles)
    return tuple(found)


def constraints(board: Board, reading: str = DEFAULT_READING) -> tuple[tuple[Cell, ...], ...]:
    """What the solver propagates under `reading`: its live triples, or under the anywhere
    reading its live lines (`live_lines`), which hold them all.  ValueError for an unknown
    reading.  [ND-04; ND-11]"""
    common.check_reading(reading, READINGS)
    return live_lines(board) if reading == "anywhere" else live_triples(board, reading)


# Tribonacci, OEIS A000073, a(0..20): a(L+3) black sets on L circles, no three consecutive
A000073 = (0, 0, 1, 1, 2, 4, 7, 13, 24, 44, 81, 149, 274, 504, 927, 1705, 3136, 5768,
           10609, 19513, 35890)
# Lazy caterer, OEIS A000124, a(0..15) = 1 + n(n+1)/2: a(L) black sets of at most two
A000124 = (1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 67, 79, 92, 106, 121)
# OEIS A181218, a(1..8): n×n 0/1 grids, no three 1s consecutive in any row, column, diagonal
A181218 = (2, 16, 230, 10732, 1495392, 507962194, 493466099722, 1328921689649459)


def count_line_fillings(length: int, reading: str = DEFAULT_READING) -> int:
    """The legal black sets on a line of `length` circles (regions ignored; ValueError for a
    bad reading), by recurrence: no three consecutive blacks, A000073(L+3); anywhere, at
    most two, A000124(L); published, no three of one colour, 2·Fibonacci(L+1), L ≥ 1.
    [ND-11; OEIS A000073, A000124]"""
    common.check_reading(reading, READINGS)
    if reading == "anywhere":
        return 1 + length + length * (length - 1) // 2
    if length == 0:
        return 1
    if reading == "published":
        one, two = 2, 0                       # ends in a run of 1 or 2, either colour
        for _ in range(length - 1):
            one, two = two + one, one
        return one + two
    white, black1, black2 = 1, 1, 0           # ends in white / one black / two blacks
    for _ in range(length - 1):
        white, black1, black2 = white + black1 + black2, white, black1
    return white + black1 + black2


def count_full_grids(n: int) -> int:
    """n×n grids of circles, no three blacks consecutive in a line, regions ignored, by a
    transfer matrix in exact integers, row by row.  A row is the set of its black columns
    (no three consecutive); the state after a row is that row (by its index in `rows`) and
    the columns where a black in the next row would complete a vertical or diagonal three
    (`_threatened`), and a row may follow a state when it avoids those columns.  ValueError
    for n < 1.  [ND-12; OEIS A181218]  # count_full_grids(3) → 230"""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    rows = [frozenset(c for c in range(n) if black[c])
            for black in itertools.product((False, True), repeat=n)
            if not any(black[c] and black[c + 1] and black[c + 2] for c in range(n - 2))]
    after = [[_threatened(last, row, n) for row in rows] for last in rows]
    fitting: dict[frozenset[int], list[int]] = {}   # threatened columns → the rows avoiding them
    ways = {(k, frozenset()): 1 for k in range(len(rows))}   # (last row, threatened) → grids
    for _ in range(n - 1):
        grown: dict[tuple[int, frozenset[int]], int] = {}
        for (last, threatened), count in ways.items():
            if threatened not in fitting:
                fitting[threatened] = [k for k, row in enumerate(rows)
                                       if row.isdisjoint(threatened)]
            for k in fitting[threatened]:
                state = (k, after[last][k])
                grown[state] = grown.get(state, 0) + count
        ways = grown
    return sum(ways.values())


def _threatened(last: frozenset[int], row: frozenset[int], n: int) -> frozenset[int]:
    """The columns where a black under `row` (itself under `last`) makes three in a column
    or a diagonal.   # _threatened({0}, {1}, 3) → {2}"""
    threatened = set()
    for c in row:
        if c in last:                          # down a column
            threatened.add(c)
        if c - 1 in last and c + 1 < n:        # down to the right
            threatened.add(c + 1)
        if c + 1 in last and c - 1 >= 0:       # down to the left
            threatened.add(c - 1)
    return frozenset(threatened)


# === The dial is how many white circles you dare add (ND-13, ND-14) ===
# Only Random.random() is used: choice/shuffle/randrange are not stable across versions.
MEAN_REGION_SIZE = 3.0   # not in the write-up: the region fit's estimate (checks/fits.py)


def random_regions(rng: random.Random, rows: int, cols: int,
                   mean_size: float) -> tuple[Region, ...]:
    """Connected regions of about `mean_size` cells covering the grid: round(cells / mean_size)
    random seeds, then a smallest growable region (ties at random) takes a random free
    neighbour.  Not dosun_fuwari.random_rooms, which grows a random frontier cell into a
    room beside it: each grower draws its puzzle's bank, and one grower would redraw one."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count = max(1, min(len(cells), round(len(cells) / mean_size)))
    members = [[cell] for cell in common.shuffled(rng, cells)[:count]]
    owner = {cell: i for i, part in enumerate(members) for cell in part}
    near = common.grid_neighbours(rows, cols)     # cell → its neighbours on the grid
    frontier = [{n for n in near[part[0]] if n not in owner} for part in members]
    while len(owner) < len(cells):
        growing = [i for i in range(count) if frontier[i]]
        size = min(len(members[i]) for i in growing)
        choices = [i for i in growing if len(members[i]) == size]
        i = choices[common.below(rng, len(choices))]
        free = sorted(frontier[i])
        cell = free[common.below(rng, len(free))]
        owner[cell] = i
        members[i].append(cell)
        for n in near[cell]:
            if n in owner:
                frontier[owner[n]].discard(cell)
        frontier[i] |= {n for n in near[cell] if n not in owner}
    return _canonical_regions(members)


def threes_through(cell: Cell) -> list[Triple]:
    """The three consecutive cells (on the grid or not) of every row, column and diagonal
    through `cell`: it first, in the middle, or last.  # len(threes_through((0, 0))) → 12"""
    r, c = cell
    found = []
    for dr, dc in _EVERY_WAY:
        for back in (2, 1, 0):
            found.append(three_from((r - back * dr, c - back * dc), (dr, dc)))
    return found


def draw_answer(rng: random.Random, regions: tuple[Region, ...],
                budget: int = 2000) -> Answer | None:
    """One black cell per region, no three consecutive in a line (so an answer under every
    consecutive reading), or None after `budget` placements: place one in the region with the
    fewest cells left (shuffled), strike the cells it would make three with, recurse.

    Not common.search with the triple rule: this draws, each region's cells in a random
    order, and gives up after `budget` placements; and it strikes for placed cells only,
    where the triple rule also reads a region left one cell as black.  The bank is drawn
    with this search, so the bank would change with the other."""
    black: set[Cell] = set()
    tries = 0

    def place(allowed: dict[int, list[Cell]]) -> bool:
        nonlocal tries
        if not allowed:
            return True
        i = min(allowed, key=lambda j: len(allowed[j]))      # keys in index order
        for cell in allowed[i]:
            tries += 1
            if tries > budget:
                return False
            black.add(cell)
            struck = set()      # the cells that would now make three blacks with `cell`
            for three in threes_through(cell):
                first, second = [other for other in three if other != cell]
                if first in black:
                    struck.add(second)
                if second in black:
                    struck.add(first)
            rest = {j: [c for c in cells if c not in struck]
                    for j, cells in allowed.items() if j != i}
            if all(rest.values()) and place(rest):
                return True
            black.discard(cell)
        return False

    start = {i: common.shuffled(rng, sorted(region)) for i, region in enumerate(regions)}
    return frozenset(black) if place(start) else None


def certified_cells(regions: tuple[Region, ...], answer: Answer,
                    rows: int, cols: int) -> list[Cell]:
    """The cells, sorted, that as white circles would have a certificate (three consecutive
    cells, the other two black outside its region): the only ones ever ruled out.  They are
    the white circles of the certifying lines of the board on which every cell is a circle
    (ND-06).  [ND-13]"""
    every_cell = frozenset((r, c) for r in range(rows) for c in range(cols))
    full = Board(rows, cols, regions, every_cell, answer=answer)
    return sorted({cell for triple in certifying_lines(full, answer) for cell in triple
                   if cell not in answer})


def add_circle(board: Board, cell: Cell) -> Board:
    """One more circle at `cell`, the answer kept (one still under the black readings).  [ND-13]"""
    return board.replace(circles=board.circles | {cell})


def _generated(rows: int, cols: int, seed: int, mean_size: float):
    """Regions, then an answer; new regions from the same stream until an answer exists."""
    rng = random.Random(seed)
    while True:
        regions = random_regions(rng, rows, cols, mean_size)
        answer = draw_answer(rng, regions)
        if answer is not None:
            return rng, regions, answer


def dial_board(rows: int, cols: int, k: int, seed: int,
               mean_size: float = MEAN_REGION_SIZE) -> Board:
    """The dial: regions, an answer, then k certified white circles at random (fewer if
    fewer are certified), unchecked; the drawn answer stays, so never zero answers.  [ND-13]"""
    return dial_boards(rows, cols, (k,), seed, mean_size)[0]


def dial_boards(rows: int, cols: int, ks: Iterable[int], seed: int,
                mean_size: float = MEAN_REGION_SIZE) -> tuple[Board, ...]:
    """The dial boards of one draw at each k of `ks`: one set of regions, one answer, one
    random order of the certified cells, the first k of them white circles.  [ND-13]"""
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    order = common.shuffled(rng, certified_cells(regions, answer, rows, cols))
    return tuple(Board(rows, cols, regions, answer | frozenset(order[:k]), answer=answer,
                       metadata=(("generator", f"dial k={k} seed={seed}"),)) for k in ks)


def bank_board(rows: int, cols: int, seed: int, mean_size: float = MEAN_REGION_SIZE,
               reading: str = DEFAULT_READING) -> Board:
    """The write-up's generator: regions, an answer, then each certified cell in random order
    kept as a white circle when the drawn answer stays the only one under `reading` (so none
    making three white under published).  ValueError for a bad reading.  [ND-13; ND-14; X-02]"""
    common.check_reading(reading, READINGS)
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    board = Board(rows, cols, regions, answer, answer=answer,
                  metadata=(("generator", f"bank seed={seed} reading={reading}"),))
    for cell in common.shuffled(rng, certified_cells(regions, answer, rows, cols)):
        trial = add_circle(board, cell)
        # an answer of `trial` with `cell` white is one of `board`, so `trial` is unique
        # exactly when the drawn answer holds and no answer paints `cell` black
        holds = "white" not in FORBIDDEN_COLOURS[reading] or is_answer(trial, answer, reading)
        if holds and not paints_black(trial, cell, reading):
            board = trial
    return board


# === Boards do not happen by accident (ND-15) ===

def random_board(rows: int, cols: int, seed: int, circle_rate: float = 0.5,
                 mean_size: float = MEAN_REGION_SIZE, given_rate: float = 0.0) -> Board:
    """Random regions, then each cell a circle with probability `circle_rate`, each circle
    pre-coloured (black or white, even odds) with probability `given_rate`.  [ND-15]"""
    rng = random.Random(seed)
    regions = random_regions(rng, rows, cols, mean_size)
    circles = frozenset((r, c) for r in range(rows) for c in range(cols)
                        if rng.random() < circle_rate)
    black, white = set(), set()
    for cell in sorted(circles):
        if given_rate and rng.random() < given_rate:
            if rng.random() < 0.5:
                black.add(cell)
            else:
                white.add(cell)
    return Board(rows, cols, regions, circles, frozenset(black), frozenset(white),
                 metadata=(("generator", f"random rate={circle_rate} seed={seed}"),))


# === The ladder (ND-16): the rule its rungs and the solver share ===
# ladder.py builds the rungs region, triple, probe and search on the triple rule; the solver
# runs the triple rule, then common.probe and common.search, on each group.  The probe and
# the search are written for any domains and any propagation: both ladders use them.

class TripleRules(NamedTuple):
    """What the triple rule reads, built once per board from the chosen constraints
    (triples; under the anywhere reading, live lines: `constraints`)."""
    region_of: dict[Cell, int]                  # cell → its region
    circles_of: tuple[frozenset[Cell], ...]     # region → its circles
    through: dict[Cell, list[Constraint]]       # circle → the chosen constraints through it
    within: dict[int, list[Constraint]]         # region → the chosen constraints wholly in it
    forbidden: frozenset[str]                   # the colours no triple may stand in


def triple_rules(board: Board, chosen: Iterable[Constraint], reading: str) -> TripleRules:
    """The TripleRules of `board` over the `chosen` constraints under `reading`."""
    index = region_of(board)
    through: dict[Cell, list[Constraint]] = {c: [] for c in board.circles}
    within: dict[int, list[Constraint]] = {i: [] for i in range(len(board.regions))}
    for constraint in chosen:
        for circle in constraint:
            through[circle].append(constraint)
        if len({index[c] for c in constraint}) == 1:
            within[index[constraint[0]]].append(constraint)
    return TripleRules(index, tuple(r & board.circles for r in board.regions), through,
                       within, FORBIDDEN_COLOURS[reading])


def is_black(rules: TripleRules, domains: Domains, circle: Cell) -> bool:
    """A circle is black once it is all its region's domain holds."""
    domain = domains[rules.region_of[circle]]
    return len(domain) == 1 and circle in domain


def is_white(rules: TripleRules, domains: Domains, circle: Cell) -> bool:
    """A circle is white once its region's domain has lost it."""
    return circle not in domains[rules.region_of[circle]]


def triple_rule(rules: TripleRules, domains: Domains, todo: list[int]) -> None:
    """If two circles of a triple are black, then the third is white; under the published
    reading also, if the circles of a triple that can still be black all lie in one region,
    then that region's black circle is one of them.

    Run to a fixpoint from the regions `todo`, narrowing `domains` in place: hyper-arc
    consistency on each triple (the certificate rule read as propagation, the `triple`
    rung); a live line of the anywhere reading is all its triples at once.  A triple can
    newly fire only where a circle has just turned black (the first rule) or white (the
    second), so only the triples through those circles of the regions `todo` are read, and
    for the second those wholly inside them, which fire with no circle white.  Raises
    Contradiction(reason, the triple) when a region loses every circle.  [ND-16; X-01]
    """
    while todo:
        region = todo.pop()
        domain = domains[region]
        if "black" in rules.forbidden and len(domain) == 1:
            (black,) = domain
            for constraint in rules.through[black]:
                _two_black_make_the_rest_white(rules, domains, black, constraint, todo)
        if "white" in rules.forbidden:
            for triple in rules.within[region]:
                _one_region_left_paints_it(rules, domains, triple, todo)
            for white in rules.circles_of[region] - domain:
                for triple in rules.through[white]:
                    _one_region_left_paints_it(rules, domains, triple, todo)


def _two_black_make_the_rest_white(rules: TripleRules, domains: Domains, black: Cell,
                                   constraint: Constraint, todo: list[int]) -> None:
    """`black` has just turned black: if another circle of `constraint` (a triple; under the
    anywhere reading a line) is black, the rest are white (a third black: its region
    empties)."""
    others = [c for c in constraint if c != black]
    for second in others:
        if is_black(rules, domains, second):
            for circle in others:
                if circle != second:
                    _make_white(rules, domains, circle, constraint, todo)
            return


def _make_white(rules: TripleRules, domains: Domains, circle: Cell, constraint: Constraint,
                todo: list[int]) -> None:
    """`circle` leaves its region's domain, because of `constraint`; Contradiction if it was
    the last."""
    region = rules.region_of[circle]
    if circle not in domains[region]:
        return
    if len(domains[region]) == 1:
        raise Contradiction("a triple leaves a region no circle that can be black", constraint)
    domains[region] = domains[region] - {circle}
    todo.append(region)


def _one_region_left_paints_it(rules: TripleRules, domains: Domains, triple: Triple,
                               todo: list[int]) -> None:
    """Three whites are forbidden: if the circles of `triple` that can still be black lie in
    one region, that region's black is one of them; Contradiction if none can be."""
    hopeful = {rules.region_of[c] for c in triple if not is_white(rules, domains, c)}
    if len(hopeful) > 1:
        return
    if not hopeful:
        raise Contradiction("a triple leaves a region no circle that can be black", triple)
    (region,) = hopeful
    _narrow(domains, region, domains[region] & set(triple), triple, todo)


def _narrow(domains: Domains, region: int, keep: frozenset[Cell], triple: Triple,
            todo: list[int]) -> None:
    """`region`'s domain cut to `keep`, because of `triple`; Contradiction if that is none."""
    if keep == domains[region]:
        return
    if not keep:
        raise Contradiction("a triple leaves a region no circle that can be black", triple)
    domains[region] = keep
    todo.append(region)


# === What I expected and did not find (ND-17) ===

_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def clustering(boards: Iterable[Board]) -> Clustering:
    """(black circles of the answers, those with a black 8-neighbour, the share expected if
    each region picked its circle uniformly and independently, and per board the three),
    exactly: Σ_c P(c picked) · (1 − Π_j (1 − n_j(c) / |C_j|)) over the other regions j,
    n_j(c) being c's neighbours among region j's circles C_j.  [ND-17]"""
    rows = []
    for board in boards:
        index, answer = region_of(board), board.answer
        circles_of = [r & board.circles for r in board.regions]
        expected = 0.0
        for r, c in board.circles:
            near = Counter(index[o] for o in ((r + dr, c + dc) for dr, dc in _EIGHT)
                           if o in board.circles and index[o] != index[(r, c)])  # j → n_j(c)
            alone = math.prod(1 - n / len(circles_of[j]) for j, n in near.items())
            expected += (1 - alone) / len(circles_of[index[(r, c)]])
        hits = sum(any((r + dr, c + dc) in answer for dr, dc in _EIGHT) for r, c in answer)
        rows.append((len(answer), hits, expected))
    black = sum(b for b, _, _ in rows)
    return Clustering(black, sum(h for _, h, _ in rows),
                      sum(e for _, _, e in rows) / black if black else 0.0, tuple(rows))


# === Two engines (ND-18) ===
# Engine 1 is `solve`; engine 2 (twins/) shares nothing, trying every circle per region.


# === Plumbing: the front door, board files, puzz.link links, the command line ===
# Engine 1 refuses up front a board it could not hold in recursion, and the anywhere
# reading one whose triples it could not hold in memory; how long a search runs no check
# can tell before it, which is the commands' budget, --seconds (plumbing/cli.py).

MAX_REGIONS = 10_000   # every board a link can describe (100x100); one recursion level each
MAX_TRIPLES = 500_000  # three-circle sets the anywhere reading may build: about 100 MB


def check_regions(board: Board) -> None:
    """BoardError for a board of more than MAX_REGIONS regions: engine 1 recurses once per
    region."""
    if len(board.regions) > MAX_REGIONS:
        raise BoardError(f"a board of {len(board.regions)} regions is past engine 1's limit "
                         f"of {MAX_REGIONS} (it recurses once per region)")


def check_anywhere_triples(board: Board) -> None:
    """BoardError for a board whose lines hold more than MAX_TRIPLES three-circle sets, the
    anywhere reading's triples, counted before any is built."""
    total = 0
    for line in lines(board.rows, board.cols):
        total += math.comb(sum(cell in board.circles for cell in line), 3)
    if total > MAX_TRIPLES:
        raise BoardError(f"too many triples under the anywhere reading: {total:,} "
                         f"three-circle sets in its lines, more than {MAX_TRIPLES:,}")


# The formats are plumbing/nondango_files.py; here, the names callers and the solvers'
# command (plumbing/cli.py) use.

GENRE, PZPRJS_GENRE, LINK_READING = files.GENRE, files.PZPRJS_GENRE, files.LINK_READING
BLACK, WHITE, NO_CIRCLE, LEGEND = files.BLACK, files.WHITE, files.NO_CIRCLE, files.LEGEND
CIRCLE, GIVEN_BLACK, GIVEN_WHITE = files.CIRCLE, files.GIVEN_BLACK, files.GIVEN_WHITE
answer_rows, picture, to_record = files.answer_rows, files.picture, files.to_record


def parse(text: str, source: str = "<string>") -> Board:
    """The Board a board file describes (boards/README.md); BoardError naming the place for
    a malformed file (plumbing/nondango_files.py)."""
    return files.parse(text, source, Board, READINGS)


def from_record(puzzle: puzzlink.Puzzle, source: str = "<url>") -> Board:
    """The Board of a puzz.link record; BoardError, naming `source`, for one of another
    genre (plumbing/nondango_files.py)."""
    return files.from_record(puzzle, source, Board)


def load(source: str) -> Board:
    """The board in `source`, a board file, a pzprv3 file or text, or a puzz.link URL;
    BoardError naming the place for bad input, an unreadable file or a Dosun-Fuwari board."""
    return puzzlink.load(source, parse, from_record)


def main(argv: list[str] | None = None) -> int:
    """python nondango.py BOARD [--reading R] [--cap N] [--seconds S] [--json] [--url]: the
    board, the reading, the answer count up to the cap and the first answers (plumbing/cli.py)."""
    return cli.solve_command(sys.modules[__name__], argv, "nondango.py",
                             "Count the answers of a Nondango board and draw the first three.")


if __name__ == "__main__":
    cli.run(main)
