"""The play page (play.py) in Python: the trace of deductions embedded for every board and
reading gives, rung by rung, exactly what `ladder.prove` proves, each step proved from the
steps before it; the page holds no stored answer; every reading has its rules text and
answer count; the collections are the folders of boards/, and the page is valid,
self-contained HTML.  tests/test_play_browser.py plays it in a real browser.  The boards
are tests/conftest.py's, generated into a temporary folder.  [DF-18, ND-16]
"""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

import common
import dosun_fuwari as df
import nondango as nd

from tools import formats
import ladder
from tools import play
from plumbing import puzzlink
from conftest import ND_SAMPLE_LINK


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

def _pages_data(page_file) -> dict:
    return json.loads(_parsed(page_file.read_text(encoding="utf-8")).data)


def test_each_rungs_steps_of_the_trace_are_what_the_ladder_proves(page_file, entries):
    """For every board, reading and traced rung, the facts of the page's trace up to that
    rung's level (until the first step of a higher one) are exactly `ladder.prove`'s, and
    its contradiction is the trace's end; a reading left untraced says why."""
    data = _pages_data(page_file)
    assert len(data["boards"]) == len(entries) + 1            # + the added link
    for item in data["boards"]:
        board = entries[item["name"]].board if item["collection"] != play.ADDED else formats.read(ND_SAMPLE_LINK)
        puzzle = ladder.genre_of(board)
        assert item["puzzle"] == puzzle
        assert list(item["readings"]) == list(play.readings(puzzle))
        for reading, shown in item["readings"].items():
            if "missing" in shown:
                assert (puzzle, reading) == ("dosun-fuwari", "loose") and board.rows * board.cols > play.LOOSE_CELLS
                continue
            for level, (rung, _) in enumerate(ladder.LADDER[puzzle][:shown["top"] + 1]):
                proof = ladder.prove(board, rung, reading)
                facts = {}
                for cell, code, at, _, _ in shown["steps"]:
                    if at > level:
                        break
                    facts[divmod(cell, board.cols)] = code
                ended = shown["end"] is not None and shown["end"][2] <= level and len(facts) == len(
                    [s for s in shown["steps"] if s[2] <= level])
                if proof.contradiction:
                    assert ended and proof.contradiction in shown["end"][3], (item["name"], reading, rung)
                else:
                    assert not ended
                    names = {code: name for name, code in play.FACT_CODES.items()}
                    assert {c: names[x] for c, x in facts.items()} == proof.facts, (item["name"], reading, rung)


def test_each_step_is_proved_from_the_steps_before_it(entries):
    """Replaying a trace: each step's fact is what its rung proves at its cell from the
    facts of the steps before it alone (as cell facts, as a player's marks are), and its
    reason names its rung and the cell by its label."""
    names = {code: name for name, code in play.FACT_CODES.items()}
    for name, reading in (("df-8x8-01", "official"), ("nd-8x8-01", "write-up"),
                          ("nd-givens-6x6", "published"), ("df-8x8-02", "no-stacking")):
        board = entries[name].board
        tr = play.trace(board, reading)
        puzzle = ladder.genre_of(board)
        known: dict = {}
        for step in tr.steps:
            rung_name, rung = ladder.LADDER[puzzle][step.level]
            domains = play._restrict(board, ladder.start(board, reading), known)
            proved = play._cell_sets(board, rung(board, domains, reading))
            assert play._SETS[proved[step.cell]] == step.fact, (name, step)
            assert step.reason.startswith(f"{rung_name}: {common.position(step.cell)} is ")
            known[step.cell] = proved[step.cell]
        assert all(names[play.FACT_CODES[s.fact]] == s.fact for s in tr.steps)


def test_the_page_does_not_carry_the_stored_answer(page_file):
    """Check judges the marks by the rules alone: no board's data holds its answer."""
    for item in _pages_data(page_file)["boards"]:
        assert "answer" not in item


def test_every_reading_has_its_own_rules_and_answer_count(page_file, entries):
    """Each reading's rules text is its own, and each board's data counts its answers under
    every reading with the engine's cap; a board with no answer ends its trace with the
    contradiction that proves it."""
    data = _pages_data(page_file)
    for puzzle in play.PUZZLES:
        texts = [data["rules"][puzzle][r] for r in play.readings(puzzle)]
        assert len(set(texts)) == len(texts)
    item = next(b for b in data["boards"] if b["name"] == "df-no-answer-1x2")
    for reading, shown in item["readings"].items():
        assert shown["count"] == 0 and not shown["capped"]
        assert shown["end"] is not None and "proves there is no answer" in shown["end"][3]
    for item in data["boards"]:
        if item["collection"] == play.ADDED:
            continue
        board = entries[item["name"]].board
        engine = df if item["puzzle"] == "dosun-fuwari" else nd
        for reading, shown in item["readings"].items():
            assert engine.count_answers(board, reading) == (shown["count"], shown["capped"])


def test_embedded_boards_read_back(page_file, entries):
    """The page's rooms and circles are the boards' own (so the page checks the board the
    files describe), and each link is puzzlink.url's, or none for givens."""
    data = _pages_data(page_file)
    for item in data["boards"]:
        if item["collection"] == play.ADDED:
            continue
        board = entries[item["name"]].board
        cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        if item["puzzle"] == "dosun-fuwari":
            rooms = {i: frozenset(cells[k] for k, o in enumerate(item["owner"]) if o == i)
                     for i in set(item["owner"]) - {-1}}
            assert tuple(rooms[i] for i in sorted(rooms)) == board.rooms
        else:
            assert {cells[k] for k, x in enumerate(item["cells"]) if x != "."} == board.circles
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
    err = [line for line in capsys.readouterr().err.strip().splitlines()
           if "working out what each rung proves" not in line]     # progress lines
    assert len(err) == 4 and "edited since" in err[0] and "bad.txt" in err[1]
    assert "no board files" in err[3]


