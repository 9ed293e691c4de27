"""Strategies: every memory policy memlab can replay, its parameters, and how it is built.

A *strategy* is a name (``"trimming"``) plus parameters (``max_turns=3``).
:func:`build` turns one into what ``Runner.run`` needs — a session and a
``RunConfig`` — with meters on the policy's own model calls (a summarizer's,
or the compaction endpoint's), so a replay can bill them.

========================  ===========================================================
strategy                  what the model is sent
========================  ===========================================================
``full``                  everything (a plain ``SQLiteSession``): the baseline
``trimming``              the newest turns: ``TrimmingSession(max_turns, max_tokens)``
``keep_last_turns``       the same view through ``session_input_callback``; the store keeps all
``summarizing``           a summary pair plus the newest turns: ``SummarizingSession``
``tool_output_trimming``  everything, old tool outputs cut short: the SDK's ``ToolOutputTrimmer``
``tiered``                tool-output trimming, then summarizing over a token budget
``compaction``            the SDK's ``OpenAIResponsesCompactionSession`` (``responses.compact``)
``server_side``           no session: each turn continues the server's stored response
                          (``previous_response_id``); the server re-reads everything
========================  ===========================================================
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from agents import RunConfig, SQLiteSession
from agents.extensions.tool_output_trimmer import ToolOutputTrimmer
from agents.memory import OpenAIResponsesCompactionSession
from agents.memory.openai_responses_compaction_session import DEFAULT_COMPACTION_THRESHOLD, OpenAIResponsesCompactionMode
from agents.run_config import CallModelData, ModelInputData

from ..api import mode
from ..gate import FidelityGate, check_gate_mode, check_rules
from ..items import Item, to_items
from ..scenario import Conversation
from ..summarizer import LLMSummarizer, check_summarizer
from ..summarizing import SummarizingSession
from ..beyond.tiered import TieredSession
from ..trimming import TrimmingSession, keep_last_turns
from ..validate import check_int
from .metering import CountingSummarizer, MeteredClient

__all__ = ["DEFAULTS", "STRATEGIES", "Setup", "build", "check_config", "check_names", "run_label"]

#: The strategies and the parameters each one takes, in the order labels show them.
STRATEGIES: dict[str, tuple[str, ...]] = {
    "full": (),
    "trimming": ("max_turns", "max_tokens"),
    "keep_last_turns": ("n",),
    "summarizing": ("context_limit", "keep_last_n_turns", "max_tokens", "must_keep", "gate", "summarizer"),
    "tool_output_trimming": ("recent_turns", "max_output_chars", "preview_chars"),
    "tiered": (
        "max_tokens", "keep_last_n_turns", "recent_turns", "max_output_chars", "preview_chars",
        "must_keep", "gate", "summarizer",
    ),
    "compaction": ("threshold", "compaction_mode"),
    "server_side": (),
}

def _defaults(constructor: Callable[..., Any], *names: str) -> dict[str, Any]:
    """The defaults ``constructor`` declares for ``names`` (so a strategy never restates them)."""
    parameters = inspect.signature(constructor).parameters
    return {name: parameters[name].default for name in names}


#: The tool-output trimmer's parameters, with the SDK's own defaults (2, 500, 200).
_TRIMMER_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(ToolOutputTrimmer) if f.name != "trimmable_tools"}

#: The values a replay uses for parameters not given: each constructor's own default. Two are the
#: strategy's own choice: ``keep_last_turns`` shows what ``TrimmingSession``'s default window shows,
#: and ``tiered`` (which needs a budget) gets 1,500 tokens.
DEFAULTS: dict[str, dict[str, Any]] = {
    "full": {},
    "trimming": _defaults(TrimmingSession, "max_turns", "max_tokens"),
    "keep_last_turns": {"n": _defaults(TrimmingSession, "max_turns")["max_turns"]},
    "summarizing": _defaults(SummarizingSession, "context_limit", "keep_last_n_turns", "max_tokens"),
    "tool_output_trimming": dict(_TRIMMER_DEFAULTS),
    "tiered": {"max_tokens": 1500, **_defaults(TieredSession, "keep_last_n_turns"), **_TRIMMER_DEFAULTS},
    "compaction": {"threshold": DEFAULT_COMPACTION_THRESHOLD, **_defaults(OpenAIResponsesCompactionSession, "compaction_mode")},
    "server_side": {},
}

COMPACTION_MODES = typing.get_args(OpenAIResponsesCompactionMode)


def run_label(strategy: str, params: Mapping[str, Any]) -> str:
    """The label of a run, e.g. ``trimming (max_turns=3)``: parameters in :data:`STRATEGIES` order."""
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
    """Check a strategy's name and the names of its parameters.

    Raises:
        TypeError: If ``params`` is not a mapping.
        ValueError: For an unknown strategy or a parameter it does not take.
    """
    if not isinstance(strategy, str) or strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if not isinstance(params, Mapping):
        raise TypeError(f"the parameters of {strategy!r} must be a dict, not {type(params).__name__}")
    unknown = sorted(set(params) - set(STRATEGIES[strategy]))
    if unknown:
        allowed = ", ".join(STRATEGIES[strategy]) or "no parameters"
        raise ValueError(f"{strategy!r} does not take {', '.join(unknown)} (it takes {allowed})")


def check_config(strategy: Any, params: Any) -> None:
    """Check a configuration completely, before any request is sent.

    The checks are the constructors' own: the session (or trimmer) the
    strategy would replay with is built once and thrown away. Only what the
    SDK's own objects accept silently (a ``"2"`` for ``recent_turns``) and what
    memlab adds (the compaction ``threshold``) is checked here.

    Raises:
        TypeError: For a value of the wrong type.
        ValueError: For an unknown strategy or parameter, or a value out of range.
    """
    check_names(strategy, params)
    values = {**DEFAULTS[strategy], **params}
    for name in ("recent_turns", "max_output_chars", "threshold"):
        if name in values:
            check_int(name, values[name], minimum=1)
    if "preview_chars" in values:
        check_int("preview_chars", values["preview_chars"], minimum=0)
    if strategy in ("summarizing", "tiered"):
        check_gate_mode(values.get("gate", "reject"))
        if values.get("must_keep") not in (None, True, False):
            check_rules(values["must_keep"])
        check_summarizer(values.get("summarizer"))
    if strategy == "compaction" and values["compaction_mode"] not in COMPACTION_MODES:
        raise ValueError(f"compaction_mode must be one of {', '.join(COMPACTION_MODES)}, got {values['compaction_mode']!r}")
    if strategy == "keep_last_turns":
        keep_last_turns(values["n"])
    if strategy == "tool_output_trimming":
        _trimmer(values)
    if strategy in ("trimming", "summarizing", "tiered"):  # their constructors check the rest
        _session(strategy, values, "check", summarizer=None, gate=None)


@dataclass
class Setup:
    """What one replay runs with.

    Attributes:
        session: The session passed to ``Runner.run`` (``None`` for ``server_side``).
        run_config: Its ``RunConfig``; its ``call_model_input_filter`` records each model input.
        calls: Every model input so far (filled by the filter), one item list per call.
        summarizer: The metered summarizer, if the policy summarizes.
        compactor: The metered client of the compaction session, if the policy compacts.
    """

    session: Any
    run_config: RunConfig
    calls: list[list[Item]] = field(default_factory=list)
    summarizer: CountingSummarizer | None = None
    compactor: MeteredClient | None = None
    #: Chain turns with ``previous_response_id`` instead of a session.
    server_side: bool = False

    def memory_usage(self) -> tuple[int, Any, Any]:
        """``(calls, input tokens, output tokens)`` of the policy's own model calls so far."""
        if self.summarizer is not None:
            return (self.summarizer.calls, *self.summarizer.tokens())
        if self.compactor is not None:
            return (len(self.compactor.usages), *self.compactor.tokens())
        return (0, 0, 0)


