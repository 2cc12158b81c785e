"""Boards for the play page's tests (tests/test_play.py in Python, tests/test_play_browser.py
in a browser), generated here with the modules' own generators and fixed seeds into a
temporary folder laid out like the project's boards/, so the tests do not depend on the
bank; the static page written from them and the page's server over them.  Built once per
test session and only read."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import dosun_fuwari as df
import nondango as nd
from tools import play, play_boards, play_server

# One fixed Hypothesis profile, so that a run draws the same examples and takes the same time
# every time: derandomized (examples come from each test's own name), no deadline (a slow
# machine fails nothing), no example database (nothing remembered from an earlier run).  Each
# test states its own example count with @settings(max_examples=...).  For a longer random
# hunt: HYPOTHESIS_PROFILE=hunt python -m pytest (fresh random draws on every run).
settings.register_profile("course", derandomize=True, deadline=None, database=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("hunt", parent=settings.get_profile("course"), derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "course"))

# The tests press Ctrl-C on commands they start, and a command started with Ctrl-C ignored
# keeps it ignored (as under nohup).  A test run started that way (a background job of a
# shell without job control) would pass the ignoring on and see commands finish instead of
# stop: the run's own Ctrl-C goes back to Python's, which its commands start without.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ND_SAMPLE_LINK = "https://puzz.link/p?nondango/6/6/5jlp72e15tpq2i3ikht0"


LESSON = """dosun-fuwari
lesson: DF-12's smallest counterexample: every room holds a run-top, the prediction is 1,
lesson: but one cell cannot hold a balloon and an iron ball: 0 answers.
; a comment of the file's own, not shown on the page
rooms:
0
"""


def _published(board: nd.Board) -> nd.Board:
    """The board with the `reading: published` line of the published bank's files."""
    return board.replace(metadata=(("reading", "published"),))


def _with_givens(board: nd.Board) -> nd.Board:
    """The same board with one answer circle given black and one other circle given white."""
    black = min(board.answer)
    white = min(board.circles - board.answer)
    return board.replace(given_black=frozenset({black}), given_white=frozenset({white}))


LADDER_LESSON = """dosun-fuwari
lesson: The profile rung (DF-18): the room of B2, B3 and C3 holds no run-top (it is starved).
lesson: The room rung places every piece but leaves C1 and B3 undecided.
rooms:
0 1 1
0 2 1
# 2 2
"""


@pytest.fixture(scope="session")
def boards_dir(tmp_path_factory) -> Path:
    """A boards folder like the project's: both puzzles' banks, a bank for the published
    Nondango rule, and samples (one with givens, one with no answer, two lessons, one of
    them a ladder's)."""
    root = tmp_path_factory.mktemp("boards")
    files = {
        "dosun-fuwari/df-8x8-01.txt": df.picture(df.unique_board(1, 8, 8, 3)),
        "dosun-fuwari/df-8x8-02.txt": df.picture(df.unique_board(2, 8, 8, 2)),
        "dosun-fuwari/df-12x12-01.txt": df.picture(df.unique_board(1, 12, 12, 6)),
        "nondango/nd-8x8-01.txt": nd.picture(nd.bank_board(8, 8, 1)),
        "nondango/nd-8x8-02.txt": nd.picture(nd.bank_board(8, 8, 2)),
        "nondango/nd-12x12-01.txt": nd.picture(nd.bank_board(12, 12, 1)),
        f"{play_boards.PUBLISHED_FOLDER}/ndp-6x6-01.txt":
            nd.picture(_published(nd.bank_board(6, 6, 5, reading="published"))),
        f"{play_boards.PUBLISHED_FOLDER}/ndp-8x8-01.txt":
            nd.picture(_published(nd.bank_board(8, 8, 1, reading="published"))),
        "samples/nd-givens-6x6.txt": nd.picture(_with_givens(nd.bank_board(6, 6, 3))),
        "samples/df-no-answer-1x2.txt": "dosun-fuwari\nrooms:\n0 1\n",
        "samples/df-lesson-1x1.txt": LESSON,
        "samples/ladder-df-profile.txt": LADDER_LESSON,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


HOSTILE_NAME = "a<!--<script>.txt"   # a file name that would end a careless page's script


@pytest.fixture(scope="session")
def hostile_file(tmp_path_factory) -> Path:
    """A small Dosun-Fuwari board in a file whose name, put into a page unescaped, would
    open a comment and a script inside the page's data block."""
    path = tmp_path_factory.mktemp("hostile") / HOSTILE_NAME
    path.write_text(df.picture(df.unique_board(3, 4, 4, 1)), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def entries(boards_dir) -> dict[str, play_boards.Entry]:
    return {entry.name: entry for entry in play_boards.index(boards_dir)}


@pytest.fixture(scope="session")
def page_file(boards_dir, hostile_file, tmp_path_factory) -> Path:
    """The static page as the command line writes it (--out), with one board added by its
    link and one by a file with a hostile name."""
    out = tmp_path_factory.mktemp("page") / "play.html"
    assert play.main(["--no-open", "--out", str(out), "--boards", str(boards_dir),
                      ND_SAMPLE_LINK, str(hostile_file)]) == 0
    return out


@pytest.fixture(scope="session")
def server(boards_dir, hostile_file):
    """The play page's server over the test boards, the sample link and the hostile file,
    in a thread of this process, for the session."""
    entries = play.entries_of(boards_dir, [ND_SAMPLE_LINK, str(hostile_file)], static=False)
    running = play_server.PlayServer(entries)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield running
    running.shutdown()
    running.server_close()
