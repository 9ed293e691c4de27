"""Chat memory and notes, as outside testers met them this round (in my own words and domains):

- "And make the rims 40mm instead, same drilling" corrects the value of its unit (32mm), not the one before "drilling";
  a two-part question one statement answers is answered once, without "I can't answer" its second part;
- "moved to the Corn Hall" writes the whole new place for the old ("The Old Granary"); "on nights" answers which shift;
- a note: the name that opens the reply to "Can I have your name?" is the customer's; of two issue sections each
  narrowed by its own words ("Refund requests", "Complaints about staff") neither takes what the other words do not
  say; "Rows: A, B, C" of a two-column table makes a row each; "05/03" is a date, no identifier; "12 Elm Row" is an
  address, no date and no product; "is now Wednesday 5 March" is the visit's date; a prompt for a timeline lists what
  was done in order, with its final line.

The ``test_review_*`` tests hold what a review of these rules found them overreaching on.
"""

from __future__ import annotations

import json

import pytest

from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")


def _chat(*said: str) -> list[dict]:
    """A conversation: the user's lines and the assistant's ("a:" first), in turn."""
    return [{"role": "assistant", "content": s[2:]} if s.startswith("a:") else {"role": "user", "content": s} for s in said]


def test_a_correction_replaces_the_value_of_its_unit() -> None:
    said = _chat("Rims: 32mm, 24h drilling. Hubs in black.", "a:Noted.", "And make the rims 40mm instead, same drilling.")
    assert _reply(said, "You take wheel-build orders.") == "Noted: Rims: 40mm, 24h drilling."


def test_a_two_part_question_one_statement_answers_is_answered_once() -> None:
    said = _chat("Rims: 32mm deep, 28 spokes.", "a:Noted.", "How deep are the rims and how many spokes?")
    reply = _reply(said, "You take wheel-build orders.")
    assert "32mm" in reply and "can't answer" not in reply
    said = _chat("Biscuit is 6 and on joint tablets, one tablet twice a day.", "a:Noted.",
                 "Which dog takes the joint tablets, and how often?")
    reply = _reply(said, "You run dog boarding.")
    assert "twice a day" in reply and "can't answer" not in reply


def test_a_move_writes_the_whole_new_place() -> None:
    said = _chat("The comedy night is on Friday 9 May at The Old Granary, doors 7pm.", "a:Noted.",
                 "The comedy night moved to the Corn Hall.", "a:Noted.", "Where is the comedy night now?")
    reply = _reply(said, "You help a comedy club.")
    assert "Corn Hall" in reply and "Granary" not in reply


def test_which_shift_is_answered_by_on_nights() -> None:
    said = _chat("Anna is on nights 6 June. Hannah is on earlies.", "a:Noted.", "Which shift does Anna work?")
    assert "Anna is on nights" in _reply(said, "You keep the ward rota.")


TRANSCRIPT = """USER: hi, the boiler keeps showing fault F22, it's a Vaillant X-40
ASSISTANT: Sorry about that. Can I have your name and the address of the boiler?
USER: Odile Marchetti, 12 Elm Row, Frome
ASSISTANT: Thanks Odile. F22 usually means low water pressure. Have you topped up the pressure?
USER: yes topped it up on monday, still F22
TOOL CALL [c1]: book_visit({"date": "2025-03-03"})
TOOL RESULT [c1]: {"booking_ref": "BV-4410", "date": "2025-03-03", "slot": "morning"}
ASSISTANT: Booked: reference BV-4410, Monday 3 March, morning slot.
USER: actually can we make it 05/03 instead, I'm out on the 3rd
TOOL CALL [c2]: move_visit({"booking_ref": "BV-4410", "date": "2025-03-05"})
TOOL RESULT [c2]: {"booking_ref": "BV-4410", "date": "2025-03-05", "slot": "afternoon"}
ASSISTANT: Moved: BV-4410 is now Wednesday 5 March, afternoon slot."""


