"""Dosun-Fuwari, taught by its properties.

Each test states one property in its docstring, why it matters, and the claim it
teaches (DF-..).  Boards for the general statements are drawn by construction with
hypothesis: any grid up to 5x5, any black cells, any partition of the white cells
into connected rooms (rooms are the components of randomly joined neighbours) --
far more than the generator ever draws.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import common
import dosun_fuwari as df

try:
    import resource
except ImportError:                     # not on Windows
    resource = None

ROOT = Path(__file__).resolve().parent.parent

SAMPLE = """dosun-fuwari
; the pzprjs sample, https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1
rooms:
0 0 0 # 1
# 0 2 1 1
3 3 2 4 4
5 3 2 4 #
5 # 6 6 6
answer:
* . o # .
# . o o *
o . . o *
o * * . #
* # * . o
"""

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def board_from(rows_text: str) -> df.Board:
    """A board from just its rooms picture, one string per row."""
    return df.parse("dosun-fuwari\nrooms:\n" + "\n".join(rows_text) + "\n")


# Named boards: each the smallest of its kind found by exhaustive search (verify.py).
ONE_CELL = board_from(["0"])                      # 1x1: one room, one cell, T = B = 1
NO_BOTTOM = board_from(["0 1", "0 1", "1 1"])     # room 0 has a run-top but no run-bottom
ONE_CELL_RUNS = board_from(["# 0", "0 0", "# 1", "1 1"])   # unique, 2 rooms, 3 runs
STACKED = board_from(["0 0 1", "0 1 1"])         # every room a top and a bottom, yet pieces stack


@st.composite
def boards(draw, max_side: int = 5, max_white: int | None = None) -> df.Board:
    """Any board up to max_side x max_side, built by construction."""
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    black = {cell for cell in grid if draw(st.booleans())} if grid else set()
    white = [cell for cell in grid if cell not in black]
    if max_white is not None and len(white) > max_white:
        black |= set(white[max_white:])
        white = white[:max_white]
    parent = {cell: cell for cell in white}

    def find(cell):
        while parent[cell] != cell:
            cell = parent[cell]
        return cell
    for r, c in white:
        for other in ((r + 1, c), (r, c + 1)):
            if other in parent and draw(st.booleans()):
                parent[find(other)] = find((r, c))
    rooms: dict = {}
    for cell in white:
        rooms.setdefault(find(cell), set()).add(cell)
    return df.make_board(rows, cols, black, rooms.values())


@st.composite
def fillings(draw, board: df.Board) -> df.Answer:
    """Any filling of the white cells with balloons, iron balls and empty cells."""
    white = sorted(set(itertools.product(range(board.rows), range(board.cols))) - board.black)
    marks = draw(st.lists(st.sampled_from("o*."), min_size=len(white), max_size=len(white)))
    return df.Answer(frozenset(c for c, m in zip(white, marks) if m == "o"),
                     frozenset(c for c, m in zip(white, marks) if m == "*"))


# === The board file ===

@SETTINGS
@given(st.data())
def test_parse_picture_round_trip(data):
    """parse(picture(b)) == b for any board and any filling drawn as its answer: the file
    format loses nothing, so every board in the project can live as a readable file."""
    board = data.draw(boards())
    answer = data.draw(fillings(board))
    board = df.Board(board.rows, board.cols, board.black, board.rooms, answer)
    assert df.parse(df.picture(board)) == board


def test_sample_board_file_matches_the_text():
    """The shipped pzprjs sample file is the pzprjs sample board drawn above, answer included, so tests and
    readers look at the same thing."""
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
])
def test_bad_input_names_line_column_and_rule(text, line, col, words):
    """Every malformed board raises BoardError naming the file, the line, the column and
    the rule broken, so a person can fix the file without reading the parser."""
    with pytest.raises(df.BoardError) as caught:
        df.parse(text, source="bad.txt")
    message = str(caught.value)
    assert message.startswith(f"bad.txt:{line}:{col}: "), message
    assert words in message


def test_unsolvable_board_is_not_an_error():
    """A well-formed board with no answer (a one-cell room) parses and has zero answers:
    unsolvable is a property of the board, not a format error."""
    assert df.count_answers(ONE_CELL) == df.Count(0, False)


# === The rules (DF-01) ===

def test_sample_has_exactly_the_shown_answer():
    """The pzprjs sample has exactly one answer, the one it shows, under the official
    reading, and both engines find it: our rules and engines agree with the published
    puzzle.  [DF-01, DF-20]"""
    board = df.parse(SAMPLE)
    assert df.violations(board, board.answer) == []
    assert list(df.solve(board)) == [board.answer]
    assert list(df.solve_by_cells(board)) == [board.answer]


@pytest.mark.parametrize("column, official, loose, no_stacking", [
    ("o..", True, True, True),     # a balloon under the top edge
    (".o.", False, False, False),  # a balloon under nothing
    ("oo.", True, True, False),    # a balloon under a balloon
    ("*o.", False, True, False),   # a balloon under an iron ball that rests on it
    ("..*", True, True, True),     # an iron ball over the bottom edge
    (".*.", False, False, False),  # an iron ball over nothing
    (".**", True, True, False),    # an iron ball over an iron ball
])
def test_rule_cases_by_reading(column, official, loose, no_stacking):
    """The checker rules each elementary column as the three wordings of the rule say;
    the readings differ exactly in what may hold a piece.  [DF-01, DF-06, DF-07]"""
    assert [df.column_filling_is_legal(column, r) for r in df.READINGS] == \
        [official, loose, no_stacking]


def test_checker_names_the_broken_room_rule():
    """Taking one balloon off the sample breaks the room rule and the checker says so, by
    rule and cell: a checker that only says 'no' cannot teach.  [DF-01]"""
    board = df.parse(SAMPLE)
    broken = board.answer._replace(balloons=board.answer.balloons - {(0, 2)})
    rules = [v.rule for v in df.violations(board, broken)]
    assert any("exactly one balloon" in rule for rule in rules)


# === Runs and run states (DF-02, DF-03, DF-06, DF-07, DF-21) ===

@pytest.mark.parametrize("reading", df.READINGS)
def test_column_enumeration_matches_tables(reading):
    """For every L up to 10, the 3^L column enumeration, the count formula and the literal
    table agree, and the enumerated fillings are exactly run_states: the closed forms are
    checked against brute force, not trusted.  [DF-03 A000217, DF-06, DF-07, DF-21]"""
    for L in range(1, 11):
        enumerated = df.enumerate_column_fillings(L, reading)
        assert len(enumerated) == df.count_run_states(L, reading) == df.LITERAL_COUNTS[reading][L - 1]
        assert sorted(enumerated) == sorted(df.run_states(L, reading))


@pytest.mark.parametrize("reading", df.READINGS)
def test_column_shortcut_agrees_with_board_checker(reading):
    """The fast column test (forbidden vertical pairs) accepts exactly what the board rules
    checker accepts on a one-column board, for every filling up to L = 6, so the 3^L tables
    really come from the rules checker.  [DF-02, DF-21]"""
    for L in range(1, 7):
        slow = sorted("".join(f) for f in itertools.product("o*.", repeat=L)
                      if df.column_filling_is_legal("".join(f), reading))
        assert slow == sorted(df.enumerate_column_fillings(L, reading))


def test_official_states_are_prefix_and_suffix():
    """Under the official reading every legal column filling is balloons, then empty
    cells, then iron balls: a run is fully described by (b, s).  [DF-02]"""
    for L in range(1, 11):
        pairs = {df.state_pair(f) for f in df.enumerate_column_fillings(L)}
        assert pairs == {(b, s) for b in range(L + 1) for s in range(L + 1 - b)}


def test_loose_reading_breaks_prefix_suffix():
    """Under the loose reading an iron ball may rest on the balloon that hangs from it with
    nothing under either ('*o.'), so states stop being prefix/suffix: the loose reading is a
    different puzzle, not a shorter wording.  [DF-06]"""
    assert "*o." in df.enumerate_column_fillings(3, "loose")
    assert "*o." not in df.enumerate_column_fillings(3, "official")
    assert not df.is_prefix_suffix("*o.")


def test_loose_counts_are_pisot_e37_and_a_linear_recurrence():
    """The loose column counts (transfer matrix) equal a(L) = 3a(L-1) - 2a(L-2) + a(L-3) and
    the Pisot sequence E(3,7) computed from its definition, for L up to 60.  [DF-06]"""
    transfer = [df.count_run_states(L, "loose") for L in range(1, 61)]
    assert transfer == df.loose_recurrence(60) == df.pisot_e(3, 7, 60)


def test_pisot_definition_on_another_start():
    """pisot_e follows the definition a(n) = round(a(n-1)^2 / a(n-2)) on a start where the
    rounding matters (E(4,13): 4, 13, 42, 136, 440), so the DF-06 match is not an accident
    of the code.  [DF-06]"""
    assert df.pisot_e(4, 13, 5) == [4, 13, 42, 136, 440]


@settings(max_examples=30, deadline=None)
@given(boards(max_side=3, max_white=6), st.sampled_from(df.READINGS))
def test_placement_space_is_product_of_run_states(board, reading):
    """Before rooms, the number of legal fillings is the product of the runs' state counts
    (3^W fillings through the rules checker): only run lengths matter.  [DF-04]"""
    assert df.placement_space(board, reading) == df.count_placements_by_cells(board, reading)


# === Engines (DF-20) ===

@pytest.mark.parametrize("reading", df.READINGS)
@SETTINGS
@given(board=boards())
def test_engines_agree_on_answer_sets(reading, board):
    """The run engine and the cell backtracker return the same answer set (not just count),
    and every answer passes the rules checker: the run reduction is checked by an engine
    that does not know about runs.  [DF-20]"""
    fast = set(df.solve(board, reading))
    assert fast == set(df.solve_by_cells(board, reading))
    assert all(df.is_answer(board, answer, reading) for answer in fast)


@pytest.mark.parametrize("reading", df.READINGS)
@SETTINGS
@given(board=boards())
def test_a_room_no_run_state_serves_means_no_answer(reading, board):
    """Engine 1 stops before building its rows when some room can get no balloon, or no
    iron ball, from any one-per-room run state (_cover_problem gives None): then the cell
    backtracker finds no answer either.  A problem it does build has a row in every room's
    column, so it stops exactly where Algorithm X would meet an empty column.  [DF-16,
    DF-20]"""
    problem = df._cover_problem(board, reading)
    if problem is None:
        assert not list(df.solve_by_cells(board, reading))
    else:
        columns, _ = problem
        assert all(columns[(kind, room)] for kind in (df.BALLOON, df.IRON)
                   for room in range(len(board.rooms)))


def listed_with_heap_from(board: df.Board, reading: str, heap_from: int, cap: int) -> list:
    """The first `cap` answers of engine 1 with HEAP_FROM set to `heap_from` (restored after)."""
    kept = df.HEAP_FROM
    df.HEAP_FROM = heap_from
    try:
        return list(itertools.islice(df.solve(board, reading), cap))
    finally:
        df.HEAP_FROM = kept


@pytest.mark.parametrize("reading", df.READINGS)
@SETTINGS
@given(board=boards(max_side=6))
def test_heap_picks_the_columns_a_pass_picks(reading, board):
    """Algorithm X picking its column from the heap lists the same answers in the same
    order as picking it by a pass over every column (`min(columns, key=len)`), so the
    answer order does not depend on the board's size.  [DF-20]"""
    assert listed_with_heap_from(board, reading, 0, 500) == \
        listed_with_heap_from(board, reading, 10 ** 9, 500)


