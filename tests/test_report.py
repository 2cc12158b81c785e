"""The layout of verify.py's report (report.py): nothing is wider than the page, nothing
is cut, boards found in a check's text are drawn as pictures with their legend, and the
default report is one a reader can take in: a table of every claim with its figures in
words, a legend, and a short block per claim, the rest under --detail.

The report's tests on a whole run read tests/full_run.json, one full run's findings as
`python verify.py --json > tests/full_run.json` writes them, so that no test runs the
checks; write it again when a check's findings change shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import example, given, strategies as st

import dosun_fuwari as df
import nondango as nd
import verify
from checks import report
from checks.catalogue import CATALOGUE, CLAIM_BY_ID, SECTIONS, section_of
from checks.shared import cell_name

FULL_RUN = Path(__file__).parent / "full_run.json"

WORDS = st.lists(st.text(alphabet="abc1,.×∏", min_size=1, max_size=30), max_size=40)


@given(WORDS, st.integers(min_value=5, max_value=100))
@example(["1,328,921,689,649,459", "<", "2^53"], 12)
def test_wrap_fits_the_width_and_keeps_every_word(words, width):
    """Every wrapped line fits the width, and the words come back in order: a word that
    fits a line is never split, a longer one is split across lines and nothing is lost."""
    lines = report.wrap(" ".join(words), width)
    assert all(len(line) <= width for line in lines)
    if all(len(word) <= width for word in words):
        assert " ".join(lines).split() == words
    assert "".join("".join(lines).split()) == "".join(words)


@given(st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=5))
def test_table_cells_wrap_inside_their_columns(cells):
    """A table row whose cells are too long for their columns takes more lines; every line
    fits WIDTH, and each cell's words come back in order from its own column."""
    rows = [[" ".join(a), " ".join(b)] for a, b in cells]
    lines = report.table(["left", "right"], rows, [30, 0])
    assert all(len(line) <= report.WIDTH for line in lines)
    left = " ".join(line[:30] for line in lines[2:]).split()
    assert left == " ".join(row[0] for row in rows).split()


def test_a_board_in_a_note_is_drawn_with_its_sections_side_by_side_and_its_legend():
    """A Nondango board file inside a note becomes a picture under its puzzle and size, its
    regions, circles and answer side by side, followed by the legend; the prose around it
    stays as it was."""
    board = "nondango\nregions:\n0 0 1 2\ncircles:\no o o o\nanswer:\n# o # #"
    lines = report.pictures(f"before, smallest:\n{board}\nafter.")
    assert lines[0] == "before, smallest:" and lines[-1] == "after."
    assert "  nondango, 1 row × 4 columns" in lines
    assert "  regions   circles   answer" in lines and "  0 0 1 2   o o o o   # o # #" in lines
    assert any(line.startswith("  legend: regions:") for line in lines)


def test_a_board_too_wide_to_stand_side_by_side_is_stacked():
    """Sections that would pass the page side by side are drawn one under another."""
    board = df.parse("dosun-fuwari\nrooms:\n" + " ".join(["0"] * 30) + "\n")
    lines = report.board_picture(df.picture(board, df.Answer(frozenset({(0, 0)}),
                                                             frozenset({(0, 1)}))))
    assert "  rooms" in lines and "  answer" in lines
    assert all(len(line) <= report.WIDTH - report.LABELS for line in lines)


def test_text_that_is_not_a_board_is_left_alone():
    """A line that names a puzzle but is not followed by a board file stays prose."""
    text = "nondango\nis a puzzle, and this is not a board"
    assert report.pictures(text) == text.splitlines()
    assert report.board_picture(nd.GENRE) is None


def _row(**fields) -> dict:
    row = {"id": "DF-15", "kind": "experiment", "words": "uniqueness by starved rooms",
           "claim": "The share of unique boards falls.", "documented": "220/220",
           "verdict": "differs", "sample_verdict": None, "measured": "40/40", "detail": "",
           "counterexample": None, "corrected": None, "corrected_verdict": None,
           "crosscheck_failures": [], "rows": [], "seconds": 1.25}
    return {**row, **fields}


