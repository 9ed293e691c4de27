"""Arguments and structured output of a learner's own schemas: each item counted gets its own call with its own unit
("2 litres of milk and a dozen eggs": milk 2 litres, eggs 12 pieces), a work and its maker are read from "<verb> <work>
by <maker>" ("Play Here Comes the Sun by the Beatles"), a statement that names one record of a list in the
instructions takes that record's fields, and "a fever since 2 days" is a fever.

The tools, schemas and sentences are our own; each is what a learner tries first.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def add_item(name: str, quantity: int, unit: str) -> str:
    """Add an item to the shopping list."""
    return "added"


@function_tool
def stock_pantry(item: str, amount: float, unit: Literal["kg", "g", "l", "ml", "pcs"]) -> str:
    """Record groceries put in the pantry."""
    return "ok"


@function_tool
def play_song(title: str, artist: str) -> str:
    """Play a song."""
    return "playing"


@function_tool
def find_book(title: str, author: str) -> str:
    """Find a book in the library catalogue."""
    return "found"


async def test_each_item_counted_gets_its_own_call_with_its_own_unit():
    calls, _ = await tool_calls([add_item], "Add 2 litres of milk and a dozen eggs")
    assert calls == [("add_item", {"name": "milk", "quantity": 2, "unit": "litres"}),
                     ("add_item", {"name": "eggs", "quantity": 12, "unit": "pieces"})]
    calls, _ = await tool_calls([add_item], "Add 3 apples and 2 kg of flour")
    assert calls == [("add_item", {"name": "apples", "quantity": 3, "unit": "pieces"}),
                     ("add_item", {"name": "flour", "quantity": 2, "unit": "kg"})]


@function_tool
def pack_item(name: str, quantity: int, unit: str) -> str:
    """Put something in the suitcase."""
    return "packed"


async def test_an_item_said_without_its_unit_is_named_and_the_unit_asked_for():
    calls, reply = await tool_calls([add_item], "Add milk")
    assert calls == [] and reply == "I can do that once I have the unit. Could you give it to me?"
    calls, reply = await tool_calls([pack_item], "Pack sunscreen")
    assert calls == [] and reply == "I can do that once I have the unit. Could you give it to me?"


async def test_a_unit_of_options_is_the_option_the_item_is_counted_in():
    calls, _ = await tool_calls([stock_pantry], "Stock 2 kilograms of rice, 250 millilitres of cream and 6 lemons")
    assert [(c[1]["item"], c[1]["amount"], c[1]["unit"]) for c in calls] == [
        ("rice", 2, "kg"), ("cream", 250, "ml"), ("lemons", 6, "pcs")]
    calls, _ = await tool_calls([stock_pantry], "Stock 1 litre of olive oil and a dozen eggs")
    assert [c[1]["unit"] for c in calls] == ["l", "pcs"]


async def test_a_work_and_its_maker_are_read_around_by():
    calls, _ = await tool_calls([play_song], "Play Here Comes the Sun by the Beatles")
    assert calls == [("play_song", {"title": "Here Comes the Sun", "artist": "the Beatles"})]
    calls, _ = await tool_calls([play_song], "Can you play Don't Stop Me Now by Queen, please?")
    assert calls == [("play_song", {"title": "Don't Stop Me Now", "artist": "Queen"})]
    calls, _ = await tool_calls([play_song], "I want to hear Hey Jude by The Beatles")
    assert calls == [("play_song", {"title": "Hey Jude", "artist": "The Beatles"})]
    calls, _ = await tool_calls([find_book], "Find The Old Man and the Sea by Ernest Hemingway")
    assert calls == [("find_book", {"title": "The Old Man and the Sea", "author": "Ernest Hemingway"})]


class Pick(BaseModel):
    sku: str
    price: float


SHOES = ("Pick the product the customer wants.\nProducts:\n- Trail Runner shoes (sku TR-100) – $89.99\n"
         "- City Walker shoes (sku CW-200) – $59.50\n- Summit Boot (sku SB-300) – $129.00")
FURNITURE = ('Pick the product. Catalogue (JSON): [{"sku": "LMP-1", "name": "Desk lamp", "price": 24.0}, '
             '{"sku": "CHR-2", "name": "Office chair", "price": 149.0}]')


async def test_a_statement_naming_one_listed_record_takes_its_fields():
    async def pick(instructions: str, message: str) -> Pick:
        return (await Runner.run(Agent(name="Shop", instructions=instructions, output_type=Pick), message)).final_output
    assert await pick(SHOES, "I'd like the Summit Boot please") == Pick(sku="SB-300", price=129.0)
    assert await pick(SHOES, "Give me the city walkers.") == Pick(sku="CW-200", price=59.5)
    assert await pick(FURNITURE, "I need an office chair") == Pick(sku="CHR-2", price=149.0)


class Symptom(BaseModel):
    name: str
    duration_days: int


class Intake(BaseModel):
    symptoms: list[Symptom]


async def test_each_symptom_with_its_duration():
    async def intake(message: str) -> Intake:
        agent = Agent(name="Intake", instructions="Extract the patient's symptoms.", output_type=Intake)
        return (await Runner.run(agent, message)).final_output
    assert (await intake("I've had a cough for 5 days and a fever since 2 days")).symptoms == [
        Symptom(name="cough", duration_days=5), Symptom(name="fever", duration_days=2)]
    assert (await intake("I have had a sore throat for a week and a runny nose for two days")).symptoms == [
        Symptom(name="sore throat", duration_days=7), Symptom(name="runny nose", duration_days=2)]


class Album(BaseModel):
    title: str
    artist: str
    year: int


class Film(BaseModel):
    film: str
    director: str


async def test_a_maker_ends_at_the_words_that_go_on_after_the_name():
    album = (await Runner.run(Agent(name="Music", instructions="Extract the album.", output_type=Album),
                              "Abbey Road by the Beatles came out in 1969")).final_output
    assert album == Album(title="Abbey Road", artist="the Beatles", year=1969)
    film = (await Runner.run(Agent(name="Films", instructions="Extract the film.", output_type=Film),
                             "I watched Jaws by Steven Spielberg last night")).final_output
    assert film == Film(film="Jaws", director="Steven Spielberg")


class Triage(BaseModel):
    category: Literal["billing", "bug", "feature_request", "account"]
    severity: Literal["minor", "major", "critical"]


class Feedback(BaseModel):
    kind: Literal["complaint", "praise", "feature"]


async def test_a_request_for_something_new_is_a_feature_request():
    agent = Agent(name="Triage", instructions="Classify the ticket.", output_type=Triage)
    assert (await Runner.run(agent, "Please add CSV export")).final_output.category == "feature_request"
    agent = Agent(name="Feedback", instructions="Sort the app review.", output_type=Feedback)
    assert (await Runner.run(agent, "It would be a nice improvement to support dark mode")).final_output.kind == "feature"


class Patient(BaseModel):
    patient_name: str
    age: int


async def test_a_name_after_is_ends_at_its_comma():
    agent = Agent(name="Intake", instructions="Extract the patient.", output_type=Patient)
    assert (await Runner.run(agent, "My name is Lena Park, I'm 34.")).final_output == Patient(patient_name="Lena Park", age=34)
    assert (await Runner.run(agent, "The patient's name is Omar Haddad, He is 58")).final_output.patient_name == "Omar Haddad"


@function_tool
def add_to_playlist(playlist: str, song: str, artist: str) -> str:
    """Add a song to one of the user's playlists."""
    return "ok"


@function_tool
def file_bug(title: str, component: str) -> str:
    """File a bug in the tracker."""
    return "filed"


async def test_a_value_said_before_its_fields_name():
    calls, _ = await tool_calls([add_to_playlist], "Add Wonderwall by Oasis to my Road Trip playlist")
    assert calls == [("add_to_playlist", {"playlist": "Road Trip", "song": "Wonderwall", "artist": "Oasis"})]
    calls, _ = await tool_calls([file_bug], "File a bug: the export button does nothing in the reports component")
    assert calls[0][1]["component"] == "reports component"


class Ticket(BaseModel):
    summary: str
    priority: Literal["low", "medium", "high", "urgent"]


class Order(BaseModel):
    item: str
    shipping: Literal["standard", "express", "overnight"]


async def test_an_option_shouted_in_capitals_is_chosen():
    agent = Agent(name="Triage", instructions="Triage the support ticket.", output_type=Ticket)
    assert (await Runner.run(agent, "URGENT: payment service outage")).final_output.priority == "urgent"
    agent = Agent(name="Orders", instructions="Read the order.", output_type=Order)
    assert (await Runner.run(agent, "EXPRESS please - one blue kettle")).final_output.shipping == "express"
