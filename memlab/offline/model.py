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

import functools
import hashlib
import itertools
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..turns import is_user_message, item_type, pair_key
from . import grading, notes
from .reading import (MARKUP, MAX_CHARS, STOP, Memory, Statement, asks_for_summary, facts, identifiers,
                      plain_text, read_items, related, result_lines, sentences, stem, stem_set, structured,
                      structured_input, tokens, words)
from .schema import instance

__all__ = ["Request", "respond", "play"]

#: Models that return a reasoning item before their answer.
_REASONING_MODEL = re.compile(r"^(?:o\d|gpt-5|codex)", re.I)
#: An example in a parameter's description: "such as ORD-12345", "e.g. SN-AB12CD34", "like 2025-01-31".
_EXAMPLE = re.compile(r"(?:such as|e\.g\.|eg|like|for example|example:?|format:?)\s+[\"'`]?([^\s\"'`,;)]+)",
                      re.I)
#: An email address, a date (with digits or a month name), a number, and text in quotes ("Hola", 'my-app'; the
#: apostrophe of "Luigi's" is no quote).
_EMAIL = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]{0,6}"
_DATE = re.compile(rf"\d{{4}}-\d\d-\d\d|\d{{1,2}} {_MONTH}(?: \d{{4}})?|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?"
                   r"|\b\d{1,2}:\d\d\b|\b(?:(?:next |this )?(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|[Tt]oday"
                   r"|[Tt]omorrow)\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_QUOTED = re.compile(r"(?<!\w)[\"“'‘]([^\"”'’\n]{1,300})[\"”'’](?!\w)")

#: First words of a question, and of a request too ("Tell me about...").
_WH_WORDS = frozenset("what what's which who whom whose when where why how is are was were do does did can "
                      "could would will should have has any".split())
_ASKING = _WH_WORDS | frozenset("remind tell explain describe write give show list translate summarize summarise "
                                "find help compose generate suggest recommend calculate solve plan name".split())
#: What a field's name or description says it holds.
_FREE_TEXT = stem_set("query input text message question prompt request summary description content reason "
                      "topic task comment note details issue problem body subject title")
_PLACE = stem_set("city location place country destination origin source target departure arrival airport "
                  "town where address region area venue language lang")
_WHEN = stem_set("date day when time deadline")
#: Instructions that offer a closed set of answers: "Reply with one word: positive or negative".
_OPTIONS = re.compile(r"\b(?:one word|one of|either)\b:?\s+((?:[\w-]+,\s*)*[\w-]+,?\s+or\s+[\w-]+)", re.I)
#: Verbs that open instructions asking the model to make something of the user's message.
_MAKES = stem_set("generate write compose create draft translate rewrite paraphrase")
_UPPER = stem_set("max maximum upper most ceiling")
_ID = stem_set("id identifier number code serial reference ref pin sku")
_PERSON = stem_set("name person customer user attendee participant people member guest speaker author "
                   "owner contact passenger traveler traveller employee patient client sender organizer host")
#: A field naming a thing, not a person (and ``name`` on an object whose title names no person: "CalendarEvent").
_THING = stem_set("product vendor company brand organization organisation merchant store shop supplier "
                  "manufacturer event project team")
_EXPLAINS = stem_set("explanation reasoning rationale justification")
_GENERIC_ANSWER = stem_set("answer response reply text output message content result final explanation "
                           "reasoning feedback summary")
#: The words a place follows ("in Paris", "from FRA").
_PLACE_CUES = ("in", "at", "to", "for", "from", "near", "into", "via")
_GREETINGS = frozenset("hi hello hey howdy greetings hola bonjour hallo ciao olá".split())
#: A few everyday words of some languages, for a triage agent that routes by the request's language.
_LANGUAGES = {language: frozenset(text.split()) for language, text in {
    "english": "hello hi thanks thank how are you what what's which where who is the of to and in it please good my i",
    "spanish": "hola gracias cómo como estás está qué por favor buenos días dónde quiero necesito mi",
    "french": "bonjour merci comment ça va je vous est où voudrais plaît bonsoir suis mon",
    "german": "hallo danke wie geht ich bitte ist nicht guten tag mein und",
    "italian": "ciao grazie come stai sono per favore buongiorno vorrei mio",
    "portuguese": "olá obrigado obrigada você tudo bem bom dia quero meu",
}.items()}
#: Words that open an order to the model ("Never reveal...", "If asked..."), not a fact it may tell.
_ORDERS = frozenset("always never do don't if when you your use call reply answer respond be keep please only".split())
#: Words that open a list's sentences ("First, ...", "Second thing: ...").
_ORDINALS = frozenset("first second third fourth fifth next last finally".split())
#: Capitalised words that are never a person's name.
_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april "
                      "may june july august september october november december today tomorrow".split())
#: Verbs a question uses to point back at the conversation ("which serial did I give you?"): not its topic.
_SAYING = stem_set("give gave tell told say said mention mentioned share shared remind remember ask asked")
#: Words before the thing a question asks about: "my favourite colour" asks about a colour.
_QUALIFIERS = stem_set("favorite favourite new current usual main preferred")
#: Words that mark a statement as correcting an earlier one: the newer value wins.
_CORRECTION = frozenset("actually sorry instead moved switched changed correction not anymore".split())
#: Verbs of tools that change something: a question ("what is the ticket number?") never calls them.
_CHANGES = stem_set("create delete remove update send cancel book open make set post submit place buy "
                    "pay reset write refund")
#: Verbs that open many tool names: "check" alone does not ask for check_warranty, "warranty" does.
_VERBS = stem_set("get check run look lookup create make find search fetch update send list set do add "
                  "delete remove open show read write call use compute calculate")
_PRONOUNS = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
             "i've": "you've", "i'd": "you'd", "i'll": "you'll"}
#: The same for a statement opening with "we" ("We land at 7am"); else "we" may hold the model ("before we start").
_WE = {"we": "you", "our": "your", "we're": "you're", "we've": "you've", "we'll": "you'll", "we'd": "you'd"}
#: Phrases a question asks with, and the word they mean.
_PHRASES = {"for a living": "job", "get in touch": "contact", "how old": "age", "who am i": "name",
            "call me": "name", "who are we": "name", "what am i called": "name", "can you do": "skill",
            "ask for": "want"}
