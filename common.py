"""What both puzzles share, and no puzzle: cells, the one board error, board-file lines,
answer counts, frozen board records, room labels, 4-connected components, and random
draws that stay the same on every Python version.  It imports nothing of the project."""

from __future__ import annotations

import dataclasses
import random
from typing import Iterable, NamedTuple, Sequence

__all__ = ["Cell", "BoardError", "at", "excerpt", "EXCERPT", "numbered_lines", "is_label",
           "is_key", "Count", "Record", "LABELS", "label", "position", "neighbours",
           "grid_neighbours", "components", "below", "pick", "shuffled"]

Cell = tuple[int, int]          # (row, col), row 0 at the top


# === The board error, and board-file lines ===

class BoardError(ValueError):
    """A board, board file, puzz.link link or pzprv3 file that breaks its format or a rule
    of its puzzle, or a board an engine refuses up front as too large.  The message names
    the place (`file:line:column`, or the part of a link) and the rule broken, on one line."""


def at(source: str, line: int, col: int, rule: str) -> BoardError:
    """The BoardError for `rule` broken at 1-based `line` and `col` of `source`.
    # at('b.txt', 3, 5, 'unknown symbol') → BoardError('b.txt:3:5: unknown symbol')"""
    return BoardError(f"{source}:{line}:{col}: {rule}")


EXCERPT = 40    # characters of an input quoted in a message, at most


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """`text` quoted on one line: its first `limit` characters in Python's quotes, '…' when
    cut.   # excerpt('a\\nb') → "'a\\\\nb'";  excerpt('x' * 50, 4) → "'xxxx…'" """
    return repr(text if len(text) <= limit else text[:limit] + "…")


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """(1-based number, line) for every line, a byte-order mark dropped; only a newline
    (with an optional CR before it) ends a line.   # numbered_lines('a\\nb') → [(1, 'a'), (2, 'b')]"""
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [(number, line.removesuffix("\r")) for number, line in enumerate(lines, 1)]


def is_label(token: str) -> bool:
    """A room (region) label: ASCII letters and digits.   # is_label('a7') → True"""
    return token.isascii() and token.isalnum()


def is_key(word: str) -> bool:
    """The key of a `key: value` line: ASCII letters, digits, '-', '_'.   # is_key('a b') → False"""
    return word.isascii() and word.replace("-", "").replace("_", "").isalnum()


# === Answer counts and board records ===

class Count(NamedTuple):
    """An answer count; `capped`: counting stopped at the cap, the true count is at least it."""
    count: int
    capped: bool


@dataclasses.dataclass(frozen=True)
class Record:
    """The base of both puzzles' frozen Board, itself a `@dataclass(frozen=True)`."""

    def replace(self, **changes):
        """A copy with the named fields changed (TypeError for a name that is no field)."""
        return dataclasses.replace(self, **changes)


# === Room labels and cell names ===

LABELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def label(index: int) -> str:
    """The label of room `index` in pictures, its number past LABELS.   # label(10) → 'a'"""
    return LABELS[index] if index < len(LABELS) else str(index)


def position(cell: Cell) -> str:
    """A cell as the play page names it, column letters then row.   # position((2, 1)) → 'B3'"""
    row, col = cell
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


# === Components ===

def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells beside `cell` (up, down, left, right), on the grid or not."""
    (r, c) = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def grid_neighbours(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Each cell of a rows × cols grid → its `neighbours` on the grid, in the same order.
    # grid_neighbours(2, 2)[(0, 0)] → ((1, 0), (0, 1))"""
    return {(r, c): tuple((y, x) for y, x in neighbours((r, c)) if 0 <= y < rows and 0 <= x < cols)
            for r in range(rows) for c in range(cols)}


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The 4-connected components of `cells`, in the order of each one's first cell."""
    left, parts = set(cells), []
    for start in sorted(left):
        if start in left:
            part, stack = {start}, [start]
            left.discard(start)
            while stack:
                for n in neighbours(stack.pop()):
                    if n in left:
                        left.discard(n)
                        part.add(n)
                        stack.append(n)
            parts.append(part)
    return parts


# === Random draws ===
# Only Random.random() is promised the same stream on every Python version; randrange,
# choice and shuffle are not, so every draw of the project goes through these.

def below(rng: random.Random, n: int) -> int:
    """A uniform integer in range(n) from one rng.random() call; n ≥ 1."""
    return min(int(rng.random() * n), n - 1)


def pick(rng: random.Random, items: Sequence):
    """One item of a non-empty sequence, uniformly, from one rng.random() call."""
    return items[below(rng, len(items))]

def shuffled(rng: random.Random, items: Iterable) -> list:
    """A new list of `items` in random order (Fisher-Yates from the end)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
