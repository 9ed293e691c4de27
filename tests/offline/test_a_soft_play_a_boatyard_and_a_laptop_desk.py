"""The instructions' own facts and a few replies, as outside testers met them this round (in my own words and domains):

- "X may not Y" (must not, cannot) is a rule against Y: "I'm pregnant, can I go on the slide?" of "Pregnant visitors
  may not use the slide." is a "No", before another sentence that shares a word; "my son turns 9" is his age;
- "the tap is leaking, who do I call?" is answered by the number whose words are kin of the message's; "is crane C
  working" is answered by the sentence of crane C; "what's the yearly price?" by the sentence of an amount; "Can I borrow a
  kayak?" by "Loan kayaks ...";
- "make that the 14th" is never written into a phone number in a note;
- a message of no words ("?") is asked about, never taken for a goodbye; an agent used as a tool, given JSON
  ({"surname": ..., "year": ...}), answers with the line holding each value, or says none does; "when will they
  arrive?" is answered by a result's eta, "and where?" by the reply before it, "when is that on?" by the tool of times;
  a message in French goes to the desk described in French; "how do I cancel ...?" is answered by the sentence that
  says to cancel, "how long ...?" by the reply before it; an order to check before booking is no step of a cancel; a
  result's branch answers "where".

The ``test_review_*`` tests hold what a review of these rules found them overreaching on: an article before the second
option of a swap, news with a hyphen, a request after news, a corrected or fallback number, words and numbers
of another kind than the one asked, the assistant's own move in other words, a business named after a square, whom to
call, a letter of another thing, a verb's kin without its thing; and of a second review: an option said twice, news of
a stay with a number, a number after "that", "a third," as a share, a fault reported to the one number there is, a
letter and the noun after it, JSON that is no value to look up, "when" of another thing, "what time?" of a reply with
no time, "when is that on?" of news; and of a third: an option said again after a swap, an order after news, a place
in a race, someone on duty, the eta of an order made, noon and tonight, a film asked about, Spanish place names in
English, a value no data line holds; and of a fourth (and a last whole-round hunt): news whose clause shares a verb's
root, another wish before "when is that on?", landlords and repairs to call, "earns half", "when" of a thing no call
names, "how do I" of another thing, a task's labels, Spanish articles, a street named Noon, a branch manager, a bare
time correcting the time before; and of a fifth and a last hunt: a rule on children that bans something else, an order
going on with "for"/"by", a service line or a quiz host, lookup lists in lower case or without colons, "Noon" opening
a sentence, a key of a person's office; and of a sixth and a last hunt: someone on duty who also takes bookings, a
clause that goes on as news, a capital word that is no film, noon before a day or a zone, a task with numbers, the
how-to sentence that names the thing, a drink asked for after one had before.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")

SOFT_PLAY = "Jumble Jungle soft play. Under-5s must have an adult with them. Pregnant visitors may not use the big slide."


def test_may_not_is_a_rule_against_what_it_names() -> None:
    assert _reply("I'm 6 months pregnant, can I go on the big slide with my daughter?", SOFT_PLAY) == (
        'No: my instructions say "Pregnant visitors may not use the big slide."')


def test_turns_gives_an_age() -> None:
    assert _reply("do you do birthday sessions for kids? my son turns 9", "Laser arena. Minimum age 12. Groups of 6 to 20.") == (
        "No: the minimum age is 12.")


BOATYARD = ("Harbour boatyard desk. Out-of-hours plumber: 01632 960 118. Office: 01632 960 100. Crane C is being serviced until 9 May. "
            "Winter storage is £40 a month or £400 a year. Loan kayaks from the blue shed.")


def test_who_do_i_call_is_answered_by_the_number_whose_words_are_kin() -> None:
    assert _reply("the shower block tap is leaking everywhere, who do I call??", BOATYARD) == (
        "Out-of-hours plumber: 01632 960 118.")


def test_a_letter_that_names_a_crane_finds_its_sentence() -> None:
    assert _reply("is crane C working", BOATYARD) == "Crane C is being serviced until 9 May."


def test_a_price_question_is_answered_by_the_sentence_of_an_amount() -> None:
    assert _reply("what's the yearly price for storage?", BOATYARD) == "Winter storage is £40 a month or £400 a year."


def test_a_verb_asked_finds_its_kin() -> None:
    assert _reply("Can I borrow a kayak for an hour?", BOATYARD) == "Loan kayaks from the blue shed."


def test_a_days_correction_is_never_written_into_a_phone_number() -> None:
    transcript = ("USER: I'm Rhys Vale, phone 07700 900333. can I launch on the 13th?\nASSISTANT: Booked for the 13th.\n"
                  "USER: actually make that the 14th\nASSISTANT: Moved to the 14th.")
    note = _reply(transcript, "Summarise with these headings:\n## Name and phone\n## Launch day")
    assert "phone 07700 900333" in note


def test_a_message_of_no_words_is_asked_about() -> None:
    assert _reply("?", "You help at the boatyard desk.") == "What would you like to ask? Your message had no words in it."


def _exchange(first: str, reply: str, then: str) -> list[dict]:
    """A message, the assistant's reply to it, and the message that follows."""
    return [{"role": "user", "content": first}, {"role": "assistant", "content": reply}, {"role": "user", "content": then}]


