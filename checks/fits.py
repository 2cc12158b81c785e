"""The write-ups' unstated parameters, fitted to every figure that moves with them.

Neither write-up gives the parameter its generator was run at: the Dosun-Fuwari black-cell
density, the Nondango count of regions per board.  Both are nuisance parameters.  Here each
is fitted the plain way: the write-up's own bank procedure is run at every value of a grid,
every stated figure that depends on the parameter is tested at every value, and the values
no test rejects are the confidence set (a confidence set by test inversion).

Contents
    Figure, FigureTest,    a stated figure, its test at one value, a whole fit
    Fit
    figure_test            one figure against our draws at one value: ours, z, p, interval
    joint_p                Holm's first step: the p-value of "every figure holds here"
    fit_from_tests         estimate, confidence set, each figure's own set, the finding
    run_fit                a grid searched coarse, then fine near the set
    density_fit            Dosun-Fuwari: black density  [DF-05, DF-08]
    region_fit             Nondango: count of regions, per size and as one mean size
                           [ND-03, ND-13, ND-14]
    fitted_rows            a claim's fitted figures, each judged across the confidence set
    fit_summary, fit_text  a fit in one sentence, and as a short plain-text table

The figures' numbers come from the catalogue (checks.catalogue.stated); how one figure is
judged at one value is checks/judging.py's rule for a mean.  The figures themselves are the
puzzle modules' (dosun_fuwari.placement_decades, nondango.triples, …).

Glossary (with an example value)
    value       one grid value of the parameter, e.g. 0.17 (a density), 48 (regions)
    figure      a number the write-up prints, e.g. 10.7 runs per 8x8 bank board
    unit        the figure's last printed digit, e.g. 0.1: 10.7 stands for 10.65 .. 10.75
    their n     the boards behind the figure: 36 for a bank figure (36 boards a size)
    pass        coarse: every value (or every other) at the write-up's own n, to reject
                what is far away; fine: the values the coarse pass keeps, at the sample
                rule's size (judging.sample_size: four times the write-up's n)

How one figure is tested at one value.  The write-up's figure is taken as the mean of
`their n` boards of the same procedure, spreading as ours do (the write-up gives no
spread); ours is the mean of our n boards.  Under "our procedure's mean equals the
write-up's" the gap between the two means has standard error sd·sqrt(1/n + 1/their n), sd
from our draws, and is normal to a good approximation (36 boards and more).  The printed
figure may be anything within half its last digit, so the gap is measured to the nearest
point of that interval (zero inside it, where z is 0: 13.31 against "about 10^13", which
stands for 10^12.5 to 10^13.5): the test rejects only if every value the figure could have
been rounded from is rejected.  A rate is the mean of 0/1 flags and is tested the same way.

How a value is judged.  The figures at one value are corrected together by Holm at 1%.  A
value is in the confidence set when Holm rejects none of its figures, which happens
exactly when its smallest p-value times the number of figures exceeds 1% (Holm's first
step; later steps only matter for which figures, not whether any).  That product, capped
at 1, is the value's joint p; the estimate is the value of largest joint p (the smallest
largest |z|; ties by the smallest sum of z²).  Each figure alone is not rejected where its
own p exceeds 1%; if no value meets all figures, the fit says so: that is a finding about
the write-up, not a tuning problem.

Coarse, then fine.  The coarse pass tests every value on the write-up's own n of boards and
drops those whose joint p is below COARSE_ALPHA (1e-4); the fine pass draws the rest of
the sample rule's boards (the coarse pass's are its first ones: nothing is drawn twice) at
the values kept and judges the set there.  A true value is dropped by the coarse pass with
probability at most 1e-4, so the set keeps its 99% less that.  Where the coarse pass takes
every other value (12x12 regions), the fine pass also takes the neighbours of a kept one:
the figures move steadily with the parameter between them.

Roads not taken: a joint test with the figures' covariance (a chi-square on the vector of
gaps) would be more powerful where figures move together (runs and placements do), but it
needs the covariance of the write-up's boards, which is ours only by assumption, and a
matrix inverse a reader cannot check by eye; Holm is valid under any dependence.  Fitting
the parameter by least squares and then testing at the fit would treat the estimate as
known, the very mistake the fit is here to undo.

Deterministic: fixed seeds, and the generators draw with Random.random() alone.  The cost
of each fit is in bench/RESULTS.md (python bench/verify_time.py --per-check).
"""

from __future__ import annotations

import math
import statistics
import textwrap
from typing import Callable, NamedTuple, Sequence

import dosun_fuwari as df
import nondango as nd
from checks import judging
from checks.catalogue import stated
from checks.stats import holm
from tools import bank

