"""The text of verify.py's report: a table of every claim, a legend of the verdicts, one
short block per claim, and a summary line; with `detail`, each block also gives how the
claim was measured, its tests and p-values, its parameter fits and its boards.

Every line fits WIDTH columns.  Nothing is cut: prose wraps between words (a word longer
than a whole line, such as a link, is split across lines, never shortened), a figure's
label never wraps (one too long for its column takes a line of its own, its figures
under it), and a board found in a check's text is drawn as a picture, its sections side
by side, with its legend under it.  Figures are printed in words: a count of boards as
`0 of 36`, a share as `55.1%`, a log10 as `10^13.6`, a missing figure as `—`.  This
module lays text out and returns it; verify.py prints it.

    wrap("a b c", 3)            → ['a b', 'c']
    table(["ID", "verdict"], [["DF-01", "holds"]], [5, 10])
                                → ['ID     verdict', '-----  ----------', 'DF-01  holds']
    figure_words([0, 36], [0, 36], "unique")         → '0 of 36'
    figure_words(13.62, 13.0, "log10 placements")   → '10^13.62'
    pictures("see:\\nnondango\\nregions:\\n0\\ncircles:\\no")
                                → ['see:', '', '  regions   circles', '  0         o',
                                   '  legend: regions: one label per region; …', …]

Glossary
    row      one claim of the report as verify.py gives it: a dict with the keys id, kind,
             words (a few, for the table), claim (one sentence), documented (the write-up's
             figure), verdict, sample_verdict (quick runs), measured, detail,
             counterexample, corrected, corrected_verdict, crosscheck_failures, rows
             (the check's own figure-by-figure table) and seconds
    figure   one of a row's `rows`: {label, theirs, ours, verdict}, where theirs and ours
             are [successes, n], a number, or None (no figure)
    block    the lines below the table that belong to one claim, under a label column
    section  of a write-up: one heading and the text under it (checks/catalogue.py);
             of a board file: one of its pictures, rooms, regions, circles or answer

Roads not taken: every figure in the table.  A claim has up to fourteen; the table gives
the one that decides its verdict, the block gives them all (or, past MAX_FIGURES, the
ones that decide, and says how many more `--detail` shows).
"""

from __future__ import annotations

import textwrap
from typing import Iterable, Sequence

import dosun_fuwari as df
import nondango as nd
from checks.catalogue import CLAIM_BY_ID, INDICATIVE, SECTIONS, section_of
from checks.judging import ROW_VERDICTS, difference_words
from common import BoardError

__all__ = ["WIDTH", "MAX_FIGURES", "MEANINGS", "wrap", "table", "figure_words", "pictures",
           "board_picture", "figures_verdict", "verdict_text", "because", "block", "legend",
           "text"]

WIDTH = 100          # columns of every line of the report
LABELS = 16          # the label column of a detailed block: two spaces, "counterexample"
SHORT_LABELS = 11    # the label column of a default block: two spaces, "write-up", a space
INSET = "  "         # a board picture sits this far into the text column
GAP = "  "           # between table columns
MAX_FIGURES = 6      # figures a default block shows; --detail shows them all
DIFFERENCE = "99% interval"   # the column of a figure's difference, ours − the write-up's

# What each verdict means: the legend under the table (a claim's verdict, then the words a
# single figure may carry).
MEANINGS = {
    "holds": "a statement true on every case tried",
    "refuted": "a statement with a counterexample, or a figure the procedure cannot give",
    "reproduced": "a figure not told apart (1%, Holm over a claim), inside its margin",
    "consistent": "not told apart, and the write-up's own n, rounding or parameter is the limit",
    "differs": "a figure the test tells from the write-up's",
    "open": "not told apart, and more boards of ours would decide it (the block says how many)",
    "underspecified": "the write-up leaves out what a rerun needs: nothing of it is judged",
    INDICATIVE: "quick run only: the smaller quick sample cannot settle it",
    "not judged": "a figure shown beside the others, with no test",
}
_FIGURE_VERDICTS = ROW_VERDICTS   # worst first


# === Wrapping ===

