"""Dosun-Fuwari, taught by its properties, in the order of the write-up (DF-01 … DF-21).

Each test states one property in its docstring and the claim it teaches.  Boards come in
two kinds, built by construction, never filtered down: the write-up's own generator with
its answer drawn first (a trivial board, then starving steps hypothesis picks), and random
small boards that go far beyond it (any grid up to 5x5, any black cells, any partition of
the white cells into connected rooms).  The general theorems are tested on both, mixed.
`hypothesis.event` labels say how many drawn examples reach the assertion that matters
(`pytest --hypothesis-show-statistics`).  The board-file, link, command-line and size-limit
tests live in test_dosun_fuwari_plumbing.py.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, event, example, given, settings
from hypothesis import strategies as st

import common
import dosun_fuwari as df
import drawn
from twins import dosun_fuwari as df_twin, same

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


def board_from(rows_text: list[str]) -> df.Board:
    """A board from just its rooms picture, one string per row."""
    return df.parse("dosun-fuwari\nrooms:\n" + "\n".join(rows_text) + "\n")


def chain_of(rows: int, cols: int, black, pairs) -> list[df.Board]:
    """A starving chain: trivial_of(rows, cols, black), then one board per step of `pairs`."""
    chain = [df.trivial_of(rows, cols, black)]
    for pair in pairs:
        chain.append(df.starve_once(chain[-1], pair))
    return chain


# Named boards: each the smallest of its kind found by exhaustive search (verify.py).
ONE_CELL = board_from(["0"])                      # 1x1: one room, one cell, T = B = 1
NO_BOTTOM = board_from(["0 1", "0 1", "1 1"])     # room 0 has a run-top but no run-bottom
ONE_CELL_RUNS = board_from(["# 0", "0 0", "# 1", "1 1"])   # unique, 2 rooms, 3 runs
STACKED = board_from(["0 0 1", "0 1 1"])         # every room a top and a bottom, yet pieces stack
# The smallest board on which starving loses uniqueness (12 cells): room 0 of column 1 hands
# its run-top to column 2, then column 0 hands its run-top to the starved rest of column 1.
LOSES = chain_of(4, 3, {(0, 0)}, [(0, 1), (1, 2)])
# A room starved, then fed a run-top (column 2's): handing that run-top on would keep the
# drawn answer legal, but a room is starved once (the smallest such chain drawn).
FED = chain_of(4, 4, {(0, 2), (3, 1), (3, 3)}, [(1, 0), (3, 2)])


# === Strategies ===

def boards(max_side: int = 5, max_white: int | None = None):
    """Any board up to max_side x max_side (drawn.df_boards): any black cells, rooms as the
    components of randomly joined neighbours.  Far more than the generator draws."""
    return drawn.df_boards(max_side, max_white)


@st.composite
def boards_with_a_room_on_a_pair(draw, max_side: int = 4) -> df.Board:
    """A board with a room no official run state reaches: a row of cells each on two cells
    of one other room (or each under two), so that every run's stretch of distinct rooms
    from the bottom (the top) ends before it; the other cells any board's, as `boards`."""
    rows, cols = draw(st.integers(3, max_side)), draw(st.integers(1, max_side))
    r = draw(st.integers(0, rows - 3))
    first = draw(st.integers(0, cols - 1))
    span = range(first, draw(st.integers(first, cols - 1)) + 1)
    if draw(st.booleans()):             # the row on the pair: no iron ball reaches it
        row_of_cells, pair_rows = r, (r + 1, r + 2)
    else:                               # the row under the pair: no balloon reaches it
        row_of_cells, pair_rows = r + 2, (r, r + 1)
    on_the_pair = {(row_of_cells, c) for c in span}
    pair = {(y, c) for y in pair_rows for c in span}
    rest = [(y, x) for y in range(rows) for x in range(cols)
            if (y, x) not in on_the_pair | pair]
    black = {cell for cell in rest if draw(st.booleans())}
    white = [cell for cell in rest if cell not in black]
    rooms = drawn.connected_parts(draw, white) + [on_the_pair, pair]
    return df.make_board(rows, cols, black, rooms)


