"""CPU time to draw one Nondango dial board, n x n with k = 2n, from 20x20 to 50x50.

    python bench/nondango_dial.py                       sizes 20 30 40 50, seeds 0 1 2
    python bench/nondango_dial.py --sizes 50 --seeds 0 1 --cpu-limit 300

Each board is `nondango.dial_board(n, n, 2 * n, seed)`, drawn once, cold: in a fresh process
of its own (bench/cold.py), so nothing of an earlier draw is reused.  The time is the CPU
time of the call in its process (user + system), in seconds; a draw past `--cpu-limit` CPU
seconds is stopped and printed as such.  Beside each time: the board's digest (SHA-1 of its
regions, circles and answer, first 12 hex digits), the same for the same seed whatever the
code that drew it, so two runs of this script on two commits show the boards are the same.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cold  # noqa: E402
import nondango as nd  # noqa: E402


def digest(board: nd.Board) -> str:
    """The first 12 hex digits of the SHA-1 of the board's regions, circles and answer."""
    text = repr(([sorted(region) for region in board.regions], sorted(board.circles),
                 sorted(board.answer)))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 30, 40, 50])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--cpu-limit", type=float, default=600.0)
    args = parser.parse_args()
    print(f"{'board':<24} {'CPU s':>8}  digest")
    for n in args.sizes:
        for seed in args.seeds:
            run = cold.cold(nd.dial_board, n, n, 2 * n, seed, cpu_limit=args.cpu_limit,
                            limit=20 * args.cpu_limit)
            label = f"dial {n}x{n} k={2 * n} seed {seed}"
            if math.isinf(run.seconds):
                print(f"{label:<24} {'—':>8}  {run.error}", flush=True)
            else:
                print(f"{label:<24} {run.seconds:8.2f}  {digest(run.result)}", flush=True)


if __name__ == "__main__":
    main()
