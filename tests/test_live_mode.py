"""Every notebook and the workshop app, in live mode, against a stand-in over real HTTP.

README promises that "the same code runs live with one switch". nbval checks
the notebooks offline; this test flips the switch. Each notebook runs in a
fresh kernel of this interpreter with ``MEMLAB_LIVE=1``, a dummy
``OPENAI_API_KEY`` and ``OPENAI_BASE_URL`` pointing at its own stand-in
(:mod:`memlab.offline.server`): memlab's offline model served on 127.0.0.1.
The kernel sees no fake of memlab's: ``configure()`` installs the real
``openai.AsyncOpenAI()``, whose requests go through a real socket.

A notebook fails when:

* a cell shows an error and is not tagged ``raises-exception``, or a cell
  tagged ``raises-exception`` does not raise (its lesson is wrong live);
* the stand-in served no request. The rule is simple: every notebook of the
  series runs the support agent (``Runner.run``, ``evals.run``...), so each
  must reach the model at least once. The app is different: its explorers
  replay conversations without a model, and its chat panel talks only when a
  participant presses Send. So after the app runs, the test does what a
  participant does first — one extra cell sends a question through the app's
  own ``ChatPanel`` (its ``send``, what the button calls) — and that must reach
  the stand-in too.

The kernel may open connections only to loopback addresses (a
``sitecustomize`` on its ``PYTHONPATH`` refuses the rest, and the test checks
it was in force), so a notebook that bypassed ``OPENAI_BASE_URL`` fails fast
instead of reaching the internet.

Reported per notebook in the terminal summary: requests the stand-in served
(and their statuses), and how many model calls the kernel's *in-process*
offline fake still answered (at least; its log keeps the newest 200 per
``OfflineAPI``) — model calls that stayed offline although the notebook ran
live. That count is information, not a failure.
"""

from __future__ import annotations

import json
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

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) + [ROOT / "app" / "workshop.ipynb"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Installed in the kernel: only loopback connections, like the tests' own conftest.py.
SITECUSTOMIZE = '''
import ipaddress, socket
_connect = socket.socket.connect
def _loopback_only(sock, address):
    host = address[0] if isinstance(address, tuple) else "localhost"
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    if not ok:
        raise ConnectionRefusedError(f"the live-mode test lets the kernel reach only loopback (tried {address!r})")
    return _connect(sock, address)
socket.socket.connect = _loopback_only
'''

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

# Run after every notebook: how many requests the kernel's in-process offline fakes answered,
# and whether the loopback-only guard was in force.
KERNEL_FACTS_CELL = '''
import gc, json, socket
from memlab.offline.api import OfflineAPI
print(json.dumps({
    "offline_answers": sum(len(api.requests) for api in gc.get_objects() if isinstance(api, OfflineAPI)),
    "loopback_only": socket.socket.connect.__name__ == "_loopback_only",
}))
'''


class ThisPython(KernelSpecManager):
    """The ``python3`` kernel of the interpreter running the tests (as nbval's ``--nbval-current-env``)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict())


#: The terminal summary's section for this test's lines (see the root conftest.py).
SUMMARY = "memlab-summary: live mode against the stand-in: requests served per notebook"


def kernel_env(url: str, site: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "JPY_"))}
    pythonpath = [str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]
    no_proxy = ",".join(filter(None, ["127.0.0.1", "localhost", os.environ.get("NO_PROXY")]))
    env.update(
        MEMLAB_LIVE="1", OPENAI_API_KEY="sk-memlab-live-test", OPENAI_BASE_URL=url,
        OPENAI_AGENTS_DISABLE_TRACING="1", PYTHONPATH=os.pathsep.join(filter(None, pythonpath)),
        NO_PROXY=no_proxy, no_proxy=no_proxy,
    )
    return env


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


def kernel_facts(cell: nbformat.NotebookNode) -> dict[str, object]:
    """What :data:`KERNEL_FACTS_CELL` printed (empty if it could not run)."""
    for output in cell.get("outputs", []):
        if output.get("name") == "stdout" and "offline_answers" in output.get("text", ""):
            return json.loads(output["text"].strip().splitlines()[-1])
    return {}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_live_against_a_stand_in(path: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    (tmp_path / "sitecustomize.py").write_text(SITECUSTOMIZE)
    nb = nbformat.read(path, as_version=4)
    if path.parent.name == "app":
        nb.cells.append(code_cell(CHAT_CELL))
    nb.cells.append(code_cell(KERNEL_FACTS_CELL))
    name = str(path.relative_to(ROOT))
    started = time.monotonic()
    with serve() as server:
        km = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ThisPython())
        client = NotebookClient(nb, km=km, timeout=300, allow_errors=True, resources={"metadata": {"path": str(path.parent)}})
        client.execute(cleanup_kc=True, env=kernel_env(server.url, tmp_path))  # we made km: ask for its cleanup
    seconds = time.monotonic() - started
    statuses = ", ".join(f"{count}×{status}" for status, count in sorted(server.statuses.items())) or "none"
    problems = problems_in(nb)
    facts = kernel_facts(nb.cells[-1])
    verdict = "FAIL" if problems or not server.requests_served else "ok"
    request.node.user_properties.append((SUMMARY, (
        f"{verdict:>4}  {server.requests_served:4d} requests ({statuses}); in-process offline fake answered "
        f"{facts.get('offline_answers', '?'):>3}; {seconds:5.1f} s  {name}"
    )))
    assert facts.get("loopback_only"), f"the kernel ran without the loopback-only guard: {facts}"
    if problems:
        pytest.fail(f"{name} fails in live mode:\n" + "\n".join(problems), pytrace=False)
    if not server.requests_served:
        pytest.fail(f"{name} ran live but sent the stand-in no request: it never reached a model", pytrace=False)
