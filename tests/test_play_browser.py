"""The play page in a real browser, driven by Playwright, served by its own server
(tests/conftest.py's `server`) and as the static page written with --out: a Dosun-Fuwari
and a Nondango board are played from a position made by hand to solved by "Next deduction"
alone, each press checked against ladder.py from the marks on the board; each of the
write-ups' ideas, turned on, draws what the puzzle modules compute (runs, run-tops,
starved rooms, placement space; live and dead triples, certificates, groups), and a
screenshot of each goes to tests/artifacts/; "Show what the rung proves" draws nothing
until the player confirms; a board with no answer gives no hint; a write-up-bank Nondango
board offers the published bank's board instead of a link with no answer on puzz.link; a
lesson board shows its lesson; the rules come before the hints' words; the work and its
undo history survive a reload; a file named `a<!--<script>.txt` is shown as it is named;
Check marks what `dosun_fuwari.violations` and `nondango.violations` mark; the legend
explains every mark; the layout holds on a phone.  [DF-18, ND-16]

The browser is found by tests/browsers.py: the PLAY_BROWSER environment variable (a
Chromium, Chrome or Edge executable), a Chromium or Chrome on PATH, the Chromium that
`python -m playwright install chromium` downloads.  Without Playwright or a browser the
whole module is skipped once, with the command that installs what is missing; under CI
(the CI environment variable, set by .ci/run) it fails instead.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

import common
import dosun_fuwari as df
import ladder
import nondango as nd
from browsers import HEADLESS, find_browser, sync_playwright
from checks import catalogue
from conftest import HOSTILE_NAME, ND_SAMPLE_LINK
from tools import formats, play_boards, play_ladder

ARTIFACTS = Path(__file__).parent / "artifacts"
DESKTOP = {"width": 1366, "height": 1000}
PHONE = {"width": 390, "height": 844}


EXECUTABLE, _ = find_browser("the play page")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=EXECUTABLE, args=HEADLESS)
        yield launched
        launched.close()


def _open(browser, url: str, allowed: str, viewport: dict = DESKTOP):
    """A fresh context and tab on `url` that records a script error, a console error, or a
    request outside `allowed` (the server's origin, or file:)."""
    context = browser.new_context(viewport=viewport)
    errors: list[str] = []

    def route(request_route):
        if request_route.request.url.startswith(allowed):
            request_route.continue_()
        else:
            errors.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console",
           lambda message: errors.append(message.text) if message.type == "error" else None)
    tab.goto(url)
    _settle(tab)
    return context, tab, errors


@pytest.fixture
def tab(browser, server):
    """A fresh tab on the served page; fails on a script error or a request elsewhere."""
    context, page, errors = _open(browser, server.url, f"http://127.0.0.1:{server.port}/")
    yield page
    context.close()
    assert errors == []


@pytest.fixture
def static_tab(browser, page_file):
    """A fresh tab on the static page; fails on a script error or any request off the page."""
    context, page, errors = _open(browser, page_file.as_uri(), "file:")
    yield page
    context.close()
    assert errors == []


# === Helpers ===

def _settle(tab, seconds: float = 120) -> None:
    """Wait until the page has no request in flight and the board on show is loaded."""
    end = time.monotonic() + seconds
    while not tab.evaluate("() => window.play !== undefined && play.idle()"):
        assert time.monotonic() < end, "the page did not settle"
        time.sleep(0.02)


def _select(tab, select: str, value: str) -> None:
    tab.select_option(select, value)
    _settle(tab)


def _choose(tab, puzzle: str, collection: str, name: str, reading: str | None = None) -> None:
    """Pick a board through the pickers, as a player does (and then a reading)."""
    _select(tab, "#puzzle", puzzle)
    _select(tab, "#collection", collection)
    index = tab.evaluate("([p, c, n]) => play.index(p, c, n)", [puzzle, collection, name])
    if tab.locator("#size-label").is_visible():
        for size in _options(tab, "#size"):
            _select(tab, "#size", size)
            if str(index) in _options(tab, "#board"):
                break
    _select(tab, "#board", str(index))
    if reading:
        _select(tab, "#reading", reading)


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
            _settle(tab)
        assert _state(tab, cell) == want, cell


def _options(tab, select: str) -> list[str]:
    return tab.locator(f"{select} option").evaluate_all("options => options.map(o => o.value)")


def _shown_facts(tab) -> dict:
    pairs = tab.locator(".proof.shown[data-cell]").evaluate_all(
        "marks => marks.map(m => [m.dataset.cell, m.dataset.fact])")
    return {tuple(map(int, cell.split(","))): fact for cell, fact in pairs}


def _marked(tab) -> set:
    return {tuple(map(int, m.split(","))) for m in tab.locator("#grid .broken").evaluate_all(
        "marks => marks.map(m => m.dataset.cell)")}


def _problems(tab) -> list[str]:
    return tab.locator("#problems li").all_text_contents()


def _marks_of(board) -> dict:
    """The stored answer as the page's marks (Dosun-Fuwari pieces, Nondango black circles)."""
    if isinstance(board, df.Board):
        return {**{c: "o" for c in board.answer.balloons}, **{c: "*" for c in board.answer.irons}}
    return {c: "#" for c in board.answer - board.given_black}


def _proved_from(board, reading: str, level: int, state: str, notes: str) -> dict:
    """What the rung at `level` proves from the page's marks and notes, by ladder.py."""
    known, _ = play_ladder.known_facts(board, state, notes)
    domains = play_ladder.restrict(board, ladder.start(board, reading), known)
    return play_ladder.cell_sets(
        board, ladder.LADDER[ladder.genre_of(board)][level][1](board, domains, reading))