def test_a_block_shows_the_checks_rows_and_a_quick_samples_leaning():
    """A check's figure rows are printed as a small table in its block, and an indicative
    verdict shows what the quick sample leans to."""
    rows = [{"label": "8x8 k=1", "ours": "40/40 = 100.0%", "theirs": "200/220 = 90.9%",
             "verdict": "reproduced"}]
    lines = report.block(_row(verdict="indicative", sample_verdict="differs", rows=rows * 3))
    assert all(len(line) <= report.WIDTH for line in lines)
    assert " ".join(line.strip() for line in lines[:2]) == (
        "DF-15  indicative (the quick sample: differs) · experiment · "
        "§4 The dial is the number of starved rooms")
    figures = next(line for line in lines if "8x8 k=1" in line)
    assert figures.split() == ["8x8", "k=1", "200/220", "=", "90.9%", "40/40", "=", "100.0%",
                               "reproduced"]
    assert "the quick sample leans to differs" in " ".join(lines)


def test_the_summary_is_the_last_line():
    """The report ends with the summary line it is given, after the blocks."""
    text = report.text([_row()], ["header"], "1 claim (full run): 1 differs; cross-checks pass")
    lines = text.splitlines()
    assert lines[0] == "header" and lines[-1].startswith("1 claim (full run)")
    head = "DF-15  differs · experiment · §4 The dial is the number of starved rooms"
    assert lines.index(head) < len(lines) - 2 and lines[-2] == ""


# === The report a reader takes in, on a whole run ===

@pytest.fixture(scope="module")
def full_run() -> dict:
    return json.loads(FULL_RUN.read_text())


def _text(run: dict, detail: bool = False) -> str:
    rows = [dict(claim) for claim in run["claims"]]
    return report.text(rows, verify._header(run["quick"]),
                       verify._summary_line(rows, run["quick"]), detail=detail,
                       quick=run["quick"])


def _blocks(text: str) -> dict[str, list[str]]:
    """Claim ID → the lines of its block: from its head line to the next block's, without
    the blank lines that end it (a board picture inside a block is set off by blank lines;
    the summary after the last block is left out)."""
    blocks, current = {}, None
    lines = text.splitlines()
    summary = len(lines) - 1 - lines[::-1].index("")
    for line in lines[:summary]:
        first = line.split(" ", 1)[0]
        if first in CLAIM_BY_ID and any(f" · {kind}" in line
                                         for kind in ("theorem", "experiment", "bank figure")):
            current = blocks.setdefault(first, [])
        if current is not None:
            current.append(line)
    for block in blocks.values():
        while not block[-1]:
            block.pop()
    return blocks


def _figure_lines(block: list[str]) -> list[str]:
    """The lines of a block from its 'figures' label to its 'verdict' label."""
    start = next((k for k, line in enumerate(block) if line.startswith("  figures")), None)
    end = next(k for k, line in enumerate(block) if line.startswith("  verdict"))
    return [] if start is None else block[start:end]


def test_the_default_report_is_short_and_fits_the_page(full_run):
    """On a full run's findings the default report has fewer than 450 lines, none of them
    wider than 100 columns, and ends with the summary line."""
    lines = _text(full_run).splitlines()
    assert len(lines) < 450
    assert max(len(line) for line in lines) <= report.WIDTH
    summary = lines[len(lines) - lines[::-1].index(""):]
    assert " ".join(summary).startswith(f"{len(full_run['claims'])} claims (full run): ")


