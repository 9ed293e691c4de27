"""Evals: replay a conversation, measure what each memory policy costs and forgets.

A memory policy is a bet: send the model less, and hope it still knows what
matters. This module turns the bet into numbers, with the same code offline and
live (only the HTTP transport differs, see :func:`memlab.offline.configure`):

1. :func:`replay` plays a scripted :class:`~memlab.scenario.Conversation`
   through ``Runner.run`` with one strategy and returns one row per turn:
   the input tokens the model really received, what it was shown, what the
   summarizer cost, and whether each probe question ("what was my order
   number?") was answered with the planted value (an exact match).
2. :func:`run_grid` replays many strategies and parameter values and adds a
   summary table: cumulative tokens next to full history, probe recall,
   summarizer calls.
3. :func:`plot_tokens_per_turn` and :func:`plot_frontier` draw the cost curves
   and the recall-vs-tokens trade-off; :func:`choose` picks the cheapest
   configuration that meets a recall target.
4. :func:`token_pressure` flags the turns where a policy had already dropped a
   planted fact from the model's input — *before* a probe notices.
5. :func:`judge_summary` asks a model to grade a summary with a rubric
   (LLM-as-judge); offline, memlab's fake model grades it by checking the
   summary against the transcript's facts.

Every measurement comes from the run itself: token counts from the API's
``usage``, model input from ``RunConfig.call_model_input_filter`` (the last hook
before each model call), summarizer cost from the summarizer's own responses.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import itertools
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from agents import RunConfig, Runner, SQLiteSession
from agents.run_config import CallModelData, ModelInputData

from . import offline
from .offline import JUDGE_PROMPT_TITLE
from .scenario import DEFAULT_MODEL, Conversation, support_agent
from .summarizing import LLMSummarizer, Summarizer, SummarizingSession, render_transcript
from .tokens import count_items
from .trimming import TrimmingSession, keep_last_turns
from .turns import Item, item_text, to_item

__all__ = [
    "JUDGE_CRITERIA",
    "JUDGE_PROMPT_TITLE",
    "STRATEGIES",
    "TURN_COLUMNS",
    "GridResult",
    "JudgeError",
    "LossySummarizer",
    "choose",
    "grid",
    "judge_prompt",
    "judge_summary",
    "model_client",
    "pareto_frontier",
    "plot_frontier",
    "plot_tokens_per_turn",
    "replay",
    "run_grid",
    "run_label",
    "summarize_runs",
    "token_pressure",
]

#: The strategies :func:`replay` knows, with the parameters each one accepts.
STRATEGIES: dict[str, tuple[str, ...]] = {
    "full": (),
    "trimming": ("max_turns",),
    "summarizing": ("context_limit", "keep_last_n_turns", "must_keep", "summarizer"),
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


# ---------------------------------------------------------------- transport


def model_client() -> Any:
    """The ``openai.AsyncOpenAI`` client for the current mode.

    Offline (the default), a client on the fake transport of
    :func:`memlab.offline.current_api`; nothing leaves the process. Live, the
    client the SDK uses (set by ``configure("live")``). If nothing was
    configured yet, :func:`memlab.offline.configure` runs first, so the
    environment (``MEMLAB_LIVE``) decides.
    """
    api = _configured_api()
    if api is not None:
        return offline.offline_client(api)
    from agents.models._openai_shared import get_default_openai_client

    return get_default_openai_client()


def _configured_api() -> offline.OfflineAPI | None:
    """The offline API in use, configuring the default mode if nobody did."""
    api = offline.current_api()
    if api is None:
        from agents.models._openai_shared import get_default_openai_client

        if get_default_openai_client() is None:  # never configured: offline by default
            offline.configure()
            api = offline.current_api()
    return api


class _MeteredClient:
    """Wraps an ``openai`` client; remembers the ``usage`` of each Responses call."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.usages: list[Any] = []
        self.responses = self._Responses(self)

    class _Responses:
        def __init__(self, outer: _MeteredClient) -> None:
            self.outer = outer

        async def create(self, **request: Any) -> Any:
            create = self.outer.client.responses.create
            if inspect.iscoroutinefunction(create):
                response = await create(**request)
            else:
                response = await asyncio.to_thread(create, **request)
            self.outer.usages.append(getattr(response, "usage", None))
            return response

    def tokens(self) -> tuple[int, int]:
        """``(input_tokens, output_tokens)`` summed over every call so far."""
        used = [u for u in self.usages if u is not None]
        return sum(u.input_tokens for u in used), sum(u.output_tokens for u in used)


