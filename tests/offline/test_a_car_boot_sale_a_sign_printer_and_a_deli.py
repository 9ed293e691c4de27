"""Tools, instructions and memory, as outside testers met them this round (in my own words and domains: a car-boot
sale, a sign printer, a deli):

- memory answers "who's allergic to walnuts?" with the statement about the partner who is ("my husband ravi is
  allergic to walnuts"), "who's bringing the urn?" with the cousin who is, "whats the address again" with a lower-case
  address ("at 9 larch crescent"), "what time does it end?" with "7am till noon", and a session's date with the
  sentence that moved its appointment ("the surgery rang, the appointment moved to friday 6 june");
- "actually cancel that booking" cancels and books nothing again; "can i get a refund if i miss it" after buying buys
  nothing again and answers from the instructions' rule; "can you print on glass too?" of "We do not print on glass."
  books nothing;
- a number none of a field's numbers ("a 3 litre jar" of 0.5, 1 or 2) is asked about, and the one said is sent ("600
  flyers" of 100, 300, 600 or 1200), never the first option; "quantities", not "quantitys";
- a tool named by ``tool_choice`` is the one called, even where the instructions say to check something first; a
  short answer to a number asked about ("ok 2 hours then") is the number sent;
- a field named ``start`` beside a ``date`` takes the time ("10:30 on 4 july": 10:30), and a ``date`` field never
  takes a time alone ("book the 15:30 for Ines": the date looked up before);
- "pre order 2kg brisket ..., name Ann Price" orders, and looks up no price by "kg" or a surname "Price";
- a later line of the instructions that says an update ("2025-05-01 update: Tastings have moved to Thursdays.")
  answers instead of the line it updates; "whats sam's birthday" is not answered by the user's own birthday nor by
  "Brother: Sam"; an "About the user:" list answers "whats my name";
- a language none of a target field's options ("welsh to elvish") is asked about, a source and a target are each the
  one on their side ("from dutch to english"), "and if i need it certified?" asks the quote before again certified, and
  a desk described by "translation" takes "how much to translate ..."; a summary leaves out a detail its prompt says
  never to include ("Never include the alarm code."); "how much did the kite cost?" when no kite was mentioned is not
  answered by another price;
- "i want 4 jars of tahini" adds them, "saturday 9-11am" is the window "09-11", "i also want 25 jars" after a window
  was asked for is a new request (its number out of range asked about), an option a tool's description explains in
  brackets ("level: 1 (tune-up) or 2 (full strip-down)") is named by those words, a case the instructions script ("If
  someone reports dizziness or fainting, tell them to call 111 and book nothing.") gets its line and no booking, and
  "and room 6 at 15:00 too" or "also room 6 at 15:00" books that room at that time on the day booked before;
- an example a field's description gives ("e.g. Lakeside or Fern Hollow") is its value said in lower case; an FAQ's
  answer found by its own words is told whole, without the yes or no its own question had ("im a complete beginner is
  that ok", a question without its mark); "Children under 14 are not seen" answers "my son is 11, can he ...?" no;
- a summary copies no piece of the model's own refusal ("from what I was sent."); "whats the single person rate" after
  a council-tax question asks that desk again, not a parking rate with a vehicle nobody named; "polish zloty" is none
  of EUR, USD or JPY; "no shots" is 0 extra shots; a form takes the option said "instead"; "All prices exclude VAT" is
  no VAT included.

The ``test_review_*`` tests hold what a review found the first batch overreaching on: a number said of something else
("my licence is 2 years old") taken as the answer to a range, an update of another thing ("private classes", "the cafe
now opens") taken for the line asked of, a piano lesson's move or a friend's taken for the yoga lesson's, a business's
own name ("the clinic's address") taken for someone else's, start and end dates beside a day-rate field read as times,
"just checking my booking" read as a check of free courts, and an address, an end time or a person read by form alone
("3 busy lanes", "free until 6pm", "my partner pays the rent" of the landlord, "my brother can't come"); and of a
second, with a hunt: a yes/no follow-up ordering again ("and with gift wrap?") or missing "don't", "translation"
stemmed as "translate" (a complaint about a translation translated), two places of one side field made one call, a
secret left out with the clause beside it ("the courier is DPD and ..."), a sum said in other words ("put £500 down" of
the deposit) or an address after a comma lost, "sorry, I mean 6" asked about again, and "and court 1 at 17:00 too"
booking the court before with the time as its date; and of a third, with a second hunt: "i want"/"i need" with a
number of something else ordering ("i need 2 days to think"), "from Spain to Italy" giving a one-side field the near
side, a follow-up's new day lost ("and at 12:00 on 5 july"), "10 to 12 children" taken for a window and bracketed words
for an option ("no jumps", a study room's "study"), a reply giving the value asked for refused for its "another",
"also 4 veggie" read as a change of the order before, "can you also book Max" cancelling, a corrected count ("make it
8") put in a size field, and an update line of the instructions replacing more than it says; and of a fourth: a window
said "10 to 12" refused for lacking its hours' mark, a request ending "is that ok" read as a question, and "Children
under 12 are not ..." read as a minimum age with an exception ("unless with a parent") or of another thing ("not
charged", "not served alcohol"); and of the notebooks: "How much is the refund for the headphones?" lost; and of a
fifth, with a third hunt: "can I have friday 8-10am delivery" adding 8 of something, a van's hours read as its size, a
secret's rule rewriting sentences with no secret ("between 2 and 4"), and a currency word priced in another
("5 pounds each, pay in dollars") asked about.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")


def _chat(*turns: str) -> list[dict]:
    return [{"role": "user" if k % 2 == 0 else "assistant", "content": text} for k, text in enumerate(turns)]


def _asked(*said: str) -> list[dict]:
    """Statements the model noted, then the question last."""
    return [item for text in said[:-1] for item in _chat(text, "Noted.")] + [{"role": "user", "content": said[-1]}]


TOLD = "You help the user plan things. Answer questions from what they said earlier."


def test_who_is_answered_by_a_partner_or_a_cousin_said_in_lower_case():
    said = _asked("doing a picnic for the street, im vegan and my husband ravi is allergic to walnuts",
                  "ravi's aunt meena is coming too, she doesnt eat onions", "who's allergic to walnuts?")
    assert "ravi is allergic to walnuts" in _reply(said, TOLD)
    said = _asked("my cousin tomas is bringing the urn and auntie jo does the sandwiches", "who's bringing the urn?")
    assert "tomas is bringing the urn" in _reply(said, TOLD)


def test_a_lower_case_address_and_an_end_time_are_told_back():
    said = ["car boot sale with my neighbour dev on the 12th of october, 7am till noon",
            "we're setting up on the green at 9 larch crescent"]
    assert "9 larch crescent" in _reply(_asked(*said, "whats the address again"), TOLD)
    assert "7am till noon" in _reply(_asked(*said, "what time does it end?"), TOLD)


def test_a_sessions_date_is_the_one_its_appointment_moved_to():
    said = _asked("mum's physio is with dr lena fox at the parkside surgery, first session is monday 2 june at 09:15",
                  "she had a hip replacement in april", "the surgery rang, the appointment moved to friday 6 june, same time",
                  "when's mum's first physio session?")
    reply = _reply(said, TOLD)
    assert "friday 6 june" in reply and "monday 2 june" not in reply


_PITCHES = [_tool("book_pitch", "Book a car-boot pitch.", {"date": {"type": "string"}, "size": {"type": "string", "enum": [
                "car", "van"]}}),
            _tool("cancel_pitch", "Cancel a pitch booking by its reference.", {"booking_ref": {"type": "string"}})]


def test_cancelling_that_booking_books_nothing_again():
    said = [*_turn("book a van pitch on 12 october", "book_pitch", {"date": "12 october", "size": "van"},
                   {"pitch_booking": "CB-7", "date": "12 october"}, "Booked: CB-7.", 1),
            {"role": "user", "content": "actually cancel that booking"}]
    assert _calls(_PITCHES, said) == [("cancel_pitch", {"booking_ref": "CB-7"})]


def test_a_refund_question_after_buying_buys_nothing_and_a_rule_answers_a_question():
    tools = [_tool("buy_places", "Buy places on a deli tasting.", {"night": {"type": "string", "enum": ["thursday", "friday"]},
                                                                    "places": {"type": "integer"}})]
    told = "You sell deli tasting places. No refunds once bought."
    said = [*_turn("get me 2 places on friday", "buy_places", {"night": "friday", "places": 2}, {"order": "DT-2"}, "Order DT-2.", 1),
            {"role": "user", "content": "can i get a refund if i miss it"}]
    assert _calls(tools, said, told) == []
    assert "No refunds once bought" in _reply(said, told, tools=tools)
    signs = [_tool("book_print", "Book a sign print job.", {"material": {"type": "string"}, "copies": {"type": "integer"}})]
    asked = "can you print on glass too?"
    assert _calls(signs, asked, "We print signs. We do not print on glass.") == []
    assert _reply(asked, "We print signs. We do not print on glass.", tools=signs).startswith("No")


_JARS = [_tool("order_jar", "Order a jar of olives.", {"olive": {"type": "string", "enum": ["green", "black"]},
                                                      "litres": {"type": "number", "enum": [0.5, 1, 2]}})]
_FLYERS = [_tool("flyer_price", "Price of a flyer print run.", {"quantity": {"type": "integer", "enum": [100, 300, 600, 1200]},
                                                                "paper": {"type": "string", "enum": ["matt", "gloss"]}})]


def test_a_number_none_of_a_fields_numbers_is_asked_about_and_one_said_is_sent():
    assert _calls(_JARS, "can i get a 3 litre jar of green") == []
    assert _reply("can i get a 3 litre jar of green", tools=_JARS).startswith("3 is not among the litres")
    assert _calls(_JARS, "order a 2 litre jar of black") == [("order_jar", {"olive": "black", "litres": 2})]
    assert _calls(_FLYERS, "how much for 600 flyers, gloss") == [("flyer_price", {"quantity": 600, "paper": "gloss"})]
    assert "not among the quantities" in _reply("what about 450 flyers? matt", tools=_FLYERS)


_COURTS = [_tool("check_slots", "Free hours at the padel club on a date.", {"date": {"type": "string"}}),
           _tool("book_padel", "Book a padel court.", {"date": {"type": "string"}, "start": {"type": "string"},
                                                        "hours": {"type": "integer", "minimum": 1, "maximum": 2}})]


def test_a_named_tool_choice_is_called_and_a_short_answer_gives_the_number():
    said = [*_chat("book 10:30 on 4 july for 3 hours", "The hours must be from 1 to 2, and 3 is not. Could you give me one in "
                   "that range?"), {"role": "user", "content": "ok 2 hours then"}]
    expected = [("book_padel", {"date": "4 july", "start": "10:30", "hours": 2})]
    assert _calls(_COURTS, said, "Always check slots before booking.", tool_choice={"type": "function", "name": "book_padel"}) == expected
    assert _calls(_COURTS[1:], said) == expected


def test_a_date_field_takes_no_time_alone():
    tools = [_tool("class_times", "Free cookery class times on a date.", {"date": {"type": "string"}}),
             _tool("book_class", "Book a cookery class.", {"date": {"type": "string"}, "time": {"type": "string"},
                                                            "pupil": {"type": "string"}})]
    said = [*_turn("whats free on 9 august?", "class_times", {"date": "9 august"}, {"date": "9 august", "times": ["10:00", "15:30"]},
                   "Free: 10:00, 15:30.", 1), {"role": "user", "content": "book the 15:30 for Ines"}]
    assert _calls(tools, said) == [("book_class", {"date": "9 august", "time": "15:30", "pupil": "Ines"})]


def test_an_order_looks_up_no_price_by_a_unit_or_a_surname():
    cut = {"type": "object", "properties": {"cut": {"type": "string", "enum": ["brisket", "pastrami", "salami"]},
                                            "weight_kg": {"type": "number", "maximum": 5}}, "required": ["cut", "weight_kg"]}
    tools = [_tool("price_per_kg", "Price per kg of a deli meat.", {"cut": {"type": "string", "enum": ["brisket", "pastrami", "salami"]}}),
             _tool("preorder", "Pre-order deli meat for collection.", {"cuts": {"type": "array", "items": cut},
                   "day": {"type": "string", "enum": ["friday", "saturday"]}, "customer_name": {"type": "string"}})]
    said = [*_turn("and salami per kilo?", "price_per_kg", {"cut": "salami"}, {"cut": "salami", "gbp_per_kg": 21}, "Salami: 21.", 1),
            {"role": "user", "content": "pre order 2kg brisket and 1.5kg pastrami for saturday, name Ann Price"}]
    assert _calls(tools, said) == [("preorder", {"cuts": [{"cut": "brisket", "weight_kg": 2}, {"cut": "pastrami", "weight_kg": 1.5}],
                                                 "day": "saturday", "customer_name": "Ann Price"})]


def test_a_later_update_in_the_instructions_answers():
    told = """Read the notes in date order.
