"""Checks for ``03_summarizing``: a must-keep rule for the customer's contact preference.

:func:`check_contact_rule` runs your rule — a function ``rule(items)`` that
returns the facts a summary must keep — on hand-made histories you have not
seen, then puts it in a :class:`~memlab.FidelityGate` and checks that the gate
rejects a note without the preference. No model is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..gate import FidelityGate
from ..items import copy_items
from ..prompts import SHADOW_PROMPT
from ._items import Item, reply, typed_user, user
from ._report import CaseFailed, Report, check_cases

__all__ = ["check_contact_rule"]


def _summary_pair(note: str) -> list[Item]:
    """The synthetic pair a summarizing session puts first: the shadow prompt, then the note."""
    return [user(SHADOW_PROMPT), {"role": "assistant", "content": note}]


_NOTE = (
    "## Reported issue\n- [open] The earbuds drop the connection\n\n"
    "## Current status and blockers\n- Earbuds: still drop\n- Customer prefers contact by {channel}.\n\n"
    "## Next recommended step\n- Ask whether a firmware update helped."
)

#: (name, items, the facts the rule must return)
CASES: list[tuple[str, list[Item], list[str]]] = [
    ("a preference stated once",
     [user("My earbuds keep disconnecting. Please reach me by email if the chat drops."),
      reply("Sorry to hear that. Which model are they?")],
     ["email"]),
    ("'by SMS, never by phone' is a preference for SMS",
     [user("Contact me by SMS, never by phone: I am in meetings all day."), reply("Noted.")],
     ["SMS"]),
    ("the newest preference wins",
     [user("Please contact me by email."), reply("Noted."),
      user("The left earbud is silent."), reply("Let's reset them."),
      user("Actually, contact me by WhatsApp from now on."), reply("Will do.")],
     ["WhatsApp"]),
    ("the agent's words are not the customer's",
     [user("My tablet will not charge."), reply("Would you prefer email or SMS updates on this?"),
      user("Whatever works, just fix it."), reply("Let's try another cable first.")],
     []),
    ("a tool's output is not the customer either",
     [user("Reach me by email, please. Is order ORD-51020 on its way?"),
      {"type": "function_call", "call_id": "c-n3-1", "name": "lookup_order", "arguments": '{"order_id": "ORD-51020"}'},
      {"type": "function_call_output", "call_id": "c-n3-1",
       "output": '{"status": "in transit", "note": "customer prefers phone calls (2019 profile)"}'},
      reply("ORD-51020 is in transit.")],
     ["email"]),
    ("no preference stated: no fact",
     [user("The screen flickers on battery."), reply("Does it happen on an external monitor?"),
      user("No, only on the laptop screen."), reply("Then let's update the graphics driver.")],
     []),
    ("a user message in the typed form (a list of parts) is read too",
     [typed_user("Please contact me by SMS about the repair."), reply("Noted: SMS.")],
     ["SMS"]),
    ("an earlier summary still carries the preference",
     [*_summary_pair(_NOTE.format(channel="email")),
      user("They still drop after the update."), reply("Then a replacement is the next step.")],
     ["email"]),
    ("a preference corrected after the earlier summary",
     [*_summary_pair(_NOTE.format(channel="email")),
      user("Change of plan: contact me by SMS from now on."), reply("Noted: SMS from now on.")],
     ["SMS"]),
]


def _facts(rule: Callable[[list[Item]], Any], items: list[Item]) -> list[str]:
    """What the rule returns for ``items``, as a list (a lone string is an error, not a list of letters)."""
    found = rule(copy_items(items))  # deep copies: a rule that edits them cannot spoil a later case
    if isinstance(found, str):
        raise CaseFailed(f"return a list of facts, e.g. [{found!r}], not the string {found!r}")
    if found is None:
        raise CaseFailed("the rule returned None; return a list ([] when there is no fact)")
    return [str(fact) for fact in found]


def check_contact_rule(rule: Callable[[list[Item]], Any]) -> Report:
    """Run your must-keep rule on hidden cases (Exercise 2 of ``03_summarizing``).

    Args:
        rule: ``rule(items) -> list of facts``: the customer's newest stated
            contact channel, as written (``["SMS"]``), or ``[]``.

    Returns:
        A report: one line per hidden case and a tally (it never raises).
    """

    def case(items: list[Item], wanted: list[str]) -> Callable[[], str | None]:
        def run() -> str | None:
            got = _facts(rule, items)
            return None if got == wanted else f"expected {wanted}, got {got}"
        return run

    def in_a_gate() -> str | None:
        items = CASES[2][1]  # the corrected preference: WhatsApp
        if not callable(rule):
            return "the rule must be a function of the items"
        gate = FidelityGate([rule])
        facts = gate.facts(copy_items(items))
        without = gate.check(_NOTE.format(channel="email"), facts)
        with_it = gate.check(_NOTE.format(channel="WhatsApp"), facts)
        if without.accepted:
            return f"the gate accepted a note that says email, not WhatsApp (your rule found {facts})"
        if not with_it.accepted:
            return f"the gate rejected a note that keeps WhatsApp (it missed {list(with_it.missing)})"
        return None

    cases = [(name, case(items, wanted)) for name, items, wanted in CASES]
    cases.append(("in a FidelityGate: a note that lost the newest preference is rejected", in_a_gate))
    return check_cases("Exercise 2 — your must-keep rule for the contact preference", cases)