__all__ = [
    "ALPHA", "COARSE_ALPHA", "Figure", "FigureTest", "Fit", "figure_test", "joint_p",
    "in_words", "fit_from_tests", "run_fit", "density_fit", "region_fit", "fit_text",
    "DENSITIES", "REGION_COUNTS", "DIAL_THEIR_N", "DIAL_BOARDS", "df_bank_cycle",
    "df_bank_procedure", "ND_BANK_SEED", "dial_flags", "kind_of", "judged_values",
    "fitted_rows", "shipped_words", "fit_summary", "mean_size_of", "set_words", "log10_ways",
    "curves",
]

ALPHA = 0.01
COARSE_ALPHA = 1e-4   # the coarse pass drops a value whose joint p is below this


class Figure(NamedTuple):
    """One figure a write-up prints that moves with the parameter."""

    claim: str        # 'DF-05'
    words: str        # '8x8 runs per board'
    printed: float    # the write-up's number, e.g. 10.7
    unit: float       # its last printed digit, e.g. 0.1
    their_n: int      # boards behind it, e.g. 36
    sample: str       # which of our samples measures it, e.g. 'bank 8x8'
    measure: Callable[[Sequence], list[float]]   # a sample's boards → one value a board


class FigureTest(NamedTuple):
    """One figure at one value: our mean, the signed z of the gap to the printed figure's
    interval (0 inside it; positive when ours is above), the two-sided p-value, the 99%
    interval of the difference ours − theirs, the same with our error zero (its limit),
    the boards that would decide it, and what limits it (judging.mean_row)."""

    ours: float
    z: float
    p: float
    low: float = 0.0
    high: float = 0.0
    limit_low: float = 0.0
    limit_high: float = 0.0
    needed: int | None = None
    who: str = ""
    boards: int = 0


class Fit(NamedTuple):
    """A whole fit: the values tested, the figures, their tests at every value, and what
    follows; `boards` holds what was drawn at each value (sample → items), for the checks
    that read the fit's own draws."""

    parameter: str                    # 'black-cell density'
    grid: tuple                       # the values tested, in order
    labels: tuple[str, ...]           # each value in words, e.g. '0.12'
    figures: tuple[Figure, ...]
    tests: tuple[tuple[FigureTest, ...], ...]   # tests[i][j]: figure j at grid value i
    samples: tuple[tuple[str, int, int], ...]   # (sample, our boards per value, their n)
    estimate: int                     # index into grid of the best fit
    confidence_set: tuple[int, ...]   # indices into grid no Holm test rejects
    alone: tuple[tuple[int, ...], ...]    # per figure: indices where it alone holds
    finding: str                      # '' or why no value meets every figure
    notes: tuple[str, ...] = ()
    fine: tuple[int, ...] | None = None   # indices tested at the fine pass (None: all)
    boards: tuple[dict, ...] = ()     # per value: sample → what was drawn there


# === One figure, one value ===

def figure_test(values: Sequence[float], printed: float, unit: float,
                their_n: int, kind: str = "mean") -> FigureTest:
    """Two-sided test that the mean of `values` (our boards) and the printed figure (a
    mean of their_n boards, spread as ours) are one mean, the figure read as an interval:
    the judging module's rule for a mean (judging.mean_row), as a FigureTest.
    Raises statistics.StatisticsError for fewer than two values.
    # figure_test([10.0, 11.0] * 18, 10.7, 0.1, 36).p → 0.209…"""
    row = judging.mean_row("", values, printed, unit, their_n, kind)
    return FigureTest(statistics.fmean(values), row["z"], row["p"], *row["difference"],
                      *row["limit"], row["needed"], row["who"], len(values))


def joint_p(p_values: Sequence[float]) -> float:
    """The p-value of "every figure holds at this value" under Holm: the smallest p times
    the number of figures, at most 1.  Holm at `ALPHA` rejects some figure exactly when
    this is at most ALPHA.  # joint_p([0.5, 0.004, 0.2]) → 0.012"""
    return min(1.0, len(p_values) * min(p_values))


# === A fit over a grid ===

def in_words(indices: Sequence[int], labels: Sequence[str]) -> str:
    """Grid indices as ranges of neighbouring values in words.
    # in_words([0, 1, 2, 5], ['a', 'b', 'c', 'd', 'e', 'f']) → 'a to c and f'"""
    if not indices:
        return "none"
    spans, start = [], indices[0]
    for previous, index in zip(indices, list(indices[1:]) + [None]):
        if index != previous + 1:
            spans.append(labels[start] if start == previous
                         else f"{labels[start]} to {labels[previous]}")
            start = index
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


