"""The propagation ladders of Dosun-Fuwari and Nondango: what each rung proves, and grading.

Each write-up ends with "The ladder": rungs, each a stronger propagator than the one below,
over the domains the complete solver uses.  This module builds both ladders, says per cell
what a rung proves, and grades a board by the lowest rung that finishes it.  The model is
aima-python's csp.py: `df_run` is the do-nothing rung (its `no_inference`), `df_profile` and
`nd_triple` are generalised arc consistency (its `AC3`), and `probe` is singleton
consistency over them.  [DF-18, DF-19, ND-16]

    python ladder.py BOARD [--rung NAME] [--reading R]

Glossary (write-up terms, with an example value)
    run          a maximal vertical strip of white cells, `dosun_fuwari.Run(col=2, top=0, bottom=3)`
    filling      one legal filling of a run seen alone, top to bottom over "o*.", e.g. "o.*"
    room         a set of white cells that holds one balloon and one iron ball
    profile      what one filling puts into one room: (balloons, iron balls), e.g. (1, 0)
    region       a set of cells holding exactly one black circle
    domain       what is still possible for one variable: a run's fillings, e.g. {"o.*", "..*"},
                 or the circles of a region that can still be black, e.g. {(0, 1), (2, 2)}
    domains      one domain per run (`dosun_fuwari.runs` order) or region (`board.regions` order)
    rung         `rung(board, domains, reading) -> domains`: only removes values; `Contradiction` if one empties
    LADDER       the rungs, weakest first: Dosun-Fuwari run, room, profile, probe, search; Nondango region,
                 triple, probe, search
    pinned       a room (region) every cell of which a rung decides
    knot         the rooms (regions) a rung leaves undecided, for the rung above to untie
    probe        assume one value, propagate with the rung below, drop the value if that contradicts
    grade        the lowest rung that decides every cell or proves there is no answer; else `search`

Every rung recomputes what it needs from the board and its domains, remembering nothing
between calls or boards.  The twins of the clever rungs are in tests/test_ladder.py.

Roads not taken: domains per cell (balloon / iron ball / empty), rejected as the solver
"never looks at a cell": a cell's facts are read off the per-run fillings, and per-cell
domains would make `run` a propagator.  Counters inside the rungs, rejected for a prediction
at the door (`check_size`), so that the rungs read as their rules and nothing else.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import dataclasses
import math
import re
import sys
import textwrap
from itertools import product
from typing import Callable, Iterable, NamedTuple, Sequence

import common
import dosun_fuwari as df
import nondango as nd
from plumbing import cli, puzzlink
from tools import formats

__all__ = [
    "Cell", "Filling", "RunDomains", "RegionDomains", "Domains", "Rung", "Contradiction",
    "BALLOON", "IRON_BALL", "EMPTY", "NOT_BALLOON", "NOT_IRON_BALL", "NOT_EMPTY", "BLACK", "WHITE",
    "df_start", "df_run", "df_room", "df_profile", "df_probe", "df_search",
    "nd_start", "nd_region", "nd_triple", "nd_probe", "nd_search",
    "DF_LADDER", "ND_LADDER", "LADDER", "genre_of", "default_reading", "start",
    "LADDER_FILLINGS", "LADDER_SECONDS", "LADDER_RATE", "work_estimate", "seconds_estimate", "check_size",
    "Proof", "prove", "Step", "Grade", "grade", "LEGEND", "WIDTH", "draw", "rule_text", "main",
]

# === Glossary as types ===

Cell = tuple[int, int]  # (row, col), row 0 at the top
Filling = str  # one run filled top to bottom over "o*.", e.g. "o.*"
Profile = tuple[int, int]  # (balloons, iron balls) one filling puts into one room
RunDomains = tuple[frozenset[Filling], ...]  # one per run, in dosun_fuwari.runs order
RegionDomains = tuple[frozenset[Cell], ...]  # one per region, in board.regions order
Domains = RunDomains | RegionDomains
Board = df.Board | nd.Board
Rung = Callable[[Board, Domains, str], Domains]

# What a rung can prove about one cell.
BALLOON, IRON_BALL, EMPTY = "balloon", "iron ball", "empty"
NOT_BALLOON, NOT_IRON_BALL, NOT_EMPTY = "not a balloon", "not an iron ball", "not empty"
BLACK, WHITE = "black", "white"


class Contradiction(Exception):
    """The one signal of every rung: the domains admit no answer.  `reason` says which rule
    emptied what; `cells` are the cells concerned, sorted."""

    def __init__(self, reason: str, cells: Iterable[Cell] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = tuple(sorted(cells))


def _freeze(domains: Sequence[Iterable]) -> tuple[frozenset, ...]:
    return tuple(frozenset(d) for d in domains)


def _ac3(doms: list[set], constraints: int, supports: Callable, touching: Callable,
         where: Callable) -> None:
    """aima-python's AC3 over hyper-arcs, in place: revise every constraint (`supports(k)`:
    per variable of k, the values the others still support); when a domain shrinks, revise
    every constraint `touching` its variable again.  Contradiction(*where(k)) if k empties one."""
    queue = list(range(constraints))
    waiting = set(queue)
    while queue:
        k = queue.pop()
        waiting.discard(k)
        for var, keep in supports(k):
            if keep == doms[var]:
                continue
            if not keep:
                raise Contradiction(*where(k))
            doms[var] = keep
            for other in set(touching(var)) - waiting:
                queue.append(other)
                waiting.add(other)


# === Dosun-Fuwari: runs, rooms and profiles ===

class _RunFrame(NamedTuple):
    runs: tuple  # dosun_fuwari.Run, in dosun_fuwari.runs order
    room_at: tuple[tuple[int, ...], ...]  # per run, the room of each cell top to bottom
    runs_of_room: tuple[tuple[int, ...], ...]  # per room, the runs that touch it


def _df_frame(board: df.Board) -> _RunFrame:
    runs, room_of = df.runs(board), df.room_of(board)
    room_at = tuple(tuple(room_of[cell] for cell in run.cells) for run in runs)
    touching: list[list[int]] = [[] for _ in board.rooms]
    for index, rooms in enumerate(room_at):
        for room in sorted(set(rooms)):
            touching[room].append(index)
    return _RunFrame(runs, room_at, tuple(map(tuple, touching)))


def _profiles(rooms: tuple[int, ...], filling: Filling) -> dict[int, Profile]:
    """Room -> the profile `filling` puts into it, for the rooms it puts a piece into.
    # _profiles((0, 0, 1), "o.*") → {0: (1, 0), 1: (0, 1)}"""
    counts: dict[int, Profile] = {}
    for room, symbol in zip(rooms, filling):
        if symbol != df.EMPTY:
            balloons, irons = counts.get(room, (0, 0))
            counts[room] = (balloons + (symbol == df.BALLOON), irons + (symbol == df.IRON))
    return counts


