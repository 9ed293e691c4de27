"""Grading: how the offline model answers a request to grade a text against its source (LLM-as-judge).

The instructions list criteria as ``- name: what it checks`` lines; the input holds the source and the candidate
as two tagged blocks (``<transcript>...</transcript>``, ``<summary>...</summary>``). The answer is JSON, one
``{"score": 0-5, "reason": ...}`` per criterion: nothing invented (every number of the candidate is in the
source), identifiers kept, a next step named, or for any other section the note writer knows (:mod:`.notes`) the
share of what it would put there that the candidate covers. A criterion it cannot check ("tone") gets no score.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from . import notes
from .reading import Statement, facts, read_transcript, stem_set, words

__all__ = ["asks_to_grade", "criteria", "grade"]

_GRADE = stem_set("grade grading score rate rating evaluate judge assess")
_CRITERION = re.compile(r"\s*[-*•]\s+`?([A-Za-z][\w ]{0,40}?)`?\s*:\s+(.+)")
_BLOCK = re.compile(r"<([A-Za-z_][\w-]{0,40})>\s*(.*?)\s*</\1>", re.S)
_CORRECTS = frozenset("sorry actually mistyped meant correction instead not".split())
_INVENTED = stem_set("invent invented unsupported hallucination claim claims supported faithful accurate "
                     "fabricated")


def asks_to_grade(instructions: str, text: str) -> bool:
    """Whether the instructions ask to grade and list criteria, and the input holds two tagged blocks."""
    asks = bool(_GRADE & set(words(instructions[:4000])))
    return asks and bool(criteria(instructions)) and len(_BLOCK.findall(text)) >= 2


def criteria(instructions: str) -> list[tuple[str, str]]:
    """The ``- name: description`` criteria the instructions list."""
    found = (_CRITERION.match(line) for line in instructions.splitlines())
    return [(m.group(1).strip(), m.group(2).strip()) for m in found if m]


def _score(name: str, description: str, source: Sequence[Statement], note: str) -> tuple[int | None, str]:
    """The score (``None``: not gradable here) and the reason for one criterion."""
    if set(words(f"{name.replace('_', ' ')} {description}")) & _INVENTED:
        told = {value for s in source for value in facts(s.text)}
        invented = [value for value in facts(note) if value not in told]
        if invented:
            return max(0, 5 - 2 * len(invented)), f"the transcript never says {', '.join(invented[:4])}"
        return 5, "ok"
    section = notes.section(name.replace("_", " "), description)
    if section.kind is None:
        return None, ("the offline judge cannot grade this: it checks only what the transcript states "
                      "(identifiers, inventions, steps, time cues, status, next step)")
    if section.kind == "ids":  # what the conversation established (not advice) must be in the note
        wanted = list(dict.fromkeys(i for s in source if s.role != "assistant" for i in s.identifiers))
        if not wanted:
            return 5, "ok (the transcript has no identifiers)"
        missing = [value for value in wanted if value not in note]
        score = round(5 * (len(wanted) - len(missing)) / len(wanted))
        return score, (f"missing {', '.join(missing[:4])}" if missing else "ok")
    if section.kind == "next":
        if "next" in note.lower() or any(set(words(line)) & notes.NEXT for line in note.splitlines()):
            return 5, "ok"
        return 0, "no next step for whoever takes over"
    if section.kind == "status":  # a value the customer corrected must not stand in the status
        for position, statement in enumerate(said := [s for s in source if s.role == "user"]):
            if {w.lower().strip(",.:") for w in statement.text.split()} & _CORRECTS:
                for new in statement.identifiers:
                    for old in (old for earlier in said[:position] for old in earlier.identifiers):
                        if old != new and old.split("-")[0] == new.split("-")[0] and old in note:
                            return 2, f"{old} was corrected to {new}"
    expected = notes.lines_for(section, source, notes.NoteSpec())
    if not expected:
        return 5, "ok (nothing of that kind in the transcript)"
    wanted = [s for s in source if any(s.text[:40] in line for line in expected)] or list(source)
    note_stems = set(words(note))
    left = [s.text for s in wanted if not (all(value in note for value in s.identifiers) if s.identifiers
                                           else len(s.stems & note_stems) * 2 >= max(1, len(s.stems)))]
    return round(5 * (len(wanted) - len(left)) / len(wanted)), (f"does not cover: {left[0][:80]}" if left else "ok")


def grade(instructions: str, text: str) -> str:
    """The JSON verdict for a grading request (see the module docstring)."""
    blocks = _BLOCK.findall(text)
    told, note = blocks[0][1], blocks[1][1]
    source = read_transcript(told) or read_transcript("USER: " + told)  # else one speaker's
    scores = {name: _score(name, description, source, note) for name, description in criteria(instructions)}
    return json.dumps({name: {"score": score, "reason": reason} for name, (score, reason) in scores.items()},
                      ensure_ascii=False)
