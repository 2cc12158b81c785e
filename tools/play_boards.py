"""The play page's boards: which there are, and what the page is told of one.

The index is read from the boards folder's file names (a bank board is read only when a
player chooses it; the few lesson and sample boards are read to learn their puzzle), plus
the boards named on the command line or opened from the page.  Of a chosen board the page
gets its cells, its lesson (the file's own `;` notes, the claims they name, what to look
at), its `reading:` line, and whether a puzz.link link is offered: only when the board has
an answer under the rule puzz.link checks, else why not and the published bank's board in
its place.  Of the board under one reading it gets the answer count, whether the ladder
gives hints there (its budget) and from which level, the rung that proves there is no
answer, and the write-ups' ideas (tools/play_ideas.py).  The static page (`--out`) gets
all of it for every board and reading at once, with the ladder's trace of deductions.

Glossary (with an example value)
    entry       one board of the index: Entry("df-8x8-01", "bank", "dosun-fuwari", "8x8", …)
    collection  what the Boards picker offers (COLLECTIONS): "bank", "published",
                "samples", "added"; the bank and the published bank are split by size
    lesson      a board file's `;` notes with the claims they name, e.g. DF-12, and the
                ideas to turn on to see it: {"note": "…", "claims": [["DF-12", "…"]], …}
"""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path
from typing import Callable, Sequence

import common
import dosun_fuwari as df
import ladder
import nondango as nd
from checks import catalogue
from plumbing import boardfile, files, puzzlink
from tools import formats, play_ideas, play_ladder

__all__ = [
    "Board", "Entry", "PUZZLES", "BANK", "PUBLISHED", "SAMPLES", "ADDED", "COLLECTIONS",
    "PUBLISHED_FOLDER", "LOOK_AT", "RULES", "readings", "index", "added", "opened",
    "board_reading", "lesson", "link_offer", "board_data", "reading_data", "static_data",
    "LOOSE_TOP", "LOOSE_CELLS", "check_budget",
]

Board = df.Board | nd.Board
Progress = Callable[[int, int], None]  # progress(boards done, boards in all)

PUZZLES = ("dosun-fuwari", "nondango")
BANK, PUBLISHED, SAMPLES, ADDED = "bank", "published", "samples", "added"
COLLECTIONS = {             # in the order the Boards picker offers them, with its words
    BANK: "the bank",
    PUBLISHED: "the bank for the published rule",
    SAMPLES: "lessons and samples",
    ADDED: "added boards",
}
PUBLISHED_FOLDER = "nondango-published"   # Nondango boards made for the published rule
_FOLDERS = ((PUZZLES[0], BANK, PUZZLES[0]), (PUZZLES[1], BANK, PUZZLES[1]),
            (PUBLISHED_FOLDER, PUBLISHED, PUZZLES[1]), (SAMPLES, SAMPLES, None))
_SIZE = re.compile(r"(\d+)x(\d+)")
_CLAIM = re.compile(r"\b(?:DF|ND|X)-\d\d\b")

# The rules as each reading states them, above the board: the Dosun-Fuwari write-up's own
# opening for the official reading, and each other reading's difference from it.
_ROOMS = ("The white cells are cut into rooms. Put exactly one balloon and one iron ball in "
          "every room. ")
_REGIONS = ("The cells are cut into regions (inside thick walls). Paint exactly one circle of "
            "each region black; its other circles are white. ")
