"""Engine 1 beside two generic solvers, OR-Tools CP-SAT and clingo, set of boards by set.

    python bench/peers.py                          every set
    python bench/peers.py --sets family random     some sets (bank, generated, large, random,
                                                   family, loose)
    python bench/peers.py --quick                  fewer and smaller boards
    python bench/peers.py --root DIR               engines imported from DIR (another checkout),
                                                   to measure them before a change
    python bench/peers.py --limit 10               stop a solver after 10 s (default 60)

Every board is counted to 2 answers (the uniqueness question) by engine 1
(`count_answers`), by the CP-SAT model of bench/cpsat_models.py and by the clingo program of
bench/clingo_models.py, the three in turn board by board, the one going first rotating
from board to board, twice; a solver's time on a board is the lesser of its two.

Every solve is timed cold: it runs in a fresh process of its own (bench/cold.py: forked
from a clean server that has imported the modules and run none of our engines), so no
solver reuses anything it remembers from an earlier run of the same board, or of any
board.  A time is the CPU seconds of the solve inside that process (time.process_time):
importing and parsing are not included; the peers' model building and grounding are.
A solver that has not finished after LIMIT seconds is stopped and shown as "> LIMIT".
The three counts must agree (exit 1 if not).  After each set's totals, one line per
puzzle gives our total beside CP-SAT's and our slowest board, flagging every board over
SLOW_MS (50 ms).

The sets:
    bank        every board of boards/dosun-fuwari (official, loose and no-stacking
                readings) and boards/nondango (every reading: write-up, published,
                no-diagonals, anywhere)
    generated   Dosun-Fuwari unique_board(seed, n, n, round(2n/5)), n = 10, 20, … 80;
                Nondango dial_board(n, n, 2n, seed) (an answer and 2n certified white
                circles), n = 10, 20, … 50 (past that its answer drawer, which gives up
                after 2,000 placements, keeps drawing again); 2 boards per size
    large       Nondango boards of the bank procedure, bank_board(n, n, seed) at 24x24 and
                30x30, under the write-up's reading, and the same procedure under the published
                rule (bank_board(..., reading="published")) under it; 3 seeds per size
    random      random_board of each puzzle, 10x10 to 30x30 (mostly no answer): Dosun-Fuwari
                black density 0.2, Nondango circle rates 0.5 and 0.9
    family      Nondango, published reading: 2x2 regions (cut at the right and bottom
                edges), a circle in every cell, 3xN and NxN, odd and even N up to 101; no
                answer, and engine 1 needed time doubling every two columns before it
                probed
    loose       not a race to 2: every 8x8 Dosun-Fuwari bank board and every Dosun-Fuwari
                board of boards/samples (the pzprjs sample among them) counted to 200
                answers under the loose reading, ours and CP-SAT, cold; the target is ours
                under 5 s on each (the project has no janko.at boards, so these stand in
                for published 8x8 boards)

Then the targets: on the bank, per puzzle and reading, each peer's total at least twice
ours and no board where ours is slower than either; on the large set ours at most CP-SAT's
on every board; the slowest family board (under 2 s), the worst ratio of engine 1 to
CP-SAT on generated and random boards up to 30x30 (at most 3), and for Dosun-Fuwari's
generated boards the growth exponent e in time ≈ c · cells^e from 20x20 to 80x80 (at most
1.15) and engine 1 beside clingo at 80x80.
"""

from __future__ import annotations

import argparse
import glob
import importlib
import math
import os
import statistics
import sys
from typing import NamedTuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import cold  # noqa: E402

__all__ = ["LIMIT", "SETS", "block_board", "Row", "main"]

