"""Notes: how the offline model reads a summary prompt, and writes the note it asks for.

:func:`read_prompt` reads a prompt of any common shape into a :class:`NoteSpec`:
sections as Markdown headings, bullets, numbered lines or ``Name:`` lines (the
description beside or indented below), a rules list after them, JSON keys, one
paragraph, a word budget, and facts to keep verbatim. :func:`write_note` fills
each section from the conversation's statements, as a careful, literal model
would: every line is something someone said, identifiers are copied exactly,
and a section the conversation gives nothing for says "none".
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .reading import STOP, Statement, facts, related, stem, tokens, words

__all__ = ["NoteSpec", "Section", "read_prompt", "write_note"]

#: A heading line: ``## Name``.
_HEADING = re.compile(r"\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
#: A list line: a bullet or a number, then the rest (``• Name:``, ``- Name: text``, ``2. Name``, ``**Name**``).
_LIST_LINE = re.compile(r"(\s*)(?:[-*•·‣◦]|\d{1,2}[.)])\s+(.*)")
#: A name then a colon, and maybe a description: ``Product & Environment:``, ``**Identifiers**: ...``.
_NAMED = re.compile(r"\**([^:*\n]{1,60}?)\**\s*:\**\s*(.*)")
#: A word budget: "at most 150 words", "under 200 words", "≤ 200 words", "no more than 90 words".
_BUDGET = re.compile(r"(?:at most|under|fewer than|less than|no more than|maximum of|max\.?|up to|≤|<=|within)\s*(\d{2,5})\s*words", re.I)
#: A quoted fact: "ORD-1", “SN-2”, 'x'.
_QUOTED = re.compile(r"[\"“]([^\"”\n]{1,200})[\"”]")
#: Where JSON keys are named in words: "JSON with the keys a, b and c", "fields: a, b".
_KEYS = re.compile(r"\b(?:keys?|fields?|properties)\b(?:\s+(?:named|called))?\s*:?\s*", re.I)
#: A JSON object written out in a prompt as an example (its keys are the note's keys).
_EXAMPLE_KEYS = re.compile(r"\"([A-Za-z_][\w ]{0,40})\"\s*:")

#: What kind of section a heading names, by the words it uses: kind → stems.
ARCHETYPES: dict[str, frozenset[str]] = {kind: frozenset(map(stem, text.split())) for kind, text in {
    "ids": "identifier identifiers id ids reference references number numbers code codes ticket serial account",
    "time": "timeline milestone milestones time date dates chronology when timestamp timestamps history",
    "tools": "tool tools call calls",
    "next": "next recommend recommended follow plan todo",
    "steps": "step steps tried attempt attempts action actions troubleshooting done",
    "status": "status current blocker blockers pending resolved state progress open",
    "issue": "issue issues problem problems request symptom complaint reported goal",
    "context": "product environment device model version versions setup context platform system",
    "prefs": "preference preferences contact constraint constraints requirement prefer",
}.items()}
_PROBLEM = frozenset(map(stem, "missing broken error fail failed drop drops wrong lost forgot stuck slow crash loud "
                               "hot cracked crack leak leaks drip drips late damaged damage noise noisy flood dead "
                               "faulty bug overcharged charged twice refund stopped".split()))
_TIME = frozenset(map(stem, "monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight "
                            "morning evening night week weekend month year since ago every daily hourly hour hours "
                            "minute minutes later last january february march april may june july august september "
                            "october november december".split()))
_SOLVED_WORDS = frozenset("works working worked fixed gone resolved solved normal".split())
#: A date written with digits, and an identifier that names a model or a version (``AX3000``, ``2.1.4``), not a record.
_DATE_LIKE = re.compile(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d")
_MODEL_LIKE = re.compile(r"[A-Za-z]+\d[\w]*|\d+(?:\.\d+){1,3}")
_NEXT = frozenset(map(stem, "next will can please try let recommend should ticket send follow".split()))
_PAST = frozenset(map(stem, "tried did held found made took put reset checked installed updated restarted cleaned "
                            "unplugged rebooted replaced".split()))
#: Sections that give way first when a note is over its word budget.
_CUT_ORDER = ("time", "tools", "context", "steps", None, "prefs", "status", "next", "issue", "ids")
_MAX_ITEMS = 5
#: The length of a note whose prompt sets no budget: brief, as a careful model writes one.
DEFAULT_MAX_WORDS = 250
_MAX_ITEM_WORDS = 24


@dataclass(frozen=True)
class Section:
    """One section a prompt asks for: its heading as written, what it should hold, and its kind."""

    heading: str
    description: str = ""
    kind: str | None = None


#: The sections of a note whose prompt names none ("Summarize this in one paragraph", "recap please").
DEFAULT_SECTIONS = (Section("Problem", "", "issue"), Section("What was done", "", "steps"),
                    Section("Identifiers", "", "ids"), Section("Status", "", "status"), Section("Next step", "", "next"))


@dataclass
class NoteSpec:
    """What a summary prompt asks for.

    Attributes:
        sections: The sections, in order (empty: a plain list of key points).
        markdown: Whether headings are written ``## Name`` (else ``Name:``).
        json_keys: Keys of a JSON object to answer with, if the prompt asks for JSON.
        paragraph: Whether the note is one paragraph.
        max_words: The word budget, if any.
        must_keep: Facts that must appear verbatim.
        marks: Whether issues are marked ``[open]``/``[resolved]``.
    """

    sections: list[Section] = field(default_factory=list)
    markdown: bool = True
    json_keys: list[str] = field(default_factory=list)
    paragraph: bool = False
    max_words: int | None = None
    must_keep: list[str] = field(default_factory=list)
    marks: bool = False

    @property
    def has_prefs(self) -> bool:
        """Whether a section of its own holds the customer's preferences (else the status section does)."""
        return any(section.kind == "prefs" for section in self.sections)


