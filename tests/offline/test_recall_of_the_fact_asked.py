"""Recall in a long chat of our own answers with the fact the question asks for, or says it does not know.

"What was the flight number?" is answered by the sentence with the flight's code, not by a later correction of a
price; "Who was I traveling with?" is answered by no sentence that names no one; "Where am I moving?" by the move
to a place, not "my exam was moved to May 24"; "What's the venue called?" by the venue, not by the user's name
(though a venue is related to a wedding); "What's our total budget?" by the budget as it now is (no sum of the old
and the new); "What's the address?" by "at 42 Elm Street". A value said again in its own words replaces the old
in a summary."""

from __future__ import annotations

import pytest
from agents import Agent, Runner

from memlab.summarizing import SummarizingSession

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="You are a helpful assistant.")


@pytest.mark.parametrize(("said", "expected"), [
    (["The airline was TAP, flight TP1357.", "I paid €640 for a replacement flight.",
      "Correction: the replacement flight cost €710, not €640.", "What was the flight number?"],
     "You told me: the airline was TAP, flight TP1357."),
    (["I'm moving to Valencia in September.", "My exam was moved to May 24.", "Where am I moving?"],
     "You told me: you're moving to Valencia in September."),
    (["My name is Priya Raman and I'm planning my wedding with my fiancé, Daniel Okafor.",
      "The venue is Willow Creek Barn in Asheville.", "What's the venue called?"],
     "You told me: the venue is Willow Creek Barn in Asheville."),
    (["Our budget is $25,000 total.", "The budget is now $30,000.", "What's our total budget?"],
     "You told me: the budget is now $30,000."),
    (["Hi, I'm Tom Becker. We're renovating our kitchen at 42 Elm Street.", "What's the address?"],
     "You told me: you're renovating your kitchen at 42 Elm Street."),
])
async def test_the_fact_asked_for_answers(said: list[str], expected: str) -> None:
    assert (await turns(HELPER, said))[-1][1] == expected


async def test_a_person_asked_for_is_not_found_in_a_sentence_that_names_no_one() -> None:
    said = await turns(HELPER, ["The airline was TAP, flight TP1357.", "Correction: the replacement flight cost €710, "
                                "not €640.", "Who was I traveling with?"])
    assert said[-1][1].startswith("I don't know")


async def test_a_value_corrected_before_a_summary_is_the_one_the_notes_keep() -> None:
    """The budget said again in its own words ("Actually, the budget is now 12k since...") replaces the old one in
    the summary, and the notes tell it back without the "Actually"."""
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=offline_summarizer())
    said = ["Hi, I'm Tom Becker, we're renovating our kitchen at 42 Elm Street.", "Our budget is 18k.",
            "We want oak cabinets.", "The install starts April 7.", "My wife Rachel has a latex allergy.",
            "Actually, the budget is now 12k since we're keeping the old appliances.", "We'd like a subway tile backsplash.",
            "The job must be done by May 30.", "We want vinyl flooring.", "What is our budget?"]
    for message in said:
        result = await Runner.run(HELPER, message, session=session)
    assert any(event.status == "applied" for event in session.summary_events)
    assert "18k" not in session.summary_text and "12k" in session.summary_text, session.summary_text
    assert str(result.final_output) == "From my notes: the budget is now 12k since we're keeping the old appliances."


async def test_a_wish_to_have_it_done_is_noted_not_taken_for_a_problem_solved() -> None:
    said = await turns(HELPER, ["We'd like the job done by May 30."])
    assert said[0][1] == "Noted: you'd like the job done by May 30."
