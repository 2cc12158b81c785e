"""The checks of this project's own claims, beyond both write-ups: X-01 … X-03.

The published Nondango rule (Nikoli, puzz.link, janko.at) forbids three circles of either
colour in a line, where the write-up forbids three black ones (X-01, X-02); and the boards
travel as puzz.link links and pzprv3 files, which must round-trip byte for byte (X-03).
Each check is named after its claim ID (X-03 → `x_03`) and is found by that name by
verify.py, as in checks_dosun_fuwari.py and checks_nondango.py.
"""

from __future__ import annotations

import os
import random

import dosun_fuwari as df
from tools import formats
import nondango as nd
from twins import nondango as nd_twin
from plumbing import puzzlink
from checks import judging
from checks.shared import Finding, bank_answer_failures, bank_boards
from common import below
from checks.nd_claims import ND_SAMPLE, ND_SHAPES_QUICK

__all__ = ["x_01", "x_02", "x_03"]


# === The published Nondango rule ===

def x_01(quick: bool) -> Finding:
    """Under the published rule (no three of one colour) the write-up's dead-triple screen is
    no longer exact.  [X-01]"""
    smallest = None
    checked = 0
    for rows, cols in sorted(ND_SHAPES_QUICK, key=lambda s: (s[0] * s[1], s)):
        for board in nd_twin.all_boards(rows, cols):
            checked += 1
            index = nd.region_of(board)
            every = nd.triples(board, "published")
            kept = [t for t in every if not nd.shares_a_region(board, t, index)]
            if set(nd.solve_with_triples(board, kept, "published")) != \
                    set(nd.solve_with_triples(board, every, "published")):
                smallest = board
                break
        if smallest:
            break
    sample = nd.load(ND_SAMPLE)
    counts = {r: nd.count_answers(sample, r).count for r in ("write-up", "published")}
    dial_broken = sum(not nd.is_answer(b, b.answer, "published")
                      for b in (nd.dial_board(8, 8, 16, s) for s in range(20)))
    if smallest is None:
        return Finding("refuted", "the screen stayed exact on every small board")
    every = set(nd.solve(smallest, "published"))
    index = nd.region_of(smallest)
    kept = [t for t in nd.triples(smallest, "published")
            if not nd.shares_a_region(smallest, t, index)]
    screened = set(nd.solve_with_triples(smallest, kept, "published"))
    return Finding(
        "holds",
        f"screen not exact: smallest board {smallest.rows}×{smallest.cols}, "
        f"{len(screened)} answers screened vs {len(every)}",
        f"smallest board by area (after {checked} boards) where dropping triples with two "
        f"circles in one region changes the published answer set:\n{nd.picture(smallest)}"
        f"The pzprjs sample has {counts['published']} answer under the published reading and "
        f"{counts['write-up']} under the write-up's; {dial_broken} of 20 8×8 dial boards (k=16) "
        "lose their answer under the published reading. Engine 1 uses reading-aware live "
        "triples (dead = can never fire), which stays exact under every reading.")


def x_02(quick: bool) -> Finding:
    """How many answers of the write-up-procedure bank also satisfy the published rule (no
    three circles of one colour in a line), and every board of the published bank is valid
    and unique under it, so it plays correctly on puzz.link.  [X-02]"""
    write_up = bank_boards("nondango")
    survive = sum(nd.is_answer(b, b.answer, "published") for b in write_up)
    still_unique = sum(nd.is_answer(b, b.answer, "published") and
                       nd.count_answers(b, "published", cap=2).count == 1 for b in write_up)
    published = bank_boards("nondango-published")
    valid = sum(nd.is_answer(b, b.answer, "published") for b in published)
    unique = sum(nd.count_answers(b, "published", cap=2).count == 1 for b in published)
    holds = valid == unique == len(published) == 72
    rows = judging.rows_from([
        ("write-up bank: valid, published", (survive, len(write_up)), None, None),
        ("published bank: valid and unique (built in)", (min(valid, unique), len(published)),
         None, "holds" if holds else "refuted")])
    return Finding(
        "holds" if holds else "refuted",
        f"write-up bank: {survive} of {len(write_up)} answers survive the published rule; "
        f"published bank: {valid} of {len(published)} valid, {unique} unique (by construction)",
        f"Rules checker under the published reading on every stored answer; engine 1 counts "
        f"under it, stopped at 2.  The write-up's procedure (boards/nondango/) never looks at "
        f"white circles, and {len(write_up) - survive} of its {len(write_up)} answers hold "
        f"three white circles in a line; {still_unique} of its boards have their answer as the "
        "only one under the published rule.  The published bank (boards/nondango-published/) "
        "is the same procedure read under the published rule (a circle is kept only when the "
        "drawn answer is still the one answer under that rule), so its 72 of 72 hold by "
        "construction: those are the boards that play correctly on puzz.link.",
        rows=rows, by_construction=True,
        crosscheck_failures=bank_answer_failures(write_up, nd, "write-up")
        + bank_answer_failures(published, nd, "published"))


