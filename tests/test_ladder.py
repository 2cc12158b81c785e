"""The ladder as a lesson, in the write-ups' order: every rung is sound, each is no weaker
than the one below, the clever rungs are their definitions, and the split falls where the
write-ups say.  [DF-18, DF-19, ND-16]

Boards come from the write-ups' own generators (Dosun-Fuwari: trivial_board, starved_board,
unique_board; Nondango: bank_board, dial_board), which build the answer first, and for the
soundness theorems also from random small boards beyond them (any black cells and any
connected rooms; any connected regions, circles and givens).  Each property test labels its
examples with `hypothesis.event`, so `pytest --hypothesis-show-statistics` shows the share
that reaches the assertion.  Machinery (limits, command line, pictures) is in
tests/test_ladder_plumbing.py.
"""

from __future__ import annotations

from itertools import islice, product
from pathlib import Path

from hypothesis import assume, event, given, settings, strategies as st

import dosun_fuwari as df
import drawn
import ladder
import nondango as nd
from twins import dosun_fuwari as df_twin, same

ANSWER_CAP = 3000  # answers of engine 1 read per board; past it, "exactly" is not checked
SAMPLES = Path(__file__).resolve().parent.parent / "boards" / "samples"


# === Boards by construction ===

def df_random(max_side: int = 5):
    """Beyond the generator: any black cells, any connected rooms of the white cells, most
    neighbours joined (drawn.df_boards)."""
    return drawn.df_boards(max_side, join=drawn.MOSTLY)


@st.composite
def df_built(draw, starved: st.SearchStrategy = st.integers(0, 2), most: int = 5) -> df.Board:
    """The write-up's generator, 4x4 to `most` x `most`: a trivial board, or one with
    starved rooms (unique or not); every one has its drawn answer."""
    rows, cols = draw(st.integers(4, most)), draw(st.integers(4, most))
    seed, k = draw(st.integers(0, 10**6)), draw(starved)
    if k == 0:
        return df.trivial_board(seed, rows, cols)
    return draw(st.sampled_from([df.starved_board, df.unique_board]))(seed, rows, cols, k)


def nd_random(max_side: int = 5):
    """Beyond the generator: any connected regions, most neighbours joined; any circles and
    givens (drawn.nd_boards)."""
    return drawn.nd_boards(max_side, join=drawn.MOSTLY)


@st.composite
def nd_built(draw, published: bool = False) -> nd.Board:
    """The write-up's generators, 4x4 to 6x6: a bank board (unique) or a dial board (its
    drawn answer and k certified white circles, often several answers); with `published`,
    the bank procedure read under the published rule."""
    rows, cols, seed = draw(st.integers(4, 6)), draw(st.integers(4, 6)), draw(st.integers(0, 10**6))
    if published:
        return nd.bank_board(rows, cols, seed, reading="published")
    if draw(st.booleans()):
        return nd.bank_board(rows, cols, seed)
    return nd.dial_board(rows, cols, draw(st.integers(0, rows * cols)), seed)


@st.composite
def with_answer(draw, built: dict, beyond, readings) -> tuple:
    """(board, reading) with an answer by construction, four draws in five: `built[r]` is
    a generator whose drawn answer obeys reading r; the fifth is a random board `beyond` the
    generator under any reading, which may have none."""
    if draw(st.integers(0, 99)) < 80:
        reading = draw(st.sampled_from(sorted(built)))
        return draw(built[reading]), reading
    return draw(beyond), draw(st.sampled_from(readings))


# The generator's answer obeys the official and loose readings (a loose rule allows more);
# without stacking only the trivial board keeps it.  Nondango: a white circle never breaks
# the answer under the write-up's reading (nor without diagonals); the published bank is
# drawn under its own rule.  [DF-06, DF-07, ND-13, X-02]
DF_CASES = with_answer({"official": df_built(), "loose": df_built(most=4),
                        "no-stacking": df_built(st.just(0))}, df_random(), df.READINGS)
ND_CASES = with_answer({"write-up": nd_built(), "no-diagonals": nd_built(),
                        "published": nd_built(published=True)}, nd_random(), nd.READINGS)
DF_SMALL = with_answer({"official": df_built(st.integers(0, 1), 4),
                        "loose": df_built(st.just(0), 4),
                        "no-stacking": df_built(st.just(0), 4)}, df_random(4), df.READINGS)
