"""Reading and writing the user's files: a board file read whole with one clear error, a
file written so that a reader sees the old text or the new, never half of one, and a
generated page that replaces only a page its generator wrote and nobody has edited since.

    read_text('boards/samples/df-pzprjs-5x5.txt')  → 'dosun-fuwari\n…'
    read_text('missing.txt')                        → BoardError('missing.txt: no such file')
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import stat
from pathlib import Path

from common import BoardError, excerpt

__all__ = ["MAX_FILE_BYTES", "kind", "read_text", "check_replaceable", "write_text_atomically",
           "TEMPORARY_SUFFIX", "PAGE_LIMIT", "sealed", "check_page", "write_page"]


MAX_FILE_BYTES = 4 * 1024 * 1024   # a board file this large is already far past any
                                   # board a command can solve; larger files are refused


def kind(mode: int) -> str:
    """What a file of this `st_mode` is, in words.   # kind(stat.S_IFIFO) → 'a FIFO'"""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                        (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                        (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def read_text(path: str, limit: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file at `path`, a byte-order mark dropped.  The file's type
    and size are looked at before a byte is read, so a FIFO, a device or a huge file is
    refused at once, never read without bound.  Raises BoardError (one line, naming the
    path) when there is no such file, it is a folder or not a regular file, it is larger
    than `limit` bytes, it cannot be read, or it is not UTF-8."""
    try:
        mode = os.stat(path)
        if not stat.S_ISREG(mode.st_mode):
            article = kind(mode.st_mode)
            raise BoardError(f"{path}: {article}, not a file" if article == "a folder"
                             else f"{path}: {article}, not a regular file; not read")
        if mode.st_size > limit:
            raise BoardError(f"{path}: {mode.st_size:,} bytes; files of at most {limit:,} "
                             f"bytes are read")
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:       # it grew after the look
            raise BoardError(f"{path}: more than {limit:,} bytes; not read")
        return data.decode("utf-8-sig")
    except BoardError:
        raise
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


def check_replaceable(path: str | os.PathLike) -> None:
    """Refuse to replace what stands at `path` unless it is a regular file (or nothing):
    a folder, FIFO, device, socket or symbolic link is the user's and stays as it is.
    Looks at the file's type only (os.lstat), never reads it.  Raises FileExistsError."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise FileExistsError(f"{os.fspath(path)}: {kind(mode)}, not a regular file; "
                              f"not replacing it")


TEMPORARY_SUFFIX = ".tmp"   # `.NAME.XXXXXXXX.tmp` beside NAME while it is being written


def write_text_atomically(path: str | os.PathLike, text: str) -> None:
    """Write `text` (UTF-8, '\n' line ends) to `path` so that a reader sees the old file or
    the new one, never half of one: a temporary file `.NAME.….tmp` in the same folder,
    then a rename over `path`.  The file gets the mode the user's umask gives a new file
    (as `open` would), not the temporary file's private one.  The temporary file is
    removed on any error or interruption that reaches Python (Ctrl-C, SIGTERM under
    `cli.run`), and Ctrl-C and SIGTERM wait while it is made, so none can land between
    its making and the cleanup.  Raises FileExistsError (`check_replaceable`) when
    something other than a regular file stands at `path`; OSError naming `path` (never
    the temporary file) when the folder cannot be written or the disk is full."""
    check_replaceable(path)
    import tempfile   # here, not at the top: only writing commands need it
    folder, name = os.path.split(os.fspath(path))
    stopping, temporary = {signal.SIGINT, signal.SIGTERM}, None
    signal.pthread_sigmask(signal.SIG_BLOCK, stopping)     # no Ctrl-C between making the
    try:                                                    # temporary file and the `try`
        try:                                                # that removes it
            handle, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.",
                                                 suffix=TEMPORARY_SUFFIX)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException as error:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
        if isinstance(error, OSError):     # name the file the user asked for, not the temporary
            raise OSError(error.errno, error.strerror, os.fspath(path)) from None
        raise


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# === Generated pages ===
# A page a command writes (verify.py --html) carries `<meta name="generator" content="NAME
# DIGEST">`, DIGEST a hash of the page with itself left out.  The command replaces a file
# only if it is empty or such a page whose digest still matches: never a file it did not
# write, and never its own page once someone has edited it.

PAGE_LIMIT = 64 * 1024 * 1024   # bytes: a larger file cannot be a page a command wrote


def _mark(generator: str) -> re.Pattern:
    return re.compile(r'<meta name="generator" content="' + re.escape(generator)
                      + r' ([0-9a-f]*)">')


def _digest(text: str, generator: str) -> str:
    blank = _mark(generator).sub(f'<meta name="generator" content="{generator} ">', text,
                                 count=1)
    return hashlib.sha256(blank.encode("utf-8")).hexdigest()[:16]


def sealed(text: str, generator: str) -> str:
    """`text`, a page holding `<meta name="generator" content="GENERATOR ">`, with its
    digest written into that mark.   # sealed(page, "verify.py --html")"""
    return _mark(generator).sub(
        f'<meta name="generator" content="{generator} {_digest(text, generator)}">', text,
        count=1)


def check_page(path: Path, generator: str) -> None:
    """Whether a page of `generator` may be written to `path`, asked before the page is
    made.  Raises FileExistsError for anything but a regular file (looked at, never
    read), a file larger than PAGE_LIMIT, a file `generator` did not write or one it
    wrote that has been edited since (its digest no longer matches); an empty file may be
    replaced.  Raises OSError for a folder, or a place whose folder is missing or cannot
    be written.  Every message is one line naming `path`."""
    if path.is_dir():
        raise IsADirectoryError(f"{path}: a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"{path}: no folder {folder} to write it in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"{path}: the folder {folder} cannot be written")
    check_replaceable(path)
    if not path.exists():
        return
    try:
        old = read_text(str(path), limit=PAGE_LIMIT)
    except BoardError as error:
        raise FileExistsError(f"{str(error).splitlines()[0]}; not overwriting it") from None
    if old == "":
        return
    mark = _mark(generator).search(old[:2000])
    if mark is None:
        raise FileExistsError(f"{path}: exists and was not written by {generator}; not "
                              f"overwriting it")
    if mark.group(1) != _digest(old, generator):
        raise FileExistsError(f"{path}: written by {generator} but edited since; not "
                              f"overwriting it")


def write_page(path: Path, text: str, generator: str) -> None:
    """Write the page `text` of `generator` to `path`, sealed with its digest, atomically
    (write_text_atomically), after `check_page`; raises as those do."""
    check_page(path, generator)
    write_text_atomically(path, sealed(text, generator))
