"""A garden centre's agent, a hotel concierge, and summaries of pasted chats between a person and an expert, all our own.

"Order 5 lavender" orders lavender (the count is the quantity's); "What soil should I use for the lavender?" asks
about lavender (the tool's own word "soil" before "should" is no verb); a question never orders ("Order plants
from..." acts, though its name could be a noun). "Hi, I'm Dana. When is breakfast?" is answered from the
instructions as the question alone is. In a pasted chat the speaker a helper's label names ("Expert:",
"Landlord (Mr. Okafor):") is the assistant; a section of causes holds what the expert explains, a section of
advice or promises what they advised or promised. A question about a pasted chat (in the instructions, or on the
message's last line) is answered by the sentence that says it, with who said it; a question the chat does not
answer gets "The text doesn't say."."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import openai
import pytest
from agents import Agent, Runner, function_tool
from pydantic import Field

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


class Size(str, Enum):
    small = "small"
    medium = "medium"
    large = "large"


@function_tool
def order_plants(plant: str, quantity: Annotated[int, Field(ge=1, le=50)], pot_size: Size, gift_wrap: bool = False) -> str:
    """Order plants from the garden centre."""
    return f"Ordered {quantity} {plant} in {pot_size.value} pots."


@function_tool
def check_stock(plants: list[str]) -> str:
    """Check stock levels for a list of plant names."""
    return "; ".join(f"{p}: {dict(lavender=14, fern=0).get(p.lower(), 'not stocked')}" for p in plants)


@function_tool
def soil_advice(plant: str) -> str:
    """Recommend a soil mix for a plant."""
    return f"For {plant}: free-draining mix with 30% grit."


GARDEN = Agent(name="Garden Centre", instructions="Help customers of Greenleaf Garden Centre.",
               tools=[order_plants, check_stock, soil_advice])


async def test_a_count_is_no_part_of_the_plant_and_a_question_orders_nothing() -> None:
    said = await turns(GARDEN, ["Do you have lavender and fern in stock?", "Order 5 lavender in large pots please, as a gift",
                                "What soil should I use for the lavender? I live somewhere dry",
                                "Which of those plants you checked earlier is out of stock?"])
    assert said[1][0] == [("order_plants", {"plant": "lavender", "quantity": 5, "pot_size": "large", "gift_wrap": True})]
    assert said[2][0] == [("soil_advice", {"plant": "lavender"})]
    assert all(name != "order_plants" for name, _ in said[3][0])


async def test_a_greeting_before_a_question_leaves_the_question_to_answer() -> None:
    concierge = Agent(name="Concierge", instructions="You are the concierge of Hotel Lumen. Breakfast is served 7-10am "
                                                     "in the Atrium. Checkout is at 11am.")
    result = await Runner.run(concierge, "Hi, I'm Dana. When is breakfast?")
    assert result.final_output == "Breakfast is served 7-10am in the Atrium."


GARDENER = """Gardener: My tomato leaves are turning yellow from the bottom up.
Expert: That's usually nitrogen deficiency or overwatering. How often do you water?
Gardener: Every day, about 2 litres per plant. I have 6 plants in grow bags.
Expert: That's too much for grow bags. Water every other day and add a nitrogen feed once a week.
Gardener: Which feed?
Expert: A liquid seaweed feed at 10 ml per 4.5 litres of water.
Gardener: OK. I'll start on Saturday and report back in two weeks."""

TENANT = """Tenant (Maria Lopez): Hi, the kitchen sink in flat 4B has been leaking since March 3.
Landlord (Mr. Okafor): Sorry to hear that. I'll send a plumber on Thursday, March 14.
Tenant: Also, my rent of $1,250 was paid on March 1 but your portal shows it as unpaid.
Landlord: I see the payment now, reference TX-88412. The portal will update within 48 hours.
Tenant: I prefer to be contacted by text, not email.
Landlord: Noted."""


def note(prompt: str, chat: str) -> dict[str, str]:
    with openai.OpenAI() as client:
        text = client.responses.create(model="gpt-4.1-mini", instructions=prompt, input=chat).output_text
    parts = [part.split("\n", 1) for part in text.split("# ")[1:]]
    return {head.strip(): body for head, body in parts}


def test_an_experts_causes_and_advice_have_their_sections() -> None:
    sections = note("Summarize with these sections:\n# Symptoms\n# Likely causes\n# Advice given\n# Follow-up", GARDENER)
    assert list(sections) == ["Symptoms", "Likely causes", "Advice given", "Follow-up"]
    assert "yellow" in sections["Symptoms"] and "nitrogen deficiency or overwatering" in sections["Likely causes"]
    assert "Water every other day" in sections["Advice given"] and "10 ml per 4.5 litres" in sections["Advice given"]
    assert "overwatering" not in sections["Advice given"] and "Saturday" in sections["Follow-up"]


def test_a_landlords_promises_are_his_and_the_tenant_is_named() -> None:
    sections = note("Summarize with these sections:\n# Who is involved\n# What went wrong\n# What was promised", TENANT)
    assert "Maria Lopez" in sections["Who is involved"] and "leaking" in sections["What went wrong"]
    assert "plumber on Thursday, March 14" in sections["What was promised"]
    assert "Sorry" not in sections["What was promised"] and "Okafor" not in sections["What was promised"]


def answer(instructions: str, text: str) -> str:
    with openai.OpenAI() as client:
        return client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=text).output_text


@pytest.mark.parametrize(("instructions", "chat", "expected"), [
    ("When is the plumber coming?", TENANT, 'Landlord said: "I\'ll send a plumber on Thursday, March 14."'),
    ("How many plants does the gardener have?", GARDENER, 'Gardener said: "I have 6 plants in grow bags."'),
    ("What does the expert recommend feeding the plants, and how much?", GARDENER,
     'Expert said: "A liquid seaweed feed at 10 ml per 4.5 litres of water."'),
    ("Who is the mayor of Lyon?", GARDENER, "The text doesn't say."),
])
def test_a_question_about_a_pasted_chat_is_answered_from_the_sentence_that_says_it(instructions, chat, expected) -> None:
    assert answer(instructions, chat) == expected


def test_a_question_on_the_last_line_is_asked_of_the_text_above_it() -> None:
    text = f"Here is a transcript:\n{GARDENER}\n\nQuestion: How often should the gardener water now?"
    assert answer("", text) == 'Expert said: "Water every other day and add a nitrogen feed once a week."'


async def test_a_question_after_lines_of_ones_own_is_not_asked_of_a_pasted_text() -> None:
    helper = Agent(name="Helper", instructions="You are a helpful assistant.")
    result = await Runner.run(helper, "My setup at home, as it stands this week:\nLaptop: Aero 14 running Windows 11, "
                                      "bought in March from your shop, restarted twice today.\nRouter: NetHub AX3000 in "
                                      "the hall, firmware 2.2.0, lights all green.\nWhich one should I restart first?")
    reply = str(result.final_output)  # (not 'Laptop said: "Aero 14 running..."', as if "Laptop:" were a speaker)
    assert ' said: "' not in reply and not reply.startswith(("The text says", "The text doesn't say")), reply
