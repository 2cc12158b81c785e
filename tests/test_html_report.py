"""The report page (`python verify.py --html PATH`, checks/html_report.py, checks/html_tables.py,
checks/draw.py): one self-contained page with a section per claim in the write-ups' order,
a picture for every claim with figures and for every table of the write-ups it redraws,
each with a caption and its figures as a table; pictures that say what the rows say; every
word escaped for where it goes; nothing fetched; a file the user wrote never replaced.

Most tests read tests/full_run.json (one full run's findings, as test_report.py does), so
that no test runs the checks; one runs verify.py on two cheap claims, as a user would.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st

import dosun_fuwari as df
import nondango as nd
from checks import draw, fits, html_boards, html_report, html_tables
from checks.catalogue import CATALOGUE
from tools import play_page

ROOT = Path(__file__).resolve().parent.parent
FULL_RUN = Path(__file__).parent / "full_run.json"
HEADER = ["Every claim, re-derived.", "Full run."]


@pytest.fixture(scope="module")
def full_rows() -> list[dict]:
    return json.loads(FULL_RUN.read_text(encoding="utf-8"))["claims"]


@pytest.fixture(scope="module")
def full_page(full_rows) -> str:
    return html_report.page(full_rows, HEADER, "42 claims (full run): …", quick=False)


class _Page(HTMLParser):
    """The page as a parser sees it: tags left open or closed out of turn, ids, every URL
    an attribute names, each article's figures (kind, has an svg, caption words, has a
    table under a fold), and the text of every <script> (there should be none)."""

    VOID = {"meta", "br", "img", "input", "link", "hr", "col", "wbr", "source"}
    SVG_EMPTY = {"rect", "line", "circle", "polygon", "polyline", "path", "pattern"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.ids, self.urls, self.scripts = [], [], [], [], []
        self.articles: dict[str, list[dict]] = {}
        self.article, self.figure, self.in_caption = None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        for name in ("src", "href", "xlink:href", "action", "data"):
            if name in attrs:
                self.urls.append(attrs[name])
        for value in attrs.values():
            self.urls += re.findall(r"url\(([^)#][^)]*)\)", value or "")
        if tag == "script":
            self.scripts.append(attrs)
        if tag == "article":
            self.article = attrs["data-claim"]
            self.articles[self.article] = []
        if tag == "figure" and self.article:
            self.figure = {"kind": attrs.get("data-picture"), "svg": False, "caption": "",
                           "table": False}
            self.articles[self.article].append(self.figure)
        if self.figure is not None:
            self.figure["svg"] |= tag == "svg"
            self.figure["table"] |= tag == "table"
            self.in_caption |= tag == "figcaption"
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag == "figcaption":
            self.in_caption = False
        if tag == "figure":
            self.figure = None
        if tag == "article":
            self.article = None

    def handle_data(self, data):
        if self.in_caption and self.figure is not None:
            self.figure["caption"] += data


def _parsed(text: str) -> _Page:
    parser = _Page()
    parser.feed(text)
    parser.close()
    return parser


# === The page ===

def test_the_page_is_well_formed_self_contained_and_small(full_page):
    """Tags balance, ids are unique, nothing is loaded from elsewhere (no src, no link, no
    url() but the page's own patterns, no script at all), and a full run's page is under
    2 MB."""
    parsed = _parsed(full_page)
    assert full_page.startswith("<!DOCTYPE html>")
    assert parsed.problems == [] and parsed.stack == []
    assert len(parsed.ids) == len(set(parsed.ids))
    assert all(url.startswith("#") for url in parsed.urls), parsed.urls
    assert parsed.scripts == [] and "@import" not in full_page and "<link" not in full_page
    assert '<meta name="viewport"' in full_page
    assert len(full_page.encode("utf-8")) < 2_000_000


def test_every_claim_has_a_section_in_the_write_ups_order(full_rows, full_page):
    """One article per claim, in the catalogue's order (the write-ups' own), each with its
    heading, its claim, its verdict in words and its write-up figure beside ours."""
    parsed = _parsed(full_page)
    assert list(parsed.articles) == [claim.id for claim in CATALOGUE]
    for row in full_rows:
        article = re.search(rf'<article id="{row["id"]}".*?</article>', full_page, re.S).group(0)
        assert f'<span class="id">{row["id"]}</span>' in article
        assert draw.words(row["claim"]) in article
        assert f'<span class="badge" data-verdict="{row["verdict"]}">' in article


def test_each_claim_with_figures_and_each_table_has_its_picture_and_caption(full_rows, full_page):
    """A claim with a figure to compare gets its figures picture; each of the write-ups'
    tables the page redraws (DF-03/06/07, DF-15, DF-16, DF-19, ND-11, ND-13, ND-15, ND-16)
    gets its picture; a refuted claim with a counterexample board gets it drawn.  Every
    picture has an SVG, a caption that says what to look at, and a table under a fold."""
    parsed = _parsed(full_page)
    by_id = {row["id"]: row for row in full_rows}
    assert set(html_tables.TABLES) == {"DF-03", "DF-06", "DF-07", "DF-15", "DF-16", "DF-19",
                                       "ND-11", "ND-13", "ND-15", "ND-16"}
    for claim_id, figures in parsed.articles.items():
        kinds = [f["kind"] for f in figures]
        expected = html_report.pictures_of(by_id[claim_id])
        assert sorted(set(kinds)) == sorted(set(expected)), claim_id
        if any(r["theirs"] is not None for r in by_id[claim_id]["rows"]):
            assert "figures" in kinds, claim_id
        if claim_id in html_tables.TABLES:
            assert "table" in kinds, claim_id
        if by_id[claim_id]["verdict"] == "refuted" and by_id[claim_id]["counterexample"]:
            assert "board" in kinds, claim_id
        for picture in figures:
            assert picture["svg"] and picture["table"], (claim_id, picture["kind"])
            assert re.search(r"\b[Ll]ook (at|past)\b", picture["caption"]), \
                (claim_id, picture["caption"])
    assert 'data-picture="missing"' not in full_page
    assert len(parsed.articles["DF-15"]) == 4      # the dial, the draws, the figures, the board


def test_every_word_put_into_the_page_is_escaped():
    """A row whose every field holds markup (in its words, its claim, its figure labels and
    notes, its verdicts, its detail) comes out as text: no tag, attribute or entity of it
    reaches the page as markup, in HTML text, in an attribute or in SVG text."""
    hostile = '<script>alert("x")</script> & "quoted" \'single\' <b onload=x>'
    row = {"id": "DF-05", "kind": "bank figure", "words": hostile, "claim": hostile,
           "documented": hostile, "verdict": "holds" + hostile, "sample_verdict": None,
           "measured": hostile, "detail": hostile, "counterexample": hostile,
           "corrected": hostile, "corrected_verdict": hostile,
           "crosscheck_failures": [hostile], "seconds": 1.0,
           "rows": [{"label": hostile, "ours": 1.5, "theirs": 1.0, "kind": "mean", "p": 0.5,
                     "difference": [-1.0, 2.0], "margin": [-0.1, 0.1],
                     "verdict": "odd" + hostile, "note": hostile, "new field": hostile}]}
    text = html_report.page([row], [hostile], hostile, quick=False)
    parsed = _parsed(text)
    assert parsed.problems == [] and parsed.scripts == []
    assert "<script" not in text and "<b onload" not in text
    assert text.count("&lt;script&gt;") >= 10
    assert all(url.startswith("#") for url in parsed.urls)


def test_a_verdict_word_the_page_does_not_know_is_shown_as_it_is(full_rows):
    """New verdict words (a claim's or a row's) are shown in words with a badge and listed
    in the legend: the page holds no closed list of verdicts."""
    rows = [dict(row) for row in full_rows[:6]]
    rows[4] = rows[4] | {"verdict": "consistent", "rows": [
        figure | {"verdict": "open", "allows": "36 boards cannot tell a gap under 15.6 points"}
        for figure in rows[4]["rows"]]}
    text = html_report.page(rows, HEADER, "summary", quick=False)
    assert '<span class="badge" data-verdict="consistent">consistent</span>' in text
    assert re.search(r'<text class="row-verdict" data-verdict="open"[^>]*>open(<title>'
                     r'[^<]*</title>)?</text>', text)
    assert "36 boards cannot tell a gap under 15.6 points" in text
    legend = re.search(r'<ul class="legend verdicts">.*?</ul>', text, re.S).group(0)
    assert ">consistent<" in legend and ">open<" in legend


def test_a_rows_limit_is_drawn_and_its_reason_said():
    """A row that carries the interval our own sampling cannot narrow (its limit: what the
    write-up's figure alone allows) shows it as a grey bar around the write-up's value, the
    key explains it, and the row's reason is in the table and on the verdict's hover."""
    row = {"id": "DF-09", "kind": "bank figure", "words": "w", "claim": "c",
           "documented": "d", "verdict": "consistent", "sample_verdict": None, "measured": "m",
           "detail": "", "counterexample": None, "corrected": None, "corrected_verdict": None,
           "crosscheck_failures": [], "seconds": 1.0,
           "rows": [{"label": "8x8 bank unique, loose", "ours": [0, 36], "theirs": [0, 36],
                     "kind": "rate", "p": 1.0, "difference": [-0.16, 0.16],
                     "margin": [-0.05, 0.05], "limit": [-0.11, 0.11], "verdict": "consistent",
                     "reason": "36 boards cannot tell a gap under 11 points", "note": ""}]}
    text = html_report.page([row], HEADER, "summary", quick=False)
    assert text.count('<rect class="limit"') == 2          # the strip and the key
    assert "<title>36 boards cannot tell a gap under 11 points</title>" in text
    assert "<td>36 boards cannot tell a gap under 11 points</td>" in text


# === What the pictures say ===

def _figure_row(theirs, low, high, margin, ours):
    return {"label": "a figure", "theirs": theirs, "ours": ours, "kind": "mean", "p": 0.5,
            "difference": [low, high], "margin": [-margin, margin], "verdict": "reproduced"}


@settings(max_examples=60)
@given(st.floats(-50, 50), st.floats(-5, 5), st.floats(0.01, 5), st.floats(0.01, 5),
       st.floats(-5, 5))
@example(10.0, -0.4, 0.8, 1.0, 0.2)      # inside the band, holding the diamond
@example(10.0, 0.3, 0.6, 1.0, 0.45)      # inside the band, missing the diamond
def test_a_strip_draws_the_interval_at_the_write_ups_value_against_its_margin(
        theirs, low, width, margin, shift):
    """In a figure's strip the bar holds the write-up's diamond exactly when the 99%
    interval of the difference holds 0, and lies inside the hatched band exactly when the
    interval lies inside the margin: the picture says what the verdict rule reads."""
    high = low + width
    row = _figure_row(theirs, low, high, margin, theirs + shift)
    svg = html_report._strip(row, 0)
    diamond = re.search(r'<polygon class="theirs" points="([^"]+)"', svg).group(1)
    centre = sum(float(p.split(",")[0]) for p in diamond.split()) / 4
    band = re.search(r'<rect class="band" x="([^"]+)" y="[^"]+" width="([^"]+)"', svg)
    band_low, band_high = float(band.group(1)), float(band.group(1)) + float(band.group(2))
    bar = re.search(r'<g class="ours-bar"><line class="ours-bar" x1="([^"]+)" y1="[^"]+" '
                    r'x2="([^"]+)"', svg)
    bar_low, bar_high = float(bar.group(1)), float(bar.group(2))
    slack = 0.02   # user units: the SVG's coordinates carry two decimals
    if low < -1e-6 * width and high > 1e-6 * width and min(-low, high) > 1e-3 * width:
        assert bar_low - slack <= centre <= bar_high + slack
    if low > 1e-3 * width or high < -1e-3 * width:
        assert not bar_low + slack < centre < bar_high - slack
    inside = -margin < low and high < margin
    if inside and min(low + margin, margin - high) > 1e-3 * margin:
        assert band_low - slack <= bar_low and bar_high <= band_high + slack
    if not -margin <= low or not high <= margin:
        assert bar_low < band_low + slack or bar_high > band_high - slack


@given(st.floats(-1e6, 1e6), st.floats(1e-3, 1e6), st.integers(3, 8))
def test_ticks_are_round_inside_the_range_and_few(low, span, most):
    """An axis's ticks lie inside its range, at least two and at most about `most` (twice
    that where no round step gives two to `most`), stepping evenly by 1, 2 or 5 times a
    power of ten; a scale maps its ends to its ends."""
    high = low + span
    ticks = draw.nice_ticks(low, high, most)
    assert 2 <= len(ticks) <= 2 * most
    assert all(low - 1e-9 * span <= t <= high + 1e-9 * span for t in ticks)
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:])}
    assert len({round(s / max(steps), 6) for s in steps}) == 1
    mantissa = max(steps) / 10 ** math.floor(math.log10(max(steps)))
    assert round(mantissa, 6) in (1, 2, 5)
    scale = draw.Scale(low, high, 10, 410)
    assert scale.at(low) == pytest.approx(10) and scale.at(high) == pytest.approx(410)
    assert draw.Scale(1, 10 ** most, 300, 0, log=True).at(10) == pytest.approx(300 - 300 / most)


def test_the_fit_picture_draws_every_value_and_shades_the_set():
    """A fit's picture has one joint-p point per grid value, one faint curve per figure,
    the confidence set shaded, the estimate marked and the level drawn; its table lists
    every value with its joint p and every figure's own p."""
    figures = fits.DENSITY_FIGURES[:2]
    tests = [[fits.FigureTest(10, z, p) for z, p in zip((3, 1), (1e-5, 0.3))],
             [fits.FigureTest(10, z, p) for z, p in zip((0.5, 0.2), (0.6, 0.8))],
             [fits.FigureTest(10, z, p) for z, p in zip((0.1, 2), (0.9, 0.04))],
             [fits.FigureTest(10, z, p) for z, p in zip((5, 6), (1e-30, 1e-40))]]
    fit = fits.fit_from_tests("black-cell density", (0.1, 0.2, 0.3, 0.4),
                              ("0.10", "0.20", "0.30", "0.40"), figures, tests, ())
    curves = fits.curves(fit)
    assert curves["confidence_set"] == [1, 2] and curves["estimate"] == 1
    assert curves["joint_p"][0] == pytest.approx(2e-5)
    text = html_report.fit_figure({"id": "DF-05", "fit": curves})
    chart = re.search(r'<svg class="chart".*?</svg>', text, re.S).group(0)
    assert chart.count('<circle class="ours"') == 4
    assert len(re.findall(r'<polyline class="faint-line', chart)) == 2
    assert chart.count('<rect class="set"') == 1 and 'class="estimate"' in chart
    assert 'class="level"' in chart and "estimate 0.20" in chart
    assert text.count("<tr>") == 5 and "1e-30" in text


