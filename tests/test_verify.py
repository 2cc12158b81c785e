"""`python verify.py`, the project's main job, as a user runs it."""

import json
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