def _kind(heading: str, description: str) -> str | None:
    """The :data:`ARCHETYPES` kind a section's heading (or, failing that, its description) names."""
    for text in (heading, description):
        stems = set(words(text.replace("-", " ")))  # "Follow-up" names a next step
        scores = {kind: len(stems & marks) for kind, marks in ARCHETYPES.items()}
        best = max(scores, key=lambda kind: scores[kind])
        if scores[best]:
            return best
    return None


def read_prompt(prompt: str) -> NoteSpec:
    """Read what a summary prompt asks for (see the module docstring for the shapes it knows)."""
    spec = NoteSpec()
    lines = prompt[:20_000].splitlines()
    budgets = [int(n) for n in _BUDGET.findall(prompt)]
    spec.max_words = min(budgets) if budgets else None  # "under 200 words ... at most 80 for the status": the tighter
    lower = prompt.lower()
    spec.paragraph = any(cue in lower for cue in ("one paragraph", "single paragraph", "a paragraph", "in prose"))
    spec.marks = "[open]" in lower and "[resolved]" in lower
    for i, line in enumerate(lines):
        if ("must appear" in line.lower() or "verbatim" in line.lower() or "exactly as written" in line.lower()):
            for later in lines[i + 1:i + 200]:
                item = later.strip().lstrip("-*• ").strip()
                if not item.startswith(('"', "“")):
                    break
                try:  # a JSON string keeps a fact's escapes ("line1\\nline2")
                    fact = json.loads(item)
                except ValueError:
                    quoted = _QUOTED.search(item)
                    fact = quoted.group(1) if quoted else None
                if isinstance(fact, str) and fact:
                    spec.must_keep.append(fact)
    if "json" in lower:
        spec.json_keys = _named_keys(prompt) or list(dict.fromkeys(_EXAMPLE_KEYS.findall(prompt)))
        if spec.json_keys:
            return spec
    spec.sections, spec.markdown = _sections(lines)
    return spec


def _named_keys(prompt: str) -> list[str]:
    """The keys a prompt lists after "keys" up to the end of its sentence ("the keys a, b and c.")."""
    for found in _KEYS.finditer(prompt):
        rest = prompt[found.end():].split("\n", 1)[0]
        sentence = rest.split(". ", 1)[0].rstrip(". ")
        names = [name.strip(" `'\"") for part in sentence.split(",") for name in part.split(" and ")]
        names = [name for name in names if name and len(name.split()) <= 3]
        if len(names) >= 2:
            return names
    return []