#: The answer to a request the offline model cannot carry out ("Write a haiku", "Translate this").
_CANNOT = "I can't do that: I can only answer from what I was sent (the conversation, my instructions and tools)."
#: Languages instructions may ask to translate into ("You translate the user's message to Spanish").
_LANGUAGE_NAMES = {*_LANGUAGES, *"japanese chinese dutch russian arabic korean hindi polish turkish greek swedish".split()}


@dataclass
class Tool:
    """A function tool the request offers: the stems of its name (``name_stems``), and those of its name, its
    description and what the instructions say next to its name (``stems``: "lookup_order for order numbers")."""

    name: str
    parameters: dict[str, Any]
    name_stems: frozenset[str]
    stems: frozenset[str]
    handoff: bool

    @classmethod
    def read(cls, tool: Mapping[str, Any], instructions: str) -> Tool:
        name = str(tool.get("name", ""))
        hints = [s[s.find(name) + len(name):][:60].split(",")[0] for s in sentences(instructions) if name in s]
        parameters = tool.get("parameters") if isinstance(tool.get("parameters"), dict) else {}
        name_stems = frozenset(words(name.replace("_", " ")))
        stems = frozenset(words(f"{tool.get('description') or ''} {' '.join(hints)}")) | name_stems
        return cls(name, parameters, name_stems, stems, name.startswith("transfer_to_"))


@dataclass
class Request:
    """One request as the model reads it: ``body``, ``items``, the ``instructions`` (with the system and
    developer messages), the ``conversation`` (the other items) and the function ``tools`` offered."""

    body: Mapping[str, Any]
    items: list[dict[str, Any]]
    instructions: str = ""
    conversation: list[dict[str, Any]] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)

    @classmethod
    def read(cls, body: Mapping[str, Any], items: Sequence[Mapping[str, Any]]) -> Request:
        instructions, conversation = [str(body.get("instructions") or "")], []
        for item in items:
            if item_type(item) == "message" and item.get("role") in ("system", "developer"):
                instructions.append(plain_text(item.get("content")))
            else:
                conversation.append(dict(item))
        text = "\n".join(instructions).strip()
        tools = [Tool.read(t, text) for t in body.get("tools") or []
                 if isinstance(t, Mapping) and t.get("type") == "function"]
        return cls(body, [dict(i) for i in items], text, conversation, tools)

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
        """The latest user message, markup tags read through; of a message carrying data (an agent called as
        a tool with structured input), that data as ``key: value`` lines."""
        text = MARKUP.sub("", self.raw_message)[:MAX_CHARS]
        return structured_input(text) or text

    @cached_property
    def this_turn(self) -> tuple[bool, bool, list[tuple[str, str, str]]]:
        """Since the latest user message: whether it handed off, whether the new agent called a tool, and
        the ``(tool, output, arguments)`` results since the model last spoke."""
        calls: dict[Any, tuple[str, str]] = {}  # call id → (name, arguments)
        handed_off = called_after = False
        results: list[tuple[str, str, str]] = []
        for item in self.conversation[self.last_user_index + 1:]:
            if item_type(item) == "function_call":
                name = str(item.get("name", ""))
                calls[item.get("call_id")] = (name, str(item.get("arguments", "")))
                called_after, handed_off = called_after or handed_off, handed_off or name.startswith("transfer_to_")
            elif item_type(item) == "message":
                results = []
            (name, arguments), pair = calls.get(item.get("call_id"), ("the tool", "")), pair_key(item)
            if pair is not None and pair[0] == "output" and not name.startswith("transfer_to_"):
                output = item.get("output")
                results.append((name, output if isinstance(output, str) else plain_text(output), arguments))
        return handed_off, called_after, results

    @property
    def fingerprint(self) -> str:
        """A hash of what the input says (ids aside): output ids derive from it, so runs repeat."""
        said = [(item_type(i), i.get("role"), i.get("call_id"),
                 plain_text(i.get("content")) or i.get("output") or i.get("arguments")) for i in self.items]
        return hashlib.sha256(json.dumps([said], sort_keys=True, default=str).encode()).hexdigest()[:24]


