"""Tool arguments a careful model reads off the message, and chat replies that must not misread it.

Switches turned off by their verb, two fields of one enum told apart by "from" and "to", a question a
read-only tool answers, a path with a slash, an option chosen by its explanation; in chat, a fault is not
good news, a later correction wins, a fact stated in the instructions answers, and a question whose topic
nothing said covers is answered "I don't know".
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from pydantic import Field

from memlab import TrimmingSession

pytestmark = pytest.mark.usefixtures("api")
UNKNOWN = "I don't know"


def arguments(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def set_power(lights: bool, heating: bool, alarm: bool) -> str:
    """Switch the home's devices on or off."""
    return "done"


@function_tool
def stock_level(warehouse: Literal["north", "south"]) -> str:
    """Get the stock level of one warehouse."""
    return {"north": "120 units", "south": "75 units"}[warehouse]


@function_tool
def ship(source_warehouse: Literal["north", "south"], destination_warehouse: Literal["north", "south"],
         units: int) -> str:
    """Ship units between warehouses."""
    return "shipped"


@function_tool
def lint(folder: str, strict: bool = False) -> str:
    """Lint the files in a folder."""
    return "2 warnings"


@function_tool
def open_case(desk: Literal["accounts", "shipping", "hardware"] = Field(
        description="accounts: passwords, logins; shipping: parcels, couriers; hardware: laptops, screens, keyboards")
        ) -> str:
    """Open a case with one desk."""
    return "case 12 opened"


async def test_a_switch_turned_off_by_its_verb_is_false_and_one_kept_on_is_true() -> None:
    agent = Agent(name="home", instructions="You control the user's home.", tools=[set_power])
    result = await Runner.run(agent, "Power off the lights and heating, but keep the alarm on.")
    assert arguments(result) == [("set_power", {"lights": False, "heating": False, "alarm": True})]


async def test_two_fields_of_one_enum_take_the_options_after_from_and_to() -> None:
    agent = Agent(name="stock", instructions="You move stock.", tools=[stock_level, ship])
    result = await Runner.run(agent, "Ship 40 units from north to south.")
    assert arguments(result) == [("ship", {"source_warehouse": "north", "destination_warehouse": "south", "units": 40})]


async def test_a_question_a_read_only_tool_answers_with_an_option_it_names_calls_it() -> None:
    agent = Agent(name="stock", instructions="You move stock.", tools=[stock_level, ship])
    result = await Runner.run(agent, "What do we have in the south warehouse?")
    assert arguments(result) == [("stock_level", {"warehouse": "south"})]
    assert "75 units" in result.final_output


async def test_a_token_with_a_slash_is_a_path_and_an_adverb_sets_its_flag() -> None:
    agent = Agent(name="dev", instructions="You help with code.", tools=[lint])
    result = await Runner.run(agent, "Lint src/memlab strictly please.")
    assert arguments(result) == [("lint", {"folder": "src/memlab", "strict": True})]


async def test_an_option_is_chosen_by_the_explanation_its_description_gives() -> None:
    agent = Agent(name="desk", instructions="You route cases.", tools=[open_case])
    result = await Runner.run(agent, "Open a case: my keyboard types double letters.")
    assert arguments(result) == [("open_case", {"desk": "hardware"})]


async def test_a_fault_is_not_good_news_and_a_fact_of_the_instructions_answers() -> None:
    agent = Agent(name="care", instructions="You help with ACME Co. kettles. Repairs take 10 working days.")
    session = SQLiteSession("kettle")
    fault = await Runner.run(agent, "My kettle isn't working since Monday.", session=session)
    assert not fault.final_output.startswith("Good to hear")
    answer = await Runner.run(agent, "How long will the repair take?", session=session)
    assert answer.final_output == "Repairs take 10 working days."


async def test_a_later_correction_wins_and_the_fault_answers_what_is_wrong() -> None:
    agent, session = Agent(name="care", instructions="Be concise."), SQLiteSession("laptop")
    for text in ("I need a repair for my laptop, ticket 5521.", "The screen is broken.",
                 "Sorry, the ticket number is 5512 actually."):
        await Runner.run(agent, text, session=session)
    ticket = await Runner.run(agent, "Which ticket is my repair?", session=session)
    assert ticket.final_output.rstrip(".").endswith("5512 actually")
    wrong = await Runner.run(agent, "What's wrong with the device?", session=session)
    assert "screen is broken" in wrong.final_output


async def test_a_count_asked_for_is_not_answered_by_an_unrelated_fact() -> None:
    agent, session = Agent(name="trip", instructions="Be concise."), TrimmingSession("trip", max_turns=2)
    for text in ("We'll spend 4 days in Oslo.", "We're flying there on a Friday.", "Our hotel is by the harbour."):
        await Runner.run(agent, text, session=session)
    result = await Runner.run(agent, "How many days is our trip?", session=session)
    assert result.final_output.startswith(UNKNOWN)


@function_tool
def shipping_status(parcel: str) -> str:
    """Where a parcel is now."""
    return "out for delivery"


@function_tool
def opening_times(branch: str) -> str:
    """When a branch of the library is open."""
    return "8am-8pm"


async def test_a_tool_named_by_a_noun_in_ing_answers_a_question_though_the_verb_would_change_something() -> None:
    agent = Agent(name="desk", instructions="You answer visitors.", tools=[shipping_status, opening_times, open_case])
    parcel = await Runner.run(agent, "What's the shipping status of parcel PX-88121?")
    assert arguments(parcel) == [("shipping_status", {"parcel": "PX-88121"})]
    hours = await Runner.run(agent, "When does the Riverside branch open?")
    assert arguments(hours) == [("opening_times", {"branch": "Riverside"})] and "8am-8pm" in hours.final_output


@function_tool
def send_parcel(parcel_id: str, recipient: str) -> str:
    """Send a parcel to a person."""
    return "sent"


async def test_a_person_after_to_is_the_recipient_and_neither_an_id_nor_next_is_a_name() -> None:
    agent = Agent(name="post", instructions="You send parcels.", tools=[send_parcel])
    sent = await Runner.run(agent, "Send parcel PCL-7741 to Ines Duarte.")
    assert arguments(sent) == [("send_parcel", {"parcel_id": "PCL-7741", "recipient": "Ines Duarte"})]
    later = await Runner.run(agent, "Next Monday send parcel PCL-7742 for Tom Berg.")
    assert arguments(later) == [("send_parcel", {"parcel_id": "PCL-7742", "recipient": "Tom Berg"})]
