"""The write-ups' ideas as the play page draws them, each computed by the puzzle modules'
own functions and handed to the page as data (cells as indices in reading order): nothing
here or in the page's script works an idea out a second time.

    df_ideas(board, "official")  → {"runs": [...], "starved": [5, 8], "placement": {...}}
    nd_ideas(board, "write-up")
        → {"live": [...], "dead": [...], "groups": [...], "product": {...}}
    certificates(board, "write-up", black circles) → [{"cell": 9, "triples": [[0, 9, 18]], …}]

Each idea is a toggle on the page with one sentence of the write-up's reasoning beside it
(IDEAS, quoted from the write-ups), and the claims it illustrates.

Dosun-Fuwari ("The grid is a decoy", "A run-top is always a legal balloon"):
    runs        `dosun_fuwari.runs`, each with its run-top and run-bottom and its number of
                run states under the reading (`count_run_states`)  [DF-02, DF-03, DF-06, DF-07]
    starved     `dosun_fuwari.starved_rooms`: the rooms that hold no run-top  [DF-12, DF-14]
    placement   `dosun_fuwari.placement_space`, shown as the product of the runs' counts  [DF-04]
Nondango ("Two of the three circles can live in the same region", "One swap", "No live
triple, no puzzle at all"):
    live, dead  `nondango.live_triples`, `nondango.dead_triples`; a dead triple with the
                region that holds two of its circles  [ND-02, ND-03]
    certificates  `nondango.certificates` of each white circle of a solved board  [ND-05]
    groups      `nondango.groups`, each with its answer count (`count_answers` of the
                group alone), and their product, the board's count  [ND-07, ND-09]
"""

from __future__ import annotations

import math
from typing import Iterable

import common
import dosun_fuwari as df
import nondango as nd

__all__ = ["IDEAS", "df_ideas", "nd_ideas", "group_board", "certificates", "ideas"]

Cell = tuple[int, int]  # (row, col), row 0 at the top

# key → (the toggle's words, the write-up's sentence, the claims, the puzzle)
IDEAS = {
    "runs": ("Runs", "Take any maximal vertical strip of white cells — call it a run. Inside it "
             "the balloons have to be a prefix and the iron balls a suffix, because a balloon can "
             "only be held by the balloon above it and an iron ball only by the iron ball below; "
             "so a run of length L has exactly (L+1)(L+2)/2 states.", "DF-02, DF-03",
             "dosun-fuwari"),
    "starved": ("Starved rooms", "If every room contains at least one run-top, every room picks "
                "its balloon from its own tops; a starved room is given no run-top whatsoever, so "
                "its balloon has to be stacked on a balloon that lives in some other room, which "
                "reaches across and pins that room's choice too.", "DF-12, DF-14", "dosun-fuwari"),
    "placement": ("Placement space", "The placement space of a whole board is the product over "
                  "its runs of their numbers of states: nothing about where the cells are "
                  "matters, only how long the strips are.", "DF-04, DF-05", "dosun-fuwari"),
    "live": ("Live triples", "A forbidden set is three circles in three consecutive cells of a "
             "row, a column or a diagonal; one that touches three regions can fire: it is live.",
             "ND-02, ND-03", "nondango"),
    "dead": ("Dead triples", "A region only ever paints one circle black, so if two of the three "
             "circles sit in the same region they can never both be black, and the set is "
             "satisfied before the puzzle starts. It is dead.", "ND-02, ND-03", "nondango"),
    "certificates": ("Certificates", "Move one region's black circle onto another of its "
                     "circles: the only thing that can make it illegal is a line of three through "
                     "the circle just painted whose other two circles were already black. Call "
                     "that line the circle's certificate.", "ND-05, ND-06", "nondango"),
    "groups": ("Groups", "Join two regions when a live triple touches both. The rule never "
               "crosses from one connected group to another, so the answers of the groups are "
               "independent and the total is their product.", "ND-07, ND-09", "nondango"),
}
READING_NOTES = {     # what changes under a reading, beside the sentence of the write-up
    ("runs", "loose"): "Under the loose reading a run's states stop being a prefix and a suffix: "
                       "their counts are A095263, not the triangular numbers.",
    ("runs", "no-stacking"): "Without stacking a run has 3 states if it is one cell long, else 4.",
    ("dead", "published"): "Under the published rule three white circles are forbidden too, so a "
                           "triple is dead only when it can be neither all black nor all white.",
}


def _index(board, cell: Cell) -> int:
    return cell[0] * board.cols + cell[1]


def _indices(board, cells: Iterable[Cell]) -> list[int]:
    return [_index(board, cell) for cell in cells]


