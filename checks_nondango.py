"""The checks of the Nondango write-up, one function per claim, in the write-up's order.

Each check is named after its claim ID (ND-05 → `nd_05`), takes `quick` (small samples,
for CI) and returns a `Finding`; its docstring states the claim in one sentence and ends
with the ID.  verify.py finds the checks by these names, runs them and prints the report;
the claims and the write-up's figures are in its catalogue.  The banners below are the
write-up's own section headings, so a reader with the write-up open finds the check of a
paragraph under its heading.  A helper that one check alone uses sits just above it;
helpers several checks use come first.

Beside it: the puzzle in nondango.py, the ladder in ladder.py, the bank in bank.py and
boards/nondango/, the statistics in stats.py.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import statistics

import dosun_fuwari as df
import ladder
import nondango as nd
from checks_common import (CLOSE_LOG, Finding, bank_boards, ladder_audit_finding,
                           near, random_parts)
from common import below
from stats import binomial_interval, rate_verdict

__all__ = [
    "nd_01", "nd_02", "nd_03", "nd_04", "nd_05", "nd_06", "nd_07", "nd_08", "nd_09", "nd_10",
    "nd_11", "nd_12", "nd_13", "nd_14", "nd_15", "nd_16", "nd_17", "nd_18",
]


# === Boards several checks share ===

ND_SAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "boards", "samples",
                         "nd-pzprjs-6x6.txt")  # the pzprjs sample
# the shapes (rows, cols) whose every board is tried, with --quick and without
ND_SHAPES_QUICK = ((1, 3), (3, 1), (1, 4), (4, 1), (2, 2), (1, 5))
ND_SHAPES_FULL = ND_SHAPES_QUICK + ((2, 3), (3, 2), (1, 6))
ND_GIVEN_SHAPES_QUICK = ((1, 2), (1, 3), (1, 4))  # the same with pre-coloured circles
ND_GIVEN_SHAPES_FULL = ND_GIVEN_SHAPES_QUICK + ((2, 2),)


def _nd_small_boards(quick: bool, givens: bool = False):
    """Every board of the small shapes (smallest area first), then seeded random boards up
    to 5×5 with any regions, any circles and, with `givens`, pre-coloured circles."""
    if givens:
        shapes = ND_GIVEN_SHAPES_QUICK if quick else ND_GIVEN_SHAPES_FULL
    else:
        shapes = ND_SHAPES_QUICK if quick else ND_SHAPES_FULL
    for rows, cols in sorted(shapes, key=lambda s: (s[0] * s[1], s)):
        yield from nd.all_boards(rows, cols, givens)
    if not givens:  # every region split of 3×3 with a circle on every cell: all 4 directions
        cells = [(r, c) for r in range(3) for c in range(3)]
        for number, parts in enumerate(df.connected_partitions(cells)):
            if not quick or number % 7 == 0:
                yield nd.Board(3, 3, tuple(sorted(parts, key=min)), frozenset(cells))
    rng = random.Random(2024)
    for seed in range(25 if quick else 120):
        rows, cols = 2 + int(rng.random() * 4), 2 + int(rng.random() * 4)
        yield nd.random_board(rows, cols, seed, circle_rate=0.3 + 0.6 * rng.random(),
                              mean_size=1.5 + 3 * rng.random(),
                              given_rate=0.25 if givens else 0.0)


# === Two of the three circles can live in the same region, and then the rule says nothing ===

def nd_01(quick: bool) -> Finding:
    """The rules checker, written from the rules text, accepts exactly the paintings the
    triple-based engine finds, under all four readings, and the pzprjs sample's answer.  [ND-01]"""
    boards = failures = 0
    problems = []
    for board in _nd_small_boards(quick, givens=False):
        if board.rows * board.cols > 16:
            continue
        boards += 1
        for reading in nd.READINGS:
            picks = itertools.product(*(sorted(r & board.circles) for r in board.regions))
            accepted = {frozenset(p) for p in picks if nd.is_answer(board, frozenset(p), reading)}
            if accepted != set(nd.solve(board, reading)):
                failures += 1
                problems.append(f"{reading}: checker and engine 1 disagree on\n{nd.picture(board)}")
    sample = nd.load(ND_SAMPLE)
    if nd.violations(sample, sample.answer, "published"):
        problems.append("the pzprjs sample's answer breaks the published rule")
    return Finding("holds" if not problems else "refuted",
                   f"checker = engine 1 on {boards} boards × 4 readings; sample answer legal",
                   "every one-black-per-region painting of each board checked by the "
                   "rules checker and compared with engine 1's answer set; exhaustive "
                   "shapes " + ", ".join(f"{r}×{c}" for r, c in (ND_SHAPES_QUICK if quick else ND_SHAPES_FULL))
                   + ", every region split of 3×3 with a circle on every cell, plus seeded random "
                   "boards up to 5×5",
                   crosscheck_failures=problems[:3])


