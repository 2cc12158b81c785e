"""Nondango, taught as properties, in the order of the write-up (ND-01 … ND-18, then
X-01).  Each test states one property and the claim it checks.

Boards come two ways, both by construction.  `bank_boards` and `dial_boards` are the
write-up's own generators: regions, then the answer, then certified white circles, so
every bank board is unique and every dial board keeps its drawn answer.  `boards` draws
any connected region partition, any circles and any pre-coloured circles up to 5×5, far
beyond what the generator draws, for the general theorems.  Each test labels with
`event` what its example reached; `pytest --hypothesis-show-statistics` shows the shares.
Machinery and plumbing (files, links, the command line, limits) are tested in
tests/test_nondango_plumbing.py.
"""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest
from hypothesis import assume, event, example, given, settings, strategies as st

import common
import drawn
import nondango as nd
from twins import nondango as nd_twin, same

BLACK_READINGS = ("write-up", "no-diagonals", "anywhere")
SAMPLE = Path(__file__).resolve().parent.parent / "boards" / "samples" / "nd-pzprjs-6x6.txt"


# === Boards by construction ===

def boards(max_side: int = 5, givens: bool = True, max_cells: int = 25, min_side: int = 1,
           join: st.SearchStrategy = drawn.EVEN):
    """Any board up to max_side × max_side (drawn.nd_boards): any connected regions (two
    neighbours joined as `join` draws), any circles, optionally any pre-coloured circles."""
    return drawn.nd_boards(max_side, givens, max_cells, min_side, join)


def bank_boards(max_side: int = 7, least_side: int = 3):
    """Unique boards from the write-up's generator (regions, answer, certified circles)."""
    return st.builds(nd.bank_board, st.integers(least_side, max_side),
                     st.integers(least_side, max_side), st.integers(0, 10**6))


def dial_boards(max_side: int = 6):
    """Dial boards: regions, the drawn answer, then k certified circles, no uniqueness check."""
    return st.builds(lambda rows, cols, k, seed: nd.dial_board(rows, cols, k, seed),
                     st.integers(3, max_side), st.integers(3, max_side), st.integers(0, 12),
                     st.integers(0, 10**6))


def small_or_bank(max_side: int = 5):
    """Random small boards beyond the generator, or unique ones from it."""
    return st.one_of(boards(max_side=max_side), bank_boards(5))


@st.composite
def pinned_boards(draw) -> nd.Board:
    """Any board with an answer drawn on its regions, any other circles white (legal under
    the write-up's reading), made unique without the generator's certificates: while a
    second answer exists, a circle it paints black and the first paints white is given
    white."""
    shape = draw(boards(givens=False, min_side=2))
    answer = nd.draw_answer(random.Random(draw(st.integers(0, 10**6))), shape.regions)
    assume(answer is not None)
    board = shape.replace(circles=shape.circles | answer)
    while True:
        others = [a for a in itertools.islice(nd.solve(board), 2) if a != answer]
        if not others:
            return board.replace(answer=answer)
        choices = sorted(others[0] - answer)
        cell = choices[draw(st.integers(0, len(choices) - 1))]
        board = board.replace(given_white=board.given_white | {cell})


@st.composite
def bank_boards_with_givens(draw) -> nd.Board:
    """A bank board with some circles given the colour its answer paints them."""
    board = draw(bank_boards(least_side=4))
    given = [c for c in sorted(board.circles) if draw(st.integers(0, 9)) == 0]
    return board.replace(given_black=frozenset(c for c in given if c in board.answer),
                         given_white=frozenset(c for c in given if c not in board.answer))


def unique_any() -> st.SearchStrategy:
    """Unique boards: the bank's with givens, or any board pinned to one answer."""
    return st.one_of(bank_boards_with_givens(), pinned_boards())


@st.composite
def circled_boards(draw, max_side: int = 4, givens: bool = False,
                   join: st.SearchStrategy = drawn.EVEN) -> nd.Board:
    """Any board, then one more circle in every region that has none."""
    board = draw(boards(max_side=max_side, max_cells=max_side * max_side, givens=givens,
                        join=join))
    return board.replace(circles=board.circles | {min(r) for r in board.regions
                                                  if not r & board.circles})


def board_from(text_rows: str, circles: str, given_black=(), given_white=()) -> nd.Board:
    """A board from a compact picture: region labels and circle symbols, rows split by '/'."""
    text = "nondango\nregions:\n" + "\n".join(text_rows.split("/")) + "\ncircles:\n" + \
        "\n".join(circles.split("/")) + "\n"
    return nd.parse(text).replace(given_black=frozenset(given_black),
                                  given_white=frozenset(given_white))


def ways_to_paint(board: nd.Board) -> int:
    """How many black sets of one circle per region the board has (ND-14's ways to paint)."""
    return math.prod(len(r & board.circles) for r in board.regions)


