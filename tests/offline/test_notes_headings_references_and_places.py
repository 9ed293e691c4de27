"""Notes asked for as a learner lays out their own summarizer prompt, over conversations of any domain.

Headings to copy ("### Customer" lines after "Use exactly these headings") make a prompt a note's, as ``Name:`` lines
do; a reference the agent gives after a word that names one ("booking reference QX7P2L") and a code with its number
("LH 1342") are identifiers, and a field naming what it references ("Booking reference:") holds only that one.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
FLIGHT = """user: Hi, I'm Marta Kowalski and I'd like to rebook my flight LH 1342 from Munich to Lisbon.
assistant: Sure. What date would you like instead of 14 May?
user: The 21st of May, morning if possible. I only have hand luggage.
assistant: There is a 07:40 departure on 21 May; the change fee is 45 EUR.
user: That's fine, book it. Please send the confirmation to marta.k@example.org, not by SMS.
assistant: Done: booking reference QX7P2L, departing 21 May at 07:40. Confirmation goes to marta.k@example.org.
user: Also my seat last time was broken, 14C would not recline. Can you note that?
assistant: I have filed complaint CMP-55102 about seat 14C.
user: Great. One open question: can I bring my bike next time?"""
CLINIC = [
    ("user", "Hello, this is Tomas Berg, I need to move my physiotherapy appointment with Dr Lind."),
    ("assistant", "Of course. Which day suits you instead of Monday?"),
    ("user", "Thursday afternoon works for me. My knee still hurts after the last session, 4B was cold."),
    ("assistant", "Done: appointment number KT4R9W, Thursday 15:30 in room 2."),
    ("user", "Thanks. Please email me at t.berg@example.net rather than calling."),
    ("assistant", "I logged your feedback as case FB-20931 about room 4B."),
]
BANK = [
    ("user", "Hi, I'm Omar Haddad. My debit card was stolen yesterday."),
    ("assistant", "I'm sorry. I have blocked the card ending 7731. Shall I order a replacement?"),
    ("user", "Yes please."),
    ("assistant", "Done: replacement order RC88K2, arriving on 14 June, the fee is 5 EUR."),
    ("user", "Great. By the way, I'm travelling to Porto in July."),
    ("user", "Send the PIN letter to omar.h@example.com, not by post."),
    ("user", "Can a family member collect the card for me?"),
    ("user", "Write the note now."),
]
FLIGHT_ITEMS = [tuple(line.split(": ", 1)) for line in FLIGHT.splitlines()] + [("user", "Write the note now.")]


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": "user", "content": conversation}] if isinstance(conversation, str) else [
        item if isinstance(item, dict) else {"role": item[0], "content": item[1]} for item in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


def body(text: str, heading: str) -> str:
    """The lines under ``heading`` up to the next heading (a line starting with "#" or ending with ":"; a numbered
    list of sections numbers its headings: "2. Appointment:")."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().lstrip("#").strip().rstrip(":") == heading or (
        line[:1].isdigit() and line.strip().rstrip(":").partition(". ")[2] == heading))
    rest = list(lines[start + 1:])
    end = next((i for i, line in enumerate(rest) if line.startswith("#") or line.rstrip().endswith(":")), len(rest))
    return "\n".join(rest[:end])


@pytest.mark.parametrize(("conversation", "instructions", "headings"), [
    (FLIGHT, "Use exactly these headings, in this order, each as a markdown level-3 heading:\n### Customer\n"
             "### Travel details\n### Follow-ups\n### Billing", ["Customer", "Travel details", "Follow-ups", "Billing"]),
    (CLINIC, "Write it under these headings, nothing else:\n\n## Patient\n\n## Appointment\n\n## Feedback",
     ["Patient", "Appointment", "Feedback"]),
])
async def test_headings_to_copy_ask_for_a_note_with_those_headings_in_order(client, conversation, instructions,
                                                                            headings) -> None:
    text = await note(client, instructions, conversation)
    mark = "### " if "###" in instructions else "## "
    found = [line[len(mark):] for line in text.splitlines() if line.startswith(mark)]
    assert found == headings, text
    assert not text.startswith(("I don't know", "I can't")), text


