"""Summarizing: fold older turns into a summary, keep the newest turns verbatim.

When the number of real user turns grows past ``context_limit``, the session
asks a :class:`Summarizer` to compress everything before the newest
``keep_last_n_turns`` turns. The result replaces that prefix as a *synthetic
pair*: a user "shadow" prompt asking for a recap, and an assistant message
holding the summary. The model then sees::

    [shadow prompt] [summary] [turn n-1 ...] [turn n ...]

Rules this session keeps (each one a bug in the cookbook version it follows):

* **Items stay verbatim.** Reasoning, tool calls and tool outputs are stored as
  given; memlab's bookkeeping lives in a metadata record *beside* each item and
  never reaches the model.
* **Only real user messages count as turns.** Tool outputs and the synthetic
  shadow prompt never do.
* **Nothing is lost.** The summarizer runs outside the lock; its summary replaces
  exactly the prefix it was computed from, and only if that prefix is unchanged.
  A summarizer that raises, times out, returns nothing, or drops a must-keep fact
  (the *fidelity gate*; with ``gate="repair"`` the dropped facts are appended to
  the summary instead) leaves history untouched; the failure is logged, recorded
  in :attr:`SummarizingSession.summary_events`, and retried when the next turn
  arrives (not on every write within a turn, which would stall the user).
* **Without a summarizer** the session never summarizes: it keeps and shows the
  whole history (nothing is replaced by a placeholder).
* **Any store.** History lives in memory, or with ``store=`` in any SDK session
  (SQLite file, Redis...) as a log of operations, metadata included
  (:mod:`memlab.storage`). A summary op names the records it replaces by id, so
  a summary computed for a prefix that another worker changed never applies.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Union, runtime_checkable

from agents.memory import Session
from agents.memory.session_settings import SessionSettings, resolve_session_limit

from ._sync import call_either
from ._validate import check_int, check_limit
from .prompts import SHADOW_PROMPT, summary_prompt
from .storage import MemoryLog, StoreLog, check_store
from .turns import Item, copy_items, drop_orphans, is_user_message, item_text, item_type, to_items

__all__ = [
    "Summarizer",
    "SummarizationError",
    "SummarizingSession",
    "LLMSummarizer",
    "render_transcript",
    "must_keep_facts",
]

logger = logging.getLogger(__name__)

#: A must-keep rule: a regex (string or compiled) whose matches are facts, or a
#: callable that takes the items being summarized and returns the facts.
MustKeep = Union[str, "re.Pattern[str]", Callable[[list[Item]], Iterable[str]]]

#: What the fidelity gate can do with a summary that dropped a must-keep fact.
GATE_MODES = ("reject", "repair")
#: Opens the line a repairing gate appends to a summary.
REPAIR_NOTE = "Facts the summary left out, kept verbatim by memlab's fidelity gate:"

SUMMARY_PROMPT_KIND = "history_summary_prompt"
SUMMARY_KIND = "history_summary"


class SummarizationError(RuntimeError):
    """A summary could not be made or was not applied (see the message)."""


@runtime_checkable
class Summarizer(Protocol):
    """Anything that turns items into ``(shadow_user_text, summary_text)``."""

    async def summarize(self, items: list[Item]) -> tuple[str, str]:
        """Summarize ``items`` (oldest first); may include an earlier summary pair.

        A summarizer may also accept a keyword argument ``must_keep`` (a list
        of strings): a session with fidelity-gate rules then passes the facts
        the summary must contain verbatim. (A ``summarize(items, **options)``
        receives it too.) A plain (not ``async``) method works
        too, but it runs on the event loop: keep it fast, or make it async.
        """
        ...


@dataclass
class _Record:
    """One stored item and memlab's metadata about it (never sent to the model)."""

    item: Item
    meta: dict[str, Any] = field(default_factory=dict)
    id: Any = None
    #: Whether this record opens a real user turn; decided once, because the
    #: session counts turns on every write.
    is_turn_start: bool = field(init=False)

    def __post_init__(self) -> None:
        self.is_turn_start = not self.meta.get("synthetic") and is_user_message(self.item)

    @property
    def kind(self) -> str | None:
        return self.meta.get("kind")


def _current_turn(records: list[_Record]) -> int:
    for record in reversed(records):
        if "turn" in record.meta:
            return record.meta["turn"]
        if "summary_for_turns" in record.meta:
            return record.meta["summary_for_turns"][1]
    return 0


