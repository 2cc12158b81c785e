"""The propagation ladders of Dosun-Fuwari and Nondango: what each rung proves, and grading.

Each write-up ends with "The ladder": rungs, each a stronger propagator than the one below,
over the domains the complete solver uses.  This module builds both ladders, says per cell
what a rung proves, and grades a board by the lowest rung that finishes it.  The model is
aima-python's csp.py: `df_run` is the do-nothing rung (its `no_inference`), `df_profile` and
`nd_triple` are generalised arc consistency (its `AC3`), and the probe rungs are singleton
consistency over them.  [DF-18, DF-19, ND-16]

    python ladder.py BOARD [--rung NAME] [--reading R] [--seconds S]

Glossary (write-up terms, with an example value)
    run          a maximal vertical strip of white cells: dosun_fuwari.Run(col=2, top=0, bottom=3)
    run state    one legal filling of a run seen alone, top to bottom over "o*.", e.g. "o.*"
    room         a set of white cells that holds one balloon and one iron ball
    profile      what one run state puts into one room: (balloons, iron balls), e.g. (1, 0)
    region       a set of cells holding exactly one black circle
    domain       what is still possible for one variable: a run's run states, e.g.
                 {"o.*", "..*"}, or the circles of a region that can still be black,
                 e.g. {(0, 1), (2, 2)}
    domains      one domain per run (`dosun_fuwari.runs` order) or region (`board.regions`)
    rung         `rung(board, domains, reading) -> domains`: only removes values;
                 `Contradiction` if a domain empties
    LADDER       the rungs, weakest first: Dosun-Fuwari run, room, profile, probe, search
                 (the write-up's four, and this project's search, so that every board gets
                 a grade); Nondango region, triple, probe, search
    rule         a rung's rule in words, "If ..., then ...", set above it by `_rule`
    fact         what a rung proves about one cell, in words: BALLOON ('balloon') ... NOT_EMPTY,
                 BLACK, WHITE; not the board files' symbols ('o', '#')
    pinned       a room (region) every cell of which a rung decides
    knot         the rooms (regions) a rung leaves undecided, for the rung above to untie
    probe        assume one value, propagate with the rung below, drop the value if that
                 contradicts
    grade        the lowest rung that decides every cell or proves there is no answer;
                 else `search`

One rule, one implementation: the triple rule is nondango.py's own, and the probe
(singleton consistency) and the search (a backtracker) are common.py's, the ones the
Nondango solver runs on each group; the Dosun-Fuwari probe and search rungs run the same
probe and search over `profile` (its solver is an exact cover and needs neither).
`Contradiction`, the one contradiction signal, is common.py's too.

Every rung recomputes what it needs from the board and its domains, remembering nothing
between calls or boards.  The twins of the clever rungs are in tests/test_ladder.py.

Roads not taken: domains per cell (balloon / iron ball / empty), rejected as the solver
"never looks at a cell": a cell's facts are read off the run states, and per-cell
domains would make `run` a propagator.  Counters inside the rungs, rejected for a prediction
at the door (`check_size`), so that the rungs read as their rules and nothing else.
"""

from __future__ import annotations

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)
import dataclasses
import functools
import math
import sys
import textwrap
from types import ModuleType
from typing import Callable, Iterable, NamedTuple, Sequence

import common
from common import Contradiction
import dosun_fuwari as df
import nondango as nd
from plumbing import cli, puzzlink
from tools import formats

__all__ = [
    "Cell", "RunState", "RunDomains", "RegionDomains", "Domains", "Rung", "Contradiction",
    "BALLOON", "IRON_BALL", "EMPTY", "NOT_BALLOON", "NOT_IRON_BALL", "NOT_EMPTY", "BLACK",
    "WHITE", "df_start", "df_run", "df_room", "df_profile", "df_probe", "df_search",
    "nd_start", "nd_region", "nd_triple", "nd_probe", "nd_search",
    "DF_LADDER", "ND_LADDER", "LADDER", "genre_of", "default_reading", "start",
    "LADDER_RUN_STATES", "LADDER_SECONDS", "LADDER_RATE", "work_estimate", "seconds_estimate",
    "check_size", "Proof", "prove", "Step", "Grade", "grade", "LEGEND", "WIDTH", "draw",
    "rule_text", "main",
]

# === Glossary as types ===

