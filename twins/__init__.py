"""The brute-force twins: the dumb engines and enumerators that check the clever ones, one
module per puzzle.  Each imports from its puzzle module only the board type, the parser and
constructors and the rules checker, so its imports show it shares nothing else.  The tests
compare a clever function with its twin by `same` (Norvig's `same(fast, slow, inputs)`)."""

from __future__ import annotations

from typing import Callable, Iterable


def same(fast: Callable, slow: Callable, cases: Iterable) -> int:
    """Assert fast(*case) == slow(*case) for every case (a tuple of arguments, or one
    argument); return how many cases were compared, so a test can say it compared some.
    Raises AssertionError naming the first case where the two differ."""
    compared = 0
    for case in cases:
        args = case if isinstance(case, tuple) else (case,)
        mine, twin = fast(*args), slow(*args)
        assert mine == twin, (f"{fast.__name__}{args!r} = {mine!r}, "
                              f"but {slow.__name__} gives {twin!r}")
        compared += 1
    assert compared, "no case was compared"
    return compared
