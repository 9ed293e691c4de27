"""Structured output filled from what the request says: each field gets the value a careful, literal model
would pick for it, by the field's name, the object it belongs to, the units and negations next to it, the tool
results of the turn and the instructions; never the whole message where one value is asked for.

The schemas and sentences are our own (none of memlab's scenario); each is what a learner tries first.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from memlab.offline.api import OfflineAPI

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information.", tools=()):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type, tools=list(tools))
    return (await Runner.run(agent, message)).final_output


class CalendarEvent(BaseModel):
    name: str
    date: str
    participants: list[str]


class Conference(BaseModel):
    name: str
    city: str
    date: str


class Flight(BaseModel):
    passenger: str
    origin: str
    destination: str


class Employee(BaseModel):
    first_name: str
    last_name: str
    years_of_service: int


async def test_the_name_of_an_event_is_the_event_not_one_of_the_people_going() -> None:
    event = await extract(CalendarEvent, "Alice and Bob are going to a science fair on Friday.")
    assert event == CalendarEvent(name="science fair", date="Friday", participants=["Alice", "Bob"])
    summit = await extract(Conference, "Priya and Tom are presenting at a robotics summit in Geneva on 3 June.")
    assert summit == Conference(name="robotics summit", city="Geneva", date="3 June")


async def test_a_person_field_takes_the_persons_name_not_the_verb_before_it_or_the_whole_message() -> None:
    flight = await extract(Flight, "Book Sarah Lee on a flight from Boston to Lisbon.")
    assert flight == Flight(passenger="Sarah Lee", origin="Boston", destination="Lisbon")


async def test_first_and_last_name_split_one_full_name_and_a_number_takes_the_unit_its_field_names() -> None:
    employee = await extract(Employee, "Room 4: John Carter, with us for 12 years.")
    assert employee == Employee(first_name="John", last_name="Carter", years_of_service=12)


async def test_a_list_of_strings_holds_the_items_of_the_kind_the_instructions_name() -> None:
    cities = await extract(list[str], "I flew from Madrid to Oslo via Berlin.", "List the cities mentioned.")
    assert cities == ["Madrid", "Oslo", "Berlin"]
    people = await extract(list[str], "Mia and Theo drove from Porto to Braga.", "List the people mentioned.")
    assert people == ["Mia", "Theo"]


class Invoice(BaseModel):
    vendor: str
    total: float
    paid: bool


class Meeting(BaseModel):
    title: str
    attendees: list[str]
    duration_minutes: int


class Shipment(BaseModel):
    weight_kg: float
    distance_km: int


class Product(BaseModel):
    name: str
    price: float
    in_stock: bool


async def test_the_number_next_to_the_fields_name_wins_and_a_negated_flag_is_false() -> None:
    text = "Invoice from Acme Supplies: 3 boxes of paper at 4.50 each. Total 13.50. Not yet paid."
    invoice = await extract(Invoice, text)
    assert invoice == Invoice(vendor="Acme Supplies", total=13.5, paid=False)
    lamp = await extract(Product, "The Aurora Lamp costs 89.99 but isn't in stock.")
    assert lamp == Product(name="Aurora Lamp", price=89.99, in_stock=False)


async def test_a_list_of_people_and_numbers_followed_by_their_unit() -> None:
    meeting = await extract(Meeting, "Schedule 'Q3 Planning' on March 14 with Alice, Bob and Chen for 45 minutes.")
    assert meeting == Meeting(title="Q3 Planning", attendees=["Alice", "Bob", "Chen"], duration_minutes=45)
    shipment = await extract(Shipment, "Ship 2 parcels, 7.5 kg in total, over 340 km.")
    assert shipment == Shipment(weight_kg=7.5, distance_km=340)


class Bill(BaseModel):
    paid: bool


async def test_a_flag_said_with_un_is_false_and_said_plainly_is_true() -> None:
    assert (await extract(Bill, "This bill is still unpaid.")).paid is False
    assert (await extract(Bill, "This bill was paid on Monday.")).paid is True


@function_tool
def get_weather(city: str) -> dict:
    """Get current weather for a city."""
    return {"city": city, "temp": 18, "condition": "light rain"}


@function_tool
def get_air_quality(city: str) -> dict:
    """Get the air quality index of a city."""
    return {"city": city, "aqi": 42, "level": "good"}


class WeatherReport(BaseModel):
    city: str
    temperature: int
    condition: str


class AirReport(BaseModel):
    city: str
    aqi: int
    level: str


async def test_fields_named_like_the_keys_a_tool_returned_take_its_values() -> None:
    """The SDK sends a tool's dict as Python text ("{'city': 'Oslo', ...}"); ``temp`` is short for temperature."""
    report = await extract(WeatherReport, "Weather report for Oslo please.", "Be helpful.", [get_weather])
    assert report == WeatherReport(city="Oslo", temperature=18, condition="light rain")
    air = await extract(AirReport, "How is the air quality in Lima?", "Help the user.", [get_air_quality])
    assert air == AirReport(city="Lima", aqi=42, level="good")


