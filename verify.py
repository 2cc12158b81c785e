"""Re-derive every claim of the two write-ups and give each one a verdict.

    python verify.py                 every claim, at the write-ups' sample sizes (~45 s on
                                     two idle cores, 85 s of CPU time)
    python verify.py --quick         small samples (~8 s): a first look, and the tests' run
    python verify.py DF-12 ND-05     only these claims
    python verify.py --json          one JSON object instead of the report
    python verify.py --jobs 1        no worker processes (default: all cores)
    python verify.py --strict        also fail on `refuted` and `differs`

The claims and their IDs follow the two write-ups: DF-.. for Dosun-Fuwari,
ND-.. for Nondango, X-.. for what this project adds (the published Nondango rule
and puzz.link links).  Each ID is one function named after it, in the module of its
write-up, in the write-up's order: DF-05 is `df_05` in checks_dosun_fuwari.py, ND-16
`nd_16` in checks_nondango.py, X-03 `x_03` in checks_beyond.py.  Its docstring states
the claim in one sentence.  This module holds the catalogue of claims, finds the
checks by name, runs them and prints the report; the statistics behind `reproduced`
are in stats.py.

Verdicts (exactly one per claim):

    holds       a statement true on every case tried (the detail says how many)
    refuted     a statement with a counterexample (the smallest one found is printed as
                a board picture, with a corrected statement and its own verdict), or a
                figure the write-up's own procedure is proven unable to produce
    reproduced  a figure the two-sample test (stats.py; Holm across a claim's rows, at
                1%) cannot tell from the write-up's, or one its procedure fixes
    differs     our figure beside theirs, told apart by the test, and the step of the
                procedure that makes the difference, where we know
    underspecified  the write-up leaves out what a rerun needs; what was run instead is
                shown, but no figure of the write-up can be judged
    indicative  only in a quick run, for a claim whose figure the quick run measures
                on a smaller sample (Claim.sampled): the quick sample cannot settle
                it; what it leans to is printed beside it (JSON: "sample_verdict")

The report (report.py lays it out) fits 100 columns: a header that says whether the
run is quick, a table of verdicts, one block per claim, and the summary line last.
Progress goes to stderr: a line per finished claim, and every TICK seconds a line
naming the claims still running.

Exit status: 0 when every selected claim got a verdict and every internal
cross-check passed (the engines agree, every answer passes the rules checker);
1 when a cross-check failed or a claim has no check yet; 2 on a bad command
line.  With --strict, `refuted` and `differs` also give 1 (in a quick run, also
as what an `indicative` verdict leans to).

Roads not taken: a `@check("DF-05")` decorator in each check module, registering into
a table here.  The check modules would then import this module (for the catalogue the
decorator validates against) while this module imports them to run them: a loop.  A
name is enough of a link: `df_05` is DF-05, each check module lists its checks in
`__all__`, and a name there that no claim matches stops the import.  Shared pieces (the
`Finding` record, the bank loader, the ladder audit) sit in checks_common.py below all
three check modules.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
import threading
import time
from dataclasses import asdict, dataclass
from typing import Callable

from checks import beyond_claims as checks_beyond
from checks import df_claims as checks_dosun_fuwari
from checks import nd_claims as checks_nondango
from tools import cli
from checks import report
from checks.shared import VERDICTS, Finding

__all__ = [
    "VERDICTS", "INDICATIVE", "KINDS", "Claim", "CATALOGUE", "CLAIM_BY_ID", "Finding",
    "CHECK_MODULES", "CHECKS", "check_name", "SHARING", "HEAVIEST_FIRST", "batches",
    "run_checks", "TICK", "report_rows", "summary",
    "report_json", "main",
]

# === The claims catalogue ===

INDICATIVE = "indicative"   # a quick run's word for a verdict its smaller sample cannot settle
KINDS = ("theorem", "experiment", "bank figure")


@dataclass(frozen=True)
class Claim:
    """One claim of a write-up: its ID, kind, a few words for the table, the claim in one
    sentence (this project's words), and the write-up's figure in full.

    `kind` is 'theorem' (a general statement, checked exhaustively and on random boards),
    'experiment' (a figure from a seeded random experiment) or 'bank figure' (a figure
    measured on the shipped boards).  `sampled` marks a claim whose verdict compares a
    figure measured on a sample that `--quick` makes smaller: a quick run prints its
    verdict as INDICATIVE.  Every other quick verdict is the full run's (quick theorem
    checks try fewer cases; a counterexample is found on the smallest boards first).
    """

    id: str
    kind: str
    words: str
    statement: str
    documented: str
    sampled: bool = False


CATALOGUE: tuple[Claim, ...] = (
    # Dosun-Fuwari, write-up 000
    Claim("DF-01", "theorem", "cell-level rules checker from the rules text",
          "A checker that looks at cells only, written from the rules alone, accepts a filling "
          "exactly when every room has one balloon and one iron ball, every balloon hangs from "
          "the top edge, a black cell or a balloon, and every iron ball rests on the bottom "
          "edge, a black cell or an iron ball.", "—"),
    Claim("DF-02", "theorem", "legal fillings of a run: balloons a prefix, iron balls a suffix",
          "In every legal filling of a run (a maximal column of white cells) the balloons are "
          "an unbroken block at its top and the iron balls one at its bottom; all 3^L fillings "
          "of a column are tried.", "L = 1..12"),
    Claim("DF-03", "theorem", "a run of length L has (L+1)(L+2)/2 states (A000217)",
          "A run of L cells has (L+1)(L+2)/2 legal fillings, one for each pair (b, s) of "
          "balloons and iron balls with b + s ≤ L: the triangular numbers, OEIS A000217.",
          "3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91 for L = 1..12"),
    Claim("DF-04", "theorem", "placements before rooms = product of run state counts",
          "Leaving the rooms aside, a board's legal placements number the product of its runs' "
          "state counts, so only the lengths of the runs matter.", "—"),
    Claim("DF-05", "bank figure", "runs and placement space of the bank",
          "The bank's boards have the write-up's average number of runs and size of placement "
          "space before the rooms are used.",
          "8×8: 10.7 runs, about 10^13 placements; 12×12: 22.2 runs, 10^28.4"),
    Claim("DF-06", "theorem", "loose reading: column counts are A095263",
          "Under the loose reading (a piece may lean on a piece of either kind) a run of L cells "
          "has A095263(L) legal fillings (Pisot E(3,7)), and an iron ball resting on the balloon "
          "that hangs from it, nothing under either, is legal.",
          "3, 7, 16, 37, 86, 200, 465, 1081, 2513, 5842, 13581, 31572 for L = 1..12"),
    Claim("DF-07", "theorem", "no-stacking reading: column counts",
          "When a piece may lean only on the edge or a black cell, a run of one cell has 3 legal "
          "fillings and every longer run 4.", "3, then 4 for every L ≥ 2"),
    Claim("DF-08", "bank figure", "8×8 bank placement space under the loose reading",
          "Under the loose reading the 8×8 bank's placement space is far larger than under the "
          "official one.", "10^19.2, against about 10^13 officially"),
    Claim("DF-09", "bank figure", "loose reading: no 8×8 bank board unique, all past the 5,000 cap",
          "Under the loose reading no 8×8 bank board keeps a single answer: every one passes the "
          "5,000-answer counting cap.", "0 of 36 unique; 36 of 36 past the cap", sampled=True),
    Claim("DF-10", "experiment", "unique 6×6 boards lose uniqueness under the loose reading",
          "6×6 boards with one answer under the official reading all have more than one under "
          "the loose reading.", "40 unique → 0 unique; smallest answer count 3,264", sampled=True),
    Claim("DF-11", "theorem", "a balloon on a run-top and an iron ball on a run-bottom are held",
          "Whatever else is on the board, a balloon in the top cell of a run and an iron ball in "
          "its bottom cell are held.", "—"),
    Claim("DF-12", "theorem", "every room has a run-top ⇒ exactly ∏T_i·∏B_i answers",
          "A board on which every room holds at least one run-top has exactly ∏T_i·∏B_i answers, "
          "where room i holds T_i run-tops and B_i run-bottoms.",
          "225 of 225 unstarved boards exact, 0 with more; right on 0 of 650 starved boards"),
    Claim("DF-13", "theorem", "unique and unstarved ⇒ rooms = runs, tops balloons, bottoms iron balls",
          "A board with one answer and no starved room has as many rooms as runs, and its answer "
          "is a balloon on every run-top and an iron ball on every run-bottom.", "—"),
    Claim("DF-14", "bank figure", "every bank board has a starved room; no-stacking finds no answer",
          "Every bank board has a starved room (one holding no run-top), and none of them has an "
          "answer when pieces may not stack (the no-stacking reading).",
          "starved rooms: median 3 at 8×8, 6 at 12×12; no answer without stacking on 72 of 72"),
    Claim("DF-15", "experiment", "uniqueness rate by number of starved rooms (8×8)",
          "Starting from the board with one room per run and starving rooms one at a time, the "
          "share of boards with a single answer falls with the number of starved rooms.",
          "8×8: 0 starved 220/220, 1 → 200/220 (90.9%), 2 → 185/220 (84.1%), 3 → 157/216 "
          "(72.7%), 4 → 112/153 (73.2%); 8×8 stops at 4; 12×12 reaches 8 at 55.1%", sampled=True),
    Claim("DF-16", "experiment", "random boards: almost never an answer, never exactly one",
          "Boards with random black cells and random connected rooms almost never have an answer "
          "and never exactly one.",
          "6×6 p=0: 600 of 600 none; 6×6 p=0.12: 594 none, 6 more; 8×8 p=0: 600 none; 8×8 "
          "p=0.12: 599 none, 1 more; 8×8 p=0.2: 596 none, 4 more; 10×10 p=0.15: 600 none; "
          "in all 3,589 of 3,600 none, 0 unique", sampled=True),
    Claim("DF-17", "theorem", "the generator never needs the placement rules",
          "The generator can skip the placement rules because it puts balloons only on run-tops "
          "and iron balls only on run-bottoms.", "—"),
    Claim("DF-18", "theorem", "ladder run ⊂ room ⊂ profile ⊂ probe, sound and monotone",
          "Each rung of the Dosun-Fuwari ladder (run, room, profile, probe) proves at least what "
          "the rung below it proves and never removes a value that an answer uses.", "—"),
    Claim("DF-19", "experiment", "ladder split: unstarved at room, bank needs profile, one starve = one rung",
          "Generated boards without a starved room are finished by the room rung; every bank "
          "board needs profile and none needs probe or search; starving the first room lifts a "
          "board one rung, from room to profile, and starving more lifts it no further.", "150 of 150 at room; 72 of 72 need profile, 0 need probe",
          sampled=True),
    Claim("DF-20", "theorem", "run engine and cell backtracker return the same answer set",
          "The run-based solver and a plain cell-by-cell backtracker return the same set of "
          "answers on every board small enough for the backtracker.", "—"),
    Claim("DF-21", "theorem", "3^L column enumeration matches run states, both readings",
          "Trying all 3^L fillings of a column gives exactly the run states, under the official "
          "and under the loose reading.", "—"),
    # Nondango, write-up 003
    Claim("ND-01", "theorem", "cell-level rules checker from the rules text",
          "A checker written from the rules alone accepts a painting exactly when every region "
          "has one black circle and no three neighbouring cells along a row, column or diagonal "
          "all hold black circles.", "—"),
    Claim("ND-02", "theorem", "a triple with two circles in one region is dead",
          "Three circles in consecutive cells, two of them in one region, can never all be "
          "black, so such a triple never rules out a painting.", "—"),
    Claim("ND-03", "bank figure", "dead share and triple counts on the bank",
          "About a third of the bank's geometric triples are dead, and its boards carry the "
          "write-up's average numbers of triples and live triples.",
          "34.8% dead; 8×8: 43.1 triples, 28.3 live; 12×12: 146.4 triples, 95.3 live"),
    Claim("ND-04", "theorem", "all triples and live triples give the same answer set",
          "Dropping the dead triples before solving changes no board's set of answers.",
          "36 of 36 8×8 boards"),
    Claim("ND-05", "theorem", "unique ⇒ every white circle certified, every single move illegal",
          "On a board with one answer, moving a region's black circle onto another circle of the "
          "region always breaks a rule, and every white circle has a certificate: a line of three "
          "through it whose other two circles are black.",
          "2,113 moves on 72 boards, all illegal, all certified"),
    Claim("ND-06", "theorem", "circles − regions ≤ certifying lines ≤ live triples",
          "On every board with one answer, circles minus regions is at most the number of "
          "certifying lines, which is at most the number of live triples.",
          "tightest spare 1 line, median 9, 0 violations"),
    Claim("ND-07", "theorem", "answer count = product over groups of live-triple-joined regions",
          "Joining the regions that share a live triple splits a board into groups whose answer "
          "counts multiply to the board's, and a region in no live triple contributes its number "
          "of circles.", "—"),
    Claim("ND-08", "experiment", "no live triple ⇒ count = product of region circle counts",
          "A random board without a live triple has as many answers as the product of its "
          "regions' circle counts.", "200 of 200", sampled=True),
    Claim("ND-09", "bank figure", "groups on the bank",
          "On the bank, regions holding a single circle stand alone as groups and the rest of "
          "each board joins into one large group.",
          "72 boards → 189 groups; 114 single regions with one circle (givens); the rest one "
          "group of up to 48 regions"),
    Claim("ND-10", "bank figure", "no-diagonals reading destroys uniqueness",
          "Read without diagonals, no bank board keeps a single answer.",
          "8×8: 0 of 36 unique, median 1,268 answers; 12×12: 36 of 36 past the 20,000 cap",
          sampled=True),
    Claim("ND-11", "theorem", "anywhere-in-line reading: tribonacci → lazy caterer; bank has no answer",
          "Read as 'anywhere in the line', a line of L circles allows 1 + L + L(L−1)/2 black sets "
          "(A000124) instead of the tribonacci count (A000073), and no bank board keeps an "
          "answer.", "A000073 → A000124; 72 of 72 boards without an answer"),
    Claim("ND-12", "theorem", "full grids (A181218): transfer matrix = brute force; 9×9 passes 2^53",
          "On n×n grids with a circle on every cell, a transfer matrix counting the paintings with "
          "no three blacks in line agrees with brute force and A181218, and the 9×9 count is "
          "past 2^53.",
          "A181218: 2, 16, 230, 10732, 1495392, 507962194, 493466099722, 1328921689649459"),
    Claim("ND-13", "experiment", "certified white circles never remove the answer; uniqueness dial",
          "Adding white circles only where a certificate exists never loses the drawn answer, and "
          "the share of boards with a single answer falls as more are added.",
          "0 of 3,276 dial boards without an answer; 12×12: 100.0% unique at k = 0, 13.7% at "
          "k = 32", sampled=True),
    Claim("ND-14", "bank figure", "white circles kept on the bank and ways to paint",
          "The bank's boards keep the write-up's average number of white circles, with the "
          "matching number of ways to paint them.",
          "8×8: 15.4 white circles, 15,849 ways; 12×12: 43.3 white circles, 10^11.6 ways"),
    Claim("ND-15", "experiment", "random regions and circles: answers",
          "Boards with random regions and random circles mostly have no answer and rarely exactly "
          "one, and most of those with one hold more circles than regions.",
          "3,600 boards: 2,248 none, 27 exactly one, 23 of those with more circles than regions",
          sampled=True),
    Claim("ND-16", "theorem", "ladder region ⊂ triple ⊂ probe ⊂ search; triple stalls, probe finishes",
          "Each rung of the Nondango ladder (region, triple, probe, search) is sound and proves at "
          "least what the rung below proves; on the bank triple stalls on most boards and probe "
          "finishes every one.",
          "52 of 72 stall at triple; triple pins 72% of regions there; knot median 13 regions; "
          "0 need search"),
    Claim("ND-17", "bank figure", "black circles with a black neighbour vs random pick",
          "A black circle of a bank answer has a black neighbour (of eight) about as often as a "
          "circle picked at random in each region.",
          "8×8: 86% against 87.8%; 12×12: 91% against 91.4%", sampled=True),
    Claim("ND-18", "theorem", "backtracker and screened group solver give the same answer set",
          "A plain backtracker over every geometric triple and the screened group solver return "
          "the same answers, also under both misreadings, and multiplying the groups' counts by "
          "hand gives the same total.", "—"),
    # This project's own
    Claim("X-01", "theorem", "published rule (no three of one colour): the screen is not exact",
          "Under the published rule, which also forbids three white circles in a line, a triple "
          "with two circles in one region can still fire, so the dead-triple screen is no longer "
          "exact.", "—"),
    Claim("X-02", "bank figure", "write-up bank's answers under the published rule; published bank valid and unique",
          "How many answers of the Nondango bank built by the write-up's procedure also obey the "
          "published rule (a figure, not a requirement); and every board of the published-rule "
          "bank (boards/nondango-published/) has one answer under that rule, so it plays "
          "correctly on puzz.link.", "—"),
    Claim("X-03", "theorem", "puzz.link URLs round-trip byte-exactly",
          "puzz.link links and pzprv3 files of both puzzles read and write back byte for byte.",
          "—"),
)

CLAIM_BY_ID = {claim.id: claim for claim in CATALOGUE}


# === The check registry ===
# A claim's check is the function named after its ID (DF-05 → df_05) in the module of its
# write-up; the modules know nothing of this one.

CHECK_MODULES = {"DF": checks_dosun_fuwari, "ND": checks_nondango, "X": checks_beyond}
Check = Callable[[bool], Finding]


def check_name(claim_id: str) -> str:
    """The name of a claim's check.  # check_name("DF-05") → 'df_05'"""
    return claim_id.lower().replace("-", "_")


