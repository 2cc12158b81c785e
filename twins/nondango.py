"""The brute-force twins of nondango.py: the dumb ways, black set by black set, to find what
a clever function of the puzzle module finds through triples.

    twin                              checks                            claim
    solve_by_exhaustion (engine 2)    solve (engine 1)                  [ND-18]
    group_counts_by_hand              groups, count_answers: each       [ND-07, ND-18]
                                      group counted alone, multiplied
    enumerate_line_fillings           count_line_fillings               [ND-11]
    count_full_grids_by_brute_force   count_full_grids                  [ND-12; OEIS A181218]
    clustering_by_enumeration         clustering's random-pick share    [ND-17]
    all_boards                        every small board, for exhaustive checks (smallest
                                      counterexamples, engines compared)  [ND-02 … ND-07,
                                      ND-18, X-01]

From the puzzle module they take only the board type, the readings and the rules checker
(is_answer): nothing of triples, screens, groups, domains or propagation.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

import common
from nondango import DEFAULT_READING, READINGS, Answer, Board, Cell, is_answer

_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))     # along a row, a column, both diagonals


def solve_by_exhaustion(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 2: every black set of one circle per region, in the order of the regions and of
    their sorted circles, kept when the rules checker passes the finished grid.  No screen,
    no groups, no propagation; cost: the product of the regions' circle counts.  It and
    engine 1 return the same answer set.  Raises ValueError for an unknown reading.  [ND-18]
    """
    common.check_reading(reading, READINGS)
    for black in itertools.product(*(sorted(region & board.circles) for region in board.regions)):
        if is_answer(board, frozenset(black), reading):
            yield frozenset(black)


def group_counts_by_hand(board: Board, groups: Iterable[Iterable[int]],
                         reading: str = DEFAULT_READING) -> list[int]:
    """Each group's answer count (groups of region indices, as `nondango.groups` gives them),
    by exhaustion on a board holding only that group's regions, circles and givens: their
    product is the board's count exactly when no rule crosses two groups, and a region in
    no live triple counts the circles it may paint black (the third way of ND-18).
    [ND-07; ND-18]
    """
    counts = []
    for group in groups:
        regions = tuple(board.regions[i] for i in group)
        cells = frozenset().union(*regions)
        alone = Board(board.rows, board.cols, regions, board.circles & cells,
                      board.given_black & cells, board.given_white & cells)
        counts.append(sum(1 for _ in solve_by_exhaustion(alone, reading)))
    return counts


def _three_in_a_row(cells: set[Cell]) -> bool:
    """Whether three of `cells` are consecutive along a row, column or diagonal."""
    return any((r + dr, c + dc) in cells and (r + 2 * dr, c + 2 * dc) in cells
               for r, c in cells for dr, dc in _STEPS)


def enumerate_line_fillings(length: int, reading: str = DEFAULT_READING) -> int:
    """All 2^L black sets of a row of L circles, kept by the rule of `reading` read on one
    line: no three consecutive blacks (write-up, no-diagonals), nor three whites
    (published), or at most two blacks (anywhere).  Raises ValueError for an unknown
    reading.  [ND-11]
    """
    common.check_reading(reading, READINGS)
    row = [(0, c) for c in range(length)]
    count = 0
    for paint in itertools.product((True, False), repeat=length):
        black = {cell for cell, b in zip(row, paint) if b}
        white = set(row) - black
        if reading == "anywhere":
            count += len(black) <= 2
        else:
            count += not _three_in_a_row(black) and not (
                reading == "published" and _three_in_a_row(white))
    return count


def count_full_grids_by_brute_force(n: int) -> int:
    """Every one of the 2^(n·n) black sets of an n×n grid of circles, kept when no three
    blacks are consecutive in a row, column or diagonal.  Feasible for n ≤ 4.
    [ND-12; OEIS A181218]
    """
    cells = [(r, c) for r in range(n) for c in range(n)]
    return sum(not _three_in_a_row({cell for cell, b in zip(cells, paint) if b})
               for paint in itertools.product((True, False), repeat=n * n))


def clustering_by_enumeration(board: Board) -> float:
    """The share of black circles with a black 8-neighbour, over every black set of one
    circle per region, all equally likely.  [ND-17]"""
    hits = blacks = 0
    for black_set in itertools.product(*(sorted(r & board.circles) for r in board.regions)):
        black = set(black_set)
        blacks += len(black)
        hits += sum(any((r + dr, c + dc) in black for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                        if (dr, dc) != (0, 0)) for r, c in black)
    return hits / blacks


def _partitions(cells: list[Cell]) -> Iterator[list[int]]:
    """Every partition of `cells` as a restricted growth string of labels."""
    labels = [0] * len(cells)

    def grow(i: int, used: int) -> Iterator[list[int]]:
        if i == len(cells):
            yield list(labels)
            return
        for label in range(used + 1):
            labels[i] = label
            yield from grow(i + 1, max(used, label + 1))

    yield from grow(0, 0)


def all_boards(rows: int, cols: int, givens: bool = False) -> Iterator[Board]:
    """Every board of the size: every partition into connected regions (ordered by first
    cell), every set of circles and, with `givens`, every way to pre-colour circles black or
    white.  Counts grow fast: use for at most 6 cells with givens, 8 without.
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for labels in _partitions(cells):
        parts: dict[int, set[Cell]] = {}
        for cell, label in zip(cells, labels):
            parts.setdefault(label, set()).add(cell)
        if any(len(common.components(p)) > 1 for p in parts.values()):
            continue
        regions = tuple(sorted((frozenset(p) for p in parts.values()), key=min))
        # every set of circles, the first cell changing first, as in counting
        for flags in itertools.product((False, True), repeat=len(cells)):
            chosen = {cell for cell, flag in zip(reversed(cells), flags) if flag}
            circles = [cell for cell in cells if cell in chosen]
            if not givens:
                yield Board(rows, cols, regions, frozenset(circles))
                continue
            for paint in itertools.product("-BW", repeat=len(circles)):
                yield Board(rows, cols, regions, frozenset(circles),
                            frozenset(c for c, p in zip(circles, paint) if p == "B"),
                            frozenset(c for c, p in zip(circles, paint) if p == "W"))
