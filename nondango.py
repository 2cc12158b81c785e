"""Nondango, in the order of its write-up: glossary, rules, a banner per section, a function
per claim ending with its ID, plumbing last; twins in twins/nondango.py, ladder (ND-16) ladder.py.

Glossary (with an example value)
    cell        (row, col), row 0 at the top                         (2, 3)
    region      a connected set of cells; the regions cover the grid  frozenset({(0, 0), (0, 1)})
    circle      a cell that may be painted: one black per region, the rest white  (0, 1)
    given       a circle pre-coloured by the setter (given black / given white)
    answer      the set of black circles                            frozenset({(0, 1)})
    reading     the rule in force (READINGS): 'write-up', no three BLACK circles consecutive
                in a row, column or diagonal; 'published', none of the SAME colour (Nikoli,
                pzprjs nondango.js); 'no-diagonals', 'anywhere' (in one line) misread it
    line        a whole row, column or diagonal of the grid
    triple      three circles the reading constrains, e.g. three consecutive circles
    dead triple one never in a forbidden colour (black readings: two share a region, ND-02)
    certificate of a white circle w: a live triple through w, the other two black, which
                forbids moving w's region's black onto w (ND-05)
    group       regions joined by live triples, solved independently (ND-07)
    domain      the circles of a region that may still be its black one (engine 1)
    dial        the number k of certified white circles added at random (ND-13)

Roads not taken: regions implicit in border walls, as pzprjs stores them (frozensets of
cells make "one black per region" a one-line test); domains as bit masks undone in place,
faster, but a set copied on every guess reads as the circles still allowed and cannot leak.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import dataclasses
import itertools
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import common
from common import BoardError, Count
from plumbing import boardfile, cli, puzzlink

Cell = tuple[int, int]                  # (row, col), row 0 at the top
Triple = tuple[Cell, Cell, Cell]        # three circles in line order
Region = frozenset[Cell]                # a connected set of cells
Answer = frozenset[Cell]                # the black circles
Domains = dict[int, frozenset[Cell]]    # region index → the circles still allowed black

READINGS = ("write-up", "published", "no-diagonals", "anywhere")
DEFAULT_READING = "write-up"
FORBIDDEN_COLOURS: dict[str, frozenset[str]] = {     # the colours no triple may stand in
    r: frozenset({"black", "white"} if r == "published" else {"black"}) for r in READINGS}
_EVERY_WAY = ((0, 1), (1, 0), (1, 1), (1, -1))       # along a row, a column, both diagonals
DIRECTIONS: dict[str, tuple[tuple[int, int], ...]] = {     # the steps along a line
    r: ((0, 1), (1, 0)) if r == "no-diagonals" else _EVERY_WAY for r in READINGS}

Violation = NamedTuple("Violation", [("rule", str), ("cells", tuple)])   # a rule, its cells
Clustering = NamedTuple("Clustering", [("black", int), ("with_neighbour", int),
                                       ("baseline", float), ("boards", tuple)])


@dataclasses.dataclass(frozen=True)
class Board(common.Record):
    """A Nondango board: its size, regions covering the grid (by first cell), circles,
    givens, the answer's black circles if the file shows one, and, not compared, the file's
    `key: value` lines and typed region labels.  Unchecked: `parse` checks board files."""
    rows: int
    cols: int
    regions: tuple[Region, ...]
    circles: frozenset[Cell]
    given_black: frozenset[Cell] = frozenset()
    given_white: frozenset[Cell] = frozenset()
    answer: Answer | None = None
    metadata: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)
    labels: tuple[tuple[Region, str], ...] = dataclasses.field(default=(), compare=False)


def region_of(board: Board) -> dict[Cell, int]:
    """Map each cell to the index of its region in `board.regions`."""
    return {cell: index for index, region in enumerate(board.regions) for cell in region}


def _canonical_regions(regions: Iterable[Iterable[Cell]]) -> tuple[Region, ...]:
    return tuple(sorted((frozenset(r) for r in regions), key=min))


def _check_reading(reading: str) -> None:
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}; expected one of {READINGS}")


# === The rules, from the rules text alone (ND-01, X-01) ===

def violations(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> list[Violation]:
    """Every rule `answer` (its black circles) breaks under `reading` ([] for an answer): only
    circles painted, givens kept, one black circle per region, no three black (published:
    same-coloured) circles consecutive in a line (no-diagonals: rows and columns; anywhere:
    anywhere in it).  ValueError for an unknown reading.  [ND-01; X-01; pzprjs nondango.js]"""
    _check_reading(reading)
    circles = board.circles
    found = [Violation(rule, (cell,)) for rule, cells in (
        ("a cell without a circle is painted black", answer - circles),
        ("a circle given black is not black", board.given_black - answer),
        ("a circle given white is painted black", board.given_white & answer))
        for cell in sorted(cells)]
    for region in board.regions:
        black = region & answer & circles
        if len(black) != 1:
            found.append(Violation(f"a region has {len(black)} black circles, not one",
                                   tuple(sorted(black or region))))
    if reading == "anywhere":
        for line in lines(board.rows, board.cols):
            black = tuple(cell for cell in line if cell in answer and cell in circles)
            if len(black) >= 3:
                found.append(Violation("three or more black circles in one line", black))
        return found
    # a three of black circles starts at a black circle (of white ones, at any circle)
    for r, c in sorted(circles if reading == "published" else answer & circles):
        for dr, dc in DIRECTIONS[reading]:
            second, third = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if second not in circles or third not in circles:
                continue                      # off the grid, or a cell without a circle
            blacks = ((r, c) in answer) + (second in answer) + (third in answer)
            if blacks == 3 or (blacks == 0 and reading == "published"):
                colour = "black" if blacks == 3 else "white"
                found.append(Violation(f"three {colour} circles in consecutive cells",
                                       ((r, c), second, third)))
    return found


def is_answer(board: Board, answer: Answer, reading: str = DEFAULT_READING) -> bool:
    """True when `answer` breaks no rule of `reading`.  [ND-01]"""
    return not violations(board, answer, reading)


def lines(rows: int, cols: int, steps=_EVERY_WAY) -> tuple[tuple[Cell, ...], ...]:
    """Every whole row, column and diagonal of a rows×cols grid along `steps`, in order.
    # lines(2, 2, ((0, 1),)) → (((0, 0), (0, 1)), ((1, 0), (1, 1)))"""
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
    return tuple(out)


