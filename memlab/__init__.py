"""memlab: short-term memory for agents built on the OpenAI Agents SDK, taught in notebooks.

The two session strategies plug straight into ``Runner.run(..., session=...)``::

    from memlab import TrimmingSession, SummarizingSession
"""

from __future__ import annotations

from .errors import MemlabError
from .integrity import IntegrityError, IntegritySession
from .storage import CorruptStoreError
from .prompts import SHADOW_PROMPT, SUMMARY_SECTIONS, summary_prompt
from .summarizing import (
    LLMSummarizer,
    SummarizationError,
    Summarizer,
    SummarizingSession,
    render_transcript,
)
from .tenancy import TenantAccessError, TenantGuardSession
from .trimming import TrimmingSession, keep_last_turns, trim_view

__version__ = "0.1.0"

__all__ = [
    "CorruptStoreError",
    "IntegrityError",
    "IntegritySession",
    "LLMSummarizer",
    "MemlabError",
    "SHADOW_PROMPT",
    "SUMMARY_SECTIONS",
    "SummarizationError",
    "Summarizer",
    "SummarizingSession",
    "TenantAccessError",
    "TenantGuardSession",
    "TrimmingSession",
    "keep_last_turns",
    "render_transcript",
    "summary_prompt",
    "trim_view",
]
