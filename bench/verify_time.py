"""Wall and CPU time of `python verify.py --quick` and of the full `python verify.py`, beside
the targets.

    python bench/verify_time.py               both runs
    python bench/verify_time.py --quick-only
    python bench/verify_time.py --profile     then the slowest checks where a target is missed
    python bench/verify_time.py --per-check [--quick] [ID ...]
                                              each check alone in a fresh process: CPU, wall,
                                              the check's own CPU, and each shared sample's

Each run is a subprocess with `--json` added (the same checks, only the output format differs;
the JSON names the claims without a verdict or with a failed cross-check), timed from start to
exit with time.perf_counter, with verify.py's default worker count (all cores); its CPU time is
the user and system time of the run and its worker processes (resource.RUSAGE_CHILDREN), which
a busy shared machine does not inflate the way it does the wall time.  Targets (TARGETS, on an
idle 2-core machine): --quick within 12 s of CPU; the full run within 120 s of CPU and 75 s
wall.  With --profile, when a run misses a target, its checks are run once more in this
process, one after another, under cProfile (`verify.run_checks(ids, quick, jobs=1)`): the
table lists the checks that take longest (their own seconds, inflated by the profiler) and
the functions that dominate, with their share of the profiled time.  --per-check runs
`verify.py --jobs 1 --json ID` once per claim, slowest first: the process's CPU (its imports
and the samples it draws included), and from the JSON the check's own CPU seconds; then the
CPU of each shared sample (checks/samples.py: the two parameter fits among them), once, and
the total of the checks' own CPU and the samples': what a full run costs, the fits apart.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import subprocess
import sys
import time
from typing import NamedTuple

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

import verify  # noqa: E402

__all__ = ["Timing", "time_verify", "TARGETS", "main"]

TARGETS = {"quick": (("cpu", 12.0, "quick target, 2 idle cores"),),
           "full": (("cpu", 120.0, "full target, 2 idle cores"),
                    ("wall", 75.0, "full target, 2 idle cores"))}
SLOWEST = 8          # checks listed per profile
PROFILE_TOP = 12     # functions listed in the profile


class Timing(NamedTuple):
    """One verify.py run: its mode, wall seconds, CPU seconds (the run and its workers),
    exit status, and the claims that got no verdict or failed a cross-check."""

    mode: str
    seconds: float
    cpu: float
    status: int
    failing: list[str]


def _children_cpu() -> float:
    """User and system seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed_run(command: list[str]) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run `command` in the project folder: (the finished process, wall s, CPU s)."""
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return done, time.perf_counter() - started, _children_cpu() - cpu


def time_verify(quick: bool) -> Timing:
    """Run verify.py (quick or full) as a subprocess and time it."""
    command = [sys.executable, "verify.py", "--json"] + (["--quick"] if quick else [])
    done, seconds, cpu = _timed_run(command)
    try:
        claims = json.loads(done.stdout)["claims"]
        failing = [c["id"] for c in claims if c["verdict"] is None or c["crosscheck_failures"]]
    except (ValueError, KeyError):
        failing = ["(no JSON output)"]
    return Timing("quick" if quick else "full", seconds, cpu, done.returncode, failing)


def per_check(ids: list[str], quick: bool) -> tuple[list[tuple], dict[str, float]]:
    """Each claim run alone in a fresh `verify.py --jobs 1` process (its imports and the
    samples it reads included, no work shared with another claim): ([(claim, process CPU s,
    wall s, the check's own CPU s)], slowest first; sample → its CPU s, from the first run
    that drew it)."""
    out, drawn = [], {}
    for claim_id in ids:
        command = [sys.executable, "verify.py", "--jobs", "1", "--json", claim_id]
        done, seconds, cpu = _timed_run(command + (["--quick"] if quick else []))
        try:
            report = json.loads(done.stdout)
            own = report["claims"][0]["cpu"]
            for name, times in report["samples"].items():
                drawn.setdefault(name, times["cpu"])
        except (ValueError, KeyError, IndexError):
            own = float("nan")
        out.append((claim_id, cpu, seconds, own))
    return sorted(out, key=lambda row: row[1], reverse=True), drawn


def timing_lines(timing: Timing) -> list[str]:
    """The run's wall and CPU time beside each target, and its exit status."""
    lines = []
    for measure, target, what in TARGETS[timing.mode]:
        took = timing.cpu if measure == "cpu" else timing.seconds
        verdict = "met" if took <= target else "MISSED"
        lines.append(f"{'verify.py ' + ('--quick' if timing.mode == 'quick' else '(full)'):<20}"
                     f"{timing.seconds:>7.1f} s wall, {timing.cpu:>6.1f} s CPU   "
                     f"{measure} target {target:>4.0f} s ({what}): {verdict}")
    lines.append(f"{'':<20}exit status {timing.status}"
                 + (f"; no verdict or a failed cross-check: {', '.join(timing.failing)}"
                    if timing.failing else ""))
    return lines


def profile_run(quick: bool) -> list[str]:
    """Every check of one mode in this process, one after another, under cProfile: the
    slowest checks, then the functions with the most own time, with their shares."""
    ids = [claim.id for claim in verify.CATALOGUE]
    profiler = cProfile.Profile()
    profiler.enable()
    results, _ = verify.run_checks(ids, quick, 1)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt
    slow = sorted(((cid, r.get("seconds", 0.0)) for cid, r in results.items()),
                  key=lambda kv: kv[1], reverse=True)[:SLOWEST]
    lines = [f"profile of verify.py{' --quick' if quick else ''}, one process, "
             f"{total:.1f} s profiled",
             "  slowest checks: " + ", ".join(f"{cid} {s:.1f} s ({100 * s / total:.0f}%)"
                                              for cid, s in slow),
             f"  {'own %':>6}{'cum %':>7}{'calls':>11}  function"]
    own = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:PROFILE_TOP]
    for (path, line, func), (_, calls, own_s, cum_s, _) in own:
        where = f"{os.path.basename(path)}:{line}" if line else path
        lines.append(f"  {100 * own_s / total:>6.1f}{100 * cum_s / total:>7.1f}{calls:>11}  "
                     f"{func} ({where})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick-only", action="store_true", help="time only verify.py --quick")
    parser.add_argument("--profile", action="store_true",
                        help="profile the checks of a run that misses its target (one more run "
                             "of them, in this process)")
    parser.add_argument("--per-check", action="store_true",
                        help="each check alone in a fresh process: CPU and wall seconds")
    parser.add_argument("--quick", action="store_true", help="with --per-check: quick checks")
    parser.add_argument("ids", nargs="*", metavar="ID", help="with --per-check: these claims only")
    args = parser.parse_args(argv)
    if args.per_check:
        rows, drawn = per_check(args.ids or [claim.id for claim in verify.CATALOGUE], args.quick)
        print(f"{'claim':<8}{'CPU s':>8}{'wall s':>9}{'own CPU s':>11}   (verify.py --jobs 1 "
              f"--json ID{' --quick' if args.quick else ''}, one process each)")
        for claim_id, cpu, seconds, own in rows:
            print(f"{claim_id:<8}{cpu:>8.2f}{seconds:>9.2f}{own:>11.2f}")
        print(f"{'total':<8}{sum(r[1] for r in rows):>8.2f}{sum(r[2] for r in rows):>9.2f}"
              f"{sum(r[3] for r in rows):>11.2f}")
        print(f"{'sample':<20}{'CPU s':>8}   (each drawn once in a run, checks/samples.py)")
        for name, cpu in sorted(drawn.items(), key=lambda kv: -kv[1]):
            print(f"{name:<20}{cpu:>8.2f}")
        print(f"{'checks own + samples':<20}"
              f"{sum(r[3] for r in rows) + sum(drawn.values()):>8.2f}")
        return 0

    print(f"verify.py wall and CPU time ({os.cpu_count()} cores, default worker count)")
    timings = [time_verify(quick=True)] + ([] if args.quick_only else [time_verify(quick=False)])
    for timing in timings:
        print("\n".join(timing_lines(timing)))
    if args.profile:
        for timing in timings:
            if any((timing.cpu if measure == "cpu" else timing.seconds) > target
                   for measure, target, _ in TARGETS[timing.mode]):
                print()
                print("\n".join(profile_run(timing.mode == "quick")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
