"""Both puzzles as answer set programs for clingo, written from the rules text alone (the
second generic solver, beside CP-SAT).

Like bench/cpsat_models.py this module shares nothing with the engines but the Board
classes it reads.  It needs clingo (`python -m pip install -e '.[bench]'`); nothing outside
`bench/` imports it.  Each rule of the puzzle is one line of the program; the board is a
list of facts.

Dosun-Fuwari, facts white(R,C), in_room(R,C,K), room(K):
    every room                  exactly one balloon and exactly one iron ball
    a cell                      holds at most one piece
    a balloon                   under a white cell needs a balloon there (loose: a piece);
                                the top row and a black cell above hold it
    an iron ball                mirrored, over a white cell
    One rule per direction (the cell above, the cell below), not a variable offset: with
    an offset the grounder builds every (cell, offset) pair and is about 40 times slower.
Nondango, facts circle(R,C), in_region(R,C,K), region(K), given_black(R,C), given_white(R,C):
    every region                exactly one black circle
    a given black / white       stands
    three consecutive circles   not all black, one rule per direction (row, column, two
                                diagonals; no-diagonals: rows and columns only)
    published reading           also not all white
    anywhere reading            at most two black circles in a row, column or diagonal
                                (facts on_line(R,C,L)), instead of the consecutive rule

    count_dosun_fuwari(board, "official", cap=2) → PeerCount(count=1, capped=False, answers=[…])

Roads not taken: one program with the board as facts read from a file, as noqx does; the
facts are built in memory here so that the time measured is grounding and solving only.
"""

from __future__ import annotations

import os
import sys
from typing import NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import clingo  # noqa: E402

import dosun_fuwari as df  # noqa: E402
import nondango as nd  # noqa: E402

__all__ = ["PeerCount", "count_dosun_fuwari", "count_nondango",
           "DF_PROGRAM", "ND_PROGRAM"]

Cell = tuple[int, int]  # (row, col), row 0 at the top


class PeerCount(NamedTuple):
    """An answer count from clingo: at most `cap` answers, `capped` when it stopped there;
    `answers` as the engines give them."""

    count: int
    capped: bool
    answers: list


# === The programs ===

DF_PROGRAM = {
    "official": """
1 { balloon(R,C) : in_room(R,C,K) } 1 :- room(K).
1 { iron(R,C) : in_room(R,C,K) } 1 :- room(K).
:- balloon(R,C), iron(R,C).
:- balloon(R,C), white(R-1,C), not balloon(R-1,C).
:- iron(R,C), white(R+1,C), not iron(R+1,C).
""",
    "loose": """
1 { balloon(R,C) : in_room(R,C,K) } 1 :- room(K).
1 { iron(R,C) : in_room(R,C,K) } 1 :- room(K).
:- balloon(R,C), iron(R,C).
:- balloon(R,C), white(R-1,C), not balloon(R-1,C), not iron(R-1,C).
:- iron(R,C), white(R+1,C), not iron(R+1,C), not balloon(R+1,C).
""",
    "no-stacking": """
1 { balloon(R,C) : in_room(R,C,K) } 1 :- room(K).
1 { iron(R,C) : in_room(R,C,K) } 1 :- room(K).
:- balloon(R,C), iron(R,C).
:- balloon(R,C), white(R-1,C).
:- iron(R,C), white(R+1,C).
""",
}

