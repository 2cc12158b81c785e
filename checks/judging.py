"""How a figure of ours is judged against a write-up's: one rule for each kind of figure,
shared by both puzzles; the margin that says how large a difference matters; what the data
can tell when no difference is seen; and how many boards a sample needs.

Every judged row carries the 99% interval of the difference, ours minus the write-up's, so
a reader sees how large a difference the test could have missed, and a second interval, its
`limit`: the same interval with our own sampling error set to zero (our figure taken as
exact, the write-up's sample, rounding and missing n left as they are).  A row reads

    differs      when Holm's correction at 1% over the claim's rows rejects it;
    reproduced   when it is not rejected and its interval lies inside the row's margin
                 (MARGINS: the size of difference the write-up's figure is there to show);
    consistent   when it is not rejected, its interval reaches the margin, and its limit
                 (our sampling error zero; the parameter at its estimate, or across its
                 confidence set: `spread`) both reaches the margin AND holds 0: no number
                 of boards of ours could tell, the write-up itself is the limit (its n,
                 its rounding, an n it never gave, a parameter it never stated), and the
                 row's `reason` says which in one phrase ("36 boards cannot tell a gap
                 under 15.6 points");
    open         when it is not rejected and its interval reaches the margin, but its
                 limit does not reach the margin, or lies off 0: our boards could decide
                 it (inside the margin: reproduced; off 0: told apart, differs), and
                 `needed` says about how many (boards_to_decide).  A sample's size is
                 fixed in advance (SAMPLE RULE below), so `open` is what remains where
                 that size does not decide it.

The interval is each row's own, at 99%; the verdict is corrected over the claim's rows, so
a row whose interval just misses zero may still read 'reproduced' when Holm does not
reject it.  (Fisher's test and Newcombe's interval are not exact inverses either; the
bootstrap's p-value and interval are, up to the resampling's +1s.)  Across a parameter's
confidence set (across, fitted_row) the largest p over the set has size at most 2%, 1%
for the test and 1% for the set (Berger and Boos 1994), and the hull of 99% intervals
covers at least 98%; its limit is the one at the estimate, and where that does not make it
consistent but the hull of the limits over the set (`spread`) reaches the margin and holds
0, the parameter is the limit (consistent).

Kinds of figure, their test, their interval and their margin (MARGINS)
    mean       a mean per board (runs, triples, white circles).  Two means, the write-up's
               of `their_n` boards spread as ours (it gives no spread); the printed figure
               stands for every value it rounds from.  Normal interval.  Margin: 10% of
               the write-up's figure.
    log10      a mean of log10 per board (placement spaces, ways to paint): tested as a
               mean.  Margin: one decade, a factor of ten.
    rate       k of n boards, the write-up's k and n given.  Fisher's exact test; the
               Newcombe hybrid score interval.  Margin: half the rate of the rarer outcome
               (a rate half again as large), and never under 5 points.
    share      a share pooled over boards (dead triples, black neighbours): resampling
               whole boards, p-value and interval from the same resamples.
               Margin as for a rate.
    median     a median over boards: resampling whole boards.  Margin: twice or half the
               write-up's figure.
    smallest   the smallest value of the write-up's boards: against the law of the
               smallest of as many of ours (smallest_row).  Margin as a median's.  Our law
               is known only within its 99% band, and below the smallest value we saw the
               band still allows mass of about 5.3 / n: their smallest may fall there, so
               the interval runs down to the floor until n passes smallest_boards(their n)
               (42,276 boards against 40).  A smallest value therefore reads `reproduced`
               only past that size; below it, `consistent` where the smallest of their n
               spreads past the margin, and over 0, even under our law known exactly, else
               `open` naming that size.
    rate without its n
               judged at every n the write-up's own totals allow (rate_rows_over_n): it
               differs only if rejected at every one of them; its interval and limit are
               at the fewest (the weakest test).
    alternatives and a parameter's set
               a figure the write-up gives for one of several settings it never names (a
               parameter left out, DF-10's count of starved rooms) is judged at each
               (across): the largest p-value and the widest interval over them.

A figure fixed by construction or counted exactly keeps a fixed verdict ('reproduced',
'holds', 'refuted', 'differs') or none ('not judged'), with no interval.  An end of an
interval the data cannot bound is open (None) and always reaches the margin.

SAMPLE RULE (how many boards every sample of a check draws; one rule for both puzzles)
    Every sample's size is fixed before any of its boards is drawn, from the write-up's
    own figures alone, and nothing grows after a look at what the boards show (a sample
    grown while a row reads open would test the same hypothesis again at 1% each time,
    and its errors would add up): sample_size(their n) boards, four times the write-up's
    n, so that our standard error is OUR_SHARE (a half) of the write-up's and our part of
    an interval at most sqrt(1 + OUR_SHARE²) = 1.12 times what its own sample allows.
    Two plain exceptions, both fixed by the write-up's figure before drawing:
      - a count of boards whose rate the write-up gives needs only as many boards as put
        our standard error, planned at that rate, under MARGIN_SHARE (a tenth) of the
        row's margin (our part of its 99% interval then at most a quarter of the margin),
        and never fewer than the write-up's own n: sample_size(600, 594 / 600) is 600, not
        2,400; a rate of 0% or 100% plans no error at all, and takes the write-up's n;
      - a figure of the write-up's bank is measured on the shipped bank (its own n, 36
        boards a size) only where that n meets the rule; else on the bank procedure's
        boards the parameter fits draw (checks/fits.py), 144 a size at every value of the
        set: the fits' fine pass is the same rule, the coarse pass the write-up's own n.
    An experiment rerun at the other values of a parameter's set (across) draws the
    write-up's own n there, as the fits' coarse pass does, the estimate taking the rule's
    size: a row's largest p and widest interval over the set then come from those
    smaller samples, so the set may leave open a row the estimate alone would decide.
    A sample feeding several rows takes the largest size its rows ask.  Each sample's
    docstring gives its size and this rule's reason for it; a row the size does not
    decide reads `open`, naming the boards that would (boards_to_decide), and stays so.

Contents
    rounding_gap, mean_row          a mean against a printed mean
    wilson_interval,                a rate's interval; the interval of a difference of
    newcombe_interval, rate_row     rates; a count of boards against a count
    bootstrap_row, smallest_row     a share or median over boards; a smallest value
    printable_ns, rate_rows_over_n  a rate printed without its n
    across, fitted_row, fixed_row   rows across a parameter's set or alternatives; rows
                                    without a test
    sample_size, smallest_boards,   the sample rule; how many boards would decide a row
    boards_to_decide, reaches,      and whether another value of a parameter could change
    holds_zero, settled             a row at all
    rows_from, judge, claim_verdict a claim's rows from its entries; the verdicts, row by row
                                    and for the claim
    difference_words, gap_words     an interval and a gap in words, for the report

    mean_row("8x8 runs", [10, 11] * 18, 10.7, 0.1, 36)["verdict"]   → None (until judged)
    judge([mean_row(...), rate_row(...)])    → the rows, each with verdict and reason
    claim_verdict(rows)                      → 'refuted' > 'differs' > 'open' >
                                               'consistent' > 'reproduced'

Rows are plain dicts (they go into the JSON report as they are, and a drawing module reads
them without parsing prose): label, ours, theirs, kind, p, difference (the 99% interval,
[low, high] in the figure's own units), margin ([low, high]: the difference the write-up's
point would make), limit ([low, high]: the interval with our sampling error zero), boards
(ours behind the figure), needed (boards that would decide an open row), note, and after
`judge` verdict, reason (one phrase) and holm_p.  Nothing here prints; a function given a
count that is not one raises stats.StatsError (a ValueError), and mean_row or bootstrap_row
given fewer than two boards statistics.StatisticsError.

Roads not taken: a one-sided 'equivalence' test (TOST) would turn the margin into a test of
its own; the interval against the margin says the same thing in a form a reader can check
by eye.
"""

