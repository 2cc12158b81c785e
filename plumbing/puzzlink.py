"""puzz.link URLs and pzprv3 files for Dosun-Fuwari and Nondango, byte for byte as pzprjs.

Players share these puzzles as puzz.link links and as pzprv3 files, the two formats of
pzprjs (repo robx/pzprjs), the engine behind puzz.link.  This module is a codec between
both formats, for the genres `dosufuwa` and `nondango`, and one neutral record, `Puzzle`
(size, rooms or regions, black cells, circles, answer, markers); it writes a record back
exactly as pzprjs would write the same board (claim X-03).  It knows no puzzle: each
puzzle module turns a record into its own board and back (`from_record`, `to_record`),
and `formats.py` reads and writes a board of either puzzle.

    decode_url("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1")  → Puzzle('dosufuwa', 5, 5, …)
    encode_url(puzzle)     → 'https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1'
    encode_pzprv3(puzzle)  → 'pzprv3\\ndosufuwa\\n5\\n5\\n7\\n0 0 0 # 1 \\n…'

Contents: glossary and types · the neutral record · wall bits · Dosun-Fuwari black
cells · Nondango circle bitmap · URLs · pzprv3 files · records and the boards of the
two puzzles · reading a source.

Glossary (pzprjs names in brackets):
    genre    the pzprjs puzzle id: 'dosufuwa' or 'nondango' [pid]
    body     the URL part after COLS/ROWS [bstr]
    wall     a border between two side-by-side cells; a wall bit of 1 is a wall [border.ques]
    room     Dosun-Fuwari: white cells joined without crossing a wall; Nondango: region
    black    a Dosun-Fuwari black cell, a cap [cell.ques = 1]
    circle   a Nondango circle [cell.ques = 0; no circle is ques = 8]
    marker   a play-mode mark that is not a piece: Dosun-Fuwari '+', '-', '=', '%'
             [qsub], Nondango '%' on a circle, '+' on a cell without one [qsub = 1]
    cell id  row-major index r * cols + c, as pzprjs numbers cells

The two formats, as pzprjs writes them:

    URL     https://puzz.link/p?GENRE/COLS/ROWS/BODY        (columns before rows)
            BODY = wall bits, then dosufuwa: black cells; nondango: circle bitmap.
            A '/' is added when the URL would end in a character that is not a
            letter or digit (pzprjs's parser.js, for links posted to t.co).
    pzprv3  pzprv3 / GENRE / ROWS / COLS / ROOM COUNT / rooms picture / cells picture
            (rows before columns; one line each, every token followed by a space)

Wall bits (Encode.js encodeBorder): first the walls between (r, c) and (r, c+1), row by
row, then the walls between (r, c) and (r+1, c), row by row; each list is cut into
groups of 5 bits, most significant first, the last group padded with 0 bits, and each
group written as one base-32 digit 0-9a-v.  Dosun-Fuwari writes a wall on every side of
every black cell, even between two black cells (dosufuwa.js encodeBorder_makaro), so the
same picture always gives the same link.

Dosun-Fuwari black cells (dosufuwa.js encodeBlockCell): for each black cell in cell-id
order, the number of white cells since the previous black one, as one base-36 digit; a
run of 36 white cells with no black cell is written '.'.  Nothing is written for the
white cells after the last black cell, except a '.' for every full 36.

Nondango circle bitmap (nondango.js encodeBoard_nondango): one bit per cell in cell-id
order, 5 to a base-32 digit, most significant first; a bit of 1 means NO circle.

pzprv3 tokens (FileData.js, dosufuwa.js, nondango.js):
    dosufuwa rooms   a room number (0, 1, … by first cell in reading order) or '#' black
    dosufuwa cells   '1' balloon, '2' iron ball, '.' empty, '+' '-' '=' '%' markers
    nondango rooms   a region number
    nondango cells   '#' black circle, 'o' circle, '%' circle marked white, '.' no
                     circle, '+' no circle with a marker

What this module decides where pzprjs is silent or lenient:
- Limits: both sides from 1 to MAX_SIDE = 100.  A bigger board raises BoardError.
- Every link that opens the board on puzz.link opens here (boards/README.md lists the
  forms): the mirrors of HOSTS, the query alone ('?dosufuwa/…', as the browser's
  location.search holds it, or 'p?dosufuwa/…'), a '#…' fragment (the browser drops it),
  `&key=value` after the body (a page parameter: '&' is in no alphabet), trailing '/'s, and the
  Duplicate menu's `p?type=editor&pzprv3/…`, a whole pzprv3 file with %-escapes and
  '/' for line breaks.  Capitals A-V in the base-32 parts (walls, Nondango's bitmap)
  read as a-v, as JavaScript's parseInt(digit, 32) reads them; the base-36 black cells
  are compared with 'a'..'z' by pzprjs, so a capital there is refused.  Links are
  written as pzprjs writes them: lower case, puzz.link, no fragment or parameters.
- Strict where pzprjs guesses: a body shorter than its wall bits (or, for Nondango,
  than its bitmap), a character outside the section's alphabet, a black cell or a '.'
  that runs past the last cell, and characters left after the body all raise
  BoardError naming the body character and the part (room walls, black cells, circles);
  pzprjs would silently fill or drop them.  A Dosun-Fuwari black cells part has no
  length of its own, so a cut there is seen by the walls: a one-cell room after the
  last black cell is what a lost black cell leaves (pzprjs walls every black cell), so
  such a link is refused as cut off (_check_not_cut); the room would have no answer.
  A rule-variant tag ('GENRE/v:…/', parser.js) is refused by name: pzprjs has none for
  either genre.
- Lenient where pzprjs is: the padding bits of the last wall digit are ignored, and so
  are walls that do not separate two rooms (a wall ending inside a room) and missing
  walls beside black cells, when the rooms are built.  Such a link's wall digits are
  kept in the board's metadata under WALLS_KEY and written back as they came, as pzprjs
  keeps its borders; a board without them (or whose rooms no longer match them) gets
  the canonical walls: one between two rooms and around every black cell.
- A pzprv3 file's room count must equal the number of rooms its picture draws, every
  row must hold exactly COLS tokens, and a room label used in two places that do not
  touch is an error (the project's board-format rule).  pzprjs reads both on purpose
  (it draws rooms from where the numbers change and never reads the count); pzprjs
  itself never writes either, so such a file was edited by hand, and a typo there
  would silently change the puzzle (boards/README.md says so).  Lines after the two
  pictures may be blank or pzprjs's own trailers ('info:', 'history:', 'TrialData', an old
  'http' line); the rest of the file after such a trailer is ignored.
- An answer: a Dosun-Fuwari file has one when any cell holds '1' or '2'; a Nondango
  file when any cell holds '#'.  An answer without a single piece (or black circle) is
  written as an empty cells picture and so reads back as no answer.
- Markers are kept in the board's metadata under the key MARKERS_KEY, as
  'row,col:symbol' words, so a pzprjs file survives read → pzprv3 unchanged.  A marker
  under a piece or a black circle of the answer is dropped when writing.
- Given (pre-coloured) Nondango circles have no place in either format: url() and
  pzprv3() raise BoardError for a board that has them.

Errors: every error is `common.BoardError` (a ValueError), the one board error of the
project, so a caller catches the same class whatever the format or the puzzle.

Roads not taken: the board could carry its walls instead of its rooms, as pzprjs's
does; but the project's boards are rooms, every engine reads rooms, and only links
drawn by hand have walls that the rooms do not imply, so those walls ride along in the
metadata instead, where a board file keeps them too.
"""

