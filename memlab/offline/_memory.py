"""The offline model's short-term memory: it answers from what it was shown, in your words.

A language model keeps nothing between calls: whatever it "remembers" about
you is text in the request it is answering. Trim that text and the memory is
gone. This module gives the offline model the same honest memory, so that a
learner can tell it things in their own words, shrink the window, and watch
those things disappear.

The rule is *retrieval*, not understanding:

1. **Statements.** Each user message in the request is split into sentences,
   and sentences into clauses where a new subject starts ("I'm Ana, I live in
   Lisbon and our budget is 500 euros" is three). A clause that asks nothing is
   a statement. Notes count too: an assistant message or a summary that
   restates something about the user ("Noted: you live in Lisbon", "Nice to
   meet you, Ana", "- Name: Ana") is put back in the user's voice.
2. **Questions.** A question about the user ("what's my…", "where do I…", "do
   you remember…", "how should you contact me?") is reduced to its **topic
   words** (stop words, question words and pronouns dropped: "what's my dog
   called?" → ``dog``) and the **kind** of answer it expects (``where`` → a
   place, ``when`` → a date or time, ``how much`` → an amount, a name, an
   identifier, a way to contact you).
3. **Score.** A statement scores 2 for each topic word it contains (plural and
   tense aside: "moved" is "move", "teacher" is "teach") and 1 for each topic
   word it holds a *related* word of, from the small lexicon :data:`RELATED`
   ("job" ~ "nurse", "budget" ~ "spend"); 1 more if it holds the kind of answer
   expected (a capitalised place after "in", an amount in euros...). Smaller
   nudges break ties: repeating the word that named the kind ("number"),
   covering every topic word, being as negative as the question ("what don't
   I like?"), and not being about someone else ("my parents live in Kraków"
   for "where do I live?"). :func:`_score` has the whole rule.
4. **Threshold.** A statement may answer only if it shares a topic word, or a
   related one, with the question. A name, an identifier, an age or a way to
   contact you must also be *there*: "what's my phone number?" is not answered
   by "my phone is an iPhone". Below the threshold the model says plainly that
   it doesn't know — it never answers from an unrelated statement.
5. **Newest wins.** Of the best-scoring statements the newest answers, and a
   correction or an update ("Actually, ...", "... now", "X, not Y", "we just
   moved to ...", "I switched to ...") scores 1 more, so "Actually, my name is
   Bea" corrects "my name is Ana". A note counts as said with the message it
   echoes, and the user's own words win over the echo.
6. **In your words.** The answer restates the statement with "you" for "I"
   ("I work as a nurse" → "You work as a nurse."), or as "You told me …" /
   "You asked me to …" when it doesn't start with you.

What it cannot do: it matches words, not meaning. A statement that shares no
word, or related word, with the question is not found ("Jazz is what I listen
to most" for "what music do I like?"). It does not reason or combine statements ("how old will I
be next year?"), answer yes/no questions ("do I live in Lisbon?") or
instructions ("how do I reset my password?"), or read languages other than
English; a correction must name what it corrects ("my budget is 800 now", not
"no, 800"). It restates rather than extracts, so an answer may say more than
was asked.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..turns import item_text, item_type

__all__ = ["RELATED", "Statement", "Question", "Answer", "statements_in", "questions_in", "answers", "say", "recall",
           "acknowledge", "foreign"]

#: Characters of one message that are read; the rest of a longer one is ignored.
MAX_CHARS = 20_000
#: The longest restatement, in words (a longer statement is quoted around its match).
_MAX_ANSWER_WORDS = 40

# ------------------------------------------------------------------ the lexicon

#: Groups of words that answer for one another. A question word and a statement
#: word are *related* when one group holds both ("job" ~ "nurse", "budget" ~
#: "spend"). Small on purpose: a lexicon of everyday words, not a list of sentences.
RELATED: tuple[str, ...] = (
    "name call called named nickname",
    "live home house flat apartment move relocate based reside stay address settle neighbourhood",
    "from originally born grew hometown native",
    "travel trip flight fly going go visit holiday vacation journey destination abroad",
    "stay hotel accommodation",
    "work job role profession occupation career employer company office position boss colleague",
    "work job profession nurse doctor teacher engineer developer programmer designer chef cook lawyer manager "
    "student driver cleaner consultant architect scientist researcher writer journalist farmer mechanic "
    "electrician plumber builder artist musician waiter receptionist analyst",
    "wife husband partner spouse girlfriend boyfriend",
    "son daughter kid child baby boy girl",
    "mother mom mum father dad parent",
    "brother sister sibling",
    "pet dog cat puppy kitten parrot bird rabbit hamster fish horse",
    "dog puppy retriever labrador poodle spaniel terrier collie shepherd beagle dachshund husky",
    "system os windows macos linux ios android",
    "phone mobile smartphone cellphone iphone android pixel galaxy samsung",
    "laptop computer notebook pc macbook thinkpad chromebook",
    "car drive vehicle",
    "device model",
    "budget spend afford cost price pay money limit",
    "salary earn income wage",
    "rent mortgage",
    "deadline due",
    "appointment meeting booking reservation",
    "birthday born",
    "prefer preference rather favourite favorite like love enjoy fan keen",
    "hate dislike stand allergic allergy avoid",
    "food eat meal dish cuisine diet vegan vegetarian",
    "drink tea coffee juice beer wine water",
    "contact reach touch text sms message email mail whatsapp",
)

# ------------------------------------------------------------------ words

_TOKEN = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")  # a word: "Mary's", "e-mail", "QX7-22B"
#: Irregular forms, so "bought" matches "buy" and "kids" matches "kid".
_IRREGULAR = {
    "bought": "buy", "flew": "fly", "flown": "fly", "paid": "pay", "went": "go", "gone": "go", "got": "get",
    "left": "leave", "met": "meet", "made": "make", "took": "take", "sent": "send", "gave": "give", "told": "tell",
    "said": "say", "drove": "drive", "ate": "eat", "spent": "spend", "grew": "grow", "children": "child",
    "wives": "wife", "heading": "go", "travelling": "travel", "traveling": "travel", "e-mail": "email",
}


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """A crude stem, so that forms of one word meet: "moved", "moving", "move" → ``mov``."""
    w = word.lower().replace("\u2019", "'")
    w = w[:-2] if w.endswith("'s") else w
    w = _IRREGULAR.get(w, w)
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    w = _single_end(w)  # "travell" → "travel", "preferr" → "prefer"
    if len(w) > 5 and w.endswith("er"):
        w = w[:-2]  # who does it, and what they do: "teacher" → "teach", "driver" → "driv" (as "drive")
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return _single_end(w)  # "call" → "cal", as "called" → "call" → "cal"


def _single_end(word: str) -> str:
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou" else word


_GROUPS: dict[str, frozenset[int]] = {}
for _n, _group in enumerate(RELATED):
    for _w in _group.split():
        _GROUPS[_stem(_w)] = _GROUPS.get(_stem(_w), frozenset()) | {_n}

#: Words that carry no topic: question words, auxiliaries, pronouns, "remember" and the like.
_STOP = frozenset("""
a an the this that these those it its there here what whats which who whom whose where when why how
is are am was were be been being do does did done doing have has had having get gets getting
will would shall should can could may might must can't cannot couldn't won't wouldn't shouldn't
don't doesn't didn't isn't aren't wasn't weren't haven't hasn't not no never
i i'm im i've i'd i'll me my mine myself we we're we've we'd we'll us our ours ourselves
you you're you've you'd you'll your yours yourself he she they them their his her him
and or but if so then than because as of to in on at by for with about into onto over under up out off
again still also too very really just now already ever exactly actually btw anyway any some all
please remember recall know knew tell told say said mention mentioned ask asked give gave given remind forget forgot
think
thing things stuff one kind sort type way people everyone everybody someone anybody
""".split())

_FIRST_PERSON = frozenset("i i'm im i've i'd i'll me my mine myself we we're we've we'd we'll us our ours ourselves".split())
_SUBJECTS = frozenset("i i'm im i've i'd i'll my we we're we've we'd we'll our me".split())
_MONTHS = frozenset("january february march april may june july august september october november december "
                    "jan feb mar apr jun jul aug sep sept oct nov dec".split())
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun".split())
_WHEN_WORDS = frozenset("today tonight tomorrow yesterday weekend morning afternoon evening noon midnight week month "
                        "year o'clock".split()) | _MONTHS | _DAYS
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty "
                          "hundred thousand million dozen couple".split())
_CURRENCIES = frozenset("euro euros eur dollar dollars usd buck bucks pound pounds gbp quid franc francs yen rupee "
                        "rupees peso pesos grand percent".split())
_NEGATIONS = frozenset("not no never don't doesn't didn't can't cannot won't isn't aren't wasn't weren't shouldn't "
                       "wouldn't couldn't mustn't haven't hasn't hate dislike".split())


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _stems(words: Iterable[str]) -> frozenset[str]:
    """The stems of the content words (stop words dropped; a hyphenated word also gives its parts)."""
    found = set()
    for word in words:
        lower = word.lower()
        if lower in _STOP:
            continue
        found.add(_stem(lower))
        if "-" in lower:
            found.update(_stem(part) for part in lower.split("-") if part not in _STOP)
    return frozenset(found)


def _related(a: str, b: str) -> bool:
    return bool(_GROUPS.get(a, frozenset()) & _GROUPS.get(b, frozenset()))


# ------------------------------------------------------------------ reading text

_MARKUP = re.compile(r"<[^<>\n]{0,200}>|[*`]+")  # HTML tags, markdown emphasis
_SPACES = re.compile(r"[ \t\f\v\r]+")
_SENTENCES = re.compile(r"(?<=[.!?])(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)(?<!\bProf\.) |\n+ ?")
#: Where a sentence splits into clauses: before a new subject or a question word.
_CLAUSE_BREAK = re.compile(
    r"(?:[,;:]|,? (?:and|but|so|because|though|although|plus|while)) (?=(?:i|i'm|im|i've|i'd|i'll|my|we|we're|we've|"
    r"we'd|we'll|our|you|you're|your|please|what|what's|where|where's|who|who's|when|when's|which|how|why|"
    r"can|could|do|does|did|would|will)\b)",
    re.IGNORECASE,
)
#: A clause that opens like this asks rather than tells.
_ASKING = re.compile(r"(?:what|whats|where|who|whom|whose|which|when|why|how|is|are|am|was|were|do|does|did|can|could|"
                     r"would|will|should|have|has|remind me|tell me)\b", re.IGNORECASE)
#: "Can you call me Bob?" asks for something to be done: a wish, not a question.
_POLITE_REQUEST = re.compile(r"(?:can|could|would|will) you (?:please )?(?=(?:call|text|email|e-mail|message|phone|ring|"
                             r"contact|reach|use|address|remember|note)\b)", re.IGNORECASE)
#: Words that open a clause without adding to it ("Hi,", "Oh and", "btw", "Second issue:").
_OPENERS = re.compile(r"(?:(?:(?:hi|hello|hey)(?: there)?|oh|ok|okay|well|so|also|and|but|btw|fyi|anyway|just|right|yes|yeah|please|"
                      r"by the way|for the record|just so you know|good morning|good afternoon|good evening)\b[,!.]? ?)+",
                      re.IGNORECASE)
#: Words that close a clause without adding to it ("..., please", "btw").
_TRAILERS = frozenset("please thanks btw though anyway lol cheers".split())
#: A clause opening like this corrects an earlier one.
_CORRECTION = re.compile(r"(?:actually|sorry|correction|oops|wait|i meant|no)\b", re.IGNORECASE)
#: "..., not Bob": what follows corrects an earlier statement, and doesn't make this one negative.
_NOT_THAT = re.compile(r", not ", re.IGNORECASE)
_CORRECTION_WORD = re.compile(r"^(?:actually|sorry|correction|oops|wait|no)\b[,!.:]? ?", re.IGNORECASE)
#: A clause holding one of these updates an earlier one ("we live in York now", "we just moved to Madrid").
_UPDATE = re.compile(r"\b(?:now|anymore|any more|no longer|from now on|instead|changed|these days|nowadays|"
                     r"(?:just |recently )?(?:moved|switched)|just got)\b", re.IGNORECASE)
_UNSURE = re.compile(r"\b(?:don't|do not) know\b|\bnot sure\b|\bforgot\b|\bforget\b", re.IGNORECASE)


def _clean(text: str) -> str:
    """``text`` without markup, with one kind of apostrophe and single spaces; cut at :data:`MAX_CHARS`."""
    text = _MARKUP.sub(" ", text[:MAX_CHARS].replace("\u2019", "'").replace("\u2018", "'"))
    return _SPACES.sub(" ", text)


def _without_trailers(clause: str) -> str:
    """``clause`` without closing words such as "please" or "thanks" ("call me Bob, please" → "call me Bob")."""
    clause = clause.strip(" ,.!?\"'")
    while True:
        if clause.lower().endswith((" thank you", ",thank you")):
            clause = clause[:-10].strip(" ,.!?\"'")
            continue
        head, _, last = clause.rpartition(" ")
        if not head or last.lower().strip(",.!") not in _TRAILERS:
            return clause
        clause = head.strip(" ,.!?\"'")


def _clauses(text: str) -> list[tuple[str, bool, bool]]:
    """``(clause, asks, corrects)`` for each clause of ``text``, openers and trailers trimmed."""
    found = []
    for sentence in _SENTENCES.split(_clean(text)):
        sentence = sentence.strip().lstrip("#>").strip()  # a markdown heading or quote is read as text
        parts = _CLAUSE_BREAK.split(sentence)
        carried = False  # "Sorry, I'm Rob": the cue is a clause of its own, the correction the next one
        for i, part in enumerate(parts):
            part = part.strip(" .!?\"'")
            corrects = carried or bool(_CORRECTION.match(part) or _UPDATE.search(part) or _NOT_THAT.search(part))
            part = _CORRECTION_WORD.sub("", part, count=1)
            opener = _OPENERS.match(part)
            part = _without_trailers(part[opener.end():] if opener else part)
            carried = corrects and not part
            if not part:
                continue
            request = _POLITE_REQUEST.match(part)
            if request:
                part, asks = part[request.end():], False
            else:
                asks = bool(_ASKING.match(part)) or (i == len(parts) - 1 and sentence.rstrip(" \"'").endswith("?"))
            found.append((part, asks, corrects))
    return found


# ------------------------------------------------------------------ person: "I" and "you"

_SWAP = {
    "i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're", "im": "you're",
    "i've": "you've", "i'd": "you'd", "i'll": "you'll", "we": "you", "us": "you", "our": "your", "ours": "yours",
    "ourselves": "yourselves", "we're": "you're", "we've": "you've", "we'd": "you'd", "we'll": "you'll",
    "your": "my", "yours": "mine", "yourself": "myself", "you're": "I'm", "you've": "I've", "you'll": "I'll",
    "you'd": "I'd",
}
#: After these, "you" is an object ("text you", "with you"); elsewhere a subject ("you can").
_BEFORE_OBJECT = frozenset("to with for at from about of on than call text email tell ask asked told send give thank "
                           "help let see reach contact message ring phone want need like love trust remind pay meet "
                           "make get bother by".split())
_SWAP_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def _swap_person(text: str) -> str:
    """``text`` said by the other side: "I'd rather you text me" → "you'd rather I text you"."""
    previous = ""

    def swap(match: re.Match[str]) -> str:
        nonlocal previous
        word = match.group(0)
        lower = word.lower()
        if lower == "you":
            # an object after a verb that takes one, or after a past tense ("gave you" → "gave me")
            new = "me" if previous in _BEFORE_OBJECT or previous.endswith("ed") or previous in _IRREGULAR else "I"
        elif lower in ("am", "was") and previous in ("i", "we"):
            new = "are" if lower == "am" else "were"
        else:
            new = _SWAP.get(lower, word)
        previous = lower
        return new

    return _SWAP_WORD.sub(swap, text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(parts: Sequence[str], word: str) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


# ------------------------------------------------------------------ what a statement holds

_NOT_A_NAME = frozenset(
    "sorry fine good ok okay here back done ready not sure glad happy tired new afraid free busy home away "
    "american canadian australian italian german french dutch indian brazilian mexican russian korean catholic "
    "muslim hindu buddhist vegan vegetarian".split())
#: After "call me" a word like these is not a name ("call me back", "call me tomorrow").
_NOT_A_NAME_AFTER_CALL = frozenset(
    "back tomorrow today tonight later anytime again on at in after before if when whenever now first only please "
    "maybe sometime between around during instead asap soon directly any every this that next the a an not never "
    "and or but so to from by".split()) | _DAYS | _MONTHS
_NAME = r"[^\W\d_]+(?:['-][^\W\d_]+)*"
_CAPITALISED = r"(?-i:[A-ZÀ-Ý][^\W\d_]*(?:['-][^\W\d_]+)*)"
#: How people say what to call them: "my name is Ana", "call me Bob", "I go by Sam", "I'm Ana".
_USER_NAME = re.compile(
    rf"(?:\bmy name(?:'s| is)|\bmy name:|^(?:the )?name(?:'s| is)|\bcall me|\bcalls me|\bi go by|\bknown as|"
    rf"\b(?:i'm|i am) called)\s(?P<named>{_NAME}(?: {_CAPITALISED}){{0,2}})"
    rf"|(?:\bi'm|\bi am|\bim|^this is) (?P<introduced>(?:(?:dr|mr|mrs|ms|prof)\.? )?{_CAPITALISED}(?: {_CAPITALISED}){{0,2}})"
    rf"(?= from\b| and\b| here\b|,|$)",
    re.IGNORECASE,
)
_CHANNEL = (r"(?:e-?mails?|e-?mailing|mail|texts?|texting|sms|messages?|messaging|whatsapp|signal|telegram|phone|"
            r"calls?|calling|ring|letters?|post|voicemail)")
#: How people say how to reach them: "text me", "by email", "I'd rather ... than call", "WhatsApp is easiest".
_CONTACT_WISH = re.compile(
    rf"\b{_CHANNEL} (?:me|us)\b|\b(?:contact|reach) (?:me|us)\b|\b(?:by|via|over|through) (?:an? )?{_CHANNEL}\b"
    rf"|\bno (?:phone )?{_CHANNEL}\b"
    rf"|\b(?:prefer\w*|rather|better|best|easiest|only|instead|don't|never|avoid)\b[^.?!]{{0,60}}?\b{_CHANNEL}\b"
    rf"|\b{_CHANNEL}\b[^.?!]{{0,60}}?\b(?:better|best|easiest|preferred|instead|only)\b",
    re.IGNORECASE,
)
#: How people give an age: "I'm 34", "she's 7", "3 years old", "aged 40".
_AGE = re.compile(r"\b(?:i'm|i am|im|we're|he's|she's|it's|is|are) \d{1,3}\b(?! ?(?:[:.%]|am|pm|euros?|dollars?|pounds?))"
                  r"|\b\d{1,3}(?:-| )years?(?:-| )old\b|\baged? \d{1,3}\b", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
#: Words for people, for "who ...?" questions ("who lives with us?": "my mum").
_PEOPLE = frozenset(map(_stem, "wife husband partner spouse girlfriend boyfriend son daughter kid child children baby "
                               "mother mom mum father dad parent brother sister friend boss colleague manager neighbour "
                               "neighbor flatmate roommate landlord landlady doctor".split()))
_EDGE_PUNCTUATION = "\"'()[]{},.;:!?"
_DAY_OR_YEAR = re.compile(r"\d{1,2}(?:st|nd|rd|th|am|pm)|(?:19|20)\d\d")  # "14th", "9am", "1990"
_THOUSANDS = re.compile(r"(?<![\d.,])\d++(?:[.,]\d++)?k")  # "40k", "2.5k" (possessive: linear on long digit runs)
_CLOCK_OR_DATE = re.compile(r"\d{1,2}[:.]\d\d(?:am|pm)?|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d\d-\d\d")


def _user_name(clause: str) -> str | None:
    """The name the user gives themselves in ``clause`` ("Call me Bob" → ``Bob``), or ``None``."""
    match = _USER_NAME.search(clause)
    if not match:
        return None
    name = match.group("named") or match.group("introduced")
    first = name.split()[0].lower()
    if first in _NOT_A_NAME or first.endswith(("ish", "ese")) or first in _STOP:
        return None
    if match.group("named") and first in _NOT_A_NAME_AFTER_CALL:
        return None
    return name


#: A role the user says they have: "I'm a sommelier", "I work as a nurse", "we're both teachers".
#: The word after the article must be a noun, not "a bit", "a fan of" or "a little worried".
_ROLE = re.compile(
    r"\b(?:i'm|i am|im|we're|we are|i work as|i've been working as|i'm working as)(?: both| now| currently)?"
    r" (?:an? |the )?(?!(?:bit|little|lot|fan|big|huge|bit of|kind|sort|lot of)\b)(?:[a-z]+ )?(?:[a-z]+(?:ist|er|or|ian|ant|ent|eur|ier|ic|ee|man|woman)s?)\b",
    re.IGNORECASE,
)


def _evidence(clause: str, words: Sequence[str]) -> frozenset[str]:
    """The kinds of answer ``clause`` holds (its ``words`` already split).

    ``name`` (a capitalised word after the first, or one after "called"), ``place`` (a name after
    "in", "to", "at"...), ``person``, ``time``, ``number``, ``amount``, ``identifier`` (a token with
    a digit, or an email address), ``age``, ``user_name`` and ``contact`` (a wish about how to reach you).
    """
    kinds = set()
    lower = [w.lower() for w in words]
    for i, (word, low) in enumerate(zip(words, lower)):
        capitalised = word[:1].isupper() and low not in _FIRST_PERSON and low not in _MONTHS and low not in _DAYS
        if capitalised and i > 0:
            kinds.add("name")
            if lower[i - 1] in ("in", "to", "at", "from", "near", "around", "outside", "into") or (
                    i > 1 and lower[i - 1] == "the" and lower[i - 2] in ("in", "to", "at", "from", "near")):
                kinds.add("place")
        if i > 0 and lower[i - 1] in ("called", "named") and low not in _STOP:
            kinds.add("name")
        if low in _WHEN_WORDS or _DAY_OR_YEAR.fullmatch(low):
            kinds.add("time")
        if low in _NUMBER_WORDS or _DIGIT.search(low):
            kinds.add("number")
        if low in _CURRENCIES or _THOUSANDS.fullmatch(low):
            kinds.add("amount")
    for token in clause.split():
        token = token.strip(_EDGE_PUNCTUATION)
        if "@" in token or (len(token) >= 3 and _DIGIT.search(token) and not token.isalpha()):
            kinds.add("identifier")
        if token[:1] in "$£€¥" and _DIGIT.search(token):
            kinds.add("amount")
        if _CLOCK_OR_DATE.fullmatch(token.lower()):
            kinds.add("time")
    if "name" in kinds or {_stem(low) for low in lower} & _PEOPLE:
        kinds.add("person")
    if _AGE.search(clause):
        kinds.add("age")
    if _user_name(clause):
        kinds.add("user_name")
    if _CONTACT_WISH.search(_USER_NAME.sub(" ", clause)):
        kinds.add("contact")
    if _ROLE.search(clause):
        kinds.add("role")
    return frozenset(kinds)


@dataclass(frozen=True)
class Statement:
    """One clause that tells something, in the user's voice.

    Attributes:
        text: The clause as the user typed it (openers such as "Hi," trimmed).
        stems: Its content words, stemmed (see :func:`_stem`).
        holds: The kinds of answer it holds (``"place"``, ``"amount"``, ...).
        negative: Whether it is negated ("I don't like ...").
        corrects: Whether it corrects or updates an earlier one ("Actually, ...", "... now").
        owner_of: When its subject is someone or something of the user's, that word's stem
            ("my parents live in Kraków": ``"parent"``); else ``""`` ("I live in Leeds").
        note: Whether it comes from a note (an assistant message, a summary) rather than the user.
        position: ``(message, clause)``: where it is in the request; larger is newer.
    """

    text: str
    stems: frozenset[str]
    holds: frozenset[str]
    negative: bool = False
    corrects: bool = False
    owner_of: str = ""
    note: bool = False
    position: tuple[int, int] = (0, 0)


def _statement(text: str, *, corrects: bool = False, note: bool = False) -> Statement | None:
    words = _tokens(text)
    if not words or _UNSURE.search(text):
        return None
    lower = [w.lower() for w in words]
    contrast = _NOT_THAT.search(text)  # "QX7-23C, not QX7-22B" is not a negative statement
    negative = bool({w.lower() for w in _tokens(text[:contrast.start()] if contrast else text)} & _NEGATIONS)
    owner_of = _stem(lower[1]) if len(lower) > 1 and lower[0] in ("my", "our") else ""
    return Statement(text, _stems(words), _evidence(text, words), negative, corrects, owner_of, note)


@functools.lru_cache(maxsize=4096)
def _user_statements(text: str) -> tuple[Statement, ...]:
    """The statements of one user message (cached: a session re-sends its history on every call)."""
    found = []
    for clause, asks, corrects in _clauses(text):
        statement = None if asks else _statement(clause, corrects=corrects)
        if statement:
            found.append(statement)
    return tuple(found)


_CUSTOMER = r"(?:the )?(?:customer|user|client)"
#: A note about the user, by how it opens: "Noted: you ...", "Your ...", "The customer lives ...".
_NOTE_OPENERS = re.compile(r"(?:(?:noted|got it|ok|okay|sure|great|thanks|also|and|so|to confirm|i see|understood|"
                           r"i'll remember(?: that)?|i'll note(?: that)?|i understand(?: that)?)[,:!.]? )+", re.IGNORECASE)
_ABOUT_YOU = re.compile(rf"(?:you|you've|your|you're|{_CUSTOMER}(?:'s)?(?= \w))\b(?! welcome)(?!'ll| (?:can|could|should|might|"
                        r"may|will|would|need|must)\b)", re.IGNORECASE)
_TOLD = re.compile(r"you (?:told me|said|mentioned)(?: that)? ", re.IGNORECASE)
_ASKED = re.compile(r"you asked me (?P<no>not )?to ", re.IGNORECASE)
_GREETING = re.compile(rf"\bnice to meet you,? (?P<name>{_CAPITALISED}(?: {_CAPITALISED}){{0,2}})", re.IGNORECASE)
_BULLET = re.compile(r"[-*\u2022] (?:(?P<label>[A-Za-z][A-Za-z' ]{0,30}): )?")
_THIRD_PERSON = re.compile(rf"\b{_CUSTOMER} (?P<verb>[a-z]+)\b|\b{_CUSTOMER}'s\b", re.IGNORECASE)
_BASE_FORM = {"is": "am", "has": "have", "does": "do", "doesn't": "don't", "was": "was"}


def _first_person(match: re.Match[str]) -> str:
    """The user's voice for a note's third person: "the customer lives" → "I live", "customer's" → "my"."""
    verb = match.group("verb")
    if verb is None:
        return "my"
    lower = verb.lower()
    if lower in _BASE_FORM:
        return f"I {_BASE_FORM[lower]}"
    if lower.endswith("ies"):
        return f"I {lower[:-3]}y"
    if lower.endswith(("ches", "shes", "sses", "xes")):
        return f"I {lower[:-2]}"
    return f"I {lower[:-1]}" if lower.endswith("s") and not lower.endswith("ss") else f"I {lower}"


def _in_user_voice(clause: str) -> str:
    """A note's clause as the user would say it: "The customer lives in Porto" → "I live in Porto"."""
    return _THIRD_PERSON.sub(_first_person, clause) if _THIRD_PERSON.search(clause) else _swap_person(clause)


