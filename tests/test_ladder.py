"""The ladders are sound, monotone and at a fixpoint; probe is singleton consistency.

Boards are drawn by construction up to 5x5, beyond what either generator draws: any black
cells and any connected rooms (Dosun-Fuwari), any connected regions, any circles and any
givens (Nondango), under every reading of each puzzle.  [DF-18, ND-16]
"""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import common
import dosun_fuwari as df
import ladder
import nondango as nd

ANSWER_CAP = 3000  # answers enumerated per board and reading; past it the check uses those seen
EXAMPLES = 150

SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# === Boards by construction ===

def _merge(cells: list, joins: list[bool]) -> list[frozenset]:
    """Connected parts of `cells`: every edge between two cells whose flag is set joins them.

    Every partition into connected parts is reachable (join along a spanning tree of each).
    """
    cellset = set(cells)
    edges = [(a, b) for a in cells for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in cellset]
    parent = {c: c for c in cells}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for (a, b), join in zip(edges, joins):
        if join:
            parent[find(a)] = find(b)
    parts: dict = {}
    for c in cells:
        parts.setdefault(find(c), set()).add(c)
    return [frozenset(p) for p in parts.values()]


@st.composite
def df_boards(draw, max_side: int = 5) -> df.Board:
    """Any black cells, any connected rooms of the white cells."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    black = {c for c, b in zip(grid, draw(st.lists(st.booleans(), min_size=len(grid), max_size=len(grid)))) if b}
    white = [c for c in grid if c not in black]
    joins = draw(st.lists(st.integers(0, 3).map(bool), min_size=2 * len(grid), max_size=2 * len(grid)))
    return df.make_board(rows, cols, black, _merge(white, joins))


@st.composite
def nd_boards(draw, max_side: int = 5) -> nd.Board:
    """Any connected regions covering the grid; each cell no circle, a circle, or a circle
    given black or white."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    joins = draw(st.lists(st.integers(0, 3).map(bool), min_size=2 * len(grid), max_size=2 * len(grid)))
    regions = tuple(sorted(_merge(grid, joins), key=min))
    kinds = draw(st.lists(st.sampled_from(".ooooBW"), min_size=len(grid), max_size=len(grid)))
    pick = lambda *ks: frozenset(c for c, k in zip(grid, kinds) if k in ks)  # noqa: E731
    return nd.Board(rows, cols, regions, pick("o", "B", "W"), pick("B"), pick("W"))


# === What the complete engines say ===

def df_values(board: df.Board, reading: str) -> tuple[list[set[str]], int]:
    """Per run, the fillings that appear in some answer of dosun_fuwari.solve; and how many
    answers were seen (at most ANSWER_CAP)."""
    runs = df.runs(board)
    seen = [set() for _ in runs]
    n = 0
    for answer in islice(df.solve(board, reading), ANSWER_CAP):
        n += 1
        for values, run in zip(seen, runs):
            values.add("".join(df.BALLOON if c in answer.balloons else df.IRON if c in answer.irons
                               else df.EMPTY for c in run.cells))
    return seen, n


def nd_values(board: nd.Board, reading: str) -> tuple[list[set], int]:
    """Per region, the circles black in some answer of nondango.solve; answers seen."""
    seen = [set() for _ in board.regions]
    n = 0
    for answer in islice(nd.solve(board, reading), ANSWER_CAP):
        n += 1
        for values, region in zip(seen, board.regions):
            values |= answer & region
    return seen, n


def results(board, reading):
    """rung name -> domains, or None after a contradiction, from the start domains."""
    out = {}
    for name, rung in ladder.LADDER[ladder.genre_of(board)]:
        try:
            out[name] = rung(board, ladder.start(board, reading), reading)
        except ladder.Contradiction:
            out[name] = None
    return out


def check_sound(board, reading, values, n_answers):
    found = results(board, reading)
    for name, domains in found.items():
        if domains is None:
            assert n_answers == 0, f"{name} contradicts on a board with an answer"
            continue
        for d, v in zip(domains, values):
            assert v <= d, f"{name} removes {sorted(v - d)}, which appear in an answer"
    if n_answers < ANSWER_CAP:
        exact = found["search"]
        assert (exact is None) == (n_answers == 0)
        if exact is not None:
            assert [set(d) for d in exact] == values, "search is not exactly the answers' values"
    return found


def check_monotone(found: dict) -> None:
    names = list(found)
    for lower, upper in zip(names, names[1:]):
        if found[lower] is None:
            assert found[upper] is None, f"{lower} contradicts but {upper} does not"
        elif found[upper] is not None:
            assert all(u <= l for u, l in zip(found[upper], found[lower])), f"{upper} keeps what {lower} drops"


