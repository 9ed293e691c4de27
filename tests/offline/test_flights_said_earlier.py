"""A flight said earlier ("flying LH 1234") is the flight a later question looks up ("Is my flight on time?": not
the flight "time"), and beside a ``new_flight`` the flight flown now, not the one moved to ("move me to LH 1240
instead": ``new_flight`` "LH 1240", without "instead")."""

from __future__ import annotations

import json

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_flight(flight: str) -> str:
    """Check a flight's status."""
    return json.dumps({"flight": flight, "status": "delayed", "new_departure": "18:40"})


@function_tool
def rebook(flight: str, new_flight: str) -> str:
    """Move a passenger to another flight."""
    return json.dumps({"booking": "PNR-X7Q2", "flight": new_flight})


async def test_a_flight_said_earlier_is_looked_up_and_moved_from() -> None:
    agent = Agent(name="Airline", instructions="You help travellers with flights. Use tools.", tools=[check_flight, rebook])
    said = await turns(agent, ["Hi, I'm Priya Shah, flying LH 1234 to Munich today.", "Is my flight on time?",
                               "Can you move me to LH 1240 instead?"])
    calls = [made for made, _ in said]
    assert calls[1] == [("check_flight", {"flight": "LH 1234"})]
    assert calls[2] == [("rebook", {"flight": "LH 1234", "new_flight": "LH 1240"})]