@functools.lru_cache(maxsize=4096)
def _note_statements(text: str) -> tuple[Statement, ...]:
    """The statements about the user that a note (an assistant message, a summary) restates."""
    text = _GREETING.sub(lambda m: f"your name is {m.group('name')}.", _clean(text))
    found = []
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue  # a summary's heading ("## Customer") says nothing itself
        bullet = _BULLET.match(line.strip())
        if bullet:  # a summary's bullet quotes the customer: "- Name: Ana" is "my name is Ana"
            label = bullet.group("label")
            body = line.strip()[bullet.end():]
            if label and not re.match(rf"{_CUSTOMER}\b", label, re.IGNORECASE):
                body = f"my {label.lower()} is {body}" if len(label.split()) <= 3 else body
            body = _THIRD_PERSON.sub(_first_person, body)
            statement = _statement(body.strip(" ."), note=True)
            found += [statement] if statement else []
            continue
        for clause, asks, corrects in _clauses(line):
            opener = _NOTE_OPENERS.match(clause)
            clause = clause[opener.end():] if opener else clause
            if asks or not _ABOUT_YOU.match(clause):
                continue
            asked = _ASKED.match(clause)
            told = _TOLD.match(clause)
            if asked:  # "You asked me to call you Bob" → "call me Bob"
                voiced = ("don't " if asked.group("no") else "") + _swap_person(clause[asked.end():])
            else:
                voiced = _in_user_voice(clause[told.end():] if told else clause)
            voiced = re.sub(r"^(my [\w' -]{1,40}?): ", r"\1 is ", voiced)  # "my favourite colour: red"
            statement = _statement(voiced, corrects=corrects, note=True)
            found += [statement] if statement else []
    return tuple(found)


