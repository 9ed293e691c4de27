"""Grading: how the offline model answers a request to grade a text against its source (LLM-as-judge).

The instructions list criteria as ``- name: what it checks`` lines; the input holds the source and
the candidate as two tagged blocks (``<transcript>...</transcript>``, ``<summary>...</summary>``).
The answer is JSON, one ``{"score": 0-5, "reason": ...}`` per criterion, graded by what its words ask:

* identifiers kept: every identifier of the source appears in the candidate, character for character;
* nothing invented: every number or identifier of the candidate appears in the source (as text);
* a section the note writer knows (steps, status, next step...; :mod:`memlab.offline.notes`): the
  share of what it would put there that the candidate covers; a corrected value in a status scores 2;
* anything else ("tone"): no score, and a reason that says so.
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
_INVENTED = frozenset(map(stem, "invent invented unsupported hallucination claim claims supported faithful "
                                "accurate fabricated".split()))
_CANNOT = ("the offline judge cannot grade this: it checks only what the transcript states "
           "(identifiers, inventions, steps, time cues, status, next step)")


def asks_to_grade(instructions: str, text: str) -> bool:
    """Whether the instructions ask to grade and list criteria, and the input holds two tagged blocks."""
    asks = bool(_GRADE & set(words(instructions[:4000])))
    return asks and bool(criteria(instructions)) and len(_BLOCK.findall(text)) >= 2


def criteria(instructions: str) -> list[tuple[str, str]]:
    """The ``- name: description`` criteria the instructions list."""
    found = (_CRITERION.match(line) for line in instructions.splitlines())
    return [(m.group(1).strip(), m.group(2).strip()) for m in found if m]


def _superseded(source: Sequence[Statement]) -> list[tuple[str, str]]:
    """``(old, new)`` identifiers a customer corrected ("sorry, I mistyped: the order is ORD-22222")."""
    out = []
    said = [s for s in source if s.role == "user"]
    for position, statement in enumerate(said):
        if not {w.lower().strip(",.:") for w in statement.text.split()} & _CORRECTS:
            continue
        for new in statement.identifiers:
            out += [(old, new) for earlier in said[:position] for old in earlier.identifiers
                    if old != new and old.split("-")[0] == new.split("-")[0]]
    return out


def _score(name: str, description: str, source: Sequence[Statement], note: str) -> tuple[int | None, str]:
    """The score (``None``: not gradable here) and the reason for one criterion."""
    if set(words(f"{name.replace('_', ' ')} {description}")) & _INVENTED:
        told = {value for s in source for value in facts(s.text)}
        invented = [value for value in facts(note) if value not in told]
        if invented:
            return max(0, 5 - 2 * len(invented)), f"the transcript never says {', '.join(invented[:4])}"
        return 5, "ok"
    kind = notes._kind(name.replace("_", " "), description)
    if kind is None:
        return None, _CANNOT
    if kind == "ids":  # what the conversation established (not the agent's own advice) must be in the note
        wanted = list(dict.fromkeys(i for s in source if s.role != "assistant" for i in s.identifiers))
        if not wanted:
            return 5, "ok (the transcript has no identifiers)"
        missing = [value for value in wanted if value not in note]
        score = round(5 * (len(wanted) - len(missing)) / len(wanted))
        return score, (f"missing {', '.join(missing[:4])}" if missing else "ok")
    if kind == "next":
        lines = [ln for ln in note.splitlines() if ln.strip().lstrip("-*• ").lower() not in ("", "none")]
        if any(set(words(line)) & notes._NEXT or "next" in line.lower() for line in lines):
            return 5, "ok"
        return 0, "no next step for whoever takes over"
    stale = [(old, new) for old, new in _superseded(source) if old in note] if kind == "status" else []
    if stale:
        return 2, f"{stale[0][0]} was corrected to {stale[0][1]}"
    expected = notes._lines_for(kind, notes.Section(name, description, kind), source, notes.NoteSpec())
    if not expected:
        return 5, "ok (nothing of that kind in the transcript)"
    wanted = [s for s in source if any(s.text[:40] in line for line in expected)] or list(source)
    note_stems = set(words(note))
    left = [s.text for s in wanted if not _covered(s, note, note_stems)]
    share = (len(wanted) - len(left)) / len(wanted)
    return round(5 * share), ("ok" if not left else f"does not cover: {left[0][:80]}")


def _covered(statement: Statement, note: str, note_stems: set[str]) -> bool:
    """Whether the note keeps a statement: all its identifiers, else half of its words."""
    if statement.identifiers:
        return all(value in note for value in statement.identifiers)
    return len(statement.stems & note_stems) * 2 >= max(1, len(statement.stems))


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
