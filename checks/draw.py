"""Pictures for the report page, as inline SVG: axes on a linear or a log scale, points with
interval bars, shaded bands and sets, line curves, stacked counts, and boards drawn with
the play page's symbols.  Library code: every function returns SVG text (a string) and
escapes every word it is given; nothing here reads files or prints.

    Scale(0, 1, 60, 500).at(0.5)                → 280.0
    Scale(1, 1000, 0, 300, log=True).ticks()    → [1.0, 10.0, 100.0, 1000.0]
    chart = Chart(Scale(0, 10, 60, 500), Scale(0, 1, 220, 20))
    chart.point(5, 0.5, "circle", "ours")       (a filled circle at x 5, y 0.5)
    picture(560, 260, [chart.svg()], "f1-cap")  → '<svg viewBox="0 0 560 260" …>…</svg>'
    board_svg(df.parse(text))                   → '<svg class="board" …>…</svg>'

Glossary
    user unit   SVG's unit: a picture is WIDTH units wide and scales to the page's width
    scale       a map from data values to user units along one axis (linear or log10)
    chart       one plot area: two scales and the marks drawn in it, in drawing order
    picture     one <svg> holding one or more charts, each moved into place
    strip       a chart one figure high: a single horizontal axis (the report's figure rows)
    symbol      a board's marks, as the play page draws them: balloon (open circle), iron ball
                (filled circle), black cell, walls, Nondango circles black, white, unpainted,
                given (ringed)

Classes, not colours, carry meaning in the SVG: every mark has a class (`ours`, `theirs`,
`band`, `set`, …) that the page's stylesheet (STYLE) colours, and every class also differs
in shape, dash or hatching, so a picture read in grey still tells them apart.

Roads not taken: importing the play page's own drawing (tools/play.py draws its boards in
JavaScript, in the browser, from data; this page has no script at all).  The symbols are
the same by class and by style (SYMBOL_STYLE repeats the play page's rules for those
classes; tests/test_html_report.py holds the two to each other).
"""

from __future__ import annotations

import html
import math
from typing import NamedTuple, Sequence

import dosun_fuwari as df
import nondango as nd
from checks.shared import cell_name

__all__ = ["WIDTH", "FONT", "words", "Scale", "nice_ticks", "Chart", "picture", "swatch",
           "MARKS", "line_mark", "segment_mark", "legend", "DEFS", "STYLE", "SYMBOL_STYLE",
           "board_svg", "board_legend", "Bar", "stacked_bars"]

WIDTH = 420      # user units across a picture; it scales to the page's width
FONT = 15        # user units: the text of a chart (at a phone's width, about 10 pixels)


def words(text) -> str:
    """`text` made safe for HTML or SVG text and for a quoted attribute.
    # words('a < b & "c"') → 'a &lt; b &amp; &quot;c&quot;'"""
    return html.escape(str(text), quote=True)


def _n(x: float) -> str:
    """A coordinate in user units, to two decimals.   # _n(3.14159) → '3.14'"""
    return f"{x:.2f}".rstrip("0").rstrip(".") if math.isfinite(x) else "0"


# === Scales ===

def nice_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values from `low` to `high` at a step of 1, 2 or 5 times a power of ten: the
    finest step that gives two to `most` of them, else the one that gives fewest past two.
    # nice_ticks(0, 1) → [0.0, 0.5, 1.0]
    # nice_ticks(0, 1, 6) → [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]"""
    if high <= low:
        return [low]
    power = 10 ** math.floor(math.log10((high - low) / max(1, most - 1)))
    choices = []
    for step in (m * power for m in (0.5, 1, 2, 5, 10, 20, 50)):
        ticks = []
        k = math.ceil(low / step - 1e-9)
        while k * step <= high + 1e-9 * step:
            ticks.append(round(k * step, 12))
            k += 1
        choices.append(ticks)
    fitting = [ticks for ticks in choices if 2 <= len(ticks) <= most]
    if fitting:
        return fitting[0]
    return min((ticks for ticks in choices if len(ticks) >= 2), key=len, default=[low, high])


