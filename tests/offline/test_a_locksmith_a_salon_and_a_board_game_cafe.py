"""A triage agent follows the routing rules its instructions write, and a specialist answers from its own instructions.

An outside tester's locksmith switchboard, hair salon, board-game café and model-railway shop. "If someone is locked
out or has been burgled, hand off to the emergency locksmith" did not stop "I've locked myself out of my flat" going
to lock sales, and "We've been burgled!" went nowhere; "The stylist was rude to me." went to stylist bookings, not
complaints, whose "Apologise and offer a free corrective appointment" was answered "Noted: ..."; the game librarian
said "I don't know" to "How long does Codenames take?" with "Codenames (4-8 players, 15 min)" in its instructions, the
wiring expert to "What wire should I use for my DCC bus?" with "Use 16/0.2 wire for the bus."; a café desk asked for
the number of guests after "we're a party of 6".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


def handoffs(result) -> list[str]:
    return [item.raw_item.name for item in result.new_items if item.type == "handoff_call_item"]


LOCKSMITH = Agent(name="Emergency locksmith", handoff_description="Lockouts and break-ins: sends a locksmith urgently.",
                  instructions="Tell the customer a locksmith will call them back within 15 minutes.")
SALES = Agent(name="Lock sales", handoff_description="Sells new locks, padlocks and safes.",
              instructions="We sell Yale, Chubb and Abus locks. Padlocks from 9 GBP.")
SWITCHBOARD = Agent(name="Locksmith switchboard", handoffs=[LOCKSMITH, SALES],
                    instructions="If someone is locked out or has been burgled, hand off to the emergency locksmith. "
                                 "Questions about buying locks go to sales.")


@pytest.mark.parametrize(("message", "desk"), [
    ("I've locked myself out of my flat and my baby is inside!", "transfer_to_emergency_locksmith"),
    ("Someone broke in last night and smashed the back door lock.", "transfer_to_emergency_locksmith"),
    ("We've been burgled!", "transfer_to_emergency_locksmith"),
    ("I'd like to buy a new lock for my shed.", "transfer_to_lock_sales"),
])
async def test_a_routing_rule_of_the_instructions_picks_the_desk(message, desk) -> None:
    result = await Runner.run(SWITCHBOARD, message)
    assert handoffs(result) == [desk]
    if desk == "transfer_to_emergency_locksmith":
        assert result.final_output == "A locksmith will call you back within 15 minutes."


async def test_a_grievance_goes_to_the_complaints_desk_which_does_as_told() -> None:
    cuts = Agent(name="Stylist bookings", handoff_description="Haircuts, trims, blow-dries and appointment times.",
                 instructions="A trim is 28 GBP.")
    complaints = Agent(name="Complaints", handoff_description="Complaints about a bad experience or rude staff.",
                       instructions="Apologise and offer a free corrective appointment within 7 days.")
    reception = Agent(name="Salon reception", instructions="Transfer the client to whichever specialist fits.",
                      handoffs=[cuts, complaints])
    result = await Runner.run(reception, "The stylist was rude to me.")
    assert handoffs(result) == ["transfer_to_complaints"]
    assert result.final_output == "I am sorry. I can offer you a free corrective appointment within 7 days."


@pytest.mark.parametrize(("instructions", "question", "answer"), [
    ("Our shelf: Catan (3-4 players, 90 min), Codenames (4-8 players, 15 min), Azul (2-4 players, 40 min).",
     "How long does Codenames take?", "Codenames (4-8 players, 15 min)."),
    ("Our shelf: Catan (3-4 players, 90 min), Codenames (4-8 players, 15 min), Azul (2-4 players, 40 min).",
     "How many players can play Azul?", "Azul (2-4 players, 40 min)."),
    ("For DCC, always isolate the frog on electrofrog points. Use 16/0.2 wire for the bus.",
     "What wire should I use for my DCC bus?", "Use 16/0.2 wire for the bus."),
    ("Party packages: Bronze 9 GBP per child, Gold 14 GBP per child. Minimum 10 children.",
     "What packages do you have?", "Bronze 9 GBP per child, Gold 14 GBP per child. Minimum 10 children."),
])
async def test_a_specialist_answers_from_its_own_instructions(instructions, question, answer) -> None:
    assert (await Runner.run(Agent(name="Desk", instructions=instructions), question)).final_output == answer


@function_tool
def reserve_table(guests: int, time: str, name: str) -> str:
    """Reserve a table for a number of guests at a time (HH:MM) under a name."""
    return f"Table for {guests} at {time} under {name}."


async def test_the_size_of_the_party_told_before_a_handoff_fills_the_booking() -> None:
    cafe = Agent(name="Cafe bookings", handoff_description="Reserves tables in the board-game café.",
                 instructions="Reserve tables with reserve_table.", tools=[reserve_table])
    host = Agent(name="Board game café host", instructions="Route to the right helper.", handoffs=[cafe])
    session = SQLiteSession(":memory:")
    await Runner.run(host, "Hi, I'm Marguerite Duras, we're a party of 6.", session=session)
    result = await Runner.run(host, "Book us a table at 19:45 please.", session=session)
    calls = [json.loads(item.raw_item.arguments) for item in result.new_items if item.type == "tool_call_item"]
    assert calls == [{"guests": 6, "time": "19:45", "name": "Marguerite Duras"}]
