"""Structured output of an order and an event, parsed from one sentence.

Before, an order of two things came back with a third, made of nothing ("unknown name", 0, 0.0) from the part
"express delivery by Friday", and "Team retro next Thursday 3 March at 14:30" was titled "March".
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Item(BaseModel):
    name: str
    quantity: int
    unit_price_eur: float


class Order(BaseModel):
    customer: str
    items: list[Item]
    gift_wrap: bool


class Event(BaseModel):
    title: str
    start_time: str
    attendees: list[str]


async def _parsed(schema: type[BaseModel], text: str) -> BaseModel:
    agent = Agent(name="Extractor", instructions="Extract the data.", output_type=schema)
    return (await Runner.run(agent, text)).final_output


@pytest.mark.parametrize("text, names", [
    ("Lena Fischer wants 2 notebooks at 4.50 euros each and 1 fountain pen at 32 euros, no gift wrap, express "
     "delivery by Friday.", ["notebooks", "fountain pen"]),
    ("Omar Haddad orders 3 mugs at 9 euros each and 2 teapots at 25 euros, with gift wrap, standard shipping.",
     ["mugs", "teapots"]),
])
async def test_an_order_has_an_item_per_thing_ordered_and_none_made_of_nothing(text, names):
    order = await _parsed(Order, text)
    assert [item.name for item in order.items] == names and all(item.quantity > 0 for item in order.items)


@pytest.mark.parametrize("text, title", [
    ("Team retro next Thursday 3 March at 14:30 for 45 minutes, with Ana, Bilal and Chen.", "Team retro"),
    ("Quarterly board review on 12 May at 10:00 with Ines and Tom.", "Quarterly board review"),
])
async def test_an_event_said_before_its_date_is_its_title(text, title):
    assert (await _parsed(Event, text)).title == title