from __future__ import annotations

import math
import random
import statistics
from statistics import NormalDist
from typing import Callable, Sequence

from checks.stats import (Sample, StatsError, binomial_interval, fisher_exact, holm_adjusted,
                          resample)

__all__ = ["ALPHA", "LEVEL", "Z", "MARGINS", "OUR_SHARE", "MARGIN_SHARE", "ROW_VERDICTS",
           "rounding_gap", "mean_row", "rate_row", "bootstrap_row", "smallest_row",
           "rate_rows_over_n", "across", "fitted_row", "fixed_row", "newcombe_interval",
           "wilson_interval", "sample_size", "smallest_boards", "boards_to_decide", "reaches",
           "holds_zero", "settled", "rows_from", "judge", "claim_verdict", "difference_words",
           "gap_words", "printable_ns"]

ALPHA = 0.01            # the family-wise error of one claim's rows (Holm)
LEVEL = 1 - ALPHA       # the confidence of every interval
Z = NormalDist().inv_cdf(1 - ALPHA / 2)   # 2.5758…
MARGINS = {
    "mean": "10% of the write-up's figure",
    "log10": "one decade (a factor of ten)",
    "rate": "half the rarer outcome's rate, at least 5 points",
    "share": "half the rarer outcome's share, at least 5 points",
    "median": "twice or half the write-up's figure",
    "smallest": "twice or half the write-up's figure",
}
ROW_VERDICTS = ("refuted", "differs", "open", "consistent", "reproduced")   # worst first
OUR_SHARE = 0.5
"""The sample rule's fraction: our standard error at most half the write-up's, n = their n
/ OUR_SHARE² (sample_size); the interval is then at most sqrt(1 + OUR_SHARE²) = 1.12
times what the write-up's own sample allows."""
MARGIN_SHARE = 0.1
"""The sample rule's other fraction: for a count of boards whose rate the write-up gives,
our standard error planned at that rate at most a tenth of the row's margin is enough."""


