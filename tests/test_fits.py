"""The statistics of the parameter fits (checks/fits.py) on small synthetic inputs: the
rounding interval, one figure's test, Holm's first step as the joint p, test inversion on
a toy grid, and the table in words.  The full fits are run by bench/fits_run.py."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from checks import fits, judging
from checks.fits import Figure, FigureTest
from checks.stats import holm


def test_a_mean_inside_the_printed_interval_is_no_gap():
    """10.7 printed to one decimal stands for 10.65 .. 10.75: a mean inside is at gap 0,
    one outside is measured to the nearer end, with its sign."""
    assert judging.rounding_gap(10.68, 10.7, 0.1) == 0
    assert math.copysign(1, judging.rounding_gap(10.68, 10.7, 0.1)) == 1   # no '-0.0' printed
    assert judging.rounding_gap(10.9, 10.7, 0.1) == pytest.approx(0.15)
    assert judging.rounding_gap(12.0, 13.0, 1.0) == pytest.approx(-0.5)


def test_a_figure_test_is_the_two_mean_normal_test():
    """Our mean against a 36-board mean spread as ours: z = gap / (sd·sqrt(1/n + 1/36)),
    the same p-value df_claims gives for the example in its docstring."""
    test = fits.figure_test([10.0, 11.0] * 18, 10.7, 0.1, 36)
    sd = math.sqrt(36 / 35) / 2
    assert test.ours == 10.5
    assert test.z == pytest.approx(-0.15 / (sd * math.sqrt(2 / 36)))
    assert test.p == pytest.approx(0.209, abs=0.001)


def test_a_figure_test_without_spread():
    """No spread in our draws: p is 1 inside the printed interval and 0 outside it, and the
    interval of the difference is the rounding band alone."""
    inside = fits.figure_test([4.0] * 5, 4.0, 0.1, 36)
    outside = fits.figure_test([4.0] * 5, 5.0, 0.1, 36)
    assert inside[:3] == (4.0, 0.0, 1.0) and outside[:3] == (4.0, -math.inf, 0.0)
    assert (inside.low, inside.high) == pytest.approx((-0.05, 0.05))
    assert (outside.low, outside.high) == pytest.approx((-1.05, -0.95))


@pytest.mark.parametrize("p_values", [[0.5, 0.004, 0.2], [0.002, 0.001], [0.02, 0.03, 0.5],
                                      [0.0025, 0.9, 0.9, 0.9], [0.0026, 0.9, 0.9, 0.9]])
def test_the_joint_p_is_holms_first_step(p_values):
    """Holm at 1% rejects some figure exactly when the joint p (smallest p times the number
    of figures) is at most 1%."""
    assert (fits.joint_p(p_values) <= 0.01) == any(holm(p_values, 0.01))


def test_values_in_words():
    """Neighbouring grid values are joined into ranges."""
    labels = ["a", "b", "c", "d", "e", "f"]
    assert fits.in_words([0, 1, 2, 5], labels) == "a to c and f"
    assert fits.in_words([1, 3, 4], labels) == "b and d to e"
    assert fits.in_words([0, 2, 4], labels) == "a, c and e"
    assert fits.in_words([], labels) == "none"


def _toy(ps_by_value):
    """A fit from p-values by hand: figure j at value i has p ps_by_value[i][j], z from it."""
    figures = [Figure("X-01", f"figure {j}", 1.0, 0.1, 36, "toy", list)
               for j in range(len(ps_by_value[0]))]
    tests = [[FigureTest(0.0, NormalDist().inv_cdf(p / 2), p) for p in row]
             for row in ps_by_value]
    labels = [str(v) for v in range(len(ps_by_value))]
    return fits.fit_from_tests("toy parameter", range(len(ps_by_value)), labels, figures,
                               tests, [("toy", 100, 36)])


def test_the_confidence_set_is_the_values_holm_keeps():
    """Toy grid of five values, two figures: the set is the values where Holm at 1%
    rejects neither (p above 0.005 for both), the estimate the value of largest joint p,
    and each figure alone holds where its own p is above 1%."""
    fit = _toy([[0.001, 0.5], [0.008, 0.5], [0.4, 0.6], [0.5, 0.007], [0.5, 0.0001]])
    assert fit.confidence_set == (1, 2, 3)
    assert fit.estimate == 2
    assert fit.alone == ((2, 3, 4), (0, 1, 2))
    assert fit.finding == ""


def test_figures_met_at_no_one_value_are_a_finding():
    """Two figures that each hold somewhere but never at the same value: the set is empty
    and the finding names both with the values where each holds."""
    fit = _toy([[0.5, 0.0001], [0.5, 0.0001], [0.0001, 0.5]])
    assert fit.confidence_set == ()
    assert "No toy parameter tried meets all 2 figures" in fit.finding
    assert "figure 0 (0 to 1) and figure 1 (2)" in fit.finding


def test_inversion_recovers_the_value_that_made_the_figure():
    """run_fit on a toy procedure whose boards average the grid value (spread 1): a figure
    of 5.0 printed to units, 36 boards behind it and 36 of ours, is met at 4, 5 and 6
    (gap within 2.576 standard errors of 0.236 beyond the half unit) and nowhere else."""
    figure = Figure("X-01", "toy mean", 5.0, 1.0, 36, "toy", list)

    def draw(sample, value, start, stop):
        return [value - 1.0 if i % 2 else value + 1.0 for i in range(start, stop)]

    fit = fits.run_fit("toy mean", range(11), [str(v) for v in range(11)], [figure], draw,
                       {"toy": 36})
    assert fit.confidence_set == (4, 5, 6)
    assert fit.estimate == 5
    assert fit.samples == (("toy", 36, 36),)


def test_the_coarse_pass_drops_what_is_far_and_the_fine_pass_draws_on_near_the_set():
    """Coarse then fine on the toy procedure: every other value on the write-up's 36
    boards; far values drop out at joint p below COARSE_ALPHA and are never drawn again;
    the fine pass draws boards 36 to 143 (never the first 36 twice) at the values kept and
    their neighbours; the set comes from the fine pass alone and is the one a single pass
    at 144 boards gives (5 alone: 144 of ours narrow it)."""
    figure = Figure("X-01", "toy mean", 5.0, 1.0, 36, "toy", list)
    asked = []

    def draw(sample, value, start, stop):
        asked.append((value, start, stop))
        return [value - 1.0 if i % 2 else value + 1.0 for i in range(start, stop)]

    labels = [str(v) for v in range(11)]
    fit = fits.run_fit("toy mean", range(11), labels, [figure], draw, {"toy": 144},
                       {"toy": 36}, step=2)
    coarse = [(v, 0, 36) for v in (0, 2, 4, 6, 8, 10)]
    assert asked[:6] == coarse
    fine = asked[6:]
    assert {v for v, _, _ in fine} == {3, 4, 5, 6, 7} and all(
        (start, stop) == ((36, 144) if v % 2 == 0 else (0, 144)) for v, start, stop in fine)
    single = fits.run_fit("toy mean", range(11), labels, [figure],
                          lambda s, v, a, b: draw(s, v, a, b), {"toy": 144})
    assert [fit.grid[i] for i in fit.confidence_set] == \
        [single.grid[i] for i in single.confidence_set] == [5]
    assert 0 not in fit.grid or fit.grid.index(0) not in fit.fine


def test_one_mean_size_gives_these_pairs_of_counts():
    """A mean region size of 64/21 cells gives 21 regions at 8x8 and 47 at 12x12; no one
    size gives 21 and 52; every pair listed has a size that gives it."""
    pairs = fits._one_size_pairs(range(17, 26), range(38, 57))
    assert (21, 47) in pairs and (21, 52) not in pairs
    assert fits._one_size_pairs([21], range(43, 54)) == [(21, 46), (21, 47), (21, 48)]
    for a, b in pairs:
        low, high = (float(x) for x in fits._mean_sizes(a, b).split("-"))
        middle = (low + high) / 2
        assert (round(64 / middle), round(144 / middle)) == (a, b)


def test_the_table_is_plain_words():
    """fit_text prints no Python literals and no line past 100 columns."""
    text = fits.fit_text(_toy([[0.001, 0.5], [0.4, 0.6], [0.5, 0.0001]]))
    assert not any(mark in text for mark in ("[", "{", "None", "(0,"))
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "99% confidence set: 1." in text
    assert "0 where ours lies within that rounding" in text


def test_a_fitted_figure_differs_only_if_every_value_of_the_set_rejects_it():
    """fitted_rows takes a figure's largest p over the confidence set and the hull of its
    intervals: figure 0 (claim X-01 alone) at p = 0.006 at the estimate would be rejected
    alone at 1%, but it holds at the set's other value, so its row does not differ; with
    the set empty, the whole grid is searched."""
    fit = _toy([[0.006, 0.99], [0.9, 0.0052]])
    tests = tuple(tuple(t._replace(low=-0.1 * (i + 1), high=0.1) for t in row)
                  for i, row in enumerate(fit.tests))
    fit = fit._replace(tests=tests, figures=(fit.figures[0], fit.figures[1]._replace(claim="X-02")))
    assert fit.confidence_set == (0, 1) and fit.estimate == 0
    (row,) = fits.fitted_rows(fit, "X-01")
    assert row["p"] == 0.9 and row["difference"] == pytest.approx([-0.2, 0.1])
    assert judging.judge([row])[0]["verdict"] != "differs"
    assert judging.judge([row | {"p": 0.006}])[0]["verdict"] == "differs"
    apart = _toy([[0.5, 0.0001], [0.0001, 0.5]])
    apart = apart._replace(figures=tuple(f._replace(claim="X-01") for f in apart.figures))
    assert apart.confidence_set == ()
    assert [r["p"] for r in fits.fitted_rows(apart, "X-01")] == [0.5, 0.5]
