"""The session lock: one holder at a time across threads and event loops; a cancelled waiter leaves it usable."""

from __future__ import annotations

import asyncio
import threading

from memlab.storage.log import SessionLock


def test_threads_with_their_own_loops_take_turns() -> None:
    lock, inside, overlaps, done = SessionLock(), [0], [], []

    async def work() -> None:
        for _ in range(20):
            async with lock:
                inside[0] += 1
                overlaps.append(inside[0])
                await asyncio.sleep(0.0005)
                inside[0] -= 1

    threads = [threading.Thread(target=lambda: (asyncio.run(work()), done.append(1))) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(done) == 6, "a thread hung or raised"
    assert max(overlaps) == 1 and len(overlaps) == 120


async def test_waiters_on_one_loop_queue_in_order() -> None:
    lock, order = SessionLock(), []

    async def take(n: int) -> None:
        async with lock:
            order.append(n)
            await asyncio.sleep(0.001)

    await asyncio.gather(*(take(n) for n in range(5)))
    assert order == [0, 1, 2, 3, 4]


async def test_a_cancelled_waiter_does_not_keep_the_lock() -> None:
    lock = SessionLock()
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        async def hold() -> None:
            async with lock:
                held.set()
                while not release.is_set():
                    await asyncio.sleep(0.001)

        asyncio.run(hold())

    thread = threading.Thread(target=holder)
    thread.start()
    assert held.wait(60), "the holder thread never took the lock"
    waiter = asyncio.create_task(lock.__aenter__())
    await asyncio.sleep(0.01)  # the waiter is polling for the thread's lock
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    release.set()
    thread.join(60)
    assert not thread.is_alive(), "the holder thread never let go"
    # Free again, for this loop too: taken on the first step, without waiting for anyone
    # (counted in steps of the event loop, not in seconds).
    entering = asyncio.create_task(lock.__aenter__())
    for _ in range(3):
        await asyncio.sleep(0)
    assert entering.done(), "the cancelled waiter still holds this loop's lock"
    await entering
    await lock.__aexit__(None, None, None)


def _two_loops_take(lock) -> tuple[list[str], int]:
    """Two threads with their own loops enter ``lock`` in turn, the second while the first is inside.

    Returns the errors raised and how many threads were still waiting when both should have been done
    (a stuck one is woken afterwards, through its loop's one thread-safe door).
    """
    errors, loops, holding = [], [], threading.Event()

    async def enter(second: bool) -> None:
        loops.append(asyncio.get_running_loop())
        if second:
            await asyncio.to_thread(holding.wait, 30)
        for _ in range(3):
            async with lock:
                holding.set()
                await asyncio.sleep(0.01)

    def worker(second: bool) -> None:
        try:
            asyncio.run(enter(second))
        except RuntimeError as error:
            errors.append(str(error))

    threads = [threading.Thread(target=worker, args=(second,)) for second in (False, True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=5)
    stuck = sum(thread.is_alive() for thread in threads)
    for loop in loops:
        if loop.is_running():
            loop.call_soon_threadsafe(lambda: None)
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return errors, stuck


def test_an_asyncio_lock_shared_by_two_loops_crashes_one_thread_and_strands_the_other() -> None:
    """What notebook 05 shows: the cookbook's lock protects one event loop, not threads with their own."""
    errors, stuck = _two_loops_take(asyncio.Lock())
    assert len(errors) == 1 and "bound to a different event loop" in errors[0]
    assert stuck == 1


def test_the_session_lock_serves_the_same_two_loops() -> None:
    assert _two_loops_take(SessionLock()) == ([], 0)
