"""Benchmark: the cost of one turn (add_items + get_items) as history grows.

Run it with ``python benchmarks/bench_sessions.py``. For each history size
(100, 1,000 and 10,000 items) every session is prefilled to that size, then a
few *cycles* are timed; one cycle is what the runner does per turn:
``add_items`` of one turn (user message, tool call, tool output, reply) and a
``get_items()`` read. The sessions take turns within each repetition, so a
burst of noise on this shared machine hits all of them alike; every ratio is
the median of the per-repetition ratios, and every time the median of the
repetitions (``time.perf_counter``).

Sessions compared, side by side in one run:

* ``TrimmingSession(max_turns=10)`` — memlab's trimming, and the same on a
  token budget (``max_tokens=800``, about ten of these turns);
* ``SummarizingSession(context_limit=10, keep_last_n_turns=5)`` with a fast
  in-process summarizer (no model call: this measures the session, not a model);
* a baseline written here that behaves like the cookbook's trimming session:
  a ``deque`` under an ``asyncio.Lock``, a list copy and a backward scan for
  user messages on every write and every read, items returned without a copy
  and without any repair (what a learner arrives with);
* a minimal baseline: keeps a 10-turn window and returns its list without
  copying or repairing anything (the floor for any windowed session);
* the same minimal baseline returning a deep copy made in one C call
  (``marshal``): the floor for any session that copies on read, as memlab's
  sessions must;
* the SDK's ``SQLiteSession`` (in memory), which reads the full history.

A last section runs ``TrimmingSession`` on a SQLite *file* store, filled turn
by turn to 100 and to 10,000 items, to show that a stored session's cost also
depends on the window and not on the length of its log.

The targets are a regression guard: ``TrimmingSession`` within 5x the
cookbook-style baseline, and as cheap at 10,000 items as at 100 (the cost of a
turn follows the window, not the log). A session's ~0.1 ms per turn is
invisible next to a model call, so the ratio to the copy-on-read floor is
reported for context. Printed as PASS/MISS; the script never fails on a miss,
because timings on a shared machine are noisy.
"""

from __future__ import annotations

import asyncio
import marshal
import statistics
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents import SQLiteSession

from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

Item = dict[str, Any]

SIZES = (100, 1_000, 10_000)
REPS = 7  # repetitions per measurement; the median is reported
CYCLES = 40  # add+get cycles per repetition
WINDOW = 10  # turns kept by the windowed sessions
BUDGET = 800  # tokens kept by the token-budget session (about 10 of these turns)


def make_turn(n: int) -> list[Item]:
    """One four-item turn shaped like the SDK's items."""
    return [
        {"role": "user", "content": f"Where is order ORD-{n}? It was due yesterday."},
        {
            "type": "function_call",
            "call_id": f"call_{n}",
            "name": "lookup_order",
            "arguments": f'{{"id": "ORD-{n}"}}',
        },
        {
            "type": "function_call_output",
            "call_id": f"call_{n}",
            "output": f'{{"id": "ORD-{n}", "status": "in transit"}}',
        },
        {
            "type": "message",
            "role": "assistant",
            "id": f"msg_{n}",
            "status": "completed",
            "content": [{"type": "output_text", "text": f"ORD-{n} is in transit.", "annotations": []}],
        },
    ]


class FastSummarizer:
    """An in-process summarizer: constant-size output, no model call."""

    async def summarize(self, items: list[Item], *, must_keep: Any = ()) -> tuple[str, str]:
        return "Recap, please.", f"Summary of {len(items)} earlier items."


