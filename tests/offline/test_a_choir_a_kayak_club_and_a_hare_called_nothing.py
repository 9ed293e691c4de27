"""Recall tells the newest value, says "no" to a wrong one, and does not answer with another thing's fact.

An outside tester's choir, film-shoot, chess, luthier and illustration chats, run as a learner runs them. With every
turn in view, "How much does the hall hire cost?" was answered with the 300 pounds that "the hall hire went up to 340
pounds" replaced, and "How many kayaks do we own?" with the 12 before "so we have 10 now"; "Do we finish on
Saturday?" and "Are we 30 singers?" got the statement without a "No". Once the fact had left a trimmed window, "What
is the hare called?" was answered with the studio assistant's name, "What is the time control?" with the hall's
closing time and "Where is the concert?" with its time. "...so we have 10 now" was told back as "we", "Call me Ori
from now on, please." as "your name is Ori from now on, please".
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import TrimmingSession

pytestmark = pytest.mark.usefixtures("api")

UNKNOWN = "I don't know"


async def chat(turns: list[str], session=None) -> list[str]:
    """The agent's replies, one session for all the turns."""
    agent = Agent(name="Keeper", instructions="Track what the user tells you. Answer only from this chat.")
    session = session or SQLiteSession(":memory:")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


@pytest.mark.parametrize(("turns", "new", "old"), [
    (["The hall hire costs 300 pounds.", "Update: the hall hire went up to 340 pounds.",
      "How much does the hall hire cost?"], "340", None),
    (["We own 12 kayaks.", "Two kayaks were stolen last week, so we have 10 now.", "How many kayaks do we own?"],
     "you have 10 now", None),
    (["The quote for Julian's viola is 140 pounds.",
      "Julian accepted the quote, but asked us to add new strings, so it's now 185 pounds.",
      "What is the quote for Julian's viola now?"], "185", None),
    (["We shoot for four days, starting on 3 March.", "The shoot now starts on 5 March.", "How many days do we shoot?"],
     "four days", "5 March"),
    (["It has a cracked top near the f-hole, about 4 cm long.", "She wants it back by 28 April for a recital.",
      "How long is the crack on the violin?"], "4 cm", "28 April"),
])
async def test_the_newest_value_of_the_thing_asked_is_told(turns, new, old) -> None:
    answer = (await chat(turns))[-1]
    assert new in answer, answer
    assert old is None or old not in answer, answer


@pytest.mark.parametrize(("question", "verdict"), [
    ("Do we finish on Saturday?", "No"), ("Do we finish on Sunday?", "Yes"),
    ("Are we 30 singers?", "No"), ("Are we 23 singers?", "Yes"),
])
async def test_a_yes_no_question_naming_another_day_or_count_is_answered_no(question, verdict) -> None:
    answer = (await chat(["We are 23 singers, and our conductor is Margit Olsen.",
                          "We finish on Sunday at 3pm, in the chapel.", question]))[-1]
    assert answer.startswith(f"{verdict}: "), answer


@pytest.mark.parametrize(("turns", "wrong"), [
    (["The hare's name in the story is Marram.", "Final artwork is due on 30 April.", "I've switched to watercolour.",
      "My studio assistant is called Priya.", "What is the hare called?"], "Priya"),
    (["Our short film is called 'Salt in the Gears'.", "We have 3 backup drives.", "Our call time is 6:45.",
      "The gaffer's name is Lotte Brink.", "What is the film called?"], "Lotte"),
    (["The time control is 15 minutes plus 10 seconds per move.", "First prize is 250 pounds.",
      "We now have 47 players.", "The hall closes at 19:00 sharp.", "What is the time control?"], "19:00"),
    (["The concert is in St Botolph's church.", "We need 150 programmes.", "The interval is 20 minutes.",
      "The concert is at 7 pm.", "Where is the concert?"], "7 pm"),
])
async def test_a_fact_trimmed_away_is_not_answered_with_another_things(turns, wrong) -> None:
    answer = (await chat(turns, TrimmingSession("choir", max_turns=3)))[-1]
    assert answer.startswith(UNKNOWN) and wrong not in answer, answer


async def test_the_same_questions_with_every_turn_in_view_are_answered() -> None:
    replies = await chat(["The hare's name in the story is Marram.", "My studio assistant is called Priya.",
                          "What is the hare called?", "The concert is in St Botolph's church.",
                          "The concert is at 7 pm.", "Where is the concert?"])
    assert "Marram" in replies[2] and "Priya" not in replies[2], replies[2]
    assert "St Botolph's church" in replies[5], replies[5]


async def test_a_date_asked_of_is_told_by_the_sentence_that_gives_it() -> None:
    replies = await chat(["Ines and I are getting married in Portugal. The date is 12 June 2026.",
                          "Our budget for the whole wedding is 32,000 euros.", "What was the date of the wedding again?"])
    assert "12 June 2026" in replies[-1] and "32,000" not in replies[-1], replies[-1]


async def test_what_is_told_back_is_in_the_second_person_and_whole() -> None:
    replies = await chat(["Two kayaks were stolen last week, so we have 10 now.", "Call me Ori from now on, please.",
                          "OK, the boat shed opens at 8."])
    assert replies[0] == "Noted: Two kayaks were stolen last week, so you have 10 now.", replies[0]
    assert replies[1] == "Noted: your name is Ori from now on.", replies[1]
    assert replies[2].startswith("Noted: OK, "), replies[2]
