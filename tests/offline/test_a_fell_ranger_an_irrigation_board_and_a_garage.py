"""Tool agents of outside testers': news calls nothing, a phone is no count, a list of numbers ends where it ends.

Before: "I bought my bike for 3,400 pounds from a farmer called Elwyn." looked up a part's price for "Elwyn" of
year 3400 (and "What year is my bike?" was answered from it); "Register 3 of us on Pike Ridge ..., emergency contact
is Ines on 07700 900123" logged a party of 7700 on the trail "Register 3"; "Water zones 2, 3 and 5 with drip for 25
minutes" watered zone 25 too, three times, once for 5 minutes; "Stop everything, there's a burst pipe!" stopped
nothing, and "Which zones are below 20 percent?" stopped all watering; "The member you are talking to is Priya
Nandakumar, climbing grade 6a." and "Customer: Delphine." gave no name to "What's my name?".
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def parts_price(part: str, model: str, year: int) -> str:
    """Look up the price of a replacement part for a motorcycle model and year."""
    return f"{part} for {year} {model}: £18.50, in stock"


@function_tool
def book_mot(registration: str, date: str) -> str:
    """Book an MOT test for a vehicle registration on a date (YYYY-MM-DD)."""
    return f"MOT booked for {registration} on {date}, ref MOT-5531"


GARAGE = Agent(name="Garage", tools=[parts_price, book_mot], instructions=(
    "You help a hobbyist restore a classic motorcycle. Remember the bike details they give and use the tools when "
    "they ask for prices or bookings."))


@pytest.mark.parametrize("news", ["I bought my bike for 3,400 pounds from a farmer called Elwyn.",
                                  "We rebuilt the gearbox over the winter with my brother."])
async def test_news_of_the_users_calls_no_tool(news: str) -> None:
    [(calls, reply)] = await turns(GARAGE, [news])
    assert calls == [] and reply.startswith("Noted"), (calls, reply)


async def test_an_order_among_the_news_still_calls() -> None:
    [(calls, _)] = await turns(GARAGE, ["I need the price of a clutch cable for a 1968 Triumph Bonneville."])
    assert [name for name, _ in calls] == ["parts_price"] and calls[0][1]["year"] == 1968, calls


@function_tool(strict_mode=False)
def log_hike(trail_name: str, party_size: int, return_by: str, emergency_contact: str = "none given") -> str:
    """Register a hiking party with the fell rescue team before setting out. return_by is HH:MM."""
    return f"Party of {party_size} on {trail_name} registered; back by {return_by}."


async def test_a_phone_number_is_no_count_and_an_order_verb_no_name() -> None:
    ranger = Agent(name="Ranger", instructions="You are the Carrow Fells ranger station assistant.", tools=[log_hike])
    [(calls, _)] = await turns(ranger, [
        "Register 3 of us on Pike Ridge, back by 17:30, emergency contact is Ines on 07700 900123."])
    assert len(calls) == 1, calls
    arguments = calls[0][1]
    assert (arguments["trail_name"], arguments["party_size"], arguments["return_by"]) == ("Pike Ridge", 3, "17:30"), calls


@function_tool
def run_irrigation(zones: list[int], minutes: int, mode: Literal["drip", "sprinkler", "mist"]) -> str:
    """Start watering on a farm's irrigation zones.

    Args:
        zones: zone numbers (1-12) to water
        minutes: how long to run each zone
        mode: emitter type to use
    """
    return f"Started {mode} on zones {zones} for {minutes} min each."


@function_tool
def soil_moisture() -> dict:
    """Latest soil moisture (%) for every zone."""
    return {"zone_1": 31, "zone_2": 12, "zone_3": 9}


@function_tool
def pause_all(reason: str) -> str:
    """Stop all irrigation immediately."""
    return f"All zones stopped ({reason})."


FARM = Agent(name="FieldHand", instructions="You control the irrigation on Larkspur Farm.",
             tools=[run_irrigation, soil_moisture, pause_all])


async def test_the_numbers_listed_after_a_fields_name_and_one_call() -> None:
    [(calls, _)] = await turns(FARM, ["Water zones 2, 3 and 5 with drip for 25 minutes."])
    assert calls == [("run_irrigation", {"zones": [2, 3, 5], "minutes": 25, "mode": "drip"})], calls


async def test_stop_pauses_and_a_question_pauses_nothing() -> None:
    [(stop, _)] = await turns(FARM, ["Stop everything, there's a burst pipe!"])
    assert [name for name, _ in stop] == ["pause_all"], stop
    [(asked, _)] = await turns(FARM, ["Which zones are below 20 percent?"])
    assert "pause_all" not in [name for name, _ in asked], asked


@pytest.mark.parametrize(("instructions", "name"), [
    ("You are the front desk of Boulderbarn climbing centre. The member you are talking to is Priya Nandakumar, "
     "climbing grade 6a. Address them by first name.", "Priya Nandakumar"),
    ("You serve customers at Saffron & Sumac spice merchants. Customer: Delphine. Current basket: empty.", "Delphine"),
])
async def test_the_one_served_is_named_by_a_member_line_or_a_label(instructions: str, name: str) -> None:
    result = await Runner.run(Agent(name="Desk", instructions=instructions), "What's my name?")
    assert name in str(result.final_output), result.final_output