def statements_in(items: Sequence[Mapping[str, Any]]) -> list[Statement]:
    """Every statement about the user that ``items`` hold, oldest first.

    User messages are the user's own statements; other messages and a
    compaction item's text are notes; tool calls and outputs are not the user
    speaking, so they state nothing here.
    """
    found: list[Statement] = []
    for at, item in enumerate(items):
        kind = item_type(item)
        if kind == "message" and item.get("role") == "user":
            read = _user_statements(item_text(item))
        elif kind == "message":
            read = _note_statements(item_text(item))
        elif kind == "compaction" and isinstance(item.get("encrypted_content"), str):
            read = _note_statements(item["encrypted_content"])
        else:
            continue
        found += [dataclasses.replace(statement, position=(at, n)) for n, statement in enumerate(read)]
    return found


# ------------------------------------------------------------------ questions

#: Phrases that say one thing in several words, rewritten before a question is read.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bwhat do i do\b(?: for a living)?", re.I), "what is my job"),
    (re.compile(r"\bwhat do we do\b(?: for a living)?", re.I), "what is our job"),
    (re.compile(r"\bfor a living\b", re.I), "job"),
    (re.compile(r"\b(?:get|keep) in touch with\b|\bget hold of\b", re.I), "contact"),
    (re.compile(r"\bgo by\b", re.I), "call"),
)
_CONTRACTIONS = re.compile(r"\b(what|where|when|who|how|that)'s\b", re.IGNORECASE)
#: Openings that ask the model to recall: "do you remember", "remind me of", "did I tell you".
_WRAPPERS = re.compile(
    r"(?:(?:can|could|would|will) you (?:please )?)?(?:(?:please )?(?:remind me|tell me)(?: again)?(?: of| about)?|"
    r"do you (?:still )?(?:remember|recall|know)|(?:what )?did i (?:tell you|say|mention|give you)(?: that| about)?|"
    r"have i (?:told you|said|mentioned|given you)(?: about)?)\b ?",
    re.IGNORECASE,
)
#: "What do you know about me?", "What have I told you?": asks for everything.
_ABOUT_YOU_ASKED = re.compile(r"(?:so )?what (?:do you (?:know|remember)|have i (?:told|said to) you|did i (?:tell|say to) "
                              r"you)(?: so far)?(?: about (?:me|us|myself))?(?: so far)?$", re.IGNORECASE)
