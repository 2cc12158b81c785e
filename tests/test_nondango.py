"""Nondango, taught as properties.  Each test states one property, why it matters, and
the claim it checks (ND-…, X-…).  Boards come from hypothesis, built by construction:
any connected region partition, any circles, any pre-coloured circles, up to 5×5,
which is more than the generator ever draws.
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
from hypothesis import example, given, settings, strategies as st

import common
import nondango as nd

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "boards" / "samples" / "nd-pzprjs-6x6.txt"
BLACK_READINGS = ("write-up", "no-diagonals", "anywhere")


# === Boards by construction ===

@st.composite
def boards(draw, max_side: int = 5, givens: bool = True, max_cells: int = 25) -> nd.Board:
    """Any board up to max_side × max_side: regions grown from seeds in any order (every
    connected partition can come out), any circles, optionally any pre-coloured circles."""
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, min(max_side, max(1, max_cells // rows))))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    seeds = draw(st.permutations(cells))[:draw(st.integers(1, len(cells)))]
    owner = {cell: i for i, cell in enumerate(seeds)}
    while len(owner) < len(cells):
        frontier = sorted({((r + dr, c + dc), owner[(r, c)]) for (r, c) in owner
                           for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                           if (r + dr, c + dc) in cells and (r + dr, c + dc) not in owner})
        cell, region = frontier[draw(st.integers(0, len(frontier) - 1))]
        owner[cell] = region
    regions = tuple(sorted((frozenset(c for c in cells if owner[c] == i)
                            for i in range(len(seeds))), key=min))
    circles = frozenset(c for c in cells if draw(st.integers(0, 3)) > 0)
    black = white = frozenset()
    if givens:
        paint = {c: draw(st.sampled_from("--------BW")) for c in sorted(circles)}
        black = frozenset(c for c, p in paint.items() if p == "B")
        white = frozenset(c for c, p in paint.items() if p == "W")
    return nd.Board(rows, cols, regions, circles, black, white)


def board_from(text_rows: str, circles: str, given_black=(), given_white=()) -> nd.Board:
    """A board from a compact picture: region labels and circle symbols, rows split by '/'."""
    text = "nondango\nregions:\n" + "\n".join(text_rows.split("/")) + "\ncircles:\n" + \
        "\n".join(circles.split("/")) + "\n"
    board = nd.parse(text)
    return nd.Board(board.rows, board.cols, board.regions, board.circles,
                    frozenset(given_black), frozenset(given_white))


def painted(board: nd.Board) -> int:
    return math.prod(len(r & board.circles) for r in board.regions)


# The smallest counterexamples found by exhaustive search (see verify.py).
GIVEN_WHITE_1x2 = board_from("0 0", "o o", given_white=[(0, 1)])
LITERAL_1x4 = board_from("0 0 1 2", "o o o o")           # unique answer {(0,0), (0,2), (0,3)}
SCREEN_1x4 = board_from("0 0 0 0", "o o o o")            # screen changes published set


# === Parsing and pictures ===

@settings(max_examples=60, deadline=None)
@given(boards())
def test_picture_round_trip(board):
    """parse(picture(b)) == b: the file format loses nothing, givens and answer included."""
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


def test_unsolvable_board_is_not_an_error():
    """A region without a circle parses fine and simply has zero answers."""
    board = board_from("0 1", "o .")
    assert nd.count_answers(board) == nd.Count(0, False)
    assert list(nd.solve_by_exhaustion(board)) == []


# === The pzprjs sample (X-01) ===

def test_pzprjs_sample_unique_under_published_reading():
    """The puzz.link sample 5jlp72e15tpq2i3ikht0 has exactly the one answer it shows
    under the published reading, and both engines agree.  [X-01; pzprjs nondango.js]"""
    board = nd.load(str(SAMPLE))
    assert list(nd.solve(board, "published")) == [board.answer]
    assert list(nd.solve_by_exhaustion(board, "published")) == [board.answer]


def test_pzprjs_sample_under_the_write_ups_reading():
    """Dropping the three-whites rule leaves the sample with 734 answers: the published
    rule is what makes it a puzzle.  [X-01; ND-01]"""
    board = nd.load(str(SAMPLE))
    assert nd.count_answers(board, "write-up") == nd.Count(734, False)
    assert len(set(nd.solve_by_exhaustion(board, "write-up"))) == 734
    assert board.answer in set(nd.solve(board, "write-up"))


# === The rules checker (ND-01) ===

def test_checker_names_each_rule():
    """Each rule of the text is reported on its own: one black per region, three blacks
    in consecutive cells (diagonals too), and three whites only under published.  [ND-01]"""
    row = board_from("0 1 2", "o o o")
    assert [v.rule for v in nd.violations(row, frozenset({(0, 0), (0, 1), (0, 2)}))] == \
        ["three black circles in consecutive cells"]
    diagonal = board_from("0 0 0/1 1 1/2 2 2", "o . ./. o ./. . o")
    black = frozenset({(0, 0), (1, 1), (2, 2)})
    assert not nd.is_answer(diagonal, black, "write-up")
    assert nd.is_answer(diagonal, black, "no-diagonals")
    gap = board_from("0 1 1 2", "o o . o")           # a cell without a circle breaks a line
    assert nd.is_answer(gap, frozenset({(0, 0), (0, 1), (0, 3)}), "write-up")
    assert not nd.is_answer(gap, frozenset({(0, 0), (0, 1), (0, 3)}), "anywhere")
    whites = board_from("0 0 0 0", "o o o o")
    assert nd.is_answer(whites, frozenset({(0, 3)}), "write-up")
    assert [v.rule for v in nd.violations(whites, frozenset({(0, 3)}), "published")] == \
        ["three white circles in consecutive cells"]
    two = board_from("0 0", "o o")
    assert "2 black circles" in nd.violations(two, frozenset({(0, 0), (0, 1)}))[0].rule


def test_checker_respects_givens():
    """A circle given black must be black and one given white must stay white.  [ND-01]"""
    board = board_from("0 0", "o o", given_black=[(0, 0)])
    assert nd.violations(board, frozenset({(0, 1)}))[0].rule == "a circle given black is not black"
    assert list(nd.solve(board)) == [frozenset({(0, 0)})]


# === Line counts (ND-11) ===

@pytest.mark.parametrize("reading", nd.READINGS)
def test_line_counts_recurrence_equals_enumeration(reading):
    """The recurrence for one line of L circles agrees with all 2^L colourings.  [ND-11]"""
    for length in range(0, 12):
        assert nd.count_line_fillings(length, reading) == nd.enumerate_line_fillings(length, reading)


def test_line_counts_are_tribonacci_and_lazy_caterer():
    """No three consecutive blacks gives tribonacci (A000073, shifted by 3); at most two
    blacks anywhere gives the lazy caterer's numbers (A000124).  [ND-11; OEIS A000073, A000124]"""
    assert [nd.count_line_fillings(L, "write-up") for L in range(18)] == list(nd.A000073[3:21])
    assert [nd.count_line_fillings(L, "anywhere") for L in range(16)] == list(nd.A000124)
    assert [nd.enumerate_line_fillings(L, "write-up") for L in range(10)] == list(nd.A000073[3:13])
    assert [nd.enumerate_line_fillings(L, "anywhere") for L in range(10)] == list(nd.A000124[:10])