@pytest.mark.parametrize(("conversation", "key", "wanted", "unwanted"), [
    (FLIGHT, "booking_reference", "QX7P2L", ["14C", "CMP-55102", "time"]),
    (CLINIC, "appointment_number", "KT4R9W", ["4B", "FB-20931"]),
])
async def test_a_reference_the_agent_gives_is_kept_and_a_named_key_holds_only_its_own(client, conversation, key, wanted,
                                                                                        unwanted) -> None:
    text = await note(client, f'Return JSON with the keys "customer", "{key}", "fees". Use null when unknown.',
                      conversation)
    value = json.loads(text)[key]
    assert wanted in value and not any(bad in value for bad in unwanted), text


@pytest.mark.parametrize(("conversation", "heading", "wanted", "unwanted"), [
    (FLIGHT, "Booking — flight, dates, reference", ["LH 1342", "QX7P2L"], ["CMP-55102", "time broken"]),
    (CLINIC, "Appointment — number, day", ["KT4R9W"], ["FB-20931"]),
])
async def test_a_section_of_identifiers_named_for_one_thing_holds_that_things(client, conversation, heading, wanted,
                                                                             unwanted) -> None:
    text = await note(client, f"Summarize the conversation for the next agent.\n1. Customer — name\n2. {heading}\n"
                              "3. Open questions", conversation)
    part = body(text, heading.split(" — ")[0])
    assert all(value in part for value in wanted) and not any(bad in part for bad in unwanted), text


@pytest.mark.parametrize(("conversation", "instructions", "issue", "reported", "elsewhere"), [
    (FLIGHT_ITEMS, "Summarize the conversation for the next agent.\n1. Customer — name and contact preference\n"
                   "2. Booking — flight, dates, reference\n3. Complaints\n4. Open questions\n5. Payments", "Complaints",
     "14C would not recline", ["21st of May", "hand luggage", "book it", "Write the note"]),
    (BANK, "Summarize the conversation for the next agent.\n1. Client — name\n2. Problems\n"
           "3. Replacement — order, date, fee\n4. Open questions", "Problems", "stolen",
     ["Porto", "PIN letter", "Write the note"]),
])
async def test_the_issue_section_holds_what_was_reported_not_loose_lines_or_the_request(
        client, conversation, instructions, issue, reported, elsewhere) -> None:
    text = await note(client, instructions, conversation)
    part = body(text, issue)
    assert reported in part and not any(line in part for line in elsewhere), text


@pytest.mark.parametrize(("conversation", "heading", "record", "unwanted"), [
    (FLIGHT_ITEMS, "Booking — flight, dates, reference", "QX7P2L, departing 21 May", "Write the note"),
    (BANK, "Replacement — order, date, fee", "RC88K2, arriving on 14 June", "stolen"),
])
async def test_a_section_named_for_a_thing_holds_the_agents_record_of_it(client, conversation, heading, record,
                                                                         unwanted) -> None:
    text = await note(client, f"Summarize the conversation for the next agent.\n1. Client — name\n2. {heading}\n"
                              "3. Open questions", conversation)
    part = body(text, heading.split(" — ")[0])
    assert record in part and unwanted not in part, text


@pytest.mark.parametrize(("conversation", "template", "wanted"), [
    (FLIGHT, "Fill in this template:\nCustomer name:\nContact channel:\nFlight:\nNew departure:\nBooking reference:\n"
             "Complaint id:\nUnresolved:",
     {"Customer name": "Marta Kowalski", "Flight": "LH 1342", "New departure": "21 May", "Booking reference": "QX7P2L",
      "Complaint id": "CMP-55102"}),
    (BANK, "Fill in this template:\n\nClient name:\n\nContact channel:\n\nReplacement order:\n\nUnresolved:",
     {"Client name": "Omar Haddad", "Replacement order": "RC88K2"}),
])
async def test_a_templates_fields_take_their_values_the_contact_address_and_the_open_question(
        client, conversation, template, wanted) -> None:
    text = await note(client, template, conversation)
    fields = dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)
    assert all(fields[name] == value for name, value in wanted.items() if name != "Replacement order"), text
    assert wanted.get("Replacement order", "RC88K2") in fields.get("Replacement order", "RC88K2"), text
    assert "@example." in fields["Contact channel"], text
    assert fields["Unresolved"].endswith("?") and "bike" in text or "collect the card" in fields["Unresolved"], text


@pytest.mark.parametrize(("conversation", "budget", "wanted"), [
    (FLIGHT, 60, ["QX7P2L", "21 May at 07:40", "CMP-55102"]),
    (BANK[:-2] + BANK[-1:], 50, ["RC88K2", "14 June", "stolen"]),
])
async def test_a_paragraph_within_its_budget_tells_what_the_agent_did(client, conversation, budget, wanted) -> None:
    text = await note(client, f"Summarize the conversation in one paragraph of at most {budget} words. Keep all "
                              "identifiers.", conversation)
    assert all(value in text for value in wanted) and len(text.split()) <= budget, text
    assert "?." not in text and "Write the note" not in text and "Yes please" not in text, text