def _margin(kind: str, theirs: float) -> tuple[float, float]:
    """The difference (ours − theirs) the write-up's point would make, as (low, high).
    # _margin("rate", 0.137) → (-0.0685, 0.0685); _margin("median", 1268) → (-634.0, 1268)"""
    if kind == "mean":
        return -0.1 * abs(theirs), 0.1 * abs(theirs)
    if kind == "log10":
        return -1.0, 1.0
    if kind in ("rate", "share"):   # a gap between two shares counts by its size
        m = max(0.05, min(abs(theirs), 1 - abs(theirs)) / 2)
        return -m, m
    if kind in ("median", "smallest"):
        return -theirs / 2, theirs
    raise ValueError(f"unknown kind of figure {kind!r}; expected one of {sorted(MARGINS)}")


def reaches(interval, margin) -> bool:
    """Whether an interval [low, high] reaches its margin [low, high] on either side (an
    open end always does).  # reaches([-0.2, 0.1], [-0.1, 0.1]) → True"""
    low, high = interval
    return low is None or high is None or low <= margin[0] or high >= margin[1]


def holds_zero(interval) -> bool:
    """Whether an interval [low, high] holds 0 (an open end holds everything on its side;
    1e-12 of rounding is let pass).  # holds_zero([0.04, 0.19]) → False"""
    low, high = interval
    return (low is None or low <= 1e-12) and (high is None or high >= -1e-12)


def _row(label, ours, theirs, kind, p, low, high, margin, verdict=None, note="",
         limit=None, boards=None, needed=None, who="") -> dict:
    row = {"label": label, "ours": ours, "theirs": theirs, "kind": kind,
           "p": p, "difference": None if p is None else [low, high],
           "margin": None if margin is None else list(margin),
           "limit": None if limit is None else list(limit), "boards": boards,
           "needed": needed, "verdict": verdict, "note": note}
    if who:
        row["who"] = who   # what limits the row if our error were zero, for its reason
    return row


# === How many boards ===

def sample_size(their_n: int, rate: float | None = None) -> int:
    """The boards of ours for a figure of the write-up's `their_n` boards (SAMPLE RULE),
    fixed before any is drawn: four times their n, our standard error OUR_SHARE of the
    write-up's; for a count of boards whose `rate` the write-up gives, only as many as
    put our standard error, planned at that rate, under MARGIN_SHARE of the row's margin,
    and never fewer than their n.
    # sample_size(36) → 144; sample_size(220, 200 / 220) → 880; sample_size(600, 0.99) → 600"""
    most = math.ceil(their_n / OUR_SHARE ** 2)
    if rate is None:
        return most
    planned = math.ceil(rate * (1 - rate) / (MARGIN_SHARE * _margin("rate", rate)[1]) ** 2)
    return min(most, max(their_n, planned))


def smallest_boards(their_n: int) -> int:
    """The fewest boards of ours with which the smallest of the write-up's `their_n` can be
    bounded below at all: while n is smaller, the 99% band of our law leaves mass below
    everything we saw in which their smallest falls with probability above 0.5%, so the
    interval runs down to the floor (n > their_n·ln 0.005 / ln 0.995).
    # smallest_boards(40) → 42276"""
    return math.floor(their_n * math.log(ALPHA / 2) / math.log(1 - ALPHA / 2)) + 1


def _needed(boards, centre, interval, limit, margin) -> int | None:
    """About how many boards of ours would decide an open row: take `interval` inside
    `margin` where its `limit` (the write-up's part alone) lies inside it, or off 0 where
    the limit reaches the margin but lies off 0 (then the row is told apart: that count
    is for a single row at 1%, Holm may ask more); our figure staying at `centre` (low,
    high: the centre each end is measured from) and our part of the interval's width
    shrinking as one over the square root of the boards.  None when it is inside
    already, when its own interval lies off 0 already (only Holm's correction over the
    claim's rows keeps it from differs), when its limit reaches the margin and holds 0 (no
    number of ours decides it), or an end is open."""
    if boards is None or None in interval or None in limit or not reaches(interval, margin):
        return None
    if not reaches(limit, margin):       # our boards alone keep it from the margin
        sides = [(centre[0] - interval[0], centre[0] - limit[0], centre[0] - margin[0]),
                 (interval[1] - centre[1], limit[1] - centre[1], margin[1] - centre[1])]
    elif not holds_zero(limit) and limit[0] > 0:    # ours above theirs: the low end off 0
        sides = [(centre[0] - interval[0], centre[0] - limit[0], centre[0])]
    elif not holds_zero(limit):                     # ours below theirs: the high end off 0
        sides = [(interval[1] - centre[1], limit[1] - centre[1], -centre[1])]
    else:
        return None
    need = 0.0
    for width, own, room in sides:
        if width < room:
            continue
        if own >= room:
            return None
        need = max(need, boards * (width ** 2 - own ** 2) / (room ** 2 - own ** 2))
    if need == 0:       # its own interval decides it already; only Holm holds it back
        return None
    return max(math.ceil(need), boards + 1)


