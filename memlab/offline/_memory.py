"""The offline model's short-term memory: facts people state, and questions about them.

A language model keeps nothing between calls: whatever it "remembers" about
you is text in the request it is answering. Trim that text and the memory is
gone. This module gives the offline model the same honest memory, so that a
learner can type their own facts, shrink the window and watch them disappear.

Two small tables of regular expressions do the work:

* :data:`STATEMENTS` turns a clause such as "I live in Lisbon" into a
  :class:`Fact`: a normalised key (``home``), the value as typed (``Lisbon``)
  and how to say it back ("you live in Lisbon"). Assistant messages and
  summaries that restate a fact about the user ("Nice to meet you, Ana.",
  "Customer's name: Ana") are put in the user's voice and read the same way.
* :data:`QUESTIONS` turns "Where do I live?" into a :class:`Question`: the
  keys that answer it, and what to call it if none does ("where you live").

Only the request's input is read, and the newest statement of a key wins
("actually, my name is Bea"). Not understood, on purpose: yes/no questions
("do I live in Lisbon?"), corrections that don't name their subject ("no,
it's Bea"), two facts in one clause ("I'm Ana from Lisbon"), tool outputs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..turns import item_text, item_type

__all__ = ["Fact", "Question", "STATEMENTS", "QUESTIONS", "stated_facts", "noted_facts",
           "remembered", "questions_in", "recall", "acknowledge"]


@dataclass(frozen=True)
class Fact:
    """One thing the user said about themselves.

    Attributes:
        key: What the fact is about, normalised (``"favourite colour"``).
        value: The value exactly as the user typed it (``"green"``).
        told: The fact said back to the user (``"your favourite colour is green"``).
    """

    key: str
    value: str
    told: str

    def sentence(self) -> str:
        """The fact as a reply: ``"Your favourite colour is green."``."""
        return self.told[0].upper() + self.told[1:] + "."


@dataclass(frozen=True)
class Question:
    """One thing a user asks about themselves.

    Attributes:
        keys: Fact keys that answer it, best first ("which city am I in?": ``location``, else ``home``).
        unknown: What is missing, for "I don't know ...": ``"where you live"``.
    """

    keys: tuple[str, ...]
    unknown: str


# ------------------------------------------------------------------ building blocks


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags | re.IGNORECASE)


_WORD = r"[^\W\d_]+(?:['-][^\W\d_]+)*"  # a word of letters: "wife's", "e-mail"
_NOUN = rf"(?P<noun>(?!(?:is|are|was|were)\b){_WORD}(?: (?!(?:is|are|was|were)\b){_WORD}){{0,2}})"  # 1-3 words
_CAPITALISED = r"(?-i:[A-ZÀ-Ý][^\W\d_]*(?:['-][^\W\d_]+)*)"  # "Ana", "O'Neil", "Jean-Luc"
_NOT_A_NAME = r"(?!(?:sorry|fine|good|ok|okay|here|back|done|ready|not|sure|glad|happy|tired|new)\b)"  # "I'm Sorry"
_NAME = rf"(?P<value>{_NOT_A_NAME}{_CAPITALISED}(?: {_CAPITALISED}){{0,2}})"  # "Ana", "Ana Silva"
_REST = r"(?P<value>.+)"  # everything to the end of the clause
_PLACE = r"(?P<value>.+?)(?= (?:with|since|for|because|these days|right now|at the moment)\b|$)"
#: An identifier: capitals and digits joined by hyphens, with at least one of each ("INV-2024-0042").
ID = r"(?-i:(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])\b[A-Z0-9]+(?:-[A-Z0-9]+)+)\b"
_NOT_A_NOUN = (r"(?:the|and|for|about|with|from|into|that|this|these|those|its|it's|was|were|are|is|number|"
               r"please|check|see|use|try|find|look|also|again|quote|via|under|got|have|has|had)\b")
_COUNT = r"(?P<value>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a dozen)"
_THINGS = r"(?P<stuff>(?:[a-z-]+ )?(?P<things>[a-z-]+))(?: (?:at|in|on|for|with|from|to|of)\b.*)?$"  # "old laptops at home"
_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
          r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)")
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = (rf"(?P<value>\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|{_DAY}(?: of)? {_MONTH}(?:,? \d{{4}})?"
         rf"|{_MONTH} {_DAY}(?:,? \d{{4}})?|{_MONTH} \d{{4}}|{_MONTH}|\d{{4}}"
         r"|(?:last )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b")
#: Irregular past tenses, for "I bought it on ..." / "When did I buy it?".
_PAST = {"buy": "bought", "get": "got", "pay": "paid", "send": "sent", "make": "made", "take": "took",
         "go": "went", "come": "came", "have": "had", "begin": "began", "leave": "left", "meet": "met"}
_DID = rf"(?P<verb>[a-z]+ed|{'|'.join(_PAST.values())})"
_WHAT = r"(?P<what>(?: (?:it|them|this|that|mine|(?:the|my|a|an) [a-z-]+))?)"  # "it", "my laptop"
_I_AM = r"\bi(?:'m|m| am)"  # "I'm", "im", "I am"

#: How a statement is recognised: ``(key, pattern, how to say it back)``. Key
#: and reply are filled in from the pattern's named groups; ``value`` is kept
#: verbatim. A clause gives at most one fact: the first rule that matches.
STATEMENTS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("name", _rx(rf"(?:\b(?:call me|i'm called|i am called|my name's)|^(?:hi|hello|hey)?\W*{_I_AM}) {_NAME}$"),
     "your name is {value}"),
    ("home", _rx(rf"(?:\bi (?:live|reside) in|{_I_AM} (?:living|based|located) in|\bi(?:'ve| have)? moved to) {_PLACE}"),
     "you live in {value}"),
    ("origin", _rx(rf"\bi(?:'m| am| come) from {_PLACE}"), "you're from {value}"),
    ("location", _rx(rf"{_I_AM} (?:currently |now |staying |travelling |traveling )?in {_NAME}"), "you're in {value}"),
    ("workplace", _rx(rf"\bi work (?P<at>at|for) {_PLACE}"), "you work {at} {value}"),
    ("age", _rx(rf"{_I_AM} (?P<value>\d{{1,3}})(?: years?(?: old)?)?$"), "you're {value} years old"),
    ("number of {things}", _rx(rf"\bi (?P<verb>have|own|bought|ordered|got) {_COUNT} {_THINGS}"), "you {verb} {value} {stuff}"),
    ("when {verb}", _rx(rf"\bi {_DID}{_WHAT} (?P<on>on|in) {_DATE}"), "you {verb}{what} {on} {value}"),
    ("preference", _rx(rf"\bi(?:'d| would)? (?:really |much )?prefer {_REST}"), "you prefer {value}"),
    ("dislikes", _rx(rf"\bi (?:really )?(?:(?:don't|do not|never) (?:like|enjoy)|hate|dislike|can't stand) {_REST}"),
     "you don't like {value}"),
    ("likes", _rx(rf"\bi (?:really )?(?:like|love|enjoy) {_REST}"), "you like {value}"),
    ("{noun}", _rx(rf"\bmy {_NOUN}(?P<verb>'s| is| are| was| were|:) {_REST}"), "your {noun} {verb} {value}"),
    # "invoice INV-2024-0042", "account number 884213"; "^(?=.*\d)" skips clauses without a digit, fast
    ("{noun}", _rx(rf"^(?=.*\d).*?\b(?:my )?(?P<noun>(?!{_NOT_A_NOUN})[a-z]{{3,}}(?: number| id| reference)?)"
                   rf"(?: is|:)? (?P<value>{ID})"), "your {noun} is {value}"),
    ("{noun}", _rx(rf"^(?=.*\d).*?\b(?:my )?(?P<noun>(?!{_NOT_A_NOUN})[a-z]{{3,}} (?:number|no\.?|id|#))"
                   r"(?: is|:)? (?P<value>\d{3,})\b"), "your {noun} is {value}"),
)

#: What a generic question asks about: "my <noun>", up to the end of the question.
_ASKED = (r"my (?P<noun>[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,3}?)"
          r"(?=(?: again| please| now| is| was| were| are)?\s*(?:[?.!,;]|$|and\b|or\b))")

#: How a question is recognised: ``(pattern, keys, what is unknown)``, filled
#: in from the pattern's named groups like :data:`STATEMENTS`; ``{verb}`` is
#: put in the past tense ("when did I buy it?" asks when you *bought* it).
QUESTIONS: tuple[tuple[re.Pattern[str], tuple[str, ...], str], ...] = (
    (_rx(r"\bwho am i\b|\bwhat(?:'s| is)? (?:am i|i'm) called\b|\bwhat do you call me\b"), ("name",), "your name"),
    (_rx(r"\bwhere (?:do|did i say) i live\b|\bwhere(?:'s| is) my home\b"), ("home", "location"), "where you live"),
    (_rx(r"\bwhere (?:am i|do i come|did i say i(?:'m| am| come)) from\b"), ("origin",), "where you're from"),
    (_rx(r"\bwhich (?:city|town|place) (?:am i in|am i staying in|do i live in)\b|\bwhere am i\b(?! from)"),
     ("location", "home"), "where you are"),
    (_rx(r"\bwhere do i work\b|\bwho do i work for\b"), ("workplace",), "where you work"),
    (_rx(r"\bhow old am i\b"), ("age",), "your age"),
    (_rx(r"\bhow many (?P<stuff>(?:[a-z-]+ )?(?P<things>[a-z-]+)) (?:do|did) i (?:have|own|buy|order|get)\b"),
     ("number of {things}",), "how many {stuff} you have"),
    (_rx(rf"\bwhen did i (?P<verb>[a-z]+){_WHAT}"), ("when {verb}",), "when you {verb}{what}"),
    (_rx(r"\bwhat do i prefer\b"), ("preference",), "what you prefer"),
    (_rx(r"\bwhat (?:don't i|do i not) like\b|\bwhat do i (?:dislike|hate)\b"), ("dislikes",), "what you don't like"),
    (_rx(r"\bwhat do i (?:like|love|enjoy)\b"), ("likes",), "what you like"),
    (_rx(r"\b(?:which|what) (?:ids|identifiers|references) (?:did|have) i (?:give|given|mention|mentioned)\b"),
     ("identifiers",), "which identifiers you gave me"),
    (_rx(rf"\b(?:what|when)(?:'s| is| was| are| were) {_ASKED}"), ("{noun}",), "your {noun}"),
    (_rx(rf"\bwhat did i (?:say|tell you|mention)(?: that)? {_ASKED}"), ("{noun}",), "your {noun}"),
    (_rx(rf"\b(?:do|did|can|could) you (?:still )?(?:remember|recall|know) {_ASKED}"), ("{noun}",), "your {noun}"),
    (_rx(rf"^(?:please )?(?:remind me|tell me)(?: of| what)? {_ASKED}"), ("{noun}",), "your {noun}"),
)


# ------------------------------------------------------------------ reading text

_SENTENCES = _rx(r"(?<=[.!?])\s+|\n+")
_CLAUSE_BREAK = _rx(r",\s+|;\s*|\s+(?:and|but|because)\s+")
#: A clause that opens like this asks rather than tells.
_ASKING = _rx(r"(?:what|where|who|whom|whose|which|when|why|how|is|are|am|was|were|do|does|did|can|could|"
              r"would|will|should|have|has|remind me|tell me)\b")
_FILLERS = _rx(r"(?:\s+(?:now|too|as well|by the way|btw|actually|thanks|please|though|anyway|here))+$")
_UNSURE = _rx(r"\b(?:don't|do not) know\b|\bnot sure\b")
#: A value that starts like this is a pronoun or a negation, not a fact ("my name: it isn't here").
_NOT_A_VALUE = _rx(r"(?:it|its|it's|this|that|these|those|they|them|he|she|there|here|not|no|you|what|which|who)\b")
_MAX_WORDS = 8  # a longer "value" is a description, not a fact
#: Every rule in STATEMENTS needs one of these; a clause without any is skipped unread.
_FIRST_PERSON = _rx(r"\b(?:i|i'm|im|i'd|i've|my|me)\b|\d")
#: A note without any of these says nothing about the user.
_ABOUT_USER = _rx(r"\byou|\bcustomer|\buser|\bclient|^\s*[-*\u2022]", re.MULTILINE)


def _clauses(text: str) -> Iterator[tuple[str, bool]]:
    """``(clause, is_question)`` for each clause of ``text``.

    Sentences split at ``.!?`` and new lines, clauses at commas, semicolons, "and", "but", "because".
    A clause asks if it opens with a question word ("is my name important") or ends a "?" sentence.
    """
    for sentence in _SENTENCES.split(text.replace("\u2019", "'")):
        parts = [part.strip(" .!?\"") for part in _CLAUSE_BREAK.split(sentence.strip())]
        for i, part in enumerate(parts):
            if part:
                asks = bool(_ASKING.match(part)) or (i == len(parts) - 1 and sentence.rstrip().endswith("?"))
                yield _FILLERS.sub("", part), asks


def _key(noun: str) -> str:
    """A key from a noun as typed: ``"Favorite Colors"`` → ``"favourite colour"``, ``"city"`` → ``"home"``."""
    key = " ".join(noun.lower().replace("favorite", "favourite").replace("color", "colour").split())
    key = re.sub(r" (?:no\.?|#)$", " number", key)
    key = {"city": "home", "town": "home", "hometown": "home", "e-mail": "email"}.get(key, key)
    if key.endswith("s") and not key.endswith(("ss", "us", "is")) and len(key) > 3:
        key = key[:-1]  # "laptops" and "laptop" are the same key
    return key


def _your(text: str) -> str:
    """``text`` said back to the user: "my laptop" → "your laptop"."""
    return re.sub(r"\bmy\b", "your", re.sub(r"\bI\b", "you", text), flags=re.IGNORECASE)


def _fact(key: str, told: str, groups: Mapping[str, str | None]) -> Fact | None:
    """Fill a :data:`STATEMENTS` rule from a match, or ``None`` if the value isn't one."""
    value = (groups.get("value") or "").strip(" .,;:!\"'")
    if not value or _NOT_A_VALUE.match(value) or len(value.split()) > _MAX_WORDS:
        return None
    words = {name: _your(text or "") for name, text in groups.items()}
    verb = words.get("verb", "").strip()
    words.update(value=value, verb="is" if verb in ("'s", ":") else verb)
    return Fact(_key(key.format(**words)), value, told.format(**words))


