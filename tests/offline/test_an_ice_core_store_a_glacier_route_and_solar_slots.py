"""A note keeps a short tool record whole; "my name" is never a record's name; parts of one question answered once;
a month written "2026-05" fills a month field, in a later turn too; a helper's "Booked ..." is what was done.

Outside testers' ice-core store, glacier route desk and solar installer slots. The note kept three fields of
sample_info's five ("freezer: FZ-9 rack 4" and "temp c: -32" lost), so "Which freezer and rack ... and at what
temperature?" got "freezer FZ-9"; "What was my name again, and how many are we?" got "The name is Serac Window" (the
route looked up) and the user's sentence twice; "slots for postcode LE3 9QT in 2026-05" got "I don't know the month",
and so did the next two questions.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool
from openai import OpenAI

from memlab.offline.client import offline_client

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def sample_info(sample_id: str) -> dict:
    """Location, depth and storage freezer for an ice-core sample (e.g. IC-2207)."""
    return {"sample_id": sample_id, "borehole": "Vestfonna B3", "depth_m": 118.4, "freezer": "FZ-9 rack 4", "temp_c": -32}


@function_tool
def route_info(code: str) -> str:
    """Grade and length of a glacier route by its code (e.g. GL-9)."""
    return f"code='{code}' name='Serac Window' grade='AD' hours=9.0"


@function_tool
def installer_slots(postcode: str, month: str) -> list[str]:
    """List installer visit slots for a postcode in a month (YYYY-MM)."""
    return [f"{month}-09 morning (Sunwright Ltd)", f"{month}-17 afternoon (Brightfold)"]


async def test_a_note_keeps_a_short_record_whole() -> None:
    store = Agent(name="Core store", tools=[sample_info], instructions="Use the tools for sample facts.")
    replies = await turns(store, ["Where is sample IC-2207 stored?"])
    assert replies[0][0] == [("sample_info", {"sample_id": "IC-2207"})], replies
    items = [{"role": "user", "content": "Where is sample IC-2207 stored?"},
             {"type": "function_call", "call_id": "c1", "name": "sample_info", "arguments": '{"sample_id": "IC-2207"}'},
             {"type": "function_call_output", "call_id": "c1", "output": '{"sample_id": "IC-2207", "borehole": "Vestfonna '
              'B3", "depth_m": 118.4, "freezer": "FZ-9 rack 4", "temp_c": -32}'},
             {"role": "assistant", "content": "It is in freezer FZ-9 rack 4."}]
    _, note = await offline_summarizer().summarize(items)
    assert "FZ-9 rack 4" in note and "-32" in note, note


async def test_my_name_is_mine_and_each_part_is_answered_once() -> None:
    desk = Agent(name="Glacier desk", tools=[route_info], instructions="Use route_info for route facts.")
    replies = await turns(desk, ["Hi there! My name is Ines and we are a party of 3.", "What grade is route GL-9?",
                                 "What was my name again, and how many are we?"])
    assert "Serac Window" not in replies[2][1] and replies[2][1].count("Ines") == 1, replies[2]


async def test_a_month_written_as_yyyy_mm_fills_the_month() -> None:
    quoter = Agent(name="Solar", tools=[installer_slots], instructions="You give installer slots using the tools only.")
    replies = await turns(quoter, ["Any installer slots for postcode LE3 9QT in 2026-05?", "Who is doing the second slot?"])
    assert replies[0][0] == [("installer_slots", {"postcode": "LE3 9QT", "month": "2026-05"})], replies[0]
    assert not replies[1][1].startswith("I don't know the month"), replies[1]


def test_a_helpers_booking_is_what_was_done() -> None:
    client: OpenAI = offline_client(sync=True)
    note = client.responses.create(model="gpt-4.1-mini", instructions="Write a handover note. Include the name and the "
                                   "appointment.", input="Customer: I'm Joss, dentist check-up please.\nAgent: Booked 14 July "
                                   "15:30.\nCustomer: The date is wrong - it's 21 July, not the 14th.\nAgent: Moved to 21 July "
                                   "15:30.").output_text
    assert "21 July 15:30" in note and "open: The date is wrong" not in note, note
