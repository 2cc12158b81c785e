"""Error lines and the board's own reading, on every command that reads a board.

Bad input gets one line on stderr, exit status 2, that fits 100 columns and names cells
as the play page does (A1: column letters, then the row); a board file's `reading:` line
is the default reading of every command that reads it, `--reading` overrides it, and the
first line says which was used.  The inputs are drawn systematically: every cut of the
links of boards of several sizes (up to 100x100), every body character of them replaced,
the head of a link broken in each way the decoder names, and board files broken line by
line, each given to every command that takes a board.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

import dosun_fuwari as df
import ladder
import nondango as nd
from plumbing import cli
from tools import bank, formats, play

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "boards" / "samples"
WIDTH = cli.WIDTH
TUPLE_CELL = re.compile(r"\(\d+, ?\d+\)")        # a cell named as a Python pair, not as A1
COMMANDS = {"dosun_fuwari.py": df.main, "nondango.py": nd.main, "ladder.py": ladder.main,
            "formats.py": formats.main}


def _links() -> list[str]:
    """Links of boards of several sizes and both puzzles, the largest 100x100."""
    boards = [formats.read(str(SAMPLES / name)) for name in
              ("df-pzprjs-5x5.txt", "nd-pzprjs-6x6.txt")]
    boards += [formats.read(str(ROOT / "boards" / folder / name)) for folder, name in
               (("dosun-fuwari", "df-8x8-01.txt"), ("dosun-fuwari", "df-12x12-01.txt"),
                ("nondango", "nd-12x12-01.txt"))]
    boards.append(df.trivial_board(3, 100, 100))
    boards.append(nd.bank_board(30, 30, 1).replace(answer=None))
    return [formats.url(board) for board in boards]


def _broken_links() -> list[str]:
    """Every cut of each link, each body character replaced by characters outside or at
    the edge of the alphabets, and heads broken in every way the decoder names."""
    out = []
    for link in _links():
        head = link.rsplit("/", 1)[0] + "/"
        body = link[len(head):]
        out += [link[:k] for k in range(len("https://puzz.link/p?"), len(link))]
        for k in range(0, len(body), max(1, len(body) // 12)):
            out += [head + body[:k] + bad + body[k + 1:] for bad in ("z", "Z", ".", "/", "%", "w")]
        out += [link + "zz", link + "&=x", link.replace("/p?", "/p?x"),
                link.replace("/p?", "/p?v:x/"), head.replace("/p?", "/p?b/") + body,
                link.replace("https://puzz.link", "https://example.com")]
    genre, size = "https://puzz.link/p?dosufuwa/", "5/5/7pnsmrhf31d1"
    out += [genre + "0/5/", genre + "5/-5/", genre + "5/05/7pns", genre + "101/5/",
            genre + "5", genre + "x" * 60 + "/5/", "https://puzz.link/p?" + "q" * 80 + "/5/5/",
            "https://puzz.link/p?type=editor&pzprv3/dosufuwa/1/2/1/0%2",
            "https://puzz.link/p?type=editor&pzprv3/dosufuwa/1/2/1/0%ff%20", genre + size + "#x"]
    return out


def _stderr_lines(capsys, main, argv: list[str]) -> list[str]:
    try:
        status = main(argv)
    except SystemExit as done:
        status = done.code
    err = capsys.readouterr().err
    assert status in (0, 2), (argv, err)
    return err.splitlines()


def _fits(lines: list[str], argv) -> None:
    for line in lines:
        assert len(line) <= WIDTH, (argv, len(line), line)
        assert not TUPLE_CELL.search(line), (argv, line)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_broken_link_is_one_line_within_100_columns(command, capsys):
    """Every broken link, given to every command that takes a board, is refused in one line
    of at most 100 columns that names no cell as a Python pair."""
    for link in _broken_links():
        lines = _stderr_lines(capsys, COMMANDS[command], [link])
        assert len(lines) <= 1, (link, lines)
        _fits(lines, link)


def _broken_files(tmp_path: Path) -> list[Path]:
    """Each sample board file with one line deleted, doubled, given a stray token or a
    first symbol of each kind, and with a bad `reading:` and `size:` line, under a short
    relative name such as a user types (`df-p12.txt`)."""
    out = []
    for sample in sorted(SAMPLES.glob("*.txt")):
        lines = sample.read_text(encoding="utf-8").splitlines()
        variants = [lines[:k] + lines[k + 1:] for k in range(len(lines))]
        variants += [lines[:k] + [lines[k]] + lines[k:] for k in range(len(lines))]
        variants += [lines[:k] + [lines[k] + " x!"] + lines[k + 1:] for k in range(len(lines))]
        variants += [lines[:k] + [symbol + lines[k][1:]] + lines[k + 1:]
                     for k in range(1, len(lines)) for symbol in "#o.*BW"]
        variants += [lines[:1] + ["reading: not-a-reading"] + lines[1:],
                     lines[:1] + ["size: 99x99"] + lines[1:]]
        for k, variant in enumerate(variants):
            path = tmp_path / f"{sample.stem[:4]}{k}.txt"
            path.write_text("\n".join(variant) + "\n", encoding="utf-8")
            out.append(path)
    return out


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_broken_board_file_is_one_line_within_100_columns(command, tmp_path, capsys,
                                                              monkeypatch):
    """Every broken board file (a short name as a user types it) is refused in one line of
    at most 100 columns, naming file, line and column, and cells as A1."""
    monkeypatch.chdir(tmp_path)
    for path in _broken_files(tmp_path):
        lines = _stderr_lines(capsys, COMMANDS[command], [path.name])
        assert len(lines) <= 1, (path.name, lines)
        _fits(lines, path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("command", sorted(COMMANDS) + ["play.py"])
def test_a_broken_board_file_deep_in_folders_is_one_line_within_100_columns(command, tmp_path,
                                                                           capsys):
    """A broken board file five long folders deep (a path of over 150 characters) is still
    refused in one line of at most 100 columns: the path is named by its end, its file
    name and line kept."""
    deep = tmp_path.joinpath(*["a-rather-long-folder-name-of-puzzles"] * 5)
    deep.mkdir(parents=True)
    path = deep / "today.txt"
    path.write_text("nondango\nsize: 2x2\nregions:\naa\nab\nzz\n" if command == "dosun_fuwari.py"
                    else "dosun-fuwari\nsize: 2x2\nrooms:\naa\nab\nzz\n", encoding="utf-8")
    assert len(str(path)) > 150
    main = play.main if command == "play.py" else COMMANDS[command]
    lines = _stderr_lines(capsys, main, ["--no-open", str(path)] if command == "play.py"
                          else [str(path)])
    assert len(lines) == 1 and len(lines[0]) <= WIDTH, lines
    assert "today.txt:" in lines[0] and "…" in lines[0], lines


def test_the_cut_off_link_names_its_cell_as_a1(capsys):
    """The link of a 12x12 bank board cut inside its black cells: one line, the cell the
    walls close in named as the page names it."""
    link = _links()[3]
    cut = next(link[:k] for k in range(len(link) - 1, 0, -1)
               if "cut off" in " ".join(_stderr_lines(capsys, df.main, [link[:k]])))
    line, = _stderr_lines(capsys, df.main, [cut])
    assert len(line) <= WIDTH and re.search(r"\b[A-L](?:[1-9]|1[0-2])\b", line), line


def test_a_board_with_givens_has_no_link_and_says_which_cells_in_a1(tmp_path, capsys):
    """--url of a Nondango board with given circles names them as A1, in one line."""
    board = nd.bank_board(8, 8, 1).replace(given_black=frozenset({(0, 0), (7, 7)}))
    path = tmp_path / "givens.txt"
    path.write_text(nd.picture(board.replace(answer=None)), encoding="utf-8")
    lines = _stderr_lines(capsys, nd.main, [str(path), "--url"])
    assert len(lines) == 1 and "A1" in lines[0] and "H8" in lines[0], lines
    _fits(lines, path)


# === The board's own reading ===

PUBLISHED = ROOT / "boards" / "nondango-published" / "ndp-8x8-01.txt"
WRITE_UP = ROOT / "boards" / "nondango" / "nd-8x8-01.txt"


def test_the_published_bank_is_solved_under_its_reading_line(capsys):
    """`python nondango.py boards/nondango-published/ndp-8x8-01.txt` solves under the
    published reading, its file's `reading:` line, and the first line says so and how to
    ask for the write-up's; --reading overrides it; the write-up bank's line names its own."""
    assert nd.main([str(PUBLISHED)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("reading: published (the board file's reading: line; --reading write-up "
                     "for the write-up's)")
    assert nd.main([str(PUBLISHED), "--reading", "write-up"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "reading: write-up"
    assert nd.main([str(WRITE_UP)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "reading: write-up (the board file's reading: line)")


def test_the_ladder_takes_the_board_files_reading(capsys):
    """ladder.py grades a board under its file's `reading:` line unless --reading is given."""
    assert ladder.main([str(PUBLISHED), "--rung", "region"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "board: ndp-8x8-01.txt; published reading (the board file's reading: line)")
    assert "grade (published reading)" in out
    assert ladder.main([str(PUBLISHED), "--rung", "region", "--reading", "write-up"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "board: ndp-8x8-01.txt; write-up reading"


def test_a_reading_line_of_another_puzzle_is_refused_where_it_stands(tmp_path, capsys,
                                                                      monkeypatch):
    """A `reading:` line naming no reading of the puzzle is an error at its line and the
    column of the value, as every other board-file error."""
    monkeypatch.chdir(tmp_path)
    Path("b.txt").write_text("dosun-fuwari\n  reading:  write-up\nrooms:\n0 0\n",
                             encoding="utf-8")
    assert df.main(["b.txt"]) == 2
    assert capsys.readouterr().err == ("dosun_fuwari.py: b.txt:2:13: 'write-up' is not a "
                                       "dosun-fuwari reading\n")


# === boards/README.md shows the commands as they run ===

def test_the_commands_of_the_boards_readme_run(capsys):
    """Every `python …` command boards/README.md shows names a command that exists and
    accepts its options (run with --help in place of its board)."""
    text = (ROOT / "boards" / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"`(python [^`]+)`", text)
    assert shown
    mains = {"dosun_fuwari.py": df.main, "nondango.py": nd.main, "ladder.py": ladder.main,
             "tools.formats": formats.main, "tools.play": play.main, "tools.bank": bank.main}
    for command in shown:
        words = shlex.split(command)[1:]
        name = words[1] if words[0] == "-m" else words[0]
        assert name in mains, command
        options = [w for w in words if w.startswith("--")]
        try:
            mains[name](["--help"])
        except SystemExit:
            pass
        usage = capsys.readouterr().out
        for option in options:
            assert option in usage, (command, option)