# === Two of the three circles can live in the same region, and then the rule says nothing ===
# (ND-02, ND-03, ND-04, X-01)

def triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The sets of three circles `reading` constrains, sorted, each in line order: three
    consecutive circles of a line (no-diagonals: rows and columns; anywhere: any three of a
    line).  ValueError for an unknown reading; BoardError past MAX_TRIPLES.  [ND-02; ND-11]
    # triples(a 1x3 board of circles) → (((0, 0), (0, 1), (0, 2)),)"""
    _check_reading(reading)
    circles = board.circles
    if reading == "anywhere":     # the front door: the sets are counted before they are built
        total = sum(math.comb(sum(c in circles for c in line), 3)
                    for line in lines(board.rows, board.cols))
        if total > MAX_TRIPLES:
            raise BoardError(f"too many triples under the anywhere reading: {total:,} "
                             f"three-circle sets in its lines, more than {MAX_TRIPLES:,}")
        return tuple(sorted(three for line in lines(board.rows, board.cols) for three in
                            itertools.combinations([c for c in line if c in circles], 3)))
    return tuple(sorted(three for r, c in circles for dr, dc in DIRECTIONS[reading]
                        for three in [((r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))]
                        if three[1] in circles and three[2] in circles))


def shares_a_region(board: Board, triple: Triple, index: dict[Cell, int] | None = None) -> bool:
    """True when two circles of the triple share a region, which paints only one of them
    black: the triple is never all black.  [ND-02]"""
    index = region_of(board) if index is None else index
    return len({index[cell] for cell in triple}) < 3


def live_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that one black per region can paint in a forbidden colour:
    all black needs three regions; all white (published), a circle outside the triple in
    every region it touches.  Raises ValueError for an unknown reading.  [ND-03; X-01]"""
    chosen, index, forbidden = triples(board, reading), region_of(board), FORBIDDEN_COLOURS[reading]
    return tuple(t for t in chosen
                 if ("black" in forbidden and not shares_a_region(board, t, index)) or
                 ("white" in forbidden and all((board.regions[i] & board.circles) - set(t)
                                               for i in {index[c] for c in t})))


def dead_triples(board: Board, reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """The triples of `reading` that can never fire: under the black readings those with
    two circles in a region (ND-02), under the published one those that can be neither all
    black nor all white, so there the write-up's screen is NOT dead.  [ND-02; ND-03; X-01]"""
    live = set(live_triples(board, reading))
    return tuple(t for t in triples(board, reading) if t not in live)