def _apply(records: list[_Record], op: dict[str, Any]) -> bool:
    """Apply one logged operation to ``records`` (the fold step; see :mod:`memlab.storage`).

    * ``add``: append items; turn numbers are counted here, by the fold, so two
      workers appending at once can never both claim the same turn.
    * ``pop``: remove the record with that id (and its shadow prompt, for a summary).
    * ``summary``: replace the prefix with the synthetic pair — only if the
      prefix is still exactly the records the summary was computed from, and
      at least ``keep`` real turns still follow it (none was popped meanwhile).
    * ``snapshot``: start from these records (a stored fold, see :mod:`memlab.storage`).

    Returns:
        Whether the op changed anything (a stale summary or pop does not).
    """
    kind = op["op"]
    if kind == "add":
        turn = _current_turn(records)
        for entry in op["items"]:
            record = _Record(entry["item"], {"synthetic": False}, entry["id"])
            if record.is_turn_start:
                turn += 1
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
    if kind == "snapshot":  # a stored fold to start from (see memlab.storage)
        records[:] = [_Record(e["item"], e["meta"], e["id"]) for e in op["records"]]
        return True
    if kind == "summary":
        replaces = op["replaces"]
        if len(records) < len(replaces) or any(r.id != i for r, i in zip(records, replaces)):
            return False  # the prefix changed after the summary was planned
        if sum(r.is_turn_start for r in records[len(replaces) :]) < op.get("keep", 1):
            return False  # turns after the prefix were popped: the summary would swallow them
        records[: len(replaces)] = [_Record(e["item"], e["meta"], e["id"]) for e in op["records"]]
        return True
    return False


def _snapshot_records(records: list[_Record]) -> list[dict[str, Any]]:
    """The records as snapshot entries (see :mod:`memlab.storage`)."""
    return [{"id": r.id, "item": r.item, "meta": r.meta} for r in records]


def must_keep_facts(rules: Sequence[MustKeep], items: list[Item]) -> list[str]:
    """The facts the ``rules`` find in ``items``, unique and in first-seen order."""
    if not rules:
        return []  # no gate: skip rendering the transcript
    text = "\n".join(item_text(item) for item in items)
    facts: list[str] = []
    for rule in rules:
        if callable(rule):
            found = [str(fact) for fact in rule(items) if fact is not None]
        else:
            found = [m.group(0) for m in re.finditer(rule, text)]
        facts.extend(f for f in found if f and f not in facts)
    return facts


