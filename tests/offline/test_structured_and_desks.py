"""Specialists that answer from their instructions, and structured outputs read from a user's own words.

A ``Label: sentence. sentence.`` line of instructions answers a question by the one sentence that says each word
asked, even when the question does not name the label ("What's the warranty on electronics?" of "Our return
policy: ... Electronics have a 2-year warranty."); a question that names the label gets the sentences that name
its other words ("How much is the Premium plan?" of "Plans: Basic costs... Premium costs..."), and a label is
named by a word it lengthens ("cancel": "Cancellation: ..."). An option of nine letters or more is named by a word that
shares all but its last three ("dermatologist": dermatology, "accountant": accounting), and a person's name may open
a sentence when a verb follows it ("Priya can't come") or it stands alone ("- Dana"), not an adverb ("Unfortunately
Tom Becker..."). An address gives its street ("742 Evergreen Terrace") and the country after its postcode; a
field such as ``preferred_time`` takes the time ("4:30pm"), not the date. Everyday phrases set a flag: "count me
in", "will be there" (attending), "never been" (new), "sit outside" (outdoor). A reason field takes the reason the
user gives ("... because of chest pain": "chest pain"), not why an option was chosen. A list of strings holds
the items listed after a colon ("...: whisk the eggs, add flour, fry them"), else none, never the whole message.
An event is named like a title ("Dentist on March 4": Dentist), and a short month ("Feb") is no merchant. A counted
item's unit is the word before "of" ("2 liters of milk": milk, liters). A year field takes a year ("my 2015 Golf"), a
price the amount before a currency word ("8500 euros"), a language field the languages named. A rating "2/5" is 2
(no date), and "nothing urgent" names no urgent option.
"""

from __future__ import annotations

import datetime
from typing import Literal, Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


async def answer(instructions: str, message: str, desk: str = "") -> str:
    agent = Agent(name="Expert", instructions=instructions, handoff_description=desk or None)
    if desk:  # a triage agent hands off to it first
        agent = Agent(name="Triage", instructions="Route the customer to the right specialist.", handoffs=[agent])
    result = await Runner.run(agent, message)
    assert result.last_agent.name == "Expert"
    return result.final_output


@pytest.mark.parametrize(("instructions", "message", "expected", "desk"), [
    ("Our return policy: items can be returned within 30 days with a receipt. Electronics have a 2-year warranty. "
     "Answer only from this.", "What's the warranty on electronics?", "Electronics have a 2-year warranty.",
     "Explains the return and warranty policy."),
    ("Menu: Margherita pizza 11 EUR (contains gluten, dairy). Caesar salad 9 EUR (contains egg, fish). Tiramisu 6 EUR "
     "(contains egg, dairy, alcohol).", "How much is the tiramisu?", "Tiramisu 6 EUR (contains egg, dairy, alcohol).",
     ""),
    ("Club facts: the pool opens at 6am. Lockers cost 2 EUR a day. Towels are free for members.",
     "How much do the lockers cost?", "Lockers cost 2 EUR a day.", "Answers about the club's pool, lockers and towels."),
])
async def test_a_sentence_of_a_labelled_line_answers_what_it_says(instructions, message, expected, desk):
    assert await answer(instructions, message, desk) == expected



class Visit(BaseModel):
    patient_name: str
    department: Literal["cardiology", "dermatology", "pediatrics", "general"]


class Routing(BaseModel):
    team: Literal["accounting", "engineering", "marketing"]


class Reply(BaseModel):
    guest_name: str
    attending: bool


