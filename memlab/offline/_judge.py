"""The offline model's judge: it checks a note's claims against what was said.

When a request carries memlab's judge prompt (:func:`memlab.evals.judge_prompt`),
the offline model answers with the JSON grades the prompt asks for. It reads
the note the way a careful reviewer with a checklist would: as a list of
*claims*, each looked up in the transcript. Rules, not understanding:

* **Identifiers** (order numbers, serials, error codes, ticket ids) must be
  kept verbatim, and none may be made up.
* **Numbers and versions** ("firmware 2.2.0", "30 days", "£89.99") must be
  in the transcript with the same value, and with the same unit when the
  note gives one ("30 days" is not supported by "30 seconds").
* **Actions and promises** (a refund, a replacement, a factory reset, an
  escalation, a technician, compensation...: :data:`_ACTIONS`) must have been
  mentioned by someone, and not only in the negative ("no refund") or as a
  question. A step the note says was taken must be mentioned somewhere too.
* **Steps and their results.** The customer's sentences are read into
  *issues*: a problem ("drops", "won't pair", "missing") opens one unless it
  shares a word with the issue being discussed; "Second issue:" always does.
  Each issue keeps the steps tried in it (:data:`_STEP_KINDS`) and what
  happened after each: "still drops" (it did not help), "works now" (it did).
  A note that gives a step the opposite result ("power-cycled → fixed" when
  the customer said "it still drops"), or says the customer did not take a
  step they took, contradicts the transcript.
* **Status.** An issue is resolved when the customer's last word on it says it
  works, and open otherwise. A note that marks it the other way contradicts it.
* **Time cues** the customer gave, and **a next step**.

A note's line is matched to the issue it shares the most words with ("Router:
…" with "my router drops the wifi"); when it shares none, or as many with two
issues, a contradiction must hold for every candidate. Every reason names the
claim and what the transcript says instead.

What it cannot see: meaning beyond its word lists (a result in words it does not
know, "the connection is stable now", is no result; a step outside
:data:`_STEP_KINDS` is no step); a value attached to the wrong thing when the
same value and unit appear elsewhere (the router's firmware given the laptop's
version); what a pronoun refers to across issues; whether a next step is wise;
and anything the note leaves out besides identifiers, steps and time cues.

The rules are its own: it does not reuse the offline summarizer's reading of
the transcript, so the two can disagree, as a live judge and a live
summarizer would.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..facts import FACT_PATTERNS, find_facts
from ..turns import item_text

__all__ = ["grade"]


_ID_KINDS = ("order_number", "serial", "error_code", "ticket_id")

# ------------------------------------------------------------------ word lists

#: Kinds of step a customer reports, each with the words that name it. A note
#: mentions a step if it uses any word of the same kind ("rebooted" covers
#: "power-cycled"): a paraphrase counts, silence does not.
_STEP_KINDS: dict[str, re.Pattern[str]] = {
    "restart": re.compile(r"\bpower[- ]?cycl\w*|\brestart\w*|\breboot\w*|\bunplug\w*", re.I),
    "update": re.compile(r"\bupdat\w*|\bupgrad\w*", re.I),
    "install": re.compile(r"\b(?:re)?install\w*", re.I),
    "clean": re.compile(r"\bclean\w*", re.I),
    "check": re.compile(r"\bchecked\b|\bvents?\b", re.I),
    "hold a button": re.compile(r"\bheld\b|\bhold\w*", re.I),
    "reset": re.compile(r"\breset\w*", re.I),
    "settings": re.compile(r"\bsettings?\b", re.I),
    "re-pair": re.compile(r"\bre-pair\w*|\bpair(?:ed|ing)? (?:it |them )?again\b", re.I),  # not "a repair"
    "external monitor": re.compile(r"\bexternal (?:monitor|screen|display)\b", re.I),
    "another cable or charger": re.compile(
        r"\b(?:another|a different|a new|other) (?:cable|charger|outlet|socket|port|adapter|plug)\b", re.I),
}
#: Kinds named by a noun rather than a verb: "it doesn't happen on an external
#: monitor" is a finding, not "did not try an external monitor".
_NOUN_KINDS = frozenset({"check", "settings", "external monitor", "another cable or charger"})

#: Actions and promises a note may claim: each needs a mention in the transcript.
_ACTIONS: dict[str, re.Pattern[str]] = {
    "a refund": re.compile(r"\brefund\w*", re.I),
    "a replacement": re.compile(r"\breplac\w*|\bexchang\w*|\bnew (?:unit|device)\b", re.I),
    "a factory reset": re.compile(r"\bfactory[- ]?reset\w*|\bwip(?:e|ed|es|ing)\b", re.I),
    "an escalation": re.compile(r"\bescalat\w*", re.I),
    "a technician visit": re.compile(r"\btechnician\w*|\bon-?site\b|\bhome visit\b", re.I),
    "compensation": re.compile(r"\bcompensat\w*|\bvouchers?\b|\bdiscount\w*|\bgoodwill\b|\bstore credit\b", re.I),
    "a callback": re.compile(r"\bcall(?:ed|ing)? (?:you|them|the customer|him|her) back\b|\bcallback\b", re.I),
    "a courier pickup": re.compile(r"\bcouriers?\b|\bpick-?ups?\b", re.I),
    "a repair": re.compile(r"\brepair\w*", re.I),
    "a return": re.compile(r"\breturn(?:s|ed)?\b", re.I),
}

#: A result that failed: the thing does not do what it should ("still doesn't respond", "didn't help").
_BROKEN = re.compile(
    r"(?:\bnot|n't|\bnever|\bno longer|\bstopped|\bfails? to|\bunable to) (?:\w+ )?"
    r"(?:work|respond|charg|turn on|connect|pair|boot|start|load|sync|print|help|fix|solve)\w*",
    re.I,
)
#: A problem that ended ("no longer drops", "doesn't flicker any more"): it worked.
_ENDED = re.compile(
    r"(?:\bnot|n't|\bnever|\bno longer|\bstopped) (?:\w+ )?(?:drop|flicker|crash|freez|overheat|disconnect|jam|blink|lag)\w*",
    re.I,
)
#: A result that worked.
_FIXED = re.compile(
    r"\b(?:works?|working|worked|fixed|solved|resolved|gone|normal|all good|sorted|fine now|ok now|okay now|good now)\b"
    r"|\b(?:charges|pairs|connects|responds|boots|prints|syncs|loads|starts) (?:now|again|fine|properly|normally)\b"
    r"|\bnow (?:it|they) (?:works?|charges?|pairs?|connects?|responds?|boots?|prints?)\b",
    re.I,
)
#: A result that did not help, said outright.
_STILL = re.compile(
    r"\bstill\b|\bno (?:change|luck|difference|improvement)\b|\bsame (?:problem|issue|thing)\b|\bnothing changed\b"
    r"|\bkeeps?\b|\bpersist\w*",
    re.I,
)
#: Words that report a problem.
_PROBLEM = re.compile(
    r"\b(?:drop\w*|flicker\w*|loud|nois\w*|hot|overheat\w*|crack\w*|broken|break\w*|missing|dead|crash\w*|freez\w*"
    r"|froze\w*|stuck|blink\w*|slow|lag\w*|leak\w*|jam\w*|disconnect\w*|forgot\w*|lost)\b"
    r"|\bno (?:sound|signal|power|picture|internet|connection|audio)\b|\b(?:turns?|switch\w*) (?:itself )?off\b"
    r"|\bshuts? (?:itself )?down\b|\bwon'?t\b|\bcan'?t\b|\bcannot\b|\b(?:has|have)n'?t (?:arrived|reached|come|shown up)\b"
    r"|\bnot (?:arrived|received)\b|\bstill waiting\b",
    re.I,
)
#: Where a sentence splits into clauses: the last clause that gives a result wins.
_CLAUSE = re.compile(r"[;,:()→]| (?:but|and|then|so|though|although|yet) | [-–—] ", re.I)
#: "Second issue:", "Third thing:", "One more thing:", "Another problem": a new issue, whatever it shares.
_NEW_TOPIC = re.compile(
    r"^(?:(?:first|second|third|fourth|fifth|next|also|another|one more)\b[^:\n]{0,30}:"
    r"|(?:another|a second|a third|one more) (?:issue|problem|thing|question)\b)",
    re.I,
)
#: A status word in a note: an issue marked open or resolved.
_TAG = re.compile(r"\[(open|resolved|fixed|closed)\]|\((open|resolved|fixed|closed)\)", re.I)
_SAYS_RESOLVED = re.compile(r"\b(?:resolved|fixed|solved|closed)\b", re.I)
_SAYS_OPEN = re.compile(r"\b(?:unresolved|open|ongoing|pending|outstanding)\b", re.I)
_PROMISED = re.compile(r"\b(?:promis\w*|offer\w*|agreed|as discussed|committed)\b", re.I)
_ALL_ISSUES = re.compile(r"\b(?:all|every) (?:reported |the )?(?:issues?|problems?)\b", re.I)
#: A negation governing the words right after it ("has not restarted", "no refund").
#: Up to three words may come between: "has not restarted, updated or installed".
_NEGATED_BEFORE = re.compile(
    r"(?:\bno|\bnot|n't|\bnever|\bwithout|\bcannot|\bnor|\bneither)(?: [\w'-]+,?){0,3} ?$", re.I)

#: A number, a version, a clock time or an amount ("2.2.0", "30", "1,299.00", "£89.99", "8:00").
_NUMBER = re.compile(r"(?<![\w.,:/-])[£$€]?\d+(?:[.,:/]\d+)*")
#: A token that mixes letters and digits ("AX3000", "QX7K2M", "LS6").
_MIXED = re.compile(r"\b(?=\d*[A-Za-z])(?=[A-Za-z]*\d)[A-Za-z0-9]+\b")
_ISO_DATE = re.compile(r"\b\d{4}-\d\d-\d\d\b")
#: Units a number is checked with ("30 days" must not stand for "30 seconds").
_UNITS = frozenset(
    "second minute hour day week month year time gb tb mb w v mah percent euro pound dollar page step ring "
    "january february march april may june july august september october november december".split())
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
}

#: Time cues a customer gives; group 1, 2 or 3 is the key a note must repeat
#: ("since last Tuesday" → "tuesday", "an hour later" → "hour later").
_TIME_CUE = re.compile(
    r"\b(?:since|every|last|later|this|next)\s+(?:(?:last|this|next)\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|morning|evening|night|week|month|weekend)\b|\b(?:an?|one|two|three|\d+)\s+((?:minute|hour|day|week|month)s?\s+"
    r"(?:later|ago))\b|\b(yesterday|tonight)\b",
    re.I,
)

#: A status bullet that is advice or a question rather than a state: it asks,
#: opens with an instruction or a condition, or speaks to the customer.
_NOT_A_STATE = re.compile(
    r"\?\s*$|^(?:if|check|try|please|let's|let me|make sure|keep|unplug|hold|install|back up|remove|reset|you can)\b"
    r"|\byou(?:r|'re|'ll)?\b",
    re.I,
)

_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")
#: Words that say nothing about *which* issue a line is about.
_GENERIC = frozenset("""
a an the this that these those it its it's they them their there here i i'm i've me my we our you your
is are was were be been being am do does did done have has had get got can could will would should may might
and or but so then than as of to in on at by for with from into about after before again also too very just
now still already yet not no never any some all every each one two more most other same
customer agent user said says told asked tried try step steps issue issues problem problems status open
resolved fixed note advised offered suggested plans plan please thanks okay ok yes hi hello good great
""".split())

FAILED, WORKED = "did not help", "worked"


def _stem(word: str) -> str:
    """A crude stem, so that forms of one word meet: "drops", "dropped", "dropping" → ``drop``."""
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix) and not (suffix == "s" and word.endswith("ss")):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def _words(text: str) -> set[str]:
    """The stems of the words in ``text`` that can tell one issue from another."""
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _GENERIC and not w.isdigit()}


# ------------------------------------------------------------------ reading results


def _clause_result(clause: str) -> str | None:
    """What one clause says about a result: :data:`FAILED`, :data:`WORKED`, or ``None``."""
    if _BROKEN.search(clause):
        return FAILED
    if _ENDED.search(clause) or _FIXED.search(clause):
        return WORKED
    if _STILL.search(clause) or _PROBLEM.search(clause):
        return FAILED
    return None


def _result(text: str) -> str | None:
    """The result ``text`` reports: that of its last clause that reports one ("it came back, but dropped again": failed)."""
    return _deciding(text)[0]


def _deciding(text: str) -> tuple[str | None, str]:
    """``(result, the clause that says it)`` for ``text`` (``(None, "")`` when no clause reports a result)."""
    for clause in reversed(_CLAUSE.split(text)):
        found = _clause_result(clause)
        if found:
            return found, clause.strip(" .!")
    return None, ""


def _quote(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1].rstrip() + "…")


# ------------------------------------------------------------------ reading the transcript


@dataclass
class _Step:
    """One step the customer reported, and what happened after it (``None``: not said)."""

    kind: str
    said: str  # the sentence that reports it
    result: str | None = None
    because: str = ""  # the clause that gives the result ("it still drops")


@dataclass
class _Issue:
    """One problem the customer raised, what they tried, and where it stands by their last word."""

    opener: str
    words: set[str] = field(default_factory=set)
    problem_words: set[str] = field(default_factory=set)  # words of the sentences that report the problem
    steps: list[_Step] = field(default_factory=list)
    results: list[tuple[str, str]] = field(default_factory=list)  # (result, the clause that says it)
    has_problem: bool = False

    @property
    def state(self) -> str:
        return "resolved" if self.results and self.results[-1][0] == WORKED else "open"

    @property
    def last_word(self) -> str:
        """What the customer last said about how it goes ("it still drops"), or the problem as first reported."""
        return self.results[-1][1] if self.results else self.opener


def _customer_sentences(transcript: str) -> list[str]:
    """What the customer said (``USER:`` entries), one sentence each, questions left out."""
    said = re.findall(r"^USER:\s?(.*(?:\n(?![A-Z][A-Z ]*(?:\s*\[[^\]]*\])?:).*)*)", transcript, re.M)
    sentences = [s.strip() for text in said for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]
    return [s for s in sentences if not s.endswith("?")]


def _issues(sentences: Sequence[str]) -> list[_Issue]:
    """The customer's sentences read into issues, each with its steps and results (see the module docstring)."""
    issues: list[_Issue] = []
    current: _Issue | None = None
    pending: list[_Step] = []  # steps whose result a later sentence may give
    for sentence in sentences:
        words = _words(sentence)
        problem = bool(_PROBLEM.search(sentence) or _BROKEN.search(sentence))
        if current is None or _NEW_TOPIC.match(sentence) or (problem and current.has_problem and not words & current.problem_words):
            current, pending = _Issue(sentence), []
            issues.append(current)
        if problem:
            current.opener = sentence if not current.has_problem else current.opener
            current.problem_words |= words
            current.has_problem = True
        current.words |= words
        result, clause = _deciding(sentence)
        if result:
            current.results.append((result, clause))
            for step in pending:
                step.result, step.because = result, clause
            pending = []
        for kind, pattern in _STEP_KINDS.items():
            match = pattern.search(sentence)
            if match:
                after, why = _deciding(sentence[match.end():])
                after, why = (after, why) if after else (result, clause)
                step = _Step(kind, sentence, after, why)
                current.steps.append(step)
                if after is None:
                    pending.append(step)
    return [issue for issue in issues if issue.has_problem]