_WH = frozenset("what which where when who whose how".split())
_AUX = frozenset("is are am was were do does did don't doesn't didn't can could should would will shall must "
                 "can't cannot couldn't shouldn't wouldn't won't have has".split())
_MODALS = frozenset("can could should would will shall must".split())
#: A question with one of these asks for help or an opinion, not for something the user said.
_NOT_RECALL = frozenset("wrong happen happens happened happening matter mean means recommend suggest advise "
                        "fix problem issue".split())
_LIKING = frozenset("like prefer want take feel".split())
_NAME_WORDS = frozenset("name names call called named nickname".split())
_ID_WORDS = frozenset("number numbers no id ids reference ref code codes password pin passcode username login "
                      "address".split())
_CONTACT_WORDS = frozenset("contact contacted reach reached".split())
_PLACE_WORDS = frozenset("city town country place".split())
_TIME_WORDS = frozenset("date time day deadline".split())
_AMOUNT_WORDS = frozenset("budget cost price salary rent spend afford".split())
_ROLE_WORDS = frozenset("job profession occupation career role living".split())
_PAST = {"buy": "bought", "get": "got", "pay": "paid", "send": "sent", "make": "made", "take": "took", "go": "went",
         "come": "came", "have": "had", "leave": "left", "meet": "met", "tell": "told", "say": "said", "give": "gave",
         "fly": "flew", "drive": "drove", "eat": "ate", "spend": "spent", "find": "found", "see": "saw", "do": "did",
         "is": "was", "are": "were", "am": "was"}