def _recorder(calls: list[list[Item]], policy: Callable[[CallModelData[Any]], ModelInputData] | None = None) -> Any:
    """A ``call_model_input_filter`` that applies ``policy`` (if any), then records what goes out."""

    def record(data: CallModelData[Any]) -> ModelInputData:
        model_data = policy(data) if policy is not None else data.model_data
        calls.append(to_items(model_data.input))  # one JSON round trip for the whole input
        return model_data

    return record


def _gate(conversation: Conversation, must_keep: Any, mode_name: str) -> FidelityGate | None:
    """The fidelity gate for ``must_keep=`` (``True``: the conversation's must-keep facts)."""
    if must_keep is None or must_keep is False:
        return None
    rules = conversation.must_keep_patterns() if must_keep is True else must_keep
    return FidelityGate(rules, mode_name) if rules else None


def _summarizer(params: Mapping[str, Any]) -> CountingSummarizer | None:
    """The metered summarizer: the one given (``None``: never summarize), or an ``LLMSummarizer``."""
    inner = params["summarizer"] if "summarizer" in params else LLMSummarizer(mode.client(), mode.model())
    return None if inner is None else CountingSummarizer(inner)


def _trimmer(values: Mapping[str, Any]) -> ToolOutputTrimmer:
    return ToolOutputTrimmer(**{name: values[name] for name in _TRIMMER_DEFAULTS})