class SummarizingSession:
    """An SDK session that summarizes older turns and keeps the newest ones.

    Args:
        keep_last_n_turns: Turns kept verbatim after a summary. ``0`` still keeps
            the newest turn (a summary must never swallow the question being
            asked). Must be between 0 and ``context_limit``.
        context_limit: Summarize once there are more real user turns than this.
        summarizer: A :class:`Summarizer`; ``None`` means never summarize (the
            session then behaves like a plain, unbounded session).
        session_id: Names the conversation.
        must_keep: Fidelity-gate rules. Every fact they find in the prefix being
            replaced must appear verbatim (as a whole word, not inside a longer
            identifier) in the new summary, or the summary is rejected and
            history stays as it was.
        gate: What the fidelity gate does with a summary that dropped a fact:
            ``"reject"`` (the default) keeps history as it was and retries at
            the next turn; ``"repair"`` applies the summary with one line
            appended that lists the dropped facts verbatim. Reject trusts
            only the summarizer; repair guarantees progress: with a summarizer
            that keeps dropping a fact, reject never compresses anything.
        summary_timeout: Seconds to wait for the summarizer (``None``: no limit).
        raise_summary_errors: If true, ``add_items`` raises
            :class:`SummarizationError` after a failed summary (the new items are
            stored either way). By default the failure is only recorded.
        session_settings: The SDK's settings (default ``limit`` for reads).
        store: Where history lives. ``None`` (the default) keeps it in this
            object. Any SDK session (``SQLiteSession(session_id, "chat.db")``,
            ``RedisSession``...) keeps it there, summaries and metadata
            included, as a log of operations (:mod:`memlab.storage`); a new
            ``SummarizingSession`` on the same store continues the thread.
            ``summary_events`` stay per instance.

    Raises:
        ValueError: For parameters out of range or not integers, or a ``store``
            with another session id.
        TypeError: For a summarizer without ``summarize`` or a store that is
            not an SDK session.
    """

    def __init__(
        self,
        keep_last_n_turns: int = 2,
        context_limit: int = 4,
        summarizer: Summarizer | None = None,
        session_id: str | None = None,
        *,
        must_keep: Sequence[MustKeep] = (),
        gate: str = "reject",
        summary_timeout: float | None = 60.0,
        raise_summary_errors: bool = False,
        session_settings: SessionSettings | None = None,
        store: Session | None = None,
    ) -> None:
        self._context_limit, self._keep_last_n_turns = _check_limits(context_limit, keep_last_n_turns)
        if summarizer is not None and not callable(getattr(summarizer, "summarize", None)):
            raise TypeError("summarizer must have an async summarize(items) method")
        self.summarizer = summarizer
        if session_id is None:
            session_id = store.session_id if isinstance(store, Session) else "summarizing-session"
        self.session_id = session_id
        self.store = None if store is None else check_store(store, session_id)
        self._log: MemoryLog[list[_Record]] | StoreLog[list[_Record]] = (
            MemoryLog(list, _apply) if store is None else StoreLog(store, list, _apply, _snapshot_records, "summarizing")
        )
        self.must_keep = _check_must_keep(must_keep)
        self.gate = gate  # validated by the property below
        if summary_timeout is not None and (
            isinstance(summary_timeout, bool) or not isinstance(summary_timeout, (int, float)) or summary_timeout <= 0
        ):
            raise ValueError(f"summary_timeout must be a positive number of seconds or None, got {summary_timeout!r}")
        self.summary_timeout = summary_timeout
        self.raise_summary_errors = raise_summary_errors
        self.session_settings = session_settings
        #: What happened at each trigger: dicts with ``status`` ("applied",
        #: "failed", "rejected" or "discarded"), ``turns`` and ``error``; a
        #: summary the gate repaired is "applied" and also has ``repaired``
        #: (the facts it added).
        self.summary_events: list[dict[str, Any]] = []
        self._seen: list[_Record] = []
        self._lock = asyncio.Lock()
        self._summarizing = False
        # Real turns in history when the last summary failed: retry only once
        # a new turn has arrived, never again within the same turn.
        self._failed_at_turns: int | None = None

    # ----------------------------------------------------------- SDK protocol

    async def get_items(self, limit: int | None = None) -> list[Item]:
        """The model's view: the summary pair (if any) and the kept turns, as copies.

        ``limit`` follows the SDK rule (``None`` all, ``<= 0`` none, else newest
        N items). A cut never keeps half of the synthetic pair or an orphan.
        """
        limit = resolve_session_limit(limit, self.session_settings)
        async with self._lock:
            records = await self._load()
            if limit is not None:
                check_limit(limit)
                if limit <= 0:
                    return []
                records = records[-limit:]
                if records and records[0].kind == SUMMARY_KIND:
                    records = records[1:]  # its shadow prompt was cut off: drop both
            return copy_items(drop_orphans([r.item for r in records]))

    async def add_items(self, items: list[Any]) -> None:
        """Store ``items`` (copied), then summarize if there are too many turns.

        Raises:
            TypeError: If an item is neither a dict nor an SDK item (nothing is
                stored then).
            SummarizationError: Only with ``raise_summary_errors=True``, when the
                summary failed; the items are stored regardless.
        """
        new = to_items(items)
        if new:
            async with self._lock:
                entries = [{"id": self._log.new_id(), "item": item} for item in new]
                await self._log.append({"op": "add", "items": entries})
        await self._summarize_while_needed()

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
            self._failed_at_turns = None

    # ------------------------------------------------------------ inspection

    async def get_items_with_metadata(self) -> list[dict[str, Any]]:
        """Every stored record as ``{"message": item, "metadata": {...}}`` (copies).

        Metadata keys: ``synthetic`` (bool); for real items ``turn`` (the real
        user turn number it belongs to, 1-based; 0 before the first); for the
        synthetic pair ``kind`` (``history_summary_prompt`` or
        ``history_summary``) and ``summary_for_turns`` (``[first, last]`` turn
        numbers the summary covers).
        """
        async with self._lock:
            records = await self._load()
            return copy_items({"message": r.item, "metadata": r.meta} for r in records)

    get_full_history = get_items_with_metadata

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
        """The error of the newest failed/rejected summary, if the newest event failed."""
        if self.summary_events and self.summary_events[-1]["status"] != "applied":
            return self.summary_events[-1]["error"]
        return None

    @property
    def gate(self) -> str:
        """``"reject"`` or ``"repair"``: what the fidelity gate does (assignment is validated)."""
        return self._gate

    @gate.setter
    def gate(self, value: str) -> None:
        if value not in GATE_MODES:
            raise ValueError(f"gate must be one of {', '.join(map(repr, GATE_MODES))}, got {value!r}")
        self._gate = value

    @property
    def context_limit(self) -> int:
        """Summarize once there are more real user turns than this (assignment is validated)."""
        return self._context_limit

    @context_limit.setter
    def context_limit(self, value: int) -> None:
        self._context_limit, _ = _check_limits(value, self._keep_last_n_turns)

    @property
    def keep_last_n_turns(self) -> int:
        """Turns kept verbatim after a summary (assignment is validated; ``0`` acts as ``1``)."""
        return self._keep_last_n_turns

    @keep_last_n_turns.setter
    def keep_last_n_turns(self, value: int) -> None:
        _, self._keep_last_n_turns = _check_limits(self._context_limit, value)

    async def set_limits(self, *, context_limit: int | None = None, keep_last_n_turns: int | None = None) -> None:
        """Change both limits at once (validated together); summarizes at once if now over.

        Unlike assigning the attributes, this also retries a summary that failed
        earlier in the current turn.
        """
        async with self._lock:
            self._context_limit, self._keep_last_n_turns = _check_limits(
                self._context_limit if context_limit is None else context_limit,
                self._keep_last_n_turns if keep_last_n_turns is None else keep_last_n_turns,
            )
            self._failed_at_turns = None
        await self._summarize_while_needed()

    # -------------------------------------------------------------- internals

    async def _load(self) -> list[_Record]:
        """The current records (call under the lock); remembered for :attr:`summary_text`."""
        self._seen = await self._log.load()
        return self._seen

    def _prefix_to_summarize(self, records: list[_Record]) -> list[_Record] | None:
        """The records a summary should replace now, or ``None``.

        ``None`` when there are no more than ``context_limit`` real turns, or
        when a summary already failed at this number of turns (a failing or
        slow summarizer is retried once per new turn, not on every write).
        """
        starts = [i for i, r in enumerate(records) if r.is_turn_start]
        if len(starts) <= self.context_limit or len(starts) == self._failed_at_turns:
            return None
        keep = max(1, self.keep_last_n_turns)
        return records[: starts[-keep]]

    async def _summarize_while_needed(self) -> None:
        # Single flight: a second caller returns at once; the running loop
        # re-checks after each applied summary, so its items are covered too.
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
                if event["status"] == "discarded":
                    continue  # history changed under us: plan again
                self._failed_at_turns = None
                if event["status"] != "applied":
                    self._failed_at_turns = sum(r.is_turn_start for r in records)
                    logger.warning("memlab: summary %s: %s", event["status"], event["error"])
                    if self.raise_summary_errors:
                        raise SummarizationError(event["error"])
                    return
        finally:
            self._summarizing = False

    async def _summarize(self, prefix: list[_Record]) -> dict[str, Any]:
        """Run the summarizer on ``prefix`` (outside the lock) and apply the result."""
        items = copy_items(r.item for r in prefix)
        turns = _turn_range(prefix)
        event: dict[str, Any] = {"status": "applied", "turns": list(turns), "error": None}
        deadline = asyncio.timeout(self.summary_timeout)
        try:
            facts = must_keep_facts(self.must_keep, items)
            asked = {"must_keep": facts} if facts and _takes_must_keep(self.summarizer) else {}
            async with deadline:
                result = self.summarizer.summarize(items, **asked)  # type: ignore[union-attr]
                shadow, summary = await result if inspect.isawaitable(result) else result
            if not isinstance(summary, str) or not summary.strip():
                raise SummarizationError("the summarizer returned an empty summary")
            if shadow is not None and not isinstance(shadow, str):
                raise SummarizationError(f"the shadow prompt must be text, got {type(shadow).__name__}")
            summary, shadow = str(summary).strip(), str(shadow or SHADOW_PROMPT)  # plain str, even from a subclass
            missing = [f for f in facts if not _states(summary, f)]
        except Exception as exc:  # any failure (summarizer or rule) leaves history as it was
            error = f"{type(exc).__name__}: {exc}"
            if isinstance(exc, TimeoutError) and deadline.expired():  # our limit, not the summarizer's own
                error = f"summarizer timed out after {self.summary_timeout}s"
            return {**event, "status": "failed", "error": error}
        if missing and self.gate == "reject":
            return {**event, "status": "rejected", "error": f"fidelity gate: summary dropped {missing}"}
        if missing:  # gate="repair": carry the dropped facts over verbatim
            summary += f"\n\n{REPAIR_NOTE} {', '.join(missing)}"
            event["repaired"] = missing
            logger.info("memlab: fidelity gate repaired a summary that dropped %s", missing)
        discarded = {**event, "status": "discarded", "error": "history changed while summarizing"}
        replaces = [r.id for r in prefix]
        async with self._lock:
            records = await self._load()
            if len(records) < len(replaces) or any(r.id != i for r, i in zip(records, replaces)):
                return discarded
            pair = [
                {"id": self._log.new_id(), "item": {"role": "user", "content": shadow},
                 "meta": {"synthetic": True, "summary_for_turns": list(turns), "kind": SUMMARY_PROMPT_KIND}},
                {"id": self._log.new_id(), "item": {"role": "assistant", "content": summary},
                 "meta": {"synthetic": True, "summary_for_turns": list(turns), "kind": SUMMARY_KIND}},
            ]
            keep = max(1, self.keep_last_n_turns)
            try:
                await self._log.append({"op": "summary", "replaces": replaces, "records": pair, "keep": keep})
            except Exception as exc:  # a store that failed to write: history is as it was
                error = f"storing the summary failed: {type(exc).__name__}: {exc}"
                return {**event, "status": "failed", "error": error}
            # Another worker may have changed the prefix between our check and
            # our write; then the fold ignores the op. Read back to know.
            if not any(r.id == pair[0]["id"] for r in await self._load()):
                return discarded
        return event