class CookbookStyleTrimmingSession:
    """A baseline that behaves like the cookbook's trimming session (written here, not copied).

    A deque under an ``asyncio.Lock``; every write and every read copies the
    deque to a list and scans it backwards for user messages to find where the
    last ``max_turns`` turns start; items are returned as stored (no copy, so a
    caller's edit rewrites history) and nothing is repaired.
    """

    def __init__(self, max_turns: int = WINDOW) -> None:
        self.max_turns = max_turns
        self.items: deque[Item] = deque()
        self.lock = asyncio.Lock()

    @staticmethod
    def _is_user(item: Any) -> bool:
        # The cookbook's check accepts dicts and SDK objects alike.
        if isinstance(item, dict):
            role = item.get("role")
            if role is not None:
                return role == "user"
            return item.get("type") == "message" and item.get("role") == "user"
        return getattr(item, "role", None) == "user"

    def _window(self, items: list[Item]) -> list[Item]:
        seen = 0
        for i in range(len(items) - 1, -1, -1):
            if self._is_user(items[i]):
                seen += 1
                if seen == self.max_turns:
                    return items[i:]
        return items

    async def add_items(self, items: list[Item]) -> None:
        async with self.lock:
            self.items.extend(items)
            window = self._window(list(self.items))
            self.items.clear()
            self.items.extend(window)

    async def get_items(self, limit: int | None = None) -> list[Item]:
        async with self.lock:
            window = self._window(list(self.items))
            return window[-limit:] if limit is not None and limit >= 0 else window


class MinimalWindowSession:
    """The baseline: a 10-turn window, no copies, no orphan repair, no lock."""

    def __init__(self, max_turns: int = WINDOW) -> None:
        self.max_turns = max_turns
        self.items: list[Item] = []

    async def add_items(self, items: list[Item]) -> None:
        self.items.extend(items)
        starts = [i for i, item in enumerate(self.items) if item.get("role") == "user"]
        if len(starts) > self.max_turns:
            del self.items[: starts[-self.max_turns]]

    async def get_items(self, limit: int | None = None) -> list[Item]:
        return self.items


class CopyingWindowSession(MinimalWindowSession):
    """The baseline plus copy-on-read, done the fastest way CPython offers."""

    async def get_items(self, limit: int | None = None) -> list[Item]:
        return marshal.loads(marshal.dumps(self.items))


FACTORIES: dict[str, Callable[[], Any]] = {
    "TrimmingSession": lambda: TrimmingSession("bench", max_turns=WINDOW),
    "TrimmingSession (max_tokens)": lambda: TrimmingSession("bench", max_turns=10**6, max_tokens=BUDGET),
    "SummarizingSession": lambda: SummarizingSession(
        keep_last_n_turns=5, context_limit=WINDOW, summarizer=FastSummarizer(), session_id="bench"
    ),
    "cookbook-style baseline": CookbookStyleTrimmingSession,
    "minimal baseline": MinimalWindowSession,
    "baseline + copy on read": CopyingWindowSession,
    "SQLiteSession (full)": lambda: SQLiteSession("bench"),
}


async def cost_per_cycle(session: Any, first_turn: int) -> float:
    """Seconds per add_items(one turn) + get_items() cycle, over CYCLES cycles."""
    turns = [make_turn(first_turn + k) for k in range(CYCLES)]
    start = time.perf_counter()
    for turn in turns:
        await session.add_items(turn)
        await session.get_items()
    return (time.perf_counter() - start) / CYCLES


Samples = dict[str, dict[int, list[float]]]  # session -> size -> one cost per repetition


