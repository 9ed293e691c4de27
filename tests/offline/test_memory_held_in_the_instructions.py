"""Long-term memory the way the cookbook's personalization recipe keeps it: notes about the user put into the
instructions ("Known preferences:", "What you remember about the user:", "User profile: name: ...; city: ...",
"<user_memory>"), and a note-saving tool of a text and its keywords. A question about the user is answered from those
notes, in the user's own terms ("Lives in Oslo": "you live in Oslo"), only when a note holds its words; what they
do not hold stays unknown; a preference for now ("For this trip...") is not saved."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from agents import Agent, RunContextWrapper, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

REMEMBERED = ("You are a helpful assistant.\n\nWhat you remember about the user:\n- Lives in Oslo\n- Has a dog named Rex\n"
              "- Works as a nurse\n- Prefers aisle seats")
PROFILE = "You are a helpful assistant. User profile: name: Dana Kim; city: Lyon; favourite food: ramen; seat: window."
TAGGED = ("<user_memory>\nThe user's name is Sam. Sam is allergic to peanuts. Sam's daughter is called Ivy.\n"
          "</user_memory>\nAnswer using the memory when relevant.")


@pytest.mark.parametrize("instructions, question, answer", [
    (REMEMBERED, "Where do I live?", "From my notes: you live in Oslo."),
    (REMEMBERED, "What's my dog's name?", "From my notes: you have a dog named Rex."),
    (REMEMBERED, "What's my job?", "From my notes: you work as a nurse."),
    (PROFILE, "What's my name?", "From my notes: your name is Dana Kim."),
    (PROFILE, "What's my favourite food?", "From my notes: your favourite food is ramen."),
    (TAGGED, "Am I allergic to anything?", "From my notes: you are allergic to peanuts."),
    (TAGGED, "What's my daughter called?", "From my notes: your daughter is called Ivy."),
])
async def test_a_question_about_the_user_is_answered_from_the_notes_in_the_instructions(instructions, question,
                                                                                       answer) -> None:
    assert (await Runner.run(Agent(name="Helper", instructions=instructions), question)).final_output == answer


@pytest.mark.parametrize("instructions, question", [
    (REMEMBERED, "What's my name?"), (PROFILE, "Am I allergic to anything?"), (TAGGED, "Where do I live?")])
async def test_what_the_notes_do_not_hold_stays_unknown(instructions, question) -> None:
    answer = (await Runner.run(Agent(name="Helper", instructions=instructions), question)).final_output
    assert answer.startswith("I don't know"), answer


async def test_what_do_you_know_about_me_tells_every_note() -> None:
    answer = (await Runner.run(Agent(name="Helper", instructions=PROFILE), "What do you know about me?")).final_output
    assert answer == ("From my notes: your name is Dana Kim; your city is Lyon; your favourite food is ramen; "
                      "your seat is window.")


async def test_instructions_that_only_say_to_remember_hold_no_notes() -> None:
    agent = Agent(name="Desk", instructions="Remember the customer's preferences, such as how they like to be "
                  "contacted.\nKnow the product: laptops with 14-inch screens have a free M.2 slot.")
    assert (await Runner.run(agent, "Which laptop do I have?")).final_output.startswith("I don't know")


@dataclass
class Trip:
    notes: list[dict] = field(default_factory=list)


@function_tool
def save_memory_note(ctx: RunContextWrapper[Trip], text: str, keywords: list[str]) -> dict:
    """Save a memory note when the traveller states a stable, reusable preference."""
    ctx.context.notes.append({"text": text, "keywords": keywords})
    return {"ok": True}


def concierge(ctx: RunContextWrapper[Trip], agent: Agent) -> str:
    kept = "\n".join(f"- {note['text']}" for note in ctx.context.notes) or "- none yet"
    return f"You are a travel concierge. Known preferences:\n{kept}\nSave durable preferences with save_memory_note."


async def test_a_note_tool_saves_the_text_and_its_keywords_and_the_next_question_reads_it_back() -> None:
    trip, agent = Trip(), Agent[Trip](name="Concierge", instructions=concierge, tools=[save_memory_note])
    saved = await Runner.run(agent, "I always prefer aisle seats, and I'm vegetarian.", context=trip)
    assert [json.loads(i.raw_item.arguments)["text"] for i in saved.new_items if i.type == "tool_call_item"] == [
        "I always prefer aisle seats, and I'm vegetarian."]
    assert trip.notes[0]["keywords"] and saved.final_output.startswith("Done: I saved the memory note")
    answer = (await Runner.run(agent, "Which seats do I prefer?", context=trip)).final_output
    assert answer == "From my notes: you always prefer aisle seats, and you're vegetarian."


async def test_a_preference_for_now_is_not_saved() -> None:
    trip, agent = Trip(), Agent[Trip](name="Concierge", instructions=concierge, tools=[save_memory_note])
    await Runner.run(agent, "For this trip I want a hotel near the station.", context=trip)
    assert trip.notes == []