Cell = tuple[int, int]  # (row, col), row 0 at the top
RunState = str  # one run filled top to bottom over "o*.", e.g. "o.*" (dosun_fuwari.State)
Profile = tuple[int, int]  # (balloons, iron balls) one run state puts into one room
RunDomains = tuple[frozenset[RunState], ...]  # one per run, in dosun_fuwari.runs order
RegionDomains = tuple[frozenset[Cell], ...]  # one per region, in board.regions order
Domains = RunDomains | RegionDomains
Board = df.Board | nd.Board
Rung = Callable[[Board, Domains, str], Domains]

# Facts: what a rung can prove about one cell, in words, not the board files' symbols
# (dosun_fuwari.BALLOON is 'o', nondango.BLACK '#'); `draw` shows them as LEGEND's tokens.
BALLOON, IRON_BALL, EMPTY = "balloon", "iron ball", "empty"
NOT_BALLOON, NOT_IRON_BALL, NOT_EMPTY = "not a balloon", "not an iron ball", "not empty"
BLACK, WHITE = "black", "white"

LADDER_SECONDS = 10   # CPU seconds one command may cost: the front door's budget (below)


def _rule(text: str) -> Callable[[Rung], Rung]:
    """The rung's rule in words, "If ..., then ...", kept on it as `rule`: what this command
    and the play page show (`rule_text`)."""
    def keep(rung: Rung) -> Rung:
        rung.rule = text
        return rung
    return keep


def _freeze(domains: Sequence[Iterable]) -> tuple[frozenset, ...]:
    return tuple(frozenset(d) for d in domains)


def _as_dict(domains: Sequence[Iterable]) -> dict[int, frozenset]:
    """Domains as common.probe and common.search take them: variable index → its values."""
    return {index: frozenset(d) for index, d in enumerate(domains)}


def _as_tuple(domains: dict[int, frozenset]) -> tuple[frozenset, ...]:
    return tuple(domains[index] for index in range(len(domains)))


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


def _profiles(rooms: tuple[int, ...], state: RunState) -> dict[int, Profile]:
    """Room -> the profile `state` puts into it, for the rooms it puts a piece into.
    # _profiles((0, 0, 1), "o.*") → {0: (1, 0), 1: (0, 1)}"""
    counts: dict[int, Profile] = {}
    for room, symbol in zip(rooms, state):
        if symbol != df.EMPTY:
            balloons, irons = counts.get(room, (0, 0))
            counts[room] = (balloons + (symbol == df.BALLOON), irons + (symbol == df.IRON))
    return counts


def _profile_table(frame: _RunFrame, doms: Sequence[Iterable[RunState]]) -> list[dict]:
    """Per run, run state -> its profiles (`_profiles`), for the run states in `doms`."""
    return [{s: _profiles(rooms, s) for s in d} for rooms, d in zip(frame.room_at, doms)]


def _legal(board: df.Board, reading: str) -> list[frozenset[RunState]]:
    """Per run, its legal run states seen alone (`dosun_fuwari.run_states`)."""
    lengths = {run.length for run in df.runs(board)}
    by_length = {n: frozenset(df.run_states(n, reading)) for n in lengths}
    return [by_length[run.length] for run in df.runs(board)]


def df_start(board: df.Board, reading: str = df.DEFAULT_READING) -> RunDomains:
    """Every legal run state of every run seen alone: the domains before any rung, one
    frozenset of run states per run of `dosun_fuwari.runs(board)`.  [DF-02, DF-03]"""
    return tuple(_legal(board, reading))


# === Dosun-Fuwari: the rungs ===

@_rule("If a run state is not legal for its run seen alone, then it is out; nothing else.")
def df_run(board: df.Board, domains: RunDomains,
           reading: str = df.DEFAULT_READING) -> RunDomains:
    """The do-nothing rung (aima-python's `no_inference`): on `df_start` domains it removes
    nothing.  Raises Contradiction if a run is left with no run state.  [DF-18]"""
    result = tuple(frozenset(d) & legal for d, legal in zip(domains, _legal(board, reading)))
    for run, d in zip(df.runs(board), result):
        if not d:
            raise Contradiction("a run has no legal run state", run.cells)
    return result


@_rule("If a run state puts two balloons or two iron balls into one room, then it is out; "
       "and if only one run can still put a balloon (an iron ball) into a room, then that "
       "run must: its run states that put none there are out. Repeated to a fixpoint.")
def df_room(board: df.Board, domains: RunDomains,
            reading: str = df.DEFAULT_READING) -> RunDomains:
    """Counting alone: floating and sinking are used only through the run's legal run
    states.  Raises Contradiction when no run can serve a room or a run has no run state
    left.  [DF-18]"""
    frame = _df_frame(board)
    doms = [set(d) for d in df_run(board, domains, reading)]
    _count_rooms(board, frame, doms, _profile_table(frame, doms), reading)
    return _freeze(doms)