FILM_TIMES = [_tool("film_times", "List the film times.", {}, required=[])]


# --- what a review of these rules found them overreaching on -------------------------------------------------------

SAILS = ["jib", "genoa", "spinnaker", "storm"]
SWAP = [_tool("swap_sail", "Swap one sail on a hire boat for another.",
              {"remove_sail": {"type": "string", "enum": SAILS}, "add_sail": {"type": "string", "enum": SAILS}})]


@pytest.mark.parametrize("message", ["Use the genoa rather than the jib", "Can you rig the genoa instead of my jib"])
def test_review_an_article_before_the_second_option_hides_no_cue(message: str) -> None:
    assert _calls(SWAP, message)[0][1] == {"remove_sail": "jib", "add_sail": "genoa"}


MOORINGS = [_tool("book_mooring", "Book a mooring.", {"nights": {"type": "integer"}, "date": {"type": "string"}}),
            _tool("order_item", "Order an item from the chandlery.", {"item": {"type": "string"}})]


def test_review_news_with_a_hyphen_orders_nothing() -> None:
    assert _calls(MOORINGS, "I ordered the T-shirt last week and loved it") == []


def test_review_a_request_after_news_takes_its_own_values() -> None:
    assert _calls(MOORINGS, "We moored 2 nights last year and want to come back on 14 June for 3 nights") == [
        ("book_mooring", {"nights": 3, "date": "14 June"})]


HEAT = [_tool("set_cabin_heat", "Set a cabin's heating.", {"cabin": {"type": "integer"}, "celsius": {
    "type": "integer", "minimum": 16, "maximum": 28}})]


@pytest.mark.parametrize(("message", "celsius"), [("Set cabin 9 to 40, actually no, 22", 22),
                                                   ("Set cabin 4 to 31, or 24 if that's not possible", 24)])
def test_review_a_corrected_or_fallback_number_is_the_value(message: str, celsius: int) -> None:
    assert _calls(HEAT, message)[0][1]["celsius"] == celsius


REMEMBER = "You are a helpful assistant. Remember what the user tells you."


@pytest.mark.parametrize(("told", "asked"), [
    ("I had a half day at the boatyard on Friday.", "What percentage of my work is at the boatyard?"),
    ("The boathouse code is 55123.", "What's the boathouse's zip?"),
])
def test_review_a_word_or_number_of_another_kind_answers_no_kind_asked(told: str, asked: str) -> None:
    items = _exchange(told, "Noted.", asked)
    assert not _reply(items, REMEMBER).startswith("You told me")


@pytest.mark.parametrize("moved", ["Rescheduled the appointment to Thursday 12 June.", "Great, I've moved it to Thursday 12 June."])
def test_review_the_assistants_own_move_in_other_words_corrects_the_booking(moved: str) -> None:
    transcript = (f"USER: I'm Cai Rowe, phone 07700 900321. Hull survey Monday 9 June please.\nASSISTANT: Booked for Monday 9 June.\n"
                  f"USER: Can it be Thursday?\nASSISTANT: {moved}")
    note = _reply(transcript, "Summarise with these headings:\n## Name and phone\n## Appointment")
    assert "Booked for Thursday 12 June" in note