@functools.lru_cache(maxsize=4096)
def stated_facts(text: str) -> tuple[Fact, ...]:
    """The facts a user states in ``text``, oldest first (questions state nothing).

    Cached by text: a session re-sends its history on every call, and each
    message is read once, not once per call.

    >>> [f.told for f in stated_facts("Hi, my name is Ana and I live in Lisbon")]
    ['your name is Ana', 'you live in Lisbon']
    """
    facts = []
    for clause, asks in _clauses(text):
        if asks or not _FIRST_PERSON.search(clause) or _UNSURE.search(clause):
            continue
        for key, pattern, told in STATEMENTS:
            match = pattern.search(clause)
            fact = match and _fact(key, told, match.groupdict())
            if fact:
                facts.append(fact)
                break
    return tuple(facts)


_THEY = r"\b(?:the )?(?:customer|user|client)"
#: How a note about the user (an assistant message, a summary) is put in the user's voice.
_USER_VOICE: tuple[tuple[re.Pattern[str], str], ...] = (
    (_rx(rf"\byou(?:'re| are)\b|{_THEY} is\b"), "I'm"),
    (_rx(rf"\byour\b|{_THEY}'s\b"), "my"),
    (_rx(rf"{_THEY} (live|prefer|like|love|own|work)s\b"), r"I \1"),
    (_rx(rf"{_THEY} (?:has|have)\b"), "I have"),
    (_rx(rf"{_THEY} (?:doesn't|does not)\b"), "I don't"),
    (_rx(r"\byou\b"), "I"),
)
_ID = re.compile(ID)
_GREETING = _rx(rf"\bnice to meet you, {_NAME}")
_BULLET = _rx(r"^\s*[-*\u2022]\s*(?:(?P<label>[A-Za-z][A-Za-z' ]{0,30}):\s+)?")


