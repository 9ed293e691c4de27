"""Find memlab's explorers in a rendered page, move their sliders, check what they show.

Works on any page that renders ipywidgets (JupyterLab, Voilà). An explorer is
the box around a set of sliders that also holds a counters line
(``.memlab-counters``); never found by cell position.

The oracle is memlab itself, run in *this* process: given the parameters and
the turn the kernel holds, it replays the conversation through the Runner
with the offline model (deterministic) and says which answer, probe verdict,
counters and row statuses the page must show.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

from memlab import evals
from memlab.async_bridge import run_sync
from memlab.scenario import CONVERSATIONS, Conversation
from memlab.lab.views import counters, history_rows, sent_rows
from memlab.lab.widgets import answer_html, counters_html

# Reads every explorer on the page; marks each root with data-memlab-explorer=<index>.
_READ_JS = r"""
() => {
  const roots = [];
  for (const counters of document.querySelectorAll('.memlab-counters')) {
    let node = counters.closest('.widget-html');
    while (node && !(node.classList.contains('widget-vbox') && node.querySelector('.widget-slider'))) node = node.parentElement;
    if (node && !roots.includes(node)) roots.push(node);
  }
  return roots.map((root, index) => {
    root.dataset.memlabExplorer = String(index);
    const sliders = {};
    for (const slider of root.querySelectorAll('.widget-slider')) {
      const name = slider.querySelector('label.widget-label').textContent.trim().split(' ')[0];
      const handle = slider.querySelector('.noUi-handle');
      sliders[name] = {
        value: Math.round(parseFloat(handle.getAttribute('aria-valuenow'))),
        min: Math.round(parseFloat(handle.getAttribute('aria-valuemin'))),
        max: Math.round(parseFloat(handle.getAttribute('aria-valuemax'))),
        readout: slider.querySelector('.widget-readout').textContent.trim(),
      };
    }
    const text = (selector) => { const n = root.querySelector(selector); return n ? n.textContent : null; };
    const tables = [...root.querySelectorAll('table')].map(t => [...t.querySelectorAll('tr.memlab-row')]
      .map(tr => [...tr.classList].find(c => c.startsWith('memlab-') && c !== 'memlab-row').slice(7)));
    return {
      index,
      kind: 'context_limit' in sliders ? 'summarizing' : ('max_turns' in sliders ? 'trimming' : 'unknown'),
      sliders,
      counters: text('.memlab-counters'),
      answer: text('.memlab-answer'),
      status: text('.memlab-status') || text('.memlab-error'),
      ahead: text('.memlab-ahead'),
      error: text('.memlab-error'),
      sent: tables[0] || null,
      history: tables[1] || null,
      root_model: (root.closest('[data-memlab-model]') || {dataset: {}}).dataset.memlabModel || null,
    };
  });
}
"""

PARAMETERS = {
    "trimming": ["max_turns", "max_tokens"],
    "summarizing": ["context_limit", "keep_last_n_turns", "max_tokens"],
}


def read_explorers(page: Page) -> list[dict[str, Any]]:
    """The state every explorer on the page shows (see ``_READ_JS``)."""
    return page.evaluate(_READ_JS)


def html_text(markup: str) -> str:
    """What a browser's ``textContent`` gives for simple inline HTML."""
    return html_lib.unescape(re.sub(r"<[^>]+>", "", markup))


@dataclass(frozen=True)
class Expected:
    """What one explorer must show for one setting and turn."""

    answer: str
    counters: str
    sent: tuple[str, ...]
    history: tuple[str, ...]


