"""Reading a request: words, identifiers, and who said what (the offline model's one reader).

:func:`words` gives the stems of a text's content words ("moved" and "moving" meet; "the", "my" are dropped);
:func:`identifiers` finds what must be copied exactly (``ORD-73914``); :func:`read_items` cuts a conversation
into :class:`Statement` objects (one sentence each, with who said it); :class:`Memory` finds the statements
that share words, or related words (:data:`RELATED`), with a question. It matches words, not meaning.
"""

from __future__ import annotations

import ast
import contextlib
import datetime
import difflib
import functools
import hashlib
import itertools
import json
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..turns import NAMED_CALLS, NAMED_OUTPUTS, content_texts, item_type

__all__ = ["CALENDAR", "MEN", "QUESTION_WORDS", "RELATED", "WOMEN", "apostrophes", "asks_for_summary", "facts",
           "identifiers", "Memory", "opens_clause", "plain_text", "read_items", "read_transcript", "result_lines",
           "sentences", "Statement", "stem", "stem_set", "structured", "structured_input", "tokens", "words"]

#: How many characters of one text are read; the rest of a longer one is ignored.
MAX_CHARS = 20_000

#: A token: a word, a number or an identifier, with inner ``-./:'`` kept (``e-mail``, ``ORD-7``, ``10:32``);
#: an underscore separates (``lookup_order`` is two words), and a number's possessive is left off (``PX-17's``).
_TOKEN = re.compile(r"[£$€#+]?[^\W_](?:[^\W_]|(?<!\d)['’]|['’](?!s\b)|[-./:@](?=[^\W_])|(?<=\d),(?=\d{3}(?!\d)))*")
#: A quantity, not a name: a number, a count, an amount, a time or a date (``£89.99``, ``2x``, ``8:00``, ``5pm``, ``2025-01-17``).
_QUANTITY = re.compile(r"[£$€#]?\d+(?:[.,]\d+)?x?|\d+(?:-[a-z]{2,})+|\d{1,3}-\d{1,3}|\d{1,2}(?:[ap]m)|\d{1,2}:\d\d(?::\d\d)?|\d{4}-\d\d-\d\d(?:T[\d:.]+Z?)?")
#: A JSON field in text that is no longer valid JSON (a tool output cut short): ``"key": value``.
_FIELD = re.compile(r'"([A-Za-z_][\w ]{0,40})"\s*:\s*("(?:[^"\\\n]|\\.){0,300}"|-?\d[\d.]*|true|false|null)')
#: A field of a Pydantic model's text (``city='Tokyo'``).
_REPR_FIELD = re.compile(r"(\w+)=('[^'\n]*'|\"[^\"\n]*\"|\[[^\]\n]*\]|[\w.]+\([^()\n]*\)|[^\s'\"]+)")
#: An HTML or XML tag in a message ("<b>", "</p>"): read through, never taken for words (an address in angle
#: brackets is no tag: "<ada@x.org>", "<https://x.org>").
MARKUP = re.compile(r"</?[A-Za-z][\w-]*(?:[\s/][^<>\n]{0,100})?>")
#: Where a sentence ends: after ``.!?`` and a space (not after "Dr.", "Mrs." or "J.R.R. Tolkien"'s "R.", nor "no." before a
#: number or a code: "outside no. 14", "member no. M-55012"), or at a line break.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?]['\"’”]))(?<!\b[A-Z][a-z]\.)(?<!\b[A-Z]\.)(?<!Mrs\.)(?<!Prof\.)(?<!e\.g\.)(?<!i\.e\.)(?<!incl\.)(?<!\binc\.)(?<!excl\.)(?<!approx\.)(?!(?<=\b[Nn]o\.)\s+(?:[A-Z]{1,4}-?)?\d)\s+|\s*\n\s*")
#: A list marker or heading marker at the start of a line (``- ``, ``• ``, ``## ``, ``2. ``).
_MARKER = re.compile(r"^\s*(?:[-*•·>]+|#{1,6}|\d{1,3}[.)])\s+")
#: A transcript line: a role, an optional ``[call id]``, a colon (``USER: hi``, ``TOOL RESULT [c1]: ...``).
_TRANSCRIPT_LINE = re.compile(r"(user|human|customer|assistant|ai|agent|system|developer"
                              r"|tool(?: call| result| output)?|function)"
                              r"(?: \[([^\]\n]{1,80})\])?:[ \t]?(.*)", re.I)

#: Words that carry no topic of their own: they never make two sentences "about" the same thing.
STOP = frozenset(
    "a an the and or but if so of to in on at by for from with about as into over after before than then until is am are was "
    "were be been being do does did done have has had having will would shall should can could may might must i me my "
    "mine myself you your yours we us our it its they them their he him his she her this that these those there here "
    "what which who whom whose when where why how whats that's it's not no yes please thanks thank hi hello hey ok "
    "okay just also too very really again now already any some all each every one ever know tell said say get got let "
    "let's s t don't didn't doesn't i'm i've you're i'd i'll both way best kind sort thing things lot much many".split()
)
#: First words of a question: a question word or an auxiliary ("what is my dogs name" asks, "?" or not).
QUESTION_WORDS = frozenset("what what's which who whom whose when where why how am is are was were do does did can could "
                           "would will should have has any".split())
#: Contractions typed without their apostrophe, each with how many letters follow it ("dont": "don't", "youre": "you're").
_UNWRITTEN = dict.fromkeys("dont doesnt didnt cant couldnt wont wouldnt shouldnt isnt arent wasnt werent havent hasnt "
                           "hadnt im whats wheres whos hows thats theres hes shes youd theyd".split(), 1) | dict.fromkeys(
    "ive youre theyre youve theyve weve youll theyll".split(), 2)
#: Subjects of a clause ("when I travel", "what my sister said").
_SUBJECTS = frozenset("i we he she they my our his her their".split())
#: Counts spelled out ("Table for six", "three rabbits"); "one" is as often a pronoun.
_COUNT_WORDS = {w: n for n, w in enumerate("two three four five six seven eight nine ten eleven twelve thirteen fourteen "
                                            "fifteen sixteen seventeen eighteen nineteen".split(), 2)} | {"dozen": 12}
#: The months, as the first three letters of their names, in the year's order ("mar" is the third).
MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
#: Units a measured number is said in, as written after it ("180 lb", "200 litre", "40 ppm", "30 cubic metres"): the
#: model's fields in a unit and the notes' measure keys read the same list.
MEASURE_WORDS = frozenset("kg kgs kilo kilos kilogram kilograms g gram grams mg lb lbs pound pounds stone oz ounce ounces "
                          "tonne tonnes cm mm m km metre metres meter meters mile miles inch inches ft foot feet ml l "
                          "litre litres liter liters gallon gallons kw kwh w v mph kph ppm percent pct cubic square m2 m3 "
                          "sqm".split())
#: Capitalised words that are never a person's name.
CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april "
                     "may june july august september october november december today tomorrow".split())
#: Words that open a correction naming no subject ("No wait, it's...", "Make that...", "Sorry, I meant..."), and
#: those of them that say it corrects.
_FIXING = frozenset("no oh wait sorry actually correction scratch oops make that it it's its i meant mean um hmm uh ah".split())
_FIXES = frozenset("wait sorry actually correction oops make meant".split())
#: First words of a sentence that drops a thing ("Actually scrap Loch Awe"): what a later "Make it Loch Fyne instead" does not
#: rewrite.
_DROPPED = frozenset("scrap cancel drop forget ditch skip".split())
#: Irregular forms, so "bought" meets "buy" and "children" meets "child".
_IRREGULAR = dict(pair.split(":") for pair in (
    "bought:buy flew:fly paid:pay went:go gone:go going:go goes:go left:leave met:meet made:make took:take sent:send "
    "gave:give told:tell drove:drive ate:eat spent:spend grew:grow children:child wives:wife ran:run "
    "held:hold found:find e-mail:email called:name named:name owner:own hates:hate hated:hate hating:hate fares:fare "
    "tuesday:tue tuesdays:tue tues:tue wednesday:wednes wednesdays:wednes weds:wednes thursday:thu thursdays:thu "
    "thurs:thu friday:fri fridays:fri swollen:swell broken:break stolen:steal torn:tear worn:wear").split())
# (a day and its short form meet, "Tue 95 sheep" answers "... on Tuesday?", where the short form is no other word: not
# "sat", "sun", "mon", "wed")
#: Words whose stem would be another word's ("hate" is no "hat"): kept whole.
_WHOLE = frozenset({"hate", "fare"})  # ("fare" is no "far": "as far as I know" pays nothing)

#: Groups (split at ``|``) of everyday words that answer for one another ("job" ~ "nurse", "budget" ~
#: "spend"); no word whose stem is another's ("career", "driver": ``car``, ``driv``). A question word and a statement
#: word are *related* when one group holds both.
RELATED: tuple[str, ...] = tuple(" ".join(group.split()) for group in """
    name call called named nickname labelled labeled label | ratio proportion per | under below fewer low threshold | build built assemble assembled assembling assembly | reproducible repro reproduce reproduces reproduced consistently always | difficulty difficult hard tricky | live home house flat apartment move moved relocate relocated based address settle
    neighbourhood city town property rent rental renting tenant landlord lease | stay staying hotel accommodation lodging
    motel hostel | from
    originally born grew hometown native | travel trip flight fly going holiday vacation journey destination taxi cab
    abroad leave depart departure driving headed | work job role profession occupation employer company office position trade |
    route trail path track walk walking hike hiking trek traverse | job role position profession nurse doctor
    teacher engineer developer programmer designer chef lawyer manager student consultant architect scientist
    researcher writer journalist farmer mechanic electrician plumber accountant artist musician analyst dentist
    sommelier pilot baker barista pharmacist secretary clerk firefighter vet therapist carpenter waitress cashier lecturer
    professor tutor coach translator editor photographer surgeon builder contractor steward captain treasurer organiser
    organizer coordinator volunteer director | wife husband partner spouse girlfriend
    boyfriend fiance fiancé fiancee fiancée |
    son daughter kid child baby toddler infant boy girl | mother mom mum father dad parent family | grandmother grandma | grandfather grandpa |
    brother sister sibling siblings | pet dog cat puppy
    kitten parrot bird rabbit hamster fish horse | dog puppy breed retriever labrador poodle spaniel terrier collie beagle
    husky boxer | coding programming program python javascript function script software | sport sports football
    soccer cricket rugby tennis olympics | poem poems poetry haiku verse limerick | phone mobile smartphone iphone android
    pixel galaxy | laptop computer notebook pc macbook thinkpad
    chromebook | tablet ipad kindle | device model gadget | hardware laptop computer pc screen monitor keyboard mouse printer
    headset charger | car drive vehicle plate licence license registration |
    budget spend afford cost price pay money limit expense transaction purchase | price expensive pricey cheap | payout money reimbursement refund deposit | height tall | furniture chair | furniture sofa couch | furniture armchair | furniture wardrobe | furniture
    dresser | furniture bookcase | furniture wingback | fabric velvet | fabric linen | fabric cotton | fabric silk | fabric
    leather | fabric upholstery | fabric textile | fabric tweed | fabric swatch | wind gust gusts | seat seats slot
    slots | price cost quote trading worth | salary earn income wage
    compensation | deadline due | level beginner beginners intermediate advanced novice | appointment meeting booking reservation | translate translation translations translator | calendar event agenda diary | outdoor outside patio terrace | cause reason
    because | birthday bday born birth age aged old | prefer preference rather favourite favorite like love enjoy want wish fan keen
    hobby hobbies interest interests passion | hate dislike stand allergic allergy avoid | music song band genre jazz rock pop soul classical rap
    | substitution substitutions substitute substitutes swap swaps alternative alternatives
    | shift shifts rota nights
    | unit cup tbsp tsp tablespoon teaspoon g gram kilogram kilo kg ml millilitre milliliter litre liter l oz ounce lb pound pinch clove slice dozen carton bag
    bottle jar pack packet loaf loaves bunch tin can box pair
    | hour hours time open opening close closing closed shut shuts | address location located street road avenue lane crescent property | decision decide agree agreed resolve choose chose chosen choice pick select | available availability free start
    | supplies stationery toner paper pens ink | enrol enroll enrolment enrollment register registration
    | recurring recur repeat repeats repeating | pause stop halt | tea oolong sencha matcha darjeeling assam chai rooibos | time clock | bike bicycle cycling cyclist brake brakes tyre puncture | football soccer cricket rugby tennis basketball league | show performance concert gig matinee | ticket booking | baggage luggage suitcase
    | medication medicine meds drug pill tablet dose dosage mg prescription prescribed take | buy shop shopping grocery
    groceries purchase | injury injured hurt pain sore sprain burn burned burnt medical symptom wound wounded limping fractured
    headache fever cough rash sick nausea dizzy | colour color paint white black red blue green grey gray
    | food eat meal dish cuisine diet dietary appetite restaurant allergy allergic
    vegan vegetarian lunch dinner breakfast brunch snack cook cooking recipe ingredient | nutrition nutritional nutrient
    calorie calories kcal protein carbs carbohydrate fat fibre fiber | breakfast morning | lunch noon midday
    lunchtime | dinner evening supper | drink tea coffee juice beer wine | contact reach touch tell text sms message email mail
    whatsapp call
    phone | system os operating windows macos linux ios android | weather forecast temperature rain rainfall precipitation sunny umbrella | weather forecast temperature cold hot warm jacket | number id
    identifier code reference ref | race marathon triathlon | tournament competition contest championship | reserve preorder | teach taught teaches teacher instructor | team club squad fc | wedding marry married marriage venue ceremony reception | math maths homework equation solve algebra geometry
    calculus derivative integral fraction percentage arithmetic division circle triangle angle | history historical war president empire king queen
    emperor century ancient medieval revolution battle dynasty civilization treaty colony colonial | homework assignment coursework essay worksheet exam | unsafe insult offensive abusive abuse toxic
    idiot stupid moron dumb loser jerk fool pathetic | goal target aim want | add plus sum total | subtract minus difference | multiply times product | divide
    divided quotient | convert conversion exchange currency euro dollar pound yen franc money | pay payment paid charge charged card fare invoice refund
    reimburse reimbursement bill billing subscription | wrong problem issue fault matter broken broke stopped fail
    faulty damaged defective cracked torn dented scratched smashed shattered risk
    concern worry worried
    mistake correction instead keep
    | burgled burglary burglar break-in intruder robbed robbery | sell sells selling sold sale stock
    stocked | hair colour dye blonde brunette highlights bleach | afraid scared fear fears frightened
    terrified phobia | size big area square m2 sqm dimension dimensions | confirm confirmed approve approval approves approved pending
    awaiting | memorial headstone gravestone tombstone monument plaque
    | technical tech bug crash crashes error broken fail fails freeze glitch outage login
    | urgent asap immediately emergency critical high outage down blocks blocker blocking stuck severe serious crash
    crashes rush important crucial vital crushing unbearable excruciating | sales sale discount deal pricing | feature add support suggestion idea improvement wish
    | account login password sign username profile email | transfer move wire | task todo to-do chore errand
    | technical server outage down | connectivity connection connect internet wifi wi-fi network router broadband signal
    offline | minor low trivial whenever | scifi sci-fi science fiction space
    spaceship starship alien asteroid comet planet robot interstellar | politics political politician election vote
    voting voter president presidential government parliament congress senate democracy campaign candidate | spam
    advert advertising advertisement promo promotion promotional prize lottery unsubscribe congratulations won winner
    earn click cash | positive praise compliment good great love loved excellent happy pleased amazing wonderful
    friendly helpful delicious perfect fantastic brilliant best lovely superb outstanding awesome thanks grateful
    appreciate recommend | negative complaint complain bad worst terrible hate awful poor angry disappointed horrible rude
    cold dirty broken useless annoyed frustrated unhappy furious late crushed slow loud noisy crash crashing unhelpful
    filthy disgusting smelly overpriced faulty defective cracked crooked ruined mediocre disappointing
    | urgent emergency asap immediately leak leaking gas fire smoke flood flooding evacuate evacuating burst sparks
    bleeding injured danger dangerous
    | technical tech bug crash crashing error glitch freeze frozen software app
    | open opening close closed hours weekday weekend monday tuesday wednesday thursday friday
    saturday sunday | come join accompany travel trip fly driving attend attendee attendees | shipping ship shipment parcel package order delivery
    deliver arrive arrived courier carrier tracking track eta dispatch dispatched | thermostat climate temperature degrees celsius fahrenheit heat
    heating heated warm hot cool cooling cold freezing ac aircon conditioning | invest investment savings stock stocks bitcoin crypto
    cryptocurrency portfolio fund funds | learn learning study studying student beginner lesson course
    | exercise workout gym fitness training yoga pilates swim swimming jog jogging | plus guest companion wife husband
    partner spouse girlfriend boyfriend | volume sound audio music speaker loud louder quiet quieter | accessibility accessible access step-free wheelchair mobility ramp deaf blind | negotiable offer obo | status ready progress | sign signature signed | need required must mandatory | late delay overdue | day daily | assign assigned assignee owner | heart cardiac cardiology cardiologist chest palpitations | skin dermatology dermatologist rash acne mole itchy eczema | bone bones joint joints knee knees hip ankle wrist fracture sprain sprained orthopedics orthopedic orthopaedic | word mean meaning means define definition dictionary synonym | cancel cancellation cancelling terminate unsubscribe | collect collection collecting pick pickup | owe owed owing balance outstanding
    | leak leaks leaking drip dripping drips plumbing plumber | broken snapped cracked smashed bust | music dj band disco
    | lost lose losing missing misplaced mislaid | noise noisy loud shouting yelling rowdy antisocial | phone ring rang telephone
""".split("|"))