def _data(tab, selector: str, attribute: str) -> list[str]:
    return tab.locator(selector).evaluate_all(
        f"marks => marks.map(m => m.getAttribute('{attribute}'))")


def _indices(board, cells) -> str:
    return ",".join(str(r * board.cols + c) for r, c in cells)


def _shot(tab, name: str) -> None:
    """A screenshot of what the window shows (the board, and beside it the panel), in
    tests/artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000


# === Playing to solved by "Next deduction", from a position made by hand ===

def _play_to_solved(tab, board, reading: str, shots: str | None = None) -> int:
    """Enter three correct marks by hand that are not the trace's first three facts, then
    press only "Next deduction" until the page says Solved; each press must add one fact the
    rung proves by ladder.py from the marks and notes on the board at that moment.  Returns
    the number of presses."""
    first = {step.cell for step in play_ladder.trace(board, reading).steps[:3]}
    answer = _marks_of(board)
    by_hand = [cell for cell in sorted(answer) if cell not in first][-3:]
    _enter(tab, {cell: answer[cell] for cell in by_hand})
    level = tab.evaluate("play.level()")
    assert ladder.LADDER[ladder.genre_of(board)][level][0] == "probe"
    if shots:
        _shot(tab, f"{shots}-by-hand")
    presses = 0
    for _ in range(board.rows * board.cols * 2):
        state, notes = tab.evaluate("[play.state(), play.notes()]")
        proved = _proved_from(board, reading, level, state, notes)
        tab.click("#next")
        _settle(tab)
        presses += 1
        after_state, after_notes = tab.evaluate("[play.state(), play.notes()]")
        if (after_state, after_notes) == (state, notes):
            break
        changed = [i for i in range(len(notes)) if notes[i] != after_notes[i]]
        assert len(changed) == 1, tab.text_content("#hint-text")
        cell = divmod(changed[0], board.cols)
        assert proved[cell] <= play_ladder.CODE_SET[after_notes[changed[0]]], (
            cell, tab.text_content("#hint-text"))
        assert tab.text_content("#hint-text").startswith(f"{common.position(cell)} is ")
    assert tab.text_content("#status") == "Solved."
    assert tab.text_content("#hint-text") == "Solved: nothing is left to prove."
    tab.click("#check")
    assert tab.text_content("#details") == f"No rule of the {reading} reading is broken."
    if shots:
        _shot(tab, f"{shots}-solved")
    return presses


@pytest.mark.parametrize("puzzle, name, reading", [("dosun-fuwari", "df-8x8-01", "official"),
                                                   ("nondango", "nd-8x8-01", "write-up")])
def test_a_board_plays_to_solved_by_next_deductions_from_a_hand_made_position(tab, entries, puzzle,
                                                                               name, reading):
    """Served: three correct marks by hand, then "Next deduction" alone to solved, every fact
    one the rung proves from the marks on the board (checked against ladder.py at every
    press); Check then finds no broken rule.  Screenshots before and after."""
    board = entries[name].board
    _choose(tab, puzzle, play_boards.BANK, name, reading)
    assert _play_to_solved(tab, board, reading, shots=f"play-{puzzle}") > 3
    _assert_no_more_hints(tab)


def _assert_no_more_hints(tab) -> None:
    """On a solved board "Next deduction" draws nothing more and says so, and "Show what the
    rung proves" asks nothing: it says the same."""
    before = tab.evaluate("[play.state(), play.notes()]")
    tab.click("#next")
    _settle(tab)
    assert tab.text_content("#hint-text") == "Solved: nothing is left to prove."
    tab.click("#show")
    _settle(tab)
    assert tab.locator("#confirm").is_hidden() and _shown_facts(tab) == {}
    assert tab.text_content("#hint-text") == "Solved: nothing is left to prove."
    assert tab.evaluate("[play.state(), play.notes()]") == before


