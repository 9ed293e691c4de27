"""The offline model's summaries: the offline stand-in for a model's handover note.

When a request asks for a summary — with memlab's prompt or a learner's own
(:mod:`._prompt` reads which sections, in which order, and which rules) — the
offline model answers with a note. No model writes it: rules read the
transcript and fill each section, so the note is deterministic and notebooks
and tests can compare its text. It is a *stand-in* — a live model writes
better prose — but it follows the prompt:

* **The prompt's sections, in its order**, under its own headings; "none"
  under an empty one if the prompt says so, else an empty one is left out. A
  section the reader cannot place gets nothing.
* **Issues, each once**, marked ``[open]`` or ``[resolved]`` (how the
  transcript is read into issues, steps and cues is :mod:`._reading`'s job).
* **Steps with their results**, split at the result ("power-cycled it twice
  … → it still drops"), and tool calls as one line each with the key finding.
* **Timeline** from the time cues the customer gave ("every evening", "since
  last Tuesday") and the dates tool outputs hold (a delivery date);
  **milestones**, when asked for: each issue raised, step, tool result and
  resolution, in order.
* **Status as a state**, composed in the note's own words from what is known
  about each open issue ("Router: not fixed by a power-cycle and a firmware
  update") — never the customer's sentence or the agent's advice pasted in.
* **One next step**: what the agent offered and has not done yet, else the
  open ticket to follow up, else a check on the advice the customer was given.
* **Identifiers verbatim** when the prompt asks for that, every one; without
  such a rule they are worded ("the order"), as a model would. Must-keep
  facts are always kept verbatim.
* **Running summaries**: an earlier note in the transcript is merged in, so a
  summary of a summary neither nests nor forgets.
* **A word budget** read from the prompt ("under 80 words", memlab's
  :data:`~memlab.prompts.MAX_WORDS_RULE`), honoured by dropping the least
  important bullets first (see :func:`_fit`).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import FACT_PATTERNS, find_facts
from ..prompts import MUST_KEEP_RULE, count_words
from ._prompt import MILESTONES, PREFERENCES, NoteSpec
from ._reading import STILL, Issue, Line, Reader, entries, is_summary, label, previous_summary

__all__ = ["extractive_summary", "must_keep_listed"]


#: The tier of bullets the word budget never drops: identifiers and must-keep facts.
_KEEP = 9


def _identifiers(kind: str, values: Sequence[str]) -> str:
    """``"order number: ORD-11111, then ORD-22222 (newest)"``: every value verbatim, the newest mention last.

    A customer who corrects an order number leaves both in the transcript; the
    gate wants both kept, the next engineer needs to know which one counts.
    """
    ordered = list(reversed(dict.fromkeys(reversed(values))))  # by last mention
    return f"{kind.replace('_', ' ')}: " + ", then ".join(ordered) + (" (newest)" if len(ordered) > 1 else "")


def _label(issue: Issue, issues: Sequence[Issue]) -> str:
    """An issue's short name in the status: "Router", or "Laptop (fan)" when two open issues share a device."""
    shared = sum(1 for i in issues if i.state == "open" and i.device == issue.device) > 1
    return label(issue.headline, issue.device, shared)


# What a step was, as a noun phrase for the status ("a power-cycle and a firmware update").
_STEP_NOUNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"power-cycl", re.I), "a power-cycle"),
    (re.compile(r"\brestart|\breboot", re.I), "a restart"),
    (re.compile(r"\bunplug", re.I), "unplugging it"),
    (re.compile(r"\bfirmware\b", re.I), "a firmware update"),
    (re.compile(r"\bupdat", re.I), "an update"),
    (re.compile(r"\bdriver\b", re.I), "a new driver"),
    (re.compile(r"\binstall", re.I), "an install"),
    (re.compile(r"\breset\b", re.I), "a reset"),
    (re.compile(r"\bclean", re.I), "cleaning"),
    (re.compile(r"\bpair", re.I), "re-pairing"),
    (re.compile(r"\bchecked\b|\bvents?\b", re.I), "checks"),
    (re.compile(r"\bheld\b|\bhold", re.I), "holding the button"),
)


