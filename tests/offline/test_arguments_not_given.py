"""Arguments a careful model takes only as said: a required number nobody gave is asked for, not invented.

A tool's required number the message does not give ("Roll 2 dice": how many sides?) is asked for, by its field's
name, unless the schema gives it a default, it is a bound ("max_price": none set) or a setting beside a switch
("Switch the heater off": its power left alone); "up" or "down" after the word a tool acts on ("Volume up") asks for
its high or low option; a name typed in lower case after a verb that takes a person ("check in rosa diaz") is that
person's (and "Check in Ana Ruiz" asks nothing: its result is no answer); the thing put or added is not where it
goes ("Put milk on the list": milk), nor its measure ("Add 500g butter": butter, 500, g); and a need or a polite
order of a count ("We need 6 eggs", "Two medium lattes please", "grab 3 cans of beans"; not "We don't need...") is
an order for the tool that adds or orders it. An order that names a tool only by a related word ("Turn the music
down" for a volume) still goes to it, which asks for the number it lacks rather than just noting the message; a text
field is not given the number said ("Set a timer for 10 minutes": no label "10").
"""

from __future__ import annotations

from typing import Literal, Optional

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def roll_dice(sides: int, count: int) -> str:
    """Roll some dice."""
    return f"rolled {count}d{sides}: 4"


@function_tool
def roll_usual_dice(count: int, sides: int = 6) -> str:
    """Roll some dice."""
    return f"rolled {count}d{sides}: 4"


@function_tool
def start_timer(minutes: int, label: str) -> str:
    """Start a kitchen timer."""
    return "started"


@function_tool
def find_flights(destination: str, max_price: int) -> str:
    """Find flights."""
    return "[]"


@function_tool
def set_heater(on: bool, watts: int) -> str:
    """Switch the heater and set its power."""
    return "ok"


async def test_a_required_number_nobody_gave_is_asked_for():
    calls, reply = await tool_calls([roll_dice], "Roll 2 dice")
    assert calls == [] and "sides" in reply
    calls, reply = await tool_calls([start_timer], "Start a timer for the pasta")
    assert calls == [] and "minutes" in reply
    assert (await tool_calls([roll_dice], "Roll 2 six-sided dice"))[0] == [("roll_dice", {"sides": 6, "count": 2})]
    assert (await tool_calls([roll_usual_dice], "Roll three dice"))[0] == [("roll_usual_dice", {"count": 3, "sides": 6})]
    assert (await tool_calls([find_flights], "Find flights to Oslo"))[0][0][1]["destination"] == "Oslo"  # no bound set
    assert (await tool_calls([set_heater], "Switch the heater off"))[0][0][1]["on"] is False  # a setting left alone


@function_tool
def set_volume(level: Literal["low", "medium", "high"]) -> str:
    """Set the speaker volume."""
    return "ok"


@function_tool
def set_fan(speed: Literal["low", "medium", "high"]) -> str:
    """Set the ceiling fan."""
    return "ok"


async def test_up_or_down_after_the_tools_own_word_is_high_or_low():
    assert (await tool_calls([set_volume], "Volume up"))[0] == [("set_volume", {"level": "high"})]
    assert (await tool_calls([set_volume], "volume down please"))[0] == [("set_volume", {"level": "low"})]
    assert (await tool_calls([set_fan], "Fan down a bit, it's chilly in here"))[0] == [("set_fan", {"speed": "low"})]


@function_tool
def check_in(guest_name: str) -> str:
    """Check a guest in at the hotel."""
    return "checked in"


@function_tool
def invite(guest: str) -> str:
    """Invite someone to the party."""
    return "invited"


async def test_a_name_typed_in_lower_case_after_a_verb_that_takes_a_person():
    assert (await tool_calls([check_in], "check in rosa diaz"))[0] == [("check_in", {"guest_name": "Rosa Diaz"})]
    assert (await tool_calls([check_in], "pls sign in marco polo"))[0] == [("check_in", {"guest_name": "Marco Polo"})]
    assert (await tool_calls([invite], "can you invite maria garcia"))[0] == [("invite", {"guest": "Maria Garcia"})]
    calls, reply = await tool_calls([check_in], "check in the guest")
    assert calls == [] and "guest name" in reply
    calls, reply = await tool_calls([check_in], "check availability for tonight")  # no "in": no name after "check"
    assert calls == [] and "guest name" in reply


