"""The summary prompt memlab's ``LLMSummarizer`` sends, and the shape of its answer.

The prompt is structured: the model must answer in fixed sections, so a reader
(and memlab's fidelity gate) can find identifiers and error codes in one place.
Design principles, each one a lesson from summaries that went wrong:

1. **Sections, always in the same order.** An empty section says "none" rather
   than disappearing, so a missing fact is visible.
2. **Identifiers verbatim.** Order numbers, serials, ticket ids and error codes
   are copied character for character — a paraphrased id is a wrong id.
3. **No invention.** Only what the transcript says; anything uncertain is
   marked "(unconfirmed)".
4. **Newest wins.** When the user corrected themselves, keep the correction
   and drop the superseded value.
5. **Check against the agent's rules.** When the agent's instructions are
   supplied, flag steps in the transcript that contradict them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

__all__ = [
    "JUDGE_PROMPT_TITLE",
    "SUMMARY_PROMPT_TITLE",
    "SUMMARY_SECTIONS",
    "SHADOW_PROMPT",
    "MUST_KEEP_RULE",
    "summary_prompt",
]

#: First line of every summary prompt; the offline model recognises a
#: summarization request by it.
SUMMARY_PROMPT_TITLE = "# Task: compress a support conversation into a handover note"

#: First line of memlab's LLM-as-judge prompt (built by :func:`memlab.evals.judge_prompt`);
#: the offline model recognises a grading request by it and grades deterministically.
JUDGE_PROMPT_TITLE = "# Task: grade a handover note against its conversation"

#: The sections of a summary, in order. The offline model answers with these too.
SUMMARY_SECTIONS: tuple[str, ...] = (
    "Product and environment",
    "Reported issue",
    "Steps tried and results",
    "Identifiers",
    "Timeline",
    "Tool performance insights",
    "Current status and blockers",
    "Next recommended step",
)

#: The synthetic user message placed before a summary in the model's history.
SHADOW_PROMPT = "Before we go on, recap what we have covered so far in this conversation."


#: The rule that lists the fidelity gate's facts (one ``  - "fact"`` line each, JSON-quoted, follows it).
MUST_KEEP_RULE = "- These facts must appear in the note exactly as written here:"


def summary_prompt(agent_instructions: str | None = None, must_keep: Sequence[str] = ()) -> str:
    """Build the instructions for a summarization request.

    Args:
        agent_instructions: The support agent's own instructions. When given,
            the summarizer can flag steps that contradicted them; without them
            that check is impossible, so the prompt does not ask for it.
        must_keep: Facts the summary must contain verbatim (the session's
            fidelity gate will check). Listing them here matters: the
            transcript may have cut a long tool output that held one.

    Returns:
        The full instructions text, starting with :data:`SUMMARY_PROMPT_TITLE`.
    """
    sections = "\n".join(f"## {name}" for name in SUMMARY_SECTIONS)
    lines = [
        SUMMARY_PROMPT_TITLE,
        "",
        "You write the note a support engineer reads before taking over this",
        "conversation. The next engineer will see only your note and the newest",
        "turns, so anything you leave out is forgotten.",
        "",
        "Answer in Markdown with exactly these sections, in this order. Write",
        "'none' under a section that has nothing to report:",
        "",
        sections,
        "",
        "Rules:",
        "- Copy every identifier (order numbers, serial numbers, ticket ids,",
        "  account ids) and every error code character for character.",
        "- Use only what the transcript says. Mark anything uncertain '(unconfirmed)'.",
        "- When the user corrected a detail, keep the newest value only.",
        "- Tool results beat guesses: say which tools worked, failed or timed out.",
        "- Be brief: short bullet points, no pleasantries.",
    ]
    if must_keep:  # one quoted fact per line, so a fact with a newline cannot break the list
        lines += [MUST_KEEP_RULE] + [f"  - {json.dumps(fact, ensure_ascii=False)}" for fact in must_keep]
    if agent_instructions:
        lines += [
            "- Under 'Current status and blockers', flag any step that contradicts",
            "  the agent's rules below.",
            "",
            "The agent's rules:",
            "<<<",
            agent_instructions.strip(),
            ">>>",
        ]
    return "\n".join(lines)
