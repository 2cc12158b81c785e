"""The board bank: 72 Dosun-Fuwari boards and two banks of 72 Nondango boards, regenerated
from their seeds.

    python -m tools.bank build              write every missing board file (and the README table)
    python -m tools.bank build df-8x8-07    only these boards
    python -m tools.bank build --force      also overwrite files that differ from a fresh draw
    python -m tools.bank check              regenerate every board in memory; exit 1 if a
                                            file differs
    python -m tools.bank list               print the bank table as plain text
    python -m tools.bank list nd-8x8-01     only these boards' rows
    python -m tools.bank list --markdown    the Markdown table of boards/README.md

Each board is one file in `boards/dosun-fuwari/`, `boards/nondango/` or
`boards/nondango-published/`, in the format of `boards/README.md`, with its answer and these
`key: value` lines: size, seed, command, grade (the lowest rung of `ladder.py` that finishes
it), starved rooms or white circles, the reading (Nondango), and its puzz.link link.

Glossary
    set        one of the six sets of 36 boards: df-8x8, df-12x12, nd-8x8, nd-12x12,
               ndp-8x8, ndp-12x12
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
    Nondango      a board from `nondango.bank_board`, the write-up's procedure: regions,
                  an answer, then every certified white circle that keeps the answer the
                  only one, under the write-up's reading (nd-, boards/nondango/: the
                  write-up's claims are measured there) or under the published rule
                  (ndp-, boards/nondango-published/: the boards puzz.link checks right).

Files are written atomically (a temporary file `.NAME.….tmp` in the same folder, then a
rename) with the mode the user's umask gives, and a file that differs from a fresh draw is
never overwritten without --force.  A board file that is not UTF-8 or does not parse
differs; a folder where a board file should be is reported and never replaced.  `build`
writes holding a lock, `boards/.build.lock`: two builds of one bank draw at once and take
turns to write (the second says it waits).  So a temporary file a build finds while it
holds the lock is a killed build's, and it removes it; every reader ignores them.

Roads not taken: a single JSON file for the bank was rejected: a board is something a
person reads, opens in puzz.link and edits, one file each.
"""

from __future__ import annotations

import os
import sys

if not __package__:    # run as `python tools/bank.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)

import contextlib
import stat
import time
from pathlib import Path
from typing import Iterator, NamedTuple

import common
from plumbing import cli, files
import dosun_fuwari as df
import ladder
import nondango as nd
from tools import formats
from common import BoardError

__all__ = ["BANK_DIR", "SETS", "Entry", "entries", "draw", "file_text", "path_of",
           "load_bank", "build", "check", "table", "plain_table", "main"]

BANK_DIR = Path(__file__).resolve().parent.parent / "boards"
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
    reading: str = ""              # Nondango: the reading the boards are unique under


