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
    df_bank_procedure      the Dosun-Fuwari bank's draw at any density
    density_fit            Dosun-Fuwari: black density  [DF-05, DF-08]
    dial_flags, log10_ways the Nondango dial and ways to paint
    region_fits            Nondango: count of regions, per size and as one mean size
                           [ND-03, ND-13, ND-14]
    density_fit_for,       the fits a verify.py run uses (small with --quick), remembered
    region_fits_for        within a process
    fitted_rows            a claim's fitted figures, each judged across the confidence set
    fit_summary, fit_text  a fit in one sentence, and as a short plain-text table

The figures' numbers come from the catalogue (checks.catalogue.stated); how one figure is
judged at one value is checks/judging.py's rule for a mean.

Glossary (with an example value)
    value       one grid value of the parameter, e.g. 0.17 (a density), 48 (regions)
    figure      a number the write-up prints, e.g. 10.7 runs per 8x8 bank board
    unit        the figure's last printed digit, e.g. 0.1: 10.7 stands for 10.65 .. 10.75
    their n     the boards behind the figure: 36 for a bank figure (36 boards a size)

How one figure is tested at one value.  The write-up's figure is taken as the mean of
`their n` boards of the same procedure, spreading as ours do (the write-up gives no
spread); ours is the mean of our n boards.  Under "our procedure's mean equals the
write-up's" the gap between the two means has standard error sd·sqrt(1/n + 1/their n), sd
from our draws, and is normal to a good approximation (36 boards and more).  The printed
figure may be anything within half its last digit, so the gap is measured to the nearest
point of that interval (zero inside it): the test rejects only if every value the figure
could have been rounded from is rejected.  A rate is the mean of 0/1 flags and is tested
the same way.

How a value is judged.  The figures at one value are corrected together by Holm at 1%.  A
value is in the confidence set when Holm rejects none of its figures, which happens
exactly when its smallest p-value times the number of figures exceeds 1% (Holm's first
step; later steps only matter for which figures, not whether any).  That product, capped
at 1, is the value's joint p; the estimate is the value of largest joint p (the smallest
largest |z|; ties by the smallest sum of z²).  Each figure alone is not rejected where its
own p exceeds 1%; if no value meets all figures, the fit says so: that is a finding about
the write-up, not a tuning problem.

Roads not taken: a joint test with the figures' covariance (a chi-square on the vector of
gaps) would be more powerful where figures move together (runs and placements do), but it
needs the covariance of the write-up's boards, which is ours only by assumption, and a
matrix inverse a reader cannot check by eye; Holm is valid under any dependence.  Fitting
the parameter by least squares and then testing at the fit would treat the estimate as
known, the very mistake the fit is here to undo.

Deterministic: fixed seeds, and the generators draw with Random.random() alone.

Cost (python bench/fits_run.py, one process on the shared 2-core machine, niced): the
density fit 51 s of CPU (17 values, 1,224 boards each), the region fits 186 s (7 values of
324 8x8 bank boards; 11 values of 144 12x12 bank boards, 0.03 to 0.15 s a board, and of
1,200 dial boards), 237 s in all.  verify.py runs each in one worker beside the other
checks; the region fit is the longest of them.
"""

from __future__ import annotations

import functools
import math
import statistics
from typing import Callable, NamedTuple, Sequence

import dosun_fuwari as df
import nondango as nd
from checks import judging
from checks.catalogue import stated
from checks.stats import holm
from tools import bank

__all__ = [
    "ALPHA", "Figure", "FigureTest", "Fit", "figure_test",
    "joint_p", "in_words", "fit_from_tests", "run_fit", "density_fit", "region_fits", "fit_text",
    "DENSITIES", "DENSITY_BOARDS", "REGION_COUNTS", "REGION_BOARDS", "DIAL_BOARDS",
    "DIAL_THEIR_N", "df_bank_cycle", "df_bank_procedure", "log10_placements", "ND_BANK_SEED",
    "dial_flags", "log10_ways", "density_fit_for", "region_fits_for", "kind_of",
    "judged_values", "fitted_rows", "shipped_words", "fit_summary", "mean_size_of", "curves",
]

ALPHA = 0.01


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
    interval (0 inside it; positive when ours is above), the two-sided p-value, and the
    99% interval of the difference ours − theirs (judging.mean_row)."""

    ours: float
    z: float
    p: float
    low: float = 0.0
    high: float = 0.0


