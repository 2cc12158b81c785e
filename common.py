"""What every module of the project shares, and no puzzle: cells, the one board error,
room labels, 4-connected components, and random draws that stay the same on every Python.

Both puzzle modules, the puzz.link codec, the ladder, the bank, the play page and the
checks import this module; it imports nothing of the project, so the layers go one way:

    common, cli  →  puzzlink  →  dosun_fuwari, nondango  →  formats  →  ladder, bank,
    play, checks_*, verify

Contents: cells · the board error · answer counts · board-file lines and labels · room
labels and positions · components · random draws · files.

    components({(0, 0), (0, 1), (2, 2)})   → [{(0, 0), (0, 1)}, {(2, 2)}]
    below(random.Random(1), 6)              → 0 .. 5, from one rng.random() call
    at("b.txt", 3, 5, "unknown symbol")     → BoardError('b.txt:3:5: unknown symbol')
    excerpt("pzprv3\ndosufuwa\n5\n…")       → "'pzprv3\\ndosufuwa\\n5\\n…'" (one short line)
"""

from __future__ import annotations

import functools
import os
import random
from typing import Iterable, NamedTuple, Sequence

__all__ = [
    "Cell", "BoardError", "at", "Count", "excerpt", "EXCERPT", "numbered_lines", "is_label",
    "is_key", "LABELS", "label", "position", "neighbours", "grid_neighbours", "components",
    "below", "pick", "shuffled", "read_text", "write_text_atomically", "TEMPORARY_SUFFIX",
]


# === Cells ===

Cell = tuple[int, int]          # (row, col), row 0 at the top


# === The board error ===

class BoardError(ValueError):
    """A board, board file, puzz.link link or pzprv3 file that breaks its format or a rule
    of its puzzle, or a board a solver refuses up front as too large to hold.  The message
    names the place (`file:line:column`, or the part of a link) and the rule broken (or why
    the board is refused), on one line.  Every module raises this one class."""


def at(source: str, line: int, col: int, rule: str) -> BoardError:
    """The BoardError for `rule` broken at 1-based `line` and `col` of `source`.
    # at('b.txt', 3, 5, 'unknown symbol') → BoardError('b.txt:3:5: unknown symbol')"""
    return BoardError(f"{source}:{line}:{col}: {rule}")


EXCERPT = 40    # characters of an input quoted in a message, at most


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """`text` quoted on one line for a message: its first `limit` characters in Python's
    quotes (newlines, NUL and other control characters escaped), '…' when cut.
    # excerpt('a\nb') → "'a\\nb'";  excerpt('x' * 50, 4) → "'xxxx…'" """
    return repr(text if len(text) <= limit else text[:limit] + "…")


# === Board-file lines and labels ===

def numbered_lines(text: str) -> list[tuple[int, str]]:
    """(1-based line number, line) for every line of a board file, a leading byte-order
    mark dropped.  Only '\n' (with an optional '\r' before it) ends a line, as editors
    and `grep -n` count lines; a form feed or other separator inside a line stays there
    (as whitespace between tokens), so line numbers never shift.
    # numbered_lines('a\r\nb\fc') → [(1, 'a'), (2, 'b\x0cc')]"""
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [(number, line.removesuffix("\r")) for number, line in enumerate(lines, 1)]


def is_label(token: str) -> bool:
    """The one rule for a room (region) label in the board files of both puzzles: ASCII
    letters and digits, any length.   # is_label('a7') → True; is_label('é') → False"""
    return token.isascii() and token.isalnum()


def is_key(word: str) -> bool:
    """The one rule for the key of a board file's `key: value` line: ASCII letters and
    digits, '-' and '_', one word.   # is_key('starved-rooms') → True; is_key('a b') → False"""
    return word.isascii() and word.replace("-", "").replace("_", "").isalnum()


# === Answer counts ===