# === puzz.link links and pzprv3 files ===

def _x_03_random_board(rng, genre: str):
    """A random board of `genre` built from rng.random() alone: any size up to 12x12 (or
    a long 1-to-3-row strip with at most two black cells or circles, so that runs of 36
    and more cells without one occur), rooms of equal random labels, any black cells or
    circles, and an answer drawn on half the boards."""
    if rng.random() < 0.2:
        rows, cols = 1 + below(rng, 3), 30 + below(rng, 60)
        n = rows * cols
        marked = {below(rng, n) for _ in range(below(rng, 3))}
    else:
        rows, cols = 1 + below(rng, 12), 1 + below(rng, 12)
        n = rows * cols
        density = rng.random() * 0.6
        marked = {i for i in range(n) if rng.random() < density}
    kinds = 1 + below(rng, 4)
    labels = tuple(below(rng, kinds) for _ in range(n))
    if genre == "dosufuwa":
        rooms = puzzlink.canonical_rooms(labels, rows, cols, frozenset(marked))
    else:
        rooms = puzzlink.canonical_rooms(labels, rows, cols)
    groups = [[divmod(i, cols) for i, room in enumerate(rooms) if room == number]
              for number in range(max(rooms, default=-1) + 1)]
    cells = {divmod(i, cols) for i in marked}
    if genre == "dosufuwa":
        answer = None
        if rng.random() < 0.5:
            white = [cell for group in groups for cell in group]
            draw = [rng.random() for _ in white]
            answer = df.Answer(
                frozenset(cell for cell, x in zip(white, draw) if x < 0.2),
                frozenset(cell for cell, x in zip(white, draw) if 0.2 <= x < 0.4))
            if not answer.balloons | answer.irons:
                answer = None
        return df.make_board(rows, cols, cells, groups, answer)
    answer = None
    if cells and rng.random() < 0.5:
        answer = frozenset(cell for cell in sorted(cells) if rng.random() < 0.3) or None
    regions = tuple(frozenset(group) for group in groups)
    return nd.Board(rows, cols, regions, frozenset(cells), answer=answer)


def _x_03_random_link(rng, genre: str) -> str:
    """A link as a person may draw it in pzprjs: any walls (dangling ones, and black cells
    not walled in, included), any black cells or circles; padding bits are 0, as pzprjs
    writes them."""
    rows, cols = 1 + below(rng, 8), 1 + below(rng, 8)
    density = rng.random()
    walls = [rng.random() < density for _ in range((cols - 1) * rows + cols * (rows - 1))]
    split = (cols - 1) * rows
    cells = frozenset(i for i in range(rows * cols) if rng.random() < density / 2)
    body = puzzlink.pack_bits(walls[:split]) + puzzlink.pack_bits(walls[split:])
    body += (puzzlink.encode_black_cells(rows * cols, cells) if genre == "dosufuwa"
             else puzzlink.encode_circles(rows * cols, cells))
    link = f"{puzzlink.URL_PREFIX}{genre}/{cols}/{rows}/{body}"
    return link if link[-1].isalnum() else link + "/"


def _x_03_round_trip_failure(board) -> str | None:
    """Why `board` does not survive board → link → board and board → pzprv3 → board
    byte for byte, or None if it does; puzzlink.CUT_OFF when its pzprv3 file does and its
    link is refused as cut off (a one-cell room after the last black cell)."""
    try:
        link = formats.url(board)
    except puzzlink.BoardError as error:
        return f"it has no link: {error}"
    try:
        back = formats.read(link)
    except puzzlink.BoardError as error:
        if not str(error).endswith(puzzlink.CUT_OFF):
            return f"{link} does not read: {error}"
        back = None
    if back is not None and back != board.replace(answer=None):
        return f"{link} reads as another board"
    if back is not None and formats.url(back) != link:
        return f"{link} is written back differently"
    text = formats.pzprv3(board)
    if (formats.read(text) != formats.as_pzprv3_keeps_it(board)
            or formats.pzprv3(formats.read(text)) != text):
        return "its pzprv3 file does not read back as itself:\n" + text
    return None if back is not None else puzzlink.CUT_OFF


