"""What both puzzles share (common.py): short quotes of inputs and the frozen board record.
Board-file lines, keys and labels are tested in test_files.py."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import common


# === Short quotes of inputs ===

@given(st.text())
@example("pzprv3\ndosufuwa\n" + "0 0 \n" * 40)
@example("\x00")
def test_an_excerpt_is_one_short_line(text):
    """Any input quoted in a message is one line (control characters escaped) of bounded
    length, so no message can run to many lines."""
    quoted = common.excerpt(text)
    assert quoted.isprintable()
    assert len(quoted) <= len(r"'\U0001f600'") * common.EXCERPT + len("''…")


# === Record: the frozen board record ===

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
