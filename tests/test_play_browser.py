"""The play page in a real browser, driven by Playwright: cells cycle by click and by
keyboard; an untouched board gives nothing away until Check, which marks the broken rules
on the board and lists them grouped by kind, a few positions each, in the labels drawn
along the board, and never speaks of the stored answer; the hint level picks a rung, whose
next deduction is one fact the rung proves from the marks on the board (checked against
ladder.py at every press, playing a bank board of each puzzle to solved on a desktop and a
phone) and whose "show" draws what `ladder.prove` proves; the work survives reloads and
board switches, with undo and redo; each reading has its rules text and answer count; the
page is legible; the legend explains every mark drawn; the lesson and sample boards are a collection apart
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
        for _ in range(4):
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
    for _ in range(4):
        _cell(tab, white).click()
        seen.append(_state(tab, white))
    assert seen == [".", "o", "*", "x", "."]
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
    """An untouched board says only "Not solved yet.": no broken rules, no marks.  Check
    lists the broken rules grouped by kind, one line per kind with at most five positions
    and how many more, marks them, and never speaks of the stored answer; Reset, confirmed,
    ends the check."""
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
    assert "answer" not in tab.text_content("#details") + " ".join(lines)
    assert tab.locator("#grid .broken-room").count() == board.rows * board.cols
    tab.once("dialog", lambda dialog: dialog.accept())
    tab.click("#reset")
    assert _problems(tab) == [] and tab.text_content("#details") == ""


def test_the_answer_is_solved_and_a_wrong_piece_is_marked_by_its_label(tab, entries):
    """Entering a board's answer reads "Solved." by the rules alone, with no check asked
    for, and Check says no rule is broken and nothing of the stored answer; one wrong piece more, checked, is marked on exactly the
    cells the Python rules checker names, and the list names it by the labels drawn along
    the board (column letters, row numbers)."""
    board = entries["df-8x8-02"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-02")
    _enter(tab, _df_targets(board))
    assert tab.text_content("#status") == "Solved."
    tab.click("#check")
    assert tab.text_content("#details") == "No rule of the official reading is broken."
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
    assert tab.text_content("#status") == "Not solved yet."
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
def test_show_what_the_rung_proves_draws_the_ladders_proof(tab, entries, puzzle, name, reading):
    """The hint level picks a rung and shows its rule; nothing is drawn until asked; "Show
    what the rung proves" draws exactly `ladder.prove`'s facts from the empty board, or
    says the rung proves there is no answer, and pressed again draws nothing."""
    board = entries[name].board
    _choose(tab, puzzle, play.BANK, name)
    tab.select_option("#reading", reading)
    assert _options(tab, "#rung") == [rung for rung, _ in ladder.LADDER[puzzle]]
    for rung, step in ladder.LADDER[puzzle]:
        tab.select_option("#rung", rung)
        assert _shown_facts(tab) == {}
        assert tab.text_content("#rung-rule") == f"{rung}: {ladder.rule_text(step)}"
        tab.click("#show")
        proof = ladder.prove(board, rung, reading)
        if proof.contradiction:
            assert _shown_facts(tab) == {}
            assert proof.contradiction in tab.text_content("#hint-text")
        else:
            assert _shown_facts(tab) == proof.facts, rung
            assert f"pins {len(proof.pinned)} of" in tab.text_content("#hint-text")
        tab.click("#show")
        assert _shown_facts(tab) == {}


def test_a_board_without_an_answer_says_so_and_why(tab, entries):
    """On a board with no answer, the page says so under every reading, with the rung that
    proves it and where, in the board's labels; the next deduction at that rung says the same."""
    _choose(tab, "dosun-fuwari", play.SAMPLES, "df-no-answer-1x2")
    proof = ladder.prove(entries["df-no-answer-1x2"].board, "room")
    where = ", ".join(map(common.position, proof.where))
    for reading in play.readings("dosun-fuwari"):
        tab.select_option("#reading", reading)
        note = tab.text_content("#reading-note")
        assert note.startswith("This board has no answer under this reading.")
        assert f"The room rung proves it: {proof.contradiction} ({where})." in note
    tab.select_option("#reading", "official")
    tab.select_option("#rung", "room")
    tab.click("#next")
    assert tab.text_content("#hint-text") == f"room proves there is no answer: {proof.contradiction} ({where})."
    assert tab.locator("#grid .reason").count() == len(proof.where)


def test_untraced_rungs_of_the_loose_reading_say_so(tab):
    """Under the loose reading the page traces the rungs up to profile on small boards: a
    higher rung, or a board too large, gives no hint and says why."""
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    tab.select_option("#reading", "loose")
    tab.select_option("#rung", "probe")
    tab.click("#next")
    assert tab.text_content("#hint-text").startswith("No hints from probe under this reading")
    _choose(tab, "dosun-fuwari", play.BANK, "df-12x12-01")
    tab.select_option("#reading", "loose")
    tab.click("#next")
    assert tab.text_content("#hint-text").startswith("No hints for this board under this reading")
    assert "5,000 answers or more" in tab.text_content("#reading-note")


