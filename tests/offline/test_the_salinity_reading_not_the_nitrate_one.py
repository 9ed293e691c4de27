"""Recall picks the statement about the thing asked, and says so when none is.

An outside tester's astronomy, pottery, aquarium, genealogy and trekking chats, each under a session as a learner
runs them. "What was the salinity reading?" was answered with the nitrate reading; "Which glaze goes on the
platters?" with "the glaze firing goes to cone 6"; "What was Ignatius's trade?" with his corrected birth year;
"What is my telescope called?" with Priyanka's telescope; "What's my locker code?" went unanswered beside a kiln log
number; so did "How many children did Ignatius and Hannah have?" of "They had four children: ..." and "How long is
the route?" of "... 68 kilometres over 5 days"; "I meant 120 exposures" was ignored, with the first value in view
and alone in a trimmed window; a correction was told back with its "Actually, scratch that, ...".
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import TrimmingSession

pytestmark = pytest.mark.usefixtures("api")

UNKNOWN = "I don't know"


async def chat(turns: list[str], session=None) -> str:
    """The agent's reply to the last turn, one session for all of them."""
    agent = Agent(name="Helper", instructions="You are a helpful assistant. Answer from what the user told you.")
    session = session or SQLiteSession(":memory:")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns][-1]


@pytest.mark.parametrize(("turns", "wanted", "other"), [
    (["The salinity this morning was 1.025 specific gravity.", "The nitrate reading on Thursday came back at 8 ppm.",
      "What was the salinity reading?"], "1.025", "nitrate"),
    (["My glaze for the mugs is Celadon Mist, and the platters get Tenmoku.", "The glaze firing goes to cone 6.",
      "Which glaze goes on the platters?"], "Tenmoku", "cone 6"),
    (["Ignatius worked as a cooper at the Whitby harbour.", "Correction: Ignatius was born in 1873, not 1871.",
      "What was Ignatius's trade?"], "cooper", "1873"),
    (["My locker code is 4192.", "Ruth said the kiln log number for my batch is KL-0387.", "What's my locker code?"],
     "4192", "KL-0387"),
    (["I'm researching Ignatius Pell and his wife Hannah.", "They had four children: Albert, Edith, Clement and Rose.",
      "How many children did Ignatius and Hannah have?"], "four children", UNKNOWN),
    (["We're walking the Cairngorm Traverse, 68 kilometres over 5 days.", "How long is the route?"], "68 kilometres",
     UNKNOWN),
])
async def test_the_statement_about_the_thing_asked_answers(turns: list[str], wanted: str, other: str) -> None:
    answer = await chat(turns)
    assert wanted in answer and other not in answer, answer


async def test_someone_elses_thing_is_not_mine() -> None:
    answer = await chat(["Priyanka's telescope is a 4-inch refractor.", "What is my telescope called?"])
    assert answer.startswith(UNKNOWN), answer


async def test_a_verb_after_the_thing_asked_is_no_other_thing() -> None:
    answer = await chat(["My flight is on 4 May.", "Change of plan: the flight moves to 6 May.", "I'm sitting in 14C.",
                         "When is my flight?"])  # "flight moves" is the flight, moving
    assert "6 May" in answer and "4 May" not in answer, answer


EXPOSURES = ["My camera is a ZWO ASI533 and I usually shoot 90 exposures of 30 seconds each.",
             "I keep my logbook in a green Moleskine.", "The field's Bortle rating is 4.",
             "My mount is a Star Adventurer GTi.", "Sorry, I said 90 exposures earlier; I meant 120 exposures of 30 seconds.",
             "How many exposures do I usually shoot, and how long is each?"]


async def test_i_meant_corrects_the_count_with_the_first_one_in_view() -> None:
    answer = await chat(EXPOSURES)
    assert "120 exposures" in answer and not answer.rstrip(".").endswith("each"), answer


async def test_i_meant_answers_alone_in_a_trimmed_window() -> None:
    answer = await chat(EXPOSURES, TrimmingSession("astro", max_turns=3))
    assert "120 exposures" in answer and not answer.startswith(UNKNOWN), answer


async def test_a_correction_is_told_back_without_its_preamble() -> None:
    answer = await chat(["The Orion session is on 14 February.",
                         "Actually, scratch that, the Orion session moves to 21 February because of the full moon.",
                         "When is the Orion session now?"])
    assert "21 February" in answer and "scratch" not in answer.lower() and "actually" not in answer.lower(), answer
