"""The board bank: 72 Dosun-Fuwari and 72 Nondango boards, regenerated from their seeds.

    python bank.py build              write every missing board file (and the README table)
    python bank.py build df-8x8-07    only these boards
    python bank.py build --force      also overwrite files that differ from a fresh draw
    python bank.py check              regenerate every board in memory; exit 1 if a file differs
    python bank.py list               print the bank table

Each board is one file in `boards/dosun-fuwari/` or `boards/nondango/`, in the format of
`boards/README.md`, with its answer and these `key: value` lines: size, seed, command,
grade (the lowest rung of `ladder.py` that finishes it), starved rooms or white circles,
and its puzz.link link.

Glossary
    set        one of the four sets of 36 boards: df-8x8, df-12x12, nd-8x8, nd-12x12
    name       a board's name, its set and number: `df-8x8-07`
    base seed  the first seed tried for a board: 1,000,000 × set number + 1,000 × board number
    attempt    the seeds after the base seed, tried in order until a draw is accepted

What is accepted:
    Dosun-Fuwari  the first board of `dosun_fuwari.unique_board`: a trivial board starved by
                  the write-up's step until it has k starved rooms, kept when it has exactly
                  one answer.  k cycles over 2, 3, 4 at 8×8 and 4 … 8 at 12×12, so the medians
                  are the write-up's 3 and 6.  Nothing else is asked: the grade is measured
                  and written in the file, not required (the write-up reports "every one
                  needs profile" as a finding, DF-19).
    Nondango      a board from `nondango.bank_board`: every certified white circle that keeps
                  the board unique under the write-up's reading, no three white circles in a
                  line, so the answer holds under the published rule too (X-02).

Files are written atomically (a temporary file in the same folder, then a rename), and a
file that differs from a fresh draw is never overwritten without --force.

Roads not taken: a single JSON file for the bank was rejected: a board is something a
person reads, opens in puzz.link and edits, one file each.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

import cli
import dosun_fuwari as df
import ladder
import nondango as nd
import formats
from common import BoardError

__all__ = ["BANK_DIR", "SETS", "Entry", "entries", "draw", "file_text", "path_of",
           "load_bank", "build", "check", "main"]

BANK_DIR = Path(__file__).resolve().parent / "boards"
BOARDS_PER_SET = 36
MAX_ATTEMPTS = 500


class BoardSet(NamedTuple):
    """One set of the bank: its name prefix, genre folder, size, and number (for seeds)."""

    prefix: str
    folder: str
    rows: int
    cols: int
    number: int
    starved: tuple[int, ...] = ()  # Dosun-Fuwari: k for board i is starved[i % len]


SETS = (
    BoardSet("df-8x8", "dosun-fuwari", 8, 8, 1, (2, 3, 4)),
    BoardSet("df-12x12", "dosun-fuwari", 12, 12, 2, (4, 5, 6, 7, 8)),
    BoardSet("nd-8x8", "nondango", 8, 8, 3),
    BoardSet("nd-12x12", "nondango", 12, 12, 4),
)


class Entry(NamedTuple):
    """One board of the bank: its set, its number 1..36, and its name."""

    set: BoardSet
    index: int

    @property
    def name(self) -> str:
        return f"{self.set.prefix}-{self.index:02d}"

    @property
    def base_seed(self) -> int:
        return 1_000_000 * self.set.number + 1_000 * self.index


def entries(names: list[str] | None = None) -> list[Entry]:
    """Every entry of the bank in order, or those named (ValueError for an unknown name)."""
    every = [Entry(s, i) for s in SETS for i in range(1, BOARDS_PER_SET + 1)]
    if not names:
        return every
    by_name = {e.name: e for e in every}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise ValueError(f"unknown board name {', '.join(unknown)}; names look like df-8x8-07")
    return [by_name[n] for n in names]


def path_of(entry: Entry) -> Path:
    """Where the entry's file lives: boards/<genre>/<name>.txt."""
    return BANK_DIR / entry.set.folder / f"{entry.name}.txt"


