"""What every command line shares: `--jobs` and `--cap` bounds, worker processes that never
outnumber the tasks or the cores and never outlive a stop, Ctrl-C and SIGTERM as one line
with exit status 130 or 143, and every error of every board-taking command as one line
that names its place, never a traceback."""

from __future__ import annotations

import argparse
import errno
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from plumbing import cli, files, puzzlink
import dosun_fuwari
from tools import formats
import ladder
import nondango
from tools import play

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "boards" / "samples"
DF_SAMPLE = "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1"


# === --jobs and --cap ===

@pytest.mark.parametrize("text", ["0", "-1", "x", "1.5", "", " "])
def test_jobs_must_be_a_whole_number_from_one(text):
    """`--jobs` 0, negative, or not a whole number is a usage error."""
    with pytest.raises(argparse.ArgumentTypeError, match="whole number of at least 1"):
        cli.jobs(text)


TOOLS = {"bank.py": "tools.bank", "play.py": "tools.play", "formats.py": "tools.formats"}


def argv(command: str, *args: str) -> list[str]:
    """The command line that runs `command` (a top-level script or a tool in tools/)."""
    head = ["-m", TOOLS[command]] if command in TOOLS else [command]
    return [sys.executable, *head, *args]


def test_any_number_of_jobs_from_one_is_accepted():
    """A huge `--jobs` is accepted: it means as many workers as there are tasks or cores."""
    assert cli.jobs("1") == 1 and cli.jobs("100000") == 100000


@pytest.mark.parametrize("text", ["0", "-5", str(2 ** 63), str(10 ** 30), "x"])
def test_cap_must_fit_a_list(text):
    """`--cap` from 1 to 2^63 - 1 (no list can hold more answers): a bigger one is a usage
    error of one line, not islice's traceback."""
    with pytest.raises(argparse.ArgumentTypeError, match="whole number from 1 to"):
        cli.count_cap(text)
    assert cli.count_cap(str(2 ** 63 - 1)) == sys.maxsize


