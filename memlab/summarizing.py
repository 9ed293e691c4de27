"""Summarizing: fold older turns into a summary, keep the newest turns verbatim.

When history grows past ``context_limit`` real user turns (or past
``max_tokens``), the session asks a summarizer (:mod:`memlab.summarizer`) to
compress everything before the newest ``keep_last_n_turns`` turns. The result
replaces that prefix as a *synthetic pair*: a user "shadow" prompt asking for a
recap, and an assistant message holding the summary. The model then sees::

    [shadow prompt] [summary] [turn n-1 ...] [turn n ...]

The pure function :func:`summary_cut` decides where to cut (:func:`~memlab.trimming.trim_view`
does for trimming). The session keeps these promises, each a bug in the cookbook version it follows:

* **Items stay verbatim.** memlab's bookkeeping lives in a metadata record
  *beside* each item (:mod:`memlab.summary_history`), never in what the model gets.
* **Only real user messages count as turns**, never tool outputs or the shadow prompt.
* **Nothing is lost.** The summarizer runs outside the lock; its summary replaces
  exactly the prefix it was computed from, and only if that prefix is unchanged.
  A summarizer that raises, times out, returns something that is not a summary,
  or drops a must-keep fact (the fidelity gate, :mod:`memlab.gate`) leaves history
  untouched; the outcome is recorded in :attr:`SummarizingSession.summary_events`
  and retried when the next turn arrives (not on every write, which would stall the user).
  Without a summarizer the session keeps everything; no placeholder replaces history.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Sequence
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings, resolve_session_limit

from ._sync import SessionLock
from .gate import FidelityGate, check_gate
from .items import Item, copy_items, to_items
from .storage import MemoryLog, StoreLog, check_store
from .summarizer import Summarizer, check_summarizer, check_summary
from .summary_history import (
    SUMMARY_KIND,
    SUMMARY_PROMPT_KIND,
    Record,
    SummaryEvent,
    SummaryStatus,
    apply_op,
    snapshot_records,
    turn_range,
)
from .tokens import count_item
from .turns import apply_limit, is_user_message, item_text
from .validate import check_seconds, check_settings, check_summary_limits

__all__ = ["SummarizingSession", "summary_cut"]

logger = logging.getLogger(__name__)


def summary_cut(
    items: Sequence[Item],
    context_limit: int | None,
    keep_last_n_turns: int,
    *,
    max_tokens: int | None = None,
    tokens: Sequence[int] | None = None,
    synthetic: int = 0,
) -> int:
    """The summarizing policy: how many leading items a summary should replace now.

    A summary is due when history holds more than ``context_limit`` real user
    turns, or (with ``max_tokens``) more tokens than the budget. It then
    replaces everything before the newest ``keep_last_n_turns`` turns (at
    least one: the question being asked is never folded away). The cut is
    always at a turn boundary, so a tool call never leaves its output behind.

    Args:
        items: The history, oldest first, an earlier summary pair included.
        context_limit: Turns allowed before summarizing (``None``: no turn limit).
        keep_last_n_turns: Turns kept verbatim (``0`` acts as ``1``).
        max_tokens: A token budget for the history (``None``: none).
        tokens: Each item's token count (default: counted here).
        synthetic: How many leading items are memlab's synthetic summary pair;
            its shadow prompt is a user message, but not a turn.

    Returns:
        ``n``: summarize ``items[:n]`` and keep ``items[n:]``. ``0`` means no
        summary is due, or nothing older than the kept turns is left to fold
        (only an earlier summary pair does not count: re-summarizing a summary
        alone gains nothing).
    """
    starts = [i for i, item in enumerate(items) if i >= synthetic and is_user_message(item)]
    over_turns = context_limit is not None and len(starts) > context_limit
    over_tokens = max_tokens is not None and sum(tokens if tokens is not None else map(count_item, items)) > max_tokens
    keep = max(1, keep_last_n_turns)
    if not (over_turns or over_tokens) or len(starts) <= keep:
        return 0
    return starts[-keep]


class _OutOfTime(Exception):
    """The session's ``summary_timeout`` ran out."""