ND_SMALL = with_answer({"write-up": nd_built(), "no-diagonals": nd_built(),
                        "published": nd_built(published=True)}, nd_random(4), nd.READINGS)


# === What the complete engine says, and what each rung keeps ===

def answer_values(board, reading) -> tuple[list[set], int]:
    """Per variable, the values engine 1's answers use (a run's run state, a region's black
    circle), and how many answers were read (at most ANSWER_CAP)."""
    if ladder.genre_of(board) == "dosun-fuwari":
        runs = df.runs(board)
        seen: list[set] = [set() for _ in runs]
        answers = islice(df.solve(board, reading), ANSWER_CAP)
        def values(a):  # noqa: E306
            return ["".join(df.BALLOON if c in a.balloons else df.IRON if c in a.irons else df.EMPTY
                            for c in run.cells) for run in runs]
    else:
        seen = [set() for _ in board.regions]
        answers = islice(nd.solve(board, reading), ANSWER_CAP)
        def values(a):  # noqa: E306
            return [next(iter(a & region)) for region in board.regions]
    n = 0
    for n, answer in enumerate(answers, 1):
        for found, value in zip(seen, values(answer)):
            found.add(value)
    return seen, n


def apply(rung, board, domains, reading):
    """What `rung` keeps, or None when it raises Contradiction."""
    try:
        return rung(board, domains, reading)
    except ladder.Contradiction:
        return None


def kept_by_every_rung(board, reading) -> dict:
    """Rung name -> what it keeps from the start domains (None: a contradiction)."""
    return {name: apply(rung, board, ladder.start(board, reading), reading)
            for name, rung in ladder.LADDER[ladder.genre_of(board)]}


def label(n_answers: int) -> None:
    """Say, for the statistics, how many answers the drawn board has."""
    event("no answer" if n_answers == 0 else "one answer" if n_answers == 1 else "several answers")


# === Dosun-Fuwari and Nondango: every rung is sound ===

def check_no_rung_removes_an_answers_value(board, reading):
    values, n = answer_values(board, reading)
    label(n)
    assume(n > 0)          # the generator always gives one; a random board sometimes
    for name, kept in kept_by_every_rung(board, reading).items():
        assert kept is not None, f"{name} contradicts on a board with an answer"
        assert all(v <= d for v, d in zip(values, kept)), f"{name} removes a value of an answer"


@settings(max_examples=120)
@given(DF_CASES)
def test_no_dosun_fuwari_rung_removes_a_run_state_an_answer_uses(case):
    """On a board with an answer, no rung contradicts and no rung removes a run state that
    some answer puts into its run, under every reading.  [DF-18]"""
    check_no_rung_removes_an_answers_value(*case)


@settings(max_examples=120)
@given(ND_CASES)
def test_no_nondango_rung_removes_a_circle_an_answer_blackens(case):
    """On a board with an answer, no rung contradicts and no rung removes a circle that is
    black in some answer, under every reading (under the published one a triple with two
    circles in one region still constrains).  [ND-16, X-01]"""
    check_no_rung_removes_an_answers_value(*case)


def check_search_keeps_exactly_the_answers_values(board, reading):
    values, n = answer_values(board, reading)
    label(n)
    assume(n < ANSWER_CAP)
    kept = kept_by_every_rung(board, reading)["search"]
    if n == 0:
        assert kept is None, "search keeps domains on a board without an answer"
    else:
        assert kept is not None, "search contradicts on a board with an answer"
        assert [set(d) for d in kept] == values


@settings(max_examples=120)
@given(DF_CASES)
def test_dosun_fuwari_search_keeps_exactly_the_answers_run_states(case):
    """The top rung is complete: it keeps exactly the run states some answer uses, and it
    contradicts exactly when the board has no answer.  [DF-18, DF-20]"""
    check_search_keeps_exactly_the_answers_values(*case)


@settings(max_examples=120)
@given(ND_CASES)
def test_nondango_search_keeps_exactly_the_answers_circles(case):
    """The top rung is complete: it keeps exactly the circles black in some answer, and it
    contradicts exactly when the board has no answer.  [ND-16, ND-07]"""
    check_search_keeps_exactly_the_answers_values(*case)


# === Each rung is no weaker than the one below ===

