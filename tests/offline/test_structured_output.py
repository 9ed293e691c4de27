"""Structured output (an SDK ``output_type``, ``responses.parse``) read the way a careful, literal model reads it.

A person's name and a company's are two values (a name is never split between them; a company its email domain
names comes first); a title is the heading before a colon or the role "a Senior ..." names; honorifics are no
names.

The schemas and sentences are our own (none of memlab's scenario).
"""

from __future__ import annotations

from typing import Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Contact(BaseModel):
    name: str
    email: str
    company: Optional[str] = None


class JobPost(BaseModel):
    title: str
    company: str
    location: str


class Dish(BaseModel):
    title: str
    servings: int


class FullName(BaseModel):
    first_name: str
    last_name: str


async def test_a_person_and_a_company_are_two_values_never_one_name_split() -> None:
    signature = await extract(Contact, "Best,\nMaria Gonzalez\nSenior PM, Acme Robotics\nmaria.g@acmerobotics.io",
                              "Extract the contact details from the email signature.")
    assert (signature.name, signature.company) == ("Maria Gonzalez", "Acme Robotics")
    other = await extract(Contact, "Cheers,\nTomasz Nowak\nHead of Sales, Blue Harbor\ntnowak@blueharbor.com")
    assert (other.name, other.email, other.company) == ("Tomasz Nowak", "tnowak@blueharbor.com", "Blue Harbor")


async def test_a_title_is_the_role_a_posting_names_or_the_heading_before_a_colon() -> None:
    job = await extract(JobPost, "We're hiring! Northwind Labs is looking for a Senior Backend Engineer in Berlin.",
                        "Parse the job posting.")
    assert (job.title, job.company, job.location) == ("Senior Backend Engineer", "Northwind Labs", "Berlin")
    other = await extract(JobPost, "Fjord Analytics needs a Data Scientist in Oslo.", "Parse the job posting.")
    assert (other.title, other.company, other.location) == ("Data Scientist", "Fjord Analytics", "Oslo")
    soup = await extract(Dish, "Auntie's lentil soup: serves 4, onions, lentils, cumin.")
    assert (soup.title, soup.servings) == ("Auntie's lentil soup", 4)


async def test_an_honorific_is_no_part_of_a_name() -> None:
    signed = await extract(FullName, "signed, Dr. Kwame Mensah", "Split the person's name.")
    assert (signed.first_name, signed.last_name) == ("Kwame", "Mensah")
    other = await extract(FullName, "Letter from Prof. Ines Duarte", "Split the person's name.")
    assert (other.first_name, other.last_name) == ("Ines", "Duarte")
