"""What the checks of more than one write-up share: the finding a check returns, the bank
as the checks read it, and the ladder theorems audited on random boards.

The checks live in one module per write-up (checks/df_claims.py, checks/nd_claims.py)
and one for this project's own claims (checks/beyond_claims.py); verify.py runs them.
Each of those modules imports this one and none imports verify.py, so the imports run one
way: verify → checks/*_claims → checks/shared → the puzzle modules.

Contents
    VERDICTS, Finding       what one check returns
    bank_boards             the shipped boards of one genre (and size), read once per process
    bank_answer_failures    the cross-check that every stored answer passes the rules
    Split, ladder_split     how a set of boards splits over the ladder (DF-19, ND-16)
    answer_values, audit    the ladder theorem on one board, against the brute-force twins
    random_parts            a random partition of cells into connected parts
    ladder_audit_finding    DF-18 and ND-16: every rung sound and monotone on random boards
    cell_name               a cell as the play page names it: A1 is the top left
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, Sequence

from tools import bank
import dosun_fuwari as df
from twins import dosun_fuwari as df_twin
import ladder
from twins import nondango as nd_twin

__all__ = [
    "VERDICTS", "Finding", "lines", "bank_boards", "bank_answer_failures",
    "Split", "ladder_split", "AUDIT_CAP", "answer_values", "audit", "random_parts",
    "ladder_audit_finding",
    "cell_name",
]


# === What a check returns ===

# holds / refuted: a theorem checked; reproduced / consistent / differs / open: a figure
# rerun or measured and judged (checks/judging.py: told apart, inside its margin, not told
# apart because the write-up itself is the limit, or not yet decided by our boards);
# underspecified: the write-up leaves out what a rerun needs, so no figure can be judged.
VERDICTS = ("holds", "refuted", "reproduced", "consistent", "differs", "open",
            "underspecified")


def lines(*parts: str) -> str:
    """A check's named sentences, one paragraph each, as the text of its `detail` (empty
    parts left out).  # lines("a.", "", "b.") → 'a.\nb.'"""
    return "\n".join(part for part in parts if part)


@dataclass
class Finding:
    """What one check found.

    verdict:            one of VERDICTS
    measured:           our figure, in a few words (shown beside the write-up's)
    detail:             how it was measured: cases tried, sample sizes, seeds
    counterexample:     for `refuted`, the smallest counterexample as a picture
    corrected:          for `refuted`, the statement that does hold
    corrected_verdict:  the verdict of `corrected`, checked the same way
    crosscheck_failures: internal disagreements (engines, rules checker); any
                        entry here makes `python verify.py` exit 1
    rows:               one dict per figure, so a reader (or a drawing) can re-judge it
                        without reading prose: {"label", "ours", "theirs", "verdict",
                        "reason"} and, for a judged row, its interval, margin and limit
                        (checks/judging.py), where ours and theirs are [successes, n], a
                        number, or (theirs) None when the write-up gives no figure
    by_construction:    the figure holds because the procedure was built to give it (the
                        report says so beside the verdict)
    fit:                for the first claim judged by a parameter fit (DF-05, ND-03), the
                        fit's p-value curves (checks/fits.py, `curves`), which the report
                        page draws
    """

    verdict: str
    measured: str
    detail: str = ""
    counterexample: str | None = None
    corrected: str | None = None
    corrected_verdict: str | None = None
    crosscheck_failures: list[str] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)
    by_construction: bool = False
    fit: dict | None = None

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r}; expected one of {VERDICTS}")


def cell_name(cell: tuple[int, int]) -> str:
    """A cell (row, col), row 0 at the top, named as the play page names it: its column's
    letters (A … Z, then AA …) and its row's number from 1 at the top.
    # cell_name((0, 0)) → 'A1'; cell_name((2, 27)) → 'AB3'"""
    row, col = cell
    letters = ""
    n = col + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


# === The bank, as the checks read it ===
# Figures measured on the shipped boards in boards/ (built by bank.py by the write-ups'
# procedures).  Our bank is not the write-up's bank: its figures are printed beside ours,
# and a check that judges a bank figure draws the boards it needs from the same procedure
# and compares two samples (stats.py), as its detail says.

@lru_cache(maxsize=None)
def bank_boards(folder: str, size: int | None = None) -> tuple:
    """The bank boards of one genre folder, optionally only those of one size (rows)."""
    boards = bank.load_bank(folder)
    return tuple(b for b in boards if size is None or b.rows == size)


