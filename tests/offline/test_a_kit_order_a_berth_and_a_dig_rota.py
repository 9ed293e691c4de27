"""Corrections, recall, notes and tools, as outside testers and two reviewers met them (in this order):

- a correction is written into what it corrects: "make our kits 10, not 12", "the motors should be B6-4, not A8-3",
  "room C-241, not 214" (the whole code), "ends 724, not 742: 07700 900 724", "Pitch 7, not Pitch 6" (into Pitch 6,
  not the first pitch), a mistyped code in every earlier line of a note, "I'll bring 4 easels, not 2", "make my start
  Tuesday 4 March", "the roach count is 33" (one count of two), "4 days, Monday to Thursday";
- recall reads back three things asked without a colon, the days "am I coming in", what the user asked for (not what
  someone named wants), a friend's number as a friend's, a thing cancelled since as cancelled, the clause of the one
  person a correction did not touch, a date asked bare; an id a correction undoes is no answer from a note;
- a note lists pasted "TOOL CALL" lines as calls (among its steps when it has no tools section), labels a call's value
  by its key, lists no time window as an identifier, and tells a note's line in the user's words as theirs;
- tools act on the id the message names, fill a ticket number told in an earlier turn (not an old one's), obey
  ``tool_choice="required"`` or a named tool when a tool can be called, and call the tool "Use the forecast tool" names;
- the instructions' task ("Decide whether...") is no answer; a fact they give of the person they say the model is
  "talking to" answers "my" questions; a rate per unit is never added to the amounts it prices.

Outside testers' rocket kits, student halls, archaeology dig, skip hire, cricket farm, sewing repair and moth
traps, in my own words; the reviewers' tents, shelves, campsite pitches and orders. Before: "room C-214" became "room
C-room C-241"; "ends 724, not 742" was ignored and the old emergency number told; "Who supervises Trench 3?" got the
correction of Trench 5; "feed to R-07, please log it" logged R-12; ``tool_choice="required"`` made no call and echoed
the instructions; "4.5 + 1.10 + 58 = 63.6" was given as a cost.
"""

from __future__ import annotations

import pytest
from agents import Agent, ModelSettings, Runner, function_tool
from openai import AsyncOpenAI

from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def last(said: list[str], agent: Agent = HELPER) -> str:
    return (await turns(agent, said))[-1][1]


async def reply_to(items: list[dict[str, str]]) -> str:
    """The helper's reply to a conversation given whole (a summary pair in it)."""
    return str((await Runner.run(HELPER, items)).final_output)


def chat(*texts: str) -> list[dict[str, str]]:
    """User and assistant messages, in turn."""
    return [{"role": ("user", "assistant")[n % 2], "content": text} for n, text in enumerate(texts)]


async def test_a_note_holds_the_values_after_make_our_x_n_and_the_x_should_be_corrections() -> None:
    items = chat("PO number FRC-PO-0382. We need 12 Alpha III kits.", "Noted: PO FRC-PO-0382, 12 Alpha III kits.",
                 "Plus 24 A8-3 motors.", "Noted: 24 A8-3 motors.", "Wait, make our kits 10, not 12.", "Noted: 10 kits.",
                 "Oh, and the motors should be B6-4, not A8-3.", "Noted: 24 B6-4 motors.")
    note = (await offline_summarizer().summarize(items))[1]
    assert "10 Alpha III kits" in note and "24 B6-4 motors" in note
    assert "A8-3" not in note and "12 Alpha" not in note


BERTH = [{"role": "user", "content": "Hi, I'm Oona Fairlie on pontoon B, berth B-112. My shore power keeps tripping."},
         {"type": "function_call", "call_id": "b1", "name": "lookup_berth", "arguments": '{"berth": "B-112"}'},
         {"type": "function_call_output", "call_id": "b1", "output": '{"holder": "Rufus Carr", "tickets": []}'},
         {"role": "assistant", "content": "That berth shows a different holder. Can you check the berth number?"},
         {"role": "user", "content": "Sorry, I meant berth B-121, not 112. It trips every evening at about 18:00."},
         {"type": "function_call", "call_id": "b2", "name": "lookup_berth", "arguments": '{"berth": "B-121"}'},
         {"type": "function_call_output", "call_id": "b2", "output": '{"holder": "Oona Fairlie", "tickets": []}'},
         {"role": "user", "content": "Can the electrician come Friday, 09:00-11:00?"},
         {"role": "assistant", "content": "Booked ticket EL-4410 for Friday 09:00-11:00."}]