from __future__ import annotations

import functools
import os
import re
from typing import NamedTuple

import common
from plumbing import files
from common import BoardError

__all__ = [
    "Cell", "GENRES", "GENRE_NAMES", "MAX_SIDE", "CUT_OFF", "MARKERS_KEY", "WALLS_KEY",
    "URL_PREFIX",
    "PZPRJS_SAMPLE_LINKS", "PZPRJS_SAMPLE_FILES", "BoardError", "Puzzle",
    "canonical_rooms", "pack_bits", "encode_walls", "decode_walls", "rooms_from_walls",
    "encode_black_cells", "decode_black_cells", "encode_circles", "decode_circles",
    "encode_url", "decode_url", "encode_pzprv3", "decode_pzprv3",
    "cells", "rooms_of", "black_of", "record_rooms", "metadata_of", "markers_and_walls",
    "wrong_genre", "named", "board_name", "HOSTS", "Text", "looks_like_url_or_pzprv3", "decode",
    "open_source", "load", "answer_cells", "record_of",
]

# === Glossary and types ===

Cell = common.Cell       # (row, col), row 0 at the top
Rooms = tuple[int, ...]  # per cell id: room number in first-cell order; BLACK_ROOM for black

GENRES = ("dosufuwa", "nondango")
GENRE_NAMES = {"dosufuwa": "Dosun-Fuwari", "nondango": "Nondango"}
MAX_SIDE = 100
BLACK_ROOM = -1
MARKERS_KEY = "pzprv3-markers"
WALLS_KEY = "puzzlink-walls"  # a link's own wall digits, where they are not the canonical ones
URL_PREFIX = "https://puzz.link/p?"
CUT_OFF = "looks cut off"  # ends the error of a link refused by _check_not_cut

# pzprjs's own test data (test/script/dosufuwa.js, nondango.js): the sample links, the
# sample's file ('/' for newlines), and the files its tests accept as solved (markers kept).
PZPRJS_SAMPLE_LINKS = (
    "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1",
    "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0",
)
PZPRJS_SAMPLE_FILES = (
    "pzprv3/dosufuwa/5/5/7/0 0 0 # 1 /# 0 2 1 1 /3 3 2 4 4 /5 3 2 4 # /5 # 6 6 6 /"
    ". . . . . /. . . . . /. . . . . /. . . . . /. . . . . /",
    "pzprv3/dosufuwa/5/5/7/0 0 0 # 1 /# 0 2 1 1 /3 3 2 4 4 /5 3 2 4 # /5 # 6 6 6 /"
    "2 + 1 . . /. + 1 1 2 /1 + + 1 2 /1 2 2 + . /2 . 2 + 1 /",
    "pzprv3/nondango/6/6/8/0 0 0 1 1 2 /0 3 3 3 1 2 /0 3 3 1 1 2 /4 3 5 5 5 6 /"
    "4 4 4 7 5 6 /7 7 7 7 6 6 /# % % . % . /% # . % % # /% . . . # o /. % . % . o /"
    "o . # o # . /. . . # . # /",
)

BASE32 = "0123456789abcdefghijklmnopqrstuv"
BASE36 = BASE32 + "wxyz"
SKIP36 = "."  # 36 white cells and no black one

DF_MARKERS = frozenset("+-=%")
ND_MARKERS = frozenset("%+")


# === The neutral record ===

class Puzzle(NamedTuple):
    """One board as both formats see it, before it becomes a module's Board.

    genre:   'dosufuwa' or 'nondango'
    rows, cols
    rooms:   per cell id, the room (region) number in canonical order (by each room's
             first cell in reading order); BLACK_ROOM (-1) for a Dosun-Fuwari black cell
    circles: Nondango's circle cells (empty for Dosun-Fuwari)
    answer:  None, or per cell id a token of the project's answer pictures:
             Dosun-Fuwari 'o' balloon, '*' iron ball, '.' empty, '#' black;
             Nondango '#' black circle, 'o' white circle, '.' no circle
    markers: ((cell, symbol), …) sorted, the play-mode markers of a pzprv3 file
    walls:   a link's wall digits when they are not the canonical walls of `rooms`
             (a wall inside a room, a black cell not walled in); '' otherwise
    """

    genre: str
    rows: int
    cols: int
    rooms: Rooms
    circles: frozenset[Cell] = frozenset()
    answer: tuple[str, ...] | None = None
    markers: tuple[tuple[Cell, str], ...] = ()
    walls: str = ""


def canonical_rooms(labels: tuple, rows: int, cols: int,
                    black: frozenset[int] = frozenset()) -> Rooms:
    """Number the 4-connected groups of equal labels by first cell in reading order.

    `labels` holds one hashable per cell id; cell ids in `black` get BLACK_ROOM and join
    nothing.  A label split into groups that do not touch gives each group its own number.
    # canonical_rooms(('a', 'a', 'b', 'a'), 2, 2) → (0, 0, 1, 0)
    """
    rooms = [None] * (rows * cols)
    beside = _neighbours(rows, cols)
    number = 0
    for start in range(rows * cols):
        if start in black:
            rooms[start] = BLACK_ROOM
            continue
        if rooms[start] is not None:
            continue
        rooms[start] = number
        stack = [start]
        while stack:
            here = stack.pop()
            for there in beside[here]:
                if rooms[there] is None and there not in black and labels[there] == labels[here]:
                    rooms[there] = number
                    stack.append(there)
        number += 1
    return tuple(rooms)


