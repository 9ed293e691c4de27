"""Trimming: keep only the newest N user turns.

The simplest memory policy there is. The model sees the last ``max_turns``
turns verbatim — every tool call with its output, every assistant reply — and
nothing older. It is cheap, deterministic and never invents anything; its price
is *amnesia*: an order number given in turn 1 is gone once turn 1 falls out of
the window.

This module offers the policy three ways, all built on one pure function:

* :func:`trim_view` — the policy itself, a pure function over item lists;
* :class:`TrimmingSession` — an SDK session that stores only the window;
* :func:`keep_last_turns` — a ``RunConfig(session_input_callback=...)`` that
  applies the policy to *any* SDK session (SQLite, Redis, ...) without deleting
  anything from its store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from agents.memory.session_settings import SessionSettings, resolve_session_limit

from ._validate import check_int
from .turns import Item, apply_limit, copy_items, drop_orphans, last_turns, to_item

__all__ = ["trim_view", "TrimmingSession", "keep_last_turns"]


def trim_view(items: list[Item], max_turns: int) -> list[Item]:
    """The items of the newest ``max_turns`` turns, with no orphan left in them.

    This is the whole trimming policy. It cuts only at turn boundaries (before
    a real user message), so a tool call always stays with its output.
    """
    return drop_orphans(last_turns(items, max_turns))


class TrimmingSession:
    """An SDK session that keeps the last ``max_turns`` user turns.

    Plug it into a run with ``Runner.run(agent, text, session=session)``. The
    runner reads history *before* it saves the new input, so this session trims
    twice: on write (the store never grows past the window) and on read (a
    lowered ``max_turns`` applies to the very next run).

    Args:
        session_id: Names the conversation.
        max_turns: How many user turns to keep; an integer >= 1.
        session_settings: The SDK's settings; ``session_settings.limit`` is the
            default for ``get_items(limit=None)``.

    Raises:
        ValueError: If ``max_turns`` is not an integer >= 1.
    """

    def __init__(
        self,
        session_id: str,
        max_turns: int = 8,
        *,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id = session_id
        self.max_turns = check_int("max_turns", max_turns, minimum=1)
        self.session_settings = session_settings
        self._items: list[Item] = []
        self._lock = asyncio.Lock()

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
            view = apply_limit(trim_view(self._items, self.max_turns), limit)
            return copy_items(view)

    async def add_items(self, items: list[Any]) -> None:
        """Append ``items`` (copied), then trim the store to the window.

        Raises:
            TypeError: If an item is neither a dict nor an SDK (pydantic) item.
                Nothing is stored in that case.
        """
        new = [to_item(item) for item in items]
        async with self._lock:
            self._items.extend(new)
            self._items = last_turns(self._items, self.max_turns)

    async def pop_item(self) -> Item | None:
        """Remove and return the newest stored item, or ``None`` when empty."""
        async with self._lock:
            return self._items.pop() if self._items else None

    async def clear_session(self) -> None:
        """Forget everything."""
        async with self._lock:
            self._items.clear()

    async def set_max_turns(self, max_turns: int) -> None:
        """Change the window; a smaller one trims the store right away.

        Raises:
            ValueError: If ``max_turns`` is not an integer >= 1.
        """
        check_int("max_turns", max_turns, minimum=1)
        async with self._lock:
            self.max_turns = max_turns
            self._items = last_turns(self._items, max_turns)

    async def raw_items(self) -> list[Item]:
        """Copies of the items exactly as stored, with no read-side processing.

        Because this session trims on write, that is the last ``max_turns``
        turns — older turns are already gone and cannot be recovered here. The
        difference from :meth:`get_items`: no ``limit``, and no orphan repair
        (useful to see what a buggy producer actually stored).
        """
        async with self._lock:
            return copy_items(self._items)


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