class Scale(NamedTuple):
    """A map from values `low` .. `high` to user units `start` .. `end` (end may be smaller:
    a y axis runs up); `log`: by log10 of the value, for positive values only.
    # Scale(0, 10, 0, 100).at(2.5) → 25.0"""

    low: float
    high: float
    start: float
    end: float
    log: bool = False

    def at(self, value: float) -> float:
        """Where `value` falls, in user units (a value off the scale falls off it too; on a
        log scale a value at or below 0 falls at the low end)."""
        low, high = self.low, self.high
        if self.log:
            value = math.log10(value) if value > 0 else math.log10(low)
            low, high = math.log10(low), math.log10(high)
        if high == low:
            return (self.start + self.end) / 2
        return self.start + (value - low) / (high - low) * (self.end - self.start)

    def ticks(self, most: int = 5) -> list[float]:
        """Values to mark on the axis: round linear steps, or powers of ten (every other one,
        or fewer, when there are more than `most`)."""
        if not self.log:
            return nice_ticks(self.low, self.high, most)
        first = math.ceil(math.log10(self.low) - 1e-9)
        last = math.floor(math.log10(self.high) + 1e-9)
        powers = list(range(first, last + 1))
        every = max(1, math.ceil(len(powers) / most))
        return [10.0 ** p for p in powers[::every]]

    def clamp(self, value: float) -> float:
        """`value` held within the scale's range."""
        return min(max(value, min(self.low, self.high)), max(self.low, self.high))


# === Charts ===