@functools.lru_cache(maxsize=64)
def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per cell id of a rows × cols grid, the ids beside it on the grid: up, down, left,
    right (remembered per grid size)."""
    out = []
    for cell_id in range(rows * cols):
        r, c = divmod(cell_id, cols)
        beside = ((cell_id - cols, r > 0), (cell_id + cols, r < rows - 1),
                  (cell_id - 1, c > 0), (cell_id + 1, c < cols - 1))
        out.append(tuple(n for n, inside in beside if inside))
    return tuple(out)


def _room_count(rooms: Rooms) -> int:
    return max(rooms, default=BLACK_ROOM) + 1


# === Wall bits (Encode.js encodeBorder / decodeBorder) ===

def wall_digits(rows: int, cols: int) -> tuple[int, int]:
    """The number of base-32 digits of the two wall lists: (between columns, between rows).
    # wall_digits(5, 5) → (4, 4);  wall_digits(6, 6) → (6, 6)
    """
    return -(-((cols - 1) * rows) // 5), -(-(cols * (rows - 1)) // 5)


def pack_bits(bits: list[bool]) -> str:
    """Five bits to a base-32 digit, most significant first, the last group 0-padded."""
    out = []
    for start in range(0, len(bits), 5):
        group = bits[start:start + 5]
        value = sum(16 >> i for i, bit in enumerate(group) if bit)
        out.append(BASE32[value])
    return "".join(out)


def _unpack(digits: str, nbits: int, where: str, offset: int, what: str) -> list[bool]:
    """Inverse of pack_bits for the first nbits bits; BoardError on a digit outside 0-9a-v."""
    bits = []
    for i, ch in enumerate(digits):
        value = BASE32.find(ch)
        if value < 0:
            raise BoardError(f"{where}: body character {offset + i + 1} is {ch!r}, not "
                             f"{what} (0-9a-v)")
        bits.extend(bool(value & (16 >> k)) for k in range(5))
    return bits[:nbits]


def encode_walls(rows: int, cols: int, rooms: Rooms) -> str:
    """The wall digits of a board: a wall between two cells of different rooms or beside a
    black cell; vertical walls (between columns) first.  [X-03; pzprjs Encode.js, dosufuwa.js]
    # encode_walls(1, 2, (0, 1)) → 'g'
    """
    def wall(a: int, b: int) -> bool:
        return rooms[a] != rooms[b] or rooms[a] == BLACK_ROOM

    between_columns = [wall(r * cols + c, r * cols + c + 1)
                       for r in range(rows) for c in range(cols - 1)]
    between_rows = [wall(r * cols + c, (r + 1) * cols + c)
                    for r in range(rows - 1) for c in range(cols)]
    return pack_bits(between_columns) + pack_bits(between_rows)


def decode_walls(rows: int, cols: int, body: str,
                 where: str = "<url>") -> tuple[list[bool], list[bool], int]:
    """Read the wall digits at the start of `body`.

    Returns (walls between columns, walls between rows, digits used), the lists in the
    order encode_walls writes them.  Raises BoardError if the body is shorter than the
    walls need or a digit is outside 0-9a-v.
    """
    n_cols_digits, n_rows_digits = wall_digits(rows, cols)
    need = n_cols_digits + n_rows_digits
    if len(body) < need:
        raise BoardError(f"{where}: {_ends(len(body))}, inside the room walls "
                         f"(1-{need})")
    between_columns = _unpack(body[:n_cols_digits], (cols - 1) * rows, where, 0, "a wall digit")
    between_rows = _unpack(body[n_cols_digits:need], cols * (rows - 1), where,
                           n_cols_digits, "a wall digit")
    return between_columns, between_rows, need


def _ends(length: int) -> str:
    """Where a short body ends, for an error.   # _ends(10) → 'the body ends at character 10'"""
    return f"the body ends at character {length}" if length else "the body is empty"


def rooms_from_walls(rows: int, cols: int, between_columns: list[bool], between_rows: list[bool],
                     black: frozenset[int] = frozenset()) -> Rooms:
    """Rooms as pzprjs builds them: cells joined when no wall stands between them, black
    cells (cell ids) in no room; numbered by first cell in reading order."""
    parent = list(range(rows * cols))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(a: int, b: int) -> None:
        if a not in black and b not in black:
            parent[find(a)] = find(b)

    for i, wall in enumerate(between_columns):
        if not wall:
            r, c = divmod(i, cols - 1)
            join(r * cols + c, r * cols + c + 1)
    for i, wall in enumerate(between_rows):
        if not wall:
            join(i, i + cols)
    roots = tuple(find(x) for x in range(rows * cols))
    return canonical_rooms(roots, rows, cols, black)


# === Dosun-Fuwari black cells (dosufuwa.js encodeBlockCell / decodeBlockCell) ===

def encode_black_cells(n_cells: int, black: frozenset[int]) -> str:
    """White cells counted between black ones, one base-36 digit per black cell, '.' for
    36 white cells in a row; nothing for the last white cells short of 36.  [X-03; dosufuwa.js]
    # encode_black_cells(25, frozenset({3, 5, 19, 21})) → '31d1'
    """
    out, count = [], 0
    for cell_id in range(n_cells):
        if cell_id in black:
            out.append(BASE36[count])
            count = 0
        else:
            count += 1
            if count == 36:
                out.append(SKIP36)
                count = 0
    return "".join(out)


def decode_black_cells(n_cells: int, text: str, where: str = "<url>",
                       offset: int = 0) -> frozenset[int]:
    """Inverse of encode_black_cells on the rest of the body.

    Raises BoardError for a character outside 0-9a-z and '.', a black cell or a '.'
    that runs past the last cell, or characters left after the last cell.
    """
    black, position = set(), 0
    for i, ch in enumerate(text):
        at = f"{where}: body character {offset + i + 1} {ch!r}"
        if position >= n_cells:
            raise BoardError(f"{at} is past the black cells part: nothing may follow")
        if ch == SKIP36:
            if position + 36 > n_cells:
                raise BoardError(f"{at} skips 36 white cells but only {n_cells - position} "
                             f"remain")
            position += 36
            continue
        skip = BASE36.find(ch)
        if skip < 0:
            raise BoardError(f"{at} is not a black-cell digit (0-9a-z, '.')")
        if position + skip >= n_cells:
            raise BoardError(f"{at} puts a black cell at cell {position + skip + 1} "
                             f"of {n_cells}")
        black.add(position + skip)
        position += skip + 1
    return frozenset(black)


