"""What the model saw, and what it forgot: tables computed from a replay.

The explorers (:mod:`memlab.lab.widgets`) never re-implement a policy. They replay
the conversation through the real ``Runner`` under the chosen setting
(:func:`memlab.evals.run`) and show what that replay recorded. This module
turns a :class:`~memlab.evals.Replay` into the tables they show, as pandas
DataFrames a notebook can read too:

* :func:`sent_rows` — what the model was sent at a turn, in order (for
  summarizing, the summary pair first; for compaction, the compaction item);
* :func:`history_rows` — every item of the conversation so far, marked with
  what happened to it at that turn: sent, trimmed, dropped, folded into a
  summary, or new in this turn;
* :func:`fact_rows` — each planted fact: when it entered, the last turn the
  model could still see it, and whether the probe for it was answered right;
* :func:`counters` — the tokens the API billed at and up to a turn, against
  the same for full history;
* :func:`summary_sent` — the summary a turn's model call carried, in full (the
  tables show every item as a one-line preview).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..evals.replay import Replay
from ..facts import has_fact
from ..items import Item
from ..tokens import count_item
from ..turns import item_text, item_type

__all__ = ["COLUMNS", "STATUSES", "counters", "fact_rows", "history_rows", "item_row", "sent_rows", "summary_sent"]

#: Row statuses: the colour the widgets paint them, and what they mean.
STATUSES: dict[str, tuple[str, str]] = {
    "sent": ("#d3f4dc", "sent to the model verbatim"),
    "trimmed": ("#e8f5c8", "sent, but cut short (an old tool output)"),
    "summary": ("#d9e6ff", "the summary memlab wrote (or the server's compaction item)"),
    "folded": ("#fff0c2", "not sent: only the summary carries it"),
    "dropped": ("#ececec", "not sent: the model no longer sees it"),
    "new": ("#f1e6ff", "this turn: the question, and what came after the call shown"),
}

COLUMNS = ["turn", "kind", "preview", "tokens", "status", "fact"]


def item_row(item: Item, status: str, *, turn: int | None = None, fact: str = "", width: int = 110) -> dict[str, Any]:
    """One table row (:data:`COLUMNS`) for ``item``: its kind, a one-line preview, its tokens.

    Args:
        item: The item.
        status: One of :data:`STATUSES`.
        turn: The turn it came from (``None`` for a summary or a compaction item).
        fact: The planted facts it states, comma-separated.
        width: The preview's length in characters, at most.
    """
    kind = item_type(item)
    text = " ".join(item_text(item).split())
    return {
        "turn": turn,
        "kind": f"{item.get('role', 'user')} message" if kind == "message" else kind,
        "preview": text if len(text) <= width else text[: width - 1] + "…",
        "tokens": count_item(item),
        "status": status,
        "fact": fact,
    }


def _key(item: Item) -> tuple[Any, ...]:
    """What makes an item the same item, whatever copy of it a store or the SDK hands back."""
    return (item_type(item), item.get("role"), item.get("call_id"), item_text(item))


def _call_key(item: Item) -> tuple[Any, ...] | None:
    """A tool output's identity regardless of its text (a trimmer shortens the text)."""
    return (item_type(item), item.get("call_id")) if item.get("call_id") is not None else None


def _check_turn(replay: Replay, turn: Any) -> int:
    last = len(replay.history)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= last:
        raise ValueError(f"turn must be an integer from 1 to {last}, got {turn!r}")
    return turn


def _sent_statuses(replay: Replay, turn: int) -> list[tuple[Item, int | None, str]]:
    """``(item, turn it came from, status)`` for each item of the turn's first model call, in order."""
    _check_turn(replay, turn)
    origin: dict[tuple[Any, ...], int] = {}
    for number, items in enumerate(replay.history[:turn], start=1):
        for item in items:
            origin.setdefault(_key(item), number)
            if _call_key(item) is not None:
                origin.setdefault(_call_key(item), number)
    found = []
    sent = replay.sent(turn)
    for position, item in enumerate(sent):
        from_turn = origin.get(_key(item))
        status = "sent"
        if from_turn is None and _call_key(item) in origin:
            from_turn, status = origin[_call_key(item)], "trimmed"
        elif from_turn is None:
            status = "summary"
        if position == len(sent) - 1 and from_turn == turn:
            status = "new"
        found.append((item, from_turn, status))
    return found


def sent_rows(replay: Replay, turn: int) -> pd.DataFrame:
    """The input of the turn's first model call, in order, one row per item.

    Columns :data:`COLUMNS`; ``turn`` is the turn an item came from (``<NA>``
    for the summary pair or a compaction item, which no turn wrote).
    """
    rows = [item_row(item, status, turn=from_turn) for item, from_turn, status in _sent_statuses(replay, turn)]
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame["turn"] = frame["turn"].astype("Int64")
    return frame


def summary_sent(replay: Replay, turn: int) -> str | None:
    """The summary the turn's first model call carried, as the model read it (``None`` if it carried none).

    That is the text of the assistant message of the synthetic pair: the note
    a summarizer wrote (and a fidelity gate may have repaired). A compaction
    item is opaque, so it gives ``None`` too.
    """
    for item, _, status in _sent_statuses(replay, turn):
        if status == "summary" and item_type(item) == "message" and item.get("role") == "assistant":
            return item_text(item)
    return None