@pytest.mark.parametrize("seed", range(3))
def test_heap_order_on_generated_boards(seed):
    """The same on larger drawn boards with many answers (loose reading), where the
    search branches and backtracks often.  [DF-20]"""
    board = df.starved_board(seed, 8, 8, 3)
    assert listed_with_heap_from(board, "loose", 0, 2000) == \
        listed_with_heap_from(board, "loose", 10 ** 9, 2000)


def test_count_stops_at_the_cap():
    """count_answers stops at the cap and says so: a 12-run under the loose reading has 12
    answers, so a cap of 5 reports (5, capped).  [DF-09]"""
    column = df.make_board(12, 1, (), [[(r, 0) for r in range(12)]])
    assert df.count_answers(column, "loose") == df.Count(12, False)
    assert df.count_answers(column, "loose", cap=5) == df.Count(5, True)


def counted_by_listing(board: df.Board, reading: str, cap: int) -> df.Count:
    """The twin of count_answers: list engine 1's answers one by one up to the cap."""
    n = 0
    for _ in df.solve(board, reading):
        n += 1
        if n == cap:
            return df.Count(n, True)
    return df.Count(n, False)


@pytest.mark.parametrize("reading", df.READINGS)
@SETTINGS
@given(board=st.one_of(
           boards(max_side=6),
           st.builds(df.random_board, st.integers(0, 10 ** 6), st.integers(1, 7),
                     st.integers(1, 7), st.sampled_from([0.0, 0.1, 0.25]),
                     st.sampled_from([2.0, 4.0, 8.0]))),
       cap=st.sampled_from([1, 2, 3, 7, 40, 5000]))
