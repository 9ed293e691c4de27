"""Memory, corrections and recall, as outside testers met them this round (in my own words and domains):

- a yes/no question about a value a correction replaced is answered "No" ("Am I paying by bank transfer?" after "I'll
  pay cash on the day instead"), not when the correction points back at the thing ("Sorry, it's Saturday 10 June");
- a fact whose own turn was trimmed away is still known from the reply that gave it back ("You told me: ..."), while
  an echo of a sentence still in view, or of other words, answers nothing new;
- a correction said after a summary's note wins over the note's old value ("my exhibitor number is 381, not 318");
- a fully named person's value is not mine ("Tobias Reed wants kiln 3" beside "I'd like kiln 9");
- "make that bench 9" changes the bench's number, not the day's; "it's 46 infantry" changes nothing when no infantry
  is in view; "make the Silkies lavender, not black" and "And no wait - make the trim gold, not silver" are written
  into what they correct, and recall gives the corrected sentence (a colour named "lavender" is a colour);
- "Is my budget over 250 pounds?" of "My budget is 300 pounds" compares the numbers;
- "my cello's serial number" is the note's serial when no cello was named; "What soil did I say we had?" is the
  sentence a call's ``soil`` argument came from ("heavy clay");
- "..., is that ok?" of a thing the instructions ban ("No tripods, no drones") or allow ("phones are fine") is a "No"
  or a "Yes" with that sentence; my name is known from "You told me: you're Ruth, ..." when my own turn is trimmed;
  a "monitor recap" the instructions sell is no request for a summary;
- a guardrail reads "anything else (homework, politics, cooking, ...)" as its off-topic examples and "whether the
  message is about ..." as its topic, and "Return is_off_topic=true when the message mentions risotto" as the rule;
- "What would that cost with walks?" asks another tool with what the call before was given (the breed, 5 nights);
- a template's blanks take the user's own name for "<full name>", the thing's own words for "Boat: <year, make and
  model>" ("a 1958 Fairey Swordsman", not the name said before "boat"), the person a field names for "Crew: <name and
  age>" ("my grandson Alfie Hodges, he's 15"), "Hello, X from Y" for "<name and company>"; a template note summarized
  again keeps each field once (not "Kit: Kit: unknown"), and a blank field answers no question.

A reviewer's probes then found, and these tests guard: a guardrail's reason read from the instruction line instead of
the message ("about homework" for "Who should I vote for?"), a range ("between 200 and 300 pounds") compared as one
number, a ban with a limit ("No phones during the ceremony") applied beyond it, and an earlier reply about someone
else ("Helen Park's cake is lemon") given back as mine. A second reviewer's: a yes/no question about "that" calling
another tool with what was asked before, the speaker's own name written into "Pet:", "Vet:" or "Companion:", the
husband's car taken for mine, a year said after the model dropped ("a Mazda MX-5 from 2019"), "Organiser: unknown"
beside "I'm Neil Ford", fields lost when a template note was summarized again, a ban on "anywhere on site" read as
limited, "2 adults and our budget is 300 pounds" read as a range, a guardrail with history reading an earlier message,
"Return ...=true when the message asks how to ..." not read as a rule, and an earlier reply about my sister dropped
for being about someone else. A third reviewer's: a ban in one place or time ("in the cafe", "during the film")
applied to another, an "asks how to bypass a lock or a password" rule tripped by any shared word, "Student:" and
"Contact:" given the speaker's name, a piano's kind ("upright") dropped, a person's name with a comma and copied into
"needs", an earlier reply about me given for "Which room is Priya in?", and "How old is Jo?" unanswered by a
note's "Partner: Jo Quinn, 17".
"""

from __future__ import annotations

from typing import Any

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from memlab import SummarizingSession, TrimmingSession

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]