RULES = {
    "dosun-fuwari": {
        "official": _ROOMS + "Balloons are light and float, so a balloon has to sit in the top "
                    "row, or directly under a black cell, or directly under another balloon. Iron "
                    "balls are heavy and sink, so an iron ball has to sit in the bottom row, or "
                    "directly over a black cell, or directly over another iron ball.",
        "loose": _ROOMS + "The loose reading of \"held by another piece\": a balloon sits in the "
                 "top row, under a black cell or under any piece, balloon or iron ball; an iron "
                 "ball sits in the bottom row, over a black cell or over any piece.",
        "no-stacking": _ROOMS + "The no-stacking reading: a balloon sits in the top row or "
                       "directly under a black cell, an iron ball in the bottom row or directly "
                       "over a black cell; pieces never hold each other.",
    },
    "nondango": {
        "write-up": _REGIONS + "The write-up's reading: three circles in consecutive cells of a "
                    "row, a column or a diagonal may not all be black.",
        "published": _REGIONS + "The published rule (Nikoli, puzz.link): three circles in "
                     "consecutive cells of a row, a column or a diagonal may not all be one "
                     "colour, black or white.",
        "no-diagonals": _REGIONS + "The no-diagonals reading: three circles in consecutive cells "
                        "of a row or a column may not all be black; diagonals are free.",
        "anywhere": _REGIONS + "The anywhere reading: no row, column or diagonal may hold three or "
                    "more black circles, neighbours or not.",
    },
}
LOOK_AT = {   # a claim a lesson names → the ideas (tools/play_ideas.py) that show it
    "DF-02": ("runs",), "DF-03": ("runs", "placement"), "DF-04": ("placement",),
    "DF-11": ("runs",), "DF-12": ("runs", "starved"), "DF-13": ("runs", "starved"),
    "DF-14": ("starved",), "DF-15": ("starved", "runs"), "DF-17": ("starved", "runs"),
    "ND-02": ("dead",), "ND-03": ("live", "dead"), "ND-05": ("certificates",),
    "ND-06": ("live", "certificates"), "ND-07": ("groups",), "ND-09": ("groups",),
    "X-01": ("dead", "live"),
}
LADDER_CLAIM = {"dosun-fuwari": "DF-18", "nondango": "ND-16"}


def readings(puzzle: str) -> tuple[str, ...]:
    """The rule readings of a puzzle, its default first."""
    return df.READINGS if puzzle == "dosun-fuwari" else nd.READINGS


# === The index ===

@dataclasses.dataclass
class Entry:
    """One board of the index: its name (the file's stem, or a link's genre and size), its
    collection and puzzle, its size as the name gives it (for the Size picker), how the
    page shows its source, and where to read it: a `path` read when the board is first
    asked for, or the board and text already read (`loaded`, `text`); `from_link` when
    the board came from a puzz.link link or a pzprv3 text (given as it is or in a file)."""

    name: str
    collection: str
    puzzle: str
    size: str | None
    source: str
    path: Path | None = None
    loaded: Board | None = None
    text: str = ""
    from_link: bool = False

    @property
    def board(self) -> Board:
        """The board, read from `path` the first time (BoardError, naming the file, for a
        file that does not parse or holds the other puzzle)."""
        if self.loaded is None:
            self.text = files.read_text(str(self.path))
            board = formats.read_text(self.text, self.source)
            if ladder.genre_of(board) != self.puzzle:
                raise common.BoardError(f"{self.source}: a {ladder.genre_of(board)} board in "
                                        f"a folder of {self.puzzle} boards")
            self.loaded = board
        return self.loaded


def _size(name: str) -> str | None:
    found = _SIZE.search(name)
    return f"{found[1]}x{found[2]}" if found else None


def _order(entry: Entry) -> tuple:
    size = _size(entry.size or "") or "0x0"
    rows, cols = map(int, size.split("x"))
    return (PUZZLES.index(entry.puzzle), list(COLLECTIONS).index(entry.collection),
            rows * cols, entry.name)


def _shown(boards_dir: Path, path: Path) -> str:
    """The path as the page shows it: from the boards folder's own name down."""
    return (Path(boards_dir.resolve().name)
            / path.resolve().relative_to(boards_dir.resolve())).as_posix()


def index(boards_dir: Path) -> list[Entry]:
    """Every board file of `boards_dir`, unread: `dosun-fuwari/*.txt` and `nondango/*.txt`
    in the bank, `nondango-published/*.txt` in the published bank, `samples/*.txt` among
    the lessons and samples (read now, to learn their puzzle); missing folders are skipped.
    Raises ValueError when `boards_dir` is not a folder, BoardError for a sample that does
    not parse."""
    if not boards_dir.is_dir():
        raise ValueError(f"{boards_dir}: not a folder of boards")
    entries = []
    for folder, collection, puzzle in _FOLDERS:
        for path in sorted((boards_dir / folder).glob("*.txt")):
            shown = _shown(boards_dir, path)
            entry = Entry(path.stem, collection, puzzle or "", _size(path.stem), shown, path)
            if puzzle is None:
                entry.text = files.read_text(str(path))
                entry.loaded = formats.read_text(entry.text, shown)
                entry.puzzle = ladder.genre_of(entry.loaded)
                entry.size = f"{entry.loaded.rows}x{entry.loaded.cols}"
            entries.append(entry)
    return sorted(entries, key=_order)


