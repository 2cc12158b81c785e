"""Cold timing: every solve in a fresh process, so no solver reuses what it remembers.

    cold(df.count_answers, board, "official", 2)      → Cold(result=Count(…), seconds=0.0042)
    best_cold(cpsat_models.count_nondango, board, repeats=2)   the lesser of two cold runs

A benchmark that solves one board with our engine and then with a peer, in one process,
times the second solver after the first one's work (and a repeated solve after its own) is
remembered: tables an engine keeps across calls, caches keyed on a board or on its parts.
Here each call runs in a process forked for it alone from a clean server process
(multiprocessing's "forkserver" start method).  The server has imported the puzzle modules,
the ladder and the peers' models (PRELOAD) and has run none of our engines, so importing is
never timed and nothing our engines did before is in the child.  It has started the peers'
libraries on one tiny board of its own (bench/warm_peers.py), as the benchmarks did before
timing, so a peer pays for its board's model and search, not for loading OR-Tools.  The
board and the other arguments reach the child pickled, before the clock starts; the child
times only the call, in CPU seconds of its own process (`time.process_time`: user and
system time of every thread, so CP-SAT's and clingo's own threads count too), and sends
back the result and the seconds.

A call that has not returned after `limit` seconds of wall time is stopped: Cold(None,
math.inf).  A call that raises gives Cold(None, math.inf) and the error's text in `error`.
Children run one at a time, never two at once, so a timing has the core to itself as far
as this script is concerned.  The callable must be a function of an importable module (the
child finds it by name): `dosun_fuwari.count_answers`, `cpsat_models.count_nondango`,
`ladder.prove`, or one of the small adapters below (`count_iterator`, `profile`).

Roads not taken: clearing the engines' caches between runs (`cache_clear()` on each
`lru_cache`) needs the names of the engines' private tables, which change whenever an
engine does, and misses any table a new engine adds; a fresh process misses nothing.  A
subprocess per board (`python -c ...`) would pay the interpreter's start and every import
per board, a second or more with OR-Tools; a fork of the clean server pays neither.
"""

from __future__ import annotations

import contextlib
import cProfile
import itertools
import math
import multiprocessing
import os
import pstats
import signal
import sys
import time
from typing import Any, Callable, NamedTuple

__all__ = ["PRELOAD", "Cold", "cold", "best_cold", "count_iterator", "profile"]

# What the clean server imports before it forks a child for each call (a module that is
# not installed, such as ortools on a machine without the bench extra, is skipped).
# warm_peers also starts the peers' libraries on a tiny board of its own.
PRELOAD = ["common", "dosun_fuwari", "nondango", "ladder", "twins.dosun_fuwari", "twins.nondango",
           "cold", "cpsat_models", "clingo_models", "warm_peers"]
DEFAULT_LIMIT = 60.0   # wall seconds before a call is stopped


class Cold(NamedTuple):
    """What one cold call gave: its result (None when it was stopped or raised), its CPU
    seconds in the fresh process (math.inf when stopped or raised), and an error's text."""

    result: Any
    seconds: float
    error: str = ""


_context = None


def _server():
    """The forkserver context, its preload list set once.  The server starts as a new
    interpreter that imports PRELOAD before it learns this process's sys.path, so the
    path (the project, bench/, a --root checkout) reaches it through PYTHONPATH."""
    global _context
    if _context is None:
        paths = [os.path.abspath(path) for path in sys.path if path]
        if os.environ.get("PYTHONPATH"):
            paths.append(os.environ["PYTHONPATH"])
        os.environ["PYTHONPATH"] = os.pathsep.join(paths)
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(PRELOAD)
    return _context


@contextlib.contextmanager
def _script_unnamed():
    """While inside, the running script has no file name, so a child forked from the server
    does not run the script's module code again before the call (multiprocessing re-runs
    `__main__` in every child it can name; the forkserver's own preloading of `__main__`
    never receives the script's path in CPython 3.11).  The calls never live in the script."""
    main = sys.modules["__main__"]
    path = main.__dict__.pop("__file__", None)
    spec = main.__dict__.get("__spec__")
    main.__spec__ = None
    try:
        yield
    finally:
        main.__spec__ = spec
        if path is not None:
            main.__file__ = path