def _collect_checks() -> dict[str, Check]:
    """ID → check, for every claim whose module exports its check in __all__.

    A claim without a check is left out (the report says 'no check yet').  Raises
    ValueError for a name in a check module's __all__ that is no claim of that module's
    prefix: a typo there would otherwise leave a check that never runs.
    """
    checks: dict[str, Check] = {}
    for claim in CATALOGUE:
        module = CHECK_MODULES[claim.id.split("-")[0]]
        if check_name(claim.id) in module.__all__:
            checks[claim.id] = getattr(module, check_name(claim.id))
    for prefix, module in CHECK_MODULES.items():
        known = {check_name(c.id) for c in CATALOGUE if c.id.startswith(prefix + "-")}
        stray = sorted(set(module.__all__) - known)
        if stray:
            raise ValueError(f"{module.__name__} defines {', '.join(stray)}, which no "
                             f"{prefix}- claim of the catalogue names")
    return checks


CHECKS: dict[str, Check] = _collect_checks()


# === Running the checks ===

def _run_one(claim_id: str, quick: bool) -> tuple[str, dict]:
    """Run one check in this process; returns (claim_id, finding as a dict)."""
    started = time.perf_counter()
    try:
        result = asdict(CHECKS[claim_id](quick))
    except Exception as error:  # a crashed check is a failed cross-check, not a verdict
        result = asdict(Finding("holds", "the check crashed"))
        result.update(verdict=None, crosscheck_failures=[
            f"{CHECKS[claim_id].__name__} raised {type(error).__name__}: {error}"])
    result["seconds"] = round(time.perf_counter() - started, 2)
    return claim_id, result


