"""Bridges between synchronous and asynchronous code.

* :func:`run_sync` runs a coroutine to completion from synchronous code — even
  inside Jupyter. Widget callbacks are synchronous, but memlab's sessions are
  async. Every call runs on one event loop that stays open (not a new
  ``asyncio.run`` each time), because the live ``AsyncOpenAI`` client keeps its
  connections open, and a connection works only on the loop that opened it: in
  a plain script, an explorer's second move would otherwise fail with "Event
  loop is closed". That loop runs in the calling thread when no loop runs there
  (a script), else in one worker thread (a Jupyter kernel's loop is busy).
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
import atexit
import concurrent.futures
import inspect
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["run_sync", "running_loop", "call_on_loop", "call_either"]


#: Each thread's loop for :func:`run_sync`, kept open between calls and closed when Python exits.
_RUNNERS = threading.local()
#: The one thread that runs :func:`run_sync`'s coroutines when the caller's thread already runs a loop.
_WORKER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="memlab-run-sync")


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` and return its result, whether or not a loop is running here (see the module's docstring)."""
    runner = getattr(_RUNNERS, "runner", None)
    loop = running_loop()
    if loop is not None and runner is not None and runner.get_loop() is loop:
        # called from inside a coroutine run_sync is running: its loop is busy, and waiting on the one worker
        # from the worker would never end, so this one call gets a loop and a thread of its own
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, coro).result()
    if loop is not None:
        return _WORKER.submit(run_sync, coro).result()
    if runner is None:
        runner = _RUNNERS.runner = asyncio.Runner()
        atexit.register(runner.close)
    try:
        return runner.run(coro)
    finally:  # as asyncio.run does, cancel the tasks the call left behind; unlike it, keep the loop open
        left = asyncio.all_tasks(runner.get_loop())
        for task in left:
            task.cancel()
        if left:
            runner.get_loop().run_until_complete(asyncio.gather(*left, return_exceptions=True))


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