def test_a_board_entered_by_hand_gets_no_more_hints_once_solved(tab, entries):
    """The answer entered by hand reads "Solved.", and the hints then have nothing to add."""
    board = entries["df-8x8-02"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-02")
    _enter(tab, _marks_of(board))
    assert tab.text_content("#status") == "Solved."
    _assert_no_more_hints(tab)


def test_the_static_page_plays_to_solved_by_its_traced_hints(static_tab, entries):
    """The static page (--out) gives the same kind of hints from the trace it carries: a
    Dosun-Fuwari board plays to solved from a hand-made position.  It offers no Open: it
    has no server to read a board."""
    assert static_tab.locator("#open-controls").is_hidden()
    _choose(static_tab, "dosun-fuwari", play_boards.BANK, "df-8x8-02", "official")
    assert _play_to_solved(static_tab, entries["df-8x8-02"].board, "official") > 3
    _assert_no_more_hints(static_tab)


@pytest.mark.parametrize("puzzle, name", [("dosun-fuwari", "df-8x8-01"),
                                          ("nondango", "nd-12x12-01")])
def test_the_static_page_gives_its_hints_in_the_served_order(tab, static_tab, puzzle, name):
    """From the empty board at the default level, the static page and the served page give
    the same first ten hints, cell for cell and word for word."""
    said = []
    for page in (tab, static_tab):
        _choose(page, puzzle, play_boards.BANK, name)
        hints = []
        for _ in range(10):
            page.click("#next")
            _settle(page)
            hints.append(page.text_content("#hint-text"))
        said.append(hints)
    assert said[0] == said[1]


# === The write-ups' ideas ===

def _toggle(tab, name: str, on: bool = True) -> None:
    """Turn an idea on (or off), and bring its sentence and what it drew into view."""
    box = tab.locator(f"#idea-{name}")
    box.scroll_into_view_if_needed()
    box.set_checked(on)
    _settle(tab)
    tab.locator(f"#idea-{name}-detail").scroll_into_view_if_needed()


def test_the_dosun_fuwari_ideas_draw_the_modules_own(tab, entries):
    """Runs (outlined, run-top and run-bottom barred, states counted under the reading),
    starved rooms and the placement space are drawn from `dosun_fuwari.runs`, `run_tops`,
    `run_bottoms`, `count_run_states`, `starved_rooms` and `placement_space`, each beside
    the write-up's sentence; a screenshot of each."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01", "official")
    _toggle(tab, "runs")
    runs = df.runs(board)
    assert _data(tab, "#grid .run", "data-cells") == [_indices(board, run.cells) for run in runs]
    assert set(_data(tab, "#grid .run-top", "data-cell")) == {
        _indices(board, [c]) for c in df.run_tops(board)}
    assert set(_data(tab, "#grid .run-bottom", "data-cell")) == {
        _indices(board, [c]) for c in df.run_bottoms(board)}
    assert _data(tab, "#grid .run", "data-states") == [
        str(df.count_run_states(r.length)) for r in runs]
    assert "call it a run" in tab.text_content("#ideas")
    _shot(tab, "idea-runs")
    _select(tab, "#reading", "loose")
    assert _data(tab, "#grid .run", "data-states") == [
        str(df.count_run_states(r.length, "loose")) for r in runs]
    _select(tab, "#reading", "official")
    _toggle(tab, "runs", False)
    _toggle(tab, "starved")
    starved = {str(r) for r in df.starved_rooms(board)}
    assert starved and set(_data(tab, "#grid .starved", "data-room")) == starved
    assert tab.locator("#grid .starved").count() == sum(len(board.rooms[int(r)]) for r in starved)
    assert tab.locator("#grid .run").count() == 0
    _shot(tab, "idea-starved")
    _toggle(tab, "starved", False)
    _toggle(tab, "placement")
    assert tab.locator("#grid .run-states").all_text_contents() == \
        [f"{df.count_run_states(r.length):,}" for r in runs]
    assert f"= {df.placement_space(board):,} placements" in tab.text_content(
        "#idea-placement-detail")
    _shot(tab, "idea-placement")


def test_the_nondango_ideas_draw_the_modules_own(tab, entries):
    """Live triples, dead triples (struck through, with the two circles of the region they
    share), groups with their counts, and once solved each white circle's certificates are
    drawn from `nondango.live_triples`, `dead_triples`, `groups` and `certificates`; a
    screenshot of each."""
    board = entries["nd-8x8-01"].board
    region_of = nd.region_of(board)
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01", "write-up")
    _toggle(tab, "live")
    assert _data(tab, "#grid .triple.live", "data-triple") == [
        _indices(board, t) for t in nd.live_triples(board)]
    _shot(tab, "idea-live")
    _toggle(tab, "live", False)
    _toggle(tab, "dead")
    dead = nd.dead_triples(board)
    assert _data(tab, "#grid .triple.dead", "data-triple") == [_indices(board, t) for t in dead]
    assert tab.locator("#grid .strike-dead").count() == len(dead)
    for triple, shared in zip(dead, _data(tab, "#grid .triple.dead", "data-shared")):
        regions = [region_of[c] for c in triple]
        assert {int(g) for g in shared.split(",")} == {g for g in regions if regions.count(g) > 1}
    _shot(tab, "idea-dead")
    _toggle(tab, "dead", False)
    _toggle(tab, "groups")
    drawn: dict[int, set] = {}
    for group, cell in zip(_data(tab, "#grid .group", "data-group"),
                           _data(tab, "#grid .group", "data-cell")):
        r, c = map(int, cell.split(","))
        drawn.setdefault(int(group), set()).add(region_of[(r, c)])
    assert [tuple(sorted(drawn[k])) for k in sorted(drawn)] == list(nd.groups(board))
    assert f"= {nd.count_answers(board).count:,} answer" in tab.text_content("#idea-groups-detail")
    _shot(tab, "idea-groups")
    _toggle(tab, "groups", False)
    _toggle(tab, "certificates")
    assert tab.locator("#grid .certificate").count() == 0
    assert "once the board is solved" in tab.text_content("#idea-certificates-detail")
    _enter(tab, _marks_of(board))
    _settle(tab)
    expected = sorted((_indices(board, [cell]), _indices(board, t))
                      for cell in board.circles - board.answer
                      for t in nd.certificates(board, board.answer, cell))
    drawn_certs = sorted(zip(_data(tab, "#grid .certificate", "data-cell"),
                             _data(tab, "#grid .certificate", "data-triple")))
    assert expected and drawn_certs == expected
    assert "every single move is illegal" in tab.text_content("#idea-certificates-detail")
    _shot(tab, "idea-certificates")


def test_hints_name_the_write_ups_ideas(tab, entries):
    """A hint names the idea it rests on in the write-up's words: the first hint on an empty
    Dosun-Fuwari bank board is a balloon on a run-top that leans on the cap above (DF-11)."""
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01", "official")
    tab.click("#next")
    _settle(tab)
    assert "A run-top: a balloon there leans on the cap above" in tab.text_content("#hint-text")


# === No spoilers, no dead ends ===

def test_show_what_the_rung_proves_asks_before_it_draws(tab, entries):
    """"Show what the rung proves" first says how many facts it would draw and whether that
    is the whole answer, and draws nothing; "Not now" draws nothing; "Draw them" draws
    exactly what `ladder.prove` proves from the empty board; pressed again it hides them."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01", "official")
    proof = ladder.prove(board, "probe")
    tab.click("#show")
    _settle(tab)
    assert _shown_facts(tab) == {} and tab.locator("#confirm").is_visible()
    assert tab.text_content("#confirm-text") == (
        f"The probe rung proves {len(proof.facts)} more facts from the empty board, which decide "
        f"every cell of {len(proof.pinned)} of the {len(board.rooms)} rooms: that is the whole "
        f"answer. Draw them?")
    tab.click("#confirm-no")
    assert _shown_facts(tab) == {} and tab.locator("#confirm").is_hidden()
    _select(tab, "#rung", "room")
    tab.click("#show")
    _settle(tab)
    room = ladder.prove(board, "room")
    assert "left for a higher rung" in tab.text_content("#confirm-text")
    assert _shown_facts(tab) == {}
    tab.click("#confirm-yes")
    assert _shown_facts(tab) == room.facts
    tab.click("#show")
    assert _shown_facts(tab) == {}


