"""Ctrl-C in the first milliseconds of a command: what each press gives, by when it landed.

    python bench/early_ctrl_c.py                  every command, presses 0 to 60 ms, 1 ms apart
    python bench/early_ctrl_c.py --until 150 --step 5 --commands dosun_fuwari.py

Each press is one run of the command, `python -S COMMAND ARGS` with the interpreter itself
(sys.executable, not a launcher such as pyenv's shim, which is a shell script of its own),
and one SIGINT sent DELAY ms after the process was started (subprocess.Popen returns once
the program is executed).  The outcomes:

    one line    exit status 130 and the last line of stderr `PROG: interrupted`, no traceback
    silent      killed by the signal without a word: the interpreter had no handler yet
    traceback   Python's own `KeyboardInterrupt` traceback (the press landed while the
                interpreter compiled the command file, or in the project's code)
    other       anything else (printed in full)

Per command it prints the count of each outcome, the last delay that was not `one line`
(the window no module can cover), and the first delay from which every press gave one line.
A shared machine stretches the window: the times are wall time, read them with the load.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMANDS = {    # each busy for seconds, so that a press always lands before it is done
    "dosun_fuwari.py": ["dosun_fuwari.py", "boards/dosun-fuwari/df-12x12-05.txt", "--reading",
                        "loose", "--json", "--cap", "100000000"],
    "nondango.py": ["nondango.py", "boards/nondango/nd-12x12-02.txt", "--reading",
                    "no-diagonals", "--json", "--cap", "100000000"],
    "ladder.py": ["ladder.py", "boards/nondango/nd-12x12-02.txt"],
    "verify.py": ["verify.py", "--quick", "--jobs", "1"],
    "bank.py": ["-m", "tools.bank", "check", "--jobs", "1"],
}


def press(name: str, delay: float) -> tuple[str, str]:
    """Start `python -S` on the command `name` (its program name), send SIGINT `delay`
    seconds later, and return (outcome, stderr)."""
    command = COMMANDS[name]
    process = subprocess.Popen([sys.executable, "-S", *command], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        err = process.communicate(timeout=10)[1]
    except subprocess.TimeoutExpired:
        process.kill()
        err = process.communicate()[1]
        return "other", err + "(still running after 10 s)"
    lines = err.splitlines()
    if "Traceback" in err or err.strip() == "KeyboardInterrupt":
        return "traceback", err
    if process.returncode == -signal.SIGINT and not err:
        return "silent", err
    if process.returncode == 130 and lines and lines[-1] == f"{name}: interrupted":
        return "one line", err
    return "other", err + f"(exit status {process.returncode})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--until", type=int, default=60, help="last delay, ms (default 60)")
    parser.add_argument("--step", type=int, default=1, help="ms between delays (default 1)")
    parser.add_argument("--commands", nargs="+", choices=COMMANDS, default=list(COMMANDS))
    args = parser.parse_args()
    delays = range(0, args.until + 1, args.step)
    print(f"python -S COMMAND (sys.executable), one SIGINT DELAY ms after the start, "
          f"DELAY = 0, {args.step}, ... {args.until}; load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    print(f"{'command':<17}{'one line':>9}{'silent':>8}{'traceback':>10}{'other':>7}"
          f"{'last not one line':>19}{'one line from':>15}")
    for name in args.commands:
        outcomes = [(delay, *press(name, delay / 1000)) for delay in delays]
        counts = {kind: sum(1 for _, o, _ in outcomes if o == kind)
                  for kind in ("one line", "silent", "traceback", "other")}
        bad = [delay for delay, outcome, _ in outcomes if outcome != "one line"]
        last_bad = f"{max(bad)} ms" if bad else "none"
        first_good = next((f"{d} ms" for d in delays if all(b < d for b in bad)), "never")
        print(f"{name:<17}{counts['one line']:>9}{counts['silent']:>8}{counts['traceback']:>10}"
              f"{counts['other']:>7}{last_bad:>19}{first_good:>15}")
        for delay, outcome, err in outcomes:
            if outcome == "other":
                print(f"  {delay} ms: {err.strip()[-300:]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
