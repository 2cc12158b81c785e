"""`python verify.py`, the project's main job, as a user runs it."""

import json
from math import comb
import subprocess
import sys
from pathlib import Path

import pytest

import verify

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def quick_report():
    result = subprocess.run([sys.executable, "verify.py", "--quick", "--json"], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    return result


def test_quick_run_gives_every_claim_a_verdict(quick_report):
    """Every claim ID of both write-ups (and the project's X- claims) gets one of the four
    verdicts, no internal cross-check fails, and the exit status says so."""
    report = json.loads(quick_report.stdout)
    verdicts = {row["id"]: row["verdict"] for row in report["claims"]}
    assert list(verdicts) == [claim.id for claim in verify.CATALOGUE]
    assert {v for v in verdicts.values()} <= set(verify.VERDICTS), verdicts
    assert [row for row in report["claims"] if row["crosscheck_failures"]] == []
    assert quick_report.returncode == 0, quick_report.stderr[-2000:]


def test_refuted_claims_carry_a_counterexample_and_a_correction(quick_report):
    """A refuted theorem is never just 'false': it shows the smallest counterexample as a
    board picture and a corrected statement with its own verdict."""
    for row in json.loads(quick_report.stdout)["claims"]:
        if row["verdict"] == "refuted":
            assert row["counterexample"], row["id"]
            assert row["corrected"] and row["corrected_verdict"], row["id"]


def test_unknown_claim_id_is_a_usage_error():
    """A mistyped claim ID stops with exit status 2 and names the ID, no traceback."""
    result = subprocess.run([sys.executable, "verify.py", "DF-99"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "DF-99" in result.stderr and "Traceback" not in result.stderr


def test_binomial_interval_covers_the_rate():
    """The 99% Clopper-Pearson interval used for `reproduced` contains the observed rate,
    is [0, x] at zero successes and [x, 1] at all successes, and narrows with n."""
    assert verify.binomial_interval(0, 220)[0] == 0.0
    assert verify.binomial_interval(220, 220)[1] == 1.0
    low, high = verify.binomial_interval(157, 216)
    assert low < 157 / 216 < high
    wide = verify.binomial_interval(10, 20)
    narrow = verify.binomial_interval(500, 1000)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    # by definition, each end leaves exactly 0.5% in the tail beyond it
    def tail(p, successes, trials, upper):
        ks = range(successes, trials + 1) if upper else range(0, successes + 1)
        return sum(comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in ks)
    assert tail(wide[0], 10, 20, upper=True) == pytest.approx(0.005, rel=1e-6)
    assert tail(wide[1], 10, 20, upper=False) == pytest.approx(0.005, rel=1e-6)