def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Each line of `text` wrapped to `width` columns between words; continuation lines
    (and every line after the first) start with `indent`, which counts in the width.
    A word longer than a line is split, never cut.  # wrap("a b c", 3) → ['a b', 'c']"""
    out: list[str] = []
    for number, line in enumerate(text.splitlines() or [""]):
        first = "" if number == 0 else indent
        out += textwrap.wrap(line, width, initial_indent=first, subsequent_indent=indent,
                             break_on_hyphens=False, break_long_words=True) or [""]
    return out


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int],
          total: int = WIDTH) -> list[str]:
    """A plain table: a header, a rule, and each row with every cell wrapped to its column's
    width (a row takes as many lines as its tallest cell).  The last column may be given a
    width of 0: it takes what is left of `total`."""
    widths = list(widths)
    if widths[-1] == 0:
        widths[-1] = total - sum(widths[:-1]) - len(GAP) * (len(widths) - 1)
    lines = [GAP.join(h.ljust(w) for h, w in zip(headers, widths)).rstrip(),
             GAP.join("-" * w for w in widths)]
    for row in rows:
        cells = [wrap(str(value), w) for value, w in zip(row, widths)]
        for k in range(max(len(c) for c in cells)):
            lines.append(GAP.join((c[k] if k < len(c) else "").ljust(w)
                                  for c, w in zip(cells, widths)).rstrip())
    return lines


# === Figures in words ===

def _decimals(x: float) -> int:
    """The decimals `x` is printed with (repr), at most 3."""
    text = repr(float(x))
    return 0 if "e" in text else min(3, len(text.split(".")[1].rstrip("0")))


def _number(x: float, other=None) -> str:
    """A count with thousands separators; a mean with its own decimals, and a whole mean
    beside one that is not (`other`) with one: 43.0 beside 43.3 is '43.0', 3.0 beside 3 '3'."""
    decimals = _decimals(x) if isinstance(x, float) else 0
    if isinstance(x, float) and x.is_integer() and isinstance(other, float) \
            and not other.is_integer():
        decimals = 1
    return f"{x:,.{decimals}f}"


def _is_share(x) -> bool:
    return isinstance(x, float) and -1 <= x <= 1


def figure_words(value, other, label: str) -> str:
    """One figure of a row in words: None → '—'; [k, n] → 'k of n' (with its percentage
    when the other side is a share); a share (a float from −1 to 1) → a percentage; a
    log10 (the label says 'log10') → '10^x'; a number with thousands separators.
    `other` is the figure beside it (the write-up's for ours and the other way round).
    # figure_words([235, 416], 0.551, "unique") → '235 of 416 (56.5%)'"""
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        k, n = value
        words = f"{_number(k)} of {_number(n)}"
        if _is_share(other) and n:
            words += f" ({k / n:.1%})"
        return words
    if "log10" in label:
        return f"10^{value:.{max(_decimals(value), 1)}f}"
    if _is_share(value) and not (isinstance(other, (int, float)) and abs(other) > 1):
        return f"{value * 100:.{max(0, min(1, _decimals(value) - 2))}f}%".replace("-", "−")
    return _number(value, other)


# === Boards as pictures ===

_MODULES = {df.GENRE: df, nd.GENRE: nd}


def board_picture(board_text: str, width: int = WIDTH - LABELS) -> list[str] | None:
    """The board file `board_text` drawn under its puzzle and size, its sections side by
    side under their names (one under another if they would pass `width`), its
    `key: value` lines below, and its legend; None if it is not a board file."""
    module = _MODULES.get(board_text.strip().splitlines()[0].strip() if board_text.strip() else "")
    if module is None:
        return None
    try:
        board = module.parse(board_text)
    except BoardError:
        return None
    sections: list[tuple[str, list[str]]] = []
    notes: list[str] = []
    for line in board_text.strip().splitlines()[1:]:
        line = line.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if line.endswith(":") and " " not in line:
            sections.append((line[:-1], []))
        elif sections:
            sections[-1][1].append(line)
        else:
            notes.append(line)
    title = f"{module.GENRE}, {_count(board.rows, 'row')} × {_count(board.cols, 'column')}"
    widths = [max(len(name), *(len(r) for r in rows)) for name, rows in sections]
    if sum(widths) + 3 * (len(widths) - 1) <= width - len(INSET):
        height = max(len(rows) for _, rows in sections)
        lines = ["   ".join(name.ljust(w) for (name, _), w in zip(sections, widths)).rstrip()]
        for k in range(height):
            lines.append("   ".join((rows[k] if k < len(rows) else "").ljust(w)
                                    for (_, rows), w in zip(sections, widths)).rstrip())
    else:                                   # too wide side by side: one under another
        lines = [part for name, rows in sections for part in (name, *rows)]
    legend = wrap(f"legend: {module.LEGEND}", width - len(INSET), "  ")
    return [INSET + line for line in [title] + lines + notes + legend]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _board_end(lines: list[str], start: int, width: int) -> int:
    """The end (exclusive) of the longest run of lines from `start` that parses as a board
    file, or `start` if none does."""
    end = len(lines)
    while end > start + 1:
        if board_picture("\n".join(lines[start:end]), width) is not None:
            return end
        end -= 1
    return start


