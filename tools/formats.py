"""Any board of either puzzle, in any of its formats: board files, puzz.link links and
pzprv3 files, read and written.

The puzzle modules each read their own boards (`dosun_fuwari.load`, `nondango.load`);
this module is for the callers that take a board of either puzzle (the ladder, the play
page, the bank, the checks) and for the converter command.  It sits above both puzzle
modules and `puzzlink.py`, and nothing below it imports it.

    read("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1")   → dosun_fuwari.Board
    url(board)      → 'https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1'
    pzprv3(board)   → 'pzprv3\\ndosufuwa\\n5\\n5\\n7\\n0 0 0 # 1 \\n…'

    python -m tools.formats SOURCE [--url | --pzprv3]

Errors: `common.BoardError`, one line naming the file, line and column (or the part of
the link), as everywhere in the project.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

if not __package__:    # run as `python tools/formats.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)

import common
import dosun_fuwari
import nondango
from common import BoardError
from plumbing import boardfile, cli, puzzlink

__all__ = ["GENRES", "module_of", "read", "read_text", "from_link", "url", "pzprv3",
           "as_pzprv3_keeps_it", "main"]

# A genre by any of its names → its module: the board-file name, the pzprjs name.
GENRES: dict[str, ModuleType] = {
    dosun_fuwari.GENRE: dosun_fuwari, dosun_fuwari.PZPRJS_GENRE: dosun_fuwari,
    nondango.GENRE: nondango,
}


def module_of(board) -> ModuleType:
    """The puzzle module of a dosun_fuwari.Board or nondango.Board; TypeError otherwise."""
    if isinstance(board, dosun_fuwari.Board):
        return dosun_fuwari
    if isinstance(board, nondango.Board):
        return nondango
    raise TypeError(f"not a Dosun-Fuwari or Nondango board: {type(board).__name__}")


def _first_line(text: str) -> tuple[int, str]:
    """(number, text) of the first line of a board file that is neither blank nor a ';'
    comment; (1, '') when there is none."""
    return next(((number, line.strip()) for number, line in boardfile.numbered_lines(text)
                 if line.strip() and not line.lstrip().startswith(";")), (1, ""))


def read(source: str, genre: str | None = None):
    """The board of a link, a pzprv3 text, or a path to a file holding one of them or a
    board file (first line `dosun-fuwari` or `nondango`).

    Returns a dosun_fuwari.Board or nondango.Board; with `genre` (any key of GENRES) only
    a board of that genre.  Raises BoardError for anything the puzzle's own `load` refuses,
    a file of neither puzzle, and a board of the other genre; ValueError for an unknown
    `genre`.
    """
    if genre is not None and genre not in GENRES:
        raise ValueError(f"unknown genre {genre!r}; expected one of {sorted(GENRES)}")
    return _board_of(puzzlink.open_source(source), source, genre)


def read_text(text: str, name: str | None = None):
    """The board of `text` (a board file's, a pzprv3 file's or a puzz.link link), as `read`
    reads a file that holds it, errors naming `name` (None: a link or pzprv3 text names
    itself): for text that never was a file, as the play page's Open sends it; no file is
    ever read.  Raises BoardError as `read`."""
    found = (puzzlink.decode(text, name) if puzzlink.looks_like_url_or_pzprv3(text)
             else puzzlink.Text(text, name or "<text>"))
    return _board_of(found, name or puzzlink.named(text), None)


def _board_of(found, source: str, genre: str | None):
    """The board of what `puzzlink.open_source` found in `source`: its puzzle's own parser
    for a text, `from_record` for a record; only of `genre`, if given."""
    if isinstance(found, puzzlink.Text):
        number, first = _first_line(found.text)
        module = GENRES.get(first)
        if module is None:
            raise common.at(source, number, 1, "the first line must be 'dosun-fuwari' or "
                                               "'nondango'")
    else:
        module = GENRES[found.genre]
    if genre is not None and GENRES[genre] is not module:
        raise puzzlink.wrong_genre(source, module.PZPRJS_GENRE, GENRES[genre].PZPRJS_GENRE)
    if isinstance(found, puzzlink.Text):
        return module.parse(found.text, found.source)
    return module.from_record(found, source)


def from_link(source: str) -> bool:
    """Whether `source` holds a puzz.link link or a pzprv3 text (given as it is or in a
    file), whose board is solved under the rule puzz.link checks (each module's
    LINK_READING) unless a reading is asked for.  Raises BoardError as `read`."""
    return not isinstance(puzzlink.open_source(source), puzzlink.Text)


def url(board) -> str:
    """The puzz.link link of a board of either puzzle, as pzprjs writes it.  Raises
    BoardError as the puzzle's `to_record` does.  [X-03; pzprjs Encode.js]"""
    return puzzlink.encode_url(module_of(board).to_record(board))


def pzprv3(board) -> str:
    """The pzprv3 file of a board of either puzzle, with its answer (if any) and remembered
    markers.  Raises BoardError as the puzzle's `to_record` does.  [X-03; pzprjs FileData.js]"""
    return puzzlink.encode_pzprv3(module_of(board).to_record(board))


def as_pzprv3_keeps_it(board):
    """The board as its pzprv3 file keeps it: pzprjs writes an answer with no pieces (no
    balloon, iron ball or black circle) as an empty picture, which reads back as no
    answer, so such an answer becomes None; every other board is returned unchanged.
    # as_pzprv3_keeps_it(all_black_board_with_empty_answer).answer → None"""
    answer = board.answer
    if answer is None:
        return board
    pieces = (answer.balloons or answer.irons) if module_of(board) is dosun_fuwari else answer
    return board if pieces else board.replace(answer=None)


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    """`python -m tools.formats SOURCE [--url | --pzprv3]`: print the board of SOURCE as a board
    file (default; its legend as a last `;` line), a puzz.link link or a pzprv3 file.
    Exit 2 with one line on bad input."""
    parser = cli.Parser(
        prog="formats.py",
        description="Convert between board files, puzz.link links and pzprv3 files.")
    cli.board_argument(parser, dest="source")
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--url", action="store_true", help="print the puzz.link link")
    form.add_argument("--pzprv3", action="store_true", help="print the pzprv3 file")
    args = parser.parse_args(argv)
    try:
        board = read(args.source)
    except BoardError as error:
        print(cli.fitted(f"formats.py: {error}", args.source), file=sys.stderr)
        return 2
    try:
        if args.url:
            text = url(board) + "\n"
        elif args.pzprv3:
            text = pzprv3(board)
        else:   # a board file, its legend as comment lines that reading it skips
            module = module_of(board)
            text = module.picture(board) + "".join(
                line + "\n" for line in cli.legend_lines(module.LEGEND, "; legend: ", ";         "))
    except BoardError as error:
        print(cli.fitted(f"formats.py: {puzzlink.named(args.source)}: {error}", args.source),
              file=sys.stderr)
        return 2
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


if __name__ == "__main__":
    cli.run(main)
