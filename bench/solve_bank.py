"""Every bank board solved and counted three ways in one run: engine 1, its twin, and CP-SAT.

    python bench/solve_bank.py                     every bank board, every reading below
    python bench/solve_bank.py --boards 5          the first 5 boards of each set
    python bench/solve_bank.py --twin-limit 5      give the twin 5 s per board (default 2)
    python bench/solve_bank.py --no-per-board      the summary and the profiles only

Tasks (a genre, a reading and the count cap):
    Dosun-Fuwari  official      up to 2 answers (prove the board unique)
    Nondango      write-up      up to 2
    Nondango      published     up to 2
    Dosun-Fuwari  loose         up to 5,000 (dosun_fuwari.COUNT_CAP), a misreading
    Nondango      no-diagonals  up to 20,000 (nondango.COUNT_CAP), a misreading

Solvers:
    ours    engine 1: dosun_fuwari.count_answers, nondango.count_answers
    twin    engine 2, the brute-force twin: twins.dosun_fuwari.count_by_cells, twins.nondango's
            solve_by_exhaustion counted to the cap; stopped after --twin-limit CPU seconds
            ("dnf", did not finish); after SKIP_AFTER unfinished boards in
            a row of one set the rest of that set is not run ("--")
    cp-sat  bench/cpsat_models.py, written from the rules text: building the model is counted
            in its time, as a user pays it; one search worker, as our engines use one core

Every solve is timed cold: each run of each solver on each board is a fresh process of its
own (bench/cold.py: forked from a clean server that has imported the modules and run none
of our engines), so nothing a solver remembers from an earlier run of the same board (or
of any board) is reused.  A time is the CPU seconds of the solve inside that process
(time.process_time): importing and parsing are not included.  A solver's time is the
least of up to REPEATS such runs when the first is shorter than QUICK seconds.  Ratios are
the other solver's time over ours (above 1: ours is faster), measured in the same run.
The summary gives our slowest board per set; the targets then say, per set and
uniqueness task, whether our total is at most CP-SAT's and which boards of ours take over
SLOW_MS (50 ms).  All three counts must agree, and every CP-SAT answer of a
uniqueness task must pass the rules checker and equal the board file's answer; a disagreement
is printed and gives exit status 1.  Where ours is slower than CP-SAT on some boards of a task,
those boards are profiled (cProfile, each board solved once in one fresh process) and the
functions that dominate are printed.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from typing import Callable, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tools import bank  # noqa: E402
import cold  # noqa: E402
import cpsat_models  # noqa: E402
import dosun_fuwari as df  # noqa: E402
from twins import dosun_fuwari as df_twin  # noqa: E402
import nondango as nd  # noqa: E402
from twins import nondango as nd_twin  # noqa: E402

__all__ = ["Task", "TASKS", "Row", "bank_order", "measure_board", "run_task", "summary_lines",
           "main"]

REPEATS = 3          # best of up to this many cold runs of a quick solve
QUICK = 0.05         # seconds: a run shorter than this is repeated
TWIN_LIMIT = 2.0     # CPU seconds per board for the twin (--twin-limit)
SKIP_AFTER = 3       # unfinished twin boards in a row before the rest of a set is skipped
PROFILE_TOP = 8      # functions printed per profile
SLOW_MS = 50.0       # a board of ours slower than this is flagged


# === Tasks and solvers ===

class Task(NamedTuple):
    """One column of work: a genre folder, a reading and the count cap."""

    genre: str
    reading: str
    cap: int


TASKS = (Task("dosun-fuwari", "official", 2), Task("nondango", "write-up", 2),
         Task("nondango", "published", 2), Task("dosun-fuwari", "loose", df.COUNT_CAP),
         Task("nondango", "no-diagonals", nd.COUNT_CAP))


def ours(task: Task, board) -> tuple[Callable, tuple]:
    """Engine 1's count of `board` under the task's reading, to the task's cap, as a call."""
    module = df if task.genre == "dosun-fuwari" else nd
    return module.count_answers, (board, task.reading, task.cap)


def twin(task: Task, board) -> tuple[Callable, tuple]:
    """Engine 2's (the brute-force twin's) count, to the task's cap, as a call."""
    if task.genre == "dosun-fuwari":
        return df_twin.count_by_cells, (board, task.reading, task.cap)
    return cold.count_iterator, (nd_twin.solve_by_exhaustion, task.cap, board, task.reading)


