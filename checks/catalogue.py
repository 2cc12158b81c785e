"""The claims catalogue: every claim ID of the two write-ups and of this project, with its
kind, a few words for the report's table, the claim in one sentence (this project's words)
and the write-up's figure in full, in the write-ups' order.

    INDICATIVE     a quick run's word for a verdict its smaller sample cannot settle
    KINDS          theorem, experiment, bank figure
    Claim          one row of the catalogue
    CATALOGUE      every claim, DF-01 … DF-21, ND-01 … ND-18, X-01 … X-03
    CLAIM_BY_ID    ID → Claim
    SECTIONS       each write-up's sections: number, heading, a short name, the claims made there
    section_of     ID → its section: section_of("DF-15") → Section('§4', 'The dial is …', …)
    Stated, STATED every number of the write-ups a check judges, once: value, unit, n
    stated         (ID, key) → Stated: stated("DF-05", "8x8 runs").value → 10.7

The figures are the write-ups' own, as they state them; this module holds data only and
imports nothing of the project.  verify.py runs the check named after each ID (DF-05 → `df_05` in
checks/df_claims.py) and prints its verdict beside the claim's row here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["INDICATIVE", "WORDS", "KINDS", "Claim", "CATALOGUE", "CLAIM_BY_ID", "Stated", "STATED",
           "stated", "Section", "SECTIONS", "section_of"]

INDICATIVE = "indicative"   # a quick run's word for a verdict its smaller sample cannot settle
WORDS = 36                  # the longest a claim's words may be: one line of the report's table
KINDS = ("theorem", "experiment", "bank figure")


@dataclass(frozen=True)
class Claim:
    """One claim of a write-up: its ID, kind, a few words for the table (at most WORDS
    characters), the claim in one
    sentence (this project's words), and the write-up's figure in full.

    `kind` is 'theorem' (a general statement, checked exhaustively and on random boards),
    'experiment' (a figure from a seeded random experiment) or 'bank figure' (a figure
    measured on the shipped boards).  `sampled` marks a claim whose verdict compares a
    figure measured on a sample that `--quick` makes smaller: a quick run prints its
    verdict as INDICATIVE.  Every other quick verdict is the full run's (quick theorem
    checks try fewer cases; a counterexample is found on the smallest boards first).
    """

    id: str
    kind: str
    words: str
    statement: str
    documented: str
    sampled: bool = False
    figures_sampled: bool = False


CATALOGUE: tuple[Claim, ...] = (
    # Dosun-Fuwari, write-up 000
    Claim("DF-01", "theorem", "rules checker from the rules text",
          "A checker that looks at cells only, written from the rules alone, accepts a filling "
          "exactly when every room has one balloon and one iron ball, every balloon hangs from "
          "the top edge, a black cell or a balloon, and every iron ball rests on the bottom "
          "edge, a black cell or an iron ball.", "—"),
    Claim("DF-02", "theorem", "run: balloons prefix, irons suffix",
          "In every legal filling of a run (a maximal column of white cells) the balloons are "
          "an unbroken block at its top and the iron balls one at its bottom; all 3^L fillings "
          "of a column are tried.", "L = 1..12"),
    Claim("DF-03", "theorem", "run of L cells: (L+1)(L+2)/2 states",
          "A run of L cells has (L+1)(L+2)/2 legal fillings, one for each pair (b, s) of "
          "balloons and iron balls with b + s ≤ L: the triangular numbers, OEIS A000217.",
          "3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91 for L = 1..12"),
    Claim("DF-04", "theorem", "placements = ∏ run state counts",
          "Leaving the rooms aside, a board's legal placements number the product of its runs' "
          "state counts, so only the lengths of the runs matter.", "—"),
    Claim("DF-05", "bank figure", "runs and placement space of the bank",
          "The bank's boards have the write-up's average number of runs and size of placement "
          "space before the rooms are used.",
          "8×8: 10.7 runs, about 10^13 placements; 12×12: 22.2 runs, 10^28.4", sampled=True),
    Claim("DF-06", "theorem", "loose reading: columns are A095263",
          "Under the loose reading (a piece may lean on a piece of either kind) a run of L cells "
          "has A095263(L) legal fillings (Pisot E(3,7)), and an iron ball resting on the balloon "
          "that hangs from it, nothing under either, is legal.",
          "3, 7, 16, 37, 86, 200, 465, 1081, 2513, 5842, 13581, 31572 for L = 1..12"),
    Claim("DF-07", "theorem", "no-stacking reading: column counts",
          "When a piece may lean only on the edge or a black cell, a run of one cell has 3 legal "
          "fillings and every longer run 4.", "3, then 4 for every L ≥ 2"),
    Claim("DF-08", "bank figure", "8×8 placement space, loose reading",
          "Under the loose reading the 8×8 bank's placement space is far larger than under the "
          "official one.", "10^19.2, against about 10^13 officially", sampled=True),
    Claim("DF-09", "bank figure", "loose: no 8×8 bank board unique",
          "Under the loose reading no 8×8 bank board keeps a single answer: every one passes the "
          "5,000-answer counting cap.", "0 of 36 unique; 36 of 36 past the cap", sampled=True),
    Claim("DF-10", "experiment", "loose: unique 6×6 boards lose it",
          "6×6 boards with one answer under the official reading all have more than one under "
          "the loose reading.", "40 unique → 0 unique; smallest answer count 3,264", sampled=True),
    Claim("DF-11", "theorem", "a run's ends always hold their piece",
          "Whatever else is on the board, a balloon in the top cell of a run and an iron ball in "
          "its bottom cell are held.", "—"),
    Claim("DF-12", "theorem", "run-top in every room ⇒ ∏T_i·∏B_i",
          "A board on which every room holds at least one run-top has exactly ∏T_i·∏B_i answers, "
          "where room i holds T_i run-tops and B_i run-bottoms.",
          "225 of 225 unstarved boards exact, 0 with more; right on 0 of 650 starved boards",
          figures_sampled=True),
    Claim("DF-13", "theorem", "unique, unstarved ⇒ rooms = runs",
          "A board with one answer and no starved room has as many rooms as runs, and its answer "
          "is a balloon on every run-top and an iron ball on every run-bottom.", "—"),
    Claim("DF-14", "bank figure", "bank boards starved, none unstacked",
          "Every bank board has a starved room (one holding no run-top), and none of them has an "
          "answer when pieces may not stack (the no-stacking reading).",
          "all 72 boards starved, rooms starved: median 3 at 8×8, 6 at 12×12; no answer without "
          "stacking on 72 of 72"),
    Claim("DF-15", "experiment", "uniqueness by starved rooms (dial)",
          "Starting from the board with one room per run and starving rooms one at a time, the "
          "share of boards with a single answer falls with the number of starved rooms.",
          "8×8: 0 starved 220/220, 1 → 200/220 (90.9%), 2 → 185/220 (84.1%), 3 → 157/216 "
          "(72.7%), 4 → 112/153 (73.2%); 8×8 stops at 4; 12×12 reaches 8 at 55.1%", sampled=True),
    Claim("DF-16", "experiment", "random boards: none unique",
          "Boards with random black cells and random connected rooms almost never have an answer "
          "and never exactly one.",
          "6×6 p=0: 600 of 600 none; 6×6 p=0.12: 594 none, 6 more; 8×8 p=0: 600 none; 8×8 "
          "p=0.12: 599 none, 1 more; 8×8 p=0.2: 596 none, 4 more; 10×10 p=0.15: 600 none; "
          "in all 3,589 of 3,600 none, 0 unique", sampled=True),
    Claim("DF-17", "theorem", "generator needs no placement rules",
          "The generator can skip the placement rules because it puts balloons only on run-tops "
          "and iron balls only on run-bottoms.", "—"),
    Claim("DF-18", "theorem", "ladder run⊂room⊂profile⊂probe sound",
          "Each rung of the Dosun-Fuwari ladder (run, room, profile, probe) proves at least what "
          "the rung below it proves and never removes a value that an answer uses.", "—"),
    Claim("DF-19", "experiment", "ladder split: room, profile, +1 rung",
          "Generated boards without a starved room are finished by the room rung; every bank "
          "board needs profile and none needs probe or search; starving the first room lifts a "
          "board one rung, from room to profile, and starving more lifts it no further.",
          "150 of 150 at room; 72 of 72 need profile, 0 need probe",
          sampled=True),
    Claim("DF-20", "theorem", "run engine = cell backtracker",
          "The run-based solver and a plain cell-by-cell backtracker return the same set of "
          "answers on every board small enough for the backtracker.", "—"),
    Claim("DF-21", "theorem", "3^L enumeration = run states",
          "Trying all 3^L fillings of a column gives exactly the run states, under the official "
          "and under the loose reading.", "—"),
    # Nondango, write-up 003
    Claim("ND-01", "theorem", "rules checker from the rules text",
          "A checker written from the rules alone accepts a painting exactly when every region "
          "has one black circle and no three neighbouring cells along a row, column or diagonal "
          "all hold black circles.", "—"),
    Claim("ND-02", "theorem", "two circles in one region: dead",
          "Three circles in consecutive cells, two of them in one region, can never all be "
          "black, so such a triple never rules out a painting.", "—"),
    Claim("ND-03", "bank figure", "dead share and triples on the bank",
          "About a third of the bank's geometric triples are dead, and its boards carry the "
          "write-up's average numbers of triples and live triples.",
          "34.8% dead; 8×8: 43.1 triples, 28.3 live; 12×12: 146.4 triples, 95.3 live",
          sampled=True),
    Claim("ND-04", "theorem", "live triples only: same answers",
          "Dropping the dead triples before solving changes no board's set of answers.",
          "36 of 36 8×8 boards"),
    Claim("ND-05", "theorem", "unique ⇒ every white certified",
          "On a board with one answer, moving a region's black circle onto another circle of the "
          "region always breaks a rule, and every white circle has a certificate: a line of three "
          "through it whose other two circles are black.",
          "2,113 moves on 72 boards, all illegal, all certified"),
    Claim("ND-06", "theorem", "circles−regions ≤ certifying ≤ live",
          "On every board with one answer, circles minus regions is at most the number of "
          "certifying lines, which is at most the number of live triples.",
          "tightest spare 1 line, median 9, 0 of 72 boards break it", figures_sampled=True),
    Claim("ND-07", "theorem", "count = product over groups",
          "Joining the regions that share a live triple splits a board into groups whose answer "
          "counts multiply to the board's, and a region in no live triple contributes its number "
          "of circles.", "—"),
    Claim("ND-08", "experiment", "no live triple ⇒ ∏ region sizes",
          "A random board without a live triple has as many answers as the product of its "
          "regions' circle counts.", "200 of 200"),
    Claim("ND-09", "bank figure", "groups on the bank",
          "On the bank, regions holding a single circle stand alone as groups and the rest of "
          "each board joins into one large group.",
          "72 boards → 189 groups; 114 single regions with one circle (givens); the rest one "
          "group of up to 48 regions"),
    Claim("ND-10", "bank figure", "no diagonals: uniqueness gone",
          "Read without diagonals, no bank board keeps a single answer.",
          "8×8: 0 of 36 unique, median 1,268 answers; 12×12: 36 of 36 past the 20,000 cap",
          sampled=True),
    Claim("ND-11", "theorem", "anywhere in line: no answer",
          "Read as 'anywhere in the line', a line of L circles allows 1 + L + L(L−1)/2 black sets "
          "(A000124) instead of the tribonacci count (A000073), and no bank board keeps an "
          "answer.", "A000073 → A000124; 72 of 72 boards without an answer"),
    Claim("ND-12", "theorem", "full grids A181218; 9×9 past 2^53",
          "On n×n grids with a circle on every cell, a transfer matrix counting the paintings with "
          "no three blacks in line agrees with brute force and A181218, and the 9×9 count is "
          "past 2^53.",
          "A181218: 2, 16, 230, 10732, 1495392, 507962194, 493466099722, 1328921689649459"),
    Claim("ND-13", "experiment", "dial: uniqueness by white circles",
          "Adding white circles only where a certificate exists never loses the drawn answer, and "
          "the share of boards with a single answer falls as more are added.",
          "0 of 3,276 dial boards without an answer; 12×12: 100.0% unique at k = 0, 13.7% at "
          "k = 32", sampled=True),
    Claim("ND-14", "bank figure", "white circles and ways to paint",
          "The bank's boards keep the write-up's average number of white circles, with the "
          "matching number of ways to paint them.",
          "8×8: 15.4 white circles, 15,849 ways; 12×12: 43.3 white circles, 10^11.6 ways",
          sampled=True),
    Claim("ND-15", "experiment", "random regions and circles",
          "Boards with random regions and random circles mostly have no answer and rarely exactly "
          "one, and most of those with one hold more circles than regions.",
          "3,600 boards: 2,248 none, 27 exactly one, 23 of those with more circles than regions",
          sampled=True),
    Claim("ND-16", "theorem", "ladder region⊂triple⊂probe⊂search",
          "Each rung of the Nondango ladder (region, triple, probe, search) is sound and proves at "
          "least what the rung below proves; on the bank triple stalls on most boards and probe "
          "finishes every one.",
          "52 of 72 stall at triple; triple pins 72% of regions there; knot median 13 regions; "
          "0 need search", figures_sampled=True),
    Claim("ND-17", "bank figure", "black neighbours vs a random pick",
          "A black circle of a bank answer has a black neighbour (of eight) about as often as a "
          "circle picked at random in each region.",
          "8×8: 86% against 87.8%; 12×12: 91% against 91.4%", sampled=True),
    Claim("ND-18", "theorem", "backtracker = screened group solver",
          "A plain backtracker over every geometric triple and the screened group solver return "
          "the same answers, also under both misreadings, and multiplying the groups' counts by "
          "hand gives the same total.", "—"),
    # This project's own
    Claim("X-01", "theorem", "published rule: screen not exact",
          "Under the published rule, which also forbids three white circles in a line, a triple "
          "with two circles in one region can still fire, so the dead-triple screen is no longer "
          "exact.", "—"),
    Claim("X-02", "bank figure", "banks under the published rule",
          "How many answers of the Nondango bank built by the write-up's procedure also obey the "
          "published rule (a figure, not a requirement); and every board of the published-rule "
          "bank (boards/nondango-published/) has one answer under that rule, so it plays "
          "correctly on puzz.link.", "—"),
    Claim("X-03", "theorem", "puzz.link links round-trip",
          "puzz.link links and pzprv3 files of both puzzles read and write back byte for byte.",
          "—"),
)

CLAIM_BY_ID = {claim.id: claim for claim in CATALOGUE}


# === The write-ups' figures, as numbers ===
# Every number of a write-up that a check judges is here, once: its value, the last digit
# it is printed to, and the boards behind it where the write-up says.  The checks read
# them with `stated`; the catalogue's `documented` text above quotes them, and a test
# holds each `printed` form to its claim's text, so the two cannot drift apart.

@dataclass(frozen=True)
class Stated:
    """One number a write-up prints: `value` (a mean, a share, a count, (k, n) for k of n
    boards, or for DF-16's rows (no answer, more than one) of n boards), `unit` (its last
    printed digit: 10.7 → 0.1; 0 for a count), `n` (the boards
    behind a mean or a share, None where the write-up does not say), and `printed` (the
    words of the claim's `documented` text that state it)."""

    claim: str
    key: str
    value: float | tuple[int, int]
    unit: float
    n: int | None
    printed: str


STATED: tuple[Stated, ...] = (
    Stated("DF-05", "8x8 runs", 10.7, 0.1, 36, "10.7 runs"),
    Stated("DF-05", "8x8 log10 placements", 13.0, 1.0, 36, "about 10^13 placements"),
    Stated("DF-05", "12x12 runs", 22.2, 0.1, 36, "22.2 runs"),
    Stated("DF-05", "12x12 log10 placements", 28.4, 0.1, 36, "10^28.4"),
    Stated("DF-08", "8x8 loose log10 placements", 19.2, 0.1, 36, "10^19.2"),
    Stated("DF-09", "unique", (0, 36), 0, None, "0 of 36 unique"),
    Stated("DF-09", "past the cap", (36, 36), 0, None, "36 of 36 past the cap"),
    Stated("DF-10", "unique under loose", (0, 40), 0, None, "40 unique → 0 unique"),
    Stated("DF-10", "smallest loose count", 3264, 0, 40, "smallest answer count 3,264"),
    Stated("DF-12", "unstarved exact", (225, 225), 0, None, "225 of 225 unstarved"),
    Stated("DF-12", "starved exact", (0, 650), 0, None, "0 of 650 starved"),
    Stated("DF-14", "8x8 median starved", 3, 0, 36, "median 3 at 8×8"),
    Stated("DF-14", "12x12 median starved", 6, 0, 36, "6 at 12×12"),
    Stated("DF-14", "no answer without stacking", (72, 72), 0, None, "on 72 of 72"),
    Stated("DF-14", "every board starved", (72, 72), 0, None, "all 72 boards starved"),
    Stated("DF-15", "k=0 drawn", (220, 220), 0, None, "0 starved 220/220"),
    Stated("DF-15", "k=0 unique", (220, 220), 0, None, "0 starved 220/220"),
    Stated("DF-15", "k=1 drawn", (220, 220), 0, None, "1 → 200/220"),
    Stated("DF-15", "k=1 unique", (200, 220), 0, None, "1 → 200/220"),
    Stated("DF-15", "k=2 drawn", (220, 220), 0, None, "2 → 185/220"),
    Stated("DF-15", "k=2 unique", (185, 220), 0, None, "2 → 185/220"),
    Stated("DF-15", "k=3 drawn", (216, 220), 0, None, "3 → 157/216"),
    Stated("DF-15", "k=3 unique", (157, 216), 0, None, "3 → 157/216"),
    Stated("DF-15", "k=4 drawn", (153, 220), 0, None, "4 → 112/153"),
    Stated("DF-15", "k=4 unique", (112, 153), 0, None, "4 → 112/153"),
    Stated("DF-15", "12x12 k=8 unique", 0.551, 0.001, None, "12×12 reaches 8 at 55.1%"),
    Stated("DF-16", "6x6 p=0", (600, 0), 0, 600, "6×6 p=0: 600 of 600 none"),
    Stated("DF-16", "6x6 p=0.12", (594, 6), 0, 600, "6×6 p=0.12: 594 none, 6 more"),
    Stated("DF-16", "8x8 p=0", (600, 0), 0, 600, "8×8 p=0: 600 none"),
    Stated("DF-16", "8x8 p=0.12", (599, 1), 0, 600, "8×8 p=0.12: 599 none, 1 more"),
    Stated("DF-16", "8x8 p=0.2", (596, 4), 0, 600, "8×8 p=0.2: 596 none, 4 more"),
    Stated("DF-16", "10x10 p=0.15", (600, 0), 0, 600, "10×10 p=0.15: 600 none"),
    Stated("DF-19", "unstarved at room", (150, 150), 0, None, "150 of 150 at room"),
    Stated("DF-19", "bank needs profile", (72, 72), 0, None, "72 of 72 need profile"),
    Stated("DF-19", "bank needs probe", (0, 72), 0, None, "0 need probe"),
    Stated("ND-03", "dead share", 0.348, 0.001, 72, "34.8% dead"),
    Stated("ND-03", "8x8 triples", 43.1, 0.1, 36, "43.1 triples"),
    Stated("ND-03", "8x8 live", 28.3, 0.1, 36, "28.3 live"),
    Stated("ND-03", "12x12 triples", 146.4, 0.1, 36, "146.4 triples"),
    Stated("ND-03", "12x12 live", 95.3, 0.1, 36, "95.3 live"),
    Stated("ND-05", "bank moves", (2113, 2113), 0, None, "2,113 moves on 72 boards"),
    Stated("ND-06", "bank violations", (0, 72), 0, None, "0 of 72 boards break it"),
    Stated("ND-06", "median spare", 9, 0, 72, "median 9"),
    Stated("ND-06", "tightest spare", 1, 0, 72, "tightest spare 1 line"),
    Stated("ND-08", "exact", (200, 200), 0, None, "200 of 200"),
    Stated("ND-09", "groups", 189, 0, 72, "189 groups"),
    Stated("ND-09", "single regions", 114, 0, 72, "114 single regions"),
    Stated("ND-09", "largest group", 48, 0, 72, "up to 48 regions"),
    Stated("ND-10", "8x8 unique", (0, 36), 0, None, "0 of 36 unique"),
    Stated("ND-10", "8x8 median answers", 1268, 0, 36, "median 1,268 answers"),
    Stated("ND-10", "12x12 past the cap", (36, 36), 0, None, "36 of 36 past the 20,000 cap"),
    Stated("ND-11", "bank without an answer", (72, 72), 0, None, "72 of 72 boards"),
    Stated("ND-13", "dial boards without an answer", (0, 3276), 0, None,
           "0 of 3,276 dial boards"),
    Stated("ND-13", "12x12 k=0 unique", 1.0, 0.001, None, "100.0% unique at k = 0"),
    Stated("ND-13", "12x12 k=32 unique", 0.137, 0.001, None, "13.7% at k = 32"),
    Stated("ND-14", "8x8 white circles", 15.4, 0.1, 36, "15.4 white circles"),
    Stated("ND-14", "8x8 log10 ways", 4.2, 0.1, 36, "15,849 ways"),
    Stated("ND-14", "12x12 white circles", 43.3, 0.1, 36, "43.3 white circles"),
    Stated("ND-14", "12x12 log10 ways", 11.6, 0.1, 36, "10^11.6 ways"),
    Stated("ND-15", "no answer", (2248, 3600), 0, None, "2,248 none"),
    Stated("ND-15", "exactly one", (27, 3600), 0, None, "27 exactly one"),
    Stated("ND-15", "more circles than regions", (23, 27), 0, None, "23 of those"),
    Stated("ND-16", "stall at triple", (52, 72), 0, None, "52 of 72 stall at triple"),
    Stated("ND-16", "pinned share", 0.72, 0.01, 52, "pins 72% of regions"),
    Stated("ND-16", "knot median", 13, 0, 52, "knot median 13 regions"),
    Stated("ND-16", "need search", (0, 72), 0, None, "0 need search"),
    Stated("ND-17", "8x8 answers", 0.86, 0.01, 36, "86%"),
    Stated("ND-17", "8x8 random pick", 0.878, 0.001, 36, "87.8%"),
    Stated("ND-17", "12x12 answers", 0.91, 0.01, 36, "91%"),
    Stated("ND-17", "12x12 random pick", 0.914, 0.001, 36, "91.4%"),
)
_STATED = {(figure.claim, figure.key): figure for figure in STATED}


def stated(claim_id: str, key: str) -> Stated:
    """The write-up's number `key` of claim `claim_id`.  KeyError for one the table lacks.
    # stated("DF-05", "8x8 runs").value → 10.7"""
    return _STATED[(claim_id, key)]


# === The write-ups' sections ===
# Each write-up is a series of sections under headings of its own, numbered here from §1
# in the order they come; Dosun-Fuwari's opening statement of the rules, before its first
# heading, is §0.  The report names a claim's section: in the table by its number, in the
# claim's block by its number and heading.

@dataclass(frozen=True)
class Section:
    """One section of a write-up: its number ('§4'), its heading as the write-up prints it,
    a short name (at most 16 characters, for the legend of the report's table), and the IDs
    of the claims it makes."""

    number: str
    heading: str
    short: str
    claims: tuple[str, ...]


SECTIONS: dict[str, tuple[Section, ...]] = {
    "DF": (
        Section("§0", "the opening statement of the rules", "the rules", ("DF-01",)),
        Section("§1", "The grid is a decoy", "a decoy grid",
                ("DF-02", "DF-03", "DF-04", "DF-05")),
        Section("§2", "The rule as it is usually restated is a different puzzle",
                "the usual rule", ("DF-06", "DF-07", "DF-08", "DF-09", "DF-10")),
        Section("§3", "A run-top is always a legal balloon, and that decides everything",
                "run-tops", ("DF-11", "DF-12", "DF-13", "DF-14")),
        Section("§4", "The dial is the number of starved rooms", "the dial", ("DF-15",)),
        Section("§5", "Boards do not happen by accident", "no accident", ("DF-16", "DF-17")),
        Section("§6", "The ladder", "the ladder", ("DF-18", "DF-19")),
        Section("§7", "Two engines", "two engines", ("DF-20", "DF-21")),
    ),
    "ND": (
        Section("§1", "Two of the three circles can live in the same region, and then the rule "
                "says nothing", "dead triples", ("ND-01", "ND-02", "ND-03", "ND-04")),
        Section("§2", "One swap is all it takes", "one swap", ("ND-05", "ND-06")),
        Section("§3", "No live triple, no puzzle at all", "no live triple",
                ("ND-07", "ND-08", "ND-09")),
        Section("§4", "Both ways of misquoting \"three in a row\" delete the puzzle",
                "misquoting", ("ND-10", "ND-11", "ND-12")),
        Section("§5", "The dial is how many white circles you dare add", "the dial",
                ("ND-13", "ND-14")),
        Section("§6", "Boards do not happen by accident", "no accident", ("ND-15",)),
        Section("§7", "The ladder", "the ladder", ("ND-16",)),
        Section("§8", "What I expected and did not find", "not found", ("ND-17",)),
        Section("§9", "Two engines", "two engines", ("ND-18",)),
    ),
    "X": (
        Section("—", "none: this project's own (the published rule, puzz.link)",
                "this project", ("X-01", "X-02", "X-03")),
    ),
}


def section_of(claim_id: str) -> Section:
    """The section of a write-up that makes the claim `claim_id`.  KeyError for an ID no
    section lists.  # section_of("ND-13").heading → 'The dial is how many white circles …'"""
    for section in SECTIONS[claim_id.split("-")[0]]:
        if claim_id in section.claims:
            return section
    raise KeyError(claim_id)