def test_counting_without_listing_counts_what_listing_counts(reading, board, cap):
    """count_answers counts the exact covers by remembering each subproblem's count
    under the columns already covered; it gives the count and the capped flag of listing
    solve's answers up to the same cap, on any board (random rooms of several sizes give
    boards with many answers), under every reading.  [DF-20; DF-09]"""
    assert df.count_answers(board, reading, cap) == counted_by_listing(board, reading, cap)


def test_counting_falls_back_to_listing_past_the_depth(monkeypatch):
    """A board of more runs than COUNT_DEPTH (the counting recursion's depth) is counted by
    listing; the 8x8 bank-style boards give the same counts either way.  [DF-20]"""
    boards_here = [df.starved_board(seed, 8, 8, 3) for seed in range(3)]
    remembered = [df.count_answers(b, "loose", 300) for b in boards_here]
    monkeypatch.setattr(df, "COUNT_DEPTH", 0)
    assert [df.count_answers(b, "loose", 300) for b in boards_here] == remembered
    assert remembered == [counted_by_listing(b, "loose", 300) for b in boards_here]


# === Engine 1 in bounded memory (DF-20) ===

def one_room(rows: int, cols: int) -> df.Board:
    """rows x cols white cells, all one room."""
    return df.make_board(rows, cols, (), [[(r, c) for r in range(rows) for c in range(cols)]])


def room_per_row(rows: int, cols: int) -> df.Board:
    """rows x cols white cells, one room per row."""
    return df.make_board(rows, cols, (), [[(r, c) for c in range(cols)] for r in range(rows)])


@pytest.mark.parametrize("reading", df.READINGS)
@SETTINGS
@given(rooms_here=st.lists(st.integers(0, 3), min_size=1, max_size=9))
def test_one_per_room_states_are_the_filtered_run_states(reading, rooms_here):
    """The run states engine 1 writes for a run are exactly the run states of its length
    that put no two pieces of a kind in one room, each once, and the pairs _check_size
    counts without writing them are the pairs they cover: the pruned listing leaves out no
    answer and the size check measures the problem that is built.  [DF-03, DF-06, DF-20]"""
    written = list(df._one_per_room_states(rooms_here, reading))
    kept = [state for state in df.run_states(len(rooms_here), reading)
            if all(sum(1 for r, ch in zip(rooms_here, state) if (ch, r) == piece) <= 1
                   for piece in itertools.product("o*", set(rooms_here)))]
    assert sorted(written) == sorted(kept) and len(set(written)) == len(written)
    pairs = sum(1 + len(state) - state.count(".") for state in kept)
    assert df._links(df._pattern(rooms_here), reading, 10 ** 9) == (len(kept), pairs)


