"""A title or a topic field takes the phrase that names the thing, not the sentence or its first word.

"Here's my sourdough guide for beginners: ..." is titled "sourdough guide"; "Can we hold the hiring plan sync
on Monday with Ola and Piet?" is about the "hiring plan sync". Schemas and sentences are our own.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Post(BaseModel):
    title: str
    steps: list[str]


class Agenda(BaseModel):
    topic: str
    day: str
    people: list[str]


async def extract(output_type, message: str):
    agent = Agent(name="Extractor", instructions="Extract the information.", output_type=output_type)
    return (await Runner.run(agent, message)).final_output


async def test_a_title_is_what_follows_my_not_the_first_word_or_a_count() -> None:
    post = await extract(Post, "Here's my sourdough starter guide for two: feed it, wait, bake.")
    assert post.title == "sourdough starter guide", post


async def test_a_topic_is_the_named_meeting_not_the_whole_sentence() -> None:
    agenda = await extract(Agenda, "Can we hold the hiring plan sync on Monday with Ola and Piet?")
    assert agenda == Agenda(topic="hiring plan sync", day="Monday", people=["Ola", "Piet"])
