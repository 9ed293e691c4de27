"""Grading: how the offline model answers a request to grade a text against its source (LLM-as-judge).

A grading request asks to score a candidate (a summary, a note) against a
source (the conversation it summarizes) on criteria listed in the
instructions as ``- name: what it checks`` lines. The source and the
candidate come as two tagged blocks (``<transcript>...</transcript>`` and
``<summary>...</summary>``, or any two tags). The answer is JSON, one
``{"score": 0-5, "reason": ...}`` per criterion.

Each criterion is graded by what its words ask, with the same reader and the
same section rules the note writer uses (:mod:`memlab.offline.notes`):

* identifiers kept — every identifier of the source appears in the candidate,
  character for character;
* nothing invented — every identifier or number of the candidate appears in
  the source (compared as text, so ``12345678901234567999`` is not
  ``12345678901234567890``);
* anything else the note writer knows a section for (steps, timeline, status,
  next step...) — the share of what it would put under such a heading that
  the candidate covers; a status that names a value the customer corrected
  scores 2;
* a criterion it knows no rule for ("tone") — no score, and a reason that says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from . import notes
from .reading import Statement, facts, read_transcript, stem, words

__all__ = ["asks_to_grade", "criteria", "grade"]

_GRADE = frozenset(map(stem, "grade grading score rate rating evaluate judge assess".split()))
_CRITERION = re.compile(r"\s*[-*•]\s+`?([A-Za-z][\w ]{0,40}?)`?\s*:\s+(.+)")
_BLOCK = re.compile(r"<([A-Za-z_][\w-]{0,40})>\s*(.*?)\s*</\1>", re.S)
_CORRECTS = frozenset("sorry actually mistyped meant correction instead not".split())
_INVENTED = frozenset(map(stem, "invent invented unsupported hallucination claim claims supported faithful accurate fabricated".split()))


def asks_to_grade(instructions: str, text: str) -> bool:
    """Whether the instructions ask to grade, list criteria, and the input holds two tagged blocks."""
    return bool(_GRADE & set(words(instructions[:4000]))) and bool(criteria(instructions)) and len(_BLOCK.findall(text)) >= 2


def criteria(instructions: str) -> list[tuple[str, str]]:
    """The ``- name: description`` criteria the instructions list."""
    return [(m.group(1).strip(), m.group(2).strip()) for line in instructions.splitlines() if (m := _CRITERION.match(line))]


def _covered(statement: Statement, note: str, note_stems: set[str]) -> bool:
    ids = statement.identifiers
    if ids:
        return all(value in note for value in ids)
    return len(statement.stems & note_stems) * 2 >= max(1, len(statement.stems))


def _superseded(source: Sequence[Statement]) -> list[tuple[str, str]]:
    """``(old, new)`` identifiers a customer corrected ("sorry, I mistyped: the order is ORD-22222")."""
    out = []
    said = [s for s in source if s.role == "user"]
    for position, statement in enumerate(said):
        if not {w.lower().strip(",.:") for w in statement.text.split()} & _CORRECTS:
            continue
        for new in statement.identifiers:
            shape = new.split("-")[0]
            out += [(old, new) for earlier in said[:position] for old in earlier.identifiers
                    if old != new and old.split("-")[0] == shape]
    return out


def _score(name: str, description: str, source: Sequence[Statement], note: str) -> tuple[int | None, str]:
    asked = set(words(f"{name.replace('_', ' ')} {description}"))
    if asked & _INVENTED:
        told = {value for s in source for value in facts(s.text)}
        invented = [value for value in facts(note) if value not in told]
        if invented:
            return max(0, 5 - 2 * len(invented)), f"the transcript never says {', '.join(invented[:4])}"
        return 5, "ok"
    kind = notes._kind(name.replace("_", " "), description)
    if kind == "ids":  # what the conversation established (not the agent's own advice) must be in the note
        wanted = list(dict.fromkeys(value for s in source if s.role != "assistant" for value in s.identifiers))
        missing = [value for value in wanted if value not in note]
        if not wanted:
            return 5, "ok (the transcript has no identifiers)"
        return round(5 * (len(wanted) - len(missing)) / len(wanted)), (f"missing {', '.join(missing[:4])}" if missing else "ok")
    if kind is None:
        return None, ("the offline judge cannot grade this: it checks only what the transcript states "
                      "(identifiers, inventions, steps, time cues, status, next step)")
    if kind == "next":
        has_next = any(set(words(line)) & notes._NEXT or "next" in line.lower()
                       for line in note.splitlines() if line.strip().lstrip("-*• ").lower() not in ("", "none"))
        return (5, "ok") if has_next else (0, "no next step for whoever takes over")
    if kind == "status":
        stale = [(old, new) for old, new in _superseded(source) if old in note]
        if stale:
            return 2, f"{stale[0][0]} was corrected to {stale[0][1]}"
    section = notes.Section(name, description, kind)
    expected = notes._lines_for(kind, section, source, notes.NoteSpec())
    if not expected:
        return 5, "ok (nothing of that kind in the transcript)"
    wanted_statements = [s for s in source if any(s.text[:40] in line for line in expected)] or list(source)
    note_stems = set(words(note))
    covered = [s for s in wanted_statements if _covered(s, note, note_stems)]
    share = len(covered) / len(wanted_statements)
    left = [s.text for s in wanted_statements if s not in covered]
    return round(5 * share), ("ok" if not left else f"does not cover: {left[0][:80]}")


def grade(instructions: str, text: str) -> str:
    """The JSON verdict for a grading request (see the module docstring)."""
    blocks = _BLOCK.findall(text)
    (_, source_text), (_, note) = blocks[0], blocks[1]
    source = read_transcript(source_text)
    if not source:  # not written as ROLE: lines; read it as one speaker's sentences
        source = read_transcript("USER: " + source_text)
    verdict = {}
    for name, description in criteria(instructions):
        score, reason = _score(name, description, source, note)
        verdict[name] = {"score": score, "reason": reason}
    return json.dumps(verdict, ensure_ascii=False)