def solve_with_triples(board: Board, chosen: Iterable[Triple],
                       reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1 held to the `chosen` triples: all triples and the live ones give the same
    answers, the write-up's screen under the published reading does not.  [ND-04; X-01]"""
    _check_reading(reading)
    parts = _parts(board, tuple(chosen), reading, candidates(board))
    yield from _product(*parts) if parts is not None else ()


# === One swap is all it takes (ND-05, ND-06) ===

def single_moves(board: Board, answer: Answer) -> Iterator[tuple[Cell, Answer]]:
    """(newly black circle, moved answer) for every move of a region's black onto another
    of its circles; a move may repaint a given (the rules checker rejects it).  [ND-05]"""
    for region in board.regions:
        for cell in sorted((region & board.circles) - answer):
            yield cell, (answer - region) | {cell}


def literal_certificates(board: Board, answer: Answer, cell: Cell,
                         reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples through white `cell` whose other two circles are black (the write-up's words);
    one sharing `cell`'s region is dead: the move onto `cell` un-paints it.  [ND-05]"""
    return tuple(t for t in triples(board, reading)
                 if cell in t and all(o in answer for o in t if o != cell))


def certificates(board: Board, answer: Answer, cell: Cell,
                 reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples through white `cell`, the other two black outside its region: they forbid
    moving its region's black onto it; a unique answer has one per free white circle.  [ND-05]"""
    index = region_of(board)
    return tuple(t for t in literal_certificates(board, answer, cell, reading)
                 if all(index[o] != index[cell] for o in t if o != cell))


def free_white_circles(board: Board, answer: Answer) -> frozenset[Cell]:
    """White circles, not given white, in a region whose black is not given: those a single
    move could paint black.  [ND-05; ND-06]"""
    index = region_of(board)
    fixed = {index[cell] for cell in board.given_black}
    return frozenset(c for c in board.circles - answer - board.given_white
                     if index[c] not in fixed)


def literal_certifying_lines(board: Board, answer: Answer,
                             reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Triples with two black circles and one white one (literal reading).  [ND-06]"""
    return tuple(t for t in triples(board, reading) if sum(c in answer for c in t) == 2)


def certifying_lines(board: Board, answer: Answer,
                     reading: str = DEFAULT_READING) -> tuple[Triple, ...]:
    """Live triples of two black circles and a white one in a third region, each certifying
    one circle: on a unique board free white circles ≤ these ≤ live triples.  [ND-06]"""
    index = region_of(board)
    return tuple(t for t in literal_certifying_lines(board, answer, reading)
                 if len({index[c] for c in t}) == 3)


# === No live triple, no puzzle at all (ND-07, ND-08, ND-09) ===

COUNT_CAP = 20000      # counting stops here (the write-up's cap)
MAX_REGIONS = 10_000   # every board a link can describe (100x100); one recursion level each
MAX_TRIPLES = 500_000  # three-circle sets the anywhere reading may build: about 100 MB


def candidates(board: Board) -> Domains:
    """Per region, the circles that may be its black one: its given black one (none if it
    has two), else its circles not given white."""
    out = {}
    for i, region in enumerate(board.regions):
        black = region & board.given_black
        out[i] = ((black if len(black) == 1 else frozenset()) if black else
                  (region & board.circles) - board.given_white)
    return out


def _groups_of(board: Board, chosen: Iterable[Triple]) -> list[list[int]]:
    """The regions (by index) joined by the chosen triples, each sorted, by first region."""
    index = region_of(board)
    group = {i: frozenset({i}) for i in range(len(board.regions))}    # region → its group
    for triple in chosen:
        joined = frozenset().union(*(group[index[c]] for c in triple))
        group.update(dict.fromkeys(joined, joined))
    return sorted({min(g): sorted(g) for g in group.values()}.values())


def groups(board: Board, reading: str = DEFAULT_READING) -> tuple[tuple[int, ...], ...]:
    """Regions (by index) joined wherever a live triple touches two, sorted by first region:
    the rule never crosses groups, so the count is the product of theirs.  [ND-07; ND-09]"""
    return tuple(tuple(g) for g in _groups_of(board, live_triples(board, reading)))


class Constraints(NamedTuple):
    """What engine 1 propagates: the chosen triples, filed under every circle they hold."""
    index: dict[Cell, int]                      # cell → region
    triples_through: dict[Cell, list[Triple]]   # circle → the chosen triples through it
    circles_of: dict[int, frozenset[Cell]]      # region → its circles
    forbidden: tuple[str, ...]                  # the colours no triple may stand in


def propagate(domains: Domains, todo: list[int], rules: Constraints) -> bool:
    """Forward checking to a fixpoint, shrinking `domains` in place from the regions `todo`: on
    a chosen triple through their circles two black (alone in their domains) make the third
    white; published, two white make it black.  False on an empty region or a forbidden triple."""
    index = rules.index

    def has(colour: str, c: Cell) -> bool:        # is circle c now of that colour?
        return domains[index[c]] == {c} if colour == "black" else c not in domains[index[c]]

    while todo:
        region = todo.pop()
        if not domains[region]:
            return False
        for triple in (t for c in rules.circles_of[region] for t in rules.triples_through[c]):
            for colour in rules.forbidden:
                rest = [c for c in triple if not has(colour, c)]     # not yet of that colour
                if not rest:
                    return False
                if len(rest) == 1:
                    last, i = rest[0], index[rest[0]]
                    shrunk = domains[i] - {last} if colour == "black" else domains[i] & {last}
                    if shrunk != domains[i]:
                        domains[i] = shrunk
                        todo.append(i)
    return True


def probe(domains: Domains, group: list[int], rules: Constraints) -> bool:
    """If assuming a circle black makes `propagate` contradict, that circle is white: drop it,
    propagate, sweep the group until nothing drops (failed-literal probing, the `probe` rung);
    False when a region loses every circle.  Before any branching it finds that bands of 2×2
    regions of circles have no published answer: a 3×41 band 0.006 s of CPU, not > 600 s."""
    changed = True
    while changed:
        changed = False
        for region in group:
            for cell in sorted(domains[region]):
                if len(domains[region]) < 2 or cell not in domains[region] or \
                        propagate({**domains, region: frozenset({cell})}, [region], rules):
                    continue
                domains[region] = domains[region] - {cell}
                if not propagate(domains, [region], rules):
                    return False
                changed = True
    return True


def search(domains: Domains, group: list[int], rules: Constraints) -> Iterator[Domains]:
    """Every way to finish `domains` over `group`, branching on the first fewest-left region."""
    still = [i for i in group if len(domains[i]) > 1]
    if not still:
        yield domains
        return
    region = min(still, key=lambda i: len(domains[i]))
    for cell in sorted(domains[region]):
        trial = {**domains, region: frozenset({cell})}
        if propagate(trial, [region], rules):
            yield from search(trial, still, rules)


def count_leaves(domains: Domains, group: list[int], rules: Constraints, cap: int) -> int:
    """How many ways `search` finishes `domains`, up to `cap`, a leaf adding one instead of
    being handed up: ND-10's twelve 12×12 boards take 2.0 s of CPU so, not 3.8 s."""
    still = [i for i in group if len(domains[i]) > 1]
    if not still:
        return 1
    region = min(still, key=lambda i: len(domains[i]))
    total = 0
    for cell in sorted(domains[region]):
        if total >= cap:
            break
        trial = {**domains, region: frozenset({cell})}
        if propagate(trial, [region], rules):
            total += count_leaves(trial, still, rules, cap - total)
    return total


def _roots(board: Board, chosen: tuple[Triple, ...], reading: str,
           start: Domains) -> tuple[Constraints, list[tuple[list[int], Domains | None]]]:
    """Engine 1's front door (BoardError past MAX_REGIONS), then each group with its domains
    propagated and probed (None when the group contradicts)."""
    if len(board.regions) > MAX_REGIONS:
        raise BoardError(f"a board of {len(board.regions)} regions is past engine 1's limit "
                         f"of {MAX_REGIONS} (it recurses once per region)")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), len(board.regions) + 1000))
    through: dict[Cell, list[Triple]] = {c: [] for c in board.circles}
    for triple in chosen:
        for c in triple:
            through[c].append(triple)
    rules = Constraints(region_of(board), through, {i: r & board.circles for i, r in
                        enumerate(board.regions)}, tuple(sorted(FORBIDDEN_COLOURS[reading])))
    out = []
    for group in _groups_of(board, chosen):
        domains = {i: start[i] for i in group}
        ok = propagate(domains, list(group), rules) and probe(domains, group, rules)
        out.append((group, domains if ok else None))
    return rules, out


def _parts(board: Board, chosen: tuple[Triple, ...], reading: str, start: Domains):
    """`_roots`, or None as soon as one group has no answer at all."""
    rules, roots = _roots(board, chosen, reading, start)
    return (rules, roots) if all(root is not None and next(search(dict(root), group, rules), None)
                                 is not None for group, root in roots) else None


def _product(rules: Constraints, roots: list[tuple[list[int], Domains]]) -> Iterator[Answer]:
    """Every union of one answer per group (its black circles), the first group slowest."""
    if not roots:
        yield frozenset()
        return
    (group, root), rest = roots[0], roots[1:]
    for done in search(dict(root), group, rules):
        first = frozenset(c for i in group for c in done[i])
        for others in _product(rules, rest):
            yield first | others


def solve(board: Board, reading: str = DEFAULT_READING) -> Iterator[Answer]:
    """Engine 1, every answer as its black circles: the live triples' groups, each propagated
    and probed at its root and backtracked, their product.  ValueError for an unknown
    reading, BoardError past MAX_REGIONS.  [ND-04; ND-07; ND-18]"""
    yield from solve_with_triples(board, live_triples(board, reading), reading)


def count_answers(board: Board, reading: str = DEFAULT_READING, cap: int = COUNT_CAP) -> Count:
    """Engine 1's count, the product of the groups' counts up to `cap`: Count(min(total, cap),
    total >= cap).  ValueError for a bad reading or cap, BoardError as solve.  [ND-07; ND-10]"""
    live = live_triples(board, reading)
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    rules, roots = _roots(board, live, reading, candidates(board))
    counts = [root and count_leaves(dict(root), group, rules, cap) for group, root in roots]
    total = 0 if not all(counts) else math.prod(counts)
    return Count(min(total, cap), total >= cap)


def root_domains(board: Board, reading: str = DEFAULT_READING) -> tuple[frozenset[Cell], ...]:
    """Per region, the circles engine 1 allows before it branches (none in a group that
    contradicts at its root): no answer paints others black.  Raises as solve.  [ND-18]"""
    _, roots = _roots(board, live_triples(board, reading), reading, candidates(board))
    found = {i: domain for _, root in roots for i, domain in (root or {}).items()}
    return tuple(found.get(i, frozenset()) for i in range(len(board.regions)))


def paints_black(board: Board, cell: Cell, reading: str = DEFAULT_READING) -> bool:
    """Whether some answer paints `cell` black: engine 1 with its region held to it.
    ValueError for an unknown reading.  [ND-13; ND-14]"""
    _check_reading(reading)
    start = candidates(board)
    region = region_of(board)[cell]
    start[region] = start[region] & {cell}
    return _parts(board, live_triples(board, reading), reading, start) is not None


# === Both ways of misquoting "three in a row" delete the puzzle (ND-10, ND-11, ND-12) ===
# ND-10 and ND-11 are count_answers under 'no-diagonals' and 'anywhere'; then the counts.

# Tribonacci, OEIS A000073, a(0..20): a(L+3) black sets on L circles, no three consecutive
A000073 = (0, 0, 1, 1, 2, 4, 7, 13, 24, 44, 81, 149, 274, 504, 927, 1705, 3136, 5768,
           10609, 19513, 35890)
# Lazy caterer, OEIS A000124, a(0..15) = 1 + n(n+1)/2: a(L) black sets of at most two
A000124 = (1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 67, 79, 92, 106, 121)
# OEIS A181218, a(1..8): n×n 0/1 grids, no three 1s consecutive in any row, column, diagonal
A181218 = (2, 16, 230, 10732, 1495392, 507962194, 493466099722, 1328921689649459)


def count_line_fillings(length: int, reading: str = DEFAULT_READING) -> int:
    """Black sets on a line of `length` circles (regions ignored; ValueError for a bad reading),
    by recurrence: no three consecutive blacks, A000073(L+3); anywhere, at most two, A000124(L);
    published, no three of one colour, 2·Fibonacci(L+1), L ≥ 1.  [ND-11; OEIS A000073, A000124]"""
    _check_reading(reading)
    if reading == "anywhere":
        return 1 + length + length * (length - 1) // 2
    if length == 0:
        return 1
    if reading == "published":
        one, two = 2, 0                       # ends in a run of 1 or 2, either colour
        for _ in range(length - 1):
            one, two = two + one, one
        return one + two
    white, black1, black2 = 1, 1, 0           # ends in white / one black / two blacks
    for _ in range(length - 1):
        white, black1, black2 = white + black1 + black2, white, black1
    return white + black1 + black2


def count_full_grids(n: int) -> int:
    """n×n grids of circles, no three blacks consecutive in a line, regions ignored, by a
    transfer matrix in exact integers: rows are bit masks (bit j: column j black), a state
    (last row, mask), `mask` the columns where a black would complete a vertical or diagonal
    three, and row r may follow iff r & mask == 0.  ValueError for n < 1.
    [ND-12; OEIS A181218]  # count_full_grids(3) → 230"""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    full = (1 << n) - 1
    rows = [r for r in range(1 << n) if r & (r >> 1) & (r >> 2) == 0]
    ways = {(row, 0): 1 for row in rows}         # (last row, mask) → grids so far
    for _ in range(n - 1):
        after: dict[tuple[int, int], int] = {}
        for (b, mask), count in ways.items():
            for r in rows:
                if r & mask == 0:
                    key = (r, (b & r) | ((b << 2) & (r << 1) & full) | ((b >> 2) & (r >> 1)))
                    after[key] = after.get(key, 0) + count
        ways = after
    return sum(ways.values())


# === The dial is how many white circles you dare add (ND-13, ND-14) ===
# Only Random.random() is used: choice/shuffle/randrange are not stable across versions.
MEAN_REGION_SIZE = 3.0   # not in the write-up: the region fit's estimate (checks/fits.py)


def random_regions(rows: int, cols: int, rng: random.Random,
                   mean_size: float = 3.2) -> tuple[Region, ...]:
    """Connected regions of about `mean_size` cells covering the grid: round(cells / mean_size)
    random seeds, then a smallest growable region (ties at random) takes a random free neighbour."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count = max(1, min(len(cells), round(len(cells) / mean_size)))
    members = [[cell] for cell in common.shuffled(rng, cells)[:count]]
    owner = {cell: i for i, part in enumerate(members) for cell in part}
    near = common.grid_neighbours(rows, cols)     # cell → its neighbours on the grid
    frontier = [{n for n in near[part[0]] if n not in owner} for part in members]
    while len(owner) < len(cells):
        growing = [i for i in range(count) if frontier[i]]
        size = min(len(members[i]) for i in growing)
        choices = [i for i in growing if len(members[i]) == size]
        i = choices[common.below(rng, len(choices))]
        free = sorted(frontier[i])
        cell = free[common.below(rng, len(free))]
        owner[cell] = i
        members[i].append(cell)
        for n in near[cell]:
            if n in owner:
                frontier[owner[n]].discard(cell)
        frontier[i] |= {n for n in near[cell] if n not in owner}
    return _canonical_regions(members)


def _threes_through(cell: Cell) -> list[tuple[Cell, Cell]]:
    """The pairs of cells that make three consecutive cells with `cell` in a row, column
    or diagonal (off-grid cells too): the two before it, one each side, the two after."""
    r, c = cell
    return [((r + j * dr, c + j * dc), (r + k * dr, c + k * dc))
            for dr, dc in _EVERY_WAY for j, k in ((-2, -1), (-1, 1), (1, 2))]


def draw_answer(regions: tuple[Region, ...], rng: random.Random,
                budget: int = 2000) -> Answer | None:
    """One black cell per region, no three consecutive in a line (so an answer under every
    consecutive reading), or None after `budget` placements: place one in the region with the
    fewest cells left (shuffled), strike the cells it would make three with, recurse."""
    black: set[Cell] = set()
    tries = 0

    def place(allowed: dict[int, list[Cell]]) -> bool:
        nonlocal tries
        if not allowed:
            return True
        i = min(allowed, key=lambda j: len(allowed[j]))      # keys in index order
        for cell in allowed[i]:
            tries += 1
            if tries > budget:
                return False
            black.add(cell)
            struck = {y for x, y in _threes_through(cell) if x in black} | \
                     {x for x, y in _threes_through(cell) if y in black}    # its new threes
            rest = {j: [c for c in cells if c not in struck]
                    for j, cells in allowed.items() if j != i}
            if all(rest.values()) and place(rest):
                return True
            black.discard(cell)
        return False

    start = {i: common.shuffled(rng, sorted(region)) for i, region in enumerate(regions)}
    return frozenset(black) if place(start) else None


def certified_cells(regions: tuple[Region, ...], answer: Answer,
                    rows: int, cols: int) -> list[Cell]:
    """The cells, sorted, that as white circles would have a certificate (three consecutive
    cells, the other two black outside its region): the only ones ever ruled out.  [ND-13]"""
    index = {cell: i for i, region in enumerate(regions) for cell in region}
    return [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in answer and
            any(x in answer and y in answer and index[x] != index[(r, c)] != index[y]
                for x, y in _threes_through((r, c)))]


def add_circle(board: Board, cell: Cell) -> Board:
    """One more circle at `cell`, the answer kept (one still under the black readings).  [ND-13]"""
    return board.replace(circles=board.circles | {cell})


def _generated(rows: int, cols: int, seed: int, mean_size: float):
    """Regions, then an answer; new regions from the same stream until an answer exists."""
    rng = random.Random(seed)
    while True:
        regions = random_regions(rows, cols, rng, mean_size)
        answer = draw_answer(regions, rng)
        if answer is not None:
            return rng, regions, answer


def dial_board(rows: int, cols: int, k: int, seed: int,
               mean_size: float = MEAN_REGION_SIZE) -> Board:
    """The dial: regions, an answer, then k certified white circles at random (fewer if
    fewer are certified), unchecked; the drawn answer stays, so never zero answers.  [ND-13]"""
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    order = common.shuffled(rng, certified_cells(regions, answer, rows, cols))
    return Board(rows, cols, regions, answer | frozenset(order[:k]), answer=answer,
                 metadata=(("generator", f"dial k={k} seed={seed}"),))


def bank_board(rows: int, cols: int, seed: int, mean_size: float = MEAN_REGION_SIZE,
               reading: str = DEFAULT_READING) -> Board:
    """The write-up's generator: regions, an answer, then each certified cell in random order
    kept as a white circle when the drawn answer stays the only one under `reading` (so none
    making three white under published).  ValueError for a bad reading.  [ND-13; ND-14; X-02]"""
    _check_reading(reading)
    rng, regions, answer = _generated(rows, cols, seed, mean_size)
    board = Board(rows, cols, regions, answer, answer=answer,
                  metadata=(("generator", f"bank seed={seed} reading={reading}"),))
    for cell in common.shuffled(rng, certified_cells(regions, answer, rows, cols)):
        trial = add_circle(board, cell)
        # an answer of `trial` with `cell` white is one of `board`, so `trial` is unique
        # exactly when the drawn answer holds and no answer paints `cell` black
        holds = "white" not in FORBIDDEN_COLOURS[reading] or is_answer(trial, answer, reading)
        if holds and not paints_black(trial, cell, reading):
            board = trial
    return board


# === Boards do not happen by accident (ND-15) ===

def random_board(rows: int, cols: int, seed: int, circle_rate: float = 0.5,
                 mean_size: float = 3.2, given_rate: float = 0.0) -> Board:
    """Random regions, then each cell a circle with probability `circle_rate`, each circle
    pre-coloured (black or white, even odds) with probability `given_rate`.  [ND-15]"""
    rng = random.Random(seed)
    regions = random_regions(rows, cols, rng, mean_size)
    circles = frozenset((r, c) for r in range(rows) for c in range(cols)
                        if rng.random() < circle_rate)
    black, white = set(), set()
    for cell in sorted(circles):
        if given_rate and rng.random() < given_rate:
            (black if rng.random() < 0.5 else white).add(cell)
    return Board(rows, cols, regions, circles, frozenset(black), frozenset(white),
                 metadata=(("generator", f"random rate={circle_rate} seed={seed}"),))


# === What I expected and did not find (ND-17) ===

_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def clustering(boards: Iterable[Board]) -> Clustering:
    """(black circles of the answers, those with a black 8-neighbour, the share expected if
    each region picked its circle uniformly and independently, and per board the three),
    exactly: Σ_c P(c picked) · (1 − Π_j (1 − n_j(c) / |C_j|)) over the other regions j,
    n_j(c) being c's neighbours among region j's circles C_j.  [ND-17]"""
    rows = []
    for board in boards:
        index, answer = region_of(board), board.answer
        circles_of = [r & board.circles for r in board.regions]
        expected = 0.0
        for r, c in board.circles:
            near = Counter(index[o] for o in ((r + dr, c + dc) for dr, dc in _EIGHT)
                           if o in board.circles and index[o] != index[(r, c)])  # j → n_j(c)
            alone = math.prod(1 - n / len(circles_of[j]) for j, n in near.items())
            expected += (1 - alone) / len(circles_of[index[(r, c)]])
        hits = sum(any((r + dr, c + dc) in answer for dr, dc in _EIGHT) for r, c in answer)
        rows.append((len(answer), hits, expected))
    black = sum(b for b, _, _ in rows)
    return Clustering(black, sum(h for _, h, _ in rows),
                      sum(e for _, _, e in rows) / black if black else 0.0, tuple(rows))


# === Two engines (ND-18) ===
# Engine 1 is `solve`; engine 2 (twins/) shares nothing, trying every circle per region.


# === Plumbing: board files, puzz.link links, the command line ===

GENRE = "nondango"               # first line of a board file
PZPRJS_GENRE = "nondango"        # the genre of puzz.link links and pzprv3 files
BLACK, WHITE, NO_CIRCLE = "#", "o", "."         # answer picture symbols
CIRCLE, GIVEN_BLACK, GIVEN_WHITE = "o", "B", "W"  # circles picture symbols
LINK_READING = "published"       # the rule puzz.link checks (pzprjs nondango.js)
LEGEND = ("regions: a label per region; circles: o circle, B given black, W given white, "
          ". no circle; answer: # black circle, o white circle, . no circle")


def parse(text: str, source: str = "<string>") -> Board:
    """The Board a board file describes (boards/README.md).  BoardError naming source:line:
    column for a malformed file, a region label in two places that do not touch, or an
    answer that does not fit the circles and givens; a region without a circle is legal."""
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
    return Board(sheet.rows, sheet.cols, _canonical_regions(regions.values()), frozenset(circles),
                 frozenset(marks[GIVEN_BLACK]), frozenset(marks[GIVEN_WHITE]),
                 frozenset(black) if "answer" in sheet.pictures else None, sheet.metadata,
                 tuple((frozenset(cells), label) for label, cells in regions.items()))


def answer_rows(board: Board, answer: Answer) -> list[str]:
    """The answer picture, one string per row (symbols in LEGEND)."""
    return [" ".join(BLACK if (r, c) in answer else WHITE if (r, c) in board.circles
                     else NO_CIRCLE for c in range(board.cols)) for r in range(board.rows)]


def picture(board: Board, answer: Answer | None = None) -> str:
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


def load(source: str) -> Board:
    """The board in `source`, a board file, a pzprv3 file or text, or a puzz.link URL;
    BoardError naming the place for bad input, an unreadable file or a Dosun-Fuwari board."""
    return puzzlink.load(source, parse, from_record)


def from_record(puzzle: puzzlink.Puzzle, source: str = "<url>") -> Board:
    """The Board of a puzz.link record; its markers and a link's own walls go to the
    metadata.  Raises BoardError, naming `source`, for a record of another genre."""
    black = puzzlink.answer_cells(puzzle, source, PZPRJS_GENRE, (BLACK,))
    return Board(rows=puzzle.rows, cols=puzzle.cols, regions=puzzlink.rooms_of(puzzle),
                 circles=puzzle.circles, answer=None if black is None else black[0],
                 metadata=puzzlink.metadata_of(puzzle))


def to_record(board: Board) -> puzzlink.Puzzle:
    """The puzz.link record of a Board (inverse of from_record).  BoardError for given circles
    (neither format has them), a side outside 1..100, or a region in pieces.  [X-03; nondango.js]"""
    if board.given_black or board.given_white:
        raise BoardError("puzz.link's Nondango has no given circles; this board gives "
                         f"{sorted(board.given_black | board.given_white)}")
    answer = None if board.answer is None else "".join(      # the symbols in reading order
        answer_rows(board, board.answer)).replace(" ", "")
    return puzzlink.record_of(PZPRJS_GENRE, board.rows, board.cols, board.regions,
                              board.metadata, answer, circles=board.circles, what="region")


def main(argv: list[str] | None = None) -> int:
    """python nondango.py BOARD [--reading R] [--cap N] [--json] [--url]: the board, the
    reading, the answer count up to the cap and the first answers (plumbing/cli.py)."""
    return cli.solve_command(sys.modules[__name__], argv, "nondango.py",
                             "Count the answers of a Nondango board and draw the first three.")


if __name__ == "__main__":
    cli.run(main)
