"""The judging rule (checks/judging.py) on inputs small enough to check by hand: the
intervals against their published examples, the margins, and how a claim's rows get their
verdicts.  No puzzle is drawn here."""

from __future__ import annotations

import math
import random
import statistics
from statistics import NormalDist

import pytest

from checks import judging
from checks.stats import pooled_share

Z95 = NormalDist().inv_cdf(0.975)


def test_wilson_interval_matches_the_published_example():
    """81 of 263 at 95%: 0.2553 to 0.3662 (Newcombe 1998, the single-rate paper's example)."""
    low, high = judging.wilson_interval(81, 263, Z95)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


@pytest.mark.parametrize("ours, theirs, expected", [
    ((56, 70), (48, 80), (0.0524, 0.3339)),
    ((9, 10), (3, 10), (0.1705, 0.8090)),
])
def test_newcombe_interval_matches_the_published_table(ours, theirs, expected):
    """Newcombe (1998), table II, method 10, at 95%."""
    low, high = judging.newcombe_interval(ours, theirs, Z95)
    assert (round(low, 4), round(high, 4)) == expected


def test_the_intervals_are_at_99_percent_by_default():
    """0 of 36 against 0 of 36: Wilson's upper end z²/(n + z²) on each side, z at 99.5%."""
    z2 = NormalDist().inv_cdf(0.995) ** 2
    low, high = judging.newcombe_interval((0, 36), (0, 36))
    assert high == pytest.approx(z2 / (36 + z2)) and low == pytest.approx(-high)


def test_a_mean_row_carries_the_rounding_in_its_interval():
    """Our mean 10.5 (sd of [10, 11]·18) against 10.7 printed to 0.1: the gap is taken to
    10.65, the interval spans 10.65..10.75 plus 2.576 standard errors each side."""
    row = judging.mean_row("runs", [10.0, 11.0] * 18, 10.7, 0.1, 36)
    error = statistics.stdev([10.0, 11.0] * 18) * math.sqrt(2 / 36)
    assert row["z"] == pytest.approx(-0.15 / error)
    assert row["difference"] == pytest.approx([-0.25 - judging.Z * error,
                                               -0.15 + judging.Z * error])
    assert row["margin"] == pytest.approx([-1.07, 1.07])


@pytest.mark.parametrize("kind, theirs, margin", [
    ("mean", 20.0, (-2.0, 2.0)),
    ("log10", 13.0, (-1.0, 1.0)),
    ("rate", 0.137, (-0.0685, 0.0685)),
    ("rate", 0.909, (-0.05, 0.05)),
    ("share", 0.5, (-0.25, 0.25)),
    ("median", 1268, (-634, 1268)),
])
def test_the_margin_of_each_kind(kind, theirs, margin):
    """Means 10%, log10 one decade, rates half the rarer outcome's rate but at least 5
    points, medians twice or half."""
    row = judging.fitted_row("x", theirs, theirs, kind, 1.0, 0.0, 0.0)
    assert row["margin"] == pytest.approx(list(margin))


def test_judge_gives_differs_inconclusive_and_reproduced():
    """Holm at 1% over three rows: the rejected row differs, the wide one is inconclusive,
    the narrow one reproduced; a fixed row keeps its verdict and gets no Holm p-value."""
    rows = [judging.fitted_row("rejected", 1, 1, "mean", 0.001, 0.5, 0.7),
            judging.fitted_row("wide", 1, 1, "mean", 0.9, -0.2, 0.2),
            judging.fitted_row("narrow", 1, 1, "mean", 0.9, -0.05, 0.05),
            judging.fixed_row("built in", 3, 3, "reproduced")]
    judged = judging.judge(rows)
    assert [r["verdict"] for r in judged] == ["differs", "inconclusive", "reproduced",
                                              "reproduced"]
    assert judged[0]["holm_p"] == pytest.approx(0.003) and "holm_p" not in judged[3]
    assert judging.claim_verdict(judged) == "differs"
    assert judging.claim_verdict(judged[1:]) == "inconclusive"
    assert judging.claim_verdict(judged[2:]) == "reproduced"


