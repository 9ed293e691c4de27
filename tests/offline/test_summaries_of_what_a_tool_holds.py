""""Summarize the chart for patient P-1002" to an agent with a chart tool asks for the tool's record in short,
not for a note of the conversation so far: the tool is called (an id's possessive "'s" left off) and its whole
result told; "Summarize our conversation" still gets the note."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_patient_chart(patient_id: str) -> str:
    """Fetch the clinical chart of a patient by id."""
    return (f"Patient {patient_id}: admitted 2 June with pneumonia. On IV amoxicillin since 3 June. "
            "Fever resolved on 5 June. Discharge planned for 8 June.")


@function_tool
def fetch_project_status(project_code: str) -> str:
    """The current status report of a project."""
    return f"{project_code} is two weeks late. The vendor API is blocked on a contract. Budget is 80% spent."


@function_tool
def lookup_customer_profile() -> str:
    """Look up stored profile details for the current customer."""
    return ("Customer Kaz S. (tier gold) can be reached at +1-415-555-0101. "
            "Notes: Prefers SMS follow ups and values concise summaries.")


WARD = Agent(name="Ward", instructions="You help ward nurses with patient charts.", tools=[get_patient_chart])
PMO = Agent(name="PMO", instructions="You report on projects.", tools=[fetch_project_status])


def called(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize("agent, opening, ask, call, held", [
    (WARD, "Hi, I'm on the night shift tonight.", "Can you summarize the chart for patient P-1002?",
     ("get_patient_chart", {"patient_id": "P-1002"}), ["pneumonia", "amoxicillin", "Fever resolved", "8 June"]),
    (WARD, "Evening! Busy ward today.", "Give me a short summary of P-2040's chart.",
     ("get_patient_chart", {"patient_id": "P-2040"}), ["Patient P-2040:", "Discharge planned"]),
    (PMO, "I have a steering meeting at 3.", "Could you sum up project PX-17's status for me?",
     ("fetch_project_status", {"project_code": "PX-17"}), ["two weeks late", "contract", "80%"]),
])
async def test_a_summary_of_a_record_a_tool_holds_calls_the_tool_and_tells_all_of_it(agent, opening, ask, call,
                                                                                     held) -> None:
    session = SQLiteSession("summaries")
    await Runner.run(agent, opening, session=session)
    result = await Runner.run(agent, ask, session=session)
    assert called(result) == [call]
    assert all(part in result.final_output for part in held), result.final_output
    assert opening not in result.final_output


async def test_a_summary_of_the_record_a_required_tool_fetched_is_the_whole_record() -> None:
    desk = Agent(name="Desk", instructions="You assist support agents. For every user turn you must call "
                 "lookup_customer_profile. Keep responses under three sentences.", tools=[lookup_customer_profile])
    for ask in ("Summarize the customer profile.", "Give me a quick summary of this customer."):
        answer = (await Runner.run(desk, ask)).final_output
        assert "+1-415-555-0101" in answer and "Prefers SMS" in answer and "Problem" not in answer, answer


async def test_a_summary_of_the_conversation_is_still_a_note_of_it() -> None:
    session = SQLiteSession("summaries")
    await Runner.run(WARD, "Can you summarize the chart for patient P-1002?", session=session)
    result = await Runner.run(WARD, "Summarize our conversation so far.", session=session)
    assert called(result) == [] and "P-1002" in result.final_output and "\n" in result.final_output


async def test_an_ids_possessive_is_not_part_of_the_id() -> None:
    result = await Runner.run(PMO, "What is ZX-9's status right now?")
    assert called(result) == [("fetch_project_status", {"project_code": "ZX-9"})]