def history_rows(replay: Replay, turn: int) -> pd.DataFrame:
    """Every item of turns ``1..turn``, marked with what happened to it in ``turn``'s first model call.

    * ``sent`` / ``trimmed``: in the call's input (verbatim / cut short);
    * ``folded``: not sent, but a summary (or compaction item) was, so only it
      can still carry the item's content;
    * ``dropped``: not sent, and no summary either;
    * ``new``: items of ``turn`` itself (its question was sent; its tool
      calls, outputs and reply came after).

    The ``fact`` column names the planted facts an item states.
    """
    _check_turn(replay, turn)
    sent = replay.sent(turn)
    keys = {_key(item) for item in sent}
    calls = {_call_key(item) for item in sent if _call_key(item) is not None}
    summarized = any(status == "summary" for _, _, status in _sent_statuses(replay, turn))
    facts = replay.conversation.facts
    rows = []
    for number, items in enumerate(replay.history[:turn], start=1):
        for item in items:
            if number == turn:
                status = "new"
            elif _key(item) in keys:
                status = "sent"
            elif _call_key(item) in calls:
                status = "trimmed"
            else:
                status = "folded" if summarized else "dropped"
            text = item_text(item)
            planted = ", ".join(f.key for f in facts if f.turn == number and has_fact(text, f.key, f.value))
            rows.append(item_row(item, status, turn=number, fact=planted))
    return pd.DataFrame(rows, columns=COLUMNS)


def fact_rows(replay: Replay, turn: int | None = None) -> pd.DataFrame:
    """One row per planted fact, as things stood at ``turn`` (default: the last turn).

    Columns: ``fact``, ``value``, ``planted`` (turn); ``in_view`` (whether the
    turn's first model call carried it); ``last_seen`` (the last turn up to
    ``turn`` whose first call carried it); ``forgotten`` (the first turn up to
    ``turn`` that lacked it, ``<NA>`` if none: a fact can come back into view
    after that when the conversation repeats it); ``probe`` (the turn that asks
    for it, ``<NA>`` if none); ``at_probe`` (whether the probe's call carried
    it); ``expected``, ``answer``, ``correct``.
    """
    last = len(replay.history) if turn is None else _check_turn(replay, turn)
    missing = replay.turns.set_index("turn")["facts_missing"]
    probes = {row.probe: row for row in replay.turns.itertuples() if isinstance(row.probe, str)}
    rows = []
    for fact in replay.conversation.facts:
        # a fact is in view from the turn that plants it until a call lacks it
        shown = {t: fact.key not in keys for t, keys in missing.items() if t >= fact.turn}
        seen = [t for t, ok in shown.items() if ok and t <= last]
        lost = [t for t, ok in shown.items() if not ok and t <= last]
        probe = probes.get(fact.key)
        rows.append({
            "fact": fact.key, "value": fact.value, "planted": fact.turn,
            "in_view": shown.get(last, False),
            "last_seen": seen[-1] if seen else pd.NA, "forgotten": lost[0] if lost else pd.NA,
            "probe": probe.turn if probe is not None else pd.NA,
            "at_probe": shown.get(probe.turn, False) if probe is not None else pd.NA,
            "expected": probe.expected if probe is not None else None,
            "answer": probe.answer if probe is not None else None,
            "correct": probe.correct if probe is not None else pd.NA,
        })
    frame = pd.DataFrame(rows, columns=["fact", "value", "planted", "in_view", "last_seen", "forgotten", "probe",
                                        "at_probe", "expected", "answer", "correct"])
    for column in ("last_seen", "forgotten", "probe"):
        frame[column] = frame[column].astype("Int64")
    for column in ("at_probe", "correct"):
        frame[column] = frame[column].astype("boolean")
    frame["in_view"] = frame["in_view"].astype(bool)
    return frame


def counters(replay: Replay, turn: int, full: Replay | None = None) -> dict[str, Any]:
    """Tokens the API billed at ``turn`` and up to it, against full history's.

    Returns:
        ``input``, ``output``, ``memory`` (the policy's own calls) and ``total``
        for the turn; ``cumulative`` (total up to and including it); and, given
        the full-history replay of the same conversation, ``full_cumulative``
        and ``share`` (cumulative / full_cumulative; ``None`` without it).
        A summarizer memlab could not meter makes ``memory`` and the totals ``None``.
    """
    _check_turn(replay, turn)
    rows = replay.turns.set_index("turn")
    row = rows.loc[turn]
    memory = row["memory_input_tokens"] + row["memory_output_tokens"]
    cumulative = rows.loc[:turn, "total_tokens"].sum(skipna=False)
    result: dict[str, Any] = {
        "input": int(row["input_tokens"]), "output": int(row["output_tokens"]),
        "memory": None if pd.isna(memory) else int(memory),
        "total": None if pd.isna(row["total_tokens"]) else int(row["total_tokens"]),
        "cumulative": None if pd.isna(cumulative) else int(cumulative),
        "full_cumulative": None, "share": None,
    }
    if full is not None:
        base = int(full.turns.set_index("turn").loc[:turn, "total_tokens"].sum())
        result["full_cumulative"] = base
        result["share"] = None if result["cumulative"] is None or not base else result["cumulative"] / base
    return result
