"""A question asked again of a tool's earlier result is answered by the field it asks for, not by the one that only
repeats a word of the question.

Before, "How warm is the kitchen?" asked a second time (after read_sensor returned {"room": "kitchen", "celsius":
19.5}) got "read_sensor reported room: kitchen.": the field that names the kitchen, which the question already says.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def read_sensor(room: Literal["kitchen", "bedroom"]) -> str:
    """Read the temperature sensor of a room."""
    return json.dumps({"room": room, "celsius": 19.5})


@function_tool
def track_parcel(carrier: Literal["dhl", "ups"]) -> str:
    """Track the user's parcel with a carrier."""
    return json.dumps({"carrier": "dhl", "eta": "Thursday"})


@pytest.mark.parametrize("tool, first, again, wanted, unwanted", [
    (read_sensor, "How warm is the kitchen?", "How warm is the kitchen?", "19.5", "room: kitchen"),
    (read_sensor, "How warm is the bedroom?", "What was the bedroom temperature?", "19.5", "room: bedroom"),
    (track_parcel, "When does my DHL parcel arrive?", "When does the dhl parcel come?", "Thursday", "carrier"),
])
async def test_a_question_asked_again_gets_the_field_it_asks_for(tool, first, again, wanted, unwanted):
    agent, session = Agent(name="Home", instructions="Use the tools.", tools=[tool]), SQLiteSession("again")
    await Runner.run(agent, first, session=session)
    await Runner.run(agent, "Thanks", session=session)
    reply = (await Runner.run(agent, again, session=session)).final_output
    assert wanted in reply and unwanted not in reply
