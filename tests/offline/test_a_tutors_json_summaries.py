"""A study assistant of our own in a ``SummarizingSession`` whose summarizer has the cookbook's shape (``role:
content`` lines, a sync client in a thread) and a JSON prompt of our own. The summary before, sent back as the
assistant's one-line JSON, is read as a note: each new summary is one flat JSON object (no summary nested in a
value), and the facts of the first turns (the name, the essay's deadline) still answer at the end. The model's own
echoes ("Noted: ...", "From my notes: ...") are never a summary's facts."""

from __future__ import annotations

import asyncio
import json

import openai
import pytest
from agents import Agent, Runner, function_tool

from memlab.summarizing import SummarizingSession

pytestmark = pytest.mark.usefixtures("api")

PROMPT = "Return JSON with the keys student, deadlines, preferences, courses. Use null if unknown."


class JsonSummarizer:
    """A summarizer as the cookbook writes one: messages in, (question, summary) out."""

    def __init__(self, client: openai.OpenAI) -> None:
        self.client = client

    async def summarize(self, messages):
        chat = "\n".join(f"{m['role']}: {m['content'].strip()}" for m in messages)
        reply = await asyncio.to_thread(self.client.responses.create, model="gpt-4.1-mini", instructions=PROMPT, input=chat)
        return "What do we know so far?", reply.output_text


@function_tool
def lookup_course(course_code: str) -> str:
    """Look up a course's title, tutor and exam date by its course code."""
    return json.dumps({"course_code": course_code, "title": "Linear Algebra", "tutor": "Dr. Amara Osei"})


async def test_json_summaries_stay_flat_and_keep_the_first_facts() -> None:
    agent = Agent(name="Tutor", instructions="You are a study assistant for university students.", tools=[lookup_course])
    with openai.OpenAI() as client:
        session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=JsonSummarizer(client))
        said = ["Hello! I'm Jonas Becker, student number 2023-4471.", "My essay on eigenvalues is due Friday, March 14.",
                "I learn best with worked examples rather than theory.", "Can you look up course MATH-201?",
                "Who teaches it?", "What's my student number?", "When is my essay due?", "How do I like to learn?",
                "What's my name?", "What is the deadline for my essay?"]
        replies = [str((await Runner.run(agent, message, session=session)).final_output) for message in said]
    assert sum(event.status == "applied" for event in session.summary_events) >= 3
    summary = json.loads(session.summary_text)
    assert set(summary) == {"student", "deadlines", "preferences", "courses"}
    assert not any("{" in str(value) or "Noted:" in str(value) or "From my notes:" in str(value) for value in summary.values())
    assert "Jonas Becker" in replies[8] and "March 14" in replies[9], replies
