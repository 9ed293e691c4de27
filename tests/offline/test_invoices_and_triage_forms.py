"""Structured output of two forms outside any script: an invoice's ``line_items`` are the items after its "Items:"
label; a patient triage's department is the one the body part names (a knee: orthopedics, chest pain: cardiology),
"crushing" pain is urgent, and the symptoms are the clauses that tell them."""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Invoice(BaseModel):
    invoice_number: str
    vendor: str
    total: float
    line_items: list[str]


class Triage(BaseModel):
    department: Literal["cardiology", "dermatology", "orthopedics", "general"]
    urgent: bool
    symptoms: list[str]


async def test_line_items_are_the_items_after_their_label() -> None:
    agent = Agent(name="Invoices", instructions="Extract the invoice.", output_type=Invoice)
    invoice = (await Runner.run(agent, "Invoice INV-2291 from Globex Ltd. Items: 2x monitor stand, 1x USB-C hub. "
                                       "Total due: $312.40 by 15 March 2026.")).final_output
    assert invoice.line_items == ["2x monitor stand", "1x USB-C hub"]
    assert (invoice.invoice_number, invoice.total) == ("INV-2291", 312.4)


@pytest.mark.parametrize("message, department, urgent, symptom", [
    ("I twisted my knee playing football yesterday, it's swollen and I can't put weight on it.", "orthopedics", False,
     "it's swollen"),
    ("Crushing chest pain spreading to my left arm for the last 20 minutes, I'm sweating.", "cardiology", True,
     "I'm sweating"),
    ("An itchy rash came up on both arms after I used a new soap.", "dermatology", False,
     "An itchy rash came up on both arms after I used a new soap"),
])
async def test_a_triage_reads_the_body_part_the_urgency_and_the_symptoms(message, department, urgent, symptom) -> None:
    agent = Agent(name="Triage", instructions="Triage the patient message.", output_type=Triage)
    triage = (await Runner.run(agent, message)).final_output
    assert (triage.department, triage.urgent) == (department, urgent)
    assert symptom in triage.symptoms, triage.symptoms