def _finding(parameter: str, labels, figures, alone, confidence_set) -> str:
    """Why no value meets every figure, in words ('' when some value does): the figures
    no value meets, or the pairs of figures whose own sets do not meet."""
    if confidence_set:
        return ""
    never = [f.words for f, own in zip(figures, alone) if not own]
    apart = [f"{a.words} ({in_words(sa, labels)}) and {b.words} ({in_words(sb, labels)})"
             for i, (a, sa) in enumerate(zip(figures, alone)) if sa
             for b, sb in list(zip(figures, alone))[i + 1:] if sb and not set(sa) & set(sb)]
    words = f"No {parameter} tried meets all {len(figures)} figures at once."
    if never:
        words += " Rejected at every value: " + "; ".join(never) + "."
    if apart:
        words += " Never met together: " + "; ".join(apart) + "."
    return words


def fit_from_tests(parameter: str, grid, labels, figures, tests, samples,
                   notes: Sequence[str] = (), fine: Sequence[int] | None = None,
                   boards: Sequence[dict] = ()) -> Fit:
    """The fit that follows from the tests (tests[i][j]: figure j at grid value i): the
    confidence set (values of the fine pass where Holm at ALPHA rejects no figure), the
    estimate (among those tested fine, the largest joint p, i.e. smallest largest |z|,
    ties by the sum of z²), each figure's own set, and the finding when the set is empty.
    `fine`: the indices tested at the fine pass (None: every one)."""
    judged = fine or range(len(grid))
    kept = tuple(i for i in judged if not any(holm([t.p for t in tests[i]], ALPHA)))
    best = min(judged, key=lambda i: (max(abs(t.z) for t in tests[i]),
                                      sum(t.z ** 2 for t in tests[i])))
    alone = tuple(tuple(i for i in judged if tests[i][j].p > ALPHA)
                  for j in range(len(figures)))
    return Fit(parameter, tuple(grid), tuple(labels), tuple(figures), tuple(tests),
               tuple(samples), best, kept, alone,
               _finding(parameter, labels, figures, alone, kept), tuple(notes),
               None if fine is None else tuple(fine), tuple(boards))


def _tests(figures, drawn: dict) -> tuple[FigureTest, ...]:
    return tuple(figure_test(f.measure(drawn[f.sample]), f.printed, f.unit, f.their_n,
                             kind_of(f)) for f in figures)


def run_fit(parameter: str, grid, labels, figures, draw, sizes: dict[str, int],
            coarse: dict[str, int] | None = None, step: int = 1,
            fine_only: Callable[[object], bool] = lambda value: True,
            notes: Sequence[str] = ()) -> Fit:
    """Draw each sample the figures need (`draw(sample, value, start, stop)` → the items of
    seeds start .. stop − 1; `sizes`: sample → our n), test every figure, and fit.

    With `coarse` (sample → the coarse pass's n), the grid is searched coarse then fine:
    every `step`-th value (and the last) is tested on the coarse n, values whose joint p
    is below COARSE_ALPHA are dropped, and the fine pass draws on to `sizes` at the values
    kept and their neighbours (step > 1) that `fine_only` allows; the fit's grid is the
    values tested, its confidence set and estimate from the fine pass alone."""
    theirs = {f.sample: f.their_n for f in figures}
    samples = [(name, n, theirs[name]) for name, n in sizes.items()]
    if coarse is None:
        drawn = [{name: draw(name, value, 0, n) for name, n in sizes.items()} for value in grid]
        return fit_from_tests(parameter, grid, labels, figures,
                              [_tests(figures, d) for d in drawn], samples, notes,
                              boards=drawn)
    first = sorted(set(range(0, len(grid), step)) | {len(grid) - 1})
    drawn = {i: {name: draw(name, grid[i], 0, n) for name, n in coarse.items()} for i in first}
    tests = {i: _tests(figures, drawn[i]) for i in first}
    kept = [i for i in first if joint_p([t.p for t in tests[i]]) >= COARSE_ALPHA]
    fine = sorted({j for i in kept for j in range(i - step + 1, i + step)
                   if 0 <= j < len(grid) and fine_only(grid[j])})
    for j in fine:
        before = drawn.get(j, {})
        drawn[j] = {name: tuple(before.get(name, ())) + tuple(
                        draw(name, grid[j], len(before.get(name, ())), n))
                    for name, n in sizes.items()}
        tests[j] = _tests(figures, drawn[j])
    order = sorted(tests)
    notes = list(notes) + [
        f"Coarse pass: {in_words(first, labels)} on "
        + ", ".join(f"{n:,} {name} boards" for name, n in coarse.items())
        + f"; dropped at joint p below {COARSE_ALPHA:g}: "
        + in_words([i for i in first if i not in kept], labels) + "."]
    return fit_from_tests(parameter, [grid[i] for i in order], [labels[i] for i in order],
                          figures, [tests[i] for i in order], samples, notes,
                          fine=[order.index(j) for j in fine],
                          boards=[drawn[i] for i in order])