def _profile_table(frame: _RunFrame, doms: Sequence[Iterable[Filling]]) -> list[dict]:
    """Per run, filling -> its profiles (`_profiles`), for the fillings in `doms`."""
    return [{f: _profiles(rooms, f) for f in d} for rooms, d in zip(frame.room_at, doms)]


def _legal(board: df.Board, reading: str) -> list[frozenset[Filling]]:
    """Per run, its legal fillings seen alone (`dosun_fuwari.run_states`)."""
    by_length = {n: frozenset(df.run_states(n, reading)) for n in {r.length for r in df.runs(board)}}
    return [by_length[run.length] for run in df.runs(board)]


def df_start(board: df.Board, reading: str = "official") -> RunDomains:
    """Every legal filling of every run seen alone: the domains before any rung, one
    frozenset of fillings per run of `dosun_fuwari.runs(board)`.  [DF-02, DF-03]"""
    return tuple(_legal(board, reading))


# === Dosun-Fuwari: the rungs ===

def df_run(board: df.Board, domains: RunDomains, reading: str = "official") -> RunDomains:
    """If a filling is not a legal filling of its run seen alone, then it is out; nothing else.

    The do-nothing rung (aima-python's `no_inference`): on `df_start` domains it removes
    nothing.  Raises Contradiction if a run is left with no filling.  [DF-18]
    """
    result = tuple(frozenset(d) & legal for d, legal in zip(domains, _legal(board, reading)))
    for run, d in zip(df.runs(board), result):
        if not d:
            raise Contradiction("a run has no legal filling", run.cells)
    return result


def df_room(board: df.Board, domains: RunDomains, reading: str = "official") -> RunDomains:
    """If a filling puts two balloons or two iron balls into one room, then it is out; and if
    only one run can still put a balloon (an iron ball) into a room, then that run must: its
    fillings that put none there are out.  Repeated to a fixpoint.

    Counting alone: floating and sinking are used only through the run's legal fillings.
    Raises Contradiction when no run can serve a room or a run has no filling left.  [DF-18]
    """
    frame = _df_frame(board)
    doms = [set(d) for d in df_run(board, domains, reading)]
    _count_rooms(board, frame, doms, _profile_table(frame, doms))
    return _freeze(doms)


def _count_rooms(board: df.Board, frame: _RunFrame, doms: list[set[Filling]], table: list[dict]) -> None:
    """The room rung on `doms`, in place (`df_profile` starts with it, on the same table)."""
    for r, d in enumerate(doms):
        doms[r] = {f for f in d if all(b <= 1 and i <= 1 for b, i in table[r][f].values())}
        if not doms[r]:
            raise Contradiction("every filling of a run puts two of a kind into one room",
                                frame.runs[r].cells)
    changed = True
    while changed:
        changed = False
        for room, runs in enumerate(frame.runs_of_room):
            for kind, name in ((0, "a balloon"), (1, "an iron ball")):
                serving = {r: {f for f in doms[r] if table[r][f].get(room, (0, 0))[kind]} for r in runs}
                servers = [r for r in runs if serving[r]]
                if not servers:
                    raise Contradiction(f"no run can put {name} into a room", board.rooms[room])
                if len(servers) == 1 and serving[servers[0]] != doms[servers[0]]:
                    doms[servers[0]], changed = serving[servers[0]], True