def _note(prompt: str) -> str:
    return _reply(TRANSCRIPT, prompt)


def test_the_name_that_answers_a_question_asking_it_is_the_customers() -> None:
    note = _note("Summarize as a handover with these headings:\n## Customer\n## Boiler\n## Visits")
    customer = note.split("## Boiler")[0]
    assert "Odile Marchetti" in customer and "05/03" not in note.replace("05/03 instead", "")


def test_two_narrowed_issue_sections_take_only_their_own() -> None:
    note = _note("Summary format (keep headings exactly):\n### Identity\n### Refund requests\n### Complaints about staff\n"
                 "Put \"none\" under any heading with nothing in the chat.")
    refunds = note.split("### Refund requests")[1].split("###")[0]
    assert "Odile Marchetti" in note.split("### Refund requests")[0] and refunds.strip() == "- none"


def test_rows_of_a_two_column_table_are_a_row_each() -> None:
    note = _note("Summarize the conversation as a markdown table with columns | Field | Value |. Rows: Customer, "
                 "Fault code, Booking ref, Visit date.")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in note.splitlines()[2:]}
    assert list(rows) == ["Customer", "Fault code", "Booking ref", "Visit date"]
    assert rows["Customer"] == "Odile Marchetti" and rows["Booking ref"] == "BV-4410" and "5 March" in rows["Visit date"]


def test_a_house_number_is_no_date_and_an_address_no_product() -> None:
    note = _note("Summarize the support chat. Use these fields, one per line:\nProduct: the boiler model\n"
                 "Visit date: the current visit date")
    assert "12 Elm Row" not in note.split("Visit date")[0] and "12" not in note.split("Visit date")[1].split("\n")[0].replace(
        "2025", "")


def test_a_timeline_prompt_lists_what_was_done_in_order_with_its_final_line() -> None:
    note = _note("Write a short timeline of the conversation, one line per event in order, then a final line "
                 "'Current state:' saying where things stand.")
    assert not note.startswith("I can't") and "Booked: reference BV-4410" in note and note.index("Booked") < note.index(
        "Moved") and "\nCurrent state:" in note


# --- what a review of the rules above found them overreaching on --------------------------------------------------

PERSON = {"type": "object", "properties": {"name": {"type": ["string", "null"]}, "skills": {"type": "array", "items": {
    "type": "string"}}}, "required": ["name", "skills"]}


def _form(message: str) -> dict:
    return json.loads(_reply(message, "Extract the applicant.", text={"format": {"type": "json_schema", "name": "f",
                                                                                 "schema": PERSON, "strict": False}}))


def test_review_a_list_led_in_by_skilled_in_or_done_is_the_skills_never_the_name() -> None:
    assert _form("I'm Bea, a rigger skilled in welding, rigging and joinery.")["skills"] == ["welding", "rigging", "joinery"]
    assert _form("I'm Bea. I've done welding, rigging and joinery.")["skills"] == ["welding", "rigging", "joinery"]


def test_review_a_repair_request_lands_in_the_repairs_section() -> None:
    transcript = ("USER: This is Lou in flat 2. The bar downstairs is loud every night.\nASSISTANT: Noted.\n"
                  "USER: Also my bathroom tap needs fixing.\nASSISTANT: I'll send a plumber.")
    note = _reply(transcript, "Summarize under these headings:\n## Noise complaints\n## Repair requests\n## Tenant")
    repairs = note.split("## Repair requests")[1].split("##")[0]
    assert "tap" in repairs and "tap" not in note.split("## Repair requests")[0]


def test_review_a_chronology_lists_the_events_and_a_status_line_is_the_latest() -> None:
    transcript = ("USER: My parcel 3310 left the warehouse Monday.\nASSISTANT: Yes, it reached the depot Tuesday.\n"
                  "USER: And today?\nASSISTANT: Out for delivery.")
    note = _reply(transcript, "Give a chronology of this chat, one line per event, then a last line \"Status:\".")
    assert "depot Tuesday" in note and note.rstrip().endswith("Status: Out for delivery")