# === Soundness and monotonicity ===

@SETTINGS
@given(df_boards())
def test_dosun_fuwari_rungs_are_sound_and_monotone(board):
    """No rung removes a filling that some answer uses, a contradiction comes only on boards
    with no answer, search keeps exactly the answers' fillings, and each rung keeps no more
    than the one below, under every reading.  [DF-18]"""
    for reading in df.READINGS:
        found = check_sound(board, reading, *df_values(board, reading))
        check_monotone(found)


@SETTINGS
@given(nd_boards())
def test_nondango_rungs_are_sound_and_monotone(board):
    """No rung removes a circle that is black in some answer, a contradiction comes only on
    boards with no answer, search keeps exactly the circles black in some answer, and each
    rung keeps no more than the one below, under every reading (the published one forbids
    three whites too, so a triple with two circles in one region still constrains).  [ND-16, X-01]"""
    for reading in nd.READINGS:
        found = check_sound(board, reading, *nd_values(board, reading))
        check_monotone(found)


# === Fixpoint and fewer-in-fewer-out ===

def _restrict(domains, drop: list[int]):
    """Drop one value from each domain whose index (mod len) is listed and has two or more."""
    doms = list(domains)
    for k in drop:
        if doms:
            i = k % len(doms)
            if len(doms[i]) > 1:
                doms[i] = doms[i] - {sorted(doms[i])[k % len(doms[i])]}
    return tuple(doms)


def _apply(rung, board, domains, reading):
    try:
        return rung(board, domains, reading)
    except ladder.Contradiction:
        return None


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.one_of(df_boards(max_side=4), nd_boards(max_side=4)),
       st.lists(st.integers(0, 99), max_size=4), st.data())
def test_rungs_are_at_a_fixpoint_and_monotone_in_their_input(board, drop, data):
    """Running a rung on its own result changes nothing, and a rung given fewer values keeps
    no more than it keeps given more.  [DF-18, ND-16]"""
    genre = ladder.genre_of(board)
    readings = df.READINGS if genre == "dosun-fuwari" else nd.READINGS
    reading = data.draw(st.sampled_from(readings))
    full = ladder.start(board, reading)
    fewer = _restrict(full, drop)
    for name, rung in ladder.LADDER[genre]:
        once = _apply(rung, board, full, reading)
        if once is not None:
            assert rung(board, once, reading) == once, f"{name} is not at a fixpoint"
        smaller = _apply(rung, board, fewer, reading)
        if once is None:
            assert smaller is None, f"{name}: fewer values in, no contradiction out"
        elif smaller is not None:
            assert all(s <= o for s, o in zip(smaller, once)), f"{name}: fewer values in, more out"


# === Twins: the clever rungs against brute force ===

@SETTINGS
@given(df_boards(max_side=4), st.sampled_from(df.READINGS))
def test_profile_and_probe_match_their_definitions(board, reading):
    """`profile` is generalised arc consistency on each room (checked by enumerating the
    other runs' fillings), and `probe` is exactly singleton consistency over `profile`
    (checked by the restart-from-scratch definition).  [DF-18]"""
    full = ladder.df_start(board, reading)
    assert _apply(ladder.df_profile, board, full, reading) == \
        _apply(ladder.profile_by_enumeration, board, full, reading)
    definition = _apply(lambda b, d, r: ladder.singleton_consistency_by_definition(
        b, d, r, ladder.profile_by_enumeration), board, full, reading)
    assert _apply(ladder.df_probe, board, full, reading) == definition


@SETTINGS
@given(nd_boards(max_side=4), st.sampled_from(nd.READINGS))
def test_triple_and_probe_match_their_definitions(board, reading):
    """`triple` is hyper-arc consistency on the reading's triples (checked by enumerating the
    other regions' circles), and `probe` is exactly singleton consistency over `triple`
    (checked by the restart-from-scratch definition).  [ND-16]"""
    full = ladder.nd_start(board, reading)
    assert _apply(ladder.nd_triple, board, full, reading) == \
        _apply(ladder.triple_by_enumeration, board, full, reading)
    definition = _apply(lambda b, d, r: ladder.singleton_consistency_by_definition(
        b, d, r, ladder.triple_by_enumeration), board, full, reading)
    assert _apply(ladder.nd_probe, board, full, reading) == definition


# === The published reading: a triple with two circles in one region is not dead ===

