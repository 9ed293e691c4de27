"""Drive a notebook in JupyterLab: open, clear, run all, wait, and ask the kernel.

The server runs with ``--LabApp.expose_app_in_browser=True``, so the page has
``window.jupyterapp``: commands (``runmenu:run-all``) and the notebook panel's
kernel are reached through JupyterLab's own API, not through menus that move
between versions. Readiness is the status bar's "(ipykernel) | Idle" *and* the
kernel object's status: the execution indicator says idle before a kernel
exists, so neither alone is trusted.
"""

from __future__ import annotations

import json
import re
import textwrap
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .servers import Server

IDLE = re.compile(r"\(ipykernel\)\s*\|\s*Idle")

_PANEL_JS = "(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; return !!(w && w.context && w.context.path === path && w.sessionContext.session && w.sessionContext.session.kernel); }"

_KERNEL_IDLE_JS = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'"

# After Run All: every non-empty code cell has run (an execution count, no [*]),
# or a cell failed without the raises-exception tag (run-all stops there). Also
# listed: cells tagged raises-exception that ran and raised nothing.
_PROGRESS_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const out = {pending: 0, errors: [], unraised: []};
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code' || !cell.model.sharedModel.getSource().trim()) return;
    const prompt = cell.node.querySelector('.jp-InputPrompt');
    if (cell.model.executionCount === null || (prompt && prompt.textContent.includes('*'))) out.pending += 1;
    const tags = cell.model.getMetadata('tags') || [];
    let raised = false;
    for (let j = 0; j < cell.model.outputs.length; j++) {
      const o = cell.model.outputs.get(j).toJSON();
      raised = raised || o.output_type === 'error';
      if (o.output_type === 'error' && !tags.includes('raises-exception'))
        out.errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
    }
    if (tags.includes('raises-exception') && cell.model.executionCount !== null && !raised) out.unraised.push(i);
  });
  out.kernel = panel.sessionContext.session.kernel.status;
  return out;
}
"""

# Tag each widget output's DOM node with its root widget model id.
_MARK_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const roots = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    const area = cell.outputArea;
    for (let j = 0; j < area.model.length; j++) {
      const data = area.model.get(j).data || {};
      const view = data['application/vnd.jupyter.widget-view+json'];
      if (view && area.widgets[j]) {
        area.widgets[j].node.dataset.memlabModel = view.model_id;
        roots.push({cell: i, output: j, model_id: view.model_id});
      }
    }
  });
  return roots;
}
"""

_EXECUTE_JS = r"""
async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '', err = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    else if (t === 'error') err = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return {out, err};
}
"""


# Close every document (shutting its kernel down), then open one: a learner's next notebook.
_OPEN_JS = r"""
async (path) => {
  const app = window.jupyterapp;
  for (const widget of Array.from(app.shell.widgets('main'))) {
    if (widget.sessionContext) await widget.sessionContext.shutdown();
    widget.dispose();
  }
  app.commands.execute('docmanager:open', {path});
}
"""


def open_notebook(page: Page, server: Server, path: str, timeout: float = 180) -> None:
    """Open ``path`` (relative to the server root) and wait for its idle kernel (a first kernel on a busy two-core
    machine took over a minute to start: the wait is long, and a quick start still passes at once).

    JupyterLab loads once per tab; a tab that shows it already closes what it had open (kernels shut
    down) and opens ``path``, as a learner moving to the next notebook does.
    """
    if not page.url.startswith(server.base):
        page.goto(server.url("/lab?reset"))  # ?reset: no tabs restored from earlier runs
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=timeout * 1000)
    page.evaluate("() => window.jupyterapp.restored")  # every plugin started, its commands registered
    page.evaluate(_OPEN_JS, path)
    page.wait_for_function(_PANEL_JS, arg=path, timeout=timeout * 1000)
    page.locator("#jp-main-statusbar").get_by_text(IDLE).wait_for(timeout=timeout * 1000)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=timeout * 1000)


def run_all(page: Page, timeout: float = 60) -> None:
    """Clear every output, Run All, and wait until every code cell has run."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    stale = page.evaluate(_PROGRESS_JS)
    assert stale["pending"] == len(_code_cells(page)), "clearing outputs left execution counts behind"
    page.evaluate("() => window.jupyterapp.commands.execute('runmenu:run-all')")
    deadline = time.monotonic() + timeout
    while True:
        progress = page.evaluate(_PROGRESS_JS)
        assert not progress["errors"], "a cell failed:\n" + "\n".join(progress["errors"])
        if progress["pending"] == 0 and progress["kernel"] == "idle":
            assert not progress["unraised"], f"cells tagged raises-exception raised nothing: {progress['unraised']}"
            break
        assert time.monotonic() < deadline, f"Run All did not finish in {timeout} s: {progress}"
        time.sleep(0.2)
    page.locator("#jp-main-statusbar").get_by_text(IDLE).wait_for(timeout=timeout * 1000)


def _code_cells(page: Page) -> list[int]:
    return page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets"
        ".map((c, i) => [c, i]).filter(([c]) => c.model.type === 'code' && c.model.sharedModel.getSource().trim())"
        ".map(([, i]) => i)"
    )


def mark_widget_outputs(page: Page) -> list[dict[str, Any]]:
    """Label each widget output node with its model id; return them in page order."""
    return page.evaluate(_MARK_JS)


def kernel_execute(page: Page, code: str) -> str:
    """Run ``code`` in the notebook's kernel (outside any cell); return its stdout."""
    result = page.evaluate(_EXECUTE_JS, code)
    assert result["err"] is None, f"kernel probe failed: {result['err']}\n{result['out']}"
    return result["out"]