def test_out_is_checked_before_the_page_is_built(boards_dir, tmp_path, capsys, monkeypatch):
    """A place the page may not be written (a folder, a missing folder, a file play.py
    did not write) is refused in one line before any board is read or proved."""
    def not_reached(*args):
        raise AssertionError("the page was built before --out was checked")

    monkeypatch.setattr(play, "collect", not_reached)
    (tmp_path / "mine.html").write_text("my notes", encoding="utf-8")
    for out in (tmp_path, tmp_path / "missing" / "play.html", tmp_path / "mine.html"):
        assert play.main(["--no-open", "--out", str(out), "--boards", str(boards_dir)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert "a folder" in err[0] and "no folder" in err[1] and "not written by play.py" in err[2]


def test_the_page_is_written_whole_with_the_umask_mode(boards_dir, tmp_path, monkeypatch):
    """The page is written atomically: killed before the rename, the old page stays whole
    and no temporary file is left; an empty page (left by a run killed before this was
    so) is replaced; the page gets the mode the umask gives."""
    (tmp_path / "no-boards").mkdir()
    site = tmp_path / "site"
    site.mkdir()
    out = site / "play.html"
    out.write_text("", encoding="utf-8")
    sample = str(boards_dir / "dosun-fuwari" / "df-8x8-01.txt")
    args = ["--no-open", "--out", str(out), "--boards", str(tmp_path / "no-boards"), sample]
    old_mask = os.umask(0o027)
    try:
        assert play.main(args) == 0
    finally:
        os.umask(old_mask)
    assert oct(out.stat().st_mode & 0o777) == oct(0o640)
    page = out.read_text(encoding="utf-8")

    def killed(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        play.main(args)
    assert out.read_text(encoding="utf-8") == page
    assert [p.name for p in site.iterdir()] == ["play.html"]


def test_the_project_boards_are_all_collected():
    """Every board file of the project's boards/ folder reaches the page."""
    root = Path(play.__file__).parent.parent / "boards"
    folders = (*play.PUZZLES, play.PUBLISHED_FOLDER, play.SAMPLES)
    files = sorted(p for sub in folders for p in (root / sub).glob("*.txt"))
    assert sorted(Path(e.source).name for e in play.collect(root)) == sorted(p.name for p in files)


def test_each_folder_is_its_own_collection(boards_dir, tmp_path, entries):
    """The puzzles' folders are the bank, nondango-published/ the bank for the published
    rule, samples/ the lessons and samples; without a nondango-published/ folder there is
    no published collection, and a board of the other puzzle there is an error."""
    collections = {name: entry.collection for name, entry in entries.items()}
    assert collections["df-8x8-01"] == collections["nd-12x12-01"] == play.BANK
    assert collections["ndp-6x6-01"] == play.PUBLISHED
    assert collections["nd-givens-6x6"] == collections["df-no-answer-1x2"] == play.SAMPLES
    assert list(play.COLLECTIONS) == [play.BANK, play.PUBLISHED, play.SAMPLES, play.ADDED]
    (tmp_path / "nondango").mkdir()
    (tmp_path / "nondango" / "nd.txt").write_text(
        (boards_dir / "nondango" / "nd-8x8-01.txt").read_text(encoding="utf-8"), encoding="utf-8")
    assert {e.collection for e in play.collect(tmp_path)} == {play.BANK}
    (tmp_path / play.PUBLISHED_FOLDER).mkdir()
    (tmp_path / play.PUBLISHED_FOLDER / "df.txt").write_text(
        (boards_dir / "dosun-fuwari" / "df-8x8-01.txt").read_text(encoding="utf-8"), encoding="utf-8")
    try:
        play.collect(tmp_path)
    except ValueError as error:
        assert "df.txt" in str(error)
    else:
        raise AssertionError("a Dosun-Fuwari board in nondango-published/ was accepted")


def test_a_contradiction_carries_its_cells(entries):
    """On a board with no answer, the trace's end names the cells of its contradiction
    (as indices in reading order), which the page shows by their labels."""
    item = play.board_data(entries["df-no-answer-1x2"])
    end = item["readings"]["official"]["end"]
    assert end[3].startswith("room proves there is no answer") and end[4] and set(end[4]) <= {0, 1}


def test_boards_on_the_command_line_are_named_by_file_or_genre_and_size(page_file, boards_dir):
    """A board given as a link is named by its puzz.link genre and size, a second of the
    same with a number; a board file by its file name."""
    added = [b["name"] for b in _pages_data(page_file)["boards"] if b["collection"] == play.ADDED]
    assert added == ["nondango 6×6 link"]
    file = boards_dir / "samples" / "df-no-answer-1x2.txt"
    names = [e.name for e in play.read_boards([ND_SAMPLE_LINK, ND_SAMPLE_LINK, str(file)])]
    assert names == ["nondango 6×6 link", "nondango 6×6 link 2", "df-no-answer-1x2"]


def test_a_board_past_the_loose_counts_front_door_is_refused_before_any_trace():
    """A Dosun-Fuwari board whose ladder budget is small but whose loose count the engine
    refuses (a 16-cell column of one-cell rooms: a million loose run states) is refused by
    page_data before any board is traced, in one BoardError naming it, not halfway through
    the page."""
    board = df.make_board(16, 1, (), [[(r, 0)] for r in range(16)])
    traced = []
    entries = [play.Entry("column", "added", board, "column.txt")]
    with pytest.raises(common.BoardError, match=r"^column\.txt: too large for the run engine"):
        play.page_data(entries, lambda done, total: traced.append(done))
    assert traced == []
