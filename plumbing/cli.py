"""What every command line of this project shares.

Usage errors are one line on stderr with exit status 2 (never the usage block, never a
traceback); a command whose reader goes away (`python ladder.py FILE | head -1`) ends
quietly, as Unix tools do; Ctrl-C stops a command at once with one line and exit status
130 (SIGTERM: 143), leaving no worker process and no temporary file behind.  Before `run`
takes over, while a command's modules import, plumbing/ctrl_c.py, the first import of each
command file, does the same at once, there being nothing yet to clean up; `run` puts Python's
own handler back, which unwinds, and ctrl_c's back once the work is done.  Only a press while
the interpreter itself starts (before its handler is in place, then compiling the command
file) is Python's own: silence, or a bare `KeyboardInterrupt` traceback.  Every
command that takes a board names it the same way (BOARD), and both solvers take the same
options in the same order (`solver_options`).  This module is not a command itself:
`python cli.py` says so and exits with status 2.

    parser = cli.Parser(prog="ladder.py", description="…")
    parser.add_argument("--jobs", type=cli.jobs, default=cli.cores())
    …
    for result in cli.run_parallel(work, items, args.jobs): …
    …
    if __name__ == "__main__":
        cli.run(main)

Contents: the parser and its argument types · the solvers' command · running a command ·
worker processes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import itertools
import json
import textwrap
import time
from typing import Callable, Iterable, Iterator, NoReturn, TypeVar

if not __package__:    # run as `python plumbing/cli.py`: the project's modules are one folder up
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from plumbing import boardfile, ctrl_c, puzzlink  # noqa: E402

__all__ = ["BOARD", "Parser", "board_argument", "choices_text", "solver_options", "jobs",
           "count_cap", "seconds", "cpu_budget", "OutOfTime", "WIDTH", "legend_lines", "fitted",
           "board_reading", "solve_command", "cores", "worker_count", "run_parallel", "run",
           "Stopped"]

BOARD = "board file, pzprv3 file or puzz.link URL"

Item = TypeVar("Item")
Result = TypeVar("Result")


# === The parser and its argument types ===

class _Formatter(argparse.HelpFormatter):
    """Help text wrapped between words only: 'no-stacking' and 'write-up' stay whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line: `PROG: message`, exit status 2,
    and whose help wraps between words only."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _whole_number(text: str, low: int, high: int | None) -> int:
    """`text` as an int from `low` to `high`; ArgumentTypeError (one line, which argparse
    prefixes with the option's name) otherwise."""
    value = int(text) if text.isascii() and text.isdigit() else None   # no ' 5', '٥', '1_000'
    if value is None or value < low or (high is not None and value > high):
        top = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise argparse.ArgumentTypeError(f"expected a whole number {top}, not "
                                         f"{text[:40]!r}")
    return value


def jobs(text: str) -> int:
    """The `--jobs` of every command that has one: a whole number from 1 up; more than
    the tasks or the cores is fine and means as many workers as those.
    # jobs('4') → 4;  jobs('0') → ArgumentTypeError"""
    return _whole_number(text, 1, None)


def count_cap(text: str) -> int:
    """The solvers' `--cap`: a whole number from 1 to sys.maxsize (2^63 - 1, the most
    answers a list can hold).   # count_cap('5000') → 5000"""
    return _whole_number(text, 1, sys.maxsize)


def seconds(text: str) -> int:
    """The solvers' `--seconds`: a whole number of CPU seconds from 1 to 86,400 (a day).
    # seconds('8') → 8"""
    return _whole_number(text, 1, 86_400)


def choices_text(choices, default=None) -> str:
    """The choices of an option as help text, the default marked.
    # choices_text(("a", "b"), "a") → 'a (default), b'"""
    return ", ".join(f"{c} (default)" if c == default else c for c in choices)


