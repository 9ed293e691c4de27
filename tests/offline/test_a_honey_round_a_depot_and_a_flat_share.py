"""Memory, notes and structured output, as outside testers met them this round (in my own words and domains):

- "what percentage ...?" is answered by the statement with a "%"; "What's the postcode of ...?" is not answered by a
  statement that gives no postcode; "Who trains with coach Arlo?" names each the user said does;
- "Sorry, I mixed them up - Tom wears 12 and Theo 10" corrects the sizes said before; "They've sold 5 of them" is of
  the shop the sentence before named; "How many has X sold?" counts no "has";
- a note writes a correction into the value of the place it names ("9 crates at Canal Wharf, not 6"), never a date's
  correction into a phone number; the assistant's own "Moved to Tuesday 10 June." corrects what it booked, but a
  timeline keeps each event as said; "## Price" holds the amount the agent gave, "## Address" the house number and
  street said;
- "Who signed this letter?" of "Delroy ..., Firm Name" names the person; a "lead_name" is a person's name, never a
  greeting; "out of stock" is not in stock; "no garage" names no garage; "1500 ml" is 1.5 litres; "every time" is
  reproducible; "Flat 2B" is the unit; "lost item" is one label, chosen by "I left my ...".

The ``test_review_*`` tests hold what a review of these rules found them overreaching on: a cue word far from the
second option, a request after news of the past, a number the field is not set to, a percentage or a postcode said
another way, a row of seats, the assistant moving another thing, names that are no person's, "in stock" said, a unit
of length, what follows a signer's name.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import noted_chat as _chat
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _form
from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")

REMEMBER = "You are a helpful assistant. Remember what the user tells you."


# --- memory ---------------------------------------------------------------------------------------------------------

def test_a_percentage_is_answered_by_the_statement_with_one() -> None:
    said = _reply(_chat("The café pays me 15%, the gift shop pays 20%.", "The contact at the café is Lior, at the shop it's Bea.",
                        "what percentage does the café give me?"), REMEMBER)
    assert "15%" in said


def test_a_kind_of_value_no_statement_gives_is_not_answered_by_another() -> None:
    said = _reply(_chat("The gift shop contact is Bea.", "What's the postcode of the gift shop?"), REMEMBER)
    assert said.startswith("I don't know")


def test_who_is_answered_with_each_the_user_named() -> None:
    said = _reply(_chat("Mina trains with coach Arlo. Dev trains with coach Suri.", "Kofi trains with coach Arlo too.",
                        "Who trains with coach Arlo?"), REMEMBER)
    assert "Mina" in said and "Kofi" in said and "Dev" not in said


def test_a_mix_up_corrects_the_values_said_of_each_name() -> None:
    said = _reply(_chat("Tess takes size 8, Tom 10, Theo 12.", "Sorry, I mixed them up - Tom wears 12 and Theo 10.",
                        "What size does Tom take?"), REMEMBER)
    assert "Tom wears 12" in said


def test_they_is_the_shop_named_just_before() -> None:
    said = _reply(_chat("Left 8 jars of honey at Marlow Deli.", "They've sold 5 of them already.",
                        "How many has Marlow Deli sold?"), REMEMBER)
    assert "sold 5" in said


# --- notes ----------------------------------------------------------------------------------------------------------

def _note(prompt: str, transcript: str) -> str:
    return _reply(transcript, prompt)


def test_a_correction_goes_to_the_value_of_the_place_it_names() -> None:
    transcript = ("USER: I left 6 crates at the Elm Street depot and 6 at the Canal Wharf depot.\n"
                  "ASSISTANT: Noted.\nUSER: Correction: it was 9 crates at Canal Wharf, not 6.\nASSISTANT: Noted.")
    note = _note("Summarise under these headings:\n## Facts\n## Open questions", transcript)
    assert "6 crates at the Elm Street depot and 9 at the Canal Wharf depot" in note


HANDOVER = "Summarise with these headings:\n## Name and phone\n## Collection day"
MOVED = ("USER: my name is Bo Lind, phone 07700 900777. can I collect on monday 9 june?\n"
         "ASSISTANT: Booked for Monday 9 June.\nUSER: actually make that tuesday the 10th\nASSISTANT: Moved to Tuesday 10 June.")


def test_a_dates_correction_never_goes_into_a_phone_number() -> None:
    assert "phone 07700 900777" in _note(HANDOVER, MOVED)


def test_the_assistants_own_move_corrects_what_it_booked() -> None:
    assert "## Collection day\n- Booked for Tuesday 10 June." in _note(HANDOVER, MOVED)


def test_a_timeline_keeps_each_event_as_said() -> None:  # (a guard)
    note = _note("Write a short timeline of the conversation, one line per event in order.", MOVED)
    assert "Booked for Monday 9 June." in note


def test_a_price_and_an_address_section_hold_what_was_said() -> None:
    transcript = ("USER: Hello, I'd like my gutters cleared. I'm Ola Berg at 7 Mill Row.\nASSISTANT: Sure Ola. How many "
                  "storeys?\nUSER: Two storeys, a terrace.\nASSISTANT: That's £48. What day suits?")
    note = _note("Summarise under these headings:\n## Price\n## Address", transcript)
    assert "## Price\n- That's £48." in note and "7 Mill Row" in note.partition("## Address")[2]


# --- pasted texts and structured output ----------------------------------------------------------------------------

def test_a_sign_off_with_a_firm_names_the_person() -> None:
    letter = ("Who signed this letter?\n\nTo the tenants of Brook Court,\nThe bins move to Fridays from 3 March.\n"
              "Best wishes,\nNadia Quist, Brook Court Lettings")
    assert _reply(letter) == "Nadia Quist signed it."


def test_a_lead_name_is_a_persons_never_a_greeting() -> None:
    schema = {"type": "object", "properties": {"lead_name": {"type": "string"}, "party": {"type": "integer"}},
              "required": ["lead_name", "party"]}
    assert _form(schema, "Heya, booking the sunset walk - me (Orla Penn, orla@example.org), plus 2 friends")[
        "lead_name"] == "Orla Penn"


def test_out_of_stock_is_not_in_stock() -> None:
    schema = {"type": "object", "properties": {"sku": {"type": "string"}, "in_stock": {"type": "boolean"}},
              "required": ["sku", "in_stock"]}
    assert _form(schema, "sku HN-12, runny honey, out of stock until May")["in_stock"] is False


def test_an_option_said_after_no_is_not_listed() -> None:
    schema = {"type": "object", "properties": {"features": {"type": "array", "items": {
        "type": "string", "enum": ["garage", "garden", "balcony", "lift"]}}}, "required": ["features"]}
    assert _form(schema, "Two-bed flat share, no garage, big garden.")["features"] == ["garden"]


def test_millilitres_fill_a_field_in_litres() -> None:
    schema = {"type": "object", "properties": {"milk_litres": {"type": "number"}}, "required": ["milk_litres"]}
    assert _form(schema, "Milk: 1500 ml a week.")["milk_litres"] == 1.5


def test_every_time_is_reproducible() -> None:
    schema = {"type": "object", "properties": {"reproducible": {"type": "boolean"}}, "required": ["reproducible"]}
    assert _form(schema, "The rota page goes blank when I save. Happens every time.")["reproducible"] is True


def test_a_flats_number_is_its_unit() -> None:
    schema = {"type": "object", "properties": {"unit": {"type": "string"}, "fault": {"type": "string"}},
              "required": ["unit", "fault"]}
    assert _form(schema, "Flat 2B - the shower drips all night.")["unit"] == "2B"


def test_a_label_of_two_words_is_chosen_whole() -> None:
    desk = ("Sort each message for the flat-share noticeboard as one of: rent, repair, lost item, other. Reply with just "
            "the label.")
    assert _reply("I think I left my keys in the hall last night, has anyone seen them?", desk) == "lost item"


# --- what a review of these rules found them overreaching on -------------------------------------------------------

JARS = ["heather", "clover", "lime", "borage"]
SWAP = [_tool("swap_honey", "Swap one honey of a jar subscription for another.",
              {"remove_honey": {"type": "string", "enum": JARS}, "add_honey": {"type": "string", "enum": JARS}})]


@pytest.mark.parametrize(("message", "removed", "added"), [
    ("Heather is not selling, so swap it for clover", "heather", "clover"),
    ("Replace the lime from last month's box with borage", "lime", "borage"),
])
def test_review_a_cue_word_far_from_the_second_option_says_nothing_of_the_sides(message: str, removed: str, added: str) -> None:
    assert _calls(SWAP, message)[0][1] == {"remove_honey": removed, "add_honey": added}


ORDERS = [_tool("refund_order", "Refund an order by its id like H-1000.", {"order_id": {"type": "string"}})]


@pytest.mark.parametrize("message", ["I ordered H-5521 three weeks ago, it never arrived, refund me please",
                                     "I ordered H-7781 last week and it arrived broken. I need a refund."])
def test_review_a_request_after_news_of_the_past_is_still_made(message: str) -> None:
    assert [name for name, _ in _calls(ORDERS, message)] == ["refund_order"]


FAN = [_tool("set_fan", "Set the fan speed.", {"speed": {"type": "integer", "minimum": 1, "maximum": 5}})]


def test_review_a_number_the_field_is_not_set_to_is_not_taken_for_the_value() -> None:
    assert _calls(FAN, "fan to 9 - 3 of us are boiling") == []


@pytest.mark.parametrize(("told", "asked"), [
    ("Hive Row takes half of the sale price as their cut.", "What percentage does Hive Row take?"),
    ("The loan rate is 3.5 per cent a year.", "What percentage is the loan rate?"),
    ("The depot is at Unit 9, Quay Lane, Hull HU2 8BD.", "What is the depot's postcode?"),
])
def test_review_a_value_of_the_kind_asked_said_another_way_still_answers(told: str, asked: str) -> None:
    assert _reply(_chat(told, asked), REMEMBER).startswith("You told me")


def test_review_a_row_of_seats_is_no_address() -> None:
    assert not _reply(_chat("We sat in row 12 at the theatre.", "What's my address?"), REMEMBER).startswith("You told me")


@pytest.mark.parametrize("moved", ["I moved your address to 5 Elm Road on 1 June.",
                                   "The courier rescheduled the parcel to 5 June.",
                                   "Changed your reminder to 1 June."])
def test_review_the_assistant_moving_another_thing_leaves_the_booking(moved: str) -> None:
    transcript = f"USER: Book a collection for my sofa.\nASSISTANT: Booked collection for Monday 2 June.\nUSER: And?\nASSISTANT: {moved}"
    assert "Booked collection for Monday 2 June" in _note("Summarize this conversation as short bullet notes.", transcript)


@pytest.mark.parametrize(("field", "message", "value"), [
    ("main_name", "Main course: risotto, guest Ben Ito", "unknown main name"),
])
def test_review_only_a_lead_name_is_a_persons(field: str, message: str, value: str) -> None:
    schema = {"type": "object", "properties": {field: {"type": "string"}}, "required": [field]}
    assert _form(schema, message)[field] != "Ben Ito"


@pytest.mark.parametrize("message", ["in stock again after being out of stock", "still in stock, not out of stock yet"])
def test_review_in_stock_said_is_in_stock(message: str) -> None:
    schema = {"type": "object", "properties": {"in_stock": {"type": "boolean"}}, "required": ["in_stock"]}
    assert _form(schema, f"Clover honey: {message}.")["in_stock"] is True


def test_review_a_unit_of_length_is_no_flats_number() -> None:
    schema = {"type": "object", "properties": {"length": {"type": "number"}, "unit": {"type": "string", "description": (
        "unit of length")}}, "required": ["length", "unit"]}
    assert _form(schema, "Flat 5 needs a shelf 4 m long")["unit"] != "5"


@pytest.mark.parametrize("closing", ["Nadia Quist, Director", "Nadia Quist, MD, PhD", "Nadia Quist, London"])
def test_review_what_follows_the_name_is_no_firm(closing: str) -> None:
    letter = f"Who signed this letter?\n\nDear tenants,\nThe bins move to Fridays.\nBest wishes,\n{closing}"
    assert _reply(letter) == "Nadia Quist signed it."
