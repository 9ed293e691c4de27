"""Structured output the SDK can parse, shaped the way the request's words are: string formats pydantic
checks (dates, times, links...), nullable fields left null when nothing is said, lists of objects, counts,
extraction from a receipt or a recipe, and classification by the words of a field's topic.

The schemas and sentences are our own; each is what a learner tries first with ``output_type``.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import uuid
from typing import Literal

import pytest
from agents import Agent, Runner
from pydantic import AnyUrl, BaseModel

from memlab.offline.api import OfflineAPI

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Trip(BaseModel):
    departs: datetime.date
    returns: datetime.date
    pickup: datetime.time


class Release(BaseModel):
    starts_at: datetime.datetime
    page: AnyUrl
    build: uuid.UUID
    server: ipaddress.IPv4Address
    length: datetime.timedelta


async def test_dates_and_times_of_a_format_are_written_in_iso_form_with_the_year_the_request_names() -> None:
    trip = await extract(Trip, "Out on Sep 2nd, back on 25/09, pickup at 7:15 pm.", "All dates are in 2027.")
    assert trip == Trip(departs=datetime.date(2027, 9, 2), returns=datetime.date(2027, 9, 25),
                        pickup=datetime.time(19, 15))
    us_order = await extract(Trip, "Leaving 04/06/2031 and back 4 July 2031, pickup 6am.")
    assert (us_order.departs, us_order.returns, us_order.pickup) == (
        datetime.date(2031, 4, 6), datetime.date(2031, 7, 4), datetime.time(6, 0))


async def test_a_string_of_a_checked_format_is_what_the_message_gives_or_a_placeholder_that_validates() -> None:
    release = await extract(Release, "Release on 2030-05-01 at 09:30; notes at https://docs.example.org/r1.")
    assert release.starts_at == datetime.datetime(2030, 5, 1, 9, 30, tzinfo=datetime.timezone.utc)  # RFC 3339's offset
    assert str(release.page) == "https://docs.example.org/r1"
    vague = await extract(Release, "We release soon, I have no details yet.")
    assert str(vague.page) == "https://example.com/" and vague.build == uuid.UUID(int=0)


class Lead(BaseModel):
    company: str
    phone: str | None
    budget: int | None
    notes: str | None


def json_schema_answer(schema: dict, message: str) -> dict:
    body = {"model": "gpt-4.1-mini", "instructions": "Read the booking request.", "input": message,
            "text": {"format": {"type": "json_schema", "name": "booking", "schema": schema, "strict": True}}}
    return json.loads(OfflineAPI().respond(body)["output"][-1]["content"][0]["text"])


async def test_a_nullable_field_the_message_gives_no_value_for_is_null_not_a_stand_in() -> None:
    lead = await extract(Lead, "New lead from Orbital Labs, they want a demo next week.")
    assert lead == Lead(company="Orbital Labs", phone=None, budget=None, notes=None)
    schema = {"type": "object", "additionalProperties": False, "required": ["guests", "time"],
              "properties": {"guests": {"type": ["integer", "null"]}, "time": {"type": ["string", "null"]}}}
    assert json_schema_answer(schema, "Could I move my booking?") == {"guests": None, "time": None}
    assert json_schema_answer(schema, "A table for 3 at 7:30 pm, please.") == {"guests": 3, "time": "7:30 pm"}


class Ticket(BaseModel):
    name: str
    age: int


class Party(BaseModel):
    tickets: list[Ticket]


class CartLine(BaseModel):
    product: str
    count: int


class Cart(BaseModel):
    lines: list[CartLine]


class Kit(BaseModel):
    gear: list[str]
    days: int


async def test_a_list_of_objects_has_one_object_per_item_listed_each_filled_from_its_own_words() -> None:
    party = await extract(Party, "Tickets for Ana (31) and Ben (8).")
    assert party == Party(tickets=[Ticket(name="Ana", age=31), Ticket(name="Ben", age=8)])
    cart = await extract(Cart, "Please send 4 lemons, 1 melon and 6 eggs.")
    assert cart == Cart(lines=[CartLine(product="lemons", count=4), CartLine(product="melon", count=1),
                               CartLine(product="eggs", count=6)])


async def test_a_list_of_strings_holds_every_item_listed_and_a_count_is_the_number_of_items() -> None:
    kit = await extract(Kit, "Hiking for 5 days: boots, rain jacket, map and water bottle.")
    assert kit == Kit(gear=["boots", "rain jacket", "map", "water bottle"], days=5)
    cities = await extract(list[str], "We drove from Lyon to Turin, then Zagreb.", "List the cities mentioned.")
    assert cities == ["Lyon", "Turin", "Zagreb"]
    count = await extract(int, "Milk, eggs, flour and sugar.", "How many things are on the list? Give the count.")
    assert count == 4


class Purchase(BaseModel):
    store: str
    total: float
    currency: str
    day: str


async def test_a_receipt_gives_the_shop_that_opens_it_the_amount_and_the_currency_code_or_sign() -> None:
    fnac = await extract(Purchase, "Fnac 05/11/2025 paid €23.90 by card", "Extract the purchase from the receipt.")
    assert fnac == Purchase(store="Fnac", total=23.9, currency="EUR", day="05/11/2025")
    coffee = await extract(Purchase, "Receipt from Blue Bottle Coffee on 2 May: 4.50 GBP.")
    assert coffee == Purchase(store="Blue Bottle Coffee", total=4.5, currency="GBP", day="2 May")


class Issue(BaseModel):
    priority: Literal["medium", "low", "high"]
    area: Literal["account", "billing", "technical"]


class Flags(BaseModel):
    is_spam: bool
    is_scifi: bool
    is_about_politics: bool


async def test_a_priority_and_a_category_are_read_from_words_of_their_topic() -> None:
    issue = await extract(Issue, "Critical: the server had an outage again.", "Triage the issue.")
    assert issue == Issue(priority="high", area="technical")
    minor = await extract(Issue, "Trivial one: my account page shows an old photo.", "Triage the issue.")
    assert minor == Issue(priority="low", area="account")


async def test_a_flag_named_for_a_topic_is_true_when_the_message_uses_that_topics_words() -> None:
    flags = "Flag the message."
    assert await extract(Flags, "You won a lottery prize! Reply to claim it.", flags) == Flags(
        is_spam=True, is_scifi=False, is_about_politics=False)
    assert await extract(Flags, "A robot wakes up alone on a starship.", flags) == Flags(
        is_spam=False, is_scifi=True, is_about_politics=False)
    assert await extract(Flags, "What will the senate vote on this week?", flags) == Flags(
        is_spam=False, is_scifi=False, is_about_politics=True)
    assert await extract(Flags, "Can we move lunch to Friday?", flags) == Flags(
        is_spam=False, is_scifi=False, is_about_politics=False)


class Review(BaseModel):
    explanation: str
    verdict: Literal["approve", "revise", "reject"]


class Mood(BaseModel):
    label: Literal["positive", "negative", "neutral"]
    confidence: float


class Triage(BaseModel):
    summary: str
    team: Literal["shipping", "billing", "other"]


async def test_a_judge_never_gives_the_verdict_its_instructions_forbid_and_its_explanation_is_on_the_text() -> None:
    reviewer = Agent(name="Reviewer", output_type=Review, instructions=(
        "You review a product description. Never approve it on the first try."))
    first = [{"role": "user", "content": "Describe our ceramic mug."},
             {"role": "assistant", "content": "A hand-glazed mug that keeps coffee warm for an hour."}]
    review = (await Runner.run(reviewer, first)).final_output
    assert review.verdict == "revise" and "hand-glazed mug" in review.explanation
    second = [*first, {"role": "user", "content": "Feedback: say what it holds."},
              {"role": "assistant", "content": "A hand-glazed mug that holds 350 ml."}]
    assert (await Runner.run(reviewer, second)).final_output.verdict == "approve"


async def test_a_confidence_is_high_when_a_word_chose_the_label_and_a_summary_never_refuses() -> None:
    assert await extract(Mood, "The staff were friendly and helpful.") == Mood(label="positive", confidence=0.9)
    assert await extract(Mood, "The train leaves at noon.") == Mood(label="neutral", confidence=0.5)
    asked = await extract(Triage, "Could you tell me why my parcel is late?", "Triage the message.")
    assert asked == Triage(summary="The user asks: Could you tell me why my parcel is late?", team="shipping")
    long = ("My order arrived with a cracked lid. " * 3 + "I would like a replacement sent to the same address, "
            "and please keep the invoice as it is, since my company pays for it.")
    assert (await extract(Triage, long, "Triage the message.")).summary == (
        "The user says: My order arrived with a cracked lid.")
