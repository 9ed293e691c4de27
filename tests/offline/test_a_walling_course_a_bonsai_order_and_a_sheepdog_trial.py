"""Corrections in other words ("the date is wrong - it's 21 June, not the 14th", "Change the through-stones to 35",
"run order has been moved to 21"), a friend's value asked by name, a place said as "there", and instructions that end
"Say so if you don't know."

Outside testers' dry-stone walling, bonsai nursery and sheepdog trial conversations. "Say so if you don't know." was
answered to every message as "So if you don't know."; "What date did I say my course starts?" and "How many
through-stones are we ordering now?" got the values before their corrections; "What's Ellen's booking reference?" got
the user's own reference, or "I don't know"; "Please ship to 42 Larkspur Road" got the assistant's self-introduction;
"Actually make that 4 Chinese elms, not 3." read "4 Chinese elms Chinese elms"; and a second summary turned "Nell is
entered in the Open class, run order 17" into "the Nell's class, run order 17", its move to 21 lost.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")


def after_note(note: str) -> list[dict[str, str]]:
    """A summarizing session's synthetic pair: the request for a summary, and the note as the assistant's reply."""
    return [{"role": "user", "content": "Summarize our conversation so far."}, {"role": "assistant", "content": note}]

WALLING = Agent(name="Hollins", instructions="You are the booking assistant for Hollins Farm dry-stone walling courses. "
                "Track the details the learner gives you and answer questions exactly. Say so if you don't know.")
NURSERY = Agent(name="Kestrel", instructions="You are the order desk assistant at Kestrel Bonsai Nursery. Keep careful "
                "track of each customer's order details and answer their questions precisely. If you don't know, say so.")
COURSE = ["Hi, I'm booking the weekend dry-stone walling course. My name is Tomasz Wierzbicki.",
          "I want the course starting Saturday 14 June.",
          "My booking reference is DSW-2291.",
          "My friend Ellen Marsh is coming too; her reference is DSW-2307.",
          "Sorry, the date is wrong - it's Saturday 21 June, not the 14th.",
          "I'll need 2 pairs of rigger gloves, size L."]


async def test_an_instruction_to_say_so_is_no_reply_and_a_place_said_as_there_is_known() -> None:
    replies = await turns(WALLING, ["I run the walling site at Hollins Farm, postcode LA22 9QP.",
                                    "We need 12 tonnes of gritstone delivered there.",
                                    "How many tonnes of gritstone did I say for Hollins Farm?",
                                    "Order 40 through-stones.", "Change the through-stones to 35.",
                                    "How many through-stones are we ordering now?"])
    assert not any("So if you" in reply for _, reply in replies), replies
    assert replies[1][1].startswith("Noted:"), replies[1]
    assert "12 tonnes of gritstone" in replies[2][1], replies[2]
    assert "35" in replies[5][1] and "40" not in replies[5][1], replies[5]


async def test_a_date_corrected_by_not_the_14th_and_a_friends_reference_asked_by_name() -> None:
    replies = await turns(WALLING, [*COURSE, "What date did I say my course starts?", "What's Ellen's booking reference?",
                                    "What is my booking reference?"])
    assert "21 June" in replies[6][1] and "14 June" not in replies[6][1], replies[6]
    assert "DSW-2307" in replies[7][1] and "DSW-2291" not in replies[7][1], replies[7]
    assert "DSW-2291" in replies[8][1] and "DSW-2307" not in replies[8][1], replies[8]


async def test_a_note_writes_the_correction_into_the_date_and_answers_for_the_friend() -> None:
    _, note = await offline_summarizer().summarize(said(*COURSE))
    assert "Saturday 21 June" in note and "14 June" not in note, note
    session = SQLiteSession(":memory:")
    await session.add_items([*after_note(note), *said("I'll need 2 pairs of rigger gloves, size L.")])
    reply = str((await Runner.run(WALLING, "What's Ellen's booking reference?", session=session)).final_output)
    assert "DSW-2307" in reply and "DSW-2291" not in reply, (reply, note)


async def test_a_shipping_address_is_the_customers_and_a_count_corrected_is_said_once() -> None:
    replies = await turns(NURSERY, ["Please ship to 42 Larkspur Road, Leeds LS6 2AB.", "I'd like to order 3 Chinese elms.",
                                    "Actually make that 4 Chinese elms, not 3.", "And 2 juniper trees.",
                                    "Actually make that 5 junipers.", "Sorry, the address is 24 Larkspur Road, not 42.",
                                    "What address are you shipping mine to?", "How many Chinese elms am I getting?",
                                    "Can we do Thursday 9 October at 10:30?"])
    assert "Kestrel" not in replies[0][1] and "42 Larkspur Road" in replies[0][1], replies[0]
    assert "4 Chinese elms." in replies[2][1] and "elms Chinese" not in replies[2][1], replies[2]
    assert "5 juniper trees" in replies[4][1], replies[4]
    assert "24 Larkspur Road" in replies[6][1] and "Kestrel" not in replies[6][1], replies[6]
    assert "4 Chinese elms" in replies[7][1], replies[7]
    assert replies[8][1].startswith("I can't"), replies[8]  # no tool books a slot


async def test_a_second_note_keeps_the_class_and_writes_the_moved_run_order() -> None:
    first = said("I'm Alun Pritchard. My dog is Nell, a Border Collie, registration ISDS 318824.",
                 "Nell is entered in the Open class, run order 17.", "I'd like to order 3 Chinese elms.",
                 "Another handler, Bethan Lloyd, has run order 12 with her dog Fly.")
    _, note = await offline_summarizer().summarize(first)
    _, again = await offline_summarizer().summarize([*after_note(note), *said(
                                                         "Actually, Nell's run order has been moved to 21.",
                                                         "Actually make that 4 Chinese elms, not 3.",
                                                         "Please ship to 24 Larkspur Road, Leeds LS6 2AB.")])
    assert "Open class, run order 21" in again and "Nell's class" not in again and "17" not in again, again
    assert "4 Chinese elms" in again and "3 Chinese elms" not in again, again
    assert "LS6 2AB" in again and "Leeds LS6\n" not in again, again
    assert "Alun Pritchard. My dog" not in again.split("## Identifiers")[0].split("Reported issue")[-1], again


async def test_a_comparison_asked_yes_or_no_is_not_answered_no_from_one_side() -> None:
    replies = await turns(WALLING, ["Nell is entered in the Open class, run order 21.",
                                    "Another handler, Bethan Lloyd, has run order 12 with her dog Fly.",
                                    "Is Bethan running before Nell?"])
    assert not replies[2][1].startswith("No"), replies[2]


async def test_my_appointment_asked_by_its_day_is_mine_not_the_neighbours() -> None:
    replies = await turns(NURSERY, ["My appointment is Thursday 9 October at 11:15.",
                                    "My neighbour Ruth's appointment is Friday 10 October at 14:00.",
                                    "Is my appointment on Friday?"])
    assert not replies[2][1].startswith("Yes") and "Thursday 9 October" in replies[2][1], replies[2]