def _run_batch(claim_ids: tuple[str, ...], quick: bool) -> list[tuple[str, dict]]:
    """Run a batch of checks one after another in this process (see `batches`)."""
    return [_run_one(claim_id, quick) for claim_id in claim_ids]


# Checks that draw the same boards or run the same calibration (functools caches in the
# check modules) share a batch: one worker runs them one after another and does that work
# once.  Batches start heaviest first (HEAVIEST_FIRST: the seconds of each check in a full
# run, `python verify.py --json`, slowest first), so that no worker is left alone with a
# long check at the end.  Neither
# changes a finding: the shared work is deterministic, and each check reads it the same.
SHARING = (
    ("DF-05", "DF-08", "DF-16"),   # the black-density calibration (_df_calibration)
    ("ND-03", "ND-13", "ND-14"),   # the region calibration; the bank redrawn (_bank_at)
    ("DF-02", "DF-03", "DF-06", "DF-07", "DF-21"),   # the 3^L column enumerations
)
HEAVIEST_FIRST = ("ND-13", "DF-16", "DF-15", "ND-03", "ND-18", "ND-15", "DF-05", "DF-08",
                  "ND-16", "X-03", "ND-14", "ND-01", "DF-19", "DF-12", "DF-21", "DF-20")


def batches(ids: list[str]) -> list[tuple[str, ...]]:
    """`ids` cut into the batches the workers take, in the order they take them: the
    claims of one SHARING group together (in catalogue order), every other claim alone,
    the batch holding the heaviest claim (HEAVIEST_FIRST) first, then the rest in
    catalogue order.   # batches(["DF-01", "DF-08", "DF-16"]) → [('DF-08', 'DF-16'), ('DF-01',)]"""
    order = {claim.id: k for k, claim in enumerate(CATALOGUE)}
    ids = sorted(set(ids), key=order.__getitem__)
    group_of = {claim_id: group for group in SHARING for claim_id in group}
    out: list[tuple[str, ...]] = []
    for claim_id in ids:
        group = group_of.get(claim_id, (claim_id,))
        batch = tuple(c for c in ids if c in group)
        if batch not in out:
            out.append(batch)
    rank = {claim_id: k for k, claim_id in enumerate(HEAVIEST_FIRST)}
    return sorted(out, key=lambda batch: min(rank.get(c, len(rank)) for c in batch))