def _sections(lines: list[str]) -> tuple[list[Section], bool]:
    """The sections a prompt's lines name, and whether they are Markdown headings."""
    headings = [(len(m.group(1)), m.group(2)) for line in lines if (m := _HEADING.match(line))]
    if len(headings) > 1 and headings[0][0] < min(level for level, _ in headings[1:]):
        headings = headings[1:]  # a higher first heading is the prompt's own title ("# Task: ...")
    if len(headings) >= 2:
        names = [name.strip("* ") for _, name in headings]
        guides = _named_lines(lines)
        return [Section(n, guides.get(n.lower(), ""), _kind(n, guides.get(n.lower(), ""))) for n in names], True
    start = next((i for i, line in enumerate(lines) if re.search(r"\b(?:sections?|headings?|headers?|format|structure)\b", line, re.I)
                  and not _LIST_LINE.match(line)), -1)
    inline = _NAMED.fullmatch(lines[start].strip()) if start >= 0 else None
    if inline and inline.group(2).count(",") >= 1:  # "Sections: Problem, Actions, Next step"
        names = [name.strip(" *`.") for name in re.split(r",|\band\b", inline.group(2)) if name.strip(" *`.")]
        return [Section(name, "", _kind(name, "")) for name in names], False
    found: list[Section] = []
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if _is_rules_line(line):
            break  # what follows are rules, not sections
        item = _LIST_LINE.match(line)
        named = _NAMED.fullmatch((item.group(2) if item else line).strip())
        if (item and not item.group(1)) or (named and not line.startswith((" ", "\t"))):
            name, text = (named.group(1), named.group(2)) if named else (item.group(2).strip("* "), "")
            if len(name.split()) <= 8:
                description = text or _indented_text(lines, i)
                found.append(Section(name.strip(), description, _kind(name, description)))
        elif found and not line.strip() and start < 0 and len(found) >= 2 and _next_is_prose(lines, i):
            break
    return found, False


def _is_rules_line(line: str) -> bool:
    """A line that starts the prompt's rules, after its sections ("Rules:", "Rules memlab adds to yours:")."""
    head = line.strip().lower()
    if head.rstrip(":") in ("rules", "guidelines", "notes", "constraints", "requirements", "instructions", "style"):
        return True
    return head.endswith(":") and ("rule" in head or "guideline" in head) and not _LIST_LINE.match(line)


def _next_is_prose(lines: list[str], i: int) -> bool:
    following = next((line for line in lines[i + 1:] if line.strip()), "")
    return bool(following) and not _LIST_LINE.match(following)


def _indented_text(lines: list[str], i: int) -> str:
    """The indented lines right under line ``i`` (a section's description in the ``• Name:`` shape)."""
    texts = []
    for line in lines[i + 1:i + 6]:
        if not line.startswith((" ", "\t")) or not line.strip():
            break
        texts.append(line.strip(" -*•\t"))
    return " ".join(texts)


def _named_lines(lines: list[str]) -> dict[str, str]:
    """``- Name: description`` lines anywhere in the prompt, by lower-case name (a guide to its sections)."""
    out = {}
    for line in lines:
        item = _LIST_LINE.match(line)
        named = _NAMED.fullmatch(item.group(2).strip()) if item else None
        if named and named.group(2):
            out[named.group(1).strip().lower()] = named.group(2)
    return out


# ------------------------------------------------------------------ writing


def _short(text: str) -> str:
    parts = text.split()
    return " ".join(parts[:_MAX_ITEM_WORDS]) + (" …" if len(parts) > _MAX_ITEM_WORDS else "")


#: What this module puts before and after a line; read back from an earlier note, they are taken off again.
_OWN_PREFIXES = ("open: ", "resolved: ", "customer asked: ")
_OWN_MARKS = (" [open]", " [resolved]")


def _plain(text: str) -> str:
    """A line of an earlier note without the marks this module adds, so a note of a note does not stack them."""
    changed = True
    while changed:
        changed = False
        for prefix in _OWN_PREFIXES:
            if text.startswith(prefix):
                text, changed = text[len(prefix):], True
        for mark in _OWN_MARKS:
            if text.endswith(mark):
                text, changed = text[: -len(mark)], True
    return text


def _said(statement: Statement) -> str:
    if statement.role == "tool":
        return f"{statement.tool or 'tool'}: {_short(statement.text)}"
    return _short(_plain(statement.text))


def _is_problem(statement: Statement) -> bool:
    """Whether a customer's sentence reports a problem: a problem word, or a negation ("won't", "no sound")."""
    if _asks(statement) or statement.stems & ARCHETYPES["prefs"]:
        return False
    negated = any(t.lower() in ("not", "no", "never") or t.lower().endswith(("n't", "n’t")) for t in tokens(statement.text))
    return negated or bool(statement.stems & _PROBLEM)


def _asks(statement: Statement) -> bool:
    """A question or a request ("Could you...", "Please...", "Yes please, open a ticket"), not a report."""
    first = statement.text.split(" ", 1)[0].lower().strip(",.!")
    return statement.text.rstrip().endswith("?") or first in ("please", "could", "can", "would", "yes", "okay", "ok")


def _did(statement: Statement) -> bool:
    """Whether the customer reports something they did: "I restarted it", "I held the button"."""
    found = [t.lower() for t in tokens(statement.text)]
    if {"sorry", "mistyped", "meant"} & set(found):
        return False  # a correction, not a step
    for i, word in enumerate(found):
        if word in ("i", "we"):  # "I tried", "I already restarted" (not "I am based")
            for verb in found[i + 1:i + 3]:
                if verb in ("am", "are", "was", "were", "be", "been", "is"):
                    break
                if stem(verb) in _PAST or (verb.endswith("ed") and len(verb) > 4):
                    return True
    return False


