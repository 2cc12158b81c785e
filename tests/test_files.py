"""Reading and writing the user's files (plumbing/files.py): one clear line for whatever stands
at a path, nothing read without bound, nothing the user has replaced, no half-written file;
and the lines, keys and labels of a board file (plumbing/boardfile.py), one rule for both
puzzles."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from common import BoardError
from plumbing import boardfile, files

ROOT = Path(__file__).resolve().parent.parent


# === Files ===

def test_reading_a_path_with_a_nul_character_is_a_board_error():
    """A path holding a NUL character is no file: BoardError, not the ValueError `open`
    raises."""
    with pytest.raises(BoardError, match="no such file"):
        files.read_text("board\x00.txt")


def test_reading_a_folder_or_a_non_utf8_file(tmp_path):
    """A folder or a file that is not UTF-8 is one BoardError line naming it."""
    with pytest.raises(BoardError, match="a folder"):
        files.read_text(str(tmp_path))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"dosun-fuwari\n\xff\n")
    with pytest.raises(BoardError, match="byte 14 is not UTF-8"):
        files.read_text(str(bad))


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_written_files_get_the_umask_mode(tmp_path, umask):
    """A file written atomically gets the mode `open` would give it under the user's
    umask, not the private mode of its temporary file, and no temporary file is left."""
    old = os.umask(umask)
    try:
        files.write_text_atomically(tmp_path / "a.txt", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    """Interrupted between writing and renaming (Ctrl-C), the old file is whole and the
    temporary file is gone."""
    target = tmp_path / "page.html"
    target.write_text("old\n", encoding="utf-8")

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.write_text_atomically(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


# === Whatever stands at a path: looked at before a byte is read ===

@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "board.txt"
    os.mkfifo(path)
    return path


def test_a_fifo_or_a_device_is_refused_unread(fifo):
    """A FIFO (which would block a reader forever) and a character device (a zero device
    never ends) are refused by their type, in one line, before a byte is read."""
    with pytest.raises(BoardError, match="a FIFO, not a regular file"):
        files.read_text(str(fifo))
    with pytest.raises(BoardError, match="a character device, not a regular file"):
        files.read_text("/dev/zero")


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path):
    """A (sparse) file larger than MAX_FILE_BYTES is refused by its size, not read."""
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as out:
        out.truncate(20 * 1024 ** 3)          # 20 GB, no block written
    with pytest.raises(BoardError, match="bytes; files of at most"):
        files.read_text(str(huge))


def test_a_writer_leaves_anything_but_a_regular_file_alone(fifo, tmp_path):
    """An atomic write refuses to replace a FIFO or a symbolic link; both stay as they
    were and no temporary file is left beside them."""
    with pytest.raises(FileExistsError, match="a FIFO, not a regular file"):
        files.write_text_atomically(fifo, "x\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    link = tmp_path / "link.html"
    link.symlink_to(tmp_path / "elsewhere.html")
    with pytest.raises(FileExistsError, match="a symbolic link"):
        files.write_text_atomically(link, "x\n")
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt", "link.html"]


@pytest.mark.parametrize("target", ["/dev/null", "/dev/zero", "fifo"])
def test_the_play_page_never_replaces_a_device_or_a_fifo(target, fifo, tmp_path):
    """`--out` at a null device, a zero device or a FIFO is refused at once with one line
    and exit status 2; the device node or FIFO is still there afterwards."""
    out = str(fifo) if target == "fifo" else target
    done = subprocess.run([sys.executable, "-m", "tools.play", "--no-open", "--out", out,
                           "--boards", str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not stat.S_ISREG(os.lstat(out).st_mode)


def test_a_fifo_given_as_a_board_is_named_as_one(fifo):
    """A FIFO given as a board is named for what it is, not 'no such file'."""
    done = subprocess.run([sys.executable, "dosun_fuwari.py", str(fifo)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "a FIFO, not a board file" in done.stderr


# === Board-file lines, keys and labels (plumbing/boardfile.py) ===

def test_only_a_newline_ends_a_line():
    """Line numbers are an editor's: '\\n' (or '\\r\\n') ends a line, and a form feed, a
    vertical tab or a Unicode line separator inside a line stays there, so an error
    after it is reported on the line an editor shows."""
    text = "a\r\nb\fc\vd\u2028e\x85f\nlast\n"
    assert boardfile.numbered_lines(text) == [(1, "a"), (2, "b\fc\vd\u2028e\x85f"), (3, "last")]
    assert boardfile.numbered_lines("\ufeffx") == [(1, "x")]
    assert boardfile.numbered_lines("") == []


@pytest.mark.parametrize("token, ok", [
    ("a", True), ("Z9", True), ("10", True), ("é", False), ("٣", False), ("a-b", False),
    ("_", False), ("#", False), ("ａ", False),
])
def test_one_label_rule(token, ok):
    """A room or region label is ASCII letters and digits: one rule for both puzzles
    (a non-ASCII 'letter' or digit such as 'é', '٣' or a full-width 'ａ' is refused)."""
    assert boardfile.is_label(token) is ok


@pytest.mark.parametrize("word, ok", [
    ("size", True), ("starved-rooms", True), ("pzprv3_markers", True), ("a b", False),
    ("", False), ("é", False), ("a.b", False),
])
def test_one_key_rule(word, ok):
    """A `key: value` key is one ASCII word (letters, digits, '-', '_') in both puzzles."""
    assert boardfile.is_key(word) is ok