# === Drawing one board ===

def _draw_df(entry: Entry) -> tuple[df.Board, int, str, str]:
    k = entry.set.starved[(entry.index - 1) % len(entry.set.starved)]
    for attempt in range(MAX_ATTEMPTS):
        seed = entry.base_seed + attempt
        try:
            board = df.unique_board(seed, entry.set.rows, entry.set.cols, k)
        except ValueError:
            continue
        starved = df.starved_rooms(board)
        return board, seed, f"{len(starved)} ({', '.join(map(str, starved))})", ladder.grade(board).rung
    raise RuntimeError(f"{entry.name}: no accepted board in {MAX_ATTEMPTS} seeds")


def _draw_nd(entry: Entry) -> tuple[nd.Board, int, str, str]:
    seed = entry.base_seed
    board = nd.bank_board(entry.set.rows, entry.set.cols, seed)
    whites = len(board.circles) - len(board.regions)
    return board, seed, str(whites), ladder.grade(board).rung


def draw(entry: Entry) -> str:
    """The file text of one bank board, drawn afresh from its seed (deterministic)."""
    if entry.set.folder == "dosun-fuwari":
        board, seed, note, grade = _draw_df(entry)
        key = "starved-rooms"
    else:
        board, seed, note, grade = _draw_nd(entry)
        key = "white-circles"
    metadata = (
        ("name", entry.name),
        ("size", f"{entry.set.rows}x{entry.set.cols}"),
        ("seed", str(seed)),
        ("command", f"python bank.py build {entry.name} --force"),
        ("grade", grade),
        (key, note),
        ("url", formats.url(board)),
    )
    return file_text(dataclasses.replace(board, metadata=metadata))


def file_text(board: df.Board | nd.Board) -> str:
    """The board file text of a bank board (its genre module's picture)."""
    module = df if isinstance(board, df.Board) else nd
    return module.picture(board)


def load_bank(folder: str) -> list:
    """Every bank board of one genre folder ('dosun-fuwari' or 'nondango'), in name order.

    Raises FileNotFoundError when the folder holds no board; BoardError on a bad file.
    """
    module = df if folder == "dosun-fuwari" else nd
    paths = sorted((BANK_DIR / folder).glob("*.txt"))
    if not paths:
        raise FileNotFoundError(f"no bank boards in {BANK_DIR / folder}; run python bank.py build")
    return [module.load(str(p)) for p in paths]


# === Writing files ===

def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


class Outcome(NamedTuple):
    """What building did to one file: 'written', 'unchanged', or 'differs' (left alone)."""

    name: str
    status: str


def _draw_named(name: str) -> tuple[str, str]:
    return name, draw(entries([name])[0])


def _draw_all(chosen: list[Entry], jobs: int, progress) -> dict[str, str]:
    names = [e.name for e in chosen]
    texts: dict[str, str] = {}
    if jobs <= 1:
        results = map(_draw_named, names)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_draw_named, names)
    for name, text in results:
        texts[name] = text
        if progress:
            progress(f"{name} ({len(texts)}/{len(names)})")
    if jobs > 1:
        pool.shutdown()
    return texts


def build(names: list[str] | None = None, force: bool = False, jobs: int = 1,
          progress=None) -> list[Outcome]:
    """Draw the named boards (default: all) and write the files that are missing.

    A file that exists and differs is left alone unless `force`; returns one Outcome
    per board.  Also rewrites the bank table in boards/README.md.
    """
    chosen = entries(names)
    texts = _draw_all(chosen, jobs, progress)
    outcomes = []
    for entry in chosen:
        path, text = path_of(entry), texts[entry.name]
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            outcomes.append(Outcome(entry.name, "unchanged"))
        elif old is not None and not force:
            outcomes.append(Outcome(entry.name, "differs"))
        else:
            _write_atomically(path, text)
            outcomes.append(Outcome(entry.name, "written"))
    _write_table()
    return outcomes


