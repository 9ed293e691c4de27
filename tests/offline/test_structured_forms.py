"""Structured output of forms people fill in prose: an optional field takes the words the message says for it
("I'm vegan": dietary needs "vegan") and a yes/no field a related word ("I'll bring my wife": a plus-one), a
classified ad's heading is no name nor place ("FOR SALE: mountain bike": the item), "or best offer" is negotiable.

The schemas and sentences are our own; each is what a learner tries first.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class RSVP(BaseModel):
    name: str
    attending: bool
    plus_one: bool
    dietary_needs: str | None
    accessibility: str | None


class Ad(BaseModel):
    item: str
    price: float
    location: str
    negotiable: bool


async def test_optional_fields_take_what_the_message_says_for_them_and_a_companion_is_a_plus_one() -> None:
    rsvp = await extract(RSVP, "Hi, this is Maria Lopez. I'll be there and I'll bring my wife. I'm vegan and I use "
                               "a wheelchair.")
    assert rsvp == RSVP(name="Maria Lopez", attending=True, plus_one=True, dietary_needs="vegan",
                        accessibility="wheelchair")
    rsvp = await extract(RSVP, "Count me in - Tom Baker. Coming with my partner, I'm allergic to peanuts.")
    assert rsvp == RSVP(name="Tom Baker", attending=True, plus_one=True, dietary_needs="allergic to peanuts",
                        accessibility=None)
    rsvp = await extract(RSVP, "Maria Lopez here, I'll bring my husband. I'm vegetarian and need step-free access.")
    assert (rsvp.plus_one, rsvp.dietary_needs, rsvp.accessibility) == (True, "vegetarian", "step-free access")
    rsvp = await extract(RSVP, "Jo Kim here, I'll be there on my own.")
    assert (rsvp.plus_one, rsvp.dietary_needs, rsvp.accessibility) == (False, None, None)


async def test_a_classified_ads_heading_is_no_item_nor_place_and_an_offer_makes_it_negotiable() -> None:
    ad = await extract(Ad, "FOR SALE: mountain bike, barely used, 300 dollars or best offer, pickup in Leeds")
    assert ad == Ad(item="mountain bike", price=300, location="Leeds", negotiable=True)
    ad = await extract(Ad, "FOR SALE: vintage guitar, 450 euros or nearest offer, collection from Bristol")
    assert ad == Ad(item="vintage guitar", price=450, location="Bristol", negotiable=True)
    ad = await extract(Ad, "Selling my old desk for 40 pounds, price firm, pickup in York")
    assert ad == Ad(item="old desk", price=40, location="York", negotiable=False)


class Recipe(BaseModel):
    title: str
    servings: int


class Gig(BaseModel):
    title: str
    venue: str
    price: float


class Posting(BaseModel):
    title: str
    company: str


async def test_a_title_is_the_heading_not_whom_it_serves_nor_the_currency_after_a_price() -> None:
    assert await extract(Recipe, "Pancakes for 4 people: 2 eggs, 200g flour, 300ml milk") == Recipe(
        title="Pancakes", servings=4)
    assert await extract(Recipe, "Lemon cake for six: 3 eggs, 200g sugar, 1 lemon") == Recipe(
        title="Lemon cake", servings=6)
    assert await extract(Gig, "Jazz Night at the Blue Room, 25 EUR") == Gig(title="Jazz Night", venue="Blue Room",
                                                                          price=25)
    assert (await extract(Gig, "Poetry Slam at the Old Library, 8 GBP")).title == "Poetry Slam"
    posting = await extract(Posting, "Senior Engineer at Globex, Berlin")
    assert posting == Posting(title="Senior Engineer", company="Globex")


class Job(BaseModel):
    company: str
    role: str
    years: int


class Career(BaseModel):
    jobs: list[Job]


async def test_each_job_of_a_cv_takes_its_company_and_the_role_after_as() -> None:
    told = "Worked 3 years at Google as a software engineer, then 2 years at Spotify as a tech lead."
    assert await extract(list[Job], told) == [Job(company="Google", role="software engineer", years=3),
                                              Job(company="Spotify", role="tech lead", years=2)]
    career = await extract(Career, "I spent 4 years at Siemens as an electrician and 1 year at Bosch as a foreman")
    assert career.jobs == [Job(company="Siemens", role="electrician", years=4),
                           Job(company="Bosch", role="foreman", years=1)]


class Product(BaseModel):
    brand: str
    model: str


async def test_a_product_name_with_an_inner_capital_or_a_number_splits_into_brand_and_model() -> None:
    assert await extract(Product, "Apple iPhone 13 Pro") == Product(brand="Apple", model="iPhone 13 Pro")
    assert await extract(Product, "Sony PlayStation 5") == Product(brand="Sony", model="PlayStation 5")
    assert await extract(Product, "I just bought an Apple iPad Air") == Product(brand="Apple", model="iPad Air")


class Booking(BaseModel):
    instrument: str
    day: str
    time: str
    researcher: str


async def test_a_lowercase_thing_booked_is_no_persons_name_and_the_speaker_is_the_person() -> None:
    booking = await extract(Booking, "book the confocal microscope for Tuesday 2pm, I'm Dr Ana Ruiz")
    assert booking == Booking(instrument="confocal microscope", day="Tuesday", time="2pm", researcher="Ana Ruiz")
    booking = await extract(Booking, "Please book the mass spectrometer for Friday 10am, this is Prof Ken Ito")
    assert booking == Booking(instrument="mass spectrometer", day="Friday", time="10am", researcher="Ken Ito")