@st.composite
def starving_chains(draw, max_side: int = 5, max_cols: int | None = None,
                    min_steps: int = 0) -> list[df.Board]:
    """The generator's procedure with hypothesis picking: a trivial board on any black cells
    of a grid up to max_side x max_side (at least 3 rows, or no run is long enough to
    starve), then starving steps, each a candidate hypothesis picks, until the candidates
    run out or, after `min_steps` steps, hypothesis stops (with `min_steps`, at least 4 rows,
    so that most trivial boards have a step).  Every board carries its drawn answer."""
    rows = draw(st.integers(4 if min_steps else 3, max_side))   # a run of 3 starves, not of 2
    cols = draw(st.integers(2, max_cols or max_side))
    black = {cell for cell in itertools.product(range(rows), range(cols))
             if draw(st.integers(0, 4)) == 2}          # about one in five
    chain = [df.trivial_of(rows, cols, black)]
    while True:
        pairs = df.starve_candidates(chain[-1])
        if not pairs:
            break
        if len(chain) > min_steps and draw(st.integers(0, 5)) == 0:    # hypothesis stops
            break
        chain.append(df.starve_once(chain[-1], draw(st.sampled_from(pairs))))
    return chain


@st.composite
def feeding_chains(draw, max_side: int = 6) -> list[df.Board]:
    """Starving chains whose second step feeds the room the first starved, which random
    chains seldom do: three columns side by side, the middle one and one side capped by the
    top edge, the other side by a black cell; the middle hands its run-top to the first
    side, then the other side hands its run-top to the middle's rest.  Any black cells
    elsewhere in the top row."""
    rows, cols = draw(st.integers(4, max_side)), draw(st.integers(3, max_side))
    middle, side = draw(st.integers(1, cols - 2)), draw(st.sampled_from((-1, 1)))
    black = {(0, c) for c in range(cols) if abs(c - middle) > 1 and draw(st.booleans())}
    black.add((0, middle - side))                      # the feeder's cap
    chain = [df.trivial_of(rows, cols, black)]
    room = df.room_of(chain[-1])
    chain.append(df.starve_once(chain[-1], (room[(0, middle)], room[(0, middle + side)])))
    room = df.room_of(chain[-1])
    chain.append(df.starve_once(chain[-1], (room[(1, middle - side)], room[(1, middle)])))
    return chain


def drawn_boards(max_side: int = 5, max_cols: int | None = None):
    """The last board of a starving chain: a generated board with its drawn answer."""
    return starving_chains(max_side, max_cols).map(lambda chain: chain[-1])


def mixed_boards(max_side: int = 5):
    """Both kinds: generated boards (an answer by construction; two draws in three) and
    random boards."""
    return st.sampled_from(["generated", "generated", "random"]).flatmap(
        lambda kind: drawn_boards(max_side) if kind == "generated" else boards(max_side))


@st.composite
def fillings(draw, board: df.Board) -> df.Answer:
    """Any filling of the white cells with balloons, iron balls and empty cells."""
    white = sorted(set(itertools.product(range(board.rows), range(board.cols))) - board.black)
    marks = draw(st.lists(st.sampled_from("o*."), min_size=len(white), max_size=len(white)))
    return df.Answer(frozenset(c for c, m in zip(white, marks) if m == "o"),
                     frozenset(c for c, m in zip(white, marks) if m == "*"))


# === The rules (DF-01) ===

def test_sample_has_exactly_the_shown_answer():
    """The pzprjs sample has exactly one answer, the one it shows, and the rules checker
    accepts it: the rules as written agree with the published puzzle.  [DF-01]"""
    board = df.parse(SAMPLE)
    assert df.violations(board, board.answer) == []
    assert list(df.solve(board)) == [board.answer]


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
    """The checker rules each elementary column as the three wordings say: the readings
    differ exactly in what may hold a piece.  [DF-01, DF-06, DF-07]"""
    assert [df_twin.column_filling_is_legal(column, r) for r in df.READINGS] == \
        [official, loose, no_stacking]


def test_checker_names_the_broken_room_rule():
    """Taking one balloon off the sample breaks the room rule, and the checker names the
    rule and the room: a checker that only says 'no' cannot teach.  [DF-01]"""
    board = df.parse(SAMPLE)
    broken = board.answer._replace(balloons=board.answer.balloons - {(0, 2)})
    assert df.Violation("a room must hold exactly one balloon (this one holds 0)", ((0, 0),)) \
        in df.violations(board, broken)


# === The grid is a decoy (DF-02 .. DF-05) ===

def test_official_states_are_prefix_and_suffix():
    """Under the official reading every legal filling of a column (all 3^L, up to L = 10) is
    balloons, then empty cells, then iron balls, and every (b, s) with b + s <= L occurs:
    a run is fully described by (b, s).  [DF-02]"""
    for L in range(1, 11):
        fillings_ = df_twin.enumerate_column_fillings(L)
        assert all(df.is_prefix_suffix(f) for f in fillings_)
        assert {(f.count(df.BALLOON), f.count(df.IRON)) for f in fillings_} == \
            {(b, s) for b in range(L + 1) for s in range(L + 1 - b)}