def unique_answer(board: nd.Board) -> frozenset | None:
    answers = list(itertools.islice(nd.solve(board), 2))
    return answers[0] if len(answers) == 1 else None


# The smallest counterexamples found by exhaustive search (verify.py, ND-05, ND-06, X-01).
GIVEN_WHITE_1x2 = board_from("0 0", "o o", given_white=[(0, 1)])
LITERAL_1x4 = board_from("0 0 1 2", "o o o o")           # unique answer {(0,0), (0,2), (0,3)}
SCREEN_1x4 = board_from("0 0 0 0", "o o o o")            # screen changes published set


# === The rules (ND-01) ===

def test_checker_names_three_blacks_in_a_row():
    """Three black circles in consecutive cells of a row break the rule, and the checker
    names that rule alone.  [ND-01]"""
    row = board_from("0 1 2", "o o o")
    assert [v.rule for v in nd.violations(row, frozenset({(0, 0), (0, 1), (0, 2)}))] == \
        ["three black circles in consecutive cells"]


def test_a_diagonal_counts_unless_the_reading_drops_it():
    """Three black circles down a diagonal break the write-up's rule, and not the
    no-diagonals reading's.  [ND-01; ND-10]"""
    diagonal = board_from("0 0 0/1 1 1/2 2 2", "o . ./. o ./. . o")
    black = frozenset({(0, 0), (1, 1), (2, 2)})
    assert not nd.is_answer(diagonal, black, "write-up")
    assert nd.is_answer(diagonal, black, "no-diagonals")


def test_a_cell_without_a_circle_breaks_the_three_only_when_consecutive():
    """Three black circles with a cell without a circle among them are not consecutive (the
    write-up's rule holds) but lie in one line (the anywhere reading's breaks).  [ND-01;
    ND-11]"""
    gap = board_from("0 1 1 2", "o o . o")
    black = frozenset({(0, 0), (0, 1), (0, 3)})
    assert nd.is_answer(gap, black, "write-up")
    assert not nd.is_answer(gap, black, "anywhere")


def test_three_whites_break_only_the_published_rule():
    """Three white circles in consecutive cells break the published rule, named as such,
    and not the write-up's.  [ND-01; X-01]"""
    whites = board_from("0 0 0 0", "o o o o")
    assert nd.is_answer(whites, frozenset({(0, 3)}), "write-up")
    assert [v.rule for v in nd.violations(whites, frozenset({(0, 3)}), "published")] == \
        ["three white circles in consecutive cells"]


def test_checker_names_two_blacks_in_a_region():
    """Two black circles in one region break the one-black-per-region rule, and the checker
    says how many the region holds.  [ND-01]"""
    two = board_from("0 0", "o o")
    assert [v.rule for v in nd.violations(two, frozenset({(0, 0), (0, 1)}))] == \
        ["a region has 2 black circles, not one"]


@settings(max_examples=60)
@given(circled_boards(max_side=6), st.data())
def test_three_in_a_row_is_a_triple_all_black(board, data):
    """The rule as the write-up states it, three black circles in consecutive cells of a
    row, column or diagonal (`three_in_a_row`, what the checker reports), is broken exactly
    on the triples of the write-up's reading whose circles are all black.  [ND-01; ND-02]"""
    black = frozenset(c for c in sorted(board.circles) if data.draw(st.booleans()))
    broken = nd.three_in_a_row(board, black)
    event("a three of black circles" if broken else "none")
    assert sorted(broken) == [t for t in nd.triples(board) if all(c in black for c in t)]


def test_checker_respects_givens():
    """A circle given black must be black and one given white must stay white.  [ND-01]"""
    board = board_from("0 0", "o o", given_black=[(0, 0)])
    assert nd.violations(board, frozenset({(0, 1)}))[0].rule == "a circle given black is not black"
    assert nd.violations(board, frozenset({(0, 0)})) == []


@settings(max_examples=80)
@given(circled_boards(max_side=6, givens=True), st.sampled_from(nd.READINGS), st.data())
def test_checker_is_one_black_per_region_and_no_triple_fired(board, reading, data):
    """For any black set of one circle per region, the cell-level checker passes it
    exactly when no triple of the reading stands in a forbidden colour: the rules text
    and the triples say the same thing.  [ND-01; X-01]"""
    black = frozenset(data.draw(st.sampled_from(sorted(r & board.circles))) for r in board.regions)
    black |= board.given_black
    forbidden = nd.FORBIDDEN_COLOURS[reading]
    fired = any(("black" in forbidden and all(c in black for c in t)) or
                ("white" in forbidden and not any(c in black for c in t))
                for t in nd.triples(board, reading))
    givens_ok = not (board.given_white & black) and \
        all(len(r & black) == 1 for r in board.regions)
    event("legal black set" if givens_ok and not fired else "illegal black set")
    assert nd.is_answer(board, black, reading) == (givens_ok and not fired)


# === Two of the three circles can live in the same region (ND-02, ND-03, ND-04) ===

