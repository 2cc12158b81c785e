"""Fuzzing the readers and every command's command line: whatever a user types, a reader
returns a board or raises one BoardError naming the place, and a command exits 0 or 2
with at most one line on stderr, never a traceback.

Inputs are drawn near valid ones (the shipped samples and their links, with characters
inserted, deleted or replaced; options with good and bad values), so that most examples
get past the first check.  The example counts are in each @settings; under the fixed
profile (tests/conftest.py) every run draws the same examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import dosun_fuwari as df
import ladder
import nondango as nd
from common import BoardError
from plumbing import puzzlink
from tools import formats

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "boards" / "samples"
DF_TEXT = (SAMPLES / "df-pzprjs-5x5.txt").read_text(encoding="utf-8")
ND_TEXT = (SAMPLES / "nd-pzprjs-6x6.txt").read_text(encoding="utf-8")
DF_LINK = "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1"
ND_LINK = "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0"
PLACE = re.compile(r"^[^\n]+:\d+:\d+: [^\n]+$")      # source:line:column: rule, one line

# the characters a board file or a link is made of, and a few that have no business there
ALPHABET = "o*.#0123abBW:; \n\t\r/?=&%é\u2028\ufeff\x00-"


@st.composite
def mutated(draw, text: str, edits: int = 4) -> str:
    """`text` with up to `edits` characters inserted, deleted or replaced."""
    for _ in range(draw(st.integers(1, edits))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(("insert", "delete", "replace")))
        char = draw(st.sampled_from(ALPHABET))
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + char + text[at + 1:]
    return text


@pytest.mark.parametrize("module, text", [(df, DF_TEXT), (nd, ND_TEXT)], ids=["df", "nd"])
@settings(max_examples=400)
@given(data=st.data())
def test_a_board_file_reads_or_names_its_place(module, text, data):
    """A mutated board file is read as a board, or refused with one BoardError that names
    `file:line:column:` and the rule broken (400 examples per puzzle)."""
    source = data.draw(mutated(text))
    try:
        board = module.parse(source, "fuzz.txt")
    except BoardError as error:
        event("refused")
        assert PLACE.match(str(error)) and str(error).startswith("fuzz.txt:"), str(error)
    else:
        event("read")
        assert module.parse(module.picture(board)) == board


@pytest.mark.parametrize("link", [DF_LINK, ND_LINK], ids=["df", "nd"])
@settings(max_examples=400)
@given(data=st.data())
def test_a_link_decodes_or_is_refused_in_one_line(link, data):
    """A mutated puzz.link link decodes to a record or is refused with one BoardError on
    one line (400 examples per puzzle)."""
    text = data.draw(mutated(link, 3))
    try:
        puzzlink.decode(text)
    except BoardError as error:
        event("refused")
        assert "\n" not in str(error) and str(error)
    else:
        event("decoded")


BOARDS = st.one_of(
    st.sampled_from([str(SAMPLES / "df-pzprjs-5x5.txt"), str(SAMPLES / "nd-pzprjs-6x6.txt"),
                     str(SAMPLES / "df-one-cell-1x1.txt"), DF_LINK, ND_LINK, "no-such-file.txt",
                     str(SAMPLES), "", "-", "dosufuwa/1/1/0", "?nondango/2/2/00"]),
    mutated(DF_LINK, 2), mutated(ND_LINK, 2))
VALUES = st.sampled_from(["1", "2", "0", "-1", "5000", "9" * 30, " 5", "\u0665", "1_000", "x",
                          "official", "loose", "no-stacking", "write-up", "published",
                          "no-diagonals", "anywhere", "run", "room", "profile", "probe",
                          "region", "triple", "search", ""])
OPTIONS = {
    "solver": ["--reading", "--cap", "--seconds", "--json", "--url", "--help", "--bogus"],
    "ladder": ["--rung", "--reading", "--help", "--bogus"],
    "formats": ["--url", "--pzprv3", "--help", "--bogus"],
}
COMMANDS = {"dosun_fuwari": (df.main, "solver"), "nondango": (nd.main, "solver"),
            "ladder": (ladder.main, "ladder"), "formats": (formats.main, "formats")}


@st.composite
def command_lines(draw, kind: str) -> list[str]:
    """A board (or none) and up to three options, each maybe followed by a value."""
    argv = [draw(BOARDS)] if draw(st.integers(0, 5)) else []
    for _ in range(draw(st.integers(0, 3))):
        argv.append(draw(st.sampled_from(OPTIONS[kind])))
        if draw(st.booleans()):
            argv.append(draw(VALUES))
    return draw(st.permutations(argv))


@pytest.mark.parametrize("name", sorted(COMMANDS))
@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())     # capsys is read (and so emptied) once per example
def test_a_command_line_answers_or_refuses_in_one_line(name, data, capsys):
    """Any command line of the solvers, the ladder and the converter exits 0 (help or an
    answer) or 2 with one line on stderr; nothing else escapes (120 examples each)."""
    main, kind = COMMANDS[name]
    argv = data.draw(command_lines(kind))
    try:
        status = main(argv)
    except SystemExit as done:          # argparse: --help (0) and usage errors (2)
        status = done.code
    err = capsys.readouterr().err
    event(f"exit {status}")
    assert status in (0, 2), (argv, err)
    if status == 2:
        assert err.count("\n") == 1, (argv, err)


class Ran(Exception):
    """Raised in place of a command's heavy work: its command line was accepted."""


def ran(*args, **kwargs):
    raise Ran


WORK = {    # the command, its own options, and what stands in for the work past its parser
    "verify": ("verify", ["DF-01", "nd-18", "X-99", "--quick", "--detail", "--json",
                          "--jobs", "--strict", "--help", "--bogus"], ["run_checks"]),
    "bank": ("tools.bank", ["build", "check", "list", "df-8x8-01", "nd-9x9-99", "--force",
                            "--markdown", "--jobs", "--help", "--bogus"], ["build", "check"]),
    "play": ("tools.play", ["--no-open", "--out", "--boards", "--help", "--bogus"],
             ["serve", "write_static"]),
}


@pytest.mark.parametrize("name", sorted(WORK))
@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_other_command_line_is_accepted_or_refused_in_one_line(name, data, capsys,
                                                                     monkeypatch):
    """verify.py, tools.bank and tools.play, their work past the parser and the readers
    stood in for: any command line is accepted (reaching that work), answered (help, the
    bank's list) or refused with exit status 2 and one line; nothing else escapes (120
    examples each; play's boards are read for real)."""
    module_name, options, heavy = WORK[name]
    module = __import__(module_name, fromlist=["main"])
    for attribute in heavy:
        monkeypatch.setattr(module, attribute, ran)
    argv = [data.draw(BOARDS)] if name == "play" and data.draw(st.booleans()) else []
    for _ in range(data.draw(st.integers(0, 3))):
        argv.append(data.draw(st.sampled_from(options)))
        if data.draw(st.booleans()):
            argv.append(data.draw(VALUES))
    argv = data.draw(st.permutations(argv))
    try:
        status = module.main(argv)
    except SystemExit as done:
        status = done.code
    except Ran:
        status = "accepted"
    err = capsys.readouterr().err
    event(f"exit {status}")
    assert status in (0, 2, "accepted"), (argv, err)
    if status == 2:
        assert err.count("\n") == 1, (argv, err)