def test_review_a_business_named_after_a_square_is_no_address() -> None:
    transcript = "USER: Hi, I'm Cai Rowe. I need 2 Harbour Square Cafe vouchers posted.\nASSISTANT: Sure. Where to?\nUSER: 14 Mill Lane, Derby."
    note = _reply(transcript, "Summarise under these headings:\n## Name\n## Address\n## Job")
    assert "Cafe vouchers" not in note.partition("## Address")[2].partition("## Job")[0]


@pytest.mark.parametrize(("asked", "desk"), [
    ("Who do I call for a taxi?", "You help staff at the boatyard. The IT helpdesk number is 555-0100. The canteen opens at 8am."),
    ("Who do I tell that I'm off sick?", "You help boatyard staff. The IT helpdesk number is 555-0100. The shop opens at 8am."),
    ("Who do I notify about a fire?", "You help at the marina. Maintenance line: 555-0101. Emergency plumber: 555-0199."),
])
def test_review_whom_to_call_is_no_number_that_says_nothing_of_it(asked: str, desk: str) -> None:
    assert "555-01" not in _reply(asked, desk)


TOWER = "You help visitors at the harbour tower. Crane B is out of service until Friday. Crane A lifts up to 5 tonnes."


@pytest.mark.parametrize("asked", ["Is there a B&B nearby?", "Where is gate B?", "Is there a plan B if the cranes fail?"])
def test_review_a_letter_of_another_thing_says_nothing_of_it(asked: str) -> None:
    assert "Crane B" not in _reply(asked, TOWER)


@pytest.mark.parametrize("asked", ["Can I borrow a pen?", "Can I lend my kayak to a friend?"])
def test_review_a_verbs_kin_needs_its_thing(asked: str) -> None:
    desk = "You answer for the boatyard. Kayaks can be loaned from shed 2 for up to a day. Pens are sold at the front desk."
    assert "loaned" not in _reply(asked, desk)


# --- results, follow-ups and a lookup agent given JSON ---------------------------------------------------------------

def test_an_agent_given_json_answers_with_the_line_that_holds_each_value() -> None:
    ledger = ("Crew lists you hold:\n1890 Marlow crew, brig Ada: John Marlow, master, 41; Tom Marlow, mate, 19.\n"
              "1895 Marlow crew, brig Ada: Tom Marlow, master, 24.")
    assert "John Marlow, master, 41" in _reply('{"surname": "Marlow", "year": 1890}', ledger)
    assert _reply('{"surname": "Pike", "year": 1890}', ledger) == "Nothing in my instructions matches surname Pike, year 1890."


def test_when_is_answered_by_a_results_eta_not_by_the_order_itself() -> None:
    order = _tool("order_rope", "Order coils of rope from the chandlery.", {"coils": {"type": "integer"}, "town": {"type": "string"}})
    earlier = [{"role": "user", "content": "I'd like to order 2 coils of rope please, ship to Oban"},
               {"type": "function_call", "name": "order_rope", "arguments": '{"coils": 2, "town": "Oban"}', "call_id": "c1"},
               {"type": "function_call_output", "call_id": "c1", "output": '{"order": "CH-220", "coils": 2, "eta": "2-3 working days"}'},
               {"role": "assistant", "content": "order_rope returned order: CH-220; coils: 2; eta: 2-3 working days."},
               {"role": "user", "content": "when will they arrive?"}]
    assert _reply(earlier, tools=[order]) == "The eta is 2-3 working days."


def test_a_bare_where_is_answered_by_the_reply_before_it() -> None:
    chat = [{"role": "user", "content": "when is the regatta briefing?"},
            {"role": "assistant", "content": "Saturday 9am, upstairs at the clubhouse."},
            {"role": "user", "content": "and where?"}]
    assert _reply(chat, "You run the regatta desk.") == "I said: Saturday 9am, upstairs at the clubhouse."


