"""Notes, memory, tools and schemas, as outside testers met them this round (in my own words and domains):

- a summary's "What changed" holds each change as the reply confirmed it ("Updated: the second reader is now Dr
  Imre Salo"), its "still open" what a reply left pending ("that is pending", "not booked yet"), and its "agreed" no
  booking a reply says is not made yet;
- a later sentence naming a person by part of their name ("because of Dr Salo's leave") is no new name for them;
  "Actually it has been moved to 12 June" corrects the date said just before.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner

from memlab import SummarizingSession

from ..helpers import offline_summarizer, said, sections, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]

DEFENCE = [
    {"role": "user", "content": "Hello, Maren Tulk here, candidate number 88-1203."},
    {"role": "assistant", "content": "Hello Maren."},
    {"role": "user", "content": "My readers are Dr Ana Pell first and Dr Kofi Brandt second."},
    {"role": "assistant", "content": "Noted: Dr Ana Pell first, Dr Kofi Brandt second."},
    {"role": "user", "content": "Update: Dr Brandt has withdrawn. The new second reader is Dr Imre Salo."},
    {"role": "assistant", "content": "Updated: the second reader is now Dr Imre Salo."},
    {"role": "user", "content": "The defence was set for 5 June."},
    {"role": "assistant", "content": "Noted, 5 June."},
    {"role": "user", "content": "Actually it has been moved to 12 June because of Dr Salo's leave."},
    {"role": "assistant", "content": "Updated: the defence is on 12 June."},
    {"role": "user", "content": "Can the defence be streamed? Dr Salo may dial in."},
    {"role": "assistant", "content": "Streaming needs the registrar's approval; that is pending. No hall has been booked yet either."},
]

NUMBERED = """Summarise in four numbered sections, with these titles and in this order:
1. People
2. What was agreed
3. What changed
4. What is still open
Under each, short sentences. Write 'Nothing.' for an empty section."""


async def test_a_note_holds_the_confirmed_changes_what_is_pending_and_no_garbled_name() -> None:
    _, note = await offline_summarizer(prompt=NUMBERED).summarize(DEFENCE)
    parts = sections(note)
    assert "Dr Salo's" not in parts["People"] and "Dr Imre Salo" in parts["People"]
    assert "the second reader is now Dr Imre Salo" in parts["What changed"] and "12 June" in parts["What changed"]
    assert "5 June" not in parts["People"] + parts["What changed"]
    assert "registrar's approval" in parts["What is still open"] and "No hall has been booked" in parts["What is still open"]
    assert "No hall" not in parts["What was agreed"]


async def test_a_count_corrected_keeps_the_rest_of_the_sentence_and_the_dates_in_it() -> None:
    _, note = await offline_summarizer().summarize(said(
        "Hi, I'm Nora Vail from the Dunmore Singers. We need 20 velvet cloaks for shows 3-6 April 2026.",
        "Correction: make that 24 cloaks, two more altos joined."))
    assert "24 velvet cloaks for shows 3-6 April 2026" in note and "20 velvet" not in note and "April 24" not in note


async def test_a_choice_among_listed_options_is_noted_and_a_two_part_question_gets_both_parts() -> None:
    desk = Agent(name="Desk", instructions="You book pottery taster evenings. Evenings are 17:30 and 19:30.")
    said_back = await replies(["Hi, I'm Ilse Maro, party of 3.", "I'd like the 19:30 evening.",
                               "Which evening did I pick, and how many are we?"], desk)
    assert said_back[1].startswith("Noted") and "19:30" in said_back[1]
    assert "19:30" in said_back[2] and "party of 3" in said_back[2]


async def test_what_the_user_is_still_waiting_to_hear_is_their_question_no_reply_answered() -> None:
    said_back = await replies(["We hire 6 gazebos for 9 May.", "Still open: do the gazebos come with weights?",
                               "What was I still waiting to hear about?"])
    assert "do the gazebos come with weights?" in said_back[2]


async def test_json_keys_typed_in_the_prompt_are_numbers_lists_and_iso_dates() -> None:
    prompt = """Output a single JSON object and nothing else. Keys:
