"""Summaries that keep a changed value once, numbers whole, and sections of several kinds filled.

An outside tester's ceramics-studio and astronomy-club chats, summarized by ``SummarizingSession`` with memlab's
own prompt and with prompts of their own. Before: "Change of plan: the bisque firing got pushed to Saturday the
11th." left "booked for Thursday the 9th" in the note (twice over, once a note had it), and "When is the bisque
firing?" was answered from the old date; "## Numbers, codes and dates" held the kiln log number alone (no locker
code, no date) and "## Corrections" said none; "My phone number is 07911 123456." was noted as "phone number 07911"
and "AST 2207 19" as "AST 2207", and "## Contact details" said none.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

from memlab import SummarizingSession

from ..helpers import offline_summarizer, said, sections

pytestmark = pytest.mark.usefixtures("api")

STUDIO = ["Hi, I'm Desmond and I rent shelf 23 at the Clayworks studio.",
          "The bisque firing is booked for Thursday the 9th.",
          "Change of plan: the bisque firing got pushed to Saturday the 11th.",
          "My locker code is 4192.",
          "Ruth said the kiln log number for my batch is KL-0387.",
          "I prefer to collect pieces on weekday evenings after 6pm."]

OWN = """Summarize the conversation so far as a note for the assistant.
Sections:
## People
## Numbers, codes and dates
## Preferences
## Corrections (keep only the corrected value)
Copy every name, number, code and date verbatim."""


@pytest.mark.parametrize("prompt", [None, OWN])
async def test_a_session_summary_keeps_the_new_date_and_answers_with_it(prompt: str | None) -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, session_id="kiln",
                                 summarizer=offline_summarizer(prompt=prompt))
    agent = Agent(name="KilnBuddy", instructions="You are an assistant for a ceramics studio member. Keep track of "
                                                 "what they mention and answer their questions.")
    for turn in STUDIO:
        await Runner.run(agent, turn, session=session)
    answer = str((await Runner.run(agent, "When is the bisque firing?", session=session)).final_output)
    assert "Saturday the 11th" in answer and "Thursday" not in answer, answer
    assert "Thursday the 9th" not in (session.summary_text or ""), session.summary_text
    code = str((await Runner.run(agent, "What's my locker code?", session=session)).final_output)
    assert "4192" in code, code


async def test_a_section_of_numbers_codes_and_dates_and_one_of_corrections() -> None:
    _, note = await offline_summarizer(prompt=OWN).summarize(said(*STUDIO))
    parts = sections(note)
    numbers = parts["Numbers, codes and dates"]
    assert all(value in numbers for value in ("KL-0387", "4192", "Saturday the 11th")), note
    assert "Thursday the 9th" not in note, note
    assert "Saturday the 11th" in parts["Corrections (keep only the corrected value)"], note


async def test_numbers_written_in_groups_stay_whole_and_a_phone_is_a_contact_detail() -> None:
    _, note = await offline_summarizer(prompt=(
        "Summarise this conversation.\n## Member\n## Contact details\n## Requests\nBullets. Copy every number exactly "
        "as written.")).summarize(said("Hi, I'm Oskar Lindqvist.", "I'd like to join the dark-sky weekend.",
                                       "My phone number is 07911 123456.", "My membership number is AST 2207 19."))
    parts = sections(note)
    assert "07911 123456" in parts["Contact details"], note
    assert "AST 2207 19" in note, note
