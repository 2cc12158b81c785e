"""Nondango engine 1 beside CP-SAT on boards built to make forward checking thrash: tilings
of small rectangles (2x2, 1x2, 2x1, 1x3, 3x1, 2x3, 1x4, 3x3; rows of tiles shifted or not)
with most cells a circle and a few givens, 3x7 to 30x30, under three readings.

    python bench/nd_stress.py               150 boards (450 board readings)
    python bench/nd_stress.py --boards 30

The bands of 2x2 regions with no answer (bench/peers.py, family) are one such tiling; this
looks for others.  Counting to 2, engine 1 and CP-SAT in turn, twice, each keeping the
lesser of its two times; engine 1 stopped after LIMIT seconds.  Every solve is timed cold:
a fresh process of its own (bench/cold.py), so nothing remembered from an earlier run of
the same board is reused, and the time is the CPU seconds of the solve inside that process
(time.process_time; drawing the board, importing and, for CP-SAT, loading OR-Tools are not
included; building the model is).  Prints the boards where engine 1 is slowest against
CP-SAT and how many are over 3x; the counts must agree (exit 1 if not).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cold  # noqa: E402
import common  # noqa: E402
import cpsat_models  # noqa: E402
import nondango as nd  # noqa: E402

LIMIT = 10.0
SHAPES = ((2, 2), (1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (1, 4), (3, 3))


def tiled_regions(rows: int, cols: int, height: int, width: int, shift: int):
    """Regions of height x width tiles, each row of tiles shifted by `shift` more cells,
    cut at the edges (a cut tile in two pieces gives two regions)."""
    tiles: dict = {}
    for r in range(rows):
        for c in range(cols):
            tiles.setdefault((r // height, (c + (r // height) * shift) // width), set()).add((r, c))
    regions = [frozenset(part) for tile in tiles.values() for part in common.components(tile)]
    return tuple(sorted(regions, key=min))


def board(seed: int) -> nd.Board:
    rng = random.Random(seed)
    rows, cols = rng.choice((3, 4, 5, 6, 8, 10, 15, 20, 30)), rng.choice((7, 9, 15, 20, 25, 30))
    height, width = rng.choice(SHAPES)
    regions = tiled_regions(rows, cols, height, width, rng.choice((0, 0, 1)))
    rate, given = rng.choice((0.7, 0.85, 0.95, 1.0)), rng.choice((0.0, 0.02, 0.1))
    circles = frozenset((r, c) for r in range(rows) for c in range(cols) if rng.random() < rate)
    black, white = set(), set()
    for cell in sorted(circles):
        if rng.random() < given:
            (black if rng.random() < 0.5 else white).add(cell)
    return nd.Board(rows, cols, regions, circles, frozenset(black), frozenset(white),
                    metadata=(("stress", f"{height}x{width} tiles, rate {rate}, "
                                         f"givens {given}, seed {seed}"),))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=150)
    args = parser.parse_args(argv)
    rows, disagree = [], 0
    for seed in range(args.boards):
        b = board(seed)
        for k, reading in enumerate(("write-up", "published", "no-diagonals")):
            calls = {"ours": (nd.count_answers, (b, reading, 2), LIMIT),
                     "cp-sat": (cpsat_models.count_nondango, (b, reading, 2), cold.DEFAULT_LIMIT)}
            timed: dict = {}
            for name in (("ours", "cp-sat", "ours", "cp-sat") if (seed + k) % 2
                         else ("cp-sat", "ours", "cp-sat", "ours")):
                if name in timed and timed[name][1] == math.inf:
                    continue
                function, call_args, limit = calls[name]
                run = cold.cold(function, *call_args, limit=limit, keep=("count",))
                count = run.result[0] if run.result else None
                timed[name] = (count, min(run.seconds, timed.get(name, (0, math.inf))[1]))
            if timed["ours"][0] is not None and timed["ours"][0] != timed["cp-sat"][0]:
                disagree += 1
            rows.append((timed["ours"][1] / max(timed["cp-sat"][1], 1e-6), b, reading,
                         timed["ours"][1], timed["cp-sat"][1], timed["cp-sat"][0]))
    rows.sort(key=lambda row: -row[0])
    print(f"Nondango engine 1 beside CP-SAT on {len(rows)} tiled board readings, counting to 2, "
          f"cold CPU ms (a fresh process per solve); slowest against CP-SAT first")
    print(f"{'ours / cp':>10}  {'board':<52}{'reading':<14}{'ours ms':>9}{'cp-sat ms':>11}"
          f"{'count':>7}")
    for times, b, reading, ours, cp, count in rows[:10]:
        label = f"{b.rows}x{b.cols} {dict(b.metadata)['stress']}"
        print(f"{times:>9.2f}x  {label:<52}{reading:<14}"
              f"{'stopped' if ours == math.inf else f'{ours * 1000:.1f}':>9}"
              f"{cp * 1000:>11.1f}{count:>7}")
    print(f"\nover 3x CP-SAT's time: {sum(row[0] > 3 for row in rows)} of {len(rows)}; "
          f"counts agree: {'yes' if not disagree else f'NO ({disagree})'}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
