"""Structured output kept up to date over a conversation, and a few values a first try gets wrong.

An agent told to keep a profile "up to date from everything they said" fills each field from the latest message
first and from what the user said before otherwise: the age told two turns ago stays while the city moves. A
sentence-opening "Actually" or "Sorry" is never a name; "I love climbing and jazz" gives interests; a question
about an email address is an account matter. Schemas and sentences are our own.
"""

from __future__ import annotations

import asyncio
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Profile(BaseModel):
    name: str
    age: int | None
    city: str | None
    interests: list[str]


class Member(BaseModel):
    name: str
    plan: Literal["basic", "plus", "family"] | None
    phone: str | None


def keep(output_type, instructions: str, *turns: str) -> list:
    """The structured output after each turn of one conversation."""
    async def run() -> list:
        agent, session = Agent(name="Keeper", instructions=instructions, output_type=output_type), SQLiteSession("k")
        return [(await Runner.run(agent, turn, session=session)).final_output for turn in turns]
    return asyncio.run(run())


def test_a_profile_kept_up_to_date_keeps_what_was_told_before_and_takes_what_changed() -> None:
    first, second, third = keep(Profile, "Keep the user's profile up to date from everything they said.",
                                "Hi, I'm Sam, 34, from Leeds.", "I love climbing and jazz.",
                                "Actually I'm 35, and I just moved to York.")
    assert (first.name, first.age, first.city) == ("Sam", 34, "Leeds")
    assert (second.age, second.city, second.interests) == (34, "Leeds", ["climbing", "jazz"])
    assert (third.name, third.age, third.city, third.interests) == ("Sam", 35, "York", ["climbing", "jazz"])


def test_a_member_record_tracked_over_the_conversation_in_other_words() -> None:
    *_, last = keep(Member, "Track the member's details over the whole conversation.",
                    "My name is Ines Duarte.", "I'm on the family plan.", "You can reach me at 555-0142.")
    assert (last.name, last.plan, last.phone) == ("Ines Duarte", "family", "555-0142")


def test_without_such_instructions_each_message_is_read_on_its_own() -> None:
    first, second = keep(Profile, "Extract the profile from the message.", "I'm Sam, 34, from Leeds.",
                         "Ana is 29.")
    assert (second.name, second.age) == ("Ana", 29) and second.city != "Leeds"


@pytest.mark.parametrize(("message", "name"), [("Actually I'm Rob.", "Rob"), ("Sorry, Priya can't make it.", "Priya")])
def test_a_word_that_opens_a_correction_is_no_name(message: str, name: str) -> None:
    assert keep(Profile, "Extract the profile.", message)[0].name == name


class Ticket(BaseModel):
    category: Literal["billing", "technical", "account", "other"]


def test_an_email_address_question_is_an_account_matter() -> None:
    assert keep(Ticket, "Classify the support message.", "How do I change my email address?")[0].category == "account"
