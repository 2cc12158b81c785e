"""The write-ups' own tables, redrawn for the report page beside ours, and the frame every
picture of the page sits in (a <figure> with its caption and its figures as a table).

    TABLES["DF-15"](row)   → [the dial of starved rooms, the draws per k]  (HTML figures)

Each function takes one claim's report row (verify.py's `report_rows`) and returns its
pictures; the figures come from the puzzle modules (the run states and line fillings,
computed here) or from the claim's figure rows (the dials, the random boards, the ladder's
split), found by their labels.  A row a picture needs and does not find leaves it out and
says so in its place, so that a check that renames its rows costs a picture, never the page.

    Dosun-Fuwari                          Nondango
    DF-03, DF-06, DF-07  run states       ND-11  line fillings: tribonacci, lazy caterer
    DF-15  the dial of starved rooms      ND-13  the dial of white circles, 8x8 and 12x12
    DF-16  random boards                  ND-15  random boards
    DF-19  the ladder's split             ND-16  the ladder's split

Intervals drawn on a share are Wilson's at 99% (checks/judging.py), for the write-up's
counts as for ours.
"""

from __future__ import annotations

import math
import re
from typing import Callable, Sequence

import dosun_fuwari as df
import nondango as nd
from checks import draw
from checks.draw import Bar, words
from checks.judging import wilson_interval

__all__ = ["TABLES", "table", "figure", "missing", "run_states", "df_dial", "df_random",
           "df_ladder", "nd_lines", "nd_dial", "nd_random", "nd_ladder"]


# === The frame of a picture ===

def table(headers: Sequence[str], body: Sequence[Sequence], caption: str = "") -> str:
    """An HTML table (every cell escaped), in a box that scrolls sideways on its own when
    too wide for a phone, so that the page does not."""
    head = "".join(f'<th scope="col">{words(h)}</th>' for h in headers)
    lines = "".join("<tr>" + "".join(f"<td>{words(c)}</td>" for c in cells) + "</tr>"
                    for cells in body)
    title = f"<caption>{words(caption)}</caption>" if caption else ""
    return (f'<div class="scroll"><table>{title}<thead><tr>{head}</tr></thead>'
            f"<tbody>{lines}</tbody></table></div>")


def figure(figure_id: str, svg: str, caption: str, alternative: str, kind: str,
           legend: str = "") -> str:
    """One picture: the SVG (described by the caption, whose id is figure_id +
    '-caption'), a legend if any, the caption (what to look at) and the text
    alternative (its figures as a table) under a fold."""
    return (f'<figure class="picture" id="{words(figure_id)}" data-picture="{words(kind)}">'
            f'{svg}{legend}<figcaption id="{words(figure_id)}-caption">{words(caption)}'
            f"</figcaption><details><summary>The figures as a table</summary>{alternative}"
            "</details></figure>")


def missing(claim_id: str, what: str) -> str:
    """What stands in for a picture whose rows the check no longer gives."""
    return (f'<p class="small" data-picture="missing">{words(claim_id)}: no picture of '
            f"{words(what)}: the check's rows do not hold the figures it draws.</p>")


def _share(k: int, n: int) -> str:
    return f"{k:,} of {n:,} ({k / n:.1%})" if n else f"{k} of 0"


def _percent(v: float) -> str:
    return f"{v * 100:.4g}%"


def _power(v: float) -> str:
    """A tick on a log scale: 1, 10, 100, 1,000, then 10^4 …"""
    return f"{v:,.0f}" if v < 10_000 else f"10^{round(math.log10(v))}"


# === Run states under three readings (DF-03, DF-06, DF-07) ===

_READINGS = (   # reading, words, line class, marker shape
    ("official", "official: (L+1)(L+2)/2, A000217", "ours-line", "circle"),
    ("loose", "loose reading: A095263, Pisot E(3,7)", "ours-line f-dash", "square"),
    ("no-stacking", "no stacking: 3, then 4", "ours-line f-dot", "triangle"),
)
_EMPHASIS = {"DF-03": "official", "DF-06": "loose", "DF-07": "no-stacking"}
LENGTHS = range(1, 13)


