"""Board files: the plain-text format both puzzles share (boards/README.md).

    dosun-fuwari            the genre, first
    size: 5x5               any `key: value` lines (metadata)
    rooms:                  a section: its name, then one row of tokens per line
    0 0 0 # 1
    …
    answer:                 the next section, the same size as the first
    …

Blank lines and lines starting with ';' are skipped anywhere.  This module reads and
checks what is common to both puzzles: the genre line, the metadata, the sections in
their order, rectangular pictures all the size of the first, a `size:` line that
matches, and the labels of a picture of rooms (regions), each used in one connected
place.  What a token means is the puzzle's business: each puzzle's `parse` reads the
tokens of a Sheet and raises `fail(...)` at the token that breaks its rule.  Every error
is a BoardError naming `source:line:column:` and the rule broken.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

import common
from common import BoardError, Cell

MAX_SIDE = 100   # rows and columns a board file may have: puzz.link's limit, as for links
READING_KEY = "reading"   # the `key: value` line naming the reading a board is meant for


def reading_of(metadata: tuple[tuple[str, str], ...]) -> str | None:
    """The reading a board file's `reading:` line names (`read` checked it), or None.
    # reading_of((("size", "8x8"), ("reading", "published"))) → 'published'"""
    return dict(metadata).get(READING_KEY)


class Token(NamedTuple):
    """One whitespace-separated token of a picture, with its 1-based line and column."""

    line: int
    col: int
    text: str


class Sheet(NamedTuple):
    """What a board file says, before it is a board: its size (that of the first
    section's picture), its `key: value` lines, and each section present as a picture,
    rows of tokens (row 0 at the top)."""

    source: str
    rows: int
    cols: int
    metadata: tuple[tuple[str, str], ...]
    pictures: dict[str, list[list[Token]]]


def fail(sheet: Sheet, token: Token, rule: str) -> BoardError:
    """The BoardError for `rule` broken at `token`."""
    return common.at(sheet.source, token.line, token.col, rule)


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """(1-based number, line) for every line, a byte-order mark dropped; only a newline
    (with an optional CR before it) ends a line.
    # numbered_lines('a\\nb') → [(1, 'a'), (2, 'b')]"""
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [(number, line.removesuffix("\r")) for number, line in enumerate(lines, 1)]


def is_key(word: str) -> bool:
    """The key of a `key: value` line: ASCII letters, digits, '-', '_'.
    # is_key('a b') → False"""
    return word.isascii() and word.replace("-", "").replace("_", "").isalnum()


def is_label(token: str) -> bool:
    """A room (region) label: ASCII letters and digits.   # is_label('a7') → True"""
    return token.isascii() and token.isalnum()


def _tokens(number: int, line: str) -> list[Token]:
    out, col = [], 0
    for text in line.split():
        col = line.index(text, col)
        out.append(Token(number, col + 1, text))
        col += len(text)
    return out


def read(text: str, source: str, genre: str, sections: tuple[str, ...],
         required: int, others: dict[str, str], readings: tuple[str, ...] = ()) -> Sheet:
    """The Sheet of board-file `text`: first the line `genre` (`others`: the genre lines of
    another puzzle → its name, for the message), then `key: value` lines, then the
    `sections` in this order, of which the first `required` must be there.  Raises
    BoardError for a wrong first line, a bad `key: value` line, a section twice, out of
    order or unknown, a missing or empty picture, a ragged one, one with another number
    of rows than the first, a side past MAX_SIDE, a `size:` line that disagrees, and a
    `reading:` line that names none of `readings` (the puzzle's; every command reading
    the file takes it as its default reading, READING_KEY)."""
    numbered = [(n, line) for n, line in numbered_lines(text)
                if line.strip() and not line.lstrip().startswith(";")]
    last = numbered[-1][0] if numbered else 1
    first = numbered[0][1].strip() if numbered else ""
    if first != genre:
        other = f", not '{first}'" if first in others else ""
        raise common.at(source, numbered[0][0] if numbered else 1, 1,
                        f"the first line must be the genre '{genre}'{other}")
    metadata, key_lines, headers, pictures, current = [], [], {}, {}, None
    for number, line in numbered[1:]:
        stripped = line.strip()
        if stripped.endswith(":") and stripped[:-1] in sections:
            current = stripped[:-1]
            if current in pictures:
                raise common.at(source, number, 1, f"a second '{current}:' section")
            later = [name for name in pictures if sections.index(name) > sections.index(current)]
            if later:
                raise common.at(source, number, 1, f"'{later[0]}:' before '{current}:'")
            if sections.index(current) > 0 and sections[0] not in pictures:
                raise common.at(source, number, 1, f"'{current}:' before '{sections[0]}:'")
            headers[current], pictures[current] = number, []
        elif current is None:
            key, colon, value = stripped.partition(":")
            if not colon or not is_key(key.strip()):
                raise common.at(source, number, 1,
                                f"expected 'key: value' or '{sections[0]}:' here")
            metadata.append((key.strip(), value.strip()))
            key_lines.append((number, len(line) - len(line.lstrip()) + len(key) + 2
                              + len(value) - len(value.lstrip())))
        elif stripped.endswith(":") and len(stripped.split()) == 1:
            raise common.at(source, number, line.index(stripped) + 1, f"unknown section "
                            f"{common.excerpt(stripped, 12)}, not {', '.join(sections)}")
        else:
            pictures[current].append(_tokens(number, line))
    head = sections[0]
    if head not in pictures:
        raise common.at(source, last, 1, f"the board is empty: no '{head}:' picture")
    if not pictures[head]:
        raise common.at(source, headers[head], 1, f"the board is empty: '{head}:' has no rows")
    for name in sections[1:required]:
        if name not in pictures:
            raise common.at(source, last, 1, f"missing section '{name}:' with one row per line")
    rows, cols = len(pictures[head]), len(pictures[head][0])
    if max(rows, cols) > MAX_SIDE:    # the engines' front doors are sized for such boards
        raise common.at(source, headers[head], 1, f"a {rows}x{cols} board; both sides must be 1 to "
                        f"{MAX_SIDE}")
    for name, picture in pictures.items():
        for row in picture:
            if len(row) != cols:
                col = row[cols].col if len(row) > cols else row[-1].col + 1
                raise common.at(source, row[0].line, col, f"ragged {name} picture: {len(row)} "
                                f"tokens in this row, {cols} in the first")
        if len(picture) != rows:
            line = picture[min(rows, len(picture) - 1)][0].line if picture else headers[name]
            raise common.at(source, line, 1, f"the {name} picture has {len(picture)} rows, "
                                             f"the {head} picture {rows}")
    for (key, value), (number, col) in zip(metadata, key_lines):
        if key == "size" and value != f"{rows}x{cols}":
            raise common.at(source, number, 1, f"size says {common.excerpt(value)} but the "
                                               f"picture is {rows}x{cols}")
        if key == READING_KEY and readings and value not in readings:
            raise common.at(source, number, col, f"{common.excerpt(value, 12)} is not a "
                                                 f"{genre} reading")
    return Sheet(source, rows, cols, tuple(metadata), pictures)


