"""What every module shares: board-file lines, the label rule, short quotes of inputs, and
reading and writing files without tracebacks or half-written files."""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import stat

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import common
from common import BoardError


# === Lines and labels ===

def test_only_a_newline_ends_a_line():
    """Line numbers are an editor's: '\\n' (or '\\r\\n') ends a line, and a form feed, a
    vertical tab or a Unicode line separator inside a line stays there, so an error
    after it is reported on the line an editor shows."""
    text = "a\r\nb\fc\vd\u2028e\x85f\nlast\n"
    assert common.numbered_lines(text) == [(1, "a"), (2, "b\fc\vd\u2028e\x85f"), (3, "last")]
    assert common.numbered_lines("\ufeffx") == [(1, "x")]
    assert common.numbered_lines("") == []


@pytest.mark.parametrize("token, ok", [
    ("a", True), ("Z9", True), ("10", True), ("é", False), ("٣", False), ("a-b", False),
    ("_", False), ("#", False), ("ａ", False),
])
def test_one_label_rule(token, ok):
    """A room or region label is ASCII letters and digits: one rule for both puzzles
    (a non-ASCII 'letter' or digit such as 'é', '٣' or a full-width 'ａ' is refused)."""
    assert common.is_label(token) is ok


@pytest.mark.parametrize("word, ok", [
    ("size", True), ("starved-rooms", True), ("pzprv3_markers", True), ("a b", False),
    ("", False), ("é", False), ("a.b", False),
])
def test_one_key_rule(word, ok):
    """A `key: value` key is one ASCII word (letters, digits, '-', '_') in both puzzles."""
    assert common.is_key(word) is ok


@given(st.text())
@example("pzprv3\ndosufuwa\n" + "0 0 \n" * 40)
@example("\x00")
def test_an_excerpt_is_one_short_line(text):
    """Any input quoted in a message is one line (control characters escaped) of bounded
    length, so no message can run to many lines."""
    quoted = common.excerpt(text)
    assert quoted.isprintable()
    assert len(quoted) <= len(r"'\U0001f600'") * common.EXCERPT + len("''…")


# === Files ===

def test_reading_a_path_with_a_nul_character_is_a_board_error():
    """A path holding a NUL character is no file: BoardError, not the ValueError `open`
    raises."""
    with pytest.raises(BoardError, match="no such file"):
        common.read_text("board\x00.txt")


def test_reading_a_folder_or_a_non_utf8_file(tmp_path):
    """A folder or a file that is not UTF-8 is one BoardError line naming it."""
    with pytest.raises(BoardError, match="a folder"):
        common.read_text(str(tmp_path))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"dosun-fuwari\n\xff\n")
    with pytest.raises(BoardError, match="byte 14 is not UTF-8"):
        common.read_text(str(bad))


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_written_files_get_the_umask_mode(tmp_path, umask):
    """A file written atomically gets the mode `open` would give it under the user's
    umask, not the private mode of its temporary file, and no temporary file is left."""
    old = os.umask(umask)
    try:
        common.write_text_atomically(tmp_path / "a.txt", "x\n")
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
        common.write_text_atomically(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


# --- Record: the frozen board record, against the dataclass it stands in for ---

class Cabin(common.Record):
    """A record with two fields, a default and a field left out of equality."""

    name: str
    size: int = 1
    note: str = ""
    UNCOMPARED = ("note",)


@dataclasses.dataclass(frozen=True)
class CabinTwin:
    """The same record as a frozen dataclass: the behaviour Record promises."""

    name: str
    size: int = 1
    note: str = dataclasses.field(default="", compare=False)


@given(st.text(max_size=3), st.integers(0, 3), st.text(max_size=2),
       st.text(max_size=3), st.integers(0, 3), st.text(max_size=2))
def test_a_record_compares_and_hashes_as_a_frozen_dataclass(n1, s1, t1, n2, s2, t2):
    """Equality, hashing and repr of Record agree with @dataclass(frozen=True) with the
    same fields, `note` left out of equality as `field(compare=False)` leaves it."""
    ours, theirs = (Cabin(n1, s1, t1), Cabin(n2, size=s2, note=t2)), \
        (CabinTwin(n1, s1, t1), CabinTwin(n2, size=s2, note=t2))
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    if ours[0] == ours[1]:
        assert hash(ours[0]) == hash(ours[1])
    assert repr(ours[0]).removeprefix("Cabin") == repr(theirs[0]).removeprefix("CabinTwin")
    assert ours[0].replace(size=s2) == Cabin(n1, s2, t1)
    assert dataclasses.replace(theirs[0], size=s2) == CabinTwin(n1, s2, t1)


def test_a_record_is_frozen_keeps_its_defaults_and_refuses_unknown_fields():
    """Setting or deleting a field raises AttributeError; a missing, unknown or repeated
    field, or too many values, raise TypeError, as a dataclass's constructor would."""
    cabin = Cabin("a")
    assert (cabin.size, cabin.note) == (1, "")
    with pytest.raises(AttributeError):
        cabin.size = 2
    with pytest.raises(AttributeError):
        del cabin.name
    for bad in (lambda: Cabin(), lambda: Cabin("a", colour=1), lambda: Cabin("a", name="b"),
                lambda: Cabin("a", 1, "", 4), lambda: cabin.replace(colour=1)):
        with pytest.raises(TypeError):
            bad()


def test_a_record_survives_pickle_and_copy():
    """Boards travel to worker processes by pickle: a record comes back equal, with the
    uncompared field too."""
    cabin = Cabin("a", 2, "kept")
    for back in (pickle.loads(pickle.dumps(cabin)), copy.deepcopy(cabin), copy.copy(cabin)):
        assert back == cabin and back.note == "kept"
