"""Fixtures for the real-browser tests: Chromium, JupyterLab, Voilà, artifacts.

Chromium is Debian's ``/usr/bin/chromium`` driven by Python playwright (its
own browser download does not work here). When it is missing the tests skip
with one line locally, and FAIL when ``CI`` is set: CI cannot pass by not
running them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must provide it (apt-get install chromium)", pytrace=False)
    pytest.skip(reason)


def chromium_path() -> str:
    """Debian's Chromium, or the one ``MEMLAB_CHROMIUM`` names (which then must exist)."""
    override = os.environ.get("MEMLAB_CHROMIUM")
    candidates = [override] if override else ["/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    _missing(f"no Chromium found at {override}" if override else "no Chromium found (apt-get install chromium)")
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """A headless Chromium for this module (a fresh profile, removed afterwards)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("python playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    profile = Path(tempfile.mkdtemp(prefix="memlab-chromium-"))
    manager = sync_playwright().start()
    try:
        context = manager.chromium.launch_persistent_context(
            str(profile), executable_path=executable, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1400, "height": 1000},
        )
        # Offline by default, in the browser too: anything but loopback is refused and recorded.
        context.external_requests = []  # type: ignore[attr-defined]

        def guard(route) -> None:
            host = urlsplit(route.request.url).hostname or ""
            if route.request.url.startswith(("http://", "https://", "ws://", "wss://")) and host not in LOOPBACK:
                context.external_requests.append(route.request.url)  # type: ignore[attr-defined]
                route.abort()
            else:
                route.continue_()

        context.route(re.compile(r"^(https?|wss?)://"), guard)
        try:
            yield context
        finally:
            context.close()
    finally:
        manager.stop()
        shutil.rmtree(profile, ignore_errors=True)


def new_page(browser):
    """A tab whose JavaScript errors are collected in ``page.js_errors``."""
    page = browser.new_page()
    page.set_default_timeout(30_000)
    page.js_errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


@contextlib.contextmanager
def watched(browser, page):
    """One test's use of ``page``: its JavaScript errors and network requests start afresh, and after
    the test none but those it lists in ``page.allowed_external`` (known, refused) may have been tried."""
    del page.js_errors[:]
    page.allowed_external = set()  # type: ignore[attr-defined]
    del browser.external_requests[:]
    yield page
    unexpected = [u for u in browser.external_requests if u not in page.allowed_external]
    assert not unexpected, f"the page tried to reach the network: {unexpected}"


@pytest.fixture
def page(browser):
    """A new tab for this test."""
    page = new_page(browser)
    try:
        with watched(browser, page):
            yield page
    finally:
        page.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class Timings:
    """Seconds per notebook run: in test-artifacts/browser/timings.json, and in the terminal summary.

    Tests on two workers (pytest-xdist) record into the same file: each record
    merges into what the file holds and replaces it whole, so a reader never
    sees half a file. The summary line travels with the test's report (see the
    root ``conftest.py``), so it is printed under xdist too.
    """

    SECTION = "memlab-summary: browser run times (target < 30 s per notebook)"

    def __init__(self, path: Path, node: pytest.Item) -> None:
        self.path, self.node = path, node

    def record(self, name: str, started: float) -> float:
        seconds = round(time.monotonic() - started, 1)
        self.node.user_properties.append((self.SECTION, f"{seconds:6.1f} s  {name}"))
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            data = {}
        data[name] = seconds
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.partial")
        partial.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
        os.replace(partial, self.path)
        return seconds


@pytest.fixture
def timings(artifacts: Path, request: pytest.FixtureRequest) -> Timings:
    return Timings(artifacts / "timings.json", request.node)
