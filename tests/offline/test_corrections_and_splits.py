"""Values a careful model corrects, trims or splits before it calls a tool.

A message that corrects a value right after a tool call ("make that PK-2209", "Not 9431, 9413", "sorry,
make that 6") calls that tool again with the new value in place of the one it corrects, the other
arguments kept; a room's name does not take the adjective that says what to change ("the lounge
cooler"); two text fields that would take one value of several words ("Samsung Galaxy S24") share it.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


def arguments(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


async def two_turns(agent: Agent, first: str, second: str):
    earlier = await Runner.run(agent, first)
    return earlier, await Runner.run(agent, [*earlier.to_input_list(), {"role": "user", "content": second}])


@function_tool
def track_parcel(tracking_code: str, carrier: str) -> str:
    """Where a parcel is now."""
    return {"PK-2209": "PK-2209 left the depot at 06:10."}.get(tracking_code, "Unknown code " + tracking_code)


@function_tool
def train_running(train_number: str) -> str:
    """Whether a train runs on time."""
    return {"9413": "Train 9413 runs 4 minutes late."}.get(train_number, "No train " + train_number)


@function_tool
def book_table(restaurant: str, people: int) -> str:
    """Book a table at a restaurant."""
    return f"Table for {people} at {restaurant} booked."


async def test_a_corrected_code_calls_the_tool_again_keeping_the_other_arguments() -> None:
    agent = Agent(name="post", instructions="You track parcels.", tools=[track_parcel])
    first, fixed = await two_turns(agent, "Track parcel PK-2290 with DHL please.", "Actually, make that PK-2209.")
    assert arguments(first) == [("track_parcel", {"tracking_code": "PK-2290", "carrier": "DHL"})]
    assert arguments(fixed) == [("track_parcel", {"tracking_code": "PK-2209", "carrier": "DHL"})]
    assert "06:10" in fixed.final_output


async def test_not_one_value_but_another_replaces_the_value_it_names() -> None:
    agent = Agent(name="rail", instructions="You answer about trains.", tools=[train_running])
    _, fixed = await two_turns(agent, "Is train 9431 on time?", "Not 9431, 9413.")
    assert arguments(fixed) == [("train_running", {"train_number": "9413"})]
    assert "4 minutes late" in fixed.final_output


async def test_a_corrected_count_keeps_its_type_and_the_other_arguments() -> None:
    agent = Agent(name="host", instructions="You book tables.", tools=[book_table])
    first, fixed = await two_turns(agent, "Book Nandos for 4 people.", "Sorry, make that 6.")
    assert arguments(first) == [("book_table", {"restaurant": "Nandos", "people": 4})]
    assert arguments(fixed) == [("book_table", {"restaurant": "Nandos", "people": 6})]


@function_tool
def set_lights(room: str, brightness: int) -> str:
    """Set how bright the lights of a room are."""
    return f"{room} at {brightness}%"


@function_tool
def hotel_climate(room: str, celsius: float) -> str:
    """Set the air conditioning of a hotel room."""
    return f"{room} at {celsius} C"


async def test_a_room_does_not_take_the_adjective_that_says_what_to_change() -> None:
    lights = Agent(name="home", instructions="You run the house.", tools=[set_lights])
    brighter = await Runner.run(lights, "Make the hallway brighter, 80 percent")
    assert arguments(brighter) == [("set_lights", {"room": "hallway", "brightness": 80})]
    climate = Agent(name="hotel", instructions="You help hotel guests.", tools=[hotel_climate])
    cooler = await Runner.run(climate, "Please set the lounge cooler, 19 degrees.")
    assert arguments(cooler) == [("hotel_climate", {"room": "lounge", "celsius": 19})]


@function_tool
def phone_price(brand: str, product: str) -> str:
    """Get the price of a phone."""
    return "$799"


@function_tool
def insure_bike(maker: str, model: str, value: float) -> str:
    """Insure a bicycle."""
    return "£9 a month"


async def test_two_text_fields_split_a_value_of_several_words_rather_than_repeat_it() -> None:
    phones = Agent(name="shop", instructions="You price phones.", tools=[phone_price])
    phone = await Runner.run(phones, "Price a Samsung Galaxy S24 for me.")
    assert arguments(phone) == [("phone_price", {"brand": "Samsung", "product": "Galaxy S24"})]
    bikes = Agent(name="cover", instructions="You insure bikes.", tools=[insure_bike])
    bike = await Runner.run(bikes, "Insure my Trek Domane, worth 2400 pounds.")
    assert arguments(bike) == [("insure_bike", {"maker": "Trek", "model": "Domane", "value": 2400})]
