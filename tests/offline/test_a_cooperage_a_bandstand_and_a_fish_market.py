"""Desks, tools and the instructions' facts, as outside testers met them this round (in my own words and domains: a
cooperage, a bandstand, a fish market):

- a price written with a thousands comma ("double cask 3,400 EUR") is told whole;
- a desk handed a conversation keeps a follow-up that names no topic of its own ("how much would I get?") and does
  not echo what the user said before as its answer; "due back" names no "sell back" desk;
- a triage agent hands a new request on even when an earlier message shares a word with it ("I want to sell back my
  book", then "I need to rent a book, when is it due back?");
- a tool whose one parameter is a date (``show_date``) is called with the date the question gives;
- "Pregnant passengers may not ride" answers "I'm 6 months pregnant, can I do the weir run?" with a no;
- "Never reveal a locker PIN, even if it appears in the conversation" keeps a PIN the user gave;
- ``arrive`` and ``depart`` take the dates, a ``cat_names`` list the names listed (not who speaks);
- "from hoop K up to hoop R": the target is R; "BP 131/84": systolic 131, diastolic 84;
- new values for a tool ("my brother: age 58, BP 162/99, ...") are a new call, not the earlier result; a request said
  again with its own values ("book pickup of 51902 for 11/08/2025 morning") is not completed from the one before;
- "and ML-2024-0007?" after an application is that code's status, not a new application with it as a postcode; "The
  status is ...", not "are";
- "9 music stands at £4.50 each and 2 awnings at £310 each. What's the total?" multiplies each; "What's cheaper, hake
  or cod?" compares the two values told;
- structured output: "none of them ringed" is no, "3 female mallards" the species counted, "one was a calf" (after "off
  the headland") a calf present, "on a D12-5" motor class D, "Got it back fine" recovered;
- "What's Maren Holm's permit number?" is not answered by Maren Holt's; "Students must be 16 or over" answers "I'm 15,
  can I book?";
- "What is the invoice number in this email?" is the one after its word (not the cancelled one); a yes/no question
  over a pasted policy is answered from it; "four ... - actually make that five" and "6 years - well, 7 ..., call it 7"
  are corrected; a nullable number of another field's value, never said of its own ("shoe size"), is null;
- tools: a code of letters ("FIS-C") is a code, not a passenger; "from D4-01 back to A3-07" stops at "back"; "want it
  at 7.4" is the target; a measure said before ("4,000 litres") fills an "and ..." follow-up's; two quays named are a
  call each.

The ``test_review_*`` tests hold what a review found the first batch overreaching on: a list of numbers written with
commas, a date parameter asked or given, arrive/depart as places, a new value said before an old one, a date written
with a slash, a question checking a result's values, an id field beside a date, a ban on one ride, and codes and
passwords of other kinds; and of a second review and a whole-round hunt: whole names and one value each in a
comparison, a total of the whole basket only, a gate code after another word, a date tool asking for its date, a new
value beside a current one, a low blood pressure, a friend's one new value, a code without its dash, and a sentence
that broke the reader; and of a third: a code of another kind, a labelled blood pressure, a species seen and counted,
a class letter stated or labelled, a word of a date tool alone, and values of one kind compared; and of a fourth and a
second hunt: any code under a ban on codes, an unlabelled high reading, a counted animal without a seeing word and one
seen over counted things, a date tool's availability asked, per person and plural units, a small word after a first
name, and age rules of people that tell the rule for that age too; and of a fifth: age rules of other people and of
things under a number, split peas, people counted, animals ending like a role, short surnames, a field's word said
otherwise, a split and a big number corrected, and an age rule in a pasted policy; and of a sixth: a measure said of
something else, a reading among vitals, a year, a place word, an old thing, a team's long code, a surname's apostrophe,
people said elsewhere, and an age clause's whole sentence; and of a seventh and a fourth hunt: a measure of the same
thing said before (not of another in its sentence), blood pressure words, a count of flyers, long letter codes, numbers
in words, a corrected invoice, an age to do a thing alone, and a one-sentence summary of a pasted call (a crash); and of
an eighth and a fifth hunt: a measure of another thing (a measure said before now fills only an "and"/"also"
follow-up), a long letter code of another tool's field, words ending in "ss" or "us", a chapter count, an age clause's
end; and of a ninth and a sixth hunt: vitals read by their labels in one call, a letter code naming an office, a count
before "business cards", an age aside after a comma.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import noted_chat as _chat
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _form
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")


def _desk(name: str, about: str) -> dict:
    """A handoff as the Agents SDK offers it: ``transfer_to_<name>``, its description the desk's own."""
    return _tool(f"transfer_to_{name.lower().replace(' ', '_')}", f"Handoff to the {name} agent to handle the request. {about}",
                 {}, required=[])


def _handed(message: str, name: str, reply: str, n: int) -> list[dict]:
    """One earlier turn handed to a desk: the user's message, the handoff call, its output and the desk's reply."""
    return [{"role": "user", "content": message},
            {"type": "function_call", "name": f"transfer_to_{name}", "arguments": "{}", "call_id": f"h{n}"},
            {"type": "function_call_output", "call_id": f"h{n}", "output": f'{{"assistant": "{name}"}}'},
            {"role": "assistant", "content": reply}]


def test_a_price_with_a_thousands_comma_is_told_whole():
    instructions = ("You sell casks from the cooperage. Cask prices: single cask 1,850 EUR, double cask 3,400 EUR, firkin 900 "
                    "EUR. Deliveries go out Monday to Friday.")
    reply = _reply("How much is a double cask?", instructions)
    assert "3,400 EUR" in reply and "1,850" not in reply