def test_a_long_loose_column_in_one_room_has_few_rows():
    """Under the loose reading a run in one room has L + 3 states with at most one piece of
    a kind (empty; a balloon on top; an iron ball at the bottom; both; an iron ball over a
    hanging balloon, L - 1 places), not the 2.3^L of the run alone: engine 1 writes only
    those, so a 30-cell column has 33 rows and its 30 answers are listed at once.  [DF-06,
    DF-20]"""
    for length in range(2, 13):
        column = df.run_states(length, "loose")
        assert sum(s.count("o") <= 1 and s.count("*") <= 1 for s in column) == length + 3
    _, rows = df._cover_problem(one_room(30, 1), "loose")
    assert len(rows) == 33
    assert df.count_answers(one_room(30, 1), "loose") == df.Count(30, False)


def test_a_loose_30x30_room_writes_33_rows_per_run():
    """A 30x30 board of one room under the loose reading writes 33 rows per run (990), and
    its first answer comes with them.  [DF-20]"""
    board = one_room(30, 30)
    _, rows = df._cover_problem(board, "loose")
    assert len(rows) == 30 * 33
    first = next(df.solve(board, "loose"))
    assert df.is_answer(board, first, "loose")


@pytest.mark.parametrize("board, reading", [
    (room_per_row(100, 100), "official"),
    (room_per_row(200, 200), "official"),
    (room_per_row(16, 16), "loose"),
], ids=["official-100x100-rows", "official-200x200-rows", "loose-16x16-rows"])
def test_a_board_past_the_limit_is_refused_before_anything_is_built(board, reading):
    """A board whose exact cover problem would pass MAX_LINKS pairs (a run through 100
    distinct rooms has 348,551 of its own under the official reading) raises one BoardError
    that says why, at the first answer asked for, instead of running out of memory.
    [DF-20]"""
    with pytest.raises(df.BoardError, match=r"^too large for the run engine: .* pairs"):
        next(df.solve(board, reading))


def test_the_limit_is_the_count_of_the_problem_built(monkeypatch):
    """_check_size refuses exactly the boards whose problem holds more than MAX_LINKS pairs:
    with the limit set to a board's own count it is solved, one below it is refused.
    [DF-20]"""
    board = df.starved_board(1, 8, 8, 3)
    _, rows = df._cover_problem(board, "loose")
    pairs = sum(map(len, rows.values()))
    monkeypatch.setattr(df, "MAX_LINKS", pairs)
    assert df.count_answers(board, "loose", cap=5).count == 5
    monkeypatch.setattr(df, "MAX_LINKS", pairs - 1)
    with pytest.raises(df.BoardError, match="too large"):
        df.count_answers(board, "loose", cap=5)


def test_thousands_of_runs_do_not_reach_the_recursion_limit():
    """Algorithm X keeps its own stack: a 60x60 board of white rows between black rows has
    1,800 runs, one level each, past Python's default recursion limit.  [DF-20]"""
    cells = [(r, c) for r in range(60) for c in range(60)]
    board = df.make_board(60, 60, [(r, c) for r, c in cells if r % 2],
                          [[(r, c) for c in range(60)] for r in range(0, 60, 2)])
    assert len(df.runs(board)) == 1800
    assert df.is_answer(board, next(df.solve(board)))


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
@pytest.mark.parametrize("board, reading, answered", [
    (one_room(30, 1), "loose", True),
    (one_room(30, 30), "loose", True),
    (room_per_row(100, 100), "official", False),
    (room_per_row(200, 200), "official", False),
], ids=["loose-30-column", "loose-30x30-room", "official-100x100-rows", "official-200x200-rows"])
def test_the_issue_boards_in_one_gigabyte(tmp_path, board, reading, answered):
    """The boards that once ran out of memory, each in a process of 1 GB: a 30-cell column
    and a 30x30 room under the loose reading print their first answer; 100x100 and 200x200
    boards of one room per row under the official reading are refused in one line with exit
    status 2, never a MemoryError traceback.  [DF-20]"""
    done = run_limited(tmp_path, board, reading)
    if answered:
        assert done.returncode == 0 and "answers: at least 1 (counting stopped" in done.stdout
    else:
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "too large for the run engine" in done.stderr