def nd_02(quick: bool) -> Finding:
    """A geometric triple with two circles in one region can never be all black, and
    under the black-only readings those are exactly the triples that can never fire.  [ND-02]"""
    boards = dead = 0
    problems = []
    for board in _nd_small_boards(quick):
        if board.rows * board.cols > 16:
            continue
        boards += 1
        index = nd.region_of(board)

        def picks(triple):  # one black circle in each region the triple touches
            touched = sorted({index[c] for c in triple})
            return [frozenset(p) for p in itertools.product(
                *(sorted(board.regions[i] & board.circles) for i in touched))]

        for reading in nd.READINGS:
            forbidden = nd.FORBIDDEN_COLOURS[reading]
            every = nd.triples(board, reading)
            never = {t for t in every if not any(
                ("black" in forbidden and all(c in p for c in t))
                or ("white" in forbidden and not any(c in p for c in t)) for p in picks(t))}
            screen = {t for t in every if nd.shares_a_region(board, t, index)}
            dead += len(screen) if reading == "write-up" else 0
            if set(nd.dead_triples(board, reading)) != never:
                problems.append(f"{reading}: dead_triples is not 'can never fire' on\n"
                                + nd.picture(board))
            if forbidden == {"black"} and screen != never:
                problems.append(f"{reading}: two circles in one region is not exactly "
                                f"'never all black' on\n" + nd.picture(board))
    if problems:
        return Finding("refuted", "the screen is not exact", problems[0],
                       counterexample=problems[0].split("\n", 1)[1],
                       corrected="a triple is dead exactly when no one-black-per-region "
                       "painting fires it", corrected_verdict="holds")
    return Finding("holds", f"{dead} dead triples on {boards} boards; screen = never fires",
                   "every one-black-per-region painting of the regions each triple touches: "
                   "under the write-up, "
                   "no-diagonals and anywhere readings the triples with two circles in one "
                   "region are exactly those no painting makes all black, and "
                   "nondango.dead_triples is exactly 'no painting fires it' under all four "
                   "readings (under published the screen is not exact: X-01)")


def nd_03(quick: bool) -> Finding:
    """About a third (34.8%) of the bank's geometric triples are dead, with 43.1 triples
    (28.3 live) per 8x8 board and 146.4 (95.3 live) per 12x12 board.  [ND-03]"""
    census = {size: nd.triple_census(bank_boards("nondango", size)) for size in (8, 12)}
    triples = sum(c.triples for c in census.values())
    dead = sum(c.dead for c in census.values()) / triples
    per = {size: (c.triples / c.boards, c.live / c.boards) for size, c in census.items()}
    close = abs(dead - 0.348) <= 0.05
    return Finding(
        "reproduced" if close else "differs",
        f"{dead:.1%} dead; 8x8 {per[8][0]:.1f}/{per[8][1]:.1f} live; "
        f"12x12 {per[12][0]:.1f}/{per[12][1]:.1f} live",
        "The dead share is the claim (within 5 points counts as reproduced); the counts per "
        "board follow from how many circles a generator keeps, and our bank keeps fewer "
        "white circles than the write-up's (see ND-14), so it draws fewer triples.")


