"""A summary asked for as JSON keys gives each key its value, not the sentence that holds it.

"Return a JSON object with keys: destination, dates, budget": a careful model writes "Japan", "April 3 to April 14"
and "about 4000 dollars", not "Hi, I'm Priya and I'm planning a trip to Japan"; a key whose kind of value no line
holds says none (a card ending 4412 is no amount). Conversations and keys are our own.
"""

from __future__ import annotations

import json

import openai
import pytest

pytestmark = pytest.mark.usefixtures("api")


def note(prompt: str, *said: str) -> dict:
    """The JSON note the model writes of a conversation of user turns, each acknowledged."""
    items = [item for text in said for item in ({"role": "user", "content": text},
                                                 {"role": "assistant", "content": "Noted."})]
    with openai.OpenAI() as client:
        return json.loads(client.responses.create(model="gpt-4.1-mini", instructions=prompt, input=items).output_text)


def test_a_trip_note_gives_the_place_the_dates_and_the_amount() -> None:
    found = note("Summarize this conversation. Return a JSON object with keys: user_name, destination, dates, budget.",
                 "Hi, I'm Priya and I'm planning a trip to Japan.", "I want to go from April 3 to April 14.",
                 "My budget is about 4000 dollars for two people.",
                 "We decided to skip Osaka and spend more time in Kyoto.")
    assert (found["destination"], found["dates"], found["budget"]) == ("Japan", "April 3 to April 14",
                                                                       "about 4000 dollars")


def test_a_move_note_in_other_words() -> None:
    found = note("Write a handover as JSON with the keys city, move_date and price.",
                 "We're relocating to Lisbon, leaving Munich on 12 June.", "The flat costs 1,450 euros a month.")
    assert (found["city"], found["move_date"], found["price"]) == ("Lisbon", "12 June", "1,450 euros")


def test_a_key_no_line_gives_a_value_of_its_kind_says_none() -> None:
    found = note("Return JSON with keys: customer, amount_charged.", "I'm Dana Wu.",
                 "Please go ahead and charge my Visa ending 4412.")
    assert found["amount_charged"] == "none"
