"""The play page: every board of both puzzles, playable, with what each rung proves.

`python -m tools.play` writes one self-contained HTML page (inline SVG, a little plain
JavaScript, no network) holding every board of `boards/` and, per reading and per rung
of `ladder.LADDER`, what that rung proves on it (`ladder.prove`, embedded as JSON), and
opens it in the browser.  On the page a player picks a puzzle, a reading, a collection
(the bank, the lesson and sample boards, boards added on the command line, and under the
published Nondango rule the bank made for it, `boards/nondango-published/`, when that
folder exists), a size where the collection has sizes, and a board; clicks cells to
cycle them; picks a hint (a rung), which draws what that rung proves at once, with its
rule; and asks for a check, which marks each broken rule on the board and lists them
grouped by kind, a few positions each.  Until then the page says only whether the board
is solved, so an untouched board gives nothing away.  Cells are named by the labels
drawn along the board: columns A, B, …, rows 1, 2, … (`common.position`).  [DF-18, ND-16]

    python -m tools.play [BOARD ...] [--no-open] [--out PATH] [--boards DIR]

Glossary (with an example value)
    entry       one board on the page: its name, collection, board and source
                Entry("df-8x8-01", "bank", <dosun_fuwari.Board>, "boards/dosun-fuwari/df-8x8-01.txt")
    collection  what the Boards picker offers (COLLECTIONS): "bank", "published", "samples",
                "added"; the bank and the published bank are split by size
    fact code   one character per cell for what a rung proves there (FACT_CODES), "-" for
                nothing proved; a proof's facts are a string of rows*cols codes
                "o*.-" (balloon, iron ball, empty, nothing proved)
    reading     the rule reading of the check and of the proofs (dosun_fuwari.READINGS,
                nondango.READINGS); the proofs of a reading in NO_PROOFS are not embedded
    state       on the page, one character per cell: Dosun-Fuwari "o" balloon, "*" iron
                ball, "." empty, "#" black; Nondango "#" black, "o" white, "?" unpainted
                (counts as white), "." no circle

The JavaScript rules checker is a short transcription of `dosun_fuwari.violations` and
`nondango.violations`: it marks the same cells, and the tests hold it to that.

Roads not taken: the page could compute the proofs itself in JavaScript.  That would be
a second ladder to keep in step with `ladder.py`; embedding `ladder.prove`'s results keeps
one reference, and the data for the whole bank is small (one character per cell).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import sys
import webbrowser
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

if not __package__:    # run as `python tools/play.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from tools import cli
import common
from tools import files
import dosun_fuwari as df
from tools import formats
import ladder
import nondango as nd

__all__ = [
    "Cell", "Board", "Entry", "PUZZLES", "BANK", "PUBLISHED", "SAMPLES", "ADDED", "COLLECTIONS",
    "PUBLISHED_FOLDER", "FACT_CODES", "NO_FACT", "NO_PROOFS",
    "GENERATOR", "collect", "read_boards", "readings", "encode_proof", "decode_facts",
    "board_data", "page_data", "page", "check_out", "write_page", "main",
]

# === Glossary as types ===

Cell = tuple[int, int]  # (row, col), row 0 at the top
Board = df.Board | nd.Board


Progress = Callable[[int, int], None]  # progress(boards done, boards in all)


class Entry(NamedTuple):
    """One board on the page: name (file stem), collection, the board, and where it came from."""

    name: str
    collection: str
    board: Board
    source: str


PUZZLES = ("dosun-fuwari", "nondango")
BANK, PUBLISHED, SAMPLES, ADDED = "bank", "published", "samples", "added"
COLLECTIONS = {             # in the order the Boards picker offers them, with its words
    BANK: "the bank",
    PUBLISHED: "the bank for the published rule",
    SAMPLES: "lessons and samples",
    ADDED: "added on the command line",
}
PUBLISHED_FOLDER = "nondango-published"   # Nondango boards made for the published rule
PUBLISHED_READING = ("nondango", "published")   # the reading under which they are offered
GENERATOR = "play.py"  # the page's <meta name="generator">, followed by a digest of the page
_MARK = re.compile(r'<meta name="generator" content="play\.py ([0-9a-f]*)">')

# What a rung proves about a cell, one character each (ladder's picture tokens where it has them).
FACT_CODES = {
    ladder.BALLOON: "o", ladder.IRON_BALL: "*", ladder.EMPTY: ".",
    ladder.NOT_BALLOON: "_", ladder.NOT_IRON_BALL: "^", ladder.NOT_EMPTY: "+",
    ladder.BLACK: "#", ladder.WHITE: "w",
}
NO_FACT = "-"

# Readings whose proofs are not embedded, and why: the loose reading's run domains grow
# like A095263 (31,572 fillings of a 12-cell run), and its ladder takes ~3 s per 12x12 board.
NO_PROOFS = {("dosun-fuwari", "loose"): "the loose reading's run domains are too large to "
                                        "propagate for every board of the bank"}


# === Collecting boards ===

def _order(entry: Entry) -> tuple:
    return (PUZZLES.index(ladder.genre_of(entry.board)), list(COLLECTIONS).index(entry.collection),
            entry.board.rows * entry.board.cols, entry.name)


def _shown(boards_dir: Path, path: Path) -> str:
    """The path as the page shows it: from the boards folder's own name down."""
    return (Path(boards_dir.resolve().name) / path.resolve().relative_to(boards_dir.resolve())).as_posix()