def pictures(text: str, width: int = WIDTH - LABELS) -> list[str]:
    """The lines of `text` with every board file in it drawn as a picture, set off by
    blank lines; other lines are kept as they are (the caller wraps them)."""
    lines, out, k = text.splitlines(), [], 0
    while k < len(lines):
        end = _board_end(lines, k, width) if lines[k].strip() in _MODULES else k
        if end > k:
            out += ([""] if out and out[-1] else []) + board_picture(
                "\n".join(lines[k:end]), width) + [""]
            k = end
        else:
            out.append(lines[k])
            k += 1
    while out and not out[-1]:
        out.pop()
    return out


# === Verdicts ===

def figures_verdict(row: dict, quick: bool = False) -> str | None:
    """The verdict of the figures a theorem's check measures beside it (its rows judged
    against the write-up's), apart from the theorem's own: the worst of refuted, differs,
    inconclusive, reproduced among them; INDICATIVE in a quick run where the catalogue
    marks them sampled.  None for a claim that is not a theorem or has no judged figure
    (rows that only count the theorem's cases read 'holds' and are not figures)."""
    if row["kind"] != "theorem":
        return None
    judged = [r["verdict"] for r in row.get("rows") or [] if r["verdict"] in _FIGURE_VERDICTS]
    if not judged:
        return None
    claim = CLAIM_BY_ID.get(row["id"])
    if quick and claim is not None and claim.figures_sampled:
        return INDICATIVE
    return next(v for v in _FIGURE_VERDICTS if v in judged)


def verdict_text(row: dict, quick: bool = False) -> str:
    """The verdict as the report's head line gives it: 'refuted; figures reproduced' for a
    theorem with figures beside it, 'indicative (the quick sample: differs)' in a quick
    run, 'NO CHECK' for a claim without one."""
    words = row["verdict"] or "NO CHECK"
    if row.get("sample_verdict"):
        words += f" (the quick sample: {row['sample_verdict']})"
    figures = figures_verdict(row, quick)
    if figures:
        words += f"; figures {'differ' if figures == 'differs' else figures}"
    return words


def _figure_verdict(figure: dict) -> str:
    return figure["verdict"] or "not judged"


def _reasons(figures: list[dict], verdict: str) -> str:
    """The distinct reasons of the figures with `verdict`, two at most, in one phrase."""
    found = []
    for figure in figures:
        if figure["verdict"] == verdict and figure.get("reason") and figure["reason"] not in found:
            found.append(figure["reason"])
    more = f"; and {len(found) - 2} more" if len(found) > 2 else ""
    return "; ".join(found[:2]) + more


def _figures_words(figures: list[dict]) -> str:
    """The end of a theorem's sentence: what its figures' open and consistent rows say."""
    words = [f"{verdict}: {_reasons(figures, verdict)}" for verdict in ("open", "consistent")
             if any(f["verdict"] == verdict for f in figures)]
    return "; its figures " + "; ".join(words) + "." if words else "."