@functools.lru_cache(maxsize=4096)
def noted_facts(text: str) -> tuple[Fact, ...]:
    """The facts about the user that a note (assistant message, summary) restates.

    A clause counts if it speaks *about the user* ("you live in Lisbon", "Customer's name: Ana",
    "Nice to meet you, Ana"): put in the user's voice, it is read as a statement. A bullet line is
    a summary quoting the customer, so it is read as the customer's own words ("- My name is Ana").

    >>> [f.told for f in noted_facts("Nice to meet you, Ana. Noted: you live in Lisbon.")]
    ['your name is Ana', 'you live in Lisbon']
    """
    if not _ABOUT_USER.search(text):
        return ()
    text = _GREETING.sub(lambda m: f"your name is {m.group('value')}", text)
    facts: list[Fact] = []
    for line in text.splitlines():
        bullet = _BULLET.match(line)
        if bullet:  # "- Name: Ana" → "my name: Ana"; "- My router is new" as written
            line = (f"my {bullet.group('label').lower()}: " if bullet.group("label") else "") + line[bullet.end():]
        for clause, _ in _clauses(line):
            if not (bullet or _ABOUT_USER.search(clause)):
                continue
            voiced = clause
            for pattern, replacement in _USER_VOICE:
                voiced = pattern.sub(replacement, voiced)
            if bullet or voiced != clause:
                facts += stated_facts(voiced)
    return tuple(facts)


