"""The offline model's judge: grades a summary by checking facts, not taste.

When a request carries memlab's judge prompt (:func:`memlab.evals.judge_prompt`),
the offline model answers with the JSON grades the prompt asks for. Each known
criterion compares the note's *content* with the transcript's facts — an
identifier, a step the customer took, a time cue — so a note that has every
section but says little in them loses points. The rules are its own: it does
not reuse the offline summarizer's reading of the transcript, so the two can
disagree, as a live judge and a live summarizer would.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import find_facts
from ..turns import item_text

__all__ = ["grade"]


_ID_KINDS = ("order_number", "serial", "error_code", "ticket_id")

#: Kinds of step a customer reports, each with the words that name it. A note
#: mentions a step if it uses any word of the same kind ("rebooted" covers
#: "power-cycled"): a paraphrase counts, silence does not.
_STEP_KINDS: dict[str, re.Pattern[str]] = {
    "restart": re.compile(r"power[- ]?cycl\w*|restart\w*|reboot\w*|unplug\w*", re.I),
    "update": re.compile(r"updat\w*|upgrad\w*", re.I),
    "install": re.compile(r"install\w*", re.I),
    "clean": re.compile(r"clean\w*", re.I),
    "check": re.compile(r"checked|vents?", re.I),
    "hold a button": re.compile(r"\bheld\b|\bhold\w*", re.I),
    "reset": re.compile(r"\breset\w*", re.I),
    "settings": re.compile(r"\bsettings?\b", re.I),
    "re-pair": re.compile(r"\bre-?pair\w*", re.I),
    "external monitor": re.compile(r"external (?:monitor|screen|display)", re.I),
}

#: Time cues a customer gives; group 1, 2 or 3 is the key a note must repeat
#: ("since last Tuesday" → "tuesday", "an hour later" → "hour later").
_TIME_CUE = re.compile(
    r"\b(?:since|every|last|later|this|next)\s+(?:(?:last|this|next)\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|morning|evening|night|week|month|weekend)\b|\b(?:an?|one|two|three|\d+)\s+((?:minute|hour|day|week|month)s?\s+"
    r"(?:later|ago))\b|\b(yesterday|tonight)\b",
    re.I,
)

#: A status bullet that is advice or a question rather than a state: it asks,
#: opens with an instruction or a condition, or speaks to the customer.
_NOT_A_STATE = re.compile(
    r"\?\s*$|^(?:if|check|try|please|let's|let me|make sure|keep|unplug|hold|install|back up|remove|reset|you can)\b"
    r"|\byou(?:r|'re|'ll)?\b",
    re.I,
)


def _section(text: str, name: str) -> str | None:
    """The body of Markdown section ``name`` in ``text`` (``None`` if absent)."""
    match = re.search(rf"^#+\s*{re.escape(name)}[^\n]*\n(.*?)(?=^#+\s|\Z)", text, re.M | re.S | re.I)
    return match.group(1).strip() if match else None


def _between(text: str, tag: str) -> str:
    """The text between the first ``<tag>`` and the first ``</tag>`` after it ("" if either is missing).

    Plain string search, not ``<tag>(.*?)</tag>``: that pattern, given many
    ``<tag>`` and no closing one, reads the rest of the text from each of them.
    """
    _, opened, rest = text.partition(f"<{tag}>")
    inside, closed, _ = rest.partition(f"</{tag}>")
    return inside if opened and closed else ""


def _where(note: str, name: str) -> str:
    """Section ``name`` of the note, or the whole note when it has no such section."""
    body = _section(note, name)
    return note if body is None else body


def _has_content(body: str | None) -> bool:
    return bool(body) and re.sub(r"[-*\s]", "", body.lower()) not in ("", "none")


def _customer_sentences(transcript: str) -> list[str]:
    """What the customer said (``USER:`` entries), one sentence each, questions left out."""
    said = re.findall(r"^USER:\s?(.*(?:\n(?![A-Z][A-Z ]*(?:\s*\[[^\]]*\])?:).*)*)", transcript, re.M)
    sentences = [s.strip() for text in said for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]
    return [s for s in sentences if not s.endswith("?")]


def _share(found: Sequence[str], wanted: Sequence[str], what: str) -> dict[str, Any]:
    """A score for the share of ``wanted`` that is ``found`` (5 when nothing is wanted)."""
    missing = [w for w in wanted if w not in found]
    score = 5 if not wanted else math.floor(5 * (len(wanted) - len(missing)) / len(wanted) + 0.5)  # half rounds up
    return {"score": score, "reason": f"{what} missing: {', '.join(missing)}" if missing else "ok"}


def grade(items: Sequence[Mapping[str, Any]], instructions: str) -> str:
    """Grade a summary against its transcript, as memlab's judge prompt asks.

    The request's last user message holds ``<transcript>`` and ``<summary>``
    blocks; the criteria are the ``- name: ...`` lines of the instructions.
    Known criteria are graded by checking content, each by one rule (a share
    times 5 is rounded half up: 3 of 6 steps give 3):

    * ``identifiers_kept``: 5 × the share of the transcript's identifiers
      (order numbers, serials, error codes, ticket ids) found verbatim.
    * ``no_invented_facts``: 5, minus 2 per identifier the transcript never mentions.
    * ``steps_tried``: 5 × the share of the kinds of step the customer
      reported (restart, update, clean, install, ...: :data:`_STEP_KINDS`)
      that the note's "Steps tried" section names — the whole note if it has
      no such section. A note that says "none" after the customer tried
      things scores 0.
    * ``timeline``: 5 × the share of the customer's time cues ("every evening",
      "since last Tuesday", "an hour later") whose key word the note's
      "Timeline" section repeats (the whole note without one). Dates inside
      tool outputs are not required: an output holds many, and the note
      should keep the one that matters.
    * ``current_status``: 0 without a status section; otherwise 5, minus 3 if
      it names a value the conversation later replaced (the newest value of
      each kind wins), minus 2 if a bullet reads as advice or a question
      rather than a state (it asks, opens with an instruction or "If", or
      speaks to the customer as "you"; reported advice after "advised:" is fine).
    * ``next_step``: 5 for a non-empty next-step section, else 0.

    Any other criterion gets ``null`` with a reason. Returns JSON text.
    """
    text = item_text(items[-1]) if items else ""
    source, note = _between(text, "transcript"), _between(text, "summary")
    said = find_facts(source)
    noted = find_facts(note)
    known = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, []))]
    invented = [v for kind in _ID_KINDS for v in dict.fromkeys(noted.get(kind, [])) if v not in source]
    status, step = _section(note, "Current status"), _section(note, "Next recommended step")
    superseded = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, [])) if v != said[kind][-1]]
    stale = [v for v in superseded if v in (status or "")]
    customer = _customer_sentences(source)

    def grade(name: str) -> dict[str, Any]:
        if name == "identifiers_kept":
            return _share([v for v in known if v in note], known, "identifiers")
        if name == "no_invented_facts":
            return {"score": max(0, 5 - 2 * len(invented)),
                    "reason": f"not in the transcript: {', '.join(invented)}" if invented else "ok"}
        if name == "steps_tried":
            where = _where(note, "Steps tried")
            tried = [kind for kind, words in _STEP_KINDS.items() if any(words.search(s) for s in customer)]
            return _share([k for k in tried if _STEP_KINDS[k].search(where)], tried, "steps")
        if name == "timeline":
            where = _where(note, "Timeline").lower()
            cues = list(dict.fromkeys(next(g for g in m.groups() if g).lower()
                                      for s in customer for m in _TIME_CUE.finditer(s)))
            return _share([c for c in cues if c in where], cues, "time cues")
        if name == "current_status":
            if not _has_content(status):
                return {"score": 0, "reason": "no current status section"}
            bullets = [re.sub(r"\b(?:advised|offered|suggested)\b:?.*", "", b) for b in re.findall(r"^[^\S\n]*[-*][^\S\n]*(.*)", status, re.M)]
            advice = [b for b in bullets if _NOT_A_STATE.search(b.strip())]
            reasons = ([f"keeps superseded {', '.join(stale)}"] if stale else []) + (
                [f"advice or a question, not a state: {advice[0].strip()[:60]!r}"] if advice else [])
            return {"score": max(0, 5 - 3 * bool(stale) - 2 * bool(advice)), "reason": "; ".join(reasons) or "ok"}
        if name == "next_step":
            return {"score": 5, "reason": "ok"} if _has_content(step) else {"score": 0, "reason": "no next step given"}
        return {"score": None, "reason": "the offline judge cannot grade this criterion"}

    criteria = re.findall(r"^- ([a-z][a-z0-9_]*):", instructions, re.M)
    return json.dumps({name: grade(name) for name in criteria})