class Reader:
    """Fills a schema's leaves (:class:`~memlab.offline.schema.Filler`) from the latest user message, then
    earlier statements; ``answer`` fills an answer's free text. Fields of one kind take its values in order
    (``add(a, b)``: "add 2 and 40"); ``start`` skips that many, for a second call ("in Paris and in Oslo")."""

    def __init__(self, request: Request, answer: str = "", start: int = 0, whole: str = "") -> None:
        self.request, self.answer, self.start = request, answer, start
        self.whole = whole or request.message  # free text: the whole message, when a clause of it is read
        self.texts = [request.message] + [s.text for s in reversed(request.said) if s.role != "call"]
        self.found_nothing: list[str] = []
        self.taken: dict[str, int] = {}  # values of each kind given out so far
        self.ran_out = False  # a field asked for a value past the last one of its kind

    def kind(self, name: str, description: str, format: str | None = None,
             owner: str = "") -> tuple[str, Callable[[str], list[str]] | None]:
        """What a string field holds (by its name, description, format or ``owner``), and how to find such values."""
        field_stems = frozenset(words(name.replace("_", " ")))
        about = set(words(f"{name.replace('_', ' ')} {description}"))
        sample = example.group(1).rstrip(".:") if (example := _EXAMPLE.search(description)) else ""
        if any(c.isdigit() for c in sample):
            shape = _shape(sample)
            return "example", lambda text: [t for t in tokens(text) if shape.fullmatch(t)]
        if format == "email" or "email" in about or name.lower() in ("to", "cc", "bcc", "recipient"):
            return "email", _EMAIL.findall
        if format in ("date", "date-time") or about & _WHEN:
            return "date", _DATE.findall
        if field_stems & _GENERIC_ANSWER and self.answer:
            return "answer", None
        if about & _PLACE:
            return "place", lambda text: _names_after(text, _PLACE_CUES)
        if field_stems & _ID:  # an identifier, else a number of two digits or more ("order 77")
            return "id", lambda text: identifiers(text) or [f for f in facts(text) if sum(map(str.isdigit, f)) >= 2]
        owned = set(words("".join(f" {c}" if c.isupper() else c for c in owner)))  # "CalendarEvent": calendar, event
        if field_stems & _THING or field_stems == {stem("name")} and owned and not owned & (_PERSON | _GENERIC_ANSWER):
            return "thing", lambda text: _proper_names(text, things=True)
        if field_stems & _PERSON:
            return "person", lambda text: _proper_names(text, people=True)
        if about & _FREE_TEXT:
            return "free", None
        return "other", None if self.answer else _proper_names  # a tool's "restaurant": "at Luigi's"

    def text(self, name: str, description: str, format: str | None, owner: str = "") -> str | None:
        """A tool's value for the field, the value after the field's name, a quote, or a value of its :meth:`kind`
        (of a person's name, the part a ``first_name`` or ``last_name`` asks for); an explanation is never a
        refusal ("I don't know..."): it says what the user asks."""
        field_stems = frozenset(words(name.replace("_", " ")))
        if (named := self.from_tools(name) or self.named_value(name)) is not None:
            return named
        kind, find = self.kind(name, description, format, owner)
        quoted = _QUOTED.findall(self.request.message[:MAX_CHARS])
        if kind in ("free", "thing", "other") and quoted:
            return self._take("quoted", lambda text: quoted)
        part = sorted(field_stems & stem_set("first given last family surname"))  # first_name: "John" of "John Lee"
        if find is not None:
            found = self._take(kind + "".join(part), find, name if kind in ("example", "id") else "")
            return found.split()[0 if set(part) & stem_set("first given") else -1] if found and part else found
        if kind == "free":
            return self.whole.strip()[:500] or None
        if field_stems & _EXPLAINS and self.answer.startswith(("I don't know", "I can't")):
            said = self.request.message.strip()
            return f"The user asks: {said}" + ("" if said[-1:] in ".?!" else ".")
        return self.answer or None

    def from_tools(self, name: str) -> str | None:
        """The value a tool result of this turn gives under the field's name (``temp`` for ``temperature``), newest
        first, or ``None``: what the user asks for now wins over what a tool returned for an earlier message."""
        field = words(name.replace("_", " "))
        for statement in itertools.takewhile(lambda said: said.role != "user", reversed(self.request.said)):
            key, _, value = statement.text.partition(":")
            key_words = words(key)[-len(field):] if field else []
            if statement.role == "tool" and value.strip() and key_words and (key_words == field or len(field) == 1 and (
                    len(key_words[0]) >= 4 and field[0].startswith(key_words[0]))):
                return value.strip()
        return None

    def named_value(self, name: str) -> str | None:
        """The value the latest message gives right after the field's name: "ticker AAPL", "city Paris"; for
        a second call (``start``), the next of a list there ("orders A-1 and A-2"), else ``None``."""
        names = {stem(word) for word in name.lower().split("_") if word not in STOP}  # not "to"
        for piece in sentences(self.request.message[:4000]):
            found = tokens(piece)
            for at, (word, value) in enumerate(zip(found, found[1:])):
                if stem(word.lower()) in names and (at == 0 or word.islower()) and _is_value(value):
                    more = (v for v in found[at + 2:at + 8] if v not in ("and", "or"))
                    listed = [value, *itertools.takewhile(_is_value, more)]
                    self.ran_out = self.ran_out or self.start >= len(listed)
                    return listed[min(self.start, len(listed) - 1)]
        return None

    def _take(self, kind: str, find: Callable[[str], list[str]], required: str = "") -> str | None:
        """The next value of ``kind`` in the first text that holds one; a ``required`` field finding none is noted."""
        index = self.start + self.taken.get(kind, 0)
        self.taken[kind] = self.taken.get(kind, 0) + 1
        for text in self.texts:
            found = list(dict.fromkeys(find(text)))
            if found:
                self.ran_out = self.ran_out or index >= len(found) or index > 0 and text is not self.texts[0]
                return found[min(index, len(found) - 1)]
        if required:
            self.found_nothing.append(required)
        return None

    def number(self, name: str, description: str) -> float | None:
        """A tool's value for the field, a number next to the field's name or unit ("Total 13.50", "45 minutes"),
        else the next number the turn's latest tool result, then the latest message, gives (numbers inside an id
        such as ``ORD-7`` are not; "between 0 and 250" is one request, not one per number)."""
        results = [output for _, output, _ in self.request.this_turn[2]][-1:]
        if self.start and "between" in self.request.message.lower():
            self.ran_out = True
        text = _THOUSANDS.sub("", " ".join([self.from_tools(name) or "", *results, self.request.message]))
        found = [t for t in (t.lstrip("£$€#+") for t in tokens(text)) if _NUMBER.fullmatch(t)]  # "€1,250.00": one
        marks, said = set(words(name.replace("_", " "))), words(text)  # said: no stop word ("total of 13.50")
        named = [w for side in (-1, 1) for at, w in enumerate(said) if not (self.start or results)  # "Total 13.50",
                 and _NUMBER.fullmatch(w) and 0 <= at + side < len(said) and said[at + side] in marks]  # "45 minutes"
        index = self.start + self.taken.get("number", 0)
        self.taken["number"] = self.taken.get("number", 0) + 1
        if found and marks & _UPPER:  # "max": the top of "between 0 and 250"
            found, index = [max(found, key=float)], 0
        elif named or self.from_tools(name):  # the tool's value (first), or the one the field's name is next to
            found, index = named[:1] or found[:1], 0
        self.ran_out = self.ran_out or index >= len(found)
        value = float(found[index]) if index < len(found) else None
        return int(value) if value is not None and value.is_integer() and abs(value) < 2**53 else value

    def boolean(self, name: str, description: str) -> bool:
        """Whether the latest message says the field's name, unless negated ("not yet paid", "unpaid"), or a related
        word (``is_math_homework``: "solve"); for a field named like ``response``, what the instructions ask about."""
        marks = frozenset(words(name.replace("_", " "))) - {stem("is"), stem("has")}
        if marks and marks <= _GENERIC_ANSWER:  # output_type=bool: "Is the user asking about the weather?"
            marks = frozenset(words(self.request.instructions[:300])) - _SAYING - stem_set("user message request")
        found = [t.lower() for t in tokens(self.request.message)]
        for at, word in enumerate(found):
            unsaid = word[:2] == "un" and stem(word[2:]) in marks
            if stem(word) in marks or unsaid:
                return not unsaid and not any(w in ("not", "no", "never", "without") or w.endswith("n't")
                                              for w in found[max(0, at - 2):at])
        return bool(marks & related(set(words(self.request.message))))

    def choice(self, name: str, description: str, options: Sequence[Any]) -> Any:
        """The first option the conversation names, else the language the message is in, else a "none of these"
        option ("neutral", "other"), else the first."""
        named = self.named_option(options)
        spoken = [o for o in options if str(o).lower() == _language(self.request.message)]  # "Bonjour, je...": french
        neutral = [o for o in options if str(o).lower() in ("neutral", "other", "none", "unknown", "mixed")]
        return named if named is not None else (spoken or neutral or options)[0]

    def named_option(self, options: Sequence[Any]) -> Any:
        """The first option the conversation names or abbreviates (``EUR`` for "euros"), or ``None``."""
        said = set(words(self.request.message)) | {s for st in self.request.said for s in st.stems}
        said |= {code for sign, code in (("€", "eur"), ("£", "gbp"), ("$", "usd")) if sign in self.request.message}
        for option in options:
            if isinstance(option, str) and (set(words(option.replace("_", " "))) & said or len(option) >= 3
                                            and any(word.startswith(option.lower()) for word in said)):
                return option
        near = related(said)  # then a related word: "crashes" names "technical", "charged" "billing"
        return next((o for o in options if isinstance(o, str) and set(words(o.replace("_", " "))) & near), None)

    def many(self, name: str, description: str) -> list[str]:
        """The list after the field's name ("dependencies: fastapi, uvicorn"), else every value of its kind."""
        message = self.request.message[:4000]
        at = message.lower().find(name.lower().replace("_", " "))
        clause = message[at + len(name):].lstrip(" :") if at >= 0 else ""
        clause = clause.split("\n")[0].split(". ")[0].split(";")[0]
        listed = [item.strip(" .'\"") for part in clause.split(",") for item in part.split(" and ")]
        if len(listed) >= 2 and all(0 < len(item.split()) <= 4 for item in listed):
            return listed[:20]
        kind, find = self.kind(name, description)
        if find is None:  # a list the instructions name: "List the cities mentioned."
            kind, find = Reader(self.request).kind(self.request.instructions[:300], "")
        return list(dict.fromkeys(find(message)))[:20] if find is not None else []


