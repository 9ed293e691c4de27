"""Tools, schemas and the API's edges, as outside testers met them this round (in my own words and domains):

- a currency asked "how many X for £N" converts from the amount's own, and one source serves two conversions
  ("1,500 pounds to yen and 60 quid to dollars"); a planner *for* a translator is no translator;
- "1,240 kg" is one number in a list of items; "12sqm", "15m²" and "9 square metres" are areas; "Lounge 20 m2"
  opens an item though capitalised; "budget about £90" is the budget's, not an item; "no dogs" is ``dogs: 0``;
- "2 adults and 3 kids" gives ``children: 3`` (and "make that 4 kids" corrects the children, not the adults);
  "Name's Idris Kahn" is Idris Kahn;
- dates "2025/08/01", "the 5th of April, 2025" and "Saturday 5 April 2025" keep their year;
- a tool's ``pattern`` is never broken: "tag t4417" is sent as T4417, and a tag of no such shape is asked for;
- "12k words" is 12000 words, and a rate per word is neither a count of words nor a rating;
- "whats 2+2" is worked out, not sent to a tool; ``tool_choice="required"`` with nothing asked calls a tool that
  changes nothing; ``tool_choice="none"`` says a deed cannot be done rather than "Noted";
- an empty list one of two calls returned "found nothing" (not "returned ."); "Thu 11 eggs" answers "... on
  Thursday?" from a list of entries (and "Wednesday" asks no wedding); "outside no. 22" is one sentence;
- Chat Completions takes ``max_tokens=2`` and stops for "length"; ``POST /v1/responses/{id}/cancel`` is served;
- a desk's own facts answer its questions: "Minimum age is 9." beside other facts of its sessions, "Blue and white
  flags mark ..." (a subject and its verb, not an order); a desk described in its own language ("Clientes que
  escriben en español") takes the messages written in it;
- "in 5kg crates" picks the option 5 of ``crate_size``, and ``organic_crate`` beside it is set by "organic" alone (not
  by "crates"); a ``fault`` field takes the fault told ("it has a jammed bobbin"), not the brand said before it; a
  number corrected in its own message ("12 kg, no wait, 9kg", "30 hives - sorry, 32") is the new one; "1.5 tonnes"
  fills a field in kg; a message of punctuation alone ("!") fills a schema (it raised a ``TypeError`` before);
- the review guards (``test_review_*``): what the first and the last reviews of this round found the new rules
  overreaching.
"""

from __future__ import annotations

import openai
import pytest

from memlab.offline.client import offline_client

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _parsed
from ..helpers import offline_reply as _reply
from ..helpers import offline_response as _respond

pytestmark = pytest.mark.usefixtures("api")




EXCHANGE = _tool("exchange", "Exchange an amount between two ISO currency codes (e.g. GBP to EUR).", {
    "amount": {"type": "number"}, "from_currency": {"type": "string"}, "to_currency": {"type": "string"}})


def test_how_many_of_one_currency_for_an_amount_of_another_converts_from_the_amount() -> None:
    assert _calls([EXCHANGE], "how many dollars would I get for £400?") == [
        ("exchange", {"amount": 400, "from_currency": "GBP", "to_currency": "USD"})]
    assert _calls([EXCHANGE], "how much is 400 dollars in pounds?") == [
        ("exchange", {"amount": 400, "from_currency": "USD", "to_currency": "GBP"})]


def test_one_source_serves_two_conversions() -> None:
    assert _calls([EXCHANGE], "change 1,500 pounds to yen and 60 quid to dollars please") == [
        ("exchange", {"amount": 1500, "from_currency": "GBP", "to_currency": "JPY"}),
        ("exchange", {"amount": 60, "from_currency": "GBP", "to_currency": "USD"})]
    assert _calls([EXCHANGE], "change 1500 pounds to yen") == [
        ("exchange", {"amount": 1500, "from_currency": "GBP", "to_currency": "JPY"})]


def test_a_planner_for_a_translator_is_no_translator() -> None:
    planner = "You keep the diary of a freelance translator."
    said = "The Dutch brochure pays 0.10 a word and the Greek menu 0.14."
    assert _reply(said, planner).startswith("Noted")
    history = [{"role": "user", "content": said}, {"role": "assistant", "content": "Noted."},
               {"role": "user", "content": "What does the Greek menu pay?"}]
    assert "0.14" in _reply(history, planner)
    assert "can't translate" in _reply("Good evening, friends", "Translate every message into Dutch.")