@settings(max_examples=60)
@given(boards(max_side=4))
def test_dead_triples_never_all_black(board):
    """A triple with two circles in one region is never all black in any black set of one
    circle per region, so the write-up may drop it.  [ND-02]"""
    dead = [t for t in nd.triples(board) if nd.shares_a_region(board, t)]
    event("has dead triples" if dead else "no dead triple")
    assert set(dead) == set(nd.dead_triples(board, "write-up"))
    for black_set in itertools.product(*(sorted(r & board.circles) for r in board.regions)):
        assert not any(all(c in black_set for c in t) for t in dead)


def fires(triple, black_set, forbidden) -> bool:
    """Whether `black_set` paints the triple in a forbidden colour."""
    blacks = sum(cell in black_set for cell in triple)
    if "black" in forbidden and blacks == 3:
        return True
    return "white" in forbidden and blacks == 0


@settings(max_examples=60)
@given(st.one_of(circled_boards(max_side=5), circled_boards(max_side=5, join=drawn.MOSTLY)),
       st.sampled_from(nd.READINGS))
def test_a_live_triple_is_one_some_black_set_can_fire(board, reading):
    """A triple is live exactly when some black set of one circle per region paints it in a
    forbidden colour (all black; under the published reading also all white), enumerated:
    the screen drops only triples that can never fire.  [ND-03; ND-02; X-01]"""
    forbidden = nd.FORBIDDEN_COLOURS[reading]
    can_fire = set()
    for black_set in itertools.product(*(sorted(r & board.circles) for r in board.regions)):
        can_fire |= {t for t in nd.triples(board, reading) if fires(t, black_set, forbidden)}
    live = set(nd.live_triples(board, reading))
    dead = set(nd.triples(board, reading)) - live
    event(f"live triples: {bool(live)}, dead triples: {bool(dead)}")
    assert live == can_fire


@settings(max_examples=40)
@given(st.integers(1, 12), st.integers(1, 12), st.floats(1.0, 6.0), st.integers(0, 10**6))
def test_random_regions_are_as_many_as_the_mean_size_asks(rows, cols, mean_size, seed):
    """random_regions cuts the grid into round(cells / mean_size) regions (at least one):
    the mean size the bank is drawn at, MEAN_REGION_SIZE (the region fit's estimate over
    the write-up's figures that move with it), fixes its region count.  [ND-03]"""
    regions = nd.random_regions(random.Random(seed), rows, cols, mean_size)
    assert len(regions) == max(1, round(rows * cols / mean_size))


@settings(max_examples=60)
@given(small_or_bank(), st.sampled_from(nd.READINGS))
def test_screen_is_exact(board, reading):
    """Solving with every triple and with the live ones only gives the same answer set,
    under every reading (liveness is reading-aware).  [ND-04; X-01]"""
    full = set(nd.solve_with_triples(board, nd.triples(board, reading), reading))
    event("has answers" if full else "no answer")
    assert set(nd.solve_with_triples(board, nd.live_triples(board, reading), reading)) == full


# === One swap is all it takes (ND-05, ND-06) ===

@settings(max_examples=80)
@given(st.one_of(boards(givens=False), dial_boards()))
def test_move_illegal_iff_certificate(board):
    """On every legal answer (unique or not), moving a region's black onto white w is
    illegal exactly when w has a certificate: a live triple through w whose other two
    circles are black.  This is the definition that makes ND-05 meaningful.  [ND-05]"""
    answer = next(nd.solve(board), None)
    assume(answer is not None)
    moves = list(nd.single_moves(board, answer))
    event("has moves" if moves else "no move")
    for cell, moved in moves:
        assert nd.is_answer(board, moved) == (not nd.certificates(board, answer, cell))


def test_literal_certificate_need_not_explain_a_move():
    """A literal certificate can be dead: in this 1×3 answer the move onto (0,1) is legal,
    yet the line (0,0),(0,1),(0,2) has its other two circles black.  [ND-05]"""
    board = board_from("0 0 1", "o o o")
    answer = frozenset({(0, 0), (0, 2)})
    assert nd.literal_certificates(board, answer, (0, 1))
    assert not nd.certificates(board, answer, (0, 1))
    assert nd.is_answer(board, frozenset({(0, 1), (0, 2)}))


@settings(max_examples=60)
@given(bank_boards())
def test_bank_answer_certifies_every_white_circle(board):
    """ND-05 as written, on the write-up's own boards: in the unique answer every white
    circle has a certificate and every single move is illegal.  [ND-05]"""
    whites = board.circles - board.answer
    event("has white circles" if whites else "no white circle")
    assert all(not nd.is_answer(board, moved) for _, moved in nd.single_moves(board, board.answer))
    assert all(nd.certificates(board, board.answer, cell) for cell in whites)