@dataclass(frozen=True)
class Question:
    """One question about the user.

    Attributes:
        text: The question as asked.
        topic: Its topic words, stemmed ("what's my dog called?": ``{"dog"}``).
        kind: The kind of answer it expects: ``"place"``, ``"time"``, ``"amount"``, ``"number"``,
            ``"age"``, ``"person"``, ``"name"`` (of something: "what's my dog called?"),
            ``"user_name"`` ("what's my name?"), ``"identifier"``, ``"contact"``; or ``None``.
        negative: Whether it asks in the negative ("what don't I like?").
        unknown: What is missing, for "I don't know ...": ``"where you work"``.
        kind_words: The words that named the kind, stemmed ("phone number": ``{"number"}``).
        head: What an identifier is of, stemmed ("the ticket number": ``"ticket"``): a statement
            must name it, or a word related to it, so an order number never answers for a ticket.
        about_user: Whether it says "I", "my", "we"...: only then does the model say it doesn't
            know. "What's the wifi password?" is answered if a statement answers it, and else
            left to the rest of the model.
        about_you: Whether it asks for everything ("what do you know about me?").
    """

    text: str
    topic: frozenset[str]
    kind: str | None
    negative: bool
    unknown: str
    kind_words: frozenset[str] = frozenset()
    head: str = ""
    about_user: bool = True
    about_you: bool = False