async def measure() -> Samples:
    samples: Samples = {name: {size: [] for size in SIZES} for name in FACTORIES}
    for size in SIZES:
        prefill = [item for n in range(size // 4) for item in make_turn(n)]
        sessions = {name: factory() for name, factory in FACTORIES.items()}
        for session in sessions.values():
            await session.add_items(prefill)  # one call, even for SQLite
            await cost_per_cycle(session, 10**6)  # warm-up, discarded
            if isinstance(session, SQLiteSession):
                for _ in range(CYCLES * 4):
                    await session.pop_item()
        for rep in range(REPS):  # interleaved: each repetition times every session once
            for name, session in sessions.items():
                samples[name][size].append(await cost_per_cycle(session, (rep + 2) * 10**6))
                if isinstance(session, SQLiteSession):  # keep the full history at its nominal size
                    for _ in range(CYCLES * 4):
                        await session.pop_item()
        for session in sessions.values():
            if isinstance(session, SQLiteSession):
                session.close()
    return samples


def ratio(samples: Samples, a: str, size_a: int, b: str, size_b: int) -> float:
    """Median over repetitions of cost(a at size_a) / cost(b at size_b)."""
    return statistics.median(x / y for x, y in zip(samples[a][size_a], samples[b][size_b]))


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(samples: Samples) -> None:
    name_width = max(len(name) for name in samples) + 2
    print(f"cost of one add_items(1 turn, 4 items) + get_items(); median of {REPS} interleaved reps x {CYCLES} cycles\n")
    print("session".ljust(name_width) + "".join(f"{size:>12,} items" for size in SIZES))
    for name, by_size in samples.items():
        print(name.ljust(name_width)
              + "".join(f"{statistics.median(by_size[size]) * 1e6:>15,.1f} µs" for size in SIZES))

    def across_sizes(a: str, b: str) -> float:
        return statistics.median(ratio(samples, a, size, b, size) for size in SIZES)

    print("\nratios (median of per-repetition ratios)")
    rows = [
        ("TrimmingSession / cookbook-style baseline", across_sizes("TrimmingSession", "cookbook-style baseline"), 5.0),
        ("TrimmingSession at 10,000 / at 100 items", ratio(samples, "TrimmingSession", 10_000, "TrimmingSession", 100), 1.5),
    ]
    for label, value, target in rows:
        print(f"  {label:<46}{value:8.2f}   target <= {target:<4} {verdict(value <= target)}")

    budget = ratio(samples, "TrimmingSession (max_tokens)", 10_000, "TrimmingSession (max_tokens)", 100)
    print(f"  {'TrimmingSession (max_tokens) at 10,000 / at 100':<46}{budget:8.2f}   target <= 1.5  {verdict(budget <= 1.5)}")

    print("\nfor context (no target)")
    context = [
        ("SummarizingSession / cookbook-style baseline", across_sizes("SummarizingSession", "cookbook-style baseline")),
        ("SummarizingSession at 10,000 / at 100 items",
         ratio(samples, "SummarizingSession", 10_000, "SummarizingSession", 100)),
        ("TrimmingSession / baseline + copy on read", across_sizes("TrimmingSession", "baseline + copy on read")),
        ("baseline + copy on read / minimal baseline", across_sizes("baseline + copy on read", "minimal baseline")),
        ("SQLiteSession / TrimmingSession at 1,000", ratio(samples, "SQLiteSession (full)", 1_000, "TrimmingSession", 1_000)),
    ]
    for label, value in context:
        print(f"  {label:<46}{value:8.2f}")


STORE_SIZES = (100, 10_000)


async def measure_stored(folder: Path) -> dict[int, list[float]]:
    """TrimmingSession on a SQLite *file* store, filled turn by turn as a runner would."""
    sessions = {}
    for size in STORE_SIZES:
        store = SQLiteSession("bench", folder / f"store-{size}.db")
        session = TrimmingSession("bench", max_turns=WINDOW, store=store)
        for n in range(size // 4):  # one read and one write per turn, like Runner.run
            await session.get_items()
            await session.add_items(make_turn(n))
        sessions[size] = session
    samples: dict[int, list[float]] = {size: [] for size in STORE_SIZES}
    for rep in range(REPS):
        for size, session in sessions.items():
            samples[size].append(await cost_per_cycle(session, (rep + 2) * 10**6))
    for session in sessions.values():
        session.store.close()
    return samples


def report_stored(samples: dict[int, list[float]]) -> None:
    print("\nTrimmingSession with store=SQLiteSession(file): the log grows, reads stay bounded (snapshots)")
    for size in STORE_SIZES:
        print(f"  {size:>6,} items written   {statistics.median(samples[size]) * 1e6:>10,.1f} µs per cycle")
    flat = statistics.median(a / b for a, b in zip(samples[10_000], samples[100]))
    print(f"  {'at 10,000 / at 100 items':<46}{flat:8.2f}   target <= 1.5  {verdict(flat <= 1.5)}")


def main() -> None:
    start = time.perf_counter()
    report(asyncio.run(measure()))
    with tempfile.TemporaryDirectory() as folder:
        report_stored(asyncio.run(measure_stored(Path(folder))))
    print(f"\ntotal benchmark time: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
