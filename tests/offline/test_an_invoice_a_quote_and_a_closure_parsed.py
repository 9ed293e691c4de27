"""Structured output from documents an outside tester wrote: who sells and who buys, dates that end a span, prices
that are free, and yes/no fields a later "not" or an earlier "No" answers.

Before: "Issued 3 March 2024 by Keystroke Licences Ltd to Harbourview Dental Practice" gave supplier "Issued" and
customer "Keystroke Licences Ltd"; "closed from 4 August to 18 August 2025" gave closed_until "Members";
"Quote valid until 30/06/2025" gave valid_until "Priority"; "Priority support is not included" gave
includes_support true and "No refunds will be given" members_refunded true; "Saturday 14 September 2024" gave
date "Saturday"; "Entry is free ... ages 12 and up" priced the ticket at 12.
"""

from __future__ import annotations

from typing import Literal, Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(model: type[BaseModel], text: str) -> BaseModel:
    agent = Agent(name="Extractor", instructions="Extract the fields from the text. Use null for anything not stated.",
                  output_type=model)
    return (await Runner.run(agent, text)).final_output


class Invoice(BaseModel):
    invoice_number: str
    supplier: str
    customer: str
    currency: Literal["EUR", "GBP", "USD"]
    total: float


async def test_the_supplier_is_who_issued_it_and_the_customer_whom_it_is_to() -> None:
    invoice = await extract(Invoice, "INVOICE INV-2024-0193\nIssued 3 March 2024 by Keystroke Licences Ltd to "
                                     "Harbourview Dental Practice.\n3 x Office Suite annual licence @ 89.00 GBP\n"
                                     "Total: 267.00 GBP. Status: unpaid.")
    assert (invoice.supplier, invoice.customer) == ("Keystroke Licences Ltd", "Harbourview Dental Practice"), invoice
    assert (invoice.invoice_number, invoice.currency, invoice.total) == ("INV-2024-0193", "GBP", 267.0)


class Quote(BaseModel):
    customer: str
    seats: int
    valid_until: str
    includes_support: bool


async def test_a_quote_for_someone_valid_until_a_date_with_support_not_included() -> None:
    quote = await extract(Quote, "Quote Q-5512 for Brightwater Architects: PlotMaster Pro, 1,250 seats at £1,180.00 "
                                 "per seat. Priority support is not included. Quote valid until 30/06/2025.")
    assert quote == Quote(customer="Brightwater Architects", seats=1250, valid_until="30/06/2025",
                          includes_support=False), quote


class Closure(BaseModel):
    facility: str
    closed_from: str
    closed_until: str
    members_refunded: bool


async def test_a_span_from_one_date_to_another_and_no_refunds() -> None:
    closure = await extract(Closure, "The Lakeside Pool will be closed from 4 August to 18 August 2025 for retiling. "
                                     "Members can swim at Northgate Leisure Centre instead. No refunds will be given.")
    assert (closure.closed_from, closure.closed_until) == ("4 August", "18 August 2025"), closure
    assert closure.members_refunded is False, closure


class Talk(BaseModel):
    title: str
    date: str
    ticket_price_eur: Optional[float]
    free_entry: bool


async def test_a_weekday_and_its_date_are_one_date_and_free_entry_costs_nothing() -> None:
    talk = await extract(Talk, 'Join us for "Tides of Change", a talk on coastal erosion.\nSaturday 14 September 2024, '
                               "talk starts 19:00, at the Old Customs House in Bergen.\nEntry is free, but booking is "
                               "required. Suitable for ages 12 and up.")
    assert talk.date == "Saturday 14 September 2024", talk
    assert talk.ticket_price_eur in (None, 0.0) and talk.free_entry is True, talk