def test_each_readings_rules_text_is_the_readings(tab):
    """The rules above the board follow the reading picked."""
    for puzzle, name in (("dosun-fuwari", "df-8x8-01"), ("nondango", "nd-8x8-01")):
        _choose(tab, puzzle, play.BANK, name)
        for reading in play.readings(puzzle):
            tab.select_option("#reading", reading)
            assert tab.text_content("#rules") == play.RULES[puzzle][reading]


# === Playing by hints alone, and keeping the work ===

SHOTS = ARTIFACTS     # the screenshots before and after a game played by hints alone
VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _known(board, state: str, notes: str) -> dict:
    """The cell facts the page holds: the player's marks and the hints' notes, as
    play._cell_sets' symbol sets."""
    known = {}
    for i, (mark, note) in enumerate(zip(state, notes)):
        cell = divmod(i, board.cols)
        sets = [frozenset(x) for x in ({"o": "o", "*": "*", "x": "."} if isinstance(board, df.Board)
                                        else {"#": "#", "o": "w"}).get(mark, "")]
        if note != play.NO_FACT:
            sets.append(play._CODE_SET[note])
        if sets:
            known[cell] = frozenset.intersection(*sets) if len(sets) > 1 else sets[0]
    return known


def _proved_from(board, reading: str, level: int, state: str, notes: str) -> dict:
    """What the rung at `level` proves from the page's marks and notes, by ladder.py."""
    puzzle = ladder.genre_of(board)
    domains = play._restrict(board, ladder.start(board, reading), _known(board, state, notes))
    return play._cell_sets(board, ladder.LADDER[puzzle][level][1](board, domains, reading))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("puzzle, name, reading", [("dosun-fuwari", "df-8x8-01", "official"),
                                                   ("nondango", "nd-8x8-01", "write-up")])
def test_a_bank_board_plays_to_solved_by_next_deductions_alone(browser, page_file, entries, viewport,
                                                               puzzle, name, reading):
    """From the empty board, pressing only "Next deduction" solves a bank board of each
    puzzle, on a desktop and a phone: each press adds at least one fact, and the fact it
    draws is one the rung proves, by ladder.py, from the marks and notes on the board at
    that moment; Check then reports no broken rule and nothing of the stored answer.
    Screenshots before and after go to /tmp/play-shots/."""
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    tab = context.new_page()
    tab.goto(page_file.as_uri())
    board = entries[name].board
    _choose(tab, puzzle, play.BANK, name)
    tab.select_option("#reading", reading)
    level = tab.evaluate("play.level()")
    assert ladder.LADDER[puzzle][level][0] == "probe"
    SHOTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{puzzle}-{viewport}-before.png"), full_page=True)
    for press in range(board.rows * board.cols * 2):
        state, notes = tab.evaluate("[play.state(), play.notes()]")
        proved = _proved_from(board, reading, level, state, notes)
        tab.click("#next")
        after_state, after_notes = tab.evaluate("[play.state(), play.notes()]")
        if tab.text_content("#status") == "Solved." and (after_state, after_notes) == (state, notes):
            break
        assert (after_state, after_notes) != (state, notes), tab.text_content("#hint-text")
        changed = [i for i in range(len(notes)) if notes[i] != after_notes[i]]
        assert len(changed) == 1
        cell = divmod(changed[0], board.cols)
        assert cell in proved and proved[cell] <= play._CODE_SET[after_notes[changed[0]]], \
            (cell, tab.text_content("#hint-text"))
        assert f": {common.position(cell)} is " in tab.text_content("#hint-text")
    assert tab.text_content("#status") == "Solved."
    tab.click("#check")
    assert tab.text_content("#details") == f"No rule of the {reading} reading is broken."
    assert "answer" not in tab.text_content("aside > #details") + tab.text_content("#status")
    tab.screenshot(path=str(SHOTS / f"{puzzle}-{viewport}-after.png"), full_page=True)
    assert tab.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]
    context.close()