def _figure(claim: str, key: str, words: str, sample: str, measure, their_n: int = 0) -> Figure:
    """A Figure from the catalogue's number (checks.catalogue.stated): its value, unit and
    n; `their_n` stands in where the write-up gives no n."""
    number = stated(claim, key)
    return Figure(claim, words, number.value, number.unit, number.n or their_n, sample, measure)


# === Dosun-Fuwari: the black-cell density [DF-05, DF-08] ===

DENSITIES = tuple(round(0.08 + 0.01 * i, 2) for i in range(17))   # 0.08 .. 0.24
"""0.08 to 0.24 in steps of 0.01, wider than the confidence set on both sides (DF-05 prints
the set: 0.15 to 0.21 at this writing)."""


def df_bank_cycle(size: int) -> tuple[int, ...]:
    """The starved-room counts the bank cycles through at this size (bank.SETS).
    # df_bank_cycle(8) → (2, 3, 4)"""
    return next(s.starved for s in bank.SETS if s.folder == "dosun-fuwari" and s.rows == size)


def df_bank_procedure(size: int, density: float, start: int, stop: int) -> tuple:
    """Boards start .. stop − 1 drawn as tools/bank.py draws the Dosun-Fuwari bank, at black
    density `density`: unique_board with k cycling as in bank.SETS, seeds 7,000,000 +
    1,000·i."""
    cycle = df_bank_cycle(size)
    return tuple(df.unique_board(7_000_000 + 1000 * i, size, size, cycle[i % len(cycle)], density)
                 for i in range(start, stop))


def _runs(boards) -> list[float]:
    return [len(df.runs(board)) for board in boards]


def _decades(boards) -> list[float]:
    return [df.placement_decades(board) for board in boards]


def _loose(boards) -> list[float]:
    return [df.placement_decades(board, "loose") for board in boards]


DENSITY_FIGURES = (
    _figure("DF-05", "8x8 runs", "8x8 runs per board", "bank 8x8", _runs),
    _figure("DF-05", "8x8 log10 placements", "8x8 log10 placements (about 10^13)", "bank 8x8",
            _decades),
    _figure("DF-08", "8x8 loose log10 placements", "8x8 log10 placements, loose",
            "bank 8x8", _loose),
    _figure("DF-05", "12x12 runs", "12x12 runs per board", "bank 12x12", _runs),
    _figure("DF-05", "12x12 log10 placements", "12x12 log10 placements", "bank 12x12",
            _decades),
)
BANK_N = stated("DF-05", "8x8 runs").n   # 36 boards a size behind every bank figure


def _density_draw(sample: str, density: float, start: int, stop: int) -> tuple:
    """The Dosun-Fuwari bank procedure's boards (df_bank_procedure) at one density."""
    return df_bank_procedure(8 if sample == "bank 8x8" else 12, density, start, stop)


def density_fit(quick: bool = False) -> Fit:
    """The black-cell density fitted to the five bank figures that move with it: 8x8 runs
    10.7, about 10^13 placements, 10^19.2 loose; 12x12 runs 22.2, 10^28.4.  Coarse: every
    density of DENSITIES on the write-up's 36 boards a size; fine: the sample rule's 144
    (judging.sample_size(36)) where the coarse pass keeps a density.  Quick: a coarse
    grid (every fourth density) on 12 and 24 boards.  Not fitted to: DF-15's dial rates
    (the starving step itself is refuted there, so they cannot calibrate).  [DF-05, DF-08]"""
    grid = DENSITIES[::4] if quick else DENSITIES
    fine = judging.sample_size(BANK_N)
    sizes = dict.fromkeys(("bank 8x8", "bank 12x12"), 24 if quick else fine)
    coarse = dict.fromkeys(sizes, 12 if quick else BANK_N)
    return run_fit("black-cell density", grid, [f"{d:.2f}" for d in grid], DENSITY_FIGURES,
                   _density_draw, sizes, coarse)


# === Nondango: the count of regions [ND-03, ND-13, ND-14] ===
# The generator draws round(cells / mean size) regions, so the parameter a board sees is
# its count of regions.  Each size is fitted on its own count (8x8 figures at the 8x8
# count, 12x12 figures and ND-13's k=32 row at the 12x12 count); one mean size serves
# both when some mean size gives a pair of counts in both sets, and region_fit fits the
# pairs one mean size can give as a third fit, all nine figures at once.  The generator
# has one parameter, a mean size, so the one-size fit is the one to use when its set is not
# empty; the per-size fits show what each size's figures say alone.  The 12x12 fine pass
# draws only at counts one mean size can pair with an 8x8 count the 8x8 fine pass keeps.
# Not fitted to: the 34.8% dead share, which is the four triple figures' own ratio (they
# give 34.78%) and would count their evidence twice.