BERTH_PROMPT = "Summarize for the next agent under exactly these headings:\n## Caller\n## Open issues"


async def test_a_code_corrected_by_its_digits_alone_is_replaced_whole_and_the_old_one_is_not_listed() -> None:
    note = (await offline_summarizer(prompt=BERTH_PROMPT).summarize(BERTH))[1]
    assert "berth B-121" in note and "EL-4410" in note
    assert "B-112" not in note and "B-berth" not in note and "berth berth" not in note
    assert "- 09:00-11:00" not in note  # a time window is no identifier


async def test_a_pasted_transcripts_tool_call_lines_are_calls_not_part_of_the_users_line() -> None:
    pasted = "\n".join([
        "USER: Hi, I'm Oona Fairlie, berth B-112. My shore power keeps tripping.",
        'TOOL CALL lookup_berth({"berth": "B-112"})', 'TOOL RESULT {"holder": "Rufus Carr"}',
        "ASSISTANT: That berth shows a different holder.",
        "USER: Sorry, I meant berth B-121, not 112.",
        'TOOL CALL lookup_berth({"berth": "B-121"})', 'TOOL RESULT {"holder": "Oona Fairlie"}',
        "ASSISTANT: Thanks, berth B-121 is yours."])
    client: AsyncOpenAI = offline_client(OfflineAPI())
    note = (await client.responses.create(model="gpt-4.1-mini", instructions="Summarize this support conversation.",
                                          input=pasted)).output_text
    assert "TOOL CALL" not in note and "TOOL RESULT" not in note and '"berth": "berth' not in note
    assert "B-121" in note


async def test_a_phone_number_corrected_by_its_last_digits_is_told_as_corrected() -> None:
    answer = await last(["I carry an inhaler; my emergency contact is my brother Ravi on 07700 900 815.",
                         "Oops, Ravi's number ends 851, not 815: 07700 900 851.", "Who is my emergency contact and what's his number?"])
    assert "07700 900 851" in answer and "815" not in answer


async def test_a_correction_of_one_numbered_thing_leaves_another_as_it_was() -> None:
    said = await turns(HELPER, ["Pitch 2 inspector is Carys Lowe; Pitch 6 inspector is Bram Tull.",
                                "Correction: Bram is inspecting Pitch 7, not Pitch 6.", "Who inspects Pitch 2?",
                                "Which pitch is Bram on?"])
    assert "Carys Lowe" in said[-2][1] and "Pitch 7" not in said[-2][1]
    assert "Pitch 7" in said[-1][1]


async def test_a_note_writes_a_correction_into_the_numbered_thing_it_undoes() -> None:
    items = chat("Pitch 2 inspector is Carys Lowe; Pitch 6 inspector is Bram Tull.", "Noted.",
                 "Correction: Bram is inspecting Pitch 7, not Pitch 6.", "Noted.")
    note = (await offline_summarizer().summarize(items))[1]
    assert "Pitch 2 inspector is Carys Lowe; Pitch 7 inspector is Bram Tull." in note


async def test_three_corrections_then_a_read_back_of_three_things_without_a_colon() -> None:
    answer = await last(["Hi, I'm Wendell Ames, member number M40316.",
                         "My course starts Monday 3 March, and I'll bring 2 easels.",
                         "Sorry, my member number is actually M40361 - I swapped two digits.",
                         "No wait, make my start Tuesday 4 March instead.", "Actually, I'll bring 4 easels, not 2.",
                         "Please read back my member number, start date, and number of easels."])
    assert "M40361" in answer and "Tuesday 4 March" in answer and "4 easels" in answer
    assert "M40316" not in answer and "Monday" not in answer and "2 easels" not in answer


async def test_a_note_of_a_note_mends_a_mistyped_code_and_a_moved_day_everywhere() -> None:
    earlier = ("## Identifiers\n- member number M40316\n- member number M40988\n\n## Timeline\n"
               "- I'm Wendell Ames, member number M40316, and I paint on Mondays.\n- My course starts Monday 3 March.")
    items = [{"role": "user", "content": "Summarize our chat so far."}, {"role": "assistant", "content": earlier},
             *chat("Sorry, my member number is actually M40361 - I swapped two digits.", "Noted.",
                   "No wait, make my course start Tuesday 4 March instead.", "Noted.")]
    note = (await offline_summarizer().summarize(items))[1]
    assert "M40316" not in note and note.count("M40361") >= 2 and "M40988" in note
    assert "Tuesday 4 March" in note and "Monday 3 March" not in note