def _count_rooms(board: df.Board, frame: _RunFrame, doms: list[set[RunState]],
                 table: list[dict], reading: str) -> None:
    """The room rung on `doms`, in place (`df_profile` starts with it, on the same table):
    first the run states `dosun_fuwari.states_in_rooms` keeps, none putting two of a kind
    into one room, then the rooms only one run can serve."""
    for r, d in enumerate(doms):
        doms[r] = d & set(df.states_in_rooms(list(frame.room_at[r]), reading))
        if not doms[r]:
            raise Contradiction("every run state of a run puts two of a kind into one room",
                                frame.runs[r].cells)
    changed = True
    while changed:
        changed = False
        for room, runs in enumerate(frame.runs_of_room):
            for kind, name in ((0, "a balloon"), (1, "an iron ball")):
                serving = {r: {s for s in doms[r] if table[r][s].get(room, (0, 0))[kind]}
                           for r in runs}
                servers = [r for r in runs if serving[r]]
                if not servers:
                    raise Contradiction(f"no run can put {name} into a room", board.rooms[room])
                only = servers[0]
                if len(servers) == 1 and serving[only] != doms[only]:
                    doms[only] = serving[only]
                    changed = True


def _sums(reachable: set[Profile], profiles: Iterable[Profile]) -> set[Profile]:
    """(balloons, iron balls) totals, each at most 1, reachable by adding one of `profiles`."""
    return {(b + pb, i + pi) for b, i in reachable for pb, pi in profiles
            if b + pb <= 1 and i + pi <= 1}


def _room_supports(frame: _RunFrame, room: int, doms: list[set[RunState]],
                   table: list[dict]) -> list[tuple[int, set[RunState]]]:
    """(run, its run states that the other runs can complete to exactly one balloon and one
    iron ball in `room`) for every run touching `room` (prefix and suffix sums over the
    runs)."""
    runs = frame.runs_of_room[room]
    here = [{s: table[r][s].get(room, (0, 0)) for s in doms[r]} for r in runs]
    prefix, suffix = [{(0, 0)}], [{(0, 0)}]
    for profiles in here:
        prefix.append(_sums(prefix[-1], set(profiles.values())))
    for profiles in reversed(here):
        suffix.append(_sums(suffix[-1], set(profiles.values())))
    suffix.reverse()
    others = [_sums(prefix[j], suffix[j + 1]) for j in range(len(runs))]
    return [(r, {s for s, (b, i) in profiles.items() if (1 - b, 1 - i) in completions})
            for r, profiles, completions in zip(runs, here, others)]


@_rule("If a run state's profile in a room (the balloons and iron balls it puts there) "
       "cannot be completed by the other runs' remaining run states to exactly one balloon "
       "and one iron ball, then it is out. Repeated over every room to a fixpoint.")
def df_profile(board: df.Board, domains: RunDomains,
               reading: str = df.DEFAULT_READING) -> RunDomains:
    """Generalised arc consistency on each room (AC3, a room for an arc): `room` and the
    write-up's step, a piece pinned in a room rules that piece out of the rest of the room,
    cutting the run states of every other run there.  Raises Contradiction as `room`.
    [DF-18]"""
    frame = _df_frame(board)
    doms = [set(d) for d in df_run(board, domains, reading)]
    table = _profile_table(frame, doms)
    _count_rooms(board, frame, doms, table, reading)
    queue = list(range(len(board.rooms)))   # the rooms to revise (AC3's queue of arcs)
    waiting = set(queue)
    while queue:
        room = queue.pop()
        waiting.discard(room)
        for run, keep in _room_supports(frame, room, doms, table):
            if keep == doms[run]:
                continue
            if not keep:
                raise Contradiction("a room cannot get exactly one balloon and one iron ball",
                                    board.rooms[room])
            doms[run] = keep
            for other in sorted(set(frame.room_at[run]) - waiting):   # the run's rooms again
                queue.append(other)
                waiting.add(other)
    return _freeze(doms)


def _df_propagator(board: df.Board, reading: str) -> common.Propagator:
    """`df_profile` as common.probe and common.search call a propagation: on domains as a
    dict (run index → run states), in place; it revises every room, whatever changed."""
    def profile(domains: dict[int, frozenset[RunState]], changed: list[int]) -> None:
        domains.update(_as_dict(df_profile(board, _as_tuple(domains), reading)))
    return profile