class _CountingSummarizer:
    """Wraps a summarizer: counts its calls and meters its tokens when it can.

    An :class:`~memlab.LLMSummarizer` (or subclass) is copied onto a metered
    client, so its real ``usage`` is read. Any other summarizer is only counted
    (its token columns are then ``<NA>``).
    """

    def __init__(self, inner: Summarizer) -> None:
        self.meter: _MeteredClient | None = None
        if isinstance(inner, LLMSummarizer):
            inner = copy.copy(inner)
            self.meter = _MeteredClient(inner.client)
            inner.client = self.meter
        self.inner = inner
        self.calls = 0

    async def summarize(self, items: list[Item]) -> tuple[str, str]:
        self.calls += 1
        return await self.inner.summarize(items)

    def tokens(self) -> tuple[Any, Any]:
        return self.meter.tokens() if self.meter is not None else (pd.NA, pd.NA)


class LossySummarizer(LLMSummarizer):
    """An :class:`~memlab.LLMSummarizer` that forgets on purpose, to test the fidelity gate.

    It asks the model for a summary as usual, then deletes every line that
    matches one of ``drop`` — the way a real model sometimes paraphrases an
    order number into "your order". Use it to see what the fidelity gate
    (``SummarizingSession(must_keep=...)``) protects.

    Args:
        client: An ``openai`` client (for example :func:`model_client`).
        drop: Regexes; a summary line matching any of them is removed.
        **kwargs: Other :class:`~memlab.LLMSummarizer` arguments.

    Raises:
        ValueError: If ``drop`` is empty or holds an invalid regex.
    """

    def __init__(self, client: Any, drop: Sequence[str], **kwargs: Any) -> None:
        if isinstance(drop, str) or not drop:
            raise ValueError("drop must be a non-empty list of regexes")
        try:
            self.drop = [re.compile(pattern) for pattern in drop]
        except re.error as exc:
            raise ValueError(f"invalid regex in drop: {exc}") from None
        super().__init__(client, **kwargs)

    async def summarize(self, items: list[Item]) -> tuple[str, str]:
        shadow, summary = await super().summarize(items)
        kept = [line for line in summary.splitlines() if not any(p.search(line) for p in self.drop)]
        return shadow, "\n".join(kept)


# ------------------------------------------------------------------- replay


def run_label(strategy: str, params: Mapping[str, Any]) -> str:
    """The ``label`` :func:`replay` gives a run, e.g. ``trimming (max_turns=3)``."""
    shown = []
    for key, value in params.items():
        if key == "summarizer":
            shown.append(f"summarizer={type(value).__name__}")
        elif key == "must_keep":
            shown.append(f"gate={'on' if value else 'off'}")
        else:
            shown.append(f"{key}={value}")
    return strategy + (f" ({', '.join(shown)})" if shown else "")


def _check_params(strategy: str, params: Mapping[str, Any]) -> None:
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    unknown = sorted(set(params) - set(STRATEGIES[strategy]))
    if unknown:
        allowed = ", ".join(STRATEGIES[strategy]) or "no parameters"
        raise ValueError(f"{strategy!r} does not take {', '.join(unknown)} (it takes {allowed})")


def _must_keep_rules(conversation: Conversation, must_keep: Any) -> list[Any]:
    if must_keep is None or must_keep is False:
        return []
    if must_keep is True:
        return conversation.must_keep_patterns()
    if isinstance(must_keep, (str, bytes)) or not isinstance(must_keep, Iterable):
        raise ValueError("must_keep must be True, False/None, or a list of regexes or callables")
    return list(must_keep)


@dataclass
class _Setup:
    session: Any
    run_config: RunConfig
    summarizer: _CountingSummarizer | None = None


