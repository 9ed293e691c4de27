"""The tutorial in JupyterLab, in a real (headless) Chromium.

One JupyterLab per module serves a temporary copy of the notebooks, in one
tab. Each notebook is opened, cleared and run top to bottom (every notebook of
the series), and then every explorer slider is moved by keyboard and by mouse;
the page must show exactly what memlab, run in the test, computes for the
values the kernel holds. Then
each explorer's work ahead must make every setting one move away ready, and a
move must be shown from the cache. A screenshot of each notebook lands in
test-artifacts/browser/. (Two explorers on one page are the workshop app's,
checked in ``test_voila.py``.)

Every notebook of the series runs in live mode: its kernel (a kernelspec of
this test's, "Python 3 live") talks to a stand-in over HTTP, as in
``tests/test_live_mode.py``, so one run checks both the page and the live
switch. Each must reach the stand-in, and its kernel must have run with the
loopback-only guard. Live, an explorer replays nothing ahead until asked: the
check presses its button, as a learner who wants the work ahead does.

And the check can fail: a third kernelspec runs a copy of memlab whose explorers
never re-run, and the same check must fail on it, on a scratch notebook that
displays a trimming explorer (the last test).
"""

from __future__ import annotations

import json
import re
import shutil
import time

import ipykernel.kernelspec
import nbformat
import pytest

from memlab.offline.server import serve

from ..live import KERNEL_FACTS, SUMMARY, kernel_env, read_kernel_facts, summary_line, write_sitecustomize
from .conftest import REPO, chromium_path, new_page, watched
from . import workflow
from .lab import check_notebook, kernel_execute
from .notebooks import write_scratch
from .servers import start_lab

pytestmark = pytest.mark.browser

# Every notebook of the series, with the explorers it must show (none: it must run without an error).
EXPLORERS = {"02_trimming.ipynb": {"trimming"}, "03_summarizing.ipynb": {"summarizing"}}
TUTORIAL = {path.name: EXPLORERS.get(path.name, set()) for path in sorted((REPO / "notebooks").glob("[0-9]*.ipynb"))}
LIVE_KERNEL = {"name": "memlab-live", "display_name": "Python 3 live (ipykernel)", "language": "python"}
#: The kernelspec that runs :func:`broken_memlab`'s copy.
BROKEN_KERNEL = {"name": "memlab-broken", "display_name": "Python 3 broken memlab (ipykernel)", "language": "python"}
OBSERVER = re.compile(r"^[ \t]*self\.observe\(self\._on_parameter, names=.*\)[ \t]*\n", re.M)


@pytest.fixture(scope="module")
def lab_tab(browser):
    """One tab for the whole module: JupyterLab loads once, and each test opens its notebook in it."""
    tab = new_page(browser)
    try:
        yield tab
    finally:
        tab.close()


@pytest.fixture
def page(browser, lab_tab):
    """The module's tab, for this test (its errors and network requests checked as in a new tab)."""
    with watched(browser, lab_tab):
        yield lab_tab


@pytest.fixture(scope="module")
def stand_in():
    """The stand-in the live notebooks' kernels talk to (memlab's offline model over HTTP)."""
    with serve() as server:
        yield server


def write_kernelspec(data_dir, kernel, env):
    """A kernelspec running this interpreter's ipykernel with ``env`` added (under ``data_dir``/kernels)."""
    folder = data_dir / "kernels" / kernel["name"]
    folder.mkdir(parents=True)
    spec = {**ipykernel.kernelspec.get_kernel_dict(), "display_name": kernel["display_name"], "env": env}
    (folder / "kernel.json").write_text(json.dumps(spec, indent=1))
    return data_dir