def _entry_of(board: Board, name: str, source: str, text: str, from_link: bool) -> Entry:
    return Entry(name, ADDED, ladder.genre_of(board), f"{board.rows}x{board.cols}", source,
                 loaded=board, text=text, from_link=from_link)


def _link_name(board: Board, taken: set[str]) -> str:
    genre = formats.module_of(board).PZPRJS_GENRE
    name = base = f"{genre} {board.rows}×{board.cols} link"
    number = 1
    while name in taken:
        number += 1
        name = f"{base} {number}"
    return name


def added(sources: Sequence[str], taken: Sequence[Entry] = ()) -> list[Entry]:
    """Boards named on the command line (a board file, a puzz.link link or a pzprv3 text),
    read now, in the collection "added": a file named by its name, a link or text by its
    puzz.link genre and size ("dosufuwa 5×5 link"; a second of the same, "… link 2").
    Raises BoardError as `formats.read` does."""
    names = {e.name for e in taken if e.collection == ADDED}
    entries = []
    for source in sources:
        board = formats.read(source)
        if Path(source).is_file():
            name, text = Path(source).stem, files.read_text(source)
        else:
            name, text = _link_name(board, names), ""
        names.add(name)
        entries.append(_entry_of(board, name, source if text else "a link", text,
                                 formats.from_link(source)))
    return entries


def opened(text: str, name: str | None, taken: Sequence[Entry]) -> Entry:
    """A board opened from the page: a board file's text (`name`: the file's name) or, with
    `name` None, a puzz.link link or pzprv3 text; no file of this machine is read.  Raises
    BoardError as `formats.read_text`, and for a link that is not puzz.link's (nor of a
    site running pzprjs) one that says so."""
    link = puzzlink.looks_like_url_or_pzprv3(text)
    if name is None and not link:
        raise common.BoardError(f"{puzzlink.named(text.strip())}: not a puzz.link link (one "
                                f"like https://puzz.link/p?nondango/6/6/…) nor a pzprv3 text")
    board = formats.read_text(text.strip() if name is None else text, name)
    names = {e.name for e in taken if e.collection == ADDED}
    if name is None:
        return _entry_of(board, _link_name(board, names), "a link opened on the page", "", True)
    stem = Path(name).stem or "board"
    unique, number = stem, 1
    while unique in names:
        number += 1
        unique = f"{stem} ({number})"
    return _entry_of(board, unique, f"{name} (opened on the page)", text, link)


# === What the page is told of a board ===

def board_reading(entry: Entry) -> tuple[str | None, str]:
    """The reading a board is meant for, and why in a few words, as every command picks it
    (plumbing/cli.py's `board_reading`): its file's `reading:` line; else, for a board from
    a puzz.link link or pzprv3 text, the rule puzz.link checks (the puzzle's LINK_READING);
    else (None, "").  The page opens a board under it until the player picks a reading.
    # board_reading(the entry of a nondango link) → ('published', 'the rule puzz.link checks')"""
    named = boardfile.reading_of(entry.board.metadata)
    if named:
        return named, "its file's reading: line"
    if entry.from_link:
        return formats.module_of(entry.board).LINK_READING, "the rule puzz.link checks"
    return None, ""


LESSON_KEY = "lesson"   # a board file's `lesson:` lines: the lesson the page shows


