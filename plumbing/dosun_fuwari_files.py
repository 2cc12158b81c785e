"""Dosun-Fuwari's board files and puzz.link records: the last section of dosun_fuwari.py, below it.

A board file (boards/README.md) has a `rooms:` picture (one label per room, # black cell)
and, optionally, an `answer:` picture (o balloon, * iron ball, . empty, # black cell).
These functions read and write them, and turn a puzz.link record into a board and back.
They take the board's and the answer's types as arguments (`make`:
`dosun_fuwari.make_board`, which puts the rooms in canonical order; `make_answer`:
`dosun_fuwari.Answer`) and read a board only through its fields (rows, cols, black, rooms,
answer, metadata, labels), so nothing here imports the puzzle module.  The answer symbols
are the run states' letters, which dosun_fuwari.py takes from here.  Errors: BoardError
naming `source:line:column`.

    parse(text, source, dosun_fuwari.make_board, dosun_fuwari.Answer) → dosun_fuwari.Board
    picture(board)                        → the board file text; parse(picture(b)) == b
"""

from __future__ import annotations

import common
from common import Cell
from plumbing import boardfile, puzzlink

__all__ = ["GENRE", "PZPRJS_GENRE", "BALLOON", "IRON", "EMPTY", "BLACK", "LINK_READING",
           "LEGEND", "parse", "answer_rows", "picture", "from_record", "to_record"]

GENRE = "dosun-fuwari"           # first line of a board file
PZPRJS_GENRE = "dosufuwa"        # the genre of puzz.link links and pzprv3 files
BALLOON, IRON, EMPTY, BLACK = "o", "*", ".", "#"     # answer picture symbols; BLACK in rooms too
LINK_READING = "official"        # the rule puzz.link checks (pzprjs dosufuwa.js)
LEGEND = "rooms: a label per room, # black; answer: o balloon, * iron ball, . empty, # black"


def parse(text: str, source: str, make, make_answer, readings: tuple[str, ...] = ()):
    """The board a board file describes, built by `make` (dosun_fuwari.make_board) with its
    answer built by `make_answer` (dosun_fuwari.Answer).  BoardError naming source:line:column
    for a malformed file, a room label in two places that do not touch, an answer with
    another symbol or other black cells, or a `reading:` line naming none of `readings`;
    no answer is no error."""
    sheet = boardfile.read(text, source, GENRE, ("rooms", "answer"), 1, {"nondango": "Nondango"},
                           readings)
    rooms, black = boardfile.labelled(sheet, "rooms", "room", BLACK)

    def black_where_the_rooms_say(cell: Cell, symbol: str) -> str | None:
        """The rule an answer symbol breaks, if any: black exactly on the black cells."""
        if (symbol == BLACK) != (cell in black):
            return "the answer's black cells must match the rooms picture"
        return None

    pieces = boardfile.symbols(sheet, "answer", BALLOON + IRON + EMPTY + BLACK,
                               "unknown answer symbol {}, not 'o', '*', '.' or '#'",
                               black_where_the_rooms_say)
    answer = None
    if "answer" in sheet.pictures:
        answer = make_answer(frozenset(pieces[BALLOON]), frozenset(pieces[IRON]))
    board = make(sheet.rows, sheet.cols, black, rooms.values(), answer, sheet.metadata)
    return board.replace(labels=tuple((frozenset(cells), label) for label, cells in rooms.items()))


def answer_rows(board, answer) -> list[str]:
    """The answer picture, one string per row (symbols in LEGEND), e.g. ['*.o#.', …]; a
    black cell shows black, whatever the answer puts there."""
    symbols = (dict.fromkeys(answer.irons, IRON) | dict.fromkeys(answer.balloons, BALLOON)
               | dict.fromkeys(board.black, BLACK))             # black wins, then a balloon
    rows = []
    for r in range(board.rows):
        rows.append("".join(symbols.get((r, c), EMPTY) for c in range(board.cols)))
    return rows


def picture(board, answer=None) -> str:
    """The board file text, rooms labelled as typed, else 0-9, a-z, A-Z in order (numbers
    past 61 rooms), and `answer` (else board.answer) if any; parse(picture(b)) == b."""
    if answer is None:
        answer = board.answer
    labels = list(common.LABELS)
    if len(board.rooms) > len(common.LABELS):
        labels = [str(i) for i in range(len(board.rooms))]
    pictures = [("rooms", boardfile.room_rows(board.rows, board.cols, board.rooms,
                                              board.labels, labels, board.black, BLACK))]
    if answer is not None:
        pictures.append(("answer", [" ".join(row) for row in answer_rows(board, answer)]))
    return boardfile.write(GENRE, board.metadata, pictures)


def from_record(puzzle: puzzlink.Puzzle, source: str, make, make_answer):
    """The board of a puzz.link record, built by `make` (dosun_fuwari.make_board) and
    `make_answer` (dosun_fuwari.Answer); its markers and a link's own walls go to the
    metadata.  Raises BoardError, naming `source`, for a record of another genre."""
    pieces = puzzlink.answer_cells(puzzle, source, PZPRJS_GENRE, (BALLOON, IRON))
    answer = None
    if pieces is not None:
        answer = make_answer(*pieces)
    return make(puzzle.rows, puzzle.cols, puzzlink.black_of(puzzle), puzzlink.rooms_of(puzzle),
                answer, puzzlink.metadata_of(puzzle))


def to_record(board) -> puzzlink.Puzzle:
    """The puzz.link record of a board (inverse of from_record).  BoardError for a side
    outside 1..100 or a room in pieces that do not touch.  [X-03; pzprjs dosufuwa.js]"""
    answer = None
    if board.answer is not None:        # the symbols in reading order
        answer = "".join(answer_rows(board, board.answer))
    return puzzlink.record_of(PZPRJS_GENRE, board.rows, board.cols, board.rooms,
                              board.metadata, answer, black=board.black)