def broken_memlab(target):
    """A copy of memlab whose explorers never replay a new setting (the sliders still move, the kernel's
    traits still change, but the agent is never re-run: the answer, counters and rows stay the first's)."""
    shutil.copytree(REPO / "memlab", target / "memlab", ignore=shutil.ignore_patterns("__pycache__"))
    explorer = target / "memlab" / "lab" / "widgets" / "_explorer.py"
    source, removed = OBSERVER.subn("", explorer.read_text())
    assert removed == 1, "the mutation no longer applies: _explorer.py does not observe its parameters with _on_parameter"
    explorer.write_text(source)
    return target


@pytest.fixture(scope="module")
def lab(tmp_path_factory, stand_in):
    """JupyterLab on a free loopback port, serving a temp copy; always stopped."""
    chromium_path()  # skip (locally) or fail (CI) before paying for a server
    work = tmp_path_factory.mktemp("lab")
    root = work / "notebooks"
    root.mkdir()
    for name in TUTORIAL:
        nb = nbformat.read(REPO / "notebooks" / name, as_version=4)
        nb.metadata["kernelspec"] = LIVE_KERNEL
        nbformat.write(nb, root / name)
    kernels = write_kernelspec(work / "share", LIVE_KERNEL, kernel_env(stand_in.url, write_sitecustomize(work / "site")))
    broken = broken_memlab(work / "broken")
    write_kernelspec(kernels, BROKEN_KERNEL, {"PYTHONPATH": str(broken), "MEMLAB_BROKEN_COPY": str(broken / "memlab")})
    write_scratch(root / "broken.ipynb", BROKEN_KERNEL)
    server = start_lab(root, work, kernels=kernels)
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


def test_jupyterlab_is_configured_offline(page, lab):
    """No news fetched, no announcements: nothing in JupyterLab reaches for the network."""
    page.goto(lab.url("/lab?reset"))
    config = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)")
    assert config["news"] == {"disabled": True}, "news fetching must be off"
    assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]


@pytest.mark.parametrize("name", sorted(TUTORIAL))
def test_tutorial_notebook(name, page, lab, stand_in, artifacts, timings, request):
    before = stand_in.statuses
    seconds = _run(page, lab, name, TUTORIAL[name], artifacts, timings)
    facts = read_kernel_facts(kernel_execute(page, KERNEL_FACTS))
    served = {status: count - before.get(status, 0) for status, count in stand_in.statuses.items()}
    served = {status: count for status, count in served.items() if count}
    verdict = "ok" if served and facts.get("loopback_only") else "FAIL"
    request.node.user_properties.append((SUMMARY, summary_line(verdict, served, facts, seconds, f"notebooks/{name} (lab)")))
    assert facts.get("loopback_only"), f"{name}: the live kernel ran without the loopback-only guard: {facts}"
    assert served, f"{name} ran live but sent the stand-in no request: it never reached a model"


def test_a_widget_that_does_not_refresh_fails_the_check(page, lab, artifacts, monkeypatch):
    """The check can fail: on a memlab whose explorers no longer re-run, it fails on its main assertion.

    The broken copy never replays, so its kernel is idle at once; the check gives a stale page
    :data:`~tests.browser.workflow.IDLE_GRACE` seconds to catch up, here 5 (a replay that never starts
    needs no 15 s to be seen not to have happened).
    """
    monkeypatch.setattr(workflow, "IDLE_GRACE", 5.0)
    with pytest.raises(AssertionError, match="does not show the kernel's state") as failure:
        check_notebook(page, lab, "broken.ipynb", artifacts / "mutation-scratch.png", {"trimming"})
    # It failed for the right reason: the kernel ran the broken copy, and the
    # page kept showing stale counters after a slider move.
    ran = kernel_execute(page, "import memlab, os; print(memlab.__file__ == os.path.join(os.environ['MEMLAB_BROKEN_COPY'], '__init__.py'))")
    assert ran.strip() == "True", "the kernel did not run the broken copy of memlab"
    message = str(failure.value)
    print("the check failed as it must:", message, sep="\n")
    assert "after keyboard max_turns" in message and "counters: page shows" in message, message
    page.screenshot(path=str(artifacts / "mutation-scratch.png"))