def _sums(reachable: set[Profile], profiles: Iterable[Profile]) -> set[Profile]:
    """(balloons, iron balls) totals, each at most 1, reachable by adding one of `profiles`."""
    return {(b + pb, i + pi) for b, i in reachable for pb, pi in profiles if b + pb <= 1 and i + pi <= 1}


def _room_supports(frame: _RunFrame, room: int, doms: list[set[Filling]], table: list[dict]) -> list:
    """(run, its fillings that the other runs can complete to exactly one balloon and one
    iron ball in `room`) for every run touching `room` (prefix and suffix sums over the runs)."""
    runs = frame.runs_of_room[room]
    here = [{f: table[r][f].get(room, (0, 0)) for f in doms[r]} for r in runs]
    prefix, suffix = [{(0, 0)}], [{(0, 0)}]
    for profiles in here:
        prefix.append(_sums(prefix[-1], set(profiles.values())))
    for profiles in reversed(here):
        suffix.append(_sums(suffix[-1], set(profiles.values())))
    suffix.reverse()
    others = [_sums(prefix[j], suffix[j + 1]) for j in range(len(runs))]
    return [(r, {f for f, (b, i) in profiles.items() if (1 - b, 1 - i) in completions})
            for r, profiles, completions in zip(runs, here, others)]


def df_profile(board: df.Board, domains: RunDomains, reading: str = "official") -> RunDomains:
    """If a filling's profile in a room (the balloons and iron balls it puts there) cannot be
    completed by the other runs' remaining fillings to exactly one balloon and one iron ball,
    then it is out.  Repeated over every room to a fixpoint.

    Generalised arc consistency on each room (AC3, a room for an arc): `room` and the
    write-up's step, a piece pinned in a room rules that piece out of the rest of the room,
    cutting the fillings of every other run there.  Raises Contradiction as `room`.  [DF-18]
    """
    frame = _df_frame(board)
    doms = [set(d) for d in df_run(board, domains, reading)]
    table = _profile_table(frame, doms)
    _count_rooms(board, frame, doms, table)
    _ac3(doms, len(board.rooms), lambda room: _room_supports(frame, room, doms, table),
         lambda run: frame.room_at[run],
         lambda room: ("a room cannot get exactly one balloon and one iron ball", board.rooms[room]))
    return _freeze(doms)


def df_probe(board: df.Board, domains: RunDomains, reading: str = "official") -> RunDomains:
    """If assuming one filling of a run and propagating with `profile` contradicts, then that
    filling is out.  Repeated to a fixpoint (singleton consistency over `profile`).

    Raises Contradiction when a run loses every filling.  [DF-18]
    """
    return _singleton_consistency(board, df_profile(board, domains, reading), reading, df_profile)


def df_search(board: df.Board, domains: RunDomains, reading: str = "official") -> RunDomains:
    """If no answer within the domains fills a run that way, then that filling is out.

    The complete rung, "needs search": a depth-first search that propagates with `profile`,
    run for run, finding a witness answer for every filling it keeps.  Raises Contradiction
    when there is no answer at all.  [DF-18, DF-20]
    """
    return _witness_search(board, df_profile(board, domains, reading), reading, df_profile)


# === Nondango: regions and triples ===

class _TripleFrame(NamedTuple):
    region_of: dict[Cell, int]
    triples: tuple[tuple[Cell, Cell, Cell], ...]  # the reading's constrained sets of three circles
    triples_of_region: tuple[tuple[int, ...], ...]  # per region, the triples touching it
    forbidden: frozenset[str]  # the colours three of which may not stand together
    scopes: tuple[tuple[int, ...], ...]  # per triple, the regions it touches, sorted


def _nd_frame(board: nd.Board, reading: str) -> _TripleFrame:
    region_of = nd.region_of(board)
    triples = tuple(nd.triples(board, reading))
    touching: list[list[int]] = [[] for _ in board.regions]
    scopes = tuple(tuple(sorted({region_of[c] for c in triple})) for triple in triples)
    for index, scope in enumerate(scopes):
        for region in scope:
            touching[region].append(index)
    return _TripleFrame(region_of, triples, tuple(map(tuple, touching)),
                        frozenset(nd.FORBIDDEN_COLOURS[reading]), scopes)


