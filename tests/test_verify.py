"""`python verify.py`, the project's main job, as a user runs it."""

import inspect
import json
import multiprocessing
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from checks import report, samples
import verify

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def quick_report():
    result = subprocess.run([sys.executable, "verify.py", "--quick", "--json"], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    return result


def test_quick_run_gives_every_claim_a_verdict(quick_report):
    """Every claim ID of both write-ups (and the project's X- claims) gets one of the four
    verdicts, or `indicative` where the quick run samples its figure smaller (and then
    what the sample leans to is one of the four), `underspecified` staying so in any run,
    as no sample changes it; no internal cross-check fails, and the exit status says so."""
    report = json.loads(quick_report.stdout)
    verdicts = {row["id"]: row["verdict"] for row in report["claims"]}
    assert list(verdicts) == [claim.id for claim in verify.CATALOGUE]
    assert verdicts["ND-15"] == "underspecified"
    for row in report["claims"]:
        sampled = verify.CLAIM_BY_ID[row["id"]].sampled and row["verdict"] != "underspecified"
        assert row["verdict"] == (verify.INDICATIVE if sampled else row["verdict"]), row["id"]
        assert row["verdict"] in verify.VERDICTS + (verify.INDICATIVE,), row["id"]
        assert (row["sample_verdict"] in verify.VERDICTS) == sampled, row["id"]
    assert [row for row in report["claims"] if row["crosscheck_failures"]] == []
    assert quick_report.returncode == 0, quick_report.stderr[-2000:]


def test_json_carries_the_claim_its_kind_the_mode_and_a_summary(quick_report):
    """The JSON report says it is quick, counts every verdict in `summary` (the counts add
    up to the claims, a theorem's figures counted apart), and gives each claim its
    sentence, its kind, its list of rows and, for a theorem, its figures' verdict."""
    report = json.loads(quick_report.stdout)
    assert report["quick"] is True
    counts = report["summary"]
    verdicts = [row["verdict"] for row in report["claims"]]
    assert sum(counts[v] for v in verify.VERDICTS + (verify.INDICATIVE,)) + counts["no check"] \
        == len(verdicts)
    assert all(counts[v] == verdicts.count(v) for v in verify.VERDICTS + (verify.INDICATIVE,))
    assert counts["cross-check failures"] == 0
    figures = [row["figures_verdict"] for row in report["claims"] if row["figures_verdict"]]
    assert figures and sum(counts["theorems' figures"].values()) == len(figures)
    assert all(row["figures_verdict"] is None for row in report["claims"]
               if row["kind"] != "theorem")
    for row in report["claims"]:
        claim = verify.CLAIM_BY_ID[row["id"]]
        assert row["claim"] == claim.statement and row["claim"].endswith(".")
        assert row["kind"] == claim.kind in verify.KINDS
        assert isinstance(row["rows"], list)
        judged = {"kind", "p", "holm_p", "difference", "margin", "limit", "spread", "boards",
                  "needed", "reason", "note", "z", "at"}
        assert all({"label", "ours", "theirs", "verdict"} <= set(r)
                   <= {"label", "ours", "theirs", "verdict"} | judged for r in row["rows"])


def _text_of(report_object: dict, quick: bool, detail: bool = False) -> str:
    """The text report verify.py prints for the same findings as a JSON report."""
    rows = [{**claim} for claim in report_object["claims"]]
    return report.text(rows, verify._header(quick), verify._summary_line(rows, quick),
                       detail=detail, quick=quick)


def test_the_text_report_fits_100_columns_and_cuts_no_figure(quick_report):
    """Every line of the report, short or detailed, is at most 100 columns, and every word
    of every claim, every write-up figure and every figure and note of ours is printed
    whole somewhere in the detailed one (a board's picture is its words rearranged side by
    side)."""
    report_object = json.loads(quick_report.stdout)
    assert max(len(line) for line in _text_of(report_object, True).splitlines()) <= report.WIDTH
    text = _text_of(report_object, quick=True, detail=True)
    assert max(len(line) for line in text.splitlines()) <= report.WIDTH
    def words(text: str) -> Counter:
        return Counter(word.strip(":,") for word in text.split())
    printed = words(text)
    for row in report_object["claims"]:
        for key in ("claim", "documented", "measured", "detail", "counterexample", "corrected"):
            missing = words(row[key] or "") - printed
            assert not missing, (row["id"], key, list(missing)[:5])


def test_quick_runs_say_so_at_the_top_and_in_the_last_line(quick_report):
    """A quick report's header says QUICK RUN and explains `indicative`, and its summary
    line says quick; a full report's say full run; the summary comes last, after a blank
    line (wrapped when the verdicts' counts pass 100 columns), and counts the verdicts."""
    def summary(lines):
        return " ".join(lines[len(lines) - lines[::-1].index(""):])
    report_object = json.loads(quick_report.stdout)
    quick = _text_of(report_object, quick=True).splitlines()
    assert "QUICK RUN" in " ".join(quick[:3]) and verify.INDICATIVE in " ".join(quick[:6])
    assert summary(quick).startswith(f"{len(report_object['claims'])} claims (quick): ")
    assert summary(quick).endswith("; cross-checks pass") and len(quick[-1]) <= 100
    assert f"{report_object['summary']['holds']} holds" in summary(quick)
    full = _text_of({**report_object, "quick": False}, quick=False).splitlines()
    assert "QUICK RUN" not in "\n".join(full) and "full run" in summary(full)


def test_every_figure_is_printed_in_full_in_the_catalogue():
    """The catalogue gives the write-up's figures without ellipses, every claim a sentence
    and a kind, and marks as sampled only experiments and bank figures."""
    for claim in verify.CATALOGUE:
        assert "…" not in claim.documented and "..." not in claim.documented, claim.id
        assert claim.kind in verify.KINDS, claim.id
        assert claim.statement.endswith(".") and len(claim.statement) > len(claim.words)
        assert not claim.sampled or claim.kind != "theorem", claim.id


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_long_claim_reports_progress_while_it_runs(monkeypatch, jobs):
    """A claim that runs longer than TICK seconds gets 'still running' lines with its ID
    before its verdict line, in this process and in worker processes alike."""
    if jobs > 1 and multiprocessing.get_start_method() != "fork":
        pytest.skip("the slow check reaches worker processes only when they are forked")

    def slow(quick):
        time.sleep(0.6)
        return verify.Finding("holds", "slept")
    monkeypatch.setattr(verify, "TICK", 0.1)
    for claim_id in ("DF-01", "DF-02"):
        monkeypatch.setitem(verify.CHECKS, claim_id, slow)
    monkeypatch.setattr(verify, "_samples_of", lambda claim_id: set())
    lines: list[str] = []
    verify.run_checks(["DF-01", "DF-02"], quick=True, jobs=jobs, progress=lines.append)
    first = next(k for k, line in enumerate(lines) if line.startswith("DF-01 holds"))
    assert any(line.startswith("still running: DF-01 ") for line in lines[:first]), lines
    assert sum(line.startswith(("DF-01 holds", "DF-02 holds")) for line in lines) == 2


def test_quick_progress_lines_say_indicative_where_the_report_does(monkeypatch):
    """In a quick run the progress line of a claim whose report reads `indicative` says
    so, with what the quick sample leans to; a theorem's line gives its verdict."""
    monkeypatch.setitem(verify.CHECKS, "DF-15", lambda quick: verify.Finding("refuted", "x"))
    monkeypatch.setitem(verify.CHECKS, "DF-01", lambda quick: verify.Finding("holds", "x"))
    monkeypatch.setattr(verify, "_samples_of", lambda claim_id: set())
    lines: list[str] = []
    verify.run_checks(["DF-15", "DF-01"], quick=True, jobs=1, progress=lines.append)
    assert any(line.startswith("DF-15 indicative (the quick sample: refuted) (") for line in lines)
    assert any(line.startswith("DF-01 holds (") for line in lines)
    lines.clear()
    verify.run_checks(["DF-15"], quick=False, jobs=1, progress=lines.append)
    assert lines[0].startswith("DF-15 refuted (")


def test_detail_takes_the_claims_to_show_in_full():
    """`--detail DF-05` runs DF-05 and prints its block in full; `--detail` alone, every
    claim."""
    args = verify._parse_args(["--detail", "df-05"])
    assert args.detail and args.ids == ["DF-05"]
    assert verify._parse_args(["--detail"]).ids == []


def test_batches_hold_every_claim_once_and_sharing_claims_together():
    """The workers' batches hold every claim once, the claims that read a sample in common
    in one batch (and only those together), the heaviest claim first: the schedule changes
    where a check runs, never which checks run."""
    ids = [claim.id for claim in verify.CATALOGUE]
    out = verify.batches(ids)
    flat = [claim_id for batch in out for claim_id in batch]
    assert sorted(flat) == sorted(ids) and len(flat) == len(ids)
    for name in samples.SAMPLES:
        readers = [c for c in ids if name in verify._samples_of(c)]
        assert readers and sum(set(readers) <= set(batch) for batch in out) == 1, name
    for batch in out:
        if len(batch) > 1:
            assert all(verify._samples_of(c) & set().union(*(verify._samples_of(d) for d in batch
                                                            if d != c)) for c in batch)
    assert set(verify.HEAVIEST_FIRST) <= set(ids)
    assert verify.HEAVIEST_FIRST[0] in out[0]
    assert verify.batches(["DF-14", "DF-01"]) == [("DF-01",), ("DF-14",)]
    assert ("DF-08", "DF-16") in verify.batches(["DF-08", "DF-16", "DF-01"])


def test_a_sample_is_drawn_once_for_all_the_checks_that_read_it(monkeypatch):
    """Two checks that name one sample get the same object, drawn once, by the one place
    that draws it (checks/samples.py), and the run reports how long the drawing took."""
    calls = []

    def columns(quick):
        calls.append(quick)
        return {"drawn": True}
    seen = []

    def reader(quick, df_columns):
        seen.append(df_columns)
        return verify.Finding("holds", "read")
    monkeypatch.setitem(samples.SAMPLES, "df_columns", columns)
    for claim_id in ("DF-02", "DF-03"):
        monkeypatch.setitem(verify.CHECKS, claim_id, reader)
    results, drawn = verify.run_checks(["DF-02", "DF-03"], quick=True, jobs=1)
    assert calls == [True] and seen[0] is seen[1] and list(drawn) == ["df_columns"]
    assert [results[c]["verdict"] for c in ("DF-02", "DF-03")] == ["holds", "holds"]


def test_refuted_claims_carry_a_counterexample_and_a_correction(quick_report):
    """A refuted theorem is never just 'false': it shows the smallest counterexample as a
    board picture and a corrected statement with its own verdict."""
    for row in json.loads(quick_report.stdout)["claims"]:
        if row["verdict"] == "refuted":
            assert row["counterexample"], row["id"]
            assert row["corrected"] and row["corrected_verdict"], row["id"]


def test_unknown_claim_id_is_a_usage_error():
    """A mistyped claim ID stops with exit status 2 and names the ID, no traceback, in one
    line within 100 columns that says which IDs there are; so do many mistyped IDs."""
    result = subprocess.run([sys.executable, "verify.py", "DF-99"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "DF-99" in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert len(result.stderr.splitlines()[0]) <= report.WIDTH
    assert "DF-01 … DF-21, ND-01 … ND-18, X-01 … X-03" in result.stderr
    with pytest.raises(SystemExit):
        verify._parse_args([f"DF-{n}" for n in range(90, 99)])


def test_still_running_lines_fit_100_columns():
    """The progress line naming the claims still running names as many as fit in 100
    columns, then how many more, however many are running and however long."""
    ids = [claim.id for claim in verify.CATALOGUE]
    for busy in (ids[:1], ids[:2], ids[:12], ids):
        for seconds in (12, 999, 123456):
            line = verify.still_running(busy, seconds)
            assert len(line) <= report.WIDTH and line.startswith("still running: ")
            assert busy[0] in line and f"{seconds:,} s in all" in line
    assert verify.still_running(["ND-13", "ND-18"], 40) == \
        "still running: ND-13 and ND-18 (40 s in all)"
    assert "and 34 more" in verify.still_running(ids, 999)


def test_the_header_says_what_was_run():
    """A run of every claim says so, with their number; a run of a few names them, and how
    a full run is had; a quick run says QUICK; every header line fits 100 columns."""
    every = verify._header(False)
    assert every[0].startswith(f"All {len(verify.CATALOGUE)} claims")
    few = verify._header(True, ["DF-12", "ND-05"])
    assert few[0] == ("Claims run: DF-12, ND-05 (2 of 42; python verify.py runs them all).")
    assert "QUICK RUN" in few[1]
    assert all(len(part) <= report.WIDTH for line in every + few
               for part in report.wrap(line, report.WIDTH))


def test_every_check_reads_on_one_screen():
    """Each claim's check is at most 60 lines: its helpers and named sentences sit above
    it, the statistics in checks/judging.py, the samples in checks/samples.py."""
    for claim_id, check in verify.CHECKS.items():
        assert len(inspect.getsourcelines(check)[0]) <= 60, claim_id


def test_each_claim_is_checked_by_the_function_named_after_it():
    """Every catalogue ID has one check, named after it (DF-05 → df_05) in the module of its
    write-up, and the checks stand there in catalogue order, each docstring ending with its
    ID: a reader with a write-up open finds a paragraph's check by name or by reading on."""
    for prefix, module in verify.CHECK_MODULES.items():
        ids = [claim.id for claim in verify.CATALOGUE if claim.id.startswith(prefix + "-")]
        assert module.__all__ == [verify.check_name(claim_id) for claim_id in ids]
        checks = [getattr(module, verify.check_name(claim_id)) for claim_id in ids]
        starts = [inspect.getsourcelines(check)[1] for check in checks]
        assert starts == sorted(starts), module.__name__
        for claim_id, check in zip(ids, checks):
            assert check.__doc__.rstrip().endswith(f"[{claim_id}]"), claim_id
    assert list(verify.CHECKS) == [claim.id for claim in verify.CATALOGUE]


def test_a_check_no_claim_names_stops_the_import(monkeypatch):
    """A check module exporting a name no claim matches (a typo such as df_5) is an error,
    not a check that silently never runs."""
    module = verify.CHECK_MODULES["DF"]
    monkeypatch.setattr(module, "__all__", module.__all__ + ["df_5"])
    with pytest.raises(ValueError, match="df_5"):
        verify._collect_checks()


def test_the_docstring_says_where_each_check_lives():
    """verify.py's docstring names, for each ID prefix, the module that holds its checks
    and the name of one check there, so a reader goes from an ID to its code."""
    for prefix, module in verify.CHECK_MODULES.items():
        path = module.__name__.replace(".", "/") + ".py"
        first = next(claim.id for claim in verify.CATALOGUE if claim.id.startswith(prefix + "-"))
        line = next(line for line in verify.__doc__.splitlines() if path in line)
        assert verify.check_name(first) in line, (prefix, line)


# === What a check does with what the write-up leaves open ===

def test_df_10s_counts_of_starved_rooms_are_alternatives(monkeypatch):
    """The write-up never says how many rooms its 6x6 boards starve, so DF-10's rows for
    k = 0 to 3 are alternatives: each of its two figures is one row taking its largest
    p-value over them (as a rate printed without its n does), and a k far from the
    write-up's figure cannot alone make the claim differ."""
    import dosun_fuwari as df
    from checks import df_claims, judging
    from common import Count

    def loose_counts(boards):   # k = 0: every board stays unique; else 4,000 answers
        ks = list(boards)
        count = 1 if ks[0] == 0 else 4000
        counts = tuple(Count(count, False) for _ in ks)
        return df.LooseCounts(sum(c.count == 1 for c in counts), count, counts)
    monkeypatch.setattr(df, "unique_board", lambda seed, rows, cols, k, density: k)
    monkeypatch.setattr(df, "loose_counts", loose_counts)
    rows = judging.judge(df_claims._df_10_rows(40, 0.17))
    assert [r["label"] for r in rows] == ["6x6: unique under loose", "6x6: smallest loose count"]
    assert rows[0]["p"] == 1.0 and "k = 0 to 3" in rows[0]["note"]
    assert judging.claim_verdict(rows) != "differs"


def test_an_experiment_is_rerun_at_every_density_of_the_set():
    """Across the density's confidence set an experiment's row takes its largest p-value
    over every density of the set, not only its ends and the estimate: a figure whose p
    peaks inside the set (where it crosses the write-up's value) does not differ; a row
    no density can change (judging.settled) is not rerun at all."""
    from checks import df_claims, fits, judging
    grid = (0.15, 0.16, 0.17, 0.18, 0.19, 0.20, 0.21)
    fit = fits.Fit("black-cell density", grid, tuple(f"{d:.2f}" for d in grid), (), (), (),
                   2, tuple(range(7)), (), "")

    def row(p):
        return judging.fitted_row("rate", 1, 1, "mean", p, 0.5, 0.7, limit=(0.55, 0.65))
    asked = []

    def rows_at(density):
        asked.append(density)
        return [row(0.5 if density == 0.19 else 0.001)]
    out = judging.judge(df_claims._df_across_set(fit, [row(0.001)], rows_at))
    assert sorted(asked) == [0.15, 0.16, 0.18, 0.19, 0.20, 0.21]
    assert out[0]["p"] == 0.5 and out[0]["verdict"] != "differs"
    asked.clear()
    settled = judging.rate_row("unique", (0, 36), (0, 36))
    assert df_claims._df_across_set(fit, [settled], rows_at) == [settled] and asked == []


def test_df_15_draws_sizes_fixed_before_it_looks(monkeypatch):
    """DF-15's samples are sized from the write-up's figures before any board is drawn:
    880 tries a row at the estimate (the sample rule's four times 220, which k = 1's 200 of
    220 asks), the write-up's 220 at the density set's other values and for the k = 5 row;
    a row left open by the draws is reported open, never drawn on after a look."""
    from checks import df_claims, fits
    asked = []

    def draws(size, k, seeds, density=0.17):   # 3 of 4 unique: k = 3's row stays open
        asked.append((seeds.start, len(seeds)))
        return [(True, seed % 4 != 0, "") for seed in seeds]
    monkeypatch.setattr(df_claims, "_df_15_draws", draws)
    monkeypatch.setattr(df_claims, "_df_15_first_steps", lambda boards: (10, 0))
    monkeypatch.setattr(df_claims, "_df_15_unfiltered", lambda tries, density: (tries, 1, 0))
    monkeypatch.setattr(df_claims, "_df_15_most_starved", lambda board: 5)
    monkeypatch.setattr(df_claims, "_df_15_twelve", lambda least: (2 * least, least, least // 2))
    monkeypatch.setattr(df_claims, "_df_15_smallest_loss", lambda cells: None)
    grid = (0.16, 0.17, 0.18)
    fit = fits.Fit("black-cell density", grid, ("0.16", "0.17", "0.18"), (), (), (), 1,
                   (0, 1, 2), (), "")
    finding = df_claims.df_15(False, fit)
    assert df_claims._df_15_plan() == 880
    assert {start for start, _ in asked} == {0} and {n for _, n in asked} == {880, 220}
    assert any(row["verdict"] == "open" for row in finding.rows)


def test_df_15s_unfiltered_step_is_run_beside_the_filtered_one():
    """The write-up's sentence read with no filter (a named variant): one step from a
    trivial board always starves exactly one room, and some boards lose every answer,
    which the filtered step (the answer drawn first stays an answer) never does."""
    import random
    import dosun_fuwari as df
    from checks import df_claims
    answers = []
    for seed in range(40):
        rng = random.Random(seed)
        board = df.trivial_of(8, 8, df.draw_black(rng, 8, 8, 0.17))
        after = df_claims._df_15_unfiltered_step(rng, board)
        assert after is not None and len(df.starved_rooms(after)) == 1
        answers.append(df.count_answers(after, cap=2).count)
    assert 0 in answers and 1 in answers and 2 not in answers


def test_df_16s_room_size_is_fitted_on_its_rows(monkeypatch):
    """The write-up never gives its random rooms' size, and every DF-16 row moves with it:
    a size whose rows Holm rejects (here 6: 450 of 600 without an answer) is out of the
    confidence set, the rows are judged across the sizes kept, and among sizes that fit
    equally well the estimate is the one nearest the bank's own rooms."""
    from checks import df_claims

    def counts(per, room_size):   # the write-up's table, or far off it at size 6
        return [(450 if room_size == 6 else none, 0)
                for none, _ in df_claims._DF_16_THEIRS.values()]
    monkeypatch.setattr(df_claims, "_df_16_counts", counts)
    estimate, kept, _ = df_claims._df_16_fit(600, 4.49)
    assert kept == [3, 4, 5] and estimate == 4
    assert df_claims._df_16_fit(600, 6.8)[0] == 5


def test_nondango_bank_figures_are_judged_across_the_region_set():
    """ND-09's and ND-10's bank rows and ND-16's and ND-17's rows are judged at every
    pair of counts in the region fit's set, not at the estimate alone: on the bank drawn
    again at the other pair (nd_bank_set) or the fit's own boards there, each row taking
    its largest p-value and widest interval, and saying over which counts."""
    import nondango as nd
    from checks import fits, nd_claims
    from checks.shared import bank_boards
    shipped = bank_boards("nondango")
    redrawn = shipped[:36] + tuple(nd.bank_board(12, 12, 9_000_000 + i, 144 / 47)
                                   for i in range(6))
    finding = nd_claims.nd_09(False, {(21, 48): shipped, (21, 47): redrawn})
    assert any("21/48 and 21/47" in row["note"] for row in finding.rows if row.get("note"))
    boards = {size: shipped[:6] if size == 8 else shipped[36:42] for size in (8, 12)}
    fit = fits.Fit("mean region size", ((21, 48), (21, 47)), ("21/48", "21/47"), (), (), (),
                   0, (0, 1), (), "", boards=({"bank 8x8": boards[8], "bank 12x12": boards[12]},
                                               {"bank 8x8": boards[8], "bank 12x12": redrawn[36:]}))
    rows = nd_claims.nd_17(True, {"one size": fit}).rows
    twelve = [row for row in rows if row["label"].startswith("12×12")]
    assert twelve and all("21/48 and 21/47" in row["note"] for row in twelve)


def test_the_readme_says_what_the_density_is_and_how_long_a_run_takes():
    """README.md says the density is the generator's chance of a black cell and gives the
    bank's own black share beside it, as measured on the shipped boards (higher, once
    one-cell runs are painted black); and every CPU time its opening gives for a run is
    one bench/RESULTS.md measured (python bench/verify_time.py), not a guess."""
    import re
    from checks.shared import bank_boards
    readme = (ROOT / "README.md").read_text()
    for size in (8, 12):
        boards = bank_boards("dosun-fuwari", size)
        share = sum(len(b.black) for b in boards) / (len(boards) * size * size)
        assert f"{share:.1%}" in readme, size
    assert "chance of a black cell" in readme
    results = (ROOT / "bench" / "RESULTS.md").read_text()
    section = results[results.index("## verify.py run time, the sample rule"):]
    opening = readme[:readme.index("## ")]
    times = re.findall(r"(\d+) s of CPU", opening)
    assert len(times) >= 2 and all(f"{t} s of CPU" in section for t in times)