def test_the_fit_picture_marks_the_coarse_pass_apart():
    """Values the coarse pass dropped (tested on the write-up's own n only) are triangles
    off the joint line, which joins the fine pass's values alone: the two passes' p-values
    are not one curve."""
    figures = fits.DENSITY_FIGURES[:1]
    tests = [[fits.FigureTest(10, 3, p)] for p in (1e-6, 0.5, 0.3, 1e-9)]
    fit = fits.fit_from_tests("black-cell density", (0.1, 0.2, 0.3, 0.4),
                              ("0.10", "0.20", "0.30", "0.40"), figures, tests, (),
                              fine=[1, 2])
    chart = re.search(r'<svg class="chart".*?</svg>',
                      html_report.fit_figure({"id": "DF-05", "fit": fits.curves(fit)}),
                      re.S).group(0)
    assert chart.count('<circle class="ours"') == 2
    assert chart.count('<polygon class="ours"') == 2
    joint = re.search(r'<polyline class="ours-line" points="([^"]*)"', chart).group(1)
    assert len(joint.split()) == 2


def test_each_table_reads_the_figures_it_draws_from_the_puzzle_modules(full_rows):
    """The run-state and line-filling pictures hold the write-up's numbers and ours for
    every length, from dosun_fuwari and nondango; the dial of starved rooms draws every
    row of the claim's table, the k = 1 row ringed as one the procedure cannot produce."""
    by_id = {row["id"]: row for row in full_rows}
    states = "".join(html_tables.run_states(by_id["DF-06"]))
    for length in html_tables.LENGTHS:
        for reading in df.READINGS:
            assert f"{df.count_run_states(length, reading):,}" in states
    lines = "".join(html_tables.nd_lines(by_id["ND-11"]))
    assert "10,609 / 10,609" in lines and "121 / 121" in lines
    assert nd.count_line_fillings(15) == 10609
    dial = "".join(html_tables.df_dial(by_id["DF-15"]))
    charts = "".join(re.findall(r'<svg class="chart".*?</svg>', dial, re.S))
    assert charts.count('class="refuted-mark"') == 1
    assert "200 of 220 (90.9%)" in dial and "220 of 220 (100.0%)" in dial