def tokens(text: str) -> list[str]:
    """The tokens of ``text`` (its first :data:`MAX_CHARS` characters), in order, as written."""
    return list(_tokens(text)) if len(text) <= 400 else _TOKEN.findall(text[:MAX_CHARS])


@functools.lru_cache(maxsize=4096)  # a conversation is re-sent with every request: its short texts recur
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text))


def apostrophes(text: str) -> str:
    """``text`` with the apostrophes of contractions typed without one put back: "im sure whats hers" → "i'm sure
    what's hers"."""
    lines = text.split("\n")
    for at, line in enumerate(lines):
        pieces = line.split(" ")
        for k, piece in enumerate(pieces):
            core = piece.strip(".,;:!?()\"")
            if back := _UNWRITTEN.get(core.lower()):
                cut = piece.find(core) + len(core) - back
                pieces[k] = piece[:cut] + "'" + piece[cut:]
        lines[at] = " ".join(pieces)
    return "\n".join(lines)


def plain_text(content: Any) -> str:
    """The text parts of a message's ``content`` (or of a tool's output), joined by spaces."""
    return " ".join(content_texts(content, other=lambda part: ""))


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude stem, so forms of one word meet: "moved", "moving", "move" → ``mov``."""
    w = word.lower().replace("’", "'").removesuffix("'s")
    w = _IRREGULAR.get(w, w)
    if any(c.isdigit() for c in w) or w in _WHOLE:
        return w  # an identifier or a number stays whole
    w = w[:-1] if w.endswith("ings") and len(w) > 6 else w  # "bookings" meets "booking" and "book"
    for suffix, keep, replace in (("ies", 4, "y"), ("ing", 5, ""), ("ed", 4, ""), ("s", 3, "")):
        if len(w) > keep and w.endswith(suffix) and not (suffix == "s" and w.endswith(("ss", "us", "is"))):
            w = w[: -len(suffix)] + replace
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeious":  # ("class" stays, as "classes" is)
        w = w[:-1]  # "travell" → "travel", "preferr" → "prefer"
    if len(w) > 5 and w.endswith("er"):
        w = w[:-2]  # "teacher" → "teach"
    elif len(w) > 6 and w.endswith("or") and w[-3] in "stv":
        w = w[:-2]  # "supervisor" → "supervis", "inspector" → "inspect", "visitor" → "visit"
    if len(w) > 4 and w.endswith("ie"):
        return w[:-2] + "y"  # "cookie" meets "cookies" (→ "cooky"), "Silkie" meets "Silkies"
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


@functools.lru_cache(maxsize=1024)  # the model's word lists, written where they are used, are stemmed once
def stem_set(text: str) -> frozenset[str]:
    """The stems of every word of ``text`` (stop words too): how the word lists of the model are written."""
    return frozenset(map(stem, text.split()))


def words(text: str) -> list[str]:
    """The stems of ``text``'s content words, in order (stop words and one-letter words dropped, but for a letter that
    names one of a kind: "plan B", "And B?", "Gate C and...", not "A plan")."""
    return list(_words(text))


@functools.lru_cache(maxsize=1024)  # a conversation is re-sent with every request: its texts recur (≤ ~20 MB)
def _words(text: str) -> tuple[str, ...]:
    found = tokens(text)
    lowered = [token.lower().lstrip("£$€#").replace("’", "'").rstrip("'").removesuffix("'s") for token in found]
    return tuple(stem(word) for k, word in enumerate(lowered) if word not in STOP and (len(word) >= 2 or word.isdigit())
                 or k and found[k].isupper() and len(word) == 1 != (word == "i") and (found[k - 1].islower() or not (
                     found[k + 1:] or ["A"])[0].islower()))


def identifiers(text: str) -> list[str]:
    """What ``text`` names that must be copied exactly (``ORD-73914``, ``AX3000``, ``2.1.4``), each once: a
    token with a digit and a letter, a dash, a slash or two dots; never a quantity (``£89.99``, ``8:00``,
    ``3-year-old``) nor a day of the month (``12th``)."""
    return [token for token in facts(text) if len(token) >= 3 and not _QUANTITY.fullmatch(token) and not (
        token[:-2].isdigit() and token[-2:].lower() in ("st", "nd", "rd", "th"))  # nor a day: "on the 12th"
            and (any(c.isalpha() for c in token) or "-" in token or "/" in token or token.count(".") >= 2)]


def facts(text: str) -> list[str]:
    """Every token of ``text`` with a digit in it (identifiers, numbers, amounts, dates), each once:
    what a note may not invent."""
    return list(_facts(text))


@functools.lru_cache(maxsize=4096)  # asked of every statement of a conversation, which recurs in each request
def _facts(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(t.rstrip(".:") for t in tokens(text) if any(c.isdigit() for c in t)))


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (and lines); list markers and empty pieces dropped."""
    return list(_sentences(text[:MAX_CHARS]))


@functools.lru_cache(maxsize=1024)  # a conversation is re-sent with every request: its texts recur
def _sentences(text: str) -> tuple[str, ...]:
    for unit in ("C", "F", "K", "L", "G", "M") if ". " in text else ():  # "at sunset was 14.5 C. We saw...": a unit
        at = text.find(f" {unit}. ")  # after a number ends its sentence (an initial does not: "J. K. Rowling")
        while at > 0:
            text = text[:at + 3] + "\n" + text[at + 4:] if text[at - 1].isdigit() else text
            at = text.find(f" {unit}. ", at + 1)
    pieces = (_MARKER.sub("", piece, count=1).strip() for piece in _SENTENCE_END.split(text))
    return tuple(piece for piece in pieces if any(c.isalnum() for c in piece))


@dataclass(frozen=True)
class Statement:
    """One sentence of a conversation: its ``text``, who said it (``role``: "user", "assistant", "note" (a recap,
    or an assistant message of three or more lines), "tool" (a result) or "call"), the user ``turn`` it belongs
    to, its ``order``, its content words (``stems``) and, for a call or a result, the ``tool``'s name; ``fixed``: a
    correction read as the statement it corrects ("Make that 650 euros." as "My budget is 650 euros.")."""

    text: str
    role: str
    turn: int
    order: int
    stems: frozenset[str]
    tool: str = ""
    fixed: bool = False
    said: str = ""  # a correction read as the statement it corrects: the sentence as said

    @property
    def identifiers(self) -> list[str]:
        return identifiers(self.text)

    @functools.cached_property  # asked of every statement on every request
    def asks(self) -> bool:
        """Whether the sentence is a question: it ends with "?" or opens with a :data:`QUESTION_WORDS` word, not with
        a clause ("When I travel, I fly economy": a wh-word, then its subject), or with "Remind me" or "Tell me" and a
        question word; "Read me back my phone number." asks too (not "Read my essay", nor "Repeat back my list: eggs..."),
        as does one ending in a verb then its subject ("my son is 13 can he drive")."""
        said = [t.lower().replace("’", "'") for t in tokens(self.text[:40])]
        last = [t.lower() for t in tokens(self.text.rstrip(" .!")[-60:])][-6:]  # "my son is 13 can he drive": asks at its end
        if any(a in ("can", "could", "should", "do", "does") and b in ("i", "he", "she", "we", "they", "you", "u") and (
                k + 2 < len(last)) and k > 0 and last[k - 1] not in ("if", "what", "how", "that") for k, (a, b) in enumerate(
                    itertools.pairwise(last))) and len(tokens(self.text)) > 4:
            return True
        first, second, third = [*said[said[:1] == ["please"]:], "", "", ""][:3]  # ("Please read back my booking.")
        listed = ":" not in self.text or self.text.partition(":")[0].rstrip().lower().endswith(("back", " me"))
        return self.text.rstrip().endswith("?") or first in ("read", "repeat") and second in ("me", "back") and (
            listed and third in ("back", "my", "our", "the", "what")) or first.split("'")[0] in QUESTION_WORDS and not opens_clause(
            self.text) and not (first == "do" and second == "not") or first in ("remind", "tell") and second in ("me", "us") and third in (
                "what", "which", "who", "how", "where")  # "Remind me what style I brew." (not "Tell me if it has
        # nuts, I'm allergic to peanuts", nor "Remind me to take my pills"; nor "Do not use steam on it.")


def says_pending(text: str) -> bool:
    """Whether a sentence says something is still awaited: "The council decision is pending.", "The quote is still to
    be confirmed.", "No room has been booked yet." (not "no longer pending", "Yet again the bus was late")."""
    low, said = f" {text.lower()} ", [t.lower().replace("’", "'") for t in tokens(text)]
    return (" pending" in low and "no longer" not in low or "still to be" in low or "yet" in said[1:] and (
        {"not", "no"} & set(said) or any(t.endswith("n't") for t in said)))


def opens_clause(text: str) -> bool:
    """Whether ``text`` opens with a clause, not a question: "when" or "where", then its subject ("When I travel,
    ..."; "how i can reset..." asks)."""
    first, second = [*(t.lower() for t in tokens(text[:60])), "", ""][:2]
    return first in ("when", "where") and second in _SUBJECTS


#: What a transcript's role label stands for; any other label ("user", "tool", "system") stands for itself.
_ROLES = {"human": "user", "customer": "user", "ai": "assistant", "agent": "assistant", "function": "call",
          "tool call": "call", "tool result": "tool", "tool output": "tool"}


#: Words for a relative the user tells of, and the pronouns that open a sentence about one ("She's 9.").
#: Words for a woman and for a man: what "she"/"her" and "he"/"him"/"his" point back to; and every relative.
WOMEN = frozenset("sister mother mum mom wife girlfriend daughter aunt niece grandmother grandma".split())
MEN = frozenset("brother father dad husband boyfriend son uncle nephew grandfather grandpa".split())
_KIN = stem_set(" ".join(WOMEN | MEN | {"partner", "kid", "child", "baby"}))
_POINTING = frozenset("she she's he he's his her".split())
#: Verbs that take back what was asked ("Actually cancel the Yamaha"): no value corrected.
_CANCELS = frozenset("cancel drop remove delete skip scrap forget".split())
#: Who else a user tells of: a relative, and the people around them.
_OTHERS = _KIN | stem_set("neighbour neighbor friend colleague coworker boss flatmate roommate housemate")
#: The speaker's own words for themselves (not "my", which also says "my sister").
_SELF = frozenset("i i'm i've i'd i'll me we we're we've we'd we'll us our ours myself ourselves".split())


#: Numbers in words, as "six of us" says them.
_NUMBER_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve".split())
#: Words that count people: what "6 of us" counts.
_HEADCOUNT = stem_set("people person persons guest guests adult adults")


def _of_us(text: str) -> bool:
    """Whether ``text`` counts its speakers: "There'll be 6 of us", "six of us"."""
    said = [t.lower() for t in tokens(text[:400])]
    return any(b == "of" and c == "us" and (a.isdigit() or a in _NUMBER_WORDS) for a, b, c in zip(said, said[1:], said[2:]))


def _counts(text: str) -> bool:
    """Whether ``text`` holds a plain count: a number on its own, not a group of a phone number ("0161 496 0732")."""
    said = [t[:-1] if t[-1:] in "x×" and t[:-1].isdigit() else t for t in tokens(text[:400])]  # ("2x chain links": 2)
    return any(t.isdigit() and t[0] != "0" and not (said[k - 1:k] or ["x"])[0].isdigit() and not (said[k + 1:k + 2] or [
        "x"])[0].isdigit() for k, t in enumerate(said))


def mistyped(old: str, new: str, codes: bool = True) -> bool:
    """Whether ``new`` gives a code of ``old`` again with a character or two mended: "Sorry, the PO is 77-3310" of
    "purchase order 77-3301" (values of four characters or more, of one length; of ``codes``, not a time, "15:30" of
    "14:30", nor an amount)."""
    def code(value: str) -> bool:
        return not codes or ":" not in value and "." not in value
    return any(len(a) == len(b) >= 4 and code(a) and code(b) and 0 < sum(x != y for x, y in zip(a, b)) <= 2
               for a in facts(old) for b in facts(new))


