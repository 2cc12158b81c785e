"""Both puzzles as CP-SAT models, written from the rules text alone (the generic solver).

This module is the independent third opinion of the benchmarks: it shares nothing with the
engines but the Board classes it reads (cells, black cells, rooms, regions, circles, givens).
It needs OR-Tools (`python -m pip install -e '.[bench]'`); nothing outside `bench/` imports it.

Dosun-Fuwari, one Boolean per white cell per piece:
    balloon[r, c], iron[r, c]      at most one of the two per cell
    every room                     exactly one balloon and exactly one iron ball
    a balloon                      in the top row, or under a black cell, or under a balloon
                                   (loose reading: under a balloon or an iron ball;
                                   no-stacking: never under a white cell)
    an iron ball                   mirrored: bottom row, over a black cell or an iron ball
                                   (loose reading: over either piece; no-stacking: never
                                   over a white cell)
Nondango, one Boolean per circle (True = black):
    every region                   exactly one black circle
    a given black / given white    fixed
    three consecutive circles      not all black, in a row, column or diagonal
                                   (no-diagonals: rows and columns only)
    published reading              also not all white
    anywhere reading               at most two black circles in each row, column and
                                   diagonal, instead of the consecutive rule

Glossary
    cap         counting stops there: the solver is told to stop at the cap-th solution
    model time  seconds to build the model; solve time: seconds inside the solver; a user
                pays both, so the benchmarks report their sum

    count_dosun_fuwari(board, "official", cap=2) → CpCount(count=1, capped=False, answers=[…],
                                                          build=0.001, solve=0.004)

Roads not taken: a Dosun-Fuwari model over run fillings (one Boolean per run state, as our
engine 1 sees the board) would borrow the engine's key idea; the cell model is what a user
writes from the rules text, and so it is the fair generic opponent.
"""

from __future__ import annotations

import os
import sys
import time
from typing import NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ortools.sat.python import cp_model  # noqa: E402

import dosun_fuwari as df  # noqa: E402
import nondango as nd  # noqa: E402

__all__ = ["CpCount", "count_dosun_fuwari", "count_nondango", "WORKERS"]

Cell = tuple[int, int]  # (row, col), row 0 at the top

WORKERS = 1   # one search worker: our engines use one core too, and the machine is shared


# === The result ===

class CpCount(NamedTuple):
    """An answer count from CP-SAT: at most `cap` answers, `capped` when it stopped there;
    `answers` as the engines give them; `build` and `solve` in seconds."""

    count: int
    capped: bool
    answers: list
    build: float
    solve: float

    @property
    def seconds(self) -> float:
        """What a user pays: building the model plus solving it."""
        return self.build + self.solve


class _Collector(cp_model.CpSolverSolutionCallback):
    """Turns every solution into an answer with `decode` and stops at the cap."""

    def __init__(self, decode, cap: int) -> None:
        super().__init__()
        self.decode, self.cap, self.answers = decode, cap, []

    def on_solution_callback(self) -> None:
        self.answers.append(self.decode(self))
        if len(self.answers) >= self.cap:
            self.StopSearch()


def _enumerate(model: cp_model.CpModel, decode, cap: int, started: float,
               limit: float | None = None) -> CpCount:
    """Ask CP-SAT for every solution of `model`, stopping at the cap-th; TimeoutError
    when `limit` seconds pass first."""
    built = time.perf_counter()
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = WORKERS
    if limit is not None:
        solver.parameters.max_time_in_seconds = limit
    collector = _Collector(decode, cap)
    status = solver.Solve(model, collector)
    done = time.perf_counter()
    stopped = status == cp_model.UNKNOWN or (status == cp_model.FEASIBLE
                                             and len(collector.answers) < cap)
    if stopped and limit is not None:
        raise TimeoutError(f"CP-SAT did not finish in {limit} s")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT ended with status {solver.StatusName(status)}")
    n = len(collector.answers)
    return CpCount(n, n >= cap, collector.answers, built - started, done - built)


# === Dosun-Fuwari ===