def because(row: dict, quick: bool = False, detail: bool = False) -> str:
    """Why the claim got its verdict, in one sentence built from the finding: our figure for
    a theorem, for a figure claim what its rows say (the reasons they carry)."""
    verdict, figures = row["verdict"], row.get("rows") or []
    if verdict is None:
        return "no check yet."
    if verdict == INDICATIVE:
        return f"the quick sample leans to {row['sample_verdict']}; a full run settles it."
    if verdict == "underspecified":
        return ("the write-up leaves out what a rerun needs, so no figure of it is judged; "
                "ours are what a documented version gives.")
    if verdict == "holds":
        return "true on every case tried" + (
            "" if detail else f" (python verify.py --detail {row['id']} lists them)") \
            + (_figures_words(figures) if row["kind"] == "theorem" else ".")
    if row["kind"] == "theorem" or not figures:
        sentence = row["measured"]
        if verdict == "refuted" and sentence.startswith("false: "):
            sentence = sentence[len("false: "):]      # 'refuted: false: …' says it twice
        if verdict == "refuted" and row.get("counterexample") and not detail:
            sentence += (f"; the counterexample drawn, and a corrected statement "
                         f"({row.get('corrected_verdict')}): --detail {row['id']}")
        return sentence + "."
    judged = [f for f in figures if f["verdict"] in _FIGURE_VERDICTS + ("holds",)]
    tested = [f for f in judged if f.get("p") is not None]   # a test; else fixed or exact
    apart = [f for f in judged if f["verdict"] in ("refuted", "differs")]
    if apart:
        told = "; ".join(f"{f['label']}, {figure_words(f['theirs'], f['ours'], f['label'])} "
                         f"against our {figure_words(f['ours'], f['theirs'], f['label'])} "
                         f"({f['verdict']})" for f in apart[:2])
        more = f"; and {len(apart) - 2} more" if len(apart) > 2 else ""
        return (f"{len(apart)} of the {len(judged)} figures set apart from the write-up's: "
                f"{told}{more}.")
    if not tested:
        return ("its figures are fixed by the procedure or counted exactly, and agree with "
                "the write-up's.")
    counts = {v: sum(f["verdict"] == v for f in tested) for v in ("open", "consistent")}
    if counts["open"]:
        return (f"{counts['open']} of the {len(tested)} tested figures not decided yet: "
                f"{_reasons(tested, 'open')}.")
    tested_words = ("the tested figure is not" if len(tested) == 1 else
                    f"no tested figure of {len(tested)} is")
    if counts["consistent"]:
        inside = len(tested) - counts["consistent"]
        return (f"{tested_words} told apart"
                + (f", {inside} inside {'its' if inside == 1 else 'their'} margin"
                   if inside else "")
                + f"; the write-up is the limit{' of the rest' if inside else ''}: "
                + f"{_reasons(tested, 'consistent')}.")
    return f"{tested_words} told apart, and {'it lies' if len(tested) == 1 else 'each lies'} " \
           "inside its margin."


# === Blocks ===

def _field(label: str, text: str, labels: int) -> list[str]:
    """`text` under `label` in a block: prose wrapped to the text column (a line that
    starts indented, such as a row of a fit's table, goes on two spaces further in),
    boards drawn."""
    pad = " " * labels
    out = [pad + part for line in pictures(text, WIDTH - labels) or [""]
           for part in wrap(line, WIDTH - labels, _indent(line))]
    out[0] = ("  " + label).ljust(labels) + out[0][labels:]
    return [line.rstrip() for line in out]


def _indent(line: str) -> str:
    """The indent of a line's continuations: none for prose, its own and two more for a
    line that starts indented."""
    lead = len(line) - len(line.lstrip(" "))
    return " " * (lead + 2) if lead else ""


def _shown(figures: list[dict], detail: bool) -> list[int]:
    """The positions of the figures a block shows: all with `detail` or up to MAX_FIGURES;
    past that the ones set apart first, then the judged ones, each in their own order."""
    if detail or len(figures) <= MAX_FIGURES:
        return list(range(len(figures)))
    rank = {"refuted": 0, "differs": 0, "open": 1, "consistent": 1, "reproduced": 2, "holds": 2}
    order = sorted(range(len(figures)), key=lambda k: (rank.get(figures[k]["verdict"], 3), k))
    return sorted(order[:MAX_FIGURES])


