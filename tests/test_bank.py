"""The shipped bank: every board is what its file says, and regenerates byte for byte.

These tests read `boards/` and draw a few boards afresh; `python -m tools.bank check` draws
all 216: the Dosun-Fuwari bank and the two Nondango banks, one built by the write-up's
procedure under its reading and one by the same procedure under the published rule.
"""

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import bank
import dosun_fuwari as df
from tools import formats
import ladder
import nondango as nd


@pytest.fixture(scope="module")
def df_bank():
    return bank.load_bank("dosun-fuwari")


@pytest.fixture(scope="module")
def nd_bank():
    return bank.load_bank("nondango")


@pytest.fixture(scope="module")
def ndp_bank():
    return bank.load_bank("nondango-published")


def test_bank_has_36_boards_per_size(df_bank, nd_bank, ndp_bank):
    """Each bank is 36 boards 8x8 and 36 boards 12x12, as in the write-ups."""
    for boards in (df_bank, nd_bank, ndp_bank):
        assert sorted((b.rows, b.cols) for b in boards) == [(8, 8)] * 36 + [(12, 12)] * 36


def test_every_set_has_seeds_of_its_own():
    """No two boards of the bank start from the same seed, so no two sets share a draw."""
    seeds = [entry.base_seed for entry in bank.entries()]
    assert len(seeds) == len(set(seeds)) == 36 * len(bank.SETS)


@pytest.mark.parametrize("name", ["df-8x8-01", "df-12x12-02", "nd-8x8-03", "nd-12x12-04",
                                  "ndp-8x8-05", "ndp-12x12-06"])
def test_regenerating_gives_the_same_bytes(name):
    """A board drawn afresh from its seed equals its file byte for byte, so the bank is
    reproducible on any machine and Python version (only Random.random() is used)."""
    entry = bank.entries([name])[0]
    assert bank.draw(entry) == bank.path_of(entry).read_text(encoding="utf-8")


def test_dosun_fuwari_bank_boards_are_unique_starved_and_graded_as_their_files_say(df_bank):
    """DF-14, DF-19: each shipped Dosun-Fuwari board has exactly its stored answer and the
    starved rooms its file lists, and its file's grade is the rung the ladder measures.
    The grade is a measurement, not a filter: the write-up states "every one needs
    profile" as a finding, so the bank must not be built to make it true."""
    for board in df_bank:
        meta = dict(board.metadata)
        answers = list(df.solve(board))
        assert answers == [board.answer], meta["name"]
        assert df.is_answer(board, board.answer)
        starved = df.starved_rooms(board)
        assert meta["starved-rooms"] == f"{len(starved)} ({', '.join(map(str, starved))})"
        assert len(starved) >= 1
        assert meta["grade"] == ladder.grade(board).rung


def test_dosun_fuwari_bank_is_drawn_by_the_literal_step_without_a_grade_filter(monkeypatch):
    """DF-15, DF-19: a bank board is the first unique board the starving generator draws
    from its seed, whatever its grade: with ladder.grade forced to answer 'probe', the
    same board comes out, only its grade line changes."""
    entry = bank.entries(["df-8x8-02"])[0]
    text = bank.path_of(entry).read_text(encoding="utf-8")
    real = ladder.grade
    monkeypatch.setattr(ladder, "grade", lambda board: real(board)._replace(rung="probe"))
    drawn = bank.draw(entry)
    assert drawn == text.replace("grade: profile", "grade: probe")


@pytest.mark.parametrize("folder, reading", [("nondango", "write-up"),
                                             ("nondango-published", "published")])
def test_nondango_bank_boards_are_unique_under_their_reading(folder, reading):
    """ND-05, X-02: each board of boards/nondango/ has exactly its stored answer under the
    write-up's reading (the boards its claims are measured on), and each board of
    boards/nondango-published/ exactly its stored answer under the published rule (the
    boards that play on puzz.link); every white circle has a certificate, and the file
    names its reading and its grade under it."""
    for board in bank.load_bank(folder):
        meta = dict(board.metadata)
        assert meta["reading"] == reading
        assert list(nd.solve(board, reading)) == [board.answer], meta["name"]
        assert all(nd.certificates(board, board.answer, w)
                   for w in board.circles - board.answer), meta["name"]
        assert meta["grade"] == ladder.grade(board, reading).rung


def test_the_write_ups_procedure_ignores_three_white_circles(nd_bank):
    """X-02: the write-up's procedure never looks at white circles, so most of its answers
    break the published rule: the reason the published bank exists."""
    valid = [nd.is_answer(b, b.answer, "published") for b in nd_bank]
    assert 0 < sum(valid) < len(nd_bank) // 2