def nd_04(quick: bool) -> Finding:
    """Solving with every geometric triple and with the live ones only gives the same answer
    set, on small and random boards and on the 36 8x8 bank boards.  [ND-04]"""
    boards = 0
    problems = []
    for board in _nd_small_boards(quick, givens=False):
        boards += 1
        full = set(nd.solve_with_triples(board, nd.triples(board)))
        if full != set(nd.solve(board)):
            problems.append(nd.picture(board))
    for seed in range(5 if quick else 36):
        board = nd.dial_board(8, 8, 16, seed)
        boards += 1
        if set(nd.solve_with_triples(board, nd.triples(board))) != set(nd.solve(board)):
            problems.append(nd.picture(board))
    shipped = bank_boards("nondango", 8)
    same = sum(set(nd.solve_with_triples(b, nd.triples(b))) == set(nd.solve(b)) for b in shipped)
    if problems:
        return Finding("refuted", "screen changed an answer set", counterexample=problems[0])
    return Finding("holds", f"same answer set on {boards} of {boards} boards; bank 8×8: "
                   f"{same} of {len(shipped)}",
                   "write-up's reading; exhaustive small shapes, seeded random boards up to "
                   "5×5, 8×8 dial boards with 16 certified circles, and the 36 8×8 bank boards",
                   crosscheck_failures=[] if same == len(shipped) else
                   [f"screen changed the answer set of {len(shipped) - same} bank boards"])


# === One swap is all it takes ===

def _nd_unique(board):
    """The board's one answer, or None when it has none or several."""
    answers = list(itertools.islice(nd.solve(board), 2))
    return answers[0] if len(answers) == 1 else None


def _nd_first(boards, test):
    """The first (board, answer) with a unique answer that passes `test`, or None."""
    for board in boards:
        answer = _nd_unique(board)
        if answer is not None and test(board, answer):
            return board, answer
    return None


def nd_05(quick: bool) -> Finding:
    """In a unique answer every white circle has a certificate and every single move in a
    region is illegal.  [ND-05]"""
    moves = certified = unique = 0
    problems = []
    # the write-up's statement on boards without pre-coloured circles, both definitions
    for board in _nd_small_boards(quick):
        answer = _nd_unique(board)
        if answer is None:
            continue
        unique += 1
        for cell, moved in nd.single_moves(board, answer):
            moves += 1
            careful = bool(nd.certificates(board, answer, cell))
            certified += careful and bool(nd.literal_certificates(board, answer, cell))
            if nd.is_answer(board, moved) or not careful:
                problems.append(nd.picture(board, answer))
    # with pre-coloured circles: the smallest unique board with an uncertified white
    found = _nd_first(nd.all_boards(1, 2, True) if quick else _nd_small_boards(quick, True),
                      lambda b, a: any(not nd.certificates(b, a, w) for w in b.circles - a))
    corrected_cases = corrected_bad = 0
    for board in _nd_small_boards(quick, givens=True):
        answer = _nd_unique(board)
        if answer is None:
            continue
        corrected_cases += 1
        if any(nd.is_answer(board, m) for _, m in nd.single_moves(board, answer)) or \
                any(not nd.certificates(board, answer, w) for w in nd.free_white_circles(board, answer)):
            corrected_bad += 1
    detail = (f"without pre-coloured circles: {unique} unique boards, {moves} single moves, all "
              f"illegal, {certified} certified under both the careful definition (a live line "
              "through w whose other two circles are black, outside w's region: exactly the lines "
              "that make the move illegal) and the literal one")
    if found is not None:
        board, answer = found
        detail += ("\nBeyond the write-up's boards: published puzzles may pre-colour a circle, "
                   "and a given white circle needs no certificate; smallest such board:\n"
                   + nd.picture(board, answer)
                   + "What holds there: in a unique answer every single move is illegal and "
                   "every free white circle (not given white, in a region whose black is not "
                   f"given) has a certificate; checked on {corrected_cases} unique boards with "
                   f"givens: {'holds' if corrected_bad == 0 else 'refuted'}.")
    bank_moves = bank_ok = 0
    for board in bank_boards("nondango"):
        for cell, moved in nd.single_moves(board, board.answer):
            bank_moves += 1
            bank_ok += (not nd.is_answer(board, moved)) and bool(
                nd.certificates(board, board.answer, cell))
    detail += (f"\nBank: {bank_moves} single moves on {len(bank_boards('nondango'))} boards, {bank_ok} illegal and "
               "certified (by construction: the generator adds only certified circles and "
               "keeps a board unique).")
    if problems or bank_ok != bank_moves:
        return Finding("refuted", "a single move in a unique answer is legal or uncertified",
                       detail, counterexample=problems[0] if problems else None,
                       corrected="none known: a unique answer makes every move illegal, and "
                       "an illegal move needs a line through the new black circle",
                       corrected_verdict="refuted",
                       crosscheck_failures=["ND-05 failed: uniqueness or the certificate "
                                            "definition is broken"])
    return Finding("holds", f"{moves} moves on small boards and {bank_moves} on the bank, "
                   "all illegal, all certified", detail)


