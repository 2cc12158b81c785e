"""`python verify.py`, the project's main job, as a user runs it."""

import ast
import inspect
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



def test_each_claim_is_checked_by_the_function_named_after_it():
    """Every catalogue ID has one check, named after it (DF-05 → df_05) in the module of its
    write-up, and the checks stand there in catalogue order, each docstring ending with its
    ID: a reader with a write-up open finds a paragraph's check by name or by reading on."""
    for prefix, module in verify.CHECK_MODULES.items():
        ids = [claim.id for claim in verify.CATALOGUE if claim.id.startswith(prefix + "-")]
        assert module.__all__ == [verify.check_name(claim_id) for claim_id in ids]
        checks = [getattr(module, verify.check_name(claim_id)) for claim_id in ids]
        starts = [inspect.getsourcelines(check)[1] for check in checks]
        assert starts == sorted(starts), module.__name__
        for claim_id, check in zip(ids, checks):
            assert check.__doc__.rstrip().endswith(f"[{claim_id}]"), claim_id
    assert list(verify.CHECKS) == [claim.id for claim in verify.CATALOGUE]


def test_a_check_no_claim_names_stops_the_import(monkeypatch):
    """A check module exporting a name no claim matches (a typo such as df_5) is an error,
    not a check that silently never runs."""
    module = verify.CHECK_MODULES["DF"]
    monkeypatch.setattr(module, "__all__", module.__all__ + ["df_5"])
    with pytest.raises(ValueError, match="df_5"):
        verify._collect_checks()


def top_level_imports(path: Path) -> tuple[set[str], list[str]]:
    """(modules imported at module level, modules imported inside a function or class)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    def names(node):
        if isinstance(node, ast.Import):
            return [alias.name.split(".")[0] for alias in node.names]
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            return [node.module.split(".")[0]]
        return []
    top = {name for node in tree.body for name in names(node)}
    nested = [name for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))
              for inner in ast.walk(node) for name in names(inner)]
    return top, nested


def test_the_checks_import_one_way():
    """verify.py imports the check modules and none of them imports verify.py; stats.py
    imports no project module; none of these imports a project module inside a function."""
    project = {path.stem for path in ROOT.glob("*.py")}
    for name in ("checks_common", "checks_dosun_fuwari", "checks_nondango", "checks_beyond",
                 "stats", "verify"):
        top, nested = top_level_imports(ROOT / f"{name}.py")
        assert not set(nested) & project, name
        if name != "verify":
            assert "verify" not in top, name
    assert not top_level_imports(ROOT / "stats.py")[0] & project
    assert not top_level_imports(ROOT / "checks_common.py")[0] & {
        "verify", "checks_dosun_fuwari", "checks_nondango", "checks_beyond"}