def run_checks(ids: list[str], quick: bool, jobs: int, progress=None) -> dict[str, dict]:
    """Run the checks of `ids` and return id → finding dict.

    The checks run in `batches` on at most `jobs` worker processes, never more than the
    batches or the cores (`cli.run_parallel`); Ctrl-C stops every worker at once.  IDs
    without a check are left out of the result.  `progress(text)`, if given, is called
    once per finished claim, and every TICK seconds while no claim has finished for TICK
    seconds, naming the claims still running.
    """
    todo = batches([claim_id for claim_id in ids if claim_id in CHECKS])
    total = sum(len(batch) for batch in todo)
    results: dict[str, dict] = {}
    workers = cli.worker_count(jobs, len(todo))
    # The workers take the batches in order, one at a time: the running claims are
    # those of the first `workers` batches not yet finished.
    running = lambda: [claim_id for batch in [b for b in todo if b[-1] not in results][:workers]
                       for claim_id in batch if claim_id not in results]
    with _ticking(progress, running):
        for batch in cli.run_parallel(functools.partial(_run_batch, quick=quick), todo, jobs):
            for claim_id, result in batch:
                results[claim_id] = result
                if progress:
                    progress(f"{claim_id} {result['verdict']} ({result['seconds']} s; "
                             f"{len(results)}/{total} done)")
    return results


