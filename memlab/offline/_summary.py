"""The offline model's summaries: the offline stand-in for a model's handover note.

When a request carries memlab's summary prompt (:mod:`memlab.prompts`), the
offline model answers with a note in :data:`~memlab.prompts.SUMMARY_SECTIONS`.
No model writes it: rules read the transcript and fill each section, so the
note is deterministic and notebooks and tests can compare its text. It is a
*stand-in* — a live model writes better prose — but it follows the prompt:

* **Issues, each once**, marked ``[open]`` or ``[resolved]`` (how the
  transcript is read into issues, steps and cues is :mod:`._reading`'s job).
* **Steps with their results**, split at the result ("power-cycled it twice
  … → it still drops"), and tool calls as one line each with the key finding.
* **Timeline** from the time cues the customer gave ("every evening", "since
  last Tuesday") and the dates tool outputs hold (a delivery date).
* **Status as a state**, composed from what is known about each open issue —
  never a sentence of the agent's advice pasted in.
* **One next step**: what the agent offered and has not done yet, else the
  open ticket to follow up, else a check on the advice the customer was given.
* **Identifiers verbatim**, every one; must-keep facts are always kept.
* **Running summaries**: an earlier note in the transcript is merged in, so a
  summary of a summary neither nests nor forgets.
* **A word budget** read from the prompt (:data:`~memlab.prompts.MAX_WORDS_RULE`),
  honoured by dropping the least important bullets first (see :func:`_fit`).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import find_facts
from ..prompts import MAX_WORDS_RULE, MUST_KEEP_RULE, SUMMARY_SECTIONS, count_words
from ._reading import STILL, Issue, Line, Reader, entries, is_summary, previous_summary

__all__ = ["extractive_summary", "max_words_listed", "must_keep_listed"]


#: The tier of bullets the word budget never drops: identifiers and must-keep facts.
_KEEP = 9


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _identifiers(kind: str, values: Sequence[str]) -> str:
    """``"order number: ORD-11111, then ORD-22222 (newest)"``: every value verbatim, the newest mention last.

    A customer who corrects an order number leaves both in the transcript; the
    gate wants both kept, the next engineer needs to know which one counts.
    """
    ordered = list(reversed(dict.fromkeys(reversed(values))))  # by last mention
    return f"{kind.replace('_', ' ')}: " + ", then ".join(ordered) + (" (newest)" if len(ordered) > 1 else "")


def _label(issue: Issue, issues: Sequence[Issue]) -> str:
    """An issue's short name in the status: its device ("Router"), or its headline when two open issues share one."""
    shared = sum(1 for i in issues if i.state == "open" and i.device == issue.device)
    return issue.device.capitalize() if issue.device and shared == 1 else issue.headline


def _status(issue: Issue, issues: Sequence[Issue]) -> str:
    """Where an open issue stands, composed from what is known — never a pasted sentence.

    ``"Router: it still drops (after: power-cycled it twice ...)"``: what an
    earlier summary said (minus what the fresh turns superseded), the newest
    step's result if it failed, tool findings and plans, the open ticket, and
    advice the customer has not reported back on.
    """
    action, result = issue.last_step
    superseded = ("(after: ", "still ", "it still ", "agent advised: ") if issue.stepped or issue.advice else ()
    known = [part for part in issue.carried if not (part.startswith(superseded) or "(after: " in part and superseded)]
    if STILL.search(result):  # the findings, if any, say more than the step
        known.append(_lower(result) + ("" if issue.findings else f" (after: {_lower(action)})"))
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


