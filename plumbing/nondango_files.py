"""Nondango's board files and puzz.link records: the last section of nondango.py, below it.

A board file (boards/README.md) has a `regions:` picture (one label per region), a
`circles:` picture (o circle, B given black, W given white, . no circle) and, optionally,
an `answer:` picture (# black circle, o white circle, . no circle).  These functions read
and write them, and turn a puzz.link record into a board and back.  They take the board's
type as an argument (`make`: `nondango.Board`) and read a board only through its fields
(rows, cols, regions, circles, given_black, given_white, answer, metadata, labels), so
nothing here imports the puzzle module.  Errors: BoardError naming `source:line:column`.

    parse(text, source, nondango.Board)   → nondango.Board
    picture(board)                        → the board file text; parse(picture(b)) == b
"""

from __future__ import annotations

from common import BoardError, Cell
from plumbing import boardfile, puzzlink

__all__ = ["GENRE", "PZPRJS_GENRE", "BLACK", "WHITE", "NO_CIRCLE", "CIRCLE", "GIVEN_BLACK",
           "GIVEN_WHITE", "LINK_READING", "LEGEND", "parse", "answer_rows", "picture",
           "from_record", "to_record"]

GENRE = "nondango"               # first line of a board file
PZPRJS_GENRE = "nondango"        # the genre of puzz.link links and pzprv3 files
BLACK, WHITE, NO_CIRCLE = "#", "o", "."         # answer picture symbols
CIRCLE, GIVEN_BLACK, GIVEN_WHITE = "o", "B", "W"  # circles picture symbols
LINK_READING = "published"       # the rule puzz.link checks (pzprjs nondango.js)
LEGEND = ("regions: a label per region; circles: o circle, B given black, W given white, "
          ". no circle; answer: # black circle, o white circle, . no circle")


def parse(text: str, source: str, make):
    """The board a board file describes, built by `make` (nondango.Board), its regions by
    first cell.  BoardError naming source:line:column for a malformed file, a region label
    in two places that do not touch, or an answer that does not fit the circles and givens;
    a region without a circle is legal."""
    sheet = boardfile.read(text, source, GENRE, ("regions", "circles", "answer"), 2,
                           {"dosun-fuwari": "Dosun-Fuwari"})
    regions, _ = boardfile.labelled(sheet, "regions", "region")
    marks = boardfile.symbols(sheet, "circles", CIRCLE + NO_CIRCLE + GIVEN_BLACK + GIVEN_WHITE,
                              "unknown circle symbol {}; expected 'o', '.', 'B' or 'W'")
    circles = marks[CIRCLE] | marks[GIVEN_BLACK] | marks[GIVEN_WHITE]

    def misfit(cell: Cell, symbol: str) -> str | None:
        if (symbol == NO_CIRCLE) != (cell not in circles):
            return ("the answer does not fit: circles and answer disagree on whether this "
                    "cell has a circle")
        if cell in (marks[GIVEN_WHITE] if symbol == BLACK else marks[GIVEN_BLACK]):
            return "the answer does not fit: it repaints a given circle"
        return None

    black = boardfile.symbols(sheet, "answer", BLACK + WHITE + NO_CIRCLE,
                              "unknown answer symbol {}; expected '#', 'o' or '.'", misfit)[BLACK]
    in_order = tuple(sorted((frozenset(cells) for cells in regions.values()), key=min))
    return make(sheet.rows, sheet.cols, in_order, frozenset(circles),
                frozenset(marks[GIVEN_BLACK]), frozenset(marks[GIVEN_WHITE]),
                frozenset(black) if "answer" in sheet.pictures else None, sheet.metadata,
                tuple((frozenset(cells), label) for label, cells in regions.items()))


def answer_rows(board, answer: frozenset[Cell]) -> list[str]:
    """The answer picture, one string per row (symbols in LEGEND)."""
    rows = []
    for r in range(board.rows):
        symbols = []
        for c in range(board.cols):
            if (r, c) in answer:
                symbols.append(BLACK)
            else:
                symbols.append(WHITE if (r, c) in board.circles else NO_CIRCLE)
        rows.append(" ".join(symbols))
    return rows


def picture(board, answer: frozenset[Cell] | None = None) -> str:
    """The board file text, regions labelled as typed, else 0, 1, … in order, and `answer`
    (else board.answer) if any; `parse(picture(b)) == b`."""
    marks = (dict.fromkeys(board.circles, CIRCLE) | dict.fromkeys(board.given_white, GIVEN_WHITE)
             | dict.fromkeys(board.given_black, GIVEN_BLACK))     # given black wins
    numbers = [str(i) for i in range(len(board.regions))]
    pictures = [("regions", boardfile.room_rows(board.rows, board.cols, board.regions,
                                                board.labels, numbers, right=True)),
                ("circles", [" ".join(marks.get((r, c), NO_CIRCLE) for c in range(board.cols))
                             for r in range(board.rows)])]
    shown = board.answer if answer is None else answer
    if shown is not None:
        pictures.append(("answer", answer_rows(board, shown)))
    return boardfile.write(GENRE, board.metadata, pictures)


def from_record(puzzle: puzzlink.Puzzle, source: str, make):
    """The board of a puzz.link record, built by `make` (nondango.Board); its markers and a
    link's own walls go to the metadata.  Raises BoardError, naming `source`, for a record
    of another genre."""
    black = puzzlink.answer_cells(puzzle, source, PZPRJS_GENRE, (BLACK,))
    return make(rows=puzzle.rows, cols=puzzle.cols, regions=puzzlink.rooms_of(puzzle),
                circles=puzzle.circles, answer=None if black is None else black[0],
                metadata=puzzlink.metadata_of(puzzle))


def to_record(board) -> puzzlink.Puzzle:
    """The puzz.link record of a board (inverse of from_record).  BoardError for given
    circles (neither format has them), a side outside 1..100, or a region in pieces.
    [X-03; pzprjs nondango.js]"""
    if board.given_black or board.given_white:
        raise BoardError("puzz.link's Nondango has no given circles; this board gives "
                         f"{sorted(board.given_black | board.given_white)}")
    answer = None
    if board.answer is not None:        # the symbols in reading order
        answer = "".join(answer_rows(board, board.answer)).replace(" ", "")
    return puzzlink.record_of(PZPRJS_GENRE, board.rows, board.cols, board.regions,
                              board.metadata, answer, circles=board.circles, what="region")
