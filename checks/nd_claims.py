"""The checks of the Nondango write-up, one function per claim, in the write-up's order.

Each check is named after its claim ID (ND-05 → `nd_05`), takes `quick` (small samples,
for CI) and the samples it shares with other checks (checks/samples.py: `region_fit`,
`nd_bank_set`), and returns a `Finding`; its docstring states the claim in one sentence
and ends with the ID.  A check reads as its claim: the statement as a small named function
(or the figure as the puzzle module computes it), the boards it runs over, the figures as
rows (checks/judging.py judges them), and a few named sentences for the report.  verify.py
finds the checks by these names, runs them and prints the report; the claims and the
write-up's figures are in checks/catalogue.py.  The banners below are the write-up's own
section headings.  A helper that one check alone uses sits just above it; helpers several
checks use come first.

Beside it: the puzzle in nondango.py, the ladder in ladder.py, the bank in bank.py and
boards/nondango/, the statistics in stats.py.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import statistics

from twins import dosun_fuwari as df_twin
import ladder
import nondango as nd
from twins import nondango as nd_twin
from checks.shared import (Finding, bank_boards, ladder_audit_finding, ladder_split, lines,
                           random_parts)
from common import below
from checks import fits, judging, samples
from checks.catalogue import stated
from checks.samples import ND_SHAPES_FULL, ND_SHAPES_QUICK
from checks.stats import pooled_share

__all__ = [
    "nd_01", "nd_02", "nd_03", "nd_04", "nd_05", "nd_06", "nd_07", "nd_08", "nd_09", "nd_10",
    "nd_11", "nd_12", "nd_13", "nd_14", "nd_15", "nd_16", "nd_17", "nd_18",
]


# === Boards several checks share ===

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ND_SAMPLE = os.path.join(_ROOT, "boards", "samples", "nd-pzprjs-6x6.txt")  # the pzprjs sample
_nd_small_boards = samples.nd_small_boards   # every small board, with or without givens


# === Judging a figure beside the write-up's ===
# One rule for each kind of figure, shared with Dosun-Fuwari (checks/judging.py): a count of
# boards with its n by Fisher's exact test, a mean per board as two means, a share pooled
# over boards and a median by resampling whole boards, a rate without its n at every n the
# write-up's totals allow; the rows of one claim under Holm at 1%: a row not told apart
# reads reproduced inside its margin, consistent where the write-up's own sample is what
# keeps it from the margin, open where more of our boards would decide it.

ALPHA = judging.ALPHA


def _resamples(quick: bool) -> int:
    """Bootstrap resamples per test: 2,000 (p-values down to 1/2,001, a tenth of what Holm
    at 1% over a claim's six rows at most can ask; the 0.5% and 99.5% points of the gap's
    law the 11th from each end), 500 with --quick."""
    return 500 if quick else 2000


def _judge(entries: list[tuple]) -> tuple[list[dict], str, str]:
    """Judge the rows (label, ours, theirs, how) of one claim together: `how` is "rate"
    (k of n against the write-up's k of n), a row judging.*_row built, a fixed verdict, or
    None (shown, not judged: a maximum, a figure ours alone).  Returns
    (Finding.rows, the claim's verdict from them, the p-values in words)."""
    out = judging.judge(judging.rows_from(entries))
    return out, judging.claim_verdict(out), _p_words(out)


def _p_words(rows: list[dict]) -> str:
    """The judged rows' p-values in words, for a check's detail."""
    return "; ".join(f"{r['label']}: p = {r['p']:.2g}, Holm-adjusted {r['holm_p']:.2g} → "
                     f"{r['verdict']}" for r in rows if "holm_p" in r)


def _median_row(label: str, values, theirs: float, their_boards: int, quick: bool,
                seed: int) -> dict:
    """A median over boards against the write-up's, resampling whole boards."""
    return judging.bootstrap_row(label, list(values), theirs, their_boards, statistics.median,
                                 "median", seed, _resamples(quick))


def _share_row(label: str, clusters, theirs: float, their_boards: int, quick: bool,
               seed: int, unit: float = 0.0) -> dict:
    """A share pooled over boards (per board: (part, whole)) against the write-up's,
    resampling whole boards."""
    return judging.bootstrap_row(label, list(clusters), theirs, their_boards, pooled_share,
                                 "share", seed, _resamples(quick), unit)


# === The region size, a parameter the write-up leaves out ===
# The write-up never says how large its regions are, and every bank figure moves with it.
# The generator draws round(cells / mean size) regions, so the parameter a board sees is its
# count of regions.  It is a nuisance parameter, fitted in checks/fits.py (the `region_fit`
# sample) on all nine figures that move with it (8x8: 43.1 triples, 28.3 live, 15.4 white
# circles, 15,849 ways; 12x12: 146.4, 95.3, 43.3, 10^11.6, and ND-13's 13.7% unique at
# k=32), over the pairs of counts one mean region size gives at both sizes.  Each of those
# figures is judged across the confidence set (fits.fitted_rows); the bank and the
# experiments use the estimate, which is nondango.MEAN_REGION_SIZE, and the bank figures
# are judged again on the bank drawn at the set's other counts (the `nd_bank_set` sample).


def _region_failures(fit) -> list[str]:
    """Cross-check: nondango.MEAN_REGION_SIZE gives the fit's estimate at both sizes."""
    eight, twelve = fit.grid[fit.estimate]
    ours = (round(64 / nd.MEAN_REGION_SIZE), round(144 / nd.MEAN_REGION_SIZE))
    if ours == (eight, twelve):
        return []
    return [f"nondango.MEAN_REGION_SIZE gives {ours[0]}/{ours[1]} regions, the region fit's "
            f"estimate is {eight}/{twelve}; rebuild the bank at the estimate"]


def _region_words(region_fit: dict) -> str:
    """The region fit as ND-03, ND-13 and ND-14 print it: a sentence, then the one-size
    fit's table and the per-size fits' summaries."""
    fit = region_fit["one size"]
    return (f"The count of regions, which the write-up does not give, is fitted jointly on "
            f"the nine figures that move with it ({fits.fit_summary(fit)}; the bank and the "
            f"experiments use a mean region of {nd.MEAN_REGION_SIZE:g} cells, "
            f"{round(64 / nd.MEAN_REGION_SIZE)} regions at 8×8 and "
            f"{round(144 / nd.MEAN_REGION_SIZE)} at 12×12).  Each figure is judged across the "
            "confidence set: ours at the estimate, the p-value the largest and the 99% "
            "interval the widest over the set, so that a figure differs only if every value "
            "of the set rejects it.  Each size alone: "
            + "; ".join(fits.fit_summary(region_fit[size]) for size in (8, 12)) + ".\n"
            + fits.fit_text(fit) + "\n" + "\n".join(region_fit[12].notes))


def _shipped_words(fit, claim: str) -> str:
    """The shipped bank's means of a claim's fitted figures, in a sentence (not judged)."""
    return fits.shipped_words(fit, claim, lambda size: bank_boards("nondango", size))


def _across_bank(nd_bank_set: dict, rows: list[dict], rows_at) -> list[dict]:
    """Rows measured on the shipped bank (not yet judged), judged across the region fit's
    set: `rows_at(boards)` gives the same rows on the bank drawn at another pair of counts
    (nd_bank_set), called unless no pair can change any row (judging.settled)."""
    pairs = list(nd_bank_set)
    if len(pairs) == 1 or all(judging.settled(row) for row in rows):
        return rows
    where = "region counts " + " and ".join(f"{a}/{b}" for a, b in pairs)
    return judging.across(rows, [rows_at(nd_bank_set[pair]) for pair in pairs[1:]],
                          where + " (the bank redrawn from its seeds at the others)",
                          f"the count of regions the write-up leaves out ({where})")


# === Two of the three circles can live in the same region, and then the rule says nothing ===

def nd_01(quick: bool, nd_small) -> Finding:
    """The rules checker, written from the rules text, accepts exactly the paintings the
    triple-based engine finds, under all four readings, and the pzprjs sample's answer.  [ND-01]"""
    boards = failures = 0
    problems = []
    for board, answers in nd_small[False]:
        if board.rows * board.cols > 16:
            continue
        boards += 1
        for reading in nd.READINGS:
            picks = itertools.product(*(sorted(r & board.circles) for r in board.regions))
            accepted = {frozenset(p) for p in picks if nd.is_answer(board, frozenset(p), reading)}
            if accepted != set(answers[reading]):
                failures += 1
                problems.append(f"{reading}: checker and engine 1 disagree on\n{nd.picture(board)}")
    sample = nd.load(ND_SAMPLE)
    if nd.violations(sample, sample.answer, "published"):
        problems.append("the pzprjs sample's answer breaks the published rule")
    return Finding("holds" if not problems else "refuted",
                   f"checker = engine 1 on {boards} boards × 4 readings; sample answer legal",
                   "every one-black-per-region painting of each board checked by the "
                   "rules checker and compared with engine 1's answer set; exhaustive "
                   "shapes " + ", ".join(f"{r}×{c}" for r, c in
                                         (ND_SHAPES_QUICK if quick else ND_SHAPES_FULL))
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


def _triple_counts(boards) -> list[tuple[int, int]]:
    """(geometric triples, live triples) of each board."""
    return [(len(nd.triples(b)), len(nd.live_triples(b))) for b in boards]


def nd_03(quick: bool, region_fit) -> Finding:
    """About a third (34.8%) of the bank's geometric triples are dead, with 43.1 triples
    (28.3 live) per 8x8 board and 146.4 (95.3 live) per 12x12 board.  [ND-03]"""
    # Figures: nd.triples and nd.live_triples per board, judged across the region fit.
    fit = region_fit["one size"]
    counts = _triple_counts(bank_boards("nondango"))
    dead = [(t - live, t) for t, live in counts]
    theirs = stated("ND-03", "dead share")
    rows = judging.judge(fits.fitted_rows(fit, "ND-03") + [
        _share_row("dead share, shipped bank", dead, theirs.value, theirs.n, quick, 34)])
    ours = {r["label"]: r["ours"] for r in rows}
    triples = [stated("ND-03", key).value for key in ("8x8 triples", "12x12 triples")]
    live = [stated("ND-03", key).value for key in ("8x8 live", "12x12 live")]
    return Finding(
        judging.claim_verdict(rows),
        f"{pooled_share(dead):.1%} dead; 8×8 {ours['8x8 triples per board']:.1f} triples, "
        f"{ours['8x8 live triples per board']:.1f} live; 12×12 "
        f"{ours['12x12 triples per board']:.1f}, {ours['12x12 live triples per board']:.1f} "
        "live",
        lines("The four triple counts are means over the bank procedure's boards at every "
              "value of the region fit; the dead share is measured on the shipped bank (drawn "
              "at the estimate) and judged by resampling whole boards (their 72; both sizes "
              "resampled together, which makes the test more conservative); it is not in the "
              f"fit, being the four counts' own ratio: ({triples[0]} − {live[0]} + "
              f"{triples[1]} − {live[1]}) / ({triples[0]} + {triples[1]}) = "
              f"{(sum(triples) - sum(live)) / sum(triples):.1%}.  " + _shipped_words(fit, "ND-03"),
              _region_words(region_fit)),
        crosscheck_failures=[] if quick else _region_failures(fit), rows=rows,
        fit=fits.curves(fit))


def nd_04(quick: bool, nd_small) -> Finding:
    """Solving with every geometric triple and with the live ones only gives the same answer
    set, on small and random boards and on the 36 8x8 bank boards.  [ND-04]"""
    boards = 0
    problems = []
    for board, answers in nd_small[False]:
        boards += 1
        full = set(nd.solve_with_triples(board, nd.triples(board)))
        if full != set(answers[nd.DEFAULT_READING]):
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

def _nd_unique(answers) -> object:
    """A board's one answer (write-up's reading) from its answers, or None when it has none
    or several."""
    found = answers[nd.DEFAULT_READING]
    return found[0] if len(found) == 1 else None


def _nd_first(solved, test):
    """The first (board, answer) of `solved` (samples.Solved) with a unique answer that
    passes `test`, or None."""
    for board, answers in solved:
        answer = _nd_unique(answers)
        if answer is not None and test(board, answer):
            return board, answer
    return None


def _nd_05_small(solved) -> tuple[int, int, int, list[str]]:
    """The write-up's statement on the small boards without pre-coloured circles: (unique
    boards, single moves, moves certified under both definitions, problems)."""
    moves = certified = unique = 0
    problems = []
    for board, answers in solved:
        answer = _nd_unique(answers)
        if answer is None:
            continue
        unique += 1
        for cell, moved in nd.single_moves(board, answer):
            moves += 1
            careful = bool(nd.certificates(board, answer, cell))
            certified += careful and bool(nd.literal_certificates(board, answer, cell))
            if nd.is_answer(board, moved) or not careful:
                problems.append(nd.picture(board, answer))
    return unique, moves, certified, problems


def _nd_05_givens(solved) -> tuple[object, int, int]:
    """With pre-coloured circles: (the smallest unique board with an uncertified white
    circle and its answer, or None; unique boards with givens; those where a single move
    is legal or a free white circle uncertified)."""
    found = _nd_first(solved, lambda b, a: any(not nd.certificates(b, a, w)
                                               for w in b.circles - a))
    cases = bad = 0
    for board, answers in solved:
        answer = _nd_unique(answers)
        if answer is None:
            continue
        cases += 1
        bad += any(nd.is_answer(board, m) for _, m in nd.single_moves(board, answer)) or \
            any(not nd.certificates(board, answer, w) for w in nd.free_white_circles(board, answer))
    return found, cases, bad


def _nd_05_given_words(found, cases: int, bad: int) -> str:
    if found is None:
        return ""
    return ("Beyond the write-up's boards: published puzzles may pre-colour a circle, and a "
            "given white circle needs no certificate; smallest such board:\n"
            + nd.picture(*found) + "What holds there: in a unique answer every single move is "
            "illegal and every free white circle (not given white, in a region whose black is "
            f"not given) has a certificate; checked on {cases} unique boards with givens: "
            f"{'holds' if bad == 0 else 'refuted'}.")


def _nd_05_bank_words(moves: int, ok: int, boards: int) -> str:
    whites = [stated("ND-14", f"{n}x{n} white circles") for n in (8, 12)]
    return (f"Bank: {moves} single moves on {boards} boards, {ok} illegal and certified, by "
            "construction: the generator adds only certified circles and keeps a board "
            "unique.  A single move paints one white circle black, so the moves are the "
            "bank's white circles and their number is ND-14's figure, judged there (the "
            f"write-up's {stated('ND-05', 'bank moves').value[0]:,} = "
            + " + ".join(f"{w.n} × {w.value}" for w in whites)
            + f" = {sum(w.n * w.value for w in whites):,.1f}: its figures agree).")


def nd_05(quick: bool, nd_small) -> Finding:
    """In a unique answer every white circle has a certificate and every single move in a
    region is illegal.  [ND-05]"""
    unique, moves, certified, problems = _nd_05_small(nd_small[False])
    found, cases, bad = _nd_05_givens(nd_small[True])
    boards = bank_boards("nondango")
    bank_moves = bank_ok = 0
    for board in boards:
        for cell, moved in nd.single_moves(board, board.answer):
            bank_moves += 1
            bank_ok += (not nd.is_answer(board, moved)) and bool(
                nd.certificates(board, board.answer, cell))
    rows = judging.rows_from([
        ("small boards: moves certified", (certified, moves), None,
         "holds" if certified == moves and not problems else "refuted"),
        ("bank: moves certified (built in)", (bank_ok, bank_moves),
         stated("ND-05", "bank moves").value, "holds" if bank_ok == bank_moves else "refuted")])
    detail = lines(f"Without pre-coloured circles: {unique} unique boards, {moves} single "
                   f"moves, all illegal, {certified} certified under both the careful definition "
                   "(a live line through w whose other two circles are black, outside w's "
                   "region: exactly the lines that make the move illegal) and the literal one.",
                   _nd_05_given_words(found, cases, bad),
                   _nd_05_bank_words(bank_moves, bank_ok, len(boards)))
    if problems or bank_ok != bank_moves:
        return Finding("refuted", "a single move in a unique answer is legal or uncertified",
                       detail, counterexample=problems[0] if problems else None,
                       corrected="none known: a unique answer makes every move illegal, and "
                       "an illegal move needs a line through the new black circle",
                       corrected_verdict="refuted",
                       crosscheck_failures=["ND-05 failed: uniqueness or the certificate "
                                            "definition is broken"], rows=rows)
    return Finding("holds", f"{moves} moves on small boards, all illegal, all certified; "
                   f"bank {bank_moves} of {bank_moves} by construction", detail, rows=rows,
                   by_construction=True)


def _nd_06_statement(board, answer) -> bool:
    """circles − regions ≤ certifying lines ≤ live triples, on a board with one answer."""
    lines_ = len(nd.certifying_lines(board, answer))
    return len(board.circles) - len(board.regions) <= lines_ <= len(nd.live_triples(board))


def _nd_06_givens_statement(board, answer) -> bool:
    """The form that holds with pre-coloured circles: free white circles ≤ certifying lines
    ≤ live triples."""
    lines_ = len(nd.certifying_lines(board, answer))
    return len(nd.free_white_circles(board, answer)) <= lines_ <= len(nd.live_triples(board))


def _nd_06_count(solved, statement) -> tuple[int, int, object]:
    """(unique boards, those breaking `statement`, the first breaking one drawn)."""
    cases = bad = 0
    first = None
    for board, answers in solved:
        answer = _nd_unique(answers)
        if answer is None:
            continue
        cases += 1
        if not statement(board, answer):
            bad += 1
            first = first or nd.picture(board, answer)
    return cases, bad, first


def _nd_06_literal(solved) -> str:
    """The upper bound counted as the write-up's next sentence counts, its smallest failure."""
    found = _nd_first(solved, lambda b, a: len(
        nd.literal_certifying_lines(b, a)) > len(nd.live_triples(b)))
    return "" if found is None else (
        "Counted as the write-up's next sentence counts them ('a line with two black "
        "circles'), a dead line (its white circle in the region of one of its blacks) is "
        "counted too, though moving that region's black onto the white circle empties the "
        "line; then the upper bound fails, smallest:\n" + nd.picture(*found))


def _nd_06_given(solved) -> str:
    """The lower bound with a circle given white: its smallest failure, and what holds."""
    found = _nd_first(solved, lambda b, a: not _nd_06_statement(b, a))
    cases, bad, _ = _nd_06_count(solved, _nd_06_givens_statement)
    return "" if found is None else (
        "Beyond the write-up's boards, with a circle given white the lower bound fails (a "
        "given white circle needs no certificate), smallest:\n" + nd.picture(*found)
        + f"What holds there: free white circles ≤ certifying lines ≤ live triples, on "
        f"{cases} unique boards with givens: {'holds' if bad == 0 else 'refuted'}.")


def _nd_06_rows(boards, quick: bool) -> list[dict]:
    """ND-06's bank figures on bank-procedure boards (not yet judged): the median and the
    least spare certifying lines (lines less white circles)."""
    spares = [len(nd.certifying_lines(b, b.answer)) - (len(b.circles) - len(b.regions))
              for b in boards]
    median, tightest = stated("ND-06", "median spare"), stated("ND-06", "tightest spare")
    return judging.rows_from([
        ("bank: median spare lines", None, None,
         _median_row("bank: median spare lines", spares, median.value, median.n, quick, 61)),
        ("bank: tightest spare (minimum)", None, None, judging.smallest_row(
            "bank: tightest spare (minimum)", spares, tightest.value, tightest.n,
            [min(spares)], floor=0))])


def _nd_06_solved(quick: bool, givens: bool) -> list:
    """The small boards with their first two answers (write-up's reading).  ND-06 reads the
    region fit for its bank figures, so it solves these itself (0.7 s) rather than read
    `nd_small`: a check reading both would put the two heaviest samples' checks in one
    batch, on one worker, and leave the other idle for a third of the run."""
    return [samples.Solved(board, {nd.DEFAULT_READING: tuple(itertools.islice(nd.solve(board), 2))})
            for board in _nd_small_boards(quick, givens)]


def nd_06(quick: bool, region_fit) -> Finding:
    """circles − regions ≤ certifying lines ≤ live triples on every unique board, where a
    certifying line is a certificate in the write-up's sense: a line through a white circle
    whose other two circles are black and make moving the region's black there illegal.  [ND-06]"""
    small = {givens: _nd_06_solved(quick, givens) for givens in (False, True)}
    cases, bad, first_bad = _nd_06_count(small[False], _nd_06_statement)
    shipped = bank_boards("nondango")
    shipped_bad = sum(not _nd_06_statement(b, b.answer) for b in shipped)
    fit = region_fit["one size"]   # its bank-procedure boards: our 36 a size cannot decide
    drawn = {i: fit.boards[i]["bank 8x8"] + fit.boards[i]["bank 12x12"]
             for i in fits.judged_values(fit)}
    bank = judging.across(_nd_06_rows(drawn[fit.estimate], quick),
                          [_nd_06_rows(boards, quick) for i, boards in drawn.items()
                           if i != fit.estimate], "region counts " + fits.in_words(
                              fits.judged_values(fit), fit.labels),
                          "the count of regions the write-up leaves out")
    spares = [r["ours"] for r in bank if r["label"].startswith("bank: tightest")]
    every = [b for boards in drawn.values() for b in boards]   # a theorem: counted, not a rate
    drawn_bad = sum(not _nd_06_statement(b, b.answer) for b in every)
    rows, figures, words = _judge([
        ("small unique boards breaking it", (bad, cases), None, "holds" if bad == 0 else "refuted"),
        ("bank boards breaking it", (drawn_bad, len(every)),
         stated("ND-06", "bank violations").value, "holds" if drawn_bad == 0 else "refuted")]
        + [(r["label"], None, None, r) for r in bank])
    detail = lines("A certifying line is live by definition (its three circles in three "
                   "regions), so the upper bound is immediate; the content is the lower bound.",
                   f"{cases} unique boards without pre-coloured circles, {bad} violations; "
                   f"the shipped bank: {len(shipped)} boards, {shipped_bad} violations.",
                   "Bank figures on the bank procedure's boards of the region fit (nondango."
                   f"bank_board, {len(drawn[fit.estimate])} at the estimate, and at each count "
                   "of its set), judged across the set (Fisher's exact test; two-sample "
                   "bootstrap of the median over whole boards, their 72, both sizes resampled "
                   f"together, which makes the test more conservative; Holm at 1%): {words}.",
                   _nd_06_literal(small[False]), _nd_06_given(small[True]))
    broken = bad + shipped_bad + drawn_bad
    if broken:
        return Finding("refuted", f"{broken} violations", detail,
                       counterexample=first_bad, rows=rows, crosscheck_failures=[
                           "a unique board breaks the certificate inequality (no correction "
                           "known)"])
    return Finding("holds",   # the theorem; its bank figures carry their own verdicts
                   f"0 violations on {cases} small, {len(shipped)} shipped and "
                   f"{len(every)} bank-procedure boards; spare min {spares[0]}, "
                   f"median {rows[2]['ours']:g}",
                   detail, rows=rows)


# === No live triple, no puzzle at all ===

def nd_07(quick: bool) -> Finding:
    """The answer count is the product over groups (regions joined by live triples), and a
    region in no live triple contributes its number of circles.  [ND-07]"""
    cases = product_bad = lonely_bad_plain = lonely_bad_corrected = 0
    first = plain = product_first = None
    for givens in (False, True):
        for board in _nd_small_boards(quick, givens):
            cases += 1
            by_hand = nd_twin.group_counts_by_hand(board, nd.groups(board))
            every = sum(1 for _ in itertools.islice(nd_twin.solve_by_exhaustion(board),
                                                    nd.COUNT_CAP))
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
                if region & board.given_black:
                    candidates = 1 if len(region & board.given_black) == 1 else 0
                else:
                    candidates = len((region & board.circles) - board.given_white)
                lonely_bad_corrected += count != candidates
    measured = f"product over groups exact on {cases - product_bad} of {cases} boards"
    crosscheck = []
    if product_bad:
        crosscheck.append(f"{product_bad} boards where the twin's count is not the product")
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
    wanted = 30 if quick else stated("ND-08", "exact").value[1]    # the write-up's 200
    found = exact = seed = 0
    while found < wanted:
        seed += 1
        board = nd.random_board(6, 6, seed, circle_rate=0.35, mean_size=3.2)
        if nd.live_triples(board):
            continue
        found += 1
        every = sum(1 for _ in itertools.islice(nd_twin.solve_by_exhaustion(board), nd.COUNT_CAP))
        exact += every == min(math.prod(len(r & board.circles) for r in board.regions),
                              nd.COUNT_CAP)
    holds = exact == found
    rows = judging.rows_from([("count = product of region sizes", (exact, found),
                               stated("ND-08", "exact").value, "holds" if holds else "refuted")])
    return Finding("holds" if holds else "refuted", f"{exact} of {found}",
                   f"A theorem (with no live triple no line can turn all black, so every "
                   "one-black-per-region painting is an answer) checked on samples: 6×6 random "
                   f"boards (circle rate 0.35, mean region 3.2 cells), seeds 1..{seed}, kept "
                   "when no live triple, counted by the twin (exhaustion, no groups); a "
                   "region's size is its number of circles (counting its cells instead fails "
                   "whenever a cell has no circle).  The generator's settings, which the "
                   "write-up does not give, cannot move it.", rows=rows)


def _nd_09_rows(boards) -> list[dict]:
    """ND-09's rows on a bank (not yet judged): per board, groups, single-circle regions
    and other groups (nondango.group_figures) as means against the write-up's 72 boards,
    and the largest group (a maximum, shown, not judged)."""
    per = [nd.group_figures(b) for b in boards]
    groups, givens = stated("ND-09", "groups"), stated("ND-09", "single regions").value
    n = groups.n
    return judging.rows_from([
        (label, None, None, judging.mean_row(label, values, theirs / n, 0, n))
        for label, values, theirs in (
            ("groups per board", [f.groups for f in per], groups.value),
            ("single-circle regions per board", [f.givens for f in per], givens),
            ("other groups per board", [f.groups - f.givens for f in per],
             groups.value - givens))] + [
        ("largest group (a maximum)", max(f.largest for f in per),
         stated("ND-09", "largest group").value, None)])


def nd_09(quick: bool, nd_bank_set) -> Finding:
    """The bank splits into 189 groups over 72 boards, 114 of them single regions holding a
    single circle and the rest one group per board of up to 48 regions.  [ND-09]"""
    boards = bank_boards("nondango")
    rows = judging.judge(_across_bank(nd_bank_set, _nd_09_rows(boards), _nd_09_rows))
    per = [nd.group_figures(b) for b in boards]
    rest = [f.groups - f.givens for f in per]
    twelve = len(bank_boards("nondango", 12)[0].regions)
    their_largest = stated("ND-09", "largest group").value
    return Finding(
        judging.claim_verdict(rows),
        f"{sum(f.groups for f in per)} groups, {sum(f.givens for f in per)} single-circle "
        f"regions, largest {max(f.largest for f in per)}; {rest.count(1)} of {len(boards)} "
        "boards have exactly one other group",
        lines("Per board, as the write-up counts (nondango.group_figures).  A single region "
              "holding more than one circle and in no live triple would leave the board several "
              "answers, so every single-region group of a unique board is a given; a white "
              "circle's certificate joins three regions, so every board with a white circle "
              "has at least one other group.  The write-up's 189 groups less 114 givens leave "
              "75 other groups on 72 boards: on at least one of its boards the rest is not the "
              "one group its text speaks of.",
              f"Judged as means per board (their 72 boards, spread as ours; Holm at 1%), across "
              f"the region fit's set: {_p_words(rows)}.",
              f"The largest group cannot reach the write-up's {their_largest} here: our 12×12 "
              f"boards have {twelve} regions at the fitted size (ND-03), and a group of "
              f"{their_largest} needs at least as many." if twelve < their_largest else ""),
        rows=rows)


# === Both ways of misquoting "three in a row" delete the puzzle ===

def _nd_10_twelve(boards) -> list[dict]:
    """The 12x12 row of ND-10 on a bank (not yet judged): boards past the 20,000 cap under
    the no-diagonals reading, against the write-up's 36 of 36."""
    large = [nd.count_answers(b, "no-diagonals") for b in boards if b.rows == 12]
    return judging.rows_from([(f"12×12 past the {nd.COUNT_CAP:,} cap",
                               (sum(c.capped for c in large), len(large)),
                               stated("ND-10", "12x12 past the cap").value, "rate")])


def nd_10(quick: bool, nd_bank_set) -> Finding:
    """Read without diagonals no bank board stays unique, with a median of 1,268 answers at
    8x8 and every 12x12 board past the 20,000 cap.  [ND-10]"""
    small = [nd.count_answers(b, "no-diagonals")
             for b in bank_boards("nondango", 8)[: 8 if quick else None]]
    shipped = bank_boards("nondango", 12)[: 1 if quick else None]
    twelve = _across_bank({pair: boards for pair, boards in nd_bank_set.items()},
                          _nd_10_twelve(shipped), _nd_10_twelve)
    unique = sum(c.count == 1 for c in small)
    counts = [c.count for c in small]
    median = stated("ND-10", "8x8 median answers")
    rows, verdict, words = _judge([
        ("8×8 unique, no diagonals", (unique, len(small)),
         stated("ND-10", "8x8 unique").value, "rate"),
        ("8×8 median answers, no diagonals", None, None,
         _median_row("8×8 median answers, no diagonals", counts, median.value, median.n,
                     quick, 101)),
        (twelve[0]["label"], None, None, twelve[0])])
    return Finding(
        verdict,
        f"8x8 {unique} of {len(small)} unique, median {statistics.median(counts):,.0f}; 12x12 "
        f"{rows[2]['ours'][0]} of {rows[2]['ours'][1]} past {nd.COUNT_CAP:,}",
        "engine 1 under the no-diagonals reading, counting to the cap; Fisher's exact test for "
        "counts of boards, a two-sample bootstrap of the median over whole boards (their 36); "
        f"the 12×12 row across the region fit's set where another count could change it; "
        f"Holm at 1%: {words}" + ("; --quick: 8 of the 8x8 boards and one 12x12"
                                   if quick else ""),
        rows=rows)


def nd_11(quick: bool) -> Finding:
    """Per line of L circles the legal black sets fall from tribonacci (A000073) under the
    write-up's reading to 1 + L + L(L−1)/2 (A000124) under 'anywhere', under which no
    bank board has an answer.  [ND-11]"""
    top = 12 if quick else 16
    ok = all(nd.count_line_fillings(L, "write-up") == nd.A000073[L + 3] ==
             nd_twin.enumerate_line_fillings(L, "write-up") for L in range(top)) and \
        all(nd.count_line_fillings(L, "anywhere") == nd.A000124[L] ==
            nd_twin.enumerate_line_fillings(L, "anywhere") for L in range(top))
    table = ", ".join(f"{nd.count_line_fillings(L)}→{nd.count_line_fillings(L, 'anywhere')}"
                      for L in range(1, 11))
    shipped = bank_boards("nondango")[:: 6 if quick else 1]
    none = sum(nd.count_answers(b, "anywhere").count == 0 for b in shipped)
    # more regions than two blacks a row allows: no answer can exist, whatever the circles
    forced = sum(len(b.regions) > 2 * b.rows for b in shipped)
    rows = judging.rows_from([
        (f"line counts L = 0..{top - 1} = OEIS", top if ok else 0, None,
         "holds" if ok else "refuted"),
        ("bank without an answer, anywhere", (none, len(shipped)),
         stated("ND-11", "bank without an answer").value,
         "holds" if none == len(shipped) else "refuted")])
    fewest = min(len(b.regions) - 2 * b.rows for b in shipped)
    return Finding("holds" if ok and none == len(shipped) else "refuted",
                   f"L = 0..{top - 1}: recurrence = 2^L enumeration = OEIS tables; bank: {none} "
                   f"of {len(shipped)} no answer" + (" (by construction)" if forced == len(shipped)
                                                     else ""),
                   f"write-up → anywhere for L = 1..10: {table}; bank boards counted by engine 1 "
                   f"under the anywhere reading.  The bank figure needs no solver: at most two "
                   f"blacks a row allows at most 2 × rows regions, and {forced} of "
                   f"{len(shipped)} bank boards have more (at least {fewest} more), so they "
                   "cannot have an answer under this reading whatever their circles; the same "
                   "count holds for the write-up's boards if their regions are as large as "
                   "ours (ND-03).", rows=rows, by_construction=forced == len(shipped))


def nd_12(quick: bool) -> Finding:
    """On full square grids with no three blacks in line a transfer matrix agrees with brute
    force while brute force keeps up and with A181218, and the 9×9 term passes 2^53.  [ND-12]"""
    top = 7 if quick else 9      # the 9x9 term takes 3 s of the transfer matrix
    terms = [nd.count_full_grids(n) for n in range(1, top + 1)]
    brute = [nd_twin.count_full_grids_by_brute_force(n) for n in range(1, 4 if quick else 5)]
    ninth = None if quick else terms[8]
    ok = terms[:8] == list(nd.A181218[:top]) and brute == terms[:len(brute)] and (
        quick or ninth > 2 ** 53)
    return Finding(
        "holds" if ok else "refuted",
        f"terms 1..{min(top, 8)} = A181218" + ("" if quick else f"; a(9) = {ninth:,} > 2^53"),
        f"brute force over all 2^(n·n) grids agrees for n ≤ {len(brute)}; a(8) = "
        f"{nd.A181218[7]:,} < 2^53 = {2 ** 53:,}; " + (
            "--quick: a(8) and a(9) are left to a full run" if quick else
                            f"a(9) as a double is {int(float(ninth)):,} (off by "
                            f"{int(float(ninth)) - ninth:+,})")
        + "; the write-up's '253' is 2^53 with its superscript lost")


# === The dial is how many white circles you dare add ===

DIAL_KS = {8: (0, 4, 8, 12, 16), 12: (0, 8, 16, 24, 32)}
DIAL_TOTAL = stated("ND-13", "dial boards without an answer").value[1]
"""The write-up's dial boards in all, 3,276: its ten rows hold 328 each (fits.DIAL_BOARDS)."""


def _nd_13_table(boards: int, k32) -> dict:
    """(size, k) → (unique, without the drawn answer, answer broken under the published
    rule, boards) of the dial: each seed 0 .. boards − 1 drawn once (nondango.dial_boards:
    one set of regions, one answer, one order of certified cells for every k of its size),
    the 12x12 k=32 row read from the region fit's own dial boards (`k32`, its flags)."""
    table = {}
    for size, ks in DIAL_KS.items():
        ks = [k for k in ks if (size, k) != (12, 32)]
        flags = {k: [] for k in ks}
        for seed in range(boards):
            for k, board in zip(ks, nd.dial_boards(size, size, ks, seed)):
                count = nd.count_answers(board, cap=2)
                flags[k].append((count.count == 1,
                                 count.count == 0 or not nd.is_answer(board, board.answer),
                                 not nd.is_answer(board, board.answer, "published")))
        flags[32] = list(k32) if size == 12 else None
        for k in DIAL_KS[size]:
            table[(size, k)] = tuple(sum(column) for column in zip(*flags[k])) + (len(flags[k]),)
    return table


def _k32_row(fit) -> dict:
    """ND-13's 12x12 k=32 row (not yet judged) across the region fit's confidence set and
    over every n the write-up's 3,276 dial boards allow: at each count of regions in the
    set, the fit's own dial boards against 13.7% (judging.rate_rows_over_n), the row taking
    its largest p-value and widest interval over the counts (judging.across); ours is at
    the estimate."""
    theirs = stated("ND-13", "12x12 k=32 unique")
    at = {}
    for i in fits.judged_values(fit):
        flags = fit.boards[i]["dial 12x12 k=32"]
        at[i] = judging.rate_rows_over_n("12×12 k=32: unique", (sum(f[0] for f in flags),
                                                                len(flags)),
                                         theirs.value, theirs.unit, DIAL_TOTAL)
    estimate = at.pop(fit.estimate)
    where = f"12×12 counts of regions {fit.grid[fit.estimate][1]} (the estimate)" + "".join(
        f" and {fit.grid[i][1]}" for i in sorted(at))
    return judging.across([estimate], [[row] for row in at.values()], where,
                          f"the count of regions the write-up leaves out ({where})")[0]


def _nd_13_words(region_fit: dict, total: int, broken: int, quick: bool) -> str:
    return lines(
        f"Dial boards by the write-up's procedure (regions, an answer, k certified cells at "
        f"random, no uniqueness check) at the fitted mean region of {nd.MEAN_REGION_SIZE:g} "
        "cells (ND-03); each seed drawn once and read at every k of its size, so the rows of "
        "one size share their regions and answers.  The write-up's 8×8 table is announced "
        "('That is 8×8') but absent from its text, so the 8×8 rows and the 12×12 rows between "
        "0 and 32 are ours alone (not judged).  Its 100.0% at k=0 holds by construction "
        "(every region holds one circle); its 13.7% at k=32 comes without a sample size, so "
        "it is judged at every n from the smallest that can print it to the "
        f"{DIAL_TOTAL:,} dial boards of its total, and at every count of the region fit's "
        "set, on the fit's own dial boards.",
        f"'Never without an answer' holds by construction (a white circle never makes three "
        f"blacks); the write-up's {DIAL_TOTAL:,} boards for it are matched by our {total:,}.  "
        f"Under the published reading {broken} of {total:,} drawn answers are broken by three "
        "white circles." + ("  (--quick: small samples.)" if quick else ""),
        _region_words(region_fit))


def nd_13(quick: bool, region_fit) -> Finding:
    """Certified white circles thrown in at random never remove the answer, and uniqueness
    falls as more are added: on 12x12 from 100.0% with none to 13.7% with 32.  [ND-13]"""
    fit = region_fit["one size"]
    table = _nd_13_table(30 if quick else fits.DIAL_BOARDS,
                         fit.boards[fit.estimate]["dial 12x12 k=32"])
    lost = sum(t[1] for t in table.values())
    total = sum(t[3] for t in table.values())
    k32 = _k32_row(fit)
    entries = []
    for (size, k), t in table.items():
        label = f"{size}×{size} k={k}: unique"
        if (size, k) == (12, 32):
            entries.append((label, None, None, k32))
        elif (size, k) == (12, 0):   # every region one circle: one answer by construction
            entries.append((label, (t[0], t[3]), stated("ND-13", "12x12 k=0 unique").value,
                            "reproduced" if t[0] == t[3] else "refuted"))
        else:   # the write-up announces an 8x8 table and prints none
            entries.append((label, (t[0], t[3]), None, None))
    entries.append(("dial boards that lost the answer", (lost, total),   # a theorem: counted
                    stated("ND-13", "dial boards without an answer").value,
                    "holds" if lost == 0 else "refuted"))
    rows, verdict, _ = _judge(entries)
    u, n = k32["ours"]
    return Finding(
        verdict if lost == 0 else "refuted",
        f"{lost} of {total:,} dial boards without their answer (by construction); 12×12 k=32 "
        f"{u}/{n:,} = {u / n:.1%} unique",
        _nd_13_words(region_fit, total, sum(t[2] for t in table.values()), quick), rows=rows)


def nd_14(quick: bool, region_fit) -> Finding:
    """The bank keeps 15.4 white circles per 8x8 board (15,849 ways to paint) and 43.3 per
    12x12 board (10^11.6 ways).  [ND-14]"""
    # Figures: white circles and log10 ways per board, judged across the region fit.
    fit = region_fit["one size"]
    rows = judging.judge(fits.fitted_rows(fit, "ND-14"))
    ours = {r["label"]: r["ours"] for r in rows}
    return Finding(
        judging.claim_verdict(rows),
        f"8x8: {ours['8x8 white circles per board']:.1f} white, "
        f"10^{ours['8x8 log10 ways to paint (15,849 = 10^4.2)']:.2f} ways; 12x12: "
        f"{ours['12x12 white circles per board']:.1f} white, "
        f"10^{ours['12x12 log10 ways to paint']:.2f} ways",
        lines("Ways to paint = ∏ over regions of their circle counts (one black per region, "
              "rules ignored), as a mean of log10 per board: the write-up's 15,849 is 10^4.2 to "
              f"five figures (10^4.2 = {10 ** 4.2:,.1f}), a one-decimal log printed as an "
              "integer, so it is read as 4.2.  Means over the bank procedure's boards (keep "
              "every certified circle that keeps the answer unique) at every value of the "
              "region fit.  " + _shipped_words(fit, "ND-14"), _region_words(region_fit)),
        rows=rows)


# === Boards do not happen by accident ===

ND_15_SIZES = (8, 12)
ND_15_RATES = tuple(r / 20 for r in range(10, 20))     # circle rates 0.50 … 0.95 tried
ND_15_SEED = 8_000_000


def _nd_15_draw(count_each: int, rate: float, seed: int):
    """(none, exactly one, exactly one with more circles than regions, expected boards
    whose every region holds exactly one circle) over `count_each` random boards a size."""
    none = one = more = 0
    trivial = 0.0
    for size in ND_15_SIZES:
        for i in range(count_each):
            board = nd.random_board(size, size, seed + 100_000 * size + i, circle_rate=rate,
                                    mean_size=nd.MEAN_REGION_SIZE)
            count = nd.count_answers(board, cap=2).count
            none += count == 0
            one += count == 1
            more += count == 1 and len(board.circles) > len(board.regions)
            trivial += math.prod(len(r) * rate * (1 - rate) ** (len(r) - 1)
                                 for r in board.regions)
    return none, one, more, trivial


def nd_15(quick: bool) -> Finding:
    """Random regions with random circles seldom have exactly one answer (write-up: of 3,600
    boards 2,248 none, 27 one, 23 of those with more circles than regions).  [ND-15]"""
    # Underspecified: nothing is judged, so only what the block shows is drawn: a
    # calibration of the circle rate on 20 boards a size and rate, and 100 boards a size
    # at the rate chosen, enough to show the shape of the write-up's table.
    per_rate, each = (4, 10) if quick else (20, 100)
    tried = [(rate, _nd_15_draw(per_rate, rate, ND_15_SEED)[0]) for rate in ND_15_RATES]
    none_theirs = stated("ND-15", "no answer")
    target = none_theirs.value[0] / none_theirs.value[1]
    rate = min(tried, key=lambda t: abs(t[1] / (per_rate * len(ND_15_SIZES)) - target))[0]
    none, one, more, trivial = _nd_15_draw(each, rate, ND_15_SEED + 1_000_000)
    total = each * len(ND_15_SIZES)
    rows = judging.rows_from([
        ("no answer (sets the circle rate)", (none, total), none_theirs.value, None),
        ("exactly one answer", (one, total), stated("ND-15", "exactly one").value, None),
        ("of those, circles > regions", (more, one),
         stated("ND-15", "more circles than regions").value, None)])
    return Finding(
        "underspecified",
        f"documented version: {total:,} boards, {none:,} none, {one} exactly one, {more} of "
        "those with more circles than regions",
        lines("The write-up gives the number of boards (3,600) but not their sizes, their "
              "circle rate or their region sizes, and every figure moves with each, so no "
              "rerun can be judged against it, at any count of regions in the region fit's "
              "set.  A documented version, not judged, drawn only as large as it is shown: "
              f"the two sizes the write-up names (8×8 and 12×12, {each:,} boards each), its "
              f"bank's fitted mean region ({nd.MEAN_REGION_SIZE:g} cells, ND-03), and the "
              "circle rate calibrated on the one figure left, 2,248 of 3,600 without an "
              f"answer: of the rates " + ", ".join(
                  f"{r:.2f} ({n}/{per_rate * len(ND_15_SIZES)} none)" for r, n in tried)
              + f" on boards of their own seeds, {rate:.2f} comes closest.",
              "The write-up's 4 unique boards whose every region holds one circle need few, "
              "small regions: here the expected number of boards whose every region drew "
              f"exactly one circle is {trivial:.2g} in {total:,}."),
        rows=rows)


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


def _nd_16_rows(boards, grades: dict, quick: bool) -> list[dict]:
    """ND-16's bank rows on a bank (not yet judged), from the boards' grades (board →
    ladder.grade(board)): boards that stall at triple, the share of regions triple pins
    there (pooled), the knot it leaves (median), boards that need search."""
    names = [name for name, _ in ladder.LADDER["nondango"]]
    graded = [grades[b] for b in boards]
    stalled = [g.step("triple") for g in graded if names.index(g.rung) > names.index("triple")]
    pinned = [(s.pinned, s.total) for s in stalled]
    knots = [s.knot for s in stalled]
    pins, knot = stated("ND-16", "pinned share"), stated("ND-16", "knot median")
    return judging.rows_from([
        ("boards that stall at triple", (len(stalled), len(boards)),
         stated("ND-16", "stall at triple").value, "rate"),
        ("share triple pins there, pooled", None, pins.value,
         _share_row("share triple pins there, pooled", pinned, pins.value, pins.n, quick, 161)
         if pinned else None),
        ("median knot left for probe", None, None,
         _median_row("median knot left for probe", knots, knot.value, knot.n, quick, 162)
         if knots else None),
        ("boards that need search", (sum(g.rung == "search" for g in graded), len(boards)),
         stated("ND-16", "need search").value, "rate")])


def nd_16(quick: bool, region_fit) -> Finding:
    """Each rung of region ⊂ triple ⊂ probe ⊂ search keeps at most what the one below keeps
    and never removes a circle black in some answer, and on the bank triple stalls on
    most boards, still pinning most regions, while probe finishes every one.  [ND-16]"""
    theorem = ladder_audit_finding(nd, _nd_16_board, quick, 16,
                                   "triple is hyper-arc consistency on the reading's triples "
                                   "(published: three whites too), probe = singleton "
                                   "consistency over triple, search = nondango.solve")
    if theorem.verdict != "holds":
        return theorem
    fit = region_fit["one size"]   # the bank procedure's boards: 72 shipped cannot decide
    drawn = {i: fit.boards[i]["bank 8x8"] + fit.boards[i]["bank 12x12"]
             for i in fits.judged_values(fit)}
    grades = {b: ladder.grade(b) for boards in drawn.values() for b in boards}
    rows = judging.judge(judging.across(
        _nd_16_rows(drawn[fit.estimate], grades, quick),
        [_nd_16_rows(boards, grades, quick) for i, boards in drawn.items() if i != fit.estimate],
        "region counts " + fits.in_words(fits.judged_values(fit), fit.labels),
        "the count of regions the write-up leaves out"))
    shipped = bank_boards("nondango")
    split = ladder_split(shipped)
    stalled = split.boards - split.finish["region"] - split.finish["triple"]
    theorem.detail = lines(
        f"Theorem: {theorem.measured}; {theorem.detail}.",
        f"Shipped bank (the write-up's procedure at the fitted region size, ND-03): "
        f"{stalled}/{len(shipped)} stall at triple, triple pins {split.pooled_share or 0:.0%} "
        f"of their regions (mean of board shares {split.pinned_share or 0:.0%}), knot median "
        f"{split.knot_median or 0:g}, {split.finish['search']} need search; "
        f"{split.finish['triple']} finish at triple, {split.finish['probe']} at probe.",
        "Bank figures on the bank procedure's boards of the region fit (nondango.bank_board, "
        f"{len(drawn[fit.estimate])} at the estimate, and at each count of its set: the "
        "sample rule's size for the write-up's 72 boards), judged across the set.  The "
        "write-up's 72% is read as a share of the stalled boards' regions, pooled.  Fisher's "
        "exact test for counts of boards, a two-sample bootstrap over whole boards for the "
        f"share and the median (their 52 stalled boards); Holm at 1%: {_p_words(rows)}")
    theorem.measured = f"{theorem.measured}; bank {stalled}/{len(shipped)} stall at triple"
    theorem.rows = rows
    return theorem


# === What I expected and did not find ===

def _answers_share(rows) -> float:
    return sum(h for _, h, _ in rows) / sum(b for b, _, _ in rows)


def _random_share(rows) -> float:
    return sum(e for _, _, e in rows) / sum(b for b, _, _ in rows)


def _gap(rows) -> float:
    return _answers_share(rows) - _random_share(rows)


def _nd_17_rows(boards, size: int, quick: bool) -> list[dict]:
    """ND-17's three rows at one size (not yet judged), on bank-procedure boards: the share
    of black circles with a black 8-neighbour in the answers, the same for a random circle
    a region (exact, nondango.clustering), and the gap, each against the write-up's by
    resampling whole boards (their 36)."""
    answers = stated("ND-17", f"{size}x{size} answers")
    random_pick = stated("ND-17", f"{size}x{size} random pick")
    per = list(nd.clustering(boards).boards)
    figures = ((f"{size}×{size} answers: black neighbour", answers.value, _answers_share,
                answers.unit),
               (f"{size}×{size} random pick: black neighbour", random_pick.value, _random_share,
                random_pick.unit),
               (f"{size}×{size} gap, answers less random",
                round(answers.value - random_pick.value, 4), _gap,
                answers.unit + random_pick.unit))
    return [judging.bootstrap_row(label, per, theirs, answers.n, statistic, "share",
                                  190 + 10 * k + size, _resamples(quick), unit)
            for k, (label, theirs, statistic, unit) in enumerate(figures)]


def nd_17(quick: bool, region_fit) -> Finding:
    """Black circles of the bank's answers have a black 8-neighbour about as often as a
    random circle per region would (86% vs 87.8% at 8x8, 91% vs 91.4% at 12x12).  [ND-17]"""
    fit = region_fit["one size"]
    rows = []
    for size in (8, 12):   # the region fit's boards, their number fixed by the sample rule
        estimate = _nd_17_rows(fit.boards[fit.estimate][f"bank {size}x{size}"], size, quick)
        others = [_nd_17_rows(fit.boards[i][f"bank {size}x{size}"], size, quick)
                  for i in fits.judged_values(fit) if i != fit.estimate]
        where = "region counts " + " and ".join(fit.labels[i] for i in fits.judged_values(fit))
        rows += judging.across(estimate, others, where, f"the count of regions ({where})") \
            if others and size == 12 else estimate
    rows, verdict, words = _judge([(r["label"], None, None, r) for r in rows])
    below = [n for n, r in zip((8, 12), (rows[2], rows[5])) if r["difference"][1] < 0]
    return Finding(
        verdict, "; ".join(f"{size}: {r['ours']:.1%} vs {q['ours']:.1%}" for size, r, q in
                           (("8×8", rows[0], rows[1]), ("12×12", rows[3], rows[4]))),
        lines("Bank-procedure boards of the region fit (nondango.bank_board at each count of "
              "its set, " + ", ".join(f"{r['boards']} at {size}" for size, r in
                                      zip(("8×8", "12×12"), rows[::3]))
              + ").  The random-pick share is exact: the expected share over every pick of one "
              "circle per region, not a sample.  Shares over circles of one board are not "
              "independent, so every test resamples whole boards (their 36 boards a size, "
              "assumed to vary as ours); the write-up's 86% and 91% are whole percents, so its "
              f"gaps carry ±0.5 points of rounding.  Holm at 1%: {words}.",
              "Our answers have fewer black neighbours than a random pick, not more (the gap's "
              "interval lies below 0 at " + " and ".join(f"{n}×{n}" for n in below) + "), the "
              "direction of the write-up's own gaps; a likely reason: an answer never holds "
              "three blacks in a line, a random pick may." if below else ""),
        rows=rows)


# === Two engines ===

def nd_18(quick: bool, nd_small) -> Finding:
    """The screened group solver and the plain exhaustion return the same answer set under
    all four readings, and the group product counts it a third way.  [ND-18]"""
    boards = 0
    problems = []
    for board, answers in nd_small[False]:
        if math.prod(len(r & board.circles) for r in board.regions) > 5000:
            continue
        boards += 1
        for reading in nd.READINGS:
            fast = answers[reading]
            by_hand = nd_twin.group_counts_by_hand(board, nd.groups(board, reading), reading)
            if set(fast) != set(nd_twin.solve_by_exhaustion(board, reading)) or \
                    len(fast) != math.prod(by_hand):
                problems.append(f"{reading}:\n{nd.picture(board)}")
    sample = nd.load(ND_SAMPLE)
    for reading in nd.READINGS:
        boards += reading == "write-up"
        if set(nd.solve(sample, reading)) != set(nd_twin.solve_by_exhaustion(sample, reading)):
            problems.append(f"{reading}: pzprjs sample")
    return Finding("holds" if not problems else "refuted",
                   f"same answer set on {boards} boards × 4 readings",
                   "exhaustive small shapes, seeded random boards up to 5×5 (paintings "
                   "≤ 5,000) and the pzprjs sample; group counts by hand multiply to the same",
                   crosscheck_failures=problems[:3])
