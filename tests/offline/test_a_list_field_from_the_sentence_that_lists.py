"""A list field filled from the conversation takes the sentence that lists its items, not every sentence with a
related word.

Before, `interests: list[str]` after "We want to go to Kyoto for 5 nights." and "we love temples and food markets"
held three sentences ("Go to Kyoto for 5 nights", "Temples and food markets", "Slow, relaxed pace"): the first
related word ("want") decided where the list was read, and it lists nothing.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Trip(BaseModel):
    destination: str
    interests: list[str]


class Member(BaseModel):
    name: str
    hobbies: list[str]


@pytest.mark.parametrize("schema, turns, field, wanted", [
    (Trip, ["We want to go to Kyoto for 5 nights.", "Our budget is 2500 euros, and we love temples and food markets.",
            "We prefer a slow pace."], "interests", ["temples", "food markets"]),
    (Member, ["I'm Noor and I want to join the club.", "In my free time I enjoy climbing, chess and baking."],
     "hobbies", ["climbing", "chess", "baking"]),
])
async def test_a_list_field_takes_the_items_a_sentence_lists(schema, turns, field, wanted):
    session = SQLiteSession("list-field")
    chat = Agent(name="Chat", instructions="You chat with the user.")
    for turn in turns:
        await Runner.run(chat, turn, session=session)
    extractor = Agent(name="Extractor", instructions="Fill in the form from the conversation.", output_type=schema)
    result = await Runner.run(extractor, "Fill it in now.", session=session)
    assert getattr(result.final_output, field) == wanted
