"""Options, addresses, currencies and acknowledgements a careful model reads and reports literally.

The message's own verb ("Review my...") does not choose an option named by the same word; a street address fills an
address field whole; the currency after "to"/"into"/"in" is a conversion's target; and a tool that changes
something and only answers "done" is reported by what it did, with what.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def open_report(kind: Literal["review", "summary"]) -> str:
    """Open one of the quarterly reports."""
    return f"the {kind} report"


@function_tool
def deliver_box(reference: str, address: str) -> str:
    """Deliver a box to a postal address."""
    return "ok"


@function_tool
def exchange(amount: float, source: str, target: str) -> str:
    """Exchange an amount of money from one currency to another."""
    return json.dumps({"amount": amount, "source": source, "target": target})


@function_tool
def post_letter(recipient: str, subject: str) -> str:
    """Post a letter."""
    return "confirmed"


@function_tool
def book_room(floor: int, projector: bool) -> str:
    """Book a meeting room."""
    return "done"


async def test_the_messages_own_verb_does_not_choose_an_option():
    assert (await tool_calls([open_report], "Review my summary report, please."))[0] == [("open_report", {"kind": "summary"})]
    assert (await tool_calls([open_report], "Please review the summary figures."))[0] == [("open_report", {"kind": "summary"})]


async def test_a_street_address_fills_an_address_field_whole():
    calls, _ = await tool_calls([deliver_box], "Deliver box R-310 to 4 Mill Lane, Oxford.")
    assert calls == [("deliver_box", {"reference": "R-310", "address": "4 Mill Lane, Oxford"})]
    calls, _ = await tool_calls([deliver_box], "Deliver box R-311 to 88 Harbour Road.")
    assert calls[0][1]["address"] == "88 Harbour Road"


@pytest.mark.parametrize("message, source, target", [
    ("Find the weather in Paris and exchange 30 CHF to GBP", "CHF", "GBP"),
    ("What is 70 pounds in yen?", "GBP", "JPY"),
    ("exchange 12 EUR into CAD", "EUR", "CAD"),
    ("Exchange into USD from SEK 400", "SEK", "USD"),
])
async def test_the_currency_after_to_into_or_in_is_the_target(message, source, target):
    calls, _ = await tool_calls([exchange], message)
    assert (calls[0][1]["source"], calls[0][1]["target"]) == (source, target)


async def test_a_bare_acknowledgement_is_told_as_what_the_tool_did():
    _, reply = await tool_calls([post_letter], "Post a letter to Dana Whitfield about the lease renewal.")
    assert reply.startswith("Done: I posted the letter to Dana Whitfield") and "confirmed" not in reply
    _, reply = await tool_calls([book_room], "Book a room on floor 3 with a projector.")
    assert reply == "Done: I booked the room (3, projector)."