def _is_value(token: str) -> bool:
    """Whether a token after a field's name is its value: a code, a number or a name (not "Baker Street")."""
    return token.isupper() or any(c.isdigit() for c in token) or token.istitle()


def _shape(example: str) -> re.Pattern[str]:
    """A pattern for tokens shaped like ``example``: ``ORD-12345`` → letters "ORD", a dash, digits."""
    prefix, dash, rest = example.partition("-")
    if dash and any(c.isascii() and c.isalpha() for c in rest) and any(c.isdecimal() for c in rest):
        return re.compile(re.escape(prefix) + r"-[A-Za-z0-9]+")  # a serial (SN-AB12CD34): any mix after "SN-"
    coded = any(c.isdigit() for c in example.split("-")[-1])  # "ORD-12345": keep "ORD" as written
    return re.compile("".join(r"\d+" if piece.isdigit() else "[A-Za-z]+" if piece.isalpha() and not (
        coded and piece.isupper() and len(piece) <= 4) else re.escape(piece)
        for piece in re.findall(r"[A-Za-z]+|\d+|.", example)))


def _names_after(text: str, cues: tuple[str, ...]) -> list[str]:
    """The capitalised words after one of ``cues``, and a list that goes on ("in Paris, Oslo and Rome")."""
    found, names = tokens(text), []
    for at in range(1, len(found)):
        before = found[at - 1].lower()
        listed = found[at - 1] in names or (before in ("and", "or") and at >= 2 and found[at - 2] in names)
        if found[at][:1].isupper() and (before in cues or listed):
            names.append(found[at])
    return names


def _proper_names(text: str, people: bool = False, things: bool = False) -> list[str]:
    """Capitalised words, runs joined ("Dana Lee"), never a month, a quote or a verb opening a sentence ("Book
    Sarah Lee..."); for ``people``, those after "I'm" first, none after "in"; for ``things``, none listed with
    another ("Alice and Bob") or after "in"/"to", else the words after "a"/"the" ("a science fair on Friday")."""
    if people and (named := _names_after(text, ("i'm", "im", "is", "me", "am", "called", "named"))):
        return named
    out: list[str] = []
    phrases: list[str] = []  # what follows "a" or "the"
    for piece in sentences(_QUOTED.sub(" ", text[:2000])):
        found, runs = tokens(piece.replace(",", " and ")), []  # runs: [first, last] token of each name
        for at, word in enumerate(found):
            low, before = word.lower(), found[at - 1].lower() if at else ""
            after = found[at + 1] if at + 1 < len(found) else ""
            if things and before in ("a", "an", "the") and low not in STOP:
                phrases.append(" ".join(itertools.takewhile(lambda w: w.lower() not in STOP, found[at:at + 3])))
            if (not word[:1].isupper() or low in _CALENDAR or people and before in _PLACE_CUES
                    or things and before in ("in", "to", "into", "near", "via")
                    or at == 0 and not (after.lower() in ("and", "or") or after[:1].isupper())
                    or low in STOP or low in _ASKING or stem(low) in _VERBS | _CHANGES):
                continue
            if runs and runs[-1][1] == at - 1:
                runs[-1][1] = at  # "Dana Lee", "Mary Ann Smith"
            else:
                runs.append([at, at])
        listed = {k + i for k, ((_, end), (start, _)) in enumerate(zip(runs, runs[1:])) for i in (0, 1)
                  if start == end + 2 and found[end + 1].lower() in ("and", "or")}  # "Alice, Bob and Chen"
        out += [" ".join(found[start:end + 1]) for k, (start, end) in enumerate(runs) if not (things and k in listed)]
    return out or phrases