def test_the_table_gives_every_claim_on_one_line_with_both_verdicts(full_run):
    """The table has one line per claim, in catalogue order: its ID, its section's number,
    its verdict, for a theorem with figures beside it their own verdict (DF-12: theorem
    refuted, figures reproduced; ND-16: holds, figures open), the claim in its few words,
    and the write-up's figure beside ours where it fits on the line; the legend under it
    explains every verdict the report uses."""
    lines = _text(full_run).splitlines()
    rule = next(k for k, line in enumerate(lines) if line.startswith("-----  "))
    assert lines[rule - 1].split() == ["ID", "§", "verdict", "figures", "claim", "write-up",
                                       "→", "ours"]
    table = lines[rule + 1: rule + 1 + len(CATALOGUE)]
    assert [line.split()[0] for line in table] == [claim.id for claim in CATALOGUE]
    by_id = {line.split()[0]: line for line in table}
    for claim in full_run["claims"]:
        line = by_id[claim["id"]]
        assert line.split()[1:3] == [section_of(claim["id"]).number, claim["verdict"]]
        assert f"  {CLAIM_BY_ID[claim['id']].words}" in line
    assert by_id["DF-12"].split()[2:4] == ["refuted", "reproduced"]
    assert by_id["ND-16"].split()[2:4] == ["holds", "open"]
    assert by_id["DF-09"].endswith("0 of 36 → 0 of 36")
    assert sum("→" in line for line in table) >= 15
    assert lines[rule + 1 + len(CATALOGUE)] == ""
    legend = lines[rule + 2 + len(CATALOGUE):]
    assert legend[0].startswith("Verdicts")
    used = {claim["verdict"] for claim in full_run["claims"]}
    for verdict in used:
        assert any(line.split()[:1] == [verdict] and report.MEANINGS[verdict] in line
                   for line in legend[:12]), verdict


def test_every_row_the_data_cannot_decide_says_why(full_run):
    """Every judged row carries its reason: a consistent row names what in the write-up is
    its limit (its n, its rounding, an n it never gave, a parameter it leaves out), an open
    row how many boards of ours would decide it, or, where its own interval lies off 0,
    that Holm's correction over the claim's rows keeps it; none reads inconclusive."""
    rows = [(claim["id"], row) for claim in full_run["claims"] for row in claim["rows"]]
    for claim_id, row in rows:
        assert row["verdict"] != "inconclusive", claim_id
        if row["verdict"] == "consistent":
            assert re.search(r"cannot tell a gap under|leaves a gap under|open \(counts",
                             row["reason"]), (claim_id, row["reason"])
            assert row["limit"] is not None
        if row["verdict"] == "open" and row["needed"]:
            assert f"{row['needed']:,} boards" in row["reason"], claim_id
        elif row["verdict"] == "open":
            assert "Holm's correction" in row["reason"], claim_id
            assert row["difference"][0] > 0 or row["difference"][1] < 0, claim_id
    assert {claim["verdict"] for claim in full_run["claims"]} <= {
        "holds", "refuted", "reproduced", "consistent", "differs", "open", "underspecified"}


def test_a_consistent_row_holds_no_difference_even_at_its_limit(full_run):
    """A row reads consistent only where the write-up is the limit: its limit (our own
    error zero), or the hull of its limits over a parameter's set, reaches the margin and
    still holds 0; a limit lying off 0 would be our boards' to decide, so that row reads
    open (DF-15's 8x8 rate at three starved rooms, ND-16's pinned share)."""
    from checks import judging
    for claim in full_run["claims"]:
        for row in claim["rows"]:
            if row["verdict"] == "consistent":
                bounds = [row["limit"]] + ([row["spread"]] if row.get("spread") else [])
                assert any(judging.holds_zero(b) and judging.reaches(b, row["margin"])
                           for b in bounds), (claim["id"], row["label"])


def test_counts_a_theorem_rests_on_are_counted_not_judged_as_rates(full_run):
    """Boards breaking a theorem checked on samples (ND-06's bank boards, ND-13's dial
    boards that lost the answer) are counted and read holds, with no test against the
    write-up's count; a bank figure set to the write-up's by construction (DF-14's medians)
    is shown, not judged."""
    rows = {(claim["id"], row["label"]): row for claim in full_run["claims"]
            for row in claim["rows"]}
    for key in (("ND-06", "bank boards breaking it"),
                ("ND-13", "dial boards that lost the answer")):
        assert rows[key]["verdict"] == "holds" and rows[key]["ours"][0] == 0, key
        assert rows[key].get("p") is None, key
    for size in (8, 12):
        median = rows[("DF-14", f"{size}x{size} median starved (built in)")]
        assert median["verdict"] is None and "not judged" in median["note"]


