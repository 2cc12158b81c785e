"""The claim checks that `verify.py` runs: one function per claim ID of each write-up
(df_claims, nd_claims, beyond_claims), the catalogue of the claims (catalogue), what they
share (shared), the judging rules (stats) and the report (report)."""