def lesson(entry: Entry) -> dict | None:
    """A board file's lesson: its `lesson:` lines in one paragraph (`note`; a `;` comment
    is the file's own and is not shown), the claims it names with each claim's statement
    (`claims`: [[ID, statement]]), the ideas to turn on to see it (`look`, LOOK_AT), and
    per reading the hint level it opens at (`rungs`, `lesson_rung`); None for a board
    without a lesson."""
    lines = [value for key, value in entry.board.metadata if key == LESSON_KEY]
    if not lines:
        return None
    note = " ".join(lines)
    ids = list(dict.fromkeys(_CLAIM.findall(note)))
    claims = [[i, catalogue.CLAIM_BY_ID[i].statement] for i in ids if i in catalogue.CLAIM_BY_ID]
    look = list(dict.fromkeys(key for i in ids for key in LOOK_AT.get(i, ())))
    rungs = {r: lesson_rung(entry.board, r) for r in readings(entry.puzzle)}
    return {"note": note, "claims": claims, "look": look, "rungs": rungs}


def lesson_rung(board: Board, reading: str) -> dict | None:
    """The hint level a lesson board opens at under `reading`: its grade (`ladder.grade`,
    the lowest rung that decides every cell or proves there is no answer), as `level` and
    a sentence (`text`) saying so and, for a rung above the lowest, how many cells the rung
    below leaves undecided; None when no rung decides the board (more than one answer) or
    the ladder refuses it.  [DF-19, ND-16]"""
    try:
        grade = ladder.grade(board, reading)
    except common.BoardError:
        return None
    if not grade.finished:
        return None
    names = [name for name, _ in ladder.LADDER[ladder.genre_of(board)]]
    level = names.index(grade.rung)
    if grade.steps[-1].contradiction:
        return {"level": level, "text": f"Hint level {grade.rung}: the lowest rung that proves "
                                        f"this board has no answer under the {reading} reading."}
    text = (f"Hint level {grade.rung}: the lowest rung that decides every cell of this board "
            f"under the {reading} reading (its grade)")
    if level > 0:
        below = ladder.prove(board, names[level - 1], reading)
        left = play_ladder.left_undecided(board, below)
        text += (f"; the {names[level - 1]} rung below it stalls here with {len(left)} "
                 f"cell{'s' if len(left) != 1 else ''} left undecided")
    return {"level": level, "text": text + "."}


_LINK_RULE = {"dosun-fuwari": "the official rule",
              "nondango": "the published rule, no three circles of one colour in a line"}


def link_offer(entry: Entry, entries: Sequence[Entry]) -> dict:
    """Whether the page offers the board's puzz.link link: `url` only when the board has an
    answer under the rule puzz.link checks (LINK_READING), else None with `why` and, for a
    bank board, `instead`: the name of the published bank's board of the same size and
    number.  `why` also says when puzz.link would find more than one answer."""
    board = entry.board
    module = formats.module_of(board)
    try:
        url = formats.url(board)
        count = module.count_answers(board, module.LINK_READING, 2)
    except common.BoardError as error:
        return {"url": None, "why": f"No puzz.link link: {error}.", "instead": None}
    if count.count == 0:
        wanted = entry.name.replace("nd-", "ndp-", 1)
        instead = next((e for e in entries if e.collection == PUBLISHED and e.name == wanted), None)
        instead = instead or next((e for e in entries if e.collection == PUBLISHED
                                   and e.size == entry.size), None)
        offer = (f" The bank made for that rule has boards that play there: {instead.name}."
                 if instead else "")
        return {"url": None, "instead": instead.name if instead else None,
                "why": f"No puzz.link link: puzz.link checks {_LINK_RULE[entry.puzzle]}, and "
                       f"under it this board has no answer.{offer}"}
    many = count.count > 1
    return {"url": url, "instead": None,
            "why": f"puzz.link checks {_LINK_RULE[entry.puzzle]}, and under it this board has "
                   f"more than one answer." if many else ""}


def _owner(board: Board) -> list[int]:
    """Per cell in reading order, its room (region) index; -1 for a black cell."""
    owner = df.room_of(board) if isinstance(board, df.Board) else nd.region_of(board)
    return [owner.get((r, c), -1) for r in range(board.rows) for c in range(board.cols)]


