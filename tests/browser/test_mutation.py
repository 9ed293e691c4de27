"""The browser check can fail: a memlab whose explorers no longer re-run must fail it.

A scratch copy of memlab has the observer removed that replays a new setting
(the sliders still move and the kernel's traits still change, but the agent is
never re-run, so the answer, counters and rows stay those of the first
setting). JupyterLab is started with that copy first on the kernel's
PYTHONPATH, and the same check the tutorial notebooks go through is run on
the scratch notebook: it must fail, on its main assertion.
"""

from __future__ import annotations

import re
import shutil

import pytest

from .conftest import REPO, chromium_path
from .lab import check_notebook, kernel_execute
from .notebooks import write_scratch
from .servers import start_lab

pytestmark = pytest.mark.browser

OBSERVER = re.compile(r"^[ \t]*self\.observe\(self\._on_parameter, names=.*\)[ \t]*\n", re.M)


def broken_memlab(target):
    """A copy of memlab whose explorers never replay a new setting."""
    shutil.copytree(REPO / "memlab", target / "memlab", ignore=shutil.ignore_patterns("__pycache__"))
    explorer = target / "memlab" / "lab" / "widgets" / "_explorer.py"
    source, removed = OBSERVER.subn("", explorer.read_text())
    assert removed == 1, "the mutation no longer applies: _explorer.py does not observe its parameters with _on_parameter"
    explorer.write_text(source)
    return target


def test_a_widget_that_does_not_refresh_fails_the_check(tmp_path, page, artifacts):
    chromium_path()
    root = tmp_path / "notebooks"
    root.mkdir()
    write_scratch(root / "scratch.ipynb")
    broken = broken_memlab(tmp_path / "broken")
    server = start_lab(root, tmp_path, extra_pythonpath=broken)
    try:
        with pytest.raises(AssertionError, match="does not show the kernel's state") as failure:
            check_notebook(page, server, "scratch.ipynb", artifacts / "mutation-scratch.png", {"trimming"})
        # It failed for the right reason: the kernel ran the broken copy, and the
        # page kept showing stale counters after a slider move.
        assert kernel_execute(page, "import memlab; print(memlab.__file__)").strip() == str(broken / "memlab" / "__init__.py")
        message = str(failure.value)
        print("the check failed as it must:", message, sep="\n")
        assert "after keyboard max_turns" in message and "counters: page shows" in message, message
        page.screenshot(path=str(artifacts / "mutation-scratch.png"))
    finally:
        server.stop()
