"""How time grows with the board: every rung of the ladder, the complete
engine and CP-SAT on generated boards from 6x6 to 30x30, for both puzzles.

    python bench/growth.py                  3 boards per size, sizes 6, 10, 15, 20, 25, 30
    python bench/growth.py --boards 5
    python bench/growth.py --sizes 6 10 15
    python bench/growth.py --engines        Dosun-Fuwari 20x20 to 80x80: engine 1, CP-SAT and
                                            clingo only, time ≈ c · cells^e (the target e
                                            of engine 1 is at most 1.15)

Boards: Dosun-Fuwari `dosun_fuwari.unique_board(seed, n, n, k)` with k = round(2n/5) starved
rooms (2 at 6x6 … 12 at 30x30); Nondango `nondango.bank_board(n, n, seed)`; seeds 0, 1, 2, …
Drawing the boards is not timed.  Size is the number of runs (Dosun-Fuwari) or regions
(Nondango).

For every board: `ladder.prove(board, rung)` for each rung of `ladder.LADDER[genre]`,
engine 1 proving the board unique (`count_answers(board, cap=2)`), and the CP-SAT model of
bench/cpsat_models.py (model building included).  Every run is timed cold, in a fresh
process of its own (bench/cold.py), so a rung pays for every table it builds and nothing
from an earlier run of the same board is reused; a time is the CPU seconds of the call in
that process, the least of REPEATS runs, in milliseconds; the table gives the median over
the boards of a size.  (Search nodes and propagations are no longer counted: that wrapped
the engines' private functions, which the plain engines do not have.)

The last lines fit time ≈ c · size^e by least squares on log-log axes over every board,
one exponent per column.

With --engines, only the complete solvers are timed (no rung), on Dosun-Fuwari's generated
boards from 20x20 to 80x80 (ENGINE_SIZES, 2 boards per size unless --boards says): engine 1,
CP-SAT and clingo counting to 2, each cold, the least of REPEATS runs; the exponent is
fitted against the cells (n²), over 20x20 to 80x80.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from typing import NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import clingo_models  # noqa: E402
import cold  # noqa: E402
import cpsat_models  # noqa: E402
import dosun_fuwari as df  # noqa: E402
import ladder  # noqa: E402
import nondango as nd  # noqa: E402

__all__ = ["SIZES", "draw", "size_of", "measure", "growth_exponent", "main"]

SIZES = (6, 10, 15, 20, 25, 30)
ENGINE_SIZES = (20, 30, 40, 50, 60, 70, 80)
BOARDS = 3
REPEATS = 3
GENRES = ("dosun-fuwari", "nondango")


# === Boards ===

def draw(genre: str, n: int, seed: int):
    """One generated n×n board of `genre` (Dosun-Fuwari: round(2n/5) starved rooms)."""
    if genre == "dosun-fuwari":
        return df.unique_board(seed, n, n, round(2 * n / 5))
    return nd.bank_board(n, n, seed)


def size_of(board) -> int:
    """Runs of a Dosun-Fuwari board, regions of a Nondango board."""
    return len(df.runs(board)) if isinstance(board, df.Board) else len(board.regions)


# === Timing ===

def engine_count(board) -> int:
    """Engine 1's count to 2 (1 on a unique board)."""
    module = df if isinstance(board, df.Board) else nd
    return module.count_answers(board, cap=2).count


def cpsat_count(board) -> int:
    """CP-SAT's count to 2."""
    if isinstance(board, df.Board):
        return cpsat_models.count_dosun_fuwari(board).count
    return cpsat_models.count_nondango(board).count


def best_ms(function, *args) -> float:
    """function(*args)'s least CPU time over REPEATS cold runs (a fresh process each,
    bench/cold.py), in milliseconds."""
    run = cold.best_cold(function, *args, repeats=REPEATS)
    if run.error:
        raise RuntimeError(f"{getattr(function, '__name__', function)} failed: {run.error}")
    return run.seconds * 1000


class Measure(NamedTuple):
    """One board: its side, its size, and per column (rung names, 'engine', 'cp-sat') the
    best cold CPU time in ms."""

    n: int
    size: int
    ms: dict[str, float]


