"""Calls a careful model makes from plain sentences beside other tools.

A request's verb related to a tool's name names it ("Tell Maya..." for send_message beside call_contact); a
tool that adds an item takes the item as its ``name``, not a person; "Text Maya that..." opens with the verb, not a
text; "Plan ... on Friday" makes an event; an event's length ("a 60 minute spin class") is no part of its name; advice
for a case ("For a burn, ...") answers a message that reports it and asks "what should I do?".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def send_message(to: str, text: str) -> str:
    """Send a text message to a contact."""
    return "sent"


@function_tool
def call_contact(name: str) -> str:
    """Phone a contact."""
    return "calling"


@function_tool
def send_email(recipient: str, body: str) -> str:
    """Email a colleague."""
    return "emailed"


@function_tool
def phone_colleague(name: str) -> str:
    """Start a voice call with a colleague."""
    return "ringing"


@function_tool
def add_item(name: str, quantity: float, unit: str) -> str:
    """Add an item to the shopping list."""
    return "added"


@function_tool
def add_product(name: str, amount: int, unit: str) -> str:
    """Add a product to the pantry inventory."""
    return "stocked"


@function_tool
def create_event(title: str, start: str, duration_minutes: int) -> str:
    """Create a calendar event."""
    return "created"


@function_tool
def book_class(class_name: str, start: str, duration_minutes: int) -> str:
    """Book a fitness class."""
    return "booked"


async def test_a_verb_related_to_a_tools_name_names_it_beside_another():
    calls, _ = await tool_calls([send_message, call_contact], "Tell Maya I'll be 10 minutes late")
    assert calls == [("send_message", {"to": "Maya", "text": "I'll be 10 minutes late"})]
    calls, _ = await tool_calls([send_message, call_contact], "Call Maya")
    assert calls == [("call_contact", {"name": "Maya"})]
    calls, _ = await tool_calls([send_email, phone_colleague], "Tell Jonas the printer is fixed")
    assert [c[0] for c in calls] == ["send_email"] and calls[0][1]["recipient"] == "Jonas"


async def test_a_message_opening_with_the_text_fields_name_is_a_verb():
    calls, _ = await tool_calls([send_message, call_contact], "Text Maya that dinner is at 8")
    assert calls == [("send_message", {"to": "Maya", "text": "dinner is at 8"})]


async def test_an_item_tools_name_field_takes_the_item():
    calls, _ = await tool_calls([add_item], "Add 2 kg of potatoes")
    assert calls == [("add_item", {"name": "potatoes", "quantity": 2, "unit": "kg"})]
    calls, _ = await tool_calls([add_product], "Add 500 g of basmati rice")
    assert calls == [("add_product", {"name": "basmati rice", "amount": 500, "unit": "g"})]


async def test_planning_with_a_date_makes_the_event_and_its_length_is_no_name():
    calls, _ = await tool_calls([create_event], "Plan a 2 hour offsite with the design team on Friday at 10")
    assert calls[0][0] == "create_event" and calls[0][1]["duration_minutes"] == 120
    assert calls[0][1]["title"].startswith("offsite") and calls[0][1]["start"] == "Friday at 10"
    calls, _ = await tool_calls([create_event, book_class], "Book a 60 minute spin class tomorrow at 7")
    assert calls == [("book_class", {"class_name": "spin class", "start": "tomorrow at 7", "duration_minutes": 60})]
    calls, _ = await tool_calls([book_class], "Book a 45 minute yoga class on Sunday at 9")
    assert calls[0][1]["class_name"] == "yoga class"


async def test_advice_for_a_case_the_message_reports_answers_what_should_i_do():
    desk = Agent(name="First aid", instructions="You give first-aid advice. For a burn, cool it under running water "
                 "for 20 minutes.")
    reply = (await Runner.run(desk, "I burned my hand on the stove, what should I do?")).final_output
    assert "cool it under running water for 20 minutes" in reply
    assert "cool" not in (await Runner.run(desk, "I cut my finger, what should I do?")).final_output
    shop = Agent(name="Bike shop", instructions="You are a bike shop assistant. For a flat tyre, we patch it in 30 "
                 "minutes for $12.")
    reply = (await Runner.run(shop, "I have a flat tyre on my road bike, what can you do?")).final_output
    assert "$12" in reply


async def test_a_triage_routes_a_beginners_question_to_the_lessons_desk():
    def desks(*named: tuple[str, str]) -> Agent:
        return Agent(name="Triage", instructions="Route the user to the right desk.", handoffs=[Agent(
            name=name, instructions=f"You handle {name.lower()}.", handoff_description=about) for name, about in named])

    studio = desks(("Bookings", "Bookings of courts and rooms"), ("Lessons", "Lessons and courses for all levels"),
                   ("Equipment rental", "Renting rackets and gear"))
    assert (await Runner.run(studio, "Do beginners need experience?")).last_agent.name == "Lessons"
    pool = desks(("Lane hire", "Hiring a lane by the hour"), ("Swimming courses", "Courses for adults and kids"),
                 ("Shop", "Goggles, caps and swimwear"))
    assert (await Runner.run(pool, "Is it ok for a total beginner to join?")).last_agent.name == "Swimming courses"


@function_tool
def play_song(title: str, artist: str | None = None) -> str:
    """Play a song."""
    return "playing"


@function_tool
def stream_film(title: str, director: str | None = None) -> str:
    """Stream a film."""
    return "streaming"


async def test_the_name_after_by_is_the_artist_and_one_call_plays_it():
    calls, _ = await tool_calls([play_song], "Play Bohemian Rhapsody by Queen")
    assert calls == [("play_song", {"title": "Bohemian Rhapsody", "artist": "Queen"})]
    calls, _ = await tool_calls([stream_film], "Stream Spirited Away by Miyazaki")
    assert calls == [("stream_film", {"title": "Spirited Away", "director": "Miyazaki"})]


@function_tool
def order_pastry(item: str, quantity: int) -> str:
    """Order pastries from the bakery."""
    return "ordered"


async def test_each_counted_item_gets_its_own_call_and_a_dozen_is_twelve():
    calls, _ = await tool_calls([add_item], "Add 2 kg of potatoes and 3 bags of rice")
    assert calls == [("add_item", {"name": "potatoes", "quantity": 2, "unit": "kg"}),
                     ("add_item", {"name": "rice", "quantity": 3, "unit": "bags"})]
    calls, _ = await tool_calls([add_product], "Add 500 g of flour and 2 tins of tomatoes")
    assert [c[1]["name"] for c in calls] == ["flour", "tomatoes"]
    calls, _ = await tool_calls([order_pastry], "Order a dozen bagels")
    assert calls == [("order_pastry", {"item": "bagels", "quantity": 12})]


@function_tool
def book_hotel(city: str, nights: int, guests: int) -> str:
    """Book a hotel room."""
    return "confirmed: HTL-881"


@function_tool
def reserve_table(party_size: int, date: str, time: str, name: str) -> str:
    """Reserve a restaurant table."""
    return "reserved: T-42"


async def test_a_correction_ending_in_instead_takes_the_value_before_it():
    from agents import SQLiteSession

    for tools, first, fix, key, value in (
            ([book_hotel], "Book a hotel in Lisbon for 3 nights for 2 people", "make it 4 nights instead", "nights", 4),
            ([reserve_table], "Table for four tomorrow at 7pm under Garcia", "Actually make it six people", "party_size",
             6)):
        agent, session = Agent(name="Helper", instructions="Use your tools.", tools=tools), SQLiteSession(":memory:")
        await Runner.run(agent, first, session=session)
        result = await Runner.run(agent, fix, session=session)
        calls = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
        assert len(calls) == 1 and calls[0][key] == value


@function_tool
def reserve_class(class_name: str, day: str, time: str) -> str:
    """Book a spot in a fitness class."""
    return "booked"


@function_tool
def join_workshop(workshop_name: str, day: str) -> str:
    """Sign up for a craft workshop."""
    return "joined"


async def test_a_named_things_field_takes_what_the_verb_acts_on():
    calls, _ = await tool_calls([reserve_class], "Book yoga on Saturday at 9am")
    assert calls == [("reserve_class", {"class_name": "yoga", "day": "Saturday", "time": "9am"})]
    calls, _ = await tool_calls([join_workshop], "Sign me up for pottery on Monday")
    assert calls == [("join_workshop", {"workshop_name": "pottery", "day": "Monday"})]


@function_tool
def cancel_class(class_name: str, day: str) -> str:
    """Cancel a fitness class booking."""
    return "cancelled"


async def test_what_the_verb_acts_on_comes_after_me():
    calls, _ = await tool_calls([reserve_class, cancel_class], "Book me into yoga on Saturday at 9am")
    assert calls == [("reserve_class", {"class_name": "yoga", "day": "Saturday", "time": "9am"})]
    calls, _ = await tool_calls([join_workshop], "Book me in for ceramics on Monday")
    assert calls == [("join_workshop", {"workshop_name": "ceramics", "day": "Monday"})]
