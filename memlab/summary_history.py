"""What a summarizing session stores: records, the ops that change them, and summary events.

A :class:`~memlab.summarizing.SummarizingSession` keeps each item in a
:class:`Record`, with memlab's metadata *beside* it (never inside the item,
which goes to the model as is): which real user turn it belongs to, or — for
the synthetic summary pair — which turns the summary covers.

History changes only through four *ops*, applied by :func:`apply_op`: ``add``,
``pop``, ``summary`` and ``snapshot``. The in-memory session applies each op
as it happens; a stored session writes the ops to its store and folds them
back into records on every read (:mod:`memlab.storage`). One function for
both means the two can never drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .items import Item
from .tokens import count_item
from .turns import is_user_message

__all__ = [
    "SUMMARY_KIND",
    "SUMMARY_PROMPT_KIND",
    "Record",
    "SummaryEvent",
    "SummaryStatus",
    "apply_op",
    "snapshot_records",
    "starts_with",
    "turn_range",
]

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


def current_turn(records: list[Record]) -> int:
    """The newest real turn number in ``records`` (0 before the first)."""
    for record in reversed(records):
        if "turn" in record.meta:
            return record.meta["turn"]
        if "summary_for_turns" in record.meta:
            return record.meta["summary_for_turns"][1]
    return 0


def apply_op(records: list[Record], op: dict[str, Any]) -> bool:
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


def starts_with(records: list[Record], ids: list[Any]) -> bool:
    """Whether ``records`` still begin with the records named by ``ids``, in that order."""
    return len(records) >= len(ids) and all(r.id == i for r, i in zip(records, ids))


def snapshot_records(records: list[Record]) -> list[dict[str, Any]]:
    """The records as snapshot entries (see :mod:`memlab.storage`)."""
    return [{"id": r.id, "item": r.item, "meta": r.meta} for r in records]


def turn_range(records: list[Record]) -> tuple[int, int]:
    """``(first, last)`` real turn numbers covered by ``records`` (and earlier summaries)."""
    numbers: list[int] = []
    for r in records:
        numbers += r.meta.get("summary_for_turns", [])
        if r.meta.get("turn"):
            numbers.append(r.meta["turn"])
    return (min(numbers), max(numbers)) if numbers else (0, 0)
