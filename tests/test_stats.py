"""stats.py: each function against its definition, a brute-force twin or a textbook value."""

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import example, given, strategies as st

from checks import stats


@st.composite
def samples(draw, most: int = 12):
    """A binomial sample (successes, trials), valid by construction."""
    trials = draw(st.integers(1, most))
    return draw(st.integers(0, trials)), trials


# === binomial_interval ===

def test_binomial_interval_covers_the_rate():
    """The 99% Clopper-Pearson interval used for `reproduced` contains the observed rate,
    is [0, x] at zero successes and [x, 1] at all successes, and narrows with n."""
    assert stats.binomial_interval(0, 220)[0] == 0.0
    assert stats.binomial_interval(220, 220)[1] == 1.0
    low, high = stats.binomial_interval(157, 216)
    assert low < 157 / 216 < high
    wide = stats.binomial_interval(10, 20)
    narrow = stats.binomial_interval(500, 1000)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    # by definition, each end leaves exactly 0.5% in the tail beyond it
    def tail(p, successes, trials, upper):
        ks = range(successes, trials + 1) if upper else range(0, successes + 1)
        return sum(comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in ks)
    assert tail(wide[0], 10, 20, upper=True) == pytest.approx(0.005, rel=1e-6)
    assert tail(wide[1], 10, 20, upper=False) == pytest.approx(0.005, rel=1e-6)


@pytest.mark.parametrize("successes, trials", [(0, 0), (3, 2), (-1, 5)])
def test_binomial_interval_refuses_what_is_not_a_sample(successes, trials):
    """No trials, more successes than trials or fewer than none is a StatsError (a
    ValueError), never an interval."""
    with pytest.raises(ValueError, match="successes <= trials"):
        stats.binomial_interval(successes, trials)


# === fisher_exact ===

def fisher_by_relabelling(first, second) -> Fraction:
    """The twin: all ways to choose which of the N trials form the first sample, each
    equally likely given the margins; the p-value sums the tables no more likely than
    the one observed.  Shares no code with stats.fisher_exact."""
    outcomes = [1] * (first[0] + second[0]) + [0] * (first[1] + second[1] - first[0] - second[0])
    tables = Counter(sum(outcomes[i] for i in chosen)
                     for chosen in itertools.combinations(range(len(outcomes)), first[1]))
    observed = tables[first[0]]
    return Fraction(sum(n for n in tables.values() if n <= observed), sum(tables.values()))


def test_fisher_matches_the_relabelling_twin_on_every_small_table():
    """On every pair of samples of 1..5 trials each, the p-value equals the one found by
    enumerating every relabelling of the trials."""
    for n1, n2 in itertools.product(range(1, 6), repeat=2):
        for a, b in itertools.product(range(n1 + 1), range(n2 + 1)):
            assert stats.fisher_exact((a, n1), (b, n2)) == pytest.approx(
                float(fisher_by_relabelling((a, n1), (b, n2))), abs=1e-15), (a, n1, b, n2)


@pytest.mark.parametrize("first, second, p", [
    ((3, 4), (1, 4), 34 / 70),                 # Fisher's tea-tasting lady, two-sided
    ((1, 12), (9, 12), 0.0027594561852200836),  # Wikipedia's dieting table; R and scipy agree
    ((157, 216), (112, 153), 1.0),             # DF-15's 3-starved row against the 4-starved
    ((2248, 3600), (2200, 3600), 0.2543360575073898),  # scipy.stats.fisher_exact
])
def test_fisher_gives_the_textbook_values(first, second, p):
    """Known p-values, from the 2×2 table of each pair of samples."""
    assert stats.fisher_exact(first, second) == pytest.approx(p, rel=1e-12)


@given(samples(), samples())
@example((0, 1), (1, 1))
def test_fisher_does_not_care_how_the_table_is_turned(first, second):
    """Swapping the two samples, or calling failures successes, gives the same p-value,
    which lies in (0, 1]; the same sample twice gives exactly 1."""
    p = stats.fisher_exact(first, second)
    assert 0 < p <= 1
    assert stats.fisher_exact(second, first) == p
    def flip(sample):
        return sample[1] - sample[0], sample[1]
    assert stats.fisher_exact(flip(first), flip(second)) == p
    assert stats.fisher_exact(first, first) == 1.0


