"""A learner's own agent asked, turns later, about what was said or returned: the clause of a statement that says
the thing asked ("...RQ-55821, I sent it last week": not the week), a yes/no question a stated constraint settles
("I'm allergic to peanuts"), readings in words compared ("Which one is warmer?"), the record of a listed result a
question names by its date, and the assistant's own words ("Lesson 1 covers fractions")."""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


async def chat(agent: Agent, *turns: str) -> list[str]:
    """The agent's replies to ``turns``, each run sent the conversation so far (``to_input_list()``)."""
    items: list = []
    replies = []
    for turn in turns:
        result = await Runner.run(agent, [*items, {"role": "user", "content": turn}])
        items = result.to_input_list()
        replies.append(result.final_output)
    return replies


def calls(items: list, name: str) -> int:
    return sum(item.get("type") == "function_call" and item.get("name") == name for item in items)


@pytest.mark.parametrize(("statement", "question", "said", "left_out"), [
    ("My request number is RQ-55821, I sent it last week.", "What was my request number?", "RQ-55821", "last week"),
    ("My locker code is 4471, we changed it in May.", "What's my locker code?", "4471", "May"),
    ("I got a B+ on the final and an A on the essay.", "What did I get on the final?", "B+ on the final", "essay"),
    ("I ran 5 km on Monday and a half marathon on Sunday.", "What did I run on Sunday?", "ran a half marathon", "5 km"),
    ("My daily card limit is 2,000 EUR but the shop declined a payment of 300 EUR.", "What's my daily limit?",
     "2,000 EUR", "declined"),
])
async def test_a_recall_question_gets_the_clause_that_says_it(statement, question, said, left_out) -> None:
    agent = Agent(name="Desk", instructions="You are a helpful assistant. Answer briefly.")
    reply = (await chat(agent, statement, "Thanks.", question))[-1]
    assert said in reply and left_out not in reply, reply


@pytest.mark.parametrize(("statement", "question", "constraint"), [
    ("I'm allergic to peanuts.", "Can I eat satay sauce? It has peanuts.", "allergic to peanuts"),
    ("I don't drink alcohol.", "Should I order the mulled wine? It's made with alcohol.", "don't drink alcohol"),
    ("My van can't carry anything over 800 kg.", "Can I load the pallet of bricks? It weighs 1,200 kg.", "800 kg"),
])
async def test_a_stated_constraint_settles_a_yes_no_question(statement, question, constraint) -> None:
    agent = Agent(name="Helper", instructions="You help with everyday questions.")
    reply = (await chat(agent, statement, "What's a good idea for tonight?", question))[-1]
    assert reply.startswith("No") and constraint in reply, reply


@function_tool
def get_weather(city: str) -> str:
    """Get the current weather reading for a city."""
    return {"oslo": "Oslo: 4°C, cloudy", "rome": "Rome: 18°C, sunny"}.get(city.lower(), f"{city}: no data")


@function_tool
def route_time(route: Literal["north", "harbour"]) -> str:
    """How long a delivery route takes today."""
    return "North loop: 95 minutes, 3 stops" if route == "north" else "Harbour run: 1.75 hours, 5 stops"


async def test_readings_in_words_are_compared_without_a_new_call() -> None:
    agent = Agent(name="Weather", instructions="You report the weather. Use get_weather.", tools=[get_weather])
    items = (await Runner.run(agent, "What's the weather in Oslo and Rome?")).to_input_list()
    result = await Runner.run(agent, [*items, {"role": "user", "content": "Which one is warmer?"}])
    assert "Rome: 18°C" in result.final_output and "Oslo" not in result.final_output
    assert calls(result.to_input_list(), "get_weather") == 2
    routes = Agent(name="Dispatch", instructions="Answer with route_time.", tools=[route_time])
    replies = await chat(routes, "How long does the north route take?", "And the harbour route?", "Which is quicker?")
    assert "North loop: 95 minutes" in replies[-1] and "Harbour" not in replies[-1], replies


@function_tool
def list_public_holidays(year: int) -> list:
    """List the company's public holidays for a year."""
    return [{"date": f"{year}-06-19", "name": "Juneteenth"}, {"date": f"{year}-12-25", "name": "Christmas Day"}]