def settled(row: dict) -> bool:
    """Whether no other value of a parameter, and no other setting, can change a row's
    verdict: it has no test (a fixed verdict), or it is not rejected (p above ALPHA: the
    largest p over more values can only be larger) and its limit already reaches its
    margin and holds 0 (consistent whatever the hull).  An experiment reruns at a
    parameter's other values only for rows that are not settled."""
    if row["p"] is None:
        return True
    limit = row["limit"]
    return (row["p"] > ALPHA and limit is not None and reaches(limit, row["margin"])
            and holds_zero(limit))


def boards_to_decide(row: dict) -> int | None:
    """The boards of ours that would decide a judged row (`open`), as the row carries it;
    None where no number of ours would (its limit reaches the margin) or it is decided.
    # boards_to_decide(mean_row("x", [1.0, 3.0] * 20, 2.0, 0, 36)) → None (inside)"""
    return row.get("needed")


# === One row per kind of figure ===

def rounding_gap(ours: float, printed: float, unit: float) -> float:
    """Signed distance from `ours` to the interval printed ± unit/2 (0 inside it).
    # rounding_gap(10.9, 10.7, 0.1) → 0.15 (to 10.75); rounding_gap(10.68, 10.7, 0.1) → 0"""
    gap = ours - printed
    return 0.0 if abs(gap) <= unit / 2 else math.copysign(abs(gap) - unit / 2, gap)


def _rounding_words(unit: float, kind: str) -> str:
    """How a figure printed to `unit` reads in a reason: ' printed to the decade'."""
    if kind == "log10" and unit >= 1:
        return " printed to the decade"
    return f" printed to {unit:g}"


def mean_row(label: str, values: Sequence[float], printed: float, unit: float, their_n: int,
             kind: str = "mean", note: str = "") -> dict:
    """A mean per board against the write-up's mean of `their_n` boards, printed to `unit`.

    Under "one mean", the gap has standard error sd·sqrt(1/n + 1/their_n) (sd from our
    boards: the write-up gives none).  The printed figure stands for printed ± unit/2, so
    the gap is taken to the nearest point of that interval (zero inside it), and the
    interval of the difference spans the rounding too; its limit is the same with our
    1/n term zero.  Needs at least two values (statistics.StatisticsError otherwise).
    # mean_row("runs", [10.0, 11.0] * 18, 10.7, 0.1, 36)["p"] → 0.209…"""
    mean, spread = statistics.fmean(values), statistics.stdev(values)
    error = spread * math.sqrt(1 / len(values) + 1 / their_n)
    theirs_alone = spread * math.sqrt(1 / their_n)
    top, bottom = printed + unit / 2, printed - unit / 2
    gap = rounding_gap(mean, printed, unit)
    if error == 0:
        z = 0.0 if gap == 0 else math.copysign(math.inf, gap)
    else:
        z = gap / error
    margin = _margin(kind, printed)
    interval = (mean - top - Z * error, mean - bottom + Z * error)
    limit = (mean - top - Z * theirs_alone, mean - bottom + Z * theirs_alone)
    who = f"{their_n} boards"
    if unit and unit / 2 >= 0.25 * max(abs(limit[0]), abs(limit[1])):
        who += _rounding_words(unit, kind)
    row = _row(label, round(mean, 3), printed, kind, math.erfc(abs(z) / math.sqrt(2)),
               *interval, margin, note=note, limit=limit, boards=len(values),
               needed=_needed(len(values), (mean - top, mean - bottom), interval, limit,
                              margin), who=who)
    row["z"] = z   # signed: positive when ours lies above the printed figure's interval
    return row


def wilson_interval(successes: int, trials: int, z: float = Z) -> tuple[float, float]:
    """Wilson's score interval for one binomial rate, at LEVEL (z: its normal quantile).
    Raises StatsError unless 0 ≤ successes ≤ trials and trials ≥ 1.
    Source: E. B. Wilson, JASA 22 (1927) 209-212.  # wilson_interval(0, 36) → (0.0, 0.155…)"""
    if trials < 1 or not 0 <= successes <= trials:
        raise StatsError(f"need 0 <= successes <= trials and trials >= 1, got "
                         f"{successes}/{trials}")
    p, n = successes / trials, trials
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe_interval(ours: Sample, theirs: Sample, z: float = Z) -> tuple[float, float]:
    """The interval of rate(ours) − rate(theirs) at LEVEL (z: its normal quantile):
    Newcombe's hybrid score method, the two Wilson intervals combined.  Raises StatsError
    for a sample that is not one.  Source: R. G. Newcombe, Statistics in Medicine 17
    (1998) 873-890, method 10.  # newcombe_interval((0, 36), (0, 36)) → (-0.155…, 0.155…)"""
    (l1, u1), (l2, u2) = wilson_interval(*ours, z), wilson_interval(*theirs, z)
    p1, p2 = ours[0] / ours[1], theirs[0] / theirs[1]
    d = p1 - p2
    return d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def _theirs_alone(ours: Sample, theirs: Sample) -> tuple[float, float]:
    """Newcombe's interval with our rate taken as exact: only the write-up's Wilson
    interval is left.  # _theirs_alone((0, 36), (0, 36)) → (-0.155…, 0.0)"""
    low, high = wilson_interval(*theirs)
    d = ours[0] / ours[1] - theirs[0] / theirs[1]
    return d - (high - theirs[0] / theirs[1]), d + (theirs[0] / theirs[1] - low)