def _states(summary: str, fact: str) -> bool:
    """Whether ``summary`` holds ``fact`` whole: ``ORD-7391`` is not kept by ``ORD-73914``."""
    return re.search(rf"(?<![\w-]){re.escape(fact)}(?![\w-])", summary) is not None


def incomplete_reason(response: Any) -> str | None:
    """Why a Responses API reply was cut short (``max_output_tokens``...), or ``None`` if it is whole."""
    if getattr(response, "status", None) != "incomplete":
        return None
    details = getattr(response, "incomplete_details", None)
    return getattr(details, "reason", None) or "unknown reason"


def _takes_must_keep(summarizer: Any) -> bool:
    """Whether ``summarizer.summarize`` accepts the ``must_keep`` keyword."""
    try:
        parameters = inspect.signature(summarizer.summarize).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "must_keep" or p.kind is p.VAR_KEYWORD for p in parameters)


def _check_must_keep(rules: Any) -> list[MustKeep]:
    """Validate fidelity-gate rules: a list of regexes (text or compiled) and callables."""
    if isinstance(rules, (str, bytes, re.Pattern)) or callable(rules):
        raise TypeError("must_keep must be a list of rules, e.g. must_keep=[r'ORD-\\d{5}']")
    checked = []
    for rule in rules:
        if isinstance(rule, str):
            try:
                re.compile(rule)
            except re.error as exc:
                raise ValueError(f"must_keep rule {rule!r} is not a valid regular expression: {exc}") from None
        elif not (isinstance(rule, re.Pattern) or callable(rule)):
            raise TypeError(f"a must_keep rule is a regex or a callable, not {type(rule).__name__}")
        checked.append(rule)
    return checked


