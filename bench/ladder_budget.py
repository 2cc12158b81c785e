"""The ladder's budget: predicted against measured CPU seconds of `python ladder.py BOARD`.

    python bench/ladder_budget.py              every board below, once each
    python bench/ladder_budget.py --quick      the smaller half

`ladder.check_size` refuses, before any rung runs, a board whose `ladder.seconds_estimate`
(`work_estimate` at the genre's LADDER_RATE) passes LADDER_SECONDS.  This script checks
that the estimate is honest: for a spread of boards (the bank's largest estimates, boards
whose rooms are their rows, generated boards up to 30x30, the loose and anywhere readings)
it writes the board to a file, runs the whole command, cold, in a fresh process (every
rung, then the grade, as a user runs it), and prints its CPU time (user and system, of
the process and its children) less that of `python ladder.py --help` (the interpreter's
start and the imports), beside the prediction and their ratio.  Boards the check refuses
are not run.  A ratio from 0.5 to 2 is the target; the boards near the limit matter most.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import common  # noqa: E402
import dosun_fuwari as df  # noqa: E402
import ladder  # noqa: E402
import nondango as nd  # noqa: E402
from tools import formats  # noqa: E402


def rooms_are_rows(n: int) -> df.Board:
    """The n x n board without black cells whose rooms are its rows."""
    return df.make_board(n, n, frozenset(), [frozenset((r, c) for c in range(n)) for r in range(n)])


def boards(quick: bool) -> list[tuple[str, object, str | None]]:
    """(label, board, reading or None for the default) for every board timed."""
    bank = lambda name: formats.read(os.path.join(ROOT, "boards", name))
    found = [("bank df-12x12-05", bank("dosun-fuwari/df-12x12-05.txt"), None),
             ("bank nd-12x12-02", bank("nondango/nd-12x12-02.txt"), None)]
    found += [(f"bank df-8x8-0{k} {reading}", bank(f"dosun-fuwari/df-8x8-0{k}.txt"), reading)
              for k in (1, 2) for reading in ("loose", "no-stacking")]
    found += [(f"bank nd-12x12-02 {reading}", bank("nondango/nd-12x12-02.txt"), reading)
              for reading in ("published", "no-diagonals", "anywhere")]
    found += [(f"rooms are rows {n}x{n}", rooms_are_rows(n), None) for n in (4, 6, 7, 8, 9)]
    found += [(f"rooms are rows {n}x{n} loose", rooms_are_rows(n), "loose") for n in (3, 4, 5)]
    sizes = (16, 20) if quick else (16, 20, 25, 30)
    found += [(f"df unique {n}x{n}", df.unique_board(0, n, n, n // 2), None) for n in sizes]
    found += [(f"nd bank_board {n}x{n}", nd.bank_board(n, n, 0), None) for n in sizes]
    found += [(f"nd bank_board {n}x{n} {reading}", nd.bank_board(n, n, 1), reading)
              for n in (16, 20) for reading in ("published", "anywhere")]
    if not quick:
        found += [("df unique 10x10 loose", df.unique_board(1, 10, 10, 5), "loose")]
    return found


def cpu_seconds(args: list[str]) -> float:
    """CPU seconds (user + system) of one command run in a fresh process, its children included."""
    before = os.times()
    subprocess.run([sys.executable, os.path.join(ROOT, "ladder.py"), *args], cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = os.times()
    return ((after.children_user - before.children_user)
            + (after.children_system - before.children_system))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    start = min(cpu_seconds(["--help"]) for _ in range(3))
    print(f"python ladder.py --help: {start:.2f} s CPU (taken off every time below)")
    print(f"LADDER_SECONDS {ladder.LADDER_SECONDS}, LADDER_RATE {ladder.LADDER_RATE}")
    print(f"{'board':34} {'reading':10} {'work':>12} {'predicted':>9} {'measured':>9} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for label, board, reading in boards(args.quick):
            reading = reading or ladder.default_reading(ladder.genre_of(board))
            try:
                work = ladder.work_estimate(board, reading)
                predicted = ladder.seconds_estimate(board, reading)
            except common.BoardError as error:
                print(f"{label:34} {reading:10} refused: {error}")
                continue
            if predicted > ladder.LADDER_SECONDS:
                print(f"{label:34} {reading:10} {work:>12,} {predicted:>8.1f}s  "
                      "refused by check_size")
                continue
            path = os.path.join(folder, "board.txt")
            with open(path, "w", encoding="utf-8") as out:
                out.write(formats.pzprv3(board))
            measured = max(cpu_seconds([path, "--reading", reading]) - start, 0.01)
            print(f"{label:34} {reading:10} {work:>12,} {predicted:>8.2f}s {measured:>8.2f}s "
                  f"{predicted / measured:>6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
