"""The play page (tools/play*.py) in Python: hints from the player's own marks are facts the
ladder proves from them, and a wrong mark, a board without an answer or a board past the
ladder's budget gets a sentence instead; "Show what the rung proves" says how many facts and
whether that is the whole answer before anything is drawn; the write-ups' ideas on the page
are the puzzle modules' own; no write-up-bank Nondango board offers a puzz.link link with no
answer there; lesson boards carry their lesson; everything put into the page is escaped;
the server answers only its own page on 127.0.0.1; the static page (--out) holds each
rung's trace, exactly what `ladder.prove` proves.  tests/test_play_browser.py plays the
page in a real browser.  The boards are tests/conftest.py's.  [DF-18, ND-16]
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest

import common
import dosun_fuwari as df
import ladder
import nondango as nd
from checks import catalogue
from conftest import HOSTILE_NAME, ND_SAMPLE_LINK
from plumbing import cli, puzzlink
from tools import formats, play, play_boards, play_ideas, play_ladder, play_page

ROOT = Path(__file__).resolve().parent.parent


class _Page(HTMLParser):
    """Collects what the validity tests need: tag balance, ids, URLs, the JSON data."""

    VOID = {"meta", "input", "br", "img", "link", "hr", "source", "area", "base", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.urls: list[str] = []
        self.scripts = 0
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.ids += [attrs["id"]] if "id" in attrs else []
        self.urls += [attrs[key] for key in ("src", "href") if key in attrs]
        self.scripts += tag == "script"
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


def _static(page_file) -> dict:
    return json.loads(_parsed(page_file.read_text(encoding="utf-8")).data)


def _start_mark(board, cell) -> str:
    """A cell's mark on an untouched board, as the page starts it."""
    if isinstance(board, df.Board):
        return "#" if cell in board.black else "."
    if cell in board.given_black:
        return "#"
    if cell in board.given_white:
        return "o"
    return "?" if cell in board.circles else "."


def _empty(board) -> tuple[str, str]:
    """The marks and notes of an untouched board."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    return "".join(_start_mark(board, c) for c in cells), play_ladder.NO_FACT * len(cells)


def _answer_symbol(board, cell) -> str:
    """What the stored answer holds at `cell`, as a fact's symbols spell it."""
    if isinstance(board, df.Board):
        return "o" if cell in board.answer.balloons else "*" if cell in board.answer.irons else "."
    return "#" if cell in board.answer else "w"


def _with(marks: str, board, cells: dict) -> str:
    out = list(marks)
    for (r, c), mark in cells.items():
        out[r * board.cols + c] = mark
    return "".join(out)


def _answer_marks(board) -> dict:
    """The stored answer as the page's marks."""
    if isinstance(board, df.Board):
        return {**{c: "o" for c in board.answer.balloons}, **{c: "*" for c in board.answer.irons}}
    return {**{c: "#" for c in board.answer}, **{c: "o" for c in board.circles - board.answer}}


def _proved(board, reading: str, level: int, marks: str, notes: str) -> dict:
    """What the rung at `level` proves from these marks and notes, by ladder.py itself."""
    known, _ = play_ladder.known_facts(board, marks, notes)
    domains = play_ladder.restrict(board, ladder.start(board, reading), known)
    return play_ladder.cell_sets(
        board, ladder.LADDER[ladder.genre_of(board)][level][1](board, domains, reading))


def _says(text: str, rung: str, cell) -> bool:
    """Whether a hint's sentence opens as the page's hints do: the cell by its label, the
    fact, then its rung as "the room rung" (never a bare rung name, which reads as a room
    or a region)."""
    return re.match(rf"{common.position(cell)} is [^(:]+ \(the {rung} rung\): ", text) is not None


def _apply(board, marks: str, notes: str, hint) -> tuple[str, str]:
    decided = {"o": "o", "*": "*", ".": "x", "#": "#", "w": "o"}
    i = hint.cell[0] * board.cols + hint.cell[1]
    notes = notes[:i] + hint.code + notes[i + 1:]
    if hint.code in decided:
        marks = marks[:i] + decided[hint.code] + marks[i + 1:]
    return marks, notes


# === Hints from the player's own marks ===

@pytest.mark.parametrize("name, reading", [("df-8x8-01", "official"), ("df-12x12-01", "official"),
                                           ("nd-8x8-01", "write-up"), ("nd-12x12-01", "write-up"),
                                           ("ndp-8x8-01", "published")])
def test_a_hint_from_the_marks_is_a_new_fact_the_rung_proves_from_them(entries, name, reading):
    """From positions made by hand (three to ten correct marks at random, 8 positions per
    board), the next deduction at every level is a fact the rung proves from those marks by
    ladder.py, not already on the board, true of the answer, and its reason names its rung
    and its cell by its label."""
    board = entries[name].board
    rng = random.Random(31)
    answer = sorted(_answer_marks(board).items())
    rungs = ladder.LADDER[ladder.genre_of(board)]
    reached = 0
    for _ in range(8):
        marks, notes = _empty(board)
        marks = _with(marks, board, dict(rng.sample(answer, rng.randint(3, 10))))
        for level, (rung, _) in enumerate(rungs[:-1]):
            hint = play_ladder.next_deduction(board, reading, level, marks, notes)
            if hint.kind != "fact":
                assert hint.kind == "stalled", hint
                continue
            reached += 1
            proved = _proved(board, reading, hint.level, marks, notes)
            symbols = play_ladder.CODE_SET[hint.code]
            assert proved[hint.cell] == symbols and hint.level <= level
            known, _ = play_ladder.known_facts(board, marks, notes)
            assert known.get(hint.cell) != symbols
            assert _answer_symbol(board, hint.cell) in symbols
            assert _says(hint.text, rungs[hint.level][0], hint.cell), hint.text
    assert reached >= 8


@pytest.mark.parametrize("name, reading", [("df-8x8-01", "official"), ("df-12x12-01", "official"),
                                           ("nd-8x8-01", "write-up"), ("ndp-8x8-01", "published")])
def test_next_deductions_alone_solve_a_board_from_a_hand_made_position(entries, name, reading):
    """From three correct marks of the answer that are not the first three facts the ladder
    would give, pressing "Next deduction" at probe until it says "Solved" fills in the
    answer, every mark a fact: the marks then are the stored answer's."""
    board = entries[name].board
    marks, notes = _empty(board)
    first = play_ladder.trace(board, reading).steps[:3]
    answer = _answer_marks(board)
    chosen = [c for c in sorted(answer) if c not in {s.cell for s in first}][-3:]
    marks = _with(marks, board, {c: answer[c] for c in chosen})
    level = len(ladder.LADDER[ladder.genre_of(board)]) - 2
    for _ in range(2 * board.rows * board.cols):
        hint = play_ladder.next_deduction(board, reading, level, marks, notes)
        if hint.kind != "fact":
            break
        marks, notes = _apply(board, marks, notes, hint)
    assert hint.kind == "done", hint
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    if isinstance(board, df.Board):
        assert {c for c, m in zip(cells, marks) if m == "o"} == board.answer.balloons
        assert {c for c, m in zip(cells, marks) if m == "*"} == board.answer.irons
    else:
        assert {c for c, m in zip(cells, marks) if m == "#"} == board.answer