def remembered(items: Sequence[Mapping[str, Any]]) -> list[Fact]:
    """Every fact about the user that ``items`` hold, oldest first.

    User messages are statements; other messages and a compaction item's text
    are notes; tool calls and outputs are not the user speaking. A last fact,
    ``identifier``, lists every id-shaped token the user typed.
    """
    facts: list[Fact] = []
    ids: dict[str, None] = {}
    for item in items:
        kind = item_type(item)
        if kind == "message" and item.get("role") == "user":
            text = item_text(item)
            facts += stated_facts(text)
            ids.update(dict.fromkeys(_ID.findall(text)))
        elif kind == "message":
            facts += noted_facts(item_text(item))
        elif kind == "compaction" and isinstance(item.get("encrypted_content"), str):
            facts += noted_facts(item["encrypted_content"])
    if ids:
        facts.append(Fact(_key("identifiers"), ", ".join(ids), "you gave me " + _join(list(ids), "and")))
    return facts


# ------------------------------------------------------------------ answering

_QUESTION_HINT = _rx(r"\b(?:my|i|am)\b")  # every question in the table has one
_STEM = _rx(r" (?:number|id|reference|address)$")  # "account number" and "account" may be one fact


def questions_in(text: str) -> list[Question]:
    """The questions about the user that ``text`` asks, in order, each once.

    >>> [q.keys for q in questions_in("What's my name and where do I live?")]
    [('name',), ('home', 'location')]
    """
    if not _QUESTION_HINT.search(text):
        return []
    found: dict[tuple[str, ...], Question] = {}
    for clause, asks in _clauses(text):
        if not asks:
            continue
        hits = [(m.start(), m, keys, unknown) for pattern, keys, unknown in QUESTIONS for m in pattern.finditer(clause)]
        for _, match, keys, unknown in sorted(hits, key=lambda hit: hit[0]):
            words = {name: _your(value or "") for name, value in match.groupdict().items()}
            if "verb" in words:  # "when did I buy it?" asks about "bought"
                verb = words["verb"].lower()
                words["verb"] = _PAST.get(verb) or verb + ("d" if verb.endswith("e") else "ed")
            question = Question(tuple(_key(k.format(**words)) for k in keys), unknown.format(**words))
            found.setdefault(question.keys, question)
    return list(found.values())


