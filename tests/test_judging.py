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


def test_the_sample_rule_puts_our_error_at_half_the_write_ups():
    """sample_size(n) boards of ours against n of theirs: our standard error at most
    OUR_SHARE (a half) of theirs."""
    for n in (36, 40, 51, 220):
        assert (1 / judging.sample_size(n)) ** 0.5 <= judging.OUR_SHARE * (1 / n) ** 0.5
    assert judging.sample_size(36) == 144


@pytest.mark.parametrize("their_n, rate, size", [
    (600, 594 / 600, 600),    # planned error 0.41 points, under a tenth of the 5-point margin
    (600, 1.0, 600),          # 100% plans no error: the write-up's own n
    (40, 0.0, 40),
    (220, 200 / 220, 880),    # 1.9 points at 220: four times, the most the rule draws
    (72, 52 / 72, 288),
])
def test_the_sample_rule_plans_a_rate_from_the_write_ups_figure(their_n, rate, size):
    """A count of boards whose rate the write-up gives takes as many boards as put our
    standard error, planned at that rate, under a tenth of the row's margin, at least the
    write-up's n and at most four times it: fixed before any board is drawn."""
    assert judging.sample_size(their_n, rate) == size
    margin = max(0.05, min(rate, 1 - rate) / 2)
    if size < 4 * their_n:
        assert (rate * (1 - rate) / size) ** 0.5 <= judging.MARGIN_SHARE * margin


def test_a_row_off_zero_that_holm_keeps_is_open_and_names_no_boards():
    """A row whose own interval lies off 0 but whose p-value Holm's correction over the
    claim's rows lifts past 1% reads open, and says so: more boards of ours are not what it
    lacks, so it names none (two rows at p 0.008 and 0.009: Holm gives 0.016 and 0.016)."""
    rows = [judging.fitted_row(label, 1, 1, "mean", p, -0.3, -0.02, limit=(-0.25, -0.07),
                               needed=None)
            for label, p in (("first", 0.008), ("second", 0.009))]
    judged = judging.judge(rows)
    assert [r["verdict"] for r in judged] == ["open", "open"]
    assert all("Holm's correction" in r["reason"] and "boards" not in r["reason"]
               for r in judged)


def test_judge_gives_differs_consistent_open_and_reproduced():
    """Holm at 1% over four rows: the rejected row differs; a wide row whose limit (our
    error set to zero) still reaches the margin is consistent, with its reason; a wide row
    whose limit does not is open, naming the boards that would decide it; the narrow one
    reproduced; a fixed row keeps its verdict and gets no Holm p-value."""
    rows = [judging.fitted_row("rejected", 1, 1, "mean", 0.001, 0.5, 0.7),
            judging.fitted_row("wide", 1, 1, "mean", 0.9, -0.2, 0.2, limit=(-0.15, 0.15),
                               who="36 boards"),
            judging.fitted_row("ours too few", 1, 1, "mean", 0.9, -0.2, 0.2,
                               limit=(-0.05, 0.05), needed=400),
            judging.fitted_row("narrow", 1, 1, "mean", 0.9, -0.05, 0.05),
            judging.fixed_row("built in", 3, 3, "reproduced")]
    judged = judging.judge(rows)
    assert [r["verdict"] for r in judged] == ["differs", "consistent", "open", "reproduced",
                                              "reproduced"]
    assert judged[0]["holm_p"] == pytest.approx(0.004) and "holm_p" not in judged[4]
    assert judged[1]["reason"] == "36 boards cannot tell a gap under 0.15"
    assert judged[2]["reason"] == "about 400 boards of ours would decide it"
    assert judged[3]["needed"] is None
    assert judging.claim_verdict(judged) == "differs"
    assert judging.claim_verdict(judged[1:]) == "open"
    assert judging.claim_verdict(judged[1:2] + judged[3:]) == "consistent"
    assert judging.claim_verdict(judged[3:]) == "reproduced"


