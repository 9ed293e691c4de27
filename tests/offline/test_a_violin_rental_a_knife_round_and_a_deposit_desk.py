"""A summary keeps who is who and writes a change into what it changes; a template's "<current ...>" blank takes the
value as it stands; JSON keys listed over lines are all kept, "(array of strings)" as lists; a tool the instructions
keep for a condition waits for it; a question before or after a pasted text is answered from the part it asks of.

Outside testers' violin rental, knife-sharpening round, wedding-photography desk and community fridge. "Her teacher, Mr
Okafor, measured her" turned "my daughter Ada" into "my daughter Mr Okafor"; "07:30 is too early; make it 14:00" was
written into the tool's own result ("slot": "14:00"); "Summarize the conversation as bullets." got five support-ticket
sections; "Price: <current monthly price>" got the cancelled £3, "Contact: <email>" the whole sentence; three of six
JSON keys were dropped; "Use take_deposit when asked to take a deposit" took £2,400 on a booking request; "Who restocked
the fridge? <ticket>" got "I don't know", and "<ticket> When is the next check?" the clause before the answer.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, function_tool
from openai import OpenAI

from memlab.offline.client import offline_client

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

TICKET = "Ticket 88: the community fridge on Orchard Street was restocked on 2 May by Lena Fisk; next check 9 May."


@pytest.fixture
def sync_client() -> OpenAI:
    return offline_client(sync=True)


def ask(client: OpenAI, instructions: str | None, text: str) -> str:
    return client.responses.create(model="gpt-4.1-mini", input=text, **(
        {"instructions": instructions} if instructions else {})).output_text


def test_a_note_keeps_the_daughters_name_and_takes_the_new_size(sync_client) -> None:
    note = ask(sync_client, "Summarize the conversation in one paragraph.",
               "Customer: I want to rent a violin for my daughter Ada, she's 9.\nAgent: We recommend a 3/4 size.\n"
               "Customer: Her teacher, Mr Okafor, measured her - she needs a 1/2 size actually.\nAgent: 1/2 size it is.")
    assert "daughter Ada" in note and "daughter Mr" not in note, note
    assert "1/2 size" in note and "3/4" not in note, note


def test_bullets_asked_are_bullets_and_a_change_never_rewrites_a_tool_result(sync_client) -> None:
    note = ask(sync_client, "Summarize the conversation as bullets.",
               'Customer: Next visit is 9 October, right?\n[tool returned {"next_visit": "2025-10-09", "slot": "07:30"}]\n'
               "Agent: Yes, 9 October at 07:30.\nCustomer: 07:30 is too early; make it 14:00.\nAgent: Moved to 14:00.")
    assert all(line.startswith("- ") for line in note.splitlines()), note
    assert '"slot": "14:00"' not in note and "at 07:30" not in note and "14:00" in note, note


def test_a_template_takes_the_current_price_and_the_email_alone(sync_client) -> None:
    note = ask(sync_client, "Fill in and output nothing else:\nPrice: <current monthly price>\nContact: <email>",
               "Customer: Add insurance?\nAgent: Insurance is £3 a month, so £17 a month in total.\n"
               "Customer: Skip the insurance.\nAgent: Insurance removed; back to £14 a month.\n"
               "Customer: My email is ciara.b@example.org")
    assert note.splitlines() == ["Price: £14", "Contact: ciara.b@example.org"], note


def test_json_keys_listed_over_lines_are_all_there_and_arrays_are_lists(sync_client) -> None:
    note = ask(sync_client, 'Return only a JSON object with exactly these keys:\n"customer" (string), "references" (array '
               'of strings), "final_price" (string),\n"dates" (array of strings), "open_issues" (array of strings).',
               "Customer: Hi, it's Olu Adeyemi, account EW-7302.\nAgent: The quote is £8,940.\n"
               "Customer: Add the battery.\nAgent: With the battery the total is £10,230.\n"
               "Agent: I've logged complaint CMP-118.")
    data = json.loads(note)
    assert list(data) == ["customer", "references", "final_price", "dates", "open_issues"], data
    assert data["customer"] == "Olu Adeyemi" and isinstance(data["references"], list), data
    assert any("CMP-118" in one for one in data["references"]) and data["final_price"] == "£10,230", data


async def test_a_tool_kept_for_a_condition_waits_until_it_is_met() -> None:
    taken = []

    @function_tool
    def take_deposit(booking: str, amount_gbp: int) -> str:
        """Take a deposit for a photography booking."""
        taken.append((booking, amount_gbp))
        return json.dumps({"status": "paid", "receipt": "RC-55810"})

    desk = Agent(name="Lumen", tools=[take_deposit], instructions="You take wedding-photography bookings. Use "
                 "take_deposit when asked to take a deposit.")
    replies = await turns(desk, ["Hi, I'm Tomasz Wojcik. Please book the Full Day package (£2,400) for our wedding on "
                                 "14 June 2025. My booking reference is LL-2093.",
                                 "Booking LL-2093: add a second shooter for £450.",
                                 "Please take a £600 deposit for booking LL-2093."])
    assert [calls for calls, _ in replies[:2]] == [[], []], replies
    assert replies[2][0] and replies[2][0][0][0] == "take_deposit" and taken == [("LL-2093", 600)], replies


def test_a_question_before_or_after_a_pasted_text_is_answered_from_it(sync_client) -> None:
    before = ask(sync_client, None, f"Who restocked the fridge? {TICKET}")
    after = ask(sync_client, None, f"{TICKET}\n\nWhen is the next check?")
    assert "Lena Fisk" in before and not before.startswith("I don't know"), before
    assert "9 May" in after and "2 May" not in after, after
