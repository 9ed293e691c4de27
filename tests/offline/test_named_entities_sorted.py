"""The named-entity extraction every structured-output tutorial writes (``people``, ``places``, ``organizations``):
each name goes to its own list (an organization by its word, "Ltd", "University", an acronym, or as one word beside
people of two; a place after "in", "from", "to"; a name listed with another as that one), and a list the text names
nothing for is empty."""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Entities(BaseModel):
    people: list[str]
    places: list[str]
    organizations: list[str]


class Trip(BaseModel):
    travellers: list[str]
    cities: list[str]
    companies: list[str]


EXTRACTOR = Agent(name="Extractor", instructions="Extract the named entities from the text.", output_type=Entities)


@pytest.mark.parametrize("text, people, places, organizations", [
    ("Satya Nadella met Sundar Pichai in Paris to discuss a deal between Microsoft and Google.",
     ["Satya Nadella", "Sundar Pichai"], ["Paris"], ["Microsoft", "Google"]),
    ("Marie Curie worked at the University of Paris and was born in Warsaw.",
     ["Marie Curie"], ["Warsaw"], ["University of Paris"]),
    ("Tim Cook announced that Apple will open stores in Mumbai and Delhi.", ["Tim Cook"], ["Mumbai", "Delhi"], ["Apple"]),
    ("Angela Merkel visited Siemens AG and BMW in Munich, then met Emmanuel Macron in Paris.",
     ["Angela Merkel", "Emmanuel Macron"], ["Munich", "Paris"], ["Siemens AG", "BMW"]),
    ("Ana and Bo flew from Lisbon to Rome.", ["Ana", "Bo"], ["Lisbon", "Rome"], []),
    ("The meeting is on Friday.", [], [], []),
])
async def test_each_name_goes_to_its_own_list(text, people, places, organizations) -> None:
    found = (await Runner.run(EXTRACTOR, text)).final_output
    assert found == Entities(people=people, places=places, organizations=organizations)


async def test_a_schema_of_ones_own_with_cities_and_companies_sorts_them_too() -> None:
    planner = Agent(name="Planner", instructions="Extract the trip.", output_type=Trip)
    found = (await Runner.run(planner, "Priya Raman and Tom Becker fly to Berlin for a SAP workshop, then on to "
                                       "Vienna.")).final_output
    assert found.cities == ["Berlin", "Vienna"] and found.companies == ["SAP"]