def _setup(conversation: Conversation, strategy: str, params: Mapping[str, Any], calls: list[list[Item]]) -> _Setup:
    """The session and run config for ``strategy``; model inputs are recorded into ``calls``."""

    def record(data: CallModelData[Any]) -> ModelInputData:
        calls.append([to_item(item) for item in data.model_data.input])
        return data.model_data

    name = f"eval-{conversation.name}-{strategy}"
    if strategy == "trimming":
        return _Setup(TrimmingSession(name, max_turns=params.get("max_turns", 8)), RunConfig(call_model_input_filter=record))
    if strategy == "keep_last_turns":
        config = RunConfig(session_input_callback=keep_last_turns(params.get("n", 8)), call_model_input_filter=record)
        return _Setup(SQLiteSession(name), config)
    if strategy == "summarizing":
        inner = params.get("summarizer") or LLMSummarizer(model_client())
        if not callable(getattr(inner, "summarize", None)):
            raise ValueError("summarizer must have an async summarize(items) method")
        summarizer = _CountingSummarizer(inner)
        session = SummarizingSession(
            keep_last_n_turns=params.get("keep_last_n_turns", 2),
            context_limit=params.get("context_limit", 4),
            summarizer=summarizer,
            session_id=name,
            must_keep=_must_keep_rules(conversation, params.get("must_keep")),
        )
        return _Setup(session, RunConfig(call_model_input_filter=record), summarizer)
    return _Setup(SQLiteSession(name), RunConfig(call_model_input_filter=record))