TICK = 10.0     # seconds of silence before a progress line names the claims still running


@contextlib.contextmanager
def _ticking(progress, running: Callable[[], list[str]]):
    """While the body runs: whenever TICK seconds pass without a progress line,
    `progress('still running: ND-13 and ND-18 (40 s in all)')` for the claims of `running()`."""
    if progress is None:
        yield
        return
    stop = threading.Event()
    start = last = time.perf_counter()
    seen = [None]

    def tick() -> None:
        nonlocal last
        while not stop.wait(min(1.0, TICK)):
            now = time.perf_counter()
            busy = running()
            if busy != seen[0]:           # a claim finished: the silence starts again
                seen[0], last = busy, now
            elif busy and now - last >= TICK:
                progress(f"still running: {' and '.join(busy)} ({now - start:.0f} s in all)")
                last = now

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


# === The report ===

def report_rows(ids: list[str], results: dict[str, dict], quick: bool) -> list[dict]:
    """One dict per claim: the catalogue's fields (id, kind, words, claim: the statement,
    documented) and the finding's.  In a quick run, a `sampled` claim's verdict becomes INDICATIVE and
    the quick sample's own verdict moves to `sample_verdict`."""
    rows = []
    for claim_id in ids:
        claim = CLAIM_BY_ID[claim_id]
        row = {"id": claim_id, "kind": claim.kind, "words": claim.words,
               "claim": claim.statement, "documented": claim.documented,
               "verdict": None, "sample_verdict": None, "measured": "no check yet",
               "detail": "", "counterexample": None, "corrected": None,
               "corrected_verdict": None, "crosscheck_failures": [], "rows": [],
               "seconds": None}
        row.update(results.get(claim_id, {}))
        if quick and claim.sampled and row["verdict"] is not None:
            row.update(verdict=INDICATIVE, sample_verdict=row["verdict"])
        rows.append(row)
    return rows


