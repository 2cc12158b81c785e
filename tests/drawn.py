"""Random small boards beyond what the generators draw, for the lesson files: any black cells
and any connected rooms (Dosun-Fuwari), any connected regions, circles and givens
(Nondango).  One way to draw a connected partition, `connected_parts`, serves both puzzles.
Not a lesson file: it holds the strategies the lessons share, and no test."""

from __future__ import annotations

from hypothesis import strategies as st

import dosun_fuwari as df
import nondango as nd

EVEN = st.booleans()                           # a pair of neighbours joined one time in two
MOSTLY = st.integers(0, 3).map(bool)           # joined three times in four


def connected_parts(draw, cells: list, join: st.SearchStrategy = EVEN) -> list[frozenset]:
    """Connected parts of `cells`: each pair of neighbours among them (right, then down, in
    the order of `cells`) joined when `join` draws True.  Every partition of `cells` into
    connected parts can come out: join along a spanning tree of each part."""
    parent = {cell: cell for cell in cells}

    def find(cell):
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for r, c in cells:
        for other in ((r, c + 1), (r + 1, c)):
            if other in parent and draw(join):
                parent[find(other)] = find((r, c))
    parts: dict = {}
    for cell in cells:
        parts.setdefault(find(cell), set()).add(cell)
    return [frozenset(part) for part in parts.values()]


@st.composite
def df_boards(draw, max_side: int = 5, max_white: int | None = None,
              join: st.SearchStrategy = EVEN) -> df.Board:
    """Any Dosun-Fuwari board up to max_side x max_side: any black cells (at most `max_white`
    white ones, the rest turned black), then rooms as connected parts of the white cells.
    Far more than the generator draws; mostly no answer."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    black = {cell for cell in grid if draw(st.booleans())}
    white = [cell for cell in grid if cell not in black]
    if max_white is not None and len(white) > max_white:
        black |= set(white[max_white:])
        white = white[:max_white]
    return df.make_board(rows, cols, black, connected_parts(draw, white, join))


@st.composite
def nd_boards(draw, max_side: int = 5, givens: bool = True, max_cells: int = 25,
              min_side: int = 1, join: st.SearchStrategy = EVEN) -> nd.Board:
    """Any Nondango board from min_side to max_side a side and at most `max_cells` cells:
    regions as connected parts of the grid, each cell a circle three times in four, and with
    `givens` each circle given black one time in ten and given white one time in ten."""
    rows = draw(st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, min(max_side, max(min_side, max_cells // rows))))
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    regions = tuple(sorted(connected_parts(draw, grid, join), key=min))
    circles = frozenset(cell for cell in grid if draw(st.integers(0, 3)) > 0)
    black, white = frozenset(), frozenset()
    if givens:
        paint = {cell: draw(st.sampled_from("--------BW")) for cell in sorted(circles)}
        black = frozenset(cell for cell, mark in paint.items() if mark == "B")
        white = frozenset(cell for cell, mark in paint.items() if mark == "W")
    return nd.Board(rows, cols, regions, circles, black, white)