def wording(text: str) -> tuple[str, ...]:
    """The tokens of ``text`` without its values: a correction the reader wrote into a sentence has the wording of the
    sentence it corrects ("There'll be 9 of us." and "There'll be 6 of us."; a day's name is a value too)."""
    return tuple(t for t in tokens(text) if not facts(t) and t.lower() not in _WEEKDAYS)


def of_someone_else(text: str) -> bool:
    """Whether a sentence tells of another person than its speaker: it names a relative, a neighbour... or says
    "he", "she", and never "I", "we", "us" ("My neighbour Tomas has 2 supers.", "Our friends are number 273."; not "I've
    got 6 supers.", "There'll be 6 of us.", "My sister and I arrive Friday.")."""
    found = [t.lower().replace("’", "'") for t in tokens(text[:400])]
    said = {t for t, after in zip(found, [*found[1:], ""]) if not (t in ("our", "ours") and stem(after) in _OTHERS)}  # "Our
    return not said & _SELF and bool(said & _POINTING or {stem(t) for t in said} & _OTHERS)  # friends Lucia and Tom ...": theirs


def _asks_to_note(sentence: str) -> bool:
    """Whether a sentence only asks the model to keep what was said before it: "Can you note that?", "Please remember
    that.", "Could you make a note of this?" (not "Note that the gate is locked")."""
    said = [t for t in [t.lower() for t in tokens(sentence[:120])] if t not in (
        "please", "you", "can", "could", "would", "will", "kindly", "just", "make", "a", "of")]
    return 1 < len(said) <= 3 and said[0] in ("note", "remember", "record", "jot", "log") and set(said[1:]) <= {
        "that", "this", "it", "those", "them", "down"}


def without_request_to_note(text: str) -> str:
    """``text`` without a closing request to note what it says: "I'd prefer a non-smoker. Can you note that?", "My locker
    is 217, can you note that?" → what to note."""
    pieces = sentences(text)
    text = text[:text.rfind(pieces[-1])].strip() if len(pieces) > 1 and _asks_to_note(pieces[-1]) else text
    head, comma, tail = text.rpartition(", ")
    return f"{head}." if comma and _asks_to_note(tail) and len(head.split()) > 2 else text


