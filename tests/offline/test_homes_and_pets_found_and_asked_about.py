"""A home-buying agent and a pet-adoption agent, our own.

"What's the address of the second one?" is answered from the second listing found, with no call; a question that
gives a call's values ("on a 365,000 euro house with a 20% deposit over thirty years") makes the call; "Is the
neighbourhood safe?" is not answered by a result's "type: apartment", which only a related word ties to it. "Set up
a meet and greet with Luna on the 12th, my number is 512-555-0188" books Luna by her id: "12th" is a day and the
phone number is the phone's, neither is the pet's id; "What breed is Biscuit?" is read from the pets found."""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_listings(city: str, min_price: int | None = None, max_price: int | None = None,
                    bedrooms: int | None = None) -> list[dict]:
    """Search property listings for sale in a city, filtered by price range in euros and number of bedrooms."""
    return [{"listing_id": "L-3381", "address": "4 Canal St", "price": 310000, "type": "apartment"},
            {"listing_id": "L-3390", "address": "19 Oak Lane", "price": 365000, "type": "house"},
            {"listing_id": "L-3402", "address": "7 Mill Rd", "price": 289000, "type": "apartment"}]


@function_tool
def mortgage_estimate(price: float, deposit_percent: float = 10.0, years: int = 25) -> dict:
    """Estimate monthly mortgage payment for a property price."""
    return {"monthly_payment": round(price * (1 - deposit_percent / 100) * 0.0055, 2)}


async def test_a_listing_asked_about_by_its_place_and_a_payment_asked_with_its_values() -> None:
    agent = Agent(name="Homes", instructions="You help people find homes to buy.",
                  tools=[search_listings, mortgage_estimate])
    said = await turns(agent, ["I'm looking for a 3-bedroom place in Utrecht between 250k and 400k.",
                               "What's the address of the second one?",
                               "What would the monthly payment be on a 365,000 euro house with a 20% deposit over thirty "
                               "years?", "Is the neighbourhood safe?"])
    assert said[1] == ([], "The address is 19 Oak Lane.")
    assert said[2][0] == [("mortgage_estimate", {"price": 365000, "deposit_percent": 20, "years": 30})]
    assert said[3][0] == [] and said[3][1].startswith("I don't know")


@function_tool
def search_pets(species: Literal["dog", "cat", "rabbit"], good_with_kids: bool = False, city: str | None = None) -> list:
    """Search adoptable pets by species, whether good with kids, and shelter city."""
    return [{"pet_id": "PET-204", "name": "Biscuit", "breed": "Beagle mix"},
            {"pet_id": "PET-219", "name": "Luna", "breed": "Labrador"}]


@function_tool
def book_meet_greet(pet_id: str, date: str, phone: str) -> str:
    """Book a meet-and-greet visit with a pet on a date (YYYY-MM-DD)."""
    return f"Meet-and-greet with {pet_id} booked for {date}. We'll text {phone}."


async def test_a_pet_is_booked_by_its_name_not_by_a_day_or_a_phone_number() -> None:
    agent = Agent(name="Adopt", instructions="You help families adopt a pet.", tools=[search_pets, book_meet_greet])
    said = await turns(agent, ["I have two kids and live in Austin. Any dogs that are good with children?",
                               "What breed is Biscuit?",
                               "Set up a meet and greet with Luna on the 12th, my number is 512-555-0188."])
    assert said[1] == ([], "The breed is Beagle mix.")
    (name, arguments), = said[2][0]
    assert name == "book_meet_greet" and arguments["pet_id"] == "PET-219" and arguments["phone"] == "512-555-0188"
