"""Trimming: keep only the newest user turns (by count, by tokens, or both).

The simplest memory policy there is. The model sees the last ``max_turns``
turns verbatim — every tool call with its output, every assistant reply — and
nothing older. It is cheap, deterministic and never invents anything; its price
is *amnesia*: an order number given in turn 1 is gone once turn 1 falls out of
the window.

A turn count is a rough proxy for what the model is billed: one support turn
holds 30 tokens, the next a 250-token tool output. ``max_tokens`` budgets the
window in tokens instead (or as well): it keeps the newest whole turns whose
items fit, and always at least the newest turn.

This module offers the policy three ways, all built on one pure function:

* :func:`trim_view` — the policy itself, a pure function over item lists;
* :class:`TrimmingSession` — an SDK session that stores only the window, in
  memory or in any SDK session store (``store=``, see :mod:`memlab.storage`);
* :func:`keep_last_turns` — a ``RunConfig(session_input_callback=...)`` that
  applies the policy to *any* SDK session (SQLite, Redis, ...) without deleting
  anything from its store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings, resolve_session_limit

from ._sync import SessionLock
from .items import Item, copy_items, to_items
from .storage import MemoryLog, StoreLog, check_store
from .tokens import count_item
from .turns import apply_limit, is_user_message, turn_starts
from .validate import check_int, check_max_tokens, check_max_turns, check_settings

__all__ = ["trim_view", "TrimmingSession", "keep_last_turns"]

_UNCHANGED: Any = object()  # set_limits(max_tokens=...) left out


def trim_view(
    items: Sequence[Item],
    max_turns: int | None = None,
    max_tokens: int | None = None,
    *,
    tokens: Sequence[int] | None = None,
) -> list[Item]:
    """The trimming policy: the newest whole turns within both limits.

    It cuts only at turn boundaries (right before a real user message), so a
    tool call always stays with its output. Items before the first user
    message (a *preamble*) stay only while every turn does.

    Args:
        items: The history, oldest first.
        max_turns: Keep at most this many turns (``None``: no turn limit).
        max_tokens: Keep at most this many tokens of items (``None``: no
            budget) — except that the newest turn is always kept whole, even
            when it alone is over the budget.
        tokens: Each item's token count, if already known (default: counted
            with :func:`memlab.tokens.count_item`).

    Returns:
        A new list (the items themselves are not copied).
    """
    starts = turn_starts(items)
    if not starts:
        return list(items)  # no turn to cut at
    cut = 0  # keep everything, preamble included
    if max_turns is not None and len(starts) > max_turns:
        cut = starts[-max_turns]
    if max_tokens is not None:
        sizes = list(tokens) if tokens is not None else [count_item(item) for item in items]
        candidates = [c for c in ([0] if starts[0] else []) + starts if c >= cut]
        total = sum(sizes[candidates[-1]:])  # the newest turn: always kept
        best = candidates[-1]
        for start, end in zip(reversed(candidates[:-1]), reversed(candidates[1:])):
            total += sum(sizes[start:end])
            if total > max_tokens:
                break
            best = start
        cut = best
    return list(items[cut:])


@dataclass
class Window:
    """What a :class:`TrimmingSession` holds: the window's items, their ids, turns and tokens.

    The turn count (and, under a token budget, each item's tokens) is kept up
    to date as items come and go, so a write knows whether it must cut and a
    read whether it must cut again, without rescanning the window.
    """

    ids: list[Any] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    turns: int = 0  # real user messages in ``items``
    tokens: list[int] | None = None  # per item, counted only once a token budget is used

    def append(self, record_id: Any, item: Item) -> None:
        self.ids.append(record_id)
        self.items.append(item)
        self.turns += is_user_message(item)
        if self.tokens is not None:
            self.tokens.append(count_item(item))

    def remove(self, at: int) -> None:
        self.turns -= is_user_message(self.items[at])
        del self.ids[at], self.items[at]
        if self.tokens is not None:
            del self.tokens[at]

    def sizes(self) -> list[int]:
        """Each item's tokens (counted now if no budget asked for them before)."""
        if self.tokens is None:
            self.tokens = [count_item(item) for item in self.items]
        return self.tokens

    def over(self, max_turns: int, max_tokens: int | None) -> bool:
        """Whether the window holds more than the limits allow."""
        return self.turns > max_turns or (max_tokens is not None and sum(self.sizes()) > max_tokens)

    def trim(self, max_turns: int, max_tokens: int | None = None) -> None:
        """Drop the oldest turns (and any preamble) until both limits hold."""
        if not self.over(max_turns, max_tokens):
            return
        if max_tokens is None:
            # Only the excess turns are scanned: the cut goes before the first
            # message of turn number ``excess + 1``.
            excess, seen = self.turns - max_turns, 0
            for cut, item in enumerate(self.items):
                if is_user_message(item):
                    seen += 1
                    if seen > excess:
                        break
            turns = max_turns
        else:
            cut = len(self.items) - len(trim_view(self.items, max_turns, max_tokens, tokens=self.sizes()))
            turns = self.turns - sum(map(is_user_message, self.items[:cut]))
        del self.ids[:cut], self.items[:cut]
        if self.tokens is not None:
            del self.tokens[:cut]
        self.turns = turns

    def view(self, max_turns: int, max_tokens: int | None) -> list[Item]:
        """:func:`trim_view` of the items; a window already within the limits is returned as is."""
        if not self.over(max_turns, max_tokens):
            return self.items
        return trim_view(self.items, max_turns, max_tokens, tokens=self.sizes() if max_tokens else None)


def apply_op(window: Window, op: dict[str, Any]) -> bool:
    """Apply one logged operation to ``window`` (the fold step; see :mod:`memlab.storage`)."""
    kind = op["op"]
    if kind == "add":
        for record in op["items"]:
            window.append(record["id"], record["item"])
        window.trim(op["max_turns"], op["max_tokens"])
    elif kind == "limits":
        window.trim(op["max_turns"], op["max_tokens"])
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


def window_records(window: Window) -> list[dict[str, Any]]:
    """The window as snapshot records (see :mod:`memlab.storage`)."""
    return [{"id": record_id, "item": item} for record_id, item in zip(window.ids, window.items)]


class TrimmingSession:
    """An SDK session that keeps the last ``max_turns`` user turns (and/or ``max_tokens``).

    Plug it into a run with ``Runner.run(agent, text, session=session)``. It
    trims on write (the stored window never grows past the limits) and again
    on read, so the view is right even when the store holds more: after a
    limit was lowered, or when another writer with a larger window shares the
    store. A read returns the window as stored: no item is edited or dropped
    behind the caller's back.

    Args:
        session_id: Names the conversation.
        max_turns: How many user turns to keep; an integer >= 1.
        max_tokens: A token budget for the window (memlab's tokenizer): keep
            the newest whole turns whose items fit, and always at least the
            newest turn. ``None`` (the default): no budget. With both limits,
            both apply.
        store: Where history lives. ``None`` (the default) keeps it in this
            object. Any SDK session (``SQLiteSession("conv", "chat.db")``,
            ``RedisSession``...) with the same ``session_id`` keeps it there as
            a log of operations (see :mod:`memlab.storage`): a new
            ``TrimmingSession`` on the same store continues the same thread.
        session_settings: The SDK's settings (a dict is accepted);
            ``session_settings.limit`` is the default for ``get_items(limit=None)``.

    Raises:
        TypeError: For a parameter of the wrong type (``max_turns="3"``, a
            ``store`` that is not an SDK session...).
        ValueError: For a value out of range, or a ``store`` that does not fit
            (another session id, a default read limit).
    """

    def __init__(
        self,
        session_id: str,
        max_turns: int = 8,
        *,
        max_tokens: int | None = None,
        store: Session | None = None,
        session_settings: SessionSettings | dict[str, Any] | None = None,
    ) -> None:
        self.session_id = session_id
        self.max_turns = max_turns  # validated by the properties below
        self.max_tokens = max_tokens
        self.session_settings = check_settings(session_settings)
        self.store = None if store is None else check_store(store, session_id)
        self._log: MemoryLog[Window] | StoreLog[Window] = (
            MemoryLog(Window, apply_op) if store is None else StoreLog(store, Window, apply_op, window_records, "trimming")
        )
        self._lock = SessionLock()

    @property
    def max_turns(self) -> int:
        """How many user turns the model sees; assigning it is validated (>= 1)."""
        return self._max_turns

    @max_turns.setter
    def max_turns(self, value: int) -> None:
        self._max_turns = check_max_turns(value)

    @property
    def max_tokens(self) -> int | None:
        """The window's token budget, or ``None``; assigning it is validated (>= 1)."""
        return self._max_tokens

    @max_tokens.setter
    def max_tokens(self, value: int | None) -> None:
        self._max_tokens = check_max_tokens(value)

    async def get_items(self, limit: int | None = None) -> list[Item]:
        """The model's view: the window, as fresh copies.

        Args:
            limit: The SDK rule, exactly — ``None`` means all (or
                ``session_settings.limit``), ``<= 0`` none, otherwise the newest
                ``limit`` items (a cut may land inside a turn; the SDK prunes
                what it orphans before the model call).
        """
        limit = resolve_session_limit(limit, self.session_settings)
        async with self._lock:
            window = await self._log.load()
            view = window.view(self.max_turns, self.max_tokens)
            return copy_items(view if limit is None else apply_limit(view, limit))

    async def add_items(self, items: list[Any]) -> None:
        """Append ``items`` (copied), then trim the store to the window.

        Raises:
            TypeError, ValueError: If an item cannot be stored; nothing is stored then.
        """
        new = to_items(items)
        if not new:
            return
        async with self._lock:
            records = [{"id": self._log.new_id(), "item": item} for item in new]
            await self._log.append({"op": "add", "items": records, **self._limits()})

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
            TypeError, ValueError: If ``max_turns`` is not an integer >= 1.
        """
        await self.set_limits(max_turns=max_turns)

    async def set_limits(self, *, max_turns: int | None = None, max_tokens: Any = _UNCHANGED) -> None:
        """Change ``max_turns`` and/or ``max_tokens`` (``max_tokens=None`` removes the budget); trims at once.

        Raises:
            TypeError, ValueError: For a limit of the wrong type or out of range
                (nothing changes then).
        """
        turns = self.max_turns if max_turns is None else check_max_turns(max_turns)
        budget = self.max_tokens if max_tokens is _UNCHANGED else check_max_tokens(max_tokens)
        async with self._lock:
            self._max_turns, self._max_tokens = turns, budget
            await self._log.append({"op": "limits", **self._limits()})

    def _limits(self) -> dict[str, Any]:
        return {"max_turns": self.max_turns, "max_tokens": self.max_tokens}

    async def raw_items(self) -> list[Item]:
        """Copies of the stored window, ignoring ``limit`` and any newer, smaller limit.

        Because this session trims on write, that is the newest turns within
        the limits in force when they were written — older turns are out of
        the window and cannot be recovered here (with a ``store``, their
        ``add`` records stay in the store's log until :meth:`clear_session`).
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
        TypeError, ValueError: If ``n`` is not an integer >= 1.
    """
    check_int("n", n, minimum=1)

    def callback(history: list[Item], new_input: list[Item]) -> list[Item]:
        return trim_view(history, n) + list(new_input)

    callback.__name__ = f"keep_last_turns_{n}"
    return callback
