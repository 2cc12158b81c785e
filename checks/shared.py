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
    random_parts            a random partition of cells into connected parts
    ladder_audit_finding    DF-18 and ND-16: every rung sound and monotone on random boards
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from tools import bank
import ladder

__all__ = [
    "VERDICTS", "Finding", "bank_boards",
    "bank_answer_failures", "random_parts", "ladder_audit_finding",
]


# === What a check returns ===

# holds / refuted: a theorem checked; reproduced / differs: a figure rerun or measured;
# underspecified: the write-up leaves out what a rerun needs, so no figure can be judged.
VERDICTS = ("holds", "refuted", "reproduced", "differs", "underspecified")


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
    rows:               one dict per table row of the write-up, so a reader can re-judge
                        it: {"label", "ours", "theirs", "verdict"}, where ours and theirs
                        are [successes, n], a number, or (theirs) None when the write-up
                        gives no figure for the row
    by_construction:    the figure holds because the procedure was built to give it (the
                        report says so beside the verdict)
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

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r}; expected one of {VERDICTS}")


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
            found = ladder.audit(board, reading)
            cases += 1
            answered += bool(ladder.answer_values(board, reading, 1)[1])
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
              f"of the brute-force twin (up to {ladder.AUDIT_CAP}), each rung against the one "
              f"below, search against the exact answer values")
    if problems:
        return Finding("refuted", f"{len(problems)} failures in {cases} cases",
                       detail + "; first: " + problems[0],
                       counterexample=module.picture(smallest))
    return Finding("holds", f"sound and monotone in {cases} of {cases} cases",
                   detail + "; " + words)
