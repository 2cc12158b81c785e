"""The play page (play.py), in Python and in a real browser.

Python: the data embedded for every board is exactly what `ladder.prove` gives, and the
page is valid, self-contained HTML.  Browser (headless Debian chromium driven by
Playwright): cells cycle by click and by keyboard, a board's answer reads "Solved.", a wrong
piece is marked where the Python rules checker says, the proofs drawn for each hint level
are `ladder.prove`'s, and the page's JavaScript checker marks the same cells as
`dosun_fuwari.violations` and `nondango.violations` under every reading.  [DF-18, ND-16]

The boards are generated here (the modules' own generators, fixed seeds) into a temporary
folder, so the tests do not depend on the bank.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest

import dosun_fuwari as df
import ladder
import nondango as nd
import play
import formats
import puzzlink

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
ND_SAMPLE_LINK = "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0"


# === Boards, written to a temporary folder ===

def _with_givens(board: nd.Board) -> nd.Board:
    """The same board with one answer circle given black and one other circle given white."""
    black = min(board.answer)
    white = min(board.circles - board.answer)
    return dataclasses.replace(board, given_black=frozenset({black}), given_white=frozenset({white}))


@pytest.fixture(scope="module")
def boards_dir(tmp_path_factory) -> Path:
    """A boards folder like the project's: two puzzles' folders and samples."""
    root = tmp_path_factory.mktemp("boards")
    files = {
        "dosun-fuwari/df-8x8-01.txt": df.picture(df.unique_board(1, 8, 8, 3)),
        "dosun-fuwari/df-8x8-02.txt": df.picture(df.unique_board(2, 8, 8, 2)),
        "dosun-fuwari/df-12x12-01.txt": df.picture(df.unique_board(1, 12, 12, 6)),
        "nondango/nd-8x8-01.txt": nd.picture(nd.bank_board(8, 8, 1)),
        "nondango/nd-8x8-02.txt": nd.picture(nd.bank_board(8, 8, 2)),
        "nondango/nd-12x12-01.txt": nd.picture(nd.bank_board(12, 12, 1)),
        "samples/nd-givens-6x6.txt": nd.picture(_with_givens(nd.bank_board(6, 6, 3))),
    }
    for name, text in files.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def entries(boards_dir) -> dict[str, play.Entry]:
    return {entry.name: entry for entry in play.collect(boards_dir)}


@pytest.fixture(scope="module")
def page_file(boards_dir, tmp_path_factory) -> Path:
    """The page as the command line writes it, with one board added by its link."""
    out = tmp_path_factory.mktemp("page") / "play.html"
    assert play.main(["--no-open", "--out", str(out), "--boards", str(boards_dir), ND_SAMPLE_LINK]) == 0
    return out


class _Page(HTMLParser):
    """Collects what the validity test needs: tag balance, ids, URLs, the JSON data."""

    VOID = {"meta", "input", "br", "img", "link", "hr", "source", "area", "base", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.urls: list[str] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.ids += [attrs["id"]] if "id" in attrs else []
        self.urls += [attrs[key] for key in ("src", "href") if key in attrs]
        self._in_data = tag == "script" and attrs.get("id") == "data"
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
        else:
            self.open.pop()
        self._in_data = False

    def handle_data(self, data):
        if self._in_data:
            self.data += data


def _parsed(text: str) -> _Page:
    parser = _Page()
    parser.feed(text)
    parser.close()
    return parser


# === Python: the data is the ladder's, the page is valid ===

def test_embedded_proofs_are_what_the_ladder_proves(page_file, entries):
    """For every board, reading (but those in NO_PROOFS) and rung, the page's data holds
    exactly the facts, pinned rooms, contradiction and finish of `ladder.prove`."""
    data = json.loads(_parsed(page_file.read_text(encoding="utf-8")).data)
    assert len(data["boards"]) == len(entries) + 1            # + the added link
    for item in data["boards"]:
        board = entries[item["name"]].board if item["group"] != play.ADDED else formats.read(ND_SAMPLE_LINK)
        puzzle = ladder.genre_of(board)
        assert item["puzzle"] == puzzle
        expected = [r for r in play.readings(puzzle) if (puzzle, r) not in play.NO_PROOFS]
        assert list(item["proofs"]) == expected
        for reading, by_rung in item["proofs"].items():
            assert list(by_rung) == [name for name, _ in ladder.LADDER[puzzle]]
            for rung, shown in by_rung.items():
                proof = ladder.prove(board, rung, reading)
                assert play.decode_facts(board, shown["facts"]) == proof.facts, (item["name"], reading, rung)
                assert shown["pinned"] == sorted(proof.pinned)
                assert shown["contradiction"] == proof.contradiction
                assert shown["finished"] == proof.finished


def test_embedded_boards_read_back(page_file, entries):
    """The page's rooms, circles and answers are the boards' own (so the page checks the
    board the files describe), and each link is puzzlink.url's, or none for givens."""
    data = json.loads(_parsed(page_file.read_text(encoding="utf-8")).data)
    for item in data["boards"]:
        if item["group"] == play.ADDED:
            continue
        board = entries[item["name"]].board
        cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        if item["puzzle"] == "dosun-fuwari":
            rooms = {i: frozenset(cells[k] for k, o in enumerate(item["owner"]) if o == i)
                     for i in set(item["owner"]) - {-1}}
            assert tuple(rooms[i] for i in sorted(rooms)) == board.rooms
            assert {cells[k] for k, x in enumerate(item["answer"]) if x == "o"} == board.answer.balloons
            assert {cells[k] for k, x in enumerate(item["answer"]) if x == "*"} == board.answer.irons
        else:
            assert {cells[k] for k, x in enumerate(item["cells"]) if x != "."} == board.circles
            assert {cells[k] for k, x in enumerate(item["answer"]) if x == "#"} == board.answer
        expected_link = None if getattr(board, "given_black", None) else formats.url(board)
        assert item["link"] == expected_link