def test_the_work_is_kept_across_reloads_and_boards_with_undo_and_redo(tab, entries):
    """Marks are kept per board: switching boards and back, and reloading the page, bring
    them back (and the board on show); Undo and Redo, by button and by Ctrl-Z / Ctrl-Y, step
    through the changes; Reset asks first, and dismissed it changes nothing."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    cells = sorted(df.room_of(board))[:3]
    _enter(tab, {cells[0]: "o", cells[1]: "*"})
    tab.click("#next")
    kept = tab.evaluate("[play.state(), play.notes()]")
    _choose(tab, "nondango", play.BANK, "nd-8x8-01")
    _enter(tab, {min(entries["nd-8x8-01"].board.circles): "#"})
    nd_state = tab.evaluate("play.state()")
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    assert tab.evaluate("[play.state(), play.notes()]") == kept
    tab.reload()
    assert tab.input_value("#puzzle") == "dosun-fuwari" and tab.evaluate("[play.state(), play.notes()]") == kept
    _choose(tab, "nondango", play.BANK, "nd-8x8-01")
    assert tab.evaluate("play.state()") == nd_state
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    before = tab.evaluate("play.state()")
    _cell(tab, cells[2]).click()
    after = tab.evaluate("play.state()")
    assert after != before
    tab.click("#undo")
    assert tab.evaluate("play.state()") == before
    tab.click("#redo")
    assert tab.evaluate("play.state()") == after
    tab.keyboard.press("Control+z")
    assert tab.evaluate("play.state()") == before
    tab.keyboard.press("Control+y")
    assert tab.evaluate("play.state()") == after
    asked = []
    tab.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    tab.click("#reset")
    assert asked and tab.evaluate("play.state()") == after
    tab.once("dialog", lambda dialog: dialog.accept())
    tab.click("#reset")
    assert set(tab.evaluate("play.state()")) <= {".", "#"}
    tab.click("#undo")
    assert tab.evaluate("play.state()") == after


def test_a_mark_against_the_rung_stops_the_hint(tab, entries):
    """A mark that contradicts what the rung proves, or breaks a rule for good, gets a hint
    that says so and draws nothing."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play.BANK, "df-8x8-01")
    wrong = min(c for c in df.room_of(board) if c not in board.answer.balloons)
    _enter(tab, {wrong: "o"})
    notes = tab.evaluate("play.notes()")
    tab.click("#next")
    assert tab.evaluate("play.notes()") == notes
    text = tab.text_content("#hint-text")
    assert f"at {common.position(wrong)}" in text and ("contradicts" in text or "break a rule" in text)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_page_is_legible_at_a_glance(browser, page_file, viewport):
    """A hint's mark is at least a third of a cell across; a white circle and an unpainted
    one differ by fill and by outline; Check's hatching and the blue shading of the rooms a
    rung pins show on the same cell at once; the board uses the width it has (more than half
    the desktop's, nearly all the phone's)."""
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    tab = context.new_page()
    tab.goto(page_file.as_uri())
    _choose(tab, "dosun-fuwari", play.BANK, "df-12x12-01")
    width = tab.evaluate("document.getElementById('grid').getBoundingClientRect().width")
    assert width >= (0.5 if viewport == "desktop" else 0.9) * VIEWPORTS[viewport]["width"]
    tab.click("#next")
    cell = tab.locator("rect.cell").first.bounding_box()["width"]
    mark = tab.locator(".proof.note").first.bounding_box()
    assert min(mark["width"], mark["height"]) >= cell / 3
    tab.select_option("#rung", "profile")
    tab.click("#show")
    tab.click("#check")
    both = tab.evaluate("""() => [...document.querySelectorAll('#grid rect.cell.pinned')].filter(c =>
        [...document.querySelectorAll('#grid rect.broken-room')].some(h => h.getAttribute('x') === c.getAttribute('x')
          && h.getAttribute('y') === c.getAttribute('y'))).length""")
    assert both > 0
    _choose(tab, "nondango", play.BANK, "nd-8x8-01")
    styles = tab.evaluate("""() => ['white', 'unpainted'].map(kind => {
        const e = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
        e.setAttribute('class', kind); document.getElementById('grid').appendChild(e);
        const s = getComputedStyle(e); const out = [s.fill, s.stroke, s.strokeDasharray]; e.remove(); return out; })""")
    white, unpainted = styles
    assert white[0] != unpainted[0] and (white[1], white[2]) != (unpainted[1], unpainted[2])
    context.close()


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
    "reason": "reason", "pinned": "pinned", "empty-mark": "empty-mark",
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
        tab.click("#next")
        free = board.circles - board.given_black - board.given_white
        region = next(r for r in board.regions if len(r & free) >= 3)
        _enter(tab, {cell: "#" for cell in sorted(region & free)[:2]})
    if puzzle == "dosun-fuwari":
        _choose(tab, puzzle, entries[name].collection, name)     # the marks are kept...
        tab.once("dialog", lambda dialog: dialog.accept())
        tab.click("#reset")                                       # ...until Reset
        tab.click("#next")
        cell = next(c for c in df.room_of(board) if _state(tab, c) == ".")
        _enter(tab, {cell: "x", min(board.answer.balloons): "o", min(board.answer.irons): "*",
                     max(set(df.room_of(board)) - board.answer.balloons - board.answer.irons): "o"})
    tab.click("#check")
    drawn = set(tab.locator("#grid *").evaluate_all(
        "nodes => nodes.flatMap(n => [...n.classList])"))
    legend = set(tab.locator("section:not([hidden]) .legend svg *").evaluate_all(
        "nodes => nodes.flatMap(n => [...n.classList])"))
    shown = {mark for mark in MARKS if mark in drawn}
    assert shown >= {"wall", "label", "proof", "broken", "reason"}
    assert {MARKS[mark] for mark in shown} <= legend, shown - legend
    terms = " ".join(tab.locator(".words dt").all_text_contents())
    for word in ("cap", "knot", "run", "room", "triple", "certificate"):
        assert word in terms, word
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