def df_ideas(board: df.Board, reading: str) -> dict:
    """The Dosun-Fuwari ideas of `board` under `reading`: `runs` (cells top to bottom, the
    run-top and run-bottom, length, number of run states), `starved` (room indices), and
    `placement` (the product of the runs' state counts, exact as a decimal string, and its
    decimal digits and log10).  [DF-02, DF-03, DF-04, DF-12, DF-14]"""
    runs = []
    for run in df.runs(board):
        runs.append({"cells": _indices(board, run.cells), "top": _index(board, (run.top, run.col)),
                     "bottom": _index(board, (run.bottom, run.col)), "length": run.length,
                     "states": df.count_run_states(run.length, reading)})
    space = df.placement_space(board, reading)
    return {"runs": runs, "starved": list(df.starved_rooms(board)),
            "tops": sorted(_indices(board, df.run_tops(board))),
            "placement": {"value": str(space),
                          "log10": round(math.log10(space), 1) if space else None}}


def group_board(board: nd.Board, group: Iterable[int]) -> nd.Board:
    """The board of one group alone: its regions, their circles and givens, nothing else.
    Its answer count is the group's factor of the board's count, as no live triple leaves
    a group.  [ND-07]"""
    regions = tuple(board.regions[i] for i in group)
    cells = frozenset().union(*regions)
    return board.replace(regions=regions, circles=board.circles & cells,
                         given_black=board.given_black & cells,
                         given_white=board.given_white & cells, answer=None)


def nd_ideas(board: nd.Board, reading: str) -> dict:
    """The Nondango ideas of `board` under `reading`: `live` triples (cell indices in line
    order), `dead` triples with the region that holds two (or three) of their circles and
    those circles, `groups` (region indices, and each group's answer count and whether
    counting stopped at the cap) and their `product`.  Under the anywhere reading, where
    any three circles of a line are a triple (thousands on a 12x12 board), `live` holds
    the live lines (`nondango.live_lines`, each line's circles once) and `dead` the lines
    of three circles or more whose every triple is dead, with `unit` "line" ("triple"
    elsewhere) and the numbers of live and dead triples (`liveTriples`, `deadTriples`).
    [ND-02, ND-03, ND-07, ND-09, ND-11]"""
    region_of = nd.region_of(board)
    groups = []
    for group in nd.groups(board, reading):
        count = nd.count_answers(group_board(board, group), reading)
        groups.append({"regions": list(group), "count": count.count, "capped": count.capped})
    total = math.prod(g["count"] for g in groups)
    out = {"groups": groups, "product": {"value": str(total),
                                         "capped": any(g["capped"] for g in groups)},
           "unit": "triple"}
    if reading == "anywhere":
        live = nd.live_lines(board)
        dead = [line for line in nd.lines(board.rows, board.cols)
                if len([c for c in line if c in board.circles]) >= 3]
        dead = [tuple(c for c in line if c in board.circles) for line in dead]
        dead = [line for line in dead if line not in live]
        out.update(unit="line", live=[_indices(board, line) for line in live],
                   dead=[_shared(board, region_of, line) for line in dead],
                   liveTriples=len(nd.live_triples(board, reading)),
                   deadTriples=len(nd.dead_triples(board, reading)))
        return out
    out.update(live=[_indices(board, t) for t in nd.live_triples(board, reading)],
               dead=[_shared(board, region_of, t) for t in nd.dead_triples(board, reading)])
    return out


def _shared(board: nd.Board, region_of: dict[Cell, int], cells: tuple[Cell, ...]) -> dict:
    """A dead triple (line) as the page draws it: its circles, the regions holding two or
    more of them (`shared`), and two circles of the first such region (`pair`)."""
    regions = [region_of[c] for c in cells]
    shared = sorted({g for g in regions if regions.count(g) > 1})
    pair = [c for c in cells if region_of[c] == shared[0]][:2] if shared else []
    return {"cells": _indices(board, cells), "shared": shared, "pair": _indices(board, pair)}


def ideas(board, reading: str) -> dict:
    """`df_ideas` or `nd_ideas`, by the board's puzzle."""
    return df_ideas(board, reading) if isinstance(board, df.Board) else nd_ideas(board, reading)


def certificates(board: nd.Board, reading: str, black: frozenset[Cell]) -> list[dict] | None:
    """For marks that are an answer under `reading` (`black`: its black circles), each white
    circle with its certificates (`nondango.certificates`: live triples through it whose
    other two circles are black, in other regions) and whether a single move could paint it
    black at all (`free_white_circles`); None when the marks are not an answer.  [ND-05]"""
    if not nd.is_answer(board, black, reading):
        return None
    free = nd.free_white_circles(board, black)
    return [{"cell": _index(board, cell), "free": cell in free,
             "triples": [_indices(board, t) for t in nd.certificates(board, black, cell, reading)]}
            for cell in sorted(board.circles - black)]


def certificate_words(board: nd.Board, found: list[dict]) -> str:
    """One sentence on the certificates of a solved board: how many white circles have one,
    and which free circles have none (a move there is another answer)."""
    free = [c for c in found if c["free"]]
    without = [common.position(divmod(c["cell"], board.cols)) for c in free if not c["triples"]]
    said = (f"{len(free) - len(without)} of the {len(free)} white circles a move could paint "
            f"have a certificate")
    if not without:
        return said + ": every single move is illegal, as on a board with one answer."
    return said + f"; {', '.join(without[:6])} {'has' if len(without) == 1 else 'have'} none, so " \
                  f"moving its region's black circle there is another answer."
