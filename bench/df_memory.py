"""Time and peak memory of `python dosun_fuwari.py BOARD --cap 1` on the boards that once
ran out of memory: long runs under the loose reading, and wide boards of one room per row
under the official reading.

    python bench/df_memory.py                 every case, one process each
    python bench/df_memory.py --limit-gb 3    each process limited to 3 GB of address space

Each case is a board file written to a temporary folder and solved by the command line in a
fresh process (`--one`), limited by `resource.setrlimit(RLIMIT_AS)` and a wall-clock timeout;
the child reports its own peak resident memory (`ru_maxrss`).  The table gives the wall-clock
seconds, the peak memory, the exit status and the last line of output (the answer count or
the one-line refusal).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

import dosun_fuwari as df  # noqa: E402


def one_room(rows: int, cols: int) -> str:
    """A board file of rows x cols white cells, all in one room."""
    lines = ["dosun-fuwari", "rooms:"] + [" ".join("a" * cols) for _ in range(rows)]
    return "\n".join(lines) + "\n"


def room_per_row(rows: int, cols: int) -> str:
    """A board file of rows x cols white cells, one room per row."""
    lines = ["dosun-fuwari", "rooms:"] + [" ".join([f"r{r}"] * cols) for r in range(rows)]
    return "\n".join(lines) + "\n"


def white_rows(rows: int, cols: int) -> str:
    """A board file of rows x cols cells, every other row black, each white row a room: one
    run per white cell, (rows / 2) * cols runs."""
    lines = ["dosun-fuwari", "rooms:"] + [" ".join(["#" if r % 2 else f"r{r}"] * cols)
                                          for r in range(rows)]
    return "\n".join(lines) + "\n"


CASES = (
    ("loose column of 16", one_room(16, 1), "loose"),
    ("loose column of 20", one_room(20, 1), "loose"),
    ("loose column of 30", one_room(30, 1), "loose"),
    ("loose 30x30 one room", one_room(30, 30), "loose"),
    ("loose 200x200 one room", one_room(200, 200), "loose"),
    ("loose 30x30 room per row", room_per_row(30, 30), "loose"),
    ("official 100x100 room per row", room_per_row(100, 100), "official"),
    ("official 200x200 room per row", room_per_row(200, 200), "official"),
    ("official 60x60 white rows", white_rows(60, 60), "official"),
    ("official 200x200 white rows", white_rows(200, 200), "official"),
)


def run_one(path: str, reading: str) -> int:
    """Solve one board file by the command line in this process; report peak memory."""
    status = 1
    try:
        status = df.main([path, "--reading", reading, "--cap", "1"])
    except MemoryError:
        print("MemoryError", file=sys.stderr)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"PEAK_KB {peak}", file=sys.stderr)
    return status


def measure(text: str, reading: str, limit_gb: float, timeout: float) -> tuple:
    """(seconds, peak MB or None, status, last line) of one case in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "board.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        limit = int(limit_gb * 2 ** 30)

        def cap_memory():
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, __file__, "--one", path, reading],
                                  capture_output=True, text=True, timeout=timeout,
                                  preexec_fn=cap_memory)
        except subprocess.TimeoutExpired:
            return timeout, None, "timeout", ""
        elapsed = time.perf_counter() - started
    peak = None
    lines = []
    for line in (done.stdout + done.stderr).splitlines():
        if line.startswith("PEAK_KB "):
            peak = int(line.split()[1]) / 1024
        elif line.strip() and not line.startswith(("legend:", "answer ", "reading:")):
            lines.append(line.strip())
    last = next((x for x in lines if x.startswith(("answers:", "dosun_fuwari.py:", "MemoryError",
                                                   "Traceback"))), lines[-1] if lines else "")
    return elapsed, peak, done.returncode, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit-gb", type=float, default=4.0)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--one", nargs=2, metavar=("BOARD", "READING"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return run_one(*args.one)
    print(f"{'case':32} {'seconds':>8} {'peak MB':>8} {'exit':>5}  output")
    for name, text, reading in CASES:
        if args.only and args.only not in name:
            continue
        elapsed, peak, status, last = measure(text, reading, args.limit_gb, args.timeout)
        shown = "-" if peak is None else f"{peak:.0f}"
        print(f"{name:32} {elapsed:8.2f} {shown:>8} {status!s:>5}  {last[:90]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
