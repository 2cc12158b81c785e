"""Time per rung of both ladders on an 8x8 and a 12x12 generated board of each puzzle.

    python bench/ladder_times.py              seed 0, best of 5 runs
    python bench/ladder_times.py --seed 4 --repeat 5

Boards (drawing them is not timed): Dosun-Fuwari `dosun_fuwari.unique_board(seed, n, n, k)`
with k = 3 starved rooms at 8x8 and 6 at 12x12 (the bank's medians); Nondango
`nondango.bank_board(n, n, seed)`; and, when the bank is built, the first Nondango bank board
of each size that `triple` does not finish (so `probe` has work to do).  Each rung runs
from the start domains through `ladder.prove` (every rung runs the rungs it builds on),
cold: in a fresh process of its own (bench/cold.py), so a rung pays for every table it
builds and nothing of an earlier run on the same board is reused.  Times are the least CPU
time of the call in its process over `--repeat` runs, in milliseconds; the grade of each
board is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cold  # noqa: E402
import dosun_fuwari as df  # noqa: E402
import ladder  # noqa: E402
from tools import bank  # noqa: E402
import nondango as nd  # noqa: E402


def boards(seed: int) -> list[tuple[str, object]]:
    """(label, board) for the four boards timed."""
    return [
        ("Dosun-Fuwari 8x8, 3 starved", df.unique_board(seed, 8, 8, 3)),
        ("Dosun-Fuwari 12x12, 6 starved", df.unique_board(seed, 12, 12, 6)),
        ("Nondango 8x8 bank-mode", nd.bank_board(8, 8, seed)),
        ("Nondango 12x12 bank-mode", nd.bank_board(12, 12, seed)),
    ] + stalled_bank_boards()


def stalled_bank_boards() -> list[tuple[str, object]]:
    """The first Nondango bank board of each size that `triple` does not finish."""
    found = []
    for size in (8, 12):
        for board in bank.load_bank("nondango"):
            if board.rows == size and not ladder.prove(board, "triple").finished:
                name = dict(board.metadata).get("name", "?")
                found.append((f"Nondango {size}x{size} bank board {name}, stalls at triple", board))
                break
    return found


def time_rung(board, rung: str, repeat: int) -> float:
    """Least cold CPU milliseconds of `ladder.prove(board, rung)` over `repeat` runs, each
    in a fresh process (bench/cold.py)."""
    run = cold.best_cold(ladder.prove, board, rung, repeats=repeat)
    if run.error:
        raise RuntimeError(f"ladder.prove(board, {rung!r}) failed: {run.error}")
    return run.seconds * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"time per rung, cold CPU ms (a fresh process per run, best of {args.repeat}), "
          f"seed {args.seed}")
    for label, board in boards(args.seed):
        genre = ladder.genre_of(board)
        size = len(board.rooms) if genre == "dosun-fuwari" else len(board.regions)
        unit = "rooms" if genre == "dosun-fuwari" else "regions"
        times = [(name, time_rung(board, name, args.repeat)) for name, _ in ladder.LADDER[genre]]
        print(f"{label} ({size} {unit}, grade {ladder.grade(board).rung}): "
              + ", ".join(f"{name} {ms:.1f}" for name, ms in times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
