"""The report page in a real browser, driven by Playwright: `python verify.py --quick --html`
writes a page that opens with no console error and fetches nothing; every claim's section
holds the pictures it declares, each drawn (not empty), with a caption and its figures as
a table that opens under its fold; on a phone's width nothing makes the page scroll
sideways.  A desktop and a phone screenshot go to tests/artifacts/ (report.png,
report-phone.png) for a person to look at.

The browser is found by tests/browsers.py (the PLAY_BROWSER variable, a Chromium or
Chrome on PATH, Playwright's own Chromium); without Playwright or a browser the module is
skipped with the command that installs what is missing, and under CI (the CI variable,
set by .ci/run) it fails instead.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from browsers import HEADLESS, find_browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).parent / "artifacts"
DESKTOP = {"width": 1280, "height": 1000}
PHONE = {"width": 390, "height": 844}
EXECUTABLE, FOUND_BY = find_browser("the report page")


@pytest.fixture(scope="module")
def report_file(tmp_path_factory) -> Path:
    """The page a quick run writes: `python verify.py --quick --html PATH`."""
    out = tmp_path_factory.mktemp("report") / "report.html"
    run = subprocess.run([sys.executable, "verify.py", "--quick", "--html", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    return out


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=EXECUTABLE, args=HEADLESS)
        yield launched
        launched.close()


@pytest.fixture
def tab(browser, report_file):
    """A fresh tab on the written page; fails on a console error, a script error or any
    request off the page."""
    context = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                  else (errors.append(route.request.url), route.abort()))
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(report_file.as_uri())
    yield page
    context.close()
    assert errors == []


# === The page ===

SECTIONS = """articles => articles.map(a => ({
    claim: a.dataset.claim,
    declared: a.dataset.pictures ? a.dataset.pictures.split(" ") : [],
    figures: [...a.querySelectorAll("figure")].map(f => {
        const drawn = f.querySelector("svg.chart, svg.board");
        const box = drawn ? drawn.getBoundingClientRect() : {width: 0, height: 0};
        const caption = f.querySelector("figcaption");
        return {kind: f.dataset.picture, width: box.width, height: box.height,
                marks: drawn ? drawn.querySelectorAll("circle, polygon, rect, line").length : 0,
                caption: caption ? caption.textContent : "",
                described: !!drawn && (drawn.classList.contains("board")
                                       || drawn.getAttribute("aria-describedby") === caption.id),
                table: !!f.querySelector("details table")};
    })}))"""


def _sections(tab) -> list[dict]:
    """Per claim section: its claim, the pictures it declares, and per figure its kind,
    its drawing's size on screen, its marks, its caption, whether the caption describes
    it, and whether it holds a table."""
    return tab.locator("article").evaluate_all(SECTIONS)


def test_every_section_holds_its_pictures_drawn_with_captions_and_tables(tab):
    """Every claim has a section; each holds the pictures it declares (the write-up's table
    redrawn, its figures, a fit, a counterexample board), and every one is drawn with
    marks in it, described by its caption, which says what to look at, with its figures as
    a table under a fold.  The write-ups' tables (DF-03/06/07, DF-15, DF-16, DF-19, ND-11,
    ND-13, ND-15, ND-16) and both fits are there."""
    sections = _sections(tab)
    assert len(sections) == 42
    tables, fits = set(), set()
    for section in sections:
        kinds = [figure["kind"] for figure in section["figures"]]
        assert sorted(set(kinds)) == sorted(section["declared"]), section["claim"]
        for figure in section["figures"]:
            where = (section["claim"], figure["kind"])
            assert figure["width"] > 60 and figure["height"] > 60, where
            assert figure["marks"] >= 2, where
            assert figure["described"] and figure["table"], where
            assert "ook at" in figure["caption"] or "ook past" in figure["caption"], where
        tables |= {section["claim"] for f in section["figures"] if f["kind"] == "table"}
        fits |= {section["claim"] for f in section["figures"] if f["kind"] == "fit"}
    assert tables == {"DF-03", "DF-06", "DF-07", "DF-15", "DF-16", "DF-19", "ND-11", "ND-13",
                      "ND-15", "ND-16"}
    assert fits == {"DF-05", "ND-03"}
    assert tab.locator("[data-picture=missing]").count() == 0
    fold = tab.locator("#DF-15-table details")
    fold.locator("summary").click()
    assert fold.locator("table").is_visible()


def test_screenshots_and_the_phone_layout(tab):
    """A desktop screenshot (tests/artifacts/report.png, at the dial of starved rooms) and
    a phone's (report-phone.png, at DF-05's figures and fit); on a phone's width no
    picture and nothing else makes the page scroll sideways, and the chart text stays at
    least 8 pixels high."""
    ARTIFACTS.mkdir(exist_ok=True)
    tab.evaluate("document.getElementById('DF-15').scrollIntoView()")
    tab.screenshot(path=str(ARTIFACTS / "report.png"))
    assert (ARTIFACTS / "report.png").stat().st_size > 20_000
    tab.set_viewport_size(PHONE)
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    widest = tab.evaluate("Math.max(...[...document.querySelectorAll("    # a wide table
                          "'figure, svg, .scroll, pre')]"               # scrolls in its box
                          ".map(e => e.getBoundingClientRect().right))")
    assert widest <= PHONE["width"]
    smallest = tab.evaluate("Math.min(...[...document.querySelectorAll('svg.chart text')]"
                            ".map(t => t.getBoundingClientRect().height).filter(h => h > 0))")
    assert smallest >= 8
    tab.evaluate("document.getElementById('DF-05').scrollIntoView()")
    tab.screenshot(path=str(ARTIFACTS / "report-phone.png"))
    assert (ARTIFACTS / "report-phone.png").stat().st_size > 10_000