@example(GIVEN_WHITE_1x2)
@settings(max_examples=80)
@given(unique_any())
def test_unique_answer_certifies_free_white_circles(board):
    """Corrected ND-05, on any board: in a unique answer every free white circle (not
    given white, in a region whose black is not given) has a certificate and every move
    is illegal.  [ND-05]"""
    answer = unique_answer(board)
    assume(answer is not None)
    free = nd.free_white_circles(board, answer)
    event("free white circles checked" if free else "no free white circle")
    assert all(not nd.is_answer(board, moved) for _, moved in nd.single_moves(board, answer))
    assert all(nd.certificates(board, answer, cell) for cell in free)


def test_a_given_white_circle_needs_no_certificate():
    """The write-up's 'every white circle has a certificate' fails with pre-coloured
    circles: the 1×2 board whose second circle is given white is unique, and that white
    circle has no certificate.  [ND-05]"""
    answer = unique_answer(GIVEN_WHITE_1x2)
    assert answer == frozenset({(0, 0)})
    assert not nd.certificates(GIVEN_WHITE_1x2, answer, (0, 1))


@example(LITERAL_1x4)
@example(GIVEN_WHITE_1x2)
@settings(max_examples=80)
@given(unique_any())
def test_certificate_inequality_corrected(board):
    """Corrected ND-06: free white circles ≤ certifying lines ≤ live triples on a unique
    board, the certifying lines counted as the write-up means them (live, two blacks, one
    white).  [ND-06]"""
    answer = unique_answer(board)
    assume(answer is not None)
    certifying = nd.certifying_lines(board, answer)
    event("some certifying line" if certifying else "no certifying line")
    assert len(nd.free_white_circles(board, answer)) <= len(certifying)
    assert len(certifying) <= len(nd.live_triples(board))


def test_certifying_lines_read_literally_pass_the_live_triples():
    """Counted literally (every triple of two blacks and a white, live or not), the
    certifying lines break ND-06's upper bound: the unique 1×4 board 0 0 1 2 has 2 of them
    and 1 live triple.  [ND-06]"""
    answer = unique_answer(LITERAL_1x4)
    assert len(nd.literal_certifying_lines(LITERAL_1x4, answer)) == 2
    assert len(nd.live_triples(LITERAL_1x4)) == 1


def test_a_given_white_circle_breaks_the_lower_bound():
    """With a circle given white the write-up's lower bound, circles − regions, fails: the
    1×2 board has 2 circles in 1 region and no certifying line.  [ND-06]"""
    answer = unique_answer(GIVEN_WHITE_1x2)
    assert len(GIVEN_WHITE_1x2.circles) - len(GIVEN_WHITE_1x2.regions) == 1
    assert nd.certifying_lines(GIVEN_WHITE_1x2, answer) == ()


# === No live triple, no puzzle at all (ND-07, ND-08, ND-09) ===

@settings(max_examples=60)
@given(small_or_bank(), st.sampled_from(nd.READINGS))
def test_count_is_product_over_groups(board, reading):
    """The answer count is the product of the groups' counts, each counted by hand over
    its own regions: the rule never crosses a group.  [ND-07; ND-18]"""
    by_hand = nd_twin.group_counts_by_hand(board, nd.groups(board, reading), reading)
    event("several groups" if len(by_hand) > 1 else "one group")
    assert nd.count_answers(board, reading) == nd.Count(math.prod(by_hand), False)


@example(GIVEN_WHITE_1x2)
@settings(max_examples=60)
@given(boards())
def test_lonely_region_contributes_its_domain(board):
    """A region in no live triple is a group of one contributing its number of circles
    (write-up), or with pre-coloured circles the number it may still paint black (the
    1×2 pinned example: 2 circles, 1 candidate).  [ND-07]"""
    touched = {i for t in nd.live_triples(board) for i in {nd.region_of(board)[c] for c in t}}
    lonely = [i for i in range(len(board.regions)) if i not in touched]
    assume(lonely)
    event("givens" if board.given_black | board.given_white else "no givens")
    counts = dict(zip(nd.groups(board), nd_twin.group_counts_by_hand(board, nd.groups(board))))
    for i in lonely:
        assert counts[(i,)] == len(nd.region_domains(board)[i])
        if not board.given_black | board.given_white:
            assert counts[(i,)] == len(board.regions[i] & board.circles)


@st.composite
def boards_without_live_triples(draw) -> nd.Board:
    """Any board, then a circle of the first live triple removed until none is left."""
    board = draw(boards(givens=False))
    while nd.live_triples(board):
        first = nd.live_triples(board)[0]
        board = board.replace(circles=board.circles - {first[draw(st.integers(0, 2))]})
    return board


@settings(max_examples=60)
@given(boards_without_live_triples())
def test_no_live_triple_means_product_of_region_sizes(board):
    """With no live triple at all, the count is the product of the regions' circle
    counts.  [ND-08]"""
    event("has an answer" if ways_to_paint(board) else "a region without a circle")
    assert nd.count_answers(board).count == min(ways_to_paint(board), nd.COUNT_CAP)