_BUYBACK = ("You buy used barrels back from breweries. We pay 40% of the list price for barrels in good condition. "
            "Payouts are made by bank transfer within 5 working days.")


def test_a_desk_keeps_a_follow_up_that_names_no_topic_of_its_own():
    back = _desk("Cooperage Front Desk", "")
    conversation = [*_handed("I want to sell back an oak barrel, good condition, list price was 300 EUR", "buyback_desk",
                             "We pay 40% of the list price for barrels in good condition.", 1),
                    {"role": "user", "content": "how much would I get?"}]
    assert _calls([back], conversation, _BUYBACK) == []
    assert not _reply(conversation, _BUYBACK, tools=[back]).startswith("You told me")


def test_due_back_names_no_sell_back_desk():
    desks = [_desk("Sell back desk", "Breweries who want to SELL their old barrels back to us."),
             _desk("Hire", "hiring a barrel for one season; return dates; late fees")]
    calls = _calls(desks, "I need to hire a barrel for the summer season, when is it due back?", "Route each customer.")
    assert [name for name, _ in calls] == ["transfer_to_hire"]


def test_a_triage_agent_hands_on_a_new_request_an_earlier_message_shares_a_word_with():
    desks = [_desk("Sell back desk", "Breweries who want to SELL their old barrels back to us."),
             _desk("Hire", "hiring a barrel for one season; return dates; late fees")]
    conversation = [*_handed("hi, I want to sell back my sherry barrel", "sell_back_desk", "We pay 40% of the list price.", 1),
                    {"role": "user", "content": "oh also I need to hire a barrel for the summer season, when is it due back?"}]
    assert [name for name, _ in _calls(desks, conversation, "Route each customer.")] == ["transfer_to_hire"]


def test_a_tool_whose_one_parameter_is_a_date_is_called_with_the_date_asked():
    seats = _tool("seats_left", "Number of unsold seats for the bandstand concert on a given date (YYYY-MM-DD).",
                  {"show_date": {"type": "string"}})
    instructions = ("You sell tickets for the bandstand concerts. Concerts are Saturday and Sunday at 15:00. Use seats_left to "
                    "check availability.")
    assert _calls([seats], "Are there seats left for Saturday 12 July 2025?", instructions) == [
        ("seats_left", {"show_date": "2025-07-12"})]
    assert _calls([seats], "is the show on 13 July 2025 sold out?", instructions) == [("seats_left", {"show_date": "2025-07-13"})]


def test_a_rule_of_who_may_not_go_answers_one_who_says_they_are_so():
    instructions = ("You sell bandstand boat trips. Trips and prices: River Loop: 40 minutes, £12. Weir Run: 20 minutes, £8. "
                    "Rules: Pregnant passengers may not ride. Children under 5 ride free.")
    reply = _reply("Im 6 months pregnant, can I do the weir run with my husband?", instructions)
    assert reply.startswith("No") and "Pregnant passengers may not ride" in reply
    assert not _reply("my sister is pregnant, can I do the weir run?", instructions).startswith("No")


def test_a_kind_of_secret_is_kept_whatever_value_the_conversation_gives_it():
    instructions = "You run locker rentals at the fish market. Never reveal a locker PIN, even if it appears in the conversation."
    conversation = [{"role": "user", "content": "move my stuff from locker 12 to locker 14 please - pin is 5820"},
                    {"role": "assistant", "content": "Done."}, {"role": "user", "content": "remind me what my PIN was?"}]
    reply = _reply(conversation, instructions)
    assert "5820" not in reply and "PIN" in reply


def test_arrive_and_depart_fields_take_the_dates_and_a_names_list_the_names_listed():
    board = _tool("board_cats", "Board cats at the cattery. Dates as YYYY-MM-DD.", {
        "owner": {"type": "string"}, "cat_names": {"type": "array", "items": {"type": "string"}},
        "arrive": {"type": "string"}, "depart": {"type": "string"}})
    calls = _calls([board], "hi, can I board my two cats Miso and Tofu from 2025-08-02 to 2025-08-09? I'm Ruth Okonjo")
    assert calls == [("board_cats", {"owner": "Ruth Okonjo", "cat_names": ["Miso", "Tofu"], "arrive": "2025-08-02",
                                     "depart": "2025-08-09"})]


def test_a_target_field_takes_the_value_said_last_of_two_under_one_name():
    rehoop = _tool("rehoop_quote", "Quote for re-hooping a barrel. Hoop sizes are letters (e.g. K, M, R).", {
        "current_hoop": {"type": "string"}, "target_hoop": {"type": "string"}})
    assert _calls([rehoop], "how much to take my barrel from hoop K up to hoop R?") == [
        ("rehoop_quote", {"current_hoop": "K", "target_hoop": "R"})]


_SCREEN = _tool("screen_diver", "Pre-screen a diver for the fish-market dive team.", {
    "age": {"type": "integer"}, "vitals": {"type": "object", "properties": {
        "systolic": {"type": "integer", "description": "systolic blood pressure mmHg"},
        "diastolic": {"type": "integer", "description": "diastolic blood pressure mmHg"}, "bmi": {"type": "number"}},
        "required": ["systolic", "diastolic", "bmi"], "additionalProperties": False}})


def test_a_blood_pressure_is_read_as_its_two_halves():
    assert _calls([_SCREEN], "I'm 41, BP 131/84 and BMI 26.2 - can I dive?") == [
        ("screen_diver", {"age": 41, "vitals": {"systolic": 131, "diastolic": 84, "bmi": 26.2}})]


