"""Redis: many worker processes, one conversation; and a server that is not there.

The fixture starts Debian's ``redis-server`` on a free loopback port with no
persistence. Locally, a missing binary skips these tests; in CI (``CI`` set) it
fails them, so CI cannot pass by not running them.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import redis
from agents.extensions.memory.redis_session import RedisSession

from memlab.integrity import IntegrityError, IntegritySession

from .helpers import assistant, user

KEY = b"k" * 32
ITEMS_PER_WORKER = 200


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def redis_url():
    """A throwaway redis-server on 127.0.0.1; yields its URL, stops it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed; CI must install the redis-server package")
        pytest.skip("redis-server not installed (apt-get install redis-server)")
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(host="127.0.0.1", port=port)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                if client.ping():
                    break
            except redis.exceptions.ConnectionError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"redis-server did not start on port {port}")
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        client.close()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


WORKER = textwrap.dedent(
    """
    import asyncio, sys, time
    import redis
    from agents.extensions.memory.redis_session import RedisSession

    url, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])

    async def main():
        # Start together, so that the two processes' appends really interleave.
        gate = redis.Redis.from_url(url)
        gate.incr("test:ready")
        while int(gate.get("test:ready")) < 2:
            time.sleep(0.01)
        gate.close()
        session = RedisSession.from_url("shared", url=url)
        try:
            for n in range(count):
                await session.add_items([{"role": "user", "content": f"{name}:{n}"}])
        finally:
            await session.close()

    asyncio.run(main())
    """
)


@pytest.mark.redis
async def test_two_processes_append_to_one_conversation_without_loss(redis_url, tmp_path: Path):
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    workers = [
        subprocess.Popen(
            [sys.executable, str(script), redis_url, name, str(ITEMS_PER_WORKER)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("w1", "w2")
    ]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err

    session = RedisSession.from_url("shared", url=redis_url)
    try:
        contents = [item["content"] for item in await session.get_items()]
    finally:
        await session.close()

    assert len(contents) == 2 * ITEMS_PER_WORKER
    assert len(set(contents)) == len(contents)  # nothing duplicated
    for name in ("w1", "w2"):
        mine = [int(c.split(":")[1]) for c in contents if c.startswith(f"{name}:")]
        assert mine == list(range(ITEMS_PER_WORKER))  # nothing lost, in its own order
    # The appends interleaved: this really was a concurrent test.
    first_w2 = next(i for i, c in enumerate(contents) if c.startswith("w2:"))
    assert any(c.startswith("w1:") for c in contents[first_w2:])


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
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    inner = RedisSession.from_url("conv", url=url, redis_kwargs={"socket_connect_timeout": 1})
    session = IntegritySession(inner, KEY)
    try:
        with pytest.raises(redis.exceptions.ConnectionError):
            await inner.add_items([user("hello")])
        with pytest.raises(redis.exceptions.ConnectionError):
            await inner.get_items()  # an error, never an empty history
        with pytest.raises(redis.exceptions.ConnectionError):
            await session.add_items([user("hello")])
        with pytest.raises(redis.exceptions.ConnectionError):
            await session.get_items()
    finally:
        await inner.close()
