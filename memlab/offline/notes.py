"""Notes: how the offline model reads a summary prompt, and writes the note it asks for.

:func:`read_prompt` reads a prompt into a :class:`NoteSpec`: sections as Markdown headings or as list and ``Name:``
lines (with a description beside or indented below), JSON keys, one paragraph, a word budget, and facts to keep
verbatim. :func:`write_note` fills each section from the conversation's statements as a careful, literal model
would: every line is something someone said, identifiers are copied exactly, and a section with nothing to report
says "none".
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import dropwhile, groupby, takewhile

from .reading import (_MAKE, _SUBJECTS, _UNSAID, _WEEKDAYS, _uk_postcode, CALENDAR, MEASURE_WORDS, MONTHS, _replaced, NOTE_MARKS, STOP, Statement, _tags, asks_for_summary, facts,
                      identifiers, mistyped, of_someone_else, related, says_pending, sentences, stem, stem_set, tokens, whole_words_at,
                      wording, words)

__all__ = ["NoteSpec", "Section", "asks_for_keys", "read_prompt", "summary_of_text", "write_note"]

_HEADING = re.compile(r"\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
#: A list line: a bullet or a number, then the rest (``• Name:``, ``- Name: text``, ``2. Name``).
_LIST_LINE = re.compile(r"(\s*)(?:[-*•·‣◦]|\d{1,2}[.)])\s+(.*)")
#: A name then a colon, and maybe a description: ``Product & Environment:``, ``**Identifiers**: ...``.
_NAMED = re.compile(r"\**([^:*\n]{1,60}?)\**\s*:\**\s*(.*)")
#: A word budget: "at most 150 words", "under 200 words", "≤ 200 words", "no more than 90 words", "40 words or less".
_BUDGET = re.compile(r"(?:at most|under|fewer than|less than|no more than|maximum of|max\.?|up to|≤|<=|within)"
                     r"\s*(\d{2,5})\s*words|(\d{2,5})\s*words or (?:fewer|less)", re.I)
#: Where JSON keys are named in words ("JSON with the keys a, b and c"), or written out (``"key":``).
_KEYS = re.compile(r"\b(?:keys?|fields?|properties)\b(?:\s+(?:named|called))?\s*:?\s*", re.I)
_EXAMPLE_KEYS = re.compile(r"\"([A-Za-z_][\w ]{0,40})\"\s*:")
#: A date written with digits, and an identifier that names a model or a version (``AX3000``, ``2.1.4``).
_DATE_LIKE = re.compile(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d")
_MODEL_LIKE = re.compile(r"[A-Za-z]+\d[\w]*|\d+(?:\.\d+){1,3}")

#: What kind of section a heading names, by the words it uses (each word stands for its other forms too).
ARCHETYPES: dict[str, frozenset[str]] = {kind: stem_set(text) for kind, text in {
    "ids": "identifier id ids reference number code ticket serial account",
    "time": "timeline milestone time date chronology when timestamp",
    "tools": "tool call",
    "next": "next recommend recommendation follow plan todo will we'll",
    "steps": "step tried attempt action troubleshooting done did",
    "status": "status blocker resolved state progress",
    "pending": "open pending outstanding unresolved undecided awaiting waiting remaining homework assignment deadline",
    "issue": "issue problem request symptom complaint reported goal want need loss damage incident struggle difficulty "
             "wrong situation",  # (SBAR's Situation and Recommendation too)
    "people": "who customer client caller person people name contact user student traveller guest member candidate "
              "patron applicant patient passenger participant employee claimant company organisation organization",
    "outcome": "outcome result resolution conclusion",
    "context": "product environment device model version setup context platform system",
    "prefs": "preference contact constraint requirement prefer diet dietary vegetarian vegan allergy allergic",
    "risk": "risk warning danger concern threat",
    "advice": "advice advise advised suggestion suggested guidance tip instruction told explanation agreement agreed "
              "promise promised commitment",
    "cause": "cause diagnosis diagnosed",
}.items()}
#: Words by which the one who helps explains a cause ("That's usually overwatering", "Sounds like worn pads").
_EXPLAINS = frozenset("usually because caused due likely probably sounds means seems typically often".split())
PROBLEM = stem_set("missing broken error fail drop wrong lost forgot stuck slow crash loud hot cracked leak drip late "
                    "damaged noise noisy flood dead faulty bug overcharged charged refund stopped pain hurt ache sore "
                    "refuse stolen freeze frozen overheat disconnect glitch outage unresponsive struggle loose worn bent warped "
                    "chipped dented scratched torn sticks sticking jammed")
_TIME = stem_set("monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight morning "
                 "evening night week weekend month year since ago every daily hourly hour minute later last january "
                 "february march april may june july august september october november december")
_CONTACT = stem_set("call phone text email mail message sms whatsapp ring")
_DAYS = stem_set(" ".join(CALENDAR | {"tonight"}))
SOLVED = frozenset("works working worked fixed gone resolved solved normal".split())
#: Words of an offer or a next step ("will", "I'll" are read as written: stop words are no content words).
NEXT = stem_set("next try recommend ticket send follow")
#: First words of a suggestion, before the step it suggests ("Have you already restarted...?", "Please try resetting...").
_ASKING = frozenset("have has did could can you please try maybe perhaps already also first then".split())
_NEWS = stem_set("still nothing work luck change same done")  # words saying no news ("Still nothing.", "Done.")
_PAST = stem_set("tried did held found made took put reset checked installed updated restarted cleaned unplugged "
                 "rebooted replaced")
#: Sections that give way first when a note is over its word budget.
_CUT_ORDER = ("time", "tools", "context", "steps", None, "people", "prefs", "status", "pending", "risk", "advice",
              "cause", "outcome", "current", "next", "date", "name", "issue", "id", "ids")
#: The length of a note whose prompt sets no budget: brief, as a careful model writes one.
DEFAULT_MAX_WORDS = 250
#: How the offline model's own recall answers and "I don't know"s start: a note takes none of them.
_ECHOES = ("From my notes:", "You told me:", "I don't know", "I can't do that", "Noted:", "My instructions give me no",
           "I'm an assistant that can only", "I can only answer from", "I can't answer \"", "from what I was sent.")
#: The last word of a key or heading that asks for one value ("customer_name", "order_id", "due date"), and its kind.
_VALUE_KINDS = {"name": "name", "customer": "name", "person": "name", "client": "name", "id": "id", "number": "id",
                "no": "id", "ref": "id", "reference": "id", "date": "date", "deadline": "date", "due": "date"}
#: Words just before a bare number that make it an identifier ("invoice 4471", "order number 55821").
ID_NOUNS = stem_set("order ticket invoice case reference ref booking account number no confirmation claim receipt")
#: Words of a heading that takes any fact ("Topics covered", "Key points"), and words before a person's name.
_CATCH_ALL = stem_set("topic subject cover discussed overview summary general other key point detail fact main note")
_KIN = stem_set("me partner wife husband friend colleague son daughter child mother father brother sister teacher "
                "boss manager mr mrs ms dr")
#: First words of a line that leads in to the sections it ends with a colon ("Fill in this card from the chat:").
_LEAD = frozenset("fill use return write give complete answer reply format output provide produce create make "
                  "please".split())
#: What a person section's description may list as its parts ("Customer — name and contact preference").
_PART_KINDS = {"name": "name", "contact preference": "prefs", "contact": "prefs", "preferences": "prefs",
               "company": "people", "role": "people", "contact details": "prefs", "email": "prefs", "phone": "prefs"}
_LEVELS = frozenset("low medium normal high urgent critical minor major severe".split())  # of a priority, a severity
_BARE_IDS = ("number", "no", "ref", "reference")  # a heading of one such word names all identifiers
_NUMBERS = {word: n for n, word in enumerate("one two three four five six seven eight nine ten".split(), 1)}


def keywords(text: str) -> set[str]:
    """The stems of every word of ``text``, stop words too: what this module's word lists are matched
    against ("when", "done", "can"); "may" only as the month, capitalised and not first ("on 14 May")."""
    return {stem(t) for at, t in enumerate(tokens(text)) if t.lower() != "may" or at and t == "May"}


@dataclass(frozen=True)
class Section:
    """One section a prompt asks for: its heading as written, what it should hold, and its kind; whether the prompt
    gave it a ``blank`` to fill with one value ("Caller: <name>"), asks for its lines ``numbered`` ("1. <first
    event>"), or lists ``fields`` under it ("## Volunteer" then "Name: <full name>", "Phone: <phone number>")."""

    heading: str
    description: str = ""
    kind: str | None = None
    blank: bool = False
    numbered: bool = False
    fields: tuple[Section, ...] = ()
    number: str = ""  # the number the prompt gives the section itself ("2. Agreed details"), written before its heading


def _placeholder(text: str) -> str | None:
    """What a blank to fill asks for ("<full name>": "full name", "[date]": "date"; "___", "...": ""), else ``None``."""
    text = text.strip()
    if 2 <= len(text) <= 60 and text[:1] + text[-1:] in ("<>", "[]", "{}") and text[1:-1].strip():
        return text[1:-1].strip()
    return "" if text and set(text) <= set("_.… ") else None


def _blanks(lines: Sequence[str]) -> tuple[tuple[Section, ...], bool]:
    """The fields a heading's lines list, each a name and a blank ("Name: <full name>", "Phone:"), and whether its lines
    ask to be numbered ("A numbered list, one shift per line", "1. <first event>")."""
    fields, numbered = [], False
    for line in lines:
        item = _LIST_LINE.match(line)
        text = (item.group(2) if item else line).strip()
        numbered = numbered or "numbered" in text.lower() or bool(item and line.strip()[:1].isdigit())
        name, colon, rest = text.partition(":")
        if name.strip("* ").lower() in _RULE_HEADS:  # "Rules:" heads the rules that follow, not a field
            break
        if colon and 0 < len(name.split()) <= 4 and name.strip("* ")[:1].isalpha() and _placeholder(rest) is not None or (
                colon and not rest.strip() and 0 < len(name.split()) <= 4):
            fields.append(_blank(name.strip("* "), _placeholder(rest) or ""))
    return tuple(fields), numbered


#: Words of a plan that a later "Scratch the X: ... instead" takes back ("We want the goatskin", "Book the Italian").
_PLANS = frozenset("want wants chose choose chosen book booked order ordered pick picked prefer decided will i'll we'll "
                   "going".split())
#: Lines that head a prompt's rules rather than a section or a field ("Rules:", "Guidelines:").
_RULE_HEADS = frozenset("rules guidelines notes constraints requirements instructions style".split())


#: Fields of a template that the speaker fills with their own name ("Customer: <full name>", "Entrant: <name>").
_SELF_ROLES = frozenset(map(stem, "name customer client caller entrant applicant member tenant traveller organiser organizer "
                                  "exhibitor requester booker participant registrant driver sender".split()))


def _blank(name: str, hint: str) -> Section:
    """A field with a blank to fill ("Phone: <phone number>"): of its name's kind, its blank's words a hint to the
    kind of value (a phone number, an amount, a place, a time is read off the lines that share its words)."""
    part = section(name)
    typed = _kind_of(name) or _kind_of(hint.replace(" ", "_"))
    return replace(part, description=hint, blank=True, kind=None if typed in ("phone", "time", "money", "place", "count") and (
        part.kind in (None, "id", "ids", "time")) else part.kind)


def section(heading: str, description: str = "") -> Section:
    """A section, its kind read from the words of its heading (failing that, of its description if it lists no
    parts: a section of parts holds what shares their words); a heading
    whose last word asks for one value ("Customer name", "order_id", "Due date") is of that value's kind."""
    named = heading.lower().replace("_", " ").replace("-", " ").split()
    if " ".join(named[:2]) in ("action items", "action item", "action points"):  # what someone still has to do
        return Section(heading, description, "pending")
    if named == ["identity"]:  # who the customer is (not "Brand identity")
        return Section(heading, description, "people")
    if [w.strip("*:?") for w in named] in (["what"], ["what", "happened"]):  # "Who / What / Next step": what it is about
        return Section(heading, description, "issue")
    if named in (["schedule"], ["dates"], ["key", "dates"]):  # its dates (a "Medication schedule" holds the doses)
        return Section(heading, description, "time")
    if named and named[0].strip("*:") in ("current", "final", "agreed", "confirmed") and (len(named) == 1 or stem(named[
            1].strip("*:()")) in _PLANNED or "final values" in heading.lower()):  # "Current booking (final values only)",
        return Section(heading, description, "current")  # "Agreed:": what stands now (not "Current medications")
    inner, _, parts = heading.partition("(")  # "Parties (names, phone numbers, emails)": the parties, not the numbers
    if parts and ((kind := section(inner.strip()).kind) or stem("name") in keywords(parts) and (kind := "people")):
        return Section(heading, description, kind)
    if named and named[-1] in _VALUE_KINDS and (len(named) > 1 or named[-1] not in _BARE_IDS):
        return Section(heading, description, _VALUE_KINDS[named[-1]])
    counts = description.lower().lstrip().startswith(("number of", "how many", "count of", "total number"))  # "Party
    for text in (heading, description) if "," not in description and not counts else (heading,):  # size: number of
        # passengers" is no identifier; "Booking: flight, date, fee"
        stems = keywords(text.replace("-", " "))  # "Follow-up" names a next step; "Who", "What was done"
        best = max(ARCHETYPES, key=lambda kind: (len(stems & ARCHETYPES[kind]), kind == "prefs"))  # "Dietary needs"
        if stems & ARCHETYPES[best]:
            return Section(heading, description, best)
    return Section(heading, description)


#: The sections of a note whose prompt names none ("Summarize this in one paragraph", "recap please").
DEFAULT_SECTIONS = tuple(map(section, ("Problem", "Why", "What was done", "Identifiers", "Status", "Next step")))
#: The facts of a short note whose prompt names no sections ("in under 30 words", "in one sentence", "numbered").
FACT_SECTIONS = tuple(map(section, ("Problem", "Why", "Name", "What was done", "Identifiers", "Open items",
                                    "Next step")))


@dataclass
class NoteSpec:
    """What a summary prompt asks for: ``sections`` (under ``heading``, e.g. ``##``; ``""``: ``Name:`` lines), or
    ``json_keys`` (``json_lists``: those holding a list), or a ``form`` (empty ``Name:`` lines to fill), or one
    ``paragraph``; a count of ``bullets`` (``numbered`` or not) or ``sentences``; whether
    issues are ``marks``-ed ``[open]``/``[resolved]``, headings ``bold`` as the prompt writes them, or a ``table``;
    whether open items are a ``checklist`` ("- [ ] item")."""

    sections: list[Section] = field(default_factory=list)
    heading: str = "##"
    json_keys: list[str] = field(default_factory=list)
    json_lists: list[str] = field(default_factory=list)
    json_numbers: list[str] = field(default_factory=list)  # keys asked "(integer)" or "(number)"
    json_dates: list[str] = field(default_factory=list)  # keys asked as "YYYY-MM-DD"
    json_flags: list[str] = field(default_factory=list)  # keys asked "(true/false)", "(yes/no)" or "(boolean)"
    form: bool = False
    paragraph: bool = False
    bullets: int | None = None
    numbered: bool = False
    sentences: int | None = None
    max_words: int | None = None
    must_keep: list[str] = field(default_factory=list)
    marks: bool = False
    third: bool = False
    bold: bool = False
    table: bool = False
    line_words: int | None = None
    checklist: bool = False
    ticked: bool = False  # done items ticked ('Use "[x]" for things that are done')
    columns: list[str] = field(default_factory=list)  # a table's two columns when each section is a row
    decided: bool = False  # what was told or decided ("Remind me of everything we've decided")
    nulls: bool = False  # a JSON key nothing fills is null ("Use null if a field is missing"), else "none"
    empty: str = "none"  # what a section or field nothing fills says ("If a field was never mentioned, write 'unknown'")
    closing: str = ""  # the label of a last line of open items ('End with one line starting "OPEN:"')
    priceless: bool = False  # no amount of money in the note ("Never mention prices or money.")
    withheld: frozenset[str] = frozenset()  # kinds of detail left out ("Never include the customer's postcode.")
    secrets: tuple[frozenset[str], ...] = ()  # the words of other details left out ("Never include the key safe code.")
    bare: bool = False  # headings written as the prompt's own lines, no colon added ("these exact headings:\nSITUATION")


def read_prompt(prompt: str) -> NoteSpec:
    """Read what a summary prompt asks for (see the module docstring for the shapes it knows)."""
    lines = [piece for line in prompt[:20_000].splitlines() for piece in ([line.partition(": #")[0] + ":", "#" + line.partition(
        ": #")[2]] if ": #" in line else [line])]  # "Summarize under headings: ## Order": the heading on its own line
    lower = prompt.lower()
    paragraph = ("one paragraph", "one-paragraph", "single paragraph", "a paragraph", "in prose", "short paragraph")
    budgets = [int(after or before) for after, before in _BUDGET.findall(prompt)]
    each = [n for n in budgets if {"each", "per", "every"} & set(  # "4 bullet points, each under 15 words"
        lower[:lower.find(f"{n} words")].rsplit(".", 1)[-1].rsplit(",", 1)[-1].split())]
    spec = NoteSpec(max_words=min(set(budgets) - set(each), default=None), numbered="numbered" in lower,  # the tighter
                    line_words=min(each, default=None), checklist="[ ]" in prompt, ticked="[x]" in lower and not any(
                        no in lower[max(0, lower.find("[x]") - 12):lower.find("[x]")] for no in ("never", "not", "don't", "no ")),
                    nulls=any(  # "a checklist: - [ ]
                        w == "null" and not {"never", "not", "no", "don't", "avoid"} & set(said[max(0, k - 3):k])
                        for said in [[t.lower() for t in tokens(lower)]] for k, w in enumerate(said)),  # item"; "Use null"
                    paragraph=any(cue in lower for cue in paragraph), marks="[open]" in lower and "[resolved]" in lower,
                    bullets=_count_of(prompt, ("bullet", "bullets", "points", "items")),  # "in 3 bullet points"
                    sentences=_count_of(prompt, ("sentence", "sentences")) or (1 if "in one line" in lower else None),
                    third="third person" in lower or "first person" in lower,  # "Do not write in the first person"
                    table="table" in map(str.lower, tokens(prompt[:4000])),  # "as a markdown table (columns A | B)"
                    decided=any(cue in lower for cue in ("we've decided", "we decided", "have we decided", "we've agreed",
                                                         "remind me of everything")))
    spec.closing = next((prompt[at + len(cue):].split(cue[-1])[0].split(" <")[0] for cue in ('starting "', "starting '", 'starting with "',
                         "starting with '", 'beginning "', "beginning '", "final line '", 'final line "', "last line '",
                         'last line "', "a line '", 'a line "', "the line '", 'the line "') if (at := prompt.find(cue)) >= 0 and (
                             "end with" in lower[max(0, at - 60):at] or "ending with" in lower[max(0, at - 60):at] or (
                                 cue.split()[0] in ("final", "last")))), "")[:20]  # 'End with one line starting "OPEN:" that lists
    # ...'; "end with a line 'Status: <current status>'": "Status:", its placeholder filled; "then a
    # final line 'Current state:'"
    spec.withheld = frozenset(kind for piece in sentences(lower) for part in piece.replace("; ", " but ").split(
        " but ") for kind in ("postcode", "phone", "email", "address") if kind in part and _banned_before(part, kind))
    # ("Don't give the address, but include the phone number": the address alone; "Don't include the postcode and the
    # email": both; "..., but do put the phone number and never the postcode": the postcode)
    spec.secrets = tuple(frozenset(words(rest)) for piece in sentences(lower) for cue in (
        "never include the ", "never include any ", "do not include the ", "don't include the ", "never mention the ",
        "do not mention the ", "don't mention the ", "leave out the ", "never share the ", "never give the ")
        if (rest := piece.partition(cue)[2].split(",")[0].split(" or ")[0].rstrip(" .")) and cue in piece and words(rest) and not (
            set(rest.split()) & {"postcode", "phone", "email", "address", "prices", "price", "money", "costs"}))
    # ("Never include the key safe code.": a clause naming the key safe code is left out)
    spec.priceless = any(f"{no} mention {what}" in lower for no in ("never", "not", "don't") for what in ("prices", "price",
                                                                                                      "money", "costs"))
    for cue in ("write '", 'write "', "say '", 'say "', "put '", 'put "', "use '", 'use "'):  # "If a field was never mentioned, write
        at = lower.find(cue)  # 'unknown'" (not "write 'none'" for a quote of another rule)
        word = prompt[at + len(cue):].split(cue[-1])[0] if at >= 0 else ""
        sentence = lower[:at].rsplit(".", 1)[-1].rsplit("\n", 1)[-1] + lower[at:].split(".")[0]
        closed = prompt[at + len(cue) + len(word) + 1:at + len(cue) + len(word) + 2]  # ("'I don't know'": cut at "'t")
        forbids = sentence.rsplit(";", 1)[-1].strip().startswith(("do not", "don't", "never", "avoid"))  # "Do not write 'N/A'"
        if 0 < len(word.split()) <= 3 and not closed.isalnum() and not forbids and any(cue_word in sentence for cue_word in (
                "never mentioned", "not mentioned", "nothing", "missing", "unknown", "empty", "not given", "not stated",
                "not provided", "no information", "isn't mentioned", "wasn't mentioned", "not known", "not said", "blank",
                "if there is no", "if there's no", "if no ")):
            spec.empty = word  # ("If the customer is angry, write 'ESCALATE'" is no word for nothing)
            break
    for i, line in enumerate(lines):
        if any(cue in line.lower() for cue in ("must appear", "verbatim", "exactly as written")):
            for later in lines[i + 1:i + 200]:
                item = later.strip().lstrip("-*• ").strip()
                if not item.startswith('"'):
                    break
                with contextlib.suppress(ValueError):  # a JSON string keeps its escapes ("a\\nb")
                    spec.must_keep.append(json.loads(item))
    if "summary:" in (lines or [""])[-1].lower():  # "...New lines of conversation: ...\n\nNew summary:" asks
        return replace(spec, max_words=spec.max_words or DEFAULT_MAX_WORDS)  # for the summary's text: its facts
    if "json" in lower or "yaml" in lower or _key_value(lower):
        keys = _named_keys(prompt) or list(dict.fromkeys(_EXAMPLE_KEYS.findall(prompt)))
        spec.json_keys = [key.split("(")[0].strip(" \"'`") if key.partition("(")[2].rstrip(") ") in _KEY_NOTES or not key.partition(
            "(")[2] else key.strip(" \"'`") for key in keys]  # "mistakes (a list)", '"open" (a list)'; '"final depth (m)"' whole
        spec.json_lists = [key for key, was in zip(spec.json_keys, keys) if "list" in was.partition("(")[2]]
        spec.json_numbers = [key for key, was in zip(spec.json_keys, keys) if was.partition("(")[2].startswith((
            "integer", "int)", "number)", "float"))]  # "guests (integer)"
        spec.json_dates = [key for key, was in zip(spec.json_keys, keys) if "(iso date)" in was]  # "due (YYYY-MM-DD)"
        spec.json_flags = [key for key, was in zip(spec.json_keys, keys) if was.partition("(")[2].lower().startswith(
            _FLAGS)]  # "hens_allowed (true/false)"
    tags = [part.split(">")[0] for part in prompt.split("<")[1:] if part.split(">")[0].replace("_", "").isalnum() and (
        "</" in prompt or "xml" in lower or " tag" in lower)]  # not placeholders ("Customer: <name>")
    if not spec.json_keys and len(set(tags) - {"summary"}) >= 2:  # "<facts>...</facts> and <open_questions>": a
        spec.sections = [section(tag) for tag in dict.fromkeys(tags) if tag != "summary"]  # tag each (inside
        spec.heading = "<summary>" if "summary" in tags else "<"  # "<summary>" if the prompt names one)
    elif not spec.json_keys:
        spec.sections, spec.heading = _sections(lines)
        spec.bold = bool(spec.sections) and all(f"**{s.heading}" in prompt for s in spec.sections)  # "**Customer**"
        spec.bare = not spec.heading and len(spec.sections) >= 2 and any(cue in lower for cue in (
            "exact heading", "headings exactly", "exactly these heading", "headings as written")) and all(s.heading in {
            line.strip() for line in lines} for s in spec.sections)  # "Use these exact headings:\nSITUATION\nBACKGROUND"
        own = [s.description for s in spec.sections if s.description and not s.blank]  # "Handover: one sentence on
        if own and (spec.sentences or spec.bullets):  # what to do next" counts that section's sentences, not the note's
            rest = "\n".join(line for line in lines if not any(d in line for d in own))
            spec.sentences = _count_of(rest, ("sentence", "sentences")) or (1 if "in one line" in rest.lower() else None)
            spec.bullets = _count_of(rest, ("bullet", "bullets", "points", "items"))
        spec.form = not spec.heading and (not any(s.description and not s.blank or s.numbered for s in spec.sections) and (
            asks_for_keys(prompt)) or len(spec.sections) >= 2 and any(cue in lower for cue in (
                "one line per field", "one line per section", "one line per label", "one line per heading", "on the same line")))  # "Fill in this card, one line
        # per field: Phone: the customer's phone number": "Phone: 07700 900123"
    elif "json" not in lower:  # "YAML with the keys a, b and c", "key: value lines with these keys": a form's lines
        spec.sections, spec.heading, spec.json_keys, spec.form = [section(k) for k in spec.json_keys], "", [], True
    head, _, rows = prompt[lower.find("columns") + 7:].lstrip(" ,").split("\n")[0].split(". ")[0].partition(":") if (
        spec.table and "columns" in lower) else ("", "", "")
    if spec.table and "columns" in lower and (cut := min((k for mark in (" and these rows", " and the rows", " and rows", " with rows",
                                                                          " with these rows") if (k := head.lower().find(mark)) >= 0), default=-1)) >= 0:
        head = head[:cut]  # "the columns Field and Value and these rows, in this order:\nTicket, Quote": two columns,
        rows = rows.strip() or next((line for line in prompt[lower.find("columns"):].split("\n")[1:3] if line.strip()), "")  # rows below
    columns = [c.strip(" *`.") for c in head.split(",")[0].split(" for")[0].replace("/", "|").replace(" and ", "|").split(
        "|") if c.strip(" *`.")]  # ("two columns, Field and Value, and exactly these rows: Name, Date"; "| Field | Value |")
    if spec.table and not columns and "|" in (inside := prompt.partition("(")[2].partition(")")[0]):  # "a two-column table
        columns = [c.strip(" *`.") for c in inside.split("|") if c.strip(" *`.")]  # (Field | Value)"
    at = lower.find("rows:")
    at, skip = (at, 5) if at >= 0 else (lower.find(" rows "), 6)  # "... and rows Vessel, IMO, Length."
    skip += 4 * (skip == 6 and prompt[at + skip:at + skip + 4].lower() == "for ")  # "with rows for Customer, ..."
    listed = prompt[at + skip:].split("\n")[0].split(". ")[0].split(",") if at >= 0 and skip >= 6 else []
    at = at if skip == 5 or len(listed) >= 2 and all(0 < len(p.split()) <= 5 and p.lower().split()[0] not in {
        "short", "long", "brief", "one", "per", "each", "concise", "sorted", "kept"} for p in listed) else -1
    # (not "Keep rows short, one per item", "rows kept to a minimum, sorted by date")
    rows = rows or (prompt[at + skip:].split("\n")[0].split(". ")[0].rstrip(" .") if spec.table and at >= 0 else "")  # "... | Field | Value |.
    # Rows: Customer, Address, ..."
    if len(columns) == 2 and all(columns) and len(rows := [r.strip(" .*`") for r in rows.split(",")]) >= 2:  # "columns
        spec.sections, spec.columns = [section(r.removeprefix("and ")) for r in rows if r], columns  # Field | Value for:
    elif len(columns) == 2 and columns[1].lower() in ("value", "values", "detail", "details", "description", "notes") and [
            s.heading for s in spec.sections] == columns:  # a, b, c": a row each; "columns Field | Value" alone: a row
        spec.sections, spec.columns = [], columns  # a fact
    refused = any(f"{no} timeline" in lower for no in ("not write a", "don't write a", "no", "without a", "not a"))
    if not (spec.sections or spec.json_keys or spec.form or spec.table or refused) and any(cue in lower for cue in (
            "a timeline", "a short timeline", "timeline of", "chronology", "one line per event")):  # "Write a short
        spec.sections, spec.heading = [Section("Timeline", "", "events")], ""  # timeline of the conversation, one line
        # per event": what happened, in order (not "What's the timeline for the refund?", "Do not write a timeline")
    if spec.bullets is None and not (spec.sections or spec.json_keys or spec.form or spec.paragraph or spec.table) and any(
            cue in lower for cue in ("as bullets", "in bullets", "bullet points", "bulleted", "as a bullet")):
        spec.bullets = 12  # "Summarize the conversation as bullets": its facts, a bullet each (no sections it never named)
    return spec


def _count_of(prompt: str, nouns: tuple[str, ...]) -> int | None:
    """How many of ``nouns`` a prompt asks for ("3 bullet points", "two sentences", "five short bullets"),
    not for each part ("one bullet per problem", "keep each section to 2 sentences")."""
    lines = (item.group(2) if (item := _LIST_LINE.match(line)) else line for line in prompt[:4000].splitlines())
    found = [t.lower() for t in tokens("\n".join(lines).replace("-", " "))] + ["", "", ""]  # not "4. Open items";
    # "a two-sentence summary"
    for at, count in enumerate(found[:-3]):
        number = int(count) if count.isdecimal() and len(count) <= 2 else _NUMBERS.get(count)
        noun = at + 1 if found[at + 1] in nouns else at + 2
        each = {"per", "each", "every"} & {*found[max(0, at - 4):at], found[noun + 1]}
        if number and found[noun] in nouns and not each:
            return number
    return None


@functools.lru_cache(maxsize=64)  # asked of an agent's instructions on every request it sends
def asks_for_keys(prompt: str) -> bool:
    """Whether a prompt asks for JSON (or YAML) with named keys ("Return JSON with the keys a, b and c."), or is a
    form of two or more ``Name:`` lines in a row to fill ("Name:\nExam date:")."""
    lines = [line.strip() for line in prompt[:20_000].splitlines() if line.strip()]  # blank lines between fields too
    asked = asks_for_summary(prompt) or {t.lower() for t in tokens(prompt[:2000])} & (_LEAD | {"form", "card"})
    form = asked and any(_form_line(a) and _form_line(b) for a, b in zip(lines, lines[1:]))  # "Fill in:\nName:\n..."
    return bool(form) or ("json" in prompt[:20_000].lower() or "yaml" in prompt[:20_000].lower() or _key_value(
        prompt[:20_000].lower())) and bool(
        _named_keys(prompt[:20_000]))


def _key_value(lower: str) -> bool:
    """Whether a prompt (lower-cased) asks for "key: value" lines ("Write the summary as key: value lines with these
    keys"), a form whose keys it names in words."""
    return any(cue in lower for cue in ("key: value", "key:value", "key-value", "key = value", "key=value"))


def _form_line(line: str) -> bool:
    """Whether a line is an empty field of a form: a short name and a colon ("Exam date:") or a heading ("## Cost")."""
    blank = line.partition(":")[2]
    line = line.partition(":")[0] + ":" if ":" in line and blank.strip() and _placeholder(blank) is not None else line
    name = line.lstrip("#") if line[:1] == "#" and line.lstrip("#")[:1] == " " else line.removesuffix(":")
    return name != line and 0 < len(name.split()) <= 4 and name.strip()[:1].isalpha()  # ("Caller: <name>" too)


def _typed_key(line: str) -> str:
    """A key a line of a list names, with the type written after it as the key's note ("- "height_cm": number (the
    current value)": 'height_cm (number)', '"open_issues": list of strings': 'open_issues (a list)')."""
    key, _, kind = line.partition(":")
    kind = kind.strip().lower()
    return key + (" (a list)" if kind.startswith(("list", "array", "a list")) else " (number)" if kind.startswith((
        "number", "integer", "int ", "float")) or kind == "int" else " (iso date)" if "yyyy-mm-dd" in kind else "")


#: How a prompt asks a key for true or false ("hens_allowed (true/false)").
_FLAGS = ("true/false", "yes/no", "boolean", "bool", "true or false")


#: What a key's brackets say of its value, not of its name ("mistakes (a list)"): :func:`_named_keys` writes them so.
_KEY_NOTES = frozenset(("a list", "number", "iso date", "boolean"))


def _named_keys(prompt: str) -> list[str]:
    """The keys a prompt lists after "keys" up to the end of its sentence ("the keys a, b and c.")."""
    for found in _KEYS.finditer(prompt):
        if found.group(0).isalpha() and prompt[found.end():found.end() + 1] in ("-", "=", "/") or prompt[found.end():found.end() + 5].lower(
                ) == "value":  # "key-value lines with these keys", "key: value lines for a, b, c": the keys are named later
            if (listed := prompt[found.end():].split("\n")[0].split(". ")[0].partition(" for ")[2].rstrip(". ")).count(",") >= 1 or (
                    " and " in listed and len(listed.split()) <= 5):
                return [name.strip(" `'\"") for part in listed.split(",") for name in part.split(" and ") if name.strip(" `'\"")]
            continue
        rest = prompt[found.end():].split("\n")  # a list of keys may go on over lines, each ending with a comma
        ends = next((k for k, line in enumerate(rest) if not line.rstrip().endswith((",", " and")) or not rest[k + 1:k + 2] or (
            not rest[k + 1].strip())), 0)
        sentence = " ".join(line.strip() for line in rest[:ends + 1]).split(". ", 1)[0].split(" for: ")[0].rstrip(". ")
        later = [m for m in _KEYS.finditer(sentence) if sentence[:m.start()].count("(") == sentence[:m.start()].count(
            ")")] if sentence[:1] not in "-*•" else []  # "the following fields from the (not '"final_details" (object
        # of field -> final value)')
        sentence = sentence[later[-1].end():] if later else sentence  # text and return JSON with keys: name, phone"
        if rest[0].rstrip().endswith(":") and len(sentence.strip(" ,:").split()) <= 3 and (below := next((
                line.strip() for line in rest[1:4] if line.strip()), "")).count(",") >= 1:  # "with exactly these keys,
            sentence = below.rstrip(". ")  # in order:\ncustomer_name, serial, model": the line below
        if sentence[:1] in "-*•":  # "JSON with these keys:" then a list, a key a line ("- tenant")
            below = takewhile(lambda line: line.strip()[:1] in ("-", "*", "•"), prompt[found.end():].splitlines())
            sentence = ", ".join(_typed_key(line.strip().lstrip("-*• ")) for line in below)
        sentence = ", ".join(_typed_key(part.strip()) for part in sentence.split(",")) if '":' in sentence else sentence  # ('"event":
        # string, "pending": list of strings')
        outside, inner, depth, quoted = "", "", 0, False  # '"shows" (a list of objects with "city", "venue", "date")': one
        for c in sentence:  # key, a list; '"final depth (m)"': a key whole, its brackets within its quotes
            quoted = not quoted if c == '"' and not depth else quoted
            if c in "()" and (c == "(" or depth) and not quoted:
                depth += 1 if c == "(" else -1
                outside += " (a list)" if c == ")" and not depth and ("list" in inner or "array" in inner) else (
                    " (number)" if c == ")" and not depth and inner.strip() in ("integer", "int", "number", "float") else (
                        " (iso date)" if c == ")" and not depth and ("yyyy-mm-dd" in inner.lower() or inner == "iso date") else (
                            " (boolean)" if c == ")" and not depth and inner.strip().lower() in _FLAGS else "")))
                inner = "" if c == "(" and depth == 1 else inner
            elif depth:
                inner += c
            else:
                outside += c
        sentence = outside + (f"({inner}" if depth else "")  # one never closed is as written
        names = [name.strip(" `'\"") for part in sentence.split(",") for name in part.split(" and ")]
        names = [name if len(name.split()) <= 3 else " ".join(takewhile(lambda w: w.lower() not in STOP, name.split()))
                 for name in names]  # "..., next_step for this chat": next_step
        names = [name for name in names if name and len(name.split()) <= 3]
        if len(names) >= 2:
            return names
    return []


def _sections(lines: list[str]) -> tuple[list[Section], str]:
    """The sections a prompt's lines name, and their Markdown heading mark (``""``: none): two or more headings (a
    higher first one is the prompt's title), else the list or ``Name:`` lines after a line naming sections."""
    headings = [(len(m.group(1)), m.group(2)) for line in lines if (m := _HEADING.match(line))]
    at = [i for i, line in enumerate(lines) if _HEADING.match(line)]
    below = [next((later for later in lines[i + 1:] if later.strip()), "#") for i in at[:2]]  # "## Format\nUse these
    if len(headings) > 1 and headings[0][0] < min(level for level, _ in headings[1:]) or len(at) > 2 and not (
            _HEADING.match(below[0])) and _HEADING.match(below[1]):  # headings:\n## A\n## B": a title over empty ones
        headings = headings[1:]
    if len(headings) >= 2:  # "### Who" is kept as asked; the fields and numbering its lines ask for too
        bodies = [list(takewhile(lambda line: not _HEADING.match(line), lines[i + 1:])) for i in at[len(at) - len(headings):]]
        return [replace(section(name.strip("* ")), fields=fields, numbered=numbered) for (_, name), (fields, numbered) in zip(
            headings, map(_blanks, bodies))], "#" * headings[-1][0]
    cue = re.compile(r"\b(?:sections?|headings?|headers?|format|structure|include|columns?|bullets?(?: points)?)\b", re.I)
    start = next((i for i, line in enumerate(lines) if cue.search(line) and not _LIST_LINE.match(line)), -1)
    start = -1 if any(_form_line(line.strip()) for line in lines[:max(start, 0)]) else start  # ("Name: [name]\n...\nThe
    # rest as bullets under Notes.": a rule after the fields)
    if start >= 0 and (listed := _listed(lines[start].strip(), cue, 2)):  # "Sections: Problem, Actions taken, Next
        return listed  # step.", "with the sections A, B and C."
    found: list[Section] = []
    for i, line in enumerate(lines[start + 1:], start + 1):
        head, item = line.strip().lower(), _LIST_LINE.match(line)
        if head.rstrip(":") in _RULE_HEADS or head.endswith(":") and ("rule" in head or "guideline" in head) and not item:
            break  # what follows are rules, not sections
        if item and _placeholder(item.group(2)) is not None:  # "1. <first event>", "2. ...": how the section above
            if found and line.strip()[:1].isdigit():  # is written, numbered
                found[-1] = replace(found[-1], numbered=True)
            continue
        named = _NAMED.fullmatch((item.group(2) if item else line).strip())
        bold = head[:2] == "**" == head[-2:] and "**" not in head[2:-2].strip("*")  # a line "**Candidate**"
        plain = _dashed(line) and (_dashed(lines[i - 1]) or _dashed((lines + [""])[i + 1])) or start >= 0 and (
            line[:1].isupper() and len(line.split()) <= 4 and line[-1:].isalpha())  # "Patient - name, age"; "Decisions"
        if (item and not item.group(1)) or (named or bold or plain) and not line.startswith((" ", "\t")):
            listed = (item.group(2) if item else line).strip("* ")
            name, text = (named.group(1), named.group(2)) if named else (listed, "")
            for dash in (" – ", " — ", " - "):  # "**User profile** – who the user is"
                if not named and dash in name:
                    name, text = (part.strip("* ") for part in name.split(dash, 1))
            if named and (asks_for_summary(name) or name.split()[0].lower() in _LEAD):  # "Summarize as:", "Fill in
                if listed := text and _listed(line.strip(), None, 2):  # this card:" lead in to the sections, or list
                    return listed  # them ("Summarize under: Budget, Dates, Food")
                if not (found and text and len(name.split()) <= 2 and name.split()[0].lower() not in _LEAD and not (
                        name.lower().endswith(("ize", "ise"))) and name.lower() not in ("summary", "recap", "overview",
                                                                                       "synopsis", "tl;dr", "tldr")):
                    # (but "Handover: one sentence on what to do next",
                    continue  # after other sections, is one more)
            if len(name.split()) <= 8 and not name.startswith('"'):  # a quoted fact to keep names none
                below = takewhile(lambda later: later.startswith((" ", "\t")) and later.strip(), lines[i + 1:i + 6])
                hint = _placeholder(text) if named else None  # "Caller: <name>": one value on its line
                found.append(replace(_blank(name.strip(), hint) if hint is not None else section(
                    name.strip(), text or " ".join(later.strip(" -*•\t") for later in below)), number=line.split()[0] if (
                        item and line[:1].isdigit()) else ""))
    bolds = [name.strip(" :") for name in "\n".join(lines).split("**")[1::2] if 0 < len(name.split()) <= 4]
    if not found and len(bolds) >= 2:  # "produce notes with **Student**, **Struggles** and **Next session**"
        return [section(name) for name in dict.fromkeys(bolds)], ""
    return found and (found, "") or next(filter(None, (_listed(line.strip(), None, 3) for line in lines)), ([], ""))


def _dashed(line: str) -> bool:
    """Whether a line is a short capitalised name, a dash and what it holds ("Complaint - what brought them in")."""
    name = next((line.split(dash)[0] for dash in (" – ", " — ", " - ") if dash in line), "")
    return line[:1].isupper() and 0 < len(name.split()) <= 4


def _listed(line: str, cue: re.Pattern[str] | None, least: int) -> tuple[list[Section], str] | None:
    """The sections a line lists after ``cue`` (else after a colon, or all of it): ``least`` (two with slashes) or more
    short names, capitalised (or with commas after a cue), the first from where the sentence's words end ("Summarize
    under: Budget, Dates, Food", "Write a handover with Customer / Problem / Next step", "## Customer, ## Issue")."""
    named = _NAMED.fullmatch(line)
    listed = named.group(2) if named else line[cue.search(line).end():] if cue else line.partition(": ")[2] or line
    listed = listed.split(". ", 1)[0].strip(" :.")
    for mark in (" / ", " | ", "; "):  # "A / B", "A | B", "A; B"
        listed = listed.replace(mark, ",")
    if listed[:1] == "#":  # "## A ## B", "## A and ## B": each heading a name
        listed = ", #".join(part.removesuffix(" and").strip(" ,") for part in listed.split(" #"))
    names = [name.strip(" *`.'\"") for part in listed.split(",") for name in part.split(" and ")]
    lead = names[0].split()
    names[0] = " ".join(lead[next((i for i in range(1, len(lead)) if lead[i - 1][:1].islower()
                                   and not lead[i][:1].islower()), 0):])
    if len(names) < min(least, 2 if " / " in line else 3) or not all(0 < len(n.split()) <= 4 for n in names) or not (
            cue and "," in listed or all(name[:1].isupper() or name[:1] == "#" for name in names)):
        return None
    mark = names[0].split()[0] if names[0].startswith("#") and set(names[0].split()[0]) == {"#"} else ""
    return [section(name.lstrip("# ")) for name in names], mark


def _short(text: str) -> str:
    """``text`` for one line of a note: whole up to 32 words (not "...and a rabbit called Pepper, she's …" for one word
    over), else its first 24 words and "…"."""
    parts = text.split()
    return text if len(parts) <= 32 else " ".join(parts[:24]) + " …"


def _bare(line: str) -> str:
    """A note's line without the marks a note adds ("open: ", "Follow up on: ", " [resolved]")."""
    for mark in NOTE_MARKS:
        line = line.removeprefix(mark)
    return line.removesuffix(" [open]").removesuffix(" [resolved]")


def _said(statement: Statement) -> str:
    """A statement as a note's line: at most 24 words, without the marks an earlier note added."""
    if statement.role == "tool":
        return f"{statement.tool or 'tool'}: {_short(statement.text)}"
    text = _bare(statement.text)  # a note of a note does not stack them; nor does it greet ("Hi, I'm Dana")
    first, comma, rest = text.partition(", ")
    text = rest[:1].upper() + rest[1:] if comma and first.lower() in _SALUTATIONS and rest else text
    first, _, rest = text.partition(" ")
    return _short(rest[:1].upper() + rest[1:] if first in ("Also", "And") and len(rest.split()) >= 3 and not rest.startswith((
        "known", "called", "named", "so")) else text)  # (a line
    # of its own: "Will I need a council permit?", not "Also will I need...")


def _lower(statement: Statement) -> set[str]:
    return {t.lower().replace("’", "'") for t in tokens(statement.text)}


def asks(statement: Statement) -> bool:
    """A question or a request ("Could you...", "Please...", "Yes please, open a ticket", "OK, let's...", "Write it"),
    not a report: a "Yes" or "OK" first asks only if what follows does ("Yes, it's the AX3000" reports)."""
    found = (t.lower().replace("’", "'") for t in tokens(statement.text[:200]))
    first = next((t for t in found if t not in ("yes", "ok", "okay", "sure")), "")
    return statement.asks or first in ("please", "could", "can", "would", "let's") or stem(first) in _MAKE


def _is_problem(statement: Statement) -> bool:
    """Whether a customer's sentence reports a problem: a problem word, a negation ("won't") or "still"."""
    if asks(statement) or statement.stems & ARCHETYPES["prefs"] or "@" in statement.text or "rather" in _lower(
            statement):  # "to a@b.org, not by SMS", "I'd rather not drive"
        return False
    found = [t.lower().replace("’", "'") for t in tokens(statement.text)]
    found = found[1:] if found[:1] == ["no"] else found  # "No, nothing yet" answers a question; it reports nothing
    if found[:1] == ["scratch"]:  # "Scratch the goatskin: he wants calfskin instead" takes a plan back
        return False
    own = set(words(statement.text))  # its own words, not the question's it answers ("Photos of the damage?")
    contrast = ", not " in statement.text.lower() and found.count("not") == 1  # "I use Langstroth boxes, not top-bar"
    mend = any(f"{a} {b}" in statement.text.lower() for a in ("needs", "need") for b in ("fixing", "repairing", "a repair"))
    return mend or bool(own & PROBLEM) or any(  # "Outlook still prompts": a problem still there; "I don't know" is none
        t in ("not", "no", "never", "still") and not (t == "not" and contrast) or t.endswith("n't") for t in found) and (
            not own <= stem_set("know sure remember never yet"))


#: Verbs a helper's report of what it did opens with ("Booked 9 June 14:00.", "Moved to 5 May.").
_DONE_AS = frozenset("booked moved rescheduled changed cancelled canceled sent ordered reserved scheduled".split())


def _did(statement: Statement) -> str:
    """What someone reports having done, from its verb on ("I've booked a visit" → "booked a visit"; "Done: order
    R-1" → "order R-1"), asking nothing; ``""`` for none."""
    found = [t.lower() for t in tokens(statement.text)]
    if {"sorry", "mistyped", "meant"} & set(found) or asks(statement):
        return ""  # a correction, not a step
    if found[:1] and found[0].endswith("ing") and not found[0].endswith("thing") and len(found[0]) > 5 and {
            "did", "didn't", "helped", "fixed", "worked", "changed"} & set(found):  # not "Updating it should fix it"
        return statement.text  # "Clearing the cache did not help": a step and its result
    if found[:1] == ["done"] and len(found) > 2 and statement.role == "assistant":
        return statement.text[statement.text.lower().find("done") + 4:].strip(" :,-—")
    if statement.role == "assistant" and found[:1] and found[0] in _DONE_AS and len(found) > 1 and facts(statement.text):
        return statement.text.rstrip(".")  # "Booked 9 June 14:00.", "Moved to 9 June 14:00."
    # up to two words after "I" or "we", stopping at a "be": "I tried", "I've tried", "I already restarted" (not "I am",
    # nor "when I moved in": a time, not a step)
    after = [takewhile(lambda verb: verb not in ("am", "are", "was", "were", "be", "been", "is"), found[i + 1:i + 3])
             for i, word in enumerate(found) if word in ("i", "we", "i've", "we've") and found[i - 1:i] != ["when"]]
    verb = next((verb for verbs in after for verb in verbs
                 if stem(verb) in _PAST or (verb.endswith("ed") and len(verb) > 4)), "")
    return verb and statement.text[statement.text.lower().find(" " + verb) + 1:]


def _done(said: Sequence[Statement]) -> dict[int, str]:
    """The agent's suggestions the user's next sentence says are done, by their order, each as a step and its answer
    ("Have you restarted the router?" "Yes, twice." → "Restarted the router: Yes, twice."; "Please try resetting it."
    "Did that too, no luck." → "Tried resetting it: Did that too, no luck."); not "No, not yet", nor a "yes" to "Can
    you...?" or "Did you get...?" (only to "Have you X?", "Try X")."""
    out = {}
    for asked, reply in ((a, r) for a, r in zip(said, said[1:]) if a.role == "assistant" and r.role == "user"):
        first = next((t for t in map(str.lower, tokens(reply.text)) if t not in ("i", "we", "i've", "oh", "ok")), "")
        found = tokens(asked.text.rstrip("?.!"))
        lead = [t.lower() for t in takewhile(lambda t: t.lower() in _ASKING, found)]
        step = " ".join({"you": "they", "your": "their"}.get(t, t) for t in found[len(lead):])  # "check your modem"
        yes = first in ("yes", "yeah", "yep", "yup") and {"have", "has", "try"} & set(lead)
        if 0 < len(step.split()) <= 12 and (yes or first in ("done", "did", "already") or stem(first) in _PAST) and (
                lead or stem(found[0]) in _PAST):  # "Restart it." "Done." too
            step = step if {"have", "has"} & set(lead) else (  # "Restarted the router"; "Tried to unplug it"
                f"tried {'to ' * ('try' not in lead)}{step[:1].lower()}{step[1:]}")
            out[asked.order] = f"{step[:1].upper()}{step[1:]}: {reply.text}"
    return out


def _promise(statement: Statement) -> str:
    """An agent's sentence from its promise on ("I opened INC-4; an engineer will call by Thursday": "An engineer
    will call by Thursday"), else all of it."""
    head, cut, tail = statement.text.replace("; ", " and ", 1).partition(" and ")
    will = {"will", "i'll", "we'll"}
    if cut and not will & {t.lower() for t in tokens(head)} and will & {t.lower() for t in tokens(tail)}:
        return _short(tail[:1].upper() + tail[1:])
    return _said(statement)


def _identifiers(statement: Statement) -> list[str]:
    """A statement's identifiers, with a number written ``#55821``, after a word that names one ("invoice 4471",
    "reference QX7P2L") or after a code ("LH 1342"); of the agent's, only records ("REQ-5521", "#90210", "booking
    QX7P2L"), not advice ("14-inch")."""
    found = tokens(statement.text)
    numbered = [t for at, t in enumerate(found) if t[:1] == "#" and t[1:].isdigit()
                or len(t) >= 3 and at and facts(t) and ID_NOUNS & {stem(found[at - 1]), stem(found[at - 2]) if (
                    found[at - 1] == "is") else ""}] + [  # "card number is 2044187"
        f"{code} {t}" for before, code, t in zip([""] + found, found, found[1:]) if t.isdigit() and len(t) >= 3
        and code.isalpha() and code.isupper() and len(code) <= 3 and not facts(before) and f"{code} {t}" in statement.text]
    # not a unit ("16 GB 512 GB"), nor a setting ("tune it to A=442")
    values = [v for v in dict.fromkeys(statement.identifiers + numbered) if (not _is_time(v) or v.isdigit()) and not all(
        ":" in part and _is_time(part) for part in v.split("-")) and not (
        "-" in v and v.rsplit("-", 1)[1].isalpha() and v.rsplit("-", 1)[1].islower()) and not (
        len(v) == 5 and v[:4].isdigit() and v[4] == "s") and not (v.count("/") == 1 and all(
            p.isdigit() and len(p) <= 2 and int(p) <= 31 for p in v.split("/")))]  # "5th", "92,000-word", "a 1960s
    # chair", a day and month ("05/03"; a whole date is kept: "14/02/2016")
    for at, value in enumerate(values):  # the groups of digits written after it: "07911 123456", "AST 2207 19" (not
        last = value.split(" ")[-1]  # "ticket T-1029 3 days ago", "BA 117 15 minutes late")
        groups = [t for k, t in enumerate(found) if t == last and "-" not in value for t in takewhile(
            lambda t: t.isdigit() and len(t) >= 2, found[k + 1:k + 3])][:2]
        while groups and f"{value} {groups[0]}" in statement.text and (statement.text.partition(f"{value} {groups[0]}")[
                2].split() or [""])[0].lower().strip(".,;:!?") not in _COUNTED:
            value = f"{value} {groups.pop(0)}"
        values[at] = value
    values = [f"{v} {after}" if v[-1:].isdigit() and v[:1].isalpha() and " " not in v and len(after := (statement.text.partition(
        f"{v} ")[2].split()[:1] or [""])[0].rstrip(".,;!?")) == 3 and after.isalpha() and after.isupper() else v
              for v in values]  # a registration: "KX19 ABC", not "KX19"
    inward = {v for v in values if len(v) == 3 and v[0].isdigit() and v[1:].isalpha() and v[1:].isupper()}  # a postcode
    values = [f"{v} {n}" if n in inward and f"{v} {n}" in statement.text else v for v, n in zip(values, [*values[1:], ""])
              if v not in inward or f" {v}" not in statement.text or not any(f"{w} {v}" in statement.text for w in values)]  # is
    # one: "LS6 2AB"
    if statement.role != "assistant":  # not a size or an age ("4-star", "6-year-old", "p99")
        return [v for v in values if v[:1] == "#" or any(c.isupper() for c in v) or sum(c.isdigit() for c in v) >= 3]
    return [v for v in values if v[:1] == "#" or v in numbered or any(c.isupper() for c in v) and sum(
        c.isdigit() for c in v) >= 3]


def _person(statement: Statement | str) -> str:
    """The name a speaker gives ("I'm Ana Costa", "I am ...", "this is ...", "it's ...", "my name is ...", "call me ...",
    "Hi, Sam Patel here"), or ``""``; not whose they are ("I'm Ben's dad")."""
    found = tokens(getattr(statement, "text", statement))
    lower = [t.lower().replace("’", "'") for t in found]
    for at, word in enumerate(lower):
        owned = word == "name's" and (found[at][:1] == "N" or at and lower[at - 1] == "my")  # (not "My dog's name's")
        start = at + 1 if word in ("i'm", "am", "it's") or owned else at + 2 if lower[at:at + 2] in (
            ["name", "is"], ["this", "is"], ["call", "me"]) else max(at - 2, 0) if word == "here" and at < 4 else len(found)
        # ("..., way too high. Name's Tobias Lindqvist")
        name = list(takewhile(lambda t: t[:1].isupper() and t.lower() not in STOP and t[-2:] not in ("'s", "’s") and not (
            t.isupper() and len(t) > 1), found[start:start + 3 if word != "here" else at]))  # (not "CTO" after it)
        if len(name) > (word in ("here", "it's")):  # "Sam Patel here", "it's Ravi Shah"; not "Great, here it is", "it's May"
            return " ".join(name)
    name = list(takewhile(lambda t: t[:1].isupper() and t.lower() not in STOP, found[1:4])) if lower[:1] in (
        ["hello"], ["hi"], ["hey"]) else []  # "Hello, Deshawn Ruiz from Northgate Players"
    return " ".join(name) if len(name) >= 2 and lower[1 + len(name):2 + len(name)] in (["from"], ["of"], ["at"]) else ""


def _named_when_asked(said: Sequence[Statement]) -> list[str]:
    """The name that opens the user's reply to a question asking their name ("Can I have your name and address?"
    "Priya Nandakumar, 12 Elm Row"), else []."""
    found = []
    for asked, reply in itertools.pairwise(said):
        if asked.role == "assistant" and {"your", "name"} <= {t.lower() for t in tokens(asked.text)} and asked.text.rstrip().endswith(
                "?") and reply.role == "user":  # ("What name is on your account?"; not "What name should the pet have?")
            spoken = tokens(reply.text)
            run = list(itertools.takewhile(lambda t: t[:1].isupper() and t.isalpha() and t.lower() not in STOP, spoken[:4]))
            model = f"{' '.join(run)} " in reply.text and spoken[len(run):len(run) + 1] and spoken[len(run)][:1].isdigit()  # ("Bosch
            # Serie 4" is a model; not "Odile Marchetti, 12 Elm Row")
            found += [" ".join(run)] if len(run) >= 2 and not model else []
    return found


def _is_time(token: str) -> bool:
    """Whether a token is a day, a month, a number of one ("20", "3rd", "5pm") or a date ("2025-06-20")."""
    number = token.isdigit() and len(token) in (1, 2, 4) or token[:-2].replace(":", "", 1).isdigit() and token[-2:].lower() in (
        "st", "nd", "rd", "th", "am", "pm")  # ("2:10pm" too)
    return number or bool(_DATE_LIKE.fullmatch(token)) or stem(token) in _TIME and token != "may"


def _dates(statement: Statement, cues: tuple[str, ...] = ("by", "before", "until", "till", "deadline", "due")) -> list[str]:
    """The dates a sentence gives after one of ``cues`` ("before June 20", "by Friday", "by the end of the month")."""
    found, out = tokens(statement.text), []
    for at, word in enumerate(found):
        if word.lower() in cues:
            fillers = ("the", "of", "end", "next", "this")
            skip = at + 1 + (found[at + 1:at + 2] == ["on"] and word.lower() != "on")  # "due on 15 November"
            skip += [t.lower() for t in found[skip:skip + 1]] == ["now"]  # "is now Wednesday 5 March"
            phrase = list(takewhile(lambda t: _is_time(t) or t.lower() in fillers, found[skip:skip + 5]))
            while phrase and not _is_time(phrase[-1]):
                phrase.pop()  # "until the light flashes" gives no date; "renews on 30 June ... before then": 30 June
            lasting = len(phrase) == 1 and phrase[0].isdigit() and found[skip + 1:skip + 2] and found[skip + 1].lower().rstrip(
                "s") in ("day", "night", "week", "month", "year", "hour", "minute")
            housed = len(phrase) == 1 and phrase[0].isdigit() and found[skip + 1:skip + 2] and found[skip + 1].isalpha() and (
                found[skip + 1].lower() not in CALENDAR | {"at", "and", "or", "to", "until", "by"})  # "the address is 21
            # Elm Row": a house number; "is now 3 people": a count
            phrase = [] if lasting or housed else phrase  # "for 5 days" is how long, no date
            then = found[at + 1:at + 2] == ["then"] and cues != ("on",)
            out += [" ".join(phrase)] if phrase else _dates(statement, ("on",)) if then else []
    return out


#: The last words of a street's name ("12 Elm Row", "3 Quarry Lane").
_STREETS = frozenset("row road rd street st lane avenue ave drive close way crescent place terrace gardens court square "
                     "mews grove".split())


def _street_address(text: str) -> bool:
    """Whether ``text`` gives a house number and its street ("I'm Gwen Ashby at 3 Quarry Row")."""
    found = tokens(text)
    return any(t[:4].isdigit() or t[:-1].isdigit() and len(t) <= 5 and t[-1:].isalpha() for k, t in enumerate(found) if any(
        all(w[:1].isupper() for w in found[k + 1:k + 1 + n]) and found[k + n:k + n + 1] and found[k + n].lower() in _STREETS
        and not (found[k + n + 1:k + n + 2] or [""])[0][:1].isupper() for n in (2, 3)))  # (not "2 Union Square Cafe gift
    # cards")


def _names_a_product(statement: Statement) -> bool:
    """Whether a sentence names a product, a model or a version: "AX3000", "v1.0.3", "Windows 10"."""
    if any(_MODEL_LIKE.fullmatch(i) for i in statement.identifiers):
        return True
    found = tokens(statement.text)  # "Aero 14", not "April 20" (nor a house number: "Priya Nandakumar, 12 Elm Row")
    return any(a[:1].isupper() and (b[:1].isdigit() or a.isalpha() and b in statement.identifiers and stem(a.lower()) not in (
        ID_NOUNS)) and (
        a.lower() not in CALENDAR) and not {c.lower(), d.lower()} & _STREETS for a, b, c, d in zip(
            found[1:], found[2:], [*found[3:], ""], [*found[4:], "", ""])) or bool(  # "an Aquaflow S-340"
        {"using", "running", "version"} & {t.lower() for t in found})


def _prefers(statement: Statement) -> bool:
    """Whether the customer states (not asks about) a preference, a rule or an address ("please contact me by SMS")."""
    stated = statement.stems & ARCHETYPES["prefs"] or {"never", "always", "rather"} & _lower(statement) or (
        "@" in statement.text) or "me" in _lower(statement) and statement.stems & _CONTACT  # "send it to a@b.org",
    # "call me on 0770 900"
    return bool(stated) and (not statement.text.rstrip().endswith("?") or "rather" in _lower(statement))  # "Can
    # you call me rather than email?" states one


def _label(statement: Statement, value: str) -> str:
    """The words just before ``value`` in its statement ("order ORD-1"), or the key of a tool's line."""
    if statement.role == "tool" and ":" in statement.text:
        return statement.text.split(":", 1)[0].strip()
    if statement.role == "call":  # 'lookup_room({"room": "C-214"})': the argument's key, "room"
        return " ".join(tokens(statement.text.split(value, 1)[0].rpartition("(")[2])[-1:]).replace("_", " ")
    head = statement.text.split(value, 1)[0].split(", ")[-1].split("; ")[-1].split(" - ")[-1].split(" – ")[-1]  # its own
    # clause's ("it broke, 14C": "14C"; "last week - serial VN-20731": "serial")
    said = [t for t in tokens(head) if t.lower() not in STOP and t.lower() not in ("itself", "now")]
    clauses = statement.text.split(value, 1)[0].split(", ")
    if not said and len(clauses) >= 2 and [t.lower().replace("’", "'") for t in tokens(head)] in (["it's"], ["it", "is"], ["that's"]):
        said = [t for t in tokens(clauses[-2]) if t.lower() not in STOP]  # "my badge number, it's QA-5512": "badge number"
        said = said if said and stem(said[-1].lower()) in ID_NOUNS else []
    before = said[-2:]
    named = [t for t in said if stem(t.lower()) in ID_NOUNS - {"numb", "no"} and t.isalpha() and not t.lower().endswith(
        ("ed", "ing"))] if head.lower().rstrip().endswith((" is", " was")) else []  # "My reference from your letter is X":
    before = named[-1:] if named and stem(before[-1].lower()) not in ID_NOUNS else before  # "reference", not "letter"
    whose = (tokens(head.split(before[0])[0])[-1:] or [""])[0].lower() if before else ""  # "her reference is X": Greta
    if whose in ("her", "his", "their") and (people := _name_runs(statement.text)):  # Holm's reference
        return f"{people[0]}'{'s' * (people[0][-1:] != 's')} {' '.join(before)}"  # ("the Crown Cobras' team code")
    if len(before) == 2 and (stem(before[0]) in _PAST or before[0].lower().endswith("ed") or before[0].lower(
            ).endswith("ing") and stem(before[0]) not in ID_NOUNS):
        before = before[1:]  # "bought order ORD-1" is labelled "order" ("booking reference X1" stays)
    return " ".join(before)


#: Keys that ask for an amount, a place or dates: their value is the one the line writes, not the whole line.
_KEY_KINDS = {kind: stem_set(text) for kind, text in {"money": "budget price cost amount total fee salary spend",
              "place": "destination city country location place venue where", "date": "date dates when",
              "org": "company employer organisation organization firm"}.items()}
#: Words that hedge or bound the number after them ("around £80", "at most 3").
AROUND = frozenset("about around roughly approximately under over up to at most least max maximum".split())
_MONEY_WORDS = frozenset("dollars dollar euros euro pounds pound usd eur gbp yen k".split())
_MONEY_SIGNS = frozenset("£$€¥")


#: The last word of a key that asks for a measure ("tank_size": "200 litre"), and units a key may end in
#: ("nitrate_ppm": "40 ppm").
_MEASURE_KEYS = frozenset("size length weight volume capacity height width depth area distance".split())
_UNITS = frozenset("ppm cm mm m km kg g mg l ml litres liters litre liter kw kwh w v mph kph percent pct".split())


def _channel(section: Section) -> frozenset[str]:
    """The way of reaching someone a section's heading names ("Email", "Phone: contact number"), a phone only when its
    heading or description says it is one to reach by ("Phone: the handset" of a repair is a device); else none."""
    named = frozenset(words(section.heading.split("(")[0].replace("_", " "))) & stem_set("email e-mail phone mobile telephone")
    told = set(words(f"{section.heading} {section.description}"))
    return named if named & stem_set("email e-mail") or told & stem_set("number contact call reach ring") else frozenset()


def _code_for(key: str, said: Sequence[Statement], found: Sequence[str]) -> str | None:
    """The code an id key asks for ("job_number": "BN-3306" of "Booked: Thu 8 May 15:30, job BN-3306"): the latest
    said just after the key's own noun (or whose letters open it: "INT-0417" of interpreter_id); else what was found
    without a label before it ("hold HLD-7720": "HLD-7720"); else ``""`` when what was found is a phone number or a date
    not said after an id's word; else ``None`` (what was found stands)."""
    nouns = set(words(key.replace("_", " "))) - stem_set("id number no code ref reference")
    codes = [value for s in said if s.role != "call" for found_now in [tokens(s.text)] for at, value in enumerate(found_now)
             if value in identifiers(s.text) and any(c.isalpha() for c in value) and (any(stem(w.lower()) in nouns for w in (
                 found_now[max(0, at - 3):at])) or len(lead := value.split("-")[0].lower()) >= 3 and lead.isalpha() and any(
                     n.startswith(lead) for n in nouns))]  # ("INT-0417" of interpreter_id)
    if codes:
        return codes[-1]
    one = "; ".join(found)
    if not one or any(one in s.text and any(stem(w.lower()) in nouns | ID_NOUNS | stem_set("code id") for w in tokens(s.text[
            :s.text.find(one)])[-3:]) for s in said):  # ("account number 3192 6819 44", "Sort code 20-45-77": said after
        # its noun or a word for a code, it stands)
        return None
    label, _, rest = one.partition(" ")
    if rest and " " not in rest and identifiers(rest) and label.isalpha() and label.islower():
        return rest  # "hold HLD-7720"
    digits = sum(map(str.isdigit, one))
    parts = one.replace("-", "/").replace(".", "/").split("/")
    dated = len(parts) in (2, 3) and all(p.isdigit() and len(p) <= 4 for p in parts)  # "9/10/2025": no code
    phoned = all(c.isdigit() or c in "+- ()" for c in one) and (digits >= 9 or digits >= 7 and " " in one.strip())
    return "" if dated or phoned else None  # ("07911 123 456"; an alarm code "9182" stands)


def _kind_of(key: str) -> str | None:
    """The kind of value a key asks for (:data:`_KEY_KINDS`; "count" of number_of_boxes, guest_count), or ``None``."""
    last = key.lower().replace(" ", "_").removesuffix("_number").rsplit("_", 1)[-1]
    if key.lower().startswith(("number_of", "num_", "count_")) or key.lower().endswith(("_count", "quantity")):
        return "count"
    if last in ("phone", "mobile", "telephone", "time", "callback"):  # pickup_time, phone_number, "Callback number"
        # (not time_zone, phone_model)
        return "time" if last == "time" else "phone"
    if last in ("email", "e-mail"):  # "Contact: <email>": the address alone
        return "email"
    if (last in _MEASURE_KEYS and "_" in key or last in _UNITS and len(key) > len(last)) and not set(words(key.replace(
            "_", " "))) & (_KEY_KINDS["money"] | {"per"}):  # tank_size, nitrate_ppm (not price_per_kg)
        return "measure"
    return next((k for k, stems in _KEY_KINDS.items() if set(words(key.replace("_", " "))) & stems), None)


def _typed(key: str, line: str) -> str | None:
    """The value of the kind a key asks for, as the line writes it: an amount with its words ("about 4000
    dollars"), the place after "to", "in" or "at" ("Japan"), the dates from the first to the last ("April 3 to
    April 14"); "" if the line holds none; ``None`` for a key of no such kind."""
    kind, named, found = _kind_of(key), set(words(key.replace("_", " "))), tokens(line)
    if kind == "phone":  # "07700 900461": the digits written together, seven or more
        runs = [" ".join(takewhile(lambda t: t.lstrip("+").replace("-", "").isdigit(), found[n:])) for n in range(len(
            found)) if found[n].lstrip("+").replace("-", "").isdigit() and not (n and found[n - 1].replace("-", "").isdigit())]
        labelled = {run for run in runs for at, t in enumerate(found) if t == run.split(" ")[0] and at and stem(
            found[at - 1].lower()) in ID_NOUNS | {stem("serial")}}  # "Serial 4455667788" is no phone
        return next((run for run in runs if sum(map(str.isdigit, run)) >= 7 and run not in labelled), "")
    if kind == "time":  # "at 10:30", "3pm"; an end's the last ("from 2pm to 3:30pm": end_time 3:30pm)
        times = [t for t in found if ":" in t and t.replace(":", "").isdigit() or t[:-2].replace(":", "").isdigit() and t[
            -2:].lower() in ("am", "pm")]
        return (times[-1] if key.lower().startswith(("end", "finish", "until")) else times[0]) if times else ""
    if kind == "email":
        return next((t.strip(".,;:()<>") for t in found if "@" in t and "." in t.partition("@")[2]), "")
    if kind == "measure":  # a number and its unit: the key's own unit, else the one nearest a word of the key
        unit = key.lower().replace(" ", "_").rsplit("_", 1)[-1]
        pairs = [(n, f"{t} {b}") for n, (t, b) in enumerate(zip(found, [*found[1:], ""])) if t.replace(".", "", 1).replace(
            ",", "").isdigit() and b.lower() in MEASURE_WORDS] + [(n, t) for n, t in enumerate(found) if t[
                :1].isdigit() and t.lstrip("0123456789.").lower() in _UNITS]  # "200 litre", "40ppm" (not "2 bags")
        own = [n for n, t in enumerate(found) if stem(t.lower()) in named]
        fits = sorted([(n, v) for n, v in pairs if v.lstrip("0123456789., ").lower().startswith(unit) or unit not in _UNITS],
                      key=lambda p: min((abs(p[0] - n) for n in own), default=p[0]))  # ("250 g of flour and 100 g of
        return fits[0][1] if fits else None  # sugar": sugar_g 100 g; none: as any key ("a size 9": 9)
    if kind == "count":  # number_of_boxes: "12 boxes"
        return next((a for a, b in zip(found, found[1:]) if a.isdigit() and stem(b.lower()) in named), "")
    if kind == "money":  # a number with a currency to it ("95,000 euros", "$120", "70k"), not "Visa ending 4412"
        said = [w.strip(".,;:!?()") for w in line.split()] + [""]
        amounts = [n for n, w in enumerate(said) if any(c.isdigit() for c in w) and (
            w[:1] in "$€£" or w[-1:].lower() == "k" or said[n + 1].lower() in _MONEY_WORDS)]  # the one after the
        at = next((n for n in amounts if n and stem(said[n - 1]) in set(words(key.replace("_", " ")))),  # key's word
                  amounts[0] if amounts else None)  # ("fee 8 EUR, total 63 EUR": total 63 EUR), else the first
        if at is None:
            return ""
        start = at - len(list(takewhile(lambda w: w.lower() in AROUND, said[at - 1::-1] if at else [])))
        while start < at and said[start].lower() in ("at", "to") and said[start + 1].lower() not in ("most", "least"):
            start += 1  # "rooms at 165 euros": 165 euros; "at most 200 euros", "up to 50 dollars" as written
        return " ".join(said[start:at + 1 + (said[at + 1].lower() in _MONEY_WORDS)])
    if kind in ("place", "org"):  # "to Japan" (not "to April"); a company's: "this is Tom from Brightline Dental"
        named = [t[:1].isupper() and t.lower() not in CALENDAR for t in found] + [False]
        numbered = [t.isdigit() and named[n + 1] for n, t in enumerate(found)] + [False]  # "at 9 Marlpit Close"
        named = [a or b for a, b in zip(named, numbered)]
        cues = [n for n, t in enumerate(found) if t.lower() in (("from", "at", "with") if kind == "org" else (
            "to", "in", "at")) and named[n + 1]]
        if not cues:  # a value alone ("Japan", from a note before) is the place
            return line.strip(" .") if 0 < len(found) <= 3 and all(named[:len(found)]) and found[0].lower() not in (
                PLEASED | _SALUTATIONS | {"done", "ok", "okay", "yes", "no", "bye", "sure"}) else ""  # (not "Done.")
        return " ".join(takewhile(lambda t: named[found.index(t)], found[cues[-1] + 1:]))
    if kind == "date":
        timed = [_is_time(t) and not (t.isdigit() and len(t) > 2 and not 1900 <= int(t) <= 2100) and not (
            t[-2:].lower() in ("am", "pm") or ":" in t) for t in found] + [False]  # a year, not an amount ("4000"); a
        # day, not its clock time ("Thursday at 2pm": Thursday)
        runs = [" ".join(takewhile(lambda t: timed[found.index(t, n)], found[n:])) for n in range(len(found))
                if timed[n] and not (n and timed[n - 1]) and not (found[n].isdigit() and n + 1 < len(found) and found[n + 1][
                    :1].isupper() and found[n + 1].lower() not in CALENDAR)]  # "12 May", then "19 May": "12 May to 19
        # May" (not the 21 of "21 Elm Row": a house)
        runs = [run for run in runs if any(any(c.isdigit() for c in t) or t.lower() in CALENDAR | {  # a date, not
            "today", "tomorrow", "tonight"} for t in run.split())]  # "two weeks"
        return f"{runs[0]} to {runs[-1]}" if len(runs) > 1 and runs[0] != runs[-1] else runs[0] if runs else ""
    return None


def _flag(key: str, said: Sequence[Statement]) -> bool | None:
    """A key asked as true or false ("hens_allowed (true/false)"): false when the latest sentence saying its words
    negates them ("Hens aren't allowed at Millbrook"), true when it does not; ``None`` when none says them."""
    named = set(words(key.replace("_", " "))) - stem_set("is has have can")
    named = named - stem_set("requested needed wanted required included") or named  # refund_requested: "a refund"
    plain = [s for s in said if named and named <= s.stems and not asks(s) and (s.role in ("user", "note", "tool") or (
        s.role == "assistant" and not _lower(s) & stem_set("if whether check confirm let know will sure think")))]
    for s in [s for s in plain if s.role != "assistant"][::-1] + [s for s in plain if s.role == "assistant"][::-1]:  # the user's
        # word first, then the helper's plain statement ("Dogs are not allowed at the cottage"; not "I'll check whether...")
        clause = [c for c in s.text.replace(";", ",").replace(" but ", ", ").split(", ") if named <= set(words(c))][-1:] or [
            s.text]  # the last clause saying it ("says not delivered, but it was delivered after all")
        return not any(t.lower() in ("not", "no", "never", "without") or t.lower().endswith("n't") for t in tokens(clause[0]))
    return None


def _iso(value: str) -> str:
    """A date written as YYYY-MM-DD when it names its day, month and year ("14 March 2025", "March 14, 2025"), else
    as it was said (a date without its year is not made up: "14 March")."""
    found = [t.lower().rstrip(",") for t in tokens(value)]
    month = next((m for m in found if m in CALENDAR and m[:3] in MONTHS), None)
    day = next((t.rstrip("stndrh") for t in found if t.rstrip("stndrh").isdigit() and len(t.rstrip("stndrh")) <= 2), "")
    year = next((t for t in found if t.isdigit() and len(t) == 4), "")
    return f"{year}-{MONTHS.index(month[:3]) + 1:02d}-{int(day):02d}" if month and day and year else value


def _number(key: str, lines: Sequence[str]) -> int | float | None:
    """The number a key asked as a number names, latest first: the one beside a word of the key ("it's 95 guests now",
    "Household updated to 5"), else the one of a line that names it; ``None`` if none is said."""
    named, found = words(key.replace("_", " ")), []
    for at, said in enumerate(map(tokens, lines)):
        for k, t in enumerate(said):
            near = {stem(w.lower()) for w in said[max(0, k - 3):k] + said[k + 1:k + 2]}
            counts = said[k + 1:k + 2] and stem(said[k + 1].lower()) in named  # "just one cast": a count of casts
            t = str(_NUMBERS[t.lower()]) if t.lower() in _NUMBERS and counts else t  # (not "£2,820 per cast")
            if t.replace(".", "", 1).replace(",", "").isdigit() and near & set(named):  # ("household_size": "Household
                found.append((3 * bool(counts) + 2 * (named[0] in near) + len(set(named[1:]) & near), at, t))  # updated to
    if not found:  # 5", not "Nappies size 2: 30 packs")
        return None
    number = max(found)[2].replace(",", "")
    return float(number) if "." in number else int(number)


def _value(part: Section, line: str) -> str:
    """What a line says of a field asking for one value: the value after the field's word ("Severity is P1": P1,
    "departure on 21 May": 21 May,
    "my teacher is Mrs Okafor if...": Mrs Okafor, "in year 11": 11) or the name just before it ("Dana owns it":
    Dana), the amount, place or dates a key asks for (:func:`_typed`); else the line. A name a blank asks for is read
    by :func:`_name_of`; a note's own field read back ("Kit: 16 LED pars") gives its value as written then."""
    if (kept := _read_back(part, line)) is not None:
        return kept
    found, named = tokens(line), set(words(part.heading.replace("_", " ")))
    if part.blank and named & _SELF_ROLES and "name" in part.description.lower().split() and (who := _person(line)):
        return who  # ("Organiser: <name and company>": "Hi, I'm Neil Ford.")
    if (typed := _typed(part.heading, line)) is not None or part.blank and (typed := _typed(part.description, line)) is not (
            None):  # ("Callback: <phone number>": a phone number)
        return typed
    at = max((at for at, t in enumerate(found) if (one := stem(t.lower())) in named or len(one) > 3 and any(
        n.startswith(one) or one.startswith(n) for n in named if len(n) > 3)), default=None)  # "departure":
    # "departing"; the last ("Roadside job": "roadside assistance job RSA-1")
    if part.kind == "people" and len(named) == 1 and (who := _person(line)):  # "patient": "Hi, I'm Ana Ruiz": Ana Ruiz
        return who
    roled = [list(takewhile(lambda t: t[:1].isupper() and t.isalpha() and t.lower() not in STOP, found[k + 1:k + 4])) for k, t in (
        enumerate(found[:5])) if part.kind == "people" and stem(t.lower()) in ARCHETYPES["people"] - {stem("name")}]
    if roled and roled[0]:  # "Customer Dana Whitlock reserved ...": Dana Whitlock
        return " ".join(roled[0])
    if (name := _name_of(part, line, at)) is not None:
        return name
    if part.kind is not None or at is None or len(named) > 2:  # "Next session: [next session] we can do X"
        return line[len(part.heading) + 1:] if line.lower().startswith(part.heading.lower() + " ") else line
    after = list(takewhile(lambda t: t.lower() in ("is", "are", "was", "were", "be", "on") or stem(t.lower()) in ID_NOUNS and (
        stem(t.lower()) not in named), found[at + 1:]))  # ("Account number is RC-5582": RC-5582)
    theirs = at and found[at - 1].lower().endswith(("'s", "’s"))  # ("My husband's car is a 2010 Volvo": not mine)
    after += found[at + 1 + len(after):at + 2 + len(after)] if after and not theirs and found[
        at + 1 + len(after):at + 2 + len(after)] in (["a"], ["an"]) else []  # "car is a 1931 Austin Seven": the car,
    # not the name before it
    value = list(takewhile(lambda t: t[:1].isupper() or facts(t) or t.lower() in _LEVELS,  # "priority high": high
                           found[at + 1 + len(after):at + 5 + len(after)]))
    if value and after[-1:] in (["a"], ["an"]):  # "piano is a Bechstein upright", "a Kawai baby grand": its kind too
        value += list(takewhile(lambda t: t.isalpha() and t.islower() and t not in STOP | {"from", "with", "and"}, found[
            at + 1 + len(after) + len(value):at + 3 + len(after) + len(value)]))
    before = list(takewhile(lambda t: t[:1].isupper() and t.lower() not in STOP, found[at - 1::-1] if at and not after and (
        found[at][:1].islower()) else []))  # (not of a name holding the word: "the Lakeland Classic Boat Rally")
    told = value and (after or facts(" ".join(value)) or value[0].lower() in _LEVELS)
    unit = found[at + 1 + len(after) + len(value):at + 2 + len(after) + len(value)]  # "The tank is 60 litres": 60 litres
    value += unit if told and len(value) == 1 and value[0].replace(".", "", 1).isdigit() and unit and unit[0].lower() in (
        MEASURE_WORDS) else []
    rest = found[at + 1 + len(after) + len(value):at + 3 + len(after) + len(value)]  # "a Mazda MX-5 from 2019": 2019 too
    year = rest[1] if told and [t.lower() for t in rest[:1]] == ["from"] and rest[1:2] and rest[1].isdigit() and len(
        rest[1]) == 4 else ""
    return " ".join(([year] if year else []) + (value if told else before[::-1])) or line  # "year 11": 11


def _read_back(part: Section, line: str) -> str | None:
    """The value of a note's own field read back ("Kit: 16 LED pars": "16 LED pars"; "" of "Kit: unknown"), else
    ``None``: a note summarized again keeps each field once, not "Kit: Kit: unknown"."""
    if not line.lower().startswith(f"{part.heading.lower()}: "):
        return None
    value = line[len(part.heading) + 2:].strip()
    return "" if value.strip(" .").lower() in _UNSAID else value


def _name_of(part: Section, line: str, at: int | None) -> str | None:
    """The name a blank asking for one reads off a line (else ``None``): a field for the speaker (:data:`_SELF_ROLES`)
    the speaker's own ("Entrant: <full name>" of "I'm Wilf Hodges, ..."; "<name and company>" of "Hello, Nia Okoro from
    Riverside Players": "Nia Okoro, Riverside Players"), nothing from a line naming the field without a name ("I'm
    organising a quiz night"); any such field the name after its word ("<name and age>" of "My passenger is my
    granddaughter Ottilie Baptiste, she's 14": "Ottilie Baptiste, 14"). ``at`` is where the line says the field's word."""
    hint = part.description.lower().split()
    if not part.blank or not (part.kind in ("people", "name") or "name" in hint):
        return None
    found = tokens(line)
    if set(words(part.heading.replace("_", " "))) & _SELF_ROLES:  # the user's own name fills "Entrant:", not "Vet:"
        if not (who := _person(line)):
            return "" if at is not None else None
        if at is None:
            rest = line[line.find(who) + len(who):].split(".")[0]
            firm = list(takewhile(lambda t: t[:1].isupper() or t == "&", tokens(rest.partition(" from ")[2])))
            return f"{who}, {' '.join(firm)}" if firm and rest.startswith(" from ") and {
                "company", "organisation", "organization", "club", "team", "firm"} & set(hint) else who
    if at is not None and found[at + 1:at + 2] in (["is"], ["was"]):
        name = list(takewhile(lambda t: t[:1].isupper() and t.lower() not in STOP, dropwhile(
            lambda t: t[:1].islower(), found[at + 2:at + 6])))
        aged = [b for a, b in zip(found, found[1:]) if a.lower() in ("she's", "he's", "aged", "age") and b.isdigit()]
        if name:
            return " ".join(name) + (f", {aged[0]}" if aged and "age" in hint else "")
    return None


def _said_anywhere(part: Section, said: Sequence[Statement]) -> list[str]:
    """A blank's value no line of its section gave: the field as the note before gave it ("Traveller: Zara Holt",
    summarized again), the value a sentence another field took says after this one's word ("my car is a 2012 Toyota
    Yaris" beside "My name is Hattie Lowe"), the speaker's own name for a field for the speaker, or a value of a kind
    (a phone number, a place, a date or a time) from any sentence: the user's latest, or the helper's for a date or a
    time ("An engineer can come Thursday at 2:10pm")."""
    kind = _kind_of(part.heading) or (_kind_of(part.description) if part.blank else None)  # ("Price: <current monthly price>")
    kept = [v for s in said if s.role == "note" and (v := _read_back(part, s.text))]
    if part.blank and kept:
        return kept[-1:]
    named = set(words(part.heading))
    told = [v for s in said if part.blank and s.role == "user" and not asks(s) and named & s.stems and (
        v := _value(part, s.text)) and v != s.text]
    if told:
        return told[-1:]
    if part.blank and kind in (None, "org") and part.kind in (None, "name", "people") and "name" in part.description.lower(
            ).split() and named & _SELF_ROLES:
        return [who for s in said if s.role == "user" and (who := _person(s.text))][:1]
    return [v for s in said if kind in ("phone", "place", "time", "date", "money", "email") and s.role in ("user", "note") + (
        "assistant",) * (kind in ("time", "date", "money")) and not asks(s) and (v := _value(part, s.text))][-1:]


def _latest(part: Section) -> bool:
    """Whether a blank asks for a value as it stands now ("Price: <current monthly price>", "Date: <final date>")."""
    told = part.heading.replace("_", " ") + " " + part.description
    return bool({"current", "latest", "final", "now", "updated", "new"} & {t.lower() for t in tokens(told)}) or (
        "after any change" in told.lower())  # (final_price too; "Pickup date: the final agreed pickup date (after any
    # changes)"; "Date: (after any change)")


#: What opens a question that asks whether something is so ("Is the alarm code 9182?"): it tells no value.
_ASKING_IF = frozenset("is are was were do does did can could will would should has have".split())


def _keyed(part: Section, said: Sequence[Statement], siblings: frozenset[str] = frozenset()) -> list[str]:
    """A key's value as the user's latest sentence naming the key's last word gives it after that word ("And the gate
    code is 4471" for ``access_code``: 4471; "Account number is RC-5582" for ``account``), else none (a person's key
    is their name, not "student number 2023-4471")."""
    named = words(part.heading.replace("_", " "))
    head, plain = (named or [""])[-1], replace(part, kind=None)  # (read after its word)
    short = set(_ABBREVIATED.get(head, ()))  # "ref MB-H-0923" for reference
    clauses = [(len(set(named) & set(words(c))), c) for s in said if head and part.kind not in ("people", "name") and s.role in (
        "user", "note") and (head in s.stems or short & s.stems) and (not asks(s) or [t.lower() for t in tokens(s.text)[:1]] not in [
            [w] for w in _ASKING_IF]) for parts in [s.text.replace(" and ", ", ").split(", ")] for at, c in enumerate(parts) if (
                head in words(c) or short & set(words(c))) for c in [
                   c if facts(c) else ", ".join(parts[at:at + 2])]]  # ("my mobile is wrong, it's 07911 123465"; "The alarm code is 9182 and the
    clauses = [(n, c) for n, c in clauses if n == len(set(named)) or not set(words(c)) & siblings]  # (a clause of
    best = max((n for n, _ in clauses), default=0)  # another key's word is that key's: "Alarm code 9182" is no gate_code)
    return [v for n, c in clauses if n == best and (v := _value(plain, c) if head in words(c) else _shortened(part, c, short)) and (
        v != c) and len(v.split()) <= 4 and facts(v)][-1:]  # ("The alarm code is 9182 and the gate code is 4471": each code its own; "Customer account is
    # KP-3301, can you send someone?": a question may say one too, not "Is the alarm code 9182?")


#: Units and currencies a result's field name may end in ("quote_gbp", "weight_kg").
_UNIT_WORDS = stem_set("gbp usd eur kg g cm mm m km ml l mins minutes hours days pct percent")


def _tool_field(part: Section, said: Sequence[Statement]) -> list[str]:
    """A key's value as the latest tool result giving a field of the same words gives it (``warranty_until`` of a
    lookup's ``{"warranty_until": "2025-03-31"}``, read as "warranty until: 2025-03-31"), else none."""
    named = words(part.heading.replace("_", " "))
    users = [s.text for s in said if s.role == "user"]
    named_someone = named == [stem("name")] and any(map(_name_runs, users))  # (a product's "name" is no customer's the user
    return [value for s in said if named and s.role == "tool" and (pair := s.text.partition(": "))[1] and (key := words(  # named)
        pair[0].replace("_", " "))) and (key == named or set(named) < set(key) and set(key) - set(named) <= _UNIT_WORDS) and (
            value := pair[2].strip()) and (not named_someone or any(value in text for text in users))][-1:]  # (a "Quote" row of
    # "quote_gbp: 210")


def _shortened(part: Section, clause: str, short: frozenset[str] | set[str]) -> str:
    """The value after a key's short form in ``clause`` ("mob 07700 900456 - Ravi Shah": 07700 900456 of mobile), of
    the key's kind when it has one."""
    found = tokens(clause)
    word = next((t for t in found if stem(t.lower()) in short), "")
    return _typed(part.heading, clause.partition(word)[2]) or _value(replace(part, kind=None, heading=word), clause)


#: A key's last word as people shorten it ("ref" for reference, "tel" for telephone).
_ABBREVIATED = {stem(word): stem_set(short) for word, short in (("reference", "ref"), ("telephone", "tel"), ("number", "no"),
                                                                 ("mobile", "mob"), ("address", "addr"))}
#: Words that say a value was changed ("make pickup 21/03 instead", "Pickup moved to 21 March").
_MOVES = frozenset("changed change moved move instead actually make now updated rescheduled postponed wait sorry switched "
                   "brought pushed".split())


def _moved(part: Section, said: Sequence[Statement]) -> list[str]:
    """The latest date of a date field's thing, when more than one sentence naming it gives one ("pickup on 14 March
    works?", then "make pickup 21/03 instead" and "Pickup changed to 21 March": 21 March), else none."""
    own = set(words(part.heading.replace("_", " "))) - stem_set("date dates day when agreed final new")
    dated = [(v.rpartition(" to ")[2], asks(s), k and bool(_lower(s) & _MOVES)) for k, s in enumerate(
        s for s in said if own and _kind_of(part.heading) == "date" and s.role in ("user", "note", "assistant") and own <= (
            s.stems)) if (v := _typed(part.heading, s.text))]  # ("booked on 30 April for 6 May": 6 May)
    told = [v for v, asked, moved in dated if not asked and moved]  # (a date only asked about is no date set; a later
    return told[-1:] if len({v for v, _, _ in dated}) > 1 else []  # one must say it changed: not "The letter was sent on 20 April")


def _values(part: Section, lines: Sequence[str]) -> list[str]:
    """The values a field's lines give (:func:`_value`), each once: those read off a line ("departing 21 May": 21 May)
    before whole lines."""
    pairs = [(v, v != line or part.kind) for line in lines if (v := _value(part, line))]
    named = set(words(part.heading)) if part.blank and (part.kind == "people" or "name" in part.description.lower().split(
        )) else set()  # "Passenger: <name>": the one
    told = [v for line in lines if named & set(words(line)) and (v := _value(part, line)) and v != line]  # "my passenger is"
    return list(dict.fromkeys(told or [v for v, own in pairs if own or not any(dict(pairs).values())]))  # names, not the
    # speaker


def _when(statement: Statement) -> str:
    """The time a sentence names, as written ("can we do Thursday at 5pm?": "Thursday at 5pm"), or ``""``."""
    found, best = tokens(statement.text), ""
    for at, word in enumerate(found):  # from a day, a month or a clock time on
        clock = word[:1].isdigit() and (word[-2:].lower() in ("am", "pm") or ":" in word)
        if clock or stem(word) in _DAYS and (word.lower() != "may" or at and word == "May"):
            run = list(takewhile(lambda t: _is_time(t) or t.lower() in ("at", "on", "the", "of"), found[at:at + 6]))
            while run and not _is_time(run[-1]):
                run.pop()
            best = max(best, " ".join(run), key=len)
    return best


def _names(text: str, kin: bool = False) -> list[str]:
    """The capitalised words of a sentence that are no stop words and hold no digit ("Jonas is vegetarian": Jonas);
    with ``kin``, only those after a word that says a person follows ("my partner Jonas", "me (Elif)", "Mrs Okafor")."""
    found = tokens(text)
    return [t for at, t in enumerate(found) if t[:1].isupper() and t.lower() not in STOP and not facts(t)
            and stem(t) not in _TIME and (
        not kin or at and stem(found[at - 1]) in _KIN and t.lower() not in _KIN)]


def _place(said: Sequence[Statement], sections: Sequence[Section], bodies: dict[str, list[str]],
           loose: bool) -> list[tuple[str, str]]:
    """Adds each of the user's reports that no section holds to the section that plausibly does: where the sentence
    before went ("And decide on a day trip"), the people's section if it names one of them ("Jonas is vegetarian"),
    else the section of no kind sharing the most words, or related ones ("Mistakes" ~ "wrong"), else one that takes
    any fact ("Topics covered"), else (``loose``: not a form of one value a field) the issue's ("Problem", "Goal"),
    but for a greeting, an introduction or a plain "No, ..." ("It started on Monday": the issue's); where no section
    takes it, the context's. Returns those last ones: the first a word budget cuts."""
    people = "\n".join(line for s in sections if s.kind == "people" for line in bodies[s.heading])
    named = {s.heading for s in sections if s.kind == "context" and bodies[s.heading]}  # it names a product
    catch = next((p.heading for p in sections if p.kind in (None, "context") and set(words(p.heading)) & (
        _CATCH_ALL | {stem("context")})), "")
    spare = next((p.heading for p in sections if p.kind == "context" and (len(words(p.heading)) > 1 or set(words(
        p.heading)) & stem_set("environment context setup background situation"))), "") if loose else ""  # (a broad one:
    # "Product and environment", not "Product: the boiler model")
    general = next((p.heading for p in sections if p.kind == "issue" and not _qualifiers(p, sections)), catch) if loose else ""  # "Problem", "Goal";
    # else a section for any fact ("Context", "Other"); the issue's takes what was told first or as one was reported
    issues = [s for s, _ in _issues([s for s in said if s.role in ("user", "note")])]
    told = {1} | {turn for s in issues for turn in (s.turn, s.turn + 1)}
    first = sections[0].heading if loose and sections and sections[0].kind is None and not _kind_of(
        sections[0].heading) else ""  # (not "Budget": it holds an amount)
    home, before, spared = "", -1, []  # where the sentence just before went ("Thanks, that worked. Also..." goes on its
    # own)
    answered = tuple(_named_when_asked(said))  # (a name given when asked is no fact to file: "Priya Shah.")
    for s in (s for s in said if s.role in ("user", "note") and not asks(s) and len(s.stems) >= 2 and not _restates(
            s, [i for i in issues if i.order < s.order]) and not (answered and s.text.startswith(answered))):
        line = _said(s)
        held = next((h for h, body in bodies.items() if any(line[:40] in b for b in body if b[:12] != "Follow up on")),
                    "")  # a line to follow up on leaves the fact to be filed too
        if not held:
            topics = {part.heading: set(words(f"{part.heading} {part.description}")) for part in sections
                      if part.kind is None} or {part.heading: set(_CATCH_ALL) for part in sections if part.kind == (
                          "context") and (s.role == "note" and part.heading not in named or not any(_is_problem(
                              s) for s in said if s.role in ("user", "note")))}  # of a chat whose user reports no
            # problem (a tool's "No plan for April" is none), the context ("Product and environment") holds what the
            # user told of themselves, and what an earlier note held there stays (of a chat naming no product: a
            # farm's "The maturing cave is kept at 12 degrees" after "We lost two cows to mastitis"); else a section
            # of a kind
            if not topics and not (catch and general):  # holds only what its rule finds; else what the user told
                noted = "\n".join(line for body in bodies.values() for line in body)
                if spare and not (facts(s.text) and all(v in noted for v in facts(s.text)) and len(words(s.text)) - len(
                        facts(s.text)) <= 4):  # of the thing at hand lands
                    bodies[spare].append(line)  # with the context ("Product and environment": "The budget is 420 pounds",
                    # "He chose dark green goatskin"), not nowhere (a line whose values a section holds adds nothing)
                    spared.append((spare, line))
                    home, before = spare, s.order
                    continue
                if spare:  # (the next line may still say something new: "My neighbour Greta Holm ... 85 covers")
                    continue
                break
            scores = {h: len(s.stems & (topic | related(topic))) for h, topic in topics.items()}
            best = max(scores, key=scores.get, default="")
            near = "" if _person(s) or tokens(s.text)[0].lower() in ("no", "hi", "hello", "hey") or (
                general != catch and s.turn not in told) else general  # "It started on Monday" (not "I fly light")
            also = before == s.order - 1 and tokens(s.text)[0].lower() in ("and", "also", "plus")
            held = (home if home and also else next(
                (p.heading for p in sections if p.kind == "people" and any(n in people for n in _names(s.text))),
                best if scores.get(best) else next((h for h, topic in topics.items() if topic & _CATCH_ALL), near) or (
                    first if s.turn == 1 and s.role == "user" and not _introduces(s) and not _is_problem(s) else "")))
            # what the chat is about, in the prompt's first section ("## Booking"), unless it reports a problem
            if held:
                bodies[held].append(line)
        home, before = held, s.order
    return spared


def _qualifiers(section: Section, sections: Sequence[Section]) -> set[str]:
    """The words that narrow an issue's section when a prompt asks for two or more ("Refund requests", "Complaints
    about staff": refund, staff): each holds only the issues that say them (or a related word); else none."""
    return set(words(section.heading)) - ARCHETYPES["issue"] - _CATCH_ALL - {stem(w) for w in STOP} if sum(
        p.kind == "issue" for p in sections) > 1 else set()


def _issues(users: Sequence[Statement]) -> list[tuple[Statement, bool]]:
    """Each problem the customer reported, and whether one of their next four messages says it is solved;
    without a problem word, their first sentence that is not a question or a preference stands for it."""
    problems = [s for s in users if _is_problem(s)]  # each once: not "Still nothing.", "Same crash." again
    found = [(s, any(s.turn < t.turn <= s.turn + 4 and not _is_problem(t) and not _lower(t) & {"need", "must", "want"}
                     and (_lower(t) & SOLVED or "all good" in t.text.lower()) for t in users))  # not "I need it fixed"
             for at, s in enumerate(problems) if not _restates(s, problems[:at])]
    return found or [(s, False) for s in users if len(s.stems) >= 2 and not _prefers(s)
                     and not s.text.rstrip().endswith("?") and not _introduces(s)][:1]


def _restates(statement: Statement, before: Sequence[Statement]) -> bool:
    """Whether a short sentence tells nothing new: only that nothing changed ("Still nothing.", "Done, no luck.") or
    what ``before`` said ("Same crash.", "Still F05.")."""
    new = set(words(statement.text)) - _NEWS
    return len(new) <= 2 and new <= set().union(*(words(s.text) for s in before))


def _introduces(statement: Statement) -> bool:
    """Whether a sentence only says who someone is ("Hi, I'm Jonas Weber, 41 years old"): no problem to report."""
    rest = set(words(statement.text)) - set(words(_person(statement))) - set(words(statement.text.partition(" from ")[2].split(
        " and ")[0].split(",")[0]))  # (not "... from Brightside Print and our posters came out blurry")
    named = {stem(t) for t in tokens(statement.text)[1:] if t[:1].isupper()}  # "I'm Ana Ruiz from Greyfriars Primary"
    # (or "from Kettle Saints records": where they are from)
    return bool(_person(statement)) and all(w.isdigit() or w in _TIME or w in named or w in stem_set(
        "name year old born good customer member account client number group team office department company lab")
        for w in rest)  # "My name is Ana Ruiz, born
    # 3 February 1979", "I'm Priya Raman, customer number 55018"


#: What a number counts, after it ("3 days ago", "15 minutes late"): no group of an identifier's digits.
_COUNTED = frozenset("day days minute minutes min mins hour hours week weeks month months year years item items time "
                     "times people pieces piece euros dollars pounds ago km miles kg".split())
_MOVED = frozenset("pushed postponed rescheduled".split())  # "Change of plan: the firing got pushed to Saturday the 11th"
_FIXES = frozenset("sorry actually correction mistyped meant".split()) | _MOVED  # words that say a sentence corrects


#: The words of an assistant's sentence that books or arranges a thing: its own later "Moved to ..." corrects it.
_BOOKED_WORDS = frozenset("booked booking scheduled arranged collection pickup appointment reserved".split())


def _own_move(fix: Statement, old: Statement) -> bool:
    """Whether the assistant's ``fix`` ("Moved to Friday 13 June.", "No problem, collection moved to ...") moves what
    ``old`` booked: every word around its verb, up to "to", is one of ``old``'s (not "I moved your address to ...", "The
    courier rescheduled the parcel to ...")."""
    low = [t.lower() for t in tokens(fix.text)]
    verb = next((k for k, t in enumerate(low) if t in ("moved", "rescheduled", "changed")), None)
    if verb is None:
        return False
    to = next((k for k in range(verb + 1, len(low)) if low[k] in ("to", "for")), len(low))
    around = set(low[:verb] + low[verb + 1:to]) - {"no", "problem", "ok", "okay", "sure", "done", "the", "it", "that", "has",
                                                    "been", "is", "now", "all", "i've", "we've", "your", "great", "right",
                                                    "lovely", "perfect", "thanks", "i", "we", "have"}
    return {stem(w) for w in around} <= old.stems | {stem(w) for w in _BOOKED_WORDS | {"booking", "visit", "service"}}


def _corrected(said: Sequence[Statement], history: bool = False) -> list[Statement]:
    """The statements with each correction's new value written into the one earlier sentence it corrects (the one
    sharing most of its words, the latest of equals), by the word before the value or an identifier's prefix ("my exam
    is on June 12", "Sorry, the exam is on June 19": "my exam is on June 19"); a correction so applied is dropped.
    "February revenue was actually $17,910" corrects February's revenue, not January's. The assistant's own "Moved to
    Friday 13 June." corrects what it booked, unless the note is a ``history`` (a timeline keeps each event as said)."""
    out, superseded = list(said), set()
    for fix in said:
        new = tokens(fix.text)
        low = [t.lower() for t in new]
        plain = [t for t in low if t != "the"]  # ("not the 14th": the 14)
        undone = {b.removesuffix("st").removesuffix("nd").removesuffix("rd").removesuffix("th") if b[:1].isdigit() else b
                  for a, b in zip(plain, plain[1:]) if a == "not" and facts(b)}  # "it will be 9 people, not 7": a "7"
        undone |= {c for a, b, c in zip(plain, plain[1:], plain[2:]) if a == "not" and not facts(b) and facts(c)}  # ("not
        # Trench 5": the 5)
        head = fix.text.replace(";", ":").replace(",", ":").replace(" - ", ":").split(":")[0]
        taken = set(words(" ".join(tokens(head)[1:4]))) - {"that", "this"} if low[:1] in (["scratch"], ["forget"]) and (
            fix.role == "user") and ("instead" in low or "rather" in low or low[1:2] == ["that"]) else set()  # "Scratch the
        # goatskin: ...
        # calfskin instead": what said the goatskin is gone (not "Forget the garden for now")
        mentions = [old for old in out if old.order < fix.order and old.role in ("user", "note") and taken & set(words(
            old.text)) and old is not fix]  # the plan said of it ("Book the Italian restaurant", "He chose dark green
        plans = [old for old in mentions if _lower(old) & _PLANS or tokens(old.text)[0].lower() in _PLANS]  # goatskin"),
        # else the latest
        if low[:2] in (["scratch", "that"], ["forget", "that"], ["ignore", "that"]) and fix.role == "user":  # "Scratch
            def kinds(text: str) -> set[str]:  # that. The budget is 500 pounds.": what was said just before; ", use
                return {_form(v) for v in facts(text)} - {""} | ({"@"} if "@" in text else set())
            before = [old for old in out if old.order < fix.order and old.role == "user" and not asks(old)]
            plans = [old for old in before if kinds(fix.text) & kinds(old.text)][-1:] or before[-1:]
            # jo@y.com": the statement of a value of its kind (the email, not the phone said after it)
        if gone := (plans or mentions)[-1:]:
            superseded.add(gone[0].order)
            out = [s for s in out if s.order not in superseded]
            continue
        made = any([a, b] in (["make", "it"], ["make", "that"]) for a, b in zip(low, low[1:]))  # "07:30 is too early;
        if _chosen(fix, out):
            continue  # "Please refund ORD-44121, not ORD-44120", both said before: a choice, no correction
        switched = low[:1] in (["switch"], ["move"]) and "to" in low and any(t in _WEEKDAYS for t in low)  # "Switch training to
        moved = not history and fix.role == "assistant" and _lower(fix) & {"moved", "rescheduled", "changed"} and bool(facts(fix.text)) and any(
            s.role == "assistant" and s.order < fix.order and set(facts(s.text)) and _lower(s) & _BOOKED_WORDS for s in out)
        # ("Booked for Thursday 12 June." then the assistant's own "Moved to Friday 13 June.")
        if not moved and (fix.role != "user" or not (_lower(fix) & _FIXES or {"changed", "mind"} <= _lower(fix) or undone or made or switched)):  # make it 14:00"
            continue  # ("I changed my mind about the colour, I'm switching to Rust Orange"; "sleeves by 2 cm, not 3")
        shared = [{one for one in old.stems & fix.stems - _FIXES if "'" not in one and not facts(one)} for old in out]
        weak = not _lower(fix) & (_FIXES - _MOVED) and "mind" not in _lower(fix) and not switched  # "got pushed to Friday" says less than
        # "Actually, ...": of a
        whose = of_someone_else(fix.text)  # "Sorry, my reference is ...": the speaker's own, not the sister's; an
        # earlier message's, not the reason said with it ("3 June is sports day. Make it 5 June instead.")
        forms = {_form(v) for v in facts(fix.text)} - {""}  # ("a 1/2 size" corrects "a 3/4 size", not "she's 9")
        pointing = _after_values(fix.text) if {"it", "it's"} & set(low[:3]) else set()  # "Actually it has been moved to
        # 29 May": what was said last of a day of May
        latest = max((old.order for old in out if old.order < fix.order and old.role == "user" and pointing & _after_values(
            old.text)), default=-1)
        def held(text: str) -> set[str]:  # a sentence's words, and the number of "64kg" too ("66 kg not 64")
            return {t.lower() for t in tokens(text)} | {t.lower().lstrip("£$€").rstrip("abcdefghijklmnopqrstuvwxyz") for t in tokens(
                text) if t.lstrip("£$€")[:1].isdigit()}  # ("£119 a month" of "not 119")

        shares = [(old.turn != fix.turn or old.role != "user", bool(undone & held(old.text)),
                   of_someone_else(old.text) == whose, bool(forms & {_form(
            v) for v in facts(old.text)} or old.order == latest), mistyped(old.text, fix.text), len(same), old.role != "assistant", old.order, at) for at, (
                old, same) in enumerate(zip(out, shared))
                  if old.order < fix.order and old.role in ("user", "note", "assistant") and (pointing and old.order == latest or (
                      not pointing or latest < 0) and same - _TIME and (
                      not weak or len(same - _TIME) >= 2) or undone & held(old.text) or made and set(facts(
                          old.text)) & set(facts(fix.text)) and old.role != "tool" or mistyped(
                          old.text, fix.text) or moved and old.role == "assistant" and bool(_lower(old) & _BOOKED_WORDS) and (
                              _own_move(fix, old)))]  # sentence
        # saying two of its words ("the bisque firing"), or the value it says is no more
        if not shares:
            continue
        at = max(shares)[-1]
        old = out[at]
        text, found, codes = old.text, tokens(old.text), []
        for i, value in ((i, v) for i, v in enumerate(new) if facts(v) and v not in found):
            ways = []  # each old value it may replace, the best aligned first (the same unit or month after it)
            for j, was in ((j, w) for j, w in enumerate(found) if facts(w)):
                unit = was.lower().lstrip("0123456789.,") if was[:1].isdigit() and value.replace(".", "").isdigit() else ""
                month_now = next((t for t in new[i + 1:i + 3] if t.lower() in CALENDAR and t[:3].lower() in MONTHS), "")
                if was.isdigit() and was in undone and value[:-2].isdigit() and value[-2:].lower() in ("st", "nd", "rd", "th") and (
                        not month_now or month_now.lower() in [t.lower() for t in found[j + 1:j + 2]]):
                    ways.append((0, was, value[:-2]))  # "the 21st of March now, not the 14th" of "on 14 March 2025": 21
                    continue
                core = was.lower().rstrip("abcdefghijklmnopqrstuvwxyz")  # "5:15pm" of "5:30 not 5:15": 5:30pm
                if not unit and core != was.lower() and core in undone and value[-1:].isdigit() and _form(core) == _form(value):
                    ways.append((0, was, value + was[len(core):]))
                    continue
                if unit and unit.isalpha() and was[:len(was) - len(unit)].lower() in undone:  # "64kg" of "66 kg not 64"
                    ways.append((0, was, value + was[len(was) - len(unit):]))
                    continue
                if was.lower() in undone and _form(was) == _form(value) or old.order == latest and _form(was) == _form(value) != "":
                    ways.append((0, was, value))  # "Oskar's chest is 44, not 42": the 42; "Actually it has been moved to
                    continue  # 4pm": the latest time said
                after = [*new[i + 1:i + 2], *found[j + 1:j + 2]]
                joined = not (after[0].islower() and after[0] in STOP) or (new[i + 2:i + 3] or [""])[0].lower() == (
                    found[j + 2:j + 3] or [""])[0].lower() if after else True  # "£20 for adults" is not "£9 for juniors"
                if len(after) == 2 and after[0].isalpha() and after[0].lower() in map(str.lower, found[j + 1:j + 3]) and joined and (
                        f"{was} {found[j + 1]}" in text):  # (as written: not "S20417 and" of "S20417, and")
                    ways.append((0, f"{was} {found[j + 1]}", f"{value} {found[j + 1]}"))  # "95 degrees" → "105
                    # degrees", "3 May" → "4 May", "48 weather stations" → "52 weather stations"
                elif len(after) == 2 and all(m[:1].isupper() and m.lower() in CALENDAR for m in after):  # "on 30
                    ways.append((1, f"{was} {found[j + 1]}", f"{value} {new[i + 1]}"))  # September" → "on 31 October"
                elif i > 1 and j > 1 and new[i - 1].lower() == found[j - 1].lower() and {new[i - 2].lower(), found[
                        j - 2].lower()} <= CALENDAR:  # "Thursday the 9th" → "Saturday the 11th"
                    ways.append((2, " ".join(found[j - 2:j + 1]), " ".join(new[i - 2:i + 1])))
                elif i and j and new[i - 1].lower() == found[j - 1].lower():  # "June 12" → "June 19"
                    ways.append((2, f"{found[j - 1]} {was}", f"{found[j - 1]} {value}"))
                elif was.rstrip("0123456789-") and was.rstrip("0123456789-") == value.rstrip("0123456789-") and (
                        was.rstrip("0123456789-")[-1:].isalpha()):
                    ways.append((3, was, value))  # "ORD-1" → "ORD-2", "BA117" → "BA119" (not "$18" → "$17")
                elif mistyped(was, value, codes=False):  # (in the sentence it corrects: a time too, "15:00" → "15:30")
                    ways.append((3, was, value))  # "77-3301" → "77-3310": the digits swapped
                elif i and new[i - 1].lower() == "to" and j and _form(was) == _form(value) != "" and stem(found[j - 1]) in (
                        fix.stems) and found[j - 1][:1].isalpha() or i > 1 and [w.lower() for w in new[i - 2:i]] in (
                            ["make", "it"], ["make", "that"]) and _form(was) == _form(value) != "" and was in fix.text:
                    ways.append((4, was, value))  # "run order has been moved to 21": the run order's 17; "07:30 is too
                    # early; make it 14:00": the 07:30
            if ways:  # one value replaced by one ("I fly out on 4 May": not the return on 10 June too)
                _, was, then = min(ways, key=lambda way: (not held(way[1]) & undone, way[0], _far(
                    text, way[1], fix.text)))  # (of two, the one after the thing named: "the Site B visit moves to 18 April")
                # (the value it says is no more first: "Trench 4, not Trench 5" of "Trench 3 ...; Trench 5 ...")
                day = (text[:text.find(was)].split() or [""])[-1]  # "Saturday 12 October" → "Sunday 13 October": the
                named = next((t for t in new[max(0, i - 2):i][::-1] if t.lower() in _WEEKDAYS), "")  # ("sunday the 13th")
                if i and day.lower() in _WEEKDAYS and named and named not in then:  # day too
                    was, then = f"{day} {was}", f"{named} {then}"
                spot = _nearest(text, was, fix.text)  # of two "10"s, the one of the place named ("12 copies at Paper
                text = text[:spot] + then + text[spot + len(was):] if spot >= 0 else text  # Trail, not 10")
                codes += [(was, then)] * mistyped(was, then)  # (a code mended is mended wherever it was said)
        days = [[t for t in tokens(one) if t.lower() in _WEEKDAYS] for one in (fix.text, text)]
        if text == old.text and len(days[0]) == 1 and len(days[1]) == 1 and days[0] != days[1] and (
                fix.role == "user" and old.role in ("user", "note")):  # "Actually switch training to Thursday" of "Our
            text = text.replace(days[1][0], days[0][0], 1)  # preferred training night is Wednesday"
        named, was = _name_runs(fix.text), _name_runs(old.text)
        unsure = _lower(fix) & {"maybe", "perhaps", "might", "possibly"}  # "maybe Dr Amira Khan" changes nothing yet
        named = [n for n in named if not set(n.removesuffix("'s").removesuffix("’s").split()) <= set(" ".join(was).split())]
        # ("Nell's run order": Nell is who it is of, not a new name; "Prof Varghese's travel" is Prof Sunita Varghese's)
        kind = (tokens(old.text[:old.text.find(was[0])]) or [""])[-1] if len(was) == 1 else ""  # "daughter" of "my
        if text == old.text and len(named) == 1 and len(was) == 1 and named != was and not unsure and (not kind.isalpha() or (
                stem(kind.lower()) in words(fix.text) or kind.lower() in STOP)):  # daughter Ada": not "Her teacher, Mr Okafor";
            # a new name for the one named
            text = text.replace(was[0], named[0], 1)  # ("in the colour Moss Green" → "in the colour Rust Orange")
        before, instead, after = fix.text.rstrip(".!?").partition(" instead of ")
        gone = after.split(",")[0].strip().split(" ")  # "make the sky a warm amber instead of pale blue": "pale blue"
        if text == old.text and instead and 0 < len(gone) <= 3 and " ".join(gone) in text:
            text = text.replace(" ".join(gone), " ".join(before.split(" ")[-len(gone):]), 1)  # by as many words before
        applied = text != old.text
        if applied:  # (and where the same sentence is said again: a note's copy of it)
            stems = old.stems - frozenset(words(old.text)) | frozenset(words(text))
            out = [replace(s, text=text, stems=stems, said=fix.text if " not " in f" {fix.text.lower()} " else s.said) if (
                s.text == old.text and s.order < fix.order) else s for s in out]  # (what it undoes: "..., not BK-90412")
            for was, then in codes:  # "student number S20417" in an earlier note's list too
                out = _mended(out, was, then, fix.order)
        elif old.role != "assistant" and len(old.text.split()) <= 8 and any(
                _form(was) == _form(value) != "" and was != value and not (
                    "-" in was or any(c.isalpha() for c in was.lower().rstrip("km")))  # an amount, not a code
                for was in facts(old.text) for value in facts(fix.text)):
            superseded.add(old.order)  # "Our budget is 18k.", then "Actually, the budget is now 12k since...": the
            # new value, said its own way, replaces the old short sentence
        confirmed = any(s.role == "assistant" and s.order > fix.order and set(facts(s.text)) & set(facts(fix.text)) for s in out)
        out = [s for s in out if (s is not fix or not applied or old.role == "assistant" and not confirmed) and s.order not in (
            superseded)]  # (a correction of the helper's line the helper never confirmed stays the user's: "The date is
        # wrong - it's 5 May" of "Booked 3 May 10:00.")
    undone = {b.lower() for s in said if s.role == "user" and s.fixed for a, b in itertools.pairwise(tokens(s.said)) if (
        a.lower() == "not" and facts(b))}  # "Sorry, the postcode is DM4 7QX, not 7QT": an earlier note's bare "DM4 7QT" goes
    out = [s for s in out if not (s.role == "note" and not wording(s.text) and tokens(s.text)[-1:] and tokens(s.text)[
        -1].lower() in undone)]
    fixes = {wording(s.text): s for s in out if s.fixed}  # a correction the reader wrote whole ("On exam, knee flexion is
    newer = {s.order: fix for s in out if not s.fixed and s.role in ("user", "note") and (fix := fixes.get(wording(s.text))) and (
        fix.order > s.order) and (len(wording(s.text)) >= 3 or {t.lower() for t in tokens(s.text)} & undone)}  # 105 degrees."):
    # in the place of the sentence it corrects (a short one, when it holds the value undone: "About 80 guests.")
    for fix in (s for s in out if s.fixed and " not " in s.said.lower()):  # "the venue is the Rowing Club, not the Golf
        gone = fix.said.lower().partition(" not ")[2].replace(" - ", ",").replace(";", ",").split(",")[0].strip(
            " .!?").removeprefix("the ")  # Club": the sentence it was (not what follows a dash: "not slate - the barn is ...")
        for s in (s for s in out if s.order < fix.order and not s.fixed and s.role in ("user", "note") and gone and (  # made
                at := s.text.lower().find(gone)) >= 0):  # of, the one with "Golf Club" in the place of "Rowing Club"
            if fix.text.startswith(s.text[:at]) and fix.text.rstrip(" .").endswith(s.text[at + len(gone):].rstrip(" .")):
                newer.setdefault(s.order, fix)
    for fix in (s for s in out if s.fixed and " not " in s.said.lower()):  # "Sorry, my card is LC-30581, not LC-30518": the
        for gone, then in ((b, i) for a, b in itertools.pairwise(tokens(fix.said)) if a.lower() == "not" and identifiers(b)
                           for i in identifiers(fix.text) if _form(i) == _form(b) and i != b):  # old code wherever said
            out = _mended(out, gone, then, fix.order)
    return [replace(s, text=newer[s.order].text, stems=newer[s.order].stems, said=newer[s.order].said) if s.order in newer
            else s for s in out if s not in newer.values() and not (s.fixed and fixes[wording(s.text)] is not s and (
                fixes[wording(s.text)].order > s.order))]  # (of two corrections of one sentence, the sentence with both)


#: Words by which the user changes what they said before ("Update: Prof Marr has declined", "drop the Dendrobium").
_CHANGES = _FIXES | {"update", "instead", "withdraw", "cancel", "drop", "scratch"}
#: First words of a reply that confirms a change ("Updated: the viva is on 29 May.", "Done, the patina is now ...").
_CONFIRMS = frozenset("updated corrected changed moved done understood cancelled withdrawn removed rescheduled".split())


def _changed(statement: Statement, said: Sequence[Statement]) -> str:
    """A change the user made, as the reply of its turn confirms it when one does ("Update: Prof Marr has declined."
    answered "Updated: the external examiner is now Prof Sunita Varghese."), else as the user said it."""
    reply = next((s for s in said if s.role == "assistant" and s.turn == statement.turn and s.order > statement.order and (
        tokens(s.text)[:1] and tokens(s.text)[0].lower() in _CONFIRMS) and len(tokens(s.text)) >= 3), None)  # (not "Updated.")
    return _said(reply) if reply else _short(statement.said) if statement.said else _said(statement)


def _far(text: str, value: str, fix: str) -> tuple[bool, int]:
    """How far ``value`` is said in ``text`` from the word of ``fix`` that ``text`` says once (the "B" of "the Site B
    visit moves to 18 April" in "The Site A visit is on 4 April and the Site B visit is on 11 April"): a value after it
    first, then the nearest."""
    said = tokens(text)
    once = [t for t in tokens(fix) if said.count(t) == 1 and t.lower() not in STOP - {"a"} and not facts(t)]
    anchor = next((at for t in once for at in whole_words_at(text, t)), None)
    at = text.find(value)
    return (True, 0) if anchor is None or at < 0 else (at < anchor, abs(at - anchor))


def _nearest(text: str, value: str, fix: str) -> int:
    """Where ``value`` is said in ``text`` (the first time, or of several times, the one nearest the word of ``fix``
    that ``text`` says once: the "10" of "... and 10 at Paper Trail" for "12 copies at Paper Trail, not 10")."""
    spots = [at for at in whole_words_at(text, value)] or [text.find(value)]
    said = tokens(text)
    once = sorted((t for t in tokens(fix)[1:] if said.count(t) == 1 and t.lower() not in STOP - {"a"} and not facts(t)), key=lambda t: (
        not t[:1].isupper()))  # (a name first)
    anchor = next((at for t in once for at in whole_words_at(text, t)), None)
    return spots[0] if anchor is None or len(spots) == 1 else min(spots, key=lambda at: abs(at - anchor))


def _after_values(text: str) -> set[str]:
    """The words just after a sentence's values: what they count or date ("moved to 12 June": "june")."""
    found = tokens(text)
    return {b.lower() for a, b in itertools.pairwise(found) if a in facts(text) and b.isalpha()} | {
        "o'clock" for t in found if _is_time(t) and (":" in t or t[-2:].lower() in ("am", "pm"))}  # ("moved to 2pm": a time)


def _mended(said: Sequence[Statement], gone: str, then: str, before: int) -> list[Statement]:
    """The statements with a code a correction replaced (``gone``) written as its new one (``then``) in each of the
    user's and the notes' said before the correction (at ``before``): a code is the same wherever it is said."""
    return [replace(s, text=s.text.replace(gone, then), stems=s.stems - {stem(gone)} | {stem(then)}) if (
        s.order < before and s.role in ("user", "note") and gone in tokens(s.text)) else s for s in said]


def _chosen(statement: Statement, said: Sequence[Statement]) -> bool:
    """Whether a sentence picks one of two codes said before rather than correcting one ("Please refund ORD-44121,
    not ORD-44120" after a note listing both)."""
    named = identifiers(statement.said or statement.text)
    return len(named) >= 2 and all(any(i in s.text for s in said if s.order < statement.order) for i in named)


def _cancelled(said: Sequence[Statement]) -> list[Statement]:
    """The statements without those a later cancellation takes back: "Done, the juice pressing on 20 October is
    cancelled." drops "Booked: juice pressing, Sunday 20 October, 1pm to 4pm" (one naming its value and a word of it)."""
    gone: set[int] = set()
    for fix in said:
        values = [v for v in facts(fix.text) if _is_time(v.split()[0]) or any(c.isdigit() for c in v)]
        cancels = _lower(fix) & {"cancelled", "canceled"} or {"called", "off"} <= _lower(fix)  # ("called off")
        if not cancels or not values or asks(fix):
            continue  # (a request to cancel is asked; its confirmation cancels)
        thing = set(words(fix.text)) - _TIME - _DAYS - stem_set("cancel cancelled canceled call called off done booking "
                                                                 "booked") - {w for v in values for w in words(v)} - {
            stem(b.lower()) for a, b in zip(tokens(fix.text), tokens(fix.text)[1:]) if a in values}  # ("500 euros")
        thing = {w for w in thing if not any(c.isdigit() for c in w)}  # (its own words, not its date, time or amount;
        coded = [v for v in values if any(c.isalpha() for c in v) and any(c.isdigit() for c in v) and len(v) > 3]  # or
        # its reference alone: "FX-12 was cancelled by the operator")
        gone |= {old.order for old in said if old.order < fix.order and any(v in old.text for v in values) and (
            set(words(old.text)) & thing or any(v in old.text for v in coded) and len(_identifiers(old)) == 1 and not (
                _lower(old) & {"refund", "paid", "invoice", "owed", "pending", "charged"})) and not _lower(old) & {
                "cancel", "cancelled", "canceled"}}  # (of the same thing: not
        # "Hotel in Lisbon booked for 9 May" when the flight on 9 May is cancelled)
    return [s for s in said if s.order not in gone]


def _name_runs(text: str) -> list[str]:
    """The runs of capitalised words of a sentence after its first word: "The yarn is in the colour Moss Green" gives
    "Moss Green" ("I" and the words of a date are none)."""
    runs, found = [[]], tokens(text)
    for at, t in enumerate(found):
        named = at and t[:1].isupper() and t != "I" and t.lower() not in STOP and not facts(t) and stem(t) not in _TIME
        runs += [[]] if not named and runs[-1] else []
        runs[-1] += [t] if named else []
    return [" ".join(run) for run in runs if run]


def _form(value: str) -> str:
    """A value's written form, each digit a 9 ("18k": "99k", "€640": "€999"); empty for a bare number of one digit."""
    form = "".join("9" if c.isdigit() else c for c in value)
    return "" if form == "9" else form


def _answers(said: Sequence[Statement]) -> list[Statement]:
    """The statements, each reply to a question about with the question's words too: after "Any allergies to
    medicines?", "Yes, penicillin gives me a rash" is about allergies; after "Your expected salary?", so is the next."""
    out = [s for s in said]
    for at, (before, s) in enumerate(zip(said, said[1:]), 1):
        if s.role == "user" and before.role == "assistant" and before.asks and not asks(s):
            out[at] = replace(s, stems=s.stems | frozenset(words(before.text)))
    return out


def _clauses(said: Sequence[Statement], sections: Sequence[Section]) -> list[Statement]:
    """The statements, a user's sentence of two facts split at " and " when each side names another section ("I take
    lisinopril and I'm allergic to penicillin": Medications, Allergies), each side with its own words only."""
    topics = [set(words(f"{p.heading} {p.description}")) for p in sections]
    out = []
    for s in said:
        parts = [part.strip(" ,") for part in s.text.partition(" and ")[::2]]
        hits = [{n for n, topic in enumerate(topics) if set(words(part)) & (topic | related(topic))} for part in parts]
        clause = tokens(parts[1])[:1] and tokens(parts[1])[0].lower().split("'")[0] in _SUBJECTS  # "and I'm ..."
        if s.role == "user" and clause and len(parts[0].split()) >= 3 and all(hits) and hits[0] != hits[1]:
            out += [replace(s, text=f"{part[:1].upper()}{part[1:].rstrip('.')}.", stems=frozenset(words(part)) | _tags(
                part))
                    for part in parts]
        else:
            out.append(s)
    return out


def _unsure(statement: Statement) -> bool:
    """Whether a reply leaves its question open ("Sorry, I'm not sure, I'll check with the manager.", "I can't confirm
    it yet.", "that is pending", "the new price is still to be confirmed", "Noted as open: base material")."""
    low = f" {statement.text.lower()}"
    return any(cue in low for cue in ("not sure", "i'll check", "i will check", "don't know", "do not know", "find out",
                                      " as open", " open:")) or low.startswith(" open:") or says_pending(statement.text) or (
        low.rstrip(" .!").endswith((" is open", " are open", " still open")))  # ("Who installs the filter is open.")


#: Words that welcome an answer or take leave, said alone or opening a short reply ("Lovely.", "Great, see you
#: tomorrow."): no name, no fact.
PLEASED = frozenset("lovely great perfect thanks cool nice ok okay brilliant wonderful excellent awesome super fine sure "
                    "right alright cheers fab fantastic splendid marvellous good hmm wow bye goodbye".split())


def _lower_first(statement: Statement) -> str:
    """A statement's first word, in lower case ("Great, see you" → "great")."""
    return (tokens(statement.text) or [""])[0].lower()


def _replies(said: Sequence[Statement]) -> dict[int, Statement]:
    """The first reply to each question of the user, by the question's order, with the question's words too ("What would
    it cost?" "The estimate is £1,150.")."""
    agent = [s for s in said if s.role == "assistant" and not s.text.startswith(_ECHOES)]
    return {s.order: replace(a, stems=a.stems | s.stems) for s in said if s.role == "user" and asks(s) for a in reversed(
        agent) if a.turn == s.turn and a.order > s.order}


#: The words of a section on money ("Price and payments", "Costs", "Budget").
_MONEY = stem_set("price prices cost costs pay payment payments money budget fee fees total quote")


#: What a section of what stands now names ("Current booking", "Final order", "Agreed details").
_PLANNED = stem_set("booking order plan reservation quote details detail arrangement arrangements values hire loan "
                    "registration entry agreement deal terms")
#: Words of a helper's record, not of what it records ("Confirmed: ...", "Added 10 buttonholes"); and a record whole.
_RECORDS = stem_set("confirmed confirm booked book added add reserved reserve updated update scheduled logged noted set "
                    "total in for")
_WHOLE = stem_set("booking order reservation everything all whole")
#: What says a record is no more ("Q-2291 is withdrawn").
_VOID = ("withdrawn", "cancelled", "canceled", "void", "superseded", "replaced", "no longer valid")


def _withdrawn(said: Sequence[Statement]) -> set[str]:
    """The identifiers a line says are no more, in lower case ("Revised quote Q-2292 ... Q-2291 is withdrawn": q-2291)."""
    return {i.lower() for s in said for i in s.identifiers if any(f"{i} {verb} {void}" in s.text for verb in ("is", "was", "has been")
                                                                   for void in _VOID)}


def _current(said: Sequence[Statement]) -> list[str]:
    """What stands now: each line of the helper's that records something ("Revised quote Q-2292: £24,300 for 135 m²",
    "Added a flower crown", "Return method: courier"), not an offer ("I can move you to plot A2") nor a line of what is
    gone or open. A line goes when a later one replaces it (one of the same thing with a new value: "Pattern ridge
    added: £25,400" after "Back to £24,300"; an update, written into the line it updates: "Updated to 64 guests" makes
    "Confirmed: 64 guests on 21 June for Okafor Events"), takes it back ("Removed the buttonholes", "Cancelled the
    booking for Brandt"; not a line that names more than what is taken back: "Confirmed: courts 2 and 5" stands for
    "Withdrawn: court 5"), or when its record is withdrawn. With no line of the helper's, the user's own (their
    corrections written in)."""
    gone, undo = _withdrawn(said), {"removed", "cancelled", "canceled", "dropped", "remove", "cancel", "drop", "withdrawn",
                                     "withdrew"}
    undone = {stem(w) for w in undo}

    def kinds(text: str) -> set[str]:
        return {"money" if set(v) & _MONEY_SIGNS else "id" if identifiers(v) else "date" if CALENDAR & {t.lower() for t in tokens(
            v)} else "number" for v in facts(text)}

    def dates(s: Statement) -> set[str]:  # "8 August" ("Booked 8 August for 62 t", then "Updated to 58 t on 8 August")
        return {f"{a} {b.lower()}" for a, b in itertools.pairwise(tokens(s.text)) if a[:1].isdigit() and b.lower() in CALENDAR}

    def things(s: Statement) -> set[str]:  # (a count's unit stays: "6 nights" and "8 nights" are of the nights)
        return {w for w in words(s.text) if not any(c.isdigit() for c in w)} - {stem(v.lower()) for v in facts(s.text)} - {
            stem(w) for w in CALENDAR}

    def names(s: Statement) -> set[str]:
        return {t for t in tokens(s.text)[1:] if t[:1].isupper() and t.isalpha() and t.lower() not in CALENDAR}

    def switched(s: Statement, o: Statement) -> bool:  # "Switched: BW-11" after "BW-07 reserved": BW-07 is no more
        return bool(_lower(o) & {"switched", "instead", "changed", "updated", "revised", "moved", "replaced"}) and any(
            a.rstrip("0123456789") == b.rstrip("0123456789") != "" and a != b for a in s.identifiers for b in o.identifiers)

    def replaces(s: Statement, o: Statement) -> bool:  # a later line of the same thing with a new value
        update = bool(_lower(o) & {"updated", "revised", "changed"})
        return bool(len(things(s) & things(o) - _RECORDS) >= 2 - update and kinds(s.text) & kinds(o.text) or set(
            s.identifiers) & set(o.identifiers) and kinds(s.text) & kinds(o.text) - {"id"} or update and dates(s) and dates(o)
                    or switched(s, o))  # ("Updated to 15 September" of "Confirmed: 50 people on 14 September")

    def undoes(s: Statement, o: Statement) -> bool:  # a later line taking it back
        whole = bool(things(o) & _WHOLE) and bool(names(o) & names(s) or set(o.identifiers) & set(s.identifiers) or not (
            names(o) or o.identifiers))  # "Cancelled the booking for Brandt": all of Brandt's
        return o.order > s.order and o.role in ("user", "assistant") and bool(_lower(o) & undo) and (whole or len(
            things(s) & things(o) - undone) >= min(2, len(things(o) - undone)) > 0 and not (facts(o.text) and set(facts(
                s.text)) - set(facts(o.text)) or names(o) and names(s) - names(o) or things(s) - things(o) - _RECORDS - undone))

    helper = [s for s in said if s.role == "assistant" and not s.text.startswith(_ECHOES) and not asks(s) and (facts(s.text) or (
        0 < len(s.text.partition(": ")[0].split()) <= 3 and s.text.partition(": ")[2]) or len(tokens(s.text)) > 1 and stem(
            tokens(s.text)[0].lower()) in stem_set("added booked reserved confirmed updated")) and not _lower(s) & {"sorry", "can't", "cannot", "don't", "unfortunately", "open", *undo} and [
        t.lower() for t in tokens(s.text)[:2]] not in (["i", "can"], ["we", "can"], ["i", "could"])]
    told = helper or [s for s in said if s.role in ("user", "note") and not asks(s) and facts(s.text) and not _lower(s) & _FIXES]
    kept, texts = [], {s.order: s.text for s in told}
    for at, s in enumerate(told):
        if s.identifiers and {i.lower() for i in s.identifiers} <= gone or any(undoes(s, o) for o in said):
            continue
        if newer := next((o for o in told[at + 1:] if replaces(replace(s, text=texts[s.order]), o)), None):
            if len(facts(newer.text)) < len(facts(texts[s.order])):  # an update of fewer values: written into the line
                texts[newer.order] = _written_in(texts[s.order], newer.text)
            continue
        kept.append(_said(replace(s, text=texts[s.order])))
    return kept


def _written_in(line: str, update: str) -> str:
    """``line`` with each count ``update`` gives of a thing it counts ("64 guests" into "Confirmed: 60 guests on 21 June"),
    else ``update`` as it is."""
    written = line
    for number, thing in itertools.pairwise(tokens(update)):
        if number.isdigit() and thing.isalpha() and any(a.isdigit() and stem(b.lower()) == stem(thing.lower()) and a != number
                                                        for a, b in itertools.pairwise(tokens(written))):
            written = _replaced(written, f"{number} {thing}", "", number) or written
    return written if written != line else update


def lines_for(section: Section, said: Sequence[Statement], spec: NoteSpec) -> list[str]:
    """The lines a section holds: the statements of its kind (else those sharing its words), as said; a section on
    a person whose description lists its parts ("Customer — name and contact preference") holds each part's."""
    kind = section.kind
    parts = [Section(part, "", _PART_KINDS.get(part.strip())) for piece in section.description.split(",")
             for part in piece.split(" and ")] if kind in ("name", "people") else []
    if len(parts) > 1 and all(part.kind for part in parts):
        return list(dict.fromkeys(line for part in parts for line in lines_for(part, said, spec)))
    users = [s for s in said if s.role in ("user", "note")]
    agent = [s for s in said if s.role == "assistant" and not s.text.startswith(_ECHOES)]
    picks = {"context": (_names_a_product, slice(0, 4)),
             "prefs": (_prefers, slice(-3, None))}  # the customer's sentences of one kind, and which are kept
    channel = _channel(section)
    kind = None if channel and kind in ("prefs", "people") else kind  # ("Email: the customer's email address")
    if kind in picks:  # "Contact details": how to reach them ("My phone number is
        # 07911 123456") too (a heading of one channel, "Email", "Phone": only a sentence of it, below)
        reach = stem("contact") in keywords(section.heading) and kind == "prefs"
        return [_said(s) for s in users if picks[kind][0](s) or reach and (s.stems & _CONTACT and facts(s.text) or "@" in (
            s.text))][picks[kind][1]]
    if kind == "steps":  # what the customer tried, and what the agent says it did ("I've booked a visit"; "Done.
        after = {s.order + 1 for s in agent if _lower(s) and _lower(s) <= {"done", "all", "ok", "okay"}}  # Replacement
        done = [(s, _did(s) or s.text * (s.order in after and s in agent)) for s in sorted(  # RPL-4 ships...")
            users + agent, key=lambda s: s.order)]
        answered = _done(said)
        return [answered.get(s.order) or (_said(s) if s.role != "assistant" else _short(did[:1].upper() + did[1:]))
                for s, did in done if (did or s.order in answered) and s.order - 1 not in answered][-5:]  # once
    if kind == "current":
        return _current(said)

    if kind in ("ids", "id"):
        seen: dict[str, str] = {}
        for statement in [s for s in said if s.role in ("user", "tool", "note", "call")] + agent:
            for value in _identifiers(statement):  # a later label for a value said bare ("14C", then "seat 14C")
                labelled = f"{_label(statement, value)} {value}".strip()
                seen[value] = max(seen.get(value, labelled), labelled, key=lambda line: line != value)
        undone = {b.lower() for s in said if s.role in ("user", "note") and not _chosen(s, said) for a, b in itertools.pairwise(
            tokens(s.said or s.text)) if a.lower() == "not" and facts(b)} | _withdrawn(said)  # "Sorry, I meant room C-241,
        # not 214": C-214 is no more; nor "Q-2291" after "Q-2291 is withdrawn"
        seen = {value: line for value, line in seen.items() if not any(value != other and f" {value} " in f" {other} " for other in (
            seen)) and not {value.lower(), value.lower().rpartition("-")[2]} & undone}  # "LS6" is part of "LS6 2AB"
        wanted = set(words(f"{section.heading} {section.description}".replace("_", " "))) - stem_set(
            "id ids identifier number no ref reference code")  # "order_id": order; "Ticket": a ticket's; "Identifiers": all
        named = [value for value, label in seen.items() if wanted & set(words(label))]
        listed = {part.strip(" &") for piece in section.heading.lower().split(",") for part in piece.split(" and ")}
        more = [_said(s) for s in users if facts(s.text) and not set(_identifiers(s)) & set(seen) and not _lower(
            s) & _FIXES] if listed & {"numbers", "dates", "figures", "amounts"} and listed <= {
            "numbers", "dates", "figures", "amounts", "codes", "ids", "identifiers", "references"} else []  # "Numbers,
        # codes and dates": a sentence's number or date too (not "Booking — flight, dates, reference")
        if kind == "ids":  # "Booking (flight, reference)": the booking's and the flight's, if any has such a label
            return [*(seen[value] for value in named or seen), *more][:12]
        return named[:2] or (list(seen) if len(seen) == 1 else [])
    if kind == "name":  # "I'm Lena Park", or an earlier note's "name: Lena Park", or the answer to "Can I have your name?"
        noted = [s.text for s in users if s.role == "note" and stem("name") in s.stems and len(tokens(s.text)) <= 3]
        return ([name for s in users if (name := _person(s))] + noted + _named_when_asked(said))[:1]
    dated = [s for s in said if s.role in ("user", "assistant", "tool", "note") and not asks(s) and _dates(s, (
        "on", "for", "to", "is"))] if kind == "date" else []  # as it stands after any change: the
    wanted = set(words(f"{section.heading} {section.description}".replace("_", " "))) - stem_set(  # latest of the thing
        "date day final current latest after any change changes new updated now of the")  # dated ("the flight"), or of
    ids = {v for s in dated if s.stems & wanted for v in facts(s.text) if any(map(str.isalpha, v)) and any(map(
        str.isdigit, v))}  # its code ("KY-2210 is now 3 people on 16 August"), or a change said ("moved", "now")
    moved = {"moved", "changed", "rescheduled", "postponed"}
    changing = moved | {"now", "move", "change", "instead", "actually", "correction"}
    pointed = ("move it", "moved it", "change it", "changed it", "push it", "pushed it", "make it", "switch it", "it's now",
               "it is now", "it's moved", "it has moved", "move that", "change that", "make that")
    dated = [s for s in dated if wanted and (s.stems & wanted or ids & set(facts(s.text))) or _lower(s) & changing and (
        not wanted or any(p in s.text.lower() for p in pointed) or s.role == "assistant" and {t.lower() for t in tokens(
            s.text)[:3]} & (moved | {"done"}))]  # (a change of another thing,
    # "Actually, my brother's wedding is ...", "We move house on 14 May so keep it quiet", is no change of this one;
    # "move it to 14 June" is)
    if dated:
        return _dates(max(dated, key=lambda s: s.order), ("on", "for", "to", "is"))[:1]
    if kind == "date":  # "before June 20" (else "on 14 May"), the customer's first, first from a sentence naming what
        wanted = set(words(section.heading.replace("_", " "))) - {stem("date")}  # it dates ("departure": "leave on")
        wanted |= related(wanted)
        ordered = sorted(said, key=lambda s: s.role != "user")
        return ([day for cues in ((), (("on", "born"),)) for s in ordered if s.stems & wanted for day in _dates(s, *cues)] + [
            day for s in said if s.stems & wanted and not asks(s) and (day := _typed("date", s.text))] + [
            day for cues in ((), (("on", "born"),)) for s in ordered if not s.stems & wanted for day in _dates(s, *cues)] + [
            day for s in ordered if stem("date") in s.stems for day in _dates(s, ("is", "was", "to", "for"))] + [
            day for s in sorted(said, key=lambda s: (s.role != "assistant", -s.order)) if not asks(s)
            for day in _dates(s, ("for", "on", "have", "from"))])[:1]  # (or "The date is Sunday 7 September"; else the latest
        # the agent confirmed: "Booked provisionally for 14 June at 10:00")
    if kind == "pending":  # what is awaited: the customer's needs and deadlines, the agent's promises; else open issues
        dated = stem("deadline") in keywords(section.heading)  # "Deadlines": only what has a date
        served = {s.order for s in users for a in agent if a.turn == s.turn and a.order > s.order and a.stems & s.stems and _did(
            a) and not {"will", "i'll", "we'll"} & _lower(a)}  # "I want
        # to book a pallet for 12 May" answered "Booked: order BR-1001 for 12 May" waits for nothing
        waiting = [_promise(s) for s in said if s.order not in served and (_dates(s) if dated else s.role in ("user", "note") and (
            _dates(s) or not asks(s) and _lower(s) & {"need", "needs", "must", "will", "yet"} or _unsure(s) and not (
                s.text.rstrip().endswith("?"))) or s in agent and (
                _lower(s) & {"i'll", "we'll", "will"} or _unsure(s) and len(tokens(s.text)) >= 4 or s.stems & set(words(
                    section.heading)) and not _did(s)))]  # (not a bare "Noted as open.")
        # "For homework do X" (not "I've opened X" for "Still open")
        questions = bool(stem_set("question undecided") & set(words(section.heading.replace("_", " "))))  # "Open
        # questions", "Undecided": not the issues
        unsure = [_said(s) for s in users if questions and (_lower(s) & {"whether", "unsure", "unclear", "wonder"} or (
            "not sure" in s.text.lower()))]  # "I'm not sure whether I keep royalties"
        def replies(s: Statement) -> list[Statement]:  # the replies of its turn, those of its words when some are ("will I
            after = [a for a in agent if a.turn == s.turn and a.order > s.order]  # need a council permit?" answered "Start
            return [a for a in after if a.stems & s.stems - _TIME] or after  # moved to 10 June. I'm not sure about the permit")
        asked = unsure + [_said(s) for s in users if s.role == "user" and s.text.rstrip().endswith("?") and not any(
            not _unsure(a) for a in replies(s)) and (questions or not _when(s))]  # the user's
        # questions no reply answered (a time proposed is the next step's: "can we do Monday at 6pm?")
        undecided = [_said(s) for s in users if not asks(s) and _lower(s) & {"yet", "undecided", "decide"}]  # "We haven't
        # picked a vanity yet" (not the agent's promises: "Tobias will send a sketch by 18 October" is no question)
        return ((asked or undecided) if questions else waiting or asked)[-3:] or [
            f"open: {_said(s)}" for s, solved in _issues(users) if not solved and not questions and s.order not in served][-2:]
    if kind in ("advice", "cause"):  # what the one who helps advised or agreed to, each once; of a cause, what they
        told = [s for s in agent if not asks(s) and len(s.stems) >= 2 and not s.text.rstrip().endswith("?") and not (
            kind == "advice" and (_unsure(s) or tokens(s.text)[0].lower() == "noted" and all(_is_time(t) or t.lower(
                ) in CALENDAR for t in tokens(s.text)[1:]) and not any(v in o.text for o in said if o.role in ("user", "note") for v in (
                    facts(s.text))))) and not (  # ("Noted, 5 June." of a date since moved; not "Noted, Hall 3.")
            _introduces(s) or tokens(s.text)[0].lower() in ("sorry", "thanks", "thank", "hi", "hello", "welcome") or (
                len(tokens(s.text)) <= 3 and s.text.rstrip().endswith("!"))) and (  # say
            kind == "advice" and not (_lower(s) & _EXPLAINS and any(p.kind == "cause" for p in spec.sections)) or (
                kind == "cause" and _lower(s) & _EXPLAINS))]  # explains it ("That's usually nitrogen deficiency"), which
        # a section of causes holds alone
        booked = [s for s in told if stem_set("agreed booked confirmed arranged scheduled reserved") & set(words(
            section.heading)) and s.stems & stem_set("booked confirmed reserved scheduled arranged") and not _unsure(
            s)]  # "Shifts agreed" (not "No room has been booked yet"):
        told = booked or told  # the bookings confirmed ("Booked: apple picking, Saturday 12 October, 9am to 12pm")
        if told:  # (else the sentences that share the heading's words, as for any section)
            return [_said(s) for s in told][:3 if kind == "cause" else 5]
    if kind == "risk":  # what could still go wrong: a warning ("could", "that worries me"), a deadline at stake
        warned = [_said(s) for s in said if s.role != "call" and not asks(s) and (s.stems & ARCHETYPES["risk"] or _lower(
            s) & {"could", "might", "worries", "worried", "afraid"} or s.role != "assistant" and _dates(s) and {
                "i", "we"} & _lower(s) and _lower(s) & {"need", "must"})]  # ("we must have it before 30 June"); else a
        # problem no section holds
        return warned[-3:] or [_said(s) for s, solved in _issues(users) if not solved and _is_problem(s) and not any(
            p.kind == "issue" for p in spec.sections)][-2:]
    if kind == "time":
        timed = [s for s in said if not asks(s) and not _lower(s) <= {"good", "morning", "afternoon", "evening", "night"} and (
            keywords(s.text) & _TIME or any(_DATE_LIKE.fullmatch(v) or v[-2:].lower() in ("am", "pm") and _is_time(v)
                                            for v in facts(s.text)))]  # (not "Good morning."; "at 2:10pm" is timed)
        picked = [_said(s) for s in timed if s.role in ("user", "note")] or [  # else the agent's ("I'll send the drawing
            _said(s) for s in timed if s.role == "assistant" and facts(s.text)] or [  # on 6 May"), else a tool's
            _said(s) for s in timed if s.role == "tool"]  # a piece of a line already picked adds nothing
        return [line for line in picked if not any(line != other and line in other for other in picked)][-5:]
    if kind == "tools":
        out, shown = [], set()
        calls = [s for s in said if s.role == "call"]
        for call in calls:  # its results: those after it, up to its tool's next call
            until = min((c.order for c in calls if c.tool == call.tool and c.order > call.order), default=float("inf"))
            results = [s for s in said if s.role == "tool" and s.tool == call.tool and call.order < s.order < until]
            failed = "failed: " if any(s.text.lower().startswith("error:") for s in results[:3]) else ""
            whole = len(results) <= 5 and sum(len(s.text) + 2 for s in results) <= 100  # a short record whole: "...;
            found = "; ".join(_short(s.text) for s in results[:5 if whole else 3]) or "no result in view"  # freezer: FZ-9
            # rack 4; temp c: -32"
            out.append(f"{_short(call.text)} → {failed}{found}")
            shown.update(s.order for s in results)
        for (tool, _), group in groupby([s for s in said if s.role == "tool" and s.order not in shown], key=lambda
                                                  s: (s.tool, s.turn)):  # a result pasted without its call ("TOOL
            out.append(f"{tool or 'tool'} → {'; '.join(_short(s.text) for s in list(group)[:3])}")  # lookup_order: {...}")
        out += [_said(s) for s in said if s.role == "note" and "→" in s.text]  # an old note's tool lines
        return out[-5:]
    if kind == "status":
        issues = _issues(users)
        if set(words(section.heading)) & stem_set("resolved solved fixed"):  # "Resolved issues": those alone
            return [_said(s) for s, solved in issues if solved]
        told = [] if any(s.kind == "prefs" for s in spec.sections) else [
            f"customer {'asked' if asks(s) else 'said'}: {_said(s)}" for s in users if _prefers(s)][-2:]  # (a
        # request, else a statement: "Our preferred training night is Thursday")
        return (told + [f"open: {_said(s)}" for s, solved in issues if not solved][-2:]
                + [f"resolved: {_said(s)}" for s, solved in issues if solved][-1:])
    if kind == "next":
        tried = _done(said)
        offer = [s for s in agent if _lower(s) & {"i'll", "we'll", "will", "next"} or (s.stems & NEXT or "then" in (
            _lower(s)) and not s.text.rstrip(".!").endswith(" then"))  # "See you then." points back
                 and not ((did := _did(s)) and (did.split()[0].endswith("ed") or _lower(s) & {"i've", "we've"}))
                 and s.order not in tried]  # "I've opened ticket INC-1" is done, not next ("We take a rest and
        # then...", "...; we will call" are), nor is a suggestion the user says they tried ("Try X." "Did that.")
        offer += [s for s in users if s.role == "user" and (_lower(s) & {"i'll", "we'll"} or "next" in s.text.lower(
            ).split()[:2]) and not asks(s)]  # "Our next lesson is on Tuesday."
        offer += [s for s in users if s.role == "note" and s.stems & NEXT]
        offer += [a for s in users if s.role == "user" and asks(s) and "next" in _lower(s) for a in agent[:] if a.turn == s.turn
                  and a.order > s.order and not asks(a)][:1]  # "What do you need from me next?": "Just approve the sketch"
        if offer:  # the latest, and when, if the sentence before it or the reply to it says ("Yes, Friday at 4pm.
            latest = max(offer, key=lambda s: s.order)  # Next: fractions", "Thursday at 5pm?")
            reply = [s for s in said if s.order > latest.order and s.role != latest.role and s.turn <= latest.turn + 1
                     and {s.role, latest.role} == {"user", "assistant"}]
            before = [s for s in said if s.order == latest.order - 1 and s.role == latest.role == "assistant"]
            return [_promise(latest)] + [when for s in before + reply[:2] if (asks(s) or s in before) and (
                when := _when(s)) and not _when(latest)][-1:]  # "I'll email it today": no other day
        asked = [s for s in users if s.role == "user" and asks(s) and words(s.text) and stem(tokens(s.text)[0]) not in
                 _MAKE and s.order - 1 not in tried and not any(a.turn == s.turn and a.order > s.order and a.stems & (
                     s.stems) for a in agent)] or [  #
            s for s, solved in _issues(users)[::-1] if not solved and _is_problem(s)] or [  # unanswered (not "Yes please",
            s for s in users if s.role == "user" and not asks(s) and (any(map(_is_problem, users)) or keywords(
                s.text) & _TIME or _lower(s) & {"it", "it's", "they", "they're", "want", "need", "like", "i'd", "please"})]
        # "Write it now"); else the first problem still open, else the latest news ("It's been delayed to Wednesday")
        # or request ("I'd also like an invoice"), not a plain fact ("I use Langstroth boxes")
        return [f"Follow up on: {_said(replace(asked[-1], role='user'))}"] if asked else []  # (as its line is: "We need a
        # projector", not "Also we need ...")
    asked = section.description.lower().split()  # "Party size: number of passengers now": the latest count of them
    noun = stem(asked[2].strip(",.()")) if kind is None and asked[:2] in (["number", "of"], ["how", "many"]) and asked[2:] else ""
    counted = [s for s in said if s.role != "call" and noun and any(a.isdigit() and stem(b) == noun for a, b in (
        itertools.pairwise(t.lower() for t in tokens(s.text))))]
    if counted:
        return [_said(max(counted, key=lambda s: s.order))]
    if channel and kind is None:  # "Email address", "Phone": only a sentence that gives one or speaks of it
        mail = bool(channel & stem_set("email e-mail"))
        ways = ("email me", "e-mail me", "my email", "by email", "no email", "don't email") if mail else (
            "phone me", "call me on", "ring me", "text me", "my phone", "my mobile", "phone number", "mobile number",
            "by phone", "don't phone", "don't call", "no calls", "reach me on", "my cell", "landline", "whatsapp",
            "my number is")  # (not "the number of guests", "a phone case", "just call me Liz")
        pieces = [replace(s, text=piece) for s in said if s.role in ("user", "note", "tool") and not asks(s) for piece in (
            sentences(s.text))]  # ("It's lee@ex.org. Don't phone me, I'm at work.": each its own)
        def phoned(text: str) -> bool:  # a phone number as one is written ("07700 914 382.", "555-0134", "212 555 0198"),
            said = [t.strip(".,;:!?") for t in text.replace("(", " (").split()]  # not an order's 7 digits
            named = {"order", "policy", "serial", "ref", "reference", "account", "invoice", "tracking", "total", "parcel",
                     "booking", "ticket", "case", "claim", "member", "membership", "id", "no", "no.", "#", "number"}
            runs = [(said[k], sum(sum(map(str.isdigit, t)) for t in [said[k], *takewhile(str.isdigit, said[k + 1:k + 4])]))
                    for k in range(len(said)) if said[k][:1] in "0123456789+(" and not (k and said[k - 1].isdigit()) and not (
                        {w.lower().strip(":") for w in said[max(k - 2, 0):k]} & named and not {w.lower().strip(":") for w in (
                            said[max(k - 3, 0):k])} & {"my", "mobile", "phone", "cell", "tel", "call", "ring", "on"} and said[
                                k][:1] not in "0+(") and not (
                        "," in said[k] or said[k].count(".") or k and said[k - 1][-1:] in "£$€")]  # (not "order number
            # 123456789", nor "£1,234,567.89")
            return any((n >= 9 or n >= 7 and (head[:1] in "0+(" or "-" in head)) and not any(map(str.isalpha, head)) for (
                head, n) in runs)  # (not a parcel's "1Z999AA10123456784")
        return [_said(s) for s in pieces if ("@" in s.text if mail else phoned(s.text)) or any(
            way in s.text.lower().replace("’", "'") for way in ways)][-2:]
    own = set(words(section.heading)) - set().union(*ARCHETYPES.values())  # "Who reviews": review
    if kind == "people":  # who someone is: the sentences giving a name ("I'm Ana", "my partner Jonas", "Mrs Okafor")
        counted = set(words(section.heading)) - stem_set("name contact who person people")  # "35 guests"
        return [_said(s) for s in users if stem("name") in s.stems or _names(s.text, kin=True) or own & s.stems
                or counted & s.stems and any(t.isdigit() for t in tokens(s.text))
                or _person(s) or "called" in _lower(s) and any(t[:1].isupper() and t.lower() not in STOP
                                                               for t in tokens(s.text)[1:]) or any(
                    stem(a.lower()) in ARCHETYPES["people"] - {stem("name")} and b[:1].isupper() and b.isalpha() and b.lower() not in STOP
                    for a, b in itertools.pairwise(tokens(s.text)[:6]))][:3]  # "Customer Dana Whitlock reserved ..."
    if kind == "outcome":  # where the conversation ended: its last two reports (not a bare "Done.")
        return [_said(s) for s in said if s.role in ("user", "assistant", "tool") and not asks(s) and not (
            _lower(s) <= {"done", "all", "ok", "okay", "sure", "great"})][-2:]
    if kind == "events":  # a timeline: what each side said happened, in order (no questions, no thanks)
        return [_said(s) for s in said if s.role in ("user", "assistant") and not asks(s) and not s.text.startswith(_ECHOES) and (
            len(set(words(s.text)) - stem_set("thanks thank you ok okay great cheers sorry hear that no problem")) > 2 or facts(
                s.text))][-14:]
    if kind == "issue":
        marks = {True: " [resolved]", False: " [open]"} if spec.marks else {True: "", False: ""}
        qualifiers = _qualifiers(section, spec.sections)
        fixing = bool(qualifiers & stem_set("repair repairs maintenance fault faults fix fixes"))  # ("Repair requests":
        return [f"{_said(s)}{marks[solved]}" for s, solved in _issues(users) if not qualifiers or s.stems & (  # what
            qualifiers | related(qualifiers)) or fixing and s.stems & stem_set(
                "fix fixing broken broke leak leaking leaks cracked faulty stuck jammed repair")][:5]  # is broken)
    def own(part: Section) -> set[str]:
        return set(words(f"{part.heading} {part.description}")) | (
            {stem("cause")} if "why" in keywords(part.heading) else set())  # "Why": the cause, the reason

    rivals = [part for part in spec.sections if part.kind is None and part != section]  # a fact goes where it fits
    near = {part.heading: (own(part), own(part) | related(set(words(part.heading)) if part.blank else own(part)))
            for part in [section, *rivals]}  # (a blank's hint by its own words: "<species and condition>")

    def fit(s: Statement, part: Section) -> int:  # its own words count twice, related ones once
        return len(s.stems & near[part.heading][0]) + len(s.stems & near[part.heading][1])

    topic = near[section.heading][1]
    replies = _replies(said)  # (with the question's words: "What would it cost?")
    said = [replies.get(s.order, s) if s.role != "user" or not asks(s) or s.order in replies and facts(replies[s.order].text)
            else None for s in said]  # a question is no fact: its reply is, if it gives a value ("What would it cost?":
    said = [*{s.order: s for s in reversed(said) if s is not None}.values()][::-1]  # "the estimate is £1,150"), once
    money = _MONEY if topic & _MONEY else frozenset()  # an amount is of a section on prices: "the deposit is £345" (the
    broad = bool(set(words(section.heading)) & stem_set("money budget finance finances income"))  # ("Money": all of it)
    said = [replace(s, stems=s.stems | money) if money and any(c in s.text for c in "£$€¥") and (s.role != "user" or broad or s.stems & (
        _MONEY | stem_set("paid deposit owe balance"))) else s for s in said]  # user's: what they paid, not "I earn £40k")
    said = [replace(s, stems=s.stems | {stem("address")}) if stem("address") in topic and s.role in ("user", "note") and (
        _street_address(s.text)) else s for s in said]  # "## Address": "I'm Gwen Ashby at 3 Quarry Row"
    about: list[Statement] = []  # best ("Property": the flat; "Money": the quote); "And decide on X" goes with the
    last: dict[str, Statement] = {}  # sentence before it
    answering = {a.order for a in replies.values()}
    for s in (s for s in said if s.role not in ("assistant", "call") or s.order in answering):
        if (last.get(s.role) in about) if tokens(s.text)[:1] in (["And"], ["Also"], ["Plus"]) else s.stems & topic and (
                fit(s, section) >= max((fit(s, part) for part in rivals), default=0)):
            about.append(s)
        last[s.role] = s
    offered = [s for s in agent if s.stems & topic and not s.text.rstrip().endswith("?")]  # "Let's book an X-ray"
    offered = offered or [s for s in said if not about and money and s.role == "assistant" and s.stems & money and not (
        s.text.startswith(_ECHOES)) and not s.text.rstrip().endswith("?")]  # (else an agent's amount: "That's £36.")
    ranked = sorted(about + [s for s in offered if facts(s.text)] if about else offered,  # and the agent's records
                    key=lambda s: (len(s.stems & topic) if not money else any(c in s.text for c in "£$€¥"), s.order),
                    reverse=True)[:5 if money else 4]  # ("departing 21 May"), else its all; of money, each amount said
    lines = []  # a short sentence pointing back comes after the one before it ("PR #5 moved it; that's the cause")
    for s in sorted(ranked, key=lambda s: s.order):
        back = [b for b in said if b.order == s.order - 1 and b.role == s.role and b not in ranked]
        points = back and len(s.stems) <= 3 and _lower(s) & {"that", "that's", "this", "it"}
        lines.append(f"{_said(back[0]).rstrip('.')}; {_said(s)}" if points else _said(s))
    return lines


#: First-person words told in the third person, by the person's name (first) or "they" (after): "I keep", "my".
_THIRD = {"i": ("{}", "they"), "me": ("{}", "them"), "my": ("{}'s", "their"), "i'm": ("{} is", "they're"),
          "i've": ("{} has", "they've"), "i'll": ("{} will", "they'll"), "i'd": ("{} would", "they'd"),
          "myself": ("{}", "themselves"), "mine": ("{}'s", "theirs")}
_AS_IS = frozenset("can could will would should must might may did didn't can't won't also still just already really "
                   "never always often only was spent went had made took got gave found left led came sent built "
                   "bought told".split())


def _third(text: str, name: str) -> str:
    """A person's sentence told of them: "Hi, I'm Marco, year 11" → "Marco, year 11"; "I keep getting it wrong" →
    "Marco keeps getting it wrong" (the name first, then "they"; without a name, "they" throughout)."""
    out, named, subject, found = [], not name or name in text, False, text.split(" ")
    for at, word in enumerate(found):
        core = word.strip(".,;:!?()\"").lower().replace("’", "'")
        if not out and core in ("hi", "hello", "hey", "oh", "ok", "okay", "yes", "but") or core == "i'm" and (
                name and " ".join(found[at + 1:]).startswith(name)):
            after = at + 1 + len(name.split())  # "I'm Ana and my..." is "Ana: their..."
            if after - 1 < len(found):  # (a name said to its end: "Hi, I'm Gareth Evans.")
                found[after - 1] += ":" if found[after:after + 1] == ["and"] and found.pop(after) else ""
            continue  # a greeting is no fact; "I'm Marco" is "Marco"
        if core in _THIRD:
            new = _THIRD[core][1] if named else _THIRD[core][0].format(name)
            subject, named = core == "i" and not named, True
            spot = word.lower().replace("’", "'").find(core)
            word = word[:spot] + new + word[spot + len(core):]
        elif subject:  # "Marco keeps", "Marco has", "Marco can"
            subject = False
            if core.isalpha() and core not in _AS_IS and not core.endswith("ed") or core.endswith("eed"):
                word = {"am": "is", "have": "has", "do": "does"}.get(core) or (
                    core[:-1] + "ies" if core.endswith("y") and core[-2:-1] not in "aeiou" else
                    core + "es" if core.endswith(("s", "sh", "ch", "x", "o")) else core + "s")
        elif out and out[-1] == "they" and core in ("was", "am"):
            word = "were" if core == "was" else "are"
        out.append(word)
    told = " ".join(out)
    return told[:1].upper() + told[1:]


def _listing(said: Sequence[Statement], spec: NoteSpec) -> str:
    """A note of a few facts: bullets or numbered points ("in 3 bullet points", "as a numbered list"), sentences
    ("in one sentence"), or one short paragraph within a word budget ("in under 30 words"). The facts are taken
    a section at a time (the prompt's, else :data:`FACT_SECTIONS`), each saying something not yet said."""
    def news(part: Section, line: str) -> tuple[list[str], str]:  # what a line tells, and the line
        if part.kind == "name":
            return [line], f"{part.heading}: {line}"
        line = _third(_bare(line), name) if _bare(line) in users else line  # the user's words told of them
        return (facts(line) if part.kind in ("ids", "id") else [_bare(line).rstrip(" .")]), line

    users = {_said(s) for s in said if s.role == "user"}
    name = next((found for s in said if s.role == "user" and (found := _person(s))), "")

    prose = not (spec.bullets or spec.numbered)  # in prose, a name is folded into the first sentence; in sentences,
    parts = [part for part in spec.sections or FACT_SECTIONS if part.kind not in ("name",) * prose + ("ids",) * bool(
        spec.sentences)]  # identifiers stay in theirs ("Version 8.3.1")
    found = [lines_for(part, said, spec) for part in parts]  # a next step and its time as one ("..., Monday at 6pm")
    queues = [[news(part, line) for line in ([", ".join(line.rstrip(".") for line in lines)] if (
        part.kind == "next" and len(lines) > 1) else lines)] for part, lines in zip(parts, found)]
    kept = [news(section("Identifiers"), fact) for fact in spec.must_keep]  # (first; in one sentence, no section at all)
    queues = [kept + queues[0], *queues[1:]] if queues else [kept]
    answered = _replies(said)
    queues.append([news(section(""), _said(s)) for s in sorted([*said, *answered.values()], key=lambda s: s.order) if (
        (s.role in ("user", "note") or s.role == "tool" and not s.tool) and not asks(s) or s in answered.values() and facts(s.text) and len(s.text.split()) >= 4 and (
            _lower_first(s) not in ("for", "by", "about", "at", "on", "in"))) and len(s.stems) > 1 and not (
            (_lower(s) & _SALUTATIONS or (_lower_first(s) in PLEASED and len(tokens(s.text)) <= 6)) and not facts(s.text))])
    # then what else was said, within the budget (the replies
    # giving a value: "When will it be ready?" "Friday 21 November."; no "Great, see you tomorrow")
    limit = spec.bullets or (spec.sentences + 3 * (spec.sentences == 1) if spec.sentences else 12)
    picked: list[str] = []
    while any(queues) and len(picked) < limit:
        for queue in [q for q in queues[:-1] if q] or queues[-1:]:  # a fact of each section a round, then the rest
            while queue:
                tells, line = queue.pop(0)
                told = " ".join(picked).lower()
                if _bare(line).strip(" .") == name and prose or all(value.lower() in told for value in tells) or any(
                        p.lower() in line.lower() for p in picked) or (
                        set(words(line)) <= set(words(told))) or line.rstrip().endswith("?") and prose:  # (no question
                    # in a paragraph)
                    continue  # a line already said (or a part of it, or all its words), or a name or identifiers
                if len(f"{told} {line}".split()) <= (spec.max_words or DEFAULT_MAX_WORDS) and len(line.split()) <= (
                        spec.line_words or DEFAULT_MAX_WORDS):
                    first, _, rest = _bare(line).partition(" ")  # a short note says no "open: ", nor "Yes, ...",
                    lead = (first.lower() in ("yes,", "ok,", "okay,", "also,") or first.lower() in ("and", "also")) and rest  # "And"
                    picked.append((rest[:1].upper() + rest[1:] if lead else _bare(line)).rstrip("."))
                    break
    picked = picked[:limit]
    if spec.bullets or spec.numbered and not spec.sentences:
        return "\n".join(f"{n}. {line}" if spec.numbered else f"- {line}" for n, line in enumerate(picked, 1)) or "- none"
    if spec.sentences:  # "in one sentence" gives several facts; the first says who ("Ana Ruiz reports that her...")
        picked = picked[:spec.sentences - 1] + [_joined(picked[spec.sentences - 1:], " ".join(s.text for s in said))]
    if name and picked and name not in picked[0] and any(picked[0] in _third(_bare(u), name) or picked[0] in u for u in users):
        first = picked[0][:1].lower() if tokens(picked[0])[0].lower() in STOP else picked[0][:1]  # not "Outlook"
        picked[0] = f"{name} reports that {first}{picked[0][1:]}"
    return " ".join(line + "." * (line[-1:] not in "?!…") for line in picked if line) or "Nothing to report."


def _title(spec: NoteSpec, heading: str) -> str:
    """A section's heading as the prompt writes it: "## Who", "**Customer:**", "Customer:" or "2. Next steps:"."""
    number = next((f"{s.number} " for s in spec.sections if s.heading == heading and s.number), "")
    return f"{spec.heading} {heading}" if spec.heading else f"**{heading.rstrip(':')}:**" if spec.bold else heading if (
        spec.bare) else f"{number}{heading.rstrip(':')}:"


#: What a user says to wait for an answer, which tells nothing of its own ("Let me know when you find out.").
_WAITING = ("let me know", "wait to hear", "wait for your answer", "get back to me", "keep me posted")


def _banned_before(part: str, kind: str) -> bool:
    """Whether a clause of a prompt's rule bans a detail it names: a "never", "not", "don't" or "no" before it in its own
    piece ("Never include the postcode"), or in the piece before when its own piece is only the detail ("Don't include the
    postcode and the email"; not "Don't use headings and list the phone number")."""
    pieces = part.split(" and ")
    at = next(k for k, piece in enumerate(pieces) if kind in piece)
    before, _, after = pieces[at].partition(kind)
    bans = {"never", "not", "don't", "no"}
    bare = all(w in STOP or w.endswith("'s") for w in before.split()) and not {
        "must", "should", "included", "include", "there", "kept", "shown", "stays"} & set(after.split())
    return bool(bans & set(before.split())) or bare and at > 0 and bool(bans & set(pieces[at - 1].split()))  # (not "No
    # emojis and the phone number must be there")


def _dated_or_coded(token: str) -> bool:
    """Whether a token is a date ("14/06/2025", "2025-07-02"), a time ("10:30") or a code ("INV-2025-0009-113")."""
    parts = token.replace("-", "/").split("/")
    dated = len(parts) in (2, 3) and all(p.isdigit() for p in parts) and (len(parts[0]) <= 2 or len(parts[0]) == 4) and all(
        len(p) <= 2 for p in parts[1:2])
    timed = len(token) <= 5 and token.count(":") == 1 and token.replace(":", "").isdigit()
    coded = token[:2].isalpha() and "-" in token and token.partition("-")[0] not in (
        "tel", "mob", "ph", "wa", "fax", "cell", "phone", "mobile", "whatsapp")  # ("INV-2025-0009-113", "dhl-4455667788",
    # "PH-2025-004187"; not a phone's label written small: "tel-07700900123")
    return dated or timed or coded


def _withheld(clause: str, kinds: frozenset[str]) -> bool:
    """Whether a clause says a detail of one of ``kinds`` (postcode, phone, email, address) a prompt leaves out."""
    low, found = clause.lower(), tokens(clause)
    return ("postcode" in kinds and ("postcode" in low or any(_uk_postcode(a, b) for a, b in zip(found, found[1:])))) or "phone" in kinds and sum(
        c.isdigit() for t in found if not _dated_or_coded(t) for c in t) >= 9 or "email" in kinds and "@" in (
            clause) or "address" in kinds and "address" in low  # (a phone's digits: not a date's, a time's or a code's)


def write_note(said: Sequence[Statement], spec: NoteSpec) -> str:
    """The note ``spec`` (:func:`read_prompt`) asks for, made only of what the statements ``said``."""
    raw = [s for s in said if not (s.role in ("assistant", "note") and s.text.startswith(_ECHOES)) and not (
        s.role == "user" and len(tokens(s.text)) <= 8 and any(w in s.text.lower() for w in _WAITING))]  # (nor "Let me
    # know when you find out": the question before it is what stays open)
    said = _answers(_cancelled(_corrected(raw, any(section.kind == "events" for section in spec.sections))))  # the model's own echoes ("Noted: ...", "From my notes: ...") tell nothing the user
    # did not; a correction written into what it corrects is gone from them, but for a section of corrections
    if spec.priceless:  # "Never mention prices": a sentence without its clause of an amount ("Booked SK-7710, £240 all in")
        said = [replace(s, text=kept.rstrip(".") + ".") if kept != s.text else s for s in said if (kept := ", ".join(
            c for c in s.text.split(", ") if not _MONEY_SIGNS & set(c)))]
    if spec.secrets:  # "Never include the key safe code": a sentence without its clause of it
        def secret(clause: str) -> bool:  # a clause that says a left-out detail's words and gives a value
            return any(named <= set(words(clause)) and (facts(clause) or any(ch.isdigit() for ch in clause)) for named in spec.secrets)
        said = [replace(s, text=kept.rstrip(".") + ".") if any(secret(c) for c in pieces) else s for s in said for pieces in [
            s.text.replace(" and ", ", ").split(", ")] if (kept := ", ".join(c for c in pieces if not secret(c)))]
        # (the clause that gives it, the rest as said: not "the courier is DPD" beside it, nor "I changed my password" of a
        # password; a sentence with no secret kept whole)
    if spec.withheld:  # "Never include the customer's postcode": a sentence without its clause of one
        said = [replace(s, text=kept.rstrip(".") + ".") if kept != s.text else s for s in said if (kept := ", ".join(
            c for c in s.text.split(", ") if not _withheld(c, spec.withheld)))]
    fixes = [_changed(s, raw) for s in raw if s.role == "user" and not s.text.rstrip().endswith("?") and (_lower(s) & _CHANGES or s.said or {
        "changed", "mind"} <= _lower(s))]  # (a correction the reader wrote into what it corrects, as it was said)
    said = _clauses(said, spec.sections) if spec.sections else said
    if spec.decided and not (spec.sections or spec.json_keys or spec.form or spec.paragraph or spec.bullets) and not any(
            s.role == "user" and set(words(s.text)) & PROBLEM for s in said):  # a recap
        told = [_said(s) for s in said if s.role in ("user", "note") and not asks(s) and len(s.stems) >= 2]  # asked of
        return "What you told me:\n" + "\n".join(f"- {line}" for line in dict.fromkeys(told)) if told else ""  # plans
    troubled = any(s.role == "user" and set(words(s.text)) & PROBLEM for s in said)  # a support chat's handover
    if spec.bullets or spec.sentences or not (spec.sections or spec.json_keys or spec.paragraph and (troubled or spec.must_keep)) and (
            spec.numbered or spec.max_words):  # ("one paragraph of at most 50 words" of a chat with no problem: its facts)
        return _listing(said, spec)
    sections = spec.sections or [section(key) for key in spec.json_keys] or list(
        FACT_SECTIONS if spec.columns else DEFAULT_SECTIONS) + (
        [section("Open items")] if spec.checklist else [])  # "the open items as a checklist: - [ ] item"
    bodies = {s.heading: list(dict.fromkeys(lines_for(s, said, spec))) for s in sections}
    done = next((s.heading for s in sections if s.kind == "steps"), None)  # no section for the tools: what they did is
    if done and not bodies[done] and not any(s.kind == "tools" for s in sections) and any(s.role == "call" for s in said):
        # among the steps, when no other step was said
        bodies[done] += lines_for(section("Tool calls"), said, spec)
    for part in sections:  # "## Corrections": each correction said
        if keywords(part.heading) & stem_set("correction corrections corrected changes changed updates"):
            held = " ".join(bodies[part.heading])  # (with the cancellations a "Changes and cancellations" holds)
            bodies[part.heading] = [line for line in fixes if line not in held] + bodies[part.heading]
    if spec.paragraph:  # says each thing once (no "open: <the problem>" again)
        earlier = [{_bare(line) for b in list(bodies.values())[:at] for line in b} for at in range(len(bodies))]
        bodies = {h: [line for line in b if _bare(line) not in seen] for (h, b), seen in zip(bodies.items(), earlier)}
    kinds = {s.heading: s.kind for s in sections}
    if not spec.sections and not spec.json_keys:  # a default section of no kind ("Why") only if it has something
        bodies = {h: b for h, b in bodies.items() if b or kinds[h]}
    spared: list[tuple[str, str]] = []  # the facts placed where no section asked for them
    if spec.sections or spec.json_lists:  # a list key takes loose facts as a section does ("topics (a list)")
        spared = _place(said, sections, bodies, not (spec.form or spec.json_keys))
        for part in sections:  # an "Email" or "Phone" section holds only what gives or speaks of one, placed or not
            channel = _channel(part)
            if channel and part.kind in (None, "prefs", "people"):
                bodies[part.heading] = [line for line in bodies[part.heading] if ("@" in line if channel & stem_set(
                    "email e-mail") else sum(map(str.isdigit, line)) >= 7) or channel & set(words(line))]
        home = next((h for h in bodies if kinds[h] in ("people", "name") and set(words(h)) <= ARCHETYPES["people"] - {
            stem("name")}), "")  # "Customer", "Who"; not "Who reviews", "Customer name"
        if home and not ({"ids", "id"} & set(kinds.values()) or spec.form or spec.json_keys):  # no section for them:
            held = "\n".join(line for body in bodies.values() for line in body)  # identifiers go with whom the note
            bodies[home] += [line for line in lines_for(section("Identifiers"), said, spec)  # is on
                             if line.split()[-1] not in held]  # ("## Customer": "- order number RK-5521")
    elif not (spec.json_keys or spec.paragraph):  # a prompt naming no sections: what the user told, held nowhere else
        held = "\n".join(line for body in bodies.values() for line in body)
        if loose := [_said(s) for s in said if (s.role in ("user", "note") or s.role == "tool" and not s.tool) and not asks(s)
                     and len(s.stems) >= 2 and _said(s)[:40] not in held]:  # (a result pasted without its call too)
            bodies["Other facts"], kinds["Other facts"] = loose, None
    target = next((s.heading for s in sections if s.kind == "ids"), sections[0].heading)
    bodies[target] += [fact for fact in spec.must_keep if fact not in "\n".join(bodies[target])]  # never cut
    none = int(not spec.paragraph)  # an empty section says "none": a word too (a paragraph says nothing of it, and
    while sum(len(h.split()) * none + (len(" ".join(b).split()) or none) for h, b in bodies.items()) > (  # no heading)
            spec.max_words or DEFAULT_MAX_WORDS):
        # Cut the longest section first (its older lines; the later ones of the issues), then single lines.
        cuttable = [h for h in bodies if bodies[h] and h != target and kinds[h] != "ids"]
        # then identifiers, newest first; the facts to keep verbatim stay, budget or not
        spare = [(h, line) for h in bodies if h == target or kinds[h] == "ids" for line in bodies[h]
                 if not any(fact in line for fact in spec.must_keep)]
        seen = [_bare(line) for b in bodies.values() for line in b]  # the section that is never cut gives up a line
        twice = [(target, line) for line in bodies[target] if len(bodies[target]) > 1 and kinds[target] != "ids" and (
            seen.count(_bare(line)) > 1)]  # another section says too, first: the note still says it once
        if spared:  # a fact no section asked for goes first, the newest first
            heading, line = spared.pop()
            if line in bodies[heading]:
                bodies[heading].remove(line)
        elif twice:
            bodies[target].remove(twice[-1][1])  # the newest: the problem stated first stays
        elif cuttable:
            victim = max(cuttable, key=lambda h: (len(bodies[h]) > 1, len(bodies[h]), -_CUT_ORDER.index(kinds[h])))
            bodies[victim].pop(0 if kinds[victim] in ("time", "steps", "tools", "context", "outcome") else -1)
        elif spare:
            bodies[spare[-1][0]].remove(spare[-1][1])
        else:
            break
    if spec.third:  # the user's words told of them ("I'll add backoff" → "Tom will add backoff")
        users = {_said(s) for s in said if s.role == "user"}
        name = next((found for s in said if s.role == "user" and (found := _person(s))), "")
        bodies = {h: [line.replace(_bare(line), _third(_bare(line), name)) if _bare(line) in users else line
                      for line in b] for h, b in bodies.items()}
    if spec.json_keys or spec.form or spec.columns:  # one value a key or field (or row): "Severity is P1" gives "P1"
        values = {s.heading: _tool_field(s, said) or _latest(s) and _said_anywhere(s, said) or _moved(s, said) or (_keyed(s, said, frozenset(
            w for o in sections if o is not s for w in words(o.heading.replace("_", " "))) - set(words(s.heading.replace(
                "_", " ")))) if spec.json_keys
                               else []) or _values(s, bodies[s.heading]) or _said_anywhere(s, said) * (s.blank or _kind_of(
                                   s.heading) == "phone") for s in sections if s.heading in bodies}  # ("<current monthly
        # price>": the latest said; "Phone: the customer's phone number": "my number is 07700 900123")
        for part in sections:  # "Left ear" and "Right ear": the clauses saying its own word ("your right ear has mild
            own = set(words(part.heading)) - {w for other in sections if other != part for w in words(other.heading)}
            clauses = [c for v in values.get(part.heading, []) for c in v.split("; ") if own & set(words(c)) or {
                "both", "each", "all"} & {t.lower() for t in tokens(c)}]
            if own and clauses and len(own) < len(set(words(part.heading))):  # loss"), when a sibling shares the rest
                values[part.heading] = [c[:1].upper() + c[1:] for c in clauses]
        for h, v in list(values.items()) if spec.json_keys else ():  # an id key ("job_number", "interpreter_id"): the code
            if h.lower().replace(" ", "_").endswith(("_id", "_number", "_no", "_code", "_ref", "_reference")) and not (  # said after
                    _kind_of(h) in ("phone", "count") or set(words(h.replace("_", " "))) & stem_set(
                        "phone mobile tel telephone contact")) and (code := _code_for(h, said, v)) is not None:  # its noun ("job
                values[h] = [code] if code else []  # BN-3306"), never a phone or a date
        if spec.json_keys:  # a key of a kind no section line gave: its value in any of the user's sentences ("Could
            for h in [h for h, v in values.items() if not v]:  # you collect 12 boxes ... at 10:30?": 10:30)
                values[h] = [v for s in said if s.role in ("user", "note") and _kind_of(h) in ("phone", "time", "count") and (
                    v := _typed(h, s.text))][-1:]  # the latest ("Actually make it 8pm instead.")
            return json.dumps({h: _number(h, [*v, *(s.text for s in said if s.role in ("user", "note", "tool"))])
                               if h in spec.json_numbers else _flag(h, said) if h in spec.json_flags else v if h in spec.json_lists else _iso(v[0]) if (
                                   h in spec.json_dates and v) else "; ".join(
                line.rstrip(".") for line in v) or (None if spec.nulls else spec.empty) for h, v in values.items()},
                ensure_ascii=False)
        if not spec.columns:
            return "\n".join(f"{_title(spec, h)} {'; '.join(line.rstrip('.') for line in v) or spec.empty}"
                             for h, v in values.items())
        bodies = values if spec.sections else {h: v for h, v in values.items() if v}  # a table of Field | Value: a
        # value a row (of the facts there are, when the prompt names no rows)
    if spec.paragraph:  # the lines as sentences, each once, without a note's marks ("open: ") or named values again
        told: list[str] = []
        for line in (_bare(line).rstrip(".") for b in bodies.values() for line in b):
            named = len(line.split()) <= 3 and facts(line) and all(value in " ".join(told) for value in facts(line))
            if line and not any(line.lower() in done.lower() for done in told) and not named:  # "Ticket BUG-1" once
                told.append(line)  # BUG-1 was told; "An engineer will call" once "...; an engineer will call" was
        kept = tuple(spec.must_keep)  # a fact to keep verbatim stays as written ("flat 3B")
        return " ".join(f"{line if line.startswith(kept) else line[:1].upper() + line[1:]}" + "." * (
            line[-1:] not in "?!") for line in told) or "Nothing to report."  # "...next time?", not "?."
    if spec.table:  # a column a section named as one ("columns Issue | Status"), else a row a section
        cells = {h: "; ".join(line.rstrip(".").replace("|", "/") for line in b) or spec.empty for h, b in bodies.items()}
        rows = [list(cells), list(cells.values())] if spec.sections and not spec.columns else [
            spec.columns or ["Section", "Details"], *cells.items()]
        return "\n".join(f"| {' | '.join(row)} |" for row in [rows[0], ["---"] * len(rows[0]), *rows[1:]])
    if spec.heading[:1] == "<":  # XML: "<facts>\n- ...\n</facts>"
        tagged = "\n".join(f"<{h}>\n" + "\n".join(f"- {line}" for line in b or [spec.empty]) + f"\n</{h}>"
                           for h, b in bodies.items())
        return f"<summary>\n{tagged}\n</summary>" if spec.heading == "<summary>" else tagged
    todo = {"pending", "next"} & set(kinds.values()) or set(kinds.values())  # a checklist's items: what is left to do
    parts = {s.heading: s for s in sections}

    def block(heading: str, lines: list[str]) -> str:  # a section as the prompt lays it out
        part = parts.get(heading) or section(heading)
        if part.fields:  # "## Volunteer" over "Name: <full name>": each field and its value
            filled = {f.heading: "; ".join(_values(f, lines_for(f, said, spec))) or spec.empty for f in part.fields}
            return _title(spec, heading) + "".join(f"\n{name}: {value}" for name, value in filled.items())
        if lines and any(cue in part.description.lower() for cue in ("one sentence", "a sentence", "single sentence",
                                                                      "one line")):  # "Summary: one sentence"
            return f"{_title(spec, heading)} {_joined([_bare(line) for line in lines], ' '.join(lines))}."
        if part.blank:  # "Caller: <name>": the value on the heading's line
            values = _values(part, lines) or _said_anywhere(part, said)
            return f"{_title(spec, heading)} {'; '.join(v.rstrip('.') for v in values) or spec.empty}"
        ticked = spec.ticked and bool({t.lower() for t in tokens(heading)} & {"done", "completed", "finished", "resolved"})  # "Done:
        return _title(spec, heading) + "\n" + "\n".join(  # - [x] ..."
            f"- [x] {_bare(line)}" if spec.checklist and lines and ticked else
            f"- [ ] {_bare(line)}" if spec.checklist and lines and kinds[heading] in todo else f"{n}. {_bare(line)}" if (
                part.numbered and lines) else f"- {line}" for n, line in enumerate(lines or [spec.empty], 1))

    blocks = [(parts.get(h) or section(h), block(h, b)) for h, b in bodies.items()]  # fields in a row as the prompt
    label = {t.lower() for t in tokens(spec.closing)}  # 'a last line "Status:"': the latest thing said (not "Open items /
    now = [s.text.rstrip(".") for s in said if s.role in ("user", "assistant", "tool") and not asks(s) and not s.text.startswith(
        _ECHOES)][-1:] if label & {"status", "state"} and not label & {"open", "pending", "outstanding", "items"} else []  # status:")
    still = "; ".join(now or [_bare(line).rstrip(".") for line in lines_for(section("Open items"), said, spec)]) if (
        spec.closing) else ""  # else what is still open
    closing = f"\n\n{spec.closing} {still or spec.empty}" if spec.closing else ""  # 'End with one line starting "OPEN:"
    return "".join(("\n" if k and part.blank and blocks[k - 1][0].blank else "\n\n" * bool(k)) + text  # writes them
                   for k, (part, text) in enumerate(blocks)) + closing


#: What opens or closes a letter rather than saying something: "Hi team," "Thanks," "Best regards,".
_SALUTATIONS = frozenset("hi hello hey dear greetings thanks thank best regards cheers sincerely yours".split())


def summary_of_text(text: str, ask: str) -> str:
    """A summary of a text the user pasted ("Summarize this: ..."), as a literal model that knows nothing beyond the
    text writes one: the text's own sentences in their order, a letter's greeting and sign-off left out, as many as
    the ask allows (its word budget, else 60 words; "in one sentence": joined by semicolons; "3 bullets": bullets)."""
    spec, kept = read_prompt(ask), []
    for line in sentences(text):
        opener, comma, rest = line.partition(",")
        if tokens(opener)[:1] and tokens(opener)[0].lower() in _SALUTATIONS and len(opener.split()) <= 3:
            if not rest.strip():
                if kept:  # "Thanks, Ana": the rest is a signature
                    break
                continue
            line = rest.strip()  # "Hi team, the launch slips": "The launch slips"
        kept.append(line[:1].upper() + line[1:].rstrip(".") + ("" if line[-1:] in "?!" else "."))
    within = [line for n, line in enumerate(kept) if n == 0 or len(" ".join(kept[:n + 1]).split()) <= (
        spec.max_words or 60)]
    if spec.bullets or spec.numbered:
        return "\n".join(f"{n}. {line}" if spec.numbered else f"- {line}"
                         for n, line in enumerate(within[:spec.bullets or None], 1))
    if spec.sentences:  # the last sentence holds what is left: "in one sentence" joins them
        within = within[:spec.sentences - 1] + [_joined(within[spec.sentences - 1:], text) + "."]
    return " ".join(within)


def _joined(lines: Sequence[str], text: str) -> str:
    """Sentences joined into one by semicolons, each after the first opening in lower case unless its first word is a
    name (one ``text`` writes capitalised inside a sentence too): "...a cold May; growers picked 1,340 tonnes"."""
    inside = {t for line in sentences(text) for t in tokens(line)[1:] if t[:1].isupper()}
    return "; ".join(line.rstrip(".") if k == 0 or (tokens(line) or [""])[0] in inside else line[:1].lower() + line[
        1:].rstrip(".") for k, line in enumerate(lines))
