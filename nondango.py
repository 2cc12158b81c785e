"""Nondango: regions, circles, triples, certificates, groups, two engines, four readings.

A reference implementation to read beside the Nondango write-up, in its order: the
glossary, the rules, then one banner per section of the write-up (its titles), each
claim one function whose docstring states it and ends with its ID (ND-01 … ND-18, X-01
…), and last the plumbing (board files, puzz.link links, the command line).

Glossary (with an example value)
    cell        (row, col), row 0 at the top                         (2, 3)
    region      a connected set of cells; the regions cover the grid  frozenset({(0, 0), (0, 1)})
    circle      a cell carrying a circle; only circles are painted    (0, 1)
    black/white the two colours of a circle; exactly one black per region
    given       a circle pre-coloured by the setter (given black / given white)
    answer      the set of black circles (every other circle is white)
    reading     which version of the rule is in force, one of READINGS:
                  write-up      no three BLACK circles in three consecutive cells of a
                                row, column or diagonal (the write-up's text)
                  published     no three circles of the SAME colour in consecutive cells
                                (Nikoli, puzz.link / pzprjs `src/variety/nondango.js`)
                  no-diagonals  as write-up, rows and columns only (a misreading)
                  anywhere      no three black circles anywhere in one row, column or
                                diagonal, consecutive or not (the other misreading)
    line        a whole row, column or diagonal of the grid
    triple      three circles the reading constrains together; geometric triples are
                three consecutive cells that all carry a circle (a cell without a circle
                breaks a line)                                      ((0, 0), (1, 1), (2, 2))
    dead triple a triple that can never stand in a forbidden colour; under the black
                readings: two of its circles share a region (ND-02)
    live triple a triple that is not dead
    certificate of a white circle w in an answer: a live triple through w whose other
                two circles are black; it is what makes moving w's region's black onto
                w illegal (ND-05)
    group       regions joined by live triples; groups are solved independently (ND-07)
    domain      the circles of a region that may still be its black one (engine 1)
    dial        the number k of certified white circles added at random (ND-13)

Roads not taken.  A board could be a grid of characters with the regions implicit in
border walls (as pzprjs stores it); regions as frozensets of cells make "one black per
region" and "two circles in one region" one-line tests, and the picture of labels is
only the file format.  Engine 1 could keep each region's domain as a bit mask over its
circles and undo its changes in place, which is faster; it keeps sets of cells and
copies them on every guess instead, so that a domain reads as what it is, the circles
still allowed, and a guess cannot leak into its sibling.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

import common
from common import BoardError, Count
from tools import cli, puzzlink

# === Glossary: the shapes of things ===

Cell = tuple[int, int]                  # (row, col), row 0 at the top
Triple = tuple[Cell, Cell, Cell]        # three circles in line order
Region = frozenset[Cell]                # a connected set of cells
Answer = frozenset[Cell]                # the black circles
Domains = dict[int, frozenset[Cell]]    # region index → the circles still allowed black

READINGS = ("write-up", "published", "no-diagonals", "anywhere")
DEFAULT_READING = "write-up"
FORBIDDEN_COLOURS: dict[str, frozenset[str]] = {     # the colours no triple may stand in
    "write-up": frozenset({"black"}),
    "published": frozenset({"black", "white"}),
    "no-diagonals": frozenset({"black"}),
    "anywhere": frozenset({"black"}),
}
DIRECTIONS: dict[str, tuple[tuple[int, int], ...]] = {     # the steps along a line
    "write-up": ((0, 1), (1, 0), (1, 1), (1, -1)),
    "published": ((0, 1), (1, 0), (1, 1), (1, -1)),
    "no-diagonals": ((0, 1), (1, 0)),
    "anywhere": ((0, 1), (1, 0), (1, 1), (1, -1)),
}


@dataclasses.dataclass(frozen=True)
class Board(common.Record):
    """A Nondango board.

    rows, cols:   the grid size
    regions:      connected sets of cells covering the grid, ordered by each one's
                  first cell in reading order
    circles:      the cells that carry a circle
    given_black:  circles the setter painted black; given_white likewise white
    answer:       the black circles of the answer, if the file shows one
    metadata:     `key: value` lines of the file (not compared)
    Not checked here: use `parse` for checked boards.
    """

    rows: int
    cols: int
    regions: tuple[Region, ...]
    circles: frozenset[Cell]
    given_black: frozenset[Cell] = frozenset()
    given_white: frozenset[Cell] = frozenset()
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)


def region_of(board: Board) -> dict[Cell, int]:
    """Map each cell to the index of its region in `board.regions`."""
    return {cell: index for index, region in enumerate(board.regions) for cell in region}


def _canonical_regions(regions: Iterable[Iterable[Cell]]) -> tuple[Region, ...]:
    return tuple(sorted((frozenset(r) for r in regions), key=min))


def _check_reading(reading: str) -> None:
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}; expected one of {READINGS}")


# === The rules, from the rules text alone (ND-01, X-01) ===

class Violation(NamedTuple):
    """One broken rule: a short sentence and the cells that break it."""

    rule: str
    cells: tuple[Cell, ...]


def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule the answer (its black circles) breaks under `reading`; [] means legal.

    Rules: only circles are painted; given colours stand; exactly one black circle per
    region; and, by reading, no three black (published: same-coloured) circles in three
    consecutive cells of a row, column or diagonal (no-diagonals: rows and columns;
    anywhere: no three black circles anywhere in one row, column or diagonal).  The line
    rule walks from every black circle (published: every circle) along every step of
    the reading, three cells at a time.
    Raises ValueError for an unknown reading.  [ND-01; X-01; pzprjs nondango.js]
    """
    _check_reading(reading)
    circles = board.circles
    found = [Violation("a cell without a circle is painted black", (cell,))
             for cell in sorted(answer - circles)]
    found += [Violation("a circle given black is not black", (cell,))
              for cell in sorted(board.given_black - answer)]
    found += [Violation("a circle given white is painted black", (cell,))
              for cell in sorted(board.given_white & answer)]
    for region in board.regions:
        black = region & answer & circles
        if len(black) != 1:
            found.append(Violation(f"a region has {len(black)} black circles, not one",
                                   tuple(sorted(black or region))))
    if reading == "anywhere":
        for line in lines(board.rows, board.cols):
            black = tuple(cell for cell in line if cell in answer and cell in circles)
            if len(black) >= 3:
                found.append(Violation("three or more black circles in one line", black))
        return found
    # a three of black circles starts at a black circle (of white ones, at any circle)
    starts = circles if reading == "published" else answer & circles
    for r, c in sorted(starts):
        for dr, dc in DIRECTIONS[reading]:
            second, third = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if second not in circles or third not in circles:
                continue                      # off the grid, or a cell without a circle
            blacks = ((r, c) in answer) + (second in answer) + (third in answer)
            if blacks == 3 or (blacks == 0 and reading == "published"):
                colour = "black" if blacks == 3 else "white"
                found.append(Violation(f"three {colour} circles in consecutive cells",
                                       ((r, c), second, third)))
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading`.  [ND-01]"""
    return not violations(board, answer, reading)


def lines(rows: int, cols: int, steps=DIRECTIONS["write-up"]) -> tuple[tuple[Cell, ...], ...]:
    """Every whole row, column and diagonal of a rows×cols grid along `steps`, cells in order.
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
    """The sets of three circles that `reading` constrains, sorted, each in line order:
    three consecutive cells of a row, column or diagonal that all carry a circle
    (no-diagonals: rows and columns only; anywhere: any three circles of one line).
    Raises ValueError for an unknown reading.  [ND-02; ND-11; pzprjs nondango.js]
    # triples(parse("nondango\\nregions:\\n0 0 0\\ncircles:\\no o o\\n")) → (((0, 0), (0, 1), (0, 2)),)
    """
    _check_reading(reading)
    circles = board.circles
    if reading == "anywhere":
        return tuple(sorted(three for line in lines(board.rows, board.cols)
                            for three in itertools.combinations([c for c in line if c in circles], 3)))
    return tuple(sorted(three for r, c in circles for dr, dc in DIRECTIONS[reading]
                        for three in [((r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))]
                        if three[1] in circles and three[2] in circles))


def shares_a_region(board: Board, triple: Triple, index: dict[Cell, int] | None = None) -> bool:
    """True when two circles of the triple lie in one region: since a region paints one
    circle black, the triple can never be all black.  [ND-02]"""
    index = region_of(board) if index is None else index
    return len({index[cell] for cell in triple}) < 3


def _can_fire(board: Board, triple: Triple, reading: str, index: dict[Cell, int]) -> bool:
    """Can one-black-per-region ever paint the triple in a forbidden colour of `reading`?
    All black needs three regions; all white needs every region it touches to have a
    circle outside it."""
    forbidden = FORBIDDEN_COLOURS[reading]
    if "black" in forbidden and not shares_a_region(board, triple, index):
        return True
    return "white" in forbidden and all(
        (board.regions[i] & board.circles) - set(triple) for i in {index[c] for c in triple})


def dead_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that no one-black-per-region painting can ever make fire.

    Under the black readings these are exactly the triples with two circles in one
    region (ND-02).  Under the published reading a triple is dead only if it can be
    neither all black nor all white (X-01), so the write-up's screen is
    `[t for t in triples(b, "published") if shares_a_region(b, t)]`, which is NOT dead.
    [ND-02; ND-03; X-01]
    """
    index = region_of(board)
    return tuple(t for t in triples(board, reading) if not _can_fire(board, t, reading, index))


def live_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that can fire, in order: `triples` minus `dead_triples`.
    Raises ValueError for an unknown reading.  [ND-03; X-01]"""
    index = region_of(board)
    return tuple(t for t in triples(board, reading) if _can_fire(board, t, reading, index))


def solve_with_triples(board: Board, chosen: Iterable[Triple],
                       reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1 held to the `chosen` triples (colours forbidden by `reading`): solving
    with every triple and with the live ones only gives the same answer set (ND-04);
    the write-up's screen under the published reading does not (X-01).  [ND-04; X-01]
    """
    _check_reading(reading)
    yield from _answers(board, tuple(chosen), reading, candidates(board))


class TripleCensus(NamedTuple):
    boards: int
    triples: int           # geometric triples over all boards
    live: int
    dead: int


def triple_census(boards: Iterable[Board], reading: str = DEFAULT_READING) -> TripleCensus:
    """Totals of geometric, live and dead triples; dead share = dead / triples.  [ND-03]"""
    n = total = live = 0
    for board in boards:
        n += 1
        total += len(triples(board, reading))
        live += len(live_triples(board, reading))
    return TripleCensus(n, total, live, total - live)


# === One swap is all it takes (ND-05, ND-06) ===

def single_moves(board: Board, answer: Answer) -> Iterator[tuple[Cell, Answer]]:
    """Every painting one move away: a region's black moved onto another circle of it.

    Yields (the newly black circle, the moved answer); givens are ignored here, so a
    move may repaint a given (the rules checker then rejects it).  [ND-05]
    """
    for region in board.regions:
        black = region & answer
        for cell in sorted((region & board.circles) - answer):
            yield cell, (answer - black) | {cell}


def literal_certificates(board: Board, answer: Answer, cell: Cell,
                         reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples through white `cell` whose other two circles are black (the write-up's words).

    A literal certificate can be dead: if one of the two blacks shares `cell`'s region,
    moving that region's black onto `cell` also un-paints it, so the line cannot fire.
    [ND-05]
    """
    return tuple(t for t in triples(board, reading)
                 if cell in t and all(o in answer for o in t if o != cell))


def certificates(board: Board, answer: Answer, cell: Cell,
                 reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples through white `cell` whose other two circles are black and lie outside
    `cell`'s region: exactly the lines that make moving the region's black onto `cell`
    illegal, so a unique answer has one for every free white circle.  [ND-05]
    """
    index = region_of(board)
    return tuple(t for t in literal_certificates(board, answer, cell, reading)
                 if all(index[o] != index[cell] for o in t if o != cell))


def free_white_circles(board: Board, answer: Answer) -> frozenset[Cell]:
    """White circles not given white in a region whose black is not given: the ones a
    single move could paint black.  Without givens: circles − regions of them.  [ND-05; ND-06]
    """
    index = region_of(board)
    fixed = {index[cell] for cell in board.given_black}
    return frozenset(c for c in board.circles - answer - board.given_white
                     if index[c] not in fixed)


def literal_certifying_lines(board: Board, answer: Answer,
                             reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples with two black circles and one white one (literal reading).  [ND-06]"""
    return tuple(t for t in triples(board, reading) if sum(c in answer for c in t) == 2)


def certifying_lines(board: Board, answer: Answer,
                     reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples with two black circles and one white one in a third region: each
    certifies its white circle and no other, so on a unique board free white circles ≤
    certifying lines ≤ live triples.  [ND-06]
    """
    index = region_of(board)
    return tuple(t for t in literal_certifying_lines(board, answer, reading)
                 if len({index[c] for c in t}) == 3)


# === No live triple, no puzzle at all (ND-07, ND-08, ND-09) ===
# Engine 1: the screen, the groups, then a backtracker run once per group.

COUNT_CAP = 20000      # counting stops here (the write-up's cap)
MAX_REGIONS = 600      # engine 1 recurses once per group and once per region of a group


def candidates(board: Board) -> Domains:
    """Per region, the circles that may be its black one, given the givens: a region with
    a given black circle has that one (none if it has two), any other its circles less
    the ones given white."""
    out = {}
    for i, region in enumerate(board.regions):
        black = region & board.given_black
        if black:
            out[i] = frozenset(black) if len(black) == 1 else frozenset()
        else:
            out[i] = (region & board.circles) - board.given_white
    return out


def _join(n: int, parts: Iterable[Iterable[int]]) -> list[list[int]]:
    """The classes of 0..n-1 when every part's members are joined (union-find), sorted."""
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for first, *rest in parts:
        for other in rest:
            parent[find(other)] = find(first)
    classes: dict[int, list[int]] = {}
    for i in range(n):
        classes.setdefault(find(i), []).append(i)
    return sorted(classes.values())


def _groups_of(board: Board, chosen: Iterable[Triple]) -> list[list[int]]:
    index = region_of(board)
    return _join(len(board.regions), ({index[c] for c in t} for t in chosen))


def groups(board: Board, reading: str = DEFAULT_READING) -> tuple[tuple[int, ...], ...]:
    """Regions (by index) joined whenever a live triple touches both, sorted by first region.

    The rule never crosses from one group to another, so answers are independent per
    group and the count is the product of the groups' counts.  [ND-07; ND-09]
    """
    return tuple(tuple(g) for g in _groups_of(board, live_triples(board, reading)))


class Constraints(NamedTuple):
    """What engine 1 propagates: the chosen triples, filed under every circle they hold."""

    index: dict[Cell, int]                      # cell → region
    triples_through: dict[Cell, list[Triple]]   # circle → the chosen triples through it
    circles_of: dict[int, frozenset[Cell]]      # region → its circles
    forbidden: tuple[str, ...]                  # the colours no triple may stand in


def _constraints(board: Board, chosen: Iterable[Triple], reading: str) -> Constraints:
    triples_through: dict[Cell, list[Triple]] = {c: [] for c in board.circles}
    for t in chosen:
        for c in t:
            triples_through[c].append(t)
    circles_of = {i: region & board.circles for i, region in enumerate(board.regions)}
    return Constraints(region_of(board), triples_through, circles_of,
                       tuple(sorted(FORBIDDEN_COLOURS[reading])))


def propagate(domains: Domains, todo: list[int], rules: Constraints) -> bool:
    """Forward checking to a fixpoint, shrinking `domains` in place from the regions in
    `todo`: if two circles of a triple are black, then the third is white (it leaves its
    region's domain); under the published reading, if two are white, then the third is
    black (its region's domain becomes that circle).  A circle is black when its region's
    domain is that circle alone, white when it is not in it.  False when a region is left
    with no circle or a triple stands all in a forbidden colour.

    Only a circle that has just turned black (white) can make a triple fire, so a region
    taken from `todo` is looked at through the triples of its black circle (and, under the
    published reading, of its white circles), not through every triple that touches it:
    counting 60 of ND-13's 12×12 dial boards (k = 32) takes 0.13 s of CPU, not 0.31 s.
    """
    index, through = rules.index, rules.triples_through

    def has(colour: str, c: Cell) -> bool:        # is circle c now of that colour?
        return domains[index[c]] == {c} if colour == "black" else c not in domains[index[c]]

    while todo:
        region = todo.pop()
        domain = domains[region]
        if not domain:
            return False
        for colour in rules.forbidden:
            fresh = (rules.circles_of[region] - domain if colour == "white" else
                     domain if len(domain) == 1 else ())
            for cell in fresh:
                for triple in through[cell]:
                    x, y = (c for c in triple if c != cell)
                    x_has, y_has = has(colour, x), has(colour, y)
                    if x_has and y_has:
                        return False
                    if x_has or y_has:
                        last = y if x_has else x
                        i = index[last]
                        shrunk = domains[i] - {last} if colour == "black" else domains[i] & {last}
                        if shrunk != domains[i]:
                            domains[i] = shrunk
                            todo.append(i)
    return True


def probe(domains: Domains, group: list[int], rules: Constraints) -> bool:
    """If assuming a circle black makes `propagate` contradict, then that circle is white:
    drop it, propagate, and probe again until a pass over the group drops nothing
    (failed-literal probing, the ladder's `probe` rung).  False when a region loses every
    circle.  Only circles no answer paints black go, so the answers stay the same.

    Kept for speed, with what it saves measured: on bands of 2×2 regions, every cell a
    circle, the published reading has no answer, and forward checking alone only finds
    that after trying every way to paint the rest (exponential in the band's length);
    probing the middle region proves it before any branching.  A 3×41 band: 0.006 s of
    CPU with probing, not done after 600 s without, so the tests of such bands (up to
    40×40) could not finish without it.
    """
    changed = True
    while changed:
        changed = False
        for region in group:
            for cell in sorted(domains[region]):
                if len(domains[region]) < 2:
                    break
                if cell not in domains[region]:
                    continue
                trial = dict(domains)
                trial[region] = frozenset({cell})
                if propagate(trial, [region], rules):
                    continue
                domains[region] = domains[region] - {cell}
                if not propagate(domains, [region], rules):
                    return False
                changed = True
    return True


def search(domains: Domains, group: list[int], rules: Constraints) -> Iterator[Domains]:
    """Every way to finish `domains` over the regions of `group`, as domains of one circle
    each: branch on the open region with the fewest circles left (the first such), try
    its circles in sorted order on a copy, propagate, and recurse on the regions still
    open.  One level of recursion per region of the group."""
    still = [i for i in group if len(domains[i]) > 1]
    if not still:
        yield domains
        return
    region = min(still, key=lambda i: len(domains[i]))
    for cell in sorted(domains[region]):
        trial = dict(domains)
        trial[region] = frozenset({cell})
        if propagate(trial, [region], rules):
            yield from search(trial, still, rules)


def count_leaves(domains: Domains, group: list[int], rules: Constraints, cap: int) -> int:
    """How many ways `search` finishes `domains`, counted up to `cap`: the same branching,
    but a leaf adds one instead of being handed up through every level and turned into
    an answer.  Counting past a cap is what ND-10 does (every 12×12 board to 20,000):
    12 of its boards take 2.0 s of CPU so, not 3.8 s listing the answers."""
    still = [i for i in group if len(domains[i]) > 1]
    if not still:
        return 1
    region = min(still, key=lambda i: len(domains[i]))
    total = 0
    for cell in sorted(domains[region]):
        if total >= cap:
            break
        trial = dict(domains)
        trial[region] = frozenset({cell})
        if propagate(trial, [region], rules):
            total += count_leaves(trial, still, rules, cap - total)
    return total


def _roots(board: Board, chosen: tuple[Triple, ...], reading: str,
           start: Domains) -> tuple[Constraints, list[tuple[list[int], Domains | None]]]:
    """The front door of engine 1: refuse a board past MAX_REGIONS, then for each group of
    the chosen triples its domains after propagation and probing at the root (None when
    the group contradicts)."""
    if len(board.regions) > MAX_REGIONS:
        raise BoardError(f"a board of {len(board.regions)} regions is past engine 1's limit "
                         f"of {MAX_REGIONS} (it recurses once per region)")
    rules = _constraints(board, chosen, reading)
    out = []
    for group in _groups_of(board, chosen):
        domains = {i: start[i] for i in group}
        ok = propagate(domains, list(group), rules) and probe(domains, group, rules)
        out.append((group, domains if ok else None))
    return rules, out


def _group_answers(rules: Constraints, group: list[int],
                   root: Domains | None) -> Callable[[], Iterator[Answer]]:
    """A maker of a fresh iterator over the group's answers (the black circles of its regions)."""
    def answers() -> Iterator[Answer]:
        if root is not None:
            for done in search(dict(root), group, rules):
                yield frozenset(c for i in group for c in done[i])
    return answers


def _parts(board: Board, chosen: tuple[Triple, ...], reading: str,
           start: Domains) -> list[Callable[[], Iterator[Answer]]] | None:
    """Each group's answers, or None as soon as one group has no answer at all."""
    rules, roots = _roots(board, chosen, reading, start)
    parts = [_group_answers(rules, group, root) for group, root in roots]
    return parts if all(next(part(), None) is not None for part in parts) else None


def _product(parts: list[Callable[[], Iterator[Answer]]]) -> Iterator[Answer]:
    """Every union of one answer per group, the first group changing slowest."""
    if not parts:
        yield frozenset()
        return
    for first in parts[0]():
        for rest in _product(parts[1:]):
            yield first | rest


def _answers(board: Board, chosen: tuple[Triple, ...], reading: str,
             start: Domains) -> Iterator[Answer]:
    parts = _parts(board, chosen, reading, start)
    if parts is not None:
        yield from _product(parts)


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1: every answer under `reading`, as frozensets of black circles.

    Drops the dead triples (exact: they can never fire), splits the regions into groups
    joined by live triples, propagates and probes each group at its root, backtracks each
    with forward checking, and yields the product (nothing when one group has no answer).
    Raises ValueError for an unknown reading, BoardError for a board past MAX_REGIONS.
    [ND-04; ND-07; ND-18]
    """
    _check_reading(reading)
    yield from _answers(board, live_triples(board, reading), reading, candidates(board))


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's answer count, the product of the groups' counts, each counted up to `cap`:
    Count(min(total, cap), total >= cap), so `count_answers(b, cap=2).count == 1` means
    unique.  Raises ValueError for a cap below 1 or an unknown reading, BoardError for a
    board past MAX_REGIONS.  [ND-07; ND-10]
    """
    _check_reading(reading)
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    rules, roots = _roots(board, live_triples(board, reading), reading, candidates(board))
    counts = [root and count_leaves(dict(root), group, rules, cap) for group, root in roots]
    total = 0 if not all(counts) else math.prod(counts)
    return Count(min(total, cap), total >= cap)


def root_domains(board: Board, reading: str = DEFAULT_READING) -> tuple[frozenset[Cell], ...]:
    """Per region, the circles engine 1 still allows before it branches (propagation and
    probing at the root of every group); every region of a group that contradicts gets
    the empty set.  No answer paints black a circle outside its region's set.  [ND-18]
    """
    _check_reading(reading)
    _, roots = _roots(board, live_triples(board, reading), reading, candidates(board))
    out = {i: frozenset() for i in range(len(board.regions))}
    for group, root in roots:
        out.update(root or {})
    return tuple(out[i] for i in range(len(board.regions)))


def paints_black(board: Board, cell: Cell, reading: str = DEFAULT_READING) -> bool:
    """Whether some answer under `reading` paints the circle `cell` black: engine 1 with
    `cell`'s region held to `cell`.  Raises ValueError for an unknown reading.  [ND-13; ND-14]
    """
    _check_reading(reading)
    start = candidates(board)
    region = region_of(board)[cell]
    start[region] = start[region] & {cell}
    return _parts(board, live_triples(board, reading), reading, start) is not None


class GroupCensus(NamedTuple):
    boards: int
    groups: int
    single_circle_regions: int     # groups of one region holding one circle
    largest: int                   # regions in the largest group


def group_census(boards: Iterable[Board], reading: str = DEFAULT_READING) -> GroupCensus:
    """How the boards split into groups.  [ND-09]"""
    n = total = single = largest = 0
    for board in boards:
        n += 1
        for group in groups(board, reading):
            total += 1
            largest = max(largest, len(group))
            single += len(group) == 1 and len(board.regions[group[0]] & board.circles) == 1
    return GroupCensus(n, total, single, largest)


# === Both ways of misquoting "three in a row" delete the puzzle (ND-10, ND-11, ND-12) ===

def reading_counts(boards: Iterable[Board], reading: str, cap: int = COUNT_CAP) -> list[Count]:
    """Engine 1's count of each board under `reading`, up to `cap`: under no-diagonals no
    bank board stays unique, under anywhere none has an answer.  [ND-10; ND-11]"""
    return [count_answers(board, reading, cap) for board in boards]

# Tribonacci numbers, OEIS A000073, a(0..20): a line of L circles has a(L+3)
# black sets with no three blacks in consecutive cells.
A000073 = (0, 0, 1, 1, 2, 4, 7, 13, 24, 44, 81, 149, 274, 504, 927, 1705, 3136, 5768,
           10609, 19513, 35890)
# Lazy caterer's sequence, OEIS A000124, a(0..15) = 1 + n(n+1)/2: the black sets of
# at most two circles on a line of L circles ("anywhere" reading) number a(L).
A000124 = (1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 67, 79, 92, 106, 121)
# OEIS A181218, a(1..8): n×n 0/1 grids with no three 1s consecutive in a row, column
# or diagonal (either direction).
A181218 = (2, 16, 230, 10732, 1495392, 507962194, 493466099722, 1328921689649459)


def count_line_fillings(length: int, reading: str = DEFAULT_READING) -> int:
    """Black sets on one line of `length` consecutive circles, regions ignored, by recurrence.

    write-up / no-diagonals: no three consecutive blacks, tribonacci A000073(L+3);
    anywhere: at most two blacks, A000124(L) = 1 + L + L(L−1)/2;
    published: no three consecutive of one colour, 2·Fibonacci(L+1) for L ≥ 1.
    [ND-11; OEIS A000073, A000124]
    """
    _check_reading(reading)
    if reading == "anywhere":
        return 1 + length + length * (length - 1) // 2
    # ends[k]: fillings whose last k circles share the last colour (k = 1, 2)
    if length == 0:
        return 1
    if reading == "published":
        one, two = 2, 0                       # last run of length 1 or 2, either colour
        for _ in range(length - 1):
            one, two = two + one, one
        return one + two
    white, black1, black2 = 1, 1, 0           # ends in white / one black / two blacks
    for _ in range(length - 1):
        white, black1, black2 = white + black1 + black2, white, black1
    return white + black1 + black2


def _row_ok(row: int) -> bool:
    return row & (row >> 1) & (row >> 2) == 0


def count_full_grids(n: int) -> int:
    """n×n grids, every cell a circle, no three blacks consecutive in a row, column or
    diagonal (write-up's reading, regions ignored), by a transfer matrix with exact ints.

    Rows are bit masks (bit j: column j black), each with no three blacks in a row.  What
    the next row must avoid depends on the last two rows only through `mask`, the columns
    where a black would complete a vertical or diagonal three; so the state is (last row,
    mask), and a row r may follow it iff r & mask == 0.  The masks are filed under their
    last row b, and each row r that may follow b takes the sum over b's masks that r
    avoids: one new state per pair of rows, not one per state and row (n = 9: 4 s of CPU,
    not 9 s).  [ND-12; OEIS A181218]
    # count_full_grids(3) → 230
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    full = (1 << n) - 1
    rows = [r for r in range(1 << n) if _row_ok(r)]
    ways = {row: {0: 1} for row in rows}         # last row → its masks → grids so far
    for _ in range(n - 1):
        after: dict[int, dict[int, int]] = {}
        for b, masks in ways.items():
            for r in rows:
                total = sum(count for mask, count in masks.items() if r & mask == 0)
                if total:
                    key = (b & r) | ((b << 2) & (r << 1) & full) | ((b >> 2) & (r >> 1))
                    into = after.setdefault(r, {})
                    into[key] = into.get(key, 0) + total
        ways = after
    return sum(sum(masks.values()) for masks in ways.values())


# === The dial is how many white circles you dare add (ND-13, ND-14) ===
# Only Random.random() is used: choice/shuffle/randrange are not stable across versions.

# The write-up does not say how large its regions are.  ND-03 calibrates the mean region
# size on the one bank figure that fixes it, 43.1 geometric triples per 8×8 board: of the
# region counts tried, 21 regions per 8×8 board come closest, so a region holds 64/21 ≈
# 3.05 cells on average (47 regions on a 12×12 board).  The bank, the dial (ND-13) and the
# random boards of ND-15 all draw regions of this size.
MEAN_REGION_SIZE = 64 / 21


def random_regions(rows: int, cols: int, rng: random.Random,
                   mean_size: float = 3.2) -> tuple[Region, ...]:
    """A random partition of the grid into connected regions of about `mean_size` cells.

    Seeds round(cells / mean_size) regions at distinct random cells, then again and
    again grows one of the smallest regions that can still grow (ties at random, by
    index) into a random cell of its frontier (sorted), until the grid is covered.

    A region's frontier is the free cells next to it, and growing is taking a frontier
    cell: the taken cell leaves every frontier and its free neighbours join the grower's.
    Keeping the frontiers so, instead of finding them again from the members at every
    step, makes a 12×12 partition three times cheaper (150 of them: 0.37 s of CPU, not
    1.08 s).  Sizes only rise, so the smallest regions that can grow are found once per
    round and the round ends when each has grown or got stuck: 0.17 s, not 0.37 s.
    Partitions are most of what ND-03, ND-13 and ND-15 spend drawing boards.
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count = max(1, min(len(cells), round(len(cells) / mean_size)))
    members = [[cell] for cell in common.shuffled(rng, cells)[:count]]
    owner = {cell: i for i, part in enumerate(members) for cell in part}
    near = common.grid_neighbours(rows, cols)     # cell → its neighbours on the grid
    frontier = [{n for n in near[part[0]] if n not in owner} for part in members]
    choices: list[int] = []          # the smallest regions that can still grow, in order
    while len(owner) < len(cells):
        if not choices:              # sizes only rise, so a round ends when these are done
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
        choices = [j for j in choices if j != i and frontier[j]]
    return _canonical_regions(members)


# The pairs of steps that make three consecutive cells with a cell, by direction, then
# by where the cell sits in the three: ((-2, 0), (-1, 0)) is "the two cells above it".
_THREES = tuple(tuple((k * dr, k * dc) for k in (shift, shift + 1, shift + 2) if k != 0)
                for dr, dc in DIRECTIONS["write-up"] for shift in (-2, -1, 0))


def _threes_through(cell: Cell) -> list[tuple[Cell, Cell]]:
    """The pairs of cells that make three consecutive cells with `cell` in a row, column
    or diagonal (off-grid cells too), in the order of _THREES."""
    r, c = cell
    return [((r + a, c + b), (r + d, c + e)) for (a, b), (d, e) in _THREES]


def draw_answer(regions: tuple[Region, ...], rng: random.Random,
                budget: int = 2000) -> Answer | None:
    """One black cell per region, no three blacks consecutive in any direction, or None.

    Randomised backtracking with forward checking: every region's cells in random order;
    place a black cell in the region with the fewest cells left (lowest index first),
    strike from every other region the cells that would make three with it and another
    black cell (only the regions of struck cells are refiltered: 900 draws take 0.76 s
    of CPU, not 1.27 s), and recurse; give up (None) after `budget` placements.  The
    cells chosen are the only circles at first, so the answer holds under every
    consecutive reading, published included.  One level of recursion per region.
    """
    index = {cell: i for i, region in enumerate(regions) for cell in region}
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
            # only the new black cell can complete a new three: with a black cell x in
            # line with it, the third cell y of the three is struck
            struck = {y for x, y in _threes_through(cell) if x in black} | \
                     {x for x, y in _threes_through(cell) if y in black}
            rest = {j: cells for j, cells in allowed.items() if j != i}
            hit = {index[c] for c in struck if c in index} & rest.keys()
            for j in hit:                 # only the regions of struck cells lose cells
                rest[j] = [c for c in rest[j] if c not in struck]
            if all(rest[j] for j in hit) and place(rest):
                return True
            black.discard(cell)
        return False

    start = {i: common.shuffled(rng, sorted(region)) for i, region in enumerate(regions)}
    return frozenset(black) if place(start) else None


def certified_cells(regions: tuple[Region, ...], answer: Answer,
                    rows: int, cols: int) -> list[Cell]:
    """Cells without a black circle that would have a certificate as a white circle:
    three consecutive cells through it whose other two are black and outside its region.
    Only these can ever be ruled out, so only these are added.  Sorted.  [ND-13]
    """
    index = {cell: i for i, region in enumerate(regions) for cell in region}
    return [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in answer and
            any(x in answer and y in answer and index[x] != index[(r, c)] != index[y]
                for x, y in _threes_through((r, c)))]


def add_circle(board: Board, cell: Cell) -> Board:
    """The same board with one more (unpainted) circle at `cell`; the answer is kept.
    Under the black readings the answer survives: the new circle is white.  [ND-13]"""
    return board.replace(circles=board.circles | {cell})


def _generated(rows: int, cols: int, seed: int, mean_size: float):
    """Regions, then an answer; new regions from the same stream until an answer exists."""
    rng = random.Random(seed)
    while True:
        regions = random_regions(rows, cols, rng, mean_size)
        answer = draw_answer(regions, rng)
        if answer is not None:
            return rng, regions, answer


def dial_board(rows: int, cols: int, k: int, seed: int,
               mean_size: float = MEAN_REGION_SIZE) -> Board:
    """The dial: regions, an answer, then k certified white circles at random (fewer if
    fewer cells are certified), with no uniqueness check.  The drawn answer stays an
    answer, so the count is never zero.  [ND-13]
    """
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    order = common.shuffled(rng, certified_cells(regions, answer, rows, cols))
    return Board(rows, cols, regions, answer | frozenset(order[:k]), answer=answer,
                 metadata=(("generator", f"dial k={k} seed={seed}"),))


def bank_board(rows: int, cols: int, seed: int, mean_size: float = MEAN_REGION_SIZE,
               reading: str = DEFAULT_READING) -> Board:
    """The write-up's generator: regions, then an answer, then the certified cells tried one
    at a time in random order, each kept as a white circle when the drawn answer is still
    the board's only answer under `reading`.  [ND-13; ND-14; X-02]

    Under the write-up's reading a white circle never breaks the drawn answer, so the test
    is uniqueness alone, as the write-up has it.  Under `published` a circle that would
    complete three white circles in a line breaks the drawn answer and is not kept: the
    same procedure, read under the rule puzz.link checks (the boards of
    boards/nondango-published/).  Raises ValueError for an unknown reading.
    """
    _check_reading(reading)
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    board = Board(rows, cols, regions, answer, answer=answer,
                  metadata=(("generator", f"bank seed={seed} reading={reading}"),))
    for cell in common.shuffled(rng, certified_cells(regions, answer, rows, cols)):
        trial = add_circle(board, cell)
        # `board` has one answer, the drawn one, which paints `cell` white; an answer of
        # `trial` that paints it white is an answer of `board` (its triples are the old
        # ones and ones through `cell`, which a white circle cannot complete under a
        # black reading, and which only forbid more under the published one), so
        # `trial` stays unique exactly when the drawn answer holds and no answer paints
        # `cell` black; a white circle can only break the drawn answer where white
        # triples are forbidden
        holds = "white" not in FORBIDDEN_COLOURS[reading] or is_answer(trial, answer, reading)
        if holds and not paints_black(trial, cell, reading):
            board = trial
    return board


class PaintCensus(NamedTuple):
    boards: int
    white_circles: int                 # total over boards
    log10_ways: tuple[float, ...]      # per board, log10 of ∏ circles per region


def paint_census(boards: Iterable[Board]) -> PaintCensus:
    """White circles of the answers and ways to paint (one black per region, rules
    ignored): ∏ over regions of their circle counts.  [ND-14]
    """
    n = whites = 0
    logs = []
    for board in boards:
        n += 1
        whites += len(board.circles) - len(board.regions)
        logs.append(sum(math.log10(max(1, len(r & board.circles))) for r in board.regions))
    return PaintCensus(n, whites, tuple(logs))


def published_valid(boards: Iterable[Board]) -> list[bool]:
    """For each board with an answer, does that answer satisfy the published rule?  [X-02]"""
    return [is_answer(b, b.answer, "published") for b in boards if b.answer is not None]


# === Boards do not happen by accident (ND-15) ===

def random_board(rows: int, cols: int, seed: int, circle_rate: float = 0.5,
                 mean_size: float = 3.2, given_rate: float = 0.0) -> Board:
    """Random regions and random circles: each cell carries a circle with probability
    `circle_rate`, and each circle is pre-coloured with probability `given_rate` (black or
    white, even odds).  No answer is built in, and few such boards have one.  [ND-15]
    """
    rng = random.Random(seed)
    regions = random_regions(rows, cols, rng, mean_size)
    circles = frozenset((r, c) for r in range(rows) for c in range(cols)
                        if rng.random() < circle_rate)
    black, white = set(), set()
    for cell in sorted(circles):
        if given_rate and rng.random() < given_rate:
            (black if rng.random() < 0.5 else white).add(cell)
    return Board(rows, cols, regions, circles, frozenset(black), frozenset(white),
                 metadata=(("generator", f"random rate={circle_rate} seed={seed}"),))


# === What I expected and did not find (ND-17) ===

def _has_black_neighbour(black: frozenset[Cell], cell: Cell) -> bool:
    r, c = cell
    return any((r + dr, c + dc) in black for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if (dr, dc) != (0, 0))


class Clustering(NamedTuple):
    """Black circles with a black neighbour, per board and in total.  [ND-17]

    boards:     per board (black circles, of those with a black neighbour, the expected
                number of the same for one circle picked at random in each region)
    """

    black: int                 # black circles counted
    with_neighbour: int        # of those, with a black circle among the 8 neighbours
    baseline: float            # the same share, expected for a random circle per region
    boards: tuple[tuple[int, int, float], ...]


def _expected_with_neighbour(board: Board) -> float:
    """Expected number of picked circles with a picked 8-neighbour, when each region's
    circle is picked uniformly at random and independently of the other regions:
    Σ over circles c of P(c picked) · (1 − Π over other regions j of (1 − n_j(c) / |C_j|)),
    n_j(c) being c's neighbours among region j's circles C_j."""
    index = region_of(board)
    circles_of = [r & board.circles for r in board.regions]
    expected = 0.0
    for c in board.circles:
        near: dict[int, int] = {}
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                other = (c[0] + dr, c[1] + dc)
                if other != c and other in board.circles and index[other] != index[c]:
                    near[index[other]] = near.get(index[other], 0) + 1
        alone = math.prod(1 - n / len(circles_of[j]) for j, n in near.items())
        expected += (1 - alone) / len(circles_of[index[c]])
    return expected


def clustering(boards: Iterable[Board]) -> Clustering:
    """Share of answer black circles with a black 8-neighbour, beside the share expected
    when one circle is picked at random in each of the same regions (exact, not sampled).
    [ND-17]
    """
    rows = []
    for board in boards:
        answer = board.answer
        hits = sum(_has_black_neighbour(answer, cell) for cell in answer)
        rows.append((len(answer), hits, _expected_with_neighbour(board)))
    black = sum(b for b, _, _ in rows)
    return Clustering(black, sum(h for _, h, _ in rows),
                      sum(e for _, _, e in rows) / black if black else 0.0, tuple(rows))




# === Two engines (ND-18) ===
# Engine 1 is `solve`.  Engine 2, `solve_by_exhaustion`, is in twins/nondango.py with the
# other twins: one circle per region by exhaustion, each grid walked by `violations`.  It
# shares no screen, group or propagation with engine 1, so the two agreeing checks both;
# `group_counts_by_hand` there checks the groups a third way.


# === Plumbing: board files, puzz.link links, the command line ===

GENRE = "nondango"               # first line of a board file
PZPRJS_GENRE = "nondango"        # the genre of puzz.link links and pzprv3 files
BLACK, WHITE, NO_CIRCLE = "#", "o", "."         # answer picture symbols
CIRCLE, GIVEN_BLACK, GIVEN_WHITE = "o", "B", "W"  # circles picture symbols
LEGEND = ("regions: one label per region; circles: o circle, B given black, W given white, "
          ". no circle; answer: # black circle, o white circle, . no circle")
_SECTIONS = ("regions", "circles", "answer")


def parse(text: str, source: str = "<string>") -> Board:
    """Read a board file (see boards/README.md); raise BoardError naming source:line:column.

    The first line is `nondango`; then optional `key: value` lines; then the sections
    `regions:` (one label token per cell), `circles:` (`o` circle, `.` none, `B`/`W` a
    circle given black/white) and optionally `answer:` (`#` black, `o` white, `.` none).
    Rules enforced: same width on every row, known symbols, each region label in one
    connected place, sections of equal size, an answer that fits the circles and givens.
    Not checked: whether the board can be solved (a region without a circle is legal
    and has zero answers).
    """
    def fail(line: int, col: int, rule: str) -> BoardError:
        return common.at(source, line, col, rule)

    numbered = [(i, line) for i, line in common.numbered_lines(text)
                if line.strip() and not line.lstrip().startswith(";")]
    if not numbered or numbered[0][1].strip() != GENRE:
        where = numbered[0][0] if numbered else 1
        other = ("; this is a Dosun-Fuwari board file"
                 if numbered and numbered[0][1].strip() == "dosun-fuwari" else "")
        raise fail(where, 1, f"the first line must be the genre 'nondango'{other}")
    metadata: list[tuple[str, str]] = []
    key_lines: list[int] = []
    sections: dict[str, list[tuple[int, list[tuple[int, str]]]]] = {}
    current = None
    for number, line in numbered[1:]:
        stripped = line.strip()
        if stripped.endswith(":") and stripped[:-1] in _SECTIONS:
            current = stripped[:-1]
            if current in sections:
                raise fail(number, 1, f"section '{current}:' appears twice")
            sections[current] = []
            continue
        if current is not None and stripped.endswith(":") and len(stripped.split()) == 1:
            raise fail(number, line.index(stripped) + 1, f"unknown section "
                       f"{common.excerpt(stripped)}: the sections are 'regions:', 'circles:' "
                       f"and 'answer:'")
        if current is None:
            key, colon, value = stripped.partition(":")
            if not colon or not common.is_key(key.strip()):
                raise fail(number, 1, "expected a 'key: value' line or a section header "
                                      "('regions:', 'circles:', 'answer:')")
            metadata.append((key.strip(), value.strip()))
            key_lines.append(number)
            continue
        tokens, col = [], 0
        for piece in line.split():
            col = line.index(piece, col)
            tokens.append((col + 1, piece))
            col += len(piece)
        sections[current].append((number, tokens))
    for name in ("regions", "circles"):
        if name not in sections or not sections[name]:
            raise fail(numbered[-1][0], 1, f"missing section '{name}:' with one row per line")
    grid_rows = sections["regions"]
    rows, cols = len(grid_rows), len(grid_rows[0][1])
    for name, block in sections.items():
        for number, tokens in block:
            if len(tokens) != cols:
                col = tokens[cols][0] if len(tokens) > cols else (tokens[-1][0] + 1)
                raise fail(number, col, f"row has {len(tokens)} tokens, expected {cols} "
                                        f"like the first row of 'regions:'")
        if len(block) != rows:
            number = block[-1][0] if block else numbered[-1][0]
            raise fail(number, 1, f"section '{name}:' has {len(block)} rows, expected {rows}")
    labels: dict[str, set[Cell]] = {}
    where: dict[Cell, tuple[int, int]] = {}
    for r, (number, tokens) in enumerate(grid_rows):
        for c, (col, token) in enumerate(tokens):
            if not common.is_label(token):
                raise fail(number, col, f"region label {common.excerpt(token)} must be ASCII "
                                        f"letters or digits")
            labels.setdefault(token, set()).add((r, c))
            where[(r, c)] = (number, col)
    for label, cells in labels.items():
        parts = common.components(cells)
        if len(parts) > 1:
            second = min(parts[1])
            raise fail(*where[second], f"region label {common.excerpt(label)} is used in two "
                                       "disconnected places")
    circles, given_black, given_white = set(), set(), set()
    for r, (number, tokens) in enumerate(sections["circles"]):
        for c, (col, token) in enumerate(tokens):
            if token not in (CIRCLE, NO_CIRCLE, GIVEN_BLACK, GIVEN_WHITE):
                raise fail(number, col, f"unknown circle symbol {common.excerpt(token)}; "
                                        f"expected 'o', '.', 'B' or 'W'")
            if token != NO_CIRCLE:
                circles.add((r, c))
            if token == GIVEN_BLACK:
                given_black.add((r, c))
            if token == GIVEN_WHITE:
                given_white.add((r, c))
    answer = None
    if "answer" in sections:
        answer = set()
        for r, (number, tokens) in enumerate(sections["answer"]):
            for c, (col, token) in enumerate(tokens):
                if token not in (BLACK, WHITE, NO_CIRCLE):
                    raise fail(number, col, f"unknown answer symbol {common.excerpt(token)}; "
                                            f"expected '#', 'o' or '.'")
                if (token == NO_CIRCLE) != ((r, c) not in circles):
                    raise fail(number, col, "the answer does not fit: circles and "
                                            "answer disagree on whether this cell has a circle")
                if (token == BLACK and (r, c) in given_white) or \
                        (token == WHITE and (r, c) in given_black):
                    raise fail(number, col, "the answer does not fit: it repaints a given circle")
                if token == BLACK:
                    answer.add((r, c))
        answer = frozenset(answer)
    for (key, value), number in zip(metadata, key_lines):
        if key == "size" and value != f"{rows}x{cols}":
            raise fail(number, 1, f"metadata size: {common.excerpt(value)} but the grid is {rows}x{cols}")
    return Board(rows, cols, _canonical_regions(labels.values()), frozenset(circles),
                 frozenset(given_black), frozenset(given_white), answer, tuple(metadata))


def answer_rows(board: Board, answer: Answer) -> list[str]:
    """The answer picture, one string per row: `#` black, `o` white, `.` no circle."""
    return [" ".join(BLACK if (r, c) in answer else WHITE if (r, c) in board.circles
                     else NO_CIRCLE for c in range(board.cols)) for r in range(board.rows)]


def picture(board: Board, answer: Answer | None = None) -> str:
    """The board file text; `parse(picture(b)) == b`.  Regions are labelled 0, 1, … in order.

    `answer` (default: board.answer) is drawn as the `answer:` section when given.
    """
    index = region_of(board)
    width = len(str(len(board.regions) - 1)) if board.regions else 1
    lines_out = [GENRE] + [f"{k}: {v}" for k, v in board.metadata]
    lines_out.append("regions:")
    for r in range(board.rows):
        lines_out.append(" ".join(f"{index[(r, c)]:>{width}}" for c in range(board.cols)))
    lines_out.append("circles:")
    for r in range(board.rows):
        lines_out.append(" ".join(
            GIVEN_BLACK if (r, c) in board.given_black else
            GIVEN_WHITE if (r, c) in board.given_white else
            CIRCLE if (r, c) in board.circles else NO_CIRCLE for c in range(board.cols)))
    shown = board.answer if answer is None else answer
    if shown is not None:
        lines_out.append("answer:")
        lines_out.extend(answer_rows(board, shown))
    return "\n".join(lines_out) + "\n"


def load(source: str) -> Board:
    """The board in `source`: a board file (boards/README.md), a pzprv3 file or text, or a
    puzz.link URL.  Raises BoardError naming the file, line and column (or the part of
    the URL) on bad input, a file that cannot be read, or a Dosun-Fuwari board."""
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
        answer = frozenset(cell for cell, t in zip(puzzlink.cells(puzzle.rows, puzzle.cols),
                                                   puzzle.answer) if t == BLACK)
    return Board(rows=puzzle.rows, cols=puzzle.cols, regions=puzzlink.rooms_of(puzzle),
                 circles=puzzle.circles, answer=answer, metadata=puzzlink.metadata_of(puzzle))


def to_record(board: Board) -> puzzlink.Puzzle:
    """The puzz.link record of a Board (inverse of from_record).  Raises BoardError for a
    board with given circles (neither format has them), a side outside 1..100, or a
    region in pieces that do not touch."""
    if board.given_black or board.given_white:
        raise BoardError("puzz.link's Nondango has no given circles; this board gives "
                         f"{sorted(board.given_black | board.given_white)}")
    rooms = puzzlink.record_rooms(board.rows, board.cols, board.regions, what="region")
    answer = None
    if board.answer is not None:
        answer = tuple(BLACK if cell in board.answer else WHITE if cell in board.circles
                       else NO_CIRCLE for cell in puzzlink.cells(board.rows, board.cols))
    markers, walls = puzzlink.markers_and_walls(board.metadata)
    return puzzlink.Puzzle(PZPRJS_GENRE, board.rows, board.cols, rooms,
                           frozenset(board.circles), answer, markers, walls)


def url(board: Board) -> str:
    """The puzz.link link of a board, as pzprjs writes it; BoardError as to_record.
    [X-03; pzprjs Encode.js, nondango.js]"""
    return puzzlink.encode_url(to_record(board))


def pzprv3(board: Board) -> str:
    """The pzprv3 file of a board, with its answer and remembered markers; BoardError as
    to_record.  [X-03; pzprjs FileData.js, nondango.js]"""
    return puzzlink.encode_pzprv3(to_record(board))



SHOWN_ANSWERS = 3      # answers drawn in the text output; --json lists all up to the cap


def main(argv: list[str] | None = None) -> int:
    """`python nondango.py BOARD [--reading R] [--cap N] [--json]`: count and show answers."""
    parser = cli.Parser(prog="nondango.py",
                        description="Count the answers of a Nondango board and draw the "
                                    "first three.")
    cli.solver_options(parser, READINGS, DEFAULT_READING, COUNT_CAP)
    args = parser.parse_args(argv)
    try:
        board = load(args.board)
    except BoardError as err:
        print(f"nondango.py: {err}", file=sys.stderr)
        return 2
    if args.url:
        try:
            print(url(board))
        except BoardError as err:
            print(f"nondango.py: {puzzlink.named(args.board)}: {err}", file=sys.stderr)
            return 2
        return 0
    try:
        _show(board, args)
    except BoardError as err:           # a board past the engine's limit
        print(f"nondango.py: {puzzlink.named(args.board)}: {err}", file=sys.stderr)
        return 2
    return 0


def _show(board: Board, args) -> None:
    """Print the count and the first answers (or, with --json, every answer up to the cap)."""
    if args.json:   # the answers are listed up to the cap anyway: count them, not the board again
        answers = list(itertools.islice(solve(board, args.reading), args.cap))
        json.dump({"reading": args.reading, "count": len(answers),
                   "capped": len(answers) >= args.cap,
                   "answers": [answer_rows(board, a) for a in answers]}, sys.stdout)
        print()
        return
    count = count_answers(board, args.reading, args.cap)
    print(f"reading: {args.reading}")
    print(picture(board.replace(answer=None)).rstrip())
    more = "at least " if count.capped else ""
    print(f"answers: {more}{count.count}" + (f" (counting stopped at the cap {args.cap})"
                                             if count.capped else ""))
    if board.answer is not None:
        broken = violations(board, board.answer, args.reading)
        print("stored answer: an answer" if not broken else
              f"stored answer: not an answer ({broken[0].rule})")
    shown = min(SHOWN_ANSWERS, args.cap)
    for number, answer in enumerate(itertools.islice(solve(board, args.reading), shown), 1):
        print(f"answer {number}:")
        print("\n".join(answer_rows(board, answer)))
    if count.count > shown:
        print(f"(first {shown} shown; --json lists them all up to the cap)")
    print(f"legend: {LEGEND}")


if __name__ == "__main__":
    cli.run(main)
