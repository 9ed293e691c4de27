"""Argument values a careful, literal model takes from the user's words: a default kept when the user does not say the
value, a date the tool text asks for in ISO form (in the year a date of the instructions names), a money amount by
its currency sign, a number next to its unit word, a weight or a length in the field's unit, a room the message
names, a username after "I'm", handles listed for a list of users, a number by the description's label for it,
and the reason a message gives.

The tools and sentences are our own (none of memlab's scenario).
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, ModelSettings, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


async def calls(tools, message: str, instructions: str = "Use your tools.", choice: str | None = None) -> list:
    """The ``(name, arguments)`` of the calls an agent with ``tools`` makes for ``message``."""
    agent = Agent(name="Helper", instructions=instructions, tools=tools, tool_use_behavior="stop_on_first_tool",
                  model_settings=ModelSettings(tool_choice=choice))
    result = await Runner.run(agent, message)
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


async def arguments(tool, message: str, instructions: str = "Use your tools.", choice: str | None = None) -> dict:
    made = await calls([tool], message, instructions, choice)
    assert [name for name, _ in made] == [tool.name], made
    return made[0][1]


# -- defaults ------------------------------------------------------------------------------------------------------

@function_tool
def search_flights(origin: str, destination: str, date: str, max_stops: int = 1) -> str:
    """Search flights. date is YYYY-MM-DD."""
    return "[]"


@function_tool
def reset_password(username: str, send_sms: bool = True) -> str:
    """Reset a password; sends the temporary one by SMS unless send_sms is false (then email)."""
    return "sent"


@function_tool
def change_plan(account_id: str, new_plan: Literal["basic", "plus", "premium"], prorate: bool = True) -> str:
    """Change the subscription plan of an account."""
    return "changed"


@function_tool
def set_climate(zone_id: str, mode: Literal["heat", "cool", "auto"] = "auto", fan_speed: int = 2,
                units: str = "metric") -> str:
    """Configure the climate control of a zone."""
    return "set"


async def test_a_default_the_user_does_not_touch_is_kept():
    assert (await arguments(change_plan, "downgrade acct AC-9 to basic"))["prorate"] is True
    assert (await arguments(reset_password, "I forgot my password, username jdoe."))["send_sms"] is True
    made = await arguments(set_climate, "Configure zone Z-12 please")
    assert made == {"zone_id": "Z-12", "mode": "auto", "fan_speed": 2, "units": "metric"}
    assert (await arguments(set_climate, "Configure zone Z-12 to cool"))["mode"] == "cool"


async def test_a_default_the_user_overrides_by_a_related_word_is_not_kept():
    said = "I forgot my password, username jdoe. Please don't text me, email is fine."
    assert (await arguments(reset_password, said))["send_sms"] is False
    assert (await arguments(reset_password, "Reset it for mlopez and send me an SMS"))["send_sms"] is True


async def test_an_unsaid_count_keeps_its_default_and_the_year_comes_from_a_date_of_the_instructions():
    made = await arguments(search_flights, "Find me a flight from Lisbon to Madrid on March 14th",
                           "Travel assistant. Today is 2025-03-10.")
    assert made == {"origin": "Lisbon", "destination": "Madrid", "date": "2025-03-14", "max_stops": 1}
    made = await arguments(search_flights, "Any flights from Oslo to Rome on 2 June?", "Today is 2019-05-30.")
    assert made["date"] == "2019-06-02"
    assert (await arguments(search_flights, "Oslo to Rome on 2 June, max 0 stops"))["max_stops"] == 0


# -- dates a tool's text asks for ------------------------------------------------------------------------------------

@function_tool
def book_hotel(city: str, check_in: str, nights: int, guests: int = 1) -> str:
    """Book a hotel room. check_in is YYYY-MM-DD."""
    return "Booked."


@function_tool
def rent_car(city: str, pickup: str, days: int) -> str:
    """Rent a car. pickup is the pickup day as YYYY-MM-DD."""
    return "Rented."


@function_tool
def book_room(hotel: str, arrival: str, departure: str) -> str:
    """Book a room. arrival and departure are dates (YYYY-MM-DD)."""
    return "Booked."


@function_tool
def search_trains(origin: str, destination: str, date: str) -> str:
    """Search trains from origin to destination on date (YYYY-MM-DD)."""
    return "none"


async def test_a_field_the_tool_text_says_is_a_date_takes_the_date():
    made = await arguments(book_hotel, "Book a hotel in Porto, check-in 2025-04-02, 3 nights, 2 guests")
    assert made == {"city": "Porto", "check_in": "2025-04-02", "nights": 3, "guests": 2}
    made = await arguments(book_hotel, "A hotel in Ghent from April 2 2025 for 4 nights")
    assert (made["check_in"], made["nights"]) == ("2025-04-02", 4)
    made = await arguments(rent_car, "Rent a car in Faro for 5 days, arriving 7 May 2026")
    assert made == {"city": "Faro", "pickup": "2026-05-07", "days": 5}
    made = await arguments(book_room, "Book the Ritz from 2025-05-01 to 2025-05-04")
    assert made == {"hotel": "Ritz", "arrival": "2025-05-01", "departure": "2025-05-04"}
    made = await arguments(search_trains, "Search trains from Bern to Basel on May 3 2025")
    assert made == {"origin": "Bern", "destination": "Basel", "date": "2025-05-03"}


# -- numbers ------------------------------------------------------------------------------------------------------

@function_tool
def issue_refund(order_id: str, amount: float, reason: str) -> str:
    """Issue a refund for an order."""
    return "queued"


@function_tool
def calc_shipping(weight_kg: float, express: bool, destination_country: str) -> str:
    """Compute shipping cost."""
    return "EUR 3"


@function_tool
def cut_fabric(length_m: float, roll_id: str) -> str:
    """Cut a length of fabric."""
    return "cut"


async def test_a_money_amount_is_the_value_with_a_currency_sign_not_a_number_another_field_names():
    made = await arguments(issue_refund, "I want my money back for order 7781, it was $45.50 and arrived broken")
    assert (made["order_id"], made["amount"]) == ("7781", 45.5)
    made = await arguments(issue_refund, "Refund order 55102 please: €12.99, the item never arrived")
    assert (made["order_id"], made["amount"]) == ("55102", 12.99)


async def test_a_weight_or_a_length_is_given_in_the_fields_unit():
    made = await arguments(calc_shipping, "what does standard shipping of 700g to Japan cost")
    assert made == {"weight_kg": 0.7, "express": False, "destination_country": "Japan"}
    assert (await arguments(calc_shipping, "express shipping, 2.5 kg, to Chile"))["weight_kg"] == 2.5
    assert (await arguments(cut_fabric, "Cut 150 cm of fabric from roll R-22"))["length_m"] == 1.5


# -- rooms ---------------------------------------------------------------------------------------------------------

@function_tool
def set_lights(room: str, on: bool, brightness: int | None = None) -> str:
    """Turn lights on/off in a room; brightness 0-100 percent."""
    return "ok"


@function_tool
def set_thermostat(room: str, celsius: float) -> str:
    """Set target temperature for a room."""
    return "ok"


@function_tool
def get_sensor(room: str, kind: Literal["temperature", "humidity", "co2"]) -> float:
    """Read a sensor in a room."""
    return 1240.0


async def test_a_room_field_takes_the_room_the_message_names():
    assert await arguments(set_lights, "turn off the kitchen lights") == {"room": "kitchen", "on": False,
                                                                          "brightness": None}
    assert await arguments(set_lights, "switch the bathroom lights on") == {"room": "bathroom", "on": True,
                                                                            "brightness": None}
    made = await arguments(set_lights, "Dim the living room lights to 30%")
    assert (made["room"], made["brightness"]) == ("living room", 30)
    assert await arguments(set_thermostat, "kitchen to 23 please", choice="required") == {"room": "kitchen",
                                                                                          "celsius": 23}
    made = await arguments(set_thermostat, "It's too warm in the study, bring it down to 19.5", choice="required")
    assert made == {"room": "study", "celsius": 19.5}
    assert await arguments(get_sensor, "is the CO2 level in the nursery ok?") == {"room": "nursery", "kind": "co2"}
    assert (await arguments(get_sensor, "what's the temperature in the attic?"))["room"] == "attic"


# -- people and handles ----------------------------------------------------------------------------------------------

@function_tool
def list_open_tickets(username: str) -> list[dict]:
    """List a user's open tickets."""
    return [{"id": "HD-40001", "summary": "VPN drops"}]