def rate_row(label: str, ours: Sample, theirs: Sample, note: str = "") -> dict:
    """k of n of ours against the write-up's k of n: Fisher's exact test, Newcombe's
    interval, the rate margin; the limit is the write-up's Wilson interval alone.  Raises
    StatsError for a sample that is not one.
    # rate_row("unique", (157, 216), (157, 216))["p"] → 1.0"""
    p = fisher_exact(ours, theirs)
    interval = newcombe_interval(ours, theirs)
    limit = _theirs_alone(ours, theirs)
    margin = _margin("rate", theirs[0] / theirs[1])
    d = ours[0] / ours[1] - theirs[0] / theirs[1]
    return _row(label, list(ours), list(theirs), "rate", p, *interval, margin, note=note,
                limit=limit, boards=ours[1],
                needed=_needed(ours[1], (d, d), interval, limit, margin),
                who=f"{theirs[1]:,} boards")


def bootstrap_row(label: str, boards: Sequence, printed: float, their_n: int,
                  statistic: Callable[[Sequence], float], kind: str, seed: int,
                  resamples: int = 4000, unit: float = 0.0, note: str = "") -> dict:
    """A figure over boards (a pooled share, a median) against the write-up's from
    `their_n` boards, printed to `unit`, resampling whole boards.

    Their boards are taken to vary as ours do: the gap between two resamples of ours, one
    of our size and one of theirs, is the gap's law under "one population".  The gap we
    see is measured to the nearest point of printed ± unit/2 (as `mean_row`).  The p-value
    is equal-tailed on that law, twice the smaller of (1 + resampled gaps at or above ours)
    / (1 + resamples) and the same below, and the interval of the difference is ours −
    theirs less the 0.5% and 99.5% points of the law, widened by the rounding: the
    interval leaves out 0 exactly when the p-value is at most 1% (up to the +1s).  Its
    limit takes the same resamples of their size alone, ours held at our figure.  Draws
    with Random(seed).random() alone.  Raises StatsError for no boards, their_n < 1 or
    resamples < 1.
    # bootstrap_row("median", [1, 2, 3] * 12, 2, 36, statistics.median, "median", 1)["p"] → 1.0"""
    if not boards or their_n < 1 or resamples < 1:
        raise StatsError(f"need at least one board, their_n >= 1 and resamples >= 1, got "
                         f"{len(boards)} boards, {their_n} and {resamples}")
    rng = random.Random(seed)
    n = len(boards)
    ours = statistic(boards)
    observed = rounding_gap(ours, printed, unit)
    pairs = [(statistic(resample(rng, boards, n)), statistic(resample(rng, boards, their_n)))
             for _ in range(resamples)]
    gaps = sorted(a - b for a, b in pairs)
    alone = sorted(ours - b for _, b in pairs)    # our figure exact: their resample only
    above = (1 + sum(g >= observed - 1e-12 for g in gaps)) / (1 + resamples)
    below = (1 + sum(g <= observed + 1e-12 for g in gaps)) / (1 + resamples)
    j = math.floor(round(ALPHA / 2 * resamples, 9))
    top, bottom = printed + unit / 2, printed - unit / 2
    interval = (ours - top - gaps[resamples - 1 - j], ours - bottom - gaps[j])
    limit = (ours - top - alone[resamples - 1 - j], ours - bottom - alone[j])
    margin = _margin(kind, printed)
    who = f"{their_n} boards" + (_rounding_words(unit, kind) if unit and unit / 2 >= 0.25 * max(
        abs(limit[0]), abs(limit[1])) else "")
    return _row(label, round(ours, 4), printed, kind, min(1.0, 2 * min(above, below)),
                *interval, margin, note=note, limit=limit, boards=n,
                needed=_needed(n, (ours - top, ours - bottom), interval, limit, margin),
                who=who)


def _smallest_law(values: Sequence[float], their_n: int, edge: int | None):
    """P(M ≤ v) for the smallest M of `their_n` boards of our law F, F(v) the share of
    `values` at or below v, taken at one edge of its 99% Clopper-Pearson band (0 low,
    1 high) or, with edge None, as it is (our law known exactly)."""
    n = len(values)

    def at(v: float) -> float:
        count = sum(x <= v for x in values)
        share = count / n if edge is None else binomial_interval(count, n)[edge]
        return 1 - (1 - share) ** their_n
    return at