# === Both ways of misquoting "three in a row" (ND-10, ND-11, ND-12) ===

@settings(max_examples=40)
@given(bank_boards(6))
def test_no_diagonals_keeps_every_answer(board):
    """Dropping the diagonals only drops triples, so the bank answer stays an answer and
    the count can only grow (on the bank it grows past uniqueness).  [ND-10]"""
    count = nd.count_answers(board, "no-diagonals")
    event("no longer unique" if count.count > 1 else "still unique")
    assert nd.is_answer(board, board.answer, "no-diagonals") and count.count >= 1


@settings(max_examples=60)
@given(boards())
def test_anywhere_answers_are_write_up_answers(board):
    """'Anywhere in the line' forbids every set the consecutive reading forbids and more,
    so its answers are some of the write-up's.  [ND-11]"""
    anywhere = set(nd.solve(board, "anywhere"))
    event("anywhere has answers" if anywhere else "anywhere has none")
    assert anywhere <= set(nd.solve(board, "write-up"))


@settings(max_examples=60)
@given(boards(min_side=3, givens=False))
def test_live_lines_hold_exactly_the_live_triples_of_the_anywhere_reading(board):
    """Every three circles of a live line in three regions is a live triple of the anywhere
    reading, and every live triple lies in one live line, so the solver may read each line
    whole.  [ND-11; ND-02]"""
    index = nd.region_of(board)
    from_lines = {three for line in nd.live_lines(board)
                  for three in itertools.combinations(line, 3)
                  if len({index[c] for c in three}) == 3}
    live = nd.live_triples(board, "anywhere")
    event("live triples" if live else "no live triple")
    assert from_lines == set(live)


@pytest.mark.parametrize("reading", nd.READINGS)
def test_line_counts_recurrence_equals_enumeration(reading):
    """The recurrence for one line of L circles agrees with all 2^L colourings.  [ND-11]"""
    same(lambda L: nd.count_line_fillings(L, reading),
         lambda L: nd_twin.enumerate_line_fillings(L, reading), range(12))


def test_line_counts_are_tribonacci_and_lazy_caterer():
    """No three consecutive blacks gives tribonacci (A000073, shifted by 3); at most two
    blacks anywhere gives the lazy caterer's numbers (A000124).  [ND-11; OEIS A000073, A000124]"""
    assert [nd.count_line_fillings(L, "write-up") for L in range(18)] == list(nd.A000073[3:21])
    assert [nd.count_line_fillings(L, "anywhere") for L in range(16)] == list(nd.A000124)


def test_published_line_counts_are_twice_fibonacci():
    """No three of one colour in a line: 2·F(L+1) colourings.  [X-01; OEIS A000045]"""
    fib = [0, 1]
    while len(fib) < 20:
        fib.append(fib[-1] + fib[-2])
    assert [nd.count_line_fillings(L, "published") for L in range(1, 15)] == \
        [2 * fib[L + 1] for L in range(1, 15)]


def test_a181218_transfer_matrix_terms_1_to_8():
    """The transfer matrix gives the literal A181218 terms 1..8.  [ND-12; OEIS A181218]"""
    assert tuple(nd.count_full_grids(n) for n in range(1, 9)) == nd.A181218


def test_a181218_brute_force_agrees_while_it_keeps_up():
    """Every 2^(n·n) grid walked against the triples agrees for n ≤ 4.  [ND-12]"""
    same(nd.count_full_grids, nd_twin.count_full_grids_by_brute_force, range(1, 5))


def test_a181218_ninth_term_passes_two_to_the_53():
    """The 8×8 term fits a double exactly, the 9×9 term does not: why an exact-integer
    transfer matrix matters ('253' in the write-up is 2^53).  [ND-12]"""
    eighth, ninth = nd.A181218[7], nd.count_full_grids(9)
    assert eighth < 2 ** 53
    assert int(float(eighth)) == eighth
    assert ninth > 2 ** 53 and int(float(ninth)) != ninth


# === The dial is how many white circles you dare add (ND-13, ND-14) ===

@settings(max_examples=60)
@given(st.one_of(boards(givens=False), dial_boards()), st.data())
def test_adding_a_white_circle_keeps_the_answer(board, data):
    """Under the black readings an added circle is white and joins only triples that hold
    a white circle, so the answer survives.  [ND-13]"""
    answer = next(nd.solve(board), None)
    empty = sorted({(r, c) for r in range(board.rows) for c in range(board.cols)} - board.circles)
    assume(answer is not None and empty)
    grown = nd.add_circle(board, data.draw(st.sampled_from(empty)))
    legal = [reading for reading in BLACK_READINGS if nd.is_answer(board, answer, reading)]
    event(f"legal under {len(legal)} black readings")
    assert all(nd.is_answer(grown, answer, reading) for reading in legal)


