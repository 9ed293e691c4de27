"""Bridges between synchronous and asynchronous code.

* :func:`run_sync` runs a coroutine to completion from synchronous code — even
  inside Jupyter. Widget callbacks are synchronous, but memlab's sessions are
  async. In a plain script ``asyncio.run`` works; in a Jupyter kernel an event
  loop is already running in this thread, so the coroutine runs on a fresh
  loop in a worker thread instead.
* :func:`call_on_loop` calls a function on a given event loop, from any thread.
  A widget's work belongs on the loop it was built on: JupyterLab may send
  widget messages to a kernel *subshell*, another thread with a loop of its
  own, and an ``AsyncOpenAI`` client's open connections work only on the loop
  that opened them.
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

__all__ = ["run_sync", "running_loop", "call_on_loop", "call_either"]


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` and return its result, whether or not a loop is running here."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, or ``None`` (a plain script, a worker thread)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def call_on_loop(loop: asyncio.AbstractEventLoop | None, callback: Callable[..., Any], *args: Any) -> None:
    """Call ``callback(*args)`` on ``loop``: at once if it runs in this thread, else soon, in the loop's own thread.

    Args:
        loop: The loop the callback belongs on (an explorer's: the one it was
            built on). ``None``, or a loop that no longer runs, means "here":
            the callback is called at once.
        callback: A plain (synchronous) function; it may start tasks on the
            loop it runs on.
        *args: Passed to ``callback``.
    """
    if loop is None or loop.is_closed() or not loop.is_running() or running_loop() is loop:
        callback(*args)
    else:
        loop.call_soon_threadsafe(callback, *args)


async def call_either(function: Callable[..., Any], **kwargs: Any) -> Any:
    """Await ``function(**kwargs)`` if it is async; otherwise run it in a worker thread."""
    if inspect.iscoroutinefunction(function):
        return await function(**kwargs)
    return await asyncio.to_thread(function, **kwargs)
