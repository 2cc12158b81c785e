"""The play page as text: its markup, style and script (the package resources
play_page.html, play_page.css and play_page.js), the data it starts from, and the static
page written with --out.

Everything put into the page is escaped for where it goes: the data is JSON in a
`<script type="application/json">` block with every `<`, `>` and `&` written as a \\u
escape, so no file name or link can end the block or open a comment or script there
(`json_block`); the few values put into the markup are HTML-escaped; the script sets
text with `textContent` and builds its SVG from numbers and fixed class names only.
The served page carries a Content-Security-Policy that allows only its own script,
style and server; the static page one that allows nothing from anywhere.

    page(data, served=True)   → '<!DOCTYPE html>…'   (style and script fetched from the server)
    page(data, served=False)  → the same page, style and script inside it
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path

import dosun_fuwari as df
import ladder
import nondango as nd
from plumbing import files
from tools import play_boards, play_ideas, play_ladder

__all__ = ["GENERATOR", "PAGE_LIMIT", "RESOURCES", "resource", "json_block", "plain_rule",
           "HELD", "PLACEHOLDER", "index_data",
           "page", "check_out", "write_page", "SERVED_POLICY", "STATIC_POLICY"]

GENERATOR = "play.py"  # the page's <meta name="generator">, followed by a digest of the page
RESOURCES = {"play.css": ("play_page.css", "text/css"),
             "play.js": ("play_page.js", "text/javascript")}
SERVED_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; "
                 "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                 "frame-ancestors 'none'")
STATIC_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                 "img-src data:; base-uri 'none'; form-action 'none'")


def resource(name: str) -> str:
    """The text of one of the page's package resources (play_page.html, .css, .js)."""
    return resources.files("tools").joinpath(name).read_text(encoding="utf-8")


def json_block(data: object) -> str:
    """`data` as JSON for a `<script type="application/json">` block: ASCII only, and `<`,
    `>`, `&` as \\u escapes, so that nothing in it can close the block, open a comment or a
    script, or be read as markup (JSON.parse reads the escapes back).

        json_block({"name": "a<!--<script>"})
        → '{"name":"a\\\\u003c!--\\\\u003cscript\\\\u003e"}'"""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def plain_rule(text: str) -> str:
    """A rung's rule (`ladder.rule_text`) in the page's words: "until nothing more changes"
    for "to a fixpoint", no "singleton consistency", a rung in backquotes as "the X rung".
    # plain_rule("… is out. Repeated to a fixpoint (singleton consistency over `profile`).")
    #   → '… is out. Repeated until nothing more changes.'"""
    text = re.sub(r"\s*\(singleton consistency over `\w+`\)", "", text)
    text = text.replace("to a fixpoint", "until nothing more changes")
    return re.sub(r"`(\w+)`", r"the \1 rung", text)


# What holds a piece under each Dosun-Fuwari reading, for the legend: (balloon, iron ball).
HELD = {
    "official": ("the top edge, a black cell, or a balloon",
                 "the bottom edge, a black cell, or an iron ball"),
    "loose": ("the top edge, a black cell, or any piece, balloon or iron ball",
              "the bottom edge, a black cell, or any piece, balloon or iron ball"),
    "no-stacking": ("the top edge or a black cell; pieces never hold each other",
                    "the bottom edge or a black cell; pieces never hold each other"),
}
PLACEHOLDER = {"dosun-fuwari": "https://puzz.link/p?dosufuwa/…",
               "nondango": "https://puzz.link/p?nondango/…"}


def index_data(entries, mode: str, first: int | None = None) -> dict:
    """What the page's script starts from: the `mode` ("served" or "static"), the index of
    boards (id, name, puzzle, collection, size), the collections, each puzzle's ladder
    (rung, rule in plain words), readings and rules, what holds a piece under each
    Dosun-Fuwari reading (HELD, for the legend), the link box's placeholder per puzzle,
    the fact codes, the counting caps, the write-ups' ideas (words, sentence, claims) with
    their notes per reading, and the board to show `first` (a board named on the command
    line), or None."""
    return {
        "mode": mode,
        "boards": [{"id": k, "name": e.name, "puzzle": e.puzzle, "collection": e.collection,
                    "size": e.size} for k, e in enumerate(entries)],
        "collections": [[key, words] for key, words in play_boards.COLLECTIONS.items()],
        "ladder": {p: [[name, plain_rule(ladder.rule_text(rung))]
                       for name, rung in ladder.LADDER[p]] for p in play_boards.PUZZLES},
        "held": HELD,
        "placeholder": PLACEHOLDER,
        "readings": {p: list(play_boards.readings(p)) for p in play_boards.PUZZLES},
        "rules": play_boards.RULES,
        "facts": {code: name for name, code in play_ladder.FACT_CODES.items()},
        "caps": {"dosun-fuwari": df.COUNT_CAP, "nondango": nd.COUNT_CAP},
        "ideas": {key: [words, sentence, claims] for key, (words, sentence, claims, _) in
                  play_ideas.IDEAS.items()},
        "readingNotes": {f"{key}/{reading}": note for (key, reading), note in
                         play_ideas.READING_NOTES.items()},
        "first": first,
    }


