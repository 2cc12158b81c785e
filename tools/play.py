"""The play page: the boards of both puzzles, playable, with hints from the ladder and the
write-ups' ideas drawn on the board.  [DF-18, ND-16]

    python -m tools.play [BOARD ...] [--no-open] [--out PATH] [--boards DIR]

`python -m tools.play` serves the page from a local server (tools/play_server.py) and
opens it in the browser: every board of `boards/` and the boards named on the command
line (shown first), each read only when chosen.  On the page a player picks a puzzle, a
reading (a board file's `reading:` line picks it for that board), a collection, a size
where the collection has sizes, and a board; clicks cells to cycle them; asks for a check,
which marks each broken rule; asks for the next deduction at a hint level (a rung of the
ladder), which the server works out from the player's own marks, or for everything the
rung proves (said first in a sentence, how many facts and whether that is the whole
answer, and drawn only when the player says so); turns on the write-ups' ideas (runs,
starved rooms, placement space; live and dead triples, certificates, groups), each drawn
from the puzzle modules' own functions with the write-up's sentence beside it; and opens
a puzz.link link or a board file.  Ctrl-C stops the server with one line and exit
status 130.

`--out PATH` writes a static page instead, self-contained (no server, no network): the
boards named (BOARD, and the boards of --boards when it is given or no BOARD is), with
every rung's trace of deductions from the empty board worked out ahead, for every
reading (tools/play_ladder.py's `trace`); certificates, which need a solved board's
marks, are the server's alone.

The design, and the road not taken.  The page used to be the static one for every board:
43 s of CPU and 4.85 MB before it opened, as each board's trace was worked out ahead for
every reading, and hints that could only read facts off that trace, from the empty board.
A second ladder in JavaScript would have given hints from the player's marks at once, but
would be a second implementation of every rung to keep in step with ladder.py.  A local
server asks the one ladder instead, on demand, from the marks on the board, within the
ladder's own budget (`ladder.check_size`: a board past it gets a sentence, not a hint), and
costs nothing until a board is chosen: the page opens in a fraction of a second whatever
the boards.  Its price is a process that must be running, so the static page stays for
sharing a file, and the server listens on 127.0.0.1 only, with a random token in the
address and a Host check, so that no other page or machine can use it.
"""

from __future__ import annotations

import os
import sys

if not __package__:    # run as `python tools/play.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from plumbing import ctrl_c  # noqa: F401  (first: Ctrl-C while this command starts)

import signal
import webbrowser
from pathlib import Path

from plumbing import cli
from tools import play_boards, play_page, play_server

__all__ = ["BOARDS", "main", "entries_of", "serve", "write_static"]

BOARDS = Path(__file__).resolve().parent.parent / "boards"   # the project's boards folder


def entries_of(boards: Path | None, sources: list[str], static: bool) -> list[play_boards.Entry]:
    """The boards of the page: the index of `boards` (the project's when None), then the
    boards named; for the static page (`static`), the boards named alone when no folder
    was given.  Raises ValueError and BoardError as `play_boards.index` and `added` do."""
    folder = []
    if boards is not None or not (static and sources):
        folder = play_boards.index(boards or BOARDS)
    return folder + play_boards.added(sources, folder)


def serve(entries: list, first: int | None, open_browser: bool) -> int:
    """Serve the page until Ctrl-C: print its address (and open it in the browser unless
    told not to); then one line, and exit status 130 (128 + SIGINT), as every command
    stopped by Ctrl-C."""
    server = play_server.PlayServer(entries, first=first)
    try:
        count = f"{len(entries)} board{'s' if len(entries) != 1 else ''}"
        print(f"play.py: {count} at {server.url}  (Ctrl-C stops the server)",
              flush=True)
        if open_browser and not webbrowser.open(server.url):
            print("play.py: no browser could be opened here; open the address above in one",
                  flush=True)
        server.serve_forever()
    except KeyboardInterrupt:
        print(f"play.py: stopped serving {server.url}", file=sys.stderr, flush=True)
        return 128 + signal.SIGINT
    finally:
        server.server_close()
    return 0


def write_static(out: Path, entries: list, open_browser: bool) -> int:
    """Write the static page to `out` (traced ahead, with progress on stderr), say where it
    is, and open it unless told not to."""
    data = play_page.index_data(entries, "static", _first_added(entries))
    data["boards"] = [dict(item, id=k) for k, item in
                      enumerate(play_boards.static_data(entries, _progress))]
    play_page.write_page(out, play_page.page(data, served=False))
    print(f"{out}: {len(entries)} boards, {out.stat().st_size:,} bytes")
    uri = out.resolve().as_uri()
    if not open_browser:
        print(f"to play, open {uri} in a browser")
    elif webbrowser.open(uri):
        print(f"opened {uri} in a browser")
    else:
        print(f"no browser could be opened here; to play, open {uri} in a browser")
    return 0


def _first_added(entries: list) -> int | None:
    return next((k for k, e in enumerate(entries) if e.collection == play_boards.ADDED), None)


def main(argv: list[str] | None = None) -> int:
    """Serve the play page (or write it, --out); bad input is one line, exit status 2."""
    parser = cli.Parser(prog="play.py", description="Play every board, with the ladder's hints "
                                                    "and the write-ups' ideas on the board.")
    cli.board_argument(parser, dest="sources", many=True,
                       more="; more boards, shown first, in the collection 'added boards'")
    parser.add_argument("--no-open", action="store_true",
                        help="do not open a browser; only say where the page is")
    parser.add_argument("--out", metavar="PATH",
                        help="write a static page there instead of serving one: the boards "
                             "named (and those of --boards), traced ahead; it takes minutes "
                             "for the whole bank")
    parser.add_argument("--boards", metavar="DIR", help="the boards folder (default: the "
                                                         "project's boards/)")
    args = parser.parse_args(argv)
    out = Path(args.out) if args.out else None
    try:
        if out is not None:
            play_page.check_out(out)
        boards = Path(args.boards) if args.boards else None
        entries = entries_of(boards, args.sources, out is not None)
        if not entries:
            raise ValueError(f"{boards or BOARDS}: no board files (expected dosun-fuwari/*.txt, "
                             f"nondango/*.txt or samples/*.txt inside it, or boards named "
                             f"on the command line)")
        if out is not None:
            return write_static(out, entries, not args.no_open)
    except (ValueError, OSError) as error:
        line = f"play.py: {error}".splitlines()[0]
        for source in args.sources:     # a long path cut from the left to fit 100 columns
            line = cli.fitted(line, source)
        print(line, file=sys.stderr)
        return 2
    return serve(entries, _first_added(entries), not args.no_open)


def _progress(done: int, total: int) -> None:
    """The static page's progress, board by board, on stderr: one line rewritten in place
    on a terminal; elsewhere a line at the start and one at the end."""
    text = f"play.py: working out what each rung proves: {done} of {total} boards"
    if sys.stderr.isatty():
        print("\r" + text, end="\n" if done == total else "", file=sys.stderr, flush=True)
    elif done in (1, total):
        print(text, file=sys.stderr, flush=True)


if __name__ == "__main__":
    cli.run(main)
