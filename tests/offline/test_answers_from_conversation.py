"""Answering from the conversation in plain chat: what is a statement, what is a question, what a correction changes.

A question typed without "?" is still a question (answered, never told back as a fact); a correction that does not
restate its subject ("Make that 650 euros", "Actually it's Tuesday, not Monday") replaces the value of the
statement it corrects; a question finds the statement about its topic (or a related word of it); stated values
are added up or worked with; and what was never said is said to be missing, not forgotten.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(*turns: str) -> list[str]:
    """The replies to ``turns`` in one conversation with a plain assistant."""
    agent, session = Agent(name="A", instructions="You are a helpful assistant."), SQLiteSession("chat")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


@pytest.mark.parametrize(("statement", "question", "again", "value"), [
    ("My dog is called Rex.", "what is my dogs name", "What's my dog called?", "Rex"),
    ("My daughter Mia is 7.", "how old is my daughter", "How old is Mia?", "7"),
    ("Our wifi password is tulip42.", "what is our wifi password", "Remind me of our wifi password?", "tulip42"),
])
async def test_a_question_without_a_question_mark_is_never_told_back_as_a_fact(statement, question, again,
                                                                                  value) -> None:
    replies = await chat(statement, question, again)
    assert value in replies[1] and not replies[1].startswith("Noted"), replies
    assert value in replies[2] and question.split()[0] not in replies[2].lower().split(":", 1)[1], replies


@pytest.mark.parametrize(("statement", "question", "value"), [
    ("When I travel, I always book an aisle seat.", "What seat do I book when I travel?", "aisle seat"),
    ("Where we live, the bins go out on Tuesdays.", "Which day do the bins go out?", "Tuesdays"),
])
async def test_a_statement_opening_with_a_clause_is_noted_and_recalled(statement, question, value) -> None:
    replies = await chat(statement, question)
    assert replies[0].startswith("Noted") and value in replies[1], replies


@pytest.mark.parametrize(("turns", "value", "old"), [
    (("My budget is 500 euros.", "Make that 650 euros.", "What's my budget?"), "650 euros", "500"),
    (("My meeting with Sam is on Monday.", "Actually it's Tuesday, not Monday.", "What day is my meeting with Sam?"),
     "Tuesday", "Monday"),
    (("My favourite band is Radiohead.", "No wait, it's Portishead.", "What's my favourite band?"), "Portishead",
     "Radiohead"),
    (("I'm flying to Porto on Friday.", "Sorry, I meant Lisbon.", "Where am I flying to?"), "Lisbon", "Porto"),
    (("The table is booked for 4 people at 7pm.", "Make that 6.", "Oops, I meant 8pm.", "When is the table booked?"),
     "6 people at 8pm", "7pm"),
    (("My favourite colour is blue.", "Actually, make that green.", "What's my favourite colour?"), "green", "blue"),
])
async def test_a_correction_without_its_subject_replaces_the_value_it_corrects(turns, value, old) -> None:
    replies = await chat(*turns)
    assert value in replies[-1] and old not in replies[-1], replies
    assert value in replies[1] or value.split()[0] in replies[1], replies  # noted as the corrected statement


async def test_only_a_correction_naming_a_new_value_corrects() -> None:
    replies = await chat("My budget is 500 euros.", "Sorry, I can't make it.", "Oh wait, it's fine.", "Make it quick.",
                         "What's my budget?", "Make that 650.", "What's my budget?")
    assert "500 euros" in replies[4] and "650 euros" in replies[-1], replies


async def test_a_correction_corrects_the_latest_statement_with_a_value_of_its_shape() -> None:
    replies = await chat("The quiz night is for 12 teams.", "Make it quick.", "Make that 14.", "How many teams come?")
    assert "14 teams" in replies[2] and "14 teams" in replies[-1], replies


@pytest.mark.parametrize(("message", "echo", "filler"), [
    ("Oh wait, they moved the party to Saturday.", "they moved the party to Saturday", "wait"),
    ("Scratch that, I switched to coffee now.", "you switched to coffee now", "scratch"),
    ("Hmm, no, my train leaves at 9.", "Noted: your train leaves at 9", "hmm"),
    ("I land at 7am. Our hotel is the Ritz.", "Your hotel is the Ritz", "our"),
])
async def test_filler_before_a_statement_is_not_echoed_and_a_sentence_opening_with_our_is_yours(message, echo,
                                                                                                   filler) -> None:
    [reply] = await chat(message)
    assert echo in reply and filler not in reply.lower().replace("your", ""), reply


@pytest.mark.parametrize(("turns", "value", "wrong"), [
    (("I work as a nurse.", "My car is a blue Honda Civic.", "What kind of car do I drive?"), "Honda Civic", "nurse"),
    (("I'm a bus driver.", "My car is an old red Fiat.", "Which car do I drive?"), "Fiat", "bus"),
    (("I'm thinking about a career change.", "My car is a grey Skoda.", "What car do I have?"), "Skoda", "career"),
])
async def test_a_question_about_a_car_is_not_answered_by_a_job(turns, value, wrong) -> None:
    reply = (await chat(*turns))[-1]
    assert value in reply and wrong not in reply, reply


@pytest.mark.parametrize(("turns", "value"), [
    (("I work as a nurse.", "I go to the gym on Thursdays.", "Which day do I work out?"), "Thursdays"),
    (("I do yoga every Sunday morning.", "What day do I exercise?"), "Sunday"),
    (("My piano lesson is on Tuesday.", "Which day is my piano lesson?"), "Tuesday"),
])
async def test_which_day_is_answered_by_the_statement_naming_a_day(turns, value) -> None:
    reply = (await chat(*turns))[-1]
    assert value in reply and not reply.startswith("I don't know"), reply


@pytest.mark.parametrize("turns", [
    ("I go to the gym on Thursdays.", "Am I free on Wednesday?"),
    ("My dentist appointment is on Monday.", "Do I have anything on Friday?"),
])
async def test_a_question_about_another_day_is_not_answered_by_a_day_said(turns) -> None:
    reply = (await chat(*turns))[-1]
    assert reply.startswith("I don't know"), reply


@pytest.mark.parametrize(("question", "value"), [
    ("what is 100 divided by 8?", "12.5"),
    ("12 times 7", "84"),
    ("half of 90?", "45"),
    ("What's 15 plus 27?", "42"),
    ("how much is 250 minus 75", "175"),
    ("What is 6 multiplied by 9?", "54"),
])
async def test_arithmetic_in_words_is_worked_out(question, value) -> None:
    [reply] = await chat(question)
    assert f"= {value}" in reply, reply


@pytest.mark.parametrize(("turns", "value"), [
    (("My rent is 950 a month.", "Groceries are 320 and my phone bill is 45.",
      "How much do I spend per month on rent, groceries and phone combined?"), "1315"),
    (("My flight costs 420 euros.", "The hotel is 380 euros.", "What do the flight and hotel cost in total?"), "800"),
    (("Ana has 12 stickers.", "Ben has 30 stickers.", "How many stickers do Ana and Ben have altogether?"), "42"),
    (("My rent is 950 a month.", "What's my rent times 12?"), "11400"),
    (("My salary is 3200 a month.", "what is my salary divided by 4"), "800"),
    (("My phone bill is 45.", "What's my phone bill times 12?"), "540"),
    (("I ran 5 km on Monday, 7 km on Wednesday and 10 km on Saturday.", "How many km did I run in total?"), "22"),
])
async def test_values_the_user_stated_are_added_up_or_worked_with(turns, value) -> None:
    reply = (await chat(*turns))[-1]
    assert f"= {value}" in reply, reply


@pytest.mark.parametrize(("turns", "count"), [
    (("My brother Tom is 29 and my sister Eva is 25.", "How many siblings do I have?"), "2 (brother, sister)"),
    (("I have a son and two daughters.", "How many kids do I have?"), "3 (son, daughters)"),
])
async def test_how_many_counts_the_people_a_statement_names_by_related_words(turns, count) -> None:
    reply = (await chat(*turns))[-1]
    assert reply.startswith(count), reply


@pytest.mark.parametrize("turns", [
    ("My name is Ana.", "What's my dog called?"),
    ("I live in Graz.", "Where did I park my car?"),
    ("What was my order number?",),
])
async def test_what_was_never_said_is_said_to_be_missing_not_forgotten(turns) -> None:
    reply = (await chat(*turns))[-1]
    assert "isn't in the conversation" in reply and "again" not in reply, reply
