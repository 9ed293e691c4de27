"""Structured output of forms read from prose: the number a question asks about is its subject ("Is 91 prime?
91 = 7 x 13": 91), pros and cons are the two sides of a "but", a "*_by" field takes the date after "by", and a list
of symptoms the things the sentence joins ("a headache and a sore throat since Monday"); a list given first names
its first place, a question about a listed record fills the fields from it, goals follow team names, another
field's label and value is no list item, and a job post's title is the role it hires for.

The schemas and sentences are our own; each is what a learner tries first.
"""

from __future__ import annotations

from typing import Literal

import openai
import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the data."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Verdict(BaseModel):
    number: int
    prime: bool
    reason: str
    confidence: Literal["low", "medium", "high"]


class Parity(BaseModel):
    value: int
    even: bool


def test_the_number_a_question_asks_about_is_not_taken_for_another_fields_count() -> None:
    with openai.OpenAI() as client:
        parsed = client.responses.parse(model="gpt-4o-mini", input="Is 91 prime? 91 = 7 x 13.", text_format=Verdict)
        assert parsed.output_parsed.number == 91
        parsed = client.responses.parse(model="gpt-4o-mini", input="Is 38 even? 38 = 2 x 19.", text_format=Parity)
        assert parsed.output_parsed.value == 38


class Review(BaseModel):
    product: str
    stars: int
    pros: list[str]
    cons: list[str]
    would_recommend: bool


class Assessment(BaseModel):
    strengths: list[str]
    weaknesses: list[str]


async def test_pros_and_cons_are_the_two_sides_of_a_but() -> None:
    review = await extract(Review, "The Aeropress is great: fast, easy to clean, but the filters are fiddly and it's "
                                   "small. 4 stars, I'd recommend it.")
    assert review.pros == ["fast", "easy to clean"] and review.stars == 4
    assert [c.removeprefix("the ") for c in review.cons] == ["filters are fiddly", "it's small"]
    laptop = await extract(Assessment, "Sharp screen and a battery that lasts all day; however the fan is loud.")
    assert laptop.strengths == ["Sharp screen", "a battery that lasts all day"] and laptop.weaknesses == ["the fan is loud"]
    hotel = await extract(Assessment, "The room was noisy and dirty, though the staff were wonderful.")
    assert hotel.strengths == ["the staff were wonderful"] and "dirty" in hotel.weaknesses


class Order(BaseModel):
    item: str
    quantity: int
    deliver_by: str | None


class Invoice(BaseModel):
    amount: float
    pay_by: str | None


async def test_a_by_field_takes_the_date_said_after_by() -> None:
    order = await extract(Order, "I want 2 bags of coffee beans, express delivery by Friday.")
    assert order.deliver_by == "Friday" and order.quantity == 2
    invoice = await extract(Invoice, "Please settle the 450 EUR invoice by March 3rd.")
    assert invoice.pay_by == "March 3rd" and invoice.amount == 450


class Intake(BaseModel):
    name: str
    age: int
    symptoms: list[str]


async def test_symptoms_are_the_things_the_sentence_joins() -> None:
    marta = await extract(Intake, "I'm Marta Silva, 34. I have a headache and a sore throat since Monday.")
    assert marta.symptoms == ["headache", "sore throat"] and marta.age == 34
    ana = await extract(Intake, "Ana Ruiz here, 41. Since Sunday I've had nausea and a bad rash since the weekend.")
    assert ana.symptoms == ["nausea", "bad rash"]


class Stay(BaseModel):
    city: str
    nights: int


class Trip(BaseModel):
    stays: list[Stay]


class Hotel(BaseModel):
    city: str
    nights: int
    guests: int | None


