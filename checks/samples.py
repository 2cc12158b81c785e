"""The samples more than one check reads, each drawn in one place and passed to the checks.

A check names a sample as a parameter after `quick` (`def df_08(quick, density_fit)`);
verify.py runs the checks that name one sample in one worker, draws the sample there once,
before the first of them, and passes it to each.  A sample may name another the same way
(`nd_bank_set` reads `region_fit`).  Nothing here is remembered between calls: a sample is
drawn once because it is drawn in one place, not because a cache knows how it was called.

    density_fit   the black-cell density fitted on the Dosun-Fuwari bank procedure, with
                  the boards it drew at every density (checks/fits.py)
                  → DF-05, DF-08, DF-10, DF-15, DF-16, DF-19
    region_fit    the count of regions fitted on the Nondango bank procedure and the dial,
                  per size and as one mean size, with its boards (checks/fits.py)
                  → ND-03, ND-06, ND-13, ND-14, ND-16, ND-17, through nd_bank_set ND-09, ND-10
    nd_bank_set   the Nondango bank at each count of regions in the region fit's set
                  → ND-09, ND-10
    df_columns    every filling of one column of L cells, by reading (the 3^L enumeration)
                  → DF-02, DF-03, DF-06, DF-07, DF-21
    nd_small      every small Nondango board the theorems are tried on, each solved once
                  by engine 1 under every reading → ND-01, ND-04, ND-05, ND-18

How many boards each draws, and why that many, is in its docstring, by the sample rule of
checks/judging.py.
"""

from __future__ import annotations

import inspect
import math
import random
import time
from typing import Callable, NamedTuple

import dosun_fuwari as df
import nondango as nd
from checks import fits
from checks.shared import bank_boards
from tools import bank
from twins import dosun_fuwari as df_twin
from twins import nondango as nd_twin

__all__ = ["SAMPLES", "needs", "draw", "Columns", "density_fit", "region_fit",
           "nd_bank_set", "df_columns", "ND_SHAPES_QUICK", "ND_SHAPES_FULL",
           "nd_small_boards", "Solved", "nd_small"]


def density_fit(quick: bool) -> fits.Fit:
    """The density fit (fits.density_fit): 36 bank-procedure boards a size at each of 17
    densities, then 144 a size (judging.sample_size(36)) at the densities the coarse pass
    keeps.  [DF-05, DF-08]"""
    return fits.density_fit(quick)


def region_fit(quick: bool) -> dict:
    """The region fits (fits.region_fit): 36 bank-procedure boards a size and 51 dial boards
    at each count of the coarse grid, then 144 bank boards and 328 dial boards at the counts
    the coarse pass keeps.  [ND-03, ND-13, ND-14]"""
    return fits.region_fit(quick)


def nd_bank_set(quick: bool, region_fit: dict) -> dict[tuple[int, int], tuple]:
    """The Nondango bank (36 boards a size) at each pair of counts of regions in the
    one-size fit's set: the shipped boards at the estimate, and at every other pair the
    bank's own seeds drawn again at that pair's mean region size (the same seeds, so the
    pairs differ by the count alone), only where the count differs (one mean size gives
    the same 8x8 count all over the set: those boards are the shipped ones).  The
    estimate's pair comes first.  With --quick, 8 boards a size elsewhere.
    [ND-09, ND-10]"""
    fit = region_fit["one size"]
    shipped = {size: bank_boards("nondango", size) for size in (8, 12)}
    estimate = fit.grid[fit.estimate]
    out = {}   # the estimate first
    for i in [fit.estimate] + [i for i in fits.judged_values(fit) if i != fit.estimate]:
        pair = fit.grid[i]
        boards = []
        for size, count, here in zip((8, 12), pair, estimate):
            if count == here:
                boards += shipped[size]
                continue
            seeds = [e.base_seed for e in bank.entries() if e.set.prefix == f"nd-{size}x{size}"]
            boards += [nd.bank_board(size, size, seed, fits.mean_size_of(pair))
                       for seed in seeds[:8 if quick else None]]
        out[pair] = tuple(boards)
    return out


class Columns(NamedTuple):
    """Every legal filling of one column of L cells under one reading, by 3^L enumeration,
    beside the closed form and the write-up's table.  [DF-02, DF-03, DF-06, DF-07, DF-21]"""
    lengths: range
    fillings: dict       # L → the legal fillings the enumeration finds
    counts: list         # their numbers, L = 1, 2, …
    formula: list        # count_run_states for the same L
    literal: list        # the write-up's table for the same L