class Fit(NamedTuple):
    """A whole fit: the grid, the figures, their tests at every value, and what follows."""

    parameter: str                    # 'black-cell density'
    grid: tuple                       # the values tried, in order
    labels: tuple[str, ...]           # each value in words, e.g. '0.12'
    figures: tuple[Figure, ...]
    tests: tuple[tuple[FigureTest, ...], ...]   # tests[i][j]: figure j at grid value i
    samples: tuple[tuple[str, int, int], ...]   # (sample, our boards per value, their n)
    estimate: int                     # index into grid of the best fit
    confidence_set: tuple[int, ...]   # indices into grid no Holm test rejects
    alone: tuple[tuple[int, ...], ...]    # per figure: indices where it alone holds
    finding: str                      # '' or why no value meets every figure
    notes: tuple[str, ...] = ()


# === One figure, one value ===

def figure_test(values: Sequence[float], printed: float, unit: float,
                their_n: int) -> FigureTest:
    """Two-sided test that the mean of `values` (our boards) and the printed figure (a
    mean of their_n boards, spread as ours) are one mean, the figure read as an interval:
    the judging module's rule for a mean (judging.mean_row), as a FigureTest.
    Raises statistics.StatisticsError for fewer than two values.
    # figure_test([10.0, 11.0] * 18, 10.7, 0.1, 36).p → 0.209…"""
    row = judging.mean_row("", values, printed, unit, their_n)
    return FigureTest(statistics.fmean(values), row["z"], row["p"], *row["difference"])


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
                   notes: Sequence[str] = ()) -> Fit:
    """The fit that follows from the tests (tests[i][j]: figure j at grid value i): the
    confidence set (values where Holm at ALPHA rejects no figure), the estimate (largest
    joint p, i.e. smallest largest |z|, ties by the sum of z²), each figure's own set,
    and the finding when the set is empty."""
    kept = tuple(i for i, row in enumerate(tests) if not any(holm([t.p for t in row], ALPHA)))
    best = min(range(len(grid)), key=lambda i: (max(abs(t.z) for t in tests[i]),
                                                 sum(t.z ** 2 for t in tests[i])))
    alone = tuple(tuple(i for i, row in enumerate(tests) if row[j].p > ALPHA)
                  for j in range(len(figures)))
    return Fit(parameter, tuple(grid), tuple(labels), tuple(figures), tuple(tests),
               tuple(samples), best, kept, alone,
               _finding(parameter, labels, figures, alone, kept), tuple(notes))


def run_fit(parameter: str, grid, labels, figures, draw, sizes: dict[str, int],
            notes: Sequence[str] = ()) -> Fit:
    """Draw each sample the figures need at every grid value (`draw(sample, value, n)` →
    the items; `sizes`: sample → our n), test every figure there, and fit."""
    theirs = {f.sample: f.their_n for f in figures}
    samples = [(name, n, theirs[name]) for name, n in sizes.items()]
    tests = []
    for value in grid:
        drawn = {name: draw(name, value, n) for name, n in sizes.items()}
        tests.append(tuple(figure_test(f.measure(drawn[f.sample]), f.printed, f.unit,
                                       f.their_n) for f in figures))
    return fit_from_tests(parameter, grid, labels, figures, tests, samples, notes)


# === Dosun-Fuwari: the black-cell density [DF-05, DF-08] ===

DENSITIES = tuple(round(0.08 + 0.01 * i, 2) for i in range(17))   # 0.08 .. 0.24
"""0.08 to 0.24 in steps of 0.01, past the 0.20 first planned: the set reached 0.20, where
the 8x8 runs per board hardly move any more; from 0.21 on the loose placements (below
10^19.2) and the 12x12 runs (above 22.2) reject."""
DENSITY_BOARDS = {"bank 8x8": 900, "bank 12x12": 324}   # our SE 0.20 and 0.33 of theirs


