"""A summary fills the fields a prompt lays out under its headings or on its own lines, numbers what it asks to be
numbered, drops what was cancelled, and keeps what the user told that no section names.

An outside tester's orchard-volunteer, hedgehog-hotline and bookbinding chats. "## Volunteer" over "Name: <full name>"
and "Phone: <phone number>" held "I'd like to volunteer at the Hollins Lane orchard." and lost the name and the number;
"## Shifts agreed" (a numbered list) held "Welcome Priya!" and kept the shift the volunteer cancelled. A handover of
"Caller: <name>" lines, a numbered "Timeline:" and "Handover: one sentence on what the next volunteer must do." came
back as one run-on sentence (the last line's "one sentence" was read as the whole note's). memlab's own prompt, over a
bindery's commissions, kept none of the budget, the leather or the batch of foil, and the session's own request for a
recap ("Before we go on, recap...") was quoted back as something the user had said.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

from memlab import SummarizingSession

from ..helpers import offline_summarizer

pytestmark = pytest.mark.usefixtures("api")


def chat(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    """The user's and the assistant's turns, in order."""
    return [item for user, reply in pairs for item in ({"role": "user", "content": user},
                                                       {"role": "assistant", "content": reply})]


ORCHARD = chat(
    ("Hi, I'd like to volunteer at the Hollins Lane orchard. My name is Priya Castellano.",
     "Welcome Priya! Could I take a phone number?"),
    ("Sure, it's 07700 914 382.", "Thanks, noted 07700 914 382."),
    ("What jobs do you have in October?", "In October we have apple picking, pressing juice, and mulching the young trees."),
    ("I'd love to do apple picking on Saturday 12 October, morning.", "Booked: apple picking, Saturday 12 October, 9am to 12pm."),
    ("Also juice pressing on Sunday 20 October in the afternoon?", "Booked: juice pressing, Sunday 20 October, 1pm to 4pm."),
    ("Can my son Tomas come? He is 14.", "Under-16s need a parent on site; I'll check whether 14 is allowed for pressing."),
    ("OK. And mulching on 2 November, morning please.", "Booked: mulching, Saturday 2 November, 10am to 1pm."),
    ("Could you cancel the 20 October pressing? I have a family event.", "Done, the juice pressing on 20 October is cancelled."),
    ("Instead, can I press juice on Sunday 27 October afternoon?", "Booked: juice pressing, Sunday 27 October, 1pm to 4pm."),
    ("Is there parking?", "There is a small gravel car park for six cars by the gate."))

ORCHARD_PROMPT = """You summarise a conversation between a volunteer coordinator for a community orchard and a volunteer.
Write the note with exactly these markdown sections, in this order:

## Volunteer
Name: <full name>
Phone: <phone number>

## Shifts agreed
A numbered list, one shift per line, in the order they were agreed (date, time, task).

## Open questions
Bullets for anything still unresolved.

