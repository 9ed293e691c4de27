"""A utility's outage line, an outside tester's: a UK postcode is one value, and a field the tool's description
lists the options of in prose ("utility is one of water, gas, electricity") takes the one the message says.

Before: "postcode LS6 2QT" made two calls, one for "LS6" and one for "2QT", each with utility "taps"; "BD7 1DP"
said alone was no postcode.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def report_outage(postcode: str, utility: str) -> str:
    """Report a water, gas or electricity outage at a postcode. utility is one of water, gas, electricity."""
    return f"Outage ticket OUT-5531 opened for {utility} at {postcode}."


OUTAGES = Agent(name="Outages", instructions="Log outages with report_outage.", tools=[report_outage])


@pytest.mark.parametrize(("message", "postcode", "utility"), [
    ("There's no water coming out of our taps, postcode LS6 2QT", "LS6 2QT", "water"),
    ("We've lost electricity in the whole street, postcode M14 5RB", "M14 5RB", "electricity"),
    ("I smell gas but the supply stopped too. BD7 1DP", "BD7 1DP", "gas"),
])
async def test_one_call_with_the_whole_postcode_and_the_utility_said(message: str, postcode: str, utility: str) -> None:
    [(calls, _)] = await turns(OUTAGES, [message])
    assert calls == [("report_outage", {"postcode": postcode, "utility": utility})], calls
