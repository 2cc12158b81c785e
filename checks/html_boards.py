"""A refuted claim's smallest counterexample board, for the report page (checks/html_report.py):
the board drawn bare and with each of its answers beside it, as the play page draws boards
(checks/draw.py: the same symbols, with their legend), a caption that says where to look,
and the board as tables and as a board file under the fold.

    board_figure(row)        → '<figure class="picture" id="DF-12-board" …>…</figure>'
    parsed(row["counterexample"])  → the Board, or None for text that is not a board file

The answers are the puzzle engines' (dosun_fuwari.solve under the official reading,
nondango.solve under the write-up's), counted to the puzzle's cap; a counterexample is
small, so this takes milliseconds.
"""

from __future__ import annotations

import itertools

import dosun_fuwari as df
import nondango as nd
from checks import draw, html_tables
from checks.draw import words
from checks.shared import cell_name
from common import BoardError

__all__ = ["ANSWERS_SHOWN", "parsed", "board_figure"]

ANSWERS_SHOWN = 4                # answers drawn beside a counterexample board, at most

_GENRES = {df.GENRE: df, nd.GENRE: nd}


def parsed(text: str | None):
    """The board a check's counterexample text holds (a board file), or None."""
    if not text or not text.strip():
        return None
    module = _GENRES.get(text.strip().splitlines()[0].strip())
    if module is None:
        return None
    try:
        return module.parse(text)
    except BoardError:
        return None


def _answers(board) -> tuple[list, int, bool]:
    """(up to ANSWERS_SHOWN answers, how many there are, whether counting stopped at the
    cap) under the write-up's reading."""
    module = df if isinstance(board, df.Board) else nd
    shown = list(itertools.islice(module.solve(board), ANSWERS_SHOWN))
    count = module.count_answers(board)
    return shown, count.count, count.capped


def _board_words(board) -> str:
    """'a Dosun-Fuwari board of 4 rows and 3 columns'."""
    name = "Dosun-Fuwari" if isinstance(board, df.Board) else "Nondango"
    rows = f"{board.rows} row" + ("" if board.rows == 1 else "s")
    cols = f"{board.cols} column" + ("" if board.cols == 1 else "s")
    return f"a {name} board of {rows} and {cols}"


def _differences(board, answers: list) -> str:
    """The cells where the answers shown differ, named as on the board ('B1 and C1')."""
    if isinstance(board, df.Board):
        fillings = [{c: "o" for c in a.balloons} | {c: "*" for c in a.irons} for a in answers]
    else:
        fillings = [{c: "#" for c in a} for a in answers]
    cells = sorted({c for f in fillings for c in f
                    if any(g.get(c) != f.get(c) for g in fillings)})
    names = [cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def board_figure(row: dict) -> str:
    """A refuted claim's smallest counterexample (or, for DF-15, the smallest board that
    loses uniqueness) drawn as the play page draws boards, with its answers beside it and
    the board file as the text alternative."""
    board = parsed(row.get("counterexample"))
    module = df if isinstance(board, df.Board) else nd
    bare = board.replace(answer=None)
    answers, count, capped = _answers(bare)
    many = f"{count:,} or more" if capped else f"{count:,}"
    panels = [f'<div class="panel">{draw.board_svg(bare, label="the board")}'
              f"<p>the board</p></div>"]
    for k, answer in enumerate(answers, 1):
        own = " (the one the check drew)" if board.answer is not None and answer == board.answer \
            else ""
        panels.append(f'<div class="panel">{draw.board_svg(bare, answer, f"answer {k}")}'
                      f"<p>answer {k} of {words(many)}{words(own)}</p></div>")
    if not answers:
        panels.append('<div class="panel empty"><p>no answer</p></div>')
    if board.answer is not None and board.answer not in answers:
        panels.append(f'<div class="panel">{draw.board_svg(bare, board.answer, "the drawn answer")}'
                      f"<p>the filling the check drew</p></div>")
    if row["id"] == "DF-15":
        what, shows = ("the smallest board on which starving rooms loses uniqueness",
                       "the starving steps leave it more than one answer")
    else:
        what, shows = "the smallest counterexample", row.get("measured", "").removeprefix(
            "false: ")
    caption = (f"{row['id']}: {what}, {_board_words(board)}, with "
               + ("no answer" if count == 0 else f"{many} answer{'s' if count != 1 else ''}"
                  + (f" (the first {len(answers)} drawn)" if count > len(answers) else ""))
               + f"; {shows}.")
    if len(answers) > 1:
        caption += f"  Look at {_differences(bare, answers)}: there the answers differ."
    elif answers:
        caption += "  Look at where its one answer puts each piece."
    else:
        caption += "  Look at the board: no filling of it obeys the rules."
    svg = '<div class="boards">' + "".join(panels) + "</div>"
    grids = [_grid_table(bare, None, "the board: each cell's room, # black" if module is df
                         else "the board: each cell's region, o a circle")]
    grids += [_grid_table(bare, answer, f"answer {k}") for k, answer in enumerate(answers, 1)]
    text = "".join(grids) + ('<p class="small">As a board file (boards/README.md):</p>'
                             f'<pre class="board-file">{words(module.picture(board))}</pre>')
    return html_tables.figure(f"{row['id']}-board", svg, caption, text, "board",
                  draw.board_legend(module.GENRE))


def _grid_table(board, answer, caption: str) -> str:
    """A board as a table, cells named as on the board (columns A, B, …; rows 1, 2, …):
    without an answer each cell's room (region) label or # for black; with one, the
    answer's symbols (the puzzle's LEGEND)."""
    if isinstance(board, df.Board):
        labels = {cell: str(k) for k, room in enumerate(board.rooms) for cell in room}
        cells = (df.answer_rows(board, answer) if answer is not None else
                 [[labels.get((r, c), df.BLACK) for c in range(board.cols)]
                  for r in range(board.rows)])
    else:
        labels = {cell: str(k) for k, region in enumerate(board.regions) for cell in region}
        cells = (nd.answer_rows(board, answer) if answer is not None else
                 [[labels[(r, c)] + (" o" if (r, c) in board.circles else "")
                   for c in range(board.cols)] for r in range(board.rows)])
    cells = [row.split(" ") if isinstance(row, str) and " " in row else list(row)
             for row in cells]
    headers = [""] + [cell_name((0, c))[:-1] for c in range(board.cols)]
    return html_tables.table(headers, [[r + 1, *cells[r]] for r in range(board.rows)],
                             caption)
