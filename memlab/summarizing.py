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
  *beside* each item (:mod:`memlab.summarizing`), never in what the model gets.
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
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings

from .gate import FidelityGate, check_gate
from .items import Item, copy_items, to_items
from .storage.log import RECORD, LoggedSession
from .summarizer import Summarizer, call_summarizer, check_summarizer, check_summary, takes_must_keep
from .tokens import count_item
from .turns import is_user_message, item_text, turn_starts
from .validate import UNCHANGED, Limit, check_seconds, check_summary_limits

__all__ = [
    "SUMMARY_KIND",
    "SUMMARY_PROMPT_KIND",
    "Record",
    "SummarizingSession",
    "SummaryEvent",
    "SummaryStatus",
    "summary_cut",
]

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
        (an earlier summary pair alone does not count: re-summarizing a
        summary gains nothing).
    """
    starts = turn_starts(items, skip=synthetic)
    over_turns = context_limit is not None and len(starts) > context_limit
    over_tokens = max_tokens is not None and sum(tokens if tokens is not None else map(count_item, items)) > max_tokens
    keep = max(1, keep_last_n_turns)
    if not (over_turns or over_tokens) or len(starts) <= keep or starts[-keep] <= synthetic:
        return 0
    return starts[-keep]


def _meta_fits(meta: Any) -> bool:
    """Whether ``meta`` is what a summarizing session keeps beside an item (checked on every read).

    A dict whose ``synthetic``, ``turn``, ``kind`` and ``summary_for_turns``
    keys, each optional, hold a bool, an int, a str and a ``[first, last]`` pair of ints.
    """
    if type(meta) is not dict:
        return False
    turns = meta.get("summary_for_turns", [0, 0])
    return (
        type(meta.get("synthetic", False)) is bool
        and type(meta.get("turn", 0)) is int
        and type(meta.get("kind", "")) is str
        and type(turns) is list
        and len(turns) == 2
        and type(turns[0]) is type(turns[1]) is int
    )


#: One stored record with its metadata, as ``summary`` and ``snapshot`` ops list them.
_SUMMARY_RECORD = (
    "{id: str, item: object, meta: {synthetic?: bool, turn?: int, kind?: str, summary_for_turns?: [int, int]}}",
    lambda r: RECORD[1](r) and _meta_fits(r.get("meta")),
)


class SummarizingSession(LoggedSession["list[Record]"]):
    """An SDK session that summarizes older turns and keeps the newest ones.

    The rule: after each write, while history is past a limit,
    :func:`summary_cut` decides how many leading items a summary replaces::

        cut = summary_cut(items, context_limit, keep_last_n_turns, max_tokens=max_tokens)
        items[:cut]  ->  summarizer  ->  [shadow prompt, summary]   (the synthetic pair)
        stored = [shadow prompt, summary] + items[cut:]

    The summarizer runs outside the lock; its pair is stored only if
    ``items[:cut]`` is still the prefix when it returns, and only if it passed
    every check (a summary, not empty; the fidelity gate). Otherwise history
    stays as it was and :attr:`summary_events` says why. (Storage, locking and
    ``pop_item`` come from :class:`memlab.storage.log.LoggedSession`; you can skip it.)

    Args:
        keep_last_n_turns: Turns kept verbatim after a summary. ``0`` still keeps
            the newest turn (a summary must never swallow the question being
            asked). Must be between 0 and ``context_limit``.
        context_limit: Summarize once there are more real user turns than this.
            ``None`` turns the turn limit off (then ``max_tokens`` is required).
        summarizer: A :class:`~memlab.summarizer.Summarizer`; ``None`` means
            never summarize (the session then keeps everything). One written
            the cookbook's way, ``async def summarize(self, messages)``, is
            called with the items alone (with a gate, its summaries are still
            checked). Anything memlab could not call is a ``TypeError`` here.
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
            operations (:mod:`memlab.storage.log`); a new ``SummarizingSession`` on
            the same store continues the thread. ``summary_events`` stay per instance.

    Raises:
        TypeError: For a parameter of the wrong type (a summarizer memlab
            cannot call, a store that is not an SDK session...).
        ValueError: For a value out of range, or a ``store`` with another session id.
    """

    context_limit = Limit("Summarize past this many real user turns (``None``: no turn limit); see :meth:`set_limits`.")
    keep_last_n_turns = Limit("Turns kept verbatim after a summary (``0`` acts as ``1``); see :meth:`set_limits`.")
    max_tokens = Limit("Summarize once history's items hold more tokens than this (``None``: no budget); see :meth:`set_limits`.")

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
        if isinstance(keep_last_n_turns, str):  # SummarizingSession("support-42"), written as for SQLiteSession
            raise TypeError(
                f"SummarizingSession's first argument is keep_last_n_turns (as in the cookbook), not the session id: "
                f"write SummarizingSession(session_id={keep_last_n_turns!r}, ...)"
            )
        self._context_limit, self._keep_last_n_turns, self._max_tokens = check_summary_limits(
            context_limit, keep_last_n_turns, max_tokens
        )
        self.summarizer = summarizer  # checked by the property below
        self.gate = gate  # likewise
        self.summary_timeout = check_seconds("summary_timeout", summary_timeout)
        if session_id is None:
            session_id = store.session_id if isinstance(store, Session) else "summarizing-session"
        super().__init__(session_id, store=store, session_settings=session_settings)
        #: What happened each time a summary was due (:class:`SummaryEvent`), oldest first.
        self.summary_events: list[SummaryEvent] = []
        self._seen: list[Record] = []
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
        async with self._lock:
            return self._limited([r.item for r in await self._load()], limit)

    async def add_items(self, items: list[Any]) -> None:
        """Store ``items`` (copied), then summarize while a summary is due.

        Once the items are stored this never raises: a summary that fails (or
        a store that fails while summarizing) is logged and recorded in
        :attr:`summary_events`, so a caller never retries — and duplicates — a
        turn that was in fact saved.

        A ``CancelledError`` or ``GeneratorExit`` from the summarizer (a helper
        task it awaited was cancelled) is such a failure too; only a
        cancellation of the caller's own task is passed on.

        Raises:
            TypeError, ValueError: If an item cannot be stored (nothing is stored then).
            asyncio.CancelledError: If the caller's task was cancelled (the items
                may be stored already; the summary is left for the next turn).
        """
        new = to_items(items)
        if new:
            async with self._lock:
                await self._write({"op": "add", "items": self._new_records(new)})
        try:
            await self._summarize_while_due()
        except (asyncio.CancelledError, GeneratorExit) as exc:
            if _caller_cancelled():
                raise  # the caller was cancelled: that is theirs to handle
            self._record_failure(f"summarizing after the write failed: {type(exc).__name__} {_NOT_CANCELLED}")
        except Exception as exc:  # noqa: BLE001 — the items are stored; report, never raise
            self._record_failure(f"summarizing after the write failed: {type(exc).__name__}: {exc}")

    def _record_failure(self, error: str) -> None:
        """Log and record a failure that happened after the items were stored."""
        logger.warning("memlab: %s", error)
        self.summary_events.append(SummaryEvent(SummaryStatus.FAILED, turn_range(self._seen), error))

    async def pop_item(self) -> Item | None:
        """Remove and return the newest item; a summary goes with its shadow prompt."""
        return await super().pop_item()

    async def clear_session(self) -> None:
        """Forget every item and every summary event (with a ``store``, clear the store)."""
        async with self._lock:
            await self._log.clear()
            self._seen, self._settled_at_turns = [], None
            self.summary_events.clear()

    # ------------------------------------------------------------ parameters

    async def set_limits(
        self,
        *,
        context_limit: int | None = UNCHANGED,
        keep_last_n_turns: int = UNCHANGED,
        max_tokens: int | None = UNCHANGED,
    ) -> None:
        """Change the limits (checked together), then summarize at once if history is now past one.

        Unlike waiting for the next turn, this summarizes even if a summary
        failed earlier in this turn.

        Raises:
            TypeError, ValueError: For a limit of the wrong type or out of range,
                or limits that do not fit together (nothing changes then).
        """
        limits = check_summary_limits(
            self.context_limit if context_limit is UNCHANGED else context_limit,
            self.keep_last_n_turns if keep_last_n_turns is UNCHANGED else keep_last_n_turns,
            self.max_tokens if max_tokens is UNCHANGED else max_tokens,
        )
        async with self._lock:
            self._context_limit, self._keep_last_n_turns, self._max_tokens = limits
            self._settled_at_turns = None
        await self._summarize_while_due()

    @property
    def summarizer(self) -> Summarizer | None:
        """The summarizer (``None``: never summarize). Assigning one checks it, as the constructor does."""
        return self._summarizer

    @summarizer.setter
    def summarizer(self, value: Summarizer | None) -> None:
        self._summarizer = check_summarizer(value)
        # decided once: a summarizer written the cookbook's way is called with the items alone
        self._tell_must_keep = value is not None and takes_must_keep(value)

    @property
    def gate(self) -> FidelityGate | None:
        """The :class:`~memlab.gate.FidelityGate` every summary must pass, or ``None``."""
        return self._gate

    @gate.setter
    def gate(self, value: FidelityGate | None) -> None:
        self._gate = check_gate(value)

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

    # -------------------------------------------------------------- internals

    async def _load(self) -> list[Record]:
        """The current records (call under the lock); remembered for :attr:`summary_text`."""
        self._seen = await self._log.load()
        return self._seen

    def _budget_tokens(self, records: list[Record]) -> list[int]:
        """Each record's tokens, as ``max_tokens`` counts them (:mod:`memlab.beyond.tiered` counts a trimmed view)."""
        return [r.tokens for r in records]

    async def _summarize_while_due(self) -> None:
        """Summarize until no summary is due, one at a time (a second caller returns at once)."""
        async with self._lock:
            if self._summarizing or self.summarizer is None:
                return
            self._summarizing = True
        try:
            for _ in range(100):  # bounded: each applied summary shrinks history
                async with self._lock:
                    records = await self._load()
                    turns = sum(r.is_turn_start for r in records)
                    if turns == self._settled_at_turns:
                        return  # failed (or could not help) at this many turns: wait for the next turn
                    cut = self._due_cut(records, turns)
                    if not cut:
                        return
                event = await self._summarize(records[:cut], kept_turns=sum(r.is_turn_start for r in records[cut:]))
                self.summary_events.append(event)
                if event.status == SummaryStatus.DISCARDED:
                    continue  # history changed under us: plan again
                if event.status != SummaryStatus.APPLIED:
                    self._settled_at_turns = turns
                    logger.warning("memlab: summary %s: %s", event.status, event.error)
                    return
                self._settled_at_turns = None
        finally:
            self._summarizing = False

    def _due_cut(self, records: list[Record], turns: int) -> int:
        """Where the next summary cuts ``records`` (:func:`summary_cut`; 0: none is due).

        Over ``max_tokens`` with nothing older to fold is recorded once, as an
        ``OVER_BUDGET`` event, and settles the session until the next turn.
        """
        tokens = self._budget_tokens(records) if self.max_tokens is not None else None
        synthetic = 2 if records and records[0].meta.get("synthetic") else 0
        cut = summary_cut([r.item for r in records], self.context_limit, self.keep_last_n_turns,
                          max_tokens=self.max_tokens, tokens=tokens, synthetic=synthetic)
        if not cut and tokens is not None and sum(tokens) > self.max_tokens:
            self._settled_at_turns = turns
            error = (f"the kept turns alone hold {sum(tokens)} tokens, over max_tokens={self.max_tokens}; "
                     "nothing older to summarize")
            self.summary_events.append(SummaryEvent(SummaryStatus.OVER_BUDGET, turn_range(records), error))
        return cut

    async def _ask_summarizer(self, items: list[Item], facts: list[str]) -> tuple[str, str]:
        """Call the summarizer (awaiting it, within the timeout) and check what it returned."""
        result = call_summarizer(self.summarizer, items, facts, tell=self._tell_must_keep)  # type: ignore[arg-type]
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

    async def _summarize(self, prefix: list[Record], kept_turns: int) -> SummaryEvent:
        """Summarize ``prefix`` (outside the lock); store the pair if ``prefix`` is still the prefix."""
        items = copy_items(r.item for r in prefix)
        turns = turn_range(prefix)
        repaired: tuple[str, ...] = ()
        try:
            facts = self.gate.facts(items) if self.gate is not None else []
            shadow, summary = await self._ask_summarizer(items, facts)
            if self.gate is not None:
                verdict = self.gate.check(summary, facts)
                if not verdict.accepted:
                    untold = "" if self._tell_must_keep else (
                        f" ({type(self.summarizer).__name__}.summarize takes no must_keep, so it was not told them)")
                    return SummaryEvent(SummaryStatus.REJECTED, turns, f"fidelity gate: summary dropped {list(verdict.missing)}{untold}")
                summary, repaired = verdict.summary, verdict.missing
                if repaired:
                    logger.info("memlab: fidelity gate repaired a summary that dropped %s", list(repaired))
            # The pair is stored and sent like any item, so it gets an item's check.
            pair_items = to_items([{"role": "user", "content": shadow}, {"role": "assistant", "content": summary}])
        except _OutOfTime:
            return SummaryEvent(SummaryStatus.FAILED, turns, f"summarizer timed out after {self.summary_timeout}s")
        except (asyncio.CancelledError, GeneratorExit) as exc:
            if _caller_cancelled():
                raise  # the caller was cancelled: stop, and let them know
            return SummaryEvent(SummaryStatus.FAILED, turns, f"the summarizer raised {type(exc).__name__} {_NOT_CANCELLED}")
        except Exception as exc:  # any failure (summarizer or rule) leaves history as it was
            return SummaryEvent(SummaryStatus.FAILED, turns, f"{type(exc).__name__}: {exc}")
        discarded = SummaryEvent(SummaryStatus.DISCARDED, turns, "history changed while summarizing")
        replaces = [r.id for r in prefix]
        async with self._lock:
            if not starts_with(await self._load(), replaces):
                return discarded
            pair = [
                {"id": self._log.new_id(), "item": item,
                 "meta": {"synthetic": True, "summary_for_turns": list(turns), "kind": kind}}
                for item, kind in zip(pair_items, (SUMMARY_PROMPT_KIND, SUMMARY_KIND))
            ]
            try:
                await self._write({"op": "summary", "replaces": replaces, "records": pair, "keep": kept_turns})
            except Exception as exc:  # noqa: BLE001 — a store that failed to write: history is as it was
                return SummaryEvent(SummaryStatus.FAILED, turns, f"storing the summary failed: {type(exc).__name__}: {exc}")
            # Another worker may have changed the prefix between our check and
            # our write; then the fold ignores the op. Read back to know.
            if not any(r.id == pair[0]["id"] for r in await self._load()):
                return discarded
        return SummaryEvent(SummaryStatus.APPLIED, turns, None, repaired)

    # ------------------------------------------------- the log, and its fold

    policy = "summarizing"
    #: Every op this session writes, with its fields (checked on every read from a store).
    OPS = {
        "add": {"items": [RECORD]},
        "pop": {"id": str},
        "summary": {"replaces": [str], "records": [_SUMMARY_RECORD], "keep": int},
    }
    RECORD = _SUMMARY_RECORD

    @staticmethod
    def new_state() -> list[Record]:
        return []

    @staticmethod
    def apply(records: list[Record], op: dict[str, Any]) -> bool:
        """Fold one logged op into the stored ``records``: this is where a summary replaces the prefix.

        * ``add``: append items; turn numbers are counted here, by the fold, so two
          workers appending at once can never both claim the same turn.
        * ``pop``: remove the record with that id (and its shadow prompt, for a summary).
        * ``summary``: replace the prefix with the synthetic pair — only if the
          prefix is still exactly the records the summary was computed from, and
          at least ``keep`` real turns still follow it (none was popped meanwhile).
        * ``snapshot``: start from these records (a stored fold, see :mod:`memlab.storage.log`).

        Returns:
            Whether the op changed anything (a stale summary or pop does not).
        """
        kind = op["op"]
        if kind == "add":
            turn = current_turn(records)
            for entry in op["items"]:
                record = Record(entry["item"], {"synthetic": False}, entry["id"])
                turn += record.is_turn_start
                record.meta["turn"] = turn
                records.append(record)
            return True
        if kind == "pop":
            at = next((i for i in range(len(records) - 1, -1, -1) if records[i].id == op["id"]), None)
            if at is None:
                return False
            first = at
            if records[at].kind == SUMMARY_KIND and at and records[at - 1].kind == SUMMARY_PROMPT_KIND:
                first = at - 1  # never leave half of the synthetic pair
            del records[first : at + 1]
            return True
        if kind == "snapshot":
            records[:] = [Record(e["item"], e["meta"], e["id"]) for e in op["records"]]
            return True
        if kind == "summary":
            replaces = op["replaces"]
            if not starts_with(records, replaces):
                return False  # the prefix changed after the summary was planned
            if sum(r.is_turn_start for r in records[len(replaces) :]) < op["keep"]:
                return False  # turns after the prefix were popped: the summary would swallow them
            records[: len(replaces)] = [Record(e["item"], e["meta"], e["id"]) for e in op["records"]]
            return True
        return False

    @staticmethod
    def records(records: list[Record]) -> list[dict[str, Any]]:
        return [{"id": r.id, "item": r.item, "meta": r.meta} for r in records]

    def _newest(self, records: list[Record]) -> tuple[Any, Item] | None:
        return (records[-1].id, records[-1].item) if records else None