def test_fisher_falls_as_the_samples_part():
    """Moving one sample's rate away from the other's only lowers the p-value."""
    ps = [stats.fisher_exact((k, 40), (20, 40)) for k in range(20, 41)]
    assert ps == sorted(ps, reverse=True) and ps[-1] < 1e-6


def test_fisher_refuses_an_empty_sample():
    with pytest.raises(ValueError, match="second: need"):
        stats.fisher_exact((1, 2), (0, 0))


# === holm and holm_adjusted ===

def test_holm_by_hand():
    """Sorted, 0.005 ≤ 0.05/4 and 0.01 ≤ 0.05/3 reject; 0.03 > 0.05/2 stops the steps,
    so 0.04 ≤ 0.05/1 is not rejected.  In the second list 0.02 ≤ 0.05/2 is rejected,
    which Bonferroni (0.05/4) would not."""
    assert stats.holm([0.01, 0.04, 0.03, 0.005], alpha=0.05) == [True, False, False, True]
    assert stats.holm_adjusted([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.holm([0.012, 0.02, 0.003, 0.2], alpha=0.05) == [True, True, True, False]
    assert stats.holm_adjusted([0.012, 0.02, 0.003, 0.2]) == pytest.approx(
        [0.036, 0.04, 0.012, 0.2])
    assert stats.holm([], alpha=0.05) == [] and stats.holm_adjusted([]) == []


def holm_by_closed_testing(p_values, alpha) -> list[bool]:
    """The twin: Holm's procedure is the closed test of Bonferroni tests, so a row is
    rejected when every set of rows holding it has a p-value <= alpha / (its size)."""
    rows = range(len(p_values))
    return [all(min(Fraction(p_values[j]) for j in subset) <= Fraction(alpha) / len(subset)
                for size in range(1, len(p_values) + 1)
                for subset in itertools.combinations(rows, size) if i in subset)
            for i in rows]


# p-values on a 1/64 grid and dyadic alphas: k·p is exact, so float and Fraction agree
p_grid = st.lists(st.integers(0, 64).map(lambda j: j / 64), max_size=7)


@given(p_grid, st.sampled_from([1 / 64, 1 / 16, 1 / 8, 1 / 4]))
@example([1 / 64, 1 / 64, 1 / 64, 1 / 64], 1 / 16)
def test_holm_is_the_closed_bonferroni_test(p_values, alpha):
    """Step-down Holm rejects exactly the rows closed testing rejects, exactly the rows
    whose adjusted p-value is <= alpha, at least Bonferroni's rows and at most the
    uncorrected ones."""
    rejected = stats.holm(p_values, alpha)
    assert rejected == holm_by_closed_testing(p_values, alpha)
    assert rejected == [a <= alpha for a in stats.holm_adjusted(p_values)]
    m = len(p_values)
    for p, r in zip(p_values, rejected):
        assert (m * p <= alpha) <= r <= (p <= alpha)


@given(p_grid, st.randoms(use_true_random=False))
def test_holm_follows_its_rows_when_they_are_reordered(p_values, rng):
    """Shuffling the p-values shuffles the rejections the same way."""
    order = list(range(len(p_values)))
    rng.shuffle(order)
    before = stats.holm(p_values, 0.25)
    assert stats.holm([p_values[i] for i in order], 0.25) == [before[i] for i in order]


@pytest.mark.parametrize("p_values, alpha, words", [
    ([0.5, 1.5], 0.05, "p-value in"), ([0.5], 0.0, "alpha"), ([0.5], 1.0, "alpha")])
def test_holm_refuses_what_is_not_a_p_value(p_values, alpha, words):
    with pytest.raises(ValueError, match=words):
        stats.holm(p_values, alpha)


# === cluster_bootstrap ===

BOARDS = [(1, 2), (0, 1), (3, 3)]  # three boards' (successes, trials)


def test_bootstrap_quantiles_match_the_exact_resampling_law():
    """With three boards there are 27 equally likely resamples; the bootstrap's ends are
    the exact quantiles of their pooled shares (60% level: 20% and 80%, both well inside
    a step of the law, so 4,000 resamples land on them)."""
    shares = Counter(sum(s for s, _ in pick) / sum(t for _, t in pick)
                     for pick in itertools.product(BOARDS, repeat=3))
    values = sorted(shares)
    below = list(itertools.accumulate(shares[v] / 27 for v in values))
    low = next(v for v, cdf in zip(values, below) if cdf > 0.2)
    high = next(v for v, cdf in zip(reversed(values),
                                    itertools.accumulate(shares[v] / 27 for v in reversed(values)))
                if cdf > 0.2)
    assert (low, high) == (0.4, 6 / 7)
    result = stats.cluster_bootstrap(BOARDS, seed=1, resamples=4000, level=0.6)
    assert (result.low, result.high) == (low, high)
    assert result.share == 4 / 6


def test_bootstrap_draws_with_random_alone(monkeypatch):
    """Only Random.random() is called, so the same seed gives the same interval on every
    Python version; the seed matters."""
    class OnlyRandom(random.Random):
        def __getattribute__(self, name):
            if name in ("randrange", "randint", "choice", "choices", "shuffle", "sample",
                        "getrandbits", "uniform"):
                raise AssertionError(f"{name} is not stable across Python versions")
            return super().__getattribute__(name)

    clusters = [(k % 5, 4 + k % 3) for k in range(30)]
    expected = stats.cluster_bootstrap(clusters, seed=17)
    monkeypatch.setattr(stats.random, "Random", OnlyRandom)
    assert stats.cluster_bootstrap(clusters, seed=17) == expected
    assert stats.cluster_bootstrap(clusters, seed=18) != expected


def test_bootstrap_sees_boards_that_a_binomial_interval_does_not():
    """Twenty boards of 20 trials, half all successes and half none: pooled 200/400, whose
    binomial interval is narrow, but a new set of boards could easily hold 7 or 13 of the
    full ones: the board-resampling interval is far wider.  Boards that all show one
    share give a zero-width interval."""
    boards = [(20, 20)] * 10 + [(0, 20)] * 10
    result = stats.cluster_bootstrap(boards, seed=5)
    low, high = stats.binomial_interval(200, 400)
    assert result.share == 0.5
    assert result.high - result.low > 3 * (high - low)
    assert result.low <= 0.25 and result.high >= 0.75
    same = stats.cluster_bootstrap([(3, 4), (6, 8), (9, 12)], seed=5)
    assert same == stats.Bootstrap(0.75, 0.75, 0.75)


@pytest.mark.parametrize("clusters, resamples, level, words", [
    ([], 100, 0.99, "at least one cluster"), ([(1, 0)], 100, 0.99, "cluster 0"),
    ([(1, 2)], 0, 0.99, "resamples"), ([(1, 2)], 100, 1.0, "level")])
def test_bootstrap_refuses_bad_input(clusters, resamples, level, words):
    with pytest.raises(ValueError, match=words):
        stats.cluster_bootstrap(clusters, seed=1, resamples=resamples, level=level)


# === bootstrap_interval ===

def mean(values):
    return sum(values) / len(values)


def test_bootstrap_interval_is_cluster_bootstrap_for_a_pooled_share():
    """The cluster bootstrap is the general board-resampling interval with the pooled share
    as its figure: the same seed gives the same interval."""
    clusters = [(k % 5, 4 + k % 3) for k in range(30)]
    assert stats.bootstrap_interval(clusters, stats.pooled_share, seed=17) == \
        stats.cluster_bootstrap(clusters, seed=17)
    assert stats.bootstrap_interval([1.0, 2.0, 3.0], mean, seed=1).share == 2