def test_run_states_are_triangular():
    """A run of L cells has (L+1)(L+2)/2 states: the formula, the listing and the 3^L
    enumeration agree with the literal table for L = 1..12.  [DF-03; OEIS A000217]"""
    same(df.count_run_states, lambda L: len(df_twin.enumerate_column_fillings(L)), range(1, 13))
    assert [df.count_run_states(L) for L in range(1, 13)] == list(df.OFFICIAL_COUNTS)
    assert [len(df.run_states(L)) for L in range(1, 13)] == list(df.OFFICIAL_COUNTS)


@settings(max_examples=40)
@given(st.one_of(drawn_boards(max_side=3, max_cols=2), boards(max_side=3, max_white=6)),
       st.sampled_from(df.READINGS))
def test_placement_space_is_product_of_run_states(board, reading):
    """Before rooms, the legal fillings of a board (all 3^W through the rules checker)
    number the product of its runs' state counts: only run lengths matter.  [DF-04]"""
    event("reached: two runs or more" if len(df.runs(board)) >= 2 else "one run or none")
    assert df.placement_space(board, reading) == df_twin.count_placements_by_cells(board, reading)


# === The rule as it is usually restated is a different puzzle (DF-06 .. DF-10) ===

def test_loose_reading_breaks_prefix_suffix():
    """Under the loose reading an iron ball may rest on the balloon that hangs from it with
    nothing under either ('*o.'), so states stop being a prefix and a suffix: the loose
    reading is a different puzzle, not a shorter wording.  [DF-06]"""
    assert "*o." in df_twin.enumerate_column_fillings(3, "loose")
    assert "*o." not in df_twin.enumerate_column_fillings(3, "official")
    assert not df.is_prefix_suffix("*o.")


def test_loose_counts_are_pisot_e37_and_a_linear_recurrence():
    """The loose column counts (transfer matrix) equal a(L) = 3a(L-1) - 2a(L-2) + a(L-3) and
    the Pisot sequence E(3,7) computed from its definition, for L up to 60, and start with
    the write-up's table.  [DF-06; OEIS A095263]"""
    transfer = [df.count_run_states(L, "loose") for L in range(1, 61)]
    assert transfer == df_twin.loose_recurrence(60) == df_twin.pisot_e(3, 7, 60)
    assert transfer[:12] == list(df.LOOSE_COUNTS)


def test_pisot_definition_on_another_start():
    """pisot_e follows a(n) = round(a(n-1)^2 / a(n-2)) on a start where the rounding matters
    (E(4,13): 4, 13, 42, 136, 440), so the DF-06 match is not an accident of the code.
    [DF-06]"""
    assert df_twin.pisot_e(4, 13, 5) == [4, 13, 42, 136, 440]


def test_no_stacking_column_has_four_states():
    """Under the no-stacking reading a column of two cells or more has 4 legal fillings (a
    balloon on top or not, an iron ball at the bottom or not), 3 for one cell.  [DF-07]"""
    assert [len(df_twin.enumerate_column_fillings(L, "no-stacking")) for L in range(1, 11)] == \
        [3] + [4] * 9 == list(df.NO_STACKING_COUNTS[:10])


def test_count_stops_at_the_cap():
    """count_answers stops at the cap and says so: a 12-cell column in one room under the
    loose reading has 12 answers, so a cap of 5 reports (5, capped).  [DF-09]"""
    column = df.make_board(12, 1, (), [[(r, 0) for r in range(12)]])
    assert df.count_answers(column, "loose") == df.Count(12, False)
    assert df.count_answers(column, "loose", cap=5) == df.Count(5, True)


@settings(max_examples=60)
@given(mixed_boards(max_side=5), st.sampled_from([1, 2, 3, 7, 40, 5000]))
def test_the_loose_count_run_by_run_is_engine_2s_count(board, cap):
    """Under the loose reading count_answers counts run by run without listing an answer
    (loose_completions, remembered per cut) and gives the count and the capped flag of
    engine 2 listing cell by cell up to the same cap: the loose counts of DF-09 and DF-10.
    [DF-06, DF-09, DF-10, DF-20]"""
    listed = df_twin.count_by_cells(board, "loose", cap)
    event("reached: some answer" if listed.count else "no answer")
    event("generated" if board.answer is not None else "random")
    same(df.count_answers, df_twin.count_by_cells, [(board, "loose", cap)])


# === A run-top is always a legal balloon, and that decides everything (DF-11 .. DF-14) ===