def _check_limits(context_limit: Any, keep_last_n_turns: Any) -> tuple[int, int]:
    check_int("context_limit", context_limit, minimum=1)
    check_int("keep_last_n_turns", keep_last_n_turns, minimum=0)
    if keep_last_n_turns > context_limit:
        raise ValueError(
            f"keep_last_n_turns ({keep_last_n_turns}) must not exceed context_limit ({context_limit})"
        )
    return context_limit, keep_last_n_turns


def _turn_range(records: list[_Record]) -> list[int]:
    """``[first, last]`` real turn numbers covered by ``records`` (and earlier summaries)."""
    numbers: list[int] = []
    for r in records:
        numbers += r.meta.get("summary_for_turns", [])
        if r.meta.get("turn"):
            numbers.append(r.meta["turn"])
    return [min(numbers), max(numbers)] if numbers else [0, 0]


# ----------------------------------------------------------------- LLM summarizer


#: What an identifier looks like (ORD-12345, SN-AB12CD34, E-2107, TCK-123456):
#: capitals, a hyphen, capitals or digits. Cut tool outputs still name them.
_IDENTIFIER = re.compile(r"\b[A-Z][A-Z0-9]*-[A-Z0-9][A-Z0-9-]*\b")


def render_transcript(items: list[Item], tool_trim_limit: int = 600) -> str:
    """Render items as a role-prefixed transcript, one line per item.

    Every item kind appears: list-of-parts content is joined, tool calls show
    their name and arguments, tool outputs longer than ``tool_trim_limit``
    characters are cut — saying how much was cut and which identifiers the
    cut part held, so a summary can still keep them.
    """
    lines = []
    for item in items:
        kind = item_type(item)
        text = item_text(item)
        if kind == "message":
            lines.append(f"{str(item.get('role', 'user')).upper()}: {text}")
        elif kind in ("function_call", "custom_tool_call"):
            lines.append(f"TOOL CALL [{item.get('call_id', '?')}]: {text}")
        elif kind in ("function_call_output", "custom_tool_call_output"):
            if len(text) > tool_trim_limit:
                cut = text[tool_trim_limit:]
                ids = list(dict.fromkeys(_IDENTIFIER.findall(cut)))
                note = f"; identifiers in the cut part: {', '.join(ids)}" if ids else ""
                text = f"{text[:tool_trim_limit]} … [{len(cut)} more characters cut{note}]"
            lines.append(f"TOOL RESULT [{item.get('call_id', '?')}]: {text}")
        elif kind == "reasoning":
            if text.strip():
                lines.append(f"REASONING: {text}")
        else:
            lines.append(f"{kind.upper()}: {text}")
    return "\n".join(lines)


