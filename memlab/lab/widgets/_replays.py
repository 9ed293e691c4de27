"""The replays every explorer shares: one cache, bounded in memory, and who goes first.

An explorer shows a setting by *replaying* the conversation under it
(:func:`memlab.evals.run`). Replays are kept in one cache for the whole
process (:data:`REPLAYS`), so a setting kept there is never replayed again.
Two kinds of work fill the cache:

* **the learner's own**: the setting they just moved to (:func:`replayed`).
  While one of these runs, :data:`FOREGROUND` says so;
* **work ahead** (:mod:`memlab.lab.widgets._ahead`): settings they may move
  to next, replayed in small steps that wait while the learner's own run.

The cache holds at most :attr:`ReplayCache.budget` items (every model call's
input and the conversation's own items, about 700 bytes each). To make room
it drops the replay used longest ago — but work ahead never drops a replay
an open explorer wants; when nothing else is left to drop, it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import ipywidgets as widgets

from ...api import mode
from ...evals import strategies
from ...evals.replay import Replay, run
from ...scenario import Conversation

__all__ = ["FOREGROUND", "REPLAYS", "Foreground", "ReplayCache", "cached", "clear_replays", "replayed", "setting_key", "weight"]


def weight(replay: Replay) -> int:
    """The items ``replay`` holds: the input of every model call, plus each turn's new items."""
    return sum(len(call) for turn in replay.calls for call in turn) + sum(len(items) for items in replay.history)


class ReplayCache:
    """Replays by setting; the one used longest ago is dropped first once they hold over ``budget`` items.

    Args:
        budget: The most items the kept replays may hold together (:func:`weight`).
            300,000 items is about 200 MB: a 200-turn conversation under full
            history holds 55,000, under trimming about 2,500; ``LONG`` (37
            turns) about 2,000 and 500.

    Attributes:
        held: The items the kept replays hold now.
        keepers: Whoever wants some replays kept (an explorer's work ahead): each
            has a ``wanted()`` method returning the keys it wants. Held weakly.
    """

    def __init__(self, budget: int = 300_000) -> None:
        self.budget = budget
        self.held = 0
        self.keepers: weakref.WeakSet[Any] = weakref.WeakSet()
        self._replays: OrderedDict[Hashable, tuple[Replay, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._replays)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._replays

    def get(self, key: Hashable) -> Replay | None:
        """The replay kept under ``key`` (now the most recently used), or ``None``."""
        if key not in self._replays:
            return None
        self._replays.move_to_end(key)
        return self._replays[key][0]

    def wanted(self) -> set[Hashable]:
        """The keys some open explorer wants kept."""
        return set().union(*(keeper.wanted() for keeper in list(self.keepers)))

    def room(self) -> int:
        """Items free once every replay no explorer wants is dropped (what work ahead may still fill)."""
        wanted = self.wanted()
        return self.budget - sum(size for key, (_, size) in self._replays.items() if key in wanted)

    def put(self, key: Hashable, replay: Replay, *, may_drop_wanted: bool) -> bool:
        """Keep ``replay`` under ``key``, dropping replays used longest ago to make room.

        Args:
            key: The setting (:func:`setting_key`).
            replay: Its replay.
            may_drop_wanted: Whether replays some explorer wants may be dropped
                too: yes for the learner's own move, no for work ahead.

        Returns:
            Whether it was kept. ``False`` when there is no room for it: it is
            larger than the whole budget, or (work ahead) only replays some
            explorer wants are left to drop.
        """
        size = weight(replay)
        if key in self._replays:
            self.held -= self._replays.pop(key)[1]
        wanted = set() if may_drop_wanted else self.wanted()
        droppable = [k for k in self._replays if k not in wanted]  # oldest first
        if size > self.budget or self.held - sum(self._replays[k][1] for k in droppable) + size > self.budget:
            return False
        for old in droppable:
            if self.held + size <= self.budget:
                break
            self.held -= self._replays.pop(old)[1]
        self._replays[key] = (replay, size)
        self.held += size
        return True

    def clear(self) -> None:
        """Drop every replay."""
        self._replays.clear()
        self.held = 0


#: The replays of every explorer in this process.
REPLAYS = ReplayCache()


class Foreground:
    """Counts the learner's own replays (and chat messages) running now; work ahead waits for none.

    The learner's work marks itself with :meth:`held`; work ahead awaits
    :meth:`idle` between its steps. Works across event loops (a test's
    ``asyncio.run``, a kernel's loop).
    """

    def __init__(self) -> None:
        self.running = 0
        self._waiters: list[asyncio.Future[None]] = []

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Mark a piece of the learner's own work for as long as the block runs."""
        self.running += 1
        try:
            yield
        finally:
            self.running -= 1
            if self.running == 0:
                self._wake()

    async def idle(self) -> None:
        """Return once none of the learner's own work is running."""
        while self.running:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            await waiter

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            loop = waiter.get_loop()
            if not waiter.done() and not loop.is_closed():
                loop.call_soon_threadsafe(_settle, waiter)


def _settle(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


#: The learner's own work running now, in this process.
FOREGROUND = Foreground()


def setting_key(conversation: Conversation, strategy: str, params: dict[str, Any], agent: Any) -> Hashable:
    """What tells two replays apart: conversation, strategy, parameters, agent and mode."""
    mode_name = "live" if mode.is_live() else "offline"
    shown = tuple(sorted((k, v if isinstance(v, Hashable) else id(v)) for k, v in params.items()))
    return (conversation, strategy, shown, id(agent) if agent is not None else None, mode_name)


async def replayed(
    conversation: Conversation, strategy: str, params: dict[str, Any], agent: Any = None,
    progress: widgets.IntProgress | None = None, say: Callable[[str], None] | None = None,
) -> Replay:
    """The replay of one setting the learner asked for: from the cache, or played now (advancing ``progress``).

    While it plays, :data:`FOREGROUND` is held, so work ahead waits.
    """
    key = setting_key(conversation, strategy, params, agent)
    replay = REPLAYS.get(key)
    if replay is not None:
        return replay
    total = len(conversation.user_turns)
    if progress is not None:
        progress.max, progress.value = total, 0
        progress.layout.visibility = "visible"
    if say is not None:
        say(f"Replaying the conversation under {strategies.run_label(strategy, params)}…")

    def advance(turn: int) -> None:
        if progress is not None:
            progress.value = turn

    with FOREGROUND.held():
        replay = await run(conversation, strategy, agent=agent, on_turn=advance, **params)
    REPLAYS.put(key, replay, may_drop_wanted=True)
    return replay


def cached(conversation: Conversation, strategy: str, params: dict[str, Any], agent: Any = None) -> Replay | None:
    """The replay of this setting if it is kept, else ``None`` (never plays it)."""
    return REPLAYS.get(setting_key(conversation, strategy, params, agent))


def clear_replays() -> None:
    """Forget every cached replay (after changing the agent's tools or the offline model, say)."""
    REPLAYS.clear()
