"""verify.py's report as one self-contained HTML page: a section per claim in the write-ups'
order (its heading, the claim, the verdict and why), its figures as a picture (the
write-up's value and ours on one axis, ours with its 99% interval, the margin shaded), the
write-ups' own tables redrawn beside ours (checks/html_tables.py), the parameter fits'
p-value curves, and the boards of refuted claims drawn as the play page draws them
(checks/html_boards.py).

    page(rows, header, summary, quick)  → '<!DOCTYPE html>…' (about 0.4 MB for a full run)
    pictures_of(row)                    → ['figures', 'table', …]: the pictures a claim gets
    write_page(path, text)              (refuses to replace a file verify.py did not write)

A row is what verify.py's `report_rows` gives for one claim (the JSON report's claims):
id, kind, words, claim, documented, verdict, measured, detail, counterexample, corrected,
rows (the figure rows: label, ours, theirs, kind, p, difference, margin, verdict, note, …)
and, for the first claim a parameter fit judges, fit (checks/fits.py, `curves`).  The
page reads those fields only; a verdict word it has no style for is shown as it is.

Every picture is a <figure>: the SVG (read aloud as an image, described by its caption),
a caption that says what to look at, and its figures as a table under a fold.  Meaning is
never carried by colour alone: the write-up's marks are hollow diamonds and dashed lines,
ours filled circles and solid lines, bands and segments hatched, verdicts in words.  The
page has no script, no link to anything outside it, and every word put into it is escaped
for where it goes (draw.words).

Roads not taken: a chart library, or a script that draws from embedded data.  Either
would need the network or a second language in the project; the SVG is plain text that a
test can read.
"""

from __future__ import annotations

import itertools
import math
import os
from pathlib import Path
from typing import Sequence

from checks import draw, html_boards, html_tables
from checks.catalogue import SECTIONS
from checks.judging import difference_words
from checks.report import MEANINGS, because, figure_words, verdict_text
from checks.draw import words
from plumbing import files

__all__ = ["GENERATOR", "page", "strip_rows", "pictures_of", "figures_figure",
           "fit_figure", "claim_section", "check_out", "write_page"]

GENERATOR = "verify.py --html"   # the page's <meta name="generator">, then a digest of it
STRIP = 74                       # user units a figure row takes in the figures picture
WRITEUPS = {"DF": "Dosun-Fuwari", "ND": "Nondango", "X": "Beyond the write-ups"}


# === Figure rows as strips ===
# One strip per figure row: the row's label and verdict in words, then an axis of the
# figure's own units with the write-up's value (a hollow diamond), ours (a filled circle),
# the 99% interval of the difference placed at the write-up's value (a bar: where ours may
# lie, both samples' error included) and the margin around the write-up's value (a hatched
# band).  A bar inside the band: a difference as large as the margin would have been seen,
# and none was.  A bar past the band that still holds the diamond: not told apart, though
# a difference that large may hide.  A bar that misses the diamond: told apart.

def _value(figure) -> float | None:
    """A figure as one number: k of n as the share k/n, a number as it is; None for none
    or words."""
    if isinstance(figure, (list, tuple)) and len(figure) == 2:
        k, n = figure
        return k / n if n else None
    if isinstance(figure, (int, float)) and not isinstance(figure, bool):
        return float(figure)
    return None


def _unit(row: dict) -> str:
    """How a row's numbers read: 'share' (k of n, a rate, a share), 'log10' or 'number'."""
    if row.get("kind") in ("rate", "share") or isinstance(row.get("ours"), (list, tuple)) \
            or isinstance(row.get("theirs"), (list, tuple)):
        return "share"
    if row.get("kind") == "log10" or "log10" in row.get("label", ""):
        return "log10"
    return "number"


def _tick_words(unit: str):
    """The words of a tick on an axis of `unit`."""
    if unit == "share":
        return lambda v: f"{v * 100:.4g}%".replace("-", "−")
    if unit == "log10":
        return lambda v: f"10^{v:g}".replace("-", "−")
    return lambda v: f"{v:,.6g}".replace("-", "−")


