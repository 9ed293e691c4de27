"""Two tools asked in one sentence share the value said once ("the weather and the time in Tokyo": both for
Tokyo), also when ``tool_choice="required"`` leaves no asking back: never a placeholder call beside the real one."""

from __future__ import annotations

import json

import pytest
from agents import Agent, ModelSettings, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_weather(city: str) -> str:
    """Get the weather for a city."""
    return f"{city}: 17C, cloudy"


@function_tool
def get_time(city: str) -> str:
    """Get the local time in a city."""
    return f"{city}: 14:05"


@pytest.mark.parametrize("choice", [None, "required"])
async def test_the_weather_and_the_time_in_tokyo_are_both_for_tokyo(choice: str | None) -> None:
    agent = Agent(name="Helper", instructions="Answer with tools.", tools=[get_weather, get_time],
                  model_settings=ModelSettings(tool_choice=choice))
    result = await Runner.run(agent, "What's the weather and the time in Tokyo?", max_turns=4)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    assert calls == [("get_weather", {"city": "Tokyo"}), ("get_time", {"city": "Tokyo"})]
    assert "unknown" not in str(result.final_output)