def _fit(sections: dict[str, list[Line]], max_words: int | None) -> str:
    """Render the note, dropping bullets until it is under ``max_words`` (``None``: no budget).

    Over budget, sections that say only "none" are left out first (they carry
    no fact). Then bullets go one at a time, lowest tier first and, within a
    tier, oldest first:

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
        parts = [f"## {name}\n" + "\n".join(f"- {line.text}" for line in (sections[name] or [Line("none")]))
                 for name in SUMMARY_SECTIONS if sections[name] or not omit_empty]
        return "\n\n".join(parts)

    text = render(False)
    if max_words is None or count_words(text) <= max_words:
        return text
    text = render(True)
    while count_words(text) > max_words:
        droppable = [(line.tier, line.age, name, line) for name in SUMMARY_SECTIONS for line in sections[name] if line.tier < _KEEP]
        if not droppable:
            break  # only identifiers and must-keep facts are left
        _, _, name, line = min(droppable, key=lambda entry: entry[:2])
        sections[name].remove(line)
        text = render(True)
    return text


def must_keep_listed(instructions: str) -> list[str]:
    """The facts a summary prompt lists under :data:`memlab.prompts.MUST_KEEP_RULE`."""
    lines = instructions.splitlines()
    if MUST_KEEP_RULE not in lines:
        return []
    facts = itertools.takewhile(lambda line: line.startswith("  - "), lines[lines.index(MUST_KEEP_RULE) + 1 :])
    return [json.loads(line[4:]) for line in facts]


def max_words_listed(instructions: str) -> int | None:
    """The word budget a summary prompt states with :data:`memlab.prompts.MAX_WORDS_RULE`, or ``None``."""
    head, _, _ = MAX_WORDS_RULE.partition("{max_words}")
    match = re.search(rf"^{re.escape(head)}(\d+) ", instructions, re.M)
    return int(match.group(1)) if match else None


def extractive_summary(items: Sequence[Mapping[str, Any]], must_keep: Sequence[str] = (), *,
                       max_words: int | None = None) -> str:
    """The offline stand-in for a model's summary: a running, sectioned handover note.

    Every section is filled from the transcript by rules (see the module
    docstring); nothing is invented, and the same input gives the same note.

    Args:
        items: The request's input: one message holding a role-prefixed
            transcript, or raw items. An earlier summary among them is merged
            in, so a summary of a summary neither nests nor forgets.
        must_keep: Facts the prompt lists as must-keep; each appears verbatim
            (added under Identifiers if the note lacks it) and survives the budget.
        max_words: A word budget (:func:`memlab.prompts.count_words`), or
            ``None`` for none; :func:`_fit` explains what goes first.

    Returns:
        The note, in :data:`memlab.prompts.SUMMARY_SECTIONS` order.
    """
    transcript = entries(items)
    previous = previous_summary(transcript)
    reader = Reader(previous)
    for at, (who, call_id, text) in enumerate(transcript, start=1):
        if not is_summary(who, text):
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
    sections: dict[str, list[Line]] = {
        "Product and environment": [Line(p, 4, n) for n, p in enumerate(reader.products.values())],
        "Reported issue": [Line(i.bullet(), 3 if i.state == "resolved" else 6, i.seen) for i in issues],
        "Steps tried and results": merged("Steps tried and results", reader.steps),
        "Identifiers": [Line(_identifiers(kind, values)) for kind, values in facts.items() if kind != "contact_channel"],
        "Timeline": merged("Timeline", reader.timeline),
        "Tool performance insights": merged("Tool performance insights", reader.tools),
        "Current status and blockers": status,
        "Next recommended step": [Line(s, 7) for s in _next_step(issues, previous.get("Next recommended step", []))],
    }
    for name in ("Reported issue", "Current status and blockers"):  # the newest issue and its state stay longest
        if sections[name]:
            max(sections[name], key=lambda line: (line.tier, line.age)).tier = 7
    if "contact_channel" in facts:  # the newest stated preference wins
        status.append(Line(f"Customer prefers contact by {facts['contact_channel'][-1]}.", 7))
    missing = [fact for fact in must_keep if fact not in _fit(sections, None)]
    if missing:  # the prompt asked for these verbatim (a cut tool output may have hidden them)
        sections["Identifiers"].append(Line("must keep: " + ", ".join(missing)))
    every = [line for lines in sections.values() for line in lines]
    for fact in must_keep:  # the budget keeps one line holding each fact: Identifiers, else its most important holder
        holders = [line for line in every if fact in line.text]
        if holders and not any(line.tier == _KEEP for line in holders):
            max(holders, key=lambda line: (line.tier, line.age)).tier = _KEEP
    return _fit(sections, max_words)