def _kind(words: Sequence[str], content: set[str]) -> str | None:
    """The kind of answer a question (its lower-case ``words``) expects."""
    wh = next((w for w in words if w in _WH), "")
    after = words[words.index(wh) + 1] if wh and words.index(wh) + 1 < len(words) else ""
    names = content & _NAME_WORDS
    if wh == "when" or content & _TIME_WORDS and wh in ("what", "which"):
        return "time"
    if names and not content - _NAME_WORDS - _ID_WORDS or words in (["who", "am", "i"], ["who", "are", "we"]):
        return "user_name"
    if content & _CONTACT_WORDS or (wh == "how" and {"call", "text", "email", "phone", "ring", "message"} & content):
        return "contact"
    if names:
        return "name"
    if content & _ROLE_WORDS and wh in ("what", "which", ""):
        return "role"
    if wh in ("who", "whose"):
        return "person"
    if content & _ID_WORDS:
        return "identifier"
    if wh == "where" or content & _PLACE_WORDS and wh in ("what", "which"):
        return "place"
    if wh == "how" and after == "much" or content & _AMOUNT_WORDS:
        return "amount"
    if wh == "how" and after == "old" or content & {"age"}:
        return "age"
    if wh == "how" and after in ("many", "long"):
        return "number"
    return None


def _verb_form(verb: str, aux: str) -> str:
    """``verb`` after "did" or "does" is dropped: "did we move" → "moved", "does it leave" → "leaves"."""
    if aux == "did":
        if verb in _PAST:
            return _PAST[verb]
        if verb.endswith("e"):
            return verb + "d"
        return verb[:-1] + "ied" if verb.endswith("y") and verb[-2:-1] not in "aeiou" else verb + "ed"
    if aux == "does":
        if verb == "have":
            return "has"
        return verb + "es" if verb.endswith(("s", "sh", "ch", "x", "o")) else verb + "s"
    return verb


_PARTICLES = frozenset("to for in on at from with by up of about".split())
_PRONOUNS = frozenset("i we you he she they it".split())


def _ends_subject(word: str, at: int) -> bool:
    """Whether ``word`` (at position ``at``) comes after the subject: "is", "to", "called", "getting"."""
    return word in _AUX or word in _PARTICLES or word in ("called", "named", "due", "be", "been", "being") or (
        at > 1 and word.endswith(("ed", "ing")))


def _embedded(words: list[str]) -> str:
    """The question as the object of "I don't know": "where do I work" → "where you work"."""
    wh_end = 1 if words and words[0] in _WH else 0
    while 0 < wh_end < min(len(words), 4) and words[wh_end] not in _AUX and words[wh_end] not in _FIRST_PERSON \
            and words[wh_end] not in ("the", "a", "an", "you", "your"):
        wh_end += 1  # "which printer", "how much", "what kind of seat"
    head, rest = words[:wh_end], words[wh_end:]
    if not head:  # "my budget was" → "your budget"
        while len(words) > 1 and words[-1] in _AUX:
            words = words[:-1]
        return _swap_person(" ".join(words)) or "that"
    if len(rest) < 2 or rest[0] not in _AUX:
        return _swap_person(" ".join(words))
    aux, rest = rest[0], rest[1:]
    copula = aux in ("is", "are", "am", "was", "were")
    # The subject runs to the first word that cannot be in it ("is", "to", "delivered", "going"),
    # "of" aside ("the name of my street"); after "do" or a modal the last word left is the verb.
    subject_end = 1
    while rest[0] not in _PRONOUNS and subject_end < len(rest) and (
            rest[subject_end] == "of" or not _ends_subject(rest[subject_end], subject_end)):
        subject_end += 1
    if not copula and subject_end == len(rest):
        subject_end -= 1  # "where should the replacement | go", "does my new phone | arrive"
    subject, tail = rest[:subject_end], rest[subject_end:]
    if not subject or not tail and not copula:
        return _swap_person(" ".join(words))
    if aux in ("do", "does", "did"):  # "how much did we pay for the tickets" → "how much we paid for the tickets"
        return _swap_person(" ".join(head + subject + [_verb_form(tail[0], aux)] + tail[1:]))
    if copula and head == ["what"] and not tail:
        return _swap_person(" ".join(subject))  # "what is my budget" → "your budget"
    return _swap_person(" ".join(head + subject + [aux] + tail))


