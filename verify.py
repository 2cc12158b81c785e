"""Re-derive every claim of the two write-ups and give each one a verdict.

    python verify.py                 every claim, at the write-ups' sample sizes
    python verify.py --quick         small samples (what CI runs)
    python verify.py DF-12 ND-05     only these claims
    python verify.py --json          one JSON object instead of the table
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

    holds       a theorem, checked on every case tried (the detail says how many)
    refuted     a theorem with a counterexample; the smallest one found is printed
                as a board picture, with a corrected statement and its own verdict
    reproduced  a figure that agrees with the write-up's: inside a 99% binomial
                interval for rates, the same qualitative result for bank counts
    differs     our figure beside theirs, and why, where we know

Exit status: 0 when every selected claim got a verdict and every internal
cross-check passed (the engines agree, every answer passes the rules checker);
1 when a cross-check failed or a claim has no check yet; 2 on a bad command
line.  With --strict, `refuted` and `differs` also give 1.

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
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Callable

import checks_beyond
import checks_dosun_fuwari
import checks_nondango
import cli
from checks_common import VERDICTS, Finding

__all__ = [
    "VERDICTS", "Claim", "CATALOGUE", "CLAIM_BY_ID", "Finding", "CHECK_MODULES", "CHECKS",
    "check_name", "run_checks", "main",
]

# === The claims catalogue ===

@dataclass(frozen=True)
class Claim:
    """One claim of a write-up: its ID, kind, a few words, and the write-up's figure.

    `kind` is 'theorem' (a general statement, checked exhaustively and on random
    boards), 'bank' (a figure measured on the shipped boards) or 'experiment' (a
    figure from a seeded random experiment).
    """

    id: str
    kind: str
    words: str
    documented: str


CATALOGUE: tuple[Claim, ...] = (
    # Dosun-Fuwari, write-up 000
    Claim("DF-01", "theorem", "cell-level rules checker from the rules text", "—"),
    Claim("DF-02", "theorem", "legal fillings of a run: balloons a prefix, iron balls a suffix", "L = 1..12"),
    Claim("DF-03", "theorem", "a run of length L has (L+1)(L+2)/2 states (A000217)", "3, 6, 10, …, 91"),
    Claim("DF-04", "theorem", "placements before rooms = product of run state counts", "—"),
    Claim("DF-05", "bank", "runs and placement space of the bank", "8×8: 10.7 runs, ~10^13; 12×12: 22.2 runs, 10^28.4"),
    Claim("DF-06", "theorem", "loose reading: column counts are A095263", "3, 7, 16, 37, …, 31572"),
    Claim("DF-07", "theorem", "no-stacking reading: column counts", "3, then 4 for L ≥ 2"),
    Claim("DF-08", "bank", "8×8 bank placement space under the loose reading", "10^19.2"),
    Claim("DF-09", "bank", "loose reading: no 8×8 bank board unique, all past the 5,000 cap", "0 of 36 unique, 36 of 36 capped"),
    Claim("DF-10", "experiment", "unique 6×6 boards lose uniqueness under the loose reading", "40 → 0 unique; smallest count 3,264"),
    Claim("DF-11", "theorem", "a run-top is always a legal balloon, a run-bottom a legal iron ball", "—"),
    Claim("DF-12", "theorem", "every room has a run-top ⇒ exactly ∏T_i·∏B_i answers", "225 of 225 exact; 0 of 650 starved"),
    Claim("DF-13", "theorem", "unique and unstarved ⇒ rooms = runs, tops balloons, bottoms iron balls", "—"),
    Claim("DF-14", "bank", "every bank board has a starved room; no-stacking finds no answer", "medians 3 (8×8), 6 (12×12); 72 of 72 none"),
    Claim("DF-15", "experiment", "uniqueness rate by number of starved rooms (8×8)", "220/220, 200/220, 185/220, 157/216, 112/153; 12×12 to 8 at 55.1%"),
    Claim("DF-16", "experiment", "random boards: almost never an answer, never exactly one", "3,589 of 3,600 none, 0 unique"),
    Claim("DF-17", "theorem", "the generator never needs the placement rules", "—"),
    Claim("DF-18", "theorem", "ladder run ⊂ room ⊂ profile ⊂ probe, sound and monotone", "—"),
    Claim("DF-19", "experiment", "ladder split: unstarved at room, bank needs profile, one starve = one rung", "150 of 150 at room; 72 of 72 profile, 0 probe"),
    Claim("DF-20", "theorem", "run engine and cell backtracker return the same answer set", "—"),
    Claim("DF-21", "theorem", "3^L column enumeration matches run states, both readings", "—"),
    # Nondango, write-up 003
    Claim("ND-01", "theorem", "cell-level rules checker from the rules text", "—"),
    Claim("ND-02", "theorem", "a triple with two circles in one region is dead", "—"),
    Claim("ND-03", "bank", "dead share and triple counts on the bank", "34.8% dead; 8×8 43.1/28.3 live; 12×12 146.4/95.3"),
    Claim("ND-04", "theorem", "all triples and live triples give the same answer set", "36 of 36 8×8 boards"),
    Claim("ND-05", "theorem", "unique ⇒ every white circle certified, every single move illegal", "2,113 moves, all illegal, all certified"),
    Claim("ND-06", "theorem", "circles − regions ≤ certifying lines ≤ live triples", "tightest spare 1, median 9, 0 violations"),
    Claim("ND-07", "theorem", "answer count = product over groups of live-triple-joined regions", "—"),
    Claim("ND-08", "experiment", "no live triple ⇒ count = product of region circle counts", "200 of 200"),
    Claim("ND-09", "bank", "groups on the bank", "189 groups, 114 single-circle regions, largest 48"),
    Claim("ND-10", "bank", "no-diagonals reading destroys uniqueness", "8×8 0 of 36 unique, median 1,268; 12×12 36 of 36 past 20,000"),
    Claim("ND-11", "theorem", "anywhere-in-line reading: tribonacci → lazy caterer; bank has no answer", "A000073 → A000124; 72 of 72 none"),
    Claim("ND-12", "theorem", "full grids (A181218): transfer matrix = brute force; 9×9 passes 2^53", "2, 16, 230, 10732, …"),
    Claim("ND-13", "experiment", "certified white circles never remove the answer; uniqueness dial", "0 of 3,276 without answer; 12×12 100.0% → 13.7% at k=32"),
    Claim("ND-14", "bank", "white circles kept on the bank and ways to paint", "8×8 15.4, 15,849; 12×12 43.3, 10^11.6"),
    Claim("ND-15", "experiment", "random regions and circles: answers", "3,600: 2,248 none, 27 one, 23 of those non-trivial"),
    Claim("ND-16", "theorem", "ladder region ⊂ triple ⊂ probe ⊂ search; triple stalls, probe finishes", "52 of 72 stall; 72% pinned; knot median 13; 0 search"),
    Claim("ND-17", "bank", "black circles with a black neighbour vs random pick", "8×8 86% vs 87.8%; 12×12 91% vs 91.4%"),
    Claim("ND-18", "theorem", "backtracker and screened group solver give the same answer set", "—"),
    # This project's own
    Claim("X-01", "theorem", "published rule (no three of one colour): the screen is not exact", "—"),
    Claim("X-02", "bank", "write-up bank's answers under the published rule; published bank valid and unique", "—"),
    Claim("X-03", "theorem", "puzz.link URLs round-trip byte-exactly", "—"),
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


def run_checks(ids: list[str], quick: bool, jobs: int, progress=None) -> dict[str, dict]:
    """Run the checks of `ids` (over `jobs` processes) and return id → finding dict.

    IDs without a check are left out of the result.  `progress(text)`, if
    given, is called once per finished claim.
    """
    todo = [claim_id for claim_id in ids if claim_id in CHECKS]
    results: dict[str, dict] = {}
    if jobs <= 1 or len(todo) <= 1:
        for claim_id in todo:
            results[claim_id] = _run_one(claim_id, quick)[1]
            if progress:
                progress(f"{claim_id} {results[claim_id]['verdict']} "
                         f"({results[claim_id]['seconds']} s)")
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_run_one, claim_id, quick) for claim_id in todo]
        for future in as_completed(futures):
            claim_id, result = future.result()
            results[claim_id] = result
            if progress:
                progress(f"{claim_id} {result['verdict']} ({result['seconds']} s; "
                         f"{len(results)}/{len(todo)} done)")
    return results


# === The report ===

def _report_rows(ids: list[str], results: dict[str, dict]) -> list[dict]:
    rows = []
    for claim_id in ids:
        claim = CLAIM_BY_ID[claim_id]
        result = results.get(claim_id)
        row = {"id": claim_id, "kind": claim.kind, "claim": claim.words,
               "documented": claim.documented}
        if result is None:
            row.update(verdict=None, measured="no check yet", detail="",
                       counterexample=None, corrected=None, corrected_verdict=None,
                       crosscheck_failures=[])
        else:
            row.update(result)
        rows.append(row)
    return rows


def _print_table(rows: list[dict], out) -> None:
    width = {"id": 5, "claim": 44, "documented": 30, "measured": 44, "verdict": 10}
    def clip(text: str, n: int) -> str:
        return text if len(text) <= n else text[: n - 1] + "…"
    header = f"{'ID':<6}{'claim':<{width['claim']+1}}{'write-up':<{width['documented']+1}}{'ours':<{width['measured']+1}}verdict"
    print(header, file=out)
    print("-" * len(header), file=out)
    for row in rows:
        print(f"{row['id']:<6}{clip(row['claim'], width['claim']):<{width['claim']+1}}"
              f"{clip(row['documented'], width['documented']):<{width['documented']+1}}"
              f"{clip(row['measured'], width['measured']):<{width['measured']+1}}"
              f"{row['verdict'] or 'NO CHECK'}", file=out)
    print(file=out)
    for row in rows:
        notes = []
        if row["detail"]:
            notes.append(row["detail"])
        if row["counterexample"]:
            notes.append("smallest counterexample:\n" + _indent(row["counterexample"]))
        if row["corrected"]:
            notes.append(f"corrected: {row['corrected']} [{row['corrected_verdict']}]")
        for failure in row["crosscheck_failures"]:
            notes.append(f"CROSS-CHECK FAILED: {failure}")
        if notes:
            print(f"{row['id']} ({row['verdict'] or 'no check'}): " + "\n".join(notes), file=out)
            print(file=out)
    counts = {verdict: sum(row["verdict"] == verdict for row in rows) for verdict in VERDICTS}
    missing = sum(row["verdict"] is None for row in rows)
    failures = sum(len(row["crosscheck_failures"]) for row in rows)
    summary = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
    print(f"{len(rows)} claims: {summary}; {missing} without a check; "
          f"{failures} cross-check failures", file=out)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


# === Command line ===

def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = cli.Parser(
        prog="verify.py", description="Re-derive every claim of the two write-ups.")
    parser.add_argument("ids", nargs="*", metavar="ID", help="claim IDs to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="small samples, for CI")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: all cores)")
    parser.add_argument("--strict", action="store_true",
                        help="also exit 1 on 'refuted' and 'differs'")
    args = parser.parse_args(argv)
    args.ids = [claim_id.upper() for claim_id in args.ids]
    unknown = [claim_id for claim_id in args.ids if claim_id not in CLAIM_BY_ID]
    if unknown:
        parser.error(f"unknown claim ID {', '.join(unknown)}; known: "
                     f"{' '.join(claim.id for claim in CATALOGUE)}")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the checks, print the table (or JSON), and return the exit status."""
    args = _parse_args(argv)
    ids = args.ids or [claim.id for claim in CATALOGUE]
    results = run_checks(ids, args.quick, args.jobs,
                         progress=lambda text: print(text, file=sys.stderr, flush=True))
    rows = _report_rows(ids, results)
    if args.json:
        claims = [{"id": row["id"], "verdict": row["verdict"], "documented": row["documented"],
                   "measured": row["measured"], "detail": row["detail"],
                   "counterexample": row["counterexample"], "corrected": row["corrected"],
                   "corrected_verdict": row["corrected_verdict"],
                   "crosscheck_failures": row["crosscheck_failures"]} for row in rows]
        json.dump({"claims": claims}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        _print_table(rows, sys.stdout)
    failed = any(row["verdict"] is None or row["crosscheck_failures"] for row in rows)
    if args.strict:
        failed = failed or any(row["verdict"] in ("refuted", "differs") for row in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    cli.run(main)
