"""A developer's plain classification prompts sent with the openai client: praise is praise, thanks is a message to
label (not small talk), and "urgent" or "not urgent" is chosen by what the message says.

Before: every praise was labelled "complaint" (the first option), "Thank you so much, the workshop was wonderful."
got "You're welcome!", a get-rich-quick message was a complaint, and "Answer 'urgent' or 'not urgent'" was not read
as a choice at all ("Noted: the boiler ... is leaking gas"). "Extract the following fields from the text and return
JSON with keys: name, phone, ..." made keys of "from the text" and "return JSON", and left the phone, the time and the
count "none" although the message gave them.
"""

from __future__ import annotations

import json

import openai
import pytest

pytestmark = pytest.mark.usefixtures("api")

LABELS = "Classify the user's message into exactly one of: complaint, question, praise, spam. Reply with the label only."


def reply(instructions: str, message: str) -> str:
    return openai.OpenAI().responses.create(model="gpt-4.1-mini", instructions=instructions, input=message).output_text


@pytest.mark.parametrize(("message", "label"), [
    ("Best paddling trip of my life, the guide Rosa was brilliant!", "praise"),
    ("Thank you so much, the ceramics workshop was wonderful.", "praise"),
    ("Loved the new sourdough, keep it up!", "praise"),
    ("I waited 2 hours and the food was cold.", "complaint"),
    ("Earn $5000 a week from home, click here now", "spam"),
    ("What time do you open on Sundays?", "question"),
])
def test_a_message_gets_the_label_its_words_lean_to(message: str, label: str) -> None:
    assert reply(LABELS, message) == label


@pytest.mark.parametrize(("message", "label"), [
    ("The boiler in flat 3 is leaking gas, residents are evacuating.", "urgent"),
    ("Could you send the newsletter draft sometime next week?", "not urgent"),
])
def test_a_quoted_pair_of_answers_and_its_negation(message: str, label: str) -> None:
    assert reply("Is this message urgent? Answer 'urgent' or 'not urgent'.", message) == label


EXTRACT = ("Extract the following fields from the text and return JSON with keys: name, phone, pickup_date, "
           "pickup_time, number_of_boxes. Use null if a field is missing.")


def test_keys_listed_after_a_sentence_about_fields_are_the_keys_and_each_gets_its_value() -> None:
    data = json.loads(reply(EXTRACT, "Hi, this is Gareth Lloyd, 07700 900461. Could you collect 12 boxes of books on "
                                     "14 May at 10:30? Thanks."))
    assert data == {"name": "Gareth Lloyd", "phone": "07700 900461", "pickup_date": "14 May", "pickup_time": "10:30",
                    "number_of_boxes": "12"}, data


def test_a_key_nothing_fills_is_null_when_the_prompt_says_so() -> None:
    data = json.loads(reply(EXTRACT, "Please pick up 3 boxes. - Mei"))
    assert data["phone"] is None and data["pickup_time"] is None, data