def cpsat(task: Task, board) -> tuple[Callable, tuple]:
    """CP-SAT's count, model building included, as a call."""
    if task.genre == "dosun-fuwari":
        return cpsat_models.count_dosun_fuwari, (board, task.reading, task.cap)
    return cpsat_models.count_nondango, (board, task.reading, task.cap)


def as_count(result) -> tuple[int, bool]:
    """(count, capped) of an engine's Count, or of the number a counted iterator gives."""
    return (result, False) if isinstance(result, int) else (result.count, result.capped)


def best_of(call: tuple[Callable, tuple], limit: float = cold.DEFAULT_LIMIT) -> cold.Cold:
    """The call run cold (a fresh process each time, bench/cold.py): its result and its
    least CPU time over up to REPEATS runs, one run when the first takes QUICK or more."""
    function, args = call
    best = cold.cold(function, *args, limit=limit)
    for _ in range(REPEATS - 1):
        if best.seconds >= QUICK:
            break
        run = cold.cold(function, *args, limit=limit)
        best = run if run.seconds < best.seconds else best
    return best


# === One board, one task ===

class Row(NamedTuple):
    """One board's figures for one task; twin_* are None when the twin did not finish
    (twin_ran False when it was not run at all)."""

    name: str
    set_name: str
    size: int                 # runs (Dosun-Fuwari) or regions (Nondango)
    ours: tuple[int, bool]
    ours_s: float
    twin: tuple[int, bool] | None
    twin_s: float | None
    twin_ran: bool
    cp: tuple[int, bool]
    cp_s: float
    problems: tuple[str, ...]


def board_name(board) -> str:
    """The bank name from the board file's metadata."""
    return dict(board.metadata).get("name", "?")


def bank_order(board) -> tuple[int, int]:
    """Sort key: the smaller set first, then the board number (df-8x8-02 before df-12x12-01)."""
    set_name, number = board_name(board).rsplit("-", 1)
    return int(set_name.split("x")[-1]), int(number)


def measure_board(task: Task, board, limit: float, run_twin: bool) -> Row:
    """Time the three solvers on one board, each cold, and check that they agree."""
    name = board_name(board)
    size = len(df.runs(board)) if task.genre == "dosun-fuwari" else len(board.regions)
    ran = best_of(ours(task, board))
    if ran.result is None:
        raise RuntimeError(f"{name}: engine 1 failed: {ran.error}")
    our_count, our_s = as_count(ran.result), ran.seconds
    cp_run = best_of(cpsat(task, board))
    if cp_run.result is None:
        raise RuntimeError(f"{name}: CP-SAT failed: {cp_run.error}")
    cp, cp_s = cp_run.result, cp_run.seconds
    cp_count = (cp.count, cp.capped)
    twin_function, twin_args = twin(task, board)
    twin_run = (cold.cold(twin_function, *twin_args, cpu_limit=limit, limit=10 * limit + 30)
                if run_twin else None)
    finished = twin_run is not None and twin_run.result is not None
    twin_count = as_count(twin_run.result) if finished else None
    twin_s = twin_run.seconds if finished else None
    if twin_count is not None and task.genre == "nondango" and twin_count[0] >= task.cap:
        twin_count = (task.cap, True)
    problems = []
    if cp_count != our_count:
        problems.append(f"{name}: CP-SAT counts {cp_count}, ours {our_count}")
    if twin_count is not None and twin_count != our_count:
        problems.append(f"{name}: the twin counts {twin_count}, ours {our_count}")
    if task.cap == 2:
        module = df if task.genre == "dosun-fuwari" else nd
        for answer in cp.answers:
            if not module.is_answer(board, answer, task.reading):
                problems.append(f"{name}: a CP-SAT answer breaks the rules")
        if cp.count == 1 and board.answer is not None and cp.answers[0] != board.answer:
            problems.append(f"{name}: CP-SAT's answer is not the board file's")
    return Row(name, name.rsplit("-", 1)[0], size, our_count, our_s, twin_count, twin_s,
               run_twin, cp_count, cp_s, tuple(problems))


