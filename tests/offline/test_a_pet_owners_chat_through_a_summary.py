"""A learner's own pet-care agent in a SummarizingSession: what was told early is recalled after it is summarized,
and told back without the connective it was said with ("Also my cat Nori..." is "your cat Nori...")."""

from __future__ import annotations

import openai
import pytest
from agents import Agent, Runner, function_tool

from memlab import LLMSummarizer, SummarizingSession

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def book_vet(pet_name: str, day: str) -> str:
    """Book a vet appointment for a pet on a day."""
    return f"Booked {pet_name} at Greenpaw Vets on {day} at 10:30, booking VET-5521."


TOLD = ["Hi, I'm Jonas. I have a beagle called Biscuit, he's 7.", "Biscuit is allergic to chicken.",
        "Please book the vet for Biscuit on Friday.", "Also my cat Nori needs her vaccines in May.",
        "Nori only eats wet food.", "I'm moving to Leipzig next month."]
ASKED = {"What is Biscuit allergic to?": "chicken", "When is the vet appointment?": "Friday",
         "What's my cat called?": "Nori", "Where am I moving?": "Leipzig", "What is the booking number?": "VET-5521"}


async def test_early_facts_are_recalled_after_the_summary_and_told_back_plainly() -> None:
    agent = Agent(name="Pet helper", instructions="You help a pet owner keep track of their pets' care.", tools=[book_vet])
    async with openai.AsyncOpenAI() as client:
        session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=LLMSummarizer(client))
        replies = [(await Runner.run(agent, text, session=session)).final_output for text in TOLD]
        assert replies[3] == "Noted: your cat Nori needs her vaccines in May."  # not "also your cat"
        answers = {question: (await Runner.run(agent, question, session=session)).final_output for question in ASKED}
        summarized = (await session.get_items())[0]
    assert "recap" in str(summarized["content"]).lower()  # the early turns live in the summary now
    for question, fact in ASKED.items():
        assert fact in answers[question], (question, answers[question])
        assert " also " not in answers[question]