def _names_a_product(statement: Statement) -> bool:
    """Whether a sentence names a product, a model or a version: "AX3000", "v1.0.3", "Windows 10", "macbook pro"."""
    if any(_MODEL_LIKE.fullmatch(i) for i in statement.identifiers):
        return True
    found = tokens(statement.text)
    return any(a[:1].isupper() and b[:1].isdigit() for a, b in zip(found[1:], found[2:])) or bool(
        {"using", "running", "version"} & {t.lower() for t in found})


def _prefers(statement: Statement) -> bool:
    """Whether the customer states a preference or a rule for how to treat them ("please contact me by SMS")."""
    if statement.text.rstrip().endswith("?"):
        return False  # "How did I ask you to contact me?" asks; it does not state a preference
    return bool(statement.stems & ARCHETYPES["prefs"]) or bool({"never", "always", "rather"} & set(statement.text.lower().split()))


def _label(statement: Statement, value: str) -> str:
    """The words just before ``value`` in its statement ("order ORD-1"), or the key of a tool's line."""
    head = statement.text.split(value, 1)[0]
    if statement.role == "tool" and ":" in statement.text:
        return statement.text.split(":", 1)[0].strip()
    before = [t for t in tokens(head) if t.lower() not in STOP and t.lower() not in ("itself", "now")][-2:]
    if len(before) == 2 and (stem(before[0]) in _PAST or before[0].lower().endswith(("ed", "ing"))):
        before = before[1:]  # "bought order ORD-1" is labelled "order"
    return " ".join(before)


def _is_record(value: str) -> bool:
    """Whether an identifier looks like a record's number (``REQ-5521``, ``TCK-155878``), not a size or a model."""
    return any(c.isupper() for c in value) and sum(c.isdigit() for c in value) >= 3


def _issues(users: Sequence[Statement]) -> list[tuple[Statement, bool]]:
    """Each problem the customer reported, and whether one of their next four messages says it is solved.

    A conversation whose customer reports nothing in problem words ("I'd like to move my booking")
    still has a reason it started: their first sentence that is not a greeting, a question or a
    preference stands for it.
    """
    out = []
    for s in users:
        if _is_problem(s):
            solved = any(s.turn < t.turn <= s.turn + 4 and not _is_problem(t) and (
                {w.lower() for w in tokens(t.text)} & _SOLVED_WORDS or "all good" in t.text.lower()) for t in users)
            out.append((s, solved))
    if not out:
        reason = next((s for s in users if len(s.stems) >= 2 and not _prefers(s) and not s.text.rstrip().endswith("?")), None)
        out = [(reason, False)] if reason else []
    return out


#: How the offline model's own recall answers start; a note does not take them for new facts or offers.
_ECHOES = ("From my notes:", "You told me:")


def _offers_next(statement: Statement) -> bool:
    """Whether the agent says what happens next ("I'll book a plumber", "Next, restart it")."""
    found = {t.lower().replace("’", "'") for t in tokens(statement.text)}
    return bool(statement.stems & _NEXT or found & {"i'll", "we'll", "will", "next", "then"})


