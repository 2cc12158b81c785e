"""Nondango's machinery and plumbing: board files and their errors, the teaching boards,
the command line, the engine's size limit and the generators' reproducibility.  The
lessons (the write-up's claims) are in tests/test_nondango.py."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings, strategies as st

import common
import drawn
import nondango as nd
from twins import nondango as nd_twin
from test_nondango import SCREEN_1x4, block_board, board_from, boards

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "boards" / "samples" / "nd-pzprjs-6x6.txt"


# === Board files ===

@settings(max_examples=60)
@given(boards())
def test_picture_round_trip(board):
    """parse(picture(b)) == b: the file format loses nothing, givens and answer included."""
    event("givens" if board.given_black | board.given_white else "no givens")
    assert nd.parse(nd.picture(board)) == board
    answer = frozenset(min(r & board.circles) for r in board.regions if r & board.circles)
    with_answer = nd.Board(board.rows, board.cols, board.regions, board.circles,
                           answer=answer)
    assert nd.parse(nd.picture(with_answer)) == with_answer


BAD_BOARDS = [
    ("dosun-fuwari\nregions:\n0\ncircles:\no\n", 1, 1, "genre"),
    ("nondango\nregions:\n0 0\n0\ncircles:\no o\no o\n", 4, 2, "tokens"),
    ("nondango\nregions:\n0 0\n0 0\ncircles:\no o\no o o\n", 7, 5, "tokens"),
    ("nondango\nregions:\n0 1\n1 0\ncircles:\no o\no o\n", 4, 3, "disconnected"),
    ("nondango\nregions:\n0 0\ncircles:\no x\n", 5, 3, "unknown circle symbol"),
    ("nondango\nregions:\n0 -\ncircles:\no o\n", 3, 3, "letters or digits"),
    ("nondango\nregions:\n0 0\ncircles:\no .\nanswer:\n# o\n", 7, 3, "does not fit"),
    ("nondango\nregions:\n0 0\ncircles:\nW o\nanswer:\n# o\n", 7, 1, "repaints a given"),
    ("nondango\nregions:\n0 0\ncircles:\no o\nanswer:\n# ?\n", 7, 3, "unknown answer symbol"),
    ("nondango\nregions:\n0 0\n", 3, 1, "missing section 'circles:'"),
    ("nondango\nsize: 3x3\nregions:\n0 0\ncircles:\no o\n", 2, 1, "size"),
    ("nondango\nname: x\nsize: 3x3\nregions:\n0 0\ncircles:\no o\n", 3, 1, "size"),
    ("nondango\nregions:\n0 \u00e9\ncircles:\no o\n", 3, 3, "ASCII letters or digits"),
    ("nondango\nregions:\n\u0663\ncircles:\no\n", 3, 1, "ASCII letters or digits"),
    ("nondango\nnote: a\fb\nregions:\n0 0\ncircles:\no x\n", 6, 3, "unknown circle"),
    ("; written by hand\nnondango\nregions:\n0 0\ncircles:\no x\n", 6, 3, "unknown circle"),
    ("nondango\nkey.word: x\nregions:\n0\ncircles:\no\n", 2, 1, "'key: value'"),
    ("nondango\nregions:\n0 0\n0 0\ncircles:\no o\n", 6, 1, "has 1 rows"),
]


@pytest.mark.parametrize("text, line, col, rule", BAD_BOARDS)
def test_board_errors_name_line_column_and_rule(text, line, col, rule):
    """Bad input raises one BoardError naming source, line, column and the broken rule."""
    with pytest.raises(nd.BoardError) as err:
        nd.parse(text, source="bad.txt")
    assert str(err.value).startswith(f"bad.txt:{line}:{col}: ")
    assert rule in str(err.value)


def test_region_labels_come_back_as_typed():
    """A board file's own region labels are the ones its picture (and so every command)
    draws."""
    text = "nondango\nregions:\n a  a zz\ncircles:\no o o\n"
    assert nd.picture(nd.parse(text)) == text


def test_unsolvable_board_is_not_an_error():
    """A region without a circle parses fine and simply has zero answers."""
    board = board_from("0 1", "o .")
    assert nd.count_answers(board) == nd.Count(0, False)
    assert list(nd_twin.solve_by_exhaustion(board)) == []


def test_teaching_boards_say_what_their_comments_say():
    """The sample files parse, and the two 1×4 teaching boards are the pinned
    counterexamples of X-01 and ND-06.  [X-01; ND-06]"""
    screen = nd.load(str(ROOT / "boards" / "samples" / "nd-screen-1x4.txt"))
    assert screen == SCREEN_1x4
    literal = nd.load(str(ROOT / "boards" / "samples" / "nd-literal-1x4.txt"))
    assert list(nd.solve(literal)) == [literal.answer]
    assert len(nd.literal_certifying_lines(literal, literal.answer)) == 2
    assert len(nd.live_triples(literal)) == 1


# === The engine's limit and large boards ===

@pytest.mark.parametrize("rows, cols", [(3, 7), (3, 41), (3, 100), (21, 21), (40, 40)])
def test_band_of_three_regions_leaves_no_answer(rows, cols):
    """Three 2×2 regions side by side, every cell a circle: the published reading has no
    answer, and the root of its group (the triple rule, then the probe) proves it before any
    branching, on bands up to 40×40 (400 regions).  [ND-18]"""
    board = block_board(rows, cols)
    assert nd.count_answers(board, "published") == nd.Count(0, False)
    assert not all(nd.root_domains(board, "published"))


def test_a_board_past_the_region_limit_is_refused_at_the_door():
    """Engine 1 recurses once per region, so a board of more than MAX_REGIONS regions (more
    than a 100x100 board can have) is refused with one BoardError before the engine starts."""
    board = block_board(2, 2 * (nd.MAX_REGIONS + 1))
    assert len(board.regions) == nd.MAX_REGIONS + 1
    for call in (lambda: next(nd.solve(board)), lambda: nd.count_answers(board),
                 lambda: nd.root_domains(board), lambda: nd.paints_black(board, (0, 0))):
        with pytest.raises(nd.BoardError, match="limit"):
            call()
    spaced = block_board(2, 4000, frozenset((0, 2 * k) for k in range(2000)))
    assert list(nd.solve(spaced)) == [spaced.circles]     # 2,000 groups of one, past 1,000 levels


def test_the_largest_boards_a_link_can_describe_are_answered(tmp_path):
    """A 100x100 board (the largest a link or a board file can hold) of 2-cell regions side
    by side, every cell a circle: 5,000 regions in one group, answered by the command line
    given the time (about 10 s of CPU per search, and the text output searches twice: more
    than the default --seconds; the published reading, with more to prove, takes about
    twice as long)."""
    regions = [{(r, c), (r, c + 1)} for r in range(100) for c in range(0, 100, 2)]
    big = tmp_path / "big.txt"
    big.write_text(nd.picture(nd.Board(100, 100, nd._canonical_regions(regions),
                                       frozenset((r, c) for r in range(100) for c in range(100)))))
    done = run_cli(str(big), "--cap", "2", "--seconds", "300")
    assert done.returncode == 0 and "answers: at least 2" in done.stdout, done.stderr


def test_the_anywhere_reading_counts_its_triples_before_it_builds_them():
    """Under the anywhere reading every three circles of a line are a triple: a 100x100 board
    of circles would hold 40 million, so listing them is refused in one BoardError before
    one is built.  The solver never lists them: it reads each line whole (`live_lines`),
    and answers that board.  [ND-11]"""
    board = block_board(100, 100)
    for listing in (nd.triples, nd.live_triples):
        with pytest.raises(nd.BoardError, match="too many triples under the anywhere reading"):
            listing(board, "anywhere")
    assert nd.count_answers(board, "anywhere", 2).count == 0
    assert nd.count_answers(block_board(12, 12), "anywhere", 2).count == 0


# === Generators: reproducible draws ===

class OnlyRandom(random.Random):
    """A Random whose only allowed method is random(): the others differ across versions."""

    def choice(self, *a): raise AssertionError("choice used")
    def shuffle(self, *a): raise AssertionError("shuffle used")
    def randrange(self, *a): raise AssertionError("randrange used")
    def randint(self, *a): raise AssertionError("randint used")
    def sample(self, *a, **k): raise AssertionError("sample used")


def test_generators_use_only_random_and_are_deterministic(monkeypatch):
    """Same seed, same board; only Random.random() is called.  [ND-13; ND-15]"""
    monkeypatch.setattr(nd.random, "Random", OnlyRandom)
    assert nd.bank_board(8, 8, 3) == nd.bank_board(8, 8, 3)
    assert nd.dial_board(8, 8, 10, 4) == nd.dial_board(8, 8, 10, 4)
    assert nd.random_board(6, 6, 5, given_rate=0.2) == nd.random_board(6, 6, 5, given_rate=0.2)
    regions = nd.random_regions(OnlyRandom(1), 7, 5, nd.MEAN_REGION_SIZE)
    assert sorted(c for r in regions for c in r) == [(r, c) for r in range(7) for c in range(5)]
    assert all(len(common.components(set(r))) == 1 for r in regions)


def drawn_by_retrying(rows: int, cols: int, seed: int) -> tuple[tuple, frozenset, int]:
    """The generator's first two steps as the words say them: draw regions in full, search
    them for an answer, and on the same stream draw again until one is found.  (regions,
    answer, draws)."""
    rng = random.Random(seed)
    draws = 0
    while True:
        draws += 1
        regions = nd.random_regions(rng, rows, cols, nd.MEAN_REGION_SIZE)
        answer = nd.draw_answer(rng, regions)
        if answer is not None:
            return regions, answer, draws


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 22), st.integers(12, 22), st.integers(0, 10**6))
def test_giving_up_hopeless_draws_changes_no_board(rows, cols, seed):
    """The dial stops a draw of regions as soon as the regions it has finished leave no
    answer, and draws the numbers the rest of the draw and the answer's search would have
    taken: its board is the one drawn by growing every draw in full and searching it.
    Drawn where the first draw fails, so a draw is given up.  [ND-13]"""
    regions, answer, draws = drawn_by_retrying(rows, cols, seed)
    event(f"{min(draws, 5)}{'+' if draws >= 5 else ''} draws")
    assume(draws > 1)
    board = nd.dial_board(rows, cols, 0, seed)
    assert (board.regions, board.answer) == (regions, answer)


@settings(max_examples=150)
@given(drawn.nd_boards(5, givens=False, min_side=3, join=st.integers(0, 2).map(lambda n: n == 0)))
def test_a_hopeless_draw_has_no_answer(shape):
    """The dial's watch, shown finished regions one by one, says a draw is hopeless when a
    region left one cell paints it black, black cells strike the cells that would make
    three with another black, and a region has every cell struck.  Shown the regions of any
    board (two neighbours joined one time in three, so small regions are common), it is
    never wrong: engine 2 finds no answer with a circle in every cell.  [ND-13]"""
    board = shape.replace(circles=frozenset(cell for region in shape.regions for cell in region))
    hopeless = nd._no_answer_watch()
    verdict = any(hopeless(sorted(region)) for region in board.regions)
    event("hopeless" if verdict else "not hopeless")
    assume(verdict)
    assert next(nd_twin.solve_by_exhaustion(board), None) is None


# === Command line ===

def run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "nondango.py"), *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_json_names_the_reading():
    """--json prints one object with the reading, the count and each answer's rows."""
    done = run_cli(str(SAMPLE), "--reading", "published", "--json")
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out == {"reading": "published", "count": 1, "capped": False, "out_of_time": False,
                   "answers": [nd.answer_rows(nd.load(str(SAMPLE)), nd.load(str(SAMPLE)).answer)]}
    text = run_cli(str(SAMPLE), "--reading", "write-up", "--cap", "10")
    assert text.returncode == 0 and text.stdout.startswith("reading: write-up\n")
    assert "answers: at least 10" in text.stdout


