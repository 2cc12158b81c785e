"""Re-derive every claim of the two write-ups and give each one a verdict.

    python verify.py                 every claim, at the write-ups' sample sizes or more
                                     (the sample rule of checks/judging.py), with the two
                                     parameter fits (about a minute on two idle cores)
    python verify.py --quick         small samples (a few seconds): a first look, and the
                                     tests' run
    python verify.py DF-12 ND-05     only these claims
    python verify.py --json          one JSON object instead of the report
    python verify.py --html report.html   also write the report as one page with pictures
                                     (checks/html_report.py), the text report as ever
    python verify.py --detail DF-05  the report with each block in full: the method, the
                                     tests, p-values, parameter fits and boards
                                     (--detail alone: every claim in full)
    python verify.py --jobs 1        no worker processes (default: all cores)
    python verify.py --strict        also fail on `refuted` and `differs`

The claims and their IDs follow the two write-ups: DF-.. for Dosun-Fuwari, ND-.. for
Nondango, X-.. for what this project adds (the published Nondango rule and puzz.link
links).  The catalogue of every ID (its kind, words, statement and the write-up's figure)
is checks/catalogue.py.  The check of each ID is one function named after it, in the
module of its write-up, in the write-up's order:

    DF-01 … DF-21   checks/df_claims.py       df_01 … df_21   (DF-05 is `df_05`)
    ND-01 … ND-18   checks/nd_claims.py       nd_01 … nd_18   (ND-16 is `nd_16`)
    X-01 … X-03     checks/beyond_claims.py   x_01 … x_03     (X-03 is `x_03`)

Its docstring states the claim in one sentence.  A check names the samples it shares with
other checks as parameters (checks/samples.py: the two parameter fits, the small boards
solved once, …); this module finds the checks by name, runs them in batches on worker
processes, draws each sample once in the batch that reads it, and prints the report.  How a
figure is judged is checks/judging.py (one rule per kind of figure, for both puzzles, and
the one rule for how many boards a sample draws), the statistics under it checks/stats.py,
the fits of the two parameters the write-ups leave out checks/fits.py, and the text layout
checks/report.py.

Verdicts (exactly one per claim; a claim's is the worst of its figures'):

    holds       a statement true on every case tried (the detail says how many), also
                a theorem checked on samples (DF-14, ND-08)
    refuted     a statement with a counterexample (the smallest one found is printed as
                a board picture, with a corrected statement and its own verdict), or a
                figure the write-up's own procedure is proven unable to produce
    reproduced  a figure the two-sample test (checks/judging.py; Holm across a claim's rows,
                at 1%) cannot tell from the write-up's, and whose 99% interval rules out a
                difference as large as the write-up's point (its margin); or one its
                procedure fixes
    consistent  a figure the test does not tell apart whose interval reaches its margin
                even with our own sampling error set to zero, and then still holds no
                difference: the write-up itself is the limit (its n, its rounding, an n it
                never gave, a parameter it leaves out), and each such figure says which in
                one phrase
    differs     our figure beside theirs, told apart by the test (for a figure that moves
                with an unstated parameter: at every value of the parameter's confidence
                set), and the step of the procedure that makes the difference, where we know
    open        a figure not told apart that more boards of ours would decide (inside
                its margin, or told apart where our exact figure would lie off theirs):
                the figure names about how many; every sample's size is fixed before it
                is drawn (checks/judging.py, SAMPLE RULE), never grown after a look
    underspecified  the write-up leaves out what a rerun needs; what was run instead is
                shown, but no figure of the write-up can be judged
    indicative  only in a quick run, for a claim whose figure the quick run measures
                on a smaller sample (Claim.sampled): the quick sample cannot settle
                it; what it leans to is printed beside it (JSON: "sample_verdict")

The report (checks/report.py lays it out) fits 100 columns: a header that says what was run
and whether the run is quick, a table of every claim (its section, verdict, the verdict of
a theorem's figures, the claim in a few words, the write-up's figure beside ours where it
fits), a legend, one short block per claim (in full with --detail), and the summary line
last.  Progress goes to stderr: a line per sample drawn and per finished claim, and every
TICK seconds a line naming the claims still running, each within 100 columns.

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
`Finding` record, the bank loader, the ladder audit) sit in checks/shared.py below all
three check modules.  Also not taken: caches keyed by how a sample was asked for
(functools.lru_cache on the draws), which let two calls that spelled one sample two ways
draw it twice; a sample is now a named parameter, drawn in one place.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import argparse
import contextlib
import functools
import json
import sys
import threading
import time
from dataclasses import asdict
from typing import Callable

from checks import beyond_claims as checks_beyond
from checks import df_claims as checks_dosun_fuwari
from checks import nd_claims as checks_nondango
from checks import html_report, report, samples
from checks.catalogue import CATALOGUE, CLAIM_BY_ID, INDICATIVE, KINDS, Claim, section_of
from checks.shared import VERDICTS, Finding
from plumbing import cli

__all__ = [
    "VERDICTS", "INDICATIVE", "KINDS", "Claim", "CATALOGUE", "CLAIM_BY_ID", "Finding",
    "CHECK_MODULES", "CHECKS", "check_name", "HEAVIEST_FIRST", "batches",
    "run_checks", "TICK", "still_running", "shown_verdict", "report_rows", "summary",
    "report_json", "main",
]


# === The check registry ===
# A claim's check is the function named after its ID (DF-05 → df_05) in the module of its
# write-up; the modules know nothing of this one.

CHECK_MODULES = {"DF": checks_dosun_fuwari, "ND": checks_nondango, "X": checks_beyond}
Check = Callable[..., Finding]   # check(quick, **samples it names) → Finding


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
# A check names the samples it reads as parameters after `quick` (checks/samples.py): the
# checks that share a sample run in one batch, on one worker, which draws the sample once
# before the first of them and passes it to each.  Batches start heaviest first
# (HEAVIEST_FIRST: the CPU seconds of each check and its samples in a full run,
# `python bench/verify_time.py --per-check`, slowest first), so that no worker is left
# alone with a long batch at the end.  Neither changes a finding: samples are drawn from
# fixed seeds, and each check reads them the same.

def _run_one(claim_id: str, quick: bool, drawn: dict) -> tuple[str, dict]:
    """Run one check in this process, given the samples drawn so far (name → sample);
    returns (claim_id, finding as a dict, with its own seconds and CPU seconds)."""
    check = CHECKS[claim_id]
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        given = {name: samples.draw(name, quick, drawn) for name in samples.needs(check)}
        wall, cpu = time.perf_counter(), time.process_time()
        result = asdict(check(quick, **given))
    except Exception as error:  # a crashed check is a failed cross-check, not a verdict
        result = asdict(Finding("holds", "the check crashed"))
        result.update(verdict=None, crosscheck_failures=[
            f"{check.__name__} raised {type(error).__name__}: {error}"])
    result["seconds"] = round(time.perf_counter() - wall, 2)
    result["cpu"] = round(time.process_time() - cpu, 2)
    return claim_id, result


def _run_batch(claim_ids: tuple[str, ...], quick: bool) -> tuple[list[tuple[str, dict]], dict]:
    """Run a batch of checks one after another in this process (see `batches`), drawing
    each sample they name once: (their results, sample name → (seconds, CPU seconds))."""
    drawn: dict = {}
    timings: dict = {}

    def timed(name: str, seconds: float, cpu: float) -> None:
        timings[name] = (round(seconds, 2), round(cpu, 2))
    for claim_id in claim_ids:
        for name in samples.needs(CHECKS[claim_id]):
            try:
                samples.draw(name, quick, drawn, timed)
            except Exception:   # the checks that read it say so (_run_one)
                pass
    return [_run_one(claim_id, quick, drawn) for claim_id in claim_ids], timings


def _samples_of(claim_id: str) -> set[str]:
    """Every sample a claim's check reads, with the samples those read."""
    todo, found = list(samples.needs(CHECKS[claim_id])), set()
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += samples.needs(samples.SAMPLES[name])
    return found