def nd_06(quick: bool) -> Finding:
    """circles − regions ≤ certifying lines ≤ live triples on every unique board, where a
    certifying line is a certificate in the write-up's sense: a line through a white circle
    whose other two circles are black and make moving the region's black there illegal.  [ND-06]"""
    cases = bad = 0
    first_bad = None
    for board in _nd_small_boards(quick):
        answer = _nd_unique(board)
        if answer is None:
            continue
        cases += 1
        lines = len(nd.certifying_lines(board, answer))
        if not len(board.circles) - len(board.regions) <= lines <= len(nd.live_triples(board)):
            bad += 1
            first_bad = first_bad or nd.picture(board, answer)
    spares = [len(nd.certifying_lines(b, b.answer)) - (len(b.circles) - len(b.regions))
              for b in bank_boards("nondango")]
    bank_bad = sum(spare < 0 for spare in spares) + sum(
        len(nd.certifying_lines(b, b.answer)) > len(nd.live_triples(b)) for b in bank_boards("nondango"))

    def literal_breaks(b, a):
        return len(nd.literal_certifying_lines(b, a)) > len(nd.live_triples(b))

    def lower_breaks(b, a):
        return len(b.circles) - len(b.regions) > len(nd.certifying_lines(b, a))

    literal = _nd_first(_nd_small_boards(quick), literal_breaks)
    given = _nd_first(nd.all_boards(1, 2, True), lower_breaks)
    cases_given = bad_given = 0
    for board in _nd_small_boards(quick, givens=True):
        answer = _nd_unique(board)
        if answer is not None:
            cases_given += 1
            lines = len(nd.certifying_lines(board, answer))
            bad_given += not len(nd.free_white_circles(board, answer)) <= lines <= \
                len(nd.live_triples(board))
    notes = ["A certifying line is live by definition (its three circles in three regions), "
             "so the upper bound is immediate; the content is the lower bound.",
             f"{cases} unique boards without pre-coloured circles, {bad} violations; bank: "
             f"{len(spares)} boards, {bank_bad} violations, spare certifying lines: tightest "
             f"{min(spares)}, median {statistics.median(spares):g} (write-up: 1 and 9)."]
    if literal:
        notes.append("Counted as the write-up's next sentence counts them ('a line with two "
                     "black circles'), a dead line (its white circle in the region of one of "
                     "its blacks) is counted too, though moving that region's black onto the "
                     "white circle empties the line; then the upper bound fails, smallest:\n"
                     + nd.picture(*literal))
    if given:
        notes.append("Beyond the write-up's boards, with a circle given white the lower bound "
                     "fails (a given white circle needs no certificate), smallest:\n"
                     + nd.picture(*given) + "What holds there: free white circles ≤ "
                     f"certifying lines ≤ live triples, on {cases_given} unique boards with "
                     f"givens: {'holds' if bad_given == 0 else 'refuted'}.")
    verdict = "holds" if bad == 0 and bank_bad == 0 else "refuted"
    return Finding(verdict, f"0 violations on {cases} small and {len(spares)} bank boards; "
                   f"spare min {min(spares)}, median {statistics.median(spares):g}"
                   if verdict == "holds" else f"{bad + bank_bad} violations",
                   "\n".join(notes), counterexample=first_bad,
                   crosscheck_failures=[] if verdict == "holds" else
                   ["a unique board breaks the certificate inequality (no correction known)"])


# === No live triple, no puzzle at all ===