def check_monotone(board, reading):
    kept = kept_by_every_rung(board, reading)
    names = list(kept)
    event("some rung contradicts" if None in kept.values() else "no rung contradicts")
    for lower, upper in zip(names, names[1:]):
        if kept[lower] is None:
            assert kept[upper] is None, f"{lower} contradicts but {upper} does not"
        elif kept[upper] is not None:
            assert all(u <= v for u, v in zip(kept[upper], kept[lower])), (
                f"{upper} keeps what {lower} drops")


@settings(max_examples=120)
@given(DF_CASES)
def test_each_dosun_fuwari_rung_keeps_no_more_than_the_one_below(case):
    """run ⊇ room ⊇ profile ⊇ probe ⊇ search: each rung keeps a subset of what the rung
    below keeps, and contradicts whenever it does.  [DF-18]"""
    check_monotone(*case)


@settings(max_examples=120)
@given(ND_CASES)
def test_each_nondango_rung_keeps_no_more_than_the_one_below(case):
    """region ⊇ triple ⊇ probe ⊇ search, likewise.  [ND-16]"""
    check_monotone(*case)


# === A rung is a fixpoint, and fewer values in give fewer out ===

@settings(max_examples=80)
@given(st.one_of(DF_CASES, ND_CASES), st.data())
def test_a_rung_applied_to_its_own_result_changes_nothing(case, data):
    """Every rung reaches a fixpoint: run again on what it kept, it removes nothing more.
    [DF-18, ND-16]"""
    board, reading = case
    name, rung = data.draw(st.sampled_from(ladder.LADDER[ladder.genre_of(board)]))
    once = apply(rung, board, ladder.start(board, reading), reading)
    event("contradiction" if once is None else "kept domains")
    assume(once is not None)
    assert rung(board, once, reading) == once, f"{name} is not at a fixpoint"


@settings(max_examples=80)
@given(st.one_of(DF_CASES, ND_CASES), st.data())
def test_a_rung_given_fewer_values_keeps_no_more(case, data):
    """Take one value out of one domain of two or more: no rung keeps more than it kept from
    the whole domains, and a contradiction stays a contradiction.  [DF-18, ND-16]"""
    board, reading = case
    full = ladder.start(board, reading)
    wide = [i for i, d in enumerate(full) if len(d) > 1]
    event("a domain to narrow" if wide else "every domain a single value")
    assume(wide)
    index = data.draw(st.sampled_from(wide))
    value = data.draw(st.sampled_from(sorted(full[index])))
    fewer = tuple(d - {value} if i == index else d for i, d in enumerate(full))
    for name, rung in ladder.LADDER[ladder.genre_of(board)]:
        more, less = apply(rung, board, full, reading), apply(rung, board, fewer, reading)
        if more is None:
            assert less is None, f"{name}: fewer values in, no contradiction out"
        elif less is not None:
            assert all(s <= o for s, o in zip(less, more)), f"{name}: fewer values in, more out"


# === The clever rungs are their definitions (brute-force twins) ===
# The twins share nothing with ladder.py but its signature and its Contradiction: they read
# the board through the puzzle modules' public functions (the board, its runs or triples,
# the run states seen alone) and enumerate.

def profile_by_enumeration(board: df.Board, domains, reading: str = "official"):
    """The twin of `df_profile`: a run state stays if, in every room it touches, some choice of
    one run state per other run through the room (enumerated) gives exactly one balloon and one
    iron ball there; repeated until nothing changes.  Raises Contradiction when a run empties."""
    runs, room_of = df.runs(board), df.room_of(board)
    doms = [set(d) & set(df.run_states(run.length, reading)) for d, run in zip(domains, runs)]
    through = [[r for r, run in enumerate(runs) if any(room_of[c] == room for c in run.cells)]
               for room in range(len(board.rooms))]

    def exactly_one_each(room, picks):
        symbols = [s for r, f in picks for s, c in zip(f, runs[r].cells) if room_of[c] == room]
        return symbols.count(df.BALLOON) == 1 and symbols.count(df.IRON) == 1

    changed = True
    while changed:
        changed = False
        for room, members in enumerate(through):
            for r in members:
                others = [o for o in members if o != r]
                keep = {f for f in doms[r]
                        if any(exactly_one_each(room, [(r, f), *zip(others, pick)])
                               for pick in product(*(doms[o] for o in others)))}
                changed |= keep != doms[r]
                doms[r] = keep
                if not keep:
                    raise ladder.Contradiction("a room cannot get one balloon and one iron ball")
    return tuple(map(frozenset, doms))


