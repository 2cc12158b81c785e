"""Time Nondango's two engines side by side.

    python bench/nd_engines.py

Engine 1 (`solve`/`count_answers`: screen, groups, forward checking) counts answers up
to 2 under the published reading; engine 2 (`solve_by_exhaustion`: every pick of one
circle per region, each walked by the rules checker) runs only where the number of
picks is small enough to finish.  Boards: seeded bank-mode boards (unique) and dial
boards (many answers) and random boards (circle rate 0.9, regions of about 4 cells)
of each size.  Prints medians in seconds.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nondango as nd  # noqa: E402

TWIN_LIMIT = 200_000          # most picks engine 2 is asked to walk
SEEDS = range(7)


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def main() -> int:
    print(f"{'board':<16}{'engine 1 (cap 2, published)':>30}{'engine 2 (all answers)':>26}")
    for size in (5, 8, 12, 15):
        for kind in ("bank", "dial", "random"):
            boards = [nd.bank_board(size, size, s) if kind == "bank"
                      else nd.dial_board(size, size, 2 * size, s) if kind == "dial"
                      else nd.random_board(size, size, s, circle_rate=0.9, mean_size=4.0)
                      for s in SEEDS]
            one = [timed(lambda b=b: nd.count_answers(b, "published", cap=2)) for b in boards]
            twins = [timed(lambda b=b: sum(1 for _ in nd.solve_by_exhaustion(b, "published")))
                     for b in boards
                     if math.prod(len(r & b.circles) for r in b.regions) <= TWIN_LIMIT]
            twin = (f"{statistics.median(twins):.4f} s ({len(twins)}/{len(boards)} boards)"
                    if twins else "does not finish")
            print(f"{size}×{size} {kind:<10}{statistics.median(one):>24.4f} s   {twin:>24}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
