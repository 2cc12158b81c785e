"""The ladder's machinery, not its lessons: the size check at the door of `prove` and
`grade`, the command line, the pictures and the rule text (the lessons are in
tests/test_ladder.py)."""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

import common
import dosun_fuwari as df
import ladder
from tools import formats

ROOT = Path(ladder.__file__).resolve().parent


def rooms_are_rows(n: int) -> df.Board:
    """An n×n board without black cells whose rooms are its rows: one run per column, every
    run crossing every room, the shape on which the rungs' work grows fastest."""
    return df.make_board(n, n, frozenset(), [frozenset((r, c) for c in range(n)) for r in range(n)])


# === Limits at the front door ===

def test_a_board_with_too_many_run_states_is_refused_before_any_is_listed():
    """A 100x100 board whose rooms are its rows has 100 runs of 5,151 official run states
    each, 515,100 in all, past LADDER_RUN_STATES: `prove` refuses it with one BoardError,
    counted by formula."""
    with pytest.raises(common.BoardError, match=re.escape(
            "too large for the ladder: its runs have 515,100 run states in all under the "
            "official reading (at most 250,000)")):
        ladder.prove(rooms_are_rows(100), "run")


@pytest.mark.parametrize("n", [10, 12, 30, 60])
def test_a_board_whose_work_estimate_is_too_large_is_refused_by_prove_and_grade(n):
    """From 9x9 on, the board whose rooms are its rows is predicted to cost more than
    LADDER_SECONDS (one pass of probe: every run state times the run states of every room's
    runs, at LADDER_RATE), so `prove` and `grade` refuse it in one line before any rung runs."""
    board = rooms_are_rows(n)
    assert ladder.seconds_estimate(board) > ladder.LADDER_SECONDS
    for call in (lambda: ladder.prove(board, "run"), lambda: ladder.grade(board)):
        with pytest.raises(common.BoardError, match="^too large for the ladder: about [0-9,]+ s "
                                                    "of work on this machine \\(at most 10 s\\)$"):
            call()


def test_a_board_just_past_the_budget_is_refused_at_once_by_the_commands(tmp_path):
    """The 9x9 board whose rooms are its rows is predicted at about 16 s (the 8x8 one at 7 s
    runs in 6.5 s, bench/ladder_budget.py; this one in 12 s): `python ladder.py` and `python -m
    tools.play` (over its readings) refuse it in one line, exit status 2, within seconds, before
    any rung runs."""
    import subprocess
    import sys
    import time
    assert ladder.LADDER_SECONDS < ladder.seconds_estimate(rooms_are_rows(9)) < 2 * ladder.LADDER_SECONDS
    assert ladder.seconds_estimate(rooms_are_rows(8)) < ladder.LADDER_SECONDS
    path, empty = tmp_path / "rows.txt", tmp_path / "no-boards"
    path.write_text(formats.url(rooms_are_rows(9)) + "\n")
    empty.mkdir()
    for command in (["ladder.py", str(path)],
                    ["-m", "tools.play", str(path), "--boards", str(empty), "--no-open",
                     "--out", str(tmp_path / "page.html")]):
        started = time.monotonic()
        result = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True,
                                text=True, timeout=30)
        assert time.monotonic() - started < 10
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and re.search("too large for the (ladder|play page): "
                                                            "about (16|2[0-9]) s", result.stderr)
    assert not (tmp_path / "page.html").exists()


