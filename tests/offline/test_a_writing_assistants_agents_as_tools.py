"""A writing assistant of an outside tester's own, its converter and spell checker agents called as tools.

The unit converter, told "1 mile = 1.609 km, 1 lb = 0.4536 kg, 1 gallon (US) = 3.785 L", once answered "50 pounds in
kilograms" with its own instructions and "How many kilometres is 26.2 miles?" with "I don't know"; the manager then
said "The convert units are ..."; the spell checker answered "Noted: Teh comittee recieved...", as if it had
corrected it.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")

CONVERTER = Agent(name="Unit converter", instructions=(
    "Convert the quantity you are given to metric units. 1 mile = 1.609 km, 1 lb = 0.4536 kg, 1 gallon (US) = 3.785 L. "
    "Reply with the converted value only."))
SPELLER = Agent(name="Spell checker", instructions=(
    "Correct the spelling mistakes in the text you are given and return the corrected text only."))
MANAGER = Agent(name="Writing assistant", instructions="You help with small text jobs. Always use the right tool.",
                tools=[CONVERTER.as_tool(tool_name="convert_units",
                                         tool_description="Convert imperial quantities (miles, pounds, gallons) to metric."),
                       SPELLER.as_tool(tool_name="check_spelling", tool_description="Fix spelling mistakes in a text.")])


@pytest.mark.parametrize(("said", "converted"), [
    ("50 pounds in kilograms", "50 pounds = 22.68 kg"), ("26.2 miles", "26.2 miles = 42.16 km"),
    ("How many kilometres is 26.2 miles?", "26.2 miles = 42.16 km"), ("3 gallons", "3 gallons = 11.36 L"),
    ("two miles", "2 miles = 3.22 km")])
async def test_a_quantity_is_converted_by_the_rate_the_instructions_give(said: str, converted: str) -> None:
    assert (await Runner.run(CONVERTER, said)).final_output == converted


async def test_the_manager_reports_its_tools_answer_as_it_is() -> None:
    result = await Runner.run(MANAGER, "How many kilometres is 26.2 miles?")
    assert [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"] == ["convert_units"]
    assert result.final_output == "26.2 miles = 42.16 km."


async def test_a_correction_it_cannot_make_is_not_passed_off_as_done() -> None:
    said = (await Runner.run(SPELLER, "Teh comittee recieved the anual reprot yesterday.")).final_output
    assert said.startswith("I can't do that") and "Noted" not in said