LIMIT = 60.0        # seconds per solver and board
SETS = ("bank", "generated", "large", "random", "family", "loose")
SOLVERS = ("ours", "cp-sat", "clingo")
REPEATS = 2         # each solver's time on a board is its best of this many turns
SLOW_MS = 50.0      # a bank or generated board of ours slower than this is flagged
LOOSE_CAP = 200     # the loose check counts to this many answers ...
LOOSE_SECONDS = 5.0  # ... in under this many seconds
ND_LARGEST = 50     # past this side the Nondango answer drawer (2,000 placements) keeps giving up
LARGE_SIDES = (24, 30)   # the large set: Nondango boards of the bank procedure
LARGE_SEEDS = 3
DF_READINGS = ("official", "loose", "no-stacking")   # the Dosun-Fuwari bank, counted under each
BANK_TOTAL = 2.0    # bank target: each peer's total at least this many times ours, per reading


class Row(NamedTuple):
    """One board of a set: its set, label, side (for growth), reading, count (-1 where the
    solvers that finished disagree or none finished) and seconds per solver (math.inf where
    the solver was stopped)."""

    board_set: str
    genre: str
    label: str
    n: int
    cells: int
    reading: str
    count: int
    seconds: dict


# === Boards ===

def block_board(nd, rows: int, cols: int):
    """A rows x cols Nondango board of 2x2 regions cut at the right and bottom edges, a
    circle in every cell."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocks: dict = {}
    for r, c in cells:
        blocks.setdefault((r // 2, c // 2), set()).add((r, c))
    regions = tuple(sorted((frozenset(b) for b in blocks.values()), key=min))
    return nd.Board(rows, cols, regions, frozenset(cells))


def boards(name: str, df, nd, quick: bool, genres=("dosun-fuwari", "nondango")):
    """(genre, label, n, board, readings) for every board of the set `name` of the puzzles
    in `genres` (boards of the others are not drawn)."""
    for found in _boards(name, df, nd, quick, genres):
        if found[0] in genres:
            yield found


def _boards(name: str, df, nd, quick: bool, genres):
    if name == "bank":
        files = sorted(glob.glob(os.path.join(ROOT, "boards", "dosun-fuwari", "*.txt")))
        for path in files[::9] if quick else files:
            with open(path, encoding="utf-8") as text:
                board = df.parse(text.read(), path)
            yield "dosun-fuwari", os.path.basename(path), board.rows, board, DF_READINGS
        files = sorted(glob.glob(os.path.join(ROOT, "boards", "nondango", "*.txt")))
        for path in files[::9] if quick else files:
            with open(path, encoding="utf-8") as text:
                board = nd.parse(text.read(), path)
            yield "nondango", os.path.basename(path), board.rows, board, nd.READINGS
    elif name == "generated":
        sizes = (10, 20, 30) if quick else (10, 20, 30, 40, 50, 60, 70, 80)
        for n in sizes if "dosun-fuwari" in genres else ():
            for seed in range(1 if quick else 2):
                yield ("dosun-fuwari", f"unique {n}x{n} seed {seed}", n,
                       df.unique_board(seed, n, n, round(2 * n / 5)), ("official",))
        for n in [n for n in sizes if n <= ND_LARGEST] if "nondango" in genres else ():
            for seed in range(1 if quick else 2):
                yield ("nondango", f"dial {n}x{n} seed {seed}", n,
                       nd.dial_board(n, n, 2 * n, seed), ("write-up", "published"))
    elif name == "large":
        for n in LARGE_SIDES if "nondango" in genres else ():
            for seed in range(1 if quick else LARGE_SEEDS):
                yield ("nondango", f"bank {n}x{n} seed {seed}", n, nd.bank_board(n, n, seed),
                       ("write-up",))
                yield ("nondango", f"bank {n}x{n} seed {seed} published", n,
                       nd.bank_board(n, n, seed, reading="published"), ("published",))
    elif name == "random":
        sizes = (10, 20) if quick else (10, 15, 20, 25, 30)
        for n in sizes:
            for seed in range(1 if quick else 3):
                if "dosun-fuwari" in genres:
                    yield ("dosun-fuwari", f"random {n}x{n} seed {seed}", n,
                           df.random_board(seed, n, n, 0.2), ("official",))
                for rate in (0.5, 0.9) if "nondango" in genres else ():
                    yield ("nondango", f"random {n}x{n} rate {rate} seed {seed}", n,
                           nd.random_board(n, n, seed, circle_rate=rate, mean_size=4.0),
                           ("write-up", "published"))
    elif name == "family":
        sides = (11, 21, 31) if quick else (11, 21, 31, 41, 51, 75, 100, 101)
        for n in sides:
            yield "nondango", f"3x{n}", n, block_board(nd, 3, n), ("published",)
        sides = (10, 11, 19) if quick else (10, 11, 19, 20, 21, 31, 51, 75, 100, 101)
        for n in sides:
            yield "nondango", f"{n}x{n}", n, block_board(nd, n, n), ("published",)


# === Timing ===

def calls(genre: str, board, reading: str, df, nd, cpsat, clingo) -> dict:
    """Solver name → (function, arguments) counting `board` to 2 answers."""
    if genre == "dosun-fuwari":
        return {"ours": (df.count_answers, (board, reading, 2)),
                "cp-sat": (cpsat.count_dosun_fuwari, (board, reading, 2, LIMIT)),
                "clingo": (clingo.count_dosun_fuwari, (board, reading, 2, LIMIT))}
    return {"ours": (nd.count_answers, (board, reading, 2)),
            "cp-sat": (cpsat.count_nondango, (board, reading, 2, LIMIT)),
            "clingo": (clingo.count_nondango, (board, reading, 2, LIMIT))}


def measure(genre: str, board, reading: str, turn: int, df, nd, cpsat, clingo) -> tuple[dict, dict]:
    """Counts and cold CPU seconds of the three solvers on one board, the first one by
    `turn`: every run in a fresh process (bench/cold.py), the lesser of REPEATS turns."""
    todo = calls(genre, board, reading, df, nd, cpsat, clingo)
    counts = {name: None for name in SOLVERS}
    seconds = {name: math.inf for name in SOLVERS}
    order = SOLVERS[turn % 3:] + SOLVERS[:turn % 3]
    for _ in range(REPEATS):
        for name in order:
            function, args = todo[name]
            run = cold.cold(function, *args, limit=LIMIT, keep=("count",))
            if run.result is not None:
                counts[name] = run.result[0]
            seconds[name] = min(seconds[name], run.seconds)
            if run.seconds == math.inf:
                order = [other for other in order if other != name]
    return counts, seconds


# === Tables ===

def ms(seconds: float) -> str:
    return f"> {LIMIT:.0f} s" if seconds == math.inf else f"{seconds * 1000:.1f}"


def shown(seconds: float) -> str:
    """CPU time with its unit: '447.8 ms', or '> 60 s' for a stopped solver."""
    return ms(seconds) if seconds == math.inf else f"{ms(seconds)} ms"


def ratio(theirs: float, ours: float) -> str:
    if theirs == math.inf and ours == math.inf:
        return "--"
    if ours == math.inf:
        return "0x"
    if theirs == math.inf:
        return "inf"
    return f"{theirs / max(ours, 1e-6):.1f}x"


def geo(values: list[float]) -> float:
    finite = [v for v in values if 0 < v < math.inf]
    return math.exp(statistics.fmean(math.log(v) for v in finite)) if finite else math.nan


def summary(rows: list[Row]) -> list[str]:
    """Totals per puzzle and reading: CPU ms, ratio of totals, geometric mean and worst
    per-board ratio (theirs / ours: above 1, ours is faster)."""
    lines = [f"{'genre':<13}{'reading':<10}{'n':>4}{'ours ms':>10}{'cp-sat ms':>11}"
             f"{'clingo ms':>11}{'cp/ours':>9}{'geo':>7}{'worst':>7}{'cl/ours':>9}"
             f"{'geo':>7}{'worst':>7}"]
    for key in sorted({(r.genre, r.reading) for r in rows}):
        part = [r for r in rows if (r.genre, r.reading) == key]
        total = {s: sum(r.seconds[s] for r in part) for s in SOLVERS}
        cells = [f"{key[0]:<13}{key[1]:<10}{len(part):>4}"] + \
            [f"{ms(total[s]):>{w}}" for s, w in zip(SOLVERS, (10, 11, 11))]
        for peer in ("cp-sat", "clingo"):
            per = [r.seconds[peer] / max(r.seconds["ours"], 1e-6) for r in part]
            cells += [f"{ratio(total[peer], total['ours']):>9}", f"{geo(per):>6.1f}x",
                      f"{min(per):>6.1f}x"]
        lines.append("".join(cells))
    return lines


def per_board(rows: list[Row]) -> list[str]:
    lines = [f"{'genre':<13}{'board':<36}{'reading':<10}{'count':>6}{'ours ms':>10}"
             f"{'cp-sat ms':>11}{'clingo ms':>11}{'cp/ours':>9}{'cl/ours':>9}"]
    for r in rows:
        s = r.seconds
        lines.append(f"{r.genre:<13}{r.label:<36}{r.reading:<10}{r.count:>6}{ms(s['ours']):>10}"
                     f"{ms(s['cp-sat']):>11}{ms(s['clingo']):>11}"
                     f"{ratio(s['cp-sat'], s['ours']):>9}{ratio(s['clingo'], s['ours']):>9}")
    return lines


def exponent(points: list[tuple[float, float]]) -> float:
    """The slope e of log y = log c + e · log x by least squares."""
    points = [(x, y) for x, y in points if y < math.inf]
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    if len(xs) < 2:
        return math.nan
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else math.nan


def targets(rows: list[Row]) -> list[str]:
    """The targets, as measured in this run."""
    lines = bank_targets([r for r in rows if r.board_set == "bank"])
    large = [r for r in rows if r.board_set == "large"]
    if large:
        worst = min(large, key=lambda r: r.seconds["cp-sat"] / max(r.seconds["ours"], 1e-6))
        times = worst.seconds["cp-sat"] / max(worst.seconds["ours"], 1e-6)
        lines.append(f"large: {len(large)} boards of the bank procedure at "
                     f"{', '.join(f'{n}x{n}' for n in LARGE_SIDES)}; worst CP-SAT / ours "
                     f"{times:.2f}x ({worst.label} {worst.reading}) (target at least 1x): "
                     f"{'met' if times >= 1 else 'NOT met'}")
    family = [r for r in rows if r.board_set == "family"]
    if family:
        slowest = max(family, key=lambda r: r.seconds["ours"])
        lines.append(f"family: slowest board {slowest.label}, {shown(slowest.seconds['ours'])} "
                     f"(target under 2,000 ms): {'met' if slowest.seconds['ours'] < 2 else 'NOT met'}")
    small = [r for r in rows if r.board_set in ("generated", "random") and r.n <= 30]
    if small:
        worst = max(small, key=lambda r: r.seconds["ours"] / max(r.seconds["cp-sat"], 1e-6))
        times = worst.seconds["ours"] / max(worst.seconds["cp-sat"], 1e-6)
        lines.append(f"generated and random boards up to 30x30: {len(small)} board readings; "
                     f"worst ours / CP-SAT {times:.2f} ({worst.genre} {worst.label} "
                     f"{worst.reading}) (target at most 3): {'met' if times <= 3 else 'NOT met'}")
    grown = [r for r in rows if r.board_set == "generated" and r.genre == "dosun-fuwari"
             and 20 <= r.n <= 80]
    if len({r.n for r in grown}) > 1:
        exps = {s: exponent([(r.cells, r.seconds[s]) for r in grown]) for s in SOLVERS}
        lines.append("dosun-fuwari generated 20x20 to 80x80, time ≈ c · cells^e: " +
                     ", ".join(f"{s} e = {e:.2f}" for s, e in exps.items()) +
                     f" (target for ours at most 1.15): {'met' if exps['ours'] <= 1.15 else 'NOT met'}")
        top = [r for r in grown if r.n == max(g.n for g in grown)]
        ours = statistics.median(r.seconds["ours"] for r in top)
        clingo = statistics.median(r.seconds["clingo"] for r in top)
        lines.append(f"dosun-fuwari at {top[0].n}x{top[0].n}: ours {shown(ours)}, clingo "
                     f"{shown(clingo)}, clingo / ours {ratio(clingo, ours)} (target at least "
                     f"1x): {'met' if ours <= clingo else 'NOT met'}")
    return lines


def bank_targets(rows: list[Row]) -> list[str]:
    """Per puzzle and reading of the bank: each peer's total at least BANK_TOTAL times ours,
    and no board where ours is slower than either peer."""
    lines = []
    for genre, reading in sorted({(r.genre, r.reading) for r in rows}):
        part = [r for r in rows if (r.genre, r.reading) == (genre, reading)]
        ours = sum(r.seconds["ours"] for r in part)
        totals = {peer: sum(r.seconds[peer] for r in part) / max(ours, 1e-9)
                  for peer in ("cp-sat", "clingo")}
        slower = [r.label for r in part
                  if r.seconds["ours"] > min(r.seconds["cp-sat"], r.seconds["clingo"])]
        met = min(totals.values()) >= BANK_TOTAL and not slower
        lines.append(f"bank {genre} {reading}: CP-SAT / ours {totals['cp-sat']:.1f}x, clingo "
                     f"/ ours {totals['clingo']:.1f}x in total; boards where ours is slower "
                     f"than a peer: {', '.join(slower) if slower else 'none'} (target at least "
                     f"{BANK_TOTAL:.0f}x both, none slower): {'met' if met else 'NOT met'}")
    return lines


def set_lines(name: str, rows: list[Row]) -> list[str]:
    """Per puzzle of a set: our total beside CP-SAT's (the target: ours at most theirs) and
    our slowest board in ms, with every board over SLOW_MS flagged."""
    lines = []
    for genre in dict.fromkeys(r.genre for r in rows):
        part = [r for r in rows if r.genre == genre]
        ours = sum(r.seconds["ours"] for r in part)
        cp = sum(r.seconds["cp-sat"] for r in part)
        slowest = max(part, key=lambda r: r.seconds["ours"])
        slow = [r for r in part if r.seconds["ours"] * 1000 > SLOW_MS]
        lines.append(f"{name} {genre}: ours {shown(ours)} in total, CP-SAT {shown(cp)}: "
                     f"{'ours at least as fast' if ours <= cp else 'ours SLOWER'}; slowest of "
                     f"ours {slowest.label} {slowest.reading} {shown(slowest.seconds['ours'])}; "
                     f"over {SLOW_MS:.0f} ms: " + (", ".join(
                         f"{r.label} {r.reading} ({shown(r.seconds['ours'])})" for r in slow)
                         if slow else "none"))
    return lines


def loose_boards(df, quick: bool):
    """(label, board) for the loose check: the 8x8 Dosun-Fuwari bank boards and the
    Dosun-Fuwari boards of boards/samples (the pzprjs sample among them)."""
    paths = sorted(glob.glob(os.path.join(ROOT, "boards", "dosun-fuwari", "df-8x8-*.txt")))
    paths = paths[::9] if quick else paths
    for path in paths + sorted(glob.glob(os.path.join(ROOT, "boards", "samples", "*.txt"))):
        with open(path, encoding="utf-8") as text:
            body = text.read()
        if body.lstrip("\ufeff").startswith("dosun-fuwari"):
            yield os.path.relpath(path, ROOT), df.parse(body, path)


def loose_check(df, cpsat, quick: bool) -> list[str]:
    """Count each loose board to LOOSE_CAP answers under the loose reading, cold, ours and
    CP-SAT: the CPU time to reach the cap (or to finish, on a board with fewer answers),
    and whether ours stays under LOOSE_SECONDS."""
    lines = [f"loose reading, counting to {LOOSE_CAP} answers; cold CPU ms; target: ours "
             f"under {LOOSE_SECONDS:.0f} s on every board",
             f"{'board':<40}{'answers':>9}{'ours ms':>10}{'cp-sat ms':>11}{'cp/ours':>9}"]
    worst = 0.0
    for label, board in loose_boards(df, quick):
        ours = cold.cold(df.count_answers, board, "loose", LOOSE_CAP, limit=LIMIT,
                         keep=("count", "capped"))
        cp = cold.cold(cpsat.count_dosun_fuwari, board, "loose", LOOSE_CAP, LIMIT, limit=LIMIT,
                       keep=("count", "capped"))
        worst = max(worst, ours.seconds)
        count = "--" if ours.result is None else f"{ours.result[0]}{'+' if ours.result[1] else ''}"
        if ours.result and cp.result and ours.result != cp.result:
            count += f" (CP-SAT {cp.result[0]}: DISAGREE)"
        lines.append(f"{label:<40}{count:>9}{ms(ours.seconds):>10}{ms(cp.seconds):>11}"
                     f"{ratio(cp.seconds, ours.seconds):>9}")
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    lines.append(f"slowest of ours to {LOOSE_CAP} answers: {shown(worst)} (target under "
                 f"{LOOSE_SECONDS:.0f} s): {'met' if worst < LOOSE_SECONDS else 'NOT met'}")
    return lines


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    global LIMIT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", choices=SETS, default=list(SETS))
    parser.add_argument("--genres", nargs="+", choices=("dosun-fuwari", "nondango"),
                        default=["dosun-fuwari", "nondango"], help="the puzzles to time")
    parser.add_argument("--quick", action="store_true", help="fewer and smaller boards")
    parser.add_argument("--root", default=ROOT, help="import the engines from this folder")
    parser.add_argument("--limit", type=float, default=LIMIT,
                        help=f"seconds per solver and board (default {LIMIT:.0f})")
    args = parser.parse_args(argv)
    LIMIT = args.limit
    root = os.path.abspath(args.root)
    sys.path.insert(0, root)
    os.chdir(root)     # the clean server (bench/cold.py) puts the working folder first on its path
    sys.setrecursionlimit(20_000)          # the Nondango answer drawer recurses per region
    df, nd = importlib.import_module("dosun_fuwari"), importlib.import_module("nondango")
    cpsat, clingo = importlib.import_module("cpsat_models"), importlib.import_module("clingo_models")
    sys.path.insert(0, root)   # the models put this checkout first: the cold server
    # (bench/cold.py) imports the engines by this path, so --root goes first again
    print(f"Engine 1 beside CP-SAT ({cpsat.WORKERS} worker) and clingo, counting to 2; cold: "
          f"every solve in a fresh process, CPU ms of the solve there (time.process_time), "
          f"model building and grounding included; stopped after {LIMIT:.0f} s; solvers in "
          f"turn board by board, best of {REPEATS} turns; engines from "
          f"{os.path.relpath(root, ROOT) or '.'}")
    every: list[Row] = []
    disagree = 0
    turn = 0
    for name in args.sets:
        if name == "loose":
            if "dosun-fuwari" in args.genres:
                print("\n### loose\n")
                print("\n".join(loose_check(df, cpsat, args.quick)))
            continue
        rows: list[Row] = []
        for genre, label, n, board, readings in boards(name, df, nd, args.quick, args.genres):
            cells = board.rows * board.cols
            for reading in readings:
                counts, seconds = measure(genre, board, reading, turn, df, nd, cpsat, clingo)
                turn += 1
                known = {c for c in counts.values() if c is not None}
                disagree += len(known) > 1
                rows.append(Row(name, genre, label, n, cells, reading,
                                known.pop() if len(known) == 1 else -1, seconds))
            print(".", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        every += rows
        print(f"\n### {name}: totals (ratios theirs / ours; above 1, ours is faster)\n")
        print("\n".join(summary(rows)))
        print()
        print("\n".join(set_lines(name, rows)))
        if name != "bank":
            print(f"\n{name}: per board\n")
            print("\n".join(per_board(rows)))
    print("\n### targets\n")
    print("\n".join(targets(every)))
    print(f"\nthe three counts agree on every board: {'yes' if not disagree else f'NO ({disagree})'}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
