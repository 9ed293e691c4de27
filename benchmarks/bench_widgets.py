"""How long from a slider change to the updated view, on the 37-turn ``LONG`` and on 200 turns?

Explorers re-run the agent: a setting seen before is shown from the cache, a
new one is replayed through the real ``Runner`` (offline model, real ``openai``
client). Everything runs inside an event loop, as in a notebook kernel: an
explorer replays as a task, and a figure is the time until the view shows it.

Figures (medians of repeated moves; seconds unless marked):

* a new setting on ``LONG`` for the trimming, summarizing and tiered explorers
  (full history already replayed, as after the first display): <= 0.5 s each;
* a setting already seen, 200 turns (slider -> re-rendered view): <= 50 ms;
* 200 turns: the first display (the explorer shows its setting) <= 10 s, and a
  new setting <= 2 s; reported beside them, when full history's replay (the
  counters' "% of full history") is ready, which the first display no longer waits for;
* how each grows with the number of turns: the exponent k of time ~ turns^k
  between 50, 100 and 200 turns (1 = linear; full history resends every earlier
  item on every call, so it grows faster);
* the offline client's skipped request transform: one replay of ``LONG`` with
  the offline client against a plain ``openai`` client on the same offline
  model (what it was before), side by side, as a ratio.

The machine is shared and noisy: each figure is printed with its target and
PASS/MISS; a miss is reported, not raised. Run it with ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import asyncio
import math
import os
import statistics
import time
from typing import Any

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

import httpx2
import openai
import traitlets
from agents import set_default_openai_client

from memlab.api import mode
from memlab.evals.replay import run
from memlab.offline.api import OfflineAPI, off_the_loop
from memlab.scenario import LONG, synthetic_conversation
from memlab.lab.widgets import SummarizingExplorer, TrimmingExplorer, clear_replays
from memlab.lab.widgets._explorer import PolicyExplorer, Setting

ROWS: list[tuple[str, float, str, float | None]] = []


class TieredExplorer(PolicyExplorer):
    """The tiered policy (tool-output trimming, then summarizing over a budget) on one slider."""

    strategy = "tiered"
    slider_ranges = {"max_tokens": (300, 3000)}
    off_at_zero = ()
    max_tokens = Setting(1500)

    def __init__(self, conversation: Any, max_tokens: int = 1500, **fixed: Any) -> None:
        with self.hold_trait_notifications():
            self.max_tokens = max_tokens
        super().__init__(conversation, **fixed)

    @traitlets.validate("max_tokens")
    def _valid(self, proposal: dict[str, Any]) -> Any:
        return self._checked(proposal)


def report(name: str, value: float, unit: str, target: float | None) -> None:
    ROWS.append((name, value, unit, target))


async def shown(explorer: PolicyExplorer) -> None:
    """Wait until the explorer shows a replay of its current setting (not necessarily full history yet)."""
    wanted = explorer.params()
    while explorer.replay is None or explorer.replay.params != {**wanted}:
        if explorer.pending is not None and explorer.pending.done():
            break
        await asyncio.sleep(0.001)


async def move(explorer: PolicyExplorer, name: str, value: int) -> float:
    """Seconds from setting slider ``name`` to the view showing that setting's replay."""
    started = time.perf_counter()
    explorer.sliders[name].value = value
    await shown(explorer)
    seconds = time.perf_counter() - started
    await explorer.ready()
    return seconds


async def new_settings(explorer: PolicyExplorer, name: str, values: list[int]) -> float:
    await explorer.ready()  # the first display, full history included
    return statistics.median([await move(explorer, name, value) for value in values])


async def first_display(turns: int) -> tuple[float, float, float]:
    """(first display, full history ready, a new setting) in seconds, for a fresh conversation of ``turns``."""
    clear_replays()
    conversation = synthetic_conversation(turns)
    started = time.perf_counter()
    explorer = TrimmingExplorer(conversation, max_turns=3)
    await shown(explorer)
    display = time.perf_counter() - started
    await explorer.ready()
    complete = time.perf_counter() - started
    return display, complete, await move(explorer, "max_turns", 5)


