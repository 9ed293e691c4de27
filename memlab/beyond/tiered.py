"""Tiered memory: trim old tool outputs first, summarize only when that is not enough.

Two policies, cheapest first — the way peers compose them (pydantic-ai's
tiered compaction, Agent Framework's token-budget composition):

1. **Tool-output trimming**, with the SDK's own ``ToolOutputTrimmer`` (a
   ``call_model_input_filter``): tool outputs of older turns are cut to a short
   preview right before each model call. It costs nothing, loses only bulk,
   and keeps every call with its (shortened) output. The store is unchanged.
2. **Summarizing on a token budget**: when history, *as the trimmer will pass
   it to the model*, still holds more than ``max_tokens``, the oldest turns are
   folded into a summary (with the fidelity gate, if given), keeping the newest
   ``keep_last_n_turns`` turns verbatim.

A :class:`TieredSession` is a :class:`~memlab.summarizing.SummarizingSession`
whose budget counts the trimmed view; run it with its own ``run_config()`` so
the trimmer really runs before each model call::

    session = TieredSession(2, summarizer, "customer-42", max_tokens=1500, gate=gate)
    await Runner.run(agent, text, session=session, run_config=session.run_config())
"""

from __future__ import annotations

from typing import Any

from agents import RunConfig
from agents.extensions.tool_output_trimmer import ToolOutputTrimmer
from agents.memory import Session
from agents.memory.session_settings import SessionSettings
from agents.run_config import CallModelData, ModelInputData

from ..gate import FidelityGate
from ..items import Item
from ..summarizer import Summarizer
from ..summarizing import SummarizingSession
from ..summarizing import Record
from ..tokens import count_item

__all__ = ["TieredSession", "trimmed_by"]


def trimmed_by(trimmer: ToolOutputTrimmer, items: list[Item]) -> list[Item]:
    """What ``trimmer`` would pass to the model for ``items`` (one item per item, in order)."""
    data = CallModelData(model_data=ModelInputData(input=list(items), instructions=None), agent=None, context=None)
    return list(trimmer(data).input)


class TieredSession(SummarizingSession):
    """Trim old tool outputs (the SDK's ``ToolOutputTrimmer``), then summarize over ``max_tokens``.

    Args:
        keep_last_n_turns: Turns kept verbatim after a summary (``0`` acts as ``1``).
        summarizer: A :class:`~memlab.summarizer.Summarizer` (``None``: never summarize).
        session_id: Names the conversation.
        max_tokens: The budget for history as the model sees it after trimming.
        context_limit: Also summarize past this many real user turns (``None``,
            the default: the token budget alone decides).
        trimmer: The tool-output trimmer (default: ``ToolOutputTrimmer()``, which
            keeps the last 2 turns whole and cuts older outputs over 500
            characters to a 200-character preview).
        gate, summary_timeout, session_settings, store: As for
            :class:`~memlab.summarizing.SummarizingSession`.

    Raises:
        TypeError: If ``trimmer`` is not a ``ToolOutputTrimmer`` (or a parameter
            has the wrong type).
        ValueError: For a value out of range.
    """

    def __init__(
        self,
        keep_last_n_turns: int = 2,
        summarizer: Summarizer | None = None,
        session_id: str | None = None,
        *,
        max_tokens: int,
        context_limit: int | None = None,
        trimmer: ToolOutputTrimmer | None = None,
        gate: FidelityGate | None = None,
        summary_timeout: float | None = 60.0,
        session_settings: SessionSettings | dict[str, Any] | None = None,
        store: Session | None = None,
    ) -> None:
        if trimmer is not None and not isinstance(trimmer, ToolOutputTrimmer):
            raise TypeError(f"trimmer must be an agents ToolOutputTrimmer, not {type(trimmer).__name__}")
        if max_tokens is None:
            raise ValueError("TieredSession needs max_tokens: its budget is what triggers a summary")
        self.trimmer = trimmer if trimmer is not None else ToolOutputTrimmer()
        super().__init__(
            keep_last_n_turns, context_limit, summarizer, session_id, max_tokens=max_tokens, gate=gate,
            summary_timeout=summary_timeout, session_settings=session_settings, store=store,
        )

    def run_config(self, **options: Any) -> RunConfig:
        """A ``RunConfig`` whose ``call_model_input_filter`` is this session's trimmer."""
        return RunConfig(call_model_input_filter=self.trimmer, **options)

    def _budget_tokens(self, records: list[Record]) -> list[int]:
        """Tokens of the history as the trimmer will pass it on."""
        return [count_item(item) for item in trimmed_by(self.trimmer, [r.item for r in records])]