def test_a_picture_whose_rows_are_gone_says_so_and_the_page_still_stands(full_rows):
    """A check that renames its rows costs its picture, which says so in its place, not
    the page."""
    row = next(r for r in full_rows if r["id"] == "DF-15") | {"rows": []}
    text = "".join(html_tables.df_dial(row))
    assert 'data-picture="missing"' in text
    assert html_report.page([row], HEADER, "summary", quick=False).startswith("<!DOCTYPE")


def test_a_note_in_brackets_after_a_label_does_not_hide_its_row(full_rows):
    """A row's label may carry a note in brackets (' (built in)'), and DF-15's count of
    draws reaching five may be worded as such: the pictures still find their rows."""
    by_id = {row["id"]: row for row in full_rows}
    ladder = by_id["DF-19"] | {"rows": [f | {"label": f["label"] + " (built in)"}
                                        for f in by_id["DF-19"]["rows"]]}
    assert 'data-picture="missing"' not in "".join(html_tables.df_ladder(ladder))
    five = next(f for f in by_id["DF-15"]["rows"] if f["label"].startswith("8x8 k=5: "))
    for label in ("8x8 k=5: random draws reaching 5", "8x8 k=5: drawn of 220"):
        rows = [f | {"label": label} if f is five else f for f in by_id["DF-15"]["rows"]]
        drawn = html_tables.df_dial(by_id["DF-15"] | {"rows": rows})[1]
        assert f"ours reach 5 in {five['ours'][0]} of {five['ours'][1]} draws" in drawn


