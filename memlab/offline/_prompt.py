"""How the offline model reads a summary prompt: is it one, and what kind of note does it ask for?

A learner edits the summary prompt and re-runs; the offline note must change
the way the prompt asks, or the lesson on the prompt cannot be felt without a
key. No model understands the prompt here: rules read the parts of it that
shape a handover note, and :mod:`._summary` writes the note to match.

**Is it a summary request?** memlab's own prompt starts with
:data:`~memlab.prompts.SUMMARY_PROMPT_TITLE`; a prompt of your own sent by
``LLMSummarizer(prompt=...)`` carries :data:`~memlab.prompts.ADDED_RULES_HEADER`.
A request built some other way (a summarizer ported from the cookbook, with
its prompt as a system message) counts when its only other input is one user
message holding a role-prefixed transcript (``USER: ...``) and its prompt asks
to summarize, compress, condense, recap or hand over.

**What the prompt asks for** (:func:`read_prompt`), read from your text only
(not from the rules memlab adds, nor the agent's rules it quotes):

* **Sections and their order**: ``Sections: A, B, C``; a list (``- A``,
  ``1. A``, ``## A``) after a line about sections that ends with a colon; or
  else the prompt's Markdown headings. Each name is mapped by its words onto
  what the offline reader can fill (:func:`section_kind`): product, issue,
  steps, identifiers, timeline, milestones, tools, status, next step,
  customer preferences. A name it cannot place gets nothing. A prompt that
  names no sections gets memlab's eight.
* **'none' for empty sections** when the prompt says so; otherwise an empty
  section is left out.
* **Identifiers verbatim** only when a line asks for ids (order numbers,
  serials, error codes...) exactly, verbatim or character for character.
  Without one, the note paraphrases them ("the order") — except must-keep
  facts, which the rule memlab adds lists verbatim.
* **A timeline or milestones** asked for in a sentence ("include a timeline")
  adds that section at the end when no section holds it.
* **A word budget**: "under 120 words", "at most 80 words", "100 words or
  fewer" (the smallest one stated for the whole note).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..prompts import ADDED_RULES_HEADER, SUMMARY_PROMPT_TITLE, SUMMARY_SECTIONS
from ..turns import item_text, item_type

__all__ = ["MILESTONES", "PREFERENCES", "NoteSpec", "own_part", "read_prompt", "section_kind", "summary_request"]

#: Two kinds of section beyond memlab's eight (whose names are their kinds).
MILESTONES = "Milestones"
PREFERENCES = "Customer preferences"

#: The words that place a section name, tried in this order (the first match wins,
#: so "Next recommended step" is a next step before it is a step).
_KIND_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Next recommended step", re.compile(r"\bnext\b|recommend|follow[- ]?up|\bto-?dos?\b|action items?|what to do", re.I)),
    (PREFERENCES, re.compile(r"preferen|\bcontact\b", re.I)),
    (MILESTONES, re.compile(r"milestone", re.I)),
    ("Timeline", re.compile(r"timeline|\bdates?\b|\btimes?\b|chronolog|\bwhen\b|\bhistory\b", re.I)),
    ("Identifiers", re.compile(r"identif|\bids?\b|reference|order numbers?|\bserials?\b|\bcodes?\b|\bnumbers\b", re.I)),
    ("Tool performance insights", re.compile(r"\btools?\b|lookups?|diagnos|system checks?|\bcalls\b", re.I)),
    ("Steps tried and results", re.compile(r"\bsteps?\b|tried|attempt|troubleshoot|actions? taken|done so far|what was done", re.I)),
    ("Current status and blockers", re.compile(r"status|blocker|\bstate\b|where things stand|outstanding|open (?:items|questions)"
                                               r"|progress|resolution", re.I)),
    ("Reported issue", re.compile(r"issue|problem|complaint|symptom|reported|request|reason|concern", re.I)),
    ("Product and environment", re.compile(r"product|device|environment|hardware|setup|equipment|model|system", re.I)),
)

_HEADING = re.compile(r"^(#{1,6})[ \t]+(\S.*)$")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(\S.*)$")
_ABOUT_SECTIONS = re.compile(r"\bsections?\b|\bheadings?\b|\bheaders?\b", re.I)
# "Sections: A, B, C", at the start of a line or of a sentence.
_INLINE_SECTIONS = re.compile(r"(?:^|(?<=[.!?])[ \t])\W{0,5}(?:use )?(?:these |the following )?(?:sections?|headings?|headers?)"
                              r"[ \t]*:[ \t]*(\S.*)$", re.I)
# Where a list item's name ends and its description starts: " — ", " - ", ": ", " (".
# "(?<![ \t])": a match starts only where a run of spaces starts (from every space of a long run: quadratic).
_NAME_END = re.compile(r"(?<![ \t])[ \t]+[—–-][ \t]|:[ \t]|:$|[ \t]\(")
_META_HEADING = re.compile(r"^(?:task\b.*|rules?|instructions?|format|output(?: format)?|sections?|style|notes?|context"
                           r"|guidelines?|constraints?|examples?|template)$", re.I)

_ID_WORDS = re.compile(r"\bidentifiers?\b|\bids?\b|\border numbers?\b|\bserials?\b|\berror codes?\b|\btickets?\b"
                       r"|\breference numbers?\b|\baccount numbers?\b", re.I)
_VERBATIM = re.compile(r"\bverbatim\b|\bexactly\b|character[- ]for[- ]character|\bas written\b|word for word|\bunchanged\b"
                       r"|\b(?:never|do not|don't) (?:shorten|paraphrase|change|alter|abbreviate)\b", re.I)
_NONE_RULE = re.compile(r"[\"'‘“]none[\"'’”]|\bnone\b[^.\n]{0,40}\bempty\b|\bempty\b[^.\n]{0,40}\bnone\b", re.I)
_WANTS = re.compile(r"\b(?:include|add|give|list|write|provide|append|end with|keep)[ \t]+(?:an? |the )?"
                    r"(?:short |brief |key |dated )?(timeline|milestones)\b", re.I)
_BUDGET = re.compile(r"\b(?:under|below|within|at most|no more than|not more than|fewer than|less than|up to"
                     r"|max(?:imum)?(?: of)?)[ \t]+(\d{1,5})[ \t]+words?\b"
                     r"|\b(\d{1,5})[ \t]+words?[ \t]+(?:or (?:fewer|less)|max(?:imum)?|at most)\b", re.I)
_PER_PART = re.compile(r"\b(?:each|per|every)[ \t]+(?:bullet|line|section|item|point|sentence)", re.I)

_ASKS_SUMMARY = re.compile(r"summar|compress|condens|\brecap|hand ?over|hand-?off", re.I)
_TRANSCRIPT_LINE = re.compile(r"^[ \t]*(?:USER|ASSISTANT)(?:[ \t]*\[[^\]\n]{0,80}\])?:")


@dataclass(frozen=True)
class NoteSpec:
    """What a summary prompt asks the note to look like.

    Attributes:
        sections: ``(heading, kind)`` in the order the note gives them: the
            heading as the prompt writes it, the kind (a name of
            :data:`~memlab.prompts.SUMMARY_SECTIONS`, :data:`MILESTONES` or
            :data:`PREFERENCES`) saying what fills it, ``None`` for a name the
            reader cannot place.
        none_for_empty: Write "none" under an empty section (else leave it out).
        verbatim_ids: Copy identifiers as written (else paraphrase them).
        max_words: The word budget for the whole note, or ``None``.
    """

    sections: tuple[tuple[str, str | None], ...] = tuple((name, name) for name in SUMMARY_SECTIONS)
    none_for_empty: bool = True
    verbatim_ids: bool = True
    max_words: int | None = None

    def heading_kinds(self) -> dict[str, str]:
        """Every heading this spec (or memlab's prompt) writes, mapped to its kind: to read an earlier note."""
        kinds = {name: name for name in SUMMARY_SECTIONS}
        kinds.update({heading: kind for heading, kind in self.sections if kind is not None})
        return kinds


def section_kind(name: str) -> str | None:
    """What fills a section called ``name``: a kind (see :class:`NoteSpec`), or ``None`` if nothing fits."""
    if name in SUMMARY_SECTIONS or name in (MILESTONES, PREFERENCES):
        return name
    return next((kind for kind, words in _KIND_WORDS if words.search(name)), None)


def _name(text: str) -> str:
    """A section's name from a list item or heading: no emphasis, numbering or description."""
    text = text.replace("**", "").replace("__", "").replace("`", "").strip()
    cut = _NAME_END.search(text)
    return (text[: cut.start()] if cut and cut.start() else text).strip(" :.")


def _listed_after_intro(lines: Sequence[str]) -> list[str]:
    """The names listed after the first line about sections that ends with a colon."""
    for at, line in enumerate(lines):
        if line.rstrip().endswith(":") and _ABOUT_SECTIONS.search(line) and not _LIST_ITEM.match(line):
            names: list[str] = []
            for following in lines[at + 1 :]:
                item = _LIST_ITEM.match(following) or _HEADING.match(following)
                if item:
                    names.append(_name(item.group(item.lastindex or 1)))
                elif following.strip() or names:
                    break
            if names:
                return names
    return []


def _from_headings(lines: Sequence[str]) -> list[str]:
    """The prompt's Markdown headings at their most used level (a title above them left out)."""
    headings = [(len(m.group(1)), _name(m.group(2))) for line in lines if (m := _HEADING.match(line))]
    first = next((line for line in lines if line.strip()), "")
    if headings and _HEADING.match(first) and all(level > headings[0][0] for level, _ in headings[1:]) and len(headings) > 1:
        headings = headings[1:]  # "# Task: ..." above "## A", "## B"
    headings = [(level, name) for level, name in headings if not _META_HEADING.match(name)]
    if not headings:
        return []
    levels = [level for level, _ in headings]
    level = max(set(levels), key=lambda n: (levels.count(n), n))
    return [name for n, name in headings if n == level]


def _section_names(lines: Sequence[str]) -> list[str]:
    """The section names a prompt gives, in its order: inline, listed after an intro, or its headings."""
    for line in lines:
        inline = _INLINE_SECTIONS.search(line)
        if inline:
            listed = inline.group(1).split(". ", 1)[0]  # the list ends with its sentence
            names = [_name(part.strip().removeprefix("and ")) for part in re.split(r"[,;]", listed)]
            return [name for name in names if name]
    return _listed_after_intro(lines) or _from_headings(lines)


def _without_agent_rules(prompt: str) -> str:
    """The prompt without the agent's rules memlab quotes between ``<<<`` and ``>>>`` lines."""
    head, opened, rest = prompt.partition("\n<<<\n")
    _, closed, tail = rest.partition("\n>>>")
    return head + tail if opened and closed else prompt


def _clause(line: str, start: int, end: int) -> str:
    """The clause of ``line`` around ``line[start:end]``: from the last ``.``/``;``/``,`` before to the next one after."""
    before = max(line.rfind(mark, 0, start) for mark in ".;,")
    after = [at for at in (line.find(mark, end) for mark in ".;,") if at >= 0]
    return line[before + 1 : min(after, default=len(line))]


def own_part(prompt: str) -> str:
    """The prompt as its author wrote it: without the rules memlab adds and the agent's rules it quotes."""
    return _without_agent_rules(prompt).split(f"\n{ADDED_RULES_HEADER}\n", 1)[0]


def read_prompt(prompt: str) -> NoteSpec:
    """Read what a summary prompt asks the note to look like (the rules: module docstring).

    Args:
        prompt: The request's instructions (memlab's summary prompt, or one of your own).

    Returns:
        A :class:`NoteSpec`; memlab's own prompt gives memlab's note.
    """
    lines = own_part(prompt).splitlines()
    names = _section_names(lines)
    sections: list[tuple[str, str | None]] = []
    taken: set[str] = set()
    for name in dict.fromkeys(names):
        kind = section_kind(name)
        sections.append((name, kind if kind not in taken else None))  # a second section of one kind gets nothing
        taken.add(kind or "")
    if not sections:  # no sections named: memlab's
        sections = list(NoteSpec().sections)
        taken = set(SUMMARY_SECTIONS)
    for wanted in dict.fromkeys(m.group(1).lower() for line in lines for m in _WANTS.finditer(line)):
        kind = MILESTONES if wanted == "milestones" else "Timeline"
        if kind not in taken:
            sections.append((kind, kind))
            taken.add(kind)
    budgets = [int(m.group(1) or m.group(2)) for line in _without_agent_rules(prompt).splitlines()
               for m in _BUDGET.finditer(line) if not _PER_PART.search(_clause(line, m.start(), m.end()))]
    return NoteSpec(
        sections=tuple(sections),
        none_for_empty=any(_NONE_RULE.search(line) for line in lines),
        verbatim_ids=any(_ID_WORDS.search(line) and _VERBATIM.search(line) for line in lines),
        max_words=min(budgets) if budgets else None,
    )


def summary_request(items: Sequence[Mapping[str, Any]], instructions: str) -> tuple[list[Mapping[str, Any]], str] | None:
    """``(transcript items, prompt)`` when a request asks for a summary, else ``None``.

    The prompt is the instructions plus any system or developer message in the
    input (where a summarizer ported from the cookbook puts it); the transcript
    is the rest of the input.
    """
    system, rest = [], []
    for item in items:
        (system if item_type(item) == "message" and item.get("role") in ("system", "developer") else rest).append(item)
    prompt = "\n".join(text for text in (instructions, *map(item_text, system)) if text)
    if prompt.startswith(SUMMARY_PROMPT_TITLE) or ADDED_RULES_HEADER in prompt.splitlines():
        return rest, prompt
    if len(rest) == 1 and rest[0].get("role") == "user" and _ASKS_SUMMARY.search(prompt):
        first = next((line for line in item_text(rest[0]).splitlines() if line.strip()), "")
        if _TRANSCRIPT_LINE.match(first):
            return rest, prompt
    return None