ROOMS = {"type": "object", "properties": {
    "customer": {"type": "string"}, "rooms": {"type": "array", "items": {"type": "object", "properties": {
        "room": {"type": "string"}, "area_m2": {"type": "number"}}, "required": ["room", "area_m2"]}},
    "dogs": {"type": ["integer", "null"]}, "budget_gbp": {"type": ["number", "null"]}},
    "required": ["customer", "rooms", "dogs", "budget_gbp"]}


def test_areas_written_many_ways_fill_each_room() -> None:
    form = _parsed(ROOMS, "Three rooms: kitchen 14m², office 8sqm, porch 3 square metres. I'm Ola Berg")
    assert form["rooms"] == [{"room": "kitchen", "area_m2": 14}, {"room": "office", "area_m2": 8},
                             {"room": "porch", "area_m2": 3}]


def test_a_capitalised_first_item_is_kept_and_a_budget_is_no_item() -> None:
    form = _parsed(ROOMS, "Name's Idris Kahn, CF10 1AA. Landing 7 m2 and stairs 4.5 m2, no stains.")
    assert form["customer"] == "Idris Kahn"
    assert form["rooms"] == [{"room": "Landing", "area_m2": 7}, {"room": "stairs", "area_m2": 4.5}]
    form = _parsed(ROOMS, "quote for my study (11sqm) please. no dogs, budget about £90. - Mo")
    assert form["rooms"] == [{"room": "study", "area_m2": 11}]
    assert form["dogs"] == 0 and form["budget_gbp"] == 90


def test_a_number_with_thousands_is_one_number_in_a_list_of_items() -> None:
    schema = {"type": "object", "properties": {"loads": {"type": "array", "items": {"type": "object", "properties": {
        "crop": {"type": "string"}, "weight_kg": {"type": "number"}}, "required": ["crop", "weight_kg"]}}},
        "required": ["loads"]}
    form = _parsed(schema, "Weighbridge: barley 2,480 kg, oats 1,105kg, rye 760 kg.")
    assert [load["weight_kg"] for load in form["loads"]] == [2480, 1105, 760]


PARTY = {"type": "object", "properties": {"adults": {"type": "integer"}, "children": {"type": "integer"}},
         "required": ["adults", "children"]}


def test_kids_are_children() -> None:
    assert _parsed(PARTY, "Two tickets for 2 adults and 3 kids on Sunday") == {"adults": 2, "children": 3}
    assert _parsed(PARTY, "me and my wife plus 1 kid") ["children"] == 1
    tickets = _tool("buy_tickets", "Buy pool tickets.", {"adults": {"type": "integer"}, "children": {"type": "integer"}})
    history = [{"role": "user", "content": "tickets for 2 adults and 1 kid"},
               {"type": "function_call", "call_id": "c1", "name": "buy_tickets",
                "arguments": '{"adults": 2, "children": 1}'},
               {"type": "function_call_output", "call_id": "c1", "output": "Order P-81: £14"},
               {"role": "assistant", "content": "Order P-81: £14."},
               {"role": "user", "content": "oh wait, make that 4 kids"}]
    assert _calls([tickets], history) == [("buy_tickets", {"adults": 2, "children": 4})]


DEADLINE = {"type": "object", "properties": {"deadline": {"type": "string", "format": "date"}}, "required": ["deadline"]}


@pytest.mark.parametrize("said", ["deadline 2025/08/01", "deadline 2025.08.01.", "deadline Friday 1 August 2025",
                                  "deadline Friday 1st August 2025", "deadline: Friday the 1st of August, 2025"])
def test_a_date_keeps_its_year_however_it_is_written(said: str) -> None:
    assert _parsed(DEADLINE, f"Proofs for the Keel Press, {said}") == {"deadline": "2025-08-01"}


TREES = [_tool("tree_record", "The survey record of a street tree by its tag.",
               {"tag": {"type": "string", "pattern": "^T\\d{5}$"}})]


def test_a_pattern_is_never_broken() -> None:
    assert _calls(TREES, "What's the record for tree t40172?") == [("tree_record", {"tag": "T40172"})]
    assert _calls(TREES, "What's the record for tree t417?") == []
    assert "tag" in _reply("What's the record for tree t417?", "Use your tools.", tools=TREES)
    forced = _calls(TREES, "What's the record for tree t417?", tool_choice="required")
    assert forced == [("tree_record", {"tag": "T00000"})]