- 2025-01-10: Tastings are on Wednesdays.
- 2025-01-10: A cheese board costs £9.
- 2025-05-01 update: Tastings have moved to Thursdays.
- 2025-06-01 update: A cheese board now costs £11."""
    for asked in ("do you do tastings on wednesdays?", "do you do tastings on thursdays?"):
        reply = _reply(asked, told)
        assert "Tastings have moved to Thursdays." in reply and "Wednesdays" not in reply, asked
    assert "£11" in _reply("how much is a cheese board", told)


def test_someone_elses_birthday_and_an_about_the_user_list():
    told = "About the user:\n- Name: Greta Lind\n- Birthday: 3 March\n- Brother: Sam\n- Lives in York"
    reply = _reply("whats sam's birthday", told)
    assert "3 March" not in reply and "Brother" not in reply
    assert "Greta Lind" in _reply("whats my name", told)
    assert "York" in _reply("where do i live?", told)


def test_a_language_no_option_names_is_asked_about_and_a_translation_desk_is_routed_to():
    languages = {"type": "string", "enum": ["English", "Welsh", "Italian", "Dutch"]}
    quote = [_tool("quote_translation", "Quote a written translation by word count and language pair; certified adds a fee.", {
        "words": {"type": "integer"}, "source_language": languages, "target_language": languages, "certified": {"type": "boolean"}},
        required=["words", "source_language", "target_language"])]
    assert _calls(quote, "can i get a quote for 800 words welsh to elvish") == []
    assert _reply("can i get a quote for 800 words welsh to elvish", tools=quote).startswith("Elvish is not among the target languages")
    asked = "how much to translate a 1200 word lease from dutch to english"
    assert _calls(quote, asked) == [("quote_translation", {"words": 1200, "source_language": "Dutch", "target_language": "English"})]
    said = [*_turn(asked, "quote_translation", {"words": 1200, "source_language": "Dutch", "target_language": "English",
                                                "certified": False}, "Quote: £144.00", "Quote: £144.00.", 1),
            {"role": "user", "content": "and if i need it certified?"}]
    assert _calls(quote, said) == [("quote_translation", {"words": 1200, "source_language": "Dutch", "target_language": "English",
                                                          "certified": True})]
    desk = [_tool("transfer_to_written_translation", "Handoff to the Written translation agent. Quotes for written document "
                  "translation, certified translations", {})]
    assert _calls(desk, asked, "Hand each client to the right desk.") == [("transfer_to_written_translation", {})]


def test_a_summary_leaves_out_a_detail_its_prompt_says_never_to_include():
    prompt = "Write a handover with these headings:\n\nFacts\nChanges\nOpen items\n\nNever include the alarm code."
    said = _chat("we need a dog sitter for Bramble Lodge", "Noted: £40 a night.", "yes add walks. the alarm code is 7731",
                 "Thanks, added walks.")
    note = _reply(said, prompt)
    assert "7731" not in note and "walks" in note


def test_the_price_of_a_thing_no_one_mentioned_is_not_another_things_price():
    said = _asked("budget is now £20 per cousin since money is tight", "nora loves trains", "how much did the kite cost?")
    assert "£20" not in _reply(said, TOLD)


def test_review_a_number_said_of_something_else_is_no_answer_to_a_range():
    vans = [_tool("hire_van", "Hire a van.", {"days": {"type": "integer", "minimum": 1, "maximum": 7}})]
    for said in ("hire a van for 10 days. my licence is 2 years old", "i want to hire a van for 9 days. we need 1 driver"):
        assert _calls(vans, said) == [], said


def test_review_an_update_of_another_thing_keeps_the_line_asked_of():
    told = "Yoga studio.\n- A class costs £10.\n- Update: private classes have changed to £40."
    assert "£10" in _reply("how much is a class?", told)
    told = "Leisure centre assistant.\n- We open at 7am on weekdays.\n- Update: the cafe now opens at 8am."
    assert "cafe" not in _reply("what time do you open?", told)
    told = "Cafe assistant.\n- Lunch is served 12-2pm.\n- We now serve lunch on the terrace too."
    assert "12-2pm" in _reply("what time is lunch served?", told)


def test_review_a_lesson_moved_is_not_another_lesson_nor_a_friends():
    said = _asked("the yoga lesson is on monday 2 june", "the piano lesson moved to friday 6 june", "when is the yoga lesson?")
    assert "monday 2 june" in _reply(said, TOLD)
    said = _asked("the climbing session is on saturday 10 may", "my friend's climbing lesson moved to sunday 11 may",
                  "when is the climbing session?")
    assert "saturday 10 may" in _reply(said, TOLD)


def test_review_a_places_own_name_is_no_one_elses_possession():
    told = "Receptionist for Riverside Clinic.\n- Address: 5 Water Lane, York\n- Phone: 01904 000111"
    assert "5 Water Lane" in _reply("what's the clinic's address?", told)


def test_review_start_and_end_dates_beside_a_day_rate_stay_dates():
    tools = [_tool("hire_car", "Hire a car.", {"start": {"type": "string", "description": "Start date, YYYY-MM-DD"},
                                                "end": {"type": "string", "description": "End date, YYYY-MM-DD"},
                                                "day_rate_band": {"type": "string", "enum": ["economy", "standard"]}})]
    assert _calls(tools, "hire an economy car from 2025-06-03 to 2025-06-07") == [
        ("hire_car", {"start": "2025-06-03", "end": "2025-06-07", "day_rate_band": "economy"})]


def test_review_just_checking_a_booking_looks_up_no_free_courts():
    tools = [_tool("book_court", "Book a tennis court.", {"court": {"type": "integer"}, "time": {"type": "string"}}),
             _tool("check_availability", "Check which courts are free at a time.", {"time": {"type": "string"}})]
    said = [*_turn("book court 2 at 18:00", "book_court", {"court": 2, "time": "18:00"}, "Booked court 2 at 18:00, reference TC-881.",
                   "Booked court 2 at 18:00, reference TC-881.", 1), {"role": "user", "content": "just checking my booking is still on?"}]
    assert [name for name, _ in _calls(tools, said)] != ["check_availability"]


def test_review_no_address_end_time_or_person_by_form_alone():
    assert "lanes" not in _reply(_asked("the motorway near us has 3 busy lanes", "what's the address?"), TOLD)
    assert "shops" not in _reply(_asked("the 3 shops nearby close at 6pm", "what's the address?"), TOLD)
    assert "parking" not in _reply(_asked("the cafe opens at 9am", "parking is free until 6pm", "what time does it close?"), TOLD)
    assert "weeks" not in _reply(_asked("until 2 weeks ago i went to the gym every day", "what time does the gym close?"), TOLD)
    assert "rent" not in _reply(_asked("my partner pays the rent on the 1st", "who is my landlord?"), TOLD)
    assert "can't come" not in _reply(_asked("my brother can't come to dinner on saturday", "who is coming to dinner on saturday?"), TOLD)


_GROCER = [_tool("add_to_basket", "Add a product to the basket.", {"product": {"type": "string"},
                                                                   "quantity": {"type": "integer", "minimum": 1, "maximum": 20}}),
           _tool("book_delivery_slot", "Reserve a delivery window.", {"date": {"type": "string"},
                                                                      "window": {"type": "string", "enum": ["09-11", "11-13"]}})]


def test_i_want_adds_a_window_is_said_its_own_way_and_also_is_a_new_request():
    assert _calls(_GROCER, "book delivery for saturday 9-11am") == [("book_delivery_slot", {"date": "saturday", "window": "09-11"})]
    assert _calls(_GROCER, "i want 4 jars of tahini") == [("add_to_basket", {"product": "tahini", "quantity": 4})]
    said = [*_chat("book delivery for saturday", "I can do that once I have the window (09-11 or 11-13). Could you give it to me?"),
            {"role": "user", "content": "i also want 25 jars of tahini"}]
    assert _calls(_GROCER, said) == []
    assert "25 is not" in _reply(said, tools=_GROCER)


def test_an_option_a_tools_description_explains_in_brackets_is_named():
    tools = [_tool("book_service", "Book a bike service. level: 1 (tune-up) or 2 (full strip-down).", {
        "bike": {"type": "string"}, "date": {"type": "string"}, "level": {"type": "string", "enum": ["1", "2"]}})]
    assert _calls(tools, "book my Brompton in on 3 April for a full strip-down") == [
        ("book_service", {"bike": "Brompton", "date": "3 April", "level": "2"})]


def test_a_case_the_instructions_script_gets_its_line_not_a_booking():
    tools = [_tool("book_massage", "Book a massage.", {"day": {"type": "string", "enum": ["monday", "tuesday"]},
                                                       "time": {"type": "string"}})]
    told = "If someone reports dizziness or fainting, tell them to call 111 and book nothing."
    said = "ive had some dizziness since lunch, can i come in tomorrow?"
    assert _calls(tools, said, told) == []
    assert _reply(said, told, tools=tools) == "Please call 111."


_ROOMS = [_tool("room_free", "Free meeting rooms on a date.", {"date": {"type": "string"}}),
          _tool("book_room", "Book a meeting room.", {"room": {"type": "integer", "minimum": 1, "maximum": 6}, "date": {"type": "string"},
                                                      "time": {"type": "string"}, "name": {"type": "string"}})]


def test_a_follow_up_naming_another_room_and_time_books_it_on_the_day_before():
    earlier = _turn("book room 3 on 9 June at 09:30 for Omar", "book_room", {"room": 3, "date": "9 June", "time": "09:30",
                    "name": "Omar"}, {"ref": "MR-4"}, "Booked: MR-4.", 1)
    expected = [("book_room", {"room": 6, "date": "9 June", "time": "15:00", "name": "Omar"})]
    for said in ("and room 6 at 15:00 too", "also room 6 at 15:00"):
        assert _calls(_ROOMS, [*earlier, {"role": "user", "content": said}]) == expected, said
    also = [*earlier, {"role": "user", "content": "Also book room 1 for Dana on 10 June at 11:00"}]
    assert _calls(_ROOMS, also) == [("book_room", {"room": 1, "date": "10 June", "time": "11:00", "name": "Dana"})]


_CAKES = [_tool("quote_cake", "Quote a celebration cake; delivery costs extra.", {
              "tiers": {"type": "integer"}, "flavour": {"type": "string", "enum": ["vanilla", "lemon"]}, "delivery": {"type": "boolean"}},
              required=["tiers", "flavour"]),
          _tool("order_cake", "Order a celebration cake; gift_wrap costs extra.", {
              "tiers": {"type": "integer"}, "flavour": {"type": "string", "enum": ["vanilla", "lemon"]}, "gift_wrap": {"type": "boolean"}},
              required=["tiers", "flavour"])]


def test_review_a_yes_no_follow_up_orders_nothing_again_and_reads_dont():
    quoted = _turn("quote a 3 tier vanilla cake with delivery", "quote_cake", {"tiers": 3, "flavour": "vanilla", "delivery": True},
                   {"quote": "£95"}, "Quote: £95.", 1)
    assert _calls(_CAKES, [*quoted, {"role": "user", "content": "and if i don't need delivery?"}]) == [
        ("quote_cake", {"tiers": 3, "flavour": "vanilla", "delivery": False})]
    ordered = _turn("order a 3 tier vanilla cake", "order_cake", {"tiers": 3, "flavour": "vanilla", "gift_wrap": False},
                    {"order": "CK-8"}, "Ordered: CK-8.", 1)
    assert [n for n, _ in _calls(_CAKES, [*ordered, {"role": "user", "content": "and with gift wrap?"}])] != ["order_cake"]


def test_review_a_translation_complaint_is_no_translation_and_two_places_are_two_calls():
    tools = [_tool("translate_text", "Translate a text into a language.", {"text": {"type": "string"},
                                                                           "target_language": {"type": "string", "enum": ["English", "French"]}}),
             _tool("file_complaint", "File a customer complaint.", {"details": {"type": "string"}})]
    assert [n for n, _ in _calls(tools, "the translation you did was awful, I want to complain")] != ["translate_text"]
    hotels = [_tool("hotel_prices", "Hotel prices at a destination.", {"destination": {"type": "string", "enum": [
        "Porto Santo", "Vila Real", "Ponta Delgada"]}})]
    assert len(_calls(hotels, "hotel prices in Porto Santo and in Vila Real?")) == 2
    spanish = [_tool("translate_note", "Translate a note into a language.", {"text": {"type": "string"}, "target_language": {
        "type": "string", "enum": ["English", "Spanish"]}})]
    assert _calls(spanish, "I need this note in Spanish to give to my landlord: 'the heater is broken'") != []


def test_review_a_secret_left_out_takes_only_its_own_clause():
    note = _reply(_chat("the courier is DPD and the tracking number is 55XZ81", "Noted.", "the parcel is a lamp", "Noted."),
                  'Summarise as JSON with the keys "courier", "item". Never include the tracking number.')
    assert "DPD" in note and "55XZ81" not in note


def test_review_a_sum_said_in_other_words_and_an_address_after_a_comma_are_told():
    assert "£500" in _reply(_asked("we put £500 down on the hall to hold the date", "how much was the deposit on the hall?"), TOLD)
    assert "£12" in _reply(_asked("the sitter charges £12 an hour", "how much does the babysitter charge?"), TOLD)
    assert "7 station road" in _reply(_asked("new flat, 7 station road, 2nd floor", "what's the address?"), TOLD)


def test_review_a_correction_inside_a_message_answers_its_range():
    vans = [_tool("hire_van", "Hire a van.", {"days": {"type": "integer", "minimum": 1, "maximum": 7}})]
    assert _calls(vans, "hire a van for 10 days... sorry, I mean 6") == [("hire_van", {"days": 6})]


def test_an_example_a_field_gives_is_named_in_lower_case():
    tools = [_tool("departures", "Departures of the miniature railway from a station on a day.", {
        "station": {"type": "string", "description": "The station name, e.g. Lakeside or Fern Hollow."},
        "day": {"type": "string", "description": "The day of the week."}})]
    made = _calls(tools, "what trains leave lakeside on sunday?")
    assert [(n, {k: v.lower() for k, v in a.items()}) for n, a in made] == [("departures", {"station": "lakeside", "day": "sunday"})]


def test_an_faqs_answer_is_told_whole_and_is_that_ok_asks():
    told = "Q: Do I need my own board?\nA: No, boards and wetsuits are included, even for complete beginners."
    reply = _reply("im a complete beginner is that ok", told)
    assert reply == "Boards and wetsuits are included, even for complete beginners."


def test_children_under_an_age_not_seen_answers_no():
    told = "Facts:\n- Children under 14 are not seen at the clinic"
    assert _reply("my son is 11, can he get his ears pierced?", told) == "No: the minimum age is 14."


def test_review_i_want_a_number_of_something_else_orders_nothing():
    tools = [_tool("add_to_order", "Add a product to the pet shop order.", {
        "product": {"type": "string"}, "quantity": {"type": "integer", "minimum": 1, "maximum": 50}}),
             _tool("product_info", "Look up a pet product's details.", {"product": {"type": "string"}})]
    for said in ("i want my 3 kids to meet the puppies", "i need 2 days to think about it", "i want the price of 4 bags of kibble"):
        assert [n for n, _ in _calls(tools, said)] != ["add_to_order"], said


def test_review_from_one_place_to_another_of_one_side_field_takes_the_far_side():
    tools = [_tool("ship_parcel", "Quote shipping a parcel.", {"weight_kg": {"type": "number"}, "to_country": {
        "type": "string", "enum": ["Spain", "Italy", "France"]}})]
    assert _calls(tools, "quote a 2kg parcel from Spain to Italy") == [("ship_parcel", {"weight_kg": 2, "to_country": "Italy"})]


def test_review_a_follow_up_with_a_new_day_and_time_moves_both():
    tools = [_tool("book_vet", "Book a vet appointment.", {"pet": {"type": "string"}, "date": {"type": "string"},
                                                            "start": {"type": "string"}})]
    said = [*_turn("book Rex in on 4 july at 10:30", "book_vet", {"pet": "Rex", "date": "4 july", "start": "10:30"}, {"ref": "V-2"},
                   "Booked: V-2.", 1), {"role": "user", "content": "and at 12:00 on 5 july"}]
    assert _calls(tools, said) == [("book_vet", {"pet": "Rex", "date": "5 july", "start": "12:00"})]


def test_review_numbers_and_brackets_that_name_no_option():
    party = [_tool("book_party", "Book a kids' party.", {"date": {"type": "string"}, "slot": {"type": "string", "enum": ["10-12", "14-16"]},
                                                         "children": {"type": "integer"}})]
    assert ("book_party", {"date": "6 july", "slot": "10-12", "children": 12}) not in _calls(party, "book a party on 6 july for 10 to 12 children")
    lesson = [_tool("book_lesson", "Book a riding lesson. level: 1 (beginner, no jumps) or 2 (advanced, with jumps).", {
        "level": {"type": "string", "enum": ["1", "2"]}, "rider": {"type": "string"}})]
    assert ("book_lesson", {"level": "1", "rider": "Ava"}) not in _calls(lesson, "book a lesson for Ava, she loves jumps")
    room = [_tool("book_room", "Book a study room (max 4 people). room: 1 (quiet, silent study) or 2 (group, talking allowed).", {
        "room": {"type": "string", "enum": ["1", "2"]}, "people": {"type": "integer"}})]
    assert _calls(room, "book a study room for 3 people") == []


def test_review_a_reply_with_the_value_asked_for_completes_the_request():
    party = [_tool("book_party", "Book a kids' party.", {"date": {"type": "string"}, "slot": {"type": "string", "enum": ["10-12", "14-16"]},
                                                         "children": {"type": "integer"}})]
    said = [*_chat("book a party on 6 july for 12 children", "I can do that once I have the slot (10-12 or 14-16). Could you give it "
                   "to me?"), {"role": "user", "content": "10-12 please, another family is coming later"}]
    assert _calls(party, said) == [("book_party", {"date": "6 july", "slot": "10-12", "children": 12})]


def test_review_also_with_a_new_thing_is_a_new_order_and_also_book_is_no_cancel():
    pizza = [_tool("order_pizza", "Order pizzas.", {"pizza": {"type": "string", "enum": ["margherita", "veggie", "pepperoni"]},
                                                    "size": {"type": "string", "enum": ["medium", "large"]}, "quantity": {"type": "integer"}})]
    said = [*_turn("2 large margheritas please", "order_pizza", {"pizza": "margherita", "size": "large", "quantity": 2},
                   {"order": "PZ-1"}, "Ordered: PZ-1.", 1), {"role": "user", "content": "also 4 veggie, medium"}]
    assert _calls(pizza, said) == [("order_pizza", {"pizza": "veggie", "size": "medium", "quantity": 4})]
    groom = [_tool("book_groom", "Book a grooming appointment.", {"dog_name": {"type": "string"}, "date": {"type": "string"},
                                                                 "time": {"type": "string"}, "package": {"type": "string"}}),
             _tool("cancel_booking", "Cancel a grooming booking.", {"booking_id": {"type": "string"}})]
    said = [*_turn("book Bella in for a full groom on 15 April at 11:00", "book_groom", {"dog_name": "Bella", "date": "15 April",
                   "time": "11:00", "package": "full groom"}, "Booked FB-901", "Booked, FB-901.", 1),
            {"role": "user", "content": "can you also book Max for a bath the same day at 12:00?"}]
    assert [n for n, _ in _calls(groom, said)] == ["book_groom"]


def test_review_a_corrected_count_is_no_size_and_an_update_keeps_what_it_does_not_say():
    compost = [_tool("order_compost", "Order bags of compost.", {"bags": {"type": "integer"}, "bag_litres": {"type": "integer",
                                                                                                              "enum": [20, 40, 70]}})]
    said = [*_turn("I need 6 bags of 20 litre compost", "order_compost", {"bags": 6, "bag_litres": 20}, {"order": "C-1"},
                   "Ordered: C-1.", 1), {"role": "user", "content": "no wait, make it 8"}]
    assert _calls(compost, said) == [("order_compost", {"bags": 8, "bag_litres": 20})]
    told = "Ferry information:\nSailings leave Portbay at 07:00, 11:00 and 16:00.\nUpdate: the 16:00 sailing now leaves at 16:30."
    reply = _reply("when do the ferries leave?", told)
    assert "07:00" in reply and "16:30" in reply


def test_a_summary_copies_no_piece_of_the_models_own_refusal():
    from memlab.prompts import SUMMARY_PROMPT

    said = _chat("quiz night on friday 6 june at the Red Lion", "Noted.", "actually its moved to saturday 7 june", "Noted.",
                 "when is it again and which table?",
                 'I can\'t answer "when is it again?" from what I was sent. You told me: actually its moved to saturday 7 june.')
    assert "what I was sent" not in _reply(said, SUMMARY_PROMPT)


def test_a_short_follow_up_question_goes_back_to_the_desk_asked_before():
    tools = [_tool("council_tax", "Council tax bands, rates and discounts", {"input": {"type": "string"}}),
             _tool("parking_rate", "Parking charge for a vehicle type", {"vehicle": {"type": "string", "enum": ["car", "van", "motorbike"]}})]
    said = [*_turn("how much is band D council tax", "council_tax", {"input": "how much is band D council tax"},
                   "Band D is £2,100 a year.", "Band D is £2,100 a year.", 1), {"role": "user", "content": "whats the single person rate"}]
    assert [n for n, _ in _calls(tools, said)] == ["council_tax"]


def test_a_currency_no_option_is_asked_about_and_no_counts_nought():
    rates = [_tool("exchange_rate", "Today's rate: foreign currency for 1 GBP.", {"currency": {"type": "string", "enum": ["EUR", "USD", "JPY"]}})]
    assert _calls(rates, "what's the rate for polish zloty") == []
    assert "not among the currencies" in _reply("what's the rate for polish zloty", tools=rates)
    drinks = [_tool("order_drink", "Order a drink for pickup.", {"drink": {"type": "string", "enum": ["latte", "mocha"]},
                                                                 "extra_shots": {"type": "integer", "minimum": 0, "maximum": 3},
                                                                 "name_on_cup": {"type": "string"}})]
    said = [*_turn("a latte with 2 extra shots for Bo please", "order_drink", {"drink": "latte", "extra_shots": 2, "name_on_cup": "Bo"},
                   {"order": "D-1"}, "Ordered.", 1), {"role": "user", "content": "and a mocha, no shots, same name"}]
    assert _calls(drinks, said) == [("order_drink", {"drink": "mocha", "extra_shots": 0, "name_on_cup": "Bo"})]


def test_a_form_takes_the_option_said_instead():
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "day": {"type": "string", "enum": [
        "monday", "tuesday", "wednesday", "thursday", "friday"]}}, "required": ["name", "day"]}
    from ..helpers import offline_form

    assert offline_form(schema, "hi im Femi Cole. i put mondays on the form but can i do wednesdays instead?")["day"] == "wednesday"


def test_prices_that_exclude_vat_are_no_vat_included():
    from ..helpers import offline_form

    schema = {"type": "object", "properties": {"total": {"type": "number"}, "vat_included": {"type": "boolean"}},
              "required": ["total", "vat_included"]}
    assert offline_form(schema, "Total 240. All prices exclude VAT.")["vat_included"] is False
    assert offline_form(schema, "Total 240, including VAT.")["vat_included"] is True


def test_review_a_sum_asked_by_its_money_word_is_told_whatever_the_thing_it_is_for():
    said = _asked("the shop agreed a refund of £42.50", "How much is the refund for the kettle?")
    assert "£42.50" in _reply(said, TOLD)


def test_review_a_window_said_without_its_hours_mark_and_a_request_ending_is_that_ok():
    slots = [_tool("book_delivery", "Book a delivery slot.", {"slot": {"type": "string", "enum": ["08-10", "10-12", "12-14"]},
                                                              "postcode": {"type": "string"}})]
    said = [*_chat("deliver to AB1 2CD", "I can do that once I have the slot (08-10, 10-12 or 12-14). Could you give it to me?"),
            {"role": "user", "content": "10 to 12"}]
    assert _calls(slots, said) == [("book_delivery", {"slot": "10-12", "postcode": "AB1 2CD"})]
    gym = [_tool("book_class", "Book a gym class.", {"class_name": {"type": "string", "enum": ["yoga", "spin"]}, "day": {"type": "string"}})]
    assert _calls(gym, "book me into yoga on friday, is that ok") == [("book_class", {"class_name": "yoga", "day": "friday"})]


def test_review_an_age_rule_with_an_exception_or_of_something_else_is_no_minimum_age():
    for told, asked in (
            ("City Farm. Children under 12 are not allowed on the tractor ride unless with a parent.", "my son is 8, can he ride the tractor with me?"),
            ("City Farm. Guests under 5 are not charged.", "my son is 3, can he come?"),
            ("City Farm. People under 18 are not served alcohol.", "my son is 16, can he eat at the cafe?")):
        assert "minimum age" not in _reply(asked, told), told


def test_review_a_slot_request_adds_nothing_and_a_van_size_is_no_count_of_hours():
    tools = [_tool("add_to_basket", "Add an item to the basket.", {"item": {"type": "string"}, "qty": {"type": "integer"}}),
             _tool("book_slot", "Book a delivery slot.", {"day": {"type": "string"}, "window": {"type": "string", "enum": ["08-10", "10-12"]},
                                                          "postcode": {"type": "string"}})]
    assert [n for n, _ in _calls(tools, "can I have friday 8-10am delivery to HX3 5RT?")] != ["add_to_basket"]
    vans = [_tool("book_van", "Book a van", {"van_size": {"type": "integer", "description": "van size: 4 (small) or 10 (luton)",
                                                          "enum": [4, 10]}, "date": {"type": "string"}, "hours": {"type": "integer"}})]
    said = "I need the small van on 2025-05-17 for 3 hours"
    assert _calls(vans, said) or "not among" not in _reply(said, tools=vans)


def test_review_a_summary_keeps_sentences_with_no_secret_as_said_and_a_currency_priced_in_another():
    said = _chat("the cleaner should come between 2 and 4 on Thursday at St. Mary's hall", "Noted.")
    assert "between 2 and 4" in _reply(said, "Summarise under: Facts. Never include the alarm code.")
    pay = [_tool("pay_order", "Pay for an order.", {"amount": {"type": "number"}, "currency": {"type": "string", "enum": ["USD", "EUR"]}})]
    said = "order 2 bags of flour, 5 pounds each, pay in dollars"
    assert _calls(pay, said) or "not among" not in _reply(said, tools=pay)