def msg(role: str, text: str) -> dict:
    return {"role": role, "content": text}


def call(name: str, arguments: dict, call_id: str, output: dict) -> list[dict]:
    return [{"type": "function_call", "name": name, "arguments": json.dumps(arguments), "call_id": call_id},
            {"type": "function_call_output", "call_id": call_id, "output": json.dumps(output)}]


CAR = [msg("user", "Hello, this is Dev Patel. I rented car KX-4471 and the tyre pressure light is on."),
       *call("lookup_rental", {"plate": "KX-4471"}, "c1", {"rental_id": "RNT-88213", "return_date": "2026-12-09"}),
       msg("assistant", "I found rental RNT-88213, due back on 9 December at Leeds."),
       msg("user", "I'm near York right now and I'd rather not drive far."),
       *call("book_roadside", {"rental_id": "RNT-88213", "location": "York"}, "c2", {"job": "RSA-5520"}),
       msg("assistant", "Roadside assistance job RSA-5520 is booked; they arrive in about 45 minutes."),
       msg("user", "Thanks. Please call me on 07700 900123 when they are close.")]
LIBRARY = [msg("user", "Hi, my library card number is 2044187 and I can't renew The Overstory."),
           msg("assistant", "It has a hold from another reader. It is due on 3 January."),
           msg("user", "I'd rather not pay a late fee, so text me before it's due."),
           msg("assistant", "Done: you are on the Piranesi list, hold H-3391.")]


@pytest.mark.parametrize(("conversation", "keys", "wanted"), [
    (CAR, "customer, rental_id, roadside_job", {"rental_id": "RNT-88213", "roadside_job": "RSA-5520"}),
    (LIBRARY, '"card_number", "hold_id", "due_date"',
     {"card_number": "2044187", "hold_id": "H-3391", "due_date": "3 January"}),
])
async def test_a_key_takes_the_value_after_its_last_word_and_a_number_said_to_be_one(client, conversation, keys,
                                                                                    wanted) -> None:
    text = await note(client, f"Return JSON with the keys {keys}.", conversation)
    found = json.loads(text)
    assert all(found[key] == value for key, value in wanted.items()), text


@pytest.mark.parametrize(("conversation", "problem", "preference"), [
    (CAR, "tyre pressure light", "call me on 07700 900123"),
    (LIBRARY, "can't renew", "text me before it's due"),
])
async def test_a_preference_and_a_way_to_reach_someone_are_no_problem(client, conversation, problem,
                                                                      preference) -> None:
    text = await note(client, "Handover format:\n\nProblem:\n    what is wrong\nContact preference:\n"
                              "    how to reach them\nNext:\n    what happens next", conversation)
    assert problem in body(text, "Problem") and "rather" not in body(text, "Problem"), text
    assert preference in body(text, "Contact preference"), text


TUTOR = [msg("user", "Hi, I'm Lina, I'm in year 9 and I struggle with quadratic equations."),
         msg("assistant", "Let's try x^2 - 5x + 6 = 0. What are the roots?"),
         msg("user", "Is it 2 and 4?"),
         msg("assistant", "Close: the roots are 2 and 3, since 2 * 3 = 6."),
         msg("user", "My test is on 12 March, can we meet again on Friday?"),
         msg("assistant", "Yes, Friday at 4pm. Next time we do the quadratic formula.")]
PIANO = [msg("user", "Hello, I'm Aiko, I'm in grade 5 and my homework is the C major scale."),
         msg("assistant", "Good. Play it hands together, slowly."),
         msg("user", "Could we meet on Saturday?"),
         msg("assistant", "Sure, Saturday at 10am. Next lesson we do arpeggios.")]


@pytest.mark.parametrize(("conversation", "instructions", "person", "when"), [
    (TUTOR, "Write session notes with these sections:\n• Student: name and year\n• Homework: what to do before next "
            "time\n• Next meeting: date and time", ("Student", "Lina"), ("Next meeting", "Friday at 4pm")),
    (PIANO, "Write lesson notes with these sections:\n- Pupil: name and grade\n- Homework: what to practise\n"
            "- Next lesson: date and time", ("Pupil", "Aiko"), ("Next lesson", "Saturday at 10am")),
])
async def test_a_split_sentence_keeps_the_name_and_the_next_meeting_gets_its_time(client, conversation, instructions,
                                                                                  person, when) -> None:
    text = await note(client, instructions, conversation)
    assert person[1] in body(text, person[0]) and when[1] in body(text, when[0]), text


