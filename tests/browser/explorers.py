"""Find memlab's explorers in a rendered page, move their sliders, check them.

Works on any page that renders ipywidgets (JupyterLab, Voilà). Explorers are
found by their slider labels (``max_turns``, ``context_limit``,
``keep_last_n_turns``, ``turn``), never by cell position: the explorer is the
closest box around such a slider that holds a counters line ("model view: …").

The oracle is :mod:`memlab.views` run in *this* process: given the parameters
the kernel holds, it says what the counters, table and summary must show. The
page must show exactly that.
"""

from __future__ import annotations

import html as html_lib
import re
import time
from dataclasses import dataclass
from typing import Any, Callable

from playwright.sync_api import Page

from memlab.views import HistoryView, SummaryReplay, Transcript, trimming_view
from memlab.widgets import counters_html

SLIDERS = {
    "trimming": ["max_turns", "turn"],
    "summarizing": ["context_limit", "keep_last_n_turns", "turn"],
}
ALL_LABELS = sorted({name for names in SLIDERS.values() for name in names})

# Reads every explorer on the page. Marks each explorer root with
# data-memlab-explorer=<index> so locators can reach it later.
_READ_JS = r"""
(labels) => {
  const isExplorer = (node) => node.classList.contains('widget-vbox') &&
    [...node.children].some(c => c.classList.contains('widget-html') && c.textContent.includes('model view:'));
  const roots = [];
  for (const label of document.querySelectorAll('.widget-slider label.widget-label')) {
    if (!labels.includes(label.textContent.trim())) continue;
    let node = label.closest('.widget-slider');
    while (node && !isExplorer(node)) node = node.parentElement;
    if (node && !roots.includes(node)) roots.push(node);
  }
  return roots.map((root, index) => {
    root.dataset.memlabExplorer = String(index);
    const sliders = {};
    for (const slider of root.querySelectorAll('.widget-slider')) {
      const name = slider.querySelector('label.widget-label').textContent.trim();
      const handle = slider.querySelector('.noUi-handle');
      sliders[name] = {
        value: Math.round(parseFloat(handle.getAttribute('aria-valuenow'))),
        min: Math.round(parseFloat(handle.getAttribute('aria-valuemin'))),
        max: Math.round(parseFloat(handle.getAttribute('aria-valuemax'))),
        readout: slider.querySelector('.widget-readout').textContent.trim(),
      };
    }
    const htmls = [...root.children].filter(c => c.classList.contains('widget-html'));
    const counters = htmls.find(c => c.textContent.includes('model view:'));
    const table = htmls.find(c => c.querySelector('table'));
    const summary = htmls.find(c => c.textContent.includes('Summaries applied'));
    const rows = table ? [...table.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(td => td.textContent)) : null;
    const output = root.closest('[data-memlab-model]');
    return {
      index,
      kind: 'context_limit' in sliders ? 'summarizing' : ('max_turns' in sliders ? 'trimming' : 'unknown'),
      sliders,
      counters: counters.textContent,
      rows,
      summary: summary ? summary.querySelector(':scope .widget-html-content > div').textContent : null,
      summary_pre: summary && summary.querySelector('pre') ? summary.querySelector('pre').textContent : null,
      root_model: output ? output.dataset.memlabModel : null,
    };
  });
}
"""


def read_explorers(page: Page) -> list[dict[str, Any]]:
    """The state every explorer on the page shows (see ``_READ_JS``)."""
    return page.evaluate(_READ_JS, ALL_LABELS)


def html_text(markup: str) -> str:
    """What a browser's ``textContent`` gives for simple inline HTML."""
    return html_lib.unescape(re.sub(r"<[^>]+>", "", markup))


@dataclass
class Expected:
    counters: str
    rows: list[list[str]]
    summary: str | None = None
    summary_pre: str | None = None

    @classmethod
    def of(cls, view: HistoryView, summarizing: bool) -> Expected:
        rows = [
            [str(n), str(turn), kind, preview, str(tokens), status]
            for n, (turn, kind, preview, tokens, status) in enumerate(view.rows.itertuples(index=False, name=None))
        ]
        summary = pre = None
        if summarizing:
            where = ", ".join(map(str, view.summarized_at)) or "none yet"
            summary = f"Summaries applied after turns: {where}"
            pre = view.summary_text if view.summary_text else None
        return cls(html_text(counters_html(view)), rows, summary, pre)