class _OutOfTime(Exception):
    """The session's ``summary_timeout`` ran out."""


# ------------------------------------------------------------ what is stored

#: Metadata ``kind`` of the synthetic shadow prompt and of the summary message.
SUMMARY_PROMPT_KIND = "history_summary_prompt"
SUMMARY_KIND = "history_summary"


class SummaryStatus(StrEnum):
    """How one summary attempt ended (a ``str``: ``event.status == "applied"`` works)."""

    APPLIED = "applied"  #: the summary replaced the prefix
    FAILED = "failed"  #: the summarizer raised, timed out or returned no summary
    REJECTED = "rejected"  #: the fidelity gate refused it: it dropped a must-keep fact
    DISCARDED = "discarded"  #: history changed while summarizing; planned again
    OVER_BUDGET = "over_budget"  #: the kept turns alone exceed ``max_tokens``; nothing left to fold


@dataclass(frozen=True)
class SummaryEvent:
    """One entry of :attr:`SummarizingSession.summary_events`.

    Attributes:
        status: How it ended (:class:`SummaryStatus`).
        turns: ``(first, last)`` real turn numbers the summary covers (or would have).
        error: What went wrong, for any status but ``applied``.
        repaired: Facts a repairing gate appended to the summary.
    """

    status: SummaryStatus
    turns: tuple[int, int]
    error: str | None = None
    repaired: tuple[str, ...] = ()