class MathAnswer(BaseModel):
    result: float
    explanation: str


class Verdict(BaseModel):
    answerable: bool
    rationale: str


async def test_an_explanation_says_what_the_user_asks_never_a_refusal_next_to_other_values() -> None:
    answer = await extract(MathAnswer, "What is 17 multiplied by 23?", "Solve the math problem.")
    assert answer.explanation == "The user asks: What is 17 multiplied by 23?"
    verdict = await extract(Verdict, "What is the capital of Peru?", "Judge the question.")
    assert verdict.rationale == "The user asks: What is the capital of Peru?"


def json_object(instructions: str, message: str) -> dict:
    body = {"model": "gpt-4o-mini", "instructions": instructions, "input": message,
            "text": {"format": {"type": "json_object"}}}
    return json.loads(OfflineAPI().respond(body)["output"][-1]["content"][0]["text"])


def test_a_json_object_has_the_keys_the_instructions_name_each_filled_like_a_field() -> None:
    assert json_object("Reply in JSON with keys name and city.", "I'm Lucia from Valencia.") == {
        "name": "Lucia", "city": "Valencia"}
    assert json_object("Answer in JSON with the keys product and city.", "I bought a Nimbus Kettle in Porto.") == {
        "product": "Nimbus Kettle", "city": "Porto"}


class Language(BaseModel):
    language: Literal["english", "spanish", "french", "german"]


async def test_a_language_option_is_chosen_by_the_everyday_words_of_the_message() -> None:
    detect = "Detect the language of the user's message."
    french = "Bonjour, je voudrais réserver une table pour deux personnes."
    assert (await extract(Language, french, detect)).language == "french"
    assert (await extract(Language, "Hallo, ich möchte bitte einen Tisch.", detect)).language == "german"


async def test_a_bare_bool_answers_the_question_the_instructions_ask_by_related_words() -> None:
    weather = "Is the user asking about the weather?"
    assert await extract(bool, "Will it rain in Paris tomorrow?", weather) is True
    assert await extract(bool, "Book me a table for two.", weather) is False
    food = "Does the user mention food?"
    assert await extract(bool, "I ate a huge meal.", food) is True


class Moderation(BaseModel):
    verdict: Literal["safe", "unsafe"]
    is_insult: bool


class Screening(BaseModel):
    is_homework_request: bool


async def test_a_moderation_verdict_and_flags_lean_to_the_label_an_insult_or_a_homework_request_relates_to() -> None:
    instructions = "Classify the user's message as safe or unsafe."
    rude = await extract(Moderation, "You're a useless moron.", instructions)
    polite = await extract(Moderation, "Where is my parcel?", instructions)
    assert (rude, polite) == (Moderation(verdict="unsafe", is_insult=True), Moderation(verdict="safe", is_insult=False))
    screen = "Decide whether the user wants their schoolwork done for them."
    assert (await extract(Screening, "Can you write my history essay for tomorrow?", screen)).is_homework_request
    assert not (await extract(Screening, "What's the weather in Oslo?", screen)).is_homework_request


class Talk(BaseModel):
    topic: str
    speaker: str


class Poem(BaseModel):
    subject: str
    lines: int


async def test_a_topic_or_subject_field_takes_what_the_message_is_about_not_the_whole_message() -> None:
    talk = await extract(Talk, "Maria Costa gives a talk about quantum computing for beginners next Tuesday.")
    assert talk == Talk(topic="quantum computing", speaker="Maria Costa")
    poem = await extract(Poem, "I need a poem on autumn leaves, 12 lines long.", "Plan the poem the user asks for.")
    assert poem == Poem(subject="autumn leaves", lines=12)
