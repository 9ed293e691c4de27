"""Multi-turn chat memory with the Agents SDK and a session, an agent without tools: items of a list counted, a
"to do" list asked of in stop words, questions with an aside ("...should I keep in mind?"), labelled updates told
back in the second person, and questions the conversation cannot answer.

Our own domains (a shopping list, packing, chores, health, events), as a learner's own chat agent would be driven.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns: list[str], name: str) -> str:
    """The agent's reply to the last turn, one session for all of them."""
    agent, session = Agent(name="Pal", instructions="You are a helpful assistant."), SQLiteSession(name)
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns][-1]


async def test_how_many_items_counts_those_a_list_built_over_turns_holds():
    answer = await chat(["Start a shopping list: milk, eggs.", "Add bananas too.", "How many items are on my list?"], "a")
    assert answer.startswith("3.") and all(item in answer for item in ("milk", "eggs", "bananas")), answer
    answer = await chat(["Things to pack: passport, charger and a towel.", "Also sunscreen.",
                         "how many things do I need to pack"], "b")
    assert answer.startswith("4.") and "sunscreen" in answer, answer


async def test_a_to_do_list_asked_of_in_stop_words_is_the_one_told():
    answer = await chat(["Shopping list: milk, eggs.", "Add call the plumber to my to-do list", "What's on my to do list?"],
                        "c")
    assert "plumber" in answer and "milk" not in answer, answer
    answer = await chat(["Put renew passport on my todo list.", "My grocery list: rice, soap.", "what is on my to do list"],
                        "d")
    assert "passport" in answer and "rice" not in answer, answer


@pytest.mark.parametrize(("turns", "value"), [
    (("I sprained my ankle last month", "Any injuries I should keep in mind?"), "ankle"),
    (("I hurt my knee skiing.", "Are there any injuries you should bear in mind?"), "knee"),
    (("I'm allergic to peanuts.", "Any allergies to keep in mind when I order?"), "peanuts"),
])
async def test_keep_in_mind_asks_no_topic_of_its_own(turns, value):
    answer = await chat(list(turns), "e" + value)
    assert value in answer and answer.startswith("You told me"), answer


async def test_a_labelled_update_is_told_back_in_the_second_person():
    assert await chat(["Update: we switched caterers to Bloom & Co."], "f") == "Noted: you switched caterers to Bloom & Co."
    assert await chat(["FYI: our landlord is raising the rent."], "g") == "Noted: your landlord is raising the rent."


async def test_the_weather_where_the_user_flies_is_not_in_the_conversation():
    answer = await chat(["I'm flying to Oslo on Friday", "What's the weather like in Oslo?"], "h")
    assert "I can only answer from what I was sent" in answer, answer


@pytest.mark.parametrize(("turns", "value"), [
    (("I'm on lisinopril.", "Which medications am I taking?"), "lisinopril"),
    (("My dog is called Rex.", "I'm on Lipitor for cholesterol.", "What meds do I take?"), "Lipitor"),
    (("I'm on sertraline, 50mg.", "Remind me which medication I'm on."), "sertraline"),
])
async def test_what_the_user_is_on_is_what_they_take(turns, value):
    answer = await chat(list(turns), "m" + value)
    assert value in answer and answer.startswith("You told me"), answer


async def test_being_on_a_known_thing_is_no_medication():
    answer = await chat(["I'm on holiday in Spain.", "Which medications am I taking?"], "holiday")
    assert "I can only answer from what I was sent" in answer, answer


@pytest.mark.parametrize(("turns", "value"), [
    (("My chemistry exam is on June 12.", "My maths exam is on June 3.", "Which exam comes first?"), "maths exam is on June 3"),
    (("Our flight to Rome is on 5 May.", "I love pasta.", "The flight back is on 12 May.", "Which flight is later?"),
     "flight back is on 12 May"),
    (("Mia's recital is on March 20.", "Leo's recital is on March 4.", "which of the recitals is earlier?"),
     "Leo's recital"),
])
async def test_which_comes_first_compares_the_dates_told(turns, value):
    answer = await chat(list(turns), "w" + value)
    assert value in answer and "of the 2 dates you gave" in answer, answer
