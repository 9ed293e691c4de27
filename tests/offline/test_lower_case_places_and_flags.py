"""Tool arguments and answers a careful model reads from plain, casual messages.

A place typed in lower case is still a place ("weather in paris please"); a person sent something is never the
street of the address that follows; an event after "tickets to" is the event, not the count; and a yes/no
question about a switch a tool returned is answered yes or no; a den is a room and a color word a color field's value
(never the end of a room's name); and "since yesterday" says when, not why.
"""

from __future__ import annotations

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_weather(location: str) -> str:
    """Get the current weather for a location."""
    return "sunny, 21°C"


@function_tool
def find_restaurants(city: str) -> str:
    """Find restaurants in a city."""
    return "Chez Nous, Le Coin"


@function_tool
def send_parcel(recipient: str, address: str) -> str:
    """Send a parcel to someone at an address."""
    return "sent"


@function_tool
def book_tickets(event: str, quantity: int) -> str:
    """Book tickets for an event."""
    return "booked"


@function_tool
def get_device(id: str) -> dict:
    """Get a device's status."""
    return {"id": "thermostat-3", "online": False, "battery": 40}


@function_tool
def get_store(name: str) -> dict:
    """Get a store's details."""
    return {"name": "Eastgate", "open": True, "closes": "9pm"}


@pytest.mark.parametrize(("message", "place"), [
    ("what's the temperature in new york", "New York"),
    ("weather in paris please", "Paris"),
    ("how's the weather in buenos aires today", "Buenos Aires"),
])
async def test_a_place_in_lower_case_is_taken(message, place):
    calls, _ = await tool_calls([get_weather], message)
    assert calls == [("get_weather", {"location": place})]


async def test_a_city_in_lower_case_fills_a_city_field():
    calls, _ = await tool_calls([find_restaurants], "any good restaurants in lyon?")
    assert calls == [("find_restaurants", {"city": "Lyon"})]


@pytest.mark.parametrize(("message", "recipient", "address"), [
    ("Send it to Maria Lopez, 12 Oak Street", "Maria Lopez", "12 Oak Street"),
    ("Please ship the parcel to Kenji Sato at 4 Elm Road", "Kenji Sato", "4 Elm Road"),
])
async def test_a_recipient_is_the_person_not_the_street(message, recipient, address):
    calls, _ = await tool_calls([send_parcel], message)
    assert calls == [("send_parcel", {"recipient": recipient, "address": address})]


@pytest.mark.parametrize(("message", "event", "quantity"), [
    ("two tickets to Hamilton", "Hamilton", 2),
    ("I need 3 tickets to Swan Lake", "Swan Lake", 3),
])
async def test_the_event_after_tickets_to_is_the_event(message, event, quantity):
    calls, _ = await tool_calls([book_tickets], message)
    assert calls == [("book_tickets", {"event": event, "quantity": quantity})]


async def test_a_yes_no_question_about_a_flag_is_answered_no():
    _, answer = await tool_calls([get_device], "Is thermostat-3 online?")
    assert answer == "No: thermostat-3 is not online."


async def test_a_yes_no_question_about_a_flag_is_answered_yes():
    _, answer = await tool_calls([get_store], "Is the Eastgate store open?")
    assert answer == "Yes: the Eastgate store is open."


async def test_other_fields_are_still_answered_by_name():
    _, answer = await tool_calls([get_device], "What's the battery of thermostat-3?")
    assert answer == "The battery is 40."


@function_tool
def set_light(room: str, on: bool, brightness: int, color: str | None = None) -> str:
    """Set a room's light."""
    return "ok"


@function_tool
def paint_wall(wall: str, colour: str) -> str:
    """Paint a wall."""
    return "ok"


@function_tool
def report_issue(reason: str) -> str:
    """Report an issue."""
    return "reported"


@pytest.mark.parametrize(("message", "room", "brightness"), [
    ("brighten the den to 80 percent", "den", 80),
    ("dim the study to 20%", "study", 20),
])
async def test_a_room_and_a_brightness_make_a_call(message, room, brightness):
    calls, _ = await tool_calls([set_light], message)
    assert calls == [("set_light", {"room": room, "on": True, "brightness": brightness, "color": None})]


@pytest.mark.parametrize(("message", "room", "color"), [
    ("make the bedroom light blue", "bedroom", "blue"),
    ("turn the hall light green", "hall", "green"),
])
async def test_a_color_fills_a_color_field(message, room, color):
    calls, _ = await tool_calls([set_light], message)
    assert calls[0][1]["room"] == room and calls[0][1]["color"] == color


async def test_a_color_is_no_room():
    calls, answer = await tool_calls([set_light], "make the light blue")
    assert calls == [] and "room" in answer


async def test_a_colour_fills_a_colour_field():
    calls, _ = await tool_calls([paint_wall], "Paint the north wall yellow")
    assert calls[0][1]["colour"] == "yellow"


@pytest.mark.parametrize("message", [
    "My card stopped working since yesterday",
    "The app keeps crashing since last Tuesday",
])
async def test_since_a_time_is_no_reason(message):
    calls, _ = await tool_calls([report_issue], message)
    assert calls == [("report_issue", {"reason": message})]