class _Reader:
    """Collects statements in order, counting user turns and naming each tool result by its call."""

    def __init__(self, state: tuple[Any, ...] | None = None) -> None:
        """A new reader, or one reading on from another's :meth:`state`."""
        self.statements: list[Statement] = []
        self.turn = 0
        self.tools: dict[str, str] = {}  # call id → tool name
        self.recap_asked = False  # the user asked for a recap: the answer is a note
        self.person: frozenset[str] = frozenset()  # the relative "she", "he"... point back to
        self.handoffs: set[str] = set()  # the call ids of handoffs and their results (routing, not news)
        if state:
            statements, self.turn, tools, self.recap_asked, self.person, handoffs = state
            self.statements, self.tools, self.handoffs = list(statements), dict(tools), set(handoffs)

    def state(self) -> tuple[Any, ...]:
        """What the reader has read so far, as a value a new reader can start from."""
        return tuple(self.statements), self.turn, dict(self.tools), self.recap_asked, self.person, frozenset(
            self.handoffs)

    def read(self, role: str, text: str, call_id: str = "", pasted: bool = False) -> None:
        """A ``user`` or ``assistant`` message, a ``call`` (``name(arguments)``) or a ``tool`` result; a request
        for a recap in a ``pasted`` transcript is left out (not something the customer said)."""
        tool = ""
        if role == "user":
            text = without_request_to_note(apostrophes(text))  # "whats my name" asks as "what's my name" does
            self.recap_asked = asks_for_summary(text)
            if pasted and self.recap_asked:
                return
            self.turn += 1
            if self.recap_asked and len(sentences(text)) == 1 and not facts(text) and not any(
                    t[:1].isupper() for t in tokens(text)[1:]) and " note " not in f" {text.lower()} ":  # "Before we go
                return  # on, recap what we have covered": a request that tells nothing (a summarizing session's own)
        elif role == "assistant":
            lines = sum(1 for line in text.splitlines()[:50] if line.strip())
            keyed = text.lstrip()[:1] == "{" and isinstance(data := structured(text), dict) and len(data) >= 2
            role = "note" if self.recap_asked or lines >= 3 or keyed else role  # (a JSON note is one line)
        elif role == "call":
            tool = self.tools[call_id] = text.split("(", 1)[0].strip()
        elif role == "tool":  # (a transcript's "TOOL lookup_order:" names its tool)
            tool = self.tools.get(call_id) or (call_id if call_id.isidentifier() and pasted else "")
        if role != "user" and (pasted or role in ("assistant", "note")):
            self.recap_asked = False
        if role not in ("user", "assistant", "note", "call", "tool"):
            return  # a system or developer line
        lines = sentences(text) if role != "tool" else result_lines(text)
        for sentence, heading in _note_lines(text) if role == "note" else [(line, frozenset()) for line in lines]:
            said, sentence = sentence, self.fixed(sentence) if role == "user" else sentence
            sentence = _one_day(sentence, said) if sentence != said else sentence
            tags = _tags(sentence) if role in ("user", "note") else frozenset()
            stems = frozenset(words(sentence)) | heading | tags | (self.pointed(sentence) if role == "user" else set()) | {
                stem(part) for t in tokens(sentence[:400]) if "-" in t and t[:1].isalpha() for part in t.split("-") if len(
                    part) > 3 and part.isalpha()} | (_subject(said) if sentence != said else frozenset())  # "climate-controlled"
            # says "climate" and "control"; a correction written into what it corrects says what it was of too ("Sorry,
            # the pen is a Pelikan M600": a pen)
            self.statements.append(Statement(sentence, role, self.turn, len(self.statements), stems, tool, sentence != said,
                                             said if sentence != said else ""))

    def pointed(self, sentence: str) -> frozenset[str]:
        """The person a sentence opening with "she", "he", "his"... is about, as the stems of the latest sentence that
        named a relative: "She's 9." after "My daughter's name is Emma." is about ``daughter``, ``emma``."""
        found = tokens(sentence[:400])
        lead = [*itertools.dropwhile(lambda t: t in _FIXING, (t.lower().replace("’", "'") for t in found[:6])), ""]
        opens = lead[0] in _POINTING  # "She's 9", "scratch that, she lives in Nice"
        called = any(a.lower() in ("called", "named") and b[:1].isupper() for a, b in zip(found, found[1:]))
        if lead[0] in ("her", "his", "their") and stem(lead[1]) in _OTHERS and found[2:3] and found[2][:1].isupper():
            opens = False  # "Her friend Nell Carver is also entering": of Nell, not of the daughter told before
        if opens or {stem(t) for t in found} & _KIN or called:  # the relative and the names told with it ("a rescue
            self.person = (self.person if opens else frozenset()) | {stem(t) for k, t in enumerate(found) if stem(  # mare
                t) in _KIN or k and t[:1].isupper() and t != "I" and t.lower() not in CALENDAR}  # called Willow")
        return self.person if opens else frozenset()

    def fixed(self, sentence: str) -> str:
        """A correction that names no subject read as the statement it corrects with the new value: "Make that 650
        euros." after "My budget is 500 euros." is "My budget is 650 euros."; "Actually it's Tuesday, not Monday" (or
        "not Monday but Tuesday") corrects the latest statement holding "Monday" (else the latest with a value of its
        shape; else the sentence). A reason may come first ("3 June is sports day, so make it 5 June instead"); a
        cancellation ("Actually cancel the Yamaha") corrects no value."""
        if (changed := self._changed_value(sentence)) is not None:
            return changed  # "actually Sam's number changed, it's 07700 900999 now"; "they moved us to the 19th"
        head, so, tail = sentence.partition(", so ")
        if so and (first := self.fixed(head)) != head:  # "Actually it's 5 Parker 51s, so 8 pens in all": the total too
            counted = tokens(tail)[:2]
            again = _replaced(first, " ".join(counted), "", counted[0]) if len(counted) == 2 and counted[0].isdigit() and (
                counted[1].isalpha()) and counted[1] in first else None
            return again or first
        found = tokens(sentence[:200])
        opening = found[1:] if found[:1] in (["And"], ["and"]) and found[1:2] and found[1].lower() in _FIXING else found
        lead = len(found) - len(opening) + len(list(itertools.takewhile(lambda t: t.lower().replace("’", "'") in _FIXING,
                                                                        opening)))  # ("And no wait - make the trim gold")
        moved = [t.lower() for t in found[lead:lead + 3]]  # "Actually, move it: bench 2 instead": "bench 2"
        lead += (2 + (moved[2:] == ["to"])) * (moved[:1] in (["move"], ["change"], ["switch"]) and moved[1:2] in (["it"], ["that"]))
        if found[lead:lead + 1] and found[lead].lower() in _CANCELS:
            return sentence
        if found[lead:lead + 1] and found[lead].lower() in ("on", "about", "re", "regarding") and ", " in sentence:  # "Correction
            about = sentence.partition(", ")  # on the Sandsharks game, it was actually 2-0": of the sentence naming them
            named = [" ".join(run) for run in _capital_runs(tokens(about[0])[lead + 1:])]
            fixed = self.fixed(about[2])
            return fixed if fixed != about[2] and all(n.lower() in fixed.lower() for n in named) else sentence
        # A thing named and its new value: "And change the delivery to 21 May" (the delivery's date), "Sorry, the gate
        # code changed to 6631", "my son's seat changed to 15C" (the son's, found by its whole name or its own word)
        verb = lead + (found[lead:lead + 1] in (["And"], ["and"], ["Then"], ["then"]))
        bare = found[verb:verb + 1] and found[verb].lower() in ("switch", "move", "change") and found[verb + 1:verb + 2] and (
            found[verb + 1].isalpha() and found[verb + 1].lower() not in STOP) and found[verb + 2:verb + 3] in (["to"],)  # "Switch
        # training to Thursday": the training's day
        to = next((k for k in range(verb + 3, min(verb + 6, len(found) - 1)) if found[k].lower() == "to"), 0) if [
            t.lower() for t in found[verb:verb + 2]] in (["change", "the"], ["change", "my"], ["move", "the"], ["move", "my"]) else (
            verb + 2 if bare else 0)
        named_from = verb + 2 - bool(bare)
        changed_at = next((k for k in range(verb + 2, min(verb + 6, len(found) - 2)) if found[k].lower() in (
            "changed", "moved", "switched") and found[k + 1].lower() == "to"), 0) if found[verb:verb + 1] and found[
                verb].lower() in ("the", "my", "our") and not to else 0
        named_from, to = (verb + 1, changed_at + 1) if changed_at else (named_from, to)
        named_to = changed_at or to  # (the words before "changed to", or before "to")
        thing = {stem(t.lower().removesuffix("'s").removesuffix("’s")) for t in found[named_from:named_to] if t.replace(
            "'", "").replace("’", "").isalpha()}
        phrase = " ".join(found[named_from:named_to]).lower()
        lead = to + 1 if to else lead
        lead += lead > 0 and found[lead:lead + 1] in (["and"], ["And"]) and "not" in found  # "Oh, and the motors should..."
        clause = max(sentence.lower().rfind(" make it "), sentence.lower().rfind(" make that "))
        if clause > 0 and lead == 0 and ((rest := sentence[clause + 1:]) != (fixed := self.fixed(rest))):
            return fixed  # the correction after its reason
        at = next((k for k in range(lead, len(found)) if found[k].lower() == "not"), len(found))
        new, old = found[lead:at], " ".join(found[at + 1:])
        cut = [k for k in (sentence.find(mark, sentence.lower().find(" not ") + 5) for mark in (": ", ";", " - ", ", ")) if k > 0]
        old = " ".join(tokens(sentence[sentence.lower().find(" not ") + 5:min(cut)])) if cut and at < len(found) and (
            " not " in sentence.lower()) else old
        # ("ends 724, not 742: 07700 900 724": the 742)
        new = new[2:] if [t.lower() for t in new[:2]] in (["make", "that"], ["make", "it"]) else new  # "Actually make
        named = next((k for k in range(2, len(new)) if new[k][:1].isdigit() or new[k].lower() in CALENDAR), 0) if lead and (
            found[lead - 1].lower() == "make") and new[:1] in (["our"], ["my"], ["the"]) else 0  # "make our kits 10, not
        # 12": 10 of the kits; "make my arrival Sunday 15 September": the arrival's date
        named = named or (len(new) - len(old.split()) if lead and found[lead - 1].lower() == "make" and new[:1] in (
            ["our"], ["my"], ["the"]) and old and 2 <= len(new) - len(old.split()) <= 4 else 0)  # "make the Pekins
        # lavender, not black": lavender, of the Pekins
        noun, new = ({stem(t.lower()) for t in new[1:named] if t.isalpha()}, new[named:]) if named else (thing, new)
        new = new[:-2] if [t.lower() for t in new[-2:]] in (["for", "me"], ["for", "us"]) else new  # that 5 blocks for me,
        # not 3": "5 blocks"
        counts = [k for k, t in enumerate(new) if t.isdigit()]
        if len(counts) == 1 and old.isdigit() and new[0].lower() in _SELF and new[counts[0] + 1:] and (
                new[counts[0] + 1].isalpha()):  # "I'll bring 5 boxes, not 3": 5 boxes (if boxes were said)
            new = new[counts[0]:counts[0] + 2]
            if not any(stem(new[1].lower()) in s.stems for s in self.statements if s.role in ("user", "note")):
                return sentence  # ("I'll bring 3 bags, not 2" is no change of "2 sourdough loaves")
        new = new[1:] if [t.lower().replace("’", "'") for t in new[:1]] == ["it's"] and len(new) == 3 and (
            new[1].lower() in _COUNT_WORDS) and new[2].isalpha() and any(stem(new[2].lower()) in s.stems for s in (
                self.statements) if s.role == "user") else new  # "Actually, it's three rabbits - they got
        # another": "three rabbits"
        said = [t.lower() for t in new]  # "the date is wrong - it's 21 June, not the 14th": "21 June" for the 14
        its = "it's" in said[1:] and at < len(found)
        new = new[said.index("it's") + 1:] if its else new
        its_value = sentence[sentence.lower().find(" it's ") + 6:].split(" not ")[0] if its else ""
        verb = next((w for w in said[1:5] if w in ("is", "are", "be", "was", "were")), "")  # ("the motors should be B6-4")
        subject = [w for w in said[:said.index(verb)] if w not in STOP] if not its and verb else []
        if not its and at < len(found) and verb and said[0] in ("the", "my", "our"):  # "Sorry, the postcode
            new = new[said.index(verb) + 1:]  # is DM4 7QX, not 7QT": "DM4 7QX"
            its_value = sentence[sentence.lower().find(f" {verb} ") + len(verb) + 2:].split(" not ")[0]
        old = old.removeprefix("the ") if at < len(found) else old
        old = old[:-2] if old[:-2].isdigit() and old[-2:] in ("st", "nd", "rd", "th") else old
        count = said[said.index(verb) + 1] if at == len(found) and lead and verb and said[0] in ("the", "my", "our") and (
            said[said.index(verb) + 1:] or [""])[0].isdigit() else ""  # "Sorry, the sherd count is 44": of "42 pottery
        things = {stem(w) for w in subject} - stem_set("count number total amount") if count else set()  # sherds"
        for s in reversed([s for s in self.statements if s.role in ("user", "note") and not s.asks] if things else []):
            said_there = tokens(s.text)
            spots = [k for k, t in enumerate(said_there) if t.isdigit() and {stem(w.lower()) for w in said_there[k + 1:k + 3]} & things]
            if len(spots) == 1 and len(whole_words_at(s.text, said_there[spots[0]])) == 1:
                at_number = whole_words_at(s.text, said_there[spots[0]])[0]
                return s.text[:at_number] + count + s.text[at_number + len(said_there[spots[0]]):]
        if at == len(found) and verb and _FIXES & {t.lower() for t in found[:lead]} and (
                restated := self._restated(sentence, found[lead:], verb)):  # "wait no, Sami's mum is 07700 900132"
            return restated
        if at == len(found) and new:  # "Make that 18 crates, four more came in": the value ends at its clause's end
            start = 0
            for t in found[:lead + 1]:
                start = sentence.find(t, start) + len(t)
            told = " ".join(s.text.lower() for s in self.statements[-6:] if s.role == "user")
            ends = [k for k in (sentence.find(mark, start) for mark in (", ", "; ", " - ", " – ", " — ", " (", " because ")) if k >= 0 and ((
                sentence[k:].split()[1:2] or [""])[0][:1].islower() or (sentence[k:].split()[1:2] or [""])[0].replace(
                    "’", "'").split("'")[0] == "I") and ((sentence[k:].split()[1:2] or [""])[0] not in (
                    "and", "or", "at", "on", "in", "by", "from", "until", "for") or sentence[k + 2:].rstrip(" .!").lower() in told)]
            # (not "Tom, Ann and Joe", "Monday, 4 March", "11 July, at 2pm"; but "Gate 5, at 6pm" after "Gate 3, at 6pm":
            # what follows the comma is said already)
            new = found[lead:len(tokens(sentence[:min(ends)]))] if ends else new
        own = lead and found[lead - 1].lower() == "make" and [t.lower() for t in new[:1]] in (["mine"], ["ours"]) and (
            new[1:2] and new[1][:1].isdigit())  # "Actually make mine 18 balls": 18 balls, of what the speaker said of their own
        new = new[1:] if own else new
        head = "".join(new[1:2] if new[:1] and new[0].lower() in ("the", "a", "an") else new[:1])[:1]  # ("the 8:15 slot")
        while new and new[-1].lower() in _TRAILING and (head.isdigit() or head.isupper() or len(new) > 1 and any(
                map(str.isdigit, new[-2]))):  # "make that Sunday 15
            new = new[:-1]  # June instead": the value is "Sunday 15 June" (not "we're going at Easter instead": no value)
        but = next((k for k in range(at + 2, len(found)) if found[k].lower() == "but"), 0) if at == lead else 0
        rest = sentence[sentence.lower().find(" but ") + 5:].split(",")[0] if but else ""
        if but:  # "not sushi but ramen(, sushi is second)": the new value after "but", up to a comma
            new, old = tokens(rest), " ".join(found[at + 1:but])
        fixing = bool(_FIXES & {t.lower() for t in found[:lead]})  # ("Actually Dara sings soprano"; not "Found the...")
        if (moved := self._day_moved(new, old if at < len(found) else "") or (self._object_moved(new) if fixing else None)) is not None:
            return moved
        dated = all(t.lower() in CALENDAR or t[:1].isdigit() or t.lower() in ("at", "on", "the", "of") for t in new)
        ranged = [k for k in range(1, len(new) - 1) if new[k].lower() in ("to", "and") and new[k - 1][:1].isdigit() and (
            new[k + 1][:1].isdigit())]  # "15:00 to 19:00": one value
        if not new or len(new) > (6 if dated else 4) or not (_FIXES & {t.lower() for t in found[:lead]} or old or thing) or any(
                t.lower() in STOP - {"a", "an", "the", "on", "at", "in", "per"} for k, t in enumerate(new) if k not in ranged and not (
                    dated and t[:1].isupper() and t.lower() in CALENDAR)):  # ("14 May": a month, no "may")
            return sentence  # "Sorry, I can't make it" names no new value
        begin = 0
        for t in found[:lead]:  # (the value's first word after the opening: the "a" of "make that a Pelikan M800", not
            begin = sentence.find(t, begin) + len(t)  # of "make")
        value = (rest or its_value or sentence[sentence.find(new[0], begin):].split(" not ")[0]).rstrip(" ,;.!")
        value = value[:value.rfind(new[-1]) + len(new[-1])] if new[-1] in value else value
        keys = [t for t in new if any(c.isdigit() for c in t) or t[:1].isupper() and t != "I"] or [
            t for t in new[:1] if t.lower() in _COUNT_WORDS and new[1:2] and (stem(new[1].lower()) in _HEADCOUNT or any(stem(
                new[1].lower()) in s.stems for s in self.statements if s.role == "user"))]  # ("three rabbits": the count, of
        # rabbits said before; "six people")
        key = next((t for t in keys if not any(whole_words_at(s.text, t) for s in self.statements if s.role == "user")),
                   keys[0]) if keys[1:] and keys[0][:1].isupper() else (keys or [""])[0]  # "Actually Tobias wants loom
        # 5": the 5 is new, Tobias was said ("Tobias Reed wants loom 3")
        opening = " ".join(found[:lead]).lower()
        if not (key or old or "make that" in opening or "meant" in opening):
            return sentence  # "Oh wait, it's fine", "Make it quick" name no new value
        units = noun | {stem(t.lower()) for t in new if t.isalpha() and t != key and t.lower() not in STOP | _TRAILING}
        told = [s for s in self.statements if s.role in ("user", "note") and not s.asks and not (s.turn == self.turn and next((
            t.lower() for t in tokens(s.text) if t.lower() not in _FIXING), "") in _DROPPED)]  # "18 crates": of the crates
        # (not "Actually scrap Loch Awe" before "Make it Loch Fyne instead" in one message)
        # if said (a summary's note holds what was said before it)
        told = [s for s in told if not key.isdigit() or _counts(s.text) and not (dated and len(new) > 1 and any(
            t.lower() in CALENDAR for t in new)) or dated and len(new) > 1 and any(t.lower() in CALENDAR or any(
                t.count(mark) == 2 and t.replace(mark, "").isdigit() for mark in "/-.") for t in tokens(s.text))]  # a
        # count is no part of a phone number; a date's day is no count ("make it 15 May 2014" is of "Her birthday is
        # 14/05/2014", not of "Lucy is 11")
        of_it = {s.turn for s in told if thing and all(any(w == t or len(w) >= 4 and (w.startswith(t) or t.startswith(w)) for w in (
            words(s.text))) for t in thing)}  # the messages that say it ("delivery" meets "delivered"; "the invoice total
        # changed to 10250 pounds" is no change of "The invoice number is 20417"; "The fete moved to Sunday 15 June" is of
        # "...from the Hollins Green Fete committee. We'd like stilt walkers for Saturday 14 June")
        counted = [s for s in told if (units & set(words(s.text)) and not thing or s.turn in of_it) and (not bare or thing <= set(
            words(s.text))) and not (
            thing and CALENDAR & {t.lower() for t in new} and not CALENDAR & {t.lower() for t in tokens(s.text)})]
        # ("change the delivery to 21 May": a delivery with a date)
        if thing and not counted:
            return sentence  # (not the birthday's date: no delivery was said)
        counting = {stem(t.lower()) for t in new[new.index(key) + 1:new.index(key) + 2] if t.isalpha()} if key in new else set()
        if not counted and key.isdigit() and counting - _HEADCOUNT and not dated and not any(
                (counting | related(counting)) & set(words(s.text)) for s in told):
            return sentence  # "it's 46 infantry" when no infantry is in view: no budget's 300 becomes 46
        told = counted or [s for s in told if units & _HEADCOUNT and _of_us(s.text)] or told  # ("8 people" for
        # "There'll be 6 of us": the number alone)
        value = value if counted or not told or not _of_us(told[-1].text) else key
        told = [s for s in told if {"i", "we", "my", "our", "us", "me", "i'm", "we're", "i'd", "we'd", "i've", "we've"} & {
            t.lower().replace("’", "'") for t in tokens(s.text)}] if own else told  # (not "Marcus Bell wants 20 balls";
        # "There'll be 6 of us" is)
        if own and not told:
            return sentence  # "Make mine 18 balls" after only "Olu ordered 10 tennis balls": a new order of the speaker's
        told = [s for s in told if of_someone_else(s.text) == of_someone_else(sentence)] or told  # "Make that 8 supers"
        # is the speaker's own 6, not the neighbour's 2
        now = [s for s in told if s.turn == self.turn and not s.fixed]  # "3 June is sports day. Make it 5 June instead.": the booking
        before = [s for s in told if s.turn < self.turn and set(facts(s.text)) & set(facts(now[-1].text))] if now else []
        told = before or told  # said before of 3 June, not the reason given with the change
        if identifiers(key) and any(value in s.text for s in self.statements):
            return sentence  # "Please refund ORD-44121, not ORD-44120", both said before: a choice, no correction
        told = [s for s in told if not (dated and any(t.lower() in CALENDAR or t[:1].isdigit() and t.lstrip("0123456789").lower() in (
            "st", "nd", "rd", "th") or ":" in t for t in new)) or any(
            t.lower() in CALENDAR or t[:1].isdigit() and t.lstrip("0123456789").lower() in ("st", "nd", "rd", "th", "am", "pm") or
            ":" in t or any(t.count(mark) == 2 for mark in "/-.") or t.isdigit() and len(t) <= 2 and before.lower() in (
                "at", "by", "from", "until", "till", "around") for before, t in itertools.pairwise(["", *tokens(s.text)]))]  # "make
        # that friday the 13th" is of a sentence with a date or a time ("at 7"), never of "phone 07700 900511"
        told.sort(key=lambda s: (s.role == "user", len(s.text.split()) > 2))  # what the user said before a note of it,
        # a sentence before a note's bare value ("DM4 7QT" under "Identifiers")
        placed = [" ".join(run) for run in _capital_runs(tokens(sentence)[1:]) if " ".join(run).lower() in " ".join(
            s.text.lower() for s in told)]  # "12 copies at Paper Trail, not 10": the 10 nearest Paper Trail
        told = [s for s in told if any(p.lower() in s.text.lower() for p in placed)] if placed else told  # (of the
        # Sandsharks game: the sentence naming them, not the latest score)
        return next((_weekday_too(fixed[:1].upper() + fixed[1:] if s.text[:1].isupper() else fixed, new, key) for s in reversed(
            told) if (  # the latest (a sentence still opening with a capital: "Limestone to match the barn.")
            not old or whole_words_at(s.text.lower(), old.lower())) and (fixed := _replaced(s.text, value, old, key, [
                p.lower() for p in placed] or subject or [phrase, *sorted(thing)] * bool(thing)))), sentence)
        # (a whole word: "not 2" is of "2 mudguards", not of "CE-10982")

    def _changed_value(self, sentence: str) -> str | None:
        """A value said to have changed, written into the statement that gave the old one: "actually Sam's number
        changed, it's 07700 900999 now" rewrites "emergency contact is my partner Sam on 07700 900317" (the latest
        statement with a value of the same shape and a word of the sentence's, "Sam"); "they moved us to the 19th, the
        12th was double booked" rewrites the statement holding "12th". ``None`` when no such change is told."""
        found = tokens(sentence[:300])
        if not {"changed", "moved", "switched"} & {t.lower() for t in found} or CALENDAR & {t.lower() for t in found}:
            return None  # (a date with its weekday or month is the day reader's: "now Sunday 13 October")
        runs = digit_groups(sentence[:300])
        told = [s for s in self.statements if s.role == "user" and not s.asks]
        values = [" ".join(run) for run in runs]
        old = [v for v in values if any(whole_words_at(s.text, v) for s in told)]
        new = [v for v in values if v not in old]
        low_text = sentence.lower()
        old = [v for v in old if not {"fine", "stays", "unchanged", "planned", "ok", "okay"} & set(tokens(low_text[low_text.find(
            v.lower()):].split(",")[0].split(";")[0]))]  # ("Mia's party on the 14th is fine": no value that changed)
        low = [t.lower() for t in found]
        if len(new) != 1 or not any(low[k - 1] in ("to", "it's", "is") or low[k - 2:k] in (["to", "the"], ["it's", "the"]) for k in (
                k for k, t in enumerate(found) if t == new[0].split()[0]) if k > 1):
            return None  # the new value as a change gives it: "moved us to the 19th", "it's 07700 900999 now" (not "now
            # 30 to go" after "I've moved 12 boxes")
        shape = _shape_of(new[0])  # "21st" of "14th", not "£20" of "£9"
        old = [v for v in old if _shape_of(v) == shape]
        named = {stem(t.lower().removesuffix("'s")) for t in found if t[:1].isupper() and t.lower() not in _FIXING | {"i"}} - {""}
        for s in reversed(told):
            held = [v for v in old if whole_words_at(s.text, v)] if old else [" ".join(run) for run in digit_groups(s.text) if (
                _shape_of(" ".join(run)) == shape and named & set(words(s.text)))] if sum(c.isdigit() for c in new[0]) >= 6 else []
            # (a number of someone's, unsaid, only by a long one's shape: a phone, an account; never an age or a weight)
            if len(held) == 1:
                at = whole_words_at(s.text, held[0])[0]
                return s.text[:at] + new[0] + s.text[at + len(held[0]):]
        return None

    def _restated(self, sentence: str, said: Sequence[str], verb: str) -> str | None:
        """A correction that names its thing again with a new number ("wait no, Sami's mum is 07700 900132, sorry" of
        "Sami's mum's number is 07700 900123 and Sammy's dad is 07700 900321") read as the latest statement before that
        names the thing and a number of the same shape, with the new one in its place; ``None`` if there is none."""
        lowered = [t.lower().replace("’", "'") for t in said]
        if verb not in lowered[1:5]:
            return None
        subject = lowered[:lowered.index(verb)]
        value = list(itertools.takewhile(lambda t: t not in (",", ";") and t.lower() not in STOP | {"sorry"}, said[len(subject) + 1:]))
        thing = {stem(t.removesuffix("'s")) for t in subject if t.removesuffix("'s").isalpha() and t not in STOP}
        if not thing or not value or not all(t.isdigit() for t in value) or len("".join(value)) < 3:
            return None
        shape = [len(t) for t in value]
        for s in reversed([s for s in self.statements if s.role == "user" and s.turn < self.turn and not s.asks]):
            found = tokens(s.text)
            runs = [k for k in range(len(found) - len(shape) + 1) if [len(t) for t in found[k:k + len(shape)]] == shape and all(
                t.isdigit() for t in found[k:k + len(shape)])]
            if thing <= {stem(t.lower().removesuffix("'s")) for t in found} and runs:
                near = " ".join(subject)
                return _replaced(s.text, " ".join(value), "", value[0], [near, *sorted(thing)])
        return None

    def _object_moved(self, new: Sequence[str]) -> str | None:
        """A person's new object of a verb told before: "Dara sings soprano" of "Dara Flynn sings alto in the choir" is
        "Dara Flynn sings soprano in the choir" (the name said before, the same verb, its object up to a preposition)."""
        names = list(itertools.takewhile(lambda t: t[:1].isupper() and t.isalpha() and t.lower() not in CALENDAR, new))
        rest = list(new[len(names) + 1:])
        if not 1 <= len(names) <= 2 or not rest or len(rest) > 3 or any(t.lower() in STOP - {"the", "a", "an"} for t in rest):
            return None
        verb = stem(new[len(names)].lower())
        if new[len(names)].lower() in STOP:
            return None
        for s in reversed([s for s in self.statements if s.role == "user" and not s.asks]):
            said = tokens(s.text)
            at = next((k for k in range(len(said)) if said[k:k + len(names)] == names), None)
            if at is None:
                continue
            run = at + len(list(itertools.takewhile(lambda t: t[:1].isupper(), said[at:])))  # "Dara Flynn"
            if run >= len(said) or stem(said[run].lower()) != verb:
                return None
            kept = list(itertools.takewhile(lambda t: t.lower() not in STOP - {"the", "a", "an"}, said[run + 1:]))
            if not kept or kept == rest:
                return None
            object_said = " ".join(kept)
            begin = s.text.find(" ".join(said[at:run + 1]))
            spot = s.text.find(object_said, begin)
            return s.text[:spot] + " ".join(rest) + s.text[spot + len(object_said):] if begin >= 0 and spot >= 0 else None
        return None

    def _day_moved(self, new: Sequence[str], old: str) -> str | None:
        """A day of the month a correction moves in the statement of the thing it names: "the Fairweather booking starts
        on the 13th, not the 12th" of "the Fairweather flat, from 12 to 20 September" (the 12); "the Akande end date is
        the 10th" of "the Akande house, from 2 to 9 September" (a range's end, or its start for "starts", "start date")."""
        day = new[-1][:-2] if new[-1:] and new[-1][-2:] in ("st", "nd", "rd", "th") else new[-1] if new else ""
        said = {t.lower() for t in new[:-1]}
        side = 2 if said & {"end", "ends", "finish", "finishes", "until"} else 0 if said & {"start", "starts", "begin",
                                                                                             "begins", "from"} else -1
        names = {t for t in new[:-1] if t[:1].isupper() and t.lower() not in CALENDAR}
        if not (day.isdecimal() and 1 <= int(day) <= 31 and names and (old.isdigit() or not old and side >= 0)):
            return None
        for s in reversed([s for s in self.statements if s.role in ("user", "note") and not s.asks]):
            found = tokens(s.text)
            if not names <= set(found):
                continue
            ranges = [found[k:k + 3] for k in range(len(found) - 2) if found[k].isdigit() and found[k + 1].lower() in (
                "to", "until") and found[k + 2].isdigit() and found[k + 3:k + 4] and found[k + 3].lower() in CALENDAR]
            if len(ranges) != 1 or old and old not in (ranges[0][0], ranges[0][2]):
                return None
            one = " ".join(ranges[0])
            moved = ranges[0][:]
            moved[moved.index(old) if old else side] = day
            return s.text.replace(one, " ".join(moved), 1) if s.text.count(one) == 1 else None
        return None

    def transcript(self, text: str) -> None:
        """A conversation written as ``ROLE: text`` lines (or two speakers' names, :func:`speakers`); a line without
        a role continues the one before, and one after a "...summary:" label before them is an earlier note."""
        entries: list[list[str]] = []
        named = {} if _role_lines(text) >= 2 else speakers(text)
        before = last = ""  # (the latest pasted call's tool, whose result follows it)
        for line in text[:MAX_CHARS * 10].splitlines():
            head, colon, rest = line.strip().partition(":")  # "TOOL lookup_order: {...}": the tool's name as its id
            role, _, name = head.partition(" ")
            if colon and role.lower() in ("tool", "function") and name.strip("()").isidentifier():  # (a call: its name
                called = f" {name.strip('()')}({rest.strip()})" if role.lower() == "function" else rest  # and arguments)
                line = f"{role} [{name.strip('()')}]:{called}"
            cue = next((cue for cue in ("TOOL CALL ", "FUNCTION CALL ", "TOOL RESULT ", "TOOL OUTPUT ") if line.strip()[
                :len(cue)].upper() == cue), "")  # "TOOL CALL lookup_room({...})", then "TOOL RESULT {...}"
            body = line.strip()[len(cue):].strip()
            if cue and (body.split("(", 1)[0].strip().isidentifier() if "CALL" in cue else body[:1] not in "[:"):
                last = body.split("(", 1)[0].strip() if "CALL" in cue else last if entries else ""
                entries.append(["call" if "CALL" in cue else "tool", last, body])
                continue
            inner = line.strip()[1:-1].strip() if line.strip()[:1] + line.strip()[-1:] == "[]" else ""  # "[tool returned {...}]",
            verb = next((cue for cue in (" returned ", " called ") if cue in f" {inner[:40]} "), "")  # "[agent called f(x)]"
            if verb and len(f" {inner}".partition(verb)[0].split()) <= 2:  # a bracketed line: a tool's call or result
                entries.append(["tool" if verb == " returned " else "call", "", f" {inner}".partition(verb)[2].strip()])
                continue
            found = _TRANSCRIPT_LINE.match(line.strip())
            label, _, body = line.strip().partition(":")
            if found and not named:
                label = found.group(1).lower()
                entries.append([_ROLES.get(label, label), found.group(2) or "", found.group(3)])
            elif (who := label.split(" (")[0]) in named:  # "Tenant (Maria Lopez): Hi, ...": Maria Lopez speaks
                entries.append([named[who], "", f"I'm {label[len(who) + 2:].rstrip(') ')}. " * (who != label) + body.strip()])
            elif entries:
                entries[-1][2] += "\n" + line
            elif not entries and "summary:" in before.lower() and line.strip():  # "Current summary:" then the note
                entries.append(["note", "", line])
            before = line if line.strip() else before
        for role, call_id, body in entries:
            if role == "call" and body.strip().startswith("transfer_to_") and body.strip().endswith(("({})", "()")) or (
                    role == "tool" and call_id and call_id in self.handoffs):  # (not transfer_to_savings({"amount": 200}))
                self.handoffs.add(call_id)  # a handoff and its {"assistant": ...}: routing, not news (as in read_items)
                continue
            self.read(role, body, call_id, pasted=True)