# === The legend: one swatch per mark the board can show ===

def _swatch(inner: str) -> str:
    return ('<svg viewBox="0 0 1 1" aria-hidden="true">'
            f'<rect class="cell" width="1" height="1"/>{inner}</svg>')


_SWATCHES = {
    "balloon": _swatch('<circle class="balloon" cx=".5" cy=".5" r=".3"/>'),
    "iron": _swatch('<circle class="iron" cx=".5" cy=".5" r=".3"/>'),
    "dot": _swatch('<circle class="empty-mark" cx=".5" cy=".5" r=".07"/>'),
    "black": _swatch('<rect class="cell black" width="1" height="1"/>'),
    "wall": _swatch('<line class="wall" x1=".5" y1="0" x2=".5" y2="1"/>'),
    "ndblack": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'),
    "white": _swatch('<circle class="white" cx=".5" cy=".5" r=".3"/>'),
    "unpainted": _swatch('<circle class="unpainted" cx=".5" cy=".5" r=".3"/>'),
    "given": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'
                     '<circle class="given-ring" cx=".5" cy=".5" r=".4"/>'),
    "labels": '<svg viewBox="0 0 1 1" aria-hidden="true"><text class="label" x=".5" y=".5" '
              'font-size=".6">B3</text></svg>',
    "proved": _swatch('<g class="proof"><circle cx=".5" cy=".5" r=".22"/></g>'),
    "reason": _swatch('<rect class="reason" x=".06" y=".06" width=".88" height=".88"/>'),
    "pinned": _swatch('<rect class="cell pinned" width="1" height="1"/>'),
    "broken": _swatch('<rect class="broken" x=".08" y=".08" width=".84" height=".84"/>'),
    "brokenroom": _swatch('<rect class="broken-room" width="1" height="1" fill="#e0506a" '
                          'fill-opacity=".35"/>'),
    "run": _swatch('<rect class="run" x=".15" y=".2" width=".7" height=".72" rx=".25"/>'
                   '<line class="run-bottom" x1=".3" y1=".9" x2=".7" y2=".9"/>'
                   '<g class="tab run-tab"><rect class="run-top" x=".22" y=".04" width=".56" '
                   'height=".32" rx=".08"/><text class="run-states" x=".5" y=".2" '
                   'font-size=".26">15</text></g>'),
    "starved": _swatch('<rect class="starved" width="1" height="1"/>'),
    "live": _swatch('<line class="triple live" x1=".1" y1=".9" x2=".9" y2=".1"/>'),
    "dead": _swatch('<line class="shared" x1=".1" y1=".9" x2=".5" y2=".5"/>'
                    '<line class="triple dead" x1=".1" y1=".9" x2=".9" y2=".1"/>'
                    '<line class="strike-dead" x1=".3" y1=".3" x2=".7" y2=".7"/>'),
    "certificate": _swatch('<line class="certificate" x1=".1" y1=".5" x2=".9" y2=".5"/>'
                           '<circle class="certified" cx=".5" cy=".5" r=".3"/>'),
    "group": _swatch('<rect class="group" width="1" height="1" fill="hsl(137,70%,60%)"/>'
                     '<g class="tab group-tab"><rect class="group-count" x=".2" y=".3" '
                     'width=".6" height=".4" rx=".08"/><text class="group-count" x=".5" '
                     'y=".5" font-size=".3">×2</text></g>'),
}

_LEGEND = {
    "dosun-fuwari": [
        ("balloon", "balloon — held from above by ", "balloon"),
        ("iron", "iron ball — held from below by ", "iron"),
        ("dot", "dot — a cell you marked empty"),
        ("black", "black — a cap, and in no room"),
        ("wall", "thick line — the wall between two rooms"),
        ("run", "run — outlined; the tab on its run-top gives its number of states under the "
                "reading, and its run-bottom is barred (Runs, Placement space)"),
        ("starved", "orange shading — a starved room, which holds no run-top (Starved rooms)"),
    ],
    "nondango": [
        ("ndblack", "black circle — one per region"),
        ("white", "white circle — every other circle (white fill, solid outline)"),
        ("unpainted", "unpainted circle — not decided yet (grey, dashed); counts as white"),
        ("given", "ringed circle — painted by the setter, fixed"),
        ("wall", "thick line — the wall between two regions"),
        ("live", "live triple — three circles in a line across three regions (Live triples)"),
        ("dead", "dead triple — dashed and struck through; a grey bar joins its two circles of "
                 "one region (Dead triples)"),
        ("certificate", "certificate — the live triple that keeps a white circle white, once "
                        "solved (Certificates)"),
        ("group", "group — regions joined by live triples, tinted alike; the tab on its first "
                  "cell gives its answer count (Groups)"),
    ],
}
_COMMON = [
    ("labels", "letters and numbers along the board: its columns and rows; messages name a "
               "cell by them (B3: column B, row 3)"),
    ("proved", "proved — what the selected rung already knows: a blue mark (open: a balloon or "
               "white; filled: an iron ball or black; cross: empty; struck through: not that); "
               "bold: the last hint"),
    ("reason", "blue outline — the cells of the last hint's reason (its run, room, triple)"),
    ("pinned", "blue shading — a room (region) every cell of which the rung decides, once its "
               "proofs are drawn"),
    ("broken", "red dashed square — a cell of a broken rule, after Check"),
    ("brokenroom", "pink stripes — a room without its pieces (a region without its black "
                   "circle), after Check"),
]


