"""The offline model: a careful, literal model that answers only from the request.

:func:`respond` reads the instructions, items, tools and output schema it was sent, nothing else. It
answers a grading request with a JSON verdict (:mod:`.grading`) and a summary request with a note
(:mod:`.notes`); else it calls the tools (a handoff is a ``transfer_to_<agent>`` tool) that the latest
user message, ``tool_choice`` or the instructions ask for, arguments taken from the user's words; else
it says what the newest tools returned, restates what answers from the conversation or the
instructions, or says in one sentence that it does not know (as JSON for a ``json_schema`` format).
Models that reason (``o3``, ``gpt-5``...) put a reasoning item first.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..turns import is_user_message, item_type, pair_key
from . import grading, notes
from .reading import (MARKUP, MAX_CHARS, STOP, Memory, Statement, asks_for_summary, facts, identifiers,
                      plain_text, read_items, related, result_lines, sentences, stem, stem_set, tokens,
                      words)
from .schema import instance

__all__ = ["Request", "respond", "play"]

#: Models that return a reasoning item before their answer.
_REASONING_MODEL = re.compile(r"^(?:o\d|gpt-5|codex)", re.I)
#: An example in a parameter's description: "such as ORD-12345", "e.g. SN-AB12CD34", "like 2025-01-31".
_EXAMPLE = re.compile(r"(?:such as|e\.g\.|eg|like|for example|example:?|format:?)\s+[\"'`]?([^\s\"'`,;)]+)",
                      re.I)
#: An email address, a date written with digits or a month name, and a number.
_EMAIL = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]{0,6}"
_DATE = re.compile(rf"\d{{4}}-\d\d-\d\d|\d{{1,2}} {_MONTH}(?: \d{{4}})?|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


#: First words that ask: question words, and verbs of a request ("Tell me about...", "Explain...").
_ASKING = frozenset("what which who whom whose when where why how is are was were do does did can could "
                    "would will should have has any remind tell explain describe write give show list "
                    "translate summarize summarise find help compose generate suggest recommend calculate "
                    "solve plan name".split())
#: What a field's name or description says it holds.
_FREE_TEXT = stem_set("query input text message question prompt request summary description content reason "
                      "topic task comment note details issue problem body")
_PLACE = stem_set("city location place country destination town where address region area")
_WHEN = stem_set("date day when time deadline")
_ID = stem_set("id identifier number code serial reference ref pin sku")
_PERSON = stem_set("name person customer user")
_GENERIC_ANSWER = stem_set("answer response reply text output message content result final explanation "
                           "reasoning feedback summary")
#: Verbs a question uses to point back at the conversation ("which serial did I give you?"): not its topic.
_SAYING = stem_set("give gave tell told say said mention mentioned share shared remind remember ask asked")
#: Words that mark a statement as correcting an earlier one: the newer value wins.
_CORRECTION = frozenset("actually sorry instead moved switched changed correction not anymore".split())
#: Verbs of tools that change something: a question ("what is the ticket number?") never calls them.
_CHANGES = stem_set("create delete remove update send cancel book open make add set post submit place buy "
                    "pay reset write refund")
#: Verbs that open many tool names: "check" alone does not ask for check_warranty, "warranty" does.
_VERBS = stem_set("get check run look lookup create make find search fetch update send list set do add "
                  "delete remove open show read write call use compute calculate")
_PRONOUNS = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
             "i've": "you've", "i'd": "you'd", "i'll": "you'll"}
#: Phrases a question asks with, and the word they mean.
_PHRASES = (("for a living", "job"), ("get in touch", "contact"), ("how old", "age"), ("who am i", "name"),
            ("call me", "name"), ("who are we", "name"), ("what am i called", "name"))


@dataclass
class Tool:
    """A function tool the request offers, and the words that say what it is for: its name, its
    description and what the instructions say next to its name ("lookup_order for order numbers")."""

    name: str
    parameters: dict[str, Any]
    name_stems: frozenset[str]
    stems: frozenset[str]
    handoff: bool

    @classmethod
    def read(cls, tool: Mapping[str, Any], instructions: str) -> Tool:
        name = str(tool.get("name", ""))
        hints = [s[s.find(name) + len(name):s.find(name) + len(name) + 60].split(",")[0]
                 for s in sentences(instructions) if name in s]
        parameters = tool.get("parameters") if isinstance(tool.get("parameters"), dict) else {}
        name_stems = frozenset(words(name.replace("_", " ")))
        stems = frozenset(words(f"{tool.get('description') or ''} {' '.join(hints)}")) | name_stems
        return cls(name, parameters, name_stems, stems, name.startswith("transfer_to_"))


def _is_system(item: Mapping[str, Any]) -> bool:
    return item_type(item) == "message" and item.get("role") in ("system", "developer")


@dataclass
class Request:
    """What the model reads from one request: its ``body``, every item it reads (``items``), the
    ``instructions`` (system and developer messages included), the ``conversation`` (the other items)
    and the function ``tools`` offered."""

    body: Mapping[str, Any]
    items: list[dict[str, Any]]
    instructions: str = ""
    conversation: list[dict[str, Any]] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)

    @classmethod
    def read(cls, body: Mapping[str, Any], items: Sequence[Mapping[str, Any]]) -> Request:
        system = [plain_text(i.get("content")) for i in items if _is_system(i)]
        instructions = "\n".join([str(body.get("instructions") or ""), *system]).strip()
        conversation = [dict(i) for i in items if not _is_system(i)]
        tools = [Tool.read(t, instructions) for t in body.get("tools") or []
                 if isinstance(t, Mapping) and t.get("type") == "function"]
        return cls(body, [dict(i) for i in items], instructions, conversation, tools)

    @cached_property
    def said(self) -> list[Statement]:
        return read_items(self.conversation)

    @cached_property
    def memory(self) -> Memory:
        return Memory(self.said)

    @cached_property
    def last_user_index(self) -> int:
        return max((i for i, item in enumerate(self.conversation) if is_user_message(item)), default=-1)

    @property
    def raw_message(self) -> str:
        """The latest user message as sent ("" if there is none)."""
        item = self.conversation[self.last_user_index] if self.last_user_index >= 0 else {}
        return plain_text(item.get("content"))

    @property
    def message(self) -> str:
        """The latest user message, markup tags read through."""
        return MARKUP.sub("", self.raw_message)[:MAX_CHARS]

    @cached_property
    def this_turn(self) -> tuple[bool, bool, list[tuple[str, str]]]:
        """What the model did since the latest user message: whether it handed off, whether the agent
        that took over called a tool, and the ``(tool, output)`` results since it last spoke."""
        names: dict[Any, str] = {}
        handed_off = called_after = False
        previous, results = "", []
        for item in self.conversation[self.last_user_index + 1:]:
            if item_type(item) == "function_call":
                name = names[item.get("call_id")] = str(item.get("name", ""))
                called_after = called_after or previous.startswith("transfer_to_")
                handed_off, previous = handed_off or name.startswith("transfer_to_"), name
            elif item_type(item) == "message":
                results = []
            name, pair = names.get(item.get("call_id"), "the tool"), pair_key(item)
            if pair is not None and pair[0] == "output" and not name.startswith("transfer_to_"):
                output = item.get("output")
                results.append((name, output if isinstance(output, str) else plain_text(output)))
        return handed_off, called_after, results

    @property
    def fingerprint(self) -> str:
        """A hash of what the input says (ids aside): output ids derive from it, so runs repeat."""
        said = [(item_type(i), i.get("role"), i.get("call_id"),
                 plain_text(i.get("content")) or i.get("output") or i.get("arguments")) for i in self.items]
        return hashlib.sha256(json.dumps([said], sort_keys=True, default=str).encode()).hexdigest()[:24]


class Reader:
    """Fills a schema's leaves (:class:`~memlab.offline.schema.Filler`) from the latest user message,
    then earlier statements, newest first; ``answer`` is what a free-text field of an answer gets."""

    def __init__(self, request: Request, answer: str = "") -> None:
        self.request, self.answer = request, answer
        self.texts = [request.message] + [s.text for s in reversed(request.said) if s.role != "call"]
        self.found_nothing: list[str] = []

    def text(self, name: str, description: str, format: str | None) -> str | None:
        """A string: a tool's ``name: value`` line, else what the field's name, description or format
        says it holds (an example's shape, an email, a date, a place, an id, a name, free text)."""
        field_stems = frozenset(words(name.replace("_", " ")))
        about = set(words(f"{name.replace('_', ' ')} {description}"))
        for statement in reversed(self.request.said):
            key, _, value = statement.text.partition(":")
            if statement.role == "tool" and value.strip() and set(words(key.split(" ")[-1])) == field_stems:
                return value.strip()
        example = _EXAMPLE.search(description)
        sample = example.group(1).rstrip(".:") if example else ""
        if any(c.isdigit() for c in sample):
            shape = _shape(sample)
            return self._first(lambda text: [t for t in tokens(text) if shape.fullmatch(t)], name)
        if format == "email" or "email" in about:
            return self._first(_EMAIL.findall, name)
        if format in ("date", "date-time") or about & _WHEN:
            return self._first(_DATE.findall)
        if field_stems & _GENERIC_ANSWER and self.answer:
            return self.answer
        if about & _PLACE:
            return self._first(lambda text: _names_after(text, ("in", "at", "to", "for", "from", "near")))
        if field_stems & _ID:  # an identifier, else a number of two digits or more ("order 77")
            return self._first(lambda text: identifiers(text) or [
                f for f in facts(text) if sum(c.isdigit() for c in f) >= 2], name)
        if field_stems & _PERSON:
            return self._first(lambda text: _names_after(text, ("i'm", "im", "is", "me")))
        if about & _FREE_TEXT:
            return self.request.message.strip()[:500] or None
        return self.answer or None

    def _first(self, find: Callable[[str], list[str]], required: str = "") -> str | None:
        """The first value ``find`` finds in the texts; none found for a ``required`` field is noted."""
        for text in self.texts:
            found = find(text)
            if found:
                return found[0]
        if required:
            self.found_nothing.append(required)
        return None

    def number(self, name: str, description: str) -> float | None:
        found = _NUMBER.search(self.request.message)
        value = float(found.group(0)) if found else None
        return int(value) if value is not None and value.is_integer() and abs(value) < 2**53 else value

    def boolean(self, name: str, description: str) -> bool:
        marks = frozenset(words(name.replace("_", " "))) - {stem("is"), stem("has")}
        return bool(marks & set(words(self.request.message)))

    def choice(self, name: str, description: str, options: Sequence[Any]) -> Any:
        said = set(words(self.request.message)) | {s for st in self.request.said for s in st.stems}
        for option in options:
            if isinstance(option, str) and set(words(option.replace("_", " "))) & said:
                return option
        return options[0]


def _shape(example: str) -> re.Pattern[str]:
    """A pattern for tokens shaped like ``example``: ``ORD-12345`` → letters "ORD", a dash, digits."""
    prefix, dash, rest = example.partition("-")
    if dash and any(c.isascii() and c.isalpha() for c in rest) and any(c.isdecimal() for c in rest):
        # a serial such as SN-AB12CD34 mixes letters and digits after its prefix: accept any mix there
        return re.compile(re.escape(prefix) + r"-[A-Za-z0-9]+")
    coded = any(c.isdigit() for c in example.split("-")[-1])  # "ORD-12345": keep "ORD" as written
    parts = []
    for piece in re.findall(r"[A-Za-z]+|\d+|.", example):
        if piece.isdigit():
            parts.append(r"\d+")
        elif piece.isalpha() and not (coded and piece.isupper() and len(piece) <= 4):
            parts.append("[A-Za-z]+")
        else:
            parts.append(re.escape(piece))
    return re.compile("".join(parts))


def _names_after(text: str, cues: tuple[str, ...]) -> list[str]:
    """The capitalised words after one of ``cues``: places ("the weather in Tokyo") or names ("I'm Ana")."""
    found = tokens(text)
    return [word for before, word in zip(found, found[1:]) if before.lower() in cues and word[:1].isupper()]


def _lower_tokens(message: str) -> list[str]:
    return [t.lower().replace("’", "'") for t in tokens(message[:400])]


def _is_question(text: str) -> bool:
    """Whether ``text`` asks for something: a question, or a request ("Tell me about...", "Explain...")."""
    first = tokens(text[:200])[:1]
    return text.rstrip().endswith("?") or bool(first and first[0].lower() in _ASKING)


def _only_asks(message: str) -> bool:
    """Whether a message asks to know, not to act: a question without "please", "can you"..."""
    cues = ("please", "can you", "could you", "would you", "i'd like you to", "i want you to")
    return _is_question(message) and not any(cue in message.lower() for cue in cues)


def _about_user(message: str) -> bool:
    """Whether a question asks about the user ("what's my order number?", "where do we live?")."""
    return bool(set(_lower_tokens(message)) & {"my", "our", "i", "we", "i'm", "we're", "am"})


def _recalls(message: str) -> bool:
    """Whether a wh-question asks what is the user's or what they did, holding no value itself: "What's
    my order number?" recalls; "Where is my order ORD-1?" and "How do I say this in French?" do not."""
    said = _lower_tokens(message)
    wh = bool(said) and said[0] in ("what", "what's", "which", "who", "whom", "whose", "where", "when", "how")
    back = bool({"my", "our"} & set(said))
    back = back or bool({"did", "was", "were", "had"} & set(said)) and _about_user(message)
    return wh and back and not facts(message)


def _owned(message: str) -> str | None:
    """The stem of the thing after "my"/"our" in a question ("what's my dog called?" → ``dog``), if any."""
    found = [t.lower() for t in tokens(message[:400])]
    for before, word in zip(found, found[1:]):
        if before in ("my", "our") and word not in STOP and stem(word) not in _ID:
            return stem(word.replace("’", "'").rstrip("'").removesuffix("'s"))
    return None


def _abbreviates(identifier: str, word: str) -> bool:
    """Whether an identifier's prefix abbreviates ``word``: ``ORD-1`` order, ``TCK-1`` ticket."""
    prefix = identifier.split("-", 1)[0].lower() if "-" in identifier else ""
    if not prefix.isalpha() or not word:
        return False
    consonants = word[0] + "".join(c for c in word[1:] if c not in "aeiou")
    return word.startswith(prefix) or consonants.startswith(prefix)


def _covered(topic: Sequence[str], stems: frozenset[str] | set[str]) -> int:
    """How many of a question's topic stems ``stems`` holds, itself or by a related word."""
    return sum(1 for one in topic if one in stems or related([one]) & stems)


def _topic(message: str) -> list[str]:
    """A question's content stems (at most 64), "do for a living" read as ``job``; of a message that
    says something and then asks ("Great. What happens next?"), the question."""
    asked = [piece for piece in sentences(message) if piece.rstrip().endswith("?")]
    message = asked[-1] if asked else message
    extra = [stem(word) for phrase, word in _PHRASES if phrase in message[:2000].lower()]
    topic = [s for s in words(message) if s not in _GENERIC_ANSWER and s not in _SAYING]
    return list(dict.fromkeys([*extra, *topic]))[:64]


def _choose_tools(request: Request) -> list[Tool]:
    """The tools the latest user message asks for, best first; else the best one if ``tool_choice`` or the
    instructions demand one. Each word of a tool's name that only it has scores 3, its other words 1."""
    choice = request.body.get("tool_choice")
    tools = [t for t in request.tools if not (t.handoff and request.this_turn[0])]
    if not tools or choice == "none":
        return []
    if isinstance(choice, Mapping):
        return [t for t in tools if t.name == choice.get("name")][:1]
    if _only_asks(request.message):  # a question asks to know, not to change: it never opens or deletes
        tools = [t for t in tools
                 if t.handoff or stem(t.name.replace("-", "_").split("_")[0].lower()) not in _CHANGES]
        if not tools:
            return []
    found = [t.lower() for t in tokens(request.message)]  # its stems, and adjacent words joined ("look up")
    message = set(words(request.message)) | {stem(a + b) for a, b in zip(found, found[1:])}
    shared = {s for t in tools for s in t.name_stems if sum(s in u.name_stems for u in tools) > 1} | _VERBS
    scored = []
    for tool in tools:
        distinct = len((tool.name_stems - shared) & message)
        scored.append((3 * distinct + len(tool.stems & message - (tool.name_stems - shared)), distinct, tool))
    scored.sort(key=lambda entry: entry[0], reverse=True)
    picked = [tool for score, distinct, tool in scored if distinct and score >= 3]
    (top_score, _, top), runner_up = scored[0], (scored[1][0] if len(scored) > 1 else 0)
    # a triage agent routes on the one desk whose description fits best
    if not picked and (top_score >= 3 or top.handoff and top_score > runner_up or choice == "required" or any(
            "always" in s.lower() and ("tool" in s.lower() or "call" in s.lower())
            for s in sentences(request.instructions))):
        picked = [top]
    return picked[:4]


def _answered_by_conversation(request: Request) -> tuple[int, Statement] | None:
    """``(coverage, statement)`` of the customer's statement, tool result or note (newest wins) that
    answers the latest question: two (or half) of its topic words, the thing asked about, an id's value."""
    topic = _topic(request.message)
    if not topic:
        return None
    wants_id = bool(set(topic) & _ID)
    asking = (sentences(request.message) or [""])[-1]
    # The thing asked about must be there: "the ticket number" (the word before "number"), "my dog".
    head = next((a for a, b in zip(topic, topic[1:]) if b in _ID), None) or _owned(request.message)
    named = bool(head) and wants_id  # "the serial number": a statement that names it and holds a value
    roles = ("user", "note", "tool")
    candidates = request.memory.matches(topic, roles=roles)
    if head and wants_id:  # an identifier that abbreviates the thing ("ORD-1" for "order") answers too
        candidates += [(0.0, s) for s in request.said
                       if s.role in roles and any(_abbreviates(i, head) for i in s.identifiers)]
    found = []
    for score, statement in candidates:
        if statement.text.rstrip().endswith("?") or statement.role == "user" and statement.text == asking:
            continue  # the question itself, or another question
        if wants_id and not facts(statement.text):
            continue
        if head and not _covered([head], statement.stems) and not any(
                _abbreviates(i, head) for i in statement.identifiers):
            continue
        covered = _covered(topic, statement.stems)
        if covered < min(2, len(topic)) and covered * 2 < len(topic) and not named:
            continue
        corrects = bool({t.lower() for t in tokens(statement.text[:300])} & _CORRECTION)
        found.append(((covered, score + 1.5 * corrects, statement.order), statement))
    best = max(found, key=lambda entry: entry[0], default=None)  # the first of equals
    return (best[0][0], best[1]) if best else None


def _from_instructions(request: Request) -> tuple[int, str] | None:
    """``(coverage, text)`` of the instructions' ``Label: text`` line whose label the latest message
    names (two of its words, or its only one); advice already given is not given again."""
    topic = _topic(request.message)
    message = set(topic)
    wants_fact = _is_question(request.message) and bool(message & _ID)
    given = " ".join(plain_text(i.get("content")) for i in request.conversation
                     if i.get("role") == "assistant").lower()  # what the model already said
    found = []
    for line in request.instructions.splitlines():
        label, _, advice = line.strip().lstrip("-*• ").strip().partition(":")
        advice = advice.strip()
        if not advice or wants_fact and not facts(advice) or advice[:80].lower() in given:
            continue
        label_stems, advice_stems = set(words(label)), set(words(advice))
        if len(label_stems & message) < min(2, len(label_stems)):
            continue  # "Second SSD slot" is not asked for by "15 seconds"
        score = 2 * len(label_stems & message) + len(advice_stems & message - label_stems)
        if score >= 2:
            found.append(((_covered(topic, frozenset(label_stems | advice_stems)), score), advice))
    best = max(found, key=lambda entry: entry[0], default=None)  # the first of equals
    return (best[0][0], best[1][0].upper() + best[1][1:]) if best else None


def _swap(text: str) -> str:
    """``text`` in the second person: "I was in Lisbon" → "you were in Lisbon" ("let me" stays)."""
    pieces = re.split(r"([^\w'’]+)", text)
    out = []
    for i, piece in enumerate(pieces):
        low = piece.lower()
        before = pieces[i - 2].lower() if i >= 2 else ""
        if low in ("was", "am") and before == "i":
            out.append("were" if low == "was" else "are")
        elif low == "me" and before == "let":
            out.append(piece)
        else:
            out.append(_PRONOUNS.get(low, piece))
    return "".join(out)


def restate(statement: Statement) -> str:
    """An answer that restates what was said, in the listener's words."""
    text = statement.text.rstrip(" .!")
    if ", not " in text:  # a correction: say the new value only ("I'm Rob, not Bob" → "I'm Rob")
        before, _, after = text.partition(", not ")
        rest = after.split(",", 1)
        text = before + ("," + rest[1] if len(rest) > 1 else "")
    if statement.role == "user":
        first, _, rest = text.partition(" ")
        if first.lower() == "please":
            return f"You asked me to {_swap(rest)}."
        if first.lower().strip(",!") in ("hi", "hello", "hey") and first.endswith(",") and rest:
            text = rest  # "Hi, my name is Ana" is restated as "your name is Ana"
        return f"You told me: {_swap(text[0].lower() + text[1:])}."
    if statement.role == "tool":
        return f"{statement.tool or 'A tool'} reported {text}."
    return f"From my notes: {text}."


def _report(results: Sequence[tuple[str, str]]) -> str:
    """What the tools returned, one sentence each."""
    lines = []
    for name, output in results:
        try:
            data = json.loads(output)
        except (TypeError, ValueError, RecursionError):
            data = None
        text = output.strip()
        if isinstance(data, dict) and "error" in data:
            lines.append(f"I couldn't complete {name}: {str(data['error'])[:300]}.")
        elif isinstance(data, (dict, list)):
            found = [fact if len(fact) <= 90 else fact[:87] + "…" for fact in result_lines(output)]
            lines.append(f"{name} returned {'; '.join(found[:8])}{' (and more)' if len(found) > 8 else ''}.")
        else:
            lines.append(f"{name} returned: {text[:600]}{'…' if len(text) > 600 else ''}" if text
                         else f"{name} returned nothing.")
    return " ".join(lines)


def compose(request: Request, missing: Sequence[str] = ()) -> str:
    """The text the model answers with when it calls no tool: the newest tool results, a greeting back,
    a request for what a tool needs, an answer from the conversation or the instructions, or an echo."""
    if request.this_turn[2]:
        return _report(request.this_turn[2])
    said = request.message.strip()
    if request.last_user_index < 0 or not said:
        return "Your message was empty. What would you like to ask or tell me?"
    said_tokens = {t.lower() for t in tokens(said[:400])}
    question = _is_question(said)
    if len(said) < 40 and said_tokens & {"hi", "hello", "hey", "howdy", "greetings"} and not question:
        return "Hello! What can I help you with?"
    thanks = {"thanks", "thank", "cheers", "bye", "goodbye"}
    if said_tokens & thanks and len(set(words(said))) <= 4 and not question:
        return "You're welcome! Is there anything else I can help with?"
    if missing:
        wanted = missing[0].replace("_", " ")
        if question:
            return (f"I don't know the {wanted}: it isn't in the conversation I can see. "
                    "Could you give it to me?")
        return f"I can do that once I have the {wanted}. Could you give it to me?"
    known = None if question and _about_user(said) else _from_instructions(request)
    if question:
        found = _answered_by_conversation(request)
        if found is not None and (known is None or found[0] >= known[0] and "your" not in said_tokens):
            return restate(found[1])
        if known is not None:
            return known[1]
        if _recalls(said) or _about_user(said) and not said_tokens & {"how", "do"}:
            return "I don't know: it isn't in the conversation I can see. Could you tell me again?"
        return ("I don't know: nothing in this conversation or in my instructions says, "
                "and I can only answer from what I was sent.")
    echo = said if len(said) <= 160 else said[:160].rsplit(" ", 1)[0] + " …"
    echo = _swap(echo[0].lower() + echo[1:]).rstrip(".!")
    if echo.startswith("please "):
        echo = "I will " + echo[len("please "):]
    if said_tokens & (notes.SOLVED | {"fine", "done"}) or "all good" in said.lower():
        return f"Good to hear: {echo}. Is there anything else I can help with?"
    return known[1] if known is not None else f"Noted: {echo}."


def respond(request: Request) -> list[dict[str, Any]]:
    """The output items of one response (a reasoning item first for a reasoning model)."""
    fingerprint = request.fingerprint
    output = _decide(request, fingerprint)
    if _REASONING_MODEL.match(str(request.body.get("model", ""))):
        reasoning: dict[str, Any] = {"id": f"rs_{fingerprint}", "type": "reasoning", "summary": []}
        if "reasoning.encrypted_content" in (request.body.get("include") or []):
            reasoning["encrypted_content"] = "memlab-offline-reasoning:" + fingerprint
        output.insert(0, reasoning)
    return output


def _decide(request: Request, fingerprint: str) -> list[dict[str, Any]]:
    """A verdict, a note, tool calls or a message (see the module docstring)."""
    instructions, message = request.instructions, request.message
    if instructions and grading.asks_to_grade(instructions, request.raw_message):
        return [message_item(grading.grade(instructions, request.raw_message), fingerprint)]
    summary_prompt = instructions if asks_for_summary(instructions) else None
    if summary_prompt is None and asks_for_summary(message) and len(request.said) > 1:
        summary_prompt = message
    if summary_prompt is not None and request.said:
        material = [s for s in request.said
                    if not (s.role == "user" and s.text in message and summary_prompt is request.message)]
        note = notes.write_note(material or request.said, notes.read_prompt(summary_prompt))
        return [message_item(note, fingerprint)]
    missing: list[str] = []
    handed_off, called_after_handoff, results = request.this_turn
    if not results or handed_off and not called_after_handoff:
        answered = _only_asks(message) and (
            _recalls(message) or _answered_by_conversation(request) is not None)
        calls = []
        may_ask = request.body.get("tool_choice") in (None, "auto")  # it may ask for what is missing
        for number, tool in enumerate([] if answered else _choose_tools(request)):
            reader = Reader(request)
            schema = tool.parameters or {"type": "object", "properties": {}}
            arguments = instance(schema, reader, only_found=True)
            if reader.found_nothing and may_ask and not tool.handoff:
                missing += reader.found_nothing
                continue
            calls.append(call_item(tool.name, arguments, f"{fingerprint}_{number}"))
        if calls:
            return calls
    text = compose(request, missing)
    form = request.body.get("text")
    form = form.get("format") if isinstance(form, Mapping) else None
    kind = form.get("type") if isinstance(form, Mapping) else None
    if kind == "json_schema":
        text = json.dumps(instance(form.get("schema") or {}, Reader(request, text)), ensure_ascii=False)
    elif kind == "json_object":
        text = json.dumps({"answer": text}, ensure_ascii=False)
    return [message_item(text, fingerprint)]


def message_item(text: str, fingerprint: str) -> dict[str, Any]:
    """An assistant message as the Responses API returns it."""
    return {"id": f"msg_{fingerprint}", "type": "message", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]}


def call_item(name: str, arguments: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A function call as the Responses API returns it."""
    return {"id": f"fc_{key}", "type": "function_call", "call_id": f"call_{key}", "name": name,
            "arguments": json.dumps(arguments, ensure_ascii=False), "status": "completed"}


def play(user_turns: Sequence[str], tools: Sequence[Mapping[str, Any]],
         backends: Mapping[str, Callable[..., str]], instructions: str = "",
         model: str = "gpt-4.1-mini") -> list[dict[str, Any]]:
    """A conversation's history as the offline model writes it (the ``Runner.run`` loop in plain code):
    each user turn, then the model's calls of ``tools`` answered by ``backends`` until it replies."""
    items: list[dict[str, Any]] = []
    body = {"model": model, "instructions": instructions, "tools": list(tools)}
    for text in user_turns:
        items.append({"content": text, "role": "user"})
        for _ in range(10):
            output = respond(Request.read(body, items))
            items += output
            calls = [item for item in output if item["type"] == "function_call"]
            if not calls:
                break
            for call in calls:
                result = backends[call["name"]](**json.loads(call["arguments"]))
                items.append({"call_id": call["call_id"], "output": result, "type": "function_call_output"})
    return items