def run_states(row: dict) -> list[str]:
    """The write-up's table of run states per run length L = 1..12 under the three
    readings (its figures: dosun_fuwari's literal tables OFFICIAL_COUNTS, LOOSE_COUNTS,
    NO_STACKING_COUNTS) beside ours (dosun_fuwari.count_run_states: the closed form, the
    loose transfer), on a log scale, the claim's own reading drawn heavier."""
    x = draw.Scale(0.5, 12.5, 64, draw.WIDTH - 12)
    y = draw.Scale(1, 100_000, 292, 30, log=True)
    chart = draw.Chart(x, y)
    chart.y_axis(_power, "run states (log scale)")
    chart.x_axis(lambda v: f"{v:g}", "run length L", ticks=list(LENGTHS))
    body = []
    for reading, name, cls, shape in _READINGS:
        theirs = df.LITERAL_COUNTS[reading]
        ours = [df.count_run_states(L, reading) for L in LENGTHS]
        heavy = " emphasis" if _EMPHASIS[row["id"]] == reading else ""
        chart.line([(L, v) for L, v in zip(LENGTHS, ours)], cls + heavy)
        for L, mine, printed in zip(LENGTHS, ours, theirs):
            chart.point(L, printed, "diamond", "theirs", f"write-up, {reading}, L={L}: {printed:,}",
                        size=6.5)
            chart.point(L, mine, shape, "ours", f"ours, {reading}, L={L}: {mine:,}", size=3.2)
        chart.text(12.4, ours[-1], reading, "note", "end", dy=-10)
    for L in LENGTHS:
        body.append([L] + [f"{df.LITERAL_COUNTS[r][L - 1]:,} / {df.count_run_states(L, r):,}"
                           for r, _, _, _ in _READINGS])
    svg = draw.picture(draw.WIDTH, 338, [chart.svg()], f"{row['id']}-table-caption",
                       "run states per run length under three readings")
    legend = draw.legend([(draw.MARKS["theirs"], "the write-up's table"),
                      (draw.MARKS["ours"] + draw.line_mark("ours-line"), _READINGS[0][1]),
                      (draw.MARKS["square"] + draw.line_mark("ours-line f-dash"), _READINGS[1][1]),
                      (draw.MARKS["triangle"] + draw.line_mark("ours-line f-dot"),
                       _READINGS[2][1])])
    caption = (f"The write-up's run-state table (hollow diamonds) and ours (filled marks on "
               f"lines), per run length, on a log scale; {_EMPHASIS[row['id']]} is {row['id']}'s "
               "reading, drawn heavier.  Look at how the three readings part: the official "
               "count grows as L², the loose one about 2.3-fold per cell, no stacking stays "
               "at 4.  Every diamond sits on its line.")
    alternative = table(["L"] + [f"{r}: write-up / ours" for r, _, _, _ in _READINGS], body)
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]


# === Line fillings (ND-11) ===

