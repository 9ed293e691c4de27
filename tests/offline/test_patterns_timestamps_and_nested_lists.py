"""Schema constraints a learner's pydantic models carry, as a strict validator reads them: a string's ``pattern`` is
filled with the word the message says that matches it; a ``datetime`` (JSON schema ``format: date-time``) is an
RFC 3339 timestamp, with its offset; a model that lists its own kind (``friends: list[Person]``) lists the people
the message names, each with no list of its own made of the same words."""

from __future__ import annotations

import datetime
import json

import jsonschema
import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel, constr

pytestmark = pytest.mark.usefixtures("api")


class Booking(BaseModel):
    reference: constr(pattern=r"^[A-Z]{2}\d{3}$")
    guests: int


class Person(BaseModel):
    name: str
    friends: list[Person]


class Parcel(BaseModel):
    code: constr(pattern=r"^[A-Z]{2}\d{3}$")
    postcode: constr(pattern=r"^\d{4}-\d{3}$")


async def test_a_pattern_takes_the_word_that_matches_it_not_another_identifier() -> None:
    agent = Agent(name="Desk", instructions="Extract the booking.", output_type=Booking)
    booking = (await Runner.run(agent, "Room SKU-7, booking AB123, 2 guests.")).final_output
    assert (booking.reference, booking.guests) == ("AB123", 2)


@pytest.mark.parametrize("message", ["Item code XY555 ships to 1000-205 Lisbon.",
                                     "Ship XY555 to Rua Augusta 5, 1000-205 Lisboa."])
async def test_each_pattern_finds_its_own_word(message: str) -> None:
    agent = Agent(name="Post", instructions="Extract the parcel.", output_type=Parcel)
    parcel = (await Runner.run(agent, message)).final_output
    assert (parcel.code, parcel.postcode) == ("XY555", "1000-205")


async def test_a_datetime_argument_is_an_rfc3339_timestamp() -> None:
    booked = []

    @function_tool
    def book_slot(start: datetime.datetime, room: str) -> str:
        """Book a meeting room.

        Args:
            start: When the meeting starts.
            room: The room's name.
        """
        booked.append(start)
        return "booked"

    agent = Agent(name="Rooms", instructions="Book rooms with book_slot.", tools=[book_slot])
    result = await Runner.run(agent, "Book the Atlas room for 2025-06-01 at 10:00.")
    call = next(item.raw_item for item in result.new_items if item.type == "tool_call_item")
    schema = book_slot.params_json_schema
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.loads(call.arguments))
    assert booked == [datetime.datetime(2025, 6, 1, 10, 0, tzinfo=datetime.timezone.utc)]


async def test_a_model_listing_its_own_kind_lists_each_name_once() -> None:
    agent = Agent(name="Friends", instructions="Extract the person and their friends.", output_type=Person)
    person = (await Runner.run(agent, "Ana's friends are Bo and Cy.")).final_output
    assert [friend.name for friend in person.friends][-2:] == ["Bo", "Cy"]
    assert all(friend.friends == [] for friend in person.friends)


class Placed(BaseModel):
    order_id: str
    placed: datetime.datetime


async def test_a_named_timestamp_keeps_the_time_said_after_its_date() -> None:
    agent = Agent(name="Orders", instructions="Extract the order.", output_type=Placed)
    order = (await Runner.run(agent, "Order ORD-5521 placed 2025-06-30 14:05, paid by card.")).final_output
    assert order == Placed(order_id="ORD-5521", placed=datetime.datetime(2025, 6, 30, 14, 5, tzinfo=datetime.timezone.utc))
