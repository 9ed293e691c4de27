"""A list of objects holds the items of its own kind: guests are the people named, treatments the options said.

An outside tester's spa booking, parsed with ``responses.parse``: "Priya Raman (34, vegan) and Tom Okafor (36, no
dietary needs). Two 60-minute massages and one 30-minute facial. ... Total 245 euros." gave five guests (one named
"Two", one "Total" aged 245, Priya's diet "Raman") and five treatments (a massage of 245 minutes); "Just me, Harriet
Vane, aged 52, gluten-free." gave her age 0 and three more guests made of the message's other pieces.
"""

from __future__ import annotations

from typing import Literal, Optional

import openai
import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Guest(BaseModel):
    full_name: str
    age: int
    dietary: Optional[str] = None


class Treatment(BaseModel):
    treatment: Literal["massage", "facial", "sauna", "manicure"]
    minutes: int


class SpaBooking(BaseModel):
    guests: list[Guest]
    treatments: list[Treatment]
    couples_room: bool
    total_price_eur: float


def parse(text: str) -> SpaBooking:
    response = openai.OpenAI().responses.parse(model="gpt-4.1-mini", text_format=SpaBooking, input=[
        {"role": "system", "content": "Extract the spa booking."}, {"role": "user", "content": text}])
    return response.output_parsed


def test_each_list_holds_its_own_kind_of_item() -> None:
    booking = parse("Booking for 2025-07-19: Priya Raman (34, vegan) and Tom Okafor (36, no dietary needs). Two "
                          "60-minute massages and one 30-minute facial. They want the couples room. Total 245 euros.")
    assert booking.guests == [Guest(full_name="Priya Raman", age=34, dietary="vegan"),
                              Guest(full_name="Tom Okafor", age=36, dietary=None)]
    assert booking.treatments == [Treatment(treatment="massage", minutes=60), Treatment(treatment="facial", minutes=30)]
    assert (booking.couples_room, booking.total_price_eur) == (True, 245.0)


def test_one_person_told_in_pieces_is_one_guest() -> None:
    booking = parse("Just me, Harriet Vane, aged 52, gluten-free. A 45 minute manicure on the 3rd of August 2025. "
                          "No couples room. It comes to 55.00 EUR.")
    assert booking.guests == [Guest(full_name="Harriet Vane", age=52, dietary="gluten-free")]
    assert booking.treatments == [Treatment(treatment="manicure", minutes=45)]
    assert (booking.couples_room, booking.total_price_eur) == (False, 55.0)