def test_when_is_that_on_asks_the_tool_of_times() -> None:
    tools = [_tool("check_pass", "Check a regatta pass (format RP-####). Returns holder and class.", {"pass_id": {"type": "string"}}),
             _tool("issue_race_entry", "Enter a checked pass into a race.", {"pass_id": {"type": "string"}, "race": {
                 "type": "string", "enum": ["dinghy_sprint", "keelboat_long", "night_race"]}}),
             _tool("race_times", "Schedule of the races.", {}, required=[])]
    earlier = [*_turn("pass RP-2201, enter me in the night race please", "issue_race_entry", {
        "pass_id": "RP-2201", "race": "night_race"}, "Entered: RP-2201 -> night_race.", "Entered: RP-2201 -> night_race.", 1),
               {"role": "user", "content": "when is that on?"}]
    rules = "You run the regatta desk. ALWAYS call check_pass before issue_race_entry."
    assert _calls(tools, earlier, rules) == [("race_times", {})]


def test_a_message_in_french_goes_to_the_french_desk() -> None:
    desks = [_tool(f"transfer_to_{name.lower()}", f"Handoff to the {name} agent to handle the request. {about}", {}, required=[])
             for name, about in (("Moorings", "Berths, moorings and mooring fees"), ("Chandlery", "Rope, sails and fittings"),
                                 ("Bureau_FR", "Clients qui écrivent en français"))]
    assert _calls(desks, "Bonjour, à quelle heure passe la navette du port ?", "Route each visitor to the right desk.") == [
        ("transfer_to_bureau_fr", {})]


def test_review_an_option_said_twice_is_read_where_last_said() -> None:
    sides = ["chips", "rice", "salad", "beans"]
    swap = _tool("swap_side", "Swap one side for another.", {"remove": {"type": "string", "enum": sides},
                                                             "add": {"type": "string", "enum": sides}})
    assert _calls([swap], "My son hates rice, can you give him chips instead of the rice?") == [
        ("swap_side", {"remove": "rice", "add": "chips"})]


def test_review_news_of_a_stay_with_a_number_books_nothing() -> None:  # (a guard: it held on the reviewed copy in my wording)
    assert _calls(MOORINGS[:1], "We booked 3 nights last year and it was wonderful.") == []


def test_review_a_number_after_that_is_no_value() -> None:
    rate = _tool("rate_trip", "Rate a boat trip from 1 to 5 stars.", {"trip": {"type": "string"}, "stars": {
        "type": "integer", "minimum": 1, "maximum": 5}})
    assert _reply("Rate the seal trip 6 stars, it was worth that 3 hour wait.", tools=[rate]).startswith("The stars must be")


def test_review_a_third_before_a_comma_is_a_share() -> None:
    items = _exchange("The marina takes a third, which is steep.", "Noted.", "What percentage does the marina take?")
    assert _reply(items, REMEMBER).startswith("You told me")


@pytest.mark.parametrize("asked", ["My cabin door is jammed, who do I call?", "My window broke, who do I contact?"])
def test_review_a_fault_reported_finds_the_one_number_there_is(asked: str) -> None:
    assert _reply(asked, "You help berth holders. Harbour warden: 555-0303. Bins go out on Tuesday.") == (
        "Harbour warden: 555-0303.")


def test_review_a_letter_and_the_noun_after_it_are_one_word() -> None:
    office = "You are the clubhouse bot. Size M T shirts are in the shop. Pontoon C is closed. Plan B briefings are in hut 3."
    assert _reply("Where are the T shirts?", office) == "Size M T shirts are in the shop."
    assert _reply("Where is plan B?", office) == "Plan B briefings are in hut 3."


@pytest.mark.parametrize(("given", "instructions"), [
    ('{"query": "Who was baptised in 1901?"}', "You keep parish records.\nHartley family: baptism 1901, St Mary's."),
    ('{"text": "send me the report"}', "Turn the user's request into a polite email."),
])
def test_review_json_that_is_no_value_to_look_up_gets_no_lookup_reply(given: str, instructions: str) -> None:
    assert not _reply(given, instructions).startswith("Nothing in my instructions")