#: The marks a note adds to a line ("open: ", " [resolved]"): a note read back keeps only what was said.
NOTE_MARKS = ("open: ", "resolved: ", "customer asked: ", "customer said: ", "Follow up on: ")


def _subject(correction: str) -> frozenset[str]:
    """What a correction says it is of, before its verb: "Sorry, the pen is a Pelikan M600" is of the pen."""
    said = [t.lower() for t in tokens(correction[:200])]
    said = list(itertools.dropwhile(lambda t: t in _FIXING, said))
    verb = next((k for k, t in enumerate(said) if t in ("is", "are", "was", "were", "should")), 0)
    return frozenset(words(" ".join(said[1:verb]))) if said[:1] in (["the"], ["my"], ["our"]) else frozenset()


#: What a note writes where nothing was said ("- none", "Kit: unknown").
_UNSAID = frozenset({"none", "unknown", "n/a", "not said", "not stated", "not given", "tbc", "-"})


def _note_lines(text: str) -> list[tuple[str, frozenset[str]]]:
    """A note's sentences, each with the words of its heading ("## Budget", "Budget:"), without its headings, its
    "none"s and its marks: "- open: The fan is loud [open]" is "The fan is loud"; a tool's call or result keeps its
    own words only (under "Next step", a ticket's creation is not what comes next)."""
    found, heading = [], frozenset()
    data = structured(text) if text.lstrip()[:1] == "{" else None
    if isinstance(data, dict):  # a JSON note: each key a heading over its value's parts ({"items": "a; b"})
        parts = {key: [part for one in (value if isinstance(value, list) else [value]) for part in (", ".join(
            f"{k.replace('_', ' ')} {v}" for k, v in one.items()) if isinstance(one, dict) else str(one)).split("; ")]
                 for key, value in data.items()}  # a listed record as its fields: "city Manchester, date March 6"
        text = "\n\n".join(f"{key.replace('_', ' ')}:\n" + "\n".join(lines) for key, lines in parts.items())
    for line in text.splitlines():
        bare = line.strip()
        heading = heading if bare else frozenset()  # after a blank line, a line is under no heading
        if bare.startswith("#") or bare.endswith(":") and len(bare.split()) <= 6:
            heading = frozenset(words(bare))
            continue
        for said in sentences(bare.removesuffix(" [open]").removesuffix(" [resolved]")):
            for mark in NOTE_MARKS:
                said = said.removeprefix(mark)
            tool = " → " in said or " returned " in said  # a tool's line says what its own words say
            label, colon, value = said.partition(": ")  # a field left blank ("Kit: unknown") says nothing
            empty = (value if colon and len(label.split()) <= 3 else said).strip(" .").lower() in _UNSAID
            found += [(said, frozenset() if tool else heading)] if not empty else []
    return found


#: Ages written in words ("she's seven").
_AGES = frozenset("two three four five six seven eight nine ten eleven twelve".split())
#: Two words in a row that introduce a fact, and its kind.
_TAG_PAIRS = {("name", "is"): "name", ("call", "me"): "name", ("years", "old"): "age", ("work", "as"): "job",
              ("working", "as"): "job"}


#: The last word of a business's or a desk's name ("Lakeside Sauna", "Reception"), no person's.
_BUSINESSES = frozenset("sauna spa cafe café club shop store studio garage farm hotel inn bar pub restaurant bakery centre "
                        "center hall school college ltd services reception desk office team council company clinic surgery "
                        "library museum gallery market".split())


#: Words that open "X here" and name no one ("Nobody here", "Same here", "Nothing here").
_NO_ONE = frozenset("nobody noone nothing same everyone everybody someone somebody anyone anybody all it this that "
                    "snow rain sun weather cold hot quiet busy".split())


def named_here(text: str) -> str:
    """The speaker's name said before "here" as a message opens: "Hello, Ines Okafor here." (one word after a greeting or
    before a comma or dash, "Sam here - ...", else two or three: not "Madrid here is hot", "Everyone here is
    vegetarian", "Reception here, ..."); else ""."""
    found = tokens(text[:200])
    greeted = int(bool(found) and found[0].lower() in ("hi", "hello", "hey", "hiya", "heya", "howdy", "morning", "evening"))  # (not "!")
    run = list(itertools.takewhile(lambda t: t[:1].isupper() and t.isalpha() and t.lower() not in CALENDAR | STOP, found[
        greeted:greeted + 4]))
    if run and run[-1].lower() in _BUSINESSES:
        return ""  # "Hello, Lakeside Sauna here.": a place, no person
    rest = text[:200].partition(f"{' '.join(run)} here")[2] if run else "x"
    alone = len(run) == 1 and (greeted or rest.lstrip()[:1] in (",", "-", "–", "!") and not run[0].lower().endswith(
        "ing") and run[0].lower() not in _NO_ONE)  # "Sam here - ..." (not "Nobody here, just testing", "Raining here")
    return " ".join(run) if (2 <= len(run) <= 3 or alone) and found[greeted + len(run):greeted + len(
        run) + 1] == ["here"] and rest[:1] in ("", ".", ",", "!", ";", " ") and not rest.lstrip()[:1].isalpha() else ""


def introduces_speaker(sentence: str) -> bool:
    """Whether a sentence opens with the speaker saying who they are as on the phone: "This is Priya from the Lantern
    Street canteen", "Hi, this is Omar Haddad, ...", "Hello, Ines Okafor here." (:func:`named_here`)."""
    found = tokens(sentence[:200])
    lower = [t.lower() for t in found]
    at = next((k for k in (0, 1) if lower[k:k + 2] == ["this", "is"]), None)  # (after "Hi," too)
    name = list(itertools.takewhile(lambda t: t.istitle() and t.isalpha() and t.lower() not in CALENDAR, found[
        at + 2:at + 4])) if at is not None else []
    return bool(name) and (lower[at + 2 + len(name):at + 3 + len(name)] in (["from"], ["here"]) or sentence.partition(
        " ".join(name))[2][:1] == ",") or bool(named_here(sentence))


@functools.lru_cache(maxsize=4096)  # asked of every statement of a conversation, which recurs in each request
def _tags(sentence: str) -> frozenset[str]:
    """What kind of fact a sentence introduces, as the stem a question asks with: "I'm Priya" → ``name``; also an
    age ("I'm 34", "turns 7", "years old"), a time ("at 3pm"), a job ("I'm a teacher", "I work as"), what
    the user takes ("I'm on lisinopril"), an email, a deadline ("by Friday")."""
    found = tokens(sentence)
    lower = [t.lower().replace("’", "'") for t in found]
    tags = set()
    for i, word in enumerate(lower):
        after = found[i + 1] if i + 1 < len(found) else ""
        if word in ("is", "she's", "he's", "i'm", "turns", "turning") and (
                after.isdecimal() and int(after) < 130 or after.lower() in _AGES):  # "she's 7", "he's seven"
            tags.add("age")
        elif word in ("i'm", "im") or (word == "i" and after.lower() == "am"):
            nxt = found[i + 2] if word == "i" and i + 2 < len(found) else after
            if nxt[:1].isupper() and nxt.lower() not in ("a", "an", "the", "i"):
                tags.add("name")
            elif nxt.isdigit():
                tags.add("age")
            elif nxt.lower() in ("a", "an"):
                tags.add("job")
            elif nxt == "on" and (drug := lower[i + 2] if i + 2 < len(lower) else "") and not (
                    drug in STOP or related([stem(drug)])):  # "I'm on lisinopril" (not "on holiday"): taken
                tags.add("take")
        elif (word, after.lower()) in _TAG_PAIRS:
            tags.add(_TAG_PAIRS[word, after.lower()])
        elif "@" in word:
            tags.add("email")
        elif word[:1].isdigit() and word.endswith(("-year-old", "-years-old", "-month-old", "-week-old")) and lower[
                max(0, i - 2):i] in (["is", "a"], ["'s", "a"], ["was", "a"], ["is", "an"]):
            tags.update(("age", "old"))  # "Bramble is a 16-year-old cob": how old it is (not "my 9-year-old laptop", nor
            # "Sam has a 2-year-old kitten", of "How old am I?", "How old is Sam?")
        elif word in ("by", "before", "until") and (after[:1].isdigit() or after.lower() == "the"):
            tags.add("deadline")
    if any(word[:1].isdigit() and (word.endswith(("am", "pm")) or ":" in word) for word in lower):
        tags.add("time")  # "at 3pm", "at 10:30"
    if introduces_speaker(sentence):
        tags.add("name")  # "This is Priya from ...", "Hello, Ines Okafor here."
    return frozenset(stem(tag) for tag in tags)