def nd_lines(row: dict) -> list[str]:
    """Legal black sets on a line of L circles (regions aside): the write-up's reading, no
    three consecutive, against 'anywhere in the line', at most two, L = 1..15.  Ours are
    nondango.count_line_fillings; the sequences the write-up names are the OEIS terms
    nondango keeps (A000073, A000124)."""
    lengths = range(1, 16)
    x = draw.Scale(0.5, 15.5, 64, draw.WIDTH - 12)
    y = draw.Scale(1, 100_000, 272, 30, log=True)
    chart = draw.Chart(x, y)
    chart.y_axis(_power, "black sets on the line (log scale)")
    chart.x_axis(lambda v: f"{v:g}", "circles on the line, L", ticks=list(lengths)[::2])
    series = (("write-up", "no three consecutive: tribonacci, A000073", "ours-line", "circle",
               lambda L: nd.A000073[L + 3]),
              ("anywhere", "anywhere in the line: lazy caterer, A000124", "ours-line f-dash",
               "square", lambda L: nd.A000124[L]))
    body = {L: [L] for L in lengths}
    for reading, name, cls, shape, oeis in series:
        ours = [nd.count_line_fillings(L, reading) for L in lengths]
        chart.line(list(zip(lengths, ours)), cls)
        for L, mine in zip(lengths, ours):
            chart.point(L, oeis(L), "diamond", "theirs", f"{name}, L={L}: {oeis(L):,}", size=6)
            chart.point(L, mine, shape, "ours", f"ours, {reading}, L={L}: {mine:,}", size=3.2)
            body[L].append(f"{oeis(L):,} / {mine:,}")
        chart.text(15.4, ours[-1], "tribonacci" if reading == "write-up" else "lazy caterer",
                   "note", "end", dy=-10)
    svg = draw.picture(draw.WIDTH, 318, [chart.svg()], f"{row['id']}-table-caption",
                       "black sets on a line of circles under two readings")
    legend = draw.legend([(draw.MARKS["theirs"], "the OEIS terms the write-up names"),
                      (draw.MARKS["ours"] + draw.line_mark("ours-line"), series[0][1]),
                      (draw.MARKS["square"] + draw.line_mark("ours-line f-dash"), series[1][1])])
    last = lengths[-1]
    caption = ("Per line of L circles, the black sets each reading allows: ours (filled marks "
               "on lines) on the OEIS terms the write-up names (hollow diamonds), on a log "
               "scale.  Look at the gap: exponential (tribonacci) against quadratic (at most "
               f"two blacks a line), already {nd.count_line_fillings(last):,} against "
               f"{nd.count_line_fillings(last, 'anywhere'):,} at L = {last}.")
    alternative = table(["L", "no three consecutive: A000073 / ours",
                         "anywhere: A000124 / ours"], list(body.values()))
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]


# === Rows found by their labels ===

def _find(row: dict, pattern: str) -> dict[tuple, dict]:
    """The claim's figure rows whose label matches `pattern` (a regular expression with
    groups; a note in brackets after it, such as ' (built in)', is let pass), by the
    groups' values (numbers as ints where they are)."""
    out = {}
    for figure_row in row.get("rows") or []:
        match = re.fullmatch(pattern + r"(?: \(.*\))?", figure_row.get("label", ""))
        if match:
            key = tuple(int(g) if g.isdigit() else g for g in match.groups())
            out[key] = figure_row
    return out


def _labelled(row: dict) -> dict[str, dict]:
    """The claim's figure rows by label, a note in brackets after it left off:
    'unstarved 8x8 at room (built in)' → 'unstarved 8x8 at room'."""
    return {re.sub(r" \(.*\)$", "", f.get("label", "")): f for f in row.get("rows") or []}


