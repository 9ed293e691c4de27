"""Price lists, places, headings, meaning-routed handoffs and match results a careful model reads literally.

A question about one entry of a labelled list of values is answered with that entry; "Where are you based?" is
answered by the instructions' sentence that names where they are; headings written on one line ("## Facts ## Decisions")
are each a section; a word of the same meaning ("reimburse") routes to the one desk; a winner is the side the verb (or the
scores) says won; and a problem report is looked up when the instructions say to look things up.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def reply(instructions: str, message: str) -> str:
    return str((await Runner.run(Agent(name="Desk", instructions=instructions), message)).final_output)


@pytest.mark.parametrize("instructions, message, answer", [
    ("You are the cafe assistant. Prices: latte $4.50, cappuccino $4.00, espresso $3.00, muffin $3.25.",
     "How much is a latte?", "Latte $4.50."),
    ("You answer for Seaview Hotel. Room rates: single $80, double $120, suite $250 per night.",
     "What does a double room cost?", "Double $120."),
    ("You help visitors of the city museum.\nTicket fees: adult 12 EUR, child 6 EUR, senior 8 EUR.",
     "What's the fee for a child?", "Child 6 EUR."),
    ("You are the cafe assistant. Prices: latte $4.50, cappuccino $4.00, espresso $3.00, muffin $3.25.",
     "What are your prices?", "Latte $4.50, cappuccino $4.00, espresso $3.00, muffin $3.25."),
])
async def test_one_entry_of_a_labelled_list_of_values_is_told_alone(instructions, message, answer):
    assert await reply(instructions, message) == answer


async def test_where_the_assistant_is_comes_from_the_sentence_naming_a_place():
    told = "You help customers of Acme Bikes. Acme Bikes is a bike shop in Porto."
    assert await reply(told, "Where are you based?") == "Acme Bikes is a bike shop in Porto."
    assert await reply(told, "Where is your office?") == "Acme Bikes is a bike shop in Porto."
    told = "You are the front desk of Northwind Dental, a family practice at Harbour Street in Galway. Be kind."
    assert "Galway" in await reply(told, "where are you located?")
    assert "Galway" in await reply(told, "Which city are you in?")
    told = "Greenleaf Dental is at 22 Elm Road, Bristol. Opening hours: Mon-Fri 8-17."
    assert await reply(told, "Where are you?") == "Greenleaf Dental is at 22 Elm Road, Bristol."
    unsaid = await reply("You are a support bot for Nimbus. Most of our users are in Brazil.", "Where are you based?")
    assert "Brazil" not in unsaid
    unsaid = await reply("You help customers of Acme Bikes with their orders.", "Where are you based?")
    assert "?" not in unsaid and "Porto" not in unsaid and unsaid.startswith("I don't know")


MEETING = [{"role": "user", "content": "We met with Dana. The budget is $5,000. We decided to ship on Friday. "
                                       "Tom will send the invoice tomorrow."}]
VET = [{"role": "user", "content": "My cat Miso has been sneezing for three days."},
       {"role": "assistant", "content": "It sounds like a mild cold. Keep her warm and book a check-up if it lasts."}]


@pytest.mark.parametrize("conversation, instructions, headings", [
    (MEETING, "Summarize the conversation. Write the note with these sections: ## Facts ## Decisions ## Next steps",
     ["## Facts", "## Decisions", "## Next steps"]),
    (VET, "Summarize the chat for the vet with these headings: ### Symptoms ### Advice given and ### Follow-up",
     ["### Symptoms", "### Advice given", "### Follow-up"]),
])
async def test_headings_written_on_one_line_are_each_a_section_in_order(client, conversation, instructions, headings):
    text = (await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=conversation)
            ).output_text
    assert [line for line in text.splitlines() if line.startswith("#")] == headings, text


@pytest.mark.parametrize("desk, description, message", [
    ("Refunds agent", "Handles refunds for orders.", "Can you reimburse me for the broken lamp?"),
    ("Refund desk", "Handles refunds for train tickets.", "I would like a reimbursement, the 8:15 never came."),
    ("Refunds agent", "Handles refunds for orders.", "I want my money back"),
])
async def test_a_word_of_the_same_meaning_routes_to_the_one_desk(desk, description, message):
    refunds = Agent(name=desk, handoff_description=description, instructions="You handle refunds.")
    triage = Agent(name="Triage", instructions="Route the user to the right agent.", handoffs=[refunds])
    assert (await Runner.run(triage, message)).last_agent.name == desk


class MatchResult(BaseModel):
    home: str
    away: str
    home_goals: int
    away_goals: int
    winner: str


class Scoreline(BaseModel):
    home_team: str
    away_team: str
    home_score: int
    away_score: int
    winner: str


class Game(BaseModel):
    winner: str
    loser: str
    score: str


@pytest.mark.parametrize("schema, message, wanted", [
    (MatchResult, "Final score: Porto beat Braga 3-0",
     {"home": "Porto", "away": "Braga", "home_goals": 3, "away_goals": 0, "winner": "Porto"}),
    (MatchResult, "Lakers lost to Celtics 98-105", {"home": "Lakers", "away": "Celtics", "winner": "Celtics"}),
    (Game, "The Red Sox were beaten by the Yankees 2-5 at Fenway.", {"winner": "Yankees", "loser": "Red Sox"}),
    (Game, "Ajax lost to PSV 1-2.", {"winner": "PSV", "loser": "Ajax", "score": "1-2"}),
    (Game, "Chicago Bulls 101, Boston Celtics 99", {"winner": "Chicago Bulls", "loser": "Boston Celtics"}),
    (Game, "Leeds drew 2-2 with Hull.", {"winner": "draw"}),
    (Scoreline, "Chicago Bulls 101, Boston Celtics 99",
     {"home_team": "Chicago Bulls", "away_team": "Boston Celtics", "home_score": 101, "winner": "Chicago Bulls"}),
])
async def test_the_winner_is_the_side_the_verb_says_won(schema, message, wanted):
    result = (await Runner.run(Agent(name="Scores", instructions="Extract the match result.", output_type=schema),
                               message)).final_output.model_dump()
    assert {key: result[key] for key in wanted} == wanted


@function_tool
def search_kb(query: str) -> str:
    """Search the knowledge base for articles."""
    return "Open the tray and remove the stuck paper."


@function_tool
def lookup_docs(question: str) -> str:
    """Look up the product documentation."""
    return "Hold the pairing button for 10 seconds."


@function_tool
def check_manual(question: str) -> str:
    """Search the appliance manual."""
    return "Clean the drain filter."


@pytest.mark.parametrize("tool, instructions, message", [
    (search_kb, "You are the helpdesk. Use search_kb to find answers.", "My printer keeps jamming"),
    (lookup_docs, "You support owners of SoundBox speakers. Look things up in the docs before answering.",
     "The speaker won't pair with my phone."),
    (check_manual, "You help people with their washing machines. Search the manual before you reply.",
     "Water stays in the drum after every wash."),
])
async def test_a_problem_report_is_looked_up_when_the_instructions_say_to_look_things_up(tool, instructions, message):
    agent = Agent(name="Support", instructions=instructions, tools=[tool])
    result = await Runner.run(agent, message)
    called = [item.raw_item for item in result.new_items if item.type == "tool_call_item"]
    assert [(c.name, json.loads(c.arguments)) for c in called] == [(tool.name, {tool.params_json_schema["required"][0]:
                                                                                 message})]


@function_tool
def open_ticket(summary: str) -> str:
    """Open a support ticket."""
    return "TCK-1"


async def test_a_problem_report_is_looked_up_before_a_ticket_is_opened():
    agent = Agent(name="Helpdesk", instructions="Search the knowledge base for answers; open a ticket if nothing helps.",
                  tools=[search_kb, open_ticket])
    result = await Runner.run(agent, "My printer keeps jamming")
    called = [item.raw_item for item in result.new_items if item.type == "tool_call_item"]
    assert [(c.name, json.loads(c.arguments)) for c in called] == [("search_kb", {"query": "My printer keeps jamming"})]
