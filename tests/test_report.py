"""The layout of verify.py's report (report.py): nothing is wider than the page, nothing
is cut, and boards found in a check's text are drawn as pictures with their legend."""

from __future__ import annotations

from hypothesis import example, given, strategies as st

import dosun_fuwari as df
import nondango as nd
from checks import report

WORDS = st.lists(st.text(alphabet="abc1,.×∏", min_size=1, max_size=30), max_size=40)


@given(WORDS, st.integers(min_value=5, max_value=100))
@example(["1,328,921,689,649,459", "<", "2^53"], 12)
def test_wrap_fits_the_width_and_keeps_every_word(words, width):
    """Every wrapped line fits the width, and the words come back in order: a word that
    fits a line is never split, a longer one is split across lines and nothing is lost."""
    lines = report.wrap(" ".join(words), width)
    assert all(len(line) <= width for line in lines)
    if all(len(word) <= width for word in words):
        assert " ".join(lines).split() == words
    assert "".join("".join(lines).split()) == "".join(words)


@given(st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=5))
def test_table_cells_wrap_inside_their_columns(cells):
    """A table row whose cells are too long for their columns takes more lines; every line
    fits WIDTH, and each cell's words come back in order from its own column."""
    rows = [[" ".join(a), " ".join(b)] for a, b in cells]
    lines = report.table(["left", "right"], rows, [30, 0])
    assert all(len(line) <= report.WIDTH for line in lines)
    left = " ".join(line[:30] for line in lines[2:]).split()
    assert left == " ".join(row[0] for row in rows).split()


def test_a_board_in_a_note_is_drawn_with_its_sections_side_by_side_and_its_legend():
    """A Nondango board file inside a note becomes a picture under its puzzle and size, its
    regions, circles and answer side by side, followed by the legend; the prose around it
    stays as it was."""
    board = "nondango\nregions:\n0 0 1 2\ncircles:\no o o o\nanswer:\n# o # #"
    lines = report.pictures(f"before, smallest:\n{board}\nafter.")
    assert lines[0] == "before, smallest:" and lines[-1] == "after."
    assert "  nondango, 1 row × 4 columns" in lines
    assert "  regions   circles   answer" in lines and "  0 0 1 2   o o o o   # o # #" in lines
    assert any(line.startswith("  legend: regions:") for line in lines)


def test_a_board_too_wide_to_stand_side_by_side_is_stacked():
    """Sections that would pass the page side by side are drawn one under another."""
    board = df.parse("dosun-fuwari\nrooms:\n" + " ".join(["0"] * 30) + "\n")
    lines = report.board_picture(df.picture(board, df.Answer(frozenset({(0, 0)}),
                                                             frozenset({(0, 1)}))))
    assert "  rooms" in lines and "  answer" in lines
    assert all(len(line) <= report.WIDTH - report.LABELS for line in lines)


def test_text_that_is_not_a_board_is_left_alone():
    """A line that names a puzzle but is not followed by a board file stays prose."""
    text = "nondango\nis a puzzle, and this is not a board"
    assert report.pictures(text) == text.splitlines()
    assert report.board_picture(nd.GENRE) is None


def _row(**fields) -> dict:
    row = {"id": "DF-15", "kind": "experiment", "words": "uniqueness by starved rooms",
           "claim": "The share of unique boards falls.", "documented": "220/220",
           "verdict": "differs", "sample_verdict": None, "measured": "40/40", "detail": "",
           "counterexample": None, "corrected": None, "corrected_verdict": None,
           "crosscheck_failures": [], "rows": [], "seconds": 1.25}
    return {**row, **fields}


def test_a_block_shows_the_checks_rows_and_a_quick_samples_leaning():
    """A check's figure rows are printed as a small table in its block, and an indicative
    verdict shows what the quick sample leans to."""
    rows = [{"label": "8x8 k=1", "ours": "40/40 = 100.0%", "theirs": "200/220 = 90.9%",
             "verdict": "reproduced"}]
    lines = report.block(_row(verdict="indicative", sample_verdict="differs", rows=rows * 3))
    assert all(len(line) <= report.WIDTH for line in lines)
    assert lines[0] == "DF-15  indicative (the quick sample: differs) · experiment · 1.2 s"
    figures = next(line for line in lines if "8x8 k=1" in line)
    assert figures.split() == ["8x8", "k=1", "200/220", "=", "90.9%", "40/40", "=", "100.0%",
                               "reproduced"]


def test_the_summary_is_the_last_line():
    """The report ends with the summary line it is given, after the blocks."""
    text = report.text([_row()], ["header"], "1 claim (full run): 1 differs; cross-checks pass")
    lines = text.splitlines()
    assert lines[0] == "header" and lines[-1].startswith("1 claim (full run)")
    assert lines.index("DF-15  differs · experiment · 1.2 s") < len(lines) - 2