def test_no_figure_cell_holds_a_python_literal(full_run):
    """Every figure, in the table and in the blocks, is in words: no '[', '{' or 'None'
    (a count of boards reads '0 of 36', a missing figure '—')."""
    text = _text(full_run)
    lines = text.splitlines()
    rule = next(k for k, line in enumerate(lines) if line.startswith("-----  "))
    cells = [line for line in lines[rule + 1: rule + 1 + len(CATALOGUE)]]
    for block in _blocks(text).values():
        cells += _figure_lines(block)
    for line in cells:
        assert not re.search(r"[\[{]|None", line), line
    for claim in full_run["claims"]:
        for figure in claim["rows"]:
            for value, other in ((figure["theirs"], figure["ours"]),
                                 (figure["ours"], figure["theirs"])):
                words = report.figure_words(value, other, figure["label"])
                assert not re.search(r"[\[{]|None", words), (claim["id"], words)


def test_figures_read_in_words():
    """A count of boards is 'k of n' (its percentage beside a share), a share a
    percentage, a log10 a power of ten, a count with thousands separators, no figure '—'."""
    assert report.figure_words([0, 36], [0, 36], "unique") == "0 of 36"
    assert report.figure_words([235, 416], 0.551, "unique") == "235 of 416 (56.5%)"
    assert report.figure_words(0.551, [235, 416], "unique") == "55.1%"
    assert report.figure_words(13.62, 13.0, "8x8 log10 placements") == "10^13.62"
    assert report.figure_words(3264, 4608, "smallest count") == "3,264"
    assert report.figure_words(43.0, 43.3, "white circles") == "43.0"
    assert report.figure_words(None, [5, 72], "valid") == "—"


def test_labels_do_not_wrap(full_run):
    """Every figure label a block shows stands whole on one line of the report (a label
    too long for its column takes a line of its own), in the default and the detailed
    report alike; the detailed report shows every figure."""
    for detail in (False, True):
        text = _text(full_run, detail)
        blocks = _blocks(text)
        for claim in full_run["claims"]:
            lines = _figure_lines(blocks[claim["id"]])
            shown = [f for f in claim["rows"] if any(f["label"] in line for line in lines)]
            if detail:
                assert len(shown) == len(claim["rows"]), claim["id"]
            else:
                assert len(shown) == min(len(claim["rows"]), report.MAX_FIGURES), claim["id"]


def test_each_block_is_short_and_names_its_section(full_run):
    """Each claim's default block has at most 15 lines: a head line that names the
    write-up's section by its number and heading, the claim, its figures side by side
    (the write-up's and ours), and the verdict with its reason in one sentence."""
    blocks = _blocks(_text(full_run))
    assert list(blocks) == [claim.id for claim in CATALOGUE]
    for claim in full_run["claims"]:
        block = blocks[claim["id"]]
        assert len(block) <= 15, (claim["id"], len(block))
        section = section_of(claim["id"])
        start = next(k for k, line in enumerate(block) if line.startswith("  claim "))
        head = " ".join(line.strip() for line in block[:start])
        assert (f"{section.number} {section.heading}" in head if section.number != "—"
                else "this project's own" in head), claim["id"]
        assert any(line.startswith("  figures ") for line in block), claim["id"]
        verdict = next(k for k, line in enumerate(block) if line.startswith("  verdict"))
        sentence = " ".join(" ".join(line.split()) for line in block[verdict:]
                            if not line.startswith("  FAILED"))
        assert sentence.startswith(f"verdict {claim['verdict']}: ") and sentence.endswith(".")