def df_bank_cycle(size: int) -> tuple[int, ...]:
    """The starved-room counts the bank cycles through at this size (bank.SETS).
    # df_bank_cycle(8) → (2, 3, 4)"""
    return next(s.starved for s in bank.SETS if s.folder == "dosun-fuwari" and s.rows == size)


@functools.lru_cache(maxsize=None)
def df_bank_procedure(size: int, density: float, boards: int) -> tuple:
    """`boards` boards drawn as tools/bank.py draws the Dosun-Fuwari bank, at black density
    `density`: unique_board with k cycling as in bank.SETS, seeds 7,000,000 + 1,000·i
    (remembered within a process: DF-05, DF-08 and DF-16 read the same draws)."""
    cycle = df_bank_cycle(size)
    return tuple(df.unique_board(7_000_000 + 1000 * i, size, size, cycle[i % len(cycle)], density)
                 for i in range(boards))


def log10_placements(boards, reading: str = "official") -> list[float]:
    """log10 of each board's placement space under `reading`: the sum over its runs of
    log10 of their state counts (DF-04).  [DF-05, DF-08]"""
    return [sum(math.log10(df.count_run_states(run.length, reading)) for run in df.runs(board))
            for board in boards]


def _runs(boards) -> list[float]:
    return [len(df.runs(board)) for board in boards]


def _loose(boards) -> list[float]:
    return log10_placements(boards, "loose")


def _figure(claim: str, key: str, words: str, sample: str, measure, their_n: int = 0) -> Figure:
    """A Figure from the catalogue's number (checks.catalogue.stated): its value, unit and
    n; `their_n` stands in where the write-up gives no n."""
    number = stated(claim, key)
    return Figure(claim, words, number.value, number.unit, number.n or their_n, sample, measure)


DENSITY_FIGURES = (
    _figure("DF-05", "8x8 runs", "8x8 runs per board", "bank 8x8", _runs),
    _figure("DF-05", "8x8 log10 placements", "8x8 log10 placements (about 10^13)", "bank 8x8",
            log10_placements),
    _figure("DF-08", "8x8 loose log10 placements", "8x8 log10 placements, loose",
            "bank 8x8", _loose),
    _figure("DF-05", "12x12 runs", "12x12 runs per board", "bank 12x12", _runs),
    _figure("DF-05", "12x12 log10 placements", "12x12 log10 placements", "bank 12x12",
            log10_placements),
)


def _density_draw(sample: str, density: float, boards: int) -> tuple:
    """The Dosun-Fuwari bank procedure's boards (df_bank_procedure: unique boards, starved
    rooms cycling as bank.SETS, its seeds) at one density."""
    return df_bank_procedure(8 if sample == "bank 8x8" else 12, density, boards)


def density_fit(densities=DENSITIES, sizes=None) -> Fit:
    """The black-cell density fitted to the five bank figures that move with it: 8x8 runs
    10.7, about 10^13 placements, 10^19.2 loose; 12x12 runs 22.2, 10^28.4.  `sizes`: our
    boards per value and sample (DENSITY_BOARDS).  Not fitted to: DF-15's dial rates (the
    starving step itself is refuted there, so they cannot calibrate).  [DF-05, DF-08]"""
    return run_fit("black-cell density", densities, [f"{d:.2f}" for d in densities],
                   DENSITY_FIGURES, _density_draw, sizes or DENSITY_BOARDS)


# === Nondango: the count of regions [ND-03, ND-13, ND-14] ===
# The generator draws round(cells / mean size) regions, so the parameter a board sees is
# its count of regions.  Each size is fitted on its own count (8x8 figures at the 8x8
# count, 12x12 figures and ND-13's k=32 row at the 12x12 count); one mean size serves
# both when some mean size gives a pair of counts in both sets, and region_fits fits the
# pairs one mean size can give as a third fit, all nine figures at once.  The generator
# has one parameter, a mean size, so the one-size fit is the one to use when its set is not
# empty; the per-size fits show what each size's figures say alone.  Not fitted to:
# the 34.8% dead share, which is the four triple figures' own ratio (they give 34.78%) and
# would count their evidence twice.