def test_published_line_counts_are_twice_fibonacci():
    """No three of one colour in a line: 2·F(L+1) colourings, quadratic beats it only
    from L = 6 on.  [X-01; OEIS A000045]"""
    fib = [0, 1]
    while len(fib) < 20:
        fib.append(fib[-1] + fib[-2])
    assert [nd.count_line_fillings(L, "published") for L in range(1, 15)] == \
        [2 * fib[L + 1] for L in range(1, 15)]


# === Full grids (ND-12) ===

def test_a181218_transfer_matrix_terms_1_to_8():
    """The transfer matrix gives the literal A181218 terms 1..8.  [ND-12; OEIS A181218]"""
    assert tuple(nd.count_full_grids(n) for n in range(1, 9)) == nd.A181218


def test_a181218_brute_force_agrees_while_it_keeps_up():
    """Every 2^(n·n) grid walked against the triples agrees for n ≤ 4.  [ND-12]"""
    assert [nd.count_full_grids_by_brute_force(n) for n in range(1, 5)] == list(nd.A181218[:4])


def test_a181218_ninth_term_passes_two_to_the_53():
    """The 8×8 term fits a double exactly, the 9×9 term does not: why an exact-integer
    transfer matrix matters ('253' in the write-up is 2^53).  [ND-12]"""
    eighth, ninth = nd.A181218[7], nd.count_full_grids(9)
    assert eighth < 2 ** 53 == int(float(2 ** 53))
    assert int(float(eighth)) == eighth
    assert ninth > 2 ** 53 and int(float(ninth)) != ninth


# === Dead triples and the screen (ND-02, ND-04, X-01) ===

