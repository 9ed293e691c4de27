"""Corrections, recall, notes and tools, as outside testers met them this round (in my own words and domains):

- a correction is written into what it corrects when a number opens that sentence ("120 oak saplings, delivered on 3
  March", then "Then make it 90 oak saplings"), when it says "change the delivery to 10 March" (a delivery said with a
  date; never a birthday's), when two come in one message (both), when it says "Correction: it's 46 crates, I
  miscounted" (its value ends at ", I"), "make that a Nikon D780, not D750" (no "ake that"), "the watch is a Rolex
  1680, not the 1675", "the round 3 score was 29, not 27", and "it's 6 hardbacks, so 11 books in all" (both counts);
- "the door code changed to 7734" and "The concert moved to Saturday 7 June" (of a message that said the concert and
  the date) are corrections too; "4 to 6 September, not 3 to 5" keeps the month once;
- a note numbers the sections a prompt numbers, lists each correction under "Changes" beside the cancellations,
  labels another side's code with whose it is ("the Kingfishers' club code KFC-40"), holds in a section of what stands
  now ("Current booking (final values only)", "Agreed") the latest of each thing the helper confirmed, without a
  withdrawn record ("M-410 is withdrawn") or a thing removed since, and puts the people in "Parties (names, phone
  numbers, emails)";
- "What questions of mine are still unanswered?" lists the user's questions no reply answered; a statement is not
  answered by the scene the instructions set ("A team captain is registering her team");
- recall says "No" of someone who has "pulled out", finds "my role" in "I'm Dev Kaur, head coach for ...", a model
  in "my Rolex 1680", a thing "on it" of the thing said before, and the group someone was moved to;
- a message that only asks that its facts be kept calls no tool that books; "send the keys back by recorded delivery,
  not by courier" is a preference, noted, as is "Cancel the pirate theme, we'd rather do space" of a plan said before;
- a question its other ways missed is answered by the one sentence of the instructions it is about ("I live in Brent -
  which day do you collect?": "..., Wednesdays in Brent"; "the wifi" of "Wi-Fi network is ..."), or by the one entry of
  a list ("Lapsang (smoky)");
- an enum option the user's own message names alone wins over an instruction line that names both; a direction
  ("Mull->Oban") follows the order the message says its ends in;
- JSON keys listed on the next line with their types described ('"final_details" (object of field -> final value)')
  are the keys (a "superseded" key holds no correction: its value is the current one); labels listed after "Labels:"
  are the only replies;
- a guardrail's verdict reads the examples its instructions give of each side ("On topic: punctures, brakes, ...",
  "Anything else (homework, cooking, sports, coding...) is off topic", "only handles ferry tickets, ...", "not about
  those (for example: stock tips, medical advice, poems)"), an example's kin too ("a Python script" is coding);
- an order for a case the message meets ("If a trip is cancelled for fog, tell the customer: '...'") is said word
  for word, a quote's end ends its sentence; "How long ...?" is answered by the clause that gives a time; the place
  someone said they are from ("I'm Noor from Saffron House") names "my restaurant"; a measure told before ("138 cm
  tall and weighs 31.5 kg") fills a tool's field in its unit (``height_cm``, ``weight_kg``).

A reviewer's probes then found, and these tests guard: "the gate code changed to 5150" written into the shed code of
the same sentence, "The final moved to ..." moving the quarter-final, "Updated to 34 people" standing for the whole
confirmation it updates, a line dropped for naming one withdrawn record beside another, an item kept after "Removed
the cupcakes", and "she's back in now" read as still out. A second reviewer's: a change of the second of two things whose names share
a word ("the tack room code" after "the boathouse code") written into the first, "to the harbour from the castle" read
in the order written, a weight taken from the pet said last rather than the one asked of, a confirmation of two dropped
for the withdrawal of one, and an order for a case ("If a lesson is cancelled ..., tell ...") told as a price's answer.
A third reviewer's: "my daughter's peg changed to 11" written into the first peg when her peg's number comes before
her; a confirmation dropped for "Removed the cupcakes" although it names more, "Added a candle set" left out, a
booking cancelled whole still standing, "Updated to 7 nights" not written into "5 nights from 9 June", one of two
updates lost, a correction listed as superseded, and "Actually she weighs 66 kg now" passed over for her older weight.

Before: "90 brown saplings" became "delivered on 90 oak saplings March"; "make that a Nikon D780" became "Nikon ake that
a Nikon D780"; "Is Priya still volunteering?" got "I don't know"; "What is my job?" got "No wait, Priya has pulled
out" ("waiter" read as "wait"); "Hi! My member number is M-4471, please keep it in mind." booked a room.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]


ORDER_PROMPT = "Summarize for the next agent under exactly these headings:\n## Current order\n## Changes\n## Open issues"


async def test_two_corrections_in_one_message_are_both_written_into_the_order_a_number_opens() -> None:
    note = (await offline_summarizer(prompt=ORDER_PROMPT).summarize(said(
        "Hello, this is Ines Wald from Hollow Lane School.", "120 oak saplings at 60-80 cm, delivered on 3 March.",
        "Then make it 90 oak saplings. And change the delivery to 10 March, the 3rd is a bank holiday.",
        "Can your van get through the 2.1 m gate?")))[1]
    order = note.split("## Changes")[0]
    assert "90 oak saplings at 60-80 cm, delivered on 10 March" in order
    assert "120 oak" not in order and "3 March" not in order and "on 90" not in note
    changes = note.split("## Changes")[1].split("## Open issues")[0]
    assert "make it 90 oak saplings" in changes and "change the delivery to 10 March" in changes


async def test_change_the_delivery_to_a_date_changes_no_date_of_another_thing() -> None:
    said_ = ["My birthday is 3 May.", "I need a delivery of 4 sofas.", "Change the delivery to 21 May.", "When is my birthday?",
             "How many sofas?"]
    answers = await replies(said_)
    assert "3 May" in answers[3] and "21" not in answers[3]
    assert "4 sofas" in answers[4]


async def test_a_numbered_list_of_sections_keeps_its_numbers() -> None:
    prompt = "Write a handover in numbered sections:\n1. Who\n2. Order\n3. Next steps"
    note = (await offline_summarizer(prompt=prompt).summarize(said(
        "I'm Ines Wald.", "We want 90 oak saplings on 10 March.", "Please call me before the van comes.")))[1]
    assert [line for line in note.splitlines() if line[:1].isdigit()] == ["1. Who:", "2. Order:", "3. Next steps:"]


@pytest.mark.parametrize(("told", "fix", "question", "wanted", "unwanted"), [
    ("We're bringing 40 crates of apples on Saturday.", "Correction: it's 46 crates, I miscounted the stack.",
     "How many crates are we bringing?", "46 crates of apples", "40"),
    ("My camera is a Nikon D750 with a sticky shutter.", "Sorry, make that a Nikon D780, not D750.",
     "Which camera do I have?", "Nikon D780", "ake"),
    ("Round 3: Asha won, 27 points.", "Correction: the round 3 score was 29, not 27.",
     "What was the score in round 3?", "29", "27"),
])
async def test_a_correction_replaces_the_value_it_corrects(told, fix, question, wanted, unwanted) -> None:
    answers = await replies([told, fix, question])
    assert unwanted not in answers[1] and wanted in answers[1]
    assert wanted in answers[2] and unwanted not in answers[2]


async def test_a_count_and_the_total_it_changes_are_both_corrected() -> None:
    answers = await replies(["We're donating 10 books: 5 hardbacks and 5 paperbacks.", "Actually it's 6 hardbacks, so 11 "
                             "books in all.", "How many books are we donating?"])
    assert "11 books" in answers[1] and "6 hardbacks" in answers[1]
    assert "11 books" in answers[2]


async def test_the_model_asked_of_a_thing_is_read_in_its_corrected_name() -> None:
    answers = await replies(["Hi, I'm Ada Roe. I'd like a service for my Rolex 1675 - it runs slow.",
                             "Sorry, the watch is a Rolex 1680, not the 1675.", "Which watch model am I bringing in?"])
    assert "Rolex 1680" in answers[2] and "Rolex Rolex" not in answers[2] and "1675" not in answers[2]


async def test_someone_who_pulled_out_is_no_longer_taking_part() -> None:
    answers = await replies(["I'm Dev Kaur, head coach for the Riverside under-12s.", "So far my helpers are Tom, Priya and Liz.",
                             "Oh wait, Priya has pulled out.", "Is Priya still helping?", "What is my job?", "What's my role?"])
    assert answers[3].startswith("No") and "pulled out" in answers[3] and "Oh wait" not in answers[3]
    assert "head coach" in answers[4] and "head coach" in answers[5]


async def test_the_group_someone_was_moved_to_answers_which_group_they_are_in() -> None:
    answers = await replies(["Put Sam in Group A and Jo in Group C.",
                             "Sorry, Sam is a beginner, not intermediate - please move him to Group B.", "Which group is Sam in?"])
    assert "Group B" in answers[2]


async def test_a_thing_said_to_be_on_it_belongs_to_the_thing_said_before() -> None:
    answers = await replies(["My bell is a bronze ship's bell from Whitby.", "The inscription on it reads 'Fair winds'.",
                             "What's the inscription on my bell?"])
    assert "Fair winds" in answers[2]


async def test_a_note_names_whose_code_another_sides_code_is() -> None:
    note = (await offline_summarizer().summarize(said(
        "I'm captain of Harrow Rowing Club. Our club code is HRC-12.",
        "Our first away race is against the Kingfishers on 3 May; their club code is KFC-40.")))[1]
    assert "Kingfishers' club code KFC-40" in note


async def test_a_message_that_asks_only_to_keep_a_fact_books_nothing() -> None:
    @function_tool
    def book_room(room: str, names: list[str]) -> str:
        """Book a meeting room for the named people."""
        return "booked"

    agent = Agent(name="Rooms", instructions="You book meeting rooms.", tools=[book_room])
    [(calls, reply)] = await turns(agent, ["Hi! My room booking code is M-4471, please keep it in mind."])
    assert calls == [] and reply.startswith("Noted") and "M-4471" in reply


async def test_a_way_to_send_something_back_is_a_preference_noted() -> None:
    answers = await replies(["I'm sending you 3 keys.", "Please send the keys back by recorded delivery, not by courier."])
    assert answers[1].startswith("Noted") and "recorded delivery" in answers[1]


FACTS = ("Collections are on Mondays in Ashby, Wednesdays in Brent. Our teas: Assam (malty), Sencha (grassy), Lapsang "
         "(smoky), Darjeeling (floral). Changing a plan needs two weeks' notice. Wi-Fi network is 'Grove-Guest'; the password "
         "is on the fridge.")


@pytest.mark.parametrize(("question", "wanted"), [
    ("I live in Brent - which day do you collect?", "Wednesdays in Brent"),
    ("I like smoky flavours - which tea should I try?", "Lapsang (smoky)"),
    ("I want to change my plan - how much notice do I need to give?", "two weeks' notice"),
    ("My laptop won't connect to the wifi - what's the network name?", "Grove-Guest"),
])
async def test_the_one_sentence_of_the_instructions_a_question_is_about_answers_it(question, wanted) -> None:
    agent = Agent(name="Desk", instructions=FACTS)
    [reply] = await replies([question], agent)
    assert wanted in reply and not reply.startswith("I don't know")


@pytest.mark.parametrize(("told", "fix", "question", "wanted", "unwanted"), [
    ("My locker number is L-12 and the door code is 2291.", "Sorry, the door code changed to 7734.",
     "What's my locker number and the door code?", "7734", "2291"),
    ("Hi, I'm Rosa Vidal from the Elm Street concert team. We'd like the hall for Friday 6 June 2025, 7pm to 9pm.",
     "Actually the date changed. The concert moved to Saturday 7 June 2025 because of the football.",
     "What date is the hall booked for?", "Saturday 7 June", "Friday 6 June"),
])
async def test_a_thing_that_changed_to_a_new_value_is_told_with_it(told, fix, question, wanted, unwanted) -> None:
    answers = await replies([told, fix, question])
    assert wanted in answers[2] and unwanted not in answers[2]


async def test_a_range_corrected_whole_keeps_its_month_once() -> None:
    answers = await replies(["I'd like to hire a tandem for my son, Ari Novak, from 3 to 5 September 2025.",
                             "Sorry, correction: the dates should be 4 to 6 September, not 3 to 5."])
    assert "from 4 to 6 September 2025" in answers[1] and "September September" not in answers[1]


async def test_cancelling_a_thing_said_before_is_noted_not_refused() -> None:
    answers = await replies(["Two clowns, pirate theme. Our budget is £300.", "Fine. Cancel the pirate theme, we'd rather do "
                             "space.", "Cancel my gym membership."])
    assert answers[1].startswith("Noted") and "space" in answers[1]
    assert answers[2].startswith("I can't")  # (nothing of the plan: a deed no tool can do)


HIRE = [{"role": "user", "content": "I need a quote for a marquee at Mill Farm. I'm Jonah Reed. About 80 guests."},
        {"role": "assistant", "content": "Quote M-410: £1,900 for 80 guests, a 9 x 12 m marquee."},
        {"role": "user", "content": "Correction, it's 100 guests."},
        {"role": "assistant", "content": "Revised quote M-411: £2,250 for 100 guests, a 9 x 15 m marquee. M-410 is withdrawn."},
        {"role": "user", "content": "Add a dance floor."},
        {"role": "assistant", "content": "Dance floor added: £2,700 in total."},
        {"role": "user", "content": "Actually drop the dance floor, it's too dear."},
        {"role": "assistant", "content": "Dance floor removed. Back to £2,250."},
        {"role": "user", "content": "When can you put it up?"},
        {"role": "assistant", "content": "The earliest we can put it up is 14 June 2025."}]
HIRE_PROMPT = ("Use exactly these headings:\n## Customer\n## Current booking (final values only)\n## Changes and cancellations\n"
               "## Open issues")


async def test_a_section_of_what_stands_now_holds_the_latest_of_each_thing_and_no_withdrawn_record() -> None:
    note = (await offline_summarizer(prompt=HIRE_PROMPT).summarize(HIRE))[1]
    current = note.split("## Current booking (final values only)")[1].split("## Changes")[0]
    assert "M-411" in current and "£2,250" in current and "14 June 2025" in current
    assert "M-410" not in note.split("## Changes")[0] and "£2,700" not in current and "£1,900" not in current


async def test_a_section_of_parties_with_its_parts_in_brackets_holds_the_people() -> None:
    prompt = "Write a handover in numbered sections:\n1. Parties (names, phone numbers, emails)\n2. Reference numbers"
    note = (await offline_summarizer(prompt=prompt).summarize(HIRE))[1]
    parties = note.split("2. Reference numbers")[0]
    assert "Jonah Reed" in parties and "M-411" not in parties


async def structured(client, instructions: str, message: str, schema: dict) -> dict:
    """The JSON a strict ``json_schema`` reply holds."""
    response = await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=message, text={
        "format": {"type": "json_schema", "name": "reply", "schema": schema, "strict": True}})
    return json.loads(response.output_text)


def enum_of(name: str, options: list[str]) -> dict:
    """A schema of one required string field limited to ``options``."""
    return {"type": "object", "additionalProperties": False, "required": [name],
            "properties": {name: {"type": "string", "enum": options}}}


async def test_an_option_the_users_message_names_alone_wins_over_the_instruction_line_naming_both(client) -> None:
    schema = enum_of("pier", ["North", "South"])
    schema["properties"]["berth"], schema["required"] = {"type": "integer"}, ["pier", "berth"]
    found = await structured(client, "South pier boats leave from berth 4; North pier boats from berth 7.",
                             "I'm sailing from the South pier. Which berth?", schema)
    assert found["pier"] == "South"


@pytest.mark.parametrize(("message", "options", "route"), [
    ("Two of us from Mull to Oban on 3 May, please.", ["Oban->Mull", "Mull->Oban"], "Mull->Oban"),
    ("Three of us to the harbour from the castle, please.", ["Harbour->Castle", "Castle->Harbour"], "Castle->Harbour"),
])
async def test_a_direction_option_starts_where_the_message_says_it_starts(client, message, options, route) -> None:
    assert await structured(client, "Extract the route.", message, enum_of("route", options)) == {"route": route}


@pytest.mark.parametrize(("told", "fix", "asked"), [
    ("The gate code is 4410 and the shed code is 8827.", "Sorry, the gate code changed to 5150.",
     {"What's the gate code?": "5150", "What's the shed code?": "8827"}),
    ("The cup final is on Saturday 10 May and the quarter-final is on Saturday 19 April.", "The final moved to Sunday 18 May.",
     {"When is the cup final?": "18 May", "When is the quarter-final?": "19 April"}),
])
async def test_a_change_of_one_of_two_things_in_a_sentence_changes_that_one(told, fix, asked) -> None:
    answers = await replies([told, fix, *asked])
    for answer, wanted in zip(answers[2:], asked.values()):
        assert wanted in answer


async def test_someone_back_in_is_not_said_to_have_left() -> None:
    answers = await replies(["Ines pulled out last week but she's back in now.", "Is Ines still helping?"])
    assert not answers[1].startswith("No")


CATERING = [{"role": "user", "content": "We need lunch for 30 people on 9 May, client is Harbour Films."},
            {"role": "assistant", "content": "Confirmed: 30 people on 9 May for Harbour Films. Order LU-77."},
            {"role": "user", "content": "Correction: it's 34 people."}, {"role": "assistant", "content": "Updated to 34 people."},
            {"role": "user", "content": "Add 12 cupcakes."}, {"role": "assistant", "content": "Added 12 cupcakes."},
            {"role": "user", "content": "Actually drop the cupcakes."}, {"role": "assistant", "content": "Removed the cupcakes."},
            {"role": "user", "content": "We're sending two crates: C-1 and C-2."},
            {"role": "assistant", "content": "Logged C-1 and C-2 for collection."},
            {"role": "user", "content": "C-2 is withdrawn."}, {"role": "assistant", "content": "Collection method: van."}]


async def test_what_stands_now_keeps_a_confirmation_with_its_update_written_in_and_drops_what_was_removed() -> None:
    note = (await offline_summarizer(prompt="## Final order\n## Corrections").summarize(CATERING))[1]
    final = note.split("## Corrections")[0]
    assert "34 people on 9 May for Harbour Films" in final and "30 people" not in final
    assert "cupcakes" not in final
    assert "C-1" in final and "Collection method: van" in final  # (a line naming a withdrawn record beside another stays)


async def test_a_second_correction_reaches_a_sentence_corrected_before() -> None:
    answers = await replies(["Move for Ada Lin, 3 July, from 4 Elm Row to 9 Mill Lane, 3 rooms.", "Change the move to 6 July.",
                             "Correction: 4 rooms, not 3, and there's a harp.", "How many rooms?", "When is the move?"])
    assert "4 rooms" in answers[3] and "6 July" in answers[4] and "3 July" not in answers[4]


class Verdict(BaseModel):
    is_off_topic: bool
    reasoning: str


@pytest.mark.parametrize(("instructions", "message", "off"), [
    ("Decide whether the user's message is off topic for a bicycle repair shop. On topic: punctures, brakes, gears, "
     "prices and opening hours. Anything else (homework, cooking, sports, coding...) is off topic.",
     "Can you write me a Python script that sorts a list?", True),
    ("Decide whether the user's message is off topic for a bicycle repair shop. On topic: punctures, brakes, gears, "
     "prices and opening hours. Anything else (homework, cooking, sports, coding...) is off topic.",
     "Who won the rugby final last year?", True),
    ("The assistant only handles ferry tickets, timetables and luggage. is_off_topic is true for any message that is not "
     "about those (for example: stock tips, medical advice, poems).", "Write me a poem about puffins.", True),
    ("The assistant only handles ferry tickets, timetables and luggage. is_off_topic is true for any message that is not "
     "about those (for example: stock tips, medical advice, poems).", "What time is the first ferry on Sunday?", False),
])
async def test_a_guardrail_reads_the_examples_its_instructions_give_of_each_side(instructions, message, off) -> None:
    judge = Agent(name="Judge", instructions=instructions, output_type=Verdict)
    verdict = (await Runner.run(judge, message)).final_output
    assert verdict.is_off_topic is off


BOATS = ("You sell Harbour Hopper boat tickets. If a trip is cancelled for fog, tell the customer: 'You get a free rebooking "
         "on any trip this season.' Single adult fare Quay-Lighthouse is £7.50.")


async def test_an_order_for_a_case_the_message_meets_is_said_word_for_word() -> None:
    answers = await replies(["My 14:00 trip was cancelled for fog. What now?", "What is the adult single fare?"],
                            Agent(name="Desk", instructions=BOATS))
    assert answers[0] == "You get a free rebooking on any trip this season."
    assert answers[1] == "Single adult fare Quay-Lighthouse is £7.50."  # (a quote's end ends its sentence)


async def test_the_place_someone_said_they_are_from_names_their_restaurant() -> None:
    answers = await replies(["Hi, I'm Noor from Saffron House. Do you deliver on Sundays?",
                             "Sorry, what did I say my restaurant was called?", "What is my dog called?"])
    assert "Saffron House" in answers[1]
    assert "Saffron House" not in answers[2]


async def test_how_long_is_answered_by_the_clause_that_gives_a_time() -> None:
    desk = Agent(name="Desk", instructions="Store fresh pasta in the fridge, sealed, away from raw meat; use within 3 days.")
    [reply] = await replies(["How long does fresh pasta keep?"], desk)
    assert "3 days" in reply


async def test_a_measure_told_before_fills_a_field_in_its_unit() -> None:
    @function_tool
    def wetsuit_size(height_cm: int, weight_kg: float) -> str:
        """The wetsuit size for a height and a weight."""
        return f"Size {'S' if height_cm < 150 else 'M'} ({height_cm} cm, {weight_kg} kg)"

    shop = Agent(name="Surf shop", instructions="You help with surf lessons.", tools=[wetsuit_size])
    [_, (calls, reply)] = await turns(shop, ["My son Kit is 10 years old, 138 cm tall and weighs 31.5 kg.",
                                             "Which wetsuit size does he need?"])
    assert calls == [("wetsuit_size", {"height_cm": 138, "weight_kg": 31.5})] and "Size S" in reply


async def test_json_keys_listed_on_the_next_line_with_described_types_are_the_keys() -> None:
    prompt = ('Return only a JSON object (no prose) with exactly these keys:\n"customer" (string), "final_details" (object of '
              'field -> final value), "superseded" (array of strings: values that were corrected), "open_issues" (array of '
              'strings).')
    note = json.loads((await offline_summarizer(prompt=prompt).summarize(CATERING))[1])
    assert list(note) == ["customer", "final_details", "superseded", "open_issues"]
    assert isinstance(note["superseded"], list) and not any("34 people" in line for line in note["superseded"])
    assert "34 people" in note["final_details"] and "30 people" not in note["final_details"]  # (the new value is no old one)


@pytest.mark.parametrize(("instructions", "message", "label"), [
    ("Classify the message into exactly one of these labels: ORDER, COMPLAINT, REFUND_REQUEST, OTHER. Reply with the label "
     "only.", "Please cancel my bike hire and give me my £40 deposit back.", "REFUND_REQUEST"),
    ("You sort messages for a roofing firm. Labels: URGENT, ROUTINE. Reply with one label.",
     "Rain is coming through the ceiling right now after the storm.", "URGENT"),
])
async def test_labels_listed_after_labels_colon_are_the_only_replies(client, instructions, message, label) -> None:
    response = await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=message)
    assert response.output_text == label


async def test_a_change_of_the_second_of_two_things_sharing_a_word_changes_that_one() -> None:
    answers = await replies(["The boathouse code is 5120 and the tack room code is 6634.",
                             "Sorry, the tack room code changed to 7781.", "What's the tack room code?", "What's the boathouse code?"])
    assert "7781" in answers[2] and "5120" in answers[3] and "7781" not in answers[3]


async def test_a_measure_is_taken_from_the_one_the_message_names() -> None:
    @function_tool
    def dose_check(pet: str, weight_kg: float) -> str:
        """How many tablets a pet of a weight takes."""
        return f"{1 if weight_kg < 10 else 2} tablet(s) for {pet}"

    vet = Agent(name="Vet desk", instructions="You help with pet medicine.", tools=[dose_check])
    said = await turns(vet, ["Our hamster Bo weighs 1 kg.", "Our rabbit weighs 3 kg.", "What's the dose for Bo?"])
    assert said[2][0] == [("dose_check", {"pet": "Bo", "weight_kg": 1.0})]


@pytest.mark.parametrize(("confirmed", "withdrawn", "kept"), [
    ("Confirmed: lanes 3 and 4, Saturday 2pm.", "Withdrawn: lane 4.", "lanes 3 and 4, Saturday 2pm"),
    ("Confirmed: Ada and Ravi, Monday 9am.", "Withdrawn: Ravi.", "Ada and Ravi, Monday 9am"),
])
async def test_a_confirmation_naming_more_than_the_one_withdrawn_still_stands(confirmed, withdrawn, kept) -> None:
    items = [{"role": "user", "content": "Please book it."}, {"role": "assistant", "content": confirmed},
             {"role": "user", "content": "One can't come, withdraw it."}, {"role": "assistant", "content": withdrawn}]
    note = (await offline_summarizer(prompt="Agreed:\n\nWithdrawn:").summarize(items))[1]
    agreed = note.split("Withdrawn:")[0]
    assert kept in agreed and "Withdrawn" not in agreed.removeprefix("Agreed:")


async def test_an_order_for_a_case_is_no_fact_to_tell_of_another_question() -> None:
    desk = Agent(name="Desk", instructions="Pottery school. If a lesson is cancelled because the kiln is broken, tell the "
                                           "customer: 'You will get a free lesson.' Lessons cost 12 pounds.")
    [reply] = await replies(["How much is a lesson?"], desk)
    assert reply == "Lessons cost 12 pounds."


async def test_the_scene_the_instructions_set_is_no_reply_to_a_statement() -> None:
    clerk = Agent(name="Clerk", instructions="You keep the quiz league's records. A team captain is registering her team. "
                                             "Remember what she tells you and answer briefly.")
    [reply] = await replies(["I'm captain of the Owls in the Monday league. Our team code is OWL-7."], clerk)
    assert reply.startswith("Noted") and "OWL-7" in reply


async def test_the_questions_no_reply_answered_are_listed_as_still_open() -> None:
    answers = await replies(["I'm Lea, member M-220.", "Can you find out whether the lake is open for swimming in May?",
                             "Also, is the Sunday regatta on 8 June still on?", "My boat is a Laser dinghy.",
                             "What questions of mine are still unanswered?"])
    assert "swimming in May" in answers[4] and "regatta on 8 June" in answers[4] and "Laser" not in answers[4]


async def test_a_change_of_someones_thing_said_after_its_value_changes_theirs() -> None:
    answers = await replies(["Peg 3 is mine and peg 8 is my daughter's.", "Sorry, my daughter's peg changed to 11.",
                             "What's my daughter's peg?"])
    assert "peg 11 is your daughter's" in answers[1] and "Peg 3 is yours" in answers[1]


def helper_lines(*lines: str) -> list[dict[str, str]]:
    """A booking the helper confirms line by line, each after a user's "Go ahead."."""
    return [item for line in lines for item in ({"role": "user", "content": "Go ahead."}, {"role": "assistant", "content": line})]


