"""stats.py: each function against its definition."""

from math import comb

import pytest

import stats


# === binomial_interval and rate_verdict ===

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


def test_rate_verdict_reads_the_interval():
    """The write-up's rate inside our 99% interval is `reproduced`, outside it `differs`,
    and the text shows both rates."""
    assert stats.rate_verdict((157, 216), (157, 216))[0] == "reproduced"
    verdict, text = stats.rate_verdict((220, 220), (200, 220))
    assert verdict == "differs"
    assert "220/220 = 100.0%" in text and "200/220 = 90.9%" in text
