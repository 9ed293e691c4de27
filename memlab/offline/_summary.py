"""The offline model's summaries: an extractive, sectioned handover note.

When a request carries memlab's summary prompt (:mod:`memlab.prompts`), the
offline model answers with a note in :data:`~memlab.prompts.SUMMARY_SECTIONS`,
built from the transcript by rules rather than by a model. It is a stand-in
for a model's summary, deterministic so that notebooks and tests can compare
its text.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import find_facts
from ..prompts import MUST_KEEP_RULE, SUMMARY_SECTIONS
from ..turns import item_text, item_type

__all__ = ["extractive_summary", "must_keep_listed"]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


_SPEAKER = re.compile(r"\s*(USER|ASSISTANT|SYSTEM|DEVELOPER|TOOL CALL|TOOL RESULT|REASONING)\b(?:\s*\[([^\]]*)\])?:\s?(.*)")
_PRODUCT = re.compile(
    r"\b(?!(?:The|My|A|An|Your|This|That|Our) )[A-Z][A-Za-z]*(?: [A-Z0-9][\w-]*)? (?:laptop|router|headset|earbuds|phone|monitor|tablet|printer)\b"
    r"|\bfirmware (?:to )?\d+(?:\.\d+)+|\bBluetooth earbuds\b"
)
#: Section name → (keywords a customer sentence needs, how many newest bullets to keep).
_USER_SECTIONS = {
    "Reported issue": (r"n't|\bnot\b|\bno sound\b|error|blink|drop|broken|fail|missing|loud|hot|flicker|forgot|problem", 2),
    "Steps tried and results": (r"tried|restart|reboot|reset|updat|unplug|power-cycl|clean|installed|held|checked|found", 2),
    "Timeline": (r"yesterday|today|since|ago|last (?:week|month|night|tuesday)|evening|this week|hour later", 2),
}


def _entries(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """``(speaker, call_id, text)`` for each transcript entry in the input.

    A summarization request holds one user message with a role-prefixed
    transcript (``USER: ...``, ``TOOL RESULT [call_1]: ...``); a line without a
    prefix continues the entry above it (a multi-line summary, say). Raw items
    sent with the summary prompt are read the same way, one entry each.
    """
    entries: list[list[str]] = []
    for item in items:
        speaker = str(item.get("role") or item_type(item)).upper()
        for line in item_text(item).splitlines():
            match = _SPEAKER.match(line)
            if match:
                entries.append([match.group(1), match.group(2) or "", match.group(3)])
            elif entries and line.strip():
                entries[-1][2] += "\n" + line
            elif line.strip():
                entries.append([speaker, "", line])
    return [(who, call_id, text) for who, call_id, text in entries]


def _previous_summary(entries: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    """The sections of an earlier summary in the transcript (a running summary extends it)."""
    sections: dict[str, list[str]] = {}
    for who, _, text in entries:
        if who != "ASSISTANT" or "## Identifiers" not in text:
            continue
        current = None
        for line in text.splitlines():
            if line.startswith("## "):
                current = sections.setdefault(line[3:].strip(), [])
            elif current is not None and line.startswith("- ") and line[2:].strip() != "none":
                current.append(line[2:].strip())
    return sections


_PREAMBLE = re.compile(
    r"^(?:(?:hi|hello|okay|ok|yes|please|great|also|so|well|thanks)[,!.]?\s+|[A-Za-z]+(?: [A-Za-z]+){0,2}:\s+)+",
    re.IGNORECASE,
)


def _brief(sentence: str) -> str:
    """A bullet from a customer's sentence, without its opening pleasantry or list marker."""
    text = _PREAMBLE.sub("", sentence).strip() or sentence
    return text[0].upper() + text[1:]


def _newest(bullets: list[str], limit: int) -> list[str]:
    """Unique bullets, a repeat counting as its newest mention, the last ``limit`` kept."""
    unique = list(reversed(dict.fromkeys(reversed(bullets))))
    return unique[-limit:]


_INSIGHT_FIELDS = ("error", "status", "finding", "error_codes", "covered", "expires", "ticket_id", "detail")
_JSON_FIELD = re.compile(r'"(%s)":\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\]|true|false|-?\d[\d.]*)' % "|".join(_INSIGHT_FIELDS))