REGION_COUNTS = {8: tuple(range(18, 25)), 12: tuple(range(43, 54))}
"""18 to 24 and 43 to 53: a first fit over 17 to 25 and 38 to 56 kept 21 and 47 to 48, and
rejected the values outside these grids at joint p below 1e-25."""
_K32 = stated("ND-13", "12x12 k=32 unique")
DIAL_THEIR_N = judging.printable_ns(_K32.value, _K32.unit, 3276)[0]
"""Boards behind the write-up's 13.7% at k=32, which it does not give: the fewest that can
print it (51: 7 of 51), the weakest test, as ND-13 judges the row (judging.rate_rows_over_n:
its 3,276 dial boards bound it).  region_fit also shows the row's own set at larger n."""
DIAL_BOARDS = math.ceil(stated("ND-13", "dial boards without an answer").value[1] / 10)
"""Dial boards a count of regions at the fine pass: 328, the write-up's 3,276 dial boards
spread over its ten rows (ND-13 reads these at k=32); more than the sample rule's 204
(judging.sample_size(51))."""
DIAL_NS = (100, 328, 1000, 3276)
ND_BANK_SEED = 9_000_000   # the fit's own seeds for Nondango bank boards


def dial_flags(size: int, k: int, start: int, stop: int,
               mean_size: float = nd.MEAN_REGION_SIZE) -> tuple[tuple[bool, bool, bool], ...]:
    """Per dial board of one size and k, seeds start .. stop − 1: (unique, without its
    drawn answer, drawn answer broken under the published rule).  [ND-13]"""
    flags = []
    for seed in range(start, stop):
        board = nd.dial_board(size, size, k, seed, mean_size)
        count = nd.count_answers(board, cap=2)
        flags.append((count.count == 1,
                      count.count == 0 or not nd.is_answer(board, board.answer),
                      not nd.is_answer(board, board.answer, "published")))
    return tuple(flags)


def _triples(boards) -> list[float]:
    return [len(nd.triples(board)) for board in boards]


def _live(boards) -> list[float]:
    return [len(nd.live_triples(board)) for board in boards]


def _whites(boards) -> list[float]:
    return [len(board.circles) - len(board.regions) for board in boards]


def log10_ways(board) -> float:
    """log10 of the ways to paint `board` with one black per region, rules ignored: the
    product over regions of their circle counts.  [ND-14]"""
    return sum(math.log10(max(1, len(r & board.circles))) for r in board.regions)


def _ways(boards) -> list[float]:
    return [log10_ways(board) for board in boards]


def _unique(flags) -> list[float]:
    return [float(unique) for unique, _, _ in flags]


REGION_FIGURES = {
    8: (_figure("ND-03", "8x8 triples", "8x8 triples per board", "bank 8x8", _triples),
        _figure("ND-03", "8x8 live", "8x8 live triples per board", "bank 8x8", _live),
        _figure("ND-14", "8x8 white circles", "8x8 white circles per board", "bank 8x8",
                _whites),
        _figure("ND-14", "8x8 log10 ways", "8x8 log10 ways to paint (15,849 = 10^4.2)",
                "bank 8x8", _ways)),
    12: (_figure("ND-03", "12x12 triples", "12x12 triples per board", "bank 12x12", _triples),
         _figure("ND-03", "12x12 live", "12x12 live triples per board", "bank 12x12", _live),
         _figure("ND-14", "12x12 white circles", "12x12 white circles per board", "bank 12x12",
                 _whites),
         _figure("ND-14", "12x12 log10 ways", "12x12 log10 ways to paint", "bank 12x12", _ways),
         _figure("ND-13", "12x12 k=32 unique", "12x12 unique at k=32 (a rate)",
                 "dial 12x12 k=32", _unique, DIAL_THEIR_N)),
}


def _region_draw(size: int):
    """draw(sample, count, start, stop) at one size: the bank procedure (nondango.bank_board,
    seeds from ND_BANK_SEED) or ND-13's dial at k=32 (dial_flags, seeds from 0), at the
    mean size that gives `count` regions."""
    def draw(sample: str, count: int, start: int, stop: int):
        mean_size = size * size / count
        if sample.startswith("dial"):
            return dial_flags(size, 32, start, stop, mean_size)
        return tuple(nd.bank_board(size, size, ND_BANK_SEED + i, mean_size)
                     for i in range(start, stop))
    return draw


def _size_range(a: int, b: int) -> tuple[float, float]:
    """The mean region sizes (low, high) that give a regions at 8x8 and b at 12x12: round(64/m)
    = a needs m in (64/(a + ½), 64/(a − ½)), round(144/m) = b likewise."""
    return max(64 / (a + 0.5), 144 / (b + 0.5)), min(64 / (a - 0.5), 144 / (b - 0.5))


