"""Time Nondango's two engines side by side.

    python bench/nd_engines.py

Engine 1 (`solve`/`count_answers`: screen, groups, the triple rule and the probe at each
group's root, then search) counts answers up
to 2 under the published reading; engine 2 (`twins.nondango.solve_by_exhaustion`: every pick of one
circle per region, each walked by the rules checker) runs only where the number of
picks is small enough to finish.  Boards: seeded bank-mode boards (unique) and dial
boards (many answers) and random boards (circle rate 0.9, regions of about 4 cells)
of each size.  Prints medians of cold CPU seconds: every solve runs in a fresh process of
its own (bench/cold.py), so nothing of an earlier solve is reused, and only the solve's CPU
time in that process is counted.
"""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cold  # noqa: E402
import nondango as nd  # noqa: E402
from twins import nondango as nd_twin  # noqa: E402

TWIN_LIMIT = 200_000          # most picks engine 2 is asked to walk
SEEDS = range(7)


def timed(function, *args) -> float:
    """Cold CPU seconds of function(*args): a fresh process of its own (bench/cold.py)."""
    run = cold.cold(function, *args)
    if run.error:
        raise RuntimeError(f"{function.__name__} failed: {run.error}")
    return run.seconds


def main() -> int:
    print(f"{'board':<16}{'engine 1 (cap 2, published)':>30}{'engine 2 (all answers)':>26}")
    for size in (5, 8, 12, 15):
        for kind in ("bank", "dial", "random"):
            boards = [nd.bank_board(size, size, s) if kind == "bank"
                      else nd.dial_board(size, size, 2 * size, s) if kind == "dial"
                      else nd.random_board(size, size, s, circle_rate=0.9, mean_size=4.0)
                      for s in SEEDS]
            one = [timed(nd.count_answers, b, "published", 2) for b in boards]
            twins = [timed(cold.count_iterator, nd_twin.solve_by_exhaustion, TWIN_LIMIT, b, "published")
                     for b in boards
                     if math.prod(len(r & b.circles) for r in b.regions) <= TWIN_LIMIT]
            twin = (f"{statistics.median(twins):.4f} s ({len(twins)}/{len(boards)} boards)"
                    if twins else "does not finish")
            print(f"{size}×{size} {kind:<10}{statistics.median(one):>24.4f} s   {twin:>24}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