@function_tool
def check_out(room_number: int) -> str:
    """Check a room out."""
    return "checked out"


async def test_a_check_in_is_an_order_not_a_question():
    assert (await tool_calls([check_in], "Check in Ana Ruiz"))[1] == "check_in returned: checked in."
    assert (await tool_calls([check_out], "Check out room 12"))[1] == "check_out returned: checked out."


@function_tool
def add_item(item: str, quantity: int, unit: Optional[str] = None) -> str:
    """Add an item to the shopping list."""
    return "added"


@function_tool
def add_to_basket(product: str, quantity: int) -> str:
    """Add a product to the basket."""
    return "added"


async def test_the_thing_added_is_not_where_it_goes_nor_its_measure():
    assert (await tool_calls([add_item], "Put milk on the list"))[0] == [("add_item", {"item": "milk", "quantity": 1,
                                                                                       "unit": None})]
    assert (await tool_calls([add_item], "put eggs in the cart"))[0][0][1]["item"] == "eggs"
    assert (await tool_calls([add_item], "Add 500g butter"))[0] == [("add_item", {"item": "butter", "quantity": 500,
                                                                                  "unit": "g"})]
    assert (await tool_calls([add_item], "add 250ml cream to my list"))[0][0][1] == {"item": "cream", "quantity": 250,
                                                                                    "unit": "ml"}
    assert (await tool_calls([add_to_basket], "Add 2kg rice"))[0] == [("add_to_basket", {"product": "rice", "quantity": 2})]


@function_tool
def order_drink(drink: str, size: Literal["small", "medium", "large"], quantity: int) -> str:
    """Order drinks at the cafe."""
    return "ordered"


async def test_a_need_or_a_polite_order_of_a_count_calls_the_tool():
    assert (await tool_calls([add_item], "We need 6 eggs"))[0] == [("add_item", {"item": "eggs", "quantity": 6, "unit": None})]
    assert (await tool_calls([add_to_basket], "need 3 lemons"))[0] == [("add_to_basket", {"product": "lemons", "quantity": 3})]
    assert (await tool_calls([order_drink], "Two medium lattes please"))[0] == [
        ("order_drink", {"drink": "lattes", "size": "medium", "quantity": 2})]
    assert (await tool_calls([order_drink], "One large mocha, thanks"))[0] == [
        ("order_drink", {"drink": "mocha", "size": "large", "quantity": 1})]
    assert (await tool_calls([add_item], "We don't need milk anymore"))[0] == []
    assert (await tool_calls([add_to_basket], "We don't need 2 lemons after all"))[0] == []
    assert (await tool_calls([add_item], "grab 3 cans of beans"))[0] == [("add_item", {"item": "beans", "quantity": 3,
                                                                                       "unit": "cans"})]


@function_tool
def set_speaker_volume(level: int) -> str:
    """Set the speaker volume (0-100)."""
    return "ok"


async def test_an_order_for_a_tool_by_a_related_word_asks_the_number_it_lacks():
    calls, reply = await tool_calls([set_speaker_volume], "Turn the music down")
    assert calls == [] and "level" in reply
    calls, reply = await tool_calls([set_speaker_volume], "turn the sound up a bit please")
    assert calls == [] and "level" in reply
    assert (await tool_calls([set_speaker_volume], "Turn the music down to 20"))[0] == [("set_speaker_volume", {"level": 20})]


@function_tool
def call_contact(contact: str) -> str:
    """Phone a contact."""
    return "calling"


async def test_a_label_is_not_the_number_said_and_a_call_takes_a_person():
    calls, reply = await tool_calls([start_timer], "Set a timer for 10 minutes")
    assert calls == [] and "label" in reply
    calls, reply = await tool_calls([start_timer], "timer for 3 minutes please")
    assert calls == [] and "label" in reply
    assert (await tool_calls([call_contact], "call mom"))[0] == [("call_contact", {"contact": "Mom"})]
    assert (await tool_calls([call_contact], "ring uncle bob"))[0] == [("call_contact", {"contact": "Uncle Bob"})]
