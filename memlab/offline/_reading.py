"""How the offline summarizer reads a support transcript: issues, steps, time cues, tool findings.

:mod:`._summary` writes the offline model's handover note; this module does
the reading it needs. A model would understand the conversation; these rules
only recognise the shapes memlab's scenario uses, which is enough for a
deterministic stand-in:

* A customer sentence that reports a **problem** ("the fan gets very loud")
  opens an issue — when it starts a new topic ("Second issue: ..."), names
  another device, or is the first problem — or else is an observation of
  the current issue ("It doesn't happen on an external monitor").
* A sentence that reports **doing something** ("I power-cycled it twice ...;
  it still drops") is a step, split at its result. A result that says it
  works resolves the issue; "still", "again" keep it open.
* **Time cues** ("every evening", "since last Tuesday", "later this week")
  and dates in tool outputs (a delivery, a warranty's end) feed the timeline.
* The agent's replies only tell what it **offered** ("I can run diagnostics")
  or **advised** ("You can reset it ..."); tool results add **findings**.
* Questions and requests to the agent are not facts and are skipped.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..facts import find_facts
from ..turns import NAMED_CALLS, NAMED_OUTPUTS, item_text, item_type

__all__ = ["STILL", "Issue", "Line", "Reader", "entries", "is_summary", "label", "previous_summary"]

_SPEAKER = re.compile(r"^\s*(USER|ASSISTANT|SYSTEM|DEVELOPER|TOOL CALL|TOOL RESULT|REASONING)\b(?:\s*\[([^\]]*)\])?:\s?(.*)")
_ITEM_SPEAKERS = {**dict.fromkeys(NAMED_CALLS, "TOOL CALL"), **dict.fromkeys(NAMED_OUTPUTS, "TOOL RESULT")}

# How the rules read a customer's sentence. A new topic ("Second issue: ..."):
_MARKER = re.compile(r"^\W*(?:first|second|third|fourth|fifth|sixth|next|now|another|one more thing)\b", re.I)
# Openings that carry no fact (greetings, topic markers) and the customer's "I"/"my":
_PREAMBLE = re.compile(r"^(?:(?:hi|hello|okay|ok|yes|please|great|also|so|well|thanks|done|good to know)\b[,!.]?\s*"
                       r"|(?:first|second|third|fourth|fifth|sixth|next|now|another|one more thing)\b[^:.]{0,30}:\s*)+", re.I)
_SUBJECT = re.compile(r"^(?:I (?:already |also |just )?(?=[\w-]+ed\b|did\b|held\b|found\b|forgot\b)|my )", re.I)
# "its serial is SN-AX7Q42PL and": identifiers live in their own section, not in a headline.
_ID_CLAUSE = re.compile(r"\b(?:(?:its|my|the) )?(?:serial|order)(?: number)? is [A-Z]+-\w+,?\s*(?:and\s+)?", re.I)
# A problem, a step the customer took, a result that says it is fixed:
_PROBLEM = re.compile(r"n't\b|\bnot\b|\bno sound\b|\berror|\bblink|\bdrop|\bbroken|\bfail|\bmissing\b|\bloud\b|\bhot\b"
                      r"|\bflicker|\bforgot|\bproblem|\bby itself\b|\bfreez|\bslow\b|\bnois", re.I)
_STEP = re.compile(r"\btried\b|\brestart|\breboot|\breset\b|\bupdat|\bunplug|\bpower-cycl|\bclean|\binstall|\bheld\b"
                   r"|\bchecked\b|\bfound\b|\bdid (?:that|it)\b|^done\b", re.I)
_FIXED = re.compile(r"\bworks?\b|\bworking\b|\bis gone\b|\ball good\b|\bfixed\b|\bsolved\b|\blooks? normal\b", re.I)
#: A result that says the problem persists.
STILL = re.compile(r"\bstill\b|\bagain\b|\bno change\b|\bdidn't help\b", re.I)
# Where a step's result starts ("; it still drops", " and the flicker is gone", ", all good").
# "(?<!\s)" starts a match only where a run of spaces starts: trying again from every
# space of a long run would read the run once per space (quadratic time).
_RESULT_AT = re.compile(r";\s*|,?(?<!\s)\s+(?:and|but)\s+(?=(?:now\s+)?(?:it|they|the \w+)\s+(?:still|now|works|came|is gone|dropped|pair))"
                        r"|,\s*(?=(?:it\s+|they\s+)?(?:still|now|works|all good|is gone)\b)", re.I)
# Time cues: "every evening", "since last Tuesday", "later this week", "an hour later".
# At most three lead words: with no limit, "since every since every ..." (no day after
# them) is read to its end from every word, which takes quadratic time.
_WHEN = re.compile(r"\b(?:(?:since|every|last|later|this|next)\s+){1,3}(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|morning"
                   r"|evening|night|week|month|weekend)\b|\b(?:an?|one|two|three|\d+)\s+(?:minute|hour|day|week|month)s?"
                   r"\s+(?:later|ago)\b|\b(?:yesterday|tonight)\b", re.I)
# What an issue is about; a sentence that starts with a pronoun stays with the current issue:
_DEVICE = re.compile(r"\b(laptop|router|headset|earbuds?|phone|monitor|screen|keyboard|printer|tablet|password)\b", re.I)
# What part of a device an issue is about, to tell two open issues of one device apart ("Laptop (fan)"):
_PART = re.compile(r"\b(fan|screen|display|battery|sound|audio|wi-?fi|connection|charging|keyboard|backlight|speaker"
                   r"|microphone|camera|light|cable)\b", re.I)
_PRONOUN = re.compile(r"^(?:it|they|this|that|these|those)\b", re.I)
# A request to the agent ("Please run diagnostics") is not a fact; "let's do that" agrees to a plan:
_REQUEST = re.compile(r"^\W*(?:(?:yes|ok(?:ay)?|also)\W+)*(?:please|could you|can you|would you)\b", re.I)
_AGREED = re.compile(r"^(?:let's|I'll|we'll)?\s*do (?:that|it)$", re.I)
_TOPIC = re.compile(r"\b(?:for|about|with) the ([\w -]{1,80})\?$")  # a topic is a few words
# Products: "The router is a NetHub AX3000", "Aero 14 laptop"; firmware versions:
_NAMED = re.compile(r"\bThe (laptop|router|headset|phone|monitor|tablet|printer) is an? ([A-Z][\w-]*(?: [A-Z0-9][\w-]*)?)")
_PRODUCT = re.compile(r"\b(?!(?:The|My|A|An|Your|This|That|Our) )[A-Z][A-Za-z]*(?: [A-Z0-9][\w-]*)? "
                      r"(?:laptop|router|headset|earbuds|phone|monitor|tablet|printer)\b")
_FIRMWARE = re.compile(r"\bfirmware (?:to |version )?(\d+(?:\.\d+)+)", re.I)
# What the agent offers ("I can run diagnostics") or advises ("You can reset it").
_OFFER = re.compile(r"\bI can (?:still )?([^.;,:]+)|\bLet's ([^.;,:]+)", re.I)
_ADVICE = re.compile(r"^(?:You can|Please) ([^.;]+)", re.I)
# An issue bullet of an earlier summary: "[open] Headline; then: symptom (ORD-73914)".
_ISSUE_BULLET = re.compile(r"^\[(open|resolved)\] (.*?)(?: \(([A-Z]+-[\w-]+(?:, [A-Z]+-[\w-]+)*)\))?$")


@dataclass
class Line:
    """A bullet, with what the word budget needs: its tier (lower is dropped first), age and issue."""

    text: str
    tier: int = 9
    age: int = 0
    issue: Issue | None = None


@dataclass
class Issue:
    """One problem the customer raised, and what the conversation says about it."""

    headline: str
    device: str = ""
    state: str = "open"
    symptoms: list[str] = field(default_factory=list)  # problems that turned up later ("then: no sound")
    ids: set[str] = field(default_factory=set)
    last_step: tuple[str, str] = ("", "")  # (what was done, what happened) for the newest step
    step_line: Line | None = None
    findings: list[str] = field(default_factory=list)  # key tool findings and plans
    ticket: str = ""
    offer: str = ""  # the agent's newest offer not yet taken up ("run diagnostics on the device")
    advice: str = ""  # the agent's newest advice to the customer ("reset it from the sign-in page")
    seen: int = 0  # position of the newest entry about it (an earlier summary's issues: below zero)
    opened: int = 0  # position of the entry that raised it (an earlier summary's issues: below zero)
    carried: list[str] = field(default_factory=list)  # its status parts in an earlier summary
    stepped: bool = False  # whether the fresh turns reported a step for it

    def bullet(self) -> str:
        """Its line under "Reported issue": state, headline, later symptoms, the identifiers it concerns."""
        ids = f" ({', '.join(sorted(self.ids))})" if self.ids else ""
        return f"[{self.state}] {self.headline}" + "".join(f"; then: {s}" for s in self.symptoms) + ids


def entries(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """``(speaker, call_id, text)`` for each transcript entry in the input.

    A summarization request holds one user message with a role-prefixed
    transcript (``USER: ...``, ``TOOL RESULT [call_1]: ...``); a line without a
    prefix continues the entry above it (a multi-line summary, say). Raw items
    sent with the summary prompt are read the same way, one entry each.
    """
    entries: list[list[str]] = []
    for item in items:
        kind = item_type(item)
        speaker = _ITEM_SPEAKERS.get(kind) or str(item.get("role") or kind).upper()
        for number, line in enumerate(item_text(item).splitlines()):
            match = _SPEAKER.match(line)
            if match:
                entries.append([match.group(1), match.group(2) or "", match.group(3)])
            elif number and entries and line.strip():
                entries[-1][2] += "\n" + line
            elif line.strip():
                entries.append([speaker, str(item.get("call_id") or ""), line])
    return [(who, call_id, text) for who, call_id, text in entries]


def is_summary(who: str, text: str, headings: Collection[str]) -> bool:
    """Whether an entry is an earlier summary: an assistant message that opens with a section heading.

    ``headings`` are the ones a note may have (memlab's, or a prompt's own).
    Under a word budget a note may hold a single section, so one heading is enough.
    """
    return who == "ASSISTANT" and text.lstrip().partition("\n")[0].removeprefix("## ").strip() in headings


def previous_summary(entries: list[tuple[str, str, str]], kinds: Mapping[str, str]) -> dict[str, list[str]]:
    """The sections of an earlier summary in the transcript (a running summary extends it).

    Args:
        entries: The transcript's entries.
        kinds: Each heading a note may have, mapped to the section of memlab's
            it stands for (a prompt's "Problem" is memlab's "Reported issue";
            :meth:`._prompt.NoteSpec.heading_kinds`).

    Returns:
        The earlier note's bullets by memlab's section names ("none" left out).
    """
    sections: dict[str, list[str]] = {}
    for who, _, text in entries:
        current = None
        for line in text.splitlines() if is_summary(who, text, kinds) else ():
            if line.startswith("## "):
                current = sections.setdefault(kinds.get(line[3:].strip(), line[3:].strip()), [])
            elif current is not None and line.startswith("- ") and line[2:].strip() != "none":
                current.append(line[2:].strip())
    return sections


def label(headline: str, device: str, shared: bool) -> str:
    """An issue's short name in a status line, in the note's words rather than the customer's sentence.

    Its device ("Router"); when another open issue has the same device
    (``shared``), the device and the part the headline names ("Laptop (fan)");
    the headline itself only when neither tells them apart.
    """
    if device and not shared:
        return device.capitalize()
    part = _PART.search(headline) if device else None
    return f"{device.capitalize()} ({part.group(1).lower()})" if part else headline


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _tidy(text: str) -> str:
    """Trim leftover spaces and punctuation, capitalise the first letter."""
    # "(?<!\s)": each run of spaces is tried once, from its start (see _RESULT_AT).
    text = re.sub(r"\s{2,}", " ", re.sub(r"(?<!\s)\s+([,;.])", r"\1", text)).strip(" ,;.!")
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _device(text: str) -> str:
    match = _DEVICE.search(text)
    return match.group(1).lower() if match else ""


def _tag(issue: Issue | None) -> str:
    """``"Router: "``: which issue a step belongs to, when the issue has a device."""
    return f"{issue.device.capitalize()}: " if issue is not None and issue.device else ""


def _fields(output: str) -> dict[str, Any]:
    """A tool output's JSON fields; a pattern reads them when the transcript cut the output short."""
    try:
        data = json.loads(output)
        return data if isinstance(data, dict) else {}
    except ValueError:
        found: dict[str, Any] = {}
        for key, raw in re.findall(r'"(\w+)":\s*("(?:[^"\\]|\\.)*"|\[[^\][]*\]|true|false|-?\d[\d.]*)', output):
            try:
                found.setdefault(key, json.loads(raw))
            except ValueError:
                continue
        return found