REGION_COUNTS = {8: tuple(range(18, 25)), 12: tuple(range(43, 54))}
"""18 to 24 and 43 to 53: a first fit over 17 to 25 and 38 to 56 kept 21 and 47 to 48, and
rejected the values outside these grids at joint p below 1e-25."""
REGION_BOARDS = {8: 324, 12: 144}    # our SE 0.33 and 0.5 of a 36-board mean's
DIAL_BOARDS = 1200                   # our SE 0.52 of the write-up's row at 328 boards
_K32 = stated("ND-13", "12x12 k=32 unique")
DIAL_THEIR_N = judging.printable_ns(_K32.value, _K32.unit, 3276)[0]
"""Boards behind the write-up's 13.7% at k=32, which it does not give: the fewest that can
print it (51: 7 of 51), the weakest test, as ND-13 judges the row (judging.rate_rows_over_n:
its 3,276 dial boards bound it).  region_fits also shows the row's own set at larger n."""
DIAL_NS = (100, 328, 1000, 3276)


ND_BANK_SEED = 9_000_000   # the fit's own seeds for Nondango bank boards


@functools.lru_cache(maxsize=None)
def dial_flags(size: int, k: int, boards: int,
               mean_size: float = nd.MEAN_REGION_SIZE) -> tuple[tuple[bool, bool, bool], ...]:
    """Per dial board of one size and k, seeds 0 .. boards − 1: (unique, without its drawn
    answer, drawn answer broken under the published rule) (remembered within a process:
    the region fit and ND-13 read the same 12x12 k=32 boards).  [ND-13]"""
    flags = []
    for seed in range(boards):
        board = nd.dial_board(size, size, k, seed, mean_size)
        count = nd.count_answers(board, cap=2)
        flags.append((count.count == 1,
                      count.count == 0 or not nd.is_answer(board, board.answer),
                      not nd.is_answer(board, board.answer, "published")))
    return tuple(flags)


def log10_ways(board) -> float:
    """log10 of the ways to paint `board` with one black per region, rules ignored: the
    product over regions of their circle counts.  [ND-14]"""
    return sum(math.log10(max(1, len(r & board.circles))) for r in board.regions)


def _triples(boards) -> list[float]:
    return [len(nd.triples(board)) for board in boards]


def _live(boards) -> list[float]:
    return [len(nd.live_triples(board)) for board in boards]


def _whites(boards) -> list[float]:
    return [len(board.circles) - len(board.regions) for board in boards]


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
    """draw(sample, count, n) at one size: the bank procedure (nondango.bank_board, seeds
    from ND_BANK_SEED) or ND-13's dial at k=32 (dial_flags, seeds 0 .. n−1), at the mean
    size that gives `count` regions."""
    def draw(sample: str, count: int, boards: int):
        mean_size = size * size / count
        if sample.startswith("dial"):
            return dial_flags(size, 32, boards, mean_size)
        return [nd.bank_board(size, size, ND_BANK_SEED + i, mean_size)
                for i in range(boards)]
    return draw


def _mean_sizes(a: int, b: int) -> str:
    """The mean region sizes that give a regions at 8x8 and b at 12x12, in words.
    # _mean_sizes(21, 47) → '3.03-3.10'"""
    low, high = max(64 / (a + 0.5), 144 / (b + 0.5)), min(64 / (a - 0.5), 144 / (b - 0.5))
    return f"{low:.2f}-{high:.2f}"


def mean_size_of(pair: tuple[int, int]) -> float:
    """The middle of the mean region sizes that give `pair` regions (8x8, 12x12).
    # mean_size_of((21, 48)) → 3.0…"""
    a, b = pair
    low, high = max(64 / (a + 0.5), 144 / (b + 0.5)), min(64 / (a - 0.5), 144 / (b - 0.5))
    return (low + high) / 2


def _one_size_pairs(eight: Sequence[int], twelve: Sequence[int]) -> list[tuple[int, int]]:
    """The (8x8, 12x12) counts of regions one mean size m gives: round(64/m) = a needs m in
    (64/(a + ½), 64/(a − ½)), round(144/m) = b needs m in (144/(b + ½), 144/(b − ½)), and
    the two intervals must meet.  # (21, 47) is one; (21, 52) is not"""
    return [(a, b) for a in eight for b in twelve
            if max(64 / (a + 0.5), 144 / (b + 0.5)) < min(64 / (a - 0.5), 144 / (b - 0.5))]