def summary(rows: list[dict]) -> dict[str, int]:
    """How many claims got each verdict (INDICATIVE too), none ('no check'), and how many
    cross-checks failed."""
    counts = {verdict: sum(row["verdict"] == verdict for row in rows)
              for verdict in VERDICTS + (INDICATIVE,)}
    counts["no check"] = sum(row["verdict"] is None for row in rows)
    counts["cross-check failures"] = sum(len(row["crosscheck_failures"]) for row in rows)
    return counts


def _summary_line(rows: list[dict], quick: bool) -> str:
    counts = summary(rows)
    failed = counts.pop("cross-check failures")
    words = [f"{n} {verdict}" for verdict, n in counts.items() if n]
    claims = f"{len(rows)} claim" + ("" if len(rows) == 1 else "s")
    checks = "cross-checks pass" if not failed else f"{failed} cross-checks FAILED"
    return f"{claims} ({'quick' if quick else 'full run'}): " + ", ".join(words) + f"; {checks}"


def _header(quick: bool) -> list[str]:
    lines = ["verify.py: every claim of the write-ups 'Dosun-Fuwari' (DF-) and 'Nondango' (ND-), "
             "and of this project (X-), re-derived."]
    if quick:
        lines.append(f"QUICK RUN (--quick): small samples.  Theorems and bank figures get the "
                     f"verdicts of a full run; an experiment or a figure the quick run samples "
                     f"smaller reads '{INDICATIVE}', with the quick sample's leaning in its block.  "
                     f"Run without --quick (under a minute on two cores) for every verdict.")
    else:
        lines.append("Full run: every experiment at the write-up's sample size.")
    return lines


