"""Store every answer engine 1 lists, in order, and later check that a changed engine lists
the same ones in the same order.

    python bench/same_answers.py save FILE      solve the boards below, write FILE (JSON)
    python bench/same_answers.py check FILE     solve the boards stored in FILE again; exit 1
                                                on the first board whose list differs

Boards: every bank board (boards/*/*.txt) under every reading, and generated boards from
5x5 to 25x25 (Nondango: bank, dial and random boards, with and without givens, and the
2x2-region family with no answer; Dosun-Fuwari: unique, starved and random boards).  Each
board is stored as its picture, so `check` solves the very boards `save` solved even if a
generator changes.  A board whose answers take longer than LIMIT seconds to list is stored
as skipped.  Answers are listed up to each module's COUNT_CAP.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import dosun_fuwari as df  # noqa: E402
import nondango as nd  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BOARDS_DIR = os.path.join(HERE, "..", "boards")
LIMIT = 20           # seconds per board and reading
SIZES = (5, 8, 10, 12, 15, 20, 25)
SEEDS = range(3)


class TooSlow(Exception):
    """The board took longer than LIMIT seconds."""


def _alarm(signum, frame):
    raise TooSlow()


def family(rows: int, cols: int) -> nd.Board:
    """A rows x cols board of 2x2 regions (cut at the right and bottom edges), a circle in
    every cell: no answer under the published reading once a band holds three whole regions."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocks: dict[tuple[int, int], set] = {}
    for r, c in cells:
        blocks.setdefault((r // 2, c // 2), set()).add((r, c))
    regions = tuple(sorted((frozenset(b) for b in blocks.values()), key=min))
    return nd.Board(rows, cols, regions, frozenset(cells))


def nd_boards():
    for name in sorted(os.listdir(os.path.join(BOARDS_DIR, "nondango"))):
        board = nd.parse(open(os.path.join(BOARDS_DIR, "nondango", name), encoding="utf-8").read())
        yield f"bank {name}", board, nd.READINGS
    both = ("write-up", "published")
    for n in SIZES:
        for seed in SEEDS:
            yield f"bank_board {n} {seed}", nd.bank_board(n, n, seed), both
            yield f"dial_board {n} {seed}", nd.dial_board(n, n, 2 * n, seed), both
            yield (f"random_board {n} {seed}",
                   nd.random_board(n, n, seed, circle_rate=0.9, mean_size=4.0), both)
            yield (f"random_board givens {n} {seed}",
                   nd.random_board(n, n, seed, circle_rate=0.7, mean_size=3.0, given_rate=0.2),
                   both)
    for n in range(3, 26):
        yield f"family 3x{n}", family(3, n), both
    for n in range(4, 16):          # 3x3 is the first board of the 3xN loop
        yield f"family {n}x{n}", family(n, n), both


def df_boards():
    for name in sorted(os.listdir(os.path.join(BOARDS_DIR, "dosun-fuwari"))):
        path = os.path.join(BOARDS_DIR, "dosun-fuwari", name)
        board = df.parse(open(path, encoding="utf-8").read())
        yield f"bank {name}", board, df.READINGS
    for n in SIZES:
        for seed in SEEDS:
            readings = df.READINGS if n <= 8 else ("official", "no-stacking")
            yield (f"unique_board {n} {seed}", df.unique_board(seed, n, n, round(2 * n / 5)),
                   readings)
            yield (f"starved_board {n} {seed}", df.starved_board(seed, n, n, round(n / 2)),
                   readings)
            yield (f"random_board {n} {seed}", df.random_board(seed, n, n, 0.2, 3.0), readings)


def listing(module, board, reading: str):
    """Every answer in order (up to the module's cap) as picture rows, or None if too slow."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        answers = list(itertools.islice(module.solve(board, reading), module.COUNT_CAP))
    except TooSlow:
        return None
    finally:
        signal.alarm(0)
    return digest([module.answer_rows(board, a) for a in answers])


def digest(answers: list[list[str]]) -> dict:
    """The number of answers, a digest of the list in order and one of the sorted list."""
    ordered = ["/".join(rows) for rows in answers]
    return {"count": len(ordered),
            "ordered": hashlib.sha256("|".join(ordered).encode()).hexdigest(),
            "sorted": hashlib.sha256("|".join(sorted(ordered)).encode()).hexdigest()}


def save(path: str) -> int:
    entries = []
    for module, boards in ((nd, nd_boards()), (df, df_boards())):
        for label, board, readings in boards:
            for reading in readings:
                started = time.process_time()
                answers = listing(module, board, reading)
                entries.append({"genre": module.__name__, "label": label, "reading": reading,
                                "picture": module.picture(board, None).split("answer:")[0],
                                "answers": answers})
                print(f"{module.__name__} {label} {reading}: "
                      f"{'skipped' if answers is None else answers['count']} "
                      f"({time.process_time() - started:.2f} s)", flush=True)
    with open(path, "w", encoding="utf-8") as out:
        json.dump(entries, out)
    return 0


def check(path: str) -> int:
    with open(path, encoding="utf-8") as stored:
        entries = json.load(stored)
    modules = {"nondango": nd, "dosun_fuwari": df}
    tally = {name: {"same order": 0, "same set, other order": 0, "other answers": 0,
                    "skipped": 0} for name in modules}
    for entry in entries:
        module = modules[entry["genre"]]
        if entry["answers"] is None:
            tally[entry["genre"]]["skipped"] += 1
            continue
        now = listing(module, module.parse(entry["picture"]), entry["reading"])
        if now == entry["answers"]:
            verdict = "same order"
        elif now is not None and now["sorted"] == entry["answers"]["sorted"]:
            verdict = "same set, other order"
        else:
            verdict = "other answers"
        tally[entry["genre"]][verdict] += 1
        if verdict != "same order":
            print(f"{verdict}: {entry['genre']} {entry['label']} {entry['reading']}")
    for name, counts in tally.items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return int(any(counts["other answers"] or counts["same set, other order"]
                   for counts in tally.values()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("save", "check"))
    parser.add_argument("file")
    args = parser.parse_args(argv)
    return save(args.file) if args.action == "save" else check(args.file)


if __name__ == "__main__":
    sys.exit(main())