def bank_answer_failures(boards, module, reading: str) -> list[str]:
    """Cross-check: every bank answer passes the rules checker of its genre."""
    return [f"{dict(b.metadata).get('name', '?')}: stored answer breaks the rules" for b in boards
            if b.answer is None or not module.is_answer(b, b.answer, reading)]


# === How boards split over the ladder (DF-19, ND-16) ===

class Split(NamedTuple):
    """How a set of boards splits over the ladder.  [DF-19, ND-16]

    boards:        how many boards were graded
    finish:        rung -> boards whose grade is that rung, every rung listed, weakest first
    unfinished:    boards that even `search` leaves open (several answers)
    stall_rung:    the rung the next two figures are about
    stalled:       boards graded above `stall_rung`
    pinned_share:  on those, the mean share of rooms (regions) `stall_rung` pins (None if none)
    pooled_share:  the same, pooled: pinned over total rooms (regions) of the stalled boards
    knot_median:   on those, the median knot `stall_rung` leaves (None if none)
    """

    boards: int
    finish: dict[str, int]
    unfinished: int
    stall_rung: str
    stalled: int
    pinned_share: float | None
    pooled_share: float | None
    knot_median: float | None


def ladder_split(boards: Sequence, reading: str | None = None, stall_rung: str | None = None,
                 grades: Sequence | None = None) -> Split:
    """Grade every board (all of one genre) and sum up: boards per rung, and on the boards a
    `stall_rung` does not finish (default: `triple` for Nondango, `room` for Dosun-Fuwari),
    the share of rooms (regions) it still pins and the knot it leaves.  `grades`: the
    boards' `ladder.grade(board, reading)`, when the caller has them already (ND-16 grades
    the bank for its own figures; grading it once, not twice, takes ND-16 from 5.9 s of
    CPU to 3.9 s with --quick).  [DF-19, ND-16]

    Raises ValueError for an empty list, mixed genres, or an unknown rung.
    """
    if not boards:
        raise ValueError("ladder_split needs at least one board")
    genres = {ladder.genre_of(b) for b in boards}
    if len(genres) != 1:
        raise ValueError("ladder_split needs boards of one genre")
    genre = genres.pop()
    stall_rung = stall_rung or ("room" if genre == "dosun-fuwari" else "triple")
    names = [name for name, _ in ladder.LADDER[genre]]
    if stall_rung not in names:
        raise ValueError(f"unknown {genre} rung {stall_rung!r}; expected one of {', '.join(names)}")
    grades = [ladder.grade(b, reading) for b in boards] if grades is None else grades
    finish = {name: sum(g.rung == name for g in grades) for name in names}
    stalled = [g.step(stall_rung) for g in grades if names.index(g.rung) > names.index(stall_rung)]
    return Split(
        boards=len(boards), finish=finish, unfinished=sum(not g.finished for g in grades),
        stall_rung=stall_rung, stalled=len(stalled),
        pinned_share=statistics.fmean(s.share for s in stalled) if stalled else None,
        pooled_share=(sum(s.pinned for s in stalled) / sum(s.total for s in stalled)
                      if stalled and sum(s.total for s in stalled) else None),
        knot_median=statistics.median(s.knot for s in stalled) if stalled else None,
    )


# === The ladder theorem as a function (DF-18, ND-16) ===

AUDIT_CAP = 3000  # answers of the complete engine an audit enumerates per board and reading


def answer_values(board, reading: str | None = None, cap: int = AUDIT_CAP) -> tuple[list[set], int]:
    """Per variable, the values the answers use (Dosun-Fuwari: the run's fillings;
    Nondango: the region's black circle), and how many answers were read (at most `cap`).
    The answers come from the engines' brute-force twins (`twins.dosun_fuwari.solve_by_cells`,
    `twins.nondango.solve_by_exhaustion`), which share no code with the rungs or engine 1."""
    genre = ladder.genre_of(board)
    reading = reading or ladder.default_reading(genre)
    if genre == "dosun-fuwari":
        runs = df.runs(board)
        seen: list[set] = [set() for _ in runs]
        answers = df_twin.solve_by_cells(board, reading)
        def values(answer):  # noqa: E306
            return ["".join(df.BALLOON if c in answer.balloons else df.IRON if c in answer.irons
                            else df.EMPTY for c in run.cells) for run in runs]
    else:
        seen = [set() for _ in board.regions]
        answers = nd_twin.solve_by_exhaustion(board, reading)
        def values(answer):  # noqa: E306
            return [next(iter(answer & region)) for region in board.regions]
    n = 0
    for answer in answers:
        n += 1
        for found, value in zip(seen, values(answer)):
            found.add(value)
        if n >= cap:
            break
    return seen, n