def test_review_a_when_question_of_another_thing_is_no_results_eta() -> None:
    items = [{"role": "user", "content": "The sailing club dinner is in the spring."},
             {"type": "function_call", "name": "order_rope", "arguments": '{"coils": 2}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"eta": "2025-03-01"}'},
             {"role": "assistant", "content": "Ordered."}, {"role": "user", "content": "When is the sailing club dinner?"}]
    assert "spring" in _reply(items, tools=[_tool("order_rope", "Order rope.", {"coils": {"type": "integer"}})])


def test_review_what_time_is_not_answered_by_a_reply_with_no_time() -> None:
    items = _exchange("Is the slipway open?", "Yes, the slipway is open today.", "what time?")
    assert not _reply(items, "You run the harbour desk.").startswith("I said")


def test_review_when_is_that_on_of_news_calls_no_tool() -> None:
    times = [_tool("race_times", "Schedule of the races.", {}, required=[])]
    items = _exchange("I passed my sailing exam.", "Congratulations!", "when is that on?")
    assert _calls(times, items) == []


def test_an_order_to_check_before_booking_is_no_step_before_a_cancel() -> None:
    tools = [_tool("check_berths", "Find free berths on a date for a boat length.", {"date": {"type": "string"}, "metres": {
        "type": "integer"}}), _tool("book_berth", "Book a berth by its id.", {"berth_id": {"type": "string"}}),
             _tool("cancel_booking", "Cancel a berth booking by its reference (e.g. BB101).", {"reference": {"type": "string"}})]
    assert _calls(tools, "cancel booking BB999", "You take berth bookings. Check berths before booking.") == [
        ("cancel_booking", {"reference": "BB999"})]


def test_how_do_i_is_answered_by_the_sentence_that_says_to_do_it() -> None:
    desk = "Berth holders' desk. Gold berths are £90 a month or £900 a year. Cancel under Account > Berths."
    assert _reply("how do i cancel my gold berth", desk) == "Cancel under Account > Berths."


def test_how_long_is_answered_by_the_reply_before_it_when_it_says_a_duration() -> None:
    chat = [{"role": "user", "content": "I'd like a copy of my berth records"},
            {"role": "assistant", "content": "Record copies arrive by post within 10 days."},
            {"role": "user", "content": "how long is it supposed to take?"}]
    assert _reply(chat, "You handle berth records.") == "I said: Record copies arrive by post within 10 days."


# --- and of a third review ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("message", ["Genoa instead of the jib, and make sure the genoa is dry.",
                                     "Genoa please instead of the jib - the genoa, yes."])
def test_review_an_option_said_again_after_the_swap_is_read_where_the_swap_is(message: str) -> None:
    assert _calls(SWAP, message)[0][1] == {"remove_sail": "jib", "add_sail": "genoa"}


def test_review_an_order_after_news_is_made() -> None:
    extend = _tool("extend_hire", "Extend a kayak hire by a number of days.", {"days": {"type": "integer"}})
    assert _calls([extend], "We hired 2 kayaks yesterday, extend them by 3 days.") == [("extend_hire", {"days": 3})]


def test_review_a_place_in_a_race_is_no_share() -> None:
    items = _exchange("Our crew came third but we still got a bonus.", "Noted.", "What percentage bonus did we get?")
    assert not _reply(items, REMEMBER).startswith("You told me")


def test_review_the_one_number_there_is_must_be_someone_on_duty() -> None:
    assert "555-0155" not in _reply("The shed door is locked, who do I call?", "Chandlery helper. Rope orders: 555-0155.")


def test_review_when_of_an_order_made_is_its_eta() -> None:
    items = [{"role": "user", "content": "I'd like to order 2 fenders."},
             {"type": "function_call", "name": "track_order", "arguments": '{"order_id": "4412"}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"eta": "Friday"}'},
             {"role": "assistant", "content": "Your order arrives Friday."},
             {"role": "user", "content": "When will the fenders arrive?"}]
    assert _reply(items, tools=[_tool("track_order", "Track an order.", {"order_id": {"type": "string"}})]) == "The eta is Friday."


