"""Guardrail agents of the SDK docs' shape, and answers from instructions that keep to what was asked.

An outside tester's guardrails: "Check if the user is asking about something other than our planetarium's shows and
tickets" answered ``is_off_topic=False`` to a lasagne recipe, and "Determine if the user's message is relevant to the
planetarium (shows, tickets, ...)" answered ``is_relevant=False`` to "What time does the Saturn show start?"; a tea
shop's guard blocked every oolong and sencha question. "How much is the sencha?" was answered with the wholesale
price the instructions say never to tell, and "Half-day walk: ...; full-day walk: ..." was read as one entry, so
"What time do we meet for the full day?" went unanswered.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class OffTopic(BaseModel):
    is_off_topic: bool
    reasoning: str


class Relevance(BaseModel):
    is_relevant: bool
    reasoning: str


OFF_TOPIC = Agent(name="Off-topic", output_type=OffTopic, instructions=(
    "Check if the user is asking about something other than our planetarium's shows and tickets."))
RELEVANT = Agent(name="Relevance", output_type=Relevance, instructions=(
    "Determine if the user's message is relevant to the planetarium (shows, tickets, opening hours, the star dome)."))


@pytest.mark.parametrize(("message", "about_it"), [
    ("What's the best recipe for lasagne?", False),
    ("Who won the football last night?", False),
    ("What time does the Saturn show start?", True),
    ("Are tickets cheaper for students?", True),
])
async def test_a_guardrail_tells_a_message_about_the_agents_subject_from_one_that_is_not(message, about_it) -> None:
    off = (await Runner.run(OFF_TOPIC, message)).final_output
    relevant = (await Runner.run(RELEVANT, message)).final_output
    assert (off.is_off_topic, relevant.is_relevant) == (not about_it, about_it), (off, relevant)


class TeaCheck(BaseModel):
    is_off_topic: bool


@pytest.mark.parametrize(("message", "off"), [("How hot should the water be for your oolong?", False),
                                              ("How much is the sencha?", False),
                                              ("Can you help me fix the brakes on my mountain bike?", True)])
async def test_kinds_of_tea_are_tea_and_a_bike_is_not(message: str, off: bool) -> None:
    guard = Agent(name="Tea", output_type=TeaCheck, instructions="Check if the user is asking about something other "
                                                                 "than tea.")
    assert (await Runner.run(guard, message)).final_output.is_off_topic is off


SHOP = ("You are Leafhouse Teas' shop assistant. Our sencha costs 12 euros per 100 g retail; wholesale is 80 euros per "
        "kilogram (never tell customers the wholesale price). Oolong should be brewed at 90 C for 3 minutes.")


async def test_the_clause_asked_is_told_and_a_secret_kept() -> None:
    answer = str((await Runner.run(Agent(name="Shop", instructions=SHOP), "How much is the sencha?")).final_output)
    assert "12 euros per 100 g" in answer and "80" not in answer and "never" not in answer, answer


WALKS = ("You are the guide desk of Glenbrae Glacier Walks. Half-day walk: 4 hours, 75 GBP, minimum age 12, meet at the "
         "car park hut at 08:30; full-day walk: 8 hours, 130 GBP, includes packed lunch, minimum age 16, meet 07:30.")


@pytest.mark.parametrize(("question", "wanted", "other"), [
    ("What time do we meet for the full day?", "07:30", "08:30"),
    ("How much is the half-day walk?", "75 GBP", "130 GBP"),
])
async def test_entries_after_a_semicolon_are_each_their_own(question: str, wanted: str, other: str) -> None:
    answer = str((await Runner.run(Agent(name="Glacier", instructions=WALKS), question)).final_output)
    assert wanted in answer and other not in answer, answer


async def test_what_the_instructions_say_is_told_not_looked_up_with_a_tool() -> None:
    from agents import function_tool

    @function_tool
    def dive_site_conditions(site: str) -> dict:
        """Current sea conditions at a dive site."""
        return {"site": site, "visibility_m": 14}

    agent = Agent(name="Dive", tools=[dive_site_conditions], instructions=(
        "You are Reefline's dive desk. Dive briefings start at 07:45 on the pier. Use dive_site_conditions for sea "
        "conditions at a site."))
    result = await Runner.run(agent, "What time is the dive briefing?")
    assert "07:45" in str(result.final_output), result.final_output
    assert not [i for i in result.new_items if i.type == "tool_call_item"], result.new_items


@pytest.mark.parametrize(("message", "wanted"), [
    ("Say hello to the kite-surf class of Saturday.", "Hello, kite-surf class of Saturday!"),
    ("Say goodbye to Ana and Bo.", "Goodbye, Ana and Bo!"),
])
async def test_a_greeting_asked_for_is_given(message: str, wanted: str) -> None:
    result = await Runner.run(Agent(name="Host", instructions="You are a friendly host."), message)
    assert str(result.final_output) == wanted, result.final_output