def _figure_lines(row: dict, detail: bool, labels: int) -> list[str]:
    """A check's figures under the label 'figures': label, the write-up's, ours, the 99%
    interval of the difference (ours − theirs: how large a difference the test could
    have missed) and the verdict side by side; a label too long for its column takes a
    line of its own and its figures go on the next.  Past MAX_FIGURES (without `detail`),
    a line says how many more there are and what they read."""
    figures = row["rows"]
    shown = _shown(figures, detail)
    cells = [(f["label"], figure_words(f["theirs"], f["ours"], f["label"]),
              figure_words(f["ours"], f["theirs"], f["label"]), difference_words(f),
              _figure_verdict(f))
             for f in (figures[k] for k in shown)]
    text = WIDTH - labels
    headers = ((1, "write-up"), (2, "ours"), (3, DIFFERENCE), (4, "verdict"))
    if not any(c[3] for c in cells):
        headers = tuple(h for h in headers if h[0] != 3)
    widths = [max(len(header), *(len(c[k]) for c in cells)) for k, header in headers]
    room = text - sum(widths) - len(headers) * len(GAP)
    label = min(room, max(len(c[0]) for c in cells))

    def line(first: str, rest: Sequence[str]) -> str:
        return GAP.join([first.ljust(label)] + [r.ljust(w) for r, w in zip(rest, widths)])
    out = [line("", [header for _, header in headers])]
    for name, *rest in cells:
        rest = [rest[k - 1] for k, _ in headers]
        if len(name) <= label:
            out.append(line(name, rest))
        else:
            out += wrap(name, text, "  ") + [line("", rest)]
    hidden = [f for k, f in enumerate(figures) if k not in shown]
    if hidden:
        counts = {}
        for f in hidden:
            counts[_figure_verdict(f)] = counts.get(_figure_verdict(f), 0) + 1
        out += wrap(f"and {len(hidden)} more ({', '.join(f'{n} {v}' for v, n in counts.items())}"
                    f"): python verify.py --detail {row['id']}", text)
    pad = " " * labels
    out = [(pad + part).rstrip() for part in out]
    out[0] = "  figures".ljust(labels) + out[0][labels:]
    return out


def block(row: dict, detail: bool = False, quick: bool = False) -> list[str]:
    """One claim's block.  Always: a head line (ID, verdict, kind, the write-up's section),
    the claim, its figures side by side (the write-up's and ours, or the check's figure
    rows), the verdict and why in one sentence, and any failed cross-check.  With `detail`
    also how it was measured (tests, p-values, parameter fits), every figure row, the
    counterexample, the corrected statement and the run time."""
    labels = LABELS if detail else SHORT_LABELS
    section = section_of(row["id"]) if row["id"] in CLAIM_BY_ID else None
    head = f"{row['id']}  {verdict_text(row, quick)} · {row['kind']}"
    if section is not None:
        head += (f" · {section.number} {section.heading}" if section.number != "—"
                 else " · this project's own")
    if detail and row.get("seconds") is not None:
        head += f" · {row['seconds']:.1f} s"
    out = wrap(head, WIDTH, " " * 7)
    out += _field("claim", row["claim"], labels)
    if row.get("rows"):
        if detail:
            out += _field("write-up", row["documented"], labels)
            out += _field("ours", row["measured"], labels)
        out += _figure_lines(row, detail, labels)
    elif detail:
        out += _field("write-up", row["documented"], labels)
        out += _field("ours", row["measured"], labels)
    else:
        out += _field("figures", f"write-up: {row['documented']}.  Ours: {row['measured']}.",
                      labels)
    if detail:
        notes = [f"{f['label']}: {f['note']}" for f in row.get("rows") or [] if f.get("note")]
        if notes:
            out += _field("notes", "\n".join(notes), labels)
        if row["detail"]:
            out += _field("how", row["detail"], labels)
        if row["counterexample"]:
            out += _field("counterexample", row["counterexample"], labels)
        if row["corrected"]:
            out += _field("corrected", f"{row['corrected']} ({row['corrected_verdict']})",
                          labels)
    out += _field("verdict", f"{row['verdict'] or 'no check'}: {because(row, quick, detail)}",
                  labels)
    for failure in row["crosscheck_failures"]:
        out += _field("FAILED", f"cross-check: {failure}", labels)
    return out


# === The report ===

