"""Bridges between synchronous and asynchronous code.

* :func:`run_sync` runs a coroutine to completion from synchronous code — even
  inside Jupyter. Widget callbacks are synchronous, but memlab's sessions are
  async. In a plain script ``asyncio.run`` works; in a Jupyter kernel an event
  loop is already running in this thread, so the coroutine runs on a fresh
  loop in a worker thread instead.
* :func:`call_either` calls a function that may be async (``AsyncOpenAI``'s
  ``responses.create``) or sync (``OpenAI``'s) without blocking the loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["run_sync", "call_either"]


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` and return its result, whether or not a loop is running here."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def call_either(function: Callable[..., Any], **kwargs: Any) -> Any:
    """Await ``function(**kwargs)`` if it is async; otherwise run it in a worker thread."""
    if inspect.iscoroutinefunction(function):
        return await function(**kwargs)
    return await asyncio.to_thread(function, **kwargs)
