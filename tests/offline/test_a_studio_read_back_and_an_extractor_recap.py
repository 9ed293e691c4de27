"""A request to read back or recap a list of things answers each thing it names, and says which it does not know.

Outside testers' radio-studio and honey-extractor bookings. "Please read back: my name, my show, the studio, date and
time, and my producer's name." was noted as a statement; "Can you recap my booking: name, member number, date, time and
number of supers?" was echoed back as "Name, member number, date, time and number of supers?".
"""

from __future__ import annotations

import pytest
from agents import Agent

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

STUDIO = Agent(name="Studios", instructions="You book radio studios.")
TOLD = ["Hi, I'm Morwenna Trask and I present Tide Line on Thursdays.",
        "I need Studio B on Thursday 12 June from 18:00 to 20:00.",
        "My producer is Kit Jory, put him on the booking."]


async def test_each_thing_listed_is_read_back_and_what_was_not_said_is_named() -> None:
    replies = await turns(STUDIO, [*TOLD, "Please read back: my name, the studio, date and time, and my producer.",
                                   "Can you recap my booking: name, producer and parking space?"])
    assert all(told in replies[3][1] for told in ("Morwenna Trask", "Studio B on Thursday 12 June", "Kit Jory")), replies[3]
    assert "I don't know" not in replies[3][1], replies[3]  # the date came with the studio
    assert "Morwenna Trask" in replies[4][1] and "Kit Jory" in replies[4][1], replies[4]
    assert replies[4][1].endswith("I don't know your parking space: it isn't in the conversation I can see."), replies[4]


async def test_a_number_of_things_is_counted_from_what_was_said() -> None:
    agent = Agent(name="Extractor", instructions="You book the club's honey extractor.")
    replies = await turns(agent, ["Hi, I'm Orla Penhale, member number BK-2291.", "I've got 8 supers to extract.",
                                  "Can you recap my booking: name, member number, number of supers and number of hives?"])
    assert "Orla Penhale" in replies[2][1] and "8 supers" in replies[2][1], replies[2]
    assert replies[2][1].endswith("I don't know your number of hives: it isn't in the conversation I can see."), replies[2]


async def test_a_recap_in_a_shape_is_still_a_note() -> None:
    replies = await turns(STUDIO, [*TOLD, "Recap our chat as a markdown table with columns Item / Detail, one row each "
                                          "for: name, producer."])
    assert replies[3][1].startswith("| Item | Detail |"), replies[3]
