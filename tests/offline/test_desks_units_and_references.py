"""Desks that answer what their instructions cover, and the values a tool's fields take from a user's words.

A desk reached by a handoff answers a question its own instructions speak of ("Why was I charged twice?" to a
billing desk that says "charges", or by a related word "billing questions") rather than hand it onwards to a desk a
related word names (refunds); a sentence of its instructions that sends on to that desk is not its own. A card or an
account "ending in 4421" is that number, not another of the message ("$80"), and a field of its last digits takes it
whatever names the card ("my Visa ending in 3012"). A count written "2x" is 2, and no code:
"2x AB-77, 5x CD-12" gives two items with their own quantities. A field for when something began takes the time
after "since" ("9am", "last night"), and the description beside it leaves that time out. A word's meaning picks a
setting: "warm it up" or "it's freezing" heats, "too hot" or "chill" cools, whatever the options' order; "max" is
high. A weekday
is one in lower case too ("on friday"), and no part of the thing booked ("the centrifuge next Tuesday": centrifuge).
Miles and pounds are converted into the unit a field's name asks for (``distance_km``, ``weight_kg``). A tool named
by a verb and its particle is told by both ("Done: I topped up (20, 5521).", "I turned off the heater", "I shut
down"), and the particle is no part of what the verb acts on ("Print out the quarterly report": quarterly report),
nor is a quantity ("Add 200g of sugar": sugar; "a 10 minute timer for the pasta": pasta).
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


async def desk_reply(instructions: str, description: str, onward: str, message: str) -> tuple[str, str]:
    """The name of the agent that answers ``message`` sent to a triage agent, and its reply."""
    name, _, onward = onward.partition(": ")
    further = Agent(name=name, instructions="You help.", handoff_description=onward)
    desk = Agent(name="Desk", instructions=instructions, handoff_description=description, handoffs=[further])
    triage = Agent(name="Triage", instructions="Route the customer to the right desk.", handoffs=[desk])
    result = await Runner.run(triage, message)
    return result.last_agent.name, result.final_output


@pytest.mark.parametrize(("instructions", "description", "onward", "message", "reply"), [
    ("You answer billing questions: charges, invoices, duplicate charges.",
     "Answers billing questions about charges and invoices.", "Refunds: Handles refunds.", "Why was I charged twice?", ""),
    ("You answer billing questions. Invoices are sent on the 1st of each month.",
     "Answers billing questions about charges and invoices.", "Refunds: Handles refunds.", "When are invoices sent?",
     "Invoices are sent on the 1st of each month."),
    ("You answer questions about plans. Renewal: plans renew on the 1st of each month.",
     "Answers questions about subscription plans.", "Payments: Takes card payments and updates the card.",
     "When does my subscription renew?", ""),
    ("Answer billing questions. If the customer wants a refund, hand off to Refunds.", "Answers billing questions.",
     "Refunds: Handles refunds.", "Why was I charged twice?", ""),
])
async def test_a_desk_answers_what_its_instructions_cover(instructions, description, onward, message, reply):
    name, answer = await desk_reply(instructions, description, onward, message)
    assert name == "Desk" and (not reply or answer == reply)


@function_tool
def pay_invoice(amount: float, card_last4: str) -> str:
    """Pay an invoice with a saved card."""
    return "ok"


@function_tool
def pay_bill(bill: str, card: str) -> str:
    """Pay a bill with a saved card."""
    return "ok"


@function_tool
def top_up(amount: int, account: str) -> str:
    """Top up a prepaid account."""
    return "ok"


@function_tool
def charge(amount: float, last_four_digits: str) -> str:
    """Charge a saved card."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "field", "value"), [
    (pay_invoice, "pay the $80 invoice with my card ending in 4421", "card_last4", "4421"),
    (pay_invoice, "Pay 120 euros using the card ending 0093.", "card_last4", "0093"),
    (pay_bill, "Pay the electricity bill with my card ending in 7710", "card", "7710"),
    (top_up, "Top up 20 on the account ending in 5521", "account", "5521"),
    (pay_invoice, "Use my Visa ending in 3012 to pay the 45 dollar invoice", "card_last4", "3012"),
    (charge, "charge $15 on my amex ending in 1005 please", "last_four_digits", "1005"),
])
async def test_a_card_ending_in_digits_is_those_digits(tool, message, field, value):
    assert (await tool_calls([tool], message))[0][0][1][field] == value


class Item(BaseModel):
    sku: str
    quantity: int


class Line(BaseModel):
    product_code: str
    qty: int


@function_tool
def add_items(items: list[Item]) -> str:
    """Add items to the cart."""
    return "ok"