def test_a_wrong_mark_is_named_before_any_hint(entries):
    """A balloon where the rung proves there is none stops the hints with a sentence naming
    the mark by its label; so does a mark against a hint's note, and a rule broken for good
    (two black circles in one region)."""
    board = entries["df-8x8-01"].board
    marks, notes = _empty(board)
    wrong = min(c for c in df.room_of(board)
                if c not in board.answer.balloons and c not in board.answer.irons)
    hint = play_ladder.next_deduction(board, "official", 3, _with(marks, board, {wrong: "o"}),
                                      notes)
    assert hint.kind == "blocked" and f"balloon at {common.position(wrong)}" in hint.text
    nboard = entries["nd-8x8-01"].board
    marks, notes = _empty(nboard)
    region = next(r for r in nboard.regions if len(r & nboard.circles) >= 2)
    two = sorted(region & nboard.circles)[:2]
    hint = play_ladder.next_deduction(nboard, "write-up", 1,
                                      _with(marks, nboard, dict.fromkeys(two, "#")), notes)
    assert hint.kind == "blocked" and "for good" in hint.text
    i = two[0][0] * nboard.cols + two[0][1]
    hint = play_ladder.next_deduction(nboard, "write-up", 1, _with(marks, nboard, {two[0]: "#"}),
                                      notes[:i] + "w" + notes[i + 1:])
    assert hint.kind == "blocked" and "contradicts the hint" in hint.text


def test_a_board_without_an_answer_gives_no_hint_and_names_the_rung(entries):
    """On a board with no answer, "Next deduction" and "Show what the rung proves" give no
    fact at any level: both say so in the same words as the note under the board, naming the
    lowest rung that proves it (not the level picked), with its cells."""
    board = entries["df-no-answer-1x2"].board
    marks, notes = _empty(board)
    proof = ladder.prove(board, "room")
    for level in range(len(ladder.DF_LADDER)):
        hint = play_ladder.next_deduction(board, "official", level, marks, notes)
        assert hint.kind == "none" and hint.cell is None
        where = ", ".join(map(common.position, proof.where))
        assert hint.text == (f"This board has no answer under the official reading, and the "
                             f"room rung proves it: {proof.contradiction} ({where}).")
        shown = play_ladder.what_the_rung_proves(board, "official", level, marks, notes)
        assert shown.facts == {} and shown.text == hint.text
    note = play_boards.reading_data(board, "official")["noAnswer"]
    assert note == {"text": hint.text, "where": [r * board.cols + c for r, c in proof.where]}


def _replay(board, reading: str, level: int) -> list:
    """Press "Next deduction" at `level` from the empty board until it gives no fact, each
    fact drawn as the page draws it: [(hint, the marks it was asked from)]."""
    marks, notes = _empty(board)
    out = []
    for _ in range(4 * board.rows * board.cols):
        hint = play_ladder.next_deduction(board, reading, level, marks, notes)
        out.append((hint, marks))
        if hint.kind != "fact":
            return out
        marks, notes = _apply(board, marks, notes, hint)
    raise AssertionError("the hints never stopped")


A1 = r"[A-Z]+\d+"


def _cells(text: str) -> tuple:
    """The cells a sentence names, in order, from their labels (B3 → (2, 1))."""
    found = []
    for letters, digits in re.findall(r"([A-Z]+)(\d+)", text):
        col = 0
        for letter in letters:
            col = 26 * col + ord(letter) - ord("A") + 1
        found.append((int(digits) - 1, col - 1))
    return tuple(found)


def _nd_sentence_problems(board, reading: str, text: str, marks: str) -> list[str]:
    """What a Nondango hint says that is not so: a "live triple" that is not one of
    `nondango.live_triples`, a "certificate" that is not one of `nondango.certificates`
    (the black circles being the marks'), a "line" that is not a live line of the anywhere
    reading, or a triple or line named in another form, where it cannot be checked."""
    problems = []
    live = set(nd.live_triples(board, reading)) if reading != "anywhere" else set()
    lines = nd.live_lines(board)
    black = frozenset(divmod(i, board.cols) for i, mark in enumerate(marks) if mark == "#")
    named = re.findall(rf"The live triple ({A1}, {A1}, {A1})", text)
    if text.count("live triple") != len(named):
        problems.append("a live triple named in another form")
    problems += [f"not live: {t}" for t in named if _cells(t) not in live]
    for triple, cell in re.findall(rf"The live triple ({A1}, {A1}, {A1}) is ({A1})'s certificate",
                                   text):
        if _cells(triple) not in nd.certificates(board, black, _cells(cell)[0], reading):
            problems.append(f"not a certificate: {triple}")
    if len(re.findall(r"certificate(?! rule)", text)) != len(
            re.findall(r"'s certificate: its other two", text)):
        problems.append("a certificate named in another form")
    for first, last, many in re.findall(rf"The line ({A1})–({A1}) holds (\d+) circles", text):
        if not any((line[0], line[-1], len(line)) == (*_cells(first + last), int(many))
                   for line in lines):
            problems.append(f"not a live line: {first}–{last}")
    for kind, where in re.findall(r"a (triple|line) leaves a region no circle that can be "
                                  r"black \(([^)]*)\)", text):
        cells = _cells(where)
        if kind == "triple" and cells not in live:
            problems.append(f"not a live triple: {where}")
        if kind == "line" and (reading != "anywhere"
                               or not any(line[:len(cells)] == cells for line in lines)):
            problems.append(f"not a live line: {where}")
    if reading == "anywhere" and "triple" in text.replace("the triple rung", ""):
        problems.append("a triple under the anywhere reading, where the rule speaks of lines")
    return problems


NDND_8X8 = [e for e in play_boards.index(play.BOARDS)
            if (e.collection, e.puzzle, e.size) == (play_boards.BANK, "nondango", "8x8")]


