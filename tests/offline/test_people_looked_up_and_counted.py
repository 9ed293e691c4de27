"""A person asked about by name is looked up ("Who is Rui Costa?": ``lookup_employee(name)``), and follow-ups about
"him" read the result; "Who's coming?" asks an event's attendees; a place named after "at the" is no attendee; "4
people" counts servings, it names no dish; "really important" is a high priority."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def lookup_employee(name: str) -> str:
    """Find an employee in the company directory."""
    return json.dumps({"name": name, "team": "Payments", "manager": "Ines Duarte", "office": "Porto"})


@function_tool
def create_event(title: str, date: str, attendees: list[str]) -> str:
    """Create a calendar event."""
    return json.dumps({"id": "EV-7", "title": title, "date": date, "attendees": attendees})


@function_tool
def send_invite(name: str) -> str:
    """Send a meeting invite to a colleague."""
    return "sent"


class Event(BaseModel):
    title: str
    date: str
    attendees: list[str]


class Recipe(BaseModel):
    title: str
    servings: int


class Plan(BaseModel):
    goal: str
    priority: Literal["low", "medium", "high"]


async def test_who_is_a_name_looks_the_person_up() -> None:
    agent = Agent(name="HR", instructions="Help employees find colleagues.", tools=[lookup_employee])
    said = await turns(agent, ["Who is Rui Costa?", "Who's his manager?", "Where does he work from?"])
    assert said[0][0] == [("lookup_employee", {"name": "Rui Costa"})]
    assert "Ines Duarte" in said[1][1] and said[1][0] == []
    assert "Porto" in said[2][1] and said[2][0] == []


async def test_who_is_a_name_does_not_act_on_the_person() -> None:
    agent = Agent(name="Office", instructions="Help with meetings.", tools=[send_invite])
    [(calls, _)] = await turns(agent, ["Who is Rui Costa?"])
    assert calls == []  # a question sends no invite


async def test_whos_coming_asks_the_attendees() -> None:
    agent = Agent(name="Calendar", instructions="Manage the calendar.", tools=[create_event])
    said = await turns(agent, ["Schedule a design review on Friday with Ana and Bruno", "Who's coming?"])
    assert said[0][0][0][1]["attendees"] == ["Ana", "Bruno"]
    assert "Ana, Bruno" in said[1][1] and said[1][0] == []


async def test_a_place_after_at_the_is_no_attendee() -> None:
    agent = Agent(name="Events", instructions="Extract the event.", output_type=Event)
    result = await Runner.run(agent, "Team offsite on 14 May at the Lisbon office with Ana, Bruno and Carla")
    assert result.final_output.attendees == ["Ana", "Bruno", "Carla"]


async def test_a_count_of_people_is_no_title() -> None:
    agent = Agent(name="Chef", instructions="Suggest a recipe.", output_type=Recipe)
    result = await Runner.run(agent, "Something vegetarian with lentils for 4 people please")
    assert result.final_output.servings == 4 and result.final_output.title.lower() != "people"


@pytest.mark.parametrize("message", ["I want to run a half marathon in 12 weeks; it's really important to me.",
                                     "Renewing my passport is crucial, I fly in June."])
async def test_important_is_a_high_priority(message: str) -> None:
    result = await Runner.run(Agent(name="Planner", instructions="Turn the goal into a plan.", output_type=Plan), message)
    assert result.final_output.priority == "high"