# ------------------------------------------------------------------ reading the note


def _section(text: str, name: str) -> str | None:
    """The body of Markdown section ``name`` in ``text`` (``None`` if absent)."""
    match = re.search(rf"^#+\s*{re.escape(name)}[^\n]*\n(.*?)(?=^#+\s|\Z)", text, re.M | re.S | re.I)
    return match.group(1).strip() if match else None


#: Each section the judge reads, by the names a note may give it (memlab's first).
_NAMES: dict[str, tuple[str, ...]] = {
    "issue": ("Reported issue", "Issues", "Issue", "Problems", "Problem"),
    "steps": ("Steps tried", "Steps", "What was tried", "Tried", "Troubleshooting"),
    "timeline": ("Timeline", "Dates", "When"),
    "status": ("Current status", "Status", "Where things stand"),
    "next": ("Next recommended step", "Next step", "Next"),
}


def _find(note: str, part: str) -> str | None:
    """The body of the note's section for ``part`` (see :data:`_NAMES`), ``None`` if it has none."""
    for name in _NAMES[part]:
        body = _section(note, name)
        if body is not None:
            return body
    return None


def _where(note: str, part: str) -> str:
    """The note's section for ``part``, or the whole note when it has no such section."""
    body = _find(note, part)
    return note if body is None else body