def exponent(times: dict[int, float]) -> float:
    """The k of time ~ turns^k, least squares over log-log points."""
    xs, ys = [math.log(n) for n in times], [math.log(t) for t in times.values()]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


async def transform_ratio() -> tuple[float, float]:
    """Median seconds of one LONG replay (trimming, max_turns=3): offline client, then a plain openai client."""
    api = OfflineAPI()
    plain = openai.AsyncOpenAI(api_key="offline", base_url="https://offline.memlab/v1", max_retries=0,
                               http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(off_the_loop(api))))
    mode.configure("offline", api=api)
    offline_client = mode.client()
    times: dict[str, list[float]] = {"offline": [], "plain": []}
    for _ in range(3):  # alternate, so noise on the shared machine hits both alike
        for name, client in (("offline", offline_client), ("plain", plain)):
            set_default_openai_client(client, use_for_tracing=False)
            started = time.perf_counter()
            await run(LONG, "trimming", max_turns=3)
            times[name].append(time.perf_counter() - started)
    set_default_openai_client(offline_client, use_for_tracing=False)
    return statistics.median(times["offline"]), statistics.median(times["plain"])


async def main() -> None:
    print(mode.configure("offline"))
    await run(LONG, "trimming", max_turns=2)  # warm up: imports, the tokenizer, the agent

    # 1. a new setting on LONG, per explorer (full history cached by the first display)
    for label, explorer, name, values in [
        ("trimming", TrimmingExplorer(LONG, max_turns=3), "max_turns", [2, 4, 5, 6, 8]),
        ("summarizing", SummarizingExplorer(LONG, context_limit=4, keep_last_n_turns=2), "context_limit", [3, 5, 6, 7, 8]),
        ("tiered", TieredExplorer(LONG, max_tokens=1500, must_keep=True), "max_tokens", [1000, 1200, 1800, 2000, 2500]),
    ]:
        report(f"new setting, LONG (37 turns), {label}", await new_settings(explorer, name, values), "s", 0.5)

    # 2. a seen setting, 200 turns
    conversation = synthetic_conversation(200)
    explorer = TrimmingExplorer(conversation, max_turns=3)
    await explorer.ready()
    await move(explorer, "max_turns", 5)  # a second setting, now cached too
    seen = []
    for value in [3, 5] * 10:
        started = time.perf_counter()
        explorer.sliders["max_turns"].value = value  # from the cache: shown before the assignment returns
        seen.append(time.perf_counter() - started)
    report("seen setting, 200 turns: max_turns slider -> view", statistics.median(seen) * 1e3, "ms", 50)
    turn_moves = []
    for turn in range(150, 200, 3):
        started = time.perf_counter()
        explorer.turn_slider.value = turn
        turn_moves.append(time.perf_counter() - started)
    report("seen setting, 200 turns: turn slider -> view", statistics.median(turn_moves) * 1e3, "ms", 50)

    # 3. first display and a new setting, and how they grow (50, 100, 200 turns)
    display, complete, new = {}, {}, {}
    for turns in (50, 100, 200):
        display[turns], complete[turns], new[turns] = await first_display(turns)
    report("first display, 200 turns (the setting shown)", display[200], "s", 10)
    report("new setting, 200 turns", new[200], "s", 2)
    report("full history ready, 200 turns (counters' share)", complete[200], "s", None)
    for name, times in [("first display", display), ("new setting", new), ("full history ready", complete)]:
        shown_times = ", ".join(f"{n}: {t:.2f} s" for n, t in times.items())
        report(f"growth of {name}: k in time ~ turns^k ({shown_times})", exponent(times), "k", None)

    # 4. the request transform the offline client skips
    fast, plain = await transform_ratio()
    report(f"LONG replay, offline client / plain openai client ({fast:.2f} s / {plain:.2f} s)", fast / plain, "x", None)

    print(f"{'case':<86}{'median':>10}{'target':>10}")
    for name, value, unit, target in ROWS:
        shown_target = f"{target:>7g} {unit:<2}" if target is not None else " " * 10
        verdict = ("PASS" if value <= target else "MISS") if target is not None else "(reported)"
        print(f"{name:<86}{value:>7.2f} {unit:<2}{shown_target}  {verdict}")


if __name__ == "__main__":
    asyncio.run(main())
