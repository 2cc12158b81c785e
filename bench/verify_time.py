"""Wall time of `python verify.py --quick` and of the full `python verify.py`, beside the targets.

    python bench/verify_time.py               both runs, then the slowest checks
    python bench/verify_time.py --quick-only
    python bench/verify_time.py --no-profile  no cProfile of the slowest check

Each run is a subprocess with `--json` added (the same checks; the JSON gives each check's own
seconds), timed from start to exit with time.perf_counter, with verify.py's default worker
count (all cores).  Targets: --quick within 15 s; the full run within 60 s on a 2-core machine
(the benchmark issue) and within 120 s (the verify issue).  The table then lists the checks
that take longest; when the full run misses 60 s, the slowest check is run once more in this
process under cProfile and the functions that dominate it are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import time
from typing import NamedTuple

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

__all__ = ["Timing", "time_verify", "TARGETS", "main"]

TARGETS = {"quick": ((15.0, "quick target"),),
           "full": ((60.0, "benchmark target, 2 cores"), (120.0, "verify target"))}
SLOWEST = 8          # checks listed per run
PROFILE_TOP = 12     # functions listed in the profile


class Timing(NamedTuple):
    """One verify.py run: its mode, wall seconds, exit status and each check's seconds."""

    mode: str
    seconds: float
    status: int
    checks: dict[str, float]


def time_verify(quick: bool) -> Timing:
    """Run verify.py (quick or full) as a subprocess and time it."""
    command = [sys.executable, "verify.py", "--json"] + (["--quick"] if quick else [])
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    try:
        claims = json.loads(done.stdout)["claims"]
        checks = {c["id"]: c.get("seconds") or 0.0 for c in claims}
    except (ValueError, KeyError):
        checks = {}
    return Timing("quick" if quick else "full", seconds, done.returncode, checks)


def timing_lines(timing: Timing) -> list[str]:
    """The run's wall time beside each target, then its slowest checks."""
    lines = []
    for target, what in TARGETS[timing.mode]:
        verdict = "met" if timing.seconds <= target else "MISSED"
        lines.append(f"{'verify.py ' + ('--quick' if timing.mode == 'quick' else '(full)'):<20}"
                     f"{timing.seconds:>8.1f} s   target {target:>5.0f} s ({what}): {verdict}")
    total = sum(timing.checks.values())
    lines.append(f"{'':<20}exit status {timing.status}; {len(timing.checks)} checks, "
                 f"{total:.1f} s of check time over {os.cpu_count()} cores")
    slow = sorted(timing.checks.items(), key=lambda kv: kv[1], reverse=True)[:SLOWEST]
    lines.append(f"{'':<20}slowest: " + ", ".join(f"{cid} {s:.1f} s" for cid, s in slow))
    return lines


def profile_check(claim_id: str) -> list[str]:
    """Run one full-size check in this process under cProfile; the functions with the most
    cumulative time below the check, with their share."""
    import verify
    profiler = cProfile.Profile()
    profiler.enable()
    verify.CHECKS[claim_id](False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt
    own = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:PROFILE_TOP]
    lines = [f"profile of {claim_id} (full size, one process, {total:.1f} s profiled)",
             f"  {'own %':>6}{'cum %':>7}{'calls':>11}  function"]
    for (path, line, func), (_, calls, own_s, cum_s, _) in own:
        where = f"{os.path.basename(path)}:{line}" if line else path
        lines.append(f"  {100 * own_s / total:>6.1f}{100 * cum_s / total:>7.1f}{calls:>11}  "
                     f"{func} ({where})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick-only", action="store_true", help="time only verify.py --quick")
    parser.add_argument("--no-profile", action="store_true", help="no profile of the slowest check")
    args = parser.parse_args(argv)
    print(f"verify.py wall time ({os.cpu_count()} cores, default worker count)")
    timings = [time_verify(quick=True)] + ([] if args.quick_only else [time_verify(quick=False)])
    for timing in timings:
        print("\n".join(timing_lines(timing)))
    full = timings[-1]
    if full.mode == "full" and full.seconds > TARGETS["full"][0][0] and full.checks \
            and not args.no_profile:
        slowest = max(full.checks, key=full.checks.get)
        print()
        print("\n".join(profile_check(slowest)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