def _question(clause: str) -> Question | None:
    """Read one asking clause as a question about the user, or ``None`` if it isn't one."""
    if _ABOUT_YOU_ASKED.match(clause):
        return Question(clause, frozenset(), None, False, "what you told me", about_you=True)
    text = _CONTRACTIONS.sub(lambda m: f"{m.group(1)} is", clause)
    wrapper = _WRAPPERS.match(text)
    recalls = bool(wrapper)
    text = text[wrapper.end():] if wrapper else text
    as_asked = [w.lower() for w in _tokens(text)]  # for "I don't know ...", in the user's words
    for pattern, replacement in _PHRASES:
        text = pattern.sub(replacement, text)
    words = [w.lower() for w in _tokens(text)]
    about_user = bool(set(words) & _FIRST_PERSON)
    if not words or any(_DIGIT.search(w) and len(w) > 2 for w in words):
        return None  # it carries its own value ("where is my order ORD-48213?")
    if not about_user and (words[0] not in _WH or set(words) & {"you", "your", "yours"}):
        return None  # about the agent ("what are your opening hours?"), or not a question about anything said
    if words[0] in ("why",) or set(words) & _NOT_RECALL:
        return None
    if words[0] in _WH:
        recalls = True
        second = words[1] if len(words) > 1 else ""
        third = words[2] if len(words) > 2 else ""
        if second in _MODALS and third in ("i", "we") and (len(words) < 4 or words[3] not in _LIKING):
            return None  # "where can I find ...", "what should I do": asks for advice
        if words[0] == "how" and second in ("do", "can", "should", "could", "would") and third in ("i", "we") and (
                len(words) < 4 or words[3] not in _LIKING):
            return None  # "how do I reset my password?"
    if not recalls:
        return None  # a yes/no question ("do I live in Lisbon?") or a request
    content = {w for w in words if w not in _STOP}
    kind = _kind(words, content)
    if kind in ("user_name", "contact"):
        topic_words = content - _NAME_WORDS - _CONTACT_WORDS
    elif kind == "identifier":
        topic_words = (content - _ID_WORDS) or (content & _ID_WORDS)
    elif kind == "name":
        topic_words = content - _NAME_WORDS
    elif kind in ("age", "number", "amount"):
        topic_words = content - {"old", "age", "many", "much", "long"}
    else:
        topic_words = content - _PLACE_WORDS - _TIME_WORDS if kind in ("place", "time") else content
    if not topic_words and kind is None:
        return None
    negative = bool(set(words) & _NEGATIONS)
    unknown = _embedded([w for w in as_asked if w not in ("again", "please", "still", "exactly", "actually", "btw")])
    if len(unknown.split()) > 12:
        unknown = "the answer to that"
    kind_words = (content - topic_words) & (_ID_WORDS | _NAME_WORDS) if kind in ("identifier", "name") else set()
    at = next((i for i, w in enumerate(words) if w in _ID_WORDS), 0) if kind == "identifier" else 0
    head = _stem(words[at - 1]) if at and words[at - 1] not in _STOP else ""
    return Question(clause, _stems(topic_words), kind, negative, unknown, _stems(kind_words), head, about_user)


def questions_in(text: str) -> list[Question]:
    """The questions about the user that ``text`` asks, in order.

    >>> [(sorted(q.topic), q.kind) for q in questions_in("What's my dog called, and where do I work?")]
    [(['dog'], 'name'), (['work'], 'place')]
    """
    found = []
    for clause, asks, _ in _clauses(text):
        question = _question(clause) if asks else None
        if question:
            found.append(question)
    return found


# ------------------------------------------------------------------ answering

#: Kinds of answer that must be in a statement for it to answer ("what's my phone number?" needs a number).
_MUST_HOLD = frozenset({"name", "user_name", "identifier", "contact", "age"})
#: Kinds a statement answers on its evidence alone, without a shared topic word ("who am I?", "how can you reach me?").
_SELF_EVIDENT = frozenset({"user_name", "contact", "role"})
_IMPERATIVE = re.compile(r"(?:(?P<no>don't|do not|never|please don't) )?(?:call|text|email|e-mail|message|phone|ring|"
                         r"contact|reach|use|send|remember|note|write|address|keep|ping|whatsapp)\b"
                         r"(?!'| (?:is|are|was|were|has|have|had|would|will|can|could|should)\b)", re.IGNORECASE)


@dataclass(frozen=True)
class Answer:
    """How one question was answered.

    Attributes:
        question: The question.
        statement: The statement that answers it, or ``None`` if none does.
        text: The reply sentence ("You work as a nurse."), or ``None`` if unknown.
    """

    question: Question
    statement: Statement | None
    text: str | None


def _score(question: Question, statement: Statement) -> float | None:
    """How well ``statement`` answers ``question``; ``None`` if it is below the threshold.

    2 per topic word it holds, 1 per topic word it holds a related word of; 1 if it holds the
    kind of answer expected; half a point per word it repeats of those that named the kind
    ("number", "called"); 1 if it covers every topic word of two or more; 1 if it corrects or
    updates an earlier statement; half a point if it is as negative as the question; half a
    point less if it is about someone or something else ("my parents live ..." for "where do I live?").
    """
    overlap, covered = 0.0, 0
    unused = set(statement.stems)  # each word of the statement answers for one topic word at most
    for word in sorted(question.topic, key=lambda w: w not in unused):  # exact matches first
        other = word if word in unused else next((s for s in sorted(unused) if _related(word, s)), None)
        if other is not None:
            unused.discard(other)
            overlap, covered = overlap + (2 if other == word else 1), covered + 1
    kind = question.kind
    holds = kind in statement.holds if kind else False
    if kind == "name" and "user_name" in statement.holds:
        holds = True
    if kind in _MUST_HOLD and not holds:
        return None
    if question.head and question.head not in statement.stems and not any(
            _related(question.head, other) for other in statement.stems):
        return None  # "what's my ticket number?" is not answered by an order number
    if overlap == 0 and not (holds and (not question.topic or kind in _SELF_EVIDENT)):
        return None  # the threshold: nothing in common with the question
    owner = statement.owner_of
    someone_else = owner and owner not in question.topic and not any(_related(owner, w) for w in question.topic)
    return (overlap + holds + 0.5 * len(question.kind_words & statement.stems)
            + (1 if covered == len(question.topic) > 1 else 0) + (1 if statement.corrects else 0)
            + (0.5 if statement.negative == question.negative else 0) - (0.5 if someone_else else 0))


def _best(question: Question, statements: Sequence[Statement]) -> Statement | None:
    """The statement that answers ``question``: the best score wins, the newest of equals.

    A note (the assistant saying back what it heard) counts as said when the user's message before
    it was, and of the two the user's own words win: "Nice to meet you, Priya" must not hide the
    "everyone calls me Pri" it came from.
    """
    def newest(s: Statement) -> tuple[int, bool, int]:
        item, clause = s.position
        return (item - 1, False, clause) if s.note else (item, True, clause)
    scored = [(score, newest(s), s) for s in statements if (score := _score(question, s)) is not None]
    if not scored:
        return None
    return max(scored, key=lambda entry: (entry[0], entry[1]))[2]