def check(names: list[str] | None = None, jobs: int = 1, progress=None) -> list[Outcome]:
    """Draw the named boards (default: all) in memory and compare each with its file.

    Returns one Outcome per board: 'same', 'missing', 'differs', or 'differs, and does
    not parse: <the error>'.  Writes nothing.
    """
    chosen = entries(names)
    texts = _draw_all(chosen, jobs, progress)
    outcomes = []
    for entry in chosen:
        path = path_of(entry)
        if not path.exists():
            outcomes.append(Outcome(entry.name, "missing"))
        elif path.read_text(encoding="utf-8") == texts[entry.name]:
            outcomes.append(Outcome(entry.name, "same"))
        else:
            try:
                _module(entry).load(str(path))
                outcomes.append(Outcome(entry.name, "differs"))
            except BoardError as error:
                outcomes.append(Outcome(entry.name, f"differs, and does not parse: {error}"))
    return outcomes


# === The table in boards/README.md ===

TABLE_START = "<!-- bank table: written by `python bank.py build`; edits inside are replaced -->"
TABLE_END = "<!-- end of bank table -->"


def table() -> str:
    """The bank table in Markdown: one row per existing bank file (a file that no longer
    parses gets a row that says so)."""
    lines = ["| board | size | grade | starved rooms / white circles | seed | puzz.link |",
             "|---|---|---|---|---|---|"]
    for entry in entries():
        path = path_of(entry)
        if not path.exists():
            continue
        link = f"[{entry.name}]({entry.set.folder}/{path.name})"
        try:
            meta = dict(_module(entry).load(str(path)).metadata)
        except BoardError as error:
            lines.append(f"| {link} | does not parse: {error} | | | | |")
            continue
        note = meta.get("starved-rooms", meta.get("white-circles", ""))
        lines.append(f"| {link} | {meta.get('size', '')} | {meta.get('grade', '')} | {note} "
                     f"| {meta.get('seed', '')} | [open]({meta.get('url', '')}) |")
    return "\n".join(lines)


def _module(entry: Entry):
    return df if entry.set.folder == "dosun-fuwari" else nd


def _write_table() -> None:
    readme = BANK_DIR / "README.md"
    text = readme.read_text(encoding="utf-8")
    block = f"{TABLE_START}\n\n{table()}\n\n{TABLE_END}"
    if TABLE_START in text and TABLE_END in text:
        head, rest = text.split(TABLE_START, 1)
        tail = rest.split(TABLE_END, 1)[1]
        new = head + block + tail
    else:
        new = text.rstrip("\n") + "\n\n" + block + "\n"
    if new != text:
        _write_atomically(readme, new)


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    """`build`, `check` or `list`; exit 0, or 1 when check finds a difference or build
    leaves a differing file alone, 2 on a bad command line."""
    parser = cli.Parser(prog="bank.py", description="Build or check the board bank.")
    parser.add_argument("action", choices=("build", "check", "list"))
    parser.add_argument("names", nargs="*", metavar="NAME", help="boards, e.g. df-8x8-07 (default: all)")
    parser.add_argument("--force", action="store_true", help="overwrite files that differ")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    try:
        entries(args.names)
    except ValueError as error:
        parser.exit(2, f"bank.py: {error}\n")
    progress = lambda text: print(text, file=sys.stderr, flush=True)
    if args.action == "list":
        print(table())
        return 0
    if args.action == "check":
        outcomes = check(args.names, args.jobs, progress)
        bad = [o for o in outcomes if o.status != "same"]
        for o in bad:
            print(f"{o.name}: {o.status}")
        print(f"{len(outcomes) - len(bad)} of {len(outcomes)} board files match a fresh draw")
        return 1 if bad else 0
    outcomes = build(args.names, args.force, args.jobs, progress)
    for status in ("written", "unchanged", "differs"):
        named = [o.name for o in outcomes if o.status == status]
        if named:
            print(f"{status}: {len(named)}" + (f" ({', '.join(named)})" if status == "differs" else ""))
    if any(o.status == "differs" for o in outcomes):
        print("files that differ were left alone; use --force to overwrite them", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    cli.run(main)