def _has_content(body: str | None) -> bool:
    return bool(body) and re.sub(r"[-*\s]", "", body.lower()) not in ("", "none")


def _units(text: str) -> list[str]:
    """A note's claims: its lines, bullets and sentences, without headings, markers or empty ones."""
    units = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"^[-*•]\s*", "", line)
        units += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line) if re.search(r"\w", s)]
    return units


#: Between a negation and a mention, these words say the mention happened and did not help
#: ("not fixed by a power-cycle", "didn't help after a restart"), so it is not denied.
_RESULT_BETWEEN = frozenset("by after despite with from since fixed fix help helped solved resolved work worked "
                            "change changed improve improved".split())


def _negated(before: str) -> bool:
    """Whether the words just before a mention negate it ("has not restarted", "no refund")."""
    clause = re.split(r"[.;:()→]| but ", before)[-1]
    match = _NEGATED_BEFORE.search(clause)
    return match is not None and not set(re.findall(r"[a-z']+", clause[match.start():].lower())[1:]) & _RESULT_BETWEEN


def _best(unit: str, issues: Sequence[_Issue]) -> list[_Issue]:
    """The issues ``unit`` shares the most words with (all of them when it shares none)."""
    words = _words(unit)
    overlap = [len(words & issue.words) for issue in issues]
    top = max(overlap, default=0)
    return list(issues) if top == 0 else [issue for issue, n in zip(issues, overlap) if n == top]


