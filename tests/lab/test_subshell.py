"""A front end's widget messages on another thread's event loop: the work still runs on the kernel's loop.

JupyterLab may send widget messages to a kernel *subshell*: ipykernel handles
them on a thread of their own, with an event loop of its own, while the cell
that built the widget ran on the main thread's loop. Live, the agent's
``AsyncOpenAI`` client keeps its connections open, and an open connection
works only on the loop that opened it. These tests build the widgets on the
test's loop (the kernel's), talk to a stand-in over a real socket through the
real client, and make each front-end message on a second thread that runs its
own loop (the subshell's).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest

from memlab.api import mode
from memlab.lab.widgets import ChatPanel, TrimmingExplorer
from memlab.scenario import LAPTOP

from ..helpers import live_on_a_stand_in

#: Seconds a test waits at most for a replay: only so a broken fix fails the test instead of hanging it.
HANG_GUARD = 120


@pytest.fixture
async def live(api, monkeypatch) -> AsyncIterator[None]:
    """Live mode against a stand-in on loopback (the ``api`` fixture puts offline mode back afterwards).

    The live client's open connections are closed at the end, on the test's loop that opened them.
    """
    with live_on_a_stand_in(monkeypatch):
        try:
            yield
        finally:
            await mode.client().close()


@pytest.fixture
def subshell() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop running in a thread of its own, as a kernel subshell's does; stopped afterwards."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="subshell", daemon=True)
    thread.start()
    try:
        yield loop
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()


async def on_subshell(loop: asyncio.AbstractEventLoop, message: Callable[[], Any]) -> None:
    """Handle a front-end ``message`` (a trait set, a click) on the subshell's thread, inside its running loop."""

    async def handle() -> None:
        message()

    await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(handle(), loop))


async def settled(task_of: Callable[[], asyncio.Future[Any] | None]) -> None:
    """Wait until the task ``task_of()`` names is done, whichever loop it runs on."""

    async def poll() -> None:
        while (task := task_of()) is not None and not task.done():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), HANG_GUARD)


async def test_a_slider_move_handled_on_a_subshell_replays_live_on_the_kernel_s_loop(live, subshell) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)  # built in a cell: on the kernel's loop
    await explorer.ready()  # live requests: the client now holds connections opened on this loop
    assert explorer.replay is not None
    await on_subshell(subshell, lambda: setattr(explorer, "max_turns", 2))
    await settled(lambda: explorer.pending)
    assert "Could not replay" not in explorer.status.value, explorer.status.value
    assert explorer.pending.get_loop() is asyncio.get_running_loop()
    assert explorer.replay.params["max_turns"] == 2


async def test_the_replay_ahead_button_pressed_on_a_subshell_works_on_the_kernel_s_loop(live, subshell) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3, max_tokens=None)
    await explorer.ready()
    await on_subshell(subshell, lambda: setattr(explorer, "_view_count", 1))  # on screen: live, nothing yet
    assert explorer.ahead.task is None
    await on_subshell(subshell, explorer.ahead.button.click)  # asked
    task = explorer.ahead.task
    await settled(lambda: task)
    assert explorer.ahead.state == "done", explorer.ahead.error
    assert explorer.ahead.counts()[0] == explorer.ahead.counts()[1]
    assert task.get_loop() is asyncio.get_running_loop()


async def test_a_chat_message_sent_on_a_subshell_runs_live_on_the_kernel_s_loop(live, subshell) -> None:
    chat = ChatPanel()
    assert await chat.send("Hi, my order number is ORD-12345.") is not None  # from a cell: on the kernel's loop
    await on_subshell(subshell, lambda: setattr(chat.input, "value", "What is my order number?"))  # Enter
    await settled(lambda: chat.pending)
    assert chat.lines[-1][0] == "agent" and "ORD-12345" in chat.lines[-1][1], chat.status.value
    assert chat.pending.get_loop() is asyncio.get_running_loop()
