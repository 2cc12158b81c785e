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
    twin    engine 2, the brute-force twin: dosun_fuwari.count_by_cells, nondango's
            solve_by_exhaustion counted to the cap; run in a forked process and stopped after
            --twin-limit seconds ("dnf", did not finish); after SKIP_AFTER unfinished boards in
            a row of one set the rest of that set is not run ("--")
    cp-sat  bench/cpsat_models.py, written from the rules text: building the model is counted
            in its time, as a user pays it; one search worker, as our engines use one core

Times are wall-clock seconds (time.perf_counter), the best of up to REPEATS runs when one run
is shorter than QUICK seconds.  Ratios are the other solver's time over ours (above 1: ours is
faster), measured in the same run.  All three counts must agree, and every CP-SAT answer of a
uniqueness task must pass the rules checker and equal the board file's answer; a disagreement
is printed and gives exit status 1.  Where ours is slower than CP-SAT on some boards of a task,
those boards are profiled (cProfile) and the functions that dominate are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import math
import multiprocessing
import os
import pstats
import statistics
import sys
import time
from typing import Callable, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tools import bank  # noqa: E402
import cpsat_models  # noqa: E402
import dosun_fuwari as df  # noqa: E402
import nondango as nd  # noqa: E402

__all__ = ["Task", "TASKS", "Row", "bank_order", "measure_board", "run_task", "summary_lines", "main"]

REPEATS = 5          # best of up to this many runs of a quick solve
QUICK = 0.05         # seconds: a run shorter than this is repeated
TWIN_LIMIT = 2.0     # seconds per board for the twin (--twin-limit)
SKIP_AFTER = 3       # unfinished twin boards in a row before the rest of a set is skipped
PROFILE_TOP = 8      # functions printed per profile


# === Tasks and solvers ===

class Task(NamedTuple):
    """One column of work: a genre folder, a reading and the count cap."""

    genre: str
    reading: str
    cap: int


TASKS = (Task("dosun-fuwari", "official", 2), Task("nondango", "write-up", 2),
         Task("nondango", "published", 2), Task("dosun-fuwari", "loose", df.COUNT_CAP),
         Task("nondango", "no-diagonals", nd.COUNT_CAP))


def ours(task: Task, board) -> tuple[int, bool]:
    """Engine 1's count of `board` under the task's reading, to the task's cap."""
    module = df if task.genre == "dosun-fuwari" else nd
    count = module.count_answers(board, task.reading, task.cap)
    return count.count, count.capped


def twin(task: Task, board) -> tuple[int, bool]:
    """Engine 2's (the brute-force twin's) count, to the task's cap."""
    if task.genre == "dosun-fuwari":
        count = df.count_by_cells(board, task.reading, task.cap)
        return count.count, count.capped
    n = sum(1 for _ in itertools.islice(nd.solve_by_exhaustion(board, task.reading), task.cap))
    return n, n >= task.cap


def cpsat(task: Task, board) -> cpsat_models.CpCount:
    """CP-SAT's count, model building included."""
    if task.genre == "dosun-fuwari":
        return cpsat_models.count_dosun_fuwari(board, task.reading, task.cap)
    return cpsat_models.count_nondango(board, task.reading, task.cap)


def best_of(fn: Callable[[], object]) -> tuple[object, float]:
    """fn()'s result and its best wall time over up to REPEATS runs (one run if it is slow)."""
    times, result = [], None
    for _ in range(REPEATS):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
        if times[0] >= QUICK:
            break
    return result, min(times)


def _twin_child(task: Task, board, conn) -> None:
    started = time.perf_counter()
    count = twin(task, board)
    conn.send((count, time.perf_counter() - started))
    conn.close()