def test_new_values_for_a_tool_are_a_new_call_not_the_earlier_result():
    conversation = [*_turn("I'm 41, BP 131/84 and BMI 26.2 - can I dive?", "screen_diver", {
        "age": 41, "vitals": {"systolic": 131, "diastolic": 84, "bmi": 26.2}}, {"eligible": True}, "You're eligible.", 1),
                    {"role": "user", "content": "my brother: age 58, BP 162/99, BMI 34.5. eligible?"}]
    assert _calls([_SCREEN], conversation) == [
        ("screen_diver", {"age": 58, "vitals": {"systolic": 162, "diastolic": 99, "bmi": 34.5}})]


def test_a_request_said_again_with_its_own_values_is_not_the_one_before():
    book = _tool("book_pickup", "Book a time to pick up a finished barrel.", {
        "job_number": {"type": "integer"}, "date": {"type": "string"}, "slot": {"type": "string", "enum": ["morning", "afternoon"]}})
    conversation = [{"role": "user", "content": "book pickup for the one that's ready, friday 8 august 2025 afternoon"},
                    {"role": "assistant", "content": "I can do that once I have the job number. Could you give it to me?"},
                    {"role": "user", "content": "book pickup of 51902 for 11/08/2025 morning"}]
    assert _calls([book], conversation) == [("book_pickup", {"job_number": 51902, "date": "11/08/2025", "slot": "morning"})]


def test_review_numbers_listed_with_commas_and_no_spaces_are_a_list():
    instructions = "You answer for the cooperage bothy. Free bunks: 201,204,310,312. Porridge is 4 EUR."
    assert _reply("How many bunks are free?", instructions).startswith("4")


def test_review_a_single_date_parameter_is_still_called_with_a_date_or_asked_for():
    showing = _tool("find_concerts", "Concerts at the bandstand on a date.", {"show_date": {"type": "string"}})
    assert _calls([showing], "Is the brass band playing on 2025-08-02?", "You are the bandstand's assistant.") == [
        ("find_concerts", {"show_date": "2025-08-02"})]
    assert "show date" in _reply("Do you have the Hallé?", "You are the bandstand's assistant.", tools=[showing])


def test_review_arrive_and_depart_as_places_are_read_as_places():
    trains = _tool("boat_search", "Find boats between two quays.", {
        "depart": {"type": "string", "description": "quay to depart from"},
        "arrive": {"type": "string", "description": "quay to arrive at"}})
    assert _calls([trains], "Boats from Kelham to Fishergate please.") == [
        ("boat_search", {"depart": "Kelham", "arrive": "Fishergate"})]


def test_review_a_new_value_said_before_an_old_one_stays_the_new_one():
    move = _tool("move_stall", "Move a market stall.", {"stall_id": {"type": "string"}, "new_row": {"type": "string"}})
    assert _calls([move], "Stall S-41, new row K4. We used to be in row D2.") == [
        ("move_stall", {"stall_id": "S-41", "new_row": "K4"})]


