"""Does the offline model read a huge message in time that grows with its length, not faster?

Run it with ``python benchmarks/bench_linear.py``. Three readings that once
took quadratic time on hostile text, each timed on a short and a long input
through the public API (the median of three runs, ``time.perf_counter``):

* compaction (``client.responses.compact``) of a message of near misses:
  "since every since every ...", words the time-cue reading looks for, never
  completing a match; 20 KB, then 40 KB;
* the summary (``LLMSummarizer.summarize``) of such messages, for two units
  of near misses; 20 KB, then 40 KB;
* a recall: a fact at the start of a message, asked for at its end, through
  ``Runner.run``; 1 KB, then 10 KB.

Linear reading takes about twice the time for twice the text (ten times for
ten times, less where a fixed cost dominates); quadratic reading takes four
times (a hundred). Each line is printed as PASS when the ratio stays under the
limit between the two, MISS otherwise. The script never fails on a miss:
timings on a shared machine are noisy. These measurements were tests once; a
test that asserts seconds fails at random on a busy machine, so they live here.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

from agents import Runner, set_default_openai_api, set_default_openai_client, set_tracing_disabled

from memlab import LLMSummarizer, SummarizationError, TrimmingSession
from memlab.items import assistant, user
from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client
from memlab.scenario import support_agent

MODEL = "gpt-4.1-mini"
FILLER = "The quick brown fox jumps over the lazy dog, and then it runs home. "


_runs = iter(range(10**9))


def repeated(unit: str, size: int) -> str:
    """``unit`` repeated to ``size`` characters, after a number new on every call (the model caches what it read)."""
    text = f"Note {next(_runs)}: " + unit * (size // len(unit) + 1)
    return text[:size]


async def median_seconds(work: Callable[[], Awaitable[object]], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def compare(what: str, make: Callable[[int], Callable[[], Awaitable[object]]], small: int, large: int) -> None:
    """Time ``make(small)`` and ``make(large)``; PASS when the ratio is under halfway to quadratic."""
    await make(1000)()  # warm up: imports, the tokenizer
    short, long = await median_seconds(make(small)), await median_seconds(make(large))
    growth = large / small
    limit = (growth + growth**2) / 2
    ratio = long / short if short else float("inf")
    verdict = "PASS" if ratio < limit else "MISS"
    print(f"{verdict}  {what}: {short:.3f} s for {small:,} characters, {long:.3f} s for {large:,} "
          f"(x{ratio:.1f}; linear ~x{growth:g}, quadratic ~x{growth**2:g}, limit x{limit:g})")


async def main() -> None:
    set_tracing_disabled(True)
    set_default_openai_api("responses")
    client = offline_client(OfflineAPI())
    set_default_openai_client(client, use_for_tracing=False)
    agent = support_agent()

    def compaction(size: int) -> Callable[[], Awaitable[object]]:
        return lambda: client.responses.compact(model=MODEL, input=[user(repeated("since every ", size)), assistant("Noted.")])

    def summary(unit: str) -> Callable[[int], Callable[[], Awaitable[object]]]:
        summarizer = LLMSummarizer(client, MODEL)

        def make(size: int) -> Callable[[], Awaitable[object]]:
            async def summarize() -> None:
                try:
                    await summarizer.summarize([user(repeated(unit, size))])
                except SummarizationError:
                    pass  # a note cut at max_tokens: the model read everything all the same, and that is what is timed

            return summarize

        return make

    def recall(size: int) -> Callable[[], Awaitable[object]]:
        def ask() -> Awaitable[object]:
            text = "My name is Ana. " + repeated(FILLER, size) + " What's my name?"
            return Runner.run(agent, text, session=TrimmingSession("recall", max_turns=3))

        return ask

    await compare("compaction, near misses", compaction, 20_000, 40_000)
    await compare("summary, 'since every '", summary("since every "), 20_000, 40_000)
    await compare("summary, 'it still drops,   and '", summary("it still drops,   and "), 20_000, 40_000)
    await compare("recall of a fact 10 KB back", recall, 1_000, 10_000)


if __name__ == "__main__":
    asyncio.run(main())
