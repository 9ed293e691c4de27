"""Each new reading of this round, kept to what it is for (a reviewer's cases against the first versions).

Instructions that only mention a price or a phone are no request to extract one; a later sentence with "not" or
"change" in it corrects nothing; two doses differing in their numbers are two facts; one corrected date leaves the
other date be; amounts priced each or a limit are not summed; "Is 10 even enough...?" asks no parity and "2³" is no
number to check; a unit rate is applied only to a quantity asked about; an example "e.g. running shoes" makes no
activity of a search; a "no" before a comma takes no value away.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")


async def test_instructions_that_mention_a_price_or_a_phone_ask_for_no_extraction() -> None:
    for instructions, said in [
        ("Give friendly travel advice. Mention the price and the best day to go.", "Hi! I'm thinking about Lisbon."),
        ("Find the user a good restaurant. Always include the phone number and a link.", "Something vegetarian please.")]:
        [(_, reply)] = await turns(Agent(name="A", instructions=instructions), [said])
        assert not reply.startswith("The text gives no"), reply


@pytest.mark.parametrize(("said", "kept", "not_told"), [
    (["My flight to Rome is on 4 March.", "The hotel in Rome is not booked yet, I need it from 5 March.",
      "When is my flight to Rome?"], "4 March", "hotel in Rome is not booked yet."),
    (["My marathon goal is 4 hours.", "My training run on Sunday is 3 hours, I might change the route.",
      "What is my marathon goal?"], "4 hours", "training"),
])
async def test_a_later_sentence_that_corrects_nothing_is_not_the_answer(said: list[str], kept: str, not_told: str) -> None:
    reply = (await turns(Agent(name="A", instructions="You are a helpful assistant."), said))[-1][1]
    assert kept in reply and not reply.endswith(not_told), reply


def note_items(*said: str) -> list[dict[str, str]]:
    return [item for text in said for item in ({"role": "user", "content": text},
                                               {"role": "assistant", "content": "Noted."})]


async def test_two_facts_alike_but_for_their_numbers_are_both_kept() -> None:
    _, note = await offline_summarizer().summarize(note_items("I take 5 mg of drug A at 8am.",
                                                              "I take 10 mg of drug A at 8pm."))
    assert "5 mg" in note and "10 mg" in note, note


async def test_one_corrected_date_leaves_the_other_date_as_it_was() -> None:
    _, note = await offline_summarizer().summarize(note_items("I fly out on 3 May and come back on 10 June.",
                                                              "Sorry, I fly out on 4 May."))
    assert "4 May" in note and "10 June" in note and "3 May" not in note, note


@pytest.mark.parametrize("question", ["What's the total for 2 shirts at £20 and 3 ties at £10?",
                                      "Is the total under $50 if I buy a $30 hat and a $25 scarf?"])
async def test_amounts_priced_each_or_a_limit_are_not_summed(question: str) -> None:
    [(_, reply)] = await turns(Agent(name="A", instructions="Answer briefly."), [question])
    assert "20 + 10" not in reply and "50 + 30" not in reply, reply


async def test_a_parity_is_asked_only_of_a_plain_number_at_the_questions_end() -> None:
    session, agent, replies = SQLiteSession(":memory:"), Agent(name="A", instructions="Answer briefly."), []
    for said in ["Is 2³ even?", "Is 10 even enough for a party?", "Is 7 prime?", "Can 6 people fit?"]:
        replies.append((await Runner.run(agent, said, session=session)).final_output)
    assert not replies[0].startswith(("Yes", "No")) and not replies[1].startswith("Yes: 10 is even"), replies
    assert replies[2] == "Yes: 7 is prime." and "2 × 3" not in replies[3], replies


async def test_a_rate_converts_only_a_quantity_asked_about() -> None:
    agent = Agent(name="A", instructions="Late fees: 1 day = 0.50 euros. 1 mile = 1.609 km.")
    replies = [(await Runner.run(agent, said)).final_output for said in [
        "I returned my book 3 days late because I was ill. Can you waive the fee?",
        "Yesterday I ran 12 miles and my knee hurts a bit now.", "How far is 1000000 miles?"]]
    assert "1.5 euros" not in replies[0] and "19.31" not in replies[1], replies
    assert replies[2] == "1000000 miles = 1609000 km"


@function_tool
def search_products(query: str) -> str:
    """Search the shop.

    Args:
        query: What to search for, e.g. running shoes.
    """
    return "[]"


@function_tool
def split_bill(total: float, people: int, tip_percent: float) -> str:
    """Split a restaurant bill.

    Args:
        total: The bill total.
        people: How many people share it.
        tip_percent: Tip as a percentage.
    """
    return "ok"


@pytest.mark.parametrize(("agent", "said", "expected"), [
    (Agent(name="S", instructions="Use tools.", tools=[search_products]), "Search for waterproof hiking boots",
     {"query": "waterproof hiking boots"}),
    (Agent(name="B", instructions="Use tools.", tools=[split_bill]), "Split a bill of 120 between 4 people, no tip.",
     {"total": 120, "people": 4, "tip_percent": 0}),
    (Agent(name="B", instructions="Use tools.", tools=[split_bill]), "Split 120 between 4 people. No, tip 20% actually.",
     {"total": 120, "people": 4, "tip_percent": 20}),
    (Agent(name="B", instructions="Use tools.", tools=[split_bill]),
     "Split 120 between 4 people with a 15% tip - no people under 18 though.",
     {"total": 120, "people": 4, "tip_percent": 15}),
])
async def test_a_value_is_read_as_the_field_asks(agent: Agent, said: str, expected: dict) -> None:
    [(calls, _)] = await turns(agent, [said])
    assert [json.loads(json.dumps(arguments)) for _, arguments in calls] == [expected]
