"""What the assistant's own description says it is for answers a question to it, and a fact of its instructions
answers a question that differs from it only by a light verb.

"You are the support assistant of a shop that sells laptops, routers, phones and audio gear." is a persona
sentence with a fact in it; before, "Do you sell laptops?", "Do you sell tablets?" and "What do you sell?" got "I
don't know: nothing in this conversation or in my instructions says". "Do you take cards?" of "We accept cash and
cards, not cheques." got the same once a fact without a number had to say every word asked.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")

SHOP = "You are the support assistant of a shop that sells laptops, routers, phones and audio gear. Be brief."
GYM = "You are the front desk of a gym that offers yoga, spinning and boxing classes.\nAnswer in one sentence."


@pytest.mark.parametrize("instructions, question, told", [
    (SHOP, "Do you sell laptops?", "sells laptops, routers, phones and audio gear"),
    (SHOP, "What do you sell?", "sells laptops, routers, phones and audio gear"),
    (GYM, "Do you offer boxing?", "offers yoga, spinning and boxing classes"),
    (GYM, "What classes do you offer?", "offers yoga, spinning and boxing classes"),
])
async def test_a_question_to_the_assistant_is_answered_from_what_it_is_for(instructions, question, told):
    reply = (await Runner.run(Agent(name="Desk", instructions=instructions), question)).final_output
    assert told in reply and reply.startswith("I'm ")


async def test_what_it_is_for_does_not_answer_a_question_about_something_else():
    reply = (await Runner.run(Agent(name="Desk", instructions=GYM), "Do you have a swimming pool?")).final_output
    assert "boxing" not in reply


@pytest.mark.parametrize("instructions, question, told", [
    (SHOP, "Do you sell tablets?", "sells laptops, routers, phones and audio gear"),
    (GYM, "Do you offer pilates?", "offers yoga, spinning and boxing classes"),
])
async def test_do_you_asked_of_a_thing_not_listed_is_told_what_is(instructions, question, told):
    reply = (await Runner.run(Agent(name="Desk", instructions=instructions), question)).final_output
    assert told in reply


@pytest.mark.parametrize("question, told", [("Do you take cards?", "We accept cash and cards, not cheques."),
                                            ("Do you have rye?", "We bake sourdough, rye and croissants daily.")])
async def test_a_fact_answers_a_question_that_differs_only_by_a_light_verb(question, told):
    bakery = Agent(name="Bakery", instructions="You answer for Rosa's Bakery. We bake sourdough, rye and croissants "
                                               "daily. We deliver within 5 km. We accept cash and cards, not cheques.")
    assert (await Runner.run(bakery, question)).final_output == told