async def replay(
    conversation: Conversation,
    strategy: str = "full",
    *,
    agent: Any = None,
    on_turn: Callable[[int], None] | None = None,
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
              gate on with the conversation's must-keep facts (or pass the rules);
            * ``"keep_last_turns"`` — a plain ``SQLiteSession`` that keeps everything,
              with ``RunConfig(session_input_callback=keep_last_turns(n))`` (default 8).
        agent: The agent to run; by default :func:`memlab.scenario.support_agent`.
        on_turn: Called with the turn number after each turn (progress bars).
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
          absent from that input (see :func:`token_pressure`);
        * ``summarizer_calls``, ``summarizer_input_tokens``, ``summarizer_output_tokens``
          — summaries requested during the turn and their usage (``<NA>`` for a
          summarizer that is not an ``LLMSummarizer``);
        * ``summaries_applied``, ``summaries_rejected`` — summary outcomes in the turn
          (rejected: the fidelity gate refused it, or the summarizer failed);
        * ``summary`` — the text of the summary in history after the turn, if it
          changed in this turn, else ``None``;
        * ``probe``, ``expected``, ``must_keep`` — the fact the turn asks about, its
          planted value, and whether it is a must-keep fact (``None``/``<NA>`` when
          the turn is not a probe);
        * ``correct`` — the answer contains ``expected`` verbatim (``<NA>`` if no probe);
        * ``latency_s`` — wall time of the turn in seconds (varies run to run).

    Raises:
        ValueError: For an unknown strategy, a parameter it does not take, an
            invalid parameter value, or two probes on one turn.
    """
    _check_params(strategy, params)
    probes = {}
    for probe in conversation.probes:
        if probe.turn in probes:
            raise ValueError(f"{conversation.name}: two probes on turn {probe.turn}; replay scores one per turn")
        probes[probe.turn] = probe
    _configured_api()
    agent = agent if agent is not None else support_agent()
    calls: list[list[Item]] = []
    setup = _setup(conversation, strategy, params, calls)
    label = run_label(strategy, params)
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
            sent = turn_calls[0] if turn_calls else []
            seen = "\n".join(item_text(item) for item in sent)
            summary = await _current_summary(setup.session) if setup.summarizer else None
            usage = result.context_wrapper.usage
            answer = str(result.final_output)
            probe = probes.get(turn)
            fact = _fact(conversation, probe.fact_key) if probe else None
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
                "facts_missing": tuple(f.key for f in conversation.facts if f.turn < turn and f.value not in seen),
                "summarizer_calls": after[0] - before[0],
                "summarizer_input_tokens": _diff(after[1], before[1]),
                "summarizer_output_tokens": _diff(after[2], before[2]),
                "summaries_applied": after[3] - before[3],
                "summaries_rejected": after[4] - before[4],
                "summary": summary if summary != last_summary else None,
                "probe": probe.fact_key if probe else None,
                "expected": probe.expected if probe else None,
                "must_keep": fact.must_keep if fact else pd.NA,
                "correct": (probe.expected in answer) if probe else pd.NA,
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
    events = [e["status"] for e in setup.session.summary_events]
    tokens_in, tokens_out = setup.summarizer.tokens()
    rejected = sum(status in ("rejected", "failed") for status in events)
    return (setup.summarizer.calls, tokens_in, tokens_out, events.count("applied"), rejected)


async def _current_summary(session: SummarizingSession) -> str | None:
    for record in await session.get_items_with_metadata():
        if record["metadata"].get("kind") == "history_summary":
            return item_text(record["message"])
    return None


# --------------------------------------------------------------------- grid


def grid(strategy: str, **values: Sequence[Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every combination of parameter values for one strategy.

    Example: ``grid("trimming", max_turns=[2, 3, 5])`` gives three configurations.
    Combinations that a strategy rejects (``keep_last_n_turns > context_limit``)
    are skipped.

    Returns:
        A list of ``(strategy, params)`` pairs for :func:`run_grid`.

    Raises:
        ValueError: For an unknown strategy or parameter, or a value that is not a list.
    """
    _check_params(strategy, values)
    for key, options in values.items():
        if isinstance(options, (str, bytes)) or not isinstance(options, Sequence) or not options:
            raise ValueError(f"{key} needs a non-empty list of values, got {options!r}")
    configs = []
    for combo in itertools.product(*values.values()):
        params = dict(zip(values, combo))
        if params.get("keep_last_n_turns", 0) > params.get("context_limit", 4):
            continue
        configs.append((strategy, params))
    return configs


@dataclass
class GridResult:
    """What :func:`run_grid` returns.

    Attributes:
        turns: Every run's per-turn rows (the :func:`replay` columns), stacked.
        summary: One row per run (see :func:`summarize_runs`).
    """

    turns: pd.DataFrame
    summary: pd.DataFrame


async def run_grid(
    conversation: Conversation,
    configs: Iterable[tuple[str, Mapping[str, Any]]],
    *,
    agent: Any = None,
    progress: bool = True,
    baseline: bool = True,
) -> GridResult:
    """Replay ``conversation`` once per configuration and compare them.

    Args:
        conversation: The conversation to replay.
        configs: ``(strategy, params)`` pairs, e.g. ``grid("trimming", max_turns=[2, 3])
            + [("summarizing", {"context_limit": 4, "keep_last_n_turns": 2})]``.
        agent: The agent (default: the support agent).
        progress: Show a ``tqdm`` progress bar (one tick per replayed turn). Turn
            it off in notebooks that are compared by nbval.
        baseline: Add a ``("full", {})`` run first if ``configs`` has none; the
            ratios in the summary are relative to it.

    Returns:
        A :class:`GridResult` with ``turns`` and ``summary``.

    Raises:
        ValueError: For an empty list or an invalid configuration.
    """
    configs = [(strategy, dict(params)) for strategy, params in configs]
    if baseline and not any(strategy == "full" for strategy, _ in configs):
        configs.insert(0, ("full", {}))
    if not configs:
        raise ValueError("configs is empty")
    for strategy, params in configs:
        _check_params(strategy, params)
    from tqdm.auto import tqdm

    frames = []
    total = len(configs) * len(conversation.user_turns)
    with tqdm(total=total, desc=f"replaying {conversation.name}", unit="turn", disable=not progress) as bar:
        for strategy, params in configs:
            bar.set_postfix_str(run_label(strategy, params))
            frames.append(await replay(conversation, strategy, agent=agent, on_turn=lambda _: bar.update(), **params))
    turns = pd.concat(frames, ignore_index=True)
    return GridResult(turns, summarize_runs(turns))


def summarize_runs(turns: pd.DataFrame) -> pd.DataFrame:
    """One row per run (``label``) of a stacked per-turn frame.

    Columns: ``label``, ``strategy``, ``model_calls``, ``input_tokens`` (cumulative,
    from ``usage``), ``vs_full`` (``input_tokens`` / the ``full`` run's),
    ``item_tokens`` and ``items_vs_full`` (the same for the input items alone),
    ``summarizer_calls``, ``summarizer_tokens`` (input + output), ``recall``
    (share of probes answered right), ``must_keep_recall`` (the same over
    must-keep facts), ``pressure_turns`` (turns with a dropped planted fact).
    Ratios are ``NaN`` without a ``full`` run.
    """
    rows = []
    for label, run in turns.groupby("label", sort=False):
        probes = run[run["probe"].notna()]
        must = probes[probes["must_keep"].fillna(False).astype(bool)]
        summarizer_tokens = (run["summarizer_input_tokens"] + run["summarizer_output_tokens"]).sum(skipna=False)
        rows.append({
            "label": label,
            "strategy": run["strategy"].iloc[0],
            "model_calls": int(run["model_calls"].sum()),
            "input_tokens": int(run["input_tokens"].sum()),
            "item_tokens": int(run["item_tokens"].sum()),
            "summarizer_calls": int(run["summarizer_calls"].sum()),
            "summarizer_tokens": summarizer_tokens,
            "recall": float(probes["correct"].astype(bool).mean()) if len(probes) else float("nan"),
            "must_keep_recall": float(must["correct"].astype(bool).mean()) if len(must) else float("nan"),
            "pressure_turns": int((run["facts_missing"].map(len) > 0).sum()),
        })
    summary = pd.DataFrame(rows)
    full = summary[summary["strategy"] == "full"]
    base_tokens = full["input_tokens"].iloc[0] if len(full) else float("nan")
    base_items = full["item_tokens"].iloc[0] if len(full) else float("nan")
    summary.insert(4, "vs_full", (summary["input_tokens"] / base_tokens).round(3))
    summary.insert(6, "items_vs_full", (summary["item_tokens"] / base_items).round(3))
    summary["summarizer_tokens"] = summary["summarizer_tokens"].astype("Int64")
    return summary


def pareto_frontier(summary: pd.DataFrame, tokens: str = "input_tokens") -> pd.DataFrame:
    """The runs no other run beats: none is both cheaper (or equal) and better at recall.

    Args:
        summary: A :func:`summarize_runs` table.
        tokens: The cost column (``input_tokens``, ``item_tokens``...).

    Returns:
        The frontier rows, cheapest first.
    """
    if tokens not in summary:
        raise ValueError(f"no column {tokens!r} in the summary")
    ordered = summary.sort_values([tokens, "recall"], ascending=[True, False])
    best, keep = -1.0, []
    for index, row in ordered.iterrows():
        if row["recall"] > best:
            keep.append(index)
            best = row["recall"]
    return ordered.loc[keep]


def choose(summary: pd.DataFrame, min_recall: float = 1.0, tokens: str = "input_tokens") -> pd.Series:
    """The cheapest run whose recall is at least ``min_recall``.

    Raises:
        ValueError: If ``min_recall`` is outside ``[0, 1]``, or no run reaches it.
    """
    if not 0.0 <= min_recall <= 1.0:
        raise ValueError(f"min_recall must be between 0 and 1, got {min_recall!r}")
    good = summary[summary["recall"] >= min_recall]
    if good.empty:
        raise ValueError(f"no run reaches recall {min_recall:.0%}; best is {summary['recall'].max():.0%}")
    return good.sort_values(tokens).iloc[0]


def token_pressure(turns: pd.DataFrame, conversation: Conversation, *, first_only: bool = False) -> pd.DataFrame:
    """The turns where a planted fact was missing from the model's input.

    A fact planted at turn ``f`` is in full history from turn ``f + 1`` on;
    if it is absent from a later turn's input, the memory policy dropped it
    (trimmed it away, or summarized it without keeping it). This shows the
    damage *before* a probe asks.

    Args:
        turns: Per-turn rows from :func:`replay` or :attr:`GridResult.turns`.
        conversation: The conversation replayed (for values and planting turns).
        first_only: Keep only the first flagged turn of each (run, fact).

    Returns:
        One row per (run, turn, missing fact): ``label``, ``turn``, ``fact``,
        ``value``, ``planted_turn``, ``probe_turn`` (when a probe asks for it,
        else ``<NA>``).
    """
    facts = {fact.key: fact for fact in conversation.facts}
    asked = {probe.fact_key: probe.turn for probe in conversation.probes}
    rows = [
        {"label": row.label, "turn": row.turn, "fact": key, "value": facts[key].value,
         "planted_turn": facts[key].turn, "probe_turn": asked.get(key, pd.NA)}
        for row in turns.itertuples()
        for key in row.facts_missing
    ]
    frame = pd.DataFrame(rows, columns=["label", "turn", "fact", "value", "planted_turn", "probe_turn"])
    frame["probe_turn"] = frame["probe_turn"].astype("Int64")
    if first_only:
        frame = frame.drop_duplicates(["label", "fact"]).reset_index(drop=True)
    return frame


# -------------------------------------------------------------------- plots


def plot_tokens_per_turn(turns: pd.DataFrame, ax: Any = None, column: str = "input_tokens") -> Any:
    """Line chart: ``column`` per turn, one line per run.

    Args:
        turns: Per-turn rows of one or more runs.
        ax: A matplotlib ``Axes`` to draw on (a new figure when omitted).
        column: What to plot (``input_tokens``, ``item_tokens``, ``items_sent``...).

    Returns:
        The matplotlib ``Axes``.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    for label, run in turns.groupby("label", sort=False):
        ax.plot(run["turn"], run[column], marker=".", label=label)
    ax.set_xlabel("turn")
    ax.set_ylabel(column.replace("_", " "))
    ax.set_title(f"{column.replace('_', ' ')} per turn")
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return ax


def plot_frontier(summary: pd.DataFrame, ax: Any = None, tokens: str = "vs_full") -> Any:
    """Scatter of recall against cost, with the Pareto frontier drawn through it.

    Args:
        summary: A :func:`summarize_runs` table.
        ax: A matplotlib ``Axes`` (a new figure when omitted).
        tokens: The cost column for the x axis (``vs_full`` by default).

    Returns:
        The matplotlib ``Axes``.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4.5))
    for strategy, runs in summary.groupby("strategy", sort=False):
        ax.scatter(runs[tokens], runs["recall"], label=strategy, s=40)
        for _, row in runs.iterrows():
            ax.annotate(row["label"].split(" ", 1)[-1].strip("()"), (row[tokens], row["recall"]),
                        textcoords="offset points", xytext=(4, 4), fontsize="x-small")
    front = pareto_frontier(summary, tokens)
    ax.step(front[tokens], front["recall"], where="post", color="grey", linestyle="--", label="frontier")
    ax.set_xlabel(tokens.replace("_", " "))
    ax.set_ylabel("probe recall")
    ax.set_ylim(-0.05, 1.1)
    ax.set_title("recall vs tokens")
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return ax