#: The days of the week (a weekday replaces a weekday in a correction; a month is no weekday).
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
#: Words that may close a correction without being part of its value ("make that Sunday instead").
_TRAILING = frozenset("instead please then thanks now".split())


def whole_words_at(text: str, part: str) -> list[int]:
    """Where ``part`` stands in ``text`` as whole words, not inside a longer word or number ("3" not of "13"; "AB-"
    in "group AB-," but "B-" nowhere there)."""
    found, at = [], text.find(part)
    while at >= 0 and part:
        end = at + len(part) + 2 * (part[-1:].isdigit() and text[at + len(part):at + len(part) + 2].lower() in ("am", "pm"))
        found += [at] * (not text[at - 1:at].isalnum() and not text[end:end + 1].isalnum())  # ("5:15" of "5:15pm")
        at = text.find(part, at + 1)
    return found


def _capital_runs(found: Sequence[str]) -> list[list[str]]:
    """The runs of capitalised words (no month or day) among ``found`` tokens: ["Paper", "Trail"]."""
    runs: list[list[str]] = [[]]
    for t in found:
        if t[:1].isupper() and t.isalpha() and t.lower() not in CALENDAR and t != "I":
            runs[-1].append(t)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if run]


#: Units a size is said in ("a 30ft container", "the 2 m one"), each with the unit it is (feet are ft).
_SIZE_UNITS = {said: unit for unit, names in (("ft", "ft foot feet"), ("m", "m metre metres meter meters"), ("cm", "cm"),
                                              ("mm", "mm"), ("in", "inch inches")) for said in names.split()}


#: Words of a sentence telling where one is not, not what one asks for ("We're away Sunday and Friday."), unless it
#: asks too ("Book her yoga for Saturday, she's off work then").
_ASIDE = frozenset("away busy can't cannot couldn't except working closed".split())
_ASKING_FOR = frozenset("book set schedule change move make please can could want like need collect deliver".split())
#: Millimetres in each unit a size is said in.
_IN_MM = {"mm": 1, "cm": 10, "m": 1000, "in": 25.4, "ft": 304.8}


def _clauses_of(text: str) -> list[str]:
    """A message's sentences, each cut where "so" or "then" turns from an aside to an ask ("We are away Saturday and
    Sunday, so Tuesday for Nora's lesson": the aside, then the ask)."""
    return [part for piece in sentences(text[:2000]) for part in piece.replace(", so ", "\n").replace(", then ", "\n").replace(
        "; ", "\n").split("\n")]


def _only_aside(clause: str) -> bool:
    """Whether a clause tells where one is not and asks for nothing ("We're away Sunday and Friday")."""
    said = {w.lower() for w in tokens(clause)}
    return bool(said & _ASIDE) and not said & _ASKING_FOR


def day_asked(options: Sequence[Any], text: str) -> str:
    """Of weekday options, the one a sentence that is no aside names ("Hana is away Saturday and Monday. Book her yoga
    on Wednesday.": Wednesday), when an aside names another; else ``""``."""
    if not options or not all(isinstance(o, str) and o.lower() in _WEEKDAYS for o in options):
        return ""
    named = [(_only_aside(piece), o) for piece in _clauses_of(text) for t in tokens(piece) for o in options if t.lower().removesuffix(
        "s") == o.lower()]
    asked = [o for aside, o in named if not aside]
    return asked[-1] if len(set(asked)) == 1 and any(aside for aside, _ in named) else ""


def _one_day(fixed: str, said: str) -> str:
    """A statement as a correction rewrote it, with the one day the correction names in place of the day it held
    ("I booked ... for Tuesday 4pm" and "Actually make it 5pm on Wednesday": "... for Wednesday 5pm", not "for
    Tuesday 5pm on Wednesday")."""
    new = [t for t in tokens(said) if t.lower() in _WEEKDAYS]
    old = [t for t in tokens(fixed) if t.lower() in _WEEKDAYS and t.lower() != (new or [""])[0].lower()]
    if len({t.lower() for t in new}) != 1 or len(old) != 1 or new[0].lower() not in fixed.lower():
        return fixed
    found = tokens(fixed)
    at = next((k for k in range(len(found) - 3) if found[k] == old[0] and found[k + 1][:1].isdigit() and found[k + 2].lower() in (
        "on", "for") and found[k + 3].lower() == new[0].lower()), None)  # "Tuesday 5pm on Wednesday", as the value went in
    if at is None:
        return fixed
    joined = f"{found[at]} {found[at + 1]} {found[at + 2]} {found[at + 3]}"
    return fixed.replace(joined, f"{found[at + 3]} {found[at + 1]}", 1) if joined in fixed else fixed


def named_outside(options: Sequence[Any], text: str, field: str = "") -> str:
    """The values of the options' own kind that ``text`` asks for though none of them is one, as written, else ``""``:
    weekdays of weekday options, when no option is named or listed beside one ("deliver on saturday as well?", "on
    Saturday and Monday" of Monday to Friday; not "never Sundays", "I'm away Sunday, so Monday"); sizes of number
    options, all those in the unit ``field`` ends in ("an 18 ft boat, or a 22 ft one" of 12, 16 or 20 for
    ``length_ft``; not "the gutter is 6 m up, so a 7 m ladder"), else a size said alone; a language after "<option> to" of
    a target language field when no option follows "to" ("english to klingon": Klingon; not "to french to watch")."""
    clauses = _clauses_of(text)
    found = [t for piece in clauses for t in tokens(piece)]
    aside = {k for k, piece in enumerate(clauses) if _only_aside(piece)}  # "We're away Sunday and Friday." asks for neither
    where = [k for k, piece in enumerate(clauses) for _ in tokens(piece)]  # the clause of each word
    if options and all(isinstance(o, str) and o.lower() in _WEEKDAYS for o in options):
        offered = {o.lower() for o in options}
        days = [(k, t.lower().removesuffix("s")) for k, t in enumerate(found) if t.lower().removesuffix("s") in _WEEKDAYS]
        if any(found[k + 1:k + 2] == ["or"] or found[k - 1:k] == ["or"] for k, _ in days) and any(d in offered for _, d in days):
            return ""  # ("Tuesday or Saturday": either will do)
        beside = {k for k, _ in days for j, day in days if day in offered and 0 < abs(j - k) <= 2 and all(
            found[m].lower() in ("and", "&") for m in range(min(j, k) + 1, max(j, k))) and not (
                k < len(where) and where[k] in aside)}  # "Saturday and Monday"
        said = [day for k, day in days if day not in offered and found[k - 1].lower() not in ("not", "never", "no") and (
            k in beside or not any(day in offered for j, day in days if not (j < len(where) and where[j] in aside)))]
        return " and ".join(dict.fromkeys(day.capitalize() for day in said))
    ends = set(field.lower().split("_")) & {"target", "to", "destination", "into"}  # "english to klingon" of a target
    if ends and {"language", "lang"} & set(field.lower().split("_")) and len(options) >= 2 and all(isinstance(o, str) for o in options):
        offered = {o.lower() for o in options}  # language: Klingon, no option (when no option is said after "to": not
        low = [t.lower() for t in found]  # "english to french to watch")
        if any(cue in ("to", "into") and b in offered for cue, b in zip(low, low[1:])):
            return ""
        return next((b.capitalize() for a, cue, b, then in zip(low, low[1:], low[2:], [*low[3:], ""]) if a in offered and cue in (
            "to", "into") and b.isalpha() and b not in offered and b not in STOP and then not in (
                "to", "it", "this", "that", "my", "the", "a", "an", "him", "her", "them", "me", "us")), "")  # (not "in
        # Spanish to give to my landlord": a verb)
    if len(options) >= 2 and all(type(o) is int for o in options):
        unit = next((_SIZE_UNITS[part] for part in field.lower().split("_")[1:] if part in _SIZE_UNITS), "")
        sizes = [(int(number), said) for at, t in enumerate(found) if (number := t[:len(t) - len(t.lstrip("0123456789"))]) and (
            said := t.lstrip("0123456789").lower() or (found[at + 1].lower() if at + 1 < len(found) else "")) in _SIZE_UNITS]
        mine = [(n, said) for n, said in sizes if _SIZE_UNITS[said] == unit] if unit else sizes if len(sizes) == 1 else []
        mine = mine or (sizes if unit and len(sizes) == 1 else [])  # "a 1 m shelf" of length_cm: 100 (cm)
        worth = {(n, said): n * _IN_MM[_SIZE_UNITS[said]] / _IN_MM[unit] if unit else n for n, said in mine}
        outside = [size for size in dict.fromkeys(mine) if worth[size] not in options]
        return " and ".join(f"{n} {said}" for n, said in outside) if mine and len(outside) == len(set(mine)) else ""
    return ""


def _shape_of(value: str) -> list[tuple[int, str]]:
    """A value's shape: each word's length and what follows its digits (an ordinal's ending as one: "21st" as "14th")."""
    ends = [t.lstrip("0123456789") for t in value.split()]
    return [(len(t), "th" if end in ("st", "nd", "rd", "th") else end) for t, end in zip(value.split(), ends)]


def digit_groups(text: str) -> list[list[str]]:
    """The values with digits ``text`` says, as their words: a number written in groups is one ("07700 900317")."""
    runs: list[list[str]] = []
    for before, t in itertools.pairwise(["", *tokens(text[:2000])]):
        if any(c.isdigit() for c in t):
            joined = runs and runs[-1][-1] == before and f"{before} {t}" in text and before.isdigit() and t.isdigit()
            runs[-1:] = [[*runs[-1], t]] if joined else [*runs[-1:], [t]]
    return runs


def _uk_postcode(outward: str, inward: str) -> bool:
    """Whether two words are a UK postcode's halves: one or two letters, a number and maybe a letter ("LS6", "SW1A",
    "M14"), then a digit and two letters ("2QT")."""
    head = outward[:2] if outward[1:2].isalpha() else outward[:1]
    rest = outward[len(head):]
    return outward.isupper() and head.isalpha() and rest[:1].isdigit() and len(rest) <= 3 and (rest[:2].isdigit() or len(
        rest) <= 2) and len(inward) == 3 and inward[0].isdigit() and inward[1:].isalpha() and inward.isupper()


def _weekday_too(fixed: str, new: Sequence[str], key: str) -> str:
    """``fixed`` with the weekday before its new ``key`` the one the correction (its tokens ``new``) names before it:
    "make it sunday the 13th" of "come saturday 12th october" is "come sunday 13th october", not "saturday 13th"."""
    at = new.index(key) if key in new else -1
    named = next((t for t in new[max(0, at - 2):at][::-1] if t.lower() in _WEEKDAYS), "") if at > 0 else ""
    said = tokens(fixed)
    spot = next((k for k, t in enumerate(said) if t == key), -1)
    was = next((t for t in said[max(0, spot - 2):spot][::-1] if t.lower() in _WEEKDAYS), "") if spot > 0 else ""
    if named and was and was.lower() != named.lower():
        place = fixed.rfind(was, 0, fixed.find(key))
        return fixed[:place] + (named.capitalize() if was[:1].isupper() else named.lower()) + fixed[place + len(was):]
    return fixed


