"""Structured output (an SDK ``output_type``, ``responses.parse``) read the way a careful, literal model reads it.

A person's name and a company's are two values (a name is never split between them; a company its email domain
names comes first); a title is the heading before a colon or the role "a Senior ..." names; honorifics are no
names. An option is chosen by what the instructions define it as ("P1 = outage"), by a related word (an outage is
urgent, a discount is sales), else a message that asks is a question; praise and blame together are mixed ("not bad"
is no blame); a size option abbreviates its word ("large": L, "extra large": XL); a review's aspects are what its
clauses describe. A yes/no field an instruction's rule sets by a number ("Approve refunds under $100") compares the
message's number with it. A plain ``output_type``: products keep their inner capitals and numbers ("iPhone 15"); a
yes/no question about an action is yes only when the message names the action; "how many" over counted groups sums
them unless one of them is what is asked. A sender is the address a "From:" line gives; a prize won is spam;
``is_question`` says whether the message asks and ``word_count`` counts its words; a country follows "of". A text
summarized into a headline and bullet points: its first sentence, one point per sentence. A latest message that only
asks for the fields ("Fill in my profile please.") leaves them to what the user said before. A counted item's measure
is its unit ("2 cups flour": flour, in cups). An arrow between places goes from one to the other; a date is never
split in two, and an optional second date the message lacks is null; a yes/no field of small words ("one_way") is
said as its phrase. Meeting notes: a decision is what follows "decided"/"agreed", an action item a line giving
someone a task ("Dev to update the pricing page by 2024-03-15").

The schemas and sentences are our own (none of memlab's scenario).
"""

from __future__ import annotations

from typing import Literal, Optional

import openai
import pytest
from agents import Agent, Runner, SQLiteSession
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


class Ticket(BaseModel):
    priority: Literal["low", "medium", "high", "urgent"]


class Incident(BaseModel):
    severity: Literal["minor", "major", "critical"]


class Triage(BaseModel):
    department: Literal["billing", "tech", "sales", "refunds"]
    priority: Literal["P1", "P2", "P3"]


class Hazard(BaseModel):
    level: Literal["red", "amber", "green"]


async def test_an_outage_is_urgent() -> None:
    for message in ("Production database is down, all customers affected!", "Server is down!!"):
        assert (await extract(Ticket, message, "Set the priority of the ticket.")).priority in ("high", "urgent")
    site = await extract(Incident, "The checkout website has an outage since noon.", "Rate the incident.")
    assert site.severity == "critical"


async def test_labels_the_instructions_define_are_chosen_by_their_definitions() -> None:
    told = "Classify the message. P1 = outage or money lost, P2 = blocked but workaround, P3 = question."
    outage = await extract(Triage, "Our whole team can't log in since 8am, this is an outage!", told)
    assert (outage.department, outage.priority) == ("tech", "P1")
    asked = await extract(Triage, "quick q: do you offer discounts for nonprofits?", told)
    assert (asked.department, asked.priority) == ("sales", "P3")
    rules = "Grade the site report. red = injury or fire; amber = damage but safe; green = question."
    assert (await extract(Hazard, "Small fire near the generator, crew evacuated", rules)).level == "red"
    assert (await extract(Hazard, "The scaffold rail has some damage, nobody hurt, area safe", rules)).level == "amber"
    assert (await extract(Hazard, "when does the night shift start?", rules)).level == "green"


class Review(BaseModel):
    label: Literal["positive", "negative", "mixed"]
    aspects: list[str]


class Tone(BaseModel):
    label: Literal["positive", "negative", "neutral"]


class Order(BaseModel):
    item: str
    quantity: int
    size: Literal["S", "M", "L", "XL"]


def parse(text_format, message: str, instructions: str):
    with openai.OpenAI() as client:  # closed after: no socket is left for the garbage collector to find
        response = client.responses.parse(model="gpt-4o", instructions=instructions, input=message,
                                          text_format=text_format)
    return response.output_parsed


