"""The plumbing below the two puzzles: what their last sections use to read and write boards
and to run as commands.  Nothing here knows a puzzle's rules, and nothing here imports a
puzzle module.

    files      reading and writing the user's files whole or not at all
    puzzlink   puzz.link links and pzprv3 files, byte for byte as pzprjs writes them
    boardfile  what both puzzles' board files share: genre, `key: value` lines, pictures
    dosun_fuwari_files, nondango_files
               each puzzle's board files and puzz.link records, through the board's fields
    cli        what the commands share: options, budgets, one-line errors, Ctrl-C
    ctrl_c     Ctrl-C while a command starts: the first import of each command file
"""