def report_json(rows: list[dict], quick: bool) -> dict:
    """The report as one JSON-ready object: quick, summary, and claims (see README.md)."""
    keys = ("id", "kind", "words", "claim", "documented", "verdict", "sample_verdict",
            "measured", "detail", "counterexample", "corrected", "corrected_verdict",
            "crosscheck_failures", "rows", "seconds")
    return {"quick": quick, "summary": summary(rows),
            "claims": [{key: row[key] for key in keys} for row in rows]}


# === Command line ===

def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = cli.Parser(
        prog="verify.py", description="Re-derive every claim of the two write-ups.")
    ranges = {}
    for claim in CATALOGUE:
        ranges.setdefault(claim.id.split("-")[0], []).append(claim.id)
    parser.add_argument("ids", nargs="*", metavar="ID", help="claim IDs to run, in any case "
                        "(default: all): " + ", ".join(f"{ids[0]} … {ids[-1]}" for ids in ranges.values()))
    parser.add_argument("--quick", action="store_true",
                        help=f"small samples, about 8 s instead of 45: theorems and bank "
                             f"figures get their full verdicts, sampled figures read "
                             f"'{INDICATIVE}'")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the report (README.md, "
                             "'The JSON report')")
    parser.add_argument("--jobs", type=cli.jobs, default=cli.cores(),
                        help="worker processes, at most one per core and per batch of checks "
                             "(default: all cores)")
    parser.add_argument("--strict", action="store_true",
                        help="also exit 1 on 'refuted' and 'differs'")
    args = parser.parse_args(argv)
    args.ids = [claim_id.upper() for claim_id in args.ids]
    unknown = [claim_id for claim_id in args.ids if claim_id not in CLAIM_BY_ID]
    if unknown:
        parser.error(f"unknown claim ID {', '.join(unknown)}; known: "
                     f"{' '.join(claim.id for claim in CATALOGUE)}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the checks, print the table (or JSON), and return the exit status."""
    args = _parse_args(argv)
    ids = args.ids or [claim.id for claim in CATALOGUE]
    results = run_checks(ids, args.quick, args.jobs,
                         progress=lambda text: print(text, file=sys.stderr, flush=True))
    rows = report_rows(ids, results, args.quick)
    if args.json:
        json.dump(report_json(rows, args.quick), sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        sys.stdout.write(report.text(rows, _header(args.quick), _summary_line(rows, args.quick)))
    failed = any(row["verdict"] is None or row["crosscheck_failures"] for row in rows)
    if args.strict:
        failed = failed or any(row["verdict"] in ("refuted", "differs")
                               or row["sample_verdict"] in ("refuted", "differs") for row in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    cli.run(main)
