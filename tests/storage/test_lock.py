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