@function_tool
def create_ticket(title: str, severity: int, affected_users: list[str]) -> str:
    """Open an IT ticket. severity is 1 (lowest) to 4 (highest)."""
    return "Ticket opened."


@function_tool
def file_bug(summary: str, impact: int, assignees: list[str]) -> str:
    """File a bug. impact is 1 (cosmetic), 2 (minor), 3 (major) or 4 (blocking)."""
    return "Filed."


async def test_a_username_is_the_handle_after_im_or_as():
    assert await arguments(list_open_tickets, "what tickets do I have open? I'm mkowalski") == {"username": "mkowalski"}
    assert await arguments(list_open_tickets, "list the open tickets, logged in as jdoe") == {"username": "jdoe"}
    assert await arguments(list_open_tickets, "show open tickets, my username is p.nowak") == {"username": "p.nowak"}


async def test_a_list_of_users_takes_the_handles_listed():
    made = await arguments(create_ticket, "Please open a ticket: the projector in room 4B is broken for me, anna.p and "
                           "raj.s. Severity 3.")
    assert (made["severity"], made["affected_users"]) == (3, ["anna.p", "raj.s"])
    made = await arguments(file_bug, "File a bug, impact 1: the export button overlaps the logo, please assign it to "
                           "li.wei and omar.k")  # (an impact nobody gives is asked for)
    assert made["assignees"] == ["li.wei", "omar.k"]


