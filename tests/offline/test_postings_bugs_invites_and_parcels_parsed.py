"""Extractions into schemas of our own (an SDK ``output_type``): a job posting, a bug report, a meeting invite, a
shipping notice.

"Senior Backend Engineer at Fernwood Labs, Berlin (remote-friendly)" gives the title, the company, the place, and
remote (a hyphenated word says its first part); a version field takes "v3.2.1" (though the title holds it too), and
"Steps: 1) ... 2) ... 3) ..." gives three steps; an invite's subject is what it opens with before its date, and
"Repeats every quarter" makes it recurring; a notice's items are those its "Contents:" label lists, not every
identifier of the notice."""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class JobPosting(BaseModel):
    title: str
    company: str
    location: str
    remote: bool
    seniority: Literal["junior", "mid", "senior", "lead"]


class Bug(BaseModel):
    title: str
    steps: list[str]
    affected_version: str


class Meeting(BaseModel):
    subject: str
    date: str
    recurring: bool


class Item(BaseModel):
    sku: str
    quantity: int
    weight_kg: float


class ShippingNotice(BaseModel):
    carrier: str
    tracking_number: str
    items: list[Item]


async def parsed(output_type: type[BaseModel], text: str) -> BaseModel:
    agent = Agent(name="Parser", instructions="Extract the text into the schema.", output_type=output_type)
    return (await Runner.run(agent, text)).final_output


async def test_a_posting_names_its_role_company_and_place() -> None:
    job = await parsed(JobPosting, "Senior Backend Engineer at Fernwood Labs, Berlin (remote-friendly). Salary "
                                   "70,000-90,000 EUR. Must know Python and PostgreSQL.")
    assert (job.title, job.company, job.location, job.remote, job.seniority) == (
        "Senior Backend Engineer", "Fernwood Labs", "Berlin", True, "senior")


async def test_a_bug_reports_version_and_numbered_steps() -> None:
    bug = await parsed(Bug, "Crash when exporting PDF in v3.2.1. Steps: 1) open any report 2) click Export 3) choose "
                            "PDF. App crashes every time.")
    assert bug.affected_version == "v3.2.1" and bug.steps == ["open any report", "click Export", "choose PDF"]


async def test_an_invites_subject_and_recurrence() -> None:
    meeting = await parsed(Meeting, "Quarterly planning on 2025-07-10 at 14:30 for 90 minutes in Room Kestrel. "
                                    "Repeats every quarter.")
    assert (meeting.subject, meeting.date, meeting.recurring) == ("Quarterly planning", "2025-07-10", True)


async def test_a_notices_items_are_those_its_contents_list() -> None:
    notice = await parsed(ShippingNotice, "Your parcel shipped via DHL Express on 2025-04-02, tracking number "
                                          "JD014600003. Delivery to 221B Baker Street, London, NW1 6XE. Contents: 2 x "
                                          "SKU AB-100 (1.5 kg each), 1 x SKU CD-220 (0.4 kg). Signature required.")
    assert notice.tracking_number == "JD014600003"
    assert [(i.sku, i.quantity, i.weight_kg) for i in notice.items] == [("AB-100", 2, 1.5), ("CD-220", 1, 0.4)]
