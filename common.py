"""What every module of the project shares, and no puzzle: cells, the one board error,
room labels, 4-connected components, and random draws that stay the same on every Python.

Both puzzle modules, the puzz.link codec, the ladder, the bank, the play page and the
checks import this module; it imports nothing of the project, so the layers go one way:

    common, cli  →  puzzlink  →  dosun_fuwari, nondango  →  formats  →  ladder, bank,
    play, checks_*, verify

Contents: cells · the board error · room labels and positions · components · random
draws · files.

    components({(0, 0), (0, 1), (2, 2)})   → [{(0, 0), (0, 1)}, {(2, 2)}]
    below(random.Random(1), 6)              → 0 .. 5, from one rng.random() call
    at("b.txt", 3, 5, "unknown symbol")     → BoardError('b.txt:3:5: unknown symbol')
"""

from __future__ import annotations

import random
from typing import Iterable, Iterator, Sequence

__all__ = [
    "Cell", "BoardError", "at", "LABELS", "label", "position", "neighbours", "components",
    "below", "pick", "shuffled", "read_text",
]


# === Cells ===

Cell = tuple[int, int]          # (row, col), row 0 at the top


# === The board error ===

class BoardError(ValueError):
    """A board, board file, puzz.link link or pzprv3 file that breaks its format or a rule
    of its puzzle.  The message names the place (`file:line:column`, or the part of a
    link) and the rule broken, on one line.  Every module raises this one class."""


def at(source: str, line: int, col: int, rule: str) -> BoardError:
    """The BoardError for `rule` broken at 1-based `line` and `col` of `source`.
    # at('b.txt', 3, 5, 'unknown symbol') → BoardError('b.txt:3:5: unknown symbol')"""
    return BoardError(f"{source}:{line}:{col}: {rule}")


# === Room labels and positions ===

LABELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def label(index: int) -> str:
    """The one-character label of room (region) `index` in board pictures, its number
    past the 62 characters of LABELS.   # label(10) → 'a'; label(70) → '70'"""
    return LABELS[index] if index < len(LABELS) else str(index)


def position(cell: Cell) -> str:
    """A cell as the play page labels it: its column in letters (A, B, …, Z, AA, …) and its
    row from 1 at the top.   # position((2, 1)) → 'B3'; position((0, 27)) → 'AB1'"""
    row, col = cell
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


# === Components ===

def neighbours(cell: Cell) -> Iterator[Cell]:
    """The four cells beside `cell` (up, down, left, right), whether on the grid or not."""
    r, c = cell
    yield from ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The 4-connected components of `cells`, in the order of each one's first cell
    (reading order).   # components({(0, 0), (0, 1), (2, 2)}) → [{(0, 0), (0, 1)}, {(2, 2)}]"""
    left, parts = set(cells), []
    for start in sorted(left):
        if start not in left:
            continue
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
# Only Random.random() is promised to give the same stream on every Python version;
# randrange, choice and shuffle are not, so every draw of the project goes through these.

def below(rng: random.Random, n: int) -> int:
    """A uniform integer in range(n) from one rng.random() call; n ≥ 1.
    # below(random.Random(1), 6) → 0 .. 5"""
    return min(int(rng.random() * n), n - 1)


def pick(rng: random.Random, items: Sequence):
    """One item of a non-empty sequence, uniformly, from one rng.random() call."""
    return items[below(rng, len(items))]


def shuffled(rng: random.Random, items: Iterable) -> list:
    """A new list of `items` in uniformly random order (Fisher-Yates from the end, one
    rng.random() call per item but the first)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# === Files ===

def read_text(path: str) -> str:
    """The text of the file at `path`, a byte-order mark dropped.  Raises BoardError (one
    line, naming the path) when there is no such file, it is a folder, it cannot be read,
    or it is not UTF-8."""
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8-sig")
    except FileNotFoundError:
        raise BoardError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BoardError(f"{path}: a folder, not a file") from None
    except UnicodeDecodeError as error:
        raise BoardError(f"{path}: not a UTF-8 text file (byte {error.start + 1} is "
                         f"not UTF-8)") from None
    except OSError as error:
        raise BoardError(f"{path}: cannot read the file: {error.strerror}") from None