def placed_at(filling: df.Answer, cell, kind: str) -> df.Answer:
    """`filling` with a piece of `kind` at `cell`, whatever the cell held before."""
    balloons, irons = filling.balloons - {cell}, filling.irons - {cell}
    if kind == df.BALLOON:
        return df.Answer(balloons | {cell}, irons)
    return df.Answer(balloons, irons | {cell})


@settings(max_examples=80)
@given(st.data())
def test_run_ends_are_always_legal(data):
    """Whatever fills the rest of the board, a balloon on a run-top and an iron ball on a
    run-bottom (legal_by_position) break no placement rule under any reading.  [DF-11]"""
    board = data.draw(mixed_boards())
    assume(df.runs(board))
    filling = data.draw(fillings(board))
    event("reached")
    for kind in (df.BALLOON, df.IRON):
        for cell in df.legal_by_position(board, kind):
            placed = placed_at(filling, cell, kind)
            for reading in df.READINGS:
                broken = df.support_violations(board, placed, reading)
                assert not any(cell in v.cells for v in broken)


@pytest.mark.parametrize("board, count, predicted", [
    (ONE_CELL, 0, 1),          # a one-cell run cannot hold both pieces
    (NO_BOTTOM, 1, 0),         # a room without a run-bottom stacks its iron ball
    (STACKED, 6, 4),           # room 1 may hang its balloon under room 0's, and so on
])
def test_df12_as_stated_is_false(board, count, predicted):
    """DF-12 as stated ('every room holds a run-top ⇒ exactly ∏T_i·∏B_i answers') fails on
    these boards, none of which starves a room: the count is not the prediction (the
    counts and predictions of the table).  The 1x1 board is the smallest counterexample.
    [DF-12]"""
    assert not df.starved_rooms(board)
    counted, prediction = df.count_answers(board).count, df.predicted_count(board)
    assert counted != prediction
    assert (counted, prediction) == (count, predicted)


@settings(max_examples=80)
@given(mixed_boards())
@example(ONE_CELL)
@example(NO_BOTTOM)
@example(ONE_CELL_RUNS)
@example(STACKED)
def test_df12_corrected(board):
    """Corrected DF-12: the answers that stack nothing number exactly ∏(T_i·B_i − D_i) (D_i:
    one-cell runs in room i), which is the no-stacking count; the official count is at least
    that, and equal to it when no run's top two or bottom two cells lie in two rooms.
    [DF-12]"""
    u = df.unstacked_count(board)
    event("reached: u > 0" if u else "reached: u = 0")
    event("no straddle: equality asserted" if df.no_straddle(board) else "a straddle: bound only")
    assert df.count_answers(board, "no-stacking", cap=u + 1) == df.Count(u, False)
    official = df.count_answers(board, cap=u + 1)
    assert official.count >= u
    if df.no_straddle(board):
        assert official == df.Count(u, False)


@pytest.mark.parametrize("seed", range(20))
def test_df12_holds_on_generated_unstarved_boards(seed):
    """On the generator's unstarved (trivial) boards the write-up's formula is exact (= 1):
    the claim is right where the write-up measured it.  [DF-12]"""
    board = df.trivial_board(seed, 8, 8)
    assert df.count_answers(board, cap=3).count == df.predicted_count(board) == 1


def test_df13_as_stated_is_false():
    """DF-13 fails: NO_BOTTOM (3x2, the smallest) is unique with no starved room, yet its
    answer stacks an iron ball; ONE_CELL_RUNS is unique with 2 rooms but 3 runs.  [DF-13]"""
    for board in (NO_BOTTOM, ONE_CELL_RUNS):
        assert not df.starved_rooms(board)
        assert len(list(df.solve(board))) == 1
    assert next(df.solve(NO_BOTTOM)) != df.Answer(df.run_tops(NO_BOTTOM), df.run_bottoms(NO_BOTTOM))
    assert len(ONE_CELL_RUNS.rooms) != len(df.runs(ONE_CELL_RUNS))


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1),
                                        (2, 3), (3, 2), (1, 4), (4, 1), (2, 4), (4, 2), (3, 3)])
def test_df13_corrected(rows, cols):
    """Corrected DF-13, on every board of the size (every black cell set, every partition
    into connected rooms): a board with exactly one answer, an answer that stacks nothing,
    and no one-cell run has as many rooms as runs, and that answer is tops_and_bottoms.
    [DF-13]"""
    reached = 0
    for board in df_twin.all_boards(rows, cols):
        if any(run.length == 1 for run in df.runs(board)):
            continue
        answers = list(itertools.islice(df.solve(board), 2))
        if len(answers) != 1 or df.stacked_pieces(board, answers[0]):
            continue
        reached += 1
        assert len(board.rooms) == len(df.runs(board)), df.picture(board)
        assert answers[0] == df.tops_and_bottoms(board), df.picture(board)
    assert reached, "no board of this size meets the premise"


