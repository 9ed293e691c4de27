"""A note puts what the chat is about in the prompt's first section, keeps a neighbour's fact and whose reference is
whose, and takes a correction into an earlier note's sentence; recall finds a tool's price, the second item of
a listed result, a size, a date, a venue, a phone number and a code word; a count corrected changes the count; tools
take the values and make the calls a message asks for; structured output names an item before its measure.

Outside testers' scaffolding hire, marquee hire, perfume blending, organ maintenance, stamp dealer and fireworks. A
handover prompt of "## Booking", "## Changes", "## Open items" stored "## Booking - none" (the job number and the site
address in no section); "What was the price of Low Tide again?" gave back the user's request to price it; "the second
fault" called the tool again for want of a church; "Actually make that 5 sheets" changed the year of "3 sheets of the
1934 Airmail set" and "40 silent cakes, not 30" gave "40 silent cakes cakes"; "What size marquee did I ask for?" was
answered with the wooden floor, and a phone number said without the word "phone", a date, a venue and the code word
BLUEFIN were "not in the conversation"; "Did I say I pay by card?" was "Yes" from the sister's card. A note dropped
the neighbour Greta Holm and her 85 covers and labelled the references "reference letter" and "covers reference";
"Sorry, the postcode is DM4 7QX, not 7QT" changed only an earlier note's bare "DM4 7QT", so the address kept 7QT;
JSON keys asked as integers came back as strings ("guests": "Priya Ramaswamy; About 80 guests; About 95 guests").
Tools: "What's on the middle shelf?" sent "middle shelf" where the description lists (top, middle, bottom, door);
"What is wrong with RC-1185?" called no tool although one diagnoses a job number; "catalogue_no" took the title; a list
of Pydantic models a tool returned was told back as its repr. Structured output named every hop "g" (of "Magnum
400 g at 60 minutes") and the customer "Wash" (of "Wash and dry: 3 duvet covers"). A question of two fields of a
tool's record ("When was it last tuned and who built it?", "What class is it and how heavy is it?") got the first;
"..., and who is at Pellin Knoll?" made one call; "Give the Carrow Ridge shift to Tamsin Hale, and don't send a
notification" looked up who was on shift, and a greeting with small talk was "Noted". "What ID am I bringing?" after
"I'll bring my passport as ID" gave the claim reference, and "What was the reference for the helmet?" searched for a
colour called "helmet". Instructions saying "3 shifts" did not answer "three shifts", nor "Bring: passport, ..." "What
documents do I bring?".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner
from pydantic import BaseModel
from openai import OpenAI

from memlab.offline.client import offline_client
from memlab.prompts import SHADOW_PROMPT

from ..helpers import said, sections, turns

pytestmark = pytest.mark.usefixtures("api")

HANDOVER = ("Write a handover note with these headings in order:\n## Booking\n## Changes\n## Open items\n"
            "Short bullets. Keep corrected values only.")


@pytest.fixture
def sync_client() -> OpenAI:
    return offline_client(sync=True)


def note(client: OpenAI, prompt: str, items: list) -> str:
    return client.responses.create(model="gpt-4.1-mini", instructions=prompt, input=items).output_text


def test_the_booking_section_holds_what_the_chat_is_about(sync_client) -> None:
    written = note(sync_client, HANDOVER, said(
        "Tomasz Nowak, job SC-5512: scaffold at 7 Mill Street, three lifts, start Monday 2 September.",
        "Drop the debris chute from the quote please."))
    assert "SC-5512" in sections(written)["Booking"] and "7 Mill Street" in sections(written)["Booking"], written


def price_blend_result() -> list:
    return [{"role": "user", "content": "Price a 50 ml EDP called 'Low Tide' with top notes bergamot and pink pepper."},
            {"type": "function_call", "call_id": "c1", "name": "price_blend",
             "arguments": '{"blend": {"name": "Low Tide"}, "millilitres": 50}'},
            {"type": "function_call_output", "call_id": "c1", "output": "{'blend': 'Low Tide', 'ml': 50, 'price_gbp': 82.0}"},
            {"role": "assistant", "content": "price_blend returned blend: Low Tide; ml: 50; price gbp: 82.0."}]


def faults_listed() -> list:
    return [{"role": "user", "content": "What open faults are there on the swell division at St Brannock?"},
            {"type": "function_call", "call_id": "c1", "name": "list_faults", "arguments": '{"church": "St Brannock"}'},
            {"type": "function_call_output", "call_id": "c1",
             "output": '["cipher on Oboe 8\' middle C", "swell box shutter sticks", "Vox Humana tremulant slow"]'},
            {"role": "assistant", "content": "I found 3 faults: cipher on Oboe 8' middle C; swell box shutter sticks; "
                                             "Vox Humana tremulant slow."}]


LIST_FAULTS = {"type": "function", "name": "list_faults", "description": "Open faults of a church organ.",
               "parameters": {"type": "object", "properties": {"church": {"type": "string"}}, "required": ["church"]}}


def test_a_price_a_tool_returned_is_recalled_not_the_request_that_asked_for_it(sync_client) -> None:
    reply = sync_client.responses.create(model="gpt-4.1-mini", input=[
        *price_blend_result(), {"role": "user", "content": "What was the price of Low Tide again?"}]).output_text
    assert "82.0" in reply and "Price a 50 ml" not in reply, reply


def test_the_second_of_a_listed_result_is_told_without_calling_again(sync_client) -> None:
    response = sync_client.responses.create(model="gpt-4.1-mini", tools=[LIST_FAULTS], input=[
        *faults_listed(), {"role": "user", "content": "Just tell me what the second fault was."}])
    assert "swell box shutter sticks" in response.output_text and "cipher" not in response.output_text, response.output


async def test_a_count_corrected_changes_the_count_not_a_year_nor_repeats_its_noun() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You take stamp and firework orders."), [
        "I want 3 sheets of the 1934 Airmail set.", "Actually make that 5 sheets.", "How many sheets did I want?",
        "We want 30 cakes of silent fireworks and 6 sparkler packs.", "Actually make it 40 silent cakes, not 30.",
        "How many silent cakes are we on?"])]
    assert "5 sheets of the 1934 Airmail set" in replies[2], replies[2]
    assert "40 cakes of silent fireworks" in replies[5] and "cakes cakes" not in replies[5], replies[5]


async def test_a_phone_number_said_without_the_word_phone_answers_for_it() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You plan wedding fireworks."), [
        "The venue is Brackenfold Barn; the venue manager is Colm Daly, 01632 960442.",
        "What is the venue manager's phone number?"])]
    assert "01632 960442" in replies[1], replies[1]


async def test_what_a_sister_does_is_no_yes_to_whether_i_do() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You take stamp orders."), [
        "My sister pays by card. I prefer bank transfer.", "Did I say I pay by card?", "Does my sister pay by card?"])]
    assert replies[1].startswith("No") and replies[2].startswith("Yes"), replies


async def test_a_size_a_date_a_venue_and_a_code_word_said_once_are_recalled() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You take marquee bookings."), [
        "My name is Ines Carvalho and I need a 6x9 marquee.", "I'd like it with a wooden floor, please.",
        "What size marquee did I ask for?",
        "I need it for 2 October at Coldharbour Cricket Club.", "What date did I give you?", "What's the venue?",
        "The code word for the crew gate is BLUEFIN.", "What is the code word for the crew gate?"])]
    assert "6x9" in replies[2], replies[2]
    assert "2 October" in replies[4], replies[4]
    assert "Coldharbour Cricket Club" in replies[5], replies[5]
    assert "BLUEFIN" in replies[7], replies[7]


def test_a_note_keeps_a_neighbours_fact_and_labels_each_reference_by_whose_it_is(sync_client) -> None:
    written = note(sync_client, "Summarize the conversation for a colleague.", said(
        "I'm booking a valuation for my late uncle's album. My name is Teodor Lisk.",
        "My reference from your letter is VAL-2291-K.",
        "My neighbour Greta Holm is also bringing a cover collection of 85 covers; her reference is VAL-2307-B."))
    assert "Greta Holm" in written and "85 covers" in written, written
    assert "reference letter" not in written and "covers reference" not in written, written


def test_a_postcode_corrected_after_a_note_changes_the_note_not_only_its_bare_value(sync_client) -> None:
    earlier = ("## Product and environment\n- Ship mine to 14 Lantern Row, Dunmore, DM4 7QT.\n\n## Identifiers\n"
               "- DM4 7QT\n- collector account PX-4471")
    items = [{"role": "user", "content": SHADOW_PROMPT}, {"role": "assistant", "content": earlier},  # a summary pair
             *said("Sorry, the postcode is DM4 7QX, not 7QT.")]
    written = note(sync_client, "Summarize the conversation for a colleague.", items)
    assert "14 Lantern Row, Dunmore, DM4 7QX" in written and "7QT" not in written, written
    reply = sync_client.responses.create(model="gpt-4.1-mini", input=[
        *said("Ship mine to 14 Lantern Row, Dunmore, DM4 7QT.", "Sorry, the postcode is DM4 7QX, not 7QT."),
        {"role": "user", "content": "What's my full shipping address?"}]).output_text
    assert "14 Lantern Row, Dunmore, DM4 7QX" in reply, reply


async def test_a_request_to_find_something_out_is_declined_and_recalled_as_asked() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You plan wedding fireworks."), [
        "The venue is Brackenfold Barn.",
        "Can you check whether silent cakes are allowed at Brackenfold Barn after 10pm? Let me know when you find out.",
        "What did I ask you to check for me earlier?"])]
    assert replies[1].startswith("I can't") and "Brackenfold" not in replies[1], replies[1]
    assert replies[2] == "You asked me to check whether silent cakes are allowed at Brackenfold Barn after 10pm.", replies[2]


def test_a_note_keeps_the_question_left_open_not_the_words_that_wait_for_it(sync_client) -> None:
    written = note(sync_client, "Summarize the conversation for a colleague.", said(
        "I'm booking a valuation of my uncle's stamp album.",
        "Could you find out whether your valuers also look at postal history covers? I'll wait to hear back."))
    assert "postal history covers" in written and "wait to hear" not in written, written


def test_json_keys_asked_as_integers_are_the_corrected_numbers(sync_client) -> None:
    prompt = ('Return ONLY a JSON object with exactly these keys: "customer" (string), "guests" (integer), '
              '"household_size" (integer).')
    written = note(sync_client, prompt, said(
        "Hi, I'm Priya Ramaswamy. I'd like a marquee for Saturday 21 June. About 80 guests.",
        "Also the guest list grew, it's 95 guests now, not 80.",
        "We're a household of 4.", "Nappies size 2: 30 packs in stock.", "Household updated to 5."))
    data = json.loads(written)
    assert data["guests"] == 95 and data["household_size"] == 5, data
    default = note(sync_client, "Summarize the conversation for a colleague.", said(
        "Hi, I'm Priya Ramaswamy. I'd like a marquee for Saturday 21 June. About 80 guests.",
        "Also the guest list grew, it's 95 guests now, not 80."))
    assert "95 guests" in default and "80 guests" not in default, default


def tool(name: str, description: str, **fields: str) -> dict:
    return {"type": "function", "name": name, "description": description, "strict": True, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in fields.items()}, "required": list(fields),
        "additionalProperties": False}}


def calls(client: OpenAI, tools: list, message: str) -> list[tuple[str, dict]]:
    response = client.responses.create(model="gpt-4.1-mini", tools=tools, input=message)
    return [(i.name, json.loads(i.arguments)) for i in response.output if i.type == "function_call"]


def test_an_option_the_tools_description_lists_in_brackets_is_the_value_said(sync_client) -> None:
    stock = tool("fridge_stock", "Return what is on a shelf of the community fridge (top, middle, bottom, door).",
                 shelf="string")
    assert calls(sync_client, [stock], "What's on the middle shelf?") == [("fridge_stock", {"shelf": "middle"})]


def test_an_id_the_one_lookup_takes_is_looked_up_and_a_catalogue_no_is_an_id(sync_client) -> None:
    log = tool("log_job", "Log a repair job for an item.", item="string", owner="string")
    diagnose = tool("diagnose", "Fixer's diagnosis for a job number.", job="string")
    assert calls(sync_client, [log, diagnose], "What is wrong with RC-1185?") == [("diagnose", {"job": "RC-1185"})]
    hire = tool("hire_set", "Hire a set of parts to an orchestra.", catalogue_no="string", orchestra="string",
                weeks="integer")
    assert calls(sync_client, [hire], "Hire the Enigma Variations, HM-5520, for 6 weeks.")[0][1]["catalogue_no"] == "HM-5520"


def test_a_list_of_pydantic_models_a_tool_returned_is_read_as_records(sync_client) -> None:
    output = ("[Edition(catalogue_no='HM-6102', composer='Dvorak', work='Symphony No. 8', sets_available=1), "
              "Edition(catalogue_no='HM-6110', composer='Dvorak', work='Symphony No. 9', sets_available=0)]")
    reply = sync_client.responses.create(model="gpt-4.1-mini", input=[
        {"role": "user", "content": "Which Dvorak symphonies do you have?"},
        {"type": "function_call", "call_id": "c1", "name": "find_editions", "arguments": '{"composer": "Dvorak"}'},
        {"type": "function_call_output", "call_id": "c1", "output": output}]).output_text
    assert "Edition(" not in reply and "Symphony No. 8" in reply and "HM-6110" in reply, reply


class HopAddition(BaseModel):
    variety: str
    grams: int
    minute: int


class BatchLog(BaseModel):
    beer_name: str
    hops: list[HopAddition]


class ServiceOrder(BaseModel):
    customer: str
    phone: str


async def test_a_name_before_its_measure_is_the_items_name_and_a_service_is_no_customer() -> None:
    extract = "Extract the details from the user's message into the output schema."
    batch = (await Runner.run(Agent(name="Log", instructions=extract, output_type=BatchLog),
                              "Batch 37 of Hopscotch IPA. Hops: Magnum 400 g at 60 minutes, Citra 900 g at 10 minutes."))
    assert [(h.variety, h.grams, h.minute) for h in batch.final_output.hops] == [("Magnum", 400, 60), ("Citra", 900, 10)]
    order = await Runner.run(Agent(name="Order", instructions=extract, output_type=ServiceOrder),
                             "Order for Bea Lindqvist, phone 0161 496 0732. Wash and dry: 3 duvet covers.")
    assert order.final_output.customer == "Bea Lindqvist", order.final_output


def test_a_question_of_two_fields_of_a_record_gets_both(sync_client) -> None:
    def answer(output: str, question: str) -> str:
        return sync_client.responses.create(model="gpt-4.1-mini", input=[
            {"role": "user", "content": "Look it up please."},
            {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": output},
            {"role": "assistant", "content": "Found it."}, {"role": "user", "content": question}]).output_text
    built = answer('{"stops": 23, "last_tuned": "2024-03-02", "builder": "Harrison"}',
                   "When was the organ last tuned and who built it?")
    assert "2024-03-02" in built and "Harrison" in built, built
    member = answer('{"name": "Tobias Ng", "grade": "A"}', "Who is member 5023 and what grade are they?")
    assert "Tobias Ng" in member and "grade is A" in member, member
    stone = answer('{"name": "NWA 869", "class": "chondrite L4-6", "mass_g": 112.5}', "What class is it and how heavy is it?")
    assert "chondrite L4-6" in stone and "112.5 g" in stone, stone


def test_a_greeting_with_small_talk_is_greeted_back(sync_client) -> None:
    for message in ("Good afternoon! Lovely weather for bowls.", "Morning all!", "Hi there, hope you are well."):
        reply = sync_client.responses.create(model="gpt-4.1-mini", input=message).output_text
        assert reply.startswith("Hello!") and "Noted" not in reply, (message, reply)


ROTA = [tool("who_is_on_shift", "Name of the volunteer staffing a tower on a date.", tower="string", day="string"),
        tool("swap_shift", "Give a tower shift to a different volunteer.", tower="string", day="string",
             new_volunteer="string", notify="boolean")]


def test_a_second_place_asked_of_the_same_day_is_a_second_call_and_giving_a_shift_swaps_it(sync_client) -> None:
    asked = calls(sync_client, ROTA, "Who is on shift at Carrow Ridge on 2025-07-19, and who is at Pellin Knoll?")
    assert asked == [("who_is_on_shift", {"tower": "Carrow Ridge", "day": "2025-07-19"}),
                     ("who_is_on_shift", {"tower": "Pellin Knoll", "day": "2025-07-19"})], asked
    given = calls(sync_client, ROTA, "Give the Carrow Ridge shift on 2025-07-19 to Tamsin Hale, and don't send a "
                                     "notification.")
    assert given == [("swap_shift", {"tower": "Carrow Ridge", "day": "2025-07-19", "new_volunteer": "Tamsin Hale",
                                     "notify": False})], given


async def test_make_that_n_for_me_corrects_my_count_and_my_count_is_not_my_sisters() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Desk", instructions="You take stamp orders."), [
        "I'd like to order 3 mint blocks of the 1934 Airmail issue.",
        "My sister Ilona also collects; her account is PX-5102 and she wants 2 blocks of the same issue.",
        "Actually make that 5 blocks for me, not 3.", "How many blocks did I say I wanted?"])]
    assert "5 mint blocks" in replies[2] and "5 mint blocks" in replies[3] and "Ilona" not in replies[3], replies


def test_an_entry_of_a_result_in_words_is_recalled_by_what_it_names(sync_client) -> None:
    finder = tool("find_by_colour", "List lost property items of the given colour, with their reference numbers.",
                  colour="string")
    response = sync_client.responses.create(model="gpt-4.1-mini", tools=[finder], input=[
        {"role": "user", "content": "Please list lost property items of colour yellow."},
        {"type": "function_call", "call_id": "c1", "name": "find_by_colour", "arguments": '{"colour": "yellow"}'},
        {"type": "function_call_output", "call_id": "c1",
         "output": "LP-7001 yellow raincoat (child size); LP-7015 yellow cycling helmet"},
        {"role": "assistant", "content": "LP-7001 yellow raincoat (child size); LP-7015 yellow cycling helmet."},
        {"role": "user", "content": "What was the reference for the helmet?"}])
    assert "LP-7015" in response.output_text and "LP-7001" not in response.output_text, response.output


async def test_what_id_i_bring_is_the_document_i_named_not_a_reference() -> None:
    replies = [reply for _, reply in await turns(Agent(name="Clerk", instructions="You are a lost property clerk."), [
        "My claim reference is LPC-40917.", "Please note I'll bring my passport as ID.", "What ID am I bringing?"])]
    assert "passport" in replies[2] and "LPC-40917" not in replies[2], replies[2]


def test_instructions_answer_a_count_in_words_and_a_label_that_is_the_questions_verb(sync_client) -> None:
    festival = "You help festival volunteers. Volunteers who do 3 shifts get a free festival pass and a T-shirt."
    reply = sync_client.responses.create(model="gpt-4.1-mini", instructions=festival,
                                         input="If I steward for three shifts, what do I get?").output_text
    assert "free festival pass" in reply, reply
    visa = ("You help visa applicants. Bring: passport, two photos 35x45 mm, bank statement for 3 months. "
            "Appointments are at the consulate on Elm Street.")
    reply = sync_client.responses.create(model="gpt-4.1-mini", instructions=visa,
                                         input="What documents do I bring to my visa appointment?").output_text
    assert "passport, two photos" in reply, reply