PZPRJS_LINK = "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0"


def test_a_board_from_a_link_is_solved_under_puzzlinks_rule():
    """The pzprjs sample given as its puzz.link link has one answer without options: it is
    solved under the published reading, the rule puzz.link checks, and the first line says
    so; `--reading write-up` gives the write-up's 734."""
    done = run_cli(PZPRJS_LINK)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("reading: published (") and "puzz.link" in first
    assert "answers: 1\n" in done.stdout
    write_up = run_cli(PZPRJS_LINK, "--reading", "write-up")
    assert write_up.stdout.startswith("reading: write-up\n") and "answers: 734\n" in write_up.stdout


def test_cli_json_streams_every_answer_up_to_the_cap():
    """--json under a reading with many answers lists exactly `cap` of them, each once, and
    says the count was capped."""
    out = json.loads(run_cli(str(SAMPLE), "--reading", "write-up", "--json", "--cap",
                             "50").stdout)
    assert out["count"] == len(out["answers"]) == 50 and out["capped"] is True
    assert len({tuple(a) for a in out["answers"]}) == 50


def test_cli_bad_input_one_line_exit_2(tmp_path):
    """Bad input: exit status 2 and one line naming file, line, column and rule."""
    bad = tmp_path / "bad.txt"
    bad.write_text("nondango\nregions:\n0 0\ncircles:\no x\n")
    done = run_cli(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and len(done.stderr) <= 101
    assert "bad.txt:5:3: unknown circle symbol" in done.stderr   # the path cut to fit
    assert run_cli(str(SAMPLE), "--reading", "rows").returncode == 2


@pytest.mark.parametrize("engine", [nd.count_answers, nd.root_domains, nd.live_triples,
                                    nd.dead_triples, nd.groups, nd.triples,
                                    lambda board, reading: next(nd.solve(board, reading))],
                         ids=["count_answers", "root_domains", "live_triples", "dead_triples",
                              "groups", "triples", "solve"])
def test_an_unknown_reading_is_a_value_error_everywhere(engine):
    """Every function that takes a reading refuses an unknown one with ValueError naming
    the readings, never a KeyError from a table lookup."""
    with pytest.raises(ValueError, match="unknown reading 'bogus'"):
        engine(nd.load(str(SAMPLE)), "bogus")
