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
  model (what it was before), side by side, as a ratio;
* work ahead (an explorer on screen replays the settings one slider move
  away in the background), for the trimming and summarizing explorers on
  ``LONG`` and the trimming explorer on 200 turns: seconds from the explorer's
  creation until every one of them is ready, then every move to each of them
  (and back) and a sweep of the turn slider, timed: median <= 100 ms, worst
  <= 150 ms; the replay cache's items held beside its budget;
* a move to a setting not ready yet while the work ahead runs, against the
  same move with nothing in the background (today's time), as a ratio: <= 1.5.

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
from memlab.lab.widgets._replays import REPLAYS

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


async def all_ready(make: Any) -> tuple[PolicyExplorer, float]:
    """A fresh explorer (empty cache) and the seconds from its creation until every setting one move away is ready."""
    clear_replays()
    started = time.perf_counter()
    explorer = make()
    await explorer.ready()
    explorer.compute_ahead()  # what being on screen does offline
    await explorer.ahead.finished()
    seconds = time.perf_counter() - started
    ready, total = explorer.ahead.counts()
    assert explorer.ahead.state == "done" and ready == total, (explorer.ahead.state, ready, total)
    return explorer, seconds


def moves_once_ready(explorer: PolicyExplorer) -> tuple[list[float], int]:
    """Seconds of every move to a setting one move away and back (then a turn sweep), and how many missed the cache.

    Nothing is awaited between moves: the work ahead does not run meanwhile (it is all done).
    """
    home = {name: getattr(explorer, name) for name in explorer.sliders}
    times, misses = [], 0

    def move(name: str, value: int) -> None:
        nonlocal misses
        started = time.perf_counter()
        explorer.sliders[name].value = value  # from the cache: shown before the assignment returns
        times.append(time.perf_counter() - started)
        misses += "from the cache" not in explorer.status.value

    for setting in explorer.settings_ahead()[1:]:
        # The slider moved is the first that differs (context_limit pulls keep_last_n_turns down with it).
        name = next(n for n in explorer.sliders if explorer.params()[n] != setting[n])
        move(name, setting[name] or 0)
        for back in explorer.sliders:  # back home, one slider at a time
            if getattr(explorer, back) != home[back]:
                move(back, home[back])
    last = len(explorer.conversation.user_turns)
    for turn in range(1, last + 1, max(1, last // 20)):
        started = time.perf_counter()
        explorer.turn_slider.value = turn
        times.append(time.perf_counter() - started)
    return times, misses


async def while_ahead_runs(repeats: int = 5) -> tuple[float, float, int]:
    """Median seconds of a move to a setting not ready on LONG: with nothing in the background, then while work
    ahead runs; and the requests the work ahead sent during those moves (at most the rest of the turn it was in)."""
    quiet, busy, sent = [], [], 0
    for _ in range(repeats):  # alternate, so noise on the shared machine hits both alike
        for background in (False, True):
            clear_replays()
            explorer = TrimmingExplorer(LONG, max_turns=3)
            await explorer.ready()
            if background:
                explorer.compute_ahead()
                while explorer.ahead.counts()[0] < 3:  # under way: two settings done, a third replaying
                    await asyncio.sleep(0.01)
            before = explorer.ahead.wire.total
            (busy if background else quiet).append(await move(explorer, "max_tokens", 2500))  # far down its list
            sent += explorer.ahead.wire.total - before
            explorer.close()
            await explorer.ahead.finished()
    return statistics.median(quiet), statistics.median(busy), sent


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

    # 5. work ahead: every setting one move away ready, then every move served from the cache
    for label, make in [
        ("trimming, LONG (37 turns)", lambda: TrimmingExplorer(LONG, max_turns=3)),
        ("summarizing, LONG (37 turns)", lambda: SummarizingExplorer(LONG, context_limit=4, keep_last_n_turns=2)),
        ("trimming, 200 turns", lambda: TrimmingExplorer(conversation, max_turns=3)),
    ]:
        explorer, seconds = await all_ready(make)
        count = len(explorer.settings_ahead())
        report(f"work ahead, {label}: all {count} settings one move away ready, from creation", seconds, "s", None)
        times, misses = moves_once_ready(explorer)
        report(f"work ahead, {label}: a move once ready, median of {len(times)} ({misses} missed the cache)",
               statistics.median(times) * 1e3, "ms", 100)
        report(f"work ahead, {label}: a move once ready, worst", max(times) * 1e3, "ms", 150)
        report(f"work ahead, {label}: replay cache, items held / budget ({REPLAYS.held:,} / {REPLAYS.budget:,})",
               REPLAYS.held / REPLAYS.budget, "x", 1)
        explorer.close()

    # 6. a move to a setting not ready yet is not queued behind the work ahead
    quiet, busy, sent = await while_ahead_runs()
    report(f"new setting, LONG, while work ahead runs / nothing in the background ({busy:.2f} s / {quiet:.2f} s; "
           f"work ahead sent {sent} requests during those moves)", busy / quiet, "x", 1.5)

    print(f"{'case':<86}{'median':>10}{'target':>10}")
    for name, value, unit, target in ROWS:
        shown_target = f"{target:>7g} {unit:<2}" if target is not None else " " * 10
        verdict = ("PASS" if value <= target else "MISS") if target is not None else "(reported)"
        print(f"{name:<86}{value:>7.2f} {unit:<2}{shown_target}  {verdict}")


if __name__ == "__main__":
    asyncio.run(main())