def board_argument(parser: argparse.ArgumentParser, dest: str = "board", many: bool = False,
                   more: str = "") -> None:
    """The BOARD positional argument: one board (or, with `many`, any number of them)."""
    words = f"a {BOARD} (board files: boards/README.md){more}"
    if many:
        parser.add_argument(dest, nargs="*", metavar="BOARD", help=words)
    else:
        parser.add_argument(dest, metavar="BOARD", help=words)


def solver_options(parser: argparse.ArgumentParser, readings: tuple[str, ...], default: str,
                   cap: int, link_reading: str | None = None) -> None:
    """The options both solvers take, in one order: BOARD, --reading, --cap, --seconds,
    --json, --url.
    --reading is None when not given (`link_reading`: the default for a board read from a
    puzz.link link or pzprv3 file, when it differs)."""
    board_argument(parser)
    links = (f"; {link_reading} for a board from a puzz.link link or pzprv3 file, the rule "
             f"puzz.link checks" if link_reading not in (None, default) else "")
    parser.add_argument("--reading", choices=readings, default=None, metavar="READING",
                        help=f"the rule reading: {choices_text(readings, default)}{links}")
    parser.add_argument("--cap", type=count_cap, default=cap, metavar="N",
                        help=f"stop counting at N answers (default: {cap:,}, the write-up's cap)")
    parser.add_argument("--seconds", type=seconds, default=SECONDS, metavar="S",
                        help=f"give up, in one line with exit status 2, after S seconds of CPU "
                             f"(default: {SECONDS}); no check before the search can bound it "
                             f"on every board")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: reading, count, capped, out_of_time and "
                             "every answer up to the cap")
    parser.add_argument("--url", action="store_true",
                        help="print the board's puzz.link URL and stop")


# === The solvers' command ===

WIDTH = 100            # no command prints a longer line
SHOWN_ANSWERS = 3      # answers drawn in a solver's text output; --json lists all up to the cap
SECONDS = 8            # the solvers' default --seconds: CPU their engines may spend


class OutOfTime(Exception):
    """The engine used up the command's CPU budget (`cpu_budget`)."""


@contextlib.contextmanager
def cpu_budget(limit: int) -> Iterator[None]:
    """Raise OutOfTime inside the block once this process has spent `limit` more seconds of
    CPU, by the kernel's profiling timer (SIGPROF): the engines count nothing themselves.
    Why a budget and not a check before the search: both puzzles' searches can take
    exponential time on boards no size check tells apart.  A 60x60 Nondango board, every
    cell a circle, in 2-cell regions side by side has 12 answers and takes minutes; the
    same regions on end take 4 s; a search cannot know which before it runs.  Where the
    platform has no such timer (Windows), the block runs unbounded.  A profiling timer
    already running is put back on the way out, with what it had left."""
    if not hasattr(signal, "setitimer"):
        yield
        return
    running = True

    def expired(signum, frame) -> None:
        if running:             # not once the block is over: a signal can land just after
            raise OutOfTime(limit)

    previous = signal.signal(signal.SIGPROF, expired)
    outer, interval = signal.setitimer(signal.ITIMER_PROF, limit)    # a timer already running
    started = time.process_time()
    try:
        yield
    finally:
        running = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        if outer:               # put it back with what it had left
            signal.setitimer(signal.ITIMER_PROF,
                             max(outer - (time.process_time() - started), 0.001), interval)


def legend_lines(legend: str, prefix: str = "legend: ", indent: str | None = None) -> list[str]:
    """A legend as lines of at most WIDTH columns, broken between words, the later lines
    starting with `indent` (default: spaces under the first word).
    # legend_lines('o balloon') → ['legend: o balloon']"""
    indent = " " * len(prefix) if indent is None else indent
    return textwrap.wrap(prefix + legend, WIDTH, subsequent_indent=indent,
                         break_on_hyphens=False)


