"""memlab: short-term memory for agents built on the OpenAI Agents SDK, taught in notebooks.

The two session strategies plug straight into ``Runner.run(..., session=...)``::

    from memlab import TrimmingSession, SummarizingSession
"""

from __future__ import annotations

from .errors import IntegrityError, MemlabError
from .beyond.fact_sheet import FactSheetSummarizer
from .gate import FidelityGate
from .storage.integrity import IntegritySession
from .prompts import SHADOW_PROMPT, SUMMARY_SECTIONS, render_transcript, summary_prompt
from .storage.log import CorruptStoreError
from .summarizer import LLMSummarizer, SummarizationError, Summarizer
from .summarizing import SummarizingSession, summary_cut
from .summarizing import SummaryEvent, SummaryStatus
from .storage.tenancy import TenantAccessError, TenantGuardSession, tenant_session_id
from .beyond.tiered import TieredSession
from .trimming import TrimmingSession, keep_last_turns, trim_view

__version__ = "0.1.0"

__all__ = [
    "CorruptStoreError",
    "FactSheetSummarizer",
    "FidelityGate",
    "IntegrityError",
    "IntegritySession",
    "LLMSummarizer",
    "MemlabError",
    "SHADOW_PROMPT",
    "SUMMARY_SECTIONS",
    "SummarizationError",
    "Summarizer",
    "SummarizingSession",
    "SummaryEvent",
    "SummaryStatus",
    "TenantAccessError",
    "TenantGuardSession",
    "TieredSession",
    "TrimmingSession",
    "keep_last_turns",
    "render_transcript",
    "summary_cut",
    "summary_prompt",
    "tenant_session_id",
    "trim_view",
]
