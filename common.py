"""What both puzzles share, and no puzzle: cells, the one board error and its message,
the reading check, rule violations, answer counts, frozen board records, room labels and
cell names, 4-connected components, the probe and the search over domains (with their one
Contradiction), and random draws that stay the same on every Python version.  It imports
nothing of the project; what only board files need (lines, keys, labels) is
plumbing/boardfile.py."""

from __future__ import annotations

import dataclasses
import random
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

__all__ = ["Cell", "BoardError", "at", "excerpt", "EXCERPT", "check_reading", "Violation",
           "Count", "Record", "LABELS", "label", "position", "neighbours", "grid_neighbours",
           "components", "Contradiction", "Propagator", "probe", "search", "below", "pick",
           "shuffled"]

Cell = tuple[int, int]          # (row, col), row 0 at the top


# === The board error and its message ===

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


# === Readings and the rules checkers' findings ===

def check_reading(reading: str, readings: Sequence[str]) -> None:
    """ValueError unless `reading` is one of the puzzle's `readings`."""
    if reading not in readings:
        raise ValueError(f"unknown reading {reading!r}; expected one of {', '.join(readings)}")


class Violation(NamedTuple):
    """One broken rule, as both rules checkers report it: the rule in words and its cells."""
    rule: str
    cells: tuple


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


# === Domains: the probe and the search both ladders and Nondango's solver share ===
# A variable (a run, a region) has a domain, the values it may still take (run states,
# circles); a propagation narrows domains in place and raises Contradiction when one
# empties.  ladder.py's rungs and nondango.py's solver run these two over their own
# propagation; the Dosun-Fuwari solver is an exact cover and needs neither.

class Contradiction(Exception):
    """The one contradiction signal of the triple rule, `probe`, `search` and every rung of
    both ladders: the domains admit no answer.  `reason` says which rule emptied what;
    `cells` are the cells concerned, sorted."""

    def __init__(self, reason: str, cells: Iterable[Cell] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = tuple(sorted(cells))


Propagator = Callable[[dict, list], None]   # propagate(domains, changed variables), in place


def probe(domains: dict, variables: Iterable, propagate: Propagator) -> None:
    """If assuming one value of a variable alone (a region's circle black, a run state of a
    run) makes `propagate` contradict, then that value is out: drop it, propagate, and sweep
    `variables` again until a sweep drops nothing (singleton consistency, the `probe` rung).

    `domains`, at propagate's fixpoint, narrow in place; Contradiction when a variable loses
    every value.  Nondango's solver probes each group before it branches: on the bank the
    triple rule leaves a knot of regions open, and the probe unties it with no branch."""
    variables = list(variables)
    dropped = True
    while dropped:
        dropped = False
        for var in variables:
            for value in sorted(domains[var]):
                if len(domains[var]) == 1 or value not in domains[var]:
                    continue            # decided, or dropped while an earlier drop propagated
                if _contradicts(domains, var, value, propagate):
                    domains[var] = domains[var] - {value}
                    propagate(domains, [var])
                    dropped = True


def _contradicts(domains: dict, var, value, propagate: Propagator) -> bool:
    """Whether assuming `var` is `value` makes `propagate` contradict (on a copy)."""
    trial = {**domains, var: frozenset({value})}
    try:
        propagate(trial, [var])
    except Contradiction:
        return True
    return False


def search(domains: dict, variables: Iterable, propagate: Propagator) -> Iterator[dict]:
    """Every way to finish `domains` over `variables` (each its own dict, one value per
    variable): take the variable with the fewest values left (the first on a tie), try each
    value in order on a copy, propagate, recurse.  `domains` at propagate's fixpoint."""
    still = [v for v in variables if len(domains[v]) > 1]
    if not still:
        yield domains
        return
    var = min(still, key=lambda v: len(domains[v]))
    for value in sorted(domains[var]):
        trial = {**domains, var: frozenset({value})}
        try:
            propagate(trial, [var])
        except Contradiction:
            continue
        yield from search(trial, still, propagate)


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