_ND_REGIONS = """
1 { black(R,C) : in_region(R,C,K) } 1 :- region(K).
:- given_black(R,C), not black(R,C).
:- given_white(R,C), black(R,C).
"""
_ND_BASE = _ND_REGIONS + """
:- black(R,C), black(R,C+1), black(R,C+2).
:- black(R,C), black(R+1,C), black(R+2,C).
"""
_ND_DIAGONALS = """
:- black(R,C), black(R+1,C+1), black(R+2,C+2).
:- black(R,C), black(R+1,C-1), black(R+2,C-2).
"""
_ND_WHITE = """
white(R,C) :- circle(R,C), not black(R,C).
:- white(R,C), white(R,C+1), white(R,C+2).
:- white(R,C), white(R+1,C), white(R+2,C).
:- white(R,C), white(R+1,C+1), white(R+2,C+2).
:- white(R,C), white(R+1,C-1), white(R+2,C-2).
"""
_ND_ANYWHERE = """
:- line(L), #count { R,C : black(R,C), on_line(R,C,L) } > 2.
"""
ND_PROGRAM = {
    "write-up": _ND_BASE + _ND_DIAGONALS,
    "published": _ND_BASE + _ND_DIAGONALS + _ND_WHITE,
    "no-diagonals": _ND_BASE,
    "anywhere": _ND_REGIONS + _ND_ANYWHERE,
}


# === Solving ===

def _enumerate(program: str, shown: tuple[str, ...], cap: int,
               limit: float | None) -> list[list[tuple[str, Cell]]]:
    """Ground and solve `program`, returning up to `cap` answers, each the list of its
    `shown` atoms as (name, (row, col)); TimeoutError after `limit` seconds."""
    control = clingo.Control([str(cap), "--warn=none"])
    control.add("base", [], program + "".join(f"\n#show {name}/2." for name in shown))
    control.ground([("base", [])])
    answers: list[list[tuple[str, Cell]]] = []

    def on_model(model) -> None:
        answers.append([(s.name, tuple(a.number for a in s.arguments))
                        for s in model.symbols(shown=True)])

    with control.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(limit if limit is not None else -1):
            handle.cancel()
            raise TimeoutError(f"clingo did not finish in {limit} s")
        handle.get()
    return answers


def count_dosun_fuwari(board: df.Board, reading: str = "official", cap: int = 2,
                       limit: float | None = None) -> PeerCount:
    """Count the answers of a Dosun-Fuwari board under `reading`, stopping at `cap`.
    Raises TimeoutError after `limit` seconds."""
    facts = [f"white({r},{c})." for r in range(board.rows) for c in range(board.cols)
             if (r, c) not in board.black]
    for k, room in enumerate(board.rooms):
        facts.append(f"room({k}).")
        facts += [f"in_room({r},{c},{k})." for r, c in sorted(room)]
    found = _enumerate("\n".join(facts) + DF_PROGRAM[reading], ("balloon", "iron"), cap, limit)
    answers = [df.Answer(frozenset(cell for name, cell in a if name == "balloon"),
                         frozenset(cell for name, cell in a if name == "iron")) for a in found]
    return PeerCount(len(answers), len(answers) >= cap, answers)


def count_nondango(board: nd.Board, reading: str = "write-up", cap: int = 2,
                   limit: float | None = None) -> PeerCount:
    """Count the answers of a Nondango board under `reading` ('write-up', 'published',
    'no-diagonals' or 'anywhere'), stopping at `cap`.  Raises ValueError for another reading and
    TimeoutError after `limit` seconds."""
    if reading not in ND_PROGRAM:
        raise ValueError(f"no clingo program for the reading {reading!r}")
    facts = [f"circle({r},{c})." for r, c in sorted(board.circles)]
    for k, region in enumerate(board.regions):
        facts.append(f"region({k}).")
        facts += [f"in_region({r},{c},{k})." for r, c in sorted(region & board.circles)]
    facts += [f"given_black({r},{c})." for r, c in sorted(board.given_black)]
    facts += [f"given_white({r},{c})." for r, c in sorted(board.given_white)]
    if reading == "anywhere":      # a line: a row, a column or a diagonal, numbered
        lines = {}
        for r, c in sorted(board.circles):
            for key in (("row", r), ("column", c), ("diagonal", r - c), ("antidiagonal", r + c)):
                number = lines.setdefault(key, len(lines))
                facts.append(f"on_line({r},{c},{number}).")
        facts += [f"line({number})." for number in lines.values()]
    found = _enumerate("\n".join(facts) + ND_PROGRAM[reading], ("black",), cap, limit)
    return PeerCount(len(found), len(found) >= cap,
                     [frozenset(cell for _, cell in a) for a in found])
