"""Every command's output fits 100 columns on the shipped boards (commands without
surprises).

Each command of the README runs in process on every sample board of boards/samples/ and
on a sample of the bank (the first and the last board of each of its six sets), and no
line it prints, on stdout or stderr, is longer than WIDTH.  The one exception is a line
that is a puzz.link link (alone, or as a board file's `url:` line): a link is one word,
and a link cut in two no longer opens, so it is printed whole, however long.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ladder
from tools import bank, formats

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 100
SAMPLES = sorted((ROOT / "boards" / "samples").glob("*.txt"))
BANK_SAMPLE = [f"{board_set.prefix}-{number:02d}"
               for board_set in bank.SETS for number in (1, bank.BOARDS_PER_SET)]
BOARDS = [*SAMPLES, *(bank.path_of(entry) for entry in bank.entries(BANK_SAMPLE))]
LINK_LINE = re.compile(r"(?:url: )?https://puzz\.link/p\?\S+")


def too_wide(text: str) -> list[str]:
    """The lines of `text` longer than WIDTH that are not a link."""
    return [line for line in text.splitlines()
            if len(line) > WIDTH and not LINK_LINE.fullmatch(line)]


def run(capsys, main, argv: list[str]) -> str:
    """stdout and stderr of one command run in process; its exit status must be 0."""
    assert main(argv) == 0, argv
    captured = capsys.readouterr()
    return captured.out + captured.err


def board_id(path: Path) -> str:
    return path.stem


@pytest.mark.parametrize("path", BOARDS, ids=board_id)
def test_the_solver_of_the_board_fits(path, capsys):
    """dosun_fuwari.py or nondango.py on the board: the board, the reading, the answers and
    the legend, each line within WIDTH."""
    main = formats.module_of(formats.read(str(path))).main
    assert too_wide(run(capsys, main, [str(path)])) == []


@pytest.mark.parametrize("path", BOARDS, ids=board_id)
def test_ladder_fits(path, capsys):
    """ladder.py on the board: rule headers, pictures, counts, legend and grade."""
    assert too_wide(run(capsys, ladder.main, [str(path)])) == []


@pytest.mark.parametrize("option", [
    pytest.param(None, id="board-file"),  # ends in the solver's legend
    pytest.param("--url", id="url"),
    pytest.param("--pzprv3", id="pzprv3"),
])
@pytest.mark.parametrize("path", BOARDS, ids=board_id)
def test_formats_fits(path, option, capsys):
    """python -m tools.formats BOARD [--url | --pzprv3]: only a link may be longer."""
    argv = [str(path)] + ([option] if option else [])
    assert too_wide(run(capsys, formats.main, argv)) == []


def test_bank_list_fits(capsys):
    """python -m tools.bank list: every row of the 216 boards, header and footer."""
    assert too_wide(run(capsys, bank.main, ["list"])) == []


def test_bank_check_fits(capsys):
    """python -m tools.bank check, on the bank sample: progress on stderr and the summary."""
    assert too_wide(run(capsys, bank.main, ["check", *BANK_SAMPLE, "--jobs", "1"])) == []


def test_a_link_is_the_only_exception():
    """The exemption covers a link line and nothing else."""
    link = "https://puzz.link/p?nondango/12/12/" + "0" * 90
    assert too_wide(f"{link}\nurl: {link}") == []
    assert too_wide(f"legend: {link}") == [f"legend: {link}"]
    assert too_wide("x" * 101) == ["x" * 101]


def test_verify_fits(capsys):
    """python verify.py --quick --detail DF-15 (a claim in full, with its progress lines on
    stderr) and python verify.py DF-99 (one usage line): every line within WIDTH."""
    import verify
    assert verify.main(["--quick", "--detail", "--jobs", "1", "DF-15"]) == 0
    captured = capsys.readouterr()
    assert too_wide(captured.out + captured.err) == []
    with pytest.raises(SystemExit) as stop:
        verify.main(["DF-99"])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("verify.py: unknown claim ID DF-99")
    assert too_wide(captured.out + captured.err) == []
