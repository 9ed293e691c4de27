"""The values a careful, literal model gives to tool arguments and structured-output fields: null for what the
message does not say (when the schema allows it), the other end of a scale for a negated one, a labelled number
by its label, the thing a text field names (not the whole sentence), and a duration or temperature in the
field's unit.

The schemas and sentences are our own (none of memlab's scenario).
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Literal, Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Venue(BaseModel):
    building: str
    floor: str


class Supplier(BaseModel):
    company: str
    phone: Optional[str] = None
    venue: Optional[Venue] = None


class Bug(BaseModel):
    title: str
    severity: Optional[Literal["minor", "moderate", "major"]] = None


class Risk(IntEnum):
    SMALL = 1
    MIDDLING = 2
    SEVERE = 3


class Incident(BaseModel):
    system: str
    risk: Risk


async def test_an_optional_nested_object_the_message_does_not_give_is_null() -> None:
    supplier = await extract(Supplier, "We now buy paper from Northwind Traders.")
    assert supplier.venue is None and supplier.phone is None


async def test_an_optional_option_the_message_does_not_state_is_null_and_a_negated_end_picks_the_other() -> None:
    stated = "File the bug. Set severity only when the reporter gives it."
    assert (await extract(Bug, "The save dialog forgets the last folder.", stated)).severity is None
    assert (await extract(Bug, "The save dialog forgets the last folder. It is not major.", stated)).severity == "minor"
    assert (await extract(Bug, "The save dialog forgets the last folder. It is major.", stated)).severity == "major"


async def test_numbers_labelled_in_the_instructions_are_chosen_by_their_label() -> None:
    told = "Record the incident. risk: 1 small, 2 middling, 3 severe."
    assert (await extract(Incident, "Mail-relay queue is growing, middling risk for now.", told)).risk == Risk.MIDDLING
    assert (await extract(Incident, "Mail-relay queue is growing, risk is severe.", told)).risk == Risk.SEVERE