def _tried(action: str) -> str:
    """The kinds of step ``action`` took, in the note's words and order: "checks and a restart" ("the last step" if unknown)."""
    found = sorted((match.start(), n, noun) for n, (pattern, noun) in enumerate(_STEP_NOUNS) if (match := pattern.search(action)))
    nouns = list(dict.fromkeys(noun for _, _, noun in found))  # in the order the customer did them
    for general, specific in (("an update", "a firmware update"), ("an install", "a new driver")):
        if specific in nouns and general in nouns:
            nouns.remove(general)
    if not nouns:
        return "the last step"
    return nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + " and " + nouns[-1]


#: How an earlier note's status parts begin that a fresh step or advice supersedes.
_SUPERSEDED = ("(after: ", "still ", "it still ", "agent advised: ", "not fixed by ", "open after ")


def _status(issue: Issue, issues: Sequence[Issue]) -> str:
    """Where an open issue stands, composed in the note's own words — never a pasted sentence.

    ``"Router: not fixed by a power-cycle and a firmware update"``: what an
    earlier summary said (minus what the fresh turns superseded), whether the
    newest step fixed it, tool findings and plans, the open ticket, and advice
    the customer has not reported back on.
    """
    action, result = issue.last_step
    superseded = _SUPERSEDED if issue.stepped or issue.advice else ()
    known = [part for part in issue.carried if not (part.startswith(superseded) or "(after: " in part and superseded)]
    if issue.stepped and STILL.search(result):
        known.append(f"not fixed by {_tried(action)}")
    elif issue.stepped:
        known.append(f"open after {_tried(action)}" + (", with a new symptom" if issue.symptoms else ""))
    known += issue.findings
    known += [f"ticket {issue.ticket}"] if issue.ticket else []
    known += [f"agent advised: {issue.advice}"] if issue.advice else []
    return f"{_label(issue, issues)}: " + ("; ".join(dict.fromkeys(known)) or "open, no step reported yet")


def _next_step(issues: Sequence[Issue], previous: Sequence[str]) -> list[str]:
    """One action for whoever takes over, about the open issue the conversation touched last.

    In order: what the agent offered and has not done yet, the open ticket to
    follow up, a check on the advice the customer was given, the customer's
    own plan. When the fresh turns touched no issue, the earlier note's step stands.
    """
    if previous and not any(issue.seen > 0 for issue in issues):
        return list(previous[-1:])
    open_issues = sorted((i for i in issues if i.state == "open"), key=lambda i: i.seen)
    if not open_issues:
        return ["None: every reported issue is resolved."] if issues else []
    issue = open_issues[-1]
    thing = f"the {issue.device}" if issue.device else "the device"
    plans = [part for part in issue.findings + issue.carried if part.startswith("customer plans")]
    if issue.offer:
        return [_tidy(issue.offer.replace("the device", thing)) + " (the agent offered it)."]
    if issue.ticket or any(part.startswith("ticket ") for part in issue.carried):
        ticket = issue.ticket or next(part for part in issue.carried if part.startswith("ticket "))[7:]
        return [f"Follow up on ticket {ticket.split()[0]} ({issue.device or 'open issue'})."]
    if issue.advice:
        return [f"Check whether the customer could {issue.advice.replace(' it ', f' {thing} ', 1)}."]
    if plans:
        return [f"Follow up with the customer, who {plans[-1].removeprefix('customer ')} ({issue.device or 'open issue'})."]
    return [f"Ask the customer whether the problem with {thing} persists."]


def _tidy(text: str) -> str:
    return text[:1].upper() + text[1:].strip(" .")


def _fit(parts: list[tuple[str, list[Line]]], max_words: int | None, none_for_empty: bool = True) -> str:
    """Render the note, dropping bullets until it is under ``max_words`` (``None``: no budget).

    ``parts`` are the note's sections in order, ``(heading, bullets)``. An
    empty section says "none" when the prompt asks for that
    (``none_for_empty``), and is left out otherwise. Over budget, sections
    that say only "none" are left out first (they carry no fact). Then bullets
    go one at a time, lowest tier first and, within a tier, oldest first:

    1. steps, time cues and tool lines about issues that are resolved;
    2. the other steps, time cues and tool lines, except the newest of each
       section (the newest turns stay verbatim beside the note anyway);
    3. resolved issues;
    4. product and environment lines;
    5. the newest step, time cue and tool line;
    6. open issues and their status, except the newest;
    7. the newest open issue and its status, the contact preference, the next step.

    Identifiers, and for each must-keep fact one line that holds it, are
    never dropped, so a note can stay over budget by exactly those. A section the budget emptied
    is left out rather than saying "none", which would be a false claim.
    """
    def render(omit_empty: bool) -> str:
        shown = [f"## {heading}\n" + "\n".join(f"- {line.text}" for line in (lines or [Line("none")]))
                 for heading, lines in parts if lines or not omit_empty]
        return "\n\n".join(shown)

    text = render(not none_for_empty) or render(False)  # a note with nothing at all says so, section by section
    if max_words is None or count_words(text) <= max_words:
        return text
    text = render(True)
    while count_words(text) > max_words:
        droppable = [(line.tier, line.age, n, line) for n, (_, lines) in enumerate(parts) for line in lines if line.tier < _KEEP]
        if not droppable:
            break  # only identifiers and must-keep facts are left
        _, _, n, line = min(droppable, key=lambda entry: entry[:2])
        parts[n][1].remove(line)
        text = render(True)
    return text or render(False)