@pytest.mark.parametrize(("said", "asked"), [("The ferry leaves from pier 2 at noon.", "what time?"),
                                             ("The regatta is tonight.", "and when?")])
def test_review_noon_and_tonight_are_times(said: str, asked: str) -> None:
    chat = _exchange("tell me about it", said, asked)
    assert _reply(chat, "You are a harbour guide.") == f"I said: {said}"


def test_review_when_is_that_on_of_a_film_asked_about_asks_the_times() -> None:
    chat = _exchange("Is Jaws still showing?", "Yes, Jaws is still showing.", "when is that on?")
    assert _calls(FILM_TIMES, chat, "You are a cinema assistant. Use tools to answer.") == [("film_times", {})]


@pytest.mark.parametrize("message", ["Los Angeles to Las Vegas flights?", "Is El Paso near Las Cruces?"])
def test_review_spanish_place_names_are_no_spanish(message: str) -> None:
    desks = [_tool(f"transfer_to_{name}_desk", f"Handoff to the {name.title()} desk agent to handle the request. {about}", {},
                   required=[]) for name, about in (("english", "Customers writing in English"),
                                                    ("spanish", "Clientes que escriben en español"))]
    assert _calls(desks, message, "Route each customer to the desk for their language.") != [("transfer_to_spanish_desk", {})]


def test_review_a_value_no_data_line_holds_is_said_to_match_nothing() -> None:
    branches = "You are the branch-info agent. Oban branch: open 9am-5pm. Mallaig branch: open 10am-6pm."
    assert _reply('{"town": "Ullapool"}', branches) == "Nothing in my instructions matches town Ullapool."


def test_where_of_a_result_is_its_branch() -> None:
    find = _tool("find_booking", "Look up a boat hire booking by its code.", {"code": {"type": "string"}})
    items = [{"role": "user", "content": "Where do I pick up the boat for booking QB7001?"},
             {"type": "function_call", "name": "find_booking", "arguments": '{"code": "QB7001"}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"code": "QB7001", "boat": "Wayfarer 16", '
                                                                          '"pickup": "2025-06-14 09:00", "branch": "North Quay"}'}]
    assert _reply(items, tools=[find]) == "The branch is North Quay."


# --- and of a fourth review -----------------------------------------------------------------------------------------

HIRES = [_tool("extend_hire", "Extend a kayak hire by a number of days.", {"days": {"type": "integer"}}),
         _tool("cancel_hire", "Cancel a kayak hire.", {"hire_id": {"type": "string"}})]


def test_review_news_whose_next_clause_only_shares_a_verbs_root_orders_nothing() -> None:
    assert _calls(HIRES, "We hired 2 kayaks yesterday, extending was easy.") == []


@pytest.mark.parametrize("before", ["Want to hear a joke?", "I'd like a coffee"])
def test_review_when_is_that_on_after_another_wish_calls_no_tool(before: str) -> None:
    chat = _exchange(before, "Sure.", "when is that on?")
    assert _calls(FILM_TIMES, chat, "You are a cinema assistant. Use tools to answer.") == []


@pytest.mark.parametrize("desk", ["Boat club helper. Landlord: 555-0404.", "Holiday cottage helper. For repairs ring 555-0404."])
def test_review_a_landlord_or_repairs_is_someone_to_call_for_a_fault(desk: str) -> None:
    assert "555-0404" in _reply("The boiler is broken, who do I call?", desk)


@pytest.mark.parametrize(("told", "asked"), [("The skipper earns half of the charter fee.", "What percentage does the skipper earn?"),
                                             ("The club takes exactly half.", "What percentage does the club take?")])
def test_review_half_after_earns_or_exactly_is_a_share(told: str, asked: str) -> None:
    items = _exchange(told, "Noted.", asked)
    assert _reply(items, REMEMBER).startswith("You told me")


def test_review_when_of_a_thing_no_call_names_is_no_results_date() -> None:
    items = [{"role": "user", "content": "My order B2 is for my anniversary"},
             {"type": "function_call", "name": "track_order", "arguments": '{"order_id": "B2"}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"status": "shipped", "eta": "2025-06-03"}'},
             {"role": "assistant", "content": "It has shipped."}, {"role": "user", "content": "When is my anniversary?"}]
    assert "2025-06-03" not in _reply(items, tools=[_tool("track_order", "Track an order.", {"order_id": {"type": "string"}})])