def _mean_sizes(a: int, b: int) -> str:
    """The mean region sizes that give a regions at 8x8 and b at 12x12, in words.
    # _mean_sizes(21, 47) → '3.03-3.10'"""
    low, high = _size_range(a, b)
    return f"{low:.2f}-{high:.2f}"


def mean_size_of(pair: tuple[int, int]) -> float:
    """The middle of the mean region sizes that give `pair` regions (8x8, 12x12).
    # mean_size_of((21, 48)) → 3.0…"""
    low, high = _size_range(*pair)
    return (low + high) / 2


def _one_size_pairs(eight: Sequence[int], twelve: Sequence[int]) -> list[tuple[int, int]]:
    """The (8x8, 12x12) counts of regions one mean size gives: the two intervals of mean
    sizes (_size_range) must meet.  # (21, 47) is one; (21, 52) is not"""
    return [(a, b) for a in eight for b in twelve if _size_range(a, b)[0] < _size_range(a, b)[1]]


def _dial_note(fit: Fit) -> list[str]:
    """ND-13's k=32 row alone at other sizes of the write-up's sample (it gives none), in
    lines.  Our 0/1 flags are rebuilt from our rate (their mean) and our n."""
    j = next(j for j, f in enumerate(fit.figures) if f.sample.startswith("dial"))
    figure = fit.figures[j]
    parts = []
    for their_n in (DIAL_THEIR_N,) + DIAL_NS:
        kept = []
        for i in judged_values(fit):
            test = fit.tests[i][j]
            n = test.boards
            flags = [1.0] * round(test.ours * n) + [0.0] * (n - round(test.ours * n))
            if figure_test(flags, figure.printed, figure.unit, their_n).p > ALPHA:
                kept.append(i)
        parts.append(f"  {their_n:,} boards: holds at {in_words(kept, fit.labels)}")
    return ["The k=32 row alone, were the write-up's 13.7% drawn from"] + parts


def region_fit(quick: bool = False) -> dict:
    """The Nondango count of regions fitted per size ({8: Fit, 12: Fit}) and as one mean
    region size serving both ('one size': a Fit over the pairs of counts one mean size
    gives, all nine figures at once).  8x8: 43.1 triples, 28.3 live, 15.4 white circles,
    15,849 ways; 12x12: 146.4, 95.3, 43.3, 10^11.6 and ND-13's 13.7% unique at k=32.
    Coarse: every 8x8 count, and every other 12x12 count of those one mean size pairs with
    an 8x8 count the one-size fit could keep, on the write-up's 36 bank boards (51 dial
    boards: DIAL_THEIR_N); fine: 144 bank boards (judging.sample_size(36)) and DIAL_BOARDS
    dial boards where the coarse pass keeps a count.  Quick: three counts a size on 12 and
    24 bank boards (4 and 8 at 12x12), 20 and 40 dial boards.  [ND-03, ND-13, ND-14]"""
    counts = {8: (19, 21, 23), 12: (44, 47, 50)} if quick else REGION_COUNTS
    fine_n = {8: 24, 12: 8} if quick else dict.fromkeys((8, 12), judging.sample_size(BANK_N))
    coarse_n = {8: 12, 12: 4} if quick else dict.fromkeys((8, 12), BANK_N)
    dial = (20, 40) if quick else (DIAL_THEIR_N, DIAL_BOARDS)
    fits = {8: run_fit("8x8 count of regions", counts[8], [str(c) for c in counts[8]],
                       REGION_FIGURES[8], _region_draw(8), {"bank 8x8": fine_n[8]},
                       {"bank 8x8": coarse_n[8]})}
    # A pair (a, b) can be in the one-size set only if Holm over all nine figures keeps
    # it, so only if every 8x8 figure at a has p above ALPHA / 9: the 12x12 fine pass
    # draws only at counts b that one mean size pairs with such an a.
    # The 12x12 grid itself is the counts one mean size pairs with such an 8x8 count: no
    # other 12x12 count can meet an 8x8 one in the one-size fit's set.
    nine = len(REGION_FIGURES[8]) + len(REGION_FIGURES[12])
    eight = [fits[8].grid[i] for i in fits[8].fine
             if min(t.p for t in fits[8].tests[i]) > ALPHA / nine]
    twelve = tuple(b for b in counts[12] if _one_size_pairs(eight, [b]))
    fits[12] = run_fit("12x12 count of regions", twelve, [str(c) for c in twelve],
                       REGION_FIGURES[12], _region_draw(12),
                       {"bank 12x12": fine_n[12], "dial 12x12 k=32": dial[1]},
                       {"bank 12x12": coarse_n[12], "dial 12x12 k=32": dial[0]},
                       step=1 if quick else 2)
    fits[12] = fits[12]._replace(notes=fits[12].notes + tuple(_dial_note(fits[12])))
    pairs = _one_size_pairs([fits[8].grid[i] for i in fits[8].fine],
                            [fits[12].grid[i] for i in fits[12].fine])
    at = {size: {fits[size].grid[i]: i for i in fits[size].fine} for size in (8, 12)}
    one = fit_from_tests("mean region size", pairs, [f"{a}/{b}" for a, b in pairs],
                         REGION_FIGURES[8] + REGION_FIGURES[12],
                         [fits[8].tests[at[8][a]] + fits[12].tests[at[12][b]] for a, b in pairs],
                         fits[8].samples + fits[12].samples,
                         boards=[fits[8].boards[at[8][a]] | fits[12].boards[at[12][b]]
                                 for a, b in pairs])
    sizes_in_set = "; ".join(f"{one.labels[i]} {_mean_sizes(*pairs[i])}"
                             for i in one.confidence_set) or "none"
    fits["one size"] = one._replace(notes=(
        "A value a/b: a regions at 8x8 and b at 12x12, the pairs one mean region size "
        "gives, at the counts both fine passes drew.",
        f"Mean region sizes (cells) of the pairs in the set: {sizes_in_set}."))
    return fits


