"""Trimming: keep only the newest user turns (by count, by tokens, or both).

The simplest memory policy there is. The model sees the last ``max_turns``
stored turns verbatim — every tool call with its output, every assistant
reply — then the message it is answering, and nothing older. It is cheap,
deterministic and never invents anything; its price is *amnesia*: an order
number given in turn 1 is gone once turn 1 falls out of the window.

The whole rule is one pure function, :func:`trim_view`. Everything else in
this module calls it:

* :class:`TrimmingSession` — an SDK session. On every write it keeps
  ``trim_view(stored + new)``; on every read it shows ``trim_view(stored)``.
* :func:`keep_last_turns` — a ``RunConfig(session_input_callback=...)`` that
  shows the model ``trim_view(history)`` of *any* SDK session (SQLite,
  Redis...) without deleting anything from its store.

A turn count is a rough proxy for what the model is billed: one support turn
holds 30 tokens, the next a 250-token tool output. ``max_tokens`` budgets the
window in tokens instead (or as well).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings

from .items import Item, copy_items, to_items
from .storage.log import RECORD, LoggedSession
from .tokens import count_item
from .turns import turn_starts
from .validate import UNCHANGED, Limit, check_int, check_max_tokens, check_max_turns

__all__ = ["trim_view", "TrimmingSession", "keep_last_turns"]


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
        A new list: the newest items that fit (the items themselves are not copied).
    """
    starts = turn_starts(items)
    if not starts:
        return list(items)  # no turn to cut at
    cut = 0  # keep everything, preamble included
    if max_turns is not None and len(starts) > max_turns:
        cut = starts[-max_turns]
    if max_tokens is not None:
        sizes = list(tokens) if tokens is not None else [count_item(item) for item in items]
        # Where a kept part may begin: a turn's start (or 0, to keep a preamble too).
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


#: The limits an ``add`` or ``limits`` op carries, as :mod:`memlab.storage.log` checks them.
_LIMITS = {
    "max_turns": ("an int >= 1", lambda v: type(v) is int and v >= 1),
    "max_tokens": ("an int >= 1 or null", lambda v: v is None or (type(v) is int and v >= 1)),
}