@function_tool
def list_launches(quarter: str) -> list:
    """List the product launches planned for a quarter."""
    return [{"date": "2026-03-03", "product": "Kite app"}, {"date": "2026-03-24", "product": "Kite watch"}]


@pytest.mark.parametrize(("tool", "asked", "question", "kept", "left_out"), [
    (list_public_holidays, "Which public holidays do we have in 2025?", "Is 19 June a holiday?", "Juneteenth",
     "Christmas"),
    (list_launches, "What launches are planned for Q1?", "Is there a launch on March 24?", "Kite watch", "Kite app"),
])
async def test_a_yes_no_question_on_a_listed_result_keeps_the_record_of_its_date(tool, asked, question, kept,
                                                                                 left_out) -> None:
    agent = Agent(name="Planner", instructions="Answer with your tools.", tools=[tool])
    reply = (await chat(agent, asked, question))[-1]
    assert reply.startswith("Yes") and kept in reply and left_out not in reply, reply


@pytest.mark.parametrize(("said", "question", "answer"), [
    (["Lesson 1 covers fractions.", "I'll send you the worksheet tomorrow."], "What's the next lesson?",
     "Lesson 1 covers fractions"),
    (["Lesson 1 covers fractions.", "I'll send you the worksheet tomorrow."], "What did you say you'd send me?",
     "worksheet tomorrow"),
    (["Your plot is number 14, by the shed.", "I'll email the gate code on Friday."], "Which plot is mine, you said?",
     "plot is number 14"),
])
async def test_the_assistants_own_words_answer_what_the_users_do_not(said, question, answer) -> None:
    agent = Agent(name="Guide", instructions="You help members.")
    items = [{"role": "user", "content": "Hi, I'm starting this week."}, {"role": "assistant", "content": said[0]},
             {"role": "user", "content": "Anything else?"}, {"role": "assistant", "content": said[1]}]
    reply = (await Runner.run(agent, [*items, {"role": "user", "content": question}])).final_output
    assert reply.startswith("I said:") and answer in reply, reply


@pytest.mark.parametrize(("first", "fix", "question", "value"), [
    ("My reminder word is tulip.", "Actually it's daisy.", "What's my reminder word?", "daisy"),
    ("My wifi password is sunflower.", "Actually it's moonlight.", "What's my wifi password?", "moonlight"),
])
async def test_a_short_correction_with_its_is_the_newer_value(first, fix, question, value) -> None:
    agent = Agent(name="Desk", instructions="You are a helpful assistant.")
    reply = (await chat(agent, first, fix, question))[-1]
    assert reply.endswith(f"{value}.") and "and then" in reply, reply


@function_tool
def get_stock(plant: str) -> dict:
    """Check how many of a plant the nursery has and its price."""
    return {"plant": plant, "in_stock": 12, "price_eur": 8.5}


@function_tool
def kettle_info(model: str) -> dict:
    """Details of a kettle model."""
    return {"model": model, "litres": 1.7, "price_usd": 24.99}


@pytest.mark.parametrize(("tool", "asked", "question", "value"), [
    (get_stock, "Do you have ferns in stock?", "How much was the fern?", "8.5"),
    (kettle_info, "Tell me about the kettle model K-200.", "How much does it cost?", "24.99"),
])
async def test_how_much_finds_a_price_field_named_with_its_currency(tool, asked, question, value) -> None:
    agent = Agent(name="Shop", instructions="Answer with your tools.", tools=[tool])
    replies = await chat(agent, asked, "thanks", question)
    assert value in replies[-1] and "stock" not in replies[-1] and "litres" not in replies[-1], replies


@function_tool
def quote_plan(plan: Literal["basic", "premium"]) -> str:
    """Get the monthly price of a phone plan."""
    return "Basic plan: 29 EUR a month, 10 GB" if plan == "basic" else "Premium plan: 35 EUR a month, 50 GB"


@function_tool
def hotel_rate(hotel: Literal["Lumen", "Sol"]) -> str:
    """The nightly rate of a hotel."""
    return "Hotel Lumen: 140 EUR a night, city centre" if hotel == "Lumen" else "Hotel Sol: 95 EUR a night, by the beach"