def _smallest_interval(values, printed, their_n, floor, cap, exact: bool):
    """Where the smallest of their n falls but for 0.5% each side, less `printed`: with
    our law known within its band (the low end down to `floor` while the band leaves mass
    below all we saw) or exactly; an upper end at `cap` is open (None)."""
    ordered = sorted(set(values))
    if exact:
        low_law = high_law = _smallest_law(values, their_n, None)
        below_all = 0.0
    else:
        low_law, high_law = _smallest_law(values, their_n, 1), _smallest_law(values, their_n, 0)
        below_all = 1 - (1 - binomial_interval(0, len(values))[1]) ** their_n
    if below_all >= ALPHA / 2:   # their smallest may fall below all we saw: down to `floor`
        low = floor - printed
    else:
        low = next(v for v in ordered if low_law(v) >= ALPHA / 2) - printed
    top = next((v for v in ordered if high_law(v) >= 1 - ALPHA / 2), None)
    high = None if top is None or (cap is not None and top >= cap) else top - printed
    return low, high


def smallest_row(label: str, values: Sequence[float], printed: float, their_n: int,
                 ours: Sequence[float], floor: float, cap: float | None = None,
                 note: str = "") -> dict:
    """The smallest of the write-up's `their_n` boards against the law F of our boards'
    `values` (all we drew: the more, the better we know F); `ours`, the smallest of our
    rerun, is shown beside it.  If their boards follow F, their smallest M has
    P(M ≥ x) = (1 − F(x−))^their_n and P(M ≤ x) = 1 − (1 − F(x))^their_n.  F is known
    only within its 99% Clopper-Pearson band, so each tail is taken at the edge of the band
    that makes it largest: the p-value, twice the smaller tail, errs on the side of not
    rejecting, and the interval (where M falls but for 0.5% each side, less the write-up's
    figure) is as wide as the band allows: below our smallest value the band still allows
    some mass, down to `floor`, until our values number smallest_boards(their_n), and an
    upper end at `cap` (a count stopped there stands for any larger one) is open (None).
    The limit is the same interval with F known exactly (our values as the law itself).
    Margin as a median's.  Resampling is not used: the bootstrap is known to fail for a
    smallest value.
    # smallest_row("s", list(range(1, 401)), 1, 40, [1], floor=1)["p"] → 1.0"""
    n = len(values)
    low_tail = 1 - (1 - binomial_interval(sum(v <= printed for v in values), n)[1]) ** their_n
    high_tail = binomial_interval(sum(v >= printed for v in values), n)[1] ** their_n
    interval = _smallest_interval(values, printed, their_n, floor, cap, exact=False)
    limit = _smallest_interval(values, printed, their_n, floor, cap, exact=True)
    margin = _margin("smallest", printed)
    if interval[1] is None:
        note = (note + "; " if note else "") + (
            "open above: the smallest of as many of ours may lie past the counts' cap")
    needed = None
    if reaches(interval, margin) and not _consistent(limit, margin):
        needed = max(smallest_boards(their_n), n + 1)
    return _row(label, min(ours), printed, "smallest", min(1.0, 2 * min(low_tail, high_tail)),
                *interval, margin, note=note, limit=limit, boards=n, needed=needed,
                who=f"the smallest of {their_n} boards")


def printable_ns(printed: float, unit: float, largest: int) -> list[int]:
    """Every n up to `largest` for which some k of n rounds to the printed rate (to `unit`).
    # printable_ns(0.137, 0.001, 60)[0] → 51 (7 of 51 is 13.73%)"""
    return [n for n in range(1, largest + 1)
            if any(abs(k / n - printed) <= unit / 2 + 1e-12
                   for k in (math.floor(printed * n), math.ceil(printed * n)))]


def rate_rows_over_n(label: str, ours: Sample, printed: float, unit: float,
                     largest: int) -> dict:
    """A rate the write-up prints without its n, judged at every n its totals allow: each
    n up to `largest` for which some k of n prints it (printable_ns), with k the nearest to
    printed·n.  Its p-value is the largest over those n, so it differs only where every n
    rejects; its interval, limit and margin are those at the smallest n (the weakest test).
    The note says at how many of those n Fisher's test alone would reject, and the
    smallest (Fisher's p is not monotone in n, so not 'from there on')."""
    ns = printable_ns(printed, unit, largest)
    tested = [(n, fisher_exact(ours, (round(printed * n), n))) for n in ns]
    rejecting = [n for n, p in tested if p <= ALPHA]
    fewest = (round(printed * ns[0]), ns[0])
    interval = newcombe_interval(ours, fewest)
    limit = _theirs_alone(ours, fewest)
    margin = _margin("rate", printed)
    d = ours[0] / ours[1] - fewest[0] / fewest[1]
    note = (f"the write-up gives no n: {len(ns):,} n from {ns[0]:,} to {ns[-1]:,} can print "
            f"{printed:.1%}; Fisher's test rejects at "
            + (f"{len(rejecting):,} of them, the smallest {rejecting[0]:,}" if rejecting
               else "none of them"))
    return _row(label, list(ours), printed, "rate", max(p for _, p in tested), *interval,
                margin, note=note, limit=limit, boards=ours[1],
                needed=_needed(ours[1], (d, d), interval, limit, margin),
                who=f"{ns[0]} boards (the fewest that print {printed:.1%}: no sample size "
                    "given)")