@_rule("If assuming one run state of a run and propagating with `profile` contradicts, "
       "then that run state is out. Repeated to a fixpoint (singleton consistency over "
       "`profile`).")
def df_probe(board: df.Board, domains: RunDomains,
             reading: str = df.DEFAULT_READING) -> RunDomains:
    """`common.probe`, the one probe.  Raises Contradiction when a run loses every run
    state.  [DF-18]"""
    doms = _as_dict(df_profile(board, domains, reading))
    common.probe(doms, list(doms), _df_propagator(board, reading))
    return _as_tuple(doms)


@_rule("If no answer within the domains fills a run that way, then that run state is out.")
def df_search(board: df.Board, domains: RunDomains,
              reading: str = df.DEFAULT_READING) -> RunDomains:
    """The complete rung, "needs search", this project's fifth: the write-up's ladder has
    four rungs, and with this one every board gets a grade.  `common.search`, the one
    backtracker, propagating with `profile` run by run, finds a witness answer for every run
    state it keeps.  Raises Contradiction when there is no answer at all.  [DF-18, DF-20]"""
    doms = _as_dict(df_profile(board, domains, reading))
    _keep_witnessed(doms, list(doms), _df_propagator(board, reading))
    return _as_tuple(doms)


# === Nondango: the rungs ===

def nd_start(board: nd.Board, reading: str = nd.DEFAULT_READING) -> RegionDomains:
    """Every circle of every region: the domains before any rung, one frozenset of circles
    per region of `board.regions`.  [ND-01]"""
    return tuple(frozenset(region & board.circles) for region in board.regions)


@_rule("If a circle is given white, or is not a region's given black circle, then it is not "
       "that region's black circle; one black per region and nothing else.")
def nd_region(board: nd.Board, domains: RegionDomains,
              reading: str = nd.DEFAULT_READING) -> RegionDomains:
    """`nondango.region_domains` on the domains: decides the regions that hold a single
    circle.  Raises Contradiction when a region has no circle left or two given black
    circles.  [ND-16]"""
    allowed = nd.region_domains(board)
    result = []
    for index, (region, d) in enumerate(zip(board.regions, domains)):
        given = region & board.given_black
        if len(given) > 1:
            raise Contradiction("a region has two circles given black", given)
        d = frozenset(d) & allowed[index]
        if not d:
            raise Contradiction("a region has no circle that can be black", region)
        result.append(d)
    return tuple(result)


def _nd_propagator(board: nd.Board, reading: str) -> common.Propagator:
    """`nondango.triple_rule` over the board's live triples under `reading` (the anywhere
    reading: its live lines, `nondango.constraints`)."""
    rules = nd.triple_rules(board, nd.constraints(board, reading), reading)
    return functools.partial(nd.triple_rule, rules)


@_rule("If two circles of a live triple are black, then the third is white; under the "
       "published reading also, if the circles of a live triple that can still be black all "
       "lie in one region, then that region's black circle is one of them. Repeated to a "
       "fixpoint.")
def nd_triple(board: nd.Board, domains: RegionDomains,
              reading: str = nd.DEFAULT_READING) -> RegionDomains:
    """`nondango.triple_rule`, the one triple rule, which the solver runs too: hyper-arc
    consistency on the live triples (a dead triple never constrains, ND-02), the
    certificate rule read as propagation.  Under the published reading three whites are
    forbidden too, so a triple with two circles in one region can be live.  Raises
    Contradiction when a region has no circle left.  [ND-16, X-01]"""
    doms = _as_dict(nd_region(board, domains, reading))
    _nd_propagator(board, reading)(doms, list(doms))
    return _as_tuple(doms)


@_rule("If assuming one circle is its region's black circle and propagating with `triple` "
       "contradicts, then that circle is white. Repeated to a fixpoint (singleton consistency "
       "over `triple`).")
def nd_probe(board: nd.Board, domains: RegionDomains,
             reading: str = nd.DEFAULT_READING) -> RegionDomains:
    """`common.probe`, the one probe, which the solver runs on each group before it
    branches.  Raises Contradiction when a region loses every circle.  [ND-16]"""
    doms = _as_dict(nd_triple(board, domains, reading))
    common.probe(doms, list(doms), _nd_propagator(board, reading))
    return _as_tuple(doms)


@_rule("If no answer of the complete engine within the domains makes a circle black, then it "
       "is white; a circle black in every answer is black.")