def _quote(text: str, stems: frozenset[str]) -> str:
    """``text``, or for a long one the :data:`_MAX_ANSWER_WORDS` words around its first topic word."""
    words = text.split()
    if len(words) <= _MAX_ANSWER_WORDS:
        return text
    first = next((i for i, w in enumerate(words) if _stem(w.strip(_EDGE_PUNCTUATION)) in stems), 0)
    start = max(0, first - 10)
    return ("… " if start else "") + " ".join(words[start:start + _MAX_ANSWER_WORDS]) + " …"


def _restate(statement: Statement, question: Question | None = None) -> str:
    """``statement`` said back to the user, as a sentence: "I work as a nurse" → "You work as a nurse."."""
    name = _user_name(statement.text) if question is None or question.kind == "user_name" else None
    if name and question is not None and _user_name(statement.text[statement.text.find(name) + len(name):]) is None:
        return f"Your name is {name}."  # one name; with two ("Priya, but everyone calls me Pri") say both
    text = _quote(statement.text, question.topic if question else frozenset())
    imperative = _IMPERATIVE.match(text)
    if imperative:  # "Call me Bob from now on" → "You asked me to call you Bob from now on."
        rest = text[imperative.end("no") + 1:] if imperative.group("no") else text
        return f"You asked me {'not ' if imperative.group('no') else ''}to {_swap_person(rest[:1].lower() + rest[1:])}."
    said = _swap_person(text)
    first = text.split()[0].lower()
    if first in _SUBJECTS:
        return _capital(said) + "."
    lead = said.split()[0]
    if lead.lower() in _STOP and lead not in ("I",):
        said = lead.lower() + said[len(lead):]
    return f"You told me {said}."


def answers(text: str, items: Sequence[Mapping[str, Any]]) -> list[Answer]:
    """Answer each question about the user in ``text`` from the statements in ``items``.

    Args:
        text: The user's newest message.
        items: The request's whole input, ``text`` included ("I'm Ana. What's my name?").

    Returns:
        One :class:`Answer` per question (empty if ``text`` asks nothing about the user).
    """
    asked = questions_in(text)
    if not asked:
        return []
    statements = statements_in(items)
    found = []
    for question in asked:
        if question.about_you:
            told = [s for s in statements if not s.note][-5:]
            reply = ("Here is what you told me: " + " ".join(_restate(s) for s in told)) if told else (
                "You haven't told me anything about yourself in the conversation I can see.")
            found.append(Answer(question, told[-1] if told else None, reply))
            continue
        best = _best(question, statements)
        found.append(Answer(question, best, _restate(best, question) if best else None))
    return found


def unknown_reply(unknown: Sequence[str]) -> str:
    """The plain "I don't know" for what the conversation in view doesn't say."""
    missing = "it isn't" if len(unknown) == 1 else "they aren't"
    return f"I don't know {_join(list(unknown), 'or')}: {missing} in the conversation I can see. Could you tell me again?"


def say(found: Sequence[Answer]) -> str | None:
    """The reply to :func:`answers`: each answer once, then one "I don't know" for the rest (``None`` if empty)."""
    said = list(dict.fromkeys(a.text for a in found if a.text))
    unknown = list(dict.fromkeys(a.question.unknown for a in found if not a.text))
    if not found:
        return None
    return " ".join(said + ([unknown_reply(unknown)] if unknown else []))


def recall(text: str, items: Sequence[Mapping[str, Any]]) -> str | None:
    """Answer the questions about the user in ``text`` from ``items``, or ``None``.

    Args:
        text: The user's newest message.
        items: The request's whole input, ``text`` included.

    Returns:
        "You work as a nurse at St Mary's hospital."; for something not in
        ``items`` "I don't know where you work: it isn't in the conversation I
        can see. ..."; ``None`` if nothing about the user is asked.

    >>> recall("Where do I work?", [{"role": "user", "content": "I work as a nurse at St Mary's hospital"}])
    "You work as a nurse at St Mary's hospital."
    """
    return say(answers(text, items))


#: Common words of a few other languages that English doesn't use ("je", "und", "que").
_FOREIGN = frozenset("je tu il elle nous vous et est les des une mon ma mes suis j'ai ich du und ist der die das nicht "
                     "mein meine bin habe y el los las es que mi soy tengo yo eu não um uma sou meu minha você".split())
_ENGLISH = frozenset("the and is are my i i'm you what to of in it that for with have was this on at be do we our your "
                     "me from".split())


def foreign(text: str) -> bool:
    """Whether ``text`` looks written in another language than English (the only one this model reads).

    >>> foreign("Je m'appelle Marie et j'habite à Lyon."), foreign("My name is Marie.")
    (True, False)
    """
    words = [w.lower() for w in _tokens(text[:2000])]
    others, english = sum(w in _FOREIGN for w in words), sum(w in _ENGLISH for w in words)
    return len(words) >= 2 and (others >= 2 and others > english or others >= 1 and english == 0)


def acknowledge(text: str) -> str | None:
    """A short reply to a message that tells things (``None`` if it tells nothing).

    >>> acknowledge("Hi, my name is Ana and I live in Lisbon")
    'Nice to meet you, Ana. Noted: you live in Lisbon.'
    """
    name = None
    noted = []
    for statement in _user_statements(text):
        words = {w.lower() for w in _tokens(statement.text)}
        imperative = _IMPERATIVE.match(statement.text)
        if not (words & _FIRST_PERSON or statement.holds & {"identifier", "amount", "time", "place", "name"}) \
                or not statement.stems - {"question", "quick", "problem", "issue", "help"}:
            continue  # "the weather is nice", "I have a question": nothing to note
        given = _user_name(statement.text)
        if given and not name and not imperative:
            name = given
            rest = statement.text[statement.text.find(given) + len(given):].lstrip(" ,;")
            if _user_name(rest):  # "My name's Priya, but everyone calls me Pri": the other name is noted too
                noted.append(_swap_person(rest.removeprefix("but ").removeprefix("and ")))
        elif imperative:  # "Call me Bob" → "I'll call you Bob"
            rest = _swap_person(statement.text[imperative.end("no") + 1:] if imperative.group("no") else statement.text)
            noted.append(("I won't " if imperative.group("no") else "I'll ") + rest[:1].lower() + rest[1:])
        else:
            said = _restate(statement).removeprefix("You told me ")
            noted.append(said[:1].lower() + said[1:-1] if said.startswith(("You ", "You'", "Your ")) else said[:-1])
    reply = [f"Nice to meet you, {name}."] if name else []
    if noted:
        more = f" (and {len(noted) - 3} more)" if len(noted) > 3 else ""
        reply.append("Noted: " + _join(noted[:3], "and") + more + ".")
    return " ".join(reply) or None