def test_holm_can_spare_a_row_its_own_interval_would_not():
    """A row at p = 0.006 among three is not rejected by Holm (0.018 > 1%), though its own
    99% interval misses zero: it reads inconclusive or reproduced, never differs."""
    rows = [judging.fitted_row("a", 1, 1, "mean", 0.006, 0.01, 0.05),
            judging.fitted_row("b", 1, 1, "mean", 0.5, -0.05, 0.05),
            judging.fitted_row("c", 1, 1, "mean", 0.5, -0.05, 0.05)]
    assert judging.judge(rows)[0]["verdict"] == "reproduced"


def test_the_ns_that_can_print_a_rate():
    """13.7% to one decimal needs 7 of 51 at the least; 100.0% can come from any n."""
    assert judging.printable_ns(0.137, 0.001, 60)[0] == 51
    assert judging.printable_ns(1.0, 0.001, 5) == [1, 2, 3, 4, 5]


def test_a_rate_without_its_n_differs_only_if_every_n_rejects():
    """110 of 1,200 against 13.7% printed without n: Fisher's test rejects at most n but not
    at 51, so the row's p is above 1%, and its note gives how many n reject and the
    smallest (not 'from there on': Fisher's p is not monotone in n); 10 of 2,000 is
    rejected at every n."""
    row = judging.rate_rows_over_n("k=32", (110, 1200), 0.137, 0.001, 3276)
    assert row["p"] > 0.01
    assert "2,782 n from 51 to 3,276" in row["note"] and "the smallest 422" in row["note"]
    assert judging.judge([row])[0]["verdict"] == "inconclusive"
    far = judging.rate_rows_over_n("k=32", (10, 2000), 0.137, 0.001, 3276)
    assert judging.judge([far])[0]["verdict"] == "differs"


def test_a_bootstrap_row_is_the_same_on_every_run_and_reads_the_rounding():
    """Same seed, same row; a share printed as a whole percent stands for ±0.5 points."""
    boards = [(3, 4), (1, 4), (2, 4), (4, 4)] * 9
    first = judging.bootstrap_row("s", boards, 0.62, 36, pooled_share, "share", 7, 200)
    again = judging.bootstrap_row("s", boards, 0.62, 36, pooled_share, "share", 7, 200)
    assert first == again
    rounded = judging.bootstrap_row("s", boards, 0.63, 36, pooled_share, "share", 7,
                                    200, unit=0.01)
    assert rounded["p"] >= first["p"]
    assert rounded["difference"][1] - rounded["difference"][0] == pytest.approx(
        first["difference"][1] - first["difference"][0] + 0.01)


def test_difference_words_are_plain():
    """Rates in points, other figures in their own units, a real minus sign."""
    assert judging.difference_words({"kind": "rate", "difference": [-0.031, 0.12]}) == \
        "−3.1 to +12.0 pts"
    assert judging.difference_words({"kind": "median", "theirs": 3264,
                                     "difference": [-4376, -672]}) == "−4,376 to −672"
    assert judging.difference_words({"kind": "mean", "theirs": 10.7,
                                     "difference": [-0.2, 1.14]}) == "−0.20 to +1.14"
    assert judging.difference_words({"kind": None, "difference": None}) == ""


def test_the_smallest_of_their_boards_against_the_law_of_ours():
    """Ours spread over 1..400: a smallest of 40 at 1 is what they would see (p = 1); one
    at 300 is far above any smallest of 40 of ours, rejected; a figure below all we saw
    takes the interval down to the floor, and one against counts stopped at a cap leaves
    it open upwards."""
    values = list(range(1, 401))
    assert judging.smallest_row("s", values, 1, 40, values[:40], floor=1)["p"] == 1.0
    far = judging.smallest_row("s", values, 300, 40, values[:40], floor=1)
    assert far["p"] < 1e-6 and far["difference"][1] < 0
    assert judging.judge([far])[0]["verdict"] == "differs"
    below = judging.smallest_row("s", list(range(4002, 5001)), 3264, 40, [4100], floor=1,
                                 cap=5000)
    assert below["difference"][0] == 1 - 3264 and below["ours"] == 4100
    assert judging.judge([below])[0]["verdict"] == "inconclusive"
    capped = judging.smallest_row("s", [5000] * 80, 3264, 40, [5000] * 40, floor=1, cap=5000)
    assert capped["difference"][1] is None
    assert judging.difference_words(capped).endswith("+∞") and "cap" in capped["note"]


