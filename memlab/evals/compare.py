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

from ..scenario import Conversation
from .replay import DEFAULTS, TURN_COLUMNS, check_config, check_conversation, check_names, replay, run_label

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
    from tqdm.auto import tqdm

    frames = []
    total = len(checked) * len(conversation.user_turns)
    with tqdm(total=total, desc=f"replaying {conversation.name}", unit="turn", disable=not progress) as bar:
        for (strategy, params), label in zip(checked, labels):
            bar.set_postfix_str(label)
            frames.append(await replay(
                conversation, strategy, agent=agent, on_turn=lambda _: bar.update(), label=label, **params
            ))
    turns = pd.concat(frames, ignore_index=True)
    return GridResult(turns, summarize_runs(turns))


def summarize_runs(turns: pd.DataFrame) -> pd.DataFrame:
    """One row per run (``conversation`` and ``label``) of a stacked per-turn frame.

    Columns: ``label``, ``strategy``, ``model_calls``, ``input_tokens`` (cumulative,
    from ``usage``), ``vs_full`` (``input_tokens`` / the ``full`` run's on the
    same conversation), ``item_tokens`` and ``items_vs_full`` (the same for the
    input items alone), ``summarizer_calls``, ``summarizer_tokens`` (input +
    output), ``recall`` (share of probes answered right), ``must_keep_recall``
    (the same over must-keep facts), ``pressure_turns`` (turns with a dropped
    planted fact), ``conversation``. Ratios are ``NaN`` without a ``full`` run.

    Raises:
        ValueError: If ``turns`` is empty or lacks :func:`replay`'s columns.
    """
    if not isinstance(turns, pd.DataFrame) or turns.empty or not set(TURN_COLUMNS) <= set(turns.columns):
        raise ValueError("turns must be the non-empty per-turn frame of replay() or run_grid().turns")
    rows = []
    for (conversation, label), run in turns.groupby(["conversation", "label"], sort=False):
        if run["turn"].duplicated().any():
            raise ValueError(
                f"two runs of {conversation!r} share the label {label!r}; give them distinct labels "
                "(replay(..., label=...)) before stacking them"
            )
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
            "conversation": conversation,
        })
    summary = pd.DataFrame(rows)
    full = summary[summary["strategy"] == "full"].drop_duplicates("conversation").set_index("conversation")
    base_tokens = summary["conversation"].map(full["input_tokens"]).astype(float)
    base_items = summary["conversation"].map(full["item_tokens"]).astype(float)
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
    best, best_cost, keep = -1.0, None, []
    for index, row in ordered.iterrows():
        tie = row["recall"] == best and row[tokens] == best_cost  # equal on both: neither beats the other
        if row["recall"] > best or tie:
            keep.append(index)
            best, best_cost = row["recall"], row[tokens]
    return ordered.loc[keep]


def choose(summary: pd.DataFrame, min_recall: float = 1.0, tokens: str = "input_tokens") -> pd.Series:
    """The cheapest run whose recall is at least ``min_recall``.

    Raises:
        ValueError: If ``min_recall`` is outside ``[0, 1]``, or no run reaches it.
    """
    if not 0.0 <= min_recall <= 1.0:
        raise ValueError(f"min_recall must be between 0 and 1, got {min_recall!r}")
    if tokens not in summary:
        raise ValueError(f"no column {tokens!r} in the summary")
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