async def test_the_count_of_one_thing_corrected_in_a_list_of_two() -> None:
    said = await turns(HELPER, ["Catch from the east pond so far: 31 roach and 9 perch.", "Sorry, the roach count is 33, I missed a net.",
                                "How many roach from the east pond?"])
    assert said[1][1].lower() == "noted: catch from the east pond so far: 33 roach and 9 perch."
    assert "33 roach" in said[-1][1] and "9 perch" in said[-1][1]


async def test_days_dropped_with_a_new_count_answer_how_many_and_which_days() -> None:
    said = await turns(HELPER, ["I'm rostered for 5 days, Monday to Friday, at the ticket booth.",
                                "My friend Osian is rostered for 2 days on the gate.",
                                "Actually, drop Friday - I'm doing 4 days, Monday to Thursday.",
                                "How many days am I rostered for?", "Which days am I coming in?"])
    assert "4 days, Monday to Thursday" in said[-2][1] and "5 days" not in said[-2][1]
    assert "Monday to Thursday" in said[-1][1]


async def test_what_i_asked_for_is_mine_not_what_someone_named_wants() -> None:
    answer = await last(["My pitch preference is a shaded corner near the taps, row F.", "And Marisol wants row G, not row F.",
                         "Which row did I ask for?"])
    assert "row F" in answer and "Marisol" not in answer


async def test_my_number_when_only_a_friends_is_in_view_is_not_given_as_mine() -> None:
    said = await turns(HELPER, ["My pal Fergus is fitting out a 1968 Triumph with frame number TR-20871; he needs 4 spoke sets.",
                                "Scratch that, I need 3 chrome mudguards, not 2.", "What is my frame number?"])
    assert said[1][1] == "Noted: you need 3 chrome mudguards, not 2."  # not written into Fergus's 4 spoke sets
    assert said[-1][1].startswith("I don't know your frame number: the only one I see is someone else's.")
    assert "TR-20871" in said[-1][1] and "4 spoke sets" in said[-1][1]


@function_tool
def tank_status(tank_id: str) -> dict:
    """Water temperature and pH of a fish tank."""
    return {"T-31": {"temp_c": 24.5, "ph": 7.1}, "T-08": {"temp_c": 26.0, "ph": 6.8}}.get(tank_id, {"error": "no such tank"})


@function_tool
def log_dose(tank_id: str, ml: float) -> str:
    """Record a dose of water conditioner added to a tank, in millilitres."""
    return f"logged {ml} ml to {tank_id}"


async def test_an_id_the_message_names_is_acted_on_not_the_one_asked_about_before() -> None:
    agent = Agent(name="Fishroom", instructions="You help staff in the fish room. Use the tools.", tools=[tank_status, log_dose])
    said = await turns(agent, ["What is the status of tank T-31?", "I just added 12.5 ml of conditioner to T-08, please log it."])
    assert said[-1][1] == "logged 12.5 ml to T-08."


async def test_of_a_sentence_on_two_people_one_corrected_the_other_ones_clause_answers() -> None:
    said = await turns(HELPER, ["Ffion is coaching Lane 2 and Raj is coaching Lane 5.",
                                "Correction: Ffion is coaching Lane 1, not Lane 2.", "Who is coaching Lane 5?"])
    assert said[-1][1] == "You told me: Raj is coaching Lane 5."


async def test_a_count_of_another_thing_corrects_nothing_said() -> None:
    said = await turns(HELPER, ["I'd like 2 seed cakes for Sunday.", "Actually, I'll bring 3 baskets, not 2.",
                                "What did I order for Sunday?"])
    assert "3 baskets seed cakes" not in said[1][1] and "2 seed cakes" in said[-1][1]


async def test_an_id_a_correction_undoes_is_no_answer_from_a_note() -> None:
    earlier = ("## Reported issue\n- My library card is LC-30518. [open]\n\n## Identifiers\n- library card LC-30518\n\n"
               "## Timeline\n- I'd like to renew two books.")
    items = [{"role": "user", "content": "Summarize our chat so far."}, {"role": "assistant", "content": earlier},
             {"role": "user", "content": "Sorry, my library card is LC-30581, not LC-30518."},
             {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "What's my library card?"}]
    answer = (await reply_to(items))
    assert "LC-30581" in answer and "LC-30518" not in answer
    note = (await offline_summarizer().summarize(items[:4]))[1]
    assert "LC-30581" in note and "LC-30518" not in note


