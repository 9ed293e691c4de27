"""Arguments a careful model reads from plain requests: the name after a verb's particle ("check in Rosa Diaz"), the
thing counted ("2 cartons of milk"), the end of a scale ("turn it down"), a title apart from whom an event is with.

"In" right after a verb that takes it ("check in", "sign in", "book in") opens no place: the name after it is the
person the tool acts on (and no other field's: "at the Eastside clinic" is the clinic), and a tool named for that
verb and its particle reports what it did. A tool with an item and its quantity takes the thing a count measures
("milk" of "2 cartons of milk"), the unit apart, and a quantity no number gives is one ("Add milk please", "roll a
20-sided die"); a count named by another field ("2 servings of oatmeal") is no part of the thing, nor another
number's ("Throw 2 dice": no 2 sides). "Down" after a verb that turns a level ("Turn the music down") is the low end
of a scale, "up" the high one; a thing that "is down" asks for no low setting. A title named by "called" ends before
whom the event is "with" or "for", and is no attendee ("a meeting called Budget sync with Ana and Bo"); an event
unnamed is what the guests go "to" ("Invite Sam and Lee to the launch party").
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_in(guest_name: str) -> str:
    """Check a guest in at the hotel front desk."""
    return "ok"


@function_tool
def sign_in(visitor_name: str) -> str:
    """Sign a visitor in at reception."""
    return "ok"


@function_tool
def book_class(member_name: str, time: str) -> str:
    """Book a gym member into a class."""
    return "ok"


@function_tool
def add_item(item: str, quantity: int) -> str:
    """Add an item to the shopping list."""
    return "ok"


@function_tool
def stock_shelf(product: str, count: int, unit: str = "") -> str:
    """Record stock put on a warehouse shelf."""
    return "ok"


@function_tool
def set_volume(level: Literal["low", "medium", "high"]) -> str:
    """Set the music volume."""
    return "ok"


@function_tool
def set_heater(power: Literal["low", "medium", "high"]) -> str:
    """Set the heater's power."""
    return "ok"


@function_tool
def open_ticket(summary: str, priority: Literal["low", "medium", "high"]) -> str:
    """Open a support ticket."""
    return "ok"


@function_tool
def roll_dice(sides: int, count: int) -> str:
    """Roll dice."""
    return "ok"


@function_tool
def draw_cards(count: int, deck: str) -> str:
    """Draw cards from a deck."""
    return "ok"


@function_tool
def create_event(title: str, attendees: list[str], start: str) -> str:
    """Create a calendar event."""
    return "ok"


@function_tool
def start_project(name: str, members: list[str]) -> str:
    """Start a new project with its team members."""
    return "ok"


@function_tool
def add_task(title: str, assignee: str) -> str:
    """Add a task to the team board."""
    return "ok"


@function_tool
def add_to_cart(product: str, quantity: int) -> str:
    """Add a product to the shopping cart."""
    return "ok"


@function_tool
def invite(event: str, guests: list[str]) -> str:
    """Invite guests to an event."""
    return "ok"


@function_tool
def add_guests(event: str, guests: list[str]) -> str:
    """Add guests to an event's list."""
    return "ok"


@function_tool
def log_meal(food: str, servings: int) -> str:
    """Log a meal in the food diary."""
    return "ok"


@function_tool
def track_workout(exercise: str, sets: int) -> str:
    """Track an exercise in the workout log."""
    return "ok"


@function_tool
def register_patient(patient_name: str, clinic: str) -> str:
    """Register a patient at a clinic."""
    return "ok"


@function_tool
def throw_dice(sides: int = 6, count: int = 1) -> str:
    """Roll dice."""
    return "ok"


@function_tool
def book_seats(row: int = 1, quantity: int = 1) -> str:
    """Book theatre seats."""
    return "ok"


async def test_the_name_after_a_verbs_in_is_a_person_not_a_place():
    calls, reply = await tool_calls([check_in], "Check in Rosa Diaz")
    assert calls == [("check_in", {"guest_name": "Rosa Diaz"})]
    assert "Rosa Diaz" in reply and "The in" not in reply
    assert (await tool_calls([sign_in], "Could you sign in Tom Becker?"))[0] == [("sign_in", {"visitor_name": "Tom Becker"})]
    calls, _ = await tool_calls([book_class], "Book in Ana Lopez for 3pm")
    assert calls == [("book_class", {"member_name": "Ana Lopez", "time": "3pm"})]
    calls, reply = await tool_calls([check_in], "Check in Rosa Diaz and Tom Becker")
    assert [c[1]["guest_name"] for c in calls] == ["Rosa Diaz", "Tom Becker"]
    assert reply == "Done: I checked in (Rosa Diaz). Done: I checked in (Tom Becker)."
    calls, _ = await tool_calls([register_patient], "Sign in Lucy Grant at the Eastside clinic")
    assert calls == [("register_patient", {"patient_name": "Lucy Grant", "clinic": "Eastside"})]