def _replaced(target: str, value: str, old: str, key: str, near: Sequence[str] = ()) -> str | None:
    """``target`` with ``value`` in place of ``old``, else of its last word of ``key``'s shape (a number, a day, a
    name: "500 euros" for "650 euros"), else of what follows its last "is"; ``None`` if there is none."""
    thing, kept = value.lower().partition(" ")[2].split(), target.split(" ")
    for at, word in enumerate(kept if key.isdigit() and not old and thing else ()):  # "3 fork seals" for the "2x" of
        count = word.lower().rstrip("x×")  # "2x fork seals" (or "2 fork seals"): the count of that thing
        if count.isdigit() and [w.lower().strip(".,;:") for w in kept[at + 1:at + 1 + len(thing)]] == thing:
            return " ".join([*kept[:at], key + word[len(count):], *kept[at + 1:]])
    hits = list(whole_words_at(target.lower(), old.lower())) if old else []  # a whole word ("3", not of "13"); of two,
    spots = [target.lower().find(w) for w in near if w in target.lower()]  # the one nearest the subject ("The study is
    at = min(hits, key=lambda h: min((abs(h - p) for p in spots), default=0)) if hits else -1  # 18, not 20": the study's)
    number = next((n for t in value.split() if (n := t[:-2] if t[-2:] in ("st", "nd", "rd", "th") else t).isdigit()), "")  # ("Saturday
    # 21 June" for the 14 of "Saturday 14 June", "the 10th" for the 9 of "9 August":
    value = number if old.isdigit() and number and value.split()[0] != number else value  # the 21)
    start = at
    while start > 0 and (target[start - 1].isalnum() or target[start - 1] == "-" and start == at):
        start -= 1  # "214" of "C-214", when the value is "C-241": the whole code
    if 0 <= start < at and key.lower().startswith(target[start:at].lower()):
        at, old = start, target[start:at + len(old)]
    whole = at
    while whole > 0 and not target[whole - 1].isspace():
        whole -= 1
    ends = len(target[at:].split(None, 1)[0].rstrip(".,;!?)")) + at if at >= 0 else at
    if at >= 0 and " " not in value and value.startswith(target[whole:at]) and value.endswith(target[at + len(old):ends]) and (
            len(value) > len(old) + ends - at - len(old)):  # "j.lindqvist@postbox.example" for the "postmark" of
        at, old = whole, target[whole:ends]  # "j.lindqvist@postmark.example": the whole address
    clock = [t for t in value.split() if t.strip(".,").replace(":", "").replace(".", "").isdigit() and ":" in t]
    value = clock[0].strip(".,") if ":" in old and old.replace(":", "").isdigit() and len(clock) == 1 else value  # "doors
    # open at 9:00" for the 9:30 of "doors at 9:30": the time
    if at >= 0:
        end = at + len(old)
        end += 2 * (value.lower().endswith(("am", "pm")) and target[end:end + 2].lower() in ("am", "pm"))  # ("8pm" for
        # the "7:30" of "7:30pm": not "8pmpm")
        article, _, rest = value.partition(" ")
        value = rest if article.lower() in ("a", "an") and rest else value  # "a Pelikan M800" for the M600 of "my
        # Pelikan M600": "M800"
        value = value[4:] if value[:4].lower() == "the " and target[:at].lower().endswith("the ") else value  # (not "at the
        # the Rowing Club")
        lead, _, last = value.rpartition(" ")
        value = last if lead and target[:at].lower().endswith(f"{lead.lower()} ") else value  # "DM4 7QX" for the 7QT of
        # "DM4 7QT": its last word
        tail = value.partition(" ")[2] if value.partition(" ")[0] == key else ""  # "4 Chinese elms" for the "3" of "3
        end += (len(tail) + 1) * (bool(tail) and target[end:].lower().startswith(f" {tail.lower()}"))  # Chinese elms"
        kept = value.split(" ")  # "4 to 6 September" for the "3 to 5" of "from 3 to 5 September 2025": its month once
        end += next((len(tail) + 1 for k in range(1, len(kept)) if not kept[k][:1].isdigit() and target[end:].startswith(
            f" {(tail := ' '.join(kept[k:]))}") and not tail[:1].islower()), 0) if " " in old else 0
        near = {stem(t.lower()) for t in tokens(target[end:])[:4]}  # "40 silent cakes" for the 30 of "30 cakes of silent
        value = key if tail and not target[end:].lower().startswith(f" {tail.lower()}") and all(  # fireworks": the
            stem(t.lower()) in near for t in tokens(tail)) else value  # number alone, its words said after it already
        return target[:at] + value + target[end:]
    def shape(token: str) -> tuple[bool, ...]:  # (a weekday is no month: "Wednesday" replaces "Tuesday", not "March";
        token = token[:-2] if token[-2:].lower() in ("st", "nd", "rd", "th") and token[:-2].isdigit() else token  # "7th": 7
        return (any(c.isdigit() for c in token), any(c.isalpha() for c in token), token[:1].isupper(),  # "three"
                token.lower() in CALENDAR, token.lower() in _WEEKDAYS, token.lower() in _COUNT_WORDS)  # replaces "two")
    found, shapes = tokens(target), [shape(t) for t in tokens(value)]
    given = tokens(value)
    if len(given) == 3 and given[1].lower() in ("to", "and", "until") and given[0][:1].isdigit() and given[2][:1].isdigit():
        ranges = [" ".join(found[k:k + 3]) for k in range(len(found) - 2) if found[k][:1].isdigit() and found[k + 2][
            :1].isdigit() and found[k + 1].lower() == given[1].lower()]  # "15:00 to 19:00" for "14:00 to 18:00": the range
        if ranges and ranges[-1] in target:
            at = target.rfind(ranges[-1])
            return target[:at] + value + target[at + len(ranges[-1]):]
    name = [t for t in given if t.lower() != "the"]
    places = [" ".join(itertools.takewhile(lambda t: t[:1].isupper() and t.lower() not in CALENDAR, found[k + 1:])) for k in range(
        len(found) - 1) if found[k].lower() in ("at", "in", "to", "from") and found[k + 1][:1].isupper()] if name and all(
            t[:1].isupper() for t in name) and not any(c.isdigit() for c in value) else []  # "the Corn Exchange" for
    if len(places) == 1 and places[0] and places[0] in target:  # "St Aldate's Hall": the whole place
        at = target.find(places[0])
        return target[:at] + (value if not target[:at].lower().endswith("the ") else " ".join(name)) + target[at + len(places[0]):]
    spans = [" ".join(found[k:k + len(shapes)]) for k in range(len(found) - len(shapes) + 1) if len(shapes) > 1 and all(
        s[0] or s[2] for s in shapes) and [
        shape(t) for t in found[k:k + len(shapes)]] == shapes]  # "Saturday 14 June" → "Sunday 15 June": the whole date
    # or name, when each word of the value is a number or capitalised
    low = target.lower()  # the thing's whole name, else its word said once ("my son's seat" of "seat 14A is mine and seat
    said_once = [w for w in near[1:] if low.count(w.lower()) == 1] if near and " " in near[0] else []  # 14C is my
    # son's": "son", and the value nearest it)
    anchor = low.find(near[0].lower()) if near and near[0].lower() in low else low.find(said_once[0].lower()) if said_once else next(
        (at for w in near if (at := low.find(w.lower())) >= 0), -1)  # "the final moved to ...":
    if near and near[0].lower() not in low and said_once and anchor >= 0:  # (the value nearest that word, before it too)
        shaped = [(abs(k - anchor), k) for t in tokens(target) if key and t != key and any(c.isdigit() for c in t) == any(
            c.isdigit() for c in key) and t[:1].isdigit() == key[:1].isdigit() for k in whole_words_at(target, t)]
        anchor = min(shaped)[1] if shaped else anchor
    spans = [one for one in spans if target.find(one, anchor) >= 0][:1] if anchor >= 0 and spans else spans  # the value
    if spans and spans[-1] in target:  # said after "the final", not the semi's
        at = target.find(spans[-1], max(anchor, 0)) if anchor >= 0 else target.rfind(spans[-1])
        return target[:at] + value + target[at + len(spans[-1]):]
    label = (tokens(value[:value.find(key)]) or [""])[-1] if key and key[:1].isdigit() else ""  # "loom 9" for the 7 of
    numbered = [(t, n) for t, n in itertools.pairwise(found) if label.isalpha() and t.lower() == label.lower() and (
        n[:1].isdigit())]  # "book loom 7 ... for Saturday 14 June": the loom's number, not the day's
    if len(numbered) == 1 and (at := target.find(" ".join(numbered[0]))) >= 0 and not old:
        at += len(numbered[0][0]) + 1
        return target[:at] + key + target[at + len(numbered[0][1]):]
    same = [t for at, t in enumerate(found) if key and shape(t) == shape(key) and (at or t[:1].isdigit())]  # (a number
    # may open the sentence: "400 brown trout at 25-30 cm", then "make it 350 brown trout"; a capital there is no name)
    unit = (tokens(value[value.find(key):])[1:2] or [""])[0].lower() if key else ""
    counted = [(t, n) for t, n in itertools.pairwise(found) if t in same and unit.isalpha() and stem(n.lower()) == stem(unit)]
    counted = counted or [(t, n) for t, n, m in zip(found, found[1:], found[2:]) if t in same and unit.isalpha() and n.isalpha(
        ) and stem(m.lower()) == stem(unit)]  # "5 sheets" for the 3 of "3 sheets of the 1934 Airmail set"; "16 costumes"
    same = [counted[-1][0]] if counted else same  # for the 14 of "14 pirate costumes for shows 12-15 March 2025"
    suffix = key.lstrip("0123456789.").lower() if key[:1].isdigit() else ""  # "56mm" for the 54mm of "54mm, 99a
    same = [t for t in same if t.lstrip("0123456789.").lower() == suffix] or same if suffix.isalpha() else same  # hardness"
    after = [t for t in same if anchor >= 0 and target.find(t, anchor) >= 0][:1]  # "the key safe code changed to 6604": the
    if after and not counted:  # key safe code's 2580, not the alarm code's 1379
        at = end = target.find(after[0], anchor)
        unit = value[value.find(key) + len(key):].split()[:1]  # ("52 stations" for the 48 of "48 weather stations": 52)
        value = key if unit and stem(unit[0].lower()) in {stem(t.lower()) for t in tokens(target[end:])[:4]} else value
        return target[:at] + value[value.find(key):] + target[end + len(after[0]):] if key and key in value else None
    if same:
        at = end = target.rfind(" ".join(counted[-1])) if counted else target.rfind(same[-1])
        for word in reversed(same[:-1]):  # "Dr Berger" → "Dr Berg": the whole run of its shape is replaced
            at -= (len(word) + 1) * target[:at].endswith(f"{word} ")
        end, value = end + len(same[-1]), value[value.find(key):]
        said = [stem(w.lower()) for w in tokens(value)[1:]]
        near = [stem(t.lower()) for t in tokens(target[end:])[:max(3, len(said))]]
        after = (tokens(target[end:])[len(said):len(said) + 1] or [""])[0]  # "5 junipers" for "2 juniper trees": the
        if said and after.isalpha() and after.lower() not in STOP and all(a == b for a, b in zip(near, said)):
            value = key  # number alone, the noun as it was
        elif said and len(near) >= len(said) and all(a == b or any(c.isdigit() for c in a) and any(c.isdigit() for c in b) for a, b in zip(
                near, said)):  # "3 tablets" for "1 tablet at night": the number and its word ("12 July, at 3pm" for "11
            # July, at 2pm": the whole span)
            for word in tokens(target[end:])[:len(said)]:
                end = target.find(word, end) + len(word)
        elif said and all(w in near for w in said):  # "52 stations" for "48 weather stations": the number alone, its
            value = key  # words as they were
        for word in value.split()[1:]:  # "500 euros" → "650 euros": the unit is not said twice
            end = end + target[end:].find(word) + len(word) if target[end:].lstrip().startswith(word) else end
        return target[:at] + value + target[end:]
    verb = max((target.rfind(f" {word} ") + len(word) + 2 for word in ("is", "are", "was", "am") if f" {word} " in target),
               default=0)  # "My favourite colour is blue." → "... is green."
    return target[:verb] + value + "." if verb and not key else None