# === A claim's fitted figures ===

def kind_of(figure: Figure) -> str:
    """The judging kind of a fitted figure: 'log10', 'rate' (a share below 1) or 'mean'."""
    return "log10" if "log10" in figure.words else "rate" if figure.printed < 1 else "mean"


def judged_values(fit: Fit) -> tuple[int, ...]:
    """The grid values a figure is judged over: the confidence set, or every value of the
    fine pass when the set is empty (then each figure is met, or not, on its own)."""
    return fit.confidence_set or (fit.fine if fit.fine is not None else tuple(range(len(fit.grid))))


def set_words(fit: Fit) -> str:
    """The values a figure is judged over, in words: 'the black-cell density's 99%
    confidence set, 0.16 to 0.20'."""
    if not fit.confidence_set:
        return f"every {fit.parameter} of the fine pass (no value meets all figures)"
    return (f"the {fit.parameter}'s 99% confidence set, "
            f"{in_words(fit.confidence_set, fit.labels)}")


def fitted_rows(fit: Fit, claim: str) -> list[dict]:
    """The rows of one claim's fitted figures, each judged across the parameter's
    confidence set (judging.fitted_row): our mean at the estimate, the figure's largest
    p-value over the set, so that it differs only if every value of the set rejects it, and
    the hull of its 99% intervals over the set, so that a difference the set allows is in
    reach of its margin (the largest p over a 99% set has size at most 2%, the hull covers
    at least 98%: judging.py); its limit at the estimate, and the hull of the limits over
    the set (what the parameter leaves open).  Inside a non-empty set every figure's p
    exceeds 1% over the fit's count of figures, so a figure can differ there only where its
    claim judges fewer figures than the fit does (DF-08 judges one of five); the fit's own
    table (z of every figure at every value) is where a misfit shows.  Each row's `at`
    names the estimate, and its note the values where the figure alone holds."""
    rows = []
    for j, figure in enumerate(fit.figures):
        if figure.claim != claim:
            continue
        test = fit.tests[fit.estimate][j]
        over = [fit.tests[i][j] for i in judged_values(fit)]
        row = judging.fitted_row(
            figure.words, round(test.ours, 4 if figure.printed < 1 else 2), figure.printed,
            kind_of(figure), max(t.p for t in over), min(t.low for t in over),
            max(t.high for t in over),
            note=f"ours at the estimate, {fit.parameter} {fit.labels[fit.estimate]}; p the "
                 f"largest and the interval the widest over {set_words(fit)}; alone the "
                 f"figure holds at {in_words(fit.alone[j], fit.labels)}",
            limit=(test.limit_low, test.limit_high),
            spread=(min(t.limit_low for t in over), max(t.limit_high for t in over)),
            boards=test.boards, needed=test.needed, who=test.who,
            cause=f"the {fit.parameter} the write-up leaves out (its set "
                  f"{in_words(judged_values(fit), fit.labels)})")
        rows.append(row | {"at": fit.labels[fit.estimate]})
    return rows


def shipped_words(fit: Fit, claim: str, boards_of: Callable[[int], Sequence]) -> str:
    """The shipped bank's own means of a claim's fitted bank figures, in a sentence: shown
    beside the fit, not judged (36 boards a size, drawn at the estimate).  `boards_of(size)`
    gives the shipped boards of one size."""
    parts = [f"{figure.words} {_number(statistics.fmean(figure.measure(boards_of(size))), figure)}"
             for figure in fit.figures if figure.claim == claim
             for size in [8 if figure.sample == "bank 8x8" else 12]
             if figure.sample.startswith("bank")]
    return "The shipped bank, not judged: " + "; ".join(parts) + "."