def _nd_cells(board: nd.Board) -> str:
    def token(cell) -> str:
        if cell in board.given_black:
            return "B"
        if cell in board.given_white:
            return "W"
        return "o" if cell in board.circles else "."
    return "".join(token((r, c)) for r in range(board.rows) for c in range(board.cols))


def board_data(entry: Entry, entries: Sequence[Entry]) -> dict:
    """What the page is told of a board whatever the reading: name, puzzle, collection,
    size, source, rows, cols, `owner` (room or region per cell, -1 black), `cells`
    (Nondango: ".oBW" per cell; Dosun-Fuwari None), `reading` and `readingWhy` (the
    reading the board is meant for and why, `board_reading`), `link` (`link_offer`),
    `lesson`.  The stored answer is not sent: the page judges the marks by the rules
    alone.  Raises BoardError as `Entry.board`."""
    board = entry.board
    reading, why = board_reading(entry)
    return {
        "name": entry.name, "puzzle": entry.puzzle, "collection": entry.collection,
        "size": f"{board.rows}x{board.cols}", "source": entry.source,
        "rows": board.rows, "cols": board.cols, "owner": _owner(board),
        "cells": None if entry.puzzle == "dosun-fuwari" else _nd_cells(board),
        "reading": reading, "readingWhy": why, "link": link_offer(entry, entries),
        "lesson": lesson(entry),
    }


def reading_data(board: Board, reading: str) -> dict:
    """What the page is told of a board under one reading: `count` and `capped` (the
    engine's answer count up to its cap; count None with `countWhy` when the engine refuses
    the board), `hints` (`refusal`: why the ladder gives none here, or None; `default`: the
    level the picker starts at, probe, the strongest rung below search; `top`: the highest
    level with hints), `noAnswer` (for a board without an answer, the sentence naming the
    rung that proves it, and its cells), and `ideas` (tools/play_ideas.py; {"why":
    sentence} past an engine's front door).  [DF-18, ND-16]"""
    return _reading_data(board, reading, play_ladder.budget_refusal(board, reading))


def _reading_data(board: Board, reading: str, refusal: str | None) -> dict:
    """`reading_data`, with the ladder's `refusal` already known."""
    out: dict = {"count": None, "capped": False, "countWhy": None, "noAnswer": None}
    try:
        out["ideas"] = play_ideas.ideas(board, reading)
    except common.BoardError as error:      # past an engine's front door
        out["ideas"] = {"why": f"The ideas are not drawn on this board under the {reading} "
                               f"reading: {error}."}
    try:
        count = _count(board, reading, out["ideas"])
        out["count"], out["capped"] = count.count, count.capped
    except common.BoardError as error:
        out["countWhy"] = (f"The engine does not count this board under the {reading} reading: "
                           f"{error}.")
    rungs = len(ladder.LADDER[ladder.genre_of(board)])
    if refusal:
        out["hints"] = {"refusal": refusal, "default": None, "top": -1}
    else:
        out["hints"] = {"refusal": None, "default": rungs - 2, "top": rungs - 1}
    if out["count"] == 0:
        out["noAnswer"] = _no_answer(board, reading, refusal)
    return out


def _count(board: Board, reading: str, ideas: dict) -> common.Count:
    """The engine's answer count.  A Nondango board's is the product of its groups' counts,
    each up to the cap (ND-07, `nondango.count_answers`), and the ideas have just counted
    each group: Count(min(product, cap), product >= cap) is that count, without counting
    every group a second time.  Raises BoardError as `count_answers`."""
    if isinstance(board, nd.Board) and "product" in ideas:
        product = int(ideas["product"]["value"])
        return common.Count(min(product, nd.COUNT_CAP), product >= nd.COUNT_CAP)
    engine = df if isinstance(board, df.Board) else nd
    return engine.count_answers(board, reading)


def _no_answer(board: Board, reading: str, refusal: str | None) -> dict:
    """The sentence of a board without an answer: the rung that proves it and its cells,
    or, where the ladder refuses the board, the engine's word alone."""
    found, why = None, refusal
    if not refusal:
        try:
            found = play_ladder.no_answer(board, reading)
        except common.BoardError as error:        # a rung past an engine's front door
            why = str(error)
    if found:
        return {"text": found.text, "where": _indices(board, found.where)}
    return {"text": f"This board has no answer under the {reading} reading (the engine finds "
                    f"none); the ladder does not say which rung proves it: {why}", "where": []}


