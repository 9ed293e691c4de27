"""A string argument is the value itself: without the quotes it was written in, a possessive's "'s", or the field's own
name said before it.

Outside testers' chess-club, glacier-hut and repair-rota tools. "What is Chidi Okafor's rating?" looked up the player
"Chidi Okafor's"; "Check the crevasse report for the zone 'lower tongue'." sent the zone with its quotes; "Check
fixer_on_duty for skill electrical." sent the skill "skill electrical".
"""

from __future__ import annotations

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def rating(player: str) -> str:
    """Look up a chess player's rating."""
    return {"Chidi Okafor": "1905"}.get(player, f"No rated player called {player}.")


@function_tool
def crevasse_report(zone: str) -> str:
    """Check the crevasse report for a glacier zone."""
    return f"{zone}: open"


@function_tool
def fixer_on_duty(skill: str) -> str:
    """Who is on duty for a skill (electrical, plumbing, bikes)."""
    return f"{skill}: Sam"


@function_tool
def book_table(restaurant: str, people: int) -> str:
    """Book a table at a restaurant."""
    return "Booked."


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (rating, "What is Chidi Okafor's rating?", {"player": "Chidi Okafor"}),
    (crevasse_report, "Check the crevasse report for the zone 'lower tongue'.", {"zone": "lower tongue"}),
    (fixer_on_duty, "Check fixer_on_duty for skill electrical.", {"skill": "electrical"}),
    (book_table, "Book a table at Luigi's tonight for 4 people.", {"restaurant": "Luigi's", "people": 4}),  # a name's own
])
async def test_the_argument_is_the_value_itself(tool, message, expected) -> None:
    calls, _ = await tool_calls([tool], message)
    assert calls == [(tool.name, expected)], calls