def fitted(line: str, source: str) -> str:
    """An error line within WIDTH columns: where it passes them, the board's name in it
    (`source` itself, or `puzzlink.named(source)`) is cut from the left, at a folder's
    edge where it can be.  A line that fits, or is long for another reason, is left as
    it is.   # fitted('ladder.py: /home/…/x.txt:2:1: …', '/home/…/x.txt')"""
    name = source if source in line else puzzlink.named(source)
    over = len(line) - WIDTH
    if over <= 0 or name not in line or over + 2 >= len(name):
        return line
    tail = name[over + 1:]
    if os.sep in tail[:-1]:
        tail = tail[tail.index(os.sep):]
    return line.replace(name, "…" + tail, 1)


def board_reading(puzzle, board, from_link: bool, asked: str | None) -> tuple[str, str]:
    """The reading a command uses for `board`, and why in a few words for its first line
    ('' when there is nothing to say): `asked` (its --reading) when given; else the board
    file's `reading:` line; else, for a board from a puzz.link link or pzprv3 file, the
    puzzle's LINK_READING, the rule puzz.link checks; else its DEFAULT_READING.
    # board_reading(nondango, a bank board of nondango-published/, False, None)
    #   → ('published', "the board file's reading: line")"""
    if asked:
        return asked, ""
    named = boardfile.reading_of(board.metadata)
    if named:
        return named, "the board file's reading: line"
    if from_link and puzzle.LINK_READING != puzzle.DEFAULT_READING:
        return puzzle.LINK_READING, "the rule puzz.link checks"
    return puzzle.DEFAULT_READING, ""


def solve_command(puzzle, argv: list[str] | None, prog: str, description: str) -> int:
    """`python PROG BOARD [--reading R] [--cap N] [--seconds S] [--json] [--url]`, the same
    for both puzzles: `puzzle` is the puzzle module, read for READINGS, DEFAULT_READING,
    LINK_READING, COUNT_CAP, LEGEND, parse, from_record, to_record, picture, answer_rows,
    violations, count_answers and solve.  The text output counts the answers (up to --cap)
    without listing them and draws the first SHOWN_ANSWERS; --json streams every answer
    up to the cap, one at a time, so memory does not grow with the cap.  The reading is
    `board_reading`'s (--reading, else the board file's `reading:` line, else for a board
    from a puzz.link link or pzprv3 file LINK_READING), and the first line says which and
    why.  Returns the exit status: 2 with one line on
    stderr for a board that cannot be read, that an engine refuses, or whose search
    outlasts --seconds of CPU (cpu_budget)."""
    parser = Parser(prog=prog, description=description)
    solver_options(parser, puzzle.READINGS, puzzle.DEFAULT_READING, puzzle.COUNT_CAP,
                   puzzle.LINK_READING)
    args = parser.parse_args(argv)
    try:
        found = puzzlink.open_source(args.board)
        linked = not isinstance(found, puzzlink.Text)
        board = (puzzle.from_record(found, args.board) if linked
                 else puzzle.parse(found.text, found.source))
    except puzzlink.BoardError as error:
        print(fitted(f"{prog}: {error}", args.board), file=sys.stderr)
        return 2
    reading, reason = board_reading(puzzle, board, linked, args.reading)
    why = ""
    if reason:
        other = (f"; --reading {puzzle.DEFAULT_READING} for the write-up's"
                 if reading != puzzle.DEFAULT_READING else "")
        why = f" ({reason}{other})"
    try:   # a board that reads well can still be refused: no link for it, or too large
        if args.url:
            print(puzzlink.encode_url(puzzle.to_record(board)))
        elif args.json:
            return _stream_json(puzzle, board, reading, args.cap, args.seconds, prog, args.board)
        else:
            with cpu_budget(args.seconds):
                count, shown = _work(puzzle, board, reading, args.cap)
            _describe(puzzle, board, reading, why, args.cap, count, shown)
    except puzzlink.BoardError as error:
        print(fitted(f"{prog}: {puzzlink.named(args.board)}: {error}", args.board),
              file=sys.stderr)
        return 2
    except OutOfTime:
        print(f"{prog}: {_gave_up(args.board, args.seconds)}", file=sys.stderr)
        return 2
    return 0


