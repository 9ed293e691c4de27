"""A tool's arguments are the values the user wrote, and a follow-up is answered from the earlier result's part.

An outside tester's alarm clock, archery range, sensor calibration, allotment, running log and night-shelter tools.
"Set an alarm for 2026-04-02T06:15:00 labelled 'feed the sourdough starter'" called ``set_alarm(at="feed the sourdough
starter", label="feed")``; "Book lane 3 at 50 metres" (``Literal[18, 30, 50, 70]``) booked 18; "-1.5 °C" and "minus
0.8" lost their sign; "a full plot" (``plot_size is 'half' or 'full'``) stayed "half"; "1 hour 5 minutes" was 60.
After a lookup, "How big is it in square metres?" got "I don't know", "What's the rent on it?" got "get_plot reported
rent gbp: 38." and "How many beds are there?" the whole list.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def set_alarm(at: str, label: str) -> str:
    """Set an alarm at an ISO 8601 datetime (e.g. 2026-04-02T06:15:00) with a label."""
    return "ok"


@function_tool
def book_lane(lane: int, distance_m: Literal[18, 30, 50, 70]) -> str:
    """Book an archery lane at a distance in metres."""
    return "ok"


@function_tool
def adjust_offset(sensor: str, offset_c: float) -> str:
    """Apply a calibration offset in Celsius (may be negative) to a sensor."""
    return "ok"


@function_tool
def join_list(full_name: str, plot_size: str = "half") -> str:
    """Join the allotment waiting list. plot_size is 'half' or 'full'."""
    return "ok"


@function_tool
def log_run(distance_km: float, duration_minutes: int) -> str:
    """Log a training run: distance in km and duration in minutes."""
    return "ok"


async def called(tool, message: str) -> list[tuple[str, dict]]:
    result = await Runner.run(Agent(name="Desk", instructions="Use the tool.", tools=[tool]), message)
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize(("tool", "message", "arguments"), [
    (set_alarm, "Set an alarm for 2026-04-02T06:15:00 labelled 'feed the sourdough starter'.",
     {"at": "2026-04-02T06:15:00", "label": "feed the sourdough starter"}),
    (set_alarm, "Wake me at 2026-11-30 07:45 with the label 'catch the 8:10 bus'.",
     {"at": "2026-11-30T07:45:00", "label": "catch the 8:10 bus"}),
    (book_lane, "Book lane 3 at 50 metres.", {"lane": 3, "distance_m": 50}),
    (adjust_offset, "Apply an offset of -1.5 °C to sensor TH-4.", {"sensor": "TH-4", "offset_c": -1.5}),
    (adjust_offset, "Sensor TH-9 reads 0.8 degrees too warm; apply an offset of minus 0.8.",
     {"sensor": "TH-9", "offset_c": -0.8}),
    (join_list, "Add Farid Osei to the waiting list for a full plot.", {"full_name": "Farid Osei", "plot_size": "full"}),
    (log_run, "Log a run of 12.4 km that took 1 hour 5 minutes.", {"distance_km": 12.4, "duration_minutes": 65}),
])
async def test_the_arguments_are_the_values_written(tool, message, arguments) -> None:
    assert await called(tool, message) == [(tool.name, arguments)]


@function_tool
def get_plot(plot_number: int) -> str:
    """Look up an allotment plot by number."""
    return json.dumps({"plot": plot_number, "holder": "Gwen Ashby", "size_m2": 125, "rent_gbp": 38})


@function_tool
def shelter_hours(site: str) -> list[str]:
    """List opening hours of a winter night shelter site."""
    return ["Mon-Fri 19:00-08:00", "Sat-Sun 18:00-09:00", "Beds: 24", "Pets allowed in the annexe only"]


@pytest.mark.parametrize(("tool", "first", "then", "answer"), [
    (get_plot, "Who holds plot 7?", "How big is it in square metres?", "The size is 125 m²."),
    (get_plot, "Who holds plot 7?", "What's the rent on it?", "The rent is 38 GBP."),
    (shelter_hours, "What are the hours at the Riverside shelter?", "How many beds are there?", "Beds: 24."),
    (shelter_hours, "What are the hours at the Riverside shelter?", "Can I bring my dog?",
     "Pets allowed in the annexe only."),
])
async def test_a_follow_up_is_answered_from_the_part_of_the_earlier_result(tool, first, then, answer) -> None:
    agent = Agent(name="Desk", instructions="Help the user; use the tool when needed.", tools=[tool])
    session = SQLiteSession(":memory:")
    await Runner.run(agent, first, session=session)
    result = await Runner.run(agent, then, session=session)
    assert not [item for item in result.new_items if item.type == "tool_call_item"]
    assert result.final_output == answer
