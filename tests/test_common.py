"""What both puzzles share (common.py): board-file lines, the label rule, short quotes of
inputs, and the frozen board record."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import common


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


# --- Record: the frozen board record ---

@dataclasses.dataclass(frozen=True)
class Cabin(common.Record):
    """A record with two fields, a default and a field left out of equality."""

    name: str
    size: int = 1
    note: str = dataclasses.field(default="", compare=False)


def test_replace_is_a_copy_with_some_fields_changed():
    """`record.replace(field=value)` changes only that field; an unknown field is a
    TypeError, and the record itself stays frozen."""
    cabin = Cabin("a", 2, "kept")
    assert cabin.replace(size=3) == Cabin("a", 3) and cabin.replace(size=3).note == "kept"
    with pytest.raises(TypeError):
        cabin.replace(colour=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cabin.size = 2
