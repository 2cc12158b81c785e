"""The tools around the two puzzles: the command-line helpers (cli), puzz.link links and
pzprv3 files (puzzlink), reading any board source (formats), board files (files), the
board bank (bank) and the play page (play).  Run a tool from the project's folder as
`python -m tools.bank`, `python -m tools.play`, `python -m tools.formats`."""
