"""Judgements in structured output: a score, a star rating or a confidence that reflects the choice made, a
reason that names the words that made it, yes/no fields the message negates, and lists of objects read
item by item.

The schemas and sentences are our own; each is what a learner tries first with ``output_type``.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Tone(BaseModel):
    tone: Literal["positive", "negative", "neutral"]
    certainty: float = Field(ge=0, le=1)
    justification: str


class Feedback(BaseModel):
    rating: int = Field(ge=1, le=5)
    sentiment_score: float = Field(ge=0, le=1)


class Emotion(BaseModel):
    emotion: Literal["joyful", "angry", "sad"]
    likelihood: float


async def test_a_certainty_follows_the_words_that_chose_the_label_and_the_reason_names_them() -> None:
    rude = await extract(Tone, "The waiter was rude and the soup was cold.", "Classify the tone of the comment.")
    assert rude == Tone(tone="negative", certainty=0.9,
                        justification="Negative: the message says 'rude' and 'cold'.")
    nice = await extract(Tone, "What a wonderful little hotel.", "Classify the tone of the comment.")
    assert (nice.tone, nice.certainty) == ("positive", 0.7) and "'wonderful'" in nice.justification
    plain = await extract(Tone, "The museum opens at nine.", "Classify the tone of the comment.")
    assert (plain.tone, plain.certainty) == ("neutral", 0.5) and "museum" not in plain.justification
    mixed = await extract(Tone, "Friendly staff, but a dirty room.", "Classify the tone of the comment.")
    assert (mixed.tone, mixed.certainty) == ("neutral", 0.5) and "'dirty'" in mixed.justification


async def test_a_rating_without_a_number_sits_where_the_praise_or_blame_puts_it() -> None:
    assert await extract(Feedback, "Awful headphones, they died after 3 weeks.",
                         "Rate the feedback.") == Feedback(rating=1, sentiment_score=0.0)
    assert await extract(Feedback, "Fantastic pan, cooks evenly and cleans perfectly.",
                         "Rate the feedback.") == Feedback(rating=5, sentiment_score=1.0)
    assert (await extract(Feedback, "It is a pan.", "Rate the feedback.")).rating == 3
    assert (await extract(Feedback, "I'd give it 4 stars.", "Rate the feedback.")).rating == 4


async def test_an_emotion_is_chosen_by_a_related_word_and_its_likelihood_is_not_zero() -> None:
    assert await extract(Emotion, "I am furious about the noise upstairs.",
                         "Detect the emotion.") == Emotion(emotion="angry", likelihood=0.7)


class Order(BaseModel):
    is_gift: bool
    needs_invoice: bool
    wants_signup: bool
    wants_pickup: bool


async def test_a_yes_no_field_is_read_by_its_thing_and_a_negation_counts_in_its_own_clause() -> None:
    instructions = "Fill in the order form from the customer's note."
    assert await extract(Order, "No need for an invoice, it's a gift for my aunt. Sign me up for the newsletter too.",
                         instructions) == Order(is_gift=True, needs_invoice=False, wants_signup=True, wants_pickup=False)
    assert await extract(Order, "I'll pick it up myself on Friday, and please send an invoice.",
                         instructions) == Order(is_gift=False, needs_invoice=True, wants_signup=False, wants_pickup=True)
    assert await extract(Order, "I don't want to pick it up, just mail it. An invoice would help.",
                         instructions) == Order(is_gift=False, needs_invoice=True, wants_signup=False, wants_pickup=False)


class Line(BaseModel):
    count: int
    item: str
    price: float


class Quote(BaseModel):
    lines: list[Line]


async def test_each_line_of_a_list_of_objects_names_only_the_thing_it_counts() -> None:
    quote = await extract(Quote, "Quote 4 chairs at 59.90 each, 2 x oak table at $310 and 6 cushions at 12.")
    assert quote == Quote(lines=[Line(count=4, item="chairs", price=59.9), Line(count=2, item="oak table", price=310),
                                 Line(count=6, item="cushions", price=12)])


class Place(BaseModel):
    street: str
    city: str


class Supplier(BaseModel):
    email: str
    mobile: str
    office: Place


async def test_a_phone_field_of_a_nested_card_holds_the_whole_number_never_the_message() -> None:
    card = await extract(Supplier, "Orders go to sales@brightloom.co.uk; mobile (020) 7946-0018; we sit at 3 Quay Road, Hull.")
    assert card == Supplier(email="sales@brightloom.co.uk", mobile="(020) 7946-0018",
                            office=Place(street="3 Quay Road", city="Hull"))