def _language(text: str) -> str | None:
    """The language of :data:`_LANGUAGES` whose everyday words ``text`` uses most (two or more, more than any other)."""
    said = [t.lower() for t in tokens(text[:400])]
    (low, _), (high, best) = sorted((sum(t in known for t in said), name) for name, known in _LANGUAGES.items())[-2:]
    return best if high >= 2 and low < high else None


def _is_question(text: str) -> bool:
    """Whether ``text`` asks for something: a question, or a request ("Tell me about...", "Explain...")."""
    first = (tokens(text[:200]) or [""])[0].lower().replace("’", "'")
    return text.rstrip().endswith("?") or first.split("'")[0] in _ASKING  # "what's" opens with "what"


def _only_asks(message: str) -> bool:
    """Whether a message asks to know, not to act: a question without "please", "can you"..."""
    cues = ("please", "can you", "could you", "would you", "i'd like you to", "i want you to", "remind me to")
    return _is_question(message) and not any(cue in message.lower() for cue in cues)


def _lower_tokens(message: str) -> list[str]:
    return [t.lower().replace("’", "'") for t in tokens(message[:400])]


def _about_user(message: str) -> bool:
    """Whether a question asks about the user ("what's my order number?", "where do we live?")."""
    return bool(set(_lower_tokens(message)) & {"my", "our", "i", "we", "i'm", "we're", "am"})


def _recalls(message: str) -> bool:
    """Whether a wh-question asks for what the user said ("What's my order number?", not "How do I...")."""
    said = _lower_tokens(message)
    wh = bool(said) and said[0] in ("what", "what's", "which", "who", "whom", "whose", "where", "when", "how")
    how_to = said[:1] == ["how"] and said[1:2] in (["do"], ["can"], ["should"], ["could"])  # "How do I reset..."
    back = bool({"my", "our"} & set(said)) or bool({"did", "was", "were", "had"} & set(said)) and _about_user(message)
    return wh and back and not how_to and not facts(message)


def _owned(message: str) -> str | None:
    """The stem of the thing after "my"/"our" in a question ("what's my dog called?" → ``dog``), if any."""
    found = [t.lower() for t in tokens(message[:400])]
    for before, word, after in zip(found, found[1:], [*found[2:], ""]):
        word = after if stem(word) in _QUALIFIERS and after and after not in STOP and stem(after) not in _ID else word
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
    """The content stems (at most 64) of a message's last question ("do for a living" gives ``job``)."""
    asked = [piece for piece in sentences(message) if piece.rstrip().endswith("?")]
    message = asked[-1] if asked else message
    extra = [stem(word) for phrase, word in _PHRASES.items() if phrase in message[:2000].lower()]
    topic = [s for s in words(message) if s not in _GENERIC_ANSWER and s not in _SAYING]
    return list(dict.fromkeys([*extra, *topic]))[:64]


def _fits(tool: Tool, request: Request) -> int:
    """1 for each required parameter the latest message gives a value for (3 for an email or "ticker AAPL"),
    0 unless it gives one for each."""
    properties = tool.parameters.get("properties") or {}
    reader, score = Reader(request), 0
    for name in [n for n in tool.parameters.get("required") or () if isinstance(properties.get(n), Mapping)]:
        field, named = properties[name], reader.named_value(name)
        kind, find = reader.kind(name, str(field.get("description") or ""), field.get("format"))
        if isinstance(field.get("enum"), list):
            found = reader.named_option(field["enum"]) is not None
        elif field.get("type") in ("number", "integer"):
            found = reader.number(name, "") is not None
        else:
            found = named is not None or find is not None and bool(find(request.message))
        if not found:
            return 0
        score += 3 if kind == "email" or named else 1  # "dana@x.com", "ticker AAPL"
    return score


def _choose_tools(request: Request) -> list[Tool]:
    """The tools the latest user message asks for, best first (else the best one, if ``tool_choice`` or the
    instructions demand one). A tool scores 3 for each word said (or related: "plus" for ``add``) that only
    its name has, 1 for each other word of its description said, and :func:`_fits` for its parameters."""
    choice = request.body.get("tool_choice")
    tools = [t for t in request.tools if not (t.handoff and request.this_turn[0])]
    if isinstance(choice, Mapping):
        return [t for t in tools if t.name == choice.get("name")][:1]
    if _only_asks(request.message):  # a question asks to know, not to change: it never opens or deletes
        tools = [t for t in tools
                 if t.handoff or stem(t.name.replace("-", "_").split("_")[0].lower()) not in _CHANGES]
    if not tools or choice == "none":
        return []
    found = [t.lower() for t in tokens(request.message)]  # its stems, and adjacent words joined ("look up")
    message = set(words(request.message)) | {stem(a + b) for a, b in zip(found, found[1:])}
    near = related(message) - message
    spoken = _language(request.message)  # "Hola, ¿cómo estás?" is in Spanish
    if spoken and not message & {stem(language) for language in _LANGUAGES}:
        message = message | {stem(spoken)}
    shared = {s for t in tools for s in t.name_stems if sum(s in u.name_stems for u in tools) > 1}
    scored = []
    for tool in tools:
        own = tool.name_stems - shared - _VERBS or tool.name_stems - shared  # "add" alone names its tool
        fits = _fits(tool, request)
        everything_given = fits or not tool.parameters.get("required")  # then a related word names it too
        distinct = len(own & (message | near if everything_given else message))
        scored.append((3 * distinct + len(tool.stems & message - own) + fits, distinct, tool))
    scored.sort(key=lambda entry: entry[0], reverse=True)
    picked = [tool for score, distinct, tool in scored if distinct and score >= 3]
    (top_score, _, top), runner_up = scored[0], (scored[1][0] if len(scored) > 1 else 0)
    # a triage agent routes on the one desk whose description fits best
    required = top.parameters.get("required") or ()  # "Pass the text you get to shout": the text is its input
    named = len(tools) == 1 and top.name in request.instructions and len(words(request.message)) > 1 and bool(
        required) and all(Reader(request).kind(n, "")[0] == "free" for n in required)
    if not picked and (top_score >= 3 or top.handoff and top_score > runner_up or choice == "required" or named or any(
            "always" in s.lower() and ("tool" in s.lower() or "call" in s.lower())
            for s in sentences(request.instructions))):
        picked = [top]
    if not picked and _only_asks(request.message) and not _recalls(request.message):
        picked = [t for t in tools if _takes_a_query(t)][:1]  # "How do I...?" for search_docs(query)
    return picked[:4]