async def test_a_list_given_first_names_its_first_place_and_a_count_after_for_is_no_place() -> None:
    trip = await extract(Trip, "Lisbon 3 nights, Porto 2 nights, Faro 4 nights")
    assert [(s.city, s.nights) for s in trip.stays] == [("Lisbon", 3), ("Porto", 2), ("Faro", 4)]
    tour = await extract(Trip, "Kyoto 4 nights and Osaka 2 nights, please.")
    assert [s.city for s in tour.stays] == ["Kyoto", "Osaka"]
    hotel = await extract(Hotel, "Vienna 3 nights for 2 guests please")
    assert (hotel.city, hotel.nights, hotel.guests) == ("Vienna", 3, 2)


class Game(BaseModel):
    title: str
    platform: str
    price: float


class Book(BaseModel):
    title: str
    author: str
    price: float


async def test_a_question_about_a_listed_record_fills_the_fields_from_that_record() -> None:
    shop = "You are a game shop assistant. Games in stock: Zelda (Switch) 59 EUR, Halo (Xbox) 49 EUR, Gran Turismo " \
           "(PlayStation) 69 EUR"
    zelda = await extract(Game, "Is Zelda in stock for Switch?", shop)
    assert (zelda.title, zelda.platform, zelda.price) == ("Zelda", "Switch", 59)
    halo = await extract(Game, "Do you have Halo?", shop)
    assert (halo.title, halo.platform, halo.price) == ("Halo", "Xbox", 49)
    shelf = "You are a bookshop assistant. Books in stock: Dune (Herbert) 12 EUR, Emma (Austen) 9 EUR, Beloved (Morrison) 11 EUR"
    beloved = await extract(Book, "How much is Beloved?", shelf)
    assert (beloved.title, beloved.author, beloved.price) == ("Beloved", "Morrison", 11)


class Match(BaseModel):
    home_team: str
    away_team: str
    home_goals: int
    away_goals: int
    extra_time: bool


async def test_goals_after_team_names_are_each_sides_score_and_none_said_are_no_guess() -> None:
    final = await extract(Match, "Final: Ajax 2, Feyenoord 3 after extra time.")
    assert (final.home_team, final.away_team, final.home_goals, final.away_goals) == ("Ajax", "Feyenoord", 2, 3)
    hockey = await extract(Match, "Oilers 4, Flames 1 in Edmonton tonight.")
    assert (hockey.home_team, hockey.home_goals, hockey.away_goals) == ("Oilers", 4, 1)
    unsaid = await extract(Match, "Celtic beat Rangers last night.")
    assert (unsaid.home_goals, unsaid.away_goals) == (0, 0)


class Line(BaseModel):
    description: str
    quantity: int
    unit_price: float


class Billed(BaseModel):
    invoice_number: str
    lines: list[Line]
    total: float
    paid: bool


class Course(BaseModel):
    dish: str
    quantity: int
    price: float


class Bill(BaseModel):
    courses: list[Course]
    tip: float


async def test_another_fields_label_and_value_is_no_item_of_a_list() -> None:
    invoice = await extract(Billed, "Invoice INV-2291: 3 posters at 12.50 each and 2 banners at 40 each, total 117.50. "
                                     "Not paid yet.")
    assert [(line.description, line.quantity) for line in invoice.lines] == [("posters", 3), ("banners", 2)]
    assert invoice.total == 117.5 and not invoice.paid
    bill = await extract(Bill, "Dinner: 2 risottos at 16 each, 1 tiramisu at 7, tip 5.")
    assert [(c.dish, c.quantity) for c in bill.courses] == [("risottos", 2), ("tiramisu", 1)] and bill.tip == 5


class JobPost(BaseModel):
    title: str
    company: str
    remote: bool


async def test_a_job_posts_title_is_the_role_it_hires_for_not_the_company() -> None:
    post = await extract(JobPost, "Nordwind is hiring a senior data engineer, fully remote, 70,000-90,000 EUR.")
    assert (post.title, post.company, post.remote) == ("senior data engineer", "Nordwind", True)
    nurse = await extract(JobPost, "Greenleaf Clinic seeks a night nurse for its Porto ward.")
    assert (nurse.title, nurse.company) == ("night nurse", "Greenleaf Clinic")
