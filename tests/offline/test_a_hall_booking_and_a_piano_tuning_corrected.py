"""A booking asked for is "my booking", a change given after its reason or as a range lands in what it changes, a mended
typo replaces the value it mends, and a cancellation corrects no value.

Outside testers' village-hall and piano-tuning conversations. After "I'd like the main hall on Saturday 21 June from
14:00 to 18:00", "What date is my booking?" got "I don't know"; "Actually make it 15:00 to 19:00 instead." changed
nothing; "Read back my booking" was noted as a statement. "Change of plan: 3 June is sports day, so make it 5 June
instead." left the tuning on 3 June, and in a note became "5 June is sports day"; "Sorry, the PO is 77-3310" left
"purchase order 77-3301"; "Actually cancel the Yamaha" was answered "Noted: I will also tune the Yamaha grand".
"""

from __future__ import annotations

import pytest
from agents import Agent

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

HALL = Agent(name="Hall", instructions="You take bookings for the village hall.")
PIANO = Agent(name="Keystone", instructions="You are the booking assistant for a piano tuner. Confirm what the customer "
              "asks and answer questions from the conversation.")
TUNING = ["Hello, I'm Oluwaseun Adeyemi from Greyfriars Primary. Please book a tuning for our Bechstein upright, serial "
          "118204, on 3 June.",
          "Change of plan: 3 June is sports day, so make it 5 June instead.",
          "Invoice our bursar Ms Hanna Berg, purchase order 77-3301.",
          "Sorry, the PO is 77-3310, I swapped the digits."]


async def test_what_was_asked_for_is_my_booking_and_its_times_take_a_range_correction() -> None:
    replies = await turns(HALL, ["I'd like the main hall on Saturday 21 June from 14:00 to 18:00 for a christening party.",
                                 "Actually make it 15:00 to 19:00 instead.", "What date is my booking?",
                                 "Please read back my booking.", "Can you read back my booking?",
                                 "What is my booking reference?"])
    assert "from 15:00 to 19:00 for" in replies[1][1], replies[1]
    assert all("Saturday 21 June from 15:00 to 19:00" in reply for _, reply in replies[2:5]), replies[2:5]
    assert replies[5][1].startswith("I don't know"), replies[5]  # no reference was given


async def test_a_change_after_its_reason_a_mended_typo_and_a_cancellation() -> None:
    replies = await turns(PIANO, [*TUNING, "Please also tune the Yamaha grand in the music room.",
                                  "Actually cancel the Yamaha, the head wants to wait until September.",
                                  "Which date is my tuning booked for?",
                                  "What purchase order number should the invoice use?"])
    assert "cancel the Yamaha" in replies[5][1] and "I will also tune" not in replies[5][1], replies[5]
    assert "on 5 June" in replies[6][1], replies[6]
    assert "77-3310" in replies[7][1] and "77-3301" not in replies[7][1], replies[7]


async def test_the_note_keeps_the_reason_as_said_and_writes_the_change_into_the_booking() -> None:
    _, note = await offline_summarizer().summarize(said(TUNING[0], "Change of plan: 3 June is sports day. Make it 5 June "
                                                                   "instead.", *TUNING[2:]))
    assert "5 June is sports day" not in note, note
    assert "serial 118204, on 5 June" in note and "77-3310" in note and "77-3301" not in note, note
    assert "Oluwaseun Adeyemi from Greyfriars Primary. [open]" not in note, note  # who they are is no issue
