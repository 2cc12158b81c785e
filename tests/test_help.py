"""What every command says of itself (cli.py): how a board is named in --help, the options
of the two solvers, the choices each option lists, the legend under every drawn board,
and that cli.py itself is not a command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from plumbing import cli
import dosun_fuwari as df
import ladder
import nondango as nd

ROOT = Path(__file__).resolve().parent.parent
DF_SAMPLE = str(ROOT / "boards" / "samples" / "df-pzprjs-5x5.txt")
ND_SAMPLE = str(ROOT / "boards" / "samples" / "nd-pzprjs-6x6.txt")
TOOLS = {"bank.py": "tools.bank", "play.py": "tools.play", "formats.py": "tools.formats"}


def argv(command: str, *args: str) -> list[str]:
    """The command line that runs `command` (a top-level script or a tool in tools/)."""
    head = ["-m", TOOLS[command]] if command in TOOLS else [command]
    return [sys.executable, *head, *args]


BOARD_COMMANDS = ("dosun_fuwari.py", "nondango.py", "ladder.py", "formats.py", "play.py")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(argv(*args), cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def _help(command: str) -> str:
    return " ".join(_run(command, "--help").stdout.split())   # unwrapped


def _options(command: str) -> list[str]:
    """The options and arguments of a command in the order its usage lines give them."""
    usage = _run(command, "--help").stdout.split("\n\n")[0].split(maxsplit=2)[2]
    return [word.strip("[]") for word in usage.split()
            if word.strip("[").startswith(("-", "BOARD"))]


@pytest.mark.parametrize("command", BOARD_COMMANDS)
def test_every_command_that_takes_a_board_names_the_three_forms(command):
    """The help of every command that takes a board says 'board file, pzprv3 file or
    puzz.link URL', in those words."""
    assert cli.BOARD in _help(command)


def test_both_solvers_take_the_same_options_in_the_same_order():
    """dosun_fuwari.py and nondango.py list the same options in the same order, and each
    lists every reading, its default marked."""
    assert _options("dosun_fuwari.py") == _options("nondango.py") == [
        "-h", "--reading", "--cap", "--seconds", "--json", "--url", "BOARD"]
    for command, module in (("dosun_fuwari.py", df), ("nondango.py", nd)):
        text = _help(command)
        assert f"{module.DEFAULT_READING} (default)" in text
        assert all(reading in text for reading in module.READINGS)


def test_ladder_help_lists_every_rung_and_reading():
    """ladder.py --help names every rung and every reading of both puzzles."""
    text = _help("ladder.py")
    for genre, rungs in ladder.LADDER.items():
        assert all(name in text for name, _ in rungs), genre
    assert all(reading in text for reading in df.READINGS + nd.READINGS)


@pytest.mark.parametrize("args, legend", [
    (("dosun_fuwari.py", DF_SAMPLE), df.LEGEND),
    (("nondango.py", ND_SAMPLE), nd.LEGEND),
    (("ladder.py", DF_SAMPLE, "--rung", "room"), ladder.LEGEND["dosun-fuwari"]),
    (("ladder.py", ND_SAMPLE, "--rung", "region"), ladder.LEGEND["nondango"]),
    (("formats.py", ND_SAMPLE), nd.LEGEND),
])
def test_every_command_that_draws_a_board_prints_its_legend(args, legend):
    """A drawn board is never left without the key to its symbols."""
    done = _run(*args)
    assert done.returncode == 0, done.stderr
    words = " ".join(f"legend: {legend}".split())     # lines wrap at 100 columns, and
    lines = (line.removeprefix(";") for line in done.stdout.splitlines())  # formats.py: comments
    assert words in " ".join(" ".join(lines).split())


def test_the_legends_name_every_symbol_the_pictures_use():
    """Every symbol of a solver's board and answer pictures appears in its legend."""
    for symbol in (df.BALLOON, df.IRON, df.EMPTY, df.BLACK):
        assert f"{symbol} " in df.LEGEND
    for symbol in (nd.BLACK, nd.WHITE, nd.NO_CIRCLE, nd.CIRCLE, nd.GIVEN_BLACK, nd.GIVEN_WHITE):
        assert f"{symbol} " in nd.LEGEND


def test_cli_py_says_it_is_not_a_command():
    """`python plumbing/cli.py` exits with status 2 and one line naming the commands."""
    done = _run("plumbing/cli.py")
    assert done.returncode == 2 and done.stdout == ""
    assert "not a command" in done.stderr and "verify.py" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("tool", ["formats", "bank", "play"])
def test_a_tool_runs_as_a_module_and_as_a_script(tool):
    """`python -m tools.NAME` (the README's form) and `python tools/NAME.py` run the same
    command: the same help text, exit status 0."""
    as_module = subprocess.run([sys.executable, "-m", f"tools.{tool}", "--help"], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
    as_script = subprocess.run([sys.executable, f"tools/{tool}.py", "--help"], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
    assert as_module.returncode == as_script.returncode == 0
    assert as_module.stdout == as_script.stdout != ""
