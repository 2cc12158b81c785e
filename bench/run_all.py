"""Run every benchmark once and write bench/RESULTS.md: the machine, Python, date and tables.

    python bench/run_all.py                 the full benchmark, the one command that rewrites
                                            bench/RESULTS.md (37 minutes on 2 shared cores)
    python bench/run_all.py --quick         a short smoke run (few boards, verify --quick only)
    python bench/run_all.py --out FILE      write FILE instead of bench/RESULTS.md

Each script runs as its own subprocess, one after another (never two at once: the timings
would share the cores), and its printed tables are copied into the results file with its
command, wall time and exit status.  The file is written atomically.  Anything below the
line NOTES_MARKER in an existing results file is written notes: it is kept, after the new
tables.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

__all__ = ["SCRIPTS", "machine_lines", "run_script", "main"]

SCRIPTS = (
    ("Engine 1 beside CP-SAT and clingo: bank, generated, random and no-answer family "
     "boards, and the loose reading counted to 200", "peers.py", [], ["--quick"]),
    ("Nondango engine 1 beside CP-SAT on tiled boards built to make forward checking thrash",
     "nd_stress.py", [], ["--boards", "20"]),
    ("Bank boards: engine 1, its twin and CP-SAT", "solve_bank.py", [], ["--boards", "2"]),
    ("Growth: every rung, engine 1 and CP-SAT, 6x6 to 30x30", "growth.py", [],
     ["--boards", "1", "--sizes", "6", "10"]),
    ("Dosun-Fuwari engines on generated boards, 5x5 to 15x15", "df_engines.py", [],
     ["--boards", "3"]),
    ("Nondango engines on generated boards, 5x5 to 15x15", "nd_engines.py", [], []),
    ("Time per rung on one 8x8 and one 12x12 board", "ladder_times.py", [], ["--repeat", "1"]),
    ("One-board commands beside a bare interpreter", "startup.py", [], ["--runs", "5"]),
    ("The play page's start: python -m tools.play until it prints its address", "play_start.py",
     [], ["--runs", "2"]),
    ("verify.py wall time", "verify_time.py", [], ["--quick-only"]),
)
NOTES_MARKER = "<!-- notes below this line are kept by run_all.py -->"


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, or platform.processor() elsewhere."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def ortools_version() -> str:
    """The installed OR-Tools version, or 'not installed'."""
    try:
        import ortools
    except ImportError:
        return "not installed"
    return ortools.__version__


def clingo_version() -> str:
    """The installed clingo version, or 'not installed'."""
    try:
        import clingo
    except ImportError:
        return "not installed"
    return clingo.__version__


def git_commit() -> str:
    """The checked-out commit, or 'unknown' outside a git checkout."""
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def machine_lines() -> list[str]:
    """The machine, Python and date, as Markdown list items."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [f"- date: {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}",
            f"- machine: {os.cpu_count()} cores, {cpu_model()}; "
            f"load average {load:.1f} at the start",
            f"- Python {platform.python_version()} ({platform.python_implementation()}), "
            f"{platform.system()} {platform.release()}",
            f"- OR-Tools {ortools_version()}, clingo {clingo_version()}; commit {git_commit()}"]


def run_script(script: str, args: list[str]) -> tuple[str, float, int]:
    """Run one benchmark script; its printed output, wall seconds and exit status."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, os.path.join(HERE, script)] + args, cwd=ROOT,
                          capture_output=True, text=True)
    output = done.stdout + (f"\n(stderr)\n{done.stderr}" if done.returncode else "")
    return output, time.perf_counter() - started, done.returncode


def kept_notes(path: str) -> str:
    """The notes below NOTES_MARKER of an existing results file, marker included."""
    try:
        with open(path, encoding="utf-8") as old:
            text = old.read()
    except OSError:
        return NOTES_MARKER + "\n"
    return text[text.index(NOTES_MARKER):] if NOTES_MARKER in text else NOTES_MARKER + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--out", default=os.path.join(HERE, "RESULTS.md"), help="results file")
    args = parser.parse_args(argv)
    parts = ["# Benchmark results", "",
             "Written by `python bench/run_all.py`"
             + (" --quick (a smoke run)" if args.quick else "")
             + "; see bench/README.md for what each table measures.  Every solver is timed "
             "cold: each run of each solver on each board in a fresh process of its own "
             "(bench/cold.py), the CPU time of the solve there.", ""]
    parts += machine_lines() + [""]
    worst = 0
    for title, script, full_args, quick_args in SCRIPTS:
        script_args = quick_args if args.quick else full_args
        print(f"running {script} {' '.join(script_args)}", file=sys.stderr, flush=True)
        output, seconds, status = run_script(script, script_args)
        worst = max(worst, status)
        command = " ".join(["python", f"bench/{script}"] + script_args)
        parts += [f"## {title}", "", f"`{command}`: {seconds:.0f} s, exit status {status}", "",
                  "```", output.rstrip(), "```", ""]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    parts += [f"Load average {load:.1f} at the end (other work on the machine shares its "
              "cores).", ""]
    text = "\n".join(parts) + "\n" + kept_notes(args.out)
    temporary = args.out + ".tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, args.out)
    print(f"wrote {args.out}", file=sys.stderr)
    return worst


if __name__ == "__main__":
    sys.exit(main())
