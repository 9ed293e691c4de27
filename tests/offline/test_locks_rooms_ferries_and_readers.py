"""Agents of an outside tester's own: a smart-lock hub, a coworking desk, a ferry desk, a language school, a coach.

"Is everything locked?" once got "Yes: I found 2 locks" with the unlocked garage left out; an optional level or age
the user never gave was filled in ("A1", 16); "a room for 6 people" gave ``min_capacity: 120`` ("min" read as
minutes of "2 hours"); "2 adults and 1 child" gave ``children: 3``; "Prof. Luis Ortega" was cut to "Prof.".
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from agents import Agent, FunctionTool, function_tool
from pydantic import BaseModel

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def list_locks() -> list[dict]:
    """List all smart locks in the house with their lock state and battery level."""
    return [{"name": "front door", "lock_id": "LK-01", "locked": True, "battery_pct": 82},
            {"name": "garage", "lock_id": "LK-02", "locked": False, "battery_pct": 14},
            {"name": "back gate", "lock_id": "LK-03", "locked": True, "battery_pct": 55}]


LOCKS = Agent(name="LockHub", instructions="You manage the smart locks at the Moreau house.", tools=[list_locks])


@pytest.mark.parametrize(("question", "opens", "named", "left_out"), [
    ("Is everything locked?", "No: ", ["garage"], ["front door", "back gate"]),
    ("Are any doors unlocked?", "Yes: ", ["garage"], ["front door", "back gate"]),
    ("Which lock has a low battery?", "", ["garage", "front door", "back gate"], []),  # all, the level of each
])
async def test_a_question_over_a_listing_tells_the_records_that_answer_it(
        question: str, opens: str, named: list[str], left_out: list[str]) -> None:
    [(calls, reply)] = await turns(LOCKS, [question])
    assert calls == [("list_locks", {})]
    assert reply.startswith(opens) and all(n in reply for n in named) and not any(n in reply for n in left_out), reply


async def test_everything_locked_is_a_yes_when_every_record_says_so() -> None:
    @function_tool
    def list_windows() -> list[dict]:
        """List the windows with whether each is closed."""
        return [{"room": "kitchen", "closed": True}, {"room": "attic", "closed": True}]

    agent = Agent(name="House", instructions="You watch the windows.", tools=[list_windows])
    [(_, reply)] = await turns(agent, ["Are all the windows closed?"])
    assert reply.startswith("Yes: all of them.") and "kitchen" in reply and "attic" in reply, reply


async def echo(_: Any, arguments: str) -> str:
    return f"ok {arguments}"


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> FunctionTool:
    return FunctionTool(name=name, description=description, on_invoke_tool=echo, strict_json_schema=False,
                        params_json_schema={"type": "object", "properties": properties, "required": required})


SCHOOL = Agent(name="Lingua", instructions="You handle timetables and enrolment for a language school.", tools=[
    tool("get_timetable", "Timetable of group classes for a language, optionally for one CEFR level.",
         {"language": {"type": "string"}, "level": {"type": "string", "enum": ["A1", "A2", "B1", "B2", "C1"]}},
         ["language"]),
    tool("enroll_student", "Enroll a student in a class.",
         {"class_id": {"type": "string", "description": "e.g. LS-201"}, "student_name": {"type": "string"},
          "age": {"type": "integer", "minimum": 16, "maximum": 99}}, ["class_id", "student_name"])])


@pytest.mark.parametrize(("message", "call"), [
    ("When are the Spanish classes?", ("get_timetable", {"language": "Spanish"})),
    ("When are the Spanish classes for B1?", ("get_timetable", {"language": "Spanish", "level": "B1"})),
    ("Enroll Tom Berger in LS-202", ("enroll_student", {"class_id": "LS-202", "student_name": "Tom Berger"})),
    ("Enroll Tom Berger, 34, in LS-202",
     ("enroll_student", {"class_id": "LS-202", "student_name": "Tom Berger", "age": 34})),
])
async def test_an_optional_value_the_user_never_gave_is_left_out(message: str, call: tuple[str, dict]) -> None:
    [(calls, _)] = await turns(SCHOOL, [message])
    assert calls == [call]


@function_tool
def find_rooms(date: str, start_time: str, hours: int, min_capacity: int = 1, needs_screen: bool = False) -> list[dict]:
    """Find free coworking rooms.

    Args:
        date: YYYY-MM-DD
        start_time: HH:MM 24h
        hours: length of booking, 1-8
        min_capacity: minimum number of seats
        needs_screen: room must have a screen
    """
    return [{"room": "Hopper", "capacity": 10, "screen": True, "price_per_hour": 35}]


class Passengers(BaseModel):
    adults: int
    children: int


@function_tool
def buy_ticket(sailing_id: str, passengers: Passengers, vehicle: bool) -> str:
    """Buy ferry tickets on a sailing for adults and children, with or without a car."""
    return f"Booked {sailing_id}."


@pytest.mark.parametrize(("agent", "message", "expected"), [
    (Agent(name="Hive", instructions="You book rooms at the Hive coworking space.", tools=[find_rooms]),
     "Find a room for 6 people on 2025-10-08 at 14:00 for 2 hours",
     {"date": "2025-10-08", "start_time": "14:00", "hours": 2, "min_capacity": 6, "needs_screen": False}),
    (Agent(name="Ferry", instructions="You sell ferry tickets.", tools=[buy_ticket]),
     "Buy tickets on sailing FS-0815 for 2 adults and 1 child, with our car",
     {"sailing_id": "FS-0815", "passengers": {"adults": 2, "children": 1}, "vehicle": True}),
    (Agent(name="Ferry", instructions="You sell ferry tickets.", tools=[buy_ticket]),
     "Tickets for FS-0815 for 1 adult and 2 children, no car",
     {"sailing_id": "FS-0815", "passengers": {"adults": 1, "children": 2}, "vehicle": False}),
])
async def test_a_count_goes_to_the_field_it_counts(agent: Agent, message: str, expected: dict) -> None:
    [(calls, _)] = await turns(agent, [message])
    assert [json.loads(json.dumps(arguments)) for _, arguments in calls] == [expected]


async def test_a_professor_keeps_the_name_after_the_title() -> None:
    agent = Agent(name="Planner", instructions="You help a student plan a thesis.")
    replies = await turns(agent, ["My supervisor is Dr. Bos. My second reader is Prof. Luis Ortega.",
                                  "Who is my second reader?"])
    assert "Prof. Luis Ortega" in replies[1][1], replies[1][1]
