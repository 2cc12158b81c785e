"""Nondango: regions, circles, triples, certificates, groups, two engines, four readings.

A reference implementation to read beside the Nondango write-up.  Every claim of
that write-up has an ID (ND-01 … ND-18, X-01 …) and each function that checks one
says so at the end of its docstring.

Glossary (with an example value)
    cell        (row, col), row 0 at the top                         (2, 3)
    region      a connected set of cells; the regions cover the grid  frozenset({(0, 0), (0, 1)})
    circle      a cell carrying a circle; only circles are painted    (0, 1)
    black/white the two colours of a circle; exactly one black per region
    given       a circle pre-coloured by the setter (given black / given white)
    answer      the set of black circles (every other circle is white)
    reading     which version of the rule is in force, one of READINGS:
                  write-up      no three BLACK circles in three consecutive cells of a
                                row, column or diagonal (the write-up's text)
                  published     no three circles of the SAME colour in consecutive cells
                                (Nikoli, puzz.link / pzprjs `src/variety/nondango.js`)
                  no-diagonals  as write-up, rows and columns only (a misreading)
                  anywhere      no three black circles anywhere in one row, column or
                                diagonal, consecutive or not (the other misreading)
    line        a whole row, column or diagonal of the grid
    triple      three circles the reading constrains together; geometric triples are
                three consecutive cells that all carry a circle (a cell without a circle
                breaks a line)                                      ((0, 0), (1, 1), (2, 2))
    dead triple a triple that can never stand in a forbidden colour; under the black
                readings: two of its circles share a region (ND-02)
    live triple a triple that is not dead
    certificate of a white circle w in an answer: a live triple through w whose other
                two circles are black; it is what makes moving w's region's black onto
                w illegal (ND-05)
    group       regions joined by live triples; groups are solved independently (ND-07)
    dial        the number k of certified white circles added at random (ND-13)

Roads not taken.  A board could be a grid of characters with the regions implicit
in border walls (as pzprjs stores it).  Regions as frozensets of cells make "one
black per region" and "two circles in one region" one-line tests, and the picture
of labels is only the file format.  Triples could be checked as "no three black
in a row" string scans per line; an explicit tuple of triples is what the screen,
the groups and the ladder all need, so it is computed once and shared.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = [
    # the board
    "Cell", "Triple", "Answer", "BoardError", "READINGS", "DEFAULT_READING",
    "FORBIDDEN_COLOURS", "BLACK", "WHITE", "NO_CIRCLE", "Board", "region_of",
    "parse", "picture", "load", "answer_rows",
    # the rules
    "Violation", "violations", "is_answer",
    # triples and the screen
    "DIRECTIONS", "lines", "triples", "shares_a_region", "dead_triples", "live_triples",
    "solve_with_triples",
    # certificates
    "certificates", "literal_certificates", "certifying_lines", "literal_certifying_lines",
    "single_moves", "free_white_circles",
    # groups and engines
    "groups", "group_counts_by_hand", "COUNT_CAP", "Count", "solve", "count_answers",
    "solve_by_exhaustion",
    # line and grid counts
    "A000073", "A000124", "A181218", "count_line_fillings", "enumerate_line_fillings",
    "count_full_grids", "count_full_grids_by_brute_force",
    # generators
    "random_regions", "draw_answer", "certified_cells", "dial_board", "bank_board",
    "random_board", "add_circle", "clustering",
    # figures over a list of boards
    "triple_census", "group_census", "reading_counts", "paint_census", "published_valid",
    "main",
]

# === The board ===

Cell = tuple[int, int]                # (row, col), row 0 at the top
Triple = tuple[Cell, Cell, Cell]      # three circles in line order
Answer = frozenset[Cell]              # the black circles

READINGS = ("write-up", "published", "no-diagonals", "anywhere")
DEFAULT_READING = "write-up"
FORBIDDEN_COLOURS: dict[str, frozenset[str]] = {
    "write-up": frozenset({"black"}),
    "published": frozenset({"black", "white"}),
    "no-diagonals": frozenset({"black"}),
    "anywhere": frozenset({"black"}),
}

BLACK, WHITE, NO_CIRCLE = "#", "o", "."         # answer picture symbols
CIRCLE, GIVEN_BLACK, GIVEN_WHITE = "o", "B", "W"  # circles picture symbols


class BoardError(ValueError):
    """A board file that breaks the format; the message names file, line, column and rule."""


@dataclass(frozen=True)
class Board:
    """A Nondango board.

    rows, cols:   the grid size
    regions:      connected sets of cells covering the grid, ordered by each one's
                  first cell in reading order
    circles:      the cells that carry a circle
    given_black:  circles the setter painted black; given_white likewise white
    answer:       the black circles of the answer, if the file shows one
    metadata:     `key: value` lines of the file (not compared)
    Not checked here: use `parse` for checked boards.
    """

    rows: int
    cols: int
    regions: tuple[frozenset[Cell], ...]
    circles: frozenset[Cell]
    given_black: frozenset[Cell] = frozenset()
    given_white: frozenset[Cell] = frozenset()
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = field(default=(), compare=False)


def region_of(board: Board) -> dict[Cell, int]:
    """Map each cell to the index of its region in `board.regions`."""
    return {cell: index for index, region in enumerate(board.regions) for cell in region}


def _canonical_regions(regions: Iterable[Iterable[Cell]]) -> tuple[frozenset[Cell], ...]:
    return tuple(sorted((frozenset(r) for r in regions), key=min))


def _components(cells: set[Cell]) -> list[set[Cell]]:
    """The 4-connected components of a set of cells."""
    left, parts = set(cells), []
    while left:
        stack = [min(left)]
        part = set()
        while stack:
            cell = stack.pop()
            if cell in left:
                left.discard(cell)
                part.add(cell)
                r, c = cell
                stack.extend([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
        parts.append(part)
    return parts


# === Reading and writing boards ===

_SECTIONS = ("regions", "circles", "answer")


def parse(text: str, source: str = "<string>") -> Board:
    """Read a board file (see boards/README.md); raise BoardError naming source:line:column.

    The first line is `nondango`; then optional `key: value` lines; then the sections
    `regions:` (one label token per cell), `circles:` (`o` circle, `.` none, `B`/`W` a
    circle given black/white) and optionally `answer:` (`#` black, `o` white, `.` none).
    Rules enforced: same width on every row, known symbols, each region label in one
    connected place, sections of equal size, an answer that fits the circles and givens.
    Not checked: whether the board can be solved (a region without a circle is legal
    and has zero answers).
    """
    def fail(line: int, col: int, rule: str) -> BoardError:
        return BoardError(f"{source}:{line}:{col}: {rule}")

    raw = text.splitlines()
    numbered = [(i + 1, line) for i, line in enumerate(raw)
                if line.strip() and not line.lstrip().startswith(";")]
    if not numbered or numbered[0][1].strip() != "nondango":
        where = numbered[0][0] if numbered else 1
        raise fail(where, 1, "the first line must be the genre 'nondango'")
    metadata: list[tuple[str, str]] = []
    sections: dict[str, list[tuple[int, list[tuple[int, str]]]]] = {}
    current = None
    for number, line in numbered[1:]:
        stripped = line.strip()
        if stripped.endswith(":") and stripped[:-1] in _SECTIONS:
            current = stripped[:-1]
            if current in sections:
                raise fail(number, 1, f"section '{current}:' appears twice")
            sections[current] = []
            continue
        if current is None:
            key, colon, value = stripped.partition(":")
            if not colon or not key.strip() or " " in key.strip():
                raise fail(number, 1, "expected a 'key: value' line or a section header "
                                      "('regions:', 'circles:', 'answer:')")
            metadata.append((key.strip(), value.strip()))
            continue
        tokens, col = [], 0
        for piece in line.split():
            col = line.index(piece, col)
            tokens.append((col + 1, piece))
            col += len(piece)
        sections[current].append((number, tokens))
    for name in ("regions", "circles"):
        if name not in sections or not sections[name]:
            raise fail(numbered[-1][0], 1, f"missing section '{name}:' with one row per line")
    grid_rows = sections["regions"]
    rows, cols = len(grid_rows), len(grid_rows[0][1])
    for name, block in sections.items():
        for number, tokens in block:
            if len(tokens) != cols:
                col = tokens[cols][0] if len(tokens) > cols else (tokens[-1][0] + 1)
                raise fail(number, col, f"row has {len(tokens)} tokens, expected {cols} "
                                        f"like the first row of 'regions:'")
        if len(block) != rows:
            number = block[-1][0] if block else numbered[-1][0]
            raise fail(number, 1, f"section '{name}:' has {len(block)} rows, expected {rows}")
    labels: dict[str, set[Cell]] = {}
    where: dict[Cell, tuple[int, int]] = {}
    for r, (number, tokens) in enumerate(grid_rows):
        for c, (col, token) in enumerate(tokens):
            if not token.isalnum():
                raise fail(number, col, f"region label {token!r} must be letters or digits")
            labels.setdefault(token, set()).add((r, c))
            where[(r, c)] = (number, col)
    for label, cells in labels.items():
        parts = _components(cells)
        if len(parts) > 1:
            second = min(parts[1])
            raise fail(*where[second], f"region label {label!r} is used in two "
                                       "disconnected places")
    circles, given_black, given_white = set(), set(), set()
    for r, (number, tokens) in enumerate(sections["circles"]):
        for c, (col, token) in enumerate(tokens):
            if token not in (CIRCLE, NO_CIRCLE, GIVEN_BLACK, GIVEN_WHITE):
                raise fail(number, col, f"unknown circle symbol {token!r}; expected "
                                        "'o', '.', 'B' or 'W'")
            if token != NO_CIRCLE:
                circles.add((r, c))
            if token == GIVEN_BLACK:
                given_black.add((r, c))
            if token == GIVEN_WHITE:
                given_white.add((r, c))
    answer = None
    if "answer" in sections:
        answer = set()
        for r, (number, tokens) in enumerate(sections["answer"]):
            for c, (col, token) in enumerate(tokens):
                if token not in (BLACK, WHITE, NO_CIRCLE):
                    raise fail(number, col, f"unknown answer symbol {token!r}; expected "
                                            "'#', 'o' or '.'")
                if (token == NO_CIRCLE) != ((r, c) not in circles):
                    raise fail(number, col, "the answer does not fit: circles and "
                                            "answer disagree on whether this cell has a circle")
                if (token == BLACK and (r, c) in given_white) or \
                        (token == WHITE and (r, c) in given_black):
                    raise fail(number, col, "the answer does not fit: it repaints a given circle")
                if token == BLACK:
                    answer.add((r, c))
        answer = frozenset(answer)
    for key, value in metadata:
        if key == "size" and value != f"{rows}x{cols}":
            raise fail(numbered[1][0], 1, f"metadata size: {value} but the grid is {rows}x{cols}")
    return Board(rows, cols, _canonical_regions(labels.values()), frozenset(circles),
                 frozenset(given_black), frozenset(given_white), answer, tuple(metadata))


def answer_rows(board: Board, answer: Answer) -> list[str]:
    """The answer picture, one string per row: `#` black, `o` white, `.` no circle."""
    return [" ".join(BLACK if (r, c) in answer else WHITE if (r, c) in board.circles
                     else NO_CIRCLE for c in range(board.cols)) for r in range(board.rows)]


def picture(board: Board, answer: Answer | None = None) -> str:
    """The board file text; `parse(picture(b)) == b`.  Regions are labelled 0, 1, … in order.

    `answer` (default: board.answer) is drawn as the `answer:` section when given.
    """
    index = region_of(board)
    width = len(str(len(board.regions) - 1)) if board.regions else 1
    lines_out = ["nondango"] + [f"{k}: {v}" for k, v in board.metadata]
    lines_out.append("regions:")
    for r in range(board.rows):
        lines_out.append(" ".join(f"{index[(r, c)]:>{width}}" for c in range(board.cols)))
    lines_out.append("circles:")
    for r in range(board.rows):
        lines_out.append(" ".join(
            GIVEN_BLACK if (r, c) in board.given_black else
            GIVEN_WHITE if (r, c) in board.given_white else
            CIRCLE if (r, c) in board.circles else NO_CIRCLE for c in range(board.cols)))
    shown = board.answer if answer is None else answer
    if shown is not None:
        lines_out.append("answer:")
        lines_out.extend(answer_rows(board, shown))
    return "\n".join(lines_out) + "\n"


def load(path: str) -> Board:
    """Read a board file from `path`; BoardError names the path, line and column."""
    with open(path, encoding="utf-8") as handle:
        return parse(handle.read(), source=path)


# === The rules, from the rules text alone (ND-01, X-01) ===

class Violation(NamedTuple):
    """One broken rule: a short sentence and the cells that break it."""

    rule: str
    cells: tuple[Cell, ...]


def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule the answer (its black circles) breaks under `reading`; [] means legal.

    Rules: only circles are painted; given colours stand; exactly one black circle per
    region; and, by reading, no three black (published: same-coloured) circles in three
    consecutive cells of a row, column or diagonal (no-diagonals: rows and columns;
    anywhere: no three black circles anywhere in one row, column or diagonal).
    Raises ValueError for an unknown reading.  [ND-01; X-01; pzprjs nondango.js]
    """
    _check_reading(reading)
    found = [Violation("a cell without a circle is painted black", (cell,))
             for cell in sorted(answer - board.circles)]
    found += [Violation("a circle given black is not black", (cell,))
              for cell in sorted(board.given_black - answer)]
    found += [Violation("a circle given white is painted black", (cell,))
              for cell in sorted(board.given_white & answer)]
    for region in board.regions:
        black = tuple(sorted(region & answer & board.circles))
        if len(black) != 1:
            found.append(Violation(f"a region has {len(black)} black circles, not one",
                                   black or tuple(sorted(region))))
    steps = ((0, 1), (1, 0)) if reading == "no-diagonals" else ((0, 1), (1, 0), (1, 1), (1, -1))
    if reading == "anywhere":
        for line in lines(board.rows, board.cols):
            black = tuple(cell for cell in line if cell in answer and cell in board.circles)
            if len(black) >= 3:
                found.append(Violation("three or more black circles in one line", black))
        return found
    for r in range(board.rows):
        for c in range(board.cols):
            for dr, dc in steps:
                three = ((r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))
                if not all(cell in board.circles for cell in three):
                    continue          # off the grid or a cell without a circle
                blacks = sum(cell in answer for cell in three)
                if blacks == 3:
                    found.append(Violation("three black circles in consecutive cells", three))
                if blacks == 0 and reading == "published":
                    found.append(Violation("three white circles in consecutive cells", three))
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading`.  [ND-01]"""
    return not violations(board, answer, reading)


def _check_reading(reading: str) -> None:
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}; expected one of {READINGS}")


# === Triples and the dead-triple screen (ND-02, ND-03, ND-04, X-01) ===

DIRECTIONS: dict[str, tuple[tuple[int, int], ...]] = {
    "write-up": ((0, 1), (1, 0), (1, 1), (1, -1)),
    "published": ((0, 1), (1, 0), (1, 1), (1, -1)),
    "no-diagonals": ((0, 1), (1, 0)),
    "anywhere": ((0, 1), (1, 0), (1, 1), (1, -1)),
}


def lines(rows: int, cols: int, steps=DIRECTIONS["write-up"]) -> list[tuple[Cell, ...]]:
    """Every whole row, column and diagonal of a rows×cols grid, cells in order."""
    out = []
    for dr, dc in steps:
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue                      # not the first cell of its line
                line, (y, x) = [], (r, c)
                while 0 <= y < rows and 0 <= x < cols:
                    line.append((y, x))
                    y, x = y + dr, x + dc
                out.append(tuple(line))
    return out


def triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The sets of three circles that `reading` constrains, sorted, each in line order.

    write-up / published: three consecutive cells of a row, column or diagonal that all
    carry a circle; no-diagonals: rows and columns only; anywhere: any three circles of
    one row, column or diagonal.  [ND-02, ND-11; pzprjs nondango.js]
    # triples(parse("nondango\\nregions:\\n0 0 0\\ncircles:\\no o o\\n")) → (((0, 0), (0, 1), (0, 2)),)
    """
    _check_reading(reading)
    found = []
    for line in lines(board.rows, board.cols, DIRECTIONS[reading]):
        if reading == "anywhere":
            found.extend(itertools.combinations([c for c in line if c in board.circles], 3))
        else:
            found.extend(line[i:i + 3] for i in range(len(line) - 2)
                         if all(cell in board.circles for cell in line[i:i + 3]))
    return tuple(sorted(found))


def shares_a_region(board: Board, triple: Triple, index: dict[Cell, int] | None = None) -> bool:
    """True when two circles of the triple lie in one region: it can never be all black.  [ND-02]"""
    index = region_of(board) if index is None else index
    return len({index[cell] for cell in triple}) < 3


def _can_fire(board: Board, triple: Triple, reading: str, index: dict[Cell, int]) -> bool:
    """Can one-black-per-region ever paint the triple in a forbidden colour of `reading`?"""
    forbidden = FORBIDDEN_COLOURS[reading]
    if "black" in forbidden and not shares_a_region(board, triple, index):
        return True
    if "white" in forbidden:
        touched = {index[cell] for cell in triple}
        # all three white needs every region it touches to have a circle outside it
        return all((board.regions[i] & board.circles) - set(triple) for i in touched)
    return False


def dead_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that no one-black-per-region painting can ever make fire.

    Under the black readings these are exactly the triples with two circles in one
    region (ND-02).  Under the published reading a triple is dead only if it can be
    neither all black nor all white (X-01), so the write-up's screen is
    `[t for t in triples(b, "published") if shares_a_region(b, t)]`, which is NOT dead.
    [ND-02; ND-03; X-01]
    """
    index = region_of(board)
    return tuple(t for t in triples(board, reading) if not _can_fire(board, t, reading, index))


def live_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that can fire: `triples` minus `dead_triples`.  [ND-03; X-01]"""
    index = region_of(board)
    return tuple(t for t in triples(board, reading) if _can_fire(board, t, reading, index))


def solve_with_triples(board: Board, chosen: Iterable[Triple],
                       reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1 restricted to the `chosen` triples (colours forbidden by `reading`).

    Used to compare solving with every triple against solving with the live ones only
    (ND-04), and the write-up's screen under the published reading (X-01).  [ND-04; X-01]
    """
    _check_reading(reading)
    yield from _Solver(board, tuple(chosen), FORBIDDEN_COLOURS[reading]).answers()


# === Certificates and single moves (ND-05, ND-06) ===

def literal_certificates(board: Board, answer: Answer, cell: Cell,
                         reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples through white `cell` whose other two circles are black (the write-up's words).

    A literal certificate can be dead: if one of the two blacks shares `cell`'s region,
    moving that region's black onto `cell` also un-paints it, so the line cannot fire.
    [ND-05]
    """
    return tuple(t for t in triples(board, reading)
                 if cell in t and all(o in answer for o in t if o != cell))


def certificates(board: Board, answer: Answer, cell: Cell,
                 reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples through white `cell` whose other two circles are black and lie outside
    `cell`'s region: exactly the lines that make moving the region's black onto `cell`
    illegal.  [ND-05]
    """
    index = region_of(board)
    return tuple(t for t in literal_certificates(board, answer, cell, reading)
                 if all(index[o] != index[cell] for o in t if o != cell))


def literal_certifying_lines(board: Board, answer: Answer,
                             reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples with two black circles and one white one (literal reading).  [ND-06]"""
    return tuple(t for t in triples(board, reading) if sum(c in answer for c in t) == 2)


def certifying_lines(board: Board, answer: Answer,
                     reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples with two black circles and one white one in a third region: each one
    certifies its white circle and no other.  [ND-06]
    """
    index = region_of(board)
    return tuple(t for t in literal_certifying_lines(board, answer, reading)
                 if len({index[c] for c in t}) == 3)


def free_white_circles(board: Board, answer: Answer) -> frozenset[Cell]:
    """White circles not given white in a region whose black is not given: the ones a
    single move could paint black.  Without givens: circles − regions of them.  [ND-05; ND-06]
    """
    index = region_of(board)
    fixed = {index[cell] for cell in board.given_black}
    return frozenset(c for c in board.circles - answer - board.given_white
                     if index[c] not in fixed)


def single_moves(board: Board, answer: Answer) -> Iterator[tuple[Cell, Answer]]:
    """Every answer one move away: a region's black moved onto another circle of it.

    Yields (the newly black circle, the moved answer); givens are ignored here, so a
    move may repaint a given (the rules checker then rejects it).  [ND-05]
    """
    for region in board.regions:
        black = region & answer
        for cell in sorted((region & board.circles) - answer):
            yield cell, (answer - black) | {cell}


# === Groups (ND-07, ND-08, ND-09) ===

def _domains(board: Board) -> list[frozenset[Cell]]:
    """Per region, the circles that may be its black one, given the givens."""
    out = []
    for region in board.regions:
        black = region & board.given_black
        if black:
            out.append(frozenset(black) if len(black) == 1 else frozenset())
        else:
            out.append(frozenset((region & board.circles) - board.given_white))
    return out


def _join(n: int, tuples: Iterable[Iterable[int]]) -> list[list[int]]:
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for items in tuples:
        first, *rest = items
        for other in rest:
            parent[find(other)] = find(first)
    parts: dict[int, list[int]] = {}
    for i in range(n):
        parts.setdefault(find(i), []).append(i)
    return sorted(parts.values())


def groups(board: Board, reading: str = DEFAULT_READING) -> tuple[tuple[int, ...], ...]:
    """Regions (by index) joined whenever a live triple touches both; sorted by first region.

    The rule never crosses from one group to another, so answers are independent per
    group and the count is the product of the groups' counts.  [ND-07; ND-09]
    """
    index = region_of(board)
    joined = _join(len(board.regions), ({index[c] for c in t} for t in live_triples(board, reading)))
    return tuple(tuple(g) for g in joined)


def group_counts_by_hand(board: Board, reading: str = DEFAULT_READING) -> list[int]:
    """Each group's answer count by exhaustion over that group's regions alone, checked
    against every geometric triple inside it (the third way of ND-18).  [ND-07; ND-18]
    """
    index = region_of(board)
    chosen = triples(board, reading)
    forbidden = FORBIDDEN_COLOURS[reading]
    domains = _domains(board)
    counts = []
    for group in groups(board, reading):
        members = set(group)
        inside = [t for t in chosen if {index[c] for c in t} <= members]
        n = 0
        for pick in itertools.product(*(sorted(domains[i]) for i in group)):
            black = set(pick)
            n += not any(("black" in forbidden and all(c in black for c in t)) or
                         ("white" in forbidden and not any(c in black for c in t))
                         for t in inside)
        counts.append(n)
    return counts


# === Engine 1: screen, split into groups, backtrack each group (ND-04, ND-07, ND-18) ===

COUNT_CAP = 20000


class Count(NamedTuple):
    """An answer count.  `capped` means counting stopped at the cap: there are at least
    `count` answers (`count` equals the cap)."""

    count: int
    capped: bool


class _Solver:
    """Backtracking over regions with forward checking on the chosen triples.

    A cell is black when its region's domain is {cell}, white when it left its region's
    domain, undecided otherwise.  Propagation: two black → the third leaves its domain;
    (if white is forbidden) two white → the third becomes its region's black.
    """

    def __init__(self, board: Board, chosen: tuple[Triple, ...], forbidden: frozenset[str]):
        self.board = board
        self.index = region_of(board)
        self.black_rule = "black" in forbidden
        self.white_rule = "white" in forbidden
        self.domains = _domains(board)
        self.triples_of: list[list[Triple]] = [[] for _ in board.regions]
        joined = []
        for t in chosen:
            touched = sorted({self.index[c] for c in t})
            for i in touched:
                self.triples_of[i].append(t)
            joined.append(touched)
        self.groups = [g for g in _join(len(board.regions), joined)]

    def _colour(self, dom: list, cell: Cell) -> str:
        d = dom[self.index[cell]]
        if cell not in d:
            return "w"
        return "b" if len(d) == 1 else "?"

    def _propagate(self, dom: list, todo: list[int]) -> bool:
        """Shrink `dom` in place to a fixpoint; False on a contradiction."""
        while todo:
            region = todo.pop()
            if not dom[region]:
                return False
            for t in self.triples_of[region]:
                colours = [self._colour(dom, c) for c in t]
                if self.black_rule:
                    blacks = colours.count("b")
                    if blacks == 3:
                        return False
                    if blacks == 2 and "?" in colours:
                        cell = t[colours.index("?")]
                        i = self.index[cell]
                        dom[i] = dom[i] - {cell}
                        if not dom[i]:
                            return False
                        todo.append(i)
                        continue
                if self.white_rule:
                    whites = colours.count("w")
                    if whites == 3:
                        return False
                    if whites == 2 and "?" in colours:
                        cell = t[colours.index("?")]
                        i = self.index[cell]
                        dom[i] = frozenset({cell})
                        todo.append(i)
        return True

    def _search(self, dom: list, group: list[int]) -> Iterator[list]:
        open_regions = [i for i in group if len(dom[i]) > 1]
        if not open_regions:
            yield dom
            return
        region = min(open_regions, key=lambda i: len(dom[i]))
        for cell in sorted(dom[region]):
            trial = list(dom)
            trial[region] = frozenset({cell})
            if self._propagate(trial, [region]):
                yield from self._search(trial, group)

    def _start(self, group: list[int]) -> list | None:
        dom = list(self.domains)
        return dom if self._propagate(dom, list(group)) else None

    def group_answers(self, group: list[int]) -> Iterator[Answer]:
        dom = self._start(group)
        if dom is None:
            return
        for final in self._search(dom, group):
            yield frozenset(next(iter(final[i])) for i in group)

    def group_count(self, group: list[int], cap: int) -> int:
        return sum(1 for _ in itertools.islice(self.group_answers(group), cap))

    def answers(self) -> Iterator[Answer]:
        if any(self.group_count(g, 1) == 0 for g in self.groups):
            return

        def product(rest: list[list[int]]) -> Iterator[Answer]:
            if not rest:
                yield frozenset()
                return
            for part in self.group_answers(rest[0]):
                for tail in product(rest[1:]):
                    yield part | tail

        yield from product(self.groups)

    def count(self, cap: int) -> Count:
        counts = [self.group_count(g, cap) for g in self.groups]
        if 0 in counts:
            return Count(0, False)
        total = math.prod(counts)
        return Count(min(total, cap), total >= cap)


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1: every answer under `reading`, as frozensets of black circles.

    Drops the dead triples (exact: they can never fire), splits the regions into
    groups joined by live triples, backtracks each group with forward checking and
    yields the product.  Raises ValueError for an unknown reading.  [ND-04; ND-07; ND-18]
    """
    _check_reading(reading)
    yield from _Solver(board, live_triples(board, reading), FORBIDDEN_COLOURS[reading]).answers()


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's answer count, multiplying group counts instead of enumerating.

    Each group is counted up to `cap`; the result is Count(min(total, cap), total >= cap),
    so `count_answers(b, cap=2).count == 1` means unique.  [ND-07; ND-10]
    """
    _check_reading(reading)
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    return _Solver(board, live_triples(board, reading), FORBIDDEN_COLOURS[reading]).count(cap)


# === Engine 2, the twin: exhaustion, then the rules checker (ND-18) ===

def solve_by_exhaustion(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 2: every pick of one circle per region, kept when the rules checker passes it.

    No screen, no groups, no propagation: the finished grid is walked three cells at a
    time by `violations`.  Cost: the product of the regions' circle counts.  [ND-18]
    """
    _check_reading(reading)
    per_region = [sorted(region & board.circles) for region in board.regions]
    for pick in itertools.product(*per_region):
        answer = frozenset(pick)
        if is_answer(board, answer, reading):
            yield answer
