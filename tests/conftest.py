"""Fixtures the tests share: memlab in offline mode, a client on the offline model, a throwaway Redis server.

(The repository's root ``conftest.py`` blocks the network and removes the API key for every test.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import openai
import pytest
import redis
from hypothesis import HealthCheck, settings

from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client

from .helpers import free_port, offline_mode

# No test may fail on time: the suite runs on busy machines. Hypothesis has two wall-clock limits
# of its own, a deadline per example and a health check for slow data generation; both are off.
# In CI (where CI is set) the examples are the same on every run, so a red CI is never a new random
# draw; a contributor's runs keep exploring, and what they find becomes an @example.
settings.register_profile("memlab", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=bool(os.environ.get("CI")))
settings.load_profile("memlab")


@pytest.fixture
def api() -> Iterator[OfflineAPI]:
    """memlab in offline mode on a fresh ``OfflineAPI`` for this test (yielded); put back afterwards.

    The SDK's default client, memlab's current API and the wire are restored
    when the test ends (see :func:`tests.helpers.offline_mode`). Every test
    that runs an agent or calls ``mode.configure`` asks for this fixture.
    """
    with offline_mode() as fake:
        yield fake


@pytest.fixture
def client(api: OfflineAPI) -> openai.AsyncOpenAI:
    """An ``openai`` client on the ``api`` fixture's offline model, for tests that call the API directly."""
    return offline_client(api)


@pytest.fixture
def redis_url():
    """A throwaway redis-server on 127.0.0.1 (no persistence); yields its URL, stops it afterwards.

    Locally a missing binary skips the test; in CI (``CI`` set) it fails it, so
    CI cannot pass by not running the Redis tests.
    """
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