class SummarizingSession:
    """An SDK session that summarizes older turns and keeps the newest ones.

    Args:
        keep_last_n_turns: Turns kept verbatim after a summary. ``0`` still keeps
            the newest turn (a summary must never swallow the question being
            asked). Must be between 0 and ``context_limit``.
        context_limit: Summarize once there are more real user turns than this.
            ``None`` turns the turn limit off (then ``max_tokens`` is required).
        summarizer: A :class:`~memlab.summarizer.Summarizer`; ``None`` means
            never summarize (the session then keeps everything).
        session_id: Names the conversation.
        max_tokens: Also summarize once the history's items hold more tokens
            than this (memlab's tokenizer). When the kept turns alone are over
            the budget, that is recorded as an ``over_budget`` event and the
            session goes on; nothing is dropped.
        gate: A :class:`~memlab.gate.FidelityGate` — facts every summary must
            keep verbatim, and whether a summary that drops one is rejected or
            repaired. ``None``: no gate.
        summary_timeout: Seconds to wait for the summarizer (``None``: no limit).
        session_settings: The SDK's settings (a default ``limit`` for reads);
            a dict is accepted and normalised.
        store: Where history lives. ``None`` keeps it in this object. Any SDK
            session (``SQLiteSession(session_id, "chat.db")``, ``RedisSession``...)
            keeps it there, summaries and metadata included, as a log of
            operations (:mod:`memlab.storage`); a new ``SummarizingSession`` on
            the same store continues the thread. ``summary_events`` stay per instance.

    Raises:
        TypeError: For a parameter of the wrong type (a summarizer without
            ``summarize``, a store that is not an SDK session...).
        ValueError: For a value out of range, or a ``store`` with another session id.
    """

    def __init__(
        self,
        keep_last_n_turns: int = 2,
        context_limit: int | None = 4,
        summarizer: Summarizer | None = None,
        session_id: str | None = None,
        *,
        max_tokens: int | None = None,
        gate: FidelityGate | None = None,
        summary_timeout: float | None = 60.0,
        session_settings: SessionSettings | dict[str, Any] | None = None,
        store: Session | None = None,
    ) -> None:
        self._limits = check_summary_limits(context_limit, keep_last_n_turns, max_tokens)
        self.summarizer = check_summarizer(summarizer)
        self.gate = gate  # checked by the property below
        self.summary_timeout = check_seconds("summary_timeout", summary_timeout)
        self.session_settings = check_settings(session_settings)
        if session_id is None:
            session_id = store.session_id if isinstance(store, Session) else "summarizing-session"
        self.session_id = session_id
        self.store = None if store is None else check_store(store, session_id)
        self._log: MemoryLog[list[Record]] | StoreLog[list[Record]] = (
            MemoryLog(list, apply_op) if store is None else StoreLog(store, list, apply_op, snapshot_records, "summarizing")
        )
        #: What happened each time a summary was due (:class:`SummaryEvent`), oldest first.
        self.summary_events: list[SummaryEvent] = []
        self._seen: list[Record] = []
        self._lock = SessionLock()
        self._summarizing = False
        # Turns in history when a summary last failed or could not help: retry once a new turn arrives.
        self._settled_at_turns: int | None = None

    # ----------------------------------------------------------- SDK protocol

    async def get_items(self, limit: int | None = None) -> list[Item]:
        """The model's view, as copies: the summary pair (if any), then the kept turns.

        ``limit`` follows the SDK rule exactly (``None``: all, or
        ``session_settings.limit``; ``<= 0``: none; else the newest ``limit``
        items). Items come back as stored: a limit can cut inside a turn, and
        the SDK prunes what that orphans before it calls the model.
        """
        limit = resolve_session_limit(limit, self.session_settings)
        async with self._lock:
            records = await self._load()
            return copy_items(apply_limit([r.item for r in records], limit))

    async def add_items(self, items: list[Any]) -> None:
        """Store ``items`` (copied), then summarize if a summary is due.

        Once the items are stored this never raises: a summary that fails (or
        a store that fails while summarizing) is logged and recorded in
        :attr:`summary_events`, so a caller never retries — and duplicates — a
        turn that was in fact saved.

        Raises:
            TypeError, ValueError: If an item cannot be stored (nothing is stored then).
        """
        new = to_items(items)
        if new:
            async with self._lock:
                entries = [{"id": self._log.new_id(), "item": item} for item in new]
                await self._log.append({"op": "add", "items": entries})
        try:
            await self._summarize_while_needed()
        except Exception as exc:  # noqa: BLE001 — the items are stored; report, never raise
            error = f"summarizing after the write failed: {type(exc).__name__}: {exc}"
            logger.warning("memlab: %s", error)
            self.summary_events.append(SummaryEvent(SummaryStatus.FAILED, turn_range(self._seen), error))

    async def pop_item(self) -> Item | None:
        """Remove and return the newest item; a summary goes with its shadow prompt."""
        async with self._lock:
            records = await self._load()
            if not records:
                return None
            item = copy_items([records[-1].item])[0]
            await self._log.append({"op": "pop", "id": records[-1].id})
            return item

    async def clear_session(self) -> None:
        """Forget every item and every summary event (with a ``store``, clear the store)."""
        async with self._lock:
            await self._log.clear()
            self._seen = []
            self.summary_events.clear()
            self._settled_at_turns = None

    # ------------------------------------------------------------ inspection

    async def get_items_with_metadata(self) -> list[dict[str, Any]]:
        """Every stored record as ``{"message": item, "metadata": {...}}`` (copies).

        Metadata: ``synthetic``; ``turn`` (1-based, 0 before the first) for real
        items; ``kind`` and ``summary_for_turns`` (``[first, last]``) for the pair.
        """
        async with self._lock:
            records = await self._load()
            return copy_items({"message": r.item, "metadata": r.meta} for r in records)

    @property
    def summary_text(self) -> str | None:
        """The text of the summary currently in history, or ``None``.

        With a ``store``, "currently" means as of this instance's latest
        operation (a property cannot read the store).
        """
        for record in self._seen:
            if record.kind == SUMMARY_KIND:
                return item_text(record.item)
        return None

    @property
    def last_summary_error(self) -> str | None:
        """The error of the newest summary event, if it did not apply."""
        return self.summary_events[-1].error if self.summary_events else None

    # ------------------------------------------------------------ parameters
    # Each limit is an attribute; assigning one checks all three together.

    context_limit = property(
        lambda self: self._limits[0], lambda self, value: self._set_limits(context_limit=value),
        doc="Summarize once history holds more real user turns than this (``None``: no turn limit).",
    )
    keep_last_n_turns = property(
        lambda self: self._limits[1], lambda self, value: self._set_limits(keep_last_n_turns=value),
        doc="Turns kept verbatim after a summary (``0`` acts as ``1``).",
    )
    max_tokens = property(
        lambda self: self._limits[2], lambda self, value: self._set_limits(max_tokens=value),
        doc="Summarize once history's items hold more tokens than this (``None``: no budget).",
    )

    gate = property(
        lambda self: self._gate, lambda self, value: setattr(self, "_gate", check_gate(value)),
        doc="The :class:`~memlab.gate.FidelityGate` every summary must pass, or ``None``.",
    )

    def _set_limits(self, **changes: Any) -> None:
        names = ("context_limit", "keep_last_n_turns", "max_tokens")
        self._limits = check_summary_limits(**{**dict(zip(names, self._limits)), **changes})

    async def set_limits(self, **changes: Any) -> None:
        """Change ``context_limit``, ``keep_last_n_turns`` and/or ``max_tokens`` (checked together).

        Unlike assigning the attributes, this summarizes at once if history is
        now over a limit, even if a summary failed earlier in this turn.
        """
        async with self._lock:
            self._set_limits(**changes)
            self._settled_at_turns = None
        await self._summarize_while_needed()

    # -------------------------------------------------------------- internals

    async def _load(self) -> list[Record]:
        """The current records (call under the lock); remembered for :attr:`summary_text`."""
        self._seen = await self._log.load()
        return self._seen

    def _prefix_to_summarize(self, records: list[Record]) -> list[Record] | None:
        """The records a summary should replace now (by :func:`summary_cut`), or ``None``."""
        turns = sum(r.is_turn_start for r in records)
        if turns == self._settled_at_turns:
            return None  # failed (or could not help) at this many turns: wait for the next turn
        context_limit, keep, budget = self._limits
        synthetic = 2 if records and records[0].meta.get("synthetic") else 0
        tokens = self._budget_tokens(records) if budget is not None else None
        cut = summary_cut([r.item for r in records], context_limit, keep, max_tokens=budget, tokens=tokens, synthetic=synthetic)
        if cut > synthetic:
            return records[:cut]
        if tokens is not None and sum(tokens) > budget:  # over, but nothing older left to fold
            self._settled_at_turns = turns
            error = f"the kept turns alone hold {sum(tokens)} tokens, over max_tokens={budget}; nothing older to summarize"
            self.summary_events.append(SummaryEvent(SummaryStatus.OVER_BUDGET, turn_range(records), error))
        return None

    def _budget_tokens(self, records: list[Record]) -> list[int]:
        return [r.tokens for r in records]  # a subclass may count a filtered view (memlab.tiered)

    async def _summarize_while_needed(self) -> None:
        # Single flight: a second caller returns at once; the running loop re-checks after each summary.
        async with self._lock:
            if self._summarizing or self.summarizer is None:
                return
            self._summarizing = True
        try:
            for _ in range(100):  # bounded: each applied summary shrinks history
                async with self._lock:
                    records = await self._load()
                    prefix = self._prefix_to_summarize(records)
                if prefix is None:
                    return
                event = await self._summarize(prefix)
                self.summary_events.append(event)
                if event.status == SummaryStatus.DISCARDED:
                    continue  # history changed under us: plan again
                if event.status != SummaryStatus.APPLIED:
                    self._settled_at_turns = sum(r.is_turn_start for r in records)
                    logger.warning("memlab: summary %s: %s", event.status, event.error)
                    return
                self._settled_at_turns = None
        finally:
            self._summarizing = False

    async def _ask_summarizer(self, items: list[Item], facts: list[str]) -> tuple[str, str]:
        """Call the summarizer (awaiting it, within the timeout) and check what it returned."""
        result = self.summarizer.summarize(items, must_keep=facts)  # type: ignore[union-attr]
        if not inspect.isawaitable(result):
            raise TypeError("Summarizer.summarize must be async (return an awaitable)")
        deadline = asyncio.timeout(self.summary_timeout)
        try:
            async with deadline:
                return check_summary(await result)
        except TimeoutError:
            if deadline.expired():  # our limit, not a TimeoutError the summarizer raised itself
                raise _OutOfTime from None
            raise

    async def _summarize(self, prefix: list[Record]) -> SummaryEvent:
        """Run the summarizer on ``prefix`` (outside the lock) and apply the result."""
        items = copy_items(r.item for r in prefix)
        turns = turn_range(prefix)
        repaired: tuple[str, ...] = ()
        try:
            facts = self.gate.facts(items) if self.gate is not None else []
            shadow, summary = await self._ask_summarizer(items, facts)
            if self.gate is not None:
                verdict = self.gate.check(summary, facts)
                if not verdict.accepted:
                    return SummaryEvent(SummaryStatus.REJECTED, turns, f"fidelity gate: summary dropped {list(verdict.missing)}")
                summary, repaired = verdict.summary, verdict.missing
                if repaired:
                    logger.info("memlab: fidelity gate repaired a summary that dropped %s", list(repaired))
            # The pair is stored and sent like any item, so it gets an item's check.
            pair_items = to_items([{"role": "user", "content": shadow}, {"role": "assistant", "content": summary}])
        except _OutOfTime:
            return SummaryEvent(SummaryStatus.FAILED, turns, f"summarizer timed out after {self.summary_timeout}s")
        except Exception as exc:  # any failure (summarizer or rule) leaves history as it was
            return SummaryEvent(SummaryStatus.FAILED, turns, f"{type(exc).__name__}: {exc}")
        discarded = SummaryEvent(SummaryStatus.DISCARDED, turns, "history changed while summarizing")
        replaces = [r.id for r in prefix]
        async with self._lock:
            records = await self._load()
            if len(records) < len(replaces) or any(r.id != i for r, i in zip(records, replaces)):
                return discarded
            pair = [
                {"id": self._log.new_id(), "item": item,
                 "meta": {"synthetic": True, "summary_for_turns": list(turns), "kind": kind}}
                for item, kind in zip(pair_items, (SUMMARY_PROMPT_KIND, SUMMARY_KIND))
            ]
            keep = max(1, self.keep_last_n_turns)
            try:
                await self._log.append({"op": "summary", "replaces": replaces, "records": pair, "keep": keep})
            except Exception as exc:  # noqa: BLE001 — a store that failed to write: history is as it was
                return SummaryEvent(SummaryStatus.FAILED, turns, f"storing the summary failed: {type(exc).__name__}: {exc}")
            # Another worker may have changed the prefix between our check and
            # our write; then the fold ignores the op. Read back to know.
            if not any(r.id == pair[0]["id"] for r in await self._load()):
                return discarded
        return SummaryEvent(SummaryStatus.APPLIED, turns, None, repaired)
