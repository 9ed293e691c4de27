"""Explorers in a plain script, live: every move works, not only the first.

A script has no running event loop, so each move is run to its end from
synchronous code (:func:`memlab.async_bridge.run_sync`). Live, the agent's
``AsyncOpenAI`` client keeps its connections open, and an open connection works
only on the loop that opened it: were each move a fresh ``asyncio.run``, the
second move would find its connection on a closed loop ("Event loop is
closed"). These tests talk to a stand-in over a real socket through the real
client, with no loop running in the test, as a script does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from memlab.api import mode
from memlab.async_bridge import run_sync
from memlab.lab.widgets import TrimmingExplorer
from memlab.scenario import LAPTOP

from ..helpers import live_on_a_stand_in


@pytest.fixture
def live(api, monkeypatch) -> Iterator[object]:
    """Live mode against a stand-in on loopback (the ``api`` fixture puts offline mode back afterwards)."""
    with live_on_a_stand_in(monkeypatch) as server:
        try:
            yield server
        finally:
            run_sync(mode.client().close())


def test_every_move_of_an_explorer_in_a_script_replays_live(live) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=2)
    for value in (3, 4, 1):
        explorer.sliders["max_turns"].value = value
        assert "Could not replay" not in explorer.status.value, (value, explorer.status.value)
        assert explorer.replay is not None and explorer.replay.params["max_turns"] == value
    assert live.statuses == {200: live.requests_served}


def test_run_sync_keeps_one_loop_and_cancels_what_a_call_leaves_behind() -> None:
    left: list[asyncio.Task[None]] = []

    async def leave_a_task() -> asyncio.AbstractEventLoop:
        left.append(asyncio.create_task(asyncio.sleep(3600)))
        return asyncio.get_running_loop()

    first, second = run_sync(leave_a_task()), run_sync(leave_a_task())
    assert first is second and not first.is_closed()
    assert all(task.cancelled() for task in left)


def test_run_sync_called_inside_what_run_sync_runs_returns_in_a_script_and_under_a_running_loop() -> None:
    """Nested calls (a widget built while a replay runs) must not wait on themselves."""
    import threading

    async def inner() -> str:
        return "done"

    async def outer() -> str:
        return run_sync(inner())

    async def under_a_loop() -> str:  # as in a Jupyter cell: the caller's thread runs a loop
        return run_sync(outer())

    answers: list[str] = []
    thread = threading.Thread(target=lambda: answers.extend([run_sync(outer()), asyncio.run(under_a_loop())]),
                              daemon=True)
    thread.start()
    thread.join(60)  # only so a deadlock fails the test instead of hanging it
    assert answers == ["done", "done"]
