"""How a figure of ours is judged against a write-up's: one rule for each kind of figure,
shared by both puzzles, and the margin that says when a test was too weak to judge.

Every judged row carries the 99% interval of the difference, ours minus the write-up's, so
a reader sees how large a difference the test could have missed.  A row is

    differs       when Holm's correction at 1% over the claim's rows rejects it;
    inconclusive  when it is not rejected but its interval still reaches the row's margin
                  (MARGINS: the size of difference the write-up's figure is there to show);
    reproduced    otherwise: not rejected, and a difference that large would have been seen.

The interval is each row's own, at 99%; the verdict is corrected over the claim's rows, so
a row whose interval just misses zero may still read 'reproduced' when Holm does not
reject it.  (Fisher's test and Newcombe's interval are not exact inverses either; the
bootstrap's p-value and interval are, up to the resampling's +1s.)  Across a parameter's
confidence set (across, fitted_row) the largest p over the set has size at most 2%, 1%
for the test and 1% for the set (Berger and Boos 1994), and the hull of 99% intervals
covers at least 98%.

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
               smallest of as many of ours (smallest_row).  Margin as a median's.
    rate without its n
               judged at every n the write-up's own totals allow (rate_rows_over_n): it
               differs only if rejected at every one of them, and the row says at how
               many it would be.
    across a parameter's set
               a figure that moves with a parameter the write-up leaves out is judged at
               every value of its confidence set (fitted_row, across): the largest p-value
               and the widest interval over them.

A figure fixed by construction keeps a fixed verdict ('reproduced', 'refuted', 'differs')
or none ('not judged'), with no interval.  An end of an interval the data cannot bound is
open (None) and always reaches the margin.

Contents
    rounding_gap, mean_row          a mean against a printed mean
    wilson_interval,                a rate's interval; the interval of a difference of
    newcombe_interval, rate_row     rates; a count of boards against a count
    bootstrap_row, smallest_row     a share or median over boards; a smallest value
    printable_ns, rate_rows_over_n  a rate printed without its n
    across, fitted_row, fixed_row   rows across a parameter's set; rows without a test
    rows_from, judge, claim_verdict a claim's rows from its entries; the verdicts, row by row
                                    and for the claim
    difference_words                an interval in words, for the report

    mean_row("8x8 runs", [10, 11] * 18, 10.7, 0.1, 36)["verdict"]   → None (until judged)
    judge([mean_row(...), rate_row(...)])    → the rows, each with its verdict
    claim_verdict(rows)                      → 'refuted' > 'differs' > 'inconclusive' >
                                               'reproduced'

Rows are plain dicts (they go into the JSON report as they are): label, ours, theirs,
kind, p, difference (the 99% interval, [low, high] in the figure's own units), margin
([low, high]: the difference the write-up's point would make), note, and after `judge`
verdict and holm_p.  Nothing here prints; a function given a count that is not one raises
stats.StatsError (a ValueError), and mean_row or bootstrap_row given fewer than two boards
statistics.StatisticsError.

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

__all__ = ["ALPHA", "LEVEL", "Z", "MARGINS", "rounding_gap", "mean_row", "rate_row",
           "bootstrap_row", "smallest_row", "rate_rows_over_n", "across", "fitted_row",
           "fixed_row", "newcombe_interval", "wilson_interval", "rows_from",
           "judge", "claim_verdict", "difference_words", "printable_ns"]

ALPHA = 0.01            # the family-wise error of one claim's rows (Holm)
LEVEL = 1 - ALPHA       # the confidence of every interval
Z = NormalDist().inv_cdf(1 - ALPHA / 2)   # 2.5758…
MARGINS = {
    "mean": "10% of the write-up's figure",
    "log10": "one decade (a factor of ten)",
    "rate": "half the rarer outcome's rate, at least 5 points",
    "share": "half the rarer outcome's share, at least 5 points",
    "median": "twice or half the write-up's figure",
}


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
    if kind == "median":
        return -theirs / 2, theirs
    raise ValueError(f"unknown kind of figure {kind!r}; expected one of {sorted(MARGINS)}")


def _row(label, ours, theirs, kind, p, low, high, margin, verdict=None, note="") -> dict:
    return {"label": label, "ours": ours, "theirs": theirs, "kind": kind,
            "p": p, "difference": None if p is None else [low, high],
            "margin": None if margin is None else list(margin), "verdict": verdict,
            "note": note}


# === One row per kind of figure ===

def rounding_gap(ours: float, printed: float, unit: float) -> float:
    """Signed distance from `ours` to the interval printed ± unit/2 (0 inside it).
    # rounding_gap(10.9, 10.7, 0.1) → 0.15 (to 10.75); rounding_gap(10.68, 10.7, 0.1) → 0"""
    gap = ours - printed
    return 0.0 if abs(gap) <= unit / 2 else math.copysign(abs(gap) - unit / 2, gap)


