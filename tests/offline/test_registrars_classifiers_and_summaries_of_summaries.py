"""A registrar's desks, a classifier's labels and a garden shop's long chat, all our own.

Two identifiers in one message go to the fields they belong to ("enroll S204518 in HIST150": the verb labels no
id; "ID S204518" labels the student's, not the course's); "register" reaches the enrolment desk. A question about
an action no tool does says so ("Can I change the delivery address?"). A day ("opens on April 20") is never a
plant. Labels listed with commas alone, after "label ... as", or in the message before a colon are chosen by the
text; "not happy" is negative. A summary of a summary keeps the user's name, so the agent still knows it."""

from __future__ import annotations

import json
from typing import Literal

import openai
import pytest
from agents import Agent, Runner, function_tool

from memlab.summarizing import SummarizingSession

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def enroll(student_id: str, course_code: str, term: Literal["fall", "spring", "summer"]) -> str:
    """Enroll a student in a course for a term."""
    return f"Enrolled {student_id} in {course_code} for {term}."


@function_tool
def get_transcript(student_id: str) -> str:
    """Fetch a student's transcript by student ID."""
    return f"{student_id}: BIO101 A, CHEM110 B+."


ENROLMENT = Agent(name="Enrollment Office", handoff_description="Course registration, adding and dropping classes",
                  instructions="Handle enrollment.", tools=[enroll])
RECORDS = Agent(name="Records Office", handoff_description="Transcripts, grades and GPA",
                instructions="Handle transcripts.", tools=[get_transcript])
FRONT_DESK = Agent(name="Registrar Front Desk", instructions="Send students to the right office.",
                   handoffs=[RECORDS, ENROLMENT])


@pytest.mark.parametrize("message", ["Please enroll S204518 in HIST150 for spring",
                                     "Add HIST150 to my spring classes, ID S204518"])
async def test_each_identifier_goes_to_its_own_field(message: str) -> None:
    said = await turns(ENROLMENT, [message])
    assert said[0][0] == [("enroll", {"student_id": "S204518", "course_code": "HIST150", "term": "spring"})]


async def test_registering_is_the_enrolment_desks_work() -> None:
    result = await Runner.run(FRONT_DESK, "I want to register for HIST150 in spring, ID S204518")
    assert result.last_agent.name == "Enrollment Office"
    assert "Enrolled S204518 in HIST150 for spring" in str(result.final_output)


@function_tool
def track_order(order_id: str) -> str:
    """Look up where an order is."""
    return json.dumps({"order_id": order_id, "status": "in transit"})


async def test_an_action_no_tool_does_is_said_to_be_out_of_reach() -> None:
    shop = Agent(name="Shop", instructions="You help Acme customers with their orders.", tools=[track_order])
    said = await turns(shop, ["Where is order 5512?", "Can I change my delivery address?"])
    assert said[1][0] == []
    assert said[1][1].startswith("I can't change your delivery address from here: none of my tools does that.")
    assert "track_order" in said[1][1]


@function_tool
def planting_guide(vegetable: str) -> str:
    """Return planting time and spacing for a vegetable."""
    return {"tomatoes": "Plant tomatoes after the last frost, 60 cm apart."}.get(vegetable.lower(), f"No plan for {vegetable}.")


GARDEN = Agent(name="Garden helper", instructions="You are a gardening assistant for a seed shop. Use the tools.",
               tools=[planting_guide])


async def test_a_day_is_no_plant() -> None:
    said = await turns(GARDEN, ["I need the seeds before my allotment opens on April 20."])
    assert said[0][0] == []


def label(instructions: str, text: str) -> str:
    with openai.OpenAI() as client:
        return client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=text).output_text


@pytest.mark.parametrize(("instructions", "text", "expected"), [
    ("Classify the ticket into one of: billing, technical, shipping. Reply with the category only.",
     "My package never arrived and tracking hasn't updated in a week.", "shipping"),
    ("Classify the ticket into one of: billing, technical, shipping. Reply with the category only.",
     "I was charged twice for my subscription.", "billing"),
    ("Classify the ticket into one of: billing, technical, shipping. Reply with the category only.",
     "The app crashes when I open settings.", "technical"),
    ("Label the email as spam or not_spam.", "Congratulations! You won a free cruise, click here to claim.", "spam"),
    ("Reply with exactly one word: positive, negative or neutral.", "I'm not happy with the service.", "negative"),
    ("Reply with exactly one word: positive, negative or neutral.", "The app keeps crashing and support never answers.",
     "negative"),
    ("You are a classifier.", "Classify the sentiment of this review as positive or negative: The food was cold and "
                              "the waiter was rude.", "negative"),
])
def test_a_label_is_chosen_by_the_text(instructions: str, text: str, expected: str) -> None:
    assert label(instructions, text) == expected


async def test_a_summary_of_a_summary_keeps_the_users_name() -> None:
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=offline_summarizer())
    said = ["Hi, my name is Harriet Vance.", "My customer account id is GV-40217.",
            "I need the seeds before my allotment opens on April 20.", "I prefer organic seeds only, please.",
            "When should I plant tomatoes?", "What about garlic?", "My soil is quite clay-heavy.",
            "Do you sell raised bed kits?", "Thanks. What is my account id?", "What's my name?"]
    for message in said:
        result = await Runner.run(GARDEN, message, session=session)
    assert sum(event.status == "applied" for event in session.summary_events) >= 2
    assert "Harriet Vance" in str(result.final_output), session.summary_text


@function_tool
def modify_shipping(order_id: str, address: str) -> str:
    """Change the delivery address of an order."""
    return f"Order {order_id} now ships to {address}."


async def test_an_action_a_tool_does_is_never_said_to_be_out_of_reach() -> None:
    shop = Agent(name="Shop", instructions="You help with orders.", tools=[modify_shipping])
    said = await turns(shop, ["Can I change my delivery address?"])
    assert "none of my tools" not in said[0][1] and "order id" in said[0][1]