@pytest.mark.parametrize("reading", ["write-up", "published", "anywhere"])
def test_every_hint_names_only_what_is_so(reading):
    """Replaying every 8x8 Nondango board of the write-up bank from the empty board, at
    every hint level, under the write-up's reading, the published rule and the anywhere
    reading (whose triples are lines): every triple, certificate or line a hint names
    is one by `nondango`'s own functions: a live triple is one of `live_triples`, a
    certificate one of `certificates` for the black circles on the board then, a line a live
    line of the anywhere reading (where the rule speaks of lines, not triples); three cells
    of one region are never called a triple.  [ND-03, ND-05, ND-11, ND-16]"""
    assert len(NDND_8X8) == 36
    said = 0
    for entry in NDND_8X8:
        for level in range(len(ladder.ND_LADDER)):
            for hint, marks in _replay(entry.board, reading, level):
                said += bool(re.search(r"live triple|The line|a (triple|line) leaves", hint.text))
                problems = _nd_sentence_problems(entry.board, reading, hint.text, marks)
                assert not problems, (entry.name, level, problems, hint.text)
    assert said >= 36


def test_every_dosun_fuwari_hint_names_only_what_is_so():
    """The same for the 8x8 Dosun-Fuwari write-up bank, read off each board's trace (the
    hints in the order "Next deduction" gives them; these words depend on the cell and the
    fact alone, so the trace of every rung holds every sentence the levels can say): a
    "run-top" is one of `run_tops`, a "run-bottom" one of `run_bottoms`, a "starved" room
    one of `starved_rooms`, and a piece said not to be on a run-top (run-bottom) is not.
    [DF-02, DF-11, DF-14]"""
    boards = [e.board for e in play_boards.index(play.BOARDS)
              if (e.collection, e.puzzle, e.size) == (play_boards.BANK, "dosun-fuwari", "8x8")]
    assert len(boards) == 36
    said = 0
    for board in boards:
        tops, bottoms = df.run_tops(board), df.run_bottoms(board)
        starved = {cell for i in df.starved_rooms(board) for cell in board.rooms[i]}
        for step in play_ladder.trace(board, "official").steps:
            text, cell = step.reason, step.cell
            said += "run-top" in text or "starved" in text
            assert ("A run-top:" in text) <= (cell in tops), text
            assert ("A run-bottom:" in text) <= (cell in bottoms), text
            assert ("Not a run-top" in text) <= (cell not in tops), text
            assert ("Not a run-bottom" in text) <= (cell not in bottoms), text
            assert ("room is starved" in text) <= (cell in starved), text
    assert said >= 36


def test_a_solved_board_gets_no_more_hints(entries):
    """Once the marks keep every rule (the answer entered by hand, unmarked cells empty),
    "Next deduction" says "Solved" and "Show what the rung proves" draws nothing, at a rung
    that decides the board; at a rung that does not, both still say it is solved, and that
    the rung alone does not prove it."""
    for name, reading in (("df-8x8-01", "official"), ("nd-8x8-01", "write-up"),
                          ("ndp-8x8-01", "published")):
        board = entries[name].board
        marks, notes = _empty(board)
        marks = _with(marks, board, _answer_marks(board))
        probe = len(ladder.LADDER[ladder.genre_of(board)]) - 2
        hint = play_ladder.next_deduction(board, reading, probe, marks, notes)
        assert (hint.kind, hint.text) == ("done", "Solved: nothing is left to prove.")
        shown = play_ladder.what_the_rung_proves(board, reading, probe, marks, notes)
        assert (shown.facts, shown.text) == ({}, hint.text)
        hint = play_ladder.next_deduction(board, reading, 0, marks, notes)
        assert hint.kind == "done" and hint.text.startswith("Solved: your marks keep every rule")
        assert f"the {ladder.grade(board, reading).rung} rung is the lowest" in hint.text


def _samples_with_one_answer() -> list:
    return [e for e in play_boards.index(play.BOARDS) if e.collection == play_boards.SAMPLES
            and formats.module_of(e.board).count_answers(
                e.board, play_boards.board_reading(e)[0] or ladder.default_reading(e.puzzle)
            ).count == 1]


@pytest.mark.parametrize("entry", _samples_with_one_answer(), ids=lambda e: e.name)
def test_the_hints_reach_solved_exactly_at_the_boards_grade(entry):
    """Pressing "Next deduction" from the empty board at one level, the hints say "Solved:
    nothing is left to prove" only at the board's grade (`ladder.grade`, the lowest rung
    that decides every cell) and above; below it they end saying the rung stalls, with the
    number of cells it leaves undecided, even where its facts already placed every piece
    (unmarked cells count as empty): the page and the lesson agree with the ladder.
    [DF-19, ND-16]"""
    board = entry.board
    reading = play_boards.board_reading(entry)[0] or ladder.default_reading(entry.puzzle)
    names = [name for name, _ in ladder.LADDER[entry.puzzle]]
    grade = names.index(ladder.grade(board, reading).rung)
    for level in range(len(names) - 1):
        last = _replay(board, reading, level)[-1][0]
        if level >= grade:
            assert (last.kind, last.text) == ("done", "Solved: nothing is left to prove."), level
        else:
            left = play_ladder.left_undecided(board, ladder.prove(board, names[level], reading))
            assert "stalls" in last.text and f"{len(left)} cell" in last.text, (level, last)
            assert "nothing is left to prove" not in last.text


def test_the_static_trace_gives_the_hints_in_the_served_order(entries):
    """The static page's trace is the sequence of facts "Next deduction" gives from the
    empty board at the top level, cell for cell and word for word, until the marks keep
    every rule and it says "Solved" (the trace goes on to the cells left empty), so the two
    pages give their hints in one order."""
    for name, reading in (("df-8x8-01", "official"), ("nd-8x8-01", "write-up"),
                          ("ndp-8x8-01", "published"), ("nd-12x12-01", "write-up")):
        board = entries[name].board
        top = len(ladder.LADDER[ladder.genre_of(board)]) - 1
        hints = _replay(board, reading, top)
        served = [(hint.cell, hint.code, hint.text) for hint, _ in hints if hint.kind == "fact"]
        traced = [(step.cell, play_ladder.FACT_CODES[step.fact], step.reason)
                  for step in play_ladder.trace(board, reading).steps]
        assert hints[-1][0].kind == "done" and traced[:len(served)] == served, name


def test_the_static_page_says_solved_as_the_server_does(page_file, entries):
    """What the static page says at each level once the marks keep every rule, read off its
    trace, is `solved_words` word for word."""
    for item in _static(page_file)["boards"]:
        if item["collection"] == play_boards.ADDED:
            continue
        board = entries[item["name"]].board
        for reading, shown in item["readings"].items():
            if "missing" in shown:
                continue
            count = play_ladder.answer_count(board, reading)
            assert shown["solvedWords"] == [play_ladder.solved_words(board, reading, level, count)
                                            for level in range(shown["top"] + 1)], item["name"]