async def test_an_item_is_the_thing_counted_and_one_when_no_number_is_given():
    calls, reply = await tool_calls([add_item], "Add 2 cartons of milk")
    assert calls == [("add_item", {"item": "milk", "quantity": 2})] and "milk" in reply
    assert (await tool_calls([add_item], "Add milk please"))[0] == [("add_item", {"item": "milk", "quantity": 1})]
    assert (await tool_calls([add_item], "Add two loaves of bread"))[0] == [("add_item", {"item": "bread", "quantity": 2})]
    assert (await tool_calls([add_item], "Put 3 bags of rice on the list"))[0] == [
        ("add_item", {"item": "rice", "quantity": 3})]
    calls, _ = await tool_calls([stock_shelf], "Stock 12 boxes of printer paper")
    assert calls == [("stock_shelf", {"product": "printer paper", "count": 12, "unit": "boxes"})]
    calls, reply = await tool_calls([stock_shelf], "Stock the new staplers please")
    assert calls == [("stock_shelf", {"product": "new staplers", "count": 1, "unit": ""})]
    assert reply == "Done: I stocked the shelf (new staplers, 1)."  # no empty unit told
    assert (await tool_calls([log_meal], "Log 2 servings of oatmeal"))[0] == [("log_meal", {"food": "oatmeal", "servings": 2})]
    calls, _ = await tool_calls([track_workout], "Track 4 sets of squats")
    assert calls == [("track_workout", {"exercise": "squats", "sets": 4})]


async def test_turning_a_level_down_is_low_and_up_is_high():
    assert (await tool_calls([set_volume], "Turn the music down"))[0] == [("set_volume", {"level": "low"})]
    assert (await tool_calls([set_volume], "Turn it up a bit"))[0] == [("set_volume", {"level": "high"})]
    assert (await tool_calls([set_heater], "Could you dial the heater down?"))[0] == [("set_heater", {"power": "low"})]
    calls, _ = await tool_calls([open_ticket], "The printer is down, please open a ticket")
    assert calls[0][1]["priority"] != "low"


async def test_a_count_said_with_a_is_one():
    assert (await tool_calls([roll_dice], "roll a 20-sided die"))[0] == [("roll_dice", {"sides": 20, "count": 1})]
    assert (await tool_calls([roll_dice], "roll two six-sided dice"))[0] == [("roll_dice", {"sides": 6, "count": 2})]
    calls, reply = await tool_calls([draw_cards], "Draw a card from the tarot deck")
    assert calls == [("draw_cards", {"count": 1, "deck": "tarot deck"})] and "drew" in reply
    assert (await tool_calls([throw_dice], "Throw 2 dice"))[0] == [("throw_dice", {"sides": 6, "count": 2})]
    assert (await tool_calls([book_seats], "Book 4 seats please"))[0] == [("book_seats", {"row": 1, "quantity": 4})]


async def test_a_title_called_so_is_no_attendee():
    calls, reply = await tool_calls([create_event], "Set up a meeting called Budget sync with Ana and Bo tomorrow at 10")
    assert calls == [("create_event", {"title": "Budget sync", "attendees": ["Ana", "Bo"], "start": "tomorrow at 10"})]
    assert "Budget sync" in reply
    calls, _ = await tool_calls([create_event], "Schedule 'Quarterly review' with Priya at 3pm")
    assert calls == [("create_event", {"title": "Quarterly review", "attendees": ["Priya"], "start": "3pm"})]
    calls, _ = await tool_calls([create_event], "Schedule a meeting called Sprint planning with Ana, Bo and Chen at 9am")
    assert calls == [("create_event", {"title": "Sprint planning", "attendees": ["Ana", "Bo", "Chen"], "start": "9am"})]
    calls, _ = await tool_calls([start_project], "Start a project named Harbor Lights with Mei and Jonas")
    assert calls == [("start_project", {"name": "Harbor Lights", "members": ["Mei", "Jonas"]})]
    calls, reply = await tool_calls([add_task], "Add a task called Fix login bug for Dana")
    assert calls == [("add_task", {"title": "Fix login bug", "assignee": "Dana"})] and "Fix login bug" in reply


async def test_an_event_unnamed_is_where_the_guests_go():
    calls, _ = await tool_calls([invite], "Invite Sam and Lee to the launch party")
    assert calls == [("invite", {"event": "launch party", "guests": ["Sam", "Lee"]})]
    calls, _ = await tool_calls([add_guests], "Please add Priya and Tomas to the spring offsite.")
    assert calls == [("add_guests", {"event": "spring offsite", "guests": ["Priya", "Tomas"]})]


async def test_a_tool_named_verb_to_thing_reports_what_it_did():
    calls, reply = await tool_calls([add_to_cart], "Put 2 bottles of olive oil in my cart")
    assert calls == [("add_to_cart", {"product": "olive oil", "quantity": 2})]
    assert reply == "Done: I added to the cart (olive oil, 2)."
