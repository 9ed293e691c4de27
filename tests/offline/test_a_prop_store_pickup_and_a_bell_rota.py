"""A question is answered from a result already in the conversation: "pick up" asks where the collection is, and "Who is
on bell 2?" asks the ringer of the record whose bell is 2, not its bell.

Outside testers' prop-store and bell-tower agents. After "P-201 reserved ... Collection from Bay 4.", "Where do I pick
it up?" got "I don't know"; after the rota, "Who is on bell 2?" got "The bell is 2.".
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def reserve_prop(prop_id: str, show: str) -> str:
    """Reserve a prop for a show."""
    return f"{prop_id} reserved for '{show}'. Collection from Bay 4."


@function_tool
def rota(day: str) -> list:
    """The ringing rota for a day."""
    return [{"bell": 1, "ringer": "Hattie"}, {"bell": 2, "ringer": "Owain"}, {"bell": 3, "ringer": "Lou"}]


async def test_pick_up_asks_where_the_collection_is() -> None:
    store = Agent(name="Props", instructions="You run a theatre prop store. Use your tools.", tools=[reserve_prop])
    replies = await turns(store, ["Reserve P-201 for the show 'Gaslight'.", "Where do I pick it up?"])
    assert replies[0][0] and "Bay 4" in replies[1][1] and not replies[1][0], replies


async def test_a_record_picked_by_one_field_answers_with_another() -> None:
    tower = Agent(name="Tower", instructions="You help a bell-ringing tower. Use your tools.", tools=[rota])
    replies = await turns(tower, ["Who is ringing on Sunday?", "Who is on bell 2?", "Which bell is Lou ringing?"])
    assert replies[1] == ([], "The ringer is Owain."), replies[1]
    assert "bell is 3" in replies[2][1], replies[2]
