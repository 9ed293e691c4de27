"""Triage agents, their desks and the turns after a handoff.

A desk's name said only as where or whose a thing another desk speaks of is does not name it: "The hotel wifi won't
connect" goes to IT support ("Helps with wifi, laptops and accounts"), not to the hotel desk; "my laptop at the
library" likewise. "Where is my order?" asks about a delivery: the shipping desk takes it.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")


def desk(name: str, does: str) -> Agent:
    return Agent(name=name, handoff_description=does, instructions=f"You are the {name}. {does}.")


async def routed(desks: list[Agent], message: str) -> str:
    triage = Agent(name="Triage", instructions="Route the user to the right desk.", handoffs=desks)
    return (await Runner.run(triage, message)).last_agent.name


@pytest.mark.parametrize(("desks", "message", "expected"), [
    ([("Hotel agent", "Handles hotel bookings"), ("IT support agent", "Helps with wifi, laptops and accounts")],
     "The hotel wifi won't connect", "IT support agent"),
    ([("Hotel agent", "Handles hotel bookings"), ("IT support agent", "Helps with wifi, laptops and accounts")],
     "My laptop in the hotel room won't turn on", "IT support agent"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "The library printer is jammed again", "Tech desk"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "I forgot my password at the library", "Tech desk"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "Can I renew my library book?", "Library agent"),
])
async def test_a_desk_named_only_as_where_hands_to_the_desk_of_the_thing(desks, message, expected):
    assert await routed([desk(*one) for one in desks], message) == expected


@pytest.mark.parametrize("message", ["Where is my order?", "Where's my order? It's been a week.",
                                     "Has my order left the warehouse?"])
async def test_where_is_my_order_goes_to_the_delivery_desk(message):
    desks = [desk("Shipping agent", "Answers questions about deliveries and shipping status"),
             desk("Refunds agent", "Handles refund requests"), desk("Courses agent", "Helps students pick courses")]
    assert await routed(desks, message) == "Shipping agent"