def nd_search(board: nd.Board, domains: RegionDomains,
              reading: str = nd.DEFAULT_READING) -> RegionDomains:
    """The complete rung, the solver's search one group at a time (`common.search` over the
    groups of `nondango.groups`): from what `probe` keeps, a witness answer for every
    circle it keeps.  Raises Contradiction if there is no answer.  [ND-16, ND-07]"""
    doms = _as_dict(nd_probe(board, domains, reading))
    propagate = _nd_propagator(board, reading)
    for group in nd.groups(board, reading):
        _keep_witnessed(doms, list(group), propagate)
    return _as_tuple(doms)


# === Both search rungs: the values some answer uses ===

def _keep_witnessed(domains: dict, variables: list, propagate: common.Propagator) -> None:
    """Keep exactly the values of `variables` that some answer within `domains` uses, in
    place: one search for a first answer, then one for each value no answer found so far
    uses.  Raises Contradiction when there is no answer at all."""
    first = next(common.search(domains, variables, propagate), None)
    if first is None:
        raise Contradiction("no answer within these domains")
    used = {var: set(first[var]) for var in variables}
    for var in variables:
        for value in sorted(domains[var]):
            if value in used[var]:
                continue
            answer = _answer_with(domains, variables, propagate, var, value)
            if answer is None:
                domains[var] = domains[var] - {value}
                continue
            for other in variables:
                used[other] |= answer[other]


def _answer_with(domains: dict, variables: list, propagate: common.Propagator, var,
                 value) -> dict | None:
    """One answer within `domains` in which `var` takes `value`, or None."""
    trial = {**domains, var: frozenset({value})}
    try:
        propagate(trial, [var])
    except Contradiction:
        return None
    return next(common.search(trial, variables, propagate), None)


# === The ladders ===

DF_LADDER: tuple[tuple[str, Rung], ...] = (
    ("run", df_run), ("room", df_room), ("profile", df_profile), ("probe", df_probe),
    ("search", df_search),
)
ND_LADDER: tuple[tuple[str, Rung], ...] = (
    ("region", nd_region), ("triple", nd_triple), ("probe", nd_probe), ("search", nd_search),
)
LADDER: dict[str, tuple[tuple[str, Rung], ...]] = {"dosun-fuwari": DF_LADDER,
                                                   "nondango": ND_LADDER}


def genre_of(board: Board) -> str:
    """'dosun-fuwari' or 'nondango' for a board of either module; TypeError otherwise."""
    if isinstance(board, df.Board):
        return "dosun-fuwari"
    if isinstance(board, nd.Board):
        return "nondango"
    raise TypeError(f"not a Dosun-Fuwari or Nondango board: {type(board).__name__}")


def default_reading(genre: str) -> str:
    """The puzzle module's DEFAULT_READING: 'official' (Dosun-Fuwari), 'write-up' (Nondango)."""
    return _GENRES[genre].module.DEFAULT_READING


def start(board: Board, reading: str | None = None) -> Domains:
    """The domains before any rung (`df_start` or `nd_start`)."""
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    return _GENRES[genre].start(board, reading)


def _check_reading(genre: str, reading: str | None) -> str:
    """`reading`, or the genre's default for None; ValueError for one the puzzle lacks."""
    if reading is None:
        reading = default_reading(genre)
    common.check_reading(reading, _GENRES[genre].module.READINGS)
    return reading


def _rung(genre: str, name: str) -> Rung:
    rungs = dict(LADDER[genre])
    if name not in rungs:
        raise ValueError(f"unknown {genre} rung {name!r}; expected one of {', '.join(rungs)}")
    return rungs[name]


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
             frozenset("*."): NOT_BALLOON, frozenset("o."): NOT_IRON_BALL,
             frozenset("o*"): NOT_EMPTY}


def _df_facts(board: df.Board, domains: RunDomains) -> tuple[dict[Cell, str], frozenset[int]]:
    facts = {}
    for run, d in zip(df.runs(board), domains):
        for k, cell in enumerate(run.cells):
            symbols = frozenset(state[k] for state in d)   # what the cell may still hold
            if symbols in _DF_FACTS:
                facts[cell] = _DF_FACTS[symbols]
    decided = {BALLOON, IRON_BALL, EMPTY}
    pinned = frozenset(i for i, room in enumerate(board.rooms)
                       if all(facts.get(c) in decided for c in room))
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
    facts, pinned = _GENRES[genre].facts(board, domains)
    return Proof(rung, domains, facts, pinned)