def _check_not_cut(rooms: Rooms, rows: int, cols: int, length: int, where: str) -> None:
    """Refuse a Dosun-Fuwari link whose black cells part looks cut off.

    The part has no length of its own: it stops after the last black cell, so a link cut
    short inside it reads as a board with fewer black cells.  But pzprjs walls every black
    cell on every side (dosufuwa.js encodeBorder_makaro), so each black cell lost leaves a
    cell the walls close in, a one-cell room, after the last black cell read.  Such a room
    has no answer (it cannot hold a balloon and an iron ball), so a link with one there is
    refused as cut off; a board file or a pzprv3 file, which name every black cell, can
    still hold it.  A 1x1 board has no wall to go by and is read as it is.
    Raises BoardError naming where the body ends and the first such cell."""
    if rows * cols == 1:
        return
    last_black = max((i for i, room in enumerate(rooms) if room == BLACK_ROOM), default=-1)
    sizes: dict[int, int] = {}
    for room in rooms:
        sizes[room] = sizes.get(room, 0) + 1
    for cell_id in range(last_black + 1, rows * cols):
        if sizes[rooms[cell_id]] == 1:
            cell = common.position(divmod(cell_id, cols))
            raise BoardError(f"{where}: body ends at character {length} with {cell} a "
                             f"one-cell room: it {CUT_OFF}")


# === Nondango circle bitmap (nondango.js encodeBoard_nondango / decodeBoard_nondango) ===

def encode_circles(n_cells: int, circles: frozenset[int]) -> str:
    """One bit per cell, 5 to a base-32 digit, a bit of 1 meaning NO circle.  [X-03; nondango.js]
    # encode_circles(5, frozenset({0, 1, 2, 4})) → '2'
    """
    return pack_bits([cell_id not in circles for cell_id in range(n_cells)])