def _headline(row: dict) -> str:
    """The table's figures for a claim, the write-up's then ours ('0 of 36 → 0 of 36'): of
    its figure rows with a write-up figure, those whose verdict is the claim's (in a quick
    run, what its sample leans to; for a theorem that holds, its figures' verdict), the
    one whose interval comes nearest its margin (_closeness) first; else the first judged
    one, else the first; for a claim without rows, the write-up's figure and ours as they
    are; '' where the write-up gives none."""
    figures = [f for f in row.get("rows") or [] if f["theirs"] is not None]
    if not row.get("rows"):
        return "" if row["documented"] == "—" else f"{row['documented']} → {row['measured']}"
    if not figures:
        return ""
    verdict = row.get("sample_verdict") or row["verdict"]
    if verdict == "holds" and row.get("kind") == "theorem":
        verdict = figures_verdict(row) or verdict
    deciding = sorted((f for f in figures if f["verdict"] == verdict), key=_closeness,
                      reverse=True)
    pick = next(iter(deciding),
                next((f for f in figures if f["verdict"] in _FIGURE_VERDICTS), figures[0]))
    return (f"{figure_words(pick['theirs'], pick['ours'], pick['label'])} → "
            f"{figure_words(pick['ours'], pick['theirs'], pick['label'])}")


def _closeness(figure: dict) -> float:
    """How near a figure row's interval comes to its margin, as a share of the margin on
    the side it comes nearest (past 1: it reaches it); 0 for a row without both."""
    difference, margin = figure.get("difference"), figure.get("margin")
    if not difference or not margin:
        return 0.0
    sides = [end / edge for end, edge in zip(difference, margin)
             if end is not None and edge]
    return max(sides, default=float("inf"))


def legend(rows: list[dict], quick: bool = False) -> list[str]:
    """The lines under the table: what each verdict the report uses means, and the
    write-ups' sections by number."""
    used = {r["verdict"] for r in rows} | {figures_verdict(r, quick) for r in rows}
    used |= {_figure_verdict(f) for r in rows for f in r.get("rows") or []}
    names = [v for v in MEANINGS if v in used]
    width = max(len(v) for v in names) if names else 0
    out = ["Verdicts (the 'figures' column: the verdict of the figures a theorem's check "
           "measures beside it):"]
    out += [part for v in names
            for part in wrap(f"  {v.ljust(width)}  {MEANINGS[v]}", WIDTH, " " * (width + 4))]
    out.append("The last column: the figure that decides the verdict, where it fits; all are "
               "in the blocks.")
    for prefix, title in (("DF", "Dosun-Fuwari"), ("ND", "Nondango")):
        if any(r["id"].startswith(prefix + "-") for r in rows):
            out += wrap(f"Sections, {title}: " + ", ".join(
                f"{s.number} {s.short}" for s in SECTIONS[prefix]) + ".", WIDTH, "  ")
    if any(r["id"].startswith("X-") for r in rows):
        out.append("Section — : this project's own claims (X-), in no write-up.")
    return out


def text(rows: list[dict], header: Sequence[str], summary: str, detail: bool = False,
         quick: bool = False) -> str:
    """The whole report: `header` lines, the table of every claim (ID, section, verdict,
    the figures' verdict, the write-up's figure beside ours, the claim in a few words),
    the legend, one block per claim (`detail`: in full), and the `summary` line last."""
    out = [part for line in header for part in wrap(line, WIDTH)] + [""]
    cells = []
    for r in rows:
        section = section_of(r["id"]).number if r["id"] in CLAIM_BY_ID else ""
        cells.append([r["id"], section, r["verdict"] or "NO CHECK",
                      figures_verdict(r, quick) or "", r.get("words") or "", _headline(r)])
    headers = ["ID", "§", "verdict", "figures", "claim", "write-up → ours"]
    widths = [max(len(h), *(len(c[k]) for c in cells)) for k, h in enumerate(headers[:-1])]
    room = WIDTH - sum(widths) - len(GAP) * len(widths)
    for c in cells:   # a figure that does not fit the line is left to the block
        if len(c[-1]) > room:
            c[-1] = ""
    out += table(headers, cells, widths + [0]) + [""]
    out += legend(rows, quick)
    for row in rows:
        out += [""] + block(row, detail, quick)
    out += [""] + wrap(summary, WIDTH)
    return "\n".join(out) + "\n"