def collect(boards_dir: Path) -> list[Entry]:
    """Every board file of `boards_dir`: `dosun-fuwari/*.txt` and `nondango/*.txt` in the
    bank, `nondango-published/*.txt` in the published bank, `samples/*.txt` among the
    lessons and samples; missing folders are skipped.

    Raises ValueError when `boards_dir` is not a folder, and BoardError (a
    ValueError) for a file that does not parse or one in a puzzle's folder that holds the
    other puzzle.
    """
    if not boards_dir.is_dir():
        raise ValueError(f"{boards_dir}: not a folder of boards")
    folders = [(puzzle, BANK, puzzle) for puzzle in PUZZLES]
    folders += [(PUBLISHED_FOLDER, PUBLISHED, "nondango"), (SAMPLES, SAMPLES, None)]
    entries = []
    for folder, collection, puzzle in folders:
        for path in sorted((boards_dir / folder).glob("*.txt")):
            board = formats.read(str(path), puzzle)
            entries.append(Entry(path.stem, collection, board, _shown(boards_dir, path)))
    return sorted(entries, key=_order)


def read_boards(sources: Sequence[str]) -> list[Entry]:
    """Boards named on the command line (a board file, a puzz.link link or a pzprv3 text),
    in the collection "added".  Raises BoardError as `formats.read` does."""
    entries = []
    for number, source in enumerate(sources, 1):
        board = formats.read(source)
        name = Path(source).stem if Path(source).is_file() else f"link {number}"
        entries.append(Entry(name, ADDED, board, source))
    return entries


# === What each rung proves, as data ===

def readings(puzzle: str) -> tuple[str, ...]:
    """The rule readings of a puzzle, its default first."""
    return df.READINGS if puzzle == "dosun-fuwari" else nd.READINGS


def encode_proof(board: Board, proof: ladder.Proof) -> dict:
    """A Proof as page data: `facts` one FACT_CODES character per cell in reading order
    (NO_FACT where nothing is proved), `pinned` the sorted room (region) indices,
    `contradiction` the reason or None, `where` the indices (in reading order) of the
    cells it concerns, `finished` as Proof.finished."""
    facts = "".join(FACT_CODES[proof.facts[(r, c)]] if (r, c) in proof.facts else NO_FACT
                    for r in range(board.rows) for c in range(board.cols))
    return {"facts": facts, "pinned": sorted(proof.pinned),
            "contradiction": proof.contradiction,
            "where": [r * board.cols + c for r, c in proof.where], "finished": proof.finished}


def decode_facts(board: Board, facts: str) -> dict[Cell, str]:
    """The inverse of `encode_proof`'s facts: cell -> ladder fact name.  Raises ValueError for
    a string of the wrong length or an unknown code."""
    if len(facts) != board.rows * board.cols:
        raise ValueError(f"facts of length {len(facts)} for a {board.rows}x{board.cols} board")
    names = {code: name for name, code in FACT_CODES.items()}
    unknown = set(facts) - set(names) - {NO_FACT}
    if unknown:
        raise ValueError(f"unknown fact codes {sorted(unknown)}")
    return {divmod(i, board.cols): names[code] for i, code in enumerate(facts) if code != NO_FACT}


def _owner(board: Board) -> list[int]:
    """Per cell in reading order, its room (region) index; -1 for a black cell."""
    owner = df.room_of(board) if isinstance(board, df.Board) else nd.region_of(board)
    return [owner.get((r, c), -1) for r in range(board.rows) for c in range(board.cols)]


def _df_answer(board: df.Board) -> str | None:
    if board.answer is None:
        return None
    return "".join(df.answer_rows(board, board.answer))


def _nd_cells(board: nd.Board) -> str:
    def token(cell: Cell) -> str:
        if cell in board.given_black:
            return "B"
        if cell in board.given_white:
            return "W"
        return "o" if cell in board.circles else "."
    return "".join(token((r, c)) for r in range(board.rows) for c in range(board.cols))


def _nd_answer(board: nd.Board) -> str | None:
    if board.answer is None:
        return None
    return "".join("#" if (r, c) in board.answer else "o" if (r, c) in board.circles else "."
                   for r in range(board.rows) for c in range(board.cols))


def _link(board: Board) -> str | None:
    try:
        return formats.url(board)
    except ValueError:           # e.g. a Nondango board with given circles has no link
        return None


def board_data(entry: Entry) -> dict:
    """One board as page data: name, puzzle, collection, size ("8x8"), source, rows, cols,
    `owner` (room or
    region per cell, -1 black), `cells` (Nondango: ".oBW" per cell; Dosun-Fuwari: None),
    `answer` (the answer as a state string, or None), `link` (puzz.link or None), and
    `proofs[reading][rung]` as `encode_proof` gives (readings in NO_PROOFS left out).
    Raises BoardError, naming the board's source, for a board too large for the ladder.
    [DF-18, ND-16]"""
    board = entry.board
    puzzle = ladder.genre_of(board)
    try:
        proofs = {reading: {name: encode_proof(board, ladder.prove(board, name, reading))
                            for name, _ in ladder.LADDER[puzzle]}
                  for reading in readings(puzzle) if (puzzle, reading) not in NO_PROOFS}
    except common.BoardError as error:
        raise common.BoardError(f"{entry.source}: {error}") from None
    dosun = puzzle == "dosun-fuwari"
    return {
        "name": entry.name, "puzzle": puzzle, "collection": entry.collection,
        "size": f"{board.rows}x{board.cols}", "source": entry.source,
        "rows": board.rows, "cols": board.cols, "owner": _owner(board),
        "cells": None if dosun else _nd_cells(board),
        "answer": _df_answer(board) if dosun else _nd_answer(board),
        "link": _link(board), "proofs": proofs,
    }