@pytest.mark.parametrize("form", ["url", "pzprv3"])
def test_a_refused_link_or_pzprv3_text_is_named_in_one_short_line(form):
    """A board too large for the run engine, given as a link or as pzprv3 text on the
    command line, is refused in one short line that quotes an excerpt of the source, not
    the whole of it (a 60x60 board's link is over 1,700 characters).  [DF-20]"""
    board = room_per_row(60, 60)
    source = df.url(board) if form == "url" else df.pzprv3(board)
    done = subprocess.run([sys.executable, str(ROOT / "dosun_fuwari.py"), source],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 300
    assert "too large for the run engine" in done.stderr


# === Run-tops (DF-11, DF-12, DF-13) ===

@SETTINGS
@given(st.data())
def test_run_ends_are_always_legal(data):
    """Whatever fills the rest of the board, a balloon on a run-top and an iron ball on a
    run-bottom break no placement rule under any reading: they lean on a cap.  [DF-11]"""
    board = data.draw(boards())
    filling = data.draw(fillings(board))
    for run in df.runs(board):
        top, bottom = (run.top, run.col), (run.bottom, run.col)
        placed = df.Answer(filling.balloons | {top}, filling.irons - {top})
        placed = df.Answer(placed.balloons - {bottom} if bottom != top else placed.balloons,
                           placed.irons | {bottom} if bottom != top else placed.irons)
        for reading in df.READINGS:
            flagged = {c for v in df.support_violations(board, placed, reading) for c in v.cells}
            assert top not in flagged and (bottom == top or bottom not in flagged)


@pytest.mark.parametrize("board, count, predicted", [
    (ONE_CELL, 0, 1),          # a one-cell run cannot hold both pieces
    (NO_BOTTOM, 1, 0),         # a room without a run-bottom stacks its iron ball
    (STACKED, 6, 4),           # room 1 may hang its balloon under room 0's, and so on
])
def test_df12_as_stated_is_false(board, count, predicted):
    """DF-12 as the write-up states it ('every room holds a run-top ⇒ exactly ∏T_i·∏B_i
    answers') fails; the 1x1 board is the smallest counterexample.  A reader must know the
    formula is not a theorem.  [DF-12]"""
    assert not df.starved_rooms(board)
    assert df.predicted_count(board) == predicted
    assert df.count_answers(board).count == count != predicted


@SETTINGS
@given(boards())
@example(ONE_CELL)
@example(NO_BOTTOM)
@example(ONE_CELL_RUNS)
@example(STACKED)
def test_df12_corrected(board):
    """Corrected DF-12: the answers that stack nothing number exactly ∏(T_i·B_i − D_i) (D_i:
    one-cell runs in room i) -- the no-stacking count -- the official count is at least that,
    and equal to it when no run's top two or bottom two cells lie in two rooms.  [DF-12]"""
    u = df.unstacked_count(board)
    assert df.count_answers(board, "no-stacking", cap=u + 1) == df.Count(u, False)
    official = df.count_answers(board, cap=u + 1)
    assert official.count >= u
    if df.no_straddle(board):
        assert official == df.Count(u, False)


def test_df12_holds_on_generated_unstarved_boards():
    """On the generator's unstarved (trivial) boards the write-up's formula is exact (=1):
    the claim is right where the write-up measured it.  [DF-12]"""
    for seed in range(20):
        board = df.trivial_board(seed, 8, 8)
        assert df.count_answers(board, cap=3).count == df.predicted_count(board) == 1


def test_df13_as_stated_is_false():
    """DF-13 fails: NO_BOTTOM (3x2, the smallest) is unique with no starved room, yet its
    answer stacks an iron ball; ONE_CELL_RUNS is unique with 2 rooms but 3 runs.  [DF-13]"""
    for board in (NO_BOTTOM, ONE_CELL_RUNS):
        assert not df.starved_rooms(board)
        assert len(list(df.solve(board))) == 1
    only = next(df.solve(NO_BOTTOM))
    assert only != df.Answer(df.run_tops(NO_BOTTOM), df.run_bottoms(NO_BOTTOM))
    assert len(ONE_CELL_RUNS.rooms) != len(df.runs(ONE_CELL_RUNS))


@SETTINGS
@given(boards())
@example(NO_BOTTOM)
@example(ONE_CELL_RUNS)
@example(df.trivial_board(3, 4, 4))
@example(df.trivial_board(4, 5, 5))
def test_df13_corrected(board):
    """Corrected DF-13: a board with exactly one answer that stacks nothing and with no
    one-cell run has as many rooms as runs, and its answer is every run-top a balloon and
    every run-bottom an iron ball.  [DF-13]"""
    answers = list(itertools.islice(df.solve(board), 2))
    if len(answers) == 1 and not df.stacked_pieces(board, answers[0]) and not df.one_cell_runs(board):
        assert len(board.rooms) == len(df.runs(board))
        assert answers[0] == df.Answer(df.run_tops(board), df.run_bottoms(board))


# === Generators (DF-15, DF-16, DF-17) ===

@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 9), st.integers(3, 9))
def test_trivial_board_is_unique_with_drawn_answer(seed, rows, cols):
    """Every trivial board (one room per run) has exactly its drawn answer, tops balloons
    and bottoms iron balls: the generator starts from a known unique board.  [DF-15]"""
    board = df.trivial_board(seed, rows, cols)
    assert not df.one_cell_runs(board)
    assert list(df.solve(board)) == [board.answer]


def chain_of(rows: int, cols: int, black, pairs) -> list[df.Board]:
    """The boards of a starving chain: trivial_of(rows, cols, black), then one board per
    step of `pairs`."""
    chain = [df.trivial_of(rows, cols, black)]
    for pair in pairs:
        chain.append(df.starve_once(chain[-1], pair))
    return chain