def test_the_page_speaks_of_rungs_in_plain_words():
    """The hint levels' rules on the page have no "fixpoint", no "singleton consistency",
    no backquotes; the words list defines each rung as "the room rung"."""
    data = play_page.index_data([], "served")
    page = play_page.page(data, served=True)
    for puzzle, rungs in data["ladder"].items():
        for name, rule in rungs:
            assert not re.search(r"fixpoint|singleton|`", rule), rule
            assert f"<dt>the {name} rung</dt>" in page


def test_past_the_budget_a_sentence_not_a_hint(entries):
    """A 12x12 bank board under the loose reading is past the ladder's budget: no hint, no
    default level, and a sentence that says why."""
    board = entries["df-12x12-01"].board
    marks, notes = _empty(board)
    hint = play_ladder.next_deduction(board, "loose", 0, marks, notes)
    assert hint.kind == "none" and "too large for the ladder" in hint.text
    data = play_boards.reading_data(board, "loose")["hints"]
    assert data["default"] is None and data["top"] == -1 and data["refusal"] == hint.text


@pytest.mark.parametrize("name", ["df-8x8-01", "nd-8x8-01", "df-12x12-01"])
def test_the_default_level_is_the_strongest_rung_with_hints_for_each_reading(entries, page_file,
                                                                             name):
    """Served, the hint level starts at probe (the strongest rung below search) wherever the
    ladder gives hints, and nowhere else; on the static page, at the strongest rung traced
    (profile under the loose reading, none where no trace was worked out)."""
    board = entries[name].board
    puzzle = ladder.genre_of(board)
    static = next(b for b in _static(page_file)["boards"] if b["name"] == name)
    probe = [n for n, _ in ladder.LADDER[puzzle]].index("probe")
    for reading in play_boards.readings(puzzle):
        expected = None if play_ladder.budget_refusal(board, reading) else probe
        assert play_boards.reading_data(board, reading)["hints"]["default"] == expected
        traced = static["readings"][reading]
        if "missing" in traced:
            assert traced["hints"]["default"] is None
        else:
            assert traced["hints"]["default"] == min(traced["top"], probe)
            assert traced["hints"]["default"] == (2 if reading == "loose" else probe)


def test_a_board_past_the_engines_front_doors_gets_sentences_not_errors():
    """A 60x60 Nondango board of circles under the anywhere reading is past an engine's
    front door for its ideas (too many triples): they come as a sentence that says so, the
    rung that proves there is no answer (search, over the live lines) is named, and nothing
    raises."""
    regions = [frozenset({(r, c), (r, c + 1)}) for r in range(60) for c in range(0, 60, 2)]
    board = nd.Board(60, 60, tuple(regions),
                     frozenset((r, c) for r in range(60) for c in range(60)))
    data = play_boards.reading_data(board, "anywhere")
    said = [data["countWhy"], data["hints"]["refusal"], (data["noAnswer"] or {}).get("text"),
            data["ideas"].get("why")]
    assert set(data["ideas"]) == {"why"} and "too many triples" in data["ideas"]["why"]
    assert data["count"] is not None or data["countWhy"]
    assert "the search rung proves it" in data["noAnswer"]["text"], said


def test_what_the_rung_proves_is_said_before_it_is_drawn(entries):
    """"Show what the rung proves" first answers with a sentence: how many facts it would
    draw and whether that is the whole answer (every room pinned) or leaves a knot; the
    facts are exactly what `ladder.prove` proves from the empty board."""
    for name, level in (("df-8x8-01", 3), ("df-8x8-01", 1), ("nd-12x12-01", 1)):
        board = entries[name].board
        marks, notes = _empty(board)
        rung = ladder.LADDER[ladder.genre_of(board)][level][0]
        shown = play_ladder.what_the_rung_proves(
            board, ladder.default_reading(ladder.genre_of(board)), level, marks, notes)
        proof = ladder.prove(board, rung)
        given = {c for c, s in play_ladder.known_facts(board, marks, notes)[0].items()}
        names = {code: fact for fact, code in play_ladder.FACT_CODES.items()}
        assert {c: names[x] for c, x in shown.facts.items()} == {
            c: f for c, f in proof.facts.items() if c not in given}
        assert set(shown.pinned) == set(proof.pinned)
        assert shown.whole == (len(proof.pinned) == shown.total)
        assert shown.text.startswith(
            f"The {rung} rung proves {len(shown.facts)} more facts from the empty board, which "
            f"decide every cell of {len(shown.pinned)} of the {shown.total} ")
        assert ("that is the whole answer" in shown.text) == shown.whole
        assert shown.whole or "left for a higher rung" in shown.text


# === The write-ups' ideas are the puzzle modules' own ===

def test_the_dosun_fuwari_ideas_are_the_modules_own(entries):
    """Runs, run-tops, run-bottoms and their state counts, starved rooms and the placement
    space sent to the page are `dosun_fuwari`'s, under every reading.  [DF-03, DF-04, DF-14]"""
    for name in ("df-8x8-01", "df-12x12-01", "df-no-answer-1x2"):
        board = entries[name].board
        index = lambda cell: cell[0] * board.cols + cell[1]     # noqa: E731
        for reading in df.READINGS:
            ideas = play_ideas.df_ideas(board, reading)
            assert [r["cells"] for r in ideas["runs"]] == [[index(c) for c in run.cells]
                                                          for run in df.runs(board)]
            assert {r["top"] for r in ideas["runs"]} == {index(c) for c in df.run_tops(board)}
            assert {r["bottom"] for r in ideas["runs"]} == {index(c) for c in df.run_bottoms(board)}
            assert [r["states"] for r in ideas["runs"]] == [df.count_run_states(run.length, reading)
                                                          for run in df.runs(board)]
            assert ideas["starved"] == list(df.starved_rooms(board))
            assert int(ideas["placement"]["value"]) == df.placement_space(board, reading)