@settings(max_examples=60, deadline=None)
@given(boards(max_side=4))
def test_dead_triples_never_all_black(board):
    """A triple with two circles in one region is never all black in any one-black-per-
    region painting, so the write-up may drop it.  [ND-02]"""
    dead = [t for t in nd.triples(board) if nd.shares_a_region(board, t)]
    assert set(dead) == set(nd.dead_triples(board, "write-up"))
    for pick in itertools.product(*(sorted(r & board.circles) for r in board.regions)):
        assert not any(all(c in pick for c in t) for t in dead)


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(nd.READINGS))
def test_screen_is_exact(board, reading):
    """Solving with every triple and with the live ones only gives the same answer set,
    under every reading (liveness is reading-aware).  [ND-04; X-01]"""
    full = set(nd.solve_with_triples(board, nd.triples(board, reading), reading))
    assert set(nd.solve_with_triples(board, nd.live_triples(board, reading), reading)) == full


@example(SCREEN_1x4)
@settings(max_examples=60, deadline=None)
@given(boards(max_side=4))
def test_write_up_screen_is_exact_for_black_readings_only(board):
    """The write-up's screen (drop triples with two circles in one region) is exact for
    the write-up's reading; the smallest board where it changes the published answer set
    is one region of four circles in a row.  [ND-04; X-01]"""
    kept = [t for t in nd.triples(board) if not nd.shares_a_region(board, t)]
    assert set(nd.solve_with_triples(board, kept)) == set(nd.solve(board))
    if board == SCREEN_1x4:
        screened = set(nd.solve_with_triples(board, kept, "published"))
        assert screened == {frozenset({(0, c)}) for c in range(4)}
        assert set(nd.solve(board, "published")) == {frozenset({(0, 1)}), frozenset({(0, 2)})}


def triples_by_scanning_lines(board, reading):
    """The twin of triples: every line scanned for three consecutive circles (any three of
    its circles under `anywhere`), then sorted."""
    found = []
    for line in nd.lines(board.rows, board.cols, nd.DIRECTIONS[reading]):
        circled = [c for c in line if c in board.circles]
        if reading == "anywhere":
            found.extend(itertools.combinations(circled, 3))
        else:
            found.extend(line[i:i + 3] for i in range(len(line) - 2)
                         if all(c in board.circles for c in line[i:i + 3]))
    return tuple(sorted(found))


@settings(max_examples=80, deadline=None)
@given(boards(max_side=6, max_cells=36), st.sampled_from(nd.READINGS))
def test_triples_are_the_scanned_ones(board, reading):
    """Filtering the grid's remembered windows by the circles gives the triples that
    scanning every line gives, in the same order.  [ND-02; ND-03]"""
    assert nd.triples(board, reading) == triples_by_scanning_lines(board, reading)


@settings(max_examples=80, deadline=None)
@given(boards(max_side=6, max_cells=36), st.sampled_from(nd.READINGS))
def test_live_and_dead_triples_split_the_triples(board, reading):
    """The live triples (under a black reading: the ones across three regions, counted
    directly) are the triples the dead-triple screen keeps, in order.  [ND-02; ND-03; X-01]"""
    dead = set(nd.dead_triples(board, reading))
    assert nd.live_triples(board, reading) == tuple(t for t in nd.triples(board, reading)
                                                    if t not in dead)


def violations_by_walking_cells(board, answer, reading):
    """The twin of the rules checker's line rule: every cell and step of the reading,
    three cells at a time, off-grid cells included (the checker as first written)."""
    steps = ((0, 1), (1, 0)) if reading == "no-diagonals" else ((0, 1), (1, 0), (1, 1), (1, -1))
    found = []
    for r in range(board.rows):
        for c in range(board.cols):
            for dr, dc in steps:
                three = ((r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))
                if not all(cell in board.circles for cell in three):
                    continue
                blacks = sum(cell in answer for cell in three)
                if blacks == 3:
                    found.append(nd.Violation("three black circles in consecutive cells", three))
                if blacks == 0 and reading == "published":
                    found.append(nd.Violation("three white circles in consecutive cells", three))
    return found


@settings(max_examples=80, deadline=None)
@given(boards(max_side=6, max_cells=36), st.sampled_from(("write-up", "published", "no-diagonals")),
       st.data())
def test_line_rule_walks_what_the_cells_walk(board, reading, data):
    """The rules checker's remembered windows find the same broken lines, in the same
    order, as walking every cell and step, for any painting.  [ND-01; X-01]"""
    answer = frozenset(c for c in sorted(board.circles) if data.draw(st.booleans()))
    line_rules = [v for v in nd.violations(board, answer, reading) if "consecutive" in v.rule]
    assert line_rules == violations_by_walking_cells(board, answer, reading)