# The smallest board on which starving loses uniqueness (12 cells; verify.py's DF-15 finds
# it by trying every chain on every smaller grid): room 0 of column 1 hands its run-top to
# column 2, then column 0 hands its run-top to the starved rest of column 1.
LOSES = chain_of(4, 3, {(0, 0)}, [(0, 1), (1, 2)])


@st.composite
def starving_chains(draw, max_side: int = 5) -> list[df.Board]:
    """A trivial board on any black cells of a grid up to max_side x max_side (at least 3
    rows, or no run is long enough to starve), then starving steps, each on a candidate
    hypothesis picks, until the candidates run out or hypothesis stops: the whole chain."""
    rows, cols = draw(st.integers(3, max_side)), draw(st.integers(2, max_side))
    black = {cell for cell in itertools.product(range(rows), range(cols))
             if draw(st.integers(0, 4)) == 0}
    chain = [df.trivial_of(rows, cols, black)]
    while (pairs := df.starve_candidates(chain[-1])) and draw(st.integers(0, 5)):
        chain.append(df.starve_once(chain[-1], draw(st.sampled_from(pairs))))
    return chain


def fed_a_starved_room(before: df.Board, after: df.Board) -> bool:
    """Whether the step before → after handed its run-top to a room that was starved: the
    step always starves one room, so the count stays put exactly then."""
    return len(df.starved_rooms(after)) == len(df.starved_rooms(before))


@SETTINGS
@given(starving_chains())
@example(LOSES)
def test_starving_keeps_the_drawn_answer_legal(chain):
    """Every literal starving step keeps the drawn answer an answer (by the rules checker,
    which the generator never calls), keeps every room connected, moves no iron ball, and
    adds one starved room, or none when it fed a starved room.  [DF-15, DF-17]"""
    for before, after in zip(chain, chain[1:]):
        assert df.is_answer(after, after.answer)
        assert all(len(common.components(set(room))) == 1 for room in after.rooms)
        assert after.answer.irons == before.answer.irons
        assert len(after.rooms) == len(before.rooms)
        gained = len(df.starved_rooms(after)) - len(df.starved_rooms(before))
        assert gained in (0, 1)


def stays_legal(board: df.Board, starving: int, neighbour: int) -> bool:
    """Brute force: once room `starving` hands its one run-top to room `neighbour`, can
    the two rooms hold one balloon and one iron ball each, every other piece of the drawn
    answer left where it is, so that the rules checker accepts the filling?"""
    (top,) = board.rooms[starving] & df.run_tops(board)
    two = (board.rooms[starving] - {top}, board.rooms[neighbour] | {top})
    rest = [room for k, room in enumerate(board.rooms) if k not in (starving, neighbour)]
    after = df.make_board(board.rows, board.cols, board.black, rest + list(two))
    moving = board.rooms[starving] | board.rooms[neighbour]
    balloons, irons = board.answer.balloons - moving, board.answer.irons - moving
    for b1, i1 in itertools.permutations(sorted(two[0]), 2):
        for b2, i2 in itertools.permutations(sorted(two[1]), 2):
            if df.is_answer(after, df.Answer(balloons | {b1, b2}, irons | {i1, i2})):
                return True
    return False


@SETTINGS
@given(starving_chains(max_side=4))
@example(LOSES)
def test_starve_candidates_are_the_steps_that_keep_the_drawn_answer(chain):
    """The candidates are exactly the steps of the write-up's rule (a room with one run-top
    hands it to a room left or right of it) after which the drawn answer can stay legal
    with only the two rooms' pieces moving, found by brute force; the one step it leaves
    out is a room handing on a run-top it was fed, whose run is not in the room (a room is
    starved once).  [DF-15]"""
    for board in chain:
        room = df.room_of(board)
        tops = df.run_tops(board)
        for i, cells in enumerate(board.rooms):
            if len(cells & tops) != 1:
                continue
            (top,) = cells & tops
            for side in ((top[0], top[1] - 1), (top[0], top[1] + 1)):
                j = room.get(side)
                if j is None:
                    continue
                starved_once = (top[0] + 1, top[1]) not in cells
                expected = stays_legal(board, i, j) and not starved_once
                assert ((i, j) in df.starve_candidates(board)) == expected


def runs_by_walking_columns(board):
    """The twin of runs: each column walked top to bottom afresh, nothing remembered."""
    found = []
    for c in range(board.cols):
        column = [(r, c) not in board.black for r in range(board.rows)] + [False]
        top = None
        for r, white in enumerate(column):
            if white and top is None:
                top = r
            elif not white and top is not None:
                found.append(df.Run(c, top, r - 1))
                top = None
    return tuple(sorted(found, key=lambda run: (run.top, run.col)))


@SETTINGS
@given(starving_chains())
@example(LOSES)
def test_remembered_runs_and_starved_rooms_are_the_walked_ones(chain):
    """Runs remembered per black pattern (a chain's boards share theirs) are the runs a
    fresh walk finds, and the starved rooms are the rooms whose run-top set is empty in
    room_tops.  [DF-12; DF-15]"""
    for board in chain:
        walked = runs_by_walking_columns(board)
        assert df.runs(board) == walked
        assert df.run_tops(board) == frozenset((run.top, run.col) for run in walked)
        assert df.run_bottoms(board) == frozenset((run.bottom, run.col) for run in walked)
        assert df.starved_rooms(board) == tuple(i for i, ends in enumerate(df.room_tops(board))
                                                if not ends.tops)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 7), st.integers(2, 7), st.integers(0, 10**6))