def _hull(intervals) -> list:
    """The smallest interval holding every one of `intervals` (an open end stays open)."""
    if any(i is None for i in intervals):   # a row without a limit: none over the set
        return None
    lows, highs = [i[0] for i in intervals], [i[1] for i in intervals]
    return [None if None in lows else min(lows), None if None in highs else max(highs)]


def across(estimate: Sequence[dict], others: Sequence[Sequence[dict]], where: str,
           cause: str = "") -> list[dict]:
    """A claim's rows judged across a parameter's confidence set, or across settings the
    write-up leaves open: `estimate`, its rows (not yet judged) at the estimate (or the
    setting shown), `others` the same rows at the other values.  A tested row takes its
    largest p-value over all of them, so that Holm rejects it only if every value does,
    and the hull of its intervals, so that a difference the set allows anywhere is in
    reach of its margin; `ours` and the limit stay the estimate's, and `spread`, the hull
    of the limits, is what `cause` (the parameter or setting, in words) leaves open.  Rows
    are matched by label; a row with a fixed verdict, or found at the estimate alone, is
    kept as it is.  `where` names the values in the note, e.g. 'densities 0.16 to 0.20'."""
    out = []
    for row in estimate:
        same = [r for rows in others for r in rows if r["label"] == row["label"]]
        if row["p"] is None or not same or any(r["p"] is None for r in same):
            out.append(row)
            continue
        every = [row, *same]
        needs = [r["needed"] for r in every if r.get("needed")]
        out.append(row | {
            "p": max(r["p"] for r in every),
            "difference": _hull([r["difference"] for r in every]),
            "spread": _hull([r.get("spread") or r["limit"] for r in every]),
            "cause": row.get("cause") or cause or where, "needed": max(needs) if needs else None,
            "note": (row["note"] + "; " if row["note"] else "")
                    + f"p the largest, interval the widest, over {where}"})
    return out


def fitted_row(label: str, ours, printed: float, kind: str, p: float, low: float, high: float,
               note: str = "", limit=None, spread=None, boards=None, needed=None,
               cause: str = "", who: str = "") -> dict:
    """A figure judged by a parameter fit (checks/fits.py): `p` is its largest p-value over
    the parameter's confidence set, so Holm rejects it only if every value in the set does;
    `low`, `high` the hull of its 99% intervals over the set; `ours` its mean at the
    estimate, `limit` its interval there with our error zero, `spread` the hull of those
    over the set (what `cause`, the parameter in words, leaves open)."""
    row = _row(label, ours, printed, kind, p, low, high, _margin(kind, printed), note=note,
               limit=limit, boards=boards, needed=needed, who=who)
    if spread is not None:
        row |= {"spread": list(spread), "cause": cause}
    return row


def fixed_row(label: str, ours, theirs, verdict: str | None, note: str = "",
              reason: str = "") -> dict:
    """A row with a fixed verdict ('reproduced' by construction, 'holds' for a statement
    counted on every case, 'refuted', 'differs') or none (shown, not judged): no test,
    no interval; `reason` says why in one phrase."""
    row = _row(label, ours, theirs, None, None, None, None, None, verdict, note)
    row["reason"] = reason or _FIXED_REASONS.get(verdict, "")
    return row


_FIXED_REASONS = {"reproduced": "fixed by the procedure, or counted exactly",
                  "holds": "true on every case counted",
                  "refuted": "counted exactly: the procedure cannot give the write-up's",
                  "differs": "counted exactly, and not the write-up's"}


# === A claim's rows together ===

def rows_from(entries) -> list[dict]:
    """A claim's rows, not yet judged, from entries (label, ours, theirs, how): `how` is
    "rate" (ours k of n against the write-up's k of n: rate_row), a row one of the
    functions above built, or a fixed verdict ('refuted', 'reproduced', 'holds', 'differs')
    or None (shown, not judged) for fixed_row.  Pairs given as tuples become lists (JSON).
    # rows_from([("unique", (0, 36), (0, 36), "rate")])[0]["kind"] → 'rate'"""
    rows = []
    for label, ours, theirs, how in entries:
        if how == "rate":
            rows.append(rate_row(label, tuple(ours), tuple(theirs)))
        elif isinstance(how, dict):
            rows.append(how)
        else:
            plain = [list(x) if isinstance(x, tuple) else x for x in (ours, theirs)]
            rows.append(fixed_row(label, *plain, how))
    return rows


