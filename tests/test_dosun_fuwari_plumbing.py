"""Dosun-Fuwari's machinery: board files, links, the command line, the size limits checked
at the front door, and memory.  The lessons are in test_dosun_fuwari.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dosun_fuwari as df
from twins import dosun_fuwari as df_twin
from tools import formats
from test_dosun_fuwari import LOSES, NO_BOTTOM, ONE_CELL, SAMPLE, boards, fillings

try:
    import resource
except ImportError:                     # not on Windows
    resource = None

ROOT = Path(__file__).resolve().parent.parent


# === Board files ===

@settings(max_examples=80)
@given(st.data())
def test_parse_picture_round_trip(data):
    """parse(picture(b)) == b for any board and any filling drawn as its answer: the file
    format loses nothing."""
    board = data.draw(boards())
    board = board.replace(answer=data.draw(fillings(board)))
    assert df.parse(df.picture(board)) == board


def test_sample_board_file_matches_the_text():
    """The shipped pzprjs sample file is the sample board drawn in the lessons, answer
    included, so tests and readers look at the same thing."""
    assert df.load("boards/samples/df-pzprjs-5x5.txt") == df.parse(SAMPLE)


@pytest.mark.parametrize("text, line, col, words", [
    ("dosun-fuwari\nrooms:\n0 0\n0\n", 4, 2, "ragged"),
    ("dosun-fuwari\nrooms:\n0 0 0\n0 x? 0\n", 4, 3, "unknown symbol"),
    ("dosun-fuwari\nrooms:\na # a\n", 3, 5, "disconnected"),
    ("dosun-fuwari\nrooms:\n0 #\nanswer:\no . .\n", 5, 5, "ragged answer"),
    ("dosun-fuwari\nrooms:\n0 #\nanswer:\no o\n", 5, 3, "black cells must match"),
    ("dosun-fuwari\nrooms:\n0 0\n0 0\nanswer:\no *\n", 6, 1, "answer picture has 1 rows"),
    ("dosun-fuwari\nrooms:\n0 0\nanswer:\no x\n", 5, 3, "unknown answer symbol"),
    ("dosun-fuwari\nrooms:\n", 2, 1, "empty"),
    ("dosun-fuwari\n", 1, 1, "empty"),
    ("nondango\nrooms:\n0\n", 1, 1, "first line"),
    ("dosun-fuwari\nsize: 2x2\nrooms:\n0 0\n", 2, 1, "size says"),
    ("dosun-fuwari\nname: x\n\n; note\nsize: 2x2\nrooms:\n0 0\n", 5, 1, "size says"),
    ("dosun-fuwari\nsize: 1x2\nsize: 2x2\nrooms:\n0 0\n", 3, 1, "size says"),
    ("dosun-fuwari\nnote: a\fb\nrooms:\n0 0\n0 ?\n", 5, 3, "unknown symbol"),
    ("dosun-fuwari\r\nrooms:\r\n0 0\u2028\r\n0 ?\r\n", 4, 3, "unknown symbol"),
    ("; written by hand\n\ndosun-fuwari\nrooms:\n0 \u00e9\n", 5, 3, "unknown symbol"),
    ("dosun-fuwari\nkey word: x\nrooms:\n0\n", 2, 1, "expected 'key: value'"),
    ("dosun-fuwari\nrooms:\n0\nrooms:\n0\n", 4, 1, "a second 'rooms:'"),
    ("dosun-fuwari\nanswer:\n.\n", 2, 1, "'answer:' before 'rooms:'"),
    ("dosun-fuwari\nrooms:\n0\nnotes:\n", 4, 1, "unknown section"),
])
def test_bad_input_names_line_column_and_rule(text, line, col, words):
    """Every malformed board raises BoardError naming the file, the line, the column and
    the rule broken, so a person can fix the file without reading the parser."""
    with pytest.raises(df.BoardError) as caught:
        df.parse(text, source="bad.txt")
    message = str(caught.value)
    assert message.startswith(f"bad.txt:{line}:{col}: "), message
    assert words in message


def test_room_labels_come_back_as_typed():
    """A board file's own room labels are the ones its picture (and so every command)
    draws; a board whose rooms changed since gets labels 0, 1, … again."""
    text = "dosun-fuwari\nrooms:\nx  x  y\nzz #  y\n"
    board = df.parse(text)
    assert df.picture(board) == text
    x, y, zz = board.rooms
    split = df.make_board(2, 3, board.black, (x, zz, {(0, 2)}, {(1, 2)}))
    split = split.replace(labels=board.labels)
    assert df.picture(split).splitlines()[2:] == ["0 0 1", "2 # 3"]


def test_unsolvable_board_is_not_an_error():
    """A well-formed board with no answer (a one-cell room) parses and has zero answers:
    unsolvable is a property of the board, not a format error."""
    assert df.count_answers(ONE_CELL) == df.Count(0, False)


def test_teaching_boards_show_what_they_say():
    """The small boards shipped in boards/samples are what boards/README.md says they show:
    the DF-12 and DF-13 counterexamples, the smallest starved board and the smallest board
    on which starving loses uniqueness."""
    one = df.load("boards/samples/df-one-cell-1x1.txt")
    assert (df.predicted_count(one), df.count_answers(one).count) == (1, 0)
    assert df.load("boards/samples/df-no-bottom-3x2.txt") == NO_BOTTOM.replace(
        answer=next(df.solve(NO_BOTTOM)))
    starved = df.load("boards/samples/df-starved-3x2.txt")
    assert df.starved_rooms(starved) and df.stacked_pieces(starved, starved.answer)
    assert list(df.solve(starved)) == [starved.answer]
    loses = df.load("boards/samples/df-loses-4x3.txt")
    assert loses == LOSES[-1] and loses.answer == LOSES[-1].answer
    assert df.count_answers(loses) == df.Count(2, False)


def test_generators_are_deterministic():
    """The same seed gives the same board (Random.random() only), so every figure in
    verify.py is reproducible."""
    assert df.starved_board(7, 8, 8, 3) == df.starved_board(7, 8, 8, 3)
    assert df.random_board(7, 6, 6, 0.12) == df.random_board(7, 6, 6, 0.12)
    assert df.starved_board(7, 8, 8, 3) != df.starved_board(8, 8, 8, 3)


# === The command line ===

def test_cli_json(tmp_path, capsys):
    """`--json` prints one object with the reading, count, capped flag, out_of_time flag and
    answers as rows of answer symbols, so scripts can use the solver."""
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    assert df.main([str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "reading": "official", "count": 1, "capped": False, "out_of_time": False,
        "answers": [["* . o # .", "# . o o *", "o . . o *", "o * * . #", "* # * . o"]]}


def test_cli_says_which_reading(tmp_path, capsys):
    """The plain output names the reading used, so a count is never read under the wrong
    rule."""
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    assert df.main([str(path), "--reading", "loose", "--cap", "3"]) == 0
    out = capsys.readouterr().out
    assert "reading: loose" in out and "answers: at least 3" in out


def test_cli_bad_input_exits_2_with_one_line(tmp_path, capsys):
    """Bad input gives exit status 2 and exactly one line on stderr naming file, line,
    column and rule -- no traceback."""
    path = tmp_path / "bad.txt"
    path.write_text("dosun-fuwari\nrooms:\n0 0\n0\n")
    assert df.main([str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and len(err[0]) <= 100
    assert "bad.txt:4:2: ragged" in err[0]     # the path cut to fit 100 columns


# === Size limits at the front door, and memory ===

def one_room(rows: int, cols: int) -> df.Board:
    """rows x cols white cells, all one room."""
    return df.make_board(rows, cols, (), [[(r, c) for r in range(rows) for c in range(cols)]])


def room_per_row(rows: int, cols: int) -> df.Board:
    """rows x cols white cells, one room per row."""
    return df.make_board(rows, cols, (), [[(r, c) for c in range(cols)] for r in range(rows)])


def striped(side: int) -> df.Board:
    """A side x side board of white rows between black rows, one room per white row: every
    run is one cell, side * side / 2 runs."""
    return df.make_board(side, side, [(r, c) for r in range(1, side, 2) for c in range(side)],
                         [[(r, c) for c in range(side)] for r in range(0, side, 2)])


@pytest.mark.parametrize("board, reading", [
    (room_per_row(100, 100), "official"),
    (room_per_row(200, 200), "official"),
    (room_per_row(16, 16), "loose"),
], ids=["official-100x100-rows", "official-200x200-rows", "loose-16x16-rows"])
def test_a_board_past_the_limit_is_refused_before_anything_is_built(board, reading):
    """A board whose exact cover would pass MAX_LINKS pairs (a run through 100 distinct rooms
    has 348,551 of its own under the official reading) raises one BoardError that says why,
    at the first answer asked for, instead of running out of memory."""
    with pytest.raises(df.BoardError, match=r"^too large for the run engine: .* pairs"):
        next(df.solve(board, reading))
    with pytest.raises(df.BoardError, match=r"^too large for the run engine: .* pairs"):
        df.count_answers(board, reading)


def test_the_refusal_names_the_run_as_the_page_names_cells():
    """The refusal of a board past MAX_LINKS names the run where the count passed it by its
    top and bottom cells in A1 form, on a line short enough for a command's prefix."""
    with pytest.raises(df.BoardError) as refused:
        df.check_size(room_per_row(100, 100), "official")
    message = str(refused.value)
    assert re.search(r" by run [A-Z]+1-[A-Z]+100$", message), message
    assert len(message) <= 85


