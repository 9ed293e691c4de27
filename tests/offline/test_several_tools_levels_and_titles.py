"""Agents with several similar tools: a careful model picks the one the sentence asks for and fills it as said.

"Turn the music down" turns a level, not the thing: beside ``play_music`` it is ``set_volume``'s low end; a level of
numbers nobody gave ("Turn it up", 0 to 100) is asked for with its range, not set to 0 (mute).
"""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from agents import function_tool
from pydantic import Field

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def play_music(song: str) -> str:
    """Play a song on the living-room speaker."""
    return f"Playing {song}"


@function_tool
def set_volume(level: Literal["low", "medium", "high"]) -> str:
    """Set the speaker volume."""
    return f"Volume set to {level}"


@function_tool
def start_fan(room: str) -> str:
    """Switch on the ceiling fan in a room."""
    return "on"


@function_tool
def set_fan_speed(speed: Literal["low", "medium", "high"]) -> str:
    """Change how fast the fan spins."""
    return "ok"


@function_tool
def set_speaker_volume(level: int) -> str:
    """Set the speaker volume.

    Args:
        level: volume from 0 to 100
    """
    return f"Volume set to {level}"


@function_tool
def set_brightness(percent: Annotated[int, Field(ge=0, le=100)]) -> str:
    """Set how bright the desk lamp is."""
    return "ok"


async def test_turning_the_thing_down_sets_its_level_not_plays_it():
    assert (await tool_calls([play_music, set_volume], "Turn the music down"))[0] == [("set_volume", {"level": "low"})]
    calls, _ = await tool_calls([play_music, set_volume], "Could you crank the music up a bit?")
    assert calls == [("set_volume", {"level": "high"})]
    assert (await tool_calls([start_fan, set_fan_speed], "Turn the fan up"))[0] == [("set_fan_speed", {"speed": "high"})]
    assert (await tool_calls([play_music, set_volume], "Play Bohemian Rhapsody"))[0] == [("play_music", {"song": "Bohemian Rhapsody"})]


async def test_a_numbered_level_nobody_gave_is_asked_for_with_its_range():
    calls, reply = await tool_calls([set_speaker_volume], "Turn the music down")
    assert calls == [] and "level (0 to 100)" in reply
    calls, reply = await tool_calls([play_music, set_speaker_volume], "Turn it up please")
    assert calls == [] and "level (0 to 100)" in reply
    calls, reply = await tool_calls([set_brightness], "Turn the lamp down")
    assert calls == [] and "percent (0 to 100)" in reply
    assert (await tool_calls([set_speaker_volume], "Set the volume to 30"))[0] == [("set_speaker_volume", {"level": 30})]