def _clause_for(tool: Tool, request: Request) -> Request:
    """The request as ``tool`` reads it when several tools are called: the latest message cut to the clause that
    names the tool best ("Get the price of AAPL, and also convert 100 USD to EUR": "convert 100 USD to EUR")."""
    clauses = [c for c in re.split(r",? and also |; |\. |, then |, and (?=[a-z]+ )", request.message[:4000]) if c.strip()]
    if len(clauses) < 2:
        return request
    best = max(clauses, key=lambda c: len(tool.stems & set(words(c))) + len(tool.stems & related(set(words(c)))))
    items = request.conversation[:request.last_user_index] + [{"role": "user", "content": best}]
    return Request.read({**request.body, "instructions": request.instructions}, items)


def _takes_a_query(tool: Tool) -> bool:
    """Whether a tool takes one thing, a free text (``query``, ``question``): a search a question can be sent to."""
    required = tool.parameters.get("required") or []
    return len(required) == 1 and bool(frozenset(words(required[0].replace("_", " "))) & _FREE_TEXT)


def _answered_by_conversation(request: Request, question: str = "") -> tuple[int, Statement] | None:
    """``(coverage, statement)`` of the statement, tool result or note that answers the latest question
    (or ``question``): it names the thing asked about and two (or half) of the question's words."""
    question = question or request.message
    topic = _topic(question)
    if not topic:
        return None
    wants_id = bool(set(topic) & _ID)
    asking = (sentences(request.message) or [""])[-1]
    # The thing asked about must be there: "the ticket number" (the word before "number"), "my dog".
    head = next((a for a, b in zip(topic, topic[1:]) if b in _ID), None) or _owned(question)
    named = bool(head) and wants_id  # "the serial number": a statement that names it and holds a value
    roles = ("user", "note", "tool")
    candidates = request.memory.matches(topic, roles=roles)
    if named:  # an identifier that abbreviates the thing ("ORD-1" for "order") answers too
        candidates += [(0.0, s) for s in request.said
                       if s.role in roles and any(_abbreviates(i, head) for i in s.identifiers)]
    found, ids = [], {i.lower() for i in identifiers(question)}
    for score, statement in candidates:
        if statement.text.rstrip().endswith("?") or statement.role == "user" and statement.text == asking:
            continue  # the question itself, or another question
        if ids and not ids & {i.lower() for i in statement.identifiers}:
            continue  # "Is ORD-2 delivered?" is not answered by what was said of ORD-1
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


@functools.lru_cache(maxsize=64)  # the same instructions come with every request of a conversation
def _told(instructions: str) -> tuple[tuple[str, str, frozenset[str], frozenset[str]], ...]:
    """What the instructions tell: ``(label, text, label stems, text stems)`` of each ``Label: text`` line, and of
    each sentence of a line without a label that states a fact ("Refunds take 5-7 days."), not an order."""
    told = []
    for line in instructions.splitlines():
        label, _, advice = line.strip().lstrip("-*• ").strip().partition(":")
        if len(label.split()) > 6 or advice[:1].isdigit():  # no label: "...until 10:30", "If asked: ..."
            label, advice = "", ""
        told += [(label, advice.strip())] if advice.strip() else [
            entry for said in sentences(line) if (entry := _as_told(said, "user" in line.lower())) is not None]
    return tuple((label, text, frozenset(words(label)), frozenset(words(text))) for label, text in told)


def _as_told(said: str, of_user: bool) -> tuple[str, str] | None:
    """A sentence of instructions as the model may tell it, and its label: what the assistant is or can do, in its
    own words ("You are Bob, ..." → ``("name", "I'm Bob, ...")``, "You can ..." → ``("skill", "I can ...")``), a
    fact ("Refunds take 5 days."; of the user, to them: "The user's plan is Pro." → "Your plan is Pro."), no order."""
    first, _, rest = said.partition(" ")
    if first == "You" and (rest[:4] == "can " or rest[:4] == "are " and rest[4:5].isupper()):
        return ("skill", "I " + rest) if rest[:4] == "can " else ("name", "I'm " + rest[4:])
    lead = first.lower()
    if lead in _ORDERS or _is_question(said) or not facts(said) and lead not in ("our", "we", "the", "they"):
        return None
    for them, you in (("The user's ", "Your "), ("The user is ", "You are "), ("They ", "You ")):
        if said.startswith(them) and of_user:
            return "", you + said[len(them):]
    return "", said


def _from_instructions(request: Request) -> tuple[int, str] | None:
    """``(coverage, text)`` of what the instructions tell (:func:`_told`) that the latest message asks for."""
    topic = _topic(request.message)
    message = set(topic)
    asks = _is_question(request.message)
    wants_fact, addressed = asks and bool(message & _ID), asks and {"you", "your"} & set(_lower_tokens(request.message))
    given = " ".join(plain_text(i.get("content")) for i in request.conversation
                     if i.get("role") == "assistant").lower()  # what the model already said
    found = []
    for label, advice, label_stems, advice_stems in _told(request.instructions):
        if wants_fact and not facts(advice) or advice[:80].lower() in given:
            continue
        if label in ("name", "skill") and not addressed or not label and advice.startswith("You") and not asks:
            continue  # the assistant's persona answers questions to it; what the user is, the user's questions
        if len(label_stems & message) < min(2, len(label_stems)):
            continue  # "Second SSD slot" is not asked for by "15 seconds"
        score = 2 * len(label_stems & message) + len(advice_stems & message - label_stems)
        covered = _covered(topic, label_stems | advice_stems)
        if score >= 2 or not label and covered and covered * 2 >= len(topic):
            found.append(((covered, score), advice))
    best = max(found, key=lambda entry: entry[0], default=None)  # the first of equals
    return (best[0][0], best[1][0].upper() + best[1][1:]) if best else None


