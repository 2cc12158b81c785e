"""What every command line of this project shares.

Usage errors are one line on stderr with exit status 2 (never the usage block, never a
traceback), and a command whose reader goes away (`python ladder.py FILE | head -1`)
ends quietly, as Unix tools do.

    parser = cli.Parser(prog="ladder.py", description="…")
    …
    if __name__ == "__main__":
        cli.run(main)
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Callable, NoReturn

__all__ = ["Parser", "run"]


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line: `PROG: message`, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def run(main: Callable[[], int]) -> NoReturn:
    """Run `main()` as a command and exit with the status it returns.

    A closed standard output (a pipe into `head`) ends the process quietly instead of
    raising BrokenPipeError: SIGPIPE gets its default action back, where it exists.
    """
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
