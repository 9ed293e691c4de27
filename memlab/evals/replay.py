"""Replay: play a scripted conversation through ``Runner.run`` with one memory strategy.

One implementation serves the evals and the explorers (:mod:`memlab.lab.widgets`):
:func:`run` plays the conversation's user messages through the real
``Runner`` — with the offline model, or live — under one strategy
(:mod:`~memlab.evals.strategies`), and returns a :class:`Replay`: one row per
turn (:data:`TURN_COLUMNS`) plus what each model call was sent and every item
the conversation produced.

Every number comes from the run itself: tokens from the API's ``usage``
(instructions and tool schemas included), model input from
``RunConfig.call_model_input_filter`` (the last hook before each model call),
the policy's own calls (summarizer, compaction) from meters on their clients.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
from agents import ItemHelpers, Runner

from ..api import mode
from ..facts import FACT_PATTERNS, find_facts, has_fact, states
from ..items import Item, to_item
from ..scenario import Conversation, support_agent
from ..summarizing import SummaryStatus
from ..tokens import count_items
from ..turns import item_text
from .strategies import Setup, build, check_config, run_label

__all__ = ["COMPACTED", "TURN_COLUMNS", "Replay", "check_conversation", "run"]

#: The ``summary`` of a turn whose model input held a compaction item (its text is opaque).
COMPACTED = "(compacted: the server's encrypted summary, opaque to the client)"

#: The columns of the per-turn frame, in order.
TURN_COLUMNS: tuple[str, ...] = (
    "conversation", "label", "strategy", "turn", "user", "answer",
    "model_calls", "input_tokens", "output_tokens",
    "memory_calls", "memory_input_tokens", "memory_output_tokens", "total_tokens",
    "item_tokens", "items_sent", "facts_missing", "tool_calls", "repeated_tool_calls",
    "summaries_applied", "summaries_rejected", "summary",
    "probe", "expected", "must_keep", "correct", "latency_s",
)


@dataclass
class Replay:
    """One conversation played under one strategy.

    Attributes:
        conversation: What was played.
        strategy, params, label: The configuration.
        turns: One row per user turn (:data:`TURN_COLUMNS`).
        calls: Per turn, the input items of each of its model calls, in order
            (``calls[t - 1][0]`` is what the model was sent first on turn ``t``).
        history: Per turn, the items the turn added to the conversation (the
            user message, tool calls and outputs, the reply) — the full history
            a keep-everything session would hold.
    """

    conversation: Conversation
    strategy: str
    params: dict[str, Any]
    label: str
    turns: pd.DataFrame
    calls: list[list[list[Item]]] = field(repr=False)
    history: list[list[Item]] = field(repr=False)

    def sent(self, turn: int) -> list[Item]:
        """What the model was sent in the first call of ``turn`` (1-based), in order."""
        return self.calls[turn - 1][0] if self.calls[turn - 1] else []


def check_conversation(conversation: Any) -> None:
    """Check that ``conversation`` is a :class:`~memlab.scenario.Conversation` a replay can score.

    Raises:
        TypeError: For anything but a ``Conversation``.
        ValueError: For one without user turns, two probes on one turn, or a
            tool-made fact of a kind memlab cannot recognise.
    """
    if not isinstance(conversation, Conversation):
        raise TypeError(
            f"conversation must be a memlab.scenario.Conversation (such as LONG), not {type(conversation).__name__}"
        )
    if not conversation.user_turns:
        raise ValueError(f"conversation {conversation.name!r} has no user turns to replay")
    turns = [probe.turn for probe in conversation.probes]
    if len(turns) != len(set(turns)):
        raise ValueError(f"{conversation.name}: two probes on one turn; replay scores one per turn")
    for fact in conversation.facts:
        if fact.from_tool and fact.key not in FACT_PATTERNS:
            raise ValueError(
                f"fact {fact.key!r} comes from a tool, so replay must read it in the tool's output, "
                f"which it can only do for the kinds {', '.join(FACT_PATTERNS)}"
            )


async def run(
    conversation: Conversation,
    strategy: str = "full",
    *,
    agent: Any = None,
    on_turn: Callable[[int], None] | None = None,
    between_turns: Callable[[], Awaitable[None]] | None = None,
    label: str | None = None,
    **params: Any,
) -> Replay:
    """Play ``conversation`` through ``Runner.run`` under one memory strategy.

    Args:
        conversation: A scripted conversation such as :data:`memlab.scenario.LONG`
            (at most one probe per turn).
        strategy: One of :data:`~memlab.evals.strategies.STRATEGIES` (``"full"``,
            ``"trimming"``, ``"summarizing"``, ``"tool_output_trimming"``,
            ``"tiered"``, ``"compaction"``, ``"keep_last_turns"``). A summarizing
            strategy uses an ``LLMSummarizer`` on :func:`memlab.api.mode.client`
            unless ``summarizer=`` is given (``None``: never summarize);
            ``must_keep=True`` turns the fidelity gate on with the conversation's
            must-keep facts (or pass the rules) and ``gate="repair"`` repairs.
        agent: The agent to run; by default :func:`memlab.scenario.support_agent`.
        on_turn: Called with the turn number after each turn (progress bars).
        between_turns: Awaited after each turn, in place of a bare yield to the
            event loop. The explorers' work ahead (:mod:`memlab.lab.widgets._ahead`)
            waits there while a learner's own replay runs, and stops there
            when it is no longer wanted (by raising).
        label: The run's name in the ``label`` column (default: :func:`run_label`).
            Runs are told apart by ``(conversation, label)``.
        **params: The strategy's parameters.

    Returns:
        A :class:`Replay`. Its ``turns`` is a DataFrame with one row per user
        turn and the columns of :data:`TURN_COLUMNS`:

        * ``conversation``, ``label``, ``strategy``, ``turn`` (1-based), ``user``, ``answer``;
        * ``model_calls``, ``input_tokens``, ``output_tokens`` — the agent's model
          calls in the turn and their ``usage`` (instructions and tool schemas included);
        * ``memory_calls``, ``memory_input_tokens``, ``memory_output_tokens`` — the
          memory policy's own model calls (a summarizer's, or the compaction
          endpoint's) and their usage (``<NA>`` for a summarizer memlab cannot meter;
          a summarizer with ``uses_model = False``, the fact sheet, makes none);
        * ``total_tokens`` — everything the turn billed: the two usages added up;
        * ``item_tokens`` — memlab's count of the input *items* alone (all calls):
          the part a memory policy controls;
        * ``items_sent`` — items in the input of the turn's first model call;
        * ``facts_missing`` — keys of facts planted in an earlier turn that are
          absent from that input, as that kind of fact (:func:`memlab.facts.has_fact`);
        * ``tool_calls`` — the tool calls the agent made in the turn;
          ``repeated_tool_calls`` — how many of them repeat a call made earlier in the
          conversation (same tool, same arguments): an agent that forgot a result
          asks for it again, and pays a tool run and a model call for it;
        * ``summaries_applied``, ``summaries_rejected`` — summary outcomes in the turn;
        * ``summary`` — the summary the turn's first call carried, if it changed;
        * ``probe``, ``expected``, ``must_keep`` — the fact the turn asks about, its
          value (for a tool-made fact, what the tool returned in this run), and
          whether it is must-keep (missing when the turn is not a probe);
        * ``correct`` — the answer names ``expected`` as a whole word (``<NA>`` if no probe);
        * ``latency_s`` — wall time of the turn in seconds (varies run to run).

    Raises:
        TypeError: For a wrong type (the conversation, a parameter).
        ValueError: For an unknown strategy, a parameter it does not take, a
            value out of range, a conversation without turns, or two probes on one turn.
    """
    check_conversation(conversation)
    check_config(strategy, params)
    mode.client()  # configures the default mode if nobody did
    agent = agent if agent is not None else support_agent()
    label = run_label(strategy, params) if label is None else label
    setup = build(conversation, strategy, params, f"eval-{conversation.name}-{strategy}")
    probes = {probe.turn: probe for probe in conversation.probes}
    values = {fact.key: fact.value for fact in conversation.facts}  # tool-made ones are updated as they appear
    observed: set[str] = set()
    called: set[tuple[str, str]] = set()  # (tool, arguments) of every call made so far
    rows, calls, history = [], [], []
    last_summary, previous = None, None
    try:
        for turn, text in enumerate(conversation.user_turns, start=1):
            first_call, before = len(setup.calls), _counts(setup)
            start = time.perf_counter()
            continued = {"previous_response_id": previous} if setup.server_side and previous else {}
            result = await Runner.run(agent, text, session=setup.session, run_config=setup.run_config, **continued)
            previous = result.last_response_id
            latency = time.perf_counter() - start
            after = _counts(setup)
            turn_calls = setup.calls[first_call:]
            calls.append(turn_calls)
            history.append([to_item(item) for item in ItemHelpers.input_to_new_input_list(text)]
                           + [to_item(item.to_input_item()) for item in result.new_items])
            _observe_tool_facts(conversation, turn, turn_calls, values, observed)
            tool_calls = _tool_call_keys(history[-1])
            repeated = _count_repeats(tool_calls, called)
            sent = turn_calls[0] if turn_calls else []
            seen = "\n".join(item_text(item) for item in sent)
            found = find_facts(seen)  # once per turn: every planted fact is looked up in it
            summary = _summary_of(setup, sent)
            usage = result.context_wrapper.usage
            answer = str(result.final_output)
            probe = probes.get(turn)
            fact = _fact(conversation, probe.fact_key) if probe else None
            expected = (values.get(probe.fact_key, probe.expected) if fact and fact.from_tool else probe.expected) if probe else None
            memory_in, memory_out = _diff(after[1], before[1]), _diff(after[2], before[2])
            calls_made, tokens_in, tokens_out = usage.requests, usage.input_tokens, usage.output_tokens
            if setup.compactor is not None:  # the SDK adds the compaction call's usage to the run's: take it out
                calls_made -= after[0] - before[0]
                tokens_in, tokens_out = tokens_in - memory_in, tokens_out - memory_out
            rows.append({
                "conversation": conversation.name, "label": label, "strategy": strategy, "turn": turn,
                "user": text, "answer": answer,
                "model_calls": calls_made, "input_tokens": tokens_in, "output_tokens": tokens_out,
                "memory_calls": after[0] - before[0], "memory_input_tokens": memory_in, "memory_output_tokens": memory_out,
                "total_tokens": _total(tokens_in + tokens_out, memory_in, memory_out),
                "item_tokens": sum(count_items(c) for c in turn_calls),
                "items_sent": len(sent),
                "facts_missing": tuple(
                    f.key for f in conversation.facts if f.turn < turn and not has_fact(seen, f.key, values[f.key], found=found)
                ),
                "tool_calls": len(tool_calls), "repeated_tool_calls": repeated,
                "summaries_applied": after[3] - before[3], "summaries_rejected": after[4] - before[4],
                "summary": summary if summary != last_summary else None,
                "probe": probe.fact_key if probe else None,
                "expected": expected,
                "must_keep": fact.must_keep if fact else pd.NA,
                "correct": states(answer, expected, ignore_case=True) if probe else pd.NA,
                "latency_s": latency,
            })
            last_summary = summary
            if on_turn is not None:
                on_turn(turn)
            if between_turns is not None:
                await between_turns()
            else:
                await asyncio.sleep(0)  # let a notebook's event loop handle widget messages between turns
    finally:
        _close(setup.session)
    frame = pd.DataFrame(rows, columns=list(TURN_COLUMNS))
    for column in ("must_keep", "correct"):
        frame[column] = frame[column].astype("boolean")
    for column in ("memory_input_tokens", "memory_output_tokens", "total_tokens"):
        frame[column] = frame[column].astype("Int64")
    return Replay(conversation, strategy, dict(params), label, frame, calls, history)


def _tool_call_keys(items: Iterable[Item]) -> list[tuple[str, str]]:
    """``(tool name, arguments)`` of each ``function_call`` in ``items``, in order.

    Arguments are compared as JSON values, so ``{"a": 1, "b": 2}`` and
    ``{"b": 2, "a": 1}`` are the same call; text that is not JSON is kept as it is.
    """
    keys = []
    for item in items:
        if item.get("type") != "function_call":
            continue
        arguments = item.get("arguments", "")
        try:
            arguments = json.dumps(json.loads(arguments), sort_keys=True)
        except (TypeError, ValueError):
            arguments = str(arguments)
        keys.append((str(item.get("name", "")), arguments))
    return keys


def _count_repeats(keys: list[tuple[str, str]], called: set[tuple[str, str]]) -> int:
    """How many of ``keys`` were called before (in ``called``, or earlier in ``keys``); adds them to ``called``."""
    repeated = 0
    for key in keys:
        repeated += key in called
        called.add(key)
    return repeated


def _counts(setup: Setup) -> tuple[Any, ...]:
    """``(memory calls, memory input tokens, memory output tokens, summaries applied, rejected)`` so far."""
    calls, tokens_in, tokens_out = setup.memory_usage()
    events = [e.status for e in getattr(setup.session, "summary_events", [])]
    rejected = sum(status in (SummaryStatus.REJECTED, SummaryStatus.FAILED) for status in events)
    return (calls, tokens_in, tokens_out, events.count(SummaryStatus.APPLIED), rejected)


def _summary_of(setup: Setup, sent: list[Item]) -> str | None:
    """The summary the policy holds after the turn: memlab's summary text, or a compaction's marker."""
    if hasattr(setup.session, "summary_text"):
        return setup.session.summary_text
    if any(item.get("type") == "compaction" for item in sent):
        return COMPACTED
    return None


def _observe_tool_facts(
    conversation: Conversation, turn: int, turn_calls: list[list[Item]], values: dict[str, str], observed: set[str]
) -> None:
    """Take each tool-made fact from its tool's first output at or after the fact's turn (once per fact)."""
    wanted = [f for f in conversation.facts if f.from_tool and f.key not in observed and turn >= f.turn]
    # A turn's first model call carries the history; its tools answer in the later calls.
    earlier = {item.get("call_id") for item in (turn_calls[0] if turn_calls else []) if "call_id" in item}
    for items in turn_calls[1:] if wanted else ():
        names = {item.get("call_id"): item.get("name") for item in items if item.get("type") == "function_call"}
        outputs = [(names.get(item.get("call_id")), item_text(item)) for item in items
                   if item.get("type") == "function_call_output" and item.get("call_id") not in earlier]
        for fact in list(wanted):
            found = [v for tool, text in outputs if tool == fact.from_tool for v in find_facts(text).get(fact.key, [])]
            if found:
                values[fact.key] = found[0]
                observed.add(fact.key)
                wanted.remove(fact)


def _fact(conversation: Conversation, key: str) -> Any:
    try:
        return conversation.fact(key)
    except KeyError:
        return None


def _diff(after: Any, before: Any) -> Any:
    return pd.NA if after is pd.NA or before is pd.NA else after - before


def _total(model: int, memory_in: Any, memory_out: Any) -> Any:
    return pd.NA if memory_in is pd.NA or memory_out is pd.NA else model + memory_in + memory_out


def _close(session: Any) -> None:
    """Close a session's store if it has one to close (SQLite connections)."""
    for candidate in (session, getattr(session, "underlying_session", None)):
        close = getattr(candidate, "close", None)
        if callable(close):
            close()
