"""Structured output of a learner's own models: each thing ordered once, a thing named not the whole message, a
flag read from what the message says of it.

Outside testers' cheesemonger, rehearsal studio, violin workshop and supper club. "I'd like 250g of Stichelton (cow)
at £9.40, 400g of Ragstone, a goat's cheese, at £11.20, ..." gave six cheeses (one "December", two "unknown name"
made of prices); "Please book me a room with a drum kit for 3 hours on Friday." put the whole message in
``instrument``, even with "e.g. drum kit, bass amp" in its description; "The bridge is fine." set
``needs_new_bridge`` and "Estimate £210 including a new bridge." did not; "Ben Ashworth (vegan, bringing a plus-one)"
gave ``plus_one=False``, the list split inside the brackets.
"""

from __future__ import annotations

from typing import Literal, Optional

import pytest
from agents import Agent, Runner
from openai import OpenAI
from pydantic import BaseModel, Field

from memlab.offline.client import offline_client

pytestmark = pytest.mark.usefixtures("api")


class Cheese(BaseModel):
    name: str
    milk: Literal["cow", "goat", "sheep", "buffalo"]
    weight_grams: int
    price_gbp: float


class CheeseOrder(BaseModel):
    cheeses: list[Cheese]
    gift_wrap: bool
    delivery_date: Optional[str] = Field(description="YYYY-MM-DD")
    total_gbp: float


async def parsed(output_type: type, message: str, instructions: str = "Record what the user asks for.") -> object:
    agent = Agent(name="Clerk", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


async def test_each_cheese_ordered_is_one_item_with_its_own_price() -> None:
    order = await parsed(CheeseOrder, "I'd like 250g of Stichelton (cow) at £9.40, 400g of Ragstone, a goat's cheese, at "
                         "£11.20, and 150g of Berkswell (sheep) for £6.30. Please gift wrap it and deliver on 19 December. "
                         "That's £26.90 in total.", "Turn the order into a structured order. Assume the year is 2025.")
    assert [(c.name, c.milk, c.weight_grams, c.price_gbp) for c in order.cheeses] == [
        ("Stichelton", "cow", 250, 9.4), ("Ragstone", "goat", 400, 11.2), ("Berkswell", "sheep", 150, 6.3)], order
    assert (order.gift_wrap, order.delivery_date, order.total_gbp) == (True, "2025-12-19", 26.9), order


async def test_one_cheese_and_its_price_is_one_item() -> None:
    order = await parsed(CheeseOrder, "Just 500 grams of buffalo mozzarella, £7.50. No wrapping, I'll collect it.")
    [cheese] = order.cheeses
    assert (cheese.milk, cheese.weight_grams, cheese.price_gbp) == ("buffalo", 500, 7.5), order
    assert "mozzarella" in cheese.name and order.gift_wrap is False, order


class Booking(BaseModel):
    instrument: str
    hours: int
    day: str


class DescribedBooking(BaseModel):
    instrument: str = Field(description="The backline instrument the band needs in the room, e.g. drum kit, bass amp")
    hours: int
    day: str


@pytest.mark.parametrize("model", [Booking, DescribedBooking])
@pytest.mark.parametrize(("message", "wanted"), [
    ("Please book me a room with a drum kit for 3 hours on Friday.", ("drum kit", 3, "Friday")),
    ("Need a bass amp, Tuesday, two hours.", ("bass amp", 2, "Tuesday"))])
async def test_a_thing_field_holds_the_thing_not_the_message(model, message, wanted) -> None:
    booking = await parsed(model, message)
    assert (booking.instrument, booking.hours, booking.day) == wanted, booking


class Repair(BaseModel):
    owner: str
    instrument: Literal["violin", "viola", "cello", "double bass"]
    estimate_gbp: float
    needs_new_bridge: bool


@pytest.mark.parametrize(("message", "bridge"), [
    ("Ticket for Ilse Brandt: her cello has an open seam. We quoted £145. The bridge is fine.", False),
    ("Tom Reyes dropped off a viola. Estimate £210 including a new bridge.", True),
    ("Tom Reyes dropped off a viola. Estimate £180, no new bridge needed.", False)])
def test_a_flag_of_two_words_is_read_from_what_is_said_of_them(message, bridge) -> None:
    client: OpenAI = offline_client(sync=True)
    repair = client.responses.parse(model="gpt-4.1-mini", instructions="Extract the repair ticket.", input=message,
                                    text_format=Repair).output_parsed
    assert repair.needs_new_bridge is bridge, repair


class Guest(BaseModel):
    name: str
    dietary: str
    plus_one: bool


class Supper(BaseModel):
    host: str
    guests: list[Guest]


async def test_what_is_said_in_brackets_stays_with_its_guest() -> None:
    supper = await parsed(Supper, "Host: Priya Nair. Guests: Ben Ashworth (vegan, bringing a plus-one), Chloe Marsh "
                          "(no dietary needs, coming alone), and Farid Haddad (gluten-free, alone).")
    assert [(g.name, g.plus_one) for g in supper.guests] == [
        ("Ben Ashworth", True), ("Chloe Marsh", False), ("Farid Haddad", False)], supper
    assert supper.guests[0].dietary == "vegan" and supper.guests[2].dietary == "gluten-free", supper