def test_zero_of_36_against_zero_of_36_is_consistent():
    """The write-up's 0 of 36 is its own limit: with our rate taken as exact, its Wilson
    interval still spans 15.6 points, past the 5-point margin, so no sample of ours could
    read reproduced: consistent, saying so."""
    for ours in ((0, 36), (0, 3600)):
        (row,) = judging.judge([judging.rate_row("unique", ours, (0, 36))])
        assert row["verdict"] == "consistent"
        assert row["reason"] == "36 boards cannot tell a gap under 15.6 points"
        assert row["limit"] == pytest.approx([-0.1556, 0.0], abs=1e-4)


def test_an_open_row_names_the_boards_that_would_decide_it_and_they_do():
    """A mean our few boards cannot settle, though the write-up's 400 could: open, with a
    count of boards; drawn that large (the same spread), the row reads reproduced."""
    values = [8.0, 12.0] * 5
    (row,) = judging.judge([judging.mean_row("m", values, 10.0, 0.0, 400)])
    assert row["verdict"] == "open" and row["needed"] > len(values)
    (again,) = judging.judge([judging.mean_row("m", [8.0, 12.0] * (row["needed"] // 2 + 1),
                                               10.0, 0.0, 400)])
    assert again["verdict"] == "reproduced"


def test_a_rounded_figure_is_consistent_by_its_rounding():
    """'About 10^13' is printed to the decade: with a spread of 0.5 over 36 boards, the
    rounding is the larger part of what cannot be told, and the reason says so."""
    (row,) = judging.judge([judging.mean_row("placements", [12.9, 13.9] * 200, 13.0, 1.0, 36,
                                             kind="log10")])
    assert row["verdict"] == "consistent"
    assert row["reason"].startswith("36 boards printed to the decade cannot tell a gap under")


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
    smallest (not 'from there on': Fisher's p is not monotone in n); at 51 boards the
    write-up's own interval reaches the margin, so the row is consistent, for want of an
    n; 10 of 2,000 is rejected at every n."""
    row = judging.rate_rows_over_n("k=32", (110, 1200), 0.137, 0.001, 3276)
    assert row["p"] > 0.01
    assert "2,782 n from 51 to 3,276" in row["note"] and "the smallest 422" in row["note"]
    judged = judging.judge([row])[0]
    assert judged["verdict"] == "consistent" and judged["reason"].startswith(
        "51 boards (the fewest that print 13.7%: no sample size given) cannot tell a gap")
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
    capped = judging.smallest_row("s", [5000] * 80, 3264, 40, [5000] * 40, floor=1, cap=5000)
    assert capped["difference"][1] is None
    assert judging.difference_words(capped).endswith("+∞") and "cap" in capped["note"]


def test_a_smallest_value_reads_reproduced_only_past_the_boards_that_bound_it():
    """Below smallest_boards(40) = 42,281 boards of ours, the band of our law leaves room
    below everything we saw, so the interval of the smallest of 40 runs down to the floor
    and cannot clear its margin: with our law known exactly it would (its limit is inside),
    so the row reads open and names that count, never inconclusive; at that count it reads
    reproduced."""
    assert judging.smallest_boards(40) == 42_281
    n = judging.smallest_boards(40)
    short = judging.judge([judging.smallest_row("s", [3264] * (n - 1), 3264, 40, [3264],
                                                floor=1)])[0]
    assert short["difference"][0] == 1 - 3264 and short["limit"] == [0, 0]
    assert short["verdict"] == "open" and short["needed"] == n
    enough = judging.judge([judging.smallest_row("s", [3264] * n, 3264, 40, [3264],
                                                 floor=1)])[0]
    assert enough["difference"] == [0, 0] and enough["verdict"] == "reproduced"


def test_a_smallest_of_40_that_spreads_past_the_margin_is_consistent():
    """A few of our loose counts are small (300, 1,000), most lie from 3,200 to 5,000: the
    write-up's smallest of 40 at 3,264 is not told apart, but even with our law known
    exactly the smallest of 40 could fall at 300, past half of 3,264, so the row is
    consistent, the smallest of 40 being the limit."""
    values = [300, 1000] + list(range(3200, 5001, 5))
    (row,) = judging.judge([judging.smallest_row("s", values, 3264, 40, values[:40], floor=1,
                                                 cap=5000)])
    assert row["verdict"] == "consistent"
    assert row["reason"].startswith("the smallest of 40 boards cannot tell a gap under")


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


def test_a_parameter_that_moves_a_figure_past_its_margin_is_the_limit():
    """At the estimate our figure's limit is well inside its margin, but across the
    parameter's set the limits reach past it: the parameter the write-up leaves out is
    what keeps the row undecided, so it reads consistent and names the parameter."""
    at = judging.fitted_row("runs", 11, 11, "mean", 0.5, -0.5, 0.5, limit=(-0.3, 0.3))
    there = judging.fitted_row("runs", 12, 11, "mean", 0.4, 0.2, 1.3, limit=(0.4, 1.2))
    (row,) = judging.judge(judging.across([at], [[there]], "densities 0.16 and 0.20",
                                          "the density the write-up leaves out"))
    assert row["spread"] == [-0.3, 1.2] and row["verdict"] == "consistent"
    assert row["reason"] == ("the density the write-up leaves out leaves a gap under 1.2 "
                             "untold")


def test_a_settled_row_needs_no_other_value():
    """A row not rejected whose limit already reaches its margin and holds 0 is settled:
    no other value of a parameter can change its verdict; a rejected row, or one inside
    its margin, is not, and neither is a row whose limit is inside (our boards could still
    decide it) or off 0 (our boards could tell it apart)."""
    assert judging.settled(judging.rate_row("u", (0, 36), (0, 36)))
    assert judging.settled(judging.fixed_row("b", 1, 1, "refuted"))
    assert not judging.settled(judging.rate_row("u", (150, 150), (150, 150)))
    assert not judging.settled(judging.rate_row("u", (0, 150), (150, 150)))
    assert not judging.settled(judging.rate_row("u", (180, 220), (157, 216)))


def test_a_limit_off_zero_is_open_and_more_boards_tell_it_apart():
    """The write-up's 157 of 216 against our 180 of 220: not told apart, and even with our
    error zero the interval reaches the 13.6-point margin, but that limit lies wholly
    above 0 (+2.1 to +17.5 points): our boards, not the write-up's, are what keep it
    undecided, so the row is open (not consistent), naming the boards that would tell it
    apart; drawn that large at the same rate it differs."""
    (row,) = judging.judge([judging.rate_row("u", (180, 220), (157, 216))])
    assert row["limit"][0] > 0 and judging.reaches(row["limit"], row["margin"])
    assert row["verdict"] == "open" and row["needed"] == 376
    assert row["reason"] == ("ours lies off the write-up's: about 376 boards of ours would "
                             "tell them apart")
    (again,) = judging.judge([judging.rate_row("u", (308, 376), (157, 216))])
    assert again["verdict"] == "differs"


def test_a_spread_off_zero_leaves_a_fitted_row_open():
    """Across a parameter's set the limits reach the margin but every one lies above 0:
    the parameter does not excuse the row (every value of it would tell ours apart with
    more boards), so it reads open, not consistent."""
    at = judging.fitted_row("runs", 12, 11, "mean", 0.3, 0.1, 1.3, limit=(0.4, 1.2),
                            needed=500)
    there = judging.fitted_row("runs", 12, 11, "mean", 0.2, 0.2, 1.4, limit=(0.5, 1.3),
                               needed=600)
    (row,) = judging.judge(judging.across([at], [[there]], "densities 0.16 and 0.20",
                                          "the density the write-up leaves out"))
    assert row["spread"] == [0.4, 1.3] and row["verdict"] == "open"
    assert row["needed"] == 600


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