def test_a_first_starving_step_never_loses_uniqueness(rows, cols, seed):
    """From a trivial board every first step gives exactly one answer, the drawn one: the
    starved room's balloon can only hang under the handed cell, so the neighbour's balloon
    is pinned there, and both rooms are otherwise whole runs.  So the write-up's 200 of 220
    at one starved room cannot come from its procedure.  [DF-15]"""
    board = df.trivial_board(seed, rows, cols, 0.15)
    for pair in df.starve_candidates(board):
        after = df.starve_once(board, pair)
        assert list(df.solve(after)) == [after.answer]


@SETTINGS
@given(starving_chains())
@example(LOSES)
def test_starving_loses_uniqueness_only_after_feeding_a_starved_room(chain):
    """A board of a starving chain has more than one answer only after some step handed a
    run-top to a room that was already starved: as long as every neighbour was a room
    holding a run-top, every room's pieces stay pinned.  [DF-15]"""
    fed = False
    for before, after in zip(chain, chain[1:]):
        fed = fed or fed_a_starved_room(before, after)
        if not fed:
            assert df.count_answers(after, cap=2) == df.Count(1, False)


def test_starving_can_lose_uniqueness():
    """Starving is a chance to lose uniqueness, as the write-up says: on LOSES (4x3, two
    steps) the second step feeds the starved room, which leaves one starved room and two
    answers, the drawn one and one with the first room's balloon back on its own run.
    [DF-15]"""
    before, after = LOSES[-2], LOSES[-1]
    assert fed_a_starved_room(before, after)
    assert len(df.starved_rooms(after)) == 1
    answers = list(df.solve(after))
    assert len(answers) == 2 and after.answer in answers


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 4))
def test_starved_board_has_k_starved_rooms_and_its_answer(seed, k):
    """A k-starved board has exactly k starved rooms, connected rooms, and its drawn answer
    among its answers: starving keeps the drawn answer legal.  [DF-15, DF-17]"""
    board = df.starved_board(seed, 8, 8, k)
    assert len(df.starved_rooms(board)) == k
    assert all(len(common.components(set(room))) == 1 for room in board.rooms)
    assert df.is_answer(board, board.answer)
    assert board.answer in set(itertools.islice(df.solve(board), 50))


def test_generators_are_deterministic():
    """The same seed gives the same board (Random.random() only), so every figure in
    verify.py is reproducible.  [DF-15, DF-16]"""
    assert df.starved_board(7, 8, 8, 3) == df.starved_board(7, 8, 8, 3)
    assert df.random_board(7, 6, 6, 0.12) == df.random_board(7, 6, 6, 0.12)
    assert df.starved_board(7, 8, 8, 3) != df.starved_board(8, 8, 8, 3)


def test_generator_reaches_eight_starved_rooms_on_12x12():
    """The bank needs 12x12 boards with up to 8 starved rooms, unique: the generator gets
    there.  [DF-14, DF-15]"""
    board = df.unique_board(1, 12, 12, 8)
    assert len(df.starved_rooms(board)) == 8
    assert df.count_answers(board, cap=2) == df.Count(1, False)


def test_starving_needs_stacking():
    """Every starved generated board has no answer under the no-stacking reading: a starved
    room must hang its balloon under another room's.  [DF-14]"""
    boards_ = [df.starved_board(seed, 8, 8, 1 + seed % 4) for seed in range(10)]
    assert all(c == df.Count(0, False) for c in df.no_stacking_counts(boards_))


def test_df17_literal_false_on_starved_boards():
    """DF-17 read literally ('only balloons on run-tops') is false once a room is starved:
    the starved room's balloon hangs under the handed run-top.  Smallest: 3x2.  [DF-17]"""
    board = df.starve_once(df.trivial_board(0, 3, 2, 0.0), (0, 1))
    assert df.stacked_pieces(board, board.answer) == {(1, 0)}
    assert not df.stacked_pieces(df.trivial_board(0, 3, 2, 0.0),
                                 df.trivial_board(0, 3, 2, 0.0).answer)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 4))
def test_df17_corrected(seed, k):
    """Corrected DF-17: every run of a drawn answer is in a run state (legal by position,
    no checker needed), one balloon per starved room is off a run-top, and no iron ball is
    off a run-bottom.  [DF-17]"""
    board = df.starved_board(seed, 8, 8, k)
    for run in df.runs(board):
        state = "".join("o" if c in board.answer.balloons else "*" if c in board.answer.irons
                        else "." for c in run.cells)
        assert state in df.run_states(run.length)
    assert len(board.answer.balloons - df.run_tops(board)) == k
    assert not board.answer.irons - df.run_bottoms(board)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.12, 0.2]))
def test_random_board_rooms_cover_white_cells(seed, density):
    """random_board cuts every white cell into exactly one connected room, so DF-16 measures
    real boards.  [DF-16]"""
    board = df.random_board(seed, 6, 6, density)
    white = {(r, c) for r in range(6) for c in range(6)} - board.black
    assert set().union(*board.rooms) == white if board.rooms else not white
    assert sum(map(len, board.rooms)) == len(white)
    assert all(len(common.components(set(room))) == 1 for room in board.rooms)