@pytest.mark.parametrize(("lines", "wanted", "unwanted"), [
    (["Confirmed: cake and 12 cupcakes for 3 May, Osei.", "Removed the cupcakes.", "Added a candle set."],
     ["cake and 12 cupcakes for 3 May", "Added a candle set"], []),
    (["Confirmed: 2 canoes on Sunday for Varga.", "Cancelled the booking for Varga."], [], ["2 canoes"]),
    (["Confirmed: 2-berth cabin, 5 nights from 9 June for Moss.", "Updated to 7 nights."], ["7 nights from 9 June"],
     ["5 nights"]),
    (["Confirmed: 30 people on 4 October for the Ash Choir.", "Updated to 5 October.", "Updated to 40 people."],
     ["40 people on 5 October"], ["4 October", "30 people"]),
])
async def test_what_stands_now_follows_each_update_removal_and_cancellation(lines, wanted, unwanted) -> None:
    note = (await offline_summarizer(prompt="## Final order\n## Removed").summarize(helper_lines(*lines)))[1]
    final = note.split("## Removed")[0]
    assert all(w in final for w in wanted) and not any(u in final for u in unwanted)


async def test_a_measure_corrected_with_a_pronoun_is_the_persons() -> None:
    @function_tool
    def wetsuit_size(swimmer: str, height_cm: int, weight_kg: float) -> str:
        """The wetsuit size for a swimmer's height and weight."""
        return f"{swimmer}: size {'M' if weight_kg < 68 else 'L'}"

    shop = Agent(name="Lake shop", instructions="You help open-water swimmers.", tools=[wetsuit_size])
    said = await turns(shop, ["Ola is 165 cm and weighs 70 kg.", "Actually she weighs 66 kg now.", "Which wetsuit for Ola?"])
    assert said[2][0] == [("wetsuit_size", {"swimmer": "Ola", "height_cm": 165, "weight_kg": 66.0})]