def test_a_count_of_words_in_thousands_and_a_rate_per_word() -> None:
    schema = {"type": "object", "properties": {"word_count": {"type": "integer"},
                                               "rate_per_word_eur": {"type": ["number", "null"]}},
              "required": ["word_count", "rate_per_word_eur"]}
    assert _parsed(schema, "Catalogue, Swedish to English, 12k words") == {"word_count": 12000, "rate_per_word_eur": None}
    assert _parsed(schema, "2,400 words at 0.09 per word") == {"word_count": 2400, "rate_per_word_eur": 0.09}


STUDIO = [_tool("log_song", "Log a song played on air: artist, title and the minute it started.",
                {"artist": {"type": "string"}, "title": {"type": "string"}, "minute": {"type": "integer"}}),
          _tool("studio_clock", "The studio's on-air clock.", {}),
          _tool("string_stock", "Spare strings held for an instrument (e.g. Violin, Cello) at a gauge (1, 2, 3).",
                {"instrument": {"type": "string"}, "gauge": {"type": "integer"}})]


def test_a_sum_is_worked_out_not_sent_to_a_tool() -> None:
    assert _calls(STUDIO, "whats 3+4") == []
    assert _reply("whats 3+4", "Use your tools.", tools=STUDIO) == "3+4 = 7."
    calculator = [_tool("add", "Add two numbers.", {"a": {"type": "number"}, "b": {"type": "number"}})]
    assert _calls(calculator, "add 3 and 4") == [("add", {"a": 3, "b": 4})]


def test_a_required_call_that_nothing_asks_for_changes_nothing() -> None:
    assert _calls(STUDIO, "hiya", tool_choice="required") == [("studio_clock", {})]


def test_no_tools_allowed_says_the_deed_cannot_be_done() -> None:
    reply = _reply("log 'Blue Monday' by New Order at minute 12", "Use your tools.", tools=STUDIO, tool_choice="none")
    assert reply.startswith("I can't do that now") and "log_song" in reply and "Noted" not in reply


def test_an_empty_result_of_one_of_two_calls_found_nothing() -> None:
    lookup = _tool("classes_on", "Classes on a date (YYYY-MM-DD).", {"date": {"type": "string"}})
    history = [{"role": "user", "content": "what classes are on 2025-06-04 and on 2025-04-05?"},
               {"type": "function_call", "call_id": "a", "name": "classes_on", "arguments": '{"date": "2025-06-04"}'},
               {"type": "function_call", "call_id": "b", "name": "classes_on", "arguments": '{"date": "2025-04-05"}'},
               {"type": "function_call_output", "call_id": "a", "output": "[]"},
               {"type": "function_call_output", "call_id": "b", "output": "['lino cut (10:00)']"}]
    reply = _reply(history, "Use your tools.", tools=[lookup])
    assert "found nothing" in reply and "returned ." not in reply and "lino cut" in reply


def test_chat_completions_take_a_small_max_tokens_and_stop_for_length(api: OfflineAPI) -> None:
    chat = offline_client(api, sync=True)
    answer = chat.chat.completions.create(model="gpt-4o-mini", max_tokens=2, messages=[
        {"role": "user", "content": "Tell me about the history of the harbour crane please."}])
    assert answer.choices[0].finish_reason == "length" and answer.usage.completion_tokens == 2
    assert 0 < len(answer.choices[0].message.content) < 20
    with pytest.raises(openai.BadRequestError):
        offline_client(api, sync=True).responses.create(model="gpt-4o-mini", input="hi", max_output_tokens=2)


def test_a_background_response_can_be_cancelled_and_another_cannot(api: OfflineAPI) -> None:
    client = offline_client(api, sync=True)
    later = client.responses.create(model="gpt-4o-mini", input="hello", background=True)
    assert later.background is True
    assert client.responses.cancel(later.id).status == "completed"  # the offline model answered at once
    now = client.responses.create(model="gpt-4o-mini", input="hello again")
    with pytest.raises(openai.BadRequestError, match="background"):
        client.responses.cancel(now.id)
    with pytest.raises(openai.NotFoundError):
        client.responses.cancel("resp_nothing")