# ------------------------------------------------------------------ the criteria


def _share(found: Sequence[str], wanted: Sequence[str], what: str) -> tuple[int, list[str]]:
    """5 × the share of ``wanted`` that is ``found``, rounded half up; 5 only when nothing is missing."""
    missing = [w for w in wanted if w not in found]
    if not wanted:
        return 5, []
    score = math.floor(5 * (len(wanted) - len(missing)) / len(wanted) + 0.5)
    return (min(score, 4) if missing else score), ([f"{what} missing: {', '.join(missing)}"] if missing else [])


def _verdict(score: float, reasons: Iterable[str]) -> dict[str, Any]:
    reasons = list(dict.fromkeys(reasons))
    return {"score": max(0, int(score)), "reason": "; ".join(reasons) or "ok"}


def _step_contradictions(claims: Sequence[str], issues: Sequence[_Issue]) -> list[str]:
    """Each claim about a step that the customer's own words contradict, as a reason."""
    found = []
    for unit in claims:
        for kind, pattern in _STEP_KINDS.items():
            match = pattern.search(unit)
            if not match:
                continue
            candidates = [issue for issue in issues if any(step.kind == kind for step in issue.steps)]
            if not candidates:
                continue  # not a step the customer reported: nothing to contradict
            issues_meant = _best(unit, candidates)
            steps = [step for issue in issues_meant for step in issue.steps if step.kind == kind]
            if kind not in _NOUN_KINDS and _negated(unit[: match.start()]):
                found.append(f"says the customer did not {kind}; the customer said {_quote(steps[0].said)}")
                continue
            claimed = _result(unit[match.end():])
            known = [step for step in steps if step.result is not None]
            if claimed and known and all(step.result != claimed for step in known):
                found.append(f"says {match.group(0).lower()} {claimed}; the transcript says {_quote(known[-1].because)}")
    return found


