"""Run a coroutine to completion from synchronous code — even inside Jupyter.

Widget callbacks are synchronous, but memlab's sessions are async. In a plain
script ``asyncio.run`` works; in a Jupyter kernel an event loop is already
running in this thread, so the coroutine runs on a fresh loop in a worker
thread instead.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["run_sync"]


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` and return its result, whether or not a loop is running here."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
