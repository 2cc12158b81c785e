"""What every command line of this project shares.

Usage errors are one line on stderr with exit status 2 (never the usage block, never a
traceback), and a command whose reader goes away (`python ladder.py FILE | head -1`)
ends quietly, as Unix tools do.  Every command that takes a board names it the same way
(BOARD), and both solvers take the same options in the same order (`solver_options`).
This module is not a command itself: `python cli.py` says so and exits with status 2.

    parser = cli.Parser(prog="ladder.py", description="…")
    …
    if __name__ == "__main__":
        cli.run(main)
"""

from __future__ import annotations

import argparse
import signal
import sys
import textwrap
from typing import Callable, NoReturn

__all__ = ["BOARD", "Parser", "board_argument", "choices_text", "solver_options", "run"]

BOARD = "board file, pzprv3 file or puzz.link URL"


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
    parser.add_argument("--cap", type=int, default=cap, metavar="N",
                        help=f"stop counting at N answers (default: {cap:,}, the write-up's cap)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: reading, count, capped and every answer "
                             "up to the cap")
    parser.add_argument("--url", action="store_true",
                        help="print the board's puzz.link URL and stop")


def run(main: Callable[[], int]) -> NoReturn:
    """Run `main()` as a command and exit with the status it returns.

    A closed standard output (a pipe into `head`) ends the process quietly instead of
    raising BrokenPipeError: SIGPIPE gets its default action back, where it exists.
    """
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())


if __name__ == "__main__":
    print("cli.py: not a command; it holds what the commands share.  The commands are "
          "verify.py, dosun_fuwari.py, nondango.py, ladder.py, formats.py, bank.py and play.py "
          "(README.md, 'Command lines').", file=sys.stderr)
    sys.exit(2)