- "client": string
- "width_m": number (the current value)
- "tents": number (how many tents are currently ordered)
- "build_date": string, YYYY-MM-DD
- "open_issues": list of strings
Use null for a value the conversation does not give."""
    conversation = [
        {"role": "user", "content": "Hi, I'm Tobin Marsh. We need a marquee 9 m wide for a garden party."},
        {"role": "assistant", "content": "Noted: 9 m wide."},
        {"role": "user", "content": "Correction: the width is 12 m, I measured the lawn again."},
        {"role": "assistant", "content": "Updated: width 12 m."},
        {"role": "user", "content": "When can your crew build it?"},
        {"role": "assistant", "content": "The next build slot is 20 June 2026 with crew B."},
        {"role": "user", "content": "Cancel the second marquee, just one tent for now."},
        {"role": "assistant", "content": "Understood: one tent. The new price is still to be confirmed."},
    ]
    _, note = await offline_summarizer(prompt=prompt).summarize(conversation)
    got = json.loads(note)
    assert got["width_m"] == 12 and got["tents"] == 1 and got["build_date"] == "2026-06-20"
    assert isinstance(got["open_issues"], list) and any("still to be confirmed" in one for one in got["open_issues"])


async def test_a_date_moved_for_one_lettered_site_is_that_sites_in_notes_and_recall() -> None:
    texts = ["The Plot A survey is on 2 May and the Plot B survey is on 9 May.", "Sorry, the Plot B survey moves to 16 May."]
    _, note = await offline_summarizer().summarize(said(*texts))
    assert "Plot A survey is on 2 May and the Plot B survey is on 16 May" in note and "Plot A survey is on 16 May" not in note
    said_back = await replies([*texts, "When is the Plot A survey?"])
    assert "2 May" in said_back[2] and not said_back[2].startswith("You told me: the Plot B")


async def test_corrections_a_note_writes_in_a_count_of_its_own_kind_a_not_value_and_a_weekday() -> None:
    said_back = await replies(["We'll pitch 8 shelters: 5 cotton yurts and 3 lean-tos.",
                               "Oh, correction: 6 cotton yurts, so 9 shelters in total."])
    assert "6 cotton yurts and 3 lean-tos" in said_back[1] and "yurts lean-tos" not in said_back[1]
    _, note = await offline_summarizer().summarize(said(
        "I need to lend a saddle to a new rider, Ines Morrow, seat 17 inches.", "Actually Ines's seat is 18, not 17.",
        "Our usual lesson night is Tuesday.", "Actually switch lessons to Friday."))
    assert "seat 18 inches" in note and "seat 17" not in note
    assert "lesson night is Friday" in note and "Tuesday" not in note


async def test_a_yes_or_no_from_notes_says_yes_and_a_deed_asked_for_is_noted_not_promised() -> None:
    from ..helpers import offline_mode

    with offline_mode():
        session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=offline_summarizer())
        said_back = [(await Runner.run(HELPER, text, session=session)).final_output for text in (
            "Hello, I'm Ada Frost.", "My budget is 2,800 euros.", "The shed is 9 square metres.", "I like moss.",
            "Is my budget 2,800 euros? Yes or no.")]
    assert said_back[-1].startswith("Yes")
    said_back = await replies(["Please send the receipt to accounts@quarry-lane.example.", "Please ring me on 07700 900518.",
                               "Please be brief.", "Where should the receipt go?"])
    assert said_back[0].startswith("Noted: you asked me to send the receipt to accounts@quarry-lane.example")
    assert said_back[1].startswith("Noted: you asked me to ring you on 07700 900518.") and said_back[2] == "Noted: I will be brief."
    assert "accounts@quarry-lane.example" in said_back[3]


async def test_whose_thing_a_question_asks_of_is_the_one_that_answers() -> None:
    said_back = await replies([
        "I want to order 10 training cones, blue, for our Sunday drills.",
        "The other coach, Ruth Sand, wants 25 cones, red, for the juniors.",
        "Actually make mine 14 cones, still blue.", "Who is ordering the red cones?", "How many cones am I getting now?",
        "How many cones did I order, and what colour?"])
    assert "14 training cones, blue" in said_back[2] and "Ruth Sand, wants 25" in said_back[3]
    assert "14 training cones" in said_back[4] and "Ruth" not in said_back[5] and "14" in said_back[5]
    said_back = await replies(["I'm lending kit to a new member, Pavel Dorn.", "He wants the wax jacket and a canvas bag.",
                               "The second member is Lotte Wray; she needs a felt hat.", "Did Lotte ask for a bag?"])
    assert "canvas bag" not in said_back[3]


async def test_review_it_moved_is_the_latest_dated_thing_a_bare_reply_is_no_change_and_noted_names_stay() -> None:
    texts = ["Clinic: Mr Aalto has a scale and polish on 6 March.", "He also has a crown fitting on 20 March.",
             "Actually it has been moved to 27 March.", "Whether insurance covers the crown is pending."]
    _, note = await offline_summarizer().summarize(said(*texts))
    assert "scale and polish on 6 March" in note and "crown fitting on 27 March" in note
    conversation = [{"role": "user", "content": "The referee for the cup tie?"}, {"role": "assistant", "content": "Noted, Hall 3."},
                    {"role": "user", "content": "The timekeeper is Bo."}, {"role": "assistant", "content": "Noted, Bo Lund."},
                    {"role": "user", "content": "Move the kick-off to 15:00."}, {"role": "assistant", "content": "Updated."}]
    _, note = await offline_summarizer(prompt=THREE_HEADINGS).summarize(conversation)
    parts = sections(note)
    assert "Noted, Bo Lund." in parts["What was agreed"] and "Noted, Hall 3." in parts["What was agreed"]
    assert "Updated." not in parts["What changed"]
    said_back = await replies(["We are 5.", "My name is Ola.", "How many are we?"])
    assert "5" in said_back[2] and "Ola" not in said_back[2]


THREE_HEADINGS = "Summarise the conversation under three headings: What was agreed, What changed, What is still open."


async def test_advice_and_prices_the_instructions_give_answer_questions_about_my_things() -> None:
    advice = Agent(name="Advice", instructions="You give water butt advice for Rainwise. Butts should be drained every "
                                              "6 months. Never add bleach.")
    assert "every 6 months" in (await replies(["How often should my water butt be drained?"], advice))[0]
    service = Agent(name="Service", instructions="You service chimney cowls. Annual check 14 GBP per cowl; full sweep every "
                                                 "2 years.")
    assert "14 GBP per cowl" in (await replies(["How much is the annual check on our three cowls?"], service))[0]


async def test_a_font_family_stays_whole_and_a_comma_list_is_each_item() -> None:
    from agents import function_tool

    from ..helpers import tool_calls

    @function_tool
    def licence_price(family: str, seats: int) -> str:
        """Price a desktop licence of a font family."""
        return "EUR 90"

    @function_tool
    def stock_check(items: list[str]) -> str:
        """Check stock for each named item."""
        return "all in stock"

    called, _ = await tool_calls([licence_price, stock_check], "Price 4 seats of Harrow Gothic.")
    assert called == [("licence_price", {"family": "Harrow Gothic", "seats": 4})]
    called, _ = await tool_calls([licence_price, stock_check], "Do you have spools, tails and bridles in stock?")
    assert called == [("stock_check", {"items": ["spools", "tails", "bridles"]})]


async def test_a_ban_the_user_states_is_noted_and_answers_whether_they_may() -> None:
    said_back = await replies(["The Ferris quilt is on the drying rack until Monday.",
                               "Do NOT use an iron on the Ferris quilt, the wadding melts.", "Can I iron the Ferris quilt?"])
    assert said_back[1].startswith("Noted") and said_back[2].startswith("No") and "wadding melts" in said_back[2]


async def test_review_two_part_counts_and_colours_a_group_said_another_way_and_a_note_moved_since() -> None:
    said_back = await replies(["My kite is the big diamond. It is green.", "Which kite is mine, and what colour?"])
    assert "big diamond" in said_back[1] and "green" in said_back[1]
    said_back = await replies(["The barn is booked for 60 dancers. The band is Fiddle Ash.", "How many dancers, and which band?"])
    assert "60 dancers" in said_back[1]
    said_back = await replies(["The crew has 9 rowers.", "How many are we?"])
    assert "9 rowers" in said_back[1]
    conversation = [{"role": "user", "content": "Boat trip on Sunday 6 July from Quay Steps."}, {"role": "assistant", "content": "Noted."},
                    {"role": "user", "content": "Tea at the Mill Cafe at 3pm."}, {"role": "assistant", "content": "Noted, 3pm."},
                    {"role": "user", "content": "Actually it has been moved to 4pm."}, {"role": "assistant", "content": "Noted, 4pm."},
                    {"role": "user", "content": "Who brings the flasks is open."}, {"role": "assistant", "content": "Noted as open."}]
    _, note = await offline_summarizer(prompt=THREE_HEADINGS).summarize(conversation)
    parts = sections(note)
    assert "3pm" not in parts["What was agreed"] and "Who brings the flasks is open." in parts["What is still open"]
    _, note = await offline_summarizer(prompt='Return only JSON with keys: "event": string, "date": string, "pending": list of '
                                       'strings').summarize(conversation)
    assert json.loads(note)["pending"] == ["Who brings the flasks is open."]


async def test_a_labelled_yes_for_a_field_of_its_word_and_an_option_that_opens_the_message() -> None:
    from typing import Literal

    from pydantic import BaseModel

    class Screening(BaseModel):
        patient_id: str
        referral_needed: bool

    class Crossing(BaseModel):
        vehicle: Literal["car", "van", "bicycle", "foot passenger"]
        return_trip: bool

    screening = Agent(name="Clerk", instructions="Transcribe the screening note.", output_type=Screening)
    result = await Runner.run(screening, "Patient EY-4410. Left eye 6/9, right eye 6/12. Refer to optician: yes.")
    assert result.final_output.referral_needed is True
    crossing = Agent(name="Clerk", instructions="Extract the ticket.", output_type=Crossing)
    result = await Runner.run(crossing, "Car, two passengers: Ada Moss and Ben Moss. Return trip.")
    assert result.final_output.vehicle == "car"


async def test_review_mine_is_never_anothers_a_switched_weekday_and_a_date_not_a_duration() -> None:
    said_back = await replies(["Ines ordered 6 paddles.", "Make mine 9 paddles.", "How many paddles did Ines order?"])
    assert "Ines ordered 6 paddles" in said_back[2]
    conversation = [{"role": "user", "content": "Junior rowing practice is on Monday at 5pm."}, {"role": "assistant", "content": "Noted."},
                    {"role": "user", "content": "Regattas are on Sunday."}, {"role": "assistant", "content": "Noted."},
                    {"role": "user", "content": "Switch practice to Wednesday."}, {"role": "assistant", "content": "Done, Wednesday."}]
    prompt = 'Return only JSON with keys: "event": string, "date": YYYY-MM-DD, "pending": list of strings'
    _, note = await offline_summarizer(prompt=prompt).summarize(conversation)
    assert json.loads(note)["date"] != "Monday"
    _, note = await offline_summarizer(prompt=prompt).summarize(said("Bike hire from 4 August 2026 for 3 days."))
    assert json.loads(note)["date"] == "2026-08-04"


async def test_a_switched_day_and_a_pending_matter() -> None:
    said_back = await replies(["Choir practice is on Monday at 7pm.", "Concerts are on Friday.", "Switch practice to Wednesday.",
                               "When is choir practice?"])
    assert "Wednesday" in said_back[3] and "Monday" not in said_back[3]
    said_back = await replies(["The boiler service is booked for 9 May.", "The landlord's answer is pending.",
                               "What was I still waiting to hear about?"])
    assert "The landlord's answer is pending" in said_back[2] and "boiler" not in said_back[2]


async def test_review_a_move_a_ban_a_pending_matter_a_label_and_an_option_stay_within_what_they_name() -> None:
    said_back = await replies(["Choir is on Tuesday. The gala is on Saturday.", "Move choir to Friday.", "When is the gala?"])
    assert "Saturday" in said_back[2]
    said_back = await replies(["Never feed the goats bread.", "Can I feed the goats hay?"])
    assert not said_back[1].startswith("No")
    said_back = await replies(["The gate is open.", "The refund is no longer pending, it came through.",
                               "What was I still waiting to hear about?"])
    assert "gate" not in said_back[2] and "refund" not in said_back[2]
    clinic = Agent(name="Clinic", instructions="You help patients of the Ash Road clinic. The waiting time is about 15 minutes.")
    said_back = await replies(["My hearing test result is pending.", "What is the waiting time at the clinic?"], clinic)
    assert "15 minutes" in said_back[1]
    from typing import Literal

    from pydantic import BaseModel

    class Hire(BaseModel):
        days: int
        insurance_needed: bool

    class Room(BaseModel):
        guest: str
        room: Literal["single", "double", "twin"]

    result = await Runner.run(Agent(name="Desk", instructions="Extract the hire.", output_type=Hire),
                              "Insured: yes, I have my own cover. Trailer for 2 days.")
    assert result.final_output.insurance_needed is False
    result = await Runner.run(Agent(name="Desk", instructions="Extract the booking.", output_type=Room),
                              "Twin, no wait, double for Joe Hart.")
    assert result.final_output.room == "double"
