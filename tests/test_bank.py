"""The shipped bank: every board is what its file says, and regenerates byte for byte.

These tests read `boards/` and draw a few boards afresh; `python bank.py check` draws
all 144.
"""

import dataclasses

import pytest

import bank
import dosun_fuwari as df
import formats
import ladder
import nondango as nd


@pytest.fixture(scope="module")
def df_bank():
    return bank.load_bank("dosun-fuwari")


@pytest.fixture(scope="module")
def nd_bank():
    return bank.load_bank("nondango")


def test_bank_has_36_boards_per_size(df_bank, nd_bank):
    """The bank is 36 boards 8x8 and 36 boards 12x12 per puzzle, as in the write-ups."""
    for boards in (df_bank, nd_bank):
        assert sorted((b.rows, b.cols) for b in boards) == [(8, 8)] * 36 + [(12, 12)] * 36


@pytest.mark.parametrize("name", ["df-8x8-01", "df-12x12-02", "nd-8x8-03", "nd-12x12-04"])
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


def test_nondango_bank_boards_are_unique_under_both_rules(nd_bank):
    """X-02: each shipped Nondango board has exactly its stored answer under the write-up's
    reading, and that answer also obeys the published rule, so it plays on puzz.link."""
    for board in nd_bank:
        name = dict(board.metadata)["name"]
        assert nd.count_answers(board, "write-up", cap=2) == nd.Count(1, False), name
        assert next(nd.solve(board)) == board.answer
        assert nd.is_answer(board, board.answer, "published"), name


def test_every_bank_file_carries_its_own_link(df_bank, nd_bank):
    """X-03: the `url` line of every bank file is the link puzzlink writes for the board,
    and reading that link gives the board back."""
    for board in list(df_bank) + list(nd_bank):
        link = dict(board.metadata)["url"]
        assert formats.url(board) == link
        assert formats.read(link) == dataclasses.replace(board, answer=None)


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