def audit(board, reading: str | None = None, cap: int = AUDIT_CAP) -> list[str]:
    """What breaks the ladder theorem on one board: a rung that removes a value some answer
    uses, a contradiction on a board with an answer, a rung keeping a value the rung below
    removed, or `search` keeping other than exactly the answers' values (checked when the
    engine's answers number fewer than `cap`).  Empty list: the theorem holds here.
    [DF-18, ND-16]
    """
    genre = ladder.genre_of(board)
    reading = reading or ladder.default_reading(genre)
    values, n = answer_values(board, reading, cap)
    problems, below = [], None
    for name, rung in ladder.LADDER[genre]:
        try:
            domains = rung(board, ladder.start(board, reading), reading)
        except ladder.Contradiction:
            domains = None
        if domains is None:
            if n:
                problems.append(f"{name} contradicts on a board with an answer")
        else:
            if any(not v <= d for v, d in zip(values, domains)):
                problems.append(f"{name} removes a value an answer uses")
            if below is not None and below[1] is None:
                problems.append(f"{below[0]} contradicts but {name} does not")
            elif below is not None and any(not d <= b for d, b in zip(domains, below[1])):
                problems.append(f"{name} keeps a value {below[0]} removes")
        below = (name, domains)
    exact = below[1]
    wrong = (exact is None) != (n == 0) or (exact is not None
                                            and [set(d) for d in exact] != values)
    if n < cap and wrong:
        problems.append("search is not exactly the answers' values")
    return problems


# === The ladder theorems on random boards (DF-18, ND-16) ===
# Checked on random boards drawn beyond both generators (any black cells, any connected
# rooms; any regions, circles and givens), under every reading, against the complete
# engines (see ladder.py).

def random_parts(rng, cells: list) -> list[frozenset]:
    """A random partition of `cells` into connected parts: each grid edge joins with a
    probability drawn per board between 0.5 and 0.95 (every connected partition can come
    out; large rooms make boards with an answer common enough to test on)."""
    join = 0.5 + 0.45 * rng.random()
    parent = {c: c for c in cells}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for a in cells:
        for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)):
            if b in parent and rng.random() < join:
                parent[find(a)] = find(b)
    parts: dict = {}
    for c in cells:
        parts.setdefault(find(c), set()).add(c)
    return [frozenset(p) for p in parts.values()]


def _audit_on_random_boards(draw, module, boards: int,
                            seed: int) -> tuple[int, int, list[str], object]:
    """Audit `boards` random boards under every reading: (cases, cases with an answer,
    problems, the smallest board with a problem or None)."""
    rng = random.Random(seed)
    cases = answered = 0
    problems: list[str] = []
    smallest = None
    for _ in range(boards):
        board = draw(rng, 5)
        for reading in module.READINGS:
            found = audit(board, reading)
            cases += 1
            answered += bool(answer_values(board, reading, 1)[1])
            if found:
                problems += [f"{reading}: {p}" for p in found]
                if smallest is None or board.rows * board.cols < smallest.rows * smallest.cols:
                    smallest = board
    return cases, answered, problems, smallest


def ladder_audit_finding(module, draw, quick: bool, seed: int, words: str) -> Finding:
    """The finding of a ladder theorem (DF-18 with `module` dosun_fuwari, ND-16 with
    nondango): `holds` when every rung is sound and monotone on every board `draw(rng,
    5)` gives, `refuted` with the smallest failing board otherwise; `words` says what the
    rungs are."""
    boards = 25 if quick else 400
    cases, answered, problems, smallest = _audit_on_random_boards(draw, module, boards, seed)
    detail = (f"{boards} random boards up to 5x5 (seed {seed}) x {len(module.READINGS)} readings = "
              f"{cases} cases, {answered} with an answer; each rung checked against every answer "
              f"of the brute-force twin (up to {AUDIT_CAP}), each rung against the one "
              f"below, search against the exact answer values")
    if problems:
        return Finding("refuted", f"{len(problems)} failures in {cases} cases",
                       detail + "; first: " + problems[0],
                       counterexample=module.picture(smallest))
    return Finding("holds", f"sound and monotone in {cases} of {cases} cases",
                   detail + "; " + words)
