"""The brute-force twins of dosun_fuwari.py: the dumb ways, cell by cell or from a
definition, to find what a clever function of the puzzle module finds through runs.

    twin                         checks                         claim
    column_filling_is_legal      enumerate_column_fillings      [DF-01, DF-21]
    enumerate_column_fillings    run_states, count_run_states   [DF-02, DF-03, DF-06, DF-07, DF-21]
    count_placements_by_cells    placement_space                [DF-04]
    loose_recurrence, pisot_e    count_run_states(L, 'loose')   [DF-06; OEIS A095263]
    solve_by_cells (engine 2)    solve (engine 1)               [DF-20]
    count_by_cells               count_answers                  [DF-20]
    all_boards                   every small board, for exhaustive checks: smallest
                                 counterexamples, engines and rungs compared  [DF-04,
                                 DF-12, DF-13, DF-19, DF-20]; connected_partitions also
                                 cuts Nondango's 3x3 regions (checks/nd_claims.py)

From the puzzle module they take only the board type and its constructor, the symbols and
readings, and the rules checker (is_held, support_violations, is_answer): nothing of runs.
"""

from __future__ import annotations

import itertools
from typing import Iterable, Iterator

from common import Cell, Count, check_reading, neighbours
from dosun_fuwari import (BALLOON, BLACK, COUNT_CAP, DEFAULT_READING, EMPTY, IRON, READINGS,
                          Answer, Board, is_answer, is_held, make_board, support_violations)


def _forbidden_pairs(reading: str) -> set[str]:
    """The vertical pairs (upper + lower, over '#o*.') the rules checker rejects: a balloon
    under what cannot hold it, an iron ball over what cannot hold it."""
    return {upper + lower for upper in BLACK + BALLOON + IRON + EMPTY
            for lower in BLACK + BALLOON + IRON + EMPTY
            if (lower == BALLOON and not is_held(BALLOON, upper, reading))
            or (upper == IRON and not is_held(IRON, lower, reading))}


def column_filling_is_legal(filling: str, reading: str = DEFAULT_READING) -> bool:
    """Whether a filling of a one-column board of len(filling) white cells, top to bottom,
    breaks no placement rule, asked of the rules checker itself: the twin of the pair test
    of enumerate_column_fillings.  [DF-01, DF-21]
    # column_filling_is_legal('o.*') → True;  column_filling_is_legal('.o.') → False"""
    column = Board(len(filling), 1, frozenset(), (frozenset((r, 0) for r in range(len(filling))),))
    answer = Answer(frozenset((r, 0) for r, f in enumerate(filling) if f == BALLOON),
                    frozenset((r, 0) for r, f in enumerate(filling) if f == IRON))
    return not support_violations(column, answer, reading)


def enumerate_column_fillings(length: int, reading: str = DEFAULT_READING) -> list[str]:
    """The twin of run_states: all 3^L fillings of one capped column, each kept when no
    vertical pair is one the rules checker rejects.  [DF-02, DF-21]"""
    bad = _forbidden_pairs(reading)
    fillings = ("".join(f) for f in itertools.product(BALLOON + IRON + EMPTY, repeat=length))
    return [f for f in fillings if not any(pair in BLACK + f + BLACK for pair in bad)]


def count_placements_by_cells(board: Board, reading: str = DEFAULT_READING) -> int:
    """The twin of placement_space: all 3^W fillings of the white cells, each asked of the
    rules checker (rooms ignored).  Only for small boards.  [DF-04]"""
    white = [(r, c) for r in range(board.rows) for c in range(board.cols)
             if (r, c) not in board.black]
    total = 0
    for filling in itertools.product(BALLOON + IRON + EMPTY, repeat=len(white)):
        answer = Answer(frozenset(c for c, f in zip(white, filling) if f == BALLOON),
                        frozenset(c for c, f in zip(white, filling) if f == IRON))
        total += not support_violations(board, answer, reading)
    return total


def loose_recurrence(n: int) -> list[int]:
    """The first n terms of a(L) = 3a(L-1) - 2a(L-2) + a(L-3) from 3, 7, 16: the recurrence
    of the loose counts (the characteristic polynomial of count_run_states' transfer
    matrix).  [DF-06; OEIS A095263]"""
    terms = [3, 7, 16]
    while len(terms) < n:
        terms.append(3 * terms[-1] - 2 * terms[-2] + terms[-3])
    return terms[:n]


def pisot_e(a0: int, a1: int, n: int) -> list[int]:
    """The first n terms of the Pisot sequence E(a0, a1): a(k) is the integer nearest
    a(k-1)^2 / a(k-2), in exact arithmetic (halves round up).  [DF-06]
    # pisot_e(3, 7, 5) → [3, 7, 16, 37, 86]"""
    terms = [a0, a1]
    while len(terms) < n:
        num, den = terms[-1] ** 2, terms[-2]
        terms.append((2 * num + den) // (2 * den))   # floor(num/den + 1/2)
    return terms[:n]


def solve_by_cells(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 2, the twin of solve, found without runs: room by room, try every balloon
    cell and every other iron-ball cell of the room; give up on a branch as soon as a
    placed piece leans on a decided cell that cannot hold it; check every finished grid
    with the rules checker.  ValueError (an unknown reading) at the first answer asked
    for.  Only for small boards.  [DF-20]"""
    check_reading(reading, READINGS)
    rooms = board.rooms
    decided: set[Cell] = set()
    balloons: set[Cell] = set()
    irons: set[Cell] = set()

    def leans_well(cell: Cell, kind: str) -> bool:
        r, c = cell
        other = (r - 1, c) if kind == BALLOON else (r + 1, c)
        if not 0 <= other[0] < board.rows or other in board.black:
            return True                       # a cap holds anything
        if other not in decided:
            return True                       # not known yet
        if other in balloons:
            return is_held(kind, BALLOON, reading)
        if other in irons:
            return is_held(kind, IRON, reading)
        return is_held(kind, EMPTY, reading)

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
    """Engine 2's number of answers, stopped at `cap` as count_answers is; ValueError for
    an unknown reading or a cap below 1.  [DF-20]"""
    check_reading(reading, READINGS)
    if cap < 1:
        raise ValueError(f"the count cap must be at least 1, got {cap}")
    n = 0
    for _ in solve_by_cells(board, reading):
        n += 1
        if n >= cap:
            return Count(n, True)
    return Count(n, False)


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
            for n in neighbours(cell):
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
    for colours in itertools.product(("white", "black"), repeat=len(grid)):
        # the first cell changes colour first, as in counting: the order examples are found in
        black = [cell for cell, colour in zip(reversed(grid), colours) if colour == "black"]
        for rooms in connected_partitions(set(grid) - set(black)):
            yield make_board(rows, cols, black, rooms)