def _dial_note(fit: Fit) -> list[str]:
    """ND-13's k=32 row alone at other sizes of the write-up's sample (it gives none), in
    lines.  Our 0/1 flags are rebuilt from our rate (their mean) and our n."""
    j = next(j for j, f in enumerate(fit.figures) if f.sample.startswith("dial"))
    figure = fit.figures[j]
    n = next(n for name, n, _ in fit.samples if name == figure.sample)
    parts = []
    for their_n in (DIAL_THEIR_N,) + DIAL_NS:
        kept = []
        for i, row in enumerate(fit.tests):
            ours = row[j].ours
            flags = [1.0] * round(ours * n) + [0.0] * (n - round(ours * n))
            if figure_test(flags, figure.printed, figure.unit, their_n).p > ALPHA:
                kept.append(i)
        parts.append(f"  {their_n:,} boards: holds at {in_words(kept, fit.labels)}")
    return ["The k=32 row alone, were the write-up's 13.7% drawn from"] + parts


def region_fits(counts=None, sizes=None, dial_boards: int = DIAL_BOARDS) -> dict:
    """The Nondango count of regions fitted per size ({8: Fit, 12: Fit}) and as one mean
    region size serving both ('one size': a Fit over the pairs of counts one mean size
    gives, all nine figures at once).  8x8: 43.1 triples, 28.3 live, 15.4 white circles,
    15,849 ways; 12x12: 146.4, 95.3, 43.3, 10^11.6 and ND-13's 13.7% unique at k=32.
    `counts`, `sizes`: the grid and our boards per value at each size (REGION_COUNTS,
    REGION_BOARDS).  [ND-03, ND-13, ND-14]"""
    counts, sizes = counts or REGION_COUNTS, sizes or REGION_BOARDS
    fits = {}
    for size in (8, 12):
        samples = {f"bank {size}x{size}": sizes[size]} | (
            {"dial 12x12 k=32": dial_boards} if size == 12 else {})
        fits[size] = run_fit(f"{size}x{size} count of regions", counts[size],
                             [str(c) for c in counts[size]], REGION_FIGURES[size],
                             _region_draw(size), samples)
    fits[12] = fits[12]._replace(notes=tuple(_dial_note(fits[12])))
    pairs = _one_size_pairs(counts[8], counts[12])
    row = {size: dict(zip(counts[size], fits[size].tests)) for size in (8, 12)}
    one = fit_from_tests("mean region size", pairs, [f"{a}/{b}" for a, b in pairs],
                         REGION_FIGURES[8] + REGION_FIGURES[12],
                         [row[8][a] + row[12][b] for a, b in pairs],
                         fits[8].samples + fits[12].samples)
    sizes_in_set = "; ".join(f"{one.labels[i]} {_mean_sizes(*pairs[i])}"
                             for i in one.confidence_set) or "none"
    fits["one size"] = one._replace(notes=(
        "A value a/b: a regions at 8x8 and b at 12x12, the pairs one mean region size "
        "gives.", f"Mean region sizes (cells) of the pairs in the set: {sizes_in_set}."))
    return fits


# === The fits verify.py runs ===
# A full run fits at the sizes above; --quick on a coarse grid and a few boards, which
# cannot settle a verdict (the claims that read a fit are `sampled` in the catalogue).

QUICK_DENSITIES = DENSITIES[::4]                         # 0.08, 0.12, 0.16, 0.20, 0.24
QUICK_DENSITY_BOARDS = {"bank 8x8": 40, "bank 12x12": 12}
QUICK_REGION_COUNTS = {8: (19, 21, 23), 12: (44, 47, 50)}
QUICK_REGION_BOARDS = {8: 20, 12: 8}
QUICK_DIAL_BOARDS = 40


@functools.lru_cache(maxsize=None)
def density_fit_for(quick: bool) -> Fit:
    """The density fit of a verify.py run (remembered within a process: DF-05, DF-08, DF-10,
    DF-15, DF-16 and DF-19 read it).  [DF-05, DF-08]"""
    if quick:
        return density_fit(QUICK_DENSITIES, QUICK_DENSITY_BOARDS)
    return density_fit()