def run_task(task: Task, boards: list, limit: float, progress=None) -> list[Row]:
    """Every board of one task, the twin skipped for the rest of a set after SKIP_AFTER
    unfinished boards in a row."""
    rows, unfinished = [], {}
    for board in boards:
        set_name = board_name(board).rsplit("-", 1)[0]
        run_twin = unfinished.get(set_name, 0) < SKIP_AFTER
        row = measure_board(task, board, limit, run_twin)
        if run_twin:
            unfinished[set_name] = 0 if row.twin is not None else unfinished.get(set_name, 0) + 1
        rows.append(row)
        if progress:
            progress(row)
    return rows


# === Tables ===

def ms(seconds: float | None) -> str:
    """Seconds as milliseconds for a table cell."""
    return "--" if seconds is None else f"{seconds * 1000:.2f}"


def count_text(count: tuple[int, bool] | None) -> str:
    """A count for a table cell: '1', '5000+' when capped, '--' when there is none."""
    return "--" if count is None else f"{count[0]}{'+' if count[1] else ''}"


def geometric_mean(values: list[float]) -> float:
    """The geometric mean of positive numbers (nan for none)."""
    return math.exp(statistics.fmean(math.log(v) for v in values)) if values else math.nan


def summary_lines(task: Task, rows: list[Row]) -> list[str]:
    """One line per set: totals, ratios of totals, the geometric mean of the per-board
    CP-SAT/ours ratio, boards where ours is at least as fast, the twin's finished boards."""
    lines = []
    for set_name in dict.fromkeys(r.set_name for r in rows):
        part = [r for r in rows if r.set_name == set_name]
        ours_total = sum(r.ours_s for r in part)
        cp_total = sum(r.cp_s for r in part)
        done = [r for r in part if r.twin is not None]
        twin_text = (f"{sum(r.twin_s for r in done) / sum(r.ours_s for r in done):>9.1f}x"
                     if done else f"{'--':>10}")
        met = sum(r.ours_s <= r.cp_s for r in part)
        slowest = max(r.ours_s for r in part)
        lines.append(
            f"{task.genre:<13}{task.reading:<13}{set_name:<10}{len(part):>4}"
            f"{ms(ours_total):>11}{ms(cp_total):>11}{cp_total / ours_total:>8.1f}x"
            f"{geometric_mean([r.cp_s / r.ours_s for r in part]):>8.1f}x"
            f"{f'{met}/{len(part)}':>9}{twin_text}{f'{len(done)}/{len(part)}':>8}"
            f"{ms(slowest):>10}{'  over 50 ms' if slowest * 1000 > SLOW_MS else ''}")
    return lines


SUMMARY_HEAD = (f"{'genre':<13}{'reading':<13}{'set':<10}{'n':>4}{'ours ms':>11}{'cp-sat ms':>11}"
                f"{'cp/ours':>9}{'geo':>9}{'ours<=cp':>9}{'twin/ours':>10}{'twin ok':>8}"
                f"{'slowest':>10}")


def target_lines(results: dict) -> list[str]:
    """The targets per set: ours at least as fast as CP-SAT in total on every uniqueness
    task (counting to 2), and no board of ours over SLOW_MS there; the boards over it."""
    lines = []
    for task, rows in results.items():
        if task.cap != 2:
            continue
        for set_name in dict.fromkeys(r.set_name for r in rows):
            part = [r for r in rows if r.set_name == set_name]
            ours_total, cp_total = sum(r.ours_s for r in part), sum(r.cp_s for r in part)
            slow = [r for r in part if r.ours_s * 1000 > SLOW_MS]
            slowest = max(part, key=lambda r: r.ours_s)
            lines.append(
                f"{task.genre} {task.reading} {set_name}: ours {ms(ours_total)} ms in total, "
                f"CP-SAT {ms(cp_total)} ms: {'met' if ours_total <= cp_total else 'NOT met'}; "
                f"slowest of ours {slowest.name} {ms(slowest.ours_s)} ms; over {SLOW_MS:.0f} ms: "
                + (", ".join(f"{r.name} ({ms(r.ours_s)} ms)" for r in slow) if slow else "none"))
    return lines