class Oracle:
    """memlab in the test process: replays each setting once (offline, deterministic)."""

    def __init__(self, kind: str, conversation: Conversation, fixed: dict[str, Any]) -> None:
        self.kind, self.conversation, self.fixed = kind, conversation, fixed
        self._runs: dict[tuple[Any, ...], evals.Replay] = {}

    def replay(self, strategy: str, params: dict[str, Any]) -> evals.Replay:
        key = (strategy, tuple(sorted(params.items())))
        if key not in self._runs:
            self._runs[key] = run_sync(evals.run(self.conversation, strategy, **params))
        return self._runs[key]

    def expected(self, state: dict[str, int]) -> Expected:
        params = {name: state[name] for name in PARAMETERS[self.kind]}
        if params.get("max_tokens") == 0:
            params["max_tokens"] = None  # the slider's 0 means "no budget"
        replay = self.replay(self.kind, {**params, **self.fixed})
        full = self.replay("full", {})
        turn = state["turn"]
        row = replay.turns.set_index("turn").loc[turn]
        probe = None if not isinstance(row["probe"], str) else {"expected": row["expected"], "correct": bool(row["correct"])}
        return Expected(
            html_text(answer_html(row["user"], row["answer"], probe)),
            html_text(counters_html(turn, counters(replay, turn, full))),
            tuple(sent_rows(replay, turn)["status"]),
            tuple(history_rows(replay, turn)["status"]),
        )


def oracle_for(state: dict[str, Any]) -> Oracle:
    """An oracle from the kernel's description of one explorer (see ``lab.probe``)."""
    conversation = CONVERSATIONS.get(state["conversation"])
    assert conversation is not None, f"the oracle knows the scenario's conversations, not {state['conversation']!r}"
    assert all(isinstance(v, (bool, int, str, type(None))) for v in state["fixed"].values()), (
        f"fixed parameters the oracle cannot rebuild: {state['fixed']}"
    )
    return Oracle(state["kind"], conversation, state["fixed"])


def mismatch(page_state: dict[str, Any], expected: Expected, values: dict[str, int]) -> list[str]:
    """Every way the page differs from the oracle (empty when it shows exactly that)."""
    problems = []
    for name, value in values.items():
        slider = page_state["sliders"].get(name)
        if slider is None:
            problems.append(f"slider {name!r} missing")
        elif slider["value"] != value or slider["readout"] != str(value):
            problems.append(f"slider {name}: page shows {slider['value']} (readout {slider['readout']!r}), kernel has {value}")
    if page_state["error"]:
        problems.append(f"the explorer shows an error: {page_state['error']!r}")
    if page_state["answer"] != expected.answer:
        problems.append(f"answer: page shows {page_state['answer']!r}, expected {expected.answer!r}")
    if page_state["counters"] != expected.counters:
        problems.append(f"counters: page shows {page_state['counters']!r}, expected {expected.counters!r}")
    if tuple(page_state["sent"] or ()) != expected.sent:
        problems.append(f"sent rows: page {page_state['sent']}, expected {list(expected.sent)}")
    if tuple(page_state["history"] or ()) != expected.history:
        problems.append(f"history rows: page {page_state['history']}, expected {list(expected.history)}")
    return problems


# ------------------------------------------------------------------ moving sliders


def _slider(page: Page, explorer: int, name: str):
    return page.locator(f'[data-memlab-explorer="{explorer}"] .widget-slider').filter(
        has=page.locator("label.widget-label", has_text=re.compile(rf"^\s*{re.escape(name)}\b"))
    )


def press(page: Page, explorer: int, name: str, key: str) -> None:
    """Focus the handle and press ``key`` (ArrowLeft/ArrowRight), as a keyboard user does."""
    target = _slider(page, explorer, name).locator(".noUi-handle")
    target.scroll_into_view_if_needed()
    target.focus()
    target.press(key)


def drag(page: Page, explorer: int, name: str, value: int, low: int, high: int) -> None:
    """Drag the handle with the mouse to where ``value`` sits on the track."""
    slider = _slider(page, explorer, name)
    target = slider.locator(".noUi-handle")
    target.scroll_into_view_if_needed()
    box, knob = slider.locator(".noUi-base").bounding_box(), target.bounding_box()
    assert box and knob, f"slider {name} is not visible"
    x0, y = knob["x"] + knob["width"] / 2, knob["y"] + knob["height"] / 2
    x1 = box["x"] + box["width"] * (value - low) / (high - low)
    page.mouse.move(x0, y)
    page.mouse.down()
    for step in range(1, 9):  # a real drag: several intermediate positions
        page.mouse.move(x0 + (x1 - x0) * step / 8, y)
    page.mouse.up()