@pytest.mark.parametrize("reading", df.READINGS)
def test_the_limit_is_the_count_of_the_problem_built(monkeypatch, reading):
    """check_size counts, without building them, exactly the (row, column) pairs that
    exact_cover builds: with the limit at a board's own count it is solved, one below it is
    refused.  (Under the no-stacking reading only an unstarved board has an answer.)"""
    board = df.starved_board(1, 8, 8, 0 if reading == "no-stacking" else 3)
    _, rows = df.exact_cover(board, reading)
    pairs = sum(map(len, rows.values()))
    monkeypatch.setattr(df, "MAX_LINKS", pairs)
    assert df.count_answers(board, reading, cap=1).count == 1
    monkeypatch.setattr(df, "MAX_LINKS", pairs - 1)
    with pytest.raises(df.BoardError, match="too large"):
        df.count_answers(board, reading, cap=1)


def test_too_many_runs_are_refused(monkeypatch):
    """A board of more than MAX_RUNS runs (one level of Algorithm X each) is refused up
    front in one BoardError."""
    monkeypatch.setattr(df, "MAX_RUNS", 1799)
    with pytest.raises(df.BoardError, match=r"^too large for the run engine: 1,800 runs"):
        next(df.solve(striped(60)))


def test_a_long_loose_column_in_one_room_has_few_states():
    """Under the loose reading a run in one room has L + 3 states with at most one piece of
    a kind (empty; a balloon on top; an iron ball at the bottom; both; an iron ball over a
    hanging balloon, L - 1 places), not the 2.3^L of the run alone: the loose transfer
    lists only those, so a 30-cell column has 33 and its 30 answers are counted at once."""
    for length in range(2, 13):
        column = df.run_states(length, "loose")
        assert sum(s.count("o") <= 1 and s.count("*") <= 1 for s in column) == length + 3
    [(_, by_pieces, _)] = df.loose_steps(one_room(30, 1))
    assert sum(len(states) for states in by_pieces.values()) == 33
    assert df.count_answers(one_room(30, 1), "loose") == df.Count(30, False)