@dataclass
class Record:
    """One stored item and memlab's metadata about it (never sent to the model)."""

    item: Item
    meta: dict[str, Any] = field(default_factory=dict)
    id: Any = None
    #: Whether this record opens a real user turn; decided once (every write counts turns).
    is_turn_start: bool = field(init=False)
    _tokens: int | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.is_turn_start = not self.meta.get("synthetic") and is_user_message(self.item)

    @property
    def kind(self) -> str | None:
        return self.meta.get("kind")

    @property
    def tokens(self) -> int:
        """The item's token count, counted once (only token budgets need it)."""
        if self._tokens is None:
            self._tokens = count_item(self.item)
        return self._tokens


_NOT_CANCELLED = "(from something it awaited, such as a task that was cancelled), though nobody cancelled the caller"


def _caller_cancelled() -> bool:
    """Whether the task running this code was asked to stop (``task.cancel()``).

    A ``CancelledError`` also comes out of ``await`` on a helper task that
    someone else cancelled, or a summarizer may raise it (or ``GeneratorExit``)
    itself; then nobody cancelled *us*, and it is the summarizer failing like any
    other error. Only a request to cancel the current task is passed on.
    """
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def current_turn(records: list[Record]) -> int:
    """The newest real turn number in ``records`` (0 before the first)."""
    for record in reversed(records):
        if "turn" in record.meta:
            return record.meta["turn"]
        if "summary_for_turns" in record.meta:
            return record.meta["summary_for_turns"][1]
    return 0


def starts_with(records: list[Record], ids: list[Any]) -> bool:
    """Whether ``records`` still begin with the records named by ``ids``, in that order."""
    return len(records) >= len(ids) and all(r.id == i for r, i in zip(records, ids))


def turn_range(records: list[Record]) -> tuple[int, int]:
    """``(first, last)`` real turn numbers covered by ``records`` (and earlier summaries)."""
    numbers: list[int] = []
    for r in records:
        numbers += r.meta.get("summary_for_turns", [])
        if r.meta.get("turn"):
            numbers.append(r.meta["turn"])
    return (min(numbers), max(numbers)) if numbers else (0, 0)
