"""Time both Dosun-Fuwari engines, counting up to 2 answers (the uniqueness question).

    python bench/df_engines.py            the table
    python bench/df_engines.py --boards 10

Boards: unique_board(seed, n, n, k) from dosun_fuwari (trivial board, then k starved
rooms, drawn until unique), k = 1 on 5x5, 2 on 6x6, 4 on 8x8, 6 on 12x12 and 8 on
15x15.  The run engine (solve) runs on every size; the cell backtracker
(solve_by_cells, in twins/dosun_fuwari.py) runs until one board takes longer than the time
limit, and the table says where it stopped.  A second table counts answers under the loose
reading up to the 5,000 cap with both engines.  Times are medians and maxima of cold CPU
seconds: every solve runs in a fresh process of its own (bench/cold.py), so nothing of an
earlier solve is reused, and only the solve's CPU time in that process is counted.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cold  # noqa: E402
import dosun_fuwari as df  # noqa: E402
from twins import dosun_fuwari as df_twin  # noqa: E402

SIZES = ((5, 1), (6, 2), (8, 4), (12, 6), (15, 8))
LOOSE_BOARDS = 5
CELL_LIMIT = 10.0   # seconds: past this on one board, the cell backtracker is not usable


def time_count(engine, board, reading: str = "official") -> float:
    """Cold CPU seconds to take up to two answers of `board` from `engine`, in a fresh
    process (bench/cold.py); math.inf when it passes CELL_LIMIT."""
    run = cold.cold(cold.count_iterator, engine, 2, board, reading, limit=CELL_LIMIT * 3)
    if run.result is not None and run.result != 1:
        raise AssertionError("a unique board gave another count")
    return run.seconds


def time_call(function, *args):
    """(result, cold CPU seconds) of function(*args) in a fresh process."""
    run = cold.cold(function, *args)
    if run.error:
        raise RuntimeError(f"{function.__name__} failed: {run.error}")
    return run.result, run.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20, help="boards per size (default 20)")
    args = parser.parse_args(argv)
    print(f"{'board':<8}{'starved':>8}{'runs':>6}   {'run engine median / max (s)':<30}"
          f"{'cell backtracker median / max (s)':<36}")
    cell_usable = True
    for n, k in SIZES:
        boards = [df.unique_board(seed, n, n, k) for seed in range(args.boards)]
        fast = [time_count(df.solve, b) for b in boards]
        runs = statistics.mean(len(df.runs(b)) for b in boards)
        slow_text = "not run (stopped at a smaller size)"
        if cell_usable:
            slow = []
            for b in boards:
                slow.append(time_count(df_twin.solve_by_cells, b))
                if slow[-1] > CELL_LIMIT or slow[-1] == math.inf:
                    cell_usable = False
                    break
            slow_text = (f"{statistics.median(slow):.4f} / {max(slow):.4f}" if cell_usable else
                         f"over {CELL_LIMIT:.0f} s on board {len(slow)} of {len(boards)}: stopped")
        print(f"{n}x{n:<6}{k:>8}{runs:>6.1f}   {statistics.median(fast):.4f} / {max(fast):.4f}"
              f"{'':<14}{slow_text}")
    print(f"\nloose reading, counting to the {df.COUNT_CAP:,} cap, {LOOSE_BOARDS} boards per size")
    print(f"{'board':<8}{'answers':>14}   {'run engine median / max (s)':<30}"
          f"{'cell backtracker median / max (s)':<36}")
    for n, k in SIZES[:3]:
        boards = [df.unique_board(seed, n, n, k) for seed in range(LOOSE_BOARDS)]
        fast, slow, counts = [], [], []
        for b in boards:
            count, seconds = time_call(df.count_answers, b, "loose")
            counts.append(count)
            fast.append(seconds)
            count, seconds = time_call(df_twin.count_by_cells, b, "loose")
            if count != counts[-1]:
                raise AssertionError("the engines disagree under the loose reading")
            slow.append(seconds)
        capped = sum(c.capped for c in counts)
        print(f"{n}x{n:<6}{f'{capped} of {len(boards)} capped':>14}   "
              f"{statistics.median(fast):.4f} / {max(fast):.4f}{'':<14}"
              f"{statistics.median(slow):.4f} / {max(slow):.4f}")
    column = df.make_board(12, 1, (), [[(r, 0) for r in range(12)]])
    loose, seconds = time_call(df.count_answers, column, "loose")
    print(f"\nloose reading, one 12-run ({df.count_run_states(12, 'loose')} run states): "
          f"{loose.count} answers in {seconds:.3f} s")
    board = df.unique_board(0, 8, 8, 3)
    loose, seconds = time_call(df.count_answers, board, "loose", df.COUNT_CAP)
    print(f"loose reading, 8x8 with 3 starved rooms: {loose.count}{'+' if loose.capped else ''} "
          f"answers (cap {df.COUNT_CAP}) in {seconds:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