def test_starving_needs_stacking():
    """Every starved generated board has no answer under the no-stacking reading: a starved
    room must hang its balloon under another room's.  [DF-14]"""
    boards_ = [df.starved_board(seed, 8, 8, 1 + seed % 4) for seed in range(10)]
    assert [df.count_answers(b, "no-stacking") for b in boards_] == [df.Count(0, False)] * 10


def test_generator_reaches_eight_starved_rooms_on_12x12():
    """The bank needs unique 12x12 boards with up to 8 starved rooms: the generator gets
    there.  [DF-14, DF-15]"""
    board = df.unique_board(1, 12, 12, 8)
    assert len(df.starved_rooms(board)) == 8
    assert df.count_answers(board, cap=2) == df.Count(1, False)


# === The dial is the number of starved rooms (DF-15, DF-17) ===

@settings(max_examples=15)
@given(st.integers(0, 10 ** 6), st.integers(3, 9), st.integers(3, 9))
def test_trivial_board_is_unique_with_drawn_answer(seed, rows, cols):
    """Every trivial board (one room per run) has exactly its drawn answer, tops balloons
    and bottoms iron balls: the generator starts from a known unique board.  [DF-15]"""
    board = df.trivial_board(seed, rows, cols)
    assert not any(run.length == 1 for run in df.runs(board))
    assert list(df.solve(board)) == [board.answer]


def handed_top(before: df.Board, after: df.Board):
    """The run-top the starving step before → after handed on, read off the rooms alone: the
    one cell whose room in `after`, less that cell, is a room of `before`."""
    rooms_before = set(before.rooms)
    (top,) = [cell for room in after.rooms for cell in room if room - {cell} in rooms_before]
    return top


def fed_a_starved_room(before: df.Board, after: df.Board) -> bool:
    """Whether the step before → after handed its run-top to a room starved before it."""
    top = handed_top(before, after)
    (fed,) = [room for room in after.rooms if top in room]
    return (fed - {top}).isdisjoint(df.run_tops(before))


def steps(chains):
    """The steps of starving chains, as (before, after) pairs: a strategy."""
    return chains.map(lambda chain: list(zip(chain, chain[1:])))


@settings(max_examples=80)
@given(steps(starving_chains(min_steps=1)))
@example(list(zip(LOSES, LOSES[1:])))
def test_starving_keeps_the_drawn_answer_an_answer(pairs):
    """After every starving step the drawn answer is still an answer, by the rules checker,
    which the generator never calls.  [DF-15, DF-17]"""
    assume(pairs)
    event("reached")
    for _, after in pairs:
        assert df.is_answer(after, after.answer)


@settings(max_examples=80)
@given(steps(starving_chains(min_steps=1)))
@example(list(zip(LOSES, LOSES[1:])))
def test_starving_recuts_two_rooms_into_two_connected_rooms(pairs):
    """A starving step keeps the number of rooms and every room connected: it moves one
    cell from one room to the next.  [DF-15]"""
    assume(pairs)
    event("reached")
    for before, after in pairs:
        assert len(after.rooms) == len(before.rooms)
        assert all(len(common.components(set(room))) == 1 for room in after.rooms)


@settings(max_examples=80)
@given(steps(starving_chains(min_steps=1)))
@example(list(zip(LOSES, LOSES[1:])))
def test_starving_moves_no_iron_ball(pairs):
    """A starving step moves balloons only: every iron ball stays on its run-bottom.
    [DF-15, DF-17]"""
    assume(pairs)
    event("reached")
    for before, after in pairs:
        assert after.answer.irons == before.answer.irons


@settings(max_examples=80)
@given(st.one_of(steps(starving_chains(min_steps=1)), steps(feeding_chains())))
@example(list(zip(LOSES, LOSES[1:])))
def test_a_step_starves_one_room_more_unless_it_feeds_a_starved_one(pairs):
    """A starving step adds exactly one starved room, unless the room it hands the run-top
    to was starved, which the top feeds: then the count stays.  [DF-15]"""
    assume(pairs)
    fed = [fed_a_starved_room(before, after) for before, after in pairs]
    event("reached: a step fed a starved room" if any(fed) else "reached: none fed one")
    for (before, after), feeds in zip(pairs, fed):
        grown = len(df.starved_rooms(after)) - len(df.starved_rooms(before))
        if feeds:
            assert grown == 0
        else:
            assert grown == 1


