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


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": "user", "content": conversation}] if isinstance(conversation, str) else [
        {"role": role, "content": text} for role, text in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


def body(text: str, heading: str) -> str:
    """The lines under ``heading`` up to the next heading (a line starting with "#" or ending with ":")."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().lstrip("#").strip().rstrip(":") == heading)
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