def _status_contradictions(note: str, issues: Sequence[_Issue]) -> list[str]:
    """Each claim that an issue is open or resolved that the customer's last word on it contradicts."""
    reported, status = _find(note, "issue"), _find(note, "status")
    claims = [(unit, False) for unit in _units(reported or "")]
    claims += [(part, True) for unit in _units(status or "") for part in unit.split(";")]  # "A still drops; B fine now"
    if reported is None and status is None:
        claims = [(unit, False) for unit in _units(note)]
    found = []
    for unit, in_status in claims:
        tag, resolved = _TAG.search(unit), _SAYS_RESOLVED.search(unit)
        if tag:
            word = (tag.group(1) or tag.group(2)).lower()
            claimed = "open" if word == "open" else "resolved"
        elif resolved:  # "not yet resolved" says it is open
            claimed = "open" if _negated(unit[: resolved.start()]) else "resolved"
        elif _SAYS_OPEN.search(unit):
            claimed = "open"
        elif in_status:
            result = _result(unit)
            claimed = None if result is None else ("resolved" if result == WORKED else "open")
        else:
            claimed = None
        if claimed is None or not issues:
            continue
        meant = list(issues) if _ALL_ISSUES.search(unit) else _best(unit, issues)
        wrong = [issue for issue in meant if issue.state != claimed]
        if _ALL_ISSUES.search(unit) and wrong:
            found.append(f"says every issue is {claimed}; the customer's last word on one: {_quote(wrong[0].last_word)}")
        elif wrong and len(wrong) == len(meant):
            found.append(f"says {_quote(unit, 50)} ({claimed}); the customer's last word on it: {_quote(wrong[-1].last_word)}")
    return found


