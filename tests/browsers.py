"""Finding a browser for a test that drives one with Playwright (tests/test_report_browser.py,
tests/test_play_browser.py), or skipping the test module once.

The browser is found the usual ways, in this order: the PLAY_BROWSER environment variable
(a Chromium, Chrome or Edge executable), a Chromium or Chrome on PATH, the Chromium that
`python -m playwright install chromium` downloads.  Without Playwright or a browser the
module is skipped, with the command that installs what is missing; under CI (the CI
environment variable, set by .ci/run) it fails instead.

    from browsers import sync_playwright, find_browser, HEADLESS
    EXECUTABLE, FOUND_BY = find_browser("the report page")
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

BROWSER_VARIABLE = "PLAY_BROWSER"
ON_PATH = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
           "microsoft-edge")
INSTALL_DRIVER = "python -m pip install -e '.[browser]'"
INSTALL_BROWSER = "python -m playwright install chromium"
HEADLESS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def unavailable(what: str, reason: str) -> None:
    """Skip the calling test module, or under CI fail it: `what` needs a real browser."""
    if os.environ.get("CI"):
        pytest.fail(f"CI drives a real browser for {what}: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sync_playwright = None


def find_browser(what: str) -> tuple[str | None, str]:
    """(the executable to launch, or None for Playwright's own Chromium; where it was
    found) for the tests of `what`.  Skips the module (fails under CI) when there is no
    Playwright or no browser."""
    if sync_playwright is None:
        unavailable(what, f"the browser test of {what} needs Playwright; install it with: "
                          f"{INSTALL_DRIVER}")
    named = os.environ.get(BROWSER_VARIABLE)
    if named:
        found = shutil.which(named)
        if not found:
            unavailable(what, f"{BROWSER_VARIABLE}={named} names no executable; point it at "
                              f"a Chromium or Chrome, or unset it")
        return found, BROWSER_VARIABLE
    for name in ON_PATH:
        found = shutil.which(name)
        if found:
            return found, "PATH"
    with sync_playwright() as driver:
        managed = driver.chromium.executable_path
    if managed and Path(managed).exists():
        return None, "Playwright"
    unavailable(what, f"no browser for the tests of {what} (none in {BROWSER_VARIABLE}, none "
                      f"of {', '.join(ON_PATH)} on PATH, no Playwright Chromium); install one "
                      f"with: {INSTALL_BROWSER}")
