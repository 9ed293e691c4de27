"""A clinic's and a tutor's agents: "I need to see a dermatologist" asks for the specialty, not "see
dermatologist"; "Who is free soonest?" compares the days the records give (5 March before 12 April, whatever the
alphabet says); "Did you cancel it?" is answered by what the cancelling tool returned, not by the user's own
request; "my maths homework" for ``get_homework(subject)`` is the subject "maths"."""

from __future__ import annotations

import json

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def list_doctors(specialty: str) -> str:
    """List doctors of a specialty."""
    return json.dumps([{"name": "Dr. Okafor", "specialty": specialty, "next_free": "12 April 15:30"},
                       {"name": "Dr. Silva", "specialty": specialty, "next_free": "5 March 10:00"}])


@function_tool
def book_appointment(doctor: str, date: str, time: str) -> str:
    """Book a doctor's appointment."""
    return json.dumps({"booking_id": "APT-311", "doctor": doctor, "date": date, "time": time})


@function_tool
def cancel_appointment(booking_id: str) -> str:
    """Cancel an appointment by its booking id."""
    return f"Cancelled {booking_id}"


@function_tool
def get_homework(subject: str) -> str:
    """Get this week's homework for a subject."""
    return f"{subject}: exercises 4-9 on page 52, due Friday."


CLINIC = Agent(name="Clinic", instructions="You help patients book appointments at Riverside Clinic.",
               tools=[book_appointment, cancel_appointment, list_doctors])


async def test_the_specialty_is_what_the_visit_is_to() -> None:
    said = await turns(CLINIC, ["I need to see a dermatologist", "Who is free soonest?"])
    assert said[0][0] == [("list_doctors", {"specialty": "dermatologist"})]
    assert said[1][0] == [] and "Dr. Silva" in said[1][1] and "Okafor" not in said[1][1]


async def test_did_you_cancel_it_is_answered_by_the_cancelling_tool() -> None:
    said = await turns(CLINIC, ["Book me with Dr. Silva on Monday at 10:00", "Please cancel APT-311",
                                "Did you cancel it?"])
    assert said[1][0] == [("cancel_appointment", {"booking_id": "APT-311"})]
    assert said[2] == ([], "Yes: cancel_appointment returned: Cancelled APT-311.")


async def test_a_subject_before_the_tools_own_word_is_the_subject() -> None:
    agent = Agent(name="Tutor", instructions="You help students with homework. Use get_homework to find assignments.",
                  tools=[get_homework])
    said = await turns(agent, ["What's my maths homework?", "And for physics?"])
    assert said[0][0] == [("get_homework", {"subject": "maths"})]
    assert said[1][0] == [("get_homework", {"subject": "physics"})]