#: How a note that need not copy identifiers words them, by fact kind (:data:`memlab.facts.FACT_PATTERNS`):
#: ``(the id with the word before it, if any — "ticket TCK-1" —, what replaces it, the Identifiers line's subject)``.
_WORDED: dict[str, tuple[re.Pattern[str], str, str]] = {
    kind: (re.compile(rf"\b(?:{before})?({FACT_PATTERNS[kind].pattern})"), words, mentioned)
    for kind, before, words, mentioned in (
        ("order_number", "order (?:number )?", "the order", "An order number"),
        ("serial", "serial (?:number )?", "the serial", "A serial number"),
        ("error_code", "(?:error )?code ", "an error code", "An error code"),
        ("ticket_id", "ticket ", "the ticket", "A ticket"),
    )
}


def _paraphrase(text: str, keep: set[str]) -> str:
    """``text`` with each identifier worded ("the order"), except those in ``keep`` (must-keep facts)."""
    for pattern, words, _ in _WORDED.values():
        text = pattern.sub(lambda m: m.group(0) if m.group(1) in keep else words, text)
    return text


def _milestones(reader: Reader) -> list[Line]:
    """The conversation's milestones in order: each issue raised, each step, each tool result, each issue resolved."""
    events = [Line(f"Raised: {issue.headline}", age=issue.opened, issue=issue) for issue in reader.issues if issue.opened > 0]
    events += [Line(f"Step: {line.text}", age=line.age, issue=line.issue) for line in reader.steps]
    events += [Line(f"Tool: {line.text}", age=line.age, issue=line.issue) for line in reader.tools]
    events += [Line(f"Resolved: {issue.headline}", age=issue.step_line.age, issue=issue) for issue in reader.issues
               if issue.state == "resolved" and issue.step_line is not None and issue.step_line.age > 0]
    return sorted(events, key=lambda line: line.age)


def must_keep_listed(instructions: str) -> list[str]:
    """The facts a summary prompt lists under :data:`memlab.prompts.MUST_KEEP_RULE`."""
    lines = instructions.splitlines()
    if MUST_KEEP_RULE not in lines:
        return []
    facts = itertools.takewhile(lambda line: line.startswith("  - "), lines[lines.index(MUST_KEEP_RULE) + 1 :])
    return [json.loads(line[4:]) for line in facts]