def _gave_up(board: str, limit: int) -> str:
    return (f"{puzzlink.named(board)}: gave up after {limit} s of CPU, the search not done "
            f"(--seconds gives it more)")


def _rows(puzzle, board, answer) -> list[str]:
    """An answer's picture rows, one space between cells (every answer symbol is one
    character in both puzzles)."""
    return [" ".join(row.replace(" ", "")) for row in puzzle.answer_rows(board, answer)]


def _stream_json(puzzle, board, reading: str, cap: int, limit: int, prog: str,
                 source: str) -> int:
    """One JSON object, {"reading", "answers", "count", "capped", "out_of_time"}, written as
    the answers come; the exit status: 2, with one line on stderr, if the budget ran out
    (the object then closes on the answers found so far, "out_of_time": true)."""
    answers = itertools.islice(puzzle.solve(board, reading), cap)
    count, stopped = 0, False
    try:
        with cpu_budget(limit):
            for count, answer in enumerate(answers, 1):
                if count == 1:            # a board the engine refuses: before any output
                    sys.stdout.write('{"reading": %s, "answers": [' % json.dumps(reading))
                sys.stdout.write((", " if count > 1 else "") +
                                 json.dumps(_rows(puzzle, board, answer)))
    except OutOfTime:
        stopped = True
    if count == 0:
        sys.stdout.write('{"reading": %s, "answers": [' % json.dumps(reading))
    sys.stdout.write('], "count": %d, "capped": %s, "out_of_time": %s}\n'
                     % (count, json.dumps(count >= cap), json.dumps(stopped)))
    if stopped:
        print(f"{prog}: {_gave_up(source, limit)}", file=sys.stderr)
    return 2 if stopped else 0


def _work(puzzle, board, reading: str, cap: int):
    """The count up to `cap` and the first SHOWN_ANSWERS answers: all the engine's work of
    the text output, done before anything is printed."""
    count = puzzle.count_answers(board, reading, cap)
    return count, list(itertools.islice(puzzle.solve(board, reading),
                                        min(SHOWN_ANSWERS, count.count)))


def _describe(puzzle, board, reading: str, why: str, cap: int, count, shown: list) -> None:
    """The text output: reading, board, count, what the stored answer is worth, the
    first answers, the legend."""
    print(f"reading: {reading}{why}")
    print(puzzle.picture(board.replace(answer=None)).rstrip())
    print(f"answers: at least {count.count} (counting stopped at the cap {cap:,})"
          if count.capped else f"answers: {count.count}")
    if board.answer is not None:
        broken = puzzle.violations(board, board.answer, reading)
        print("stored answer: an answer" if not broken else
              f"stored answer: not an answer ({broken[0].rule})")
    for k, answer in enumerate(shown, 1):
        print(f"answer {k}:")
        print("\n".join(_rows(puzzle, board, answer)))
    if count.count > len(shown):
        print(f"(first {len(shown)} shown; --json lists them all up to the cap)")
    print("\n".join(legend_lines(puzzle.LEGEND)))


# === Running a command ===

class Stopped(BaseException):
    """The process was asked to stop (SIGTERM): raised like Ctrl-C's KeyboardInterrupt so
    that every `finally` and cleanup runs on the way out."""


def _stop(signum, frame) -> NoReturn:
    raise Stopped(signum)


