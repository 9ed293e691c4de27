"""Benchmark: the cost of one turn (add_items + get_items) as history grows.

Run it with ``python benchmarks/bench_sessions.py``. For each history size
(100, 1,000 and 10,000 items) every session is prefilled to that size, then a
few *cycles* are timed; one cycle is what the runner does per turn:
``add_items`` of one turn (user message, tool call, tool output, reply) and a
``get_items()`` read. Each figure is the median over several repetitions,
measured with ``time.perf_counter``.

Sessions compared, side by side in one run:

* ``TrimmingSession(max_turns=10)`` — memlab's trimming;
* ``SummarizingSession(context_limit=10, keep_last_n_turns=5)`` with a fast
  in-process summarizer (no model call: this measures the session, not a model);
* a minimal baseline written here: keeps a 10-turn window and returns its list
  without copying or repairing anything (the floor for any windowed session);
* the SDK's ``SQLiteSession`` (in memory), which reads the full history.

The targets are printed as PASS/MISS; the script never fails on a miss, because
timings on a shared machine are noisy.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from typing import Any

from agents import SQLiteSession

from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

Item = dict[str, Any]

SIZES = (100, 1_000, 10_000)
REPS = 7  # repetitions per measurement; the median is reported
CYCLES = 10  # add+get cycles per repetition
WINDOW = 10  # turns kept by the windowed sessions


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

    async def summarize(self, items: list[Item]) -> tuple[str, str]:
        return "Recap, please.", f"Summary of {len(items)} earlier items."


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


FACTORIES: dict[str, Callable[[], Any]] = {
    "TrimmingSession": lambda: TrimmingSession("bench", max_turns=WINDOW),
    "SummarizingSession": lambda: SummarizingSession(
        keep_last_n_turns=5, context_limit=WINDOW, summarizer=FastSummarizer(), session_id="bench"
    ),
    "minimal baseline": MinimalWindowSession,
    "SQLiteSession (full)": lambda: SQLiteSession("bench"),
}


async def cost_per_cycle(session: Any, next_turn: int) -> float:
    """Median seconds of one add_items(one turn) + get_items() cycle."""
    samples = []
    for _ in range(REPS):
        turns = [make_turn(next_turn + k) for k in range(CYCLES)]
        next_turn += CYCLES
        start = time.perf_counter()
        for turn in turns:
            await session.add_items(turn)
            await session.get_items()
        samples.append((time.perf_counter() - start) / CYCLES)
    return statistics.median(samples)


async def measure() -> dict[str, dict[int, float]]:
    results: dict[str, dict[int, float]] = {name: {} for name in FACTORIES}
    for size in SIZES:
        prefill = [item for n in range(size // 4) for item in make_turn(n)]
        for name, factory in FACTORIES.items():
            session = factory()
            await session.add_items(prefill)  # one call, even for SQLite
            await cost_per_cycle(session, 10**6)  # warm-up, discarded
            results[name][size] = await cost_per_cycle(session, 2 * 10**6)
            if isinstance(session, SQLiteSession):
                session.close()
    return results


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(results: dict[str, dict[int, float]]) -> None:
    name_width = max(len(name) for name in results) + 2
    print(f"cost of one add_items(1 turn, 4 items) + get_items(); median of {REPS} reps x {CYCLES} cycles\n")
    print("session".ljust(name_width) + "".join(f"{size:>12,} items" for size in SIZES))
    for name, by_size in results.items():
        print(name.ljust(name_width) + "".join(f"{by_size[size] * 1e6:>15,.1f} µs" for size in SIZES))

    print("\nratios")
    trim, summ = results["TrimmingSession"], results["SummarizingSession"]
    base, sqlite = results["minimal baseline"], results["SQLiteSession (full)"]
    rows = []
    for name, by_size in (("TrimmingSession", trim), ("SummarizingSession", summ)):
        rows.append((f"{name} at 10,000 / at 100 items", by_size[10_000] / by_size[100], "<=", 1.5))
    for name, by_size in (("TrimmingSession", trim), ("SummarizingSession", summ)):
        overhead = statistics.median(by_size[s] / base[s] for s in SIZES)
        rows.append((f"{name} / minimal baseline (median)", overhead, "<=", 3))
    rows.append(("SQLiteSession / TrimmingSession at 1,000", sqlite[1_000] / trim[1_000], ">=", 50))
    for label, value, op, target in rows:
        ok = value <= target if op == "<=" else value >= target
        print(f"  {label:<46}{value:8.2f}   target {op} {target:<4} {verdict(ok)}")


def main() -> None:
    start = time.perf_counter()
    report(asyncio.run(measure()))
    print(f"\ntotal benchmark time: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
