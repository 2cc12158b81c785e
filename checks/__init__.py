"""The claim checks that `verify.py` runs: one function per claim ID of each write-up
(df_claims, nd_claims, beyond_claims), the samples several of them read, each drawn once
(samples), the fits of the parameters the write-ups leave out (fits), the catalogue of the
claims (catalogue), what they share (shared), how a figure is judged and how many boards a
sample needs (judging), the statistics under it (stats) and the report (report)."""