async def test_tool_calls_pasted_in_a_transcript_are_among_the_steps_of_a_note_without_a_tools_section() -> None:
    pasted = "\n".join(["USER: Hi, I'm Pia Sand. Booking WC-7731 - can you check it?",
                        'TOOL CALL get_booking({"booking_ref": "WC-7731"})',
                        'TOOL RESULT {"booking_ref": "WC-7731", "cabin": "Heron Cabin", "status": "confirmed"}',
                        "ASSISTANT: It's confirmed: Heron Cabin."])
    note = (await offline_client(OfflineAPI()).responses.create(model="gpt-4.1-mini", instructions="Summarize this conversation.",
                                                               input=pasted)).output_text
    assert "Heron Cabin" in note and "confirmed" in note and "TOOL RESULT" not in note


async def test_the_date_asked_is_read_from_a_sentence_with_a_date() -> None:
    answer = await last(["We need a hall for 60 on Saturday 14 June.", "Budget is £900.", "What is the date?"])
    assert "Saturday 14 June" in answer


@function_tool
def clock_status(ticket: int) -> str:
    """Look up a clock repair ticket number and return its status."""
    return {6642: "Ticket 6642: bracket clock, new mainspring fitted, ready for collection"}.get(ticket, "unknown ticket")


async def test_a_ticket_number_told_in_an_earlier_turn_fills_a_later_calls_number() -> None:
    agent = Agent(name="Clocks", instructions="Look up tickets with clock_status and report what it says.", tools=[clock_status])
    said = await turns(agent, ["Hi, my repair ticket number is 6642.", "Is my clock ready yet?"])
    assert said[-1][1] == "Ticket 6642: bracket clock, new mainspring fitted, ready for collection."


async def test_a_notes_line_in_the_users_words_is_told_back_as_theirs() -> None:
    note = "## Identifiers\n- ticket 6642\n\n## Timeline\n- I left my bracket clock with you last week, ticket 6642."
    items = [{"role": "user", "content": "Summarize our chat so far."}, {"role": "assistant", "content": note},
             {"role": "user", "content": "Remind me: which clock did I leave?"}]
    answer = await reply_to(items)
    assert "you left your bracket clock with me last week" in answer


@function_tool
def tide_forecast() -> str:
    """Tonight's tide and swell for the slipway."""
    return "high water 21:40, swell 0.4 m, light wind"


TIDE_RULE = "Decide whether tonight is good for a launch (good = swell under 1 m, light wind). Use the forecast tool."


@pytest.mark.parametrize("choice", ["required", "tide_forecast", None])
async def test_a_task_in_the_instructions_is_no_answer_and_a_tool_required_or_named_is_called(choice: str | None) -> None:
    agent = Agent(name="Slipway", instructions=TIDE_RULE, tools=[tide_forecast],
                  model_settings=ModelSettings(tool_choice=choice))
    result = await Runner.run(agent, "Should we launch tonight?", max_turns=3)
    assert [i.raw_item.name for i in result.new_items if type(i).__name__ == "ToolCallItem"] == ["tide_forecast"]
    assert not str(result.final_output).startswith("Decide")


async def test_a_fact_the_instructions_give_of_the_user_they_talk_to_answers_my_question() -> None:
    agent = Agent(name="Bookings", instructions="You are the Saltmarsh kayak desk talking to Orla. Booking reference for "
                                                "Orla is SK-8QZ. Their session: Sunday 09:00, party of 3.")
    answer = await last(["What is my booking reference?"], agent)
    assert "SK-8QZ" in answer


async def test_a_thing_cancelled_since_is_not_still_on_the_order() -> None:
    answer = await last(["I'd like a trailer tent for the weekend.", "Please also add a gas stove.",
                         "Actually cancel the gas stove, we're bringing our own.", "Is the gas stove still on my order?"])
    assert answer.startswith("No: you cancelled it") and "bringing our own" in answer


async def test_a_rate_per_unit_is_not_added_to_the_amounts_it_prices() -> None:
    answer = await last(["Drying costs £2.20 per tonne per moisture point. I have 40 tonnes to dry by 3 points. "
                         "What is the total cost?"])
    assert "+" not in answer and "= " not in answer