def test_the_command_gives_up_in_one_line_after_its_seconds(tmp_path):
    """What the prediction lets in, the budget stops: the 100x100 board of one room is
    predicted at about a second under the no-stacking reading (its runs have 4 run states
    each) but takes minutes (every trial of probe recomputes 10,000 cells), so `python
    ladder.py --seconds 2` gives up after two seconds of CPU, in one line with exit status
    2; without --seconds it gives up after LADDER_SECONDS."""
    import resource
    import subprocess
    import sys
    board = df.make_board(100, 100, frozenset(),
                          [frozenset((r, c) for r in range(100) for c in range(100))])
    assert ladder.seconds_estimate(board, "no-stacking") < 2 < ladder.LADDER_SECONDS
    path = tmp_path / "one-room.txt"
    path.write_text(formats.url(board) + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "ladder.py", str(path), "--reading", "no-stacking",
                             "--seconds", "2"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime < 5   # CPU s
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr == (f"ladder.py: {path}: gave up after 2 s of CPU, the rungs not done "
                             "(--seconds gives them more)\n")


def test_the_estimate_of_the_board_whose_rooms_are_its_rows():
    """Every run state of that board puts at most one piece in each room, so the estimate is
    (n runs x (n+1)(n+2)/2 run states) times that again x n rooms: 2,700 at 3x3."""
    for n in (3, 8, 10):
        states = n * (n + 1) * (n + 2) // 2
        assert ladder.work_estimate(rooms_are_rows(n)) == states * states * n
    assert ladder.grade(rooms_are_rows(3)).rung == "search"


def test_every_bank_board_is_within_the_limits():
    """The size check accepts every board of the bank under its default reading.  Under the
    loose reading the Dosun-Fuwari board with the largest estimate is refused, in one line
    that gives the predicted seconds (bench/ladder_budget.py measures the prediction)."""
    for path in sorted(glob.glob(str(ROOT / "boards" / "*" / "*.txt"))):
        board = formats.read(path)
        ladder.check_size(board)
    boards = [formats.read(path)
              for path in sorted(glob.glob(str(ROOT / "boards" / "dosun-fuwari" / "*.txt")))]
    loose = max(boards, key=lambda board: ladder.work_estimate(board, "loose"))
    with pytest.raises(common.BoardError, match=r"too large for the ladder: about \d+ s"):
        ladder.check_size(loose, "loose")


def test_a_rung_called_directly_has_no_limit():
    """The check is at the door of `prove` and `grade` only: a rung called directly works on
    any board."""
    board = rooms_are_rows(10)
    assert ladder.df_room(board, ladder.start(board)) == ladder.start(board)


def test_the_command_refuses_a_board_too_large_in_one_line(tmp_path, capsys):
    """ladder.py refuses such a board with one line on stderr and exit status 2, before
    printing any rung, also when one rung is asked for."""
    path = tmp_path / "rows.txt"
    path.write_text(formats.url(rooms_are_rows(12)) + "\n")
    for extra in ([], ["--rung", "run"]):
        assert ladder.main([str(path), *extra]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith("ladder.py: too large for the ladder: about ")


# === The command line ===

def test_a_contradiction_names_its_cells_as_the_play_page_labels_them(capsys):
    """A rung that proves there is no answer says which cells it concerns (Proof.where),
    and ladder.py prints them as the play page labels cells: column letters, row numbers."""
    board = df.parse("dosun-fuwari\nrooms:\n0 1\n")            # two one-cell rooms
    proof = ladder.prove(board, "room")
    assert proof.contradiction and proof.where in (((0, 0),), ((0, 1),))
    assert [common.position(cell) for cell in ((0, 0), (2, 1), (0, 25), (0, 26), (9, 27))] \
        == ["A1", "B3", "Z1", "AA1", "AB10"]
    assert ladder.main([str(ROOT / "boards/samples/df-one-cell-1x1.txt"), "--rung", "room"]) == 0
    assert "into a room at A1 (column letter, row number)" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["ladder-df-probe", "ladder-nd-probe"])
def test_the_command_prints_every_rung_its_picture_and_the_grade(name, capsys):
    """Without --rung, ladder.py prints every rung's rule, its picture and what it pins,
    the legend, and the grade."""
    assert ladder.main([str(ROOT / "boards" / "samples" / f"{name}.txt")]) == 0
    out = capsys.readouterr().out
    genre = "dosun-fuwari" if "-df-" in name else "nondango"
    for rung, _ in ladder.LADDER[genre]:
        assert f"== {rung}: If " in out
    assert f"legend: {ladder.LEGEND[genre]}" in out and "grade (" in out and "): probe" in out


def test_every_line_the_command_prints_fits_100_columns(capsys):
    """Rule text, contradictions, pictures of the bank's boards and the legend all fit
    WIDTH columns; the legend defines the knot it counts."""
    lessons = map(str, (ROOT / "boards/samples").glob("ladder-*.txt"))
    for path in ["boards/dosun-fuwari/df-12x12-05.txt", "boards/nondango/nd-12x12-01.txt",
                 "boards/samples/df-one-cell-1x1.txt", *lessons]:
        assert ladder.main([str(ROOT / path)]) == 0
        out = capsys.readouterr().out
        assert max(map(len, out.splitlines())) <= ladder.WIDTH, path
    assert all("knot:" in legend for legend in ladder.LEGEND.values())


@pytest.mark.parametrize("genre, words", [
    ("dosun-fuwari", ["run", "run state", "room", "profile", "probe", "domains", "search", "rung",
                      "fixpoint", "pins", "knot", "grade"]),
    ("nondango", ["region", "given", "triple", "live triple", "forbidden colour", "probe", "domains", "search",
                  "rung", "fixpoint", "pins", "knot", "grade"]),
])
def test_the_legend_defines_every_word_the_command_uses(genre, words):
    """The legend has a line `word: meaning` for each word of the rule texts and the counts,
    one definition a line, every line within WIDTH columns once indented."""
    lines = [line.strip() for line in ladder.LEGEND[genre].splitlines()]
    defined = [line.split(":")[0] for line in lines]
    assert all(word in defined for word in words), set(words) - set(defined)
    assert max(len("legend: ") + len(line) for line in lines) <= ladder.WIDTH


@pytest.mark.parametrize("source, name", [
    ("boards/samples/df-pzprjs-5x5.txt", "board: df-pzprjs-5x5.txt; official reading"),
    ("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1",
     "board: a Dosun-Fuwari 5x5 link; official reading"),
    ("?nondango/6/6/5jlp72e15tpq2i3ikht0",
     "board: a Nondango 6x6 link; published reading (the rule puzz.link checks)"),
    ("pzprv3/dosufuwa/1/2/1/0 0 /. . /", "board: a Dosun-Fuwari 1x2 pzprv3 text; official reading"),
])
def test_the_command_names_its_board_by_file_name_or_genre_and_size(source, name, capsys):
    """The first line names the board: a file by its name, a link or a pzprv3 text by its
    genre and size, never by the whole link; then the reading, for a link's board the rule
    puzz.link checks."""
    path = ROOT / source
    assert ladder.main([str(path) if path.is_file() else source, "--rung", "search"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == name


# === Pictures and rule text ===

def test_the_picture_shows_the_rooms_beside_what_the_rung_proves():
    """`draw` puts the board's rooms on the left and one token per cell on the right."""
    board = df.load(str(ROOT / "boards/samples/ladder-df-room.txt"))
    assert ladder.draw(board, ladder.prove(board, "room")).splitlines() == [
        "0 # #   |   o # #", "0 # 1   |   . # o", "0 # 1   |   * # *"]


def test_every_rule_text_is_an_if_then_sentence_without_citations():
    """The rule shown for a rung is its docstring's first paragraph: it reads "If …, then …"
    and carries no claim ID and no sentence about what the rung raises."""
    for rungs in ladder.LADDER.values():
        for name, rung in rungs:
            text = ladder.rule_text(rung)
            assert text.startswith("If ") and ", then " in text, name
            assert "[" not in text and "Raises" not in text, name
