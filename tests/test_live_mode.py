"""The workshop app in live mode, against a stand-in over real HTTP.

README promises that "the same code runs live with one switch". nbval checks
the notebooks offline, and the browser run (``tests/browser/test_lab.py``)
runs every notebook of the series live in JupyterLab; this test flips the
switch for the app. It runs in a fresh kernel of this interpreter with
:func:`tests.live.kernel_env`: ``MEMLAB_LIVE=1``, a dummy ``OPENAI_API_KEY``
and ``OPENAI_BASE_URL`` pointing at its own stand-in
(:mod:`memlab.offline.server`), memlab's offline model served on 127.0.0.1.
The kernel sees no fake of memlab's: ``configure()`` installs the real
``openai.AsyncOpenAI()``, whose requests go through a real socket, and it may
reach only loopback addresses.

It fails when:

* a cell shows an error and is not tagged ``raises-exception``, or a cell
  tagged ``raises-exception`` does not raise (its lesson is wrong live);
* the stand-in served no request. The app's explorers replay when they are
  shown and moved, and its chat panel talks only when a participant presses
  Send, so after the app runs, one extra cell sends a question through the
  app's own ``ChatPanel`` (its ``send``, what the button calls), and that
  must reach the stand-in too.

Reported in the terminal summary: requests the stand-in served (and their
statuses), and how many model calls the kernel's *in-process* offline fake
still answered (see :data:`tests.live.KERNEL_FACTS`).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import ipykernel.kernelspec
import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

from memlab.offline.server import serve

from .live import KERNEL_FACTS, SUMMARY, kernel_env, read_kernel_facts, summary_line, write_sitecustomize

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = [ROOT / "app" / "workshop.ipynb"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Run after the app: press Send once in the app's chat panel.
CHAT_CELL = '''
import gc
from memlab.lab.widgets import ChatPanel
panels = [o for o in gc.get_objects() if isinstance(o, ChatPanel)]
assert len(panels) == 1, f"expected the app's one chat panel, found {len(panels)}"
reply = await panels[0].send("My order ORD-48213 arrived broken. Can you look it up?")
assert reply is not None, panels[0].status.value
print(reply.final_output)
'''


class ThisPython(KernelSpecManager):
    """The ``python3`` kernel of the interpreter running the tests (as nbval's ``--nbval-current-env``)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict())


def code_cell(source: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(source.strip(), metadata={"tags": ["memlab-live-test"]})


def describe(index: int, cell: nbformat.NotebookNode, problem: str, lines: list[str]) -> str:
    first = next((line for line in cell.source.splitlines() if line.strip()), "")
    where = "an extra cell of this test" if "memlab-live-test" in cell.metadata.get("tags", []) else f"cell {index}"
    return "\n".join([f"  {where} (`{first[:70]}`): {problem}", *(f"      {line}" for line in lines)])


def problems_in(nb: nbformat.NotebookNode) -> list[str]:
    """Every cell whose outcome is wrong: an unexpected error, or an expected one that did not happen."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        expected = "raises-exception" in cell.metadata.get("tags", [])
        if errors and not expected:
            error = errors[0]
            lines = ANSI.sub("", "\n".join(error.get("traceback", []))).splitlines()
            lines = [line for line in lines if line.strip() and not set(line.strip()) <= {"-"}]
            found.append(describe(index, cell, f"{error['ename']}: {error['evalue'][:300]}", lines[:8]))
        elif expected and not errors:
            found.append(describe(index, cell, "tagged raises-exception, but raised nothing in live mode", []))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_live_against_a_stand_in(path: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    site = write_sitecustomize(tmp_path / "site")
    nb = nbformat.read(path, as_version=4)
    if path.parent.name == "app":
        nb.cells.append(code_cell(CHAT_CELL))
    nb.cells.append(code_cell(KERNEL_FACTS))
    name = str(path.relative_to(ROOT))
    started = time.monotonic()
    with serve() as server:
        km = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ThisPython())
        client = NotebookClient(nb, km=km, timeout=300, allow_errors=True, resources={"metadata": {"path": str(path.parent)}})
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "JPY_"))}
        client.execute(cleanup_kc=True, env={**env, **kernel_env(server.url, site)})  # we made km: ask for its cleanup
    seconds = time.monotonic() - started
    problems = problems_in(nb)
    facts = read_kernel_facts("".join(o.get("text", "") for o in nb.cells[-1].get("outputs", []) if o.get("name") == "stdout"))
    verdict = "FAIL" if problems or not server.requests_served else "ok"
    request.node.user_properties.append((SUMMARY, summary_line(verdict, server.statuses, facts, seconds, name)))
    assert facts.get("loopback_only"), f"the kernel ran without the loopback-only guard: {facts}"
    if problems:
        pytest.fail(f"{name} fails in live mode:\n" + "\n".join(problems), pytrace=False)
    if not server.requests_served:
        pytest.fail(f"{name} ran live but sent the stand-in no request: it never reached a model", pytrace=False)