async def extract(output_type, message: str, instructions: str = "Extract the data."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


@pytest.mark.parametrize(("message", "name", "department"), [
    ("Ana needs a dermatologist", "Ana", "dermatology"),
    ("book my son Leo with the pediatrician", "Leo", "pediatrics"),
    ("Raj has chest pains and wants to see a cardiologist.", "Raj", "cardiology"),
])
async def test_an_option_is_named_by_a_word_of_its_stem_and_a_name_opens_a_sentence(message, name, department):
    assert await extract(Visit, message) == Visit(patient_name=name, department=department)


@pytest.mark.parametrize(("message", "team"), [
    ("Please forward this to an engineer, the build is broken.", "engineering"),
    ("Our accountant should look at this receipt.", "accounting"),
])
async def test_a_role_names_its_team(message, team):
    assert (await extract(Routing, message, "Route the message to a team.")).team == team


@pytest.mark.parametrize(("message", "name"), [
    ("Priya can't come, sorry", "Priya"),
    ("Joe is bringing a salad.", "Joe"),
    ("Unfortunately Tom Becker won't be able to make it to the wedding, sorry!", "Tom Becker"),
    ("Count me in! - Dana", "Dana"),
])
async def test_the_guest_who_opens_the_reply_is_named(message, name):
    assert (await extract(Reply, message, "Record the RSVP.")).guest_name == name


class Postal(BaseModel):
    street: str
    city: str
    postal_code: str
    country: str


@pytest.mark.parametrize(("message", "expected"), [
    ("Please send the parcel to 742 Evergreen Terrace, Springfield 49007, USA",
     Postal(street="742 Evergreen Terrace", city="Springfield", postal_code="49007", country="USA")),
    ("Our new office: 221 Baker Street, London NW1 6XE, United Kingdom.",
     Postal(street="221 Baker Street", city="London", postal_code="NW1 6XE", country="United Kingdom")),
    ("Bill it to 9 Rose Crescent, Leeds LS6 2AB, England",
     Postal(street="9 Rose Crescent", city="Leeds", postal_code="LS6 2AB", country="England")),
])
async def test_an_address_gives_its_street_and_its_country(message, expected):
    assert await extract(Postal, message) == expected


class Slot(BaseModel):
    preferred_date: datetime.date
    preferred_time: str


@pytest.mark.parametrize(("message", "time"), [
    ("Can I come on March 3rd at 4:30pm?", "4:30pm"),
    ("I'd like 2025-02-18 around 10am for the cleaning.", "10am"),
])
async def test_a_time_field_of_several_words_takes_the_time(message, time):
    assert (await extract(Slot, message, "Extract the appointment request.")).preferred_time == time


class Rsvp(BaseModel):
    guest_name: str
    attending: bool


class Booking(BaseModel):
    name: str
    party_size: int
    outdoor_seating: bool


class Intake(BaseModel):
    patient_name: str
    is_new_patient: bool


@pytest.mark.parametrize(("message", "attending"), [
    ("Yes, Omar will be there!", True),
    ("Count me in - Lena Fischer", True),
    ("Sorry, Priya can't make it this time.", False),
    ("Kofi will make it, see you Saturday.", True),
])
async def test_an_everyday_phrase_says_a_flag(message, attending):
    assert (await extract(Rsvp, message, "Record the RSVP.")).attending is attending


@pytest.mark.parametrize(("output_type", "message", "field"), [
    (Booking, "Table for 4 under Okafor, we'd love to sit outside.", "outdoor_seating"),
    (Booking, "A table for two for Ines, on the patio if you can.", "outdoor_seating"),
    (Intake, "Hi, I'm Marco Bellini and I've never been to your clinic before.", "is_new_patient"),
    (Intake, "This is Yuki Tanaka, it's my first time at this practice.", "is_new_patient"),
])
async def test_a_related_word_sets_a_flag(output_type, message, field):
    assert getattr(await extract(output_type, message), field) is True


class Referral(Visit):
    reason: str


class Leave(BaseModel):
    employee: str
    kind: Literal["sick", "vacation", "personal"]
    reason: str


@pytest.mark.parametrize(("output_type", "message", "reason"), [
    (Referral, "Marco Bellini wants to see a dermatologist about a rash on his arm.", "a rash on his arm"),
    (Referral, "Book Ana Silva with cardiology because of chest pain.", "chest pain"),
    (Leave, "Nadia Costa needs two personal days because her flat is being moved.", "her flat is being moved"),
])
async def test_a_reason_field_takes_the_reason_the_user_gives(output_type, message, reason):
    assert (await extract(output_type, message, "Extract the request.")).reason == reason


class Guest(BaseModel):
    guest_name: str
    dietary_restrictions: list[str]


class Note(BaseModel):
    title: str
    tags: list[str]


class Guide(BaseModel):
    title: str
    steps: list[str]


@pytest.mark.parametrize(("output_type", "message", "field", "expected"), [
    (Guest, "Unfortunately Tom Becker won't be able to make it to the wedding, sorry!", "dietary_restrictions", []),
    (Note, "Remember to water the plants on Sunday.", "tags", []),
    (Guide, "My pancake method for two: whisk the eggs, add flour, fry them.", "steps",
     ["whisk the eggs", "add flour", "fry them"]),
])
async def test_a_list_holds_what_is_listed_or_nothing(output_type, message, field, expected):
    assert getattr(await extract(output_type, message), field) == expected


class Happening(BaseModel):
    event: str
    date: datetime.date


class Spend(BaseModel):
    merchant: str
    amount: float


@pytest.mark.parametrize(("message", "event"), [
    ("Dentist on March 4, 2024", "Dentist"),
    ("Team offsite on 2025-06-12", "Team offsite"),
])
async def test_an_event_is_named_by_the_words_before_its_date(message, event):
    assert (await extract(Happening, message)).event == event


@pytest.mark.parametrize("message", ["Paid 4.50 on 3 Feb 2025 at Costa", "Costa, 12 Mar 2025, 4.50 for a latte"])
async def test_a_short_month_is_no_merchant(message):
    assert await extract(Spend, message, "Extract the expense.") == Spend(merchant="Costa", amount=4.5)


class Grocery(BaseModel):
    name: str
    quantity: float
    unit: Optional[str] = None


class Groceries(BaseModel):
    items: list[Grocery]


@pytest.mark.parametrize(("message", "expected"), [
    ("2 liters of milk, 12 eggs and 500 grams of ground beef",
     [Grocery(name="milk", quantity=2, unit="liters"), Grocery(name="eggs", quantity=12),
      Grocery(name="ground beef", quantity=500, unit="grams")]),
    ("For the pancakes: 2 cups of flour, 3 eggs and 1 cup of oat milk",
     [Grocery(name="flour", quantity=2, unit="cups"), Grocery(name="eggs", quantity=3),
      Grocery(name="oat milk", quantity=1, unit="cup")]),
])
async def test_a_unit_of_something_is_its_unit(message, expected):
    assert (await extract(Groceries, message, "Make a shopping list.")).items == expected


class Listing(BaseModel):
    price: float
    mileage: Optional[int] = None
    year: int


class Bike(BaseModel):
    price: float
    year: int


class Applicant(BaseModel):
    name: str
    languages: list[str]


@pytest.mark.parametrize(("output_type", "message", "expected"), [
    (Listing, "Selling my 2015 Golf for 8500 euros.", Listing(price=8500, year=2015)),
    (Bike, "My 2019 road bike is for sale, 640 dollars or best offer.", Bike(price=640, year=2019)),
])
async def test_a_year_field_takes_the_year_and_a_price_its_currency_word(output_type, message, expected):
    assert await extract(output_type, message) == expected


@pytest.mark.parametrize(("message", "languages"), [
    ("Lucia Moreno speaks Spanish, English and Portuguese.", ["Spanish", "English", "Portuguese"]),
    ("Kwame Asante, on-site only, speaks French.", ["French"]),
])
async def test_a_language_field_takes_the_languages_named(message, languages):
    assert (await extract(Applicant, message)).languages == languages


class Stars(BaseModel):
    product: str
    stars: int = Field(ge=1, le=5)


class Care(BaseModel):
    urgency: Literal["routine", "soon", "emergency"]


@pytest.mark.parametrize(("message", "stars"), [
    ("Bought the Kettle Pro - 2/5. Cheap feel.", 2),
    ("The Zen Lamp gets 4/5 from me, lovely light.", 4),
])
async def test_a_rating_written_with_a_slash_is_its_first_number(message, stars):
    assert (await extract(Stars, message, "Analyze the review.")).stars == stars


@pytest.mark.parametrize("message", ["Nothing urgent, a checkup sometime next month is fine.",
                                     "It's nothing serious or urgent, any routine slot works."])
async def test_nothing_negates_the_option_it_names(message):
    assert (await extract(Care, message, "Triage the request.")).urgency == "routine"


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("You are the membership desk.\nPlans: Basic costs 25 EUR a month and includes the gym floor. Premium costs 45 EUR "
     "a month and adds classes and the sauna.", "How much is the Premium plan?",
     "Premium costs 45 EUR a month and adds classes and the sauna."),
    ("Shipping rates: Standard delivery is free over 50 EUR. Express delivery costs 9 EUR and arrives the next day.",
     "What do express shipping rates look like?", "Express delivery costs 9 EUR and arrives the next day."),
])
async def test_a_question_on_a_labelled_line_gets_the_sentence_it_names(instructions, message, expected):
    assert await answer(instructions, message) == expected


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("Cancellation: members can cancel with 30 days' notice by email.", "How do I cancel my membership?",
     "Members can cancel with 30 days' notice by email."),
    ("Registration: sign up at the front desk with a photo ID.", "How do I register for the course?",
     "Sign up at the front desk with a photo ID."),
])
async def test_a_word_the_label_lengthens_names_it(instructions, message, expected):
    assert await answer(instructions, message) == expected