# -------------------------------------------------------------------- judge

#: The rubric :func:`judge_summary` uses by default: criterion name → what it checks.
JUDGE_CRITERIA: dict[str, str] = {
    "identifiers_kept": "Every order number, serial number, ticket id and error code in the transcript appears in the note, character for character.",
    "no_invented_facts": "The note contains no identifier or fact that the transcript does not support.",
    "current_status": "The note says where things stand now, with the newest value of anything the user corrected.",
    "next_step": "The note names the next concrete step for whoever takes over.",
}


class JudgeError(RuntimeError):
    """The judge's reply could not be read as the requested JSON."""


def judge_prompt(criteria: Mapping[str, str] | None = None) -> str:
    """The instructions of a grading request, starting with :data:`JUDGE_PROMPT_TITLE`.

    Args:
        criteria: Criterion name → description (default :data:`JUDGE_CRITERIA`).
            Names must be snake_case words: they become the JSON keys.

    Raises:
        ValueError: For no criteria or a name that is not snake_case.
    """
    criteria = JUDGE_CRITERIA if criteria is None else criteria
    if not criteria:
        raise ValueError("criteria must not be empty")
    for name in criteria:
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ValueError(f"criterion names must be snake_case, got {name!r}")
    example = ", ".join(f'"{name}": {{"score": 0, "reason": "..."}}' for name in criteria)
    return "\n".join([
        JUDGE_PROMPT_TITLE,
        "",
        "Another model compressed a customer-support conversation into a handover note.",
        "Decide whether an engineer who reads only the note could carry on safely.",
        "The conversation is inside <transcript> tags, the note inside <summary> tags.",
        "Judge the note against the transcript alone; do not reward style.",
        "",
        "Criteria (score each from 0 = fails to 5 = fully met):",
        *(f"- {name}: {text}" for name, text in criteria.items()),
        "",
        "Reply with a single JSON object and nothing else, one key per criterion, in this order:",
        "{" + example + "}",
        "Each reason is one short sentence naming what is missing or wrong, or 'ok'.",
    ])