HEAVIEST_FIRST = ("ND-03", "DF-05", "ND-18", "DF-19", "ND-12", "DF-12", "DF-18", "ND-02",
                  "X-03", "ND-15", "ND-07", "DF-13")


def batches(ids: list[str]) -> list[tuple[str, ...]]:
    """`ids` cut into the batches the workers take, in the order they take them: claims
    that read a sample in common (_samples_of) together, in catalogue order, every other
    claim alone; the batch holding the heaviest claim (HEAVIEST_FIRST) first, then the
    rest in catalogue order.
    # batches(["DF-01", "DF-08", "DF-16"]) → [('DF-08', 'DF-16'), ('DF-01',)]"""
    order = {claim.id: k for k, claim in enumerate(CATALOGUE)}
    ids = sorted(set(ids), key=order.__getitem__)
    out: list[list[str]] = []
    reads: list[set[str]] = []
    for claim_id in ids:
        mine = _samples_of(claim_id)
        joined = [k for k, names in enumerate(reads) if names & mine]
        batch, names = [claim_id], set(mine)
        for k in reversed(joined):
            batch, names = out.pop(k) + batch, reads.pop(k) | names
        out.append(sorted(batch, key=order.__getitem__))
        reads.append(names)
    out.sort(key=lambda batch: order[batch[0]])
    rank = {claim_id: k for k, claim_id in enumerate(HEAVIEST_FIRST)}
    return [tuple(batch) for batch in
            sorted(out, key=lambda batch: min(rank.get(c, len(rank)) for c in batch))]


