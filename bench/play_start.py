"""The CPU time of `python -m tools.play --no-open` until its page's address is printed.

    python bench/play_start.py [--runs N]

The command serves until Ctrl-C, so each run starts it, waits for the line with the address,
sends Ctrl-C (SIGINT) and takes the CPU time (user + system) of the finished process from
the kernel (`os.wait4`): the start, plus the idle server's few milliseconds before the
signal.  "fresh" runs compile every module from source (`-B`, and an empty
PYTHONPYCACHEPREFIX), as a first run after a checkout does; "warm" runs use the compiled
modules.  Each figure is the lowest of N runs, all in one run of this script; `python -S -c
pass` (the bare interpreter) is measured beside them, for the ratio.  The page must open
within 2 s of CPU whatever the boards.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LIMIT = 2.0   # CPU seconds the page may take to open

CASES = [
    ("the project's 231 boards", ["-m", "tools.play", "--no-open"]),
    ("one board file", ["-m", "tools.play", "--no-open", "--boards", "{empty}",
                        "boards/samples/df-pzprjs-5x5.txt"]),
    ("one board file and the project's boards", ["-m", "tools.play", "--no-open",
                                                 "boards/nondango-published/ndp-12x12-01.txt"]),
]


def cpu_until_address(args: list[str], fresh: bool) -> float:
    """CPU seconds of one run of `python ARGS`, stopped with SIGINT once it has printed the
    page's address (or when it exits by itself, for the bare interpreter)."""
    env = dict(os.environ)
    extra = []
    with tempfile.TemporaryDirectory() as cache:
        if fresh:
            env["PYTHONPYCACHEPREFIX"] = cache
            extra = ["-B"]
        process = subprocess.Popen([sys.executable, *extra, *args], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        stopped = 0                 # the exit status expected: Ctrl-C's 130 for the server
        if "tools.play" in args:
            line = process.stdout.readline()
            assert "http://127.0.0.1:" in line, line
            process.send_signal(signal.SIGINT)
            stopped = 128 + signal.SIGINT
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stdout.close()
        assert process.returncode == stopped, process.returncode
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as empty:
        cases = [("bare interpreter (python -S -c pass)", ["-S", "-c", "pass"])]
        cases += [(name, [a.replace("{empty}", empty) for a in args]) for name, args in CASES]
        print(f"CPU seconds (user + system), lowest of {runs} runs; limit {LIMIT} s")
        print(f"{'case':<44} {'fresh':>7} {'warm':>7} {'warm / bare':>12}")
        bare = None
        for name, args in cases:
            fresh = min(cpu_until_address(args, True) for _ in range(runs))
            warm = min(cpu_until_address(args, False) for _ in range(runs))
            bare = bare or warm
            print(f"{name:<44} {fresh:7.3f} {warm:7.3f} {warm / bare:11.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
