"""Replies without a tool call: recall from the conversation and the instructions, and honest answers to requests.

A question about the user's own name is answered only by a sentence that names the user; a question is answered
by the statement that holds what it asks ("how old", "who ... for", "where ... when"); a fact of a developer
message about the customer answers their question; a request for content the model cannot make is declined;
each test uses sentences and agents of its own, driven through ``OfflineAPI().respond``.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

from memlab.offline.api import OfflineAPI

MODEL = "gpt-4.1-mini"


def chat(turns: list[str], instructions: str = "You are a helpful assistant.") -> list[str]:
    """The assistant's reply to each user turn, the whole conversation re-sent each time."""
    api, items, replies = OfflineAPI(), [], []
    for turn in turns:
        items.append({"role": "user", "content": turn})
        output = api.respond({"model": MODEL, "instructions": instructions, "input": items})["output"]
        items += output
        replies.append(output[-1]["content"][0]["text"])
    return replies


def ask(items: list[dict], instructions: str = "You are a helpful assistant.") -> str:
    """The reply to one request of ``items``."""
    return OfflineAPI().respond({"model": MODEL, "instructions": instructions, "input": items})["output"][-1][
        "content"][0]["text"]


def test_own_name_is_not_answered_by_a_name_given_to_a_pet_or_a_child():
    *_, unknown = chat(["We adopted a tabby cat named Pickle.", "My son's name is Tomas.", "What's my name?"])
    assert unknown.startswith("I don't know"), unknown
    *_, named = chat(["Hello, I'm Ingrid and I teach chemistry.", "Our parrot is called Mango.", "What's my name?"])
    assert "Ingrid" in named and "Mango" not in named, named


def test_the_statement_that_holds_what_is_asked_answers():
    replies = chat(["My son is called Arlo, he's nine.", "We're driving to Porto on the 12th of June.",
                    "Our car is a blue Skoda estate.", "I work as a sound engineer.",
                    "The studio that employs me is Northgate Audio.",
                    "How old is my boy?", "Where are we driving to and when?", "Who do I work for?"])
    age, trip, employer = replies[-3:]
    assert "nine" in age, age
    assert "Porto" in trip and "June" in trip, trip
    assert "Northgate Audio" in employer, employer


def test_a_developer_message_about_the_customer_answers_their_question():
    reply = ask([{"role": "developer", "content": "The client's billing plan is Enterprise Annual."},
                 {"role": "user", "content": "What billing plan is my account on?"}])
    assert "Enterprise Annual" in reply and not reply.startswith("I don't know"), reply


def test_a_list_in_the_instructions_answers_with_the_entry_asked_about():
    tutor = ("You help students revise. The key terms for the exam are: osmosis (water moving through a membrane), "
             "mitosis (a cell dividing in two), catalyst (a substance that speeds up a reaction).")
    asked = chat(["What is a catalyst?"], tutor)[0]
    assert "speeds up a reaction" in asked and "osmosis" not in asked.lower(), asked
    which = chat(["Which term means a cell dividing in two?"], tutor)[0]
    assert "mitosis" in which.lower() and "catalyst" not in which.lower(), which


def test_a_condition_on_the_users_language_does_not_set_the_language_of_every_answer():
    desk = "Be a concise assistant. If the customer writes in German, answer in German."
    english = chat(["My locker number is 88.", "What is my locker number?"], desk)[-1]
    assert "88" in english and "German" not in english, english
    assert "German" in chat(["Hallo, ich bin Jonas und mein Zimmer ist nicht sauber, bitte."], desk)[-1]


def test_a_request_for_content_is_declined_and_an_order_is_told_back_as_asked():
    assert chat(["Please give me three riddles."])[0].startswith("I can't do that")
    picker = "You choose the most polite reply from the candidates the user sends."
    assert chat(["Message: Where is my parcel?\n\nCandidates:\nIt is late.\n\nSorry, it is on its way!"],
                picker)[0].startswith("I can't do that")
    noted, answer = chat(["I booked a table for four at 7pm.", "Actually, change the table to six people."])
    assert answer == "Noted: you booked a table for six people at 7pm.", answer  # the change, written into the booking


def test_a_yes_or_no_question_is_settled_by_what_was_said_word_for_word():
    one_word = "Answer with one word: yes or no."
    assert chat(["Does the pool allow dogs? (Note: dogs aren't allowed at the pool.)"], one_word) == ["no"]
    assert chat(["The museum is free on Fridays.", "Is the museum free on Fridays?"], one_word)[-1] == "yes"
    assert chat(["Is the bakery open at noon? The bakery is closed at noon."], one_word) == ["no"]
    assert chat(["Is 38 + 45 = 83?"]) == ["Yes: 38 + 45 = 83."]
    assert chat(["Is 9 * 7 = 56?"]) == ["No: 9 * 7 = 63, not 56."]


class Marking(BaseModel):
    valid: bool
    comment: str


@pytest.mark.usefixtures("api")
async def test_a_checked_claim_sets_a_yes_no_field_of_a_structured_verdict() -> None:
    agent = Agent(name="marker", instructions="Mark the pupil's sum.", output_type=Marking)
    right = await Runner.run(agent, "Is 14 * 3 = 42?")
    wrong = await Runner.run(agent, "Is 120 / 8 = 16?")
    assert right.final_output.valid is True and wrong.final_output.valid is False
