"""The text a careful model replies with: small talk answered in kind, what it can do from its instructions.

Asked how it is, it says it is well; "lol" or "nice" gets no "Noted: ..."; "see you tomorrow" gets a goodbye; "can
you help me plan a trip?" gets a yes and a question back; "what can you do?" is answered by who the instructions say
it is when they list no skills.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns, instructions="You are a helpful assistant.", tools=()):
    agent, session = Agent(name="A", instructions=instructions, tools=list(tools)), SQLiteSession(":memory:")
    return [(await Runner.run(agent, turn, session=session)).final_output for turn in turns]


async def test_small_talk_gets_a_short_fitting_reply():
    replies = await chat(["how's it going?", "lol", "see you tomorrow", "bye!", "haha nice", "how are things?",
                          "thanks, bye"])
    assert replies[0].startswith("I am well") and "help" in replies[0]
    assert not any(reply.startswith(("Noted", "I don't know", "I can't")) for reply in replies), replies
    assert replies[1].startswith("Ha!") and replies[4].startswith("Ha!")
    assert all("Goodbye" in reply for reply in (replies[2], replies[3], replies[6]))
    assert replies[6].startswith("You are welcome")


async def test_an_offer_of_help_with_a_task_gets_a_yes():
    for message, task in (("hi! can you help me plan a trip?", "plan a trip"),
                          ("Could you help me write my wedding speech?", "write your wedding speech")):
        reply = (await chat([message]))[0]
        assert reply.startswith("Yes") and task in reply, reply


async def test_what_it_can_do_comes_from_who_it_is():
    replies = await chat(["what can you do?", "what's your name?"],
                         instructions="You are Pip, a cheerful assistant for a bakery's staff.")
    assert replies == ["I'm Pip, a cheerful assistant for a bakery's staff."] * 2
    reply = (await chat(["What can you help me with?"], instructions="You are Atlas, the front desk helper of a gym."))[0]
    assert "front desk helper of a gym" in reply