def page_data(entries: Sequence[Entry], progress: Progress | None = None) -> dict:
    """Everything the page's script reads: the boards, the collections (key, words), each
    puzzle's ladder (rung, rule), its readings, the fact codes (code -> ladder fact name),
    the readings without proofs (with the reason), and the reading that offers the
    published bank.  `progress(done, total)`, if given, is called after each board."""
    boards = []
    for entry in entries:
        boards.append(board_data(entry))
        if progress:
            progress(len(boards), len(entries))
    return {
        "boards": boards,
        "collections": [[key, words] for key, words in COLLECTIONS.items()],
        "published": "/".join(PUBLISHED_READING),
        "ladder": {p: [[name, ladder.rule_text(rung)] for name, rung in ladder.LADDER[p]] for p in PUZZLES},
        "readings": {p: list(readings(p)) for p in PUZZLES},
        "facts": {code: name for name, code in FACT_CODES.items()},
        "noProofs": {f"{p}/{r}": why for (p, r), why in NO_PROOFS.items()},
    }


# === The page ===

_CSS = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 64rem; padding: .5rem .8rem; color: #222; }
h1 { font-size: 1.3rem; margin: .3rem 0; }
.controls { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; margin: .4rem 0; }
.controls label { white-space: nowrap; }
select, button { font: inherit; }
button[aria-pressed="true"] { background: #fde7c7; }
main { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
#board-wrap { flex: 1 1 20rem; max-width: 36rem; }
#grid { width: 100%; height: auto; display: block; touch-action: manipulation; outline: none; }
aside { flex: 1 1 16rem; min-width: 0; }
#status { font-weight: bold; margin: .3rem 0 0; }
#status[data-solved="true"] { color: #176b2c; }
#details, #proof-status, #rung-rule, #published-note, .small { font-size: .9rem; margin: .2rem 0; }
#problems { font-size: .9rem; color: #b00020; padding-left: 1.2rem; margin: .2rem 0; }
.legend { list-style: none; padding: 0; margin: .4rem 0; font-size: .95rem; }
.legend li { display: flex; align-items: center; gap: .5rem; margin: .15rem 0; }
.legend svg { width: 1.4rem; height: 1.4rem; flex: none; }
.cell { fill: #fff; stroke: #999; stroke-width: .02; }
.cell.black { fill: #222; stroke: #222; }
.cell.pinned { fill: #e4eefb; }
.cell.broken-room { fill: #fdf0f2; }
.wall { stroke: #222; stroke-width: .1; stroke-linecap: round; }
.frame { fill: none; stroke: #222; stroke-width: .12; }
.label { font-size: .42px; fill: #555; text-anchor: middle; dominant-baseline: central; }
.piece, .wall, .frame, .proof, .broken, .focus, .label { pointer-events: none; }
.balloon, .white { fill: #fff; stroke: #222; stroke-width: .07; }
.iron, .nd-black { fill: #222; stroke: #222; stroke-width: .07; }
.unpainted { fill: #fff; stroke: #888; stroke-width: .04; }
.given-ring { fill: none; stroke: #222; stroke-width: .03; }
.proof { stroke: #1565c0; fill: #1565c0; stroke-width: .04; }
.proof .open { fill: #fff; }
.broken { fill: none; stroke: #d00020; stroke-width: .07; stroke-dasharray: .12 .07; }
.focus { fill: none; stroke: none; stroke-width: .06; }
#grid:focus .focus { stroke: #f29000; }
a { color: #1565c0; }
"""

_SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const $ = id => document.getElementById(id);
const DF = "dosun-fuwari";
const NEXT = {"dosun-fuwari": {".": "o", "o": "*", "*": "."}, "nondango": {"?": "#", "#": "o", "o": "?"}};
const SIZED = ["bank", "published"];   // collections the Size picker splits
const SHOWN = 5;                       // positions listed per kind of broken rule
let board = null, cells = [], focus = 0, checking = false;

DATA.boards.forEach((b, k) => {
  b.index = k;
  b.rooms = [];
  b.owner.forEach((room, i) => { if (room >= 0) (b.rooms[room] = b.rooms[room] || []).push(i); });
});

// === positions, as the labels drawn along the board name them (common.position) ===
function column(c) {
  let letters = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + (n - 1) % 26) + letters;
  return letters;
}
const pos = i => column(i % board.cols) + (Math.floor(i / board.cols) + 1);

// === the rules, transcribed from dosun_fuwari.violations and nondango.violations ===
// Each broken rule: its words, its kind (KINDS: how the list groups it), its cells, and
// for a whole room or region its index.
const KINDS = {
  "unheld balloon": "balloons with nothing holding them", "unheld iron": "iron balls with nothing under them",
  "no balloon": "rooms without a balloon", "no iron": "rooms without an iron ball",
  "balloons": "rooms with more than one balloon", "irons": "rooms with more than one iron ball",
  "no black": "regions without a black circle", "blacks": "regions with more than one black circle",
  "three black": "three black circles in a line", "line black": "lines with three or more black circles",
  "three white": "three white circles in a line",
};
function dfViolations(b, s, reading) {
  const out = [], C = b.cols;
  const above = (i, dr) => { const r = Math.floor(i / C) + dr;
    return r < 0 || r >= b.rows || b.owner[r * C + i % C] < 0 ? "#" : s[r * C + i % C]; };
  const held = (kind, n) => n === "#" || (reading === "official" && n === kind)
    || (reading === "loose" && (n === "o" || n === "*"));
  s.forEach((x, i) => {
    if (x === "o" && !held("o", above(i, -1))) out.push({rule: "a balloon with nothing holding it", kind: "unheld balloon", cells: [i]});
    if (x === "*" && !held("*", above(i, 1))) out.push({rule: "an iron ball with nothing under it", kind: "unheld iron", cells: [i]});
  });
  const PIECES = [["o", "a balloon", "balloons", "no balloon"], ["*", "an iron ball", "irons", "no iron"]];
  b.rooms.forEach((room, k) => PIECES.forEach(([piece, one, many, none]) => {
    const inside = room.filter(i => s[i] === piece);
    if (inside.length === 0) out.push({rule: `a room without ${one}`, kind: none, cells: [room[0]], room: k, whole: true});
    if (inside.length > 1) out.push({rule: `${inside.length} ${one.split(" ").slice(1).join(" ")}s in one room`, kind: many, cells: inside, room: k});
  }));
  return out;
}

function ndViolations(b, s, reading) {
  const out = [], R = b.rows, C = b.cols;
  const inside = (r, c) => r >= 0 && r < R && c >= 0 && c < C;
  const circle = (r, c) => inside(r, c) && b.cells[r * C + c] !== ".";
  b.rooms.forEach((region, k) => {
    const blacks = region.filter(i => s[i] === "#");
    if (blacks.length === 0) out.push({rule: "a region without a black circle", kind: "no black", cells: region, room: k, whole: true});
    if (blacks.length > 1) out.push({rule: `${blacks.length} black circles in one region`, kind: "blacks", cells: blacks, room: k});
  });
  const steps = reading === "no-diagonals" ? [[0, 1], [1, 0]] : [[0, 1], [1, 0], [1, 1], [1, -1]];
  for (const [dr, dc] of steps) for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    if (reading === "anywhere") {          // a whole line, from its first cell
      if (inside(r - dr, c - dc)) continue;
      const line = [];
      for (let y = r, x = c; inside(y, x); y += dr, x += dc) if (circle(y, x) && s[y * C + x] === "#") line.push(y * C + x);
      if (line.length >= 3) out.push({rule: "three or more black circles in one line", kind: "line black", cells: line});
      continue;
    }
    const three = [0, 1, 2].map(k => [r + k * dr, c + k * dc]);
    if (!three.every(([y, x]) => circle(y, x))) continue;
    const ids = three.map(([y, x]) => y * C + x), blacks = ids.filter(i => s[i] === "#").length;
    if (blacks === 3) out.push({rule: "three black circles in a line", kind: "three black", cells: ids});
    if (blacks === 0 && reading === "published") out.push({rule: "three white circles in a line", kind: "three white", cells: ids});
  }
  return out;
}

function violations(b, s, reading) { return (b.puzzle === DF ? dfViolations : ndViolations)(b, s, reading); }

// Where a broken rule is, in the board's labels: a cell (B3), a room or region by its first
// cell, pieces of one room (B2 and B5), a line from end to end (B2–D4).
function place(v) {
  if (v.whole) return pos(v.cells[0]);
  if (v.kind.startsWith("three") || v.kind === "line black") return `${pos(v.cells[0])}–${pos(v.cells[v.cells.length - 1])}`;
  const places = v.cells.map(pos);
  return places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places[places.length - 1]}` : places[0];
}
// The broken rules grouped by kind, SHOWN places each: [[kind words, count, text], ...].
function grouped(broken) {
  const groups = new Map();
  broken.forEach(v => groups.set(v.kind, [...(groups.get(v.kind) || []), place(v)]));
  return [...groups].map(([kind, places]) => [KINDS[kind], places.length,
    places.slice(0, SHOWN).join(", ") + (places.length > SHOWN ? ` and ${places.length - SHOWN} more` : "")]);
}

// === state ===
function start(b) {
  if (b.puzzle === DF) return b.owner.map(room => room < 0 ? "#" : ".");
  return [...b.cells].map(x => ({"B": "#", "W": "o", "o": "?", ".": "."})[x]);
}
function cycle(i) {
  const next = NEXT[board.puzzle][cells[i]];
  if (next === undefined || (board.cells && "BW".includes(board.cells[i]))) return;
  cells[i] = next;
  draw();
}
function matchesAnswer() {
  if (board.answer === null) return null;
  const differ = cells.filter((x, i) => board.puzzle === DF ? x !== board.answer[i]
    : (x === "#") !== (board.answer[i] === "#")).length;
  return differ;
}

// === drawing ===
const at = (i, dx, dy) => [i % board.cols + dx, Math.floor(i / board.cols) + dy];
function circle(i, r, cls) { const [x, y] = at(i, .5, .5); return `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`; }
function proofGlyph(i, code) {
  const [x, y] = at(i, .18, .18), fact = DATA.facts[code], base = {"_": "o", "^": "*", "+": "."}[code] || code;
  let g = {"o": `<circle class="open" cx="${x}" cy="${y}" r=".1"/>`, "w": `<circle class="open" cx="${x}" cy="${y}" r=".1"/>`,
    "*": `<circle cx="${x}" cy="${y}" r=".1"/>`, "#": `<circle cx="${x}" cy="${y}" r=".1"/>`,
    ".": `<path d="M${x - .08} ${y - .08}l.16 .16m0 -.16l-.16 .16"/>`}[base];
  if (base !== code) g += `<path d="M${x - .15} ${y + .15}l.3 -.3"/>`;
  return `<g class="proof" data-cell="${at(i, 0, 0).reverse()}" data-fact="${fact}">${g}</g>`;
}
function currentProof() {
  const rung = $("rung").value, byRung = board.proofs[$("reading").value];
  return rung && byRung ? byRung[rung] : null;
}
function draw() {
  const b = board, C = b.cols, reading = $("reading").value;
  const broken = violations(b, cells, reading), proof = currentProof();
  const pinned = new Set(proof ? proof.pinned : []);
  const badRooms = new Set(checking ? broken.filter(v => v.whole).map(v => v.room) : []);
  let svg = "";
  cells.forEach((x, i) => {
    const [cx, cy] = at(i, 0, 0), room = b.owner[i];
    const cls = room < 0 ? "black" : badRooms.has(room) ? "broken-room" : pinned.has(room) ? "pinned" : "";
    svg += `<rect class="cell ${cls}" data-i="${i}" data-cell="${cy},${cx}" data-state="${x}" x="${cx}" y="${cy}" width="1" height="1"/>`;
  });
  cells.forEach((x, i) => {                 // walls between rooms (regions)
    const [cx, cy] = at(i, 0, 0);
    if (cx + 1 < C && b.owner[i + 1] !== b.owner[i]) svg += `<line class="wall" x1="${cx + 1}" y1="${cy}" x2="${cx + 1}" y2="${cy + 1}"/>`;
    if (cy + 1 < b.rows && b.owner[i + C] !== b.owner[i]) svg += `<line class="wall" x1="${cx}" y1="${cy + 1}" x2="${cx + 1}" y2="${cy + 1}"/>`;
  });
  svg += `<rect class="frame" x="0" y="0" width="${C}" height="${b.rows}"/>`;
  for (let c = 0; c < C; c++) svg += `<text class="label" data-label="column" x="${c + .5}" y="-.35">${column(c)}</text>`;
  for (let r = 0; r < b.rows; r++) svg += `<text class="label" data-label="row" x="-.4" y="${r + .5}">${r + 1}</text>`;
  cells.forEach((x, i) => {
    if (b.puzzle === DF) { if (x === "o") svg += circle(i, .3, "piece balloon"); if (x === "*") svg += circle(i, .3, "piece iron"); return; }
    if (x === ".") return;
    svg += circle(i, .3, "piece " + {"#": "nd-black", "o": "white", "?": "unpainted"}[x]);
    if ("BW".includes(b.cells[i])) svg += circle(i, .4, "piece given-ring");
  });
  if (proof && proof.contradiction === null) [...proof.facts].forEach((code, i) => { if (DATA.facts[code]) svg += proofGlyph(i, code); });
  if (checking) broken.filter(v => !v.whole).forEach(v => v.cells.forEach(i => {   // a whole room is tinted instead
    const [x, y] = at(i, .08, .08);
    svg += `<rect class="broken" data-cell="${at(i, 0, 0).reverse()}" x="${x}" y="${y}" width=".84" height=".84"/>`;
  }));
  const [fx, fy] = at(focus, .05, .05);
  svg += `<rect class="focus" x="${fx}" y="${fy}" width=".9" height=".9"/>`;
  const grid = $("grid");
  grid.setAttribute("viewBox", `-0.85 -0.8 ${C + 0.95} ${b.rows + 0.9}`);
  grid.style.maxWidth = `${2.6 * (C + 1)}rem`;       // a small board stays small
  grid.innerHTML = svg;
  report(broken, reading, proof);
}

function report(broken, reading, proof) {
  const differ = matchesAnswer(), legal = broken.length === 0;
  const solved = legal && (differ === 0 || differ === null);
  $("status").textContent = solved ? "Solved."
    : legal ? `Solved under the rules of the ${reading} reading, but not the board's own answer.`
    : differ === 0 ? `This is the board's answer, but it breaks the rules of the ${reading} reading.`
    : "Not solved yet.";
  $("status").dataset.solved = String(solved);
  $("check").setAttribute("aria-pressed", String(checking));
  $("check").textContent = checking ? "Stop checking" : "Check";
  $("details").textContent = !checking ? ""
    : (differ === null ? "This board has no stored answer. " : differ === 0 ? "Every cell matches the board's answer. "
       : `${differ} cell${differ > 1 ? "s differ" : " differs"} from the board's answer. `)
      + (legal ? `No rule of the ${reading} reading is broken.`
         : `${broken.length} broken rule${broken.length > 1 ? "s" : ""} of the ${reading} reading, by kind:`);
  $("problems").replaceChildren(...(checking ? grouped(broken) : []).map(([kind, count, places]) => {
    const li = document.createElement("li");
    li.textContent = `${kind} (${count}): ${places}`;
    return li;
  }));
  const rung = $("rung").value, kind = board.puzzle === DF ? "rooms" : "regions", total = board.rooms.length;
  const rule = DATA.ladder[board.puzzle].find(([name]) => name === rung);
  $("rung-rule").textContent = rule ? `${rung}: ${rule[1]}` : "";
  const missing = DATA.noProofs[`${board.puzzle}/${reading}`];
  $("proof-status").textContent = !rung ? "" : missing ? `No proofs for this reading: ${missing}.`
    : proof.contradiction !== null ? `${rung} proves there is no answer: ${proof.contradiction}`
      + (proof.where.length ? ` (at ${proof.where.map(pos).join(", ")}).` : ".")
    : `${rung} pins ${proof.pinned.length} of ${total} ${kind}` + (proof.finished ? " and finishes the board." : `; a knot of ${total - proof.pinned.length} is left.`);
  const published = `${board.puzzle}/${reading}` === DATA.published && board.collection !== "published"
    && DATA.boards.some(b => b.collection === "published");
  $("published-note").hidden = !published;
}

// === pickers: puzzle, reading, collection, size (the bank's), board ===
function fill(select, items) { select.replaceChildren(...items.map(([value, text]) => new Option(text, value))); }
const puzzleBoards = () => DATA.boards.filter(b => b.puzzle === $("puzzle").value);
function offered() {        // the collections this puzzle has, the published bank only under its reading
  const here = new Set(puzzleBoards().map(b => b.collection));
  return DATA.collections.filter(([key]) => here.has(key)
    && (key !== "published" || `${$("puzzle").value}/${$("reading").value}` === DATA.published));
}
function pickPuzzle() {
  const puzzle = $("puzzle").value;
  fill($("reading"), DATA.readings[puzzle].map((r, k) => [r, k ? r : r + " (default)"]));
  fill($("rung"), [["", "none"], ...DATA.ladder[puzzle].map(([name]) => [name, name])]);
  document.querySelectorAll("[data-puzzle]").forEach(e => { e.hidden = e.dataset.puzzle !== puzzle; });
  fill($("collection"), offered());
  pickCollection();
}
function pickReading() {
  const kept = $("collection").value;
  fill($("collection"), offered());
  if ([...$("collection").options].some(o => o.value === kept)) { $("collection").value = kept; draw(); }
  else pickCollection();
}
function pickCollection() {
  const sized = SIZED.includes($("collection").value);
  $("size-label").hidden = !sized;
  const sizes = [...new Set(puzzleBoards().filter(b => b.collection === $("collection").value).map(b => b.size))];
  fill($("size"), sizes.map(s => [s, s.replace("x", "×")]));
  pickSize();
}
function pickSize() {
  const collection = $("collection").value, sized = SIZED.includes(collection);
  fill($("board"), puzzleBoards().filter(b => b.collection === collection && (!sized || b.size === $("size").value))
    .map(b => [b.index, sized ? b.name : `${b.name} (${b.size.replace("x", "×")})`]));
  pickBoard();
}
function pickBoard() {
  board = DATA.boards[+$("board").value];
  $("source").textContent = board ? board.source : "";
  $("link").hidden = !(board && board.link);
  if (board && board.link) $("link").href = board.link;
  reset();
}
function reset() { if (!board) return; cells = start(board); focus = 0; checking = false; draw(); }

function choose(puzzle, collection, name) {   // for tests and links: pick by names
  const b = DATA.boards.find(b => b.puzzle === puzzle && b.collection === collection && b.name === name);
  $("puzzle").value = puzzle; pickPuzzle();
  if (collection === "published") { $("reading").value = DATA.published.split("/")[1]; pickReading(); }
  $("collection").value = collection; pickCollection();
  $("size").value = b.size; pickSize();
  $("board").value = b.index; pickBoard();
}

$("puzzle").addEventListener("change", pickPuzzle);
$("reading").addEventListener("change", pickReading);
$("collection").addEventListener("change", pickCollection);
$("size").addEventListener("change", pickSize);
$("board").addEventListener("change", pickBoard);
$("rung").addEventListener("change", draw);
$("check").addEventListener("click", () => { checking = !checking; draw(); });
$("reset").addEventListener("click", reset);
$("grid").addEventListener("click", e => {
  const cell = e.target.closest("[data-i]");
  if (!cell) return;
  focus = +cell.dataset.i;
  cycle(focus);
});
$("grid").addEventListener("keydown", e => {
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (!board) return;
  if (moves[e.key]) {
    const r = Math.min(board.rows - 1, Math.max(0, Math.floor(focus / board.cols) + moves[e.key][0]));
    const c = Math.min(board.cols - 1, Math.max(0, focus % board.cols + moves[e.key][1]));
    focus = r * board.cols + c; draw();
  } else if (e.key === " " || e.key === "Enter") cycle(focus);
  else return;
  e.preventDefault();
});
window.play = {
  choose, state: () => cells.join(""), focus: () => focus,
  index: (puzzle, collection, name) => DATA.boards.findIndex(b => b.puzzle === puzzle && b.collection === collection && b.name === name),
  violations: (k, s, reading) => violations(DATA.boards[k], [...s], reading)
    .map(v => v.cells.map(i => [Math.floor(i / DATA.boards[k].cols), i % DATA.boards[k].cols])),
};
if (DATA.boards.length) pickPuzzle(); else $("status").textContent = "No boards were found.";
"""

_BODY = """
<h1>Dosun-Fuwari and Nondango</h1>
<div class="controls">
  <label>Puzzle <select id="puzzle">{puzzles}</select></label>
  <label>Reading <select id="reading"></select></label>
  <label>Boards <select id="collection"></select></label>
  <label id="size-label">Size <select id="size"></select></label>
  <label>Board <select id="board"></select></label>
</div>
<div class="controls">
  <label>Hint <select id="rung"></select></label>
  <button type="button" id="check" aria-pressed="false">Check</button>
  <button type="button" id="reset">Reset</button>
  <a id="link" hidden>open on puzz.link</a>
</div>
<p id="published-note" hidden>Boards made for the published rule: pick "the bank for the
published rule" under Boards.</p>
<main>
  <div id="board-wrap">
    <svg id="grid" xmlns="http://www.w3.org/2000/svg" tabindex="0" role="grid"
         aria-label="the board: click a cell, or use the arrow keys and space"></svg>
    <p class="small">File: <span id="source"></span></p>
  </div>
  <aside>
    <p id="status" aria-live="polite"></p>
    <p id="details"></p>
    <ul id="problems"></ul>
    <p id="rung-rule"></p>
    <p id="proof-status"></p>
    <section data-puzzle="dosun-fuwari">
      <p>Each room (white cells inside thick walls) holds one balloon and one iron ball, no
      more, no fewer. Balloons rise, so the cell right above a balloon is a cap or a balloon;
      iron balls fall, so the cell right below an iron ball is a cap or an iron ball. Each
      click on a cell moves it on: empty, balloon, iron ball, empty again.</p>
      <ul class="legend">
        <li>{balloon} balloon</li>
        <li>{iron} iron ball</li>
        <li>{black} black cell: part of no room</li>
        <li>{cap} cap: a black cell or the edge of the grid, which holds a balloon under it
            and an iron ball on it</li>
        <li>{wall} thick line: the wall between two rooms</li>
        {marks_df}
      </ul>
    </section>
    <section data-puzzle="nondango" hidden>
      <p>Each region (cells inside thick walls) has one black circle; its other circles are
      white. Under the write-up's reading, three neighbouring cells across, down or
      diagonally may not all hold black circles; the published rule forbids three white ones
      there too (pick it under Reading). Each click on a circle moves it on: unpainted,
      black, white, unpainted again.</p>
      <ul class="legend">
        <li>{ndblack} black circle: one per region</li>
        <li>{white} white circle: every other circle</li>
        <li>{unpainted} unpainted circle: not decided yet; counts as white</li>
        <li>{given} ringed circle: painted by the setter, fixed</li>
        <li>{wall} thick line: the wall between two regions</li>
        {marks_nd}
      </ul>
    </section>
    <p class="small">The hints are <code>ladder.py</code>'s proofs, computed when this page
    was written.</p>
  </aside>
</main>
"""


def _swatch(inner: str) -> str:
    return f'<svg viewBox="0 0 1 1" aria-hidden="true"><rect class="cell" width="1" height="1"/>{inner}</svg>'


_SWATCHES = {
    "balloon": _swatch('<circle class="balloon" cx=".5" cy=".5" r=".3"/>'),
    "iron": _swatch('<circle class="iron" cx=".5" cy=".5" r=".3"/>'),
    "black": _swatch('<rect class="cell black" width="1" height="1"/>'),
    "cap": _swatch('<rect class="cell black" width="1" height=".35"/>'
                   '<circle class="balloon" cx=".5" cy=".67" r=".28"/>'),
    "wall": _swatch('<line class="wall" x1=".5" y1="0" x2=".5" y2="1"/>'),
    "ndblack": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'),
    "white": _swatch('<circle class="white" cx=".5" cy=".5" r=".3"/>'),
    "unpainted": _swatch('<circle class="unpainted" cx=".5" cy=".5" r=".3"/>'),
    "given": _swatch('<circle class="nd-black" cx=".5" cy=".5" r=".3"/>'
                     '<circle class="given-ring" cx=".5" cy=".5" r=".4"/>'),
    "labels": '<svg viewBox="0 0 1 1" aria-hidden="true"><text class="label" x=".5" y=".5" '
              'style="font-size:.6px">B3</text></svg>',
    "proved": _swatch('<g class="proof"><circle cx=".5" cy=".5" r=".2"/></g>'),
    "broken": _swatch('<rect class="broken" x=".08" y=".08" width=".84" height=".84"/>'),
    "brokenroom": _swatch('<rect class="cell broken-room" width="1" height="1"/>'),
}


def _marks(puzzle: str) -> str:
    """The legend lines every board shares: labels, hint marks, check marks."""
    dosun = puzzle == "dosun-fuwari"
    proved = ("open circle: balloon; filled: iron ball; cross: empty; struck through: not that"
              if dosun else "filled: black; open: white")
    room = "room" if dosun else "region"
    lines = [
        ("labels", "letters and numbers along the board: its columns and rows; messages name "
                   "a cell by them (B3: column B, row 3)"),
        ("proved", f"blue mark, top left of a cell: what the hint's rung proves there ({proved}); "
                   f"a {room} it decides is shaded blue"),
        ("broken", "red dashed square: a cell of a broken rule, after Check"),
        ("brokenroom", f"pink: a {room} without "
                       f"{'a balloon or an iron ball' if dosun else 'a black circle'}, after Check"),
    ]
    return "\n        ".join(f"<li>{_SWATCHES[key]} {text}</li>" for key, text in lines)


def page(entries: Sequence[Entry], progress: Progress | None = None) -> str:
    """The whole page for `entries` as one HTML text: markup, style, the data of
    `page_data` as JSON, and the script.  Nothing is fetched at load time.  `progress` as
    in `page_data`."""
    data = json.dumps(page_data(entries, progress), separators=(",", ":")).replace("</", "<\\/")
    present = {ladder.genre_of(e.board) for e in entries}
    options = "".join(f'<option value="{p}">{html.escape(p.title())}</option>'
                      for p in PUZZLES if p in present)
    body = _BODY.format(puzzles=options, marks_df=_marks("dosun-fuwari"),
                        marks_nd=_marks("nondango"), **_SWATCHES)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="generator" content="{GENERATOR} ">\n'
            f'<title>Dosun-Fuwari and Nondango: play</title>\n<style>{_CSS}</style>\n</head>\n'
            f'<body>{body}<script type="application/json" id="data">{data}</script>\n'
            f'<script>{_SCRIPT}</script>\n</body>\n</html>\n')


def _digest(text: str) -> str:
    """A digest of a page with its own digest left out: it changes when anyone edits it."""
    blank = _MARK.sub(f'<meta name="generator" content="{GENERATOR} ">', text, count=1)
    return hashlib.sha256(blank.encode("utf-8")).hexdigest()[:16]


def _sealed(text: str) -> str:
    """The page with its digest written into the generator mark."""
    return _MARK.sub(f'<meta name="generator" content="{GENERATOR} {_digest(text)}">', text, count=1)


# === Command line ===

PAGE_LIMIT = 64 * 1024 * 1024   # bytes: a larger file at --out cannot be a page play.py wrote


def check_out(path: Path) -> None:
    """Whether the page may be written to `path`, asked before the page is built.

    Raises FileExistsError for anything but a regular file (looked at, never read), a
    file larger than PAGE_LIMIT, a file that play.py did not write, or one it wrote that
    has been edited since (its digest no longer matches); an empty file (nothing to
    lose) may be replaced.  Raises OSError for a folder, or a place whose folder is
    missing or cannot be written."""
    if path.is_dir():
        raise IsADirectoryError(f"{path}: a folder, not a file (choose another --out)")
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"{path}: no folder {folder} to write it in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"{path}: the folder {folder} cannot be written")
    files.check_replaceable(path)     # a FIFO, device or link is refused unread
    if not path.exists():
        return
    try:
        old = files.read_text(str(path), limit=PAGE_LIMIT)
    except common.BoardError as error:
        raise FileExistsError(f"{str(error).splitlines()[0]}; not overwriting it") from None
    if old == "":
        return
    mark = _MARK.search(old[:2000])
    if mark is None:
        raise FileExistsError(f"{path}: exists and was not written by play.py; "
                              f"not overwriting it (choose another --out)")
    if mark.group(1) != _digest(old):
        raise FileExistsError(f"{path}: written by play.py but edited since; not "
                              f"overwriting it (choose another --out)")


def write_page(path: Path, text: str) -> None:
    """Write the page `text` to `path`, sealed with its digest, atomically (a temporary
    file beside it, then a rename, so a killed run leaves the old page or none, never a
    half one).  Raises FileExistsError or OSError as `check_out` does, or OSError if it
    cannot write."""
    check_out(path)
    files.write_text_atomically(path, _sealed(text))


def main(argv: list[str] | None = None) -> int:
    """Write the play page (and open it unless --no-open); print its path, its size and
    where to open it, progress on stderr."""
    parser = cli.Parser(prog="play.py", description="Write the play page of every board.")
    cli.board_argument(parser, dest="sources", many=True,
                       more="; more boards, in the collection 'added on the command line'")
    parser.add_argument("--no-open", action="store_true",
                        help="only write the page and say where it is")
    parser.add_argument("--out", default="play.html", help="where to write it (default: play.html)")
    parser.add_argument("--boards", default=str(Path(__file__).resolve().parent.parent / "boards"),
                        help="the boards folder (default: the project's boards/)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        check_out(out)
        entries = collect(Path(args.boards)) + read_boards(args.sources)
        if not entries:
            raise ValueError(f"{args.boards}: no board files (expected dosun-fuwari/*.txt, "
                             f"nondango/*.txt or samples/*.txt inside it, or boards named "
                             f"on the command line)")
        text = page(entries, _progress)
        write_page(out, text)
    except (ValueError, OSError) as error:
        print(f"play.py: {error}".splitlines()[0], file=sys.stderr)
        return 2
    print(f"{out}: {len(entries)} boards, {out.stat().st_size:,} bytes")
    uri = out.resolve().as_uri()
    if args.no_open:
        print(f"to play, open {uri} in a browser")
    elif webbrowser.open(uri):
        print(f"opened {uri} in a browser")
    else:
        print(f"no browser could be opened here; to play, open {uri} in a browser")
    return 0


def _progress(done: int, total: int) -> None:
    """What each rung proves, board by board, on stderr: one line rewritten in place on a
    terminal; elsewhere a line at the start and one at the end."""
    text = f"play.py: working out what each rung proves: {done} of {total} boards"
    if sys.stderr.isatty():
        print("\r" + text, end="\n" if done == total else "", file=sys.stderr, flush=True)
    elif done in (1, total):
        print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    cli.run(main)
