"""The statistics behind the verdicts: one small module a reader can check on its own.

Contents
    binomial_interval   exact (Clopper-Pearson) interval for one binomial rate
    fisher_exact        exact two-sided test that two binomial samples share one rate
    holm                Holm's step-down correction: which of several tests reject
    holm_adjusted       the same as adjusted p-values, one per test
    cluster_bootstrap   an interval for a share pooled over boards, resampling whole boards
    bootstrap_interval  the same for any figure over boards (a mean, a gap between shares)
    resample            whole boards drawn with replacement, one Random.random() a draw

Glossary (with an example value)
    sample      (successes, trials), e.g. (157, 216): 157 unique boards of 216 drawn
    level       the confidence of an interval, 0.99 throughout this project
    alpha       the error rate of a test, 1 - level = 0.01
    cluster     one board's own (successes, trials), e.g. (9, 11): 9 of its 11 black
                circles have a black neighbour; the trials of one board are not independent

Nothing here knows a puzzle or imports a project module.  Every function checks its inputs
and raises `StatsError` (a ValueError) naming the requirement that failed; none of them
prints.  Random draws use `random.Random.random()` alone, the one method whose stream Python
promises across versions.

Roads not taken: scipy.stats has every one of these.  It is not used because the project
has no dependencies to run, and because a reader can check a 20-line exact sum here
against its textbook definition, where scipy's version is a call to take on trust.  The
tests compare against values scipy and the textbooks give.
"""

from __future__ import annotations

import math
import random
from typing import Callable, NamedTuple, Sequence

__all__ = [
    "StatsError", "Sample", "binomial_interval", "fisher_exact",
    "holm", "holm_adjusted", "Bootstrap", "cluster_bootstrap", "bootstrap_interval",
    "pooled_share", "resample",
]

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


# === Two rates ===