SETS = (
    BoardSet("df-8x8", "dosun-fuwari", 8, 8, 1, (2, 3, 4)),
    BoardSet("df-12x12", "dosun-fuwari", 12, 12, 2, (4, 5, 6, 7, 8)),
    BoardSet("nd-8x8", "nondango", 8, 8, 3, reading="write-up"),
    BoardSet("nd-12x12", "nondango", 12, 12, 4, reading="write-up"),
    BoardSet("ndp-8x8", "nondango-published", 8, 8, 5, reading="published"),
    BoardSet("ndp-12x12", "nondango-published", 12, 12, 6, reading="published"),
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
        note = f"{len(starved)} ({', '.join(map(str, starved))})"
        return board, seed, note, ladder.grade(board).rung
    raise RuntimeError(f"{entry.name}: no accepted board in {MAX_ATTEMPTS} seeds")


def _draw_nd(entry: Entry) -> tuple[nd.Board, int, str, str]:
    seed, reading = entry.base_seed, entry.set.reading
    board = nd.bank_board(entry.set.rows, entry.set.cols, seed, reading=reading)
    whites = len(board.circles) - len(board.regions)
    return board, seed, str(whites), ladder.grade(board, reading).rung


def draw(entry: Entry) -> str:
    """The file text of one bank board, drawn afresh from its seed (deterministic)."""
    if entry.set.folder == "dosun-fuwari":
        board, seed, note, grade = _draw_df(entry)
        notes = (("starved-rooms", note),)
    else:
        board, seed, note, grade = _draw_nd(entry)
        notes = (("white-circles", note), ("reading", entry.set.reading))
    metadata = (
        ("name", entry.name),
        ("size", f"{entry.set.rows}x{entry.set.cols}"),
        ("seed", str(seed)),
        ("command", f"python -m tools.bank build {entry.name} --force"),
        ("grade", grade),
        *notes,
        ("url", formats.url(board)),
    )
    return file_text(board.replace(metadata=metadata))


def file_text(board: df.Board | nd.Board) -> str:
    """The board file text of a bank board (its genre module's picture)."""
    module = df if isinstance(board, df.Board) else nd
    return module.picture(board)


def load_bank(folder: str) -> list:
    """Every bank board of one folder ('dosun-fuwari', 'nondango' or 'nondango-published'),
    in name order.

    Raises FileNotFoundError when the folder holds no board; BoardError on a bad file.
    """
    module = df if folder == "dosun-fuwari" else nd
    paths = sorted((BANK_DIR / folder).glob("*.txt"))
    if not paths:
        raise FileNotFoundError(f"no bank boards in {BANK_DIR / folder}; run python -m "
                                f"tools.bank build")
    return [module.load(str(p)) for p in paths]


# === Writing files ===

class Outcome(NamedTuple):
    """What building or checking did to one file: 'written', 'unchanged', 'differs' (left
    alone), 'same', 'missing', 'differs, and does not parse: …', or 'a folder, not a
    board file' (never replaced)."""

    name: str
    status: str


FOLDER = "a folder, not a board file"


def _on_disk(path: Path) -> bytes | None:
    """The bytes of a bank file, or None when there is none.  Raises BoardError (one
    line) when it exists but is not a regular file (a FIFO or device is looked at, never
    read), is past files.MAX_FILE_BYTES, or cannot be read; call it on a path that is not
    a folder."""
    try:
        mode = os.stat(path)
        if not stat.S_ISREG(mode.st_mode):
            raise BoardError(f"{path}: {files.kind(mode.st_mode)}, not a regular file; not read")
        if mode.st_size > files.MAX_FILE_BYTES:
            raise BoardError(f"{path}: {mode.st_size:,} bytes, past any board file; not read")
        with open(path, "rb") as handle:
            return handle.read(files.MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BoardError(f"{path}: cannot read the file: {error.strerror}") from None


LOCK_FILE = ".build.lock"   # in BANK_DIR: held by a build while it writes
LOCK_POLL = 0.5             # seconds between tries for the lock, where it cannot be waited on


@contextlib.contextmanager
def _writing(progress=None) -> Iterator[None]:
    """Hold the bank's lock (LOCK_FILE, made if missing) for the block: one build writes at
    a time, another waits here, saying so through `progress`.  The operating system lets go
    of the lock when its holder ends, killed or not, so a lock is never left behind."""
    with open(BANK_DIR / LOCK_FILE, "a", encoding="utf-8") as handle:
        if not _lock(handle, wait=False):
            if progress:
                progress("another build of this bank is writing; waiting for it to finish")
            _lock(handle, wait=True)
        yield                   # closing the file lets go of the lock


def _lock(handle, wait: bool) -> bool:
    """Take the lock of the open file `handle`: True once held; False if another process
    holds it and not `wait`.  fcntl.flock where there is one, else msvcrt.locking."""
    try:
        import fcntl
    except ImportError:        # Windows: msvcrt cannot wait for long, so it is asked again
        import msvcrt
        while True:
            try:
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if not wait:
                    return False
                time.sleep(LOCK_POLL)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _remove_stale_temporaries() -> None:
    """Remove the temporary files (`.NAME.….tmp`) of board files and of the README in the
    bank folders.  Called holding the lock (`_writing`): every build writes holding it, so
    these are a killed build's, never one a running build is still writing."""
    found = list(BANK_DIR.glob(f".README.md.*{files.TEMPORARY_SUFFIX}"))
    for folder in {s.folder for s in SETS}:
        found += (BANK_DIR / folder).glob(f".*.txt.*{files.TEMPORARY_SUFFIX}")
    for stale in found:
        if stale.is_file():
            stale.unlink(missing_ok=True)


def _draw_named(name: str) -> tuple[str, str]:
    return name, draw(entries([name])[0])


def _draw_all(chosen: list[Entry], jobs: int, progress) -> dict[str, str]:
    """The fresh file text of every chosen board, drawn on `cli.run_parallel` workers."""
    names = [e.name for e in chosen]
    texts: dict[str, str] = {}
    for name, text in cli.run_parallel(_draw_named, names, jobs):
        texts[name] = text
        if progress:
            progress(f"{name} ({len(texts)}/{len(names)})")
    return texts


def build(names: list[str] | None = None, force: bool = False, jobs: int = 1,
          progress=None) -> list[Outcome]:
    """Draw the named boards (default: all) and write the files that are missing.

    A file that exists and differs (not UTF-8 and unparsable files included) is left
    alone unless `force`; a folder in a file's place is never replaced.  Returns one
    Outcome per board.  Also rewrites the bank table in boards/README.md.  It writes
    holding the bank's lock (`_writing`), so a second build of the same folder waits for
    the first to finish writing.  Raises BoardError when a file cannot be read, OSError
    when one cannot be written.
    """
    chosen = entries(names)
    texts = _draw_all(chosen, jobs, progress)
    with _writing(progress):
        _remove_stale_temporaries()
        outcomes = [_write_board(entry, texts[entry.name], force) for entry in chosen]
        _write_table()
    return outcomes


def _write_board(entry: Entry, text: str, force: bool) -> Outcome:
    """Write one board file unless it is already `text`, or differs and not `force`, or a
    folder stands in its place."""
    path = path_of(entry)
    if path.is_dir():
        return Outcome(entry.name, FOLDER)
    old = _on_disk(path)
    if old == text.encode("utf-8"):
        return Outcome(entry.name, "unchanged")
    if old is not None and not force:
        return Outcome(entry.name, "differs")
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_text_atomically(path, text)
    return Outcome(entry.name, "written")


def check(names: list[str] | None = None, jobs: int = 1, progress=None) -> list[Outcome]:
    """Draw the named boards (default: all) in memory and compare each with its file.

    Returns one Outcome per board: 'same', 'missing', 'differs', 'differs, and does not
    parse: <the error>' (a file that is not UTF-8 among them), or FOLDER.  Writes
    nothing; raises BoardError when a file cannot be read.
    """
    chosen = entries(names)
    texts = _draw_all(chosen, jobs, progress)
    outcomes = []
    for entry in chosen:
        path = path_of(entry)
        old = None if path.is_dir() else _on_disk(path)
        if old is None:
            outcomes.append(Outcome(entry.name, FOLDER if path.is_dir() else "missing"))
        elif old == texts[entry.name].encode("utf-8"):
            outcomes.append(Outcome(entry.name, "same"))
        else:
            try:
                _module(entry).load(str(path))
                outcomes.append(Outcome(entry.name, "differs"))
            except BoardError as error:
                outcomes.append(Outcome(entry.name, f"differs, and does not parse: {error}"))
    return outcomes


# === The table in boards/README.md ===

TABLE_START = ("<!-- bank table: written by `python -m tools.bank build`; edits inside are "
               "replaced -->")
TABLE_END = "<!-- end of bank table -->"


NOTE = "starved rooms: count (their labels) / white circles"  # '2 (5, 6)': rooms 5 and 6


def _rows(names: list[str] | None):
    """(entry, metadata or None, error or None) per existing bank file, or per named one."""
    for entry in entries(names):
        path = path_of(entry)
        if not path.exists():
            continue
        try:
            yield entry, dict(_module(entry).load(str(path)).metadata), None
        except BoardError as error:
            yield entry, None, error


def table(names: list[str] | None = None) -> str:
    """The bank table in Markdown, as boards/README.md shows it: one row per existing bank
    file, or per named one (a file that no longer parses gets a row that says so), with
    links to the file and to puzz.link.  ValueError for an unknown name."""
    lines = [f"| board | size | grade | {NOTE} | seed | puzz.link |",
             "|---|---|---|---|---|---|"]
    for entry, meta, error in _rows(names):
        link = f"[{entry.name}]({entry.set.folder}/{path_of(entry).name})"
        if meta is None:
            lines.append(f"| {link} | does not parse: {error} | | | | |")
            continue
        note = meta.get("starved-rooms", meta.get("white-circles", ""))
        lines.append(f"| {link} | {meta.get('size', '')} | {meta.get('grade', '')} | {note} "
                     f"| {meta.get('seed', '')} | [open]({meta.get('url', '')}) |")
    return "\n".join(lines)


def plain_table(names: list[str] | None = None) -> str:
    """The bank table as plain text for a terminal, in columns, each line within 100
    columns: board, size, grade, seed, then NOTE.  A board's file is
    boards/FOLDER/NAME.txt (said on the last line) and holds its link on its `url:` line.
    ValueError for an unknown name."""
    lines = [f"{'board':<12} {'size':<7} {'grade':<8} {'seed':<9} {NOTE}"]
    for entry, meta, error in _rows(names):
        if meta is None:
            lines.append(f"{entry.name:<12} does not parse: {common.excerpt(str(error))}")
            continue
        note = meta.get("starved-rooms", meta.get("white-circles", ""))
        lines.append(f"{entry.name:<12} {meta.get('size', ''):<7} {meta.get('grade', ''):<8} "
                     f"{meta.get('seed', ''):<9} {note}".rstrip())
    lines.append("files: boards/dosun-fuwari/ (df-), boards/nondango/ (nd-), "
                 "boards/nondango-published/ (ndp-)")
    lines.append("in each file: the puzz.link link (url:) and the rooms labelled as above")
    return "\n".join(lines)


def _module(entry: Entry):
    return df if entry.set.folder == "dosun-fuwari" else nd


def _write_table() -> None:
    readme = BANK_DIR / "README.md"
    text = files.read_text(str(readme))
    block = f"{TABLE_START}\n\n{table()}\n\n{TABLE_END}"
    if TABLE_START in text and TABLE_END in text:
        head, rest = text.split(TABLE_START, 1)
        tail = rest.split(TABLE_END, 1)[1]
        new = head + block + tail
    else:
        new = text.rstrip("\n") + "\n\n" + block + "\n"
    if new != text:
        files.write_text_atomically(readme, new)


# === Command line ===

def main(argv: list[str] | None = None) -> int:
    """`build`, `check` or `list`; exit 0, or 1 when check finds a difference or build
    leaves a differing file (or a folder in a file's place) alone, 2 on a bad command
    line or a file that cannot be read or written (one line)."""
    parser = cli.Parser(prog="bank.py", description="Build or check the board bank.")
    parser.add_argument("action", choices=("build", "check", "list"),
                        help="build: write missing board files; check: draw every board again "
                             "and compare; list: print the bank table")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="boards, e.g. df-8x8-07 (default: all)")
    parser.add_argument("--force", action="store_true", help="overwrite files that differ")
    parser.add_argument("--markdown", action="store_true",
                        help="list: print the Markdown table of boards/README.md instead")
    parser.add_argument("--jobs", type=cli.jobs, default=cli.cores(),
                        help="worker processes, at most one per board and per core "
                             "(default: all cores)")
    args = parser.parse_args(argv)
    try:
        entries(args.names)
    except ValueError as error:
        parser.exit(2, f"bank.py: {error}\n")
    progress = lambda text: print(text, file=sys.stderr, flush=True)
    try:
        if args.action == "list":
            print(table(args.names) if args.markdown else plain_table(args.names))
            return 0
        if args.action == "check":
            return _report_check(check(args.names, args.jobs, progress))
        return _report_build(build(args.names, args.force, args.jobs, progress))
    except (BoardError, OSError) as error:
        print(f"bank.py: {_one_line(error)}", file=sys.stderr)
        return 2


def _report_check(outcomes: list[Outcome]) -> int:
    bad = [o for o in outcomes if o.status != "same"]
    for o in bad:
        print(f"{o.name}: {o.status}")
    print(f"{len(outcomes) - len(bad)} of {len(outcomes)} board files match a fresh draw")
    return 1 if bad else 0


def _report_build(outcomes: list[Outcome]) -> int:
    for status in ("written", "unchanged", "differs", FOLDER):
        named = [o.name for o in outcomes if o.status == status]
        if named:
            listed = f" ({', '.join(named)})" if status in ("differs", FOLDER) else ""
            print(f"{status}: {len(named)}{listed}")
    if any(o.status == "differs" for o in outcomes):
        print("files that differ were left alone; use --force to overwrite them", file=sys.stderr)
    if any(o.status == FOLDER for o in outcomes):
        print("a folder stands where a board file belongs; remove it and build again",
              file=sys.stderr)
    return 1 if any(o.status in ("differs", FOLDER) for o in outcomes) else 0


def _one_line(error: Exception) -> str:
    """A BoardError's message, or an OSError's `path: reason`, on one line."""
    if isinstance(error, OSError) and error.strerror:
        where = f"{error.filename}: " if error.filename else ""
        return f"{where}{error.strerror}"
    return str(error).splitlines()[0] if str(error) else type(error).__name__


if __name__ == "__main__":
    cli.run(main)