def prove(board: Board, rung: str, reading: str | None = None) -> Proof:
    """Run one rung (by name) from the start domains and say what it proves.  Raises
    ValueError for an unknown rung or reading, BoardError past the budget (`check_size`).
    [DF-18, ND-16]"""
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    _rung(genre, rung)
    check_size(board, reading)
    return _proof(board, genre, rung, reading)


# === Grading ===

class Step(NamedTuple):
    """One rung's result in a grade: rooms (regions) pinned out of `total`, or a
    contradiction."""

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
    """The lowest rung that finishes a board (`rung`, else 'search'), whether it did
    (`finished`: False when even search leaves cells open), and each rung's Step up to it
    (`steps`)."""

    rung: str
    finished: bool
    steps: tuple[Step, ...]

    def step(self, rung: str) -> Step | None:
        """The step of `rung`, or None when grading stopped below it."""
        return next((step for step in self.steps if step.rung == rung), None)


def grade(board: Board, reading: str | None = None, limit: float = LADDER_SECONDS) -> Grade:
    """Grade a board: run the rungs weakest first and stop at the first that decides every
    cell (or proves there is no answer).  Raises ValueError and BoardError as `prove` does,
    checking the size once for every rung against `limit` seconds.  [DF-19, ND-16]
    """
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    check_size(board, reading, limit)
    total = len(_parts(board))
    steps = []
    for name, _ in LADDER[genre]:
        proof = _proof(board, genre, name, reading)
        steps.append(Step(name, len(proof.pinned), total, proof.contradiction is not None))
        if proof.finished:
            return Grade(name, True, tuple(steps))
    return Grade(steps[-1].rung, False, tuple(steps))


# === Pictures ===

_DF_TOKENS = {BALLOON: "o", IRON_BALL: "*", EMPTY: ".", NOT_BALLOON: "_", NOT_IRON_BALL: "^",
              NOT_EMPTY: "+"}
_ND_TOKENS = {BLACK: "#", WHITE: "o"}


def _ladder_words(kind: str) -> list[str]:
    """The legend's lines for the ladder's own words; `kind`: 'rooms' or 'regions'."""
    return ["rung: one rule of deduction, tried weakest first",
            "fixpoint: until the rule removes nothing more",
            f"pins: the {kind} every cell of which the rung decides",
            f"knot: the {kind} the rung leaves undecided, for the rung above to untie",
            "grade: the lowest rung that decides every cell or proves there is no answer"]


_DF_LEGEND = [
    "left: one label per room, # black cell",
    "right: " + "  ".join(f"{token} {fact}" for fact, token in _DF_TOKENS.items()),
    "? nothing proved  # black cell",
    "run: a column's unbroken strip of white cells",
    "run state: a way to fill a run with o * . that the run alone allows",
    "room: white cells inside walls, holding one balloon and one iron ball",
    "profile: the (balloons, iron balls) a run state puts into a room",
    "probe: a run state whose trial under profile contradicts is out",
    "domains: the run states each run still has",
    "search: depth-first search for answers",
]
_ND_LEGEND = [
    "left: one label per region",
    "right: # black circle  o white circle  ? circle not decided  . no circle",
    "region: cells inside walls, exactly one of whose circles is black",
    "given: coloured by the board itself",
    "triple: three circles in consecutive cells of a row, column or diagonal",
    "live triple: one whose circles lie in three regions (published: one that can be "
    "all white)",
    "forbidden colour: black (published reading: either)",
    "probe: a circle whose trial as black contradicts under triple is white",
    "domains: the circles each region may still make black",
    "search: the complete engine",
]
LEGEND = {   # one definition a line, the later lines indented under `legend: `
    "dosun-fuwari": "\n        ".join(_DF_LEGEND + _ladder_words("rooms")),
    "nondango": "\n        ".join(_ND_LEGEND + _ladder_words("regions")),
}
WIDTH = 100  # columns of the text ladder.py prints (a board's picture may be wider)


def _df_tokens(board: df.Board, proof: Proof, owner: dict[Cell, int],
               cell: Cell) -> tuple[str, str]:
    """(the cell's room label, what `proof` proves there), or '#' twice for a black cell."""
    if cell in board.black:
        return "#", "#"
    return common.label(owner[cell]), _DF_TOKENS.get(proof.facts.get(cell), "?")


def _nd_tokens(board: nd.Board, proof: Proof, owner: dict[Cell, int],
               cell: Cell) -> tuple[str, str]:
    """(the cell's region label, what `proof` proves there), '.' for a cell without circle."""
    if cell not in board.circles:
        return common.label(owner[cell]), "."
    return common.label(owner[cell]), _ND_TOKENS.get(proof.facts.get(cell), "?")


