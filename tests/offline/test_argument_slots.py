"""Which value goes to which argument of a function tool.

A careful model fills each field with the value the message ties to that field's name ("my username is
r.okafor", "the host gamma"), even a lowercase or dotted handle.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

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