def _numbers(text: str) -> list[tuple[str, str, str | None]]:
    """``(shown, value, unit)`` for each number in ``text``: "firmware 2.2.0" → ``("firmware 2.2.0", "2.2.0", None)``."""
    found = []
    for match in _NUMBER.finditer(text):
        rest = text[match.end():]
        if rest[:1].isalnum() or rest[:1] == "-" and rest[1:2].isdigit():
            continue  # part of a mixed token or a date: checked as such
        raw = match.group(0)
        value = raw.lstrip("£$€")
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", value):  # 1,299.00
            value = value.replace(",", "")
        unit_match = re.match(r"[ -]?([A-Za-z]+)", rest)
        unit = _stem(unit_match.group(1)) if unit_match and _stem(unit_match.group(1)) in _UNITS else None
        before = re.findall(r"[A-Za-z]+", text[max(0, match.start() - 20): match.start()])
        shown = " ".join(([before[-1]] if before else []) + [raw] + ([unit_match.group(1)] if unit else []))
        found.append((shown, _normal(value), unit))
    return found


def _normal(value: str) -> str:
    """A number's value for comparison: "189.0" and "189" are one value, "2.2.0" is kept as written."""
    if re.fullmatch(r"\d+(?:\.\d+)?", value):
        number = float(value)
        return str(int(number)) if number == int(number) else str(number)
    return value


