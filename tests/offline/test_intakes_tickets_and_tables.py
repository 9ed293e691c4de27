"""Forms, tickets and tables a learner fills from a pasted text or a conversation.

A pasted intake keeps a name's label to its sentence ("Name: Ana Ruiz, 34. Headache..."), and lists each complaint
with how long it has lasted ("nausea since yesterday" too), not the line another field labels; a ticket's subject is
the fault reported, not where it shows or the deadline; a table "with columns Field | Value for: a, b" has a row per
field (its value: "Ravi Shah" of "Hi, it's Ravi Shah"), whether the summary prompt or the user asks for it, of a
conversation or of one message.

The schemas, prompts and sentences are our own; each is what a learner tries first.
"""

from __future__ import annotations

import openai
import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Fill the form from the pasted text."):
    agent = Agent(name="Intake", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Symptom(BaseModel):
    name: str
    duration: str | None


class Intake(BaseModel):
    name: str
    age: int
    symptoms: list[Symptom]
    allergies: list[str]


class Incident(BaseModel):
    reporter: str
    issues: list[Symptom]


async def test_a_pasted_intake_keeps_details_and_lists_each_complaint_with_its_duration() -> None:
    form = await extract(Intake, "Name: Ana Ruiz, 34. Headache for three days, nausea since yesterday, no fever. "
                                 "Allergic to penicillin.")
    assert (form.name, form.age) == ("Ana Ruiz", 34)
    assert [(s.name, s.duration) for s in form.symptoms] == [("Headache", "three days"), ("nausea", "since yesterday")]
    assert [a.lower() for a in form.allergies] == ["penicillin"]
    pet = await extract(Intake, "Name: Biscuit, 6. Limping for two weeks, coughing since Monday.")
    assert (pet.name, pet.age) == ("Biscuit", 6)
    assert [(s.name, s.duration) for s in pet.symptoms] == [("Limping", "two weeks"), ("coughing", "since Monday")]
    desk = await extract(Incident, "Reporter: Tom Becker, IT desk. VPN drops for 2 hours, printer offline since Tuesday.")
    assert desk.reporter == "Tom Becker"
    assert [(i.name, i.duration) for i in desk.issues] == [("VPN drops", "2 hours"), ("printer offline", "since Tuesday")]


class Ticket(BaseModel):
    subject: str
    description: str
    priority: str
    due: str


async def test_a_tickets_subject_is_the_fault_reported() -> None:
    instructions = "Draft a support ticket from the user's message."
    ticket = await extract(Ticket, "Our export to CSV crashes on large files; we need it fixed before month-end close.",
                           instructions)
    assert ticket.subject == "Export to CSV crashes on large files"
    ticket = await extract(Ticket, "The checkout page freezes on Safari; customers can't pay before the holiday sale.",
                           instructions)
    assert ticket.subject == "Checkout page freezes on Safari"
    ticket = await extract(Ticket, "My nightly backup fails on the archive volume. It must work before the audit.",
                           instructions)
    assert ticket.subject == "Nightly backup fails on the archive volume"


CALL = [{"role": "user", "content": "Hi, this is Maria Lopez. My Vortex 300 blender leaks from the base."},
        {"role": "assistant", "content": "Sorry to hear that. Is the seal damaged?"},
        {"role": "user", "content": "Yes, the seal looks cracked."},
        {"role": "assistant", "content": "I'll send you a replacement seal today."}]


def _rows(note: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in note.splitlines()]


def test_a_table_of_field_and_value_has_a_row_per_field() -> None:
    with openai.OpenAI() as client:
        note = client.responses.create(model="gpt-4o-mini", input=CALL, instructions=(
            "Summarize the support call. Reply with a table with columns Field | Value for: customer, product, issue, "
            "next step.")).output_text
        rows = _rows(note)
        assert rows[0] == ["Field", "Value"] and [row[0] for row in rows[2:]] == ["customer", "product", "issue",
                                                                                 "next step"]
        assert rows[2][1] == "Maria Lopez" and "replacement seal" in rows[5][1]
        asked = "Recap our chat as a markdown table with columns Item / Detail, one row each for: customer, next step."
        note = client.responses.create(model="gpt-4o-mini", input=[*CALL, {"role": "user", "content": asked}]).output_text
        assert _rows(note)[0] == ["Item", "Detail"] and [row[0] for row in _rows(note)[2:]] == ["customer", "next step"]
        note = client.responses.create(model="gpt-4o-mini", input="Hi, it's Ravi Shah. My laptop won't connect to the VPN.",
                                       instructions="You are a helpdesk note taker. Reply with a table with columns "
                                                    "Field | Value for: user, problem.").output_text
        assert _rows(note)[:3] == [["Field", "Value"], ["---", "---"], ["user", "Ravi Shah"]]
        assert _rows(note)[3][0] == "problem" and "VPN" in _rows(note)[3][1]


class Lead(BaseModel):
    company: str
    contact_name: str
    budget: float | None
    interested_in: list[str]
    next_step: str


async def test_a_lead_from_call_notes_tells_the_person_from_the_company() -> None:
    instructions = "Log the sales lead from my call notes."
    lead = await extract(Lead, "Spoke with Carla Diaz from Northwind Traders. They want our analytics and CRM modules, "
                               "budget around 20k. Send a proposal by Thursday.", instructions)
    assert (lead.company, lead.contact_name, lead.budget) == ("Northwind Traders", "Carla Diaz", 20000)
    assert lead.interested_in == ["analytics", "CRM modules"] and lead.next_step == "Send a proposal by Thursday"
    lead = await extract(Lead, "Got a call from Ines Vaz from Lumen Paper Co. They want our invoicing and payroll apps, "
                               "budget about 8k. Book a demo for next week.", instructions)
    assert (lead.company, lead.contact_name) == ("Lumen Paper Co", "Ines Vaz")
    assert lead.interested_in == ["invoicing", "payroll apps"] and lead.next_step == "Book a demo for next week"


class Event(BaseModel):
    name: str
    date: str
    location: str


async def test_an_invitations_event_is_no_verb_and_no_place() -> None:
    event = await extract(Event, "Join us for the Spring Garden Fair on 12 April 2025 at Kew Gardens.")
    assert (event.name, event.date, event.location) == ("Spring Garden Fair", "12 April 2025", "Kew Gardens")
    event = await extract(Event, "Join the Riverside Book Swap on Saturday at Elm Park Library.")
    assert (event.name, event.location) == ("Riverside Book Swap", "Elm Park Library")


class Booking(BaseModel):
    guest_name: str
    nights: int
    guests: int
    special_requests: list[str]


async def test_a_booking_counts_every_guest_and_lists_the_requests() -> None:
    booking = await extract(Booking, "Hi, I'm Jonas Berg. We'd like the cabin from 3 July for 5 nights, 2 adults and 1 "
                                     "child. Could we get a cot and late checkout?")
    assert (booking.guest_name, booking.nights, booking.guests) == ("Jonas Berg", 5, 3)
    assert booking.special_requests == ["cot", "late checkout"]
    booking = await extract(Booking, "Hello, I'm Sara Holm. We want the lodge for 3 nights from 10 May, 3 adults and "
                                     "2 kids. Could we get extra towels and an early check-in?")
    assert (booking.nights, booking.guests, booking.special_requests) == (3, 5, ["extra towels", "early check-in"])


class Stay(BaseModel):
    liked: list[str]
    disliked: list[str]


async def test_what_was_liked_and_disliked_are_the_two_sides_of_a_but() -> None:
    stay = await extract(Stay, "Loved the characters but the ending dragged. 3 out of 5.", "Extract the review.")
    assert (stay.liked, stay.disliked) == (["Loved the characters"], ["the ending dragged"])
    stay = await extract(Stay, "The staff were lovely but the room was noisy.", "Extract the review.")
    assert (stay.liked, stay.disliked) == (["The staff were lovely"], ["the room was noisy"])


class Contact(BaseModel):
    name: str
    email: str
    company: str


async def test_a_signatures_company_is_the_one_its_email_domain_begins() -> None:
    instructions = "Extract the contact card from this email signature."
    card = await extract(Contact, "Best,\nPriya Nair\nSenior Buyer, Greenleaf Foods\npriya.nair@greenleaf.com", instructions)
    assert (card.name, card.company) == ("Priya Nair", "Greenleaf Foods")
    card = await extract(Contact, "Thanks,\nOmar Haddad\nHead of Ops, Tidewater Logistics\nomar@tidewater.io", instructions)
    assert (card.name, card.email, card.company) == ("Omar Haddad", "omar@tidewater.io", "Tidewater Logistics")


class Notes(BaseModel):
    title: str
    action_items: list[str]


async def test_action_items_are_the_tasks_given_to_someone() -> None:
    notes = await extract(Notes, "Team sync notes: We agreed to ship v2 on Monday. QA found two blocker bugs. Dana will "
                                 "fix the login bug. Raj will update the docs.", "Summarise the meeting notes.")
    assert notes.action_items == ["Dana will fix the login bug", "Raj will update the docs"]
    notes = await extract(Notes, "Standup: the demo went well. Priya will review the PR. Marco to renew the SSL "
                                 "certificate by Friday.", "Summarise the meeting notes.")
    assert notes.action_items == ["Priya will review the PR", "Marco to renew the SSL certificate by Friday"]