def shown_verdict(claim_id: str, verdict: str | None, quick: bool) -> str | None:
    """The verdict the report gives a check's `verdict`: INDICATIVE in a quick run for a
    claim the catalogue marks `sampled`, else the verdict itself (`underspecified` too,
    which no sample changes).
    # shown_verdict("DF-15", "refuted", quick=True) → 'indicative'"""
    if quick and verdict not in (None, "underspecified") and CLAIM_BY_ID[claim_id].sampled:
        return INDICATIVE
    return verdict


def run_checks(ids: list[str], quick: bool, jobs: int,
               progress=None) -> tuple[dict[str, dict], dict[str, tuple[float, float]]]:
    """Run the checks of `ids`: (id → finding dict, sample name → (seconds, CPU seconds)
    it took to draw).

    The checks run in `batches` on at most `jobs` worker processes, never more than the
    batches or the cores (`cli.run_parallel`); Ctrl-C stops every worker at once.  IDs
    without a check are left out of the result.  `progress(text)`, if given, is called
    once per sample drawn and per finished claim (with the verdict the report will show:
    `shown_verdict`), and every TICK seconds while no claim has finished for TICK
    seconds, naming the claims still running."""
    todo = batches([claim_id for claim_id in ids if claim_id in CHECKS])
    total = sum(len(batch) for batch in todo)
    results: dict[str, dict] = {}
    drawn: dict[str, tuple[float, float]] = {}
    workers = cli.worker_count(jobs, len(todo))
    # The workers take the batches in order, one at a time: the running claims are
    # those of the first `workers` batches not yet finished.
    running = lambda: [claim_id for batch in [b for b in todo if b[-1] not in results][:workers]
                       for claim_id in batch if claim_id not in results]
    with _ticking(progress, running):
        for batch, timings in cli.run_parallel(functools.partial(_run_batch, quick=quick),
                                               todo, jobs):
            drawn |= timings
            for name, (seconds, cpu) in timings.items():
                if progress:
                    progress(f"sample {name.replace('_', ' ')} drawn ({seconds} s)")
            for claim_id, result in batch:
                results[claim_id] = result
                if progress:
                    shown = shown_verdict(claim_id, result["verdict"], quick)
                    leaning = f" (the quick sample: {result['verdict']})" if shown != \
                        result["verdict"] else ""
                    progress(f"{claim_id} {shown}{leaning} ({result['seconds']} s; "
                             f"{len(results)}/{total} done)")
    return results, drawn


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
                progress(still_running(busy, now - start))
                last = now

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def still_running(busy: list[str], seconds: float) -> str:
    """The progress line naming the claims still running, within 100 columns: as many IDs
    as fit, then how many more.
    # still_running(["ND-13", "ND-18"], 40) → 'still running: ND-13 and ND-18 (40 s in all)'"""
    tail = f" ({seconds:,.0f} s in all)"
    for shown in range(len(busy), 0, -1):
        names = busy[:shown]
        rest = len(busy) - shown
        if rest:
            words = ", ".join(names) + f" and {rest} more"
        elif len(names) > 1:
            words = ", ".join(names[:-1]) + " and " + names[-1]
        else:
            words = names[0]
        line = f"still running: {words}{tail}"
        if len(line) <= report.WIDTH:
            return line
    return f"still running: {len(busy)} claims{tail}"