def nd_07(quick: bool) -> Finding:
    """The answer count is the product over groups (regions joined by live triples), and a
    region in no live triple contributes its number of circles.  [ND-07]"""
    cases = product_bad = lonely_bad_plain = lonely_bad_corrected = 0
    first = plain = product_first = None
    for givens in (False, True):
        for board in _nd_small_boards(quick, givens):
            cases += 1
            by_hand = nd.group_counts_by_hand(board)
            every = sum(1 for _ in itertools.islice(nd.solve_by_exhaustion(board), nd.COUNT_CAP))
            if every != min(math.prod(by_hand), nd.COUNT_CAP):   # the twin knows no groups
                product_bad += 1
                product_first = product_first or board
            live_cells = {c for t in nd.live_triples(board) for c in t}
            for group, count in zip(nd.groups(board), by_hand):
                region = board.regions[group[0]]
                if len(group) > 1 or region & live_cells:
                    continue
                if count != len(region & board.circles):
                    lonely_bad_plain += not givens
                    plain = plain or (None if givens else board)
                    first = first or (board if givens else None)
                candidates = (1 if len(region & board.given_black) == 1 else 0) \
                    if region & board.given_black else len((region & board.circles) - board.given_white)
                lonely_bad_corrected += count != candidates
    measured = f"product over groups exact on {cases - product_bad} of {cases} boards"
    crosscheck = [f"{product_bad} boards where the twin's count is not the product"] if product_bad else []
    detail = (f"{cases} boards with and without pre-coloured circles, groups counted by hand "
              "(exhaustion per group) and multiplied")
    if first is not None:
        detail += ("\nBeyond the write-up's boards: with a pre-coloured circle a lonely region "
                   "contributes fewer answers than it has circles; smallest such board:\n"
                   + nd.picture(first)
                   + "What holds there: a region in no live triple contributes the number of its "
                   "circles that may be black (1 if one is given black, else its circles less "
                   "the given white ones): "
                   f"{'holds' if lonely_bad_corrected == 0 else 'refuted'}.")
    if product_first is not None or plain is not None:
        return Finding("refuted", measured + f"; a lonely region's factor is wrong on "
                       f"{lonely_bad_plain} boards without givens", detail,
                       counterexample=nd.picture(product_first or plain),
                       corrected="a region in no live triple contributes the number of its "
                       "circles that may be black",
                       corrected_verdict="holds" if lonely_bad_corrected == 0 else "refuted",
                       crosscheck_failures=crosscheck)
    return Finding("holds", measured + "; every lonely region contributes its circle count",
                   detail, crosscheck_failures=crosscheck)


def nd_08(quick: bool) -> Finding:
    """Random boards with no live triple have exactly the product of their region sizes
    as answer count.  [ND-08]"""
    wanted = 30 if quick else 200
    found = exact = seed = 0
    while found < wanted:
        seed += 1
        board = nd.random_board(6, 6, seed, circle_rate=0.35, mean_size=3.2)
        if nd.live_triples(board):
            continue
        found += 1
        every = sum(1 for _ in itertools.islice(nd.solve_by_exhaustion(board), nd.COUNT_CAP))
        exact += every == min(math.prod(len(r & board.circles) for r in board.regions),
                              nd.COUNT_CAP)
    verdict, text = rate_verdict((exact, found), (200, 200))
    return Finding(verdict, f"{exact} of {found}", f"6×6 random boards (circle rate 0.35, "
                   f"mean region 3.2 cells), seeds 1..{seed}, kept when no live triple, "
                   "counted by the twin (exhaustion, no groups); a region's size is its number "
                   f"of circles (counting its cells instead fails whenever a cell has no "
                   f"circle); {text}")


def nd_09(quick: bool) -> Finding:
    """The bank splits into 189 groups over 72 boards, 114 of them single regions holding a
    single circle and the rest one group per board of up to 48 regions.  [ND-09]"""
    boards = bank_boards("nondango")
    census = nd.group_census(boards)
    big = [sum(1 for g in nd.groups(b) if len(g) > 1 or len(b.regions[g[0]] & b.circles) > 1)
           for b in boards]
    one_big = sum(n == 1 for n in big)
    return Finding(
        "reproduced" if one_big == len(boards) else "differs",
        f"{census.groups} groups, {census.single_circle_regions} single-circle regions, "
        f"largest {census.largest}; {one_big} of {len(boards)} boards have exactly one other group",
        "The qualitative claim is the shape: single-circle regions (givens) stand alone and the "
        "rest of a board collapses into one group.  Counts differ with how many regions a "
        "generator draws.")


# === Both ways of misquoting "three in a row" delete the puzzle ===

