"""What every command line of this project shares.

Usage errors are one line on stderr with exit status 2 (never the usage block, never a
traceback); a command whose reader goes away (`python ladder.py FILE | head -1`) ends
quietly, as Unix tools do; Ctrl-C stops a command at once with one line and exit status
130 (SIGTERM: 143), leaving no worker process and no temporary file behind.  Every
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

Contents: the parser and its argument types · running a command · worker processes.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import textwrap
from typing import Callable, Iterable, Iterator, NoReturn, TypeVar

__all__ = ["BOARD", "Parser", "board_argument", "choices_text", "solver_options", "jobs",
           "count_cap", "cores", "worker_count", "run_parallel", "run", "Stopped"]

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
                   cap: int) -> None:
    """The options both solvers take, in one order: BOARD, --reading, --cap, --json, --url."""
    board_argument(parser)
    parser.add_argument("--reading", choices=readings, default=default, metavar="READING",
                        help=f"the rule reading: {choices_text(readings, default)}")
    parser.add_argument("--cap", type=count_cap, default=cap, metavar="N",
                        help=f"stop counting at N answers (default: {cap:,}, the write-up's cap)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: reading, count, capped and every answer "
                             "up to the cap")
    parser.add_argument("--url", action="store_true",
                        help="print the board's puzz.link URL and stop")


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
    signal.signal(signal.SIGTERM, _stop)
    prog = os.path.basename(sys.argv[0]) or "python"
    if sys.stdout is None:                     # started with its output closed (`>&-`)
        _quiet_exit(f"{prog}: cannot write the standard output: it is closed", 2)
    for stream in (sys.stdout, sys.stderr):   # a character the terminal cannot show: escaped
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        status = main()
        if sys.stdout is not None:
            sys.stdout.flush()                 # a full disk is found here, not at exit
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