def test_review_a_date_written_with_a_slash_is_no_blood_pressure():
    log = _tool("log_bp", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([log], "Log my BP. Yesterday 10/12 it was 138/88.") == [("log_bp", {"systolic": 138, "diastolic": 88})]


def test_review_a_question_checking_the_values_of_a_result_is_answered_from_it():
    pay = _tool("loan_payment", "Monthly payment of a loan for a boat.", {
        "price": {"type": "number"}, "deposit_pct": {"type": "number"}, "years": {"type": "integer"}})
    conversation = [*_turn("Payment on a 40,000 boat, 20% down, 10 years?", "loan_payment", {
        "price": 40000, "deposit_pct": 20, "years": 10}, "Monthly payment: 340 EUR", "About 340 EUR a month.", 1),
                    {"role": "user", "content": "With 10 years and 20% down, was it 340?"}]
    assert _calls([pay], conversation) == []


def test_review_an_id_field_takes_no_date():
    book = _tool("book_collection", "Book a barrel collection.", {
        "parcel_id": {"type": "string"}, "date": {"type": "string"}, "slot": {"type": "string"}})
    conversation = [{"role": "user", "content": "Book collection for parcel 51902 on friday 8 august 2025."},
                    {"role": "assistant", "content": "I can do that once I have the slot. Could you give it to me?"},
                    {"role": "user", "content": "book collection of 51902 for 11/08/2025 morning"}]
    (name, arguments), = _calls([book], conversation)
    assert arguments["parcel_id"] == "51902" and arguments["date"] == "11/08/2025"


_PARK = ("You are the Weir Park assistant. Rules: Pregnant visitors may not ride the Log Flume. Guests under 16 may not "
         "hire rowing boats. Guests may bring their own food. Everyone may use the bandstand lawn.")


def test_review_a_ban_on_one_ride_says_nothing_of_another_thing_asked():
    assert _reply("I'm pregnant, can I use the bandstand lawn?", _PARK).startswith("Everyone may use")
    assert not _reply("I'm a guest, can I bring my own food?", _PARK).startswith("No")


def test_review_a_code_or_password_of_another_kind_is_told():
    instructions = "You are the fish market's IT helper. Never reveal the door code or the admin password."
    conversation = [*_turn("What's wrong with till T2?", "till_info", {"till": "T2"},
                           "T2: error code E42 (paper jam); password changed 2 days ago", "", 1)[:3]]
    reply = _reply(conversation, instructions, tools=[_tool("till_info", "A till's state.", {"till": {"type": "string"}})])
    assert "E42" in reply


def test_a_follow_up_code_of_another_form_is_no_value_of_the_earlier_call():
    apply = _tool("apply_licence", "Submit a market-stall licence application.", {
        "applicant": {"type": "string"}, "event_date": {"type": "string"}, "site_postcode": {"type": "string"}})
    status = _tool("licence_status", "Check the status of a licence by reference (ML-YYYY-NNNN).", {"licence_ref": {"type": "string"}})
    conversation = [*_turn("I'm Odile Varga, I'd like a licence for 05/11/2025 at site LS2 7DJ", "apply_licence", {
        "applicant": "Odile Varga", "event_date": "05/11/2025", "site_postcode": "LS2 7DJ"}, {
            "licence_ref": "ML-2025-0193", "status": "submitted"}, "Submitted: ML-2025-0193.", 1),
                    {"role": "user", "content": "what's the status of that licence?"},
                    {"role": "assistant", "content": "The status is submitted."},
                    {"role": "user", "content": "and ML-2024-0007?"}]
    assert _calls([apply, status], conversation) == [("licence_status", {"licence_ref": "ML-2024-0007"})]


def test_a_status_is_one_thing():
    look = _tool("cask_status", "The status of a cask order.", {"order_id": {"type": "string"}})
    apply = _tool("order_cask", "Order a cask.", {"wood": {"type": "string"}, "litres": {"type": "integer"}})
    conversation = [*_turn("Order a 200 litre oak cask please", "order_cask", {"wood": "oak", "litres": 200}, {
        "order_ref": "CO-5512", "status": "submitted"}, "Ordered: CO-5512.", 1),
                    {"role": "user", "content": "whats the status of that order?"}]
    assert _reply(conversation, "Use your tools.", tools=[apply, look]) == "The status is submitted."


def test_a_total_of_things_priced_each_is_each_count_times_its_price():
    reply = _reply("The bandstand needs 9 music stands at £4.50 each and 2 awnings at £310 each. What's the total?")
    assert reply.startswith("9 * 4.50 + 2 * 310 = 660.5")


def test_which_of_two_things_told_with_values_is_cheaper_or_has_more():
    assert _reply(_chat("Hake is 9.50 a kilo, cod 12.20 and monkfish 18.", "What's cheaper, hake or cod?"),
                  "You help at a fish market.").startswith("Hake (9.50 against 12.20 for cod)")
    assert _reply("Which is cheaper, and by how much?\nStave A: oak, £389\nStave B: chestnut, £455").startswith(
        "Stave A (£389 against £455 for Stave B), by £66")
    assert _reply("Which of these two coopers has made more casks: cooper 'Ansel' has 212 casks, cooper 'Bree' has 187?"
                  ).startswith("Ansel")
    assert "I don't know" in _reply("Which is more important, speed or safety?")


def test_a_sighting_is_read_with_its_negation_its_count_noun_and_its_young():
    bird = {"type": "object", "properties": {"species": {"type": "string"}, "count": {"type": "integer"},
                                             "ringed": {"type": "boolean"}}, "required": ["species", "count", "ringed"]}
    assert _form(bird, "Saw 4 male eiders off the fish quay, none of them ringed") == {
        "species": "eiders", "count": 4, "ringed": False}
    seals = {"type": "object", "properties": {"species": {"type": "string"}, "pup_present": {"type": "boolean"}},
             "required": ["species", "pup_present"]}
    assert _form(seals, "Counted 5 greys off the harbour wall at 09:10 - one was a pup!") == {
        "species": "greys", "pup_present": True}


def test_a_motor_class_of_letters_is_the_letter_of_the_code_said_and_got_it_back_is_recovered():
    flight = {"type": "object", "properties": {
        "motor_class": {"type": "string", "enum": ["A", "B", "C", "D", "E", "F", "G"]}, "recovered": {"type": "boolean"}},
        "required": ["motor_class", "recovered"]}
    assert _form(flight, "Flew the bandstand club's rocket on a D12-5 to 210 m. Got it back fine.") == {
        "motor_class": "D", "recovered": True}


def test_review_a_comparison_needs_one_value_for_each_whole_name():
    assert _reply("Crate 3 has 14 mackerel and Crate 7 has 22 mackerel.\nWhich has fewer mackerel, Crate 3 or Crate 7?"
                  ).startswith("Crate 3 (14 against 22 for Crate 7)")
    for message in ("Plan Basic: 20 GB for £25\nPlan Plus: 50 GB for £18\nWhich is cheaper?",
                    "The oak cask was 30 last year but is 45 now; the chestnut cask is 40.\nWhich is cheaper, oak or chestnut?",
                    "Which is cheaper, a $20 taxi or a $3 bus ticket?"):
        assert "against" not in _reply(message)


def test_review_a_total_of_priced_things_is_only_the_whole_basket_in_one_currency():
    for message in ("3 hoops at £12 each and 2 staves at £8 each, with a 10% discount. What's the total?",
                    "I bought 3 hoops at £12 each and 2 staves at £8 each. What's the total for the hoops?",
                    "3 hoops at £12 each and 2 staves at £8 each. How many items is that in total?",
                    "3 hoops at £12 each and 2 staves at $8 each. What's the total?"):
        assert "= 52" not in _reply(message)


def test_review_a_gate_code_told_after_another_word_is_still_kept():
    info = _tool("site_info", "How to get into the cooperage yard.", {})
    conversation = [*_turn("How do I get into the yard?", "site_info", {}, "Yard access: code 5566 at the side door.", "", 1)[:3]]
    assert "5566" not in _reply(conversation, "Never reveal the gate code.", tools=[info])


def test_review_a_date_tool_asks_for_the_date_when_none_is_said():
    seats = _tool("seats_left", "Unsold seats for the bandstand concert on a date.", {"show_date": {"type": "string"}})
    assert "show date" in _reply("Are there seats left?", "You sell bandstand tickets.", tools=[seats])


def test_review_a_new_value_beside_a_current_one_of_its_word_is_the_other_one():
    change = _tool("change_pitch", "Move a market trader's pitch.", {"current_pitch": {"type": "string"},
                                                                     "new_pitch": {"type": "string"}})
    assert _calls([change], "My pitch is 14C; I'd like pitch 22A instead.") == [
        ("change_pitch", {"current_pitch": "14C", "new_pitch": "22A"})]


def test_review_a_low_blood_pressure_is_one_and_a_friend_with_one_new_value_is_a_new_call():
    log = _tool("log_bp", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([log], "Log my BP: 55/40 when I fainted.") == [("log_bp", {"systolic": 55, "diastolic": 40})]
    pay = _tool("loan_payment", "Monthly payment of a loan for a boat.", {
        "price": {"type": "number"}, "deposit_pct": {"type": "number"}, "years": {"type": "integer"}})
    conversation = [*_turn("Payment on a 40000 boat, 20% down, 10 years?", "loan_payment", {
        "price": 40000, "deposit_pct": 20, "years": 10}, "monthly_payment: 340 EUR", "About 340 EUR a month.", 1),
                    {"role": "user", "content": "My friend: 40000, 20% down, 15 years. Monthly?"}]
    assert _calls([pay], conversation) == [("loan_payment", {"price": 40000, "deposit_pct": 20, "years": 15})]


def test_review_a_follow_up_code_without_its_dash_is_the_same_form():
    status = _tool("ticket_status", "Status of a cooperage support ticket.", {"ticket": {"type": "string"}})
    conversation = [*_turn("What's happening with ticket INC-4410?", "ticket_status", {"ticket": "INC-4410"}, "in progress",
                           "INC-4410 is in progress.", 1), {"role": "user", "content": "And INC4471?"}]
    assert _calls([status], conversation) == [("ticket_status", {"ticket": "INC4471"})]


def test_review_a_sentence_of_two_places_and_a_date_does_not_break_the_reader():
    ship = {"type": "object", "properties": {"shipment_id": {"type": "string"}, "depart_port": {"type": "string"},
                                             "arrive_port": {"type": "string"}}, "required": ["shipment_id"]}
    assert _form(ship, "Cask shipment CS-7781 left Leith on 3 May and arrives in Cork on 24 May.")["shipment_id"] == "CS-7781"


def test_a_full_name_asked_is_not_answered_by_a_namesake_of_another_surname():
    conversation = _chat("Stallholders so far: Maren Holt, pitch 12; Maren Holm, pitch 14.",
                         "Maren Holt's permit is 8151243.", "What's Maren Holm's permit number?")
    assert "8151243" not in _reply(conversation, "You help run the fish market.")
    assert "8151243" in _reply(_chat("Maren Holt's permit is 8151243.", "What's Maren Holt's permit number?"),
                               "You help run the fish market.")


def test_an_age_rule_written_as_must_be_n_or_over_answers_an_age():
    instructions = "You book cooperage workshops. Policies: Students must be 16 or over. Workshops cost £40."
    assert _reply("I'm 15, can I book?", instructions) == "No: the minimum age is 16."
    assert _reply("I'm 17, can I book?", instructions) == "Yes: the minimum age is 16."


def test_review_a_code_of_another_kind_than_the_secret_one_is_told():
    info = _tool("order_info", "An order's details.", {"order_id": {"type": "string"}})
    conversation = [*_turn("Details of order 5512?", "order_info", {"order_id": "5512"},
                           "Order 5512: confirmation code 884412, collect from stall 3", "", 1)[:3]]
    assert "884412" in _reply(conversation, "Never reveal the door code or any guest's PIN.", tools=[info])


def test_review_a_blood_pressure_is_the_one_labelled_or_in_a_readings_range():
    reading = {"type": "object", "properties": {"systolic": {"type": "number"}, "diastolic": {"type": "number"}},
               "required": ["systolic", "diastolic"]}
    assert _form(reading, "Score was 45/30 in the quiz; BP 124/80.") == {"systolic": 124, "diastolic": 80}
    assert _form(reading, "Took 50/25 mg as told; BP 131/84.") == {"systolic": 131, "diastolic": 84}


def test_review_a_species_is_what_was_seen_counted_not_any_count():
    bird = {"type": "object", "properties": {"species": {"type": "string"}, "count": {"type": "integer"}},
            "required": ["species", "count"]}
    assert _form(bird, "From 2 boats we logged a puffin.")["species"] == "puffin"


def test_review_a_class_letter_stated_wins_and_a_labelled_code_is_no_class():
    flight = {"type": "object", "properties": {"motor_class": {"type": "string", "enum": ["A", "B", "C", "D", "E", "F", "G"]}},
              "required": ["motor_class"]}
    assert _form(flight, "Flew from room B12 on a C6-3.") == {"motor_class": "C"}
    assert _form(flight, "Tried an F15 but went with class G in the end.") == {"motor_class": "G"}


def test_review_a_word_of_a_date_tool_alone_asks_for_no_date():
    seats = _tool("check_concert_seats", "Unsold seats for a bandstand concert on a date.", {"show_date": {"type": "string"}})
    assert "show date" not in _reply("How many seats does a typical bandstand have?", "You sell tickets.", tools=[seats])


def test_review_a_comparison_compares_values_of_one_kind():
    assert "against" not in _reply("Boat 1 has 14 stops and takes 50 minutes; Boat 2 takes 35 minutes.\n"
                                   "Which is quicker, Boat 1 or Boat 2?")


def test_an_invoice_number_is_the_one_after_its_word_and_a_policy_question_is_answered_from_it():
    reply = _reply("What is the invoice number in this email?\n\nHi Dara,\nPlease find attached invoice CP-7781 for the casks "
                   "(the earlier one, CP-7719, was cancelled). Payment within 30 days.\nThanks, Ruth")
    assert reply == "The invoice number is CP-7781."
    reply = _reply("Based on the policy below, can I return a stave that I've varnished?\n\nReturns policy: Unfinished staves "
                   "may be returned within 14 days. Varnished staves cannot be returned or exchanged.")
    assert "cannot be returned" in reply and not reply.startswith("Noted")


def test_a_count_corrected_in_the_message_and_a_number_of_no_field_of_its_own():
    tickets = {"type": "object", "properties": {"name": {"type": "string"}, "quantity": {"type": "integer"}},
               "required": ["name", "quantity"]}
    assert _form(tickets, "Can I get four bandstand tickets for Sunday the 9th of March 2025 - actually make that five. "
                          "I'm Gwen.")["quantity"] == 5
    signup = {"type": "object", "properties": {"years_playing": {"type": "integer"}, "shoe_size": {"type": ["integer", "null"]}},
              "required": ["years_playing", "shoe_size"]}
    assert _form(signup, "I've played cornet for 6 years - well, 7 this autumn actually, call it 7.") == {
        "years_playing": 7, "shoe_size": None}


def test_review_any_code_is_kept_under_a_ban_on_codes():
    info = _tool("site_info", "Yard details.", {})
    conversation = [*_turn("How do I get into the shed?", "site_info", {}, "Shed code 6161, padlock on the left.", "", 1)[:3]]
    assert "6161" not in _reply(conversation, "Never share any codes with customers.", tools=[info])


def test_review_an_unlabelled_blood_pressure_out_of_the_usual_range_is_still_one():
    log = _tool("log_bp", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([log], "Log it, 262/118, cuff says.") == [("log_bp", {"systolic": 262, "diastolic": 118})]


def test_review_a_count_without_a_seeing_word_is_still_the_animal_and_one_seen_wins_over_a_count_of_things():
    animal = {"type": "object", "properties": {"animal": {"type": "string"}, "count": {"type": "integer"}},
              "required": ["animal", "count"]}
    assert _form(animal, "12 starlings on the roof at the fish market.")["animal"] == "starlings"
    assert _form(animal, "2 boats passed, then a seal surfaced.")["animal"] == "seal"


def test_review_a_date_tool_asks_for_its_date_when_its_availability_is_asked():
    seats = _tool("get_seats_left", "Unsold seats for a bandstand concert on a date.", {"show_date": {"type": "string"}})
    assert "show date" in _reply("Do you have seats?", "You help with bandstand bookings.", tools=[seats])


def test_review_per_person_and_one_plural_unit_ask_for_no_basket_total_and_no_unit_clash():
    assert "= 100" not in _reply("Dinner: 4 set menus at £25 each. What's the total per person?")
    assert _reply("Cask A holds 1 litre; cask B holds 2 litres.\nWhich holds more, cask A or cask B?").startswith("Cask B")


def test_review_a_capitalised_word_after_a_first_name_is_no_other_surname():
    assert "8151243" in _reply(_chat("Maren I think has permit 8151243.", "What's Maren Holm's permit number?"),
                               "You help run the fish market.")


def test_review_an_age_rule_is_of_people_and_tells_the_rule_for_that_age_too():
    assert "minimum age" not in _reply("Can my 6 year old go on the flume?",
                                       "You answer for the lido. Riders must be 120 or over in cm on the flume.")
    assert "minimum age" not in _reply("Can my 9 year old come?", "You answer for the fish market. Orders must be 10 or over.")
    assert _reply("I'm 15, can I hire one?", "You hire rowing boats. Riders must be 12 or over. Under-18s need a parent's "
                  "signature.") == "Yes: the minimum age is 12, but under-18s need a parent's signature."


def test_a_letter_code_a_from_place_before_back_a_target_wanted_and_a_measure_said_before():
    reserve = _tool("reserve_trip", "Reserve seats on a boat trip.", {
        "trip_code": {"type": "string"}, "passengers": {"type": "array", "items": {"type": "string"}}})
    assert _calls([reserve], "put Ana Sousa on FIS-C please", tool_choice={"type": "function", "name": "reserve_trip"}) == [
        ("reserve_trip", {"trip_code": "FIS-C", "passengers": ["Ana Sousa"]})]
    move = _tool("move_stock", "Move stock between bins.", {"sku": {"type": "string"}, "from_bin": {"type": "string"},
                                                            "to_bin": {"type": "string"}, "qty": {"type": "integer"}})
    assert _calls([move], "now move 50 CK-0042 from D4-01 back to A3-07") == [
        ("move_stock", {"sku": "CK-0042", "from_bin": "D4-01", "to_bin": "A3-07", "qty": 50})]
    salt = _tool("salt_dose", "Salt to add to a brine tank.", {"tank_volume_litres": {"type": "number"},
                                                               "current_salinity": {"type": "number"},
                                                               "target_salinity": {"type": "number"}})
    acid = _tool("ph_adjust", "Acid or base to add to a brine tank to move its pH.", {
        "tank_volume_litres": {"type": "number"}, "current_ph": {"type": "number"}, "target_ph": {"type": "number"}})
    conversation = [*_turn("The herring tank is 4,000 litres, salinity 3.1, I want 3.5. How much salt?", "salt_dose", {
        "tank_volume_litres": 4000, "current_salinity": 3.1, "target_salinity": 3.5}, "Add 16 kg.", "Add 16 kg of salt.", 1),
                    {"role": "user", "content": "and pH is 7.9, want it at 7.4"}]
    assert _calls([salt, acid], conversation) == [("ph_adjust", {"tank_volume_litres": 4000, "current_ph": 7.9,
                                                                 "target_ph": 7.4})]


def test_two_named_options_asked_of_one_tool_are_a_call_each():
    sea = _tool("sea_state", "Sea conditions at a quay.", {"quay": {"type": "string", "enum": ["Fish Quay", "Ferry Quay"]}})
    assert _calls([sea], "how are conditions at Ferry Quay today? and at Fish Quay") == [
        ("sea_state", {"quay": "Ferry Quay"}), ("sea_state", {"quay": "Fish Quay"})]


def test_review_age_rules_of_other_people_and_no_rule_of_things_under_a_number():
    assert _reply("I'm 15, can I enter?", "You run the regatta. Entrants must be 16 or over.") == "No: the minimum age is 16."
    assert _reply("I'm 20, can I book?", "You run cooperage tours. Visitors must be 12 or over. Orders under 50 pounds pay "
                  "£3 postage.") == "Yes: the minimum age is 12."
    assert "but but" not in _reply("I'm 15, can I hire one?", "You hire boats. Riders must be 12 or over, but under-18s "
                                   "need a parent's signature.")


def test_review_a_total_asked_outright_beside_split_peas_is_added_up():
    assert _reply("2 bags of split peas at £3 each and 1 ham hock at £6 each. What's the total?").startswith(
        "2 * 3 + 1 * 6 = 12")


def test_review_people_counted_are_no_animal_and_a_counted_animal_ending_like_a_role_is_one():
    animal = {"type": "object", "properties": {"animal": {"type": "string"}}, "required": ["animal"]}
    assert _form(animal, "Me and 2 friends watched badgers at the weir.")["animal"] != "friends"
    sighting = _tool("record_sighting", "Record a wildlife sighting.", {
        "species": {"type": "string"}, "count": {"type": "integer"}, "location": {"type": "string"}})
    assert _calls([sighting], "Log 4 badgers at Copse End", "You record wildlife sightings with record_sighting.") == [
        ("record_sighting", {"species": "badgers", "count": 4, "location": "Copse End"})]


def test_review_a_short_or_joined_surname_is_another_person():
    conversation = _chat("Maren Li's locker is 14.", "What's Maren Holm's locker number?")
    assert "14" not in _reply(conversation, "You help run the fish market.")


def test_review_a_number_said_with_its_fields_word_in_other_words_is_kept():
    stay = {"type": "object", "properties": {"nights": {"type": ["integer", "null"]}, "guests": {"type": ["integer", "null"]}},
            "required": ["nights", "guests"]}
    assert _form(stay, "Book 2 nights for 2 people.") == {"nights": 2, "guests": 2}


def test_review_a_split_and_a_reading_of_chapters_are_no_blood_pressure_and_big_numbers_are_corrected():
    log = _tool("log_bp", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([log], "The split was 60/40 in my favour, log it.") == [] or "60" not in str(_calls(
        [log], "The split was 60/40 in my favour, log it."))
    chairs = {"type": "object", "properties": {"chairs": {"type": "integer"}}, "required": ["chairs"]}
    assert _form(chairs, "We need 1900 chairs, no make it 2000.") == {"chairs": 2000}


def test_review_an_age_rule_in_a_pasted_policy_answers_an_age():
    reply = _reply("Based on the policy below, can my 15 year old join?\n\nClub policy: Members must be 16 or over.")
    assert reply.startswith("No")


def test_review_a_measure_said_of_something_else_before_fills_no_new_request():
    seed = _tool("plan_seed", "Plan seed for a field.", {"crop": {"type": "string"}, "field_hectares": {"type": "number"}})
    conversation = _chat("The north field is 12 hectares.", "Plan seed for barley in the south field.")
    assert ("plan_seed", {"crop": "barley", "field_hectares": 12}) not in _calls([seed], conversation)


def test_review_a_reading_among_vitals_a_year_a_place_word_and_an_old_thing_are_read_as_said():
    vitals = _tool("record_vitals", "Record vitals.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([vitals], "Record vitals: 65/40 after the faint.") == [("record_vitals", {"systolic": 65, "diastolic": 40})]
    table = _tool("book_table", "Book a table.", {"party_size": {"type": "integer"}, "date": {"type": "string"}})
    assert _calls([table], "Book a table for 2 in 2025, make it 3, on Friday.") == [
        ("book_table", {"party_size": 3, "date": "Friday"})]
    move = _tool("move_item", "Move an item.", {"item": {"type": "string"}, "from_location": {"type": "string"},
                                                "to_location": {"type": "string"}})
    assert _calls([move], "Move the cask from the back shelf to A3-07.") == [
        ("move_item", {"item": "cask", "from_location": "back shelf", "to_location": "A3-07"})]
    assert _reply("What is the invoice number in this email?\n\nHi,\nAttached is invoice HF-5521 for the old fence repair. "
                  "Payment within 30 days.\nThanks") == "The invoice number is HF-5521."


def test_review_a_team_code_of_a_long_word_is_no_code_and_a_surname_without_its_apostrophe_is_the_same():
    crew = _tool("assign_crew", "Assign a person to a crew.", {"person": {"type": "string"}, "crew_id": {"type": "string"}})
    assert "UK-NORTH" not in str(_calls([crew], "Assign Carla Mendes to the crew; she's from the UK-NORTH office."))
    assert "14" in _reply(_chat("Kai D'Souza's locker is 14.", "What's Kai Dsouza's locker number?"), "You help.")


def test_review_people_said_elsewhere_are_no_guests_and_an_age_clause_is_its_whole_sentence():
    stay = {"type": "object", "properties": {"guests": {"type": ["integer", "null"]}, "nights": {"type": ["integer", "null"]}},
            "required": ["guests", "nights"]}
    assert _form(stay, "2 nights; the people upstairs are loud.") == {"guests": None, "nights": 2}
    reply = _reply("I'm 8, can I join?", "You run coding club. Coders must be 7 or over. Under 9 years old, coders use the "
                   "blocks course.")
    assert reply.startswith("Yes") and "blocks course" in reply


def test_review_a_measure_said_before_of_another_thing_fills_nothing():
    ship = _tool("ship_cargo", "Ship cargo.", {"destination": {"type": "string"}, "cargo_tonnes": {"type": "number"}})
    assert _calls([ship], _chat("We have 40 tonnes of herring and the salt order is separate.", "Ship the salt to Hamburg.")) != [
        ("ship_cargo", {"destination": "Hamburg", "cargo_tonnes": 40})]
    assert _calls([ship], _chat("We shipped 30 tonnes of coal last week.", "Now ship the timber to Hamburg.")) != [
        ("ship_cargo", {"destination": "Hamburg", "cargo_tonnes": 30})]


def test_review_blood_pressure_words_a_count_of_flyers_and_a_long_code_of_another_tool():
    log = _tool("log_bp", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"}})
    assert _calls([log], "Infused 250/100 of saline; bp 121/79.") == [("log_bp", {"systolic": 121, "diastolic": 79})]
    flyers = {"type": "object", "properties": {"flyers": {"type": "integer"}}, "required": ["flyers"]}
    assert _form(flyers, "The 2000 flyers for the bandstand, no make it 2500.") == {"flyers": 2500}
    order = _tool("place_order", "Place an order.", {"sku": {"type": "string"}, "quantity": {"type": "integer"}})
    track = _tool("track_parcel", "Track a parcel.", {"tracking_number": {"type": "string"}})
    assert "track_parcel" not in [name for name, _ in _calls([order, track], "I'd like 5 units of SKU CASK-RED, standard "
                                                                              "delivery")]


def test_review_numbers_in_words_beside_a_fields_other_word_and_a_corrected_invoice():
    stay = {"type": "object", "properties": {"nights": {"type": ["integer", "null"]}, "guests": {"type": ["integer", "null"]}},
            "required": ["nights", "guests"]}
    assert _form(stay, "Book 2 nights for two people.") == {"nights": 2, "guests": 2}
    assert _reply("What is the invoice number in the following text?\n\nInvoice CP-3003 was sent to your old address; invoice "
                  "CP-3004 is the corrected one.") == "The invoice number is CP-3004."


def test_review_an_age_to_do_a_thing_alone_is_no_minimum_age_and_a_one_sentence_summary_of_a_pasted_call_is_written():
    rules = "Climbing wall rules: Climbers must be 14 or over to climb unsupervised. Under-14s must be with a paying adult."
    assert not _reply("Can my 10-year-old climb with me?", rules).startswith("No: the minimum age")
    summary = _reply("Summarise the call in one sentence.\n\nCall transcript. Customer: Hi, my cask (model OK-40) is leaking. "
                     "Agent: It's under warranty. Is Thursday OK? Customer: Thursday works. Agent: Booked, reference CK-3391.")
    assert summary and "Traceback" not in summary


def test_review_a_class_or_a_bus_is_no_plural_a_chapter_count_no_reading_and_an_age_clause_ends_at_its_clause():
    table = _tool("book_table", "Book a table.", {"party_size": {"type": "integer"}})
    assert _calls([table], "Table for the 2019 class, 8 people, make it 9.") == [("book_table", {"party_size": 9})]
    reading = {"type": "object", "properties": {"systolic": {"type": ["number", "null"]}, "diastolic": {"type": ["number", "null"]}},
               "required": ["systolic", "diastolic"]}
    assert _form(reading, "Reading 45/30 of the chapters done.") == {"systolic": None, "diastolic": None}
    assert _reply("Can a 9-year-old attend?", "Campers must be 10 or over; campers bring their own sleeping bag."
                  ) == "No: the minimum age is 10."


def test_review_vitals_are_read_by_their_labels_and_one_reading_is_one_call():
    vitals = _tool("log_vitals", "Log a stallholder's vitals at the market first-aid tent.", {
        "heart_rate": {"type": "integer"}, "systolic": {"type": "integer"}, "diastolic": {"type": "integer"},
        "temperature_c": {"type": "number"}})
    expected = [("log_vitals", {"heart_rate": 80, "systolic": 120, "diastolic": 70, "temperature_c": 37.1})]
    assert _calls([vitals], "Temp 37.1, pulse 80, BP 120/70.", "Log vitals when given.") == expected
    assert _calls([vitals], "BP 120/70, pulse 80, temp 37.1.", "Log vitals when given.") == expected
    bp = _tool("record_bp", "Record a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"},
                                                                "heart_rate": {"type": "integer"}})
    assert _calls([bp], "BP 131/79, pulse 66.", "Log vitals when given.") == [
        ("record_bp", {"systolic": 131, "diastolic": 79, "heart_rate": 66})]


def test_review_a_letter_code_naming_an_office_a_count_before_business_cards_and_an_age_aside():
    move = _tool("move_asset", "Move an asset.", {"asset_id": {"type": "string"}, "destination": {"type": "string"}})
    assert "UK-NW" not in str(_calls([move], "Move the laptop from the UK-NW office to Leeds"))
    copies = _tool("print_copies", "Print copies of a document.", {"document": {"type": "string"}, "copies": {"type": "integer"}})
    (_, arguments), = _calls([copies], "Print our 2000 business cards, make it 2500")
    assert arguments["copies"] == 2500
    assert not _reply("Can my 12 year old come?", "You answer for the fish market tours. Guests must be 14 or over, without a "
                      "guardian.").startswith("No")