#: Kernel-side: the explorers under the given root widgets, depth-first, each with its root's model id.
_EXPLORERS = textwrap.dedent(
    """
    def _memlab_explorers(roots):
        import ipywidgets.widgets.widget as _w
        from memlab.lab.widgets import PolicyExplorer
        found = []
        def walk(widget, root):
            if isinstance(widget, PolicyExplorer) and widget.conversation is not None:
                found.append((root, widget))
                return
            for child in getattr(widget, "children", ()):
                walk(child, root)
        for root in roots:
            if _w._instances.get(root) is not None:
                walk(_w._instances[root], root)
        return found
    """
)

_PROBE = _EXPLORERS + textwrap.dedent(
    """
    def _memlab_probe(roots):
        import json
        from memlab.lab.widgets import SummarizingExplorer
        found = []
        for root, widget in _memlab_explorers(roots):
            kind = "summarizing" if isinstance(widget, SummarizingExplorer) else "trimming"
            values = {name: getattr(widget, name) for name in [*widget.slider_ranges, "turn"]}
            busy = widget.pending is not None and not widget.pending.done()
            found.append({"root": root, "kind": kind, "values": values, "busy": busy,
                          "conversation": widget.conversation.name, "fixed": widget.fixed,
                          "memlab_file": __import__("memlab").__file__})
        print(json.dumps(found, default=repr))
    """
)

_MOVE_READY = _EXPLORERS + textwrap.dedent(
    """
    def _memlab_move_ready(roots, index, name, direction):
        from memlab.lab.widgets._replays import REPLAYS, setting_key
        explorer = _memlab_explorers(roots)[index][1]
        params = explorer._moved(name, getattr(explorer, name) + direction * explorer.sliders[name].step)
        print(setting_key(explorer.conversation, explorer.strategy, params, explorer.agent) in REPLAYS)
    """
)


def move_ready(page: Page, roots: list[str], index: int, name: str, direction: int) -> bool:
    """Whether the kernel holds the replay of explorer ``index``'s setting one step of ``name`` away."""
    code = _MOVE_READY + f"\n_memlab_move_ready({json.dumps(roots)}, {index}, {name!r}, {direction})\ndel _memlab_move_ready, _memlab_explorers\n"
    return kernel_execute(page, code).strip().splitlines()[-1] == "True"


def probe(page: Page, roots: list[str]) -> list[dict[str, Any]]:
    """The explorers under the given root widgets, as the kernel holds them (depth-first order)."""
    code = _PROBE + f"\n_memlab_probe({json.dumps(roots)})\ndel _memlab_probe, _memlab_explorers\n"
    return json.loads(kernel_execute(page, code).strip().splitlines()[-1])


# ------------------------------------------------------------------ the whole check


def check_notebook(page: Page, server: Server, path: str, screenshot: Path, expect_kinds: set[str]) -> list[str]:
    """Open ``path``, clear and Run All, then move every explorer's sliders and compare.

    Returns the move log. Asserts the notebook displays at least one explorer
    of each kind in ``expect_kinds`` (none: it must only run without an
    error); other content is ignored.
    """
    from . import explorers as ex
    from .workflow import check_work_ahead, exercise, wait_for

    open_notebook(page, server, path)
    run_all(page, timeout=240)
    roots = [r["model_id"] for r in mark_widget_outputs(page)]
    in_kernel = probe(page, roots)
    kinds = {s["kind"] for s in in_kernel}
    assert expect_kinds <= kinds, f"{path}: expected explorers {sorted(expect_kinds)}, the kernel shows {sorted(kinds)}"
    if not in_kernel:  # a notebook without explorers: Run All finishing without an error is the check
        page.screenshot(path=str(screenshot))
        return ["no explorers: ran top to bottom without an error"]
    on_page = wait_for(
        lambda: (found := ex.read_explorers(page)) and len(found) >= len(in_kernel) and found,
        f"{len(in_kernel)} explorers to render in {path}",
        timeout=120,
    )
    assert [(s["root_model"], s["kind"]) for s in on_page] == [(s["root"], s["kind"]) for s in in_kernel], (
        f"{path}: the explorers on the page do not match the kernel's displayed explorers"
    )
    oracles = [ex.oracle_for(s) for s in in_kernel]
    moves = exercise(
        page, oracles, lambda index: probe(page, roots)[index]["values"], path,
        kernel_busy=lambda index: probe(page, roots)[index]["busy"],
    )
    ahead = check_work_ahead(page, oracles, path, lambda *move: move_ready(page, roots, *move))
    page.locator('[data-memlab-explorer="0"]').scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot))
    return moves.log + ahead + [f"memlab in the kernel: {in_kernel[0]['memlab_file']}"]
