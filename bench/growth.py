"""How time and search nodes grow with the board: every rung of the ladder, the complete
engine and CP-SAT on generated boards from 6x6 to 30x30, for both puzzles.

    python bench/growth.py                  3 boards per size, sizes 6, 10, 15, 20, 25, 30
    python bench/growth.py --boards 5
    python bench/growth.py --sizes 6 10 15

Boards: Dosun-Fuwari `dosun_fuwari.unique_board(seed, n, n, k)` with k = round(2n/5) starved
rooms (2 at 6x6 … 12 at 30x30); Nondango `nondango.bank_board(n, n, seed)`; seeds 0, 1, 2, …
Drawing the boards is not timed.  Size is the number of runs (Dosun-Fuwari) or regions
(Nondango).

For every board: `ladder.prove(board, rung)` for each rung of `ladder.LADDER[genre]` (the
ladder's per-board tables are cleared before each run, so a rung pays for building them),
engine 1 proving the board unique (`count_answers(board, cap=2)`), and the CP-SAT model of
bench/cpsat_models.py (model building included).  Times are the best of up to 3 wall-clock
runs, in milliseconds; the table gives the median over the boards of a size.

Nodes are counted in a second, untimed pass by wrapping functions in memory (the modules'
files are untouched): search nodes are calls of `dosun_fuwari._Cover.pick` (one per node
of engine 1's Algorithm X), `nondango._Solver._search` and `._count` (engine 1's backtracker
listing or counting, also under the Nondango `search` rung) and `ladder._first_answer` (the Dosun-Fuwari `search` rung's
depth-first search); propagations are calls of `ladder.df_profile` / `ladder.nd_triple`
made inside a rung (the probe and search rungs call them once per assumption).

The last lines fit time ≈ c · size^e by least squares on log-log axes over every board,
one exponent per column.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import statistics
import sys
import time
from collections import Counter
from typing import Callable, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cpsat_models  # noqa: E402
import dosun_fuwari as df  # noqa: E402
import ladder  # noqa: E402
import nondango as nd  # noqa: E402

__all__ = ["SIZES", "draw", "size_of", "counting", "measure", "growth_exponent", "main"]

SIZES = (6, 10, 15, 20, 25, 30)
BOARDS = 3
REPEATS = 3
GENRES = ("dosun-fuwari", "nondango")
BOARD_TABLES = ("_df_frame", "_nd_frame", "_counts")   # ladder's per-board caches


# === Boards ===

def draw(genre: str, n: int, seed: int):
    """One generated n×n board of `genre` (Dosun-Fuwari: round(2n/5) starved rooms)."""
    if genre == "dosun-fuwari":
        return df.unique_board(seed, n, n, round(2 * n / 5))
    return nd.bank_board(n, n, seed)


def size_of(board) -> int:
    """Runs of a Dosun-Fuwari board, regions of a Nondango board."""
    return len(df.runs(board)) if isinstance(board, df.Board) else len(board.regions)


# === Timing and counting ===

def clear_board_tables() -> None:
    """Forget the ladder's per-board tables, so the next rung builds them again."""
    for name in BOARD_TABLES:
        getattr(ladder, name).cache_clear()


def best_ms(fn: Callable[[], object]) -> float:
    """fn()'s best wall time over REPEATS runs, in milliseconds, tables cleared each time."""
    best = math.inf
    for _ in range(REPEATS):
        clear_board_tables()
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best * 1000


@contextlib.contextmanager
def counting():
    """Count search nodes and propagations (see the module docstring) while inside."""
    counts: Counter = Counter()

    def tally(key: str, fn):
        def wrapped(*args, **kwargs):
            counts[key] += 1
            return fn(*args, **kwargs)
        return wrapped

    patches = [(df._Cover, "pick", "nodes"), (nd._Solver, "_search", "nodes"),
               (nd._Solver, "_count", "nodes"),
               (ladder, "_first_answer", "nodes"), (ladder, "df_profile", "propagations"),
               (ladder, "nd_triple", "propagations")]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    try:
        for owner, name, key in patches:
            setattr(owner, name, tally(key, getattr(owner, name)))
        yield counts
    finally:
        for owner, name, fn in originals:
            setattr(owner, name, fn)


