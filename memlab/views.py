"""What the model sees: views of a transcript under each memory policy, as data.

The explorer widgets and the evals both call these functions; none of them
re-implements a policy. Trimming views come straight from
:func:`memlab.trimming.trim_view`. Summarizing views come from *replaying* the
transcript turn by turn through a real :class:`~memlab.SummarizingSession`
(with a deterministic summarizer), so what a reader sees is exactly what the
session does.

A view is taken *after* a turn: ``turn=t`` shows the history the model would
receive on turn ``t + 1``, next to the full history of turns ``1..t``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pandas as pd

from ._sync import run_sync
from .gate import FidelityGate
from .offline import OfflineSummarizer, transcript
from .summarizer import Summarizer
from .summarizing import SUMMARY_KIND, SummarizingSession, SummaryStatus
from .tokens import count_item
from .trimming import trim_view
from .turns import Item, is_user_message, item_text, item_type, to_item

__all__ = [
    "STATUSES",
    "Transcript",
    "HistoryView",
    "SummaryReplay",
    "full_view",
    "trimming_view",
    "tokens_per_turn",
]

#: Row statuses, with the colour the widgets paint them and what they mean.
STATUSES: dict[str, tuple[str, str]] = {
    "sent": ("#d3f4dc", "sent to the model verbatim"),
    "dropped": ("#ececec", "dropped: the model no longer sees it"),
    "summarized": ("#fff0c2", "folded into the summary"),
    "summary": ("#d9e6ff", "synthetic summary pair (written by memlab)"),
}

COLUMNS = ["turn", "kind", "preview", "tokens", "status"]


def _kind(item: Item) -> str:
    kind = item_type(item)
    return f"{item.get('role', 'user')} message" if kind == "message" else kind


def _preview(item: Item, width: int = 90) -> str:
    text = " ".join(item_text(item).split())
    return text if len(text) <= width else text[: width - 1] + "…"


@dataclass
class Transcript:
    """A conversation's full item history, with per-item turn numbers and tokens.

    Build it once (``Transcript.of(items_or_conversation)``); every view reuses
    its token counts.
    """

    items: list[Item]
    turn_of: list[int] = field(init=False)
    tokens: list[int] = field(init=False)
    turn_end: list[int] = field(init=False)  # turn_end[t] = index just past turn t

    def __post_init__(self) -> None:
        self.items = [to_item(item) for item in self.items]
        self.turn_of, turn = [], 0
        self.turn_end = [0]
        for i, item in enumerate(self.items):
            if is_user_message(item):
                turn += 1
                if turn > 1:
                    self.turn_end.append(i)
            self.turn_of.append(turn)
        self.turn_end.append(len(self.items))
        if turn == 0:
            self.turn_end = [len(self.items)]
        self.tokens = [count_item(item) for item in self.items]

    @classmethod
    def of(cls, source: Any) -> Transcript:
        """A transcript from a list of items, a ``Conversation``, or a transcript."""
        if isinstance(source, Transcript):
            return source
        if hasattr(source, "user_turns"):
            return cls(transcript(source))
        if isinstance(source, list):
            return cls(source)
        raise TypeError(f"expected a Conversation or a list of items, not {type(source).__name__}")

    @property
    def n_turns(self) -> int:
        return len(self.turn_end) - 1

    def upto(self, turn: int) -> list[Item]:
        """The items of turns ``1..turn`` (plus any preamble)."""
        return self.items[: self.turn_end[turn]]

    def check_turn(self, turn: int) -> int:
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= self.n_turns:
            raise ValueError(f"turn must be an integer from 0 to {self.n_turns}, got {turn!r}")
        return turn


@dataclass(frozen=True)
class HistoryView:
    """One moment of one policy: the full history so far and what the model gets.

    Attributes:
        turn: The view is taken after this turn.
        items: What the model receives as history on the next run (copies).
        rows: One row per item of turns ``1..turn`` (columns :data:`COLUMNS`),
            plus the synthetic summary rows where they sit in the model's view.
        summary_text: The current summary, if any.
        summarized_at: Turns after which a summary was applied, so far.
    """

    turn: int
    items: list[Item]
    rows: pd.DataFrame
    summary_text: str | None = None
    summarized_at: tuple[int, ...] = ()

    @cached_property
    def counters(self) -> dict[str, int]:
        """Items and tokens in the model's view vs the full history."""
        real = self.rows[self.rows["status"] != "summary"]
        sent = self.rows[self.rows["status"].isin(["sent", "summary"])]
        return {
            "view_items": len(self.items),
            "view_tokens": int(sent["tokens"].sum()),
            "full_items": len(real),
            "full_tokens": int(real["tokens"].sum()),
        }


def _rows(transcript: Transcript, turn: int, statuses: list[str]) -> dict[str, list[Any]]:
    end = transcript.turn_end[turn]
    items = transcript.items[:end]
    return {
        "turn": transcript.turn_of[:end],
        "kind": [_kind(item) for item in items],
        "preview": [_preview(item) for item in items],
        "tokens": transcript.tokens[:end],
        "status": statuses,
    }