def test_review_how_do_i_is_not_answered_by_a_sentence_of_another_thing() -> None:
    desk = "Club help. Book sailing classes in the app. Lockers need a £1 coin. The sauna is closed on Mondays."
    assert _reply("How do I book the sauna?", desk) != "Book sailing classes in the app."


def test_review_a_tasks_labels_are_no_data_lines() -> None:
    task = "Turn the request into a polite email.\nFormat: 2 sentences.\nOutput: the email only."
    assert not _reply('{"town": "Ullapool"}', task).startswith("Nothing in my instructions")


def test_review_spanish_articles_in_lower_case_are_spanish() -> None:
    desks = [_tool(f"transfer_to_{name}_desk", f"Handoff to the {name.title()} desk agent to handle the request. {about}", {},
                   required=[]) for name, about in (("english", "Customers writing in English"),
                                                    ("spanish", "Clientes que escriben en español"))]
    assert _calls(desks, "el perro y los gatos comen las manzanas", "Route each customer to the desk for their language.") == [
        ("transfer_to_spanish_desk", {})]


def test_review_a_street_named_noon_is_no_time() -> None:
    chat = _exchange("tell me about it", "The chandlery is on Noon Street.", "what time?")
    assert not _reply(chat, "You are a harbour guide.").startswith("I said")


def test_review_a_branch_manager_is_no_place() -> None:  # (the quay answers where)
    get = _tool("get_hire", "Get a boat hire by its ref.", {"ref": {"type": "string"}})
    items = [{"role": "user", "content": "My hire ref is K9"},
             {"type": "function_call", "name": "get_hire", "arguments": '{"ref": "K9"}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"boat": "Mirror 10", "branch_manager": "Jo", "quay": "East"}'},
             {"role": "assistant", "content": "Found your hire."}, {"role": "user", "content": "Where do I pick it up?"}]
    assert "Jo" not in _reply(items, tools=[get])


@pytest.mark.parametrize(("said", "fixed"), [("The regatta party is at 7.", "Actually 7:30."),
                                             ("The regatta party is at 7pm.", "Actually 7:30pm.")])
def test_review_a_bare_time_corrects_the_time_said_before(said: str, fixed: str) -> None:
    chat = [{"role": "user", "content": said}, {"role": "assistant", "content": "Noted."}, {"role": "user", "content": fixed},
            {"role": "assistant", "content": "Okay."}, {"role": "user", "content": "What time is the regatta party?"}]
    said = _reply(chat, REMEMBER)
    assert "7:30" in said and "at 7." not in said and "and then" not in said


# --- and of a fifth review and a last whole-round hunt ----------------------------------------------------------------

@pytest.mark.parametrize("asked", ["Can I pick up my child at 5?", "Can I stay with my child in the play room?"])
def test_review_a_rule_on_children_says_nothing_of_what_it_does_not_ban(asked: str) -> None:
    rules = "Jumble Jungle soft play. Children must not bring food containing nuts."
    assert not _reply(asked, rules).startswith("No")


@pytest.mark.parametrize("order", ["We hired 2 kayaks yesterday, extend for 2 days.", "We hired 2 kayaks yesterday, extend by 4 days."])
def test_review_an_order_after_news_may_go_on_with_for_or_by(order: str) -> None:
    assert [name for name, _ in _calls(HIRES, order)] == ["extend_hire"]


@pytest.mark.parametrize("desk", ["Chandlery helper. Repair café bookings: 555-0188.", "Pub helper. Quiz host: 555-0188."])
def test_review_a_service_line_or_a_quiz_host_is_no_one_to_call_for_a_fault(desk: str) -> None:
    assert "555-0188" not in _reply("The boiler is broken, who do I call?", desk)


def test_review_how_do_i_of_generic_items_takes_the_sentence_of_its_verb() -> None:  # (a guard: it held on the reviewed copy)
    assert _reply("How do I renew items?", "Boatyard library. Renew charts online. Return DVDs to the office.") == (
        "Renew charts online.")