class _OverCpuLimit(Exception):
    """The call used up its CPU seconds (cold's cpu_limit)."""


def _over_cpu_limit(signum, frame):
    raise _OverCpuLimit()


def _child(send, call: Callable, args: tuple, keep: tuple[str, ...],
           cpu_limit: float | None = None) -> None:
    """In the fresh process: time call(*args) in CPU seconds and send (result, seconds)."""
    try:
        if cpu_limit:
            signal.signal(signal.SIGPROF, _over_cpu_limit)
            signal.setitimer(signal.ITIMER_PROF, cpu_limit)
        started = time.process_time()
        result = call(*args)
        seconds = time.process_time() - started
        signal.setitimer(signal.ITIMER_PROF, 0)
        if keep:
            result = tuple(getattr(result, name) for name in keep)
        send.send((result, seconds, ""))
    except _OverCpuLimit:
        send.send((None, math.inf, f"stopped after {cpu_limit:g} CPU seconds"))
    except Exception as error:  # reported to the parent, which shows it
        send.send((None, math.inf, f"{type(error).__name__}: {error}"))
    finally:
        send.close()


def cold(call: Callable, *args, limit: float = DEFAULT_LIMIT, keep: tuple[str, ...] = (),
         cpu_limit: float | None = None) -> Cold:
    """call(*args) in a fresh process forked from the clean server: its result and CPU
    seconds, or Cold(None, inf) past `limit` wall seconds or, if given, past `cpu_limit`
    CPU seconds of the child (a limit a busy machine does not tighten; it stops Python
    code, so `limit` stays the backstop).  `keep` names attributes of the result to send
    back instead of the whole result (a tuple of them), for results that are large or do
    not pickle.
    # cold(nondango.count_answers, board) → Cold(Count(1, False), 0.003)"""
    context = _server()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, call, args, keep, cpu_limit),
                              daemon=True)
    with _script_unnamed():
        process.start()
    send.close()
    try:
        if receive.poll(limit):
            result, seconds, error = receive.recv()
            return Cold(result, seconds, error)
        return Cold(None, math.inf, f"stopped after {limit:g} s")
    except EOFError:
        return Cold(None, math.inf, f"the process ended with status {process.exitcode}")
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()


def best_cold(call: Callable, *args, repeats: int = 2, limit: float = DEFAULT_LIMIT,
              keep: tuple[str, ...] = ()) -> Cold:
    """The cold call with the least CPU time over `repeats` fresh processes (stops at the
    first that is stopped or raises)."""
    best = None
    for _ in range(repeats):
        run = cold(call, *args, limit=limit, keep=keep)
        if best is None or run.seconds < best.seconds:
            best = run
        if run.seconds == math.inf:
            break
    return best


def count_iterator(make: Callable, cap: int, *args) -> int:
    """How many items make(*args) yields, stopping at `cap`: a generator of answers
    counted in the child.
    # count_iterator(twins.nondango.solve_by_exhaustion, 2, board, "published") → 1"""
    return sum(1 for _ in itertools.islice(make(*args), cap))


def profile(call: Callable, arg_lists: list[tuple], top: int) -> tuple[float, list[tuple]]:
    """call(*args) once for each args of `arg_lists` under cProfile (in a fresh process
    when run through `cold`): the seconds profiled and the `top` functions by own time, as
    (own seconds, cumulative seconds, calls, function, file:line)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for args in arg_lists:
        call(*args)
    profiler.disable()
    stats = pstats.Stats(profiler)
    entries = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    return stats.total_tt, [
        (own, cum, calls, func, f"{os.path.basename(path)}:{line}" if line else path)
        for (path, line, func), (_, calls, own, cum, _) in entries]