def random_rooms_by_rescanning(rng, rows, cols, black, mean_size):
    """The twin of random_rooms: the frontier rebuilt from every unassigned cell before
    every draw (the generator as first written)."""
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    if not white:
        return []
    owner = {}
    seeds = common.shuffled(rng, white)[:max(1, round(len(white) / mean_size))]
    for i, cell in enumerate(sorted(seeds)):
        owner[cell] = i
    left = set(white) - set(owner)
    while left:
        frontier = sorted(cell for cell in left if any(n in owner for n in common.neighbours(cell)))
        if not frontier:
            cell = common.pick(rng, sorted(left))
            owner[cell] = max(owner.values()) + 1
        else:
            cell = common.pick(rng, frontier)
            owner[cell] = owner[common.pick(rng, [n for n in common.neighbours(cell) if n in owner])]
        left.discard(cell)
    rooms = {}
    for cell, i in owner.items():
        rooms.setdefault(i, set()).add(cell)
    return [frozenset(room) for room in rooms.values()]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from([0.0, 0.2, 0.5]),
       st.sampled_from([1.0, 3.0, 5.0, 50.0]), st.integers(0, 10**6))
def test_random_rooms_draws_what_rescanning_drew(rows, cols, density, mean_size, seed):
    """The incremental frontier gives the same rooms and leaves the random stream in the
    same state as rebuilding it for every cell, so every generated board (and the bank)
    stays what it was.  [DF-16]"""
    fast, slow = random.Random(seed), random.Random(seed)
    black = df.draw_black(fast, rows, cols, density)
    df.draw_black(slow, rows, cols, density)
    assert df.random_rooms(fast, rows, cols, black, mean_size) == \
        random_rooms_by_rescanning(slow, rows, cols, black, mean_size)
    assert fast.getstate() == slow.getstate()


# === Figures for a list of boards (DF-05, DF-08, DF-09, DF-14) ===

def test_bank_figures_on_generated_boards():
    """The bank figure functions return one figure per board that agrees with the
    definitions: runs, log10 placement space (= log10 of placement_space), starved rooms,
    and capped loose counts.  [DF-05, DF-08, DF-09, DF-14]"""
    boards_ = [df.starved_board(seed, 6, 6, seed % 3) for seed in range(6)]
    assert df.runs_per_board(boards_) == [len(df.runs(b)) for b in boards_]
    for reading in ("official", "loose"):
        logs = df.log10_placement_space(boards_, reading)
        assert logs == pytest.approx([math.log10(df.placement_space(b, reading)) for b in boards_])
    assert df.starved_per_board(boards_) == [seed % 3 for seed in range(6)]
    loose = df.loose_counts(boards_, cap=100)
    assert all(c.count <= 100 and c.capped == (c.count == 100) for c in loose)


# === Command line ===

def test_cli_json(tmp_path, capsys):
    """`--json` prints one object with the reading, count, capped flag and answers as rows
    of answer symbols, so scripts can use the solver.  [DF-01]"""
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    assert df.main([str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == {"reading": "official", "count": 1, "capped": False,
                      "answers": [["* . o # .", "# . o o *", "o . . o *", "o * * . #",
                                   "* # * . o"]]}


def test_cli_says_which_reading(tmp_path, capsys):
    """The plain output names the reading used, so a count is never read under the wrong
    rule.  [DF-06]"""
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    assert df.main([str(path), "--reading", "loose", "--cap", "3"]) == 0
    out = capsys.readouterr().out
    assert "reading: loose" in out and "answers: at least 3" in out


def test_cli_bad_input_exits_2_with_one_line(tmp_path, capsys):
    """Bad input gives exit status 2 and exactly one line on stderr naming file, line,
    column and rule -- no traceback.  [DF-01]"""
    path = tmp_path / "bad.txt"
    path.write_text("dosun-fuwari\nrooms:\n0 0\n0\n")
    assert df.main([str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{path}:4:2: ragged" in err[0]


def test_teaching_boards_show_what_they_say():
    """The small boards shipped in boards/samples say what boards/README.md says they show:
    the DF-12 and DF-13 counterexamples, the smallest starved board and the smallest board on
    which starving loses uniqueness.  [DF-12, DF-13, DF-15, DF-17]"""
    one = df.load("boards/samples/df-one-cell-1x1.txt")
    assert (df.predicted_count(one), df.count_answers(one).count) == (1, 0)
    no_bottom = df.load("boards/samples/df-no-bottom-3x2.txt")
    assert no_bottom == df.Board(NO_BOTTOM.rows, NO_BOTTOM.cols, NO_BOTTOM.black, NO_BOTTOM.rooms,
                                 next(df.solve(NO_BOTTOM)))
    starved = df.load("boards/samples/df-starved-3x2.txt")
    assert df.starved_rooms(starved) and df.stacked_pieces(starved, starved.answer)
    assert list(df.solve(starved)) == [starved.answer]
    loses = df.load("boards/samples/df-loses-4x3.txt")
    assert loses == LOSES[-1] and loses.answer == LOSES[-1].answer
    assert df.count_answers(loses) == df.Count(2, False)