def _lines_for(kind: str | None, section: Section, said: Sequence[Statement], spec: NoteSpec) -> list[str]:
    users = [s for s in said if s.role in ("user", "note")]
    agent = [s for s in said if s.role == "assistant" and not s.text.startswith(_ECHOES)]
    facts_said = [s for s in said if s.role in ("user", "tool", "note", "call")] + agent  # "Your request is REQ-5" too
    if kind == "ids":
        seen: dict[str, str] = {}
        for statement in facts_said:
            for value in statement.identifiers:
                if statement.role == "assistant" and not _is_record(value):
                    continue  # the agent's "14-inch" or "M.2" is advice, its "REQ-5521" a record
                seen.setdefault(value, f"{_label(statement, value)} {value}".strip())
        return list(seen.values())[:12]
    if kind == "time":
        timed = [s for s in said if not _asks(s) and (s.stems & _TIME or any(_DATE_LIKE.fullmatch(f) for f in facts(s.text)))]
        picked = [s for s in timed if s.role in ("user", "note")] or [s for s in timed if s.role == "tool"]
        return [_said(s) for s in picked][-_MAX_ITEMS:]
    if kind == "tools":
        out = []
        for call in (s for s in said if s.role == "call"):
            results = [s for s in said if s.role == "tool" and s.tool == call.tool and s.order > call.order][:3]
            failed = any(s.text.lower().startswith("error:") for s in results)
            found = "; ".join(_short(s.text) for s in results) or "no result in view"
            out.append(f"{_short(call.text)} → {'failed: ' if failed else ''}{found}")
        out += [_said(s) for s in said if s.role == "note" and "→" in s.text]  # tool lines of an earlier note
        return out[-_MAX_ITEMS:]
    if kind == "steps":
        return [_said(s) for s in users if _did(s) and not _asks(s)][-_MAX_ITEMS:]
    if kind == "status":
        issues = _issues(users)
        open_ones = [f"open: {_said(s)}" for s, solved in issues if not solved][-2:]
        closed = [f"resolved: {_said(s)}" for s, solved in issues if solved][-1:]
        told = [] if spec.has_prefs else [f"customer asked: {_said(s)}" for s in users if _prefers(s)][-2:]
        return told + open_ones + closed
    if kind == "next":
        offer = [s for s in agent if _offers_next(s)] + [s for s in said if s.role == "note" and s.stems & _NEXT]
        if offer:
            return [_short(max(offer, key=lambda s: s.order).text)]
        asked = [s for s in users if s.role == "user" and _asks(s)] or [s for s in users if s.role == "user"]
        return [f"Follow up on: {_short(asked[-1].text)}"] if asked else []
    if kind == "issue":
        return [f"{_said(s)}{(' [resolved]' if solved else ' [open]') if spec.marks else ''}" for s, solved in _issues(users)][:_MAX_ITEMS]
    if kind == "context":
        return [_said(s) for s in users if _names_a_product(s)][:4]
    if kind == "prefs":
        return [_said(s) for s in users if _prefers(s)][-3:]
    topic = set(words(f"{section.heading} {section.description}"))
    topic |= related(topic)  # "Property" finds the flat someone rents
    ranked = sorted((s for s in said if s.stems & topic and s.role != "assistant"), key=lambda s: (len(s.stems & topic), s.order), reverse=True)
    return [_said(s) for s in sorted(ranked[:4], key=lambda s: s.order)]


def write_note(said: Sequence[Statement], spec: NoteSpec) -> str:
    """The note ``spec`` asks for, made only of what the statements ``said``.

    Args:
        said: The conversation to summarize (:func:`memlab.offline.reading.read_items`).
        spec: What the prompt asks for (:func:`read_prompt`).

    Returns:
        The note: sections with their headings in the prompt's order ("none"
        under an empty one), a JSON object, a paragraph, or key points.
    """
    sections = spec.sections or ([Section(k, "", _kind(k, "")) for k in spec.json_keys] if spec.json_keys else [])
    if not sections:
        sections = list(DEFAULT_SECTIONS)
    bodies = {s.heading: list(dict.fromkeys(_lines_for(s.kind, s, said, spec))) for s in sections}
    target = next((s.heading for s in sections if s.kind == "ids"), sections[0].heading)
    kept = "\n".join(bodies[target])
    bodies[target] += [fact for fact in spec.must_keep if fact not in kept]  # never cut, so other lines can be
    kinds = {s.heading: s.kind for s in sections}
    budget = spec.max_words or DEFAULT_MAX_WORDS
    while _count(bodies) > budget:
        # Cut the longest section first (the older lines of a list, the later ones of the issues), then single lines.
        cuttable = [h for h in bodies if bodies[h] and h != target and kinds[h] != "ids"]
        if not cuttable:
            break
        victim = max(cuttable, key=lambda h: (len(bodies[h]) > 1, len(bodies[h]), -_CUT_ORDER.index(kinds[h])))
        bodies[victim] = bodies[victim][1:] if kinds[victim] in ("time", "steps", "tools", "context") else bodies[victim][:-1]
    if spec.json_keys:
        return json.dumps({s.heading: "; ".join(bodies[s.heading]) or "none" for s in sections}, ensure_ascii=False)
    if spec.paragraph:
        return " ".join(f"{h}: {'; '.join(line.rstrip('.') for line in b)}." for h, b in bodies.items() if b) or "Nothing to report."
    blocks = []
    for section in sections:
        title = f"## {section.heading}" if spec.markdown else f"{section.heading.rstrip(':')}:"
        items = bodies[section.heading] or ["none"]
        blocks.append(title + "\n" + "\n".join(f"- {line}" for line in items))
    return "\n\n".join(blocks)


def _count(bodies: dict[str, list[str]]) -> int:
    return sum(len(heading.split()) + sum(len(line.split()) for line in lines) for heading, lines in bodies.items())
