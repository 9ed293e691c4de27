"""Requests that never say the tool's own verb, and on/off fields set by plain words.

A request that gives the values of the one tool that fits calls it ("Put me down for wheel throwing." for a
workshop tool): an optional field or a yes/no field the message leaves out does not stop it, and the thing asked
for is the words that name it ("four kayaks": kayaks), never the count or another field's value. A yes/no
field the message names is true when asked for ("with mushrooms") and false when waved away ("no need to wax",
"hold the olives").
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


def calls(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def join_workshop(workshop_name: str, member_code: str | None = None) -> str:
    """Reserve a place in a pottery workshop."""
    return f"Place reserved in {workshop_name}."


@function_tool
def rent_gear(item: str, quantity: int, insured: bool) -> str:
    """Rent outdoor gear for a trip."""
    return f"{quantity} {item} rented."


@function_tool
def order_pizza(size: Literal["small", "large"], olives: bool, mushrooms: bool) -> str:
    """Order a pizza."""
    return "Pizza ordered."


@function_tool
def book_car_wash(program: Literal["basic", "deluxe"], wax: bool) -> str:
    """Book a car wash."""
    return "Car wash booked."


async def run(tool, message: str):
    return await Runner.run(Agent(name="Desk", instructions="Help the customer with your tools.", tools=[tool]),
                            message)


async def test_a_request_for_what_the_one_tool_takes_calls_it_and_leaves_an_unsaid_optional_field_null() -> None:
    result = await run(join_workshop, "Put me down for wheel throwing.")
    assert calls(result) == [("join_workshop", {"workshop_name": "wheel throwing", "member_code": None})]


async def test_the_thing_a_name_field_holds_is_the_phrase_naming_it_and_not_the_code_given_to_another() -> None:
    result = await run(join_workshop, "Could you book me into the Thursday glazing workshop? My member code is PW-52.")
    assert calls(result) == [("join_workshop", {"workshop_name": "Thursday glazing workshop", "member_code": "PW-52"})]


async def test_an_item_counted_in_words_is_its_noun_and_a_yes_no_field_asked_for_is_true() -> None:
    result = await run(rent_gear, "Four kayaks please, and have them insured.")
    assert calls(result) == [("rent_gear", {"item": "kayaks", "quantity": 4, "insured": True})]


async def test_an_order_of_a_size_and_toppings_calls_the_tool_without_its_verb() -> None:
    result = await run(order_pizza, "Small please, olives but no mushrooms.")
    assert calls(result) == [("order_pizza", {"size": "small", "olives": True, "mushrooms": False})]


async def test_a_yes_no_field_waved_away_with_no_need_to_is_false() -> None:
    result = await run(rent_gear, "I'd like three tents, no need to insure them.")
    assert calls(result) == [("rent_gear", {"item": "tents", "quantity": 3, "insured": False})]
    result = await run(book_car_wash, "The deluxe one, but no need to wax it.")
    assert calls(result) == [("book_car_wash", {"program": "deluxe", "wax": False})]


async def test_a_topping_held_is_false_and_one_asked_for_is_true() -> None:
    result = await run(order_pizza, "Small, hold the mushrooms, with olives.")
    assert calls(result) == [("order_pizza", {"size": "small", "olives": True, "mushrooms": False})]