def test_page_is_valid_self_contained_html(page_file):
    """Tags balance, ids are unique, and nothing is loaded from elsewhere: no src or href
    outside the page, and the only links in the data are puzz.link's."""
    text = page_file.read_text(encoding="utf-8")
    parsed = _parsed(text)
    assert text.startswith("<!DOCTYPE html>")
    assert parsed.problems == [] and parsed.open == []
    assert len(parsed.ids) == len(set(parsed.ids))
    assert all(not url.startswith(("http:", "https:", "//")) for url in parsed.urls), parsed.urls
    links = [b["link"] for b in json.loads(parsed.data)["boards"] if b["link"]]
    assert links and all(link.startswith(puzzlink.URL_PREFIX) for link in links)
    assert '<meta name="viewport"' in text


def test_command_line_refuses_to_overwrite_and_reports_bad_boards(boards_dir, tmp_path, capsys):
    """A file the user wrote is never overwritten, nor a page play.py wrote and the user
    edited since; an untouched page play.py wrote is.  A bad board, a missing folder or a
    folder without boards exits with status 2 and one line on stderr."""
    mine = tmp_path / "notes.html"
    mine.write_text("my notes", encoding="utf-8")
    assert play.main(["--no-open", "--out", str(mine), "--boards", str(boards_dir)]) == 2
    assert mine.read_text(encoding="utf-8") == "my notes"
    out = tmp_path / "play.html"
    sample = boards_dir / "dosun-fuwari" / "df-8x8-01.txt"
    assert play.main(["--no-open", "--out", str(out), "--boards", str(tmp_path), str(sample)]) == 0
    assert play.main(["--no-open", "--out", str(out), "--boards", str(tmp_path), str(sample)]) == 0
    with out.open("a", encoding="utf-8") as page:
        page.write("<!-- my edit -->\n")
    edited = out.read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("dosun-fuwari\nrooms:\n0 1\n0\n", encoding="utf-8")
    capsys.readouterr()
    assert play.main(["--no-open", "--out", str(out), "--boards", str(tmp_path), str(sample)]) == 2
    assert out.read_text(encoding="utf-8") == edited
    fresh = tmp_path / "fresh.html"
    assert play.main(["--no-open", "--out", str(fresh), "--boards", str(tmp_path), str(bad)]) == 2
    assert play.main(["--no-open", "--out", str(fresh), "--boards", str(tmp_path / "none")]) == 2
    assert play.main(["--no-open", "--out", str(fresh), "--boards", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and "edited since" in err[0] and "bad.txt" in err[1]
    assert "no board files" in err[3]


def test_the_project_boards_are_all_collected():
    """Every board file of the project's boards/ folder reaches the page."""
    root = Path(play.__file__).parent / "boards"
    files = sorted(p for sub in (*play.PUZZLES, play.SAMPLES) for p in (root / sub).glob("*.txt"))
    assert sorted(Path(e.source).name for e in play.collect(root)) == sorted(p.name for p in files)


# === Browser: the page plays ===

@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (.ci/run does) for the play page test")
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
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


def _choose(tab, puzzle: str, group: str, name: str) -> None:
    tab.select_option("#puzzle", puzzle)
    tab.select_option("#size", group)
    tab.select_option("#board", label=name)


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
    return {tuple(map(int, m.split(","))) for m in tab.locator(".broken").evaluate_all(
        "marks => marks.map(m => m.dataset.cell)")}


def test_clicks_and_keys_cycle_cells(tab, entries):
    """A white cell cycles empty, balloon, iron ball, empty; a circle cycles unpainted,
    black, white, unpainted; a given circle and a black cell do not change; arrow keys move
    the focus and space or enter cycles the focused cell."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", "8x8", "df-8x8-01")
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
    _choose(tab, "nondango", "samples", "nd-givens-6x6")
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


def test_the_answer_is_solved_and_a_wrong_piece_is_marked(tab, entries):
    """Entering a board's answer reads "Solved." against both the board's answer and the
    rules; one wrong piece more is marked on exactly the cells the Python rules checker
    names, and the board is no longer solved."""
    board = entries["df-8x8-02"].board
    _choose(tab, "dosun-fuwari", "8x8", "df-8x8-02")
    tab.check("#check")
    _enter(tab, _df_targets(board))
    assert tab.text_content("#status") == "Solved."
    assert "matches the board's answer" in tab.text_content("#details")
    assert "breaks no rule (official reading)" in tab.text_content("#details")
    assert _marked(tab) == set()
    owner = df.room_of(board)
    pieces = board.answer.balloons | board.answer.irons
    wrong = min(c for c in owner if c not in pieces and (c[0] - 1, c[1]) in owner
                and (c[0] - 1, c[1]) not in board.answer.balloons)
    _cell(tab, wrong).click()                                  # an unheld balloon
    broken = df.violations(board, df.Answer(board.answer.balloons | {wrong}, board.answer.irons))
    assert wrong in _marked(tab)
    assert _marked(tab) == {cell for v in broken for cell in v.cells}
    assert "a balloon with nothing holding it" in tab.text_content("#problems")
    assert tab.get_attribute("#status", "data-solved") == "false"

    nboard = entries["nd-8x8-01"].board
    _choose(tab, "nondango", "8x8", "nd-8x8-01")
    _enter(tab, {c: "#" for c in nboard.answer})
    assert tab.text_content("#status") == "Solved."
    tab.select_option("#reading", "published")   # the write-up's procedure ignores three whites
    assert not nd.is_answer(nboard, nboard.answer, "published")
    assert tab.text_content("#status") == \
        "This is the board's answer, but it breaks this reading's rules."
    tab.select_option("#reading", "write-up")
    wrong = min(nboard.circles - nboard.answer)
    _cell(tab, wrong).click()
    broken = nd.violations(nboard, nboard.answer | {wrong})
    assert _marked(tab) == {cell for v in broken for cell in v.cells}
    assert "2 black circles in one region" in tab.text_content("#problems")
    assert tab.text_content("#status") == "Not solved yet."


def _shown_facts(tab) -> dict:
    pairs = tab.locator(".proof[data-cell]").evaluate_all(
        "marks => marks.map(m => [m.dataset.cell, m.dataset.fact])")
    return {tuple(map(int, cell.split(","))): fact for cell, fact in pairs}


@pytest.mark.parametrize("puzzle, name, reading", [
    ("dosun-fuwari", "df-8x8-01", "official"), ("dosun-fuwari", "df-8x8-01", "no-stacking"),
    ("nondango", "nd-12x12-01", "write-up"), ("nondango", "nd-8x8-02", "published"),
])
def test_hint_levels_show_what_the_ladder_proves(tab, entries, puzzle, name, reading):
    """For every rung, the marks drawn with "show what the rung proves" are exactly
    `ladder.prove`'s facts, and the summary counts its pinned rooms (or names its
    contradiction); switched off, nothing is drawn."""
    board = entries[name].board
    _choose(tab, puzzle, f"{board.rows}x{board.cols}", name)
    tab.select_option("#reading", reading)
    tab.check("#show")
    for rung, _ in ladder.LADDER[puzzle]:
        tab.select_option("#rung", rung)
        proof = ladder.prove(board, rung, reading)
        assert _shown_facts(tab) == proof.facts, rung
        status = tab.text_content("#proof-status")
        if proof.contradiction:
            assert proof.contradiction in status
        else:
            assert f"pins {len(proof.pinned)} of" in status
    tab.uncheck("#show")
    assert _shown_facts(tab) == {}


def test_no_proofs_for_the_loose_reading_says_so(tab):
    """A reading whose proofs are not embedded draws none and says why."""
    _choose(tab, "dosun-fuwari", "8x8", "df-8x8-01")
    tab.select_option("#reading", "loose")
    tab.check("#show")
    assert _shown_facts(tab) == {}
    assert "No proofs for this reading" in tab.text_content("#proof-status")


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
        index = tab.evaluate("([p, g, n]) => play.index(p, g, n)", [puzzle, entry.group, name])
        cases = [(_random_state(entry.board, rng), reading)
                 for reading in play.readings(puzzle) for _ in range(6)]
        shown = tab.evaluate("([k, cases]) => cases.map(([s, r]) => play.violations(k, s, r))",
                             [index, cases])
        for (state, reading), marks in zip(cases, shown):
            js = sorted(tuple(sorted(map(tuple, cells))) for cells in marks)
            assert js == _python_marks(entry.board, state, reading), (name, reading, state)


def test_screenshot_and_phone_layout(tab, entries):
    """The page draws a board with pieces, proofs and a marked unheld balloon (saved as
    tests/artifacts/play.png) and fits a phone's width without scrolling sideways."""
    board = entries["df-8x8-01"].board
    _choose(tab, "dosun-fuwari", "8x8", "df-8x8-01")
    owner = df.room_of(board)
    unheld = min(c for c in owner if (c[0] - 1, c[1]) in owner
                 and (c[0] - 1, c[1]) not in board.answer.balloons)
    tops = sorted(board.answer.balloons)[:3]
    _enter(tab, {**{c: "o" for c in tops}, min(board.answer.irons): "*", unheld: "o"})
    tab.select_option("#rung", "room")
    tab.check("#show")
    tab.check("#check")
    assert unheld in _marked(tab)
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / "play.png"), full_page=True)
    assert (ARTIFACTS / "play.png").stat().st_size > 10_000
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.screenshot(path=str(ARTIFACTS / "play-phone.png"), full_page=True)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    assert tab.evaluate("document.getElementById('grid').getBoundingClientRect().width") <= 390
