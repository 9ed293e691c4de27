"""Compare: replay many configurations (a grid), summarize them, and choose with evidence.

:func:`run_grid` replays strategies and parameter values side by side;
:func:`summarize_runs`, :func:`pareto_frontier` and :func:`choose` turn the
per-turn rows into a decision; :func:`token_pressure` shows where a policy
dropped a planted fact before any probe asked for it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from ..scenario import Conversation
from .replay import TURN_COLUMNS, Replay, check_conversation, run
from .strategies import DEFAULTS, check_config, check_names, run_label

__all__ = ["GridResult", "grid", "run_grid", "summarize_runs", "pareto_frontier", "choose", "token_pressure"]


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
    check_names(strategy, values)
    for key, options in values.items():
        if isinstance(options, (str, bytes)) or not isinstance(options, Sequence) or not options:
            raise ValueError(f"{key} needs a non-empty list of values, got {options!r}")
    configs = []
    for combo in itertools.product(*values.values()):
        params = dict(zip(values, combo))
        limits = {**DEFAULTS[strategy], **params}  # the values replay will use
        if limits.get("keep_last_n_turns", 0) > limits.get("context_limit", 0):
            continue
        check_config(strategy, params)  # any other bad value fails here, before a run
        configs.append((strategy, params))
    return configs


@dataclass
class GridResult:
    """What :func:`run_grid` returns.

    Attributes:
        turns: Every run's per-turn rows (:data:`~memlab.evals.replay.TURN_COLUMNS`), stacked.
        summary: One row per run (see :func:`summarize_runs`).
        runs: Each run in full (:class:`~memlab.evals.replay.Replay`), in order.
    """

    turns: pd.DataFrame
    summary: pd.DataFrame
    runs: list[Replay]


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
        A :class:`GridResult` with ``turns`` and ``summary``. Two configurations
        with the same label (two summarizers of one class, say) get ``#2``,
        ``#3``... appended, so their rows stay apart.

    Raises:
        TypeError: If ``conversation`` or ``configs`` has the wrong shape.
        ValueError: For an empty list or an invalid configuration; every
            configuration is checked before the first replay.
    """
    check_conversation(conversation)
    if isinstance(configs, (str, bytes, Mapping)) or not isinstance(configs, Iterable):
        raise TypeError("configs must be a list of (strategy, params) pairs, e.g. grid('trimming', max_turns=[2, 3])")
    checked = []
    for config in configs:
        if not (isinstance(config, (tuple, list)) and len(config) == 2):
            raise TypeError(f"each config must be a (strategy, params) pair, got {config!r}")
        strategy, params = config
        check_config(strategy, params)
        checked.append((strategy, dict(params)))
    if baseline and not any(strategy == "full" for strategy, _ in checked):
        checked.insert(0, ("full", {}))
    if not checked:
        raise ValueError("configs is empty")
    labels, seen = [], Counter()
    for strategy, params in checked:
        label = run_label(strategy, params)
        seen[label] += 1
        labels.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    runs = []
    total = len(checked) * len(conversation.user_turns)
    with tqdm(total=total, desc=f"replaying {conversation.name}", unit="turn", disable=not progress) as bar:
        for (strategy, params), label in zip(checked, labels):
            bar.set_postfix_str(label)
            runs.append(await run(conversation, strategy, agent=agent, on_turn=lambda _: bar.update(), label=label, **params))
    turns = pd.concat([r.turns for r in runs], ignore_index=True)
    return GridResult(turns, summarize_runs(turns), runs)