def test_a_board_without_an_answer_says_so_and_gives_no_hint(tab, entries):
    """On a board with no answer, the page says so under every reading and names the rung
    that proves it and where; "Next deduction" changes nothing and says the same."""
    board = entries["df-no-answer-1x2"].board
    _choose(tab, "dosun-fuwari", play_boards.SAMPLES, "df-no-answer-1x2")
    for reading in df.READINGS:
        _select(tab, "#reading", reading)
        note = tab.text_content("#reading-note")
        assert note.startswith(f"This board has no answer under the {reading} reading, and ")
    _select(tab, "#reading", "official")
    proof = ladder.prove(board, "room")
    before = tab.evaluate("[play.state(), play.notes()]")
    for rung in ("probe", "run"):
        _select(tab, "#rung", rung)
        tab.click("#next")
        _settle(tab)
        assert tab.evaluate("[play.state(), play.notes()]") == before
        assert f"the room rung proves it: {proof.contradiction}" in tab.text_content("#hint-text")
    assert tab.locator("#grid .reason").count() == len(proof.where)


def test_the_hint_level_starts_at_the_strongest_rung_with_hints_per_reading(tab):
    """Under each reading the hint level starts at probe where the ladder gives hints; a
    12x12 board under the loose reading, past the ladder's budget, says why there are none."""
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-12x12-01", "official")
    assert tab.input_value("#rung") == "probe"
    _select(tab, "#reading", "loose")
    assert "too large for the ladder" in tab.text_content("#reading-note")
    tab.click("#next")
    _settle(tab)
    assert tab.text_content("#hint-text").startswith(
        "No hints on this board under the loose reading")
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01", "no-stacking")
    assert tab.input_value("#rung") == "probe"


def test_a_write_up_bank_board_offers_the_published_banks_board_not_a_dead_link(tab, entries):
    """A write-up-bank Nondango board with no answer under puzz.link's rule offers no link:
    it says why and offers the published bank's board, which opens under the published rule
    and offers its own link."""
    assert nd.count_answers(entries["nd-8x8-01"].board, "published").count == 0
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01")
    assert tab.locator("#link").count() == 0
    assert "puzz.link checks the published rule" in tab.text_content("#link-line")
    tab.click("#instead")
    _settle(tab)
    assert tab.input_value("#reading") == "published"
    assert tab.input_value("#collection") == play_boards.PUBLISHED
    assert tab.get_attribute("#link", "href") == formats.url(entries["ndp-8x8-01"].board)
    assert tab.get_attribute("#link", "rel") == "noreferrer noopener"


def _shown_board(tab) -> str:
    return tab.evaluate("play.board().name")


def test_the_players_reading_survives_reloads_and_board_changes(tab):
    """A reading the player picks holds for the board across a reload and for every other
    board of the puzzle; a board meant for another reading (its file's `reading:` line) says
    so, with a button that switches to it; switching readings never changes the board."""
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01")
    assert tab.input_value("#reading") == "write-up"
    _select(tab, "#reading", "no-diagonals")
    tab.reload()
    _settle(tab)
    assert (_shown_board(tab), tab.input_value("#reading")) == ("nd-8x8-01", "no-diagonals")
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-02")
    assert tab.input_value("#reading") == "no-diagonals"
    _choose(tab, "nondango", play_boards.PUBLISHED, "ndp-8x8-01")
    assert tab.input_value("#reading") == "no-diagonals"
    assert tab.text_content("#reading-why").startswith(
        "This board is meant for the published reading (its file's reading: line)")
    tab.click("#own-reading")
    _settle(tab)
    assert tab.input_value("#reading") == "published"
    assert tab.text_content("#reading-why") == "Reading published: its file's reading: line."
    _select(tab, "#reading", "write-up")
    assert (_shown_board(tab), tab.input_value("#collection")) == ("ndp-8x8-01",
                                                                   play_boards.PUBLISHED)
    tab.reload()
    _settle(tab)
    assert (_shown_board(tab), tab.input_value("#reading")) == ("ndp-8x8-01", "write-up")


def test_a_puzz_link_board_opens_under_the_rule_puzz_link_checks(tab):
    """A Nondango link, named on the command line or opened on the page, opens under the
    published reading, the rule puzz.link checks (as the commands read a link), and the page
    says why."""
    _choose(tab, "nondango", play_boards.ADDED, "nondango 6×6 link")
    assert tab.input_value("#reading") == "published"
    assert tab.text_content("#reading-why") == "Reading published: the rule puzz.link checks."
    assert tab.text_content("#reading-note") == "This board has 1 answer under this reading."
    tab.fill("#open-link", ND_SAMPLE_LINK)
    tab.click("#open")
    _settle(tab)
    assert _shown_board(tab) == "nondango 6×6 link 2"
    assert tab.input_value("#reading") == "published"