def _lookup(keys: Sequence[str], facts: Sequence[Fact]) -> Fact | None:
    """The newest fact for the first of ``keys`` that has one.

    An exact key wins; failing that, "account number" is answered by a fact
    about "account" (or the other way round) if its value has a digit or an
    "@" ("my phone is an iPhone" does not answer "what's my phone number?").
    """
    for key in keys:
        stem = _STEM.sub("", key)
        matches = [f for f in facts if f.key == key] or [
            f for f in facts if _STEM.sub("", f.key) == stem and re.search(r"[\d@]", f.value)]
        if matches:
            return matches[-1]
    return None


def _join(parts: Sequence[str], word: str) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def recall(text: str, items: Sequence[Mapping[str, Any]]) -> str | None:
    """Answer the questions about the user in ``text`` from ``items``, or ``None``.

    Args:
        text: The user's newest message.
        items: The request's whole input, ``text`` included ("I'm Ana. What's my name?").

    Returns:
        ``"Your name is Ana."``; for a fact not in ``items`` "I don't know your
        name: it isn't in the conversation I can see. ..."; ``None`` if nothing is asked.
    """
    asked = questions_in(text)
    if not asked:
        return None
    facts = remembered(items)
    answers, unknown = [], []
    for question in asked:
        fact = _lookup(question.keys, facts)
        if fact:
            answers.append(fact.sentence())
        else:
            unknown.append(question.unknown)
    if unknown:
        missing = "it isn't" if len(unknown) == 1 else "they aren't"
        answers.append(f"I don't know {_join(unknown, 'or')}: {missing} in the conversation I can see. "
                       "Could you tell me again?")
    return " ".join(answers)


def acknowledge(text: str) -> str | None:
    """A short reply to a message that states facts (``None`` if it states none).

    >>> acknowledge("Hi, my name is Ana and I live in Lisbon")
    'Nice to meet you, Ana. Noted: you live in Lisbon.'
    """
    facts = {fact.key: fact for fact in stated_facts(text)}  # newest per key
    name = facts.pop("name", None)
    reply = [f"Nice to meet you, {name.value}."] if name else []
    if facts:
        reply.append("Noted: " + _join([fact.told for fact in facts.values()], "and") + ".")
    return " ".join(reply) or None
