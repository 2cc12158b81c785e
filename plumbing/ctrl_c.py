"""Ctrl-C while a command starts: one line, `PROG: interrupted`, and exit status 130.

Each command file imports this module before anything else, in one line:

    from plumbing import ctrl_c  # noqa: F401  (Ctrl-C while this command starts)

When the running program is one of the project's commands (COMMANDS), importing it puts
`interrupted` in place of Python's own Ctrl-C handler, which would print a traceback from
inside whatever module happens to be importing.  Nothing has been written yet, so it stops
the process at once.  `cli.run` puts Python's handler back before the command's work starts,
so that from then on Ctrl-C unwinds (temporary files removed, workers stopped), and puts
`interrupted` back once the work is done, for the last moments of the exit.  Imported by
anything else (pytest, a script of the user's, the interactive prompt) it does nothing.  A
program started with Ctrl-C ignored (nohup, a background job) keeps it ignored.

What no module can cover: the interpreter's own start, before the first line of the command
file runs.  A press before the interpreter has put in its handler kills the process without a
word; one while it compiles the command file gives a bare `KeyboardInterrupt` traceback
(README.md, "Ctrl-C", gives the milliseconds, measured by bench/early_ctrl_c.py).

It imports `_signal`, the part of `signal` the interpreter has already loaded: `signal`
itself would import `enum` first, 3 ms in which a press still meets Python's handler.
"""

from __future__ import annotations

import os
import sys

import _signal

__all__ = ["COMMANDS", "interrupted", "is_command"]

COMMANDS = ("dosun_fuwari.py", "nondango.py", "ladder.py", "verify.py",
            os.path.join("tools", "bank.py"), os.path.join("tools", "formats.py"),
            os.path.join("tools", "play.py"))
ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def interrupted(signum, frame) -> None:
    """The Ctrl-C handler while nothing is written: print `PROG: interrupted` and stop the
    process at once with exit status 130 (128 + SIGINT), running no cleanup."""
    if sys.stderr is not None:
        sys.stderr.write(f"{os.path.basename(sys.argv[0])}: interrupted\n")
        sys.stderr.flush()
    os._exit(130)


def is_command(path: str | None) -> bool:
    """Whether `path`, the file of the running program, is one of the project's COMMANDS.
    # is_command('ladder.py') → True, from the project's folder;  is_command(None) → False"""
    if path is None:
        return False
    return os.path.realpath(path) in [os.path.join(ROOT, command) for command in COMMANDS]


if (is_command(getattr(sys.modules.get("__main__"), "__file__", None))
        and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler):
    _signal.signal(_signal.SIGINT, interrupted)
