"""The CPU time of a one-board command beside a bare interpreter, and where it goes.

    python bench/startup.py [--runs N]

Every command runs with `python -S -B` (no site packages, no bytecode written) in a copy of
the project's modules made for the run, so the project's modules are compiled from source
each time ("fresh"); a second column runs the same commands after the copy's modules were
compiled once into `__pycache__` ("warm": the script itself, run as `__main__`, is compiled
every time either way).  Each figure is the lowest CPU time (user + system of the child) of
N runs, in one run of this script, so ratios compare figures taken side by side.

The breakdown then times, the same way, the standard-library imports a command needs and
the compiling of each project module, to show which part of the ratio is the floor that a
command using argparse and run from source cannot go below.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TARGET = 4.0   # the speed target: a one-board command within 4x `python -S -c pass`

COMMANDS = [
    ["dosun_fuwari.py", "boards/dosun-fuwari/df-8x8-01.txt"],
    ["dosun_fuwari.py", "--json", "boards/dosun-fuwari/df-8x8-01.txt"],
    ["nondango.py", "boards/nondango/nd-8x8-01.txt"],
    ["nondango.py", "--json", "boards/nondango/nd-8x8-01.txt"],
]

STDLIB = [   # what the two solvers import from the standard library, cumulatively
    ("argparse, parsing one argument",
     "import argparse; p = argparse.ArgumentParser(); p.add_argument('x'); p.parse_args(['a'])"),
    ("+ json, random, bisect, heapq, itertools, math, functools",
     "import argparse; p = argparse.ArgumentParser(); p.add_argument('x'); p.parse_args(['a']);"
     " import json, random, bisect, heapq, itertools, math, functools"),
    ("+ typing", "import argparse; p = argparse.ArgumentParser(); p.add_argument('x');"
     " p.parse_args(['a']); import json, random, bisect, heapq, itertools, math, functools,"
     " typing"),
    ("+ dataclasses", "import argparse; p = argparse.ArgumentParser(); p.add_argument('x');"
     " p.parse_args(['a']); import json, random, bisect, heapq, itertools, math, functools,"
     " typing, dataclasses"),
]

MODULES = ["common.py", "plumbing/cli.py", "plumbing/puzzlink.py", "dosun_fuwari.py", "nondango.py"]


def cpu_time(command: list[str], cwd: str, runs: int) -> float:
    """The lowest CPU time (seconds, user + system) of `runs` runs of `command`."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times)


def copy_project(folder: str) -> None:
    """The project's modules (the top level, plumbing/ and tools/) and boards, without any
    __pycache__, into `folder`."""
    for name in os.listdir(ROOT):
        if name.endswith(".py"):
            shutil.copy(os.path.join(ROOT, name), folder)
    for package in ("plumbing", "tools"):
        shutil.copytree(os.path.join(ROOT, package), os.path.join(folder, package),
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "boards"), os.path.join(folder, "boards"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=41, help="runs per figure (default 41)")
    args = parser.parse_args()
    python = [sys.executable, "-S", "-B"]
    with tempfile.TemporaryDirectory() as fresh, tempfile.TemporaryDirectory() as warm:
        copy_project(fresh)
        copy_project(warm)
        subprocess.run([sys.executable, "-m", "compileall", "-q", warm], check=True,
                       stdout=subprocess.DEVNULL)
        bare = cpu_time(python + ["-c", "pass"], fresh, args.runs)
        print(f"one-board commands, CPU time, lowest of {args.runs} runs, python -S -B")
        print(f"  {'python -S -B -c pass':44} {bare * 1000:6.1f} ms")
        print(f"  {'command':44} {'fresh':>9} {'ratio':>6} {'warm':>9} {'ratio':>6}")
        worst = 0.0
        for command in COMMANDS:
            cold = cpu_time(python + command, fresh, args.runs)
            hot = cpu_time(python + command, warm, args.runs)
            worst = max(worst, cold / bare)
            print(f"  {' '.join(command):44} {cold * 1000:6.1f} ms {cold / bare:5.1f}x"
                  f" {hot * 1000:6.1f} ms {hot / bare:5.1f}x")
        print()
        print("where it goes: standard-library imports (cumulative), CPU time over the bare run")
        for label, code in STDLIB:
            spent = cpu_time(python + ["-c", code], fresh, args.runs) - bare
            print(f"  {label:58} {spent * 1000:6.1f} ms {spent / bare:5.1f}x")
        print("compiling each project module from source (in this process, lowest of the runs)")
        for name in MODULES:
            source = open(os.path.join(ROOT, name), encoding="utf-8").read()
            best = float("inf")
            for _ in range(args.runs // 4 + 1):
                start = time.process_time()
                compile(source, name, "exec")
                best = min(best, time.process_time() - start)
            print(f"  {name:58} {best * 1000:6.1f} ms {best / bare:5.1f}x")
        print()
        verdict = "met" if worst <= TARGET else "MISSED"
        print(f"target: the slowest fresh command at most {TARGET:.0f}x the bare run: "
              f"{worst:.1f}x, {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