def test_the_detailed_report_prints_everything_the_short_one_drops(full_run):
    """With --detail every word of every claim's statement, the write-up's figure, ours,
    how it was measured (tests, p-values, calibration tables), the counterexample and the
    corrected statement is printed somewhere (a board's picture is its words rearranged);
    the default report leaves the method out and says where to find it."""
    def words(text: str) -> dict:
        counts: dict = {}
        for word in text.split():
            word = word.strip(":,")
            counts[word] = counts.get(word, 0) + 1
        return counts
    detailed, short = _text(full_run, detail=True), _text(full_run)
    printed = words(detailed)
    for claim in full_run["claims"]:
        for key in ("claim", "documented", "measured", "detail", "counterexample", "corrected"):
            missing = [w for w, n in words(claim[key] or "").items() if printed.get(w, 0) < n]
            assert not missing, (claim["id"], key, missing[:5])
    assert "Holm-adjusted" in detailed and "Holm-adjusted" not in short
    assert "--detail ID" in short


def test_the_detail_of_df_15_fits_the_page_and_tells_its_two_counts_apart(full_run):
    """`verify.py --detail DF-15`: every line within 100 columns; the two counts of boards
    that reach five starved rooms (random draws, and every sequence of steps tried) are
    told apart where they appear; DF-05's detail says why a z of 0.0 is 0."""
    rows = {claim["id"]: dict(claim) for claim in full_run["claims"]}
    text = report.text([rows["DF-15"]], verify._header(False, ["DF-15"]),
                       verify._summary_line([rows["DF-15"]], False), detail=True)
    assert max(len(line) for line in text.splitlines()) <= report.WIDTH
    assert "random draws reaching 5" in text and "boards some sequence takes to 5" in text
    assert "by two counts" in " ".join(text.split())
    five = report.text([rows["DF-05"]], [], "", detail=True)
    assert "0 where ours lies within that rounding" in " ".join(five.split())


def test_a_quick_report_marks_sampled_figures_indicative(full_run):
    """In a quick run a sampled claim reads `indicative` in the table and its block, with
    what the sample leans to, and a theorem whose figures the quick run samples (DF-12)
    keeps its own verdict while its figures read `indicative`."""
    ids = [claim["id"] for claim in full_run["claims"]]
    rows = verify.report_rows(ids, {c["id"]: c for c in full_run["claims"]}, quick=True)
    text = report.text(rows, verify._header(True), verify._summary_line(rows, True),
                       quick=True)
    table = {line.split()[0]: line.split() for line in text.splitlines()
             if line.split()[:1] and line.split()[0] in CLAIM_BY_ID and " · " not in line}
    assert table["DF-15"][2] == "indicative" and table["DF-12"][2:4] == ["refuted", "indicative"]
    assert "DF-15  indicative (the quick sample: refuted)" in text


def test_sections_cover_every_claim_once_in_order():
    """Every claim belongs to exactly one section of its write-up, and reading the sections
    in order gives the claims in catalogue order."""
    ids = [claim_id for sections in SECTIONS.values() for s in sections for claim_id in s.claims]
    assert ids == [claim.id for claim in CATALOGUE]
    assert all(len(s.short) <= 16 for sections in SECTIONS.values() for s in sections)


def test_cells_are_named_as_on_the_play_page():
    """A cell (row, col), row 0 at the top, is named by its column's letters and its row's
    number from 1, as the play page names it: A1 at the top left."""
    assert [cell_name(c) for c in ((0, 0), (3, 1), (0, 25), (2, 26), (11, 27))] == \
        ["A1", "B4", "Z1", "AA3", "AB12"]


def test_prose_holds_no_python_literals():
    """The checks' sentences give counts in words, not as Python dicts, lists or tuples:
    DF-19's rung moves and DF-15's starving steps (cells named A1)."""
    from checks import df_claims
    assert df_claims._df_19_moves({1: 220}) == "220 one rung up"
    assert df_claims._df_19_moves({0: 517, 2: 1}) == "517 no rung, 1 2 rungs up"
    board = df.trivial_of(4, 3, {(0, 0)})
    pair = df.starve_candidates(board)[0]
    handed = df_claims._df_15_handed(df.starve_once(board, pair), (pair,))
    assert re.fullmatch(r"[A-C][1-4]", handed), handed
