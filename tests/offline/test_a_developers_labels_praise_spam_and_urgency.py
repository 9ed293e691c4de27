"""A developer's plain classification prompts sent with the openai client: praise is praise, thanks is a message to
label (not small talk), and "urgent" or "not urgent" is chosen by what the message says.

Before: every praise was labelled "complaint" (the first option), "Thank you so much, the workshop was wonderful."
got "You're welcome!", a get-rich-quick message was a complaint, and "Answer 'urgent' or 'not urgent'" was not read
as a choice at all ("Noted: the boiler ... is leaking gas").
"""

from __future__ import annotations

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