class Oracle:
    """memlab.views in the test process, over the transcript the kernel holds."""

    def __init__(self, kind: str, items: list[dict[str, Any]], must_keep: list[str] | None) -> None:
        self.kind = kind
        self.transcript = Transcript(items)
        self.must_keep = must_keep or []
        self._replays: dict[tuple[int, int], SummaryReplay] = {}

    def view(self, params: dict[str, int]) -> HistoryView:
        if self.kind == "trimming":
            return trimming_view(self.transcript, params["max_turns"], params["turn"])
        key = (params["context_limit"], params["keep_last_n_turns"])
        if key not in self._replays:
            self._replays[key] = SummaryReplay(self.transcript, *key, None, self.must_keep)
        return self._replays[key].view(params["turn"])

    def expected(self, params: dict[str, int]) -> Expected:
        return Expected.of(self.view(params), self.kind == "summarizing")


def shown(state: dict[str, Any]) -> Expected:
    """What one explorer's DOM state shows, in the oracle's shape."""
    return Expected(state["counters"], state["rows"], state["summary"], state["summary_pre"])


def mismatch(state: dict[str, Any], expected: Expected, params: dict[str, int]) -> list[str]:
    """Every way the page differs from the oracle (empty when it shows exactly that)."""
    problems = []
    for name, value in params.items():
        slider = state["sliders"].get(name)
        if slider is None:
            problems.append(f"slider {name!r} missing")
        elif slider["value"] != value or slider["readout"] != str(value):
            problems.append(f"slider {name}: page shows {slider['value']} (readout {slider['readout']!r}), kernel has {value}")
    got = shown(state)
    if got.counters != expected.counters:
        problems.append(f"counters: page shows {got.counters!r}, expected {expected.counters!r}")
    if got.rows != expected.rows:
        problems.append(
            f"table: page has {len(got.rows or [])} rows, statuses {[r[-1] for r in got.rows or []]}; "
            f"expected {len(expected.rows)} rows, statuses {[r[-1] for r in expected.rows]}"
            + ("" if got.rows is None or len(got.rows) != len(expected.rows) else
               f"; first differing row: {next((g, e) for g, e in zip(got.rows, expected.rows) if g != e)}")
        )
    if expected.summary is not None:
        if got.summary != expected.summary:
            problems.append(f"summary line: page shows {got.summary!r}, expected {expected.summary!r}")
        if expected.summary_pre is not None and got.summary_pre != expected.summary_pre:
            problems.append("summary text differs from the session's summary")
    return problems


def eventually(check: Callable[[], list[str]], timeout: float = 8.0, interval: float = 0.1) -> list[str]:
    """Poll ``check`` until it reports no problems or ``timeout`` passes; return the last problems."""
    deadline = time.monotonic() + timeout
    while True:
        problems = check()
        if not problems or time.monotonic() > deadline:
            return problems
        time.sleep(interval)


# ------------------------------------------------------------------ moving sliders


def handle(page: Page, explorer: int, name: str):
    """The noUiSlider handle of slider ``name`` in explorer number ``explorer``."""
    slider = page.locator(f'[data-memlab-explorer="{explorer}"] .widget-slider').filter(
        has=page.locator("label.widget-label", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))
    )
    return slider.locator(".noUi-handle")


def press(page: Page, explorer: int, name: str, key: str) -> None:
    """Focus the handle and press ``key`` (ArrowLeft/ArrowRight), as a keyboard user does."""
    target = handle(page, explorer, name)
    target.scroll_into_view_if_needed()
    target.focus()
    target.press(key)


def drag(page: Page, explorer: int, name: str, value: int, low: int, high: int) -> None:
    """Drag the handle with the mouse to where ``value`` sits on the track."""
    target = handle(page, explorer, name)
    target.scroll_into_view_if_needed()
    track = page.locator(f'[data-memlab-explorer="{explorer}"] .widget-slider').filter(
        has=page.locator("label.widget-label", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))
    ).locator(".noUi-base")
    box, knob = track.bounding_box(), target.bounding_box()
    assert box and knob, f"slider {name} is not visible"
    x0, y = knob["x"] + knob["width"] / 2, knob["y"] + knob["height"] / 2
    x1 = box["x"] + box["width"] * (value - low) / (high - low)
    page.mouse.move(x0, y)
    page.mouse.down()
    for step in range(1, 9):  # a real drag: several intermediate positions
        page.mouse.move(x0 + (x1 - x0) * step / 8, y)
    page.mouse.up()