def test_the_nondango_ideas_are_the_modules_own(entries):
    """Live and dead triples, the region a dead triple's two circles share, the groups and
    the product of their counts sent to the page are `nondango`'s: where no group's count
    stopped at the cap, the product is the board's own count, up to its cap.  Under the
    anywhere reading, where any three circles of a line are a triple, the page gets each
    live line once (`nondango.live_lines`) and the lines whose every triple is dead, with
    the numbers of live and dead triples.  [ND-02, ND-03, ND-07, ND-11]"""
    for name in ("nd-8x8-01", "nd-12x12-01", "nd-givens-6x6", "ndp-6x6-01"):
        board = entries[name].board
        region_of = nd.region_of(board)
        cell = lambda i: divmod(i, board.cols)                   # noqa: E731
        for reading in nd.READINGS:
            ideas = play_ideas.nd_ideas(board, reading)
            live = [tuple(map(cell, t)) for t in ideas["live"]]
            dead = [tuple(map(cell, t["cells"])) for t in ideas["dead"]]
            if reading == "anywhere":
                assert ideas["unit"] == "line" and live == list(nd.live_lines(board))
                assert ideas["liveTriples"] == len(nd.live_triples(board, reading))
                assert ideas["deadTriples"] == len(nd.dead_triples(board, reading))
                every_dead = set(nd.dead_triples(board, reading))
                assert all(set(itertools.combinations(line, 3)) <= every_dead for line in dead)
                assert len(set(dead) | set(live)) == len(
                    [line for line in nd.lines(board.rows, board.cols)
                     if sum(c in board.circles for c in line) >= 3])
            else:
                assert ideas["unit"] == "triple" and live == list(nd.live_triples(board, reading))
                assert dead == list(nd.dead_triples(board, reading))
            for t in ideas["dead"]:
                assert t["shared"] and all(region_of[cell(i)] in t["shared"] for i in t["pair"])
                assert len(t["pair"]) >= 2
            assert [tuple(g["regions"]) for g in ideas["groups"]] == list(nd.groups(board, reading))
            count = nd.count_answers(board, reading)
            product = int(ideas["product"]["value"])
            if not ideas["product"]["capped"]:
                assert count == (min(product, nd.COUNT_CAP), product >= nd.COUNT_CAP)


def test_each_white_circle_of_a_solved_board_has_its_certificates(entries):
    """On a solved Nondango board the certificates sent are `nondango.certificates` of every
    white circle; on a board not solved, none are.  [ND-05]"""
    board = entries["nd-8x8-01"].board
    found = play_ideas.certificates(board, "write-up", board.answer)
    assert [divmod(c["cell"], board.cols) for c in found] == sorted(board.circles - board.answer)
    for item in found:
        white = divmod(item["cell"], board.cols)
        assert [tuple(divmod(i, board.cols) for i in t) for t in item["triples"]] == \
            list(nd.certificates(board, board.answer, white))
        # one answer: every free circle certified
        assert not item["free"] or item["triples"]
    assert play_ideas.certificates(board, "write-up", frozenset()) is None
    assert "every single move is illegal" in play_ideas.certificate_words(board, found)


# === No dead ends: links and lessons ===

def test_no_write_up_bank_nondango_board_offers_a_link_with_no_answer_there():
    """Of the project's write-up bank (boards/nondango/), a board offers its puzz.link link
    exactly when it has an answer under the published rule puzz.link checks; every other one
    says why and names the published bank's board of the same size and number instead."""
    entries = play_boards.index(play.BOARDS)
    bank = [e for e in entries if e.collection == play_boards.BANK and e.puzzle == "nondango"]
    assert len(bank) == 72
    offered = 0
    for entry in bank:
        offer = play_boards.link_offer(entry, entries)
        count = nd.count_answers(entry.board, "published")
        assert (offer["url"] is not None) == (count.count > 0), entry.name
        if offer["url"] is None:
            assert "puzz.link checks the published rule" in offer["why"]
            assert offer["instead"] == entry.name.replace("nd-", "ndp-")
        else:
            offered += 1
            assert offer["url"] == formats.url(entry.board)
    assert offered < 72


def test_every_published_bank_board_offers_its_link():
    """The bank made for the published rule offers every board's link: each has an answer
    on puzz.link.  [X-02]"""
    entries = play_boards.index(play.BOARDS)
    published = [e for e in entries if e.collection == play_boards.PUBLISHED]
    assert published and all(play_boards.link_offer(e, entries)["url"] for e in published)


def test_a_lesson_board_carries_its_lesson():
    """A lesson board of boards/samples/ carries its `lesson:` lines, the claims they name with
    the catalogue's statement, and the ideas that show it: DF-12's counterexample looks at runs
    and starved rooms; a ladder lesson names the ladder's claim.  A file's `;` comment is the
    file's own, not a lesson: the pzprjs samples, whose comments describe the file format,
    have none."""
    entries = {e.name: e for e in play_boards.index(play.BOARDS)}
    lesson = play_boards.lesson(entries["df-one-cell-1x1"])
    assert lesson["note"].startswith("DF-12's smallest counterexample")
    assert lesson["claims"] == [["DF-12", catalogue.CLAIM_BY_ID["DF-12"].statement]]
    assert lesson["look"] == ["runs", "starved"]
    assert play_boards.lesson(entries["ladder-df-probe"])["claims"][0][0] == "DF-18"
    assert play_boards.lesson(entries["nd-literal-1x4"])["look"] == ["live", "certificates"]
    samples = [e for e in entries.values() if e.collection == play_boards.SAMPLES]
    with_lesson = {e.name for e in samples if play_boards.lesson(e)}
    assert with_lesson == {e.name for e in samples if "pzprjs" not in e.name}
    assert "df-pzprjs-5x5" in entries and ";" in entries["df-pzprjs-5x5"].text


LESSON_WORDS = re.compile(r"`|\(\d+, ?\d+\)|\b(?:room|region|column|row) \d|tests/|\.py\b|"
                          r"\b[a-z]+_[a-z_]+\b")


def test_lessons_speak_as_the_page_does():
    """Every lesson on the page names cells as the board's labels do (A1), never as
    `(row, col)` or "room 0"; it has no backquotes, no file or code names; and each lesson
    board opens at its own rung: its grade (`ladder.grade`) under each reading, the rung
    below it (if any) said to stall with the number of cells it leaves undecided."""
    for entry in play_boards.index(play.BOARDS):
        if entry.collection != play_boards.SAMPLES or not play_boards.lesson(entry):
            continue
        lesson = play_boards.lesson(entry)
        assert not LESSON_WORDS.search(lesson["note"]), (entry.name, lesson["note"])
        for reading, rung in lesson["rungs"].items():
            try:
                grade = ladder.grade(entry.board, reading)
            except common.BoardError:
                assert rung is None
                continue
            if not grade.finished:
                assert rung is None
                continue
            names = [name for name, _ in ladder.LADDER[entry.puzzle]]
            assert rung["level"] == names.index(grade.rung), (entry.name, reading)
            assert rung["text"].startswith(f"Hint level {grade.rung}: ")
            below = names[rung["level"] - 1] if rung["level"] else None
            stalls = f"the {below} rung below it stalls here with"
            says_below = below is not None and not grade.steps[-1].contradiction
            assert (stalls in rung["text"]) == says_below
            assert not LESSON_WORDS.search(rung["text"])


