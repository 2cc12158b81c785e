"""The two parameter fits at full size (checks/fits.py), their tables and the CPU time.

    python bench/fits_run.py            both fits, full size (a few minutes of CPU)
    python bench/fits_run.py --small    the same code on small samples (seconds; no verdicts)

The Dosun-Fuwari black-cell density over DENSITIES, the Nondango count of regions over
REGION_COUNTS per size and as one mean region size, each searched coarse then fine with the
sample sizes the module names (--small: verify.py --quick's); CPU time is
time.process_time() of this process.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from checks import fits  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="small samples, to try the code")
    args = parser.parse_args(argv)
    start = time.process_time()
    density = fits.density_fit(quick=args.small)
    middle = time.process_time()
    print(fits.fit_text(density), flush=True)
    print(f"CPU {middle - start:.1f} s\n", flush=True)
    regions = fits.region_fit(quick=args.small)
    end = time.process_time()
    for key in (8, 12, "one size"):
        print(fits.fit_text(regions[key]) + "\n")
    print(f"CPU {end - middle:.1f} s (density {middle - start:.1f} s, total {end - start:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