class TrimmingSession(LoggedSession["Window"]):
    """An SDK session that keeps the last ``max_turns`` user turns (and/or ``max_tokens``).

    The rule, on every write and every read, is :func:`trim_view`::

        add_items(new):  stored = trim_view(stored + new, max_turns, max_tokens)
        get_items():     return trim_view(stored, max_turns, max_tokens)

    A write appends one ``add`` op to the session's log, and :meth:`apply`
    (below) folds it into the stored window: that is where ``trim_view`` runs.
    Trimming again on read keeps the view right even when the store holds more
    (another writer with a larger window shared it, say). No item is edited
    behind the caller's back. (The log, the lock and ``pop_item`` come from
    :class:`memlab.storage.log.LoggedSession`; you can skip it.)

    Plug it into a run with ``Runner.run(agent, text, session=session)``.

    Args:
        session_id: Names the conversation.
        max_turns: How many user turns to keep; an integer >= 1.
        max_tokens: A token budget for the window (memlab's tokenizer): keep
            the newest whole turns whose items fit, and always at least the
            newest turn. ``None`` (the default): no budget. With both limits,
            both apply.
        store: Where history lives. ``None`` (the default) keeps it in this
            object. Any SDK session (``SQLiteSession("conv", "chat.db")``,
            ``RedisSession``...) with the same ``session_id`` keeps it there
            (see :mod:`memlab.storage.log`): a new ``TrimmingSession`` on the
            same store continues the same thread.
        session_settings: The SDK's settings (a dict is accepted);
            ``session_settings.limit`` is the default for ``get_items(limit=None)``.

    Raises:
        TypeError: For a parameter of the wrong type (``max_turns="3"``, a
            ``store`` that is not an SDK session...).
        ValueError: For a value out of range, or a ``store`` that does not fit
            (another session id, a default read limit).
    """

    max_turns = Limit("How many user turns the session keeps; the model sees them and then the message it answers "
                      "(change it with :meth:`set_limits`).")
    max_tokens = Limit("The window's token budget, or ``None`` (change it with :meth:`set_limits`).")

    def __init__(
        self,
        session_id: str,
        max_turns: int = 8,
        *,
        max_tokens: int | None = None,
        store: Session | None = None,
        session_settings: SessionSettings | dict[str, Any] | None = None,
    ) -> None:
        self._max_turns = check_max_turns(max_turns)
        self._max_tokens = check_max_tokens(max_tokens)
        super().__init__(session_id, store=store, session_settings=session_settings)

    async def get_items(self, limit: int | None = None) -> list[Item]:
        """The model's view, as copies: ``trim_view`` of what is stored.

        Args:
            limit: The SDK rule, exactly — ``None`` means all (or
                ``session_settings.limit``), ``<= 0`` none, otherwise the newest
                ``limit`` items (a cut may land inside a turn; the SDK prunes
                what it orphans before the model call).
        """
        async with self._lock:
            window = await self._load()
            return self._limited(window.trim(self.max_turns, self.max_tokens), limit)

    async def add_items(self, items: list[Any]) -> None:
        """Store copies of ``items``; what stays stored is ``trim_view(stored + items)``.

        Raises:
            TypeError, ValueError: If an item cannot be stored; nothing is stored then.
        """
        new = to_items(items)
        if not new:
            return
        async with self._lock:
            # One "add" op, with the limits in force: apply() folds it as trim_view(stored + new).
            await self._write({"op": "add", "items": self._new_records(new), **self._limits()})

    async def set_limits(self, *, max_turns: int = UNCHANGED, max_tokens: int | None = UNCHANGED) -> None:
        """Change ``max_turns`` and/or ``max_tokens`` (``max_tokens=None`` removes the budget); trims at once.

        Raises:
            TypeError, ValueError: For a limit of the wrong type or out of range
                (nothing changes then).
        """
        turns = self.max_turns if max_turns is UNCHANGED else check_max_turns(max_turns)
        budget = self.max_tokens if max_tokens is UNCHANGED else check_max_tokens(max_tokens)
        async with self._lock:
            self._max_turns, self._max_tokens = turns, budget
            await self._write({"op": "limits", **self._limits()})

    async def set_max_turns(self, max_turns: int) -> None:
        """Change the window (the cookbook's name for ``set_limits(max_turns=...)``); trims at once."""
        await self.set_limits(max_turns=max_turns)

    async def raw_items(self) -> list[Item]:
        """Copies of the stored window, ignoring ``limit`` and any newer, smaller limit.

        Because this session trims on write, that is the newest turns within
        the limits in force when they were written — older turns are out of
        the window and cannot be recovered here (with a ``store``, their
        ``add`` records stay in the store's log until :meth:`clear_session`).
        """
        async with self._lock:
            return copy_items((await self._load()).items)

    def _limits(self) -> dict[str, Any]:
        """The limits a logged write carries, so that replaying the log applies the same rule."""
        return {"max_turns": self.max_turns, "max_tokens": self.max_tokens}

    # ------------------------------------------------- the log, and its fold

    policy = "trimming"
    #: Every op this session writes, with its fields (checked on every read from a store).
    OPS = {"add": {"items": [RECORD], **_LIMITS}, "limits": _LIMITS, "pop": {"id": str}}

    @staticmethod
    def new_state() -> Window:
        return Window()

    @staticmethod
    def apply(window: Window, op: dict[str, Any]) -> bool:
        """Fold one logged op into the stored ``window``: this is where trimming happens.

        * ``add``: append the items, then keep ``trim_view(window)`` under the
          limits the op was written with (so every reader of a shared log
          folds the same window); ``limits`` trims the same way.
        * ``pop``: remove the item with that id.
        * ``snapshot``: start from these records (see :mod:`memlab.storage.log`).

        Returns:
            Whether the op took effect (a pop of an item already gone does not).
        """
        kind = op["op"]
        if kind in ("add", "snapshot"):
            for record in op["items"] if kind == "add" else op["records"]:
                window.ids.append(record["id"])
                window.items.append(record["item"])
        if kind in ("add", "limits"):
            window.keep_last(len(window.trim(op["max_turns"], op["max_tokens"])))
        elif kind == "pop":
            if op["id"] not in window.ids:
                return False
            # Normally the last item; further back if another writer appended since.
            at = len(window.ids) - 1 if window.ids[-1] == op["id"] else window.ids.index(op["id"])
            del window.ids[at], window.items[at], window.sizes[at:at + 1]
        elif kind != "snapshot":
            return False
        return True

    @staticmethod
    def records(window: Window) -> list[dict[str, Any]]:
        return [{"id": record_id, "item": item} for record_id, item in zip(window.ids, window.items)]

    def _newest(self, window: Window) -> tuple[Any, Item] | None:
        return (window.ids[-1], window.items[-1]) if window.items else None


@dataclass
class Window:
    """What a :class:`TrimmingSession` stores: the window's items and their record ids."""

    ids: list[Any] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    #: Token counts of the first ``len(sizes)`` items, counted once each when a budget first needs them.
    sizes: list[int] = field(default_factory=list, repr=False, compare=False)

    def trim(self, max_turns: int | None, max_tokens: int | None) -> list[Item]:
        """``trim_view`` of the window (each item's tokens counted once, not on every fold)."""
        if max_tokens is None:
            return trim_view(self.items, max_turns)
        self.sizes += [count_item(item) for item in self.items[len(self.sizes):]]
        return trim_view(self.items, max_turns, max_tokens, tokens=self.sizes)

    def keep_last(self, count: int) -> None:
        """Keep only the newest ``count`` items."""
        cut = len(self.items) - count
        del self.ids[:cut], self.items[:cut], self.sizes[:cut]


def keep_last_turns(n: int) -> Callable[[list[Item], list[Item]], list[Item]]:
    """A ``session_input_callback`` that shows the model only the last ``n`` turns.

    Use it with any SDK session, for example a file-backed ``SQLiteSession``::

        config = RunConfig(session_input_callback=keep_last_turns(3))
        await Runner.run(agent, text, session=sqlite_session, run_config=config)

    Unlike :class:`TrimmingSession` it is non-destructive: the store keeps
    every item (the runner persists only the new turn), while the model sees
    ``trim_view(history, n)`` plus the new input — the same view a
    ``TrimmingSession(max_turns=n)`` would give.

    Raises:
        TypeError, ValueError: If ``n`` is not an integer >= 1.
    """
    check_int("n", n, minimum=1)

    def callback(history: list[Item], new_input: list[Item]) -> list[Item]:
        return trim_view(history, n) + list(new_input)

    callback.__name__ = f"keep_last_turns_{n}"
    return callback