async def test_a_yes_no_question_of_a_value_a_correction_replaced_is_answered_no() -> None:
    said = ["The entry fee is 4 pounds per rabbit, and I'll pay by bank transfer.", "Actually, I'll pay cash on the day instead."]
    before, after, fee = [await replies([*said, question]) for question in (
        "Am I paying by bank transfer?", "Am I paying cash?", "Is the fee 4 pounds?")]
    assert before[-1].startswith("No: you told me") and "cash on the day" in before[-1]
    assert not after[-1].startswith("No") and not fee[-1].startswith("No")
    moved = await replies(["The open day is on Friday 9 June.", "Sorry, it's Saturday 10 June.", "Is the open day on Saturday?"])
    assert not moved[-1].startswith("No")  # the correction points back at the thing ("it's"): no verdict from missing words


async def test_a_fact_trimmed_away_is_still_known_from_the_reply_that_gave_it_back() -> None:
    session, replies = TrimmingSession("echo", max_turns=3), []
    for text in ["My friend Oona is also sending her Singer 201 in; her code is SW-2290.", "Which machine is Oona sending?",
                 "I can bring mine on Friday.", "The bobbin case is cracked.", "Which machine is Oona sending?",
                 "How did I ask you to contact me?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert "Singer 201" in replies[1] and "Oona is also sending her Singer 201" in replies[4]  # turn 1 trimmed, its echo not
    assert replies[4].startswith("From my earlier reply")
    assert replies[5].startswith("I don't know")  # an echo of other words ("You told me: ...") answers nothing else


async def test_a_correction_said_after_the_note_wins_over_the_notes_old_value() -> None:
    session = SummarizingSession(session_id="late", keep_last_n_turns=1, context_limit=3, summarizer=offline_summarizer())
    replies = []
    for text in ["I want to enter the county rabbit show on 11 October. I'm Wyn Parry, exhibitor number 318.",
                 "Entry one: a Dutch doe, ring number DU-22.", "Entry two: a pair of Rex bucks, black.",
                 "Please note I need a pen near the entrance.", "Sorry, my exhibitor number is 381, not 318.",
                 "What's my exhibitor number?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert "318" in (await session.get_items())[1]["content"]  # the note still holds the old number
    assert "381" in replies[-1] and "318" not in replies[-1]


async def test_my_own_value_is_not_the_one_a_fully_named_person_wants() -> None:
    said = ["I'd like kiln 9 on Sunday 15 June, morning.", "Tobias Reed wants kiln 3 the same afternoon."]
    for question in ("Which kiln is mine?", "Which kiln did I pick?"):
        assert "kiln 9" in (await replies([*said, question]))[-1]
    assert "kiln 3" in (await replies([*said, "Which kiln does Tobias want?"]))[-1]


async def test_make_that_loom_9_changes_the_looms_number_not_the_days() -> None:
    said = await replies(["I want to book bench 7 at the workshop for Saturday 14 June, morning slot.",
                          "Actually make that bench 9 - someone told me bench 7 has a broken vice.", "Which bench did I pick?"])
    assert "bench 9 at the workshop for Saturday 14 June" in said[1] and "bench 9" in said[2]


async def test_a_correction_of_a_thing_no_longer_in_view_changes_no_other_number() -> None:
    session, replies = TrimmingSession("gone", max_turns=3), []
    for text in ["I'd like 40 infantry figures painted. My name is Priya Anand.", "Colour scheme: dark green with yellow trim.",
                 "Budget is 300 pounds maximum.", "My brother has 12 cavalry; his deadline is 1 October.",
                 "Sorry, it's 46 infantry, I miscounted.", "What's my budget?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert "46 infantry" in replies[4] and "pounds" not in replies[4] and "300 pounds" in replies[5]


async def test_make_the_hens_lavender_not_black_rewrites_the_entry_and_is_what_recall_gives() -> None:
    said = await replies(["Entry one: a Buff Orpington pullet.", "Entry two: a pair of Silkie hens, black.",
                          "Actually make the Silkies lavender, not black.", "What colour are my Silkies?"])
    assert said[2] == "Noted: Entry two: a pair of Silkie hens, lavender." and "lavender" in said[3] and "black" not in said[3]


async def test_and_no_wait_make_the_trim_gold_rewrites_the_scheme_that_recall_gives() -> None:
    said = await replies(["Colour scheme: navy blue with silver trim.", "And no wait - make the trim gold, not silver.",
                          "What's the trim colour on my models?"])
    assert said[1] == "Noted: Colour scheme: navy blue with gold trim." and "gold trim" in said[2]


@pytest.mark.parametrize(("question", "verdict"), [("Is my budget over 250 pounds?", "Yes"), (
    "Is my budget under 250 pounds?", "No"), ("Is my budget more than 400 pounds?", "No"), ("Is it at least 300 pounds?", "Yes")])
async def test_a_yes_no_question_comparing_a_stated_amount_with_a_number_is_answered_by_the_comparison(
        question: str, verdict: str) -> None:
    assert (await replies(["My budget is 300 pounds maximum.", question]))[-1].startswith(f"{verdict}: you told me")


async def test_my_things_serial_number_is_the_notes_serial_when_the_thing_was_never_named() -> None:
    items = [{"role": "user", "content": "Summary of the earlier conversation:\n## Customer\n- Ada Wren\n- serial ZK4-55120"},
             {"role": "assistant", "content": "Thanks, noted."}]
    for question in ("What is my cello's serial number?", "What is my serial number?"):
        result = await Runner.run(HELPER, [*items, {"role": "user", "content": question}])
        assert "ZK4-55120" in str(result.final_output)
    result = await Runner.run(HELPER, [*items, {"role": "user", "content": "What is my cello's colour?"}])
    assert str(result.final_output).startswith("I don't know")


@function_tool
def recommend_seed(soil: str, area_m2: int) -> dict:
    """Recommend a grass seed mix for a soil type and an area in square metres."""
    return {"mix": "Hardwear 20", "kg_needed": area_m2 * 0.035}


async def test_what_soil_did_i_say_is_the_sentence_a_calls_soil_argument_came_from() -> None:
    agent = Agent(name="Seeds", instructions="Help groundskeepers choose seed.", tools=[recommend_seed])
    said = await turns(agent, ["We're relaying a bowling green on heavy clay, 800 square metres. What mix?",
                               "Thanks! What soil did I say we had?"])
    assert said[0][0] == [("recommend_seed", {"soil": "heavy clay", "area_m2": 800})]
    assert "heavy clay" in said[1][1] and not said[1][0]


@pytest.mark.parametrize(("question", "verdict"), [
    ("I'd like to bring a tripod for the sunset, is that ok?", 'No: my instructions say "No tripods, no drones, no flash."'),
    ("Can I use my phone?", 'Yes: my instructions say "Hand-held cameras and phones are fine."')])
async def test_whether_a_thing_is_allowed_is_answered_by_the_instruction_that_bans_or_allows_it(question: str, verdict: str) -> None:
    agent = Agent(name="Photo walks", instructions="Hand-held cameras and phones are fine. No tripods, no drones, no flash.")
    assert (await replies([question], agent))[-1] == verdict


async def test_my_name_is_known_from_the_reply_that_gave_it_back_when_my_own_turn_is_trimmed() -> None:
    session, replies = TrimmingSession("name", max_turns=3), []
    for text in ["I'm Ruth, my cabinet is a Gauntlet, ticket PC-4720.", "Please use original buttons, not clones.",
                 "Which ticket number did I give you?", "The coin door sticks.", "What's my name?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert "Ruth" in replies[-1] and replies[-1].startswith("From my earlier reply")


async def test_a_recap_sold_in_the_instructions_is_no_request_for_a_summary() -> None:
    agent = Agent(name="Arcade repairs", instructions="You answer questions for an arcade repair bench. A full monitor "
                  "recap costs £135 including parts. Our bench rate is £48 per hour.")
    assert "£48 per hour" in (await replies(["What's your hourly bench rate?"], agent))[-1]


class TopicCheck(BaseModel):
    is_off_topic: bool
    reasoning: str


@pytest.mark.parametrize(("instructions", "message", "off"), [
    ("Decide whether the user's message is about kilns, firing, glazes or pricing at our studio. Set is_off_topic to "
     "true if it is about anything else (homework, politics, cooking, other businesses).", "Can you write my history essay?", True),
    ("Decide whether the user's message is about kilns, firing, glazes or pricing at our studio. Set is_off_topic to "
     "true if it is about anything else (homework, politics, cooking, other businesses).", "How hot does a bisque firing go?", False),
    ("Return is_off_topic=true when the message mentions risotto.", "What's a good recipe for risotto?", True),
    ("Return is_off_topic=true when the message mentions risotto.", "When does the kiln open?", False)])
async def test_a_guardrail_reads_anything_else_in_brackets_and_a_true_when_it_mentions_rule(
        instructions: str, message: str, off: bool) -> None:
    guard = Agent(name="Guard", instructions=instructions, output_type=TopicCheck)
    assert (await Runner.run(guard, message)).final_output.is_off_topic is off


@function_tool
def check_kennel(breed: str, nights: int) -> dict:
    """Check kennel vacancy for a dog breed and a number of nights."""
    return {"breed": breed, "nights": nights, "free_kennels": 2}


@function_tool
def quote_price(breed: str, nights: int, walks: bool) -> str:
    """Quote the price of a kennel stay in GBP."""
    return f"Quote: {nights} nights for a {breed}: GBP {nights * (20 + 5 * walks):.2f}"


async def test_what_would_that_cost_reuses_the_number_the_call_before_was_given() -> None:
    agent = Agent(name="Kennels", instructions="Help dog owners book kennel stays.", tools=[check_kennel, quote_price])
    said = await turns(agent, ["Do you have room for a whippet for 5 nights?", "What would that cost with walks?"])
    assert said[1][0] == [("quote_price", {"breed": "whippet", "nights": 5, "walks": True})] and "GBP 125.00" in said[1][1]


async def test_reviewed_a_guardrails_reason_names_the_example_the_message_is_about() -> None:
    guard = Agent(name="Guard", output_type=TopicCheck, instructions="Decide whether the user's message is about kilns, "
                  "clay or glazes. Set is_off_topic to true if it is about anything else (homework, politics, cooking).")
    verdict = (await Runner.run(guard, "Who should I vote for?")).final_output
    assert verdict.is_off_topic and "politics" in verdict.reasoning  # (not the instruction line read as the message)


async def test_reviewed_a_range_is_no_number_to_compare_and_a_ban_with_a_limit_says_nothing_beyond_it() -> None:
    assert not (await replies(["My budget is between 200 and 300 pounds.", "Is my budget over 250 pounds?"]))[-1].startswith(
        ("Yes", "No"))
    agent = Agent(name="Weddings", instructions="No phones during the ceremony. Be brief.")
    assert not (await replies(["Can I use my phone at the reception?"], agent))[-1].startswith(("Yes", "No"))


@pytest.mark.parametrize("said", [["Helen Park's cake is lemon.", "Which cake is Helen's?", "What cake flavour is mine?"],
                                  ["Tobias Reed wants the rowing boat.", "Remind me what Tobias wants?", "What do I want?"]])
async def test_reviewed_an_earlier_reply_about_someone_else_answers_nothing_of_mine(said: list[str]) -> None:
    session, replies = TrimmingSession("theirs", max_turns=2), []
    for text in [*said[:2], "What are your delivery times?", said[2]]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert replies[-1].startswith("I don't know")


HANDOVER = """Fill in this handover template. Replace each <placeholder>; write 'unknown' if not said.
Customer: <name and company>
Show: <title and dates>
Kit: <final quantities>
Open: <what is unresolved>"""

TEMPLATE = """Fill in this template from the conversation. Replace each <placeholder>; write 'unknown' if the conversation does not say.

Entrant: <full name>
Boat: <year, make and model>
Crew: <name and age>"""


async def test_a_templates_blanks_take_the_users_name_the_things_own_words_and_the_person_the_field_names() -> None:
    note = (await offline_summarizer(prompt=TEMPLATE).summarize(said(
        "I want to enter the Lakeland Classic Boat Rally. I'm Wilf Hodges, boat is a 1958 Fairey Swordsman.",
        "My crew is my grandson Alfie Hodges, he's 15.", "Can I moor overnight?")))[1]
    assert "Entrant: Wilf Hodges" in note and "Boat: 1958 Fairey Swordsman" in note and "Crew: Alfie Hodges, 15" in note
    first = (await offline_summarizer(prompt=HANDOVER).summarize(said(
        "Hello, Nia Okoro from Riverside Players. We're hiring sound kit for Hamlet, shows 5 to 7 April.")))[1]
    assert "Nia Okoro" in first.splitlines()[0] and "Riverside Players" in first.splitlines()[0]  # "Hello, X from Y"



async def test_a_template_note_summarized_again_keeps_its_fields_and_says_nothing_of_a_blank() -> None:
    session = SummarizingSession(session_id="kit", keep_last_n_turns=1, context_limit=3,
                                 summarizer=offline_summarizer(prompt=HANDOVER))
    for text in ["Hello, Nia Okoro from Riverside Players. We're hiring sound kit for Hamlet, shows 5 to 7 April.",
                 "We need 6 wireless mics and a 16-channel mixer.", "Correction: 8 wireless mics, not 6.",
                 "Please deliver on Friday 4 April.", "Actually cancel the delivery, we'll collect.",
                 "We still need to send our insurance certificate.", "Who is collecting the kit?"]:
        await Runner.run(HELPER, text, session=session)
    note = session.summary_text
    assert not any(f"{field}: {field}:" in note for field in ("Kit", "Open", "Show"))  # (not "Kit: Kit: unknown")
    reply = str((await Runner.run(HELPER, "What is in the kit?", session=session)).final_output)
    assert "unknown" not in reply  # a blank field is no answer


class Passenger(BaseModel):
    name: str
    age: int
    wheelchair: bool


class TramBooking(BaseModel):
    date: str
    passengers: list[Passenger]


async def extracted(output_type: type[BaseModel], message: str) -> Any:
    """What an agent with ``output_type`` extracts from ``message``."""
    return (await Runner.run(Agent(name="Extractor", instructions="Extract the details.", output_type=output_type),
                             message)).final_output


async def test_an_age_and_a_need_listed_after_a_person_belong_to_that_person() -> None:
    booking = await extracted(TramBooking, "Please book the heritage tram on 14 June for Ada Quill, 34, and her father Len "
                                           "Quill, 71, who uses a wheelchair.")
    assert [(r.name, r.age, r.wheelchair) for r in booking.passengers] == [("Ada Quill", 34, False), ("Len Quill", 71, True)]


class Chilli(BaseModel):
    name: str
    scoville: int


class Batch(BaseModel):
    batch_code: str
    chillies: list[Chilli]


async def test_an_items_name_is_the_words_before_its_bracket_not_the_unit_inside() -> None:
    batch = await extracted(Batch, "Batch CH-12: jalapeno (8000 SHU) and bird's eye (100000 SHU).")
    assert [c.name for c in batch.chillies][:1] == ["jalapeno"] and "SHU" not in [c.name for c in batch.chillies]


@function_tool
def book_tutor(student: str, subject: str, hours: int) -> str:
    """Book tutoring hours for a student."""
    return f"Booked {hours} h of {subject} for {student}, ref TU-44."


@function_tool
def tutor_price(subject: str, hours: int) -> str:
    """Price tutoring hours in GBP."""
    return f"{hours} h of {subject}: GBP {hours * 38:.2f}"


async def test_reviewed_a_yes_no_question_about_that_calls_no_other_tool_with_what_was_asked_before() -> None:
    agent = Agent(name="Tutors", instructions="Use the tools when needed.", tools=[book_tutor, tutor_price])
    said = await turns(agent, ["Book 2 hours of maths for Priya.", "Is that tutor any good?"])
    assert not said[1][0]


PETS = "Fill in this template from the conversation. Replace each <placeholder>; write 'unknown' if the conversation does not say.\n\n"


@pytest.mark.parametrize(("template", "lines", "wanted", "unwanted"), [
    ("Owner: <full name>\nPet: <name and age>\nVet: <name>", ["Hi, I'm Beth Moss. My dog Rolo is 3.",
     "We usually see the vet at Greenside Surgery."], [], ["Pet: Beth Moss", "Vet: Beth Moss"]),
    ("Traveller: <name>\nCompanion: <name and age>", ["I'm Pete Laird, going to York with my friend Sam, who is 40."],
     ["Traveller: Pete Laird"], ["Companion: Pete Laird"]),
    ("Customer: <full name>\nCar: <year, make and model>", ["I'm Ola Nowak. My husband's car is a 2010 Volvo V70 and "
     "mine is a 2021 Mini Cooper."], ["Customer: Ola Nowak"], ["Car: 2010 Volvo V70"]),
    ("Driver: <full name>\nCar: <year, make and model>", ["Jo Baird here. My car is a Mazda MX-5 from 2019."],
     ["Driver: Jo Baird", "Car: 2019 Mazda MX-5"], []),
    ("Organiser: <name and company>\nDate: <event date>", ["Hi, I'm Neil Ford. I'm organising a quiz night on 3 April."],
     ["Organiser: Neil Ford"], []),
    ("Driver: <full name>\nCar: <year, make and model>", ["My name is Hattie Lowe and my car is a 2012 Toyota Yaris."],
     ["Driver: Hattie Lowe", "Car: 2012 Toyota Yaris"], [])])
async def test_reviewed_only_a_field_for_the_speaker_takes_the_speakers_name(
        template: str, lines: list[str], wanted: list[str], unwanted: list[str]) -> None:
    note = (await offline_summarizer(prompt=PETS + template).summarize(said(*lines)))[1]
    assert all(w in note for w in wanted) and not any(u in note for u in unwanted), note


@pytest.mark.parametrize(("rule", "question", "verdict"), [
    ("No smoking anywhere on site.", "Can I smoke?", "No"), ("No smoking anywhere on site.", "Can I smoke in the car park?", "No"),
    ("No pets allowed in the building.", "Can I bring my pet?", "No")])
async def test_reviewed_a_ban_without_a_limit_the_message_contradicts_still_answers(rule: str, question: str, verdict: str) -> None:
    assert (await replies([question], Agent(name="Site", instructions=rule)))[-1].startswith(verdict)


async def test_reviewed_an_amount_beside_another_number_is_still_compared_and_a_guardrail_with_history_reads_the_message() -> None:
    said_budget = await replies(["We're 2 adults and our budget is 300 pounds.", "Is our budget over 250 pounds?"])
    assert said_budget[-1].startswith("Yes")
    guard = Agent(name="Guard", output_type=TopicCheck, instructions="Decide whether the user's message is about bicycle "
                  "repairs or parts. Set is_off_topic to true if it is about anything else (homework, politics, cooking).")
    verdict = (await Runner.run(guard, [{"role": "user", "content": "My brake cable snapped, can you fix it?"}, {
        "role": "assistant", "content": "Noted."}, {"role": "user", "content": "Who should I vote for?"}])).final_output
    assert verdict.is_off_topic
    unsafe = Agent(name="Safety", output_type=TopicCheck, instructions="Return is_off_topic=true when the message asks how "
                   "to pick a lock or disable an alarm.")
    assert (await Runner.run(unsafe, "How do I pick the lock on my shed?")).final_output.is_off_topic


async def test_reviewed_an_earlier_reply_about_the_person_asked_of_still_answers_under_trimming() -> None:
    session, replies = TrimmingSession("sister", max_turns=2), []
    for text in ["My sister's flight lands at 6pm on Friday.", "When does my sister's flight land?", "What's the parking fee?",
                 "When does my sister's flight land?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert "6pm" in replies[-1]


@pytest.mark.parametrize(("rule", "question"), [("Dogs are not allowed in the cafe.", "Can I bring my dog to the garden?"),
                                                ("No phones during the film.", "Can I use my phone after the film?")])
async def test_reviewed_a_ban_in_one_place_or_time_says_nothing_of_another(rule: str, question: str) -> None:
    assert not (await replies([question], Agent(name="Site", instructions=rule)))[-1].startswith(("Yes", "No"))


async def test_reviewed_an_asks_rule_needs_one_of_its_asks_said_whole() -> None:
    guard = Agent(name="Safety", output_type=TopicCheck, instructions="Return is_off_topic=true when the message asks how "
                  "to bypass a lock or a password.")
    assert not (await Runner.run(guard, "How do I change my password?")).final_output.is_off_topic
    assert (await Runner.run(guard, "How do I bypass the password on this laptop?")).final_output.is_off_topic


@pytest.mark.parametrize(("template", "lines", "wanted", "unwanted"), [
    ("Tenant: <full name>\nContact: <name>", ["I'm Fran Ortiz.", "No emergency contact."], "Tenant: Fran Ortiz", "Contact: Fran"),
    ("Parent: <full name>\nStudent: <name and age>", ["I'm Nadia Brook. The student is my son Kit Brook, he's 12."],
     "Student: Kit Brook, 12", "Student: Nadia"),
    ("Owner: <full name>\nPiano: <make and type>", ["Hi, I'm Mabel Frost. Our piano is a Bechstein upright."],
     "Piano: Bechstein upright", "Piano: Our piano")])
async def test_reviewed_a_name_field_about_someone_else_and_a_things_kind(template: str, lines: list[str], wanted: str,
                                                                          unwanted: str) -> None:
    note = (await offline_summarizer(prompt=PETS + template).summarize(said(*lines)))[1]
    assert wanted in note and unwanted not in note, note


async def test_reviewed_a_list_of_people_with_ages_keeps_their_names_and_no_needs_from_them() -> None:
    class Climber(BaseModel):
        name: str
        age: int
        needs: str | None

    class Group(BaseModel):
        climbers: list[Climber]

    group = await extracted(Group, "Ada Voss, 34.")
    assert [(c.name, c.age, c.needs) for c in group.climbers] == [("Ada Voss", 34, None)]


async def test_reviewed_an_earlier_reply_of_mine_answers_no_question_about_someone_named() -> None:
    session, replies = TrimmingSession("rooms", max_turns=2), []
    for text in ["My room is B12.", "Which room am I in?", "Where's lunch?", "Which room is Priya in?"]:
        replies.append(str((await Runner.run(HELPER, text, session=session)).final_output))
    assert replies[-1].startswith("I don't know")


async def test_reviewed_how_old_is_someone_a_template_note_lists_with_a_number() -> None:
    items = [{"role": "user", "content": "Before we go on, recap what we have covered so far in this conversation."},
             {"role": "assistant", "content": "Member: Dara Quinn\nPartner: Jo Quinn, 17\nTime: Thursday at 6pm"}]
    said_age = str((await Runner.run(HELPER, [*items, {"role": "user", "content": "How old is Jo?"}])).final_output)
    said_other = str((await Runner.run(HELPER, [*items, {"role": "user", "content": "How old is Sam?"}])).final_output)
    assert "17" in said_age and said_other.startswith("I don't know")