def board_lines(rows: list[Row]) -> list[str]:
    """One line per board: counts and times of the three solvers, and the two ratios."""
    lines = [f"{'board':<14}{'size':>5}{'count':>8}{'ours ms':>10}{'twin ms':>10}{'cp-sat ms':>11}"
             f"{'cp/ours':>9}{'twin/ours':>10}"]
    for r in rows:
        twin_s = ms(r.twin_s) if r.twin is not None else ("dnf" if r.twin_ran else "--")
        twin_ratio = f"{r.twin_s / r.ours_s:.1f}x" if r.twin is not None else "--"
        lines.append(f"{r.name:<14}{r.size:>5}{count_text(r.ours):>8}{ms(r.ours_s):>10}"
                     f"{twin_s:>10}{ms(r.cp_s):>11}{r.cp_s / r.ours_s:>8.1f}x{twin_ratio:>10}")
    return lines


# === Profiles where ours is slower ===

def profile_lines(task: Task, boards: list) -> list[str]:
    """cProfile engine 1 solving each of `boards` once, in one fresh process (no board
    twice, so nothing of an earlier solve of the same board is reused), and list the
    functions with the largest own time, with their share of the total and their
    cumulative share."""
    calls = [ours(task, board) for board in boards]
    run = cold.cold(cold.profile, calls[0][0], [args for _, args in calls], PROFILE_TOP)
    if run.result is None:
        return [f"profile of ours, {task.genre} {task.reading}: failed ({run.error})"]
    total, entries = run.result
    total = max(total, 1e-9)
    lines = [f"profile of ours, {task.genre} {task.reading}, {len(boards)} boards once each, "
             f"cold ({total:.3f} s profiled)",
             f"  {'own %':>6}{'cum %':>7}{'calls':>10}  function"]
    for own, cum, calls_made, func, where in entries:
        lines.append(f"  {100 * own / total:>6.1f}{100 * cum / total:>7.1f}{calls_made:>10}  "
                     f"{func} ({where})")
    return lines


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=None, help="boards per set (default all)")
    parser.add_argument("--twin-limit", type=float, default=TWIN_LIMIT,
                        help=f"CPU seconds per board for the twin (default {TWIN_LIMIT:g})")
    parser.add_argument("--no-per-board", action="store_true", help="omit the per-board tables")
    parser.add_argument("--no-profile", action="store_true", help="omit the profiles")
    args = parser.parse_args(argv)
    banks = {genre: sorted(bank.load_bank(genre), key=bank_order)
             for genre in ("dosun-fuwari", "nondango")}
    if args.boards is not None:
        banks = {genre: [b for b in boards if int(board_name(b).rsplit("-", 1)[1]) <= args.boards]
                 for genre, boards in banks.items()}
    results, problems = {}, []
    for task in TASKS:
        rows = run_task(task, banks[task.genre], args.twin_limit,
                        progress=lambda r: print(".", end="", file=sys.stderr, flush=True))
        print(file=sys.stderr)
        results[task] = rows
        problems += [p for r in rows for p in r.problems]
    print("Bank boards: engine 1 (ours) vs its twin vs CP-SAT; cold: every solve in a fresh "
          "process, CPU ms of the solve there; ratios = theirs / ours")
    print(f"twin limit {args.twin_limit:g} CPU s per board; "
          f"CP-SAT {cpsat_models.WORKERS} worker, "
          f"model building included")
    print("geo = geometric mean of the per-board cp/ours ratio; ours<=cp = boards where ours is "
          "at least as fast; twin/ours over the boards the twin finished\n")
    print(SUMMARY_HEAD)
    for task in TASKS:
        for line in summary_lines(task, results[task]):
            print(line)
    print("\nTargets: ours at least as fast as CP-SAT in total, and no board over "
          f"{SLOW_MS:.0f} ms, per set, counting to 2")
    print("\n".join(target_lines(results)))
    print(f"\nall three counts agree on every board: {'yes' if not problems else 'NO'}")
    for problem in problems:
        print(f"  {problem}")
    if not args.no_profile:
        for task in TASKS:
            slower = [r.name for r in results[task] if r.ours_s > r.cp_s]
            if slower:
                boards = [b for b in banks[task.genre] if board_name(b) in set(slower)]
                print(f"\nours slower than CP-SAT on {len(slower)} of {len(results[task])} boards "
                      f"({task.genre}, {task.reading}): {', '.join(slower[:6])}"
                      f"{', …' if len(slower) > 6 else ''}")
                print("\n".join(profile_lines(task, boards)))
    if not args.no_per_board:
        for task in TASKS:
            print(f"\nPer board: {task.genre}, {task.reading} reading, counting to {task.cap:,}")
            print("\n".join(board_lines(results[task])))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
