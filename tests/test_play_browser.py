"""The play page in a real browser, driven by Playwright: cells cycle by click and by
keyboard; an untouched board gives nothing away until Check, which marks the broken rules
on the board and lists them grouped by kind, a few positions each, in the labels drawn
along the board; one Hint picker draws what a rung proves at once, with the rung's rule;
the legend explains every mark drawn; the lesson and sample boards are a collection apart
from the sizes; the bank for the published rule is offered under that rule; and the
page's JavaScript checker marks what `dosun_fuwari.violations` and
`nondango.violations` mark, under every reading.  [DF-18, ND-16]

The browser is found the usual ways, in this order: the PLAY_BROWSER environment variable
(a Chromium, Chrome or Edge executable), a Chromium or Chrome on PATH, the Chromium that
`python -m playwright install chromium` downloads.  Without Playwright or a browser the
whole module is skipped once, with the command that installs what is missing; under CI
(the CI environment variable, set by .ci/run) it fails instead.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

import common
import dosun_fuwari as df
import ladder
import nondango as nd
from tools import play

BROWSER_VARIABLE = "PLAY_BROWSER"
ON_PATH = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
           "microsoft-edge")
INSTALL_DRIVER = "python -m pip install -e '.[browser]'"
INSTALL_BROWSER = "python -m playwright install chromium"
HEADLESS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"


# === Finding a browser, or skipping once ===

def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI drives a real browser for the play page: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import sync_playwright
except ImportError:
    _unavailable(f"the play page's browser test needs Playwright; install it with: {INSTALL_DRIVER}")


def find_browser() -> tuple[str | None, str]:
    """(the executable to launch, or None for Playwright's own Chromium; where it was found).
    Skips the module (fails under CI) when there is no browser."""
    named = os.environ.get(BROWSER_VARIABLE)
    if named:
        found = shutil.which(named)
        if not found:
            _unavailable(f"{BROWSER_VARIABLE}={named} names no executable; point it at a "
                         f"Chromium or Chrome, or unset it")
        return found, BROWSER_VARIABLE
    for name in ON_PATH:
        found = shutil.which(name)
        if found:
            return found, "PATH"
    with sync_playwright() as driver:
        managed = driver.chromium.executable_path
    if managed and Path(managed).exists():
        return None, "Playwright"
    _unavailable(f"no browser for the play page's test (none in {BROWSER_VARIABLE}, none of "
                 f"{', '.join(ON_PATH)} on PATH, no Playwright Chromium); install one with: "
                 f"{INSTALL_BROWSER}")


EXECUTABLE, FOUND_BY = find_browser()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=EXECUTABLE, args=HEADLESS)
        yield launched
        launched.close()


@pytest.fixture
def tab(browser, page_file):
    """A fresh tab on the written page; fails on a script error or any request off the page."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                  else (errors.append(route.request.url), route.abort()))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    yield page
    context.close()
    assert errors == []


# === Helpers ===

def _choose(tab, puzzle: str, collection: str, name: str) -> None:
    """Pick a board through the pickers, as a player does."""
    tab.select_option("#puzzle", puzzle)
    if collection == play.PUBLISHED:
        tab.select_option("#reading", "published")
    tab.select_option("#collection", collection)
    index = tab.evaluate("([p, c, n]) => play.index(p, c, n)", [puzzle, collection, name])
    if tab.locator("#size-label").is_visible():
        size = tab.evaluate(f"JSON.parse(document.getElementById('data').textContent).boards[{index}].size")
        tab.select_option("#size", size)
    tab.select_option("#board", str(index))


def _cell(tab, cell) -> object:
    return tab.locator(f'rect.cell[data-cell="{cell[0]},{cell[1]}"]')


def _state(tab, cell) -> str:
    return _cell(tab, cell).get_attribute("data-state")


def _enter(tab, targets: dict) -> None:
    """Click each cell until it shows the wanted state."""
    for cell, want in targets.items():
        for _ in range(3):
            if _state(tab, cell) == want:
                break
            _cell(tab, cell).click()
        assert _state(tab, cell) == want, cell


def _df_targets(board: df.Board) -> dict:
    return {**{c: "o" for c in board.answer.balloons}, **{c: "*" for c in board.answer.irons}}


def _marked(tab) -> set:
    return {tuple(map(int, m.split(","))) for m in tab.locator("#grid .broken").evaluate_all(
        "marks => marks.map(m => m.dataset.cell)")}


def _problems(tab) -> list[str]:
    return tab.locator("#problems li").all_text_contents()


def _shown_facts(tab) -> dict:
    pairs = tab.locator(".proof[data-cell]").evaluate_all(
        "marks => marks.map(m => [m.dataset.cell, m.dataset.fact])")
    return {tuple(map(int, cell.split(","))): fact for cell, fact in pairs}


def _options(tab, select: str) -> list[str]:
    return tab.locator(f"{select} option").evaluate_all("options => options.map(o => o.value)")


# === Playing ===

def test_clicks_and_keys_cycle_cells(tab, entries):
    """A white cell cycles empty, balloon, iron ball, empty; a circle cycles unpainted,
    black, white, unpainted; a given circle and a black cell do not change; arrow keys move
    the focus and space or enter cycles the focused cell."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    white = min(set(df.room_of(board)))
    seen = [_state(tab, white)]
    for _ in range(3):
        _cell(tab, white).click()
        seen.append(_state(tab, white))
    assert seen == [".", "o", "*", "."]
    _cell(tab, white).click()
    assert tab.locator("#grid circle.balloon").count() == 1
    black = min(board.black)
    _cell(tab, black).click()
    assert _state(tab, black) == "#"
    tab.locator("#grid").focus()
    start = tab.evaluate("play.focus()")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowDown")
    moved = divmod(tab.evaluate("play.focus()"), board.cols)
    assert moved == (min(divmod(start, board.cols)[0] + 1, 7), min(start % board.cols + 1, 7))
    before = _state(tab, moved)
    tab.keyboard.press("Space")
    tab.keyboard.press("Enter")
    if moved not in board.black:
        assert before == "." and _state(tab, moved) == "*"

    nboard = entries["nd-givens-6x6"].board
    _choose(tab, "nondango", play.SAMPLES, "nd-givens-6x6")
    free = min(nboard.circles - nboard.given_black - nboard.given_white)
    seen = [_state(tab, free)]
    for _ in range(3):
        _cell(tab, free).click()
        seen.append(_state(tab, free))
    assert seen == ["?", "#", "o", "?"]
    for given, colour in ((min(nboard.given_black), "#"), (min(nboard.given_white), "o")):
        _cell(tab, given).click()
        assert _state(tab, given) == colour
    assert tab.locator("#link").is_hidden()


def test_an_untouched_board_gives_nothing_away_until_check(tab, entries):
    """An untouched board says only "Not solved yet.": no count of differing cells, no
    broken rules, no marks.  Check lists the broken rules grouped by kind, one line per kind
    with at most five positions and how many more, marks them, and Reset ends the check."""
    board = entries["nd-12x12-01"].board
    _choose(tab, "nondango", play.BANK, "nd-12x12-01")
    assert tab.text_content("#status") == "Not solved yet."
    assert tab.text_content("#details") == "" and _problems(tab) == []
    assert tab.locator("#grid .broken, #grid .cell.broken-room").count() == 0
    assert tab.get_attribute("#check", "aria-pressed") == "false"
    tab.click("#check")
    assert tab.get_attribute("#check", "aria-pressed") == "true"
    lines = _problems(tab)
    regions = len(board.regions)
    assert lines == [f"regions without a black circle ({regions}): "
                     + ", ".join(common.position(min(r)) for r in board.regions[:5])
                     + f" and {regions - 5} more"]
    assert f"{len(board.answer)} cells differ from the board's answer" in tab.text_content("#details")
    assert tab.locator("#grid .cell.broken-room").count() == board.rows * board.cols
    tab.click("#reset")
    assert _problems(tab) == [] and tab.text_content("#details") == ""


def test_the_answer_is_solved_and_a_wrong_piece_is_marked_by_its_label(tab, entries):
    """Entering a board's answer reads "Solved." against both the board's answer and the
    rules, with no check asked for; one wrong piece more, checked, is marked on exactly the
    cells the Python rules checker names, and the list names it by the labels drawn along
    the board (column letters, row numbers)."""
    board = entries["df-8x8-02"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-02")
    _enter(tab, _df_targets(board))
    assert tab.text_content("#status") == "Solved."
    tab.click("#check")
    assert "Every cell matches the board's answer" in tab.text_content("#details")
    assert "No rule of the official reading is broken" in tab.text_content("#details")
    assert _marked(tab) == set() and _problems(tab) == []
    owner = df.room_of(board)
    pieces = board.answer.balloons | board.answer.irons
    wrong = min(c for c in owner if c not in pieces and (c[0] - 1, c[1]) in owner
                and (c[0] - 1, c[1]) not in board.answer.balloons)
    _cell(tab, wrong).click()                                  # an unheld balloon
    broken = df.violations(board, df.Answer(board.answer.balloons | {wrong}, board.answer.irons))
    assert wrong in _marked(tab)
    assert _marked(tab) == {cell for v in broken for cell in v.cells}
    problems = " ".join(_problems(tab))
    assert f"balloons with nothing holding them (1): {common.position(wrong)}" in problems
    labels = tab.locator("#grid text.label").all_text_contents()
    assert labels == [common.position((0, c))[:-1] for c in range(board.cols)] + \
        [str(r + 1) for r in range(board.rows)]
    assert tab.get_attribute("#status", "data-solved") == "false"

    nboard = entries["nd-8x8-01"].board
    _choose(tab, "nondango", play.BANK, "nd-8x8-01")
    _enter(tab, {c: "#" for c in nboard.answer})
    assert tab.text_content("#status") == "Solved."
    tab.select_option("#reading", "published")   # the write-up's procedure ignores three whites
    assert not nd.is_answer(nboard, nboard.answer, "published")
    assert tab.text_content("#status") == \
        "This is the board's answer, but it breaks the rules of the published reading."
    tab.select_option("#reading", "write-up")
    wrong = min(nboard.circles - nboard.answer)
    _cell(tab, wrong).click()
    tab.click("#check")
    broken = nd.violations(nboard, nboard.answer | {wrong})
    assert _marked(tab) == {cell for v in broken for cell in v.cells}
    twice = next(r for r in nboard.regions if wrong in r)
    black = next(iter(twice & nboard.answer))
    first, second = sorted([wrong, black])
    assert (f"regions with more than one black circle (1): {common.position(first)} and "
            f"{common.position(second)}") in " ".join(_problems(tab))
    assert tab.text_content("#status") == "Not solved yet."


@pytest.mark.parametrize("puzzle, name, reading", [
    ("dosun-fuwari", "df-8x8-01", "official"), ("dosun-fuwari", "df-8x8-01", "no-stacking"),
    ("nondango", "nd-12x12-01", "write-up"), ("nondango", "nd-8x8-02", "published"),
])
def test_one_hint_picker_shows_what_the_rung_proves_with_its_rule(tab, entries, puzzle, name, reading):
    """Picking a rung under Hint draws exactly `ladder.prove`'s facts at once, shows the
    rung's rule and counts its pinned rooms; "none" draws nothing and shows no rule."""
    board = entries[name].board
    _choose(tab, puzzle, play.BANK, name)
    tab.select_option("#reading", reading)
    assert _options(tab, "#rung") == [""] + [rung for rung, _ in ladder.LADDER[puzzle]]
    assert tab.text_content("#rung-rule") == "" and _shown_facts(tab) == {}
    for rung, step in ladder.LADDER[puzzle]:
        tab.select_option("#rung", rung)
        proof = ladder.prove(board, rung, reading)
        assert _shown_facts(tab) == proof.facts, rung
        assert tab.text_content("#rung-rule") == f"{rung}: {ladder.rule_text(step)}"
        status = tab.text_content("#proof-status")
        if proof.contradiction:
            assert proof.contradiction in status
        else:
            assert f"pins {len(proof.pinned)} of" in status
    tab.select_option("#rung", "")
    assert _shown_facts(tab) == {}
    assert tab.text_content("#rung-rule") == "" and tab.text_content("#proof-status") == ""


def test_a_contradiction_names_its_cells_by_their_labels(tab, entries):
    """On a board with no answer, a rung that proves so says where, in the board's labels."""
    _choose(tab, "dosun-fuwari", play.SAMPLES, "df-no-answer-1x2")
    tab.select_option("#rung", "room")
    proof = ladder.prove(entries["df-no-answer-1x2"].board, "room")
    assert tab.text_content("#proof-status") == (
        f"room proves there is no answer: {proof.contradiction} "
        f"(at {', '.join(map(common.position, proof.where))}).")


def test_no_proofs_for_the_loose_reading_says_so(tab):
    """A reading whose proofs are not embedded draws none and says why."""
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    tab.select_option("#reading", "loose")
    tab.select_option("#rung", "room")
    assert _shown_facts(tab) == {}
    assert "No proofs for this reading" in tab.text_content("#proof-status")


# === Collections and the legend ===

def test_samples_are_a_collection_apart_from_the_sizes(tab):
    """The Boards picker offers the bank, the lessons and samples, and the boards added on
    the command line; Size offers sizes only, and is hidden for a collection without them,
    whose boards carry their size in their names."""
    tab.select_option("#puzzle", "nondango")
    assert _options(tab, "#collection") == [play.BANK, play.SAMPLES, play.ADDED]
    assert _options(tab, "#size") == ["8x8", "12x12"]
    tab.select_option("#collection", play.SAMPLES)
    assert tab.locator("#size-label").is_hidden()
    assert tab.locator("#board option").all_text_contents() == ["nd-givens-6x6 (6×6)"]
    tab.select_option("#puzzle", "dosun-fuwari")
    assert _options(tab, "#collection") == [play.BANK, play.SAMPLES]


def test_the_published_bank_is_offered_under_the_published_rule(tab, entries):
    """Under the published reading, and only there, the Boards picker offers the bank made
    for that rule (nondango-published/), and the page points to it from other boards."""
    _choose(tab, "nondango", play.BANK, "nd-8x8-01")
    assert play.PUBLISHED not in _options(tab, "#collection")
    assert tab.locator("#published-note").is_hidden()
    tab.select_option("#reading", "published")
    assert play.PUBLISHED in _options(tab, "#collection")
    assert tab.locator("#published-note").is_visible()
    tab.select_option("#collection", play.PUBLISHED)
    assert tab.locator("#board option").all_text_contents() == ["ndp-6x6-01"]
    assert tab.locator("#published-note").is_hidden()
    board = entries["ndp-6x6-01"].board
    _enter(tab, {c: "#" for c in board.answer})
    assert tab.text_content("#status") == "Solved."
    tab.select_option("#reading", "write-up")                  # off its rule: back to the bank
    assert tab.input_value("#collection") == play.BANK


MARKS = {   # a class drawn on the board → the class its legend swatch shows
    "balloon": "balloon", "iron": "iron", "black": "black", "nd-black": "nd-black",
    "white": "white", "unpainted": "unpainted", "given-ring": "given-ring", "wall": "wall",
    "label": "label", "proof": "proof", "broken": "broken", "broken-room": "broken-room",
}


@pytest.mark.parametrize("puzzle, name", [("dosun-fuwari", "df-8x8-01"),
                                          ("nondango", "nd-givens-6x6")])
def test_the_legend_explains_every_mark_on_the_board(tab, entries, puzzle, name):
    """Every kind of mark the board shows (pieces, circles painted or not, given circles,
    walls, labels, hint marks, check marks) has a swatch in the visible legend, and the
    Dosun-Fuwari legend says what a cap is."""
    board = entries[name].board
    _choose(tab, puzzle, entries[name].collection, name)
    if puzzle == "dosun-fuwari":
        _enter(tab, {min(board.answer.balloons): "o", min(board.answer.irons): "*",
                     max(set(df.room_of(board)) - board.answer.balloons - board.answer.irons): "o"})
    else:                                   # two black circles in one region, one left unpainted
        free = board.circles - board.given_black - board.given_white
        region = next(r for r in board.regions if len(r & free) >= 3)
        _enter(tab, {cell: "#" for cell in sorted(region & free)[:2]})
    tab.select_option("#rung", ladder.LADDER[puzzle][1][0])
    tab.click("#check")
    drawn = set(tab.locator("#grid *").evaluate_all(
        "nodes => nodes.flatMap(n => [...n.classList])"))
    legend = set(tab.locator("section:not([hidden]) .legend svg *").evaluate_all(
        "nodes => nodes.flatMap(n => [...n.classList])"))
    shown = {mark for mark in MARKS if mark in drawn}
    assert shown >= {"wall", "label", "proof", "broken"}
    assert {MARKS[mark] for mark in shown} <= legend, shown - legend
    if puzzle == "dosun-fuwari":
        assert "cap: a black cell or the edge of the grid" in tab.text_content("section:not([hidden])")
    else:
        assert "unpainted" in drawn and "given-ring" in drawn


# === The checker is the Python one ===

def _random_state(board, rng: random.Random) -> str:
    """A random filling in the page's state letters (pieces sparse, like a half-played board)."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    if isinstance(board, df.Board):
        def piece(cell):
            x = rng.random()
            return "#" if cell in board.black else "o" if x < .15 else "*" if x < .3 else "."
        return "".join(piece(c) for c in cells)

    def colour(cell):
        if cell not in board.circles:
            return "."
        if cell in board.given_black or cell in board.given_white:
            return "#" if cell in board.given_black else "o"
        return "#" if rng.random() < .4 else "?"
    return "".join(colour(c) for c in cells)


def _python_marks(board, state: str, reading: str) -> list:
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    if isinstance(board, df.Board):
        answer = df.Answer(frozenset(c for c, x in zip(cells, state) if x == "o"),
                           frozenset(c for c, x in zip(cells, state) if x == "*"))
        found = df.violations(board, answer, reading)
    else:
        found = nd.violations(board, frozenset(c for c, x in zip(cells, state) if x == "#"), reading)
    return sorted(tuple(sorted(v.cells)) for v in found)


def test_javascript_checker_marks_what_python_marks(tab, entries):
    """On random half-played boards, under every reading, the page's checker reports the
    same broken rules, cell for cell, as dosun_fuwari.violations / nondango.violations."""
    rng = random.Random(7)
    for name in ("df-8x8-01", "df-12x12-01", "nd-8x8-01", "nd-givens-6x6"):
        entry = entries[name]
        puzzle = ladder.genre_of(entry.board)
        index = tab.evaluate("([p, c, n]) => play.index(p, c, n)", [puzzle, entry.collection, name])
        cases = [(_random_state(entry.board, rng), reading)
                 for reading in play.readings(puzzle) for _ in range(6)]
        shown = tab.evaluate("([k, cases]) => cases.map(([s, r]) => play.violations(k, s, r))",
                             [index, cases])
        for (state, reading), marks in zip(cases, shown):
            js = sorted(tuple(sorted(map(tuple, cells))) for cells in marks)
            assert js == _python_marks(entry.board, state, reading), (name, reading, state)


# === Screenshots and the phone ===

def test_screenshot_and_phone_layout(tab, entries):
    """The page draws a board with pieces, a hint and a checked unheld balloon (saved as
    tests/artifacts/play.png); on a phone's width it does not scroll sideways, and a checked
    untouched 12x12 board lists one line per kind of broken rule, not one per rule."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    owner = df.room_of(board)
    unheld = min(c for c in owner if (c[0] - 1, c[1]) in owner
                 and (c[0] - 1, c[1]) not in board.answer.balloons)
    tops = sorted(board.answer.balloons)[:3]
    _enter(tab, {**{c: "o" for c in tops}, min(board.answer.irons): "*", unheld: "o"})
    tab.select_option("#rung", "room")
    tab.click("#check")
    assert unheld in _marked(tab)
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / "play.png"), full_page=True)
    assert (ARTIFACTS / "play.png").stat().st_size > 10_000
    tab.set_viewport_size({"width": 390, "height": 844})
    _choose(tab, "nondango", play.BANK, "nd-12x12-01")
    tab.click("#check")
    tab.screenshot(path=str(ARTIFACTS / "play-phone.png"), full_page=True)
    assert len(_problems(tab)) == 1
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    assert tab.evaluate("document.getElementById('grid').getBoundingClientRect().width") <= 390