# === The report ===

def report_rows(ids: list[str], results: dict[str, dict], quick: bool) -> list[dict]:
    """One dict per claim: the catalogue's fields (id, kind, words, claim: the statement,
    documented, section: its number and heading) and the finding's.  In a quick run, a
    `sampled` claim's verdict becomes INDICATIVE (`shown_verdict`) and the quick sample's
    own verdict moves to `sample_verdict`; a theorem's figures get theirs apart
    (`figures_verdict`, report.figures_verdict; None for other claims)."""
    rows = []
    for claim_id in ids:
        claim = CLAIM_BY_ID[claim_id]
        section = section_of(claim_id)
        row = {"id": claim_id, "kind": claim.kind, "words": claim.words,
               "claim": claim.statement, "documented": claim.documented,
               "section": f"{section.number} {section.heading}",
               "verdict": None, "sample_verdict": None, "measured": "no check yet",
               "detail": "", "counterexample": None, "corrected": None,
               "corrected_verdict": None, "crosscheck_failures": [], "rows": [],
               "seconds": None, "cpu": None}
        row.update(results.get(claim_id, {}))
        if shown_verdict(claim_id, row["verdict"], quick) != row["verdict"]:
            row.update(verdict=INDICATIVE, sample_verdict=row["verdict"])
        row["figures_verdict"] = report.figures_verdict(row, quick)
        rows.append(row)
    return rows


def summary(rows: list[dict]) -> dict[str, int]:
    """How many claims got each verdict (INDICATIVE too), none ('no check'), how many
    cross-checks failed, and how many theorems' figures got each verdict ("theorems'
    figures": report.figures_verdict, e.g. {"reproduced": 4, "open": 1})."""
    counts = {verdict: sum(row["verdict"] == verdict for row in rows)
              for verdict in VERDICTS + (INDICATIVE,)}
    counts["no check"] = sum(row["verdict"] is None for row in rows)
    counts["cross-check failures"] = sum(len(row["crosscheck_failures"]) for row in rows)
    figures = [row["figures_verdict"] for row in rows if row.get("figures_verdict")]
    counts["theorems' figures"] = {verdict: figures.count(verdict)
                                   for verdict in dict.fromkeys(figures)}
    return counts


def _summary_line(rows: list[dict], quick: bool) -> str:
    counts = summary(rows)
    failed = counts.pop("cross-check failures")
    figures = counts.pop("theorems' figures")
    words = [f"{n} {verdict}" for verdict, n in counts.items() if n]
    claims = f"{len(rows)} claim" + ("" if len(rows) == 1 else "s")
    checks = "cross-checks pass" if not failed else f"{failed} cross-checks FAILED"
    theorems = ("; theorems' figures: " + ", ".join(f"{n} {v}" for v, n in figures.items())
                if figures else "")
    return (f"{claims} ({'quick' if quick else 'full run'}): " + ", ".join(words) + theorems
            + f"; {checks}")


def _header(quick: bool, ids: list[str] | None = None) -> list[str]:
    """The report's first lines: what was run (every claim, or which), and how."""
    every = [claim.id for claim in CATALOGUE]
    ids = every if ids is None else ids
    if ids == every:
        lines = [f"All {len(every)} claims of the write-ups Dosun-Fuwari (DF-), Nondango (ND-) "
                 f"and this project (X-), re-derived."]
    else:
        lines = [f"Claims run: {', '.join(ids)} ({len(ids)} of {len(every)}; "
                 f"python verify.py runs them all)."]
    if quick:
        lines.append(f"QUICK RUN (--quick): small samples.  Theorems and most bank figures get a "
                     f"full run's verdicts; a figure sampled smaller reads '{INDICATIVE}', with "
                     f"what the sample leans to.  A full run (about a minute) gives every "
                     f"verdict.")
    else:
        lines.append("Full run: every experiment at the write-up's sample size or more, fixed "
                     "before drawing (the sample rule of checks/judging.py), and the parameter "
                     "fits the claims run read.")
    lines.append("Blocks are short: verify.py --detail ID (--detail: all) adds methods, tests, "
                 "p-values and tables.")
    return lines


