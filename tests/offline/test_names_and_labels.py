"""People's and organisations' names in structured output: a leading label or verb is no part of a name, a
labelled value is taken whole, a role ties a name to its field, and a possessive ends an organisation's name."""

from __future__ import annotations

import asyncio

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Supplier(BaseModel):
    company: str
    contact_person: str
    email: str


class Event(BaseModel):
    organiser: str
    speakers: list[str]


class Ticket(BaseModel):
    requester: str
    assignee: str


class Board(BaseModel):
    organization: str
    chair: str


class Payee(BaseModel):
    customer: str
    quantity: int


def extract(output_type: type[BaseModel], message: str) -> BaseModel:
    agent = Agent(name="Extractor", instructions="Extract the information.", output_type=output_type)
    return asyncio.run(Runner.run(agent, message)).final_output


def test_a_label_before_a_name_is_no_part_of_it() -> None:
    assert extract(Payee, "Customer: Olga Brandt, 4 boxes").customer == "Olga Brandt"


def test_a_verb_opening_the_request_is_no_part_of_the_name() -> None:
    assert extract(Payee, "Invoice Fabrikam Group for 12 lamps").customer == "Fabrikam Group"
    assert extract(Payee, "Remind Jonas Berg of the 3 crates").customer == "Jonas Berg"


def test_a_labelled_value_is_taken_whole() -> None:
    found = extract(Supplier, "Company: Silver Creek Mills. Contact person: Noor Haddad, noor@scm.com")
    assert (found.company, found.contact_person, found.email) == ("Silver Creek Mills", "Noor Haddad", "noor@scm.com")


def test_a_role_ties_a_name_to_its_field() -> None:
    found = extract(Event, "Hamid Rezaei is organising; speakers are Joan Pratt and Ode Okafor.")
    assert (found.organiser, found.speakers) == ("Hamid Rezaei", ["Joan Pratt", "Ode Okafor"])
    assert extract(Ticket, "Logged by Olga; the assignee is Raj Patel.").assignee == "Raj Patel"


def test_a_possessive_ends_an_organisations_name() -> None:
    found = extract(Board, "Contoso's chair is Mei Lin.")
    assert (found.organization, found.chair) == ("Contoso", "Mei Lin")
