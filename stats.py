"""The statistics behind the verdicts: one small module a reader can check on its own.

Contents
    binomial_interval   exact (Clopper-Pearson) interval for one binomial rate
    rate_verdict        `reproduced` / `differs`: the write-up's rate against our interval

Glossary (with an example value)
    sample      (successes, trials), e.g. (157, 216): 157 unique boards of 216 drawn
    level       the confidence of an interval, 0.99 throughout this project

Nothing here knows a puzzle or imports a project module.  Every function checks its inputs
and raises `StatsError` (a ValueError) naming the requirement that failed; none of them
prints.

Roads not taken: scipy.stats has these.  It is not used because the project has no
dependencies to run, and because a reader can check a short exact sum here against its
textbook definition, where scipy's version is a call to take on trust.
"""

from __future__ import annotations

import math
from typing import Callable

__all__ = ["StatsError", "Sample", "binomial_interval", "rate_verdict"]

Sample = tuple[int, int]  # (successes, trials), e.g. (157, 216)


class StatsError(ValueError):
    """An input a function here cannot take; the message names the requirement."""


def _require_sample(sample: Sample, what: str = "sample") -> None:
    successes, trials = sample
    if trials < 1 or not 0 <= successes <= trials:
        raise StatsError(f"{what}: need 0 <= successes <= trials and trials >= 1, "
                         f"got {successes}/{trials}")


def _require_level(level: float) -> None:
    if not 0 < level < 1:
        raise StatsError(f"need 0 < level < 1, got {level}")


# === One rate ===

def binomial_interval(successes: int, trials: int, level: float = 0.99) -> tuple[float, float]:
    """Exact (Clopper-Pearson) two-sided interval for a binomial rate.

    Returns (low, high) with 0 <= low <= high <= 1; the rate p lies inside with
    probability at least `level`.  Each end leaves (1 - level) / 2 in the tail beyond it,
    found by bisection to about 1e-18.  Raises StatsError (a ValueError) if trials < 1 or
    successes is outside 0..trials, or level is outside (0, 1).
    Source: Clopper and Pearson, Biometrika 26 (1934) 404-413.
    # binomial_interval(0, 220) → (0.0, 0.0238…)
    """
    _require_sample((successes, trials))
    _require_level(level)
    tail = (1 - level) / 2

    def term(i: int, p: float) -> float:  # P(X = i), in logs so large n cannot overflow
        return math.exp(math.lgamma(trials + 1) - math.lgamma(i + 1) - math.lgamma(trials - i + 1)
                        + i * math.log(p) + (trials - i) * math.log1p(-p))

    def upper_tail(p: float) -> float:  # P(X >= successes)
        return sum(term(i, p) for i in range(successes, trials + 1))

    def lower_tail(p: float) -> float:  # P(X <= successes)
        return sum(term(i, p) for i in range(0, successes + 1))

    def bisect(f: Callable[[float], float], increasing: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if (f(mid) < tail) == increasing:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if successes == 0 else bisect(upper_tail, increasing=True)
    high = 1.0 if successes == trials else bisect(lower_tail, increasing=False)
    return low, high


def rate_verdict(ours: Sample, theirs: Sample) -> tuple[str, str]:
    """`reproduced` if the write-up's rate lies in the 99% interval around ours, else `differs`.

    `ours` and `theirs` are (successes, trials); only the rate of `theirs` is used, its
    sample size is not.  Returns (verdict,
    text) where text reads like 'ours 157/216 = 72.7%, 99% interval [63.9%, 80.4%];
    theirs 157/216 = 72.7%'.  Raises StatsError for a sample that is not one.
    """
    _require_sample(theirs, "theirs")
    low, high = binomial_interval(*ours)
    their_rate = theirs[0] / theirs[1]
    verdict = "reproduced" if low <= their_rate <= high else "differs"
    text = (f"ours {ours[0]}/{ours[1]} = {ours[0] / ours[1]:.1%}, 99% interval "
            f"[{low:.1%}, {high:.1%}]; theirs {theirs[0]}/{theirs[1]} = {their_rate:.1%}")
    return verdict, text