def _pair(value) -> tuple[int, int] | None:
    """[k, n] as a pair, or None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


# === A dial: unique share against k, theirs and ours ===

class Series:
    """One line of a dial: a name, its marker, its class, and points (k, share, 99%
    interval or None, words on hover)."""

    def __init__(self, name: str, shape: str, cls: str, line: str | None, shift: float,
                 tag: str = ""):
        self.name, self.shape, self.cls, self.line, self.shift = name, shape, cls, line, shift
        self.tag = tag     # written beside the line's last point, if any
        self.points: list[tuple[float, float, tuple | None, str]] = []

    def add(self, k: float, value, hover: str) -> None:
        """A point from a figure: [k, n] (with its Wilson interval) or a share (none)."""
        pair = _pair(value)
        if pair is not None and pair[1]:
            self.points.append((k, pair[0] / pair[1], wilson_interval(*pair), hover))
        elif isinstance(value, (int, float)):
            self.points.append((k, float(value), None, hover))


def _dial_chart(series: Sequence[Series], ks: Sequence[int], x_label: str,
                y_label: str, caption_id: str, label: str, low: float = 0.0,
                notes: Sequence[tuple[float, float, str]] = ()) -> str:
    """A dial: share against k for every series, interval bars, lines through each series,
    and `notes` (k, share, words) written beside their points."""
    top = max(ks)
    x = draw.Scale(min(ks) - 0.06 * (top - min(ks)) - 0.5, top + 0.06 * (top - min(ks)) + 0.5,
                   64, draw.WIDTH - 12)
    y = draw.Scale(low, 1.0, 270, 30)
    chart = draw.Chart(x, y)
    chart.y_axis(_percent, y_label, ticks=draw.nice_ticks(low, 1.0, 6))
    chart.x_axis(lambda v: f"{v:g}", x_label, ticks=list(ks))
    step = (top - min(ks) or 1) * 0.018
    for s in series:
        if s.line and len(s.points) > 1:
            chart.line([(k + s.shift * step, v) for k, v, _, _ in s.points], s.line)
        for k, v, interval, _ in s.points:
            if interval:
                chart.whisker(k + s.shift * step, interval[0], interval[1],
                              "ours-bar" if s.cls == "ours" else "theirs-bar", across=False,
                              cap=4)
        for k, v, _, hover in s.points:
            chart.point(k + s.shift * step, v, s.shape, s.cls, hover,
                        size=6.5 if s.cls == "theirs" else 4.5)
        if s.tag and s.points:   # beside the last point, inside the plot
            k, v, _, _ = s.points[-1]
            near_end = x.at(k) > x.start + 0.8 * (x.end - x.start)
            chart.text(k + s.shift * step, v, s.tag, "note", "end" if near_end else "start",
                       dx=-12 if near_end else 9, dy=-10)
    for k, v, text in notes:   # on the write-up's points (shifted left, as drawn)
        chart.point(k - step, v, "circle", "refuted-mark", text, size=11)
        chart.text(k - step, v, "refuted", "note-strong", "middle", dy=28)
    return draw.picture(draw.WIDTH, 318, [chart.svg()], caption_id, label)


def df_dial(row: dict) -> list[str]:
    """DF-15's dial: the share of 8x8 boards that stay unique by starved rooms k, the
    write-up's (with their 99% intervals) beside ours, the 12x12 k = 8 point of each, the
    k = 1 row marked where the procedure cannot produce it; and the boards drawn at each
    k, of the tries, where 8x8 'stops at four'."""
    unique = _find(row, r"(\d+)x\d+ k=(\d+): unique of drawn")
    drawn = _find(row, r"(\d+)x\d+ k=(\d+): (?:drawn of (?:tries|\d+)|random draws reaching \d+)")
    if not unique:
        return [missing(row["id"], "the dial (rows '8x8 k=…: unique of drawn')")]
    theirs = Series("the write-up, 8x8", "diamond", "theirs", "theirs-line", -1)
    ours = Series("ours, 8x8", "circle", "ours", "ours-line", 1)
    twelve_theirs = Series("the write-up, 12x12", "diamond", "theirs", None, -1)
    twelve = Series("ours, 12x12", "square", "ours", None, 1)
    variant = Series("ours, 8x8, the unfiltered step", "triangle", "ours", None, 1)
    for (k,), figure_row in _find(row, r"8x8 k=(\d+), unfiltered step: unique of drawn").items():
        variant.add(k + 0.25, figure_row.get("ours"), "ours, the unfiltered step (a variant), "
                    f"8x8 k={k}: " + _share(*_pair(figure_row["ours"])))
    notes, body = [], []
    for (size, k), figure_row in sorted(unique.items()):
        mine, printed = figure_row.get("ours"), figure_row.get("theirs")
        pair, their_pair = _pair(mine), _pair(printed)
        (ours if size == 8 else twelve).add(k, mine, f"ours, {size}x{size} k={k}: "
                                            + (_share(*pair) if pair else "—"))
        if printed is not None:
            (theirs if size == 8 else twelve_theirs).add(
                k, printed, f"the write-up, {size}x{size} k={k}: "
                + (_share(*their_pair) if their_pair else f"{printed:.1%}, no n given"))
        if figure_row.get("verdict") == "refuted" and their_pair:
            notes.append((k, their_pair[0] / their_pair[1],
                          "the procedure cannot produce this row below 100%"))
        body.append([f"{size}x{size}", k, _share(*their_pair) if their_pair else
                     (f"{printed:.1%} (no n)" if isinstance(printed, float) else "—"),
                     _share(*pair) if pair else "—", figure_row.get("verdict") or "not judged",
                     figure_row.get("note", "")])
    shares = [v for s in (theirs, ours, twelve, twelve_theirs, variant)
              for _, v, i, _ in s.points] + \
        [i[0] for s in (theirs, ours, twelve, variant) for _, _, i, _ in s.points if i]
    low = max(0.0, math.floor(min(shares) * 10) / 10 - 0.1)
    ks = sorted({k for _, k in unique})
    svg = _dial_chart([theirs, ours, twelve_theirs, twelve, variant], ks, "starved rooms k",
                      "boards with one answer", f"{row['id']}-table-caption",
                      "the dial of starved rooms", low, notes)
    legend = draw.legend([
        (draw.MARKS["theirs"] + draw.line_mark("theirs-line"),
         "the write-up's 8x8 table (dashed bars: its 99% intervals)"),
        (draw.MARKS["ours"] + draw.line_mark("ours-line"),
         "ours, 8x8, the procedure keeping its drawn answer legal (solid bars: 99% "
         "intervals)"),
        (draw.MARKS["triangle"], "ours, 8x8 at k = 1, the step with no such filter (a variant: "
                                 "some boards lose every answer)"),
        (draw.MARKS["square"], "ours, 12x12 at k = 8 (the write-up's figure: a diamond, with no "
                               "interval where it gives no n)"),
        (draw.MARKS["refuted"], "ringed: a row the procedure cannot produce (refuted)")])
    proof = next((f.get("reason") or f.get("note") for f in unique.values()
                  if f.get("verdict") == "refuted" and (f.get("reason") or f.get("note"))), "")
    first = unique.get((8, 1), {})
    pairs = [_pair(first.get(key)) for key in ("theirs", "ours")]
    at_one = (f"  Look at k = 1: the write-up has {_share(*pairs[0])} unique there, ours "
              f"{_share(*pairs[1])}" + (f"; {proof}" if proof else "") + "."
              if all(pairs) else "")
    caption = ("The dial of starved rooms: the share of boards with one answer at each count "
               "of starved rooms, the write-up's 8x8 table beside our rerun of its "
               f"procedure, the drawn answer kept legal.{at_one}  The triangle at k = 1: the "
               "step as its sentence words it, with no filter, where some boards lose every "
               "answer.  Then look at the slopes from k = 2 on, each point with its 99% "
               "interval.")
    alternative = table(["size", "k", "write-up", "ours", "verdict", "notes"], body)
    out = [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]
    if drawn:
        out.append(_df_drawn(row, drawn))
    return out


def _df_drawn(row: dict, drawn: dict) -> str:
    """DF-15: 8x8 boards drawn at each k, of the tries (the write-up's and ours), where
    'the 8x8 boards stop at four'."""
    theirs = Series("the write-up", "diamond", "theirs", "theirs-line", -1)
    ours = Series("ours", "circle", "ours", "ours-line", 1)
    body = []
    for (size, k), figure_row in sorted(drawn.items()):
        if size != 8:
            continue
        pair, their_pair = _pair(figure_row.get("ours")), _pair(figure_row.get("theirs"))
        ours.add(k, figure_row.get("ours"), f"ours, k={k}: " + (_share(*pair) if pair else "—"))
        if their_pair:
            theirs.add(k, figure_row.get("theirs"), f"the write-up, k={k}: {_share(*their_pair)}")
        body.append([k, _share(*their_pair) if their_pair else "none (stops at 4)",
                     _share(*pair) if pair else "—", figure_row.get("verdict") or "not judged"])
    ks = sorted({k for (size, k) in drawn if size == 8})
    svg = _dial_chart([theirs, ours], ks, "starved rooms k", "draws that reach k",
                      f"{row['id']}-drawn-caption", "8x8 draws reaching each k")
    legend = draw.legend([(draw.MARKS["theirs"] + draw.line_mark("theirs-line"),
                           "the write-up (none past 4)"),
                          (draw.MARKS["ours"] + draw.line_mark("ours-line"),
                           "ours, the literal procedure")])
    past = [(k, _pair(f.get("ours"))) for (size, k), f in sorted(drawn.items())
            if size == 8 and k > 4 and _pair(f.get("ours"))]
    beyond = [f"{k} in {pair[0]} of {pair[1]} draws" for k, pair in past if pair[0]]
    caption = ("How often a draw of the 8x8 procedure reaches k starved rooms, of its tries.  "
               "Look past k = 4: the write-up says 8x8 boards stop there; "
               + (f"ours reach {', '.join(beyond)}." if beyond else "so do ours."))
    alternative = table(["k", "write-up", "ours", "verdict"], body)
    return figure(f"{row['id']}-drawn", svg, caption, alternative, "table", legend)


def nd_dial(row: dict) -> list[str]:
    """ND-13's dial: the share of boards with one answer against k certified white circles
    added at random, ours at 8x8 and at 12x12 with 99% intervals, and the write-up's two
    12x12 figures (100.0% at k = 0, 13.7% at k = 32; no n given)."""
    rows = _find(row, r"(\d+)[x×]\d+ k=(\d+): unique")
    if not rows:
        return [missing(row["id"], "the dial (rows '8×8 k=…: unique')")]
    eight = Series("ours, 8x8", "circle", "ours", "ours-line", -1, "8×8")
    twelve = Series("ours, 12x12", "square", "ours", "ours-line f-dash", 1, "12×12")
    theirs = Series("the write-up, 12x12", "diamond", "theirs", None, 3)   # beside ours
    body = []
    for (size, k), figure_row in sorted(rows.items()):
        pair = _pair(figure_row.get("ours"))
        (eight if size == 8 else twelve).add(k, figure_row.get("ours"), f"ours, {size}x{size} "
                                             f"k={k}: " + (_share(*pair) if pair else "—"))
        printed = figure_row.get("theirs")
        if isinstance(printed, (int, float)):
            theirs.add(k, float(printed), f"the write-up, {size}x{size} k={k}: {printed:.1%}")
        body.append([f"{size}x{size}", k, f"{printed:.1%} (no n)" if isinstance(
            printed, (int, float)) else "—", _share(*pair) if pair else "—",
            figure_row.get("verdict") or "not judged"])
    ks = sorted({k for _, k in rows})
    svg = _dial_chart([eight, twelve, theirs], ks, "certified white circles added, k",
                      "boards with one answer", f"{row['id']}-table-caption",
                      "the dial of white circles at 8x8 and 12x12")
    legend = draw.legend([(draw.MARKS["ours"] + draw.line_mark("ours-line"),
                           "ours, 8x8 (bars: 99% intervals)"),
                          (draw.MARKS["square"] + draw.line_mark("ours-line f-dash"),
                           "ours, 12x12"),
                          (draw.MARKS["theirs"], "the write-up, 12x12 (no n given, so no "
                                                 "interval)")])
    last = max(((k, f) for (size, k), f in rows.items() if size == 12
                and isinstance(f.get("theirs"), (int, float))), default=None,
               key=lambda item: item[0])
    end = (f"  Look at the 12x12 line's end: ours at k = {last[0]} beside the write-up's "
           f"{last[1]['theirs']:.1%}." if last else "  Look at how the two lines fall.")
    caption = ("The dial of white circles: the share of boards with one answer as certified "
               "white circles are added at random, with no uniqueness check.  The write-up "
               "announces an 8x8 table its text does not hold, so ours stand alone there; at "
               f"12x12 it gives {len(theirs.points)} points.{end}")
    alternative = table(["size", "k", "write-up", "ours", "verdict"], body)
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]


# === Random boards: no answer, one, more (DF-16, ND-15) ===

_SEGMENTS = (("seg-1", "exactly one"), ("seg-2", "more than one"), ("seg-4", "no answer"))


def _segment_legend(names: Sequence[tuple[str, str]]) -> str:
    return draw.legend([(draw.segment_mark(cls), name) for cls, name in names])


def df_random(row: dict) -> list[str]:
    """DF-16: random boards by size and black density, the share with exactly one answer
    and with more (the rest have none), the write-up's and ours."""
    rows = _find(row, r"(\d+)x\d+ p=([\d.]+): (no answer|exactly one)")
    configs = sorted({(size, p) for size, p, _ in rows}, key=lambda c: (c[0], float(c[1])))
    if not configs:
        return [missing(row["id"], "the random boards (rows '6x6 p=…: no answer')")]
    groups, body, highest = [], [], 0.0
    for size, p in configs:
        none, one = rows.get((size, p, "no answer")), rows.get((size, p, "exactly one"))
        if none is None or one is None:
            continue
        bars = []
        for tag, key in (("write-up", "theirs"), ("ours", "ours")):
            (empty, n), (single, _) = _pair(none[key]), _pair(one[key])
            more = n - empty - single
            highest = max(highest, (single + more) / n)
            bars.append(Bar(tag, f"{single} one, {more} more of {n:,}",
                            (("seg-1", single / n, f"{tag}: {single} of {n} exactly one"),
                             ("seg-2", more / n, f"{tag}: {more} of {n} more than one"))))
            body.append([f"{size}x{size}", p, tag, empty, single, more, n])
        groups.append((f"{size}×{size}, black density {p}", bars))
    group, height = draw.stacked_bars(groups, max(0.02, highest * 1.9), _percent,
                                      "boards with an answer (the rest have none)")
    svg = draw.picture(draw.WIDTH, height, [group], f"{row['id']}-table-caption",
                       "random boards: how many have an answer")
    caption = ("Random Dosun-Fuwari boards, by size and black density: the share with exactly "
               "one answer (blue) and with more than one (orange stripes); every other board "
               "has none.  Look at how short every bar is, and that no bar has a blue part: "
               "no random board, theirs or ours, has exactly one answer.")
    alternative = table(["size", "density", "whose", "no answer", "exactly one", "more",
                         "boards"], body)
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table",
                   _segment_legend(_SEGMENTS[:2]))]