def extractive_summary(items: Sequence[Mapping[str, Any]], must_keep: Sequence[str] = (), *,
                       spec: NoteSpec | None = None) -> str:
    """The offline stand-in for a model's summary: a running, sectioned handover note.

    Every section is filled from the transcript by rules (see the module
    docstring); nothing is invented, and the same input gives the same note.

    Args:
        items: The request's input: one message holding a role-prefixed
            transcript, or raw items. An earlier summary among them is merged
            in, so a summary of a summary neither nests nor forgets.
        must_keep: Facts the prompt lists as must-keep; each appears verbatim
            (added under Identifiers if the note lacks it) and survives the budget.
        spec: What the prompt asks the note to look like (:func:`._prompt.read_prompt`):
            its sections and their order, "none" for empty ones, identifiers
            verbatim or worded, its word budget (:func:`_fit` explains what goes
            first). Default: memlab's prompt, no budget.

    Returns:
        The note, its sections in the order ``spec`` gives (memlab's: :data:`memlab.prompts.SUMMARY_SECTIONS`).
    """
    spec = spec or NoteSpec()
    kinds = spec.heading_kinds()
    transcript = entries(items)
    previous = previous_summary(transcript, kinds)
    reader = Reader(previous)
    for at, (who, call_id, text) in enumerate(transcript, start=1):
        if not is_summary(who, text, kinds):
            reader.read(at, who, call_id, text)
    issues = reader.issues
    facts = find_facts("\n".join(text for _, _, text in transcript))  # earlier identifiers are in the text, verbatim

    def merged(name: str, fresh: list[Line]) -> list[Line]:
        """An earlier summary's bullets (older than anything fresh), then the fresh ones, each once."""
        lines: dict[str, Line] = {}
        for n, text in enumerate(previous.get(name, [])):
            lines.setdefault(text, Line(text, 2, n - len(previous[name])))
        for line in fresh:
            lines.setdefault(line.text, line)  # a repeat keeps its first place
        ordered = sorted(lines.values(), key=lambda line: line.age)
        for line in ordered:
            line.tier = 1 if line.issue is not None and line.issue.state == "resolved" else 2
        if ordered:
            ordered[-1].tier = 5
        return ordered

    # an earlier status line whose issue the budget dropped from that note is carried as it is, not forgotten
    orphans = [Line(line, 6, -1) for line in previous.get("Current status and blockers", []) if line not in
               reader.carried_status and not line.startswith(("Customer prefers contact by", "All reported issues"))]
    status = orphans + ([Line(_status(i, issues), 6, i.seen) for i in issues if i.state == "open"] or (
        [Line("All reported issues are resolved.", 7)] if issues else []))
    wanted = {kind for _, kind in spec.sections if kind is not None}
    sections: dict[str, list[Line]] = {
        "Product and environment": [Line(p, 4, n) for n, p in enumerate(reader.products.values())],
        "Reported issue": [Line(i.bullet(), 3 if i.state == "resolved" else 6, i.seen) for i in issues],
        "Steps tried and results": merged("Steps tried and results", reader.steps),
        "Identifiers": [Line(_identifiers(kind, values)) for kind, values in facts.items() if kind != "contact_channel"],
        "Timeline": merged("Timeline", reader.timeline),
        "Tool performance insights": merged("Tool performance insights", reader.tools),
        "Current status and blockers": status,
        "Next recommended step": [Line(s, 7) for s in _next_step(issues, previous.get("Next recommended step", []))],
        MILESTONES: merged(MILESTONES, _milestones(reader)) if MILESTONES in wanted else [],
        PREFERENCES: [],
    }
    for name in ("Reported issue", "Current status and blockers"):  # the newest issue and its state stay longest
        if sections[name]:
            max(sections[name], key=lambda line: (line.tier, line.age)).tier = 7
    if "contact_channel" in facts:  # the newest stated preference wins
        where = PREFERENCES if PREFERENCES in wanted else "Current status and blockers"
        sections[where].append(Line(f"Customer prefers contact by {facts['contact_channel'][-1]}.", 7))
    if not spec.verbatim_ids:  # no rule asked for identifiers as written: word them, except must-keep facts
        keep = {value for fact in must_keep for values in find_facts(fact).values() for value in values}
        sections["Identifiers"] = [
            Line(_identifiers(kind, [v for v in values if v in keep]) if keep.intersection(values) else f"{_WORDED[kind][2]} was mentioned.")
            for kind, values in facts.items() if kind in _WORDED]
        for lines in sections.values():
            for line in lines:
                line.text = _paraphrase(line.text, keep)
    parts = [(heading, sections[kind] if kind is not None else []) for heading, kind in spec.sections]
    rendered = _fit(parts, None)
    missing = [fact for fact in must_keep if fact not in rendered]
    if missing:  # the prompt asked for these verbatim (a cut tool output may have hidden them)
        home = sections["Identifiers"] if "Identifiers" in wanted else parts[0][1]
        home.append(Line("must keep: " + ", ".join(missing)))
    every = [line for _, lines in parts for line in lines]
    for fact in must_keep:  # the budget keeps one line holding each fact: Identifiers, else its most important holder
        holders = [line for line in every if fact in line.text]
        if holders and not any(line.tier == _KEEP for line in holders):
            max(holders, key=lambda line: (line.tier, line.age)).tier = _KEEP
    return _fit(parts, spec.max_words, spec.none_for_empty)