def test_published_triple_uses_two_circles_in_one_region():
    """Under the published reading three whites are forbidden too, so a triple whose first
    two circles share a region forces that region's black onto one of them once the third
    circle is white.  [X-01, ND-16]

        regions   circles
        0 0 1     o o W
        0 0 1     o . o
    """
    board = nd.parse("nondango\nregions:\n0 0 1\n0 0 1\ncircles:\no o W\no . o\n")
    write_up = ladder.prove(board, "triple", "write-up")
    published = ladder.prove(board, "triple", "published")
    assert (1, 0) not in write_up.facts
    assert published.facts[(1, 0)] == ladder.WHITE


# === The do-nothing rung ===

@SETTINGS
@given(df_boards())
def test_run_rung_decides_nothing_official_and_empties_middles_without_stacking(board):
    """Under the official reading `run` proves nothing about any white cell (every run can
    be left empty, and every cell can hold a balloon or an iron ball); under the no-stacking
    reading a piece leans only on a cap, so in every run of two or more cells it proves the
    middle cells empty, the top cell not an iron ball and the bottom cell not a balloon.
    [DF-18, DF-07]"""
    assert ladder.prove(board, "run", "official").facts == {}
    expected = {}
    for run in df.runs(board):
        if run.length >= 2:
            expected.update({cell: ladder.EMPTY for cell in run.cells[1:-1]})
            expected[run.cells[0]], expected[run.cells[-1]] = ladder.NOT_IRON_BALL, ladder.NOT_BALLOON
    assert ladder.prove(board, "run", "no-stacking").facts == expected


# === One lesson per rung: a board it finishes and the rung below does not ===

SAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "boards" / "samples"


def lesson(name: str, rung: str, reading: str | None = None):
    """Load boards/samples/ladder-NAME.txt, check that its grade is `rung`, that `rung`
    draws the file's answer, and that the rung below leaves a knot."""
    path = SAMPLES / f"ladder-{name}.txt"
    board = (df if name.startswith("df") else nd).load(str(path))
    result = ladder.grade(board, reading)
    assert (result.rung, result.finished) == (rung, True)
    assert result.steps[-1].knot == 0 and not result.steps[-1].contradiction
    if len(result.steps) > 1:
        assert result.steps[-2].knot > 0
    proof = ladder.prove(board, rung, reading)
    if name.startswith("df"):
        drawn = {c for c, f in proof.facts.items() if f == ladder.BALLOON}, \
                {c for c, f in proof.facts.items() if f == ladder.IRON_BALL}
        assert drawn == (board.answer.balloons, board.answer.irons)
    else:
        assert {c for c, f in proof.facts.items() if f == ladder.BLACK} == board.answer
    return result


def test_lesson_run():
    """`run` finishes only a board with nothing to decide: no white cell at all.

        # #
    """
    assert lesson("df-run", "run").steps[0].total == 0


def test_lesson_room():
    """`room` finishes a board with one room per run: each room's only run must hold its
    balloon and its iron ball, so it is balloon on top, iron ball at the bottom; `run`
    alone decides nothing.  [DF-19]

        rooms      answer
        0 # #      o # #
        0 # 1      . # o
        0 # 1      * # *
    """
    lesson("df-room", "room")


def test_lesson_profile():
    """`profile` finishes a board with a starved room (room 2 holds no run-top); `room`
    stalls.  Room 1's balloon is pinned to the two cells of row 0, so the balloon of the
    middle run must lie in room 0 or room 2, cutting that run's fillings.  [DF-19]

        rooms      answer
        0 1 1      o o .
        0 2 1      * o *
        # 2 2      # . *
    """
    lesson("df-profile", "profile")


def test_lesson_dosun_fuwari_probe():
    """`probe` finishes a board on which `profile` stalls: assuming each filling of a run
    in turn, all but one contradict under `profile`.  [DF-18]

        rooms      answer
        0 0 #      o * #
        0 1 1      . * o
        2 2 2      . * o
    """
    lesson("df-probe", "probe")


def test_lesson_region():
    """`region` finishes a board whose every region holds one circle.  [ND-16]

        regions    circles    answer
        0 1 1      . o .      . # .
        0 0 2      o . o      # . #
        3 3 3      o . .      # . .
    """
    lesson("nd-region", "region")


def test_lesson_triple():
    """`triple` finishes a board on which `region` leaves region 3 open: its circle (2, 1)
    would be the third black circle of the bottom row.  [ND-16]

        regions    circles    answer
        0 1 1      . o .      . # .
        0 0 1      . o .      . # .
        2 3 3      o o o      # o #
    """
    lesson("nd-triple", "triple")


