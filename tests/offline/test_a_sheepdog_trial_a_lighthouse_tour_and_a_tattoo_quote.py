"""What is said of a name ("Jess in the novice"), a colour, days of the week and a group counted by age is recalled;
an acting tool waits to be asked; a tool's one field takes the examples its description quotes; "8 by 6 cm" fills
width and height; "the same size in colour with Mara" changes the call it follows, never a boolean to a string.

Outside testers' sheepdog trials, lighthouse tours, foraging guild and tattoo studio. "Which class is Jess in?",
"What colour did I say it was?", "Which days of the week can I do?" and "How many people in my group altogether?" got
"nothing in this conversation says"; "My dog Fly has a sore paw." booked a practice slot; run_order got
class_name="first" and check_fee "novice class" though their descriptions list 'open' and 'novice'; "8 by 6 cm" gave
width 6; and the follow-up sent colour="same size colour Mara" to a strict boolean, so the tool failed.
"""

from __future__ import annotations

from typing import Optional

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Dale", instructions="You help handlers at the Dale Sheepdog Trials. Say so if you don't know.")


async def test_a_class_a_colour_days_and_a_group_by_age_are_recalled() -> None:
    replies = await turns(HELPER, ["I'm entering two dogs: Moss in the open and Jess in the novice.",
                                   "Which class is Jess in?",
                                   "I found a bracket fungus on an oak; it was bright orange-yellow and soft.",
                                   "What colour did I say it was?",
                                   "I can do Tuesdays and Thursdays in July, but not the 17th.",
                                   "Which days of the week can I do?",
                                   "We're coming as 3 adults and 1 child.", "How many people in my group altogether?"])
    assert "Jess in the novice" in replies[1][1], replies[1]
    assert "orange-yellow" in replies[3][1], replies[3]
    assert "Tuesdays and Thursdays" in replies[5][1], replies[5]
    assert replies[7][1].startswith("4.") and "3 adults and 1 child" in replies[7][1], replies[7]


async def test_an_acting_tool_waits_to_be_asked() -> None:
    booked = []

    @function_tool
    def book_pen_slot(dog: str) -> str:
        """Book a practice slot at the training pen for a dog. Returns a booking reference."""
        booked.append(dog)
        return f"Practice slot booked for {dog}: ref PEN-7731, 16:40 on Friday."

    desk = Agent(name="Desk", tools=[book_pen_slot], instructions="You help handlers at the Dale Sheepdog Trials. Use "
                 "book_pen_slot to book practice slots.")
    replies = await turns(desk, ["My dog Fly has a sore paw.", "Tam is a 3-year-old rough-coated bitch, first trial ever.",
                                 "Please book a practice slot for Tam."])
    assert [calls for calls, _ in replies[:2]] == [[], []] and booked == ["Tam"], (replies, booked)


async def test_a_tools_one_field_takes_the_examples_its_description_quotes() -> None:
    @function_tool
    def run_order(class_name: str) -> str:
        """Return the running order for a trials class (e.g. 'open', 'novice')."""
        return {"novice": "1. Fly (R. Moss), 2. Bess (T. Lowe)"}.get(class_name.lower(), f"No class called {class_name}.")

    @function_tool
    def check_fee(handler_class: str) -> str:
        """Return the entry fee for a handler class: 'open' or 'novice'."""
        return {"open": "£12 per run", "novice": "£8 per run"}.get(handler_class.lower(), "unknown class")

    desk = Agent(name="Entries", tools=[run_order, check_fee], instructions="Use run_order for the running order and "
                 "check_fee for fee questions.")
    replies = await turns(desk, ["Who runs first in the novice class?", "How much is the fee for the open class?"])
    assert replies[0][0] == [("run_order", {"class_name": "novice"})] and "Fly" in replies[0][1], replies[0]
    assert replies[1][0] == [("check_fee", {"handler_class": "open"})] and "£12" in replies[1][1], replies[1]


async def test_sizes_by_and_a_follow_up_in_colour_with_an_artist() -> None:
    @function_tool
    def quote_piece(width_cm: float, height_cm: float, colour: bool, artist: Optional[str] = None) -> dict:
        """Price a tattoo by size in cm, colour or blackwork, and optional artist."""
        area = width_cm * height_cm
        return {"area_cm2": area, "price_gbp": round(80 + area * (3.0 if colour else 2.0) + 40 * (artist == "Mara"), 2)}

    studio = Agent(name="Inkwell", tools=[quote_piece], instructions="You are the front desk of Inkwell Studio. Quote "
                   "with tools.")
    replies = await turns(studio, ["How much for a 8 by 6 cm blackwork piece?", "And the same size in colour with Mara?"])
    assert replies[0][0] == [("quote_piece", {"width_cm": 8, "height_cm": 6, "colour": False, "artist": None})], replies
    assert replies[1][0] == [("quote_piece", {"width_cm": 8, "height_cm": 6, "colour": True, "artist": "Mara"})], replies
    assert "264" in replies[1][1], replies[1]
