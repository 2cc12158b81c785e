"""The loose reading on random boards: how many the front door refuses, and how long the
others take to count and show their first three answers, as `python dosun_fuwari.py BOARD
--reading loose` does (its --seconds budget, 8 s by default, aside).

    python bench/loose_random.py              100 boards per size, 8x8 and 12x12
    python bench/loose_random.py --boards 20

The boards are dosun_fuwari.random_board(seed, n, n, 0.12) for seeds 0, 1, ...  Each board
is counted in this process, but nothing is kept from one board to the next (the engine
remembers cuts only inside one count), so every time is cold.  CPU seconds per board are
time.process_time of count_answers and the first three answers of solve.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import dosun_fuwari as df  # noqa: E402
from common import BoardError  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100, help="boards per size (default 100)")
    args = parser.parse_args()
    print(f"loose reading, random boards at black density 0.12, {args.boards} per size; "
          f"CPU seconds of the count (to {df.COUNT_CAP:,}) and the first three answers; "
          f"refused: by the front door (check_size)")
    print(f"{'size':>6} {'refused':>8} {'answered':>9} {'worst s':>8} {'median s':>9} "
          f"{'worst board':>12} {'over 5 s':>9}")
    for n in (8, 12):
        refused, times = 0, []
        for seed in range(args.boards):
            board = df.random_board(seed, n, n, 0.12)
            start = time.process_time()
            try:
                df.count_answers(board, "loose")
                list(zip(range(3), df.solve(board, "loose")))
            except BoardError:
                refused += 1
                continue
            times.append((time.process_time() - start, seed))
        seconds = sorted(t for t, _ in times)
        worst = max(times, default=(0.0, -1))
        print(f"{n:>4}x{n:<1} {refused:>8} {len(times):>9} {worst[0]:>8.2f} "
              f"{seconds[len(seconds) // 2] if seconds else 0:>9.3f} {'seed ' + str(worst[1]):>12} "
              f"{sum(t > 5 for t in seconds):>9}")


if __name__ == "__main__":
    main()
