"""Evals: replay a conversation, measure what each memory policy costs and forgets.

A memory policy is a bet: send the model less, and hope it still knows what
matters. This module turns the bet into numbers, with the same code offline and
live (only the HTTP transport differs, see :mod:`memlab.api.mode`):

1. :func:`run` plays a scripted :class:`~memlab.scenario.Conversation`
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
   planted fact from the model's input — *before* a probe notices; the per-turn
   ``tool_calls`` and ``repeated_tool_calls`` show tool calls a policy stopped
   making or made again (error regression tracking, against full history).
5. :func:`judge_summary` asks a model to grade a summary with a rubric
   (LLM-as-judge); offline, memlab's fake model grades it by checking the
   summary against the transcript's facts.

The code is split by step, one short module each: :mod:`~memlab.evals.replay`
(1), :mod:`~memlab.evals.compare` (2-4), :mod:`~memlab.evals.plots` (3),
:mod:`~memlab.evals.judge` (5), and :mod:`~memlab.evals.metering` (the clients
and wrappers that count tokens). Import everything from ``memlab.evals``.

Every measurement comes from the run itself: token counts from the API's
``usage``, model input from ``RunConfig.call_model_input_filter`` (the last hook
before each model call), summarizer cost from the summarizer's own responses.
"""

from .compare import (
    GridResult,
    choose,
    grid,
    pareto_frontier,
    run_grid,
    summarize_runs,
    token_pressure,
)
from .judge import (
    JUDGE_CRITERIA,
    JudgeError,
    judge_prompt,
    judge_summary,
)
from .metering import LossySummarizer
from .plots import plot_frontier, plot_tokens_per_turn
from .replay import TURN_COLUMNS, Replay, run
from .strategies import STRATEGIES, run_label

__all__ = [
    "JUDGE_CRITERIA",
    "STRATEGIES",
    "TURN_COLUMNS",
    "GridResult",
    "JudgeError",
    "LossySummarizer",
    "Replay",
    "choose",
    "grid",
    "judge_prompt",
    "judge_summary",
    "pareto_frontier",
    "plot_frontier",
    "plot_tokens_per_turn",
    "run",
    "run_grid",
    "run_label",
    "summarize_runs",
    "token_pressure",
]
