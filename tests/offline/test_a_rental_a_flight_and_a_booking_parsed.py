"""Structured output of an outside tester's own: a rental listing, a flight booking, a booking kept up to date.

A listing "at 8 Canal Wharf, Manchester M1 6LT. One bathroom.\\n£1,250 per month" once gave ``bathrooms: 8``,
``rent_per_month: 8.0``, ``available_from: "GBP"`` and no postcode; "from Oslo (OSL) to Reykjavik (KEF)" gave
``arrival_airport: "OSL"``; "Sorry, make that 4 nights" set ``guest_name`` to "True" (a JSON output's ``true``).
"""

from __future__ import annotations

from typing import Optional

import pytest
from agents import Agent, Runner, SQLiteSession
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Address(BaseModel):
    street: str
    city: str
    postcode: Optional[str] = None


class Listing(BaseModel):
    address: Address
    bedrooms: int
    bathrooms: int
    rent_per_month: float
    deposit: Optional[float] = None
    available_from: str


class Flight(BaseModel):
    airline: str
    departure_airport: str
    arrival_airport: str
    seat: Optional[str] = None


class Booking(BaseModel):
    guest_name: str
    nights: int
    breakfast: bool


async def parsed(model: type[BaseModel], *said: str, instructions: str = "Extract the details.") -> BaseModel:
    agent, session = Agent(name="Extractor", instructions=instructions, output_type=model), SQLiteSession(":memory:")
    for text in said:
        result = await Runner.run(agent, text, session=session)
    return result.final_output


async def test_a_listing_gives_each_number_to_its_own_field() -> None:
    listing = await parsed(Listing, "Bright two-bedroom flat to rent at 8 Canal Wharf, Manchester M1 6LT. One bathroom.\n"
                                    "£1,250 per month, deposit £1,440. Available from 1 June 2024.")
    assert listing.address == Address(street="8 Canal Wharf", city="Manchester", postcode="M1 6LT")
    assert (listing.bedrooms, listing.bathrooms, listing.rent_per_month, listing.deposit) == (2, 1, 1250.0, 1440.0)
    assert listing.available_from == "1 June 2024"


async def test_a_flight_leaves_from_where_it_says_from() -> None:
    flight = await parsed(Flight, "Booking confirmed: Nordwind Air flight NW 2207 from Oslo (OSL) to Reykjavik (KEF) "
                                  "on 2024-10-05, seat 14C, economy.")
    assert (flight.departure_airport, flight.arrival_airport, flight.seat) == ("Oslo", "Reykjavik", "14C")


async def test_a_correction_keeps_the_guests_name() -> None:
    booking = await parsed(Booking, "Hi, I'm Ruth Adeyemi, I'd like a double room for 3 nights, with breakfast.",
                           "Sorry, make that 4 nights, and no breakfast after all.",
                           instructions="Keep the booking record up to date with everything the guest has said.")
    assert booking == Booking(guest_name="Ruth Adeyemi", nights=4, breakfast=False)