def stays_legal(board: df.Board, starving: int, neighbour: int) -> bool:
    """Brute force: once room `starving` hands its one run-top to room `neighbour`, can the
    two rooms hold one balloon and one iron ball each, every other piece of the drawn
    answer left where it is, so that the rules checker accepts the filling?"""
    (top,) = board.rooms[starving] & df.run_tops(board)
    two = (board.rooms[starving] - {top}, board.rooms[neighbour] | {top})
    rest = [room for k, room in enumerate(board.rooms) if k not in (starving, neighbour)]
    after = df.make_board(board.rows, board.cols, board.black, rest + list(two))
    moving = board.rooms[starving] | board.rooms[neighbour]
    balloons, irons = board.answer.balloons - moving, board.answer.irons - moving
    return any(df.is_answer(after, df.Answer(balloons | {b1, b2}, irons | {i1, i2}))
               for b1, i1 in itertools.permutations(sorted(two[0]), 2)
               for b2, i2 in itertools.permutations(sorted(two[1]), 2))


def steps_by_brute_force(board: df.Board, handed: set) -> list[tuple[int, int]]:
    """The twin of starve_candidates: every room with one run-top and a room left or right
    of it, kept when stays_legal says the drawn answer survives and that run-top is not one
    handed to the room by an earlier step (`handed`, read off the chain): a room is
    starved once."""
    room, tops, pairs = df.room_of(board), df.run_tops(board), set()
    for i, cells in enumerate(board.rooms):
        if len(cells & tops) != 1:
            continue
        (top,) = cells & tops
        if top in handed:
            continue
        for side in ((top[0], top[1] - 1), (top[0], top[1] + 1)):
            j = room.get(side)
            if j is None or j == i:
                continue
            if stays_legal(board, i, j):
                pairs.add((i, j))
    return sorted(pairs)


def candidates_of(board: df.Board, handed: set) -> list[tuple[int, int]]:
    """starve_candidates, which reads the board alone: `handed` is the twin's."""
    return df.starve_candidates(board)


@settings(max_examples=80)
@given(st.one_of(starving_chains(max_side=4, min_steps=1), feeding_chains(max_side=5)))
@example(LOSES)
@example(FED)
def test_starve_candidates_are_the_steps_that_keep_the_drawn_answer(chain):
    """The candidates are exactly the steps of the write-up's rule (a room with one run-top
    hands it to a room left or right of it) after which the drawn answer can stay legal
    with only the two rooms' pieces moving, found by brute force, less a room handing on a
    run-top an earlier step handed it (a room is starved once), found from the chain.
    [DF-15]"""
    cases, handed = [], set()
    for k, board in enumerate(chain):
        if k:
            handed.add(handed_top(chain[k - 1], board))
        cases.append((board, frozenset(handed)))
    if any(df.starve_candidates(board) for board in chain):
        event("reached: some candidate")
    else:
        event("no candidate")
    if any(df.starve_candidates(board) != steps_by_brute_force(board, set())
           for board, _ in cases):
        event("reached: a fed run-top ruled out")
    same(candidates_of, steps_by_brute_force, cases)


@settings(max_examples=40)
@given(st.integers(3, 7), st.integers(2, 7), st.integers(0, 10 ** 6),
       st.sampled_from((0.0, 0.1, 0.15, 0.17, 0.2, 0.25, 0.3)))
def test_a_first_starving_step_never_loses_uniqueness(rows, cols, seed, density):
    """From a trivial board, at any density of black cells, every first step gives exactly
    one answer, the drawn one: the starved room's balloon can only hang under the handed
    cell, so the neighbour's balloon is pinned there.  So the write-up's 200 of 220 at one
    starved room cannot come from its procedure.  [DF-15]"""
    board = df.trivial_board(seed, rows, cols, density)
    assume(df.starve_candidates(board))
    event("reached")
    for pair in df.starve_candidates(board):
        after = df.starve_once(board, pair)
        assert list(df.solve(after)) == [after.answer]


@settings(max_examples=80)
@given(starving_chains(min_steps=1))
@example(LOSES)
def test_starving_loses_uniqueness_only_after_feeding_a_starved_room(chain):
    """A board of a starving chain has more than one answer only after some step handed a
    run-top to a room that was already starved.  [DF-15]"""
    unfed = list(itertools.takewhile(lambda pair: not fed_a_starved_room(*pair),
                                     zip(chain, chain[1:])))
    assume(unfed)
    event("reached")
    for _, after in unfed:
        assert df.count_answers(after, cap=2) == df.Count(1, False)