def nd_random(row: dict) -> list[str]:
    """ND-15: random regions and circles: no answer, exactly one, more, the write-up's
    boards and our documented version."""
    none = next((f for f in row.get("rows") or [] if f.get("label", "").startswith("no answer")),
                None)
    one = next((f for f in row.get("rows") or [] if f.get("label", "").startswith("exactly one")),
               None)
    if none is None or one is None:
        return [missing(row["id"], "the random boards (rows 'no answer', 'exactly one')")]
    bars, body = [], []
    for tag, key in (("write-up", "theirs"), ("ours", "ours")):
        (empty, n), (single, _) = _pair(none[key]), _pair(one[key])
        more = n - empty - single
        bars.append(Bar(tag, f"{empty:,} none, {single} one, {more:,} more of {n:,}",
                        (("seg-4", empty / n, f"{tag}: {empty} of {n} no answer"),
                         ("seg-1", single / n, f"{tag}: {single} of {n} exactly one"),
                         ("seg-2", more / n, f"{tag}: {more} of {n} more than one"))))
        body.append([tag, empty, single, more, n])
    group, height = draw.stacked_bars([("random regions and random circles", bars)], 1.0,
                                      _percent, "share of the boards")
    svg = draw.picture(draw.WIDTH, height, [group], f"{row['id']}-table-caption",
                       "random boards: no answer, one, more")
    caption = ("Random Nondango boards: no answer (grey crosshatch), exactly one (blue), more "
               f"than one (orange stripes), the write-up's {body[0][-1]:,} beside our "
               "documented version.  The write-up gives no sizes, circle rate or region "
               "sizes, so ours is one reading of it, not a rerun: look at the proportions, "
               "not at a test.")
    alternative = table(["whose", "no answer", "exactly one", "more", "boards"], body)
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table",
                   _segment_legend([_SEGMENTS[2], _SEGMENTS[0], _SEGMENTS[1]]))]


