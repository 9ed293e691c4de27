"""How much of a replay's wall time does the offline model itself take?

Replays the 37-turn ``LONG`` conversation through ``Runner.run`` with the
offline model and an in-memory SQLite session, timing the fake's HTTP handler
side by side with the whole replay. The share printed at the end should stay
well under 25%: the fake must not be what makes notebooks slow.

Run it with ``python benchmarks/bench_offline.py``.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

from agents import Runner, SQLiteSession, set_default_openai_api, set_default_openai_client, set_tracing_disabled

from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client
from memlab.scenario import LONG, support_agent


class TimedAPI:
    """Wraps an :class:`OfflineAPI` and adds up the time spent inside it."""

    def __init__(self, api: OfflineAPI) -> None:
        self.api, self.seconds, self.calls = api, 0.0, 0

    def __call__(self, request):
        start = time.perf_counter()
        try:
            return self.api(request)
        finally:
            self.seconds += time.perf_counter() - start
            self.calls += 1


async def replay(agent, turns) -> None:
    session = SQLiteSession("bench")
    for text in turns:
        await Runner.run(agent, text, session=session)


def main() -> None:
    set_tracing_disabled(True)
    set_default_openai_api("responses")
    timed = TimedAPI(OfflineAPI())
    set_default_openai_client(offline_client(timed), use_for_tracing=False)
    agent = support_agent()
    asyncio.run(replay(agent, LONG.user_turns[:3]))  # warm up: imports, tokenizer, schemas
    gc.collect()  # the warm-up's garbage is collected now, not in whichever call of the replay happens to trigger it
    timed.seconds, timed.calls = 0.0, 0

    start = time.perf_counter()
    asyncio.run(replay(agent, LONG.user_turns))
    wall = time.perf_counter() - start
    share = timed.seconds / wall
    print(f"replay of {len(LONG.user_turns)} turns: {timed.calls} model calls, wall {wall:.3f} s")
    print(f"inside the offline model: {timed.seconds:.3f} s ({timed.seconds / timed.calls * 1000:.2f} ms per call)")
    print(f"share of wall time in the fake: {share:.1%} (target < 25%)")


if __name__ == "__main__":
    main()
