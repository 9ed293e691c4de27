"""A booking corrected after it was made: the call again, the value the message changes replaced.

Before, "Change it to 5 people." was noted and nothing was called ("change it" was no correction), "Actually, make
it 21:00." was told back as "Noted: Book a table ... at 21:00." without a call (a time has no number's shape), and
"Sorry, make that 6 people." after a question in between was told back as "... for 4 at 6 people." (only the turn
just before was looked at, and the count went to the time).
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def book_table(restaurant: str, people: int, time: str) -> str:
    """Book a restaurant table.

    Args:
        restaurant: The restaurant's name.
        people: How many people.
        time: When, like 19:30.
    """
    return json.dumps({"booking": "TB-7781", "restaurant": restaurant, "people": people, "time": time})


@function_tool
def reserve_court(club: str, players: int, start: str) -> str:
    """Reserve a tennis court.

    Args:
        club: The club.
        players: How many players.
        start: The start time, HH:MM.
    """
    return json.dumps({"reservation": "CT-12", "players": players, "start": start})


CONCIERGE = Agent(name="Concierge", instructions="You are a hotel concierge. Use tools when they help.", tools=[book_table])
CLUB = Agent(name="Club", instructions="You book courts for members.", tools=[reserve_court])


async def _last_call(agent: Agent, turns: list[str]) -> dict | None:
    session, last = SQLiteSession("corrections"), None
    for turn in turns:
        result = await Runner.run(agent, turn, session=session)
        called = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
        last = called[-1] if called else None
    return last


@pytest.mark.parametrize("agent, turns, wanted", [
    (CONCIERGE, ["Book a table at Casa Lola for 4 at 20:00.", "Change it to 5 people."],
     {"restaurant": "Casa Lola", "people": 5, "time": "20:00"}),
    (CONCIERGE, ["Book a table at Casa Lola for 4 at 20:00.", "Actually, make it 21:00."],
     {"restaurant": "Casa Lola", "people": 4, "time": "21:00"}),
    (CONCIERGE, ["Book a table at Casa Lola for 4 at 20:00.", "What time did I book for?", "Sorry, make that 6 people."],
     {"restaurant": "Casa Lola", "people": 6, "time": "20:00"}),
    (CLUB, ["Reserve a court at Riverside for 2 players at 18:30.", "Change that to 4 players."],
     {"club": "Riverside", "players": 4, "start": "18:30"}),
    (CLUB, ["Reserve a court at Riverside for 2 players at 18:30.", "Thanks!", "Actually, make it 19:15."],
     {"club": "Riverside", "players": 2, "start": "19:15"}),
])
async def test_a_correction_calls_the_tool_again_with_the_value_changed(agent, turns, wanted):
    assert await _last_call(agent, turns) == wanted