@settings(max_examples=80, deadline=None)
@given(boards(max_side=4), st.sampled_from(nd.READINGS), st.data())
def test_paints_black_is_what_exhaustion_finds(board, reading, data):
    """Engine 1 held to one circle of a region finds an answer exactly when exhaustion has
    an answer that paints that circle black.  [ND-13; ND-14]"""
    if not board.circles:
        return
    cell = data.draw(st.sampled_from(sorted(board.circles)))
    expected = any(cell in answer for answer in nd.solve_by_exhaustion(board, reading))
    assert nd.paints_black(board, cell, reading) == expected


# === Certificates (ND-05, ND-06) ===

def unique_answer(board: nd.Board) -> frozenset | None:
    answers = list(itertools.islice(nd.solve(board), 2))
    return answers[0] if len(answers) == 1 else None


@settings(max_examples=80, deadline=None)
@given(boards(givens=False))
def test_move_illegal_iff_careful_certificate(board):
    """On every legal answer (unique or not), moving a region's black onto white w is
    illegal exactly when w has a certificate: a live line through w whose other two
    circles are black.  This is the definition that makes ND-05 meaningful.  [ND-05]"""
    answer = next(nd.solve(board), None)
    if answer is None:
        return
    for cell, moved in nd.single_moves(board, answer):
        assert nd.is_answer(board, moved) == (not nd.certificates(board, answer, cell))


def test_literal_certificate_need_not_explain_a_move():
    """A literal certificate can be dead: in this 1×4 answer the move onto (0,1) is legal,
    yet the line (0,0),(0,1),(0,2) has its other two circles black.  [ND-05]"""
    board = board_from("0 0 1", "o o o")
    answer = frozenset({(0, 0), (0, 2)})
    assert nd.literal_certificates(board, answer, (0, 1))
    assert not nd.certificates(board, answer, (0, 1))
    assert nd.is_answer(board, frozenset({(0, 1), (0, 2)}))


@example(GIVEN_WHITE_1x2)
@settings(max_examples=80, deadline=None)
@given(boards())
def test_unique_answer_certifies_free_white_circles(board):
    """Corrected ND-05: in a unique answer every free white circle (not given white, in a
    region whose black is not given) has a certificate and every move is illegal.  The
    write-up's 'every white circle' fails with pre-coloured circles: in the 1×2 pinned
    example the given white circle has none.  [ND-05]"""
    answer = unique_answer(board)
    if answer is None:
        return
    for cell, moved in nd.single_moves(board, answer):
        assert not nd.is_answer(board, moved)
    for cell in nd.free_white_circles(board, answer):
        assert nd.certificates(board, answer, cell)
    if board == GIVEN_WHITE_1x2:
        assert not nd.certificates(board, answer, (0, 1))


@settings(max_examples=60, deadline=None)
@given(boards(givens=False))
def test_unique_answer_without_givens_certifies_every_white(board):
    """ND-05 as written holds on boards without pre-coloured circles, under the literal and
    the careful definition alike.  [ND-05]"""
    answer = unique_answer(board)
    if answer is None:
        return
    for cell in board.circles - answer:
        assert nd.certificates(board, answer, cell)
        assert nd.literal_certificates(board, answer, cell)


@example(LITERAL_1x4)
@example(GIVEN_WHITE_1x2)
@settings(max_examples=80, deadline=None)
@given(boards())
def test_certificate_inequality_corrected(board):
    """Corrected ND-06: free white circles ≤ certifying lines ≤ live triples on a unique
    board, with certifying lines counted carefully (live, two blacks, one white).  Counted
    literally the upper bound fails (1×4 pinned example: 2 lines, 1 live triple); with a
    given white the write-up's lower bound circles − regions fails (1×2 example).  [ND-06]"""
    answer = unique_answer(board)
    if answer is None:
        return
    lines = nd.certifying_lines(board, answer)
    assert len(nd.free_white_circles(board, answer)) <= len(lines) <= len(nd.live_triples(board))
    if board == LITERAL_1x4:
        assert len(nd.literal_certifying_lines(board, answer)) == 2 > len(nd.live_triples(board))
    if board == GIVEN_WHITE_1x2:
        assert len(board.circles) - len(board.regions) == 1 > len(lines)


# === Groups (ND-07, ND-08) ===

@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(nd.READINGS))
def test_count_is_product_over_groups(board, reading):
    """The answer count is the product of the groups' counts, each counted by hand over
    its own regions: the rule never crosses a group.  [ND-07; ND-18]"""
    total = nd.count_answers(board, reading)
    assert total == nd.Count(math.prod(nd.group_counts_by_hand(board, reading)), False)