def df_columns(quick: bool) -> dict[str, Columns]:
    """Per reading, the 3^L enumeration for L = 1..12 (1..8 with --quick): the write-up's
    table goes to 12.  [DF-02, DF-03, DF-06, DF-07, DF-21]"""
    lengths = range(1, 9 if quick else 13)
    out = {}
    for reading in df.READINGS:
        fillings = {L: df_twin.enumerate_column_fillings(L, reading) for L in lengths}
        out[reading] = Columns(lengths, fillings, [len(fillings[L]) for L in lengths],
                               [df.count_run_states(L, reading) for L in lengths],
                               list(df.LITERAL_COUNTS[reading][:len(lengths)]))
    return out


# the shapes (rows, cols) whose every Nondango board is tried, with --quick and without
ND_SHAPES_QUICK = ((1, 3), (3, 1), (1, 4), (4, 1), (2, 2), (1, 5))
ND_SHAPES_FULL = ND_SHAPES_QUICK + ((2, 3), (3, 2), (1, 6))
ND_GIVEN_SHAPES_QUICK = ((1, 2), (1, 3), (1, 4))  # the same with pre-coloured circles
ND_GIVEN_SHAPES_FULL = ND_GIVEN_SHAPES_QUICK + ((2, 2),)


def nd_small_boards(quick: bool, givens: bool = False):
    """Every board of the small shapes (smallest area first), then seeded random boards up
    to 5×5 with any regions, any circles and, with `givens`, pre-coloured circles."""
    if givens:
        shapes = ND_GIVEN_SHAPES_QUICK if quick else ND_GIVEN_SHAPES_FULL
    else:
        shapes = ND_SHAPES_QUICK if quick else ND_SHAPES_FULL
    for rows, cols in sorted(shapes, key=lambda s: (s[0] * s[1], s)):
        yield from nd_twin.all_boards(rows, cols, givens)
    if not givens:  # every region split of 3×3 with a circle on every cell: all 4 directions
        cells = [(r, c) for r in range(3) for c in range(3)]
        for number, parts in enumerate(df_twin.connected_partitions(cells)):
            if not quick or number % 7 == 0:
                yield nd.Board(3, 3, tuple(sorted(parts, key=min)), frozenset(cells))
    rng = random.Random(2024)
    for seed in range(25 if quick else 120):
        rows, cols = 2 + int(rng.random() * 4), 2 + int(rng.random() * 4)
        yield nd.random_board(rows, cols, seed, circle_rate=0.3 + 0.6 * rng.random(),
                              mean_size=1.5 + 3 * rng.random(),
                              given_rate=0.25 if givens else 0.0)


class Solved(NamedTuple):
    """A small Nondango board and its answers by engine 1 (nondango.solve), by reading."""
    board: nd.Board
    answers: dict        # reading → its answers, in the order engine 1 gives them


def nd_small(quick: bool) -> dict[bool, tuple[Solved, ...]]:
    """The small boards (nd_small_boards), without pre-coloured circles (False) and with
    them (True), each solved once by engine 1: under every reading where a check asks for
    it, else under the write-up's alone.
    [ND-01, ND-04, ND-05, ND-18]"""
    def readings(board, givens: bool) -> tuple[str, ...]:
        """Every reading where ND-01 (16 cells at most) or ND-18 (5,000 paintings at most)
        asks for one, else the write-up's alone (ND-04, ND-05)."""
        small = board.rows * board.cols <= 16 or math.prod(
            len(r & board.circles) for r in board.regions) <= 5000
        return nd.READINGS if small and not givens else (nd.DEFAULT_READING,)
    return {givens: tuple(Solved(board, {r: tuple(nd.solve(board, r))
                                         for r in readings(board, givens)})
                          for board in nd_small_boards(quick, givens))
            for givens in (False, True)}


SAMPLES: dict[str, Callable] = {"density_fit": density_fit, "region_fit": region_fit,
                                "nd_bank_set": nd_bank_set, "df_columns": df_columns,
                                "nd_small": nd_small}


def needs(function: Callable) -> list[str]:
    """The samples a check (or a sample) names: its parameters after `quick`.
    # needs(df_08) → ['density_fit']"""
    return [name for name in inspect.signature(function).parameters if name != "quick"]


def draw(name: str, quick: bool, drawn: dict, timed: Callable | None = None):
    """The sample `name`, drawn into `drawn` (name → sample) unless it is there already,
    with the samples it names drawn first; `timed(name, seconds, cpu)` hears of each one
    drawn here.  KeyError for a name that is no sample."""
    if name not in drawn:
        function = SAMPLES[name]
        deps = {dep: draw(dep, quick, drawn, timed) for dep in needs(function)}
        wall, cpu = time.perf_counter(), time.process_time()
        drawn[name] = function(quick, **deps)
        if timed:
            timed(name, time.perf_counter() - wall, time.process_time() - cpu)
    return drawn[name]