def engine_count(board) -> int:
    """Engine 1's count to 2 (1 on a unique board)."""
    module = df if isinstance(board, df.Board) else nd
    return module.count_answers(board, cap=2).count


def cpsat_count(board) -> int:
    """CP-SAT's count to 2."""
    if isinstance(board, df.Board):
        return cpsat_models.count_dosun_fuwari(board).count
    return cpsat_models.count_nondango(board).count


class Measure(NamedTuple):
    """One board: its size, and per column (rung names, 'engine', 'cp-sat') the best time in
    ms, the search nodes and the propagations."""

    n: int
    size: int
    ms: dict[str, float]
    nodes: dict[str, int]
    propagations: dict[str, int]


def measure(genre: str, board, n: int) -> Measure:
    """Time every rung, the engine and CP-SAT on one board, then count nodes untimed."""
    columns: dict[str, Callable[[], object]] = {
        rung: (lambda rung=rung: ladder.prove(board, rung)) for rung, _ in ladder.LADDER[genre]}
    columns["engine"] = lambda: engine_count(board)
    columns["cp-sat"] = lambda: cpsat_count(board)
    if engine_count(board) != 1 or cpsat_count(board) != 1:
        raise AssertionError(f"a generated {genre} board is not unique for both solvers")
    times = {name: best_ms(fn) for name, fn in columns.items()}
    nodes, propagations = {}, {}
    for name, fn in columns.items():
        if name == "cp-sat":
            continue
        clear_board_tables()
        with counting() as counts:
            fn()
        nodes[name], propagations[name] = counts["nodes"], counts["propagations"]
    return Measure(n, size_of(board), times, nodes, propagations)


def growth_exponent(points: list[tuple[float, float]]) -> float:
    """The slope e of log y = log c + e · log x by least squares over (x, y) points."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else math.nan


# === Tables ===

def table(genre: str, measures: list[Measure]) -> list[str]:
    """Median time per size and column, then nodes and propagations, then the exponents."""
    columns = list(measures[0].ms)
    unit = "runs" if genre == "dosun-fuwari" else "regions"
    head = f"{'board':<8}{unit:>8}" + "".join(f"{c:>10}" for c in columns)
    lines = [f"{genre}: median ms per board", head]
    sizes = sorted({m.n for m in measures})
    for n in sizes:
        part = [m for m in measures if m.n == n]
        lines.append(f"{f'{n}x{n}':<8}{statistics.median(m.size for m in part):>8.0f}" + "".join(
            f"{statistics.median(m.ms[c] for m in part):>10.2f}" for c in columns))
    counted = [c for c in columns if c != "cp-sat"]
    lines += ["", f"{genre}: median search nodes / propagations per board",
              f"{'board':<8}{unit:>8}" + "".join(f"{c:>14}" for c in counted)]
    for n in sizes:
        part = [m for m in measures if m.n == n]
        pairs = [f"{statistics.median(m.nodes[c] for m in part):.0f} / "
                 f"{statistics.median(m.propagations[c] for m in part):.0f}" for c in counted]
        cells = "".join(f"{pair:>14}" for pair in pairs)
        lines.append(f"{f'{n}x{n}':<8}{statistics.median(m.size for m in part):>8.0f}{cells}")
    lines += ["", f"{genre}: time ≈ c · {unit}^e, e by column",
              f"{'':<16}" + "".join(f"{c:>10}" for c in columns),
              f"{'e':<16}" + "".join(
                  f"{growth_exponent([(m.size, m.ms[c]) for m in measures]):>10.2f}" for c in columns)]
    return lines


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=BOARDS, help=f"boards per size (default {BOARDS})")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="board sizes n")
    args = parser.parse_args(argv)
    cpsat_models.count_nondango(nd.bank_board(6, 6, 0))   # load CP-SAT before timing
    print(f"Growth: generated boards, {args.boards} per size; times in ms (best of {REPEATS}), "
          "median over the boards of a size; CP-SAT with model building, 1 worker")
    for genre in GENRES:
        measures = []
        for n in args.sizes:
            for seed in range(args.boards):
                measures.append(measure(genre, draw(genre, n, seed), n))
                print(".", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        print()
        print("\n".join(table(genre, measures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