def count_dosun_fuwari(board: df.Board, reading: str = "official", cap: int = 2,
                       limit: float | None = None) -> CpCount:
    """Count the answers of a Dosun-Fuwari board under `reading` ('official', 'loose' or
    'no-stacking'), stopping at `cap`, with a cell model written from the rules text.
    Raises ValueError for another reading, TimeoutError after `limit` seconds."""
    if reading not in ("official", "loose", "no-stacking"):
        raise ValueError(f"no CP-SAT model for the reading {reading!r}")
    started = time.perf_counter()
    model = cp_model.CpModel()
    white = [(r, c) for r in range(board.rows) for c in range(board.cols)
             if (r, c) not in board.black]
    balloon = {cell: model.NewBoolVar(f"o{cell}") for cell in white}
    iron = {cell: model.NewBoolVar(f"*{cell}") for cell in white}
    for cell in white:
        model.AddAtMostOne(balloon[cell], iron[cell])
    for room in board.rooms:
        model.AddExactlyOne(balloon[cell] for cell in room)
        model.AddExactlyOne(iron[cell] for cell in room)
    for (r, c) in white:
        above, below = (r - 1, c), (r + 1, c)
        if above in balloon:                 # neither the top row nor under a black cell
            held = [balloon[above]]
            if reading == "loose":
                held.append(iron[above])
            if reading == "no-stacking":
                held = []
            model.AddBoolOr(held).OnlyEnforceIf(balloon[(r, c)])
        if below in iron:                    # neither the bottom row nor over a black cell
            held = [iron[below]]
            if reading == "loose":
                held.append(balloon[below])
            if reading == "no-stacking":
                held = []
            model.AddBoolOr(held).OnlyEnforceIf(iron[(r, c)])

    def decode(solution) -> df.Answer:
        return df.Answer(frozenset(cell for cell in white if solution.Value(balloon[cell])),
                         frozenset(cell for cell in white if solution.Value(iron[cell])))

    return _enumerate(model, decode, cap, started, limit)


# === Nondango ===

STEPS = {"rows-columns-diagonals": ((0, 1), (1, 0), (1, 1), (1, -1)),
         "rows-columns": ((0, 1), (1, 0))}


def consecutive_circles(board: nd.Board, diagonals: bool = True) -> list[tuple[Cell, Cell, Cell]]:
    """Every three consecutive cells of a row, column (and diagonal) that all carry a circle."""
    steps = STEPS["rows-columns-diagonals" if diagonals else "rows-columns"]
    found = []
    for (r, c) in sorted(board.circles):
        for dr, dc in steps:
            three = ((r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))
            if all(cell in board.circles for cell in three):
                found.append(three)
    return found


def lines_of_circles(board: nd.Board) -> list[list[Cell]]:
    """The circles of every row, column and diagonal (both ways) that holds three or more."""
    lines: dict[tuple[str, int], list[Cell]] = {}
    for r, c in sorted(board.circles):
        for key in (("row", r), ("column", c), ("diagonal", r - c), ("antidiagonal", r + c)):
            lines.setdefault(key, []).append((r, c))
    return [line for line in lines.values() if len(line) >= 3]


def count_nondango(board: nd.Board, reading: str = "write-up", cap: int = 2,
                   limit: float | None = None) -> CpCount:
    """Count the answers of a Nondango board under `reading` ('write-up', 'published',
    'no-diagonals' or 'anywhere'), stopping at `cap`, with one Boolean per circle.
    Raises ValueError for another reading, TimeoutError after `limit` seconds."""
    if reading not in ("write-up", "published", "no-diagonals", "anywhere"):
        raise ValueError(f"no CP-SAT model for the reading {reading!r}")
    started = time.perf_counter()
    model = cp_model.CpModel()
    black = {cell: model.NewBoolVar(f"#{cell}") for cell in sorted(board.circles)}
    for cell in board.given_black:
        model.Add(black[cell] == 1)
    for cell in board.given_white:
        model.Add(black[cell] == 0)
    for region in board.regions:
        model.AddExactlyOne(black[cell] for cell in sorted(region & board.circles))
    if reading == "anywhere":
        for line in lines_of_circles(board):
            model.Add(sum(black[cell] for cell in line) <= 2)        # at most two black
    else:
        for three in consecutive_circles(board, diagonals=reading != "no-diagonals"):
            model.AddBoolOr([black[cell].Not() for cell in three])      # not all black
            if reading == "published":
                model.AddBoolOr([black[cell] for cell in three])        # not all white

    def decode(solution) -> frozenset[Cell]:
        return frozenset(cell for cell, var in black.items() if solution.Value(var))

    return _enumerate(model, decode, cap, started, limit)