def test_starving_can_lose_uniqueness():
    """Starving is a chance to lose uniqueness: on LOSES (4x3, two steps) the second step
    feeds the starved room, which leaves one starved room and two answers, the drawn one
    and one with the first room's balloon back on its own run.  [DF-15]"""
    before, after = LOSES[-2], LOSES[-1]
    assert fed_a_starved_room(before, after)
    assert len(df.starved_rooms(after)) == 1
    answers = list(df.solve(after))
    assert len(answers) == 2 and after.answer in answers


@settings(max_examples=15)
@given(st.integers(0, 10 ** 6), st.integers(0, 4))
def test_starved_board_has_k_starved_rooms_and_its_answer(seed, k):
    """A k-starved 8x8 board has exactly k starved rooms, connected rooms, and its drawn
    answer among its answers.  [DF-15, DF-17]"""
    board = df.starved_board(seed, 8, 8, k)
    assert len(df.starved_rooms(board)) == k
    assert all(len(common.components(set(room))) == 1 for room in board.rooms)
    assert df.is_answer(board, board.answer)
    assert board.answer in set(itertools.islice(df.solve(board), 50))


def test_df17_literal_false_on_starved_boards():
    """DF-17 read literally ('only balloons on run-tops') is false once a room is starved:
    the starved room's balloon hangs under the handed run-top.  Smallest: 3x2.  [DF-17]"""
    trivial = df.trivial_board(0, 3, 2, 0.0)
    board = df.starve_once(trivial, (0, 1))
    assert df.stacked_pieces(board, board.answer) == {(1, 0)}
    assert not df.stacked_pieces(trivial, trivial.answer)


@settings(max_examples=40)
@given(starving_chains())
@example(LOSES)
def test_df17_corrected(chain):
    """Corrected DF-17: every run of a drawn answer is in a run state (legal by position,
    no checker needed), only the balloons of the starved rooms are off a run-top, and no
    iron ball is off a run-bottom.  [DF-17]"""
    board = chain[-1]
    event("reached: a starved room" if df.starved_rooms(board) else "reached: trivial board")
    answer = board.answer
    for run in df.runs(board):
        state = "".join("o" if c in answer.balloons else "*" if c in answer.irons else "."
                        for c in run.cells)
        assert state in df.run_states(run.length)
    assert len(answer.balloons - df.run_tops(board)) == len(df.starved_rooms(board))
    assert not answer.irons - df.run_bottoms(board)


# === Boards do not happen by accident (DF-16) ===

@settings(max_examples=20)
@given(st.integers(0, 10 ** 6), st.sampled_from([0.0, 0.12, 0.2]), st.sampled_from([2.0, 5.0]))
def test_random_board_rooms_cover_white_cells(seed, density, mean_size):
    """random_board cuts every white cell into exactly one connected room, so DF-16 measures
    real boards.  [DF-16]"""
    board = df.random_board(seed, 6, 6, density, mean_size)
    white = {(r, c) for r in range(6) for c in range(6)} - board.black
    assert sorted(itertools.chain(*board.rooms)) == sorted(white)
    assert all(len(common.components(set(room))) == 1 for room in board.rooms)


UNREACHABLE = board_from(["0 0", "1 1", "1 1"])   # room 0: no suffix reaches it


def small_boards_mostly_with_a_room_on_a_pair():
    """Two draws in three a board with a room on (or under) a pair, one in three any board
    up to 4x4."""
    return st.sampled_from(["on a pair", "on a pair", "any"]).flatmap(
        lambda kind: boards_with_a_room_on_a_pair() if kind == "on a pair" else boards(4))


@pytest.mark.parametrize("reading", ["official", "no-stacking"])
@settings(max_examples=80)
@given(board=small_boards_mostly_with_a_room_on_a_pair())
@example(board=UNREACHABLE)
def test_df16_a_room_no_run_state_reaches_has_no_answer(reading, board):
    """A room that no run state can give a balloon or an iron ball leaves the board with no
    answer, by the cell backtracker, which knows nothing of prefixes.  (Under the loose
    reading a piece can stand in any cell of a run, so every room is reached.)  [DF-16]"""
    unreachable = df.unreachable_rooms(board, reading)
    assume(unreachable)
    event("reached")
    assert df_twin.count_by_cells(board, reading, cap=1).count == 0