async def test_praise_and_blame_are_mixed_and_the_aspects_are_what_the_clauses_describe() -> None:
    told = "Classify the review sentiment and list the aspects mentioned."
    food = parse(Review, "Food was amazing but the service was painfully slow and the room was too loud.", told)
    assert (food.label, food.aspects) == ("mixed", ["food", "service", "room"])
    hotel = parse(Review, "The view is wonderful, but the bed was too noisy and the breakfast was cold.", told)
    assert (hotel.label, hotel.aspects) == ("mixed", ["view", "bed", "breakfast"])
    for said in ("not bad at all, actually pretty good", "The sequel wasn't terrible, honestly quite great"):
        assert parse(Tone, said, "Classify the review sentiment.").label == "positive"


async def test_a_one_letter_size_abbreviates_its_word() -> None:
    hoodies = parse(Order, "can i get 3 of the hoodies in large pls, it's a gift so wrap them", "Extract the order.")
    assert (hoodies.quantity, hoodies.size) == (3, "L")
    shirts = parse(Order, "Two shirts, extra large, shipped to my sister", "Extract the order.")
    assert shirts.size == "XL"
    socks = parse(Order, "one pair of socks in medium, striped if possible", "Extract the order.")
    assert socks.size == "M"


class RefundDecision(BaseModel):
    approved: bool
    amount: float


class Check(BaseModel):
    flagged: bool


class Signup(BaseModel):
    eligible: bool


async def test_a_rule_of_the_instructions_compares_the_message_s_number() -> None:
    refund = await extract(RefundDecision, "please refund my $30 order, the mug arrived cracked",
                           "Approve refunds under $100, reject otherwise.")
    assert (refund.approved, refund.amount) == (True, 30)
    large = await extract(RefundDecision, "I want my $240 back for the broken chair", "Approve refunds under $100.")
    assert large.approved is False
    mug = await extract(RefundDecision, "Refund order 55512 for $30 please", "Approve refunds under $100.")
    assert (mug.approved, mug.amount) == (True, 30)
    told = "Flag any expense claim over 500 euros."
    assert (await extract(Check, "Claim: hotel in Lyon, 720 euros", told)).flagged is True
    assert (await extract(Check, "Claim: train ticket, 85 euros", told)).flagged is False
    adult = "A member is eligible if at least 18 years old."
    assert (await extract(Signup, "I'm 16 and want to join the climbing club", adult)).eligible is False
    assert (await extract(Signup, "I am 34, sign me up", adult)).eligible is True