def _said_numbers(text: str) -> set[tuple[str, str | None]]:
    """Every ``(value, unit)`` the transcript gives, in digits or in words ("two minutes", "twice")."""
    given = [(value, unit) for _, value, unit in _numbers(text)]
    said = set(given) | {(value, None) for value, _ in given}
    for match in re.finditer(r"\b([a-z]+)[ -](?=([a-z]+)\b)", text.lower()):
        if match.group(1) in _NUMBER_WORDS:
            value, unit = str(_NUMBER_WORDS[match.group(1)]), _stem(match.group(2))
            said |= {(value, None), (value, unit if unit in _UNITS else None)}
    return said


def _invented(note: str, source: str) -> list[str]:
    """What the note claims that the transcript does not support, one phrase each."""
    noted = find_facts(note)
    invented = [v for kind in _ID_KINDS for v in dict.fromkeys(noted.get(kind, [])) if v not in source]
    # Identifiers and dates are checked whole; take them out before looking at numbers and tokens.
    plain = note
    for kind in _ID_KINDS:
        plain = FACT_PATTERNS[kind].sub(" ", plain)
    for date in dict.fromkeys(_ISO_DATE.findall(plain)):
        if date not in source:
            invented.append(date)
    plain = _ISO_DATE.sub(" ", plain)
    tokens = {t.lower() for t in _MIXED.findall(source)}
    invented += [t for t in dict.fromkeys(_MIXED.findall(plain)) if t.lower() not in tokens]
    numbers = _said_numbers(source)
    unsupported = {(value, unit): shown for shown, value, unit in reversed(_numbers(plain)) if (value, unit) not in numbers}
    invented += list(reversed(unsupported.values()))  # each value once, as first shown
    # Actions and promises: a mention in the transcript that is neither negated nor a question.
    statements = [s for s in re.split(r"(?<=[.!?])\s+|\n+", source) if not s.rstrip().endswith("?")]
    next_step = _units(_find(note, "next") or "")
    # A next step proposes an action ("arrange a repair"); it claims one only as a promise or an offer.
    claims = [unit for unit in _units(note) if unit not in next_step or _PROMISED.search(unit)]
    for label, pattern in _ACTIONS.items():
        claimed = any(not _negated(unit[: m.start()]) for unit in claims for m in pattern.finditer(unit))
        if claimed and not any(not _negated(s[: m.start()]) for s in statements for m in pattern.finditer(s)):
            invented.append(label)
    # Steps the note says were taken: each must be mentioned somewhere (actions were checked above).
    for unit in claims:
        if unit in next_step:
            continue
        bare = unit
        for pattern in _ACTIONS.values():
            bare = pattern.sub(" ", bare)
        for kind, pattern in _STEP_KINDS.items():
            match = pattern.search(bare)
            if match and not _negated(bare[: match.start()]) and not pattern.search(source):
                invented.append(f"the step {match.group(0).lower()!r}")
    return list(dict.fromkeys(invented))