def givens_read(board: nd.Board, domains) -> list[set]:
    """The domains with the givens read from the rules' words: a circle given white is never
    black, and a region's circle given black is its black one (a region given two has
    none).  Raises Contradiction when a region has no circle left."""
    doms = []
    for region, domain in zip(board.regions, domains):
        keep = set(domain) - board.given_white
        given = region & board.given_black
        if len(given) > 1:
            keep = set()
        elif given:
            keep &= given
        if not keep:
            raise ladder.Contradiction("a region has no circle that can be black")
        doms.append(keep)
    return doms


def triple_by_enumeration(board: nd.Board, domains, reading: str = "write-up"):
    """The twin of `nd_triple`: a circle stays in its region's domain if, for every triple of
    the reading touching the region, some choice of one circle per other region of the
    triple (enumerated) colours the triple legally; repeated until nothing changes.  The
    givens are read first (`givens_read`).  Raises Contradiction when a region empties."""
    region_of, forbidden = nd.region_of(board), nd.FORBIDDEN_COLOURS[reading]
    doms = givens_read(board, domains)
    changed = True
    while changed:
        changed = False
        for triple in nd.triples(board, reading):
            scope = sorted({region_of[c] for c in triple})
            for g in scope:
                others = [o for o in scope if o != g]

                def legal(blacks):
                    return not ((blacks == 3 and "black" in forbidden)
                                or (blacks == 0 and "white" in forbidden))
                keep = {c for c in doms[g] if any(legal(len({c, *pick} & set(triple)))
                                                  for pick in product(*(doms[o] for o in others)))}
                changed |= keep != doms[g]
                doms[g] = keep
                if not keep:
                    raise ladder.Contradiction("a triple leaves a region no circle")
    return tuple(map(frozenset, doms))


def singleton_consistency_by_definition(board, domains, reading, propagate):
    """The twin of `probe`: remove any one value whose assumption alone makes `propagate`
    contradict, restart from scratch, until no value does: the largest sub-domains in which
    every value survives its own probe.  Raises Contradiction when a domain empties."""
    doms = tuple(map(frozenset, domains))
    if not all(doms):
        raise ladder.Contradiction("a domain is empty before any probe")
    while True:
        failing = next(((i, v) for i, d in enumerate(doms) for v in sorted(d)
                        if apply(propagate, board,
                                 tuple({v} if j == i else e for j, e in enumerate(doms)),
                                 reading) is None), None)
        if failing is None:
            return doms
        i, v = failing
        doms = tuple(e - {v} if j == i else e for j, e in enumerate(doms))
        if not doms[i]:
            raise ladder.Contradiction("every value of a domain fails its probe")


def _kept(rung):
    """`rung` with Contradiction read as None, under the rung's own name (for `same`)."""
    def kept(board, domains, reading):
        return apply(rung, board, domains, reading)
    kept.__name__ = rung.__name__
    return kept


def _probe_by_definition(propagate):
    def probe_by_definition(board, domains, reading):
        return singleton_consistency_by_definition(board, domains, reading, propagate)
    return probe_by_definition


def _twin_cases(board, reading):
    """The one case a twin test compares, labelled by whether the last rung keeps domains."""
    last = ladder.LADDER[ladder.genre_of(board)][-1][1]
    event("contradiction" if apply(last, board, ladder.start(board, reading), reading) is None
          else "domains kept")
    return [(board, ladder.start(board, reading), reading)]


@settings(max_examples=100)
@given(DF_SMALL)
def test_profile_is_generalised_arc_consistency_on_each_room(case):
    """`df_profile` keeps exactly the run states that, in every room they touch, some choice of
    the other runs' run states (enumerated) completes to one balloon and one iron ball.  [DF-18]"""
    same(_kept(ladder.df_profile), _kept(profile_by_enumeration), _twin_cases(*case))