def nd_start(board: nd.Board, reading: str = "write-up") -> RegionDomains:
    """Every circle of every region: the domains before any rung, one frozenset of circles
    per region of `board.regions`.  [ND-01]"""
    return tuple(frozenset(region & board.circles) for region in board.regions)


def _allowed(blacks: int, forbidden: frozenset[str]) -> bool:
    """Whether a triple with `blacks` black circles (of three) obeys the reading."""
    return not ((blacks == 3 and BLACK in forbidden) or (blacks == 0 and WHITE in forbidden))


# === Nondango: the rungs ===

def nd_region(board: nd.Board, domains: RegionDomains, reading: str = "write-up") -> RegionDomains:
    """If a circle is given white, or is not a region's given black circle, then it is not
    that region's black circle; one black per region and nothing else.

    Decides the regions that hold a single circle.  Raises Contradiction when a region has
    no circle left or two given black circles.  [ND-16]
    """
    result = []
    for region, d in zip(board.regions, domains):
        d = frozenset(d) - board.given_white
        given = region & board.given_black
        if len(given) > 1:
            raise Contradiction("a region has two circles given black", given)
        if given:
            d &= given
        if not d:
            raise Contradiction("a region has no circle that can be black", region)
        result.append(d)
    return tuple(result)


def _triple_supports(frame: _TripleFrame, index: int, doms: list[set[Cell]]) -> list:
    """(region, its circles that some choice of the other regions' black circles completes
    to a legal colouring of the triple) for every region in the scope of triple `index`.  A
    region's choice is one of its circles in the triple, or None for "black elsewhere"."""
    scope, members = frame.scopes[index], set(frame.triples[index])
    options = [sorted(doms[g] & members) + ([None] if doms[g] - members else []) for g in scope]
    supported: list[set] = [set() for _ in scope]
    for choice in product(*options):
        if _allowed(len(choice) - choice.count(None), frame.forbidden):
            for seen, c in zip(supported, choice):
                seen.add(c)
    return [(g, {c for c in doms[g] if (c if c in members else None) in seen})
            for g, seen in zip(scope, supported)]


def nd_triple(board: nd.Board, domains: RegionDomains, reading: str = "write-up") -> RegionDomains:
    """If no choice of black circles in the other regions of a triple lets a circle be black
    (or white) without colouring the whole triple in a forbidden colour, then the circle is
    not (or is) its region's black circle.  Repeated over every triple to a fixpoint.

    Hyper-arc consistency on the reading's triples (AC3), the certificate rule read as
    propagation: once two circles of a live triple are pinned black, the third is out.  Under
    the published reading three whites are forbidden too, so a triple with two circles in one
    region is no longer dead.  Contradiction when a region has no circle left.  [ND-16, X-01]
    """
    frame = _nd_frame(board, reading)
    doms = [set(d) for d in nd_region(board, domains, reading)]
    _ac3(doms, len(frame.triples), lambda k: _triple_supports(frame, k, doms),
         lambda region: frame.triples_of_region[region],
         lambda k: ("a triple leaves a region no circle that can be black", frame.triples[k]))
    return _freeze(doms)


def nd_probe(board: nd.Board, domains: RegionDomains, reading: str = "write-up") -> RegionDomains:
    """If assuming one circle is its region's black circle and propagating with `triple`
    contradicts, then that circle is white.  Repeated to a fixpoint (singleton consistency
    over `triple`).

    Raises Contradiction when a region loses every circle.  [ND-16]
    """
    return _singleton_consistency(board, nd_triple(board, domains, reading), reading, nd_triple)


def nd_search(board: nd.Board, domains: RegionDomains, reading: str = "write-up") -> RegionDomains:
    """If no answer of the complete engine within the domains makes a circle black, then it is
    white; a circle black in every answer is black.

    The complete rung: `nondango.solve` with the circles outside the domains given white,
    once per circle no earlier answer showed black.  Contradiction if none.  [ND-16, ND-07]
    """
    doms = [set(d) for d in nd_triple(board, domains, reading)]
    first = _nd_answer_within(board, doms, reading, None)
    if first is None:
        raise Contradiction("the complete engine finds no answer", ())
    witnessed = set(first)
    for index, region_domain in enumerate(doms):
        for circle in sorted(region_domain):
            if circle in witnessed:
                continue
            answer = _nd_answer_within(board, doms, reading, circle)
            if answer is None:
                doms[index].discard(circle)
            else:
                witnessed |= answer
    return _freeze(doms)


def _nd_answer_within(board: nd.Board, doms: Sequence[set[Cell]], reading: str,
                      black: Cell | None) -> frozenset[Cell] | None:
    """One answer of `nondango.solve` with every circle outside `doms` white (and `black`
    black), or None."""
    possible = set().union(*doms) if doms else set()
    pinned = {next(iter(d)) for d in doms if len(d) == 1 and (black is None or black not in d)}
    if black is not None:
        region = next(r for r in board.regions if black in r)
        pinned = {c for c in pinned if c not in region} | {black}
    trial = board.replace(given_white=frozenset(board.circles - possible),
                          given_black=frozenset(pinned), answer=None)
    return next(iter(nd.solve(trial, reading)), None)