async def test_a_clause_split_only_where_each_part_has_its_own_number() -> None:
    said = await turns(HELPER, ["Ada and Bo share Hut 2, and Cy has Hut 3.", "Cy has Hut 4, not Hut 3.", "Who shares Hut 2?",
                                "Salt and Vinegar is on Shelf 5 and Paprika is on Shelf 6.", "Paprika is on Shelf 7, not Shelf 6.",
                                "What is on Shelf 5?"])
    assert said[2][1] == "You told me: Ada and Bo share Hut 2."
    assert "Salt and Vinegar is on Shelf 5" in said[-1][1]


@function_tool
def parcel_status(parcel_number: int) -> str:
    """Look up a parcel by its number."""
    return f"Parcel {parcel_number}: out for delivery."


async def test_a_required_tool_that_nothing_fills_leaves_the_instructions_answer() -> None:
    agent = Agent(name="Depot", instructions="You are the Millbrook depot assistant. We open 8am-6pm, Monday to Saturday.",
                  tools=[parcel_status], model_settings=ModelSettings(tool_choice="required"))
    assert await last(["What time do you open?"], agent) == "We open 8am-6pm, Monday to Saturday."


async def test_a_task_verb_before_a_colon_leaves_the_policy_after_it() -> None:
    agent = Agent(name="Policy", instructions="Determine the right answer from this policy: refunds within 21 days.")
    assert "21 days" in await last(["How long do I have for a refund?"], agent)


@pytest.mark.parametrize(("said", "called"), [("I had pitch 118 last year; this year I'm on pitch 342.", "342"),
                                              ("Pitch number 118 was my old one, it's done.", None)])
async def test_a_number_told_before_is_the_current_one_not_an_old_one(said: str, called: str | None) -> None:
    @function_tool
    def pitch_service(pitch: int, item: str) -> str:
        """Send an item to a campsite pitch."""
        return f"sent {item} to pitch {pitch}"

    agent = Agent(name="Camp", instructions="You help campers. Use the tools.", tools=[pitch_service])
    answer = (await turns(agent, [said, "Send up a bag of ice please."]))[-1][1]
    assert (f"pitch {called}" in answer) if called else "118" not in answer


@pytest.mark.parametrize("instructions", ["You are talking to The Harbour guests. The harbourmaster's phone is 07700 900321.",
                                          "You are talking to Orla. Orla's brother Finn has booking reference SK-9XQ."])
async def test_talking_to_names_the_user_only_by_a_name_and_not_a_relatives_facts(instructions: str) -> None:
    answer = await last(["What is my phone number?" if "phone" in instructions else "What is my booking reference?"],
                        Agent(name="Desk", instructions=instructions))
    assert "07700" not in answer and "SK-9XQ" not in answer


async def test_picking_one_of_two_codes_said_before_is_no_correction() -> None:
    earlier = ("## Customer\n- Ines Roy\n\n## Issue\n- Two orders: ORD-55130 (hers) and ORD-55131 (her son's)\n\n"
               "## Identifiers\n- order ORD-55130\n- order ORD-55131")
    items = [{"role": "user", "content": "Summarize so far."}, {"role": "assistant", "content": earlier},
             *chat("Please refund ORD-55131, not ORD-55130.", "Understood.")]
    note = (await offline_summarizer().summarize(items))[1]
    assert "ORD-55130 (hers) and ORD-55131 (her son's)" in note
    assert "ORD-5513" in note.split("## Identifiers")[1].split("##")[0]  # (not "none")



async def test_a_rules_prompt_gets_its_closing_line_of_open_items_and_no_amounts() -> None:
    prompt = ('Write a short handover summary. Rules:\n- Write in the third person.\n- Never mention prices or money.\n'
              '- End with one line starting "OPEN:" that lists the unresolved items.')
    items = chat("I'm Tess Hale. I'd like a 6-yard skip at 3 Mill Lane for Friday.", "Booked SK-7710, £240 all in.",
                 "We still need to check the lane is wide enough for the lorry.", "Noted: the lane width is still open.")
    note = (await offline_summarizer(prompt=prompt).summarize(items))[1]
    assert note.splitlines()[-1].startswith("OPEN: ") and "lane" in note.splitlines()[-1]
    assert "£" not in note and "SK-7710" in note and "SK-7710" not in note.splitlines()[-1]