# === The ladder's split (DF-19, ND-16) ===

def _split_bars(parts: Sequence[tuple[str, str, tuple[int, int] | None, tuple[int, int] | None]],
                rest: str) -> tuple[list[Bar], list[list]]:
    """Bars of one set of boards, the write-up's and ours: `parts` are (class, rung words,
    their k of n, our k of n); what is left of n is `rest` (class seg-4)."""
    bars, body = [], []
    for tag, index in (("write-up", 2), ("ours", 3)):
        pairs = [p[index] for p in parts if p[index] is not None]
        if not pairs:
            continue
        n = pairs[0][1]
        segments, said, left = [], [], n
        for part in parts:
            if part[index] is None:
                continue
            k = part[index][0]
            left -= k
            segments.append((part[0], k / n, f"{tag}: {k} of {n} {part[1]}"))
            said.append(f"{k} {part[1]}")
        if left > 0:
            segments.append(("seg-4", left / n, f"{tag}: {left} of {n} {rest}"))
            said.append(f"{left} {rest}")
        bars.append(Bar(tag, ", ".join(said) + f" (of {n})", tuple(segments)))
        body.append([tag] + said + [n])
    return bars, body


def df_ladder(row: dict) -> list[str]:
    """DF-19: boards by the rung that finishes them: unstarved generated 8x8 boards (at
    room) and the bank (profile; probe or search), the write-up's and ours."""
    find = _labelled(row)
    room = find.get("unstarved 8x8 at room")
    profile = find.get("bank boards needing profile")
    beyond = find.get("bank needing probe or search")
    if room is None or profile is None or beyond is None:
        return [missing(row["id"], "the ladder's split")]
    unstarved, first = _split_bars([("seg-1", "room", _pair(room["theirs"]),
                                     _pair(room["ours"]))], "past room")
    bank, second = _split_bars([("seg-2", "profile", _pair(profile["theirs"]),
                                 _pair(profile["ours"])),
                                ("seg-3", "probe or search", _pair(beyond["theirs"]),
                                 _pair(beyond["ours"]))], "below profile")
    group, height = draw.stacked_bars([("unstarved generated 8×8 boards", unstarved),
                                       ("the bank", bank)], 1.0, _percent, "share of the boards")
    svg = draw.picture(draw.WIDTH, height, [group], f"{row['id']}-table-caption",
                       "boards by the rung that finishes them")
    legend = _segment_legend([("seg-1", "finished by room"), ("seg-2", "finished by profile"),
                              ("seg-3", "needs probe or search"), ("seg-4", "the rest")])
    caption = ("The ladder's split: the rung that finishes each board.  Look at the two "
               "sets: boards with no starved room finish at room, the bank's boards (every "
               "one starved) at profile, and none needs more, in the write-up and in ours.")
    alternative = table(["whose", "finished", "boards"],
                        [[r[0], ", ".join(map(str, r[1:-1])), r[-1]] for r in first + second])
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]