def test_a_day_and_its_short_form_meet_in_a_list_of_entries() -> None:
    said = "Egg log: Mon 14 eggs, Tue 9 eggs, Wed 17 eggs, Thu 11 eggs.\nHow many eggs on Thursday?"
    assert _reply(said) == "You told me: Thu 11 eggs."
    history = [{"role": "user", "content": "We're planning the wedding for Saturday 14 June."},
               {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Our budget is 9,000 euros."},
               {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "When is the wedding?"}]
    assert "14 June" in _reply(history)  # ("Wed" is no wedding)


def test_no_dot_before_a_number_ends_no_sentence() -> None:
    history = [{"role": "user", "content": "Bins missed outside no. 22, Mill Road, again this week."},
               {"role": "assistant", "content": "Noted."},
               {"role": "user", "content": "Which house were the bins missed outside?"}]
    assert "no. 22" in _reply(history)


def test_review_a_forced_call_is_made_for_a_sum_too() -> None:
    search = [_tool("search_web", "Search the web.", {"query": {"type": "string"}})]
    assert [name for name, _ in _calls(search, "what is 12 * 9?", tool_choice="required")] == ["search_web"]


def test_review_a_code_fits_its_pattern_in_either_case_and_a_word_is_no_code() -> None:
    lower = [_tool("shelf_record", "A shelf's record.", {"shelf": {"type": "string", "pattern": "^[a-z]{2}-\\d{2}$"}})]
    assert _calls(lower, "What's on shelf QB-42?") == [("shelf_record", {"shelf": "qb-42"})]
    two = [_tool("bin_record", "A bin's record.", {"bin": {"type": "string", "pattern": "^[A-Z]{2}\\d{2}$"}})]
    assert _calls(two, "Check bins qa19 and zx07") == [("bin_record", {"bin": "QA19"}), ("bin_record", {"bin": "ZX07"})]
    letters = [_tool("bird_record", "A bird's record.", {"ring": {"type": "string", "pattern": "^[A-Z]+$"}})]
    forced = _calls(letters, "Find the robin please", tool_choice="required")
    assert forced and forced[0][1]["ring"] not in ("FIND", "THE", "PLEASE")


def test_review_two_amounts_into_one_currency_and_no_sum_of_them() -> None:
    assert _calls([EXCHANGE], "how many francs for 40 euros and 25 dollars") == [
        ("exchange", {"amount": 40, "from_currency": "EUR", "to_currency": "CHF"}),
        ("exchange", {"amount": 25, "from_currency": "USD", "to_currency": "CHF"})]
    rate = _tool("rate", "The exchange rate between two currencies.", {"base": {"type": "string"}, "quote": {"type": "string"}})
    assert len(_calls([rate], "rate from dollars to yen please")) == 1


def test_review_ages_are_no_count_of_people() -> None:
    cabin = _tool("book_lodge", "Book a lodge.", {"adults": {"type": "integer"}, "children": {"type": "integer"},
                                                  "nights": {"type": "integer"}})
    assert all(args.get("children") not in (4, 7) for _, args in _calls(
        [cabin], "3 nights for 2 adults, and the kids are 4 and 7 years old"))


def test_review_a_things_name_is_no_persons_and_say_it_in_a_language_is_translating() -> None:
    assert _parsed({"type": "object", "properties": {"guest": {"type": "string"}}, "required": ["guest"]},
                   "The boat's name's Kittiwake, berth 6, I'm Noor Aziz") == {"guest": "Noor Aziz"}
    assert "can't translate" in _reply("Say thank you in Italian", "You do the admin for an interpreter.")


def test_review_a_chat_limit_below_one_is_refused(api: OfflineAPI) -> None:
    with pytest.raises(openai.BadRequestError, match="max_tokens"):
        offline_client(api, sync=True).chat.completions.create(model="gpt-4o-mini", max_tokens=0, messages=[
            {"role": "user", "content": "hi"}])


LESSONS = ("Taster climbs last 90 minutes and cost £30. Private coaching costs £50 per hour. Minimum age is 9. "
           "Shoes and harness are included in every session.")


def test_a_desks_facts_answer_its_questions() -> None:
    assert _reply("my daughter is 8, can she come to a taster climb?", LESSONS) == "No: the minimum age is 9."
    flags = ("Orange flag means the slope is closed. Blue and white flags mark the beginners' area.")
    assert _reply("what do the blue and white flags mean?", flags) == "Blue and white flags mark the beginners' area."


def test_a_desk_named_in_its_own_language_takes_messages_in_it() -> None:
    desks = [_tool("transfer_to_mesa_en_espanol", "Handoff to the Mesa en español agent to handle the request. "
                   "Clientes que escriben en español", {}),
             _tool("transfer_to_bookings", "Handoff to the Bookings agent to handle the request. Lane and party "
                   "bookings", {})]
    assert _calls(desks, "¿Cuánto cuesta una partida para dos personas?", "Route each customer to the right desk.") == [
        ("transfer_to_mesa_en_espanol", {})]


ORDER = _tool("order_veg", "Order vegetables for a cafe, packed in 1, 3 or 5 kg crates.", {
    "cafe": {"type": "string"}, "vegetable": {"type": "string", "enum": ["leeks", "carrots", "kale"]},
    "kg": {"type": "number"}, "crate_size": {"type": "integer", "enum": [1, 3, 5]},
    "organic_crate": {"type": "boolean", "default": False}}, ["cafe", "vegetable", "kg", "crate_size"])


def test_a_number_option_said_with_its_unit_and_a_flag_by_its_own_word() -> None:
    assert _calls([ORDER], "Order ten kilos of leeks for Fern Cafe in 5kg crates please") == [
        ("order_veg", {"cafe": "Fern Cafe", "vegetable": "leeks", "kg": 10, "crate_size": 5})]
    assert _calls([ORDER], "ten kilos of leeks for Fern Cafe in 3 kg crates, organic please") == [
        ("order_veg", {"cafe": "Fern Cafe", "vegetable": "leeks", "kg": 10, "crate_size": 3, "organic_crate": True})]


def test_a_fault_field_takes_the_fault_told() -> None:
    repair = _tool("book_repair", "Book a sewing machine repair. date is YYYY-MM-DD.", {
        "date": {"type": "string"}, "brand": {"type": "string"}, "fault": {"type": "string"}})
    assert _calls([repair], "Please book a repair for my Janome on 2025-05-02, it has a jammed bobbin") == [
        ("book_repair", {"date": "2025-05-02", "brand": "Janome", "fault": "jammed bobbin"})]


def test_a_number_corrected_in_the_same_message_is_the_new_one() -> None:
    schema = {"type": "object", "properties": {"quantity_kg": {"type": "number"}, "hives": {"type": "integer"}},
              "required": ["quantity_kg", "hives"]}
    assert _parsed(schema, "12 kg of wax, no wait, 9kg, for 4 hives") == {"quantity_kg": 9, "hives": 4}
    assert _parsed(schema, "6 kg of wax for 30 hives - sorry, 32") == {"quantity_kg": 6, "hives": 32}


def test_review_a_later_number_of_something_else_corrects_nothing() -> None:
    schema = {"type": "object", "properties": {"people": {"type": "integer"}}, "required": ["people"]}
    assert _parsed(schema, "A table for 5 please, we can wait 15 minutes") == {"people": 5}
    assert _parsed(schema, "Seats for 3 - sorry, 2 more questions after this") == {"people": 3}
    assert _parsed(schema, "A table for 5, I mean 6") == {"people": 6}


def test_review_a_flag_is_not_set_by_another_fields_words() -> None:
    order = _tool("send_hamper", "Send a hamper.", {"gift_wrap": {"type": "boolean"}, "gift_message": {"type": "string"},
                                                     "express_delivery": {"type": "boolean"},
                                                     "delivery_date": {"type": "string"}})
    calls = _calls([order], "Send the hamper, gift message: 'Happy retirement', delivery on 9 June please")
    assert calls and calls[0][1]["gift_wrap"] is False and calls[0][1]["express_delivery"] is False


def test_review_a_phone_section_takes_no_numbered_thing_and_now_with_a_shout_presses() -> None:
    said = [{"role": "user", "content": "My policy number is 448812345."}, {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Ring me on 0161 496 0732."}, {"role": "assistant", "content": "Noted."}]
    phone = _reply(said, "Summarize with sections:\n## Phone\n## Policy").split("## Policy")[0]
    assert "0161 496 0732" in phone and "448812345" not in phone
    assert _reply("Someone is breaking into my van now!", "Is the following message urgent or not urgent?") == "urgent"


def test_tonnes_fill_a_field_in_kilograms() -> None:
    schema = {"type": "object", "properties": {"load_kg": {"type": "number"}}, "required": ["load_kg"]}
    assert _parsed(schema, "Gritter 4 out with 1.5 tonnes of salt") == {"load_kg": 1500}


@pytest.mark.parametrize("said", ["!", "?", "...", "?!"])
def test_a_message_of_no_words_fills_a_schema_and_answers_in_a_sentence(said: str) -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}, "fault": {"type": "string"}}, "required": ["n", "fault"]}
    assert set(_parsed(schema, said)) == {"n", "fault"}  # (a message of punctuation alone once raised a TypeError)
    assert _reply(said, "Is the following message urgent or not urgent?")


def test_square_miles_are_no_square_metres() -> None:
    schema = {"type": "object", "properties": {"area_m2": {"type": ["number", "null"]}}, "required": ["area_m2"]}
    assert _parsed(schema, "The flat is 48 sq m, in a borough of 2 sq miles") == {"area_m2": 48}
    assert _parsed(schema, "We farm a parish of 9 sq miles") == {"area_m2": None}