# === Shared machinery: singleton consistency and witness search ===

def _with(domains: Sequence[frozenset], index: int, value) -> tuple[frozenset, ...]:
    return tuple(frozenset({value}) if i == index else d for i, d in enumerate(domains))


def _with_out(domains: Sequence[frozenset], index: int, value) -> tuple[frozenset, ...]:
    return tuple(d - {value} if i == index else d for i, d in enumerate(domains))


def _fails(propagate: Rung, board: Board, domains: Domains, reading: str) -> bool:
    try:
        propagate(board, domains, reading)
    except Contradiction:
        return True
    return False


def _singleton_consistency(board: Board, domains: Domains, reading: str, propagate: Rung) -> Domains:
    """Remove, pass after pass, every value whose assumption makes `propagate` contradict,
    re-propagating after each removal, until a pass removes nothing."""
    doms = tuple(domains)
    changed = True
    while changed:
        changed = False
        for index in range(len(doms)):
            for value in sorted(doms[index]):
                if len(doms[index]) > 1 and value in doms[index] and \
                        _fails(propagate, board, _with(doms, index, value), reading):
                    doms = propagate(board, _with_out(doms, index, value), reading)
                    changed = True
    return doms


def _first_answer(board: Board, domains: Domains, reading: str, propagate: Rung) -> Domains:
    """Singleton domains of one answer within `domains` (depth first, propagating at each
    node, smallest domain first), or Contradiction when there is none."""
    doms = propagate(board, domains, reading)
    open_ = [i for i, d in enumerate(doms) if len(d) > 1]
    if not open_:
        return doms
    index = min(open_, key=lambda i: (len(doms[i]), i))
    for value in sorted(doms[index]):
        try:
            return _first_answer(board, _with(doms, index, value), reading, propagate)
        except Contradiction:
            continue
    raise Contradiction("no answer within these domains", ())


def _witness_search(board: Board, domains: Domains, reading: str, propagate: Rung) -> Domains:
    """Keep exactly the values that appear in some answer within `domains`."""
    witnessed = [set(d) for d in _first_answer(board, domains, reading, propagate)]
    keep = [set(d) for d in domains]
    for index in range(len(keep)):
        for value in sorted(keep[index]):
            if value in witnessed[index]:
                continue
            try:
                answer = _first_answer(board, _with(_freeze(keep), index, value), reading, propagate)
            except Contradiction:
                keep[index].discard(value)
                continue
            for seen, d in zip(witnessed, answer):
                seen |= d
    return _freeze(keep)


# === The ladders ===

DF_LADDER: tuple[tuple[str, Rung], ...] = (
    ("run", df_run), ("room", df_room), ("profile", df_profile), ("probe", df_probe), ("search", df_search),
)
ND_LADDER: tuple[tuple[str, Rung], ...] = (
    ("region", nd_region), ("triple", nd_triple), ("probe", nd_probe), ("search", nd_search),
)
LADDER: dict[str, tuple[tuple[str, Rung], ...]] = {"dosun-fuwari": DF_LADDER, "nondango": ND_LADDER}


def genre_of(board: Board) -> str:
    """'dosun-fuwari' or 'nondango' for a board of either module; TypeError otherwise."""
    if isinstance(board, df.Board):
        return "dosun-fuwari"
    if isinstance(board, nd.Board):
        return "nondango"
    raise TypeError(f"not a Dosun-Fuwari or Nondango board: {type(board).__name__}")


def default_reading(genre: str) -> str:
    """The default reading of a genre: 'official' (Dosun-Fuwari), 'write-up' (Nondango)."""
    return "official" if genre == "dosun-fuwari" else "write-up"


def start(board: Board, reading: str | None = None) -> Domains:
    """The domains before any rung (`df_start` or `nd_start`)."""
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    return df_start(board, reading) if genre == "dosun-fuwari" else nd_start(board, reading)


def _check_reading(genre: str, reading: str | None) -> str:
    reading = reading or default_reading(genre)
    readings = df.READINGS if genre == "dosun-fuwari" else nd.READINGS
    if reading not in readings:
        raise ValueError(f"unknown {genre} reading {reading!r}; expected one of {', '.join(readings)}")
    return reading


def _rung(genre: str, name: str) -> Rung:
    rungs = dict(LADDER[genre])
    if name not in rungs:
        raise ValueError(f"unknown {genre} rung {name!r}; expected one of {', '.join(rungs)}")
    return rungs[name]