@example(GIVEN_WHITE_1x2)
@settings(max_examples=60, deadline=None)
@given(boards())
def test_lonely_region_contributes_its_candidates(board):
    """A region in no live triple is a group of one contributing its number of circles
    (write-up), or with pre-coloured circles the number it may still paint black (the
    1×2 pinned example: 2 circles, 1 candidate).  [ND-07]"""
    counts = nd.group_counts_by_hand(board)
    for group, count in zip(nd.groups(board), counts):
        if len(group) == 1 and not any(set(t) & board.regions[group[0]]
                                       for t in nd.live_triples(board)):
            region = board.regions[group[0]]
            black = region & board.given_black
            expected = (len(black) == 1) if black else len((region & board.circles) - board.given_white)
            assert count == expected
            if not board.given_black | board.given_white:
                assert count == len(region & board.circles)


@settings(max_examples=60, deadline=None)
@given(boards(givens=False))
def test_no_live_triple_means_product_of_region_sizes(board):
    """With no live triple at all, the count is the product of the regions' circle counts.  [ND-08]"""
    if nd.live_triples(board):
        return
    assert nd.count_answers(board).count == min(painted(board), nd.COUNT_CAP)


# === Two engines (ND-18) ===

@settings(max_examples=50, deadline=None)
@given(boards(), st.sampled_from(nd.READINGS))
def test_both_engines_same_answer_set(board, reading):
    """Engine 1 (screen, groups, propagation) and engine 2 (exhaustion + rules checker)
    return the same answer set, and every answer passes the checker.  [ND-18]"""
    fast = list(nd.solve(board, reading))
    assert len(fast) == len(set(fast))
    assert set(fast) == set(nd.solve_by_exhaustion(board, reading))
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
@settings(max_examples=80, deadline=None)
@given(st.one_of(boards(), block_boards()), st.sampled_from(nd.READINGS))
def test_probing_removes_only_circles_no_answer_paints(board, reading):
    """Engine 1's domains after probing keep every circle some answer of the twin paints
    black, and leave a region empty only on a board without answers: the probe is sound,
    on boards with and without answers.  [ND-18]"""
    domains = nd.root_domains(board, reading)
    answers = list(nd.solve_by_exhaustion(board, reading))
    index = nd.region_of(board)
    for answer in answers:
        assert all(cell in domains[index[cell]] for cell in answer)
    if not all(domains):
        assert answers == []


@settings(max_examples=60, deadline=None)
@given(block_boards(), st.sampled_from(("published", "write-up")))
def test_both_engines_agree_on_banded_boards(board, reading):
    """On bands of 2×2 regions, where forward checking alone needed exponential time to
    find that there is no answer, engine 1 and the twin give the same answer set.  [ND-18]"""
    assert set(nd.solve(board, reading)) == set(nd.solve_by_exhaustion(board, reading))


@pytest.mark.parametrize("rows, cols", [(3, 7), (3, 41), (3, 100), (21, 21), (40, 40)])
def test_band_of_three_regions_leaves_no_answer(rows, cols):
    """Three 2×2 regions side by side, every cell a circle: in the row without the first
    region's black, the second region's black must stand next to the first; in the row
    without the third's, next to the third; so the published reading has no answer, and
    probing the middle region proves it before any branching.  [ND-18]"""
    board = block_board(rows, cols)
    assert nd.count_answers(board, "published") == nd.Count(0, False)
    assert not all(nd.root_domains(board, "published"))


def test_count_stops_at_the_cap():
    """Counting stops at the cap and says so.  [ND-10]"""
    board = board_from("0 0 0/1 1 1", "o o o/o . o")
    assert nd.count_answers(board, cap=100) == nd.Count(6, False)
    assert nd.count_answers(board, cap=4) == nd.Count(4, True)


# === Adding circles and the dial (ND-13) ===

@settings(max_examples=60, deadline=None)
@given(boards(givens=False), st.data())
def test_adding_a_white_circle_keeps_the_answer(board, data):
    """Under the black readings an added circle is white and joins only triples that hold
    a white circle, so the answer survives.  [ND-13]"""
    answer = next(nd.solve(board), None)
    empty = sorted({(r, c) for r in range(board.rows) for c in range(board.cols)} - board.circles)
    if answer is None or not empty:
        return
    grown = nd.add_circle(board, data.draw(st.sampled_from(empty)))
    for reading in BLACK_READINGS:
        if nd.is_answer(board, answer, reading):
            assert nd.is_answer(grown, answer, reading)


def test_adding_a_circle_can_break_the_published_answer():
    """Under the published reading a new white circle can complete three whites.  [ND-13; X-01]"""
    board = board_from("0 0 0 0 1", "o o o . o")
    answer = frozenset({(0, 0), (0, 4)})
    assert nd.is_answer(board, answer, "published")
    grown = nd.add_circle(board, (0, 3))
    assert not nd.is_answer(grown, answer, "published")
    assert nd.is_answer(grown, answer, "write-up")