def _tool_insight(name: str, arguments: str, output: str) -> str:
    """One compact line about a tool call: what it was asked and the key fields it returned.

    Fields are read with a pattern rather than a JSON parser, because the
    transcript may have cut a long output short.
    """
    asked = ", ".join(v for values in find_facts(arguments).values() for v in values) or "—"
    fields = dict(reversed(_JSON_FIELD.findall(output)))  # first occurrence wins
    shown = [key + "=" + fields[key].strip('"')[:50] for key in _INSIGHT_FIELDS if key in fields][:1]
    verdict = "failed" if "error" in fields else "ok"
    return f"{name}({asked}) {verdict}: " + ("; ".join(shown) or output[:60])


def must_keep_listed(instructions: str) -> list[str]:
    """The facts a summary prompt lists under :data:`memlab.prompts.MUST_KEEP_RULE`."""
    lines = instructions.splitlines()
    if MUST_KEEP_RULE not in lines:
        return []
    listed = itertools.takewhile(lambda line: line.startswith("  - "), lines[lines.index(MUST_KEEP_RULE) + 1 :])
    return [json.loads(line[4:]) for line in listed]


def extractive_summary(items: Sequence[Mapping[str, Any]], must_keep: Sequence[str] = ()) -> str:
    """An extractive, *running* summary in :data:`memlab.prompts.SUMMARY_SECTIONS`.

    It follows the summary prompt's rules as far as a program can: identifiers
    and error codes are copied verbatim (every one, never truncated); the rest
    are the customer's own statements (never their questions), sorted into
    sections by keywords, newest kept; tool calls become one line each. When
    the transcript holds an earlier summary, its bullets are merged in, so a
    summary of a summary neither nests nor forgets. Facts the prompt lists as
    must-keep (``must_keep``) are added verbatim if the note lacks them.
    Nothing is invented.
    """
    entries = _entries(items)
    previous = _previous_summary(entries)
    fresh = [(who, cid, text) for who, cid, text in entries if not (who == "ASSISTANT" and "## Identifiers" in text)]
    user = [_brief(s) for who, _, text in fresh if who == "USER" for s in _sentences(text) if not s.endswith("?")]
    assistant = [s for who, _, text in fresh if who == "ASSISTANT" for s in _sentences(text)]
    all_text = "\n".join(text for _, _, text in entries)

    sections: dict[str, list[str]] = {}
    products = [m.group(0) for _, _, text in fresh for m in _PRODUCT.finditer(text)]
    sections["Product and environment"] = _newest(previous.get("Product and environment", []) + products, 5)
    placed: set[str] = set()  # each customer sentence goes to one section only
    for name, (pattern, limit) in _USER_SECTIONS.items():
        hits = [s for s in user if re.search(pattern, s, re.I) and s not in placed]
        sections[name] = _newest(previous.get(name, []) + hits, limit)
        placed.update(sections[name])

    facts = find_facts(all_text)  # previous identifiers are in the text too, verbatim
    sections["Identifiers"] = [
        f"{kind.replace('_', ' ')}: {', '.join(dict.fromkeys(values))}"
        for kind, values in facts.items() if kind != "contact_channel"
    ]

    calls = {cid: text for who, cid, text in fresh if who == "TOOL CALL"}
    insights = [
        _tool_insight(calls.get(cid, "tool").split("(", 1)[0], calls.get(cid, ""), text)
        for who, cid, text in fresh if who == "TOOL RESULT"
    ]
    sections["Tool performance insights"] = _newest(previous.get("Tool performance insights", []) + insights, 4)

    suggestions = [s for s in assistant if re.search(r"\b(?:next|try|I can|let's|will|should)\b", s, re.I)]
    next_step = suggestions[-1:] or previous.get("Next recommended step", [])[-1:]
    status = [s for s in assistant if s not in next_step][-1:]  # not a repeat of the next step
    status = status or [s for s in previous.get("Current status and blockers", []) if "prefers contact" not in s][:1]
    if "contact_channel" in facts:  # the newest stated preference wins
        status.append(f"Customer prefers contact by {facts['contact_channel'][-1]}.")
    sections["Current status and blockers"] = status
    sections["Next recommended step"] = next_step

    def render() -> str:
        return "\n\n".join(
            f"## {name}\n" + "\n".join(f"- {b}" for b in (sections.get(name) or ["none"])) for name in SUMMARY_SECTIONS
        )

    text = render()
    missing = [fact for fact in must_keep if fact not in text]
    if missing:  # the prompt asked for these verbatim (a cut tool output may have hidden them)
        sections["Identifiers"].append("must keep: " + ", ".join(missing))
        text = render()
    return text