@settings(max_examples=60)
@given(DF_SMALL)
def test_dosun_fuwari_probe_is_singleton_consistency_over_profile(case):
    """`df_probe` keeps exactly the largest domains in which no run state, assumed alone,
    makes `profile` contradict (the restart-from-scratch definition).  [DF-18]"""
    same(_kept(ladder.df_probe), _kept(_probe_by_definition(profile_by_enumeration)),
         _twin_cases(*case))


@st.composite
def nd_narrowed(draw) -> tuple:
    """(board, domains, reading): an ND_SMALL case with its start domains narrowed, every
    region keeping one circle drawn and each other circle one time in `odds` (1: all of
    them), as a player's marks or a probe's assumption narrow them: the triple rule then has
    circles to cut and contradictions to find."""
    board, reading = draw(ND_SMALL)
    odds = draw(st.integers(1, 4))
    domains = []
    for domain in ladder.start(board, reading):
        values = sorted(domain)
        kept = {values[draw(st.integers(0, len(values) - 1))]} if values else set()
        kept |= {v for v in values if draw(st.integers(1, odds)) == 1}
        domains.append(frozenset(kept))
    return board, tuple(domains), reading


def _outcome(rung, case) -> str:
    """What `rung` does to the case's domains, for the statistics."""
    board, domains, reading = case
    kept = apply(rung, board, domains, reading)
    if kept is None:
        return "contradiction"
    return ("circles removed" if kept != ladder.nd_region(board, domains, reading)
            else "none removed")


@settings(max_examples=100)
@given(nd_narrowed())
def test_triple_is_hyper_arc_consistency_on_each_triple(case):
    """`nd_triple` keeps exactly the circles that, in every triple of the reading touching
    their region, some choice of the other regions' circles (enumerated) colours legally,
    from any domains, whether it cuts circles or finds a contradiction.  [ND-16]"""
    event(_outcome(ladder.nd_triple, case))
    same(_kept(ladder.nd_triple), _kept(triple_by_enumeration), [case])


@settings(max_examples=100)
@given(nd_narrowed())
def test_nondango_probe_is_singleton_consistency_over_triple(case):
    """`nd_probe` keeps exactly the largest domains in which no circle, assumed black alone,
    makes `triple` contradict, from any domains.  [ND-16]"""
    event(_outcome(ladder.nd_probe, case))
    same(_kept(ladder.nd_probe), _kept(_probe_by_definition(triple_by_enumeration)), [case])


# === Dosun-Fuwari: one lesson per rung ===

def lesson(name: str, rung: str, reading: str | None = None) -> ladder.Grade:
    """Load boards/samples/ladder-NAME.txt, check that its grade is `rung`, that `rung`
    draws the file's answer, and that the rung below leaves a knot."""
    board = (df if name.startswith("df") else nd).load(str(SAMPLES / f"ladder-{name}.txt"))
    result = ladder.grade(board, reading)
    assert (result.rung, result.finished) == (rung, True)
    assert result.steps[-1].knot == 0 and not result.steps[-1].contradiction
    if len(result.steps) > 1:
        assert result.steps[-2].knot > 0
    facts = ladder.prove(board, rung, reading).facts
    if name.startswith("df"):
        drawn = ({c for c, f in facts.items() if f == ladder.BALLOON},
                 {c for c, f in facts.items() if f == ladder.IRON_BALL})
        assert drawn == (board.answer.balloons, board.answer.irons)
    else:
        assert {c for c, f in facts.items() if f == ladder.BLACK} == board.answer
    return result


@settings(max_examples=60)
@given(df_built(st.just(0)))
def test_run_proves_nothing_under_the_official_reading(board):
    """`run`, the do-nothing rung, proves nothing about any white cell under the official
    reading: every run can be left empty, and every cell can hold a balloon or an iron ball.
    [DF-18]"""
    event("a white cell" if board.rooms else "no white cell")
    assert ladder.prove(board, "run", "official").facts == {}


@settings(max_examples=60)
@given(df_built(st.just(0)))
def test_run_empties_the_middle_of_every_run_without_stacking(board):
    """Under the no-stacking reading a piece leans only on a cap, so `run` proves the middle
    cells of every run empty, its top cell not an iron ball and its bottom not a balloon.
    [DF-18, DF-07]"""
    expected = {}
    for run in df.runs(board):
        if run.length >= 2:
            expected.update({cell: ladder.EMPTY for cell in run.cells[1:-1]})
            expected[run.cells[0]] = ladder.NOT_IRON_BALL
            expected[run.cells[-1]] = ladder.NOT_BALLOON
    event("a run of two cells or more" if expected else "only one-cell runs")
    assert ladder.prove(board, "run", "no-stacking").facts == expected