def test_review_only_a_request_for_a_timeline_makes_one() -> None:
    refund = "USER: When will I get my refund?\nASSISTANT: Within 5 to 7 working days."
    assert "Timeline" not in _reply(refund, "What's the timeline for the refund? Summarize the chat.")
    fixed = "USER: My printer keeps jamming.\nASSISTANT: Please clear the rear tray.\nUSER: Works now."
    assert "Works now" in _reply(fixed, "Summarize in two sentences. Do not write a timeline.")


def test_review_a_name_asked_of_something_else_is_no_customers_name() -> None:
    pet = ("USER: I want to rename my cat's chip record.\nASSISTANT: What name should the cat have?\nUSER: Sir Pounce.\n"
           "ASSISTANT: Done, I've updated it.")
    assert "Sir Pounce" not in _reply(pet, "Summarize with headings:\n## Customer name\n## Issue").split("## Issue")[0]
    model = ("USER: My oven won't heat.\nASSISTANT: What's your name on the account?\nUSER: Neff Slide 5, if that helps.\n"
             "ASSISTANT: Try the reset switch.")
    assert "Neff Slide" not in _reply(model, "Summarize with headings:\n## Customer name\n## Issue").split("## Issue")[0]


def test_review_brand_identity_is_no_person_and_a_part_number_with_a_slash_is_kept() -> None:
    logo = "USER: We're redoing the logo for Fernhill Dairy; I'm Jo. The blue is too pale.\nASSISTANT: I'll darken it."
    assert "too pale" in _reply(logo, "Summarize under:\n## Brand identity\n## Feedback")
    part = "USER: I need part 12/40 for the mixer, it's the paddle.\nASSISTANT: I'll order part 12/40."
    assert "12/40" in _reply(part, "Summarize under:\n## Identifiers\n## Request").split("## Request")[0]


def test_review_one_shift_is_no_answer_of_another() -> None:
    said = _chat("Anna is on nights 6 June.", "a:Noted.", "Who is on earlies?")
    assert "nights" not in _reply(said, "You keep the ward rota.")


def test_review_a_last_line_that_names_no_status_lists_what_is_open() -> None:  # (a guard: held before too)
    transcript = "USER: Who owns the van now?\nASSISTANT: Dee does, since May.\nUSER: No that's all."
    note = _reply(transcript, 'Summarize in bullets, then a last line "Current owner:".')
    assert "Current owner: No that's all" not in note


def test_review_a_name_asked_as_the_one_on_your_account_is_the_customers() -> None:
    chat = ("USER: My dryer squeaks.\nASSISTANT: What name is on your account?\nUSER: Halima Yusuf.\n"
            "ASSISTANT: Thanks, I've booked a visit.")
    assert "Halima Yusuf" in _reply(chat, "Summarize with headings:\n## Name\n## Issue").split("## Issue")[0]


def test_review_a_whole_date_stays_and_a_greeting_with_a_full_name_is_read() -> None:  # (a guard: held in this shape)
    chat = ("USER: Hi, I'm Gareth Owen. I'm enrolling my son, born 14/02/2016.\nASSISTANT: Thanks, which class?\n"
            "USER: Year 4, please.")
    assert "14/02/2016" in _reply(chat, "Summarize the conversation in one paragraph.")
    assert _reply(chat, "Summarize the conversation in 3 bullet points.").startswith("- ")


def test_review_a_status_update_line_is_the_latest_state() -> None:
    chat = "USER: Has my refund gone through?\nASSISTANT: It was approved Monday.\nASSISTANT: It was paid today."
    assert _reply(chat, 'Summarize under:\n## Request\n## Steps\nEnd with a last line starting "Status update:".').rstrip(
        ).endswith("Status update: It was paid today")