def full_view(transcript: Transcript, turn: int) -> HistoryView:
    """No policy: the model receives everything."""
    transcript.check_turn(turn)
    items = transcript.upto(turn)
    return HistoryView(turn, [dict(i) for i in items], pd.DataFrame(_rows(transcript, turn, ["sent"] * len(items))))


def trimming_view(transcript: Transcript, max_turns: int, turn: int) -> HistoryView:
    """The :func:`~memlab.trimming.trim_view` policy after ``turn``."""
    transcript.check_turn(turn)
    history = transcript.upto(turn)
    view = trim_view(history, max_turns)
    kept = {id(item) for item in view}
    statuses = ["sent" if id(item) in kept else "dropped" for item in history]
    return HistoryView(turn, [dict(i) for i in view], pd.DataFrame(_rows(transcript, turn, statuses)))


@dataclass(frozen=True)
class _Snapshot:
    records: list[dict[str, Any]]
    summarized_at: tuple[int, ...]


class SummaryReplay:
    """A transcript replayed through a real ``SummarizingSession``, turn by turn.

    Args:
        transcript: The history to replay.
        context_limit, keep_last_n_turns: The session's parameters.
        summarizer: A deterministic :class:`~memlab.Summarizer`; by default
            memlab's offline extractive summarizer (the same text the offline
            model writes for a summary request).
        must_keep: Fidelity-gate rules passed to the session.
    """

    def __init__(
        self,
        transcript: Transcript,
        context_limit: int,
        keep_last_n_turns: int,
        summarizer: Summarizer | None = None,
        must_keep: list[Any] | tuple[Any, ...] = (),
    ) -> None:
        self.transcript = transcript
        self.session = SummarizingSession(
            keep_last_n_turns, context_limit, summarizer or OfflineSummarizer(), session_id="replay",
            gate=FidelityGate(list(must_keep)) if must_keep else None,
        )
        self.snapshots: list[_Snapshot] = run_sync(self._replay())

    async def _replay(self) -> list[_Snapshot]:
        snapshots = [_Snapshot([], ())]
        summarized_at: list[int] = []
        t = self.transcript
        for turn in range(1, t.n_turns + 1):
            before = len([e for e in self.session.summary_events if e.status == SummaryStatus.APPLIED])
            await self.session.add_items(t.items[t.turn_end[turn - 1] : t.turn_end[turn]])
            if len([e for e in self.session.summary_events if e.status == SummaryStatus.APPLIED]) > before:
                summarized_at.append(turn)
            snapshots.append(_Snapshot(await self.session.get_items_with_metadata(), tuple(summarized_at)))
        return snapshots

    def view(self, turn: int) -> HistoryView:
        """The session's state after ``turn``, as a :class:`HistoryView`."""
        t = self.transcript
        t.check_turn(turn)
        snapshot = self.snapshots[turn]
        kept_turns = {r["metadata"].get("turn") for r in snapshot.records if not r["metadata"]["synthetic"]}
        synthetic = [r for r in snapshot.records if r["metadata"]["synthetic"]]
        covered = synthetic[0]["metadata"]["summary_for_turns"] if synthetic else [1, 0]
        statuses = []
        for k in t.turn_of[: t.turn_end[turn]]:
            if k in kept_turns:
                statuses.append("sent")
            elif covered[0] <= k <= covered[1]:
                statuses.append("summarized")
            else:
                statuses.append("dropped")
        rows = pd.DataFrame(_rows(t, turn, statuses))
        summary_text = None
        if synthetic:
            pair = pd.DataFrame(
                {
                    "turn": [covered[1]] * len(synthetic),
                    "kind": [f"{r['message']['role']} message ({r['metadata']['kind']})" for r in synthetic],
                    "preview": [_preview(r["message"]) for r in synthetic],
                    "tokens": [count_item(r["message"]) for r in synthetic],
                    "status": ["summary"] * len(synthetic),
                }
            )
            first_sent = statuses.index("sent") if "sent" in statuses else len(statuses)
            rows = pd.concat([rows.iloc[:first_sent], pair, rows.iloc[first_sent:]], ignore_index=True)
            summary_text = next(item_text(r["message"]) for r in synthetic if r["metadata"]["kind"] == SUMMARY_KIND)
        items = [r["message"] for r in snapshot.records]
        return HistoryView(turn, items, rows, summary_text, snapshot.summarized_at)


def tokens_per_turn(
    transcript: Transcript,
    max_turns: int,
    replay: SummaryReplay,
) -> pd.DataFrame:
    """Input tokens of the first model call of each turn, per policy.

    Row ``t`` counts the history view after turn ``t - 1`` plus turn ``t``'s
    user message: the cost curves a reader watches diverge.
    """
    rows = []
    for turn in range(1, transcript.n_turns + 1):
        user_tokens = transcript.tokens[transcript.turn_end[turn - 1]]
        full = sum(transcript.tokens[: transcript.turn_end[turn - 1]])
        trimmed = trimming_view(transcript, max_turns, turn - 1).counters["view_tokens"]
        summarized = replay.view(turn - 1).counters["view_tokens"]
        rows.append(
            {"turn": turn, "full history": full + user_tokens, "trimming": trimmed + user_tokens,
             "summarizing": summarized + user_tokens}
        )
    return pd.DataFrame(rows).set_index("turn")