def test_a_board_opens_under_its_own_reading_as_the_commands_do():
    """A board file's `reading:` line is its reading; a board from a puzz.link link or a
    pzprv3 text (on the command line, or opened on the page) is meant for the rule
    puzz.link checks, LINK_READING, as the commands' `board_reading` says; the pzprjs
    Nondango sample, whose answer is puzz.link's, says so in its file; a board file without
    the line has none.  The page is told why."""
    published = play_boards.added(
        [str(ROOT / "boards" / "nondango-published" / "ndp-8x8-01.txt")])[0]
    assert play_boards.board_reading(published) == ("published", "its file's reading: line")
    sample = play_boards.added([str(ROOT / "boards" / "samples" / "df-pzprjs-5x5.txt")])[0]
    assert play_boards.board_reading(sample) == (None, "")
    for link in play_boards.added([ND_SAMPLE_LINK]), [play_boards.opened(ND_SAMPLE_LINK, None, [])]:
        data = play_boards.board_data(link[0], [])
        assert (data["reading"], data["readingWhy"]) == (nd.LINK_READING,
                                                         "the rule puzz.link checks")
        assert cli.board_reading(nd, link[0].board, True, None)[0] == data["reading"]
    pzprjs = play_boards.added([str(ROOT / "boards" / "samples" / "nd-pzprjs-6x6.txt")])[0]
    assert play_boards.board_reading(pzprjs)[0] == nd.LINK_READING
    assert nd.count_answers(pzprjs.board, nd.LINK_READING).count == 1


def test_a_link_that_is_not_puzz_links_is_refused_as_one():
    """A link of another site typed into the page's Open says it is not a puzz.link link,
    in one line, instead of reading it as a board file."""
    with pytest.raises(common.BoardError) as refused:
        play_boards.opened("https://example.com/x", None, [])
    assert str(refused.value) == ("https://example.com/x: not a puzz.link link (one like "
                                  "https://puzz.link/p?nondango/6/6/…) nor a pzprv3 text")


def test_the_link_sentences_have_no_nested_parentheses(entries):
    """What the page says beside a board's link reads as one plain sentence."""
    for name in ("nd-8x8-01", "nd-givens-6x6", "ndp-8x8-01", "df-8x8-01"):
        offer = play_boards.link_offer(entries[name], list(entries.values()))
        assert "(" not in offer["why"], offer["why"]


# === Escaping ===

def test_json_block_escapes_what_could_end_a_script():
    """The page's data is JSON with `<`, `>` and `&` as \\u escapes and nothing but ASCII, and
    reads back as it was."""
    data = {"name": HOSTILE_NAME + "</script><!-- & \u2028 é"}
    text = play_page.json_block(data)
    assert not set(text) & set("<>&") and text.isascii()
    assert json.loads(text) == data


def test_a_hostile_file_name_cannot_break_the_static_page(page_file):
    """The static page written with a board file named `a<!--<script>.txt` parses as it
    should: one data block that holds the name, no `<` in it, the page's own script after."""
    text = page_file.read_text(encoding="utf-8")
    parsed = _parsed(text)
    assert parsed.problems == [] and parsed.open == [] and parsed.scripts == 2
    assert "<" not in parsed.data and HOSTILE_NAME.removesuffix(".txt") in \
        [b["name"] for b in json.loads(parsed.data)["boards"]]


def _get(server, path: str, headers: dict | None = None, method: str = "GET",
         body: bytes | None = None):
    """One request to the server: (status, headers, body text)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    sent = {"Host": f"127.0.0.1:{server.port}", **(headers or {})}
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    text = response.read().decode("utf-8")
    connection.close()
    return response.status, dict(response.getheaders()), text


def _post(server, route: str, data: dict):
    status, _, text = _get(server, f"/{server.token}/{route}", {"Content-Type": "application/json"},
                           "POST", json.dumps(data).encode("utf-8"))
    return status, json.loads(text)


def test_a_hostile_file_name_cannot_break_the_served_page(server):
    """The served page with the same board: its data block holds the name escaped, and the
    page's script comes from the server under a policy that runs no other."""
    status, headers, text = _get(server, f"/{server.token}/")
    assert status == 200 and "script-src 'self'" in headers["Content-Security-Policy"]
    parsed = _parsed(text)
    assert parsed.problems == [] and parsed.open == [] and "<" not in parsed.data
    assert HOSTILE_NAME.removesuffix(".txt") in [
        b["name"] for b in json.loads(parsed.data)["boards"]]


# === The server: 127.0.0.1 only, its token, its Host ===

def test_the_server_listens_on_127_0_0_1_only(server):
    """The server is bound to the loopback address alone, on a port of its own."""
    assert server.server_address[0] == "127.0.0.1" and server.port > 0
    assert server.url == f"http://127.0.0.1:{server.port}/{server.token}/"
    assert len(server.token) >= 20


@pytest.mark.parametrize("path", ["/", "/favicon.ico", "/{token}x/", "/x{token}/board?id=0",
                                  "/play.js", "/board?id=0"])
def test_a_request_without_the_token_is_refused(server, path):
    """A request whose path does not start with the server's token is refused (403), for the
    page, its script and its data alike."""
    status, _, text = _get(server, path.format(token=server.token))
    assert status == 403 and "token" in text


@pytest.mark.parametrize("host", ["example.com", "evil.example:80", "127.0.0.1", "127.0.0.2:{port}",
                                  "localhost:1", ""])
def test_a_request_for_another_host_is_refused(server, host):
    """A request carrying the token but naming another host (a DNS-rebound name, another
    port, no port) is refused (421), so that a page elsewhere cannot reach the server."""
    status, _, _ = _get(server, f"/{server.token}/", {"Host": host.format(port=server.port)})
    assert status == 421


def test_a_request_from_another_page_is_refused(server):
    """A request with another page's Origin is refused (403), even with the token."""
    status, _, _ = _get(server, f"/{server.token}/board?id=0", {"Origin": "https://example.com"})
    assert status == 403
    status, _, _ = _get(server, f"/{server.token}/board?id=0",
                        {"Origin": f"http://127.0.0.1:{server.port}"})
    assert status == 200


def test_malformed_requests_are_refused_in_a_sentence(server):
    """A request the page would not send (no such board, reading or level; not JSON) is a
    400 with a sentence; an unknown route a 404; a board file that does not parse is a 200
    whose `error` the page shows."""
    assert _get(server, f"/{server.token}/board?id=999")[0] == 400
    assert _get(server, f"/{server.token}/reading?id=0&reading=nope")[0] == 400
    assert _get(server, f"/{server.token}/nothing")[0] == 404
    status, answer = _post(server, "deduce", {"id": 0, "reading": "official", "level": 99,
                                              "marks": "", "notes": ""})
    assert status == 400 and answer["error"]
    status, _, _ = _get(server, f"/{server.token}/deduce", {"Content-Type": "application/json"},
                        "POST", b"not json")
    assert status == 400
    status, answer = _post(server, "open",
                           {"name": "bad.txt", "text": "dosun-fuwari\nrooms:\n0 1\n0\n"})
    assert status == 200 and answer["error"].startswith("bad.txt:4:2: ragged")


