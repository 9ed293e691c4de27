"""Structured output keeps a sign ("AB-", "-18.5"), a name before what it counts ("Ana picked 14 rows"), an address to
its own sentence, a labelled list to its items, and leaves a value in kg null when no weight was said; a note keeps a
pasted tool result and the user's correction of what the helper booked.

Outside testers' blood donation, cold store, vineyard, chimney sweep and balloon flights. "blood group AB-" was stored
as AB+; "-18.5, -17.0, -12.25 degrees C" as 18.5, 17.0, 12.25, and "No engineer has been called yet." filled
engineer_called with "degrees C"; every picker was named "rows"; the address ran on to "7 Rook Terrace. Flue"; the
defects were one blob to the end of the message; "3 passengers" became the heaviest passenger's 3.0 kg. A reviewer
then found "[tool returned ...]" lines and "The date is wrong - it's 5 May" (of "Booked 3 May 10:00.") gone from notes.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal, Optional

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

from memlab.offline.client import offline_client

pytestmark = pytest.mark.usefixtures("api")

EXTRACT = "Extract the details from the user's message into the output schema. Use only values the user stated."


async def parsed(model: type[BaseModel], message: str) -> BaseModel:
    return (await Runner.run(Agent(name="Extractor", instructions=EXTRACT, output_type=model), message)).final_output


class BloodType(str, Enum):
    A_POS, A_NEG, B_POS, B_NEG, AB_POS, AB_NEG, O_POS, O_NEG = "A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"


class Donation(BaseModel):
    donor_id: str
    blood_type: BloodType


class ColdStoreLog(BaseModel):
    unit: str
    readings_c: list[float]
    engineer_called: Optional[str] = None


class Picker(BaseModel):
    name: str
    rows: int


class Harvest(BaseModel):
    block: str
    pickers: list[Picker]


class Chimney(BaseModel):
    address: str
    flue_condition: Literal["good", "fair", "poor"]
    defects: list[str]


class Balloon(BaseModel):
    lead_passenger: str
    passengers: int
    heaviest_passenger_kg: Optional[float] = None


class Print(BaseModel):
    width_cm: float
    height_cm: float


async def test_signs_are_kept_and_a_negated_field_stays_empty() -> None:
    donation = await parsed(Donation, "Donor D-88213, blood group AB-, haemoglobin 11.9 g/dL.")
    assert donation.blood_type == BloodType.AB_NEG, donation
    log = await parsed(ColdStoreLog, "Unit F2 readings today: -18.5, -17.0, -12.25 degrees C. Humidity 64%. No engineer "
                                     "has been called yet.")
    assert log.readings_c == [-18.5, -17.0, -12.25] and log.engineer_called is None, log


async def test_names_before_counts_an_address_and_a_labelled_list() -> None:
    harvest = await parsed(Harvest, "Harvest log for block C4: Pickers: Ana picked 14 rows, Luc picked 11 rows, Mei "
                                    "picked 9 rows.")
    assert [(p.name, p.rows) for p in harvest.pickers] == [("Ana", 14), ("Luc", 11), ("Mei", 9)], harvest
    sweep = await parsed(Chimney, "Inspection at 7 Rook Terrace. Flue condition poor. Defects: cracked pot, missing "
                                  "mortar at the stack. No cowl fitted.")
    assert sweep.address == "7 Rook Terrace" and sweep.defects == ["cracked pot", "missing mortar at the stack"], sweep


async def test_a_weight_never_said_is_null_and_sizes_said_plainly_are_kept() -> None:
    booking = await parsed(Balloon, "Booking for Harriet Vance: 3 passengers, and yes please to the champagne.")
    assert booking.passengers == 3 and booking.heaviest_passenger_kg is None, booking
    heavy = await parsed(Balloon, "Booking for Harriet Vance: 3 passengers, the heaviest is 92 kg.")
    assert heavy.heaviest_passenger_kg == 92, heavy
    size = await parsed(Print, "A print 50 wide and 70 high, please.")
    assert (size.width_cm, size.height_cm) == (50, 70), size


def test_a_note_keeps_a_pasted_result_and_a_correction_of_what_was_booked() -> None:
    client = offline_client(sync=True)
    for prompt in ("Summarize the conversation.", "Summarize the conversation as bullets."):
        note = client.responses.create(model="gpt-4.1-mini", instructions=prompt, input="Customer: What's the status of "
                                       "repair RP-5521?\n[tool returned Ticket RP-5521: waiting for parts, due 12 May.]")
        assert "waiting for parts, due 12 May" in note.output_text, note.output_text
        note = client.responses.create(model="gpt-4.1-mini", instructions=prompt, input="Customer: I'm Hana. My cat Miso "
                                       "needs her jabs.\nAgent: Booked 3 May 10:00.\nCustomer: The date is wrong - it's 5 "
                                       "May, not the 3rd.")
        assert "5 May" in note.output_text, note.output_text
