"""The tutorial in JupyterLab, in a real (headless) Chromium.

One JupyterLab per module serves a temporary copy of the notebooks (plus a
scratch notebook that displays both explorers). Each notebook is opened,
cleared and run top to bottom (every notebook of the series), and then every
explorer slider is moved by keyboard and by mouse; the page must show exactly
what memlab, run in the test, computes for the values the kernel holds. Then
each explorer's work ahead must make every setting one move away ready, and a
move must be shown from the cache. A screenshot of each notebook lands in
test-artifacts/browser/.
"""

from __future__ import annotations

import shutil
import time

import pytest

from .conftest import REPO, chromium_path
from .lab import check_notebook
from .notebooks import write_scratch
from .servers import start_lab

pytestmark = pytest.mark.browser

# Every notebook of the series, with the explorers it must show (none: it must run without an error).
EXPLORERS = {"02_trimming.ipynb": {"trimming"}, "03_summarizing.ipynb": {"summarizing"}}
TUTORIAL = {path.name: EXPLORERS.get(path.name, set()) for path in sorted((REPO / "notebooks").glob("[0-9]*.ipynb"))}


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a free loopback port, serving a temp copy; always stopped."""
    chromium_path()  # skip (locally) or fail (CI) before paying for a server
    work = tmp_path_factory.mktemp("lab")
    root = work / "notebooks"
    root.mkdir()
    write_scratch(root / "scratch.ipynb")
    for name in TUTORIAL:
        shutil.copy2(REPO / "notebooks" / name, root / name)
    server = start_lab(root, work)
    try:
        yield server
    finally:
        server.stop()


def _run(page, lab, name, kinds, artifacts, timings):
    started = time.monotonic()
    log = check_notebook(page, lab, name, artifacts / f"lab-{name.removesuffix('.ipynb')}.png", kinds)
    seconds = timings.record(f"lab/{name}", started)
    assert not page.js_errors, f"JavaScript errors on the page: {page.js_errors}"
    print(f"{name}: {seconds} s", *log, sep="\n  ")
    return seconds


def test_scratch_notebook(page, lab, artifacts, timings):
    _run(page, lab, "scratch.ipynb", {"trimming", "summarizing"}, artifacts, timings)
    config = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)")
    assert config["news"] == {"disabled": True}, "news fetching must be off"
    assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]


@pytest.mark.parametrize("name", sorted(TUTORIAL))
def test_tutorial_notebook(name, page, lab, artifacts, timings):
    _run(page, lab, name, TUTORIAL[name], artifacts, timings)
