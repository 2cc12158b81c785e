"""Reading and writing the user's files: a board file read whole with one clear error, and
a file written so that a reader sees the old text or the new, never half of one.

    read_text('boards/samples/df-pzprjs-5x5.txt')  → 'dosun-fuwari\n…'
    read_text('missing.txt')                        → BoardError('missing.txt: no such file')
"""

from __future__ import annotations

import os

from common import BoardError, excerpt

__all__ = ["read_text", "write_text_atomically", "TEMPORARY_SUFFIX"]


def read_text(path: str) -> str:
    """The text of the file at `path`, a byte-order mark dropped.  Raises BoardError (one
    line, naming the path) when there is no such file, it is a folder, it cannot be read,
    or it is not UTF-8."""
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8-sig")
    except FileNotFoundError:
        raise BoardError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BoardError(f"{path}: a folder, not a file") from None
    except UnicodeDecodeError as error:
        raise BoardError(f"{path}: not a UTF-8 text file (byte {error.start + 1} is "
                         f"not UTF-8)") from None
    except OSError as error:
        raise BoardError(f"{path}: cannot read the file: {error.strerror}") from None
    except ValueError:          # a NUL character in the path
        raise BoardError(f"{excerpt(path)}: no such file (a path cannot hold a NUL "
                         f"character)") from None


TEMPORARY_SUFFIX = ".tmp"   # `.NAME.XXXXXXXX.tmp` beside NAME while it is being written


def write_text_atomically(path: str | os.PathLike, text: str) -> None:
    """Write `text` (UTF-8, '\n' line ends) to `path` so that a reader sees the old file or
    the new one, never half of one: a temporary file `.NAME.….tmp` in the same folder,
    then a rename over `path`.  The file gets the mode the user's umask gives a new file
    (as `open` would), not the temporary file's private one.  The temporary file is
    removed on any error or interruption that reaches Python (Ctrl-C, SIGTERM under
    `cli.run`); raises OSError when the folder cannot be written."""
    import tempfile   # here, not at the top: only writing commands need it
    folder, name = os.path.split(os.fspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.",
                                         suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