@settings(max_examples=60)
@given(dial_boards(8))
def test_dial_never_removes_the_drawn_answer(board):
    """Every dial board keeps its drawn answer (certified circles are white), so its count
    is at least 1; with no circle added every region has one circle and it is unique.  [ND-13]"""
    count = nd.count_answers(board, cap=2)
    event("unique" if count.count == 1 else "more than one answer")
    assert nd.is_answer(board, board.answer) and count.count >= 1
    if board.circles == board.answer:
        assert count.count == 1


@st.composite
def drawn_answers(draw) -> tuple:
    """(regions, answer, rows, cols): the generator's regions and an answer it draws."""
    rows, cols = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    rng = random.Random(draw(st.integers(0, 10**6)))
    regions = nd.random_regions(rng, rows, cols, nd.MEAN_REGION_SIZE)
    answer = nd.draw_answer(rng, regions)
    assume(answer is not None)
    return regions, answer, rows, cols


@settings(max_examples=60)
@given(drawn_answers())
def test_certified_cells_are_the_cells_with_a_certificate(case):
    """A cell is certified when some three consecutive cells through it have the other two
    black and lie in three regions, read here cell by cell from the words.  That the two
    black ones lie in different regions need not be asked: one answer paints one circle
    per region.  [ND-13; ND-05]"""
    regions, answer, rows, cols = case
    index = {cell: i for i, region in enumerate(regions) for cell in region}
    assert len({index[x] for x in answer}) == len(answer)      # one black per region
    steps = ((0, 1), (1, 0), (1, 1), (1, -1))
    expected = []
    for r in range(rows):
        for c in range(cols):
            threes = [[(r + k * dr, c + k * dc) for k in range(start, start + 3)]
                      for dr, dc in steps for start in (-2, -1, 0)]
            if (r, c) not in answer and any(
                    all(x in answer for x in three if x != (r, c)) and
                    len({index.get(x) for x in three}) == 3 for three in threes):
                expected.append((r, c))
    event("some cell certified" if expected else "no cell certified")
    assert nd.certified_cells(regions, answer, rows, cols) == expected


def test_bank_board_tries_the_certified_cells_in_order_once():
    """The generator's twin, written from the procedure's words: draw regions, then an answer,
    then for each certified cell in a random order keep it as a white circle when the
    board stays unique (asked of engine 2).  [ND-13; ND-14]"""
    for seed in range(6):
        rng = random.Random(seed)
        while True:
            regions = nd.random_regions(rng, 6, 6, nd.MEAN_REGION_SIZE)
            answer = nd.draw_answer(rng, regions)
            if answer is not None:
                break
        circles = set(answer)
        for cell in common.shuffled(rng, nd.certified_cells(regions, answer, 6, 6)):
            trial = nd.Board(6, 6, regions, frozenset(circles | {cell}))
            if len(list(itertools.islice(nd_twin.solve_by_exhaustion(trial), 2))) == 1:
                circles.add(cell)
        assert nd.bank_board(6, 6, seed).circles == circles


@settings(max_examples=30)
@given(st.integers(3, 7), st.integers(3, 7), st.integers(0, 10**6))
def test_bank_board_under_the_published_rule(rows, cols, seed):
    """The same procedure read under the published rule keeps a circle only when the drawn
    answer stays valid and alone under it: the board plays on puzz.link.  [ND-14; X-02]"""
    board = nd.bank_board(rows, cols, seed, reading="published")
    event("white circles kept" if board.circles - board.answer else "no white circle")
    assert list(nd.solve(board, "published")) == [board.answer]
    assert all(nd.certificates(board, board.answer, w) for w in board.circles - board.answer)


# === Boards do not happen by accident (ND-15) ===

@st.composite
def one_circle_per_region(draw) -> nd.Board:
    """Random regions of the generator, then one random circle in each region."""
    rows, cols = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    regions = nd.random_regions(random.Random(draw(st.integers(0, 10**6))), rows, cols,
                                nd.MEAN_REGION_SIZE)
    circles = frozenset(draw(st.sampled_from(sorted(r))) for r in regions)
    return nd.Board(rows, cols, regions, circles)


@settings(max_examples=60)
@given(one_circle_per_region())
def test_single_circle_regions_leave_nothing_to_solve(board):
    """When every region holds one circle the only black set of one circle per region is
    every circle: the board has one answer or none, as the checker says of it.  [ND-15]"""
    legal = nd.is_answer(board, board.circles)
    event("one answer" if legal else "no answer")
    assert nd.count_answers(board) == nd.Count(int(legal), False)


# === What I expected and did not find (ND-17) ===