def mean_row(label: str, values: Sequence[float], printed: float, unit: float, their_n: int,
             kind: str = "mean", note: str = "") -> dict:
    """A mean per board against the write-up's mean of `their_n` boards, printed to `unit`.

    Under "one mean", the gap has standard error sd·sqrt(1/n + 1/their_n) (sd from our
    boards: the write-up gives none).  The printed figure stands for printed ± unit/2, so
    the gap is taken to the nearest point of that interval (zero inside it), and the
    interval of the difference spans the rounding too.  Needs at least two values
    (statistics.StatisticsError otherwise).
    # mean_row("runs", [10.0, 11.0] * 18, 10.7, 0.1, 36)["p"] → 0.209…"""
    mean, spread = statistics.fmean(values), statistics.stdev(values)
    error = spread * math.sqrt(1 / len(values) + 1 / their_n)
    top, bottom = printed + unit / 2, printed - unit / 2
    gap = rounding_gap(mean, printed, unit)
    if error == 0:
        z = 0.0 if gap == 0 else math.copysign(math.inf, gap)
    else:
        z = gap / error
    row = _row(label, round(mean, 3), printed, kind, math.erfc(abs(z) / math.sqrt(2)),
               mean - top - Z * error, mean - bottom + Z * error, _margin(kind, printed),
               note=note)
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