def test_a_loose_30x30_room_is_one_open_room_at_every_cut():
    """A 30x30 board of one room under the loose reading: 33 run states per run, in 4 sets
    of pieces (none, a balloon, an iron ball, both), and one open room at every cut but the
    last, so the transfer tries at most 4 sets in 4 cuts per run; its first answer comes at
    once."""
    board = one_room(30, 30)
    steps = df.loose_steps(board)
    assert [sum(len(states) for states in by_pieces.values()) for _, by_pieces, _ in steps] \
        == [33] * 30
    assert [len(by_pieces) for _, by_pieces, _ in steps] == [4] * 30
    assert [len(open_after) for _, _, open_after in steps] == [1] * 29 + [0]
    assert df.is_answer(board, next(df.solve(board, "loose")), "loose")


def test_a_12_cell_column_of_paired_rooms_counts_at_once():
    """A single 12-cell column of six 2-cell rooms under the loose reading: one run, no
    cut, so the transfer tries each of its states once (Algorithm X over those states took
    46 s); its 64 answers are those of engine 2."""
    column = df.make_board(12, 1, (), [[(2 * i, 0), (2 * i + 1, 0)] for i in range(6)])
    assert df.count_answers(column, "loose") == df.Count(64, False)
    assert set(df.solve(column, "loose")) == set(df_twin.solve_by_cells(column, "loose"))