def decode_circles(n_cells: int, text: str, where: str = "<url>",
                   offset: int = 0) -> frozenset[int]:
    """Inverse of encode_circles; the text must be exactly ceil(n_cells / 5) digits.

    Raises BoardError for a short or long bitmap or a digit outside 0-9a-v.
    """
    need = -(-n_cells // 5)
    span = f"{offset + 1}-{offset + need}"
    if len(text) < need:
        raise BoardError(f"{where}: {_ends(offset + len(text))}, inside the circles part "
                         f"({span})")
    if len(text) > need:
        raise BoardError(f"{where}: body character {offset + need + 1} {text[need]!r} is past "
                         f"the circles part ({span})")
    bits = _unpack(text, n_cells, where, offset, "a circle digit")
    return frozenset(cell_id for cell_id, no_circle in enumerate(bits) if not no_circle)


# === URLs (pzpr/parser.js) ===

# Where pzprjs runs: puzz.link, its old home pzv.jp, and the mirrors pzprxs.vercel.app and
# pzplus.tck.mn, each serving the player at /p and /p.html.
HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn")
_HOST = "(?:" + "|".join(re.escape(host) for host in HOSTS) + ")"
_SITE_ONLY = re.compile(rf"(?:https?://)?(?:www\.)?{_HOST}/", re.IGNORECASE)
_SITE = re.compile(rf"(?:https?://)?(?:www\.)?{_HOST}/p(?:\.html)?\?|/?(?:p(?:\.html)?)?\?",
                   re.IGNORECASE)   # or the path and query, or the query alone
_LEADING_PAIR = re.compile(r"[A-Za-z_][\w.-]*=[^&/]*&")
_TRAILING_PAIR = re.compile(r"(?:[A-Za-z_][\w.-]*(?:=[^&]*)?)?")  # or nothing: a stray '&'
_GENRE = re.compile(r"([a-z0-9]+)(?:_(?:edit|play))?$")
_BARE = re.compile(r"(?:dosufuwa|nondango)(?:_(?:edit|play))?/", re.IGNORECASE)
_FILE_IN_LINK = re.compile(r"pzprv3(?:\.\d+)?/")
_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_SIZE = re.compile(r"[1-9][0-9]*")
_PZPRV3_HEAD = re.compile(r"pzprv3(?:\.\d+)?[ \t]*(?:/|\r?\n)")


def encode_url(puzzle: Puzzle) -> str:
    """The puzz.link link of a board: URL_PREFIX + GENRE/COLS/ROWS/BODY, with a '/' added when
    it would end in a character that is not a letter or digit.  A Dosun-Fuwari board with a
    one-cell room after its last black cell gets the link pzprjs writes, which decode_url
    refuses as cut off (_check_not_cut): such a board travels as a file.
    [X-03; pzprjs parser.js]"""
    n = puzzle.rows * puzzle.cols
    body = encode_walls(puzzle.rows, puzzle.cols, puzzle.rooms)
    if puzzle.walls and _walls_give(puzzle.walls, puzzle.rows, puzzle.cols, puzzle.rooms):
        body = puzzle.walls
    if puzzle.genre == "dosufuwa":
        body += encode_black_cells(n, frozenset(i for i, room in enumerate(puzzle.rooms)
                                                if room == BLACK_ROOM))
    else:
        body += encode_circles(n, frozenset(r * puzzle.cols + c for r, c in puzzle.circles))
    link = f"{URL_PREFIX}{puzzle.genre}/{puzzle.cols}/{puzzle.rows}/{body}"
    if not link[-1].isascii() or not link[-1].isalnum():
        link += "/"
    return link


def _walls_give(digits: str, rows: int, cols: int, rooms: Rooms) -> bool:
    """Whether the wall digits build exactly `rooms` (with its black cells)."""
    try:
        between_columns, between_rows, used = decode_walls(rows, cols, digits)
    except BoardError:
        return False
    black = frozenset(i for i, room in enumerate(rooms) if room == BLACK_ROOM)
    return used == len(digits) and rooms_from_walls(
        rows, cols, between_columns, between_rows, black) == rooms


def _query(link: str, where: str) -> tuple[str, bool]:
    """What pzprjs reads of a link (pasted whitespace already removed), and whether it was
    a browser's link (a site or `key=value&` before it) rather than a bare GENRE/….

    The site and its '?' go, and so do what a browser keeps from the page (a '#…'
    fragment), the `key=value&` pairs before the puzzle (the player's mode: pzprjs's
    Boot.js), and `&key=value` pairs after it (for the page, never part of a body: no
    alphabet of either genre holds '&').  Raises BoardError for another site.
    """
    site = _SITE.match(link)
    if site:
        query = link[site.end():]
    elif "?" in link or "://" in link:
        raise BoardError(f"{where}: not a link of puzz.link or a site running pzprjs")
    else:
        query = link
    browser = bool(site)
    query = query.split("#", 1)[0]
    while (pair := _LEADING_PAIR.match(query)):
        query, browser = query[pair.end():], True
    query, *after = query.split("&")
    for extra in after:
        if not _TRAILING_PAIR.fullmatch(extra):
            raise BoardError(f"{where}: expected key=value after '&', found "
                             f"{common.excerpt(extra, 12)}")
    return query, browser


def _split_url(query: str, where: str) -> tuple[str, str, str, str]:
    """(genre, cols, rows, body) of a link's query, not yet checked.  Trailing '/'s are
    dropped: pzprjs writes one after a body ending in '.' or an empty body, and reads
    more as cells after the last one that matters."""
    parts = query.rstrip("/").split("/")
    if len(parts) < 3:
        raise BoardError(f"{where}: expected GENRE/COLS/ROWS/BODY, found {len(parts)} "
                         f"part{'s' if len(parts) > 1 else ''}")
    for part in parts[:2]:
        if part.lower().startswith("v:"):
            named_genre = next((GENRE_NAMES[p.lower()] for p in parts[:2]
                                if p.lower() in GENRE_NAMES), "this genre")
            raise BoardError(f"{where}: {common.excerpt(part, 12)} is a pzprjs rule-variant "
                             f"tag: no variant of {named_genre}")
    genre, cols, rows, *rest = parts
    if len(rest) > 1 and not _SIZE.fullmatch(cols) and _SIZE.fullmatch(rows):
        raise BoardError(f"{where}: {common.excerpt(cols, 12)} stands where pzprjs reads "
                         f"flags, which neither genre has")
    if len(rest) > 1:
        at = len(rest[0]) + 1
        raise BoardError(f"{where}: body character {at} is a '/', which no body holds")
    return genre, cols, rows, rest[0] if rest else ""


def _unescape(text: str, where: str) -> str:
    """The text of a link's %-escapes decoded as UTF-8 (JavaScript's decodeURIComponent,
    which pzprjs uses: '+' stays '+').  Raises BoardError for a '%' without two hex
    digits or escapes that are not UTF-8, where decodeURIComponent throws."""
    bad = _ESCAPE.search(text)
    if bad:
        raise BoardError(f"{where}: character {bad.start() + 1} is a '%' without two hex "
                         f"digits")
    try:
        import urllib.parse   # here, not at the top: few links carry %-escapes
        return urllib.parse.unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise BoardError(f"{where}: its %-escapes are not UTF-8") from None


def _base32_as_parse_int(digits: str) -> str:
    """Wall digits and a Nondango bitmap as pzprjs reads them, with JavaScript's
    parseInt(digit, 32), which reads the capitals A-V as a-v.   # → '7pns' for '7PNS'"""
    return "".join(ch.lower() if "A" <= ch <= "V" else ch for ch in digits)


def _check_size(value: str, what: str, where: str) -> int:
    if not _SIZE.fullmatch(value):
        raise BoardError(f"{where}: the {what} must be a positive integer, "
                         f"found {common.excerpt(value, 10)}")
    if len(value) > len(str(MAX_SIDE)) or int(value) > MAX_SIDE:
        shown = value if len(value) <= common.EXCERPT else common.excerpt(value)
        raise BoardError(f"{where}: {shown} {what}; at most {MAX_SIDE} are supported")
    return int(value)


def _check_genre(value: str, where: str) -> str:
    found = _GENRE.match(value.lower())
    genre = found.group(1) if found else value
    if genre not in GENRES:
        raise BoardError(f"{where}: unknown genre {common.excerpt(value, 12)}, not "
                         f"{' or '.join(GENRES)}")
    return genre


def decode_url(text: str, source: str | None = None) -> Puzzle:
    """The board of a link: https://puzz.link/p?…, puzz.link/p.html?…, pzv.jp/p.html?…,
    the mirrors (HOSTS), with or without the scheme, with key=value& pairs before the
    puzzle and &key=value pairs or a '#…' fragment after it, a genre with _edit or _play,
    trailing '/'s, the query alone (?GENRE/…) or the bare GENRE/COLS/ROWS/BODY; capitals
    A-V in the base-32 parts (walls, Nondango's bitmap) read as pzprjs reads them.  A link
    of the Duplicate menu (`p?type=editor&pzprv3/…`: a whole pzprv3 file, %-escaped, '/'
    for line breaks) reads as that file.  Errors name `source` (a file holding the link),
    else LINK: the line then stays within 100 columns, however long the link.

    Raises BoardError (what was expected, and which character of the body) for an unknown
    site or genre, a rule-variant tag, sizes that are not positive integers or exceed
    MAX_SIDE, and a body that is short (a Dosun-Fuwari one as _check_not_cut sees it),
    long, or has characters outside its alphabet.  [X-03; pzprjs parser.js]
    """
    link = "".join(text.split())  # pasted links may break over lines
    where = source or LINK
    query, browser = _query(link, where)
    if browser and _FILE_IN_LINK.match(query):
        return decode_pzprv3(_unescape(query, where), where)
    raw_genre, raw_cols, raw_rows, body = _split_url(query, where)
    genre = _check_genre(raw_genre, where)
    cols = _check_size(raw_cols, "columns", where)
    rows = _check_size(raw_rows, "rows", where)
    if genre == "nondango":
        body = _base32_as_parse_int(body)
    else:
        need = sum(wall_digits(rows, cols))
        body = _base32_as_parse_int(body[:need]) + body[need:]
    between_columns, between_rows, used = decode_walls(rows, cols, body, where)
    rest, digits = body[used:], body[:used]
    if genre == "dosufuwa":
        black = decode_black_cells(rows * cols, rest, where, used)
        rooms = rooms_from_walls(rows, cols, between_columns, between_rows, black)
        _check_not_cut(rooms, rows, cols, len(body), where)
        own = "" if digits == encode_walls(rows, cols, rooms) else digits
        return Puzzle(genre, rows, cols, rooms, walls=own)
    circles = decode_circles(rows * cols, rest, where, used)
    rooms = rooms_from_walls(rows, cols, between_columns, between_rows)
    own = "" if digits == encode_walls(rows, cols, rooms) else digits
    return Puzzle(genre, rows, cols, rooms, frozenset(divmod(i, cols) for i in circles),
                  walls=own)


def board_name(source: str, genre: str, rows: int, cols: int) -> str:
    """How a command names the board it was given: a file by its name, a link or a pzprv3
    text (given as it is) by its genre and size, as `genre` (a key of GENRE_NAMES) says.
    # board_name('boards/samples/df-pzprjs-5x5.txt', 'dosufuwa', 5, 5) → 'df-pzprjs-5x5.txt'
    # board_name('?dosufuwa/5/5/7pnsmrhf31d1', 'dosufuwa', 5, 5) → 'a Dosun-Fuwari 5x5 link'"""
    if os.path.isfile(source):
        return os.path.basename(source)
    kind = "pzprv3 text" if _PZPRV3_HEAD.match(source.strip()) else "link"
    return f"a {GENRE_NAMES[genre]} {rows}x{cols} {kind}"


NAMED_AS_IS = 40    # a source this long or shorter, on one printable line, names itself
LINK = "the link"   # how an error names a link given as it is (a file holding one: by the file)


def named(source: str) -> str:
    """How a source (a path, a link, a pzprv3 text) is named at the start of a message:
    as it is when it is one printable line of at most NAMED_AS_IS characters, else a
    short quoted excerpt (a path by its end, anything else by its start), so that a
    message is always one line within 100 columns.
    # named('board.txt') → 'board.txt'
    # named(a 12x12 board's link) → 'the link';  named(a pzprv3 text) → 'the pzprv3 text'
    # named('/home/someone/puzzles/dosun-fuwari/today.txt') → '…/dosun-fuwari/today.txt'"""
    if 0 < len(source) <= NAMED_AS_IS and source.isprintable():
        return source
    if looks_like_url_or_pzprv3(source) and not os.path.exists(source):
        return "the pzprv3 text" if _PZPRV3_HEAD.match(source.strip()) else LINK
    if source.isprintable() and os.sep in source and "://" not in source:
        tail = source[-(NAMED_AS_IS - 1):]
        return "…" + (tail[tail.index(os.sep):] if os.sep in tail else tail)
    return common.excerpt(source, 24)


# === pzprv3 files (FileData.js, dosufuwa.js, nondango.js) ===

_PIECE_TO_FILE = {"o": "1", "*": "2"}
_FILE_TO_PIECE = {"1": "o", "2": "*"}
_TRAILERS = ("info:", "history:", "__HISTORY__", "TrialData", "http")


def encode_pzprv3(puzzle: Puzzle) -> str:
    """The pzprv3 file of a board, answer and markers included, every line ending in a
    newline.  [X-03; pzprjs FileData.js, dosufuwa.js, nondango.js]"""
    rows, cols = puzzle.rows, puzzle.cols
    markers = dict(puzzle.markers)
    lines = ["pzprv3", puzzle.genre, str(rows), str(cols), str(_room_count(puzzle.rooms))]
    for r in range(rows):
        lines.append("".join(("#" if room == BLACK_ROOM else str(room)) + " "
                             for room in puzzle.rooms[r * cols:(r + 1) * cols]))
    cell_token = _dosufuwa_token if puzzle.genre == "dosufuwa" else _nondango_token
    for r in range(rows):
        lines.append("".join(cell_token(puzzle, (r, c), markers) + " " for c in range(cols)))
    return "\n".join(lines) + "\n"


def _dosufuwa_token(puzzle: Puzzle, cell: Cell, markers: dict[Cell, str]) -> str:
    cell_id = cell[0] * puzzle.cols + cell[1]
    piece = puzzle.answer[cell_id] if puzzle.answer is not None else "."
    if piece in _PIECE_TO_FILE:
        if puzzle.rooms[cell_id] == BLACK_ROOM:
            raise BoardError(f"{common.position(cell)}: a piece on a black cell")
        return _PIECE_TO_FILE[piece]
    if puzzle.rooms[cell_id] == BLACK_ROOM:
        return "."
    return markers.get(cell, ".")


def _nondango_token(puzzle: Puzzle, cell: Cell, markers: dict[Cell, str]) -> str:
    cell_id = cell[0] * puzzle.cols + cell[1]
    black = puzzle.answer is not None and puzzle.answer[cell_id] == "#"
    if cell not in puzzle.circles:
        if black:
            raise BoardError(f"{common.position(cell)}: a black circle where there is no "
                             f"circle")
        return "+" if markers.get(cell) == "+" else "."
    if black:
        return "#"
    return "%" if markers.get(cell) == "%" else "o"


def decode_pzprv3(text: str, source: str = "<pzprv3>") -> Puzzle:
    """The board of a pzprv3 file (newlines, or '/' for newlines as pzprjs accepts).

    Raises BoardError naming the line and column for a wrong header or genre, sizes that
    are not positive integers or exceed MAX_SIDE, a room count that does not match the
    picture, a row with the wrong number of tokens, an unknown token, a room label in two
    places that do not touch, a piece on a black cell, or text after the pictures.
    [X-03; pzprjs parser.js, FileData.js, dosufuwa.js, nondango.js]
    """
    lines = text.replace("\r", "").replace("/", "\n").split("\n")
    numbered = [(i + 1, line.strip()) for i, line in enumerate(lines)]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    while numbered and not numbered[-1][1]:
        numbered.pop()
    reader = _Lines(numbered, source)
    number, header = reader.next("the header 'pzprv3'")
    if not re.fullmatch(r"pzprv3(\.\d+)?", header):
        raise BoardError(f"{source}:{number}: expected the header 'pzprv3', "
                         f"found {common.excerpt(header)}")
    number, raw_genre = reader.next("the genre")
    if raw_genre not in GENRES:
        raise BoardError(f"{source}:{number}: unknown genre {common.excerpt(raw_genre, 12)}, "
                         f"not {' or '.join(GENRES)}")
    genre = raw_genre
    number, text_rows = reader.next("the number of rows")
    rows = _check_size(text_rows, "rows", f"{source}:{number}")
    number, text_cols = reader.next("the number of columns")
    cols = _check_size(text_cols, "columns", f"{source}:{number}")
    number, count = reader.next("the number of rooms")
    if not re.fullmatch(r"[0-9]+", count):
        raise BoardError(f"{source}:{number}: the number of rooms must be an integer, "
                         f"found {common.excerpt(count)}")
    labels, first_line = reader.picture(rows, cols, "rooms")
    black = frozenset(i for i, label in enumerate(labels) if genre == "dosufuwa" and label == "#")
    rooms = canonical_rooms(labels, rows, cols, black)
    _check_labels(labels, rooms, first_line, cols, source)
    if count.lstrip("0") != str(_room_count(rooms)).lstrip("0"):
        said = count if len(count) <= common.EXCERPT else common.excerpt(count)
        raise BoardError(f"{source}:{number}: the file says {said} rooms but its "
                         f"picture draws {_room_count(rooms)}")
    tokens, first_line = reader.picture(rows, cols, "cells")
    reader.finish()
    if genre == "dosufuwa":
        answer, circles, markers = _dosufuwa_cells(tokens, rooms, cols, first_line, source)
    else:
        answer, circles, markers = _nondango_cells(tokens, cols, first_line, source)
    return Puzzle(genre, rows, cols, rooms, circles, answer, markers)


class _Lines:
    """The non-blank-terminated lines of a pzprv3 file, read one at a time."""

    def __init__(self, numbered: list[tuple[int, str]], source: str) -> None:
        self.numbered, self.source, self.at, self.last = numbered, source, 0, 0

    def next(self, expected: str) -> tuple[int, str]:
        if self.at >= len(self.numbered):
            after = f"line {self.last}" if self.last else "the start"
            raise BoardError(f"{self.source}: the file ends after {after}; expected {expected}")
        number, line = self.numbered[self.at]
        self.at += 1
        self.last = number
        return number, line

    def picture(self, rows: int, cols: int, what: str) -> tuple[list[str], int]:
        tokens, first = [], 0
        for r in range(rows):
            number, line = self.next(f"row {r + 1} of {rows} of the {what} picture")
            first = first or number
            row = line.split()
            if len(row) != cols:
                raise BoardError(f"{self.source}:{number}: row {r + 1} of the {what} "
                                 f"picture has {len(row)} tokens; expected {cols}")
            tokens.extend(row)
        return tokens, first

    def finish(self) -> None:
        for number, line in self.numbered[self.at:]:
            if line.startswith(_TRAILERS):
                return
            if line:
                raise BoardError(f"{self.source}:{number}: unexpected "
                                 f"{common.excerpt(line)} after the cells picture")


def _check_labels(labels: list[str], rooms: Rooms, first_line: int, cols: int, source: str) -> None:
    """A label must name one room: BoardError at the first cell of a second group."""
    seen: dict[str, int] = {}
    for cell_id, (label, room) in enumerate(zip(labels, rooms)):
        if room == BLACK_ROOM:
            continue
        if seen.setdefault(label, room) != room:
            r, c = divmod(cell_id, cols)
            raise BoardError(f"{source}:{first_line + r}:{c + 1}: room label "
                             f"{common.excerpt(label)} is used in two places that do not "
                             f"touch")


def _dosufuwa_cells(tokens, rooms, cols, first_line, source):
    answer, markers, any_piece = [], [], False
    for cell_id, token in enumerate(tokens):
        r, c = divmod(cell_id, cols)
        at = f"{source}:{first_line + r}:{c + 1}"
        is_black = rooms[cell_id] == BLACK_ROOM
        if token in _FILE_TO_PIECE:
            if is_black:
                raise BoardError(f"{at}: {common.excerpt(token)} puts a piece on a black cell")
            answer.append(_FILE_TO_PIECE[token])
            any_piece = True
        elif token == "." or token in DF_MARKERS:
            answer.append("#" if is_black else ".")
            if token in DF_MARKERS:
                if is_black:
                    raise BoardError(f"{at}: marker {common.excerpt(token)} on a black cell")
                markers.append(((r, c), token))
        else:
            raise BoardError(f"{at}: unknown token {common.excerpt(token, 12)}, not "
                             f"1 2 . + - = %")
    return (tuple(answer) if any_piece else None), frozenset(), tuple(markers)


def _nondango_cells(tokens, cols, first_line, source):
    answer, circles, markers, any_black = [], set(), [], False
    for cell_id, token in enumerate(tokens):
        r, c = divmod(cell_id, cols)
        if token in ("#", "o", "%"):
            circles.add((r, c))
            answer.append("#" if token == "#" else "o")
            any_black = any_black or token == "#"
        elif token in (".", "+"):
            answer.append(".")
        else:
            raise BoardError(f"{source}:{first_line + r}:{c + 1}: unknown token "
                             f"{common.excerpt(token, 12)}, not # o % . +")
        if token in ND_MARKERS:
            markers.append(((r, c), token))
    return (tuple(answer) if any_black else None), frozenset(circles), tuple(markers)


# === Records and the boards of the two puzzles ===
# The puzzle modules build their boards from a record and back (`from_record`,
# `to_record`); these helpers hold what both need and know no puzzle.

def cells(rows: int, cols: int) -> list[Cell]:
    """Every cell in cell-id order (reading order).   # cells(1, 2) → [(0, 0), (0, 1)]"""
    return [(r, c) for r in range(rows) for c in range(cols)]


def rooms_of(puzzle: Puzzle) -> tuple[frozenset[Cell], ...]:
    """The record's rooms (regions) as sets of (row, col) cells, in canonical order."""
    members: list[set[Cell]] = [set() for _ in range(_room_count(puzzle.rooms))]
    for cell, room in zip(cells(puzzle.rows, puzzle.cols), puzzle.rooms):
        if room != BLACK_ROOM:
            members[room].add(cell)
    return tuple(frozenset(room) for room in members)


def black_of(puzzle: Puzzle) -> frozenset[Cell]:
    """The record's Dosun-Fuwari black cells as (row, col) cells."""
    return frozenset(cell for cell, room in zip(cells(puzzle.rows, puzzle.cols), puzzle.rooms)
                     if room == BLACK_ROOM)


def record_rooms(rows: int, cols: int, rooms, black=frozenset(), what: str = "room") -> Rooms:
    """Per cell id the canonical room number of a board whose `rooms` (regions) are sets
    of (row, col) cells and whose `black` cells are in no room.

    Raises BoardError for a board with a side outside 1..MAX_SIDE, or a room in pieces
    that do not touch (walls cannot draw it, so no link or pzprv3 file can hold it).
    """
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise BoardError(f"a {rows}x{cols} board; both sides must be 1 to {MAX_SIDE}")
    labels = [None] * (rows * cols)
    for number, room in enumerate(rooms):
        for r, c in room:
            labels[r * cols + c] = number
    numbers = canonical_rooms(tuple(labels), rows, cols,
                              frozenset(r * cols + c for r, c in black))
    if _room_count(numbers) != len(rooms):
        raise BoardError(f"a {what} of this board is in pieces that do not touch; puzz.link "
                         f"draws {what}s with walls and cannot hold it")
    return numbers


def metadata_of(puzzle: Puzzle) -> tuple[tuple[str, str], ...]:
    """The `key: value` pairs a board keeps of a record: its markers (MARKERS_KEY) and a
    link's own wall digits (WALLS_KEY), so that writing the board gives the record back."""
    metadata = ()
    if puzzle.markers:
        metadata += ((MARKERS_KEY, " ".join(f"{r},{c}:{symbol}"
                                            for (r, c), symbol in puzzle.markers)),)
    if puzzle.walls:
        metadata += ((WALLS_KEY, puzzle.walls),)
    return metadata


def markers_and_walls(metadata) -> tuple[tuple[tuple[Cell, str], ...], str]:
    """Inverse of metadata_of: (markers, wall digits) kept in a board's metadata; marker
    words that do not parse are ignored."""
    markers = []
    for key, value in metadata or ():
        if key != MARKERS_KEY:
            continue
        for word in value.split():
            found = re.fullmatch(r"(\d+),(\d+):(\S)", word)
            if found:
                markers.append(((int(found[1]), int(found[2])), found[3]))
    return tuple(sorted(markers)), dict(metadata or ()).get(WALLS_KEY, "")


def wrong_genre(source: str, found: str, expected: str) -> BoardError:
    """The error for a board of genre `found` where one of genre `expected` is needed."""
    return BoardError(f"{named(source)}: a {GENRE_NAMES[found]} board, but a "
                      f"{GENRE_NAMES[expected]} board is expected here")


def answer_cells(puzzle: Puzzle, source: str, genre: str,
                 symbols: tuple[str, ...]) -> tuple[frozenset[Cell], ...] | None:
    """Per symbol of `symbols`, the cells where the record's answer holds it, or None
    without an answer.  Raises wrong_genre's BoardError, naming `source`, for a record
    whose genre is not `genre`."""
    if puzzle.genre != genre:
        raise wrong_genre(source, puzzle.genre, genre)
    if puzzle.answer is None:
        return None
    pairs = list(zip(cells(puzzle.rows, puzzle.cols), puzzle.answer))
    return tuple(frozenset(cell for cell, t in pairs if t == symbol) for symbol in symbols)


def record_of(genre: str, rows: int, cols: int, rooms, metadata, answer: str | None,
              black=frozenset(), circles=frozenset(), what: str = "room") -> Puzzle:
    """The record of a board: `rooms` (regions) as record_rooms takes them, `answer` its
    answer symbols in cell-id order (or None), markers and walls from `metadata`.  Raises
    BoardError as record_rooms does."""
    numbers = record_rooms(rows, cols, rooms, black, what)
    markers, walls = markers_and_walls(metadata)
    return Puzzle(genre, rows, cols, numbers, frozenset(circles),
                  None if answer is None else tuple(answer), markers, walls)


# === Reading a source ===

class Text(NamedTuple):
    """A board file of the project's own format, not yet parsed: its text and its name."""

    text: str
    source: str


def looks_like_url_or_pzprv3(text: str) -> bool:
    """True if `text` is meant as a link (of a site in HOSTS, a bare dosufuwa/… or
    nondango/…, the query alone '?…', or a query `key=value&…`) or a pzprv3 file, rather
    than a path; says nothing of its validity.
    # looks_like_url_or_pzprv3('pzv.jp/p.html?nondango/6/6/x') → True
    # looks_like_url_or_pzprv3('boards/df-sample.txt') → False
    """
    stripped = text.strip()
    if _PZPRV3_HEAD.match(stripped):
        return True
    head = "".join(stripped.split())
    if _SITE_ONLY.match(head):
        return True
    site = _SITE.match(head)
    if site:     # after a '?', pzprjs also reads a variant tag before the genre: '?v:…/dosufuwa/'
        head = re.sub(r"^v:[^/]*/", "", head[site.end():], flags=re.IGNORECASE)
    pairs = 0
    while (pair := _LEADING_PAIR.match(head)):
        head, pairs = head[pair.end():], pairs + 1
    return bool(_BARE.match(head) or ((site or pairs) and _FILE_IN_LINK.match(head)))


def decode(text: str, source: str | None = None) -> Puzzle:
    """The record of a link or a pzprv3 text (decode_pzprv3 or decode_url).  `source`
    names the file the text came from: errors then name it and the line (a pzprv3 text
    keeps its own line numbers, blank lines before it included).  Without it a pzprv3
    text is called '<pzprv3>' and a link names itself, shortened.
    Raises BoardError as those do."""
    if _PZPRV3_HEAD.match(text.strip()):
        return decode_pzprv3(text, source or "<pzprv3>")
    if source is None:
        return decode_url(text)
    first = next((number for number, line in enumerate(text.split("\n"), 1)
                  if line.strip()), 1)
    return decode_url(text, f"{source}:{first}")


def open_source(source: str) -> Puzzle | Text:
    """What a command's BOARD argument holds: the record of a link or pzprv3 text (given
    as the argument or in a file), or the Text of any other file, for a puzzle module's
    own parser.  A path that names a file is read as a file, whatever it looks like; a
    folder is refused before the argument is tried as a link.

    Raises BoardError for a file that cannot be read or is not UTF-8, a folder, a link
    or pzprv3 text that does not decode, and an argument that is neither a file nor a
    link (quoted short, on one line).
    """
    if os.path.isfile(source):
        text = files.read_text(source)
        return decode(text, source) if looks_like_url_or_pzprv3(text) else Text(text, source)
    if os.path.isdir(source):
        raise BoardError(f"{named(source)}: a folder, not a board file")
    if os.path.exists(source):      # a FIFO, a device, a socket: looked at, never read
        raise BoardError(f"{named(source)}: {files.kind(os.stat(source).st_mode)}, not a "
                         f"board file")
    if looks_like_url_or_pzprv3(source):
        return decode(source)
    raise BoardError(f"{named(source)}: no such file, not a puzz.link link or pzprv3 text")


def load(source: str, parse, from_record):
    """The board in `source` (open_source): `parse(text, name)` of a board file, else
    `from_record(record, source)`.  Raises BoardError as those do."""
    found = open_source(source)
    if isinstance(found, Text):
        return parse(found.text, found.source)
    return from_record(found, source)