def structured(output: str) -> Any:
    """A tool's output as JSON, a Python list or dict, or a Pydantic model's text (``city='Tokyo'``), or ``None``."""
    with contextlib.suppress(TypeError, ValueError, RecursionError):
        return json.loads(output)
    while (start := output.find("<")) >= 0 and (end := output.find(">", start)) > start and ": " in output[start:end] and (
            output[start + 1:output.find(": ", start)].replace(".", "").replace("_", "").isalnum()):  # an enum's repr,
        output = output[:start] + output[start:end].partition(": ")[2] + output[end + 1:]  # "<CoachSize.full: 'full'>": 'full'
    if len(output) <= MAX_CHARS and (models := _models(output.strip())) is not None:
        return models  # "[Booth(booth_id='PB-301', location='Tesco Extra, Mill Rd'), ...]": a list of Pydantic models
    pairs = _REPR_FIELD.findall(output[:MAX_CHARS])  # a nested model's fields are split by ", ": "to=Addr(city='X')"
    if pairs and output.strip() in {sep.join(f"{key}={value}" for key, value in pairs) for sep in (" ", ", ")}:
        return {key: _literal(value) for key, value in pairs}
    named = output.strip()[:output.strip().find("(")] if output.strip().endswith(")") else ""
    if named.isidentifier() and "=" in output[:MAX_CHARS]:  # "Edition(catalogue_no='HM-6102', ...)": a model's repr
        return structured(output.strip()[len(named) + 1:-1])
    if output.lstrip()[:1] in ("[", "{") and len(output) <= MAX_CHARS:
        with contextlib.suppress(ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return ast.literal_eval(output.strip())
        models = [structured(item[item.find("(") + 1:-1]) if item.endswith(")") and item[:item.find("(")].isidentifier() else (
            None) for item in map(str.strip, outside_brackets(output.strip()[1:-1], quoted=True))] if output.strip()[:1] + output.strip()[-1:] == "[]" else []
        if models and all(isinstance(one, dict) for one in models):  # "[Edition(catalogue_no='HM-6102', ...)]": a list of
            return models  # Pydantic models, as the SDK writes one a tool returns
    return None


def _models(text: str) -> Any:
    """A Python repr of models (``Booth(booth_id='PB-301', price_gbp=8.0)``, a list of them, or their fields alone as
    ``booth_id='PB-301', price_gbp=8.0``) as dicts and lists, read by Python's own parser; else ``None``."""
    def value(node: ast.AST) -> Any:
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)) and not node.args and node.keywords:
            return {k.arg: value(k.value) for k in node.keywords if k.arg}
        if isinstance(node, (ast.List, ast.Tuple)):
            return [value(one) for one in node.elts]
        return ast.literal_eval(node)
    with contextlib.suppress(ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        shaped = text[:1] == "[" and "(" in text or text.endswith(")") and text[:text.find("(")].isidentifier()
        tree = ast.parse(text if shaped else f"f({text})", mode="eval").body  # (bare fields: as a call's keywords)
        found = value(tree)
        return found if isinstance(found, dict) or isinstance(found, list) and found and all(isinstance(f, dict) for f in found) else None
    return None


def outside_brackets(text: str, quoted: bool = False) -> list[str]:
    """``text`` cut at its commas outside brackets (and, ``quoted``, outside quotes, as a Python repr writes its
    strings): "Catan (3-4 players, 90 min), Azul (2-4 players)" gives two, as does "A(x='1, 2'), B(x='3')"; a thousands comma
    ("3,400 EUR") cuts nothing."""
    pieces, depth, quote = [""], 0, ""
    for at, char in enumerate(text):
        if quote:
            quote = "" if char == quote and text[at - 1] != "\\" else quote
        elif quoted and char in "'\"":
            quote = char
        else:
            depth += (char in "([{") - (char in ")]}")
        grouped = text[at - 1:at].isdigit() and text[at + 1:at + 4].isdigit() and not text[at + 4:at + 5].isdigit() and (
            _thousands(text, at))
        if char == "," and depth <= 0 and not quote and not grouped:  # ("3,400 EUR" is one number)
            pieces.append("")
        else:
            pieces[-1] += char
    return pieces


def _thousands(text: str, at: int) -> bool:
    """Whether the comma at ``at`` groups a number's thousands ("3,400", "1,250,000"), not a list of numbers written
    without spaces ("101,102,215,318": a first group of three digits and more than one comma)."""
    start = at
    while start and (text[start - 1].isdigit() or text[start - 1] == ","):
        start -= 1
    end = at
    while end < len(text) and (text[end].isdigit() or text[end] == ","):
        end += 1
    run = text[start:end].strip(",")
    return run.count(",") == 1 or len(run.partition(",")[0]) < 3


def _literal(value: str) -> Any:
    """A Python literal's value ("'low'": low, "['a', 'b']": a list), a nested model's fields, a date in ISO form
    ("datetime.date(2026, 12, 8)": 2026-12-08), else the text as written."""
    inner = value[value.find("(") + 1:-1] if value.endswith(")") else ""
    with contextlib.suppress(ValueError, SyntaxError, TypeError, MemoryError, RecursionError, AttributeError):
        if value.startswith("datetime."):
            return getattr(datetime, value[9:value.find("(")])(*map(int, inner.split(","))).isoformat()
        return structured(inner) or value if "=" in inner else ast.literal_eval(value)
    return value


def result_lines(output: str) -> list[str]:
    """A tool's output as lines: ``key: value`` per field of its :func:`structured` data (one line per listed
    object), or sentences."""
    data = structured(output)
    fields = _FIELD.findall(output[:MAX_CHARS]) if data is None and output.lstrip()[:1] in "{[" else []
    if fields:  # JSON cut short: its fields, then whatever follows the cut
        tail = output[output.rfind("…"):] if "…" in output else ""
        return [f"{key.replace('_', ' ')}: {value.strip(chr(34))}" for key, value in fields] + sentences(tail[1:])
    if not isinstance(data, (dict, list)):
        text = output if data is None else str(data)
        pieces = [piece.strip().rstrip(".") for piece in text.split("; ")]  # "A1 crisps: 4 left; B1 cola: 11 left": a
        if len(pieces) >= 2 and "\n" not in text.strip() and all(": " in piece and len(piece.split()) <= 12 for piece in (
                pieces)):  # line a record
            return pieces
        return sentences(text)
    lines: list[str] = []
    stack: list[tuple[str, Any]] = [("", data)]
    while stack and len(lines) < 200:
        path, value = stack.pop()
        label = path.replace("_", " ")
        if isinstance(value, dict) and (not path or any(isinstance(v, (dict, list)) for v in value.values())):
            stack += [(f"{path} {key}".strip(), inner) for key, inner in reversed(list(value.items()))]
        elif isinstance(value, dict):
            lines.append(f"{label}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items()))
        elif isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
            lines.append(f"{label}: {', '.join(map(str, value)) or 'none'}" if path else ", ".join(map(str, value)))
        elif isinstance(value, list):
            stack += [(path, inner) for inner in reversed(value)]
        else:
            lines.append(f"{label}: {value}" if path else str(value))
    return lines


def is_handoff(name: str, description: str = "", output: Any = None) -> bool:
    """Whether a function tool or call is one of the SDK's handoffs: named ``transfer_to_<agent>``, described as the
    SDK describes one ("Handoff to the Claims agent to handle the request."), or answered as one is (``{"assistant":
    "Claims"}``, or the SDK's refusal of a second handoff at once): a handoff renamed by ``tool_name_override``
    ("to_claims_team") is still a handoff."""
    if name.startswith("transfer_to_") or description.startswith("Handoff to the ") and "agent to handle the request" in (
            description):
        return True
    if output == "Multiple handoffs detected, ignoring this one.":  # the SDK's answer to a second handoff at once
        return True
    said = structured(output) if isinstance(output, str) and output.startswith('{"assistant"') else None
    return isinstance(said, dict) and list(said) == ["assistant"] and isinstance(said["assistant"], str)


def structured_input(text: str) -> str | None:
    """A message's data as ``key: value`` lines if it is a JSON object, or the fenced one after "Structured Input
    Data:" (the Agents SDK's message to an agent called as a tool with structured input); else ``None``."""
    _, marked, rest = text.partition("## Structured Input Data:")
    block = rest.split("```")[1] if marked and rest.count("```") >= 2 else text
    try:
        data = json.loads(block) if block.lstrip()[:1] == "{" else None
    except (ValueError, RecursionError):
        return None
    return "\n".join(result_lines(json.dumps(data))) if isinstance(data, dict) and data else None


def read_items(items: Iterable[Mapping[str, Any]]) -> list[Statement]:
    """The statements of a request's items, oldest first (system and developer messages left out); a user
    message holding a pasted transcript (:func:`read_transcript`) is read line by line.

    A conversation is sent whole with every request, so the reader's state after a request's items is kept
    (:data:`READ_SO_FAR`) and a later request that starts with those same items reads on from there."""
    items, digests, prefix = list(items), [], hashlib.blake2b(digest_size=16)
    for item in items:  # a digest of each prefix of the items
        prefix.update(repr(item).encode() + b"\0")  # parsed JSON: its repr says it all, and costs a third of a dump
        digests.append(prefix.digest())
    start, saved = next(((k, state) for k in range(len(items), 0, -1) if (state := READ_SO_FAR.get(digests[k - 1]))),
                        (0, None))
    reader = _Reader(saved)
    for item in items[start:]:
        kind, call_id = item_type(item), item.get("call_id")
        if is_handoff(str(item.get("name", "")), output=item.get("output")) or call_id is not None and call_id in reader.handoffs:
            reader.handoffs.add(call_id)  # the SDK's handoff and its {"assistant": ...}: routing, not news
        elif kind == "message" and item.get("role") in ("user", "assistant"):
            text = MARKUP.sub("", plain_text(item.get("content")))
            if item["role"] == "user":  # data sent to an agent called as a tool is read as that data
                text = structured_input(text) or text
            if item["role"] == "user" and _is_transcript(text):
                reader.transcript(text)
                reader.recap_asked = asks_for_summary(text)
            else:
                reader.read(item["role"], text)
        elif kind in NAMED_CALLS:
            arguments = item.get("arguments", item.get("input", ""))
            reader.read("call", f"{item.get('name', '')}({arguments})", str(call_id))
        elif kind in NAMED_OUTPUTS:
            reader.read("tool", plain_text(item.get("output")), str(call_id))
    if start < len(items):
        with _SAVING:
            READ_SO_FAR[digests[-1]] = reader.state()
            if len(READ_SO_FAR) > 8:  # the oldest goes: one conversation's statements each, at most
                del READ_SO_FAR[next(iter(READ_SO_FAR))]
    return list(reader.statements)


#: The reader's state (:meth:`_Reader.state`) after the items of the latest requests, by a digest of those items.
READ_SO_FAR: dict[bytes, tuple[Any, ...]] = {}
_SAVING = threading.Lock()


def read_transcript(text: str) -> list[Statement]:
    """The statements of a conversation written as ``ROLE: text`` lines (``USER:``, ``TOOL ...:``...)."""
    reader = _Reader()
    reader.transcript(text)
    return reader.statements


#: Verbs that ask for a summary; and phrases that name one ("a summary", "handover note").
_SUMMARIZE = frozenset(map(stem, "summarize summarise compress condense recap".split()))
_SUMMARY_PHRASES = ("a summary", "the summary of", "summary of", "handover note", "hand-off note", "snapshot of",
                    "tl;dr", "tldr", "sum up", "sum it up", "sum this up", "concise summary", "short summary",
                    "brief summary", "running summary", "summary (", "handover format", "summary format", "the gist",
                    "remind me of everything", "everything we've decided", "everything we decided", "what we've agreed",
                    "what have we decided", "what we've decided so far")
#: The words after a noun that names a thing sold, not a summary ("a full monitor recap costs £135", "recap kits").
_OF_A_THING = frozenset("costs cost takes kit kits service services price prices".split())
#: Verbs that ask for a thing to be made ("Write a one-paragraph summary", "Give me a short recap").
_MAKE = frozenset(map(stem, "write give make produce create provide prepare draft list fill".split()))
#: What such a verb makes that is a note: a summary or a handover, or a report or note *of* a conversation ("Produce a
#: handover for the next agent", "Write a report on this interview", "You write a file note from a travel agency chat"),
#: or steps or sections of one ("List, as numbered steps, what was done in this chat", "Fill in the sections above from
#: the conversation").
_NOTE = frozenset(map(stem, "summary handover handoff".split()))
_REPORT = frozenset(map(stem, "report note notes minutes debrief writeup step section timeline chronology".split()))
_NEXT_AGENT = frozenset(map(stem, ("next", "agent")))  # whom a handover is for
_TALK = frozenset(map(stem, "conversation chat transcript discussion interview session call meeting dialogue review "
                                 "consultation progress".split()))


@functools.lru_cache(maxsize=256)  # asked of an agent's instructions on every request it sends
def asks_for_summary(text: str) -> bool:
    """Whether ``text`` asks for a summary: a verb ("summarize", "recap"), a phrase ("a summary of") or a note made
    ("Write a handover", "After each session, produce notes")."""
    # a label such as the SDK's "## Input Schema Summary:" names a part of the text; it asks for nothing
    lines = text[:4000].splitlines()
    head = "\n".join(line for line in lines if not (line.startswith("#") and line.endswith(":")))
    made = any(said[:1] and said[0] in _MAKE and (_NOTE & set(said) or _REPORT & set(said) and _TALK & set(said)
                                                  or len(_REPORT & set(said)) > 1)  # "Write minutes with sections:"
               or _NEXT_AGENT <= set(said) and (said[:1] and said[0] in _MAKE or stem("brief") in said)  # "Brief
               for said in map(words, (part for s in sentences(head) for part in (s, s.partition(", ")[2]))))  # the
    # next agent", "Write one paragraph for the next agent": a handover
    said = [".", *(t.lower() for t in tokens(head)), "."]  # a verb ("Recap the chat"), not a thing sold ("A full
    verbs = any(stem(a) in _SUMMARIZE and b not in _OF_A_THING for a, b in itertools.pairwise(said))  # monitor recap
    # costs £135")
    return made or verbs or any(_named_as_wanted(head.lower(), p) for p in _SUMMARY_PHRASES) or (
        [t.lower() for t in tokens(head)[:1]] == ["handover"])  # a title: "Handover for the next IT agent." (not "When is
    # the handover meeting?")


def _named_as_wanted(low: str, phrase: str) -> bool:
    """Whether ``low`` names ``phrase`` as a thing to make, not as someone's own that is kept or read ("remember the
    parents' handover notes": theirs, already written; but "Output the site lead's handover note" asks for one)."""
    at = low.find(phrase)
    while at >= 0:
        before = low[:at].rstrip()
        # the words just before it in its sentence, after any "from": "Output the site lead's handover note" asks for
        # one (not "Answer owners who need updates from the caretaker's handover notes")
        near = before[max(before.rfind(mark) for mark in ".!?\n") + 1:].split()[-6:]
        near = near[max((k + 1 for k, w in enumerate(near) if w in ("from", "in", "of", "using", "per")), default=0):]
        if not before.endswith(("'", "’", "'s", "’s", "their", "his", "her")) or set(words(" ".join(near))) & _MADE:
            return True
        at = low.find(phrase, at + 1)
    return False


#: Verbs that ask for someone's note to be made ("Output the site lead's handover note", "I need the engineer's
#: summary"): without one, "the owners' handover notes" are theirs, already written.
_MADE = frozenset(map(stem, "write give make produce create provide prepare draft output respond reply return send need "
                            "want".split()))


def _is_transcript(text: str) -> bool:
    """Whether a message is a conversation pasted as role-prefixed lines (two or more), or two speakers' lines."""
    return _role_lines(text) >= 2 or bool(speakers(text))


def _role_lines(text: str) -> int:
    return sum(1 for line in text.splitlines()[:400] if _TRANSCRIPT_LINE.match(line.strip()))


def speakers(text: str) -> dict[str, str]:
    """The roles of a transcript's two named speakers, who take turns ("Interviewer: ...", "Aisha: ...", twice or
    more each): the one a helper's label names ("Expert", "Landlord") is the assistant, else the one asking more
    questions (the interviewer, the doctor), the other (or, when they ask as many, both: a meeting) the user."""
    said: dict[str, list[str]] = {}
    turns = []
    for line in text[:MAX_CHARS * 10].splitlines():
        label, colon, body = line.strip().partition(":")
        label = label.split(" (")[0]  # "Tenant (Maria Lopez)" is the tenant
        if colon and body.strip() and 0 < len(label.split()) <= 3 and label[:1].isupper() and not any(
                c.isdigit() for c in label):
            said.setdefault(label, []).append(body)
            turns += [label] if not turns or turns[-1] != label else []
    named = [label for label, lines in said.items() if len(lines) >= 2]
    spoken = [body for label in named for body in said[label]]  # sentences, not a form's values ("Name: John")
    if len(named) != 2 or len(turns) < 4 or set(turns) != set(named) or len(" ".join(spoken).split()) < 3 * len(spoken):
        return {}
    helping = [label for label in named if stem(label.split()[0].lower()) in _HELPERS]  # "Expert:", "Mechanic:"
    if len(helping) == 1:
        return {label: "assistant" if label in helping else "user" for label in named}
    asked = {label: sum(body.rstrip().endswith("?") for body in said[label]) for label in named}
    return {label: "assistant" if asked[label] > min(asked.values()) else "user" for label in named}  # a meeting: users


#: The first word of a speaker's label that names the one who helps ("Expert: ...", "Support agent: ...").
_HELPERS = frozenset(map(stem, "expert agent support assistant advisor adviser consultant doctor dr nurse vet tutor "
                                "teacher mechanic technician engineer coach pharmacist librarian concierge bot rep "
                                "representative landlord planner counselor counsellor therapist trainer instructor "
                                "clerk receptionist operator host helpdesk".split()))


@functools.lru_cache(maxsize=1)
def _related_table() -> dict[str, set[str]]:
    """Stem → every other stem that shares a :data:`RELATED` group with it."""
    groups = [{stem(word) for word in group.split()} for group in RELATED]
    return {one: set().union(*(other for other in groups if one in other)) - {one} for group in groups for one in group}


def related(stems: Iterable[str]) -> set[str]:
    """The stems related to any of ``stems`` (:data:`RELATED`), not counting themselves."""
    return set().union(*(_related_table().get(one, ()) for one in stems))


class Memory:
    """Statements (oldest first) indexed by stem: which of them share words with a question, best first."""

    def __init__(self, statements: Sequence[Statement]) -> None:
        self.statements = list(statements)
        self._index: dict[str, list[int]] = {}
        self._told: set[str] = set()  # the stems a statement that asks nothing holds
        for position, statement in enumerate(self.statements):
            for one in statement.stems:
                self._index.setdefault(one, []).append(position)
            if not statement.asks:
                self._told |= statement.stems

    def spelled(self, topic: Sequence[str]) -> list[str]:
        """``topic`` with a word only questions hold (itself or by a related word) read as the word a statement holds,
        a letter or two away, if one does: a typo in the question ("my dentsit": dentist) or in a statement ("my
        docter" for "doctor")."""
        return [next(iter(difflib.get_close_matches(one, self._told, 1, 0.8)), one) if len(one) > 4 and one.isalpha() and not (
            {one, *related([one])} & self._told) else one for one in topic]

    def matches(self, topic: Iterable[str], *, roles: Sequence[str] | None = None) -> list[tuple[float, Statement]]:
        """Statements (of ``roles``, default any) sharing a stem of ``topic`` (the first 64 count, 2 points each)
        or a related one (1 point), best and newest first."""
        topic = list(dict.fromkeys(topic))[:64]
        near = related(topic) - set(topic)
        scores: dict[int, float] = {}
        for weight, group in ((2.0, topic), (1.0, near)):
            for one in group:
                for position in self._index.get(one, ()):
                    scores[position] = scores.get(position, 0.0) + weight
        found = [(score, self.statements[p]) for p, score in scores.items()
                 if roles is None or self.statements[p].role in roles]
        return sorted(found, key=lambda pair: (pair[0], pair[1].order), reverse=True)
