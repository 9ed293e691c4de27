"""Structured output an outside tester parsed with ``responses.parse`` and ``output_type``: a dog-walking log, a bird
survey, a campsite booking and pottery orders.

Before: "Biscuit (a 4-year-old beagle) was really playful this week. Monday: 45 minutes, off lead..." gave the dog
the name "minutes", an age of 45, one walk of three, and "off lead" as ``off_lead=False``; a bird survey's "At 06:40 I
saw 4 avocets (confirmed). At 07:15, 1 marsh harrier..." gave seven sightings ("Hide", "kph", "02"...) with no times;
"arriving 2025-08-09" was the guest's phone and "unknown arrival" the arrival, "3 nights" the price per night and
"no kids" one child, and "14 July 2025" stayed so though the instructions ask for YYYY-MM-DD; an order's lines
were its customer, its street and its total ("euros", 96), "Gift wrap: no." was true and "Note: fragile" no note.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

import openai
import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


def parse(model: type[BaseModel], text: str, instructions: str) -> BaseModel:
    response = openai.OpenAI().responses.parse(model="gpt-4.1-mini", text_format=model, input=[
        {"role": "system", "content": instructions}, {"role": "user", "content": text}])
    return response.output_parsed


class Walk(BaseModel):
    day: str
    minutes: int
    off_lead: bool


class DogWalkLog(BaseModel):
    dog_name: str
    age_years: int | None = None
    walks: list[Walk]


def test_a_named_dog_its_age_and_a_walk_per_day() -> None:
    log = parse(DogWalkLog, "Biscuit (a 4-year-old beagle) was really playful this week. Monday: 45 minutes, off lead "
                            "in the park. Wednesday: 30 minutes on lead. Friday: 60 minutes, off lead.",
                "Fill in the dog-walking log from the walker's note.")
    assert (log.dog_name, log.age_years) == ("Biscuit", 4), log
    assert log.walks == [Walk(day="Monday", minutes=45, off_lead=True), Walk(day="Wednesday", minutes=30, off_lead=False),
                         Walk(day="Friday", minutes=60, off_lead=True)], log


class Sighting(BaseModel):
    species: str
    count: int
    time: str
    confirmed: bool


class Survey(BaseModel):
    observer: str
    sightings: list[Sighting]


def test_a_sighting_per_timed_sentence() -> None:
    survey = parse(Survey, "Bird survey by Priya Raman at Marsh Hide 3 on 2025-04-18. Weather overcast, wind 12.5 kph. At "
                           "06:40 I saw 4 avocets (confirmed). At 07:15, 1 marsh harrier, not confirmed. At 08:02, 11 "
                           "lapwings, confirmed.", "Extract the bird survey.")
    assert [(s.count, s.time, s.confirmed) for s in survey.sightings] == [
        (4, "06:40", True), (1, "07:15", False), (11, "08:02", True)], survey
    assert "harrier" in survey.sightings[1].species and "lapwing" in survey.sightings[2].species, survey


class Contact(BaseModel):
    name: str
    phone: str | None = None


class Booking(BaseModel):
    guest: Contact
    arrival: str
    adults: int
    children: int
    pitch_type: Literal["tent", "caravan", "campervan", "yurt"]
    price_per_night: float | None = None


@pytest.mark.parametrize(("text", "arrival", "phone", "children", "price"), [
    ("Hi, I'm Oskar Lindqvist. We'd like a yurt for 3 nights arriving 2025-08-09, two adults and one child.",
     "2025-08-09", None, 1, None),
    ("Booking for Fenella Price, phone 07700 900123: campervan pitch, arriving on 14 July 2025 for a week. 2 adults, "
     "no kids. You said 32.50 a night.", "2025-07-14", "07700 900123", 0, 32.5),
])
def test_a_date_is_no_phone_and_a_count_no_price(text, arrival, phone, children, price) -> None:
    booking = parse(Booking, text, "Extract the campsite booking. Use YYYY-MM-DD for dates.")
    assert (booking.arrival, booking.guest.phone, booking.children, booking.price_per_night) == (
        arrival, phone, children, price), booking


class Size(str, Enum):
    small = "small"
    medium = "medium"
    large = "large"


class Item(BaseModel):
    name: str
    quantity: int
    size: Size


class Order(BaseModel):
    customer_name: str
    items: list[Item]
    gift_wrap: bool
    notes: str | None = None


@pytest.mark.parametrize(("text", "items", "gift_wrap"), [
    ("Hello, this is Marta Kowalczyk calling by phone. I'd like 2 large serving bowls and 6 small espresso cups, "
     "delivered to 14 Quayside Road, Whitby on 2025-05-20. Please gift wrap them. The total you quoted was 96.50 euros.",
     [("serving bowls", 2, "large"), ("espresso cups", 6, "small")], True),
    ("Web order from Tomasz Nowak: one medium vase. Ship to 3 Mill Lane, Hebden Bridge. Total 42 euros.",
     [("vase", 1, "medium")], False),
    ("Order placed in store by Aiko Tanaka - items: 3 x teapot (medium), 1 x platter (large). Gift wrap: no. Total: "
     "130.00 EUR. Note: fragile, call before delivery.", [("teapot", 3, "medium"), ("platter", 1, "large")], False),
])
def test_an_orders_lines_are_its_counted_things(text, items, gift_wrap) -> None:
    order = parse(Order, text, "Extract the pottery order.")
    assert [(i.name, i.quantity, i.size.value) for i in order.items] == items, order
    assert order.gift_wrap is gift_wrap, order


def test_a_labelled_note_fills_notes() -> None:
    order = parse(Order, "Order placed in store by Aiko Tanaka - items: 3 x teapot (medium). Gift wrap: no. Note: "
                         "fragile, call before delivery.", "Extract the pottery order.")
    assert order.notes == "fragile, call before delivery", order
