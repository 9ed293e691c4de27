"""Plots of eval results (matplotlib): tokens per turn, and recall against tokens."""

from __future__ import annotations

from typing import Any

import pandas as pd

from .compare import pareto_frontier


def plot_tokens_per_turn(turns: pd.DataFrame, ax: Any = None, column: str = "input_tokens") -> Any:
    """Line chart: ``column`` per turn, one line per run.

    Args:
        turns: Per-turn rows of one or more runs.
        ax: A matplotlib ``Axes`` to draw on (a new figure when omitted).
        column: What to plot (``input_tokens``, ``item_tokens``, ``items_sent``...).

    Returns:
        The matplotlib ``Axes``.
    """
    _check_columns(turns, ["label", "turn", column], "turns")
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    several = turns["conversation"].nunique() > 1 if "conversation" in turns else False
    keys = ["conversation", "label"] if several else ["label"]
    for key, run in turns.groupby(keys, sort=False):
        name = ": ".join(key) if several else (key[0] if isinstance(key, tuple) else key)
        ax.plot(run["turn"], run[column], marker=".", label=name)
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

    Raises:
        ValueError: For a missing column, or a ``tokens`` column with no values
            (``vs_full`` needs a ``full`` run: ``run_grid(baseline=True)``).
    """
    _check_columns(summary, ["label", "strategy", "recall", tokens], "summary")
    if summary[tokens].isna().all():
        hint = " (it needs a full-history run: use run_grid(baseline=True) or tokens='input_tokens')" if tokens.endswith("vs_full") else ""
        raise ValueError(f"summary[{tokens!r}] has no values to plot{hint}")
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


def _check_columns(frame: Any, columns: list[str], name: str) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame, not {type(frame).__name__}")
    missing = [column for column in columns if column not in frame.columns]
    if missing:
        raise ValueError(f"{name} has no column {', '.join(map(repr, missing))}; it has {', '.join(frame.columns)}")