def fisher_exact(first: Sample, second: Sample) -> float:
    """Two-sided p-value of Fisher's exact test that two binomial samples share one rate.

    Conditioned on the margins, the first sample's successes follow a hypergeometric law;
    the p-value is the total probability of every table no more probable than the one
    observed.  Probabilities are compared and summed as exact integers (the numerators
    C(K, k)·C(N-K, n-k) over the common denominator C(N, n)), so ties are ties and no
    tolerance is needed; the one rounding is the final division.  Returns a float in
    (0, 1].  Raises StatsError if either sample has trials < 1 or successes outside
    0..trials.  Cost: one big-integer step per possible table (about 10 ms at 3,600
    trials a side).
    Source: R. A. Fisher, Statistical Methods for Research Workers (5th ed., 1934) and The
    Design of Experiments (1935); the two-sided rule is the one of R's fisher.test and
    scipy.stats.fisher_exact (sum every table no more probable than the observed one).
    # fisher_exact((3, 4), (1, 4)) → 0.4857… (34/70, the tea-tasting lady)
    """
    _require_sample(first, "first")
    _require_sample(second, "second")
    n, total = first[1], first[1] + second[1]
    successes = first[0] + second[0]
    lowest, highest = max(0, successes - second[1]), min(successes, n)

    failures = total - successes
    weights = [math.comb(successes, lowest) * math.comb(failures, n - lowest)]
    for k in range(lowest, highest):  # C(K, k)·C(N-K, n-k), each from the one before, exactly
        weights.append(weights[-1] * (successes - k) * (n - k)
                       // ((k + 1) * (failures - n + k + 1)))
    observed = weights[first[0] - lowest]
    tail = sum(w for w in weights if w <= observed)
    return tail / math.comb(total, n)  # tail <= C(N, n), so at most 1


# === Several tests at once ===

def _require_p_values(p_values: Sequence[float]) -> None:
    bad = [p for p in p_values if not 0 <= p <= 1]
    if bad:
        raise StatsError(f"need every p-value in [0, 1], got {bad[0]}")


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: row i rejects at level alpha exactly
    when its adjusted value is <= alpha.

    With the p-values sorted, p(1) <= … <= p(m), the j-th adjusted value is
    max over i <= j of min(1, (m - i + 1)·p(i)).  An empty list gives an empty list.
    Raises StatsError for a p-value outside [0, 1].
    Source: Holm, Scandinavian Journal of Statistics 6 (1979) 65-70.
    # holm_adjusted([0.01, 0.04, 0.03, 0.005]) → [0.03, 0.06, 0.06, 0.02]
    """
    _require_p_values(p_values)
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def holm(p_values: Sequence[float], alpha: float = 0.01) -> list[bool]:
    """Which rows Holm's step-down procedure rejects at family-wise error `alpha`, in the
    order given.

    Sorted ascending, p(j) is held against alpha / (m - j + 1); every row up to the first
    that fails is rejected, none after it.  The test is computed as (m - j + 1)·p(j) <=
    alpha, the arithmetic of `holm_adjusted`, so the two never disagree by a rounding.
    Raises StatsError for a p-value outside [0, 1] or alpha outside (0, 1).
    Source: Holm (1979), as `holm_adjusted`.
    # holm([0.01, 0.04, 0.03, 0.005], alpha=0.05) → [True, False, False, True]
    """
    _require_p_values(p_values)
    if not 0 < alpha < 1:
        raise StatsError(f"need 0 < alpha < 1, got {alpha}")
    m = len(p_values)
    rejected = [False] * m
    for rank, i in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        if (m - rank) * p_values[i] > alpha:
            break
        rejected[i] = True
    return rejected


# === A figure over boards, resampling whole boards ===

class Bootstrap(NamedTuple):
    """A figure over boards, and its bootstrap interval."""

    share: float  # the figure on the boards given; cluster_bootstrap: successes / trials
    low: float
    high: float


def pooled_share(clusters: Sequence[tuple[float, float]]) -> float:
    """sum(numerators) / sum(denominators) over boards: a share pooled over boards, or a
    mean per board when every denominator is 1.  # pooled_share([(3, 4), (1, 4)]) → 0.5"""
    return sum(y for y, _ in clusters) / sum(x for _, x in clusters)


def resample(rng: random.Random, boards: Sequence, k: int) -> list:
    """`k` boards drawn with replacement, each index from one rng.random() as
    min(int(u·n), n−1).   # resample(Random(1), "abc", 2) → 2 of 'a', 'b', 'c'"""
    draw, n = rng.random, len(boards)
    return [boards[min(int(draw() * n), n - 1)] for _ in range(k)]


def cluster_bootstrap(clusters: Sequence[Sample], seed: int, resamples: int = 2000,
                      level: float = 0.99) -> Bootstrap:
    """A percentile interval for the pooled share sum(successes) / sum(trials), drawing
    whole boards (clusters) with replacement, so that trials of one board stay together.

    `bootstrap_interval` with `pooled_share` as the statistic: each resample draws
    len(clusters) boards with replacement (one `rng.random()` per draw, rng =
    random.Random(seed)) and computes its pooled share; of the B = `resamples` shares
    sorted, `low` is the (j+1)-th smallest and `high` the (j+1)-th largest, with
    j = floor(t·B) and t = (1 - level) / 2 (B = 2000 at 99%: the 11th from each end).
    The same arguments give the same interval on every Python version.  Raises StatsError
    if there is no cluster, a cluster has trials < 1 or successes outside 0..trials,
    resamples < 1, or level is outside (0, 1).  Not checked: that boards are independent
    of each other.
    Source: Davison and Hinkley, Bootstrap Methods and their Application (1997), ch. 3
    (hierarchical data: resample the clusters) and ch. 5 (percentile intervals).
    # cluster_bootstrap([(9, 11), (4, 10), (12, 12)], seed=17).share → 0.757…
    """
    if not clusters:
        raise StatsError("need at least one cluster")
    for number, cluster in enumerate(clusters):
        _require_sample(cluster, f"cluster {number}")
    return bootstrap_interval(clusters, pooled_share, seed, resamples, level)


def bootstrap_interval(boards: Sequence, statistic: Callable[[Sequence], float], seed: int,
                       resamples: int = 2000, level: float = 0.99) -> Bootstrap:
    """A percentile interval for any figure over boards (`statistic` maps a list of board
    records to a number), resampling whole boards, drawn as in `cluster_bootstrap`.

    Returns Bootstrap(the figure on `boards`, low, high).  Raises StatsError for no
    boards, resamples < 1 or a level outside (0, 1).
    # bootstrap_interval([1, 2, 3], statistics.fmean, seed=1).share → 2
    """
    if not boards:
        raise StatsError("need at least one board")
    if resamples < 1:
        raise StatsError(f"need resamples >= 1, got {resamples}")
    _require_level(level)
    rng = random.Random(seed)
    n = len(boards)
    figures = [statistic(resample(rng, boards, n)) for _ in range(resamples)]
    figures.sort()
    # rounded first, so that 0.005·2000 is 10 and not 10.000…01
    j = math.floor(round((1 - level) / 2 * resamples, 9))
    return Bootstrap(statistic(boards), figures[j], figures[resamples - 1 - j])