def _legend(puzzle: str) -> str:
    """The legend's items; an item with a third field ends in a span the script fills with
    what holds that piece under the reading on show (HELD)."""
    items = []
    for key, text, *held in _LEGEND[puzzle] + _COMMON:
        words = html.escape(text)
        if held:
            piece = held[0]
            holder = HELD["official"][0 if piece == "balloon" else 1]
            words += f'<span data-held="{piece}">{html.escape(holder)}</span>'
        items.append(f"<li>{_SWATCHES[key]} <span>{words}</span></li>")
    return "\n        ".join(items)


def _rung_words(puzzle: str) -> str:
    """The ladder's rungs as the words list defines them: "the room rung", its rule."""
    return "\n        ".join(f"<dt>the {html.escape(name)} rung</dt>"
                               f"<dd>{html.escape(plain_rule(ladder.rule_text(rung)))}</dd>"
                               for name, rung in ladder.LADDER[puzzle])


def page(data: dict, served: bool) -> str:
    """The whole page for the index `data` (`index_data`, and for the static page every
    board's data too) as one HTML text.  Served, its style and script are fetched from the
    server (RESOURCES) under SERVED_POLICY; static, they are inside it, under
    STATIC_POLICY, and nothing is fetched at all."""
    present = {b["puzzle"] for b in data["boards"]} or set(play_boards.PUZZLES)
    options = "".join(f'<option value="{html.escape(p)}">{html.escape(p.title())}</option>'
                      for p in play_boards.PUZZLES if p in present)
    head = f'<meta name="generator" content="{GENERATOR} ">'
    if not served:      # the served page's policy is a header of the server's (frame-ancestors too)
        head = ('<meta http-equiv="Content-Security-Policy" '
                f'content="{html.escape(STATIC_POLICY)}">\n' + head)
    if served:
        style = '<link rel="stylesheet" href="play.css">'
        script = '<script src="play.js"></script>'
    else:
        style = f"<style>\n{resource('play_page.css')}</style>"
        script = f"<script>\n{resource('play_page.js')}</script>"
    text = resource("play_page.html")
    for marker, value in (("HEAD", head), ("STYLE", style), ("PUZZLES", options),
                          ("LEGEND-DF", _legend("dosun-fuwari")),
                          ("LEGEND-ND", _legend("nondango")),
                          ("RUNGS-DF", _rung_words("dosun-fuwari")),
                          ("RUNGS-ND", _rung_words("nondango")),
                          ("DATA", '<script type="application/json" id="data">'
                                   f'{json_block(data)}</script>'),
                          ("SCRIPT", script)):
        text = text.replace(f"<!-- {marker} -->", value, 1)
    return text


# === The static page on disk ===
# The page carries `<meta name="generator" content="play.py DIGEST">`; plumbing/files.py
# writes it sealed with its digest and replaces only an empty file or such a page untouched
# since, as verify.py --html does.

PAGE_LIMIT = files.PAGE_LIMIT   # bytes: a larger file at --out cannot be a page play.py wrote


def check_out(path: Path) -> None:
    """Whether the page may be written to `path`, asked before the page is built
    (`plumbing.files.check_page`): raises FileExistsError for anything but a regular file
    (looked at, never read), a file larger than PAGE_LIMIT, a file that play.py did not
    write, or one it wrote that has been edited since; an empty file (nothing to lose) may
    be replaced.  Raises OSError for a folder, or a place whose folder is missing or
    cannot be written."""
    files.check_page(path, GENERATOR)


def write_page(path: Path, text: str) -> None:
    """Write the page `text` to `path`, sealed with its digest, atomically (a temporary
    file beside it, then a rename, so a killed run leaves the old page or none, never a
    half one; `plumbing.files.write_page`).  Raises as `check_out` does, or OSError if it
    cannot write."""
    files.write_page(path, text, GENERATOR)