@function_tool
def create_order(lines: list[Line]) -> str:
    """Create a purchase order."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (add_items, "Add 3 of SKU-1042 and 2 of SKU-2210", [{"sku": "SKU-1042", "quantity": 3}, {"sku": "SKU-2210", "quantity": 2}]),
    (add_items, "2x AB-77, 5x CD-12", [{"sku": "AB-77", "quantity": 2}, {"sku": "CD-12", "quantity": 5}]),
    (create_order, "Order 4x P-100 and 10x P-220 please",
     [{"product_code": "P-100", "qty": 4}, {"product_code": "P-220", "qty": 10}]),
])
async def test_each_code_takes_its_own_count(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values())[0] == expected


@function_tool
def report_issue(description: str, since: str) -> str:
    """Report a service issue."""
    return "ok"


@function_tool
def log_fault(summary: str, started: str) -> str:
    """Log an equipment fault."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (report_issue, "My internet has been down since 9am", ["My internet has been down", "9am"]),
    (report_issue, "Water is leaking in the kitchen since last night", ["Water is leaking in the kitchen", "last night"]),
    (log_fault, "The freezer in lab 2 has been beeping since 7:30", ["The freezer in lab 2 has been beeping", "7:30"]),
])
async def test_the_time_since_goes_to_its_own_field(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values()) == expected


@function_tool
def set_mode(mode: Literal["heat", "cool", "off"], target: float) -> str:
    """Set the thermostat mode and target temperature."""
    return "ok"


@function_tool
def climate(setting: Literal["cool", "heat", "fan"], degrees: int) -> str:
    """Change the climate control."""
    return "ok"


@function_tool
def set_fan(speed: Literal["medium", "low", "high"]) -> str:
    """Set the fan speed."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (set_mode, "Cool the room to 21", "cool"),
    (climate, "warm it up to 23", "heat"),
    (climate, "It's freezing, set 22", "heat"),
    (set_mode, "It's too hot in here, bring it down to 20", "cool"),
    (set_mode, "Chill the office to 19", "cool"),
    (set_fan, "Turn the fan to max", "high"),
    (set_fan, "fan speed to minimum please", "low"),
])
async def test_a_words_meaning_picks_the_setting(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values())[0] == expected


@function_tool
def reserve_instrument(instrument: str, date: str) -> str:
    """Reserve a lab instrument."""
    return "ok"


@function_tool
def book_equipment(equipment: str, day: str) -> str:
    """Book shared equipment for a day."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (reserve_instrument, "Reserve the mass spectrometer on Friday", ["mass spectrometer", "Friday"]),
    (reserve_instrument, "reserve the mass spectrometer on friday", ["mass spectrometer", "friday"]),
    (book_equipment, "book the pressure washer on saturday", ["pressure washer", "saturday"]),
    (reserve_instrument, "Reserve the centrifuge next Tuesday", ["centrifuge", "next Tuesday"]),
    (book_equipment, "book the van tomorrow", ["van", "tomorrow"]),
])
async def test_a_weekday_in_any_case_is_the_day_and_no_part_of_the_thing(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values()) == expected


@function_tool
def log_run(distance_km: float, minutes: int) -> str:
    """Log a run."""
    return "ok"


@function_tool
def log_weight(weight_kg: float) -> str:
    """Log body weight."""
    return "ok"


@function_tool
def plan_route(distance_m: int) -> str:
    """Plan a walking route of a length."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (log_run, "I ran 5 miles in 42 minutes", [8.04672, 42]),
    (log_weight, "log 180 pounds", [81.6466]),
    (plan_route, "a 2 mile walk please", [3218]),
])
async def test_miles_and_pounds_are_given_in_the_fields_unit(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values()) == pytest.approx(expected)


@function_tool
def turn_off_heater(room: str) -> str:
    """Turn off a heater."""
    return "done"


@function_tool
def sign_out_user(user: str) -> str:
    """Sign a user out of every device."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (top_up, "Top up 20 on the account ending in 5521", "Done: I topped up (20, 5521)."),
    (turn_off_heater, "Turn off the heater in the attic", "Done: I turned off the heater (attic)."),
    (sign_out_user, "Sign out Priya Shah everywhere", "Done: I signed out the user (Priya Shah)."),
])
async def test_a_verbs_particle_follows_it(tool, message, expected):
    assert (await tool_calls([tool], message))[1] == expected


@function_tool
def print_document(document: str) -> str:
    """Print a document."""
    return "ok"


@function_tool
def shut_down(machine: str) -> str:
    """Shut down a machine."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "value", "reply"), [
    (print_document, "Print out the quarterly report", "quarterly report", "Done: I printed the document (quarterly report)."),
    (shut_down, "Shut down the build server", "build server", "Done: I shut down (build server)."),
])
async def test_a_particle_is_no_part_of_the_object(tool, message, value, reply):
    calls, answer = await tool_calls([tool], message)
    assert (list(calls[0][1].values()), answer) == ([value], reply)


@function_tool
def add_ingredient(ingredient: str, grams: float) -> str:
    """Add an ingredient to the recipe, in grams."""
    return "ok"


@function_tool
def set_timer(minutes: int, label: str) -> str:
    """Set a kitchen timer."""
    return "ok"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (add_ingredient, "Add 200g of sugar", ["sugar", 200]),
    (add_ingredient, "add 150 grams of butter", ["butter", 150]),
    (set_timer, "Set a 10 minute timer for the pasta", [10, "pasta"]),
])
async def test_a_quantity_is_no_part_of_the_object(tool, message, expected):
    assert list((await tool_calls([tool], message))[0][0][1].values()) == expected