def grade(items: Sequence[Mapping[str, Any]], instructions: str) -> str:
    """Grade a summary against its transcript, as memlab's judge prompt asks.

    The request's last user message holds ``<transcript>`` and ``<summary>``
    blocks; the criteria are the ``- name: ...`` lines of the instructions.
    Known criteria are graded by checking the note's claims, each by one rule
    (a share times 5 is rounded half up, and only a share with nothing
    missing scores 5). Sections are found by memlab's names or plain ones
    ("Status", "Next step"); a note without them is read whole.

    * ``identifiers_kept``: 5 × the share of the transcript's identifiers
      (order numbers, serials, error codes, ticket ids) found verbatim.
    * ``no_invented_facts``: 5, minus 2 per claim the transcript does not
      support: an identifier, a date, a number or version (with its unit), a
      token such as a model name, an action or promise (:data:`_ACTIONS`), or
      a step nobody mentioned.
    * ``steps_tried``: 5 × the share of the kinds of step the customer
      reported (restart, update, clean, install, ...: :data:`_STEP_KINDS`)
      that the note's steps section names (the whole note without one),
      minus 2 per contradiction anywhere in the note but its next step: a step
      given the opposite result, or said not to be taken when it was.
    * ``timeline``: 5 × the share of the customer's time cues ("every evening",
      "since last Tuesday", "an hour later") whose key word the note's
      timeline repeats (the whole note without one). Dates inside tool outputs
      are not required: an output holds many, and the note should keep the
      one that matters.
    * ``current_status``: 0 without a status section; otherwise 5, minus 3 per
      issue marked open or resolved against the customer's last word on it
      (in the issue or status section), minus 3 if it names a value the
      conversation later replaced (the newest value of each kind wins), minus 2
      if a bullet reads as advice or a question rather than a state.
    * ``next_step``: 5 for a non-empty next-step section, else 0.

    Any other criterion gets ``null`` with a reason. Returns JSON text.
    """
    text = item_text(items[-1]) if items else ""
    source, note = _between(text, "transcript"), _between(text, "summary")
    said = find_facts(source)
    known = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, []))]
    status, step = _find(note, "status"), _find(note, "next")
    superseded = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, [])) if v != said[kind][-1]]
    stale = [v for v in superseded if v in (status or "")]
    customer = _customer_sentences(source)
    issues = _issues(customer)

    def judge(name: str) -> dict[str, Any]:
        if name == "identifiers_kept":
            return _verdict(*_share([v for v in known if v in note], known, "identifiers"))
        if name == "no_invented_facts":
            invented = _invented(note, source)
            return _verdict(5 - 2 * len(invented), [f"not in the transcript: {', '.join(invented)}"] if invented else [])
        if name == "steps_tried":
            where = _where(note, "steps")
            tried = list(dict.fromkeys(s.kind for issue in issues for s in issue.steps))
            tried += [k for k, words in _STEP_KINDS.items() if k not in tried and any(words.search(s) for s in customer)]
            score, reasons = _share([k for k in tried if _STEP_KINDS[k].search(where)], tried, "steps")
            next_units = set(_units(step or ""))
            claims = [u for u in _units(note) if u not in next_units]
            wrong = _step_contradictions(claims, issues)
            return _verdict(score - 2 * len(wrong), reasons + wrong)
        if name == "timeline":
            where = _where(note, "timeline").lower()
            cues = list(dict.fromkeys(next(g for g in m.groups() if g).lower()
                                      for s in customer for m in _TIME_CUE.finditer(s)))
            return _verdict(*_share([c for c in cues if c in where], cues, "time cues"))
        if name == "current_status":
            if not _has_content(status):
                return {"score": 0, "reason": "no current status section"}
            bullets = [re.sub(r"\b(?:advised|offered|suggested)\b:?.*", "", b) for b in re.findall(r"^[^\S\n]*[-*][^\S\n]*(.*)", status, re.M)]
            advice = [b for b in bullets if _NOT_A_STATE.search(b.strip())]
            wrong = _status_contradictions(note, issues)
            reasons = ([f"keeps superseded {', '.join(stale)}"] if stale else []) + wrong + (
                [f"advice or a question, not a state: {advice[0].strip()[:60]!r}"] if advice else [])
            return _verdict(5 - 3 * bool(stale) - 3 * len(wrong) - 2 * bool(advice), reasons)
        if name == "next_step":
            return {"score": 5, "reason": "ok"} if _has_content(step) else {"score": 0, "reason": "no next step given"}
        return {"score": None, "reason": "the offline judge cannot grade this criterion"}

    criteria = re.findall(r"^- ([a-z][a-z0-9_]*):", instructions, re.M)
    return json.dumps({name: judge(name) for name in criteria})


def _between(text: str, tag: str) -> str:
    """The text between the first ``<tag>`` and the first ``</tag>`` after it ("" if either is missing).

    Plain string search, not ``<tag>(.*?)</tag>``: that pattern, given many
    ``<tag>`` and no closing one, reads the rest of the text from each of them.
    """
    _, opened, rest = text.partition(f"<{tag}>")
    inside, closed, _ = rest.partition(f"</{tag}>")
    return inside if opened and closed else ""
