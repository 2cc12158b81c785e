"""The tools around the two puzzles: the command-line helpers (cli), puzz.link links and
pzprv3 files (puzzlink), board files (boardfile), reading and writing the user's files
safely (files), reading any board source (formats), the board bank (bank) and the play
page (play).  Run a tool from the project's folder as `python -m tools.bank`,
`python -m tools.play`, `python -m tools.formats`."""
