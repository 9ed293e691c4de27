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
ITEMS_PER_WORKER = 200


WORKER = textwrap.dedent(
    """
    import asyncio, os, sys, time
    import redis
    from agents.extensions.memory.redis_session import RedisSession
    from memlab.summarizing import SummarizingSession

    sys.path.insert(0, os.getcwd())  # the repository (the test's cwd), for tests.fakes
    from tests.fakes import EchoSummarizer

    url, name, count, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

    async def main():
        # Start together, so that the two processes' appends really interleave.
        gate = redis.Redis.from_url(url)
        gate.incr("test:ready")
        while int(gate.get("test:ready")) < 2:
            time.sleep(0.01)
        gate.close()
        store = RedisSession.from_url("shared", url=url)
        # the summary lists every message it covers (an earlier summary's text included)
        session = store if mode == "plain" else SummarizingSession(2, 6, EchoSummarizer("recap?", delay=0.002), store=store)
        try:
            for n in range(count):
                await session.add_items([{"role": "user", "content": f"<{name}:{n}>"}])
        finally:
            await store.close()

    asyncio.run(main())
    """
)


def run_two_workers(redis_url: str, tmp_path: Path, count: int, mode: str) -> None:
    """Two processes append ``count`` messages each to one conversation, at the same time."""
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    workers = [
        subprocess.Popen(
            [sys.executable, str(script), redis_url, name, str(count), mode], stderr=subprocess.PIPE, text=True, cwd=ROOT
        )
        for name in ("w1", "w2")
    ]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err


@pytest.mark.process
@pytest.mark.redis
async def test_two_processes_append_to_one_conversation_without_loss(redis_url, tmp_path: Path):
    run_two_workers(redis_url, tmp_path, ITEMS_PER_WORKER, "plain")
    session = RedisSession.from_url("shared", url=redis_url)
    try:
        contents = [item["content"] for item in await session.get_items()]
    finally:
        await session.close()

    assert len(contents) == 2 * ITEMS_PER_WORKER
    assert len(set(contents)) == len(contents)  # nothing duplicated
    for name in ("w1", "w2"):
        mine = [int(c[1:-1].split(":")[1]) for c in contents if c.startswith(f"<{name}:")]
        assert mine == list(range(ITEMS_PER_WORKER))  # nothing lost, in its own order
    # The appends interleaved: this really was a concurrent test.
    first_w2 = next(i for i, c in enumerate(contents) if c.startswith("<w2:"))
    assert any(c.startswith("<w1:") for c in contents[first_w2:])


@pytest.mark.process
@pytest.mark.redis
async def test_two_processes_summarizing_one_redis_thread_lose_and_duplicate_nothing(redis_url, tmp_path: Path):
    count = 40
    run_two_workers(redis_url, tmp_path, count, "summarizing")
    store = RedisSession.from_url("shared", url=redis_url)
    try:
        records = await SummarizingSession(2, 6, store=store).get_items_with_metadata()
    finally:
        await store.close()
    kept = [r["message"]["content"] for r in records if not r["metadata"]["synthetic"]]
    summary = next(r["message"]["content"] for r in records if r["metadata"].get("kind") == "history_summary")
    for name in ("w1", "w2"):
        for n in range(count):
            tag = f"<{name}:{n}>"
            assert kept.count(tag) + summary.count(tag) == 1, tag  # kept or summarized, exactly once
    turns = [r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"]]
    assert turns == sorted(turns) and turns[-1] == 2 * count  # the fold counts turns: no number twice


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