def nd_10(quick: bool) -> Finding:
    """Read without diagonals no bank board stays unique, with a median of 1,268 answers at
    8x8 and every 12x12 board past the 20,000 cap.  [ND-10]"""
    small = nd.reading_counts(bank_boards("nondango", 8), "no-diagonals")
    large = nd.reading_counts(bank_boards("nondango", 12)[: 6 if quick else None], "no-diagonals")
    unique = sum(c.count == 1 for c in small)
    capped = sum(c.capped for c in large)
    median = statistics.median(c.count for c in small)
    holds = unique == 0 and capped == len(large)
    return Finding(
        "reproduced" if holds else "differs",
        f"8x8 {unique} of {len(small)} unique, median {median:,.0f}; 12x12 {capped} of "
        f"{len(large)} past {nd.COUNT_CAP:,}",
        "engine 1 under the no-diagonals reading (the median is ours beside theirs, not a "
        "verdict)" + ("; --quick: 6 of the 12x12 boards" if quick else ""))


def nd_11(quick: bool) -> Finding:
    """Per line of L circles the legal black sets fall from tribonacci (A000073) under the
    write-up's reading to 1 + L + L(L−1)/2 (A000124) under 'anywhere', under which no
    bank board has an answer.  [ND-11]"""
    top = 12 if quick else 16
    ok = all(nd.count_line_fillings(L, "write-up") == nd.A000073[L + 3] ==
             nd.enumerate_line_fillings(L, "write-up") for L in range(top)) and \
        all(nd.count_line_fillings(L, "anywhere") == nd.A000124[L] ==
            nd.enumerate_line_fillings(L, "anywhere") for L in range(top))
    table = ", ".join(f"{nd.count_line_fillings(L)}→{nd.count_line_fillings(L, 'anywhere')}"
                      for L in range(1, 11))
    shipped = bank_boards("nondango")
    none = sum(c.count == 0 for c in nd.reading_counts(shipped, "anywhere"))
    return Finding("holds" if ok and none == len(shipped) else "refuted",
                   f"L = 0..{top - 1}: recurrence = 2^L enumeration = OEIS tables; bank: {none} "
                   f"of {len(shipped)} no answer", f"write-up → anywhere for L = 1..10: {table}; "
                   "bank boards counted by engine 1 under the anywhere reading")


def nd_12(quick: bool) -> Finding:
    """On full square grids with no three blacks in line a transfer matrix agrees with brute
    force while brute force keeps up and with A181218, and the 9×9 term passes 2^53.  [ND-12]"""
    terms = [nd.count_full_grids(n) for n in range(1, 10)]
    brute = [nd.count_full_grids_by_brute_force(n) for n in range(1, 5)]
    ninth = terms[8]
    ok = tuple(terms[:8]) == nd.A181218 and brute == terms[:4] and ninth > 2 ** 53
    return Finding(
        "holds" if ok else "refuted",
        f"terms 1..8 = A181218; a(9) = {ninth:,} > 2^53",
        f"brute force over all 2^(n·n) grids agrees for n ≤ 4; a(8) = {terms[7]:,} < 2^53 = "
        f"{2 ** 53:,}; a(9) as a double is {int(float(ninth)):,} (off by "
        f"{int(float(ninth)) - ninth:+,}); the write-up's '253' is 2^53 with its superscript lost")


# === The dial is how many white circles you dare add ===

