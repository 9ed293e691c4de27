"""Which value goes to which argument of a function tool.

A careful model fills each field with the value the message ties to that field's name ("my username is
r.okafor", "the host gamma"), even a lowercase or dotted handle; never gives one value to two fields; takes
a value the user gave in an earlier turn when the latest message lacks it; and when a required value is
nowhere, asks for it instead of calling the tool with a stand-in. A place of several words ("Buenos Aires")
is one value, not two; and a tool's result answers only a question about what it says.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


def arguments(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def unlock_account(username: str) -> str:
    """Unlock a locked account."""
    return "unlocked"


@function_tool
def restart_server(hostname: str) -> str:
    """Restart one server."""
    return "restarting"


@pytest.mark.parametrize(("message", "call"), [
    ("Please unlock my account, my username is r.okafor", ("unlock_account", {"username": "r.okafor"})),
    ("Could you unlock the account of user bsmith today?", ("unlock_account", {"username": "bsmith"})),
    ("Please restart the server on host gamma.", ("restart_server", {"hostname": "gamma"})),
])
async def test_a_handle_after_the_fields_name_is_its_value_even_in_lowercase(message: str, call: tuple) -> None:
    agent = Agent(name="ops", instructions="You run the servers and accounts.", tools=[unlock_account, restart_server])
    assert arguments(await Runner.run(agent, message)) == [call]


@function_tool
def assign_locker(member_code: str, locker: str) -> str:
    """Assign a locker to a gym member by member code."""
    return f"locker {locker} is now {member_code}'s"


@function_tool
def assign_locker_by_locker(locker: str, member_code: str) -> str:
    """Assign a locker to a gym member by member code."""
    return f"locker {locker} is now {member_code}'s"


@pytest.mark.parametrize("tool", [assign_locker, assign_locker_by_locker])
async def test_each_field_takes_its_own_value_across_turns_and_a_missing_one_is_asked_for(tool) -> None:
    agent, session = Agent(name="gym", instructions="You run the gym's front desk.", tools=[tool]), SQLiteSession("gym")
    code = await Runner.run(agent, "My member code is ZP4471.", session=session)
    assert arguments(code) == [] and "locker" in code.final_output and code.final_output.endswith("?")
    locker = await Runner.run(agent, "Locker B12, if it's free.", session=session)
    assert arguments(locker) == [(tool.name, {"member_code": "ZP4471", "locker": "B12"})]
    both = await Runner.run(agent, "My member code is QH2290 and I'd like locker C07.")
    assert arguments(both) == [(tool.name, {"member_code": "QH2290", "locker": "C07"})]


@function_tool
def air_quality(town: str) -> str:
    """The air quality of a town today."""
    return "good"


async def test_a_required_value_nowhere_in_the_conversation_is_asked_for() -> None:
    agent = Agent(name="air", instructions="Be brief.", tools=[air_quality])
    result = await Runner.run(agent, "How is the air quality in that town?")
    assert arguments(result) == [] and "town" in result.final_output and result.final_output.endswith("?")


async def test_one_value_is_not_given_to_two_fields_of_different_kinds() -> None:
    agent = Agent(name="gym", instructions="You run the gym's front desk.", tools=[assign_locker])
    result = await Runner.run(agent, "Assign a locker for ZP4471.")
    assert arguments(result) == [] and "locker" in result.final_output


async def test_a_place_of_several_words_is_one_value_and_a_list_of_them_one_call_each() -> None:
    agent = Agent(name="air", instructions="Be brief.", tools=[air_quality])
    one = await Runner.run(agent, "How is the air quality in Buenos Aires right now?")
    assert arguments(one) == [("air_quality", {"town": "Buenos Aires"})]
    two = await Runner.run(agent, "Check the air quality in Los Angeles and Mexico City, please.")
    assert arguments(two) == [("air_quality", {"town": "Los Angeles"}), ("air_quality", {"town": "Mexico City"})]


@function_tool
def tide_times(harbour: str) -> str:
    """High and low tide at a harbour."""
    return f"At {harbour}: high tide 06:40, low tide 12:55."


async def test_a_tool_result_does_not_answer_a_question_about_something_else_it_does_not_say() -> None:
    agent, session = Agent(name="sea", instructions="Be brief.", tools=[tide_times]), SQLiteSession("sea")
    await Runner.run(agent, "When are the tides at Whitby harbour?", session=session)
    depth = await Runner.run(agent, "What is the depth at Whitby?", session=session)
    assert arguments(depth) == [] and depth.final_output.startswith("I don't know")
    again = await Runner.run(agent, "When is high tide at Whitby?", session=session)
    assert "06:40" in again.final_output