Keep it under 120 words."""


async def test_fields_under_a_heading_are_filled_and_a_numbered_section_numbered() -> None:
    _, note = await offline_summarizer(prompt=ORCHARD_PROMPT).summarize(ORCHARD)
    parts = {part.partition("\n")[0]: part.partition("\n")[2].strip() for part in note.split("## ")[1:]}
    assert parts["Volunteer"].splitlines() == ["Name: Priya Castellano", "Phone: 07700 914 382"], note
    shifts = parts["Shifts agreed"].splitlines()
    assert [line[:3] for line in shifts] == ["1. ", "2. ", "3. "], note
    assert "12 October" in shifts[0] and "2 November" in shifts[1] and "27 October" in shifts[2], note
    assert "20 October" not in note and "Welcome" not in note, note


HEDGEHOG = chat(
    ("Hello, I've found a hedgehog in my garden in daylight. My name is Callum Reyes-Whitford.", "What's your number?"),
    ("It's 01632 960 447.", "Got it, 01632 960 447."),
    ("I'm at 9 Marlpit Close, Edgeley.", "Thanks, 9 Marlpit Close, Edgeley."),
    ("I spotted it at about 2:10pm by the shed.", "Noted: seen at 2:10pm by the shed."),
    ("Should I keep it warm?", "Yes, a hot water bottle wrapped in a towel under half the box."),
    ("Done, at 2:25pm it's in a box.", "Great, contained at 2:25pm."),
    ("Do you have someone who can collect it?", "Our driver Sunita will collect at 4pm from 9 Marlpit Close."),
    ("It's just moved a bit at 3:05pm.", "Noted, some movement at 3:05pm; keep it somewhere quiet."))

HEDGEHOG_PROMPT = """Handover note for the next hotline volunteer.
Caller: <name>
Callback number: <number>
Animal: <species and condition>
Location: <where found>
Timeline:
1. <first event>
2. ...
(number every event in the order it happened, with times)
Handover: one sentence on what the next volunteer must do."""


async def test_blank_fields_are_filled_on_their_lines_and_a_timeline_numbered() -> None:
    _, note = await offline_summarizer(prompt=HEDGEHOG_PROMPT).summarize(HEDGEHOG)
    lines = note.splitlines()
    assert lines[:2] == ["Caller: Callum Reyes-Whitford", "Callback number: 01632 960 447"], note
    assert any(line.startswith("Location: 9 Marlpit Close") for line in lines), note
    assert "Animal: Yes" not in note and "Timeline:\n1. " in note and "2:10pm" in note, note
    assert any(line.startswith("Handover:") for line in lines), note


BINDERY = ["New commission: a leather-bound family bible restoration for Mr Tobias Quill.",
           "The bible is from 1871 and has 1,240 pages.", "The spine is detached and the front board is warped.",
           "He chose dark green goatskin for the new spine.", "The budget is 420 pounds.",
           "Tabitha wants ivory linen covers with gold foil initials T and R.",
           "Scratch the goatskin: Mr Quill now wants oxblood calfskin instead.",
           "The gold foil comes from Kensington Foils, batch K-5512."]


async def test_memlabs_own_prompt_keeps_what_the_user_told_and_what_they_took_back_is_gone() -> None:
    _, note = await offline_summarizer().summarize(chat(*((said, "Noted.") for said in BINDERY)))
    assert "420 pounds" in note and "oxblood calfskin" in note and "K-5512" in note, note
    assert "dark green goatskin for the new spine" not in note, note


async def test_the_sessions_own_request_for_a_recap_is_not_quoted_as_the_users() -> None:
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=offline_summarizer(),
                                 session_id="bindery")
    agent = Agent(name="Bindery", instructions="Answer only from the conversation.")
    for turn in [*BINDERY, "Which initials go on the album covers?"]:
        answer = str((await Runner.run(agent, turn, session=session)).final_output)
    assert "T and R" in answer and "recap" not in answer, answer


async def test_a_word_for_nothing_after_use_and_a_field_told_apart_by_its_own_word() -> None:
    prompt = ("Write the summary as plain 'Field: value' lines, exactly these fields in this order, one per line:\n"
              "Patient:\nLeft ear:\nRight ear:\nInsurer:\nUse 'unknown' when the conversation does not say.")
    _, note = await offline_summarizer(prompt=prompt).summarize(chat(
        ("I'm Bernard Ashworth-Lyle, here for my hearing test results.", "Welcome, Bernard."),
        ("How did the test go?", "Your left ear has moderate high-frequency loss; your right ear has mild loss.")))
    assert note.splitlines() == ["Patient: Bernard Ashworth-Lyle", "Left ear: Your left ear has moderate high-frequency "
                                 "loss", "Right ear: Your right ear has mild loss", "Insurer: unknown"], note


@pytest.mark.parametrize(("said", "kept", "gone"), [
    (["Flight LH 401 departs 9 May at 10:15.", "Hotel in Lisbon booked for 9 May.",
      "Flight LH 401 on 9 May is cancelled, rebooked on TP 512 on 10 May."], "Hotel in Lisbon", "departs 9 May"),
    (["Client call with Arup at 3pm Tuesday.", "Dentist at 3pm Tuesday too, I'll have to move one.",
      "The client call at 3pm is cancelled."], "Dentist at 3pm", "Client call with Arup"),
    (["Budget for the party is 500 euros.", "The hall booking is called off, we lost the 500 euros deposit."],
     "Budget for the party is 500 euros", None),
    (["The garden shed roof leaks.", "Book the roofer for the garage.", "Forget the garden for now."],
     "garden shed roof leaks", None),
    (["Book the Italian restaurant for Friday.", "The Italian restaurant has vegan options, which matters for Sam.",
      "Forget the Italian restaurant, book the Thai place instead."], "vegan options", "Book the Italian restaurant for"),
])
async def test_a_cancellation_or_a_change_of_plan_takes_back_only_its_own_thing(said, kept, gone) -> None:
    prompt = "Summarize the conversation with sections: Bookings, Notes."
    _, note = await offline_summarizer(prompt=prompt).summarize(chat(*((line, "Noted.") for line in said)))
    assert kept in note and (gone is None or gone not in note), note


async def test_a_date_and_a_time_left_blank_are_read_off_the_time_agreed() -> None:
    _, note = await offline_summarizer(prompt="Return:\nDate: ___\nTime: ___\nEngineer: ___").summarize(chat(
        ("Hi, this is Marek Nowak calling about the boiler. It shows fault F28.", "An engineer can come Thursday at 2:10pm."),
        ("Thursday works.", "Booked.")))
    assert note.splitlines()[:2] == ["Date: Thursday", "Time: 2:10pm"], note


async def test_a_rule_after_the_fields_and_a_summary_line_are_no_sections() -> None:
    _, note = await offline_summarizer(prompt="Write the note in this form:\nName: [name]\nCompany: [company]\n"
                                              "The rest as bullets under Notes.").summarize(chat(
        ("I'm Ravi Shah, CTO at Lumen Labs.", "Welcome."), ("We need 40 seats on the Team plan.", "Noted.")))
    assert note.splitlines()[:2] == ["Name: Ravi Shah", "Company: Lumen Labs"], note
    _, note = await offline_summarizer(prompt="Output format:\nSummary: one sentence\nDetails: bullets").summarize(chat(
        ("My dishwasher leaves white residue on glasses.", "Try a rinse aid."), ("I used the descaler, still cloudy.", "OK.")))
    assert note.splitlines()[0].startswith("Summary: My dishwasher leaves white residue on glasses; "), note


async def test_a_corrected_date_takes_its_new_weekday_and_a_note_tells_the_later_value() -> None:
    _, note = await offline_summarizer().summarize(chat(*((line, "Noted.") for line in [
        "The pressing day is on Saturday 12 October.", "We have 14 crates of apples.",
        "Actually, the date has moved: the pressing day is now Sunday 13 October."])))
    assert "Sunday 13 October" in note and "Saturday 13" not in note and "Saturday 12" not in note, note
    agent = Agent(name="Gelato", instructions="Answer only from the conversation.")
    asked = [{"role": "user", "content": "Before we go on, recap what we have covered so far in this conversation."},
             {"role": "assistant", "content": "## Timeline\n- Opening day is 1 May.\n- Opening is pushed back to 15 May.\n\n"
                                              "## Next recommended step\n- Opening day is 1 May."},
             {"role": "user", "content": "What's the opening date?"}]
    assert "15 May" in str((await Runner.run(agent, asked)).final_output)