def fit_summary(fit: Fit) -> str:
    """A fit in one sentence: the estimate, the 99% confidence set and the joint p.
    # 'black-cell density: estimate 0.17, 99% confidence set 0.16 to 0.20, joint p at the
    # estimate 0.47'"""
    best = fit.tests[fit.estimate]
    return (f"{fit.parameter}: estimate {fit.labels[fit.estimate]}, 99% confidence set "
            f"{in_words(fit.confidence_set, fit.labels)}, joint p at the estimate "
            f"{joint_p([t.p for t in best]):.2g}")


def curves(fit: Fit) -> dict:
    """A fit as the report page draws it (checks/html_report.py), ready for JSON: the
    parameter, each grid value in words, the joint p and each figure's own p at every
    value, the values the fine pass drew at (`fine`; the others have the coarse pass's
    p-values alone), the estimate and the 99% confidence set (indices into `labels`), and
    the level of the set (a value is in it when its joint p exceeds `level`).  [DF-05, ND-03]"""
    fine = list(range(len(fit.grid))) if fit.fine is None else list(fit.fine)
    return {"parameter": fit.parameter, "labels": list(fit.labels), "fine": fine,
            "joint_p": [joint_p([t.p for t in row]) for row in fit.tests],
            "figures": [{"claim": figure.claim, "words": figure.words,
                         "p": [row[j].p for row in fit.tests]}
                        for j, figure in enumerate(fit.figures)],
            "estimate": fit.estimate, "confidence_set": list(fit.confidence_set),
            "level": ALPHA}


# === In words ===

def _number(x: float, figure: Figure) -> str:
    """A figure or one of our means in words: 10.70, a rate as 13.7%."""
    return f"{x:.1%}" if figure.printed < 1 else f"{x:.2f}"


def fit_text(fit: Fit) -> str:
    """The fit as a short plain-text table, each line within 84 columns (a detailed block's
    text column): values and samples, the estimate and the 99% confidence set, each figure
    at the estimate, the values where each figure alone holds, the finding if any, the
    notes, and z of every figure at every value."""
    best = fit.tests[fit.estimate]
    lines = [f"Fit of the {fit.parameter} over {len(fit.grid)} values, {fit.labels[0]} to "
             f"{fit.labels[-1]}.  Boards drawn per value at the fine pass:"]
    lines += [f"  {name}: {n:,} (our standard error {math.sqrt(theirs / n):.2f} of the "
              f"write-up's, {theirs:,} boards)" for name, n, theirs in fit.samples]
    lines.append(f"Estimate {fit.labels[fit.estimate]} (joint p "
                 f"{joint_p([t.p for t in best]):.3g}); 99% confidence set: "
                 f"{in_words(fit.confidence_set, fit.labels)}.")
    if fit.confidence_set and {0, len(fit.grid) - 1} & set(fit.confidence_set):
        lines.append("The set reaches the end of the grid and may go on past it.")
    width = max(len(f.words) for f in fit.figures) + 2
    lines.append(f"At the estimate{'':<{width - 10}}{'write-up':>9}{'ours':>9}{'z':>7}")
    for k, (figure, test) in enumerate(zip(fit.figures, best), 1):
        lines.append(f"F{k} {figure.words:<{width}}{_number(figure.printed, figure):>9}"
                     f"{_number(test.ours, figure):>9}{round(test.z, 1) + 0.0:>7.1f}")
    lines += textwrap.wrap("z is the gap to the nearest value the printed figure rounds "
                           "from, over its standard error: 0 where ours lies within that "
                           "rounding (about 10^13 stands for 10^12.5 to 10^13.5).", 84)
    lines.append("Each figure alone holds at: " + "; ".join(
        f"F{k} {in_words(own, fit.labels)}" for k, own in enumerate(fit.alone, 1)) + ".")
    if fit.finding:
        lines += textwrap.wrap(fit.finding, 84)
    lines += [part for note in fit.notes
              for part in ([note] if note.startswith(" ") else textwrap.wrap(note, 84))]
    label = max(len(x) for x in fit.labels) + 2
    coarse = fit.fine is not None and len(fit.fine) < len(fit.grid)
    lines.append("z of each figure at each value (F1, F2, … as above; * in the set"
                 + ("; c: coarse pass only" if coarse else "") + "):")
    lines.append(f"{'value':<{label}}{'joint p':>9}"
                 + "".join(f"{'F' + str(k):>7}" for k in range(1, len(fit.figures) + 1)))
    for i, row in enumerate(fit.tests):
        mark = " *" if i in fit.confidence_set else " c" if coarse and i not in fit.fine else ""
        lines.append(f"{fit.labels[i]:<{label}}{joint_p([t.p for t in row]):>9.3g}"
                     + "".join(f"{round(t.z, 1) + 0.0:>7.1f}" for t in row) + mark)
    return "\n".join(lines)