def test_every_bank_file_carries_its_own_link(df_bank, nd_bank, ndp_bank):
    """X-03: the `url` line of every bank file is the link puzzlink writes for the board,
    and reading that link gives the board back."""
    for board in list(df_bank) + list(nd_bank) + list(ndp_bank):
        link = dict(board.metadata)["url"]
        assert formats.url(board) == link
        assert formats.read(link) == board.replace(answer=None)


def test_build_never_overwrites_a_file_that_differs(tmp_path, monkeypatch):
    """Regeneration leaves a file someone edited alone unless --force, and then replaces
    it whole (written to a temporary file first, then renamed)."""
    monkeypatch.setattr(bank, "BANK_DIR", tmp_path)
    (tmp_path / "README.md").write_text("# Board files\n", encoding="utf-8")
    name = "nd-8x8-01"
    assert bank.build([name]) == [bank.Outcome(name, "written")]
    path = bank.path_of(bank.entries([name])[0])
    path.write_text("nondango\n; my notes\n", encoding="utf-8")
    assert bank.build([name]) == [bank.Outcome(name, "differs")]
    assert path.read_text(encoding="utf-8") == "nondango\n; my notes\n"
    [outcome] = bank.check([name])
    assert outcome.status.startswith("differs, and does not parse: ")
    assert bank.build([name], force=True) == [bank.Outcome(name, "written")]
    assert bank.check([name]) == [bank.Outcome(name, "same")]
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left over


def test_bad_bank_files_are_outcomes_not_tracebacks(tmp_path, monkeypatch, capsys):
    """A board file with a byte that is not UTF-8 differs (and says it does not parse);
    `build --force` repairs it.  A folder where a board file belongs is reported by
    build and check, never replaced, and the commands exit 1 with one line each."""
    monkeypatch.setattr(bank, "BANK_DIR", tmp_path)
    (tmp_path / "README.md").write_text("# Board files\n", encoding="utf-8")
    bad, folder = "df-8x8-01", "nd-8x8-02"
    path = bank.path_of(bank.entries([bad])[0])
    path.parent.mkdir()
    path.write_bytes(b"dosun-fuwari\n\xff\n")
    bank.path_of(bank.entries([folder])[0]).mkdir(parents=True)
    assert bank.build([bad, folder]) == [bank.Outcome(bad, "differs"),
                                         bank.Outcome(folder, bank.FOLDER)]
    [not_utf8, in_the_way] = bank.check([bad, folder])
    assert "does not parse" in not_utf8.status and "not a UTF-8 text file" in not_utf8.status
    assert in_the_way == bank.Outcome(folder, bank.FOLDER)
    assert bank.main(["check", bad, folder, "--jobs", "1"]) == 1
    assert bank.main(["build", bad, folder, "--force", "--jobs", "1"]) == 1
    assert bank.check([bad]) == [bank.Outcome(bad, "same")]
    assert "Traceback" not in capsys.readouterr().err


def test_a_fifo_or_a_device_in_a_boards_place_is_named_not_read(tmp_path, monkeypatch, capsys):
    """A FIFO (which would block a reader forever) or a link to a zero device (which never
    ends) where a board file belongs: `check` exits 2 at once with one line naming it, and
    build leaves it where it is."""
    monkeypatch.setattr(bank, "BANK_DIR", tmp_path)
    (tmp_path / "README.md").write_text("# Board files\n", encoding="utf-8")
    fifo, zero = (bank.path_of(bank.entries([name])[0]) for name in ("df-8x8-01", "df-8x8-02"))
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    zero.symlink_to("/dev/zero")
    for name, words in (("df-8x8-01", "a FIFO, not a regular file"),
                        ("df-8x8-02", "a character device, not a regular file")):
        assert bank.main(["check", name, "--jobs", "1"]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    assert bank.main(["build", "df-8x8-01", "--force", "--jobs", "1"]) == 2
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and zero.is_symlink()


def test_build_writes_files_with_the_umask_mode_and_clears_stale_temporaries(tmp_path,
                                                                            monkeypatch):
    """Board files and the README get the mode the user's umask gives (not the
    temporary file's owner-only mode); a temporary file a killed build left is ignored
    by check and removed by the next build."""
    monkeypatch.setattr(bank, "BANK_DIR", tmp_path)
    (tmp_path / "README.md").write_text("# Board files\n", encoding="utf-8")
    name = "nd-8x8-01"
    path = bank.path_of(bank.entries([name])[0])
    path.parent.mkdir()
    stale = [path.parent / f".{path.name}.k1ll3d.tmp", tmp_path / ".README.md.k1ll3d.tmp"]
    for left in stale:
        left.write_text("", encoding="utf-8")
    old_mask = os.umask(0o022)
    try:
        assert bank.build([name]) == [bank.Outcome(name, "written")]
    finally:
        os.umask(old_mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "README.md").stat().st_mode) == 0o644
    assert not any(left.exists() for left in stale)
    stale[0].write_text("", encoding="utf-8")
    assert bank.check([name]) == [bank.Outcome(name, "same")]
    assert len(bank.load_bank("nondango")) == 1


