"""A restaurant receipt parsed and a physiotherapist's SOAP note summarized, an outside tester's own.

The receipt once gave six items (its shop's line, "Roma 14" of the address, "Tagliatelle al" without its "ragù", the
footnote), ``tip: 14.0`` for "No tip." and ``card_last_four: "14"``; the SOAP note kept "knee flexion is 95 degrees"
after "Correction: flexion measured 105 degrees".
"""

from __future__ import annotations

from typing import Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

from ..helpers import offline_summarizer

pytestmark = pytest.mark.usefixtures("api")


class LineItem(BaseModel):
    description: str
    quantity: int
    unit_price: float


class Receipt(BaseModel):
    merchant: str
    items: list[LineItem]
    tip: Optional[float] = None
    total: float
    card_last_four: Optional[str] = None


RECEIPT = """Receipt from Trattoria Il Gufo, Via Roma 14, Bologna. Date: 2024-02-19.
2 x Tagliatelle al ragù @ 13.50
1 x Tiramisù @ 6.00
3 x Acqua frizzante @ 2.50
Total: 40.50 EUR. Paid in cash. No tip.
Client dinner with the Acme procurement team."""


async def test_a_receipts_items_are_its_counted_lines() -> None:
    agent = Agent(name="Expenses", instructions="Extract the expense receipt into the schema.", output_type=Receipt)
    receipt = (await Runner.run(agent, RECEIPT)).final_output
    assert receipt.items == [LineItem(description="Tagliatelle al ragù", quantity=2, unit_price=13.5),
                             LineItem(description="Tiramisù", quantity=1, unit_price=6.0),
                             LineItem(description="Acqua frizzante", quantity=3, unit_price=2.5)]
    assert (receipt.merchant, receipt.tip, receipt.total, receipt.card_last_four) == ("Trattoria Il Gufo", None, 40.5, None)


SOAP = ("Write a SOAP note.\n\nS (Subjective):\n  - what the patient reports\nO (Objective):\n  - measurements\n"
        "A (Assessment):\n  - progress\nP (Plan):\n  - next steps")


async def test_a_corrected_measurement_is_the_one_the_note_keeps() -> None:
    said = ["Patient Tomás Reyes reports pain of 6 out of 10 on stairs.", "On exam, knee flexion is 95 degrees.",
            "Correction: flexion measured 105 degrees.", "Next appointment is March 28 at 9:30."]
    items = [item for text in said for item in ({"role": "user", "content": text},
                                                {"role": "assistant", "content": "Noted."})]
    _, note = await offline_summarizer(prompt=SOAP).summarize(items)
    assert "105 degrees" in note and "95 degrees" not in note, note
