"""memlab: short-term memory for agents built on the OpenAI Agents SDK, taught in notebooks.

The two session strategies plug straight into ``Runner.run(..., session=...)``::

    from memlab import TrimmingSession, SummarizingSession
"""

from __future__ import annotations

from .prompts import SHADOW_PROMPT, SUMMARY_SECTIONS, summary_prompt
from .summarizing import (
    LLMSummarizer,
    SummarizationError,
    Summarizer,
    SummarizingSession,
    render_transcript,
)
from .trimming import TrimmingSession, keep_last_turns, trim_view

__version__ = "0.1.0"

__all__ = [
    "LLMSummarizer",
    "SHADOW_PROMPT",
    "SUMMARY_SECTIONS",
    "SummarizationError",
    "Summarizer",
    "SummarizingSession",
    "TrimmingSession",
    "keep_last_turns",
    "render_transcript",
    "summary_prompt",
    "trim_view",
]