@pytest.mark.parametrize("side", [8, 12])
def test_the_loose_front_door_refuses_none_of_the_random_boards(side):
    """The front door refuses only what engine 1 could not hold (MAX_LINKS, MAX_RUNS), never
    by a guess at the time a count takes: none of the project's first 100 random 8x8 and
    12x12 boards (random_board, density 0.12) is refused under the loose reading.  Each
    counts to the cap with its first three answers in under 5 s of CPU here (at most 3.1 s,
    bench/loose_random.py); one that took longer would meet the commands' --seconds."""
    for seed in range(100):
        df.check_size(df.random_board(seed, side, side, 0.12), "loose")


def test_thousands_of_runs_do_not_reach_the_recursion_limit():
    """Algorithm X recurses once per run: a 60x60 board of white rows between black rows has
    1,800 runs, past Python's default recursion limit, and is solved and counted."""
    board = striped(60)
    assert len(df.runs(board)) == 1800
    assert df.is_answer(board, next(df.solve(board)))
    assert df.count_answers(board, cap=2) == df.Count(2, True)


def run_limited(tmp_path, board: df.Board, reading: str) -> subprocess.CompletedProcess:
    """`dosun_fuwari.py BOARD --reading R --cap 1` in a process limited to 1 GB of address
    space."""
    path = tmp_path / "board.txt"
    path.write_text(df.picture(board), encoding="utf-8")

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (2 ** 30, 2 ** 30))

    return subprocess.run([sys.executable, str(ROOT / "dosun_fuwari.py"), str(path),
                           "--reading", reading, "--cap", "1"], capture_output=True,
                          text=True, timeout=120, preexec_fn=limit)


@pytest.mark.skipif(resource is None, reason="needs resource.setrlimit")
@pytest.mark.parametrize("board, reading, answers", [
    (one_room(30, 1), "loose", "answers: at least 1 (counting stopped"),
    (one_room(30, 30), "loose", "answers: at least 1 (counting stopped"),
    (striped(60), "official", "answers: at least 1 (counting stopped"),
    (df.random_board(1, 12, 12, 0.12), "loose", "answers: 0"),
    (room_per_row(100, 100), "official", None),
    (room_per_row(200, 200), "official", None),
], ids=["loose-30-column", "loose-30x30-room", "official-60x60-1800-runs",
        "loose-random-12x12", "official-100x100-rows", "official-200x200-rows"])
def test_boards_that_once_ran_out_of_memory_fit_one_gigabyte(tmp_path, board, reading, answers):
    """The boards that once ran out of memory, each in a process of 1 GB: a 30-cell column
    and a 30x30 room under the loose reading and the 1,800 runs print their first answer;
    a random 12x12 board under the loose reading is counted (it has none); 100x100 and
    200x200 boards of one room per row are refused in one line with exit status 2 (by the
    engine's front door; past 100 rows already by the board file's reader), never a
    MemoryError traceback."""
    done = run_limited(tmp_path, board, reading)
    if answers is not None:
        assert done.returncode == 0 and answers in done.stdout
    else:
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
        if board.rows > 100:
            assert "both sides must be 1 to 100" in done.stderr
        else:
            assert "too large for the run engine" in done.stderr


@pytest.mark.parametrize("form", ["url", "pzprv3"])
def test_a_refused_link_or_pzprv3_text_is_named_in_one_short_line(form):
    """A board too large for the run engine, given as a link or as pzprv3 text on the
    command line, is refused in one short line that quotes an excerpt of the source, not
    the whole of it (a 60x60 board's link is over 1,700 characters)."""
    board = room_per_row(60, 60)
    source = formats.url(board) if form == "url" else formats.pzprv3(board)
    done = subprocess.run([sys.executable, str(ROOT / "dosun_fuwari.py"), source],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 300
    assert "too large for the run engine" in done.stderr