def cells(sheet: Sheet, name: str) -> list[tuple[Cell, Token]]:
    """((row, col), token) for every token of picture `name` ([] if absent), in reading order."""
    return [((r, c), token) for r, row in enumerate(sheet.pictures.get(name, []))
            for c, token in enumerate(row)]


def symbols(sheet: Sheet, name: str, allowed: str, unknown: str,
            rule: Callable[[Cell, str], str | None] | None = None) -> dict[str, set[Cell]]:
    """The cells of each symbol of `allowed` in picture `name` (each symbol a key, its set
    empty if the picture is absent).  Raises BoardError at the first token, in reading order,
    that is not in `allowed` (`unknown` with the token in its `{}`), or for which
    `rule(cell, symbol)` names a rule broken."""
    found: dict[str, set[Cell]] = {symbol: set() for symbol in allowed}
    for cell, token in cells(sheet, name):
        if token.text not in found:
            raise fail(sheet, token, unknown.format(common.excerpt(token.text, 12)))
        broken = rule(cell, token.text) if rule else None
        if broken:
            raise fail(sheet, token, broken)
        found[token.text].add(cell)
    return found


def labelled(sheet: Sheet, name: str, what: str, black: str | None = None
             ) -> tuple[dict[str, set[Cell]], set[Cell]]:
    """The cells of each label of picture `name` (label → cells, in the order the labels
    first appear) and the cells marked `black`.  Raises BoardError for a token that is no
    label (ASCII letters and digits) and for a label used in two places that do not touch
    (`what`: 'room' or 'region', for the message)."""
    groups: dict[str, set[Cell]] = {}
    where: dict[Cell, Token] = {}
    dark = set()
    for cell, token in cells(sheet, name):
        where[cell] = token
        if token.text == black:
            dark.add(cell)
        elif is_label(token.text):
            groups.setdefault(token.text, set()).add(cell)
        else:
            raise fail(sheet, token, f"unknown symbol {common.excerpt(token.text, 12)}: a {what} "
                                     f"label is ASCII letters or digits")
    for label, members in groups.items():
        parts = common.components(members)
        if len(parts) > 1:
            raise fail(sheet, where[min(parts[1])], f"{what} label {common.excerpt(label, 12)} "
                                                    f"is used in two disconnected places")
    return groups, dark


def names(rooms: tuple[frozenset[Cell], ...], typed: tuple[tuple[frozenset[Cell], str], ...],
          default: list[str]) -> list[str]:
    """The label of each room (region) in a picture: the labels the file typed (`typed`:
    (room, label) pairs, as `labelled` found them) when they name exactly these rooms, so
    that a user's labels come back as typed, else `default`."""
    given = dict(typed)
    return [given[room] for room in rooms] if set(given) == set(rooms) else default


def room_rows(rows: int, cols: int, rooms: tuple[frozenset[Cell], ...],
              typed: tuple[tuple[frozenset[Cell], str], ...], default: list[str],
              black: frozenset[Cell] = frozenset(), black_token: str = "#",
              right: bool = False) -> list[str]:
    """The rows of a picture of rooms (regions): each cell its room's label (`names`), a
    `black` cell `black_token`, each token padded to the widest label, on the right or,
    with `right`, on the left; no row ends in spaces."""
    labels = names(rooms, typed, default)[:len(rooms)]
    width = max((len(label) for label in labels), default=1)
    room = {cell: i for i, members in enumerate(rooms) for cell in members}
    pad = str.rjust if right else str.ljust
    return [" ".join(pad(black_token if (r, c) in black else labels[room[(r, c)]], width)
                     for c in range(cols)).rstrip() for r in range(rows)]


def write(genre: str, metadata: tuple[tuple[str, str], ...],
          pictures: list[tuple[str, list[str]]]) -> str:
    """The board-file text: the genre, the metadata, then each (section, rows) in order;
    `read` gives back the same sections."""
    lines = [genre] + [f"{key}: {value}" for key, value in metadata]
    for name, rows in pictures:
        lines += [f"{name}:"] + rows
    return "\n".join(lines) + "\n"
