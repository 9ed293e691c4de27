"""Replay: play a scripted conversation through ``Runner.run`` with one strategy.

:func:`replay` returns one row per turn (:data:`TURN_COLUMNS`): the tokens the
model received, what it was shown, what the summarizer cost, and whether the
turn's probe was answered with the planted value.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd
from agents import RunConfig, Runner, SQLiteSession
from agents.run_config import CallModelData, ModelInputData

from ..facts import FACT_PATTERNS, find_facts, has_fact, states
from ..gate import GATE_MODES, FidelityGate, check_rules
from ..scenario import Conversation, support_agent
from ..summarizer import LLMSummarizer, check_summarizer
from ..summarizing import SummarizingSession, SummaryStatus
from ..tokens import count_items
from ..trimming import TrimmingSession, keep_last_turns
from ..turns import Item, item_text, to_item
from ..validate import check_int, check_summary_limits
from .metering import CountingSummarizer, configured_api, model_client

__all__ = [
    "DEFAULTS",
    "STRATEGIES",
    "TURN_COLUMNS",
    "check_config",
    "check_conversation",
    "check_names",
    "replay",
    "run_label",
]

#: The parameters :func:`replay` uses when a strategy's parameter is not given.
DEFAULTS: dict[str, dict[str, Any]] = {
    "full": {},
    "trimming": {"max_turns": 8},
    "summarizing": {"context_limit": 4, "keep_last_n_turns": 2},
    "keep_last_turns": {"n": 8},
}

#: The strategies :func:`replay` knows, with the parameters each one accepts.
STRATEGIES: dict[str, tuple[str, ...]] = {
    "full": (),
    "trimming": ("max_turns",),
    "summarizing": ("context_limit", "keep_last_n_turns", "must_keep", "gate", "summarizer"),
    "keep_last_turns": ("n",),
}

#: The columns of the DataFrame :func:`replay` returns, in order.
TURN_COLUMNS: tuple[str, ...] = (
    "conversation", "label", "strategy", "turn", "user", "answer",
    "model_calls", "input_tokens", "output_tokens", "item_tokens", "items_sent", "facts_missing",
    "summarizer_calls", "summarizer_input_tokens", "summarizer_output_tokens",
    "summaries_applied", "summaries_rejected", "summary",
    "probe", "expected", "must_keep", "correct", "latency_s",
)


def run_label(strategy: str, params: Mapping[str, Any]) -> str:
    """The ``label`` :func:`replay` gives a run, e.g. ``trimming (max_turns=3)``.

    Parameters appear in the order of :data:`STRATEGIES`, whatever order they
    were given in, so one configuration always gets one label.
    """
    order = {name: i for i, name in enumerate(STRATEGIES.get(strategy, ()))}
    shown = []
    for key, value in sorted(params.items(), key=lambda kv: order.get(kv[0], len(order))):
        if key == "summarizer":
            shown.append(f"summarizer={'None' if value is None else type(value).__name__}")
        elif key == "must_keep":
            mode = params.get("gate", "reject")
            shown.append(f"gate={'off' if not value else 'on' if mode == 'reject' else mode}")
        elif key == "gate" and "must_keep" in params:
            continue  # shown with must_keep
        else:
            shown.append(f"{key}={value}")
    return strategy + (f" ({', '.join(shown)})" if shown else "")


def check_names(strategy: Any, params: Any) -> None:
    """Check a strategy's name and its parameters' names."""
    if not isinstance(strategy, str) or strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if not isinstance(params, Mapping):
        raise TypeError(f"the parameters of {strategy!r} must be a dict, not {type(params).__name__}")
    unknown = sorted(set(params) - set(STRATEGIES[strategy]))
    if unknown:
        allowed = ", ".join(STRATEGIES[strategy]) or "no parameters"
        raise ValueError(f"{strategy!r} does not take {', '.join(unknown)} (it takes {allowed})")


def check_config(strategy: Any, params: Any) -> None:
    """Check a strategy's name, its parameters' names, and their values, before any run.

    Raises:
        TypeError: For a value of the wrong type.
        ValueError: For an unknown strategy or parameter, or a value out of range.
    """
    check_names(strategy, params)
    values = {**DEFAULTS[strategy], **params}
    for name in ("max_turns", "n"):
        if name in values:
            check_int(name, values[name], minimum=1)
    if strategy == "summarizing":
        if values.get("gate", "reject") not in GATE_MODES:
            raise ValueError(f"gate must be one of {', '.join(map(repr, GATE_MODES))}, got {values['gate']!r}")
        if values.get("must_keep") not in (None, True, False):
            check_rules(values["must_keep"])
        check_summarizer(values.get("summarizer"))
        check_summary_limits(values["context_limit"], values["keep_last_n_turns"])


def check_conversation(conversation: Any) -> None:
    """Check that ``conversation`` is a :class:`~memlab.scenario.Conversation` replay can score."""
    if not isinstance(conversation, Conversation):
        raise TypeError(
            f"conversation must be a memlab.scenario.Conversation (such as LONG), not {type(conversation).__name__}"
        )
    if not conversation.user_turns:
        raise ValueError(f"conversation {conversation.name!r} has no user turns to replay")
    for fact in conversation.facts:
        if fact.from_tool and fact.key not in FACT_PATTERNS:
            raise ValueError(
                f"fact {fact.key!r} comes from a tool, so replay must read it in the tool's output, "
                f"which it can only do for the kinds {', '.join(FACT_PATTERNS)}"
            )


def _gate(conversation: Conversation, must_keep: Any, mode: str) -> FidelityGate | None:
    """The fidelity gate for ``must_keep=`` (``True``: the conversation's must-keep facts)."""
    if must_keep is None or must_keep is False:
        return None
    rules = conversation.must_keep_patterns() if must_keep is True else must_keep
    return FidelityGate(rules, mode) if rules else None


@dataclass
class _Setup:
    session: Any
    run_config: RunConfig
    summarizer: CountingSummarizer | None = None


def _setup(conversation: Conversation, strategy: str, params: Mapping[str, Any], calls: list[list[Item]]) -> _Setup:
    """The session and run config for ``strategy``; model inputs are recorded into ``calls``."""

    def record(data: CallModelData[Any]) -> ModelInputData:
        calls.append([to_item(item) for item in data.model_data.input])
        return data.model_data

    name = f"eval-{conversation.name}-{strategy}"
    values = {**DEFAULTS[strategy], **params}
    if strategy == "trimming":
        return _Setup(TrimmingSession(name, max_turns=values["max_turns"]), RunConfig(call_model_input_filter=record))
    if strategy == "keep_last_turns":
        config = RunConfig(session_input_callback=keep_last_turns(values["n"]), call_model_input_filter=record)
        return _Setup(SQLiteSession(name), config)
    if strategy == "summarizing":
        # summarizer=None is SummarizingSession's "never summarize"; no summarizer given is an LLMSummarizer.
        inner = params["summarizer"] if "summarizer" in params else LLMSummarizer(model_client())
        summarizer = None if inner is None else CountingSummarizer(inner)
        session = SummarizingSession(
            keep_last_n_turns=values["keep_last_n_turns"],
            context_limit=values["context_limit"],
            summarizer=summarizer,
            session_id=name,
            gate=_gate(conversation, params.get("must_keep"), params.get("gate", "reject")),
        )
        return _Setup(session, RunConfig(call_model_input_filter=record), summarizer)
    return _Setup(SQLiteSession(name), RunConfig(call_model_input_filter=record))


async def replay(
    conversation: Conversation,
    strategy: str = "full",
    *,
    agent: Any = None,
    on_turn: Callable[[int], None] | None = None,
    label: str | None = None,
    **params: Any,
) -> pd.DataFrame:
    """Play ``conversation`` through ``Runner.run`` with one memory strategy.

    Args:
        conversation: A scripted conversation such as :data:`memlab.scenario.LONG`
            (at most one probe per turn).
        strategy: One of :data:`STRATEGIES`:

            * ``"full"`` — a plain in-memory ``SQLiteSession``: the model sees everything;
            * ``"trimming"`` — ``TrimmingSession(max_turns=)`` (default 8);
            * ``"summarizing"`` — ``SummarizingSession(context_limit=, keep_last_n_turns=)``
              (defaults 4 and 2) with an ``LLMSummarizer`` on :func:`model_client`,
              or your own ``summarizer=``; ``must_keep=True`` turns the fidelity
              gate on with the conversation's must-keep facts (or pass the rules),
              and ``gate="repair"`` makes it repair instead of reject;
            * ``"keep_last_turns"`` — a plain ``SQLiteSession`` that keeps everything,
              with ``RunConfig(session_input_callback=keep_last_turns(n))`` (default 8).
        agent: The agent to run; by default :func:`memlab.scenario.support_agent`.
        on_turn: Called with the turn number after each turn (progress bars).
        label: The run's name in the ``label`` column (default: :func:`run_label`).
            Runs are told apart by ``(conversation, label)``: give two runs
            you compare distinct labels.
        **params: The strategy's parameters (see above).

    Returns:
        A DataFrame with one row per user turn and the columns of :data:`TURN_COLUMNS`:

        * ``conversation``, ``label``, ``strategy`` — which run this is
          (``label`` names strategy and parameters, e.g. ``trimming (max_turns=3)``);
        * ``turn`` (1-based), ``user`` (the user's message), ``answer`` (the final reply);
        * ``model_calls`` — model requests in the turn (a tool call adds one);
        * ``input_tokens``, ``output_tokens`` — the API's ``usage``, summed over the
          turn's model calls: what the model really received, instructions and tool
          schemas included;
        * ``item_tokens`` — memlab's count of the input *items* alone (history plus
          new input, all calls): the part a memory policy controls;
        * ``items_sent`` — items in the input of the turn's first model call;
        * ``facts_missing`` — keys of facts planted in an earlier turn that are
          absent from that input (see :func:`token_pressure`); a fact counts as
          present when its value appears as that kind of fact (an identifier as a
          whole token, a contact preference as a stated preference);
        * ``summarizer_calls``, ``summarizer_input_tokens``, ``summarizer_output_tokens``
          — summaries requested during the turn and their usage (``<NA>`` for a
          summarizer that is not an ``LLMSummarizer``);
        * ``summaries_applied``, ``summaries_rejected`` — summary outcomes in the turn
          (rejected: the fidelity gate refused it, or the summarizer failed);
        * ``summary`` — the text of the summary in history after the turn, if it
          changed in this turn, else ``None``;
        * ``probe``, ``expected``, ``must_keep`` — the fact the turn asks about, its
          planted value (for a fact a tool produces, what the tool returned in this
          run), and whether it is a must-keep fact (missing when the turn is not a
          probe);
        * ``correct`` — the answer names ``expected`` as a whole word (``<NA>`` if no probe);
        * ``latency_s`` — wall time of the turn in seconds (varies run to run).

    Raises:
        TypeError: If ``conversation`` is not a :class:`~memlab.scenario.Conversation`.
        ValueError: For an unknown strategy, a parameter it does not take, an
            invalid parameter value, a conversation without turns, or two
            probes on one turn.
    """
    check_conversation(conversation)
    check_config(strategy, params)
    probes = {}
    for probe in conversation.probes:
        if probe.turn in probes:
            raise ValueError(f"{conversation.name}: two probes on turn {probe.turn}; replay scores one per turn")
        probes[probe.turn] = probe
    configured_api()
    agent = agent if agent is not None else support_agent()
    calls: list[list[Item]] = []
    setup = _setup(conversation, strategy, params, calls)
    label = run_label(strategy, params) if label is None else label
    values = {fact.key: fact.value for fact in conversation.facts}  # tool-made ones are updated as they appear
    observed: set[str] = set()
    rows = []
    last_summary = None
    try:
        for turn, text in enumerate(conversation.user_turns, start=1):
            first_call = len(calls)
            before = _summary_counts(setup)
            start = time.perf_counter()
            result = await Runner.run(agent, text, session=setup.session, run_config=setup.run_config)
            latency = time.perf_counter() - start
            after = _summary_counts(setup)
            turn_calls = calls[first_call:]
            _observe_tool_facts(conversation, turn, turn_calls, values, observed)
            sent = turn_calls[0] if turn_calls else []
            seen = "\n".join(item_text(item) for item in sent)
            summary = await _current_summary(setup.session) if setup.summarizer else None
            usage = result.context_wrapper.usage
            answer = str(result.final_output)
            probe = probes.get(turn)
            fact = _fact(conversation, probe.fact_key) if probe else None
            expected = values.get(probe.fact_key, probe.expected) if fact and fact.from_tool else (
                probe.expected if probe else None
            )
            rows.append({
                "conversation": conversation.name,
                "label": label,
                "strategy": strategy,
                "turn": turn,
                "user": text,
                "answer": answer,
                "model_calls": usage.requests,
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens,
                "item_tokens": sum(count_items(c) for c in turn_calls),
                "items_sent": len(sent),
                "facts_missing": tuple(
                    f.key for f in conversation.facts if f.turn < turn and not has_fact(seen, f.key, values[f.key])
                ),
                "summarizer_calls": after[0] - before[0],
                "summarizer_input_tokens": _diff(after[1], before[1]),
                "summarizer_output_tokens": _diff(after[2], before[2]),
                "summaries_applied": after[3] - before[3],
                "summaries_rejected": after[4] - before[4],
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
    finally:
        close = getattr(setup.session, "close", None)
        if callable(close):
            close()
    frame = pd.DataFrame(rows, columns=list(TURN_COLUMNS))
    for column in ("must_keep", "correct"):
        frame[column] = frame[column].astype("boolean")
    for column in ("summarizer_input_tokens", "summarizer_output_tokens"):
        frame[column] = frame[column].astype("Int64")
    return frame


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


def _summary_counts(setup: _Setup) -> tuple[Any, ...]:
    """``(calls, input tokens, output tokens, applied, rejected)`` so far."""
    if setup.summarizer is None:
        return (0, 0, 0, 0, 0)
    events = [e.status for e in setup.session.summary_events]
    tokens_in, tokens_out = setup.summarizer.tokens()
    rejected = sum(status in (SummaryStatus.REJECTED, SummaryStatus.FAILED) for status in events)
    return (setup.summarizer.calls, tokens_in, tokens_out, events.count(SummaryStatus.APPLIED), rejected)


async def _current_summary(session: SummarizingSession) -> str | None:
    for record in await session.get_items_with_metadata():
        if record["metadata"].get("kind") == "history_summary":
            return item_text(record["message"])
    return None