def test_counterexample_boards_are_drawn_with_every_answer(full_rows):
    """A counterexample board is drawn bare and with each of its answers (as many as the
    engine finds, up to ANSWERS_SHOWN), with the legend of its puzzle's symbols; DF-15's
    board has more than one answer and the caption names the cells where they differ."""
    by_id = {row["id"]: row for row in full_rows}
    text = html_boards.board_figure(by_id["DF-15"])
    board = df.parse(by_id["DF-15"]["counterexample"])
    answers = list(df.solve(board.replace(answer=None)))
    assert len(answers) > 1
    assert text.count('<svg class="board"') == 1 + min(len(answers), html_boards.ANSWERS_SHOWN)
    assert "balloon (open circle)" in text and "iron ball (filled circle)" in text
    assert re.search(r"Look at [A-Z]+\d+", text)
    twelve = html_boards.board_figure(by_id["DF-12"])
    assert "no answer" in twelve


def test_boards_use_the_play_pages_symbols():
    """Each class a board picture uses is styled exactly as on the play page (balloon an
    open circle, iron ball a filled one, black cells, walls, Nondango circles), so the two
    pages draw the same board the same way."""
    def rules(css: str) -> dict[str, dict[str, str]]:
        """selector → property → value, over every rule that names the selector."""
        out: dict[str, dict[str, str]] = {}
        for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
            declared = dict(tuple(part.strip() for part in item.split(":", 1))
                            for item in body.split(";") if ":" in item)
            for selector in selectors.split(","):
                out.setdefault(selector.strip(), {}).update(declared)
        return out
    ours, theirs = rules(draw.SYMBOL_STYLE), rules(play_page.resource("play_page.css"))
    shared = [s for s in ours if s.startswith(".")]
    assert {".balloon", ".iron", ".cell.black", ".wall", ".nd-black", ".white", ".unpainted",
            ".given-ring"} <= set(shared)
    for selector in shared:
        assert ours[selector].items() <= theirs.get(selector, {}).items(), selector