def _x_03_board_files() -> list[str]:
    """Every board file under boards/ (samples and bank) next to this script."""
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "boards")
    found = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(folder, name)
            if name.endswith(".txt"):
                with open(path, encoding="utf-8") as handle:
                    if handle.read(64).lstrip().startswith(("dosun-fuwari", "nondango")):
                        found.append(path)
    return sorted(found)


def _x_03_link_failure(link: str) -> str | None:
    """Why a link does not read back as itself, puzzlink.CUT_OFF when it is refused as cut
    off (as designed), or None."""
    try:
        back = formats.url(formats.read(link))
    except puzzlink.BoardError as error:
        return puzzlink.CUT_OFF if str(error).endswith(puzzlink.CUT_OFF) else \
            f"{link} does not read: {error}"
    return None if back == link else f"{link} is written back as {back}"


def _x_03_file_failure(board) -> str | None:
    """Why a shipped board file does not round-trip, or carries a link that is not its own."""
    why = _x_03_round_trip_failure(board)
    links = [value.split()[0] for _, value in board.metadata
             if value.startswith(puzzlink.URL_PREFIX)]
    if not why and links and links[0] != formats.url(board):
        why = f"its file carries {links[0]} but the board's link is {formats.url(board)}"
    return why


def x_03(quick: bool) -> Finding:
    """puzz.link links and pzprv3 files round-trip byte for byte for both genres, on the
    pzprjs samples, on random boards and on every board file shipped.  [X-03]"""
    failures: list[tuple[str, object]] = []
    for link in puzzlink.PZPRJS_SAMPLE_LINKS:
        if formats.url(formats.read(link)) != link:
            failures.append((f"pzprjs sample {link} is written back differently", None))
    for text in puzzlink.PZPRJS_SAMPLE_FILES:
        if formats.pzprv3(formats.read(text)).replace("\n", "/") != text:
            failures.append((f"pzprjs file {text} is written back differently", None))
    seed, per_genre = 2026, (40 if quick else 1000)
    rng = random.Random(seed)
    cut = [0, 0]   # random boards, random links refused as cut off (puzzlink._check_not_cut)
    for genre in puzzlink.GENRES:
        for _ in range(per_genre):
            board = _x_03_random_board(rng, genre)
            why = _x_03_round_trip_failure(board)
            if why == puzzlink.CUT_OFF:
                cut[0] += 1
            elif why:
                failures.append((why, board))
    for genre in puzzlink.GENRES:
        for _ in range(per_genre):
            why = _x_03_link_failure(_x_03_random_link(rng, genre))
            if why == puzzlink.CUT_OFF:
                cut[1] += 1
            elif why:
                failures.append((why, None))
    files = _x_03_board_files()[:: 6 if quick else 1]
    failures += [(f"{path}: {why}", board) for path in files
                 for board in [formats.read(path)] for why in [_x_03_file_failure(board)] if why]
    tried = (f"{len(puzzlink.PZPRJS_SAMPLE_LINKS)} pzprjs sample links and "
             f"{len(puzzlink.PZPRJS_SAMPLE_FILES)} pzprjs files; {per_genre} random boards "
             f"and {per_genre} random links per genre with any walls (seed {seed}, up to "
             f"12x12 and strips up to 3x89), of which {cut[0]} boards and {cut[1]} links "
             f"with a one-cell room after the last black cell are refused as cut off, as "
             f"designed; {len(files)} board files under boards/"
             + (" (--quick: every sixth)" if quick else ""))
    if not failures:
        return Finding("holds", "every link and pzprv3 file round-trips byte for byte",
                       detail=f"checked {tried}")
    why, board = min(failures, key=lambda f: (f[1] is not None,
                                              f[1].rows * f[1].cols if f[1] else 0))
    module = df if hasattr(board, "black") else nd
    picture = module.picture(board) if board is not None else why
    return Finding("refuted", f"{len(failures)} boards do not round-trip",
                   detail=f"checked {tried}; smallest failure: {why}",
                   counterexample=picture)