def summarize_runs(turns: pd.DataFrame) -> pd.DataFrame:
    """One row per run (``conversation`` and ``label``) of a stacked per-turn frame.

    Columns:

    * ``label``, ``strategy``, ``conversation``;
    * ``total_tokens`` — everything billed: the agent's input and output tokens
      plus the memory policy's own calls (summarizer or compaction), and
      ``vs_full``, the same divided by the ``full`` run's on that conversation
      (the number to choose by);
    * ``input_tokens``, ``output_tokens``, ``memory_tokens`` — its three parts,
      and ``input_vs_full`` (input tokens alone against full history's);
    * ``item_tokens`` and ``items_vs_full`` — the input *items* alone (what the
      policy controls), against full history's;
    * ``model_calls``, ``memory_calls`` — requests sent;
    * ``recall`` — share of probes answered right; ``must_keep_recall`` — the
      same over must-keep facts;
    * ``pressure_turns`` — turns whose input lacked a planted fact;
    * ``tool_calls``, ``repeated_tool_calls`` — the agent's tool calls, and how many
      repeated an earlier call with the same arguments (a sign of a forgotten result);
    * ``latency_s`` — the run's wall time.

    Ratios are ``NaN`` without a ``full`` run; token sums are ``<NA>`` when a
    summarizer's tokens could not be metered.

    Raises:
        ValueError: If ``turns`` is empty, lacks the :data:`~memlab.evals.replay.TURN_COLUMNS`, or
            stacks two runs of one conversation under one label.
    """
    if not isinstance(turns, pd.DataFrame) or turns.empty or not set(TURN_COLUMNS) <= set(turns.columns):
        raise ValueError("turns must be the non-empty per-turn frame of run(...).turns or run_grid(...).turns")
    rows = []
    for (conversation, label), run_rows in turns.groupby(["conversation", "label"], sort=False):
        if run_rows["turn"].duplicated().any():
            raise ValueError(
                f"two runs of {conversation!r} share the label {label!r}; give them distinct labels "
                "(run(..., label=...)) before stacking them"
            )
        probes = run_rows[run_rows["probe"].notna()]
        must = probes[probes["must_keep"].fillna(False).astype(bool)]
        memory = (run_rows["memory_input_tokens"] + run_rows["memory_output_tokens"]).sum(skipna=False)
        rows.append({
            "label": label,
            "strategy": run_rows["strategy"].iloc[0],
            "total_tokens": run_rows["total_tokens"].sum(skipna=False),
            "input_tokens": int(run_rows["input_tokens"].sum()),
            "output_tokens": int(run_rows["output_tokens"].sum()),
            "memory_tokens": memory,
            "item_tokens": int(run_rows["item_tokens"].sum()),
            "model_calls": int(run_rows["model_calls"].sum()),
            "memory_calls": int(run_rows["memory_calls"].sum()),
            "recall": float(probes["correct"].astype(bool).mean()) if len(probes) else float("nan"),
            "must_keep_recall": float(must["correct"].astype(bool).mean()) if len(must) else float("nan"),
            "pressure_turns": int((run_rows["facts_missing"].map(len) > 0).sum()),
            "tool_calls": int(run_rows["tool_calls"].sum()),
            "repeated_tool_calls": int(run_rows["repeated_tool_calls"].sum()),
            "latency_s": float(run_rows["latency_s"].sum()),
            "conversation": conversation,
        })
    summary = pd.DataFrame(rows)
    for column in ("total_tokens", "memory_tokens"):
        summary[column] = summary[column].astype("Int64")
    full = summary[summary["strategy"] == "full"].drop_duplicates("conversation").set_index("conversation")

    def versus(column: str) -> pd.Series:
        base = summary["conversation"].map(full[column]).astype("Float64")
        return (summary[column].astype("Float64") / base).astype(float).round(3)

    summary.insert(3, "vs_full", versus("total_tokens"))
    summary.insert(5, "input_vs_full", versus("input_tokens"))
    summary.insert(9, "items_vs_full", versus("item_tokens"))
    return summary


def pareto_frontier(summary: pd.DataFrame, tokens: str = "total_tokens", recall: str = "recall") -> pd.DataFrame:
    """The runs no other run beats: none is both cheaper (or equal) and better at recall.

    Args:
        summary: A :func:`summarize_runs` table.
        tokens: The cost column (``total_tokens`` by default: everything billed,
            the policy's own calls included).
        recall: The quality column (``recall`` or ``must_keep_recall``).

    Returns:
        The frontier rows, cheapest first.
    """
    for column in (tokens, recall):
        if column not in summary:
            raise ValueError(f"no column {column!r} in the summary")
    ordered = summary.sort_values([tokens, recall], ascending=[True, False])
    best, best_cost, keep = -1.0, None, []
    for index, row in ordered.iterrows():
        tie = row[recall] == best and row[tokens] == best_cost  # equal on both: neither beats the other
        if row[recall] > best or tie:
            keep.append(index)
            best, best_cost = row[recall], row[tokens]
    return ordered.loc[keep]


def choose(
    summary: pd.DataFrame, min_recall: float = 1.0, tokens: str = "total_tokens", recall: str = "recall"
) -> pd.Series:
    """The cheapest run whose ``recall`` column is at least ``min_recall``.

    Args:
        summary: A :func:`summarize_runs` table.
        min_recall: The least acceptable recall, from 0 to 1.
        tokens: The cost to minimise (default ``total_tokens``: everything billed).
        recall: ``recall`` (all probes) or ``must_keep_recall`` (must-keep facts only).

    Raises:
        ValueError: If ``min_recall`` is outside ``[0, 1]``, a column is missing,
            or no run reaches the recall.
    """
    if isinstance(min_recall, bool) or not isinstance(min_recall, (int, float)) or not 0.0 <= min_recall <= 1.0:
        raise ValueError(f"min_recall must be between 0 and 1, got {min_recall!r}")
    for column in (tokens, recall):
        if column not in summary:
            raise ValueError(f"no column {column!r} in the summary")
    good = summary[summary[recall] >= min_recall]
    if good.empty:
        raise ValueError(f"no run reaches {recall} {min_recall:.0%}; best is {summary[recall].max():.0%}")
    return good.sort_values(tokens).iloc[0]


def token_pressure(turns: pd.DataFrame, conversation: Conversation, *, first_only: bool = False) -> pd.DataFrame:
    """The turns where a planted fact was missing from the model's input.

    A fact planted at turn ``f`` is in full history from turn ``f + 1`` on;
    if it is absent from a later turn's input, the memory policy dropped it
    (trimmed it away, or summarized it without keeping it). This shows the
    damage *before* a probe asks.

    Args:
        turns: Per-turn rows from :func:`run` (``.turns``) or :attr:`GridResult.turns`.
        conversation: The conversation replayed (for values and planting turns).
        first_only: Keep only the first flagged turn of each (run, fact).

    Returns:
        One row per (run, turn, missing fact): ``label``, ``turn``, ``fact``,
        ``value``, ``planted_turn``, ``probe_turn`` (when a probe asks for it,
        else ``<NA>``).
    """
    facts = {fact.key: fact for fact in conversation.facts}
    asked = {probe.fact_key: probe.turn for probe in conversation.probes}
    turns = turns[turns["conversation"] == conversation.name]  # a stacked frame may hold others
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