async def run_plain(output_type, instructions: str, message: str):
    agent = Agent(name="Plain", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


async def test_a_plain_list_keeps_a_product_s_capitals_and_number() -> None:
    told = "List the product names mentioned."
    phones = await run_plain(list[str], told, "I compared the iPhone 15, the Pixel 8 and the Galaxy S24 before buying.")
    assert phones == ["iPhone 15", "Pixel 8", "Galaxy S24"]
    laptops = await run_plain(list[str], told, "My shortlist: the ThinkPad X1, the MacBook Air and the Dell XPS 13.")
    assert laptops == ["ThinkPad X1", "MacBook Air", "Dell XPS 13"]


async def test_a_yes_no_question_about_an_action_needs_the_action_said() -> None:
    cancel = "Is the customer asking to cancel their subscription?"
    assert await run_plain(bool, cancel, "how do I change my billing email?") is False
    assert await run_plain(bool, cancel, "please cancel my subscription today") is True
    delete = "Does the user want to delete their account?"
    assert await run_plain(bool, delete, "How do I update my account photo?") is False
    assert await run_plain(bool, delete, "Please delete my account, I'm done.") is True


async def test_how_many_sums_the_groups_counted() -> None:
    guests = "How many guests are attending? Return only the number."
    assert await run_plain(int, guests, "We'll be 6 adults and 2 kids for the dinner on Saturday.") == 8
    assert await run_plain(int, "How many people are coming?", "It'll be 3 children and 4 parents.") == 7
    assert await run_plain(int, "How many apples did the user buy?", "I bought 3 apples and 5 pears.") == 3


class Email(BaseModel):
    sender: str
    intent: Literal["meeting_request", "complaint", "question", "spam", "other"]


class Intent(BaseModel):
    intent: Literal["question", "billing", "other"]


class Lang(BaseModel):
    is_question: bool
    word_count: int


class Capital(BaseModel):
    country: str
    capital: str


async def test_a_sender_address_a_spam_prize_a_question_and_its_words() -> None:
    prize = await extract(Email, "From: prizes@win-big.biz\nCONGRATULATIONS!!! You have WON $1,000,000 click here now to claim",
                          "Classify the incoming email.")
    assert (prize.sender, prize.intent) == ("prizes@win-big.biz", "spam")
    lottery = await extract(Email, "From: luckydraw@mega-winner.net\nYou are our lucky winner, send your bank details",
                            "Classify the incoming email.")
    assert (lottery.sender, lottery.intent) == ("luckydraw@mega-winner.net", "spam")
    asked = await extract(Email, "From: jo@fernhill.org\nCould you send me the opening hours?", "Classify the email.")
    assert asked.intent == "question"
    assert (await extract(Intent, "What are your opening hours?", "Classify the message.")).intent == "question"
    assert (await extract(Intent, "Why was I charged twice?", "Classify the message.")).intent == "billing"
    station = await extract(Lang, "Where is the train station?", "Analyse the text.")
    assert (station.is_question, station.word_count) == (True, 5)
    told = await extract(Lang, "The museum opens at 9 on Sundays.", "Analyse the text.")
    assert (told.is_question, told.word_count) == (False, 7)
    for message, country in (("What is the capital of France?", "France"), ("capital of Japan", "Japan")):
        assert (await extract(Capital, message, "Answer the geography question.")).country == country


class Summary(BaseModel):
    headline: str
    bullet_points: list[str]


class Profile(BaseModel):
    name: str
    city: Optional[str] = None
    allergies: list[str]


class Member(BaseModel):
    name: str
    hobbies: list[str]


async def test_a_summary_s_headline_is_the_first_sentence_and_its_points_one_per_sentence() -> None:
    told = "Summarize the text into a headline and bullet points."
    council = await extract(Summary, "The council voted 7-2 on Tuesday to add 40 km of bike lanes. "
                                     "Funding comes from a new parking levy.", told)
    assert council.headline == "The council voted 7-2 on Tuesday to add 40 km of bike lanes."
    assert council.bullet_points == ["The council voted 7-2 on Tuesday to add 40 km of bike lanes.",
                                     "Funding comes from a new parking levy."]
    harbour = await extract(Summary, "The ferry to Skye is cancelled today. Storm Edda brings gusts of 90 km/h. "
                                     "Services resume on Friday.", "Write a short summary with a headline.")
    assert harbour.headline == "The ferry to Skye is cancelled today."
    assert len(harbour.bullet_points) == 3


async def test_a_bare_request_fills_the_fields_from_what_was_said_before() -> None:
    chat = Agent(name="chat", instructions="You are a friendly assistant.")
    session = SQLiteSession("profile-oskar")
    await Runner.run(chat, "Hi! I'm Oskar and I live in Gothenburg.", session=session)
    await Runner.run(chat, "btw I'm allergic to peanuts and shellfish", session=session)
    builder = Agent(name="ext", instructions="Build the user's profile from the conversation.", output_type=Profile)
    profile = (await Runner.run(builder, "Fill in my profile please.", session=session)).final_output
    assert (profile.name, profile.city, profile.allergies) == ("Oskar", "Gothenburg", ["peanuts", "shellfish"])
    club = SQLiteSession("member-ines")
    await Runner.run(chat, "I'm Ines, and I love hiking and chess.", session=club)
    member = Agent(name="m", instructions="Create the member card.", output_type=Member)
    card = (await Runner.run(member, "Please create my card now.", session=club)).final_output
    assert (card.name, card.hobbies) == ("Ines", ["hiking", "chess"])


class Ingredient(BaseModel):
    name: str
    quantity: float
    unit: Optional[str] = None


class Recipe(BaseModel):
    title: str
    ingredients: list[Ingredient]


async def test_a_counted_item_s_measure_is_its_unit() -> None:
    told = "Turn the recipe text into structured data."
    pancakes = await extract(Recipe, "Grandma's pancakes: 2 cups flour, 1.5 cups milk, 2 eggs. Whisk and fry.", told)
    assert pancakes.title == "Grandma's pancakes"
    assert [(i.name, i.quantity, i.unit) for i in pancakes.ingredients] == [
        ("flour", 2, "cups"), ("milk", 1.5, "cups"), ("eggs", 2, None)]
    dal = await extract(Recipe, "Quick dal: 500 g lentils, 2 tbsp cumin and 3 carrots.", told)
    assert dal.title == "Quick dal"
    assert [(i.name, i.quantity, i.unit) for i in dal.ingredients] == [
        ("lentils", 500, "g"), ("cumin", 2, "tbsp"), ("carrots", 3, None)]


class FlightSearch(BaseModel):
    origin: str
    destination: str
    depart_date: str
    return_date: Optional[str] = None
    one_way: bool
    adults: int


async def test_an_arrow_goes_from_one_place_to_another_and_a_one_way_trip_has_no_return() -> None:
    told = "Extract the flight search."
    tokyo = await extract(FlightSearch, "one way SFO -> NRT, 1 adult, economy, Oct 3 2024", told)
    assert (tokyo.origin, tokyo.destination, tokyo.depart_date, tokyo.return_date, tokyo.one_way, tokyo.adults) == (
        "SFO", "NRT", "Oct 3 2024", None, True, 1)
    rome = await extract(FlightSearch, "One way Dublin → Rome for 2 adults on 14 June 2025", told)
    assert (rome.origin, rome.destination, rome.depart_date, rome.return_date, rome.one_way) == (
        "Dublin", "Rome", "14 June 2025", None, True)
    back = await extract(FlightSearch, "Round trip from Lisbon to Oslo on 12 May 2025, back 19 May 2025", told)
    assert (back.depart_date, back.return_date, back.one_way) == ("12 May 2025", "19 May 2025", False)


class ActionItem(BaseModel):
    owner: str
    task: str
    due_date: Optional[str] = None


class Meeting(BaseModel):
    attendees: list[str]
    decisions: list[str]
    action_items: list[ActionItem]


async def test_meeting_notes_give_decisions_and_the_tasks_given_to_people() -> None:
    told = "Extract structured meeting notes."
    sync = await extract(Meeting, "Sync 2024-03-12 - present: Priya, Dev, Lena\n- Decided to move launch to April.\n"
                                  "- Dev to update the pricing page by 2024-03-15", told)
    assert (sync.attendees, sync.decisions) == (["Priya", "Dev", "Lena"], ["Move launch to April"])
    assert [(a.owner, a.task, a.due_date) for a in sync.action_items] == [
        ("Dev", "update the pricing page", "2024-03-15")]
    retro = await extract(Meeting, "Retro 2024-05-02 - present: Omar, Sofia\n- Agreed to drop the legacy API.\n"
                                   "- Sofia to write the migration guide by 2024-05-10\n- Omar will email the partners",
                          told)
    assert retro.decisions == ["Drop the legacy API"]
    assert [(a.owner, a.task, a.due_date) for a in retro.action_items] == [
        ("Sofia", "write the migration guide", "2024-05-10"), ("Omar", "email the partners", None)]
