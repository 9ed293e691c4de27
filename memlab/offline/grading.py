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
from .reading import CALENDAR, Statement, facts, read_transcript, stem_set, words

__all__ = ["asks_to_grade", "criteria", "grade", "verdict"]

_GRADE = stem_set("grade grading score rate rating evaluate judge assess")
_CRITERION = re.compile(r"\s*[-*•]\s+`?([A-Za-z][\w ]{0,40}?)`?\s*:\s+(.+)")
_BLOCK = re.compile(r"<([A-Za-z_][\w-]{0,40})>\s*(.*?)\s*</\1>", re.S)
_CORRECTS = frozenset("sorry actually mistyped meant correction instead not".split())
_VERDICT = stem_set("faithful accurate correct valid pass passed score errors issues mistakes problems "
                    "hallucinations invented unsupported verdict")  # the fields of a schema's verdict
_DAYS = stem_set(" ".join(CALENDAR))  # a day or a month a candidate names
_INVENTED = stem_set("invent invented unsupported hallucination claim claims supported faithful accurate "
                     "fabricated")


def asks_to_grade(instructions: str, text: str) -> bool:
    """Whether the instructions ask to grade (listing criteria, or asking for JSON with a score) and the input holds
    two blocks, tagged or labelled."""
    asks = bool(_GRADE & set(words(instructions[:4000])))
    scored = "json" in instructions.lower() and "score" in instructions.lower()  # one overall verdict
    return asks and (bool(criteria(instructions)) or scored) and len(_blocks(text)) >= 2


def _blocks(text: str) -> list[tuple[str, str]]:
    """The source and the candidate: ``<transcript>...</transcript>`` blocks, else each part under a line that is one
    label and a colon ("Transcript:", "Summary:")."""
    tagged = _BLOCK.findall(text)
    if len(tagged) >= 2:
        return tagged
    parts: list[tuple[str, list[str]]] = []
    for line in text[:100_000].splitlines():
        label = line.strip().removesuffix(":")
        if line.strip().endswith(":") and label.isalpha():
            parts.append((label, []))
        elif parts:
            parts[-1][1].append(line)
    return [(label, "\n".join(lines).strip()) for label, lines in parts]


def verdict(instructions: str, text: str, schema: dict) -> str | None:
    """A schema's verdict on a candidate checked against its source ("Check the summary against the transcript"), as
    JSON: a boolean says nothing is invented, a list holds what is, a number is the score, a string the reason;
    ``None`` unless the instructions ask to check or grade two blocks and the schema is made of such fields."""
    fields = schema.get("properties") or {}
    asked = (_GRADE | stem_set("check verify compare")) & set(words(instructions[:4000]))
    kinds = {name: field.get("type") for name, field in fields.items() if isinstance(field, dict)}
    judged = _VERDICT & set(words(" ".join(name.replace("_", " ") for name in kinds)))  # "faithful", "errors"
    if not asked or not judged or len(blocks := _blocks(text)) < 2 or not set(kinds.values()) <= {
            "boolean", "array", "integer", "number", "string"}:
        return None
    source = _source(blocks[0][1])
    invented = _invented(source, blocks[1][1])
    score, reason = _score("faithful", "", source, blocks[1][1])
    values = {"boolean": not invented, "array": invented, "integer": score, "number": score, "string": reason}
    return json.dumps({name: values[kind] for name, kind in kinds.items()})


def _source(told: str) -> list[Statement]:
    """The statements of the source block: a transcript's, else one speaker's."""
    return read_transcript(told) or read_transcript("USER: " + told)


def _invented(source: Sequence[Statement], note: str) -> list[str]:
    """What the candidate says that the source never does: a number, an id, a day or a month."""
    told = {value for s in source for value in facts(s.text)} | {w for s in source for w in words(s.text)}
    days = [t.strip(".,;:!?()").title() for t in note.split() if words(t) and words(t)[0] in _DAYS and (
        words(t)[0] not in told)]  # a day as written ("Monday", not its stem)
    return [value for value in facts(note) + days if value not in told and value.lower() not in told]


def criteria(instructions: str) -> list[tuple[str, str]]:
    """The ``- name: description`` criteria the instructions list."""
    found = (_CRITERION.match(line) for line in instructions.splitlines())
    return [(m.group(1).strip(), m.group(2).strip()) for m in found if m]


def _score(name: str, description: str, source: Sequence[Statement], note: str) -> tuple[int | None, str]:
    """The score (``None``: not gradable here) and the reason for one criterion."""
    if set(words(f"{name.replace('_', ' ')} {description}")) & _INVENTED:
        if invented := _invented(source, note):
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
    """The JSON verdict for a grading request (see the module docstring); without criteria, one ``{"score": ...,
    "reason": ...}`` for what the candidate invents (on the scale the instructions give: "from 1 to 5")."""
    blocks, listed = _blocks(text), criteria(instructions)
    source, note = _source(blocks[0][1]), blocks[1][1]
    if not listed:
        score, reason = _score("faithful", "", source, note)
        return json.dumps({"score": max(score or 0, 1 if "1 to" in instructions else 0), "reason": reason})
    scores = {name: _score(name, description, source, note) for name, description in listed}
    return json.dumps({name: {"score": score, "reason": reason} for name, (score, reason) in scores.items()},
                      ensure_ascii=False)
