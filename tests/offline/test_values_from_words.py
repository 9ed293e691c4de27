"""Values of a kind read off the user's words, for tool arguments and structured answers.

A count spelled out is a number and a year is no count; "250k" is 250,000; a date or a time takes
the form a tool's description asks for; a list takes the items a sentence joins with "and", and an
optional list the message gives nothing for is left out; a name after "this is" is the whole name.
"""

from __future__ import annotations

import json
from typing import Literal, Optional

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


def arguments(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def charter_boat(harbour: str, guests: int, budget: int) -> str:
    """Charter a boat."""
    return "chartered"


async def test_a_count_spelled_out_is_a_number_a_year_is_no_count_and_k_is_thousands() -> None:
    agent = Agent(name="boats", instructions="You charter boats.", tools=[charter_boat])
    result = await Runner.run(agent, "A boat for nine from Porto Azul, on August 3rd 2026, budget 12.5k.")
    assert arguments(result) == [("charter_boat", {"harbour": "Porto Azul", "guests": 9, "budget": 12500})]


@function_tool
def schedule_visit(date: str, time: str, visitors: int) -> str:
    """Schedule a museum visit. date is YYYY-MM-DD, time is HH:MM (24h)."""
    return "scheduled"


class Delivery(BaseModel):
    parcel: str
    eta: str


async def test_a_date_and_a_time_take_the_form_the_description_asks_and_an_eta_is_a_date() -> None:
    agent = Agent(name="museum", instructions="You book museum visits.", tools=[schedule_visit])
    result = await Runner.run(agent, "Please schedule a visit on March 9th 2026 at 3:30pm for three visitors.")
    assert arguments(result) == [("schedule_visit", {"date": "2026-03-09", "time": "15:30", "visitors": 3})]
    agent = Agent(name="track", instructions="Extract the delivery.", output_type=Delivery)
    result = await Runner.run(agent, "Parcel PK-4410 is on its way to Ghent (ETA 2026-02-11) with a courier.")
    assert result.final_output == Delivery(parcel="PK-4410", eta="2026-02-11")


@function_tool
def find_rental(city: str, amenities: Optional[list[str]] = None) -> str:
    """Find a rental flat."""
    return "3 flats"


class Order(BaseModel):
    table: int
    extras: Optional[list[str]]


class Party(BaseModel):
    size: int
    guests: list[str]


async def test_a_list_takes_the_things_joined_by_and_and_an_optional_list_nothing_gives_is_null() -> None:
    agent = Agent(name="flats", instructions="You find flats.", tools=[find_rental])
    result = await Runner.run(agent, "Find a flat in Lisbon under 2,500 a month, ideally with a balcony, a dishwasher and a lift.")
    assert arguments(result) == [("find_rental", {"city": "Lisbon", "amenities": ["balcony", "dishwasher", "lift"]})]
    result = await Runner.run(agent, "Any flats in Porto, 2 rooms, max 1.5k?")
    assert arguments(result) == [("find_rental", {"city": "Porto", "amenities": None})]
    agent = Agent(name="waiter", instructions="Extract the order.", output_type=Order)
    result = await Runner.run(agent, "Hello, table 12 here. Can you bring us extra napkins and a high chair for our son?")
    assert result.final_output == Order(table=12, extras=["extra napkins", "high chair"])
    result = await Runner.run(agent, "Table 4, nothing else, thanks.")
    assert result.final_output == Order(table=4, extras=None)
    agent = Agent(name="party", instructions="Extract the party.", output_type=Party)
    result = await Runner.run(agent, "A party of two. Guests are Nora Vik and Sam Odell.")
    assert result.final_output == Party(size=2, guests=["Nora Vik", "Sam Odell"])


class Reservation(BaseModel):
    guest_name: str
    party: int


class Leg(BaseModel):
    town: str
    eta: str


class Voyage(BaseModel):
    legs: list[Leg]


async def test_a_name_after_this_is_or_a_place_after_a_travel_verb_is_read_whole() -> None:
    agent = Agent(name="host", instructions="Extract the reservation.", output_type=Reservation)
    result = await Runner.run(agent, "Good evening, this is Kofi Mensah. A table for four tonight, please.")
    assert result.final_output == Reservation(guest_name="Kofi Mensah", party=4)
    agent = Agent(name="port", instructions="Extract the voyage.", output_type=Voyage)
    result = await Runner.run(agent, "The ferry departs Santa Cruz (ETA 2026-05-02), stops at Las Palmas (ETA 2026-05-03) "
                                     "and ends in Funchal (ETA 2026-05-05).")
    assert result.final_output == Voyage(legs=[Leg(town="Santa Cruz", eta="2026-05-02"),
                                               Leg(town="Las Palmas", eta="2026-05-03"),
                                               Leg(town="Funchal", eta="2026-05-05")])