def test_unknown_board_name_is_refused():
    """A mistyped board name is an error that says what names look like."""
    with pytest.raises(ValueError, match="df-8x8-07"):
        bank.entries(["df-8x8-99"])
    with pytest.raises(SystemExit) as exit_status:
        bank.main(["check", "df-8x8-99"])
    assert exit_status.value.code == 2


def test_the_format_examples_of_boards_readme_parse_and_solve():
    """The two examples in boards/README.md are real board files: copied verbatim, each
    parses and has exactly its drawn answer (Nondango under the published rule), so the
    documentation cannot drift from the parsers."""
    text = (bank.BANK_DIR / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in text.split("```\n")[1::2]]
    assert [b.splitlines()[0] for b in blocks] == ["dosun-fuwari", "nondango"]
    df_board, nd_board = df.parse(blocks[0]), nd.parse(blocks[1])
    assert list(df.solve(df_board)) == [df_board.answer]
    assert list(nd.solve(nd_board, "published")) == [nd_board.answer]


def test_list_prints_the_boards_asked_for(capsys):
    """`bank.py list NAME ...` prints the header and one row per named board, in the order
    asked; without names, one row per board of the bank."""
    assert bank.main(["list", "nd-8x8-02", "df-12x12-03", "--markdown"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.split("]")[0] for row in rows] == ["| [nd-8x8-02", "| [df-12x12-03"]
    assert bank.main(["list", "--markdown"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2 + len(bank.SETS) * bank.BOARDS_PER_SET


def test_list_prints_plain_text_by_default(capsys):
    """`bank.py list` prints plain columns for a terminal (no Markdown), a header saying
    the starved rooms' numbers are room labels, and a footer naming the folders."""
    assert bank.main(["list", "df-8x8-01", "nd-8x8-02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "starved rooms: count (their labels)" in lines[0]
    assert [line.split()[0] for line in lines[1:3]] == ["df-8x8-01", "nd-8x8-02"]
    assert lines[1].split()[1:] == ["8x8", "profile", "1001000", "2", "(5,", "8)"]
    assert not any(mark in "".join(lines) for mark in ("|", "](", "---"))
    assert lines[3].startswith("files: boards/dosun-fuwari/")
    assert bank.main(["list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3 + len(bank.SETS) * bank.BOARDS_PER_SET


# The first build stalls with a board's temporary file made and not yet renamed, holding
# the lock, until the test lets it go: the moment a second build's sweep once deleted it.
STALLED_BUILD = """
import os, sys, time
from pathlib import Path
from plumbing import cli
from tools import bank
bank.BANK_DIR = Path(sys.argv[1])
rename = os.replace

def stalled(temporary, path):
    if str(path).endswith(".txt") and not (bank.BANK_DIR / "go").exists():
        (bank.BANK_DIR / "stalled").touch()
        while not (bank.BANK_DIR / "go").exists():
            time.sleep(0.05)
    rename(temporary, path)

os.replace = stalled
cli.run(lambda: bank.main(["build", *sys.argv[2:], "--jobs", "1"]))
"""
PLAIN_BUILD = """
import sys
from pathlib import Path
from plumbing import cli
from tools import bank
bank.BANK_DIR = Path(sys.argv[1])
cli.run(lambda: bank.main(["build", *sys.argv[2:], "--jobs", "1"]))
"""


def test_two_builds_of_one_folder_both_write_every_board(tmp_path, monkeypatch):
    """Two `bank.py build`s of one folder at once: while the first holds a temporary file
    not yet renamed, the second waits to write (saying so) instead of sweeping it away;
    both exit 0, every board is written whole, the README table lists them all, and no
    temporary file is left."""
    root = Path(__file__).resolve().parent.parent
    (tmp_path / "README.md").write_text("# Board files\n", encoding="utf-8")
    names = ["df-8x8-01", "nd-8x8-01", "ndp-8x8-01"]

    def start(script):
        return subprocess.Popen([sys.executable, "-c", script, str(tmp_path), *names],
                                cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
    first = start(STALLED_BUILD)
    while not (tmp_path / "stalled").exists():
        assert first.poll() is None, first.communicate()
        time.sleep(0.05)
    second = start(PLAIN_BUILD)
    waiting = ""
    while "waiting" not in waiting and second.poll() is None:
        waiting = second.stderr.readline()
    (tmp_path / "go").touch()
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    out, err = second.communicate(timeout=120)
    assert second.returncode == 0, err
    assert "another build of this bank is writing; waiting" in waiting
    monkeypatch.setattr(bank, "BANK_DIR", tmp_path)
    assert bank.check(names) == [bank.Outcome(name, "same") for name in names]
    table = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert all(f"[{name}]" in table for name in names)
    assert not list(tmp_path.rglob("*.tmp"))