# === Limits at the front door ===
# One budget per command: before any rung runs, `check_size` predicts the CPU seconds of `python
# ladder.py BOARD` (every rung, then the grade) from `work_estimate` at the reading's LADDER_RATE
# (measured by `python bench/ladder_budget.py`, cold: predicted / measured 1.0-1.8 near the limit,
# e.g. the 8x8 board whose rooms are its rows, 7.4 s / 6.5 s; lower rungs that finish a board make
# it cheaper than predicted); `prove`, `grade` and the play page check the same.

LADDER_FILLINGS = 250_000   # Dosun-Fuwari: fillings of all runs, by formula, before listing any
LADDER_SECONDS = 10         # CPU seconds one command may cost (`check_size`)
LADDER_RATE = {   # `work_estimate` values per CPU second of the whole command, per reading
    ("dosun-fuwari", "official"): 140_000, ("dosun-fuwari", "no-stacking"): 140_000,
    ("dosun-fuwari", "loose"): 2_000, ("nondango", "write-up"): 300_000, ("nondango", "published"): 300_000,
    ("nondango", "no-diagonals"): 100_000, ("nondango", "anywhere"): 10_000_000}


def _kept_by_room(rooms: tuple[int, ...], reading: str) -> int:
    """How many legal fillings of a run through `rooms` (top to bottom) put at most one
    balloon and one iron ball into each room: those the room rung keeps.  Only a room the
    run crosses twice or more can get two of a kind, so without one this is a formula."""
    shared = [ks for ks in ([k for k, g in enumerate(rooms) if g == room] for room in set(rooms))
              if len(ks) > 1]
    if not shared:
        return df.count_run_states(len(rooms), reading)
    kept = 0
    for filling in df.run_states(len(rooms), reading):
        pieces = ["".join([filling[k] for k in ks]) for ks in shared]
        kept += all(p.count(df.BALLOON) <= 1 and p.count(df.IRON) <= 1 for p in pieces)
    return kept


def work_estimate(board: Board, reading: str | None = None) -> int:
    """What one pass of the probe rung looks at, from the board alone: the values times what
    one pass of the rung below looks at.  Dosun-Fuwari: the fillings the room rung keeps,
    times those fillings once per room their run crosses; Nondango: the circles, times per
    triple the choices of its regions (its circles, "black elsewhere").  BoardError, before
    listing any filling, for runs with more than LADDER_FILLINGS fillings in all.
    # work_estimate(the 3x3 board whose rooms are its rows) → 2700  (30 fillings x 90)
    """
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    if genre == "nondango":
        region_of = nd.region_of(board)
        choices = sum(len({region_of[c] for c in t}) + 3 for t in nd.triples(board, reading))
        return len(board.circles) * choices
    total = sum(df.count_run_states(run.length, reading) for run in df.runs(board))
    if total > LADDER_FILLINGS:
        raise common.BoardError(f"too large for the ladder: its runs have {total:,} fillings "
                                f"in all under the {reading} reading (at most {LADDER_FILLINGS:,})")
    kept = [(_kept_by_room(rooms, reading), len(set(rooms))) for rooms in _df_frame(board).room_at]
    return sum(n for n, _ in kept) * sum(n * crossed for n, crossed in kept)


def seconds_estimate(board: Board, reading: str | None = None) -> float:
    """Predicted CPU seconds of `python ladder.py BOARD` here; raises as `work_estimate` does."""
    genre = genre_of(board)
    return work_estimate(board, reading) / LADDER_RATE[genre, _check_reading(genre, reading)]


def check_size(board: Board, reading: str | None = None) -> None:
    """BoardError, in one line, for a board whose `seconds_estimate` passes LADDER_SECONDS or
    whose runs have more than LADDER_FILLINGS fillings; ValueError for an unknown reading."""
    seconds = seconds_estimate(board, reading)
    if seconds > LADDER_SECONDS:
        raise common.BoardError(f"too large for the ladder: about {math.ceil(seconds):,} s of "
                                f"work on this machine (at most {LADDER_SECONDS} s)")


# === What a rung proves ===

