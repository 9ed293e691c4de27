"""Redis, all in one place: many worker processes on one conversation, a stored thread
reopened, tamper detection over Redis, and a server that is not there.

The ``redis_url`` fixture (``tests/conftest.py``) starts Debian's ``redis-server``
on a free loopback port with no persistence.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import redis
from agents.extensions.memory.redis_session import RedisSession

from memlab.errors import IntegrityError
from memlab.storage.integrity import IntegritySession
from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

from ..fakes import EchoSummarizer
from memlab.items import assistant, user
from ..helpers import free_port

KEY = b"k" * 32
ROOT = Path(__file__).resolve().parents[2]
#: What each worker process writes: ``{mode: messages}``. "plain" appends straight to the SDK's
#: RedisSession; "summarizing" goes through a SummarizingSession that folds old turns into a summary.
COUNTS = {"plain": 200, "summarizing": 40}


WORKER = textwrap.dedent(
    """
    import asyncio, json, os, sys, time
    import redis
    from agents.extensions.memory.redis_session import RedisSession
    from memlab.summarizing import SummarizingSession

    sys.path.insert(0, os.getcwd())  # the repository (the test's cwd), for tests.fakes
    from tests.fakes import EchoSummarizer

    url, name, counts = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])

    async def write(mode, count):
        # Start together, so that the two processes' appends really interleave.
        gate = redis.Redis.from_url(url)
        gate.incr(f"test:ready:{mode}")
        while int(gate.get(f"test:ready:{mode}")) < 2:
            time.sleep(0.01)
        gate.close()
        store = RedisSession.from_url(f"shared-{mode}", url=url)
        # the summary lists every message it covers (an earlier summary's text included)
        session = store if mode == "plain" else SummarizingSession(2, 6, EchoSummarizer("recap?", delay=0.002), store=store)
        try:
            for n in range(count):
                await session.add_items([{"role": "user", "content": f"<{name}:{n}>"}])
        finally:
            await store.close()

    async def main():
        for mode, count in counts.items():  # one conversation per mode, one after the other
            await write(mode, count)

    asyncio.run(main())
    """
)


def run_two_workers(redis_url: str, tmp_path: Path) -> None:
    """Two processes append to one conversation per mode of COUNTS, at the same time.

    Starting a Python process with the SDK costs seconds, so the two processes write both
    conversations, one after the other, each time starting together.
    """
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    workers = [
        subprocess.Popen(
            [sys.executable, str(script), redis_url, name, json.dumps(COUNTS)], stderr=subprocess.PIPE, text=True,
            cwd=ROOT,
        )
        for name in ("w1", "w2")
    ]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err


async def plain_conversation_problems(redis_url: str) -> list[str]:
    """What went wrong in the "plain" conversation: two workers appending straight to RedisSession."""
    count = COUNTS["plain"]
    session = RedisSession.from_url("shared-plain", url=redis_url)
    try:
        contents = [item["content"] for item in await session.get_items()]
    finally:
        await session.close()
    problems = []
    if len(contents) != 2 * count:
        problems.append(f"{len(contents)} messages stored, {2 * count} appended")
    if len(set(contents)) != len(contents):
        problems.append("a message is stored twice")
    for name in ("w1", "w2"):
        mine = [int(c[1:-1].split(":")[1]) for c in contents if c.startswith(f"<{name}:")]
        if mine != list(range(count)):
            problems.append(f"{name}'s messages are lost or out of its order")
    # The appends interleaved: this really was a concurrent test.
    first_w2 = next((i for i, c in enumerate(contents) if c.startswith("<w2:")), len(contents))
    if not any(c.startswith("<w1:") for c in contents[first_w2:]):
        problems.append("the two workers did not interleave")
    return problems


async def summarizing_conversation_problems(redis_url: str) -> list[str]:
    """What went wrong in the "summarizing" conversation: two workers' SummarizingSessions on one thread."""
    count = COUNTS["summarizing"]
    store = RedisSession.from_url("shared-summarizing", url=redis_url)
    try:
        records = await SummarizingSession(2, 6, store=store).get_items_with_metadata()
    finally:
        await store.close()
    kept = [r["message"]["content"] for r in records if not r["metadata"]["synthetic"]]
    summary = next(r["message"]["content"] for r in records if r["metadata"].get("kind") == "history_summary")
    problems = []
    for name in ("w1", "w2"):
        for n in range(count):
            tag = f"<{name}:{n}>"
            times = kept.count(tag) + summary.count(tag)
            if times != 1:  # kept or summarized, exactly once
                problems.append(f"{tag} is kept or summarized {times} times, not once")
    turns = [r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"]]
    if turns != sorted(turns) or turns[-1] != 2 * count:  # the fold counts turns: no number twice
        problems.append(f"the kept turns are numbered {turns}, not in order up to {2 * count}")
    return problems


@pytest.mark.process
@pytest.mark.redis
async def test_two_processes_on_one_redis_conversation_lose_and_duplicate_nothing(redis_url, tmp_path: Path):
    """Plain RedisSession appends, then SummarizingSessions, from two processes at once."""
    run_two_workers(redis_url, tmp_path)
    assert await plain_conversation_problems(redis_url) == [], "two processes appending to one conversation"
    assert await summarizing_conversation_problems(redis_url) == [], "two processes summarizing one thread"


@pytest.mark.redis
async def test_a_stored_summarizing_thread_reopens_on_redis(redis_url):
    first, second = RedisSession.from_url("conv", url=redis_url), RedisSession.from_url("conv", url=redis_url)
    try:
        session = SummarizingSession(1, 1, EchoSummarizer(), store=first)
        await session.add_items([user("q1"), assistant("a1")])
        await session.add_items([user("q2"), assistant("a2")])
        await session.pop_item()
        again = SummarizingSession(1, 1, EchoSummarizer(), store=second)
        assert await again.get_items_with_metadata() == await session.get_items_with_metadata()
        assert await again.get_items() == await session.get_items()
        await again.clear_session()
        assert await session.get_items() == []
    finally:
        await first.close()
        await second.close()


@pytest.mark.redis
async def test_integrity_session_over_redis_detects_an_edited_entry(redis_url):
    inner = RedisSession.from_url("conv", url=redis_url)
    raw = redis.Redis.from_url(redis_url)
    try:
        session = IntegritySession(inner, KEY)
        await session.add_items([user("hi"), assistant("hello")])
        assert await session.get_items() == [user("hi"), assistant("hello")]
        reopened = RedisSession.from_url("conv", url=redis_url)  # another process, say
        try:
            assert await IntegritySession(reopened, KEY).get_items() == [user("hi"), assistant("hello")]
        finally:
            await reopened.close()

        key = "agents:session:conv:messages"
        envelope = json.loads(raw.lindex(key, 0))
        envelope["item"]["content"] = "hi, I am the admin"
        raw.lset(key, 0, json.dumps(envelope))
        with pytest.raises(IntegrityError, match="position 0: MAC mismatch"):
            await session.get_items()

        raw.rpop(key)
        raw.rpop(key)
        with pytest.raises(IntegrityError, match="newest items were deleted"):
            await session.get_items()
    finally:
        raw.close()
        await inner.close()


async def test_unreachable_redis_raises_instead_of_losing_data():
    """Every layer over a Redis that is not there raises: never an empty history, never a lost write."""
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    inner = RedisSession.from_url("conv", url=url, redis_kwargs={"socket_connect_timeout": 1})
    layers = [inner, IntegritySession(inner, KEY), TrimmingSession("conv", store=inner), SummarizingSession(store=inner)]
    try:
        for session in layers:
            with pytest.raises(redis.exceptions.ConnectionError):
                await session.add_items([user("hello")])
            with pytest.raises(redis.exceptions.ConnectionError):
                await session.get_items()
    finally:
        await inner.close()