@pytest.mark.parametrize("command", ["verify.py", "bank.py"])
@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_verify_and_bank_refuse_the_same_jobs(command, jobs):
    """Both commands that take `--jobs` refuse the same values with the same one line."""
    args = ["check"] if command == "bank.py" else []
    result = subprocess.run(argv(command, *args, "--jobs", jobs), cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == (f"{command}: argument --jobs: expected a whole number of at "
                             f"least 1, not {jobs!r}\n")


@pytest.mark.parametrize("jobs, tasks", [(100000, 2), (30, 2), (4, 0), (1, 50)])
def test_never_more_workers_than_tasks_or_cores(jobs, tasks):
    """worker_count(jobs, tasks) is at least 1 and at most jobs, tasks (or 1) and cores."""
    workers = cli.worker_count(jobs, tasks)
    assert 1 <= workers <= min(jobs, max(tasks, 1), cli.cores())


# === Worker processes ===

def _square(n: int) -> int:
    return n * n


def _sleep_or_fail(n: int) -> int:
    if n == 0:
        raise ValueError("the failing task")
    time.sleep(60)
    return n


@pytest.mark.parametrize("jobs", [1, 2, 100000])
def test_parallel_results_are_the_plain_results(jobs):
    """run_parallel gives every result of the function, whatever `jobs`."""
    assert sorted(cli.run_parallel(_square, range(20), jobs)) == [n * n for n in range(20)]


def test_a_failing_worker_stops_the_others_at_once():
    """An error in one task reaches the caller at once, and the workers still busy with
    60-second tasks are terminated, not waited for."""
    started = time.monotonic()
    with pytest.raises(ValueError, match="the failing task"):
        list(cli.run_parallel(_sleep_or_fail, [1, 0, 2, 3], 2))
    assert time.monotonic() - started < 30
    assert multiprocessing.active_children() == []


def test_closing_early_stops_the_workers():
    """A caller that stops reading (closes the generator) leaves no worker running."""
    results = cli.run_parallel(_square, range(4), 2)
    assert next(results) in {0, 1, 4, 9}
    results.close()
    assert multiprocessing.active_children() == []


# === Ctrl-C and SIGTERM, as a user sends them ===

def _stop_after_first_progress(command: list[str], signals: list[int]) -> tuple:
    """Run `command` in its own process group, wait for its first progress line on
    stderr, send `signals` to the whole group (as a terminal's Ctrl-C does), and return
    (exit status, seconds from the signal to the exit, stderr after it, processes left)."""
    process = subprocess.Popen(argv(*command), cwd=ROOT, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first = process.stderr.readline()
    assert first, "the command ended before its first progress line"
    for number in signals:
        os.killpg(process.pid, number)
    sent = time.monotonic()
    rest = process.stderr.read()
    status = process.wait(timeout=60)
    seconds = time.monotonic() - sent
    time.sleep(0.2)
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True)
    return status, seconds, rest, left.stdout.split()


@pytest.mark.parametrize("command", [
    ["verify.py", "--quick", "--jobs", "2"],
    ["verify.py", "--quick", "--jobs", "1"],
    ["bank.py", "check", "--jobs", "2"],
])
@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_stops_at_once_with_one_line(command, presses):
    """Ctrl-C (pressed once or twice) stops the command within seconds, not after the
    queued work: exit status 130, one line 'PROG: interrupted', no traceback, and no
    worker process left in its group."""
    status, seconds, rest, left = _stop_after_first_progress(command, [signal.SIGINT] * presses)
    assert status == 130
    assert seconds < 10
    assert rest.splitlines()[-1] == f"{command[0]}: interrupted"
    assert "Traceback" not in rest
    assert left == []


# Ctrl-C while a command starts.  The clock starts when the process does (`python -S`, the
# interpreter itself, no site packages).  A press then lands in the interpreter still: before
# it has a handler (the process dies without a word), or while it compiles the command file
# (a bare `KeyboardInterrupt`); or in the command, from its first import on
# (plumbing/ctrl_c.py), which must answer with one line and exit status 130.  README.md,
# "Ctrl-C", gives the window, measured by bench/early_ctrl_c.py: about 15 to 30 ms here.
EARLY = {
    "dosun_fuwari.py": ["boards/dosun-fuwari/df-12x12-05.txt", "--reading", "loose", "--json",
                        "--cap", "100000000"],
    "nondango.py": ["boards/nondango/nd-12x12-02.txt", "--reading", "no-diagonals", "--json",
                    "--cap", "100000000"],   # counts for seconds: busy when the presses land
    "ladder.py": ["boards/dosun-fuwari/df-8x8-01.txt", "--reading", "loose"],   # seconds
    "verify.py": ["--quick", "--jobs", "1"],
    "play.py": ["--no-open", "--out", os.path.join(tempfile.gettempdir(),   # traces for
                                                   "ctrl-c-never-written.html")],   # seconds
    "bank.py": ["check", "--jobs", "1"],
    "formats.py": ["boards/nondango/nd-12x12-02.txt", "--url"],
}
EARLY_DELAYS = (0, 10, 20, 40, 80, 120, 300, 600)   # ms after the start, staggered per
# command; the last two land after the handler is in even on a loaded machine, where the
# interpreter alone can take more than 120 ms to start


def _press_early(command: str, delay: float) -> tuple[int, list[str]]:
    """Start `python -S COMMAND`, press Ctrl-C `delay` seconds later, and return its exit
    status and the lines of stderr."""
    process = subprocess.Popen([sys.executable, "-S", *argv(command, *EARLY[command])[1:]],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        err = process.communicate(timeout=10)[1]
    except subprocess.TimeoutExpired:   # the interpreter reported the press and went on
        process.kill()
        err = process.communicate()[1]
    return process.returncode, err.splitlines()


GUARDS = ("from plumbing import ctrl_c", "_signal.signal(_signal.SIGINT",
          "signal.signal(signal.SIGINT")   # the early handler's line, in each kind of file


def _before_the_handler(frame: str) -> bool:
    """Whether a traceback frame `File "PATH", line N, in <module>` of a project file stops
    at or before the (last) line that puts in or imports the early Ctrl-C handler, or is in
    plumbing/__init__.py, imported on the way to it."""
    path, line = frame.split('"')[1], int(frame.split(", line ")[1].split(",")[0])
    text = Path(path).read_text(encoding="utf-8").splitlines()
    if Path(path) == ROOT / "plumbing" / "__init__.py":
        return True
    return line <= max(k for k, row in enumerate(text, 1) if any(g in row for g in GUARDS))


def test_ctrl_c_while_a_command_starts_is_one_line():
    """Every command, pressed 0 to 621 ms after its start: one line and exit status 130 once
    its own code runs; before that, only the interpreter's own (silence, or a traceback that
    goes no further into the project's files than the handler's line; formats.py may be
    done before a late press)."""
    from concurrent.futures import ThreadPoolExecutor
    trials = [(command, (delay + 3 * k) / 1000) for k, command in enumerate(EARLY)
              for delay in EARLY_DELAYS]
    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(lambda trial: (trial, _press_early(*trial)), trials))
    interrupted = {command: 0 for command in EARLY}
    for (command, delay), (status, lines) in outcomes:
        if status == 130:      # after any progress lines of a command already at work
            assert lines[-1] == f"{command}: interrupted", (command, delay, lines)
            assert not any(line.startswith("Traceback") for line in lines), (command, lines)
            interrupted[command] += 1
        elif command == "formats.py" and status == 0:
            assert lines == [], (command, delay)
        elif status == -signal.SIGINT and not lines:
            pass               # before the interpreter had a handler: killed by the signal
        else:   # in the interpreter: a bare KeyboardInterrupt, or a traceback that stops
            # at or before the handler's line
            frames = [line.strip() for line in lines if line.strip().startswith('File "')]
            # (the interpreter's own report of a press while it looks at argv[0] exits 0)
            startup = lines[:1] == ["Failed checking if argv[0] is an import path entry"]
            assert status in ((0, 1) if startup else (1, -signal.SIGINT)), (command, delay,
                                                                          status, lines)
            assert all(not frame.startswith(f'File "{ROOT}') or _before_the_handler(frame)
                       for frame in frames), (command, delay, status, lines)
    # formats.py is done in 40 to 80 ms here: of its presses, only the early ones can land
    assert all(count >= (1 if command == "formats.py" else 2)
               for command, count in interrupted.items()), interrupted


def test_ctrl_c_while_a_command_exits_is_one_line():
    """A press after the command's work is done, while the interpreter exits (here from an
    exit handler), still gives one line and exit status 130: `cli.run` hands Ctrl-C back to
    the early handler once the output is flushed."""
    script = ("import atexit, os, signal, time\nfrom plumbing import cli\n"
              "def press():\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(5)\n"
              "atexit.register(press)\n"
              "cli.run(lambda: print('done') or 0)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout) == (130, "done\n")
    assert done.stderr == "-c: interrupted\n"


def test_sigterm_removes_the_temporary_file(tmp_path):
    """SIGTERM in the middle of an atomic write: exit status 143, one line, the old file
    whole and no temporary file left beside it."""
    target = tmp_path / "page.html"
    target.write_text("old\n", encoding="utf-8")
    script = (
        "import os, sys, time\nfrom plumbing import cli, files\n"
        "def stalled(*args):\n"
        "    print('writing', file=sys.stderr, flush=True)\n"
        "    time.sleep(60)\n"
        "os.replace = stalled\n"
        "cli.run(lambda: files.write_text_atomically("
        f"__import__('pathlib').Path({str(target)!r}), 'new'))\n"
    )
    status, seconds, rest, left = _stop_after_first_progress(["-c", script], [signal.SIGTERM])
    assert status == 143 and seconds < 10
    assert rest.strip() == "-c: terminated"
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


# === Every error one line, with its place ===

COMMANDS = {
    "dosun_fuwari.py": dosun_fuwari.main, "nondango.py": nondango.main,
    "ladder.py": ladder.main, "formats.py": formats.main,
}


def _board_files(folder: Path) -> dict[str, str]:
    """Bad (and good) inputs written to `folder`, by name → path."""
    files = {
        "comment-first.txt": "; a note before the genre\n\ndosun-fuwari\nrooms:\n0 0\n",
        "given-circle.txt": "nondango\nregions:\n0 0\ncircles:\nB o\n",
        "wide.txt": "dosun-fuwari\nrooms:\n" + " ".join(["0"] * 101) + "\n",
        "not-utf8.txt": None,
        "non-ascii-label.txt": "nondango\nregions:\né é\ncircles:\no o\n",
        "size-on-line-4.txt": "dosun-fuwari\nname: x\n; a note\nsize: 1x3\nrooms:\n0 0\n",
        "link.txt": "\n\nhttps://puzz.link/p?dosufuwa/5/5/7pnsmrhf31dX\n",
    }
    paths = {}
    for name, text in files.items():
        path = folder / name
        if text is None:
            path.write_bytes(b"dosun-fuwari\nrooms:\n0 \xe9\n")
        else:
            path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    return paths


@pytest.mark.parametrize("name", ["dosun_fuwari.py", "ladder.py", "formats.py"])
def test_a_comment_before_the_genre_line_is_fine_for_every_command(name, tmp_path, capsys):
    """A board file whose first lines are a ';' comment and a blank line is read by every
    command, as `parse` reads it."""
    path = _board_files(tmp_path)["comment-first.txt"]
    assert COMMANDS[name]([path]) == 0
    (tmp_path / "no-boards").mkdir()
    assert play.main(["--no-open", "--out", str(tmp_path / "p.html"),
                      "--boards", str(tmp_path / "no-boards"), path]) == 0
    errors = [line for line in capsys.readouterr().err.splitlines()
              if not line.startswith("play.py: working out what each rung proves")]
    assert errors == []


@pytest.mark.parametrize("name, args, words", [
    ("nondango.py", ["given-circle.txt", "--url"],
     "given-circle.txt: puzz.link's Nondango has no given"),
    ("formats.py", ["given-circle.txt", "--pzprv3"],
     "given-circle.txt: puzz.link's Nondango has no given"),
    ("dosun_fuwari.py", ["wide.txt"], "wide.txt:2:1: a 1x101 board; both sides must be 1 to 100"),
    ("formats.py", ["wide.txt", "--url"], "wide.txt:2:1: a 1x101 board"),
    ("dosun_fuwari.py", ["not-utf8.txt"], "not-utf8.txt: not a UTF-8 text file (byte 23"),
    ("nondango.py", ["non-ascii-label.txt"],
     "non-ascii-label.txt:3:1: unknown symbol 'é': a region label is ASCII"),
    ("dosun_fuwari.py", ["size-on-line-4.txt"],
     "size-on-line-4.txt:4:1: size says '1x3' but the picture is 1x2"),
    ("ladder.py", ["link.txt"], "link.txt:3: body character 12 'X'"),
    ("nondango.py", [str(SAMPLES / "df-pzprjs-5x5.txt")],
     "df-pzprjs-5x5.txt:1:1: the first line must"),
    ("nondango.py", [DF_SAMPLE], "a Dosun-Fuwari board, but a Nondango"),
    ("nondango.py", ["\x00"], "'\\x00': no such file"),
    ("ladder.py", ["."], ".: a folder, not a board file"),
])
def test_bad_input_is_one_line_naming_its_place(name, args, words, tmp_path, capsys, monkeypatch):
    """Each bad input and its kind: exit status 2 and one line on stderr that
    names the file (and line, or the part of the link) and the rule, never a traceback."""
    monkeypatch.chdir(tmp_path)
    _board_files(tmp_path)
    assert COMMANDS[name](args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("name", ["dosun_fuwari.py", "nondango.py", "ladder.py", "formats.py"])
def test_a_long_pzprv3_text_is_quoted_short(name, capsys):
    """A pzprv3 text given as the argument that fails (here: of the other genre, or
    with a bad line) is quoted as a short excerpt on one line, not echoed whole."""
    text = formats.pzprv3(formats.read(str(SAMPLES / "nd-pzprjs-6x6.txt")))
    wrong = text if name == "dosun_fuwari.py" else text.replace("nondango", "dosufuwa")
    if name in ("ladder.py", "formats.py"):
        wrong = text.replace("\n6\n6\n", "\n6\nsix\n")
    assert COMMANDS[name]([wrong]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200, err


def test_cap_at_the_largest_list_still_answers(capsys):
    """`--cap 2^63 - 1` (and any smaller cap) counts every answer of a small board."""
    board = str(SAMPLES / "df-pzprjs-5x5.txt")
    assert dosun_fuwari.main([board, "--cap", str(2 ** 63 - 1)]) == 0
    assert "answers: 1" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        nondango.main([str(SAMPLES / "nd-pzprjs-6x6.txt"), "--cap", str(2 ** 63)])
    assert stopped.value.code == 2


# === The solvers' CPU budget ===

def side_by_side(tmp_path, n: int = 60) -> str:
    """A file of the n x n Nondango board whose every cell is a circle, in 2-cell regions
    side by side: 12 answers, and minutes of search for engine 1."""
    regions = [{(r, 2 * k), (r, 2 * k + 1)} for r in range(n) for k in range(n // 2)]
    board = nondango.Board(n, n, tuple(sorted(map(frozenset, regions), key=min)),
                           frozenset((r, c) for r in range(n) for c in range(n)))
    path = tmp_path / "side-by-side.txt"
    path.write_text(nondango.picture(board))
    return str(path)


def one_gigabyte() -> None:
    """In a child process: at most 1 GB of address space."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 ** 30, 2 ** 30))


def test_a_search_past_its_budget_gives_up_in_one_line(tmp_path):
    """A board whose search outlasts the default 8 s of CPU (`--seconds`), in a process of
    1 GB, is one line naming the file (its end, for a long path) and the budget, exit
    status 2, nothing on stdout: no size check can tell this board from the same regions
    on end, which take 4 s."""
    path = side_by_side(tmp_path)
    done = subprocess.run(argv("nondango.py", path), cwd=ROOT, capture_output=True,
                          text=True, timeout=120, preexec_fn=one_gigabyte)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"nondango.py: {puzzlink.named(str(path))}: gave up after "
                           f"{cli.SECONDS} s of CPU, the search not done (--seconds gives it "
                           f"more)\n")


def test_json_past_its_budget_still_closes_its_object(tmp_path):
    """Under --json a search past its budget still prints one whole JSON object, its
    answers so far and "out_of_time": true, then the one line, exit status 2."""
    done = subprocess.run(argv("nondango.py", side_by_side(tmp_path), "--seconds", "1",
                               "--json"), cwd=ROOT, capture_output=True, text=True, timeout=60)
    out = json.loads(done.stdout)
    assert done.returncode == 2 and out["out_of_time"] is True and not out["capped"]
    assert out["count"] == len(out["answers"]) and done.stderr.count("\n") == 1


def test_the_budget_leaves_the_profiling_timer_as_it_found_it():
    """cpu_budget disarms its timer and gives SIGPROF its old handler back, whether the
    block ends, raises, or runs out of time; a budget inside another leaves the outer one
    running, with what it had left."""
    before = signal.getsignal(signal.SIGPROF)
    with cli.cpu_budget(5):
        assert signal.getitimer(signal.ITIMER_PROF)[0] > 0
    with pytest.raises(cli.OutOfTime):
        with cli.cpu_budget(1):
            while True:
                pass
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGPROF) is before
    with pytest.raises(cli.OutOfTime):
        with cli.cpu_budget(1):
            with cli.cpu_budget(5):
                pass
            assert 0 < signal.getitimer(signal.ITIMER_PROF)[0] <= 1.1     # timer ticks round up
            while True:
                pass
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_a_command_started_with_ctrl_c_ignored_keeps_ignoring_it(tmp_path):
    """A command started with SIGINT ignored (nohup, a background job) leaves it ignored:
    a Ctrl-C neither stops it early nor prints a line; it ends as it would have (here the
    budget, exit status 2)."""
    def ignoring() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    process = subprocess.Popen(argv("nondango.py", side_by_side(tmp_path), "--seconds", "3"),
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=ignoring)
    for delay in (0.05, 1.0):
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and "gave up after 3 s of CPU" in err, err


# === Faults of the machine: full disks, closed outputs, killed parents ===

@pytest.mark.parametrize("text", [" 5", "5 ", "٥", "1_000", "+5", "0x5", "５"])
def test_numbers_are_plain_ascii_digits(text):
    """`--cap`, `--jobs` and `--seconds` take ASCII digits only: ' 5', an Arabic-Indic '٥',
    '1_000' and '+5' (all of which Python's int() reads) are usage errors."""
    for parse in (cli.jobs, cli.count_cap, cli.seconds):
        with pytest.raises(argparse.ArgumentTypeError, match="whole number"):
            parse(text)


def test_a_full_disk_on_the_standard_output_is_one_line():
    """Writing the answer to a full device is one line naming the standard output and
    exit status 2, never a traceback."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(argv("dosun_fuwari.py", str(SAMPLES / "df-pzprjs-5x5.txt")),
                              cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("dosun_fuwari.py: cannot write the standard output: No space "
                           "left on device\n")


def test_a_closed_standard_output_is_one_line():
    """A command started with its standard output closed says so in one line, exit 2."""
    done = subprocess.run(argv("nondango.py", str(SAMPLES / "nd-pzprjs-6x6.txt")), cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=60, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2 and done.stderr.endswith("it is closed\n")


@pytest.mark.parametrize("command", ["dosun_fuwari.py", "formats.py"])
def test_an_output_encoding_without_the_characters_is_escaped_not_a_traceback(command, tmp_path):
    """Under an ASCII-only output encoding, a board whose name is 'café' is printed with
    its 'é' as a backslash escape, exit 0, no traceback."""
    board = tmp_path / "cafe.txt"
    board.write_text("dosun-fuwari\nname: café\nrooms:\n0 0\n0 0\n", encoding="utf-8")
    done = subprocess.run(argv(command, str(board)), cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "caf\\xe9" in done.stdout


def test_a_failed_write_names_the_file_not_its_temporary(tmp_path, monkeypatch):
    """A full disk (or a folder that cannot be written) while writing a file atomically is
    an OSError naming the file asked for, and no temporary file is left."""
    target = tmp_path / "page.html"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as raised:
        files.write_text_atomically(target, "x\n")
    assert raised.value.filename == str(target) and raised.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []


def test_workers_exit_when_their_parent_is_killed():
    """`kill -9` of `verify.py --jobs 2` leaves no worker behind: each worker sees its
    parent gone and exits within a second or two."""
    process = subprocess.Popen(argv("verify.py", "--quick", "--jobs", "2"), cwd=ROOT,
                               start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    assert process.stderr.readline(), "the command ended before its first progress line"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    for _ in range(50):
        left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True)
        if not left.stdout.split():
            break
        time.sleep(0.1)
    assert left.stdout.split() == []