@dataclasses.dataclass(frozen=True)
class Proof:
    """What one rung proves on one board: `domains` (None after a contradiction); `facts`,
    cell -> BALLOON ... NOT_EMPTY or BLACK, WHITE, where something is proved; the rooms
    (regions) `pinned`; after a contradiction its reason and cells (`where`, sorted)."""

    rung: str
    domains: Domains | None
    facts: dict[Cell, str]
    pinned: frozenset[int]
    contradiction: str | None = None
    where: tuple[Cell, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether the rung decides every cell or proves there is no answer."""
        return self.contradiction is not None or all(len(d) == 1 for d in self.domains)


_DF_FACTS = {frozenset("o"): BALLOON, frozenset("*"): IRON_BALL, frozenset("."): EMPTY,
             frozenset("*."): NOT_BALLOON, frozenset("o."): NOT_IRON_BALL, frozenset("o*"): NOT_EMPTY}


def _df_facts(board: df.Board, domains: RunDomains) -> tuple[dict[Cell, str], frozenset[int]]:
    facts = {cell: _DF_FACTS[symbols] for run, d in zip(df.runs(board), domains)
             for k, cell in enumerate(run.cells) if (symbols := frozenset(f[k] for f in d)) in _DF_FACTS}
    decided = {BALLOON, IRON_BALL, EMPTY}
    pinned = frozenset(i for i, room in enumerate(board.rooms) if all(facts.get(c) in decided for c in room))
    return facts, pinned


def _nd_facts(board: nd.Board, domains: RegionDomains) -> tuple[dict[Cell, str], frozenset[int]]:
    facts = {circle: WHITE if circle not in d else BLACK
             for region, d in zip(board.regions, domains) for circle in region & board.circles
             if circle not in d or len(d) == 1}
    return facts, frozenset(i for i, d in enumerate(domains) if len(d) == 1)


def _proof(board: Board, genre: str, rung: str, reading: str) -> Proof:
    try:
        domains = _rung(genre, rung)(board, start(board, reading), reading)
    except Contradiction as contradiction:
        return Proof(rung, None, {}, frozenset(), contradiction.reason, contradiction.cells)
    facts, pinned = (_df_facts if genre == "dosun-fuwari" else _nd_facts)(board, domains)
    return Proof(rung, domains, facts, pinned)


def prove(board: Board, rung: str, reading: str | None = None) -> Proof:
    """Run one rung (by name) from the start domains and say what it proves.  Raises ValueError
    for an unknown rung or reading, BoardError past the budget (`check_size`).  [DF-18, ND-16]"""
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    _rung(genre, rung)
    check_size(board, reading)
    return _proof(board, genre, rung, reading)


# === Grading ===

class Step(NamedTuple):
    """One rung's result in a grade: rooms (regions) pinned out of `total`, or a contradiction."""

    rung: str
    pinned: int
    total: int
    contradiction: bool

    @property
    def knot(self) -> int:
        """Rooms (regions) left undecided for the next rung (0 after a contradiction)."""
        return 0 if self.contradiction else self.total - self.pinned

    @property
    def share(self) -> float:
        """Share of rooms (regions) pinned (1.0 after a contradiction or on an empty board)."""
        return 1.0 if self.contradiction or not self.total else self.pinned / self.total


class Grade(NamedTuple):
    """The lowest rung that finishes a board (`rung`, else 'search'), whether it did (`finished`:
    False when even search leaves cells open), and each rung's Step up to it (`steps`)."""

    rung: str
    finished: bool
    steps: tuple[Step, ...]

    def step(self, rung: str) -> Step | None:
        """The step of `rung`, or None when grading stopped below it."""
        return next((s for s in self.steps if s.rung == rung), None)


def grade(board: Board, reading: str | None = None) -> Grade:
    """Grade a board: run the rungs weakest first and stop at the first that decides every
    cell (or proves there is no answer).  Raises ValueError and BoardError as `prove` does,
    checking the size once for every rung.  [DF-19, ND-16]
    """
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    check_size(board, reading)
    total = len(board.rooms) if genre == "dosun-fuwari" else len(board.regions)
    steps = []
    for name, _ in LADDER[genre]:
        proof = _proof(board, genre, name, reading)
        steps.append(Step(name, len(proof.pinned), total, proof.contradiction is not None))
        if proof.finished:
            return Grade(name, True, tuple(steps))
    return Grade(steps[-1].rung, False, tuple(steps))


# === Pictures ===

_DF_TOKENS = {BALLOON: "o", IRON_BALL: "*", EMPTY: ".", NOT_BALLOON: "_", NOT_IRON_BALL: "^", NOT_EMPTY: "+"}
_ND_TOKENS = {BLACK: "#", WHITE: "o"}
LEGEND = {  # '; ' ends a line: the symbols, the genre's words, then the ladder's ({0}: rooms or regions)
    "dosun-fuwari": "left: one label per room, # black cell; right: " + "  ".join(
        f"{token} {fact}" for fact, token in _DF_TOKENS.items()) + "; ? nothing proved  # black cell; "
    "run: a column's unbroken strip of white cells; filling: a way to fill a run with o * . that the "
    "run alone allows; room: white cells inside walls, holding one balloon and one iron ball; profile: "
    "the (balloons, iron balls) a filling puts into a room; probe: a filling whose trial under profile "
    "contradicts is out; domains: the fillings each run still has; search: depth-first search for answers; ",
    "nondango": "left: one label per region; right: # black circle  o white circle  ? circle not decided  "
    ". no circle; region: cells inside walls, exactly one of whose circles is black; given: coloured by "
    "the board itself; triple: three circles in consecutive cells of a row, column or diagonal; forbidden "
    "colour: black (published reading: either); probe: a circle whose trial as black contradicts under "
    "triple is white; domains: the circles each region may still make black; search: the complete engine; "}
LEGEND = {genre: (text + "rung: one rule of deduction, tried weakest first; fixpoint: until the rule "
                  "removes nothing more; pins: the {0} every cell of which the rung decides; knot: the {0} "
                  "the rung leaves undecided, for the rung above to untie; grade: the lowest rung that "
                  "decides every cell or proves there is no answer").format(kind).replace("; ", "\n        ")
          for (genre, text), kind in zip(LEGEND.items(), ("rooms", "regions"))}
WIDTH = 100  # columns of the text ladder.py prints (a board's picture may be wider)


def draw(board: Board, proof: Proof) -> str:
    """The board's rooms (regions) and, beside them, what `proof` proves, one token per cell
    (see LEGEND).  Returns text; prints nothing."""
    is_df = genre_of(board) == "dosun-fuwari"
    owner, black = (df.room_of(board), board.black) if is_df else (nd.region_of(board), frozenset())
    width = max((len(common.label(i)) for i in set(owner.values())), default=1)

    def tokens(cell: Cell) -> tuple[str, str]:   # (its room's label, what is proved)
        if cell in black:
            return "#", "#"
        proved = (_DF_TOKENS if is_df else _ND_TOKENS).get(proof.facts.get(cell), "?")
        return common.label(owner[cell]), proved if is_df or cell in board.circles else "."

    rows = [[tokens((r, c)) for c in range(board.cols)] for r in range(board.rows)]
    return "\n".join(" ".join(left.rjust(width) for left, _ in row) + "   |   "
                     + " ".join(right for _, right in row) for row in rows)


# === Command line ===

def rule_text(rung: Rung) -> str:
    """A rung's rule in words, for this command and the play page's hint-level picker: its
    docstring's first paragraph on one line, without citations or the sentence on what it raises."""
    text = " ".join((rung.__doc__ or "").strip().split("\n\n")[0].split())
    text = re.sub(r"\s*\[[^\]]*\]", "", text)
    return " ".join(s for s in re.split(r"(?<=\.) ", text) if not s.startswith("Raises"))


def main(argv: list[str] | None = None) -> int:
    """Print what each rung (or the named rung) proves on a board, and its grade."""
    parser = cli.Parser(prog="ladder.py", description="What each rung proves on a board, and its grade.")
    cli.board_argument(parser)
    parser.add_argument("--rung", metavar="RUNG", help="only this rung (default: every rung); " + "; ".join(
        f"{genre}: {', '.join(name for name, _ in rungs)}" for genre, rungs in LADDER.items()))
    parser.add_argument("--reading", metavar="READING", help="the rule reading; dosun-fuwari: "
                        f"{cli.choices_text(df.READINGS, df.DEFAULT_READING)}; nondango: "
                        f"{cli.choices_text(nd.READINGS, nd.DEFAULT_READING)}")
    args = parser.parse_args(argv)
    try:
        board = formats.read(args.board)
        genre, module = genre_of(board), formats.module_of(board)
        linked = args.reading is None and formats.from_link(args.board)   # puzz.link's rule
        reading = _check_reading(genre, module.LINK_READING if linked else args.reading)
        names = [args.rung] if args.rung else [name for name, _ in LADDER[genre]]
        _rung(genre, names[0])   # an unknown rung: ValueError, before any work
        result = grade(board, reading)   # the one size check, before any rung runs
        proofs = [_proof(board, genre, name, reading) for name in names]
    except ValueError as error:   # BoardError is a ValueError
        print(f"ladder.py: {error}".splitlines()[0], file=sys.stderr)
        return 2
    kind = "rooms" if genre == "dosun-fuwari" else "regions"
    total = len(board.rooms) if genre == "dosun-fuwari" else len(board.regions)
    name = puzzlink.board_name(args.board, module.PZPRJS_GENRE, board.rows, board.cols)
    why = " (the rule puzz.link checks)" if linked and reading != module.DEFAULT_READING else ""
    print(f"board: {name}; {reading} reading{why}\n")
    fill = lambda text: textwrap.fill(text, WIDTH, subsequent_indent="   ")  # a rule over lines
    for name, proof in zip(names, proofs):
        print(fill(f"== {name}: {rule_text(_rung(genre, name))}"))
        if proof.contradiction:
            where = f" at {', '.join(map(common.position, proof.where))} (column letter, row number)"
            print(fill(f"contradiction: {proof.contradiction}{where if proof.where else ''}") + "\n")
        else:
            print(draw(board, proof))
            print(f"pins {len(proof.pinned)} of {total} {kind}; knot {total - len(proof.pinned)}\n")
    note = "" if result.finished else " (even search leaves cells open: more than one answer)"
    print(f"legend: {LEGEND[genre]}\ngrade ({reading} reading): {result.rung}{note}")
    return 0


if __name__ == "__main__":
    cli.run(main)