def rate_row(label: str, ours: Sample, theirs: Sample, note: str = "") -> dict:
    """k of n of ours against the write-up's k of n: Fisher's exact test, Newcombe's
    interval, the rate margin.  Raises StatsError for a sample that is not one.
    # rate_row("unique", (157, 216), (157, 216))["p"] → 1.0"""
    p = fisher_exact(ours, theirs)
    low, high = newcombe_interval(ours, theirs)
    return _row(label, list(ours), list(theirs), "rate", p, low, high,
                _margin("rate", theirs[0] / theirs[1]), note=note)


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
    interval leaves out 0 exactly when the p-value is at most 1% (up to the +1s).  Draws
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
    gaps = sorted(statistic(resample(rng, boards, n)) - statistic(resample(rng, boards, their_n))
                  for _ in range(resamples))
    above = (1 + sum(g >= observed - 1e-12 for g in gaps)) / (1 + resamples)
    below = (1 + sum(g <= observed + 1e-12 for g in gaps)) / (1 + resamples)
    j = math.floor(round(ALPHA / 2 * resamples, 9))
    low = ours - (printed + unit / 2) - gaps[resamples - 1 - j]
    high = ours - (printed - unit / 2) - gaps[j]
    return _row(label, round(ours, 4), printed, kind, min(1.0, 2 * min(above, below)), low,
                high, _margin(kind, printed), note=note)


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
    some mass, down to `floor`, and an upper end at `cap` (a count stopped there stands for
    any larger one) is open (None).  Margin as a median's.
    Resampling is not used: the bootstrap is known to fail for a smallest value.
    # smallest_row("s", list(range(1, 401)), 1, 40, [1], floor=1)["p"] → 1.0"""
    n = len(values)
    ordered = sorted(values)
    low_tail = 1 - (1 - binomial_interval(sum(v <= printed for v in values), n)[1]) ** their_n
    high_tail = binomial_interval(sum(v >= printed for v in values), n)[1] ** their_n

    def smallest_at(count: int, edge: int) -> float:
        """P(M <= v) where `count` of our values are <= v, F(v) at one edge of its band."""
        return 1 - (1 - binomial_interval(count, n)[edge]) ** their_n

    if smallest_at(0, 1) >= ALPHA / 2:   # M may fall below all we saw: down to `floor`
        low = floor - printed
    else:
        low = next(v for v in ordered if smallest_at(sum(x <= v for x in values), 1) >= ALPHA / 2) \
            - printed
    top = next((v for v in ordered if smallest_at(sum(x <= v for x in values), 0)
                >= 1 - ALPHA / 2), None)
    high = None if top is None or (cap is not None and top >= cap) else top - printed
    if high is None:
        note = (note + "; " if note else "") + (
            "open above: the smallest of as many of ours may lie past the counts' cap")
    return _row(label, min(ours), printed, "median", min(1.0, 2 * min(low_tail, high_tail)),
                low, high, _margin("median", printed), note=note)


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
    rejects; its interval and margin are those at the smallest n (the weakest test).  The
    note says at how many of those n Fisher's test alone would reject, and the smallest
    (Fisher's p is not monotone in n, so not 'from there on')."""
    ns = printable_ns(printed, unit, largest)
    tested = [(n, fisher_exact(ours, (round(printed * n), n))) for n in ns]
    rejecting = [n for n, p in tested if p <= ALPHA]
    low, high = newcombe_interval(ours, (round(printed * ns[0]), ns[0]))
    note = (f"the write-up gives no n: {len(ns):,} n from {ns[0]:,} to {ns[-1]:,} can print "
            f"{printed:.1%}; Fisher's test rejects at "
            + (f"{len(rejecting):,} of them, the smallest {rejecting[0]:,}" if rejecting
               else "none of them"))
    return _row(label, list(ours), printed, "rate", max(p for _, p in tested), low, high,
                _margin("rate", printed), note=note)


def across(estimate: Sequence[dict], others: Sequence[Sequence[dict]], where: str) -> list[dict]:
    """A claim's rows judged across a parameter's confidence set: `estimate`, its rows (not
    yet judged) at the estimate, `others` the same rows at other values of the set.  A
    tested row takes its largest p-value over all of them, so that Holm rejects it only if
    every value does, and the hull of its intervals, so that a difference the set allows
    anywhere is in reach of its margin; `ours` stays the estimate's.  Rows are matched by
    label; a row with a fixed verdict, or found at the estimate alone, is kept as it is.
    `where` names the values in the note, e.g. 'densities 0.16, 0.17 and 0.20'."""
    out = []
    for row in estimate:
        same = [r for rows in others for r in rows if r["label"] == row["label"]]
        if row["p"] is None or not same or any(r["p"] is None for r in same):
            out.append(row)
            continue
        lows = [r["difference"][0] for r in [row, *same]]
        highs = [r["difference"][1] for r in [row, *same]]
        out.append(row | {
            "p": max(r["p"] for r in [row, *same]),
            "difference": [None if None in lows else min(lows),
                           None if None in highs else max(highs)],
            "note": (row["note"] + "; " if row["note"] else "")
                    + f"p the largest, interval the widest, over {where}"})
    return out


def fitted_row(label: str, ours, printed: float, kind: str, p: float, low: float, high: float,
               note: str = "") -> dict:
    """A figure judged by a parameter fit (checks/fits.py): `p` is its largest p-value over
    the parameter's confidence set, so Holm rejects it only if every value in the set does;
    `low`, `high` the hull of its 99% intervals over the set; `ours` its mean at the
    estimate."""
    return _row(label, ours, printed, kind, p, low, high, _margin(kind, printed), note=note)


def fixed_row(label: str, ours, theirs, verdict: str | None, note: str = "") -> dict:
    """A row with a fixed verdict ('reproduced' by construction, 'refuted', 'differs') or
    none (shown, not judged): no test, no interval."""
    return _row(label, ours, theirs, None, None, None, None, None, verdict, note)


# === A claim's rows together ===

def rows_from(entries) -> list[dict]:
    """A claim's rows, not yet judged, from entries (label, ours, theirs, how): `how` is
    "rate" (ours k of n against the write-up's k of n: rate_row), a row one of the
    functions above built, or a fixed verdict ('refuted', 'reproduced', 'differs') or None
    (shown, not judged) for fixed_row.  Pairs given as tuples become lists (JSON).
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


def judge(rows: Sequence[dict]) -> list[dict]:
    """The rows with their verdicts: Holm at ALPHA over the rows with a p-value (a row it
    rejects differs), then a row not rejected whose interval reaches its margin (an open
    end always does) is inconclusive, any other reproduced.  Rows with a fixed verdict keep
    it.  Adds 'holm_p' (the Holm-adjusted p-value) to each tested row, and to an
    inconclusive row whose interval is wider than its margin on both sides a note that
    even a perfect match could not have read reproduced at these sample sizes."""
    tested = [i for i, row in enumerate(rows) if row["p"] is not None]
    adjusted = dict(zip(tested, holm_adjusted([rows[i]["p"] for i in tested])))
    out = []
    for i, row in enumerate(rows):
        row = dict(row)
        if i in adjusted:
            (low, high), (m_low, m_high) = row["difference"], row["margin"]
            reaches = low is None or high is None or low <= m_low or high >= m_high
            row["holm_p"] = adjusted[i]
            row["verdict"] = ("differs" if adjusted[i] <= ALPHA else
                              "inconclusive" if reaches else "reproduced")
            if row["verdict"] == "inconclusive" and low is not None and high is not None \
                    and (high - low) / 2 >= min(-m_low, m_high):   # even centred on 0
                row["note"] = (row["note"] + "; " if row["note"] else "") + (
                    "the interval is wider than the margin on both sides, so no agreement "
                    "could read reproduced here: the write-up's n, or the spread over a "
                    "parameter's set, sets its width")
        out.append(row)
    return out


def claim_verdict(rows: Sequence[dict]) -> str:
    """A claim's verdict from its judged rows: the worst of refuted, differs, inconclusive,
    reproduced among them (rows not judged do not count); 'reproduced'
    when no row is judged."""
    verdicts = {row["verdict"] for row in rows}
    return next((v for v in ("refuted", "differs", "inconclusive") if v in verdicts),
                "reproduced")


def difference_words(row: dict) -> str:
    """A judged row's difference interval in the figure's units (points for a rate or a
    share, decades for a log10), for the report; an open end is ∞.  # difference_words({"kind": "rate", "difference": [-0.031, 0.12], …})
    → '−3.1 to +12.0 pts'"""
    if not row.get("difference"):
        return ""
    low, high = row["difference"]
    rate = row["kind"] in ("rate", "share")
    whole = row["kind"] == "median" and float(row.get("theirs") or 0).is_integer()
    digits = 1 if rate else 0 if whole else 2

    def end(x, infinite):
        return infinite if x is None else f"{100 * x if rate else x:+,.{digits}f}"
    unit = " pts" if rate else " decades" if row["kind"] == "log10" else ""
    words = f"{end(low, '−∞')} to {end(high, '+∞')}{unit}"
    return words.replace("-", "−")
