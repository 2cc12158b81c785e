"""The text of verify.py's report: a table of verdicts, one block per claim, a summary line.

Every line fits WIDTH columns.  Nothing is cut: long text wraps between words (a word
longer than a whole line, such as a link, is split across lines, never shortened), and
a board found in a check's text is drawn as a picture, its sections side by side, with
its legend under it.  This module lays text out and returns it; verify.py prints it.

    wrap("a b c", 3)            → ['a b', 'c']
    table(["ID", "verdict"], [["DF-01", "holds"]], [5, 10])
                                → ['ID     verdict', '-----  ----------', 'DF-01  holds']
    pictures("see:\\nnondango\\nregions:\\n0\\ncircles:\\no")
                                → ['see:', '', '  regions   circles', '  0         o',
                                   '  legend: regions: one label per region; …', …]

Glossary
    row      one claim of the report as verify.py gives it: a dict with the keys id, kind,
             words (a few, for the table), claim (one sentence), documented (the write-up's
             figure), verdict, sample_verdict (quick runs), measured, detail,
             counterexample, corrected, corrected_verdict, crosscheck_failures, rows
             (the check's own figure-by-figure table) and seconds
    block    the lines below the table that belong to one claim, under a label column
    section  one picture of a board file: rooms, regions, circles or answer

Roads not taken: a wide table with the write-up's figure and ours in columns of their
own.  Cut to fit, it lost the figures; wrapped, every row became a paragraph of four
ragged columns.  The table names the claims, the blocks hold the figures.
"""

from __future__ import annotations

import textwrap
from typing import Iterable, Sequence

import dosun_fuwari as df
import nondango as nd
from common import BoardError

__all__ = ["WIDTH", "wrap", "table", "pictures", "board_picture", "text"]

WIDTH = 100          # columns of every line of the report
LABELS = 18          # the label column of a block: two spaces, "counterexample", two spaces
INSET = "  "         # a board picture sits this far into the text column
GAP = "  "           # between table columns


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


# === Boards as pictures ===

_MODULES = {df.GENRE: df, nd.GENRE: nd}


def board_picture(board_text: str) -> list[str] | None:
    """The board file `board_text` drawn under its puzzle and size, its sections side by
    side under their names, its `key: value` lines below, and its legend; None if it is
    not a board file."""
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
    if sum(widths) + 3 * (len(widths) - 1) <= WIDTH - LABELS - len(INSET):
        height = max(len(rows) for _, rows in sections)
        lines = ["   ".join(name.ljust(w) for (name, _), w in zip(sections, widths)).rstrip()]
        for k in range(height):
            lines.append("   ".join((rows[k] if k < len(rows) else "").ljust(w)
                                    for (_, rows), w in zip(sections, widths)).rstrip())
    else:                                   # too wide side by side: one under another
        lines = [part for name, rows in sections for part in (name, *rows)]
    legend = wrap(f"legend: {module.LEGEND}", WIDTH - LABELS - len(INSET), "  ")
    return [INSET + line for line in [title] + lines + notes + legend]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _board_end(lines: list[str], start: int) -> int:
    """The end (exclusive) of the longest run of lines from `start` that parses as a board
    file, or `start` if none does."""
    end = len(lines)
    while end > start + 1:
        if board_picture("\n".join(lines[start:end])) is not None:
            return end
        end -= 1
    return start


def pictures(text: str) -> list[str]:
    """The lines of `text` with every board file in it drawn as a picture, set off by
    blank lines; other lines are kept as they are (the caller wraps them)."""
    lines, out, k = text.splitlines(), [], 0
    while k < len(lines):
        end = _board_end(lines, k) if lines[k].strip() in _MODULES else k
        if end > k:
            out += ([""] if out and out[-1] else []) + board_picture("\n".join(lines[k:end])) + [""]
            k = end
        else:
            out.append(lines[k])
            k += 1
    while out and not out[-1]:
        out.pop()
    return out


# === Blocks ===

def _field(label: str, text: str) -> list[str]:
    """`text` under `label` in a block: prose wrapped to the text column, boards drawn."""
    pad = " " * LABELS
    out = [pad + part for line in pictures(text) or [""] for part in wrap(line, WIDTH - LABELS)]
    out[0] = ("  " + label).ljust(LABELS) + out[0][LABELS:]
    return [line.rstrip() for line in out]


def _figure_rows(rows: list[dict]) -> list[str]:
    """A check's own figure-by-figure table, under the label 'figures'."""
    lines = table(["", "write-up", "ours", "verdict"],
                  [[r["label"], r["theirs"], r["ours"], r["verdict"] or ""] for r in rows],
                  [16, 22, 22, 0], total=WIDTH - LABELS)
    pad = " " * LABELS
    lines = [pad + line for line in lines]
    lines[0] = "  figures".ljust(LABELS) + lines[0][LABELS:]
    return lines


def block(row: dict) -> list[str]:
    """One claim's block: its verdict, the claim, both figures, how it was measured, the
    counterexample and the corrected statement, the check's figure rows, failures, time."""
    verdict = row["verdict"] or "NO CHECK"
    if row.get("sample_verdict"):
        verdict += f" (the quick sample: {row['sample_verdict']})"
    head = f"{row['id']}  {verdict} · {row['kind']}"
    if row.get("seconds") is not None:
        head += f" · {row['seconds']:.1f} s"
    out = wrap(head, WIDTH, " " * 7)
    out += _field("claim", row["claim"])
    out += _field("write-up", row["documented"])
    out += _field("ours", row["measured"])
    if row["detail"]:
        out += _field("how", row["detail"])
    if row.get("rows"):
        out += _figure_rows(row["rows"])
    if row["counterexample"]:
        out += _field("counterexample", row["counterexample"])
    if row["corrected"]:
        out += _field("corrected", f"{row['corrected']} [{row['corrected_verdict']}]")
    for failure in row["crosscheck_failures"]:
        out += _field("FAILED", f"cross-check: {failure}")
    return out


# === The report ===

def text(rows: list[dict], header: Sequence[str], summary: str) -> str:
    """The whole report: `header` lines, the table of verdicts, one block per claim, and
    the `summary` line last."""
    out = [part for line in header for part in wrap(line, WIDTH)] + [""]
    out += table(["ID", "verdict", "kind", "claim"],
                 [[r["id"], r["verdict"] or "NO CHECK", r["kind"], r["words"]] for r in rows],
                 [5, 10, 11, 0])
    for row in rows:
        out += [""] + block(row)
    out += [""] + wrap(summary, WIDTH)
    return "\n".join(out) + "\n"
