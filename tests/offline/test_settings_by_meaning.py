"""A setting asked for by what it means, not by its name: "Slow the fan down" is low, "Make it faster" high.

The words a person uses for a level ("slower", "quieter", "dimmer"; "faster", "louder", "brighter") pick the end of
a low-to-high scale of options; "the server is down" asks for no low priority. Tools and sentences are our own.
"""

from __future__ import annotations

import json

import openai
import pytest

pytestmark = pytest.mark.usefixtures("api")


def level_tool(name: str, field: str, description: str) -> dict:
    return {"type": "function", "name": name, "description": description, "strict": False, "parameters": {
        "type": "object", "properties": {field: {"type": "string", "enum": ["low", "medium", "high"]}},
        "required": [field]}}


FAN, LIGHTS = level_tool("set_fan", "speed", "Set the fan speed."), level_tool("set_lights", "level", "Set the lights.")


def chosen(text: str, tool: dict) -> str:
    with openai.OpenAI() as client:
        response = client.responses.create(model="gpt-4.1-mini", input=text, tools=[tool])
    call = next(item for item in response.output if item.type == "function_call")
    return next(iter(json.loads(call.arguments).values()))


@pytest.mark.parametrize(("text", "tool", "level"), [
    ("Slow the fan down", FAN, "low"), ("Make the fan faster", FAN, "high"),
    ("Make the lights dimmer", LIGHTS, "low"), ("Lights brighter please", LIGHTS, "high"),
])
def test_a_level_asked_for_by_its_meaning(text: str, tool: dict, level: str) -> None:
    assert chosen(text, tool) == level