def _swap(text: str) -> str:
    """``text`` in the second person: "I was in Lisbon" → "you were in Lisbon", "We..." → "you..." ("let me" stays)."""
    pieces = re.split(r"([^\w'’]+)", text)
    ours = _WE if pieces[0].lower() in _WE else {}
    out = []
    for i, piece in enumerate(pieces):
        low = piece.lower()
        before = pieces[i - 2].lower() if i >= 2 else ""
        if low in ("was", "am") and before == "i":
            out.append("were" if low == "was" else "are")
        elif low == "me" and before == "let":
            out.append(piece)
        else:
            out.append(_PRONOUNS.get(low) or ours.get(low) or piece)
    return "".join(out)


def _retold(text: str) -> str:
    """What the user said, told back: no "Hi, " or "remember that", in the second person, lower case first; "call
    me Sam" is "your name is Sam"."""
    for preamble in ("hi, ", "hello, ", "hey, ", "please remember that ", "remember that ", "note that ",
                     "just so you know, ", "for the record, "):
        if text.lower().startswith(preamble) and len(text) > len(preamble):
            text = text[len(preamble):]
            break
    named = text.lower().find("call me ")  # "Actually, just call me Sam"
    if named >= 0 and all(t.lower() in STOP | _CORRECTION for t in tokens(text[:named])):
        text = "my name is " + text[named + len("call me "):]
    first = (tokens(text[:100]) or [""])[0].lower()
    if first in STOP or first in _ASKING or first in _ORDINALS or first in _CORRECTION or stem(first) in _VERBS:
        text = text[:1].lower() + text[1:]
    return _swap(text)


def restate(statement: Statement) -> str:
    """An answer that restates what was said, in the listener's words."""
    text = statement.text.rstrip(" .!")
    if ", not " in text:  # a correction: say the new value only ("I'm Rob, not Bob" → "I'm Rob")
        before, _, after = text.partition(", not ")
        rest = after.split(",", 1)
        text = before + ("," + rest[1] if len(rest) > 1 else "")
    if statement.role == "user":
        first, _, rest = text.partition(" ")
        return f"You asked me to {_swap(rest)}." if first.lower() == "please" else f"You told me: {_retold(text)}."
    if statement.role == "tool":
        return f"{statement.tool or 'A tool'} reported {text}."
    return f"From my notes: {text}."


def _details(request: Request, found: Statement) -> str:
    """The user's statements from the first to the last about what a question asks the details of ("remind me of
    the details of my trip": the trip, then its budget, then who comes), told back; else ``found`` restated."""
    topic = [one for one in _topic(request.message) if one != stem("details")]
    told = [s for s in request.said if s.role == "user" and not s.text.rstrip().endswith("?")]
    about = [s for s in told if _covered(topic, s.stems)] if found.role == "user" else []
    span = [_retold(s.text).rstrip(".!") for s in told if about and about[0].order <= s.order <= about[-1].order]
    return f"You told me: {'; '.join(span)}." if len(span) > 1 else restate(found)


def _report(results: Sequence[tuple[str, str, str]]) -> str:
    """What the tools returned, one sentence each; a tool called more than once says for what."""
    lines = []
    names = [name for name, _, _ in results]
    for name, output, arguments in results:
        if names.count(name) > 1:  # "get_price (ticker: AAPL) returned: 231.50 USD"
            name = f"{name} ({'; '.join(result_lines(arguments))})"
        data = structured(output)
        if isinstance(data, dict) and "error" in data:
            lines.append(f"I couldn't complete {name}: {str(data['error'])[:300]}.")
        elif isinstance(data, (dict, list)):
            found = [fact if len(fact) <= 90 else fact[:87] + "…"
                     for fact in result_lines(json.dumps(data, ensure_ascii=False, default=str))]
            more = " (and more)" if len(found) > 8 else ""
            lines.append(f"{name} returned {'; '.join(found[:8]).rstrip('.')}{more}.")
        else:
            text = output.strip()
            end = "…" if len(text) > 600 else "" if text[-1:] in ".!?" else "."  # never run into the next one
            lines.append(f"{name} returned: {text[:600]}{end}" if text else f"{name} returned nothing.")
    return " ".join(lines)