@pytest.mark.parametrize("size, k", [(6, 0), (6, 8), (8, 16), (8, 40)])
def test_dial_never_removes_the_drawn_answer(size, k):
    """Every dial board keeps its drawn answer (certified circles are white), so its count
    is at least 1; at k = 0 every region has one circle and the board is unique.  [ND-13]"""
    for seed in range(6):
        board = nd.dial_board(size, size, k, seed)
        assert nd.is_answer(board, board.answer)
        assert board.answer in set(nd.solve(board)) or nd.count_answers(board).capped
        if k == 0:
            assert nd.count_answers(board, cap=2).count == 1


# === Generators ===

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
    regions = nd.random_regions(7, 5, OnlyRandom(1))
    assert sorted(c for r in regions for c in r) == [(r, c) for r in range(7) for c in range(5)]
    assert all(len(common.components(set(r))) == 1 for r in regions)


def test_the_calibrated_region_size_gives_21_and_47_regions():
    """The mean region size the bank is drawn at (calibrated in ND-03 on the write-up's 43.1
    triples per 8×8 board) cuts an 8×8 board into 21 regions and a 12×12 one into 47.
    [ND-03]"""
    assert nd.MEAN_REGION_SIZE == 64 / 21
    for size, count in ((8, 21), (12, 47)):
        assert len(nd.random_regions(size, size, random.Random(1), nd.MEAN_REGION_SIZE)) == count
        assert len(nd.bank_board(size, size, 5).regions) == count


def random_regions_by_rescanning(rows, cols, rng, mean_size=3.2):
    """The twin of random_regions: every region's frontier rebuilt before every draw (the
    generator as first written)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count = max(1, min(len(cells), round(len(cells) / mean_size)))
    seeds = common.shuffled(rng, cells)[:count]
    owner = {cell: i for i, cell in enumerate(seeds)}
    members = [[cell] for cell in seeds]
    stuck = set()
    while len(owner) < len(cells):
        frontiers = {}
        for size in sorted({len(m) for i, m in enumerate(members) if i not in stuck}):
            for i, part in enumerate(members):
                if len(part) != size or i in stuck:
                    continue
                frontier = sorted({(r + dr, c + dc) for r, c in part
                                   for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                                   if 0 <= r + dr < rows and 0 <= c + dc < cols
                                   and (r + dr, c + dc) not in owner})
                if frontier:
                    frontiers[i] = frontier
                else:
                    stuck.add(i)
            if frontiers:
                break
        choices = sorted(frontiers)
        i = choices[common.below(rng, len(choices))]
        cell = frontiers[i][common.below(rng, len(frontiers[i]))]
        owner[cell] = i
        members[i].append(cell)
    return nd._canonical_regions(members)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from([1.0, 1.5, 3.2, 5.0, 50.0]),
       st.integers(0, 10**6))
def test_random_regions_draws_what_rescanning_drew(rows, cols, mean_size, seed):
    """The incremental frontiers give the same regions and leave the random stream in the
    same state as rebuilding them for every cell, so every generated board (and the bank)
    stays what it was.  [ND-13; ND-15]"""
    fast, slow = random.Random(seed), random.Random(seed)
    assert nd.random_regions(rows, cols, fast, mean_size) == \
        random_regions_by_rescanning(rows, cols, slow, mean_size)
    assert fast.getstate() == slow.getstate()


def draw_answer_by_refiltering(regions, rng, budget=2000):
    """The twin of draw_answer: every region's list filtered again after every placement
    (the drawer as first written)."""
    partners = nd._line_partners(cell for region in regions for cell in region)
    black, tries = set(), [0]

    def place(allowed):
        if not allowed:
            return True
        i = min(sorted(allowed), key=lambda j: len(allowed[j]))
        for cell in allowed[i]:
            tries[0] += 1
            if tries[0] > budget:
                return False
            black.add(cell)
            rest = {j: [c for c in cs if not any(x in black and y in black
                                                   for x, y in partners[c])]
                    for j, cs in allowed.items() if j != i}
            if all(rest.values()) and place(rest):
                return True
            black.discard(cell)
        return False

    start = {i: common.shuffled(rng, sorted(region)) for i, region in enumerate(regions)}
    return frozenset(black) if place(start) else None


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from([1.0, 2.0, 3.2, 5.0]),
       st.sampled_from([5, 50, 2000]), st.integers(0, 10**6))
def test_draw_answer_draws_what_refiltering_drew(rows, cols, mean_size, budget, seed):
    """Filtering only the regions in line with a new black cell gives the same answer (or
    the same None) and the same random state as filtering every region, so the generated
    boards stay what they were.  [ND-13]"""
    regions = nd.random_regions(rows, cols, random.Random(seed), mean_size)
    fast, slow = random.Random(seed + 1), random.Random(seed + 1)
    assert nd.draw_answer(regions, fast, budget) == draw_answer_by_refiltering(regions, slow, budget)
    assert fast.getstate() == slow.getstate()


def certified_cells_by_shifting(regions, answer, rows, cols):
    """The twin of certified_cells: for each cell, each direction and each place of the cell
    in the three, the other two cells built afresh (the generator as first written)."""
    index = {cell: i for i, region in enumerate(regions) for cell in region}
    found = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in answer:
                continue
            if any(all(o in answer and index[o] != index[(r, c)]
                       for o in [(r + (shift + k) * dr, c + (shift + k) * dc)
                                 for k in range(3) if shift + k != 0])
                   for dr, dc in nd.DIRECTIONS["write-up"] for shift in (-2, -1, 0)):
                found.append((r, c))
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from([1.0, 2.0, 3.2]),
       st.integers(0, 10**6))
def test_certified_cells_are_the_shifted_ones(rows, cols, mean_size, seed):
    """The remembered line partners give the cells that building every three afresh
    gives, in reading order.  [ND-13]"""
    rng = random.Random(seed)
    regions = nd.random_regions(rows, cols, rng, mean_size)
    answer = nd.draw_answer(regions, rng)
    if answer is None:
        return
    assert nd.certified_cells(regions, answer, rows, cols) == \
        certified_cells_by_shifting(regions, answer, rows, cols)


def dial_board_drawn_afresh(rows, cols, k, seed, mean_size=nd.MEAN_REGION_SIZE):
    """The twin of dial_board: regions, an answer and the shuffled certified cells drawn
    again for every k (the dial as first written)."""
    rng = random.Random(seed)
    while True:
        regions = nd.random_regions(rows, cols, rng, mean_size)
        answer = nd.draw_answer(regions, rng)
        if answer is not None:
            break
    whites = common.shuffled(rng, nd.certified_cells(regions, answer, rows, cols))[:k]
    return nd.Board(rows, cols, regions, answer | frozenset(whites), answer=answer)


@pytest.mark.parametrize("size, ks", [(6, (0, 3, 8, 100)), (8, (0, 4, 16)), (12, (0, 32))])
def test_dial_boards_of_one_seed_share_one_draw(size, ks):
    """Remembering a seed's draw across k gives the boards drawing afresh gives.  [ND-13]"""
    for seed in range(4):
        for k in ks:
            assert nd.dial_board(size, size, k, seed) == dial_board_drawn_afresh(size, size, k, seed)