def measure(genre: str, board, n: int) -> Measure:
    """Time every rung, the engine and CP-SAT on one board, each cold."""
    if engine_count(board) != 1 or cpsat_count(board) != 1:
        raise AssertionError(f"a generated {genre} board is not unique for both solvers")
    module = df if genre == "dosun-fuwari" else nd
    times = {rung: best_ms(ladder.prove, board, rung) for rung, _ in ladder.LADDER[genre]}
    times["engine"] = best_ms(module.count_answers, board, module.DEFAULT_READING, 2)
    peer = {"dosun-fuwari": cpsat_models.count_dosun_fuwari,
            "nondango": cpsat_models.count_nondango}[genre]
    times["cp-sat"] = best_ms(peer, board)
    return Measure(n, size_of(board), times)


def growth_exponent(points: list[tuple[float, float]]) -> float:
    """The slope e of log y = log c + e · log x by least squares over (x, y) points."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else math.nan


# === Tables ===

def table(genre: str, measures: list[Measure]) -> list[str]:
    """Median time per size and column, then the exponents."""
    columns = list(measures[0].ms)
    unit = "runs" if genre == "dosun-fuwari" else "regions"
    head = f"{'board':<8}{unit:>8}" + "".join(f"{c:>10}" for c in columns)
    lines = [f"{genre}: median ms per board", head]
    sizes = sorted({m.n for m in measures})
    for n in sizes:
        part = [m for m in measures if m.n == n]
        lines.append(f"{f'{n}x{n}':<8}{statistics.median(m.size for m in part):>8.0f}" + "".join(
            f"{statistics.median(m.ms[c] for m in part):>10.2f}" for c in columns))
    lines += ["", f"{genre}: time ≈ c · {unit}^e, e by column",
              f"{'':<16}" + "".join(f"{c:>10}" for c in columns),
              f"{'e':<16}" + "".join(
                  f"{growth_exponent([(m.size, m.ms[c]) for m in measures]):>10.2f}" for c in columns)]
    return lines


def engine_growth(sizes: list[int], boards: int) -> list[str]:
    """Dosun-Fuwari's complete solvers on generated boards: median cold ms per size and
    the exponent e of time ≈ c · cells^e per solver."""
    solvers = {"engine": df.count_answers, "cp-sat": cpsat_models.count_dosun_fuwari,
               "clingo": clingo_models.count_dosun_fuwari}
    points: dict[str, list[tuple[int, float]]] = {name: [] for name in solvers}
    lines = ["dosun-fuwari, complete solvers counting to 2: median ms per board",
             f"{'board':<8}{'runs':>8}" + "".join(f"{name:>10}" for name in solvers)]
    for n in sizes:
        times: dict[str, list[float]] = {name: [] for name in solvers}
        runs = []
        for seed in range(boards):
            board = draw("dosun-fuwari", n, seed)
            runs.append(len(df.runs(board)))
            for name, solver in solvers.items():
                ms = best_ms(solver, board, "official", 2)
                times[name].append(ms)
                points[name].append((n * n, ms))
            print(".", end="", file=sys.stderr, flush=True)
        lines.append(f"{f'{n}x{n}':<8}{statistics.median(runs):>8.0f}" + "".join(
            f"{statistics.median(times[name]):>10.2f}" for name in solvers))
    lines += ["", "time ≈ c · cells^e, e by solver",
              f"{'':<16}" + "".join(f"{name:>10}" for name in solvers),
              f"{'e':<16}" + "".join(f"{growth_exponent(points[name]):>10.2f}"
                                     for name in solvers)]
    print(file=sys.stderr)
    return lines


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=BOARDS, help=f"boards per size (default {BOARDS})")
    parser.add_argument("--sizes", type=int, nargs="+", default=None, help="board sizes n")
    parser.add_argument("--engines", action="store_true",
                        help="Dosun-Fuwari's complete solvers only, 20x20 to 80x80")
    args = parser.parse_args(argv)
    if args.engines:
        boards = args.boards if args.boards != BOARDS else 2
        print(f"Growth of the complete solvers: generated Dosun-Fuwari boards, {boards} per "
              f"size; cold CPU ms (a fresh process per solve, best of {REPEATS}); CP-SAT "
              "with model building, 1 worker; clingo with grounding")
        print("\n".join(engine_growth(args.sizes or list(ENGINE_SIZES), boards)))
        return 0
    args.sizes = args.sizes or list(SIZES)
    print(f"Growth: generated boards, {args.boards} per size; cold CPU ms (a fresh process per "
          f"solve, best of {REPEATS}), median over the boards of a size; CP-SAT with model "
          "building, 1 worker")
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
