"""Facts: the identifiers and preferences a support conversation plants, and how to find them.

A memory policy is judged by what it keeps. In memlab's scenario the things
worth keeping are *facts* with a recognisable shape — an order number
(``ORD-73914``), a device serial (``SN-AX7Q42PL``), an error code
(``E-3120``), a ticket id (``TCK-123456``) — and one softer kind, the
customer's preferred contact channel ("please reach me by email").

Three parts of memlab need the same definition, so it lives here once:

* the scenario plants facts and validates its tools' arguments with it;
* the offline model recognises what a question asks for and what its input says;
* the evals check whether a fact was still in the model's input, or in an answer.

:func:`states` is the one rule for "this text states that fact": a whole match,
so ``ORD-7391`` is not stated by ``ORD-73914``.
"""

from __future__ import annotations

import re

__all__ = ["FACT_PATTERNS", "find_facts", "has_fact", "states"]

#: Regexes for the kinds of facts a support conversation plants. Group 1 (if
#: any) is the value; otherwise the whole match is.
FACT_PATTERNS: dict[str, re.Pattern[str]] = {
    "order_number": re.compile(r"\bORD-\d{5}\b"),
    "serial": re.compile(r"\bSN-[A-Z0-9]{8}\b"),
    "error_code": re.compile(r"\bE-\d{4}\b"),
    "ticket_id": re.compile(r"\bTCK-\d{6}\b"),
    # "prefer(s) ... email" within a sentence. The words in between may not hold
    # another "prefer"/"contact me": the engine then reads each stretch once
    # (a plain "[^.?!\n]*?" rereads the sentence from every "prefer": quadratic
    # time), and the value found is the same.
    "contact_channel": re.compile(
        r"\b(?:prefer(?:s|red)?|contact me|reach me)\b(?:(?!\b(?:prefer(?:s|red)?|contact me|reach me)\b)[^.?!\n])*?"
        r"\b(email|SMS|phone|WhatsApp)\b",
        re.IGNORECASE,
    ),
}


def find_facts(text: str) -> dict[str, list[str]]:
    """All fact values in ``text``, by kind, in order of appearance.

    Args:
        text: Any text (a message, a tool output, a summary).

    Returns:
        ``{kind: [value, ...]}`` for every kind of :data:`FACT_PATTERNS` found.
    """
    found: dict[str, list[str]] = {}
    for kind, pattern in FACT_PATTERNS.items():
        values = [m.group(1) if pattern.groups else m.group(0) for m in pattern.finditer(text)]
        if values:
            found[kind] = values
    return found


def states(text: str, fact: str, *, ignore_case: bool = False) -> bool:
    """Whether ``text`` holds ``fact`` whole, not as part of a longer identifier.

    ``states("order ORD-73914", "ORD-7391")`` is false: a letter, digit or
    hyphen right before or after the match means it is a different value.

    Args:
        text: Where to look (a summary, an answer, a model input).
        fact: The exact value.
        ignore_case: Match regardless of case (answers may say "sms" for "SMS").
    """
    flags = re.IGNORECASE if ignore_case else 0
    return re.search(rf"(?<![\w-]){re.escape(fact)}(?![\w-])", text, flags) is not None


def has_fact(text: str, kind: str, value: str, *, found: dict[str, list[str]] | None = None) -> bool:
    """Whether ``text`` states ``value`` *as a fact of this kind*.

    For the kinds of :data:`FACT_PATTERNS` the value must be found as that
    kind (case aside): "pick it from your phone's list" does not state the
    contact preference "phone", "please reach me by phone" does. Other kinds
    fall back to :func:`states`.

    Args:
        text: Where to look.
        kind: The fact's kind (a key of :data:`FACT_PATTERNS`, or any other name).
        value: The fact's value.
        found: ``find_facts(text)``, if the caller has it already: checking
            many facts against one long text (a whole model input) then reads
            the text once instead of once per fact.
    """
    if kind in FACT_PATTERNS:
        found = find_facts(text) if found is None else found
        return value.casefold() in {value_found.casefold() for value_found in found.get(kind, [])}
    return states(text, value, ignore_case=True)