def strip_rows(row: dict) -> list[dict]:
    """The figure rows a claim's figures picture draws: those with the write-up's figure,
    and beside them those of ours alone that carry a verdict and a share (a count of
    boards); a row whose figures are words, or a count alone with no verdict, stays in the
    table, and a claim with no figure of the write-up's has no figures picture."""
    theirs_too, ours_alone = [], []
    for figure in row.get("rows") or []:
        ours, theirs = _value(figure.get("ours")), _value(figure.get("theirs"))
        if theirs is not None and (ours is not None or figure.get("difference")):
            theirs_too.append(figure)
        elif ours is not None and figure.get("verdict") and _unit(figure) == "share":
            ours_alone.append(figure)
    if not theirs_too:
        return []
    return [f for f in row.get("rows") or [] if f in theirs_too or f in ours_alone]


CHARACTER = 7.6   # user units a character of a row's label takes, about (14-unit text)


def _strip_height(figure: dict) -> float:
    """A strip's height: STRIP, and a line more when its label and verdict do not fit on
    one line."""
    said = len(figure.get("label", "")) + len(figure.get("verdict") or "not judged") + 3
    return STRIP + (16 if said * CHARACTER > draw.WIDTH else 0)


def _within_a_share(ends: list | None) -> list | None:
    """Interval ends cut to 0% and 100% (an open end, None, stays open)."""
    if ends is None:
        return None
    return [None if end is None else min(max(end, 0.0), 1.0) for end in ends]


def _strip(figure: dict, top: float) -> str:
    """One figure row as a strip, `top` user units down the picture (the verdict on the
    label's line, or on a line of its own under a long label).  A share's bars and bands
    stop at 0% and 100%, as a share does; its axis a little past them."""
    unit = _unit(figure)
    ours, theirs = _value(figure.get("ours")), _value(figure.get("theirs"))
    difference, margin = figure.get("difference"), figure.get("margin")
    bar = band = limit = spread = None
    if theirs is not None and difference:
        bar = [None if end is None else theirs + end for end in difference]
    if theirs is not None and margin:
        band = [theirs + end for end in margin]
    if theirs is not None and figure.get("limit"):
        limit = [None if end is None else theirs + end for end in figure["limit"]]
    if theirs is not None and figure.get("spread"):
        spread = [None if end is None else theirs + end for end in figure["spread"]]
    if unit == "share":   # placed at the write-up's figure, a bar stops where a share does
        bar, band = _within_a_share(bar), _within_a_share(band)
        limit, spread = _within_a_share(limit), _within_a_share(spread)
    reach = [v for v in [ours, theirs, *(bar or []), *(band or []), *(limit or []),
                         *(spread or [])] if v is not None]
    low, high = min(reach), max(reach)
    if high - low < 1e-9:
        pad = 0.05 if unit == "share" else max(abs(high) * 0.1, 1.0)
        low, high = low - pad, high + pad
    if unit == "share":
        low, high = max(low, 0.0), min(high, 1.0)
    pad = (high - low) * 0.08
    x = draw.Scale(low - pad, high + pad, 18, draw.WIDTH - 18)
    extra = _strip_height(figure) - STRIP
    chart = draw.Chart(x, draw.Scale(0, 1, 50 + extra, 20 + extra), top)
    chart.raw_text(4, 16, figure.get("label", ""), "row-label")
    verdict = figure.get("verdict") or "not judged"
    why = f"<title>{words(figure['reason'])}</title>" if figure.get("reason") else ""
    chart.parts.append(f'<text class="row-verdict" data-verdict="{words(verdict)}" '
                       f'x="{draw.WIDTH - 4}" y="{16 + extra}" text-anchor="end">'
                       f"{words(verdict)}{why}</text>")
    if band:
        chart.rect(x.clamp(band[0]), x.clamp(band[1]), 0.25, 0.75, "band",
                   "margin: a difference as large as the write-up's point")
    if limit:   # the interval with our own error set to zero: what the write-up allows
        ends = [x.low if limit[0] is None else x.clamp(limit[0]),
                x.high if limit[1] is None else x.clamp(limit[1])]
        chart.rect(*ends, 0.03, 0.2, "limit", "the interval were our sample exact: what the "
                                              "write-up's own figure allows")
    if spread:   # the same over the parameter's set: what the unstated parameter allows
        ends = [x.low if spread[0] is None else x.clamp(spread[0]),
                x.high if spread[1] is None else x.clamp(spread[1])]
        chart.rect(*ends, 0.8, 0.97, "limit", "the interval were our sample exact, over the "
                                              "parameter's confidence set")
    if bar:
        chart.whisker(0.5, *[None if end is None or x.clamp(end) != end else end
                             for end in bar], "ours-bar")
    if theirs is not None:
        chart.point(theirs, 0.5, "diamond", "theirs", "the write-up: "
                    + figure_words(figure.get("theirs"), figure.get("ours"), figure["label"]))
    if ours is not None:
        chart.point(ours, 0.5, "circle", "ours", "ours: "
                    + figure_words(figure.get("ours"), figure.get("theirs"), figure["label"]),
                    size=4.5)
    chart.x_axis(_tick_words(unit), ticks=x.ticks(4))
    return chart.svg()