def draw(board: Board, proof: Proof) -> str:
    """The board's rooms (regions) and, beside them, what `proof` proves, one token per cell
    (see LEGEND).  Returns text; prints nothing."""
    genre = _GENRES[genre_of(board)]
    owner = genre.owner(board)
    width = max((len(common.label(i)) for i in set(owner.values())), default=1)
    lines = []
    for r in range(board.rows):
        row = [genre.tokens(board, proof, owner, (r, c)) for c in range(board.cols)]
        lines.append(" ".join(left.rjust(width) for left, _ in row) + "   |   "
                     + " ".join(right for _, right in row))
    return "\n".join(lines)


# === The two genres side by side ===

class _Genre(NamedTuple):
    """What the ladder reads of one puzzle, so that no function asks which one it holds."""
    module: ModuleType                          # dosun_fuwari or nondango
    start: Callable                             # df_start or nd_start
    facts: Callable                             # _df_facts or _nd_facts
    tokens: Callable                            # _df_tokens or _nd_tokens
    owner: Callable                             # room_of or region_of: cell → its part
    parts: str                                  # 'rooms' or 'regions', the Board's field


_GENRES = {"dosun-fuwari": _Genre(df, df_start, _df_facts, _df_tokens, df.room_of, "rooms"),
           "nondango": _Genre(nd, nd_start, _nd_facts, _nd_tokens, nd.region_of, "regions")}


def _parts(board: Board) -> tuple:
    """The board's rooms (Dosun-Fuwari) or regions (Nondango): what a grade pins."""
    return getattr(board, _GENRES[genre_of(board)].parts)


# === Plumbing: the front door ===
# One budget per command, LADDER_SECONDS: before any rung runs, `check_size` predicts the
# CPU seconds of `python ladder.py BOARD` (every rung, then the grade) from `work_estimate`
# at the reading's LADDER_RATE, measured by `python bench/ladder_budget.py` (its figures
# are in bench/RESULTS.md); `prove`, `grade` and the play page check the same.  What the
# prediction misses, `ladder.py --seconds` stops.

LADDER_RUN_STATES = 250_000   # Dosun-Fuwari: run states of all runs, by formula, listed none
LADDER_RATE = {   # `work_estimate` values per CPU second of the whole command, per reading
    ("dosun-fuwari", "official"): 140_000, ("dosun-fuwari", "no-stacking"): 140_000,
    ("dosun-fuwari", "loose"): 2_000, ("nondango", "write-up"): 1_000_000,
    ("nondango", "published"): 1_000_000, ("nondango", "no-diagonals"): 300_000,
    ("nondango", "anywhere"): 10_000_000}


def _kept_by_room(rooms: tuple[int, ...], reading: str) -> int:
    """How many run states of a run through `rooms` (top to bottom) the room rung keeps at
    first, those of `dosun_fuwari.states_in_rooms`.  Only a room the run crosses twice or
    more can get two of a kind, so without one this is `count_run_states`, unlisted."""
    if len(set(rooms)) == len(rooms):
        return df.count_run_states(len(rooms), reading)
    return sum(1 for _ in df.states_in_rooms(list(rooms), reading))


def work_estimate(board: Board, reading: str | None = None) -> int:
    """What one pass of the probe rung looks at, from the board alone: the values times what
    one pass of the rung below looks at.  Dosun-Fuwari: the run states the room rung keeps,
    times those run states once per room their run crosses; Nondango: the circles, times
    per live triple (anywhere: live line) its circles and its regions.  BoardError,
    before listing any run state, for runs with more than LADDER_RUN_STATES in all.
    # work_estimate(the 3x3 board whose rooms are its rows) → 2700  (30 run states x 90)
    """
    genre = genre_of(board)
    reading = _check_reading(genre, reading)
    if genre == "nondango":
        region_of = nd.region_of(board)
        choices = sum(len({region_of[c] for c in t}) + len(t)
                      for t in nd.constraints(board, reading))
        return len(board.circles) * choices
    total = sum(df.count_run_states(run.length, reading) for run in df.runs(board))
    if total > LADDER_RUN_STATES:
        raise common.BoardError(f"too large for the ladder: {total:,} run states "
                                f"(at most {LADDER_RUN_STATES:,})")
    kept = [(_kept_by_room(rooms, reading), len(set(rooms)))
            for rooms in _df_frame(board).room_at]
    return sum(n for n, _ in kept) * sum(n * crossed for n, crossed in kept)