class LLMSummarizer:
    """A :class:`Summarizer` that asks a model through the Responses API.

    Args:
        client: An ``openai.AsyncOpenAI`` (or a sync ``openai.OpenAI``, called in
            a worker thread). memlab's offline client works the same way.
        model: The model name.
        max_tokens: ``max_output_tokens`` for the summary (the API's minimum is
            16). A response cut short by this limit is an error, never a half
            summary.
        tool_trim_limit: Tool outputs longer than this many characters are cut
            in the transcript.
        agent_instructions: The agent's own instructions, so the prompt can ask
            the summarizer to flag steps that contradicted them.
        timeout: Seconds for one request (the client also retries transient
            errors itself, ``max_retries`` times).

    Raises:
        ValueError: For ``max_tokens`` below 16 or a non-positive ``tool_trim_limit``.
    """

    def __init__(
        self,
        client: Any,
        model: str = "gpt-4.1-mini",
        max_tokens: int = 800,
        tool_trim_limit: int = 600,
        *,
        agent_instructions: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        self.client = client
        self.model = model
        self.max_tokens = check_int("max_tokens", max_tokens, minimum=16)  # the API's minimum
        self.tool_trim_limit = check_int("tool_trim_limit", tool_trim_limit, minimum=1)
        self.agent_instructions = agent_instructions
        self.timeout = timeout

    async def summarize(self, items: list[Item], must_keep: Sequence[str] = ()) -> tuple[str, str]:
        """Return ``(shadow_user_text, summary_text)`` for ``items``.

        Args:
            items: What to summarize, oldest first.
            must_keep: Facts the summary must hold verbatim; the prompt lists
                them (a :class:`SummarizingSession` with ``must_keep=`` rules
                passes what its rules found).

        Raises:
            SummarizationError: If the response is incomplete or empty.
        """
        request = {
            "model": self.model,
            "instructions": summary_prompt(self.agent_instructions, list(must_keep)),
            "input": [{"role": "user", "content": render_transcript(items, self.tool_trim_limit)}],
            "max_output_tokens": self.max_tokens,
            "timeout": self.timeout,
        }
        response = await call_either(self.client.responses.create, **request)
        reason = incomplete_reason(response)
        if reason is not None:
            raise SummarizationError(f"summary response incomplete ({reason}); raise max_tokens")
        summary = (getattr(response, "output_text", "") or "").strip()
        if not summary:
            raise SummarizationError("the model returned an empty summary")
        return SHADOW_PROMPT, summary