def gap_words(x: float | None, kind: str) -> str:
    """A size of gap in the figure's units: points for a rate or share, decades for a
    log10, else the number.  # gap_words(0.1556, "rate") → '15.6 points'"""
    if x is None:
        return "any size"
    if kind in ("rate", "share"):
        return f"{100 * x:.1f} points"
    if kind == "log10":
        return f"{x:.1f} decades"
    if kind in ("median", "smallest"):
        return f"{x:,.0f}"
    return f"{x:.2g}" if abs(x) < 10 else f"{x:,.1f}"


def _reach(interval, margin) -> float | None:
    """How far `interval` goes on the side(s) where it meets `margin` (None: an open end)."""
    low, high = interval
    sides = []
    if low is None or low <= margin[0]:
        sides.append(None if low is None else -low)
    if high is None or high >= margin[1]:
        sides.append(None if high is None else high)
    return None if None in sides else max(sides)


def _consistent(bound, margin) -> bool:
    """Whether a limit (or the hull of limits over a parameter's set) makes a row
    consistent: it reaches the margin and holds 0."""
    return bound is not None and reaches(bound, margin) and holds_zero(bound)


def _verdict(row: dict, adjusted: float) -> tuple[str, str]:
    """A tested row's verdict and its reason, given its Holm-adjusted p-value."""
    if adjusted <= ALPHA:
        return "differs", f"told apart (Holm-adjusted p {adjusted:.2g})"
    if not reaches(row["difference"], row["margin"]):
        return "reproduced", "its interval lies inside the margin"
    if _consistent(row["limit"], row["margin"]):
        reach = _reach(row["limit"], row["margin"])
        if reach is None:
            return "consistent", (f"{row.get('who', 'the write-up')} leave its interval open "
                                  "(counts stop at a cap)")
        return "consistent", (f"{row.get('who', 'the write-up')} cannot tell a gap under "
                              f"{gap_words(reach, row['kind'])}")
    if _consistent(row.get("spread"), row["margin"]):
        return "consistent", (f"{row.get('cause', 'the parameter')} leaves a gap under "
                              f"{gap_words(_reach(row['spread'], row['margin']), row['kind'])}"
                              " untold")
    if not holds_zero(row["difference"]):
        return "open", ("its interval lies off 0, but Holm's correction over the claim's "
                        f"rows does not reject it (adjusted p {adjusted:.2g})")
    apart = row["limit"] is not None and not holds_zero(row["limit"])
    each = " at each value of its set" if row.get("spread") is not None else ""
    boards = (f"about {row['needed']:,} boards of ours{each}" if row.get("needed")
              else "more boards of ours")
    if apart:
        return "open", f"ours lies off the write-up's: {boards} would tell them apart"
    return "open", f"{boards} would decide it"


def judge(rows: Sequence[dict]) -> list[dict]:
    """The rows with their verdicts and reasons: Holm at ALPHA over the rows with a
    p-value (a row it rejects differs); a row not rejected reads reproduced when its
    interval lies inside its margin, consistent when its limit (our error zero; at the
    estimate, or over a parameter's set) reaches the margin and holds 0, open otherwise.
    Rows with a fixed verdict keep it.  Adds 'holm_p' (the Holm-adjusted p-value) to each
    tested row."""
    tested = [i for i, row in enumerate(rows) if row["p"] is not None]
    adjusted = dict(zip(tested, holm_adjusted([rows[i]["p"] for i in tested])))
    out = []
    for i, row in enumerate(rows):
        row = {key: value for key, value in row.items() if key not in ("who", "cause")}
        if i in adjusted:
            row["holm_p"] = adjusted[i]
            row["verdict"], row["reason"] = _verdict(rows[i], adjusted[i])
            if row["verdict"] != "open":
                row["needed"] = None
        out.append(row)
    return out


def claim_verdict(rows: Sequence[dict]) -> str:
    """A claim's verdict from its judged rows: the worst of refuted, differs, open,
    consistent, reproduced among them (rows not judged, and rows that hold, do not
    count); 'reproduced' when no row is judged."""
    verdicts = {row["verdict"] for row in rows}
    return next((v for v in ROW_VERDICTS if v in verdicts), "reproduced")


def difference_words(row: dict) -> str:
    """A judged row's difference interval in the figure's units (points for a rate or a
    share, decades for a log10), for the report; an open end is ∞.
    # difference_words({"kind": "rate", "difference": [-0.031, 0.12], …}) → '−3.1 to +12.0 pts'"""
    if not row.get("difference"):
        return ""
    low, high = row["difference"]
    rate = row["kind"] in ("rate", "share")
    whole = row["kind"] in ("median", "smallest") and float(row.get("theirs") or 0).is_integer()
    digits = 1 if rate else 0 if whole else 2

    def end(x, infinite):
        return infinite if x is None else f"{100 * x if rate else x:+,.{digits}f}"
    unit = " pts" if rate else " decades" if row["kind"] == "log10" else ""
    words = f"{end(low, '−∞')} to {end(high, '+∞')}{unit}"
    return words.replace("-", "−")