def seconds_estimate(board: Board, reading: str | None = None) -> float:
    """Predicted CPU seconds of `python ladder.py BOARD` here; raises as `work_estimate`."""
    genre = genre_of(board)
    return work_estimate(board, reading) / LADDER_RATE[genre, _check_reading(genre, reading)]


def check_size(board: Board, reading: str | None = None, limit: float = LADDER_SECONDS) -> None:
    """BoardError, in one line, for a board whose `seconds_estimate` passes `limit` seconds
    or whose runs have more than LADDER_RUN_STATES run states; ValueError for an unknown
    reading."""
    seconds = seconds_estimate(board, reading)
    if seconds > limit:
        raise common.BoardError(f"too large for the ladder: about {math.ceil(seconds):,} s of "
                                f"work on this machine (at most {limit:g} s)")


# === Command line ===

def rule_text(rung: Rung) -> str:
    """A rung's rule in words, on one line, as its `_rule` gives it: for this command and the
    play page's hint-level picker."""
    return rung.rule


def _wrapped(text: str) -> str:
    """`text` broken into lines of at most WIDTH columns, the later ones indented."""
    return textwrap.fill(text, WIDTH, subsequent_indent="   ")


def main(argv: list[str] | None = None) -> int:
    """Print what each rung (or the named rung) proves on a board, and its grade."""
    parser = cli.Parser(prog="ladder.py",
                        description="What each rung proves on a board, and its grade.")
    cli.board_argument(parser)
    rungs = "; ".join(f"{genre}: {', '.join(name for name, _ in rungs)}"
                      for genre, rungs in LADDER.items())
    parser.add_argument("--rung", metavar="RUNG",
                        help=f"only this rung (default: every rung); {rungs}")
    parser.add_argument("--reading", metavar="READING", help="the rule reading; dosun-fuwari: "
                        f"{cli.choices_text(df.READINGS, df.DEFAULT_READING)}; nondango: "
                        f"{cli.choices_text(nd.READINGS, nd.DEFAULT_READING)}")
    parser.add_argument("--seconds", type=cli.seconds, default=LADDER_SECONDS, metavar="S",
                        help=f"refuse a board predicted to need more than S seconds of CPU, "
                             f"and give up, in one line with exit status 2, after S seconds "
                             f"(default: {LADDER_SECONDS})")
    args = parser.parse_args(argv)
    try:
        board = formats.read(args.board)
        genre, module = genre_of(board), formats.module_of(board)
        reading, reason = cli.board_reading(module, board, formats.from_link(args.board),
                                            args.reading)
        reading = _check_reading(genre, reading)
        names = [args.rung] if args.rung else [name for name, _ in LADDER[genre]]
        _rung(genre, names[0])   # an unknown rung: ValueError, before any work
        with cli.cpu_budget(args.seconds):
            result = grade(board, reading, args.seconds)   # the one size check, first
            proofs = [_proof(board, genre, name, reading) for name in names]
    except ValueError as error:   # BoardError is a ValueError
        print(cli.fitted(f"ladder.py: {error}".splitlines()[0], args.board), file=sys.stderr)
        return 2
    except cli.OutOfTime:
        print(f"ladder.py: {puzzlink.named(args.board)}: gave up after {args.seconds} s of "
              f"CPU, the rungs not done (--seconds gives them more)", file=sys.stderr)
        return 2
    kind = _GENRES[genre].parts
    total = len(_parts(board))
    name = puzzlink.board_name(args.board, module.PZPRJS_GENRE, board.rows, board.cols)
    why = f" ({reason})" if reason else ""
    print(f"board: {name}; {reading} reading{why}\n")
    for name, proof in zip(names, proofs):
        print(_wrapped(f"== {name}: {rule_text(_rung(genre, name))}"))
        if proof.contradiction:
            where = ""
            if proof.where:
                cells = ", ".join(map(common.position, proof.where))
                where = f" at {cells} (column letter, row number)"
            print(_wrapped(f"contradiction: {proof.contradiction}{where}") + "\n")
        else:
            print(draw(board, proof))
            print(f"pins {len(proof.pinned)} of {total} {kind}; "
                  f"knot {total - len(proof.pinned)}\n")
    note = "" if result.finished else " (even search leaves cells open: more than one answer)"
    print(f"legend: {LEGEND[genre]}\ngrade ({reading} reading): {result.rung}{note}")
    return 0


if __name__ == "__main__":
    cli.run(main)
