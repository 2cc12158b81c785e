"""The plumbing below the two puzzles: what their last sections use to read and write boards
and to run as commands.  Nothing here knows a puzzle's rules, and nothing here imports a
puzzle module.

    files      reading and writing the user's files whole or not at all
    puzzlink   puzz.link links and pzprv3 files, byte for byte as pzprjs writes them
    boardfile  what both puzzles' board files share: genre, `key: value` lines, pictures
    cli        what the commands share: options, budgets, one-line errors, Ctrl-C
"""
