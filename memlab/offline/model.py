"""The offline model: a careful, literal model that answers only from the request.

:func:`respond` reads the instructions, items, tools and output schema it was sent, nothing else. It
answers a grading request with a JSON verdict (:mod:`.grading`) and a summary request with a note
(:mod:`.notes`); else it calls the tools (a handoff is a ``transfer_to_<agent>`` tool, or one the SDK describes or
answers as a handoff) that the latest user message, ``tool_choice`` or the instructions ask for, arguments taken
from the user's words; else it says what the newest tools returned, restates what answers from the conversation or
the instructions, or says in one sentence that it does not know (as JSON for a ``json_schema`` format). A value
the instructions say never to reveal is refused, never quoted.
Models that reason (``o3``, ``gpt-5``...) put a reasoning item first, with a summary when ``reasoning.summary`` asks.
"""

from __future__ import annotations

import ast
import collections
import contextlib
import dataclasses
import datetime
import functools
import hashlib
import itertools
import json
import operator
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..turns import is_user_message, item_type, pair_key
from . import grading, notes
from .reading import (_COUNT_WORDS, _capital_runs, _uk_postcode, CALENDAR, digit_groups, MEASURE_WORDS, MONTHS, introduces_speaker, named_here, named_outside, day_asked, without_request_to_note, MARKUP, MAX_CHARS, MEN, QUESTION_WORDS, STOP, WOMEN, Memory, Statement, _TRAILING, _tags,
                      apostrophes, asks_for_summary, facts, identifiers, mistyped, of_someone_else, opens_clause,
                      outside_brackets, plain_text, read_items, read_transcript, related, result_lines, says_pending, sentences, stem, stem_set,
                      is_handoff, structured, structured_input, tokens, whole_words_at, wording, words)
from .schema import _resolve, instance, listed_options

__all__ = ["Request", "respond", "play"]

#: Models that return a reasoning item before their answer.
_REASONING_MODEL = re.compile(r"^(?:o\d|gpt-5|codex)", re.I)
#: An example in a parameter's description: "such as ORD-12345", "e.g. SN-AB12CD34", "like 2025-01-31".
_EXAMPLE = re.compile(r"(?:such as|e\.g\.|eg|like|for example|example:?|format:?)\s+[\"'`]?([^\s\"'`,;)]+)",
                      re.I)
#: Words ending in "ing" that name no activity ("in the evening", "anything else").
_NOT_DOING = frozenset("morning evening nothing something anything everything during thing things bring spring string "
                       "booking meeting building".split())
#: An email address, a date (with digits or a month name), a number, and text in quotes ("Hola", 'my-app'; the
#: apostrophe of "Luigi's" is no quote).
_EMAIL = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]{0,6}"
_DATE = re.compile(rf"\d{{4}}-\d\d-\d\d|\d{{1,2}} (?:{_MONTH}|(?:january|february|april|june|july|august|september|october|november|"
                   rf"december|jan|feb|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b)(?: \d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)(?: of)? (?i:{_MONTH})(?:,? \d{{4}})?"
                   rf"|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?|\b\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?\b"
                   r"|\b\d{1,2}(?::\d\d)? ?(?:[ap]m\b|[ap]\.m\.)|\b\d{1,2}:\d\d\b"
                   r"|(?<=\b(?:by|on) )the \d{1,2}(?:st|nd|rd|th)\b(?! (?!at\b|for\b|and\b|or\b|please\b)[a-z])|\b(?:(?i:(?:next |this |last )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)|[Tt]oday|[Tt]onight|[Tt]omorrow|[Yy]esterday"
                   r"|(?i:\d+|an?|one|two|three|four|five|six|seven) (?:day|week)s? ago|noon|midnight)\b")
_WEEKDAYS = "mon tue wed thu fri sat sun".split()
#: Words that open a noun phrase after a verb ("Review my summary"): the word before them is a verb, not a value.
_DETERMINERS = frozenset("my the a an your our this that these those his her their its".split())
#: A postal address: a street with its number, a city, a postcode or zip and a country ("48 Elm Road, Leeds, LS6 2AB").
_ADDRESS = re.compile(r"\b(\d+[A-Za-z]? (?:[A-Z][\w'-]* ){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Way|Drive|Boulevard"
                      r"|Blvd|Place|Square|Court|Grove|Close|Terrace|Crescent|Parkway|Highway|Row|Wharf|Quay|Mews|Gardens))\b"
                      r"(?:(?:\.?, |(?:(?<=St)|(?<=Rd)|(?<=Ave)|(?<=Blvd))\. | )"  # a town after ", " (or "St. "), not a sentence
                      r"(?!(?:Could|Can|Please|The|We|It|And|But|Would|Will|Our|My|This|That|They|There|He|She|You|I)\b)([A-Z]["
                      r"\w'-]+(?: [A-Z][a-z][\w'-]*)*)(?:,? (\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b"
                      r"(?:, ([A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2}))?)?)?")
_ADDRESS_PARTS = [stem_set(part) for part in ("street road line", "city town", "zip postcode postal", "country nation")]
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_PHONE = re.compile(r"\+?\(?\d[\d ()-]{5,}\d")  # "+351 912 345 678", "(020) 7946-0018", "555-0134"
#: What a message asks to be said or done later: "saying I'll be late", "remind me to call mom", "email Tom that ...".
_SAYING_THAT = re.compile(r"\b(?:saying|that says|to say|^tell (?!me\b|us\b)(?:[\w.+-]+@[\w.-]+\w|\w+)|^let \w+ know|"
                          r"remind(?: me| us|er)\b[^.!?;\n]{0,25}? to|(?:e-?mail|tell|text|"
                          r"message|let|inform|notify|write|post|send)\b(?:[^.!?;\n]|\.(?=\w)){0,60}?\bthat)[,:]? ([^.!?;\n]+)", re.I)
#: A duration ("2 hours"), a weight or a length ("700g", "1.2 km", "5 miles", "150 lbs") or a temperature ("68°F",
#: "20 degrees Celsius") or a volume ("750 ml"), and each unit's measure and size (in seconds, grams, metres, litres).
_UNITS = re.compile(r"(\d+(?:\.\d+)?) ?(second|minute|min|hour|hr|day|week|kilogram|kilo|kg|gram|mg|g|lb|pound|kilomet(?:er|re)"
                    r"|km|cm|mm|met(?:er|re)|m|mile|ml|millilit(?:er|re)|lit(?:er|re))s?\b|(-?\d+(?:\.\d+)?) ?(?:°|degrees?) ?([CF])", re.I)
_SECONDS = {unit: (measure, float(size)) for measure, units in (
    ("time", "second 1 minute 60 min 60 hour 3600 hr 3600 day 86400 week 604800"),
    ("mass", "mg 0.001 g 1 gram 1 kg 1000 kilo 1000 kilogram 1000 lb 453.592 pound 453.592"),
    ("length", "mm 0.001 cm 0.01 m 1 meter 1 metre 1 km 1000 kilometer 1000 kilometre 1000 mile 1609.344"),
    ("volume", "ml 0.001 millilitre 0.001 milliliter 0.001 litre 1 liter 1"))
    for unit, size in zip(units.split()[::2], units.split()[1::2])}
#: What "in ..." names when it names no place: a unit or a scale ("in fahrenheit please", "in km", "in euros").
_IN_UNITS = stem_set(f"celsius fahrenheit kelvin metric imperial {' '.join(_SECONDS)} {' '.join(s + 's' for s in _SECONDS)}")
#: Simple arithmetic: numbers joined by ``+ - * / × ÷`` or "% of", in parentheses or not ("(2 + 3) * 4", "15% of 80").
_ARITHMETIC = re.compile(r"\(*\d[\d.]*%?\)*(?:\s*(?:[-+*/×÷]|of)\s*\(*\d[\d.]*%?\)*)+")
#: Who an age rule is of ("Patients must be 16 or over"): people, not orders, groups or bikes.
_PEOPLE = stem_set("patient patients student students rider riders participant participants member members player players "
                   "those people person persons "
                   "climber climbers applicant applicants driver drivers learner learners pupil pupils visitor visitors guest "
                   "guests child children kid kids adult adults teen teens customer customers client clients passenger "
                   "passengers camper campers swimmer swimmers volunteer volunteers attendee attendees everyone anyone you")
#: Words of a follow-up that name no thing of their own ("and 3 more please", "2 extra as well").
_NOT_A_THING = frozenset("please more extra again same too also well ones one each instead thanks".split())
#: Words before a code that make it no recipient's address ("from my wallet 0x...", "the last tx hash was 0x...").
_NOT_TO = frozenset("my own from hash tx transaction contract memo reference ref token".split())


def _sent_there(found: Sequence[str], k: int) -> bool:
    """Whether the code at ``found[k]`` is where something is sent: after "to" (within four words: "to my cold wallet
    0x...", not "from my wallet 0x... to Marco"), after "address"/"wallet"/"destination" ("his address is 0x...") or
    before "is where"; never a hash, a memo or one's own address told aside ("My own address is 0x...")."""
    near = [w.lower() for w in found[max(0, k - 4):k]]
    after = [w.lower() for w in found[k + 1:k + 3]]
    if "from" in near or {"hash", "tx", "transaction", "memo", "reference", "ref"} & set(near[-2:]):
        return False
    if "to" in near or "to" in [w.lower() for w in found[:k]] and not _NOT_TO & set(near):
        return True  # ("to the wallet we used last time at 0x99ff...")
    return after == ["is", "where"] or bool({"address", "wallet", "destination"} & set(near[-3:])) and not _NOT_TO & set(near)
#: Names of a field that is whoever did a thing ("taken by Ann Lee": the photographer).
_AGENTS = frozenset("photographer author artist creator maker writer painter reporter inspector collector organiser organizer "
                    "approver reviewer assessor sender seller buyer owner".split())
#: Words of seeing or recording, and of a thing not named, before a Latin name ("Saw something (Bufo bufo)", "Record
#: Banded Demoiselle (...)"): no part of a common name, but a capitalised "Spotted" inside one ("One Spotted Flycatcher").
_SEEN = frozenset("saw seen see found spotted caught heard noticed observed record recorded log logged add note something "
                  "anything thing one".split())
#: Words that make "a" a group, not one ("a set of tyres", "a pair of boots").
_COLLECTIVES = frozenset("set pair pack box couple few dozen full bunch lot case crate".split())
#: Words of a rate a field may be named by (``weekly_km``).
_RATE_NAMES = frozenset("weekly daily monthly yearly annual hourly per".split())
#: A latitude's field names and a longitude's.
_LATITUDE, _LONGITUDE = frozenset("lat latitude lat_deg latitude_deg".split()), frozenset(
    "lon lng long longitude lon_deg lng_deg longitude_deg".split())


def _coordinates(text: str) -> tuple[float | None, float | None]:
    """The latitude and longitude a text gives: labelled ("lat 52.2053 lon 0.1218", "latitude 51.5, longitude -0.12")
    or by their hemispheres ("53.80N 1.55W": 53.8, -1.55); ``None`` for one not said."""
    said = [t.rstrip(".;") for t in text.replace(",", " ").replace(":", " ").replace("°", " ").split()]
    found: list[float | None] = [None, None]

    def side(word: str, number: str) -> str:  # a hemisphere: a capital, or a small letter beside a decimal ("0.12 w"),
        return word.upper() if word in ("N", "S", "E", "W") or word in ("n", "s", "e", "w") and "." in number else ""  # not "30s"
    def number_at(k: int) -> bool:
        return 0 <= k < len(said) and bool(_NUMBER.fullmatch(said[k].rstrip("NSEWnsew")))
    for k, t in enumerate(said):
        number, letter = t.rstrip("NSEWnsew"), side(t[len(t.rstrip("NSEWnsew")):], t)  # after ("53.80N"), else apart:
        after = side(said[k + 1], t) if k + 1 < len(said) else ""  # the letter after, unless it leads the next number
        before = side(said[k - 1], t) if k and (not number_at(k - 2) or k >= 3 and side(said[k - 3], said[k - 2])) else ""
        # and one before does: "S 33.86 E 151.21" (a letter after a number is its, unless that number had one before)
        letter = letter or (before if before and (not after or number_at(k + 2)) else after)  # (a small letter only
        # beside a decimal: side's rule)
        axis = "NS".find(letter) < 0
        if _NUMBER.fullmatch(number) and len(letter) == 1 and ("." in number or found[axis] is None):  # ("N 51.2 W 1.1"),
            found[axis] = float(number) * (-1 if letter in "SW" else 1)  # never "in their 30s" nor "exit 12 N" over a decimal
        elif _NUMBER.fullmatch(t) and k and said[k - 1].lower() in _LATITUDE | _LONGITUDE:
            found[said[k - 1].lower() in _LONGITUDE] = float(t)
    return found[0], found[1]


def _date_words(said: Sequence[str]) -> set[int]:
    """The places of the tokens ``said`` that write a date in words: a month's name and the numbers beside it, and a
    year ("May 31 2025", "3 June 2025": no reading, count or price among them)."""
    return {j for k, t in enumerate(said) if t.lower() in CALENDAR and t[:3].lower() in MONTHS for j in (k - 1, k, k + 1)} | {
        k for k, t in enumerate(said) if len(t) == 4 and t[:2] in ("19", "20") and t.isdigit()}


def _named_kinds(text: str, kinds: Mapping[str, str]) -> list[str]:
    """The kinds of ``kinds`` (lowered) a message names, each once ("ash and oak rods"); the last when it corrects
    itself ("5 oak... no wait, make it 5 hazel": hazel); none when it leaves them open ("satin or matt")."""
    low = text.lower()
    named = list(dict.fromkeys(t.lower() for t in tokens(text) if t.lower() in kinds))
    cue = min((low.find(c) for c in ("no wait", "make it", "make that", "actually", "instead") if c in low), default=-1)
    if cue >= 0 and any(whole_words_at(low[:cue], n) for n in named) and any(whole_words_at(low[cue:], n) for n in named):
        return named[-1:]  # a kind said, then another after the cue
    spot = next((at[0] + len(f"{a} or {b}") for a, b in itertools.pairwise(named) if (at := whole_words_at(low, f"{a} or {b}"))), -1)
    if spot >= 0:  # "satin or matt, whichever is cheaper": not chosen; "Satin or matt? I'll go with matt": matt (not "I
        rest = _lower_tokens(low[spot:])  # don't want matt though", "satin, unless gloss is cheaper")
        chosen = [n for k, n in enumerate(rest) if n in named and rest[max(0, k - 2):k] in (["go", "with"], ["i'll", "take"], [
            "i'll", "have"], ["let's", "do"]) and not {"not", "don't", "unless", "if"} & set(rest)]
        return chosen[-1:]
    return named


def _blood_pressure(said: Sequence[str], asked: bool = False) -> tuple[int, int] | None:
    """The blood pressure a message's tokens give as "a/b": one after "BP", "pressure", "reading" or "vitals" first,
    else one in a reading's range; never a date ("10/12"), a dose ("50/25 mg") nor a share ("60/40 of the budget"). Of a
    pressure ``asked`` for (a systolic field's), the one pair said out of that range too (the field judges it: "310/95")."""
    labelled = {k for k, t in enumerate(said) for k in range(k + 1, k + 5) if t.lower() in ("bp", "pressure", "reading", "vitals")}
    beyond: list[tuple[int, int]] = []  # the pairs out of a reading's range
    said = [f"{a}/{c}" if b.lower() == "over" and a.isdigit() and c.isdigit() else a for a, b, c in zip(
        said, [*said[1:], ""], [*said[2:], "", ""])]  # "135 over 88"
    for k in sorted(range(len(said)), key=lambda k: k not in labelled):
        high, slash, low = said[k].partition("/")
        if not (slash and high.isdigit() and low.isdigit() and 2 <= len(high) <= 3 and 2 <= len(low) <= 3 and int(high) > int(low)):
            continue
        shared = said[k + 1:k + 2] == ["of"] and said[k + 2:k + 3] in (["the"], ["them"], ["her"], ["his"], ["their"], ["our"], [
            "your"], ["these"], ["those"], ["a"], ["an"])  # "45/30 of the chapters", "120/80 of our budget"
        if not shared and (k in labelled and int(high) >= 40 or 70 <= int(high) <= 300 and 30 <= int(low) <= 200):
            return int(high), int(low)
        beyond.append((int(high), int(low)) if not shared and int(high) > 300 and 30 <= int(low) <= 200 else (0, 0))  # (a
        # reading too high, not a split: "60/40 in my favour")
    return beyond[0] if asked and len(beyond) == 1 and beyond[0][0] else None  # (the one said, for the field to judge)


def _clause_after(text: str, said: str) -> str:
    """What ``text`` says after ``said`` up to its clause's end, a comma's aside included ("14 or over to climb
    unsupervised; ..." of "14 or over": "to climb unsupervised"; ", without a guardian")."""
    rest = text.lower().partition(said)[2]
    return min((rest.partition(cut)[0] for cut in (";", ".", " and ")), key=len)


def _of_people(word: str) -> bool:
    """Whether a lowered word names people a rule is of: "patients", "riders", "hikers", "entrants" (not "orders")."""
    return stem(word) in _PEOPLE or word.endswith(("ers", "ants", "ents", "ists")) and word not in _NOT_PEOPLE


#: Plural words that end like people's names for a role ("orders", "posters") but name things.
_NOT_PEOPLE = frozenset("orders numbers letters containers stickers posters flyers covers papers meters filters centers "
                        "layers markers trailers tickets parents events comments documents payments appointments".split())
#: Words that label a code as a place or a record's ("room B12", "ID B2291"): no class of a thing.
_LABELS = frozenset("room id ref reference unit gate flat seat bay no number # order booking ticket bin shelf aisle row pitch "
                    "stand desk locker platform".split())
#: Verbs of seeing before a count of animals ("spotted 3 humpbacks").
_SEEING = stem_set("saw seen see spotted spot counted count watched found heard recorded ringed caught logged")
#: Plural nouns a count gives that are no animals ("for 5 nights", "2 adults").
_NOT_ANIMALS = frozenset("nights days evenings mornings weeks months years hours minutes seconds times people persons adults children kids "
                         "guests visitors items pieces pairs sets tickets seats places spaces rooms euros pounds dollars".split())
#: Words that compare a number with a limit ("under $100", "more than 5", "at least 18").
_COMPARE = {"under": operator.lt, "below": operator.lt, "less": operator.lt, "over": operator.gt, "above": operator.gt,
            "more": operator.gt, "exceeds": operator.gt, "least": operator.ge, "most": operator.le}
_OPERATIONS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
#: Arithmetic in words, and its signs ("100 divided by 8": "100 / 8").
_IN_SIGNS = (("divided by", "/"), ("multiplied by", "*"), ("times", "*"), ("x", "*"), ("plus", "+"), ("minus", "-"),
             ("half of", "0.5 *"), ("twice", "2 *"), ("double", "2 *"))
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
#: A statement that names the user ("I'm Priya", "call me Sam", "my name is...", "Customer name: Ines"), not "call me
#: back tomorrow".
_LATER = ("back", "later", "tomorrow", "tonight", "today", "again", "at", "on", "when", "after", "before", "now", "asap")
_SELF_NAMED = re.compile(rf"(?i:\bmy name\b|\bcall me\b(?! (?:{'|'.join(_LATER)})\b)|"
                         r"\b(?:user|customer|client)(?:'s)? name\b|^name:)|\b[Ii](?:['’]m| am) [A-Z]")  # "hi i'm Priya" too
#: Counts spelled out in tens ("twenty-two", with :data:`_COUNT_WORDS`), and thousands written "k" ("max 300k").
_TENS = {w: n for n, w in zip(range(20, 100, 10), "twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SPELLED = re.compile(rf"\b(?:(?:{'|'.join(_TENS)})(?:-(?:one|{'|'.join(_COUNT_WORDS)}))?|{'|'.join(_COUNT_WORDS)})\b"
                      r"|(?<![\w.])(\d+(?:\.\d+)?)[kK]\b", re.I)  # "twenty-two": 22
_QUOTED = re.compile(r"(?<!\w)[\"“'‘]([^\"”'’\n]{1,300})[\"”'’](?!\w)")

#: Currencies by ISO code, with the words and signs that name them ("40 euros", "in yen", "£12").
_CURRENCIES = {code: frozenset(names) for code, *names in map(str.split, (
    "EUR euro euros € | USD dollar dollars $ | GBP pound pounds sterling quid £ | JPY yen | CHF franc francs | CAD | AUD "
    "| CNY yuan renminbi | INR rupee rupees | SEK | NOK | DKK | PLN zloty | MXN peso pesos").split("|"))}
_CURRENCY_NAMED = {name: code for code, names in _CURRENCIES.items() for name in names}  # "pounds": GBP, "$": USD
#: Who sells and who buys, in a field's name: a document names the one "by", the other "to" ("Issued by X to Y").
_SELLERS = stem_set("supplier vendor seller issuer merchant")
_BUYERS = stem_set("customer buyer client recipient billed")
_ISSUED = frozenset("issued sold supplied invoiced billed provided".split())
#: Words of an order that name nothing acted on ("OK, now go ahead and cancel the cleaning").
_ORDER_FILLERS = stem_set("ok okay now go ahead please then just also right away too really")
#: Words naming a percentage, in a field's name or after a number ("5.5 percent", annual_rate_pct, tip_percent).
_RATE_WORDS = stem_set("percent percentage pct")
#: Language codes an option may be, by the names a message calls them ("in Spanish": es).
_LANGUAGE_CODES = {code: stem_set(names) for code, names in (line.split(" ", 1) for line in (
    "en english", "es spanish", "de german", "fr french", "it italian", "pt portuguese", "nl dutch", "ja japanese",
    "zh chinese mandarin", "ko korean", "ru russian", "ar arabic", "pl polish", "sv swedish", "tr turkish"))}
_YES_NO = ("am", "is", "are", "was", "were", "do", "does", "did", "has", "have")  # first words of a yes/no question
#: First words of a question, and of a request too ("Tell me about...").
_ASKING = QUESTION_WORDS | frozenset("remind tell explain describe write give show list translate summarize "
                                     "summarise find help compose generate suggest recommend calculate solve plan name".split())
#: What a field's name or description says it holds.
_FREE_TEXT = stem_set("query input text message question prompt request summary description content reason "
                      "topic task comment note details issue problem body subject title event fact memory")
_PLACE = stem_set("city location place country destination origin source target departure arrival airport "
                  "town where address region area venue language lang harbour harbor marina beach resort village county")
_WHEN = stem_set("date day when time deadline eta due")
#: Words after "at" that name no place ("at home", "at least", "at noon"): a place in lower case is one after "at" else.
_NOT_PLACES = frozenset("home least all work night noon midnight once first last most best weekend lunch dinner breakfast "
                        "school sea risk hand heart times present moment midday dawn dusk sunrise sunset today tomorrow "
                        "tonight one two three four five six seven eight nine ten eleven twelve".split())
_DAY_PARTS = stem_set("morning afternoon evening night weekend")  # "in the morning" tells when, not where
_PIECE_CUES = frozenset("on in at for from since next every today tomorrow tonight".split())  # what opens a when or a where
# where a message's clauses part: "Get the price of AAPL, and also convert 100 USD", "Find X, then cancel it"
_CLAUSE = re.compile(r",? and also |; |\. |,? (?:and )?then |, and (?=[a-z]+ )| and (?=(?:what|when|where|which|who|how)\b)")
#: Instructions that offer a closed set of answers: "Reply with one word: positive or negative", "Classify the ticket
#: into one of: billing, technical, shipping", "Label the email as spam or not_spam".
_OPTIONS = re.compile(r"\b(?:one word|one of|either|is (?:this|the)(?: following)? [\w-]+|(?:classify|label|categori[sz]e|tag)\b[^.:]{0,40}?"
                      r"\b(?:as|into)|(?:answer|reply|respond)(?: with)?(?=:? ['\"]))\b:?\s+((?:['\"][\w -]+['\"],\s*)*['\"][\w -]+['\"],?\s+or\s+['\"][\w -]+"
                      r"['\"]|(?:[\w-]+,\s*)*[\w-]+,?\s+or\s+(?:not )?[\w-]+|(?:[\w-]+,\s*){2,}[\w-]+)", re.I)  # "Answer 'urgent' or
# 'not urgent'" (quoted); "Is this review positive, negative or mixed?"
#: Verbs that open instructions asking the model to make something of the user's message.
_MAKES = stem_set("generate write compose create draft translate rewrite paraphrase pick choose select compute "
                  "calculate solve derive prove correct proofread")
_UPPER = stem_set("max maximum upper most ceiling")
_ID = stem_set("id identifier number code serial reference ref pin sku isbn barcode upc vin imei")
#: Words for the young of a party ("2 adults and 3 kids": children 3).
_YOUNG = stem_set("child children kid kids")
_PERSON = stem_set("name person customer user attendee participant people member guest speaker author "
                   "owner contact passenger traveler traveller employee patient client sender recipient assignee "
                   "organizer organiser host requester requestor reporter submitter applicant candidate caller student pupil "
                   "teacher child patron tenant driver pet visitor player athlete swimmer keeper holder registrant observer surveyor recorder spotter")
#: Fields that name a group of people: a team's name is no name of one of its players.
_GROUPS = stem_set("team club band squad crew choir")
#: A free-text field that grades without options: it takes the option its words lean to.
_IMPLIED = {stem(field): options.split() for field, options in (
    ("priority", "low medium high"), ("severity", "low medium high"), ("urgency", "low medium high"),
    ("sentiment", "positive neutral negative"), ("tone", "positive neutral negative"), ("mood", "positive neutral negative"))}
#: Rooms of a home or a building, which a ``room`` field takes (with any word before "room": "living room").
_ROOMS = stem_set("kitchen bedroom bathroom study nursery garage garden hall hallway office basement attic cellar "
                  "lounge loft porch patio balcony lobby laundry pantry closet toilet shed workshop conservatory den")
#: A field naming a thing, not a person (and ``name`` on an object whose title names no person: "CalendarEvent",
#: or ``<thing>_name``: ``class_name``).
_THING = stem_set("product vendor company brand organization organisation merchant store shop supplier "
                  "manufacturer project team item")
#: A free-text field that names what the text is about: it takes the words after "about", "on", "regarding".
_SUBJECT = stem_set("topic subject title theme event")
_WORKS = stem_set("title song track book album film movie show podcast episode piece work name")  # what a maker made
_MAKERS = stem_set("artist author band singer composer director creator writer musician performer")  # "by the Beatles"
#: A field for a part of a product's name, which shares the name another field took ("Honda Civic": make, model).
_NAME_PARTS = stem_set("make model brand series variant edition trim")
#: What an action makes that a later one acts on ("email the confirmation", "text me the tracking number").
_RESULTS = stem_set("confirmation receipt result output details link tracking number reference summary invoice total")
_EXPLAINS = stem_set("explanation reasoning rationale justification")
_PLAIN = stem_set("readable simple easy understandable understood plain")  # a judgement of how plainly a text reads
#: Fields that place a judgement on a scale (a star rating, a sentiment score), and those that say how sure it is.
_SURE = stem_set("confidence certainty probability likelihood")
_SCORES = _SURE | stem_set("score rating stars grade goals")  # goals: a match's ("Ajax 2, PSV 3"), on no scale
_SIDES = stem_set("winner winning victor loser losing")  # which side of a match: "Porto beat Braga" (winner Porto)
_NEUTRAL = ("neutral", "other", "none", "unknown", "mixed")  # the option for nothing said, or for both ends said
_GENERIC_ANSWER = stem_set("answer response reply text output message content result explanation "
                           "reasoning feedback summary")
#: The words a place follows ("in Paris", "from FRA").
_PLACE_CUES = ("in", "at", "to", "for", "from", "near", "into", "via")
#: Currency signs and the codes they stand for (from :data:`_CURRENCIES`).
_SIGNS = tuple((sign, code) for code, names in _CURRENCIES.items() for sign in names if not sign.isalpha())
_GREETINGS = frozenset("hi hello hey heya hiya yo howdy greetings hola bonjour hallo ciao olá".split())
#: A sentence that greets, introduces or thanks ("Hi, this is Maria from accounting.", "Tom here.", "Thanks!").
_ASIDE = re.compile(rf"(?:(?:{'|'.join(_GREETINGS)}|dear|good (?:morning|afternoon|evening))\b(?:[^.!?]{{0,40}}[.!?]*$|.{{0,12}}"
                    r"(?:this is|it's|i'm|my name is) )|[A-Z]\w+ here[.!]*$|(?:thanks|thank you|cheers|best|regards)\b[^.!?]{0,30}[.!]?$)", re.I)
#: Words that compare listed records: the stems of the fields they compare, and whether the most wins ("cheapest").
_PRICED, _TIMED = "price cost fee fare amount total rate", "time depart departure start date arrive free available slot"
_COMPARED = {word: (stem_set(fields), most) for names, fields, most in (
    ("cheap", _PRICED, False), ("expensive pricey", _PRICED, True), ("early soon first", _TIMED, False),
    ("late", _TIMED, True), ("short quick fast", "duration length minutes min mins hours", False),
    ("long slow", "duration length minutes min mins hours", True), ("warm hot", "temp temperature", True),
    ("cold cool", "temp temperature", False), ("close near", "distance walk km miles metres meters min minutes", False),
    ("far farther farthest further furthest", "distance walk km miles metres meters min minutes", True)) for word in
    names.split()}
_TOTALS = frozenset("total altogether combined sum".split())  # words asking for a sum
#: Words that ask for the most or the least of what the question names ("the most free bikes", "the fewest stops").
_EXTREMES = {**dict.fromkeys("most highest largest biggest greatest maximum max".split(), True),
             **dict.fromkeys("least fewest lowest smallest minimum min".split(), False)}
#: Small talk: asking how the model is; a message of only laughter or praise ("lol", "nice").
_HOW_ARE_YOU = ("how are you", "how's it going", "how is it going", "how are things", "how have you been",
                "what's up", "cómo estás", "ça va", "wie geht", "come stai")
_LAUGHS = frozenset("lol haha hahaha hehe lmao rofl".split())
_CHATTER = frozenset("cool nice great awesome wow neat".split())
_SUBJECT_VERBS = frozenset("is was has had will would can can't cannot won't isn't wasn't needs wants declines "
                           "accepts says said beat beats defeated won lost drew".split())  # after a name opening a sentence
_NODS = frozenset("ok okay alright sure yeah yep kk".split())  # "ok cool": heard, nothing to note
#: A greeting that opens a message ("Hi! ...", "Good morning, ...", "hey i'm Sam"): not part of what the user tells.
_GREETING = re.compile(rf"(?:(?:good )?(?:morning|afternoon|evening)(?: all| everyone)?|{'|'.join(_GREETINGS)})(?: there| all)?(?:\s*[,!.]+\s*|\s+(?="
                       r"(?:i'm|i am|my name|this is|it's)\b))", re.I)
#: A few everyday words of some languages, for a triage agent that routes by the request's language.
_LANGUAGES = {language: frozenset(text.split()) for language, text in {
    "english": "hello hi thanks thank how are you what what's which where who is the of to and in it please good my i",
    "spanish": "hola gracias cómo como estás está qué por favor buenos días dónde quiero necesito mi cuánto cuanto cuesta "
               "cuestan precio hay puedo tienen usted también una el los las",
    "french": "bonjour merci comment ça va je vous est où voudrais plaît bonsoir suis mon j'ai avec ma une pour les des très "
              "à quelle quel heure votre nous avez c'est",
    "german": "hallo danke wie geht ich bitte ist nicht guten tag mein und",
    "italian": "ciao grazie come stai sono per favore buongiorno vorrei mio",
    "portuguese": "olá obrigado obrigada você tudo bem bom dia quero meu",
}.items()}
#: Articles that open place names in English too ("Los Angeles", "El Paso", "Las Vegas", "Le Mans").
_PLACE_ARTICLES = frozenset("el los las la le les".split())
#: Verbs of instructions that set the language of the answers ("Reply in German", "You only speak Spanish").
_ANSWERING = stem_set("answer respond reply write speak talk")
#: Words that open an order to the model ("Never reveal...", "If asked..."), not a fact it may tell.
_ORDERS = frozenset("always never do don't if when you your use call reply answer respond be keep please only".split())
#: Verbs that open the model's task in instructions ("Track who has which SIM", "Compare the two offers"): no fact to tell.
_TASKS = frozenset("track compare tell ask greet log record confirm write translate rewrite extract classify summarise "
                   "summarize collect gather escalate offer suggest explain refer treat avoid calculate count".split())


def _tasked(sentence: str) -> bool:
    """Whether a sentence of instructions opens with the model's task: a verb of :data:`_TASKS` and what it acts on
    ("Compare the two offers ...", "Track who has which SIM ..."), not a noun that happens to be one ("Offer ends
    Friday.", "Track 3 is closed", "Count Dracula lives ...", "Log cabins sleep six")."""
    said = _lower_tokens(sentence[:80])
    return len(said) > 1 and said[0] in _TASKS and said[1] in ("the", "a", "an", "who", "what", "which", "whether", "how",
                                                               "each", "every", "all", "any", "them", "it", "this", "these",
                                                               "those", "their", "your", "his", "her", "when", "where", "if")
#: What a condition of the instructions names when it sets the model's own conduct ("If the user asks for a refund").
_USERS = stem_set("user customer client")
#: Whom the model serves, as instructions name them ("The patient is Ines Cardoso"): a field of theirs takes that name.
#: Words of a guardrail's verdict on whether a message is within what an agent covers (``is_off_topic``, ``relevant``).
#: Verbs in the past that tell news of the user's ("I bought my bike...", "We sold the van"), not an order.
_NEWS_VERBS = frozenset("bought sold had was were got went made rebuilt built paid took saw found lost kept sent left met "
                  "ran spent gave brought".split())
#: Whose things may be the user's own too ("the company's office": my office), unlike a neighbour's dog.
_OURS = stem_set("company firm school team family club office household")
_SCOPES = stem_set("topic relevant relevance scope unrelated irrelevant")
#: Words of a plan, a class or a standing that a label gives a customer, no name ("Customer: Premium", "Business Class").
_TIERS = frozenset("premium gold silver bronze platinum basic standard pro plus vip business economy first class active "
                   "inactive new returning regular guest member customer user trial free".split())
_CLIENTS = stem_set("user customer client patient caller member guest student visitor passenger resident")
_CONDUCT = stem_set("ask want say mention request unsure tool question message")
#: Words that open a list's sentences ("First, ...", "Second thing: ...").
_ORDINALS = frozenset("first second third fourth fifth next last finally".split())
_PLACES = ("first", "second", "third", "fourth", "fifth", "last")  # a listed record's place ("the second one")
#: Words that open a message before a comma and say nothing ("Oh wait, ...", "Scratch that, ...").
_FILLER = frozenset("oh wait no scratch that um uh hmm oops ah well also btw anyway ugh argh".split())
#: Titles before a name that are no part of it ("Dr. Kwame Mensah": Kwame Mensah).
_HONORIFICS = frozenset("dr mr mrs ms mx prof sir".split())
#: Verbs a question uses to point back at the conversation ("which serial did I give you?"): not its topic.
_SAYING = stem_set("give gave tell told say said mention mentioned share shared remind remember ask asked describe "
                   "described")
#: Words before the thing a question asks about: "my favourite colour" asks about a colour.
_QUALIFIERS = stem_set("favorite favourite new current usual main preferred next last upcoming quarterly monthly weekly "
                        "yearly annual daily")
#: Words that mark a statement as correcting an earlier one: the newer value wins.
_CORRECTION = frozenset("actually sorry instead moved switched changed correction not anymore scratch meant raised "
                         "lowered postponed rescheduled oops".split())
#: Words that say what kind of value a question asks for, not what of ("What is the hare called?": a name, of the hare).
_VALUE_KINDS = stem_set("name time date day number")
#: Words that tell a value has changed since it was said ("The hall hire went up to 340 pounds", "we have 10 now").
_UPDATES = frozenset("now update updated increased decreased rose went gone dropped reduced cut".split())
#: What opens a corrected value ("Sorry, I meant BA117", "make that 6"), and the value "not" corrects ("Not 9431, 9413").
_CORRECTING = re.compile(r"\b(?:meant|actually|instead|sorry|(?:make|change) (?:that|it|the \w+ to)|not ([^,.;]+)[,;]|((?:what|how) about|same (?:again )?for)|^(and|in(?= \w+(?: please)?[.!?]*$)) )",
                         re.I)  # "What about savings?", "and 1Z777?", "Same for the hall": the call before, for another value
#: Verbs of tools that change something: a question ("what is the ticket number?") never calls them.
_CHANGES = stem_set("create delete remove update send cancel book open make set post submit place buy redirect "
                    "pay reset write refund toggle lock unlock turn switch enable disable mark complete request apply "
                    "freeze unfreeze block unblock suspend pause stop halt resume arrange admit dispatch assign discharge "
                    "allocate swap replace")
#: More verbs of tools that change something, which a question never calls either ("Who's running in novice?" enters
#: no dog with enter_trial; "What box am I on?" is no change_box).
_ENROLS = stem_set("enter enrol enroll register reserve schedule hire rent renew change edit modify")
#: Verbs that open many tool names: "check" alone does not ask for check_warranty, "warranty" does.
_VERBS = stem_set("get check run look lookup create make find search fetch update send list set do add "
                  "delete remove open show read write call use compute calculate join attend")
#: Words of a tool's name that say little of it alone: "back" of transfer_to_sell_back_desk is no "due back".
_SAY_LITTLE = stem_set("back out up off desk team")
_DONE = frozenset("sent ok okay done true success successful confirmed stored saved deleted".split())  # a bare
# acknowledgement
_PAST = {"send": "sent", "make": "made", "buy": "bought", "pay": "paid", "set": "set", "reset": "reset", "write": "wrote",
         "shut": "shut", "put": "put", "cut": "cut", "run": "ran", "find": "found", "get": "got", "hold": "held",
         "draw": "drew", "throw": "threw"}
_IN_VERBS = stem_set("check sign book log clock let buzz show pencil squeeze fit bring brought hand drop send sent put fill "
                     "turn")  # "check in Rosa", "brought in her violin": no place
_ARRANGES = stem_set("schedule arrange organize calendar diary agenda planner list to-do")  # an event's or a task's
_PARTICLES = ("up", "down", "in", "out", "off", "on", "back", "to", "into", "from")  # after a tool's verb: check_in
#: Verbs that open a request about someone named next ("Reach Tomas Weber", "Bill Acme Ltd"): no part of the name.
_ADDRESSING = stem_set("reach contact bill invoice charge email ping text message invite ask tell remind thank notify "
                       "call phone ring put reserve renew borrow return hold mark log record schedule")  # "Put X on hold"
_SEARCHES = stem_set("search find look lookup query research consult")  # tools that look something up
_MEMORY = stem_set("memory memories fact facts preference preferences profile remember")  # a long-term memory tool's
_STORES = {"keep": stem_set("save store remember memorize memorise record keep add note set update"),  # words; the verbs that keep
          "forget": stem_set("forget delete remove erase clear")}  # a fact, and that forget one
_OFF = frozenset("off disable stop mute pause silence deactivate".split())
_PIECES = stem_set("pcs pc piece each unit item count ea")  # the unit of a thing counted, not measured ("12 eggs")
_SIZES = ("extra", "small", "medium", "large")  # the words sizes S, M, L, XL abbreviate
#: A setting a word asks for by its meaning: "warm it up" or "it's freezing" asks to heat, "too warm" to cool, "max" or
#: "faster" high, "slow it down" low.
_ASKS = {**dict.fromkeys(["warm", "warmer", "cold", "colder", "freezing", "chilly", "too cool"], "heat"), **dict.fromkeys(
    ["chill", "hot", "hotter", "boiling", "too warm"], "cool"), **dict.fromkeys(["max", "maximum", "faster", "louder",
    "brighter"], "high"), **dict.fromkeys(["min", "minimum", "slow", "slower", "quieter", "dimmer"], "low"),
    "to let": "rent", "for let": "rent"}  # ("to let": for rent); not "down":
# "the server is down" asks for no low priority
#: A list field of the good (then the bad) side of a verdict: "pros", "cons" ("great: fast, but it's small").
_VERDICT_SIDES = [stem_set("pros strengths upsides positives benefits advantages liked likes"),
                  stem_set("cons weaknesses downsides negatives drawbacks disadvantages disliked dislikes")]
_STARTED = stem_set("since start started began onset")  # a field for when something began ("down since 9am")
#: The two ends of a scale of options (first and last): "not urgent" names the other end.
_SCALES = [set(pair.split()) for pair in "low high|negative positive|minor major|small large|easy hard".split("|")]
_SWITCHES = _OFF | {"on", "enable", "keep", "start", "activate", "unmute"}  # the verb that sets a switch's fields
_ENDS = {"from": ("from",), "source": ("from",), "origin": ("from",), "to": ("to", "into", "in"), "destination": ("to", "into"),
         "target": ("to", "into", "in"), "quote": ("to", "into", "in"), "base": ("from",), "new": ("to", "into"),
         "current": ("from",), "departure": ("from",), "arrival": ("to",), "pickup": ("from",), "dropoff": ("to",),
         "remove": ("from", "swap", "replace", "remove", "drop", "out"), "old": ("from", "swap", "replace"), "add": (
             "to", "for", "with", "put", "add"), "replacement": ("to", "for", "with")}  # from_account, to_account: the option after "from", after "to";
# new_plan: after "to"; remove, add: "swap ginger for lemongrass", "swap out ginger, put lemongrass in"
_PRONOUNS = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
             "i've": "you've", "i'd": "you'd", "i'll": "you'll"}
#: The listener's own words told back by the listener ("your name is Max" → "my name is Max"), and the verbs after
#: which "you" is a subject ("you are", "you can"), not an object ("call you").
_YOURS = {"your": "my", "yours": "mine", "yourself": "myself", "you're": "I'm", "you've": "I've", "you'll": "I'll",
          "you'd": "I'd"}
_YOU_DO = frozenset("are were can could will would should must have had do did need know".split())
#: The same for the user spoken of ("Tell the customer their request is logged": "Your request is logged").
_THEY = {"they": "you", "them": "you", "their": "your", "theirs": "yours", "they're": "you're", "they'll": "you'll"}
#: The same for a statement opening with "we" ("We land at 7am"); else "we" may hold the model ("before we start").
_WE = {"we": "you", "our": "your", "we're": "you're", "we've": "you've", "we'll": "you'll", "we'd": "you'd"}
#: Phrases a question asks with, and the word they mean.
_PHRASES = {"for a living": "job", "get in touch": "contact", "how old": "age", "who am i": "name",
            "call me": "name", "who are we": "name", "what am i called": "name", "can you do": "skill",
            "ask for": "want", "work for": "employer", "who are you": "name", "can you help": "skill",
            "work out": "workout", "to do list": "todo", "keep in mind": "remember", "bear in mind": "remember"}
#: Words inside one name ("Kennet and Avon", "Canal du Midi"), when the field's noun closes or opens it.
_NAME_JOINS = frozenset("and du de del della la le of upon on".split())
#: Capitalised words that open a sentence without naming anyone ("Total 245 euros", "Also Ben Cole").
_OPENERS = frozenset("total subtotal booking order just also then plus note please they we it this that there".split())
#: Words of a field that hold a person ("full_name", "guest", "passenger").
_PERSON_FIELDS = stem_set("full first last surname person guest passenger player attendee member customer")
#: Words of an hour field that ends a span ("end_hour", "leave_hour"): it takes the last time said.
_ENDING_HOURS = frozenset("end until finish close to stop leave depart out off".split())
#: Diets a dietary field takes ("vegan", "gluten-free" too: any "...-free").
_DIETS = frozenset("vegan vegetarian pescatarian halal kosher coeliac celiac keto paleo".split())
#: Fields whose value is a make's name with a number to it ("Skyfin 2", "Aero 7 Pro", "Delta 360").
_MODEL_WORDS = stem_set("model product kite version edition variant make")
#: Pronouns that open a statement about what an earlier one named ("It has a cracked top", "She wants it by May").
#: What comes to the asker ("When will the kits arrive?"): the eta of what was ordered.
_ARRIVING = stem_set("arrive arrives arriving come comes coming deliver delivered delivery ship shipped get here")
#: Words that place a statement in time without a date ("three weeks ago", "next month").
_TIMELY = stem_set("ago last next week weeks month months year years day days tomorrow yesterday today tonight morning "
                   "afternoon evening night soon later hour hours minute minutes eta spring summer autumn fall winter "
                   "term until till")
#: The words a flat's number follows ("Flat 3A", "apt 22", "Unit 5D").
_DWELLINGS = frozenset("flat apartment apt unit suite".split())
_STANDS_IN = frozenset("it its they their he his she her it's they've they're he's she's".split())
#: The stems of days and months: a question naming one is answered only by a statement naming the same.
_DAYS = stem_set(" ".join(CALENDAR))
#: Everyday words for words of a desk's description, read when no desk of a triage agent is named by its own words.
_SAME_AS = {"money back": "refund", "get back": "refund", "reimbursed": "refund", "send back": "return", "take back": "return",
            "bring back": "return", "took": "stolen theft", "stole": "stolen theft", "robbed": "stolen theft", "sign in": "login",
            "signing in": "login", "log in": "login", "log into": "login", "count me in": "attend", "be there": "attend",
            "make it": "attend", "never been": "new", "first time": "new", "do you have": "stock available",
            "take out": "remove delete", "every day": "daily", "every time": "always", "each day": "daily", "every week": "weekly",
            "let know": "message", "electric car": "ev", "electric vehicle": "ev", "left my": "lost", "left our": "lost",
            "left his": "lost", "left her": "lost", "got it back": "recovered", "got them back": "recovered"}  # "every
# day": repeat_daily; "I left my scarf": lost (not "on the left"); "Got it back fine": recovered
_NOT_FOUND = ("not found", "does not exist", "doesn't exist", "no match")  # what a tool says it did not find
_HANDOFF = stem_set("handoff transfer agent handle request")  # the words the SDK puts in each desk's description
#: A rule of the instructions that forbids something ("Never give investment advice", "Don't discuss politics").
_FORBIDS = re.compile(r"\b(?:never|don't|do not)\s+(\w+)\s+([^.;:!?\n]+)", re.I)
_GIVING = _SAYING | stem_set("discuss provide offer talk recommend")  # "never give advice" forbids the advice
#: The answer to a request the offline model cannot carry out ("Write a haiku", "Translate this").
#: How the model's own replies open when they hold no value: a request for one, or a refusal.
_ASKED_BACK = ("I can do that once I have", "Could you", "I don't know", "I can't")
_CANNOT = "I can't do that: I can only answer from what I was sent (the conversation, my instructions and tools)."
#: Colors a color field takes, never part of a room or a thing's name ("make the bedroom light blue": blue).
_COLORS = frozenset("red orange yellow green blue purple pink white black brown grey gray violet teal gold silver lavender "
                     "lilac cream ivory beige navy maroon burgundy crimson scarlet turquoise cyan magenta mauve olive amber indigo "
                     "charcoal khaki".split())
#: Languages instructions may ask to translate into ("You translate the user's message to Spanish").
_LANGUAGE_NAMES = {*_LANGUAGES, *("japanese chinese dutch russian arabic korean hindi polish turkish greek swedish welsh "
                                   "norwegian danish finnish czech hungarian romanian ukrainian irish gaelic hebrew urdu "
                                   "bengali vietnamese thai indonesian").split()}


@dataclass
class Tool:
    """A function tool the request offers: the stems of its name (``name_stems``), and those of its name, its
    description and what the instructions say next to its name (``stems``: "lookup_order for order numbers"); of a
    desk, not those of what its own work is for ("Refunds agent: Handles refunds for orders": no order)."""

    name: str
    parameters: dict[str, Any]
    name_stems: frozenset[str]
    stems: frozenset[str]
    handoff: bool
    told: str = ""  # its description

    @classmethod
    def read(cls, tool: Mapping[str, Any], instructions: str) -> Tool:
        name, said = str(tool.get("name", "")), str(tool.get("description") or "")
        parameters = tool.get("parameters") if isinstance(tool.get("parameters"), dict) else {}
        return cls(name, parameters, *_tool_stems(name, said, instructions), is_handoff(name, said), said)


def _told_options(schema: dict[str, Any], told: str) -> dict[str, Any]:
    """``schema`` with the options a tool's description quotes for a text parameter of no description of its own given
    as that parameter's description: "Temperature in a greenhouse zone: 'warm', 'intermediate' or 'cool'" (zone), "from
    its metal ('silver' or 'gold')" (metal), so a value said is one of them ("the cool zone": cool)."""
    fields = schema.get("properties") if isinstance(schema.get("properties"), Mapping) else {}
    given = {}
    for name, field in fields.items():
        if not isinstance(field, Mapping) or field.get("type") != "string" or "enum" in field or field.get("description"):
            continue
        at = told.lower().find(name.lower().replace("_", " "))
        span = told[at + len(name):][:120].split(")")[0].split(". ")[0] if at >= 0 else ""
        quoted = [q.strip() for q in span.replace('"', "'").split("'")[1::2]]
        if span.lstrip(" :(")[:1] in "'\"" and 1 < len(quoted) <= 8 and all(q.replace(" ", "").isalpha() and q.islower() and len(
                q.split()) <= 2 for q in quoted):
            given[name] = {**field, "description": ", ".join(quoted[:-1]) + f" or {quoted[-1]}."}
    return {**schema, "properties": {**fields, **given}} if given else schema


@functools.lru_cache(maxsize=256)  # the same tools and instructions come with every request of a conversation
def _tool_stems(name: str, said: str, instructions: str) -> tuple[frozenset[str], frozenset[str]]:
    """A tool's ``name_stems`` and ``stems`` (:class:`Tool`)."""
    hints = [s[s.find(name) + len(name):][:60].split(",")[0] for s in sentences(instructions) if name in s]
    name_stems = frozenset(words(name.replace("_", " ")))
    scope = {w for a, b in itertools.pairwise(said.lower().split()) if is_handoff(name, said) and b == "for" and (
        stem(a) in name_stems) for w in words(said.lower().partition(f"{a} for ")[2].split(".")[0].split(":")[0].split(",")[0])[:1]}
    # (its first word: "a claim for damage: burst pipes, ..." keeps the pipes, "permits for events and picnics" the picnics)
    told = words(f"{said} {' '.join(hints)}")
    parts = {stem(w.split("-")[0]) for w in told if w.count("-") == 1 and w.split("-")[1] in stem_set(
        "speaking based related friendly only")}  # "Spanish-speaking visitors": Spanish (not "lock" of "lock-outs")
    native = {stem(_NATIVE_NAMES[w]) for w in _lower_tokens(said) if w in _NATIVE_NAMES}  # "Clientes que escriben en
    return name_stems, frozenset(told) - scope | name_stems | parts | native  # español": Spanish


#: Languages by their own names ("español": Spanish), as a desk written in the language may name its own.
_NATIVE_NAMES = {"español": "spanish", "espanol": "spanish", "castellano": "spanish", "français": "french", "francais":
                 "french", "deutsch": "german", "italiano": "italian", "português": "portuguese", "portugues": "portuguese",
                 "nederlands": "dutch", "polski": "polish", "svenska": "swedish"}


@dataclass
class Request:
    """One request as the model reads it: ``body``, ``items``, the ``instructions`` (with the system and
    developer messages), the ``conversation`` (the other items) and the function ``tools`` offered."""

    body: Mapping[str, Any]
    items: list[dict[str, Any]]
    instructions: str = ""
    conversation: list[dict[str, Any]] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)
    #: answers already worked out for this request (:func:`_once_per_request`): one reply asks some questions twice
    worked_out: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def read(cls, body: Mapping[str, Any], items: Sequence[Mapping[str, Any]]) -> Request:
        instructions, conversation = [str(body.get("instructions") or "")], []
        for item in items:
            if item_type(item) == "message" and item.get("role") in ("system", "developer"):
                instructions.append(plain_text(item.get("content")))
            else:
                conversation.append(dict(item))
        text = _table_rows("\n".join(instructions).strip())  # (a table of facts row by row: "Sunday - 9am-5pm.")
        tools = [Tool.read(t, text) for t in body.get("tools") or []
                 if isinstance(t, Mapping) and t.get("type") == "function"]
        return cls(body, [dict(i) for i in items], text, conversation, tools)

    @cached_property
    def tools_told(self) -> str:
        """What the tools' descriptions say (a value's form: "date is YYYY-MM-DD")."""
        return " ".join(str(t.get("description") or "") for t in self.body.get("tools") or [] if isinstance(t, Mapping))

    @cached_property
    def said(self) -> list[Statement]:
        return read_items(self.conversation)

    @cached_property
    def memory(self) -> Memory:
        return Memory(self.said)

    @cached_property
    def pieces(self) -> list[tuple[str, list[str]]]:
        """The latest message's sentences (of its first 4,000 characters), each with its tokens ("ending in" read as
        "ending": "card ending in 4421")."""
        return [(piece, tokens(piece.replace(" ending in ", " ending "))) for piece in sentences(self.message[:4000])]

    @cached_property
    def sources(self) -> list[str]:
        """Where a field's value may come from, first place first: the latest message, then what was said before,
        newest first (no tool call's arguments, and no value from "I can do that once I have...")."""
        return [self.message] + [s.text for s in reversed(self.said) if s.role != "call" and not (
            s.role == "assistant" and s.text.startswith(_ASKED_BACK))]

    @cached_property
    def stated_before(self) -> list[frozenset[str]]:
        """The words of each statement with a value (a number, an id) the user made before the latest turn."""
        now = max((s.turn for s in self.said), default=0)
        return [s.stems for s in self.said if s.role == "user" and s.turn < now and facts(s.text)]

    @cached_property
    def last_user_index(self) -> int:
        return max((i for i, item in enumerate(self.conversation) if is_user_message(item)), default=-1)

    @property
    def raw_message(self) -> str:
        """The latest user message as sent ("" if there is none)."""
        item = self.conversation[self.last_user_index] if self.last_user_index >= 0 else {}
        return plain_text(item.get("content"))

    @cached_property
    def message(self) -> str:
        """The latest user message, markup tags read through; of a message carrying data (an agent called as
        a tool with structured input), that data as ``key: value`` lines."""
        text = apostrophes(MARKUP.sub("", self.raw_message)[:MAX_CHARS])
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
                called_after, handed_off = called_after or handed_off, handed_off or name in self.handoff_names
            elif item_type(item) == "message":
                results = []
            (name, arguments), pair = calls.get(item.get("call_id"), ("the tool", "")), pair_key(item)
            handed_off = handed_off or pair is not None and pair[0] == "output" and name in self.handoff_names
            if pair is not None and pair[0] == "output" and name not in self.handoff_names:
                output = item.get("output")
                results.append((name, output if isinstance(output, str) else plain_text(output), arguments))
        return handed_off, called_after, results

    @cached_property
    def handoff_names(self) -> frozenset[str]:
        """The names of the handoffs offered or made: ``transfer_to_<agent>``, and one renamed ("to_claims_team") by its
        description or by its ``{"assistant": ...}`` output (:func:`~memlab.offline.reading.is_handoff`)."""
        called = {i.get("call_id"): str(i.get("name", "")) for i in self.conversation if item_type(i) == "function_call"}
        tools = {t.name for t in self.tools if not t.handoff}  # (a tool of this agent's that returned {"assistant": "Maria
        return frozenset({t.name for t in self.tools if t.handoff} | {name for name in called.values() if is_handoff(name)} | {
            called[i.get("call_id")] for i in self.conversation if item_type(i) == "function_call_output" and i.get(
                "call_id") in called and called[i.get("call_id")] not in tools and is_handoff("", output=i.get("output"))})  # Lopez"} is no desk)

    @property
    def fingerprint(self) -> str:
        """A hash of what the input says (ids aside): output ids derive from it, so runs repeat."""
        said = [(item_type(i), i.get("role"), i.get("call_id"),
                 plain_text(i.get("content")) or i.get("output") or i.get("arguments")) for i in self.items]
        return hashlib.sha256(json.dumps([said], sort_keys=True, default=str).encode()).hexdigest()[:24]


class Reader:
    """Fills a schema's leaves (:class:`~memlab.offline.schema.Filler`) from the latest user message, then
    earlier statements; ``answer`` fills an answer's free text. Fields of one kind take its values in order
    (``add(a, b)``: "add 2 and 40"); ``start`` skips that many, for a second call ("in Paris and in Oslo"). A
    value tied to another of the tool's ``fields`` by name ("seat 14C"), or given to a field of another kind (an id,
    a place, a date...), is not taken."""

    NAMES = ("person", "thing")  # a value given to one of them is avoided only by the other

    def __init__(self, request: Request, answer: str = "", start: int = 0, whole: str = "",
                 fields: Sequence[str] = (), item: bool = False, tool: str = "", options: frozenset[str] = frozenset(
                     )) -> None:
        self.request, self.answer, self.start, self.fields = request, answer, start, fields
        self.options = options  # the tool's options ("vip", "us-east-1"): no value of another field ("4 VIP tickets")
        self.tool, self.own = tool, frozenset(words(tool.replace("_", " "))) - _VERBS  # what the tool's name says it acts on: "calories"
        self.searches = bool(_SEARCHES & set(words(tool.replace("_", " "))))  # search_help(topic): what is asked
        self.item = item  # it reads one item of a list ("3 desks at 120 each"): its text is the thing counted
        self.given: dict[str, str] = {}  # value → the kind of the field it was given to
        self.others: set[str] = set()  # names and codes given to fields of no kind ("Log 2 ml for GK-2290": the tag's)
        self.inside: set[str] = set()  # the words after the first of a name given ("IC 512")
        self.whole = whole or request.message  # free text: the whole message, when a clause of it is read
        self.texts = request.sources
        self.found_nothing: list[str] = []
        self.bounded = bool(tool)  # a value out of its field's range is noted as none (a tool's call asks for it)
        self.taken: dict[str, int] = {}  # values of each kind given out so far
        self.ran_out = False  # a field asked for a value past the last one of its kind
        self.chosen: tuple[str, list[str]] | None = None  # the option chosen (or the message's tone), by which words
        self.toned = False  # ``chosen`` holds the message's tone, not an option

    @staticmethod
    def qualifier(name: str, description: str) -> frozenset[str]:
        """The stem of the noun a description names the field after, if it is no date ("the given lettering finish":
        lettering): a finish, an end, a start of a thing, not a time."""
        said = _lower_tokens(description)
        return frozenset(stem(a) for a, b, c in zip(said, said[1:], [*said[2:], ""]) if b == name.lower() and a.isalpha(
            ) and a not in STOP and stem(a) not in _WHEN and c not in ("date", "time", "day", "datetime"))

    def kind(self, name: str, description: str, format: str | None = None,
             owner: str = "") -> tuple[str, Callable[[str], list[str]] | None]:
        """What a string field holds (by its name, description, format or ``owner``), and how to find such values."""
        field_stems = frozenset(words(name.replace("_", " "))) | (  # "catalogue_no": a number
            {stem("number")} if name.lower().endswith(("_no", "_num", "_nr")) else frozenset())
        if self.item and field_stems == {stem("name")} and {"quantity", "qty", "count"} & {f.lower() for f in self.fields} and not {
                "unit", "units", "measure"} & {f.lower() for f in self.fields} and _counted_things(self.whole, self.options):
            return "item", lambda text: _counted_things(text, self.options)  # an order line's: "2 large serving bowls"
        about = set(words(f"{name.replace('_', ' ')} {description}")) | {stem(name.lower())}  # "when" too
        if field_stems & stem_set("unit flat apartment apt suite") and not (field_stems | set(words(description))) & stem_set(
                "measure measurement price cost length weight volume distance temperature metric") and not {f.lower() for f in (
                    self.fields)} & {"length", "width", "height", "weight", "quantity", "amount", "value", "size"} and any(
                a in _DWELLINGS and any(c.isdigit() for c in b) for a, b in itertools.pairwise(_lower_tokens(self.whole))):
            return "dwelling", lambda text: [b for a, b in itertools.pairwise(tokens(text)) if a.lower() in _DWELLINGS and any(
                c.isdigit() for c in b)]  # "Flat 3A - the kitchen light flickers": unit 3A
        alone = [t for t in self.request.tools if t.name == self.tool and list(t.parameters.get("properties") or {}) == [name]]
        told = self.request.tools_told
        named = next((_EXAMPLE.match(told[at + len(name) + 1:at + len(name) + 40]) for at in whole_words_at(told.lower(), name.lower(
            )) if len(name) > 2), None)  # any tool's: "Litres of milk from one cow (ear tag like UK-704312)" for tag
        sample = example.group(1).rstrip(".:") if (example := _EXAMPLE.search(description) or alone and (
            _EXAMPLE.search(self.told(name, ""))) or named) else ""  # (the tool's own example of its one field: "Location
        # of an object by accession number (e.g. 1987.44.2)")
        lent = bool(named) and not alone and not _EXAMPLE.search(description)  # another tool's example: its shape, if one
        # is said now or no code is ("log 2 ml for her": the tag asked of before; not for "GK-2290" of "like UK-704312")
        whole = not (alone and sample) or _EXAMPLE.search(description) or self.told(name, "").partition(sample)[2][:1] in (
            "", ")", ".", ",", ";")
        shape = _shape(sample) if any(c.isdigit() for c in sample) and not _DATE.match(sample) and whole else None  # (not
        # "EH1" of "e.g. EH1 2NG")
        if lent and shape is not None and not any(shape.fullmatch(t) for t in tokens(self.whole)) and identifiers(self.whole):
            shape = None
        if shape is not None and (not alone or _EXAMPLE.search(description) or any(shape.fullmatch(t) for t in tokens(
                self.whole))):  # a date's example: a date, said any way (a tool's own example only if one is said: not
            # "SW1A" of "e.g. SW1A 1AA" when "LS6 2AB" is)
            after = (f"{told} {description}".partition(f"{sample} ")[2].split() or [""])[0].rstrip(",.;)")  # "a size like
            then = _shape(after) if sample in f"{told} {description}" and any(c.isdigit() for c in after) and any(  # 205/55
                c.isalpha() for c in after) and len(after) <= 5 else None  # R16": the two parts, as the example has them
            def shaped(text: str) -> list[str]:
                found = tokens(text)
                return [(t if shape.fullmatch(t) else t.upper()) + (f" {n.upper()}" if then and then.fullmatch(n.upper()) and not (
                    n[:1].lower() == "x" and n[1:].isdigit() or n.lower().endswith(("st", "nd", "rd", "th", "am", "pm"))) else "")
                        # (not a count, "205/55 x2", nor a floor or an hour: "LS6 4th floor", "LS6 9am")
                        for t, n in zip(found, [*found[1:], ""]) if shape.fullmatch(t) or shape.fullmatch(t.upper())]
            return "example", shaped  # ("cb-1042" of "like CB-1042": CB-1042)
        if shape is not None and alone and any(c.isalpha() for c in sample) and any(c.isdigit() for c in sample) and not any(
                identifiers(text) for text in self.texts[:1]):  # lock_stock's blank "(e.g. UL050, YA1)": no code said,
            return "example", lambda text: []  # no value of it ("How much Bramley do we have?" is another tool's)
        if field_stems & stem_set("diet dietary allergy allergies intolerance intolerances") and (  # "Priya Raman (34, vegan)":
                "allergic to " in self.whole.lower() or any(t.lower() in _DIETS or t.lower().endswith("-free") for t in tokens(
                    self.whole)) or any(cue in self.whole.lower() for cue in ("no dietary", "no diet", "no allerg", "eats anything",
                                                                              "no special"))):  # (a diet said, or none; else as
            # any field: "a penicillin allergy")
            return "diet", _diet
        if field_stems & stem_set("fault problem issue symptom defect complaint damage") and not self.item and _fault_said(
                self.whole):  # "it has a speed
            return "fault", _fault_said  # wobble": speed wobble (not the brand said before it)
        if stem("body") in field_stems and any(t.lower() in _BODY_PARTS - {"back"} or t == "back" for t in tokens(self.whole)):  # body_part: "Left
            return "body", lambda text: [b.lower() for a, b, c in zip(["", *tokens(text)], tokens(text), [*tokens(text)[1:], ""]) if (
                b.lower() in _BODY_PARTS and not (b.lower() == "back" and (a.lower() in ("i'm", "be", "come", "came", "get", "got", "am") or (
                    c.lower() in ("from", "to", "home", "in", "at", "on")))))][:1]  # knee, ...": knee (not "I'm back from")
        kinds = {o.strip(" .").lower(): o.strip(" .") for at in whole_words_at(told.lower(), name.lower()) if told[
            at + len(name):].lstrip()[:1] == "(" for o in told[at + len(name):].partition("(")[2].partition(")")[0].replace(
                " or ", ",").split(",") if o.strip(" .").isalpha()}  # the kinds a tool lists ("a tree species (ash, oak, hazel,
        # willow)", "ticker symbol (BTC, ETH, SOL...)")
        if len(kinds) >= 2 and not self.item and not self.answer and any(t.lower() in kinds for t in tokens(self.whole)) and not (
                field_stems & stem_set("species animal breed creature")):
            return "listed", lambda text: [kinds[k] for k in _named_kinds(text, kinds)]
        if field_stems & stem_set("species animal breed creature") and not self.item and not field_stems & _ID:  # "a hedgehog weighing 420 grams":
            def creatures(text: str) -> list[str]:  # "an injured robin": robin; "spotted 3 humpbacks ... one was a calf",
                found = tokens(text)  # "Saw 3 female mallards": the animals counted (not "from 2 boats", "2 photos of a hare")
                if named := _named_kinds(text, kinds):
                    return named  # ("reserve 4 ash", "ash and oak rods")
                if kind := [b for a, b, c in zip(found, found[1:], found[2:]) if a.isdigit() and stem(c.lower()) in self.own and (
                        b.isalpha() and b.lower() not in STOP)][:1]:
                    return kind  # "10 willow rods" of reserve_rods: the rods are the tool's, willow their kind
                counted = [(not {stem(b.lower()) for b in found[max(0, k - 3):k]} & _SEEING, w) for k, a in enumerate(found) if (
                    a.isdigit() and 1 < int(a) < 1000 and found[k - 1:k] not in [[p] for p in (
                        "from", "with", "over", "in", "on", "by", "for", "across", "after", "during", "within", "of", "at", "From",
                        "With", "Over", "In", "On", "By", "For", "After")] and found[k + 3:k + 4] != ["of"])
                           for w in found[k + 1:k + 3][-1:] + (
                    found[k + 1:k + 2]) if w.isalpha() and w.lower().endswith("s") and not w.lower().endswith("ss") and (
                        w.lower() not in MEASURE_WORDS | CALENDAR | STOP | _NOT_ANIMALS) and stem(w.lower()) not in _PEOPLE | stem_set(
                        "friend friends tourist tourists colleague colleagues volunteer volunteers")]
                single = [next((w for w in found[k + 1:k + 4] if not (w.lower().endswith(("ed", "ing")) or (
                    w.lower() in _LOOKS)) and w.isalpha() and w.lower() not in STOP), "") for k, a in enumerate(found) if a.lower(
                        ) in ("a", "an")][:1]  # (one seen, before a count of no seeing: "2 boats passed, then a seal surfaced")
                latin = text.partition("(")[2].partition(")")[0].split()  # "Stag beetle (Lucanus cervus)": its name
                first = text.split()[0] if text.split() else ""
                common = list(itertools.takewhile(lambda w: w.replace("-", "").isalpha() and w.lower() not in STOP and w.lower() not in _COUNT_WORDS and not (
                    w.lower() in _SEEN and (w.islower() or w == first or w.lower() != "spotted")) and not (
                    w.islower() and w.endswith("ed")), reversed(text.partition("(")[0].split())))[:3][::-1]  # ("Found 1
                # Hedgehog (...)": Hedgehog; "a Great Crested Newt", "Red-backed Shrike" whole)
                named = [" ".join(common)] if len(latin) == 2 and latin[0].istitle() and latin[1].islower() and latin[1].isalpha(
                    ) and common else []
                return [w for unseen, w in sorted(counted, key=lambda c: c[0]) if not (unseen and single)][:1] or named or single
            return "species", creatures
        doing = field_stems & stem_set("activity sport hobby exercise workout") and (example := _EXAMPLE.search(self.told(
            name, description))) and example.group(1).lower().endswith("ing")  # not a query "e.g. running shoes"
        if doing:  # "a given activity (e.g. skiing, scuba diving)": what the user does ("skiing in Austria": skiing)
            return "doing", lambda text: [" ".join(p[-1:] + [t]) for found in [tokens(text)] for at, t in enumerate(found) for p in [[
                w for w in found[at - 1:at] if w.islower() and w not in STOP]] if len(t) > 4 and t.islower() and t.endswith(
                    "ing") and t not in STOP and t not in _NOT_DOING]
        ends = {cue for part in f"{name.lower()}_".split("_") for cue in _ENDS.get(part, ())[:1]}
        if "currency" in about or ends and len(_currencies(self.whole)) > 1 and not field_stems - stem_set(" ".join(
                _ENDS)):  # the target is the one after "to" (available_from: no currency)
            side = min(ends, default="")  # "from_currency": the source; "to", "target": the target
            return f"currency {side}", lambda text: _currencies(text, side)
        if field_stems & stem_set("unit scale") and ends:  # "350 fahrenheit to celsius", "how many km is 26.2 miles":
            cues = ("to", "into", "in", "many") if "to" in ends else tuple("0123456789")  # the unit after a number, or the
            listed = {o.strip().lower() for piece in (description, next((t.told for t in self.request.tools if t.name == self.tool), "")) for o in (
                piece.partition("(")[2].partition(")")[0].replace(" or ", ",").split(","))}  # target's ("20 degrees celsius": celsius; "12.5 mm to in"
            return f"unit {min(ends)}", lambda text: [next((t for t in tokens(text) if t.lower() == u and t.isupper()), u)
                                                      for c, u in itertools.pairwise(w for w, n in itertools.pairwise([
                *_lower_tokens(text), "to"]) if w != "degrees" or n in STOP) if c.startswith(cues) and u.isalpha() and (
                    u not in STOP or u in listed)]  # of "(mm, in, kg)")
        either = about & stem_set("name people person") and "@" not in self.whole  # "emails or names": "with Priya"
        if format == "email" or "email" in about and not either or name.lower() in ("cc", "bcc") or (
                name.lower() in ("to", "recipient", "sender") and "@" in self.whole):  # else a recipient is a person
            return "email", _EMAIL.findall
        timed = self.iso(name, description, "hh:mm") or name.lower().endswith("time")  # "depart_after HH:MM": "8am"
        if format in ("date", "date-time", "time") or about & _WHEN or timed or self.iso(name, description) or name.lower(
                ).replace("_", "") in ("checkin", "checkout", "when") or name.lower().endswith("_on") and bool(_when(  # read_on:
                    self.whole, None, self.year, self.today)) and not _offset(self.whole) and name.lower()[:-3].rpartition(
                        "_")[2] not in _NOT_DATED or (name.lower() in ("at", "datetime", "timestamp") or name.lower(
                ).endswith("_at") and name.lower()[:-3].rpartition("_")[2] not in ("found", "located", "based")) and (not set(words(
                    description)) - field_stems or set(words(description)) & (_WHEN | stem_set(
                    "iso datetime")) or {"when", "time", "date"} & set(_lower_tokens(description))) or name.lower(
                ) in ("arrival", "departure") + ("arrive", "depart") * bool(_DATE.search(self.whole)) and not set(words(
                    description)) - field_stems & _PLACE or {stem("from")} < field_stems | {stem("from")} <= stem_set(
                "start end begin finish available from until") and not self.qualifier(name, self.told(name, description)) or ({"until", "till"} & set(name.lower().split("_")) or "from" in (
                name.lower().split("_")) and field_stems & stem_set("closed open valid effective")) and _DATE.search(
                self.whole) and any(m in self.whole.lower() for m in (*MONTHS, "/")) or name.lower().endswith("_by") and _when(" ".join(
                self.whole.partition(" by ")[2].split()[:3]), None, self.year, self.today):  # a field named "time" takes
            # a time ("8pm"), "start" too, "deliver_by" one said after "by" ("delivery by Friday": Friday)
            clock = timed or stem("time") in field_stems and not field_stems & stem_set("date day zone") or (  # "start_time"
                field_stems and field_stems <= stem_set("start end begin finish") and "date" not in description.lower() and any(
                    f.lower() in ("date", "day") or f.lower().endswith(("_date", "_day")) for f in self.fields if f != name))
            # "start" beside "date": "10:00 on 15 june": 10:00
            form = "clock" if clock and format is None else format
            told = f"{description} {self.request.tools_told}"  # "date is YYYY-MM-DD, time is HH:MM"
            told += " ".join(c for s in sentences(self.request.instructions[:2000]) for c in s.replace(";", ",").split(
                ",") if "YYYY" in c and not {"never", "not", "don't"} & set(_lower_tokens(c.partition("YYYY")[0])))
            # "Use YYYY-MM-DD for dates" in the instructions too (not "Never write dates as YYYY-MM-DD")
            iso = next((piece.lower() for piece in sentences(f"{description}. {self.told(name, description)}. {self.request.tools_told}")
                        if "ISO 8601" in piece), "")
            form = form or (("iso" if "time" in iso else "date") if iso else (  # "Start date and time, ISO 8601" (its own,
                "date" if "YYYY-MM-DD" in told else None))  # first; else a tool's: "Set an alarm at an ISO 8601 datetime")
            form = "hh:mm" if form == "clock" and "HH:MM" in told else form
            ending = {"until", "till", "end"} & set(name.lower().split("_"))  # closed_until: the date after "to", "until"
            dated = bool(field_stems & stem_set("day date")) and not field_stems & stem_set("time hour") and not form
            return f"date{form or ''}", lambda text: _days_first(_when(next((t for cue in (" until ", " till ", " to ") if ending and (
                t := text.partition(cue)[2]) and _when(t, form, self.year, self.today)), text), form, self.year, self.today,
                not field_stems & stem_set("day date")), dated)  # a day's field, the day alone: "Saturday" of "on Saturday
            # at 9am"; a date's field, a date before a time ("the 11:00 on 14/08/2025": 14/08/2025)
        if field_stems & stem_set("path file folder dir directory") and "/" in self.whole:  # "tests/unit"
            return "path", lambda text: [t for t in tokens(text) if "/" in t]
        if format == "uri":
            return "uri", _links
        if field_stems & _GENERIC_ANSWER and self.answer:
            return "answer", None
        part = next((at for at, part in enumerate(_ADDRESS_PARTS, 1) if field_stems & part), 0)
        if field_stems & stem_set("address ship deliver") and not part and _ADDRESS.search(self.whole):  # all of it
            return "address", lambda text: [found.group(0).rstrip(".") for found in _ADDRESS.finditer(text)]
        if part and _ADDRESS.search(self.whole) and (part != 3 or any(f[2] for f in _ADDRESS.findall(self.whole))):  # a
            # street, a city, a postcode: their part of the address (a postcode after it alone: "3 Fern Lane, HX7 8AB")
            return f"address {part}", lambda text: [found[part - 1] for found in _ADDRESS.findall(text) if found[part - 1] and not (
                part == 2 and any(c.isdigit() for c in found[1]))]  # (no city "HX7" of "3 Fern Lane, HX7 8AB")
        if field_stems & stem_set("channel room") and "#" in self.whole:  # "Post in #general that...": #general
            return "channel", lambda text: [w.strip(".,;:!?") for w in text.split() if w.startswith("#") and len(w) > 1]
        if stem("initials") in field_stems or stem("initial") in field_stems:  # "RB, 34yo female": RB
            return "initials", lambda text: [t for t in tokens(text) if 2 <= len(t) <= 3 and t.isalpha() and t.isupper()]
        if field_stems & stem_set("phone mobile telephone tel cell callback whatsapp sms") or field_stems >= stem_set(
                "contact number"):  # "Text 555-0134 that...": the whole number (callback_number: "07911 223344")
            return "phone", _phones
        if field_stems & _ADDRESS_PARTS[2]:  # "to 94107": a zip code of five digits; a UK postcode whole ("LS6 2QT")
            return "zip", lambda text: [t for t in tokens(text) if t.isdigit() and len(t) == 5 and not any(t in m[0] and _phone_like(
                m[0]) for m in _PHONE.finditer(text))] or [  # (not "07911" of "07911 223344")
                f"{a} {b}" for a, b in itertools.pairwise(tokens(text)) if _uk_postcode(a, b)]
        if field_stems & stem_set("room zone area") and _rooms(self.whole):  # "turn off the kitchen lights": kitchen
            return "room", _rooms
        for names, said in ((_LANGUAGE_NAMES, "language lang"), (_COLORS, "color colour hue")):  # "Spanish", "blue"
            if field_stems & stem_set(said) and set(_lower_tokens(self.whole)) & names:
                return said.split()[0], lambda text: [t for t in tokens(text) if t.lower() in names]
        party = "by" if field_stems & _SELLERS else "to" if field_stems & _BUYERS else ""  # "Issued ... by Keystroke
        said = _lower_tokens(self.whole)  # Ltd to Harbourview Dental": after a document's verb and "by"
        issued = party and any(w == "by" and _ISSUED & set(said[max(0, k - 5):k]) for k, w in enumerate(said))  # "Issued
        # 3 March 2024 by"
        party = party if issued else "for" * (party == "to" and any(identifiers(a) and b == "for" for a, b in (
            itertools.pairwise(tokens(self.whole)))))  # else "Quote Q-5512 for Brightwater Architects"
        if party and [n for n in _after(self.whole, party, field_stems) if n[:1].isupper()]:
            return f"side {party}", lambda text: [n for n in _after(text, party, field_stems) if n[:1].isupper()]
        if ends and not about & _PLACE and ends & set(_lower_tokens(self.whole)):  # from_account: "from checking"
            return f"side {min(ends)}", lambda text: _after(text, min(ends), field_stems)
        parts = set(name.lower().split("_"))
        if {"to", "destination", "recipient"} & parts and {"address", "wallet", "account", "iban"} & parts and not self.answer:
            def sent_to(text: str) -> list[str]:  # "send 0.5 ETH to 0x9AbC33f01e": to_address is the code after "to"
                found = tokens(text)  # (or "at" after it: "to my friend at hello123"), a code of 6 or more
                return [b for k, (a, b) in enumerate(itertools.pairwise(found)) if (a.lower() == "to" or a.lower() == "at" and "to" in [
                    w.lower() for w in found[max(0, k - 3):k]]) and (b.lower().startswith("0x") or len(b) >= 6 and any(
                        c.isdigit() for c in b) and any(c.isalpha() for c in b) and not _DATE.fullmatch(b) and not b[:1].isdigit())][
                    -1:] or [t for k, t in enumerate(found) if t.lower().startswith("0x") and len(t) > 4 and _sent_there(found, k)][-1:]
            if sent_to(self.whole):
                return "sent to", sent_to
        if about & _PLACE:  # else one opening a count ("Lisbon 3 nights"), one in lower case after "in"/"for" ("weather
            # in paris please" → "Paris"; not "for 2 guests"); "for the Garden Fair" names an event, last
            return "place", lambda text: [m[1] for m in _ADDRESS.finditer(text) if ends and text[:m.start()].rstrip().lower(
                ).endswith(tuple(f" {end}" for end in ends))][:1] or _names_after(text, tuple(ends))[:1] or [
                a for a in _after(text, min(ends, default=""), field_stems) if a.islower()][:1] * bool(ends) or (
                "from" in ends and " to " in text and (
                [w for k, w in enumerate(tokens(text.partition(" to ")[0])) if k and w[:1].isupper() and w.lower() not in (
                    STOP) and w != "I"][-1:])) or (sorted(_names_after(
                _from_to(text), (*_PLACE_CUES, "of", "leaves", "leaving",
                "departs", "visits")), key=lambda n: f"for the {n}" in text) or _proper_names(text) or [w for w, n in
                itertools.pairwise(tokens(text)[:2]) if w.istitle() and n.isdigit() and stem(w.lower()) not in _VERBS | _CHANGES] or [
                place.title() for cue in ("in", "for") for place in _after(text, cue, field_stems | _DAYS | _IN_UNITS) if (
                    place[:1].isalpha())] or [place.title() for place in _after(text, "at", field_stems | _DAYS | _IN_UNITS) if (
                        place.isalpha() and place not in _NOT_PLACES)][:1])  # departure_airport: the one after "from" (or before "to"), if one is
        if field_stems == {"month"}:  # "February's total": 2025-02 if months are written YYYY-MM
            iso = "YYYY-MM" in f"{description} {self.request.tools_told}"
            return "month", lambda text: [f"{self.year}-{MONTHS.index(m[:3]) + 1:02}" if iso else m.title() for m in (
                t.lower().removesuffix("'s") for t in tokens(text)) if m in CALENDAR and m[:3] in MONTHS]
        if field_stems & stem_set("last4 digits four 4") or stem("last") in field_stems and " ending " in self.whole:  # "my
            # Visa ending in 3012": 3012; only digits ("I left my card at the cafe": none, not "cafe")
            four = bool(field_stems & stem_set("last4 four 4"))  # card_last_four: four digits ("Via Roma 14" has none)
            return "digits", lambda text: [t for t in tokens(text.partition(" ending ")[2])[:2] or tokens(text) if t.isdigit() and (
                len(t) == 4 or not four)]
        if field_stems & stem_set("flight train") and not field_stems & _PLACE and any(map(_vehicle_codes, self.request.sources)):
            moved = any(stem("new") in words(f.replace("_", " ")) for f in self.fields if f != name)  # beside new_flight,
            return "code", lambda text: [c for c in _vehicle_codes(text) if not (moved and f"to {c}" in text)]  # the one
            # flown now, not the one moved to ("move me to LH 1240"); "flying LH 1234", "the IC 512"
        if field_stems & stem_set("version release build") and any(map(_versioned, tokens(self.whole))):  # "in v3.2.1"
            return "version", lambda text: [t for t in tokens(text) if _versioned(t)]
        if field_stems & _ID:  # an identifier ("evt_204" too), else a number of two digits or more ("order 77")
            others = frozenset(words(" ".join(f.replace("_", " ") for f in self.fields)))  # (a phone number is the
            phoned = bool(others & stem_set("phone mobile telephone tel cell")) and not field_stems & stem_set("phone")  # phone's)
            lettered = {len(m.group(1)) for m in _EXAMPLE.finditer(next((t.told for t in self.request.tools if t.name == (
                self.tool)), "")) if m.group(1).isalpha() and m.group(1).isupper()}  # "by its code (e.g. ABD, INV)": "INV"
            verbs = set(words(self.tool.replace("_", " ")))

            def ids(text: str) -> list[str]:  # "evt_204", an identifier, else a number of five digits or more, or of two
                # after the field's word ("order 77"), a short code ("in P7"), a code like the tool's examples ("INV"), a
                # number after the tool's verb ("unlock 6120 instead"); none of a phone's digits ("07700 900456") when
                # the tool takes a phone too, half a postcode ("2GA" of "TW6 2GA") or a weight ("500g")
                dialled = {part for m in _PHONE.finditer(text) if _phone_like(m.group(0)) for part in m.group(0).split()} if (
                    phoned) else set()
                return [v for v in [w.strip(".,;:!?()") for w in text.split() if "_" in w and any(map(str.isdigit, w))] or _own_ids(
                    text, field_stems, self.own, others) or [f for f in facts(text) if f not in dialled and not _DATE.fullmatch(f) and (
                        sum(map(str.isdigit, f)) >= 5 or sum(map(str.isdigit, f)) >= 2 and {stem(w.lower()) for w in text[:text.find(
                            f)].split()[-3:]} & field_stems)] or [t for t in tokens(text) if 2 <= len(t) <= 4 and t[0].isupper() and t[
                                1:].isdigit()] or [t for t in tokens(text) if len(t) in lettered and t.isalpha() and t.isupper()] or [
                                    b for a, b in itertools.pairwise(tokens(text)) if b.isdigit() and len(b) >= 3 and stem(a.lower()) in verbs] or [
                                        t for t in tokens(text) if t.count("-") == 1 and t.replace("-", "").isalpha() and t.isupper() and len(
                                            t) >= 4 and len(t.partition("-")[2]) <= 2 and not any(a == t and b.lower() in (
                                                "office", "branch", "region", "site", "team", "department") for a, b in (
                                                    itertools.pairwise(tokens(text))))]  # a code of letters: "put Ana Sousa
                                # on NAU-C" (not "from the UK-NW office", "SKU PONCHO-RED")
                        if not (phoned and (_phone_like(v) or v in dialled)) and not _postcode_half(text, v) and not _DATE.fullmatch(
                            v) and not (
                            v[:1].isdigit() and v.lstrip("0123456789.").lower() in MEASURE_WORDS)]
            return "id", ids
        said = _lower_tokens(self.whole)  # "2 years at Spotify as a tech lead", "Acme is hiring a data analyst"
        cue = next((c for c, a in zip(said, said[1:]) if a in ("a", "an") and c in (
            "as", "for", "hiring", "hire", "hires", "seeking", "seeks", "wants", "needs")), "")
        if cue and (field_stems & stem_set("role position job occupation profession") or stem("title") in field_stems
                    and cue.startswith(("hir", "seek"))):  # a job post's title: "Nordwind is hiring a data engineer"
            return "role", lambda text: _after(text, cue, field_stems)
        if field_stems & (_STARTED | {stem("duration")}) and not format:  # how long, as said: "three days", "since May"
            return "span", lambda text: [f"since {span}" if cue == "since" else span for piece in text.split(",") for cue in (
                "for", "since") if (span := piece.partition(f" {cue} ")[2].strip(" .!?")) and (cue == "since" or _UNITS.match(
                    _in_digits(span)))]
        if _paired(name, self.fields) and not self.answer and (pair := _pair(self.whole)):  # item_a, item_b: "bleach
            return "paired", lambda text: pair if text == self.whole else _pair(text)  # with my weedkiller"
        owned = set(words("".join(f" {c}" if c.isupper() else c for c in owner)))  # "CalendarEvent": calendar, event
        named = field_stems - _PERSON - stem_set("first given last family surname full middle nick display lead")
        # (lead_name: a person's)
        if field_stems & _THING or stem("name") in field_stems and (named or field_stems == {stem("name")} and (owned
                and not owned & (_PERSON | _GENERIC_ANSWER) or self.own & _THING)):  # add_item(name): "Add milk"
            domains = [t.partition("@")[2].split(".")[0] for t in tokens(self.whole) if "@" in t]  # "@acmerobotics.io"
            lead = " ".join(_thing(tokens(self.whole))) if (owned | field_stems) & stem_set("event meeting appointment") else ""
            lead = "" if lead.split(" ")[0] in " ".join(_proper_names(self.whole, people=True)) else lead
            made = field_stems & stem_set("product item model")  # not its maker: "Sony launched the PS5 Pro": PS5 Pro

            listed = name.lower().endswith("names")

            def things(text: str) -> list[str]:  # an event: "Team retro on ..."; a company its email names first, then
                # one someone is from ("Carla Diaz from Northwind Traders")
                names = self.unowned(_proper_names(text, things=True, titles=bool(field_stems & (_WORKS | {stem("course")}) - {
                    stem("name")})))  # a title: "Fall of Civilizations", "Introduction to Data Science"
                speaker = set(_names_after(text, ("i'm", "im", "am")) + _named_here(text)) if made or listed else set()
                names = [n for n in names if n not in speaker]  # an item is not who speaks ("I'm Bram Osei. ...a sextant")
                done_by = set(_by_whom(text)) if made and any(f.lower() in _AGENTS or "by" in f.lower().split("_") or f.lower(
                    ).endswith(("or", "er")) and stem(f.lower()) in {stem(w) for w in _lower_tokens(text)} for f in self.fields) else set()
                names = [n for n in names if n not in done_by] or names  # nor who did it ("inspected ... by Kev Doyle")
                names = [n for n in self.unowned(_proper_names(text)) if n not in speaker] if listed and not names else names
                # tortoise_names: "my two hermanns Shelly and Gus ... I'm Marguerite Olsson", the names listed
                people = set(_proper_names(text, people=True)) if (
                    field_stems & _GROUPS and any(set(words(f.replace("_", " "))) & _PERSON for f in self.fields if f != name)) else set()
                names = [n for n in names if n not in people or f"for {n}" in text] or names  # a team is no player
                # beside it ("register Priya Shah for Canal Street FC")
                makers = [n for n in names if made and any(p.startswith(f"{n} ") and p[len(n) + 1:][:1].islower()
                                                           for p in sentences(text))]
                return [lead] * bool(lead and lead in text) or sorted([n for n in names if n not in makers] or names, key=(
                    lambda n: (not "".join(n.lower().split()).startswith(tuple(domains) or "@"), made or all(
                        f"{m} from {n}" not in text for m in names)))
                ) or _object(text, own=self.own) * bool(made or named or self.own & _THING)  # unnamed: what the verb acts on ("Add milk": milk)
            return "thing", things
        if field_stems & _PERSON and not name.lower().endswith(("request", "requests")):  # a name ("Ava Lund's grades":
            # Ava Lund), else a handle: "anna.p"; a requester, not "special_requests"
            titles = [f"{cue} {v}" for v in [*(v for v, k in self.given.items() if k != "person"), *(v for f, v in (
                self.claimed.items()) if f != name)] if v for cue in ("called", "named")]  # no name in a title named so
            # ("a meeting called Budget sync with Ana"); "Feed Rex twice a day" (feed_pet): Rex
            client = bool(field_stems & _CLIENTS) and not name.endswith("s")  # patient_name: not "Dr. Okafor", whom
            # the patient is booked with
            served = _user_named(self.request.instructions) if client else ""  # "The patient is Ines Cardoso."
            def people(text: str) -> list[str]:  # "send Meadow to Rosa Diaz", Meadow an option: Rosa Diaz, whom it goes to
                options = {o.lower() for o in self.options} | {str(o).lower() for t in self.request.tools if t.name == self.tool
                                                               for f in (t.parameters.get("properties") or {}).values() if isinstance(
                                                                   f, Mapping) for o in f.get("enum") or ()}  # (when read)
                named = [n.removesuffix("'s").removesuffix("’s") for n in self.unowned(_proper_names(functools.reduce(
                    lambda said, title: said.replace(title, " "), titles, _unled_by_title(text) if client else text), people=True))
                         if (" " in n or stem(n.lower()) not in related(stem_set("positive negative"))) and not (
                             n.isupper() and "-" in n)]  # (no code: "put Ana Sousa on NAU-C")
                beside = any(n.lower() in options for n in _proper_names(text))  # (only beside an option's name)
                return [n for n in named if n.lower() not in options] or _sent_to(text) * beside or named
                # ("Send 12 roses to Lily", lily an option too: Lily)
            receiving = bool(field_stems & stem_set("recipient payee beneficiary addressee receiver to dog cat pet horse child son "
                                                    "daughter kid baby animal"))  # (the speaker's own name is none of theirs)
            return "person", lambda text: people(text) or _named_in_lower_case(text) * (not receiving) or [
                        served] * bool(
                served) or [
                t for t in tokens(text) if "." in t and t.islower() and t[1] != "." and all(map(str.isalnum,
                                                                                               t.split(".")))] or _typed(text) or [
                t for t in tokens(text) if t.lower() in MEN | WOMEN]  # "Call mom", "Text my wife"
        if about & _FREE_TEXT:
            return "free", None
        others = set(words(" ".join(f.replace("_", " ") for f in self.fields if f != name)))  # "warmer": temperature
        unsaid = {s.text for s in self.request.said if s.role != "user" or s.asks} - {self.request.message}  # no
        # tool's "Airline-Wifi", no word of an earlier question ("How many seats are on the plane?")
        marks = field_stems | (self.qualifier(name, self.told(name, description)) if field_stems and field_stems <= stem_set(
            "start end begin finish") else frozenset())  # a "lettering finish": "gold leaf" of "with gold leaf letters"
        if marks != field_stems:  # (said with its noun, or not at all: no name of "for my grandfather Arthur Bell")
            return "marked", lambda text: _marked(text, marks) or [_unmarked(o, marks) for o in _object(
                text, set(), self.own, field_stems) if stem(o.split()[-1].lower()) in marks or _unmarked(o, marks) != o]
        agent = name.lower().rstrip("s").endswith(("or", "er")) and stem(name.lower()) in {stem(w) for w in _lower_tokens(
            self.whole) if w != name.lower()} or "by" in name.lower().split("_") or name.lower().split("_")[-1] in _AGENTS
        # inspector: "inspected ... by"; a photographer, an author (no folder)
        if agent and _by_whom(self.whole):  # inspector, reported_by: "inspected 3 June 2025 by R. Okafor"
            return "by", _by_whom
        return "other", None if self.answer else lambda text: [] if text in unsaid else _before(text, field_stems, self.own) or (
            _by(text)) or [n for n in self.unowned(_proper_names(text, titles=bool(field_stems & _WORKS))) or self.unowned([
                t for t in tokens(text) if _is_code(t)]) if not ((n in self.given or n in self.others) and any(map(str.isdigit, n)))] or [  # (not the id given to the tag: "log
                # 2.5 ml calcium for GK-2290")
                o for o in _object(
                text, others | related(others) | {stem(o) for o in self.options}, self.own, field_stems) if o.lower() not in _ORDINALS and not _compared(
                o.lower())]  # an option is another field's: "Two medium lattes": lattes; "which did I ask about first?": none

    def _told_id(self, name: str) -> str | None:
        """The identifier the user gave before after the field's own word ("my member number is M-20417" for
        ``member_id``), the latest; else ``None``."""
        own = set(words(name.replace("_", " "))) - _ID
        for said in (s for s in reversed(self.request.said) if s.role == "user" and own & s.stems):
            found = tokens(said.text)
            for at in (at for at, t in enumerate(found) if stem(t.lower()) in own):
                value = next((v for v in found[at + 1:at + 5] if v.lower() not in {"number", "no", "id", "code", "is", "was",
                                                                                    "#", "my", "the"}), "")
                if identifiers(value):  # (of one shape, the one this message names: "feed to R-07" after "bin R-12")
                    return next((i for i in identifiers(self.whole) if _code_form(i) == _code_form(value)), value)
        return None

    def _told_number(self, name: str) -> float | None:
        """A number of three digits or more the user gave before after the field's own word ("my repair ticket number is
        5521" for ``ticket``), the latest; else ``None``."""
        own = set(words(name.replace("_", " "))) - _ID
        for said in (s for s in reversed(self.request.said) if s.role in ("user", "note") and not s.asks and own & s.stems):
            for clause in reversed(said.text.replace(";", ",").split(",")):  # (a summary's note too: "ticket 7730"; the
                found = tokens(clause)  # latest clause: "room 101 last year; this year I'm in room 204": 204)
                if {"old", "last", "previous", "former", "done"} & {t.lower() for t in found}:
                    continue  # ("Order 3307 was my old one": no number of the new one)
                for at in (at for at, t in enumerate(found) if stem(t.lower()) in own and (at == 0 or found[at - 1].lower() in (
                        "my", "our", "the", "your", "repair", "on", "in", "at") or found[at + 1:at + 2] and found[at + 1].lower() in (
                            "number", "no", "is", "was", "#"))):  # a noun: "my ticket", "ticket number" (not "to order 350")
                    value = next((v for v in found[at + 1:at + 5] if v.lower() not in ("number", "no", "is", "was", "#")), "")
                    if value.isdigit() and len(value) >= 3:
                        return float(value)
        return None

    def _result_before(self, name: str) -> float | None:
        """The number an earlier tool result gave under this field's own key, when the message points back at it ("Given
        that thickness, what's the max load?" after ``{"ice_thickness_cm": 87.5}``); else ``None``."""
        marks = set(words(name.replace("_", " "))) - set(_UNIT_SUFFIXES)
        said = _lower_tokens(self.request.message)
        if not any(a in ("that", "this", "same") and stem(b) in marks for a, b in itertools.pairwise(said)):
            return None
        for item in reversed(self.request.conversation[:self.request.last_user_index]):
            found = structured(str(item.get("output"))) if item_type(item) == "function_call_output" else None
            value = found.get(name) if isinstance(found, dict) else None
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
        return None

    def _told_count(self, name: str) -> float | None:
        """A head count the user gave before of the people the message names again ("a session for 14 kids", then "...
        paper for the kids?": participants 14), the latest; else ``None``."""
        if not set(words(name.replace("_", " "))) & (_PERSON | stem_set("headcount kid")):
            return None
        asked = {stem(t) for t in _lower_tokens(self.request.message)} & (_PERSON | stem_set("kid people adult guest"))
        for said in (s for s in reversed(self.request.said) if s.role in ("user", "note") and not s.asks and asked & s.stems):
            counted = [a for a, b in itertools.pairwise(_lower_tokens(_in_digits(said.text))) if a.isdigit() and stem(b) in asked]
            if len(counted) == 1:
                return float(counted[0])
        return None

    def _argued_before(self, name: str) -> float | None:
        """The number the latest earlier call gave an argument of this name, when the message points back at what was
        asked ("What would that cost with live food?" after ``check_vacancy({"nights": 5})``); else ``None``."""
        given = _argued(self.request, self.tool)
        value = given.get(name, given.get(name.rsplit("_", 1)[0]) if "_" in name else None)  # amount_gbp: the "amount"
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value else None  # (as given)

    def _told_measure(self, name: str) -> float | None:
        """A measure the user (or a note) gave before in the field's unit: ``height_cm`` of "132 cm tall", ``weight_kg``
        of "weighs 29.5 kg", ``age`` of "9 years old" (the latest); else ``None``."""
        unit = name.lower().rsplit("_", 1)[-1]
        units = {"years", "year"} if unit in ("age", "years") else {unit} if unit in _MEASURE_WORDS | {"cm", "kg", "mm", "km", "g", "m", "ml", "lb"} else set()
        named = {t for t in tokens(self.request.message)[1:] if t[:1].isupper() and t.isalpha()}  # "the dose for Pip":
        told = [s for s in reversed(self.request.said) if units and s.role in ("user", "note") and not s.asks]  # Pip's 4 kg,
        owned = [s for s in told if named & set(tokens(s.text)) or s.role == "user" and {"he", "she", "his", "her"} & set(
            _lower_tokens(s.text)[:4]) and (prior := _antecedent(self.request, s)) is not None and named & set(tokens(prior.text))]
        for said in owned or told:  # not the dog's 18 kg said after (but "Actually he weighs 79 kg now" is Kofi's)
            found = [t.lower() for t in tokens(said.text)]
            for value, after in itertools.pairwise(found):
                if _NUMBER.fullmatch(value) and (after in units or after.partition("-")[2].startswith("year") and "year" in units):
                    return float(value)  # ("9 years old", "a 9-year-old")
        return None

    def _coded_before(self, name: str) -> str | None:
        """A value with a digit the user gave in an earlier turn right after the field's own word ("registration TPX
        412F" for ``registration``), the latest; else ``None``."""
        own, now = set(words(name.replace("_", " "))), max((s.turn for s in self.request.said), default=0)
        for said in (s for s in reversed(self.request.said) if s.role == "user" and s.turn < now and own & s.stems and not {
                "old", "previous", "former", "sold"} & set(_lower_tokens(s.text))):  # (not "My old car had registration...")
            found = [t for t in tokens(said.text) if t.lower() not in ("is", "was")]
            for at, (word, value) in enumerate(zip(found, found[1:])):
                if stem(word.lower()) in own and word.islower() and any(c.isdigit() for c in value) or (
                        stem(word.lower()) in own and value.isupper() and found[at + 2:at + 3] and found[at + 2][:1].isdigit()):
                    nxt = found[at + 2] if at + 2 < len(found) else ""
                    groups = list(itertools.takewhile(lambda g: g[:1].isdigit() and g.isalnum() and (g.isdigit() or g.isupper()),
                                                      found[at + 2:at + 4])) if value.isalpha() and value.isupper() else []
                    found = " ".join([value, *groups])  # "TPX 412F", "JD 0001 2345"
                    return next((i for i in identifiers(self.whole) if _code_form(i) == _code_form(found)), found)  # (one
                    # of its shape said now: "cancel T-20944" after "ticket T-99999 status")
        return None

    def unowned(self, found: list[str]) -> list[str]:
        """``found`` past the tool's own words, without a comma: "Renew Piranesi," for renew_loans is "Piranesi"; none
        holding an option of the tool."""
        return [kept for item in found if (kept := " ".join(itertools.dropwhile(
            lambda w: stem(w.lower()) in self.own, item.split())).strip(",;")) and not set(kept.lower().split()) & (
                    self.options)]

    def iso(self, name: str, description: str, shape: str = "yyyy-mm-dd") -> bool:
        """Whether the field's description or the tools' say it is a date in ISO form ("check_in is YYYY-MM-DD", "arrival
        and departure are dates (YYYY-MM-DD)"; not ``origin`` of "from origin to destination on date (YYYY-MM-DD)"), or
        of another ``shape`` ("depart_after HH:MM")."""
        spoken = name.lower() if name.lower() in self.request.tools_told.lower() else name.lower().replace("_", " ")  # ("in
        for piece in (p for p in map(str.lower, sentences(self.request.tools_told)) if len(name) > 2 and spoken in p):  # the
            between, form, _ = piece.partition(spoken)[2].partition(shape)  # week starting on a Monday (YYYY-MM-DD)")
            for other in self.fields:  # "arrival and departure are": no word but another field's between
                between = between.replace(other.lower(), " ")
            if form and all(w in ("and", "are", "is", "the", "in", "as", "a", "iso") or stem(w) in _WHEN or spoken != name.lower(
                    ) and (w == "on" or stem(w) in _DAYS)
                            for w in tokens(between)):
                return True
        return shape.upper() in description

    def told(self, name: str, description: str) -> str:
        """The field's description and the sentences of the tools' descriptions that name it ("severity is 1 to 4")."""
        named = (name.lower(), name.lower().replace("_", " "))
        return " ".join([description, *(piece for piece in sentences(self.request.tools_told) if len(name) > 2 and any(
            n in piece.lower() for n in named))])

    @cached_property
    def year(self) -> int:
        """The year the message or the instructions name, alone or in a date ("Today is 2025-03-10"; a date without
        one is in it), else this year."""
        said = tokens(f"{self.request.message} {self.request.instructions}"[:4000])
        return next((int(t[:4]) for t in said if t[4:5] in ("", "-") and t[:2] in ("19", "20") and t[:4].isdecimal() and (
            len(t) >= 4)),  # not "20 June"
                    datetime.date.today().year)

    @cached_property
    def today(self) -> datetime.date:
        """The date the instructions say it is ("Today is 2025-03-10"), else today's."""
        for piece in (p for p in sentences(self.request.instructions[:4000]) if "today" in p.lower()):
            for found in _when(piece.lower().replace("today", ""), "date", 1, datetime.date.today()):
                return datetime.date.fromisoformat(found)
        return datetime.date.today()

    def text(self, name: str, description: str, format: str | None, owner: str = "",
             nullable: bool = False) -> str | None:
        """:meth:`_text`, written as the option the field's description or its tool's lists when it is one of them in
        other words ("250 booklets" of "an item (flyer, poster, booklet)": booklet)."""
        value = self._text(name, description, format, owner, nullable)
        # "order the salt path for me, my name is kim lee": no title "name" (a word that names nothing): asked instead
        heard = " ".join(_lower_tokens(self.request.message))
        if self.tool and value and value.lower() == "name" and "name" not in name.lower() and " name is " in f" {heard} ":
            value = None
            self.found_nothing += [name] * (name not in self.found_nothing)
        told = next((t.told for t in self.request.tools if t.name == self.tool), "")
        if (only := _choice_only(name, told)) and (value or "").lower() not in {o.lower() for o in only}:  # "slot is am or
            said = set(words(self.request.message)) | set(_lower_tokens(self.request.message))  # pm": "thursday morning"
            exact = set(tokens(self.request.message))  # ("a B" of grades A, B or C: B, as written; "a" is no grade)
            return next((o for o in only if o in exact or o.lower() not in STOP and (stem(o.lower()) in said or o.lower() in said) or (
                _AM_PM.get(o.lower(), frozenset()) & said)), None)  # is am, a boiler's make no slot
        listed = _options_listed(description, name, told) if value and " " not in value else []
        return next((o for o in listed if o.isalpha() and o != value.lower() and stem(o.lower()) == stem(value.lower())), value)

    def _text(self, name: str, description: str, format: str | None, owner: str = "",
              nullable: bool = False) -> str | None:
        """:meth:`as_said`, without the quotes around it ("the zone 'lower tongue'"), a possessive's "'s" ("Chidi
        Okafor's rating": Chidi Okafor) or the field's own name before it ("for skill electrical": electrical)."""
        low = f" {self.whole.lower()} "
        if nullable and any(f" {cue} {w}" in low for cue in ("no", "without") for w in name.lower().split("_")[:1] if len(w) > 2):
            return None  # "No engineer has been called yet.": engineer_called none
        value = self.as_said(name, description, format, owner, nullable)
        value = self._counted_thing(name, value)
        value = self._said_before_name(name) if value is None and not self.start else value
        unit = bool(value) and str(value).isupper() and any(a[:1].isdigit() and b == value for a, b in itertools.pairwise(
            tokens(self.request.message)))  # "350000 SHU": a unit, no name
        if (value is None or unit) and self.item and name.lower() in ("name", "item", "product", "variety", "type", "kind"):
            lead = list(itertools.takewhile(lambda t: t.isalpha() and t.islower() and t not in STOP, tokens(
                self.request.message.strip().removeprefix("and ").split("(")[0])))  # "habanero (350000 SHU)",
            value = " ".join(lead) if 0 < len(lead) <= 3 and "(" in self.request.message else None if unit else value
            # ("scotch bonnet (200000 SHU)"; not the unit after a number)
        if self.item and nullable and value and value in _proper_names(self.request.message, people=True) and not set(words(
                name.replace("_", " "))) & _NAMING:  # "Ada Voss 34": her name is no "needs"
            return None
        argued = _argued(self.request, self.tool).get(name)  # "What would that cost?": the breed asked of before
        if isinstance(argued, str) and argued and not (value and value in self.request.message):  # (not "Same Dates")
            return argued
        if not value or len(value) < 3:
            return value
        if value[0] in "'\"‘“" and value[-1] in "'\"’”":
            value = value[1:-1].strip()
        at = self.request.message.find(value)
        after = [w.strip("?.!,;:") for w in self.request.message[at + len(value):].split(" ")[1:2]] if at >= 0 else []
        if value.endswith(("'s", "’s")) and after and after[0].isalpha() and after[0].islower() and after[0] not in STOP | (
                CALENDAR) and stem(after[0]) not in _WHEN_WORDS:  # (not "Luigi's for 4", "Luigi's tonight")
            value = f"{value} {after[0]}" if set(words(name.replace("_", " "))) & (_SITES | stem_set("place hall room")) else (
                value[:-2])  # a place's whole name: "St Anne's hall" (a person's, of "Chidi Okafor's rating": Chidi Okafor)
        lead, _, rest = value.partition(" ")
        return rest if rest and stem(lead.lower()) in set(words(name.replace("_", " "))) and lead.islower() and (
            rest.split(" ")[0].lower() not in STOP) else value  # (not "capital of Japan")

    def _said_before_name(self, name: str) -> str | None:
        """The words (up to three) the field's own one-word name follows, once: "Quote me natural finish ..." is finish
        "natural"; not "my delivery address" (a kind of address, no value); else ``None``."""
        found = tokens(self.request.message[:400])
        spots = [k for k in range(1, len(found)) if "_" not in name and stem(found[k].lower()) == stem(name.lower())]
        said = [" ".join(list(itertools.takewhile(lambda t: t.lower() not in STOP and (t.isalpha() or "-" in t), found[
            k - 1::-1]))[:3][::-1]) for k in spots]
        said = [o for o, k in zip(said, spots) if o and (o[:1].islower() or o.split()[-1][:1].islower()) and (found[max(
            0, k - len(o.split()) - 1):k - len(o.split())] or [""])[0].lower() not in ("my", "your", "our", "the", "this", "that",
                                                                                 "his", "her")]
        return said[0] if len(said) == 1 else None

    def _counted_thing(self, name: str, value: str | None) -> str | None:
        """The thing a count and the field's own name point at, for ``value`` read otherwise: a name ending in the field's
        word ("for Harbour Garage": garage_name); for a field given another field's name ("Holloway Mill" for part,
        beside mill_name), the words counted ("12 stocks"); for the unit a number counts ("2 jars of kkakdugi", "2 places
        on the belt-making class"), what the jars hold ("kkakdugi") or the words the field's own name follows
        ("belt-making" of class_name)."""
        found = tokens(self.request.message[:400])
        own = stem(name.lower().split("_")[0])
        runs = [" ".join(list(itertools.takewhile(lambda t: t.istitle() and t.isalpha(), found[k::-1]))[:4][::-1]) for k in range(
            1, len(found)) if found[k].istitle() and stem(found[k].lower()) == own and found[k - 1].istitle()]
        runs = [run for run in runs if run in self.request.message]  # (within a sentence: not "...Mills. Contact")
        if len(runs) == 1 and len(runs[0].split()) > 1 and name.lower().endswith("_name"):  # "Order 6 brake pads for Harbour Garage":
            return runs[0]  # garage_name "Harbour Garage"
        others = {stem(f.lower().split("_")[0]) for f in self.fields if f != name}
        if value and " " in value and value.split()[-1][:1].isupper() and stem(value.split()[-1].lower()) in others:
            counted = [" ".join(itertools.takewhile(lambda t: t.isalpha() and t.islower() and t not in STOP, found[k + 1:k + 4]))
                       for k, a in enumerate(found) if a.isdigit()]
            counted = [c for c in counted if c]
            return counted[0] if len(counted) == 1 else value  # "Order 12 stocks for Holloway Mill": the part is the
            # stocks (the mill's name is mill_name's); "6 brake pads": brake pads
        spots = [k for k in range(1, len(found)) if found[k] == value and found[k - 1].isdigit()] if value and " " not in value else []
        if not spots or not value.islower() or set(words(name.replace("_", " "))) & ({stem("unit")} | related({stem("unit")}) | stem_set(
                "measure container package packaging")):
            return value  # (a unit's own field: "3 cans of beans": cans)
        rest = list(itertools.takewhile(lambda t: t.isalpha() or "-" in t, found[spots[0] + 2:])) if found[
            spots[0] + 1:spots[0] + 2] == ["of"] else []
        rest = list(itertools.takewhile(lambda t: t.lower() not in STOP, rest))[:3]
        named = [k for k in range(spots[0] + 1, len(found)) if stem(found[k].lower()) == own]
        before = list(itertools.takewhile(lambda t: t.lower() not in STOP, found[named[0] - 1:spots[0]:-1]))[:2][::-1] if named else []
        before += found[named[0]:named[0] + 1] if before and before[-1][:1].isupper() and found[named[0]][:1].isupper() else []
        return " ".join(rest) or " ".join(before) or value  # ("12 stocks for Holloway Mill": mill_name "Holloway Mill")

    def as_said(self, name: str, description: str, format: str | None, owner: str = "",
                nullable: bool = False) -> str | None:
        """:meth:`said_text`; of a model or a product, with the number and words that follow its name ("the Aero 7 Pro":
        Aero 7 Pro, not Aero)."""
        cue = f"{name.lower()[:-3]} at "  # "found at the pond": the place, as said
        if name.lower().endswith(("found_at", "located_at")) and cue in self.request.message.lower() and not self.start:
            at = self.request.message.lower().find(cue) + len(cue)
            spot = self.request.message[at:].split(".")[0].split(",")[0].strip()
            if 0 < len(spot.split()) <= 4 and not spot[:1].isdigit():
                return spot
        filed = [t.strip(".,;:!?()'\"") for t in self.request.message.split() if "." in t.strip(".,;:!?()'\"") and (
            ext := t.strip(".,;:!?()'\"").rpartition(".")[2]).isalnum() and 2 <= len(ext) <= 4 and not ext.isdigit() and (
            t.strip(".,;:!?()'\"").rpartition(".")[0].replace("_", "").replace("-", "").isalnum())]  # "harbour_lights.srt"
        if filed and {"file", "filename", "path", "document", "attachment"} & set(f"{name} {description}".lower().replace(
                "_", " ").replace(".", " ").split()) and not self.start:  # a file's name as written
            return filed[-1] if name.lower().startswith(("new", "target", "destination", "dest", "output", "to_")) and len(
                filed) > 1 else filed[0]  # ("Rename old.txt to new.txt": new_filename new.txt)
        value = self.said_text(name, description, format, owner, nullable)
        kind, find = self.kind(name, description, format, owner) if value else ("", None)
        if kind == "person" and find and set(words(value)) <= {s for f in self.fields if f != name for s in words(f.replace(
                "_", " "))} and (people := [n for n in find(self.whole) if n != value]):
            value = people[0]  # "Budget £650" is the budget's label, no client's name ("Booking for Hana Ito: ...")
        if value and value[:1].isupper() and {"address", "street", "line1", "number"} & set(
                f"{name} {description}".lower().replace("_", " ").split()) and (at := self.request.message.find(value)) > 0 and (
                number := self.request.message[:at].split()[-1:]) and number[0][:1].isdigit() and len(number[0]) <= 4 and (
                number[0].rstrip("abcdefABCDEF").isdigit()):  # "41 Canal Street": the house number with its street
            return f"{number[0]} {value}"
        if value and value.islower() and (kind == "person" or set(words(name.replace("_", " "))) & _NAMING) and {
                "her", "him", "them", "she", "he"} & set(_lower_tokens(self.request.message)) and (argued := next((
                    given[name] for i in self.request.conversation[self.request.last_user_index::-1] if item_type(
                        i) == "function_call" and isinstance(given := structured(str(i.get("arguments", ""))), dict) and (
                            isinstance(given.get(name), str)) and given[name][:1].isupper()), "")):
            return argued  # "book her on the early one the day after too": the rider booked before, not "day"
        if not value or not value[:1].isupper():
            return value
        found, told = tokens(self.request.message), value.split(" ")
        at = next((k for k in range(len(found)) if found[k:k + len(told)] == told), None)
        nouns, end = set(words(name.replace("_", " "))), at + len(told) if at is not None else 0
        joined = found[end:end + 1] and found[end].lower() in _NAME_JOINS and found[end + 1:end + 2] and found[end + 1][:1].isupper()
        rest = list(itertools.takewhile(lambda t: t[:1].isupper(), found[end + 1:end + 4])) if joined else []
        after = found[end + 1 + len(rest):end + 2 + len(rest)]
        closing = after and stem(after[0].lower()) in nouns and not (found[end + 2 + len(rest):end + 3 + len(rest)] or [""])[0].islower()
        if rest and (set(words(value)) <= nouns or closing or stem(rest[-1].lower()) in nouns):  # "Canal du Midi", "the
            noun = after if after and after[0][:1].isupper() and stem(after[0].lower()) in nouns else []  # Kennet and Avon
            return " ".join([value, found[end], *rest, *noun])  # canal", "Leeds and Liverpool Canal": one name
        if not set(words(name.replace("_", " "))) & _MODEL_WORDS:
            return value
        more = list(itertools.takewhile(lambda t: t[:1].isdigit() and len(t) <= 4 or t[:1].isupper() and t.lower() not in (
            STOP | CALENDAR), found[end:end + 3])) if at is not None and not any(c.isdigit() for c in value) else []
        unit = more[1:2] and more[0][:1].isdigit() and (more[1].isupper() or more[1].lower() in _UNIT_SUFFIXES)  # "128 GB"
        counted = len(more) == 1 and found[end + 1:end + 2] in (["units"], ["times"], ["pieces"], ["x"], ["of"], ["copies"],
                                                                 ["items"], ["pcs"])  # "the Aero Pro 2 units", "Skyfin 2 times"
        return " ".join([value, *more]) if more[:1] and more[0][:1].isdigit() and not unit and not counted else value

    def said_text(self, name: str, description: str, format: str | None, owner: str = "",
                  nullable: bool = False) -> str | None:
        """A tool's value for the field, the value after the field's name, a quote, or a value of its :meth:`kind`
        (of a person's name, the part a ``first_name`` or ``last_name`` asks for); an explanation is never a
        refusal ("I don't know..."): it says what the user asks; a ``nullable`` field is never the whole message."""
        field_stems = frozenset(words(name.replace("_", " ")))
        if stem("month") in field_stems and (months := [t for text in (self.whole, *(s.text for s in self.request.said[::-1] if (
                s.role == "user"))) for t in tokens(text[:2000]) if len(t) == 7 and t[4] == "-" and t[:4].isdigit() and t[
                    5:].isdigit()]):  # "slots in 2026-05": the month as written (YYYY-MM), in this or an earlier turn
            return months[0]
        if (dwelling := self.kind(name, description, format, owner))[0] == "dwelling" and dwelling[1] and (
                flats := dwelling[1](self.whole)):
            return flats[0]  # "Flat 3A - the kitchen light flickers": unit 3A
        head = min((cut for cut in (self.whole.find(": "), self.whole.find(" - ")) if cut > 0), default=-1)
        titled = self.whole[:head].strip() if 0 < head <= 40 else ""  # "Monstera deliciosa: bright indirect light, ...",
        first_item = self.whole[head + 2:].strip(" -").split(",")[0].strip() if titled else ""
        item_words = first_item.split()
        label = len(item_words) >= 2 and item_words[0][:1].isupper() and (item_words[1][:1].isupper() or item_words[1][:1].isdigit(
            )) or field_stems & {stem("name")} and not all(w[:1].isupper() or w in ("da", "de", "di", "del", "van", "von", "la",
                                                                                    "le", "du") for w in titled.split())  # a label, not a thing's name: "Patient: Hugo Ferreira, ...", "Half
        # time: Celtic 1, ...", "Lost dog: brown spaniel called Max" (of a name field: a name is capitalised)
        timed = bool(titled) and set(titled.lower().split()) & CALENDAR and set(titled.lower().split()) <= CALENDAR | _TIMES_OF
        if timed and not self.item and not self.start and list(self.fields)[:1] == [name] and 0 < len(first_item.split()) <= 4 and not (
                any(c.isdigit() for c in first_item)):  # "Friday lunch: fish pie, 20 portions": fish pie
            return first_item
        if titled and not label and not self.item and not self.start and list(self.fields)[:1] == [name] and not any(  # "snake plant -
                c.isdigit() or c in ".!?,;(" for c in titled) and 1 <= len(titled.split()) <= 4 and not {  # copes with shade":
                    stem(f.lower().replace("_", " ")) for f in self.fields} & {stem(titled.lower())} and (  # the first field,
                        not set(titled.lower().split()) & (STOP | QUESTION_WORDS) and not timed) and self.kind(name, description, format, owner)[
                            0] in ("other", "free", "thing") and len(self.whole[head:].split(", ")) >= 2 and not (
                                stem(titled.split()[0].lower()) in _VERBS | _CHANGES or "please" in titled.lower() or (
                                    "score" in titled.lower() or titled.lower() in ("final", "result", "main course"))):  # what the
            # whole text, a list of its traits, is of (not "Open a ticket: ...", "Final: Ajax 2 ...")
            self.given.setdefault(titled, "thing")  # (no pro, no amenity of its own: "Sushi Zen - fresh fish, ...")
            return titled
        lead = tokens(self.whole[:80])[:2]
        if self.item and field_stems == {stem("name")} and len(lead) == 2 and lead[0].istitle() and lead[0].isalpha() and (
                lead[0].lower() not in STOP | CALENDAR) and self.whole.startswith(f"{lead[0]} {lead[1]}") and (lead[1].endswith(
                    "ed") or lead[1] in ("has", "got", "ran", "won", "made", "took", "brought", "gave", "scored", "sold")) and self.kind(
                    name, description, format, owner)[0] != "item":  # "Ana picked 14 rows": Ana, not the rows counted
            return lead[0]
        own = description if description.lower().replace(" ", "_") != name.lower() else ""  # (not its title, "Class Name")
        told = own or next((t.told for t in self.request.tools if t.name == self.tool), "") if len(self.fields) <= 1 else (
            description)  # (a tool's one field: its description's examples, "for a class (e.g. 'open', 'novice')")
        quoted = told.lower().split("'")[1::2] if told.count("'") >= 4 else []  # "'open' or 'novice'"
        listed = next((told.lower().partition(cue)[2] for cue in ("e.g.", "such as ", "for example") if cue in (
            told.lower())), "").split(".")[0].replace(" or ", ",").replace(" and ", ",") or ",".join(
                one for one in quoted if 0 < len(one.split()) <= 3)
        samples = [one.strip(" )(:'\"") for one in listed.split(",") if one.strip(" )(:'\"")]  # "the backline instrument, e.g.
        heard = [(at, one) for one in samples if len(samples) > 1 and (at := f" {self.whole.lower()}".find(f" {one}")) >= 0 and (
            not self.whole[at + len(one):at + len(one) + 1].isalnum()) and not set(_lower_tokens(self.whole[:at])[-2:]) & {
            "not", "no", "never"}]  # drum kit, bass amp": the one said, not negated ("a room with
        said = self.whole[heard[0][0]:heard[0][0] + len(heard[0][1])] if len(heard) == 1 and not set(_lower_tokens(
            self.whole[:heard[0][0]])[-2:]) & {"not", "no", "never"} else None  # a drum kit"; not one of two: "from
        # Paris to Rome")
        if said:
            return said
        if (names := self.sorted_names(name)) is not None:  # an item of "organizations": none if the text names none
            return names[0] if names else None
        keyed = "value" in self.fields and name in ("key", "name", "setting", "preference", "field", "value") and len(
            set(self.fields) & {"key", "name", "setting", "preference", "field"}) == 1  # set_preference(key, value)
        if keyed and (setting := _setting(self.whole)):
            return setting[name == "value"]  # "Set my units to metric": units, metric
        if self.completed and not field_stems & self.completed[1]:  # "Reserve Dune." "... once I have the card number."
            return self.completed[0].text(name, description, format, owner, nullable)  # "LC-1": the title is "Dune"
        if self.report and field_stems & stem_set("report markdown summary") and not field_stems & _ID:  # a report of
            title, parts = self.report  # the points sent in markdown, under headings ("# Quiet beaches"), or in short
            if field_stems & stem_set("report markdown"):
                return f"# {title}\n\n" + "\n\n".join(f"## {label}\n\n" + "\n".join(f"- {point}" for point in points)
                                                    for label, points in parts)
            return f"{title}: {_cut(' '.join(point for _, points in parts for point in points), 200)}"
        if field_stems & _GENERIC_ANSWER and self.answer and self.judged:  # a judge's feedback: on the text judged
            return f"The text above reads: {_cut(self.judged, 200)}"
        called = next((self.whole.partition(cue)[2] for cue in (" called ", " named ", " labelled ", " labeled ") if cue in (
            self.whole) and _lower_tokens(self.whole.partition(cue)[0])[-1:] not in (["i'm"], ["im"], ["we're"]) and _lower_tokens(
                self.whole.partition(cue)[0])[-2:] != ["i", "am"]), "") if (
            field_stems & stem_set("name label tag nickname") and not self.answer) else ""  # (not "i'm called owen price")
        if (quote := _QUOTED.match(called.strip())) is not None:  # "labelled 'feed the sourdough starter'": all of it
            return quote.group(1)
        if said := " ".join(itertools.takewhile(lambda w: w.lower() not in STOP, called.strip(" .!?").split())):
            return said.strip("'\"‘’“”")  # "a playlist called road trip", "an alarm for 5:45 pm called gym"
        if " by " in self.whole and field_stems & (_WORKS | _MAKERS) and any(set(words(f.replace("_", " "))) & _MAKERS for f in (
                self.fields)) and (made := _made_by(self.whole, self.tool)) and made[1]:  # a song, its artist
            return made[bool(field_stems & _MAKERS)] or None
        when = self.whole.partition(" since ")[2].split(",")[0].split(". ")[0].strip(" .!?")  # "since yesterday": a
        since = () if when.split(" ")[0].lower() in CALENDAR | {"yesterday", "last", "this", "then", "early"} or when[  # time
            :1].isdigit() else (" since ",)
        started = [f for f in self.fields if set(words(f.replace("_", " "))) & _STARTED] if when.count(" ") < 3 else []
        if not since and started == [name] and field_stems <= _STARTED:  # since: "9am", "last night"; not a date's
            return when
        if field_stems & (_EXPLAINS | stem_set("reason")) and (sides := self.topic_sides()) is not None:  # a guardrail's
            side = "on" if sides[0] else "off"  # reason: "The message is about homework, which..."
            listed = sides[1] in self.request.instructions[:2000].lower()
            return f"The message is about {sides[1]}, " + (f"which the instructions list as {side}-topic." if listed else (
                "which is none of the topics the instructions name."))
        cause = next((self.whole[at + len(cue):] for cue in (" because of ", " because ", *since, " due to ",
                                                             " about ") if (at := self.whole.find(cue)) > 0), "")
        cause = cause if field_stems & stem_set("reason cause why") else ""
        if cause:  # the reason the user gives: "a rash on his arm" of "... about a rash on his arm."
            return next(iter(sentences(cause)), "").rstrip(".!?")
        if (post := _role_at(self.whole)) and (part := next((k for k, kind in enumerate(_POST_PARTS) if field_stems & (
                kind)), None)) is not None and post[part]:  # "Senior Backend Engineer at Fernwood Labs, Berlin (...)"
            return post[part]
        if self.searches and not self.answer and field_stems & stem_set("query search term keyword q") and (
                maker := _by(self.whole)):  # "Do you have any books by Jane Austen?": what a catalogue is searched for
            return maker[0]
        if (option := _option_said(description, self.whole, name, next((t.told for t in self.request.tools if (
                t.name == self.tool)), ""))) and not self.kind(name, description)[0].startswith("unit "):
            return option  # (a unit's side is read by its cue: "12.5 mm to in" of "(mm, cm, in, ft)")
        if self.answer and field_stems & _EXPLAINS and any(set(words(f.replace("_", " "))) & _PLAIN for f in self.fields):
            return self.plainness[1]  # of the text judged: "The text has 6 words in 1 sentence, all short..."
        if self.answer and field_stems & (_EXPLAINS | stem_set("reason why")) and self.chosen:  # "Negative: ... 'late'"
            told = [c.strip(" .!?") for c in self.whole.replace(". ", ",").split(",") if len(
                c.split()) > 1 and not c.lower().strip().startswith(("please", "i want", "i'd like")) and not any(
                cue.lower() in c.lower() for cue in self.chosen[1])]  # an option the user names ("I lost my card,
            if told and self.chosen[0].lower() in map(str.lower, self.chosen[1]):  # please freeze it"): their reason
                return ", ".join(told)
            said = " and ".join(", ".join(f"'{cue}'" for cue in self.chosen[1]).rsplit(", ", 1))
            return f"{self.chosen[0].capitalize()}: " + (f"the message says {said}." if said else "no word leans either way.")
        if field_stems & stem_set("phone mobile telephone tel cell") and (phone := self._take("phone", _phones)):
            return phone  # the whole number, never the message
        if isinstance(picked := self.picked_value(name), (str, int, float)):
            return str(picked)  # "hold the first one": the first listed record's title
        label = next((f"{said}: " for said in (name.replace("_", " ").lower(), name.lower().removesuffix("s")) if (
            f"{said}: " in self.whole.lower())), f"{name.replace('_', ' ').lower()}: ")  # notes: "Note: fragile, ..."
        at = self.whole.lower().find(label)  # "Body: the report is attached"
        labelled = at == 0 or at > 0 and not self.whole[at - 1].isalnum()
        value = self.whole[at + len(label):].split("\n")[0] if labelled else ""
        value = value.split(" / ")[0].split(" | ")[0] if field_stems & (_PERSON | _THING | _PLACE) or not field_stems & (
            _FREE_TEXT) else value  # "name: Ivo Marsh / trade: no / ..."
        value = value.split(". ")[0] if field_stems & (_PERSON | _THING | _PLACE) or not field_stems & _FREE_TEXT else value  # "Name:
        # Ana Ruiz, 34. Headache...", "Site: Mossley Pond inlet. pH 7.4" (not "Notes: fragile. Ring twice.")
        ends = [end for other in self.fields if other != name and (end := value.lower().find(
            f" {other.replace('_', ' ').lower()}: ")) >= 0]  # "Abstract: The dominant ... Keywords: ...": up to the
        if len(value := value[:min(ends, default=len(value))].strip(" .").split(" ")) > 6:  # next label, a text
            return " ".join(value)
        if (line := _title_line(self.whole)) and (field_stems == {stem("title")} or field_stems == {stem("name")} and self.kind(
                name, description, format, owner)[0] == "thing"):  # "Banana pancakes (serves 2)\nMash...", a trip's name
            return line
        head = (sentences(self.whole) or [""])[0].rstrip(".").split(" ")  # a text that opens with its title ("Attention
        if field_stems == {stem("title")} and 1 < len(head) <= 15 and 3 * sum(w[:1].isupper() for w in head) >= 2 * len(
                head) and len(sentences(self.whole)) > 1 and not _is_question(self.whole):  # Is All You Need. Ashish ...")
            return " ".join(head)
        lead = self.whole[:dated.start()].split() if field_stems in ({stem("title")}, {stem("subject")}) and (
            dated := _DATE.search(self.whole[:300])) else []  # an event said before its date: "Team retro next Thursday
        # at 14:30", "Quarterly planning on 2025-07-10" (a subject too)
        if 0 < len(lead) <= 5 and lead[0][:1].isupper() and stem(lead[0].lower()) not in (
                _VERBS | _CHANGES | STOP) and lead[0].lower() not in _ACTS and not _QUOTED.search(" ".join(lead)) and not (
                _is_question(self.whole)):  # is titled "Team retro" (not "Schedule 'Budget review' on...")
            return " ".join(w for w in lead if w.lower() not in ("next", "this", "on", "at", "last")).strip(" ,:-")
        named = self.from_tools(name) or self.named_value(name)  # of a date's field, a date ("due: $1,240", no)
        rest = self.whole.partition(named)[2] if named and field_stems & _SUBJECT and not self.answer else ""
        for word in rest.split()[:6] if rest[:1] == " " else ():  # a subject runs to the next small or cue word
            if not word.rstrip(".,;!?").isalnum() or word.lower() in {*STOP, *self.fields, "saying", "says", "asking"}:
                break  # ("subject Q3 report saying ...": "Q3 report")
            named += f" {word.rstrip('.,;!?')}"
            if word[-1] in ".,;!?":
                break
        weekday = (named or "").lower()[:3] in _WEEKDAYS and (named or "").endswith("day")  # "week started Monday":
        follow = " ".join(self.whole.partition(named)[2].lstrip(" ,").removeprefix("the ").split()[:5]) if (
            weekday and named) else ""
        named, weekday = (f"{named} {follow}", False) if follow[:1].isdigit() and _DATE.match(follow) else (named, weekday)
        # ("Saturday 5 April 2025": the date after it)
        if named is not None and not (weekday and self.iso(name, description)) and (  # read in the whole message
                format or not (field_stems & _WHEN or name.lower().endswith("_on")) or _DATE.search(named)):  # (read_on
            # of "read 18342.6 kWh on 2 Feb 2025": no reading)
            dated = format in ("date", "date-time", "time") or self.iso(name, description)  # "on 2025-03-14": in the
            # form asked ("week starting 3rd March 2025" of a week_starting in YYYY-MM-DD: 2025-03-03)
            if format == "date-time":  # with the time said after the date ("placed 2025-06-30 14:05")
                named = f"{named} {' '.join(self.whole.partition(named)[2].split()[:3])}"
            when = next(iter(_when(named, format or "date", self.year, self.today)), None) if dated else named
            if when is not None:  # (a date's field after a word of its name that is no date, "Moving Glasgow -> ...":
                return when  # the date is read from the whole message)
        if field_stems <= stem_set("expected actual behavior behaviour result outcome") and (  # not expected_date
                sides := field_stems & stem_set("expected actual")) and (told := _side(self.whole, sides)):
            return told  # a bug report: what should happen, and what does ("should show X, but it goes blank")
        if len(field_stems) == 1 and (options := _IMPLIED.get(next(iter(field_stems)))):
            options = self.told_options(name) or options  # "; priority normal or urgent": its own
            return self.choice(name, description, options)  # priority: "high" for "urgent!", not the message
        if stem("next") in field_stems and (step := next((s.rstrip(".!") for s in sentences(self.whole) if stem((tokens(
                s) or [""])[0].lower()) in _VERBS | _CHANGES), None)):  # what to do: "Send a proposal by Thursday."
            return step
        kind, find = self.kind(name, description, format, owner)
        if self.worked and (self.item or (kind == "answer" or stem("solution") in field_stems) and not field_stems & (
                _EXPLAINS)):  # a step's explanation and output ("Divide both sides by 8", "x = -3.75"), the result
            done, _, gives = self.answer.partition(": ") if self.item else ("", "", self.worked[-1][1])
            return done if field_stems & (_EXPLAINS | stem_set("description step")) else gives
        if self.item and kind in ("person", "free") and (task := _assigned(self.whole)):
            return task[kind == "free"]  # "Dev to update the page by Friday": Dev, "update the page"
        said = self.whole.split()  # a priced or timed line names its thing first: "Margherita pizza $12.50", "Jog 20
        head = list(itertools.takewhile(lambda w: not facts(w), said))  # minutes", "Taxi to airport - 45.00" (not
        if self.item and kind in ("thing", "other") and head and (0 < len(rest := said[len(head):]) <= 2 and (rest[-1].lower(
                ).rstrip("s") in {*_SECONDS, rest[0].lower()} or rest[-1].lower().strip(",.;") in _UNIT_SUFFIXES) or head[0][
                    :1].isupper() and len(head) <= 3 and len(rest) > 1 and (
                    len(rest[1]) <= 3 or rest[1].lower().rstrip("s") in _SECONDS) and all(  # (a unit after its number,
                    facts(w.strip(",.")) or w.strip(",.").lower() in STOP or w.strip(",.").lower().rstrip("s") in _SECONDS
                    for w in rest[2:])) and (  # then a time or nothing: not "Mash 2 bananas", "Add 1 tsp salt")
                head[-1] == "-" or not {w.lower() for w in head} & STOP):  # "Tickets for Ana (31)"; "Magnum 400 g at
            return " ".join(head).strip(" -:")  # 60 minutes": Magnum
        if self.item and kind in ("thing", "other", "free") and _counted_line(said) and said[1:2] in (["x"], ["×"]):  # "2 x
            return " ".join(itertools.takewhile(lambda w: w not in ("@", "at") and not facts(w), said[2:])).strip(" -:,")
        # Tagliatelle al ragù @ 13.50": the whole name
        counting = self.item or (kind == "thing" or stem("unit") in field_stems) and ("unit" in self.fields or any(set(
            words(f.replace("_", " "))) & stem_set("quantity qty count") for f in self.fields))  # add_item(item,
        # quantity or unit): "2 cartons of milk" is milk
        items = [*self.counts().items()] if counting and kind in ("free", "thing", "other") else []  # the start-th: "2 kg
        self.ran_out = self.ran_out or len(items) > 0 and self.start >= len(items)  # of potatoes and 3 bags of rice"
        counted = items[min(self.start, len(items) - 1)] if items else ("", 0)
        unit, _, rest = counted[0].partition(" ")  # "2 cups flour": unit "cups", name "flour", amount "2 cups"
        measured = bool(rest) and stem(unit.lower()) in related({stem("unit")})
        if field_stems & stem_set("unit amount quantity") and (unit or counting and stem("unit") in field_stems):  # "2
            # eggs": amount "2", a unit "pieces" (none if it may be null); "Add milk": no unit
            amount = f"{counted[1]:g} {unit}" if measured else f"{counted[1]:g}"
            return (unit if measured else "pieces" if unit and not nullable else None) if stem("unit") in field_stems else amount
        if unit and (measured or stem(unit.lower()) not in stem_set("minute hour day week month year")):  # not "3 years
            named = rest if measured else counted[0]  # at Google"; "2 x keyboard at $45": keyboard
            return " ".join(w for w in named.split() if w.strip("()").lower() not in self.options) or named  # "250g of
            # Stichelton (cow)": Stichelton, its milk another field's
        lead, cue, _ = self.whole.partition(" since " if " since " in self.whole else " for ")
        if self.item and kind in ("thing", "other") and cue and (unit or "s" in cue):  # what lasts: "Headache for three
            return lead.strip(" ,.")  # days", "nausea since yesterday"
        told = _SAYING_THAT.search(self.whole) if kind == "free" else None
        said = told[1].strip() if told else ""  # "remind me to call mom", "saying I'll be late": what is said, no
        dates = _when(said, None, self.year, self.today) if any({stem(w) for w in f.lower().split("_")} & _WHEN for f in (
            self.fields)) else []  # time another field takes ("take out the trash tonight at 8": "tonight at 8")
        said = " ".join(itertools.takewhile(lambda w: w != "@", said.replace(dates[0], " @ ", 1).split())).removesuffix(
            " on").removesuffix(" at").removesuffix(" by") if dates else said
        if kind == "free" and (labelled or told) and not field_stems & _SUBJECT:  # ("saying 'Tam's Bench' with silver
            return self.whole[at + len(label):].split("\n")[0].strip(" .") if labelled else _leading_quote(said) or said  # letters")
        quoted = _QUOTED.findall(self.request.message[:MAX_CHARS])
        sent = self.request.message[:MAX_CHARS]
        marks = [k for k, c in enumerate(sent) if c == '"']
        opening = next((k for k in marks if not sent[k - 1:k].isdigit() and sent[k + 1:k + 2].strip()), -1)  # a quote opens
        closing = next((k for k in marks if k > opening), -1) if opening >= 0 else -1  # after no digit (an inch mark:
        doubled = [sent[opening + 1:closing]] if closing > 0 and "\n" not in sent[opening:closing] else []  # 'The 5" sign
        # should read "Welcome"', 'it's 6" wide'), and the next one closes it ("Class of '99")
        quoted = doubled if doubled and any("'" in q for q in doubled) else quoted  # (a plaque saying "In memory of
        # Margaret 'Peggy' Doyle": the whole text, not the nickname inside it)
        textish = stem_set("message note text card caption inscription wording greeting")  # "write 'Congratulations'
        quoted = [] if not field_stems & textish and name.lower().endswith("s") and any(set(words(f.replace(
            "_", " "))) & textish for f in self.fields if f != name) else quoted  # on the card": the card_message's, not
        # the list of flowers'
        if kind in ("free", "thing", "other") and quoted:
            return self._take("quoted", lambda text: quoted)
        part = sorted(field_stems & stem_set("first given last family surname"))  # first_name: "John" of "John Lee"
        part = [] if part == [stem("family")] and stem("name") not in field_stems and not set(words(description)) & stem_set(
            "name surname person") else part  # (a font's family, "Quillon Serif", is whole; family_name is a surname)
        find = (lambda text: _by(text) or _proper_names(text)) if nullable and kind == "other" and find else find  # "phone":
        # no words of the message; a title that may be null: one named, not its author's name ("Is Dune by X in?")
        find = (lambda text: [n for n in self.unowned(_proper_names(text, things=True, titles=True)) if n not in _by(text)]) if (
            nullable and kind == "free" and field_stems & _WORKS) else find
        extracted = kind == "other" and name and not nullable and not self.summarized and (
            self.answer == self.request.message.strip())
        scored = [t for t in tokens(self.whole) if t[:1].isdigit() and "-" in t and max(map(len, t.split("-"))) < 4
                  ] if extracted and field_stems & _SCORES else []
        if scored:  # "Djokovic defeated Nadal 6-3, 6-4": "6-3, 6-4"
            return ", ".join(scored)
        sides = self.unowned(_proper_names(self.whole))[:2] if _SIDES & field_stems and kind in ("other", "thing") else []
        if len(sides) == 2:  # "Porto beat Braga 3-0": winner Porto; "X lost to Y", "X were beaten by Y", "X 1, Y 2": Y
            between = set(_lower_tokens(self.whole.partition(sides[0])[2].partition(sides[1])[0]))  # (loser: X)
            after = [(tokens(self.whole.partition(side)[2]) or [""])[0] for side in sides]  # a score after each name
            scores = [int(a) for a in after if a.isdecimal()]
            if between & {"drew", "draw", "tied"} or len(scores) == 2 and scores[0] == scores[1]:
                return "draw"
            lost = scores[0] < scores[1] if len(scores) == 2 else {"lost", "lose", "loses", "fell", "by"} & between
            return sides[bool(lost) != bool(field_stems & stem_set("loser losing"))]
        extracted = extracted and not field_stems & _SCORES
        if extracted:  # an extraction's name: one no other field took (its own word first: "Lab B" for lab), else for
            def find(text: str) -> list[str]:  # a part of a name, the only one ("2019 Toyota Corolla": make and model,
                names = [n for n in _proper_names(text) if n not in _CURRENCIES]  # split below)
                met = " ".join(_names_after(text, ("i'm", "im", "is", "am")) or _named_here(text))  # who speaks, last: "book the confocal
                names = [n for n in names if n not in met] + _object(text)[:1] * bool(met) + [  # microscope, I'm Dr Ana
                    n for n in names if n in met]  # Ruiz": the instrument, then the researcher
                left = sorted((n for n in names if not any(n in g or g in n for g in self.given if g)), key=lambda n: not (
                    field_stems & set(words(n))))  # not "Unfortunately Tom Becker" when the guest is Tom Becker
                return left[:1] or [g for g in self.given if names and all(n in g for n in names) and field_stems & _NAME_PARTS]
        if kind == "id" and not self.start and (told := self._told_id(name)):
            return told  # "my member number is M-20417", said now or before: member_id
        pointed = kind in ("other", "example") and bool({"that", "it", "this"} & set(_lower_tokens(self.whole)))  # "cancel that booking"
        if (kind == "id" or pointed) and not self.start and not identifiers(self.whole) and (kept := next((str(found[name]) for i in reversed(
                self.request.conversation[:self.request.last_user_index]) if item_type(i) == "function_call_output" and isinstance(
                    found := structured(str(i.get("output"))), dict) and isinstance(found.get(name), (str, int))), None)):
            return kept  # "Cancel the first ride": the ride_id a result gave (CAB-771), not the plate's "5521X"
        if kind == "id" and not self.start and not identifiers(self.whole) and {"it", "its", "that", "this"} & set(_lower_tokens(
                self.whole)) and (argued := next((str(given[name]) for i in reversed(self.request.conversation[
                    :self.request.last_user_index]) if item_type(i) == "function_call" and isinstance(given := structured(str(i.get(
                        "arguments"))), dict) and isinstance(given.get(name), (str, int)) and str(given[name])), None)):
            return argued  # "I've got a new number - please update it": the chip_number the lookup before was given
        heard = _lower_tokens(self.whole)
        same = {stem(w) for k, w in enumerate(heard) if heard[k - 1:k] == ["same"] and not {"not", "different"} & set(
            heard[max(0, k - 3):k])}  # "same car": the registration given (not "Not the same car")
        if same & (field_stems | set(words(description)) | set(words(self.told(name, description)))) and not self.start and (
                before := next((str(given[name]) for i in reversed(self.request.conversation[:self.request.last_user_index]) if (
                    item_type(i) == "function_call" and isinstance(given := structured(str(i.get("arguments"))), dict) and (
                        given.get(name) not in (None, "")))), None)):  # before ("book_fitting ... for a car registration plate")
            return before
        if kind in ("other", "thing") and not self.start and (told := self._coded_before(name)):
            return told  # "..., registration TPX 412F." before "Please book an MOT for my bike"
        if kind == "place" and not self.start and (route := _route(self.whole)) and (side := _route_side(name, nullable)) is not None:
            return route[side]  # "Moving Glasgow -> Aberdeen", "Cork to Galway": from_city Glasgow, to_city Aberdeen
        if find is not None:
            unread = {v for f, v in self.claimed.items() if f != name}  # "member id is M-4471": not the class name
            avoid = unread | {v for v, k in self.given.items() if k != kind and ((k in self.NAMES) <= (
                kind in self.NAMES) or k == "person")}  # a person's name is no clinic's ("Sign in Lucy Grant at Eastside")
            reads = (lambda text: find(" ".join(t for t in text.split(" ") if t.strip(".,;:!?") not in unread))) if (
                unread and kind != "fault") else find  # (a fault as told: "the shower in room 412 has no hot water")
            ran_out, self.ran_out = self.ran_out, False
            found = self._take(kind + "".join(part), reads, name if kind in ("example", "id") and not nullable else "",
                               avoid if kind not in ("version", "body") else set(), nullable and kind.startswith("date"))  # (a title
            # may hold the version: "Crash in v3.2.1"; a date a filter may go without is not a result's: "since")
            found = None if nullable and self.ran_out and not part else found  # return_date: none of one date
            if kind == "thing" and found and found.split()[-1].isdigit() and any(_SCORES & set(words(f.replace(
                    "_", " "))) for f in self.fields):  # "Lakers 102, Celtics 99", with scores to fill: "Celtics"
                found = found.rsplit(" ", 1)[0]
            self.ran_out = self.ran_out or ran_out
            found = next((found[len(v) + 1:] for v, k in self.given.items() if kind == "other" and found and k == "id" and len(
                v) > 2 and found.startswith(f"{v} ") and " " not in found[len(v) + 1:] and any(map(str.isdigit, found[len(v) + 1:]))), found)  # "in VM-12 B4": slot B4,
            # the machine's id given to machine_id
            if kind != "other" or extracted:  # a name of any kind may still be a city or an id, a person's is no company's
                self.given.setdefault(found or "", kind)
            elif found:
                self.others.add(found)
            self.inside.update((found or "").split()[1:])  # "IC 512": 512 is no count
            if found or kind != "other" or not self.answer:  # an extraction's field no name fills: as below
                return found.split()[0 if set(part) & stem_set("first given") else -1] if found and part else found
        if nullable and kind in ("free", "other"):  # "phone": null, not the message; the clause from a word related to
            clauses = [c.split() for s in sentences(self.whole) for c in s.replace(" and ", ",").replace(" but ", ",").split(
                ",")]  # the field's, as said ("I'm vegan": dietary_needs "vegan"; "allergic to nuts")
            return next((" ".join(said[at:]).strip(".!?") for said in clauses for at, w in enumerate(said) if stem(
                w.strip(".!?").lower()) in related(field_stems)), None)
        things = [t for t in _proper_names(self.whole, things=True) if t.split()[-1].lower().rstrip("s") not in _SECONDS and (
            t not in self.given)] if kind == "other" and self.answer and not (nullable or self.item or field_stems & (
                _SUBJECT | _EXPLAINS | _THINGS_SAID)) else []  # a structured answer's
        inner = [p.strip() for p in self.whole.partition("(")[2].partition(")")[0].split(",") if p.strip() and "@" not in p] if (
            self.item and kind in ("free", "other")) else []  # an item's aside: "Ben Ashworth (vegan, bringing a
        first = next((f for f in self.fields if f.lower() not in ("name", "email", "id", "title")), "") == name
        if inner and (said := next((p for p in inner if set(words(p)) & (field_stems | related(field_stems))), inner[0] if (
                first) else None)):  # plus-one)": dietary "vegan", the piece that says the field's word (or a kin), else
            return said  # the first piece, the first field's
        if things:  # thing, not the whole message: "Need a bass amp, Tuesday, two hours" (instrument); with one said
            return next((t for t in things if f" with a {t}" in self.whole or f" with an {t}" in self.whole), things[0])
        if kind in ("free", "other") and self.summarized and not field_stems & _SUBJECT:
            return self.summarized[0]  # a headline: the first sentence
        if kind == "free" and field_stems & _SUBJECT - {stem("title")} and (subjects := [  # not "put Dune on hold" for
                one for one in _subjects(self.whole) if not set(words(one)) <= self.own]):  # place_hold; a title is named
            self.given.setdefault(subjects[0], kind)  # no other field's value ("a hold on Emma, pickup at Eastgate")
            return subjects[0]
        if kind == "free" and field_stems & stem_set("reason cause why") and not self.answer:  # a reason: the words
            cue, at = next(((cue, at + len(cue)) for cue in (" because ", *since, " due to ", " for a ", " for an ")
                            if (at := self.whole.find(cue)) > 0), ("", 0))  # after "because", else the clauses that
            said = self.whole.replace(":", ",").replace(" and ", ",").replace(". ", ",").split(",")  # give no value nor
            why = [c.strip(" .!?") for c in said if c.strip(" .!?") and not any(map(str.isdigit, c)) and not (set(words(
                c)) & self.own or _is_question(c) or c.lower().strip().startswith(("i want", "i'd like", "please")))]
            told = next(iter(sentences(self.whole[at:])), "").rstrip(".!?")  # ask ("... order 7781, it was $45.50 and
            if cue.startswith(" for"):  # arrived broken"); "in for a limp on Monday": limp
                told = " ".join(itertools.takewhile(lambda w: w.lower() not in {*_PLACE_CUES, "on", "next", "this", ","} and
                                                    w.lower() not in CALENDAR, told.replace(",", " , ").split()))
            return told if at else ", ".join(why) or self.whole.strip()
        if kind == "free":  # a tool's text: what a colon marks in one line ("Reverse this: hello"), else all of it
            head, colon, marked = self.whole.strip().partition(": ")
            colon = "" if field_stems & _WORKS and head.split()[-1:] != head.split() and head.split()[-1].istitle() and marked[
                :1].isupper() else colon  # a title's: "Is Dune: Part Two on?"
            marked = marked if colon and not self.answer and len(head.split()) <= 8 and "\n" not in marked and len(
                sentences(head)) == 1 else ""  # not "Invoice from Globex. Amount due: $1,240.50": a label in the text
            served, _, count = head.partition(" for ")  # a heading's title, not whom it serves ("Pancakes for 4 people")
            served = served if count[:1].isdigit() or count.split(" ")[0].lower() in _COUNT_WORDS else head
            headed = [served] if colon and field_stems & _SUBJECT and len(head.split()) <= 6 and "\n" not in head else []
            said = said or next((c for c in self.whole.replace("; ", ". ").split(". ") if self.answer and field_stems & (
                _SUBJECT) and set(words(c)) & notes.PROBLEM and not {"should", "supposed"} & set(c.split())), "")  # else
            # the fault a form reports: "Our export crashes on big files; ..." (not "The timer is supposed to stop at zero")
            gist = " ".join([w for at, w in enumerate(said.split()) if at or w.lower() not in ("the", "a", "an", "our", "my")][:7])
            gist = [gist[:1].upper() + gist[1:].rstrip(".!")] if gist else []  # what is said, in short: "Meeting moved to 3pm"
            dates = _when(self.whole, None, self.year, self.today)  # no title: "... on my calendar for Dec 9"
            named = [n for n in self.unowned(_proper_names(self.whole, things=True, titles=True)) if n not in dates and not all(
                w.lower() in CALENDAR or w[:3].lower() in MONTHS or w.isdigit() for w in n.split())]  # (not "June 2025")
            task = self.unowned(_task(self.whole, self.own, dates))  # "call the dentist"
            alone = [self.whole.strip(" .!")] * (self.searches and list(self.fields) == [name] and not (
                named and stem("title") in field_stems))  # as a query is, unless it names a title ("Is Dune in?")
            titled = field_stems & _SUBJECT and (headed or gist or alone or task or named or
                                                 _names_after(self.whole, ("to", "in")) or [v for v in _after(
                self.whole, "to", field_stems) if v.islower() and not any(c.isdigit() for c in v)] or [" ".join(_thing(tokens(
                self.whole)))])  # "I'd rate Oppenheimer 7", "Design review on Friday"; "Renew Piranesi" (renew_loans):
            # "Piranesi"; "two tickets to Hamilton": "Hamilton"; a subject before the tool's own word in lower case:
            titled = [" ".join(ws[:-1]) if len(ws := t.split()) > 1 and t.islower() and stem(ws[-1]) in self.own - (  # "maths
                field_stems) else t for t in titled] if titled else titled  # homework" for get_homework is "maths"
            said = self.whole.replace(f" since {when}", "" if started and not since else f" since {when}").strip(
                ).split(" ")  # not the time another field takes; a search: what it looks for ("Search for Le Guin ebooks": "Le Guin
            cue = next((c for c in ("looking for ", *("i'd like to ", "i want to ", "i need to ") * self.searches) if c in (
                self.whole.lower())), "@")  # "I'm looking for running shoes under $100"; a search: "I'd like to add a logo"
            looking = self.whole.lower().find(cue)
            said = list(itertools.takewhile(lambda w: w.lower() not in ("under", "below", "over", "between", "around"),
                                            self.whole[looking + len(cue):].strip().split(" "))) if looking >= 0 else said
            lead = next((w.lower() for w in said if w.lower() != "please"), "") * (looking < 0)  # "Play some Miles Davis":
            memory = bool(set(words(self.tool.replace("_", " "))) & _MEMORY)  # a memory tool keeps the fact without
            led = next((w.lower() for w in said if w.lower() not in ("please", "don't", "do", "not")), "")  # its lead:
            kept = memory and stem(led) in _STORES["keep"] | _STORES["forget"]  # "Don't forget that I'm vegan": I'm vegan
            sought = (looking >= 0 or lead in ("find", "search", "look", "browse") or stem(lead) == stem(self.tool.split(
                "_")[0].lower()) and self.fields[:1] == [name] or kept) and not self.answer
            while sought and len(said) > 1 and (said[0].lower() in ("please", "find", "search", "look", "browse", "up",
                                                                    "for", "me", "us", "some") or said[0].lower() == lead
                                                or kept and said[0].lower() in ("that", "don't", "do", "not", led)):
                said.pop(0)  # "Miles Davis"
            said = " ".join(said).split(", please ")[0].split(" ") if memory else said  # "I'm allergic to shellfish,
            # please keep that in mind"
            said[0] = said[0][:1].upper() + said[0][1:] if kept else said[0]
            if titled and not marked:  # nor a title ("Put Dune on hold at Riverside")
                self.given.setdefault(titled[0], kind)
            value = (marked or titled and titled[0] or " ".join(said).rstrip(".!" * sought))[:500]
            others = [f.lower() for f in self.fields if f != name]  # not a clause that gives another field: ", assign it
            parts = value.split(", ")  # to Marek" (assignee)
            cut = next((k for k in range(1, len(parts)) if len(verb := stem((tokens(parts[k]) or [""])[0].lower())) >= 4 and any(
                other.startswith(verb) for other in others)), len(parts))
            return ", ".join(parts[:cut]) or None
        refused = self.answer.startswith(("I don't know", "I can't"))
        if (refused and field_stems & (_EXPLAINS | stem_set("summary feedback"))
                or kind == "answer" and self.answer == self.request.message.strip()):
            return self.gist() or self.answer
        return self.answer or None

    @cached_property
    def completed(self) -> tuple[Reader, frozenset[str]] | None:
        """For a reply to "I can do that once I have the card number", a reader of the request it completes, for the
        fields that were not asked for, and the words asked; else ``None``."""
        items, at = self.request.conversation, self.request.last_user_index
        at = next((k for k in range(at - 1, -1, -1) if item_type(items[k]) == "message"), -1)  # the message before
        asked = plain_text(items[at].get("content")) if at >= 0 and not self.answer else ""
        lead = stem((_lower_tokens(self.request.message) or [""])[0])  # "book collection of 40377 for 13/06/2025 morning":
        first = next((plain_text(i.get("content")) for i in reversed(items[:max(at, 0)]) if is_user_message(i)), "")
        if lead in words(self.tool.replace("_", " ")) and len(tokens(self.request.message)) > 3 and not (
                first and self.request.message.startswith(first[:40])):  # the request said again, with its own values
            return None  # (not the request it completes, said first: "Enroll me in X. Sure, it's S-77120.")
        return (Reader(Request.read(self.request.body, items[:at]), start=self.start, fields=self.fields, tool=self.tool,
                       options=self.options), frozenset(words(asked))) if asked.startswith(_ASKED_BACK[0]) else None

    @cached_property
    def picked(self) -> dict[str, Any]:
        """The record of the newest listed result of an earlier turn that the message points at by its place ("hold the
        first one", "the last one"), or by a word of it ("the dentist one"); for "reserve it" (no name said but another
        field's: "member CIN-2"), what the newest earlier call acted on ("Dune" of find_book); else {}."""
        said, places = _lower_tokens(self.request.message), _PLACES
        place = next((w for before, w in zip(said, said[1:]) if before == "the" and w in places), None)
        ones = [" ".join(said[at + 1:end]) for at, before in enumerate(said) if before == "the" for end in range(
            at + 2, min(at + 5, len(said))) if said[end] == "one" and said[at + 1] not in places]  # "the Old Market one";
        turned = any(cue in f" {' '.join(said)} " for cue in (" no wait ", " i mean ", " actually ", " sorry "))  # the
        named = (ones[-1] if turned else ones[0]) if ones else ""  # later one after "Cancel the Riverside one — no wait"
        it = ("it" in said or any("title" in f.lower() for f in self.fields)) and not (place or named or _QUOTED.search(
            self.request.message) or set(_proper_names(self.request.message)) - set(self.claimed.values()))
        before = self.request.conversation[:self.request.last_user_index] if it or place or named else []
        calls = {i.get("call_id"): (i.get("name"), a) for i in before if item_type(i) == "function_call" and isinstance(
            a := structured(str(i.get("arguments"))), dict)}  # "it": what the newest call acted on, its title, name,
        if it:  # product...; no title said ("order 2 copies"): the title another tool was given
            tool, given = [("", {}), *calls.values()][-1]
            keep = _SUBJECT | _THING | self.own | {stem("name")} if "it" in said else {stem("title")} if (
                tool != self.tool) else set()
            told = {str(v).lower() for v in given.values()} if "it" in said else set()  # else the record its result holds
            # by that value ("Search for Past Lives", "Add it to my watchlist": its title)
            return next((one for one in _records(before)[::-1] if told & {str(v).lower() for v in one.values()}), {
                k: v for k, v in given.items() if isinstance(v, str) and set(words(k.replace("_", " "))) & keep})
        for item in before[::-1]:  # a record of a list told with what its call was given ("the 19:30 one" of a film's)
            records = structured(item["output"]) if isinstance(item.get("output"), str) else None
            lists = [v for v in records.values() if isinstance(v, list)] if isinstance(records, dict) else []
            records = lists[0] if len(lists) == 1 and len(records) == 1 else records  # {"trains": [{...}, {...}]}: its list
            if isinstance(records, list) and records and all(isinstance(one, str) for one in records) and (place or named):
                listed = self._listed(records, place, named, calls.get(item.get("call_id"), ("", {}))) if not any(
                    cue in one.lower() for one in records for cue in ("error", "unavailable", "not found", "failed")) else {}
                if listed:  # (else an older result's: "the 08:00 one" of flights, after a list of seats)
                    return listed
                continue
            if isinstance(records, list) and records and all(isinstance(one, dict) for one in records):
                ranked = _ranked(records, named)  # "the cheaper one", "the earliest one"
                short = named[:3] if named[:3] in _WEEKDAYS and named.endswith("day") else named  # ("the friday one": Fri)
                records = [ranked] if ranked else [one for one in records if not named or any(f" {n} " in " " + " ".join(map(
                    str, one.values())).lower() + " " for n in (named, f"0{named}", short))]  # ("the 9:45 one" of "09:45")
                named = "" if ranked else named
                at = -1 if place == "last" else places.index(place) if place else 0
                return {**calls.get(item.get("call_id"), ("", {}))[1], **records[at]} if at < len(records) and (
                    place or len(records) == 1) else {}
        return {}

    def _listed(self, records: list[str], place: str | None, named: str, call: tuple[Any, dict[str, Any]]) -> dict[str, Any]:
        """Of a result that lists strings (``['Tue 11:00', 'Thu 14:00']``), the one the message points at by its place
        ("the second one") or by a word of it ("the thursday one": Thu), as the value of each of this tool's fields the
        listing tool says it gave ("Free slots for an artist": ``slot``), with what that call was given; else {}."""
        words_named = {w[:3] if w[:3] in _WEEKDAYS and w.endswith("day") else w for w in named.split()}
        found = [one for one in records if words_named & {t.lower() for t in tokens(one)}] if named else records
        at = -1 if place == "last" else _PLACES.index(place) if place else 0
        tool = next((t for t in self.request.tools if t.name == call[0]), None)
        fields = [f for f in self.fields if tool is not None and f not in call[1] and stem(f.lower()) in tool.stems]
        return {**call[1], **{f: found[at] for f in fields}} if fields and at < len(found) and (place or len(found) == 1) else {}

    def picked_value(self, name: str) -> Any:
        """The picked record's value for a field, by its name or its end ("task_id": its "id", "showtime": "time"); an id
        also of the one record of an earlier result whose values say the message's words ("Cancel the design review":
        the id of {"id": "evt_311", "title": "design review with Ana"})."""
        record = self.picked or (self.mentioned if name.lower().endswith("id") or set(words(name.replace("_", " "))) & (
            _ID) else {})  # "Enroll me in Data Structures": its course code
        return next((v for k, v in sorted(record.items(), key=lambda kv: kv[0] != name) if name.lower().endswith(
            k.lower()) or name.lower().removesuffix("id").rstrip("_ ") == k.lower() and identifiers(str(v))), None) if (
            not self.answer) else None  # ("booking_id": a record's "booking" P-401, not its "customer" Leo Park)

    @cached_property
    def mentioned(self) -> dict[str, Any]:
        if [i for i in identifiers(self.request.message) if not _phone_like(i)]:  # an id the message gives is the one
            return {}
        said = set(words(self.request.message)) - self.own - {stem(self.tool.split("_")[0].lower())}  # past the tool's own
        # words: "cancel", "event"; "add" (add_to_cart)
        records = _records(self.request.conversation[:self.request.last_user_index]) if said else []
        named = set(_proper_names(self.request.message))  # or whose name the message says ("with Luna on the 12th")
        held = [set(words(" ".join(map(str, one.values())))) for one in records]
        rare = {w for w in said if 0 < sum(w in h for h in held) < len(held)}  # a word some records hold and others
        # not: "cancel the cleaning" (of a cleaning and a filling), every other word a filler ("go ahead"), not "my gym
        rare = rare if not said - set().union(*held) - _ORDER_FILLERS else set()  # session with Ana" of a review with Ana
        hits = [one for one in records if said <= set(words(" ".join(map(str, one.values()))))] or [
            one for one in records if named & {str(v) for v in one.values()}] or [
            one for one, h in zip(records, held) if rare and h & rare == rare]
        return hits[-1] if hits and all(one.get("id") == hits[-1].get("id") for one in hits) else {}

    @cached_property
    def report(self) -> tuple[str, list[tuple[str, list[str]]]] | None:
        """For a schema with a report field, the message's labelled lines ("Original query: X", "Summarized search
        results: ['a', 'b']"): the first one's value (the topic) and each later label with its points; else ``None``."""
        if not any(f.lower().endswith("report") or "markdown" in f.lower() for f in self.fields):  # not report_id
            return None
        parts = [(label.strip(), value.strip()) for label, colon, value in (line.partition(": ") for line in (
            self.request.message.splitlines())) if colon and 0 < len(label.split()) <= 4 and value.strip()]
        return (parts[0][1], [(label, list(map(str, listed)) if isinstance(listed := structured(value), list) else [
            value]) for label, value in parts[1:]]) if len(parts) >= 2 else None

    @cached_property
    def worked(self) -> list[tuple[str, str]]:
        """The steps of the equation an answer's message asks to solve ("how can I solve 8x + 7 = -23?"), else []."""
        said = self.request.message
        solved = _solved(said) if self.answer and (_is_question(said) or stem("solve") in words(said)) else None
        return solved[1] if solved else []

    @cached_property
    def summarized(self) -> list[str]:
        """The sentences of the message when the instructions ask to summarize it into an answer's fields and it has
        several, else []."""
        told = sentences(self.request.message)
        return told if self.answer and len(told) > 1 and asks_for_summary(self.request.instructions[:2000]) else []

    @cached_property
    def judged(self) -> str:
        """The assistant's latest answer when it is what the request has the model read: it follows the latest
        user message (an evaluator's input), or that message points at it ("Evaluate the outline above.")."""
        said, at = self.request.message, self.request.last_user_index
        answers = [(k, plain_text(item.get("content")).strip()) for k, item in enumerate(self.request.conversation)
                   if item_type(item) == "message" and item.get("role") == "assistant"]
        pointed = {t.lower() for t in tokens(said[:200])} & {"above", "previous"}
        return answers[-1][1] if answers and (answers[-1][0] > at or pointed) else ""

    @cached_property
    def plainness(self) -> tuple[bool, str]:
        """Whether the text judged (else the message) reads plainly: sentences of 25 words or fewer on average, and at
        most one word in ten of four or more syllables ("electromagnetic"); and why, in a sentence."""
        text = self.judged or self.request.message
        said, parts, vowel = [t for t in tokens(text) if t.isalpha()], max(1, len(sentences(text))), "aeiouy".__contains__
        hard = [t for t in said if sum(k for k, _ in itertools.groupby(t.lower().removesuffix("e"), vowel)) >= 4]
        plain = len(said) <= 25 * parts and len(hard) * 10 <= len(said)
        return plain, (f"The text has {len(said)} words in {parts} sentence{'s' * (parts > 1)}, " + (
            f"with hard words ({', '.join(dict.fromkeys(hard[:4]))})" if hard else "all short and common") +
                       f": it is {'easy' if plain else 'hard'} to read.")

    def gist(self) -> str | None:
        """A short sentence about the latest message, for a summary or an explanation: what it asks or says (its
        first sentence) when it is long or not answered; else ``None``."""
        said = self.request.message.strip()
        told = [piece for piece in sentences(said) if not _ASIDE.match(piece)] or [said]  # not "Hi, this is Maria."
        if len(said) <= 160 and not self.answer.startswith(("I don't know", "I can't")) and told == sentences(said):
            return None
        first = _cut(told[0], 160)
        return f"The user {'asks' if _is_question(said) else 'says'}: {first}" + ("" if first[-1:] in ".?!…" else ".")

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

    def named_value(self, name: str, linked: bool = True) -> str | None:
        """The value the latest message gives right after the field's name (or, if ``linked``, "is" after it):
        "ticker AAPL", "city Paris", "seat is 14C"; a handle's (``username``: also after "user") may be lowercase
        ("user j.doe"), or follow "I'm" at a sentence's end or "as" ("I'm mkowalski", "log in as jdoe"); for a second call
        (``start``), the next of a list there ("orders A-1 and A-2"), else ``None``."""
        parts = [word for word in name.lower().split("_") if word not in STOP]  # not "to"
        if name.lower().split("_")[0] in ("from", "to") and name.lower().split("_")[0] in _lower_tokens(self.whole):
            return None  # its value follows "from" ("from account 1234 to account 5678"): its :meth:`kind`'s
        handle = [word[:-4] for word in parts if word.endswith("name") and len(word) > 4]  # username: "user"
        names = {stem(word) for word in parts + handle}
        message = self.request.message[:4000]  # a quote after the name is the value: "subject 'Hello there'"
        quoted = [q.group(1) for q in _QUOTED.finditer(message) if (words(message[:q.start()][-60:]) or [""])[-1] in names]
        labelled = re.search(rf"(?:^|[\n.!?;/]\s*){re.escape(' '.join(parts))}\s*(?::| -)\s+(.+?)(?:[.!?](?:\s|$)|[;,]| / |$)",
                             message, re.I | re.M) if parts and " ".join(parts) in message.lower() else None  # "Name: Ana
        # Silva.", "Host - Marta Lind"
        told = [labelled[1]] if labelled and len(labelled[1].split()) <= 6 else (
            _role_names(message, names) if linked else [])
        if quoted:
            self.ran_out = self.ran_out or self.start > 0
            return quoted[0]
        if told:
            self.ran_out = self.ran_out or self.start >= len(told)
            value = told[min(self.start, len(told) - 1)]
            return _postcode_whole(message, value) if names & _ADDRESS_PARTS[2] else value  # "postcode is SW1A 1AA"
        later = any(_ENDS.get(part, ("",))[0] == "to" for part in name.lower().split("_")) and any(
            f != name and set(f.lower().split("_")) & set(parts) - set(_ENDS) for f in self.fields)  # target_size beside
        # current_size: the one said last
        for piece, found in reversed(self.request.pieces) if later else self.request.pieces:  # ("from size N up to size P")
            found = [t for t in found if t.lower() not in ("ending", "ends") and (not linked or t.lower() not in (
                "is", "was"))]  # "seat is 14C", "card ending 4421"
            for at, (word, value) in reversed([*enumerate(zip(found, found[1:]))]) if later else enumerate(zip(found, found[1:])):
                if stem(word.lower()) not in names:
                    continue
                if value[:1].isdigit() and found[at + 2:at + 3] and found[at + 2][:3].lower() in MONTHS and found[at + 2].isalpha():
                    continue  # "inspected 3 June 2025 by R. Okafor": a date, whole, no inspector "3"
                a_temperature = any(f"{value}{unit}" in message for unit in ("°", " °", " degrees"))  # not a room
                verb = found[at + 2:at + 3] == ["that"]  # "Text Maya that...": the field's name is the verb
                if (at == 0 or word.islower()) and not verb and f"{word}, " not in piece and (
                        _is_value(value) and not a_temperature or handle and value.lower() not in STOP):
                    if value.isalpha() and value.isupper() and found[at + 2:at + 3] and (found[at + 2].isdigit() or found[
                            at + 2][:1].isdigit() and found[at + 2].isalnum() and found[at + 2].isupper()):
                        return f"{value} {found[at + 2]}"  # "flight BA 171", "registration TPX 412F"
                    if len(value) == 4 and value[:2].isalpha() and value[:2].isupper() and value[2:].isdigit() and found[
                            at + 2:at + 3] and len(found[at + 2]) == 3 and found[at + 2].isalpha() and found[at + 2].isupper():
                        return f"{value} {found[at + 2]}"  # "car reg KX21 ABC": a number plate whole
                    if names & _ADDRESS_PARTS[2] and (whole := _postcode_whole(piece, value)) != value:  # "postcode LS6 2QT"
                        return whole
                    if value.istitle() and found[at + 2:at + 3] and found[at + 2].istitle():  # "Name: Lena Fischer"
                        return " ".join(itertools.takewhile(str.istitle, found[at + 1:at + 4]))
                    if value[:1] in "0+(" and (phone := next((m[0].strip() for m in _PHONE.finditer(piece) if m[0].startswith(
                            value) and " " in m[0].strip() and _phone_like(m[0])), None)):  # "my number is 07911 223344":
                        return phone  # the whole number
                    more = (v for v in found[at + 2:at + 8] if v not in ("and", "or"))
                    listed = [value, *itertools.takewhile(_is_value, more)]
                    self.ran_out = self.ran_out or self.start >= len(listed)
                    return listed[min(self.start, len(listed) - 1)]
        if not handle:
            return None
        said = [(found[at - 1].lower().replace("’", "'"), value, at + 1 == len(found)) for found in map(
            tokens, sentences(message)) for at, value in enumerate(found) if at and value[:1].islower()]
        return next((value for cue, value, last in said if handle and (cue == "as" or cue in ("i'm", "im") and last)
                     and value not in STOP and not value.endswith(("ed", "ing", "ly"))), None)  # "I'm mkowalski"

    @cached_property
    def claimed(self) -> dict[str, str]:
        """The value the latest message ties to each of the tool's fields by its name ("seat 14C": ``new_seat``)."""
        ran_out, named = self.ran_out, {name: self.named_value(name) for name in self.fields}
        self.ran_out = ran_out
        return {name: value for name, value in named.items() if value}

    def _take(self, kind: str, find: Callable[[str], list[str]], required: str = "",
              avoid: set[str] | frozenset[str] = frozenset(), latest: bool = False) -> str | None:
        """The next value of ``kind`` (none of ``avoid``) in the first text that holds one (of the ``latest``
        message only); a ``required`` field finding none is noted."""
        index = self.start + self.taken.get(kind, 0)
        self.taken[kind] = self.taken.get(kind, 0) + 1
        for text in self.texts[:1] if latest else self.texts:
            found = [value for value in dict.fromkeys(find(text)) if not any(f" {value} " in f" {a} " for a in avoid) and (
                str(value).lower() not in _NO_VALUE or any(f"{q}{value}{q}" in text for q in "'\"‘“'"))]  # nor a part of
            # one: "Pride" of "Pride and Prejudice"; nor "need" of
            # "what insurance do I need?" (a word that names nothing)
            if found:  # (one source or target of several conversions is each one's: "1,200 pounds to yen and 80 quid to
                # dollars")
                shared = kind in ("currency from", "currency to") and len(found) == 1 and text is self.texts[0] and sum(
                    bool(_NUMBER.fullmatch(_in_digits(t).lstrip("£$€"))) for t in tokens(text)) >= 2  # (of two amounts)
                self.ran_out = self.ran_out or not shared and (index >= len(found) or index > 0 and text is not self.texts[0])
                return found[min(index, len(found) - 1)]
        if required:
            self.found_nothing.append(required)
        return None

    def number(self, name: str, description: str) -> float | None:
        """:meth:`said_number`, as the message then corrects it: "for three people ... Oh wait, make it four": 4; a blood
        pressure's halves as written ("BP 128/82": systolic 128, diastolic 82)."""
        side = [n for n, cue in enumerate(("systolic", "diastolic")) if cue in name.lower()]
        said = tokens(self.request.message[:2000])
        axis = next((n for n, names in enumerate((_LATITUDE, _LONGITUDE)) if name.lower() in names), None)
        if axis is not None and not self.start and (placed := _coordinates(self.request.message[:2000])[axis]) is not None:
            return placed  # "lat 52.2053 lon 0.1218", "53.80N 1.55W" (else as any number: "52.71, 0.35")
        pressure = _blood_pressure(said, asked=True) if side else None  # (one reading, one call)
        if pressure is not None:
            self.ran_out = self.ran_out or bool(self.start)
            return float(pressure[side[0]])
        cues = {"heart": ("pulse", "hr", "heart"), "pulse": ("pulse", "hr"), "temperature": ("temp", "temperature"), "temp": (
            "temp", "temperature")}.get(next((p for p in name.lower().split("_") if p in ("heart", "pulse", "temperature", "temp")),
                                             ""), ()) if side or "pressure" not in name.lower() else ()
        labelled_value = next((b for a, b in itertools.pairwise([t for t in said if t.lower() not in ("rate", "is", "was", "of", ":")])
                               if a.lower() in cues and _NUMBER.fullmatch(b.rstrip("c°Cf"))), None) if cues else None
        if labelled_value is not None and not self.start:  # heart_rate: "pulse 72" (not the BP's 128); temperature_c: "temp
            return float(labelled_value.rstrip("c°Cf"))  # 36.8"
        pressure = _blood_pressure(said) if cues and "pulse" in cues else None
        if pressure is not None:  # beside a pressure, a pulse only as one is said: "68 bpm", "heart rate 77", "her heart
            low = [t.lower() for t in said]  # was racing at 110" (not "2 cups of coffee", "I'm 67 years old")
            beats = [t for k, t in enumerate(low) if _NUMBER.fullmatch(t) and t not in map(str, pressure) and (
                low[k + 1:k + 2] in (["bpm"], ["beats"]) or "heart" in low[max(0, k - 6):k])]
            return float(beats[0]) if beats else None
        heard = _lower_tokens(_in_digits(self.request.message[:2000]))  # target_ph: "pH is 7.9, want it at 7.4": 7.4
        aimed = [b for k, b in enumerate(heard) if _NUMBER.fullmatch(b) and {"want", "target", "aim", "aiming"} & set(heard[
            max(0, k - 3):k])] if {"target", "desired", "goal", "wanted"} & set(name.lower().split("_")) else []
        if len(aimed) == 1 and not self.start:
            return float(aimed[0])
        unit = name.lower().rpartition("_")[2] if "_" in name else ""  # pool_volume_litres in a follow-up that says no
        told = {float(a) for s in reversed(self.request.said) if s.role == "user" for a, b in itertools.pairwise(_lower_tokens(
            _in_digits(_THOUSANDS.sub("", s.text)))) if unit in ("litres", "liters", "gallons", "kg", "tonnes", "hectares", "acres") and (
                _NUMBER.fullmatch(a) and stem(b) == stem(unit))}  # litres: "Pool is 48,000 litres" said before (one only: not
        heard = _lower_tokens(self.request.message)  # Bo's 1 kg and the rabbit's 3 kg)
        if len(told) == 1 and not any(stem(w) == stem(unit) for w in heard) and not self.start and heard[:1] in (["and"], ["also"]):
            return told.pop()  # a follow-up, "and pH is 7.9 ...", not "Plan seed for the south field" after the north field's
            # 12 hectares, nor "Ship the timber" after 30 tonnes of coal
        value = self.said_number(name, description)
        said = _lower_tokens(_in_digits(self.request.message))
        fixed = [(k, b) for k, (a, m, b) in enumerate(zip(said, said[1:], said[2:])) if a in ("make", "call") and m in ("it", "that") and (
            _NUMBER.fullmatch(b)) and (not said[k + 3:k + 4] or said[k + 3] in STOP and said[k + 3] not in ("each", "per"))]
        fixed = [(k, b) for k, b in fixed if f"{said[k]} {said[k + 1]} {b}" in " ".join(_in_digits(self.request.message).lower(
            ).split())]  # (as written: not "If Sam can make it, 3."); "6 years - well, 7 really, call it 7"
        after = said[fixed[-1][0] + 3:fixed[-1][0] + 6] if fixed else []  # (not "we'll make it 3 if Sam comes", "I'd make
        hedged = after[:1] in (["if"], ["unless"], ["but"]) and after[1:3] not in (["that's", "ok"], ["possible"], [  # it 3
            "you", "can"])  # but money's tight"; but "if that's ok")
        before = [t for k, t in enumerate(said[:fixed[-1][0]]) if any(c.isdigit() for c in t) and t[:1] not in "£$€" and not (
            t[-2:] in ("st", "nd", "rd", "th") and t[:-2].isdigit() or len(t) == 4 and t[:2] in ("19", "20") and (any(
                t in m.group() for m in _DATE.finditer(self.request.message)) or said[max(0, k - 1):k] in (["in"], ["since"], [
                    "from"], ["until"], ["room"]) or said[max(0, k - 1):k] in (["my"], ["our"], ["the"]) and not said[
                        k + 1:k + 2][0:1] == [] and not any(w.endswith("s") and not w.endswith(("ss", "us", "is")) for w in said[
                            k + 1:k + 3])))] if fixed and not (
            hedged) else []  # (a price is no count: "3 rolls at £2 each, make it 4"; nor a date's day or year)
        counted = [(k, b) for k, (a, m, b, n) in enumerate(zip(said, said[1:], said[2:], said[3:])) if a == "make" and m in (
            "it", "that") and _NUMBER.fullmatch(b) and n.isalpha() and n not in STOP and (stem(n) in set(words(name.replace(
                "_", " "))) | related(set(words(name.replace("_", " ")))) or n in _HEADS and set(words(name.replace("_", " "))) & (
                    stem_set("party size people guests group headcount pax")))]  # "party of 3 for Chen at 7 tonight,
        if counted and value is not None and not self.start:  # actually make it 5 people": party_size 5
            return float(counted[-1][1])
        if fixed:
            return float(fixed[-1][1]) if value is not None and (len(before) == 1 or fixed[-1][1] in before[1:]) and _NUMBER.fullmatch(
                before[0]) and value == float(before[0]) and not self.start else value  # (one number before it, or the fix
            # said already: "6 years - well, 7 really, call it 7"; not "for 6 at 7pm. Make it 8")
        marked = _in_digits(self.request.message).lower()  # the number said after a correction of it, with the same
        for mark in (", ", "; ", ". ", "! ", "? ", " - "):  # unit or none, then the clause's end: "10 kg shiitake, no wait,
            marked = marked.replace(mark, f" {mark.strip()} ")  # 8kg", "340 ewes - sorry, 360, forgot..." (not "for 4, we
        heard = marked.rstrip(" .!?").split()  # can wait 10 minutes", "3 tickets - sorry, 2 more questions")
        units = [t.lstrip("0123456789.") for t in heard]
        for k, number in enumerate(t[:len(t) - len(t.lstrip("0123456789."))] for t in heard):
            at = next((j for j in range(k + 1, min(k + 8, len(heard))) if heard[j] in ("wait", "sorry", "mean", "correction") and (
                heard[j] != "wait" or heard[j - 1] in ("no", "oh", ","))), None)
            later = next((j for j in range(at + 1, min(at + 3, len(heard))) if _NUMBER.fullmatch(heard[j][:len(heard[j]) - len(
                units[j])] or "x")), None) if at is not None else None
            own = units[k] or (heard[k + 1] if k + 1 < len(heard) else "")  # "12 kg" or "12kg": kg
            after = units[later] or (heard[later + 1] if later is not None and later + 1 < len(heard) else "") if (
                later is not None) else ""
            if value is not None and _NUMBER.fullmatch(number or "x") and float(number) == value and later is not None and (
                    not after or after in (",", ".", ";", "!", "?", "-", "please", "thanks", "instead") or stem(after) == stem(
                        own)) and not self.start:
                return float(heard[later][:len(heard[later]) - len(units[later])])
        return None if value is not None and self.answer and self._counted_not_measured(name, value, heard, units) else value

    def _counted_not_measured(self, name: str, value: float, heard: Sequence[str], units: Sequence[str]) -> bool:
        """Whether an answer's measure field (``temperature_c``, ``ascent_m``) would take a number no measure of its own
        gives: one counting a thing ("2 noctules", "one box": no 2 °C, no 1 °C), or one in the unit of another of the
        schema's fields, converted ("11 km" of ``distance_km`` is no 11000 of ``ascent_m``)."""
        suffix = name.lower().rpartition("_")[2] if "_" in name else ""
        if suffix not in {*_UNIT_SUFFIXES, "m"}:
            return False
        labels = set(words(name.replace("_", " "))) - {stem(suffix)}
        nexts = [*(t.strip(".,;:!?") for t in heard[1:]), ""]
        after = [(u or nexts[k]).strip(".,;:!?") for k, u in enumerate(units)]  # a number's unit: glued ("14C") or after it
        spots = [k for k, t in enumerate(heard) if (n := t[:len(t) - len(units[k])]) and _NUMBER.fullmatch(n) and float(n) == value or (
            value == 1 and t in ("one", "a", "an", "single"))]  # ("one box", "a 0.8 kg envelope" of length_cm)
        if any(after[k] in (suffix, _UNIT_SUFFIXES.get(suffix, suffix).lower(), "°c", "°", "c") or after[k] in _SPELT_UNITS or (
                after[k] == "odd" and nexts[k + 1:k + 2] and nexts[k + 1] in _SPELT_UNITS) or labels & {stem(w) for w in heard[max(
                    0, k - 3):k]} for k in spots):  # ("30 odd degrees")
            return False
        others = {f.lower().rpartition("_")[2] for f in self.fields if f != name and "_" in f} & set(_UNIT_SUFFIXES) - {suffix}
        converted = any((after[k] in others or after[k] == "k" and "km" in others) and (n := t[:len(t) - len(units[k])]) and (
            _NUMBER.fullmatch(n)) and float(n) and value / float(n) in (1000, 0.001, 100, 0.01) for k, t in enumerate(heard))
        counted = bool(spots) and all((thing := nexts[k] if heard[k] in ("one", "a", "an", "single") else after[k]).isalpha() and (
            thing not in STOP | MEASURE_WORDS | _SPELT_UNITS | _MEASURE_SIDES.keys() | {"x", "by", "across"}) for k in spots)
        return converted or counted

    def said_number(self, name: str, description: str) -> float | None:
        """A tool's value for the field, a number next to the field's name or unit ("Total 13.50", "45 minutes"),
        else the next number the turn's latest tool result, then the latest message, gives (numbers inside an id
        such as ``ORD-7`` are not; "between 0 and 250" is one request, not one per number)."""
        if isinstance(picked := self.picked_value(name), (int, float)) and not isinstance(picked, bool):
            return float(picked)  # "mark the first one done": the first listed record's id
        if not self.start and (kept := self._result_before(name)) is not None:
            return kept  # "Given that thickness, ...": the thickness a tool gave
        if not any(c.isdigit() for c in self.request.message) and (told := not self.start and (self._told_number(
                name) or self._told_measure(name) or self._told_count(name)) or self._argued_before(name)):  # "Is my machine ready yet?" after "my
            return told  # repair ticket number is 5521": ticket 5521; "Which harness size does she need?" after "132 cm
        # tall and weighs 29.5 kg"; "What would that cost?" after check_vacancy({"nights": 5}): 5 nights
        results = [output for _, output, _ in self.request.this_turn[2]][-1:]
        marks = set(words(name.replace("_", " ")))  # an address gives no count ("14 Baker Street, 1200 per month")
        scored = [float(top) for before, (top, of) in zip(["", *map(str.lower, tokens(self.request.message))], (t.partition(
            "/")[::2] for t in tokens(self.request.message))) if of in ("5", "10", "100") and _NUMBER.fullmatch(top) and float(
                top) <= float(of) and before not in ("since", "on", "from", "until", "till", "by", "before", "after")] if marks & (
                    _SCORES | stem_set("level pain scale severity")) and not self.start else []  # (not "since 3/10")
        low_said = [t.lower() for t in tokens(self.request.message)]
        flat = " ".join(self.request.message.lower().split())
        scored += [float(a) for a, b, c, d in zip(low_said, low_said[1:], low_said[2:], low_said[3:]) if b == "out" and c == "of" and (
            _NUMBER.fullmatch(a) and _NUMBER.fullmatch(d)) and float(a) <= float(d) and any(f"{a} out of {d}{end}" in f"{flat} " for end in (
                ",", ".", "!", ";", " stars", " star", " points", " for ", " overall", " ")) and not any(
                    f"{a} out of {d} {noun}" in flat for noun in ("people", "customers", "guests", "of", "users", "times"))] if marks & (
                        _SCORES | stem_set(
                "level pain scale severity")) and not self.start else []  # "3 out of 5": 3
        if len(scored) == 1:  # "pain 7/10": 7 (no date, no 10)
            return scored[0]
        said = _lower_tokens(self.request.message)  # "5 m long and 4 m wide": length 5, width 4
        cues = next((cues for side, cues in _SIDE_WORDS.items() if stem(side) in marks), ())
        unit = name.lower().rpartition("_")[2] if "_" in name else ""
        sided = [a for k, a in enumerate(said) if cues and _NUMBER.fullmatch(a) and (said[k + 1:k + 2] and said[k + 1] in cues or (
            said[k + 2:k + 3] and said[k + 2] in cues and said[k + 1] in (unit, {"m": "metres", "cm": "centimetres"}.get(unit))))]
        # ("1.78 m tall" is no height_cm as said)
        sided = sided if len(sided) == 1 and not self.start and not results else []
        elsewhere = {a for side, other in _SIDE_WORDS.items() if stem(side) not in marks for k, a in enumerate(said) if (
            _NUMBER.fullmatch(a) and (said[k + 1:k + 2] and said[k + 1] in other or said[k + 2:k + 3] and said[
                k + 2] in other))} if cues else set()  # "4 m wide" is no length
        said = _lower_tokens(_in_digits(self.request.message))
        unit = name.lower().rsplit("_", 1)[-1] if "_" in name else ""  # heaviest_passenger_kg: a number in kg, or none
        counted = [b.rstrip(".,;") for a, b in zip(said, [*said[1:], ""]) if _NUMBER.fullmatch(a)]
        if unit in ("kg", "g", "cm", "mm", "km", "lb", "lbs", "kwh", "ml", "m2", "m3") and counted and all(b.isalpha() and b not in (
                _MEASURE_WORDS | {"wide", "high", "long", "tall", "deep", "by", "x", "and", "or"}) for b in counted) and not any(
                    a[:1].isdigit() and a.lstrip("0123456789.") in _MEASURE_WORDS for a in said):
            return None  # each number counts another thing: "3 passengers" is no weight
        bare = [t.rstrip("cm") if t[:1].isdigit() else t for t in said] if marks & _DIMENSIONS else []  # ("30cm by 40cm")
        bare = [part for t in bare for part in (" x ".join(t.split("x")).split() if t[:1].isdigit() and t.count("x") == 2 and all(
            _NUMBER.fullmatch(n) for n in t.split("x")) else [t])]  # "30x30x30" (not a screen's "1920x1080")
        sides = next((bare[k::2][:next((n for n, (a, b) in enumerate(zip(bare[k::2], [*bare[k + 1::2], ""])) if not (
            _NUMBER.fullmatch(a) and b in ("by", "x", "×"))), 0) + 1] for k in range(len(bare) - 2) if _NUMBER.fullmatch(
                bare[k]) and bare[k + 1] in ("by", "x", "×") and _NUMBER.fullmatch(bare[k + 2])), None)  # "8 by 6 cm":
        # width 8, height 6; "40 by 30 by 20": each side
        if sides:  # (of two fields or more, in
            dims = [f for f in self.fields if set(words(f.replace("_", " "))) & _DIMENSIONS]
            order = [k for k, sided in enumerate(("length long", "width wide", "height tall depth deep")) if marks & stem_set(sided)]
            side = float(sides[min(dims.index(name), len(sides) - 1)] if name in dims and len(dims) > 1 else sides[min(
                order[0], len(sides) - 1)] if len(sides) >= 3 and order else sides[not marks & (stem_set(
                    "width wide length long"))])  # their order: length_m, width_m "4 by 3.5 m": 4, 3.5; of three, length,
            # width, height ("40 x 30 x 20 cm", the sides of an object inside another)
            return int(side) if side.is_integer() else side  # (as written: 3, not 3.0)
        low = f" {self.request.message.lower()} "
        kin = [t for t in _lower_tokens(self.request.message) if stem(t) in related(marks)]  # "no kids": children none
        # (but "3 sons, no daughters": 3, "3 bottles of wine, no
        kin = [] if kin and any(_NUMBER.fullmatch(a) and {stem(b) for b in said[at + 1:at + 2] + said[at + 3:at + 4] * (said[
            at + 2:at + 3] == ["of"])} & (marks | related(marks)) for at, a in enumerate(said)) else kin  # beer": 3)
        if any(f" {cue} {w}" in low for cue in ("no", "without") for w in [*name.lower().split("_"), *(
                w[:-1] for w in name.lower().split("_") if w.endswith("s")), *kin]) and not any(
                _NUMBER.fullmatch(a.lstrip("£$€")) and stem(b.lower()) in marks for a, b in itertools.pairwise(tokens(
                    self.request.message))):  # "No tip.": none ("4 people ... no people under 18": 4; "No, tip 20%")
            plural = [w for w in name.lower().split("_") if len(w) > 3 and w.endswith("s") and f" no {w}" in low]
            return 0.0 if plural and not set(words(name.replace("_", " "))) & _MONEY_TALK else None  # "no pets": 0
        if marks & stem_set("position place rank placing finish") and not self.start:  # "finished fourth": 4, "came 2nd": 2
            ranks = {w: n for n, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}
            ranked = [ranks.get(w) or int(w[:-2]) for w in _lower_tokens(self.request.message) if w in ranks or w[:-2].isdigit(
                ) and w[-2:] in ("st", "nd", "rd", "th")]
            if len(ranked) == 1:
                return ranked[0]
        if marks & stem_set("floor storey story level") and not marks & stem_set("area space size sqm sqft") and not (
                self.start):  # "a third-floor flat": 3; "ground floor": 0 (floor_area_sqm is an area)
            said = _lower_tokens(self.request.message.replace("-", " "))
            at = next((k for k, w in enumerate(said) if stem(w) in marks & stem_set("floor storey story level")), None)
            before = said[at - 1] if at else ""
            places = {"ground": 0, "basement": -1, **{w: n for n, w in enumerate(
                "first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}}
            if before in places or before[:-2].isdigit() and before[-2:] in ("st", "nd", "rd", "th"):
                return places[before] if before in places else int(before[:-2])
            written = f" {' '.join(self.request.message.lower().replace(',', ' , ').replace('.', ' . ').split())} "
            ends = [n for word in ("floor", "level") for n in [written.partition(f" to {word} ")[2].split(" ")[0]] if (
                n.lstrip("-").isdigit())]  # "from level 1 to level 6": 6
            levels = ends[:1] or [n for word in ("floor", "level") if written.count(f" {word} ") == 1 for n in [written.partition(
                f" {word} ")[2].split(" ")[0]] if (
                n.lstrip("-").isdigit() and written.partition(f" {word} {n} ")[2][:1] in ("", ",", ".", "a", "i", "w", "t"))]
            if len(set(levels)) == 1 and not (before in places or before[:-2].isdigit()):  # "on level 4", "floor -2"
                return int(levels[0])  # (not "level 3 electrician", nor "from level 1 to level 6")
            if at is None and marks & stem_set("floor storey story"):  # no floor said: no other number's ("about 30
                return None  # cubic metres" is no floor)
        if self.worked and marks & (_GENERIC_ANSWER | {stem("step")}):  # "Solve 2x + 3 = 11": result 4, a step 1, 2...
            return float(self.start + 1 if self.item and stem("step") in marks else self.worked[-1][1].partition(" = ")[2])
        if self.start and "between" in self.request.message.lower():
            self.ran_out = True
        text = _in_digits(" ".join([self.from_tools(name) or "", *results, self.request.message]))
        text = " ".join(f"{core[:-2]} years old{w[len(core):]}" if (core := w.rstrip(",.;!?"))[:-2].isdigit() and core[
            -2:].lower() == "yo" else w for w in text.split(" "))  # "34yo": 34 years old
        if not marks & stem_set("age old year years born"):  # an age is no count: "i'm 17, can i order prosecco?"
            text = " ".join(_unaged(text.split(" ")))
        if marks & _PERSON:  # "There'll be 9 of us": 9 people
            said = text.split(" ")
            text = " ".join("people" if w == "of" and said[k - 1:k] and said[k - 1].isdigit() and said[k + 1:k + 2] and said[
                k + 1].rstrip(".,;!?") == "us" else w for k, w in enumerate(said))
        if marks & _SCORES:  # "2/5": 2 out of 5, no date
            text = text.replace("/", " out of ")
        if marks & _RATE_WORDS or marks >= stem_set("interest rate"):  # "at 5.5% interest", "4.25 percent":
            # annual_rate_pct 5.5, percent 4.25, interest_rate (not hourly_rate, heart_rate)
            text, marks = text.replace("%", " percent"), marks | _RATE_WORDS
        elif any(set(words(f.replace("_", " "))) & _RATE_WORDS for f in self.fields):  # "1800 g of cabbage at 2.5%": the
            text = text.replace("%", " percent")  # 2.5 is another field's, a percent
        text = text if marks & stem_set("house street address number") else _ADDRESS.sub(" ", text)
        text = _PHONE.sub(lambda m: " " if _phone_like(m[0]) and m[0][:1] in "0+(" and " " in m[0].strip() else m[0], text)
        # a phone's digits are no count: "Ines on 07700 900123"
        hours = []  # an hour of the day: "at 19:00", "7pm": 19; of two hour fields, the start's the first, the end's the last
        if marks & stem_set("hour") and not marks & stem_set("minute minutes duration long"):
            for written, iso in zip(_when(text, "clock", self.year, self.today), _when(text, "time", self.year, self.today)):
                text, hours = text.replace(written, f" {int(iso[:2])} ", 1), [*hours, str(int(iso[:2]))]
            for part in (" in the evening", " at night", " in the afternoon"):  # "at 8 in the evening": 20
                text = " ".join(f"{int(w) + 12}" if w.isdigit() and int(w) < 12 and f" {w}{part}" in f" {text}" else w
                                for w in text.split(" "))
        for hour in [w for w in _when(text, "clock", self.year, self.today) if " at " in w and not marks & _WHEN]:
            text = text.replace(hour, " ")  # a bare hour is no count: "tomorrow at 3" (duration_minutes)
        if not marks & stem_set("year month day") or marks & stem_set("age old") or name.lower().endswith((
                "_years", "_months", "_days", "_weeks")):  # "June 20th 2025", "2 days (of an age: "7 years old": 7,
            # not 2025)
            text = _DATE.sub(lambda m: m[0] if marks & stem_set("hour minute") and (  # ago": no count ("8pm" is an
                ":" in m[0] or m[0][-2:].lower() in ("am", "pm")) else " ", text)  # hour's)
        text = " ".join(w.replace("-", " ", 1) if w[:1].isdigit() and w.partition("-")[2].rstrip("s") in _SECONDS else w
                        for w in text.split(" "))  # "a 1-hour call": 1 hour (not "a 20-sided die")
        text = _in_unit(_halves(text), {*name.lower().partition("_per_")[0].split("_")[name.lower().startswith(("min_", "max_")):],
                                        *words(description)}, frozenset(f.lower().rpartition("_")[2] for f in self.fields if (
                                            f != name and "_" in f)) if set(name.lower().split("_")) & _RATE_NAMES and not set(
                                                _lower_tokens(self.request.message)) & (_RATE_NAMES | {"week", "day", "month", "year", "per"}) else frozenset())
        # "two hours": 120 minutes (min_capacity: no minutes; weekly_km: no foot_length_cm's "25cm");
        # hours_per_week: hours)
        said = text.split(" ")  # "one large coffee": 1 (not "one of them"); "twice a day": 2
        for at, (count, d, sides) in enumerate(t.lower().partition("d") for t in said):  # dice: "3d6" is 3 of 6 sides,
            if d and sides.rstrip(".,;!?").isdigit() and (count.isdigit() or not count):  # "2 d20" 2, "a d8" 1
                said[at] = f"{count or '1' * (not said[at - 1:at] or not said[at - 1].isdigit())} dice of {sides} sides"
        text = " ".join("1" if w.lower() == "one" and n.split("\n")[0].rstrip(".,;!?").isalpha() and n.lower() not in STOP else {
            "once": "1", "twice": "2", "thrice": "3"}.get(w.lower(), w) for w, n in zip(said, [*said[1:], ""]))
        found = [t[:len(t) - len(t.lstrip("0123456789."))] if "/" in t and (u := t.lstrip("0123456789.").split("/")[0]).isalpha() and (
            u.lower() == name.lower().rpartition("_")[2]) or (u := t.lstrip("0123456789.")).isalpha() and len(u) <= 3 and (name.lower(
            ).startswith(u[0]) or u in ("C", "F") and any(w in name.lower() for w in ("temp", *(("celsius", "centigrade") if (
                u == "C") else ("fahrenheit",)))) or u == "x" or stem(u.lower()) in related({stem("unit")})) else t for t in (t.lstrip("£$€#+x") for t in tokens(text) for t in (  # "250g": 250 grams
                t.split("-") if t[:1].isdigit() and t[-1:].isdigit() else [t]))]  # "90,000-120,000": two; "2x": 2; "3100kwh/year"
        found = [t for t in found if _NUMBER.fullmatch(t)]  # "€1,250.00": one
        if len(found) == 2 and not self.start and not results and "_" in name and _paired(name, self.fields) and not set(
                name.lower().split("_")) & {"home", "away"}:  # rating_a, rating_b: "a 1840 player vs a 2055 player"
            return int(value) if (value := float(found[_pair_place(name)])).is_integer() else value
        if marks & stem_set("quantity qty count"):  # a line's count is no amount of money: not "96.50 euros"
            priced = {a.lstrip("£$€") for a, b in itertools.pairwise([*tokens(text), ""]) if a[:1] in "£$€" or stem(
                b.lower()) in related({stem("currency")}) or b.upper() in {code for _, code in _SIGNS}}
            found = [t for t in found if t not in priced]
        marks, said = set(words(name.replace("_", " "))), words(text)  # said: no stop word ("total of 13.50")
        marks |= {"aged"} if stem("age") in marks else set()  # "Biscuit, aged 7": age_years 7
        marks |= _RATE_WORDS if marks & _RATE_WORDS or marks >= stem_set("interest rate") else set()
        marks |= self.own if marks & stem_set("count quantity") else set()  # roll_dice's count: "roll 3 dice"
        heard_now = _lower_tokens(_in_digits(self.request.message))
        counted = stem_set("people person adult child kid guest") & set(words(self.request.message)) | {stem("friend") for a, b, c in (
            zip(heard_now, heard_now[1:], [*heard_now[2:], ""])) if a.isdigit() and (b.startswith("friend") or c.startswith(
                "friend"))}  # "2 adults + 3 kids", "me and 3 (best) friends"
        marks |= _PERSON | counted if counted and marks & stem_set("household party occupant") else set()  # (not "we have
        # 2 dogs")
        marks |= _PERSON if marks & (_PERSON | stem_set("headcount capacity")) else set()  # attendees: "about 120
        # guests"; min_capacity: "for 6 people"
        if marks & _SCORES:  # a rating is no count of something else ("broke after 2 days"; "4 stars", "7 out of 10");
            teams = [(team, n) for team, n in itertools.pairwise(tokens(text)) if team[:1].isupper() and _NUMBER.fullmatch(n)]
            sides = [v for f in self.fields if len(teams) > 1 and (v := self.named_value(f.split("_")[0]))]  # "home: X"
            teams = sorted(teams, key=lambda pair: sides.index(pair[0]) if pair[0] in sides else len(sides))
            marks = marks & _SCORES if len(teams) > 1 else marks  # no "99 (home: Lakers)" for home_score
            found = [n for t in tokens(text.replace(" - ", "-")) if not marks & _SURE and t[:1].isdigit() and t.count(
                "-") == 1 and t.replace("-", "").isdigit() for n in t.split("-")] or [n for _, n in teams if len(teams) > 1] or [
                # a result "2-1": 2, then 1; "Lakers 102, Celtics 99": 102, then 99 (the home side's first)
                w for w, after in zip(said, [*said[1:], ""]) if _NUMBER.fullmatch(w) and not marks & _SURE and (
                    not after.isalpha() or after in marks | stem_set("out star point"))]  # a confidence: only "confidence 0.8"
        money = marks & stem_set("total amount price cost fee paid spent rent salary deposit")  # "4.50 GBP"; "$45.50",
        if money and any(f in text.lower() for f in ("entry is free", "admission is free", "free of charge", "free entry",
                                                     "free admission", "it's free", "it is free")) and not _currencies(text):
            return 0.0  # "Entry is free" (and "ages 12 and up"): no price but nothing
        # not "order 7781"
        marks |= {code.lower() for _, code in _SIGNS} | related({stem("currency")}) | {stem("ask")} | {
            stem(w) for w in _CURRENCY_NAMED if w.isalpha()} if money else set()  # ("60 quid")
        # "8500 euros", "asking 15000"
        given = {v for f, v in self.claimed.items() if f != name}
        found = [t for t in found if t not in given] or found  # "order 7781", "Book IC 512 for 3"
        found = [t for t in found if t not in self.inside]
        parts = [words(piece) for part in text.replace(". ", ", ").replace("\n", ", ").split(", ") for piece in part.split(
            " and ")]  # "3 nights, 2 guests"; "1500 pounds to yen and 60 quid": 60 is no yen's
        counted = {a for a, b in itertools.pairwise(tokens(text)) if (money or "per" in name.lower().split("_")) and b.lower(
            ).endswith("s") and stem(b.lower()) in (set(words(name.replace("_", " "))) - money)}  # price_per_night: not "3
        # nights" (but "32.50 a night"); rate_per_word: not "3200 words"
        found = [t for t in found if t not in counted]
        labelling = {stem(a.lower()) for a, b in itertools.pairwise(tokens(self.request.message)) if a.isalpha() and (
            _NUMBER.fullmatch(b))}  # the words a number follows as written ("ammonia 0.5"; not "crates and 4")
        named = [w for side, near in ((-1, marks), (1, marks if money else marks | related(marks))) for said in parts  # nights 3; "Total 13.50", "45
                 for at, w in enumerate(said) if not results and _NUMBER.fullmatch(w)  # minutes",
                 and 0 <= at + side < len(said) and said[at + side] in near  # "350 calories" (kcal); not "4 bedrooms
                 and not (side < 0 and at > 1 and _NUMBER.fullmatch(said[at - 2]) and not (_labels_first(said) and said[
                     at - 1] in labelling)) and not (side > 0 and at and _labels_first(said) and said[at - 1].isalpha() and said[
                         at + 1] in labelling) and w not in counted]  # 3
        # bathrooms": 3, whose unit is before; but "ph 8.2 ammonia 0.5 nitrate 10", each label before its number: 0.5
        others = {w for f in self.fields if f != name for w in words(f.replace("_", " "))} - marks  # "My chest is 101cm
        clauses = [words(piece) for part in text.replace(". ", ", ").replace("\n", ", ").split(", ") for a in part.split(
            " and ") for b in a.split(" with ") for piece in b.split(" or ")]  # (not across "and": "300 mm tiles and 3 mm
        # joints")
        surnames = {stem(b.lower()) for a, b in itertools.pairwise(tokens(self.request.message[:400])) if a.istitle() and (
            b.istitle()) and a.isalpha() and b.isalpha() and a.lower() not in STOP}  # "Elin Price: a 3000 litre tank": a
        theirs = {w for part in clauses for at, w in enumerate(part) if at and _NUMBER.fullmatch(w) and part[at - 1] in (
            others - surnames)}  # name, no price's label
        theirs |= {w for part in clauses for at, w in enumerate(part[:-2]) if _NUMBER.fullmatch(w) and part[at + 2] in others - (
            marks) and part[at + 1] not in others}  # "3 mm joints": the joints' (of tile_size_mm)
        theirs |= {w for part in clauses for at, w in enumerate(part[:-1]) if _NUMBER.fullmatch(w) and part[at + 1] in (
            others - marks)}  # "2400 g of cabbage at 2 percent": the 2 is the percent's (of cabbage_g)
        named = [n for n in named if n not in theirs] or named  # and I'm 183cm": height 183
        tonnes = [float(a) for a, b in itertools.pairwise(_lower_tokens(_in_digits(self.request.message))) if _NUMBER.fullmatch(
            a) and b in ("tonnes", "tonne", "tons", "ton")] if name.lower().endswith("_kg") and not self.start else []
        if len(tonnes) == 1 and not results:  # "Bacchus 2.3 tonnes" of weight_kg: 2300
            return round(tonnes[0] * 1000, 6)
        suffix = name.lower().rpartition("_")[2]  # a number written in the field's own unit ("a 5 mm suit": thickness_mm
        suffix = {"sqm": "m2", "sqft": "ft2"}.get(suffix, suffix)  # (floor_area_sqm: "68 m²", "160 sq m")
        raw = _lower_tokens(_in_digits(self.request.message.replace("cubic metres", "m3").replace("cubic meters", "m3").replace(
            "m³", "m3")) if suffix == "m2" else self.request.message.replace("cubic metres", "m3").replace(
                "cubic meters", "m3").replace("m³", "m3"))  # 5, not 178 cm as 1780 mm; "30 cubic metres": 30 of estimated_volume_m3)
        if suffix == "m2" and any(f in raw for f in ("ft", "feet", "sqft", "ft2")) and "m2" not in raw:
            return None  # "800 sq ft" is no floor_area_sqm
        degrees = ("degrees", "degree", "°", "°c", "celsius", "deg") if suffix == "c" else ("°f", "fahrenheit") if suffix == "f" else ()
        direct = [a for a, b in itertools.pairwise(raw) if _NUMBER.fullmatch(a) and b == suffix] + [
            a for a, b, c in zip(raw, raw[1:], [*raw[2:], ""]) if _NUMBER.fullmatch(a) and b in degrees and c not in (
                "fahrenheit", "f", "warmer", "colder", "cooler", "hotter", "more", "less", "higher", "lower")] + [
            t[:-len(suffix)] for t in raw if t.endswith(suffix) and _NUMBER.fullmatch(t[:-len(suffix)])] if suffix in (
                _UNIT_SUFFIXES) and "_" in name else []
        theirs |= {a[:len(a) - len(a.lstrip("0123456789."))] for a, b, c in zip(raw, raw[1:], [*raw[2:], ""]) if a[:1].isdigit() and stem(
            _MEASURE_SIDES.get(b) or _MEASURE_SIDES.get(c) or "-") in others - marks}  # "180cm wide, 220 drop": the 180 is the
        # width's (of drop_cm)
        named = [n for n in direct if n not in theirs and n not in {v for f, v in self.claimed.items() if f != name}] or named
        mine = [w for part in clauses for at, w in enumerate(part) if at and _NUMBER.fullmatch(w) and part[at - 1] in marks - set(
            words(suffix))]  # a number right after the field's own word first: "my chest is 101cm" for chest_cm
        named = [*dict.fromkeys([n for n in mine if n not in theirs] + named)]
        self.ran_out = self.ran_out or bool(self.start) and len(named) == 1  # one "25 minutes": no call per number
        named = [] if self.start else named
        named += [w.lstrip("£$€") for w in tokens(text) if money and w[:1] in "£$€" and not (self.start or results)]
        named[:0] = [t[:-len(u)].strip("-") for t in tokens(text) if (u := t.lstrip("0123456789.-")) != t and len(
            u) > 1 and any(part.startswith(u.lower()) or stem(part) == stem(u.lower().split("-")[0]) for part in name.lower(
                ).split("_"))]  # "256GB", "3-bed": 3 beds, "6-sided": 6 sides, "a 4-year-old beagle": age_years 4
        rated = [(w, k) for k, (w, after) in enumerate(itertools.pairwise(said)) if marks & _RATE_WORDS and after == stem(
            "percent") and _NUMBER.fullmatch(w)]  # "a 20% deposit over thirty years": 20, not the 30 after "deposit";
        nexts = marks - _RATE_WORDS | (stem_set("interest apr") if stem("rate") in marks else set())
        named[:0] = [w for w, k in sorted(rated, key=lambda wk: not set(said[wk[1] + 2:wk[1] + 3]) & nexts)]  # "at 4.1%
        # interest": the one whose next word is the field's ("interest" of a rate, "deposit") first
        named[:0] = sided  # ("5 m long and 4 m wide": the width 4)
        named, found = [n for n in named if n not in elsewhere], [t for t in found if t not in elsewhere]
        named = [n for n in named if n not in self.inside] or named  # "rent 950 a month, minimum 6 months": 6 months
        owned = {w for f in self.fields if f != name for w in words(f.replace("_", " "))}  # "Roll 2 dice": the count's,
        owned |= self.own if owned & stem_set("count quantity") else set()  # not the sides'
        tied = [n for part in text.replace(". ", ", ").split(", ") for n, w in itertools.pairwise(tokens(part)) if stem(
            w.lower()) in owned]  # said again untied, it is this field's too: "Is 91 prime? 91 = 7 x 13": 91
        found = found if named or results or marks & _SCORES else [t for t in found if found.count(t) > tied.count(t)]
        index = self.start + self.taken.get("number", 0)
        told, heard = tokens(self.told(name, description)), _lower_tokens(self.request.message)
        scale = [(n, label.lower()) for n, label in itertools.pairwise(told) if _NUMBER.fullmatch(n) and label.isalpha()
                 and label.lower() not in STOP | MEASURE_WORDS]  # numbers a tool labels ("1 (lowest)": "low"), not a range
        # ("0 to 100") nor sizes ("10, 20 or 40 ft")
        labelled = [n for n, label in scale if any(len(w) > 2 and w not in STOP and label.startswith(w) for w in heard)]
        years = [t for t in found if len(t) == 4 and t[:2] in ("19", "20")]
        if stem("year") not in marks and any(stem("year") in words(f.replace("_", " ")) for f in self.fields):
            found, years = [t for t in found if t not in years], []  # a price is not the year a year field takes
        if suffix.upper() in {code for _, code in _SIGNS} and not named and not _currencies(text) and not results:
            said_now = [stem(w) for w in _lower_tokens(text)]  # max_budget_gbp: an amount of money, not "aged 7"; without a
            heard_now = _lower_tokens(text)
            thousands = {_in_digits(t.lstrip("£$€")) for t in tokens(self.request.message) if t[-1:] in "kK" and _NUMBER.fullmatch(
                t[:-1].lstrip("£$€"))}  # "for 8k": money said the way money is
            found = [t for t in found if any(said_now[k] in _MONEY_TALK and t in heard_now[k + 1:k + 3] for k in range(len(
                said_now))) or any(a in ("on", "of") and b == t for a, b in itertools.pairwise(heard_now)) and {
                    "percent", "%"} & set(heard_now) or t in thousands]  # currency, a number just after a word of money ("budget around
            # 800", "I earn 42k"), or the sum a percentage is of ("Tip 15 percent on 60")
        spans = [u for u in ("year", "month", "week", "day") if f"_{u}s_" in f"_{name.lower()}_"]  # years_experience too
        lasting = bool(marks & stem_set("age old")) or bool(spans)
        if lasting:  # an age or a span in years takes a count of years ("about 9 years old"), never a year ("2016")
            unit = (spans or ["year"])[0]
            aged = [a for a, b in itertools.pairwise([*_lower_tokens(text), ""]) if a in found and stem(b.rstrip("s")) in (
                stem_set(f"{unit} old yr" if unit == "year" else unit))]  # nor a mileage ("120000 miles"), nor "for 3 days"
            # of an age
            found, years = aged or [t for t in found if t not in years and float(t) <= 200], []  # ("120000 miles": no age)
            named = [n for n in named if n in aged] or aged[:1] if aged else named  # ("42000 a year over 25 years": 25)
        elif marks & _PERSON:  # a count of people is no age: "the kids are 3 and 5 years old" gives no count of kids
            heard = _lower_tokens(text)
            ages = {t for k, t in enumerate(heard) if _NUMBER.fullmatch(t) and (rest := list(itertools.dropwhile(lambda w: (
                w in ("and", "or", "&") or bool(_NUMBER.fullmatch(w))), heard[k + 1:k + 8]))) and rest[0].rstrip("s") in (
                    "year", "yr") and rest[1:2] == ["old"]}
            found, named = [t for t in found if t not in ages], [n for n in named if n not in ages]
        if years and stem("year") in marks:  # a year field takes the years in turn ("2016-2019": start 2016, end 2019), not a count or a price
            found, index = years, self.taken.get("year", 0)
            self.taken["year"] = index + 1
        elif found and marks & _UPPER:  # "max": the top of "between 0 and 250"
            found, index = [max(found, key=float)], 0
        elif named or self.from_tools(name) or labelled:  # the tool's value (first), the one the field's name is next
            found, index = named[:1] or labelled[:1] or found[:1], 0  # to, or the one the message says the label of
            self.inside.update(found)  # no other field's by its place ("3 bathrooms, 180 m2": area 180)
        said = _lower_tokens(_in_digits(self.request.message))  # the speaker counts too: "for me and my wife": 2, "me
        other = next(((said[at + 1 + (said[at + 1:at + 2] in (["my"], ["our"])):at + 2 + (said[at + 1:at + 2] in (["my"], [
            "our"]))] if said[at - 1] == "me" else said[at - 2:at - 1]) or ["1"] for at in range(1, len(said) - 1) if said[
                at] == "and" and "me" in said[at - 1:at + 2:2]), [""])[0]  # and two kids", "2 kids and me": 3, "me and my 2
        # mates": 3
        if other and marks & (_PERSON | {stem("party")}) and (not named or other in named):
            found, index = [str(1 + (int(other) if other.isdecimal() else 1))], 0
        if not (years and stem("year") in marks or named and self.answer):  # in an answer, only a number by its place
            self.taken["number"] = self.taken.get("number", 0) + 1  # moves the place on ("2019 Corolla, 42000 km")
        self.ran_out = self.ran_out or index >= len(found) > 0  # not a count none gives: "Add milk and bread"
        several = sum("hour" in f.lower() for f in self.fields) > 1
        if len(hours) > 1 and several and not self.start:  # "from 22:00 to 07:00": start_hour 22, end_hour 7
            found, index = [hours[-1] if set(name.lower().split("_")) & _ENDING_HOURS else hours[0]], 0
        lead = _NUMBER.match(str(found[index]).lstrip("£$€")) if index < len(found) else None  # "£3/kg": 3 (a price
        value = float(lead.group()) if lead else None  # per unit, its number)
        if value is None and set(words(name.replace("_", " "))) & stem_set("guest guests people party person diner diners group") and (
                not self.start):
            value = next((float(n) for s in reversed(self.request.said) if s.role == "user" and (n := _group_size(s.text)) and not (
                {"were", "was", "last"} & set(_lower_tokens(s.text)))), None)  # "Book us a table" after "we're a party of 6"
        low = f" {self.request.message.lower()}"
        spots = [k for k in range(len(low)) if low.startswith(found[index], k) and not low[k - 1:k].isdigit() and not (
            low[k + len(found[index]):k + len(found[index]) + 1].isdigit())] if value and index < len(found) else []
        negated = [k for k in spots if k > 1 and (low[k - 1] in "-−" and low[k - 2] in " (=:" or low[:k].endswith("minus "))]
        near = [k for w in name.lower().split("_") if len(w) > 2 for k in range(len(low)) if low.startswith(w, k)] if negated else []
        spot = min(spots, key=lambda k: min((abs(k - n) for n in near), default=-k)) if negated else -1
        if spot in negated:
            value = -value  # "an offset of -1.5 °C", "minus 0.8" (of the number nearest the field's word: not "It's -5
            # outside; set the offset to 5")
        field = next(((t.parameters.get("properties") or {}).get(name) for t in self.request.tools if t.name == self.tool), None)
        if value is not None and isinstance(field, Mapping) and "default" in field and suffix in _UNIT_SUFFIXES and not direct and (
                index < len(found)) and (found[index] not in raw) and not (marks - set(words(suffix))) & set(words(self.request.message)):
            value = None  # a value only another's number gives, converted: "I'm 178 cm tall" is no thickness_mm = 3's
        told = f"{self.request.instructions[:2000]} {self.request.message}".lower()
        unit = "word" if stem("word") in marks else "sentence"
        pieces = _in_digits(low).split(unit)  # ("12k words": 12000)
        stated = [piece.rstrip(" -").rpartition(" ")[2].replace(",", "") for piece, after in zip(pieces, pieces[1:]) if (
            piece.endswith("-") or after[:1] == "s" or after[:1] == " " and after.split()[:1] not in (["of"], ["for"], [
                "is"], ["was"]))]  # "a 3,200-word contract", "2300 words", "a 500 word essay": the count the user gives
        plural = [piece.rstrip(" -").rpartition(" ")[2].replace(",", "") for piece, after in zip(pieces, pieces[1:]) if (
            piece.endswith("-") or after[:1] == "s")]  # ("the 1000 word limit ... 940 words": 940)
        stated = [n for n in plural + stated if n.isdecimal()]  # (not "The 2024 word of the year")
        if marks & stem_set("word sentence") and marks & stem_set("count number total"):  # word_count: of the message
            value = float(stated[0]) if stated else float(len(
                self.request.message.split() if unit == "word" else sentences(self.request.message)))
        elif value is None and "how many" in told and ("how many?" not in low or " each" in low):  # (not the user's own
            # "how many?", unless answered: "how many? one each")
            value = float(len(_listed(self.request.message))) or None  # "Bread, cheese, wine.": 3
        elif "how many" in told and not named and not money and len(counted := self.counts()) >= 2 and all(
                item.isalpha() and item.islower() for item in counted):  # "How many guests? 6 adults and 2 kids": 8
            asked = words(told.split("how many", 1)[1])[:1]
            value = next((n for item, n in counted.items() if words(item) == asked), sum(counted.values()))
        elif marks & _PERSON and len(people := [(n, set(words(item))) for item, n in self.counts().items() if set(words(
                item)) & (_PERSON | stem_set("adult kid baby"))]) >= 2:  # "2 adults and 1 child": 3 guests (children: 1)
            asked = set(words(name.replace("_", " ")))
            asked |= _YOUNG if asked & _YOUNG else set()  # children: "3 kids"
            value = next((n for n, item in people if item & asked), sum(n for n, _ in people))
        now = max((s.turn for s in self.request.said), default=0)  # "How much is a clutch cable for my bike?": the year
        mine = _owned(self.request.message)  # "my bike", of "My bike is a 1968 Triumph..." said before
        if value is None and set(words(name.replace("_", " "))) <= stem_set("year model") and not self.start and mine:
            value = next((float(t) for s in reversed(self.request.said) if s.role == "user" and s.turn < now for c in s.text.replace(
                ";", ",").split(", ") if ("my", mine) in {(a, stem(b)) for a, b in itertools.pairwise(_lower_tokens(c))} for t, after in (
                    itertools.pairwise(tokens(c))) if len(t) == 4 and t[:2] in ("19", "20") and t.isdigit() and after[:1].isupper()), None)
            # (a year before a make: "a 1968 Triumph", not "bought in 2019")
        if value is None and self.fields and not self.answer and not self.start and not self.item and marks & (
                _PERSON | stem_set("guest passenger party traveller traveler adult")):  # "Book the double for Priya": the
            value = next((float(v) for i in reversed(self.request.conversation[:self.request.last_user_index]) if item_type(
                i) == "function_call" and isinstance(given := structured(str(i.get("arguments"))), dict) and isinstance(
                    v := given.get(name), (int, float)) and not isinstance(v, bool) and v), None)  # guests an earlier call
            # was given (check_availability's 2), as the dates said before
        heard_low = _lower_tokens(self.request.message)
        counted_things = self.own | set(words(name.replace("_", " "))) | stem_set("seat place spot")
        one_said = any(w in ("a", "an", "one", "single") and {stem(n) for n in heard_low[k + 1:k + 4]} & counted_things and not (
            heard_low[k + 1:k + 2] and heard_low[k + 1] in _COLLECTIVES) for k, w in enumerate(heard_low)) or ["just", "me"] in [
                heard_low[k:k + 2] for k in range(len(heard_low))] or any(w in ("one", "single") and heard_low[k - 1:k] and heard_low[
                    k - 1] in ("just", "only", "need", "book", "want", "get", "order", "a") and (heard_low[k + 1:k + 2] in (
                        [], ["please"], ["for"], ["to"], ["thanks"]) or heard_low[k + 1] in CALENDAR) for k, w in enumerate(heard_low))  # "a tyre", "just one
        # please", "book one for Dune", "a single to York" (not "one delivery address", "the one at 8pm")
        # "a spare steel tyre", "just me" (not "a set of tyres", "tyres for a Golf")
        if value is None and not self.answer and stem_set("quantity qty count") & set(words(name.replace("_", " "))) and not (
                isinstance(field, Mapping) and "default" in field and not one_said):
            value = 1.0  # a count no number gives is one: "Add milk", "roll a 20-sided die" (not one with a default:
            # ``tyre_count: int = 4`` for "Order tyres", but "a tyre")
        if value is None and not (self.answer or marks & _UPPER or scale):  # a number no one gave is asked for ("Roll
            # 2 dice": sides; "Turn it up": the level of 0 to 100), not a bound ("max_minutes": none) nor one of the
            # labelled numbers its tool describes ("impact is 1 (cosmetic) ... 4 (blocking)")
            self.found_nothing.append(name)
        return int(value) if value is not None and value.is_integer() and abs(value) < 2**53 else value

    def leaning(self, name: str) -> float | None:
        """How far up its scale (0 to 1) a score, rating or confidence field sits when the message gives no number:
        how sure the option chosen is (0.9 when several of the message's words chose it, 0.7 one, else 0.5), or, with
        no option, how much the message praises rather than blames ("love it": 1, "terrible": 0); else ``None``."""
        marks = {stem(p) for p in name.lower().split("_") if p not in ("rate", "rates")}  # (a rate per word is no rating)
        if not marks & _SCORES - stem_set("goals") or not self.answer:  # a tool's argument: only what the user says
            return None
        if self.chosen is None or self.toned:  # no option chosen: the message's tone
            found, tones = _lower_tokens(self.request.message), [related({stem(t)}) for t in ("negative", "positive")]
            flips = [before in ("not", "no", "never") or before.endswith("n't") for before in ["", *found]]
            said = [(w, tone ^ flip) for w, flip in zip(found, flips) for tone in (0, 1)
                    if {stem(w), stem(w.removesuffix("ly"))} & tones[tone]]  # "not bad": praise
            praised = sum(tone for _, tone in said) / len(said) if said else 0.5
            tone = ("neutral", "positive", "negative")[(praised > 0.5) - (praised < 0.5)]
            self.chosen, self.toned = (tone, [w for w, _ in said]), True
            if not marks & _SURE:
                return praised
        option, cues = self.chosen
        return 0.5 if option.lower() in _NEUTRAL or not cues else 0.9 if len(cues) > 1 else 0.7

    def told_options(self, name: str) -> list[str]:
        """The options its tool's description lists for a field in words ("...; priority normal or urgent."), else []."""
        told = next((t.told for t in self.request.tools if t.name == self.tool), "")
        after = told.lower().partition(f"{name.lower()} ")[2].split(".")[0].split(";")[0]
        listed = [w.strip() for w in after.replace(" or ", ",").split(",")]
        return listed if len(listed) > 1 and all(w.isalpha() for w in listed) else []

    def denies(self, name: str) -> bool:
        """Whether the message says no to a field's own word ("no pets", "without sugar", "Pets: no", "not included")."""
        spoken = f" {' '.join(_lower_tokens(self.request.message))} "
        own = [w for w in name.lower().split("_") if len(w) >= 3 and w not in ("has", "is", "allowed", "wants", "needs")]
        if "safe" in own and _harmful(self.request.message):
            return True  # pet_safe: "toxic to cats and dogs"
        return any(f" {cue} {w}" in spoken for w in own for cue in ("no", "without", "not")) or any(
            f"{w}: no" in self.request.message.lower() or f" {w} not " in spoken for w in own)

    def boolean(self, name: str, description: str) -> bool | None:
        """Whether the latest message says the field's name, unless negated ("not yet paid", "unpaid", "hold the olives",
        "no need to wax it"), or a related word (``is_math_homework``: "solve"); for a field named like ``response``,
        what the instructions ask about. A field's verb of wanting is not what it asks (``wants_callback``: "callback",
        said as "call me back"); a negation counts in its own clause ("I don't need a refund, just a swap"); ``None`` when
        the message says none of them (``on``: "on")."""
        marks = frozenset(words(name.replace("_", " "))) - {stem("is"), stem("has")}
        marks = marks - stem_set("want wish need request ask like only include paid pay") or marks  # only_abnormal:
        # "abnormal"; paid_by_card: "card" ("Paid in cash")
        heard_low = " ".join(_lower_tokens(self.request.message))
        marks = marks - {w for f in self.fields if f != name and (f.lower().endswith(("_size", "_count", "_qty", "_number", "_date",
                                                                                       "_kg", "_weight", "_time")) or all(
            part in heard_low for part in f.lower().split("_"))) for w in words(f.replace("_", " "))} or marks
        # organic_crate beside crate_size: "organic" ("in 5 kg crates" says no organic); gift_wrap beside gift_message
        # said ("gift message: ..."): "wrap"
        if marks & _PLAIN and self.answer:  # is_readable_by_ten_year_old: how plainly the text reads
            return self.plainness[0]
        if not marks:  # one_way: said as "one way"; a switch ("on") is on unless turned off ("Dim the lights to 30%")
            said, phrase = f" {' '.join(_lower_tokens(self.request.message))} ", name.replace("_", " ").lower()
            return f" {phrase} " in said or phrase in ("on", "is on") and not set(said.split()) & _OFF
        if self.answer.startswith(("Yes: ", "No: ")) and (marks <= _GENERIC_ANSWER or marks & stem_set(
                "correct right valid true accurate")):  # "Is 17 + 26 = 43?" checked word for word: Yes
            return self.answer.startswith("Yes")
        if (ruled := self.ruled(marks)) is not None:  # "Approve refunds under $100": approved for "$30"
            return ruled
        parts = name.lower().split("_")
        if parts[:1] == ["in"] and len(parts) == 2 and f" out of {parts[1]} " in f" {heard_low} " and not f" {heard_low} ".replace(
                f" out of {parts[1]} ", " ").count(f" in {parts[1]} "):
            return False  # in_stock: "out of stock" (not "in stock again after being out of stock")
        if marks & stem_set("available usable working functional operational") and (thing := marks - stem_set(
                "available usable working functional operational")) and any(thing <= set(words(piece)) and (set(words(piece)) & (
                    notes.PROBLEM) or any(cue in piece.lower() for cue in ("not working", "n't work", "out of order",
                                                                           "out of service", "sold out")) or piece.lower(
                    ).rstrip(" .!").endswith((" is out", " are out", " is out today"))) for piece in _own_clauses(
                        self.request.message)):  # lift_available: "the
            return False  # lift is broken" (its own clause: not "the projector works, the speakers are broken")
        if stem("safe") in marks:  # pet_safe: "toxic to cats and dogs" says not; "non-toxic" says so
            heard = set(_lower_tokens(self.request.message))
            if heard & {"non-toxic", "nontoxic", "harmless"}:
                return True
            if _harmful(self.request.message):
                return False
        low = self.request.message.lower()  # "Gift wrap: no." for gift_wrap (not "Allergies: no nuts please")
        value = low.partition(f"{name.replace('_', ' ').lower()}: ")[2]
        said = (_lower_tokens(value) or [""])[0]
        if said in ("yes", "no", "true", "false", "y", "n") and value[len(said):len(said) + 1] in ("", ".", ",", ";", "!", ")", "\n") and not (
                _taken_back(value[len(said):])):  # (not "Urgent: no. Actually yes, ...")
            return said in ("yes", "true", "y")
        own = [w for w in name.lower().split("_") if len(w) >= 4 and w not in ("needed", "required", "wanted", "with", "have",
                                                                                "does", "will", "want")]  # (has_safe: "Safe: no")
        for label, _, rest in (piece.rpartition(". ")[2].partition(": ") for piece in low.replace("\n", ". ").replace(
                " / ", ". ").replace(" | ", ". ").split(". ") if ": " in piece):  # "Refer to ENT: yes." for referral_needed: a
            # label of the field's own word ("... / club: no / ..." too)
            answer = (_lower_tokens(rest) or [""])[0]
            if answer in ("yes", "no") and rest[len(answer):len(answer) + 1] in ("", ".", ",", ";", "!", ")") and own and any(
                    w[:5] == o[:5] and not w.endswith("ed") for w in _lower_tokens(label) for o in own) and not _taken_back(
                        low.partition(f"{label}: {answer}")[2]):  # (not "Allergies: no nuts", "Urgent: no. Actually yes")
                return answer == "yes"
        spoken = f" {' '.join(_lower_tokens(self.request.message))} "
        own_words = [w for w in name.lower().split("_") if len(w) >= 3 and stem(w) in marks]
        if any(any(f" {idiom} " in clause for idiom in ("no problem", "not a problem", "no worries", "no issue", "not an issue"))
               and any(f" {w} " in clause and f" no {w} " not in clause for w in own_words) and not any(
                   t == "not" and f" {t} a problem " not in clause and f" {t} an issue " not in clause or t.endswith("n't")
                   for t in clause.split()) for clause in (
                   f" {' '.join(_lower_tokens(part))} " for part in self.request.message.replace(";", ",").replace(
                       ".", ",").split(","))):
            return True  # "pets are no problem": pets allowed (its own clause: not "parking is no problem. No pets.")
        if any(f" no {w} " in spoken or f" no {w}s " in spoken for w in name.lower().split("_") if len(w) >= 3 and stem(
                w) in marks - stem_set("allowed allow ok okay welcome permitted accepted")):
            return False  # pets_allowed: "sorry no pets"
        if marks & _SCOPES and (in_scope := self.in_scope()) is not None:  # a guardrail's: "Check if the user is
            outside = bool(marks & stem_set("off unrelated irrelevant outside out other"))  # asking about something
            return in_scope != outside  # other than our shows and tickets" (is_off_topic), "relevant to..." (is_relevant)
        if marks == {stem("question")}:  # is_question: whether the message asks
            return _is_question(self.request.message)
        if marks and marks <= _GENERIC_ANSWER:  # output_type=bool: "Is the user asking about the weather?"
            marks = frozenset(words(self.request.instructions[:300])) - _SAYING - _PERSON - stem_set("message request")
            said = set(words(self.request.message))
            if marks & _CHANGES and not marks & _CHANGES & (said | related(said)):
                return False  # "Is the customer asking to cancel?": not for "how do I change my billing email?"
        said = set(words(self.request.message))
        for piece in sentences(self.request.instructions[:2000]):  # "Does the message contain bank details (sort code,
            low = piece.lower()  # account number or IBAN)?": true of a message that says one of them
            listed = low.partition("(")[2].partition(")")[0].replace(" or ", ",").replace(" and ", ",")
            if low.startswith(("does ", "do ")) and any(f" {c} " in low for c in ("contain", "include", "mention")) and (
                    (set(words(name.replace("_", " "))) - stem_set("is has")) & set(words(low))) and (items := [
                        set(words(i)) for i in listed.split(",") if words(i)]):
                heard = _lower_tokens(self.request.message)
                verbs = {stem(b) for a, b in itertools.pairwise(heard) if a in ("i", "i'll", "we", "we'll", "will", "you",
                                                                              "they", "can", "must", "should")}
                return any(i <= said and not (len(i) == 1 and i <= verbs) for i in items)  # (not "I'll address the
                # committee" for an address)
        for clause in (f" {' '.join(_lower_tokens(part))} " for part in self.request.message.replace(";", ",").split(",")):
            cue = next((c for c in (" no need for ", " don't need ", " do not need ", " won't need ", " no need of ") if c in clause), "")
            if cue and {stem(w) for w in clause.partition(cue)[2].split(" but ")[0].split(" and ")[0].split()} & marks:  # "no need for a loan car" of
                return False  # needs_courtesy_car
        phrase = " ".join(w for w in name.lower().split("_") if stem(w) in marks)  # needs_new_bridge: "new bridge"
        low = f" {' '.join(_lower_tokens(self.request.message.replace('-', ' ')))} "
        if " " in phrase and f" {phrase} " in low:  # "Estimate £210 including a new bridge": yes; "bringing a plus-one"
            clause = next((piece for part in sentences(self.request.message) for piece in part.lower().replace("-", " ").replace(
                ";", ",").replace("no way", "").replace("no doubt", "").split(",") if phrase in piece), "")  # "no new
            # bridge needed", "don't need a new bridge", "isn't
            return not any(w in ("not", "no", "without", "never") or w.endswith("n't") for w in clause.split())  # needed"
            # (not "There's no way around a new bridge")
        if " " in phrase and any(f" {phrase.split()[-1]} {verb} {state} " in low for verb in ("is", "are", "was", "looks",
                                 "seems") for state in ("fine", "ok", "okay", "good", "intact", "sound", "working", "undamaged")):
            return False  # "The bridge is fine": no new bridge
        said = functools.reduce(lambda text, same: text.replace(*same), [
            (phrase, word.split()[0]) for phrase, word in _SAME_AS.items() if " " in phrase], self.request.message.lower())
        found = [t for part in sentences(said) for piece in part.replace(";", ",").split(",") for t in [*tokens(piece), ","]]
        waved = _negated(self.request.message)
        last = stem(name.lower().rsplit("_", 1)[-1])  # the predicate first: members_refunded, "No refunds" (not "Members")
        told = description.lower().partition("whether to ")[2].split(" ")[0]  # notify: "Whether to text the barista"
        for marks in ({last} & marks, marks or {name.lower()}, related(marks) - marks, {stem(told)} - marks if told else (
                set())):  # its words, then related ones, then the verb its description gives ("don't text him")
            for at, word in enumerate(found):  # ("text": sms)
                unsaid = word[:2] == "un" and stem(word[2:]) in marks
                whole = any(m.startswith(w) and m[len(w):] in ("ment", "back", "up", "out", "abl") for m in marks
                            for w in (word, stem(word)))  # "attached": has_attachment, "call me back": wants_callback
                nominal = word.endswith("ication") and stem(word[:-7] + "y") in marks  # "a notification": notify
                if stem(word) in marks or unsaid or whole or nominal or len(word) > 6 and stem(word.removesuffix("ly")) in marks or (
                        "-" in word and stem(word.split("-")[0]) in marks):  # "remote-friendly": remote
                    clause = itertools.takewhile(lambda w: w not in ("but", "except", "while", "-", "!", "."), reversed(
                        found[max(0, at - 5):at]))  # (near: "off the headland - one was a calf" turns nothing off)
                    switched = next((w for w in clause if w in _SWITCHES), "")  # "turn off SMS", "keep email on"
                    own = set(name.lower().split("_")) & _SWITCHES  # off_lead: "off lead" says it, "on lead" does not
                    right = next((w for w in reversed(found[max(0, at - 3):at]) if w not in ("the", "a", "her", "his", "its",
                                                                                   "their")), "") if own else ""  # (right
                    # before it only: "kept her on the lead")
                    switched = "" if right in own else "off" if right in ("on", "off") else switched
                    return not unsaid and found[at - 1:at] != ["nothing"] and switched not in _OFF and found[at + 1:at + 2] != ["off"] and stem(word) not in (
                        waved) and not any(w in ("not", "no", "never", "without", "hold", "none", "neither") or w.endswith(
                            "n't") for w in [  # ("none of them ringed")
                            *itertools.takewhile(lambda w: w != ",", reversed(found[max(0, at - 4):at])),
                            *found[at + 2:at + 3] * (found[at + 1:at + 2] in (["is"], ["are"], ["was"], ["were"])),
                            *found[at + 1:at + 2] * (found[at + 1:at + 2] in (["isn't"], ["aren't"], ["wasn't"], ["not"]))])  # "support
        # is not included" (not "olives but no mushrooms", "available not far from")
        for piece in sentences(self.request.instructions[:2000]):  # "Return is_off_topic=true when the message mentions
            low = piece.lower()  # lasagne": true of a message that says it, false of one that does not
            cue = next((c for c in (" mentions ", " contains ", " includes ", " talks about ", " asks ") if c in low), "")
            before = low.partition(cue)[0].replace("=", " ") if cue else ""
            if cue and name.lower() in low and {"true", "false"} & set(before.split()) and (
                    wanted := set(words(low.partition(cue)[2]))):
                said = set(words(self.request.message))
                asked = low.partition(cue)[2].replace("how to ", "")  # "asks how to pick a lock or disable an alarm": both
                verb = set(words(" ".join(asked.split()[:1])))  # words of one ("bypass a lock or a password": the verb
                ways = [set(words(w)) | (verb if w.split()[:1] in (["a"], ["an"], ["the"], ["my"], ["your"]) else set())
                        for w in asked.split(" or ")]  # goes with a bare thing)
                hit = bool(wanted & said) if cue != " asks " else any(w and w <= said for w in ways)
                return hit if "true" in before.split() else not hit
        said = set(words(self.request.message))  # "Decide whether the user is asking for another person's home
        for piece in sentences(self.request.instructions[:2000]):  # address, phone number or other personal data": a
            single = len([f for f in self.fields if f.lower() not in ("reasoning", "reason", "explanation", "rationale")]) == 1
            cue = next((c for c in (" whether ", " if ") if c in f" {piece.lower()} " and ((set(words(name.replace(
                "_", " "))) - stem_set("is has ask asks for")) & set(words(piece)) or name.lower() in piece.lower() or single)), "")
            # a thing it lists, said (of the sentence on this field)
            items = piece.lower().partition(cue.strip() + " ")[2].replace("(", ",").replace(")", ",").replace(" or ", ",")
            parts = [i.strip() for i in items.replace(" and ", ",").split(",") if i.strip()] if cue else []
            listed = [set(words(i)) - _PERSON - stem_set("user ask asking message another other person's data about for")
                      for i in parts]
            kind_of = bool(parts) and parts[-1].startswith("other ")  # "..., phone number or other personal data":
            # examples of a kind
            if kind_of and any(w and w <= said | related(said) and len(w) < 4 for w in listed[:-1]):
                return True
        said = _lower_tokens(self.request.message)  # "signed up on Monday" turns nothing on
        heard = [w for w, after in itertools.pairwise([*said, ""]) if w in _SWITCHES - {"keep", "on", "off"} or w in (
            "on", "off") and not (after in CALENDAR or after[:1].isdigit() or after in ("the", "a", "an", "my", "your", "our",
                                                                                    "their", "his", "her", "time", "top"))]
        # ("Alarm on.", "Get the alarm on before I leave"; not "signed up on Monday", "on the list")
        if heard and set(words(name.replace("_", " "))) & stem_set("enabled active on activated state switched"):
            return heard[-1] not in _OFF  # a switch's field: "Turn on away mode" (enabled: true), "It's on? Switch it off."
        return None

    def in_scope(self) -> bool | None:
        """Whether the latest message is about what the instructions name after "other than", "relevant to", "related
        to" or "outside" (by its words or related ones: "tickets" for "shows and tickets"), or says nothing of any other
        subject the model knows words of; ``None`` if they name none."""
        low = self.request.instructions[:2000].lower()
        if (sides := self.topic_sides()) is not None:  # "On-topic: potholes, road damage. Off-topic: anything else (homework,
            return sides[0]  # recipes, sport)."
        cue = next((c for c in (" other than ", " relevant to ", " related to ", " outside ", " unrelated to ", " not about ")
                    if c in low), "")  # ("Set off_topic to true if the user's message is not about chess")
        if not cue:
            return None
        scope = set(words(low.partition(cue)[2].split(". ")[0].replace("(", " ").replace(")", " "))) - stem_set(
            "our we you your user message question topic subject")
        said, asked = set(words(self.request.message)), " ".join(_lower_tokens(self.request.message)[:2])
        return bool(scope & (said | related(said))) or not related(said) and (asked in (  # a how-to of words no group
            "how do", "how should", "how long", "how much", "can i", "should i", "how can") or cue == " not about " and (
                _is_question(self.request.message)))  # knows ("How do I make a
        # risotto?" of cooking) is given the benefit of the doubt, not "Tell me a joke"

    def topic_sides(self) -> tuple[bool, str] | None:
        """Of instructions that list "On-topic: ..." and "Off-topic: ...", whether the latest message is on topic, and
        the listed word it says: off if it says an off-topic one and no on-topic one ("Off-topic: anything else
        (homework, recipes)"), on if it says an on-topic one; ``None`` if it says none of them, or the lists are not there."""
        low = self.request.instructions[:2000].lower().replace("on topic", "on-topic").replace("off topic", "off-topic")
        sides = [low.partition(f"{side}:")[2].split(". ")[0].split("\n")[0].partition("-topic:")[0].replace("(", " ").replace(
            ")", " ") for side in ("on-topic", "off-topic")]  # each list up to its sentence's or line's end
        sides[0] = sides[0] or next((piece.partition(cue)[2] for piece in sentences(low) for cue in (
            "only handles ", "only helps with ", "only answers ", "only deals with ", "only covers ", "message is about ",
            "question is about ") if cue in piece and "anything else" not in piece), "")
        # ("The assistant only handles hovercraft tickets, timetables and luggage"; "Decide whether the user's message is
        # about arcade machines, their repair, parts or pricing")
        kin = not sides[1]  # (examples in brackets: their kin too; a list of its own is read word for word)
        sides[1] = sides[1] or next((listed for piece in sentences(low) if ("off-topic" in piece or "not about" in piece or (
                "anything else" in piece or "off_topic" in piece)) and (
            listed := piece.partition("(")[2].partition(")")[0] or piece.partition("for example")[2] or piece.partition(
                "such as")[2])), "")  # "Anything else
        # (homework, cooking, sports, coding...) is off topic", "... not about those (for example: stock tips, poems)"
        said = set(words(self.request.message))  # its own words (not related ones: "leaves" is no holiday), but of an
        if sides[0] and not sides[1] and "anything else" in low:  # "Set is_off_topic to true if it is about anything else."
            topic = set(words(sides[0].replace("(", " ").replace(")", " "))) - stem_set("the our we message question")
            own = {stem(t): t for t in reversed(_lower_tokens(self.request.message))}  # (each stem's word as said)
            on = sorted(topic & said)  # off when the message says none of the topic's words and a subject's of elsewhere
            elsewhere = sorted(said & (_ELSEWHERE | related(_ELSEWHERE)) - topic - related(topic))  # (not "Do you sell
            return (True, own.get(on[0], on[0])) if on else (False, own.get(elsewhere[0], elsewhere[0])) if elsewhere else None
            # belt kits?": no verdict)
        if not all(sides):
            return None
        on, off = ([w for w in tokens(side) if w.isalpha() and stem(w) not in stem_set("anything everything else other") and (
            stem(w) in said or n and kin and stem(w) in related(said))] for n, side in enumerate(sides))  # example off
        # topic, its kin too ("a recipe for lentil soup" is cooking; not "leaves" a holiday of "Off-topic: holidays")
        return (False, off[0]) if off and not on else (True, on[0]) if on else None  # (neither: as any other)

    def ruled(self, marks: frozenset[str]) -> bool | None:
        """Whether the latest message's first amount (else number) meets the rule an instruction on the field's words
        sets ("Approve refunds under $100": $30 does), or ``None``."""
        said = tokens(_in_digits(self.request.message))
        money = [t for t in said if t[:1] in "£$€"]  # an amount first: "$30" of "order 55512 for $30"
        numbers = [float(t) for t in (t.lstrip("£$€") for t in money or said) if _NUMBER.fullmatch(t)]
        for piece in sentences(self.request.instructions[:2000]) if numbers and marks else ():
            said = _lower_tokens(_in_digits(piece))
            for at, cue in enumerate(said):
                limit = next((t for t in (t.lstrip("£$€") for t in said[at + 1:at + 3]) if _NUMBER.fullmatch(t)), None)
                if cue in _COMPARE and limit is not None and marks & set(words(piece)):
                    return _COMPARE[cue](numbers[0], float(limit))
        return None

    def choice(self, name: str, description: str, options: Sequence[Any]) -> Any:
        """The first option the conversation names, else the language the message is in, else a "none of these"
        option ("neutral", "other"), else ``None`` if an option (of a nullable field), else the first; never one the
        instructions forbid ("Never give it a pass on the first try": not "pass" while the conversation holds one
        answer of the assistant). Numbers the instructions label ("1 low, 2 high") are chosen by their labels."""
        unsaid, options = [o for o in options if o is None], [o for o in options if o is not None]
        places = sorted((at[0], o) for o in options if self.tool and isinstance(o, str) and o[:1].isupper() and len(o) > 3 and (
            at := whole_words_at(self.request.message.lower(), o.lower())))  # "at Cala Fonda today? and at Porto Azul":
        if len(places) > 1 and not any(_ENDS.get(part) for part in name.lower().split("_")):  # a call for each, in the
            # order said (not of a side: "from german to english" of source_language, target_language)
            self.ran_out = self.ran_out or self.start >= len(places)
            return places[min(self.start, len(places) - 1)][1]
        lettered = all(isinstance(o, str) and len(o) == 1 and o.isupper() for o in options) and len(options) > 2 and set(
            words(name.replace("_", " "))) & stem_set("class grade category rating band")  # motor_class A-G: the letter
        said = tokens(self.request.message)
        stated = [b for a, b in itertools.pairwise(said) if lettered and b in options and stem(a.lower()) in words(name.replace(
            "_", " "))]  # "class G"
        coded = [t[0] for a, t in itertools.pairwise(["", *said]) if lettered and not stated and len(t) >= 2 and t[0].isupper() and (
            t[1].isdigit()) and a.lower() not in _LABELS]  # (not "room B12", "ID B2291")
        if (stated or coded)[:1] and (stated or coded)[0] in options:  # of a code said ("on a D12-5", "an E9 motor"): D, E
            return (stated or coded)[0]
        side = [part in _OLD_SIDE for part in name.lower().split("_") if part in _OLD_SIDE | _NEW_SIDE]
        if side and any(f != name and set(f.lower().split("_")) & (_NEW_SIDE if side[0] else _OLD_SIDE) for f in self.fields) and (
                pair := _sides(self.request.message, options)):  # "use cilantro rather than mint": remove mint, add cilantro
            return pair[0] if side[0] else pair[1]
        mixed = next((o for o in options if str(o).lower() == "mixed"), None)
        if mixed is not None and all({stem(w) for w in _toned(self.request.message)} & related({stem(tone)}) for tone in (
                "negative", "positive")):  # praise and blame: "The routes are brilliant, but the changing rooms were filthy"
            return mixed
        sides = {str(o).lower(): o for o in options if str(o).lower() in ("positive", "negative")}
        if len(sides) == 2 and mixed is None and (tone := _turned_tone(self.request.message, not any(
                str(o).lower() in _NEUTRAL for o in options))):  # "The owls were lovely but we waited 40 mins... Not
            self.chosen, self.toned = (tone[0], tone[1]), False  # coming back.": negative
            return sides[tone[0]]
        tone_of = {o: t for o in options for t in ("positive", "negative") if stem(str(o).lower()) in related({stem(t)}) | {
            stem(t)}}
        heard = _toned(self.request.message)  # options of a tone ("praise", "complaint"), and a message of one
        toned = [t for t in ("positive", "negative") if {stem(w) for w in heard} & related({stem(t)}) - {stem(str(
            o).lower()) for o in options}] if len(set(tone_of.values())) == 2 and not any(w.endswith("n't") for w in heard) else [
                ]  # tone only: "This is the best coffee I've ever had!": positive (a word after "no", "not" is no tone)
        if len(toned) == 1:  # "Thank you so much for the quick delivery!": praise
            return next(o for o, t in tone_of.items() if t == toned[0])
        told = tokens(f"{description} {self.request.instructions[:2000]}")
        labels = {n: label.lower() for n, label in itertools.pairwise(told) if n.isdigit() and label.isalpha()}
        if len(labelled := [labels.get(str(o), "") for o in options if type(o) is int]) == len(options) > 1 and all(labelled):
            label = self.named_option(labelled, description)
            return unsaid[0] if label is None and unsaid else options[labelled.index(label or labelled[0])]
        answers = sum(item.get("role") == "assistant" for item in self.request.conversation)
        for piece in sentences(self.request.instructions[:2000]):
            said = {t.lower() for t in tokens(piece)}
            opening = " ".join(tokens(piece)[:2]).lower()
            if opening.startswith(("never", "don't", "do not")) and (answers <= 1 or "first" not in said):
                forbidden = [o for o in options if set(words(str(o).replace("_", " "))) <= set(words(piece))]
                options = [o for o in options if o not in forbidden or not words(str(o))] or options
        ends = [cue for part in name.lower().split("_") for cue in _ENDS.get(part, ())]
        said = _lower_tokens(self.request.message)
        named = {o: _CURRENCIES.get(str(o), set()) | _LANGUAGE_CODES.get(str(o).lower(), set()) | _UNIT_NAMES.get(str(
            o).lower(), set()) for o in options}
        spots = [o for before, word in itertools.pairwise(["", *said]) for o in options if str(o).lower() == word or (
            stem(word) in named[o] or word in named[o]) and (stem(word) != "quid" or _NUMBER.fullmatch(before)) or (
            word[:1] in named[o] and word[1:2].isdigit())]  # "£250": GBP; "80 quid" (not "I'm quids in!")
        leads = {*ends, name.lower().rpartition("_")[2]}  # "to yen": JPY; "in size M": M; after a number, "68 F": F;
        after = [o for cue, word in itertools.pairwise(said) for o in options if o in spots and (cue in leads and (  # "to
                 word in named[o] or stem(word) in named[o]) or str(o).lower() == word and (cue in leads or cue[  # Italian": it
                     :1].isdigit() and "to" not in ends))]  # (a unit after a number is what is converted, not its target)
        after = [o for cue, word in itertools.pairwise(said) for o in options if o in spots and cue in ends and (word in named[
            o] or stem(word) in named[o] or str(o).lower() == word)] or after  # "2.5 kg to lb": to_unit lb (not the kg after
        # a number)
        priced = [o for before, word in itertools.pairwise(["", *said]) for o in options if word[:1] in named[o] and word[
            1:2].isdigit() or _NUMBER.fullmatch(before.replace(",", "")) and (stem(word) in named[o] or word in named[o] or (
                word == str(o).lower()))]  # ("2.5 kg", "250 EUR")
        if ends and not after and len(set(spots)) == 2 and len(set(priced)) == 1:  # "How many euros do I get for £250?":
            after = priced if "from" in ends else [o for o in spots if o not in priced][:1]  # from the amount's own
        if ends and not after and len(set(spots)) == 2:  # "40 pounds in dollars": the source named first, no "from"
            after = spots[:1] if "from" in ends else spots[-1:]
        other = {o for cue, word in itertools.pairwise(w for w in said if w not in ("my", "the")) for o in spots if ends and (
            cue in ("to", "into", "from") and cue not in ends and str(o).lower() == word)}
        options = [o for o in options if o not in other] or options  # "Move 50 to savings": from checking, not savings
        if stem("unit") in words(name.replace("_", " ")) and not (ends and after) and (counted := [*self.counts()]):  # the start-th item's: "2
            unit, _, thing = counted[min(self.start, len(counted) - 1)].lower().partition(" ")  # litres of milk and 12
            after = [o for o in options if isinstance(o, str) and (stem(o.lower()) in _PIECES if not thing or stem(  # eggs":
                unit) not in related({stem("unit")}) else o[:3].lower() == unit[:3] or len(o) < 4 and unit[:1] == o[  # l,
                    :1].lower() and o[-1].lower() in unit)] or after  # then pcs ("kilograms": kg, "millilitres": ml)
        unit_of = name.lower().rpartition("_")[2]  # "at 50 metres" of distance_m (not "with 3 kids" of stars)
        tied = [o for cue, word in itertools.pairwise([*said, ""]) for o in spots if str(o).lower() == cue and (
            word[:1] == unit_of[:1] or stem(word) in set(words(name.replace("_", " "))))] or [
            o for cue, word in itertools.pairwise([*said, ""]) for o in spots if str(o).lower() == cue and (not word or word in STOP)]
        after = after or ([*dict.fromkeys(tied)] if len(set(tied)) == 1 and not any(isinstance(o, str) for o in options) else [])
        after = after or [o for a, b in itertools.pairwise(said) for o in options if str(o).lower() == a and stem(b) in set(
            words(name.replace("_", " ")))][:1]  # "How warm is the cool zone?": cool, the option said of the zone
        unit_said = [part for w in said for part in ([w[:len(w) - len(w.lstrip("0123456789."))], w.lstrip("0123456789.")] if (
            w[:1].isdigit() and w.lstrip("0123456789.").isalpha()) else [w])]  # "3kg": 3, kg
        after = after or [o for a, b, c in zip(unit_said, unit_said[1:], [*unit_said[2:], ""]) for o in options if not isinstance(
            o, str) and str(o) == a and (stem(c) in set(words(name.replace("_", " "))) or b in name.lower().split("_")[1:])][:1]
        # "in 3kg boxes": box_size 3; "a 20ft container": size_ft 20
        taken = {w for o in self.options or () if isinstance(o, str) for w in _lower_tokens(o)}  # ("3 kids" of stars: no)
        numbered = {o for o in options if not isinstance(o, (str, bool)) and any(a == str(o) and (not b or b in STOP or any(
            w in taken or stem(w) in set(words(name.replace("_", " "))) | set(self.own) for w in (b, c))) for a, b, c in zip(
                unit_said, [*unit_said[1:], ""], [*unit_said[2:], "", ""]))}  # (of the tool's own: "250 matt cards")
        after = after or (list(numbered) if len(numbered) == 1 else [])  # the one number option said: "500 business cards"
        turn = max((k for k, w in enumerate(said) if w in ("actually", "wait") or w in ("that", "it") and k and said[k - 1] in (
            "make", "change")), default=len(said))  # "terrace, ... Actually make that indoors": the option said after it
        after = after or [o for k in range(turn + 1, len(said)) for o in options if isinstance(o, str) and len(o) > 2 and not {
            "not", "no"} & set(said[max(turn, k - 2):k]) and (said[k] == o.lower() or len(o) >= 4 and said[k].startswith(
                o.lower()))][-1:]  # (the
        # last: "Actually the express option sounds expensive, so standard"; none refused: "not the terrace")
        others = {w for f in self.fields if f != name for w in words(f.replace("_", " "))}  # "resole my brogues with a new
        rest = [o for o in options if not (isinstance(o, str) and set(words(o)) & others)]  # heel": a brogue (the heel is
        options = rest if len(rest) < len(options) and self._option_named(rest, set(words(self.request.message)), "", strict=True
                                                                          ) is not None else options  # include_heel's)
        named = after[0] if after else self.named_option(options, description)  # (a number said: "at 50 metres")
        pieces = sentences(self.request.message)
        latest = [o for o in options if isinstance(o, str) and whole_words_at(pieces[-1].lower(), o.lower())] if len(pieces) > 1 else []
        named = latest[0] if len(latest) == 1 and not after and any(whole_words_at(" ".join(pieces[:-1]).lower(), str(
            o).lower()) for o in options if o != latest[0]) else named  # "I had a cappuccino yesterday. Today a flat white
        # please.": the one asked for last
        negative = [(o, base) for o in options for base in options if isinstance(o, str) and isinstance(base, str) and str(
            o).lower().replace("_", " ").replace("-", " ") in (f"not {base.lower()}", f"non {base.lower()}")]
        if len(negative) == 1 and named in (*negative[0], None):  # "urgent" or "not urgent": the one if the message says
            base = negative[0][1]  # it or a word related to it ("leaking gas")
            named = base if self._option_named([base], set(words(self.request.message)) - {stem("not")}, "", strict=True) or (
                related(set(words(base))) & set(words(self.request.message))) else negative[0][0]
        kin = [w for w in _lower_tokens(self.request.message) if w in _SIZES]
        initials = "".join("x" if w == "extra" else w[0] for w in kin)  # "large": L, "extra large": XL
        named = named if named is not None else next((o for at in range(len(kin)) for o in options if isinstance(
            o, str) and o.isupper() and initials[at:at + len(o)] == o.lower()), None)
        spoken = [o for o in options if str(o).lower() == _language(self.request.message)]  # "Bonjour, je...": french
        neutral = [o for o in options if str(o).lower() in _NEUTRAL]
        cues = self._cues(named, description) if named is not None else []
        ends = [o for o in options for pair in _SCALES if {str(named).lower(), str(o).lower()} == pair]
        if neutral and ends and (against := self._cues(ends[0], description)):  # "good price, terrible battery": mixed
            named, cues = None, cues + against
        pressed = {"today", "asap", "immediately", "tonight", "now", "urgent", "urgently"} & set(said) and "have time" not in (
            " ".join(said))  # not "when you have time"
        if named is None and pressed and stem(name.rpartition("_")[2].lower()) in _IMPLIED:  # "...our close is today!":
            named = next((o for level in ("high", "urgent", "critical") for o in options if str(o).lower() == level), None)
        mild = [o for o in options if str(o).lower() in ("trivial", "cosmetic", "low", "lowest", "minor")]
        if named is None and mild and {"cosmetic", "cosmetically", "typo"} & set(said):  # "purely
            named = min(mild, key=lambda o: ("trivial", "cosmetic", "lowest", "low", "minor").index(str(o).lower()))  # cosmetic,
            # only saw it once": the mildest (trivial, not blocker)
        if named is None and not (spoken or neutral or unsaid) and self.tool and stem(self.tool.split("_")[0].lower()) in stem_set(
                "change switch swap replace edit modify book reserve order hire rent schedule enrol register set") and not isinstance(
                    options[0], (int, float)):  # the option
            self.found_nothing += [name] * (name not in self.found_nothing)  # of a change nothing names ("change it to
            # tuesdays" of change_box's box): asked, never guessed
        chosen = named if named is not None else (spoken or neutral or unsaid or options)[0]  # a priority, high
        self.chosen, self.toned = (str(chosen), cues), False  # and the message's words that chose it
        return chosen

    def _cues(self, option: Any, description: str) -> list[str]:
        """The words of the latest message that name ``option``, a word related to it, or its explanation."""
        near = {*words(str(option).replace("_", " ")), *words(description.lower().partition(f"{option}:".lower())[2])}
        found = _lower_tokens(self.request.message)  # not a negated word: "not bad" names no "negative"
        return list(dict.fromkeys(w for before, w in zip(["", *found], found) if before not in ("not", "no", "never")
                                  and not before.endswith("n't")  # "perfectly": perfect
                                  and {stem(w), stem(w.removesuffix("ly"))} & (near | related(near))))

    def named_option(self, options: Sequence[Any], description: str = "") -> Any:
        """The first option the conversation names or abbreviates (``EUR`` for "euros"), else the one whose
        explanation in ``description`` shares most words with the message ("sales: pricing, demos"), or ``None``; an
        end of a scale the message negates names the other end ("Not urgent.": low, of low/medium/high)."""
        signed = [o for o in options if isinstance(o, str) and o[-1:] in "+-" and whole_words_at(self.request.message, o)]
        # "blood group AB-": AB- (not AB+, A-)
        if len(signed) == 1:
            return signed[0]
        joined = {f"{w}{b}" for a, b in itertools.pairwise(_lower_tokens(self.request.message)) if b in _PARTICLES for w in (
            a, stem(a))}  # "I'm locked out": lockout; "to check in": checkin
        if joined and (run := [o for o in options if isinstance(o, str) and o.isalpha() and o.lower() in joined]):
            return run[0]
        if any(str(o).upper() in _POINTS for o in options) and (pointed := [o for point in _compass(
                self.request.message) for o in options if str(o).upper() == point]):  # "a south-west roof": SW
            return pointed[0]
        found = _lower_tokens(self.request.message)
        negated = {stem(w) for before, w in itertools.pairwise(found) if before in ("not", "no", "never", "nothing")
                   or before.endswith("n't")} | {stem(w) for a, b, w in zip(found, found[1:], found[2:]) if a in (
                       "not", "never") and b in ("a", "an", "the") or (a, b) in (("rather", "than"), ("instead", "of"))}
        # "not a complaint, just a reschedule"; "phone me rather than emailing"
        said = set(words(self.request.message)) | {s for st in self.request.said for s in _affirmed(st)} | {
            w for w in found if w in ("both", "all", "neither") and w in {str(o).lower() for o in options}}  # "both
        # shoulders": both (a word too common to be a stem)
        said |= {stem(w[2:]) for w in found if w.startswith("re") and len(w) > 7}  # "a reschedule": scheduling
        spaced = f" {' '.join(found)} "
        said |= {w for phrase, same in _SAME_AS.items() if f" {phrase} " in spaced for w in words(same)}  # "I left my
        # sunglasses in the minibus": lost
        said = (said | {code.lower() for sign, code in _SIGNS if sign in self.request.message} | {_ASKS.get(
            f"{before} {w}", _ASKS.get(w, "")) for before, w in itertools.pairwise(["", *found])}) - negated - {""}
        turned = _turned(self.request.message)  # "Turn the music down", "volume down" (set_volume): low (not "the
        said |= {{"up": "high", "down": "low"}.get(w, "") for before, w in itertools.pairwise(["", *found]) if turned or stem(
            before) in self.own} - {""}  # server is down")
        ends = next((pair for pair in _SCALES if pair <= {str(o).lower() for o in options}), set())  # "not happy":
        ends_named = [o for o in options if str(o).lower() in ends]  # negative, of positive/negative/neutral
        if negated and ends and (opposite := self._option_named(ends_named, negated, "")) is not None:
            return ends_named[1 - ends_named.index(opposite)]
        verbs = {stem(first) for piece in sentences(self.request.message) if not piece[:2].isupper() and not ((piece.split(
            ) or [""])[0].endswith((",", ":")) and not ((_CORRECTION | {"wait", "no"}) & set(_lower_tokens(piece)))) for first, then in [
                ([w for w in tokens(piece) if w.lower() != "please"] + ["", ""])[:2]] if first.lower() not in {
                    str(o).lower() for o in options} or then.lower() in _DETERMINERS}  # (an option itself is no verb:
        # "minor bump, ..."; but "Review my summary report"); "Check
        # my savings balance": not "checking" ("URGENT:" is no verb, nor "Van, registration KX19 BDU")
        latest = set(words(self.request.message.replace("-", " "))) - negated - verbs  # the message's own first ("And
        # the garage?" after
        latest |= {stem(w[:n]) for k, w in enumerate(found) if w[:3] in _WEEKDAYS and len(w) > 5 and not (
            k and found[k - 1] in ("busy", "away", "not", "except", "working", "closed", "can't")) for n in (3, 4, 5)} if sum(
            str(o).lower()[:3] in _WEEKDAYS for o in options) >= 3 else set()  # "saturday" names "sat" (of days only)
        typed = {t.lower() for t in found}  # the option written as it is ("bedroom_south"), else the one naming most

        def naming(o: Any, stems: set[str]) -> tuple[bool, int, bool]:  # of the words ("the south bedroom": bedroom_south;
            ends = [p.strip() for p in str(o).lower().replace("->", "|").replace(" to ", "|").replace("_to_", "|").split("|")]
            low = self.request.message.lower()  # "from Southsea to Ryde", "to Ryde from Southsea": Southsea->Ryde)
            at = [low.find(end) for end in ends]
            cued = [f"from {end}" in low or f"from the {end}" in low for end in ends]  # ("to the beach from the campsite")
            ordered = cued == [True, False] if any(cued) else len(at) == 2 and 0 <= at[0] < at[1]
            return str(o).lower() in typed, len(set(words(str(o).replace("_", " "))) & stems), len(at) == 2 and ordered
        direct = sorted((o for o in options if isinstance(o, str) and naming(o, latest)[1]), key=lambda o: naming(
            o, latest), reverse=True) or [max((o for o in options if isinstance(o, str) and naming(o, _affirmed(s) - negated - verbs)[
                1]), key=lambda o: naming(o, _affirmed(s) - negated - verbs)) for s in reversed(self.request.said) if s.role == "user" and any(
                    isinstance(o, str) and naming(o, _affirmed(s) - negated - verbs)[1] for o in options)][:1]  # the kitchen),
        # else the user's latest ("Lock it")
        return direct[0] if direct else self._option_named(options, said - verbs, description) or self._option_named(
            options, said, description)

    @cached_property
    def units(self) -> set[str]:
        """The units or scales the latest message asks for after "in" or "to" ("in fahrenheit please")."""
        said = _lower_tokens(self.request.message)
        return {stem(b) for a, b in itertools.pairwise(said) if a in ("in", "to", "into") and stem(b) in _IN_UNITS}

    def _option_named(self, options: Sequence[Any], said: set[str], description: str, strict: bool = False) -> Any:
        """The first option ``said`` (stems) names or abbreviates ("dollars": USD), else the one ``description`` or the instructions
        explain with the message's words ("P3 = question"), else one a related word names, else "question" for a
        question, or ``None``."""
        for option in options:
            cut = len(option) - 3 if isinstance(option, str) and len(option) >= 9 else 99  # "dermatologist": dermatology
            if isinstance(option, str) and (set(words(option.replace("_", " "))) & said or said & _CURRENCIES.get(
                    option, _LANGUAGE_CODES.get(option.lower(), set())) or len(option) == 1 and any(w[0] == option.lower() for w in said & self.units) or len(  # "f":
                    option) >= 3 and any(  # "in fahrenheit"
                    word.startswith(option.lower()) or word[:cut] == option.lower()[:cut] or option.lower() in (
                        word + "ly", word[:-1] + "ily") for word in said)):  # "a week": weekly, "a day": daily
                return option
        if strict:
            return None  # (only an option the words name)
        told = _defined([o for o in options if isinstance(o, str)], f"{description}\n{self.request.instructions[:2000]}")
        asked = {stem("question")} if _is_question(self.request.message) else set()  # a message that asks
        shared = {o: len(set(words(text)) & (set(words(self.request.message)) | asked)) for o, text in told.items() if text}
        if shared and max(shared.values()):
            return max(shared, key=shared.__getitem__)
        hits = {o: sum(bool(set(words(o.replace("_", " "))) & related({w})) for w in said) for o in options if isinstance(
            o, str)}  # then the option most related words name: "crashes" names "technical", "charged" "billing"
        return max(hits, key=hits.__getitem__) if max(hits.values(), default=0) else next((o for o in options if isinstance(
            o, str) and set(words(o.replace("_", " "))) & asked), None)  # else "question"

    def many(self, name: str, description: str) -> list[str]:
        """The list after the field's name ("dependencies: fastapi, uvicorn"), else every quote (of a text's field), every
        value of its kind or of the kind the instructions name ("List the cities mentioned."), else the items listed;
        never an email or the speaker's name in a list of something else ("Jo Baxter, jo.b@example.com, 11 yrs in SQL and
        Excel": skills SQL, Excel), and of "11 yrs in SQL" the thing after the span."""
        found = self._many(name, description)
        named = [" ".join(itertools.dropwhile(lambda w: w.islower() and w.isalpha() and w not in STOP, item.split(" "))) for item in found]
        if len(found) >= 2 and all(item[:1].isupper() and item.split(" ")[0].lower() not in STOP and len(item.split()) <= 6 and not (
                item.rstrip().endswith((".", "!", "?"))) for item in named):  # "Her brothers Cathal and Niall are already
            found = [" ".join(itertools.takewhile(lambda w: w not in ("are", "is", "was", "were", "already"),
                                                  item.split(" "))) or item for item in named]  # in": Cathal, Niall
        near = set(words(name.replace("_", " ")))
        others = {s for f in self.fields if f != name for s in words(f.replace("_", " "))}  # the fields beside it
        people = set(_proper_names(self.request.message, people=True)[:1]) if others & _NAMING and not near & (
            _PERSON | _NAMING) else set()  # (the name a field beside it takes)
        found = [item for item in found if not (item.lower() in ("want", "need", "like", "hope", "plan", "wish", "love") and len(
            found) > 1)]  # ("... in midwifery and want a change": no skill "want")
        kept = [item for item in found if item not in people and ("@" not in item or stem("email") not in others)]
        run = max((_trailing_list(s) for s in sentences(self.request.message[:4000])), key=len, default=[]) if people else []
        kept = run if len(run) >= 2 and len(run) > len(kept) and not set(run) & people else kept  # "... backend dev -
        # Python, Go, PostgreSQL": the list that ends the sentence, not the speaker's name
        low = f" {self.request.message.lower()} "
        if people and kept and all(item[:1].isupper() for item in kept) and any(f" {cue} {kept[0].lower()}" in low for cue in (
                "at", "for", "from")) and not all(item.lower() in _LANGUAGE_NAMES for item in kept):  # "worked at Lidl, Aldi and
            # Tesco": employers, no skills
            kept = []
        if people and found and not kept:  # "12 years experience in nursing and ...": nursing
            low = f" {self.request.message.lower()} "
            return [" ".join(itertools.takewhile(lambda w: w not in STOP, low.partition(cue)[2].replace(",", " ").split()[:2]))
                    for cue in (" experience in ", " years in ", " background in ", " degree in ") if cue in low][:1]
        spans = [item.rpartition(" in ")[2] or item for item in kept]
        return [span if any(map(str.isdigit, item)) and not any(map(str.isdigit, span)) and len(span.split()) <= 3 and (
            tokens(item)[1:2] and stem(tokens(item)[1].lower().rstrip("s")) in stem_set("year yr month week day")) else item
                for item, span in zip(kept, spans)] if len(kept) >= 2 or not found else [k for k in kept if k.split("'")[
                    0].lower() not in STOP] if people and len(kept) < len(found) else found  # (never the name: "I'm Omar.
        # I've ...": not "Omar", nor "I've")

    def _many(self, name: str, description: str) -> list[str]:
        """:meth:`many`, before the items of other fields are left out."""
        if self.worked:  # an equation's steps: "Divide both sides by 8: x = -3.75"
            return [f"{done}: {gives}" for done, gives in self.worked]
        if self.report and stem("question") in words(name.replace("_", " ")):  # a report's follow-up questions
            return [f"What else should I know about \"{self.report[0]}\"?", f"Which sources say more about \"{self.report[0]}\"?"]
        message = self.request.message[:4000]
        if coded := self._coded(description, message):  # "ISO codes like en, fr, de": "for en and fr", "English"
            return coded
        at, size = message.lower().find(name.lower().replace("_", " ")), len(name)
        head = name.lower().rsplit("_", 1)[-1]  # else a label of its last word: "Items: 2x stand, 1x hub" (line_items)
        at, size = (message.lower().find(f"{head}:"), len(head)) if at < 0 and len(head) > 3 and f"{head}:" in (
            message.lower()) else (at, size)
        near = set(words(name.replace("_", " ")))
        labelled = (sentences(message[at + size + 1:].split("\n")[0]) or [""])[0] if at >= 0 and message[at + size:at + size + 1] == (
            ":") else ""  # "Symptoms: grinding noise from the drive motor, gondola 6 door latch sticking, and hydraulic fluid..."
        listed = [i.strip(" .") for part in labelled.split(",") for i in part.strip().removeprefix("and ").split(" and ") if i.strip(" .")]
        if len(listed) >= 2:
            return listed[:20]
        if near & stem_set("action task todo") and (tasks := [s.rstrip(".!") for s in sentences(message) if _assigned(s)]):
            return tasks[:20]  # action items: "Dana will fix the login bug", "Raj to update the docs"
        if near & stem_set("step instruction direction") and (listed := _numbered(message[max(at, 0):])):
            return listed[:20]  # "Steps: 1) open any report 2) click Export 3) choose PDF"
        steps = [s.rstrip(".!") for s in sentences(message.partition("\n")[2] if _title_line(message) else message) if s[
            :1].isalpha() and s[-1] not in ":?"] if near & stem_set("step instruction direction") else []
        if len(steps) >= 2:  # a recipe's or a guide's steps: its sentences past its title ("Heat a pan. Serve warm.")
            return steps[:20]
        for piece in sentences(message) if at < 0 and not near & (_PERSON | stem_set(
                "recipient guest invitee attendee email member address")) else ():  # "Send 15 stems of peonies and sweet peas to Margot": the
            said = piece.replace(",", " , ").split()  # things counted by the measure, joined by "and"
            at_of = next((k for k in range(2, len(said)) if said[k] == "of" and said[k - 2][:1].isdigit()), 0)
            run = list(itertools.takewhile(lambda w: w.lower() not in ("to", "on", "for", "with", "at", "by", "from", ",",
                                                                     "please", "and") or w == "and", said[at_of + 1:]))
            things = [t.strip(" .!?") for t in " ".join(run).split(" and ")] if at_of else []
            if len(things) >= 2 and all(0 < len(t.split()) <= 3 for t in things):
                return things
        hurts = related(near) | notes.PROBLEM | stem_set("swollen twisted fever cough nausea dizzy sweating bleeding itchy "
                                                         "rash vomiting tired") if near & stem_set("symptom complaint") else set()
        felt = [c.strip(" .!?") for piece in sentences(message) for part in piece.split(", ") for c in part.split(" and ")
                if hurts and (set(words(c)) & hurts or any(t.lower() in ("can't", "cannot") for t in tokens(c)))]
        named = [item for piece in sentences(message) for item in _joined(piece)] if felt else []  # (not of things
        if felt and not (len(named) >= 2 and all(len(item.split()) <= 2 for item in named)):  # joined: "a headache and a
            return felt[:20]  # sore throat") symptoms: each clause that says one ("I twisted my knee", "it's swollen")
        turn = min((at for cue in (" but ", " however", " though", " although ") if (at := message.lower().find(cue)) > 0),
                   default=0) if near & (_VERDICT_SIDES[0] | _VERDICT_SIDES[1]) else 0
        if turn:  # each side of its turn, the praised one first: "great: fast, easy to clean, but the filters are fiddly"
            halves = [message[:turn].rsplit(". ", 1)[-1], message[turn:].split(None, 1)[-1].split(". ")[0]]
            tones = [related({stem(tone)}) for tone in ("positive", "negative")]
            praise = [len(set(words(half)) & tones[0]) - len(set(words(half)) & tones[1]) for half in halves]
            half = halves[(praise[0] < praise[1]) ^ bool(near & _VERDICT_SIDES[1])].strip(" ,.;:!")
            return _listed(half) or [half]
        label = message[at + size:].removeprefix("s").lstrip() if at >= 0 else ""  # "Defects: cracked pot, missing
        if label[:1] == ":" and len(listed := _listed(label[1:].strip().split("\n")[0].split(". ")[0].split(";")[0])) >= 2:
            return listed[:20]  # mortar at the stack. No cowl fitted.": the two, to the sentence's end
        cues = [t for t in tokens(message) if stem(t.lower()) in related(near) - near] if at < 0 else []
        for cue in cues[:20] or [""]:  # the first that lists: "We want to go... we love temples and food markets."
            at, size = (message.find(cue), len(cue)) if cue else (at, size)  # allergies: "allergic to peanuts and shellfish"
            clause = message[at + size:].lstrip(" :") if at >= 0 else ""
            clause = " ".join(itertools.dropwhile(lambda w: w.lower() in STOP, clause.split(" ")))  # "were Ann and Bo"
            clause = clause.split(",")[0] if " and " in clause.split(",")[0] else clause  # "A and B, budget 20k": A, B
            listed = _listed(clause.split("\n")[0].split(". ")[0].split(";")[0], short=True)
            listed = [" ".join(_thing(list(itertools.takewhile(lambda w: w.lower() not in STOP, item.split()[::-1]))[
                ::-1])) or item if " for " not in item else item for item in listed] if cues else listed  # "recipe with
            # spinach and feta under 30 min" (a swap whole: "cream for milk")
            if len(listed) >= 2:
                return listed[:20]
        joined = [item for piece in sentences(message) if any(cue in piece for cue in cues[:20]) for item in _joined(piece)]
        if any(cue in item for cue in cues[:20] for item in joined):  # the words are the items: "a headache and a sore
            return joined[:20]  # throat since Monday" (symptoms)
        if cues:  # each sentence with such a word, from after it: "Decided to move launch to April.": decisions
            kept = [" ".join(itertools.dropwhile(lambda w: w.lower() in STOP, piece.partition(cue)[2].split())).rstrip(
                ".!") for piece in sentences(message) for cue in cues[:20] if cue in piece]
            return [item[:1].upper() + item[1:] for item in kept if item][:20]
        kind, find = self.kind(name, description)
        colon = message.partition(": ")[2].split("\n")[0].split(". ")[0] if ": " in message[:300] else ""
        items = [i.strip(" .!?").removeprefix("the ") for part in colon.split(",") for i in part.strip().removeprefix(
            "and ").split(" and ") if i.strip(" .!?")]  # "plan a route: Oak Park, Mill Street, the Leisure Centre,
        items = [i for i in items if not (i.split()[0].lower().endswith("ing") or any(map(str.isdigit, i)))]  # starting 13:30"
        if kind not in ("free", "example") and len(items) >= 2 and all(len(i.split()) <= 4 and i[:1].isupper() for i in items):
            return items[:20]  # (the stops: names listed after a colon, not the time beside them)
        if kind in ("free", "other") and self.summarized:  # "Summarize into bullet points": one per sentence
            return self.summarized[:20]
        if kind in ("free", "thing", "other") and len(quoted := _QUOTED.findall(message)) >= 2:
            return list(dict.fromkeys(quoted))[:20]  # "with 'billing', 'urgent' and 'vip'"
        steps = [item for item in _listed(message.partition(": ")[2], short=True) if not any(map(str.isdigit, item))]
        if kind in ("free", "other") and len(steps) >= 2:  # "My guide for two: feed it, wait, bake." (not "1 week")
            return self.unowned(steps)[:20]
        if find is None:
            kind, find = Reader(self.request).kind(self.request.instructions[:300], "")
        if kind == "other" or find is None:  # "Extract the recipe.": "flour, eggs, milk and butter"; "renew Dune and Emma": "Dune"
            find = _described
        if (names := self.sorted_names(name)) is not None:  # "people", "places", "organizations": each its own names
            return names[:20]
        found = self.unowned(list(dict.fromkeys(find(message))))  # not another field's
        placed = {one for one in found if one[:1].isupper() and not near & _PLACE and any(f.lower().endswith(("_at", "where")) or set(
            words(f.replace("_", " "))) & _PLACE for f in self.fields if f != name) and any(
            f" {cue} {one}" in f" {message}" for cue in ("at", "in", "from", "near", "on"))}  # "found at Larkin Lane" is
        # no injury (a place, of a field that is none)
        return [one for one in found if one not in placed and not any(v in one for f, v in self.claimed.items() if f != name)][:20]  # value
        # ("Return for order 55-1902: the lamp and the rug": lamp, rug)

    @staticmethod
    def _coded(description: str, message: str) -> list[str]:
        """The codes a message gives of the shape a description's examples have ("ISO codes like en, fr, de": "en",
        "fr"; a language named in full as its code, "French": "fr"), each once, in order; else ``[]``."""
        low = description.lower()
        at = max(low.find(" like "), low.find("e.g."), low.find("such as "))
        examples = [e.strip(" .)'\"") for e in description[at:].split(":")[-1].replace(" or ", ",").replace(" and ", ",").split(
            ",")] if at >= 0 and "code" in low else []
        examples = [e.split()[-1] for e in examples if e.split()]
        if len(examples) < 2 or not all(e.isalpha() and len(e) <= 3 and (e.islower() or e.isupper()) for e in examples):
            return []
        full = {"english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "dutch": "nl",
                "portuguese": "pt", "japanese": "ja", "chinese": "zh", "russian": "ru", "arabic": "ar", "korean": "ko",
                "polish": "pl", "swedish": "sv", "greek": "el", "turkish": "tr", "hindi": "hi", "danish": "da",
                "finnish": "fi", "norwegian": "no", "czech": "cs", "hungarian": "hu", "ukrainian": "uk", "welsh": "cy"} if (
            "language" in low or any(e.lower() in ("en", "fr", "de") for e in examples)) else {}
        if not full or not {e.lower() for e in examples} <= set(full.values()):
            return []  # (languages only: of other codes, a short word is no code, "the OK from HR")
        found = [full.get(t.lower(), t) if t.lower() in full else t for t in tokens(message) if t.lower() in full or (
            t.lower() in set(full.values()) and (t.lower() in map(str.lower, examples) or t.lower() not in STOP | {
                "to", "in", "an", "no", "it", "hi", "ms", "id"}))]
        found = [f.upper() if all(e.isupper() for e in examples) else f.lower() for f in found]
        return list(dict.fromkeys(found)) if len(found) >= 1 else []

    def sorted_names(self, name: str) -> list[str] | None:
        """Of a list named for a sort of names, the message's names of that sort (of "Satya Nadella met Sundar Pichai
        in Paris about Microsoft": people Satya Nadella, Sundar Pichai; places Paris; organizations Microsoft); else
        ``None``."""
        sort = next((sort for sort, cues in _SORTS.items() if set(name.lower().split("_")) & cues), "")
        message = self.request.message[:4000]
        names = [n for n in dict.fromkeys(_proper_names(message) + _proper_names(message, things=True)) if n[:1].isupper(
            )] if sort else []  # capitalised: "the hiring plan sync" is no one
        return [n for n in names if _sort_of(n, names, message) == sort] if sort else None

    def each(self, grouped: bool = False, name: str = "", fields: Mapping[str, Any] | None = None) -> list[Reader]:
        """A reader per item the latest message lists with a value ("2 apples and 3 bananas", "Ann and Bo"), or per
        bracketed group if ``grouped`` ("[1, 2], [3, 4]"), each reading that item's words alone ("history 45": subject
        "history"), after the first as the list goes on ("and Bo" opens with a name); else per sentence giving someone
        a task ("Dev to update the page"); none for fewer than two items listed."""
        if self.worked and not grouped:  # an equation's steps: "Divide both sides by 8: x = -3.75"
            return [Reader(self.request, f"{done}: {gives}", k, item=True) for k, (done, gives) in enumerate(self.worked)]
        owned = set(words(" ".join(self.fields).replace("_", " ")))  # no field's label and value: "..., total 117.50"
        labels = tuple(f"{field.replace('_', ' ').lower()}:" for field in self.fields if field != name)
        message = self.request.message.strip()  # of a pasted text ("Pancakes\nMash 2 bananas, ... Add 1 tsp salt."):
        label = next((f"{cue}:" for cue in (name.lower().replace("_", " "), "contents", "items", "products") if name and (
            f"{cue}:" in message.lower())), "")  # the list a label opens on its line, alone: "Contents: 2 x SKU AB-100,
        inline = message[message.lower().find(label) + len(label):].split("\n")[0].strip() if label else ""  # 1 x SKU
        message = inline.split(". ")[0] if inline else message  # CD-220." (a list under its label is read as lines)
        lined = "\n" in message or message.count(". ") > 1  # every sentence's items past its title line, "100 g flour
        # with 150 ml milk" two
        told = [s for s in sentences(message.partition("\n")[2] if _title_line(message) else message) if not s.lower(
            ).startswith(labels) and any(map(str.isalpha, s))]  # no "2." of a numbered list, no other field's: "Reporter:
        # Tom Becker, IT desk. VPN drops for 2 hours, ..."
        parted = [p.strip(" .") for s in told for p in (s.split("; ") if s.count("; ") >= 2 else [])]  # "12 Jan train
        told = [s for s in told if s.count("; ") < 2] + parted  # £64.50; 12 Jan lunch £11.20; 13 Jan hotel €120": one each
        cut = f" {name.lower()} "  # "Ana's friends are Bo and Cy": the items listed after the field's name
        told = [s[s.lower().find(cut) + len(cut):] if name.isalpha() and cut in s.lower() else s for s in told]
        listed = [p if s[-1] in ".!?:" or facts(p) or "\n" not in message else f"1 {p}" for s in told for p in _listed(
            s) or [s.strip(" .!?").replace(": ", " - ", 1)]] if lined else [p for s in told for p in _listed(s)] if sum(
                len(_listed(s)) > 1 for s in told) > 1 else _listed(" ".join(told))  # a line listing a
        # thing without a count lists one: "- helmet"; "- Rome: 3 nights" is "Rome - 3 nights"
        joined: list[str] = []  # a person's age or need listed after them: "Ada Quill, 34, and her father Len Quill, 71,
        for piece in listed:  # who uses a wheelchair" is two people
            bare = piece.strip().removeprefix("and ")
            if joined and _proper_names(joined[-1], people=True) and (bare.isdigit() and int(bare) <= 120 or bare.lower(
                    ).startswith(("who ", "aged ", "age "))):
                joined[-1] = f"{joined[-1]} {bare}"
            else:
                joined.append(piece)
        listed = [*[p for p in joined if p not in parted], *parted] if parted else joined
        grouped_pieces = [_attached(_listed(s) or [s]) for s in told] if "\n" not in message else []
        opening = [[k for k, piece in enumerate(pieces) if _opens_count(piece)] for pieces in grouped_pieces]
        if any(len(pieces) < len(_listed(s) or [s]) for s, pieces in zip(told, grouped_pieces)) and sum(map(len, opening)):
            listed = [piece for pieces in grouped_pieces for piece in pieces if _opens_count(piece)]  # "250g of
            # Stichelton at £9.40, 400g of Ragstone, a goat's cheese, at £11.20": a price is its item's
        parts = [_one(part) for item in listed for part in (_counts_cut(item) if lined else [item]) if (any(map(
            _is_value, (found := tokens(_halves(_in_digits(part))))[lined and found[0].istitle():])) or _when(
                part, None, self.year, self.today)) and not (  # "nausea since yesterday"
            stem(found[0].lower()) in owned and all(_is_value(t) or t.isupper() or t.lower() in notes.AROUND for t in found[1:]))]
        # ("budget around £80" is the budget's)
        counted = [part for part in parts if lined and _counted_line(tokens(part))]  # a receipt's "2 x Tagliatelle @
        # 13.50" lines: its items,
        parts = counted if len(counted) >= 2 else parts  # not its shop's line or its footnote
        priced = [part for part in parts if any(t[:1] in "£$€" and t[1:2].isdigit() or "." in t.strip(".") and t.replace(
            ".", "").isdigit() or t.isdigit() and part.split()[0] == t for t in part.split())] if stem_set("amount currency") <= set(words(" ".join(
            fields or ()).replace("_", " "))) else []  # an expense's lines, each with its sum: not "Marta Silva (emp 4471)"
        parts = priced if len(priced) >= 2 else parts
        timed = [part for part in parts if lined and _SECONDS.get(next((u.lower().rstrip("s") for n, u in itertools.pairwise(
            tokens(part)) if n[0].isdigit()), ""), ("",))[0] == "time"]  # a duration among things is none: "cook 2
        parts = [part for part in parts if part not in timed or len(timed) == len(parts)]  # minutes" ("Jog 20 minutes" is)
        parts = [part for part in self.request.message[:4000].split("[")[1:] if "]" in part] if grouped else parts
        assigned = [piece for piece in sentences(self.request.message) if _assigned(piece)]  # "Dev to update X"
        dated = [piece for piece in sentences(message) if (tokens(piece) or [""])[0].lower() in CALENDAR and ":" in piece[
            :12] or [t.lower() for t in tokens(piece)[:1]] in (["at"], ["on"]) and _when(" ".join(tokens(piece)[:3]), "clock",
                                                                                       self.year, self.today)]
        # "Monday: 45 minutes, off lead. Wednesday: 30 minutes on lead.", "At 06:40 I saw 4 avocets. At 07:15, 1 marsh
        # harrier": a day's (or a time's) sentence each
        timed_items = any(set(words(f.replace("_", " "))) & (_WHEN | stem_set("hour")) for f in fields or ())  # a list
        dated = [f"{rest.strip()} on {day}" if (day := piece.partition(":")[0]).lower() in CALENDAR and (rest := piece.partition(
            ":")[2].strip(" .")) else piece for piece in dated]  # "Monday: dentist.": "dentist on Monday"
        assigned = assigned or dated if len(dated) >= 2 and (timed_items or fields and all(map(facts, dated))) else assigned
        # of things with a day or time, or a number each ("Monday: 45 minutes, off lead. Wednesday: 30 minutes...")
        single = sum(map(len, opening)) == 1 and len(parts) == 1  # one thing counted: "Just 500 grams of buffalo
        parts = assigned if assigned and not grouped and not (label and len(parts) >= 2) else parts if len(parts) >= 2 or (
            single) else []  # mozzarella, £7.50." is one item, its price its own
        # (a list its label opens stays: "items: 3 x teapot (medium), 1 x platter (large). ... Note: call before...")
        earlier = self.request.conversation[:self.request.last_user_index]
        read = [Request.read(self.request.body, [*earlier, {"role": "user", "content": "and " * bool(k) + part}])
                for k, part in enumerate(parts)]
        options = frozenset(str(o).lower() for f in (fields or {}).values() if isinstance(f, Mapping) for o in f.get(
            "enum") or ())  # an item's fields: "2 large serving bowls" names a size and a thing
        items = [Reader(request, part, whole=part, item=True, fields=list(fields or ()), options=options)
                 for request, part in zip(read, parts)]
        for item in items:  # what an item lacks, the call lacks ("20 days" of at most 14: asked, never moved)
            item.found_nothing, item.bounded = self.found_nothing, bool(self.tool)
        return items

    def fits_item(self, fields: Mapping[str, Any], required: Sequence[str] = ()) -> bool:
        """Whether an item's words (:meth:`each`) give what tells its kind of item: one of each required option
        field's options ("Two 60-minute massages" for a treatment), a name for a field of a person's ("Priya Raman
        (34, vegan)" for a guest; not "Total 245 euros" for either)."""
        said = set(words(self.whole))
        options = [[str(o).lower() for o in f["enum"]] for n, f in list(fields.items())[:1] if n in required and isinstance(
            f, Mapping) and isinstance(f.get("enum"), list) and f["enum"] and all(isinstance(o, str) for o in f["enum"]) and not (
                set(words(n.replace("_", " "))) & stem_set("unit size measure"))]
        # (of the item's first field, its kind: a recipe's unit may go unsaid, "2 bananas")
        if not all(any(stem(o) in said or f" {o} " in f" {self.whole.lower()} " or any(len(w) >= 4 and o.startswith(w) for w in (
                _lower_tokens(self.whole))) for o in each) for each in options):  # ("a mani": manicure)
            return False
        found = [t for t in tokens(self.whole) if t.lower() not in ("and", "with")]
        return not self.of_a_person(fields) or any(t[:1].isupper() and not t.isupper() and t.lower() not in STOP | CALENDAR | (
            _OPENERS) and t.lower() not in _COUNT_WORDS for t in found)  # ("55.00 EUR", "Total 245 euros", "Two 60-minute
        # massages" name no one; "Sam in goal", "Ana (31)" do)

    def reaches(self) -> bool:
        """Whether an item's words give a way to reach someone: a phone number or an email ("her dad on 07700 900999")."""
        return "@" in self.whole or bool(_phones(self.whole))

    def wanted(self, name: str) -> bool:
        """Whether a number nobody gave is one to ask for: unless the message says "no" or "without" of its field's
        word or a kin of it ("2 adults, no kids": no children; "no sugar")."""
        own = {stem(w) for w in name.lower().split("_") if len(w) > 2} - _IN_UNITS
        said = _lower_tokens(self.request.message)
        denied = {stem(b) for a, b in itertools.pairwise(said) if a in ("no", "without", "zero")}
        return not denied & (own | related(own))

    def unfound(self, name: str) -> None:
        """Note that the request gives no value of the field ``name`` (none of the shape its schema asks)."""
        self.found_nothing += [name] * (name not in self.found_nothing)

    @staticmethod
    def of_a_person(fields: Mapping[str, Any]) -> bool:
        """Whether an item's fields are a person's: a full name, a guest..., or a name beside an age, a diet, an email."""
        said = [set(words(n.replace("_", " "))) for n in fields]
        return any(one & _PERSON_FIELDS for one in said) or any(stem("name") in one for one in said) and any(
            one & stem_set("age dietary diet email phone role") for one in said)

    def numbers(self, name: str) -> list[float]:
        """Every number the latest message gives after the field's name ("codes 7 and 11"), else in all of it, in order
        ("[1, 2, 3]"; not those inside an id such as ``ORD-7``)."""
        message = _in_digits(self.request.message)
        at = message.lower().find(name.lower().replace("_", " ")[:-1])  # "zone" of zones too
        found = [t.lstrip("£$€#+") for t in tokens(message[max(0, at):])]
        run = list(itertools.takewhile(lambda t: _NUMBER.fullmatch(t) or t.lower() in ("and", "or", "&"), itertools.dropwhile(
            lambda t: not _NUMBER.fullmatch(t), found)))  # after its name, the numbers it lists: "zones 2,
        run = [t for t in run if _NUMBER.fullmatch(t)]  # 3 and 5 with drip for 25 minutes" (not the 25)
        after = found[found.index(run[-1]) + 1:] if run else []  # (cut only before numbers of their own units)
        units = all(b.isalpha() and b.lower() not in ("and", "or", "plus") or z.lower() in ("of", "out") for z, a, b in zip(
            ["", *after], after, [*after[1:], "."]) if _NUMBER.fullmatch(a))  # ("7, 8 and 9 out of 10": not the 10)
        def signed(t: str) -> float:  # "-18.5, -17.0 degrees C": below zero (not the 5 of "3-5")
            return -float(t) if any(not (after := message[at + len(t) + 1:at + len(t) + 3])[:1].isdigit() and not (
                after[:1] in ".," and after[1:].isdigit()) for at in whole_words_at(message, f"-{t}")) else float(t)  # (not the
            # 3 of "-3.1%")
        return [signed(t) for t in (run if at >= 0 and len(run) >= 2 and units else found) if _NUMBER.fullmatch(t)]

    def choices(self, options: Sequence[Any]) -> list[Any]:
        """Every option the latest message names or abbreviates, in the order it names them ("my backend in Go and
        my frontend in JavaScript": go, javascript)."""
        said = words(self.request.message.replace("-", " "))  # "nut-free": nut free
        spoken = {o: set(words(o.replace("_", " ").replace("-", " "))) for o in options if isinstance(o, str)}
        own = {o: ws - set().union(*(v for p, v in spoken.items() if p != o)) or ws for o, ws in spoken.items()}  # "gluten
        # free" names gluten_free, not nut_free too by "free"
        at = {o: next((k for k, w in enumerate(said) if w in own[o] or len(o) >= 3 and w.startswith(o.lower())), None)
              for o in spoken}
        at = {o: k if k is not None or any(at[p] is not None for p in spoken if spoken[p] & spoken[o] - own[o]) else next((
            k for k, w in enumerate(said) if w in spoken[o]), None) for o, k in at.items()}  # "any blue": light_blue and
        # dark_blue, which "blue" alone names
        low = _lower_tokens(self.request.message.replace("-", " "))
        denied = {o for o in spoken for a, b in itertools.pairwise(low) if a in ("no", "without", "not") and (
            b == o.lower() or stem(b) in own[o])}  # "5th floor no lift": no lift
        return sorted((o for o, k in at.items() if k is not None and o not in denied), key=lambda o: at[o])

    def counts(self) -> dict[str, float]:
        """Each item the latest message counts, by the (up to two) words after its number ("3 apples, 2 pears", "2 liters
        of oat milk": "liters oat milk"), or
        by the name just before it when none or another name follows ("Ana got 91.5, Ben 78")."""
        found, named = [p for t in tokens(_in_digits(self.request.message).replace(",", " and ")) for a, _, b in [
            t.partition("/")] for t in [f"{int(a) / int(b):g}" if a.isdecimal() and b.isdecimal() and int(b) else t] for u in [
                t.lstrip("0123456789.")] for p in ((t[:-len(u)], u) if t != u != "" and stem(u.lower()) in related({stem(
                    "unit")}) else [t])], {}  # "two loaves of bread" too, "500g butter" as "500 g butter", "1/2 cup" as
        # "0.5 cup"; an item ends at a comma ("Two shirts, extra large")
        for at, number in [(at, n) for at, n in enumerate(found) if _NUMBER.fullmatch(n)]:
            unit = stem("".join(found[at + 1:at + 2]).lower()) in related({stem("unit")})
            after = list(itertools.takewhile(lambda w: w.isalpha() and w.lower() not in STOP | _PIECE_CUES, [  # "2 x keyboard": keyboard
                w for k, w in enumerate(found[at + 1:at + 5]) if w.lower() != "x" and not (unit and k == 1 and w == "of")][
                :2 + unit]))  # "1 kg chicken thighs"
            before = [w for w in found[max(0, at - 2):at] if w.istitle() and w.lower() not in STOP and stem(w.lower()) not in (
                _VERBS | _CHANGES | {stem(self.tool.partition("_")[0])})][-1:]  # not the verb: "Add 2 Kindle Paperwhite"
            named.setdefault(" ".join(before if before and (not after or after[0].istitle()) else after), float(number))
        return {item: count for item, count in named.items() if item}


def _trailing_list(sentence: str) -> list[str]:
    """The list a sentence ends with, its items of one or two words, in order; the first cut after the word that leads
    in to it ("7 years as a backend dev - Python, Go, PostgreSQL": Python, Go, PostgreSQL; "experience with SQL,
    Tableau and Excel": SQL, Tableau, Excel), else []."""
    items = [part.strip(" .;!?") for piece in sentence.split(",") for part in piece.split(" and ")]
    found: list[str] = []
    for item in reversed(items):
        said = item.split()
        if 1 <= len(said) <= 2 and not any(map(str.isdigit, item)):
            found.insert(0, item)
            continue
        lead = max((at for at, w in enumerate(said) if w.lower() in ("-", "with", "in", "using", "include", "done", "know",
                                                                     "knows", "speak", "speaks",
                                                                     "includes") or w.endswith(":")), default=-1)
        if found and 0 <= lead < len(said) - 1 and len(said) - lead - 1 <= 2:
            found.insert(0, " ".join(said[lead + 1:]))
            return found if not any(f.split()[0].lower() in _DETERMINERS - {"the"} | set(_COUNT_WORDS) for f in found) else []
        break
    return []  # (no list led in: "worked at Google, Meta and Amazon"; nor "with my wife, two kids and a dog")


def _ranked(records: Sequence[Mapping[str, Any]], named: str) -> Mapping[str, Any] | None:
    """The record a comparison names of a result's list: "cheaper"/"cheapest" (the least price), "earlier"/"earliest"
    (the first time), "later"/"latest" (the last), by the field holding that; else ``None``."""
    key = {"cheaper": "price", "cheapest": "price", "earlier": "time", "earliest": "time", "later": "time", "latest": "time"}.get(
        named.split()[-1] if named else "")
    if key is None:
        return None
    def value(one: Mapping[str, Any]) -> str | float | None:
        day = next((str(v) for v in one.values() if _DATE.fullmatch(str(v)) and "-" in str(v)), "")  # (its date first:
        for field, v in one.items():  # "latest" of 06-12 20:00 and 06-14 08:00 is the 14th's)
            text = str(v)
            if key == "price" and (stem("price") in words(field.replace("_", " ")) or _currencies(text) or "cost" in field) and (
                    number := _NUMBER.search(text.replace(",", ""))):
                return float(number.group(0))
            if key == "time" and ":" in text and text.replace(":", "").isdigit() and not {"dur", "length", "long", "takes"} & {
                    field.lower()[:3], field.lower()[:6], field.lower()}:  # (a duration is no time: "duration": "1:30")
                return f"{day} {text.zfill(5)}"
        return None
    valued = [(v, one) for one in records if (v := value(one)) is not None]
    if len(valued) != len(records) or not valued:
        return None
    pick = max if named.split()[-1] in ("later", "latest") else min
    return pick(valued, key=lambda pair: pair[0])[1]


def _records(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The records the tool results among ``items`` hold, in order: a result's own, or each of its list."""
    found = [structured(i["output"]) for i in items if item_type(i) == "function_call_output" and isinstance(i.get(
        "output"), str)]
    return [one for each in found for one in (each if isinstance(each, list) else [each]) if isinstance(one, dict)]


def _turned(message: str) -> bool:
    """Whether the message turns a level up or down ("Turn the music down", "crank it up"): a setting, not the thing."""
    found = _lower_tokens(message)
    return bool({"up", "down"} & set(found) and {stem(w) for w in found} & stem_set("turn crank dial knock ramp pump"))


def _counted_line(said: Sequence[str]) -> bool:
    """Whether a line's words open with a count of what it names: "2 x Tagliatelle @ 13.50", "3x Acqua"."""
    return bool(said) and (said[0].isdecimal() and said[1:2] in (["x"], ["×"]) or said[0][:-1].isdecimal() and said[0][
        -1:] in ("x", "×"))


def _one(part: str) -> str:
    """``part`` with an "a" or "an" before any number as 1: "a desk for $120", "for an espresso machine at 450"."""
    said = part.split(" ")
    at = next((k for k, w in enumerate(said) if w.lower() in ("a", "an") or any(map(str.isdigit, w))), 0)
    return " ".join([*said[:at], "1", *said[at + 1:]]) if said[at].lower() in ("a", "an") else part


def _defined(options: Sequence[str], text: str) -> dict[str, str]:
    """What ``text`` says each option stands for, up to the next option's label or a ";" ("sales: pricing, demos;",
    "P1 = outage or money lost, P2 = blocked": P1 "outage or money lost")."""
    low, spans = text.lower(), {}  # option → where its label starts and ends
    for option in options:
        for label in (f"{option.lower()}:", f"{option.lower()} =", f"{option.lower()}="):
            if (at := low.find(label)) >= 0:
                spans[option] = (at, at + len(label))
                break
    return {o: low[end:min([at for at, _ in spans.values() if at > end] + [low.find(";", end) % (len(low) + 1)])]
            for o, (_, end) in spans.items()}


def _side(text: str, sides: set[str]) -> str | None:
    """The clause of a bug report that says what should happen (``expected``: after "should", "expected") or what
    does (``actual``: after "but", "instead", "got"): "expected a file with 3 columns, got an empty file"."""
    cues = ("should ", "expected ", "supposed to ") if stem("expected") in sides else (" but ", "instead ", " got ")
    low = text.lower()
    at = min((low.find(cue) + len(cue) for cue in cues if cue in low), default=-1)
    clause = text[at:].replace(";", ",").replace(". ", ",").replace(" but ", ",").split(",")[0].strip(" .!") if (
        at > 0) else ""  # "should open the form but nothing happens": "open the form"
    kept = itertools.dropwhile(lambda word: word.lower() in ("instead", "just", "to", "be"), clause.split())
    return " ".join(kept) or None  # "but instead it goes blank": "it goes blank"


def _harmful(message: str) -> bool:
    """Whether a message says a thing is harmful ("toxic to cats and dogs", "toxic? Yes"), not only asks ("toxic? No,
    it's safe") nor denies it ("not harmful at all")."""
    low = message.lower()
    found = tokens(low)
    for word in ("toxic", "poisonous", "harmful", "dangerous", "unsafe", "hazardous"):
        for at in whole_words_at(low, word):
            k = len(tokens(low[:at]))
            if k and found[k - 1] in ("not", "no", "never", "isn't", "aren't", "non", "nor"):
                continue
            after = low[at + len(word):].lstrip(" )")
            answer = tokens(after[1:])[:1] if after[:1] == "?" else []
            if after[:1] != "?" or answer == ["yes"] and not after[1:].lstrip()[3:4] == "?":  # ("toxic? Yes, very"; not
                return True  # "toxic? Yesterday the vet said no", "Toxic? Yes? No idea")
    return False


#: Words that, with a day's name, name a time, not a thing ("Friday lunch: fish pie", "Easter Sunday: ...").
_TIMES_OF = frozenset("lunch dinner breakfast brunch tea supper night morning evening afternoon special shift week weekend "
                      "easter christmas boxing".split())
#: Words a count of people is said in ("make it 5 people").
_HEADS = frozenset("people persons guests adults kids children".split())
def _days_first(found: list[str], dated: bool) -> list[str]:
    """``found`` (dates and times as written), for a field of a date or a day (``dated``) without the times alone (no
    date: "book the 14:00" gives a date field nothing)."""
    def timed(value: str) -> bool:
        return ":" in value and not any(c in value for c in "/-") or value[-2:].lower() in ("am", "pm") and len(value.split()) == 1
    return [value for value in found if not timed(value)] if dated else found


def _when(text: str, form: str | None, year: int, today: datetime.date, together: bool = True) -> list[str]:
    """The dates and times ``text`` gives, as written (``form`` ``None``; a day and its time as one if ``together``:
    "tomorrow at 7am"), only its times (``clock``), or in
    ISO form for a ``date`` ("March 14" → "<year>-03-14"; "12/03/2024" month first unless the first number is
    over 12; "yesterday": the day before ``today``), a ``time`` ("8pm" → "20:00:00"), an ``iso`` date and time (the
    date and the first time, else midnight) or a schema's ``date-time`` (the same, marked UTC: RFC 3339 wants an offset, "...Z")."""
    stamps = [w.rstrip(".,;") for w in text.split(" ") if len(w) >= 16 and w[4] == "-" and w[10] in "Tt" and w[:4].isdigit()]
    if stamps and not form:  # "2026-04-02T06:15:00" as written
        return stamps
    said = [part for w in text.split(" ") for part in ([w[:10], w[11:].rstrip("Zz.,;")] if w.rstrip(".,;") in stamps else [w])]
    said = [f"{w[:4]}-{w[5:7]}-{w[8:10]}{w[10:]}" if len(w) >= 10 and w[4:5] == w[7:8] and w[4:5] in ("/", ".") and (
        w[:4] + w[5:7] + w[8:10]).isdigit() and w[10:11] in ("", ".", ",", ";", ")") else f"{w[6:10]}-{w[3:5]}-{w[:2]}{w[10:]}" if (
        len(w) >= 10 and w[2:3] == w[5:6] == "." and (w[:2] + w[3:5] + w[6:10]).isdigit() and not w[10:].strip(".,;)")) else w
        for w in said]  # "2025/08/01"; "15.07.2025", day first (not a version: "10.11.2024.3")
    for k in range(len(said) - 2) if form else ():  # "at 7 tonight": as "tonight at 7" (as written, as said)
        if said[k].lower() == "at" and said[k + 1].isdigit() and said[k + 2].rstrip(".,;!?").lower() in ("tonight", "today", "tomorrow"):
            day = said[k + 2].rstrip(".,;!?")
            said[k:k + 3] = [day, "at", said[k + 1] + said[k + 2][len(day):]]
    text = " ".join(said)  # (else its day and its time)
    for k in range(len(said) - 3):  # "from 16 to 20 June", "from 4th to 18th August": 16 June too
        if all(d.isdigit() or d[:-2].isdigit() and d[-2:].lower() in ("st", "nd", "rd", "th") for d in (said[k], said[k + 2])) and (
                said[k + 1] in ("to", "until", "-", "and")) and said[k + 3][:3].lower() in MONTHS:
            said[k] = f"{said[k]} {said[k + 3].rstrip('.,;!?')}"
    said = [w for w, n, m in zip(said, [*said[1:], ""], [*said[2:], "", ""]) if not (w.lower() == "the" and n[:1].isdigit() and (
        n.lower().endswith(("st", "nd", "rd", "th"))) and m[:3].lower() in MONTHS and (m.rstrip(".,;!?").lower() in CALENDAR or m.rstrip(
            ".,;!?").lower() in (*MONTHS, "sept")))]  # (a month's name or short form: "the 5th Sept", not "the 5th Mayfair")
    # ("on the 31st October": 31 October, not "the 31st" of this month)
    found, dates, times = _DATE.findall(" ".join(said)), [], []
    found = [value for value, after in itertools.pairwise([*found, ""]) if not ((value.lower() in (  # "today, 2025-01-15":
        "today", "tonight", "tomorrow", "yesterday") or form and value.lower()[:3] in _WEEKDAYS) and after[:1].isdigit() and (
            "-" in after or "/" in after or any(m in after.lower() for m in MONTHS)) and ":" not in after and any(
            f"{value}{joint}{after}" in text for joint in (", ", " (", " - ", " – ", *[" "] * bool(form))))]  # the date
    # written out, once (not "tonight, 7pm": its time); "Saturday 5th April 2025": the date its weekday is
    for value in found:
        low, numbers = value.lower().replace(".", ""), [int(n) for n in re.findall(r"\d+", value)]
        numbers = {"noon": [12], "midnight": [0]}.get(low, numbers)
        if ":" in value or low.endswith(("am", "pm", "noon", "midnight")):
            hour = numbers[0] % 12 + 12 * low.endswith("pm") if low.endswith(("am", "pm")) else numbers[0]
            times.append((value, f"{hour:02}:{(numbers + [0])[1]:02}:00"))
            continue
        month = next((k + 1 for k, name in enumerate(MONTHS) if name in low), 0)
        if (shift := {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}.get(low)) is not None:
            dates.append((today + datetime.timedelta(shift)).isoformat())
            continue
        if low.endswith(" ago"):  # "two days ago", "a week ago"
            count = numbers[0] if numbers else _COUNT_WORDS.get(low.split()[0], 1)
            dates.append((today - datetime.timedelta(count * (7 if "week" in low else 1))).isoformat())
            continue
        calendar = any("-" in v or "/" in v or any(m in v.lower() for m in MONTHS) for v in found)  # "Sat Nov 28"
        if low.endswith("day") and (day := low.split()[-1][:3]) in _WEEKDAYS and not calendar:  # "next Tuesday": the
            ahead = (_WEEKDAYS.index(day) - today.weekday()) % 7  # coming one, "last Monday", "was out Monday" the last
            past = low.startswith("last") or bool({"was", "were", "did", "went", "started"} & set(text.lower().split()))
            if past or not ahead:  # "Thursday" on a Thursday: a week on; "this Thursday": today
                ahead = ahead - 7 if ahead or low.startswith("last") else 0 if past or low.startswith("this") else 7
            dates.append((today + datetime.timedelta(ahead)).isoformat())
            continue
        if not month and low.startswith("the ") and numbers:  # "on the 12th": this month's, if still to come, else
            ahead = today.month + (numbers[0] < today.day)  # next month's
            with contextlib.suppress(ValueError):
                dates.append(datetime.date(today.year + (ahead > 12), (ahead - 1) % 12 + 1, numbers[0]).isoformat())
            continue
        if "/" in value and len(numbers) == 3 and numbers[2] < 100:  # "5/2/25": 2025
            numbers[2] += 2000
        if "-" in value or "/" in value:  # day first: 2025-03-14, 12/03/2024 (US), 25/03/2024
            numbers = numbers[::-1] if "-" in value else numbers if numbers[0] > 12 or _day_first(
                value, text, numbers, year) else [*numbers[1::-1], *numbers[2:]]
            month = numbers[1]
        with contextlib.suppress(ValueError, IndexError):  # "Friday", "31/02": no date
            dates.append(datetime.date(next((n for n in numbers[1:] if n > 31), year), month, numbers[0]).isoformat())
    for at, value in enumerate(found):  # as written, a day with its bare hour: "tonight at 8", "Friday at 6" (a
        if not value:
            continue  # (a time merged into the day before it)
        if value.lower()[:3] in _WEEKDAYS and value.lower().endswith("day") and found[at + 1:at + 2] and any(
                m in found[at + 1].lower() for m in MONTHS) and f"{value} {found[at + 1]}" in text:  # "Saturday 14
            # September 2024"
            found[at:at + 2] = [text[text.find(value):text.find(found[at + 1]) + len(found[at + 1])], ""]
            continue
        if (after := text[text.find(value) + len(value):].split(" ", 3)[1:3])[:1] == ["at"] and after[1:] and (
                hour := after[1].rstrip(".,!?")).isdigit():  # time, in the afternoon up to 7 or at night: 18:00)
            found[at], h = f"{value} at {hour}", int(hour)
            times += [] if times else [(found[at], f"{h + 12 * (h < 8 or value.lower() == 'tonight' and h < 12):02}:00:00")]
        elif together and after[:1] == ["at"] and len(after) > 1 and found[at + 1:at + 2] == [after[1].rstrip(".,!?")] and not (  # a day and its time
                set(":-/") & set(value) or value[-2:].lower() in ("am", "pm")):  # as one: "tomorrow at 7am"
            found[at:at + 2] = [f"{value} at {found[at + 1]}", ""]
        elif together and value[-2:].lower() in ("am", "pm") and found[at + 1:at + 2] and f"{value} {found[at + 1]}" in text and not (
                found[at + 1][-2:].lower() in ("am", "pm") or ":" in found[at + 1]):  # "at 7am tomorrow"
            found[at:at + 2] = [f"{value} {found[at + 1]}", ""]
    found = [value for value in found if value]
    if not form and together and len(found) == 2 and (spot := text.find(found[0])) >= 0 and (end := text.find(found[1], spot)) > 0 and len(
            text[spot + len(found[0]):end].split()) <= 1 and (":" in found[0] + found[1] or any(  # "at 5pm on Friday": one
                v[-2:].lower() in ("am", "pm") for v in found)) and sum(v.lower()[:3] in _WEEKDAYS or any(  # time, as written
                    m in v.lower() for m in MONTHS) or v.lower() in ("today", "tomorrow", "tonight") for v in found) == 1:
        found = [text[spot:end + len(found[1])]]
    dates = dates or ([today.isoformat()] if times and form in ("iso", "date-time") else [])  # "at 7am": today's
    clock = [iso for _, iso in times] or ["00:00:00"]
    return {"clock": [written for written, _ in times], "time": [iso for _, iso in times], "date": dates,
            "hh:mm": [iso[:5] for _, iso in times],
            "iso": [f"{day}T{clock[0]}" for day in dates], "date-time": [f"{day}T{clock[0]}Z" for day in dates]}.get(
        form or "", found)


def _day_first(value: str, text: str, numbers: Sequence[int], year: int) -> bool:
    """Whether a date written "12/04/2025" (either number a month) is day first, as Britain and most of the world write
    it: when the weekday written before it is that day's ("Sat 12/04/2025": 12 April), or the day and month in words
    beside it say so ("5/2/25 (5th Feb)"), or, neither saying, when the text prices in pounds or euros ("£120")."""
    readings = []
    for day, month in ((numbers[0], numbers[1]), (numbers[1], numbers[0])):
        with contextlib.suppress(ValueError):
            readings.append((day, datetime.date(numbers[2] if len(numbers) > 2 else year, month, day)))
    if len(readings) < 2:
        return False
    before = text[:max(0, text.find(value))].split()[-2:]
    named = next((w[:3].lower() for w in before if w[:3].lower() in _WEEKDAYS and w.lower().rstrip(",.").endswith(
        ("day", w[:3].lower()))), None)  # "Sat", "Saturday"
    if named is not None and [d.weekday() == _WEEKDAYS.index(named) for _, d in readings].count(True) == 1:
        return readings[0][1].weekday() == _WEEKDAYS.index(named)
    near = text[text.find(value) + len(value):][:30].lower()
    for day, date in readings:
        if MONTHS[date.month - 1] in near and str(day) in near:
            return date == readings[0][1]
    return any(sign in text for sign in ("£", "€", "GBP", "EUR"))


def _listed_with_and(text: str) -> str:
    """A text whose lists are joined by "and" alone ("clubs, diabolos and poi": "clubs and diabolos and poi"), where each
    item between the commas is short and an "and" closes the list."""
    parts = text.split(", ")
    if len(parts) < 3 and not (len(parts) == 2 and " and " in parts[1]):
        return text
    tail = parts[-1].split(" and ", 1)
    if len(tail) < 2 or any(len(part.split()) > 3 for part in parts[1:-1]) or len(tail[0].split()) > 3:
        return text
    return " and ".join(parts)


def _object(text: str, beside: set[str] | frozenset[str] = frozenset(), own: frozenset[str] = frozenset(),
            field: frozenset[str] = frozenset()) -> list[str]:
    """What the first verb of ``text`` acts on, up to a preposition: "Add oat milk to my list" → "oat milk", past what
    the tool's name says it gives (``own``: get_calories, "get calories for chicken breast" → "chicken breast");
    without a last word that says what to change of it, a stem another field's name (or a word related to it) begins
    with ``beside``: "Make the kitchen warmer" (temperature) → "kitchen"."""
    found = tokens(_listed_with_and(text[:400]).replace(" out of ", " from ").replace("? ", " until ").replace("! ", " until "))  # "take
    # the jazz station out of my favorites"; a question ends what it acts on ("...for the lavender? I live...")
    stops = {*_PLACE_CUES, "on", "off", "with", "of", "about", "by", "please", "over", "during", "within", "since", "while",
             "because", "until", "cost", "costs"}  # "pause my gym membership while I'm away": gym membership; "What would
    # 5 clubs cost me?": clubs
    at = next((n for n, word in enumerate(found) if stem(word.lower()) in _VERBS | _CHANGES | {"put", "grab", "tak"} and not word.endswith(
        "ing") or stem(word.lower()) in own and found[n + 1:n + 2] and found[n + 1].lower() not in stops | set(_YES_NO) | {
            "should", "can", "could", "would", "will", "must", "may", "might"}), None)  # (not "What soil should I use")
    # or the tool's own word: "(Force) restart the auth service" (restart_service), not "checking" nor "balance of"
    if at is None:  # no verb: what a cue or a count names, up to a comma ("calories in 250g of chicken breast": chicken
        cues = stops | {*_COUNT_WORDS, "one", *(w for w in tokens(text[:400]) if _NUMBER.fullmatch(w))}  # breast; "Two lattes please")
        found = next((f for f in map(tokens, text[:400].split(",")) if {w.lower() for w in f[:-1]} & cues), [])
        at = next((n for n, w in enumerate(found[:-1]) if w.lower() in cues and not found[n + 1][0].isdigit()), None)
        at = at + 1 if at is not None and found[at].lower() == "to" and found[at + 2:at + 3] and found[at + 2].lower() in (
            "a", "an", "the", "my", "our", "some") else at  # "I need to see a dermatologist": what "see" acts on
    rest, kept, span = found[at + 1:] if at is not None else [], None, []
    while rest and (kept is None or all(stem(w) in own | beside or w[0].isdigit() or w.lower().rstrip("s") in
                                                  _SECONDS for w in kept)):  # past a quantity: "200g of sugar", "150 grams
        # of butter", "2 servings of oatmeal" (servings: another field's)
        span = list(itertools.takewhile(lambda word: word.lower() not in stops, rest))
        kept, rest = [w for w in span if w.lower() not in STOP | {"some", "me"}][:6], rest[len(span) + 1:]
    items = []  # each of a list: "Lock the back door and the garage door" → "back", "garage"
    for item in " ".join(span).split(" and ") if kept else ():
        kept = [w for w in item.split() if w.lower() not in STOP | {"some", "me"}][:6]
        kept = kept[1 + bool(_NUMBER.fullmatch(kept[0])):] if kept and len(kept) > 1 + bool(_NUMBER.fullmatch(kept[0])) and kept[bool(
            _NUMBER.fullmatch(kept[0]))].lower() in MEASURE_WORDS else kept  # "log 2.5 ml oxytocin": oxytocin
        kept = list(itertools.dropwhile(lambda w: stem(w.lower()) in _CHANGES | beside | {stem("change"), "up", "out", "down"}
                                        or w.lower() in _COUNT_WORDS or w.isdigit(), kept))  # "two medium lattes" (size):
        # "lattes"; "Order 5 lavender": "lavender"
        kept = kept[2:] if len(kept) > 2 and kept[0].isdigit() and kept[1].lower().rstrip("s") in _SECONDS else kept  # "30 min run"
        kept = kept[:1] + list(itertools.takewhile(lambda w: not w[0].isdigit() and w.lower() not in CALENDAR | {
            "next", "last", "today", "tomorrow", "tonight"}, kept[1:]))  # not "68°F", "next Tuesday"
        while len(kept) > 1 and (len(last := stem(kept[-1])) > 3 and any(other.startswith(last) for other in {
                *beside, *own}) or last in field or kept[-1].lower() in _COLORS):
            kept.pop()  # and the tool's own word: "Open the kitchen blinds" (open_blinds) → "kitchen"; a color; the
            # field's noun ("the north and harbour routes": "harbour")
        if all(stem(w.lower()) in own | beside or w[:1].isdigit() or w.lower() in CALENDAR for w in kept):  # "I'd like
            # to change my seat" (update_seat): no seat named yet; "opens on April 20": a day, no thing
            continue  # "make the light blue" (set_light): no room; "for 10 minutes"
        items.append(" ".join(kept))
    return items


def _rooms(text: str) -> list[str]:
    """The rooms of a home or a building ``text`` names: "the kitchen lights", "in the nursery", "the living room"."""
    found = tokens(text[:2000])
    return [f"{word} room" if stem(word) in _ROOMS and after.lower() == "room" else word if stem(word) in _ROOMS else
            f"{before} {word}" for before, word, after in zip(["", *found], found, [*found[1:], ""])
            if stem(word) in _ROOMS or word.lower() == "room" and before.isalpha() and before.lower() not in STOP
            and stem(before) not in _ROOMS and stem(before) not in _VERBS | _CHANGES]


def _in_unit(text: str, field: set[str], theirs: frozenset[str] = frozenset()) -> str:
    """``text`` with its durations, weights, lengths and temperatures in the unit ``field`` (its name's parts) says:
    "2 hours" → "120 minutes" for ``minutes_from_now``, "700g" → "0.7 kg" for ``weight_kg``, "68°F" → "20" for
    ``temperature_c``; not one in a unit another field is named by (``theirs``: "25cm" is foot_length_cm's, no
    weekly_km's)."""
    unit = next((u for u in _SECONDS if {u, u + "s", stem(u)} & field), "")
    scale = "c" if field & {"c", "celsius", stem("celsius")} else "f" if field & {"f", "fahrenheit"} else ""

    def converted(found: re.Match[str]) -> str:
        (measure, size), (into, per) = _SECONDS.get(found[2] and found[2].lower(), ("", 1)), _SECONDS.get(unit, ("?", 1))
        if found[2] and found[2].lower() in theirs and found[2].lower() != unit:
            return " "
        if measure == into:  # "700g" → "0.7 kg" for ``weight_kg``
            return f"{float(found[1]) * size / per:g} {unit}"
        degrees, given = float(found[3] or 0), (found[4] or "").lower()
        if given and scale and given != scale:
            return f"{round((degrees - 32) * 5 / 9 if scale == 'c' else degrees * 9 / 5 + 32, 1):g}"
        return found[0]
    bigger: set[str] = set()

    def marked(found: re.Match[str]) -> str:  # a duration said in a bigger unit than the field's ("1 hour" of minutes)
        before = found.string[:found.start()].rstrip().rpartition(" ")[2].lower()
        earlier = _SECONDS.get(before) or _SECONDS.get(before.rstrip("s"))
        if earlier and found[2] and _SECONDS.get(found[2].lower(), ("", 0))[1] > earlier[1] and earlier[0] == _SECONDS.get(
                found[2].lower(), ("?", 0))[0]:
            return found[0]  # a rate: "10 hours a week" is no week of hours (but "1 hour 5 minutes" adds up)
        out = converted(found)
        if found[2] and found[2].lower().rstrip("s") != unit and _SECONDS.get(found[2].lower(), ("", 0))[1] > _SECONDS.get(
                unit, ("", 0))[1]:
            bigger.add(out.split(" ")[0])
        return out
    said = _UNITS.sub(marked, text).split(" ")
    at = 0
    while unit and at + 3 < len(said):  # "1 hour 5 minutes" (→ "60 minute 5 minute"): 65 minute (not "10 minutes and
        then = at + 2 + (said[at + 2] == "and")  # 5 minutes": two)
        if then + 1 < len(said) and said[at + 1] == unit and said[then + 1].rstrip(",.;!?") == unit and said[at] in bigger and all(
                _NUMBER.fullmatch(n) for n in (said[at], said[then])):
            said[at:then + 2] = [f"{float(said[at]) + float(said[then]):g}", said[then + 1]]
        else:
            at += 1
    return " ".join(said)


def _halves(text: str) -> str:
    """``text`` with the counts of a unit in digits: "an hour" or "the last hour" → "1 hour", "half an hour" → "0.5
    hour", "an hour and a half" → "1.5 hour", "2 and a half km" → "2.5 km" (not "twice a day")."""
    said = text.split(" ")
    for at, before in zip(range(len(said)), ["", *said]):
        low = [w.lower().strip(",.?!;:") for w in said[at:at + 5]] + [""] * 5
        unit = [w.removesuffix("s") in _SECONDS for w in low]
        if low[0] == "half" and low[1] in ("a", "an") and unit[2]:
            said[at:at + 2] = ["", "0.5"]
        elif unit[1] and (low[0] in ("a", "an", "one") and before.lower() not in ("once", "twice", "times", "per") or
                          low[0] in ("last", "past") and before.lower() == "the"):  # "over the last hour": 1 hour
            said[at] = low[0] = "1"
        if low[0].replace(".", "", 1).isdigit() and ["and", "a", "half"] in (low[1:4], low[2:5]) and (unit[1] or unit[4]):
            said[at:at + 5] = [f"{float(low[0]) + 0.5:g}", said[at + (4 if unit[4] else 1)], "", "", ""]
    return " ".join(said)


def _in_digits(text: str) -> str:
    """``text`` with its numbers in digits: "1,250" → 1250, "six" → 6, "300k" → 300000; an area in m2 ("12sqm", "15m²",
    "9 square metres": 12m2, 15m2, 9 m2)."""
    for area in ("square metres", "square meters", "sqm", "m²"):
        text = text.replace(area, "m2")
    for end in (" ", ".", ",", ";", ")", "\n"):  # ("sq m" as a word: not "2 sq miles")
        text = text.replace(f"sq m{end}", f"m2{end}")
    text = text[:-4] + "m2" if text.endswith("sq m") else text
    return _SPELLED.sub(lambda m: str(sum({**_TENS, **_COUNT_WORDS, "one": 1}[w] for w in m[0].lower().split("-"))
                                      if m[1] is None else round(float(m[1]) * 1000)),
                        _THOUSANDS.sub("", text))


def _cut(text: str, limit: int) -> str:
    """``text``, or its first ``limit`` characters cut at a word and marked " …"."""
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _counts_cut(item: str) -> list[str]:
    """``item`` cut before each "with" or "in" a count follows: "2 onions in 1 tbsp oil" → "2 onions", "1 tbsp oil"."""
    said = item.split(" ")
    cuts = [0, *(k for k in range(1, len(said) - 1) if said[k] in ("with", "in") and said[k + 1][:1].isdigit()), len(said)]
    return [" ".join(said[start + bool(start):end]) for start, end in itertools.pairwise(cuts)]


def _title_line(text: str) -> str:
    """The short line without a full stop a text opens with, before more lines: its title ("Banana pancakes (serves
    2)\nMash 2 bananas...": "Banana pancakes"), else ""."""
    line, _, rest = text.strip().partition("\n")
    titled = rest.strip() and 0 < len(line.split()) <= 8 and line.rstrip()[-1] not in ".!?,;"
    return line.split(" (")[0].strip(" #*:") if titled else ""


def _listed(text: str, short: bool = False) -> list[str]:
    """The items of the longest list a sentence of ``text`` gives after any colon ("Pancakes for 4: flour, eggs
    and milk"; "Rome, Vienna, then Prague"), each of at most four words if ``short``; else []."""
    best: list[str] = []
    for piece in sentences(text[:4000]):
        depth, kept = 0, []  # a comma or "and" in brackets is the item's: "Ben (vegan, bringing a plus-one)"
        for c in _THOUSANDS.sub("\x00", piece.rsplit(":", 1)[-1]):  # (nor one in "1,240 kg")
            depth += (c == "(") - (c == ")")
            kept.append("\x00" if c == "," and depth > 0 else "\x01" if c == " " and depth > 0 else c)
        parts = "".join(kept).replace(" then ", ", ").split(",")
        items = [item.strip(" .!?'\"").replace("\x00", ",").replace("\x01", " ") for part in parts for item in f" {part} ".split(
            " and ")]
        items = [item.removesuffix(" please") for item in items if item and item not in ("please", "thanks")]
        if len(items) > max(1, len(best)) and not (short and any(len(item.split()) > 4 for item in items)):
            best = items
    return best


def _joined(text: str) -> list[str]:
    """The things a sentence joins with "and" (and commas before it), each of its last words that are no small
    word or verb: "Could we get a late checkout and a crib for the baby?" → "late checkout", "crib"."""
    found: list[str] = []
    for piece in sentences(_THOUSANDS.sub("", text[:4000])):
        head, _, last = piece.rpartition(" and ")
        parts = [part.strip(" .!?").split() for part in [*head.rsplit(": ", 1)[-1].split(", "), last]]
        named = [_thing(part[::-1])[::-1] for part in parts[:-1]]  # back from "and": "with a garage" → "garage"
        named = [name[1:] if len(name) > 1 and len(part) > len(name) and part[-len(name) - 1].lower() in (
            "i", "we", "they", "you", "he", "she") else name for part, name in zip(parts, named)]  # "we sowed basil": basil
        kept = [" ".join(named[-1])] if named and named[-1] else []
        for part, name in zip(parts[-3::-1], named[-2::-1]):  # "with a pool, a spa and a garden"
            kept[:0] = [" ".join(name)] if name and kept else []
            if len(name) < len([w for w in part if w.lower() not in STOP]):
                break  # the list's first item: "with a pool"
        last_name = _thing(list(itertools.dropwhile(lambda w: w.lower() in STOP, parts[-1])))
        found += [*kept, " ".join(last_name)] if head and kept and last_name else []
    return found


def _described(text: str) -> list[str]:
    """What two or more clauses of ``text`` say something about, the word before "is", "was"... ("Food was great but
    the service was slow": food, service), else :func:`_joined`."""
    found = [t.lower() for t in tokens(text[:4000])]
    said = [w for w, verb in zip(found, found[1:]) if verb in ("is", "was", "are", "were") and w.isalpha()
            and w not in STOP]
    return list(dict.fromkeys(said)) if len(said) >= 2 else _joined(text)


def _task(text: str, own: frozenset[str], dates: list[str]) -> list[str]:
    """What a request opening with its verb asks for, past the tool's own words and a length, up to its date: "Also add
    call the dentist on Friday" → "call the dentist", "Add a task to pay rent by the 1st" → "pay rent"."""
    said = tokens((sentences(text) or [""])[0].partition(",")[0])
    verb = next((n for n, w in enumerate(said[:3]) if stem(w.lower()) in _VERBS | _CHANGES | _ARRANGES), -1)
    titled = any(w.lower() in ("called", "named", "titled") for w in said)  # a title said as one, after any verb
    if not titled and (verb < 0 or any(w.lower() not in _FILLER | {"please", "can", "could", "you"} for w in said[:verb])
                       or said[verb + 1:verb + 2] in (["you"], ["I"], ["we"])):  # "Do you have The Hobbit?" asks
        return []
    lead = said[verb + 1:]  # nor its length: "a 45 minute design critique"
    rest = " ".join(w for _, w in itertools.dropwhile(lambda kw: kw[1].lower() in STOP | {"up"} or stem(kw[1].lower(
        )) in own or kw[1][0].isdigit() or kw[0] and lead[kw[0] - 1][0].isdigit() and kw[1].lower().rstrip("s") in _SECONDS,
        enumerate(lead)))
    for cut in dates:
        rest = rest.partition(cut)[0]
    at = rest.find(" my ")  # nor where it goes: "a call with Dr. Okafor on my calendar"
    rest = rest[:at].rpartition(" ")[0] if at > 0 and stem(rest[at + 4:].split(" ")[0].lower()) in _ARRANGES else rest
    for cue in (" called ", " named ", " titled ", " about "):  # "a meeting called Design Review", "a call about the
        said = list(itertools.dropwhile(lambda w: w.lower() in STOP, f" {rest}".rpartition(cue)[2].split()))  # budget with
        rest = " ".join(itertools.takewhile(lambda w: w.lower() not in STOP, said) if cue == " about " in rest else said)  # Priya"
    ends = [at for cue in (" with ", " for ") if titled and (at := rest.find(cue)) > 0 and _names_only(
        rest[at + len(cue):])]
    rest = rest[:min(ends, default=len(rest))]  # "called Budget sync with Ana and Bo": whom it is with or for is no title
    head, to, tail = rest.partition(" to ")  # "Add Priya and Tomas to the spring offsite": where they go
    rest = " ".join(itertools.dropwhile(lambda w: w.lower() in STOP, tail.split())) if to and _names_only(head) else rest
    while rest and rest.split()[-1].lower() in {"on", "by", "due", "at", "before", "until", "this", "next", "for"}:
        rest = rest.rstrip().rpartition(" ")[0]
    return [rest.strip()] * (0 < len(rest.split()) <= 8)


def _names_only(text: str) -> bool:
    """Whether ``text`` is names and nothing else: "Ana and Bo", not "the Board"."""
    return all(w.istitle() and w.isalpha() or w in ("and", "or") for w in text.split())


def _setting(text: str) -> tuple[str, str] | None:
    """The setting a sentence gives, as its name and value: "Set my units to metric" (units, metric), "My preferred
    language is Portuguese" (preferred language, Portuguese), "I like my reports in PDF" (reports, PDF); else ``None``."""
    said = [w.strip(".,!?") for w in text.split()[:12]]
    low = [w.lower() for w in said]
    if low[:1] == ["i"] and low[1:2] in (["like"], ["prefer"], ["want"]) and low[2:3] == ["my"]:  # "I like my reports
        said, low = said[2:], low[2:]  # in PDF format": reports, PDF format
    at = low.index("to") if low[:1] and low[0] in ("set", "change", "make", "switch", "update") and "to" in low else (
        next((k for k, w in enumerate(low) if w in ("is", "are", "in", "as")), 0) if low[:1] in (["my"], ["our"]) else 0)
    named = [w for w in said[1:at] if w.lower() not in ("my", "our", "the")]
    return (" ".join(named), " ".join(said[at + 1:])) if named and len(named) <= 4 and said[at + 1:] else None


def _thing(said: list[str]) -> list[str]:
    """The first words of ``said`` up to a small word, a verb, a number or a limit, at most four."""
    return list(itertools.takewhile(lambda w: w.lower() not in STOP and stem(w) not in _VERBS | _CHANGES and w.lower(
        ) not in (*_COMPARE, "since") and any(map(str.isalpha, w)), said))[:4]  # no amount: "under $450,000", "feta under 30 min"


def _is_code(token: str) -> bool:
    """Whether a token names a thing in code: words joined by dashes or a version ("payments-svc", "v2.14.1")."""
    parts = token.strip("-").split("-")
    return any(map(str.isalpha, token)) and (len(parts) > 1 and all(map(str.isalnum, parts)) or "." in token and any(
        map(str.isdigit, token)))


def _is_value(token: str) -> bool:
    """Whether a token after a field's name is its value: a code, a number or a name (not "Baker Street")."""
    return token.isupper() or any(c.isdigit() for c in token) or token.istitle()


def _subjects(text: str) -> list[str]:
    """What ``text`` is about: the words after "about", "on", "regarding" up to a small word or a comma ("a talk
    about quantum computing for beginners": "quantum computing"); never a day or a number ("on Friday"), nor where a
    fault shows ("crashes on large files")."""
    spans = [" ".join(itertools.takewhile(lambda w: w.lower() not in STOP, found[at + 1:at + 5]))
             for found in map(tokens, sentences(text[:2000].replace(", ", ". ")))  # a clause ends at a comma too
             for at, cue in enumerate(found) if cue.lower() in ("about", "on", "regarding", "concerning") and not (
                 cue.lower() == "on" and set(words(" ".join(found[:at]))) & notes.PROBLEM)]
    return [span for span in spans if span and span.split()[0].lower() not in CALENDAR | {*MONTHS} and not span[0].isdigit()]


def _fault_said(text: str) -> list[str]:
    """The faults ``text`` tells, a clause each: one a problem's word says ("the platter is warped") or one that opens
    on what something does or has ("it has a speed wobble": speed wobble; "it keeps skipping")."""
    found = []
    for clause in (c.strip(" .!?") for piece in sentences(text[:2000]) for c in piece.replace("; ", ", ").split(", ")):
        low = clause.lower()
        lead = next((cue for cue in ("it has a ", "it has an ", "it's got a ", "it has ", "there's a ", "there is a ",
                                     "it's got ") if low.startswith(cue)), "")
        if lead or low.startswith(("it keeps ", "it won't ", "it doesn't ", "it isn't ", "it makes ")) or set(words(
                low.replace("drop off", "").replace("drop-off", "").replace("dropping off", ""))) & notes.PROBLEM:
            found.append(clause[len(lead):])
    told = [c for c in found if not {"problem", "issue", "fault"} & set(_lower_tokens(c)) or set(words(c)) & (
        notes.PROBLEM - stem_set("problem issue fault"))]  # "problem with the printer,
    return told or found  # paper jam": the jam


def _currencies(text: str, side: str = "") -> list[str]:
    """The ISO codes of the currencies ``text`` names, in order ("15 pounds into euros": GBP, EUR); of one ``side``
    of a conversion: "to" those after "to", "into" or "in" (EUR), "from" the others (GBP)."""
    said = tokens(text)
    found = [(before.lower(), code) for before, token in zip(["", *said], said) for code in dict.fromkeys((
        token if token in _CURRENCIES else None, _CURRENCY_NAMED.get(token.lower()), _CURRENCY_NAMED.get(token[:1]))) if code]
    targets = [code for before, code in found if before in ("to", "into")] or [c for b, c in found if b == "in"]
    priced = {code for before, token in zip(["", *said], said) for code in (_CURRENCY_NAMED.get(token[:1]) if token[
        1:2].isdigit() else _CURRENCY_NAMED.get(token.lower()) if _NUMBER.fullmatch(before.replace(",", "")) else None,) if code}
    if not targets and priced and len(unpriced := {c for _, c in found} - priced) == 1:  # "how many euros do I get for
        targets = [*unpriced]  # £250?": to the one not priced, from the amount's own ("yen for 75 euros and 30 quid")
    return [code for _, code in found if not side or (code in targets) == (side == "to")] or [c for _, c in found]


@functools.lru_cache(maxsize=256)  # a tool's description is sent with every request: its example too
def _shape(example: str) -> re.Pattern[str]:
    """A pattern for tokens shaped like ``example``: ``ORD-12345`` → letters "ORD", a dash, digits."""
    prefix, dash, rest = example.partition("-")
    if dash and any(c.isascii() and c.isalpha() for c in rest) and any(c.isdecimal() for c in rest):
        return re.compile(re.escape(prefix) + r"-[A-Za-z0-9]+")  # a serial (SN-AB12CD34): any mix after "SN-"
    coded = "-" in example and any(c.isdigit() for c in example.split("-")[-1])  # "ORD-12345": keep "ORD" as written
    # (not "LH" of a flight number "LH1234": "AF77" is one too)
    return re.compile("".join(r"\d+" if piece.isdigit() else "[A-Za-z]+" if piece.isalpha() and not (
        coded and piece.isupper() and len(piece) <= 4) else re.escape(piece)
        for piece in re.findall(r"[A-Za-z]+|\d+|.", example)))


def _role_names(text: str, roles: set[str]) -> list[str]:
    """The names a clause ties to a role (of stems ``roles``): "Marta is hosting", "the CEO is Dana Park", "guests are
    Leo and Kai"."""
    for clause in (clause for piece in sentences(text) for clause in piece.split(";")):
        found = tokens(clause.replace("'s ", " s ").replace("’s ", " s "))
        for at in (at for at in range(1, len(found) - 1) if found[at].lower() in ("is", "are")):
            if stem(found[at + 1].lower()) in roles:  # "Marta Lind is hosting"
                before = list(itertools.takewhile(lambda w: w[:1].isupper() and w.lower() not in _ASKING and w.lower() not in (
                    "actually", "so", "well", "oh", "ok", "okay", "also", "now", "then", "sorry"), reversed(found[:at])))  # (not
                # "Actually, is lamp HB-0417 an LED?")
                return [" ".join(reversed(before))] if before else []
            if stem(found[at - 1].lower()) in roles:  # "the CEO is Dana Park" (not "Lena Park, I'm 34": its commas kept)
                return _names_after(clause[max(0, clause.find(f"{found[at - 1]} {found[at]}")):], ("is", "are"))
    return []


def _assigned(sentence: str) -> tuple[str, str] | None:
    """Who a sentence gives a task to, and the task up to its deadline ("Dev to update the page by 2024-03-15", "Dev:
    update the page": Dev, "update the page"), or ``None``."""
    name, _, rest = sentence.removeprefix("and ").replace(": ", " : ", 1).partition(" ")
    verb, _, task = rest.partition(" ")
    said = stem(name.lower())  # a name, not a word such as "Decided to..." or "Need to..."
    if not (name.istitle() and name.isalpha() and verb in ("to", "will", ":") and task[:1].islower()) or {
            name.lower(), task.split(" ")[0].lower()} & STOP or (  # not "Uber to the airport $42", "Walk to Notre-Dame"
            said in _VERBS | _CHANGES | _SAYING | stem_set("need try plan hope") or related({said})) or verb == ":" and (
                task.split(" ")[1:2] or [""])[0][:1].isdigit():  # (nor a list under a label: "Weighbridge: barley 2,480 kg")
        return None
    head, by, due = task.rpartition(" by ")
    return name, (head if by and _when(due, None, 0, datetime.date.today()) else task).rstrip(". ")


def _from_to(text: str) -> str:
    """``text`` with an arrow between two places read as "from ... to ...": "SFO -> NRT" → "from SFO to NRT"."""
    head, arrow, tail = text.replace("→", "->").partition(" -> ")
    before, _, last = head.rpartition(" ")
    return f"{before} from {last} to {tail}" if arrow else text


def _vehicle_codes(text: str) -> list[str]:
    """A flight's or a train's codes, as written: "LH 1234", "BA99", "IC 512"."""
    found = tokens(text)
    return [f"{a} {b}" for a, b in zip(found, found[1:]) if a.isupper() and a.isalpha() and 2 <= len(a) <= 3 and b.isdigit()
            and len(b) <= 4] + [t for t in found if 4 <= len(t) <= 7 and t[:2].isupper() and t[:2].isalpha() and t[2:].isdigit()]


def _after(text: str, cue: str, own: frozenset[str]) -> list[str]:
    """The words after each ``cue`` up to another cue or a comma, past "my", "the" and the field's ``own`` words:
    "from my joint account to savings", cue "from" (``from_account``): "joint"; "to" (not "want to move"): "savings"."""
    values = []
    for found in map(tokens, text.replace(". ", ", ").replace(": ", ", ").replace("\n", ", ").split(",")):
        for at in (at for at, word in enumerate(found) if word.lower() == cue and (cue == "at" or (found[at - 1:at] or [""])[
                0].lower() not in ("want", "like", "need", "wish", "going", "have", "how", "able", "try"))):  # (not "wind like at")
            run = list(itertools.takewhile(lambda w: w.lower() not in {*_PLACE_CUES, "on", "with", "and", "but", "instead"},
                                           found[at + 1:at + 6]))
            run = run[:next((k for k, w in enumerate(run) if k and w.lower() in ("back", "over", "across", "down", "up") and any(
                v.lower() not in STOP for v in run[:k])), len(run))]  # "from D4-01 back to A3-07" (not "from the back shelf")
            values += [" ".join(kept)] if (kept := [w for w in run if w.lower() not in STOP and stem(w.lower())
                                                   not in own]) else []
    return values


def _made_by(text: str, tool: str) -> tuple[str, str] | None:
    """A work and its maker as "<verb> <work> by <maker>" says them, the verb the ``tool``'s or another ("Can you play
    Here Comes the Sun by the Beatles?": "Here Comes the Sun", "the Beatles"), else the capitalised words before "by"."""
    head, _, tail = next((s for s in sentences(text) if " by " in s), "").partition(" by ")
    said = head.split()
    at = max((k for k, w in enumerate(said) if stem(w.lower()) in _VERBS | {stem(tool.split("_")[0])} or said[k - 1:k] == [
        "you"]), default=len(said) - len(list(itertools.takewhile(lambda w: w[:1].isupper() or w in (  # the verb after "you"
            "the", "of", "and", "a"), said[::-1]))) - 1)  # too: "do you stock rumours"
    work = " ".join(itertools.dropwhile(lambda w: w in ("the", "a", "an", "some", "me", "us") or stem(w) in _WORKS or (
        w.islower() and not text.islower() and any(v.istitle() for v in said[at + 1:])), said[at + 1:])).strip("'\"‘’“”")
    # "play the song Yesterday": Yesterday; "Do you have a copy of Dune": Dune
    maker = [w for k, w in itertools.takewhile(lambda kw: kw[1].lower() not in STOP and (text.islower() or not kw[1].islower(
        )) or kw[0] == 0 and kw[1].lower() == "the", enumerate(tail.replace(";", ",").partition(",")[0].rstrip(".!? ").split()))]
    return (work * (text.islower() or not work.islower()), " ".join(maker)) if work else None  # "by Queen, please":
    # Queen; "by the Beatles came out...": the Beatles; no work in "Do you have anything by Ursula Le Guin?"


#: Words that name nothing a field could take ("what insurance do I need?": no drone model "need").
_NO_VALUE = frozenset("need needs want wants have has get know do does thing things stuff something anything".split())
#: How a pair of fields of one kind tells its two apart ("drug_a", "drug_b"; "team1", "team2"; "first_player").
_PAIR_MARKS = (("a", "b"), ("1", "2"), ("one", "two"), ("first", "second"), ("home", "away"))


def _paired(name: str, fields: Sequence[str]) -> bool:
    """Whether ``name`` is one of two fields of one kind told apart by a mark (``drug_a`` and ``drug_b``)."""
    parts = name.lower().replace("-", "_").split("_")
    for first, second in _PAIR_MARKS:
        for mark, other in ((first, second), (second, first)):
            for at in (0, len(parts) - 1):
                if parts[at] == mark and "_".join(parts[:at] + [other] + parts[at + 1:]) in {f.lower() for f in fields}:
                    return True
        if name.lower()[-1:] in "12" and name.lower()[-1:] in (first, second) and name[:-1].lower() + (
                "2" if name[-1] == "1" else "1") in {f.lower() for f in fields}:  # team1, team2
            return True
    return False


def _pair_place(name: str) -> int:
    """Which of a pair of fields ``name`` is (:func:`_paired`): 1 for ``drug_b``, ``team2``, ``away_team``, else 0."""
    parts = name.lower().replace("-", "_").split("_")
    return int(any(second in (parts[0], parts[-1]) or name[-1:] == second == "2" for _, second in _PAIR_MARKS))


def _pair(text: str) -> list[str]:
    """The two things a message joins ("ibuprofen with my warfarin", "Arsenal vs Spurs", "Ada Mensah and Felix Grün"):
    the word on each side of the joint (a name whole: "Felix Grün"); else none."""
    found = tokens(text[:400])
    for at, joint in enumerate(found):
        if joint.lower() not in ("with", "and", "vs", "v", "versus", "against", "plus") or not 0 < at < len(found) - 1:
            continue
        before = list(itertools.takewhile(lambda t: t[:1].isupper() and t.lower() not in STOP, found[at - 1::-1]))[::-1] or (
            [found[at - 1]] if found[at - 1].lower() not in STOP and found[at - 1].isalpha() else [])
        rest = list(itertools.dropwhile(lambda t: t.lower() in ("my", "the", "a", "an", "your", "our", "his", "her"), found[
            at + 1:]))
        after = list(itertools.takewhile(lambda t: t[:1].isupper() or t.isdigit(), rest))[:3] if rest[:1] and rest[0][
            :1].isupper() else rest[:1] if rest[:1] and rest[0].lower() not in STOP and rest[0].isalpha() else []
        if before and after:
            return [" ".join(before), " ".join(after)]
    return []


def _before(text: str, field: frozenset[str], own: frozenset[str]) -> list[str]:
    """The words between "the", "my"... and the field's name: a name ("to my Road Trip playlist": "Road Trip"), else with
    it unless the tool's name says it ("in the payments component": "payments component"; "the search service": none)."""
    said = tokens(text)
    return [" ".join(said[k + 1:at + said[at - 1].islower()]) for at, w in enumerate(said) if stem(w.lower()) in field - {
        stem("name")} and (said[at - 1].istitle() or stem(w.lower()) not in own) for k in (
        at - 2, at - 3) if k >= 0 and said[k].lower() in ("the", "my", "our") and not {*said[k + 1:at]} & STOP][:1]


def _marked(text: str, marks: frozenset[str]) -> list[str]:
    """The one to three words between "with", "in", "a" or "an" and a word of ``marks`` (a field's name, or the noun its
    description names it after): "with gold leaf letters" → "gold leaf", "in a matte finish" → "matte"."""
    said = tokens(text)
    return [" ".join(said[k + 1:at]) for at, w in enumerate(said) if stem(w.lower()) in marks for k in range(
        at - 2, max(at - 5, -1), -1) if said[k].lower() in ("with", "in", "a", "an") and not {
            t.lower() for t in said[k + 1:at]} & STOP][:1]


def _leading_quote(text: str) -> str | None:
    """The words a text opens with in quotes, up to the quote that closes them before a space or the end ("'Tam's
    Bench' with silver letters": Tam's Bench), else ``None``."""
    close, text = {"'": "'", '"': '"', "‘": "’", "“": "”"}.get(text[:1]), text.rstrip(" .!?")
    if not close:
        return None
    end = min((k for k in (text.find(f"{close} ", 1), len(text) - 1 if text.endswith(close) else -1) if k > 0), default=-1)
    return text[1:end] if end > 1 else None


def _unmarked(value: str, marks: frozenset[str]) -> str:
    """A value without a closing "instead", nor the noun the field's description names it after: "plain incised letters
    instead" for a "lettering finish" → "plain incised"."""
    said = value.split()
    while len(said) > 1 and (said[-1].lower() in _TRAILING or stem(said[-1].lower()) in marks):
        said.pop()
    return " ".join(said)


def _by(text: str) -> list[str]:
    """The names after "by", no day: "Play Bohemian Rhapsody by Queen" → "Queen" (not "by Friday"); in lower case, the
    two to four words that end the message ("got anything by zadie smith": "zadie smith")."""
    named = [name for name in _names_after(text, ("by",)) if name.lower() not in CALENDAR]
    last = text.strip().rstrip("?!.").rpartition(" by ")[2].split()
    return named or [" ".join(last)] * (" by " in text and 2 <= len(last) <= 4 and all(w.isalpha() and w.islower() and w not in (
        STOP) and w not in CALENDAR for w in last))


def _by_whom(text: str) -> list[str]:
    """The person after "by", initials kept ("by R. Okafor"): never a day nor a month ("by Friday", "by June")."""
    found = tokens(text)
    for k, t in enumerate(found[:-1]):
        run = list(itertools.takewhile(lambda w: w[:1].isupper() and w.isalpha() and w.lower() not in CALENDAR, found[k + 1:k + 4]))
        if t == "by" and run and (len(run) > 1 or len(run[0]) > 1) and not (len(run) == 1 and run[0].lower() in STOP):
            return [" ".join(f"{w}." if len(w) == 1 and f"{w}." in text else w for w in run)]
    return []


def _names_after(text: str, cues: tuple[str, ...]) -> list[str]:
    """The capitalised words after one of ``cues``, runs joined ("this is Omar Haddad"), and a list that goes on
    ("in Paris, Oslo and Rome"); a cue in capitals is a heading's word ("FOR SALE: ...")."""
    found, names, last = [t for t in tokens(text) if t.lower() != "then" and t != "the"], [], -2  # "to Vienna and then
    # Prague", "at the Bernabeu"
    for at in range(1, len(found)):
        before = found[at - 1].lower()
        if found[at][:1].isupper() and (before in cues and not found[at - 1].isupper() or last == at - 1 or before in ("and", "or") and last == at - 2):
            joined = last == at - 1 and f"{found[at - 1]} {found[at]}" in text
            names[-1:] = [f"{names[-1]} {found[at]}"] if joined else [*names[-1:], found[at]]
            last = at
    return names


def _named_here(text: str) -> list[str]:
    """:func:`named_here`, as a list of names."""
    return [named] if (named := named_here(text)) else []


#: One-word replies that acknowledge ("Noted.", "Done."): never a name.
_ACKNOWLEDGED = frozenset("noted done understood booked confirmed received agreed".split())


def _sent_to(text: str) -> list[str]:
    """The names of people a thing is sent "to" ("send Meadow to Rosa Diaz at 22 Mill Lane": Rosa Diaz), or is "for"."""
    found = tokens(text[:2000])
    return [" ".join(run) for at, word in enumerate(found[:-1]) if word.lower() in ("to", "for") and len(run := list(itertools.takewhile(
        lambda w: w[:1].isupper() and w.isalpha() and w.lower() not in CALENDAR, found[at + 1:at + 4]))) >= 2]


def _proper_names(text: str, people: bool = False, things: bool = False, titles: bool = False) -> list[str]:
    """Capitalised words, runs joined ("Dana Lee"), never a month, a quote or a word opening a sentence ("Book
    Sarah Lee...", "Next Tuesday..."); for ``people``, those after "I'm" first, no id, and those after "to", "for"
    or "from" ("Ship it to Ana Ruiz") only when no other is named, none after "in"; for ``things``, none listed with
    another ("Alice and Bob") or after "in"/"to", an inner capital and a number after a name kept ("the iPhone 15"),
    else the words after "a"/"the"/"for" or a count ("a science fair on Friday", "2 apples", "two mugs", "for yoga"),
    else after "my" ("clear my cart"); for ``titles``, a capitalised phrase after "a"/"the" first ("hiring a Senior
    Engineer"), else the words after "my" ("Here's my lentil soup for four"); never an honorific ("Dr.")."""
    greeting, comma, rest = text.partition(",")
    text = rest.lstrip() if people and comma and greeting.split()[:1] in (["Dear"], ["Hi"], ["Hello"], ["Hey"]) and 2 <= len(
        greeting.split()) <= 4 and _proper_names(rest) else text  # "Dear Brightpane, ... - Hamid Farouk": whom a letter
    # is to is no writer
    said = text.split(" ")  # "Name's Derek Oyelaran", "my name's Ana": who speaks (not "Wi-Fi name's GuestNet")
    own = " ".join("I'm" if w.lower() == "name's" and (not k or said[k - 1].lower() == "my" or said[k - 1].endswith((
        ".", "!", "?"))) else w for k, w in enumerate(said))
    if people and (named := _names_after(own, ("i'm", "im", "is", "me", "am", "called", "named")) or _named_here(text)):
        return named
    for address in _ADDRESS.finditer(text) if people else ():  # "to Maria Lopez, 12 Oak Street": no street's name
        text = text.replace(address.group(0), "")
    out: list[str] = []
    phrases, mine, places = [], [], []  # what follows "a" or "the"; "my" or "our" (a title: "my lentil soup"); "to", "in"
    sent_to: list[str] = []  # people after "to", "for", "from"
    for piece in sentences(_QUOTED.sub(" ", text[:2000]).replace(" - ", ". ")):  # "Northwind's CEO": a possessive ends a
        # name; a dash a sentence ("Count me in - Lena Fischer")
        if piece.strip(" .!?,").lower() in notes.PLEASED | _ACKNOWLEDGED:  # "Lovely.", "Perfect!", "Noted.": no name
            continue  # "Lovely. Send 15 stems ... to Margot Lefèvre": no one called Lovely
        piece = re.sub(r"^\w+(?: \w+)?:\s*|['’]s\b(?=\s+(?:[A-Z]{2}|[a-z]+\s+(?:is|are|was)\b))", " s ", piece)  # (not
        # "Luigi's Trattoria"); "Contact: Priya Raman" opens after its label
        low_piece = piece.lower()
        found, runs, cued = tokens(piece.rstrip(" ,").replace(",", " and ")), [], -2  # runs: [first, last] of each name
        placed, marked = False, set()  # a thing's word after "in", "to"... and the capitalised ones after it: "to Swan Lake"
        for at, word in enumerate(found):
            low, before = word.lower(), found[at - 1].lower() if at else ""
            low = low.removesuffix("'s") if low.removesuffix("'s") in CALENDAR else low  # "Wednesday's early shift"
            placed = things and (before in ("in", "to", "into", "near", "via") or placed and word[:1].isupper() and found[
                at - 1][:1].isupper())
            after = found[at + 1] if at + 1 < len(found) else ""
            end = runs[-1][1] if runs else -9  # a name goes on over "of" ("Bank of America"), a title over its small words
            gap = [w.lower() for w in found[end + 1:at]]  # ("Pride and Prejudice"; not "with Ola and Piet", "Ana and Bo are",
            # "Invite Sam and Lee", "Severance and Slow Horses")
            small = ("de", "da", "of", "van", "von", *("to and the a".split() * titles), *["in"] * (titles and gap[1:] == [
                "the"]))  # "The Catcher in the Rye"
            joins = word != "The" and at - end <= 3 and (at == end + 1 or " ".join(found[end:at + 1]) in piece) and all(
                w in small for w in gap) and not ("and" in gap and (found[runs[-1][0] - 1].lower() == "with" or stem(found[
                    runs[-1][0] - 1].lower()) in _ADDRESSING or after in ("are", "were") or gap == ["and"] and after.istitle()))
            dated = low in MONTHS and (things or after[:1].isdigit()) or low in _WEEKDAYS and after[:1].isdigit()  # "Feb",
            # "for Dec 8", "Sat 2 Aug": no name
            unit = before.isdigit() and _SECONDS.get(low.rstrip("s"), "")[:1] == ("time",)  # "a 2 hour offsite": offsite,
            counted = before.isdigit() or at > 1 and found[at - 2].isdigit() and _SECONDS.get(before.rstrip("s"), "")[
                :1] == ("time",)  # past its length
            if things and (before in ("a", "an", "the", "my", "our", "one", "for", *_COUNT_WORDS) or counted and not (
                    stem(low) in _PERSON | stem_set("adult kid child children")) or (
                    at, before) == (1, "s")) and not unit and low not in STOP and low not in _COUNT_WORDS and not (
                    low[:1].isdigit() or word in _CURRENCIES or stem(
                    low) in related({stem("currency")})) and not (before in ("the", "my", "our") and at > 1 and found[
                    at - 2].lower() in ("at", "in", "to", "near", "on", "onto")):  # "2 apples", "two mugs", "for yoga",
                # "my soup" (not "at the Eastgate branch", "on the list": a place; nor "300 dollars"); "FOR SALE: mountain
                # bike": after a label
                phrase = " ".join([word, *itertools.takewhile(lambda w: w.lower() not in STOP | CALENDAR | {
                    *_PARTICLES} and "@" not in w, found[at + 1:at + 3] * (f"{word} (" not in piece))])  # "the rain jacket
                # out of my cart": rain
                # jacket; "Contact: Ada Lovelace (ada@x.org)": no address
                (mine if before in ("my", "our") else out if before == "s" else phrases).append(phrase)
            particle = before == "in" and at > 1 and stem(found[at - 2].lower()) in _IN_VERBS
            if people and word[:1].isupper() and (before in _PLACE_CUES or cued == at - 1 or before == "the" and at > 1 and found[
                    at - 2].lower() in _PLACE_CUES) and not particle:  # "at the Lisbon office": no name
                cued = at  # "in Rome", "to Ana Ruiz": no name, unless no other is said and it follows to/for/from; "in"
                # right after the verb is its particle ("Please check in Rosa Diaz"): a name follows
                if before in ("to", "for", "from", "under") and low not in CALENDAR and not dated:
                    sent_to.append(" ".join(itertools.takewhile(lambda w: w[:1].isupper(), [
                        w for w in found[at:at + 4] if w.lower() not in _HONORIFICS][:3])))  # "from Prof. Ines Duarte"
            if (things or titles or found[at - 1].isupper() and not people) and word.isdigit() and runs and runs[
                    -1][1] == at - 1 and f"{before} {word}" in low_piece:
                runs[-1][1] = at  # "the Pixel 8", "train IC 512"
                continue
            kept = at and word[:1].isupper() and (word == "The" and after[:1].isupper() or found[at - 1] == "The" and at > 1)
            if not kept and (not (word[:1].isupper() or things and word[1:2].isupper())  # "iPhone"; "The Name of the Wind"
                    or low in CALENDAR or low in _ORDINALS or low in _HONORIFICS or dated or low in ("true", "false", "none", "null")
                    or people and (cued == at or any(c.isdigit() for c in word) or word.isupper() and len(word) <= 3)
                    or before.isdigit() and (len(word) == 1 or word.isupper() and len(word) <= 3)  # "128 GB", "48000 EUR"
                    or at == 0 and not (piece.lstrip().startswith(f"{word} (") and low not in STOP and ((bracketed := piece.lstrip()[
                        len(word) + 2:].split(" ")[0].lower().rstrip(",")) in ("a", "an", "aged", "age", *map(str, range(
                            1, 30))) or people and "@" in bracketed)  # "Biscuit (a 4-year-old beagle)", "Isla (isla@wood.example)",
                        # not "Important (read this)"
                                        or after.lower() in ("and", "or", "s") and low not in _PLEASANTRIES | _NODS and (
                                            after == "s" or not people or not (found[at + 2:at + 3] or [""])[0][:1].islower())  # not "Wash
                                        # and dry: 3 duvet covers"
                                        or after[:1].isupper() or after[1:2].isupper()  # not "Great, reserve it"
                                        or after[:1].isdigit() and not low.endswith("ed") and low not in _ACTING and stem(
                                            low) not in _VERBS | _CHANGES and (things or not people and any(map(
                                            str.istitle, found[at + 2:at + 4])))  # "Starbucks 12/03/2024", "Benfica 1 Sporting 2"
                                        or not people and (after.lower() in _SUBJECT_VERBS or things and after.endswith(
                                            "ed"))  # "Ajax beat PSV", "Globex signed the contract"
                                        or people and (after.lower() in _SUBJECT_VERBS  # "Joe is coming", "- Dana"
                                                       or after.lower().endswith("ed") and len(after) > 4 and low not in (
                                                           _PLEASANTRIES | _NODS | _GREETINGS) and "'" not in word and (
                                                           found[at + 2:at + 3] or [""])[0].lower() in (
                                                           "his", "her", "their", "my", "me", "him", "them", "us")
                                                       # "Jonas sprained his ankle" (not "Zoom crashed during...")
                                                       or not after and piece.rstrip()[-1:] not in (",", ":")))
                    or at == 0 and people and low.endswith("ly") and len(low) > 7  # "Unfortunately Tom Becker..."
                    or (low in STOP or low in _ASKING) and not (titles and word.istitle() and len(word) > 1 and (
                        joins and not after[:1].islower() or at and after[:1].isupper()))  # but in a title: "The Rest Is
                    # History", "Of Mice and Men"
                    or low in _FILLER | _CORRECTION or stem(low) in _VERBS | _CHANGES and (
                        before in STOP and (before != "and" or at < 2) or not before)  # "Oh and...", "Actually I'm 35"; a verb
                    # opening an ask, not a name listed ("Zelda, Switch")
                    or at == 0 and stem(low) in _ADDRESSING):  # "Reach Tomas Weber on...", "Bill Acme Ltd for..."
                continue
            if joins:
                runs[-1][1] = at  # "Dana Lee", "Mary Ann Smith", "Clair de Lune", "Pride and Prejudice" (a title)
            else:
                marked.update([len(runs)] * placed)  # a place's name: a title only if no other is named
                runs.append([at, at])
        listed = {k + i for k, ((_, end), (start, _)) in enumerate(zip(runs, runs[1:])) for i in (0, 1)
                  if start == end + 2 and found[end + 1].lower() in ("and", "or") and {"and", "or"} & set(
                      piece.lower().split())}  # "Alice, Bob and Chen" (not "Senior PM, Acme Robotics")
        for k, (start, end) in enumerate(runs):  # a title as written: "Dune: Part Two"
            name = piece[(a := piece.find(found[start])):piece.find(found[end], a) + len(found[end])]
            name = name if tokens(name) == found[start:end + 1] and (titles or " & " in name) else " ".join(found[
                start:end + 1])  # "Kraan & Zn" as written too
            (places if k in marked else out if not (things and k in listed) else []).append(name)
    named = [p for p in phrases if p[:1].isupper() and not any(p in o != p for o in out)] if titles else []  # "a Senior PM"
    out = [n for n in out if f" of {n}" not in f" {text}"] if people and sent_to else out  # "5 boxes of Slate Grey for Ann
    return named or out or sent_to or (mine or phrases if titles else phrases or mine) or places * titles  # Cole": Ann Cole


#: What a list of names holds, by the words of its field: people, places or organizations.
_SORTS = {"person": frozenset("people persons".split()), "place": frozenset("places locations cities countries".split()),
          "org": frozenset("organizations organisations orgs companies institutions".split())}
#: Words that make a name an organization's ("Acme Ltd", "University of Paris").
_ORG_WORDS = frozenset("inc ltd llc llp corp corporation company co plc gmbh ag sa nv bv university college institute "
                       "foundation bank group labs lab agency ministry council association hospital school airlines "
                       "airways".split())


def _sort_of(name: str, names: Sequence[str], text: str) -> str:
    """Whether a name in ``text`` (among its ``names``) is an "org" (an organization's word in it, an acronym, or one
    word said where people have two: "Microsoft" beside "Satya Nadella"), a "place" (said after in/at/from/near/to),
    part of a longer name ("Paris" of "University of Paris"), as the name it is listed with ("in Mumbai and Delhi"),
    or a "person" ("Marie Curie")."""
    if set(name.lower().split()) & _ORG_WORDS or name.isupper() and len(name) > 1:  # "Siemens AG", "BMW"
        return "org"
    if any(name in other and name != other for other in names):
        return "part"
    said = text[:max(0, text.find(name))].split()
    if said[-1:] and said[-1].lower() in ("and", "or") and (listed := [n for n in names if " ".join(said[:-1]).rstrip(
            ",").endswith(n)]):  # "in Mumbai and Delhi": as the name it is listed with
        return _sort_of(listed[0], names, text)
    if said[-1:] and said[-1].lower() in ("in", "at", "from", "near", "to", "across", "around"):
        return "place"
    return "person" if " " in name or not any(" " in n and not set(n.lower().split()) & _ORG_WORDS for n in names) else "org"


def _typed(text: str) -> list[str]:
    """A name typed in lower case after a verb that takes a person: "check in rosa diaz", "remind tom at 5" → "Rosa
    Diaz", "Tom" (not "remind me", "check in the guest")."""
    said = _lower_tokens(text) if text == text.lower() else []
    at = next((n + 1 + (after in _PARTICLES) for n, (w, after) in enumerate(itertools.pairwise([*said, ""])) if stem(
        w) in _ADDRESSING or stem(w) in _IN_VERBS and after in _PARTICLES), len(said))  # not "check availability..."
    name = list(itertools.takewhile(lambda w: w.isalpha() and w not in STOP | CALENDAR and w not in _PLACE_CUES and stem(
        w) not in _VERBS, said[at:at + 3]))
    return [" ".join(name).title()] if name else []


def _language(text: str) -> str | None:
    """The language of :data:`_LANGUAGES` whose everyday words ``text`` uses most (two or more, more than any other)."""
    said = [t.lower() for t in tokens(text[:400]) if not (t[:1].isupper() and t.lower() in _PLACE_ARTICLES)]  # ("Los Angeles")
    (low, _), (high, best) = sorted((sum(t in known for t in said), name) for name, known in _LANGUAGES.items())[-2:]
    return best if high >= 2 and low < high else None


def _is_question(text: str) -> bool:
    """Whether ``text`` asks for something: a question, or a request ("Tell me about...", "Explain..."), or one
    asked at its end without a question mark ("My dog ate chocolate what do I do", "..., do I get a refund")."""
    return _asks(text[:400], text.rstrip().endswith("?") or _asks_at_end(text[-200:]) or "\n\n" in text[:400] and text.partition(
        "\n\n")[0].rstrip().endswith("?") and ":" not in text.partition("\n\n")[0] and bool(set(_lower_tokens(text.partition(
            "\n\n")[0])) & {"who", "what", "when", "where", "which", "how", "whose", "why"}))  # (read from its head and its end: a long text is not held; "From the note below,
    # who is the contact?" over the note pasted after it)


#: The verbs that open a question after its question word ("what do I do", "how much will that be").
_ASKING_VERBS = frozenset("do does did can could should will would shall".split())


@functools.lru_cache(maxsize=4096)  # asked of every message of a conversation, as :func:`_asks` is
def _asks_at_end(text: str) -> bool:
    """Whether a text's last words ask without a question mark: a question word then a verb that asks ("what do I
    do", "how much will that be"), or such a verb then "I" or "we" ("do I get a refund"), within its last 7 words; or
    a last clause that opens with a question word and its verb ("when are they on", "and what kind of bird is Moss")."""
    said = _lower_tokens((sentences(text) or [""])[-1].split(", ")[-1])[-7:]
    if not said or text.rstrip()[-1:] in (".", "!", '"', "”", "'"):  # (a quote's question is reported: 'she asked me "who
        return False  # do I report the leak to"')
    lead = said[1:] if said[0] in ("and", "so", "but", "also", "ok", "okay") else said  # "and what kind of bird is Moss",
    if len(lead) >= 3 and (lead[0] in ("whats", "whens", "wheres", "whos", "hows", "wats", "what's", "when's", "where's",
                                       "who's", "how's") or lead[0] in (  # "when are
            "what", "where", "when", "who", "how") and lead[1] in ("is", "are", "was", "were", "'s") or (  # they
            lead[0] == "what" and lead[1] in ("kind", "sort", "type", "time", "day", "size", "colour", "color"))):  # on"
        return True
    for k, word in enumerate(said[:-1]):
        rest = said[k + 1:]
        if word in ("what", "where", "when", "who") and rest[0] in _ASKING_VERBS or word == "how" and (
                rest[0] in _ASKING_VERBS or rest[0] in ("much", "many", "long") and rest[1:2] and rest[1] in (
                    *_ASKING_VERBS, "for", "is", "are")):  # "..., who do I tell", "..., how much for a new one"
            return k == 0 or said[k - 1] not in ("know", "knows", "knew", "see", "tell", "told", "said", "wonder", "asked")
        if word in _ASKING_VERBS and rest[0] in ("i", "we") and k == 0:
            return True
        if word in ("can", "could", "should") and rest[0] in ("i", "we", "he", "she", "they") and len(rest) > 1 and k and said[
                k - 1] not in ("if", "what", "how", "that", "so", "where", "when", "who", "whether"):  # "my son is 13 can he
            return True  # drive" (the subject after its verb)
    return False


@functools.lru_cache(maxsize=4096)  # asked of every message of a conversation, which recurs in each request
def _asks(text: str, ends_asking: bool) -> bool:
    head = [t.lower().replace("’", "'") for t in tokens(text[:200])[:4]]
    polite = head[:1] in (["please"], ["just"]) and len(head) > 1  # "Please read back my phone number." asks as "Read..."
    # does ("Just tell me what the second fault was")
    first = (head or [""])[polite]
    labelled = text.lstrip()[len(first):len(first) + 1] == ":"  # "Name: Ana Silva." is a label, not "Name three..."
    if first in ("read", "repeat") and _reads_back(text):
        return True  # "Read me back my phone number", "Repeat back my order number": what was said, told back
    said = _lower_tokens(text[:200]) if first in ("tell", "remind") else []  # "Tell Sam I'll be late", "Remind me at
    gives = first == "give" and head[1:2] not in (["me"], ["us"]) and any(a == "to" and b[:1].isupper() for a, b in (
        itertools.pairwise(tokens(text[:200]))))  # "Give the Carrow Ridge shift to Tamsin Hale": an act
    sends = gives or not ends_asking and (said[:1] == ["tell"] and said[1:2] not in (["me"], ["us"]) or said[  # 6pm
        :1] == ["remind"] and ("to" in said[2:8] or bool(_DATE.search(text[:200]))))  # to call Mom": a message or a
    # reminder to send ("Remind me what...": asks)
    forbids = first in ("do", "don't") and (head[1:2] == ["not"] or first == "don't") and not ends_asking  # "Do NOT use
    # steam on it." forbids
    rest = [t.lower() for t in tokens(text[:200])][2:]
    stocked = first == "got" and head[1:2] in (["any"], ["anything"], ["anyone"], ["some"]) and rest not in ([], [
        "thanks"], ["thank", "you"], ["cheers"])  # "got anything by zadie smith" (not "got some, thanks")
    return ends_asking or stocked or first.split("'")[0] in _ASKING and not labelled and not sends and not forbids and not (
        opens_clause(text))  # "what's" opens with "what"; "When I travel, I fly economy" tells


def _chat(message: str) -> bool:
    """Whether a message only greets, thanks, says a problem is solved or tells of the user ("My name is Ana.", "Thanks,
    that's all.", "Great, that worked."), asking for nothing and reporting no problem ("My laptop keeps freezing")."""
    said = _lower_tokens(message)  # (not "Help!", but "Thanks for your help!")
    if _is_question(message) or set(words(message)) & notes.PROBLEM or any(t.endswith("n't") or t in (
            "not", "no", "never", "need", "want", "keeps", "still", "i'd", *["help"] * ("thanks" not in said)) for t in said):
        return False
    return bool(_ASIDE.match(message) or set(said) & notes.SOLVED or set(said) <= _PLEASANTRIES) or said[:1] in (["i"], [
        "i'm"], ["my"], ["we"], [
        "we're"], ["our"]) and not any(t.endswith("ing") and b in ("is", "am", "are", "i'm", "we're") for b, t in zip(
            said, said[1:]))  # "My laptop is freezing" reports what happens; "I'm Ana from accounting" does not


#: Words of a message that only thanks or takes leave ("Great, thanks", "Perfect, that is all", "Bye for now"); not
#: "ok", "yes" or "sure", which may accept an offer.
_PLEASANTRIES = frozenset("thanks thank you so much great perfect bye goodbye cheers awesome cool nice good see later "
                          "for now that's that is all it appreciate appreciated very lot again have a day wonderful "
                          "excellent lovely brilliant everything a for your the help".split())


#: First words of a tool's description that say it reads, whatever its name's first word ("How many ... in stock").
_READS = frozenset("how what which who when where get gets check checks look looks list lists return returns show shows "
                   "find finds fetch fetches count counts".split())


def _only_asks(message: str) -> bool:
    """Whether a message asks to know, not to act: a question without "please", "can you"... or a clause that
    acts ("Find the account, then cancel it")."""
    cues = ("please", "can you", "could you", "would you", "i'd like you to", "i want you to", "remind me to", "can i get",
            "could i get", "can i have", "could i have", "can we get", "could we get", "can we have", "can i ask you to",
            "could i ask you to", "may i ask you to", "can you send", "send someone")
    low = f" {message.lower()}"
    acting = any(stem(low.partition(f" {cue} ")[2].split(" ")[0]) in _CHANGES | {stem(w) for w in _ACTING} | (
        _ENROLS - stem_set("change edit modify") if cue.endswith((" i", " we")) else set()) for cue in ("will you", "is it possible to", "are you able to", "can i", "could i", "can we",
                                                 "could we", "may i") if f" {cue} " in low and (not cue.endswith((" i", " we")) or " or " not in low and (
                                                     tokens(low) or [""])[0].split("'")[0] not in QUESTION_WORDS - {"can", "could", "may"}))
    # (not "What's in the lemon tart and can I order 1 ...?", a question first, nor "Can I order online or in store?")
    # "Can I book machine 1 at 09:00?", "Could I reserve 10 boxes...?" ask for the deed; "Will you dispatch...?" (not "Will
    # you have a table...?", "Is it possible to get a refund...?")  # "Can I get 2 seats for The Lion King?" orders
    acts = any(stem((tokens(c) or [""])[0].lower()) in _CHANGES for c in _CLAUSE.split(message[:2000])[1:]) or (
        message.lower().startswith("plan ") and bool(_DATE.search(message[:200])))  # "Plan a call on Friday": an event
    sent = any(f"{ask} {who} {verb}" in low for ask in ("can", "could") for who in ("someone", "somebody", "anyone", "anybody")
               for verb in ("come", "send", "fix", "pop", "get", "call", "collect", "visit", "pick"))  # "can someone come?"
    said = _lower_tokens(message)  # "can u book ...?" as "can you" (not "can use", nor "can u tell me ...?")
    texted = any(a in ("can", "could", "would") and b == "u" and c not in _TELLING for a, b, c in zip(said, said[1:], said[2:])) or any(
        a in ("pls", "plz") and stem(b) in _CHANGES | _ENROLS for a, b in itertools.pairwise(said))  # "pls book ...?"
    return _is_question(message) and not acts and not acting and not sent and not texted and not any(
        cue in message.lower() for cue in cues)


def _lower_tokens(message: str) -> list[str]:
    return list(_lowered(message[:400]))


@functools.lru_cache(maxsize=4096)  # a conversation is re-sent with every request: its texts recur
def _lowered(text: str) -> tuple[str, ...]:
    return tuple(t.lower().replace("’", "'") for t in tokens(text))


@functools.lru_cache(maxsize=64)  # an agent's instructions are the same in every request it sends
def _sentences_saying(text: str, cues: frozenset[str]) -> tuple[str, ...]:
    """The sentences of ``text`` holding one of the words ``cues``."""
    return tuple(s for s in sentences(text) if cues & set(_lower_tokens(s)))


def _negated(message: str) -> set[str]:
    """The stems of the verbs a message says not to do: "don't send", "do not send", "never call", "without
    sending", "no need to send", "I don't want you to cancel"."""
    said = _lower_tokens(message)
    cues = [at for at, word in enumerate(said) if word in ("don't", "never", "without") or said[at:at + 2] in (
        ["do", "not"], ["no", "need"])]
    skipped = ("not", "need", "to", "want", "wanna", "you", "me", "us", "mean", "plan", "have")  # "don't want to cancel"
    spoken = f" {' '.join(said)} "  # "Cancel the Old Market one — actually no, keep it for now": a take-back, then
    back = min((at for phrase in ("actually no", "no wait", "on second thought") if (at := spoken.find(  # what to do
        f" {phrase} ")) > 0 and {"keep", "leave", "don't", "later"} & set(spoken[at:].split())), default=0)
    return {stem(next((w for w in said[at + 1:at + 5] if w not in skipped), "")) for at in cues} - {""} | set(words(
        spoken[:back]))


_PERSONS = frozenset("i i'm i've i'd i'll me we we're us let let's you you're".split())  # who a sentence is about


def _reports(message: str) -> bool:
    """Whether a message reports a fault, tells how a thing behaves (a sentence about no person) or asks: what a help
    search is for ("my router drops every evening", "Water stays in the drum", "How do I...?"); not news, plans,
    preferences or a fix that worked ("Let's do that later", "Please text me", "Found the setting, all good")."""
    said = _lower_tokens(message)
    solved = set(said) & (notes.SOLVED | {"fine", "done"}) or "all good" in message.lower()
    described = any(len(said := _lower_tokens(s)) > 2 and not _PERSONS & set(said) for s in sentences(message))
    return bool(_faults(message) or _is_question(message) or described and not solved)


def _faults(message: str) -> bool:
    """Whether a message tells of a fault or a need: "I'm getting a blank page", "it keeps crashing", "I need a
    gluten-free cake" (not "We're moving on Saturday")."""
    said = _lower_tokens(message)
    return bool(set(words(message)) & notes.PROBLEM) or any(t in ("not", "no", "still", "need", "want", "keeps") or t.endswith(
        "n't") or t.endswith("ing") and b in ("i'm", "is", "are", "keep") for b, t in zip(["", *said], said))


def _about_user(message: str) -> bool:
    """Whether a question asks about the user ("what's my order number?", "where do we live?")."""
    return bool(set(_lower_tokens(message)) & {"my", "our", "i", "we", "i'm", "we're", "am"})


#: What someone is from, asked as "my restaurant", "our club" ("I'm Bea from Harbour Kitchen").
_OUTFITS = stem_set("restaurant company business shop store club school team cafe café firm organisation organization "
                    "employer practice society charity hotel pub bakery studio workshop")


def _where_from(request: Request, question: str) -> str | None:
    """The place the user said they are from, when a question asks what their restaurant, company or club is called
    and no sentence names one: "I'm Bea from Harbour Kitchen" answers "What did I say my restaurant was called?"."""
    if not set(words(question)) & _OUTFITS or not {"my", "our"} & set(_lower_tokens(question)):
        return None
    for s in reversed([s for s in request.said if s.role == "user" and not s.asks]):
        lowered = _lower_tokens(s.text)
        if {"i'm", "i", "this", "we're", "name"} & set(lowered[:6]) and "from" in lowered and (
                named := _names_after(s.text, ("from",))):
            return named[0]
    return None


def _recalls(message: str) -> bool:
    """Whether a wh-question asks for what the user said ("What's my order number?", not "How do I...")."""
    said = _lower_tokens(message)
    wh = bool(said) and said[0] in ("what", "what's", "which", "who", "whom", "whose", "where", "when", "how")
    how_to = said[1:2] in (["can"], ["should"], ["could"]) or said[:2] == ["how", "do"] or said[1:2] == ["will"] and said[
        2:3] not in (["i"], ["we"], ["you"]) or any(  # "How do I reset...", "When will the crew come to my ward?",
        a == "should" and b in ("i", "we") for a, b in zip(said[1:4], said[2:5]))  # "When can my dog see a vet?", "What
    # wire should I use for my bus?"
    back = bool({"my", "our", "again"} & set(said)) or bool({"did", "was", "were", "had"} & set(said)) and _about_user(message)
    return wh and back and not how_to and not facts(message)


#: A note's keys that name the one the conversation is with, besides notes' own ("student": "Jonas Becker" answers
#: "What's my name?").
_SPEAKING_ROLES = stem_set("student patient learner pupil guest")
#: Relatives, by the stems of the words for them ("mum", "dad"), and the words that name the same one.
_KIN_STEMS = stem_set(" ".join(WOMEN | MEN))
_SAME_KIN = [stem_set("mother mum mom"), stem_set("father dad"), stem_set("grandmother grandma"), stem_set(
    "grandfather grandpa")]


def _a_race(identifier: str, request: Request) -> bool:
    """Whether a question's "identifier" is a distance ("the 10k"), no code to match, unless another is said ("the 50k")."""
    unit = identifier.lower().lstrip("0123456789")
    return identifier[:1].isdigit() and unit in ("k", "km", "m", "mi", "kg", "g") and not any(
        t[:1].isdigit() and t.lower() != identifier.lower() and t.lower().lstrip("0123456789") == unit
        for s in request.said if not s.asks for t in tokens(s.text[:300]))


def _owned(message: str) -> str | None:
    """The stem of the thing after "my"/"our" in a question ("what's my dog called?" → ``dog``), if any."""
    found = [t.lower() for t in tokens(message[:400])]
    for before, word, after in zip(found, found[1:], [*found[2:], ""]):
        word = after if stem(word) in _QUALIFIERS and after and after not in STOP and stem(after) not in _ID else word
        if before in ("my", "our") and word not in STOP and stem(word) not in _ID:  # ("my second-ferment flavour": second)
            word = word.split("-")[0] if word.replace("-", "").isalpha() else word
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


def _phrases(message: str) -> list[str]:
    """The :data:`_PHRASES` a message asks with; a whole question ("who am I") only as the whole of it, not in "who
    am I travelling with?"."""
    low = message[:2000].lower()
    return [phrase for phrase in _PHRASES if phrase in low and not (phrase.startswith(("who ", "what ")) and (
        low.partition(phrase)[2].strip(" ?!.,")))]


def _reads_back(message: str) -> bool:
    """Whether a message asks for what was said, read back: "(Please / Can you) read (me) back my booking", "Repeat back
    my order number" (not "Read my essay", "Repeat my usual order for Friday", "Repeat back my list: eggs, milk")."""
    said = [w for w in _lower_tokens(message[:200]) if w not in ("please", "can", "could", "you")]
    listed = ":" not in message or message.partition(":")[0].rstrip().lower().endswith(("back", " me"))  # "Read back:
    return listed and said[:1] in (["read"], ["repeat"]) and ("back" in said[1:3] or said[1:3] == ["me", "my"] or (  # my
        said[1:2] == ["out"] and len(said) <= 5) or said[1:2] == ["my"] and bool({"earlier", "before", "again"} & set(
            said)))  # name, ..."; "Read out the ward number."; "Repeat my question from earlier."


def _asked(message: str) -> str:
    """A message's last question, from its last comma if a question word opens what follows ("It broke, when did I buy
    it?": "when did I buy it?"); the message if it asks none."""
    asked = [piece for piece in sentences(message) if piece.rstrip().endswith("?")]
    tail = asked[-1].rpartition(", ")[2] if asked else ""
    lead = [w for w in message.split(" ")[:5]]
    while lead and lead[0].lower() in ("please", "can", "could", "you", "read", "repeat", "me", "back", "to", "out"):
        lead.pop(0)  # "Please read back my booking.": what is my booking?
    if len(asked) <= 1 and lead and _reads_back(message):  # (and "Can you read back my booking?")
        rest = message[message.find(' '.join(lead)):].rstrip(' .!?')
        return f"{rest[:1].upper()}{rest[1:]}?" if lead[0].lower() in QUESTION_WORDS else f"What is {rest}?"  # "...who it
        # goes to": who does it go to?
    return tail if (_lower_tokens(tail) or [""])[0].split("'")[0] in QUESTION_WORDS else asked[-1] if asked else message


#: Light verbs in "-ing", which a question asks with, not about ("What needs doing to the dress?").
_DOING = frozenset("doing using having taking getting making giving".split())


def _topic(message: str) -> list[str]:
    """The content stems (at most 64) of a message's last question ("do for a living" gives ``job``), else of all of it
    ("I burned my hand, what should I do?": burn, hand)."""
    return list(_topic_of(message))


@functools.lru_cache(maxsize=512)  # a message is asked about many times while one reply is made
def _topic_of(message: str) -> tuple[str, ...]:
    """:func:`_topic`, once per message."""
    message = next((m for m in (_asked(message), message) if set(words(m)) - _GENERIC_ANSWER - _SAYING), message).replace(
        " going to be", " to be").replace(" part number", " number")  # "What colour is it going to be?" asks the
    # colour, not of going; "the points set part number" is the points set's number
    message = _settled(message, (" did we settle on", " did we go with", " did we land on", " have we settled on"))
    for whom in (" talk to ", " speak to ", " talk with ", " speak with "):  # "Who do I talk to about an invoice?": an
        message = message.replace(whom, " ")  # invoice (not "What languages do I speak?")
    for cue in (" including ", " incl. ", " incl "):  # "How many people in total incl adults?": in total (what it
        head, joint, tail = message.partition(cue)  # includes is no word the answer must say)
        message = f"{head}{'?' * tail.rstrip().endswith('?')}" if joint and len(tail.split()) <= 3 else message
    said = _phrases(message)
    extra = [stem(_PHRASES[phrase]) for phrase in said]
    idioms = [phrase for phrase in said if phrase.count(" ") > 1]  # "for a living" asks for a job, not "living"
    message = re.sub("|".join(idioms), " ", message[:2000], flags=re.I) if idioms else message  # else no copy
    plain = " ".join(t for t in message[:2000].split(" ") if t.lower().strip("?!.,") not in _DOING)  # "What colour yarn
    topic = [s for s in [*extra, *words(plain)] if s not in _GENERIC_ANSWER and s not in _SAYING]  # am I using?": colour,
    topic = topic if len(topic) >= 2 else [s for s in [*extra, *words(message)] if s not in _GENERIC_ANSWER and s not in _SAYING]
    # yarn (not "How many courses am I taking?": what the user takes, asked by "taking")
    return tuple(dict.fromkeys(topic))[:64]  # "...should I keep in mind?": no topic of its own


def _afresh(tool: Tool, request: Request) -> bool:
    """Whether a question looks a tool's data up again rather than answering from the conversation: one that says
    each value the tool needs and names the tool ("What's in my cart?": get_cart; "What's on my list?": list_tasks;
    "What's my checking balance now?": get_balance(account: checking|savings)), or an option no call had before
    ("How warm is the garage?" after the kitchen's reading)."""
    said, fields = set(words(request.message)), tool.parameters.get("properties") or {}
    fields = [fields.get(n) for n in tool.parameters.get("required") or ()]
    options = [[str(o) for o in (f.get("enum") or () if isinstance(f, Mapping) else ())] for f in fields]
    named = [[o for o in each if set(words(o.replace("_", " "))) & said] for each in options]
    if tool.handoff or not all(named):
        return False
    before = " ".join(str(i.get("arguments")) for i in request.conversation if item_type(i) == "function_call" and i.get(
        "name") == tool.name).lower()
    own = tool.name_stems - _VERBS
    return bool(own and own <= said or tool.name_stems & said & {stem("list")} or before and any(
        o.lower() not in before for each in named for o in each))


def _option_said(description: str, message: str, name: str = "", told: str = "") -> str | None:
    """The one option a field's description lists in brackets that the message says ("Why the card is frozen (lost,
    stolen, fraud)" of "I lost my card": lost), or the tool's description (``told``) lists after the field's ``name``
    ("Look up the price of a membership tier (basic, family, patron)" of "a family membership": family)."""
    listed = _options_listed(description, name, told)
    said = [o for o in listed if o.isalpha() and o.islower() and stem(o) in words(message)] * (len(listed) > 1)
    return next((t for t in tokens(f"{description} {told}") if t.upper() == said[0].upper() and t.isupper() and len(t) > 1),
                said[0]) if len(said) == 1 else None  # a code as the description writes it ("e.g. PLY, FAL": FAL)


def _options_listed(description: str, name: str = "", told: str = "") -> list[str]:
    """The options :func:`_option_said` reads a field's description, or its tool's, to list."""
    description = f"({', '.join(bare)})" if (bare := listed_options(description)) else description  # "small, medium or large."
    after = told.lower().partition(f" {name.replace('_', ' ').lower()} ")[2] if name and "(" not in description else ""
    clause = after.split(". ")[0]  # "...what is on a shelf of the community fridge (top, middle, bottom, door)"
    between = f" {clause.partition('(')[0]}"  # (not another's: "full name, email and preferred plot size (quarter, half or full)")
    description = after if after.startswith("(") else clause[clause.find("("):] if "(" in clause and not (
        " and " in between or ", " in between or len(between.split()) > 5) else description
    listed = [o.strip(" '\"").removeprefix("e.g. ").removeprefix("eg ").removeprefix("like ") for o in description.partition(
        "(")[2].partition(")")[0].replace(" or ", ",").split(",")]  # "(e.g. PLY, FAL)": ply, fal
    spoken = f"{name.replace('_', ' ').lower()} is one of "  # "utility is one of water, gas, electricity." (a sentence
    opens = next((cut for cut in (". ", "; ", "\n") if f"{cut}{spoken}" in told.lower()), "")  # of its own: not "room type
    listed = listed if len(listed) > 1 or not (opens or told.lower().startswith(spoken)) else [  # is one of" for type)
        o.strip() for o in told.lower().partition(f"{opens}{spoken}")[2].split(".")[0].replace(" or ", ",").split(",")]
    quoted = told.lower().partition(f"{name.lower()} is ")[2].split(".")[0] if name and len(listed) < 2 else ""  # "plot_size
    return [q.strip(" '\"") for q in quoted.replace(" or ", ",").split(",")] if quoted[:1] in ("'", '"') else (
        _choice_only(name, told) or listed)  # "plot_size is 'half' or 'full'"


#: The parts of a day "am" and "pm" name ("thursday morning": am).
_AM_PM = {"am": frozenset({stem("morning")}), "pm": frozenset(stem_set("afternoon evening"))}


def _choice_only(name: str, told: str) -> list[str]:
    """The options a tool's description gives a field as a plain choice of single words, "slot is am or pm" (none but
    these), the field's name opening its sentence or clause ("ticket type is adult or child" is no ``type``'s; "phone is
    a mobile or landline number" says what a phone is, not its options)."""
    at = next((k for k in whole_words_at(told.lower(), f"{name.lower()} is") if not k or told[:k].rstrip()[-1:] in ".;:,("), -1)
    said = told[at + len(name) + 4:].split(".")[0].split(";")[0] if name and at >= 0 else ""
    options = [o.strip(" '\"") for o in said.replace(" or ", ",").split(",")]
    return options if " or " in said and all(o.isalpha() for o in options) else []


def _fits(tool: Tool, request: Request) -> int:
    """1 for each required parameter the latest message gives a value for (3 for an email or "ticker AAPL"),
    0 unless it gives one for each (a yes/no or nullable one may be left out); a statement is itself the text of a
    free-text field ("summary") once it gives another field's value ("PRN-01 is down. Priority high.")."""
    key = ("_fits", tool.name)  # asked of each tool several
    if key not in request.worked_out:  # times while one reply is made
        request.worked_out[key] = _fitting(tool, request)
    return request.worked_out[key]


def _fitting(tool: Tool, request: Request) -> int:
    """:func:`_fits`, worked out."""
    properties = tool.parameters.get("properties") or {}
    reader, score, stated = Reader(request, tool=tool.name, fields=list(tool.parameters.get("properties") or {})), 0, 0
    for name in [n for n in tool.parameters.get("required") or () if isinstance(properties.get(n), Mapping)]:
        field, named = properties[name], reader.named_value(name, linked=False)
        kind, find = reader.kind(name, str(field.get("description") or ""), field.get("format"))
        optional = field.get("type") in ("boolean", "array") or {"type": "null"} in (field.get("anyOf") or ()) or (
            "default" in field)  # a list may be empty: "Add a dentist appointment for Tuesday" (no attendees)
        if isinstance(field.get("enum"), list):
            found = reader.named_option(field["enum"], str(field.get("description") or "")) is not None
        elif field.get("type") == "array" and isinstance(listed := (field.get("items") or {}).get("enum"), list):
            found = bool(reader.choices(listed))  # "to tuesdays and fridays" of days: list[Literal["Monday", ...]]
        elif field.get("type") == "boolean":  # "with cheese"; one not said is false, as a null one is null
            found = bool(set(words(name.replace("_", " "))) & set(words(request.message)))
        elif field.get("type") in ("number", "integer"):
            found = reader.number(name, "") is not None or _turned(request.message)  # "Turn it up": asks the level
        else:
            found = named is not None or find is not None and bool(find(request.message)) or kind in (
                "free", "thing", "other") and bool(_QUOTED.search(request.message)) or bool(_option_said(str(field.get(
                    "description") or ""), request.message, name, tool.told))  # "What does 'terse' mean?"; "(billing, delivery)"
            statement = not found and kind == "free" and not _only_asks(request.message) and not set(_lower_tokens(
                request.message)) <= _PLEASANTRIES  # "Thanks!" is no ticket's text
            found = found or bool(set(words(name)) & _WORKS and _made_by(request.message, tool.name))  # "Find Dune by Frank Herbert"
            found, stated = found or statement, stated + statement
        found = found or (kind == "code" or kind == "email" and not _chat(request.message) or kind.startswith("date") and (
            "instead" in _lower_tokens(request.message)) and not {"it", "that", "this", "them"} & set(_lower_tokens(
                request.message))) and any(find(
            text) for text in request.sources[1:]) or field.get("type") in ("string", None) and kind == "id" and (
                _pointed(request.message) and reader.picked_value(name) is not None)  # a flight, an email said before;
        # the id of "the second one"
        found = found or name in _argued(request, tool.name)  # "What would that cost?" after check_kennel({"breed": ...})
        if not found and not optional and not _stated(tool, request, [name]):  # nor said before after its name
            return 0
        score += (3 if kind == "email" or named else 1) * found  # "dana@x.com", "ticker AAPL"
    return score if score > stated else 0


#: Fields that hold a person's name ("name", "guest", "lead_person").
_NAMING = stem_set("name person who guest lead owner contact passenger rider climber member student customer learner pilot")


def _argued(request: Request, tool: str) -> dict[str, Any]:
    """The arguments earlier calls of other tools were given (the latest of each name), when the latest message asks
    of what was asked before and ``tool`` was not called yet ("What would that cost with walks?" after
    ``check_kennel``: its breed and nights for ``quote_price``); else none (not "Is that depot open on Sundays?" again)."""
    if ("_argued", tool) not in request.worked_out:
        given: dict[str, Any] = {}
        calls = [i for i in request.conversation[:request.last_user_index] if item_type(i) == "function_call"]
        for item in calls if {"that", "those", "there"} & set(_lower_tokens(request.message)) and _is_question(request.message) and (
                not any(i.get("name") == tool for i in calls)) and _lower_tokens(request.message)[:1] not in [
                    [w] for w in (*_YES_NO, "can", "could", "will", "would", "should")] else ():  # ("Is that tutor any good?")
            arguments = structured(str(item.get("arguments", "")))
            given.update(arguments if isinstance(arguments, dict) else {})
        request.worked_out[("_argued", tool)] = given
    return request.worked_out[("_argued", tool)]


@functools.lru_cache(maxsize=256)
def _enum_words_of(parameters: str) -> frozenset[str]:
    """:func:`_enum_words`, of a tool's parameters as JSON text."""
    found, pending = set(), [json.loads(parameters)]
    while pending:
        schema = pending.pop()
        if isinstance(schema, dict):
            found |= {stem(o.lower()) for o in schema.get("enum") or () if isinstance(o, str) and o.isalpha()}
            pending += [v for k, v in schema.items() if k in ("properties", "$defs", "items", "anyOf", "oneOf") for v in (
                v.values() if isinstance(v, dict) and k in ("properties", "$defs") else v if isinstance(v, list) else [v])]
    return frozenset(found)


def _enum_words(tool: Tool) -> frozenset[str]:
    """The one-word options a tool's parameters list ("bronze" of ``material: bronze|ceramic|textile``), as stems."""
    return _enum_words_of(json.dumps(tool.parameters, sort_keys=True, default=str))


def _pointed(message: str) -> bool:
    """Whether a message points at a listed record by its place or a word of it ("Book me into the second one", "the
    dentist one")."""
    said = _lower_tokens(message)
    return any(a == "the" and (b in _PLACES or c == "one") for a, b, c in zip(said, said[1:], [*said[2:], ""]))


def _stated(tool: Tool, request: Request, names: Sequence[str] | None = None) -> bool:
    """Whether the user said each value the tool requires (or of ``names``) in an earlier turn, after its name ("My
    employee id is E-7781" for ``employee_id``), or it requires none."""
    return all(any(field <= stems for stems in request.stated_before) for field in (
        set(words(name.replace("_", " "))) for name in (tool.parameters.get("required") or () if names is None else names)))


def _routed(request: Request, desks: Sequence[Tool]) -> Tool | None:
    """The desk a rule of the instructions sends the message to ("If someone is locked out or has been burgled, hand off
    to the emergency locksmith", "Questions about buying locks go to sales"): of the rules naming one desk, the one with
    a condition the message says all of, or two words of (a word related to one counts: "broke in" for "burgled")."""
    literal = set(words(request.message))
    low = f" {request.message.lower()} "
    literal |= {stem("burgled")} if any(f" {p}" in low and low.partition(f" {p}")[2][:3] not in (" a ", " an", " th", " tw", " ha")
                                        and not low.partition(f" {p}")[2][1:2].isdigit() for p in (
        "broke in", "broken into", "break in", "break-in")) else set()  # ("it broke in a week" is no break-in)
    said = literal | related(literal)
    found = []
    for rule in (r for s in sentences(request.instructions[:4000]) for r in s.split(";")):
        named = [t for t in desks if (own := t.name_stems - _HANDOFF - {"transf", "agent"}) and own <= set(words(rule))]
        if len(named) != 1 or not {"hand", "go", "goe", "send", "rout", "transf", "handof", "pass", "forward"} & set(words(rule)):
            continue
        condition = rule.lower().split(" hand")[0].split(" go to ")[0].split(" goes to ")[0].split(" send")[0].split(
            " route")[0].split(" transfer")[0].split(" pass")[0]
        for alternative in condition.replace(" or ", ",").split(","):
            wanted = set(words(alternative)) - _HANDOFF - _ROUTING_WORDS
            hit = len(wanted & said)
            acts = {"is", "are", "was", "were", "has", "have", "had", "been", "want", "wants", "need", "needs"} & set(
                _lower_tokens(alternative)) or any(w.endswith("ed") for w in _lower_tokens(alternative))
            if wanted and (hit == len(wanted) and (hit >= 2 or wanted <= literal and acts) or hit >= 2):  # (one word: as said,
                # of a clause: "has been burgled", not "dog" of "the customer's dog or cat is sick", nor "cuts")
                found.append((hit, named[0]))
    best = max(found, key=lambda pair: pair[0], default=None)
    return best[1] if best and len({t.name for hit, t in found if hit == best[0]}) == 1 else None


def _measure_said(field: str, said: Sequence[str]) -> bool:
    """Whether a message (its lower-case tokens) gives a measure of ``field`` by its unit after a number ("101cm", "183
    cm" for ``chest_cm``) or by a word of its name ("chest")."""
    unit, _, name = field.lower().rpartition("_")[::-1]
    named = set(words(name.replace("_", " ")))
    return any(t[:1].isdigit() and t.lstrip("0123456789.") == unit or _NUMBER.fullmatch(t) and n == unit for t, n in (
        itertools.pairwise([*said, ""]))) or bool(named & {stem(t) for t in said})


@functools.lru_cache(maxsize=64)  # an agent's instructions are the same in every request it sends
def _own_words(instructions: str, named: frozenset[str]) -> frozenset[str]:
    """The words of the instructions' sentences that neither send on to a desk ``named`` nor route ("You determine
    which agent to use based on the user's homework question"): what the agent itself answers."""
    return frozenset({w for s in sentences(instructions) if not set(words(s)) & named and not (
        {"rout", "transf", "handof"} & set(words(s)) or {"which", "agent"} <= set(_lower_tokens(s))) for w in words(s)}
        - _HANDOFF)


def _own_clauses(text: str) -> list[str]:
    """The clauses of ``text`` that each have a subject of their own: split at "but", "though", "and" and at a comma
    before a new subject ("The projector works, the speakers are broken"; not "the lift, sadly, is broken")."""
    out: list[str] = []
    for sentence in sentences(text):
        for piece in sentence.replace(" but ", ", but ").replace(" though ", ", though ").replace(" and ", ", and ").split(", "):
            lead = (piece.split(" ", 1) + [""])[0].lower()
            fresh = lead in ("the", "a", "an", "my", "our", "their", "his", "her", "its", "this", "that", "but", "though",
                             "and", "it", "they", "we", "i")
            if out and not fresh:
                out[-1] += f", {piece}"
            else:
                out.append(piece)
    return out


def _returned(tool: Tool) -> set[str]:
    """What a tool's description says it gives: the first word after its verb that is no stop word ("Return the current
    stock of every slot": stock; "List the animals in care": animal)."""
    said = [w for w in _lower_tokens(tool.told)[1:8] if w not in STOP and w not in _QUALIFIERS and not w.endswith("'s")]
    return {stem(said[0])} if said else set()


def _acts(tool: Tool) -> bool:
    """Whether a tool changes something (books, sends, charges, deletes...): never called again unasked."""
    verb = stem(tool.name.replace("-", "_").split("_")[0].lower())
    return verb in _CHANGES | _STORES["keep"] | _STORES["forget"] | {stem(w) for w in _ACTING} | stem_set(
        "charge email text sms notify transfer pay order add remove log record report")


#: Words that describe an animal rather than name it ("a young deer", "a big dog").
_LOOKS = frozenset("young old little big small large wild baby adult male female stray sick tiny huge lovely "
                   "beautiful poor".split())
#: Words that talk of money, so a bare number beside them may be an amount ("a budget around 800", "tip 15% on 60").
_MONEY_TALK = stem_set("budget price cost costs spend spent pay paid earn earns salary tip bill fee rent charge afford")


def _looks_up(tool: Tool) -> bool:
    """Whether a tool only reads (``get_``/``find_``/``check_``... or a description opening "Look up", "Return", "Get"...):
    news told to it is kept, not looked up; a tool that acts (report_hazard, update_calendar) takes news."""
    verb = tool.name.replace("-", "_").split("_")[0].lower()
    lead = " ".join(_lower_tokens(tool.told)[:2])
    return verb in _LOOKUP_VERBS or lead.split(" ")[:1] and lead.split(" ")[0] in _LOOKUP_VERBS or lead == "look up"


#: First words of a tool that reads rather than acts.
_LOOKUP_VERBS = frozenset("get find check lookup look search list fetch read show count return returns gets finds checks "
                          "lists shows fetches reads query".split())
#: First words of a sentence that tells something rather than asks or orders ("There are...", "The vet's visit is...").
_NEWS_OPENERS = frozenset("there the a an our my his her their its we i i'm we're it's there's".split())


def _only_news_for(tool: Tool, message: str) -> bool:
    """Whether a message only tells of something ("My dog Fly has a sore paw.", "Tam is a 3-year-old bitch.") and says
    no word of what an acting ``tool`` does (book_pen_slot: book, pen, slot, or a kin): no call then."""
    said = _lower_tokens(message)
    opens = said[:1] in ([w] for w in ("my", "our", "his", "her", "their", "the", "it", "it's", "he", "she", "they")) or (
        tokens(message)[:1] and tokens(message)[0][:1].isupper() and said[1:2] in (["is"], ["has"], ["was"]))
    heard = set(words(message))
    options = {str(o).lower() for f in (tool.parameters.get("properties") or {}).values() if isinstance(f, Mapping)
               for o in f.get("enum") or ()}  # ("The deluxe one, but no wax" picks a program)
    return bool(opens) and tool.name.split("_")[0].lower() in _ACTS | _ACTING and not _is_question(message) and not (
        tool.name_stems | related(tool.name_stems)) & heard and len(sentences(message)) == 1 and not options & set(said)


def _withheld(request: Request, tool: Tool) -> bool:
    """Whether the instructions call ``tool`` only on a condition the latest message does not meet: "Use take_deposit
    when asked to take a deposit" of "Please book the Full Day package" (no word of the condition, nor a kin, said)."""
    heard = set(words(request.message)) if tool.name in request.instructions else set()
    return any(not wanted & heard for wanted in _conditions(request.instructions[:2000], tool.name, tool.told))


@functools.lru_cache(maxsize=256)  # the same instructions and tools come with every request of a conversation
def _conditions(instructions: str, name: str, told: str) -> list[frozenset[str]]:
    """The conditions ``instructions`` put on calling tool ``name`` (described as ``told``), each as its stems and their
    kin, when they are in the tool's own words (not "create_ticket when a human must act")."""
    found = []
    for sentence in sentences(instructions):
        _, named, rest = sentence.partition(name)
        rest = rest.split(",")[0].split(";")[0]  # its own clause ("run_diagnostics for a serial, create_ticket when...")
        condition = next((rest.lower().partition(f" {cue} ")[2] for cue in ("when", "if", "whenever", "only when", "only if")
                          if f" {cue} " in rest.lower()), "") if named else ""
        wanted = set(words(condition)) - _LIGHT_VERBS - _USERS - stem_set("ask asked asks want wants need needs someone "
                                                                          "they them explicitly specifically")
        if wanted and wanted <= set(words(told)) | set(words(name.replace("_", " "))):
            found.append(frozenset(wanted | related(wanted)))
    return found


def _once_per_request(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function(request, ...)`` worked out once per request and arguments: its answer depends on nothing else, and
    making one reply asks it more than once (whether to recall, then what to say)."""
    @functools.wraps(function)
    def remembered(request: Request, *args: Any, **kwargs: Any) -> Any:
        key = (function.__name__, args, tuple(sorted(kwargs.items())))
        if key not in request.worked_out:
            request.worked_out[key] = function(request, *args, **kwargs)
        return request.worked_out[key]
    return remembered


@_once_per_request  # asked twice of one request: whether to recall, then what to call
def _choose_tools(request: Request) -> list[Tool]:
    """The tools the latest user message asks for, best first (else the best one, if ``tool_choice`` or the
    instructions demand one). A tool scores 3 for each word said (or related: "plus" for ``add``) that only
    its name has, 1 for each other word of its description said, and :func:`_fits` for its parameters."""
    choice = request.body.get("tool_choice")
    made = {str(i.get("name")) for i in request.conversation[request.last_user_index + 1:] if item_type(i) == "function_call"}
    tools = [t for t in request.tools if not (t.handoff and t.name in made)]  # each desk once a turn: no ping-pong
    handed_to = bool(made & request.handoff_names)  # this turn: a desk was handed the message
    handed = handed_to and sum(t.handoff for t in request.tools) == 1  # its way back
    if isinstance(choice, Mapping):
        return [t for t in tools if t.name == choice.get("name")][:1]
    heard = _lower_tokens(request.message)
    if choice in (None, "auto") and heard[:1] in (["i"], ["we"]) and heard[1:2] and heard[1].endswith("ed") and set(heard) & {
            "last", "yesterday", "ago", "once"} and not set(heard) & _REQUESTING and len(sentences(request.message)) == 1 and not (
                set(request.message) & set(";?")) and " - " not in request.message and (  # "I swapped basil for mint
                    " and want" not in request.message.lower()) and not any(_orders(c, request) for c in request.message.split(",")[1:]):  # last time and loved it":
        # news, no order (but "I cancelled last month; where's my money?" asks, "I ordered it last week, please refund me"
        # too)
        return []
    if choice in (None, "auto"):  # "Use take_deposit when asked to take a deposit": not for a booking alone
        tools = [t for t in tools if t.handoff or not _withheld(request, t)]
    heard = _lower_tokens(request.message)
    turned = any(a in ("turn", "switch", "flip", "put") and b == "it" and c in ("on", "off", "back") for a, b, c in zip(
        heard, heard[1:], heard[2:]))  # "turn it off again" (not "Turn the kitchen lights off, it is late"): the switch
    last = next((str(i.get("name")) for i in request.conversation[request.last_user_index::-1] if item_type(
        i) == "function_call"), "") if turned else ""  # the call before turned on (set_away_mode)
    if turned and choice != "none" and (switch := [t for t in tools if t.name == last and _switch(t)]):
        return switch
    asking = _only_asks(request.message)
    answering = [t for t in tools if t.handoff and "question" in t.stems and _ANSWERING & t.stems]  # an FAQ desk
    if asking:  # a question asks to know, not to change: it never opens or deletes, nor goes to a desk that does
        verbs = [t.name.replace("-", "_").split("_")[0].lower() * ((_lower_tokens(t.told) or [""])[0] not in _READS)
                 for t in tools]  # "opening_hours" opens nothing, nor lock_stock ("How many of a key blank ...")
        verbs = [told if v and stem(v) not in _VERBS | _CHANGES | _BUYS and stem(told := (_lower_tokens(t.told) or [""])[0]) in (
            _BUYS | _CHANGES) else v for t, v in zip(tools, verbs)]  # museum_tickets "Buy museum tickets...": it buys
        verbs = ["" if v.endswith("er") and v not in _ER_VERBS and stem(v) != v and stem((_lower_tokens(t.told) or [""])[0]) != stem(v) else v
                 for t, v in zip(tools, verbs)]  # locker_status, printer_queue: a thing, no verb ("lock", "print")
        verbs = [v + "ing" * (v == "add" and "string" not in str(t.parameters)) for t, v in zip(tools, verbs)]  # add a
        # task, not add(a, b)
        verbs = ["" if v.endswith("s") and not v.endswith(("ss", "us", "is")) and "_" in t.name else v for t, v in zip(
            tools, verbs)]  # seats_left: a thing (no verb "seat")
        to_know = answering and not set(words(request.message)) & (_CHANGES | {"chang", "switch", "swap", "mov"})
        openings = [(_lower_tokens(piece) or [""])[0] for piece in sentences(request.message.replace(", ", ". "))]
        wh = bool(set(openings) & {"what", "what's", "whats", "who", "who's", "which", "how", "where", "when", "why"}) and not any(
            stem(w) in _CHANGES | _ENROLS | {stem(t.name.split("_")[0].lower()) for t in tools} for w in openings)  # "Who's
        # running in novice?" enters no dog (but "Can I change my delivery address?" may change it, and "Edit it to 40
        # for now" after "What price should I put on LS-5520?" edits it)
        done = set(words(" ".join(heard[heard.index("did") + 1:]))) - _VERBS if "did" in heard else set()  # "Which
        heard = set(words(request.message)) - _HANDOFF - _FREE
        heard = heard | related(heard) if {"left", "free", "spare", "remaining", "available"} & set(_lower_tokens(
            request.message)) else set()  # (a desk the question names a thing of still takes it: "Are there any seats
        # left?" of one that also "checks availability of slots"; not "Is parking available?")
        tools = [t for t, verb in zip(tools, verbs) if t.handoff and not (to_know and t not in answering and (_CHANGES | {
                 stem("change")}) & t.stems - _HANDOFF and not (heard & (t.stems - _CHANGES - _HANDOFF - set().union(*(
                     u.stems for u in answering))) and t.stems & _CHECKS))
                 or not t.handoff and (verb.endswith("ing") or stem(verb) not in _CHANGES | (_ENROLS if wh else set()) | _STORES[
                 "keep"] | _STORES["forget"] | (
                 _ADDRESSING - _SAYING - _VERBS) | done | {"add"}) and not (verb in _ACTING and t.told.lower().startswith(
                     verb)) and (_takes_a_query(t, request.message) or not _takes_a_query(t))]  # book did I reserve?": not
        # reserve_book again, nor find_book without a title; "Order plants from..." orders (order_status does not)
    thing = _there_asked(request.message) if asking else ""  # "Are there floodlights on court 1?": not again the tool
    answered = {r.tool for r in request.said if r.role == "tool" and r.turn < request.said[-1].turn} if thing else set()
    tools = [t for t in tools if t.handoff or t.name not in answered or _takes_a_query(t) or {thing} & (t.stems | related(
        t.stems)) or any(
        {thing} & s.stems for s in request.said if s.role == "tool" and s.tool == t.name)]  # whose result said nothing of
    # floodlights
    negated, chat = _negated(request.message), _chat(request.message)  # "Draft (don't send) an email": never send_email;
    tells = chat and all((said := [w for w in _lower_tokens(s) if w not in _GREETINGS])[:1] in (["my"], ["our"], ["i'm"]) or said[
        :1] in (["i"], ["we"]) and said[1:2] and (said[1].endswith("ed") or said[1] in _NEWS_VERBS) for s in sentences(  # "I
        request.message)) and sum(not t.handoff for t in tools) > 1 and not Reader(request).completed  # bought...": news;
    # "My name is Ana.": no
    tools = [t for t in tools if (verb := stem(t.name.split("_")[0].lower())) not in negated and not (  # search; "My card
        chat and t.stems & _SEARCHES and _takes_a_query(t) or tells and not t.handoff and verb not in _VERBS - _CHANGES and not (
            ({verb} | _MEMORY) & set(words(request.message)) or t.stems & _MEMORY))]  # is LC-4" (of several tools): no act
    # whose verb it does not say, unless asked, or it keeps what the user tells (save_memory)
    replied = next((plain_text(i.get("content")) for i in request.conversation[request.last_user_index - 1::-1] if (
        i.get("role") == "assistant")), "") if request.last_user_index else ""  # (an answer to "Which program?" acts)
    tools = [t for t in tools if t.handoff or choice not in (None, "auto") or replied.rstrip().endswith("?") or not (
        _only_news_for(t, request.message))]  # "My dog Fly has a sore paw" books no practice slot
    if _turned(request.message):  # "Turn the music down": a tool that sets a level (set_volume), not play_music
        tools = [t for t in tools if any(isinstance(f, Mapping) and (f.get("type") in ("number", "integer") or {"low", "high"}
                 & {str(o).lower() for o in f.get("enum") or ()}) for f in (t.parameters.get("properties") or {}).values())] or tools
    opening = [w for w in _lower_tokens(request.message) if w != "please"][:3]  # "Please don't hold a bike...": no act
    if not tools or choice == "none" or choice in (None, "auto") and (opening[:1] in (["don't"], ["never"]) or opening[
            :2] == ["do", "not"]) and not _is_question(request.message) and not set(opening) & {
                "forget", "worry", "mind", "let", "be", "been", "hesitate"} and len(sentences(request.message)) == 1 and not {
                    "just", "but", "instead", "rather"} & set(_lower_tokens(request.message)) and not any(stem(
                        (_lower_tokens(piece) or [""])[0]) in _VERBS | _CHANGES | {n for t in tools for n in t.name_stems | related(
                            t.name_stems)} for piece in request.message.replace(";", ",").split(",")[1:]):  # (not "Don't forget...", "Don't worry
        return []  # about the weather, just book...", "Never been there, but book...", "Don't email Ann, text her...")
    back = {"those", "these", "them", "both", "either"} & set(_lower_tokens(request.message)) or _lower_tokens(
        request.message)[1:2] in (["was"], ["were"]) or _pointed(request.message)  # ("Who is doing the second slot?")  # "What was the rate for the euro conversion?"; "in total across those
    asked = set(_topic(request.message.replace("-", ""))) - _LIGHT_VERBS - _VALUE_KINDS
    keys = [set(words(" ".join(found).replace("_", " "))) for i in request.conversation[:request.last_user_index] if (
        asking and asked and choice in (None, "auto")) for found in _records([i]) if all(  # (a record of a list too: "the price of
        n.lower() in str(found).lower() for n in _proper_names(request.message))]  # the Isle North ferry")
    # "What's the call-out fee?": the fee a
    keyed = bool(asking and asked and any(2 * len(asked & (key | related(key))) >= len(asked) and asked & key for key in keys))
    # result of the booking named (callout_fee_gbp), not a new estimate; not London's temperature for Paris
    # (new values for a tool are a new call: "my brother: 58, 162/99, BMI 34.5. eligible?", not "With 25 years and 10%
    # down, was it 1,520?")
    if choice in (None, "auto") and (back or keyed) and not (_new_values(request) and any(_fits(t, request) >= 2 for t in tools if (
            not t.handoff))) and _is_question(request.message) and (_from_results(
            request, request.message) or keyed and (found := _answered_by_conversation(request)) and found[1].role == "tool"):
        return []  # docks?": what the earlier result holds, not another search
    found = [t.lower() for t in tokens(request.message)]  # its stems, and adjacent words joined ("look up")
    costs = any(f"how much {w} " in request.message.lower() for w in ("is", "are", "does"))  # "How much is X?": price
    acting = {stem(t.name.split("_")[0].lower()) for t in tools}  # "don't recognise": unrecognised (not "don't lock":
    message = set(words(request.message)) - negated | {stem(a + b) for a, b in zip(found, found[1:])} | {stem("un" + b) for a, b in zip(
        found, found[1:]) if a.endswith("n't") or a == "not"} - acting | {stem(w[2:]) for w in (  # unlock_door)
        found) if w.startswith("un") and w.endswith("ed") and len(w) > 6} | (  # "unlocked": lock
        {stem("price")} if costs else set())
    message |= {s for t in tools for s in t.name_stems if s in _WEATHERY and f"{s}y" in message}  # "too windy": wind_forecast
    naming = message & {s for t in tools for s in t.name_stems}  # "Add an expense": add_expense, not a "total"
    near = related(message - naming) - message if not chat else set()  # "I'm vegetarian": no recipe
    spoken = _language(request.message)  # "Hola, ¿cómo estás?" is in Spanish (English routes to a desk, but is no
    if spoken and (spoken != "english" or any(t.handoff for t in tools)) and not message & {  # cue for a translator)
            stem(language) for language in _LANGUAGES}:
        message = message | {stem(spoken)}
    # a triage agent: a desk is named by its own words; near ones ("card" for refunds) and everyday ones only if none is
    desks = [t for t in tools if t.handoff]
    if desks and not handed and choice != "none" and (ruled := _routed(request, desks)) and not _chat(request.message):
        return [ruled]  # a rule of the instructions names the desk ("If someone is locked out..., hand off to...")
    heard_words = _lower_tokens(request.message)
    grievance = [w for k, w in enumerate(heard_words) if w in _GRIEVANCE and not {"not", "no", "never"} & set(heard_words[max(
        0, k - 2):k]) and heard_words[k + 1:k + 2] != ["stomach"]]  # ("I'm not upset", "an upset stomach")
    asked_of = [t for t in tools if not t.handoff and (t.name_stems - _VERBS or t.name_stems) & set(words(request.message))]
    grieved = [t for t in desks if {stem("complaint"), stem("complaints")} & t.name_stems] if grievance and not _is_question(
        request.message) and not asked_of else []  # a statement of a grievance, to the desk named for complaints (not "Track
    # A-1234 please, the last one was terrible": a tool it names)
    if len(grieved) == 1 and not handed and choice != "none":  # "The stylist was rude to me.": the complaints desk, not
        return grieved  # the stylists'
    if desks and (_arithmetic(request.message) or _solved(request.message)):  # "What is 15% of 80?": a math desk's
        near |= related({stem("arithmetic")}) - message
    padded = f" {' '.join(_lower_tokens(request.message))} "
    common = set.intersection(*(set(t.stems) for t in desks)) if len(desks) > 1 else set()  # "insurance" of
    labels = {stem(found[0].lower()) for piece in sentences(request.message) if len(found := tokens(piece)) == 2 and (
        found[0].isalpha() and identifiers(found[1]))}  # a reference told on its own: "..., where's my money? Booking BX-2291."
    spoken_low = _lower_tokens(request.message)
    placed = {stem(c) for a, b, c in zip(spoken_low, spoken_low[1:], spoken_low[2:]) if a in ("in", "at", "near", "on") and b == (
        "the") or a == "near" and b in ("my", "our", "your")} | {stem(b) for a, b in zip(tokens(request.message), tokens(request.message)[1:]) if a.lower() in (
            "at", "in", "near") and b[:1].isupper()} | {stem(c.lower()) for a, b, c in zip(*[tokens(request.message)[k:] for k in range(
                3)]) if a.lower() in ("at", "in", "near") and b[:1].isupper() and c[:1].isupper()}  # where it happens ("at
    # Elm Park", "in the park") says less of the desk than what happens ("the swing has a snapped chain")
    message = message - {stem("left")} if "left" in spoken_low and all(a in ("turn", "the", "keep", "bear", "go", "take") or (
        b in ("side", "hand", "or", "turn", "of", "at", "after")) for a, l, b in zip(["", *spoken_low], spoken_low, [
            *spoken_low[1:], ""]) if l == "left") else message  # ("Turn left at the gate", "on the left" leave nothing)
    by_own_words = any((t.stems - _HANDOFF - common) & (message - labels - placed) for t in desks)  # claims and of sales names
    # neither; "Booking BX-2291" only labels a reference: no booking desk's word
    spoken = padded.split()  # "get back": refund; "send these shoes back": return (up to three words between)
    same = {s for said, same in _SAME_AS.items() if f" {said} " in padded or said.endswith((" back", " out", " know")) and any(
        w == said.split()[0] and said.split()[1] in spoken[at + 2:at + 5] for at, w in enumerate(spoken)) for s in words(same)}
    desk_words = (message if by_own_words else message | near - related(placed) | same | related(message - naming - placed)) - labels
    shared = {s for t in tools for s in t.name_stems if sum(s in u.name_stems for u in tools) > 1}
    named = {s for t in desks for s in t.name_stems - {"transf", "agent"}}  # a sentence that sends on: not its own
    own_words = _own_words(request.instructions, frozenset(named))
    covered = set(words(request.message)) | (related(words(request.message)) if request.this_turn[0] else set())
    # itself ("charges"; once handed to, by a related word too: "charged" to "billing questions")
    recalls = asking and _recalls(request.message)  # what was said before
    recalling = recalls and request.last_user_index > 0
    ended = [t.lower() for piece in sentences(request.message) for t in [*tokens(piece), "."]] if len(
        desks) > 1 else []  # the words between desks, by sentence: "it's fraud. Card...": no fraud of a card
    scored, lead = [], stem(next((w for w in _lower_tokens(request.message) if w not in (
        "please", "can", "could", "you", "actually", "ok", "okay", "oh", "sorry", "hmm", "um", "wait", "hi", "hey")), ""))
    # (the verb after a filler: "actually cancel that booking")
    verbs = [stem(t.name.split("_")[0].lower()) for t in tools]
    lead = next((stem(b) for a, b in itertools.pairwise(_lower_tokens(request.message)) if a == "please" and verbs.count(stem(
        b)) == 1 and stem(b) in _CHANGES), lead) if lead not in verbs else lead  # "I've got a new number - please update it"
    wants = not asking and " ".join(_lower_tokens(request.message)[:3]) in {f"{a} {b} {c}" for a in ("can", "could", "may") for b in (
        "i", "we") for c in ("get", "have")} | {"i'd like the", "i'd like a", "we'd like the", "we'd like a", "i want the"}  # (not
    # "Please book an MOT ...": a verb names its tool)
    for tool in tools:
        if tool.handoff and handed:  # a desk just handed to goes back only as its instructions say (below), not by a
            scored.append((0, 0, tool, 0))  # word of the router's name ("How much is a surf lesson?": not back to
            continue  # "Surf school triage")
        own = tool.name_stems - shared - _VERBS - _SAY_LITTLE or tool.name_stems - shared or (  # "add" alone names its tool; a
            tool.name_stems if tool.name_stems <= message else set())  # name all of it said: "What's in my cart?"
        fits = _fits(tool, request)
        own = own or (tool.name_stems - _VERBS if fits >= 2 else set())  # its values given, a name other tools share:
        # set_temperature (and read_temperatures) by "19.5 degrees"
        everything_given = fits or tool.handoff or _stated(tool, request) or _takes_a_query(tool, request.message) or stem(
            "".join(found[:1])) in _CHANGES or related({lead}) & tool.name_stems  # a desk, whatever its input; or its verb is related to the tool's name: "Text Omar that..." (send_sms)
        # then (or in an order) a related word names it too ("vacation": leave; "What's that in euros?": an agent as a
        # tool that converts currencies; "Turn the music down": set_volume, asking the level)
        routed = tool.handoff and len(desks) > 1
        heard = desk_words if routed else message | same | near if everything_given or own & near and (
            handed_to and len(tools) == 1) else message | same  # a desk of one tool, handed the question: its tool
        # by a related word, asking what it lacks ("How much would insurance cost?": get_quote, "the driver age?")
        if tool.handoff and (covered - placed) & own_words or recalling and not tool.handoff:  # a desk whose instructions say the
            heard = message | same  # message's words answers it; "What's the new address again?": no quote by "move"
        said = own & (message - labels if routed else message) - (_aside(tool, desks, ended) if routed else set())
        whole = wants and not tool.handoff and fits >= 3 and fits >= len(_needed(tool)) and sum(_fits(
            t, request) >= fits for t in tools) == 1 and (any(c.isdigit() for c in request.message) or any({stem(str(
                o).lower()) for o in f.get("enum") or ()} & message for f in (tool.parameters.get("properties") or {}).values(
                    ) if isinstance(f, Mapping)))  # "can I get the north booth on 21/03/2026 from 10:00 for 3
        # hours": the one tool taking all it gives (book_studio_slot, not booth_price by "booth"), given now (not "can i
        # get a refund?" after buying tickets)
        optioned = not tool.handoff and (not _about_user(request.message) or bool(_REQUESTING & set(spoken_low))) and sum(bool({stem(str(o).lower()) for o in (
            f.get("enum") or ())} & message) for f in (tool.parameters.get("properties") or {}).values() if isinstance(
                f, Mapping)) >= 2 or not tool.handoff and any({stem(str(o).lower()) for o in (f.get("items") or {}).get(
                    "enum") or ()} & message or named_outside((f.get("items") or {}).get("enum") or [], request.message, n) for n, f in (
                        tool.parameters.get("properties") or {}).items() if isinstance(f, Mapping) and isinstance(f.get(
                            "items"), Mapping))  # "swap the carrot for beetroot": the tool taking an option of each of two
        # fields; "change it to tuesdays" (or "to saturdays"): the one listing the days
        distinct = len(said) + bool(own & heard - message) + optioned or whole or bool(  # related words ("parcel": track, package) once;
            (lead not in shared or [stem(u.name.split("_")[0].lower()) for u in tools].count(lead) == 1 == (lead == stem(
                tool.name.split("_")[0].lower()))) and (  # (the one tool it is the verb of: "book" of book_court, not of
            # cancel_booking)
            lead == stem(tool.name.split("_")[0].lower()) or fits and lead not in naming and related(
                {lead}) & own or fits and lead in _CHANGES | {stem("give")} and lead == stem((_lower_tokens(tool.told) or [
                    ""])[0])))  # its verb ("Add milk": add_item, asking what it lacks; "Give the shift to Tamsin": the
        # tool its description says gives it); given its values, one related to its
        # name: "Call mom" (call_contact), "Tell Maya..." (send_message)
        matched = tool.stems & (heard if routed else message) - own
        scored.append((3 * distinct + len(matched) - 0.5 * len(matched & placed) * routed + fits, distinct, tool, fits))
    scored.sort(key=lambda entry: entry[0], reverse=True)
    picked = [tool for score, distinct, tool, _ in scored if distinct and score >= 3]
    picked = [t for k, t in enumerate(picked) if not k or not (set() < (t.name_stems - _VERBS) & message <= picked[0].stems and {
        "it", "its"} & set(_lower_tokens(request.message)))]  # "Is slot LH-104 free? and what time does it start": the
    # slot's start time (its tool's description says it gives one), not tide_times by "time"
    spaced = f" {' '.join(_lower_tokens(request.message))} "
    anything = any(cue in f" {request.message.lower()}" for cue in (" do you have any ", " have you got any ", " are there any "
                                                                    )) and not any(sum(map(str.isdigit, f)) >= 3 for f in facts(
                                                                        request.message)) and not any(f"{cue}{w} " in spaced for cue in (
        " do you have any ", " have you got any ") for w in ("idea what", "idea how", "idea why", "idea where", "idea when",
                                                           "idea whether", "idea if", "clue what", "clue how"))  # (not
    # of order 55120, nor "Do you have any idea what bronze is?")
    picked = [t for t in tools if anything and _enum_words(t) & message and t.stems & stem_set("find search look browse")][
        :1] or picked  # "Do you have any bronze objects?": the search that takes bronze as an option, not object_location
    fit = {tool.name: fits for *_, tool, fits in scored}  # a word of another tool's parameters that fits better names
    named = [t for t in picked if (t.name_stems - shared - _VERBS or t.name_stems - shared) & message - {  # no tool
        w for *_, u, _ in scored if fit[u.name] > fit[t.name] for w in words(" ".join(u.parameters.get("properties") or {}))}]
    # ("Set the bedroom to 19.5 degrees in heat mode": set_temperature's mode, not set_away_mode)
    whole = [t for t in picked if wants and fit[t.name] >= 3 and fit[t.name] >= len(_needed(t)) and all(
        fit[u.name] < fit[t.name] for u in picked if u is not t)]  # (the north booth on 21/03 from 10:00 for 3 hours": the
    named = whole or named  # booking, not the booth's price)
    if len(_clauses(request)) < 2:  # "Book Rex in on Monday": not is_open too, by a related word ("Monday"); "Pause the
        picked = [t for t in named if lead in t.name_stems] or named or picked[:1]  # music": not play_music too
    seeks = lead in stem_set("find search look browse") or any(cue in request.message.lower() for cue in (
        "looking for ", "do you have any ", "have you got any ", "are there any "))  # "Look up audiobooks about
    # Rome", "I'm looking for running shoes": the tool that searches, by its words
    picked = picked or [t for t in tools if seeks and _takes_a_query(t) and t.stems & stem_set("find search look")][:1]
    picked = picked or [t for t in tools if asking and not t.parameters.get("required") and stem("list") in t.name_stems
                        & message][:1]  # "What's on my list?": list_tasks
    # an order that gives all the one fitting tool needs ("Medium, just pepperoni."), not news ("I'm on BA-1") unless
    # it reports a problem to instructions that say to act with tools, to a tool that opens a case ("My laptop screen
    # is cracked": create_ticket); or a question it is about by a related word ("How much did I spend in May?") or
    # that gives the id it looks up ("Has ORD-5521 shipped?")
    fitting = [tool for *_, tool, fits in scored if fits and not tool.handoff]
    files = fitting and stem(fitting[0].name.split("_")[0].lower()) in stem_set("create open file submit log raise report")
    reported = files and ("tool" in request.instructions.lower() or fitting[0].name in request.instructions) and set(
        words(request.message)) & notes.PROBLEM  # "Use tools", "Use report_problem for complaints"
    looks_up = [t for t in fitting if asking and identifiers(request.message) and stem(t.name.split("_")[0].lower()) not in
                _CHANGES | _STORES["keep"] and all(_ID & set(words(n.replace("_", " "))) or n.lower().endswith("date") for n in _needed(
                    t))]  # get_device(id), flight_status(flight_number, date): "Is AF77 flying today?"
    looks_up = looks_up or [t for t in fitting if lead == stem("check") and identifiers(request.message) and stem(t.name.split(
        "_")[0].lower()) not in _CHANGES | _STORES["keep"] and all(Reader(request, tool=t.name).kind(n, str(((
            t.parameters.get("properties") or {}).get(n) or {}).get("description") or ""))[0] in ("id", "example") for n in _needed(
                t))]  # "can you check tk-2231 and TK-2240": the status of each ticket ("like TK-1000"), no order of it
    said = _lower_tokens(request.message)  # "We need 6 eggs", "I want to hear Hey Jude": an order, not news (nor "We don't need...")
    wish = next((w for w, after in itertools.pairwise([*said, ""]) if w == "need" or f"{w} {after}" in ("want to", "i'd like",
                                                                                                    "would like")), "")
    needs = bool(wish) and not any(w in ("not", "no") or w.endswith("n't") for w in said[:said.index(wish)][-2:])
    looks = fitting and stem(fitting[0].name.split("_")[0].lower()) not in _CHANGES  # "Who is Rui Costa?": a lookup of a
    names_it = len(fitting) == 1 and bool(given := _proper_names(request.message)) and all(Reader(request).kind(n, "")[  # person
        0] in ("thing", "other", *["person"] * bool(looks)) for n in _needed(fitting[0])) and not set(words(
            request.message)) - set(words(" ".join(given))) - _VERBS - fitting[0].stems  # asks of a name alone: "How do I
    # make Beef Wellington?": find_recipe(dish)
    recalled = recalls and not fitting[0].name_stems - _VERBS & message if fitting else False
    lookups = [t for t in fitting if stem(t.name.split("_")[0].lower()) not in _CHANGES | {"add"}]
    coded = asking and len(lookups) == 1 and not recalls and not picked and any(not _phone_like(i) and any(
        c.isalpha() for c in i) and any(c.isdigit() for c in i) for i in identifiers(request.message)) and all(Reader(
            request).kind(n, "")[0] in ("thing", "other", "id") for n in _needed(lookups[0]))  # an id the one lookup
    fitting, names_it = (lookups, True) if coded else (fitting, names_it)  # takes: "What is wrong with RC-1185?"
    news = not asking and not needs and not reported and (said[:1] or [""])[0] in _NEWS_OPENERS and bool(fitting) and (
        _looks_up(fitting[0])) and not (
        fitting[0].name_stems - _VERBS) & message and "please" not in said and any(
        w in ("is", "are", "was", "were", "has", "have", "had", "will") or w.endswith("ed") for w in said) and all(
        (f := (fitting[0].parameters.get("properties") or {}).get(n)) and f.get("type") == "string" and "enum" not in f
        for n in _needed(fitting[0])) and not any(stem((_lower_tokens(piece) or [""])[0]) in _VERBS | _CHANGES for piece in (
            request.message.replace(";", ",").split(",")))  # "There are five horses on the yard", "The farrier is called Sean
    # Doyle": news to keep, no lookup (feed_stock) its words do not name
    outscored = len(fitting) == 1 and scored[0][2] is not fitting[0] and scored[0][0] >= 3 + next(
        score for score, _, t, _ in scored if t is fitting[0])  # "any UL050 blanks on the van?": the key-blank tool its words
    fitting = [] if outscored else fitting  # name, not apple_stock, which takes any text
    ahead = len(fitting) > 1 and scored[0][2] in fitting and scored[0][0] >= 3 + max(
        score for score, _, t, _ in scored if t in fitting and t is not scored[0][2])  # "how many left in slot B4 of
    fitting = [scored[0][2]] if ahead else fitting  # VM-12?": the slot's stock, given both values, not the machine's float
    picked = picked or (fitting if len(fitting) == 1 and not recalled and not news and (fitting[0].stems & (near | message) or names_it if asking else (
        reported or not _about_user(request.message) or needs or lead in _CHANGES | _ARRANGES | {"add"}) and not _chat(
            request.message)) else looks_up[:1])  # "Add X to my diary": an order
    (top_score, _, top, _), runner_up = scored[0], (scored[1][0] if len(scored) > 1 else 0)
    # a triage agent routes on the one desk whose description fits best
    required = top.parameters.get("required") or ()  # "Pass the text you get to shout": the text is its input
    named = len(tools) == 1 and not news and top.name in request.instructions and len(words(request.message)) > 1 and bool(
        required) and all(Reader(request).kind(n, "")[0] == "free" for n in required)
    earlier = any(is_user_message(i) for i in request.conversation[:request.last_user_index])  # nothing to recall yet
    words_said = set(_lower_tokens(request.message))  # "What priority did you give it?", "What's the ticket number?":
    ours = earlier and ("you" in words_said and {"did", "have", "gave", "made", "set"} & words_said or set(_topic(
        request.message)) & _ID) and not _proper_names(request.message) and not (  # of this chat, not the docs; not "Do you
        words_said & {"any", "anything"} and "did" not in words_said)  # have Dune?", "do you have anything by zadie smith?"
    told = set(words(request.instructions[:2000])) & stem_set("look search research consult")  # "Look things up in
    sought = [t for t in tools if told and not ours and t.stems & _SEARCHES and _takes_a_query(t, request.message) and t.stems & set(words(
        request.instructions)) - _VERBS and len(words(request.message)) > 1 and _reports(request.message)]  # the docs":
    # lookup_docs(question) takes what the user reports
    # "Always use a tool", "First call the `how_many_jokes` tool": the tool a sentence names, else the best one
    orders = [s.lower() for s in _sentences_saying(request.instructions, frozenset({"always", "first"})) if (
        "tool" in s.lower() or "call" in s.lower()) and _ordered_now(s, request.message)] + [s.lower() for s in sentences(request.instructions[:2000]) if (
            s.lower().startswith("use the ") and s.lower().rstrip(" .").endswith(" tool")) and sum(bool((
                t.name_stems - _VERBS) & set(words(s))) for t in tools) == 1]  # "Use the forecast tool.": the one it names
    fields = top.parameters.get("properties") or {}
    heard = _lower_tokens(request.message)
    whole = not top.handoff and fit[top.name] >= len(_needed(top)) >= 2 and all((fields.get(n) or {}).get("type") in (
        "integer", "number") and _measure_said(n, heard) for n in _needed(top)) and all(  # each measure it needs, by its
        sum(bool(t[:1].isdigit() and t.lstrip("0123456789.") == unit or _NUMBER.fullmatch(t) and after == unit) for t, after in (
            itertools.pairwise([*heard, ""]))) >= [n.rpartition("_")[2] for n in _needed(top)].count(unit) for unit in {
                n.rpartition("_")[2] for n in _needed(top) if "_" in n and not set(words(n.rpartition("_")[0])) & {
                    stem(t) for t in heard}})  # unit (a number each) or word:
    # "My chest is 101cm and I'm 183cm" (not "I'm 30 years old and weigh 80 kg" for chest_cm, height_cm)
    idle = not top.handoff and scored[0][1] == 0 and top_score - scored[0][3] < 1 and _acts(top) and not any(
        c.isdigit() for c in request.message) and not any({stem(str(o).lower()) for o in f.get("enum") or ()} & message for f in (
            fields.values()) if isinstance(f, Mapping))  # an act of which the message says nothing, its values all
    # from before: "can i get a refund if i cant make it" after buying tickets buys none again
    if not picked and (top_score >= 3 and not idle or whole or top.handoff and top_score > runner_up and top_score >= 1 or choice == "required" or (
            named) or orders):  # (a desk by a word of where alone, "in Victoria Park", is no desk's)
        picked = [t for t in tools if any(t.name.lower() in s for s in orders)][:1] or [t for t in tools if any((
            t.name_stems - _VERBS) & set(words(s)) for s in orders)][:1] or [top if top_score >= 3 or choice != (
            "required") else next((t for *_, t, _ in scored if stem(t.name.split("_")[0].lower()) in _VERBS - _CHANGES), None) or next((
                t for *_, t, _ in scored if not t.handoff and not (t.parameters.get("required") or _acts(t))), top)]
        # a call demanded that nothing asks for: one that changes nothing ("Thanks!": get_balance, not transfer_money;
        # "hello there": station_clock(), not log_track)
    keeper = "forget" if lead == stem("forget") else "keep"  # a memory tool: save_memory, remember_fact, forget_fact
    kept = [t for t in request.tools if not t.handoff and t.stems & _MEMORY and stem(t.name.split("_")[0].lower()) in (
        _STORES[keeper]) and (_takes_a_query(t) or "value" in _needed(t) or _notes_text(t))] if not (
        picked or asking) else []  # a fact, a key and its value, or a note's text (and its keywords)
    now = kept and any(f" {w} " in f" {request.message.lower()} " for w in ("this trip", "this time", "today", "tonight",
                                                                           "right now"))
    if kept and (lead in _STORES["keep"] | {stem("forget")} or _about_user(request.message) and not now):  # "For this
        picked = kept[:1]  # trip I want...": for now, not to keep; "Remember that my favourite colour is green",
        # "I'm allergic to shellfish", "Forget that..."
    picked = picked or sought[:1]
    heard_now = _lower_tokens(request.message)
    stocked = {"left", "remaining", "available"} & set(heard_now) and heard_now[:1] in (["how"], ["any"], ["is"], ["are"], [
        "what"], ["which"]) and not heard_now[1:2] in (["the"], ["your"], ["you"])  # "How many colas are left?", "What
    wanted = set(_topic(request.message)) - _LIGHT_VERBS - (stem_set("left remaining available") if stocked else set()) | (
        {stem("stock")} if stocked else set())  # snacks are available?": the stock
    bare = [(len(wanted), t) for t in tools if not t.handoff and not t.parameters.get("required") and wanted and len(
        wanted - t.stems - related(t.stems)) <= (1 if stem("stock") in wanted else 0) and wanted & (
            t.name_stems | _returned(t) | related(_returned(t))) and not {"you", "your"} & set(heard_now)]
    # ("What's in stock?": machine_inventory, whose description says each word asked and returns the stock; not "What's
    # your name?" of whoami, nor "Where is the canteen?" of get_menu)
    if not picked and asking and not recalls and choice != "none" and bare and (most := max(n for n, _ in bare)) and sum(
            n == most for n, _ in bare) == 1:  # "What's in stock?": the one tool taking nothing whose description says
        picked = [t for n, t in bare if n == most]  # it ("Return the current stock of every slot")
    timing = [t for t in tools if not t.handoff and not t.parameters.get("required") and t.name_stems & stem_set(
        "time times schedule timetable dates")]  # "when is that on?" (of a screening asked about): screening_times()
    picked = picked or (timing if asking and choice != "none" and not recalls and heard_now[:1] == ["when"] and len(
        timing) == 1 and not set(_topic(request.message)) - _STANDS_IN - stem_set("on happen start") and (any(item_type(
            i) == "function_call" for i in request.conversation[:request.last_user_index]) or _asked_or_wanted(request)) and not any(
                "tool" in piece and {"never", "not", "don't"} & set(_lower_tokens(piece)) for piece in sentences(
                    request.instructions.lower()[:2000])) else [])
    # (of what a call was made of, or asked or wanted: not "I passed my exam")
    asked = set(words(request.message))  # "How much is in my savings?": check_balance(account: checking|savings)
    picked = picked or [tool for tool in tools if asking and _fits(tool, request) and any(
        asked & set(words(str(o))) for f in (tool.parameters.get("properties") or {}).values()
        if isinstance(f, Mapping) for o in f.get("enum") or ())][:1]
    if not picked and (asking or needs and not desks) and (not _recalls(request.message) or not earlier) and not ours:  # "How
        # do I...?", (with no desk to send it to) "I'd like to add my logo to invoices": search_docs(query), not
        picked = [t for _, _, t, _ in scored if _takes_a_query(t, request.message) and (asking or t.stems & _SEARCHES) and stem(
            t.name.split("_")[0].lower()) not in _STORES["keep"] | _STORES["forget"] and not set(words(" ".join(_needed(
                t)).replace("_", " "))) & stem_set("reason note comment") or asking and t in answering][:1]  # (a reason is
        # no query: "Which zones are below 20 percent?" stops nothing)
        # save_memory(fact), else a desk; the best ("vet" of find_visit)
    # "If the customer asks a question not related to the routine, transfer back to the triage agent"
    routes = _sentences_saying(request.instructions, frozenset({"not", "unrelated", "cannot", "can't", "otherwise",
                                                                 "else", "other"}))
    routine = set(words(" ".join(s for s in sentences(request.instructions) if s not in routes)))
    wants = set(_lower_tokens(request.message)) & {"want", "like", "need", "change", "please"}  # "I'd like to change my
    if not picked and (_is_question(request.message) or wants) and not _covered(words(request.message), routine):  # seat"
        picked = [t for t in tools if t.handoff and any(t.name_stems - {"transf", "agent"} <= set(words(s))
                                                         for s in routes)][:1]
    asks_on = [c for c in _CORRECTING.finditer(request.message[:200]) if c[2] or c[3]] and len(tokens(request.message)) <= 8
    before = [str(i.get("name")) for i in request.conversation[:max(0, request.last_user_index)] if item_type(i) == (
        "function_call")] if asks_on and not picked else []  # "And for a Tesla?": to the desk the question before went to
    picked = picked or [t for t in tools if t.handoff and t.name == next((n for n in reversed(before) if n in (
        request.handoff_names)), "")]
    # a desk's one way back, for a problem none of its own words (instructions, tools) speak of: "my wifi keeps
    # dropping" told to a billing desk goes back to triage
    back = [t for t in tools if t.handoff]
    if not picked and len(back) == 1 and (set(words(request.message)) & notes.PROBLEM or _is_question(
            request.message)) and request.handoff_names - {t.name for t in request.tools}:
        own = routine | {w for t in tools if not t.handoff for w in t.stems}  # a desk (handed to before), not triage
        topic = [w for w in words(request.message) if not w[:1].isdigit()]  # (a follow-up of no topic of its own, "how
        picked = back if topic and not _covered(topic, own | related(own)) else picked  # much would I get?", stays)
    picked = [t for k, t in enumerate(picked) if not t.handoff or t is next(u for u in picked if u.handoff)]  # one desk
    if _declares(request.message) and not identifiers(request.message):  # "We're moving our studio to Keizersgracht
        picked = [t for t in picked if stem(t.name.split("_")[0].lower()) not in _VERBS - _CHANGES or (
            t.name_stems - _VERBS <= message)]  # 72": news, no lookup of a moving quote (but "My order is ORD-5")
    acts = _CHANGES | stem_set(" ".join(_ACTING))
    verb = {t.name: stem(t.name.replace("-", "_").split("_")[0].lower()) for t in tools}
    opposite = {v for pair in _OPPOSITE_ACTS if lead in pair for v in pair} - {lead}
    heard_low = _lower_tokens(request.message)
    acted = message - {stem(b) for a, b in itertools.pairwise(heard_low) if a in ("that", "the", "my", "this", "our", "your")}
    unasked = [t for t in picked if not t.handoff and verb[t.name] in opposite - acted and not (
        t.name_stems - {verb[t.name], lead}) & message]  # the opposite act, which the message neither asks for (but
    # names the thing of: "cancel that booking" asks no booking) nor names the thing of
    if lead in acts and not isinstance(choice, Mapping) and unasked and any(verb[t.name] == lead for t in tools if not (
            t.handoff)):  # "Book the double for Priya": book_room, never cancel_booking
        picked = [t for t in picked if t not in unasked] or [t for t in tools if not t.handoff and verb[t.name] == lead][:1]
    units = {stem(w) for w in MEASURE_WORDS} | {"per"}
    joined = {stem(a + b) for a, b in itertools.pairwise(heard_low)}  # "pre order": preorder
    if picked and not asking and not picked[0].handoff and (_acts(picked[0]) or verb[picked[0].name] in joined) and verb[
            picked[0].name] in message | joined | {lead}:  # "pre order
        names = set(words(" ".join(_proper_names(request.message))))
        picked = [t for t in picked if t is picked[0] or t.handoff or _acts(t) or (t.name_stems - _VERBS) & message - units - names]
        # 1.5kg ribeye and 2kg pork belly ..., name Gareth Price": the order, no price_per_kg for its "kg", the option it
        # shares or a name's "Price"
    changing = [t for t in picked if not t.handoff and verb[t.name] in _CHANGES - message]  # "check LH-210 and LH-104"
    if lead in stem_set("check look see view") and not isinstance(choice, Mapping) and changing:  # after a booking: a
        picked = [t for t in picked if t not in changing] or [t for score, _, t, _ in scored if score > 0 and not t.handoff and (
            verb[t.name] not in _CHANGES)][:1] or picked  # look, no booking
    return picked[:4]


#: Fields whose value is something said, not a thing named: no noun of the message fills them.
_THINGS_SAID = stem_set("headline summary title text message question reason note description detail comment "
                        "explanation answer extra restriction topic request query content body")


def _ordered_now(order: str, message: str) -> bool:
    """Whether an order to call a tool holds for ``message``: always, unless it is for a case ("Always call
    class_availability before enrol": only when the message asks to enrol, not for "I want my deposit back")."""
    low = f" {order.lower()} "
    cue = next((c for c in (" before ", " after ", " if ", " when ", " whenever ") if c in low), "")
    if not cue:
        return True
    case = set(words(low.partition(cue)[2].split(",")[0].split(";")[0].replace("_", " "))) - _VERBS - {stem("call")}
    if case <= stem_set("anything everything else all any replying answering customer user anyone someone message messages "
                        "writes write new conversation start chat contact gets get reply"):  # "Before anything else, first
        return True  # use...", "When a customer writes", "if this is the start of the conversation"
    heard = set(words(message))
    return bool(case & (heard | related(heard))) or stem("book") in heard and bool(case & stem_set("enrol enroll book register"))


def _attached(pieces: list[str]) -> list[str]:
    """A list's pieces with each bare value joined to the piece before ("400g of Ragstone", "a goat's cheese", "at
    £11.20": one), and a piece between them that names no count ("a goat's cheese") with it."""
    def bare(piece: str) -> bool:
        said = [t for t in tokens(piece) if t.lower() not in STOP]
        return bool(said) and all(facts(t) or t[:1] in "£$€" for t in said) and not _opens_count(piece)
    out: list[str] = []
    for k, piece in enumerate(pieces):
        between = k + 1 < len(pieces) and bare(pieces[k + 1]) and not _opens_count(piece) and not any(map(str.isdigit, piece))
        out[-1:] = [f"{out[-1]}, {piece}"] if out and (bare(piece) or between) else [*out[-1:], piece]
    return out


#: Nouns whose adjective in "-y" asks for them ("too windy": wind_forecast; "too salty": check_salt_level).
_WEATHERY = stem_set("wind rain snow cloud storm fog frost ice salt noise dust smoke mud sand")
#: Words that ask what is still free ("Are there any seats left?"), and verbs of a desk that checks as well as changes.
_FREE = stem_set("left free spare remaining available availability any")
_CHECKS = stem_set("check look find tell show view list search")
#: Acts that undo each other: a message asking for one never calls the other's tool ("Book the double": no cancel).
_OPPOSITE_ACTS = [stem_set(pair) for pair in ("book cancel", "order cancel", "reserve cancel", "add remove", "add delete",
                                             "create delete", "enable disable", "lock unlock", "open close", "start stop",
                                             "buy sell", "subscribe unsubscribe", "schedule cancel")]


def _slot_outside(request: Request, options: Sequence[Any]) -> str:
    """The word the latest message puts where the user's message before it named one of ``options``, when it is none
    of them ("set the kitchen to 21", then "set the garage to 15": garage; "book me a cut thursday", then "a perm on
    friday": perm), else ``""``: a value the options lack, never the option said before. The tools' own words are no
    such value ("set the heating to 19")."""
    offered = {str(o).lower() for o in options if isinstance(o, str)}
    now = _lower_tokens(request.message)
    if not offered or offered & set(now):
        return ""
    def after_alike(a: str, b: str) -> bool:  # the word after: the same, or both a day or a day's cue
        return a == b or {a, b} <= CALENDAR | {"on", "at", "for", "this", "next"}
    known = {w for t in request.tools for w in (t.name_stems if set(words(t.told)) & set(map(stem, offered)) else t.stems) | set(words(
        " ".join(t.parameters.get("properties") or ()).replace("_", " ")))}  # the tools' own words name no value: "set the
    # heating to 19" (but of a description that lists things beside the options, "bathroom" may be one it lacks)
    known |= related(known)
    for item in request.conversation[:request.last_user_index][::-1]:
        if not is_user_message(item):
            continue
        then = ["", *_lower_tokens(plain_text(item.get("content"))), ""]
        for k, word in enumerate(then[1:-1], 1):
            if word in offered and then[k - 1] and then[k - 1] not in offered:
                found = [w for j, w in enumerate(now) if 0 < j < len(now) - 1 and now[j - 1] == then[k - 1] and w.isalpha() and (
                    w not in STOP | CALENDAR) and stem(w) not in known and not any(len(w) >= 4 and n.startswith(w) for n in known) and (
                        after_alike(now[j + 1], then[k + 1]))]  # ("temp" of a "temperature")
                if len(found) == 1:
                    return found[0]
        return ""
    return ""


def _named_in_lower_case(text: str) -> list[str]:
    """The speaker's name written in lower case after "my name is" (or "name is" opening a clause), "my name's" or "i'm
    called", up to the clause's end ("my name is priya sandhu, best number ...": "Priya Sandhu"; not "our dog's name is
    biscuit"); two or three words of letters, none a common word."""
    for clause in text.replace(";", ",").replace(". ", ",").split(","):
        said = _lower_tokens(clause)
        for k in range(len(said)):
            if (said[k:k + 2] == ["name", "is"] or said[k] == "name's") and (k == 0 or said[k - 1] == "my") or said[k:k + 2] == [
                    "i'm", "called"]:  # (not "our dog's name is biscuit")
                run = said[k + (1 if said[k] == "name's" else 2):]
                if 2 <= len(run) <= 3 and all(w.isalpha() and w not in STOP and w not in CALENDAR for w in run) and run == [
                        t for t in tokens(clause)[-len(run):]]:
                    return [" ".join(w.capitalize() for w in run)]
    return []


def _names_model(before: str, word: str) -> bool:
    """Whether ``word`` (after ``before``) names a model: letters then digits ("U1", "M600"), or a number after a maker's
    name ("Rolex 1680"); no price ("Okoye, £22"), time or year ("from 1984")."""
    return word[-1:].isdigit() and word[:1] not in "£$€" and ":" not in word and (word[:1].isalpha() or before[:1].isupper() and (
        before.isalpha()) and not (len(word) == 4 and word[:2] in ("19", "20")))


def _affirmed(statement: Statement) -> frozenset[str]:
    """A statement's stems but those it negates ("..., not urgent": no "urgent")."""
    low = f" {' '.join(statement.text.lower().replace('*', '').replace('_', ' ').split())}"  # (not "no, low priority": an
    # answer, then its choice; but "*not* urgent")
    return statement.stems - {stem(b) for a, b in itertools.pairwise(_lower_tokens(statement.text)) if a in ("not", "no", "never") and (
        f" {a} {b}" in low)}


def _unaged(said: list[str]) -> list[str]:
    """The words of a text (split at spaces), each age in it blanked: a number before "years old" ("17 years old"), or
    after "I'm", "he's", "she's", "aged" that ends its clause ("i'm 17, can i order...", not "I'm 2 short")."""
    low = [w.lower().replace("’", "'") for w in said]
    def aged(k: int) -> bool:
        word = low[k].rstrip(",.;!?")
        return word.isdigit() and (low[k + 1:k + 3] in (["years", "old"], ["year", "old"], ["yrs", "old"]) or bool(
            low[k - 1:k]) and low[k - 1] in ("i'm", "im", "he's", "she's", "aged") and (word != low[k] or k + 1 == len(low) or (
                low[k + 1] in ("and", "so", "but"))))
    return [" " if aged(k) else w for k, w in enumerate(said)]


def _opens_count(piece: str) -> bool:
    """Whether a piece of a list opens with a count or a measure, after at most a few words leading in ("I'd like 250g
    of Stichelton", "and 400g of Ragstone"; not "a goat's cheese", "at £11.20")."""
    said = tokens(piece)[:4]
    at = next((k for k, t in enumerate(said) if any(map(str.isdigit, t)) or t[:1] in "£$€"), None)
    return at is not None and said[at][:1].isdigit() and all(t[:1].isalpha() and (not t[:1].isupper() or t in (
        "I'd", "I'll") or k == 0 and (t.lower() in STOP | {"just", "please", "also", "plus"} or at == 1 and t.isalpha() and (
            t.lower() not in _OPENERS))) for k, t in enumerate(said[:at])) and not (said[at - 1:at] and said[
        at - 1].lower() in ("on", "at", "by", "until", "before", "from", "to", "in")) and not (said[at + 1:at + 2] and said[
            at + 1].lower() in CALENDAR) and not (at + 1 == len(tokens(piece)) and said[at - 1:at] and said[at - 1].lower() in (
                "i'm", "im", "he's", "she's", "aged", "age"))  # (no date: "deliver on 19 December"; no age: "i'm 17")


def _switch(tool: Tool) -> bool:
    """Whether a tool sets a switch: a yes/no parameter named like one (``enabled``, ``active``, ``on``)."""
    return any(isinstance(field, Mapping) and field.get("type") == "boolean" and set(words(name.replace("_", " "))) & stem_set(
        "enabled active on activated state switched") for name, field in (tool.parameters.get("properties") or {}).items())


def _declares(message: str) -> bool:
    """Whether a message only tells what is so, of the user or their plans ("We're moving on Saturday", "The move is
    planned for 6 September"): no question, no request ("please", "I need", "can you")."""
    said = _lower_tokens(message)
    return not _is_question(message) and said[:1] in (["i"], ["i'm"], ["we"], ["we're"], ["my"], ["our"], ["the"]) and not (
        set(said) & {"please", "like", "can", "could", "would", "help", "should"} or _faults(message))


def _aside(desk: Tool, desks: Sequence[Tool], found: Sequence[str]) -> set[str]:
    """The words of a desk's name said only as where, or as whose, a thing another desk speaks of is ("The hotel wifi
    won't connect", "my laptop at the hotel": wifi and laptops are IT support's, not the hotel desk's)."""
    others = {s for t in desks if t is not desk for s in t.stems - _HANDOFF} - desk.stems
    found = [stem(w) for w in found]
    if not others & set(found):
        return set()
    return {w for w in desk.name_stems if w in found and all(
        after in others or before in _PLACE_CUES and not (before == "to" and earlier in _TO_DO) or before in (
            "the", "a", "my", "our") and earlier in _PLACE_CUES
        for earlier, before, w2, after in zip(["", "", *found], ["", *found], found, [*found[1:], ""]) if w2 == w)}


#: The words before "to" that make it the mark of a verb ("I need to hire a barrel"), not of a place ("to the hire desk").
_TO_DO = stem_set("need want like love wish plan hope try going able how have")


def _clauses(request: Request) -> list[str]:
    """The latest message's clauses: cut at "then", "; ", ", and also"..., and at " and " before a word of a tool's
    name ("Book a table at Nopi and email the confirmation to sam@x.com": "email the confirmation to sam@x.com") or
    before a part naming a tool the clause before does not ("'hi' to French and 'bye' to Spanish": "'bye' to Spanish")."""
    names, clauses = {stem(w) for t in request.tools if not t.handoff for w in t.name.lower().split("_")}, []
    for piece in _CLAUSE.split(request.message[:4000]):
        for k, part in enumerate(piece.split(" and ")):
            joined = k and stem((tokens(part) or [""])[0].lower()) not in names and not (
                set(words(part)) - set(words(clauses[-1])) - _VERBS) & names
            clauses[-1:] = [f"{clauses[-1]} and {part}"] if joined else [*clauses[-1:], part]
    return [c for c in clauses if c.strip()]


def _clause_at(tool: Tool, clauses: Sequence[str]) -> int:
    """The index of the clause that names ``tool`` best, or that its verb opens ("then restart it": restart_service)."""
    opens = [stem((tokens(clause) or [""])[0].lower()) in tool.name_stems - _VERBS - _CHANGES for clause in clauses]
    return max(range(len(clauses)), key=lambda k: len(tool.stems & (said := set(words(clauses[k])))) + opens[k]
               + 2 * len(tool.name_stems & (said | related(said))))  # "add a shirt, and tell me the total": the first


def _depends(tool: Tool, chosen: Sequence[Tool], request: Request) -> list[str]:
    """The words of ``tool``'s clause when it acts on what another chosen tool's earlier clause makes ("Book a table and
    email the confirmation", "send it", "text me the tracking number": called once that tool has returned), else []."""
    clauses = _clauses(request)
    at = _clause_at(tool, clauses) if len(clauses) > 1 else 0
    said = [t.lower() for t in tokens(clauses[at])][1:]
    refers = "it" in said or any(a in ("the", "its", "their", "this", "that") and stem(b) in _RESULTS
                                 for a, b in zip(said, said[1:]))
    return said if at and refers and any(_clause_at(t, clauses) < at for t in chosen if t is not tool) else []


def _sent(tool: Tool, request: Request, said: list[str], arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments of a call that sends what this turn's earlier tool returned: a subject field names it ("email
    the confirmation": "Confirmation RB-5521"), another free-text field holds the output's lines."""
    name, output, _ = next((r for r in reversed(request.this_turn[2]) if r[0] != tool.name), ("", "", ""))
    thing = " ".join(w for w in said if stem(w) in _RESULTS) or name.partition("_")[2] or name
    subject = " ".join([thing.replace("_", " ").capitalize(), *identifiers(output)[:1]])
    free = [(n, set(words(n.replace("_", " ")))) for n in tool.parameters.get("properties") or () if output]
    return {**arguments, **{n: subject if stems & _SUBJECT else "\n".join(result_lines(output)) for n, stems in free
                            if stems & _FREE_TEXT}}


def _clause_for(tool: Tool, request: Request) -> Request:
    """The request as ``tool`` reads it when several tools are called: the latest message cut to the clause that
    names the tool best ("Get the price of AAPL, and also convert 100 USD to EUR": "convert 100 USD to EUR")."""
    clauses = _clauses(request)
    if len(clauses) < 2:
        return request
    best = clauses[_clause_at(tool, clauses)]
    lead, colon, body = request.message.partition(": ")  # "In Spanish and French: how do you say hi?": all of it
    parts = tool.name.lower().split("_")  # to each ("spanish", "french": what the lead-in picks them by)
    if colon and len(tokens(lead)) <= 8 and len(tokens(body)) >= 3 and set(words(lead)) & set(words(" ".join(
            parts[stem(parts[0]) in _VERBS:]))):
        best = body
    at = request.last_user_index  # what follows the message (this turn's results) is kept
    items = [*request.conversation[:at], {"role": "user", "content": best}, *request.conversation[at + 1:]]
    return Request.read({**request.body, "instructions": request.instructions}, items)


#: What opens a message's correction of itself ("book court 1 at 19:00. no wait, make it court 2 at 17:00").
_TAKE_BACK = (" no wait", " no, wait", " oh wait", " sorry, make", " sorry make", " i mean ", " actually make", " actually, make")


def _amended(request: Request) -> Request:
    """The request as a call reads it when the latest message corrects itself ("book court 1 at 19:00 ... no wait, make
    it court 2 at 17:00"): each value the correction gives replaces the one before it of its shape, after the same word
    if it has one (court 2 for court 1), the correction dropped; else the request."""
    text = request.message
    heard = _lower_tokens(text)
    before, joint, rest = text.partition(" and ")
    if joint and heard[:1] in (["i"], ["we"]) and heard[1:2] and heard[1].endswith("ed") and set(_lower_tokens(before)) & {
            "last", "yesterday", "ago", "once"} and set(_lower_tokens(rest)) & _REQUESTING:  # "We booked 2 nights last year
        return Request.read({**request.body, "instructions": request.instructions}, [  # and want to come back on 14 June for
            *request.conversation[:request.last_user_index], {"role": "user", "content": rest}, *request.conversation[  # 3
                request.last_user_index + 1:]])  # nights": the request, not the stay before
    at = max((text.lower().find(cue) for cue in _TAKE_BACK), default=-1)
    if at <= 0:
        return request
    # What the message says after its correction's sentence stays as said ("...14 panels. can you move the visit to
    # 2025-03-10"), unless it corrects again a value of a shape said before ("no wait, court 2. and make it 20:00").
    tail = ""
    def shapes(part: str) -> set[str]:
        return {"".join("9" if c.isdigit() else c for c in t) for t in tokens(part) if any(c.isdigit() for c in t)}
    for end in (k + 1 for k, c in enumerate(text[at + 1:], at + 1) if c in ".?!" and text[k + 1:k + 2] == " "):
        if any(c.isdigit() for c in text[at:end]):
            again = any(cue in f" {text[end:].lower()}" for cue in (" make it", " make that", " actually", " instead", " i mean",
                                                                     " sorry", " change it", " move it", " no wait", " better",
                                                                     " nicer", " prefer", " rather"))  # ("10:00 is better")
            text, tail = (text, "") if again and shapes(text[end:]) & shapes(text[:end]) else (text[:end], text[end:])
            break
    before, after = tokens(text[:at]), tokens(text[at:])
    def shape(token: str) -> str:
        return "".join("9" if c.isdigit() else "A" if c.isalpha() else c for c in token)
    fixed = list(before)
    for lead, value in zip(["", *after], after):
        same = [k for k, t in enumerate(before) if any(map(str.isdigit, value)) and shape(t) == shape(value) and t != value]
        led = [k for k in same if k and before[k - 1].lower() == lead.lower() and lead.isalpha()]
        if len(led) == 1 or not led and len(same) == 1:
            fixed[(led or same)[0]] = value
    for options in [[str(o).lower() for o in f.get("enum") or ()] for t in request.tools for f in (t.parameters.get(
            "properties") or {}).values() if isinstance(f, Mapping)]:  # "book north ... no wait, make it the south booth"
        now = [w for w in after if w.lower() in options]
        then = [k for k, w in enumerate(fixed) if w.lower() in options and w.lower() != (now or [""])[-1].lower()]
        if len(set(map(str.lower, now))) == 1 and len(then) == 1:
            fixed[then[0]] = now[0]
    amended = text[:at]
    for old, new in zip(before, fixed):
        if old != new:
            amended = amended.replace(old, new, 1)
    for dated in (True, False):  # "until the 1st of July... no wait, make it 15 July", "at 9am ... make it 11:00": the
        said = [[m.group(0) for m in _DATE.finditer(part) if any(w.lower() in CALENDAR for w in tokens(m.group(0))) == dated]
                for part in (amended, text[at:])]  # date or the time said again
        amended = amended.replace(said[0][0], said[1][0]) if len(said[0]) == len(said[1]) == 1 else amended
    if amended == text[:at]:
        return request
    at = request.last_user_index
    items = [*request.conversation[:at], {"role": "user", "content": amended + tail}, *request.conversation[at + 1:]]
    return Request.read({**request.body, "instructions": request.instructions}, items)


def _needed(tool: Tool) -> list[str]:
    """The fields a call must be given a value for: required, with no default, not nullable nor a yes/no (``door``,
    not ``locked: bool`` nor ``force: bool = False``)."""
    fields = tool.parameters.get("properties") or {}
    return [n for n in tool.parameters.get("required") or [] if not isinstance(field := fields.get(n), Mapping) or not (
        "default" in field or {"type": "null"} in (field.get("anyOf") or ()) or field.get("type") == "boolean")]


def _notes_text(tool: Tool) -> bool:
    """Whether a tool takes a text and, besides, only lists: save_memory_note(text, keywords)."""
    fields = tool.parameters.get("properties") or {}
    texts = [n for n in _needed(tool) if frozenset(words(n.replace("_", " "))) & _FREE_TEXT]
    return len(texts) == 1 and all(n in texts or (fields.get(n) or {}).get("type") == "array" for n in _needed(tool))


def _takes_a_query(tool: Tool, message: str | None = None) -> bool:
    """Whether a tool takes one thing, a free text (``query``, ``question``; any other has a default): a search a
    question can be sent to; a title only if the ``message`` names one ("Is Dune in?", not "Are you open on Sunday?")."""
    required = _needed(tool) or [*(tool.parameters.get("properties") or {})][:1]  # or its first, none needed (title=None)
    works = _WORKS - {stem("name")}  # an album too: "Do you stock Rumours by Fleetwood Mac?"
    said = frozenset(words(required[0].replace("_", " "))) if len(required) == 1 else frozenset()
    return bool(said & (_FREE_TEXT | works)) and not said & _ID and (  # a tracking_number is an id, not a music track
        message is None or not said & works or bool(_proper_names(message) or _QUOTED.search(message) or _made_by(
            message, tool.name)) or bool(said & stem_set("date day") and (_DATE.search(message) or len(tool.name_stems - _VERBS) > 1 and (
                tool.name_stems - _VERBS <= set(words(message))) or ({"left", "available", "availability", "free", "remaining",
                                                                   "spare"} & set(_lower_tokens(message)) or " ".join(
                    _lower_tokens(message)[:3]) in ("do you have", "are there any", "is there any")) and (
                    tool.name_stems - _VERBS) & set(words(message)))))  # "do you have dune by frank herbert"; a show_date: "Are there seats left for 8 March?"
    # (or its tool named, to ask for the date: "Are there seats left?")


@functools.lru_cache(maxsize=4096)  # a tool's result is re-sent with every later request
def _value_names(field: str) -> frozenset[str]:
    """The stems of the names a result's ``key: value`` line gives as its value."""
    return frozenset(words(" ".join(_proper_names(field.partition(": ")[2]))))


def _record_names(request: Request) -> dict[int, frozenset[str]]:
    """By the order of each field a tool returned, the stems of the names the other fields of its record give: the
    price of ``{"blend": "Low Tide", "price_gbp": 82.0}`` is the price of Low Tide."""
    out: dict[int, frozenset[str]] = {}
    fields = [s for s in request.said if s.role == "tool"]
    for _, group in itertools.groupby(fields, key=lambda s: (s.turn, s.tool)):
        group = list(group)
        names = [_value_names(s.text) for s in group]
        for at, s in enumerate(group):
            out[s.order] = frozenset().union(*names[:at], *names[at + 1:])
    return out


def _argued_names(request: Request) -> dict[int, frozenset[str]]:
    """By the order of each sentence of the user's, the stems of the names of the call arguments that took a value from
    it: "We're relaying an outfield on heavy clay", then ``recommend_mix({"soil": "clay"})``, says the soil."""
    out: dict[int, frozenset[str]] = {}
    told = [s for s in request.said if s.role == "user" and not s.asks]
    for call in (s for s in request.said if s.role == "call"):
        arguments = structured(call.text.partition("(")[2].removesuffix(")"))
        for key, value in (arguments.items() if isinstance(arguments, dict) else ()):
            for s in [s for s in told if s.order < call.order and isinstance(value, str) and len(value) >= 3 and (
                    whole_words_at(s.text.lower(), value.lower()))][-1:]:
                out[s.order] = out.get(s.order, frozenset()) | frozenset(words(key.replace("_", " ")))
    return out


#: Verbs of how the assistant itself speaks, which it can promise ("please be brief", "please reply in French").
_MANNER = frozenset("be keep answer reply use say mention remember note speak talk respond call refer address stay avoid "
                    "stop always never write".split())


def _will(order: str) -> str:
    """How an order the user gave is told back: a promise of how the assistant speaks ("I will be brief"), else what was
    asked of it ("you asked me to bring 4 bags of substrate"), a deed in the world it cannot promise."""
    return "I will " if (_lower_tokens(order) or [""])[0] in _MANNER | {"don't", "do"} else "you asked me to "  # ("don't
    # phone me": "I won't phone you")


def _of_another(request: Request, statement: Statement, whom: set[str]) -> bool:
    """Whether a user's sentence that opens with "he", "she" or "they" speaks of someone the user named just before
    who is not ``whom`` ("He wants a leather belt" after "... a new recruit, Oskar Lindqvist"), or opens with the name
    of another one of those named ("Ella has a peanut allergy" is not of Ellie)."""
    opener, verb = (tokens(statement.text) + ["", ""])[:2]
    if statement.role == "user" and opener[:1].isupper() and opener.isalpha() and opener != "I" and opener.lower() not in STOP | (
            CALENDAR) and stem(opener.lower()) not in whom and (any(opener in tokens(s.text)[1:] for s in request.said if s.role == (
                "user")) or verb in _SUBJECT_VERBS | {"loves", "likes", "hates", "needs", "wants"}) and any(
                whom & s.stems for s in request.said if s.role == "user" and not s.asks):  # "Ella has a peanut allergy" is
        return True  # not of Ellie, both named
    if statement.role != "user" or (_lower_tokens(statement.text) or [""])[0] not in ("he", "she", "they", "his", "her", "their"):
        return False
    before = [s for s in request.said if s.role == "user" and s.order < statement.order and not s.asks][-1:]
    named = {stem(t.lower()) for s in before for t in tokens(s.text)[1:] if t[:1].isupper() and t != "I" and (
        t.lower() not in CALENDAR)}
    return bool(named) and not named & whom


def _lettered(text: str) -> set[tuple[str, str]]:
    """The things a text names by a word and a letter ("Site A", "Plan B", "Gate C"): each word and its letter."""
    return {(a.lower(), b) for a, b in itertools.pairwise(tokens(text)) if a[:1].isupper() and a.isalpha() and len(a) > 1 and (
        len(b) == 1 and b.isupper() and b != "I")}


def _of_other_letters(text: str, asked: set[tuple[str, str]]) -> bool:
    """Whether a text speaks only of other lettered things than the question's (``asked``, :func:`_lettered`): "Sorry,
    the Site B visit moves to 18 April" for "When is the Site A visit?"."""
    said = _lettered(text) if asked else set()
    return bool(said) and not said & asked


def _settled(message: str, decided: tuple[str, ...], days: bool = True) -> str:
    """A question of the day (date, time, week, month; of anything unless ``days``) a choice ``decided`` names, as a
    question of the day it is: "Which day did we settle on?" → "Which day is it?" (not "Which restaurant did we go
    with?": the one gone with)."""
    low = message.lower()
    asked = {"day", "date", "time", "week", "month"} & {w.strip("?,.") for w in low.split()[:4]} or not days
    return next((message[:at] + " is it" + message[at + len(cue):] for cue in decided if asked and (at := low.find(
        cue)) >= 0), message)


def _answered_by_conversation(request: Request, question: str = "", mine: bool = False,
                              echoed: bool = False) -> tuple[int, Statement] | None:
    """:func:`_answered_once`; of "What day did we agree on?" that no statement of agreeing answers, the day as it
    stands ("Let's do Friday ... back to Saturday after all": Saturday)."""
    found = _answered_once(request, question, mine, echoed)
    asked = question or request.message
    again = _settled(asked, (" did we agree on", " did we decide on", " did we pick", " did we choose", " did we book",
                             " have we agreed on", " did we settle on", " did we go with", " did we land on"), days=False)
    return _answered_once(request, again, mine, echoed) if found is None and again != asked else found


def _toned(message: str) -> list[str]:
    """The words of a message that may give its tone, in lower case: none a negation takes back ("no faults, nothing
    defective"), and "broke" of a thing as "broken" ("The kettle broke", not "I'm broke")."""
    said = _lower_tokens(message)
    return [("broken" if w == "broke" and before not in ("i'm", "im", "am", "are", "we're", "be", "being", "so", "is", "was", "flat",
                                                          "totally", "completely") else w) for before, w in itertools.pairwise(
        ["", *said]) if before not in ("no", "not", "nothing", "never", "without")]


def _also_told(question: str, told: str) -> bool:
    """Whether ``told`` (another part's answer, in lower case) answers a short question too: a word of it opening one
    of its words ("how hard?" of "99a hardness"), or how often of a frequency ("twice a day")."""
    asked = [w for w in _lower_tokens(question) if w not in STOP | QUESTION_WORDS | {"often", "much", "many", "long"} and (
        stem(w) not in _LIGHT_VERBS)]  # ("does she have an epipen?": an epipen)
    said = told.replace(",", " ").replace(".", " ").split()
    often = "often" in _lower_tokens(question) and any(w in said for w in ("daily", "weekly", "twice", "once", "hourly")) or (
        "a day" in told or "a week" in told or "times a" in told)
    return often or bool(asked) and all(any(w.startswith(a) and len(a) >= 3 for w in said) for a in asked)


def _there_asked(question: str) -> str:
    """The stem of the thing a question asks is there ("Are there floodlights on court 1?": floodlight), else ``""``."""
    heard = _lower_tokens(question)
    heard = heard[1:] if heard[:1] in (["so"], ["and"], ["but"]) else heard
    rest = heard[2:] if heard[:2] in (["are", "there"], ["is", "there"]) else []
    thing = next((w for w in rest if w not in STOP | {"any", "some", "still", "enough", "somewhere", "anywhere", "something",
                                                     "anything", "someone", "anyone", "place", "way", "get", "buy", "find",
                                                     "have", "see", "go"}), "")  # ("is there somewhere to get coffee?": coffee)
    return stem(thing) if thing.isalpha() and len(thing) > 3 else ""


@_once_per_request
def _answered_once(request: Request, question: str = "", mine: bool = False,
                   echoed: bool = False) -> tuple[int, Statement] | None:
    """``(coverage, statement)`` of the statement, tool result or note that answers the latest question
    (or ``question``): it names the thing asked about and two (or half) of the question's words; with ``mine``, of
    the assistant's own words, one that says half of them as they are or that a question to it asks of ("What does
    lesson 1 cover?", "What did you say you'd send me?"), not the offline model's echo ("Noted: ..."); with ``echoed``,
    only such an echo of the user's words (the user's own sentence trimmed away, its echo still in view)."""
    question = _asked(_referred(request, question or request.message))
    for group in ("how many of us are there", "how many are there of us", "how many are we", "how many of us"):
        at = question.lower().find(group)  # "How many are we?": how many people are in the group
        question = question[:at] + "how many people are in our group" + question[at + len(group):] if at >= 0 else question
    for part in ("surname", "family name", "last name", "first name", "full name"):  # a part of a name no statement
        question = question.replace(f" {part}", " name") if f"my {part}" in question.lower() and not any(  # names: the
            f"my {part}" in s.text.lower() for s in request.said if s.role in ("user", "note") and not s.asks) else question
    question = question.replace("house number", "number") if "house number" in question.lower() and not any(
        stem("house") in s.stems for s in request.said if s.role in ("user", "note") and not s.asks) and any(
            a == "number" and b[:1].isdigit() for s in request.said for a, b in itertools.pairwise(_lower_tokens(s.text))
        ) else question  # "outside number 8" (else an address gives it: "I live at 27 Sorrel Drive")
    priced = any(f"how much {w} " in question.lower() for w in ("is", "are", "was", "does", "do")) or any(
        w in _COST_WORDS for w in _lower_tokens(question))  # "How much is it?", "What did that cost?": a
    topic = request.memory.spelled(_topic(question)) or [stem("price")] * priced  # price, said with a currency
    topic = [one for one in topic if one not in _MODIFIERS] or topic  # "our total budget": the budget
    low = _lower_tokens(question)
    counting = {a for w, a, b in zip(low, low[1:], low[2:]) if w in ("what", "which") and a in _COUNT_WORDS and b not in STOP and not any(
        a in s.stems for s in request.said if not s.asks)}  # (but "two" of "I have two sisters, Ada and Bea")
    topic = [one for one in topic if one not in counting] or topic  # "What two preferences did I give?": preferences
    held = {one for s in request.said if not s.asks for one in s.stems} if any("-" in one for one in topic) else set()
    topic = [part for one in topic for part in ([stem(one.replace("-", ""))] if stem(one.replace("-", "")) in held else one.split(
        "-") if "-" in one and one.replace("-", "").isalpha() and one not in held else [one])]  # "my second-ferment flavour"
    # of "my second ferment", "the call-out fee" of "callout fee gbp: 90"
    if not topic and _lower_tokens(question)[:3] in (["where", "is", "it"], ["where's", "it"], ["where", "is", "that"]):
        topic = [stem("venue")]  # "where is it?": the place the conversation is of
    if not topic:
        return None
    wants_id, how_much = bool(set(topic) & _ID), "how much " in question.lower()
    asking = next((s for s in reversed(sentences(request.message)) if s.rstrip().endswith("?")), (sentences(
        request.message) or [""])[-1])  # its question ("Who restocked the fridge? Ticket 88: ...": not the ticket)
    # The thing asked about must be there: "the ticket number" (the word before "number"), "my dog".
    counted = stem(question.lower().partition("how many ")[2].split(" ")[0].strip("?")) or None  # "nights", not "items"
    counted = None if counted in _ITEMS or counted in stem_set("has have had did do does are were is was will can") else counted
    # ("How many has Gosh sold?": no "has" counted)
    head = next((a for a, b in zip(topic, topic[1:]) if b in _ID), None) or counted or request.memory.spelled(
        [_owned(question) or ""])[0]
    head = None if head in _MODIFIERS else head
    lowered_question = f" {question.lower()} "
    if head and len(topic) >= 3 and any(f" {p} my {w}" in lowered_question or w.endswith("'s") and f" my {w} " in lowered_question for p in (
            "on", "of", "for", "in") for w in _lower_tokens(question) if stem(w.removesuffix("'s")) == head) and not any(
                head in s.stems for s in request.said if not s.asks):  # "What's the trim colour on my models?" when no
        topic = [one for one in topic if one != head]  # "models" were said (but "40 infantry miniatures"): the trim
        head = next((a for a, b in zip(topic, topic[1:]) if b in _ID), None)  # colour; "my accordion's serial number":
    # the serial number
    which = next((stem(b) for a, b in itertools.pairwise(_lower_tokens(question)) if a in ("which", "what")), None)
    if head and which in topic and which != head and any(f" {p} {o} {w}" in lowered_question for p in ("for", "of", "on") for o in (
            "my", "our") for w in _lower_tokens(question) if stem(w) == head) and not any(
                {head, which} <= s.stems for s in request.said if not s.asks) and any(
                    head in s.stems for s in request.said if not s.asks):  # "Which colour did I pick for our album?"
        topic = [one for one in topic if one != head]  # when no sentence tells both: the colour told ("Colour: smoky
        head = None  # grey"), the album being what the whole conversation is of
    named = bool(head) and wants_id  # "the serial number": a statement that names it and holds a value
    called = {stem(found) for s in request.said if s.role == "user" and head  # "my partner Ewa": Ewa is the partner
              for found in re.findall(rf"\b[Mm]y {re.escape(head)}\w*(?:'s name)?(?: is)?(?: called| named)? ([A-Z][\w-]+)", s.text)}
    # ("my sister is called Ingrid" too)
    roles = ("assistant",) if mine or echoed else ("user", "note", "tool")
    sort = next((stem(b) for a, b in itertools.pairwise(_lower_tokens(question)) if a in ("which", "what", "whose") and (
        b not in STOP) and stem(b) in topic and len(topic) > 1), None)  # "Which court...?": a court
    candidates = request.memory.matches(topic, roles=roles)
    introduced = [s for s in request.said if echoed and topic == [stem("name")] and s.role == "assistant" and s.text.startswith(
        "You told me: you're ") and s.text[20:21].isupper() or not echoed and topic == [stem("name")] and s.role == "note" and (
            set(words(s.text.partition(": ")[0])) & (notes._SELF_ROLES | _SPEAKING_ROLES)) and s.text.partition(": ")[2][
                :1].isupper() or not echoed and topic == [stem("name")] and s.role == "note" and s.stems & (
                    notes._SELF_ROLES | _SPEAKING_ROLES) and 2 <= len(tokens(s.text)) <= 4 and all(
                        t[:1].isupper() for t in tokens(s.text))]  # (a JSON note's "student": "Jonas Becker")
    # "What's my name?" of "You told me: you're Ruth, ..."; of a note's "Tenant: Fran Ortiz"
    candidates += [(0.0, s) for s in introduced]
    if named or priced:  # an identifier that abbreviates the thing ("ORD-1" for "order") answers too, an amount a price
        candidates += [(0.0, s) for s in request.said if s.role in roles and (any(_abbreviates(
            i, head) for i in s.identifiers) if named else _currencies(s.text))]
    whom = set(words(" ".join(t for t in tokens(question)[1:] if t[:1].isupper() and t.lower() not in CALENDAR))) - {
        head}  # "Ellen's booking
    # reference": of Ellen; "Which class is Jess in?": what is said of Jess ("Jess in the novice")
    full_names = [(a, b.removesuffix("'s").removesuffix("’s")) for a, b in itertools.pairwise(tokens(question)[1:]) if a[:1].isupper(
        ) and b[:1].isupper() and a.isalpha() and a.lower() not in CALENDAR | STOP and b.lower() not in CALENDAR]  # "Maren Holm"
    sorted_by = whom and len(set(topic) - whom) == 1 and set(topic) - whom <= _SORTED_INTO  # "Which class is Jess in?"
    candidates += [(0.0, s) for s in request.said if sorted_by and s.role in roles and whom <= s.stems]
    if stem("day") in topic and "how " not in question.lower():  # "Which days can I do?": "I can do Tuesdays and Thursdays"
        candidates += [(0.0, s) for s in request.said if s.role in roles and _DAYS & s.stems]
    if set(topic) & stem_set("postcode zip postal"):  # "What's my postcode?": "I live at 4 Elm Road, Leeds LS6 2AB"
        candidates += [(0.0, s) for s in request.said if s.role in roles and (postal := _ADDRESS.search(s.text)) and postal[3]]
    if set(topic) == {stem("date")}:  # "What date did I give you?": "... for 2 October"
        candidates += [(0.0, s) for s in request.said if s.role in roles and _DATE.search(s.text)]
    if set(topic) & _SITES:  # "What's the venue?": "... at Coldharbour Cricket Club"
        candidates += [(0.0, s) for s in request.said if s.role in roles and (_names_after(s.text, _PLACE_CUES) or _ADDRESS.search(
            s.text))]
    if stem("address") in topic:  # "What's the address?": "... on the driveway at 14 alder close"
        candidates += [(0.0, s) for s in request.said if s.role in roles and _addressed(s.text)]
    if stem("street") in topic:  # "Which street is it on?": "The pothole is on Sorrel Drive"
        candidates += [(0.0, s) for s in request.said if s.role in roles and _names_street(s.text)]
    if stem("model") in topic:  # "What model is the piano?": "its an upright, a Yamaha U1 from 1984"
        candidates += [(0.0, s) for s in request.said if s.role in roles and any(_names_model(b, t) for b, t in itertools.pairwise(
            ["", *tokens(s.text[:300])]))]
    if set(topic) & stem_set("colour color"):  # "What colour was it?": "it was bright orange-yellow"
        candidates += [(0.0, s) for s in request.said if s.role in roles and _hue(s.text)]
    if set(topic) & _FAULTS:  # "What problems did I describe?": "The carriage sticks"
        candidates += [(0.0, s) for s in request.said if s.role in roles and s.stems & _FAULT_WORDS]
    group = counted in _PERSON and set(topic) <= {counted, *_GROUP_WORDS, *(_BOOKED if not of_someone_else(question) else ())}  # "How
    # many people are in my group?", "...is my booking for?": "There
    if group:  # will be 7 of us" (not "How many people are hiking?": some of them)
        candidates += [(0.0, s) for s in request.said if s.role in roles and _group_size(s.text)]
    wished = [s for s in request.said if s.role == "user" and not s.text.endswith("?") and _lower_tokens(s.text)[:3] in (
        ["i'd", "like", "the"], ["i", "would", "like"], ["we'd", "like", "the"], ["we", "would", "like"], ["i", "want", "the"],
        ["i'd", "like", "to"]) and _DATE.search(s.text)] if head in _BOOKED and not wants_id and not any(
        head in s.stems for s in request.said if s.role in ("user", "note") and not s.asks and s.text not in request.message
        ) else []  # "What date is my booking?" of "I'd
    candidates += [(0.0, s) for s in wished]  # like the main hall on Saturday 21 June": what was asked for is booked
    lettered = _lettered(question)  # "When is the Site A visit?": not what is said of Site B alone
    said_names = {t for s in request.said for t in tokens(s.text) if t[:1].isupper() and t.isalpha()}
    as_asked = {t for t in tokens(question)[1:] if t[:1].isupper() and t.isalpha() and t != "I" and any(
        n != t and stem(n.lower()) == stem(t.lower()) for n in said_names)}  # a name with a twin of one stem ("Vexx",
    # "Vex"): the statement that says it as asked
    candidates = [(c, s) for c, s in candidates if not _of_other_letters(s.text, lettered)]
    owner = _owned(question)  # (as asked: "grandpa" is no mistyped "grandma")
    kin = next((same for same in _SAME_KIN if owner in same), {owner}) if owner in _KIN_STEMS else set()  # "What's my dad's
    candidates = [(c, s) for c, s in candidates if not kin or kin & s.stems or not s.stems & _KIN_STEMS]  # birthday?" is not
    # answered by "My mum, Siobhan, birthday 08/10" (a mother is related to a father, not the same person)
    exact = any(head in s.stems | called for _, s in candidates if not s.asks and (not whom or whom & s.stems or not any(
        whom & c.stems for _, c in candidates)))  # not the user's booking's reference for Ellen's ("her reference")
    coded = wants_id and any(s.identifiers for _, s in candidates if not s.asks and (not exact or head in s.stems))
    # ("my locker code is 4192": no code, but the locker's, beside "the kiln log number ... KL-0387")
    found, ids, labels = [], {i.lower() for i in identifiers(question) if not _a_race(i, request)}, _labels(question)
    lowered = _lower_tokens(question)
    ahead = {b: a for a, b in itertools.pairwise(lowered)}  # the word before each of the question's
    asked = {t.split("'")[0] for t in lowered}  # "when's" asks "when"
    when = bool({"when", "until", "till"} & asked) or any(a in ("what", "which", "the") and b in ("day", "days", "date") for a, b in zip(
        lowered, lowered[1:]))  # "What day...?", "What was the date of the wedding?"
    meant = {stem(_PHRASES[phrase]) for phrase in _phrases(question)}  # "work for": employer
    names = set(words(" ".join(t for t in tokens(question)[1:] if t[:1].isupper() or t.lower() in ids)))
    plain = [one for one in topic if one not in names]  # "the population of Lisbon": population
    sides = [{stem(word), *related([stem(word)])} for word in ("like", "hate")]  # "What do I dislike?": not "I love..."
    sides = sides if set(topic) & sides[0] else sides[::-1] if set(topic) & sides[1] else [set(), set()]
    yours = ("your" in lowered or "do you" in question.lower()) and not ({"me", "us"} & set(lowered) or _about_user(
        question))  # the assistant's own ("Which days do you have?")
    own = not of_someone_else(question) and not names - _DAYS - {stem(m) for m in CALENDAR}  # "How many supers do I
    # have?": mine, not the neighbour's (a day named is no one else: "Is my appointment on Friday?")
    record = _record_names(request)
    argued = {order: names for order, names in _argued_names(request).items() if set(topic) <= names}  # "What soil did
    candidates += [(0.0, s) for s in request.said if s.order in argued]  # I say we had?": the clay a call took as soil
    asked_for = {s.order for s in request.said if s.role == "user" and any(stem(_lower_tokens(clause)[0]) in {
        w for c in request.said if c.role == "call" and c.turn == s.turn for w in words(c.tool.replace("_", " "))} for clause in (
            s.text.split("; ")) if _lower_tokens(clause))}  # "Price a 50 ml EDP called 'Low Tide'", "Drop the gold leaf; quote
    # plain letters instead": what a tool was then asked, which its result answers
    others_ids = {i for s in request.said if own and s.identifiers and s.role in ("user", "note") and not s.asks and (
        of_someone_else(s.text)) for i in s.identifiers}  # the identifiers said of someone else
    measuring = not {"when", "who", "often", "say", "said", "think", "where", "why", "which"} & set(lowered) and (
        lowered or [""])[0] not in {*_YES_NO, "should"} and not ((lowered or [""])[0] in (
            "will", "could", "might", "may", "would", "can", "shall") and lowered[1:2] not in (["you"], ["i"], ["we"], ["someone"], [
                "somebody"], ["anyone"], ["ya"], ["u"]))
    # ("Bella's dose?", "Can you tell me Ted's dose?", "Shall I give Ted his dose now?"; not "Is Rufus's weight OK?",
    # "Should Alfie's dose go up?", "Will Ted's dose change?")
    weighed = _MEASURED_BY["heavier"] | {"pound", "kilogram", "kilo", "gram"} if measuring and {"weigh", "weighs", "weight", "weighed"} & set(
        lowered) else frozenset("ml mg mcg g tablet tablets drops puffs units capsule capsules teaspoon teaspoons tsp tbsp spoon "
                                "spoons sachet sachets".split()) if measuring and {"dose", "dosage"} & set(lowered) else frozenset()
    # a weight or a dose asked ("How much does Rufus weigh?", not "When do we weigh Rufus?"): one said in its units
    sized_up = {stem(b) for a, b in itertools.pairwise(lowered) if a == "how" and b in (
        "wide", "deep", "tall", "high", "heavy", "thick", "big", "far")}  # a measure asked: a statement with a number
    undone = {b.lower() for s in request.said if s.role == "user" for a, b in itertools.pairwise(tokens(s.said or s.text)) if (
        a.lower() == "not" and identifiers(b))}  # "Sorry, my loyalty number is BK-90421, not BK-90412": a note's bare
    any_of = stem(next((b for a, b in itertools.pairwise(lowered) if a == "any" and b.isalpha() and b not in STOP), "")) if (
        lowered[:1] and lowered[0] in _YES_NO) else ""  # "Does Ellie have any allergies?": an allergy, not her days
    low_asked = _lower_tokens(question)
    priced_thing = {stem(b) for a, b in itertools.pairwise(low_asked) if a in ("the", "a", "an", "my", "our") and b.isalpha() and (
        b not in STOP)} & set(topic) if "how much" in question.lower() else set()
    unheard = {one for one in priced_thing if one not in _VALUE_KINDS | _COST_STEMS and not any(
        one in s.stems or related({one}) & s.stems for s in request.said if not s.asks and s.role in roles)}  # "how much did
    # the xylophone cost?" when no xylophone is in view: no other thing's price ("budget is now £25 per kid")
    for score, statement in candidates:  # "loyalty number BK-90412" is no more
        if unheard:
            continue
        if statement.role in ("note", "assistant") and {i.lower() for i in statement.identifiers} & undone:
            continue
        if any_of and any_of not in statement.stems and not related({any_of}) & statement.stems:
            continue
        if {"favourite", "favorite", "fave"} & set(lowered) and not any(t.lower() in {
                "love", "loves", "loved", "loving", "prefer", "prefers", "preferred", "best", "fave", "faves"} or t.lower().startswith((
                    "favourite", "favorite")) or t.lower() in ("favour", "favor") and b.lower() in ("i", "we", "to", "really",
                                                                                   "always") or t.lower() in ("favoured", "favored") and (
                        b.lower() in ("my", "our", "most")) or t == "lover" for b, t in itertools.pairwise(["", *tokens(statement.text)])):
            # ("I tend to favor dark roast", "my favoured drink"; not "as a favor", "the odds favour the green team")
            continue  # "What's my favourite colour?" is not told by "we want the blue tiles table"
        price = {stem("price"), stem("cost")} if priced and (_currencies(statement.text) or statement.role == "tool" and (
            statement.stems & {stem("price"), stem("cost")})) else set()  # "... at 59.99 EUR", a result's "price gbp: 1610"
        price |= set(topic) & _SITES if set(topic) & _SITES and (_names_after(statement.text, _PLACE_CUES) or _ADDRESS.search(
            statement.text)) else set()
        # "What's the venue?": "at Coldharbour Cricket Club"
        price |= {stem("address")} if stem("address") in topic and _addressed(statement.text) else set()  # "at 14 alder close"
        price |= {stem("date")} if set(topic) == {stem("date")} and _DATE.search(statement.text) else set()  # "What is the
        # date?": "... on Friday 9 May"
        if plain and statement not in introduced and not _covered(plain, statement.stems | price) and (statement.role in ("tool", "assistant") or whom and (
                statement.role == "note" and whom <= statement.stems and (lowered or [""])[0] in ("who", "when", "where")) or statement.role == "user" and (
                _lower_tokens(statement.text) or [""])[0].split("'")[0] in ("i", "we") and not _about_user(question)) and not (
                    sorted_by and whom <= statement.stems):  # (but "Which class is Jess in?": "...Jess in
            continue  # the novice") a weather report on Lisbon does not say its population, nor "I fly to Oslo" the weather there
        if statement.stems & sides[1] and not statement.stems & sides[0] and _lower_tokens(question)[0] not in _YES_NO:
            continue
        if whom and not whom & statement.stems and _of_another(request, statement, whom):
            continue  # "Did Hattie ask for a belt?" is not answered by "He wants ... a leather belt" said after Oskar
        if whom and not whom & statement.stems and statement.role == "note" and any(
                set(words(n)) - whom for n in _proper_names(statement.text.partition(": ")[2] or statement.text, people=True)):
            continue  # "Does Jo have any allergies?" is not answered by a note's "Sami is allergic to peanuts", "Who picks
            # up Sammy?" by "Jo's mum is picking her up"
        if any(f"{first} " in statement.text and f"{first} {last}" not in statement.text and any(
                a == first and b[:1].isupper() and b.replace("'", "").replace("-", "").isalpha() and len(b) > 1 and b.lower() not in (
                    STOP | {"i've", "i'll", "i'm", "i'd"}) and b.replace("'", "").lower() != last.replace("'", "").lower() for a, b in (
                        itertools.pairwise(t.removesuffix("'s") for t in tokens(statement.text))))
               for first, last in full_names):
            continue  # "What's Maren Holm's card number?" is not answered by "Maren Holt's card is 8151243"
        if statement.role == "tool" and any(f"{whose} name" in question.lower() for whose in ("my", "our")):
            continue  # "What was my name again?" is no route's name ("name: Serac Window")
        if yours and statement.role == "user" and not {"you", "your", "you're"} & set(_lower_tokens(statement.text)) and not (
                when and _DATE.search(statement.text) and set(topic) <= statement.stems):
            continue  # "What are your opening hours?" is not the user's to tell: not "It broke down an hour ago" (but
            # "When do you start?" is, of "the start date is moving to the 9th of April")
        if statement.text.rstrip().endswith("?") or statement.role == "user" and (statement.asks or statement.text == (
                asking) or statement.text in request.message and (request.tools and not _recalls(asking)
                                                                  or _is_question(statement.text))):
            continue  # the question itself, another, this message's request, or what it tells for the tools
        if sized_up and not set(facts(statement.text)) - set(statement.identifiers) and not sized_up & statement.stems and not any(
                f[:1].isdigit() and f.lstrip("0123456789.").isalpha() and len(f.lstrip("0123456789.")) <= 3 for f in facts(
                    statement.text)):  # (a measure in a unit of its own: "a 15.2hh cob")
            continue  # "How wide is the pothole?" is not answered by "I reported pothole PH-5512" (no measure in it)
        if weighed and statement.role != "tool" and not any((a[:1].isdigit() or a in _COUNT_WORDS or a in ("one", "half", "a")) and (
                a.lstrip("0123456789.,") in weighed or not a.lstrip("0123456789.,").isalpha() and b in weighed or b in weighed) for a, b in (
                    itertools.pairwise([*_lower_tokens(statement.text), ""]))):
            continue  # "How much does Kiwi weigh?" is not answered by "Kiwi's recheck is the 11th of April" (no weight in
            # it), "What's Kiki's dose?" by a sentence without one ("0.2ml")
        if ids and not ids & {i.lower() for i in statement.identifiers}:
            continue  # "Is ORD-2 delivered?" is not answered by what was said of ORD-1
        counts = [b for a, b in itertools.pairwise([*_lower_tokens(statement.text), ""]) if _NUMBER.fullmatch(a)]
        if counted and counted not in _MEASURES and counts and statement.role != "tool" and all(
                stem(b) in _MEASURES or b in _MONEY_UNITS or b in ("per", "percent", "%") for b in counts) and not (
                statement.stems & ({counted} | related({counted}) - _MEASURES)):  # "How many bottles?" is not answered by "5 euros
            continue  # per litre", "How many laps?" by "12 km" (but "How many kids?" by "24 students")
        held = {t.lower() for t in tokens(statement.text[:300])}
        if any(f"non-{w}" in held and w not in held for w in _lower_tokens(question) if len(w) > 3):
            continue  # "What is the member price?" is not answered by "The non-member price is 5 euros"
        if (rank := set(topic) & _RANKS) and not rank & statement.stems and statement.stems & _RANKS and (
                lowered or [""])[0] not in _YES_NO:
            continue  # "Who is the main driver?" is not answered by "The backup driver is Kezia Moon"
        if labels and not labels <= (told := _labels(statement.text)) and {n for n, _ in labels} & {n for n, _ in told}:
            continue  # "What is the code for locker A?" is not answered by "The code for locker D is 5168"
        value = words(statement.text.rpartition(": ")[2]) if statement.role == "tool" and ": " in statement.text else []
        if 0 < len(value) <= 2 and set(value) <= set(words(question)) and (lowered or [""])[0] not in _YES_NO:
            continue  # a result's "room: kitchen" does not say "How warm is the kitchen?"; its "celsius: 19.5" does
        if mine and ((lead := statement.text.partition(": ")[0]) in ("Noted", "You told me", "From my notes", "I said", "I don't"
                                                                     " know") or " returned" in lead):
            continue  # the offline model's own echo ("get_stock returned price: 8.5": the result itself answers)
        if echoed and not _echo_may_answer(request, statement, question):
            continue
        if wants_id and not ((statement.identifiers if coded else facts(statement.text) or [t for t in tokens(statement.text[
                :300]) if len(t) > 3 and t.isalpha() and t.isupper()]) or len(topic) > 1 and set(topic) <= statement.stems) or (
                how_much) and not any(map(  # (a code word: "BLUEFIN"; "What ID am I bringing?": "my passport as ID")
                str.isdigit, statement.text)):  # "How much do I owe Sam?" is not answered by "I'm Sam"; "What was the
            continue  # flight number?" by "the replacement flight cost €710" when another sentence gives a code
        introduced_as = statement.text.replace("You told me: you're ", "I'm ") if echoed else statement.text
        if (head or topic[0]) == stem("name") and len(topic) == 1 and {"my", "i"} & set(lowered) and not (_SELF_NAMED.search(
                introduced_as) or introduces_speaker(introduced_as)) and not (
                statement.role == "note" and len(tokens(statement.text)) <= 3):  # a note's "name: Lena Park" answers
            continue  # "What's my name?" is not answered by "a beagle called Biscuit" or "my son's name is Leo"
        if "where" in asked and statement.role in ("user", "note") and not _gives_what_is_asked(question, statement.text):
            continue  # "Where am I moving?" is not answered by "My exam was moved to May 24"
        if "where" in asked and statement.role in ("user", "note") and _timed(statement.text) and not any(
                a in _PLACE_CUES + ("on", "near", "outside", "inside", "by", "under", "with") and not b[:1].isdigit() and (
                    b not in CALENDAR and b not in _LATER) for a, b in itertools.pairwise(_lower_tokens(statement.text))) and not (
                [b for a, b in itertools.pairwise(tokens(statement.text)) if b[:1].isupper() and b.lower() not in CALENDAR and a.lower(
                    ) in ("leaves", "leave", "departs", "arrives", "from", "opposite", "behind", "outside")] or {"downtown", "upstairs",
                 "downstairs", "outside", "inside", "home", "abroad", "here", "there"} & set(_lower_tokens(statement.text)) or any(
                    stem(a) in topic and b in ("the", "a", "an", "my", "our") for a, b in itertools.pairwise(_lower_tokens(
                        statement.text))) or _ADDRESS.search(statement.text)):  # ("Where am I stewarding?": "I'm stewarding
            # the east bridge from 8pm"; "the Akande house, 7 Willowmere Close, from 2 to 9 September": an address)
            continue  # nor "Where is the concert?" by "The concert is at 7 pm" (a time, and no place: not "leaves Heathrow")
        faulty = set(topic) & _FAULTS if statement.stems & _FAULT_WORDS else set()  # "What's wrong with it?": "a cracked top"
        sized = {stem(w) for w in lowered[1:2] if w in _MEASURED} if lowered[:1] == ["how"] and set(lowered[1:2]) & _MEASURED and (
            _kinds(statement.text) - {"date", "amount"}) else set()
        # "How big is the battery?": "200 amp hours"; "What year...?": "a 2016 Ford Transit"
        sized |= {counted, stem("group")} if group and _group_size(statement.text) else set()  # "How many people are in my
        # group?": "7 of us"
        sized |= {stem("start")} if stem("start") in topic and any(a in ("from", "starting", "starts") and b[:1].isdigit() for a, b in (
            itertools.pairwise(_lower_tokens(statement.text)))) else set()  # "What time do I start?": "from 8pm"
        sized |= set(topic) & stem_set("finish end close") if any(a in ("till", "til", "until", "to") and (b[:1].isdigit() or b in (
            "noon", "midday", "midnight")) and before[:1].isdigit() and (
            a != "to" or b.endswith(("am", "pm")) or ":" in b) for before, a, b in zip(_lower_tokens(statement.text), _lower_tokens(
                statement.text)[1:], _lower_tokens(statement.text)[2:])) else set()  # "What time does it finish?": "8am till
        # 1pm" (a range: not "parking is free until 6pm", "until 2 weeks ago")
        sized |= {stem("year")} if stem("year") in topic and any(t.isdigit() and len(t) == 4 and t[:2] in ("19", "20") for t in tokens(
            statement.text[:300])) else set()
        sized |= set(topic) & stem_set("colour color") if set(topic) & stem_set("colour color") and _hue(statement.text) else set()
        # "What colour...?": "orange-yellow"
        sized |= set(topic) & stem_set("postcode zip postal") if set(topic) & stem_set("postcode zip postal") and (
            postal := _ADDRESS.search(statement.text)) and postal[3] else set()
        # "What's my postcode?": "... Leeds LS6 2AB"
        sized |= set(topic) & stem_set("percentage percent email") if "%" in statement.text and set(topic) & stem_set(
            "percentage percent") or "@" in statement.text and stem("email") in topic else set()  # "What percentage does
        # Paper Cuts give me?": "Paper Cuts pays 60%"
        sized |= set(topic) & stem_set("phone number") if stem("phone") in topic and any(_phone_like(m.group(0)) for m in (
            _PHONE.finditer(statement.text[:300]))) else set()  # "What's the manager's phone number?": "Colm Daly, 01632 960442"
        sized |= {stem("size")} if stem("size") in topic and any(a.isdigit() and b.isdigit() for a, x, b in (
            t.lower().partition("x") for t in tokens(statement.text[:300])) if x) else set()  # "What size?": "a 6x9 marquee"
        sized |= {stem("model")} if stem("model") in topic and any(_names_model(b, t) for b, t in itertools.pairwise([
            "", *tokens(statement.text[:300])])) else set()  # "Which pen model
        # ...?": "my Pelikan M600", "my Rolex 1680"
        sized |= {stem("day")} if stem("day") in topic and _DAYS & statement.stems and "how " not in question.lower() else set()
        # "Which days...?": "Tuesdays"
        kinds_asked = set(topic) & stem_set("postcode zip percentage percent email") | (set(topic) & {stem("phone")} if stem(
            "number") in topic else set())  # (not "What phone do I have?": a Pixel 8)
        low_said = _lower_tokens(statement.text)
        said_as = tokens(statement.text)
        shaped = kinds_asked & stem_set("postcode zip") if any(a[:1].isalpha() and any(c.isdigit() for c in a) and len(a) <= 4 and (
            b[:1].isdigit() and b[1:].isalpha() and len(b) == 3) or b.isdigit() and len(b) == 5 and len(a) == 2 and a.isupper()
            for a, b in itertools.pairwise([*said_as, ""])) else set()  # "Hull HU1 2AA", "Austin TX 78701"
        shaped |= kinds_asked & stem_set("percentage percent") if {"cent", "percent"} & set(low_said) or any(
            a in ("half", "quarter", "third") and b in ("of", "", "which", "and", "but", "so", "for", "on", "from") and before in (
                "a", "one", "takes", "take", "charges", "charge", "gets", "get", "keeps", "keep", "pays", "pay", "costs", "is",
                "about", "roughly", "nearly", "over", "under", "earns", "earn", "wants", "want", "exactly", "owns", "own", "splits",
                "split") for before, a, b in zip(["", *low_said], low_said, [*low_said[1:], ""])) else set()
        # "takes half of the sale price", "4.5 per cent" (not "a half day", "half past six")
        if kinds_asked and not kinds_asked & (statement.stems | sized | shaped) and statement.role in ("user", "note", "tool"):
            continue  # "What's the postcode of Paper Cuts?" is not answered by "The contact at Paper Cuts is Moss"
        if len(topic) > 1 and set(topic) - _VALUE_KINDS - _MOVING and not _covered([one for one in topic if one not in _VALUE_KINDS], (
                statement.stems | faulty | sized | ({head} if called & statement.stems or statement in wished else set()))) and not named and {
                    s for s in set(words(statement.text)) - _VALUE_KINDS - _DAYS - _LIGHT_VERBS - set(words(" ".join(_proper_names(
                        statement.text)))) if not s[:1].isdigit()}:  # (of another thing: not "The date is 12 June")
            continue  # "What is the hare called?" is not answered by "My assistant is called Priya", nor "What is the
            # time control?" by "The hall closes at 19:00": what is named or timed must be there
        dated = when and bool(_DATE.search(statement.text) or _DAYS & statement.stems)
        if when and statement.role in ("user", "note") and not dated and not statement.stems & _TIMELY and (set(lowered) & {
                "they", "it", "them", "those"} or any(s.role == "call" and set(words(f"{s.tool} {s.text}".replace("_", " "))) & (
                    set(topic) | (statement.stems if set(topic) & _ARRIVING else set())) for s in request.said)) and any(
                s.role == "tool" and _DATE.search(s.text) or s.role == "tool" and stem("eta") in s.stems for s in request.said):
            continue  # "when will they arrive?" is not answered by "I'd like to order 2 kits" when a result gives an eta
        if "who" in asked and statement.role in ("user", "note") and not (_proper_names(statement.text, people=True) or (
                statement.stems & (_PERSON | related({stem("partner"), stem("son"), stem("mother")})) or statement.stems & (
                    _KIN_STEMS | stem_set("partner cousin friend neighbour neighbor")) and set(topic) <= statement.stems and not any(
                        a in _AGAINST and stem(b) in topic for a, b in itertools.pairwise(_lower_tokens(statement.text))))):
            # ("my partner sam is allergic to peanuts"; not "my partner pays the rent" of the landlord, "my brother can't
            # come" of who is coming)
            continue  # "Who was I traveling with?" is answered by a person, not "the replacement flight cost €710"
        placed = stem("address") in topic and _addressed(statement.text)  # "at 42 Elm Street": the address
        if stem("address") in topic and not placed and stem("address") not in statement.stems and statement.role in (
                "user", "note") and not (set(topic) - {stem("address")}) & statement.stems and not any(n.split()[0].lower() not in CALENDAR for n in _names_after(statement.text, _PLACE_CUES)):
            continue  # "What's the address?" is not answered by "actually it moved to friday the 15th" (no place in it)
        streets = {stem("street")} if stem("street") in topic and _names_street(statement.text) else set()  # "Which
        # street...?": "on Sorrel Drive"
        lasting = "how long" in question.lower() and any(stem(unit) in _kinds(statement.text) for unit, (measure, _) in (
            _SECONDS.items()) if measure == "time") and set(topic) - stem_set("long take") <= statement.stems  # "How long
        # will the refund take?": "within 5 days" (not "How long is the hike?": "we walk for 5 hours")
        aged = stem("age") in topic and names and names <= statement.stems and any(t.isdigit() and int(t) <= 120 for t in tokens(
            statement.text[:300]))  # "How old is Jo?" of a note's "Partner: Jo Quinn, 17"
        low = _lower_tokens(statement.text[:300])
        scored = {counted, stem("worth")} if counted and any(_NUMBER.fullmatch(a) and b == "for" and stem(c) in topic and (
            stem(c) != counted) for a, b, c in zip(low, low[1:], low[2:])) else set()  # "How many points is originality
        # worth?": "10 for originality"
        stems = statement.stems | scored | ({stem("long")} if lasting else set()) | ({stem("name")} if statement in introduced else set(
            )) | ({stem("age"), stem("old")} if aged else set()) | ({head} if called & statement.stems or (
            statement in wished) else set()) | (  # "Ewa is a dentist"
            {stem("day"), stem("date")} if dated else set()) | price | ({stem("address")} if placed else set()) | faulty | sized | streets | (
                record.get(statement.order, frozenset())) | argued.get(statement.order, frozenset())  # (a tool's field, the names its record gives: "Low Tide") "Which
        # day...?": "on Thursdays"
        rest = [one for one in topic if one != head]  # "How many people am I cooking for?": "I'm cooking for 6"
        if head and not (head in stems if exact else _covered([head], stems)) and not any(_abbreviates(
                i, head) for i in statement.identifiers) and not (whom & stems and set(topic) & _ID & stems) and not (head == counted and (facts(statement.text) or len(_listed(
                    statement.text)) > 2) and _covered(rest, stems) == len(rest) > 0) and not (
                        {"it", "its"} & set(_lower_tokens(statement.text[:80])) and _covered(rest, stems) == len(rest) > 0 and (
                            prior := _antecedent(request, statement)) is not None and head in prior.stems):  # or "I'm taking Biology, Chemistry and Maths" for "How many courses
            continue  # am I taking?"; "The motto engraved on it reads..." after "My dial is ...", of "the motto on my dial"
        days = {one for one in topic if one in _DAYS}  # "on Wednesday" is not answered by "on Thursdays"
        covered = _covered([one for one in topic if one not in days], stems) + len(days & stems)
        counts_it = head == counted and any(_NUMBER.fullmatch(a) and stem(b) == head for a, b in itertools.pairwise(
            _lower_tokens(_in_digits(statement.text[:300])))) or group and bool(_group_size(statement.text))  # "How
        # many exposures do I usually shoot?": "I meant 120
        said = tokens(statement.text[:300])  # exposures"
        said_as = [t.lower() for t in said]
        dummy = said_as[:1] in (["it"], ["it's"]) and (said_as[1:2] in (["is"], ["was"], ["'s"]) or said_as[0] == "it's") and any(
            w.endswith("ing") or w in _WEATHER_WORDS or w[:1].isdigit() for w in said_as[1:4])  # "It is raining here", "It is
        # 3 degrees in Bristol": no thing told before
        pointing = not dummy and (said_as[:1] and said_as[0] in _STANDS_IN or len(said_as) <= 8 and {"it", "her", "him", "them"} & set(
            said_as[1:4]) or "there" in said_as[2:])  # "We need 12 tonnes delivered there": where was said before
        prior = _antecedent(request, statement) if pointing else None
        theirs = prior is not None and names <= prior.stems  # "They had four children" after "Ignatius and his wife
        # Hannah"; "It has a cracked top" after "...brought in her violin"; "I named her Marigold" after "The van is..."
        inherited = (prior.stems & set(topic)) - stems if theirs else set()
        covered += len(inherited)
        twin = bool(as_asked) and as_asked <= set(tokens(statement.text))  # "Bexx" said as asked (not "Bex")
        if covered < min(2, len(topic)) and covered * 2 < len(topic) and not (named or counts_it or twin) or mine and len(set(
                topic) & statement.stems) * 2 < len(topic) and not {"you'd", "you'll", "say", "said", "told"} & set(lowered):
            continue
        kin = head and head != counted and head not in stems and related([head]) & {stem(b) for a, b in itertools.pairwise(
            _lower_tokens(statement.text)) if a in ("my", "our", "a", "an")}  # "my dog" is not "a cat, Miso"
        if kin and covered < len(topic) or names and not names & statement.stems and statement.role == "user" and (lowered or [""])[
                0] not in _YES_NO and not theirs:  # nor does "Miso hates the vet" say what Pepper is allergic to (but "Does
            continue  # Ana live in Lima?" is answered: "No: ...Quito")
        if head and _owned(question) == head and not {"my", "our", "i", "we", "i'm", "we're"} & set(said_as) and any(
                a.endswith("'s") and (a[:1].isupper() or stem(a[:-2].lower()) not in _OURS) and stem(
                    b.lower()) == head for a, b in itertools.pairwise(said)):
            continue  # "my telescope" is not "Priyanka's telescope" (but "the company's office" may be mine)
        corrects = bool({t.lower() for t in tokens(statement.text[:300])} & _CORRECTION) and covered >= len(topic) and (
            dated or not when)  # ("When will it be collected?": not "My daughter might collect it instead of me")
        # (of what is asked: "Actually, make that June 16th, the boat won't be ready" says nothing of its name)
        holds = sum((bool(meant & statement.stems), dated, "where" in asked and any(n.split()[0].lower() not in CALENDAR
                                                                                    for n in _names_after(statement.text, _PLACE_CUES)),
                     stem("cost") in price, bool(set(topic) & _JOBS) and ("i'm" in said_as or "am" in said_as or "work" in said_as)))
        # what the phrase or the wh-words ask for: "how old", "when", "where" (a place, not "moved to May 24"); "What's
        # my role?": "I'm Hattie Lomax, chief steward for ...", not "We need 6 stewards"
        said_here = _covered(topic, frozenset(words(statement.text)))  # of equals, the one that says it ("My son Noah
        specific = len(set(topic) - {stem("name")} & (stems | inherited)) + corrects + (sort in stems)  # the words asked,
        # said, the kind asked for by "which"/"what" twice ("Which varieties are we pressing?": "The main varieties are
        # Bramley and Katy", not "The hired press holds 40 litres"); ("the venue called":
        # the venue, not the wedding a related word gives), or a correction of them ("We've moved to York now")
        other = sum(1 for a, b, c in zip(said, said[1:], [*said[2:], ""]) if a.isalpha() and b.isalpha() and (
            stem(b.lower()) in topic and a.islower() and a not in STOP and a not in lowered and stem(a) not in topic and stem(
                ahead.get(b.lower(), "")) in topic or stem(a.lower()) in topic and b.islower() and b not in STOP | set(
                    lowered) and stem(b) not in topic and c.lower() in lowered and (c.lower() not in STOP or c.lower() in (
                        "is", "are", "was", "were"))))  # of equals,
        # not one that says another thing of the kind ("the salinity reading" is not "the nitrate reading"), nor the
        # thing as another's kind ("Which glaze goes...?": not "The glaze firing goes...")
        mine_first = not (own and (of_someone_else(statement.text) or _named_subject(statement.text) or statement.identifiers and set(
            statement.identifiers) <= others_ids or {"its", "their"} & set(said_as) and "own" in said_as and not {
                "i", "we", "my", "our"} & set(said_as)))  # of equals in what they say, the user's own (a note's bare "member
        # number PR-5570" is the neighbour's, if the note says "his member number is PR-5570"; "The junior section wants
        # its own order" is theirs)
        found.append(((bool(whom & stems or whom and theirs), not as_asked or twin,
                       statement.order not in asked_for, mine_first or not {
            "my", "i"} & set(lowered) or bool(head) and head not in stems,
                       specific, mine_first, covered, holds, score + 1.5 * corrects, said_here, -other, statement.order if said_here or (
            statement.role != "note") else -statement.order), statement))  # ...", (a note's heading alone: its first line)
        # not "He...")
    best = max(found, key=lambda entry: entry[0], default=None)  # the first of equals
    if best and (thing := _there_asked(asking)) and not {thing} & (best[1].stems | related(best[1].stems)):
        return None  # "Are there floodlights on court 1?": no "court: 1", which says nothing of floodlights
    if best and best[1].role == "user" and best[1].identifiers and not wants_id and not mine:  # "Where's my order?" after
        news = [s for s in request.said if s.role == "tool" and s.order > best[1].order and set(s.identifiers) & set(  # "My order
            best[1].identifiers) and len(set(s.stems) - {i.lower() for i in s.identifiers}) >= 3]  # number is HK-55102": what
        best = (best[0], news[-1]) if news else best  # its lookup said of it ("HK-55102: dispatched 3 June via ParcelLine")
    if best and sorted_by and (moved := [s for s in request.said if s.role == "user" and s.order > best[1].order and whom <= (
            s.stems) and not s.asks and any(a in ("move", "moved", "switch", "put") and b in ("her", "him", "them", "it", *map(
                str.lower, whom)) for a, b in itertools.pairwise(_lower_tokens(s.text)))]):  # "Which class is Mabel in?" after
        best = (best[0], moved[-1])  # "... please move her to Polecat Jill Junior"
    if best and not best[1].fixed and (later := [s for s in request.said if s.fixed and s.order > best[1].order and (
            s.role in (best[1].role, "user" if best[1].role == "note" else "")) and _rewrites(s, best[1])]):
        best = (best[0], later[-1])  # "Was it Pier 4?": the sentence as corrected since ("Correction: the pickup point is
        # Pier 7, not Pier 4"); a note's line as the user corrected it after the note ("my exhibitor number is 381, not 318")
    if best and ((kinds := _kinds(best[1].text) | ({"count"} if counted and counted == head and counted in best[1].stems and any(
            _NUMBER.fullmatch(t) for t in _lower_tokens(best[1].text[:300])) else set())) or _shapes(best[1].text)):  # a
        # later sentence changing that value of (a count too: "Change the through-stones to 35" of "Order 40 through-stones")
        first = min((s for s in request.said if s.text == best[1].text and s.role == best[1].role), key=lambda s: s.order)
        kinds = kinds if when or set(topic) & (_WHEN | stem_set("hour")) else kinds - {"date"}  # a new time is no new number:
        # "whats devs number" after "actually Dev now says he'll come at 10:30am"
        best = next(((key, s) for s in reversed(request.said) if _changes(s, first, topic, kinds, roles) and s.text != (
            best[1].text) and not _of_other_letters(s.text, lettered) and not _names_another(s, first, request.said) and not (
            {"who", "where"} & asked and not set(
                _proper_names(s.text)) - set(_proper_names(first.text))) for key in [best[0]]), best)  # (a count
        # corrected, "I miscounted the first hour, it was 34 not 37", says nothing new of "Who was my best DX?")  # now ("lower the goal to 3 h 55"); of a note's line said twice,
        # after its first ("Opening day is 1 May" under "Timeline" and again under "Next step")
    same = [s for key, s in found if best and "who" in asked and names and s.role == best[1].role == "user" and names <= s.stems and (
        key[4], key[6]) == (best[0][4], best[0][6]) and _proper_names(s.text, people=True)] if best else []
    if len({s.text for s in same}) > 1:  # "Who's seeing Dr Amari?": each the user said is ("Helen is with Dr Amari",
        best = (best[0], dataclasses.replace(best[1], text="; ".join(dict.fromkeys(s.text.rstrip(".") for s in sorted(  # "Harry
            same, key=lambda s: s.order))) + "."))  # is with Dr Amari too")
    return (best[0][4], best[1]) if best else None


def _names_another(later: Statement, first: Statement, said: Sequence[Statement]) -> bool:
    """Whether ``later`` is of someone else than ``first``: it names only people ``first`` does not, one of them named
    in an earlier sentence of their own ("Correction: Hanna Pryce is 66 kg" after "Seat 2 is Hanna Pryce, 64 kg" is
    no correction of "Bow is Hannah Price, 61 kg", however alike the names)."""
    names = set(_proper_names(later.text, people=True))
    return bool(names) and not names & set(_proper_names(first.text, people=True)) and any(names & set(_proper_names(
        s.text, people=True)) for s in said if s.order < later.order and s.order != first.order)


def _echo_may_answer(request: Request, statement: Statement, question: str) -> bool:
    """Whether the offline model's own echo of the user ("You told me: your sister Bryony is sending her Lamy 2000
    in") may answer ``question``: its source sentence is no longer in view (else that sentence answers), it names
    whoever the question names ("Which room is Priya in?" is not answered by "your room is B12"), and a question of
    mine is not answered by someone else's value ("Helen Park's cake is lemon")."""
    lead, _, echoing = statement.text.partition(": ")
    if lead not in _ECHOES or any(set(words(echoing)) - _SECOND_PERSON <= s.stems for s in request.said if s.role == "user"):
        return False
    if set(words(" ".join(_proper_names(question, people=True)))) - set(words(echoing)):
        return False
    mine = {"i", "my", "me", "mine"} & set(_lower_tokens(question)) and not of_someone_else(question)
    return not (mine and (of_someone_else(echoing) or _named_subject(echoing) or any(
        t.endswith("'s") and t[:1].isupper() for t in tokens(echoing)[:3])))


def _unanswered(request: Request) -> list[str]:
    """The user's earlier questions no reply answered: the next assistant line after each is none, or says it does not
    know or cannot ("I can't do that: ...", "Noted: ..."), and no tool was called for it."""
    now = request.said[-1].turn if request.said else 0
    asked = []
    for s in request.said:
        if s.role == "user" and s.turn < now and s.text.rstrip().endswith("?"):
            reply = next((r for r in request.said if r.order > s.order and r.role in ("assistant", "call", "tool")), None)
            if reply is None or reply.role == "assistant" and reply.text.startswith((*_UNSURE, "Noted")):
                asked.append(s.text.strip())
    return list(dict.fromkeys(asked))


#: What a question asks of someone's work ("What's my role?").
_JOBS = stem_set("job role position occupation profession work")
#: What says someone is no longer taking part ("Bel has dropped out").
#: What takes a thing off a list the user gave ("no wait, we sold the piano, leave it out").
_LEFT_OUT = (" leave it out", " leave them out", " we sold ", " i sold ")
_LEFT = ("dropped out", "pulled out", "has withdrawn", "withdrew", "can't make it", "cannot make it", "can't come",
         "is out", "has left", "has quit", "is no longer", "withdraw her", "withdraw him", "withdraw them",
         "take her out", "take him out", "take them out")


def _dropped(request: Request, question: str) -> Statement | None:
    """The user's latest cancellation of the thing a question names ("Actually cancel the plasterboard bag, ..." of "Is
    the plasterboard bag still on my booking?"), else ``None``."""
    asked = set(_topic(question)) - _LIGHT_VERBS - _BOOKED - stem_set("still order list")
    named = [t for t in tokens(question)[1:] if t[:1].isupper() and t != "I"]  # "Is Bel still stewarding?": Bel's latest
    latest = next((s for s in reversed(request.said) if s.role == "user" and not s.asks and named and named[0] in tokens(
        s.text)), None)  # news, if it says she is out ("No wait, Bel has dropped out.")
    if latest and any(out in latest.text.lower().replace("’", "'") for out in _LEFT) and not any(
            back in latest.text.lower().replace("’", "'") for back in ("back in", "back on", "'s back", "is back", "rejoined")):
        return latest  # (not "Tomasz pulled out last week but he's back in now")
    for said in reversed([s for s in request.said if s.role == "user" and not s.asks]):
        heard = [t for t in _lower_tokens(said.text) if t not in _CORRECTION and t not in ("please", "can", "you", "no", "wait",
                                                                                         "oh")]
        thing = set(words(" ".join(heard[1:]).partition(",")[0])) - _LIGHT_VERBS
        if heard[:1] and heard[0] in ("cancel", "drop", "remove", "scrap", "forget") and asked and thing and asked <= thing:
            return said
        objects = asked - {stem(t) for t in _lower_tokens(question) if t.endswith("ing")}  # ("Are you moving the piano?")
        low = f" {said.text.lower().rstrip(' .!')} "
        if objects and objects <= said.stems and any(cue in low for cue in _LEFT_OUT) and (set(_lower_tokens(said.text)[:3]) & (
                _CORRECTION | {"wait"}) or low.endswith((" leave it out ", " leave them out "))):
            return said  # "no wait, we sold the piano, leave it out" (not "I sold tickets for the gala", nor "leave it out
            # to cool")
    return None


def _code_form(code: str) -> str:
    """A code's form: its letters as ``A``, its digits as ``9`` ("KNX3" and "BRW1" are both ``AAA9``)."""
    return "".join("9" if c.isdigit() else "A" if c.isalpha() else c for c in code)


@_once_per_request  # asked by the tool choice and by the decision to answer from a result: the conversation read once
def _new_values(request: Request) -> bool:
    """Whether the latest message gives two values or more (numbers, codes), one of them said nowhere before and none a
    tool returned: "my friend: 300000, 10% deposit, 30 years" after 25 years (not "With 25 years and 10% down, was it
    1,520?" of a result of 1,520 EUR: that result checked)."""
    before = " ".join(json.dumps(item, default=str) for item in request.conversation[:max(0, request.last_user_index)])
    results = " ".join(str(item.get("output")) for item in request.conversation[:max(0, request.last_user_index)] if item_type(
        item) == "function_call_output")
    given = facts(request.message)
    return len(given) >= 2 and any(not whole_words_at(before, v) for v in given) and not any(whole_words_at(
        results, v.rstrip("%")) or whole_words_at(_THOUSANDS.sub("", results), _THOUSANDS.sub("", v)) for v in given if len(
            v.rstrip("%")) >= 3)


def _runs(code: str) -> str:
    """A code's form with each run of letters or digits written once, its dashes and spaces left out: "BA117",
    "INC-4410" and "LH4000" are all ``A9``, "BR4 7TQ" is ``A9A``."""
    return "".join(kind for kind, _ in itertools.groupby(c for c in _code_form(code) if c in "A9"))


def _named_subject(text: str) -> bool:
    """Whether a sentence is of someone named, not of its speaker: it opens with a name ("And Tomasz wants block D")
    and says no "I", "my", "we"."""
    said = [t for t in tokens(text[:300]) if t.lower() not in ("and", "also", "but", "oh", "plus")]
    if not said[1:2] or not said[0][:1].isupper() or {t.lower().replace("’", "'").split("'")[0] for t in said} & {
            "i", "me", "my", "mine", "we", "our", "ours", "us"}:
        return False  # (the names read last: asked of each statement a question weighs; a full name too, "Tobias Reed wants")
    name = next((n.split() for n in _proper_names(text, people=True) if n.split()[0] == said[0]), [])
    return bool(name) and said[len(name):len(name) + 1] != [] and said[len(name)][:1].islower() and said[:len(name)] == name


#: Words that say outright that a statement corrects an earlier one ("Correction: the serial is 372491").
_OUTRIGHT = frozenset("actually sorry correction meant oops mistake wrong".split())


#: What things are sorted into, asked of one by name ("Which class is Jess in?": "Jess in the novice").
_SORTED_INTO = stem_set("class category division group team level grade section heat round ring lane court pool set league")


def _hue(text: str) -> bool:
    """Whether ``text`` names a colour ("bright orange-yellow", "a red one")."""
    return bool(_COLORS & {part for t in _lower_tokens(text[:300]) for part in t.split("-")})


def _rewrites(fixed: Statement, said: Statement) -> bool:
    """Whether ``fixed`` is ``said`` as a correction rewrote it: the same wording but its values, or but the words the
    correction took back ("a pair of Pekin bantams, lavender" of "..., black", by "make the Pekins lavender, not black")."""
    if wording(fixed.text) == wording(said.text):
        return True
    new, old = [t.lower() for t in tokens(fixed.text)], [t.lower() for t in tokens(said.text)]
    differ = [b for a, b in zip(new, old) if a != b]
    return len(new) == len(old) and 0 < len(differ) <= 2 and all(f"not {b}" in fixed.said.lower() for b in differ)


def _changes(later: Statement, said: Statement, topic: Sequence[str], kinds: set[str], roles: tuple[str, ...]) -> bool:
    """Whether ``later`` changes the value ``said`` gives of what ``topic`` asks: it shares a word with it, gives a value
    of its kind (or of its shape, or says "not <its value>"), and either corrects outright ("Correction: the serial is
    372491"), or says a change ("went up", "changes", "moved") of every word asked, the value's own word too ("the wifi speed
    increased" is no change of the wifi password, "the invoice total changed" none of the invoice number)."""
    if later.order <= said.order or later.role not in roles or later.asks:
        return False
    numbered = {one for one in topic if one.isdigit()} & said.stems  # "Who supervises Trench 3?": a change of trench 5's
    if numbered and not numbered & later.stems:  # supervisor is none of trench 3's
        return False
    heard = {t.lower() for t in tokens(later.text[:300])}
    numbers = [{(stem(a.lower()), b) for x, a, b in zip(["", *said_as], said_as, said_as[1:]) if a.isalpha() and b.isdigit() and len(
        b) <= 3 and not _NUMBER.fullmatch(x)} for said_as in (tokens(said.text[:300]), tokens(later.text[:300]))]  # "Correction:
    # batch 2 OG was 1.054" is no change of "Batch 3 is a saison..." (but "3 hours 55" is of "3 hours 45")
    if any(a == c and b != d and b not in heard for a, b in numbers[0] for c, d in numbers[1]):
        return False
    changing = _CORRECTION - {"not"} | _UPDATES - {"now"} | {"lower", "raise", "change", "changes", "pushed"}
    if not heard & (changing | _OUTRIGHT):  # (the cheap test first: most sentences change nothing)
        return False
    kinds = kinds - {"count"} | ({"count"} if "count" in kinds and any(_NUMBER.fullmatch(t) for t in heard) else set())
    valued = kinds & (_kinds(later.text) | {"count"}) or _shapes(said.text) & _shapes(later.text) or any(
        f"not {v}" in later.text for v in facts(said.text))
    named = [{(a, b) for a, b in itertools.pairwise(tokens(one.text[:300])) if a[:1].isupper() and a.isalpha() and b.isdigit()}
             for one in (said, later)]  # (a name's number)
    renumbered = {a for a, b in named[0] for c, d in named[1] if a == c and b != d}  # "Sorry, I mixed them up - Joan
    valued = valued or renumbered  # wears 41 and Joanne 39" of "..., Joan 39, Joanne 41"
    shared = set(words(said.text)) & set(words(later.text)) - _DAYS - kinds - _LIGHT_VERBS - set(facts(later.text))
    denied = [b.rstrip(".,!?").removesuffix("st").removesuffix("nd").removesuffix("rd").removesuffix("th") for a, b in (
        itertools.pairwise(t for t in _lower_tokens(later.text[:300]) if t != "the")) if a == "not"]  # "..., not the 14th"
    counted = [{(a, stem(b)) for a, b in itertools.pairwise(_lower_tokens(s.text[:300])) if a.isdigit()} for s in (said, later)]
    recount = {b for _, b in counted[0]} & {b for _, b in counted[1]} and not counted[0] & counted[1] and of_someone_else(
        said.text) == of_someone_else(later.text)  # "5 days", then
    units = [{b for n, b in counted[0] if n == d} and {b for n, b in counted[1] if n != d} for d in denied]  # ("3 baskets,
    near = heard & _OUTRIGHT and (mistyped(said.text, later.text) or recount or any(d.isdigit() and d in _lower_tokens(  # "4 days"
        said.text[:300]) and not (u and not u & {b for n, b in counted[0] if n == d}) for d, u in zip(denied, units)))  # of
    # "Saturday 14 June"; not 2" is no change of "2 seed cakes")
    # "Sorry, the PO is 77-3310" of "purchase order 77-3301"
    if not (valued and (shared or near or renumbered)):
        return False
    if near and not shared:
        return True
    asked = set(topic) & said.stems
    def of(words_asked: set[str]) -> bool:
        return all(one in later.stems or related({one}) & later.stems for one in words_asked)
    others = set(words(later.text)) - set(words(said.text)) - _VALUE_KINDS - _ID - stem_set(" ".join(_OUTRIGHT)) - set(
        facts(later.text)) - _LIGHT_VERBS  # ("Sorry, the code is 4417": the locker code; not "Sorry, Bob's phone is...")
    names = {w for n in _proper_names(said.text) for w in n.split()}
    if heard & _OUTRIGHT and (not others or of(asked - _VALUE_KINDS - _ID) or names & {w for n in _proper_names(
            later.text) for w in n.split()}):
        return True
    counted = {stem(b) for a, b in itertools.pairwise(_lower_tokens(said.text[:300])) if _NUMBER.fullmatch(a)} if (
        "count" in kinds) else set()  # ("How many are we ordering now?": the things counted, not the ordering)
    return bool(heard & changing) and bool(kinds & (_kinds(later.text) | {"count"}) or heard & _OUTRIGHT) and (of(
        asked & counted or asked) or bool(shared) and topic[-1] in asked & _SESSIONS and "date" in kinds & _kinds(later.text) and bool(
        _SESSIONS & later.stems) and not of_someone_else(later.text) and not {stem(a) for one in (later, ) for a, b in itertools.pairwise(
            _lower_tokens(one.text)) if stem(b) in _SESSIONS and a not in STOP} - said.stems)  # (a booked time's new date, beside a word of it: "the clinic rang, the appointment moved to
    # thursday 5 march" of "first physio session is tuesday 3 march at the elmfield clinic")


#: Words for one booked time: a change of one is a change of another ("first session is tuesday", "the appointment moved").
_SESSIONS = stem_set("session appointment booking lesson")
#: The stems of a price asked ("What did it cost?", "the fee").
_COST_STEMS = stem_set("price prices cost costs fee fees charge much pay paid")
#: Words a question of a whole group's size may say besides its people ("How many of us are coming in total?").
_GROUP_WORDS = stem_set("group party us total altogether come coming going attend attending join")
#: What the user's own group is booked as: "How many people is my booking for?" asks their group's size.
_BOOKED = stem_set("booking reservation table")
#: Words that ask what is wrong with a thing: a statement of a fault answers them ("The carriage sticks").
_FAULTS = stem_set("wrong problem problems issue issues fault faults")
#: The words of a statement of a fault: a problem's own (:data:`notes.PROBLEM`), and "problem" itself.
_FAULT_WORDS = notes.PROBLEM | stem_set("problem problems issue issues trouble")
#: The adjectives of "how big?", "how heavy?"...: a measurement answers them.
_MEASURED = frozenset("big large heavy tall wide long deep high far fast strong small".split())
#: What a question asks the place of by name ("What's the venue?").
_SITES = stem_set("venue location site")
#: The words that say which side a measure is of ("5 m long", "4 m wide", "2 m high").
_SIDE_WORDS = {"length": ("long",), "width": ("wide", "across"), "height": ("high", "tall"), "depth": ("deep",)}
#: Subjects a message of another desk is about ("Who won the football?", "my calculus homework", "a poem"): off topic
#: for a guardrail whose instructions name only their own topic and "anything else".
_ELSEWHERE = stem_set("football rugby homework essay calculus algebra poem poetry politics election recipe celebrity "
                      "bitcoin crypto")
#: The words a street's name ends with ("Sorrel Drive"): it names a street.
_STREETS = stem_set("street road avenue lane drive close way crescent")


def _addressed(text: str) -> bool:
    """Whether ``text`` gives an address: :data:`_ADDRESS`'s, or one in lower case, a house number and up to three
    words ending in one of :data:`_STREETS`, after "at", "on", "to"... ("at 14 alder close"; not "at 14 close friends' houses", "the
    3 shops nearby close at 6pm")."""
    said = _lower_tokens(text[:300])
    return bool(_ADDRESS.search(text)) or any(n.rstrip("abcd").isdigit() and (not at or said[at - 1] in (
        "at", "on", "to", "is", "live", "lives", "address", "from", "in", "of")) and any(all(w.isalpha() and w not in STOP for w in said[
            at + 1:end]) and stem(said[end - 1]) in _STREETS and not said[end - 1].endswith("s") and end - at > 2 for end in range(
                at + 3, min(at + 5, len(said) + 1))) for at, n in enumerate(said))  # (not "has 3 busy lanes")


def _names_street(text: str) -> bool:
    """Whether ``text`` names a street: a capitalised word before one of :data:`_STREETS` ("on Sorrel Drive")."""
    return any(a[:1].isupper() and stem(b.lower()) in _STREETS for a, b in itertools.pairwise(tokens(text)))


def _group_size(text: str) -> str:
    """How many a group is, as ``text`` says it of "us": "There will be 7 of us", "We're a party of six", "we are 4"."""
    said = [*_lower_tokens(_in_digits(text[:300])), ""]  # (not "Two of us are vegetarian")
    ages = [int(a) for a, b in zip(said, said[1:]) if a.isdigit() and b.rstrip(",.") in _AGES]  # "3 adults and 1 child": 4
    return str(sum(ages)) if len(ages) > 1 else next((n for a, b, c, d in zip(said, said[1:], said[2:], said[3:]) for n in (
        [a] if (b, c) == ("of", "us") and d not in ("are", "is", "were", "will", "have", "can") else [c] if (
            a, b) == ("party", "of") or (a, b) == ("we", "are") else [b] if a == "we're" else []) if _NUMBER.fullmatch(n)), "")


#: The sides of a thing, in a field's name ("length_m", "width_cm", "height"): "4 by 3.5" gives them in order.
_DIMENSIONS = stem_set("width wide length long height tall depth deep")
#: Units a measured number is said in ("180 lb", not "3 passengers"), with "in" for inches after a number.
_MEASURE_WORDS = MEASURE_WORDS | {"in"}
#: The people a group is counted in by age ("2 adults and 3 children").
_AGES = frozenset("adult adults child children kid kids senior seniors infant infants teen teens teenager teenagers "
                  "student students concession concessions toddler toddlers baby babies pensioner pensioners".split())


#: What "it is" says of the weather or the time ("It is raining", "It's freezing", "It was late").
_WEATHER_WORDS = frozenset("cold hot warm freezing sunny windy cloudy wet dry late early dark light raining snowing "
                           "pouring humid mild chilly".split())
#: Words that say when without a date or a clock time ("moved to next week", "at Easter", "in the afternoon").
_WHEN_WORDS = stem_set("week weeks weekend month months year morning afternoon evening night tonight tomorrow today later "
                       "soon easter christmas half past hour hours day days fortnight noon midnight")


def _diet(text: str) -> list[str]:
    """The diet ``text`` says: "allergic to peanuts", "vegan", "gluten-free" (else none)."""
    allergy = text.lower().partition("allergic to ")[2].split(",")[0].split(".")[0].strip()
    return [f"allergic to {allergy}"] if allergy else [t for t in tokens(text) if t.lower() in _DIETS or t.lower().endswith(
        "-free")][:1]


def _labels(text: str) -> set[tuple[str, str]]:
    """The things ``text`` tells apart by a letter or a small number after their name, with their labels: "the code for
    locker A" and "Pitch 3 is booked" give ``("locker", "a")``, ``("pitch", "3")`` (not "she turns 34")."""
    said = ["", *(t for t in tokens(text[:300]) if t.lower() not in ("number", "no", "#"))]  # "fact number 1": fact 1
    return {(stem(b.lower()), c.lower()) for a, b, c in zip(said, said[1:], said[2:]) if b.isalpha() and b.lower() not in STOP
            and (not a or a.lower() in ("the", "for", "at", "in", "on", "to", "my", "our", "from", "is", "of")) and (
                len(c) == 1 and c.isupper() and c != "I" or c.isdigit() and len(c) <= 3)}


def _antecedent(request: Request, statement: Statement) -> Statement | None:
    """The statement a pronoun opening ``statement`` stands for: the nearest earlier one by the same speaker (of the three
    before it) that does not itself open with a pronoun ("Mrs Haverford brought in her violin. It has a cracked top. She
    wants it back by May": both are of the violin's owner)."""
    earlier = [s for s in request.said if s.order < statement.order and s.role == statement.role][-3:]
    return next((s for s in reversed(earlier) if (_lower_tokens(s.text) or [""])[0] not in _STANDS_IN), None)


def _timed(text: str) -> bool:
    """Whether ``text`` gives a time of day, a date or a day ("at 7 pm", "19:30", "on 4 March", "on Friday")."""
    said = _lower_tokens(text[:300])
    return bool(_DATE.search(text[:300]) or _DAYS & set(words(text[:300])) or any(a[:1].isdigit() and (":" in a or b in (
        "am", "pm", "o'clock")) for a, b in itertools.pairwise([*said, ""])))


@functools.lru_cache(maxsize=4096)
def _kinds(text: str) -> frozenset[str]:
    """The kinds of values ``text`` gives: a date ("on 4 March"), an amount (a currency), or a count of a unit
    ("3 hours 45 minutes": hours, minutes)."""
    said = tokens(text[:300])
    return frozenset({kind for kind, given in (("date", _DATE.search(text[:300])), ("amount", _currencies(text))) if given} | {
        stem(unit.lower()) for number, unit in itertools.pairwise(said) if _NUMBER.fullmatch(number) and unit.isalpha()
        and unit.lower() not in STOP | _CORRECTION})  # not "5512 actually"


def _shapes(text: str) -> set[str]:
    """The shapes of the numbers and codes ``text`` gives, a digit as 9 and a letter as A ("serial 372419": 999999,
    "INC-5520": AAA-9999): a correction giving a value of the same shape gives the same thing's."""
    return {"".join("9" if c.isdigit() else "A" if c.isalpha() else c for c in value.upper()) for value in facts(
        text[:300]) if sum(c.isdigit() for c in value) >= 3}


def _gives_what_is_asked(question: str, text: str) -> bool:
    """Whether ``text`` holds the kind of value the question's words ask for: an identifier for a number or an id
    ("What was the flight number?"), for "when" a time or a day, for "where" no day where a place would be ("moved to
    May 24"); else any does."""
    asked = set(_lower_tokens(question))
    if set(_topic(question)) & _ID and not identifiers(text) or _lower_tokens(question)[:1] == ["when"] and not (
            _timed(text) or set(words(text)) & _WHEN_WORDS):  # (nor "When will it be collected?" by "My daughter might
        return False  # collect it instead"; but "moved to next week", "at Easter", "in the afternoon" say when)
    named = [n.split()[0].lower() for n in _names_after(text, _PLACE_CUES)] if "where" in asked else []
    return not named or not all(n in CALENDAR for n in named)  # (a place in lower case: "at the train station")


def _forbidden(instructions: str, question: str) -> str | None:
    """The rule of the instructions that forbids what ``question`` asks for: each word of what it forbids ("never
    give investment advice": investment, advice; "never invent an identifier": invent too) is in the question or
    related to one of its words ("Should I..." asks for advice)."""
    asks = set(_topic(question)) | ({stem("advice")} if _lower_tokens(question)[:1] == ["should"] else set())
    for rule in _FORBIDS.finditer(instructions[:4000]):
        verb, what = rule.groups()
        barred = [w for w in words(what if stem(verb) in _GIVING else f"{verb} {what}") if w not in ("out", "away")]  # ("do
        if barred and _covered(barred, asks) == len(barred):  # not give out)" bars no "call out")
            return rule.group(0).strip()
    return None


def _referred(request: Request, question: str) -> str:
    """``question`` with "she"/"her" ("he"/"him"/"his") read as the latest woman (man) the user told of by a word
    that says so: "What does she do?" after "My sister Ines..." asks "What does my sister do?"; else as the name the
    user said beside that pronoun ("My horse is called Pepper, she's a cob": "How tall is she?" asks of Pepper)."""
    for pronouns, people in ((("she", "her", "hers"), WOMEN), (("he", "him", "his"), MEN)):
        if not set(pronouns) & set(_lower_tokens(question)):
            continue  # no one of this kind is pointed at
        person = next((word for s in reversed(request.said) if s.role == "user" and not s.asks
                       for word in _lower_tokens(s.text) if word in people), None)
        named = next((name for s in reversed(request.said) if s.role == "user" and not s.asks and {
            t.split("'")[0] for t in _lower_tokens(s.text)} & set(pronouns) for name in _proper_names(s.text, people=True)),
            None) if not person else None  # "My horse is called Pepper, she's a cob": "How tall is she?" asks of Pepper
        if person or named:
            question = re.sub(rf"\b(?:{'|'.join(pronouns)})\b", f"my {person}" if person else named, question, flags=re.I)
    return question


def _names_someone(text: str) -> bool:
    """Whether a sentence names someone: a name that is no day or month ("The barber on shift is Marco")."""
    return any(n.lower() not in CALENDAR and n.lower()[:3] not in _WEEKDAYS for n in _proper_names(text, people=True))


@functools.lru_cache(maxsize=64)  # the same instructions come with every request of a conversation
def _told(instructions: str) -> tuple[tuple[str, str, frozenset[str], frozenset[str]], ...]:
    """What the instructions tell: ``(label, text, label stems, text stems)`` of each ``Label: text`` line, and of
    each sentence of a line without a label that states a fact ("Refunds take 5-7 days."), not an order."""
    told = []
    lines = instructions.splitlines()
    asked = {k: next((j for j in range(k + 1, len(lines)) if lines[j].strip()), None) for k, line in enumerate(lines) if (
        line.strip()[:2].lower() == "q:")}  # an FAQ: "Q: Do you clean felt hats?" then "A: Yes, ... £18": the answer,
    asked = {k: j for k, j in asked.items() if j is not None and lines[j].strip()[:2].lower() == "a:"}  # read with the
    answers = {j: k for k, j in asked.items()} if len(asked) >= 2 else {}  # words it answers (never the question alone)
    of_question: dict[str, frozenset[str]] = {}
    for number, line in enumerate(lines):  # a line, else each sentence, labelled ("... Rules: never ...") or not
        if number in answers.values():
            continue
        if number in answers:
            answer = line.strip()[2:].strip()
            told.append(("", answer))
            of_question[answer] = frozenset(words(lines[answers[number]].strip()[2:])) - _LIGHT_VERBS - _FAQ_LEADS  # ("Do
            # you have meeting rooms?": meeting, room)
            continue
        for lead in ("You are talking to ", "You're talking to ", "You are speaking with ", "You are speaking to ",
                     "You are chatting with ", "You are helping ", "You're helping ", "You help ", "You assist "):  # "You are
            at = line.find(lead)  # talking to Ines, an alto...": the user is Ines (a name, then a comma or a full stop)
            role = list(itertools.takewhile(lambda w: w.islower() and w.isalpha() and w not in STOP, line[at + len(lead):].split(
                " ")))[:3]  # ("You help new users. Maria, the admin, ...": no one)
            lead += " ".join(role) + " " if role and at >= 0 else ""  # "You help allotment holder Ines Okafor, who..."
            name = list(itertools.takewhile(lambda w: w[:1].isupper(), line[at + len(lead):].split(" ")))[:3] if at >= 0 else []
            name = name[:next((k + 1 for k, w in enumerate(name) if w[-1:] in ",."), len(name))]  # "Ines Okafor. She..."
            after = line[at + len(lead):].split(" ")[len(name):len(name) + 1] if name else []
            if name and (name[-1][-1:] in ",." or after == ["who"]) and (at == 0 or line[at - 2:at] == ". "):
                line = line.replace(lead, "The user is ", 1)
        of_user = any(person in line.lower() for person in _THE_USER)
        said = [part for one in sentences(line) for piece in (one.split("; ") if all(map(_labelled, one.split("; "))) else [
            one]) for part in _split_told(piece, of_user)]  # "Half-day walk: 4 hours...; full-day walk: 8 hours...": two
        plain = [not (one.startswith(("She ", "He ")) and not (k and said[k - 1].startswith((
            "The user is", "The user's name is", "The user, ", "The customer is", "The customer's name is")))) for k, one in (
                enumerate(said))]  # "She sings alto" after "The user's name is Ines." (not
        # "She is 7" after "The user has a daughter, Mia.", nor "She approves" after "The user's manager is Dana.")
        told += [entry] if (entry := _labelled(line)) else [
            entry for one, kept in zip(said, plain) if (entry := _labelled(one) or _as_told(one, of_user and kept)) is not None]
    if "skill" not in dict(told):  # "You are Pip, a baker's assistant." answers "What can you do?" too
        told += [("skill", text) for label, text in told if label == "name"][:1]
    named = {stem("name")}  # "The user is Ana, a nurse." → "You are Ana, a nurse.": the user's name
    return tuple((label, text, frozenset(words(label)) | (of_question.get(text, frozenset()) if not label else frozenset()), frozenset(words(text)) | {
        stem(t.replace("-", "").lower()) for t in tokens(f"{label} {text}"[:400]) if "-" in t.strip("-") and all(
            len(part) >= 3 for part in t.split("-"))} | (  # "Call-out (not "re-cover" of "recover")
        # fee £60." of "how much is the callout"
        named if text.startswith("You are ") and text[8:9].isupper() else set())) for label, text in told)


#: The words of an FAQ's question that only ask ("Can I...", "Do you have..."): no label of what it answers.
_FAQ_LEADS = stem_set("do does did can could is are was will would how what when where which who you we i your our there have "
                      "has get offer")


def _table_rows(text: str) -> str:
    """``text`` with each row of a markdown table of facts written as a line naming its row: "| Sunday | 9am-5pm |"
    under "| Day | Hours |" is "Sunday - 9am-5pm."; of more columns, "Big wash - Price £7.00, Time 45 min." (the header
    and its rule kept; see :func:`_table_read`)."""
    if text.count("\n|") < 3 or "```" in text or "..." in text or "…" in text or asks_for_summary(text) or any(
            cue in text.lower() for cue in ("never share", "never reveal", "not share", "n't share", "not reveal", "n't reveal",
                                            "never give out", "never tell", "staff only", "internal", "confidential")):
        return text  # (no table of facts: a header and its rule at most, a template to fill, a note's prompt, a table
        # kept from customers: "Locker codes are private")
    lines: list[str] = []
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("|") and line.strip().endswith("|"):
            block.append(line)
            continue
        lines += _table_read(block)
        lines.append(line)
        block = []
    return "\n".join(lines[:-1])


def _table_read(block: list[str]) -> list[str]:
    """A markdown table's lines with each row written as :func:`_table_rows` says; as written unless it has a header,
    its rule and two rows or more, each as wide as the header and with no empty cell."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block]
    if len(rows) < 4 or not all(set(c) <= set("-: ") for c in rows[1]) or len(rows[0]) < 2 or any(
            len(row) != len(rows[0]) or not all(row) for row in rows[2:]):
        return block
    header, plain = rows[0], len(rows[0]) == 2 and rows[0][1].lower() in _PLAIN_COLUMNS
    return block[:2] + [f"{row[0]} - {', '.join(c if plain else f'{h} {c}' for h, c in zip(header[1:], row[1:]))}."
                        for row in rows[2:]]  # (its row's name kept with what it tells)


#: Column headings a row's value needs no repeating of ("Sunday - 9am-5pm.", not "Sunday - Hours 9am-5pm.").
_PLAIN_COLUMNS = frozenset("hours time times opening price prices cost fee value".split())


def _valued(advice: str, topic: Sequence[str]) -> bool:
    """Whether ``advice`` gives a value right after a word asked of ("You sing alto": sing; not "You drive to work")."""
    said = [t for t in tokens(advice) if t.lower() not in ("a", "an", "the", "my", "our", "his", "her", "their", "some")]
    return any(stem(a.lower()) in topic and (b.lower() not in STOP and b[:1].isalpha() or c[:1].isupper()) for a, b, c in zip(
        said, said[1:], [*said[2:], ""]))  # ("drives a Tesla", "works for Acme Ltd")


def _split_told(said: str, of_user: bool) -> list[str]:
    """A sentence of what the user is cut into its facts: "The user's name is Kim and she lives in Oslo." → "The
    user's name is Kim.", "They live in Oslo." (so each is told alone, in the second person)."""
    cut = next((f" and {they} " for they in ("she", "he", "they") if of_user and f" and {they} " in said), "")
    if not cut:
        return [said]
    head, _, tail = said.partition(cut)
    verb, _, rest = tail.partition(" ")
    plural = {"is": "are", "has": "have", "was": "were", "does": "do"}.get(verb) or verb[:-2 if verb.endswith((
        "shes", "ches", "xes", "sses", "oes")) else -1 if verb.endswith("s") and not verb.endswith("ss") else None]
    return [f"{head}.", f"They {plural} {rest}"]


def _labelled(text: str) -> tuple[str, str] | None:
    """``(label, text)`` of a ``Label: text`` line or sentence; ``None`` if its "label" is long, is sentences ("You are
    a cafe's assistant. Prices: ...": each sentence is read alone) or it reads "...10:30"."""
    label, _, advice = text.strip().lstrip("-*• ").strip().partition(":")
    short = len(label.split()) <= 6 and ". " not in label
    return (label, advice.strip()) if advice.strip() and short and not advice[:1].isdigit() else None


#: What instructions call the person the assistant talks to ("The user's name is Kim", "The current member is ...").
_THE_USER = ("user", "customer", "client", "member")


def _as_told(said: str, of_user: bool) -> tuple[str, str] | None:
    """A sentence of instructions as the model may tell it, and its label: what the assistant is or can do, in its
    own words ("You are Bob, ..." → ``("name", "I'm Bob, ...")``, "You can ..." → ``("skill", "I can ...")``), a
    fact ("Refunds take 5 days."; of the user, to them: "The user's plan is Pro." → "Your plan is Pro."), no order."""
    if of_user and said.startswith(("She ", "He ")) and len(said.split()) > 2:  # "The user's name is Ines. She sings
        verb, _, rest = said.split(" ", 1)[1].partition(" ")  # alto": you sing alto
        verb = {"is": "are", "was": "were", "has": "have", "does": "do"}.get(verb, verb[:-1] if verb.endswith("s") and not (
            verb.endswith("ss")) else verb)
        return "", f"You {verb} {rest}"
    first, _, rest = said.partition(" ")
    place = [name for name in _names_after(said, ("in", "at")) if name.lower() not in _LANGUAGE_NAMES]  # "...in Porto."
    if first == "You" and (rest[:4] == "can " or rest[:4] == "are " and (rest[4:5].isupper() or place)):
        return ("skill", "I " + rest) if rest[:4] == "can " else (
            "name" if rest[4:5].isupper() else "address", "I'm " + rest[4:])  # "You are the desk of X in Galway."
    if first == "You" and rest[:4] == "are " and {"that", "which", "who"} & set(rest.split()):  # "You are the assistant of
        return "skill", "I'm " + rest[4:]  # a shop that sells laptops...": "Do you sell laptops?", "What do you sell?"
    if first == "You" and place and rest.split(" ")[0] in ("work", "live", "operate", "trade", "teach", "volunteer",
                                                            "serve", "run", "practise", "practice"):
        return "address", "I " + rest  # "You work at Harrow Lane Forge.": "Where do you work?"
    lead = first.lower()  # a fact of where the one it opens with is ("Acme is a shop in Porto", "...based in Oslo"), or
    place = place and any(said.startswith(n) for n in _proper_names(said)) or {"based", "located"} & set(_lower_tokens(
        said)) or _ADDRESS.search(said)  # an address; not "Most of our users are in Brazil."
    verb = lead in ("anyone", "everyone", "anybody", "everybody", "nobody", "whoever") or set(_lower_tokens(said)[1:4]) & (
        _SUBJECT_VERBS | {"are", "were", "need", "have"}) or set(_lower_tokens(said)[
        1:6]) & {"means", "mean", "mark", "marks", "indicate", "indicates", "signal", "signals"} or len(lead) > 3 and (
        lead.endswith("s") and not lead.endswith("ss") and stem(lead) not in _VERBS | _CHANGES) and (
        [*_lower_tokens(said), ""][1] not in STOP or {"are", "were"} & set(_lower_tokens(said)[:8])) and not (
        stem(lead) in _PERSON | stem_set("user customer client agent caller visitor member staff") or {
            "never", "always", "must", "should", "don't", "ask", "asks"} & set(_lower_tokens(said)))  # "Late entries are not
    # accepted", "EU citizens need no visa", "Courses run on Saturdays", "Red and yellow flags mark the lifeguarded
    # zone": a subject and its verb (an order opens with a
    # verb, never a plural), not "Route patients."
    case = said.partition(",")[0]  # "If the soil is dry, water the herbs.": advice to tell, not an order to the model
    advice = lead in ("if", "when") and case != said and set(words(case)) - _USERS and not (set(words(case)) & _CONDUCT or "you" in case.lower().split()
                                                              or said.rstrip().endswith("?"))  # ("When is...?")
    used = lead == "use" and bool(facts(said)) and not {"tool", "tools", "function"} & set(_lower_tokens(said))  # "Use 16/0.2
    # wire for the bus": advice to tell, not an order to the model ("Use the lookup tool")
    if not advice and not used and (lead in _ORDERS or _tasked(said) or _is_question(said)) or not (facts(said) or place or verb or advice) and lead not in (
            "our", "we", "the", "they"):  # ("If the user asks for...", "When you are unsure, ...")
        return None if (lead in _ORDERS | STOP or _tasked(said)) and not used or _is_question(said) or not lead.isalpha() else (f"do {lead}", said)  # how
    # to do it, told to "How should I water them?" alone ("Water tomatoes at the base.")
    for them, you in (("tell the user to ", ""), ("tell them to ", ""), ("the user is ", "you are "), ("the user", "you")) if (
            advice) else ():
        said = said.replace(them, you)  # "If the user is sore, suggest rest.": "If you are sore, suggest rest."
    said = said.replace("The current ", "The ", 1) if said.startswith("The current ") and said.split(" ")[2:3] and said.split(
        " ")[2].rstrip("'s") in _THE_USER else said  # "The current member is Bartholomew Quist, ...": you are
    person = next((word for word in _THE_USER if said.startswith(f"The {word}")), "they")
    for them, you in ((f"The {person}'s ", "Your "), (f"The {person} is ", "You are "), ("They ", "You ")):
        if said.startswith(them) and of_user:
            return "", you + said[len(them):]
    return "address" if place else "", said  # "Acme is a shop in Porto." answers "Where are you based?"


@_once_per_request
def _renamed(request: Request) -> str:
    """The name the user gave the assistant, as instructions give one ("call yourself Juniper", "I'll call you Max":
    "You are Juniper.\n"), else ""."""
    for s in reversed([s for s in request.said if s.role == "user" and not s.asks]):
        lowered = s.text.lower()
        for cue in ("your name is ", "call yourself ", "call you ", "you are ", "you're ") if " you" in lowered else ():
            at = lowered.find(cue)
            name = s.text[at + len(cue):].split(" ")[0].strip(".,!") if at >= 0 else ""
            if name[:1].isupper() and name != "I":
                return f"You are {name}.\n"
    return ""


#: The words of "what does it cost?", and of joining, which ask the one price the instructions tell.
_WHAT_IT_COSTS = ("what does it cost", "how much is it", "how much does it cost", "what is the cost", "what's the price")
_JOINING = stem_set("hi hello like want join joining come along sign up interested cost much price fee association club society "
                    "group visit visiting enter entry go attend we'd") | _DAYS


def _from_instructions(request: Request) -> tuple[int, str] | None:
    """``(coverage, text)`` of what the instructions tell (:func:`_told`) that the latest message asks for, as a later
    line of them updates it ("- 2025-03-01 update: Deliveries have moved to Fridays." after "Deliveries are on
    Thursdays.")."""
    found = _instructions_answer(request)
    whose = {t.lower()[:-2] for t in tokens(request.message[:300]) if t.lower().endswith(("'s", "’s")) and t.lower()[:-2] not in (
        STOP | {"it", "that", "what", "who", "where", "when", "how", "there", "here", "today", "tomorrow", "today"})}  # "whats
    lines = [line for line in request.instructions[:4000].splitlines() if found and found[1].strip()[:40] in line]
    if found and whose and not any(w in found[1].lower() or any(w in line.lower() for line in lines) for w in whose) and any(
            line.partition(": ")[2].strip().lower().startswith(w) for line in request.instructions[:4000].splitlines() for w in (
                whose)):  # tom's birthday" of "Birthday: 12 May" and "Partner:
        return None  # Tom": the user's birthday, not Tom's
    return (found[0], _updated_line(request, found[1])) if found else None


def _updated_line(request: Request, text: str) -> str:
    """``text``, or the last later line of the instructions that says an update of it: one with an update word ("now",
    "moved", "changed"...) that shares a word of its own with it and says each word of the question ``text`` says."""
    lines = [line.strip(" -*\t") for line in request.instructions[:4000].splitlines() if line.strip()]
    at = next((k for k, line in enumerate(lines) if text.strip() and text.strip()[:40] in line), None)
    if at is None:
        return text
    cues = _UPDATES | stem_set("moved moving changed change replaced instead longer")
    asked = set(_topic(request.message)) & set(words(text))
    own = set(words(text)) - _DAYS - set(facts(text)) - _LIGHT_VERBS
    allowed = own | set(words(request.message)) | cues | _DAYS

    def same_thing(line: str) -> bool:  # no other thing updated: not "private classes" of "a class", "the cafe now opens"
        said = [t for t in _lower_tokens(line.partition(": ")[2] if ": " in line[:30] else line) if t.isalpha()]
        first = next((k for k, t in enumerate(said) if stem(t) in own), len(said))
        return all(t in STOP or stem(t) in allowed for t in said[:first]) and bool(facts(line) or _DAYS & set(words(line)) or any(
            t[:1].isupper() for t in tokens(line)[1:]))  # and a value of its own ("on the terrace too" gives none)
    later = [line for line in lines[at + 1:] if set(_lower_tokens(line)) & cues | set(words(line)) & cues and own & set(words(
        line)) and asked <= set(words(line)) | related(set(words(line))) and same_thing(line)]
    return later[-1].partition(": ")[2] if later and ": " in later[-1][:30] else later[-1] if later else text


def _instructions_answer(request: Request) -> tuple[int, str] | None:
    """:func:`_from_instructions`, before a later line's update."""
    asked = [piece for piece in sentences(request.message) if piece.rstrip().endswith("?")]  # "Hi, I'm Dana. When is
    message_text = asked[-1] if len(asked) == 1 and _GREETINGS & set(_lower_tokens(request.message)[:1]) else (  # breakfast?"
        request.message)  # asks what its question asks
    message_text = _in_digits(message_text) if any(t.lower() in _COUNT_WORDS for t in tokens(message_text[:400])) else (
        message_text)  # "three shifts" of "Volunteers who do 3 shifts get..."
    asks, said = _is_question(message_text), {t.split("'")[0] for t in _lower_tokens(message_text)}
    said_words = said
    told = _told(_renamed(request) + request.instructions)
    prices = [one for _, advice, *_ in told for one in sentences(advice) if _currencies(one)] if asks and (  # the one price
        message_text.rstrip(" ?").lower().endswith(_WHAT_IT_COSTS)) else []  # told answers
    if len(prices) == 1 and not set(words(  # "I'd
            message_text)) - _JOINING - set(words(prices[0])) - related(set(words(prices[0]))) and not any(  # like to join -
            s.role == "user" and _currencies(s.text) for s in request.said):  # what does it cost?" (not of "a new clutch",
        return 1, prices[0]  # "the premium plan", or a thing the user priced)
    addressed = asks and {"you", "your"} & said
    topic = _topic(message_text) + ([stem("address")] if addressed and "where" in said else [])  # "Where are you?"
    message = set(topic) | {stem(f"{a}-{b}") for a, b in itertools.pairwise(_lower_tokens(message_text)) if a.isalpha() and (
        b.isalpha()) and a not in STOP}  # "the full day": the "full-day walk"
    wants_fact = asks and bool(message & _ID)
    given = " ".join(plain_text(i.get("content")) for i in request.conversation
                     if i.get("role") == "assistant").lower()  # what the model already said
    found, days = [], _weekdays(message_text) if asks else set()  # "open on Sunday?" asks "Hours: ..., Sun 8-12"
    days = days or set(_WEEKDAYS if asks and "days" in said else ())  # "Which days...?": any a sentence names
    lasting = stem_set("long take") if "how long" in message_text.lower() else set()  # "How long will it take?"
    clocked = asks and bool({"when", "time"} & said) and bool(set(topic) - stem_set("time"))  # "What time do you close?":
    # "Opening hours: 10:00-19:00" (not "What time is it?")
    hours = [f"{label}: {advice}" if label else advice for label, advice, *_ in told if clocked and days and _weekdays(
        head := label or advice.partition(" - ")[0]) & days and not _weekdays(rest := advice if label else advice.partition(
            " - ")[2]) and any(t[:1].isdigit() and (t.lower().rstrip(".").endswith(("am", "pm")) or ":" in t) for t in tokens(
                rest.replace("-", " ")))]  # "what time do u shut on sunday": "Sunday - 9am-5pm." (no line sharing "shut")
    if len(hours) == 1:
        return len(topic), hours[0]
    doing = {f"do {b}" for a, b in itertools.pairwise(_lower_tokens(message_text)) if a in ("i", "we")}
    kind_asked = next((stem(b) for a, b in itertools.pairwise(_lower_tokens(message_text)) if a in ("what", "which")), "")
    mine = (_about_user(message_text) or "me" in _lower_tokens(message_text)) and _lower_tokens(message_text)[:2] not in (
        ["who", "do"], ["who", "should"], ["who", "can"], ["whom", "do"], ["whom", "should"])  # "Which phone do I have?" (not
    # "Who do I talk to about an invoice?", which asks whom)
    clock = topic == [stem("time")]  # "What time is it?" asks the clock, not "Hours: ..."
    names = {n.lower() for n in _proper_names(message_text)} if asks and len(_proper_names(message_text)) == 1 and (
        _lower_tokens(message_text)[:1] in (["how"], ["what"], ["which"], ["who"], ["when"], ["where"])) else set()  # "How
    # long does Codenames take?" (of one entry: not "Is Azul shorter than Catan?") of
    for label, advice, *_ in _told(_renamed(request) + request.instructions) if names else ():  # "Our shelf: Catan (3-4
        for entry in outside_brackets(advice):  # players, 90 min), Codenames (4-8 players, 15 min)": its entry
            if entry.split(" (")[0].strip(" .").lower() in names and " (" in entry:
                return len(topic), f"{entry.strip().removeprefix('and ').rstrip('.')}."
    low_asked = _lower_tokens(message_text)
    carried = next((stem(w) for w in low_asked[3:6] if w not in STOP and w.isalpha()), "") if low_asked[:2] in (
        ["can", "i"], ["can", "we"], ["may", "i"], ["may", "we"], ["could", "i"], ["could", "we"]) and low_asked[3:4] in (
            ["my"], ["our"], ["a"], ["an"], ["the"]) else ""  # the thing a permission is asked for: "labrador"
    spread = collections.Counter(w for _, _, label_stems, advice_stems in _told(_renamed(request) + request.instructions)
                                 for w in label_stems | advice_stems)  # how many lines say each word
    for label, advice, label_stems, advice_stems in _told(_renamed(request) + request.instructions):
        if advice.lower().startswith(("if ", "when ")) and any(f", {order} " in advice.lower() for order in ("tell", "say")) and (
                any(_currencies(one) for _, one, *_ in told) and "how much" in message_text.lower()):
            continue  # an order for a case ("If a class is cancelled ..., tell the customer: '...'") is no price's answer
        scene = _lower_tokens(advice)[:5]
        if scene[:1] in (["a"], ["an"], ["the"]) and any(a in ("is", "are") and b.endswith("ing") for a, b in itertools.pairwise(
                scene[2:])):  # the scene the model is set in ("A team captain is setting up his team's details"), not a
            continue  # fact to tell back
        if advice.startswith("Use ") and not (set(topic) - stem_set("use")) & advice_stems:
            continue  # "Use 16/0.2 wire for the bus" is of the bus (not "Can you fix my brakes?")
        if (tokens(advice) or [""])[0].lower() in _DIRECTED and not advice.partition(": ")[2]:
            continue  # "Decide whether tonight is good for trapping" is the model's task, no answer to tell (but
        if (tokens(advice) or [""])[0].lower() in _DIRECTED:  # "Determine the answer from this policy: returns
            advice = advice.partition(": ")[2]  # within 45 days" tells what follows its colon)
            advice_stems = frozenset(words(advice))

        if label[:3] == "do ":  # "How should I water them?": "Water tomatoes at the base, never on the leaves."
            heard_now = _lower_tokens(message_text)
            thing = next((w for k, v in enumerate(heard_now) if v == label[3:] for w in heard_now[k + 1:k + 3] if w not in (
                "my", "the", "a", "an", "our", "your", "his", "her", "their", "some", "any")), "")  # what is done to
            acted = (_lower_tokens(advice)[1:2] or [""])[0]  # what the advice's verb acts on ("Book classes in the app")
            generic = {"items", "item", "things", "stuff", "them", "it"}
            elsewhere = thing.isalpha() and thing not in STOP and stem(thing) not in advice_stems and any(stem(thing) in set(words(
                one)) and (_lower_tokens(one) or [""])[0] not in _DO_VERBS for one in sentences(request.instructions[:4000]))
            # ("Bikes go in the rack" beside "Store items in the lockers"; not "Renew books online" beside "Reserve items")
            found += [((len(topic), 2 * len(topic)), advice, "")] * (asks and label in doing and (heard_now[:1] == ["how"] and (
                acted in STOP | {"under", "via", "through", "using", "online", "here"} or acted in generic and not elsewhere or stem(
                    acted) in set(words(message_text)) or thing in generic | {""}) or not (
                thing.isalpha() and thing not in STOP and stem(thing) not in advice_stems and stem(thing) in set(words(
                    request.instructions[:4000])))))  # (not "Bring your own apron" when another sentence names the television
            # of "can I bring my television?")
            continue
        if lasting and advice_stems & stem_set("minute hour day week month year"):  # is told by "... in 5 days"
            advice_stems = advice_stems | lasting
        elif days and not label and _weekdays(advice):  # "Which days...?": "... on Tuesday and Thursday mornings"
            advice_stems = advice_stems | {stem("day")}
        if stem("number") in topic and "number of" not in message_text.lower() and (set(topic) - {stem("number")}) & (
                advice_stems | label_stems) and any(_phone_like(m.group(
                0)) for m in _PHONE.finditer(advice)):  # "the office number?": "Customers should call the office on 01632 960555."
            advice_stems = advice_stems | {stem("number")}
        repeated = advice[:80].lower() in given and label not in ("name", "skill")  # asked again: said again
        if wants_fact and not facts(advice) or repeated and _covered(topic, label_stems | advice_stems) * 2 < len(topic):
            continue
        if label in ("name", "skill") and not addressed or label == "address" and (not asks or {"my", "mine", "our", "ours"} & said or (
                advice.startswith(("You", "I'm ")) and not addressed and not (set(topic) - {stem("address")}) & advice_stems)) or (
                    not label) and advice.startswith(
                "You") and (not asks or (
                addressed and not {"my", "me", "i", "i'm", "am", "our", "we", "us"} & said)):
            continue  # the assistant's persona answers questions to it; what the user is, the user's questions
        near = days and days & _weekdays(advice) or label == "address" or clocked
        heard = message | (related(message) if near else set()) | {
            s for s in label_stems if any(len(m) >= 5 and s.startswith(m) for m in message)}  # "cancel"
        head = (words(label) or [""])[-1]  # "What packages do you have?": "Party packages: Bronze..., Gold..."
        entry = asks and label_stems & heard and ((message - label_stems) & advice_stems or head in message and not (
            set(topic) - label_stems - advice_stems - _LIGHT_VERBS))  # "a double
        # room": "Rates: ..."
        if len(label_stems & heard) < min(2, len(label_stems)) and not entry:  # "Second SSD slot": not "15 seconds"
            found += [((len(topic), 1), one, label) for one in sentences(advice) if asks and topic and not (mine or clock)
                      and _covered(topic, set(words(one))) == len(topic)]  # a sentence saying each word asked (or kin)
            found += [((1, 0), advice, label)] * (label == "skill" and bool(addressed) and bool(topic) and topic[0] in (
                advice_stems) and _lower_tokens(message_text)[:2] == ["do", "you"])  # "Do you sell tablets?": what
            # the shop sells, said by what the assistant is for
            continue  # ("Returns: 30 days. Electronics have a 2-year warranty.": "What's the warranty on electronics?")
        if kind_asked and kind_asked in topic and kind_asked not in advice_stems | label_stems | _VALUE_KINDS and not (
                related({kind_asked}) & (advice_stems | label_stems) - set(topic)) and not _valued(advice, topic):
            continue  # "What car do I drive?" is not told by "You drive to work every day" (no car said)
        if carried and carried not in advice_stems | label_stems | related(advice_stems | label_stems):
            continue  # "Can I bring my labrador?" is not told by "...other sizes must bring their own" (of wellies)
        score = 2 * len(label_stems & heard) + len(advice_stems & message - label_stems)  # names "Cancellation: ..."
        score += 0.5 * bool(" how much " in f" {message_text.lower()} " and _currencies(advice))  # "How much is a massage?":
        # the price, not "How long is a massage?"'s minutes
        score += len([w for w in (label_stems | advice_stems) & message if spread[w] == 1]) / 100  # of equals, the one
        # saying a word no other line says ("Does the shoyu ramen have sesame?": the shoyu's, not a sesame one)
        case = advice.partition(",")[0] * advice.lower().startswith(("for ", "if ", "when "))  # "For a burn, cool it...": a
        covered = len(topic) if case and set(words(case)) - _USERS and set(words(case)) - _USERS <= set(words(message_text)) else _covered(
            topic, label_stems | advice_stems)  # case the message says whole (of the user: "If the user is sore")
        # is what it asks ("I burned my hand, what should I do?", "Frost tonight. What do I do with my basil?")
        if score >= 2 or not label and covered and covered * 2 >= len(topic) and (facts(advice) or _names_someone(advice) and (
                "who" in said) or covered >= len([
                t for t in topic if t not in _LIGHT_VERBS and (t != kind_asked or not (_valued(advice, topic) or related(
                    {t}) & advice_stems - set(topic)))])):  # "Do you take cards?": "We accept
            # cash and cards"; "What part do I sing?": "You sing alto" (the part is what is asked)
            parts = sentences(advice) if label and asks else []  # "How much is Premium?" of "Plans: Basic... Premium...":
            named = [one for one in parts if set(words(one)) & (message - label_stems) or days and days & _weekdays(
                one)]  # the sentences it names (or the days asked of)
            timed = [one for one in parts if "when" in said_words and _DATE.search(one)]  # "When is our next match?": "...
            named = timed if timed and not any(map(_DATE.search, named)) else named  # on 12 March", not "Team captain..."
            found.append(((covered, score), " ".join(named) if 0 < len(named) < len(parts) else advice, label))
    people = [entry for entry in found if _names_someone(entry[1])] if asks and "who" in said else []  # "Who's on shift
    found = people or found  # today?": the sentence of a person ("The barber on shift is Marco"), not "Today is Tuesday"
    best = max(found, key=lambda entry: (entry[2] in ("name", "skill") or entry[1][:80].lower() not in given, entry[0]),
               default=None)  # the first of equals, one not said yet before one said
    verb = next((stem(b) for a, b in itertools.pairwise(_lower_tokens(message_text)) if a in ("i", "we") and stem(b) in (
        stem_set("bring need wear pack take"))), "") if asks and "what" in said else ""  # "What documents do I bring?"
    labelled = [(label, advice) for label, advice, label_stems, _ in told if label and label_stems == {verb}]
    if best is None and len(labelled) == 1:  # of "Bring: passport, two photos, bank statement": what to bring
        return 1, f"{labelled[0][0]}: {labelled[0][1]}"
    if best is None:
        return None
    values = all(map(facts, best[1].split(","))) and best[2]  # "Prices: latte $4.50, tea $3": a labelled list of values
    lead, colon, listed = (best[2], ":", best[1]) if values else best[1].partition(": ")  # "The word list is: ephemeral
    # (...), laconic (...)": the one asked;
    entries = [entry.strip().removeprefix("and ").rstrip(".") for entry in outside_brackets((  # a day's entry: "Sat
        listed if colon else lead if days else "").replace(";", ","))]  # 10-14" of "Mon-Fri..."
    wanted = [entry for entry in entries if (_weekdays(entry) & days if days else set(words(entry)) & (
        message - set(words(lead))))]
    if len(entries) > 2 and colon and "how many" in message_text.lower() and not wanted:
        return best[0][0], f"{len(entries)}: {', '.join(entries)}."
    shut = [one for one in sentences(best[1]) if days and _weekdays(one) & days and _lower_tokens(one)[:1] == ["closed"]]
    if shut:  # "Are you open on wednesday evening?" of "... Closed Sunday, Monday, Wednesday and Friday."
        opened = _lower_tokens(message_text)[:1] in (["are"], ["is"], ["will"]) and "open" in said
        return best[0][0], f"No: {shut[0][:1].lower()}{shut[0][1:]}" if opened else shut[0]
    listing = sum(map(bool, map(_weekdays, entries))) > 1 if days else len(entries) > 2  # not "7-15, Tue to Sun"
    text = "; ".join(wanted) + "." if listing and wanted else best[1]
    clauses = text.rstrip(".").split("; ")  # "Our sencha costs 12 euros...; wholesale is 80 euros...": the clause asked
    shared = [len(set(words(c)) & message) + 2 * bool(lasting and set(words(c)) & stem_set("minute hour day week month year"))
              for c in clauses]  # (of those, the ones saying most of it, a time for "how long": "South pier boats
    named = [c for c, n in zip(clauses, shared) if n and n == max(shared)]  # leave from berth 4", not the North's)
    text = "; ".join(named) + "." if not listing and 0 < len(named) < len(clauses) and all(map(facts, clauses)) else text
    # (of values each, not one piece of advice: "Use 'Forgot password'...; the link expires in 30 minutes")
    while (start := text.find(" (")) >= 0 and (end := text.find(")", start)) > 0 and {"never", "not", "don't"} & set(
            _lower_tokens(text[start:end])) and (_TELLING | {"share", "mention", "reveal", "disclose"}) & set(_lower_tokens(
                text[start:end])):  # "(never tell customers
        # the wholesale price)" is for the model alone (not "(not including classes)")
        text = text[:start] + text[end + 1:]
    if loose := _loosely_told(request, message_text, f"{best[2]} {text}"):  # "what time does the night market close?": the market's
        return best[0][0], loose  # hours ("Night market runs 18:00-22:30."), not the phone's
    if _lower_tokens(message_text)[:1] in (["who"], ["whom"]) and not any(t[:1].isupper() for t in tokens(text)[1:]) and not (
            set(words(text)) & (_PERSON | stem_set("manager officer reception receptionist supervisor warden keeper nurse "
                                                  "doctor caretaker"))) and sum(c.isdigit() for c in text) < 7 and (
            "@" not in text):  # "Who is the depot manager?": no "The depot opens at 05:30", which names no one (but "Who
        return None  # do I notify?": "Notify your manager ...", "Call 020 7946 0011")
    return best[0][0], text[0].upper() + text[1:]


#: Words of a question that say nothing of what it is about ("I'd like to know...", "which should I get?").
_ASKING_WORDS = stem_set("like want need know tell get give come go see much many long can could would should please "
                         "thing one")


def _told_in_instructions(request: Request) -> str | None:
    """The one sentence of the instructions that a question its other ways missed is about, when it says a value of the
    kind asked (a day or a date for "when", an amount for "how much", a code for "what number"): the sentence sharing
    most of the question's own words, two of them or one that only it says ("Nailsworth", "re-block" of "Re-blocking"),
    or a "when" answered by its date ("When could your crew start?": "The crew is booked until September"); of a list,
    the entry that says it ("Fig & Cedar (woody)" of "I like woody smells"). Not what the user has or did ("Which phone
    do I have?": theirs to tell), and ``None`` when two sentences share as much."""
    asking = request.message[:600]
    lowered = _lower_tokens(asking)
    if any(a in ("do", "did", "am", "was", "have") and b == "i" and c not in ("need", *_REACHING) for a, b, c in zip(
            lowered, lowered[1:], [*lowered[2:], ""])):
        return None  # (but "who do I call?" asks whom to reach)
    question = [t for t in _lower_tokens(next((s for s in reversed(sentences(asking)) if s.rstrip().endswith("?")), asking).split(
        " - ")[-1].split(", ")[-1])]  # its question: "which day does the van come?", "how much?"
    yes_no = question[:1] and question[0] in _YES_NO
    if question[:2] in (["can", "you"], ["could", "you"], ["will", "you"], ["would", "you"]) and not set(question) & (
            QUESTION_WORDS - {"can", "could", "will", "would"}):
        return None  # "Can you waive the fee?" asks for a deed, not a fact
    own = {w.replace("-", "") for w in words(asking.replace("-", ""))} - _ASKING_WORDS - _LIGHT_VERBS | _lettered_words(asking)
    # ("elevator B")
    hyphened = {t.lower().replace("-", "") for t in tokens(asking) if "-" in t.strip("-")}  # "re-block"
    when = bool({"when", "day", "days"} & set(question))
    asked_verb = {stem(c) for a, b, c in zip(lowered, lowered[1:], lowered[2:]) if a in ("can", "could", "may") and b in ("i", "we")}
    how_much = "how much" in asking.lower() and not any(a == "much" and b not in STOP and b.isalpha() for a, b in (
        itertools.pairwise(lowered)))  # ("how much notice" asks no amount)
    coded = bool(set(words(asking)) & _ID)
    risen = bool({"up", "rise", "risen", "rose", "increase", "increased", "raised", "down", "fell", "drop", "dropped"} & set(lowered))
    scored, lines = [], sentences(request.instructions[:4000])
    possessors = {stem(t.lower()[:-2]) for t in tokens(asking) if t.lower().endswith(("'s", "’s"))}  # "whats tom's birthday"
    # is not told by "Partner: Tom" alone
    reaching = question[:1] == ["who"] and bool(set(question) & set(_REACHING))  # "who do I call?": a number or an email
    numbers = sum(map(_reaches, lines)) if reaching else 0
    for line in lines:
        first = (_lower_tokens(line) or [""])[0]
        if first in ("you", "you're", "your", "always", "never", "be", "answer", "reply", "say", "route", "recommend",
                     "use", "keep", "only", "don't", "do", "if", "when", "remember", "help") or _tasked(line):
            continue  # the model's own part and its orders, no fact told ("Track who has which SIM...")
        held = {w.replace("-", "") for w in words(line.replace("-", ""))} | _lettered_words(line)
        shared = {w for w in own if any(w == h or len(w) >= 5 and len(h) >= 5 and (h.startswith(w) or w.startswith(h))
                                        for h in held)}
        reachable = reaching and _reaches(line)  # "my sink is leaking, who do I call?": "Emergency plumber number:
        shared |= {w for w in own if related({w}) & held - _URGENT} if reachable else set()  # 555-0199" (a leak's kin,
        # not by an urgency: "a fire"), else the one number there is, for a fault ("My door is jammed, who do I call?")
        shared |= {"reach"} if reachable and numbers == 1 and (set(words(asking)) & notes.PROBLEM or {"broke", "locked"} & set(
            lowered)) and (held & _ON_DUTY or {"repairs"} & set(_lower_tokens(line)) or "host" in _lower_tokens(line) and not {
                "quiz", "host's"} & set(_lower_tokens(line))) else set()  # (a caretaker's, a warden's, "Reception, for bookings
        # and any problems", "Café and facilities team": not "Catering orders", "Repair café bookings")
        kin = {w for w in own & asked_verb if (related({w}) | _BORROWING.get(w, set())) & held} if shared else set()  # "Can I borrow a laptop?":
        shared |= kin  # "Loan laptops from room 2.14." (a word said, and a kin of the verb asked)
        shared |= own & stem_set("price cost fee charge") if _currencies(line) else set()  # "what's the monthly price?":
        # "Premium is $7.99 a month or $59 a year." (an amount is a price)
        dated = bool(_weekdays(line) or _DATE.search(line) or CALENDAR & {t.removesuffix("s") for t in _lower_tokens(line)})
        names = {stem(t.lower()) for t in tokens(line)[1:] if t[:1].isupper()}
        valued = dated or names or kin or any(c.isdigit() for c in line) or "'" in line.replace("'s ", " ") or '"' in line or bool(
            {"one", *_COUNT_WORDS} & set(_lower_tokens(line)))  # ("one calendar month's notice")
        if not shared - possessors or not valued or when and not dated or how_much and not (_currencies(line) or risen and "%" in line and (
                shared & held - _RISES and not any(w not in held and len(w) >= 4 and (h.endswith(w) or h.startswith(w)) for w in (
                    own) for h in held if h != w))) or (
                coded and not facts(line)):  # ("my bill went up in april by how much?": "The April price rise is 3.9%")
            continue
        entries = [e.strip() for e in outside_brackets(line.partition(": ")[2] or line)]
        entries = entries if ": " in line or {"and", "or"} & set(_lower_tokens(line)) else [line]  # (no list: "The llama,
        # Pedro, bites.")
        listed = [e for e in entries if {w.replace("-", "") for w in words(e.replace("-", ""))} & shared]
        kinds = [{stem(a) for a, b in itertools.pairwise(_lower_tokens(text)) if stem(b) in shared and a.isalpha() and a not in STOP
                  and not a.endswith("'s")} for text in (asking, line)]  # "the premium plan" is no "basic plan"
        only_here = how_much and len(shared) == 1 and sum(shared <= {w.replace("-", "") for w in words(other.replace("-", ""))}
                                                           for other in lines) == 1 and not (kinds[0] and kinds[1] and not (
                                                               kinds[0] & kinds[1]))  # "my dog's tag fell off, how much is
        # a new one?": the one line saying tags, with a price
        if len(shared) >= 2 or shared & (names | hyphened) or reachable and shared or only_here or not yes_no and (
                len(entries) > 2 and len(listed) == 1 or when):
            scored.append((len(shared), line, listed if len(entries) > 2 and len(listed) == 1 else []))
    scored.sort(key=lambda entry: -entry[0])
    if not scored or len(scored) > 1 and scored[0][0] == scored[1][0]:
        return None
    _, line, listed = scored[0]
    clauses = line.rstrip(".").split("; ")  # of clauses, the one saying most of it ("South pier boats leave from berth 4")
    shared = [len({w.replace("-", "") for w in words(c.replace("-", ""))} & own) for c in clauses]
    line = f"{clauses[shared.index(max(shared))]}." if len(clauses) > 1 and shared.count(max(shared)) == 1 else line
    return f"{listed[0].removeprefix('and ').rstrip('.')}." if listed else line


#: The side of a measure a word says ("50 wide": its width), and units spelt out ("12 degree", "11 Celsius").
_MEASURE_SIDES = {"wide": "width", "long": "length", "high": "height", "tall": "height", "deep": "depth", "thick": "thickness"}
_SPELT_UNITS = frozenset("degree degrees celsius centigrade cms centimetres centimeters gr kilometres kilometers kms "
                         "millimetres millimeters litre litres liters grams".split())
#: Words of a change by some amount ("went up", "rose", "dropped"): what a percentage answers (of the thing asked:
#: "peak" is no "off-peak").
_RISES = stem_set("up rise risen rose increase increased raised down fell drop dropped go went")
#: Words that ask for something to be done ("please", "can you", "I need a refund").
_REQUESTING = frozenset("please can could would will need want wants help refund cancel book send".split())
#: What a thing that is borrowed is said to be by the one who lends it ("Can I borrow a laptop?": "Loan laptops ...").
_BORROWING = {stem("borrow"): stem_set("loan loans loaned lend lends"), stem("hire"): stem_set("rent rental"),
              stem("rent"): stem_set("hire")}
#: Who is on call for any trouble in a place ("Caretaker: 555-0303"), unlike a service's line ("Catering orders").
_ON_DUTY = stem_set("caretaker warden security maintenance reception porter concierge duty manager janitor superintendent "
                    "landlord helpdesk facilities support")
#: Words of urgency, kin of any trouble: no one to call is found by them ("a fire" is no plumber's).
_URGENT = stem_set("emergency urgent asap immediately")


def _lettered_words(text: str) -> set[str]:
    """A thing and its one-letter name as one word ("elevator B": "elevator b", "T shirts": "t shirt"), not "B&B"."""
    found = tokens(text)
    return {f"{stem(a.lower())} {b.lower()}" for a, b in itertools.pairwise(found) if len(b) == 1 and b.isupper() and (
        b not in ("I", "A")) and a.isalpha() and a.lower() not in STOP} | {f"{a.lower()} {stem(b.lower())}" for a, b in (
            itertools.pairwise(found)) if len(a) == 1 and a.isupper() and a not in ("I", "A") and b.isalpha() and b.islower() and (
                b not in STOP)}  # ("T shirts")


def _reaches(line: str) -> bool:
    """Whether a sentence gives a phone number or an email to reach someone by."""
    return "@" in line or any(_phone_like(m.group(0)) for m in _PHONE.finditer(line))


#: The verbs of reaching someone ("who do I call?").
_REACHING = ("call", "ring", "phone", "contact", "email", "tell", "notify")
#: What asks whether a thing is allowed ("..., is that ok?", "Can I bring...?"), and what says it is.
_MAY = ("is that ok", "is that okay", "is that allowed", "is that fine", "is it ok", "is it okay", "is it allowed",
        "am i allowed", "are we allowed", "can i", "can we", "may i", "may we", "allowed to")
_FINE = ("are fine", "is fine", "are allowed", "is allowed", "are welcome", "is welcome", "are permitted", "is permitted",
         "are ok", "is ok")


def _places(said: Sequence[str]) -> set[tuple[str, str]]:
    """The places and times lowered tokens name after a preposition: ``("at", "recept")`` of "at the reception",
    ``("during", "ceremony")`` of "during the ceremony"."""
    return {(a, place) for k, a in enumerate(said) if a in ("at", "in", "on", "to", "into", "during", "after", "before", "inside",
                                                          "outside") and (place := stem(next((w for w in said[k + 1:k + 3] if (
                                                              w not in STOP)), "")))}  # (not "on it": a place said before)


def _spots(places: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The places of :func:`_places` whatever the accents and the word of place before them ("in the café", "into the
    cafe"); a time's word is kept ("during the film" is not "after the film")."""
    return {("in" if cue in ("at", "in", "on", "to", "into", "inside") else cue, stem(unicodedata.normalize(
        "NFKD", place).encode("ascii", "ignore").decode())) for cue, place in places}


def _clock(said: Sequence[str], at: int) -> int | None:
    """The minute of the day lowered tokens give at ``at`` ("8pm", "8 pm", "8:30pm", "20:00": 1200...); else ``None``."""
    low = "".join(said[at:at + 2]) if said[at + 1:at + 2] in (["am"], ["pm"]) else said[at] if at < len(said) else ""
    meridiem = low[-2:] if low[-2:] in ("am", "pm") else ""
    hours, _, minutes = low.removesuffix(meridiem).replace(".", ":").partition(":")
    if not hours.isdigit() or minutes and not minutes.isdigit() or not (meridiem or minutes) or int(hours) > 23:
        return None
    return (int(hours) % 12 + 12 * (meridiem == "pm") if meridiem else int(hours)) * 60 + int(minutes or 0)


def _in_hours(limit: Sequence[str], asked: Sequence[str]) -> bool | None:
    """Whether the time the message asks of ("at 9pm") falls inside the hours a clause limits itself to ("after 8pm",
    "before 7am", "from 22:00"); ``None`` when either names no such time."""
    bounds = [(a, minute) for k, a in enumerate(limit) if a in ("after", "before", "until", "from") and (
        minute := _clock(limit, k + 1)) is not None]
    times = [minute for k, a in enumerate(asked) if a in ("at", "around", "about", "by") and (
        minute := _clock(asked, k + 1)) is not None]
    if len(bounds) != 1 or len(times) != 1:
        return None
    (way, bound), (time,) = bounds[0], times
    return time > bound if way == "after" else time >= bound if way == "from" else time < bound


#: A question's words for the ends of hours ("When does the market close?") and what turns a rule against a thing.
_OPENING, _CLOSING = stem_set("open opens opening start starts begin begins"), stem_set(
    "close closes closing shut shuts finish finishes end ends")
_AGAINST = frozenset("not no never don't doesn't cannot can't won't isn't aren't".split())
#: The instructions' own orders to the model ("You answer for...", "Be brief"): no fact of the world to tell.
_OWN_ORDERS = ("you ", "you're", "answer", "reply", "be ", "keep ", "use ", "always ", "never reveal", "never share", "do not reveal")


def _loosely_told(request: Request, question: str, instead_of: str = "") -> str | None:
    """The one sentence of the instructions that names every thing a question asks about (its nouns and verbs that
    are no question's own): "Can I bring my microwave too?" of "We don't repair microwaves." is "No: ..."; a yes or a
    no leads it for a yes/no question when the sentence says no ("Towels not provided.") or says the question's own
    verb ("Bring your own gloves." of "do I need to bring gloves?"), or gives hours the time asked falls in or out of
    ("is the market open at 22:00?" of "Market runs 17:00-23:00."); "when ... close?" of those hours is their end.
    Else ``None``; ``instead_of``: an answer found another way, kept (``None``) when it names those things too."""
    said = _lower_tokens(question[:300])
    topic = set(_topic(question[:300])) - _LIGHT_VERBS - stem_set("need bring allow ok okay fine time much")
    ends = topic & (_OPENING | _CLOSING)
    things = {t for t in topic - ends - _ASKING_WORDS if not t[:1].isdigit()}  # (a time asked of is no thing: "at 01:00")
    if instead_of and things <= set(words(instead_of)):
        return None
    wh = said[0].replace("'s", "") in ("what", "whats", "which", "where", "when", "who", "whose", "how", "why") if said else False
    if not said or not things or not question.rstrip().endswith("?") and said[0] not in (*_YES_NO, "can", "could", "may") or (
            wh and {"i", "my", "we", "our", "me"} & set(said) and not {"need", "bring", "wear", "pay", "show"} & set(said)):
        return None  # ("Which phone do I have?" asks of the user, not of the instructions' phone hours; "what ID do I
        # need?" asks of a rule)
    found = [line.strip() for piece in sentences(request.instructions[:4000]) for line in piece.split("; ") if not (
        line.lower().startswith(_OWN_ORDERS) and not (line.lower().startswith(("you know ", "you have ")) and ": " in line)) and (
            things <= set(words(line))) and not line.rstrip().endswith("?") and line.strip()[:2].lower() not in ("q:", "a:")]
    # (the facts "You know" list: "You know the kit list ...: helmet, ..."; no FAQ's question, which :func:`_told` reads)
    if len(found) != 1:
        return None
    if found[0].startswith(("You have no ", "You know nothing")):  # "You have no authority to give refunds: ...": mine to say
        return "I" + found[0][3:]
    line = found[0].removeprefix("You know ").removeprefix("You have ")  # (the facts it lists: "The kit list ...: helmet, ...")
    line = line[:1].upper() + line[1:]
    low = [part for t in _lower_tokens(line) for part in t.replace("\u2013", "-").split("-") if part]  # ("17:00-23:00")
    if any(a in ("during", "after", "before", "until", "except") and (a not in said or next((w for w in low[k + 1:] if w not in (
            "the", "a", "an", "our", "your")), "") not in said) for k, a in enumerate(low)):
        return None  # "No barbecues after 9pm" says nothing of "Can we have a barbecue?"
    minutes = [(k, m) for k in range(len(low)) if (m := _clock(low, k)) is not None]
    ranged = [(a, b) for (_, a), (_, b) in itertools.pairwise(minutes)][:1] if len(minutes) >= 2 else []
    if ranged and ends and (said[:1] == ["when"] or said[:2] == ["what", "time"]):  # "what time does the market close?"
        return f"At {low[minutes[1][0]] if ends & _CLOSING else low[minutes[0][0]]}: {line}"
    asked_time = [m for k, a in enumerate(said) if a in ("at", "by", "around") and (m := _clock(said, k + 1)) is not None]
    if said[0] not in (*_YES_NO, "can", "could", "may", "should", "will", "would"):
        return line
    if ranged and len(asked_time) == 1:  # "is the market open at 22:00?"
        (start, end), at = ranged[0], asked_time[0]
        inside = start <= at < end if start < end else at >= start or at < end  # (past midnight: "20:00-02:00")
        return f"{'Yes' if inside else 'No'}: {line}" if len(minutes) == 2 else line
    against = bool(set(low) & _AGAINST) or low[:1] == ["no"] or "open" in said and "closed" in low and "closed" not in said  # ("Monday
    # - Closed" of "are you open on mondays")
    own_verb = {stem(w) for w in said} & set(words(line)) & (_VERBS | stem_set("bring provide wear include allow need repair"))
    return f"No: {line}" if against else f"Yes: {line[:1].lower() + line[1:]}" if own_verb else line


def _one_verdict(found: Sequence[tuple[str, str]]) -> str | None:
    """"Yes" or "No" with the instruction that says it (of the ``(verdict, line)`` pairs found), when they agree."""
    verdicts = {verdict for verdict, _ in found}
    return f"{found[0][0]}: my instructions say \"{found[0][1]}\"" if len(verdicts) == 1 else None


def _permitted(request: Request) -> str | None:
    """"No" or "Yes" to whether a thing the message names is allowed, from the one clause of the instructions that
    bans it ("No tripods, no drones, no flash.") or allows it ("Hand-held cameras and phones are fine."); else ``None``.
    A clause that limits itself to a place or a time ("No phones during the ceremony") says nothing of another the
    message names ("at the reception"), nor of a time outside its hours ("No tents after 8pm" of "at 7pm"; "at 9pm" is
    a "No"); "anywhere" limits nothing."""
    asked = _lower_tokens(request.message[:400])
    if not any(f" {cue} " in f" {' '.join(asked)} " for cue in _MAY):
        return None
    own = set(words(request.message[:400])) - _ASKING_WORDS - _LIGHT_VERBS - stem_set("bring like want allow ok okay fine")
    told = " ".join(asked).replace(" im ", " i'm ").replace(" i am ", " i'm ")  # what the user says they are ("I'm 5
    state = f" {told} ".partition(" i'm ")[2] if " i'm " in f" {told} " else ""  # months pregnant, can I do the sandbank
    being = set(words(min((state.partition(cut)[0] for cut in (",", ";", ".", "?", "!", " can ", " could ", " may ")), key=len)))
    # dash?"), up to the question
    found = []
    where = _places(asked) | {("in", w) for k, w in enumerate(asked) if w in ("inside", "indoors", "outside", "outdoors") and not any(
        n not in STOP for n in asked[k + 1:k + 3])}  # where the message asks of ("can i bring my dog inside?": inside)
    for line in sentences(request.instructions[:4000]):
        for clause in line.rstrip(".!").replace(";", ",").split(","):
            label, colon, rest = clause.partition(": ")
            clause = rest if colon and len(label.split()) <= 2 else clause  # ("Rules: No tents after 8pm")
            said = _lower_tokens(clause)
            spoken_clause = f" {' '.join(said)} "
            modal = next((cue for cue in ("may not", "must not", "cannot", "can't") if f" {cue} " in spoken_clause), "")
            acted = set(words(spoken_clause.partition(f" {modal} ")[2])) if modal else set()  # what a modal ban bans must be asked:
            banned = said[:1] == ["no"] or any(f" {cue} " in spoken_clause for cue in ("not allowed", "not permitted")) or bool(
                modal) and bool(acted & own or len(acted) == 1 and set(words(spoken_clause.partition(f" {modal} ")[0])) & (
                    being - {stem(w) for w in _AUDIENCE}))  # "Pregnant visitors may not jump.", of a jump or of one who
            # says they are pregnant, the rule banning all they do (not "I'm a guest" of "Guests under 18 may not book
            # dorm beds"; nor "Children must not bring nuts" of "Can I pick up my child at 5?")
            allowed = not banned and not {"not", "no", "never"} & set(said) and any(
                f" {cue} " in f" {' '.join(said)} " for cue in _FINE)
            item = next((part for part in clause.replace(" and ", ",").replace(" or ", ",").split(",") if own & set(words(
                part))), "")  # the one thing of a list the message asks of ("Hand-held cameras and phones are fine")
            kinds = list(itertools.takewhile(lambda w: stem(w) not in own, _lower_tokens(item)))  # "Folding bikes are allowed"
            if set(words(" ".join(kinds))) - own - stem_set("no all any only"):  # says nothing of a mountain bike
                continue
            bounds = _places(_lower_tokens(item)) if not {"anywhere", "everywhere"} & set(_lower_tokens(item)) else set()
            hours = _in_hours(_lower_tokens(item), asked)
            timed = any(a in ("after", "before", "until", "from") and _clock(_lower_tokens(item), k + 1) is not None for k, a in (
                enumerate(_lower_tokens(item))))  # "No campfires after 10pm" says nothing of "Can we have a campfire?"
            if (banned or allowed) and item and hours is not False and not (timed and hours is None) and (hours or not (
                    bounds and where and not _spots(bounds) & _spots(where))):  # ("in the café": "into the cafe")
                found.append(("No" if banned else "Yes", line.strip(), len(set(words(item)) & own)))
            elif allowed and item and "only" in said and bounds and where and not _spots(bounds) & _spots(where):
                found.append(("No", line.strip(), len(set(words(item)) & own)))  # "Fires are allowed in the fire pits
                # only.": not on the beach
    most = max((n for *_, n in found), default=0)  # of "Bikes are not allowed" and "Folding bikes are allowed", the
    return _one_verdict([(verdict, line) for verdict, line, n in found if n == most])  # folding bike's own


#: What asks whether a thing must be done or had, and what says it must (or need not).
_MUST_ASK = ("do i have to", "do we have to", "do i need", "do we need", "must i", "must we", "is it compulsory",
             "is it mandatory", "is it required", "am i required")
_MUST = ("compulsory", "mandatory", "required", "essential")
_NEED_NOT = ("optional", "not required", "not compulsory", "not mandatory", "not needed", "not essential")


def _required(request: Request) -> str | None:
    """"Yes" or "No" to whether the message's thing is required, from the one clause of the instructions that says
    it is ("Flippers are compulsory.") or that it is not ("Wetsuits are optional."); else ``None``."""
    asked = f" {' '.join(_lower_tokens(request.message[:400]))} "
    if not any(f" {cue} " in asked for cue in _MUST_ASK):
        return None
    own = set(words(request.message[:400])) - _ASKING_WORDS - _LIGHT_VERBS - stem_set("need have must wear bring use")
    found = []
    for line in sentences(request.instructions[:4000]):
        for clause in line.rstrip(".!").replace(";", ",").split(","):
            said = f" {' '.join(_lower_tokens(clause))} "
            need_not = any(f" {cue} " in said for cue in _NEED_NOT) or said.startswith(" no ")  # ("No booking required.")
            must = not need_not and any(f" {cue} " in said for cue in _MUST)
            if (must or need_not) and own and own <= set(words(clause)):  # (not "Do we have to pay for the helmets?")
                found.append(("Yes" if must else "No", line.strip()))
    return _one_verdict(found)


def _weekdays(text: str) -> set[str]:
    """The weekdays ``text`` names, by name or three letters, a range in full ("Mon-Fri 9:00": mon, tue, ..., fri;
    "weekdays" too)."""
    named: set[str] = set()
    for token in tokens(text.lower()):
        token = {"weekdays": "mon-fri", "weekday": "mon-fri", "weekends": "sat-sun", "weekend": "sat-sun"}.get(
            token, token)
        ends = [_WEEKDAYS.index(end[:3]) for end in token.split("-") if end[:3] in _WEEKDAYS and (
            len(end) == 3 or end.endswith("day"))]
        named |= set(_WEEKDAYS[min(ends):max(ends) + 1]) if ends else set()
    return named


def _labels_listed(instructions: str) -> list[str]:
    """The labels instructions list after "labels:" or "categories:" ("exactly one of these labels: BOOKING, COMPLAINT,
    REFUND_REQUEST, OTHER"), each of one or two words; else none."""
    low = instructions[:2000].lower()
    for cue in ("labels:", "categories:", "label:", "category:", "label only:", "category only:"):  # ("Reply with the
        # label only: POSITIVE or NEGATIVE")
        if (at := low.find(cue)) >= 0:
            listed = instructions[at + len(cue):].split(". ")[0].split("\n")[0].rstrip(" .")
            found = [o.strip(" '\"`") for o in listed.replace(" or ", ",").split(",") if o.strip(" '\"`")]
            if len(found) >= 2 and all(len(o.split()) <= 2 for o in found):
                return found
    return []


@_once_per_request  # asked by the reply and again by the compose of it (and of a tool's answer)
def _scripted_when(request: Request) -> str | None:
    """What the instructions order said when the message meets the case they name, word for word when quoted: "If a
    crossing is cancelled for weather, tell the customer: 'We will refund your ticket in full within 5 working days.'"
    of "My 10:15 crossing was cancelled for weather" (each word of the case said, but its light ones)."""
    heard = _lower_tokens(request.message)  # (not "I'm not locked out")
    kept = [w for before, w in zip(["", *heard], heard) if not (before in ("not", "never") or before.endswith("n't"))]
    said = set(words(" ".join(kept))) | related(set(words(" ".join(kept))))
    nouns = set(words(" ".join(w for w in kept if not w.endswith("ing"))))  # a thing named ("no kidding" is no kid)
    nouns |= related(nouns)
    for piece in sentences(request.instructions[:2000]):
        case, comma, order = piece.partition(", ")
        lead = _lower_tokens(case)[:1]
        told = order.partition(": ")[2].strip().strip("'\"‘’“”").rstrip() if _lower_tokens(order)[:1] in (["tell"], ["say"]) else ""
        ordered = order.split(" ")  # "..., tell them to call 999 first": "Please call 999 first."
        told = told or (f"Please {' '.join(ordered[3:])}" if [w.lower() for w in ordered[:3]] in (
            ["tell", "them", "to"], ["tell", "the", "user"]) and ordered[2].lower() == "to" and len(ordered) > 4 else "")
        heard = _lower_tokens(case)[1:]
        either = [{stem(w) for w in (a, b)} for a, o, b in zip(heard, heard[1:], heard[2:]) if o == "or"]  # "a child or
        case_words = set(words(" ".join(heard))) - _LIGHT_VERBS - stem_set("someone somebody anyone they user customer "
                                                                           "caller") - set().union(*either)  # pet": one
        if lead in (["if"], ["when"]) and comma and len(told.split()) >= 2 and case_words and case_words <= said and all(
                one & nouns for one in either):
            return told if told[-1:] in ".!?" else f"{told}."
    return None


def _scripted(instructions: str, grieved: bool = False) -> str | None:
    """What the instructions order the model to say, told to the user: "Tell the customer their request has been
    logged." → "Your request has been logged.", "Apologize and say a manager will call" → "I'm sorry. A manager will
    call", "Tell them to restart it" → "Please restart it.", "Offer a refund" → "I can offer you a refund."; only an
    order that opens a sentence (no "If ...")."""
    offer = None
    for said in sentences(instructions[:2000]):
        said_words = said.rstrip(".!").split(" ")
        lead = [w.lower() for w in said_words[:3]]
        at = next((at for at in (0, 2) if lead[at:at + 1] in (["say"], ["tell"], ["offer"]) and (not at or lead[1] == "and")), -1)
        if at < 0:
            continue
        rest = said_words[at + 1:]
        if lead[at] == "offer":  # "Apologise and offer a free corrective appointment within 7 days." (to a complaint, and
            conditional = {"only", "never", "if", "when", "unless", "end", "once"} & {w.lower().strip(",.") for w in rest}
            offer = offer or (f"{'I am sorry. ' * (at == 2 and lead[0].startswith('apolog'))}I can offer you {' '.join(rest)}."
                              if grieved and len(rest) >= 2 and not conditional else None)  # with no condition of its own)
            continue
        if lead[at] == "tell":  # "tell the customer", "tell them": who is told
            rest = rest[2:] if rest[:1] == ["the"] else rest[1:] if rest[:1] in (["them"], ["him"], ["her"]) else []
        rest = rest[1:] if rest[:1] == ["that"] else rest
        if len(rest) < 2 or rest[0].lower() in ("so", "if", "when", "whether"):  # "Say so if you don't know": no words
            continue  # to say, a way to answer
        told = " ".join(_THEY.get(w.lower(), w) for w in rest)
        told = "Please " + told[3:] if told.startswith("to ") else told[:1].upper() + told[1:]
        return f"{'I am sorry. ' * (at == 2 and lead[0].startswith('apolog'))}{told}."
    return offer


def _swap(text: str) -> str:
    """``text`` in the second person: "I was in Lisbon" → "you were in Lisbon", "We..." → "you..." ("let me" stays)."""
    pieces, ours, out = re.split(r"([^\w'’]+)", text), {}, []
    for i, piece in enumerate(pieces):
        low, swapped = piece.lower(), out[-2:-1] == ["I"]
        opens = i >= 2 and re.search(r"[.!?]\s+$", pieces[i - 1])  # "... Wednesday. I'll need": "You'll need"
        clause = i >= 2 and pieces[i - 1] == " " and pieces[i - 2].lower() in ("so", "and", "but", "because")
        ours = (_WE if low in _WE | _PRONOUNS.keys() else {}) if i == 0 or opens or pieces[i - 1].strip() == ":" or (
            clause and low in _WE) else ours  # "...stolen, so we have 10 now": "so you have"
        # a sentence opening "We..." or "My..." (or "Update: we..."): "we" is the user's ("My husband is Tom and we
        # have two kids": "... you have ...")
        before = pieces[i - 2].lower() if i >= 2 else ""
        after = pieces[i + 2].lower() if i + 2 < len(pieces) else ""
        if low in ("was", "am") and (before == "i" or before == "and" and "i" in map(str.lower, pieces[:i])):
            word = "were" if low == "was" else "are"
        elif low in ("are", "were") and before == "you" and swapped:
            word = "am" if low == "are" else "was"
        elif low == "you":  # "you are my teacher" → "I am your teacher", "I'll call you Max" → "you'll call me Max"
            word = "I" if i == 0 or opens or after in _YOU_DO or before in _YOU_DO | {"rather", "if", "when"} else "me"
        elif low in _YOURS:
            word = _YOURS[low]
        else:
            word = piece if low == "me" and before == "let" else _PRONOUNS.get(low) or ours.get(low) or piece
        out.append(word[:1].upper() + word[1:] if opens else word)
    return "".join(out)


def _unled(text: str) -> str:
    """A sentence without the few words that lead into it ("First, a preference: please call me Sam", "Second issue:
    my router drops"); kept when the rest points back at them ("Now the bike: its chain slips"), is their value
    ("Name: Sam Lee") or they are a label ("Turn 3: the...") or a clause ("There are two of us: me and...")."""
    lead, colon, rest = text.partition(": ")
    opens, led = (_lower_tokens(rest[:30]) or [""])[0], _lower_tokens(lead)
    clause = set(led) & {"is", "are", "was", "were", "am", "it's", "there's", "that's", "let's", "i'm", "we're"}
    return rest if colon and len(led) <= 5 and not clause and not any(c.isdigit() for c in lead) and opens in {
        "please", "my", "i", "i'm", "i've", "we", "our", "the"} else text


def _ends_in(question: str) -> str:
    """The digits a question says a number ends in ("Whose number ends in 132?", "the card ending with 4410"), else ""."""
    said = _lower_tokens(question)
    return next((c for a, b, c in zip(said, said[1:], said[2:]) if a in ("ends", "ending", "end") and b in ("in", "with") and (
        c.isdigit()) and len(c) >= 2), "")


def _retold(text: str) -> str:
    """What the user said, told back: no "Hi, " or "remember that", in the second person, lower case first; "call
    me Sam" is "your name is Sam"."""
    text = text[greeting.end():] if (greeting := _GREETING.match(text)) and greeting.end() < len(text) else text
    text = _unled(text)
    for preamble in ("please remember that ", "remember that ", "note that ", "update: ", "fyi: ", "fyi, ",
                     "just so you know, ", "for the record, ", "also, ", "also ", "and ", "plus ", "by the way, ",
                     "btw, ", "correction: "):  # "Also my cat Nori...": your cat Nori
        if text.lower().startswith(preamble) and len(text) > len(preamble):
            text = text[len(preamble):]
            break
    while (parts := text.partition(", "))[2] and set(parts[0].lower().split()) <= _FILLER | {"actually", "sorry"}:
        text = parts[2]  # "Oh wait, they moved...", "Actually, scratch that, I switched...": no filler
    named = text.lower().find("call me ")  # "Actually, just call me Sam", not "call me back tomorrow"
    later = text[named + 8:].split(" ")[0].lower() in _LATER
    if named >= 0 and not later and all(t.lower() in STOP | _CORRECTION for t in tokens(text[:named])):
        text = "my name is " + text[named + len("call me "):].split(", please")[0].split(" please")[0]
    first = (tokens(text[:100]) or [""])[0].lower()  # ("Call me Ori from now on, please": my name is Ori from now on)
    if not text[1:2].isupper() and (first.split("'")[0] in STOP or first in _ASKING or first in _ORDINALS or first in _CORRECTION | _FILLER or stem(first) in _VERBS):  # (not "OK, use a minibus")
        text = text[:1].lower() + text[1:]
    return _swap(text)


#: Units a result's key may end with, as they are written after a value ("size_m2": "125 m²").
_UNIT_SUFFIXES = {"m2": "m²", "sqm": "m²", "m3": "m³", "km": "km", "cm": "cm", "mm": "mm", "kg": "kg", "g": "g", "c": "°C", "f": "°F",
                  "pct": "%", "percent": "%", "mph": "mph", "kmh": "km/h", "kwh": "kWh", "l": "l", "ml": "ml"}


def _each_once(answers: Sequence[str]) -> str:
    """Answers to the parts of one message, each said once: none that another says in full ("You told me: your name is
    Ines." beside "You told me: your name is Ines and you are a party of 3.")."""
    kept = list(dict.fromkeys(answers))
    said = [answer.split(": ", 1)[-1].rstrip(".") for answer in kept]
    kept = [f"{answer.partition(':')[0]}." if answer.startswith(("Yes: ", "No: ")) and any(
        said[k] == other for j, other in enumerate(said) if j != k) else answer for k, answer in enumerate(kept)]  # "No."
    said = [answer.split(": ", 1)[-1].rstrip(".") for answer in kept]  # after the answer that already told its reason
    return " ".join(answer for k, answer in enumerate(kept) if not any(
        len(other) > len(said[k]) and said[k] in other for other in said))


def restate(statement: Statement) -> str:
    """An answer that restates what was said, in the listener's words."""
    text = statement.text.rstrip(" .!")
    if ", not " in text:  # a correction: say the new value only ("I'm Rob, not Bob" → "I'm Rob")
        before, _, after = text.partition(", not ")
        cut = min((at for at in (after.find(", "), after.find(" - "), after.find("; ")) if at >= 0), default=-1)  # (not
        text = before + (after[cut:] if cut >= 0 else "")  # "2,000"; "Mabel is a polecat, not sable - please move her to
        # Polecat Jill Junior": what follows the old value stays)
    if statement.role == "user":
        first, _, rest = _unled(text).partition(" ")
        asked = _swap(rest)  # "Please don't email me": "You asked me not to email you."
        asked = "not to " + asked.split(" ", 2 if asked.startswith("do not ") else 1)[-1] if asked.startswith((
            "don't ", "do not ")) else "to " + asked
        return f"You asked me {asked}." if first.lower() == "please" else f"You told me: {_retold(text)}."
    if statement.role in ("tool", "assistant"):
        text = text.replace(": False", ": no").replace(": True", ": yes")  # "pets allowed: no", not "False"
        key, colon, value = text.partition(": ")
        head, _, suffix = key.rpartition(" ")
        unit = bool(head) and (suffix.upper() in _CURRENCIES or suffix.rstrip("s") in _SECONDS or suffix in _UNIT_SUFFIXES)
        if statement.role == "tool" and colon and ": " not in value and "; " not in text and len(key.split()) <= 3 and len(
                value.split()) <= 8 and key[:1].isalpha() and key.islower() and value not in ("yes", "no"):  # one value of a key: "rent gbp: 38" → "The
            # rent is 38 GBP." (a label as written: "Beds: 24.")
            key, value = (head, f"{value} {_UNIT_SUFFIXES.get(suffix, _unit(suffix))}") if unit else (key, value)
            plural = key.endswith("s") and not key.endswith(("ss", "us", "is"))  # (the status is, the basis is)
            return f"The {key.lower()} {'are' if plural else 'is'} {value}."
        if statement.role == "tool" and (colon and ": " not in value and "; " not in text and len(key.split()) <= 5 and not (
                key.islower()) or not colon and text[:1].isupper()):  # a sentence or a label as the tool wrote it: "Pets allowed in..."
            return f"{text}."
        return f"{statement.tool or 'A tool'} reported {text}." if statement.role == "tool" else f"I said: {text}."
    call, arrow, result = text.partition(" → ")  # a note's tool line: what the tool said ("Booked Osteria Blu...")
    text = result.replace(".; ", "; ") if arrow and call.endswith(")") and result else text
    lead, _, rest = text.partition(" ")  # a note's "Actually, the budget is now 12k": the budget is now 12k
    text = rest if rest and lead.lower().strip(",:") in _CORRECTION | {"correction", "update"} else text
    said = set(_lower_tokens(text))  # a note's "I'm allergic to sulfa" is the user's: "you're allergic to sulfa"
    heard = _lower_tokens(text)  # ("I left my Bernina with you last week": the user's too)
    mine = said & {"i", "i'm", "i've", "i'd", "my", "me"} and not (said - {"you"} if all(b != "you" or a in (
        "with", "to", "for", "from", "by") for a, b in itertools.pairwise(heard)) else said) & {"you", "your", "you're",
                                                                                               "you'll", "we", "we'll"}
    text = _retold(text) if mine else text
    return f"From my notes: {'you asked me to ' + text[7:] if text.startswith('please ') else text}."


def _details(request: Request, found: Statement, details: bool = False) -> list[Statement]:
    """The user's statements that answer a question (to tell back): with ``details``, the first to the last about what it
    asks the details of ("remind me of the details of my trip": the trip, then its budget, then who comes); else
    ``found`` with those that add to it, one right after another ("Packing: passport." "Also sunscreen." "And my hat.";
    "Add milk to my list." "Add eggs as well."); else ``found``."""
    topic = [one for one in _topic(request.message) if one != stem("details")]
    told = [s for s in request.said if s.role == "user" and not s.asks]
    if set(topic) & _FAULTS and found in told and found.stems & _FAULT_WORDS:  # "What problems did I describe?": each
        of = set(topic) & found.stems - _FAULTS  # fault told one after another ("The carriage sticks." "Also the e key
        at = end = told.index(found)  # sticks."), of the thing asked ("What's wrong with my laptop?": not "My song sticks")
        while at and told[at - 1].stems & _FAULT_WORDS and of <= told[at - 1].stems:
            at -= 1
        while end + 1 < len(told) and told[end + 1].stems & _FAULT_WORDS and of <= told[end + 1].stems:
            end += 1
        return told[at:end + 1]
    about = [s for s in told if _covered(topic, s.stems)] if found in told else []
    if not about:
        return [found]
    at, end = (told.index(about[0]), told.index(about[-1])) if details else (told.index(found),) * 2
    while not details and at and _adds(told[at].text) and (_adds(told[at - 1].text) or told[at - 1] in about):
        at -= 1
    while not details and end + 1 < len(told) and _adds(told[end + 1].text):
        end += 1
    return told[at:end + 1]


def _adds(text: str) -> bool:
    """Whether a statement adds an item to the one before it, with no subject of its own: "Also sunscreen.", "Oh and
    coffee beans.", "Add eggs as well.", "Bananas too." (not "Also, I need to call mom", "And my wife is Sara")."""
    said = _lower_tokens(text)
    subject = _SUBJECT_VERBS | {*_PRONOUNS, *_WE, *_THEY, "it", "it's", "he", "she", "am", "are"} - {"my", "our"}
    return len(said) <= 8 and not set(said) & subject and not identifiers(text) and (  # "Oh and...": one of the first two words
        set(said[:2]) & {"add", "also", "and", "plus", "put"} or said[-1:] == ["too"] or said[-2:] == ["as", "well"])


def _part(statement: Statement, topic: Sequence[str]) -> Statement:
    """The parts of a tool's result, between commas and semicolons, that say most of what a question asks (its own
    words), after the result's label: "How much flour?" of "Pancakes: 200 g flour, 2 eggs, 300 ml milk" is "Pancakes:
    200 g flour"; "Is it going to rain?" of "Oslo: 12°C, light rain, 80% chance of rain" is "Oslo: light rain, 80% chance
    of rain"; else the whole result."""
    label, colon, listed = statement.text.rpartition(": ")
    if ", " in label:  # no label: a list's "Mon-Fri 19:00-08:00, Beds: 24, ..."
        label, colon, listed = "", "", statement.text
    pieces = [piece.strip() for part in listed.split(";") for piece in part.split(", ")]
    coded = bool(set(topic) & _ID)  # "What's the MOT reference?": "ref MOT-5531" of "MOT booked for ..., ref MOT-5531"
    near = related(set(topic))  # "Can I bring my dog?": "Pets allowed in the annexe only"
    scores = [len(set(topic) & set(words(piece))) + 0.5 * bool(near & set(words(piece)) and not set(topic) & set(words(
        piece))) + 2 * (coded and bool(identifiers(piece)) and bool(set(words(
        piece)) & _ID) and any(_abbreviates(i, t) for i in identifiers(piece) for t in set(topic) - _ID)) for piece in pieces]
    kept = [piece for piece, score in zip(pieces, scores) if score == max(scores) > 0]
    kept = pieces if any(piece.split(" ")[0] in ("name", "title", "item", "test") for piece in kept) else kept  # a listed
    # record named by what is asked is told whole: "How much milk?" of "ingredients: name milk, qty 450.0, unit ml"
    return dataclasses.replace(statement, text=f"{label}{colon}{', '.join(kept)}") if 0 < len(kept) < len(pieces) else statement


def _clause(statement: Statement, topic: Sequence[str]) -> Statement:
    """The clause of a statement that says what a question asks, if one says more of it than the others: "Which
    gate was mine?" of "My flight lands at 6pm and my gate was B12" is "my gate was B12". A clause opens with its own
    subject ("and my...", "I'm...", after a comma too: ", I sent it..."; "and the fan is...", "and the shop declined...";
    not "and he..." without the one he is), or the first one's verb ("I got a B+ on the final and an A on the essay": "I
    got an A on the essay"; not "a laptop and a headset", said alike of both); of a list split by "; ", the one entry
    that says it ("Mon - pond dipping; Tue - den building; Wed - cooking": "Wed - cooking")."""
    listed = statement.text.split("; ")
    head, colon, rest = statement.text.partition(": ")
    entries = rest.split(", ") if colon and len(listed) == 1 else []  # or by ", " after a label: "Shearing log: Mon
    listed = [f"{head}: {entries[0]}", *entries[1:]] if len(entries) >= 3 and all(any(map(str.isdigit, e)) and len(
        e.split()) <= 5 for e in entries) else listed  # 120 sheep, Tue 95 sheep, ...": short entries, a number each
    header = listed[0].partition(":")[0] if ":" in listed[0] else ""  # "What's on my shopping list?": all of it
    asked = set(topic) - _VALUE_KINDS - set(words(header))  # what it asks past the label ("How many eggs on Wednesday?"
    covers = [len(asked & set(words(entry))) for entry in listed]  # of "Egg log: Mon 14 eggs, ..., Wed 17 eggs")
    hits = [entry for entry, n in zip(listed, covers) if n == max(covers) > 0] if len(listed) >= 3 else []  # (the one
    # that says most of it: "Tue 95 sheep" of "... on Tuesday?")
    if len(hits) == 1:
        return dataclasses.replace(statement, text=hits[0].strip().rstrip(".;"))
    pieces = re.split(r"(?:,? and|;|,? but|(?<=,)) (?=(?:my|your|our|mine|yours|ours|i|i'm|i've|we|we're)\b|(?<=and )an?\b|the\b(?=[^,.;]"
                      r"{0,40}\b(?:is|are|was|were|has|have|had|gets|got|keeps|kept|\w+ed)\b))", statement.text, flags=re.I)
    for k in range(1, len(pieces)):  # "..., Martha and I prefer 6pm": Martha is of the clause she opens
        before, comma, name = pieces[k - 1].rpartition(", ")
        if comma and name.istitle() and name.isalpha() and name.lower() not in STOP and pieces[k].lower().startswith(("i ", "we ")) and (
                not name.endswith("s")):  # (not a list's "socks, Boots and I forgot my hat")
            pieces[k - 1], pieces[k] = before, f"{name} and {pieces[k]}"
    first = pieces[0].split(" ")
    lead = " ".join(first[:next((k for k, w in enumerate(first) if w.lower() in ("a", "an") or w[:1].isdigit()), 0)])  # "I got"
    for k in range(len(pieces) - 1, 0, -1):  # "My cousin Dora and I are driving": one subject, not two clauses
        if len(tokens(pieces[k - 1])) <= 3 or pieces[k].lower().startswith(("a ", "an ")) and not lead:
            pieces[k - 1:k + 1] = [pieces[k - 1] + (" " if pieces[k - 1].endswith(",") else " and ") + pieces[k]]
        elif pieces[k].lower().startswith(("a ", "an ")):
            pieces[k] = f"{lead} {pieces[k]}"
    faults = _FAULTS & set(topic)  # "What's wrong with it?": each fault ("a cracked top and a loose fingerboard")
    said = [set(words(piece)) | _tags(piece) | (faults if set(words(piece)) & notes.PROBLEM else set()) for piece in pieces]
    # (what a clause tells: "This is Priya from ..." a name, not "I'm calling about ...")
    covered = sorted(((len(set(topic) & said[k]), _covered(topic, said[k]), -k, piece) for k, piece in enumerate(pieces)),
                     reverse=True)  # the words themselves first: "router", not "wifi"
    if len(pieces) < 2 or covered[0][:2] == covered[1][:2] or not _holds_value(covered[0][3]) and _holds_value(statement.text) and set(
            _lower_tokens(covered[0][3])) & _CORRECTION:
        return statement  # (not "I changed my mind about the colour" of "..., I'm switching to Rust Orange")
    return dataclasses.replace(statement, text=covered[0][3].strip().rstrip(",;"))


def _holds_value(text: str) -> bool:
    """Whether ``text`` gives a value: a number, a fact ("5 cm") or a name ("Rust Orange")."""
    return any(c.isdigit() for c in text) or bool(facts(text) or _proper_names(text))


def _told_back(told: Sequence[Statement]) -> str:
    """What the user told in ``told``, told back: "You told me: you have a son, Tom; your daughter Ann is 7."."""
    return restate(told[0]) if len(told) == 1 else f"You told me: {'; '.join(_retold(s.text).rstrip('.!') for s in told)}."


def _report(results: Sequence[tuple[str, str, str]], message: str = "") -> str:
    """What the tools returned, one sentence each: the fields a question asks for, a sentence as the tool wrote it,
    what was not found, an empty or a listed result; else each field. A tool called more than once says for what."""
    lines = []
    names = [name for name, _, _ in results]
    for name, output, arguments in results:
        tool, once = name, names.count(name) == 1
        if not once:  # "get_price (ticker: AAPL) returned: 231.50 USD"
            name = f"{name} ({'; '.join(result_lines(arguments))})"
        data, text = structured(output), output.strip()
        text = "" if text in ("None", "null") else text  # a tool's None: it returned nothing
        if isinstance(data, dict) and data and all(v is True or str(v).lower() in _DONE for v in data.values()):
            data, text = None, "ok"  # {"ok": true}, {"status": "saved"}: an acknowledgement
        error = str(data["error"]) if isinstance(data, dict) and "error" in data else text if data is None else ""
        parts, sought = tool.split("_"), structured(arguments)
        noun = " ".join(w for w in (parts[1:] if stem(parts[0]) in _VERBS else parts) if w.lower() not in (
            "my", "our", "all")).removesuffix(" of")  # list_open_tickets: "open tickets"; price_of: "price"; my_bookings:
        # "bookings" ("I found 2 bookings", not "2 my bookings")
        sought = sought if isinstance(sought, dict) else {}
        if error.lower().startswith(("no such", "unknown ")) or any(no in error.lower() for no in _NOT_FOUND):
            what = ", ".join(" ".join([w for w in key.split("_") if stem(w) not in _ID] + [str(value)])
                             for key, value in sought.items() if isinstance(value, (str, int, float)))
            lines.append(f"I couldn't find {what or 'it'}.")  # "No such flight" for BA171
        elif isinstance(data, dict) and "error" in data:
            lines.append(f"I couldn't complete {name}: {error[:300]}.")
        elif isinstance(data, dict) and once and (asked := _asked_fields(data, message, sought)):
            lines.append(asked)
        elif isinstance(data, list) and once and (best := _best([one for one in data if isinstance(one, dict)] if all(
                isinstance(one, dict) for one in data) else [], _lower_tokens(message))):
            lines.append(best)  # "What's the cheapest flight...?": the cheapest one
        elif isinstance(data, list) and once:  # each item on one line: "garage Quayside, spaces 14"
            kept, said = _kept(data, message), _lower_tokens(message)  # "Is 19 June a holiday?": yes, that day's
            yes = "Yes: " * (len(kept) < len(data) and (said or [""])[0] in _YES_NO)
            if kept is not data and (said or [""])[0] in _YES_NO and {"all", "everything", "every", "each"} & set(said):
                yes = "Yes: all of them. " if len(kept) == len(data) else "No: "  # "Is everything locked?": the one not
                kept = kept if len(kept) == len(data) else [one for one in data if one not in kept]
            data, found = kept, [_record(one).rstrip(".") for one in kept[:8]]
            one = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1]  # "1 memory", "1 task"
            many = f"{len(data)} {one if len(data) == 1 else noun}" if noun.endswith("s") else str(len(data))
            lines.append(f"{yes}I found {many}: {'; '.join(found)}{' (and more)' if len(data) > 8 else ''}." if data
                         else f"I found no {noun or 'results'}.")
        elif isinstance(data, (dict, list)):
            found = [fact if len(fact) <= 120 else fact[:117] + "…" for fact in (_gist(data) if isinstance(
                data, dict) else result_lines(json.dumps(data, ensure_ascii=False, default=str))) if fact.strip(" .")]
            more = " (and more)" if len(found) > 8 else ""
            lines.append(f"{name} returned {'; '.join(found[:8]).rstrip('.')}{more}." if found else f"{name} found nothing.")
        else:  # (an empty list of one of two calls: "classes_on (date: 2025-06-04) found nothing.")
            end = "…" if len(text) > 600 else "" if text[-1:] in ".!?" else "."  # never run into the next one
            failed = text.lower().startswith(("an error occurred", "error:", "error "))  # the SDK's failure text
            given = [(k, str(v)) for k, v in sought.items() if isinstance(v, (str, int, float)) and len(str(v)) < 30]
            of = ", ".join(v for _, v in given)
            named = f"The {noun or tool}{' for ' + of if of else ''} {'are' if re.search('[^su]s$', noun) else 'is'}"
            if len(given) > 1:  # "convert_currency (250 USD to EUR) returned:", not "The convert currency for 250, USD"
                joins = [{"to": " to ", "from": " "}.get(_ENDS.get(k.split("_")[0], ("",))[0], ", ") for k, _ in given]
                named = f"{tool} ({given[0][1]}{''.join(j + v for j, (_, v) in zip(joins[1:], given[1:]))}) returned:"
            holds = given and all(v.lower() in text.lower() or v.removesuffix(".0") in text for _, v in given)
            size = len(text.split())  # a value ("$8,900.00", "9am to 5pm"), not a sentence, that a question asks for
            asks = _is_question(message) or stem((tokens(message) or [""])[0].lower()) in stem_set("look check get see") and (
                parts[1:2] == [] or parts[1] not in _PARTICLES)  # "Check in Rosa" (check_in) asks nothing
            value = text[-1:] not in ".!?" and ": " not in text and asks and (size <= 6 or not once)  # not "ok" after
            # "A double, please", nor "Lisbon: sunny" (it names what it is)
            told = stem(parts[0]) not in _CHANGES  # "sent" is what send_email did
            acted = (len(parts) > 1 or stem(parts[0]) in _STORES["keep"]) and text.lower().rstrip(".!") in _DONE and (
                not told or parts[1:2] and parts[1] in _PARTICLES or not value and stem(parts[0]) not in _VERBS - {"add"})
            acted = acted and (once or all(v is not False for v in sought.values()))  # "ok" from order_burger, check_in
            # (each of two calls too, unless it says no "off"), add_item: what it did, with what
            lines.append(f"I couldn't complete {name}: {text[:600]}{end}" if failed else f"{name} returned nothing."
                         if not text else _did(parts, sought) if acted else
                         f"{text[:600]}{end}" if value and told and (holds or list(sought) == ["input"]) else  # "250 USD =
                         # 230.0 EUR" says all, as an agent called as a tool does
                         f"{named} {text[:600]}{end}" if value and told else  # "The balance for..."
                         f"{_answering(text, message)[:600]}{end}" if once and not value and size > 2 else
                         f"{name} returned: {text[:600]}{end}")
            if text.lower() in ("true", "false") and once and _is_question(message):  # "Is it open?": "No: ..."
                lines[-1] = f"{'Yes' if text.lower() == 'true' else 'No'}: {lines[-1][:1].lower()}{lines[-1][1:]}"
    return " ".join(lines)


def _kept(data: list[Any], message: str) -> list[Any]:
    """The listed records a question keeps by a yes/no field ("done"): "Which tasks are done?" those done, "Which
    are still open?" ("not done", "left") those not; or by the date it names ("Is 19 June a holiday?": 2025-06-19's);
    else all."""
    said = set(_lower_tokens(message)) if _is_question(message) else set()
    days = {day[5:] for day in _when(message, "date", 2000, datetime.date(2000, 1, 1))} if any(t[:1].isdigit() for t in said) else set()
    if dated := [one for one in data if days and isinstance(one, dict) and days & {str(v)[5:10] for v in one.values()}]:
        return dated
    for key in [k for k, v in (data[0] if data and isinstance(data[0], dict) else {}).items() if isinstance(v, bool)]:
        yes = {stem(w) for w in key.lower().split("_")} & {stem(w) for w in said if w.endswith("ed") or not key.endswith(
            "ed")}  # "locked", not "Which lock...?"
        undone = {stem(w) for w in key.lower().split("_")} & {stem(w[2:]) for w in said if w.startswith("un")}  # unlocked
        no = "not" in said or undone or not yes and said & {"open", "pending", "left", "remaining", "unfinished", "incomplete"}
        yes = yes or undone
        if yes or no:
            return [one for one in data if isinstance(one, dict) and one.get(key) == (bool(yes) and not no)]
    return data


def _from_results(request: Request, question: str, alone: bool = False) -> str | None:
    """An answer to a question about a tool result of an earlier turn (the newest three, newest first): why it failed
    (its error told back), which listed record is cheaper, earlier... (:data:`_COMPARED`), those it keeps (:func:`_kept`:
    "Which one is open on Sundays?", "Is 19 June a holiday?"), or the fields asked of the record a question names by its
    id ("what time does IB456 leave?": its ``depart``) or (``alone``) of one result."""
    before = request.conversation[:request.last_user_index]
    calls = {i.get("call_id"): i for i in before if item_type(i) == "function_call"}
    said, ids, heard = _lower_tokens(question), set(identifiers(question)), set(words(question))
    if any(f"{whose} name" in question.lower() for whose in ("my", "our")):
        return None  # "What was my name again?" is no route's name
    results = [i for i in before if i.get("call_id") in calls and item_type(i) != "function_call"][::-1]
    if ({"start", "started", "begin", "began", "originally"} & set(said) or "first" in said and {"asked", "checked", "looked"} & set(
            said)) and {"which", "what"} & set(said):  # ("the first pen I asked about")
        results = results[::-1]  # "Which issue did I start with?": the first call's, oldest first
    found = [(calls[i["call_id"]].get("name"), i["output"]) for i in results if isinstance(i.get("output"), str)]
    clock = set(_when(question, "hh:mm", 2000, datetime.date(2000, 1, 1))) if results else set()  # "the 7am class":
    clock |= {stem(w[:3]) for w in _lower_tokens(question) if w[:3] in _WEEKDAYS and w.endswith("day")}  # "on Wednesday": "Wed 18:00"
    valued = [] if said[1:2] not in (["was"], ["were"]) else [(len(heard & set(words(
        f"{out} {calls[i['call_id']].get('arguments')}"))) + len(set(_currencies(question)) & set(_currencies(out))), -depth, name, [piece.strip() for piece in out[:2000].replace("(", ",").replace(")", ",").replace(
            ";", ",").split(",") for a, b in itertools.pairwise(tokens(piece)) if stem(a.lower()) in heard and a.isalpha() and (
                a.islower()) and _NUMBER.fullmatch(b)]) for depth, (i, (name, out)) in enumerate(
                zip(results, found)) if depth < 6 and not isinstance(structured(out), (dict, list)) and all(
                    n in out for n in ids | set(_proper_names(question)))]  # a result in words: (of what it names)
    if valued := [v for v in valued if v[3] and v[0] >= 2]:  # "(rate 162.4)" for "What
        *_, name, pairs = max(valued)  # was the rate for the euro conversion?": the result that says most of the question
        return f"{name} returned {'; '.join(dict.fromkeys(pairs))}."
    asked = set(_topic(question)) - _ID - stem_set("reference ref number code")  # "What was the reference for the
    entries = [piece.strip(" .") for _, out in found[:3] if structured(out) is None for piece in out[:2000].replace(  # helmet?"
        "\n", ";").split(";") if piece.strip(" .")] if said[1:2] in (["was"], ["were"]) and asked else []
    hits = [piece for piece in entries if asked <= set(words(piece))]
    if len(entries) > 1 and len(hits) == 1 and (coded := identifiers(hits[0])):  # of "LP-7001 yellow raincoat; LP-7015
        rest = hits[0].replace(coded[0], "").strip(" ,:-")  # yellow cycling helmet": LP-7015
        wanted = set(words(question)) & _ID | stem_set("reference ref number code") & set(words(question))
        return f"It is {coded[0]} ({rest})." if wanted and rest else f"{hits[0]}."
    for depth, item in enumerate(results[:6]):  # its 07:00 (past the newest three, only a record the question names)
        call = calls[item["call_id"]]
        alone = alone and depth < 3
        name, arguments = str(call.get("name")), structured(str(call.get("arguments")))
        text = item["output"] if isinstance(item.get("output"), str) else plain_text(item.get("output"))
        data, low = structured(text), text.lower().strip()
        error = str(data["error"]) if isinstance(data, dict) and "error" in data else text.strip() if low.startswith((
            "error", "an error")) or any(no in low for no in _NOT_FOUND) else ""
        back = {"it", "that", "this", "not", "fail", "failed", "wrong"} & set(said) or any(w[-3:] == "n't" for w in said)
        if said[:1] == ["why"] and error and back:  # "why didn't that work?", not "why is the sky blue?"
            return f"{name} failed: it returned \"{error[:300]}\"."
        records = [one for one in data if isinstance(one, dict)] if isinstance(data, list) else [data] * isinstance(
            data, dict)
        records = records if len(records) > 1 else list({repr(one): one for n, out in found if n == name
                                                         and isinstance(one := structured(out), dict)}.values())  # of one
        # listed result or of the results of one tool, each once ("Which one is warmer?" after Paris and
        if depth < 3 and _TOTALS & set(said) and (total := _total(records, said) or len(records) < 2 and _total([_measured(
                out) for n, out in found if n == name], said)):  # "How many free bikes in total across those docks?"
            return total
        if depth < 3 and (best := _best(records, said) or len(records) < 2 and _best([_measured(
                out) for n, out in found if n == name], said)):
            return best  # London), in words too ("Oslo: 4°C, cloudy", "Rome: 18°C, sunny")
        own = [set(words(" ".join(str(v) for v in one.values() if isinstance(v, str)))) for one in records]
        named = [one for one, mine in zip(records, own) if mine - set().union(*(o for o in own if o is not mine)) & heard]
        flags = [k for k, v in (named[0] if len(named) == 1 else {}).items() if isinstance(v, bool) and set(words(
            k.replace("_", " "))) <= heard]  # "is the silmarillion in stock?": that record's in_stock, not another's
        if depth < 3 and said[:1] and said[0] in _YES_NO and len(records) > 1 and len(flags) == 1:
            return f"{'Yes' if named[0][flags[0]] else 'No'}: {_record(named[0]).rstrip('.')}."
        if depth < 3 and said[:1] and (said[0] in _YES_NO or said[0] == "which") and len(records) > len(kept := _kept(
                records, question)) > 0:
            return f"{'Yes: ' * (said[0] != 'which')}{'; '.join(map(_record, kept[:8]))}."  # "Is 19 June a holiday?"
        place = next((w for a, w in itertools.pairwise(said) if a == "the" and w in _PLACES), "") if len(records) > 1 else ""
        at = -1 if place == "last" else _PLACES.index(place) if place else len(records)  # "the address of the second one"
        hits = [len((set(words(question)) | clock) & (set(words(" ".join(map(str, one.values())))) | {str(v)[:5] for v in (
            one.values())})) if len(records) > 1 else 0 for one in records]
        if depth < 3 and isinstance(data, list) and not records and len(data) > 1 and (place := next((w for a, w in (
                itertools.pairwise(said)) if a == "the" and w in _PLACES), "")) and (at := _PLACES.index(place)) < len(data):
            words_after = tokens(question)[[t.lower() for t in tokens(question)].index(place) + 1:][:3]
            noun = next((w for w in words_after if w.isalpha() and w.islower() and w not in STOP), "one")  # "the second
            return f"The {place} {noun} is {data[-1 if place == 'last' else at]}."  # fault", "the second Copperplate term"
        named = records[at:at + 1 if at >= 0 else None] if depth < 3 and place and at < len(records) else [
            one for one in records if ids & {str(value) for value in one.values()}] or [  # "the call": the one
            one for one, hit in zip(records, hits) if hit and hit == max(hits)]  # a value of which names it ("with
        # Priya"; "Ms Ruiz", not every "Ms")
        if depth < 3 and not named and len(records) > 1 and {"it", "that", "this", "its"} & set(said):  # "What time does it leave?"
            told = next((plain_text(i.get("content")) for i in before[::-1] if i.get("role") == "assistant"), "")  # after
            naming = {v: one for one in records for v in one.values() if isinstance(v, str) and len(v) > 2 and v in told and sum(
                v in other.values() for other in records) == 1}  # "The cheapest one is BA 99": BA 99's
            named = list({id(one): one for one in naming.values()}.values())
            ids = ids | {min(naming, key=told.find)} if len(named) == 1 else ids  # (its first value said names it)
        if len(named) == 1 or alone and len(records) == 1 and not ids:  # the record the question names, or the one
            given = {**(arguments if isinstance(arguments, dict) else {}), **{i: i for i in ids}}
            if asked := _asked_fields(named[0] if named else records[0], question, given):
                return f"For {', '.join(sorted(ids))}, {asked[:1].lower()}{asked[1:]}" if named and ids else asked
        if alone and not records and isinstance(arguments, dict) and (asked := _asked_fields(arguments, question, {})):
            return asked  # a result in words: what the call was sent ("Who did I invite?": "The attendees are Ana, Ben.")
        one = records[0] if alone and len(records) == 1 and said[:1] and said[0] in (*_YES_NO, "will", "can") else {}
        flags = [key for key, value in one.items() if isinstance(value, bool) and set(words(key.replace("_", " "))) <= (
            heard | related(heard))]  # a yes/no question of the one flag its words (or kin) name ("Do I need to sign
        # for it?" of {"signature_required": true}: "Yes (signature required: yes).")
        if len(flags) == 1:
            yes = one[flags[0]]
            return f"{'Yes' if yes else 'No'} ({flags[0].replace('_', ' ')}: {'yes' if yes else 'no'})."
    return None


def _done_by_me(request: Request, question: str) -> str | None:
    """An answer to "Did you <verb> it?" ("Have you booked it?"): what the latest call of a tool named by that verb
    returned ("Yes: cancel_appointment returned: Cancelled APT-311."), else ``None``."""
    said = _lower_tokens(question)
    verb = stem(said[2]) if len(said) > 2 and said[:2] in (["did", "you"], ["have", "you"]) else ""
    calls = [s for s in request.said if s.role == "call" and verb and verb in words(s.tool.replace("_", " "))]
    results = [s.text for s in request.said if calls and s.role == "tool" and s.tool == calls[-1].tool and (
        s.order > calls[-1].order)][:3]
    return f"Yes: {calls[-1].tool} returned: {'; '.join(results).rstrip('.')}." if results else None


def _number_keys(records: Sequence[Mapping[str, Any]]) -> list[str]:
    """The keys whose value is a number (not a yes/no) in every one of ``records``."""
    return [key for key in records[0] if all(isinstance(one.get(key), (int, float)) and not isinstance(
        one.get(key), bool) for one in records)]


def _total(records: Sequence[Mapping[str, Any]], said: Sequence[str]) -> str | None:
    """The sum over listed records of the number field a question asking for a total names ("How many free bikes are
    there in total?": free_bikes), or of their one price ("What's the total for both of us?"); else ``None``."""
    if len(records) < 2 or not _TOTALS & set(said):
        return None
    numbers = _number_keys(records)
    asked = set(words(" ".join(said))) - {stem("total")}
    named = [key for key in numbers if set(words(key.replace("_", " "))) & asked] or [
        key for key in numbers if set(words(key.replace("_", " "))) & stem_set(_PRICED)]
    if len(named) != 1:
        return None
    total = sum(one[named[0]] for one in records)
    return f"{named[0].replace('_', ' ').capitalize()} in total: {' + '.join(f'{one[named[0]]:g}' for one in records)} = {total:g}."


def _best(records: Sequence[Mapping[str, Any]], said: Sequence[str]) -> str | None:
    """The record a comparison in the question's words ``said`` picks ("Which one is cheaper?", "the most expensive":
    the least (most) of a field), told in a sentence; else ``None``."""
    compares = len(records) > 1 and any(w.endswith(("er", "est")) or w in _COMPARED and w not in (
        "close", "near", "far") for w in said)  # cheap first ("Docks near Mercer Street?" compares nothing)
    extreme = next((w for w in said if w in _EXTREMES), None) if len(records) > 1 else None
    asked = set(words(" ".join(w for w in said if w not in _EXTREMES)))  # "Which dock has the most free bikes?"
    counted = [key for key in _number_keys(records) if set(words(key.replace("_", " "))) & asked] if extreme else []
    if counted:
        key = max(counted, key=lambda k: len(set(words(k.replace("_", " "))) & asked))
        best = (max if _EXTREMES[extreme] else min)(records, key=lambda one: one[key])
        return f"The one with the {extreme} {key.replace('_', ' ')} is {_record(best)}."
    for at, word in enumerate(said if compares else ()):
        fields, most = _COMPARED.get(_compared(word), (frozenset(), False)) if said[at - 1:at] != ["how"] and word not in (
            "close", "near", "far") else (frozenset(), False)  # "How long is the call?", "Docks near X?" compare nothing
        keys = [key for key in records[0] if set(words(key.replace("_", " "))) & fields and all(
            isinstance(one.get(key), (int, float, str)) for one in records)] if len(records) > 1 else []
        if keys:
            most = most != (said[at - 1:at] == ["least"])
            today = datetime.date.today()  # a time said as a day ("Monday 10:00") compares as the moment it names
            moments = {id(one): _when(str(one[keys[0]]), "iso", today.year, today) for one in records}
            dated = all(moments.values()) and not any(str(one[keys[0]])[4:5] == "-" for one in records)  # (ISO: as written)
            best = (max if most else min)(records, key=lambda one: (isinstance(one[keys[0]], str), moments[id(one)][0] if (
                dated) else one[keys[0]]))
            return f"The {' '.join(said[at - 1:at] * (said[at - 1:at] in (['most'], ['least'])) + [word])} one " \
                   f"is {_record(best)}."
    return None


def _measured(text: str) -> dict[str, Any]:
    """A result in words as a record of what it measures, for :func:`_best` to compare, told as it is ("Rome: 18°C,
    sunny": temperature 18; "Route B: 2 hours": duration 7200; "Plan A: 29 EUR a month": price 29)."""
    said = tokens(text[:500])
    found = {"": text.strip(), **{"price": float(n) for n, c in itertools.pairwise(said) if _NUMBER.fullmatch(n) and c
                                  in _CURRENCIES}, **{"price": float(n) for c, n in itertools.pairwise(said) if c in (
                                      _CURRENCIES) and _NUMBER.fullmatch(n)}}  # "29 EUR", "CHF 207"
    for one in _UNITS.finditer(text[:500]):
        if one[4]:  # "64°F" in celsius
            found.setdefault("temperature", float(one[3]) if one[4].upper() == "C" else (float(one[3]) - 32) / 1.8)
        else:
            measure, size = _SECONDS[one[2].lower()]
            found.setdefault(measure.replace("time", "duration"), float(one[1]) * size)
    return found


def _soonest(request: Request, question: str) -> str | None:
    """Of the user's statements that name what "which <thing> ... first/earlier/later" asks of with a date, the
    earliest (latest) told back ("My chemistry exam is on June 12." "My maths exam is on June 3.": the maths one)."""
    said, reader = _lower_tokens(question), Reader(request)
    order = [_COMPARED[c][1] for w in said[2:] if stem("date") in _COMPARED.get(c := _compared(w), ((),))[0]]
    head = next((stem(w) for w in said[1:4] if w not in STOP), "") if said[:1] == ["which"] else ""  # "which of my exams"
    dated = [(dates[0], s) for s in request.said if s.role == "user" and not s.asks and _covered([head], s.stems)
             and (dates := _when(s.text, "date", reader.year, reader.today))] if order and head else []
    if len(dated) < 2:
        return None
    best = (max if order[0] else min)(dated, key=lambda pair: pair[0])[1]
    return f"{restate(best)[:-1]} (the {'latest' if order[0] else 'earliest'} of the {len(dated)} dates you gave)."


def _gist(data: Mapping[str, Any]) -> list[str]:
    """A result's fields as a reply tells them, one phrase each: "status: delivered", a list of records by what names
    each ("items (2): Aero 14 laptop / Pulse headset", "tests (3): battery pass / fan fail / storage pass"), an inner
    record's fields in one phrase ("readings: cpu temp c 71, fan rpm 5400")."""
    def named(one: Any) -> str:  # a record with two fields by both values ("2025-03-01 packed"), else by its name
        if not isinstance(one, dict):
            return str(one)
        plain = [(k, v) for k, v in one.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        label = [v for k, v in plain if k.lower().rpartition("_")[2] in ("name", "title", "event", "description")]
        return " ".join(str(v) for _, v in plain) if len(plain) <= 2 else str((label or [v for _, v in plain] or [one])[0])
    said = []
    for key, value in data.items():
        label = key.replace("_", " ")
        if isinstance(value, list) and any(isinstance(one, dict) for one in value):
            said.append(f"{label} ({len(value)}): {' / '.join(named(one) for one in value)}")
        elif isinstance(value, dict):
            said.append(f"{label}: {', '.join(f'{k.replace(chr(95), chr(32))} {v}' for k, v in value.items())}")
        else:
            value = ("yes" if value else "no") if isinstance(value, bool) else value  # "covered: no", not "False"
            said.append(f"{label}: {', '.join(map(str, value)) or 'none' if isinstance(value, list) else value}")
    return said


def _record(one: Any) -> str:
    """One listed record on one line: "flight IB456, depart 13:40, price eur 142.0", "done no" (not "done False"); a
    name without its label ("Trail Runner 2, price 89.0")."""
    said = {k.replace("_", " ") + " " if k != "name" else "": ("yes" if v else "no") if isinstance(v, bool) else v
            for k, v in one.items()} if isinstance(one, dict) else {}
    return one.get("") or ", ".join(f"{k}{v}" for k, v in said.items()) if said else str(one)  # one in words as it is


#: Comparatives that ask which of two told values is larger (``True``) or smaller: "Which has more puzzles?".
_MORE_OR_LESS = {**dict.fromkeys("more bigger larger higher greater longer heavier older dearer".split(), True),
                 **dict.fromkeys("less fewer smaller lower shorter lighter younger".split(), False)}


def _which_of_two(message: str, texts: Sequence[str]) -> str | None:
    """Which of two things a question compares has the larger or smaller value told of it ("What's cheaper, hake or
    cod?" of "Hake is 9.50 a kilo, cod 12.20"; "Which is cheaper, and by how much?" over two lines "Kit A: ..., £389"),
    the values said with it; else ``None``. The things are the two either side of "or" ("Dock 3 or Dock 7" whole), two
    quoted names, or the labels of the lines of a text pasted below; each must have one number told of it, no more
    ("20 GB for £10" compares nothing)."""
    question = next((p for p in message.split("\n") if p.rstrip().endswith("?")), "")
    said = _lower_tokens(question)
    larger = next((_MORE_OR_LESS.get(w, _COMPARED.get(_compared(w), (None, None))[1]) for w in said if w in _MORE_OR_LESS or (
        w.endswith("er") and _compared(w))), None)
    if larger is None or not {"which", "what", "what's", "who"} & set(said[:3]):
        return None
    found = tokens(question)
    either = [k for k, t in enumerate(found) if t.lower() == "or" and 1 < k < len(found) - 1]
    k = either[0] if either else 0
    paired = either and found[k + 2:k + 3] and found[k - 2].lower() == found[k + 1].lower()  # "Dock 3 or Dock 7"
    names = ([f"{found[k - 2]} {found[k - 1]}", f"{found[k + 1]} {found[k + 2]}"] if paired else [found[k - 1], found[k + 1]]
             ) if either else [q.group(1) for q in _QUOTED.finditer(question)]
    sides = _either_side(question) if either else None  # "the oak bench at 42 kg or the steel bench at 38 kg": each with its value
    measured = {t.lower() for t in tokens(question) if t.lower() in MEASURE_WORDS}
    sides = None if sides and measured and any(w in _MEASURED_BY and not measured & _MEASURED_BY[w] for w in said) else sides  # not
    # "Which is older, Tom at 6 foot or Sam at 5 foot?"
    if sides and not (len(names) == 2 and all(n.lower() not in STOP and not n[:1].isdigit() for n in names) and any(
            whole_words_at(message.replace(question, " ").lower(), n.lower()) for n in names)):
        names = [name for name, _ in sides]
    lines = [line.strip() for line in message.split("\n") if line.strip() and line.strip() != question.strip()]
    labelled = len(names) != 2 and len(lines) == 2 and all(": " in line for line in lines)
    names = [line.partition(": ")[0] for line in lines] if labelled else names
    if len(names) != 2 or len({n.lower() for n in names}) != 2 or any(n.isdigit() or n.lower() in STOP for n in names):
        return None
    values, units, counts = [], [], []  # "14 stops" is not compared with "35 minutes"
    for n, name in enumerate(names):
        for text in [message.replace(question, " "), question, *texts]:
            low = _THOUSANDS.sub("", text)
            at = whole_words_at(low.lower(), name.lower())
            rest = low[at[0] + len(name):].split("\n")[0] if at else ""
            other = whole_words_at(rest.lower(), names[1 - n].lower())
            rest = rest[:other[0]] if other else rest  # up to the other thing, and the clause's end
            rest = rest if labelled else min((rest.partition(cut)[0] for cut in (",", ";", " and ", ". ")), key=len)
            told = tokens(rest)
            numbers = [t for t in told if _NUMBER.fullmatch(t.lstrip("£$€").rstrip("%"))]
            priced = [t for t in numbers if t[:1] in "£$€"]
            if len(priced) == 1 and set(said) & _PRICE_COMPARED:  # "200 sandbags, £150 total": £150, when the other
                counts.append([t for t in numbers if t not in priced])  # thing has as many ("20 GB" is not "50 GB")
                numbers = priced
            if numbers:
                values.append(numbers[0] if len(numbers) == 1 else "")
                units.append(" ".join(stem(w.lower()) for w in itertools.takewhile(lambda w: w.isalpha() and w.lower() not in STOP, told[
                    told.index(numbers[0]) + 1:][:2])))  # "3 apples" is no unit of "2 apple pies"
                names[n] = low[at[0]:at[0] + len(name)]  # as the text writes it ("Hake")
                break
    if len(values) != 2 or not all(values) or values[0].lstrip("£$€") == values[1].lstrip("£$€") or all(units) and units[
            0] != units[1] or counts and (len(counts) != 2 or counts[0] != counts[1]):
        return None
    first = float(values[0].lstrip("£$€").rstrip("%")) > float(values[1].lstrip("£$€").rstrip("%"))
    best = 0 if first == larger else 1
    gap = abs(float(values[0].lstrip("£$€").rstrip("%")) - float(values[1].lstrip("£$€").rstrip("%")))
    sign = next((c for c in values[best][:1] + values[1 - best][:1] if c in "£$€"), "")
    by = f", by {sign}{gap:.10g}" if "much" in said or "many" in said else ""
    unit = next((w for w in told[told.index(numbers[0]) + 1:][:1] if w.isalpha() and len(w) <= 3 and w.lower() not in STOP),
                "") if numbers and all(units) and not sign else ""  # "42 kg against 38 kg" (a short unit, as the text writes it)
    values = [f"{v} {unit}" if unit else v for v in values]
    first = names[best][:1].upper() if names[best][1:2].islower() else names[best][:1]  # (not "IPad")
    return f"{first}{names[best][1:]} ({values[best]} against {values[1 - best]} for {names[1 - best]}){by}."


#: The units a comparative can be told in ("heavier": kg, lb, ...): of others ("older ... 6 foot") it compares nothing.
_MEASURED_BY = {**dict.fromkeys(("heavier", "lighter"), frozenset("kg kgs g grams kilos kilograms lb lbs pounds stone tonnes tons oz".split())),
                **dict.fromkeys(("older", "younger"), frozenset("years yrs months weeks days".split())),
                **dict.fromkeys(("taller", "wider", "deeper"), frozenset("m cm mm metres meters km ft foot feet inches in miles".split()))}
#: Comparatives of a price: of a line telling a count and a price ("200 sandbags, £150 total"), the price is compared.
_PRICE_COMPARED = frozenset("cheaper cheapest dearer dearest pricier priciest expensive".split())


def _either_side(question: str) -> list[tuple[str, str]] | None:
    """The two things either side of a question's "or", each told with one number: "Which is heavier, the oak bench at
    42 kg or the steel bench at 38 kg?" is ("the oak bench", "42"), ("the steel bench", "38"); else ``None``."""
    left, either, right = question.rstrip(" ?").partition(" or ")
    left = left.rpartition(",")[2]
    found = []
    for side in (left, right):
        told = tokens(side)
        numbers = [k for k, t in enumerate(told) if _NUMBER.fullmatch(t.lstrip("£$€").rstrip("%"))]
        if not either or len(numbers) != 1 or not numbers[0]:
            return None
        name = list(itertools.takewhile(lambda t: t.lower() not in ("at", "for", "of", "with", "costing", "weighing", "is"),
                                        told[:numbers[0]]))
        if not name or name[-1].lower() in STOP:
            return None
        found.append((" ".join(name), told[numbers[0]]))
    return found


def _compared(word: str) -> str:
    """The word of :data:`_COMPARED` that ``word`` is a form of ("cheapest": cheap, "earlier": early, "later": late)."""
    for end in ("iest", "ier", "est", "er", ""):
        root = word[:len(word) - len(end)]
        found = [base for base in (root + "y" * (end[:1] == "i"), root + "e") if base in _COMPARED]
        if word.endswith(end) and found:
            return found[0]
    return ""


def _did(parts: Sequence[str], arguments: Mapping[str, Any]) -> str:
    """What a tool that changes something did, from its name's ``parts`` and its ``arguments``: "I sent the email
    to sam@example.com." (send_email), "Done: I ordered the burger (double, cheese)." (order_burger); its particle
    follows the verb ("Done: I topped up (20)." of top_up)."""
    verb = parts[0].lower()
    past = _PAST.get(verb) or verb + ("d" if verb.endswith("e") else verb[-1] + "ed" if re.fullmatch(
        "[^aeiou]*[aeiou][bdgmnpt]", verb) else "ed")  # "booked", "placed", "shipped"
    shown = {key: ", ".join(map(str, value)) if isinstance(value, list) else key.replace("_", " ") if value is True
             else str(value) for key, value in arguments.items() if isinstance(value, (str, int, float, list))
             and value is not False and value not in ([], "") and not set(words(key.replace("_", " "))) & (
                 _FREE_TEXT - _SUBJECT)}  # a title, not a text
    to = [value for key, value in shown.items() if key.lower() in ("to", "recipient", "email", "address")]
    rest = ", ".join(value for key, value in shown.items() if value not in to and len(value) < 40)
    up = parts[1:2] if parts[1:2] and parts[1].lower() in _PARTICLES else []
    did = " ".join([past, *up, *(["the", *parts[1 + len(up):]] if parts[1 + len(up):] else [])])  # "turned off the heater"
    return f"Done: I {did}{' to ' + ' and '.join(to) if to else ''}{f' ({rest})' * bool(rest)}."


def _answering(text: str, message: str) -> str:
    """The sentences of a tool's ``text`` that hold most of a question's words (itself 2 points, a related word 1):
    "Employees get 25 days of paid leave." for "How many vacation days do I get?", those of each of two questions in
    one; else ``text`` (all of it when asked for a summary: "Summarize the customer profile")."""
    said, topic = sentences(text), _topic(message) if _is_question(message) and not asks_for_summary(message) else []
    if len(said) > 1 and len(halves := _two_questions(message)) == 2:  # "when are pressing days and how big can the
        kept = {piece for half in halves if (best := _answering(text, half)) != text for piece in sentences(best)}  # crates
        return " ".join(piece for piece in said if piece in kept) if kept else text  # be?": each one's (none a half misses)
    scores = [sum(2 if one in stems else bool(related([one]) & stems) for one in topic)
              for stems in (set(words(piece)) for piece in said)]
    return " ".join(piece for piece, score in zip(said, scores) if score == max(scores)) if any(scores) else text


def _unit(suffix: str) -> str:
    """How a field name's unit is written after its value: "hours", "EUR"."""
    return suffix.upper() if suffix.upper() in _CURRENCIES else suffix


def _doers(key: str, topic: set[str]) -> set[str]:
    """The stems of a key's words, a doer's as the verb of ``topic`` it names ("supplier": supply, "driver": drive):
    "Who supplies our hay?" asks for its ``supplier``."""
    found = set()
    for word in key.lower().replace("-", " ").replace("_", " ").split():
        verbs = {stem(variant) for variant in (word[:-2], word[:-1], word[:-3] + "y", word[:-3] + "t")} & topic if len(
            word) > 5 and (  # ("Who built it?": its builder)
            word.endswith(("er", "or"))) else set()
        found |= verbs or set(words(word))
    return found


def _asked_fields(data: dict[str, Any], message: str, given: Mapping[str, Any]) -> str | None:
    """The fields of a tool's result that a what/which/when/where/who question asks for, in a sentence ("When will
    it arrive?": "The eta is 2025-06-03."): those its words name, else those of a related word (of a date for "when",
    a place for "where", a person for "who"), else those; never a value the call was ``given``."""
    asked = [piece for piece in sentences(message) if piece.rstrip().endswith("?")]
    head, joint, tail = (asked[-1] if asked else "").partition(" and ")
    if joint and tokens(tail)[:1] and tokens(tail)[0].lower() in ("what", "what's", "which", "when", "where", "who", "how"):
        parts = [_asked_fields(data, f"{head.rstrip(' ?')}?", given), _asked_fields(data, tail, given)]  # "When was it
        if all(parts):  # last tuned and who built it?": each part's field
            return f"{parts[0].rstrip('.')}, and {parts[1][:1].lower()}{parts[1][1:]}"
    said = tokens(asked[-1].rpartition(": ")[2]) if asked else [""]  # ("From what you know: what does Ishbel owe?")
    wh = (said or [""])[0].lower()
    flag = next((stems for key, value in data.items() if isinstance(value, bool) and wh in ("is", "are", "was", "were")
                 and (stems := set(words(key.replace("_", " ")))) and stems <= set(words(asked[-1]))), set())
    at = next((n for n, w in enumerate(said) if stem(w.lower()) in flag), 0)
    named = {str(value).lower() for value in (*data.values(), *given.values()) if isinstance(value, str)}
    if at > 1 and {w.lower() for w in said[1:at]} & named or at == 1 < len(said) - 1:  # "Is thermostat-3 online?" of
        # {"id": "thermostat-3", "online": false}: "No: thermostat-3 is not online." (not of "the fan": the record is no
        # fan); "Is breakfast included?" of {"breakfast": true}: "Yes: breakfast is included."
        yes, at = next(value for key, value in data.items() if set(words(key.replace("_", " "))) == flag), max(at, 2)
        return f"{'Yes' if yes else 'No'}: {' '.join(said[1:at])} {wh} {'not ' * (not yes)}{' '.join(said[at:])}."
    if wh not in ("what", "what's", "which", "when", "where", "who", "whose", "how", "why"):
        return None
    topic = set(_topic(message)) | (stem_set(f"price cost total fee {' '.join(_CURRENCIES).lower()}") if "how much" in (
        message.lower()) or _COST_WORDS & set(said) else set())  # "How much was the fern?": its price_eur;
    # "What did that cost?": its total_eur
    plain = {key: ", ".join(map(str, value)) if isinstance(value, list) else ("yes" if value else "no") if isinstance(
        value, bool) else str(value) for key, value in data.items()
             if not isinstance(value, dict) and not (isinstance(value, list) and any(isinstance(one, (dict, list))
                                                                                     for one in value))}
    keys = {key: _doers(key, topic) for key in plain
            if plain[key].lower() not in {str(value).lower() for value in given.values()}  # the user said those, nor
            and not plain[key].startswith(("I don't know", "unknown "))}  # a sub-agent's "I don't know: ..."
    # "Who is on bell 2?" of {"bell": 2, "ringer": "Owain"}: the bell picks the
    padded = f" {' '.join(_lower_tokens(message))} "  # (whole words: "grade a" is not in "what grade are they?")
    picking = [key for key in keys if f" {key.lower()} {plain[key].lower()} " in padded]  # record; the
    keys = {key: stems for key, stems in keys.items() if key not in picking} or keys  # answer is another field
    wh = "when" if "how long" in message.lower() else wh  # "when" asks for a date, or a wait ("eta_hours")
    lasting = [key for key in keys if ("how long" in message.lower() or "how far" in message.lower()) and (key.rpartition(
        "_")[2].rstrip("s") in _SECONDS or stem_set("duration distance") & keys[key])] or [  # minutes, "distance_km"
        key for key in keys if "how heavy" in message.lower() and (key.rpartition("_")[2] in ("g", "kg", "lb", "lbs") or (
            stem_set("mass weight") & keys[key]))]  # "How heavy is it?": its mass_g
    typed = lasting or [key for key, stems in keys.items() if wh == "when" and (_DATE.search(plain[key]) or stems & _WHEN)
                        or wh == "where" and stems & (_PLACE | stem_set("room branch station depot office terminal quay pier dock")) or wh in (
                            "who", "whose") and stems & _PERSON
                        or "how much" in message.lower() and stems & topic  # "How much will I pay?": monthly_eur
                        or wh == "why" and stems & stem_set("reason cause because explanation why")  # its "reason"
                        or key[:1].isupper() and stems & topic]  # {"Ishbel Muir": ...} of "What does Ishbel owe?"
    typed = [key for key in typed if stem("pet") not in keys[key]] or typed if wh == "who" else typed  # "Who is chip ...
    # registered to?": its keeper, not the pet
    typed = typed or [key for key in keys if picking and wh in ("who", "whose") and plain[key][:1].isupper() and plain[
        key].replace(" ", "").isalpha()]  # ("ringer": Owain, a name)
    typed = [key for key in typed if wh != "where" or stem(key.rpartition("_")[2].lower()) not in _PERSON | stem_set(
        "manager staff agent")]  # (no
    typed_place = [key for key in typed if wh == "where"]  # branch_manager is a place) "Where do I pick up the car?": its
    # branch, not the car (nor its branch_manager)
    chosen = typed_place or [key for key, stems in keys.items() if stems and stems <= topic or key in typed] or [key for key in (
        typed if wh in ("when", "where") or typed else keys) if keys[key] and keys[key] <= topic | related(topic)] or (
        # "Who teaches it?" of no person's key: the key a word of it names ("instructor")
        typed)  # a key of stop words only ("kind") names nothing
    unit = {key: key.rpartition("_") for key in chosen if "_" in key and (key.rpartition("_")[2].rstrip("s") in _SECONDS or (
        key.rpartition("_")[2].upper() in _CURRENCIES))}  # "the eta is 24 hours", "the refund is 42.5 EUR"
    said = " and ".join(f"the {unit[key][0].replace('_', ' ')} is {plain[key]} {_unit(unit[key][2])}" if key in unit else
                        f"{key}: {plain[key]}" if key[:1].isupper() else f"{key.replace('_', ' ')}: {plain[key]}" if (
                            key.lower() in _STATES or len(key) > 4 and key.lower().endswith(("ed", "able", "ible")) and not (
                                key.lower().endswith("eed"))) else  # {"free": [...]}: "Free: Court 2 at 18:00, ..."
                        f"the {key.replace('_', ' ')} {'are' if re.search('[^su]s$', key) else 'is'} {plain[key]}"
                        for key in chosen)  # "the error codes are E-3120", "the eta is 24 hours"
    return f"{said[:1].upper()}{said[1:]}" + "." * (said[-1:] not in ".!?") if said else None  # a value may end one


#: A result's keys that name a state, not a thing ("free", "open"): told as labels, "Free: Court 2 at 18:00".
_STATES = frozenset("free open closed busy full empty left remaining taken spare vacant".split())
#: Words that open the part of the instructions telling what the assistant knows of the user (its long-term memory).
_MEMORY_CUES = ("what you remember", "what you know about", "known about", "known preferences", "user profile", "profile:",
                "user_memory", "user memory", "memory:", "memories:", "preferences:", "facts about the user", "about the user:",
                "about the customer:", "about me:")
#: A third person's verbs at the start of a remembered line, and the user's own: "Lives in Oslo" is "I live in Oslo".
_THIRD_PERSON = {"is": "am", "has": "have", "does": "do", "was": "was"}


def _postcode_half(text: str, value: str) -> bool:
    """Whether ``value`` is half of a UK postcode in ``text`` ("TW6" or "2GA" of "near TW6 2GA")."""
    found = tokens(text[:2000])
    return any(value in (a, b) and _uk_postcode(a, b) for a, b in itertools.pairwise(found))


def _postcode_whole(text: str, outward: str) -> str:
    """``outward`` with the word after it in ``text`` if the two are a UK postcode ("LS6" of "postcode LS6 2QT": "LS6
    2QT"), else ``outward``."""
    inward = text.partition(f"{outward} ")[2].split(" ")[0].strip(".,;!?")
    return f"{outward} {inward}" if _uk_postcode(outward, inward) else outward


def _unled_by_title(text: str) -> str:
    """``text`` without the names a title leads ("Book a check-up for Maria Santos with Dr. Lee": Dr. Lee is whom the
    patient sees, not the patient)."""
    found = tokens(text)
    return " ".join(t for k, t in enumerate(found) if t.rstrip(".") not in ("Dr", "Prof") and not (
        k and found[k - 1].rstrip(".") in ("Dr", "Prof"))) if {"Dr", "Prof"} & {t.rstrip(".") for t in found} else text


def _user_named(instructions: str) -> str:
    """The name the instructions give the one the model talks to ("The customer you are chatting with is Aiko Tanaka.",
    "The patient is Ines Cardoso."), else ""."""
    for piece in [clause for text in sentences(instructions[:2000]) for line in text.splitlines() for clause in line.split("; ")]:
        said = _lower_tokens(piece)  # (a clause each: "The visitor is Olle; their ticket type is adult.")
        rest = piece.rpartition(" is ")[2].split(", ")[0].strip(" .!")  # all of it a name: not "on the Premium plan",
        # "booked with..." (but "Priya Nandakumar, climbing grade 6a")
        label, colon, value = piece.partition(": ")  # "Customer: Delphine"
        if colon and stem(label.strip(" -*").lower()) in _CLIENTS and (name := value.split(", ")[0].strip(" .!")) and all(
                w[:1].isupper() for w in name.split()) and len(name.split()) <= 4 and not all(w.lower() in _TIERS for w in (
                    name.split())):
            return name  # (not "Customer: Premium")
        if said[:1] in (["the"], ["your"]) and stem(said[1:2][0] if said[1:2] else "") in _CLIENTS and " is " in piece and (
                rest and all(w[:1].isupper() for w in rest.split()) and not all(w.lower() in _TIERS for w in rest.split())):
            return " ".join(w for w in rest.split() if w.rstrip(".").lower() not in _HONORIFICS)
    return ""


def _remembered(instructions: str) -> list[str]:
    """What the instructions remember of the user (after "Known preferences:", "What you remember about the user:",
    "<user_memory>", "User profile: name: Dana; city: Lyon"), each line in the user's own words ("Lives in Oslo": "I
    live in Oslo"; "name: Dana": "My name is Dana"; "The user's dog is Rex": "My dog is Rex"); else none."""
    low = instructions.lower()
    at = min((low.find(cue) for cue in _MEMORY_CUES if cue in low), default=-1)
    head, _, rest = instructions[at:].partition("\n") if at >= 0 else ("", "", "")
    lines = [head.partition(":")[2] if ":" in head else "", *rest.splitlines()[:40]]
    items = [part.strip(" -*•	") for line in lines for part in line.split(";") if part.strip(" -*•	.")]
    told = []
    for item in items:
        if item.startswith("<") or item.split(" ")[0].lower() in ("when", "if", "always", "never", "use", "answer", "you"):
            continue  # a tag, or an instruction about the memory ("Answer using the memory when relevant.")
        key, colon, value = item.partition(": ")
        item = f"my {key.lower()} is {value}" if colon and len(key.split()) <= 3 else item  # "name: Dana Kim"
        for them, me in (("the user's ", "my "), ("user's ", "my "), ("the user ", "I "), ("user ", "I ")):
            item = me + item[len(them):] if item.lower().startswith(them) else item
        verb, _, after = item.partition(" ")
        if verb[:1].isupper() and verb.endswith("s") and verb.lower() not in ("is", "was") and after and verb.lower(
                ) not in STOP or verb.lower() in _THIRD_PERSON:  # "Lives in Oslo", "Has a dog named Rex"
            item = f"I {_THIRD_PERSON.get(verb.lower(), verb.lower()[:-1])} {after}"
        told.append(item[:1].upper() + item[1:])
    told += [f"My name is {named}"] if (named := _user_named(instructions)) and not any(
        t.startswith("My name is ") for t in told) else []  # "The customer you are chatting with is Aiko Tanaka."
    name = next((t[11:].split(".")[0] for t in told if t.startswith("My name is ")), "")  # "Sam's daughter is Ivy"
    return [t.replace(f"{name}'s ", "my ").replace(f"{name} is ", "I am ") if name else t for t in told]


def _from_memory(request: Request, missing: Sequence[str]) -> str | None:
    """The answer to a question about the user from what the instructions remember of them (:func:`_remembered`,
    read as notes the assistant wrote), if it holds one."""
    said = request.message  # of the user ("Where do I live?"), not of this chat ("What did I ask?")
    about = (_about_user(said) or "me" in _lower_tokens(said)) and not set(words(said)) & stem_set("ask say tell mention")
    memory = _remembered(request.instructions) if about else []
    if not memory:
        return None
    if not set(_topic(said)) - stem_set("know remember"):  # "What do you know about me?": all of it
        return f"From my notes: {'; '.join(_retold(m.rstrip('.')) for m in memory)}."
    noted = Request.read({**request.body, "instructions": ""}, [{"role": "user", "content": "Summarize what you know "
                         "about me."}, {"role": "assistant", "content": "\n".join(["Notes:", *memory])}, *request.conversation])
    answer = compose(noted, missing)  # held, by its own words ("What's my job?": "you work as a nurse", no
    held = set(_topic(said)) & (set(words(answer)) | _tags(answer))  # "favourite food" for "Am I allergic?")
    return answer if held and not answer.startswith(("I don't know", "I can't")) else None


#: How a reply that answers nothing starts.
_UNSURE = ("I don't know", "I can't", "I'm an assistant that can only")
_ECHOES = ("Noted", "You told me", "From my notes")  # how the offline model's reply gives the user's words back
_SECOND_PERSON = stem_set("you your you're yours")


def _may_fix(fix: Statement, statement: Statement, question: str) -> bool:
    """Whether a later correction may be of ``statement``: the value it undoes ("not 12", "instead of the Pirate Ship")
    is in it, it is of the same person ("switch my motor" is no change to a friend's rocket) and of the number asked
    ("Who supervises Trench 3?" is not changed by "Idris is on Trench 4, not Trench 5")."""
    numbered = {one for one in words(question) if one.isdigit()} & statement.stems
    if numbered and not numbered & fix.stems:
        return False
    said = fix.text.lower()
    old = next((said.partition(cue)[2] for cue in (" not ", " instead of ") if cue in said), "")
    old = " ".join(old.split(",")[0].split(". ")[0].strip(" .!").removeprefix("the ").split()[:3])
    mine = {"my", "our"} & set(_lower_tokens(fix.text)) and not of_someone_else(fix.text)
    day = old.rstrip("stndrh") if old[:1].isdigit() and old[-2:] in ("st", "nd", "rd", "th") else ""  # "not the 14th" of
    dated = day and any(day.lstrip("0") in [p.lstrip("0") for p in v.replace("-", "/").replace(".", "/").split("/")] for v in facts(
        statement.text) if "/" in v or "-" in v or "." in v)  # "coming on 14/06"
    return (not old or old in statement.text.lower() or bool(dated)) and not (mine and of_someone_else(statement.text))


def _added(statement: Statement, later: Sequence[Statement], question: str = "") -> tuple[int, list[int]] | None:
    """The total of the one count a statement gives and the ones later statements add to it or (asked what is "left")
    take from it, with those ("We have 212 birds", then "17 more birds came in": 229, [17]; "5 spare SCOBYs", then "I'll
    give 2 of them to Hamish": 3, [-2]), else ``None``."""
    counts = [(int(a), stem(b)) for a, b in itertools.pairwise(_lower_tokens(statement.text)) if a.isdigit()]
    if len(counts) != 1:
        return None
    left = bool({"left", "remaining", "remain"} & set(_lower_tokens(question)))
    extra = [int(a) * (-1 if b in ("of", "fewer", "less") else 1) for s in later if of_someone_else(s.text) == of_someone_else(
        statement.text) for said in [_lower_tokens(s.text)] if "than" not in said for v, a, b, c in zip(
        ["", *said], said, said[1:], [*said[2:], ""]) if a.isdigit() and (b in ("more", "extra", "additional") and stem(c) in (
            counts[0][1], "") or left and b == "of" and c in ("them", "those", "these") and stem(v) in _TAKEN)]
    return (counts[0][0] + sum(extra), extra) if extra else None


#: Verbs that take some of a count away ("I'll give 2 of them to Hamish").
_TAKEN = stem_set("give gave giving sell sold use used lose lost donate donated eat ate remove removed return returned")


def _text_says(message: str) -> str | None:
    """"Yes"/"No" to a yes/no question about a text the message holds ("<notice>\n\nDoes the text mention a refund
    policy?", "Is the sky green in this text: 'The sky was grey over Leeds.'"), with the sentence that settles it;
    ``None`` for any other message."""
    asked = next((piece for piece in reversed(sentences(message)) if (piece.rstrip().endswith("?") or (tokens(piece) or [""])[
        0].lower() in _YES_NO) and {"text", "passage"} & set(_lower_tokens(piece.partition(":")[0]))), "")
    quoted = _QUOTED.search(message.partition(asked)[2] or asked.partition(":")[2]) if asked else None
    material = quoted[1] if quoted else message.replace(asked, " ") if asked else ""
    if not asked or (tokens(asked) or [""])[0].lower() not in _YES_NO or len(material.split()) < 3:
        return None
    topic = set(_topic(asked.partition(":")[0])) - stem_set("text passage mention mentioned say says contain contains")
    held = [(len(topic & set(words(clause))), clause, sentence) for sentence in sentences(material) for clause in sentence.replace(
        ", ", " and ").split(" and ")]  # a clause says it all ("The sky was grey and the grass was green": no sky is green)
    hits, clause, sentence = max(held, key=lambda found: found[0], default=(0, "", ""))
    against = hits and related(topic - set(words(clause))) & (set(words(clause)) - topic)  # "green" of "The sky was grey"
    whole = next((piece for piece in sentences(material) if topic <= set(words(piece))), "")
    if topic and (hits == len(topic) or whole and not against):  # (a clause that says it all, else a sentence no
        return f"Yes: the text says \"{(sentence if hits == len(topic) else whole).strip()}\""  # clause of it denies)
    if against:
        return f"No: the text says \"{sentence.strip()}\""
    named = " ".join(w for w in _lower_tokens(asked.partition(":")[0]) if stem(w) in topic)
    return f"No: the text does not mention {named}." if topic and not (topic | related(topic)) & set(words(material)) else None


def _two_questions(message: str) -> list[str]:
    """A message asking two questions in one sentence, each as its own ("What's the fee, and will there be two people?":
    "What's the fee?", "Will there be two people?"), else ``[]``."""
    said = message.strip()
    pieces = sentences(said)
    if len(pieces) == 2 and pieces[0].endswith("?") and (tail := " ".join(pieces[1].split()[1:]) if _lower_tokens(pieces[1])[
            :1] in (["also"], ["and"], ["plus"]) else "") and tail.split(" ", 1)[0].lower() in _ASKS_AGAIN | {"whats", "wats"} and (
                _is_question(pieces[0])):  # "whats the gate code? also how much is a full clip": each its own
        return [pieces[0], tail[:1].upper() + tail[1:].rstrip(" ?.") + "?"]
    opening = pieces[0].split()[:2] if len(pieces) == 2 else []  # "what's my locker number again? and the code?": "What's
    lead = opening[:1 + (opening[1:2] != [] and opening[1].lower() in ("is", "are", "was", "were", "does", "do", "did"))]
    if len(pieces) == 2 and pieces[0].endswith("?") and pieces[1].endswith("?") and tail and len(tail.split()) <= 4 and (
            lead and (_lower_tokens(lead[0]) or [""])[0] in QUESTION_WORDS | {"whats", "what's"}) and _is_question(
                pieces[0]):  # the code?"
        return [pieces[0], " ".join(lead)[:1].upper() + " ".join([*lead, tail])[1:].rstrip(" ?.") + "?"]
    if not (said.endswith("?") or _is_question(said)) or len(sentences(said)) != 1:
        return []  # ("how much are the dues and whats my name", no question mark: two)
    for joint in (", and ", " and "):
        head, _, tail = said.partition(joint)
        if len(head.split()) == 1:
            return []  # "When and where is the next meeting?": one question of two things
        if tail and tail.split(" ", 1)[0].lower() in _ASKS_AGAIN | {"whats", "wats"} and _is_question(head + "?") and (_topic(tail) or len(
                tail.split()) >= 4):  # ("When do I pay the deposit, and how much?": one question; "..., and how many are
            # we?": two)
            subject = head.rstrip(" ,").partition(" is ")[2] if _lower_tokens(head)[:1] in (["who"], ["what"]) else ""
            for pronoun in ("his", "her", "its", "their") if subject.lower().startswith(("the ", "my ", "our ")) else ():
                tail = tail.replace(f" {pronoun} ", f" {subject}'s ")  # "Who is the main driver, and what is his
            return [head.rstrip(" ,") + "?", tail[:1].upper() + tail[1:]]  # number?": the main driver's number
    return []


#: Words of a request for a note of a shape, not for values told back.
_SHAPED = stem_set("table column columns row rows bullet bullets json chat conversation summary note format")


def _listed_asks(message: str) -> list[tuple[str, str]]:
    """A request to read back or recap a list of things, each thing with its own question ("Please read back: my name,
    my show and the studio." → ("my name", "What is my name?"), ("my show", ...), ("the studio", ...); "Can you recap my
    booking: name, number of supers?" → ("my name", ...), ("my number of supers", "How many supers do I have?")), else
    ``[]``."""
    head, colon, listed = message.strip().rstrip("?.!").partition(":")
    padded = f" {head.lower()} "  # (or without a colon: "Please read back my student number, arrival date, and ...")
    at = next((at + len(cue) - 1 for cue in (" read back ", " repeat ", " recap ", " remind me of ", " tell me ") if (
        at := padded.find(cue)) >= 0), -1) if not colon and ", " in head else -1
    head, colon, listed = (head[:at], ":", head[at:]) if at > 0 else (head, colon, listed)
    if not colon or "\n" in listed or not {"read", "recap", "repeat", "confirm", "remind", "give", "tell"} & set(
            _lower_tokens(head)) or set(words(head)) & _SHAPED:  # (not "Recap our chat as a table, one row each for: ...")
        return []
    parts = [p.strip() for piece in listed.split(", ") for p in ([piece] if set(piece.split()) <= {"date", "time", "day", "and"} else
                                                               piece.removeprefix("and ").split(" and ")) if p.strip()]
    if not 1 < len(parts) <= 8 or any(len(p.split()) > 5 for p in parts):
        return []
    def owned(part: str) -> tuple[str, str]:  # "name": my name; "date and time": the date and time
        lead = "" if part.split()[0].lower() in ("my", "the", "our", "his", "her", "their") else "the " if set(
            part.split()) <= {"date", "time", "day", "and"} else "my "
        counted = part.lower().startswith("number of ")
        return f"{lead}{part}", f"How many {part[10:]} do I have?" if counted else f"What is {lead}{part}?"
    return [owned(p) for p in parts]


def _pasted_question(message: str) -> tuple[str, str] | None:
    """A message of two or more statements, then a question about them: the statements and the question ("<an email>
    Is lunch still provided by the school kitchen? Answer yes or no."), else ``None``."""
    head, colon, quoted = message[:8000].partition(": ")
    quoted = quoted.strip()
    if colon and quoted[:1] in "'\"‘“" and quoted.rstrip(".?!")[-1:] in "'\"’”" and set(_lower_tokens(head)) & {
            "text", "sentence", "message", "line", "note", "this"} and len(head.split()) <= 14:  # "What colour is the door
        return quoted.rstrip(".?!")[1:-1].strip(), f"{head.rstrip(' ?.:')}?"  # in this text: 'The red door opened.'"
    pieces = sentences(message[:8000])
    at = max((k for k, piece in enumerate(pieces) if piece.rstrip().endswith("?")), default=-1)
    told = [piece for piece in pieces[:max(at, 0)] if not piece.rstrip().endswith("?")]
    return (" ".join(told), pieces[at]) if at >= 2 and len(told) >= 2 else None


#: First words of a second question joined to a first by "and" ("..., and will there be two people?").
_ASKS_AGAIN = frozenset("will is are was were can could does do did what what's when where who how which".split())


def compose(request: Request, missing: Sequence[str] = ()) -> str:
    """The text the model answers with when it calls no tool: the newest tool results, a greeting back,
    a request for what a tool needs, an answer from the conversation or the instructions, or an echo."""
    if request.this_turn[2]:
        return _report(request.this_turn[2], request.message)
    said = without_request_to_note(request.message.strip())  # "I'd prefer a non-smoker. Can you note that?": what to note
    at = request.last_user_index
    sent = list(itertools.takewhile(is_user_message, request.conversation[at::-1])) if at >= 0 else []
    parts = [p for item in sent if isinstance(item.get("content"), list) for p in item["content"]]  # this message's,
    attached = {str(p.get("type")) for p in parts if isinstance(p, Mapping)} & {"input_image", "input_file"}  # or
    # one sent just before it: "What's in this image?" with the image; it is sent, but not as text
    if attached and not missing:
        return (f"I can't see the {'image' if 'input_image' in attached else 'file'} you sent: the offline model reads "
                "only the text of a request" + (f". You wrote: {_cut(said, 160)}" if said and not _is_question(said)
                                                   and not asks_for_summary(said) else "") + ".")
    if request.last_user_index < 0 or not said:
        return "Your message was empty. What would you like to ask or tell me?"
    # "Translate the user's message to Spanish"; "Translate the text into the target language" and "Hola, to French"
    translating = [line for line in [*sentences(request.instructions[:2000]), said[:400]] if {
        stem("translate"), stem("rewrite")} & {stem(w) for found in [_lower_tokens(line)] for k, w in enumerate(found) if not (
            w.startswith("translat") and not w.startswith("translate") and not ({"you", "you're", "as"} & set(found[max(
                k - 4, 0):k]) and not {"for", "of", "to", "with"} & set(found[max(k - 3, 0):k])))}]  # a translator only
    # when it is the model ("You are a translator"; not "the diary of a freelance translator": its client translates)
    heard = _lower_tokens(said[:400])
    saying = heard[:1] == ["say"] or heard[:4] == ["how", "do", "you", "say"] or heard[:1] == ["write"] and any(
        q in said[:60] for q in "'\"‘“")  # "Say hello in Spanish", "Write 'happy birthday' in French" (not "Write a
    if any(set(_lower_tokens(line)) & _LANGUAGE_NAMES for line in [*translating, said[:400]] * bool(translating)) or (  # short
            saying and any(a == "in" and b in _LANGUAGE_NAMES - {"english"} for a, b in itertools.pairwise(heard))):  # email
        # in English")
        return "I can't translate offline: I can only answer from what I was sent."
    if structured_input(request.raw_message) and not missing:  # data for the instructions' task: a fact, or no
        known = _from_instructions(request)  # (an agent as a tool, given JSON: {"surname": "Hartley", ...}: the line of it)
        return known[1] if known is not None else looked_up if (looked_up := _looked_up(request)) is not None else _CANNOT
    said_tokens = {t.lower() for t in tokens(said[:400])}
    head = said.partition("\n\n")[0]  # "Based on the policy below, can I return a worn wig?\n\n<policy>": asked of it
    question = _is_question(said) or said[:7].lower() == "please " and _is_question(said[7:]) or any(  # "Please
        piece.rstrip().endswith("?") for piece in sentences(said) if "\n" not in said) or head != said and head.rstrip(
            ).endswith("?") and bool(_TEXTS & set(words(head)) | {"below"} & set(_lower_tokens(head)))  # tell me...", "Also,
    # how much would...? I'm 34." (not a question inside material sent for a task)
    if question and (limit := _age_limit(request.instructions[:4000], said) or _ruled_out(request.instructions[:4000], said) or (
            _measure_limit(request.instructions[:4000], said)) or head != said and _age_limit(said.partition("\n\n")[2][:4000], head)):
        # ("Based on the policy below, can my 15 year old join?": the policy's minimum age)
        return limit  # "Can my 15 yr old come along?" of "Minimum age 16": no; "Can I print in ABS?" of "PLA and PETG only"
    if question and heard and set(heard) <= {"thanks", "thank", "you", "cheers", "anything", "else", "is", "there", "that's",
                                             "all", "ok", "okay", "great"} and "else" in heard:
        return "You're welcome! There's nothing else I need from you."  # "Thanks. Anything else?"
    asked_last = (sentences(said) or [""])[-1] if question else ""
    cue = next((asked_last.lower().find(c) for c in ("can we ", "could we ", "shall we ") if c in asked_last.lower()), -1)
    proposed = _lower_tokens(asked_last[cue:]) if cue >= 0 else []
    planned = any(s.role == "user" and s.turn < request.said[-1].turn and not s.asks and (facts(s.text) or _DATE.search(
        s.text) or {"let's", "we'll", "book", "booked", "plan", "planned", "having", "trip", "idea", "thinking", "party",
                    "dinner", "lunch", "meeting", "visit", "outing"} & set(_lower_tokens(s.text))) for s in (
            request.said))  # a plan said
    proposal = " ".join(asked_last[cue:].rstrip(" ?").split(" ")[3 + (proposed[3:4] == ["it"]):])  # before, or a date now:
    if proposed[2:3] in (["do"], ["have"], ["make"], ["go"]) and "instead" in proposed and not set(words(proposal)) - {
            stem("instead")} & set(words(request.instructions[:2000])) and not any(f" or {w}" in (  # "hmm,
            asked_last.lower()) for w in ("is ", "not", "would ", "do ", "does ", "can ", "could ", "should ", "will ",
                                          "are ", "must ", "has ", "have ", "shall ")) and set(words(proposal)) - {stem(
                "instead")} and (planned or (  # scrap
            _DATE.search(proposal.title()))):  # saturday, can we do sunday 15 june instead?": a change to the plan, noted
        return f"Noted: {proposal}."  # (nothing says whether it can be; not "..., or is that not allowed?")
    whole = sentences(request.message)
    noting = [p for p in whole if not p.rstrip().endswith("?") and not {"note", "noted"} & set(_lower_tokens(p))]
    spoken = f" {' '.join(_lower_tokens(request.message))} "
    if question and noting and len(noting) < len(whole) - 1 and any(f" {p} " in spoken for p in (
            "note it", "just note", "note that down", "make a note")):  # "Tobias is
        return (f"Noted: {'; '.join(_retold(p).rstrip('.!') for p in noting)}. I can't tell whether that matters from "
                "what I was sent.")  # left-handed. does that matter? just note it."
    how_are_you = any(ask in said.lower() for ask in _HOW_ARE_YOU)
    greeting = _GREETING.match(said)
    rest = said[greeting.end():] if greeting else said  # "Hi! I'm Sam": what follows the greeting is the message
    short = len(said_tokens) <= 5 and not set(words(said)) & _CHANGES  # small talk: "how's it going?", "see you!"
    opening = {t.lower() for k, t in enumerate(tokens(said[:400])) if t.islower() or not k}  # not "to hear Hey Jude"
    hello = bool(greeting or opening & _GREETINGS)
    chat = greeting and len(tokens(rest)) <= 7 and not question and not facts(rest) and not _proper_names(rest) and not (
        set(words(rest)) & (_CHANGES | _ACTING | notes.PROBLEM)) and not _about_user(rest) and _language(said) in (
            None, "english") and any(w in rest.lower() for w in ("weather", "hope you", "nice day", "lovely day"))  # "Good
    # afternoon! Lovely weather for bowls."
    if said.strip() and not any(c.isalnum() for c in said):  # "?", "..."
        return "What would you like to ask? Your message had no words in it."
    if hello and (not rest or how_are_you or chat or not greeting and len(said) < 40 and not question) or how_are_you and short:
        return f"{'Hello! ' if hello else 'I am well, thanks. '}What can I help you with?"  # "how's it going?"
    thanked = said_tokens & {"thanks", "thank", "cheers", "thx"} and len(set(words(said))) <= 4 and not question and not (
        _OPTIONS.search(request.instructions[:2000]))  # (a message to classify: "Thank you so much, it was wonderful.")
    farewell = said_tokens & {"bye", "goodbye"} or any(bye in said.lower() for bye in ("see you", "take care", "good night")
                                                       ) or bool(said_tokens) and said_tokens <= {"night", "nite", "all", "everyone"}
    # (not "per night"; a bare "?" is no farewell)
    if short and farewell:
        return f"{'You are welcome! ' * bool(thanked)}Goodbye, talk to you soon!"  # "bye!", "see you tomorrow"
    if thanked:
        return "You're welcome! Is there anything else I can help with?"
    if said_tokens and said_tokens <= _CHATTER | _LAUGHS | _NODS:  # "lol", "cool", "haha nice", "ok": nothing to note
        nod = "Ha!" if said_tokens & _LAUGHS else "Glad to hear it!" if said_tokens & _CHATTER else "Alright."
        return f"{nod} Is there anything else I can help with?"
    helped = re.match(r"(?:can|could|would) you (?:please )?(?:help|assist)(?: me)?(?: (?:with|on) (.+?)|"
                      r" (?:to )?(\w.+?))?[?.!]*$", rest, re.I)
    task = helped.group(2) if helped else None  # "...help me plan a trip?", not a task of its own ("solve 2x = 4")
    if helped and not missing and not (task and (facts(task) or ":" in task)):  # "Can you help with my invoice?": yes,
        if task:  # and what is needed to
            return f"Yes, I can try to help you {_swap(task)}: tell me what you have in mind."
        return f"I can try: what would you like me to do{' about ' + _swap(helped.group(1)) if helped.group(1) else ''}?"
    if missing:  # "the level (0 to 100)": with the range its tool gives, if any
        def fields(schema: Mapping[str, Any], defs: Mapping[str, Any], depth: int = 0) -> Iterator[tuple[str, Mapping[str, Any]]]:
            for n, f in (schema.get("properties") or {}).items() if depth < 3 else ():  # (a nested model's too: a
                f = defs.get(str(f.get("$ref", "")).rpartition("/")[2], f) if isinstance(f, Mapping) else f  # plaque's
                if isinstance(f, Mapping):  # inscription; an item's of a list: a hire's days)
                    yield n, f
                    yield from fields(f, defs, depth + 1)
                    if isinstance(f.get("items"), Mapping):
                        yield from fields(defs.get(str(f["items"].get("$ref", "")).rpartition("/")[2], f["items"]), defs, depth + 1)
        field = next((f for t in request.tools for n, f in fields(t.parameters, t.parameters.get("$defs") or {}) if n == missing[0]), {})
        field = next((k for k in field.get("anyOf") or () if isinstance(k, Mapping) and k.get("type") not in ("null", None)), field)
        longest = field.get("maxLength")
        written = [q for q in [*request.message.split('"')[1:-1:2], *request.message.split("\u201c")[1:]] if isinstance(
            longest, int) and len(q.partition("\u201d")[0]) > longest]  # "a plaque that says '...'" of at most 80 characters
        written += [q for q in _QUOTED.findall(request.message) if isinstance(longest, int) and len(q) > longest]
        holders = [f for t in request.tools for _, f in [("", t.parameters), *fields(t.parameters, t.parameters.get("$defs") or {})]
                   if any(g is field for g in (f.get("properties") or {}).values()) or any((t.parameters.get("$defs") or {}).get(str(
                       g.get("$ref", "")).rpartition("/")[2]) is field for g in (f.get("properties") or {}).values() if isinstance(g, Mapping))]
        alone = any(sum(isinstance(g, Mapping) and g.get("type") == "string" and not g.get("enum") for g in (h.get(
            "properties") or {}).values()) == 1 for h in holders) or not holders
        if written and len(missing) == 1 and alone:  # (of a model of one text only: no body taken for a title)
            return (f"The {missing[0].replace('_', ' ')} can be at most {longest} characters, and yours has "
                    f"{len(written[0].partition(chr(0x201d))[0])}. Could you give me a shorter one?")
        ends = [field.get("minimum", field.get("exclusiveMinimum")), field["maximum"]] if "maximum" in field else [n for t in tokens(str(field.get(
            "description") or "")) for n in t.split("-") if _NUMBER.fullmatch(n)]
        others = [other.replace("_", " ") for other in dict.fromkeys(missing[1:3]) if other != missing[0]]  # all of
        options = field.get("enum") or (field.get("items") or {}).get("enum") or []
        counted = Reader(request, fields=[missing[0]]).number(missing[0], "") if options and not missing[1:] else None
        counted = f"{counted:g}" if counted is not None and _none_of_numbers(counted, {"enum": options}, request.message) else ""
        if (outside := named_outside(options, request.message, missing[0]) or _slot_outside(request, options) or counted) and not missing[1:]:  # "Saturday is not one of the days
            listed = ", ".join(map(str, options[:-1])) + f" or {options[-1]}"  # (Monday, ... or Friday)."
            kind = " ".join(w for w in missing[0].split("_") if w.lower() not in MEASURE_WORDS) or missing[0]  # size_ft:
            kind = kind[:-1] + "ies" if kind.endswith("y") and kind[-2:-1] not in "aeiou" else kind + "s" * (
                not kind.endswith("s"))  # sizes, quantities
            return f"{outside[:1].upper() + outside[1:]} {'are' if ' and ' in outside else 'is'} not among the {kind} I can choose from: {listed}."
        listed = [str(o) for o in field.get("enum") or () if o is not None][:8] or next((_choice_only(missing[0], t.told) for t in (
            request.tools) if missing[0] in (t.parameters.get("properties") or {})), [])  # "slot is am or pm": (am or pm)
        wanted = missing[0].replace("_", " ") + (f" ({ends[0]} to {ends[1]})" if len(ends) == 2 and ends[0] is not None else (
            f" (at most {ends[1]})" if len(ends) == 2 else f" ({', '.join(listed[:-1])} or {listed[-1]})" if len(listed) >= 2 else "")) + "".join(
            f" and the {other}" for other in others)  # them: "the confirmation number and the new seat"
        them = "them" if others else "it"
        said = [part.rstrip("abcdefghijklmnopqrstuvwxyz") if part[:1].isdigit() else part for t in tokens(_in_digits(
            request.message)) for part in (t.split("/") if not _DATE.fullmatch(t) else [t])]  # ("3000kg": 3000)
        dated = _date_words(said)
        numbered = {t for t in said if (spaced := f" {request.message} ").count(f" {t} ") and all(spaced[at + len(t) + 1:][
            :1].isupper() for at in whole_words_at(spaced, t))}  # "to 12 Park Road": a street's number, no count
        beyond = sorted((t for k, t in enumerate(said) if "maximum" in field and _NUMBER.fullmatch(t) and k not in dated and t not in numbered and (
            _out_of_bounds(float(t), field))), key=lambda t: f" to {t}" not in _in_digits(request.message))  # "rate the
        # lasagne 7 stars" of 1 to 5 (the one it is set "to" first); "300/90 for 3 June 2025": 300, no day nor year
        digits = str(field.get("pattern") or "").removeprefix("^").removesuffix("$").replace("\\d", "[0-9]")
        size = digits.removeprefix("[0-9]{").removesuffix("}") if digits.startswith("[0-9]{") else ""
        short = [t for t in tokens(request.message) if size.isdigit() and t.isdigit() and len(t) != int(size)]  # "look up chip
        if short and not others:  # 12345" of 15 digits: the number to check
            return f"A {missing[0].replace('_', ' ')} has {size} digits, and {short[0]} has {len(short[0])}. Could you check it?"
        if beyond and not others:
            limit = f"from {ends[0]} to {ends[1]}" if ends[0] is not None else f"at most {ends[1]}"
            limit = f"more than {ends[0]} and at most {ends[1]}" if "minimum" not in field and "exclusiveMinimum" in field else limit
            return f"The {missing[0].replace('_', ' ')} must be {limit}, and {beyond[0]} is not. Could you give me one in that range?"
        if question:
            return f"I don't know the {wanted}: it isn't in the conversation I can see. Could you give {them} to me?"
        return f"I can do that once I have the {wanted}. Could you give {them} to me?"
    form = request.body.get("text") if isinstance(request.body.get("text"), Mapping) else {}
    schema = isinstance(form.get("format"), Mapping) and form["format"].get("type") == "json_schema"
    worded = said if schema else _worded(request, said)  # a schema's fields are read from the message as sent
    if not schema and question and (held := _holds(said)):
        return held  # "Does this list contain Lisbon? Porto, Braga, Lisbon, Faro.": Yes
    if not schema and (question or stem("solve") in words(said)) and (solved := _solved(said)):
        return f"{solved[0]} gives {solved[1][-1][1]}."  # "Solve 3x + 7 = 22", "how can I solve 8x + 7 = -23?"
    if (question or all(w[:1].isdigit() for w in words(worded))) and (worked := _arithmetic(worded)):
        return f"{worked}."  # "what is 100 divided by 8?", "12 times 7", "my rent times 12"
    if not schema and question and (which := _which_of_two(said, [s.text for s in reversed(request.said) if s.role in (
            "user", "tool") and s.turn < request.said[-1].turn])):  # "What's cheaper, hake or cod?"
        return which
    before = next((s.text for s in reversed(request.said) if s.role == "user" and s.turn < request.said[-1].turn and (
        _number_fact(s.text))), "") if question and len(tokens(said)) <= 4 and _lower_tokens(said)[:1] in (["and"], [
            "what"], ["how"]) and " about " in f" {said.lower()} " or _lower_tokens(said)[:1] == ["and"] else ""
    new = [t for t in _lower_tokens(said) if t.isdigit()] if before else []
    if question and (fact := _number_fact(said) or len(new) == 1 and _number_fact(before.replace(_lower_tokens(before)[1], new[
            0], 1))):
        return fact  # "Is 17 a prime number?", then "And 18?"
    if (len(tokens(said)) <= 5 or any(cue in said.lower() for cue in ("convert", "how many", "how far", "how much"))) and (
            converted := _by_rates(request.instructions, said)):  # "1 mile = 1.609 km" told, "26.2 miles" asked: "42.16
        return converted  # km" (not "I ran 12 miles and my knee hurts", nor a fee for "3 days late. Can you waive it?")
    if question and any(s.endswith("?") and {"you", "your"} & set(_lower_tokens(s)) and {stem("tool"), stem(
            "function")} & set(words(s)) for s in sentences(said)):
        return _my_tools(request)  # "What tools do you have?" (not "Can you pack the shed? About 4 boxes of tools.")
    instructed = _OPTIONS.search(request.instructions[:2000])
    offered = instructed or ": " in said and _OPTIONS.search(said.partition(": ")[0])
    options = [o.strip("'\"") for o in re.split(r",\s*|\s+or\s+", offered.group(1)) if o] if offered else []
    clause = request.instructions[offered.start(1):].split(". ")[0].split("\n")[0].rstrip(" .") if instructed else ""
    whole = [o.strip(" '\"?!") for o in clause.replace(" or ", ",").split(",") if o.strip(" '\"?!")]
    options = whole if len(whole) >= len(options) > 1 and whole[:len(options) - 1] == options[:-1] and all(
        len(o.split()) <= 3 for o in whole) else options  # "one of: booking, cancellation, lost item, other"
    listed = [] if offered else _labels_listed(request.instructions)  # "Labels: URGENT, ROUTINE. Reply with one label."
    offered, options, instructed = (True, listed, True) if listed else (offered, options, instructed)
    if {"yes", "no"} <= {o.lower() for o in options} and (checked := _checked(request, said)):
        return next(o for o in options if o.lower() == checked)  # "Is it open on Sundays? (It's closed on Sundays.)"
    if offered and not {o.lower() for o in options} <= {"yes", "no"}:  # (a yes or a no it cannot check: no guess)
        # "Reply with one word: positive or negative": one of them, by the words said (after the colon of
        if not instructed:  # "Classify this review as positive or negative: The food was cold")
            request = Request.read(request.body, [*request.conversation[:request.last_user_index], {
                "role": "user", "content": said.partition(": ")[2]}])
        picked = Reader(request).choice("", "", options)
        heard = set(words(request.message))
        kin = [o for o in options if set(words(o)) & (heard | related(heard))]
        picked = None if listed and len(kin) > 1 and not any(set(words(o)) & heard for o in options) else picked  # "I want
        # to put my house on the market": as near a tenant as a landlord, by the words said (no guess)
        if listed and Reader(request).named_option(options) is None:  # of labels listed, one the message gives no ground
            urgent = [o for o in options if o.lower() in ("urgent", "high", "critical", "emergency")]  # for is no guess
            calm = [o for o in options if o.lower() in ("routine", "low", "normal", "non-urgent", "standard")]  # ("P1, P2,
            pressed = {"now", "asap", "immediately", "urgent", "urgently", "emergency", "tonight"} & said_tokens  # P3"),
            picked = (urgent if pressed else calm)[0] if urgent and calm else None  # but "right now" is urgent
        if {o.lower() for o in options} == {"urgent", "not urgent"}:  # "Is the following message urgent or not urgent?":
            pressed = {"asap", "immediately", "urgent", "urgently", "emergency", "collapsed", "ambulance", "unconscious",
                       "attack", "breaking"} & said_tokens or any(cue in said.lower() for cue in (
                           "right now", "now!", "come now", "back now", "help now")) or set(words(said)) & related({stem(
                               "urgent")})  # urgent of what presses ("pouring through the ceiling right
            picked = next(o for o in options if (o.lower() == "urgent") == bool(pressed))  # now!"), else not
        if picked is not None:
            return picked
    known = _from_instructions(request)  # a question about what the user said: only what the instructions say of them
    user = [t for cue in ("talking to ", "speaking with ", "speaking to ", "chatting with ", "signed in as ", "logged in as ",
                          "signed-in student is ", "signed-in user is ", "logged-in user is ", "signed-in member is ",
                          "signed-in customer is ") if cue in request.instructions[
        :2000] for t in tokens(request.instructions[:2000].partition(cue)[2])[:1] if t[:1].isupper() and t.lower() not in STOP]
    of_user = bool(user) and known is not None and known[0] >= len(_topic(said)) and not of_someone_else(known[1]) and (
        user[0] in known[1] or known[1].startswith("Their "))  # "...talking to Aoife.
    # Booking reference for Aoife is RW-5SAT" (not "Aoife's brother Ben has...")
    part = [s for s in sentences(said) if s.rstrip().endswith("?")]  # ("what time does the bag drop close? I'm running
    part = part[0] if len(part) == 1 else said  # with my brother": the question's own words)
    known = None if question and _recalls(part) and known and not known[1].startswith("You") and not of_user and not known[1].lower(
        ).startswith(("bring:", "need:", "wear:", "pack:", "take:")) and (  # ("What do I bring?": "Bring: passport, ...")
        {"i", "my", "me", "i'm", "mine"} & set(_lower_tokens(part)) or known[0] < len(_topic(said))) and not {
            "should", "often"} & set(_lower_tokens(said)) and not ("how much " in said.lower() and _currencies(known[1])) else (
        known)  # ("How often should my tank be emptied?" asks advice; "How much is the annual check on our four foam
    # extinguishers?" a price) (not
    # "When is our next team match?": the club's, told whole by the instructions; but "our budget" is the user's)
    head, _, material = said.partition("\n") if "\n" in said.strip() else said.partition(": ")  # "Extract the email address
    # and phone number from this text.\n\n<notice>", "List the dates: We met on 3 March 2024 and ..."
    if material.strip() and stem((_lower_tokens(head) or [""])[0]) in stem_set("extract list find") and (
            extracted := _extracted(head, material)):
        return extracted
    if checked := _text_says(said):  # "<notice>\n\nDoes the text mention a refund policy?": No
        return checked.partition(":")[0] + "." if "yes or no only" in request.instructions.lower() else checked
    now = max((s.turn for s in request.said), default=0)
    asked = [s.text for s in request.said if s.role == "user" and s.turn < now and s.asks]
    lowered = _lower_tokens(said)  # "What did I ask you to remind me about?": the request that said "remind"
    verb = next((stem(c) for a, b, t, c in zip(lowered, lowered[1:], lowered[2:], lowered[3:]) if stem(a) == stem("ask")
                 and (b, t) == ("you", "to") and lowered[0] in ("what", "which")), None)  # (not "How did I ask...")
    wanted = [s.text for s in request.said if s.role in ("user", "note") and s.turn < now and verb in s.stems]  # (a note
    # keeps it: "Follow up on: Can you find out whether...?")
    if question and wanted:  # "Remind me to pack...": "You asked me to remind you to pack..."
        request_said = _unled(wanted[-1]).rstrip(" .!?")
        lead = next((cue for cue in ("can you ", "could you ", "would you ", "will you ", "please ") if (
            request_said.lower().startswith(cue))), "")  # "Can you check whether...?": "to check whether..."
        request_said = _swap(request_said[len(lead):])
        led = stem(request_said.split(" ")[0].lower()) == verb
        return f"You asked me {'to ' * led}{request_said[:1].lower() * led or request_said[:1]}{request_said[1:]}."
    if question and asked and not set(_topic(said)) - stem_set("first last previous question thing") and {
            stem("ask"), stem("question")} & set(words(said)):  # "What did I just ask you?", "...my first question?"
        return f'You asked: "{asked[0 if "first" in said_tokens else -1]}"'
    told = [s for s in request.said if s.role == "user" and s.turn < now and len(s.stems) >= 2 and not _is_question(
        s.text)]  # "What do you know about me?", "What did I just say?": what the user told, no topic of its own
    if question and told and {"me", "i", "my", "we", "us"} & said_tokens and not set(_topic(said)) - stem_set(
            "far everything talk talked discuss discussed cover covered") and not ("much" in said_tokens or "many" in (
                said_tokens) and _answered_by_conversation(request)):  # "What have we discussed so far?" (not "How
        # much would I get?": an amount asked; nor "How many are we?" when a count of the group was told: "There'll be 6
        # of us")
        picked = told[-1:] if "just" in said_tokens else told[-8:]
        return _told_back([dataclasses.replace(s, text=s.said) if s.fixed and s.said else s for s in picked])  # a
        # correction as it was said: "the room is R3, not R2"
    subject = words(said.lower().rpartition(" about ")[2]) if " about " in said.lower() else []
    if question and told and subject and said_tokens & {"everything", "all", "know", "say", "said", "tell", "told"}:
        picked = {frozenset(w for w in s.stems if not w[:1].isdigit()): s for s in told  # a corrected value: the last
                  if _covered(subject, s.stems) == len(subject)}  # ("under 150 euros", then "make that 180")
        if picked := sorted(picked.values(), key=lambda s: s.order)[-8:]:  # "What did I say about Sam?"
            return _told_back(picked)
    parts = _two_questions(said) if question else []  # "When is my race and what's my goal time?": each in turn (as
    answers = [_answered_by_conversation(request, part) for part in parts]  # _decide splits it, for this reply's callers)
    if len(answers) == 2 and all(answers) and len(tokens(parts[1])) <= 2 and _gives_what_is_asked(parts[1], answers[0][1].text):
        answers = answers[:1]  # "How many balls did I order, and what colour?": the colour of the order told, not the
        # latest colour ("12 practice balls, yellow", not another coach's orange)
    if answers and all(answers):
        return _each_once([restate(found[1]) for found in answers if found])
    listed = _listed_asks(said) if question or _lower_tokens(said)[:1] in (["recap"], ["read"], ["repeat"], ["remind"]) or (
        _lower_tokens(said)[:2] == ["please", "recap"]) else []  # "Please read back: my name, my show and the studio."
    answers = [_answered_by_conversation(request, asking) for _, asking in listed]
    if any(answers) and len(listed) > 1:
        told = list({found[1].order: found[1] for found in answers if found}.values())
        unknown = [thing for (thing, _), found in zip(listed, answers) if not found and not (set(words(thing)) <= stem_set(
            "date time day") and any(_DATE.search(s.text) for s in told))]  # "my producer" (a date told with the time
        # answers "the date")
        return (_told_back(told) if all(s.role == "user" for s in told) else " ".join(map(restate, told))) + (
            f" I don't know {_swap(' or '.join(unknown))}: it isn't in the conversation I can see." if unknown else "")
    waiting = question and "waiting" in said_tokens and said_tokens & {"what", "which"} and said_tokens & {"i", "we"}  # "What
    pending = [s.text.strip() for s in request.said if waiting and s.role in ("user", "note") and s.turn < now and not (  # was I
        s.text.rstrip().endswith("?")) and says_pending(s.text)]  # still waiting to hear about?": what the user said is
    # pending, and asked unanswered
    if question and (stem("question") in set(words(said)) or waiting) and (said_tokens & {
            "unanswered", "open", "outstanding", "still", "waiting"}) and ((asked := _unanswered(request)) or pending):
        # "What questions of mine are still unanswered?"
        return " ".join(["Still open, as you asked them: " + "; ".join(f'"{one}"' for one in asked) + "."] * bool(asked) + [
            "Still pending, as you told me: " + "; ".join(f'"{one.rstrip(".")}"' for one in pending) + "."] * bool(pending))
    opening = _lower_tokens(said)[:3]
    of_state = opening[:1] in (["is"], ["are"]) or opening[:1] in (["do"], ["does"]) and opening[2:3] in (["have"], ["need"])
    if question and ("still" in said_tokens or of_state and not said_tokens & {
            "cancel", "cancelled", "cancelling", "drop", "dropped", "remove", "removed", "scrap", "forget", "sell", "sold",
            "selling", "leave", "left", "leaving"}) and (dropped := _dropped(request, said)):  # "Is the plasterboard bag still on
        if not any(out in " " + dropped.text.lower().replace("’", "'") + " " for out in _LEFT + _LEFT_OUT):  # my booking?" after "Actually cancel
            return f"No: you cancelled it (\"{dropped.text.rstrip('.!')}\")."  # the plasterboard bag"
        news = " ".join(itertools.dropwhile(lambda w: w.lower().strip(",-") in _CORRECTION | {"no", "wait", "oh"}, dropped.text.split(
            " ")))
        return f"No: you told me \"{news.rstrip('.!')}\"."  # ("Bel has dropped out", without its "No wait,")
    if question and (answer := _from_results(request, said) or _soonest(request, said)):  # "Which one is cheaper?"
        return answer  # after a list of flights; "Which exam comes first?" after their dates
    if question and (done := _done_by_me(request, said)):  # "Did you cancel it?": what cancel_appointment returned
        return done
    if question and known is None and any(a in ("can", "could", "would", "will") and b == "you" and c in (
            "check", "confirm", "find", "ask", "look", "see", "enquire", "inquire") for a, b, c in zip(
                lowered, lowered[1:], lowered[2:])):
        return _CANNOT  # "Can you check whether silent cakes are allowed after 10pm?": what no message holds, to find out
    if question:
        found = _answered_by_conversation(request)  # else the assistant's own words, that say the question's ("What's
        if known is None and (found is None or found[1].role == "user" and not found[1].stems & set(words(said))) and not (
                _about_user(said) and "you" not in said_tokens):  # the next lesson?": "Lesson 1 covers fractions", not
            found = _answered_by_conversation(request, mine=True) or found  # "I'm starting the course")
        if found and stem("name") in (asked := set(_topic(said))) and not (_proper_names(found[1].text, people=True) or _QUOTED.search(
                found[1].text) or stem(
                "name") in found[1].stems or stem("call") in found[1].stems or any(stem(a.lower()) in asked and b[:1].isupper(
                ) or a[:1].isupper() and a.lower() not in STOP and stem(b.lower()) in asked for a, b in itertools.pairwise(
                tokens(found[1].text)))):  # "What's my sister's name?" of "My sister is getting married in June.": a name it
            found = None  # does not give (one beside the thing asked does: "...our hotel?" of "We're at Hotel Miramar")
        to_me = "your" in said_tokens or "you" in said_tokens and not {"i", "my", "me", "i'm"} & said_tokens
        # "who are you?" asks the assistant, whatever the user told of themselves
        if found is not None and found[1].role == "tool" and _lower_tokens(said)[:1] in [[w] for w in _YES_NO] and not set(
                _topic(said)) & set(words(found[1].text)):  # "Is the neighbourhood safe?" is not answered by "type:
            found = None  # apartment", which only a related word ties to it
        thing = said.lower().replace("’", "'").partition(" my ")[2].strip(" ?.!")  # "What's my frame number?", when only
        if found is not None and found[1].role == "user" and thing and not of_someone_else(said) and not _proper_names(said) and (
                of_someone_else(found[1].text) or _named_subject(found[1].text)) and len(thing.split()) <= 3 and set(words(
                    thing)) & _ID and found[1].identifiers:  # a friend's reference, number, code...
            return f"I don't know your {thing}: the only one I see is someone else's. {restate(found[1])}"  # is in view
        echo = _answered_by_conversation(request, echoed=True) if found is None and known is None and not to_me else None
        echoing = set(words(echo[1].text.partition(": ")[2])) if echo is not None else set()  # (its words, not "told")
        if echoing and (2 * len(set(_topic(said)) & (echoing | related(echoing))) >= len(set(_topic(said))) or set(_topic(
                said)) == {stem("name")} and echo[1].text.startswith("You told me: you're ")):  # (of "you're Ruth": her name)  # "Which pen is Bryony sending?" of "You told me: your sister Bryony is sending her Lamy
            return f"From my earlier reply: {echo[1].text.partition(': ')[2].rstrip(' .!')}."  # 2000 in" (trimmed away)
        if (ending := _ends_in(said)) and (ends := [piece for s in request.said if s.role in ("user", "note", "tool") and not s.asks and (
                s.turn < now) for piece in s.text.rstrip(" .!").replace(", and ", " and ").replace(", ", " and ").split(" and ") if (
                    "".join(t for t in tokens(piece) if t.isdigit()).endswith(ending))]):  # "Whose number ends in 132?" of
            return f"You told me: {'; '.join(dict.fromkeys(_retold(e.strip()) for e in ends))}."  # "Martha's is 07700 900123
            # and mine is 07700 900132" (each one that ends so: "room 220 ..., room 320 ...")
        asked_if = _lower_tokens(said)[:3]  # "Can I steam the Tallis tapestry?" after "Do NOT use steam on the Tallis
        barred = [s for s in request.said if s.role == "user" and s.turn < now and not s.asks and len(asked_if) == 3 and (
            asked_if[:2] in (["can", "i"], ["may", "i"], ["should", "i"])) and stem(asked_if[2]) in s.stems and set(words(
                said)) <= s.stems and (_lower_tokens(s.text)[:2] == ["do", "not"] or _lower_tokens(s.text)[:1] in (
                    ["don't"], ["never"])) and not {"without", "unless", "under", "over", "more", "less", "after", "before",
                                                    "if", "when"} & set(_lower_tokens(s.text))]
        # tapestry, the dyes are fugitive.": what the user forbade, of all the question names and with no condition
        if barred:
            return f'No: you told me "{barred[-1].text.rstrip()}"'
        if found is not None and (known is None or found[0] >= known[0] and not to_me):
            later = [s for s in request.said if s.order > found[1].order and (s.role == found[1].role or s.role == "user" == (
                "user" if found[1].role == "note" else "")) and found[1].role not in ("tool", "assistant") and not s.asks]
            # (after a note, what the user said since: "I changed my mind about the colour, I'm switching to Rust Orange")
            then = [{t.lower() for t in tokens(s.text[:300])} | ({"instead"} if _reverts(s.text, found[1].stems) else set(
                )) for s in later]
            kinds = _kinds(found[1].text)  # a name is not corrected by a date ("make that June 16th, the boat...")
            fixed = [s for k, s in enumerate(later) if _gives_what_is_asked(said, s.text) and then[k] & _CORRECTION and (
                then[k] & _CORRECTION != {"not"} or facts(s.text)) and (set(_lower_tokens(s.text)[:3]) & {
                    "it", "it's", "that", "this", "they", "meant"} or kinds & _kinds(s.text) & s.stems and then[k] & {
                    "meant", "correction"} or found[1].stems & s.stems - kinds - _LIGHT_VERBS - _DAYS - set(
                    facts(s.text)) - _CORRECTION) and (
                # "not going to sell it" changes no value; "Oops, I dropped my phone" is of something else; "Ignatius was
                # born in 1873" is no new trade of his
                kinds & _kinds(s.text) or not _kinds(s.text)) and not (facts(s.text) and not facts(found[1].text) and not (
                    found[1].stems & s.stems) - set(words(" ".join(_proper_names(s.text))))) and (  # "Actually, it's...", "the order...",
                k in (0, next((j for j, o in enumerate(later) if kinds & _kinds(o.text)), 0)) and (then[k] & {
                    "it", "it's", "that", "this", "they", "meant"} or s.stems & found[1].stems)  # (the next of its kind: not
                # "we want the blue table" between "coming on 14/06" and "actually it's the 21st")
                or kinds & _kinds(s.text) & found[1].stems and then[k] & {"meant", "correction"}  # "I meant 120 exposures"
                or _covered(_topic(said), s.stems) and found[1].stems & s.stems - kinds - _LIGHT_VERBS - _DAYS - set(
                    facts(s.text)) - _CORRECTION) or k == 0 and len(then[k]) <= 10 and (facts(s.text) or _DAYS & s.stems) and (
                kinds & _kinds(s.text) or not _kinds(s.text)) and (kinds or facts(found[1].text) or _DAYS & found[
                    1].stems) and (  # (a value of what gave one: "It has a cracked top" is not changed by "She wants it by May")
                then[k] & {"it", "it's", "they"} and not (_currencies(found[1].text) and not _currencies(s.text)) or {stem(b) for a, b in itertools.pairwise(tokens(s.text)) if a[
                    :1].isdigit()} & found[1].stems and ("now" in then[k] or set(words(s.text)) <= found[1].stems | set(
                        facts(s.text))))]  # a new value of it in the next short statement: "It's been
            # delayed to Wednesday", "I'm now 79 kg" after "I weigh 82 kg"; in a note too
            fixed = [s for s in fixed if not (runs := [" ".join(run) for run in _capital_runs(tokens(s.text)[1:]) if any(
                " ".join(run) in o.text for o in request.said if o.order < s.order and o.role == "user")]) or any(
                run in found[1].text for run in runs)]  # "Correction on the Sandsharks game, ..." is not of the Rockets'
            asked = set(_topic(said)) & found[1].stems - _LIGHT_VERBS
            fixed = fixed or [s for k, s in enumerate(later) if then[k] & _UPDATES and facts(s.text) and facts(found[1].text) and (
                kinds & _kinds(s.text) or not _kinds(s.text)) and asked and 2 * len(asked & s.stems) >= len(asked) and set(
                facts(s.text)) - set(facts(found[1].text))]  # a new value said later, of the same thing: "The hall hire
            # went up to 340 pounds", "Two kayaks were stolen, so we have 10 now" ("...costs 300 pounds", "We own 12")
            fixed = fixed or [s for k, s in enumerate(later) if found[1].role == "note" and s.role == "user" and s.turn > found[
                1].turn and then[k] & {"it", "it's"} and then[k] & _CORRECTION - {"not"} and kinds & _kinds(s.text)][:1]  # a
            # note's "The dog show is on 8 June" and a turn since: "Actually it has been moved to 15 June."
            counted = stem(said.lower().partition("how many ")[2].split(" ")[0].strip("?"))  # "How many days...?": a
            fixed = [s for s in fixed if not counted or counted in _kinds(s.text) or not _kinds(s.text)]  # new count of
            # days, not "The shoot now starts on 5 March"
            kept = [s for s in fixed if _may_fix(s, found[1], said)]
            numbered = {w for w in words(said) if w.isdigit()}  # "Who is leading Group 3?" of "Amira is leading Group 2 and
            pieces = [part for piece in found[1].text.rstrip(".!").replace(", and ", "; ").split("; ") for part in (
                piece.split(" and ") if all(any(c.isdigit() for c in p) for p in piece.split(" and ")) else [piece])]
            pieces = [p for p in pieces if numbered & set(words(p))] if all(any(c.isdigit() for c in p) for p in pieces) else []
            if fixed and not kept and len(pieces) == 1 and pieces[0] != found[1].text.rstrip(".!"):  # Tom is leading Group
                return f"You told me: {_retold(pieces[0].strip())}."  # 3" (Amira's since corrected): Tom's clause alone
            fixed = kept or [s for s in fixed if _may_fix(s, found[1], "")] if pieces in ([], [found[1].text.rstrip(
                ".!")]) else kept  # (no clause of its own to tell: the correction of another number beside it)
            added = _added(found[1], later, said) if "how many" in said.lower() else None
            if added:  # "We have 212 birds basketed", then "17 more birds came in": 229; "I'll give 2 of them away": 3
                change = ", ".join(f"{n} more" if n > 0 else f"{-n} fewer" for n in added[1])
                return f"{restate(found[1])[:-1]}, and then {change}: {added[0]} {'left' if any(n < 0 for n in added[1]) else 'in all'}."
            if fixed:  # "Actually...": of a yes/no question whose words the correction dropped ("Am I paying by bank
                gone = set(_topic(said)) & found[1].stems - fixed[-1].stems - _LIGHT_VERBS  # transfer?" after "I'll pay cash
                kept_words = set(_topic(said)) & fixed[-1].stems  # instead"), a no; not when the correction points back
                pointed = set(_lower_tokens(fixed[-1].text)[:3]) & {"it", "it's", "that", "this", "they", "meant"}
                told = f"No: you told me {_retold(found[1].text).rstrip('.!')}" if found[1].role == "user" and (tokens(
                    said) or [""])[0].lower() in _YES_NO and gone and kept_words and not pointed else restate(found[1])[:-1]
                return f"{told}, and then: {_retold(fixed[-1].text).rstrip('.!')}."  # ("it's Saturday 10 June")
            run = _details(request, found[1], bool(said_tokens & {"details", "everything"}))
            yes_no = (tokens(said) or [""])[0].lower() in _YES_NO
            one = len(run) == 1 and (run[0].role == "tool" or not yes_no)  # of one sentence, its clause (the user's) or
            run = [(_clause if run[0].role == "user" else _part)(run[0], request.memory.spelled(_topic(said)))] if one and run[
                0].role in ("user", "tool") else run  # its parts (a result's, asked yes or no too: "Is it going to rain?")
            told = _counted(request, said, found[1], run) or _told_back(run)  # "2 (brother, sister). You told me: ..."
            question = next((s for s in reversed(sentences(said)) if s.rstrip().endswith("?")), said)  # (not the text
            told = _part_asked(told, {t.split("'")[0] for t in _lower_tokens(question)}) if len(run) == 1 else told  # it asks of)
            if "how" in said_tokens and {"until", "till"} & said_tokens and (_DATE.search(found[1].text) or _DAYS & found[1].stems):
                told += " I can't count the days: I don't know today's date."  # "How long until my exam?"
            text, role = found[1].text.rstrip(" .!"), found[1].role  # "Do unused days carry over?": "Yes: unused..."
            topic = set(_topic(said))  # a verdict only from a clause that says all the question says
            clause = max(text.replace(", ", " and ").replace(" but ", " and ").split(" and "), key=lambda part: (
                len(topic & set(words(part))), stem((tokens(part) or [""])[0]) in topic))  # "Is Bruno a beagle?" and
            # "Bruno is a boxer and Lola is a beagle"; "Am I from Leeds?" and "I'm from Ghana but live in Leeds": the
            # clause says the question's "from", "in"... too
            whole = not topic <= set(words(clause)) and topic <= set(words(text)) and not {"and", "but"} & set(_lower_tokens(
                text))  # "Is my loft in Tavistock?" of "My loft is at 14 Quarry Lane, Tavistock": one subject, its commas
            clause = text if whole else clause  # an address's
            others = role == "user" and _lower_tokens(said)[1:2] == ["i"] and not _about_user(text)  # "Did I pass?" of
            mine = [s for s in request.said if others and s.role == "user" and not s.asks and _about_user(s.text) and facts(
                s.text)][-1:]  # "Pass mark is 50.": no verdict, that and the user's own latest value ("My score was 47.")
            told = _told_back([found[1], *mine]) if mine else told
            ties = {"from", "in", "at", "with", "to"} & set(_lower_tokens(said)) <= set(_lower_tokens(clause)) | (
                {"in"} if whole and "at" in _lower_tokens(clause) else set()) and not others  # (in a town, at its address)
            undone = found[1].said.lower().partition(" not ")[2].strip(" .!?").removeprefix("the ").split() if found[
                1].fixed else []  # "Was it Pier 4?" of "Correction: the pickup point is Pier 7, not Pier 4"
            rank, held = topic & _RANKS, set(words(clause))  # "Is Kezia the main driver?" of "The backup driver is Kezia"
            ranked = yes_no and rank and not rank & held and held & _RANKS and topic - rank <= held
            verdict = _beyond(said, text) if yes_no else None  # "Is my budget over 250 pounds?" of "... 300 pounds"
            verdict = verdict or ("no" if _contradicts(said, text) or ranked or yes_no and undone and set(undone) <= set(
                _lower_tokens(said)) else _verdict(topic, clause, said) if yes_no and ties and topic <= set(words(clause)) else None)
            verdict = "no" if verdict == "yes" and role == "user" and {"i", "my", "me"} & set(_lower_tokens(said)[1:3]) and (
                of_someone_else(text) and not of_someone_else(said)) else verdict  # "Did I say I pay by card?" of "My
            # sister pays by card": she does, not the user
            if verdict and role in ("user", "tool", "note"):  # a word the question writes in lower case is no name
                common = (tokens(text) or [""])[0].lower() in STOP | set(tokens(said))
                lower = (text[:1].lower() + text[1:] if common else text).replace(": False", ": no").replace(": True", ": yes")
                lead = {"user": "you told me ", "note": "my notes say "}.get(role, "")  # ("Is my budget GBP 3,500?" of a
                return f"{verdict.title()}: {lead}{_retold(lower) if lead else lower}."  # note's "My budget is GBP 3,500.")
            flag = yes_no and role == "tool" and _from_results(request, said, alone=True)  # "Is breakfast included?"
            return "No. " + told if verdict == "no" else flag or f"{run[0].text.rstrip(' .!')}." if yes_no and role == (
                "tool") else told
        can = _lower_tokens(said)[:3]  # "Can I eat satay? It has peanuts." after "I'm allergic to peanuts": no
        against = [s for s in request.said if s.role == "user" and s.turn < now and not s.asks and s.stems & set(words(said)) - {
            stem(can[-1])} and ({"not", "no", "never", "allergic", "intolerant", "avoid"} & set(heard := _lower_tokens(
                s.text)) or any(t.endswith("n't") for t in heard))] if can[:2] in (["can", "i"], ["should", "i"]) else []
        if against:
            return f"No: you told me {_retold(against[-1].text).rstrip('.!')}."
        if answer := _from_results(request, said, alone=True):  # "when should I expect it fixed?": its eta_hours
            return answer
        if any(answers):
            return _each_once([restate(found[1]) for found in answers if found])
        if ordered := _scripted_when(request):  # "If a crossing is cancelled for weather, tell the customer: '...'"
            return ordered
        if known is None and (mine := _said_just_before(request)):  # "and where?" after "First Thursday, 7.30pm, upstairs
            return mine  # at The Crown."
        if known is not None and (ruled := _permitted(request)) and ruled.startswith("No") and ruled.partition('"')[2].rstrip(
                '"') not in known[1]:  # "I'm 4 months pregnant, can I jump with my son?": "Pregnant visitors may not
            return ruled  # jump.", not "Children under 8 must be supervised."
        if known is not None:
            return known[1]
        if banned := _forbidden(request.instructions, said):  # "Never give investment advice": "Should I buy...?"
            return f"I'm sorry, I can't help with that: my instructions say to {banned[:1].lower()}{banned[1:]}."
        if remembered := _from_memory(request, missing):  # "Where do I live?" of "Known about the user: lives in Oslo"
            return remembered
        if (place := _where_from(request, said)) and said.rstrip().endswith("?"):  # "What did I say my restaurant was called?" of
            return f"You told me you're from {place}."  # "Hi, I'm Bea from Harbour Kitchen"
        if _recalls(said):
            return "I don't know: it isn't in the conversation I can see. Could you tell me?"  # not seen, not forgotten
        if ruled := _permitted(request) or _required(request):  # "I'd like to bring a tripod, is that ok?" of "No
            return ruled  # tripods, no drones."; "Do I need flippers?" of "Flippers are compulsory."
        if guess := _told_in_instructions(request):  # "I live in Nailsworth - which day does the van come?" of
            return guess  # "Stroud deliveries are on Thursdays, Nailsworth on Fridays."
        if loose := _loosely_told(request, ([p for p in sentences(said) if p.rstrip().endswith("?")] or [said])[-1]):
            return loose  # "Can I bring my microwave too?" of "We don't repair microwaves."
        if scripted := _scripted(request.instructions):  # "Tell the customer their refund is logged."
            return scripted
        asked = [piece for piece in sentences(said) if piece.rstrip().endswith("?")] or [said]
        first = (_lower_tokens(asked[-1][:40]) or [""])[0].split("'")[0]  # "where's the party?" asks as "what's" does
        if first not in QUESTION_WORDS and not _about_user(said) and not (said.endswith("?") and (first in (
                "and", "or", "so", "then", "also") or _language(said))):  # "And 18?" asks on, "¿Qué tiempo hace?" in Spanish
            return _CANNOT  # "Write a haiku..."
        told = {str(t.get("name")): str(t.get("description") or "").strip().rstrip(".") for t in request.body.get(
            "tools") or [] if isinstance(t, Mapping)}
        changing = [(t.name, told.get(t.name, "")) for t in request.tools if (tokens(said) or [""])[0].lower() in _YES_NO
                    and (parts := [stem(w) for w in t.name.lower().split("_")])[0] in _CHANGES
                    and _covered(parts[1:], set(words(said)))]  # a yes/no question on what the tool's name changes
        if changing and changing[0][1]:  # "Is the back door locked?" with toggle_lock: it can only change that
            return f"I can't check that: {changing[0][0]} can only {changing[0][1][:1].lower()}{changing[0][1][1:]}."
        plain = said.rstrip(" ?!.").split(" ")  # "Can I change my delivery address?" with no tool that changes it
        if request.tools and [w.lower() for w in plain[:2]] in (["can", "i"], ["could", "i"], ["may", "i"]) and len(
                plain) > 3 and (stem(plain[2].lower()) in _CHANGES or plain[2].lower() in _ACTS | {"change", "return"}) and not any(
                t.stems & set(words(said)) - _VERBS - _CHANGES for t in request.tools):  # (no tool speaks of the thing)
            return f"I can't {_swap(' '.join(plain[2:]))} from here: none of my tools does that. {_my_tools(request)}"
        asking = [t for t in _lower_tokens(said)[:5] if t != "please"]  # "Can you remind me to call Mom at 5?": a
        if asking[:1] in (["can"], ["could"], ["would"], ["will"]) and asking[1:2] == ["you"] and asking[2:3] and (
                asking[2] not in _TELLING or asking[2] == "remind" and "to" in asking[3:5]) or asking[:1] in (
                    ["can"], ["could"]) and asking[1:2] in (["we"], ["i"]) and asking[2:3] in (["do"], ["have"], ["get"], [
                        "book"]) and _DATE.search(said):  # task, no tool for it; "Can we do Thursday at 10:30?": a slot
            rest = [piece for piece in sentences(said) if not piece.rstrip().endswith("?") and any(c.isdigit() for c in piece) and not any(
                cue in f" {piece.lower()} " for cue in (" when you", " once you", " while you"))]  # "Can you also pack the garden shed? About 4 boxes of tools.": the
            noted = _swap(" ".join(rest)).rstrip(".")
            noted = noted[:1].lower() + noted[1:] if noted[1:2].islower() else noted
            return f"I can't do that myself. Noted: {noted}." if rest else _CANNOT  # facts noted (not "Call me on
            # 07700 900123 when you're there.": of the assistant going)
        # "What can you do?", "Who are you?", "How can you help me?" (not "Do you remember my name?")
        if said_tokens & {"you", "your"} and not said_tokens & {"i", "my", "i'm"} and set(_topic(said)) <= _ABOUT_ME:
            unnamed = "My instructions give me no name. " * (stem("name") in _topic(said))
            you = next((s.rstrip(" .!") for s in sentences(request.instructions[:2000]) if s.lower().startswith((
                "you are ", "you're "))), "")  # "You are a shop assistant for Acme": "I'm a shop assistant for Acme."
            me = f"I'm {you.split(' ', 2)[2] if you.lower().startswith('you are ') else you[7:]}. I " if you else (
                "I'm an assistant that ")
            return (f"{unnamed}{me}can only answer from what I was sent: this "
                    f"conversation and my instructions. {_my_tools(request)}")
        searches = {str(t.get("type")) for t in request.body.get("tools") or [] if isinstance(t, Mapping)} & {
            "web_search", "web_search_preview", "file_search"}  # a hosted tool the offline model cannot run
        return (f"I can't search {'the web' if 'file_search' not in searches else 'your files'} offline, and nothing "
                "in this conversation or in my instructions says." if searches else "I don't know: nothing in this "
                "conversation or in my instructions says, and I can only answer from what I was sent.")
    greet = _lower_tokens(said)[:2]  # "Say hello to the kite-surf class of Saturday.": the greeting itself
    if greet[:1] == ["say"] and greet[1:] in (["hello"], ["hi"], ["goodbye"], ["bye"]) and " to " in said[:100]:
        return f"{greet[1].capitalize()}, {said.partition(' to ')[2].strip(' .!').removeprefix('the ')}!"
    told = [s.text for s in request.said if s.role == "user" and s.turn == now]  # "Make that 650 euros" read in full
    told = told if set(words(" ".join(told))) & set(words(said)) else []  # (of this message: not the one before it)
    echo = _retold(_cut(" ".join(told) if len(told) == len(sentences(said)) != told else said, 160)).rstrip(".!")
    first, second = [*echo.split(" "), ""][:2]  # an order to the assistant: "be brief", "call yourself Juniper"
    echo = ". ".join(f"{_will(_unled(one)[7:]).capitalize()}{_unled(one)[7:]}" if _unled(one).startswith("please ") and n else one
                     for n, one in enumerate(echo.split(". ")))  # "I have two issues. First: please reply by text": "... I will
    # reply by text"
    if echo.startswith("please ") or first in ("be", "keep", "answer", "reply") or first == "call" and second == (
            "myself") or first in ("always", "never") and second in ("answer", "reply", "use", "be", "say", "mention"):
        echo = _will(echo.removeprefix("please ")) + echo.removeprefix("please ")  # "I will call myself Juniper", "I will
        # never mention it"; "you asked me to contact you by phone on 07700 900412" (a deed it can't promise)
    for negation in ("i will don't ", "don't ", "do not ", "i will do not "):  # "Please don't hold a bike": "I won't
        echo = "I won't " + echo[len(negation):] if echo.lower().startswith(negation) and echo[len(negation):].split(" ")[
            0].lower().strip(",.;:!") not in ("forget", "worry", "laugh", "mind", "let", "be", "panic") else echo  # hold a bike"
    ordered = list(itertools.dropwhile(lambda word: word.lower().strip(",") in _CORRECTION, echo.split(" ")))
    if {echo.split(" ")[0].strip(","), *_lower_tokens(said)[:1]} & _CORRECTION and ordered and stem(ordered[0]) in _VERBS | _CHANGES | {
            stem("change")} and stem([*itertools.dropwhile(lambda w: w in _CORRECTION, _lower_tokens(said)), ""][0]) == stem(
                ordered[0]) and not ordered[0].endswith("ing") and [*ordered, ""][1].lower() not in (
                "is", "are", "was", "were", "has", "have", "will"):  # "Actually, make it 56": an order, told back as one
        # (not "Sorry, opening is pushed again": news)
        echo = "you asked me to " + " ".join(ordered)
    fault = set(words(said)) & (notes.PROBLEM | related({stem("negative")}) | stem_set("urgent asap emergency unfair")) or any(
        t in ("not", "no", "never") or t.endswith("n't") for t in said_tokens) or any((a, b) in (("a", "fine"), ("fine", "for"))
                                                                            for a, b in itertools.pairwise(_lower_tokens(said)))  # "front brake is gone ... URGENT", "I got a fine"
    # for parking ... it's unfair": no good news
    solved = said_tokens & (notes.SOLVED | {"fine", "done"}) and not re.search(r"\bwork\w* (?:as|at)\b", said, re.I) and not (
        said_tokens & {"like", "want", "need", "must", "should"} or any(a == "done" and b in ("on", "in", "at", "by") for a, b in (
            itertools.pairwise(_lower_tokens(said)))))  # "We'd like the job done by May 30": a wish, not news; "The hip
    # replacement was done on May 3": when, not a fix
    if (solved or "all good" in said.lower()) and not fault and not {"cancel", "change", "rather", "instead"} & said_tokens:
        # "works as an architect" tells a job; "Fine. Cancel the jungle theme, we'd rather do circus" a change
        return f"Good to hear: {echo}. Is there anything else I can help with?"
    task = [t.lower() for t in tokens(request.instructions[:100])[:2]]  # "Generate...", "You generate..."
    verb = stem(task[task[0] == "you" and len(task) > 1]) if task else ""  # "Extract every date and amount": those the
    if known is None and (verb in stem_set("extract list") or verb in stem_set("return give") and "json" in (  # message
            request.instructions[:400].lower())) and not _fields_named(request.instructions) and (
                extracted := _extracted(request.instructions, said)):  # holds (fields named: each its value)
        return extracted
    counted = _QUOTED.search(request.instructions[:400]) if known is None and verb == stem("count") else None
    if counted:  # "Count the times the word 'tea' appears in this sentence": in the message, whole words
        found = sum(t.lower() == counted[1].lower() for t in tokens(said))
        return f"'{counted[1]}' appears {found} time{'s' * (found != 1)}."
    if known is None and verb in _MAKES | stem_set("extract list rewrite reword rephrase sort rank format"):
        return _CANNOT  # "Generate a story outline from the user's input": the message is material, not news
    acts = [t for t in _lower_tokens(said)[:4] if t != "please"][:3]  # "Remind me to call mum at 6", "Book a taxi":
    last = [t for t in _lower_tokens(sentences(said)[-1])[:2] if t != "please"][:1]
    helped = any(b == "help" and a in ("need", "needs", "want", "like", "some", "get") for a, b in itertools.pairwise(
        _lower_tokens(said)[:6]))  # "I need help with fractions", "My kid needs help with...": help it can't give
    if known is None and (last and stem(last[0]) in _MAKES or helped):  # "T(n) = ... Compute T(20).": a task, not news
        return _CANNOT
    able = {stem(t.name.replace("-", "_").split("_")[0].lower()) for t in request.tools}  # no move_*: "Move the call" can't
    if known is None and acts[:1] and acts[0] in _ACTS and (not request.tools or stem(acts[0]) not in able and (acts[
            1:2] != ["me"] or not {"rather", "instead", "if", "when"} & said_tokens)) and acts[1:2] != ["yourself"] and not (  # "Email
            # me rather than calling": a preference; "Book me a flight to Oslo" with no booking tool: can't
            acts[1:2] == ["me"] and said.split("me ", 1)[-1][:1].isupper()) and ", not " not in said and not _of_the_plan(
                request, said) and not (set(words(
                request.instructions[:2000])) & (
                {stem(acts[0])} | related({stem(acts[0])}))):  # an order no tool can carry out ("Call me Sam" is a name,
        # "call yourself Juniper" an order to the assistant; "You take sauna reservations": its own work;
        # "Send them back by courier, not by post": a preference, noted)
        where = "@" in said or sum(c.isdigit() for one in facts(said) for c in one) >= 7  # "Please send the invoice
        return f"Noted: {echo}. I can't do it myself: I can only answer from what I was sent." if where and echo.startswith(
            "you asked me to ") else _CANNOT  # to treasurer@...": where it goes is noted
    grieved = bool(set(_lower_tokens(said)) & _GRIEVANCE or set(words(said)) & notes.PROBLEM)  # an offer is a complaint's
    listed = set(facts(known[1])) if known is not None else set()  # "I'd like the 18:00 session" of "Sessions are 16:00 and
    known = None if len(listed) >= 2 and set(facts(said)) and set(facts(said)) < listed else known  # 18:00": a choice, noted
    return _scripted_when(request) or (known[1] if known is not None else _scripted(request.instructions, grieved) or (
        _advice_for(request) if grieved or not request.tools else "") or f"Noted: {echo}.")


def _advice_for(request: Request) -> str:
    """The instructions' advice for what the message tells, when its case is named whole: a line labelled with words
    the message all says ("Slow Wi-Fi: move the hub ..." of "wifi is super slow upstairs"), or a sentence whose words
    before "means" it all says ("A flashing red light on the ONT means ..." of "the box has a flashing red light");
    else ``""``."""
    said = set(words(request.message.replace("-", "")))
    heard = _lower_tokens(request.message)
    if {"gone", "fixed", "sorted", "resolved"} & set(heard) or any(w in ("working", "works", "fine") and b not in (
            "not", "isn't", "aren't", "isnt") for b, w in itertools.pairwise(["", *heard])):
        return ""  # "the slow wifi is gone now", "... but mine's working fine" (not "the lights are not working")

    def denied(case: set[str]) -> bool:  # "There's no flashing red light" (not "..., the fish are not eating")
        return any(stem(w) in case and any(n in ("no", "not", "never") or n.endswith("n't") for n in heard[max(0, k - 3):k])
                   for k, w in enumerate(heard))
    for label, advice, *_ in _told(request.instructions[:4000]):
        own = {w.replace("-", "") for w in words(label.replace("-", ""))} if label and not label.startswith("do ") else set()
        if len(own) >= 2 and own <= said and not denied(own):
            return f"{label}: {advice}"
    for advice in sentences(request.instructions[:4000]):
        case = advice.lower().partition(" means ")[0]
        named = set(words(min((cut_case for cut in (" on the ", " at the ", " of the ") if len(words(cut_case := case.partition(
            cut)[0])) >= 2), key=len, default=case))) - (
            stem_set("ont hub router box unit device"))  # "A flashing amber light (on the alarm panel)"
        if " means " in advice.lower() and len(named) >= 2 and named <= said and not denied(named):
            return advice
    return ""


def _links(text: str) -> list[str]:
    """The web addresses ``text`` gives, without the punctuation around them ("(https://b.org)." → "https://b.org")."""
    return [word.strip("(<[\"'").rstrip(".,;)>]\"'") for word in text.split() if "://" in word]


def _fields_named(instructions: str) -> bool:
    """Whether instructions name JSON keys that are fields of one record ("keys: name, phone, pickup_date"), not lists
    of values of a kind ("keys: dates, amounts")."""
    keys = notes.read_prompt(instructions).json_keys if notes.asks_for_keys(instructions) else []
    return bool(keys) and 2 * sum(k.lower().endswith("s") for k in keys) < len(keys)


def _extracted(instructions: str, text: str) -> str | None:
    """The values of the kinds instructions ask to extract or list ("Extract every date and every monetary amount",
    "List the email addresses"), one per line in the order the text gives them, each labelled with its kind when
    more than one kind is asked ("date: 14 June", "amount: £1,200"); ``None`` if they ask for no kind it knows."""
    low = instructions[:400].lower()
    cut = min((at for cue in (" from the ", " from this ", " in the ", " in this ") if (at := low.find(cue)) > 0 and _TEXTS & set(
        _lower_tokens(low[at + len(cue):].replace("'s", ""))[:3])), default=len(low))  # "Extract the order number from the
    instructions = instructions[:cut]  # customer's email": no email asked
    asked = set(words(instructions[:400]))
    finders = {"date": (stem_set("date dates day days deadline"), lambda: [m.group() for m in _DATE.finditer(text)]),
               "amount": (stem_set("amount amounts monetary money price prices cost costs sum") | {"total due", "balance due", "total price",
                                                                                             "total cost"}, lambda: [
                   f"{t} {code}" if code.upper() in _CURRENCIES and not t[:1] in "£$€" else t for t, code in
                   itertools.pairwise([*tokens(text), ""]) if t[:1] in "£$€" and t[1:2].isdigit() or t[:1].isdigit() and (
                       code.upper() in _CURRENCIES)]),  # "£1,200", "1,200 EUR"
               "email": (stem_set("email emails"), lambda: _EMAIL.findall(text)),
               "phone": (stem_set("phone phones telephone"), lambda: [p for p in _PHONE.findall(text) if not _DATE.fullmatch(
                   p) and sum(map(str.isdigit, p)) >= 7]),
               "link": (stem_set("url urls link links"), lambda: _links(text)),
               "identifier": (stem_set("id identifier reference ref code serial") | {
                   f"{a} number" for a, b in itertools.pairwise(_lower_tokens(instructions[:400])) if b in ("number", "numbers")
                   and stem(a) in notes.ID_NOUNS}, lambda: [t for t in identifiers(text) if not (_DATE.fullmatch(t) or "@" in t or (
                       t[:1] in "£$€"))])}  # "the order number": "SG-48813"
    asked |= {f"{a} {b}" for a, b in itertools.pairwise(_lower_tokens(instructions[:400]))}
    kinds = [kind for kind, (cues, _) in finders.items() if asked & cues]
    found = sorted(((text.find(value), kind, value) for kind in kinds for value in dict.fromkeys(finders[kind][1]())))
    if not kinds:
        return None
    if "json" in instructions[:400].lower():  # 'as JSON: {"dates": [...], "amounts": [...]}': under its keys
        keys = {kind: next((k for k in instructions[:400].split('"')[1::2] if stem(k) in finders[kind][0]), kind + "s")
                for kind in kinds}
        return json.dumps({keys[kind]: [v for _, k, v in found if k == kind] for kind in kinds}, ensure_ascii=False)
    if not found:
        return f"The text gives no {' or '.join(kinds)}."
    return "\n".join(f"{kind}: {value}" if len(kinds) > 1 else value for _, kind, value in found)


#: Words that say which value of a thing a question asks, not the thing ("our total budget", "the current address").
#: Words that rank people or things of one role ("the main driver", "the backup driver"): one is not the other.
_RANKS = stem_set("main primary lead backup reserve spare standby substitute deputy")
_MODIFIERS = stem_set("total overall whole entire full current latest")
#: Verbs that say little of their own: a fact need not repeat them to answer ("Do you take cards?").
_LIGHT_VERBS = stem_set("take have get make do use offer accept give")
#: Verbs that open the model's own task in its instructions ("Decide whether...", "Classify each..."): no fact to tell.
_DIRECTED = frozenset("decide determine judge classify assess evaluate walk".split())
#: Verbs of coming and going: "Which days am I coming in?" asks the days ("I'm booked Monday to Thursday").
_MOVING = stem_set("come coming go going")
#: Verbs that open an order to act in the world: without a tool for it, the model can't ("Remind me to call mum").
_ACTS = frozenset("remind book send call order schedule text email buy cancel pay transfer reserve ring phone move "
                  "reschedule".split())
#: Verbs that act when a tool's description opens with them ("Order plants from the garden centre"), not in a name
#: alone ("order_status").
_ACTING = frozenset("order rent hire reserve renew borrow return enroll enrol register subscribe unsubscribe transfer "
                    "schedule reschedule refill adopt redirect".split())
#: Verbs that ask for something told, not done ("Can you tell me...?", "Could you explain...?").
_TELLING = frozenset("tell say remind remember recall repeat explain describe list show give confirm see know".split())
#: What a question about the assistant itself asks (as :func:`_topic` reads it): "What can you do?", "Who are you?".
_ABOUT_ME = stem_set("skill able name")
_ITEMS = stem_set("item thing entry")  # what "how many" counts of any list


def _part_asked(told: str, asked: set[str]) -> str:
    """A statement that tells both when and where, told back with what ``asked`` asks for: "...the wedding is on June
    14 in Porto." → "...is in Porto." ("where"), "...is on June 14." ("when"); of clauses, those that say it ("My
    sister lives in Bergen; I'll visit her on Friday." → "I'll visit her on Friday." for "when"); else as it is."""
    wanted = {{"where": "place", "when": "date", "time": "date"}[one] for one in asked & {"where", "when", "time"}}
    lead, told = told.split(": ", 1) if told.startswith(("You told me: ", "From my notes: ")) else ("", told)
    named = [c for c in told.rstrip(".").split("; ") if set(words(c)) & set(words(" ".join(asked)))]  # "...by Lena
    if wanted and len(named) == 1 and told.count("; ") and (_DATE.search(named[0]) or "where" in asked):  # Fisk; next check
        return f"{lead + ': ' if lead else ''}{named[0][:1].upper() + named[0][1:]}."  # 9 May": "When is the next check?"
    clauses = [_pieces(clause) for clause in told.rstrip(".").split("; ")]
    kept = [c for c in clauses if wanted <= {kind for _, kind in c[1:]} and not any(", " in part and not part.partition(
        ", ")[2][:1].isdigit() for part, kind in c[1:] if kind and kind not in wanted)] if len(wanted) == 1 else []  # not
    # a piece left out that holds more of a list ("in Hall A, Thursday 14:00" for "where")
    if not kept or len(clauses) == 1 and not {"date", "place"} <= {kind for _, kind in kept[0][1:]}:
        return f"{lead}: {told}" if lead else told  # "what time...?" leaves the place out too
    return (f"{lead}: " if lead else "") + "; ".join(" ".join(part for part, kind in clause if kind not in {
        "date", "place"} - wanted) for clause in kept) + "."


def _reverts(text: str, earlier: frozenset[str] = frozenset()) -> bool:
    """Whether a sentence goes back to an earlier choice ("Go back to Sage Green for the living room after all") or
    takes back what was said ("Forget what I said about the vinyl, he's into film cameras now"): a correction, as
    "instead" is."""
    low = f" {text.lower()[:300].rstrip(' .!')} "
    forgotten = [low.partition(cue)[2] for cue in (" forget what i said ", " ignore what i said ", " scratch what i said ")
                 if cue in low]  # of the thing said before ("... about the vinyl": not "about the weather" of a gazebo)
    return any(cue in low for cue in (" go back to ", " going back to ", " back to the original ", " change it back ",
                                      " switch back ", " revert to ")) or any(set(words(rest.split(",")[0])) & earlier - {
                                          stem("about")} for rest in forgotten)


def _labels_first(said: Sequence[str]) -> bool:
    """Whether a clause's words (:func:`words`) list readings label first ("ph 8.2 ammonia 0.5 nitrate 10"): its
    first number follows a word that is no verb and its last word is a number (not "send 12 box 2 pallet site 7")."""
    first = next((k for k, w in enumerate(said) if _NUMBER.fullmatch(w)), 0)
    return bool(first and _NUMBER.fullmatch(said[-1]) and said[first - 1].isalpha() and said[first - 1] not in (
        _VERBS | _CHANGES | stem_set("need want pick picked log order buy get cycle cycling ran run walk walked")) and not (
            said[first - 1].endswith(("ed", "ing"))))


def _holds(message: str) -> str | None:
    """The answer to "Does this list (text, sentence...) contain/include/mention X?" asked of what the message itself
    gives ("Does this list contain Lisbon? Porto, Braga, Lisbon, Faro."), else ``None``."""
    for piece in sentences(message):
        said = _lower_tokens(piece)
        verb = next((k for k, w in enumerate(said) if w in ("contain", "include")), 0)  # (a text "mention": :func:`_text_says`)
        if not (piece.rstrip().endswith("?") and said[:1] in (["does"], ["do"]) and verb and set(said[1:verb]) & {
                "list", "text", "sentence", "message", "paragraph", "email", "note", "these", "this"}):
            continue
        thing = " ".join(t for t in tokens(piece)[verb + 1:] if t.lower() not in ("a", "an", "the", "any", "word")).strip()
        rest = " ".join(s for s in sentences(message) if s != piece and not s.lower().startswith(("answer ", "reply ")))
        items = [i.strip() for piece in rest.split(",") for i in piece.split(" and ") if i.strip()]
        if not thing or len(tokens(rest)) < 2 or len(tokens(thing)) > 2 or len(items) < 3:
            return None  # (a list of three or more, asked of one or two words: "Nice, Lille and Dijon" too)
        found = bool(whole_words_at(rest.lower(), thing.lower())) or stem(thing.lower()) in words(rest)
        alike = sum(i[:1].isupper() if thing[:1].isupper() else i[:1].isdigit() for i in items) * 2 >= len(items)
        if not found and not ((thing[:1].isupper() or thing[:1].isdigit()) and alike):
            return None  # "gluten" of "flour, eggs, butter", "VAT" of "Chair £40, desk £120": not a literal no
        return f"{'Yes' if found else 'No'}: {thing} is {'' if found else 'not '}in it."
    return None


def _taken_back(after: str) -> bool:
    """Whether what follows a labelled yes or no takes it back: its next sentence corrects and says yes or no again
    ("Urgent: no. Actually yes, ..."), not "Piano: no. Third floor, no lift, sorry!" of the piano."""
    following = _lower_tokens(after.strip(" .!;,").split(". ")[0])[:4]
    return bool(set(following[:2]) & (_CORRECTION | {"wait"}) and set(following) & {"yes", "no", "true", "false", "there",
                                                                                   "there's", "one", "have", "do"})  # ("Loft:
    # no. Actually a small one, sorry."; not "Parking: no. Actually we'll take the bus")


def _route(text: str) -> tuple[str, str] | None:
    """The two places of a route said without "from" ("Moving Glasgow -> Aberdeen", "1 bedroom, Cork to Galway"), as
    (origin, destination), else ``None``."""
    pieces = [tokens(chunk) for s in sentences(text[:2000].replace("->", " to ").replace("→", " to ").replace("=>", " to ")) for
              chunk in s.split(":")[-1].split(", ")]  # ("Route: Aberdeen to Dundee"; "Tickets for Ben Cole, Norwich to ...")
    if "from" in {t.lower() for said in pieces for t in said}:
        return None  # "from X to Y" is read by each field's own cue
    names = {t for said in pieces for t in said if t[:1].isupper() and t.lower() not in STOP | CALENDAR | _TRIPS and t != "I" and not (
        t.lower()[:3] in _WEEKDAYS and len(t) <= 4) and not stem(t.lower()) in _VERBS | _CHANGES and t.lower() not in (
            _ACTS) and not t.lower().endswith("ing")}  # (not "Mon to Fri", "Drive to Leeds", "Nice to Meet you")
    spans = [(" ".join(said[k - len(before):k]), " ".join(after)) for said in pieces for k, t in enumerate(said[
        1:-1], 1) if t == "to" and said[k - 1] in names and said[k + 1] in names and (k > 1 or said[0].lower() not in _GOING) and (
        said[k + 2:k + 3] not in (["you"], ["me"])) for before in [list(itertools.takewhile(lambda w: w in names, said[
            k - 1::-1]))] for after in [list(itertools.takewhile(lambda w: w in names, said[k + 1:]))]]  # "New York to Los
    # Angeles": each end whole
    return spans[0] if len(spans) == 1 and len(names) >= 2 else None


#: Words of a journey written before its route ("Coach Leeds to York", "Trip Lincoln to Hull"): no part of a place.
_TRIPS = frozenset("coach bus train route trip flight ferry journey drive ride move moving delivery transfer taxi cab "
                   "shuttle christmas holiday day return single".split())
#: Verbs of going that open a sentence before "to" ("Drive to Leeds"): no place a route starts from.
_GOING = frozenset("drive fly walk go head travel ship take ride cycle sail run get come return welcome talk speak "
                   "listen write reply say next close thanks hello hi similar according due back up".split())


def _route_side(name: str, nullable: bool = False) -> int | None:
    """Which end of a route a field holds: 0 for ``from_city``, ``origin``..., 1 for ``to_city``, ``destination``...; a
    country's only when it must be filled (a nullable ``from_country`` is no city: "Madrid to Lisbon")."""
    parts = name.lower().split("_")
    places = {"city", "town", "place", "location", "station", "airport", "port", "stop"} | ({"country"} if not nullable else set())
    if len(parts) > 1 and not places & set(parts[1:]):
        return None
    return 0 if parts[0] in ("from", "origin", "departure", "source", "start") else 1 if parts[0] in (
        "to", "destination", "dest", "arrival") else None


def _pieces(told: str) -> list[tuple[str, str]]:
    """A clause cut where a cue opens a piece ("...is", "on June 14", "in Porto"), each with its kind: "date",
    "place" or "" (the first piece is always "")."""
    pieces: list[list[str]] = [[]]
    for word in told.split(" "):  # (not "brought in her violin", "handed in the form": "in" of the verb)
        pieces += [[]] if word in _PIECE_CUES and pieces[-1] and not (word == "in" and stem(pieces[-1][-1].lower()) in _IN_VERBS) else []
        pieces[-1].append(word)
    parts = [" ".join(piece) for piece in pieces]
    return [(p, "" if not at else "date" if _DATE.search(p) or (_DAYS | _DAY_PARTS) & set(words(p)) or p[3:].isdigit()
             else "place" if _names_after(p, _PLACE_CUES) or p[:3] in ("in ", "at ") and p[3:].split(" ")[0] in (
                 "the", "your", "her", "his", "our", "their") else "") for at, p in enumerate(parts)]  # "at 7"; "at her
    # mum's house"


def _my_tools(request: Request) -> str:
    """The function tools offered, each with its description when short ("My tools: get_weather (Get the weather)")."""
    offered = [(str(t.get("name")), str(t.get("description") or "").strip().rstrip(".")) for t in
               request.body.get("tools") or [] if isinstance(t, Mapping) and t.get("type") == "function"]
    mine = [name + (f" ({told})" if 0 < len(told) <= 100 else "") for name, told in offered]
    return f"My tools: {'; '.join(mine)}." if mine else "I have no tools in this conversation."


#: Words of an amount of money after its number ("5 euros"): no count of things.
_MONEY_UNITS = frozenset("euro euros dollar dollars pound pounds quid cents cent pence yen francs franc gbp eur usd".split())
#: Units of measure: no count of things ("per litre" is no bottle).
_MEASURES = stem_set("litre liter litres liters ml millilitre gram grams kg kilo kilogram kilograms ounce ounces pound pounds "
                     "metre meter metres meters cm mm km mile miles gallon gallons pint pints cup cups")


def _counted(request: Request, question: str, found: Statement, run: Sequence[Statement]) -> str:
    """How many of what "how many" asks the user's statements name by related words (each word at its largest count),
    which, and those statements ("How many siblings...?" and "my brother Tom... my sister Eva": "2 (brother, sister)";
    "a son and two daughters": 3; "We have two cats." "We adopted a dog.": 3 pets); of "items" or "things", those listed in the ``run`` of
    statements told back ("List: milk, eggs." "Add rice too.": 3); "" if ``found`` names it."""
    asked = stem(question.lower().partition("how many ")[2].split(" ")[0].strip("?"))
    if asked in _ITEMS and found.role == "user":
        return f"{sum(len(_listed(s.text)) or 1 for s in run)}. {_told_back(run)}"
    if asked in _PERSON and asked not in {stem(w) for w in _AGES} and (size := _group_size(found.text)) and _AGES & set(
            _lower_tokens(found.text)):  # "How many
        return f"{size}. {_told_back([found])}"  # people altogether?" of "3 adults and 1 child": 4
    if not asked or asked in found.stems or found.role != "user":
        return ""
    counts: dict[str, tuple[int, str]] = {}
    kin = related([asked]) - _MEASURES  # "How many bottles?" counts no litres
    told = [s for s in request.said if s.role == "user" and not s.asks and kin & s.stems]
    for said in ([t.lower() for t in tokens(s.text)] for s in told):
        for before, word in zip(["", *said], said):
            if stem(word) in kin:
                number = int(before) if before.isdecimal() else {**_COUNT_WORDS, "no": 0}.get(before, 1)
                counts[stem(word)] = max(counts.get(stem(word), (0, word)), (number, word))
    kinds = ", ".join(word for _, word in counts.values())
    return f"{sum(number for number, _ in counts.values())} ({kinds}). {_told_back(told)}" if counts else ""


#: Comparisons a yes/no question makes with a number ("Is my budget over 250 pounds?"), as (words, test).
_THRESHOLDS = ((("more", "than"), float.__gt__), (("greater", "than"), float.__gt__), (("over",), float.__gt__),
             (("above",), float.__gt__), (("less", "than"), float.__lt__), (("fewer", "than"), float.__lt__),
             (("under",), float.__lt__), (("below",), float.__lt__), (("at", "least"), float.__ge__),
             (("at", "most"), float.__le__))


def _beyond(question: str, text: str) -> str | None:
    """"yes" or "no" to a yes/no question comparing a stated number with another ("Is my budget over 250 pounds?" of
    "Budget is 300 pounds maximum": yes), when ``text`` holds one number of that unit; else ``None``."""
    asked, said = _lower_tokens(question), _lower_tokens(text)
    if any(tuple(said[k:k + len(cue)]) == cue for cue, _ in _THRESHOLDS for k in range(len(said))) or "between" in said or any(
            a.lstrip("£$€")[:1].isdigit() and b in ("to", "and", "or", "-") and c.lstrip("£$€")[:1].isdigit() for a, b, c in zip(
                said, said[1:], said[2:])) or any("-" in t.strip("-") and t.replace("-", "").isdigit() for t in said):
        return None  # the text states a threshold itself ("Orders over £50 ship free"), or a range ("between 200 and
    # 300 pounds", "400 to 600"): no one number of it to compare
    for cue, test in _THRESHOLDS:
        at = next((k for k in range(len(asked) - len(cue)) if tuple(asked[k:k + len(cue)]) == cue), None)
        number = asked[at + len(cue)].lstrip("£$€") if at is not None else ""
        if not number.replace(".", "", 1).isdigit():
            continue
        unit = stem((asked[at + len(cue) + 1:] or [""])[0])
        found = [t.lstrip("£$€") for k, t in enumerate(said) if t.lstrip("£$€").replace(".", "", 1).isdigit() and (
            not unit or unit.isdigit() or stem((said[k + 1:] or [""])[0]) == unit or t[:1] in "£$€" and asked[at + len(cue)][:1] in "£$€")]
        if len(found) == 1:
            return "yes" if test(float(found[0]), float(number)) else "no"
    return None


def _contradicts(question: str, text: str) -> bool:
    """Whether a yes/no question names a place or a name that ``text`` replaces with another ("Does Ana live in Rome?"
    and "Ana lives in Oslo"), the rest of the question being in it."""
    if (tokens(question) or [""])[0].lower() not in _YES_NO or {"before", "after", "than", "ahead", "behind"} & set(
            _lower_tokens(question)):  # "Is Bethan running before Nell?" compares: no word of it is replaced
        return False
    named, stated = set(words(" ".join(_proper_names(question)))), set(words(text))
    missing = set(_topic(question)) - stated
    said = _lower_tokens(text)
    ranged = any((a.isdigit() or stem(a) in _DAYS) and b in ("to", "until", "till", "through", "-", "or", "and") and (
        c.isdigit() or stem(c) in _DAYS) for a, b, c in zip(said, said[1:], said[2:]))  # "from Friday to Sunday", "3 to 7"
    days = stated & _DAYS - stem_set("today tomorrow tonight yesterday")
    if missing and missing <= _DAYS - stem_set("today tomorrow tonight yesterday") and len(days) == 1 and not ranged:
        return True  # "Do we finish on Saturday?" of "We finish on Sunday" (one other day said, no range)
    counts = {a: stem(b) for a, b in itertools.pairwise(_lower_tokens(question)) if a.isdigit()}
    told = [(a, stem(b)) for a, b in itertools.pairwise(said) if a.isdigit()]
    ranged = ranged or any(b in stem_set("more extra plus additional others") for _, b in told)  # "10 chairs and 2
    # more chairs": counts added up
    if missing and missing <= counts.keys() and not ranged and len([a for a, b in told if b in {counts[n] for n in missing}]) == 1 and {
            b for a, b in told if a not in counts} & {counts[n] for n in missing}:  # "Are we 30 singers?" of "We are 23
        return True  # singers" (not "10 chairs and 2 more chairs")
    asked = {t[1:] for t in _lower_tokens(question) if t[:1] in "£$€" and t[1:2].isdigit()}  # "Is the cap £430?" of
    amounts = {t[1:] for t in said if t[:1] in "£$€" and t[1:2].isdigit()}  # "The cap is £340": one other amount
    if asked and missing <= set(words(" ".join(asked))) and len(amounts) == 1 and not amounts & asked and not ranged:
        return True
    return bool(missing) and missing <= named and bool(set(words(" ".join(_proper_names(text)))) - named)


def _checked(request: Request, said: str) -> str | None:
    """"yes" or "no" to a yes/no question a statement of the message or the conversation settles word for word: it
    says all the question says ("no" if negated), or says a related word instead of one ("closed" for "open")."""
    told = [piece for piece in sentences(said) if not piece.rstrip().endswith("?")]
    return next(filter(None, (_verdict(set(_topic(said)), text) for text in told + [
        s.text for s in reversed(request.said) if s.role != "call" and not s.text.endswith("?")])), None)


def _verdict(topic: set[str], text: str, question: str = "") -> str | None:
    """"yes" if ``text`` says all a yes/no question's ``topic`` says, "no" if it negates it or says a related word
    instead of one ("closed" for "open"), else ``None``."""
    stems, lowered = set(words(text)), _lower_tokens(text)  # a result's "parking: False" negates too
    missing, negated = topic - stems, any(t in ("not", "no", "never", "false", "forget", "cancel", "cancelled", "canceled",
                                                "closed", "scrapped") or t.endswith("n't") for t in lowered)  # ("forget the lesson")
    if topic and len(missing) <= 1 and (not missing or related(missing) & (stems - topic)):
        for joint in (" over ", " rather than ", " instead of "):  # "Do I prefer liquids?" of "I prefer tablets over
            before, cut, after = text.lower().partition(joint)  # liquids": what is preferred is before "over"
            rest = topic - set(words(before))
            if cut and topic & set(words(before)) & stem_set("prefer like love choose pick favour favor want") and (
                    rest and rest <= set(words(after))) and joint.strip() not in " ".join(_lower_tokens(question)):
                return "no"
        return "no" if missing or negated else "yes"
    return None


#: Words that say an amount was taken from a budget ("I spent 1200 pounds so far").
_SPENT = stem_set("spent spend paid used")


def _worded(request: Request, text: str) -> str:
    """``text`` with arithmetic in words in signs ("12 times 7": "12 * 7", "half of 90": "0.5 * 90") and what the user
    stated a value of as that value ("my rent times 12": "950 * 12"); of things asked "combined" (or "in total"), their
    sum ("rent, groceries and phone combined": "950 + 320 + 45")."""
    parts = f" {text[:400].lower()} ".split(" - ")  # a dash between words is no minus ("SEAL TRIPS - VISITOR LEAFLET")
    text = "".join(f"{part}{' - ' if part.rstrip()[-1:].isdigit() and after.lstrip()[:1].isdigit() else ' – '}" for part, after in (
        itertools.pairwise(parts))) + parts[-1]
    for word, sign in _IN_SIGNS:
        text = text.replace(f" {word} ", f" {sign} ")
    now = request.said[-1].turn if request.said and "\n\n" in request.message else None  # (nor of a letter pasted under the
    # question: "we need 30% of the estimate up front (£210)" is no 30% of 210)
    told = [s for s in reversed(request.said) if s.role == "user" and not s.asks and s.turn != now] if len(text.split()) <= 60 else []  # (not
    # of a document pasted in: "FALCONRY CENTRE - VISITOR INFORMATION (season 2024)" names no sum of its own values)
    said, values = [w.strip("?.!") for w in text.replace(",", " ").split()], {}
    totals = {"combined", "total", "altogether", "together", "sum"}  # (what asks for a sum names no value)
    for word in dict.fromkeys(w for before, w in zip(["", *said], said)  # "5 km times 2": "km" is a unit here
                              if w not in STOP | totals and not w[:1].isdigit() and not before[:1].isdigit()):
        statement = next((s for s in told if stem(word) in s.stems), None)
        found = [t.lstrip("£$€") for t in tokens(_THOUSANDS.sub("", statement.text))] if statement else []  # "$30,000"
        at = [k for k, t in enumerate(found) if stem(t.lower()) == stem(word)]
        units = [k - 1 for k in at if k and _NUMBER.fullmatch(found[k - 1])]  # "5 km, 7 km and 10 km": each
        after = [k for k in range(at[0] + 1, min(at[0] + 5, len(found))) if _NUMBER.fullmatch(found[k])] if at else []
        for place in units or after[:1]:  # "my phone bill is 45": one value, of "phone" and "bill"
            values.setdefault((statement.order, place), (found[place], []))[1].append(word)
    paragraphs = request.message.split("\n\n")
    question = paragraphs[0] if paragraphs[0].rstrip().endswith("?") else paragraphs[-1]  # (above the pasted text, or below)
    first = set(_lower_tokens(question)) if len(paragraphs) > 1 else set(said)  # (the question's "total", not a pasted
    # invoice's "Total due")
    asked = (totals & set(said) & first or " in all" in text) and (_is_question(text.strip()) or said[:1] in (
        ["add"], ["sum"], ["calculate"], ["total"]))  # asked: not "Patient is 54 and had a total knee replacement"
    asked = asked and not any(f" total {b}" in f" {text}" for a, b in zip(said, said[1:]) if a == "total" for text in [
        *(s.text.lower() for s in told), *(" ".join(p.lower().split()) for p in paragraphs if p is not question)])  # (a pasted order's own
    # "Order total £34.50" too)
    # (nor "What's the total budget?" after "The total budget is 9000 pounds": a name)
    said_out = tokens(_THOUSANDS.sub("", text))  # amounts to add: none priced each or a limit ("2 shirts at £20",
    given = [t.lstrip("£$€") for t in said_out if t[:1] in "£$€" and _NUMBER.fullmatch(t[1:])]  # "under $50")
    given = [] if any(b in _RATES for b, t in zip(["", *said_out], said_out) if t[:1] in "£$€") else given
    rated = any(b.lower() == "per" and _NUMBER.fullmatch(a.lstrip("£$€")) for one in [text, *(s.text for s in told if s.order in {
        order for order, _ in values})] for a, b in itertools.pairwise(tokens(one)))  # "£1.10 per tonne per point ... 58
    # tonnes by 4.5 points": no sum of those (but "How much do I spend per month on rent...?" is one)
    priced = [(count, t.lstrip("£$€")) for k, t in enumerate(said_out) if t[:1] in "£$€" and _NUMBER.fullmatch(t[1:]) and (
        said_out[k + 1:k + 2] in (["each"], ["apiece"])) and said_out[k - 1:k] == ["at"] for count in [next((c for c in reversed(
            said_out[max(0, k - 6):k - 1]) if c.isdigit()), "")] if count]  # "9 reeds at £4.50 each and 2 bags at £310 each"
    asking = next((p for p in reversed(sentences(text)) if p.rstrip().endswith("?")), "")  # "What's the total?" (not
    whole = not (len(priced) > 1 and any(cue in f" {asking} " for cue in (" many ", " which ", " for the ", " each ", " per "))) and not any(  # "the
        cue in text for cue in ("%", " discount", " off ", " vat", " tax", " delivery", " postage")) and not any(cue in f" {asking} "
                                                                                                     for cue in (" per person", " per head", " split", " each of us", " between us")) and len({  # total for
            t[:1] for t in said_out if t[:1] in "£$€"}) == 1  # the shirts", "with a 10% discount", pounds and dollars)
    if asked and whole and priced and len(priced) == len([t for t in said_out if t[:1] in "£$€"]):
        return " + ".join(f"{count} * {price}" for count, price in priced)
    if asked and (len(values) >= 2 or len(given) >= 2) and not rated:  # "What is the total of £120, £75.50 and £300?"
        return " + ".join(given if len(given) >= 2 else [number for number, _ in values.values()])
    spent = [s for s in told if s.stems & _SPENT and s.order not in {order for order, _ in values} and _currencies(s.text) and (
        {"i", "we", "i've", "we've"} & set(_lower_tokens(s.text)[:3]))] if len(values) == 1 and {"left", "remaining"} & set(
        said) and _is_question(text.strip()) and any(_currencies(s.text) for s in told if s.order in {o for o, _ in values}) else []
    # "How much of the budget is left?": of money the user spent (not "I used 3 days of holiday", "Tom spent 400")
    taken = [n for s in reversed(spent) for n in [t.lstrip("£$€") for t in tokens(_THOUSANDS.sub("", s.text))][:12] if _NUMBER.fullmatch(n)]
    if spent and len(taken) == len(spent):  # one amount each: "I spent 1200 pounds so far"
        return " - ".join([next(iter(values.values()))[0], *taken])
    for number, named in values.values():
        for word, owner in itertools.product(named, ("my ", "our ", "the ", "")):
            text = text.replace(f" {owner}{word} ", f" {number} ").replace(f" {number} {number} ", f" {number} ")
    return text.strip()


#: What a message asking for a summary calls a text it carries ("Summarize this email: ...").
_TEXTS = frozenset(map(stem, "this following below text email article passage paragraph letter story post".split()))
_TALKED = frozenset(map(stem, "conversation chat discuss discussed talk talked".split()))


def _pasted(message: str) -> tuple[str, str] | None:
    """The text a message asks to have summarized, when it carries one, and the ask: after the asking sentence's colon
    ("Summarize this in one sentence: <text>"), or the sentences after it when it names a text ("Can you summarize
    this email?" then the email); ``None`` for a summary of the conversation ("Summarize what we discussed")."""
    for asked in sentences(message)[:2]:  # "Summarize this: <a text>"; not a label ("Summarized results: [...]")
        if asks_for_summary(asked) and (_lower_tokens(asked) or [""])[0] not in ("summarized", "summarised", "summary"):
            ask, colon, text = asked.partition(":")
            text = message[message.find(asked) + len(ask) + 1:]
            if not (colon and len(text.split()) >= 3):
                ask, text = asked, message[message.find(asked) + len(asked):]
                text = text if set(words(asked)) & _TEXTS and not set(words(asked)) & _TALKED else ""
            conversation = len(read_transcript(text)) >= 2  # "User: ... Agent: ...": read as a conversation
            return (text.strip(), ask) if len(text.split()) >= 5 and not conversation and not set(words(ask)) & (
                _TALKED) else None  # "Summarize our chat as a table for: a, b, c, d": no text pasted
    return None


#: First words of a task a message sets for the text it carries ("Classify this ticket as ...:", "Rewrite this note").
_TASK_OPENERS = frozenset("classify categorize categorise label tag rate score extract return produce output rewrite "
                          "reword rephrase count identify sort rank format fill draft answer reply respond".split())


def _task_and_text(message: str) -> tuple[str, str]:
    """A message split into the task it sets and the text it carries: at its first blank line (else its first line
    break), or around what a one-line message quotes ("Rewrite this note ...: \"...\""); a label before the text is
    dropped ("Ticket: ...", "Transcript:\nUSER: ..."), and the quotes around it."""
    head, gap, text = message.partition("\n\n") if "\n\n" in message else message.partition("\n")
    if not gap and "? " in message and len(message.partition("? ")[2].split()) >= 4:  # "How many times does 'tide'
        head, text = message.partition("? ")[0] + "?", message.partition("? ")[2]  # appear in this sentence? The tide..."
        gap = " "
    quote = next((q for q in ('"', "\u201c") if q in message), "")
    if (not gap or not text.strip()) and quote:  # one line: the text is what it quotes ("Rewrite this note ...: \"...\"")
        start = message.find(quote)
        end = message.find("\u201d" if quote == "\u201c" else '"', start + 1)
        head, text = (message[:start] + message[end + 1:], message[start + 1:end]) if end > start else (message, "")
    label, colon, rest = text.strip().partition(":")
    text = rest.strip() if colon and len(label.split()) <= 2 and label[:1].isupper() and label.replace(" ", "").isalpha() else (
        text.strip())
    return head, text[1:-1] if len(text) > 1 and text[:1] in "\"\u201c" and text[-1:] in "\"\u201d" else text


#: Words that name a text sent with a question about it ("What is the order number in this email?").
_TEXTS = frozenset("following below text message review ticket email note sentence transcript conversation comment post line "
                   "paragraph enquiry feedback letter list document passage article".split())
#: Words that close a letter before its signer's name ("Kind regards, Petronella Adeyemi").
_SIGN_OFFS = ("regards", "thanks", "thank you", "cheers", "sincerely", "best", "best wishes", "yours", "faithfully", "love")


def _asked_of_text(message: str) -> str | None:
    """The answer to a question asked of a text sent with it, read from the text alone: how many times a quoted word
    appears in it, how many items a list holds, whether it says a word (yes or no), who signed it, the identifier,
    date, amount, email or phone it gives ("What is the order number in this email?\n\nDear Sir, ... (order
    SG-48813, ...)" → "The order number is SG-48813."); else ``None``."""
    head, text = _task_and_text(message.strip()[:20000])
    said = _lower_tokens(head)
    if "?" not in head or not said or not _TEXTS & set(said) or len(said) > 40 or len(text.split()) < 2 or not (
            {"this", "these", "the", "below", "following"} & set(said)):
        return None
    low, quoted = " ".join(said), _QUOTED.search(head)
    items = [line.strip(" -*\u2022\t") for line in text.splitlines() if line.strip(" -*\u2022\t")]
    items = items if len(items) >= 2 else _listed(text.rstrip("."))
    if {"should", "would", "could", "must", "add"} & set(said):
        return None  # "How many items should I add to this list?" asks for advice, not of the text
    if "how many times" in low and quoted:  # "How many times does the word 'fixer' appear ...?": whole words, any case
        found = len(whole_words_at(text.lower(), quoted[1].lower()))
        return f"'{quoted[1]}' appears {found} time{'s' * (found != 1)}."
    if said[:2] == ["how", "many"] and len(said) > 2 and (stem(said[2]) in _ITEMS | stem_set("line name") or said[2].endswith(
            "s") and said[2].isalpha() and said[2] not in STOP) and "list" in said:  # ("How many volunteers are on this list?")
        head = next((k for k, w in enumerate(said[2:6], 2) if w.endswith("s") and w.isalpha() and w not in STOP), 2)
        noun = " ".join(said[2:head + 1])  # the words up to the plural they count ("bus routes", not "items need signing")
        return f"The list has {len(items)} {noun if len(items) != 1 else noun.rstrip('s')}."  # "How many items are in this
        # list?", "How many bus routes are on this list?"
    if said[0] in _YES_NO and (quoted or {"mention", "mentions", "mentioned", "say", "says", "include", "includes"} & set(said)):
        after = next((said[k + 1:] for k, t in enumerate(said) if t.startswith("mention") or t in (
            "say", "says", "include", "includes")), [])  # "Does the text below mention a refund?"
        asked = quoted[1] if quoted else " ".join(itertools.takewhile(lambda t: t not in ("yes", "answer"), after))
        wanted, heard = set(words(asked)), set(words(text))
        if not wanted or not quoted and related(wanted) & heard and not wanted & heard:
            return None  # a word near it ("far too expensive" of price): no plain yes or no
        where = next((one for one in sentences(text) if wanted & set(words(one))), "")
        if not quoted and wanted & heard and not wanted <= heard:  # "a rest day" of "Wed rest": what it says of it
            return f"It says \"{where.strip()}\", which mentions {' and '.join(w for w in asked.split() if stem(w.lower()) in heard)} but not {' '.join(w for w in asked.split() if stem(w.lower()) in wanted - heard)}."
        there = wanted <= heard if not quoted else asked.lower() in text.lower()
        if there:
            return f"Yes: the text mentions {asked}."
        return f"No: the text doesn't say \"{asked}\"." if quoted or "yes" in said else (  # (in other words it may: "by
            f"The text doesn't use the words \"{asked}\"; it says: \"{_cut(text.strip(), 160)}\"")  # Thursday noon")
    if said[0] == "who" and set(said) & {"signed", "sign", "wrote", "write", "sent", "send"}:  # the name after its sign-off
        tail = text.rstrip(" .")
        lowered = tail.lower()
        cut = max((lowered.rfind(off) + len(off) for off in _SIGN_OFFS if lowered.rfind(off) >= len(lowered) - 80), default=-1)
        signer = tail[cut:].strip(" ,.-\u2014\n") if cut > 0 else tail.rpartition("\n")[2].strip(" -\u2014") if "\n" in tail else ""
        signer = signer.partition(", ")[0]  # "Delroy Mensah, Shine Bright Windows": the person
        if signer and len(signer.split()) <= 4 and all(w[:1].isupper() for w in signer.split()):
            return f"{signer} signed it."
        return None
    if said[0] in ("what", "what's", "whats", "which"):  # "What is the order number in this email?"
        cut = max((k for k, t in enumerate(said) if t in ("in", "from", "within") and _TEXTS & set(said[k + 1:])), default=0)
        asked = said[:cut] if cut else [t for t in said if t not in _TEXTS]
        parts = " ".join(asked).split(" and the ")  # "the invoice number and the total due": each
        if len(parts) == 2 and all(len(p.split()) <= 6 for p in parts):
            told = [_one_extracted(f"{parts[0]} in", text), _one_extracted(f"the {parts[1]} in", text)]
            if all(told):
                return f"{told[0][:-1]}, and {told[1][0].lower()}{told[1][1:]}"
        return _one_extracted(" ".join(asked) + (" in" if cut else ""), text)
    return None


def _one_extracted(asked: str, text: str) -> str | None:
    """"The <thing> is <value>." of what ``asked`` (a question's words, lowered) names in ``text`` (:func:`_extracted`);
    of several amounts, the one said beside a word of the thing ("the total due": "Total due: €1,240.50")."""
    said = asked.split()
    found = _extracted(asked, text)  # (of "in this email": no email asked; "What is the email address in the following
    # text?" asks one)
    if found and "\n" in found and ":" not in found:  # several values of one kind: the one of the thing named
        named = set(words(asked)) - stem_set("amount price cost sum number what is the")
        near = [v for v in found.split("\n") if any(named & set(words(line)) for line in text.splitlines() if v in line)]
        stale = {v for v in found.split("\n") for piece in sentences(text) if v in piece for part in piece.replace("(", ";").replace(
            ")", ";").split(";") if v in part and ({"cancelled", "canceled", "void", "voided", "earlier", "previous", "replaced",
                                                   "superseded"} & set(_lower_tokens(part)) or "old" in _lower_tokens(
                                                       part.partition(v)[0]))}  # "(the earlier
        said_after = [b for a, b in itertools.pairwise(tokens(text)) if stem(a.lower()) in named and b in found.split("\n") and (
            b not in stale)]  # invoice, INV-7719, was cancelled)"
        live = [v for v in found.split("\n") if v not in stale and any(v in part and {"corrected", "current", "updated",
                                                                            "correct"} & set(_lower_tokens(part)) for part in text.split(";"))]
        said_after = live[:1] if len(live) == 1 else said_after  # "...; invoice INV-3004 is the corrected one"
        near = near if len(near) == 1 else said_after[:1] if len(set(said_after)) == 1 else near  # "invoice INV-7781 ...
        found = near[0] if len(near) == 1 else found  # (the earlier one, INV-7719, was cancelled)": the one after its word
    if found and "\n" not in found and not found.startswith("The text gives no"):
        thing = next((" ".join(said[k + 1:k + 1 + n]) for k, t in enumerate(said) if t == "the" for n in (1, 2, 3) if
                      k + 1 + n < len(said) and said[k + 1 + n] in ("in", "on", "of", "from", "for")), "")
        return f"The {thing} is {found}." if thing else f"{found}."
    return None


def _task_apart(request: Request) -> Request | None:
    """The request with the task its latest message sets for a text it carries moved to the instructions, as a
    developer would send it: "Classify this ticket as billing, technical or other.\n\nTicket: \"...\"" is the
    instructions "Classify this ticket as ..." and the message "..."; a choice asked of the text counts ("Is this review
    positive, negative or mixed?"), a summary does not (it is read as one); else ``None``."""
    message = request.message.strip()[:20000]
    if request.tools or request.last_user_index < 0:
        return None
    opened = message[:1]
    head, text = _task_and_text(message)
    said = _lower_tokens(head)
    named = _TEXTS & set(said)  # the text it
    material = named | {"this", "these"} & set(said)  # is about ("this ticket"; not "Sort out the heating", "Rate my
    choice = "?" in head and " or " in head.lower() and bool(named)  # chances: ...", "these shoes or the boots?")
    if opened in "\"\u201c" or not said or not (said[0] in _TASK_OPENERS and material or choice) or asks_for_summary(
            head) or len(said) > 60 or len(text.split()) < 3:
        return None
    told = {"role": "user", "content": text}
    body = {**request.body, "instructions": "\n\n".join(part for part in (request.instructions, head.strip(" :")) if part)}
    conversation = request.conversation
    return Request.read(body, [*conversation[:request.last_user_index], told, *conversation[request.last_user_index + 1:]])


def _about_pasted(request: Request) -> str | None:
    """An answer to a question about a text pasted in the message (a chat, an email), asked by the instructions ("When
    is the plumber coming?") or on the message's last line ("Question: How often...?"): the sentence of the text that
    says most of what it asks, with who said it (and yes or no, when asked so and the sentence says); else ``None``."""
    lines = [line for line in request.message.strip().splitlines() if line.strip()]
    last = lines[-1].split(":", 1)[-1].strip() if len(lines) >= 3 else ""
    asked = [piece for piece in sentences(request.instructions[:300]) if piece.rstrip().endswith("?")]
    question = last if last.endswith("?") else asked[-1] if asked and len(request.instructions) <= 300 else ""
    text = lines[:-1] if last.endswith("?") else lines
    if not question or len(" ".join(text).split()) < 25 or len(text) < 3 or question == last and len(read_transcript(
            "\n".join(text))) < 2:  # a question after lines of one's own is no question about a pasted chat
        return None
    topic = set(_topic(question)) - stem_set("text transcript conversation chat say said mention sentence word paragraph "
                                            "line point bullet summary gist")  # ("In one sentence, what is this about?"
    if not topic or asks_for_summary(question):  # asks for a note of it)
        return None
    said = [(label if colon and len(label.split()) <= 4 else "", piece) for line in text for label, colon, body in [
        line.partition(": ")] for piece in sentences(body if colon and len(label.split()) <= 4 else line)]
    def score(label: str, piece: str) -> int:  # its words (a form too: "reimburs" of "reimbursement"), then its
        heard = set(words(piece))  # speaker's, a related word, a count of the thing asked ("6 plants")
        found = {t for t in topic if any(w.startswith(t) or len(w) >= 5 and t.startswith(w) for w in heard)}
        counted = any(a.isdigit() and stem(b.lower()) in topic for a, b in itertools.pairwise(tokens(piece))) if (
            "how many" in question.lower()) else "how much" in question.lower() and any(map(str.isdigit, piece))
        return 2 * len(found) + len(topic & set(words(label)) - found) + bool(related(topic - found) & heard) + counted
    scored = [(score(label, piece), -at, label, piece) for at, (label, piece) in enumerate(said) if not piece.endswith("?")]
    score, _, label, piece = max(scored, default=(0, 0, "", ""))
    if not score:
        return "The text doesn't say."
    yes_no = (_lower_tokens(question) or [""])[0] in (*_YES_NO, "will", "can", "should", "could")
    verdict = ("no" if _contradicts(question, piece) else _verdict(topic, piece)) if yes_no else None
    quoted = f'{label.split(" (")[0]} said: "{piece}"' if label else f'The text says: "{piece}"'
    return f"{verdict.title()}. {quoted}" if verdict else quoted


#: Words of a message that asks only for a sum ("whats 2+2", "calculate 12 * 3"), and of a tool that works one out.
_SUMS = stem_set("what whats what's is are calculate compute work out please equal equals sum add multiply divide "
                 "subtract math maths calculator arithmetic evaluate")


def _arithmetic(text: str) -> str | None:
    """Simple arithmetic written in ``text`` with its value ("17 * 23 = 391", "15% of 80 = 12"), else ``None``."""
    found = _ARITHMETIC.search(_THOUSANDS.sub("", text[:400]))
    if found is None or not all(_NUMBER.fullmatch(t.lstrip("+")) for t in tokens(found.group()) if t != "of"):
        return None  # "2025-01-17" is a date, not a sum ("2+2" is: its "+2" is a term)
    written = found.group().strip()
    expression = written.replace("% of", "/100*").replace("×", "*").replace("÷", "/")
    after = _THOUSANDS.sub("", text[:400])[found.end():].strip()  # "Is 17 + 26 = 43?": the stated result is checked
    stated = _NUMBER.match(after[1:].lstrip()) if after[:1] == "=" else None
    with contextlib.suppress(SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        worked = f"{written} = {(value := _evaluate(ast.parse(expression, mode='eval').body)):.10g}"
        right = stated is not None and abs(float(stated.group()) - value) < 1e-9
        return f"Yes: {worked}" if right else f"No: {worked}, not {stated.group()}" if stated else worked
    return None


def _solved(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """A linear equation in one letter written in ``text`` ("3x + 7 = 22") and its steps, what each does and gives
    ("Move the x terms to the left side and the numbers to the right", "3x = 15"; "Divide both sides by 3", "x = 5"),
    else ``None``."""
    left, equals, right = text[:400].partition("=")
    signs = set("0123456789.+-*/() ")

    def side(chars: str) -> str:  # the equation's part of a side: signs, numbers and lone letters ("3x + 7")
        kept = ""
        for at, char in enumerate(chars):
            if not (char in signs or char.isalpha() and not (chars[at - 1:at].isalpha() or chars[at + 1:at + 2].isalpha())):
                break
            kept += char
        return kept

    lhs, rhs = side(left[::-1])[::-1], side(right)
    letters = {c for c in lhs + rhs if c.isalpha()}
    if not equals or "=" in right or len(letters) != 1 or not any(map(str.isdigit, lhs + rhs)):
        return None
    letter = letters.pop()
    written = [("".join(f"{a}*" if a.isdigit() and b in (letter, "(") or a == ")" and b == "(" else a
                        for a, b in zip(part, part[1:] + " "))) for part in (lhs, rhs)]  # "3x": 3*x

    def value(x: float) -> float:
        return _evaluate(ast.parse(f"({written[0]}) - ({written[1]})".replace(letter, f"({x})"), mode="eval").body)

    with contextlib.suppress(SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        slope = value(1) - value(0)
        if slope and abs(value(2) - value(1) - slope) < 1e-9:  # a line: one answer
            equation, answer = f"{lhs.strip()} = {rhs.strip()}", f"{letter} = {-value(0) / slope:.10g}"
            moved = answer if slope == 1 else f"{slope:.10g}{letter} = {-value(0):.10g}".replace(f"-1{letter}", f"-{letter}")
            steps = [(f"Move the {letter} terms to the left side and the numbers to the right", moved)] * (
                moved.replace(" ", "") != equation.replace(" ", ""))  # "8x = -30", then divided: "x = -3.75"
            return equation, steps + [(f"Divide both sides by {slope:.10g}", answer)] * (slope != 1) or [("Read it", answer)]
    return None


def _evaluate(node: ast.AST) -> float:
    """The value of parsed arithmetic: numbers, ``+ - * /``, a minus sign, parentheses; else a ``ValueError``."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATIONS:
        return _OPERATIONS[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    raise ValueError("only numbers, + - * / and parentheses are worked out")


def respond(request: Request) -> list[dict[str, Any]]:
    """The output items of one response (a reasoning item first for a reasoning model)."""
    fingerprint = request.fingerprint
    output = _decide(request, fingerprint)
    if _REASONING_MODEL.match(str(request.body.get("model", ""))):
        reasoning: dict[str, Any] = {"id": f"rs_{fingerprint}", "type": "reasoning", "summary": []}
        if "reasoning.encrypted_content" in (request.body.get("include") or []):
            reasoning["encrypted_content"] = "memlab-offline-reasoning:" + fingerprint
        if (request.body.get("reasoning") or {}).get("summary"):  # "auto", "concise", "detailed": asked for one
            reasoning["summary"] = [{"type": "summary_text", "text": reasoning_summary(output)}]
        output.insert(0, reasoning)
    return output


def reasoning_summary(output: Sequence[dict[str, Any]]) -> str:
    """What a reasoning summary says of ``output``, truthfully: which tools it calls and why, or where its answer
    comes from ("**Calling a tool**\n\nThe latest message asks for what get_weather gives; ...")."""
    calls = [item["name"] for item in output if item.get("type") == "function_call"]
    if any(is_handoff(name) for name in calls):
        return (f"**Handing off**\n\nThe latest message is for another agent's desk, so I hand the conversation on "
                f"with {', '.join(calls)}.")
    if calls:
        return (f"**Calling {'a tool' if len(calls) == 1 else 'tools'}**\n\nThe latest message asks for what "
                f"{', '.join(dict.fromkeys(calls))} give{'s' if len(set(calls)) == 1 else ''}, so I call "
                f"{'it' if len(calls) == 1 else 'them'} with values from its words and answer from the result.")
    return ("**Answering from what I was sent**\n\nAs an offline model I reason over the request alone: the "
            "conversation, my instructions and the tools' results. I answer from them, and say so when they do "
            "not hold the answer.")


def _of_the_plan(request: Request, said: str) -> bool:
    """Whether a message cancels or changes a thing the user said before, with no tool for it ("Cancel the jungle
    theme, we'd rather do circus" after "Three walkers, jungle theme"): news of the plan to note, not a deed refused."""
    heard = [t for t in _lower_tokens(said.partition(",")[0]) if t != "please"]
    thing = set(words(" ".join(heard[1:]))) - _LIGHT_VERBS
    before = {w for s in request.said if s.role == "user" and s.turn < request.said[-1].turn for w in s.stems} if (
        request.said) else set()
    return bool(heard) and heard[0] in ("cancel", "drop", "remove", "change", "swap", "scrap") and bool(thing) and thing <= before


#: What a message says to ask only that its facts be kept ("My lodge code is LDG-5521, please keep it in mind").
_KEEP = ("keep it in mind", "keep that in mind", "keep in mind", "bear in mind", "for the record", "just so you know",
         "remember that", "remember this", "please remember", "make a note", "note that", "fyi")


def _for_memory(message: str) -> bool:
    """Whether a message only tells facts to keep, asking for nothing done ("..., please keep it in mind")."""
    said = message.lower().replace("’", "'")
    heard = f" {' '.join(_lower_tokens(message))} "  # (whole words: not the "fyi" of "notifying")
    return any(f" {phrase} " in heard for phrase in _KEEP) and "?" not in said and not any(
        clause.strip().split(" ")[0] in _ACTS for clause in said.replace(",", ".").split(".") if clause.strip())


def _decide(request: Request, fingerprint: str, whole: bool = False) -> list[dict[str, Any]]:
    """A verdict, a note, tool calls or a message (see the module docstring); ``whole``: the latest message as one."""
    if not whole and not request.tools and request.last_user_index >= 0 and (answer := _asked_of_text(request.message)):
        return [message_item(answer, fingerprint)]  # "How many items are in this list?\n- tripod\n- ..."
    if not whole and not request.tools and request.instructions[:8].lower() == "extract " and "json" not in str(
            request.body.get("text")) + request.instructions[:400].lower() and not _fields_named(
            request.instructions) and (found := _extracted(request.instructions, request.message)) and not found.startswith(
                "The text gives no"):  # "Extract the order number from the customer's email." of an email that asks too
        return [message_item(found, fingerprint)]
    if not whole and (apart := _task_apart(request)) is not None:  # a task and its text in one message: as if sent
        task = _lower_tokens(apart.instructions.rsplit("\n\n", 1)[-1])[:1]  # apart (a text to rewrite is never answered:
        if task in (["rewrite"], ["reword"], ["rephrase"]):  # "... thanks" is no thank-you)
            return [message_item(_CANNOT, fingerprint)]
        if task == ["extract"] and not (as_sent := _decide(request, fingerprint, True))[-1].get("content", [{}])[0].get(
                "text", "").startswith(("Noted:", "You told me:")):  # "Extract the emails from this text:" is read as
            return as_sent  # sent; "Extract the names ...": as the instructions' task
        return _decide(apart, fingerprint)
    instructions, message = request.instructions, request.message
    if instructions and grading.asks_to_grade(instructions, request.raw_message):
        return [message_item(grading.grade(instructions, request.raw_message), fingerprint)]
    form = request.body.get("text")
    form = form.get("format") if isinstance(form, Mapping) else None
    kind = form.get("type") if isinstance(form, Mapping) else None
    if kind == "json_schema" and (judged := grading.verdict(instructions, request.raw_message, form.get("schema") or {})):
        return [message_item(judged, fingerprint)]  # "Check the summary against the transcript": {"faithful": false...}
    # a summary prompt, or instructions naming JSON keys for a conversation (a handover, an extraction)
    keyed = kind != "json_schema" and notes.asks_for_keys(instructions) and (len(request.said) > 2 or kind in (
        None, "text") and instructions[:8].lower() == "extract " and _fields_named(instructions))  # ("Extract the fields
    # ... JSON with keys: name, phone" of a short text too)
    offered = " ".join(t.name.replace("_", " ") for t in request.tools)  # "Use summarize_text for summaries":
    delegated = bool(offered) and asks_for_summary(f"{offered} {request.tools_told}")  # that tool's job, not ours
    summary_prompt = instructions if asks_for_summary(instructions) and not delegated or keyed else None
    if summary_prompt is None and not delegated and kind in (None, "text") and not _listed_asks(message) and (pasted := _pasted(
            message)):
        return [message_item(notes.summary_of_text(*pasted), fingerprint)]
    if summary_prompt is None and not request.tools and kind in (None, "text") and (told := _about_pasted(request)):
        return [message_item(told, fingerprint)]  # "When is the plumber coming?" of a chat pasted in
    if summary_prompt is None and not delegated and asks_for_summary(message) and len(request.said) > 1 and not (
            set(_topic(message)) & {s for t in request.tools for s in t.name_stems} - _VERBS) and not _listed_asks(
                message):  # ("Can you recap my booking: name, date?" asks each of them); "Summarize the chart
        # for P-1002" with get_patient_chart: the tool's result is summarized, not the chat
        # the message's own lines, not those of a conversation pasted in it ("Summarize this:\nUser: ...")
        lines = message.splitlines()  # (all before a label of its own, "Transcript:": "Customer: full name" is the prompt's)
        label = next((k for k, line in enumerate(lines) if line.strip().endswith(":") and len(line.split()) == 1 and any(
            read_transcript(later) for later in lines[k + 1:k + 3])), None)
        summary_prompt = "\n".join(lines[:label] if label else [line for line in lines if not read_transcript(line)])
    shape = notes.read_prompt(instructions[:2000]) if ("\n" in message or "columns " in instructions[:2000]) and (
        summary_prompt is None and not request.tools) else None  # of a chat pasted in, a note's shape: "In one sentence,
    # what is this about?"; a table of what the user says: "Reply with a table with columns Field | Value for: a, b"
    if shape and (any((shape.sentences, shape.bullets, shape.numbered, shape.paragraph, shape.sections, shape.json_keys,
                       shape.max_words)) or "bullet" in instructions.lower()) and (len(read_transcript(
                           message)) >= 2 or shape.columns):
        summary_prompt = instructions
    if summary_prompt is not None and request.said and kind != "json_schema":  # a schema's summary: its fields
        material = [s for s in request.said if not (s.role == "user" and s.text in summary_prompt != instructions)]
        note = notes.write_note(material or request.said, notes.read_prompt(summary_prompt))
        return [message_item(note, fingerprint)]
    if request.tools and not request.this_turn[2] and kind is None and _is_question(message) and (limit := _age_limit(
            instructions[:4000], message)) and limit.startswith("No"):  # "im 17, can i get one?" of "under-18s cannot be
        # tattooed": no booking
        return [message_item(limit, fingerprint)]
    if request.tools and not request.this_turn[2] and kind is None and _is_question(message) and (ruled := _loosely_told(
            request, message)) and ruled.startswith("No: ") and any(_acts(t) for t in _choose_tools(request)):  # "can
        # you fit motorbike tyres too?" of "We do not fit
        return [message_item(ruled, fingerprint)]  # motorbike tyres.": no fitting booked
    if request.body.get("tool_choice") == "none" and request.tools and not request.this_turn[2] and not _is_question(
            message) and (barred := [t for t in _choose_tools(Request.read({**request.body, "tool_choice": "auto"},
                                                                          request.conversation)) if _acts(t)]):
        return [message_item(f"I can't do that now: it takes {barred[0].name}, and this request lets me call no tools.",
                             fingerprint)]  # ``tool_choice="none"``: "log 'Heroes' by David Bowie" is not done
    missing: list[str] = []
    handed_off, called_after_handoff, results = request.this_turn
    one_at_a_time = request.body.get("parallel_tool_calls", True) is False  # one call per response
    if not results or handed_off and not called_after_handoff:
        topic = set(_topic(message))  # "Refund policy: ...", asked of "What's your refund policy?": no tool's guess
        labelled = [label for label, *_ in _told(instructions) if label and set(words(sentences(label)[-1])) == topic]
        told = _from_instructions(request) if request.tools and _only_asks(message) and not identifiers(message) and not (
            set(words(" ".join(_proper_names(message)))) - set(words(instructions))) else None  # "What time is the dive
        labelled += ["told"] if told and told[0] >= 2 and 3 * told[0] >= 2 * len(topic) else []  # briefing?": "Dive
        # briefings start at 07:45",
        # not the dive site's conditions for a site named "briefing"
        looked_up = [t for t in request.tools if _afresh(t, request)]
        recalled = _answered_by_conversation(request) if _only_asks(message) and not looked_up else None
        partly = recalled is not None and recalled[0] < len(_topic(message)) and any(  # half the words, and a tool
            _fits(tool, request) or tool.handoff for tool in _choose_tools(request))  # the message gives all values:
        # "Give me a recipe for pancakes" is not answered by "I'm vegetarian"; a desk of the rest of it: "I need to rent a
        # book, when is it due back?" by "I want to sell back my book"
        fresh = recalled is not None and _new_values(request) and any(_fits(t, request) >= 2 for t in _choose_tools(
            request))  # "my friend: 45, male, smokes, 155/95. eligible?": a new screening, not the one before's result
        answered = _only_asks(message) and not looked_up and (recalled is not None and not partly and not fresh or bool(
            labelled) or (_from_results(request, message) is not None and not (len(facts(message)) >= 2 and any(_fits(
                t, request) >= 2 for t in _choose_tools(request))))) and not _corrected(request)  # "What would the
        # payment be on a 365,000 house with a 20% deposit?": the values for a call, not a question of a listing found;
        # "Which one is
        # cheaper?" of a list found; not "And in grams?", which asks the call before again, for another value
        forced = (request.body.get("tool_choice") == "required" or isinstance(request.body.get("tool_choice"), Mapping)) and any(
            _fits(t, request) or not t.parameters.get("required") for t in request.tools)  # (a call it can make: not
        # order_status(0) for "What time do you open?", which the instructions answer)
        kept = _for_memory(message) and not any(t.name_stems & stem_set("remember memory note save store") for t in (
            request.tools))  # (but a tool that keeps it is called: save_memory)
        worked = _ARITHMETIC.search(_THOUSANDS.sub("", message[:400])) if request.body.get("tool_choice") in (None, "auto") else None
        sums = worked is not None and _arithmetic(message) is not None and not set(words(message)) - _SUMS - {
            stem(t) for t in tokens(worked.group())} and not any(t.name_stems & _SUMS for t in request.tools)  # "whats
        # 2+2" is no tool's (but a calculator's)
        completing = _completing(request)
        calls, missing = ([], []) if (answered or kept or sums) and not forced else _plan(
            completing or request, fingerprint)  # ("My lodge code is LDG-5521, please keep it in mind": no booking)
        replied = next((plain_text(i.get("content")) for i in request.conversation[:request.last_user_index][::-1] if (
            item_type(i) == "message" and i.get("role") == "assistant")), "")  # a correction of a note ("Noted: ...")
        noted = replied.startswith("Noted") and bool(set(_lower_tokens(message)[:3]) & _ASIDES)
        if not forced and completing is None and _tells_only(message, request.tools, noted) and (acting := {
                t.name for t in request.tools if not t.handoff and stem(t.name.split("_")[0].lower()) in _BUYS and (
                    noted or not _acts_on_news(request.instructions, t))}) and (
                    calls or missing) and all(
                    c["name"] in acting for c in calls) and (calls or all(t.name in acting for t in _choose_tools(request))):
            calls, missing = [], []  # "pattern needs 7 skeins not 6": noted, no yarn ordered
        if calls and not isinstance(request.body.get("tool_choice"), Mapping) and (earlier := [e for e, later, _ in _steps(
                request) if later.name in {c["name"] for c in calls} and not (  # (a tool named by ``tool_choice`` is the one)
                _SEARCHES & e.name_stems and later.name_stems - _VERBS & set(words(message)))][:1]):  # not a search
            calls, missing = _plan(request, fingerprint, only=earlier)  # before "open a ticket"; "Check availability
            # before booking": first check_availability
        if not calls + missing and not _is_question(message) and _reports(message) and not _chat(message) and (
                first := [e for e, _, _ in _steps(request) if _takes_a_query(e)][:1]):  # "Check the knowledge base
            calls = _plan(request, fingerprint, only=first)[0]  # first": with what the user reports
        if not calls and handed_off and (value := _newest_number(request)) is not None:  # the desk's own job: its
            calls = [_call(f"{fingerprint}_job", tool.name, {name: int(value) if value.is_integer() else value})  # tool
                     for tool, name in _job_tools(request)]  # ("Multiply the number by 2": multiply_by_two(x=37))
    else:  # after a result, the calls the message asked for that are still to make, then those a result enables
        made = [(i.get("name"), _same(i.get("arguments"))) for i in request.conversation[request.last_user_index + 1:]
                if item_type(i) == "function_call"]  # "Look up the user dana@x.com, then reset their password"
        # one call at a time: the calls the message asked for, still to make (in parallel, all were made at once)
        asked = Request.read({**request.body, "instructions": instructions},
                             request.conversation[:request.last_user_index + 1]) if one_at_a_time else None
        calls = [c for c in _plan(asked, asked.fingerprint)[0] if (c["name"], _same(c["arguments"]))
                 not in made] if asked is not None else []
        if not calls and len(made) < 8 and len(_clauses(request)) > 1:  # a later clause's tool
            calls = [c for c in _plan(request, fingerprint, chaining=True)[0] if c["name"] not in dict(made)]
        if not calls and not handed_off:  # "If it's odd, hand off to the multiply agent", and it returned 37
            calls = [_call(f"{fingerprint}_when", desk.name, {}) for desk in _handoff_when(request)]
        steps = [(t, part) for e, t, part in _steps(request) if e.name in dict(made) and t.name not in dict(made)]
        calls, steps = ([], []) if steps and _REFUSED & set(_lower_tokens(results[-1][1])) else (calls, steps * (not calls))
        calls = [c for c in _plan(Request.read(request.body, request.conversation[:request.last_user_index + 1]),
                                  fingerprint)[0] if c["name"] in {t.name for t, _ in steps}] if steps else calls  # the
        faults = [t for t, part in steps if set(words(" ".join(part))) & notes.PROBLEM or any(w == "not" or w.endswith(
            "n't") for w in part)] if not calls and _reports(message) and not _only_asks(message) else []  # step asked
        calls = _plan(request, fingerprint, True, faults)[0] if faults else calls  # for, or one for a fault ("bugs")
    if not calls and results and request.body.get("tool_choice") == "required" and any(not t.handoff for t in request.tools):
        made = [(i.get("name"), _same(i.get("arguments"))) for i in request.conversation[request.last_user_index + 1:]
                if item_type(i) == "function_call"]  # a call is required every time, as the real API makes one: one the
        asked = Request.read(request.body, request.conversation[:request.last_user_index + 1])  # message asked for still
        reads = {t.name for t in request.tools if not _acts(t)}  # to make (a tool that acts, only if not yet called)
        calls = [c for c in _plan(asked, fingerprint)[0] if (c["name"], _same(c["arguments"])) not in made and (
            c["name"] in reads) and "unknown " not in c["arguments"]][:1]  # (a tool that acts is never called unasked)
        last = next(i for i in request.conversation[::-1] if item_type(i) == "function_call")  # ("Weather in Oslo and
        given = structured(str(last.get("arguments")))  # Bergen?": Bergen), else the last again if it only reads (an
        calls = calls or [_call(f"{fingerprint}_again", str(last.get("name")), given if isinstance(given, dict) else {})
                          for tool in request.tools if tool.name == last.get("name") and not _acts(tool)]  # agent that
        # never resets tool_choice loops until max_turns, as the SDK warns; a charge is never made twice)
    rule = next((found for c in calls if (found := _barred(request, c))), None)  # "Press badges cannot get closing_night
    calls = [] if rule else calls  # passes.": no closing_night pass once a badge was found to be a press one
    if calls:
        return calls[:1] if one_at_a_time else calls
    worked = f"I'm sorry, I can't do that: my instructions say \"{rule}\"" if rule else _worked(request) if not missing else None  # "Multiply the number by 2" after 37: 74, unless its tool did it
    worked = None if worked and {name for name, _, _ in request.this_turn[2]} & {t.name for t, _ in _job_tools(
        request)} else worked
    halves = _two_questions(message) if not (worked or missing or results) else []
    answers = [compose(Request.read(request.body, [*request.conversation[:request.last_user_index], {
        "role": "user", "content": half}]), ()) for half in halves]  # "What's the delivery fee, and will there be two
    told = " ".join(a for a in answers if not a.startswith(_UNSURE)).lower()  # (a part the other answer's sentence
    pairs = [(h, a) for k, (h, a) in enumerate(zip(halves, answers)) if not (len(halves) > 1 and told and (a.startswith(
        _UNSURE) or k and {"she", "he", "they", "it"} & set(_lower_tokens(h)) and _also_told(h, answers[0].lower())) and _also_told(
        h, told))]  # tells: "99a hardness" of "how hard?", "twice a day" of "how often?"; "and does she have an epipen?" of
    # "Ella has a peanut allergy - she carries an epipen")
    dropped, halves, answers = len(pairs) < len(halves), [h for h, _ in pairs], [a for _, a in pairs]
    answers = [f'I can\'t answer "{half}" from what I was sent.' if answer.startswith(_UNSURE) else answer for half, answer in zip(
        halves, answers)]  # ("Which job is mine, and what's my name?": the name, and no "I don't know" before it)
    text = worked or (_each_once(answers) if answers and not all(a.startswith("I can't answer") for a in answers) and (len(
        set(answers)) > 1 or dropped) else compose(  # people?"
        request, missing))  # each asked, each answered
    if text.startswith(("Noted: ", *_UNSURE)) and not (worked or missing or results) and (asked := _pasted_question(message)):
        told, question = asked  # a text pasted with a question about it ("...Lunch will now be provided by Hartley's Deli
        answer = compose(Request.read(request.body, [*request.conversation[:request.last_user_index], {  # instead of the
            "role": "user", "content": told}, {"role": "assistant", "content": "Noted."}, {  # school kitchen. ... Is lunch
            "role": "user", "content": question}]), ())  # still provided by the school kitchen?"): answered from the text
        hueless = bool(set(_topic(question)) & stem_set("colour color")) and not _hue(told)  # (a colour the text never gives)
        text = text if answer.startswith((*_UNSURE, "I said")) or hueless else answer  # (not the "Noted." put between)
        asked, found = _lower_tokens(question), tokens(told)
        places = {b for a, b in itertools.pairwise(found) if a.lower() in ("in", "at", "to", "from", "via", "into", "near")}
        named = [found[0]] * (len(found) > 1 and found[0].istitle() and found[0].isalpha() and found[0].lower() not in STOP | (
            CALENDAR) and found[1].islower()) + [n for n in _proper_names(told, people=True) if n != found[0]]  # ("Aoife met
        # Brendan and Clara": Aoife too)
        towns = bool(set(words(question)) & stem_set("town city place village country"))
        named = [n for n in named if (n.split()[0] in places) == towns]  # people are no places ("...to Rosslare")
        text = ", ".join(named) + "." if asked[:1] in (["list"], ["name"]) and len(named) >= 2 and text.startswith(
            _UNSURE) else text  # "List the people named in this text: '...'": each name
    asked = (w for piece in sentences(instructions[:2000]) if _ANSWERING & set(words(piece)) and not set(words(piece)) & (
                 _HANDOFF | stem_set("hand transfer route"))  # not "Hand off Spanish speakers"
             for w in _lower_tokens(piece) if w in _LANGUAGES and w != "english"  # "Always answer in French"
             and (_lower_tokens(piece)[0] not in ("if", "when") or w == _language(message)))  # "If they speak..."
    if kind is None and (language := next(asked, None)):
        text += f"{'' if text[-1:] in '.!?' else '.'} I can only answer in English, not in {language.title()}."
    if kind is None and re.search(r"\b(?:only|just) (?:a|the|one) number\b", instructions[:2000], re.I):
        number = next((t for t in tokens(text) if _NUMBER.fullmatch(t)), None)  # "Reply with only a number"
        text = text if number is None else str(int(float(number))) if float(number).is_integer() else number
    script = _scripted_when(request) if kind is None and request.tools else None  # "If someone is locked
    text = f"{script} {text}" if script and script not in text else text  # out with a child inside, tell them to call
    text = _kept_secret(instructions, text)  # 999 first", whatever the tools returned
    keys = _json_keys(f"{instructions[:2000]}\n{message[:2000]}") if kind == "json_object" or kind in (None, "text") and any(
        "json" in piece.lower() and " keys" in piece.lower() and _lower_tokens(piece)[:1] in (
            ["reply"], ["return"], ["respond"], ["answer"], ["output"], ["give"]) and not {"never", "not", "don't"} & set(
            _lower_tokens(piece)) for piece in sentences(instructions[:2000])) and len(request.said) <= 1 else []  # "Reply only with a JSON object with
    # keys ...": JSON, as if the format asked for it
    if kind == "json_schema" or keys:
        schema = (form or {}).get("schema") or {} if not keys else {"properties": {key: {"type": _KEY_TYPES.get(
            key.split("_")[-1].lower(), "string")} for key in keys}}  # "age" holds a number
        fields = list(schema.get("properties") or ()) if isinstance(schema, Mapping) else []  # "the assignee is Raj"
        read = _told_before(request, fields) if kind == "json_schema" else request
        data = message.partition(": ")[2] if keys and "json" in message.lower().partition(": ")[0] else worked or ""
        if data.strip():  # "Return JSON with keys city and country for: I live in Porto.": what follows is the data
            read = Request.read(request.body, [*request.conversation[:request.last_user_index], {
                "role": "user", "content": data}])
        # free-text fields hold the answer to a question, else what the message says (not a "Noted: ...")
        answer = text if _is_question(read.message) else read.message.strip()
        filler: Any = Reader(read, answer, fields=fields)
        earlier = _still_said(request)[::-1]  # (newest first)
        if kind == "json_schema" and read is request and earlier and _KEEPS & set(words(instructions[:2000])):
            back = Request.read(request.body, [*request.conversation[:request.last_user_index], {
                "role": "user", "content": " ".join(earlier)}])  # "Keep my profile up to date": the age told before
            filler = _Layered(filler, Reader(back, answer, fields=fields))
        entries = [e.strip(" -*|") for e in instructions[:4000].replace("{", "\n- ").splitlines() if e.lstrip()[:1] in (
            "-", "*", "|") and facts(e)] * (answer is not text)  # a list of records ("- Summit Boot (SB-300) $129", JSON)
        shared = [len(set(words(e)) & set(words(read.message))) for e in entries]  # "I'd like the Summit Boot": the one
        record = entries[shared.index(max(shared))] if len(shared) > 1 and shared.count(max(shared)) == 1 and max(
            shared) else text * (answer is text and text.strip(" .") in instructions[:4000] and not any(
                f"{f.lower()}{cue}" in f"{text} {instructions[:4000]}".lower() for f in fields for cue in (" to ", "=")))  # it names, or asks of ("Is Halo in stock?": "Halo (Xbox)
        if record:  # 49 EUR"; not an order of how to fill a field: "Set is_off_topic to true if ...")
            filler = _Layered(Reader(Request.read(request.body, [{"role": "user", "content": record.replace(" (", ", ").replace(
                ")", "")}]), fields=fields), filler)
        filled = instance(schema, filler, owner=str((form or {}).get("name") or ""))
        text = json.dumps(filled, ensure_ascii=False)
    elif kind == "json_object":
        text = json.dumps({"answer": text}, ensure_ascii=False)
    return [message_item(text, fingerprint)]


#: Verbs of letting a thing out ("never reveal it", "don't share the code", "do not disclose the PIN").
_KEEP_FROM = stem_set("reveal share disclose divulge leak give given tell told mention")
#: Who an order to keep a thing names it is kept from ("never tell a customer the alarm code"): no word of the thing.
_AUDIENCE = frozenset("a an customer customers client clients guest guests visitor visitors member members user users caller "
                      "callers anyone anybody people public them him her out".split())
#: What an order to keep a thing names when it is the thing its own sentence tells ("..., never reveal it").
_THIS = frozenset("it this that them these those either both".split())  # ("Never share either.": the two just told)


@functools.lru_cache(maxsize=64)  # the same instructions come with every request of a conversation
def _secrets(instructions: str) -> tuple[tuple[str, str], ...]:
    """``(value, what it is)`` of each value the instructions say never to let out: of "The gate code is 4471 but you
    must never reveal it" (or "... - keep it secret"), 4471, "the gate code"; of "The PIN is 8812. Don't share the PIN.",
    8812 told in the sentence its object names; none for "The event starts at 7pm; never reveal the guest list"."""
    kept, told = [], sentences(instructions[:2000])
    for piece in told:
        said = _lower_tokens(piece)
        for k, word in enumerate(said):
            negated = any(w in ("never", "not", "don't", "mustn't", "cannot", "can't") or w.endswith("n't") for w in said[
                max(0, k - 3):k])
            hidden = next((j for j in range(k + 2, min(k + 7, len(said))) if said[j] in ("secret", "confidential", "private")),
                          0) if word == "keep" else 0  # "keep it secret", "Keep the alarm code confidential: it is 9090"
            if not (negated and stem(word) in _KEEP_FROM or hidden):
                continue
            thing = said[k + 1:hidden] if hidden else list(itertools.takewhile(lambda w: w not in ("to", "with", "and", "or"), [
                w for w in said[k + 1:k + 8] if w not in _AUDIENCE | {"ever"}]))[:5]  # (not "a customer")
            passive = [w for w in said[max(0, k - 2):k] if w not in ("not", "never")][-1:] in (["be"], ["been"], ["is"], ["are"])
            bare = not [w for w in said[k + 1:k + 4] if w not in ("out", "away")]  # "(private, do not give out)": of this
            thing = [w for w in thing if w not in ("out", "away")]  # sentence (not "(do not tell callers to email)")
            if not thing and not bare and not passive:
                continue
            thing = ["it"] if passive and not hidden or not thing else thing  # "it ... must not be shared in chat", "It is not shared":
            # what the sentence is of
            after = list(itertools.dropwhile(lambda t: t.lower() != word, tokens(piece)))[1:]
            inside = [t for t in after if any(c.isdigit() for c in t) or t.isupper() and len(t) > 2 and thing and (
                t.lower() == thing[-1])] if not hidden else []  # "Don't reveal the discount code STAFF40", (not the "API" of
            # "the API key")
            if inside:  # "never give out Morag's mobile number (07700 900777)": the value the order itself holds
                label = " ".join(t for t in after if t.lower() in thing and t not in inside and not t.startswith("("))
                kept += [(t, label) for t in inside]
                continue
            phrase = " ".join(w for w in thing[1:] if w not in ("the", "a", "an", "your", "our"))  # "Do not share where the
            where = thing[:1] and thing[0] in ("where", "when") and [one for one in told if one is not piece and f" {phrase} " in (
                f" {one.lower()} ")]  # key is kept": "The staff toilet key is kept under the brake-house mat"
            if where:
                kept.append((where[0][where[0].lower().find(phrase) + len(phrase):].strip(" .!"), "that"))
                continue
            if thing[:1] and thing[0] in _THIS or hidden and facts(piece):  # "..., never reveal it": this sentence's own
                head = list(itertools.takewhile(lambda w: w not in ("is", "are"), said[:k]))
                named = len(head) < k and not passive and not set(head) <= {"it", "this", "that", "they", "these", "those", "which"} and not (
                    head[:1] in (["this"], ["that"]) and head[1:2] in (["code"], ["pin"], ["password"], ["number"], ["link"], [
                        "passcode"], ["combination"]))  # ("This code is private: never share it": the code told before; not
                # "This prompt is confidential")
                aside = "(" in piece and piece.rfind("(") < piece.lower().rfind(f" {word}")  # "...: https://... (internal only,
                ones = [piece] if facts(piece) or not told.index(piece) or named or aside else [told[told.index(piece) - 1]]  # values ("Keep
                # the alarm code confidential: it is 9090" too), or the sentence's before ("The code is ZEBRA-77. Never
                # reveal it."; not of "The group link is private; never share it": the link, told nowhere)
            else:  # "Never share the door code": the sentence that tells the door code
                named = set(words(" ".join(thing))) - stem_set("the a an any your our") - _THIS
                ones = [one for one in told if (one is not piece or " is " in one) and named and named <= set(words(one.partition(
                    " is ")[0] if " is " in one else one.partition(" are ")[0]))]
            ones = [part for one in ones for part in (one.split(" and ") if one.count(" is ") > 1 else [one])]  # "The alarm
            for one in ones:  # code is 9034 and the Wi-Fi admin password is L0ftAdm!n": each value with its own label
                label = one.partition(" is ")[0] if " is " in one else f"the {one.partition(': ')[0]}" if ": " in one else ""
                # ("Staff WhatsApp group: https://...": the staff whatsapp group)
                label = label.lower() if label and len(label.split()) <= 5 else "that"
                label = " ".join(thing) if one is piece and hidden and thing[:1] and thing[0] not in _THIS else label
                kept += [(t.rstrip(".,;)"), label) for t in (one.partition(": ")[2] or one).split() if "://" in t]  # a link
                kept += [(" ".join(run), label) for run in digit_groups(one.partition(" is ")[2] or one)]  # ("0800 555
                # 0199" is one)
    return tuple(kept)


def _kept_secret(instructions: str, text: str) -> str:
    """``text`` with each sentence that holds a value the instructions say never to let out (:func:`_secrets`) put as
    a refusal ("I can't share the gate code: my instructions say not to.")."""
    low = instructions[:2000].lower()
    secrets = _secrets(instructions) if any(cue in low for cue in ("reveal", "share", "disclos", "divulg", "leak", "give", "tell", "mention",
                                                                  "secret", "confidential", "private")) else ()
    labels: dict[str, list[str]] = {}  # ("The alarm code is 9034 and the Wi-Fi admin password is ...": both named)
    for line, label in ((line, label) for secret, label in secrets for line in sentences(text) if whole_words_at(line, secret) or (
            "://" in secret and whole_words_at(line.lower(), secret.lower()) and not any(line.lower()[at + len(secret):at + len(
                secret) + 1] == "/" for at in whole_words_at(line.lower(), secret.lower())))):  # (a link as said, "Https://...")
        labels.setdefault(line, []).extend([label] * (label not in labels.get(line, [])))
    refusals = {line: f"I can't share {' or '.join(named)}: my instructions say not to." for line, named in labels.items()}
    for line in sentences(text) if secrets or any(cue in low for cue in ("reveal", "share", "disclos", "give", "tell")) else ():
        said = _lower_tokens(line)  # a kind of secret, whatever its value: "Never reveal a box PIN, even if it appears in
        refusals.update({line: f"I can't share {label}: my instructions say not to." for kind, label in _secret_kinds(  # the
            instructions) for k, w in enumerate(said) if stem(w) == kind and any(c.isdigit() for c in " ".join(said[k + 1:k + 2] + (
                said[k + 2:k + 3] if said[k + 1:k + 2] in (["is"], ["was"], [":"], ["="]) else []))) and (
                    not k or said[k - 1] in label.lower().split() or (said[k - 1] in STOP | _ENTRY if kind == stem("code") and set(
                        label.lower().split()) - {"the", "any", "all", "code", "codes"} else said[k - 1] not in _OTHER_CODES))}
                        if line not in refusals else {})  # ("Never share any codes": a shed's, a locker's, not an error's)
        # conversation." of "... - pin is 4471" (not "error code E42", "zip code 90210", "password changed 2 days ago")
    for line in sentences(text):  # the order itself, quoted back ("The group link is private; never share it in chat."):
        said = _lower_tokens(line)  # a refusal of what it keeps
        ordered = any(stem(w) in _KEEP_FROM and any(n in ("never", "not", "don't") or n.endswith("n't") for n in said[max(0, k - 3):k])
                      for k, w in enumerate(said))
        if ordered and line not in refusals and line.rstrip(" .") in instructions and " is " in line and len(
                line.partition(" is ")[0].split()) <= 6:
            refusals[line] = f"I can't share {line.partition(' is ')[0][:1].lower()}{line.partition(' is ')[0][1:]}: my instructions say not to."
    for line in list(refusals):  # "The manager is Lena Ortiz, reachable at 555-0177.": her name, not the number kept
        rest = [c for c in line.rstrip(" .!").split(", ") if not any(whole_words_at(c, secret) for secret, _ in secrets)]
        if rest and rest != line.rstrip(" .!").split(", ") and len(" ".join(rest).split()) >= 3 and " is " in rest[0]:
            refusals[line] = f"{', '.join(rest)}. I can't share more than that: my instructions say not to."
    kept = text
    for line, refusal in refusals.items():
        kept = kept.replace(line, refusal)
    return " ".join(dict.fromkeys(sentences(kept))) if refusals else kept


#: The words before "code" that make it a way in ("access code", "keypad, code: 5566"), as a door code is.
_ENTRY = frozenset("access keypad entry security lock alarm door gate safe".split())
#: The words before a PIN or a password that make it another kind than a secret one ("reset password 2 days ago").
_OTHER_CODES = frozenset("error zip post postal area country dialling dial promo promotional discount voucher coupon tracking "
                         "product item sort status reference booking order colour color dress qr bar source exit return "
                         "response http tax".split())


@functools.lru_cache(maxsize=256)
def _secret_kinds(instructions: str) -> tuple[tuple[str, str], ...]:
    """``(stem, what it is)`` of each kind of secret the instructions say never to let out, wherever its value is told
    (the conversation too): "Never reveal a box PIN" gives ``("pin", "the box PIN")``; only PINs, passwords and codes."""
    found = []
    for piece in sentences(instructions[:2000]):
        said, cased = _lower_tokens(piece), {t.lower(): t for t in tokens(piece)}
        for k, word in enumerate(said):
            if stem(word) in _KEEP_FROM and any(w in ("never", "not", "don't") or w.endswith("n't") for w in said[max(0, k - 3):k]):
                thing = list(itertools.takewhile(lambda w: w not in ("to", "with", "and", "or", "even", "if", "unless"), [
                    w for w in said[k + 1:k + 6] if w not in _AUDIENCE | {"ever", "a", "an", "the", "any", "your", "our"}]))
                if thing and stem(thing[-1]) in stem_set("pin password passcode passphrase code combination"):
                    found.append((stem(thing[-1]), "the " + " ".join(cased.get(w, w) for w in thing)))
    return tuple(found)


#: What a customer says who will not come again ("Not coming back", "never again"): blame, whatever came before.
_NOT_AGAIN = ("not coming back", "never coming back", "won't be back", "won't be coming back", "never again", "won't return",
              "not be returning", "won't be returning")


#: The points of the compass as options abbreviate them.
_POINTS = frozenset("N NE E SE S SW W NW".split())


#: Who an age said in a question is of: a person ("my 15 yr old", "a 7 year old friend", "She's 12"), not a thing ("a
#: 15 year old kart", "My boat is 10 years old").
_AGED = frozenset("i i'm im me we he she he's she's they son daughter kid kids child children boy girl friend friends "
                  "nephew niece grandson granddaughter grandchild brother sister teen teenager toddler baby".split())
#: Words that may follow a verb of doing ("my 10 year old climb while I watch", "...ski this weekend"), not a noun.
_LINKS = frozenset("while when until if because so but and or with without at this next on in today tomorrow tonight "
                   "again too here there please along over up out".split())
#: What may follow "my 15 yr old" when the age is a person's ("my 15 yr old come along", "...old son").
_AGED_AFTER = frozenset("come go join do book ride drive play swim attend want wants be get use try have is can could "
                        "will and with climb race dive enter compete sign register allowed boulder paddle ski sail skate "
                        "surf start fly learn take visit".split())


@functools.lru_cache(maxsize=256)  # asked of each half of a question, and again of the whole
def _age_limit(told: str, said: str) -> str | None:
    """The answer to a yes/no question of a person's age ("Can my 15 yr old come?", "My daughter is 10. Can she do
    the hawk walk?") when the instructions give a minimum age ("Minimum age 16", "aged 12 and over", "under-18s cannot
    be tattooed", "over-18s only"): "No: the minimum age is 16." below it, "Yes: ..." at or over it; of several limits,
    the one whose sentence (or the sentence before a bare "Minimum age 16.") the question names; else ``None`` (a
    thing's age, "How much is the 17-year-old malt?", or a question of something else the instructions tell)."""
    low, opening = _lower_tokens(said), {*_YES_NO, "can", "could", "may", "will", "would", "should"}
    asked = next((s for s in reversed(sentences(said)) if s.rstrip().endswith("?")), said)
    tagged = asked.rstrip(" ?").lower().endswith((", right", ", yes", ", ok", ", correct", " isn't it", " can't they",
                                                   " can't he", " can't she"))  # "my 15 yr old can drive them, right?"
    follow = len(low) <= 8 and (low[:1] == ["and"] or low[:2] in (["what", "about"], ["how", "about"])) and asked.rstrip().endswith("?")
    if not any(_lower_tokens(part)[:1] and _lower_tokens(part)[0] in opening for part in asked.split(", ")) and not (
            "allowed" in low or tagged or follow):  # "im 15, can i book for saturday?" (not "How much is the 17-year-old
        # malt?"); a short follow-up, "and my 13 year old?"
        return None
    ages = []
    for k, t in enumerate(low):
        before, after = low[k - 1] if k else "", low[k + 1] if k + 1 < len(low) else ""
        number = "".join(itertools.takewhile(str.isdigit, t))
        if not number:
            continue
        aged = t.endswith("yo") or "-year" in t or after in ("yr", "yrs", "year", "years", "yo")
        if aged:  # "my 15 yr old come", "a 7 year old friend" (not "a 15 year old kart", "My boat is 10 years old")
            rest = [w for w in low[k + 1:k + 6] if w not in ("yr", "yrs", "year", "years", "old", "yo")]
            subject = low[k - 2] if before == "is" and k > 1 else before.partition("'")[0] if before.endswith("'s") else ""
            person = subject in _AGED or subject and tokens(said)[k - 2 if before == "is" else k - 1][:1].isupper() if (
                subject) else rest[:1] and rest[0] in _AGED or before in ("my", "our", "a", "an", "his", "her", "their") and (
                    not rest or rest[0] in _AGED_AFTER | STOP) and not (len(rest) > 1 and rest[0] not in STOP and rest[
                        1].isalpha() and rest[1] not in STOP | _AGED | _LINKS and not rest[1].endswith("ing"))  # "my 15 yr old come", "a 7 year old friend",
            # "he's 9" (not "My 9 year old ski jacket is too small", "my 8 year old sail boat")
            if not person:  # (not "a 15 year old kart", "My boat is 10 years old", "a book that's 100 years old")
                continue
        elif not (before in ("aged", "age") or before in ("is", "she's", "he's", "i'm", "im", "turned", "turns", "turning") and (
                not after or after in STOP | opening) and (before != "is" or k > 1 and (low[k - 2] in _AGED or tokens(
                    said)[k - 2][:1].isupper()))):
            continue
        ages.append(int(number))
    limits = []
    pieces = sentences(told)
    for at, piece in enumerate(pieces):
        lt = _lower_tokens(piece)
        for k, t in enumerate(lt):
            near = [w.rstrip("+") for w in lt[k + 1:k + 8] if w.rstrip("+").isdigit()]
            found = int(near[0]) if near and ((t in ("minimum", "min") and lt[k + 1:k + 2] == ["age"] or t == "age" and lt[
                k + 1:k + 2] == ["limit"]) or t == "aged" and any(w in ("over", "up", "above", "older") for w in lt[k + 2:k + 5])) else (
                int(t.partition("-")[2].rstrip("s")) if t.startswith("under-") and t[6:].rstrip("s").isdigit() and {
                    "cannot", "can't", "not", "no", "never"} & set(lt) or t.startswith("over-") and t[5:].rstrip(
                        "s").isdigit() and "only" in lt else int(lt[k + 2]) if t == "must" and lt[k + 1:k + 2] == ["be"] and lt[
                            k + 2:k + 3] and lt[k + 2].isdigit() and lt[k + 3:k + 5] in (["or", "over"], ["or", "older"], [
                                "and", "over"], ["or", "above"]) and k and _of_people(lt[k - 1]) and not set(_lower_tokens(
                                    _clause_after(piece, f"{lt[k + 2]} {lt[k + 3]} {lt[k + 4]}"))) & {
                                    "unsupervised", "alone", "unaccompanied", "own", "without", "solo"} and not set(lt[k + 5:k + 7]) & (
                                    MEASURE_WORDS | {"in", "inches", "tall"}) else None)  # "Patients must be 16 or over" (not
            # "Riders must be 120 or over in cm", "Orders must be 10 or over", "14 or over to climb unsupervised")
            if found is not None:  # a bare "Minimum age 16." is of the sentence before it, or of "That applies to ..."
                bare = not set(words(piece)) - stem_set("minimum min age limit aged over under and") - {str(found)}
                applies = at + 1 < len(pieces) and pieces[at + 1].lower().startswith((
                    "that applies", "this applies", "that is for", "that's for", "this is for"))
                limits.append((found, {at, at + 1} if bare and applies else {at, at - 1} if bare and at else {at}))
    if len(set(ages)) != 1 or not limits or not 0 < ages[0] < 120:
        return None
    topic = set(words(said)) - stem_set("old year years yr age aged can could may my i") - {str(a) for a in ages}
    shared = [len(topic & set(words(piece))) for piece in pieces]
    own = [(limit, max(shared[at] for at in ats if at >= 0)) for limit, ats in limits]
    best = max(n for _, n in own)
    chosen = {limit for limit, n in own if n == best}
    elsewhere = max((n for at, n in enumerate(shared) if not any(at in ats for _, ats in limits) and not pieces[
        at].startswith("You ")), default=0)  # (not "You are the assistant for Summit Climbing Wall")
    plain = set(low) - {"my", "can", "right", "i", "a", "the", "is", "are", "be", "to"}  # "...can stay until 9pm, right?" of "Children are welcome
    near = [len(plain & set(_lower_tokens(piece))) for piece in pieces]  # until 8pm", not of "Under-18s cannot be served"
    elsewhere = max(elsewhere, *(n for at, n in enumerate(near) if not any(at in ats for _, ats in limits) and not (
        pieces[at].startswith("You ")) and n > max(near[at] for _, ats in limits for at in ats if at >= 0)), 0)
    ruled = {at for _, ats in limits for at in ats}
    ages_told = any(set(_lower_tokens(piece)) & {"everyone", "anyone", "ages", "age", "children", "kids", "adults", "aged",
                                                 "juniors", "seniors", "toddlers", "babies", "infants", "teens", "teenagers",
                                                 "younger", "older", "families", "family", "suitable", "under", "over",
                                                 "little"} or "under-" in piece or "over-" in piece or "friendly" in piece
                    for at, piece in enumerate(pieces) if at not in ruled and not piece.startswith("You ") and shared[
                        at])  # (one limit, no other sentence of ages that the question names: "Group
    one = len({limit for limit, _ in limits}) == 1 and not ages_told  # lessons are 2 hours ... Minimum age is 8." is of
    if len(chosen) != 1 or not one and (elsewhere > best or elsewhere == best > 0) or len({  # the lessons too)
            limit for limit, _ in limits}) > 1 and not best:
        return None  # "Can my son drive the junior karts?" of "Junior karts are open to everyone"
    limit = chosen.pop()
    also = [c.strip(" .").removeprefix("but ").removeprefix("But ") for piece in pieces for c in piece.replace(";", ",").replace(
        ", and ", ",").split(",") for said in [_lower_tokens(c)] if any((t.startswith("under-") and t[6:].rstrip("s").isdigit() and (
            ages[0] < int(t[6:].rstrip("s"))) or t == "under" and n.isdigit() and ages[0] < int(n) and (_of_people(b) or a in (
                "year", "years", "yrs", "s")) or t.count("-") == 1 and t.replace("-", "").isdigit() and n in ("year", "yr") and int(
                    t.partition("-")[0]) <= ages[0] <= int(t.partition("-")[2])) for b, t, n, a in zip(["", *said], said, [
                        *said[1:], ""], [*said[2:], "", ""]))] if ages[0] >= limit else []  # "Under-18s need a parent's
    # signature", "children under 14 ...", "16-17 year olds need consent": what else holds at that age (not "orders under
    # 50 pounds")
    also = [next((p.strip(" .") for p in pieces if one in p), one) if len(one.split()) <= 4 else one for one in also]  # ("Under 9
    # years old, coders use the blocks course": the sentence, not its first words)
    but = f", but {also[0][:1].lower()}{also[0][1:]}" if also else ""
    if ages[0] < limit and (granted := [c.strip(" .") for piece in pieces for c in piece.replace(";", ",").split(",") if _granted(
            c, ages[0])]):  # "minimum age 16; 14 and 15 year olds may volunteer with a parent": the exception, no "No"
        return f"The minimum age is {limit}, but {granted[0][:1].lower()}{granted[0][1:]}."
    return f"{'No' if ages[0] < limit else 'Yes'}: the minimum age is {limit}{but}."


def _granted(clause: str, age: int) -> bool:
    """Whether a clause lets people of ``age`` in by name: "14 and 15 year olds may volunteer with a parent", "12-13 year
    olds can ride with an adult" (the ages listed or spanned before "year olds", and a "may"/"can")."""
    said = _lower_tokens(clause)
    at = next((k for k, t in enumerate(said) if t in ("year", "years", "yr") and said[k + 1:k + 2] in (["olds"], ["old"])), -1)
    named = {int(n) for t in said[max(0, at - 4):at] for n in t.split("-") if n.isdigit()} if at > 0 else set()
    spanned = any(t.count("-") == 1 and t.replace("-", "").isdigit() and int(t.partition("-")[0]) <= age <= int(
        t.partition("-")[2]) for t in said[max(0, at - 2):at])
    barred = {"cannot", "can't", "mustn't", "never", "won't"} & set(said) or any(a in ("may", "can", "are", "is", "will", "shall") and (
        b == "not") for a, b in itertools.pairwise(said))
    return (age in named or spanned) and bool({"may", "can", "allowed", "welcome"} & set(said[at:])) and not barred  # (not
    # "8-11 year olds may not drive"; but "... with no extra charge")


#: Units a limit may be given in, by the words that write them (a length, a weight).
_LIMIT_UNITS = {"m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m", "ft": "ft", "feet": "ft", "cm": "cm",
                "kg": "kg", "kilo": "kg", "kilos": "kg", "kgs": "kg", "tonne": "t", "tonnes": "t", "t": "t", "lb": "lb", "lbs": "lb"}


def _measures(text: str) -> list[tuple[float, str, int]]:
    """Each length or weight ``text`` gives, as (number, unit, token index): "23m", "118 kg", "21 metres"."""
    found = _lower_tokens(_in_digits(text))
    out = []
    for k, t in enumerate(found):
        number = t[:len(t) - len(t.lstrip("0123456789."))]
        unit = t[len(number):] or (found[k + 1] if k + 1 < len(found) else "")
        if number and _NUMBER.fullmatch(number) and unit in _LIMIT_UNITS:
            out.append((float(number), _LIMIT_UNITS[unit], k))
    return out


def _measure_limit(told: str, said: str) -> str | None:
    """"No: <the rule>" for a yes/no question whose length or weight the instructions' limit rules out ("my narrowboat
    is 23m, can I go through lock 7?" of "Boats over 21 metres cannot use lock 7."; "he weighs 118kg, can he fly?" of
    "maximum 110 kg"): a limit after over/more than/above/longer/heavier/max/maximum/up to (a most) or
    under/less than/below/min/minimum/at least (a least), in the same unit, in a sentence that shares a word with the
    question (a most "over" also needs a no: cannot, can't, not, no); else ``None`` (within it, or no such rule)."""
    low = _lower_tokens(said)
    if not set(low) & {"can", "could", "may", "allowed", "ok", "okay", "fine", "alright"} or len(given := _measures(said)) != 1:
        return None  # (a permission asked: not "will that be a problem?", whose no would say the opposite)
    value, unit, _ = given[0]
    size = stem_set("weight weigh weighs heavy" if unit in ("kg", "t", "lb") else "length long tall height")  # (the
    topic = (set(words(said)) - stem_set("can could may will i my he she it we our is use go get take have bring put") - {
        stem(t) for t in low if any(c.isdigit() for c in t)} - {stem(u) for u in _LIMIT_UNITS}) | (size if set(words(said)) & size or unit in ("kg", "t", "lb") else (
            set()))  # measure's own
    # word: "weighs 118kg" of "maximum weight")
    def tier(piece: str, number: float) -> bool:  # a price's or an allowance's tier ("Parcels up to 2 kg cost £3.50",
        clause = next((c for c in piece.replace(";", ",").split(",") if f"{number:g}" in _in_digits(c)), piece)  # "up to
        return bool(_currencies(clause)) or bool({"free", "extra", "cost", "costs"} & set(_lower_tokens(clause))) or "up to" in (
            clause.lower()) and bool({"heavier", "longer", "larger", "bigger", "taller", "otherwise"} & set(_lower_tokens(piece))) and (
                not {"cannot", "can't", "not", "no", "never"} & set(_lower_tokens(piece)))
    # (23 kg travel free"; "up to 12 m; longer boats moor on the outer pontoon": a place for each, no limit)
    shared = {piece: len(set(words(piece)) & (topic | related(topic - size))) for piece in sentences(told) if any(
        u == unit and not tier(piece, n) for n, u, _ in _measures(piece))}  # the one limit of that unit that names most of the question ("Riders
    best = max(shared.values(), default=0)  # must weigh at least 40 kg", not "The cargo bike carries up to 80 kg")
    pieces = [piece for piece, n in shared.items() if n == best and n]
    verdicts = [_over_limit(piece, value, unit, tier) for piece in pieces]  # (of limits as near the question, a no only
    return verdicts[0] if verdicts and None not in verdicts else None  # if it breaks each: "Can a van carry 1000 kg?" of
    # a small van's 800 kg and a large one's 1500 kg is no "No")


def _over_limit(piece: str, value: float, unit: str, tier: Callable[[str, float], bool]) -> str | None:
    """"No: ..." when ``value`` (in ``unit``) breaks a limit ``piece`` gives, else ``None`` (see :func:`_measure_limit`)."""
    said = _lower_tokens(_in_digits(piece))
    barred = {"cannot", "can't", "not", "no", "never"} & set(said)
    for number, limit_unit, k in _measures(piece):
        alone = len(_measures(piece)) == 1  # "Maximum weight on the trampolines is 110 kg." (not "Minimum 30 kg, maximum 120 kg")
        cue = " ".join(said[max(0, k - 2):k]) + " max" * (alone and said[:1] in (["maximum"], ["max"])) + " min" * (alone and said[
            :1] in (["minimum"], ["min"]))
        most = any(c in cue for c in ("over", "more than", "above", "longer than", "heavier than", "max", "up to", "exceed"))
        least = any(c in cue for c in ("under", "less than", "below", "min", "at least", "shorter than", "lighter than"))
        if limit_unit != unit or tier(piece, number) or not (most or least):
            continue
        if most and value > number and (barred or "max" in cue or "up to" in cue):
            return f"No: {piece.rstrip('.')}." if barred else f"No: the maximum is {number:g} {unit}."
        if least and value < number and ("min" in cue or "at least" in cue):
            return f"No: the minimum is {number:g} {unit}."
    return None


@functools.lru_cache(maxsize=256)
def _ruled_out(told: str, said: str) -> str | None:
    """"No: <the sentence>" for a yes/no question the instructions rule out: a thing named in capitals that a list of
    such things "only" leaves out ("Can I print in ABS?" of "3D printers: PLA and PETG only."), or money back of what is
    "non-refundable" ("... can I get it back if I cancel?" of "Deposits are £50 and non-refundable."); else ``None``."""
    low = _lower_tokens(said)
    if not set(low) & {*_YES_NO, "can", "could", "may", "will"}:
        return None
    back = "refund" in low or any(a == "get" and "back" in low[k + 1:k + 4] for k, a in enumerate(low)) or "refundable" in low
    caps = [t for t in tokens(said) if len(t) >= 2 and t.isupper() and t.isalpha() and t != "OK"]
    topic = set(words(said)) - stem_set("refund refundable money back get cancel cancelling can could will i my it if "
                                        "anything any want like one please")  # of what: "the deposit" (none of "can I get it back?")
    persona = {w for piece in sentences(told) if piece.startswith("You ") for w in words(piece)}  # "You answer for StarStage"
    alone = sum(stem("refund") in {stem(w.replace("non-", "")) for w in _lower_tokens(piece)} | set(words(piece)) for piece in (
        sentences(told))) <= 1  # (no thing named: the one sentence of refunds, not "Monthly plans have no refunds" beside
    # "Annual plans can be refunded")
    for piece in [clause for one in sentences(told) for part in one.split("; ") for clause in part.split(". ")]:
        lt = _lower_tokens(piece)  # (each clause: "...; event tickets are non-refundable", "Bloom & Co. Gift cards are...")
        subject = list(itertools.takewhile(lambda w: w not in ("is", "are", "was", "were", "has", "have", "can", "cannot",
                                                               "must", "will", "for", "of", "on", "in"), lt))
        head = set(words(" ".join(subject))) - stem_set("the our your all any")  # "The booking deposit"; "Booking fees for
        head = head if head & (topic | related(topic)) else set()  # tours": booking fees, of no tour
        others = {w for one in sentences(told) if piece not in one and not one.startswith("You ") for w in words(one)}
        if back and (not topic and alone or topic and head and not (topic - persona) & (
                others - set(words(piece)))) and (any(w in (
                "non-refundable", "nonrefundable") for w in lt) or any(a in ("no", "not") and b.startswith("refund") for a, b in (
                    itertools.pairwise(lt)))):  # of the thing it is of: "Tickets are non-refundable" of "my StarStage
            return f"No: {piece}"  # tickets" (not "Monthly plans have no refunds" of the annual plan)
        listed = [t for t in tokens(piece) if len(t) >= 2 and t.isupper() and t.isalpha()]
        heads = {w[:5] for w in low if len(w) >= 5 and w not in STOP}  # "print" of "3D printers"
        if caps and "only" in lt and len(listed) >= 1 and not set(caps) & set(listed) and heads & {w[:5] for w in lt}:
            return f"No: {piece}"
    return None


def _compass(text: str) -> list[str]:
    """The points of the compass ``text`` names, as abbreviated: "a south-west roof" → ``["SW"]``, "facing east" →
    ``["E"]``, "northeast" → ``["NE"]``."""
    found = tokens(text[:400])
    named = {k for k, (t, after) in enumerate(itertools.pairwise([*found, ""])) if t[:1].isupper() and after[:1].isupper()}
    said = [w for k, t in enumerate(found) if k not in named for w in t.lower().replace("-", " ").split()]  # (not "West
    # Ham", "North Street": names)
    said = [part for w in said for part in ((w[:5], w[5:]) if w[:5] in ("north", "south") and w[5:] in ("east", "west") else (w,))]
    points, skip = [], False
    for w, after in itertools.pairwise([*said, ""]):
        if skip:
            skip = False
        elif w in ("north", "south", "east", "west"):
            skip = w in ("north", "south") and after in ("east", "west")
            points.append((w[0] + after[0] if skip else w[0]).upper())
    return points


def _turned_tone(text: str, turns: bool) -> tuple[str, list[str]] | None:
    """The side a message of praise and blame comes down on, and the words that say so: blame when it says the writer
    will not come again ("... Not coming back."), else (if ``turns``: no neutral option to take for a message of both
    sides) the side of what follows its last "but" ("The food was lovely but the service was rude": negative);
    ``None`` for a message of one side, or of no turn."""
    cues = {tone: related({stem(tone)}) for tone in ("positive", "negative")}

    def sides(part: str) -> dict[str, list[str]]:  # the words of praise and of blame ("not friendly": blame)
        found, said = _lower_tokens(part), {"positive": [], "negative": []}
        for before, w in zip(["", *found], found):
            flipped = before in ("not", "no", "never") or before.endswith("n't")
            for tone, other in (("positive", "negative"), ("negative", "positive")):
                if stem(w) in cues[tone]:
                    said[other if flipped else tone].append(w)
        return said
    for piece in sentences(text):  # "Not coming back." (not "... not coming back to London, but best croissants ever")
        low = " ".join(_lower_tokens(piece))
        if (said := [cue for cue in _NOT_AGAIN if f" {cue} " in f" {low} "]) and not sides(piece)["positive"]:
            return "negative", said
    low = " ".join(_lower_tokens(text))
    at = low.rfind(" but ") if turns else -1
    if at < 0:
        return None
    before, after = sides(low[:at]), sides(low[at + 5:])  # what follows "but" weighs twice what precedes it ("lovely,
    score = {tone: len(before[tone]) + 2 * len(after[tone]) for tone in cues}  # brilliant, kind, spotless but the wifi was
    tone = max(score, key=lambda t: score[t])  # a bit slow": positive)
    return (tone, after[tone] or before[tone]) if score[tone] > score["negative" if tone == "positive" else "positive"] else None


def _newest_number(request: Request) -> float | None:
    """The first number of this turn's newest tool result that has one, else of the latest message."""
    for text in [output for _, output, _ in request.this_turn[2][::-1]] + [request.message]:
        if found := [float(t) for t in tokens(text[:2000]) if _NUMBER.fullmatch(t)]:
            return found[0]
    return None


#: Words that ask what a thing cost ("What did that cost?").
_COST_WORDS = frozenset("cost costs price".split())
#: Verbs that end as a noun of a doer does ("remember", not "locker"): a tool's name opening with one acts.
_ER_VERBS = frozenset("remember register answer deliver enter order filter cover recover discover transfer offer alter render "
                      "gather consider master lower".split())
#: Parts of the body, as a field of one (``body_part``) takes them ("Left knee, pain 7/10": knee).
_BODY_PARTS = frozenset("head neck shoulder shoulders back spine hip hips knee knees ankle ankles foot feet toe toes hand "
                        "hands wrist wrists elbow elbows arm arms leg legs thigh thighs calf calves shin shins hamstring "
                        "groin chest rib ribs jaw eye eyes ear ears finger fingers thumb heel heels achilles".split())
#: The words of a unit a tool's option abbreviates ("12 oz in grams": g), as stems.
_UNIT_NAMES = {code: stem_set(names) for code, names in (pair.split(":") for pair in (
    "g:gram grams|kg:kilo kilos kilogram kilograms|oz:ounce ounces|lb:pound pounds lbs|lbs:pound pounds|mg:milligram "
    "milligrams|ml:millilitre millilitres milliliter milliliters|l:litre litres liter liters|cm:centimetre centimetres "
    "centimeter centimeters|mm:millimetre millimetres|m:metre metres meter meters|km:kilometre kilometres kilometer "
    "kilometers|mi:mile miles|ft:foot feet|in:inch inches|c:celsius centigrade|f:fahrenheit|k:kelvin").split("|"))}

#: Words before an amount that make it a price each or a limit, not a part of a total ("at £20", "under $50").
_RATES = frozenset("at each per under over than below above within".split())


def _by_rates(instructions: str, text: str) -> str | None:
    """A quantity of ``text`` converted by a rate the instructions give ("1 mile = 1.609 km, 1 lb = 0.4536 kg": "50
    pounds" is "22.68 kg"), a unit known by its other names ("lb", "pounds"); else ``None``."""
    def unit(word: str) -> Any:
        word = word.lower().rstrip(".")
        return _SECONDS.get(word) or _SECONDS.get(word.removesuffix("s")) or stem(word)

    rates = []
    for piece in instructions[:2000].replace(";", ",").replace(". ", ",").split(","):
        left, equals, right = piece.partition("=")
        said = tokens(left)
        (n, *named), (m, *to) = next((said[k:k + 2] for k, t in enumerate(said) if _NUMBER.fullmatch(t)), [""]), tokens(
            right)[:2] or [""]  # "1 gallon (US) = 3.785 L"
        if equals and named and to and _NUMBER.fullmatch(n) and _NUMBER.fullmatch(m) and float(n):
            rates.append((unit(named[0]), float(m) / float(n), to[0]))
    said = tokens(_in_digits(text[:400]))
    for number, word in itertools.pairwise(said):
        for source, rate, target in rates:
            if _NUMBER.fullmatch(number) and unit(word) == source:
                return f"{number} {word} = {f'{float(number) * rate:.2f}'.rstrip('0').rstrip('.')} {target}"
    return None


def _number_fact(text: str) -> str | None:
    """Whether the number a question names is prime, even or odd ("Is 91 prime?": "No: 91 = 7 × 13.")."""
    said = _lower_tokens(text)
    kind = next((w for w in said[2:5] if w in ("prime", "even", "odd")), None)  # the question's last word: "Is 10 even
    if said[:1] != ["is"] or not said[1:2] or not said[1].isdecimal() or kind is None or int(said[1]) > 10**10 or said[  # enough
            -1] not in (kind, "number") or not text.rstrip().endswith("?"):  # for a party?" asks no parity
        return None
    n = int(said[1])
    if kind == "prime":
        factor = next((d for d in range(2, int(n ** 0.5) + 1) if n % d == 0), None)
        return f"No: {n} is not prime." if n < 2 else f"Yes: {n} is prime." if factor is None else (
            f"No: {n} = {factor} × {n // factor}.")
    holds = n % 2 == (kind == "odd")
    return f"{'Yes' if holds else 'No'}: {n} is {kind if holds else {'even': 'odd', 'odd': 'even'}[kind]}."


def _handoff_when(request: Request) -> list[Tool]:
    """The desk an instruction hands this turn's newest number to on a condition it meets: "If it's odd, hand off to
    the multiply agent" after a tool returned 37 (odd, even, over/above/more than N, under/below/less than N)."""
    value, desks = _newest_number(request), [t for t in request.tools if t.handoff]
    for sentence in sentences(request.instructions[:2000]) if value is not None and desks else []:
        condition, _, action = sentence.partition(",")
        said = _lower_tokens(condition)
        bound = [float(t) for t in said if _NUMBER.fullmatch(t)][:1]
        holds = value.is_integer() and int(value) % 2 == 1 if "odd" in said else value.is_integer() and int(
            value) % 2 == 0 if "even" in said else bool(bound) and (value > bound[0] if set(said) & {
                "over", "above", "greater", "more", "exceeds"} else value < bound[0] if set(said) & {
                "under", "below", "less", "fewer"} else False)
        if said[:1] in (["if"], ["when"]) and holds:  # the desk by its name, or by its name's stem ("multiplier")
            return [t for t in desks if {w[:6] for w in t.name_stems - _HANDOFF} & {w[:6] for w in words(action)}][:1]
    return []


#: Words of a grievance, which a complaints desk takes ("The stylist was rude to me", "I'm really upset").
_GRIEVANCE = frozenset("rude upset unhappy disappointed disappointing angry furious complain complaint terrible awful worst "
                       "unacceptable appalling disgusted dissatisfied".split())
#: Words of a routing rule that say nothing of the message it routes ("If the customer asks about...", "Questions...").
_ROUTING_WORDS = stem_set("if when customer user client someone caller asks asking question questions about anything "
                          "related regarding involving mentions wants needs")
#: Words of a result that stop the next step ("Check availability before booking": not when it says unavailable).
_REFUSED = frozenset("false unavailable no not none 0 denied failed invalid mismatch".split())


#: A post's parts, as :func:`_role_at` reads them: the role (its title), the employer, the place.
_POST_PARTS = (stem_set("title role position job"), stem_set("company employer organization organisation firm"),
               stem_set("location city place office"))


def _role_at(text: str) -> tuple[str, str, str] | None:
    """A post as a job posting's first sentence names it, "<Role> at <Company>, <Place> (...)": the three parts
    ("Senior Backend Engineer", "Fernwood Labs", "Berlin"), the place empty when not said; else ``None``."""
    first = (sentences(text[:400]) or [""])[0]
    role, at, rest = first.partition(" at ")
    if not at or not 1 <= len(role.split()) <= 6 or not rest[:1].isupper() or sum(w[:1].isupper() for w in role.split(
            )) * 2 < len(role.split()) or role.split()[0].lower() in STOP:  # "I work at Acme": no post
        return None
    company, _, place = rest.partition(",")
    return role.strip(), company.split(" (")[0].strip(" ."), place.split("(")[0].strip(" .")


def _numbered(text: str) -> list[str]:
    """The items of a list numbered in one line ("1) open any report 2) click Export 3) choose PDF"), the last up to
    its sentence's end; none unless two or more."""
    parts, k, at = [], 1, text.find("1) ")
    while at >= 0:
        after = text.find(f"{k + 1}) ", at)
        parts.append(text[at + len(f"{k}) "):after if after >= 0 else None].strip(" .;,"))
        at, k = after, k + 1
    return [*parts[:-1], parts[-1].split(". ")[0].split("\n")[0].strip(" .")] if len(parts) >= 2 else []


def _versioned(token: str) -> bool:
    """Whether a token is a version number: "3.2.1", "v2.0" (digits parted by dots, a "v" before them)."""
    bare = token.removeprefix("v").removeprefix("V")
    return "." in bare and all(part.isdigit() for part in bare.split("."))


def _counted_things(text: str, options: frozenset[str] = frozenset()) -> list[str]:
    """What each count of ``text`` counts, without the options another field takes ("2 large serving bowls and one
    medium vase": serving bowls, vase; "3 x teapot (medium)": teapot)."""
    said, out = tokens(_in_digits(text[:2000])), []
    for at, count in enumerate(said):
        rest = said[at + 1:][said[at + 1:at + 2] == ["x"]:]
        thing = [w for w in itertools.takewhile(lambda w: w.isalpha() and w.lower() not in STOP | CALENDAR, rest)
                 if w.lower() not in options]
        after = rest[len(thing):len(thing) + 1] if len(thing) == 1 else []  # "2 pairs of gloves": gloves
        thing = list(itertools.takewhile(lambda w: w.isalpha() and w.lower() not in STOP, rest[2:])) if after == [
            "of"] else thing
        if (_NUMBER.fullmatch(count) or count.lower() in _COUNT_WORDS or count.lower() == "one") and thing and not stem(
                thing[0].lower()) in related({stem("currency")}):  # "one medium vase"
            out.append(" ".join(thing[:3]))
    return out


def _phones(text: str) -> list[str]:
    """The phone numbers ``text`` gives, whole ("+351 912 345 678", "07700 900123"); not a date ("2025-08-09")."""
    return [p for p in _PHONE.findall(text) if _phone_like(p) and not _DATE.fullmatch(p)]


def _phone_like(token: str) -> bool:
    """Whether a token is written as a phone number is (:data:`_PHONE`, seven digits or more)."""
    return bool(_PHONE.fullmatch(token)) and sum(map(str.isdigit, token)) >= 7


def _own_ids(text: str, field: frozenset[str], own: frozenset[str] = frozenset(), others: frozenset[str] = frozenset(
        )) -> list[str]:
    """The identifiers of ``text`` (:func:`identifiers`), its own label's first, those another noun labels left out if
    any other is there: for ``order_id``, "PC-2231" of "Return R-2231 started for PC-2231"; a verb or a word of the
    tool's ``own`` name labels none ("enroll S204518 in HIST150"), a word of the tool's ``others`` fields labels theirs
    ("Add HIST150 to my classes, ID S204518": S204518 is the student_id, not the course_code)."""
    found, said = identifiers(text), [w.lower() for w in tokens(text)]
    labels = {i: said[at - 1] for i in found if (at := said.index(i.lower()) if i.lower() in said else 0) > 0}
    other = [i for i, label in labels.items() if stem(label) in others - field or label.isalpha() and len(label) > 2 and (
        label not in STOP | {"via", "under", "onto", "into", "about", "per", "towards", "toward", "using"} | ({"against"} if (
            said[said.index(i.lower()) - 2:said.index(i.lower()) - 1] or [""])[0] not in ("i'm", "am", "we're") else set(
                ))) and not {stem(label)} & (field | _ID | own | _VERBS | _CHANGES) and " of the " not in " ".join(
                    ["", *said[max(0, said.index(i.lower()) - 4):said.index(i.lower()) - 1], ""])]  # ("log 2 hours against
    # PRJ-88": no noun labels it; "I'm against PRJ-88 being closed" is no logging to it; "24 of the sweet vermouth
    # VER-SWT-75": the code of the thing counted)
    return sorted((i for i in found if i not in other), key=lambda i: stem(labels.get(i, "")) not in field) or found


#: The verbs of tools that buy, book or enter: a statement ("pattern needs 7 skeins") calls none of them.
_BUYS = stem_set("order buy purchase book reserve pay place hire rent enter enrol enroll subscribe checkout charge donate")
#: Words that open a message without saying anything ("no wait, ...", "oh actually, ...").
_ASIDES = frozenset("no nope wait oh ok okay hmm um actually sorry lol right so well".split())


def _acts_on_news(instructions: str, tool: Tool) -> bool:
    """Whether the instructions tell the model to use a tool on what the user tells ("Charge the customer when they tell
    you the total", "Enter every expense the user mentions", "Pay invoices the user approves")."""
    verb = stem(tool.name.replace("-", "_").split("_")[0].lower())
    return any(verb in words(s) and any(cue in s.lower() for cue in ("when ", "whenever", "every ", "mention", "tell", "give",
                                                                       "approve", "they say", "user says")) for s in sentences(instructions[:2000]))


def _tells_only(message: str, tools: Sequence[Tool], noted: bool = False) -> bool:
    """Whether a message only tells how things are ("his fav colour is teal but his mum says he's into mustard now"):
    a statement whose first clause has a subject before its verb ("is", "says", "likes"...), no number, no question and
    no word that asks for a deed ("please", "want", "book", a tool's own verb); or, ``noted``, a correction of a
    statement the model noted ("no wait, pattern needs 7 skeins not 6"). A careful model notes it; it orders, books or
    pays nothing ("the squad needs 4 boats" still asks for them)."""
    said = _lower_tokens(message)
    first = list(itertools.dropwhile(lambda t: t.strip(",.!") in _ASIDES, _lower_tokens(_CLAUSE.split(message[:400])[0])))
    # (after "no wait,")
    verbs = {stem(t.name.replace("-", "_").split("_")[0].lower()) for t in tools}
    asking = _CHANGES | _ENROLS | {stem(w) for w in _ACTING} | verbs | stem_set("get send")
    cues = {"please", "pls", "plz", "want", "wanna", "like", "need", "let's", "lets", "ahead", "can", "could", "would", "will"}
    told = next((k for k, t in enumerate(first) if t in ("is", "are", "was", "were", "says", "said", "likes", "prefers", "loves",
                                                          "hates") or t in ("he's", "she's", "it's", "that's", "there's") and k or t in ("needs", "need") and (
        noted)), 0)  # ("the group needs 4 bikes" asks for them, unless it corrects a note: "no wait, the pattern needs 7")
    cued = [t for t in said if t in cues and t != first[told]] if told else []  # ("the bottles need to be 750ml": news)
    subject = first[:told]  # "pattern", "his fav colour": no "fan to 9" (a setting asked for), no number, no "add ..."
    counted = any(t[:1].isdigit() or t in _COUNT_WORDS for t in said)  # ("the water bill is 36.20 to Yorkshire Water"
    return (noted or not counted) and told > 0 and not any(t in ("to", "for", "at", "-", "one", "but", "no") for t in (  # gives
        subject)) and stem(  # values to act on)
        first[0]) not in _VERBS and not _is_question(message) and not {stem(t) for t in said} & asking and not cued and first[0] not in (
        "i", "i'm", "i'd", "we", "we're", "we'd", "and", "also", "same", "plus")


def _completing(request: Request) -> Request | None:
    """For a reply that gives what the model asked for ("... once I have the order id. Could you give it to me?" "It's
    PC-2231."), the request with the message it completes said first ("Where is my order? It's PC-2231."); else
    ``None``."""
    items, at = request.conversation, request.last_user_index
    before = [k for k in range(max(0, at)) if item_type(items[k]) == "message"]
    if not before or items[before[-1]].get("role") != "assistant" or "Could you give" not in plain_text(items[before[
            -1]].get("content")) or _is_question(request.message) or not (  # a value ("It's PC-2231."), not news
            len(tokens(request.message)) <= 3 or facts(request.message)):
        return None
    asked = [k for k in before if is_user_message(items[k])][-1:]
    lead = stem((_lower_tokens(request.message) or [""])[0])  # "pair Ada, Felix, Oona and Ravi for round 3": a new order
    asked_for = set(words(plain_text(items[before[-1]].get("content")).partition(" once I have ")[2]))
    waiting = {w for t in request.tools if asked_for & set(words(" ".join(t.parameters.get("properties") or {}).replace(
        "_", " "))) for w in t.name_stems | t.stems}  # (not "book it for 3" for book_room, waiting for its people)
    heard = set(words(request.message.split(",")[0]))  # (its first clause: not "book it for 6, we'll push two tables...")
    other = any((t.name_stems - waiting - _VERBS) & heard for t in request.tools if not t.name_stems <= waiting)  # "Book a
    if lead and (lead not in waiting or other) and any(lead in t.name_stems - stem_set("get set the") for t in request.tools) and (
            len(tokens(request.message)) > 3):  # table for 4 at 8pm too": book_table's, not book_room's guests
        return None  # of another tool, not the value asked for
    first = plain_text(items[asked[0]].get('content')).rstrip(' .!') if asked else ""
    again = lead in waiting and len(tokens(request.message)) > 3 and bool(_DATE.search(request.message)) and bool(_DATE.search(
        first))  # "book collection of 40377 for 13/06/2025 morning" after "... thursday 12 june 2025 afternoon": the request
    merged = {**items[at], "content": f"{first}. {request.message}"} if asked and not again else {}  # again, on its own
    return Request.read(request.body, [*items[:at], merged, *items[at + 1:]]) if merged else None


def _steps(request: Request) -> list[tuple[Tool, Tool, list[str]]]:
    """The tools an instruction puts in order, with the later one's words: "Search the docs first; open a ticket only
    for bugs" (search_docs, create_ticket), "Check availability before booking", "verify_identity before changing
    anything" (a tool that changes), "Book only after checking availability" (the other way round)."""
    by_name = {t.name: t for t in request.tools}
    read = tuple((t.name, t.name_stems, t.stems, t.handoff) for t in request.tools)
    return [(by_name[a], by_name[b], list(said)) for a, b, said in _ordered_steps(request.instructions[:2000], read)]


@functools.lru_cache(maxsize=64)  # instructions and tools are sent again with every request
def _ordered_steps(instructions: str, read: tuple[tuple[str, frozenset[str], frozenset[str], bool], ...]) -> tuple[
        tuple[str, str, tuple[str, ...]], ...]:
    """:func:`_steps` by the tools' names (each tool as ``(name, name_stems, stems, handoff)``)."""
    tools = [Tool(name, {}, name_stems, stems, handoff) for name, name_stems, stems, handoff in read]
    found: dict[str, tuple[int, Tool, list[str]]] = {}
    for sentence in _sentences_saying(instructions, cues := frozenset({"first", "then", "before", "after"})):
        said = _lower_tokens(sentence)  # "Search the docs first. Open a ticket for bugs.": and the next sentence
        said += _lower_tokens([*sentences(instructions.partition(sentence)[2]), ""][0]) * ("first" in said)
        spans = {t.name: {k + n for k in range(len(said)) if said[k:k + len(t.name.split("_"))] == t.name.lower().split("_") for n in (
            range(len(t.name.split("_"))))} for t in tools}  # where each tool's whole name is said
        for tool in [t for t in tools if not t.handoff]:  # by its name, else a noun or verb of it (a change)
            others = {w for t in tools if t is not tool for w in t.stems} | _VERBS | _CHANGES  # "the knowledge base"
            parts, verb, nouns = tool.name.lower().split("_"), stem(tool.name.split("_")[0].lower()), tool.stems - others
            theirs = {k for name, span in spans.items() if name != tool.name for k in span}  # (not the "race" of
            at = min([(said[k:k + len(parts)] != parts, stem(w) not in tool.name_stems, k) for k, w in enumerate(said) if (  # issue_race_entry)
                k not in theirs) and (said[k:k + len(parts)] == parts or stem(w) in nouns | {verb} - _VERBS or verb in _CHANGES and stem(
                w) in stem_set("change changing modify alter"))] or [(0, 0, None)])[2]  # its name first, then its name's words
            # (kb_lookup), or "change" of a tool that changes (not "issue" of screening_times; "before booking" is of
            # book_session, not cancel_booking)
            found = found if at is None or tool.name in found else {**found, tool.name: (at, tool, said)}
    ordered = sorted(found.values(), key=lambda f: f[0])
    return tuple((b.name, a.name, tuple(said[i:])) if "after" in said[i:j] else (a.name, b.name, tuple(said[i:])) for (
        i, a, said), (j, b, said2) in itertools.combinations(ordered, 2) if said is said2 and cues & set(said[i:j]))  # a
    # cue between them


def _job_tools(request: Request) -> list[tuple[Tool, str]]:
    """The tool an instruction's opening verb names ("Multiply the number by 2": multiply_by_two) and its one number
    field, given the number it works on."""
    for sentence in sentences(request.instructions[:2000]):
        verb = stem(sentence.split(" ", 1)[0].lower().strip(".,:;!"))
        for tool in [t for t in request.tools if verb in t.name_stems]:
            fields = tool.parameters.get("properties") or {}
            numeric = [n for n in _needed(tool) if isinstance(fields.get(n), Mapping) and fields[n].get("type") in (
                "integer", "number")]
            if not tool.handoff and verb in tool.name_stems and len(numeric) == len(_needed(tool)) == 1:
                return [(tool, numeric[0])]
    return []


def _worked(request: Request) -> str | None:
    """The number an instruction says to work out from the newest one told: "Multiply the number by 2 and return the
    result" after 37 is 74 (multiply, divide, add, subtract by a number; double, halve, square)."""
    jobs = [s for s in sentences(request.instructions[:2000]) if s.split(" ", 1)[0].lower() in (
        "double", "halve", "square", "multiply", "divide", "add", "subtract")]
    value = _newest_number(request) if jobs else None
    for sentence in jobs if value is not None else []:
        said = _lower_tokens(sentence)
        given = [float(t) for t in said if _NUMBER.fullmatch(t)]
        if not said or not {"number", "result", "value", "it"} & set(said[1:]):
            continue
        done = {"double": value * 2, "halve": value / 2, "square": value ** 2}.get(said[0])
        if given and said[0] in ("multiply", "divide", "add", "subtract"):
            done = {"multiply": value * given[0], "divide": value / given[0] if given[0] else None,
                    "add": value + given[0], "subtract": value - given[0]}[said[0]]
        if done is not None:
            return str(int(done)) if float(done).is_integer() else f"{done:g}"
    return None


#: The JSON type of a key JSON mode names, by its last word ("age": a whole number); any other key holds a string.
_KEY_TYPES = {**dict.fromkeys("age year count quantity number".split(), "integer"),
              **dict.fromkeys("price amount total cost rating score cm mm m km kg g ml pct percent".split(), "number")}
# ("height_cm": a number)


def _json_keys(text: str) -> list[str]:
    """The keys a request in JSON mode names: "JSON with the keys a and b" (:func:`notes.read_prompt`), else the
    things named before "as JSON" ("Extract the person's name and age as JSON": name, age; "the title and year of
    each book in JSON": title, year)."""
    if keys := notes.read_prompt(text).json_keys:
        return keys
    for cue in (" as json", " in json", " into json"):
        if (at := text.lower().find(cue)) > 0:
            named = [part.split(" of ")[0].split() for part in text[:at].split(".")[-1].replace(" and ", ",").split(",")]
            return [part[-1].split("'")[0].lower() for part in named if part and part[-1].isalpha()]
    return []


#: Instructions that ask for what the whole conversation told ("Keep the profile up to date from everything said").
_KEEPS = stem_set("conversation everything history track remember keep updated")


class _Layered:
    """A filler that takes each value from the first of its readers to find one: the latest message, then what the
    user said before, newest first (the age told two turns ago stays while the city moves to York)."""

    def __init__(self, *readers: Reader) -> None:
        self.readers, self.whole, self.texts, self.tool = readers, readers[0].whole, readers[0].texts, readers[0].tool

    def choice(self, name: str, description: str, options: Sequence[Any]) -> Any:
        """The option of the first reader whose message names one alone ("I'm leaving from Southsea": Southsea, not the
        "Ryde" of the instruction sentence that answers the question, which names both), else the first reader's choice."""
        own = [r for r in self.readers if sum(isinstance(o, str) and bool(whole_words_at(r.request.message.lower(), o.lower()))
                                             for o in options) == 1]
        return own[0].choice(name, description, options) if own else self.__getattr__("choice")(name, description, options)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def first(*args: Any, **kwargs: Any) -> Any:
            for reader in self.readers:
                if (found := getattr(reader, name)(*args, **kwargs)) not in (None, [], {}, ()):
                    return found
            return found
        return first


def _still_said(request: Request) -> list[str]:
    """What the user said before the latest turn (a summary's note holds what was said before it), each once, without
    what a later correction rewrote ("There'll be 6 of us." once "Make that 9 people." reads "There'll be 9 of us.")."""
    told = [s for s in request.said if s.role in ("user", "note") and s.turn < request.said[-1].turn]
    rewritten = {wording(s.text): s.text for s in told if s.fixed}  # in the place of what it rewrote ("I want 16
    placed = {wording(s.text) for s in told if not s.fixed} & set(rewritten)  # croissants" before the neighbour's 6)
    return list(dict.fromkeys(rewritten.get(wording(s.text), s.text) for s in told if not (
        s.fixed and wording(s.text) in placed)))


def _told_before(request: Request, fields: Sequence[str]) -> Request:
    """The request with the user's earlier messages as its message when the latest only asks for the fields to be
    filled, its words all the instructions' or the fields' but its verb ("Fill in my profile please."); else itself."""
    said, known = words(request.message), set(words(" ".join([request.instructions[:2000], *fields]).replace("_", " ")))
    earlier = _still_said(request)  # (a summary's note holds what the user said before it)
    if not earlier or facts(request.message) or not set(said) - known <= set(said[:1]) or (
            _lower_tokens(request.message)[:1] and _lower_tokens(request.message)[0] in QUESTION_WORDS):
        return request  # ("Who should I vote for?" asks of its own)
    told = {"role": "user", "content": " ".join(earlier)}
    return Request.read(request.body, [*request.conversation[:request.last_user_index], told])


def _plan(request: Request, fingerprint: str, chaining: bool = False,
          only: list[Tool] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The function calls for the latest message (or for the tools ``only`` names), and the required values it lacks
    (which the model asks for unless ``tool_choice`` demands a call); ``chaining`` (after a result): only calls whose
    values are all found."""
    calls: list[dict[str, Any]] = []
    missing: list[str] = []
    may_ask = request.body.get("tool_choice") in (None, "auto") and not chaining
    chosen = only or [t for t in _choose_tools(request) if not (chaining and t.handoff)]
    waiting = []
    if not chaining and not only and (swapped := _swapped(request, fingerprint)):  # "swap the hummus bowl for a baba ganoush
        return swapped, []  # bowl", with remove_item and add_item: one out, one in
    if not chaining and (fixed := _corrected(request)) and not any(t.name_stems & set(words(request.message)) for t in chosen
                                                                    if t.name != fixed[0]):  # "make that 60": no other tool
        bounded = {n: f for t in request.tools if t.name == fixed[0] for n, f in (t.parameters.get("properties") or {}).items()
                   if isinstance(f, Mapping)}
        beyond = _out_of_range(fixed[0], request) or next((n for n, v in fixed[1].items() if isinstance(v, (int, float)) and not (
            isinstance(v, bool)) and n in bounded and _out_of_bounds(v, bounded[n])), "")  # (nor one the call would carry)
        if beyond:
            return [], [beyond] if may_ask else []  # a value out of its range ("and 3000kg of steel?" of at most 2000): asked
        calls = [_call(f"{fingerprint}_0", *fixed)]
        found = tokens(_in_digits(request.message[:2000]))  # "and piste 5 and 6 on the same day?": 5, then 6
        for key, value in fixed[1].items():
            if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value) not in found:
                continue
            for k in range(found.index(str(value)) + 1, len(found) - 1):
                later = found[k + 1]
                if found[k].lower() not in ("and", "or") or not _listed_next(request.message, found[k - 1], later) or not (
                        later.isdigit() if isinstance(value, int) else later[:1].isupper() == value[:1].isupper() and any(
                            map(str.isdigit, later)) == any(map(str.isdigit, value))):
                    break
                calls.append(_call(f"{fingerprint}_{len(calls)}", fixed[0], {**fixed[1], key: int(later) if isinstance(
                    value, int) else later}))
        return calls, []
    for number, tool in enumerate(chosen):
        schema = _told_options(tool.parameters or {"type": "object", "properties": {}}, tool.told)
        asked = _clause_for(tool, request) if len(chosen) > 1 else _amended(request)
        texts = all(map(_takes_a_query, chosen)) and len(sentences(request.message)) == 1  # to agents as tools: each
        asked = request if texts and len(tokens(asked.message)) < 3 else asked  # its clause ("'hi' to French and 'bye'
        whole = asked if texts else request  # to Spanish"), not a bare name ("'hi' in French and Spanish": all)
        depends = _depends(tool, chosen, request) if len(chosen) > 1 and not only else []
        if depends and not chaining:  # "... and email the confirmation": once the booking is made
            waiting.append(tool)
            continue
        # one call per value when the tool takes one and the message gives several ("Paris and Oslo")
        clause = asked  # a value its clause lacks, the whole message gives: "the weather and the time in Tokyo"
        for start, asked in [(k, a) for k in range(4) for a in [clause, request][
                :1 + (k == 0 and clause is not request)]]:
            if asked is not clause and any(c["name"] == tool.name for c in calls):
                continue
            reader = Reader(asked, start=start, whole=whole.message, fields=_field_names(schema),
                            tool=tool.name, options=frozenset(str(o).lower() for f in (schema.get(
                                "properties") or {}).values() if isinstance(f, Mapping) for o in f.get("enum") or ()))
            arguments = instance(schema, reader, only_found=True)
            before = json.loads(calls[-1]["arguments"]) if start and calls else {}
            other = [n for n in _needed(tool) if isinstance(arguments.get(n), str) and arguments.get(n) != before.get(n) and (
                arguments[n] not in " ".join(c["arguments"] for c in calls))]  # "Who is on at Carrow Ridge on 2025-07-19, and who is at
            asks_again = len(other) == 1 and len(_needed(tool)) > 1 and " and " in asked.message and (  # Pellin Knoll?": the
                asked.message.lower().partition(" and ")[2].split(" ")[0] in QUESTION_WORDS)  # second place, the same day
            sent = {str(v) for c in calls for v in (structured(c["arguments"]) or {}).values()}  # (a whole value: 5 is
            fresh = [n for n in _needed(tool) if arguments.get(n) != before.get(n) and n not in reader.found_nothing and str(
                arguments.get(n)) not in sent and (  # no part of "2025-08-09")
                _listed_next(asked.message, str(before.get(n)), str(arguments.get(n)), frozenset(words(n.replace("_", " ")))))]  # "at Refugio Frey, Cabane de Moiry and
            # Tracuithütte on Aug 9": a hut per call, the night shared
            moved = [n for n in _needed(tool) if isinstance(arguments.get(n), str) and arguments.get(n) != before.get(n)]
            strayed = bool(moved) and not all(_listed_next(asked.message, str(before.get(n)), str(arguments.get(n)), loose=True)
                                              for n in moved)  # "New candidate: Emma
            # Stone, designer, 3 yrs, Figma, Sketch": no candidate "Figma"
            changed = [n for n in _needed(tool) if n in before and arguments.get(n) != before[n] and n not in reader.found_nothing]
            digits = _in_digits(asked.message)
            paired = len(changed) >= 2 and " and " in digits and all((at := whole_words_at(digits, str(before[n]))) and (
                then := whole_words_at(digits, str(arguments[n]))) and then[0] > at[0] for n in changed)  # "reorder 24
            # of VER-SWT-75 and 12 of BIT-ANG-20": a call per pair of values
            if start and (reader.ran_out and not asks_again and len(fresh) != 1 and not paired or strayed or all((a := arguments.get(n)) == (b := before.get(n)) or (
                    isinstance(a, str) and isinstance(b, str) and f" {a} " in f" {b} ") for n in _needed(tool))):  # one call
                break  # per value of the one value needed: "Play X by Queen" plays X once; "the Aero 7 Pro": not "Pro" again
            if (each := _each_option(tool, asked)) and not start:  # "What are my balances?": each account's
                each, options = each
                calls += [_call(f"{fingerprint}_{number}_{k}", tool.name, {**arguments, each: option})
                          for k, option in enumerate(options)]
                break
            arguments = _sent(tool, request, depends, arguments) if depends else arguments
            arguments = _own_numbers(asked.message, arguments, before) if start else arguments
            arguments = _in_days(asked.message, arguments, schema.get("properties") or {})  # "for a week" of nights: 7
            beyond: set[str] = set()  # the numbers said out of their range ("for 5 players" of 1-4): always asked about
            for n, f in (schema.get("properties") or {}).items() if may_ask and not start else ():  # "rate it 7 stars" of 1
                if n in _needed(tool) and isinstance(f, Mapping) and f.get("type") in ("integer", "number") and (  # to 5:
                        raw := Reader(asked, fields=list(schema.get("properties") or ()), tool=tool.name).number(n, str(f.get(
                            "description") or ""))) is not None and (_out_of_bounds(raw, f) or _none_of_numbers(
                                raw, f, asked.message)):  # asked again, never moved
                    held = {t for k, v in arguments.items() if k != n and isinstance(v, str) and " " in v for t in tokens(
                        v) if t.isdigit()}  # ("to 3 Fern Lane":
                    pieces = sentences(asked.message)
                    ranged = any("in that range" in plain_text(i.get("content")) for i in request.conversation[
                        :request.last_user_index][-2:] if i.get("role") == "assistant")  # (the range was asked about)
                    answer = _lower_tokens(_in_digits(pieces[-1])) if ranged and len(pieces) > 1 and len(tokens(pieces[-1])) <= 8 else []
                    within = [float(t) for cue, t in itertools.pairwise(_lower_tokens(_in_digits(asked.message))) if cue in (
                        "to", "at", "no", "or", "actually") and _NUMBER.fullmatch(t) and not _out_of_bounds(
                            float(t), f) and t not in held] or [float(t) for t in answer if _NUMBER.fullmatch(t) and not (
                                _out_of_bounds(float(t), f)) and t not in held]  # (or the short answer after: "... 3 hours. ok 1
                    # hour then")  # the street's number) into them (but "in room 101 set heating to 19": the 19 it is set to; "to 40,
                    # actually no, 22": 22)
                    if len(within) == 1:
                        arguments[n] = int(within[0]) if f.get("type") == "integer" or within[0].is_integer() else within[0]
                        reader.found_nothing = [m for m in reader.found_nothing if m != n]  # (its first number was out)
                    else:
                        reader.found_nothing.append(n)
                        beyond.add(n)
            reader.found_nothing += [name for name in schema.get("required") or () if name not in reader.found_nothing
                                     and str(arguments.get(name)).startswith("unknown ")]  # a value nowhere: ask
            placeheld = _unknown_inside(arguments) if _acts(tool) or tool.name_stems & _ENROLS else []  # (a delivery's
            reader.found_nothing += [name for name in placeheld if name not in reader.found_nothing]  # "unknown recipient"
            # too: no order is sent so)
            for n, f in (schema.get("properties") or {}).items():  # what a careful model never sends: 88.0 for an
                kinds = [f, *f.get("anyOf", ())] if isinstance(f, Mapping) else []  # integer, a systolic 2025 over its
                value = arguments.get(n)  # maximum of 260 (asked about instead)
                if isinstance(value, float) and value.is_integer() and any(k.get("type") == "integer" for k in kinds if isinstance(
                        k, Mapping)) and not any(k.get("type") == "number" for k in kinds if isinstance(k, Mapping)):
                    arguments[n] = int(value)
                if isinstance(value, (int, float)) and not isinstance(value, bool) and kinds and all(
                        _out_of_bounds(value, k) for k in kinds if isinstance(k, Mapping) and k.get("type") in ("integer", "number")) and (
                        any(isinstance(k, Mapping) and k.get("type") in ("integer", "number") for k in kinds)) and n not in reader.found_nothing:
                    reader.found_nothing.append(n)
                    beyond.add(n)
            for n, f in (schema.get("properties") or {}).items():  # "Hana is away Saturday and Monday. Book her yoga on
                if isinstance(f, Mapping) and isinstance(f.get("enum"), list) and (day := day_asked(f["enum"], asked.message)):
                    arguments[n] = day  # Wednesday.": Wednesday
            for n, f in (schema.get("properties") or {}).items() if may_ask else ():  # "deliver on saturday as well?" of
                f = (schema.get("$defs") or {}).get(str(f.get("$ref", "")).rpartition("/")[2], f) if isinstance(f, Mapping) else f
                options = f.get("enum") or (f.get("items") or {}).get("enum") if isinstance(f, Mapping) else None  # Monday to
                if isinstance(options, list) and n in _needed(tool) and (named_outside(options, asked.message, n) or (  # Friday: said
                        _slot_outside(asked, options))):  # (or put where an option was named before: "set the garage to 15")
                    reader.found_nothing += [n] * (n not in reader.found_nothing)  # to be none of them, never sent as []
            given = structured(next((r[2] for r in request.this_turn[2][::-1] if r[0] != tool.name), "")) if depends else 0
            given = given if isinstance(given, dict) else {}  # "Scale search to 3, then restart it": service "search"
            arguments.update({n: value for n, value in given.items() if n in arguments})  # "it": what it was given
            kinds = {n: f.get("type") for n, f in (schema.get("properties") or {}).items() if isinstance(f, Mapping)}
            models = [(schema.get("$defs") or {}).get(str(f.get("$ref", "")).rpartition("/")[2], f) for g in (schema.get(
                "properties") or {}).values() if isinstance(g, Mapping) for f in (g, g.get("items")) if isinstance(f, Mapping)]
            # (an object's, or each item's of a list: ``items: list[ToolItem]``)
            inner = {n for f in [schema, *models] if isinstance(f, Mapping) for n, g in (f.get("properties") or {}).items() if (
                f is not schema or arguments.get(n) is not None) and isinstance(
                g, Mapping) and any({"maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} & set(k) for k in [
                    g, *g.get("anyOf", ())] if isinstance(k, Mapping))}  # (a nested
            # model's text too long: a plaque's inscription)
            reader.found_nothing = [n for n in reader.found_nothing if (n in _needed(tool) or n in inner or n in placeheld) and (
                n not in given) and not (
                "boolean" in kinds.values() and kinds.get(n) in ("number", "integer") and n not in beyond)]  # unless it has a default (``retries: int = 3``), may be null
            # (``brightness: int | None``) or is a setting beside a switch ("make the light blue"), or the call before had it
            if reader.found_nothing and asked is clause is not request and not start and not tool.handoff:
                continue  # the whole message gives it (when asking back is no option too: ``tool_choice="required"``)
            if reader.found_nothing and start and calls and not (may_ask or chaining):
                break  # no further value of its own: no placeholder call after the real ones
            if reader.found_nothing and (may_ask or chaining) and not tool.handoff:
                missing += reader.found_nothing if may_ask else []
                break
            calls.append(_call(f"{fingerprint}_{number}" + (f"_{start}" if start else ""), tool.name, arguments))
            if depends:  # one call with what the other returned
                break
    if waiting and not calls:  # what they wait for cannot be made now ("open a ticket for it", no order id given)
        return _plan(request, fingerprint, chaining, only=waiting)
    return calls, missing


def _in_days(message: str, arguments: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """A count of nights or days said in weeks, counted in days: "for a week" is 7 nights, "2 weeks" 14 (a number of
    weeks read as that many nights is no careful model's)."""
    said = _lower_tokens(message)
    weeks = next((1 if count in ("a", "one") else int(count) if count.isdigit() else 0 for cue, count, unit in zip(
        said, said[1:], said[2:]) if cue == "for" and unit in ("week", "weeks")), 0)  # (not "in 2 weeks", "1 day a week")
    days = [n for n, f in fields.items() if isinstance(f, Mapping) and f.get("type") == "integer" and set(n.lower().split(
        "_")) & {"nights", "days", "night", "day"} and not set(n.lower().split("_")) & {"per", "times", "meals"} and (
            arguments.get(n) == weeks)]  # (night_count too, not times_per_day)
    counted = any((a[:1].isdigit() or a in _COUNT_WORDS) and b in ("night", "nights", "day", "days") and c not in (
        "after", "before", "later", "ago", "trip", "trips") for a, b, c in zip(said, said[1:], [*said[2:], ""]))  # "1 night"
    return {**arguments, **{n: 7 * weeks for n in days}} if weeks and not counted and not {"week", "weeks"} & {
        w for n in fields for w in n.lower().split("_")} else arguments


#: What opens a field named ``..._on`` that is no date ("log_on": a username, "based_on": a price list).
_NOT_DATED = frozenset("log logged based add turn switch depend depends carry hold take put".split())


def _offset(text: str) -> bool:
    """Whether a text counts from a date rather than gives it: "a week from 2025-05-10", "3 days after the 4th"."""
    said = _lower_tokens(text)
    return any(a in ("day", "days", "week", "weeks", "fortnight", "month", "months") and b in ("from", "after", "before")
               for a, b in itertools.pairwise(said))


def _unknown_inside(arguments: Any, depth: int = 0) -> list[str]:
    """The names of the fields inside an argument's object (or a list of them) that hold a placeholder ("unknown
    recipient"): values no message gave."""
    if depth > 4 or not isinstance(arguments, (dict, list)):
        return []
    pairs = arguments.items() if isinstance(arguments, dict) else (("", a) for a in arguments)
    return [n for name, value in pairs for n in ([name] * (depth > 0 and isinstance(value, str) and value.startswith(
        "unknown ")) + _unknown_inside(value, depth + 1))]


def _own_numbers(message: str, arguments: dict[str, Any], before: Mapping[str, Any]) -> dict[str, Any]:
    """A further call's numbers as its own part of the message gives them: "what did Morag Baird score in 2024? and Tomos
    Pryce in 2023?": 2023 for Tomos Pryce, not 2024 again. The part runs from the text that is new in this call to the
    next question mark, "and" or semicolon; a number the call carries over from the one before is replaced when that
    part holds exactly one number, of the same number of digits, that the call before did not have."""
    texts = [v for k, v in arguments.items() if isinstance(v, str) and v != before.get(k) and v in message]
    if not texts:
        return arguments
    at = message.find(texts[0]) + len(texts[0])
    part = message[at:]
    ends = [k for k in (part.find("?"), part.find(" and "), part.find(";")) if k >= 0]
    said = [t for t in tokens(part[:min(ends)] if ends else part) if t.isdigit()]
    out = dict(arguments)
    for key, value in arguments.items():
        if type(value) is int and value == before.get(key) and len(said) == 1 and len(said[0]) == len(str(value)) and (
                int(said[0]) != value):
            out[key] = int(said[0])
    return out


def _barred(request: Request, call: Mapping[str, Any]) -> str | None:
    """The sentence of the instructions that forbids ``call``: it names an option the call is given ("closing_night")
    with "cannot", "can't", "may not", "must not" or "not allowed", and each of its other words that no tool's name or
    description says is in the conversation ("Press badges cannot get closing_night passes." once a result said
    "category: press"); else ``None``."""
    given = structured(str(call.get("arguments")))
    tool = next((t for t in request.tools if t.name == call.get("name")), None)
    if not isinstance(given, dict) or tool is None:
        return None
    options = {str(v).lower() for k, v in given.items() if isinstance(v, str) and isinstance(field := (tool.parameters.get(
        "properties") or {}).get(k), Mapping) and v in (field.get("enum") or ())}
    known = {w for t in request.tools for w in t.stems | t.name_stems} | _LIGHT_VERBS | stem_set("get have given issue issued")
    heard = {w for i in request.conversation for w in words(plain_text(i.get("content")) if is_user_message(i) else str(i.get(
        "output") or "") if item_type(i) == "function_call_output" else "")}
    for sentence in sentences(request.instructions[:2000]) if options else ():
        low = f" {sentence.lower()} "
        if not any(cue in low for cue in (" cannot ", " can't ", " may not ", " must not ", " not allowed ")) or not any(
                f" {o} " in low or f" {o.replace('_', ' ')} " in low for o in options):
            continue
        rest = set(words(sentence.replace("_", " "))) - {w for o in options for w in words(o.replace("_", " "))} - known - stem_set(
            "cannot can't may must not allowed")
        if rest <= heard:
            return sentence.strip()
    return None


def _orders(clause: str, request: Request) -> bool:
    """Whether ``clause`` opens with an order: a tool's verb or a verb of change as written, then what it acts on
    ("extend them by 3 days", "update my address"; not "extending was easy", "lock screen kept freezing")."""
    said = _lower_tokens(clause)
    verbs = {t.name.split("_")[0].lower() for t in request.tools} | {"please", "update", "cancel", "change", "send", "book",
                                                                     "extend", "refund", "add", "remove", "set", "order"}
    return bool(said) and said[0] in verbs and not {"was", "were", "is", "showed", "had", "went"} & set(said) and (
        said[1:2] == [] or said[1] in ("me", "my", "our", "it", "them", "the", "this",
                                                                                 "that", "those", "these", "up", "a", "an", "for",
                                                                                 "by", "to", "with", "from", "all", "both") or (
        any(c.isdigit() for c in said[1]) or said[1] in _COUNT_WORDS))  # ("extend for 2 days", "track ORD-552", "add two")


def _asked_or_wanted(request: Request) -> bool:
    """Whether the user's message before the latest asked of or wanted a showing ("Is Alien still showing?", "I'd like
    to see Dune"), not news ("I passed my exam") nor another wish ("I'd like a coffee")."""
    before = next((plain_text(i.get("content")) for i in request.conversation[:request.last_user_index][::-1] if is_user_message(
        i)), "")
    said = _lower_tokens(before)
    return bool({"see", "watch", "showing", "playing", "screening", "screened", "tickets", "ticket", "show", "concert",
                 "film", "movie"} & set(said)) or bool({"quiz", "match", "game", "class"} & set(said)) and (
        _is_question(before) or bool({"like", "want", "book"} & set(said)))  # ("Is the quiz night still happening?"; a
    # title alone is no film's: "Did Sarah call?")


def _said_just_before(request: Request) -> str | None:
    """For a bare follow-up ("and where?", "where is it?", "and when?", "what time?", "how long will it take?"), the
    assistant's last reply told back when it says a place (after at/in/on..., or "upstairs"), a time or a duration: "I
    said: First Thursday, 7.30pm, upstairs at The Crown."; else ``None``."""
    heard = [w for w in _lower_tokens(request.message) if w not in ("and", "so", "ok", "okay", "then", "?")]
    wh = "long" if heard[:2] == ["how", "long"] else heard[0] if heard else ""
    if wh not in ("where", "when", "long") and heard[:2] != ["what", "time"] or set(heard[1 + (wh == "long"):]) - {
            "is", "it", "that", "time", "does", "do", "start", "was", "exactly", "will", "take", "supposed", "to", "going", "be"}:
        return None  # ("how long is it supposed to take?" after "Data export arrives by email within 48 hours.")
    last = next((plain_text(i.get("content")) for i in request.conversation[:request.last_user_index][::-1] if i.get(
        "role") == "assistant" and item_type(i) == "message"), "")
    placed = wh == "where" and (_names_after(last, _PLACE_CUES) or {"upstairs", "downstairs", "outside", "inside"} & set(
        _lower_tokens(last)))
    timed = wh not in ("where", "long") and any(any(c.isdigit() for c in m.group(0)) or wh == "when" for m in _DATE.finditer(
        last)) or wh != "long" and any(not (nxt := (last[at + len(w):].split()[:1] or [""])[0].strip(".,!?"))[:1].isupper() or last[
            at + len(w):at + len(w) + 1] != " " or nxt.lower() in CALENDAR or nxt.isupper() for w in ("noon", "midday", "midnight")
            for at in whole_words_at(last.lower(), w)) or (
            wh == "when" and {"tonight", "tomorrow"} & set(_lower_tokens(last))) or (
            wh == "long" and bool(_UNITS.search(_in_digits(last))))  # (not "Noon Street", "Midnight Library"; "what
    # time?" after "the pool is open today": no time said)
    return f"I said: {last.strip()}" if last.strip() and (placed or timed) and not last.startswith(_UNSURE) else None


#: Verbs that open a how-to sentence of the instructions ("Renew books online.", "Return DVDs to the desk.").
_DO_VERBS = frozenset("renew return reserve book cancel store print pay order collect bring use call email text visit "
                      "register apply change update".split())
#: Labels of a task's instructions, no data ("Format: ...", "Output: one word").
_TASK_LABELS = frozenset("format output input rules rule note notes example examples style tone task steps answer reply "
                         "rewrite write make translate summarise summarize turn list give tell classify".split())


def _looked_up(request: Request) -> str | None:
    """For a message that is one JSON object of plain values (what an agent used as a tool with ``parameters`` is sent:
    ``{"surname": "Hartley", "year": 1901}``), the line of the instructions that holds every value, else a sentence
    saying none does; ``None`` for any other message."""
    raw = str(request.raw_message or "").strip()
    given = structured(raw) if raw.startswith("{") else None
    values = [str(v) for v in given.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(
        v).strip()] if isinstance(given, dict) else []
    told = sentences(request.instructions[:4000])
    if not values or any(len(v.split()) > 3 or v.rstrip().endswith("?") for v in values) or not any(
            whole_words_at(line.lower(), v.lower()) for line in told for v in values) and sum((": " in line or tokens(line)[:1] and tokens(
                line)[0][:1].isupper() and tokens(line)[1:2] and tokens(line)[1][:1].isdigit()) and (_lower_tokens(line) or [""])[
                    0] not in _TASK_LABELS | _ORDERS for line in told) < 2:  # ("rope: 3.20", "Ann 0207 111"; not "Tokyo is UTC+9")
        return None  # (a question or a text to work on is no value to look up; values a task's instructions never say
    # neither: "Turn the request into a polite email")
    lines = [line for line in sentences(request.instructions[:4000]) if all(whole_words_at(line.lower(), v.lower()) for v in values)]
    asked = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in given.items() if str(v) in values)
    return lines[0] if lines else f"Nothing in my instructions matches {asked}."


def _field_names(schema: Mapping[str, Any]) -> list[str]:
    """The names of a tool's fields, and of the fields of an object it takes whole (``order: KitOrder``): each value's
    field ("name Helen O'Connor, ship to 14 Quarry Lane": the customer's name, no line of the address)."""
    names, defs = list(schema.get("properties") or ()), {**(schema.get("definitions") or {}), **(schema.get("$defs") or {})}
    inner = [_resolve(f, defs) for f in (schema.get("properties") or {}).values()]
    return names + [n for f in inner if isinstance(f, Mapping) for n in f.get("properties") or () if n not in names]


#: The words that name the side of a change a field is (remove_herb, add_herb; old_plan, new_plan; from, to).
_OLD_SIDE = frozenset("remove old current from out existing previous".split())
_NEW_SIDE = frozenset("add new replacement to target".split())


def _said_of(text: str, field: str, before: Any, schema: Mapping[str, Any], taken: Sequence[Any] = (),
             others: Sequence[str] = ()) -> Any:
    """The value a follow-up ("and a soup ...") gives a field it names: none for "no <field>"; the value ``before`` for
    "same" or when the message says it again ("with extra tahini too"); of a field of options, the option it names (else
    the one before); of a free text, the words after its name ("milk: coconut", "ribbon colour blue") or the one before
    it ("with soy milk"), never a word of another field's value (``taken``: "and a tea, milk on the side" gives no milk
    "tea"), else none (no guess)."""
    said, own = _lower_tokens(text), set(words(field.replace("_", " ")))
    fields = {w for other in others if other != field for w in words(other.replace("_", " "))}  # the other fields' words
    at = next((k for k, t in enumerate(said) if stem(t) in own), -1)
    if at > 0 and said[at - 1] in ("no", "without", "any"):
        return None
    if "same" in said or isinstance(before, str) and whole_words_at(text.lower(), before.lower()):
        return before
    options = [o for o in schema.get("enum") or () if isinstance(o, str)]
    if options:
        return next((o for o in options if whole_words_at(text.lower(), o.lower())), before)
    if at < 0:
        return None
    end = at
    while end + 1 < len(said) and (stem(said[end + 1]) in own or said[end + 1] == "of"):
        end += 1  # ("ribbon colour blue", "a filling of ham": past its own words)
    spot = next(iter(whole_words_at(text.lower(), said[at])), -1)  # (the field's word itself: not "card" of "cardboard")
    piece = text.lower()[spot + len(said[at]):].split(",")[0].split(";")[0].split(". ")[0] if spot >= 0 else ""  # (up to
    rest = list(itertools.dropwhile(lambda t: stem(t) in own or t == "of", _lower_tokens(piece)))  # the next field: "ribbon
    # colour: yellow, card message: ...")
    after = list(itertools.takewhile(lambda t: t not in STOP - {"and"} | {"too", "please", "also", "saying", "doesn't", "isn't",
                                                                        "matter"}, rest))[:5]
    joint = next((k for k, w in enumerate(after) if w == "and" and (k == 0 or stem((after[k + 1:k + 2] or [""])[0]) in fields)), -1)
    after = after[:joint + 1] if joint >= 0 else after  # ("drink tea and filling tuna": tea; "cheese and pickle and drink")
    after = after[:-1] if after[-1:] == ["and"] else after  # ("filling cheese and pickle")
    after = [] if rest[:1] in (["doesn't"], ["isn't"], ["up"], ["on"], ["for"]) else after  # ("milk on the side",
    lead = said[at - 1] if at and said[at - 1] not in STOP | {"extra", "more", "less", "some", "hot", "iced", "cold", "warm",
                                                               "large", "small", "big", "little", "regular", "medium"} else ""
    # ("syrup doesn't matter", "with a hot drink")
    value = " ".join(after) or lead
    shown = {str(v).lower() for v in taken if v is not None}
    return None if not value or value in shown or any(w in shown for w in value.split()) else value


def _swapped(request: Request, fingerprint: str) -> list[dict[str, Any]]:
    """Of a swap of two options ("swap A for B", "B instead of A", :func:`_sides`) when one tool takes things out
    (remove_, delete_) and another puts them in (add_), both by a field of those options: a call of each, the old one
    out first; else []."""
    def one_field(tool: Tool) -> tuple[str, list[Any]] | None:  # (its one field of options, the others with defaults)
        fields = tool.parameters.get("properties") or {}
        listed = [(n, f["enum"]) for n, f in fields.items() if isinstance(f, Mapping) and isinstance(f.get("enum"), list)]
        return listed[0] if len(listed) == 1 and all(n == listed[0][0] or n not in _needed(tool) for n in fields) else None
    outs = [t for t in request.tools if not t.handoff and t.name.lower().split("_")[0] in ("remove", "delete", "drop")]
    ins = [t for t in request.tools if not t.handoff and t.name.lower().split("_")[0] in ("add", "put")]
    if len(outs) != 1 or len(ins) != 1 or not (taken := one_field(outs[0])) or not (given := one_field(ins[0])) or (
            taken[1] != given[1]) or not (pair := _sides(request.message, given[1])):
        return []
    schema = _told_options(ins[0].parameters, ins[0].told)
    added = {n: f["default"] for n, f in (schema.get("properties") or {}).items() if isinstance(f, Mapping) and "default" in f}
    added |= {n: None for n, f in (schema.get("properties") or {}).items() if n not in added and n != given[0] and isinstance(
        f, Mapping) and {"type": "null"} in (f.get("anyOf") or ())}
    return [_call(f"{fingerprint}_0", outs[0].name, {taken[0]: pair[0]}),
            _call(f"{fingerprint}_1", ins[0].name, {**added, given[0]: pair[1]})]


def _sides(message: str, options: Sequence[Any]) -> tuple[Any, Any] | None:
    """``(old, new)`` of the two options a message names for a change, by the word right before the second, or after
    each: "swap A for B", "replace A with B", "from A to B", "A out, B in" (A old); "B instead of A", "B in place of A",
    "B rather than A", "B over A", "prefer B to A", "a replacement B for the A", "to B from A" (A old); else ``None``."""
    low = f" {' '.join(_lower_tokens(message))} "
    said = [(o, at) for o in options if isinstance(o, str) and (at := whole_words_at(low, o.lower()))]
    if len(said) != 2:
        return None
    pairs = sorted((sorted([(x, said[0][0]), (y, said[1][0])]) for x in said[0][1] for y in said[1][1]), key=lambda p: p[1][0] - p[
        0][0])  # where the two are said nearest each other ("My kid hates rice, can you give him fries instead of the rice?",
    return next((found for pair in pairs if (found := _pair_sides(low, pair))), None)  # "Fries instead of coleslaw, and make
    # the fries crispy"), if a cue is there


def _pair_sides(low: str, spots: list[tuple[int, Any]]) -> tuple[Any, Any] | None:
    """:func:`_sides` of the two options said at ``spots`` of the lowered message ``low``."""
    (i, a), (j, b) = spots
    before = low[:i].split()[-3:]
    cue = " ".join([w for w in low[i + len(a):j].split() if w not in ("the", "my", "a", "an", "our", "your", "their", "his",
                                                                       "her", "some")][-2:])  # the words right before the
    # second, its article aside ("swap it for vanilla", "rather than the olives")
    after = [low[k + len(o):].split()[:1] or [""] for k, o in spots]
    if after[0][0] == "in" and after[1][0] == "out" or cue in ("instead of", "place of", "rather than") or cue.split()[-1:] in (
            ["over"], ["from"], ["not"]) or cue.split()[-1:] == ["to"] and "prefer" in before or set(before) & {"replacement", "new"}:
        return b, a
    if after[0][0] == "out" or after[1][0] == "in" or cue.split()[-1:] in (["for"], ["with"], ["to"], ["into"], ["->"], ["→"]):
        return a, b
    return None


def _out_of_range(name: str, request: Request) -> str:
    """The bounded number field of the tool ``name`` whose range a number the message says (not a date's) is out of,
    when it is out of every such field's ("and 3000kg of steel?" of ``kg`` at most 2000); else ""."""
    fields = {n: f for t in request.tools if t.name == name for n, f in (t.parameters.get("properties") or {}).items() if isinstance(
        f, Mapping) and f.get("type") in ("integer", "number") and ("maximum" in f or "minimum" in f)}
    heard = _lower_tokens(_in_digits(request.message[:2000]))
    months = _date_words(heard)  # ("May 31 2025")
    said = [t.rstrip("abcdefghijklmnopqrstuvwxyz") for k, t in enumerate(heard) if not _DATE.fullmatch(t) and k not in months]
    numbers = [float(t) for t in said if _NUMBER.fullmatch(t)]
    if not fields or not numbers or any(not _out_of_bounds(numbers[0], f) for f in fields.values()):
        return ""  # the first number said is the value ("Make it 1800 - our PO is 4471": the 1800; "Make it 20 - table 5")
    return next(iter(fields))


def _out_of_bounds(number: float, field: Mapping[str, Any]) -> bool:
    """Whether ``number`` breaks the field's ``minimum`` or ``maximum``."""
    low, high = field.get("minimum"), field.get("maximum")
    return isinstance(low, (int, float)) and number < low or isinstance(high, (int, float)) and number > high


def _none_of_numbers(number: float, field: Mapping[str, Any], message: str) -> bool:
    """Whether ``number`` is none of the field's numbers (``Literal[0.5, 1, 2]``: "a 5 litre tub") and the message says
    none of them either (not "ten kilos in 5kg crates" of crate sizes 1, 3 or 5)."""
    options = field.get("enum")
    if not (isinstance(options, list) and options and all(isinstance(o, (int, float)) and not isinstance(o, bool) for o in options)):
        return False
    said = {float(t) for t in _lower_tokens(_in_digits(message)) for t in [t.rstrip("abcdefghijklmnopqrstuvwxyz")] if _NUMBER.fullmatch(t)}
    return number not in options and not said & {float(o) for o in options}


def _listed_next(text: str, first: str, then: str, of: frozenset[str] = frozenset(), loose: bool = False) -> bool:
    """Whether ``then`` follows ``first`` in ``text`` as the next item of a list ("Oak Park, Mill Street",
    "machines 3 and 12", "at Frey and at Moiry", "the Oak and Elm rooms" of a field named ``of``); ``loose``: any
    two with "and" or "or" between them ("Paris and Oslo", "3 bags of rice and 2 kg of flour"), or records apart by a
    semicolon ("Golf, 5 yrs; Polo")."""
    at = whole_words_at(text, first)
    after = whole_words_at(text[at[0] + len(first):], then) if at else []
    gap = text[at[0] + len(first):at[0] + len(first) + after[0]].lower() if after else ""
    shape = [(any(map(str.isdigit, value)), value[:1].isupper()) for value in (first, then)]  # ("QH2290 and I'd": no)
    joined = set(gap.replace(",", " ").split())
    if loose:  # (not "Emma Stone, designer, 3 yrs, Figma": a record's fields, no second record; a value not written
        return not after or ";" in gap or bool({"and", "or", "&"} & joined) or joined <= {"at", "in", "on", "the", "for"} or (
            gap.count(",") == 1 and gap.split(",")[1].strip()[:1].isdigit())  # ("rice, 250 millilitres of cream")
    # as sent, "ZX07" of "zx07", "mdf" of "mdfs", is not judged)
    around = [*text[:at[0]].split()[-1:], *text[at[0] + len(first) + after[0] + len(then):].split()[:1]] if after else []
    kinds = any(w.lower().endswith("s") and stem(w.lower().strip(".,;:!?")) in of for w in around) or all(
        value.lower() in _LANGUAGES for value in (first, then))  # "the Oak and Elm rooms" (of ``room``), "French and Spanish"
    joined = {w for w in joined if stem(w) not in of} if {"and", "or"} & joined else joined  # "piste 5 or piste 6"
    return bool(after) and shape[0] == shape[1] and ("," in gap or bool({"and", "or", "&"} & joined)) and joined <= {
        "and", "or", "&", "at", "in", "on", "the", "for", "my", "our"} and ("," in gap or shape[0][0] or len(joined) > 1 or text[:at[0]].rstrip(
            ).endswith(",") or bool(kinds))  # (a list, its last item too, numbers, things of a kind said after them,
    # or "at A and at B": not "Marks and Spencer", "fish and chips")


def _each_option(tool: Tool, request: Request) -> tuple[str, list[Any]] | None:
    """The tool's one field of options, and its options to call for one by one: every option when the message asks
    about all, none named (a plural of the field's noun or, the only field, the tool's: "What are my balances?", "the
    rates"; or "all", "both", "each" before it); those that items of a list name ("lock the front and back doors")."""
    fields, required = tool.parameters.get("properties") or {}, tool.parameters.get("required") or ()
    enums = [n for n in required if isinstance(fields.get(n), Mapping) and "enum" in fields[n]]
    named = f"{enums[0] if len(enums) == 1 else ''} {tool.name * (len(required) == 1)}".lower().replace("_", " ")
    nouns, said = set(words(named)) - _VERBS, _lower_tokens(request.message)
    every = any(w.endswith("s") and stem(w) in nouns and w not in named.split() or w in ("all", "both", "each", "every")
                and {stem(n) for n in said[k + 1:k + 3]} & nouns for k, w in enumerate(said))
    if len(enums) != 1:
        return None
    options, listed = fields[enums[0]]["enum"], _listed(request.message)
    named = [o for o in Reader(request).choices(options) if any(o.lower() in item.lower().split() for item in listed)]
    return (enums[0], named) if len(named) > 1 else (enums[0], options[:6]) if every and Reader(
        request).named_option(options) is None else None


def _call(key: str, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """A function call item as the Responses API returns it (its ids made of ``key``)."""
    return {"id": f"fc_{key}", "type": "function_call", "call_id": f"call_{key}", "name": name,
            "arguments": json.dumps(arguments, ensure_ascii=False), "status": "completed"}


def _corrected(request: Request) -> tuple[str, dict[str, Any]] | None:
    """The turn before's last call again, the value the message corrects ("Sorry, I meant BA117", "make that 6", "Not
    9431, 9413": the one "not" names, else the first of the new one's shape) replaced, the others kept; else ``None``."""
    cues = list(_CORRECTING.finditer(request.message[:2000]))
    before = max((k for k in range(request.last_user_index) if is_user_message(request.conversation[k])), default=-1)
    made = [i for i in request.conversation[before + 1:max(0, request.last_user_index)] if item_type(i) == "function_call"]
    made = made or next(([i] for i in request.conversation[max(0, request.last_user_index) - 1::-1] if cues and item_type(
        i) == "function_call"), [])  # or an earlier turn's: "Book a table...", "What time was it?", "Make that 6 people"
    def dated(call: Mapping[str, Any]) -> bool:  # a call given a date ("2025-06-12")
        given = structured(str(call.get("arguments")))
        return isinstance(given, dict) and any(_DATE.fullmatch(str(v)) for v in given.values())
    if cues and made and {"date", "day"} & set(_lower_tokens(request.message)) and _DATE.search(request.message[:2000]) and (
            not dated(made[-1])):  # "change the date to 2025-06-14":
        made = [i for i in request.conversation[:max(0, request.last_user_index)] if item_type(  # the order's, not the
            i) == "function_call" and dated(i)][-1:] or made  # lookup made since
    undone = [b for a, b in itertools.pairwise(tokens(request.message[:2000])) if a.lower() == "not" and identifiers(b) + facts(b)
              ] if not any(c[1] for c in cues) else []  # (a "not X" the cue's pattern misses, at the message's end)
    made = [i for i in made if any(whole_words_at(str(i.get("arguments")), b) for b in undone)][-1:] or made  # "the card
    # ends 4417 not 4471": the call given 4471 (a refund), not the fault report made after it
    tool = next((t for t in request.tools if made and t.name == made[-1].get("name") and not t.handoff), None)
    about = bool(cues) and bool(cues[-1][2] or cues[-1][3]) and len(tokens(request.message)) <= 8 + 4 * (
        "same" in _lower_tokens(request.message))  # a short follow-up ("OK then what about a double for the same dates?")
    if not cues or tool is None or _is_question(request.message) and not about:
        return None
    if _acts(tool) and any(c[2] and c[2].lower().endswith("about") for c in cues) and "instead" not in request.message.lower():
        return None  # "what about a level physics?" after a booking asks of it, books nothing more
    ends = [c for c in cues if c[0].lower() != "instead" or request.message[:c.start()].rstrip()[-1:] in ("-", "–", ",", ".", ";", ":")
            ] or cues  # ("Make it 3 instead, row 14", "Make it 4 instead of 2": what follows "make it"; but "... - instead
    # book for 3": instead opens the clause)
    rest = next((_in_digits(request.message[c.end():2000]) for c in ends[::-1] if tokens(request.message[c.end():2000])), "")
    if (tokens(rest) or [""])[0].lower() in QUESTION_WORDS:
        return None  # "And who teaches the class?": a question of its own
    wrong = next((c[1] for c in cues if c[1]), None) or (undone[-1] if undone else None)  # after the last cue with
    # words after it: "make it six instead"; the value after a last "not" ("ends 4417 not 4471")
    side = (tokens(rest) or [""])[0].lower()  # "What about to Boston?": the field after "to"
    named = " ".join(w for w in tokens((sentences(rest.strip(" ,")) or [""])[0].split(",")[0]) if w.lower() not in STOP)
    when = [found.group(0) for found in [_DATE.search(rest)] if found]  # "make it 21:00": the time's field
    new = (when or identifiers(rest) or [t for t in tokens(rest) if 2 <= len(t) <= 4 and t[0].isupper() and t[1:].isdigit()] or [
        t for t in tokens(rest) if _NUMBER.fullmatch(t) and not (  # ("And in pen P7?": P7) a name's number
        named[:1].isupper() and t in named.split()[1:])] or [named] * bool(  # is the name's: "a Tesla Model 3"
        named[:1].isupper() or wrong or about) or [""])[0]  # a name only if capitalised ("Sorry for the wait" corrects nothing)
    with contextlib.suppress(ValueError, LookupError, AttributeError):  # no JSON object, no value, no key of its shape
        arguments = json.loads(str(made[-1].get("arguments")))
        if set(identifiers(request.message[:cues[0].start()])) - {str(v) for v in arguments.values()} or _DATE.search(
                request.message[:cues[0].start()]) and not any(str(v) in tokens(request.message[:cues[0].start()]) for v in arguments.values()) and (
                    set(_lower_tokens(request.message[:cues[0].start()])) & (_REQUESTING | {"i'd", "like", "book", "rent", "order", "get"})
                    or tool.name_stems & set(words(request.message[:cues[0].start()]))):
            return None  # "pause SUB-2020 until 1 July... no wait, make it 15 July", "3 pairs for 2025-01-19 ... no wait,
            # make it 4": a request of its own, corrected
        shapes = {k: (bool(identifiers(str(v))), bool(_NUMBER.fullmatch(str(v))), bool(_DATE.fullmatch(str(v)))) for k, v
                  in [*arguments.items(), ("", new)]}
        after = [stem(w.lower()) for t, w in itertools.pairwise(tokens(rest)) if t == new]  # "6 people": people
        reader = Reader(request, tool=tool.name, fields=tuple(arguments))  # "In fahrenheit please": the option's field
        key = next((k for k in arguments if isinstance(options := tool.parameters["properties"][k].get("enum"), list) and (
            reader._option_named(options, set(words(rest)), "", strict=True) is not None)), None) or next((
            k for k in arguments if side in _ENDS.get(k.split("_")[0], ()) or after and (after[0] in words(k.replace(
                "_", " ")) or after[0] in _YOUNG and set(words(k.replace("_", " "))) & _YOUNG)), None) or next((
            k for k, v in arguments.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(v) and new and (
                shapes[k] == shapes[""] and (not shapes[""][0] or _runs(str(v)) == _runs(new)) if wrong is None else str(
                    v).lower() in wrong.lower())), None)  # (a code of another form, "FW-2024-0007", is no postcode's)
        toggled = {k: not set(_lower_tokens(rest)) & {"no", "not", "without"} for k, v in arguments.items() if isinstance(
            v, bool) and k != key and set(words(k.replace("_", " "))) & set(words(rest))}  # "in colour": colour true
        said_by = [b for a, b in itertools.pairwise(tokens(rest)) if a.lower() in ("with", "by") and b[:1].isupper()]
        filled = {k: said_by[0] for k, v in arguments.items() if v is None and said_by and k != key}  # "with Mara": the
        if key is None and (toggled or filled):  # artist nobody was named for before
            return tool.name, {**arguments, **toggled, **filled}
        if toggled and not set(words(new)) - {w for k in toggled for w in words(k.replace("_", " "))} - _LIGHT_VERBS - stem_set(
                "need needs want also too please") and not identifiers(rest) and not any(_NUMBER.fullmatch(t) for t in tokens(rest)):
            return tool.name, {**arguments, **toggled}  # "and if i need it certified?": the quote before, certified
        numbers = [t for t in tokens(rest) if _NUMBER.fullmatch(t)]  # "and from 2.90 back down to 2.40?": each number
        numeric = [k for k, v in arguments.items() if isinstance(v, (int, float)) and not isinstance(v, bool)]  # in turn
        said = tokens(rest)
        dated = _date_words(said)
        day = next((k for k, v in arguments.items() if _DATE.fullmatch(str(v))), None)
        if dated and day is not None and any(_NUMBER.fullmatch(t) for k, t in enumerate(said) if k not in dated):
            return None  # "and yesterday (1st June 2025) it was 135 over 88": a new day's values, no correction (not "make
            # it 15 July")
        iso = str(arguments.get(day))[:4].isdigit()  # "sorry, it was May 31 2025, same numbers": the date alone, in the form
        then = _when(rest, "date" if iso else None, reader.year, reader.today) if dated and day is not None else []  # given
        named = [t for k, t in enumerate(said) if k and k not in dated and t[:1].isupper() and t.isalpha() and t.lower() not in (
            CALENDAR)] + identifiers(rest)  # (not "and enrol Tamsin Reed too, same rope, on 15 June": a new name too)
        plain = set(words(" ".join(t for k, t in enumerate(said) if k not in dated))) <= stem_set(
            "date day same number numbers value values reading wrong typo meant mean change sorry actually it was my mistake "
            "error oops")
        if then and then[0] != arguments[day] and not named and plain:  # (not "my next race is on June 14 2025")
            return tool.name, {**arguments, day: then[0]}
        heard = tokens(rest)
        at = next((k for k, t in enumerate(heard) if _NUMBER.fullmatch(t) or t.lower() in ("a", "an", "one")), -1)
        thing = list(itertools.takewhile(lambda t: t.isalpha() and t.lower() not in STOP | CALENDAR | _NOT_A_THING, heard[at + 1:]))
        named_as = {w for k in arguments for w in words(k.replace("_", " "))} | _PERSON | {stem(w) for w in MEASURE_WORDS | set(_SECONDS)}
        optioned = any(str(o).lower() in rest.lower() for f in tool.parameters["properties"].values() if isinstance(f, Mapping)
                       for o in f.get("enum") or ())
        thing = thing if at >= 0 and (_lower_tokens(request.message)[:1] in (["and"], ["also"], ["plus"])) and not set(words(
            " ".join(thing))) & named_as and not optioned and (not numbers or heard[at] == numbers[0] and len(numbers) == 1) else []
        # "and one lame": another thing, its own count (not "make it 5 people", "and for a Tesla Model 3?", an option)
        counted = numbers or (["1"] if heard[at:at + 1] and heard[at].lower() in ("a", "an", "one") else [])
        texts = [k for k, v in arguments.items() if isinstance(v, str) and v and not identifiers(v) and not _DATE.fullmatch(v) and not (
            tool.parameters["properties"][k].get("enum"))]
        if wrong is None and len(numeric) == 1 and len(counted) == 1 and 0 < len(thing) <= 3 and len(texts) == 1 and (
                " ".join(thing).lower() != str(arguments[texts[0]]).lower()) and not identifiers(rest):
            kind = tool.parameters["properties"][numeric[0]].get("type")
            return tool.name, {**arguments, numeric[0]: int(float(counted[0])) if kind == "integer" else float(counted[0]),
                               texts[0]: " ".join(thing)}
        numbers = [t for k, t in enumerate(said) if _NUMBER.fullmatch(t) and k not in dated] if dated else numbers  # (no day
        # nor year of a date: "Actually May 31 2025 - my mistake")
        if wrong is None and len(numbers) >= 2 and len(numbers) == len(numeric):
            typed = {k: int(float(n)) if tool.parameters["properties"][k].get("type") == "integer" else float(n) for k, n in zip(
                numeric, numbers)}
            return (tool.name, {**arguments, **typed}) if any(arguments[k] != v for k, v in typed.items()) else None
        if about and len(tokens(request.message)) > 8 and not (when or identifiers(new) or _NUMBER.fullmatch(new) or isinstance(
                tool.parameters["properties"][key].get("enum"), list)):
            return None  # a longer "what about ... for the same dates?" names an option ("a double"), not a free value
        kind = tool.parameters["properties"][key].get("type")
        value = (int(float(new)) if kind == "integer" else float(new)) if kind in ("integer", "number") else new
        quoted = [q for q in tool.told.split("'")[1::2] if 0 < len(q.split()) <= 3] if tool.told.count("'") >= 4 else []
        value = next((q for q in quoted if f" {q.lower()} " in f" {str(value).lower()} "), value)  # "And the advanced class?" of
        # "a class level (e.g. 'beginner', 'improver', 'advanced')": advanced
        others = {w for k in arguments if k != key for w in words(k.replace("_", " "))}  # ("walking boots without the heel":
        options = tool.parameters["properties"][key].get("enum")  # boot, the heel being include_heel's)
        options = [o for o in options if not set(words(str(o))) & others] or options if options else options
        value = next((o for o in options if str(o).lower() in str(value).lower().split()), reader._option_named(  # "And the
            options, set(words(rest)), "", strict=True)) if options else value  # bedroom's reading?": room "bedroom", an
        # option; a pair's sides said again: "And 5 kg in
        sides = {k: found[0] for k in arguments if k != key and (kind := reader.kind(k, str(tool.parameters[  # pounds?"
            "properties"][k].get("description") or "")))[0].startswith(("unit ", "currency ")) and (found := kind[1](
                request.message))}  # (option); both sides, each its own ("What about in CHF?" names one)
        sides = sides if len({str(v).lower() for v in sides.values()}) > 1 else {}
        kind, finder = reader.kind(key, str(tool.parameters["properties"][key].get("description") or ""))
        value = next(iter(finder(rest) if kind.startswith("date") and finder else []), value)  # "and for tomorrow?": its
        # date, in the field's form
        if str(cues[-1][3]).lower() == "in" and not (options or kind.startswith(("unit ", "currency ")) or new[:1].isupper()):
            return None  # "In fahrenheit please" sets an option, "In Paris?" a place; "In short?", "In stock?" neither
        more = {k: option for k, field in tool.parameters["properties"].items() if k != key and isinstance(field, Mapping)
                and isinstance(field.get("enum"), list) and (option := reader._option_named(field["enum"], set(words(
                    rest)), "", strict=True)) is not None} | {k: when[0] for k in arguments if k != key and when and shapes[
                        k][2]}  # "Same again for Saturday but balcony": the section and the day
        people = [" ".join(run) for run in _capital_runs(tokens(rest)) if len(run) >= 2]  # "and register Aroha Ngata too":
        more |= {k: people[0] for k, v in arguments.items() if k != key and isinstance(v, str) and len(people) == 1 and len(  # the
            v.split()) >= 2 and v.istitle() and v not in request.message}  # new person in the field of the one before
        more |= toggled | {k: said for k, v in arguments.items() if k != key and isinstance(v, str) and isinstance(tool.parameters[
            "properties"].get(k), Mapping) and (said := _option_said(str(tool.parameters["properties"][k].get(
                "description") or ""), rest, k, tool.told)) and said != v}  # "and 3 posters?" after 500 flyers: a poster,
        # of "an item (flyer, poster, booklet)"
        fresh = {}  # "and a hummus bowl" after "2 falafel wraps with extra tahini": a new thing, of its own count and
        if options and str(cues[-1][3]).lower() == "and" and (tokens(rest) or [""])[0].lower() in ("a", "an", "one"):  # extras
            fields = tool.parameters["properties"]
            fresh = {k: _said_of(rest, k, arguments[k], fields[k], [value, *arguments.values()], list(arguments)) if set(words(k.replace(
                "_", " "))) & set(words(rest)) else fields[k][
                "default"] if "default" in fields[k] else None for k in arguments if k != key and k not in more and (
                isinstance(fields.get(k), Mapping)) and ("default" in fields[k] or {"type": "null"} in (fields[k].get("anyOf") or ()))}
        fixed = {**arguments, **sides, **more, **fresh, key: value}
        for k, v in fixed.items():  # a value an option's field refuses is said as its option ("tuesday": tue), else it stays
            if isinstance(options := (tool.parameters["properties"].get(k) or {}).get("enum"), list) and v not in options:
                fixed[k] = next((o for o in options if isinstance(o, str) and isinstance(v, str) and len(o) >= 3 and v.lower(
                    ).startswith(o.lower())), None)
                if fixed[k] is None:  # (none it names: no call of a value the tool refuses, nor of the one before)
                    return None
        return (tool.name, fixed) if value is not None and arguments[key] != value else None
    return None


def _same(arguments: Any) -> str:
    """Arguments written one way (keys sorted), to tell whether a call was already made."""
    try:
        return json.dumps(json.loads(str(arguments)), sort_keys=True)
    except ValueError:
        return str(arguments)


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