def test_a_link_opened_from_the_page_is_read_and_a_path_is_not(server):
    """A puzz.link link sent by the page's Open becomes a board of the index; a path sent
    the same way is not read from the disk."""
    status, answer = _post(server, "open",
                           {"link": "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1"})
    assert status == 200 and answer["entry"]["collection"] == play_boards.ADDED
    assert answer["entry"]["name"].startswith("dosufuwa 5×5 link")
    status, data = _get(server, f"/{server.token}/board?id={answer['entry']['id']}")[::2]
    assert json.loads(data)["rows"] == 5
    path = str(ROOT / "boards" / "samples" / "df-pzprjs-5x5.txt")
    status, answer = _post(server, "open", {"link": path})
    assert status == 200 and "error" in answer


def test_the_server_answers_hints_as_the_ladder_does(server, entries):
    """The server's next deduction and proof for a board are play_ladder's, cells as
    indices in reading order; its board data carries no answer."""
    k = next(i for i, e in enumerate(server.entries) if e.name == "df-8x8-01")
    board = entries["df-8x8-01"].board
    marks, notes = _empty(board)
    status, answer = _post(server, "deduce", {"id": k, "reading": "official", "level": 3,
                                              "marks": marks, "notes": notes})
    hint = play_ladder.next_deduction(board, "official", 3, marks, notes)
    assert status == 200 and answer["text"] == hint.text
    assert divmod(answer["cell"], board.cols) == hint.cell and answer["code"] == hint.code
    status, data = _get(server, f"/{server.token}/board?id={k}")[::2]
    assert "answer" not in json.loads(data)


def _small_boards(tmp_path: Path, entries) -> Path:
    folder = tmp_path / "boards"
    (folder / "samples").mkdir(parents=True)
    (folder / "samples" / "one.txt").write_text(df.picture(entries["df-8x8-01"].board),
                                                encoding="utf-8")
    return folder