@pytest.mark.parametrize("size", [8, 12])
def test_bank_board_is_the_write_ups_procedure(size):
    """A bank board keeps its drawn answer as the one answer under the write-up's reading,
    and every white circle it holds has a certificate (only certified cells are tried).
    It never looks at white circles, so its answer may break the published rule.
    [ND-13; ND-05; X-02]"""
    broken = 0
    for seed in range(3):
        board = nd.bank_board(size, size, seed)
        assert list(nd.solve(board)) == [board.answer]
        assert all(nd.certificates(board, board.answer, w) for w in board.circles - board.answer)
        broken += not nd.is_answer(board, board.answer, "published")
    assert broken > 0


@pytest.mark.parametrize("size", [8, 12])
def test_bank_board_under_the_published_rule(size):
    """The same procedure read under the published rule keeps a circle only when the drawn
    answer stays valid and alone under it: the board plays on puzz.link.  [X-02]"""
    for seed in range(3):
        board = nd.bank_board(size, size, seed, reading="published")
        assert list(nd.solve(board, "published")) == [board.answer]
        assert all(nd.certificates(board, board.answer, w) for w in board.circles - board.answer)


def test_bank_board_tries_the_certified_cells_in_order_once():
    """The generator's twin, written from the procedure's words: draw regions, then an answer,
    then for each certified cell in a random order keep it as a white circle when the
    board stays unique.  [ND-13; ND-14]"""
    for seed in range(6):
        rng = random.Random(seed)
        while True:
            regions = nd.random_regions(6, 6, rng, nd.MEAN_REGION_SIZE)
            answer = nd.draw_answer(regions, rng)
            if answer is not None:
                break
        circles = set(answer)
        for cell in common.shuffled(rng, nd.certified_cells(regions, answer, 6, 6)):
            trial = nd.Board(6, 6, regions, frozenset(circles | {cell}))
            if len(list(itertools.islice(nd.solve_by_exhaustion(trial), 2))) == 1:
                circles.add(cell)
        assert nd.bank_board(6, 6, seed).circles == circles