@functools.lru_cache(maxsize=None)
def region_fits_for(quick: bool) -> dict:
    """The region fits of a verify.py run (remembered within a process: ND-03, ND-13, ND-14
    and ND-16 read them).  [ND-03, ND-13, ND-14]"""
    if quick:
        return region_fits(QUICK_REGION_COUNTS, QUICK_REGION_BOARDS, QUICK_DIAL_BOARDS)
    return region_fits()


def kind_of(figure: Figure) -> str:
    """The judging kind of a fitted figure: 'log10', 'rate' (a share below 1) or 'mean'."""
    return "log10" if "log10" in figure.words else "rate" if figure.printed < 1 else "mean"


def judged_values(fit: Fit) -> tuple[int, ...]:
    """The grid values a figure is judged over: the confidence set, or the whole grid when
    the set is empty (then each figure is met, or not, on its own)."""
    return fit.confidence_set or tuple(range(len(fit.grid)))


def fitted_rows(fit: Fit, claim: str) -> list[dict]:
    """The rows of one claim's fitted figures, each judged across the parameter's
    confidence set (judging.fitted_row): our mean at the estimate, the figure's largest
    p-value over the set, so that it differs only if every value of the set rejects it, and
    the hull of its 99% intervals over the set, so that a difference the set allows is in
    reach of its margin (the largest p over a 99% set has size at most 2%, the hull covers
    at least 98%: judging.py).  Inside a non-empty set every figure's p exceeds 1% over
    the fit's count of figures, so a figure can differ there only where its claim judges
    fewer figures than the fit does (DF-08 judges one of five); the fit's own table (z of
    every figure at every value) is where a misfit shows.  Each row's `at` names the
    estimate, and its note the values where the figure alone holds."""
    rows = []
    for j, figure in enumerate(fit.figures):
        if figure.claim != claim:
            continue
        test = fit.tests[fit.estimate][j]
        over = [fit.tests[i][j] for i in judged_values(fit)]
        where = "the confidence set" if fit.confidence_set else "the grid (no value meets all)"
        row = judging.fitted_row(
            figure.words, round(test.ours, 4 if figure.printed < 1 else 2), figure.printed,
            kind_of(figure), max(t.p for t in over), min(t.low for t in over),
            max(t.high for t in over),
            note=f"ours at the estimate, {fit.parameter} {fit.labels[fit.estimate]}; p the "
                 f"largest and the interval the widest over {where}; alone the figure holds "
                 f"at {in_words(fit.alone[j], fit.labels)}")
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
    value, the estimate and the 99% confidence set (indices into `labels`), and the level
    of the set (a value is in it when its joint p exceeds `level`).  [DF-05, ND-03]"""
    return {"parameter": fit.parameter, "labels": list(fit.labels),
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
    text column): grid and samples, the estimate and the 99% confidence set, each figure
    at the estimate, the values where each figure alone holds, the finding if any, and z
    of every figure at every value."""
    best = fit.tests[fit.estimate]
    lines = [f"Fit of the {fit.parameter} over {len(fit.grid)} values, {fit.labels[0]} to "
             f"{fit.labels[-1]}.  Boards drawn per value:"]
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
    lines.append("Each figure alone holds at: " + "; ".join(
        f"F{k} {in_words(own, fit.labels)}" for k, own in enumerate(fit.alone, 1)) + ".")
    if fit.finding:
        lines.append(fit.finding)
    lines += list(fit.notes)
    label = max(len(x) for x in fit.labels) + 2
    lines.append("z of each figure at each value (F1, F2, … as above; * in the set):")
    lines.append(f"{'value':<{label}}{'joint p':>9}"
                 + "".join(f"{'F' + str(k):>7}" for k in range(1, len(fit.figures) + 1)))
    for i, row in enumerate(fit.tests):
        mark = " *" if i in fit.confidence_set else ""
        lines.append(f"{fit.labels[i]:<{label}}{joint_p([t.p for t in row]):>9.3g}"
                     + "".join(f"{round(t.z, 1) + 0.0:>7.1f}" for t in row) + mark)
    return "\n".join(lines)
