"""Instructions that say whom the agent serves, and an order that names a record by a word only it holds.

An outside tester's bakery agent was told "The customer you are chatting with is Aiko Tanaka." and still answered
"What's my name?" with "I don't know" and asked for the customer's name before looking up their orders; a dental desk
told "The patient is Ines Cardoso." booked "me ... with Dr. Okafor" for patient "Okafor"; and "cancel the cleaning"
cancelled the whitening just booked, not the one appointment whose type is cleaning.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def order_history(customer_name: str) -> str:
    """Past bakery orders for a customer."""
    return f"{customer_name}: 2 x sourdough (Mon), 1 x almond croissant (Wed)"


BAKERY = Agent(name="Crumb", instructions="You take orders for Crumb & Co bakery. The customer you are chatting "
                                          "with is Aiko Tanaka. The shop closes at 18:00 today.", tools=[order_history])


async def test_the_name_the_instructions_give_is_the_users() -> None:
    [(calls, reply)] = await turns(BAKERY, ["What's my name?"])
    assert calls == [] and "Aiko Tanaka" in reply, reply
    [(calls, _)] = await turns(BAKERY, ["What have I ordered before?"])
    assert calls == [("order_history", {"customer_name": "Aiko Tanaka"})], calls


@function_tool
def list_appointments(patient_name: str) -> list:
    """List a patient's upcoming appointments."""
    return [{"id": "A-301", "date": "2025-03-14", "type": "cleaning", "dentist": "Dr. Okafor"},
            {"id": "A-302", "date": "2025-04-02", "type": "filling", "dentist": "Dr. Lindqvist"}]


@function_tool
def book_appointment(patient_name: str, date: str, treatment: str, dentist: str | None = None) -> str:
    """Book an appointment (date YYYY-MM-DD)."""
    return f"Booked A-303 for {patient_name}: {treatment} on {date}."


@function_tool
def cancel_appointment(appointment_id: str) -> str:
    """Cancel an appointment by its id."""
    return f"Appointment {appointment_id} cancelled."


DENTAL = Agent(name="Desk", instructions="You manage a dental practice's bookings. The patient is Ines Cardoso.",
               tools=[list_appointments, book_appointment, cancel_appointment])


async def test_the_patient_is_the_one_served_not_the_dentist_they_are_booked_with() -> None:
    [(calls, _)] = await turns(DENTAL, ["Book me a whitening on 2025-05-20 with Dr. Okafor."])
    assert len(calls) == 1 and calls[0][1]["patient_name"] == "Ines Cardoso", calls


async def test_a_record_named_by_a_word_only_it_holds_is_the_one_acted_on() -> None:
    *_, (calls, _) = await turns(DENTAL, ["What appointments do I have?",
                                          "Book me a whitening on 2025-05-20 with Dr. Okafor.",
                                          "OK, now go ahead and cancel the cleaning."])
    assert calls == [("cancel_appointment", {"appointment_id": "A-301"})], calls