async def test_a_number_the_description_labels_is_chosen_by_its_label():
    made = await arguments(create_ticket, "Open a ticket: the printer on floor 2 is jammed, affects lukas.m only, "
                           "low severity")
    assert (made["severity"], made["affected_users"]) == (1, ["lukas.m"])
    made = await arguments(file_bug, "File a bug: checkout crashes on submit, it's blocking, assign ana.r")
    assert made["impact"] == 4


# -- things and units the tool's words name --------------------------------------------------------------------------

@function_tool
def log_meal(description: str, kcal: int, meal: Literal["breakfast", "lunch", "dinner", "snack"]) -> str:
    """Log a meal in the food diary."""
    return "logged"


@function_tool
def get_calories(food: str, grams: float) -> str:
    """Nutrition lookup."""
    return "300"


@function_tool
def get_recipe(dish: str, servings: int) -> str:
    """A recipe."""
    return "Stir."


async def test_a_count_next_to_the_unit_the_field_names_and_a_meal_by_its_time_of_day():
    made = await arguments(log_meal, "2 slices of toast with peanut butter this morning, ~350 calories")
    assert (made["kcal"], made["meal"]) == (350, "breakfast")
    made = await arguments(log_meal, "had a chicken salad at noon, around 520 calories")
    assert (made["kcal"], made["meal"]) == (520, "lunch")


async def test_the_thing_is_what_the_request_is_for_not_what_the_tool_gives():
    assert await arguments(get_calories, "get calories for chicken breast, 250 grams") == {"food": "chicken breast",
                                                                                           "grams": 250}
    made = await arguments(get_recipe, "get a recipe for mushroom risotto, 4 servings")
    assert made == {"dish": "mushroom risotto", "servings": 4}


# -- reasons -------------------------------------------------------------------------------------------------------

@function_tool
def cancel_booking(booking_ref: str, reason: str) -> str:
    """Cancel a booking."""
    return "cancelled"


async def test_a_reason_is_the_reason_the_message_gives_not_the_whole_message():
    made = await arguments(issue_refund, "I want my money back for order 7781, it was $45.50 and arrived broken")
    assert made == {"order_id": "7781", "amount": 45.5, "reason": "arrived broken"}
    made = await arguments(issue_refund, "Refund order 55102 please: €12.99, the item never arrived")
    assert made["reason"] == "the item never arrived"
    made = await arguments(cancel_booking, "Cancel booking BK-2291 because my flight was moved to Friday.")
    assert made == {"booking_ref": "BK-2291", "reason": "my flight was moved to Friday"}