def test_clustering_on_a_board_counted_by_eye():
    """The clustering figures, counted and expected, on a board small enough to check by
    eye.  [ND-17]"""
    answered = board_from("0 0 1 2", "o o o o").replace(answer=frozenset({(0, 0), (0, 2), (0, 3)}))
    share = nd.clustering([answered])
    assert (share.black, share.with_neighbour) == (3, 2)
    # regions {(0,0),(0,1)}, {(0,2)}, {(0,3)}: a random black set holds (0,2), (0,3) and one of
    # (0,0) (two of three black circles with a black neighbour) or (0,1) (all three)
    assert share.baseline == pytest.approx((0.5 * 2 + 0.5 * 3) / 3)


@settings(max_examples=60)
@given(circled_boards())
def test_random_pick_share_is_the_enumerated_one(board):
    """The random-pick share of ND-17 is exact: it equals the share over every black set of
    one circle per region.  [ND-17]"""
    answered = board.replace(answer=frozenset(min(r & board.circles) for r in board.regions))
    event("several circles in some region" if ways_to_paint(board) > 1 else "one way to paint")
    assert nd.clustering([answered]).baseline == pytest.approx(
        nd_twin.clustering_by_enumeration(board), abs=1e-12)


# === Two engines (ND-18) ===

@settings(max_examples=60)
@given(small_or_bank(), st.sampled_from(nd.READINGS))
def test_both_engines_same_answer_set(board, reading):
    """Engine 1 (screen, groups, propagation) and engine 2 (exhaustion + rules checker)
    return the same answer set, and every answer passes the checker.  [ND-18]"""
    fast = list(nd.solve(board, reading))
    event("has answers" if fast else "no answer")
    assert len(fast) == len(set(fast))
    assert set(fast) == set(nd_twin.solve_by_exhaustion(board, reading))
    assert all(nd.is_answer(board, a, reading) for a in fast)
    assert nd.count_answers(board, reading).count == len(fast)


def block_board(rows: int, cols: int, circles: frozenset | None = None,
                given_black=frozenset(), given_white=frozenset()) -> nd.Board:
    """Regions of 2×2 cells cut at the right and bottom edges; a circle in every cell
    unless `circles` says otherwise."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocks: dict = {}
    for r, c in cells:
        blocks.setdefault((r // 2, c // 2), set()).add((r, c))
    regions = tuple(sorted((frozenset(b) for b in blocks.values()), key=min))
    return nd.Board(rows, cols, regions, frozenset(cells) if circles is None else circles,
                    frozenset(given_black), frozenset(given_white))


@st.composite
def block_boards(draw) -> nd.Board:
    """Bands of 2×2 regions with most cells a circle and a few givens: three whole regions
    side by side leave no answer under the published reading, so many have none."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(5, 8))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    circles = frozenset(c for c in cells if draw(st.integers(0, 9)) > 0)
    paint = {c: draw(st.sampled_from("------------BW")) for c in sorted(circles)}
    return block_board(rows, cols, circles, {c for c, p in paint.items() if p == "B"},
                       {c for c, p in paint.items() if p == "W"})


@example(block_board(3, 7), "published")
@example(block_board(2, 6), "published")
@settings(max_examples=80)
@given(st.one_of(boards(), block_boards()), st.sampled_from(nd.READINGS))
def test_probing_removes_only_circles_no_answer_paints(board, reading):
    """Engine 1's domains after probing keep every circle some answer of the twin paints
    black, and leave a region empty only on a board without answers: the probe is sound,
    on boards with and without answers.  [ND-18]"""
    domains = nd.root_domains(board, reading)
    answers = list(nd_twin.solve_by_exhaustion(board, reading))
    index = nd.region_of(board)
    event("has answers" if answers else "no answer")
    for answer in answers:
        assert all(cell in domains[index[cell]] for cell in answer)
    if not all(domains):
        assert answers == []


@settings(max_examples=60)
@given(block_boards(), st.sampled_from(("published", "write-up")))
def test_both_engines_agree_on_banded_boards(board, reading):
    """On bands of 2×2 regions, where under the published reading three whole regions side
    by side leave no answer (a count no single triple sees), engine 1 and the twin give
    the same answer set.  [ND-18]"""
    fast = set(nd.solve(board, reading))
    event("has answers" if fast else "no answer")
    assert fast == set(nd_twin.solve_by_exhaustion(board, reading))


@st.composite
def answered_boards(draw, max_side: int = 4) -> nd.Board:
    """Any board with an answer drawn on its regions (one under the consecutive black
    readings; the other readings may reject it), its circles and any others."""
    shape = draw(boards(max_side=max_side, givens=False))
    answer = nd.draw_answer(random.Random(draw(st.integers(0, 10**6))), shape.regions)
    assume(answer is not None)
    return shape.replace(circles=shape.circles | answer)


