"""A correction that names no subject replaces the value of its own thing, "Which X?" is answered by what says an X,
a plain statement to an agent with one lookup tool is kept rather than looked up, and a fact stated in the
instructions answers the question it fits.

An outside tester's cider-pressing, volleyball, livery-yard and gelato chats, and their specialists' instructions. With
every turn in view, "Make that 18 crates, four more came in this morning." was not read as a correction (and, once it
was, went into the press's "40 litres"); "Correction: the serial is 372491" and "The single scoop price changes to
3.50 pounds." lost to the values they changed; "Which varieties are we pressing?" was answered with the press, "Who will
miss the first match?" with the match's date, "What is my surname?" and "How old is Bramble?" (a 16-year-old cob) with
"I don't know". Every statement to a yard agent with a feed_stock tool was looked up as a feed ("feed_stock(horses)"),
and "Who supplies our hay?" was not answered by the result's "supplier". A desk told "Courses run on Saturdays." or "You
work at Harrow Lane Forge." did not know when courses run or where it works.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

UNKNOWN = "I don't know"


async def chat(said: list[str], agent: Agent | None = None) -> list[str]:
    """The agent's replies, one session for all the turns."""
    agent = agent or Agent(name="Notes", instructions="Remember what the user tells you and answer from the conversation.")
    return [reply for _, reply in await turns(agent, said)]


@pytest.mark.parametrize(("turns", "said", "wrong"), [
    (["So far we have 14 crates of apples.", "The hired press holds 40 litres per load.",
      "Make that 18 crates, four more came in this morning.", "How many crates of apples do we have?"], "18 crates", "14"),
    (["The serial number on the back plate is 372419.", "Her phone number is 0161 496 0732.",
      "Correction: the serial is 372491, I swapped two digits.", "What is the serial number?"], "372491", "372419"),
    (["A single scoop will cost 3.20 pounds.", "I'm launching with 12 flavours.",
      "The single scoop price changes to 3.50 pounds.", "What will a single scoop cost?"], "3.50", "3.20"),
])
async def test_a_correction_gives_the_value_asked_for(turns, said, wrong) -> None:
    answer = (await chat(turns))[-1]
    assert said in answer and wrong not in answer, answer


async def test_a_correction_goes_into_the_statement_of_its_own_thing() -> None:
    replies = await chat(["So far we have 14 crates of apples.", "The hired press holds 40 litres per load.",
                          "Make that 18 crates, four more came in this morning.", "How much does the press hold?"])
    assert "18 crates" in replies[2] and "litres" not in replies[2] and "40 litres" in replies[-1], replies


TEAM = ["The court is number 3 at Portobello Beach.", "Our first match is against the Dune Rats on 6 June at 7 pm.",
        "Jonas sprained his ankle, so he'll miss the first match.", "Our substitute is Ravi, who plays blocker too."]


@pytest.mark.parametrize(("turns", "said", "wrong"), [
    (["The main varieties are Bramley and Katy.", "The hired press holds 40 litres per load.",
      "Which varieties are we pressing?"], "Bramley and Katy", "40 litres"),
    ([*TEAM, "Who will miss the first match?"], "Jonas", "Dune Rats"),
    ([*TEAM, "Which court do we play on?"], "number 3", "Ravi"),
    (["Hi, I'm Orla Brennan and I'm organising the cider pressing.", "What is my surname?"], "Brennan", UNKNOWN),
    (["Bramble is a 16-year-old cob owned by Mrs Okafor.", "Bramble lives in the north paddock.", "How old is Bramble?"],
     "16-year-old", UNKNOWN),
])
async def test_the_statement_of_the_thing_asked_answers(turns, said, wrong) -> None:
    answer = (await chat(turns))[-1]
    assert said in answer and wrong not in answer, answer


async def test_news_after_an_apology_is_told_back_as_news() -> None:
    [reply] = await chat(["Sorry, opening is pushed again, to 15 May."])
    assert "opening is pushed again, to 15 May" in reply and "asked me to" not in reply, reply


@function_tool
def feed_stock(item: str) -> str:
    """Look up how much of a feed or bedding item (hay, oats, shavings) is in the store, its supplier and next delivery
    date."""
    stock = {"hay": {"bales": 64, "supplier": "Moorside Farm", "next_delivery": "9 May"}}
    return json.dumps(stock.get(item.lower(), {"error": f"unknown item {item}"}))


YARD = Agent(name="Yard", instructions="You help Hal run a small livery yard. Use the feed_stock tool for stock "
                                       "questions. Remember what Hal tells you and answer from the conversation.",
             tools=[feed_stock])


async def test_a_statement_is_kept_and_a_stock_question_is_looked_up() -> None:
    replies = await turns(YARD, ["There are five horses on the yard this month.", "The vet's next visit is on 30 April "
                                 "for vaccinations.", "The farrier is called Sean Doyle.",
                                 "How much hay do we have in stock?", "Who supplies our hay?"])
    assert [calls for calls, _ in replies] == [[], [], [], [("feed_stock", {"item": "hay"})], []], replies
    assert "Moorside Farm" in replies[-1][1], replies[-1][1]


@pytest.mark.parametrize(("instructions", "question", "said"), [
    ("Courses run on Saturdays.", "When do courses run?", "Saturdays"),
    ("Courses run on Saturdays.", "Which day do courses run?", "Saturdays"),
    ("You work at Harrow Lane Forge.", "Where do you work?", "Harrow Lane Forge"),
    ("Bites in a line are caused by bedbugs.", "What causes bites in a line?", "bedbugs"),
])
async def test_a_fact_in_the_instructions_answers_its_question(instructions, question, said) -> None:
    answer = str((await Runner.run(Agent(name="Desk", instructions=instructions), question)).final_output)
    assert said in answer, answer