def test_the_command_serves_until_ctrl_c_then_says_so_in_one_line(tmp_path, entries):
    """`python -m tools.play --no-open` prints the page's address at once; the page answers
    there; Ctrl-C stops the server with one line on stderr and exit status 130, as every
    command stopped by Ctrl-C."""
    process = subprocess.Popen([sys.executable, "-m", "tools.play", "--no-open", "--boards",
                                str(_small_boards(tmp_path, entries))], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/\S+/", line).group(0)
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.request("GET", parts.path)
        assert connection.getresponse().status == 200
        connection.close()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err.splitlines() == [f"play.py: stopped serving {url}"]
    assert len(line) <= 100


def test_the_index_reads_no_bank_board():
    """The index of the project's boards reads none of the 216 bank boards: each is read
    when a player chooses it."""
    entries = play_boards.index(play.BOARDS)
    bank = [e for e in entries if e.collection in (play_boards.BANK, play_boards.PUBLISHED)]
    assert len(bank) == 216 and all(e.loaded is None for e in bank)
    assert all(e.size in ("8x8", "12x12") for e in bank)


# === The static page: the trace worked out ahead ===

def test_each_rungs_steps_of_the_trace_are_what_the_ladder_proves(page_file, entries, hostile_file):
    """For every board, reading and traced rung of the static page, the facts of the trace up
    to that rung's level (until the first step of a higher one) are exactly
    `ladder.prove`'s, and its contradiction is the trace's end; a reading left untraced
    says why."""
    data = _static(page_file)
    assert len(data["boards"]) == len(entries) + 2            # + the link and the hostile file
    for item in data["boards"]:
        if item["collection"] == play_boards.ADDED:
            board = formats.read(ND_SAMPLE_LINK if item["puzzle"] == "nondango"
                                 else str(hostile_file))
        else:
            board = entries[item["name"]].board
        puzzle = ladder.genre_of(board)
        assert item["puzzle"] == puzzle
        assert list(item["readings"]) == list(play_boards.readings(puzzle))
        for reading, shown in item["readings"].items():
            if "missing" in shown:
                assert (puzzle, reading) == ("dosun-fuwari", "loose")
                assert board.rows * board.cols > play_boards.LOOSE_CELLS
                continue
            for level, (rung, _) in enumerate(ladder.LADDER[puzzle][:shown["top"] + 1]):
                proof = ladder.prove(board, rung, reading)
                facts, taken = {}, 0
                for cell, code, at, _, _ in shown["steps"]:
                    if at > level:
                        break
                    facts[divmod(cell, board.cols)] = code
                    taken += 1
                ended = shown["end"] is not None and shown["end"][2] <= level and taken == len(
                    [s for s in shown["steps"] if s[2] <= level])
                if proof.contradiction:
                    assert ended and shown["end"][4] == [r * board.cols + c
                                                         for r, c in proof.where], (
                        item["name"], reading, rung)
                else:
                    assert not ended
                    names = {code: name for name, code in play_ladder.FACT_CODES.items()}
                    assert {c: names[x] for c, x in facts.items()} == proof.facts, (
                        item["name"], reading, rung)


def test_each_step_is_proved_from_the_steps_before_it(entries):
    """Replaying a trace: each step's fact is what its rung proves at its cell from the
    facts of the steps before it alone (as cell facts, as a player's marks are), and its
    reason names its rung and the cell by its label."""
    for name, reading in (("df-8x8-01", "official"), ("nd-8x8-01", "write-up"),
                          ("nd-givens-6x6", "published"), ("df-8x8-02", "no-stacking")):
        board = entries[name].board
        tr = play_ladder.trace(board, reading)
        puzzle = ladder.genre_of(board)
        known: dict = {}
        for step in tr.steps:
            rung_name, rung = ladder.LADDER[puzzle][step.level]
            domains = play_ladder.restrict(board, ladder.start(board, reading), known)
            proved = play_ladder.cell_sets(board, rung(board, domains, reading))
            proved_code = next(code for code, s in play_ladder.CODE_SET.items()
                               if s == proved[step.cell])
            assert play_ladder.FACT_CODES[step.fact] == proved_code, (name, step)
            assert _says(step.reason, rung_name, step.cell), step.reason
            known[step.cell] = proved[step.cell]


def test_the_static_page_does_not_carry_the_stored_answer(page_file):
    """Check judges the marks by the rules alone: no board's data holds its answer."""
    for item in _static(page_file)["boards"]:
        assert "answer" not in item


def test_every_reading_has_its_own_rules_and_answer_count(page_file, entries):
    """Each reading's rules text is its own, and each board's data counts its answers under
    every reading with the engine's cap; a board with no answer says which rung proves it."""
    data = _static(page_file)
    for puzzle in play_boards.PUZZLES:
        texts = [data["rules"][puzzle][r] for r in play_boards.readings(puzzle)]
        assert len(set(texts)) == len(texts)
    item = next(b for b in data["boards"] if b["name"] == "df-no-answer-1x2")
    for reading, shown in item["readings"].items():
        assert shown["count"] == 0 and not shown["capped"]
        assert "no answer" in shown["noAnswer"]["text"] and shown["end"] is not None
    for item in data["boards"]:
        if item["collection"] == play_boards.ADDED:
            continue
        board = entries[item["name"]].board
        engine = df if item["puzzle"] == "dosun-fuwari" else nd
        for reading, shown in item["readings"].items():
            assert engine.count_answers(board, reading) == (shown["count"], shown["capped"])


def test_the_static_page_is_valid_and_self_contained(page_file):
    """Tags balance, ids are unique, and nothing is loaded from elsewhere: no src or href
    outside the page, a policy that allows no fetch, and the only links in the data are
    puzz.link's."""
    text = page_file.read_text(encoding="utf-8")
    parsed = _parsed(text)
    assert text.startswith("<!DOCTYPE html>")
    assert parsed.problems == [] and parsed.open == []
    assert len(parsed.ids) == len(set(parsed.ids))
    assert all(url.startswith("data:") for url in parsed.urls), parsed.urls
    assert play_page.STATIC_POLICY.replace("'", "&#x27;") in text
    links = [b["link"]["url"] for b in json.loads(parsed.data)["boards"] if b["link"]["url"]]
    assert links and all(link.startswith(puzzlink.URL_PREFIX) for link in links)


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
    assert play.main(["--no-open", "--out", str(out), str(sample)]) == 0
    assert play.main(["--no-open", "--out", str(out), str(sample)]) == 0
    with out.open("a", encoding="utf-8") as page:
        page.write("<!-- my edit -->\n")
    edited = out.read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("dosun-fuwari\nrooms:\n0 1\n0\n", encoding="utf-8")
    capsys.readouterr()
    assert play.main(["--no-open", "--out", str(out), str(sample)]) == 2
    assert out.read_text(encoding="utf-8") == edited
    fresh = tmp_path / "fresh.html"
    assert play.main(["--no-open", "--out", str(fresh), str(bad)]) == 2
    assert play.main(["--no-open", "--out", str(fresh), "--boards", str(tmp_path / "none")]) == 2
    assert play.main(["--no-open", "--out", str(fresh), "--boards", str(tmp_path)]) == 2
    err = [line for line in capsys.readouterr().err.strip().splitlines()
           if "working out what each rung proves" not in line]
    assert len(err) == 4 and "edited since" in err[0] and "bad.txt" in err[1]
    assert "no board files" in err[3]


def test_out_is_checked_before_the_page_is_built(boards_dir, tmp_path, capsys, monkeypatch):
    """A place the page may not be written (a folder, a missing folder, a file play.py
    did not write) is refused in one line before any board is read or proved."""
    def not_reached(*args):
        raise AssertionError("the page was built before --out was checked")

    monkeypatch.setattr(play_boards, "index", not_reached)
    (tmp_path / "mine.html").write_text("my notes", encoding="utf-8")
    for out in (tmp_path, tmp_path / "missing" / "play.html", tmp_path / "mine.html"):
        assert play.main(["--no-open", "--out", str(out), "--boards", str(boards_dir)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert "a folder" in err[0] and "no folder" in err[1] and "not written by play.py" in err[2]


def test_the_page_is_written_whole_with_the_umask_mode(boards_dir, tmp_path, monkeypatch):
    """The page is written atomically: killed before the rename, the old page stays whole
    and no temporary file is left; an empty page is replaced; the page gets the mode the
    umask gives."""
    site = tmp_path / "site"
    site.mkdir()
    out = site / "play.html"
    out.write_text("", encoding="utf-8")
    args = ["--no-open", "--out", str(out), str(boards_dir / "dosun-fuwari" / "df-8x8-01.txt")]
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


# === The index ===

def test_the_project_boards_are_all_indexed():
    """Every board file of the project's boards/ folder reaches the page."""
    folders = (*play_boards.PUZZLES, play_boards.PUBLISHED_FOLDER, play_boards.SAMPLES)
    files = sorted(p for sub in folders for p in (play.BOARDS / sub).glob("*.txt"))
    assert sorted(Path(e.source).name for e in play_boards.index(play.BOARDS)) == sorted(
        p.name for p in files)


def test_each_folder_is_its_own_collection(boards_dir, tmp_path, entries):
    """The puzzles' folders are the bank, nondango-published/ the bank for the published
    rule, samples/ the lessons and samples; a board of the other puzzle in a puzzle's folder
    is an error naming the file when it is read."""
    collections = {name: entry.collection for name, entry in entries.items()}
    assert collections["df-8x8-01"] == collections["nd-12x12-01"] == play_boards.BANK
    assert collections["ndp-6x6-01"] == play_boards.PUBLISHED
    assert collections["nd-givens-6x6"] == collections["df-no-answer-1x2"] == play_boards.SAMPLES
    assert list(play_boards.COLLECTIONS) == [play_boards.BANK, play_boards.PUBLISHED,
                                             play_boards.SAMPLES, play_boards.ADDED]
    (tmp_path / play_boards.PUBLISHED_FOLDER).mkdir()
    (tmp_path / play_boards.PUBLISHED_FOLDER / "df.txt").write_text(
        (boards_dir / "dosun-fuwari" / "df-8x8-01.txt").read_text(encoding="utf-8"),
        encoding="utf-8")
    entry, = play_boards.index(tmp_path)
    with pytest.raises(common.BoardError, match="df.txt"):
        entry.board


def test_boards_on_the_command_line_are_named_by_file_or_genre_and_size(boards_dir):
    """A board given as a link is named by its puzz.link genre and size, a second of the
    same with a number; a board file by its file name."""
    file = boards_dir / "samples" / "df-no-answer-1x2.txt"
    names = [e.name for e in play_boards.added([ND_SAMPLE_LINK, ND_SAMPLE_LINK, str(file)])]
    assert names == ["nondango 6×6 link", "nondango 6×6 link 2", "df-no-answer-1x2"]


def test_a_board_past_the_loose_counts_front_door_is_refused_before_any_trace():
    """A Dosun-Fuwari board whose ladder budget is small but whose loose count the engine
    refuses (a 16-cell column of one-cell rooms: a million loose run states) is refused by
    the static page before any board is traced, in one BoardError naming it, not halfway
    through the page."""
    board = df.make_board(16, 1, (), [[(r, 0)] for r in range(16)])
    traced = []
    entries = [play_boards.Entry("column", play_boards.ADDED, "dosun-fuwari", "16x1", "column.txt",
                                 loaded=board)]
    with pytest.raises(common.BoardError, match=r"^column\.txt: too large for the run engine"):
        play_boards.static_data(entries, lambda done, total: traced.append(done))
    assert traced == []