GROOM = [msg("user", "Hello, I'd like to book a groom for my poodle Biscuit, she's 4."),
         msg("assistant", "Booked: Saturday 10:00, appointment GRM-2207, price 55 EUR."),
         msg("user", "She is allergic to oatmeal shampoo. Can you also trim her nails?"),
         msg("assistant", "Nail trim added for 8 EUR, total 63 EUR.")]
HOTEL = [msg("user", "Hi, I'm Noor Aziz, I'd like a double room for two nights from 4 April."),
         msg("assistant", "Room 12 is free at 100 EUR a night. Shall I book it?"),
         msg("user", "Yes, and add breakfast please."),
         msg("assistant", "Done: booking HTL-5501, breakfast adds 12 EUR, total 212 EUR.")]


@pytest.mark.parametrize(("conversation", "key", "total"), [(GROOM, "total", "63 EUR"), (HOTEL, "total_cost", "212 EUR")])
async def test_an_amount_key_takes_the_amount_after_its_word(client, conversation, key, total) -> None:
    text = await note(client, f"Return JSON with the keys {key}, allergies, booking.", conversation)
    assert json.loads(text)[key] == total, text


@pytest.mark.parametrize(("conversation", "instructions", "heading"), [
    (GROOM, "Handover for the groomer on duty.\n\nPet:\n    name and breed\n\nAllergies:\n    what to avoid", "Allergies"),
    (HOTEL, "Handover for the night receptionist.\n\nGuest:\n    who\n\nBooking:\n    room and dates", "Guest"),
])
async def test_a_prompt_titled_handover_asks_for_the_note(client, conversation, instructions, heading) -> None:
    text = await note(client, instructions, conversation)
    assert f"{heading}:" in text and not text.startswith(("Noted", "I can't", "I don't")), text


RESET = [msg("user", "Hi, I'm Kofi Mensah, my printer jams on every page."),
         msg("assistant", "I logged ticket PR-4410 for the printer."),
         msg("user", "Could you lend me a spare laptop meanwhile?"),
         msg("assistant", "Yes: spare laptop SL-07 is ready at the front desk.")]


@pytest.mark.parametrize(("conversation", "done"), [(GROOM, "trim her nails"), (RESET, "a spare laptop meanwhile")])
async def test_a_request_the_agent_answered_is_no_follow_up(client, conversation, done) -> None:
    text = await note(client, "Produce a summary as a numbered list of at most 4 points.", conversation)
    assert text.startswith("1. ") and done not in text, text


GARDEN = [msg("user", "Hi, I'm Rosa Lind. The hedge trimming you did on 2 May left branches all over my lawn."),
          msg("assistant", "Sorry about that. I found job JB-3310 from 2 May. I can send a crew on Thursday."),
          msg("user", "Thursday works."),
          msg("assistant", "Booked: crew visit V-8812 on Thursday at 9:00, no charge."),
          msg("user", "Will you also refund the 40 EUR call-out fee?")]


@pytest.mark.parametrize(("conversation", "instructions", "headings"), [
    (GARDEN, "## Summary format\n\nUse these headings:\n\n## Customer\n## What we did\n## Still open",
     ["Customer", "What we did", "Still open"]),
    (GROOM, "## Output\nFill these in from the chat.\n\n## Pet\n## Allergies\n## Total", ["Pet", "Allergies", "Total"]),
])
async def test_a_heading_over_the_prompts_own_words_is_its_title_not_a_section(client, conversation, instructions,
                                                                              headings) -> None:
    text = await note(client, instructions, conversation)
    assert [line[3:] for line in text.splitlines() if line.startswith("## ")] == headings, text


@pytest.mark.parametrize(("conversation", "instructions", "heading", "record"), [
    (FLIGHT, "Write a handover note with these sections:\n* Who: the customer\n* What changed: bookings made or changed"
             "\n* Pending: what is still open", "What changed", "QX7P2L"),
    (HOTEL, "Summarize the chat under these headings:\n\nGuest:\n    who\nBookings:\n    what was reserved",
     "Bookings", "HTL-5501"),
])
async def test_a_plural_in_ings_meets_its_singular(client, conversation, instructions, heading, record) -> None:
    text = await note(client, instructions, conversation)
    assert record in body(text, heading), text