def _cells(figure: dict) -> list[str]:
    """A figure row in words: label, the write-up's, ours, the 99% interval, the verdict,
    and every note the row carries."""
    notes = [str(value) for key, value in sorted(figure.items(), key=lambda kv: kv[0] != "reason")
             if isinstance(value, str) and value and key not in
             ("label", "kind", "verdict", "theirs", "ours", "at")]
    return [figure.get("label", ""),
            figure_words(figure.get("theirs"), figure.get("ours"), figure.get("label", "")),
            figure_words(figure.get("ours"), figure.get("theirs"), figure.get("label", "")),
            difference_words(figure) if figure.get("difference") else "—",
            figure.get("verdict") or "not judged", "; ".join(notes)]


def _verdict_counts(figures: list[dict]) -> str:
    """'2 differs, 5 inconclusive and 7 reproduced': the rows by verdict, in words."""
    counts: dict[str, int] = {}
    for f in figures:
        counts[f.get("verdict") or "not judged"] = counts.get(f.get("verdict") or "not judged",
                                                                0) + 1
    parts = [f"{n} {v}" for v, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def figures_figure(row: dict) -> str:
    """The claim's figure rows as strips, one above another, in one picture."""
    drawn = strip_rows(row)
    tops = list(itertools.accumulate([4] + [_strip_height(f) for f in drawn]))
    svg = draw.picture(draw.WIDTH, tops[-1], [_strip(f, top) for f, top in zip(drawn, tops)],
                       f"{row['id']}-figures-caption",
                       f"{row['id']}: the write-up's figures beside ours")
    fixed = sum(1 for f in drawn if not f.get("difference"))
    caption = (f"{row['id']}, figure by figure: the write-up's value (hollow diamond), ours "
               f"(filled circle), the 99% interval of the difference placed at the write-up's "
               f"value (bar) and the margin (hatched band).  Look at each bar: inside its band, "
               f"agreement the test could see; past the band, a difference as large as the "
               f"margin may hide; missing the diamond, told apart.  Here: "
               f"{_verdict_counts(drawn)}.")
    if any(f.get("limit") for f in drawn):
        caption += ("  A grey bar under the blue one: the interval were our own sample exact; "
                    "past the band and holding the diamond, the write-up's own figure is what "
                    "limits the test.")
    if any(f.get("spread") for f in drawn):
        caption += ("  A grey bar over it: the same across the confidence set of the parameter "
                    "the write-up leaves out; past the band and holding the diamond, the "
                    "parameter is the limit.")
    if fixed:
        caption += (f"  {fixed} row{'s' if fixed > 1 else ''} without a bar: fixed by the "
                    "procedure, counted exactly, or ours alone, with no test.")
    headers = ["figure", "write-up", "ours", "99% interval, ours − write-up", "verdict", "notes"]
    alternative = html_tables.table(headers, [_cells(f) for f in row.get("rows") or []])
    return html_tables.figure(f"{row['id']}-figures", svg, caption, alternative, "figures")


# === The fits ===

P_FLOOR = 1e-12   # p-values below this are drawn at it (the table gives them all)


def _p_words(p: float) -> str:
    """A tick of the p-value axis.   # _p_words(1e-06) → '10^−6'"""
    return "1" if p == 1 else f"10^−{-round(math.log10(p))}"


def _faint(j: int) -> str:
    """The class of figure j's faint curve (five dash patterns, in turn)."""
    return f"faint-line f{j % 5 + 1}"


def fit_figure(row: dict) -> str:
    """A parameter fit (row['fit']: checks/fits.py `curves`): the joint p-value against the
    parameter's grid on a log scale, the 99% confidence set shaded, the estimate marked,
    the level of the set drawn, and each figure's own p-value curve faint beside it."""
    fit = row["fit"]
    labels, joint = fit["labels"], fit["joint_p"]
    n = len(labels)
    x = draw.Scale(-0.5, n - 0.5, 64, draw.WIDTH - 14)
    y = draw.Scale(P_FLOOR, 1.0, 268, 32, log=True)
    chart = draw.Chart(x, y)
    inside = fit["confidence_set"]
    if inside:
        chart.rect(min(inside) - 0.45, max(inside) + 0.45, P_FLOOR, 1.0, "set",
                   "the 99% confidence set")
    every = max(1, -(-n // 7))
    chart.y_axis(_p_words, "p-value (log scale)", ticks=[10.0 ** -k for k in range(0, 13, 2)])
    chart.x_axis(lambda v: labels[int(v)], fit["parameter"] + (
        " (regions at 8×8 / 12×12)" if "/" in labels[0] else ""), ticks=list(range(0, n, every)))
    for j, curve in enumerate(fit["figures"]):
        chart.line([(i, max(p, P_FLOOR)) for i, p in enumerate(curve["p"])],
                   _faint(j))
    chart.rule(-0.5, fit["level"], n - 0.5, fit["level"], "level")
    chart.text(-0.5, fit["level"], f"{fit['level']:.0%}", "note-strong", "start", dx=4, dy=16)
    fine = fit.get("fine", list(range(n)))   # the line joins the fine pass's values only
    chart.line([(i, max(joint[i], P_FLOOR)) for i in fine], "ours-line")
    for i, p in enumerate(joint):
        if i in fine:
            chart.point(i, max(p, P_FLOOR), "circle", "ours", f"{labels[i]}: joint p {p:.3g}",
                        size=3.5)
        else:
            chart.point(i, max(p, P_FLOOR), "triangle", "ours", f"{labels[i]}: joint p {p:.3g} "
                        "on the coarse pass (the write-up's own n), dropped there", size=4.0)
    best = fit["estimate"]
    chart.rule(best, P_FLOOR, best, 1.0, "estimate")
    chart.text(best, P_FLOOR, f"estimate {labels[best]}", "note-strong",
               "start" if best < n / 2 else "end", dx=6 if best < n / 2 else -6, dy=-8)
    svg = draw.picture(draw.WIDTH, 318, [chart.svg()], f"{row['id']}-fit-caption",
                       f"the fit of the {fit['parameter']}")
    legend = draw.legend(
        [(draw.line_mark("ours-line") + draw.MARKS["ours"], "joint p-value (the fine pass)"),
         (draw.MARKS["triangle"], "joint p-value on the coarse pass alone (the write-up's own "
                                  "n), where the value was dropped")]
        + [(draw.MARKS["set"], "the 99% confidence set"),
           (draw.line_mark("level"), f"{fit['level']:.0%}: a value is in the set above it"),
           (draw.line_mark("estimate"), "the estimate")]
        + [(draw.line_mark(_faint(j)), f"F{j + 1} ({curve['claim']}): {curve['words']}")
           for j, curve in enumerate(fit["figures"])])
    set_words = ("empty" if not inside else labels[inside[0]] if len(inside) == 1
                 else f"{labels[min(inside)]} to {labels[max(inside)]}")
    caption = (f"The fit of the {fit['parameter']}, which the write-up does not give: at each "
               f"value tried, the joint p-value of its {len(fit['figures'])} figures (blue "
               f"circles, solid line, on the fine pass's boards; triangles where the coarse "
               f"pass dropped the value; Holm over the figures) and each figure's own p-value "
               f"(faint lines, F1 … F{len(fit['figures'])}).  Look at where the blue line "
               f"rises above the dashed {fit['level']:.0%} line: those values form the 99% "
               f"confidence set (hatched, {set_words}); the estimate ({labels[best]}) is "
               f"the highest point.  Values below 10^−12 are drawn at it.")
    headers = ["value", "joint p", *[f"F{j + 1}" for j in range(len(fit["figures"]))],
               "in the set"]
    body = [[labels[i], f"{joint[i]:.3g}", *[f"{c['p'][i]:.3g}" for c in fit["figures"]],
             "estimate" if i == best else "yes" if i in inside else ""] for i in range(n)]
    return html_tables.figure(f"{row['id']}-fit", svg, caption,
                              html_tables.table(headers, body), "fit", legend)


# === A claim's pictures ===

def pictures_of(row: dict) -> list[str]:
    """The kinds of picture a claim's section draws, in their order: 'table' (the
    write-up's own table redrawn beside ours: html_tables.TABLES), 'figures' (its
    figure rows), 'fit' (a parameter fit), 'board' (a counterexample board)."""
    kinds = []
    if row["id"] in html_tables.TABLES:
        kinds.append("table")
    if strip_rows(row):
        kinds.append("figures")
    if row.get("fit"):
        kinds.append("fit")
    if html_boards.parsed(row.get("counterexample")) is not None:
        kinds.append("board")
    return kinds


def _pictures(row: dict) -> str:
    out = []
    for kind in pictures_of(row):
        if kind == "table":
            out += html_tables.TABLES[row["id"]](row)
        elif kind == "figures":
            out.append(figures_figure(row))
        elif kind == "fit":
            out.append(fit_figure(row))
        else:
            out.append(html_boards.board_figure(row))
    return "".join(out)


_FIT_OF = {"DF-08": "DF-05", "DF-10": "DF-05", "DF-15": "DF-05", "DF-16": "DF-05",
           "DF-19": "DF-05", "ND-13": "ND-03", "ND-14": "ND-03", "ND-16": "ND-03"}


def claim_section(row: dict, quick: bool, present: set[str]) -> str:
    """One claim's section: heading, the claim, the verdict and why, the write-up's figure
    and ours in words, its pictures, the corrected statement, failed cross-checks, and
    how it was measured under a fold."""
    verdict = row.get("verdict") or "no check"
    head = (f'<h4><span class="id">{words(row["id"])}</span> {words(row["words"])}</h4>')
    badge = f'<span class="badge" data-verdict="{words(verdict)}">{words(verdict)}</span>'
    shown = verdict_text(row, quick)
    extra = shown[len(verdict):] if shown.startswith(verdict) else ""
    parts = [head, f'<p class="claim">{words(row["claim"])}</p>',
             f'<p class="verdict">{badge}{words(extra)}: {words(because(row, quick))}</p>',
             f'<dl class="pair"><dt>write-up</dt><dd>{words(row.get("documented") or "—")}</dd>'
             f'<dt>ours</dt><dd>{words(row.get("measured") or "—")}</dd></dl>']
    parts.append(_pictures(row))
    fit_at = _FIT_OF.get(row["id"])
    if fit_at and fit_at in present and not row.get("fit"):
        parts.append(f'<p class="small">The parameter fit behind these figures is drawn '
                     f'under <a href="#{fit_at}-fit">{fit_at}</a>.</p>')
    if row.get("corrected"):
        parts.append(f'<p class="corrected"><strong>Corrected statement</strong> '
                     f'({words(row.get("corrected_verdict") or "not checked")}): '
                     f'{words(row["corrected"])}</p>')
    for failure in row.get("crosscheck_failures") or []:
        parts.append(f'<p class="failed"><strong>Cross-check failed:</strong> '
                     f'{words(failure)}</p>')
    if row.get("detail"):
        parts.append(f"<details><summary>How it was measured</summary>"
                     f'<pre class="detail">{words(row["detail"])}</pre></details>')
    return (f'<article id="{words(row["id"])}" data-claim="{words(row["id"])}" '
            f'data-verdict="{words(verdict)}" data-pictures="{" ".join(pictures_of(row))}">'
            + "".join(parts) + "</article>")


# === The page ===

STYLE = """
:root { color-scheme: light; }
body { font: 17px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1d;
       background: #fff; margin: 0 auto; max-width: 62rem; padding: .6rem .9rem 3rem; }
h1 { font-size: 1.55rem; line-height: 1.25; margin: .8rem 0 .4rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 .3rem; border-bottom: 2px solid #333; }
h3 { font-size: 1.1rem; margin: 1.6rem 0 .2rem; color: #333; }
h4 { font-size: 1.1rem; margin: 0 0 .3rem; }
.id { font-variant-numeric: tabular-nums; background: #eee; border-radius: .2rem;
      padding: 0 .3rem; margin-right: .2rem; }
article { border-top: 1px solid #ccc; padding: .9rem 0 .6rem; }
.claim { margin: .2rem 0; }
.verdict { margin: .3rem 0; }
.badge { display: inline-block; white-space: nowrap; font-weight: 700;
         border: 2px solid #555; border-radius: .3rem;
         padding: 0 .4rem; margin-right: .15rem; background: #f2f2f2; }
[data-verdict="holds"].badge, [data-verdict="reproduced"].badge,
[data-verdict="consistent"].badge { border-color: #1b7a4b; background: #e3f3ea; }
[data-verdict="refuted"].badge, [data-verdict="differs"].badge
{ border-color: #a3222e; background: #fbe5e7; }
[data-verdict="inconclusive"].badge, [data-verdict="open"].badge,
[data-verdict="indicative"].badge { border-color: #8a6d00; background: #fff4cc; }
[data-verdict="underspecified"].badge { border-color: #555; background: #eee;
                                        border-style: dashed; }
svg.chart text[data-verdict="refuted"], svg.chart text[data-verdict="differs"] { fill: #a3222e; }
svg.chart text[data-verdict="holds"], svg.chart text[data-verdict="reproduced"],
svg.chart text[data-verdict="consistent"] { fill: #1b6b43; }
dl.pair { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .7rem;
          margin: .3rem 0; font-size: .95rem; }
dl.pair dt { font-weight: 600; color: #555; }
dl.pair dd { margin: 0; }
figure.picture { margin: .9rem 0; max-width: 38rem; }
figcaption { font-size: .93rem; color: #333; margin: .3rem 0; }
details { margin: .3rem 0; }
summary { cursor: pointer; color: #0b5394; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: .88rem; margin: .3rem 0; }
th, td { border: 1px solid #ccc; padding: .15rem .4rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td { font-variant-numeric: tabular-nums; }
pre { font-size: .8rem; line-height: 1.35; overflow-x: auto; max-width: 100%;
      background: #f7f7f7; padding: .5rem; }
.legend { list-style: none; padding: 0; margin: .3rem 0; font-size: .9rem; }
.legend li { display: flex; align-items: center; gap: .5rem; margin: .15rem 0; }
.verdicts li { display: grid; grid-template-columns: 9.5rem 1fr; align-items: start; }
.verdicts .badge { justify-self: start; }
svg.swatch { width: 1.5rem; height: 1.5rem; flex: none; overflow: visible; }
.boards { display: flex; flex-wrap: wrap; gap: .6rem 1.2rem; align-items: flex-start; }
.panel { flex: 0 1 9rem; min-width: 6.5rem; }
.panel p { margin: .1rem 0; font-size: .9rem; text-align: center; }
.panel.empty { align-self: center; font-style: italic; }
.small, .corrected, .failed { font-size: .93rem; }
.failed { color: #a3222e; }
nav ol { columns: 2 18rem; padding-left: 1.2rem; font-size: .93rem; }
nav li { break-inside: avoid; }
.summary { font-weight: 600; }
.key { max-width: 42rem; }
a { color: #0b5394; }
@media (max-width: 40rem) { body { font-size: 16px; padding: .4rem .6rem 2rem; }
  h1 { font-size: 1.3rem; } nav ol { columns: 1; } }
@media print { details { display: none; } a { color: inherit; } }
"""


def _key(rows: list[dict]) -> str:
    """How to read a figures picture: each mark with its swatch and words (the grey bar
    only where some row carries a limit)."""
    marks = (
        (draw.MARKS["theirs"], "hollow diamond: the write-up's figure"),
        (draw.MARKS["ours"], "filled circle: ours"),
        (draw.MARKS["bar"], "bar: the 99% interval of ours − the write-up's, placed at the "
                            "write-up's figure (where ours may lie, both samples' error "
                            "included; an arrow: it runs on past the scale, or has no end)"),
        (draw.MARKS["band"], "hatched band: the margin, a difference as large as the "
                             "write-up's point"),
    )
    if any(f.get("limit") for row in rows for f in row.get("rows") or []):
        marks += ((draw.MARKS["limit"], "grey bar under it: the same interval were our own "
                                        "sample exact, what the write-up's figure alone "
                                        "allows; past the band and holding the diamond, no "
                                        "sample of ours could decide it"),)
    if any(f.get("spread") for row in rows for f in row.get("rows") or []):
        marks += ((draw.MARKS["limit"], "grey bar over it: the same across the confidence set "
                                        "of a parameter the write-up leaves out; past the band "
                                        "and holding the diamond, the parameter is the "
                                        "limit"),)
    return (f'<section class="key"><h2>How to read the pictures</h2>{draw.legend(marks)}'
            "<p>A bar inside its band: a difference as large as the margin would have "
            "been seen, and none was.  A bar reaching past its band but holding the diamond: "
            "not told apart, though a difference as large as the margin may hide.  A bar "
            "missing the diamond: told apart.  Every picture has its figures as a table "
            "under “The figures as a table”.</p></section>")


def _legend(rows: list[dict]) -> str:
    """The verdict words the page uses, each with its meaning where the text report has
    one (a new word is listed as it is)."""
    used = []
    for row in rows:
        for word in [row.get("verdict") or "no check"] + [f.get("verdict") or "not judged"
                                                         for f in row.get("rows") or []]:
            if word not in used:
                used.append(word)
    items = "".join(f'<li><span class="badge" data-verdict="{words(w)}">{words(w)}</span> '
                    f"{words(MEANINGS.get(w, ''))}</li>" for w in used)
    return f'<ul class="legend verdicts">{items}</ul>'


def _contents(rows: list[dict]) -> str:
    items = "".join(f'<li><a href="#{words(r["id"])}">{words(r["id"])}</a> '
                    f'<span class="badge" data-verdict="{words(r.get("verdict") or "no check")}">'
                    f'{words(r.get("verdict") or "no check")}</span> {words(r["words"])}</li>'
                    for r in rows)
    return f'<nav aria-label="claims"><h2>The claims</h2><ol>{items}</ol></nav>'


def _body(rows: list[dict], quick: bool) -> str:
    """The claims, grouped by write-up and by the write-up's sections, in their order."""
    by_id = {row["id"]: row for row in rows}
    present = {row["id"] for row in rows if row.get("fit")}
    out = []
    for prefix, sections in SECTIONS.items():
        chosen = [s for s in sections if any(c in by_id for c in s.claims)]
        if not chosen:
            continue
        out.append(f'<section class="writeup" id="{prefix.lower()}"><h2>'
                   f"{words(WRITEUPS[prefix])}</h2>")
        for section in chosen:
            heading = section.heading if section.number == "—" else \
                f"{section.number} {section.heading}"
            out.append(f"<h3>{words(heading)}</h3>")
            out += [claim_section(by_id[c], quick, present) for c in section.claims
                    if c in by_id]
        out.append("</section>")
    return "".join(out)


def page(rows: list[dict], header: Sequence[str], summary: str, quick: bool) -> str:
    """The whole page for verify.py's report rows: its `header` lines and `summary` line
    (as the text report prints them), a key to the pictures, the verdicts it uses, the
    claims in order with links, and a section per claim.  Self-contained: no script and
    nothing fetched."""
    title = "Dosun-Fuwari and Nondango: the write-ups' claims checked"
    lead = "".join(f"<p>{words(line)}</p>" for line in header)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="{GENERATOR} ">\n'
        f"<title>{words(title)}{' (quick run)' if quick else ''}</title>\n"
        f"<style>{STYLE}{draw.STYLE}{draw.SYMBOL_STYLE}</style>\n</head>\n<body>\n"
        f"{draw.DEFS}\n<header><h1>{words(title)}</h1>{lead}"
        f'<p class="summary">{words(summary)}</p>{_legend(rows)}</header>\n'
        f"{_key(rows)}\n{_contents(rows)}\n<main>{_body(rows, quick)}</main>\n"
        f'<footer><p class="summary">{words(summary)}</p></footer>\n</body>\n</html>\n')


# === Writing the page ===

def check_out(path: str | os.PathLike) -> None:
    """Whether the page may be written to `path`, asked before the checks run: refuses
    (FileExistsError, OSError) a folder, a missing folder, anything but a regular file,
    and a file that verify.py did not write or that was edited since
    (plumbing.files.check_page)."""
    files.check_page(Path(path), GENERATOR)


def write_page(path: str | os.PathLike, text: str) -> None:
    """Write the page to `path`, sealed with its digest, so that a later run replaces it
    and nothing else (plumbing.files.write_page)."""
    files.write_page(Path(path), text, GENERATOR)
