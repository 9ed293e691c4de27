"""LLM-as-judge: grade a summary with a rubric, live or with the offline model."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from ..api import mode
from ..async_bridge import call_either
from ..errors import MemlabError
from ..items import Item, to_item
from ..prompts import JUDGE_PROMPT_TITLE, render_transcript
from ..scenario import Conversation
from ..summarizer import incomplete_reason
from .replay import Replay, run

__all__ = ["JUDGE_CRITERIA", "JudgeError", "judge_prompt", "judge_summary"]

#: The rubric :func:`judge_summary` uses by default: criterion name → what it checks.
JUDGE_CRITERIA: dict[str, str] = {
    "identifiers_kept": "Every order number, serial number, ticket id and error code in the transcript appears in the note, character for character.",
    "no_invented_facts": "The note claims nothing the transcript does not support: no identifier, number or version (with its unit), action or promise (a refund, a replacement, a factory reset, an escalation...) or step that nobody in the transcript mentioned.",
    "steps_tried": "The note lists the steps the customer took (restarts, updates, cleaning, installs...) with the result the transcript gives; a step left out, a result turned around ('fixed' where the customer said 'it still drops'), or a step said not to be taken when it was, costs points.",
    "timeline": "The note keeps the time cues the transcript gives (since when, how often, how long after, dates that matter).",
    "current_status": "The note says where each issue stands now, as a state (not advice to the customer, not a question): open or resolved as the customer's last word on it says, with the newest value of anything the user corrected.",
    "next_step": "The note names the next concrete step for whoever takes over.",
}


class JudgeError(MemlabError):
    """The judge's reply could not be read as the requested JSON."""


def judge_prompt(criteria: Mapping[str, str] | None = None) -> str:
    """The instructions of a grading request, starting with :data:`memlab.prompts.JUDGE_PROMPT_TITLE`.

    Args:
        criteria: Criterion name → description (default :data:`JUDGE_CRITERIA`).
            Names must be snake_case words: they become the JSON keys.

    Raises:
        ValueError: For no criteria or a name that is not snake_case.
    """
    criteria = JUDGE_CRITERIA if criteria is None else criteria
    if not isinstance(criteria, Mapping):
        raise TypeError(f"criteria must map each criterion name to what it checks, not {type(criteria).__name__}")
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
    source: Sequence[Item] | Replay | Conversation,
    *,
    client: Any = None,
    model: str | None = None,
    criteria: Mapping[str, str] | None = None,
    max_tokens: int = 600,
) -> pd.DataFrame:
    """Grade ``summary`` against the conversation it summarizes (LLM-as-judge).

    The judge reads what was really said: the items the summary replaced (as
    a session or a replay recorded them, offline or live), never a script of
    what the offline model would have said. Offline, memlab's fake model
    grades deterministically by checking the note's claims against the
    transcript: identifiers, numbers and versions, actions and promises (a
    refund, a factory reset) must be in it; each step must carry the result
    the customer reported; each issue must be open or resolved as the
    customer's last word on it says; the customer's time cues and a next step
    must be there. Each reason names the claim and what the transcript says
    instead (``memlab/offline/_judge.py`` has each rule, and what it cannot
    see). Live, a real model reads the same prompt.

    Args:
        summary: The summary text to grade.
        source: The items the summary replaced (a list); a
            :class:`~memlab.evals.Replay` (its whole history); or a
            :class:`~memlab.scenario.Conversation`, which is replayed first
            with full history in the current mode (live, that costs a run).
        client: An ``openai`` client (default :func:`memlab.api.mode.client`).
        model: The judge model (default :func:`memlab.api.mode.model`).
        criteria: The rubric (default :data:`JUDGE_CRITERIA`).
        max_tokens: ``max_output_tokens`` for the reply.

    Returns:
        A DataFrame with columns ``criterion``, ``score`` (0-5, ``<NA>`` when the
        judge left it out) and ``reason``, one row per criterion.

    Raises:
        TypeError: For criteria that are not a mapping.
        ValueError: For an empty summary or source, or invalid criteria.
        JudgeError: If the reply was cut short or is not the JSON object asked for.
    """
    if not isinstance(summary, str) or not summary.strip():
        raise ValueError("summary must be a non-empty string")
    instructions = judge_prompt(criteria)
    criteria = JUDGE_CRITERIA if criteria is None else criteria
    if isinstance(source, Conversation):
        source = await run(source)
    if isinstance(source, Replay):
        items = [item for turn in source.history for item in turn]
    else:
        items = [to_item(item) for item in source]
    if not items:
        raise ValueError("source must hold the items the summary replaced (or a Replay or Conversation); it is empty")
    text = (
        f"<transcript>\n{render_transcript(items)}\n</transcript>\n\n"
        f"<summary>\n{summary.strip()}\n</summary>\n\nGrade the summary. Answer in JSON."
    )
    client = client if client is not None else mode.client()
    request = {
        "model": model or mode.model(),
        "instructions": instructions,
        "input": [{"role": "user", "content": text}],
        "max_output_tokens": max_tokens,
        "text": {"format": {"type": "json_object"}},
    }
    response = await call_either(client.responses.create, **request)
    reason = incomplete_reason(response)
    if reason is not None:
        raise JudgeError(f"the judge's reply was cut short ({reason}); raise max_tokens (now {max_tokens})")
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
