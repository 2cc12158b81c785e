"""The tools above the two puzzles: they use the puzzle modules and the ladder.

    formats    a board from any source (board file, pzprv3 file, puzz.link link), written
               to any: the converter
    bank       builds and checks the board bank
    play       the play page

Run a tool from the project's folder as `python -m tools.bank`, `python -m tools.play`,
`python -m tools.formats`.  What the puzzle modules themselves lean on (files, links, board
files, the command line) is one layer down, in `plumbing/`."""