class Count(NamedTuple):
    """An answer count of either puzzle's engines; `capped` is True when counting stopped
    at the cap, so the true count is at least `count` (which then equals the cap)."""

    count: int
    capped: bool


# === Boards: frozen records ===

class Record:
    """A frozen record with value equality, written out: the base of both puzzles' Board.

    A subclass declares its fields as annotations in order, a default as a class value
    (`answer: Answer | None = None`), and names in UNCOMPARED the fields that equality
    and hashing leave out.  `Board(...)` takes the fields by position or by name,
    `board.replace(name=value)` gives a copy with some fields changed, and setting a
    field raises AttributeError.  This is `@dataclass(frozen=True)` cut to what the
    boards use: importing dataclasses (it imports inspect) costs a one-board command
    about as much CPU time as starting Python does (bench/startup.py).
    # dosun_fuwari.Board(2, 2, frozenset(), ()).replace(rows=3).rows → 3
    """

    FIELDS: tuple[str, ...] = ()
    UNCOMPARED: tuple[str, ...] = ()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.FIELDS = tuple(cls.__annotations__)   # the class's own, in order (3.10 on)

    def __init__(self, *values, **named) -> None:
        if not named and len(values) == len(self.FIELDS):    # every field by position
            for name, value in zip(self.FIELDS, values):
                object.__setattr__(self, name, value)
            return
        kind = type(self).__name__
        if len(values) > len(self.FIELDS):
            raise TypeError(f"{kind} takes {len(self.FIELDS)} fields, not {len(values)}")
        given = dict(zip(self.FIELDS, values))
        for name, value in named.items():
            if name not in self.FIELDS or name in given:
                raise TypeError(f"{kind}: unknown or repeated field {name!r}")
            given[name] = value
        for name in self.FIELDS:
            if name not in given and not hasattr(type(self), name):
                raise TypeError(f"{kind}: missing field {name!r}")
            object.__setattr__(self, name, given.get(name, getattr(type(self), name, None)))

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"a {type(self).__name__} is frozen: use replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} is frozen")

    def replace(self, **changes):
        """A copy with the named fields changed (TypeError for a name that is no field)."""
        unknown = sorted(set(changes) - set(self.FIELDS))
        if unknown:
            raise TypeError(f"{type(self).__name__}: no field {unknown[0]!r}")
        return type(self)(**({name: getattr(self, name) for name in self.FIELDS} | changes))

    def _compared(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS if name not in self.UNCOMPARED)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"


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

def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells beside `cell` (up, down, left, right), whether on the grid or not."""
    r, c = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


@functools.lru_cache(maxsize=64)
def grid_neighbours(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Each cell of a rows × cols grid → its `neighbours` that lie on the grid, in the same
    order (remembered per grid size; not to be changed by the caller).
    # grid_neighbours(2, 2)[(0, 0)] → ((1, 0), (0, 1))"""
    return {(r, c): tuple((y, x) for y, x in neighbours((r, c)) if 0 <= y < rows and 0 <= x < cols)
            for r in range(rows) for c in range(cols)}


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
    except ValueError:          # a NUL character in the path
        raise BoardError(f"{excerpt(path)}: no such file (a path cannot hold a NUL "
                         f"character)") from None


TEMPORARY_SUFFIX = ".tmp"   # `.NAME.XXXXXXXX.tmp` beside NAME while it is being written


def write_text_atomically(path: str | os.PathLike, text: str) -> None:
    """Write `text` (UTF-8, '\n' line ends) to `path` so that a reader sees the old file or
    the new one, never half of one: a temporary file `.NAME.….tmp` in the same folder,
    then a rename over `path`.  The file gets the mode the user's umask gives a new file
    (as `open` would), not the temporary file's private one.  The temporary file is
    removed on any error or interruption that reaches Python (Ctrl-C, SIGTERM under
    `cli.run`); raises OSError when the folder cannot be written."""
    import tempfile   # here, not at the top: only writing commands need it
    folder, name = os.path.split(os.fspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.",
                                         suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
