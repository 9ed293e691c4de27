"""Structured output of listings, claims and bookings (outside tester, round 11): a field for a name takes a
name said, not the whole message ("2019 Toyota Corolla": make Toyota, model Corolla); a number goes to the field
whose word is next to it ("asking 15000": price; "4 bedrooms and 3 bathrooms"), a year takes no count's place.

The schemas and sentences are our own (none of memlab's scenario); each is what a learner tries first.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the details."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Vehicle(BaseModel):
    make: str
    model: str
    year: int
    mileage: int
    price: int


class Gadget(BaseModel):
    maker: str
    model: str
    storage_gb: int


@pytest.mark.parametrize(("message", "expected"), [
    ("2019 Toyota Corolla, 42000 km, asking 15000", Vehicle(make="Toyota", model="Corolla", year=2019, mileage=42000,
                                                             price=15000)),
    ("Looking to sell my Volkswagen Golf from 2017 with 98,000 km. Asking 6500.",
     Vehicle(make="Volkswagen", model="Golf", year=2017, mileage=98000, price=6500)),
])
async def test_a_make_and_a_model_take_the_name_said_and_numbers_their_words(message, expected):
    assert await extract(Vehicle, message, "Extract the vehicle ad.") == expected


class Accident(BaseModel):
    vehicle: str
    damage: str


async def test_only_a_field_for_a_part_of_a_name_splits_it():
    crash = await extract(Accident, "My Honda Jazz was hit in a parking lot, the rear bumper is dented.", "Log the claim.")
    assert crash.vehicle == "Honda Jazz" and "bumper is dented" in crash.damage


async def test_a_name_field_takes_a_name_and_no_unit_after_a_number():
    phone = await extract(Gadget, "Samsung Galaxy S21, 128 GB, asking 300.")
    assert (phone.model, phone.storage_gb) == ("Galaxy S21", 128)
    assert (await extract(Gadget, "Google Pixel 8 with 256GB storage for $650")).storage_gb == 256


class Home(BaseModel):
    bedrooms: int
    bathrooms: int
    price: int


class Flat(BaseModel):
    bedrooms: int
    bathrooms: int
    area_sqm: float
    price: int


class Posting(BaseModel):
    title: str
    salary_min: int
    salary_max: int


class Dish(BaseModel):
    servings: int
    prep_minutes: int


async def test_a_number_before_its_word_is_not_the_next_field_s():
    assert await extract(Home, "4 bedrooms and 3 bathrooms, price 510000") == Home(bedrooms=4, bathrooms=3, price=510000)
    dish = await extract(Dish, "Pancakes for 4 people, takes 15 minutes: 200 g flour, 2 eggs, 300 ml milk.")
    assert dish == Dish(servings=4, prep_minutes=15)


async def test_a_number_joined_to_a_short_word_or_a_range_is_read_whole():
    flat = await extract(Flat, "Bright 3-bed, 2-bath flat in Porto, 110 m2, with a small garden. Asking 325000.")
    assert flat == Flat(bedrooms=3, bathrooms=2, area_sqm=110, price=325000)
    job = await extract(Posting, "Acme Corp is hiring a Senior Backend Engineer. Salary 90,000-120,000 USD, fully remote.")
    assert (job.salary_min, job.salary_max) == (90000, 120000)


class Report(BaseModel):
    severity: str
    summary: str


class Claim(BaseModel):
    policy_number: str
    urgency: Literal["low", "medium", "high", "critical"]


@pytest.mark.parametrize(("output_type", "message", "level"), [
    (Report, "The sync keeps failing, pretty bad, blocks my work.", "high"),
    (Report, "Minor typo on the about page, no rush.", "low"),
    (Claim, "Policy HX-44821: the app crashes every time I file a claim, I'm stuck.", "high"),
    (Claim, "Policy AC77120, a small dent on the door, no rush at all.", "low"),
])
async def test_a_level_field_follows_how_bad_the_user_says_it_is(output_type, message, level):
    found = await extract(output_type, message, "Triage the report.")
    assert getattr(found, "severity", getattr(found, "urgency", None)) == level


class Line(BaseModel):
    description: str
    quantity: int
    unit_price: float


class Invoice(BaseModel):
    customer: str
    items: list[Line]


class Ingredient(BaseModel):
    name: str
    amount: str


class Recipe(BaseModel):
    servings: int
    ingredients: list[Ingredient]


class Expense(BaseModel):
    merchant: str
    amount: float
    date: str


class Expenses(BaseModel):
    lines: list[Expense]


async def test_an_item_listed_with_a_or_an_counts_one():
    invoice = await extract(Invoice, "Invoice for Dana Whitfield: 2 chairs at $40 and a desk for $120.", "Build the invoice.")
    assert invoice.items == [Line(description="chairs", quantity=2, unit_price=40), Line(description="desk", quantity=1,
                                                                                      unit_price=120)]
    order = await extract(Invoice, "Bill Harbor Cafe for an espresso machine at 450 and 3 grinders at 89.")
    assert [(i.description, i.quantity, i.unit_price) for i in order.items] == [("espresso machine", 1, 450),
                                                                            ("grinders", 3, 89)]


async def test_an_ingredient_s_amount_keeps_its_unit_and_its_name_every_word():
    recipe = await extract(Recipe, "Chicken curry (serves 6). You need 1 kg chicken thighs, 2 onions, 400 ml coconut milk.")
    assert [(i.name, i.amount) for i in recipe.ingredients] == [("chicken thighs", "1 kg"), ("onions", "2"),
                                                                ("coconut milk", "400 ml")]


async def test_a_line_opening_with_a_name_then_to_is_no_task():
    found = await extract(Expenses, "Uber to the airport $42.50 on May 2, lunch at Nando's $18 on May 3, and a Figma "
                                    "subscription for $15 on May 5.", "Turn these into expense lines.")
    assert [(line.amount, line.date) for line in found.lines] == [(42.5, "May 2"), (18, "May 3"), (15, "May 5")]


class Signup(BaseModel):
    full_name: str
    workshop: Literal["intro", "advanced", "masterclass"]
    t_shirt: Literal["S", "M", "L", "XL"]
    needs_parking: bool


async def test_an_interjection_or_a_size_is_no_name_and_the_earlier_turn_s_name_holds():
    session = SQLiteSession("signup")
    await Runner.run(Agent(name="Desk", instructions="Be helpful."),
                     "My name is Henrik Olsen and I want to sign up for the masterclass.", session=session)
    form = Agent(name="Form", instructions="Fill the registration.", output_type=Signup)
    signup = (await Runner.run(form, "Oh and I'll need a parking spot, size XL shirt.", session=session)).final_output
    assert signup == Signup(full_name="Henrik Olsen", workshop="masterclass", t_shirt="XL", needs_parking=True)
    again = (await Runner.run(form, "Well, also: XL please - Mia Chen, intro workshop.")).final_output
    assert (again.full_name, again.workshop, again.t_shirt) == ("Mia Chen", "intro", "XL")


class Cost(BaseModel):
    amount: float
    billable: bool


class Fixture(BaseModel):
    home_team: str
    venue: str


class Return(BaseModel):
    order_id: str
    reason: Literal["damaged", "wrong item", "no longer needed", "other"]
    quantity: int


async def test_a_flag_a_venue_a_reason_and_a_count_in_everyday_words():
    assert (await extract(Cost, "Client dinner, 86.40 euros, bill it to the client.")).billable is True
    assert (await extract(Cost, "Train ticket 45 pounds, not billable.")).billable is False
    assert (await extract(Fixture, "Real Madrid play at the Bernabeu on Sunday.")).venue == "Bernabeu"
    assert (await extract(Fixture, "Ajax vs PSV, kick-off at the Johan Cruyff Arena.")).venue == "Johan Cruyff Arena"
    returned = await extract(Return, "I want to return order A-5531, the blender arrived cracked. Just the one unit.")
    assert (returned.reason, returned.quantity) == ("damaged", 1)
    assert (await extract(Return, "Order 99812: the vase came smashed.")).reason == "damaged"


class Slot(BaseModel):
    instrument: str
    start: str
    end: str


class Rental(BaseModel):
    rent: int
    available_from: str


class Terms(BaseModel):
    rent: int
    deposit: int
    min_months: int


class Booked(BaseModel):
    nights: int
    price_per_night: float


async def test_a_start_an_end_or_an_available_from_field_takes_a_time_or_a_date():
    slot = await extract(Slot, "Book the NMR spectrometer from 10:00 to 12:30.", "Book the instrument.")
    assert (slot.start, slot.end) == ("10:00", "12:30")
    other = await extract(Slot, "I need the flow cytometer 14:00-16:00 please.", "Book the instrument.")
    assert (other.start, other.end) == ("14:00", "16:00")
    rental = await extract(Rental, "Rent is 950 a month, available from 1 March, minimum 6 months.")
    assert (rental.rent, rental.available_from) == (950, "1 March")


class Street(BaseModel):
    street: str
    city: str


class Let(BaseModel):
    price: float
    address: Street
    pets_allowed: bool


class Room(BaseModel):
    bedrooms: int
    rent: int


async def test_an_address_gives_no_count_or_price():
    studio = await extract(Let, "Cozy studio at 14 Baker Street, London, 1200 per month. No pets.")
    assert studio == Let(price=1200, address=Street(street="14 Baker Street", city="London"), pets_allowed=False)
    flat = await extract(Room, "Flat at 221 Elm Road, Leeds: 2 bedrooms, 850 a month.")
    assert (flat.bedrooms, flat.rent) == (2, 850)


async def test_a_number_named_for_one_field_is_not_named_for_the_next():
    terms = await extract(Terms, "Rent is 950 a month, deposit 1900, minimum 6 months.")
    assert terms == Terms(rent=950, deposit=1900, min_months=6)
    stay = await extract(Booked, "Hotel in Ghent for 3 nights, 95 a night.")
    assert stay == Booked(nights=3, price_per_night=95)


class Match(BaseModel):
    winner: str
    loser: str
    score: str


@pytest.mark.parametrize(("message", "expected"), [
    ("Djokovic defeated Nadal 6-3, 6-4.", Match(winner="Djokovic", loser="Nadal", score="6-3, 6-4")),
    ("Ajax beat PSV 2-1 on Sunday.", Match(winner="Ajax", loser="PSV", score="2-1")),
])
async def test_a_result_names_the_side_opening_the_sentence_and_the_score_said(message, expected):
    assert await extract(Match, message, "Record the result.") == expected


class Attendee(BaseModel):
    full_name: str
    workshop: Literal["intro", "advanced", "masterclass"]


class Venue(BaseModel):
    attendee_name: str
    city: str


async def test_a_name_after_its_label_is_taken_whole():
    signup = await extract(Attendee, "Name: Lena Fischer. Advanced workshop please, size medium t-shirt.")
    assert signup == Attendee(full_name="Lena Fischer", workshop="advanced")
    venue = await extract(Venue, "attendee Priya Raman, city New York")
    assert venue == Venue(attendee_name="Priya Raman", city="New York")


class ReturnRequest(BaseModel):
    order_id: str
    items: list[str]


@pytest.mark.parametrize(("message", "items"), [
    ("Return for order 55-1902: the lamp and the rug, both arrived broken.", ["lamp", "rug"]),
    ("I changed my mind about order B7731 - sending back the jacket.", ["jacket"]),
])
async def test_a_list_of_items_holds_no_other_field_s_value(message, items):
    assert (await extract(ReturnRequest, message, "Process the return.")).items == items


class Spend(BaseModel):
    category: Literal["meals", "supplies", "lodging", "travel"]
    amount: float


@pytest.mark.parametrize(("message", "category"), [
    ("Hotel Ibis Lyon, 2 nights, 178 EUR.", "lodging"),
    ("Taxi from the airport to the office, 38.50.", "travel"),
    ("Printer toner and a box of paper from Staples, 64.90.", "supplies"),
])
async def test_an_expense_category_follows_what_was_bought(message, category):
    assert (await extract(Spend, message, "Categorize the expense.")).category == category