def nd_13(quick: bool) -> Finding:
    """Certified white circles thrown in at random never remove the answer, and uniqueness
    falls as more are added: on 12x12 from 100.0% with none to 13.7% with 32.  [ND-13]"""
    n = 6 if quick else 60
    plan = {8: (0, 8, 16), 12: (0, 32)} if quick else {8: (0, 4, 8, 12, 16), 12: (0, 16, 32)}
    rows_out, lost, total, broken = [], 0, 0, 0
    rates = {}
    for size, ks in plan.items():
        for k in ks:
            unique = 0
            for seed in range(n):
                board = nd.dial_board(size, size, k, seed)
                total += 1
                count = nd.count_answers(board, cap=2)
                lost += count.count == 0 or not nd.is_answer(board, board.answer)
                unique += count.count == 1
                broken += not nd.is_answer(board, board.answer, "published")
            rates[(size, k)] = unique
            rows_out.append(f"{size}×{size} k={k}: {unique}/{n} unique")
    # the write-up's 3,276 dial boards for "never without an answer": the table above plus
    # 8×8 boards at k = 0..16 (no uniqueness count needed, so they are cheap)
    extra = 0 if quick else 3276 - total
    for i in range(extra):
        board = nd.dial_board(8, 8, i % 17, 10_000 + i)
        lost += not nd.is_answer(board, board.answer)
        broken += not nd.is_answer(board, board.answer, "published")
    total += extra
    verdict, text = rate_verdict((rates[(12, 32)], n), (137, 1000))
    theorem = "holds" if lost == 0 else "refuted"
    return Finding(
        verdict if theorem == "holds" else "refuted",
        f"{lost} of {total} dial boards without their answer; 12×12 k=32 {rates[(12, 32)]}/{n} unique",
        "; ".join(rows_out) + f". 12×12 k=32: {text} (write-up 100.0% at k=0 → 13.7% at "
        "k=32; its 8×8 table is announced ('That is 8×8') but absent from its text, so the "
        f"8×8 rows are ours alone). Under the published reading {broken} of {total} drawn "
        "answers are broken by three white circles. Region mean 3.2 cells, seeds 0.."
        f"{n - 1} per cell of the table" + ("" if not quick else " (quick sample)"))


def nd_14(quick: bool) -> Finding:
    """The bank keeps 15.4 white circles per 8x8 board (15,849 ways to paint) and 43.3 per
    12x12 board (10^11.6 ways).  [ND-14]"""
    out, close = [], []
    for size, whites_theirs, log_theirs in ((8, 15.4, math.log10(15849)), (12, 43.3, 11.6)):
        census = nd.paint_census(bank_boards("nondango", size))
        whites = census.white_circles / census.boards
        log_ways = statistics.fmean(census.log10_ways)
        close += [near(whites, whites_theirs), abs(log_ways - log_theirs) <= CLOSE_LOG]
        out.append(f"{size}x{size}: {whites:.1f} white, 10^{log_ways:.1f} ways")
    return Finding(
        "reproduced" if all(close) else "differs", "; ".join(out),
        "Ways to paint = ∏ over regions of their circle counts (one black per region, rules "
        "ignored), mean of log10 per board.  Our generator keeps every certified circle that "
        "keeps the board unique, as the write-up's does, over regions of mean size 3.2; the "
        "write-up does not give its region sizes, which set how many circles can be certified.")


# === Boards do not happen by accident ===

def nd_15(quick: bool) -> Finding:
    """Random regions with random circles seldom have exactly one answer (write-up: of 3,600
    boards 2,248 none, 27 one, 23 of those with more circles than regions).  [ND-15]"""
    per = 15 if quick else 600
    none = one = nontrivial = total = 0
    for size in (6, 8, 10):
        for rate in (0.5, 0.75):
            for seed in range(per):
                board = nd.random_board(size, size, seed, circle_rate=rate, mean_size=4.0)
                count = nd.count_answers(board, cap=2).count
                total += 1
                none += count == 0
                one += count == 1
                nontrivial += count == 1 and len(board.circles) > len(board.regions)
    verdict_none, text_none = rate_verdict((none, total), (2248, 3600))
    verdict_one, text_one = rate_verdict((one, total), (27, 3600))
    verdict = "reproduced" if verdict_none == verdict_one == "reproduced" else "differs"
    return Finding(
        verdict, f"{total:,}: {none:,} none, {one} exactly one, {nontrivial} of those non-trivial",
        "the write-up does not give its board sizes; ours: 6×6, 8×8 and 10×10, circle rate "
        f"0.5 and 0.75, mean region 4 cells, {per} seeds each. No answer: {text_none}. "
        f"Exactly one: {text_one}. Write-up: 2,248 none, 27 one, 23 non-trivial")


# === The ladder ===

def _nd_16_board(rng, max_side: int) -> "nd.Board":
    """Any board up to max_side × max_side: any connected regions; of every 10 cells about
    one is empty, seven hold a circle, one a circle given black, one a circle given white."""
    rows, cols = 1 + below(rng, max_side), 1 + below(rng, max_side)
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    regions = tuple(sorted(random_parts(rng, grid), key=min))
    kinds = {c: ".oooooooBW"[below(rng, 10)] for c in grid}
    pick = lambda *ks: frozenset(c for c in grid if kinds[c] in ks)  # noqa: E731
    return nd.Board(rows, cols, regions, pick("o", "B", "W"), pick("B"), pick("W"))