def _indices(board: Board, cells) -> list[int]:
    return [r * board.cols + c for r, c in cells]


# === The static page: every board, traced ahead ===
# Under the loose reading the rungs above `profile` take seconds per 8x8 board (the run
# domains grow like A095263), and `profile` alone takes 7 s on a 12x12 bank board: the trace
# stops below `probe` there, and only boards of at most LOOSE_CELLS cells get one (an 8x8
# board: 0.3 s CPU).
LOOSE_TOP = "profile"
LOOSE_CELLS = 64


def check_budget(entries: Sequence[Entry]) -> None:
    """Hold each board to the ladder's budget before any is traced: its
    `ladder.seconds_estimate` summed over the readings traced up to probe (all but loose,
    LOOSE_TOP) against LADDER_SECONDS, and a Dosun-Fuwari board to the loose count's front
    door.  Measured: a generated 20x20 Nondango board, predicted 11.8 s over its four
    readings (so refused), costs the page 7.3 s of CPU.  One BoardError, naming the board."""
    for entry in entries:
        traced = [r for r in readings(entry.puzzle)
                  if (entry.puzzle, r) != ("dosun-fuwari", "loose")]
        try:
            seconds = sum(ladder.seconds_estimate(entry.board, r) for r in traced)
            if seconds > ladder.LADDER_SECONDS:
                raise common.BoardError(f"too large for the play page: about "
                                        f"{math.ceil(seconds):,} s of work on this machine "
                                        f"(at most {ladder.LADDER_SECONDS} s per board)")
            if entry.puzzle == "dosun-fuwari":      # untraced, but counted: the count's front door
                df.check_size(entry.board, "loose")
        except common.BoardError as error:
            message = str(error)
            raise common.BoardError(message if message.startswith(entry.source)
                                    else f"{entry.source}: {message}") from None


def _static_reading(board: Board, reading: str) -> dict:
    """`reading_data` with the trace of deductions (`play_ladder.encode_trace`'s keys) and
    what "Next deduction" says at each level once the marks keep every rule
    (`solvedWords`, `play_ladder.traced_solved_words`) or, where none is worked out, `missing`,
    the reason (LOOSE_CELLS); hints from the trace.
    `check_budget` has held the board to the ladder's budget, so no reading is refused."""
    top = None
    if (ladder.genre_of(board), reading) == ("dosun-fuwari", "loose"):
        if board.rows * board.cols > LOOSE_CELLS:
            missing = (f"under the loose reading the static page traces boards of at most "
                       f"{LOOSE_CELLS} cells, as its rungs take seconds on larger ones")
            out = _reading_data(board, reading, f"No hints on this board under the loose "
                                                f"reading: {missing}.")
            out["missing"] = missing
            return out
        top = LOOSE_TOP
    out = _reading_data(board, reading, None)
    trace = play_ladder.trace(board, reading, top)
    out.update(play_ladder.encode_trace(board, trace))
    probe = len(ladder.LADDER[ladder.genre_of(board)]) - 2
    out["hints"] = {"refusal": None, "default": min(out["top"], probe), "top": out["top"]}
    count = None if out["count"] is None else common.Count(out["count"], out["capped"])
    out["solvedWords"] = play_ladder.traced_solved_words(board, reading, trace, count)
    return out


def static_data(entries: Sequence[Entry], progress: Progress | None = None) -> list[dict]:
    """Every board with `board_data` and, per reading, `_static_reading` (`readings`), for
    the page written with --out.  Holds every board to the budget first (`check_budget`).
    `progress(done, total)`, if given, is called after each board."""
    check_budget(entries)
    boards = []
    for entry in entries:
        data = board_data(entry, entries)
        data["readings"] = {r: _static_reading(entry.board, r) for r in readings(entry.puzzle)}
        boards.append(data)
        if progress:
            progress(len(boards), len(entries))
    return boards