def report_json(rows: list[dict], quick: bool,
                drawn: dict[str, tuple[float, float]] | None = None) -> dict:
    """The report as one JSON-ready object: quick, summary, claims and samples (see
    README.md)."""
    keys = ("id", "kind", "words", "claim", "documented", "verdict", "sample_verdict",
            "figures_verdict", "measured", "detail", "counterexample", "corrected",
            "corrected_verdict", "crosscheck_failures", "rows", "seconds", "cpu")
    return {"quick": quick, "summary": summary(rows),
            "claims": [{key: row[key] for key in keys} for row in rows],
            "samples": {name: {"seconds": seconds, "cpu": cpu}
                        for name, (seconds, cpu) in (drawn or {}).items()}}


# === Command line ===

def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = cli.Parser(
        prog="verify.py", description="Re-derive every claim of the two write-ups.")
    ranges = {}
    for claim in CATALOGUE:
        ranges.setdefault(claim.id.split("-")[0], []).append(claim.id)
    spans = ", ".join(f"{ids[0]} … {ids[-1]}" for ids in ranges.values())
    parser.add_argument("ids", nargs="*", metavar="ID",
                        help=f"claim IDs to run, in any case (default: all): {spans}")
    parser.add_argument("--quick", action="store_true",
                        help=f"small samples, seconds instead of a minute: theorems and bank "
                             f"figures get their full verdicts, sampled figures read "
                             f"'{INDICATIVE}'")
    parser.add_argument("--detail", action="store_true",
                        help="every block in full: the method, tests, p-values, parameter fits "
                             "tables and boards (with IDs: only those claims)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the report (README.md, "
                             "'The JSON report')")
    parser.add_argument("--jobs", type=cli.jobs, default=cli.cores(),
                        help="worker processes, at most one per core and per batch of checks "
                             "(default: all cores)")
    parser.add_argument("--strict", action="store_true",
                        help="also exit 1 on 'refuted' and 'differs'")
    parser.add_argument("--html", metavar="PATH",
                        help="also write the report as one self-contained page with pictures "
                             "(it replaces only a page verify.py wrote)")
    args = parser.parse_args(argv)
    if args.html:
        try:
            html_report.check_out(args.html)   # refused now, not after the checks have run
        except OSError as error:
            parser.error(str(error).splitlines()[0])
    args.ids = [claim_id.upper() for claim_id in args.ids]
    unknown = [claim_id for claim_id in args.ids if claim_id not in CLAIM_BY_ID]
    if unknown:
        named = ", ".join(unknown[:3]) + (f" and {len(unknown) - 3} more" if len(unknown) > 3
                                         else "")
        parser.error(f"unknown claim ID {named}; known: {spans}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the checks, print the table (or JSON), and return the exit status."""
    args = _parse_args(argv)
    ids = args.ids or [claim.id for claim in CATALOGUE]
    results, drawn = run_checks(ids, args.quick, args.jobs,
                                progress=lambda text: print(text, file=sys.stderr, flush=True))
    rows = report_rows(ids, results, args.quick)
    if args.json:
        json.dump(report_json(rows, args.quick, drawn), sys.stdout, indent=1,
                  ensure_ascii=False)
        print()
    else:
        sys.stdout.write(report.text(rows, _header(args.quick, ids),
                                     _summary_line(rows, args.quick),
                                     detail=args.detail, quick=args.quick))
    if args.html:
        html_report.write_page(args.html, html_report.page(
            rows, _header(args.quick, ids), _summary_line(rows, args.quick), args.quick))
        print(f"wrote {args.html}", file=sys.stderr)
    failed = any(row["verdict"] is None or row["crosscheck_failures"] for row in rows)
    if args.strict:
        failed = failed or any(row["verdict"] in ("refuted", "differs")
                               or row["sample_verdict"] in ("refuted", "differs") for row in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    cli.run(main)