def test_lesson_nondango_probe():
    """`probe` finishes a board on which `triple` stalls: assuming (1, 1) black rules
    (2, 2) out by the diagonal from (0, 0), which makes (2, 0) black and completes the
    other diagonal through (0, 2); so (1, 1) is white.  [ND-16]

        regions    circles    answer
        0 1 1      o . o      # . #
        0 2 2      . o o      . o #
        3 3 3      o . o      # . o
    """
    lesson("nd-probe", "probe")


# === The search rung: no small board needs it ===

def test_probe_finishes_every_3x3_dosun_fuwari_board_with_at_most_one_answer():
    """No lesson board exists for the Dosun-Fuwari `search` rung at this size: on every 3x3
    board (every set of black cells, every partition into connected rooms), `probe`
    finishes the board exactly when it has at most one answer, so `search` is needed only
    to list several answers.  [DF-19]"""
    for board in df.all_boards(3, 3):
        finished = ladder.prove(board, "probe").finished
        assert finished == (df.count_answers(board, cap=2).count <= 1), df.picture(board)


def test_probe_finishes_small_random_nondango_boards_with_at_most_one_answer():
    """No lesson board was found for the Nondango `search` rung either: on 300 seeded random
    4x4 boards under every reading, `probe` finishes exactly the boards with at most one
    answer.  [ND-16]"""
    for seed in range(300):
        board = nd.random_board(4, 4, seed, 0.8, 2.0)
        for reading in nd.READINGS:
            finished = ladder.prove(board, "probe", reading).finished
            assert finished == (nd.count_answers(board, reading, cap=2).count <= 1), nd.picture(board)


def test_a_contradiction_names_its_cells_as_the_play_page_labels_them(capsys):
    """A rung that proves there is no answer says which cells it concerns (Proof.where),
    and ladder.py prints them as the play page labels cells: column letters, row numbers."""
    board = df.parse("dosun-fuwari\nrooms:\n0 1\n")            # two one-cell rooms
    proof = ladder.prove(board, "room")
    assert proof.contradiction and proof.where in (((0, 0),), ((0, 1),))
    assert [common.position(cell) for cell in ((0, 0), (2, 1), (0, 25), (0, 26), (9, 27))] \
        == ["A1", "B3", "Z1", "AA1", "AB10"]
    path = "boards/samples/df-one-cell-1x1.txt"
    assert ladder.main([str(Path(ladder.__file__).parent / path), "--rung", "room"]) == 0
    assert "into a room at A1 (columns lettered from A" in capsys.readouterr().out


# === Limits: a board too large for the ladder is refused in one line ===

def rooms_are_rows(n: int) -> df.Board:
    """An n×n board without black cells whose rooms are its rows: one run per column, every
    run crossing every room, the shape on which the rungs' work grows fastest."""
    return df.make_board(n, n, frozenset(), [frozenset((r, c) for c in range(n)) for r in range(n)])


def test_a_board_with_too_many_fillings_is_refused_before_any_rung():
    """A 100x100 board whose rooms are its rows has 100 runs of 5,151 official fillings each,
    515,100 in all, past LADDER_FILLINGS: prove refuses it at once with one BoardError (it
    used to run the room rung for 8 s and the profile rung for more than 50 s), and ladder.py
    refuses it the same way (the next test shows its one line)."""
    with pytest.raises(common.BoardError, match=re.escape(
            "too large for the ladder: its runs have 515,100 fillings in all under the "
            "official reading (at most 250,000)")):
        ladder.prove(rooms_are_rows(100), "run")


def test_a_rung_that_spends_its_work_is_stopped(monkeypatch, tmp_path, capsys):
    """Past LADDER_WORK values looked at, the rung under way stops with one BoardError that
    names it; a rung called directly, outside prove, has no limit; and the same board within
    the limit is proved as before.  ladder.py prints the refusal as one line, exit status 2."""
    board = rooms_are_rows(6)
    expected = ladder.prove(board, "probe")
    monkeypatch.setattr(ladder, "LADDER_WORK", 1000)
    with pytest.raises(common.BoardError, match=re.escape(
            "too large for the ladder: the probe rung looked at more than 1,000 values "
            "(fillings or circles) on this board")):
        ladder.prove(board, "probe")
    direct = ladder.df_probe(board, ladder.start(board))
    assert direct == expected.domains
    path = tmp_path / "rows.txt"
    path.write_text(df.url(board) + "\n")
    assert ladder.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ladder.py: too large for the ladder: the ")
    assert ladder.main([str(path), "--rung", "run"]) == 2     # the rung asked for, then no grade
    out, err = capsys.readouterr()
    assert out.startswith("== run: ") and err.startswith("ladder.py: no grade: too large")
    monkeypatch.setattr(ladder, "LADDER_WORK", 10_000_000)
    assert ladder.prove(board, "probe") == expected
