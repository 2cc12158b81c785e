"""Imported by the clean server of bench/cold.py: loads the peers' libraries (OR-Tools
CP-SAT, clingo) by solving one tiny board with each, as a user's session would have done
once, so that a cold child pays for building and solving its board's model but not for
the libraries' first start.  Our engines are only imported there, never run; no board of
any benchmark set is touched.
"""

import cpsat_models
import clingo_models
import dosun_fuwari as df
import nondango as nd

_CELLS = [(r, c) for r in range(3) for c in range(3)]
_ND = nd.Board(3, 3, (frozenset(_CELLS),), frozenset(_CELLS))
_DF = df.make_board(3, 1, (), [[(0, 0), (1, 0), (2, 0)]])
for _model in (cpsat_models, clingo_models):
    _model.count_nondango(_ND)
    _model.count_dosun_fuwari(_DF)