@st.composite
def circles_asked(draw) -> tuple:
    """(board, reading, circle): one time in two a circle some answer paints black, on any
    board with an answer drawn on it; else a circle no answer paints: a white circle of a
    bank board (unique), the bank generator's own question, or a circle given white."""
    if draw(st.booleans()):
        board, reading = draw(answered_boards()), draw(st.sampled_from(nd.READINGS))
        painted = frozenset().union(*nd_twin.solve_by_exhaustion(board, reading))
        assume(painted)
        return board, reading, draw(st.sampled_from(sorted(painted)))
    if draw(st.booleans()):
        reading = draw(st.sampled_from(("write-up", "published")))
        rows, cols = draw(st.integers(3, 5)), draw(st.integers(3, 5))
        board = nd.bank_board(rows, cols, draw(st.integers(0, 10**6)), reading=reading)
        whites = sorted(board.circles - board.answer)
        assume(whites)
        return board, reading, draw(st.sampled_from(whites))
    board, reading = draw(answered_boards()), draw(st.sampled_from(nd.READINGS))
    cell = draw(st.sampled_from(sorted(board.circles)))
    return board.replace(given_white=frozenset({cell})), reading, cell


@settings(max_examples=80)
@given(circles_asked())
def test_paints_black_is_what_exhaustion_finds(case):
    """Engine 1 held to one circle of a region finds an answer exactly when exhaustion has
    an answer that paints that circle black: what the bank generator asks.  [ND-13; ND-18]"""
    board, reading, cell = case
    painted = any(cell in answer for answer in nd_twin.solve_by_exhaustion(board, reading))
    event("painted black by some answer" if painted else "painted by none")
    assert nd.paints_black(board, cell, reading) == painted


def test_count_stops_at_the_cap():
    """Counting stops at the cap and says so.  [ND-10; ND-18]"""
    board = board_from("0 0 0/1 1 1", "o o o/o . o")
    assert nd.count_answers(board, cap=100) == nd.Count(6, False)
    assert nd.count_answers(board, cap=4) == nd.Count(4, True)


# === Beyond the write-up: the published rule (X-01) ===

@example(SCREEN_1x4)
@settings(max_examples=60)
@given(st.one_of(small_or_bank(4), block_boards()))
def test_write_up_screen_under_the_published_rule_only_adds_answers(board):
    """Under the published rule the write-up's screen (drop the triples with two circles in
    one region) drops triples that can fire, so it loses no answer and may let in more: the
    published answers are some of the screened ones.  [X-01]"""
    kept = [t for t in nd.triples(board, "published") if not nd.shares_a_region(board, t)]
    screened = set(nd.solve_with_triples(board, kept, "published"))
    answers = set(nd.solve(board, "published"))
    event("the screen lets in more" if answers < screened else "the same answers")
    assert answers <= screened


def test_write_up_screen_is_not_exact_under_the_published_rule():
    """The smallest board where the write-up's screen changes the published answer set is
    one region of four circles in a row: screened, every circle is an answer; under the
    published rule only the two middle ones, as three whites are forbidden.  [X-01]"""
    kept = [t for t in nd.triples(SCREEN_1x4) if not nd.shares_a_region(SCREEN_1x4, t)]
    screened = set(nd.solve_with_triples(SCREEN_1x4, kept, "published"))
    assert screened == {frozenset({(0, c)}) for c in range(4)}
    assert set(nd.solve(SCREEN_1x4, "published")) == {frozenset({(0, 1)}), frozenset({(0, 2)})}


def test_adding_a_circle_can_break_the_published_answer():
    """Under the published reading a new white circle can complete three whites.  [ND-13; X-01]"""
    board = board_from("0 0 0 0 1", "o o o . o")
    answer = frozenset({(0, 0), (0, 4)})
    assert nd.is_answer(board, answer, "published")
    grown = nd.add_circle(board, (0, 3))
    assert not nd.is_answer(grown, answer, "published")
    assert nd.is_answer(grown, answer, "write-up")


@pytest.mark.parametrize("size", [8, 12])
def test_bank_answers_may_break_the_published_rule(size):
    """The write-up's procedure never looks at white circles, so some of its answers
    break the published rule (three whites in a line).  [X-01; X-02]"""
    assert not all(nd.is_answer(b, b.answer, "published")
                   for b in (nd.bank_board(size, size, seed) for seed in range(3)))


def test_pzprjs_sample_unique_under_published_reading():
    """The puzz.link sample 5jlp72e15tpq2i3ikht0 has exactly the one answer it shows
    under the published reading, and both engines agree.  [X-01; pzprjs nondango.js]"""
    board = nd.load(str(SAMPLE))
    assert list(nd.solve(board, "published")) == [board.answer]
    assert list(nd_twin.solve_by_exhaustion(board, "published")) == [board.answer]


def test_pzprjs_sample_under_the_write_ups_reading():
    """Dropping the three-whites rule leaves the sample with 734 answers: the published
    rule is what makes it a puzzle.  [X-01; ND-01]"""
    board = nd.load(str(SAMPLE))
    assert nd.count_answers(board, "write-up") == nd.Count(734, False)
    assert len(set(nd_twin.solve_by_exhaustion(board, "write-up"))) == 734
    assert board.answer in set(nd.solve(board, "write-up"))
