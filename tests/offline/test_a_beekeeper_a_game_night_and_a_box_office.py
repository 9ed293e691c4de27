"""A correction is the speaker's own unless it names someone else, a question about "my" facts is answered by the
user's own, a summary's note feeds a form, and a specialist answers from its instructions.

Outside testers' beekeeping, game-night, removals and box-office conversations. "Actually make that 8 supers" went onto
the neighbour's "has 2 supers" in the summary; "Sorry, my reference is RM-55801" onto the sister's reference; "No wait,
make ours 8 people" onto the sister's table for 2. "How many supers did I say I have?" was answered with the neighbour's,
"Did I ask for climate control?" (after "climate-controlled") with "I don't know", "Read me back my phone number." with
"Noted: ...". A booking form filled after a summary took "Info" (from a handoff's "Show Info" in the note) as the
customer's name and 0 tickets; a membership desk asked "what does it cost?" and a league secretary asked "When is our
next team match?" said "I don't know" with the answer in their instructions.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

from memlab.offline.reading import read_items

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

EXTRACTOR = ["I've got 6 supers to extract, mostly heather honey.",
             "My neighbour Tomas Reilly also wants to borrow it; he's member BK-3050 and has 2 supers.",
             "Actually make that 8 supers, I forgot the two from the out-apiary."]
REMOVALS = ["I booked a move with you, reference RM-55810. I'm Gareth Lloyd.",
            "My sister Bethan is moving the same week; her reference is RM-55902 and she needs 2 weeks of storage.",
            "Sorry, my reference is RM-55801, I swapped the last digits."]


async def test_a_correction_naming_no_one_else_changes_the_speakers_own_value_in_the_note() -> None:
    _, note = await offline_summarizer().summarize(said(*EXTRACTOR))
    assert "I've got 8 supers" in note and "has 2 supers" in note, note
    _, note = await offline_summarizer().summarize(said(*REMOVALS))
    assert "reference RM-55801. I'm Gareth Lloyd" in note or "booked a move with you, reference RM-55801" in note, note
    assert "her reference is RM-55902" in note, note


def test_the_reader_writes_a_subjectless_correction_into_the_speakers_own_statement() -> None:
    items = [{"role": "user", "content": text} for text in [
        "It's for Friday 22 November at 7:30pm.", "There'll be 6 of us.", "My phone is 0161 496 0732.",
        "My sister Erin is booking a separate table for 2 on the same night at 8pm.",
        "No wait, make ours 8 people, two more said yes."]]
    assert read_items(items)[-1].text == "There'll be 8 of us."  # not Erin's table, nor the phone


async def test_questions_about_my_facts_are_answered_by_my_own_statements() -> None:
    agent = Agent(name="Bookings", instructions="You take bookings for a board-game cafe.")
    replies = await turns(agent, [*EXTRACTOR, "How many supers did I say I have?", "And how many does Tomas have?"])
    assert "8 supers" in replies[3][1] and "Tomas" not in replies[3][1], replies[3]
    assert "2 supers" in replies[4][1], replies[4]
    replies = await turns(agent, ["There'll be 6 of us.", "My sister Erin is booking a separate table for 2 at 8pm.",
                                  "No wait, make ours 8 people, two more said yes.", "How many people is my booking for?"])
    assert "8 of us" in replies[2][1] and "8 of us" in replies[3][1], replies


async def test_a_hyphenated_word_and_a_read_back_request_recall_what_was_said() -> None:
    agent = Agent(name="Storage", instructions="You help with removals and storage.")
    replies = await turns(agent, ["I'd like the storage unit to be climate-controlled because of the books.",
                                  "My phone is 07700 900412.", "Did I ask for climate control?",
                                  "Read me back my phone number.", "Please read back my phone number."])
    assert "climate-controlled" in replies[2][1] and "I don't know" not in replies[2][1], replies[2]
    assert all("07700 900412" in reply and not reply.startswith("Noted") for _, reply in replies[3:]), replies[3:]


class TicketOrder(BaseModel):
    customer_name: str
    adult_tickets: int
    child_tickets: int
    wheelchair_space: bool
    seat_area: Literal["stalls", "circle", "any"]


async def test_a_form_is_filled_from_what_the_summary_note_kept() -> None:
    transcript = [{"role": "user", "content": text} for text in [
        "Hello, my name is Catalina Brannigan.",
        "It'll be 2 adults and 3 children, and one of the adults uses a wheelchair so we need a wheelchair space."]]
    transcript[1:1] = [{"type": "function_call", "call_id": "c1", "name": "transfer_to_show_info", "arguments": "{}"},
                       {"type": "function_call_output", "call_id": "c1", "output": '{"assistant": "Show Info"}'}]
    _, note = await offline_summarizer().summarize(transcript)
    assert "Show Info" not in note and "transfer_to" not in note, note  # a handoff is routing, not a tool's result
    form = Agent(name="Booking Form", instructions="Fill in the ticket order from everything the customer said in the "
                 "conversation.", output_type=TicketOrder)
    result = await Runner.run(form, [{"role": "user", "content": "Before we go on, recap what we have covered so far."},
                                     {"role": "assistant", "content": note},
                                     {"role": "user", "content": "We'd prefer the stalls, we have no promo code."},
                                     {"role": "assistant", "content": "Noted."},
                                     {"role": "user", "content": "Please make the booking now."}])
    order = result.final_output
    assert (order.customer_name, order.adult_tickets, order.child_tickets, order.wheelchair_space, order.seat_area) == (
        "Catalina Brannigan", 2, 3, True, "stalls"), order


async def test_a_specialist_answers_from_its_instructions() -> None:
    membership = Agent(name="Membership", instructions="Membership is £28 per year, renewal due 1 April. Beginners' "
                       "course is included for new members.")
    reply = (await turns(membership, ["I'd like to join the association this year - what does it cost?"]))[0][1]
    assert "£28 per year" in reply, reply
    league = Agent(name="League Secretary", instructions="Next league match: away at Fenwick Knights on 12 March, "
                   "7:30pm. Team captain is Priya.")
    reply = (await turns(league, ["When is our next team match?"]))[0][1]
    assert "12 March" in reply and "Priya" not in reply, reply


async def test_a_tool_named_transfer_to_something_is_still_a_tool_in_the_note() -> None:
    transcript = [{"role": "user", "content": "Move 200 euros to my savings."},
                  {"type": "function_call", "call_id": "m1", "name": "transfer_to_savings", "arguments": '{"amount": 200}'},
                  {"type": "function_call_output", "call_id": "m1", "output": "Transferred 200 EUR, reference TX-88120."},
                  {"role": "assistant", "content": "Done: 200 EUR moved, reference TX-88120."}]
    _, note = await offline_summarizer().summarize(transcript)
    assert 'transfer_to_savings({"amount": 200})' in note, note  # a handoff takes no arguments; this call does
