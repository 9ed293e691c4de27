"""Questions about a list a tool returned earlier: which has the most (or least) of something, which is closest, and
what they come to in total, answered from the list without another call.

Before: "Which dock has the most free bikes?" was told "free bikes: 0" (the last record's), "Which of those is
closest?" got "I don't know", "How many free bikes are there in total across those docks?" searched again for a
street called "total across", and "So what's the total for both of us?" after two pass prices got "I don't know".
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def find_docks(street: str) -> list:
    """Find bike-share docks near a street."""
    return [{"name": "Canal Bridge", "free_bikes": 7, "walk_min": 2},
            {"name": "Orchard Lane", "free_bikes": 2, "walk_min": 5},
            {"name": "Tannery Yard", "free_bikes": 0, "walk_min": 8}]


DOCKS = Agent(name="Docks", instructions="Help riders find docks.", tools=[find_docks])


@pytest.mark.parametrize(("question", "answer"), [
    ("Which dock has the most free bikes?", "Canal Bridge"),
    ("Which dock has the fewest free bikes?", "Tannery Yard"),
    ("Which of those is closest?", "Canal Bridge"),
    ("Which one is the furthest?", "Tannery Yard"),
])
async def test_the_record_with_the_most_or_least_of_what_is_asked(question: str, answer: str) -> None:
    first, (calls, reply) = await turns(DOCKS, ["Docks near Mercer Street?", question])
    assert first[0] == [("find_docks", {"street": "Mercer Street"})] and "I found 3" in first[1], first
    assert calls == [] and answer in reply.split(",")[0], reply


async def test_a_total_across_the_listed_records_is_summed_without_another_search() -> None:
    _, (calls, reply) = await turns(DOCKS, ["Docks near Mercer Street?",
                                            "How many free bikes are there in total across those docks?"])
    assert calls == [] and reply.endswith("= 9."), reply


@function_tool
def pass_price(days: int, age_group: Literal["child", "adult"]) -> str:
    """Price of a ski pass in CHF for a number of days and an age group."""
    return f"{days}-day {age_group} pass: CHF {days * (69 if age_group == 'adult' else 35)}"


async def test_the_total_of_two_prices_said_in_words() -> None:
    agent = Agent(name="Ski", instructions="You are the info desk of a ski area.", tools=[pass_price])
    *_, (calls, reply) = await turns(agent, ["How much is a 3-day pass for an adult?",
                                             "And for my daughter, she's a child?",
                                             "So what's the total for both of us?"])
    assert calls == [] and "312" in reply, reply
