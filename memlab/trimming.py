"""Trimming: keep only the newest N user turns.

The simplest memory policy there is. The model sees the last ``max_turns``
turns verbatim — every tool call with its output, every assistant reply — and
nothing older. It is cheap, deterministic and never invents anything; its price
is *amnesia*: an order number given in turn 1 is gone once turn 1 falls out of
the window.

This module offers the policy three ways, all built on one pure function:

* :func:`trim_view` — the policy itself, a pure function over item lists;
* :class:`TrimmingSession` — an SDK session that stores only the window, in
  memory or in any SDK session store (``store=``, see :mod:`memlab.storage`);
* :func:`keep_last_turns` — a ``RunConfig(session_input_callback=...)`` that
  applies the policy to *any* SDK session (SQLite, Redis, ...) without deleting
  anything from its store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings, resolve_session_limit

from ._validate import check_int
from .storage import MemoryLog, StoreLog, check_store
from .turns import Item, apply_limit, copy_items, drop_orphans, is_user_message, last_turns, to_items, turn_starts

__all__ = ["trim_view", "TrimmingSession", "keep_last_turns"]


def trim_view(items: list[Item], max_turns: int) -> list[Item]:
    """The items of the newest ``max_turns`` turns, with no orphan left in them.

    This is the whole trimming policy. It cuts only at turn boundaries (before
    a real user message), so a tool call always stays with its output.
    """
    return drop_orphans(last_turns(items, max_turns))


@dataclass
class _Window:
    """What a :class:`TrimmingSession` holds: the window's items, their ids, and its turn count.

    The turn count is kept up to date as items come and go, so a write knows
    whether it must cut and a read whether it must cut again, without
    rescanning the window.
    """

    ids: list[Any] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    turns: int = 0  # real user messages in ``items``

    def append(self, record_id: Any, item: Item) -> None:
        self.ids.append(record_id)
        self.items.append(item)
        self.turns += is_user_message(item)

    def remove(self, at: int) -> None:
        self.turns -= is_user_message(self.items[at])
        del self.ids[at], self.items[at]

    def trim(self, max_turns: int) -> None:
        """Drop the oldest turns (and any preamble) until ``max_turns`` are left."""
        excess = self.turns - max_turns
        if excess <= 0:
            return
        # The cut goes before the first message of the turn numbered excess + 1.
        cut = turn_starts(self.items)[excess]
        del self.ids[:cut], self.items[:cut]
        self.turns = max_turns

    def view(self, max_turns: int) -> list[Item]:
        """:func:`trim_view` of the items; a window already small enough skips the turn scan."""
        return drop_orphans(self.items) if self.turns <= max_turns else trim_view(self.items, max_turns)


def _apply(window: _Window, op: dict[str, Any]) -> bool:
    """Apply one logged operation to ``window`` (the fold step; see :mod:`memlab.storage`)."""
    kind = op["op"]
    if kind == "add":
        for record in op["items"]:
            window.append(record["id"], record["item"])
        window.trim(op["max_turns"])
    elif kind == "max_turns":
        window.trim(op["max_turns"])
    elif kind == "snapshot":  # a stored fold to start from (see memlab.storage)
        for record in op["records"]:
            window.append(record["id"], record["item"])
    elif kind == "pop":
        if op["id"] not in window.ids:
            return False
        # Normally the last item; further back if another writer appended since.
        at = len(window.ids) - 1 if window.ids[-1] == op["id"] else window.ids.index(op["id"])
        window.remove(at)
    else:
        return False
    return True


def _records(window: _Window) -> list[dict[str, Any]]:
    """The window as snapshot records (see :mod:`memlab.storage`)."""
    return [{"id": record_id, "item": item} for record_id, item in zip(window.ids, window.items)]


class TrimmingSession:
    """An SDK session that keeps the last ``max_turns`` user turns.

    Plug it into a run with ``Runner.run(agent, text, session=session)``. It
    trims on write (the stored window never grows past ``max_turns`` turns)
    and again on read, so the view is right even when the store holds more:
    after ``max_turns`` was lowered, or when another writer with a larger
    window shares the store. Reading also repairs orphans.

    Args:
        session_id: Names the conversation.
        max_turns: How many user turns to keep; an integer >= 1.
        store: Where history lives. ``None`` (the default) keeps it in this
            object. Any SDK session (``SQLiteSession("conv", "chat.db")``,
            ``RedisSession``...) with the same ``session_id`` keeps it there as
            a log of operations (see :mod:`memlab.storage`): a new
            ``TrimmingSession`` on the same store continues the same thread.
        session_settings: The SDK's settings; ``session_settings.limit`` is the
            default for ``get_items(limit=None)``.

    Raises:
        ValueError: If ``max_turns`` is not an integer >= 1, or ``store`` does
            not fit (another session id, a default read limit).
        TypeError: If ``store`` is not an SDK session.
    """

    def __init__(
        self,
        session_id: str,
        max_turns: int = 8,
        *,
        store: Session | None = None,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id = session_id
        self.max_turns = max_turns  # validated by the property below
        self.session_settings = session_settings
        self.store = None if store is None else check_store(store, session_id)
        self._log: MemoryLog[_Window] | StoreLog[_Window] = (
            MemoryLog(_Window, _apply) if store is None else StoreLog(store, _Window, _apply, _records, "trimming")
        )
        self._lock = asyncio.Lock()

    @property
    def max_turns(self) -> int:
        """How many user turns the model sees; assigning it is validated (>= 1)."""
        return self._max_turns

    @max_turns.setter
    def max_turns(self, value: int) -> None:
        self._max_turns = check_int("max_turns", value, minimum=1)

    async def get_items(self, limit: int | None = None) -> list[Item]:
        """The model's view: the last ``max_turns`` turns, as fresh copies.

        Args:
            limit: The SDK rule — ``None`` means all (or
                ``session_settings.limit``), ``<= 0`` none, otherwise the newest
                ``limit`` items. An item cut that would orphan a tool output
                drops the orphan, so the result may be a little shorter.
        """
        limit = resolve_session_limit(limit, self.session_settings)
        async with self._lock:
            window = await self._log.load()
            view = apply_limit(window.view(self.max_turns), limit)
            return copy_items(view)

    async def add_items(self, items: list[Any]) -> None:
        """Append ``items`` (copied), then trim the store to the window.

        Raises:
            TypeError: If an item is neither a dict nor an SDK (pydantic) item.
                Nothing is stored in that case.
        """
        new = to_items(items)
        if not new:
            return
        async with self._lock:
            records = [{"id": self._log.new_id(), "item": item} for item in new]
            await self._log.append({"op": "add", "items": records, "max_turns": self.max_turns})

    async def pop_item(self) -> Item | None:
        """Remove and return the newest stored item, or ``None`` when empty."""
        async with self._lock:
            window = await self._log.load()
            if not window.items:
                return None
            item = copy_items(window.items[-1:])[0]
            await self._log.append({"op": "pop", "id": window.ids[-1]})
            return item

    async def clear_session(self) -> None:
        """Forget everything (with a ``store``, clear the store)."""
        async with self._lock:
            await self._log.clear()

    async def set_max_turns(self, max_turns: int) -> None:
        """Change the window; a smaller one trims the store right away.

        Raises:
            ValueError: If ``max_turns`` is not an integer >= 1.
        """
        check_int("max_turns", max_turns, minimum=1)
        async with self._lock:
            self.max_turns = max_turns
            await self._log.append({"op": "max_turns", "max_turns": max_turns})

    async def raw_items(self) -> list[Item]:
        """Copies of the items exactly as stored, with no read-side processing.

        Because this session trims on write, that is the last ``max_turns``
        turns — older turns are out of the window and cannot be recovered here
        (with a ``store``, their ``add`` records stay in the store's log until
        :meth:`clear_session`). The difference from :meth:`get_items`: no
        ``limit``, and no orphan repair (useful to see what a buggy producer
        actually stored).
        """
        async with self._lock:
            window = await self._log.load()
            return copy_items(window.items)


def keep_last_turns(n: int) -> Callable[[list[Item], list[Item]], list[Item]]:
    """A ``session_input_callback`` that shows the model only the last ``n`` turns.

    Use it with any SDK session, for example a file-backed ``SQLiteSession``::

        config = RunConfig(session_input_callback=keep_last_turns(3))
        await Runner.run(agent, text, session=sqlite_session, run_config=config)

    Unlike :class:`TrimmingSession` it is non-destructive: the store keeps
    every item (the runner persists only the new turn), while the model sees
    the last ``n`` turns of history plus the new input — the same view a
    ``TrimmingSession(max_turns=n)`` would give.

    Raises:
        ValueError: If ``n`` is not an integer >= 1.
    """
    check_int("n", n, minimum=1)

    def callback(history: list[Item], new_input: list[Item]) -> list[Item]:
        return trim_view(history, n) + list(new_input)

    callback.__name__ = f"keep_last_turns_{n}"
    return callback