def _session(strategy: str, values: Mapping[str, Any], name: str, *, summarizer: Any, gate: Any) -> Any:
    """The session a memlab strategy (or ``full``: the SDK's own ``SQLiteSession``) replays with."""
    if strategy == "trimming":
        return TrimmingSession(name, max_turns=values["max_turns"], max_tokens=values["max_tokens"])
    if strategy == "summarizing":
        return SummarizingSession(
            values["keep_last_n_turns"], values["context_limit"], summarizer, name, max_tokens=values["max_tokens"], gate=gate,
        )
    if strategy == "tiered":
        return TieredSession(
            values["keep_last_n_turns"], summarizer, name, max_tokens=values["max_tokens"], trimmer=_trimmer(values), gate=gate,
        )
    return SQLiteSession(name)


def build(conversation: Conversation, strategy: str, params: Mapping[str, Any], name: str) -> Setup:
    """The session and run config for one configuration (checked with :func:`check_config` first)."""
    values = {**DEFAULTS[strategy], **params}
    calls: list[list[Item]] = []
    record = _recorder(calls)
    if strategy in ("summarizing", "tiered"):
        summarizer = _summarizer(params)
        gate = _gate(conversation, params.get("must_keep"), params.get("gate", "reject"))
        session = _session(strategy, values, name, summarizer=summarizer, gate=gate)
        recorder = _recorder(calls, session.trimmer) if strategy == "tiered" else record
        return Setup(session, RunConfig(call_model_input_filter=recorder), calls, summarizer)
    if strategy == "keep_last_turns":
        config = RunConfig(session_input_callback=keep_last_turns(values["n"]), call_model_input_filter=record)
        return Setup(SQLiteSession(name), config, calls)
    if strategy == "tool_output_trimming":
        return Setup(SQLiteSession(name), RunConfig(call_model_input_filter=_recorder(calls, _trimmer(values))), calls)
    if strategy == "compaction":
        meter = MeteredClient(mode.client())
        threshold = values["threshold"]
        session = OpenAIResponsesCompactionSession(
            name, SQLiteSession(name), client=meter, model=mode.model(), compaction_mode=values["compaction_mode"],
            should_trigger_compaction=lambda context: len(context["compaction_candidate_items"]) >= threshold,
        )
        return Setup(session, RunConfig(call_model_input_filter=record), calls, compactor=meter)
    if strategy == "server_side":
        return Setup(None, RunConfig(call_model_input_filter=record), calls, server_side=True)
    return Setup(_session(strategy, values, name, summarizer=None, gate=None), RunConfig(call_model_input_filter=record), calls)