@pytest.mark.parametrize("reading", df.READINGS)
@settings(max_examples=80)
@given(board=small_boards_mostly_with_a_room_on_a_pair())
@example(board=UNREACHABLE)
def test_df16_the_unreachable_rooms_are_the_empty_columns_of_the_cover(reading, board):
    """The rooms unreachable_rooms finds are exactly the empty (kind, room) columns of
    engine 1's exact cover, so engine 1's first test is as strong as those columns and no
    stronger.  [DF-16, DF-20]"""
    unreachable = df.unreachable_rooms(board, reading)
    event("an unreachable room" if unreachable else "every room reached")
    X, _ = df.exact_cover(board, reading)
    assert set(unreachable) == {column[1] for column, rows in X.items()
                                if column[0] != "run" and not rows}


def test_df16_unreachable_named_board():
    """On UNREACHABLE room 0 has balloons on both run-tops, but an iron ball in it would
    need the two cells under it to hold iron balls, both in room 1.  [DF-16]"""
    assert df.unreachable_rooms(UNREACHABLE) == (0,)
    assert df.unreachable_rooms(UNREACHABLE, "loose") == ()
    assert df.count_answers(UNREACHABLE).count == 0


# === Two engines (DF-20, DF-21) ===

@pytest.mark.parametrize("reading", df.READINGS)
@settings(max_examples=80)
@given(data=st.data())
def test_engines_agree_on_answer_sets(reading, data):
    """The run engine and the cell backtracker return the same answer set, not just the
    same count, and every answer passes the rules checker: the run reduction is checked by
    an engine that does not know about runs.  Under the no-stacking reading a starved room
    has no answer (DF-14), so there the generated boards are trivial ones.  [DF-20]"""
    generated = (starving_chains().map(lambda chain: chain[0]) if reading == "no-stacking"
                 else drawn_boards())
    board = data.draw(st.sampled_from([generated, generated, boards()]).flatmap(lambda s: s))
    fast = set(df.solve(board, reading))
    event("reached: answers to compare" if fast else "both empty")
    assert fast == set(df_twin.solve_by_cells(board, reading))
    assert all(df.is_answer(board, answer, reading) for answer in fast)


def one_per_room_by_filtering(rooms_here: list[int], reading: str) -> list[str]:
    """The twin of engine 1's rows for one run: every legal filling of a column of its
    length (all 3^L, through the rules checker), kept when no room gets two pieces of a
    kind."""
    kept = []
    for filling in df_twin.enumerate_column_fillings(len(rooms_here), reading):
        pieces = [(kind, room) for kind, room in zip(filling, rooms_here) if kind != df.EMPTY]
        if len(set(pieces)) == len(pieces):
            kept.append(filling)
    return sorted(kept)


@pytest.mark.parametrize("reading", df.READINGS)
@settings(max_examples=60)
@given(rooms_here=st.lists(st.integers(0, 3), min_size=1, max_size=9))
def test_a_state_with_two_of_a_kind_in_a_room_is_crossed_off(reading, rooms_here):
    """Engine 1 writes for a run exactly the run states that put no two pieces of a kind in
    one room, each once, without listing the others: no answer is left out.  [DF-20]"""
    written = list(df.states_in_rooms(rooms_here, reading))
    assert len(set(written)) == len(written)
    same(lambda *case: sorted(df.states_in_rooms(*case)), one_per_room_by_filtering,
         [(rooms_here, reading)])


@pytest.mark.parametrize("reading", df.READINGS)
def test_column_enumeration_matches_tables(reading):
    """For every L up to 10 the 3^L column enumeration, the count formula and the literal
    table agree, and the enumerated fillings are exactly run_states, under every reading.
    [DF-21; DF-03, DF-06, DF-07]"""
    for L in range(1, 11):
        enumerated = df_twin.enumerate_column_fillings(L, reading)
        assert len(enumerated) == df.count_run_states(L, reading)
        assert len(enumerated) == df.LITERAL_COUNTS[reading][L - 1]
        assert sorted(enumerated) == sorted(df.run_states(L, reading))


@pytest.mark.parametrize("reading", df.READINGS)
def test_column_enumeration_asks_the_board_checker(reading):
    """The column enumeration (forbidden vertical pairs, asked of is_held) accepts exactly
    what the board rules checker accepts on a one-column board, for every filling up to
    L = 6: the 3^L tables really come from the rules.  [DF-21]"""
    def by_checker(L):
        return sorted("".join(f) for f in itertools.product("o*.", repeat=L)
                      if df_twin.column_filling_is_legal("".join(f), reading))
    same(lambda L: sorted(df_twin.enumerate_column_fillings(L, reading)), by_checker, range(1, 7))
