"""What a chat answers when a sentence opens with a lead-in or says two things at once.

People open with a few words that lead into what they say ("Quick note: please call me Dana", "Second issue: my
router drops"), and pack two facts into one sentence ("My flight lands at 6pm and my gate was B12"). A careful
model acknowledges the fact, not the lead-in; answers a question with the part of the sentence that says it; keeps
a lead-in that carries meaning ("There are three of us: ..."); and does not answer a question about itself ("your
opening hours") from something the user said about an hour. Agents, names and sentences are our own.
"""

from __future__ import annotations

import asyncio

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


def chat(*turns: str, instructions: str = "You are a helpful assistant.") -> list[str]:
    """The agent's answer to each turn of one conversation."""
    async def run() -> list[str]:
        agent, session = Agent(name="Helper", instructions=instructions, model="gpt-4.1-mini"), SQLiteSession("chat")
        return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]
    return asyncio.run(run())


@pytest.mark.parametrize(("said", "acknowledged", "not_said"), [
    ("Hi! Quick note: please call me Dana.", "your name is Dana", "quick"),
    ("Second issue: my router drops the connection every evening.", "your router drops", "issue"),
    ("Before we start: my account number is 55-1234-99.", "your account number is 55-1234-99", "start"),
    ("I have two requests. First: please reply in French.", "I will reply in French", "please"),
])
def test_a_lead_in_is_not_told_back_as_the_fact(said: str, acknowledged: str, not_said: str) -> None:
    answer = chat(said)[0]
    assert acknowledged in answer and not_said not in answer.lower()


@pytest.mark.parametrize(("said", "kept"), [
    ("There are three of us: me (Sofia), my brother Tiago and my friend Ines.", "three of us"),
    ("Turn 4: the parcel arrived damaged.", "Turn 4"),
    ("Now the bike: its chain keeps slipping.", "the bike"),
])
def test_a_lead_in_that_carries_meaning_is_kept(said: str, kept: str) -> None:
    assert kept.lower() in chat(said)[0].lower()


@pytest.mark.parametrize(("said", "question", "answer", "left_out"), [
    ("My flight lands at 6pm and my gate was B12.", "Which gate was mine?", "your gate was B12", "6pm"),
    ("My account number is 55-1234-99 and I'm on the premium plan.", "Which plan am I on?",
     "you're on the premium plan", "55-1234-99"),
    ("My account number is 55-1234-99 and I'm on the premium plan.", "What's my account number?",
     "55-1234-99", "premium"),
    ("Our wifi password is tulip-42 and the router is in the hallway.", "Where is the router?", "hallway", "tulip"),
])
def test_a_question_is_answered_with_the_clause_that_says_it(said: str, question: str, answer: str,
                                                             left_out: str) -> None:
    told = chat(said, question)[1]
    assert answer in told and left_out not in told


@pytest.mark.parametrize(("said", "question", "answer"), [
    ("My cousin Dora and I are driving to Porto next Thursday.", "Who's joining me on the drive?", "Dora"),
    ("My husband's name is Tom and he handles the bills.", "Who handles the bills?", "Tom"),
])
def test_a_clause_that_needs_the_one_before_keeps_it(said: str, question: str, answer: str) -> None:
    assert answer in chat(said, question)[1]


@pytest.mark.parametrize(("said", "question"), [
    ("The car broke down an hour ago.", "What are your opening hours?"),
    ("I want to return the shoes I bought last week.", "What is your return policy?"),
])
def test_a_question_about_the_assistant_is_not_answered_from_what_the_user_said(said: str, question: str) -> None:
    answer = chat(said, question)[1]
    assert "You told me" not in answer and "I don't know" in answer


@pytest.mark.parametrize(("said", "question", "answer"), [
    ("Hi! I have two things today. First, a preference: please contact me by SMS, never by phone.",
     "How did I ask you to contact me?", "You asked me to contact you by SMS, never by phone."),
    ("Please contact me by email, not by phone.", "How should you contact me?", "contact you by email"),
])
def test_a_request_after_a_lead_in_is_told_back_as_a_request(said: str, question: str, answer: str) -> None:
    first, second = chat(said, question)
    assert "please contact you" not in first and answer in second


@pytest.mark.parametrize(("said", "question", "answer", "left_out"), [
    (("Hi, I'm Marta, account 88-1234.", "Also my wifi keeps dropping, router serial RT-5521."),
     "What's my account number?", "88-1234", "RT-5521"),
    (("My locker is B-17.", "Also the gym card is GC-4410."), "Which locker is mine?", "B-17", "GC-4410"),
])
def test_a_statement_opening_with_also_that_names_its_own_thing_is_not_told_with_the_answer(
        said: tuple[str, str], question: str, answer: str, left_out: str) -> None:
    told = chat(*said, question)[2]
    assert answer in told and left_out not in told