class Chart:
    """One plot area: an x and a y Scale and the marks added to it, drawn in the order
    added.  Every method takes data values (not user units) and a class for the style
    sheet; `svg()` gives the marks as one SVG group, moved down by `top` user units."""

    def __init__(self, x: Scale, y: Scale, top: float = 0.0):
        self.x, self.y, self.top, self.parts = x, y, top, []

    def _xy(self, x: float, y: float) -> tuple[str, str]:
        return _n(self.x.at(x)), _n(self.y.at(y))

    def rect(self, x0: float, x1: float, y0: float, y1: float, cls: str, title: str = "") -> None:
        """A filled rectangle between two x and two y values (a band, a set, a bar)."""
        left, right = sorted((self.x.at(x0), self.x.at(x1)))
        upper, lower = sorted((self.y.at(y0), self.y.at(y1)))
        tip = f"<title>{words(title)}</title>" if title else ""
        self.parts.append(f'<rect class="{words(cls)}" x="{_n(left)}" y="{_n(upper)}" '
                          f'width="{_n(right - left)}" height="{_n(lower - upper)}">{tip}</rect>')

    def line(self, points: Sequence[tuple[float, float]], cls: str) -> None:
        """A polyline through (x, y) points, in their order."""
        path = " ".join(",".join(self._xy(x, y)) for x, y in points)
        self.parts.append(f'<polyline class="{words(cls)}" points="{path}"/>')

    def rule(self, x0: float, y0: float, x1: float, y1: float, cls: str) -> None:
        """A straight line from (x0, y0) to (x1, y1)."""
        (a, b), (c, d) = self._xy(x0, y0), self._xy(x1, y1)
        self.parts.append(f'<line class="{words(cls)}" x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>')

    def point(self, x: float, y: float, shape: str, cls: str, title: str = "",
              size: float = 6.0) -> None:
        """A marker at (x, y): 'circle', 'diamond', 'square' or 'triangle', `size` user units
        across its half; `title` shows on hover and reads aloud."""
        cx, cy = self.x.at(x), self.y.at(y)
        tip = f"<title>{words(title)}</title>" if title else ""
        if shape == "circle":
            mark = f'<circle class="{words(cls)}" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size)}">'
            self.parts.append(mark + tip + "</circle>")
            return
        corners = {
            "diamond": [(0, -1.25), (1.25, 0), (0, 1.25), (-1.25, 0)],
            "square": [(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)],
            "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        }[shape]
        path = " ".join(f"{_n(cx + dx * size)},{_n(cy + dy * size)}" for dx, dy in corners)
        self.parts.append(f'<polygon class="{words(cls)}" points="{path}">{tip}</polygon>')

    def whisker(self, at: float, low: float | None, high: float | None, cls: str,
                across: bool = True, cap: float = 5.0) -> None:
        """An interval bar from `low` to `high` at `at`: along x at height `at` when
        `across`, else along y at x = `at`.  An end that is None is open: the bar runs to
        the scale's end and ends in an arrowhead."""
        scale = self.x if across else self.y
        ends = [scale.at(scale.clamp(v)) if v is not None else None for v in (low, high)]
        far = (scale.start, scale.end) if scale.start < scale.end else (scale.end, scale.start)
        first = ends[0] if ends[0] is not None else (far[0] if across else far[1])
        last = ends[1] if ends[1] is not None else (far[1] if across else far[0])
        fixed = (self.y if across else self.x).at(at)
        cls = words(cls)

        def segment(a, b, c, d):
            return (f'<line class="{cls}" x1="{_n(a)}" y1="{_n(b)}" x2="{_n(c)}" y2="{_n(d)}"/>'
                    if across else
                    f'<line class="{cls}" x1="{_n(b)}" y1="{_n(a)}" x2="{_n(d)}" y2="{_n(c)}"/>')
        bits = [segment(first, fixed, last, fixed)]
        for end, given, outward in ((first, ends[0], -1), (last, ends[1], 1)):
            if given is not None:
                bits.append(segment(end, fixed - cap, end, fixed + cap))
            else:   # an arrowhead pointing off the scale
                step = outward * (1 if across else -1) * cap
                bits.append(segment(end, fixed, end - step, fixed - cap))
                bits.append(segment(end, fixed, end - step, fixed + cap))
        self.parts.append(f'<g class="{cls}">' + "".join(bits) + "</g>")

    def text(self, x: float, y: float, content: str, cls: str = "note",
             anchor: str = "start", dx: float = 0.0, dy: float = 0.0) -> None:
        """Words at (x, y) data values, nudged by dx, dy user units."""
        cx, cy = self.x.at(x) + dx, self.y.at(y) + dy
        self.parts.append(f'<text class="{words(cls)}" x="{_n(cx)}" y="{_n(cy)}" '
                          f'text-anchor="{words(anchor)}">{words(content)}</text>')

    def raw_text(self, px: float, py: float, content: str, cls: str = "note",
                 anchor: str = "start") -> None:
        """Words at (px, py) user units of the chart (titles, labels beside the axes)."""
        self.parts.append(f'<text class="{words(cls)}" x="{_n(px)}" y="{_n(py)}" '
                          f'text-anchor="{words(anchor)}">{words(content)}</text>')

    def x_axis(self, tick_words, label: str = "", ticks: Sequence[float] | None = None,
               grid: bool = False, at: float | None = None) -> None:
        """The x axis along the bottom of the plot area (or at y value `at`), a tick and its
        words (`tick_words(value)`) at each of `ticks` (default: the scale's), grid lines
        up the plot area when `grid`, and `label` under it."""
        y0 = self.y.start if at is None else self.y.at(at)
        top = min(self.y.start, self.y.end)
        left, right = sorted((self.x.start, self.x.end))
        self.parts.append(f'<line class="axis" x1="{_n(left)}" y1="{_n(y0)}" x2="{_n(right)}" '
                          f'y2="{_n(y0)}"/>')
        for value in self.x.ticks() if ticks is None else ticks:
            px = self.x.at(value)
            if grid:
                self.parts.append(f'<line class="grid" x1="{_n(px)}" y1="{_n(top)}" '
                                  f'x2="{_n(px)}" y2="{_n(y0)}"/>')
            self.parts.append(f'<line class="axis" x1="{_n(px)}" y1="{_n(y0)}" x2="{_n(px)}" '
                              f'y2="{_n(y0 + 5)}"/>')
            self.parts.append(f'<text class="tick" x="{_n(px)}" y="{_n(y0 + 5 + FONT)}" '
                              f'text-anchor="middle">{words(tick_words(value))}</text>')
        if label:
            self.parts.append(f'<text class="axis-label" x="{_n((left + right) / 2)}" '
                              f'y="{_n(y0 + 10 + 2 * FONT)}" text-anchor="middle">'
                              f'{words(label)}</text>')

    def y_axis(self, tick_words, label: str = "", ticks: Sequence[float] | None = None,
               grid: bool = True) -> None:
        """The y axis along the left of the plot area, ticks and their words to its left,
        grid lines across the plot area when `grid`, and `label` above it."""
        x0 = min(self.x.start, self.x.end)
        right = max(self.x.start, self.x.end)
        lower, upper = max(self.y.start, self.y.end), min(self.y.start, self.y.end)
        self.parts.append(f'<line class="axis" x1="{_n(x0)}" y1="{_n(upper)}" x2="{_n(x0)}" '
                          f'y2="{_n(lower)}"/>')
        for value in self.y.ticks() if ticks is None else ticks:
            py = self.y.at(value)
            if grid:
                self.parts.append(f'<line class="grid" x1="{_n(x0)}" y1="{_n(py)}" '
                                  f'x2="{_n(right)}" y2="{_n(py)}"/>')
            self.parts.append(f'<line class="axis" x1="{_n(x0 - 5)}" y1="{_n(py)}" '
                              f'x2="{_n(x0)}" y2="{_n(py)}"/>')
            self.parts.append(f'<text class="tick" x="{_n(x0 - 8)}" y="{_n(py + FONT * 0.35)}" '
                              f'text-anchor="end">{words(tick_words(value))}</text>')
        if label:
            self.parts.append(f'<text class="axis-label" x="{_n(x0 - 8)}" '
                              f'y="{_n(upper - FONT * 0.9)}" text-anchor="start">'
                              f'{words(label)}</text>')

    def svg(self) -> str:
        """The chart's marks as one SVG group, moved down by `top`."""
        move = f' transform="translate(0 {_n(self.top)})"' if self.top else ""
        return f"<g{move}>" + "".join(self.parts) + "</g>"


def picture(width: float, height: float, groups: Sequence[str], caption_id: str,
            label: str = "") -> str:
    """One <svg> of `width` × `height` user units holding `groups` (Chart.svg() and the
    like), read aloud as an image described by the element `caption_id` (its caption)
    and `label`.  It scales to the width of the page."""
    name = f' aria-label="{words(label)}"' if label else ""
    return (f'<svg class="chart" viewBox="0 0 {_n(width)} {_n(height)}" role="img"{name} '
            f'aria-describedby="{words(caption_id)}" xmlns="http://www.w3.org/2000/svg">'
            + "".join(groups) + "</svg>")


def swatch(inner: str, cls: str = "swatch", size: float = 1.0) -> str:
    """A small picture of a mark, `size` × `size` user units (24 for a chart's marks, drawn
    at their own stroke widths; 1 for a board's cell), for a legend line (read aloud as
    nothing: the words beside it say what it is)."""
    return (f'<svg class="{words(cls)}" viewBox="0 0 {_n(size)} {_n(size)}" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg">{inner}</svg>')


# The marks of the charts as a legend draws them, in a 24 × 24 swatch (`legend_swatch`).
MARKS = {
    "theirs": '<polygon class="theirs" points="12,4 20,12 12,20 4,12"/>',
    "ours": '<circle class="ours" cx="12" cy="12" r="5"/>',
    "square": '<rect class="ours" x="7" y="7" width="10" height="10"/>',
    "triangle": '<polygon class="ours" points="12,6 18,17 6,17"/>',
    "bar": ('<line class="ours-bar" x1="2" y1="12" x2="22" y2="12"/>'
            '<line class="ours-bar" x1="3" y1="7" x2="3" y2="17"/>'
            '<line class="ours-bar" x1="21" y1="7" x2="21" y2="17"/>'),
    "band": '<rect class="band" x="1" y="5" width="22" height="14"/>',
    "limit": '<rect class="limit" x="1" y="15" width="22" height="5"/>',
    "set": '<rect class="set" x="1" y="2" width="22" height="20"/>',
    "refuted": '<circle class="refuted-mark" cx="12" cy="12" r="9"/>',
}


def line_mark(cls: str) -> str:
    """A line of class `cls` across a 24 × 24 swatch."""
    return f'<line class="{words(cls)}" x1="0" y1="12" x2="24" y2="12"/>'


def segment_mark(cls: str) -> str:
    """A stacked bar's segment of class `cls` in a 24 × 24 swatch."""
    return f'<rect class="{words(cls)}" x="1" y="5" width="22" height="14"/>'


def legend(items: Sequence[tuple[str, str]]) -> str:
    """A legend of chart marks: per line a 24 × 24 swatch (its SVG inside) and its words."""
    return '<ul class="legend">' + "".join(
        f"<li>{swatch(mark, size=24)} {words(text)}</li>" for mark, text in items) + "</ul>"


# The patterns the pictures share, defined once in the page (a hidden <svg>): the hatching
# of a band, a set and the stacked segments, so that none is told apart by colour alone.
DEFS = (
    '<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false" '
    'xmlns="http://www.w3.org/2000/svg"><defs>'
    '<pattern id="hatch-band" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="8" height="8" fill="#e3f1e8"/>'
    '<rect width="2" height="8" fill="#9ccbb0"/></pattern>'
    '<pattern id="hatch-set" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(-45)"><rect width="8" height="8" fill="#dcebf7"/>'
    '<rect width="2" height="8" fill="#9fc3e2"/></pattern>'
    '<pattern id="fill-2" width="7" height="7" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="7" height="7" fill="#f6d9a8"/>'
    '<rect width="3" height="7" fill="#d99a2b"/></pattern>'
    '<pattern id="fill-3" width="6" height="6" patternUnits="userSpaceOnUse">'
    '<rect width="6" height="6" fill="#f3d4e4"/><circle cx="3" cy="3" r="1.6" fill="#b24c82"/>'
    '</pattern>'
    '<pattern id="fill-4" width="8" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="8" fill="#e4e4e4"/>'
    '<path d="M0 4h8M4 0v8" stroke="#777" stroke-width="1.2"/></pattern>'
    "</defs></svg>")

# How the classes of the pictures look.  Write-up: orange, hollow diamonds, dashed lines;
# ours: blue, filled circles, solid lines (Okabe and Ito's colours, told apart by people
# who see colours differently, and by shape and dash when they are not seen at all).
STYLE = """
svg.chart { width: 100%; height: auto; display: block; font-family: inherit; }
svg.chart text { font-size: 15px; fill: #222; }
svg.chart .tick { font-size: 13px; fill: #444; }
svg.chart .axis-label, svg.chart .title { font-size: 14px; fill: #333; }
svg.chart .title { font-weight: 600; }
svg.chart .row-label { font-size: 14px; }
svg.chart .row-verdict { font-size: 13px; font-weight: 600; }
svg.chart .note { font-size: 13px; fill: #444; }
svg.chart .note-strong { font-size: 13px; fill: #8a1c1c; font-weight: 600; }
svg.chart .note, svg.chart .note-strong { paint-order: stroke; stroke: #fff; stroke-width: 3px;
  stroke-linejoin: round; }
.axis { stroke: #555; stroke-width: 1; }
.grid { stroke: #e2e2e2; stroke-width: 1; }
.band { fill: url(#hatch-band); stroke: #6aa985; stroke-width: 1; }
.set { fill: url(#hatch-set); stroke: #5b93c4; stroke-width: 1; }
.level { stroke: #8a1c1c; stroke-width: 1.5; stroke-dasharray: 6 4; }
.estimate { stroke: #0072b2; stroke-width: 2; }
.theirs { fill: #fff; stroke: #d55e00; stroke-width: 2.5; }
.theirs-line { fill: none; stroke: #d55e00; stroke-width: 2; stroke-dasharray: 7 5; }
.ours { fill: #0072b2; stroke: #0072b2; stroke-width: 1.5; }
.ours-line { fill: none; stroke: #0072b2; stroke-width: 2.5; }
.ours-line.f-dash { stroke-dasharray: 9 4; } .ours-line.f-dot { stroke-dasharray: 2 4; }
.ours-bar { stroke: #0072b2; stroke-width: 2.5; fill: none; }
.limit { fill: #8c8c8c; fill-opacity: .55; stroke: none; }
.theirs-bar { stroke: #d55e00; stroke-width: 2; fill: none; stroke-dasharray: 4 3; }
.other { fill: #fff; stroke: #555; stroke-width: 2; }
.other-line { fill: none; stroke: #555; stroke-width: 2; stroke-dasharray: 2 4; }
.faint-line { fill: none; stroke: #9a9a9a; stroke-width: 1.3; opacity: .8; }
.faint-line.f2 { stroke-dasharray: 6 3; } .faint-line.f3 { stroke-dasharray: 2 3; }
.faint-line.f4 { stroke-dasharray: 8 3 2 3; } .faint-line.f5 { stroke-dasharray: 1 5; }
.emphasis { stroke-width: 4; }
.seg-1 { fill: #56b4e9; stroke: #222; stroke-width: .8; }
.seg-2 { fill: url(#fill-2); stroke: #222; stroke-width: .8; }
.seg-3 { fill: url(#fill-3); stroke: #222; stroke-width: .8; }
.seg-4 { fill: url(#fill-4); stroke: #222; stroke-width: .8; }
.refuted-mark { fill: #fff; stroke: #8a1c1c; stroke-width: 2.5; }
"""


# === Boards, drawn as the play page draws them ===
# A board is drawn in cell units (a cell is 1 × 1, row 0 at the top, column letters above
# and row numbers to the left), with the play page's classes and styles: thin grey cell
# lines, black cells filled, thick walls between rooms (regions), a frame; a balloon an
# open circle, an iron ball a filled one; a Nondango circle filled black, open white, grey
# and dashed while unpainted, ringed when given.

SYMBOL_STYLE = """
svg.board { width: 100%; height: auto; display: block; }
.cell { fill: #fff; stroke: #999; stroke-width: .02; }
.cell.black { fill: #222; stroke: #222; }
.wall { stroke: #222; stroke-width: .1; stroke-linecap: round; }
.frame { fill: none; stroke: #222; stroke-width: .12; }
.label { font-size: .42px; fill: #555; text-anchor: middle; dominant-baseline: central; }
.balloon, .white { fill: #fff; stroke: #222; stroke-width: .07; }
.iron, .nd-black { fill: #222; stroke: #222; stroke-width: .07; }
.unpainted { fill: #d9d9d9; stroke: #777; stroke-width: .05; stroke-dasharray: .1 .07; }
.given-ring { fill: none; stroke: #222; stroke-width: .03; }
"""


def _owner(board) -> dict:
    """Cell → its room (region) index; black cells have none."""
    return df.room_of(board) if isinstance(board, df.Board) else nd.region_of(board)


def _column(col: int) -> str:
    """A column's letters, as the play page labels it.   # _column(27) → 'AB'"""
    return cell_name((0, col))[:-1]


def board_svg(board, answer=None, label: str = "") -> str:
    """The board drawn as the play page draws it, with `answer` on it if given (a
    Dosun-Fuwari df.Answer, a Nondango set of black circles); without one, Nondango
    circles are unpainted.  `label` is read aloud (the caption says more).  Its width
    grows with the board's columns, up to the page's width."""
    owner = _owner(board)
    rows, cols = board.rows, board.cols
    parts = []
    for r in range(rows):
        for c in range(cols):
            black = " black" if (r, c) not in owner else ""
            parts.append(f'<rect class="cell{black}" x="{c}" y="{r}" width="1" height="1"/>')
    for r in range(rows):
        for c in range(cols):
            here = owner.get((r, c), -1)
            if c + 1 < cols and owner.get((r, c + 1), -1) != here:
                parts.append(f'<line class="wall" x1="{c + 1}" y1="{r}" x2="{c + 1}" '
                             f'y2="{r + 1}"/>')
            if r + 1 < rows and owner.get((r + 1, c), -1) != here:
                parts.append(f'<line class="wall" x1="{c}" y1="{r + 1}" x2="{c + 1}" '
                             f'y2="{r + 1}"/>')
    parts.append(f'<rect class="frame" x="0" y="0" width="{cols}" height="{rows}"/>')
    parts += [f'<text class="label" x="{c + .5}" y="-.35">{_column(c)}</text>' for c in range(cols)]
    parts += [f'<text class="label" x="-.4" y="{r + .5}">{r + 1}</text>' for r in range(rows)]
    parts += _pieces(board, answer)
    size = f"max-width: {2.4 * (cols + 1):.1f}rem"
    return (f'<svg class="board" viewBox="-0.85 -0.8 {cols + 0.95} {rows + 0.9}" role="img" '
            f'aria-label="{words(label)}" style="{size}" xmlns="http://www.w3.org/2000/svg">'
            + "".join(parts) + "</svg>")


def _circle(cell, r: float, cls: str) -> str:
    row, col = cell
    return f'<circle class="{cls}" cx="{col + .5}" cy="{row + .5}" r="{r}"/>'


def _pieces(board, answer) -> list[str]:
    """The marks on the cells: pieces of a Dosun-Fuwari answer; Nondango circles, painted
    by the answer or unpainted, and the givens' rings."""
    if isinstance(board, df.Board):
        if answer is None:
            return []
        return ([_circle(c, .3, "piece balloon") for c in sorted(answer.balloons)]
                + [_circle(c, .3, "piece iron") for c in sorted(answer.irons)])
    out = []
    for cell in sorted(board.circles):
        if cell in board.given_black or (answer is not None and cell in answer):
            out.append(_circle(cell, .3, "piece nd-black"))
        elif cell in board.given_white or answer is not None:
            out.append(_circle(cell, .3, "piece white"))
        else:
            out.append(_circle(cell, .3, "piece unpainted"))
        if cell in board.given_black or cell in board.given_white:
            out.append(_circle(cell, .4, "piece given-ring"))
    return out


def _board_swatch(inner: str) -> str:
    return swatch('<rect class="cell" width="1" height="1"/>' + inner, "swatch board-swatch")


_LEGENDS = {
    df.GENRE: (
        ('<circle class="balloon" cx=".5" cy=".5" r=".3"/>', "balloon (open circle)"),
        ('<circle class="iron" cx=".5" cy=".5" r=".3"/>', "iron ball (filled circle)"),
        ('<rect class="cell black" width="1" height="1"/>', "black cell: part of no room, "
                                                           "a cap for the runs above and below"),
        ('<line class="wall" x1=".5" y1="0" x2=".5" y2="1"/>', "thick line: a wall between "
                                                              "two rooms"),
    ),
    nd.GENRE: (
        ('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>', "black circle: one per region"),
        ('<circle class="white" cx=".5" cy=".5" r=".3"/>', "white circle"),
        ('<circle class="unpainted" cx=".5" cy=".5" r=".3"/>', "circle not painted (grey, "
                                                              "dashed): the board before "
                                                              "an answer"),
        ('<circle class="nd-black" cx=".5" cy=".5" r=".3"/><circle class="given-ring" '
         'cx=".5" cy=".5" r=".4"/>', "ringed circle: painted by the setter"),
        ('<line class="wall" x1=".5" y1="0" x2=".5" y2="1"/>', "thick line: a wall between "
                                                              "two regions"),
    ),
}


def board_legend(genre: str) -> str:
    """The legend of a board picture of `genre` (df.GENRE or nd.GENRE): a swatch and its
    words per symbol, and how cells are named, as on the play page."""
    lines = [f"<li>{_board_swatch(mark)} {words(text)}</li>" for mark, text in _LEGENDS[genre]]
    lines.append("<li>letters above and numbers beside the board name its columns and rows "
                 "(B3: column B, row 3)</li>")
    return '<ul class="legend">' + "".join(lines) + "</ul>"


# === Stacked counts ===

class Bar(NamedTuple):
    """One bar of a stacked chart: a short tag at its left ('write-up', 'ours'), the counts
    in words, and its segments (class 'seg-1' … 'seg-4', value on the chart's scale,
    the segment's words on hover)."""

    tag: str
    counts: str
    segments: tuple[tuple[str, float, str], ...]


def stacked_bars(groups: Sequence[tuple[str, Sequence[Bar]]], high: float, tick_words,
                 axis_label: str, top: float = 0.0) -> tuple[str, float]:
    """Groups of stacked horizontal bars on one scale from 0 to `high`: each group a title
    line, then its bars, a tag at the left of each and its counts in words after it (or
    under it when a bar may reach past 55% of the width); an axis with `tick_words` at the
    bottom.  Returns (the SVG group, its height in user units)."""
    left, right = 84, WIDTH - 24
    x = Scale(0, high, left, right)
    longest = max((sum(v for _, v, _ in bar.segments) for _, bars in groups for bar in bars),
                  default=0)
    below = x.at(longest) > left + 0.55 * (right - left)
    step = 36 if below else 22
    chart = Chart(x, Scale(0, 1, 0, 1), top)
    y = 0.0
    for title, bars in groups:
        y += FONT + 4
        chart.raw_text(4, y, title, "row-label")
        y += 6
        for bar in bars:
            chart.raw_text(4, y + 12, bar.tag, "note")
            start = 0.0
            for cls, value, hover in bar.segments:
                if value > 0:
                    a, b = x.at(start), x.at(start + value)
                    chart.parts.append(f'<rect class="{words(cls)}" x="{_n(a)}" y="{_n(y)}" '
                                       f'width="{_n(max(b - a, 1.5))}" height="16">'
                                       f"<title>{words(hover)}</title></rect>")
                start += value
            if below:
                chart.raw_text(4, y + 30, bar.counts, "note")
            else:
                chart.raw_text(x.at(start) + 6, y + 12, bar.counts, "note")
            y += step
        y += 4
    axis_y = y + 4
    chart.parts.append(f'<line class="axis" x1="{left}" y1="{_n(axis_y)}" x2="{right}" '
                       f'y2="{_n(axis_y)}"/>')
    for value in x.ticks(5):
        px = x.at(value)
        chart.parts.append(f'<line class="grid" x1="{_n(px)}" y1="0" x2="{_n(px)}" '
                           f'y2="{_n(axis_y)}"/>')
        chart.parts.append(f'<text class="tick" x="{_n(px)}" y="{_n(axis_y + 5 + FONT)}" '
                           f'text-anchor="middle">{words(tick_words(value))}</text>')
    chart.parts.append(f'<text class="axis-label" x="{_n((left + right) / 2)}" '
                       f'y="{_n(axis_y + 10 + 2 * FONT)}" text-anchor="middle">'
                       f"{words(axis_label)}</text>")
    # grid lines first, so the bars lie over them
    grid = [p for p in chart.parts if p.startswith('<line class="grid"')]
    chart.parts = grid + [p for p in chart.parts if not p.startswith('<line class="grid"')]
    return chart.svg(), axis_y + 14 + 2 * FONT
