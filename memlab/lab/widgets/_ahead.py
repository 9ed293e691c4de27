"""Work ahead: while the learner reads, an explorer replays the settings one slider move away.

A new setting costs a replay of the whole conversation (a third of a second
on ``LONG``, seconds on 200 turns). So an explorer on screen replays, in the
background, every setting one slider move away from the one it shows
(``explorer.settings_ahead()``): once they are ready, every move is served
from the replay cache at once. A small line under the sliders says how many
are ready.

The work stays out of the learner's way:

* it runs one turn at a time and, between turns, yields to the kernel's event
  loop and waits while a replay the learner asked for runs (:data:`FOREGROUND`):
  a move to a setting not ready yet is replayed at once, not queued behind it;
* it stops when the explorer is closed or taken off screen, when it is given
  another conversation, and when the replay cache has no room left that no
  open explorer wants (:class:`~memlab.lab.widgets._replays.ReplayCache`);
* its requests are recorded on its own wire (:attr:`Ahead.wire`), so a
  notebook's ``memlab.api.wire.current()`` shows only what the learner ran;
* live, every replay is billed: nothing is replayed ahead until the learner
  asks (the line's button, or ``explorer.compute_ahead()``), and then only
  the settings around the one shown when they asked.

A test or a script drives it step by step: ``await explorer.ahead.step()``
replays the next setting, ``await explorer.ahead.finished()`` waits for the
background task, and :attr:`Ahead.pace` is what it awaits between turns.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

import ipywidgets as widgets

from ...async_bridge import call_on_loop, run_sync
from ...api import mode
from ...api.wire import Wire, recorded_on
from ...evals.replay import run
from ._render import ahead_html
from ._replays import FOREGROUND, REPLAYS, setting_key, weight

__all__ = ["Ahead"]


class _NotWanted(Exception):
    """Raised between two turns to abandon a replay nobody wants any more."""


class Ahead:
    """An explorer's work ahead: the settings one slider move away, replayed before the learner moves there.

    Offline it runs while the explorer is on screen (a front end shows it);
    live, or off screen, only when asked (:meth:`start`), and then for the
    settings around the one shown when asked.

    Args:
        explorer: The :class:`~memlab.lab.widgets.PolicyExplorer` it works for.

    Attributes:
        task: The background task, in a kernel (``None`` before the first start).
        state: ``"waiting"``, ``"running"``, ``"done"`` (all ready), ``"full"``
            (no room left in the replay cache), ``"stopped"`` (a replay failed:
            :attr:`error`) or ``"cancelled"``.
        wire: Where its requests are recorded (live: on the notebook's wire too).
        pace: Awaited before each setting and between turns. By default it yields
            to the event loop, then waits while a replay of the learner's runs.
        line, button, box: The line saying how many settings are ready, the
            button that asks for the work live, and the row holding both.
    """

    def __init__(self, explorer: Any) -> None:
        self.explorer = explorer
        self.task: asyncio.Task[None] | None = None
        self.state = "waiting"
        self.error = ""
        self.closed = False
        self.asked_at: Hashable | None = None  # the setting shown when the learner asked
        self.wire = Wire(keep=10)  # its spend counts every request; only the newest bodies are kept
        self.pace: Callable[[], Awaitable[None]] = self._yield_to_the_learner
        self._pacing: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()  # tasks inside pace() now
        self._cancelled: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()  # to stop at their next turn's end
        self.line = widgets.HTML()
        self.button = widgets.Button(
            description="replay ahead", tooltip="Replay the settings one slider move away now (live: each replay is billed)",
            layout=widgets.Layout(display="none", width="auto"),
        )
        self.button.on_click(lambda _: call_on_loop(explorer.loop, self.start))  # on the explorer's loop, see start()
        self.box = widgets.HBox([self.line, self.button])
        REPLAYS.keepers.add(self)

    # ------------------------------------------------------------ what it works on

    def _keys(self) -> list[Hashable]:
        """The keys of the settings one move away, the current one first."""
        explorer = self.explorer
        return [setting_key(explorer.conversation, explorer.strategy, params, explorer.agent) for params in explorer.settings_ahead()]

    def _here(self) -> Hashable:
        explorer = self.explorer
        return setting_key(explorer.conversation, explorer.strategy, explorer.params(), explorer.agent)

    def wanted(self) -> set[Hashable]:
        """The replays this explorer wants kept: full history and the settings one move away.

        Only while it works ahead (on screen, or asked): an explorer nobody sees
        wants nothing kept for it.
        """
        explorer = self.explorer
        if not self._should_run():
            return set()
        return {setting_key(explorer.conversation, "full", {}, explorer.agent), *self._keys()}

    def counts(self) -> tuple[int, int]:
        """``(ready, total)``: how many of the settings one move away are in the replay cache."""
        keys = self._keys()
        return sum(key in REPLAYS for key in keys), len(keys)

    def _next(self) -> tuple[str, dict[str, Any], Hashable] | None:
        """The next setting to replay: full history if it is missing, then the nearest settings first."""
        explorer = self.explorer
        todo = [("full", {}), *((explorer.strategy, params) for params in explorer.settings_ahead())]
        for strategy, params in todo:
            key = setting_key(explorer.conversation, strategy, params, explorer.agent)
            if key not in REPLAYS:
                return strategy, params, key
        return None

    @property
    def running(self) -> bool:
        """Whether the background task is running."""
        return self.task is not None and not self.task.done()

    def _should_run(self) -> bool:
        """Offline: while a front end shows the explorer. Either way: when asked, around the setting shown then."""
        if self.closed or self.explorer.conversation is None:
            return False
        if self.asked_at is not None and self.asked_at == self._here():
            return True
        return not mode.is_live() and (getattr(self.explorer, "_view_count", None) or 0) > 0

    # ------------------------------------------------------------ the work

    async def _yield_to_the_learner(self) -> None:
        await asyncio.sleep(0)  # the kernel handles slider messages here
        await FOREGROUND.idle()

    async def _paced(self) -> None:
        """Await :attr:`pace`; a task cancelled meanwhile (or during the turn before) stops here."""
        task = asyncio.current_task()
        if task in self._cancelled:
            raise asyncio.CancelledError
        self._pacing.add(task)
        try:
            await self.pace()
        finally:
            self._pacing.discard(task)

    async def step(self) -> bool:
        """Replay the next setting that is not ready, in small steps.

        Returns:
            ``True`` if there may be more to do; ``False`` once every setting
            is ready, there is no room left in the replay cache, or the
            explorer is closed.
        """
        await self._paced()
        explorer = self.explorer
        if self.closed or explorer.conversation is None:
            return False
        todo = self._next()
        if todo is None:
            self.state = "done"
            return False
        strategy, params, key = todo
        expected = weight(explorer.replay) if explorer.replay is not None else 0
        if REPLAYS.room() < expected:
            self.state = "full"
            return False
        conversation = explorer.conversation

        async def between_turns() -> None:
            await self._paced()
            if self.closed or explorer.conversation is not conversation or key in REPLAYS:
                raise _NotWanted  # closed, another conversation, or the learner's own replay got there first

        live = mode.is_live()
        self.wire.live = live
        try:
            with recorded_on(self.wire, also_on_client_wire=live):
                replay = await run(conversation, strategy, agent=explorer.agent, between_turns=between_turns, **params)
        except _NotWanted:
            return not self.closed
        if not REPLAYS.put(key, replay, may_drop_wanted=False):
            self.state = "full"
            return False
        self.show()
        return True

    async def run(self) -> None:
        """Replay settings until all are ready, the cache is full, or it is cancelled (the background task)."""
        self.state, self.error = "running", ""
        self.show()
        try:
            while await self.step():
                pass
            # The replays made many long-lived objects: Python's next full garbage collection is due,
            # and in a kernel that has pandas and the SDK loaded it takes a good part of a second.
            # Run it now, while the learner reads, rather than in the middle of their next move.
            await self._paced()
            gc.collect()
        except asyncio.CancelledError:
            if self.task is None:  # not replaced by a newer task meanwhile
                self.state = "cancelled"
                self.show()
            raise
        except Exception as exc:  # noqa: BLE001 — shown on the line; the explorer still works
            self.state, self.error = "stopped", f"{type(exc).__name__}: {exc}"
        self.show()

    async def finished(self) -> None:
        """Wait until the background task (if one runs) has ended."""
        while self.running:
            await asyncio.wait({self.task})

    # ------------------------------------------------------------ starting and stopping

    def start(self) -> None:
        """Replay the settings one move away now: live (each replay is billed) or off screen too.

        In a kernel this starts the background task; without an event loop (a
        script, a test) it replays them all before it returns.
        """
        if self.closed or self.explorer.conversation is None:
            return
        self.asked_at = self._here()
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            run_sync(self.run())
            return
        self.resume()

    def resume(self) -> None:
        """Start the background task if it should run now and an event loop runs (a kernel's)."""
        if self.running or not self._should_run():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # a script: only start() replays ahead, before it returns
        self.task = loop.create_task(self.run())

    def cancel(self) -> None:
        """Stop the background task (a replay half done is dropped); :meth:`resume` may start a new one at once.

        A task waiting between two turns is cancelled at once; one inside a
        turn stops when the turn ends (cutting the SDK's ``Runner.run`` short
        would leave its own tasks half started).
        """
        if self.running:
            if self.task in self._pacing:
                self.task.cancel()
            else:
                self._cancelled.add(self.task)
        self.task = None

    def close(self) -> None:
        """Stop for good: the explorer is closed. Its replays may now be dropped from the cache."""
        self.closed = True
        self.cancel()
        REPLAYS.keepers.discard(self)
        self.button.close()
        self.line.close()
        self.box.close()

    # ------------------------------------------------------------ the line

    def show(self) -> None:
        """Redraw the line: how many settings one move away are ready, and what the work is doing."""
        if self.closed or self.explorer.conversation is None:
            return
        ready, total = self.counts()
        live = mode.is_live()
        offer = live and ready < total and not self.running and self.asked_at != self._here()
        if offer:
            note = "live: the others are replayed when you move to them (each replay is billed)"
        elif self.state == "full":
            note = "the replay cache is full: the others are replayed when you move to them"
        elif self.state == "stopped":
            note = f"replaying ahead stopped: {self.error}"
        elif live and self.wire.total:
            spend = self.wire.spend()
            dollars = "" if spend.dollars is None else f", about ${spend.dollars:.2f}"
            note = f"replaying ahead cost {spend.requests} requests{dollars}"
        else:
            note = ""
        self.line.value = ahead_html(ready, total, note)
        self.button.description = f"replay {total - ready} ahead"
        self.button.layout.display = None if offer else "none"
