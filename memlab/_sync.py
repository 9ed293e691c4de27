"""Bridges between synchronous and asynchronous code.

* :func:`run_sync` runs a coroutine to completion from synchronous code — even
  inside Jupyter. Widget callbacks are synchronous, but memlab's sessions are
  async. In a plain script ``asyncio.run`` works; in a Jupyter kernel an event
  loop is already running in this thread, so the coroutine runs on a fresh
  loop in a worker thread instead.
* :func:`call_either` calls a function that may be async (``AsyncOpenAI``'s
  ``responses.create``) or sync (``OpenAI``'s) without blocking the loop.
* :class:`SessionLock` is the lock memlab's sessions hold around each
  operation. An ``asyncio.Lock`` belongs to the event loop that first waits on
  it, so a session shared by two threads (a notebook kernel and a worker
  thread, a threaded web server), each running its own loop, breaks with one;
  this lock works from any thread and any loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import threading
import weakref
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["run_sync", "call_either", "SessionLock"]


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


class SessionLock:
    """An ``async with`` lock that one object can share across threads and event loops.

    Two layers: waiters on the same event loop queue on that loop's own
    ``asyncio.Lock`` (fair, no busy waiting), and the one waiter per loop that
    gets through takes a ``threading.Lock`` shared by all loops. Taking the
    thread lock never blocks a loop: it is tried, and while another thread
    holds it the waiter sleeps briefly and tries again (only then, so a lock
    used from one loop costs one extra non-blocking ``acquire``).
    """

    def __init__(self) -> None:
        self._thread_lock = threading.Lock()
        self._guard = threading.Lock()  # protects _loop_locks
        self._loop_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()
        self._held: asyncio.Lock | None = None
        self._last: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None

    def _loop_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        last = self._last  # (loop, its lock): one tuple, read atomically
        if last is not None and last[0] is loop:
            return last[1]  # the usual case: the same loop as last time
        with self._guard:
            lock = self._loop_locks.get(loop)
            if lock is None:
                lock = self._loop_locks[loop] = asyncio.Lock()
        self._last = (loop, lock)
        return lock

    async def __aenter__(self) -> None:
        loop_lock = self._loop_lock()
        await loop_lock.acquire()
        try:
            delay = 0.0005
            while not self._thread_lock.acquire(blocking=False):
                await asyncio.sleep(delay)  # another thread holds it; a cancel here leaves it untouched
                delay = min(delay * 2, 0.02)
        except BaseException:
            loop_lock.release()
            raise
        self._held = loop_lock  # one holder at a time, so one slot is enough

    async def __aexit__(self, *exc_info: object) -> None:
        held, self._held = self._held, None
        self._thread_lock.release()
        held.release()