def run(main: Callable[[], int]) -> NoReturn:
    """Run `main()` as a command and exit with the status it returns.

    A closed standard output (a pipe into `head`) ends the process quietly instead of
    raising BrokenPipeError: SIGPIPE gets its default action back, where it exists.
    Ctrl-C prints `PROG: interrupted` and exits 130; SIGTERM prints `PROG: terminated`
    and exits 143; both unwind the program first, so temporary files are removed and
    worker processes stopped.  A closed or full standard output, or a file that cannot
    be written, is one line naming it and exit status 2; a character the output's
    encoding lacks is written as a backslash escape.
    """
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    prog = os.path.basename(sys.argv[0]) or "python"
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN    # nohup: it stays ignored
    try:
        signal.signal(signal.SIGTERM, _stop)
        if not ignored:
            signal.signal(signal.SIGINT, signal.default_int_handler)   # unwind from here on
        if sys.stdout is None:                     # started with its output closed (`>&-`)
            _quiet_exit(f"{prog}: cannot write the standard output: it is closed", 2)
        for stream in (sys.stdout, sys.stderr):   # a character the terminal cannot show
            if stream is not None and hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        status = main()
        if sys.stdout is not None:
            sys.stdout.flush()                 # a full disk is found here, not at exit
        if not ignored:                        # done: a press while exiting stops at once
            signal.signal(signal.SIGINT, ctrl_c.interrupted)
    except KeyboardInterrupt:
        _quiet_exit(f"{prog}: interrupted", 128 + signal.SIGINT)
    except Stopped:
        _quiet_exit(f"{prog}: terminated", 128 + signal.SIGTERM)
    except OSError as error:                   # a full disk, a closed output: one line
        _drop_stdout()
        where = error.filename or "the standard output"
        _quiet_exit(f"{prog}: cannot write {where}: {error.strerror or error}", 2)
    sys.exit(status)


def _drop_stdout() -> None:
    """Point the standard output at the null device, so that what is still buffered does not
    fail again (with Python's own message) when the process exits."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def _quiet_exit(line: str, status: int) -> NoReturn:
    """Print one line on stderr and exit; a second Ctrl-C on the way out is ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    print(line, file=sys.stderr, flush=True)
    sys.exit(status)


# === Worker processes ===

def cores() -> int:
    """The cores this process may run on (the default of every `--jobs`)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def worker_count(jobs: int, tasks: int) -> int:
    """How many worker processes `jobs` gets for `tasks` tasks: never more than the tasks
    or the cores, never fewer than 1.   # worker_count(100000, 2) → 2"""
    return max(1, min(jobs, tasks, cores()))


ORPHAN_POLL = 0.5   # seconds between a worker's looks at whether its parent is still there


def _worker_setup(parent: int) -> None:
    """In a worker: Ctrl-C is the parent's to handle, SIGTERM kills at once, and the worker
    exits by itself as soon as its parent is gone (killed with `kill -9`, say), instead of
    waiting for work forever with the terminal's output held open."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    import threading    # here, not at the top: only workers need it
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    """Exit this process at once when its parent process is no longer `parent`."""
    import time
    while os.getppid() == parent:
        time.sleep(ORPHAN_POLL)
    os._exit(1)


def run_parallel(function: Callable[[Item], Result], items: Iterable[Item],
                 jobs: int) -> Iterator[Result]:
    """`function(item)` for every item, in the order they finish, on worker_count(jobs,
    len(items)) worker processes, or in this process when that is 1.

    `function` must be a module-level function.  The workers ignore Ctrl-C; when the
    caller stops (Ctrl-C, SIGTERM, an error in a worker, or the generator closed early)
    every worker is terminated and joined before the exception goes on, so no queued
    task runs on and no worker is left behind.
    """
    items = list(items)
    workers = worker_count(jobs, len(items))
    if workers == 1:
        yield from map(function, items)
        return
    import multiprocessing   # here, not at the top: a one-board command never needs it
    pool = multiprocessing.Pool(workers, initializer=_worker_setup, initargs=(os.getpid(),))
    try:
        yield from pool.imap_unordered(function, items)
        pool.close()
    except BaseException:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C waits
        try:
            pool.terminate()
            pool.join()
        finally:
            signal.signal(signal.SIGINT, previous)
        raise
    pool.join()


if __name__ == "__main__":
    print("cli.py: not a command; it holds what the commands share.  The commands are "
          "verify.py, dosun_fuwari.py, nondango.py, ladder.py, and -m tools.formats, tools.bank, "
          "tools.play "
          "(README.md, 'Command lines').", file=sys.stderr)
    sys.exit(2)