def nd_16(quick: bool) -> Finding:
    """Each rung of region ⊂ triple ⊂ probe ⊂ search keeps at most what the one below keeps
    and never removes a circle black in some answer, and on the bank triple stalls on
    most boards, still pinning most regions, while probe finishes every one.  [ND-16]"""
    theorem = ladder_audit_finding(nd, _nd_16_board, quick, 16,
                                   "triple is hyper-arc consistency on the reading's triples "
                                   "(published: three whites too), probe = singleton "
                                   "consistency over triple, search = nondango.solve")
    shipped = bank_boards("nondango")
    if theorem.verdict != "holds":
        return theorem
    s = ladder.ladder_split(shipped)
    stall_most = s.stalled * 2 > s.boards
    figures = (f"bank: {s.stalled}/{s.boards} stall at triple (theirs 52/72), triple pins "
               f"{s.pinned_share:.0%} of regions there (theirs 72%; pooled {s.pooled_share:.0%}), "
               f"knot median {s.knot_median:g} regions (theirs 13), {s.finish['search']} need "
               f"search (theirs 0), {s.finish['triple']} finish at triple, "
               f"{s.finish['probe']} at probe")
    theorem.detail = f"theorem: {theorem.measured}; {theorem.detail}. {figures}"
    theorem.measured = f"{theorem.measured}; bank {s.stalled}/{s.boards} stall at triple"
    if stall_most and s.finish["search"] == 0:
        return theorem
    theorem.verdict = "differs"
    theorem.detail += ("; the theorem part holds, the bank figure differs: on our bank triple "
                       "stalls on fewer than half the boards" if not stall_most else
                       "; the theorem part holds, but some bank board needs search")
    return theorem


# === What I expected and did not find ===

def nd_17(quick: bool) -> Finding:
    """Black circles of the bank's answers have a black 8-neighbour about as often as a
    random circle per region would (86% vs 87.8% at 8x8, 91% vs 91.4% at 12x12).  [ND-17]"""
    out, same = [], []
    for size in (8, 12):
        c = nd.clustering(bank_boards("nondango", size))
        share = c.with_neighbour / c.black
        low, high = binomial_interval(c.with_neighbour, c.black)
        same.append(low <= c.baseline <= high)
        out.append(f"{size}x{size}: {share:.1%} vs {c.baseline:.1%}")
    return Finding(
        "reproduced" if all(same) else "differs", "; ".join(out),
        "The claim is that answers are not clustered: `reproduced` when the random-pick "
        "baseline (exact) lies inside the 99% binomial interval of the answers' share.  "
        "Where it differs, our answers have fewer black neighbours than a random pick, not "
        "more; a likely reason is that an answer never holds three blacks in a line while a "
        "random pick may, and the write-up's own gap (86% vs 87.8%) points the same way.")


# === Two engines ===

def nd_18(quick: bool) -> Finding:
    """The screened group solver and the plain exhaustion return the same answer set under
    all four readings, and the group product counts it a third way.  [ND-18]"""
    boards = 0
    problems = []
    for board in _nd_small_boards(quick, givens=False):
        if math.prod(len(r & board.circles) for r in board.regions) > 5000:
            continue
        boards += 1
        for reading in nd.READINGS:
            fast = list(nd.solve(board, reading))
            if set(fast) != set(nd.solve_by_exhaustion(board, reading)) or \
                    len(fast) != math.prod(nd.group_counts_by_hand(board, reading)):
                problems.append(f"{reading}:\n{nd.picture(board)}")
    sample = nd.load(ND_SAMPLE)
    for reading in nd.READINGS:
        boards += reading == "write-up"
        if set(nd.solve(sample, reading)) != set(nd.solve_by_exhaustion(sample, reading)):
            problems.append(f"{reading}: pzprjs sample")
    return Finding("holds" if not problems else "refuted",
                   f"same answer set on {boards} boards × 4 readings",
                   "exhaustive small shapes, seeded random boards up to 5×5 (paintings "
                   "≤ 5,000) and the pzprjs sample; group counts by hand multiply to the same",
                   crosscheck_failures=problems[:3])