def compose(request: Request, missing: Sequence[str] = ()) -> str:
    """The text the model answers with when it calls no tool: the newest tool results, a greeting back,
    a request for what a tool needs, an answer from the conversation or the instructions, or an echo."""
    if request.this_turn[2]:
        return _report(request.this_turn[2])
    said = request.message.strip()
    if request.last_user_index < 0 or not said:
        return "Your message was empty. What would you like to ask or tell me?"
    if structured_input(request.raw_message) and not missing:  # data for the instructions' task: a fact, or no
        known = _from_instructions(request)
        return known[1] if known is not None else _CANNOT
    if any({stem("translate"), stem("rewrite")} & set(words(line)) and set(_lower_tokens(line)) & _LANGUAGE_NAMES
           for line in sentences(request.instructions[:2000])):  # "Translate the user's message to Spanish"
        return "I can't translate offline: I can only answer from what I was sent."
    said_tokens = {t.lower() for t in tokens(said[:400])}
    question = _is_question(said)
    how_are_you = any(ask in said.lower() for ask in ("how are you", "cómo estás", "ça va", "wie geht", "come stai"))
    greets = said_tokens & _GREETINGS or said.lower().startswith(("good morning", "good afternoon", "good evening"))
    if len(said) < 40 and greets and (not question or how_are_you):
        return "Hello! What can I help you with?"
    if said_tokens & {"thanks", "thank", "cheers", "bye", "goodbye"} and len(set(words(said))) <= 4 and not question:
        return "You're welcome! Is there anything else I can help with?"
    helped = re.match(r"(?:can|could|would) you (?:please )?(?:help|assist)(?: me)?(?: (?:with|on) (.+?))?[?.!]*$",
                      said, re.I)
    if helped and not missing:  # "Can you help with my invoice?": yes, and what is needed to
        return f"I can try: what would you like me to do{' about ' + _swap(helped.group(1)) if helped.group(1) else ''}?"
    if missing:
        wanted = missing[0].replace("_", " ")
        if question:
            return f"I don't know the {wanted}: it isn't in the conversation I can see. Could you give it to me?"
        return f"I can do that once I have the {wanted}. Could you give it to me?"
    offered = _OPTIONS.search(request.instructions[:2000])
    if offered:  # "Reply with one word: positive or negative": one of them, by the words said
        return Reader(request).choice("", "", [o for o in re.split(r",\s*|\s+or\s+", offered.group(1)) if o])
    known = _from_instructions(request)  # a question about what the user said: only what the instructions say of them
    known = None if question and _recalls(said) and known and not known[1].startswith("You") else known
    now = max((s.turn for s in request.said), default=0)
    asked = [s.text for s in request.said if s.role == "user" and s.turn < now and s.text.rstrip().endswith("?")]
    if question and asked and not _topic(said) and stem("ask") in words(said):  # "What did I just ask you?"
        return f'You asked: "{asked[-1]}"'
    parts = re.split(r",? and (?=(?:what|when|where|which|who|how)\b)", said[:2000], flags=re.I)
    answers = [_answered_by_conversation(request, part) for part in parts] if question and len(parts) > 1 else []
    if answers and all(answers):  # "When is my race and what's my goal time?": each question in turn
        return " ".join(dict.fromkeys(restate(found[1]) for found in answers if found))
    if question:
        found = _answered_by_conversation(request)
        if found is not None and (known is None or found[0] >= known[0] and "your" not in said_tokens):
            later = [s for s in request.said if s.order > found[1].order and s.role == "user"][:1]
            then = {t.lower() for t in tokens(later[0].text[:300])} if later else set()
            if found[1].role == "user" and then & _CORRECTION and (then & {"it", "that", "this", "they"}
                                                                   or _covered(_topic(said), later[0].stems)):
                return f"{restate(found[1])[:-1]}, and then: {_retold(later[0].text).rstrip('.!')}."  # "Actually..."
            return _details(request, found[1]) if said_tokens & {"details", "everything"} else restate(found[1])
        if any(answers):
            return " ".join(dict.fromkeys(restate(found[1]) for found in answers if found))
        if known is not None:
            return known[1]
        if _recalls(said):
            return "I don't know: it isn't in the conversation I can see. Could you tell me again?"
        asked = [piece for piece in sentences(said) if piece.rstrip().endswith("?")] or [said]
        if (tokens(asked[-1][:40]) or [""])[0].lower() not in _WH_WORDS and not _about_user(said):
            return _CANNOT  # "Write a haiku..."
        return ("I don't know: nothing in this conversation or in my instructions says, "
                "and I can only answer from what I was sent.")
    echo = _retold(said if len(said) <= 160 else said[:160].rsplit(" ", 1)[0] + " …").rstrip(".!")
    if echo.startswith("please "):
        echo = "I will " + echo[len("please "):]
    if said_tokens & (notes.SOLVED | {"fine", "done"}) or "all good" in said.lower():
        return f"Good to hear: {echo}. Is there anything else I can help with?"
    if known is None and stem((tokens(request.instructions[:100]) or [""])[0].lower()) in _MAKES:
        return _CANNOT  # "Generate a story outline from the user's input": the message is material, not news
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
    form = request.body.get("text")
    form = form.get("format") if isinstance(form, Mapping) else None
    kind = form.get("type") if isinstance(form, Mapping) else None
    # a summary prompt, or instructions naming JSON keys for a conversation (a handover, an extraction)
    keyed = kind != "json_schema" and len(request.said) > 2 and notes.asks_for_keys(instructions)
    summary_prompt = instructions if asks_for_summary(instructions) or keyed else None
    if summary_prompt is None and asks_for_summary(message) and len(request.said) > 1:
        summary_prompt = message
    if summary_prompt is not None and request.said:
        material = [s for s in request.said
                    if not (s.role == "user" and s.text in message and summary_prompt is message)]
        note = notes.write_note(material or request.said, notes.read_prompt(summary_prompt))
        return [message_item(note, fingerprint)]
    missing: list[str] = []
    handed_off, called_after_handoff, results = request.this_turn
    if not results or handed_off and not called_after_handoff:
        answered = _only_asks(message) and _answered_by_conversation(request) is not None
        calls: list[dict[str, Any]] = []
        may_ask = request.body.get("tool_choice") in (None, "auto")  # it may ask for what is missing
        chosen = [] if answered else _choose_tools(request)
        for number, tool in enumerate(chosen):
            schema = tool.parameters or {"type": "object", "properties": {}}
            asked = _clause_for(tool, request) if len(chosen) > 1 else request
            # one call per value when the tool takes one and the message gives several ("Paris and Oslo")
            for start in range(4 if len(schema.get("required") or ()) == 1 else 1):
                reader = Reader(asked, start=start, whole=request.message)
                arguments = instance(schema, reader, only_found=True)
                if start and (reader.ran_out or arguments == json.loads(calls[-1]["arguments"])):
                    break
                if reader.found_nothing and may_ask and not tool.handoff:
                    missing += reader.found_nothing
                    break
                key = f"{fingerprint}_{number}" + (f"_{start}" if start else "")
                calls.append({"id": f"fc_{key}", "type": "function_call", "call_id": f"call_{key}", "name": tool.name,
                              "arguments": json.dumps(arguments, ensure_ascii=False), "status": "completed"})
        if calls:
            return calls
    text = compose(request, missing)
    if kind is None and re.search(r"\b(?:only|just) (?:a|the|one) number\b", instructions[:2000], re.I):
        number = next((t for t in tokens(text) if _NUMBER.fullmatch(t)), None)  # "Reply with only a number"
        text = text if number is None else str(int(float(number))) if float(number).is_integer() else number
    keys = notes.read_prompt(instructions).json_keys if kind == "json_object" else []  # "JSON with keys a and b"
    if kind == "json_schema" or keys:
        # free-text fields hold the answer to a question, else what the message says (not a "Noted: ...")
        answer = text if _is_question(message) else message.strip()
        schema = form.get("schema") or {} if not keys else {"properties": {key: {"type": "string"} for key in keys}}
        filled = instance(schema, Reader(request, answer), owner=str(form.get("name") or ""))  # "calendar_event"
        text = json.dumps(filled, ensure_ascii=False)
    elif kind == "json_object":
        text = json.dumps({"answer": text}, ensure_ascii=False)
    return [message_item(text, fingerprint)]


def message_item(text: str, fingerprint: str) -> dict[str, Any]:
    """An assistant message as the Responses API returns it."""
    return {"id": f"msg_{fingerprint}", "type": "message", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]}


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
