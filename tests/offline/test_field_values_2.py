"""The values a careful, literal model gives to tool arguments and structured-output fields: null for what the
message does not say (when the schema allows it), the other end of a scale for a negated one, a labelled number
by its label, the thing a text field names (not the whole sentence), and a duration or temperature in the
field's unit.

The schemas and sentences are our own (none of memlab's scenario).
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Annotated, Literal, Optional

import pytest
from agents import Agent, AgentOutputSchema, Runner, function_tool
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


async def arguments(tool, message: str) -> dict:
    """The arguments of the one call an agent with ``tool`` makes for ``message``."""
    result = await Runner.run(Agent(name="Helper", instructions="Use your tool.", tools=[tool]), message)
    calls = [item.raw_item for item in result.new_items if item.type == "tool_call_item"]
    assert [call.name for call in calls] == [tool.name], calls
    return json.loads(calls[0].arguments)


@function_tool
def set_oven(heat_f: Annotated[int, Field(ge=200, le=550)]) -> str:
    """Preheat the oven, in degrees Fahrenheit."""
    return "Preheating."


@function_tool
def start_timer(label: str, seconds: Annotated[int, Field(ge=1, le=86400)]) -> str:
    """Start a kitchen timer."""
    return "Timer started."


@function_tool
def log_book(title: str, pages_read: int) -> str:
    """Log a book read."""
    return "Logged."


@function_tool
def post_note(channel: str, message: str) -> str:
    """Post a note to a team channel."""
    return "Posted."


@function_tool
def set_heating(room: str, target_c: float) -> str:
    """Set the heating of a room, in degrees Celsius."""
    return "Heating set."


class Line(BaseModel):
    product: str
    quantity: int
    price: float


class Basket(BaseModel):
    lines: list[Line]


class Screening(BaseModel):
    title: str
    day: str


class Venue(BaseModel):
    building: str
    floor: str


class Supplier(BaseModel):
    company: str
    phone: Optional[str] = None
    venue: Optional[Venue] = None


class Bug(BaseModel):
    title: str
    severity: Optional[Literal["minor", "moderate", "major"]] = None


class Risk(IntEnum):
    SMALL = 1
    MIDDLING = 2
    SEVERE = 3


class Incident(BaseModel):
    system: str
    risk: Risk


async def test_an_optional_nested_object_the_message_does_not_give_is_null() -> None:
    supplier = await extract(Supplier, "We now buy paper from Northwind Traders.")
    assert supplier.venue is None and supplier.phone is None


async def test_an_optional_option_the_message_does_not_state_is_null_and_a_negated_end_picks_the_other() -> None:
    stated = "File the bug. Set severity only when the reporter gives it."
    assert (await extract(Bug, "The save dialog forgets the last folder.", stated)).severity is None
    assert (await extract(Bug, "The save dialog forgets the last folder. It is not major.", stated)).severity == "minor"
    assert (await extract(Bug, "The save dialog forgets the last folder. It is major.", stated)).severity == "major"


async def test_numbers_labelled_in_the_instructions_are_chosen_by_their_label() -> None:
    told = "Record the incident. risk: 1 small, 2 middling, 3 severe."
    assert (await extract(Incident, "Mail-relay queue is growing, middling risk for now.", told)).risk == Risk.MIDDLING
    assert (await extract(Incident, "Mail-relay queue is growing, risk is severe.", told)).risk == Risk.SEVERE


async def test_a_duration_and_a_temperature_are_given_in_the_unit_the_field_names() -> None:
    assert (await arguments(start_timer, "Set a timer called Pasta for 2 hours."))["seconds"] == 7200
    assert (await arguments(set_oven, "Set the oven to 200°C for the pizza."))["heat_f"] == 392
    assert await arguments(set_heating, "Set the guest room 77°F.") == {"room": "guest room", "target_c": 25}


async def test_a_title_is_the_thing_named_and_a_text_what_the_user_asks_to_be_said() -> None:
    assert (await arguments(log_book, "Log the book Middlemarch, I read 880 pages."))["title"] == "Middlemarch"
    assert (await extract(Screening, "Film club night on Thursday.")).title == "Film club night"
    note = await arguments(post_note, "Post to Ops saying the backup finished early.")
    assert note["message"] == "the backup finished early"


async def test_a_text_field_labelled_in_the_message_takes_what_follows_its_label_not_a_quote() -> None:
    note = await arguments(post_note, "Post a note in channel 'infra', message: the disks are replaced.")
    assert note == {"channel": "infra", "message": "the disks are replaced"}


async def test_an_item_counted_with_one_is_named_and_priced_and_a_name_before_its_number_keys_it() -> None:
    basket = await extract(Basket, "I got 4 bagels at $1.20 each, one fresh orange juice for $3.80 and 2 muffins at 2.50 each.")
    assert basket.lines[1] == Line(product="fresh orange juice", quantity=1, price=3.8)
    laps = await extract(AgentOutputSchema(dict[str, float], strict_json_schema=False), "Marta ran 12.4, Jonas managed 9 and Ilse 10.5.", "Extract each runner's distance.")
    assert laps == {"Marta": 12.4, "Jonas": 9, "Ilse": 10.5}