def nd_ladder(row: dict) -> list[str]:
    """ND-16: the bank's boards by the rung that finishes them (triple or below; probe;
    search), the write-up's and ours."""
    find = _labelled(row)
    stall = find.get("boards that stall at triple")
    search = find.get("boards that need search")
    if stall is None or search is None:
        return [missing(row["id"], "the ladder's split")]
    parts = []
    for key in ("theirs", "ours"):
        (stalled, n), (searched, _) = _pair(stall[key]), _pair(search[key])
        parts.append(((n - stalled, n), (stalled - searched, n), (searched, n)))
    bars, body = _split_bars([("seg-1", "triple or below", parts[0][0], parts[1][0]),
                              ("seg-2", "probe", parts[0][1], parts[1][1]),
                              ("seg-3", "search", parts[0][2], parts[1][2])], "other")
    group, height = draw.stacked_bars([("the bank", bars)], 1.0, _percent,
                                      "share of the boards")
    svg = draw.picture(draw.WIDTH, height, [group], f"{row['id']}-table-caption",
                       "bank boards by the rung that finishes them")
    legend = _segment_legend([("seg-1", "finished by region or triple"),
                              ("seg-2", "finished by probe (triple stalls)"),
                              ("seg-3", "needs search")])
    caption = ("The ladder's split on the bank: the rung that finishes each board.  Look at "
               "the striped part, the boards where triple stalls and probe finishes: most of "
               "the bank in both, and no board needs search.")
    alternative = table(["whose", "finished", "boards"],
                        [[r[0], ", ".join(map(str, r[1:-1])), r[-1]] for r in body])
    return [figure(f"{row['id']}-table", svg, caption, alternative, "table", legend)]


TABLES: dict[str, Callable[[dict], list[str]]] = {
    "DF-03": run_states, "DF-06": run_states, "DF-07": run_states, "DF-15": df_dial,
    "DF-16": df_random, "DF-19": df_ladder, "ND-11": nd_lines, "ND-13": nd_dial,
    "ND-15": nd_random, "ND-16": nd_ladder,
}