# === Figures over boards (ND-03, ND-09, ND-14, ND-17, X-02) ===

def test_census_functions_on_a_tiny_list():
    """The bank figures add up on boards small enough to count by eye.  [ND-03; ND-09; ND-14; ND-17]"""
    a = board_from("0 0 1 2", "o o o o")       # triples: (0..2) dead, (1..3) live
    b = board_from("0 1", "o o")
    assert nd.triple_census([a, b]) == nd.TripleCensus(2, 2, 1, 1)
    assert nd.group_census([a, b]) == nd.GroupCensus(2, 3, 2, 3)
    paint = nd.paint_census([a, b])
    assert paint.white_circles == 1 and paint.log10_ways == (math.log10(2), 0.0)
    answered = nd.Board(a.rows, a.cols, a.regions, a.circles, answer=frozenset({(0, 0), (0, 2), (0, 3)}))
    share = nd.clustering([answered])
    assert (share.black, share.with_neighbour) == (3, 2)
    # regions {(0,0),(0,1)}, {(0,2)}, {(0,3)}: a random pick holds (0,2), (0,3) and one of
    # (0,0) (two of three picked circles with a picked neighbour) or (0,1) (all three)
    assert share.baseline == pytest.approx((0.5 * 2 + 0.5 * 3) / 3)
    assert nd.published_valid([answered]) == [True]        # B W B B: no three of one colour
    assert [c.count for c in nd.reading_counts([a, b], "write-up")] == [1, 1]


def clustering_by_enumeration(board) -> float:
    """The twin of the random-pick share: every pick of one circle per region, equally
    likely, each picked circle with a picked 8-neighbour counted."""
    hits = picks = 0
    for pick in itertools.product(*(sorted(r & board.circles) for r in board.regions)):
        chosen = set(pick)
        picks += len(chosen)
        hits += sum(any((r + dr, c + dc) in chosen for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                        if (dr, dc) != (0, 0)) for r, c in chosen)
    return hits / picks


@settings(max_examples=60, deadline=None)
@given(boards(givens=False))
def test_random_pick_share_is_the_enumerated_one(board):
    """The random-pick share of ND-17 is exact: it equals the share over every pick of one
    circle per region.  [ND-17]"""
    if any(not r & board.circles for r in board.regions):
        return
    if math.prod(len(r & board.circles) for r in board.regions) > 4000:
        return
    answered = board.replace(answer=frozenset(min(r & board.circles)
                                                           for r in board.regions))
    assert nd.clustering([answered]).baseline == pytest.approx(
        clustering_by_enumeration(board), abs=1e-12)


# === Command line ===

def run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "nondango.py"), *args],
                          capture_output=True, text=True, timeout=60)


def test_cli_json_names_the_reading():
    """--json prints one object with the reading, the count and each answer's rows."""
    done = run_cli(str(SAMPLE), "--reading", "published", "--json")
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out == {"reading": "published", "count": 1, "capped": False,
                   "answers": [nd.answer_rows(nd.load(str(SAMPLE)), nd.load(str(SAMPLE)).answer)]}
    text = run_cli(str(SAMPLE), "--cap", "10")
    assert text.returncode == 0 and text.stdout.startswith("reading: write-up\n")
    assert "answers: at least 10" in text.stdout


def test_cli_bad_input_one_line_exit_2(tmp_path):
    """Bad input: exit status 2 and one line naming file, line, column and rule."""
    bad = tmp_path / "bad.txt"
    bad.write_text("nondango\nregions:\n0 0\ncircles:\no x\n")
    done = run_cli(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"{bad}:5:3: unknown circle symbol" in done.stderr
    assert run_cli(str(SAMPLE), "--reading", "rows").returncode == 2


def test_teaching_boards_say_what_their_comments_say():
    """The sample files parse, and the two 1×4 teaching boards are the pinned
    counterexamples of X-01 and ND-06.  [X-01; ND-06]"""
    screen = nd.load(str(ROOT / "boards" / "samples" / "nd-screen-1x4.txt"))
    assert screen == SCREEN_1x4
    literal = nd.load(str(ROOT / "boards" / "samples" / "nd-literal-1x4.txt"))
    assert list(nd.solve(literal)) == [literal.answer]
    assert len(nd.literal_certifying_lines(literal, literal.answer)) == 2
    assert len(nd.live_triples(literal)) == 1