@pytest.mark.parametrize(("tool", "turns", "best", "other"), [
    (quote_plan, ("How much is the basic plan?", "And the premium plan?", "Which one is cheaper?"), "Basic", "Premium"),
    (hotel_rate, ("What's the rate at Lumen?", "What's the rate at Sol?", "Which hotel is more expensive?"), "Lumen",
     "Sol"),
])
async def test_prices_in_words_are_compared(tool, turns, best, other) -> None:
    agent = Agent(name="Quotes", instructions="Answer with your tool.", tools=[tool])
    reply = (await chat(agent, *turns))[-1]
    assert best in reply and other not in reply, reply


@function_tool
def block_card(card_last4: str) -> str:
    """Block a lost or stolen card."""
    return "blocked"


@function_tool
def get_balance(account_id: str) -> str:
    """Get the balance of an account."""
    return "1,250.00 EUR"


@function_tool
def cancel_subscription(plan: str) -> str:
    """Cancel a subscription plan."""
    return "cancelled"


@pytest.mark.parametrize(("act", "statement", "question", "value"), [
    (block_card, "My daily card limit is 2,000 EUR.", "What's my daily limit?", "2,000 EUR"),
    (block_card, "My card ends in 4417.", "What does my card end in?", "4417"),
    (cancel_subscription, "My subscription plan is Premium.", "Which plan am I on?", "Premium"),
])
async def test_a_statement_that_names_a_tools_thing_does_not_act_on_it(act, statement, question, value) -> None:
    agent = Agent(name="Bank", instructions="You are a bank's customer assistant.", tools=[act, get_balance])
    told = await Runner.run(agent, statement)
    assert not [item for item in told.new_items if item.type == "tool_call_item"], told.final_output
    reply = (await Runner.run(agent, [*told.to_input_list(), {"role": "user", "content": question}])).final_output
    assert value in reply, reply


@pytest.mark.parametrize(("statement", "question", "said", "left_out"), [
    ("My wife's birthday is 14 March and mine is 2 August.", "When is my wife's birthday?", "14 March", "August"),
    ("My brother's flight lands at 9:40 and mine lands at 11:15.", "When does my brother's flight land?", "9:40",
     "11:15"),
])
async def test_a_clause_opened_by_mine_is_a_clause_of_its_own(statement, question, said, left_out) -> None:
    agent = Agent(name="Family", instructions="You are a friendly assistant.")
    reply = (await chat(agent, statement, "ok", question))[-1]
    assert said in reply and left_out not in reply, reply


@function_tool
def find_vet(town: str) -> list:
    """Find vets in a town."""
    return [{"name": "Paws Clinic", "phone": "0161 555 0101", "open_sundays": False},
            {"name": "Vet & Co", "phone": "0161 555 0199", "open_sundays": True}]


@function_tool
def list_rooms(building: str) -> list:
    """List the meeting rooms of a building and whether each is free now."""
    return [{"room": "Aula", "seats": 40, "free": False}, {"room": "Studio 2", "seats": 8, "free": True}]


@pytest.mark.parametrize(("tool", "asked", "question", "kept", "left_out"), [
    (find_vet, "Find me a vet in Stockport.", "Which one is open on Sundays?", "Vet & Co", "Paws"),
    (list_rooms, "What rooms are there in building C?", "Which room is free?", "Studio 2", "Aula"),
])
async def test_which_of_a_listed_result_keeps_the_records_it_asks_for(tool, asked, question, kept, left_out) -> None:
    agent = Agent(name="Finder", instructions="Answer with your tool.", tools=[tool])
    replies = await chat(agent, asked, question)
    assert kept in replies[-1] and left_out not in replies[-1], replies


async def test_a_request_not_to_do_something_is_told_back_as_one() -> None:
    session = SQLiteSession("not-to")
    agent = Agent(name="Helper", instructions="You are a helpful assistant.")
    await Runner.run(agent, "Please don't phone me after 6pm, email is fine.", session=session)
    answer = (await Runner.run(agent, "What did I ask you not to do?", session=session)).final_output
    assert answer.startswith("You asked me not to phone you"), answer