def test_a_bootstrap_interval_holds_the_gap_it_tests():
    """Resampling a board set against its own mean: the interval of the difference holds 0
    and the p-value is large; moved by 2 standard errors' worth, the interval moves with
    it."""
    boards = [float(x) for x in range(1, 37)]
    same = judging.bootstrap_row("m", boards, statistics.fmean(boards), 36, statistics.fmean,
                                 "median", 3, 1000)
    assert same["difference"][0] < 0 < same["difference"][1] and same["p"] > 0.5
    moved = judging.bootstrap_row("m", boards, statistics.fmean(boards) + 5, 36,
                                  statistics.fmean, "median", 3, 1000)
    assert moved["difference"] == pytest.approx([x - 5 for x in same["difference"]])


def test_across_takes_the_largest_p_and_the_widest_interval():
    """A row judged across a parameter's values: rejected at the estimate but not at
    another value, it does not differ; its interval is the hull; a fixed row and a row
    seen at the estimate alone are left as they are."""
    at_estimate = [judging.fitted_row("a", 10, 10, "mean", 0.001, 0.3, 0.4),
                   judging.fixed_row("b", 1, 1, "refuted"),
                   judging.fitted_row("c", 1, 1, "mean", 0.5, -0.01, 0.01)]
    elsewhere = [[judging.fitted_row("a", 10, 10, "mean", 0.4, -0.05, 0.2),
                  judging.fixed_row("b", 1, 1, "reproduced")]]
    rows = judging.judge(judging.across(at_estimate, elsewhere, "values x and y"))
    assert rows[0]["p"] == 0.4 and rows[0]["difference"] == [-0.05, 0.4]
    assert rows[0]["verdict"] == "reproduced" and "values x and y" in rows[0]["note"]
    assert rows[1]["verdict"] == "refuted" and rows[2]["p"] == 0.5


def test_a_sample_that_is_not_one_is_an_error():
    """Counts outside 0..n, or no trials, raise StatsError (a ValueError) with the
    requirement named, in every function that takes a count."""
    from checks.stats import StatsError
    for call in (lambda: judging.wilson_interval(5, 3), lambda: judging.wilson_interval(0, 0),
                 lambda: judging.newcombe_interval((1, 2), (3, 2)),
                 lambda: judging.rate_row("x", (0, 0), (1, 2))):
        with pytest.raises(StatsError, match="successes <= trials"):
            call()


def test_a_bootstrap_row_at_the_ends():
    """A printed figure equal to ours gives p = 1; one far outside anything our boards can
    show gives the smallest p the resamples allow, 2 / (resamples + 1)."""
    boards = [3.0, 5, 4, 6, 2, 5, 4, 3]
    mean = statistics.fmean
    assert judging.bootstrap_row("m", boards, mean(boards), 8, mean, "median", 1, 200)["p"] == 1.0
    assert judging.bootstrap_row("m", boards, 40.0, 8, mean, "median", 1, 200)["p"] == 2 / 201


def test_a_bootstrap_row_keeps_its_level_when_both_samples_share_a_population():
    """Two samples of 30 boards from one population: the row's test rejects at 5% about one
    time in twenty, not far more often (a test that does is not a 5% test); clearly
    different populations are rejected almost always."""
    rng = random.Random(3)

    def board(shift=0.0):
        return shift + rng.random() * rng.random() * 10       # a skewed figure per board

    def p(shift, seed):
        ours = [board() for _ in range(30)]
        theirs = statistics.fmean([board(shift) for _ in range(30)])
        return judging.bootstrap_row("m", ours, theirs, 30, statistics.fmean, "median", seed,
                                     300)["p"]
    assert sum(p(0.0, k) <= 0.05 for k in range(150)) <= 15
    assert sum(p(4.0, k) <= 0.05 for k in range(30)) >= 28


@pytest.mark.parametrize("boards, their_n, resamples", [([], 3, 100), ([1.0], 0, 100),
                                                       ([1.0], 3, 0)])
def test_a_bootstrap_row_refuses_bad_input(boards, their_n, resamples):
    """No boards, no boards of theirs, or no resamples: StatsError naming all three."""
    from checks.stats import StatsError
    with pytest.raises(StatsError, match="at least one board"):
        judging.bootstrap_row("m", boards, 1.0, their_n, statistics.fmean, "median", 1,
                              resamples)