def test_lesson_run():
    """`run` finishes only a board with nothing to decide: no white cell at all.  [DF-18]

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
    stalls.  Only the middle run can give room 2 its balloon, hung at (1, 1) under one at
    (0, 1), so `room` pins both; `profile` then reads room 1's balloon at (0, 1), rules
    the balloon out of (0, 2) and leaves (2, 1) empty.  [DF-19]

        rooms      answer
        0 1 1      o o .
        0 2 1      * o *
        # 2 2      # . *
    """
    lesson("df-profile", "profile")


def test_lesson_dosun_fuwari_probe():
    """`probe` finishes a board on which `profile` stalls: assuming each run state of a run
    in turn, all but one contradict under `profile`.  [DF-18]

        rooms      answer
        0 0 #      o * #
        0 1 1      . * o
        2 2 2      . * o
    """
    lesson("df-probe", "probe")


# === Dosun-Fuwari: the split ===

@settings(max_examples=60)
@given(st.integers(0, 10**6), st.integers(4, 6), st.integers(4, 6))
def test_a_board_without_a_starved_room_finishes_at_room(seed, rows, cols):
    """The generator's trivial board (one room per run) finishes at `room`: counting alone,
    with no reference to floating or sinking.  [DF-19, DF-13]"""
    assert ladder.grade(df.trivial_board(seed, rows, cols)).rung == "room"


@settings(max_examples=60)
@given(st.integers(0, 10**6), st.integers(4, 5), st.integers(4, 5), st.integers(1, 2))
def test_a_unique_board_with_starved_rooms_needs_profile_and_no_more(seed, rows, cols, starved):
    """Starving rooms moves a unique board from `room` up exactly one rung: `profile`
    finishes it and `room` does not.  [DF-19]"""
    assert ladder.grade(df.unique_board(seed, rows, cols, starved)).rung == "profile"


def test_probe_finishes_every_3x3_dosun_fuwari_board_with_at_most_one_answer():
    """No small board needs search: on every 3x3 board (every set of black cells, every
    partition into connected rooms), `probe` finishes the board exactly when it has at most
    one answer, so `search` is needed only to list several answers.  [DF-19]"""
    for board in df_twin.all_boards(3, 3):
        finished = ladder.prove(board, "probe").finished
        assert finished == (df.count_answers(board, cap=2).count <= 1), df.picture(board)


# === Nondango: one lesson per rung ===

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


def test_published_triple_uses_two_circles_in_one_region():
    """Under the published reading three whites are forbidden too, so a triple whose first
    two circles share a region forces that region's black onto one of them once the third
    circle is white.  [X-01, ND-16]

        regions   circles
        0 0 1     o o W
        0 0 1     o . o
    """
    board = nd.parse("nondango\nregions:\n0 0 1\n0 0 1\ncircles:\no o W\no . o\n")
    assert (1, 0) not in ladder.prove(board, "triple", "write-up").facts
    assert ladder.prove(board, "triple", "published").facts[(1, 0)] == ladder.WHITE


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


# === Nondango: the split ===

@settings(max_examples=60)
@given(st.integers(0, 10**6), st.integers(4, 7), st.integers(4, 7))
def test_no_board_of_the_bank_procedure_needs_search(seed, rows, cols):
    """Every board the write-up's bank procedure draws is finished by `probe` or a rung
    below it: nothing in the bank needs search.  [ND-16]"""
    result = ladder.grade(nd.bank_board(rows, cols, seed))
    event(f"grade {result.rung}")
    assert result.finished and result.rung != "search"


def test_probe_finishes_small_random_nondango_boards_with_at_most_one_answer():
    """On 300 seeded random 4x4 boards under every reading, `probe` finishes exactly the
    boards with at most one answer, so `search` is needed only to list several answers.
    [ND-16]"""
    for seed in range(300):
        board = nd.random_board(4, 4, seed, 0.8, 2.0)
        for reading in nd.READINGS:
            finished = ladder.prove(board, "probe", reading).finished
            assert finished == (nd.count_answers(board, reading, cap=2).count <= 1), (
                nd.picture(board))