async def judge_summary(
    summary: str,
    source: Conversation | Sequence[Item],
    *,
    client: Any = None,
    model: str = DEFAULT_MODEL,
    criteria: Mapping[str, str] | None = None,
    max_tokens: int = 600,
) -> pd.DataFrame:
    """Grade ``summary`` against the conversation it summarizes (LLM-as-judge).

    Offline, memlab's fake model grades deterministically: it compares the
    identifiers in the note with those in the transcript and looks for the
    status and next-step sections. Live, a real model reads the same prompt.

    Args:
        summary: The summary text to grade.
        source: The items the summary replaced (a list), or a whole
            conversation (its full offline transcript is used).
        client: An ``openai`` client (default :func:`model_client`).
        model: The judge model.
        criteria: The rubric (default :data:`JUDGE_CRITERIA`).
        max_tokens: ``max_output_tokens`` for the reply.

    Returns:
        A DataFrame with columns ``criterion``, ``score`` (0-5, ``<NA>`` when the
        judge left it out) and ``reason``, one row per criterion.

    Raises:
        ValueError: For an empty summary or invalid criteria.
        JudgeError: If the reply is not the JSON object asked for.
    """
    if not isinstance(summary, str) or not summary.strip():
        raise ValueError("summary must be a non-empty string")
    instructions = judge_prompt(criteria)
    criteria = JUDGE_CRITERIA if criteria is None else criteria
    if isinstance(source, Conversation):
        from .scenario import transcript

        items = transcript(source)
    else:
        items = [to_item(item) for item in source]
    text = (
        f"<transcript>\n{render_transcript(items)}\n</transcript>\n\n"
        f"<summary>\n{summary.strip()}\n</summary>\n\nGrade the summary. Answer in JSON."
    )
    client = client if client is not None else model_client()
    request = {
        "model": model,
        "instructions": instructions,
        "input": [{"role": "user", "content": text}],
        "max_output_tokens": max_tokens,
        "text": {"format": {"type": "json_object"}},
    }
    create = client.responses.create
    if inspect.iscoroutinefunction(create):
        response = await create(**request)
    else:
        response = await asyncio.to_thread(create, **request)
    return _read_verdict(response.output_text or "", criteria)


def _read_verdict(reply: str, criteria: Mapping[str, str]) -> pd.DataFrame:
    match = re.search(r"\{.*\}", reply, re.S)
    try:
        verdict = json.loads(match.group(0)) if match else None
    except ValueError:
        verdict = None
    if not isinstance(verdict, dict):
        raise JudgeError(f"the judge did not answer with a JSON object: {reply[:200]!r}")
    rows = []
    for name in criteria:
        entry = verdict.get(name)
        if entry is None:
            rows.append({"criterion": name, "score": pd.NA, "reason": "missing from the judge's reply"})
            continue
        score = entry.get("score") if isinstance(entry, dict) else entry
        if score is not None and (isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 5):
            raise JudgeError(f"score for {name!r} must be a number from 0 to 5, got {score!r}")
        reason = str(entry.get("reason", "")) if isinstance(entry, dict) else ""
        rows.append({"criterion": name, "score": pd.NA if score is None else int(round(score)), "reason": reason})
    frame = pd.DataFrame(rows, columns=["criterion", "score", "reason"])
    frame["score"] = frame["score"].astype("Int64")
    return frame