def _finding(data: Mapping[str, Any], output: str) -> str:
    """The key finding of a tool output: an error, a diagnosis, coverage, a ticket, a status."""
    if "error" in data:
        return str(data["error"])[:80]
    if "finding" in data:
        return ", ".join([*map(str, data.get("error_codes") or []), str(data["finding"])])
    if "covered" in data:
        return f"covered until {data.get('expires')}" if data["covered"] else f"not covered (expired {data.get('expires')})"
    if "ticket_id" in data:
        return f"{data['ticket_id']} {data.get('status', '')}".strip()
    return str(data.get("detail") or data.get("status") or output[:60])


def _dates(data: Mapping[str, Any]) -> list[str]:
    """Timeline bullets from the dates a tool output states (a delivery, a warranty's end)."""
    found = []
    when = re.search(r"\b(?:on )?(\d{4}-\d{2}-\d{2})", str(data.get("detail", "")))
    if when and data.get("order_id"):
        found.append(f"{when.group(1)}: {data['order_id']} {data.get('status', 'updated')}")
    if data.get("expires") and data.get("serial"):
        found.append(f"{data['expires']}: warranty of {data['serial']} {'ends' if data.get('covered') else 'ended'}")
    return found


class Reader:
    """Reads the fresh part of a transcript, entry by entry, into issues and bullets (rules: module docstring).

    It starts from the issues of an earlier summary, if any: the newest open
    one is the current issue until the customer raises another.
    """

    def __init__(self, previous: Mapping[str, list[str]]) -> None:
        self.issues: list[Issue] = []
        self.carried_status: set[str] = set()  # an earlier summary's status lines that belong to an issue
        bullets = previous.get("Reported issue", [])
        for n, bullet in enumerate(bullets):
            if match := _ISSUE_BULLET.match(bullet):
                headline, *symptoms = match.group(2).split("; then: ")
                ids = set(match.group(3).split(", ")) if match.group(3) else set()
                device = _device(headline)
                labels = tuple(f"{name}: " for name in dict.fromkeys((headline, label(headline, device, False), label(headline, device, True))))
                status = next((s for s in previous.get("Current status and blockers", []) if s.startswith(labels)), "")
                self.carried_status.add(status)
                carried = [p for p in status.partition(": ")[2].split("; ") if p and p != "open, no step reported yet"]
                self.issues.append(Issue(headline, device, match.group(1), symptoms, ids, seen=n - len(bullets),
                                         opened=n - len(bullets), carried=carried))
        self.current = next((i for i in reversed(self.issues) if i.state == "open"), None)
        self.steps: list[Line] = []
        self.timeline: list[Line] = []
        self.tools: list[Line] = []
        self.products = {_device(p) or p.split(",")[0]: p for p in previous.get("Product and environment", [])}
        self.pending: set[str] = set()  # identifiers named before the first issue
        self.calls: dict[str, str] = {}
        self.question = ""  # the customer's newest question ("what happens next for the fan repair?")

    def read(self, at: int, who: str, call_id: str, text: str) -> None:
        """Take in one entry; ``at`` is its position (newer is larger)."""
        if who == "TOOL CALL":
            self.calls[call_id] = self.calls[""] = text
            if self.current:
                self.current.offer = ""  # the agent acted on what it offered
        elif who == "TOOL RESULT":
            self.tool_result(at, self.calls.get(call_id) or self.calls.get("", ""), text)
        elif who == "ASSISTANT" and self.current:
            offers = [next(g for g in m.groups() if g) for m in _OFFER.finditer(text)]
            advice = [m.group(1) for s in _sentences(text) if (m := _ADVICE.match(s))]
            self.current.offer = re.sub(r"(?<!\s)\s+(?:so|for you)\b.*", "", offers[-1]) if offers else self.current.offer
            self.current.advice = advice[-1] if advice else self.current.advice
        elif who == "USER":
            for sentence in _sentences(text):
                self.sentence(at, sentence)

    def tool_result(self, at: int, call: str, output: str) -> None:
        """One tool line, its dates for the timeline, and its finding for the current issue."""
        name, _, arguments = call.partition("(")
        data, issue = _fields(output), self.current
        asked = ", ".join(v for values in find_facts(arguments).values() for v in values)
        finding = _finding(data, output)
        failed = "error" in data
        verdict = f"{name or 'tool'}" + (f"({asked})" if asked else "") + f" {'failed' if failed else 'ok'}"
        self.tools.append(Line(f"{verdict}: {finding}", age=at, issue=issue))
        self.timeline += [Line(date, age=at, issue=issue) for date in _dates(data)]
        for match in _PRODUCT.finditer(str(data.get("product", ""))):
            self.product(match.group(0))
        if issue is None:
            return
        if data.get("firmware") and issue.device:
            self.products[issue.device] = f"{self.products.get(issue.device, issue.device).split(',')[0]}, firmware {data['firmware']} (diagnostics)"
        if "ticket_id" in data:
            issue.ticket = finding
        elif "order_id" not in data:
            issue.findings.append(f"{name} failed: {finding}" if failed else finding)
        issue.seen = at

    def product(self, name: str, firmware: str = "") -> None:
        """Note a product (a specific name beats a bare "router"); newest firmware wins."""
        device = _device(name) or name
        head, _, tail = self.products.get(device, device).partition(",")
        name = name if head == device else head
        self.products[device] = name + (f", firmware {firmware}" if firmware else (f",{tail}" if tail else ""))

    def sentence(self, at: int, sentence: str) -> None:
        """One customer sentence: which issue it concerns, then a step, a problem or neither, and its time cues."""
        ids = {v for kind, values in find_facts(sentence).items() if kind != "contact_channel" for v in values}
        earlier = next((i for i in reversed(self.issues) if ids & i.ids), None)
        if earlier is not None:  # "please look up ORD-73914 again": back to that issue
            self.current = earlier
        for match in itertools.chain(_PRODUCT.finditer(sentence), _NAMED.finditer(sentence)):
            self.product(match.group(0) if match.re is _PRODUCT else f"{match.group(2)} {match.group(1)}")
        for version in _FIRMWARE.findall(sentence):
            self.product(_device(sentence) or (self.current.device if self.current else "") or "device", version)
        if sentence.endswith("?"):
            self.question = sentence
        elif not _REQUEST.match(sentence):
            body = _body(sentence)
            if _STEP.search(sentence) or (_FIXED.search(sentence) and self.current):
                self.step(at, sentence, body)
            elif _PROBLEM.search(sentence):
                self.problem(at, sentence, body)
            self.when(at, sentence, body)
        if self.current is None:
            self.pending |= ids
        else:
            self.current.ids |= ids
            self.current.seen = at

    def problem(self, at: int, sentence: str, body: str) -> None:
        """A new issue (a new topic, another device, the first problem), or an observation of the current one."""
        issue, device = self.current, _device(sentence)
        if _PRONOUN.match(body) or not (issue is None or _MARKER.match(sentence) or (device and device != issue.device)):
            if issue is not None:  # "It doesn't happen on an external monitor": an observation
                self.steps.append(Line(f"{_tag(issue)}{body}", age=at, issue=issue))
                issue.state = "open" if STILL.search(sentence) else issue.state  # "it stopped working again"
            return
        headline = _tidy(_WHEN.sub("", _ID_CLAUSE.sub("", body)))
        if device and device not in headline.lower():
            headline = f"{device.capitalize()} {headline[4:]}" if headline.lower().startswith("the ") else f"{device.capitalize()}: {_lower(headline)}"
        self.current = next((i for i in self.issues if i.headline == headline), None) or Issue(headline, device, opened=at)
        if self.current not in self.issues:
            self.issues.append(self.current)
        self.current.state, self.current.ids = "open", self.current.ids | self.pending
        self.pending = set()

    def step(self, at: int, sentence: str, body: str) -> None:
        """A step and its result; the result decides whether the issue is resolved."""
        issue = self.current
        if not _STEP.search(sentence) and issue is not None and issue.step_line is not None:
            action, result = issue.last_step[0], ", ".join(filter(None, (issue.last_step[1], _lower(body))))
            issue.step_line.text = f"{_tag(issue)}{action} → {result}"  # "the lights look normal now": a result
        else:
            split = _RESULT_AT.search(body)
            action, result = (body[: split.start()], body[split.end() :]) if split else (body, "")
            if issue is not None and re.fullmatch(r"(?i)did (?:that|it)|done", action) and (issue.offer or issue.advice):
                action = f"Followed the advice to {issue.offer or issue.advice}"
            self.steps.append(Line(f"{_tag(issue)}{action}" + (f" → {result}" if result else ""), age=at, issue=issue))
            if issue is not None:
                issue.step_line = self.steps[-1]
                if "updat" in action.lower() and not _FIRMWARE.search(sentence) and "firmware" in self.products.get(issue.device, ""):
                    self.products[issue.device] += ", since updated"
        if issue is None:
            return
        issue.last_step, issue.offer, issue.advice, issue.stepped = (action, result), "", "", True
        last = re.split(r",?(?<!\s)\s+but\s+", result or body)[-1]
        issue.state = "resolved" if _FIXED.search(last) and not STILL.search(last) else "open"
        if " but " in result and _PROBLEM.search(last) and not (_FIXED.search(last) or STILL.search(last)):
            issue.symptoms.append(last)

    def when(self, at: int, sentence: str, body: str) -> None:
        """A timeline bullet for the sentence's time cues, tagged with the issue's device."""
        cues = [m.group(0) for m in _WHEN.finditer(sentence)]
        if not cues:
            return
        clause = _tidy(_WHEN.sub("", body)) or body
        if _AGREED.match(clause):  # "let's do that later this week": the customer's plan
            topic = _TOPIC.search(self.question)
            clause = "customer plans to go ahead" + (f" with the {topic.group(1)}" if topic else "")
            if self.current is not None:
                self.current.findings.append(f"{clause} {' '.join(cues)}")
        device = self.current.device if self.current else ""
        after = re.search(rf"\b{device}\s+(\w+\s+\w.*)", clause, re.I) if device else None
        clause = after.group(1) if after else clause  # "(router): drops the wifi", not the headline again
        self.timeline.append(Line(f"{_tidy(', '.join(cues))}{f' ({device})' if device else ''}: {clause}", age=at, issue=self.current))


def _body(sentence: str) -> str:
    """A customer's sentence without its greeting, topic marker or "I"/"my" opening."""
    return _tidy(_SUBJECT.sub("", _PREAMBLE.sub("", sentence).strip()) or sentence)
