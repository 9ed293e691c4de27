"""A number goes to the field its unit or its word names, a name keeps its number and its "and", an hour is an hour.

An outside tester's surf hire, kite shop, canal, sauna and allotment agents. "I'm 178 cm tall with a 98 cm chest,
and I'd like a 5 mm suit." called ``fit_wetsuit(height_cm=178, chest_cm=98, thickness_mm=1780)``; "My chest is 101cm
and I'm 183cm." swapped height and chest; "the Aero 7 Pro" was two calls, "Aero" and "Pro", "the Skyfin 2" was
"Skyfin", "the Kennet and Avon canal" was "Kennet" and "the Canal du Midi" "Canal"; "the sauna at 19:00" asked for the
hour. "You help allotment holder Ines Okafor, who rents plot 17." did not answer "Which plot am I on?", and "I'm
stewarding the east bridge from 8pm" did not answer "Where am I stewarding?".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def fit_wetsuit(height_cm: int, chest_cm: int, thickness_mm: int = 3) -> str:
    """Recommend a rental wetsuit size.

    Args:
        height_cm: Swimmer's height in centimetres.
        chest_cm: Chest measurement in centimetres.
        thickness_mm: Neoprene thickness in millimetres (3 or 5).
    """
    return "MT"


@function_tool
def kite_price(model: str) -> str:
    """Retail price of a kite model.

    Args:
        model: The kite model name.
    """
    return f"The {model} costs 89 EUR."


@function_tool
def next_lock(canal: str, lock_number: int) -> str:
    """Status of a lock on a canal.

    Args:
        canal: Name of the canal.
        lock_number: Number of the lock.
    """
    return f"Lock {lock_number} on the {canal} is open."


@function_tool
def sauna_slot(cabin: str, hour: int) -> str:
    """Book the sauna for a cabin at an hour of the day (24-hour clock)."""
    return "booked"


async def called(tool, message: str) -> list[dict]:
    result = await Runner.run(Agent(name="Desk", instructions="Help the guest. Use your tool.", tools=[tool]), message)
    return [json.loads(item.raw_item.arguments) for item in result.new_items if item.type == "tool_call_item"]


@pytest.mark.parametrize(("tool", "message", "arguments"), [
    (fit_wetsuit, "I'm 178 cm tall with a 98 cm chest, and I'd like a 5 mm suit.",
     {"height_cm": 178, "chest_cm": 98, "thickness_mm": 5}),
    (fit_wetsuit, "I'm 1.78 m tall, chest 98 cm.", {"height_cm": 178, "chest_cm": 98, "thickness_mm": 3}),
    (fit_wetsuit, "My chest is 101cm and I'm 183cm.", {"height_cm": 183, "chest_cm": 101, "thickness_mm": 3}),
    (kite_price, "Price of the Aero 7 Pro please", {"model": "Aero 7 Pro"}),
    (kite_price, "How much is the Skyfin 2 kite?", {"model": "Skyfin 2"}),
    (kite_price, "What does the Delta 360 cost?", {"model": "Delta 360"}),
    (next_lock, "Check lock 40 on the Kennet and Avon canal.", {"canal": "Kennet and Avon", "lock_number": 40}),
    (next_lock, "Is lock 12 on the Leeds and Liverpool Canal open?",
     {"canal": "Leeds and Liverpool Canal", "lock_number": 12}),
    (next_lock, "Is lock 21 on the Canal du Midi open?", {"canal": "Canal du Midi", "lock_number": 21}),
    (sauna_slot, "We'd like the sauna at 19:00 for the Heron cabin.", {"cabin": "Heron", "hour": 19}),
    (sauna_slot, "Sauna at 7pm for Heron please.", {"cabin": "Heron", "hour": 19}),
    (sauna_slot, "Sauna at 8 in the evening for Heron.", {"cabin": "Heron", "hour": 20}),
])
async def test_each_value_goes_whole_to_its_field(tool, message, arguments) -> None:
    assert await called(tool, message) == [arguments]


@pytest.mark.parametrize(("instructions", "question", "said"), [
    ("You help allotment holder Ines Okafor, who rents plot 17. Always address them by first name.",
     "Which plot am I on?", "plot 17"),
    ("You help allotment holder Ines Okafor, who rents plot 17.", "What's my name?", "Ines Okafor"),
    ("You help Ines Okafor. She rents plot 17.", "Which plot do I rent?", "You rent plot 17."),
])
async def test_instructions_that_say_whom_the_agent_helps_tell_who_the_user_is(instructions, question, said) -> None:
    answer = (await Runner.run(Agent(name="Plots", instructions=instructions), question)).final_output
    assert said in answer, answer


@pytest.mark.parametrize(("question", "said"), [
    ("Where am I stewarding?", "the east bridge"), ("What time do I start?", "from 8pm"),
])
async def test_a_place_after_the_verb_asked_and_a_start_after_from(question, said) -> None:
    from agents import SQLiteSession

    agent, session = Agent(name="Steward desk", instructions="Answer from what the steward told you."), SQLiteSession(":memory:")
    await Runner.run(agent, "I'm stewarding the east bridge from 8pm, and my radio call sign is Heron-4.", session=session)
    answer = (await Runner.run(agent, question, session=session)).final_output
    assert said in answer, answer