@pytest.mark.parametrize("ledger", ["Chandlery prices.\nrope: 3.20\nfenders: 12.50", "Crew phones.\nAnn 0207 111.\nBo 0207 222."])
def test_review_a_lookup_list_in_lower_case_or_without_colons_is_data(ledger: str) -> None:
    assert _reply('{"item": "anchor"}', ledger).startswith("Nothing in my instructions")


@pytest.mark.parametrize("said", ["Noon, upstairs at The Crown.", "Noon! At The Crown."])
def test_review_noon_opening_a_sentence_is_a_time(said: str) -> None:
    chat = _exchange("tell me about it", said, "what time?")
    assert _reply(chat, "You are a harbour guide.") == f"I said: {said}"


def test_review_a_key_of_a_persons_office_is_a_place() -> None:
    get = _tool("get_hire", "Get a boat hire by its ref.", {"ref": {"type": "string"}})
    items = [{"role": "user", "content": "My hire ref is K9"},
             {"type": "function_call", "name": "get_hire", "arguments": '{"ref": "K9"}', "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": '{"boat": "Mirror 10", "agent_office": "East Quay"}'},
             {"role": "assistant", "content": "Found your hire."}, {"role": "user", "content": "Where do I pick it up?"}]
    assert "East Quay" in _reply(items, tools=[get])


@pytest.mark.parametrize("desk", ["Marina info. Reception, for bookings and any problems: 555-0600.",
                                  "Marina info. Café and facilities team: 555-0600."])
def test_review_someone_on_duty_who_also_takes_bookings_is_someone_to_call(desk: str) -> None:  # (the first a guard)
    assert "555-0600" in _reply("My shower is broken, who do I call?", desk)


@pytest.mark.parametrize("news", ["I ordered fenders last week, add to that the delivery was late.",
                                  "We hired kayaks last week, extend for another week was the plan but no."])
def test_review_a_clause_that_goes_on_as_news_orders_nothing(news: str) -> None:  # (the second a guard)
    tools = [*HIRES, _tool("add_item", "Add an item to the order.", {"item": {"type": "string"}})]
    assert _calls(tools, news) == []


@pytest.mark.parametrize("before", ["Is the car park free on Sundays?", "Did Sarah call?"])
def test_review_a_capital_word_is_no_film_to_time(before: str) -> None:
    chat = _exchange(before, "Yes.", "when is that on?")
    assert _calls(FILM_TIMES, chat, "You are the Harbour Picturehouse assistant.") == []


@pytest.mark.parametrize("said", ["The launch is at noon Saturday.", "The race starts at midnight GMT."])
def test_review_noon_before_a_day_or_a_zone_is_a_time(said: str) -> None:
    chat = _exchange("tell me about it", said, "what time?")
    assert _reply(chat, "You are a harbour guide.") == f"I said: {said}"


def test_review_a_task_with_numbers_is_no_lookup_list() -> None:
    task = "Convert the weight to a shipping price.\nCharges are 4 EUR per kg.\nParcels over 30 kg go by freight."
    assert not _reply('{"weight_kg": 3}', task).startswith("Nothing in my instructions")


def test_review_how_do_i_prefers_the_sentence_that_names_the_thing() -> None:
    desk = "Marina help. Store items in the lockers by the office. Bikes go in the rack behind the clubhouse."
    assert _reply("How do I store my bike?", desk) != "Store items in the lockers by the office."


@pytest.mark.parametrize(("message", "drink"), [
    ("I had a mocha yesterday, it was great. Today a medium flat white please.", "flat white"),
    ("Last time I got a latte. Can I have a large americano this time?", "americano"),
])
def test_review_the_drink_asked_for_is_the_one_said_last(message: str, drink: str) -> None:
    drinks = ["latte", "mocha", "americano", "flat white"]
    order = _tool("order_drink", "Order a coffee at the harbour kiosk.", {"drink": {"type": "string", "enum": drinks},
                                                                          "size": {"type": "string", "enum": ["small", "medium", "large"]}})
    assert _calls([order], message, "You take orders at the harbour kiosk.")[0][1]["drink"] == drink