def twin_limited(task: Task, board, limit: float) -> tuple[tuple[int, bool], float] | None:
    """The twin's count and seconds, run in a forked process; None when it passes `limit`."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_twin_child, args=(task, board, send))
    process.start()
    send.close()
    try:
        if receive.poll(limit):
            return receive.recv()
        return None
    finally:
        if process.is_alive():
            process.terminate()
        process.join()
        receive.close()


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
    """Time the three solvers on one board and check that they agree."""
    name = board_name(board)
    size = len(df.runs(board)) if task.genre == "dosun-fuwari" else len(board.regions)
    our_count, our_s = best_of(lambda: ours(task, board))
    cp, cp_s = best_of(lambda: cpsat(task, board))
    cp_count = (cp.count, cp.capped)
    twin_result = twin_limited(task, board, limit) if run_twin else None
    twin_count, twin_s = twin_result if twin_result else (None, None)
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
        lines.append(
            f"{task.genre:<13}{task.reading:<13}{set_name:<10}{len(part):>4}"
            f"{ms(ours_total):>11}{ms(cp_total):>11}{cp_total / ours_total:>8.1f}x"
            f"{geometric_mean([r.cp_s / r.ours_s for r in part]):>8.1f}x"
            f"{f'{met}/{len(part)}':>9}{twin_text}{f'{len(done)}/{len(part)}':>8}")
    return lines


SUMMARY_HEAD = (f"{'genre':<13}{'reading':<13}{'set':<10}{'n':>4}{'ours ms':>11}{'cp-sat ms':>11}"
                f"{'cp/ours':>9}{'geo':>9}{'ours<=cp':>9}{'twin/ours':>10}{'twin ok':>8}")


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

def profile_lines(task: Task, boards: list, seconds: float = 1.0) -> list[str]:
    """cProfile engine 1 on `boards` (repeated to about `seconds`) and list the functions
    with the largest own time, with their share of the total and their cumulative share."""
    started = time.perf_counter()
    ours(task, boards[0])
    once = max(time.perf_counter() - started, 1e-4)
    repeats = max(1, min(200, int(seconds / (once * len(boards)))))
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(repeats):
        for board in boards:
            ours(task, board)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt
    entries = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)
    lines = [f"profile of ours, {task.genre} {task.reading}, {len(boards)} boards x {repeats} "
             f"({total:.2f} s profiled)",
             f"  {'own %':>6}{'cum %':>7}{'calls':>10}  function"]
    for (path, line, func), (_, calls, own, cum, _) in entries[:PROFILE_TOP]:
        where = f"{os.path.basename(path)}:{line}" if line else path
        lines.append(f"  {100 * own / total:>6.1f}{100 * cum / total:>7.1f}{calls:>10}  {func} ({where})")
    return lines


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=None, help="boards per set (default all)")
    parser.add_argument("--twin-limit", type=float, default=TWIN_LIMIT,
                        help=f"seconds per board for the twin (default {TWIN_LIMIT:g})")
    parser.add_argument("--no-per-board", action="store_true", help="omit the per-board tables")
    parser.add_argument("--no-profile", action="store_true", help="omit the profiles")
    args = parser.parse_args(argv)
    banks = {genre: sorted(bank.load_bank(genre), key=bank_order)
             for genre in ("dosun-fuwari", "nondango")}
    if args.boards is not None:
        banks = {genre: [b for b in boards if int(board_name(b).rsplit("-", 1)[1]) <= args.boards]
                 for genre, boards in banks.items()}
    cpsat_models.count_nondango(banks["nondango"][0])          # load CP-SAT before timing
    results, problems = {}, []
    for task in TASKS:
        rows = run_task(task, banks[task.genre], args.twin_limit,
                        progress=lambda r: print(".", end="", file=sys.stderr, flush=True))
        print(file=sys.stderr)
        results[task] = rows
        problems += [p for r in rows for p in r.problems]
    print("Bank boards: engine 1 (ours) vs its twin vs CP-SAT; times in ms, ratios = theirs / ours")
    print(f"twin limit {args.twin_limit:g} s per board; CP-SAT {cpsat_models.WORKERS} worker, "
          f"model building included")
    print("geo = geometric mean of the per-board cp/ours ratio; ours<=cp = boards where ours is "
          "at least as fast; twin/ours over the boards the twin finished\n")
    print(SUMMARY_HEAD)
    for task in TASKS:
        for line in summary_lines(task, results[task]):
            print(line)
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