# === Writing the page ===

def test_the_page_replaces_only_a_page_verify_wrote(tmp_path):
    """write_page writes a sealed page and replaces it on the next run; it refuses a file
    it did not write, its own page once edited, a folder and a missing folder, each with
    one line naming the path, and leaves the file as it was."""
    mine = tmp_path / "notes.html"
    mine.write_text("my notes", encoding="utf-8")
    with pytest.raises(FileExistsError, match="not written by verify.py"):
        html_report.write_page(mine, "<!DOCTYPE html>")
    assert mine.read_text(encoding="utf-8") == "my notes"
    page = html_report.page([], HEADER, "summary", quick=True)
    out = tmp_path / "report.html"
    html_report.write_page(out, page)
    html_report.write_page(out, page)
    with out.open("a", encoding="utf-8") as handle:
        handle.write("<!-- my edit -->\n")
    with pytest.raises(FileExistsError, match="edited since"):
        html_report.write_page(out, page)
    with pytest.raises(IsADirectoryError):
        html_report.check_out(tmp_path)
    with pytest.raises(FileNotFoundError, match="no folder"):
        html_report.check_out(tmp_path / "missing" / "report.html")


def test_verify_writes_the_page_beside_its_text_report(tmp_path):
    """`python verify.py IDs --quick --html PATH` prints the text report as ever and writes
    the page with those claims' sections and pictures; a place it may not write is
    refused in one line, exit 2, before any check runs."""
    out = tmp_path / "report.html"
    run = subprocess.run([sys.executable, "verify.py", "DF-03", "DF-12", "--quick", "--html",
                          str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "DF-12  refuted" in run.stdout and f"wrote {out}" in run.stderr
    parsed = _parsed(out.read_text(encoding="utf-8"))
    assert list(parsed.articles) == ["DF-03", "DF-12"]
    assert [f["kind"] for f in parsed.articles["DF-12"]] == ["figures", "board"]
    mine = tmp_path / "mine.html"
    mine.write_text("mine", encoding="utf-8")
    refused = subprocess.run([sys.executable, "verify.py", "DF-20", "--html", str(mine)],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "not written by verify.py" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "DF-20" not in refused.stderr
    assert mine.read_text(encoding="utf-8") == "mine"