def test_the_legend_and_the_link_box_follow_the_puzzle_and_reading(tab):
    """What holds a balloon in the legend is the reading's rule, and the link box's example
    is the puzzle's own."""
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01")
    balloon = "[data-held='balloon']"
    assert tab.text_content(balloon) == "the top edge, a black cell, or a balloon"
    assert "p?dosufuwa/" in tab.get_attribute("#open-link", "placeholder")
    _select(tab, "#reading", "loose")
    assert tab.text_content(balloon).endswith("or any piece, balloon or iron ball")
    _select(tab, "#reading", "no-stacking")
    assert tab.text_content(balloon) == "the top edge or a black cell; pieces never hold each other"
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01")
    assert "p?nondango/" in tab.get_attribute("#open-link", "placeholder")


def test_the_placement_space_is_written_as_numbers_are(tab, entries):
    """The placement space's product writes every number with thousands separators and its
    power of ten as a superscript, not a caret; so do the runs' tabs on the board."""
    board = entries["df-12x12-01"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-12x12-01", "loose")
    _toggle(tab, "placement")
    text = tab.text_content("#idea-placement-detail")
    product = text.split("(")[0]          # before "(about 10" and its superscript
    assert "^" not in text and not re.search(r"\d{4}", product.replace(",", " ")), product
    assert f"= {df.placement_space(board, 'loose'):,} placements" in text
    assert tab.locator("#idea-placement-detail sup").count() == 1
    counts = [df.count_run_states(run.length, "loose") for run in df.runs(board)]
    assert max(counts) >= 1000
    assert tab.locator("#grid .run-states").all_text_contents() == [f"{n:,}" for n in counts]


# The board's text, its labels and the numbers of the ideas, read from the page: each text's
# box, each tab's box, each piece's box, the board's box, and each text's colour.
_BOARD_TEXT = """() => {
  const svg = document.getElementById('grid'), box = e => { const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  return {frame: box(svg),
    texts: [...svg.querySelectorAll('text')].map(t => ({text: t.textContent, box: box(t),
      fill: getComputedStyle(t).fill,
      tab: t.closest('.tab') ? box(t.closest('.tab').querySelector('rect')) : null})),
    tabs: [...svg.querySelectorAll('.tab rect')].map(box),
    pieces: [...svg.querySelectorAll('circle.piece:not(.given-ring)')].map(box),
    drawnAfterTabs: [...svg.children].slice([...svg.children].findIndex(e =>
      e.matches('.tab'))).filter(e => !e.matches('.tab, .focus')).map(e => e.className.baseVal)};
}"""


def _overlap(a, b, slack: float = 0.5) -> bool:
    """Whether boxes (left, top, right, bottom) overlap by more than `slack` pixels."""
    across = a[0] + slack < b[2] and b[0] + slack < a[2]
    return across and a[1] + slack < b[3] and b[1] + slack < a[3]


def _contrast(fill: str) -> float:
    """The WCAG contrast of a colour against white."""
    def linear(channel: float) -> float:
        channel /= 255
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", fill)[:3])
    lum = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return 1.05 / (lum + 0.05)


def _assert_board_text_clear(tab, where: str) -> None:
    """No text on the board overlaps another or a piece, or is cut off at its edge; a tab's
    number sits inside its tab, no tab covers a piece, and nothing (a wall, the frame, a
    line) is drawn over a tab; every text is legible on white (contrast at least 4.5)."""
    drawn = tab.evaluate(_BOARD_TEXT)
    frame, texts = drawn["frame"], drawn["texts"]
    assert not drawn["tabs"] or drawn["drawnAfterTabs"] == [], (where, drawn["drawnAfterTabs"])
    for k, t in enumerate(texts):
        box = t["box"]
        assert frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and \
            box[3] <= frame[3], (where, t["text"], "cut off")
        assert _contrast(t["fill"]) >= 4.5, (where, t["text"], t["fill"])
        if t["tab"]:
            inside = t["tab"]
            assert inside[0] - .5 <= box[0] and box[2] <= inside[2] + .5, (where, t["text"])
        for other in texts[k + 1:]:
            assert not _overlap(box, other["box"]), (where, t["text"], other["text"])
        for piece in drawn["pieces"]:
            assert not _overlap(box, piece), (where, t["text"], "over a piece")
    for tab_box in drawn["tabs"]:
        for piece in drawn["pieces"]:
            assert not _overlap(tab_box, piece), (where, "a tab over a piece")
        for other in drawn["tabs"]:
            assert other is tab_box or not _overlap(tab_box, other), (where, "two tabs")


def _with_answer_stored(tab, entry, board) -> None:
    """The stored answer as the player's saved marks, then the page reloaded, as after a game."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    marks = _marks_of(board)
    if isinstance(board, df.Board):
        state = "".join("#" if c in board.black else marks.get(c, ".") for c in cells)
    else:
        state = "".join("." if c not in board.circles else "#" if c in board.answer else "o"
                        for c in cells)
    key = f"play/{entry.puzzle}/{entry.collection}/{entry.name}"
    tab.evaluate("([k, s]) => localStorage.setItem(k, JSON.stringify({cells: s, notes: "
                 "'-'.repeat(s.length), undo: [], redo: []}))", [key, state])
    tab.reload()
    _settle(tab)


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 420, "height": 860}],
                         ids=["desktop", "420"])
def test_no_text_on_the_board_overlaps_or_is_cut_off(browser, server, entries, viewport):
    """With every idea on, over a board full of pieces, under the reading with the longest
    numbers (the loose reading's run counts up to 31,572; the no-diagonals reading's group
    counts past the cap): the column and row labels, the runs' tabs and the groups' tabs
    never overlap, are never cut off at the board's edge, never cover a piece, and are
    legible.  Screenshots in tests/artifacts/."""
    context, tab, errors = _open(browser, server.url, f"http://127.0.0.1:{server.port}/",
                                 viewport)
    label = viewport["width"]
    for name, reading, ideas in (("df-12x12-01", "loose", ("runs", "starved", "placement")),
                                 ("df-8x8-01", "official", ("runs", "starved")),
                                 ("nd-12x12-01", "no-diagonals", ("groups", "dead")),
                                 ("nd-8x8-01", "write-up", ("groups", "live"))):
        entry = entries[name]
        _choose(tab, entry.puzzle, entry.collection, name, reading)
        _with_answer_stored(tab, entry, entry.board)
        for idea in ideas:
            _toggle(tab, idea)
        _assert_board_text_clear(tab, f"{name} {reading}")
        tab.locator("#grid").screenshot(path=str(ARTIFACTS / f"board-text-{name}-{reading}-"
                                                             f"{label}.png"))
        for idea in ideas:
            _toggle(tab, idea, False)
    context.close()
    assert errors == []


@pytest.mark.parametrize("name", ["df-8x8-01", "nd-12x12-01"])
def test_at_420_pixels_the_board_and_the_hint_are_seen_together(browser, server, entries, name):
    """At 420 px wide, after a hint, the board, the hint controls and the hint's sentence fit
    one screen once the page is scrolled at most 400 px: the controls sit right under the
    board, the long explanations below (saved as tests/artifacts/play-420-NAME.png)."""
    viewport = {"width": 420, "height": 844}
    context, tab, errors = _open(browser, server.url, f"http://127.0.0.1:{server.port}/",
                                 viewport)
    entry = entries[name]
    _choose(tab, entry.puzzle, entry.collection, name)
    tab.click("#next")
    _settle(tab)
    top, bottom = tab.evaluate("""() => {
        const at = id => document.getElementById(id).getBoundingClientRect();
        return [at('grid').top + scrollY, Math.max(at('hint-text').bottom, at('next').bottom,
                                                   at('show').bottom) + scrollY]; }""")
    scroll = max(0, bottom - viewport["height"])
    assert scroll <= 400 and scroll <= top, (top, bottom)
    assert tab.text_content("#hint-text")
    tab.evaluate(f"window.scrollTo(0, {scroll})")
    _shot(tab, f"play-420-{name}")
    context.close()
    assert errors == []


def test_a_lesson_board_shows_its_lesson(tab):
    """A lesson board shows its `lesson:` lines (not the file's `;` comments), the claim it
    illustrates in the catalogue's words, and buttons for the ideas to look at, which turn
    them on; it opens at its own hint level, its grade (here room, which proves there is no
    answer)."""
    _choose(tab, "dosun-fuwari", play_boards.SAMPLES, "df-lesson-1x1")
    assert tab.locator("#lesson").is_visible()
    assert tab.text_content("#lesson-note").startswith("DF-12's smallest counterexample")
    assert "comment" not in tab.text_content("#lesson")
    assert tab.text_content("#lesson-claims") == (
        f"DF-12: {catalogue.CLAIM_BY_ID['DF-12'].statement}")
    assert tab.input_value("#rung") == "room"
    assert tab.text_content("#lesson-rung").startswith("Hint level room: the lowest rung that "
                                                       "proves this board has no answer")
    tab.click("#lesson-look button[data-idea='starved']")
    _settle(tab)
    assert tab.is_checked("#idea-starved")
    assert "No starved room" in tab.text_content("#idea-starved-detail")
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01")
    assert tab.locator("#lesson").is_hidden()
    assert tab.input_value("#rung") == "probe"


def test_a_ladder_lesson_opens_at_its_rung_and_the_rung_below_stalls(tab, entries):
    """The profile rung's lesson opens at hint level profile, and says the room rung below
    stalls; played at room, "Next deduction" never says "nothing is left to prove": once its
    facts have placed every piece it says the room rung does not prove the rest, with the
    cells it leaves undecided, as `ladder.grade` says.  [DF-19]"""
    board = entries["ladder-df-profile"].board
    _choose(tab, "dosun-fuwari", play_boards.SAMPLES, "ladder-df-profile")
    assert tab.input_value("#rung") == "profile"
    left = play_ladder.left_undecided(board, ladder.prove(board, "room"))
    assert tab.text_content("#lesson-rung").endswith(
        f"the room rung below it stalls here with {len(left)} cells left undecided.")
    _select(tab, "#rung", "room")
    for _ in range(2 * board.rows * board.cols):
        before = tab.evaluate("play.notes()")
        tab.click("#next")
        _settle(tab)
        if tab.evaluate("play.notes()") == before:
            break
    said = tab.text_content("#hint-text")
    assert "nothing is left to prove" not in said and "does not prove it" in said, said
    assert f"stalls with {len(left)} cells left undecided" in said
    assert "the profile rung is the lowest that decides every cell" in said
    _shot(tab, "lesson-ladder-df-profile-at-room")


def test_the_rules_come_before_the_hints_words(tab):
    """The hint controls sit right under the board; in the page's order the reading's rules
    come before the hint level's rule, the ideas and the words the hints use; a rung's rule
    is in plain words (no backquotes, no "fixpoint")."""
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01")
    order = tab.evaluate("""() => ['grid', 'next', 'rules', 'rung-rule', 'ideas'].map(id =>
        [...document.querySelectorAll('*')].indexOf(document.getElementById(id)))""")
    words = tab.evaluate("() => [...document.querySelectorAll('*')]"
                         ".indexOf(document.querySelector('.words'))")
    assert order == sorted(order) and order[-1] < words
    rule = tab.text_content("#rung-rule")
    assert rule.startswith("The probe rung: ") and "`" not in rule and "fixpoint" not in rule


def test_the_work_and_its_undo_history_survive_a_reload(tab, entries):
    """Marks are kept per board across board switches and reloads, and so is the undo
    history: after a reload Undo takes back the last change made before it, and Redo brings
    it again; Reset asks first."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01")
    cells = sorted(df.room_of(board))[:3]
    _enter(tab, {cells[0]: "o"})
    first = tab.evaluate("play.state()")
    _enter(tab, {cells[1]: "*"})
    tab.click("#next")
    _settle(tab)
    kept = tab.evaluate("[play.state(), play.notes()]")
    _choose(tab, "nondango", play_boards.BANK, "nd-8x8-01")
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01")
    assert tab.evaluate("[play.state(), play.notes()]") == kept
    tab.reload()
    _settle(tab)
    assert tab.evaluate("[play.state(), play.notes()]") == kept
    tab.click("#undo")
    tab.click("#undo")
    assert tab.evaluate("play.state()") == first
    tab.keyboard.press("Control+y")
    tab.keyboard.press("Control+y")
    assert tab.evaluate("[play.state(), play.notes()]") == kept
    asked = []
    tab.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    tab.click("#reset")
    assert asked and tab.evaluate("[play.state(), play.notes()]") == kept


def test_a_hostile_file_name_is_shown_as_it_is_named(tab, static_tab):
    """A board file named `a<!--<script>.txt`, named on the command line, is offered by its
    name on the served and the static page alike, and the page works around it (no script
    error: the tab fixtures check)."""
    name = HOSTILE_NAME.removesuffix(".txt")
    for page in (tab, static_tab):
        _choose(page, "dosun-fuwari", play_boards.ADDED, name)
        assert page.locator("#board option:checked").text_content() == f"{name} (4×4)"
        assert page.text_content("#status") == "Not solved yet."


def test_a_link_or_a_board_file_opens_from_the_page(tab, tmp_path):
    """A puzz.link link typed into the page, or a board file chosen from the disk, becomes a
    board of "added boards" and is shown at once; a link that does not decode is refused in
    one sentence beside the box."""
    tab.fill("#open-link", "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1")
    tab.click("#open")
    _settle(tab)
    assert tab.input_value("#collection") == play_boards.ADDED
    assert tab.locator("#grid rect.cell").count() == 25 and tab.text_content("#open-status") == ""
    path = tmp_path / "my board.txt"
    path.write_text((Path(__file__).parent.parent / "boards" / "samples" / "nd-pzprjs-6x6.txt")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    tab.set_input_files("#open-file", str(path))
    end = time.monotonic() + 30
    while tab.locator("#board option:checked").text_content() != "my board (6×6)":
        assert time.monotonic() < end, "the file did not open"
        time.sleep(0.05)
        _settle(tab)
    assert tab.input_value("#puzzle") == "nondango" and tab.locator("#grid rect.cell").count() == 36
    tab.fill("#open-link", "https://puzz.link/p?dosufuwa/5/5/7pns")
    tab.click("#open")
    _settle(tab)
    assert tab.text_content("#open-status") == (
        "the link: the body ends at character 4, inside the room walls (1-8)")


# === Check, the legend, the layout ===

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
        found = nd.violations(board, frozenset(c for c, x in zip(cells, state) if x == "#"),
                              reading)
    return sorted(tuple(sorted(v.cells)) for v in found)


def test_javascript_checker_marks_what_python_marks(tab, entries):
    """On random half-played boards, under every reading, the page's checker reports the
    same broken rules, cell for cell, as dosun_fuwari.violations / nondango.violations."""
    rng = random.Random(7)
    for name in ("df-8x8-01", "df-12x12-01", "nd-8x8-01", "nd-givens-6x6"):
        entry = entries[name]
        _choose(tab, entry.puzzle, entry.collection, name)
        cases = [(_random_state(entry.board, rng), reading)
                 for reading in play_boards.readings(entry.puzzle) for _ in range(6)]
        shown = tab.evaluate("cases => cases.map(([s, r]) => play.violations(s, r))", cases)
        for (state, reading), marks in zip(cases, shown):
            js = sorted(tuple(sorted(map(tuple, cells))) for cells in marks)
            assert js == _python_marks(entry.board, state, reading), (name, reading, state)


def test_check_marks_a_wrong_piece_by_its_label(tab, entries):
    """Entering the answer reads "Solved." by the rules alone; one wrong balloon more,
    checked: the rule it breaks for good (two balloons in one room) is marked on exactly its
    cells and listed by the labels drawn along the board, and the rule more marks could
    still mend (nothing holds it while the cell above is unmarked) is listed apart, unmarked;
    Python's rules checker names both."""
    board = entries["df-8x8-02"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-02")
    _enter(tab, _marks_of(board))
    assert tab.text_content("#status") == "Solved."
    owner = df.room_of(board)
    pieces = board.answer.balloons | board.answer.irons
    wrong = min(c for c in owner if c not in pieces and (c[0] - 1, c[1]) in owner
                and (c[0] - 1, c[1]) not in pieces)
    _cell(tab, wrong).click()
    tab.click("#check")
    broken = df.violations(board, df.Answer(board.answer.balloons | {wrong}, board.answer.irons))
    two = [v for v in broken if len(v.cells) == 2]
    assert len(two) == 1 and wrong in two[0].cells and len(broken) == 2
    assert _marked(tab) == set(two[0].cells)
    first, second = sorted(two[0].cells)
    assert _problems(tab) == [f"rooms with more than one balloon (1): {common.position(first)} "
                              f"and {common.position(second)}"]
    assert (f"balloons with nothing holding them yet (1): {common.position(wrong)}"
            in tab.text_content("#open-rules"))


def test_check_on_a_fresh_board_marks_nothing(tab, entries):
    """Check on an untouched board marks and hatches nothing: no mark is wrong yet; the
    rooms still without their pieces are counted in one line apart."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", play_boards.BANK, "df-8x8-01")
    tab.click("#check")
    assert _problems(tab) == [] and _marked(tab) == set()
    assert tab.locator("#grid .broken-room").count() == 0
    assert tab.text_content("#details") == "Nothing is wrong so far under the official reading."
    assert (f"rooms without a balloon ({len(board.rooms)})" in tab.text_content("#open-rules"))


MARKS = {   # a class drawn on the board → the class its legend swatch shows
    "balloon": "balloon", "iron": "iron", "black": "black", "nd-black": "nd-black",
    "white": "white", "unpainted": "unpainted", "given-ring": "given-ring", "wall": "wall",
    "label": "label", "proof": "proof", "broken": "broken", "broken-room": "broken-room",
    "reason": "reason", "pinned": "pinned", "empty-mark": "empty-mark", "run": "run",
    "run-top": "run-top", "run-bottom": "run-bottom", "run-states": "run-states",
    "run-tab": "run-tab", "tab": "tab", "starved": "starved", "live": "live", "dead": "dead",
    "strike-dead": "strike-dead", "shared": "shared", "certificate": "certificate",
    "certified": "certified", "group": "group", "group-tab": "group-tab",
    "group-count": "group-count",
}


def _drawn(tab) -> set:
    return set(tab.locator("#grid *").evaluate_all("nodes => nodes.flatMap(n => [...n.classList])"))


def _wrong_marks(board) -> dict:
    """Marks that break a rule for good: a balloon under an empty cell; two black circles
    in one region."""
    if isinstance(board, df.Board):
        owner = df.room_of(board)
        cell = min(c for c in owner if (c[0] - 1, c[1]) in owner)
        return {(cell[0] - 1, cell[1]): "x", cell: "o"}
    free = board.circles - board.given_black - board.given_white
    region = next(r for r in board.regions if len(r & free) >= 2)
    return dict.fromkeys(sorted(region & free)[:2], "#")


@pytest.mark.parametrize("puzzle, name", [("dosun-fuwari", "df-8x8-01"),
                                          ("nondango", "nd-givens-6x6")])
def test_the_legend_explains_every_mark_on_the_board(tab, entries, puzzle, name):
    """Every kind of mark the board shows, in the course of a game (pieces, circles painted
    or not, given circles, walls, labels, a hint and its reason, the rung's proofs and the
    rooms they pin, every idea, Check's marks), has a swatch in the visible legend."""
    board = entries[name].board
    _choose(tab, puzzle, entries[name].collection, name)
    _enter(tab, dict(sorted(_marks_of(board).items())[:2]))
    tab.click("#next")
    _settle(tab)
    drawn = _drawn(tab)
    tab.click("#show")
    _settle(tab)
    tab.click("#confirm-yes")
    drawn |= _drawn(tab)
    for idea in (("runs", "starved", "placement") if puzzle == "dosun-fuwari"
                 else ("live", "dead", "groups")):
        _toggle(tab, idea)
    drawn |= _drawn(tab)
    _enter(tab, _wrong_marks(board))
    tab.click("#check")
    drawn |= _drawn(tab)
    legend = set(tab.locator(".legend:not([hidden]) svg *").evaluate_all(
        "nodes => nodes.flatMap(n => [...n.classList])"))
    shown = {mark for mark in MARKS if mark in drawn}
    assert shown >= {"wall", "label", "proof", "broken", "reason", "pinned"}
    assert {MARKS[mark] for mark in shown} <= legend, shown - legend


def test_the_layout_holds_on_a_phone(browser, server, entries):
    """On a phone's width the page does not scroll sideways, the board uses nearly all the
    width, a hint's mark is at least a third of a cell across, and Check, with nothing wrong
    yet, lists what is still to do in one line, one entry per kind (saved as
    tests/artifacts/play-phone.png)."""
    context, tab, errors = _open(browser, server.url, f"http://127.0.0.1:{server.port}/", PHONE)
    _choose(tab, "nondango", play_boards.BANK, "nd-12x12-01")
    width = tab.evaluate("document.getElementById('grid').getBoundingClientRect().width")
    assert 0.9 * PHONE["width"] <= width <= PHONE["width"]
    tab.click("#next")
    _settle(tab)
    cell = tab.locator("rect.cell").first.bounding_box()["width"]
    mark = tab.locator(".proof.note").first.bounding_box()
    assert min(mark["width"], mark["height"]) >= cell / 3
    tab.click("#check")
    assert _problems(tab) == [] and tab.text_content("#open-rules").startswith(
        "Still to do (more marks can mend these): regions without a black circle (")
    assert ";" not in tab.text_content("#open-rules")
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab.evaluate("window.scrollTo(0, 0)")
    _shot(tab, "play-phone")
    context.close()
    assert errors == []
