"""Function tools followed over a conversation, as outside testers met them this round (in my own words and domains):

- an id said now wins over one of its shape said in an earlier turn ("actually cancel R-2002" after asking about
  R-1001), and "unlock it" acts on the tram asked about before, not on the first digits of a phone number;
- an option listed as an example is written as the description writes it ("(e.g. ABD, INV)": "INV"), a unit too ("C",
  "F"); a priority takes the options its tool lists ("normal or urgent"), not "high";
- "and from 3.10 back down to 2.80?" gives both numbers of the call before anew;
- "check T-210 and T-104" after a booking looks both up and books nothing; "and when does it leave?" asks the tool
  already asked, whose description gives that, not another by a word of its name;
- of two tools given every value, the one the message names best is called ("how many left on shelf A3 of RK-20?"),
  and a shelf is not read with the rack's id before it; "How many crickets did GK-2201 eat ...?" asks the lookup,
  whatever verb comes after "did";
- a field takes the example another tool's description gives it ("gecko tag like GK-2201"): "log 2 ml of Calcivet
  for her" logs for the gecko asked about; "2.5 ml calcium" is calcium, not the measure;
- "book lane 3 at 19:00 ... no wait, make it lane 5 at 18:30" books what the correction says; "book" names the tool it
  is the verb of even when another tool's name holds "booking"; "cancel that booking" cancels the one a result gave;
- "Are there showers on court 2?" is not answered by a record that says nothing of showers;
- a conversation whose item after a reasoning item was deleted still takes new items.

The ``test_review_*`` tests hold what a review of these rules found them overreaching on: "not urgent", a tag of
another shape, "Is there ...?" of a tool not asked before, a number after the tool's own verb, a "did" question.
"""

from __future__ import annotations

import openai
import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")

STRING, INTEGER, NUMBER = {"type": "string"}, {"type": "integer"}, {"type": "number"}


# --- ids and numbers said now, and before --------------------------------------------------------------------------

REPAIRS = [_tool("repair_status", "Status of a bicycle repair by its number like R-1001.", {"repair": STRING}),
           _tool("cancel_repair", "Cancel a bicycle repair, with a reason.", {"repair": STRING, "reason": STRING})]


def test_an_id_said_now_wins_over_one_of_its_shape_said_before() -> None:
    earlier = _turn("repair R-1001 status please", "repair_status", {"repair": "R-1001"}, "Waiting for parts.",
                    "Waiting for parts.", 1)
    calls = _calls(REPAIRS, [*earlier, {"role": "user", "content": "actually cancel R-2002, I fixed it myself"}])
    assert [(name, args["repair"]) for name, args in calls] == [("cancel_repair", "R-2002")]


TRAMS = [_tool("tram_charge", "Charge level of a depot tram by its 6-digit number.", {"tram_id": STRING}),
         _tool("unlock", "Unlock a depot tram for a driver identified by phone number.",
               {"tram_id": STRING, "driver_phone": STRING})]


def test_unlock_it_acts_on_the_tram_asked_about_not_on_a_phone_numbers_first_digits() -> None:
    earlier = _turn("charge of tram 730412?", "tram_charge", {"tram_id": "730412"}, "Charge 76%", "Charge 76%.", 1)
    calls = _calls(TRAMS, [*earlier, {"role": "user", "content": "ok unlock it, my number is 07811 445566"}])
    assert calls == [("unlock", {"tram_id": "730412", "driver_phone": "07811 445566"})]


def test_a_code_listed_as_an_example_is_written_as_the_description_writes_it() -> None:
    times = _tool("ferry_times", "Sailing times for a pier code (e.g. ABD, INV) on a date (YYYY-MM-DD).",
                  {"pier_code": STRING, "date": STRING})
    assert _calls([times], "ferry times from INV on 2025-05-02?") == [("ferry_times", {"pier_code": "INV", "date": "2025-05-02"})]
    assert _calls([times], "ferry times from inv on 2025-05-02?")[0][1]["pier_code"] == "INV"
    coded = _tool("ferry_times", "Sailing times from a pier by its code (e.g. ABD, INV) on a date (YYYY-MM-DD).",
                  {"pier_code": STRING, "date": STRING})
    assert _calls([coded], "ferry times from ABD on 2025-05-02?")[0][1]["pier_code"] == "ABD"


def test_a_unit_written_in_capitals_keeps_them() -> None:
    convert = _tool("convert", "Convert a reading between units: C, F, K.", {"value": NUMBER, "from_unit": STRING,
                                                                            "to_unit": STRING})
    assert _calls([convert], "what is 30 C in F?") == [("convert", {"value": 30, "from_unit": "C", "to_unit": "F"})]


def test_a_priority_takes_the_options_its_tool_lists() -> None:
    restock = _tool("schedule_feed_run", "Schedule a feed delivery to a paddock on a date (YYYY-MM-DD); priority normal "
                    "or urgent.", {"paddock": STRING, "date": STRING, "priority": {"type": "string", "default": "normal"}},
                    ["paddock", "date"])
    assert _calls([restock], "Book a feed run to paddock P7 for 2025-10-02, urgent please")[0][1]["priority"] == "urgent"
    assert _calls([restock], "Book a feed run to paddock P7 for 2025-10-02")[0][1]["priority"] == "normal"


def test_both_numbers_of_a_follow_up_are_given_anew() -> None:
    change = _tool("fare_change", "Percentage change of a fare from an old value to a new one.", {"old": NUMBER,
                                                                                                  "new": NUMBER})
    earlier = _turn("fare went from 2.80 to 3.10, what's the change?", "fare_change", {"old": 2.8, "new": 3.1}, "10.71",
                    "fare_change returned: 10.71.", 1)
    calls = _calls([change], [*earlier, {"role": "user", "content": "and from 3.10 back down to 2.80?"}])
    assert calls == [("fare_change", {"old": 3.1, "new": 2.8})]


# --- which tool ---------------------------------------------------------------------------------------------------

DEPOT = [_tool("tour_slot", "Look up a tram depot tour slot by its id (like T-104): places left, start time, price.",
               {"slot_id": STRING}),
         _tool("book_tour", "Book places on a tram depot tour slot for a number of people under a lead name.",
               {"slot_id": STRING, "people": INTEGER, "lead_name": STRING})]


def test_check_after_a_booking_looks_each_slot_up_and_books_nothing() -> None:
    earlier = _turn("book T-104 for 2 people, name's Idris Pryce", "book_tour", {"slot_id": "T-104", "people": 2,
                                                                                 "lead_name": "Idris Pryce"},
                    "Booked 2 places on T-104 for Idris Pryce. Ref DT-62.", "Booked 2 places on T-104. Ref DT-62.", 1)
    calls = _calls(DEPOT, [*earlier, {"role": "user", "content": "check T-210 and T-104 for me"}])
    assert calls == [("tour_slot", {"slot_id": "T-210"}), ("tour_slot", {"slot_id": "T-104"})]


def test_when_does_it_start_asks_the_tool_whose_description_gives_it_not_another_by_a_word_of_its_name() -> None:
    # (a guard: this shape held before; a harbour office's "port code" tool was also called for "what time")
    tides = _tool("tide_times", "Get high and low tide times for a pier code (e.g. ABD, INV) on a date (YYYY-MM-DD).",
                  {"pier_code": STRING, "date": STRING})
    earlier = _turn("tides at INV on 2025-06-14?", "tide_times", {"pier_code": "INV", "date": "2025-06-14"},
                    "High 05:12, Low 11:30", "High 05:12, Low 11:30.", 1)
    calls = _calls([tides, *DEPOT], [*earlier, {"role": "user", "content": "Is tour slot T-104 still got places? and what "
                                                "time does it start"}])
    assert [name for name, _ in calls] == ["tour_slot"]


SHELVES = [_tool("jar_count", "How many jars are left on one shelf (like A3) of a pantry rack (like RK-20).",
                 {"rack_id": STRING, "shelf": STRING}),
           _tool("rack_temperature", "The temperature of a pantry rack.", {"rack_id": STRING})]


def test_the_tool_the_message_names_best_is_called_and_the_shelf_is_not_read_with_the_racks_id() -> None:
    assert _calls(SHELVES, "how many left on shelf A3 of RK-20?") == [("jar_count", {"rack_id": "RK-20", "shelf": "A3"})]
    assert _calls(SHELVES, "How many jars are left in RK-20 A3?") == [("jar_count", {"rack_id": "RK-20", "shelf": "A3"})]


GECKOS = [_tool("cricket_count", "Crickets eaten by one gecko (gecko tag like GK-2201) on a date (YYYY-MM-DD).",
                {"tag": STRING, "date": STRING}),
          _tool("log_supplement", "Log a supplement given to a gecko: supplement name, dose in ml, date (YYYY-MM-DD).",
                {"tag": STRING, "supplement": STRING, "dose_ml": NUMBER, "date": STRING}),
          _tool("shed_due", "Expected shedding date of a gecko.", {"tag": STRING})]


def test_a_question_of_what_something_did_asks_the_lookup() -> None:
    assert _calls(GECKOS, "How many crickets did GK-2201 eat on 2025-03-04?") == [
        ("cricket_count", {"tag": "GK-2201", "date": "2025-03-04"})]


def test_a_field_takes_the_example_another_tools_description_gives_it() -> None:
    earlier = _turn("crickets for GK-2201 on 2025-03-04?", "cricket_count", {"tag": "GK-2201", "date": "2025-03-04"},
                    {"tag": "GK-2201", "crickets": 9}, "9 crickets.", 1)
    calls = _calls(GECKOS, [*earlier, {"role": "user", "content": "log 2 ml of Calcivet for her, today 5 Mar 2025"}])
    assert calls == [("log_supplement", {"tag": "GK-2201", "supplement": "Calcivet", "dose_ml": 2, "date": "2025-03-05"})]


def test_a_dose_with_a_decimal_point_is_no_part_of_what_was_given() -> None:
    calls = _calls(GECKOS, "log 2.5 ml calcium for GK-2290 on 2025-03-07")
    assert calls == [("log_supplement", {"tag": "GK-2290", "supplement": "calcium", "dose_ml": 2.5, "date": "2025-03-07"})]


COURTS = [_tool("free_courts", "Free badminton court slots on a date (YYYY-MM-DD).", {"date": STRING}),
          _tool("book_court", "Book a badminton court at a time on a date for a list of players (name, whether a "
                "member). Guests pay £4.", {"date": STRING, "time": STRING, "court": INTEGER, "players": {
                    "type": "array", "items": {"type": "object", "properties": {"name": STRING, "member": {
                        "type": "boolean"}}, "required": ["name", "member"]}}}),
          _tool("cancel_booking", "Cancel a court booking by its reference like BC-41800.", {"booking": STRING})]
SLOTS = _turn("what's free on 2025-09-20?", "free_courts", {"date": "2025-09-20"},
              "[{'court': 3, 'time': '18:00'}, {'court': 5, 'time': '19:30'}]",
              "I found 2 free courts: court 3, time 18:00; court 5, time 19:30.", 1)


def test_a_message_that_corrects_itself_is_done_as_corrected() -> None:
    message = "book court 3 at 18:00 on 2025-09-20 for Noor Haddad (member). no wait, make it court 5 at 19:30"
    calls = _calls(COURTS, message)
    assert calls == [("book_court", {"date": "2025-09-20", "time": "19:30", "court": 5, "players": [
        {"name": "Noor Haddad", "member": True}]})]


def test_book_names_the_tool_it_is_the_verb_of_when_another_tools_name_holds_booking() -> None:
    message = "book the first one for me (Noor Haddad, member) and my friend Ezra Cole who isnt a member"
    calls = _calls(COURTS, [*SLOTS, {"role": "user", "content": message}])
    assert calls == [("book_court", {"date": "2025-09-20", "time": "18:00", "court": 3, "players": [
        {"name": "Noor Haddad", "member": True}, {"name": "Ezra Cole", "member": False}]})]


def test_cancel_that_booking_cancels_the_one_a_result_gave() -> None:
    booked = _turn("book court 3 at 18:00 on 2025-09-20 for Noor Haddad (member)", "book_court", {
        "date": "2025-09-20", "time": "18:00", "court": 3, "players": [{"name": "Noor Haddad", "member": True}]},
        {"booking": "BC-31800", "court": 3, "fee_gbp": 0}, "Booked: BC-31800.", 2)
    calls = _calls(COURTS, [*SLOTS, *booked, {"role": "user", "content": "actually cancel that booking"}])
    assert calls == [("cancel_booking", {"booking": "BC-31800"})]


def test_a_record_that_says_nothing_of_the_thing_asked_is_no_answer() -> None:
    reply = _reply([*SLOTS, {"role": "user", "content": "Are there showers on court 3?"}], "Book badminton courts.",
                   tools=COURTS)
    assert "court: 3" not in reply and "showers" not in reply.lower().split("i don't know")[0]


# --- the API ------------------------------------------------------------------------------------------------------

async def test_a_conversation_whose_item_after_a_reasoning_item_was_deleted_takes_new_items(client) -> None:
    conversation = await client.conversations.create()
    await client.responses.create(model="o4-mini", conversation=conversation.id, input="The kiln is booked for Friday.")
    items = [item async for item in client.conversations.items.list(conversation.id, order="asc")]
    assert [item.type for item in items] == ["message", "reasoning", "message"]
    await client.conversations.items.delete(items[-1].id, conversation_id=conversation.id)
    added = await client.conversations.items.create(conversation.id, items=[{"role": "user", "content": "thanks"}])
    assert [item.role for item in added.data] == ["user"]
    reasoning = items[1].model_dump(exclude_none=True)
    with pytest.raises(openai.BadRequestError, match="without its required following item"):  # sent as input, as before
        await client.responses.create(model="o4-mini", input=[{"role": "user", "content": "Hi"}, reasoning,
                                                              {"role": "user", "content": "when is the kiln?"}])


# --- what a review of the rules above found them overreaching on --------------------------------------------------

def test_review_not_urgent_keeps_the_default_priority() -> None:
    report = _tool("report_fault", "Report a fault in a flat; priority normal or urgent.", {
        "flat": STRING, "issue": STRING, "priority": {"type": "string", "default": "normal"}}, ["flat", "issue"])
    assert _calls([report], "flat 4C: the bathroom fan rattles, not urgent")[0][1]["priority"] == "normal"


def test_review_a_tag_of_another_shape_than_another_tools_example_is_still_read() -> None:
    calls = _calls(GECKOS, "log 1.5 ml calcium for LZ-88 on 2025-03-08")
    assert calls and calls[0][1]["tag"] == "LZ-88"
    assert _calls(GECKOS, "how many crickets did gk-2201 eat on 2025-03-04?") == [
        ("cricket_count", {"tag": "gk-2201", "date": "2025-03-04"})]


def test_review_is_there_still_calls_a_tool_not_asked_before() -> None:
    harbour = _tool("harbour_info", "Facilities at a harbour", {"harbour": STRING})
    assert _calls([harbour], "is there parking at the harbour in Oban?") == [("harbour_info", {"harbour": "Oban"})]
    order = _tool("order_status", "Status of an order by its number", {"order_number": STRING})
    assert "order number" in _reply("Is there a hold-up with my order?", "Use your tools.", tools=[order])


def test_review_is_there_somewhere_to_is_asked_of_what_follows() -> None:
    info = _tool("harbour_info", "Facilities at a harbour", {"harbour": STRING})
    earlier = _turn("what's at Oban harbour?", "harbour_info", {"harbour": "Oban"}, {"facilities": ["tea hut", "showers"]},
                    "The facilities are tea hut and showers.", 1)
    assert "tea hut" in _reply([*earlier, {"role": "user", "content": "So is there somewhere to get tea?"}], "Use your tools.",
                               tools=[info])


def test_review_a_number_after_the_tools_own_verb_is_the_id() -> None:
    tools = [_tool("scooter_info", "Battery and location of a scooter by its id", {"scooter_id": STRING}),
             _tool("unlock_scooter", "Unlock a scooter for a rider", {"scooter_id": STRING, "phone": STRING})]
    earlier = _turn("how much battery does scooter 5512 have?", "scooter_info", {"scooter_id": "5512"}, {"battery": 64},
                    "64%.", 1)
    calls = _calls(tools, [*earlier, {"role": "user", "content": "unlock 7031 instead, my number is 07700 900456"}])
    assert calls == [("unlock_scooter", {"scooter_id": "7031", "phone": "07700 900456"})]


def test_review_a_did_question_calls_no_tool_with_its_verb_as_a_value() -> None:
    tools = [_tool("bed_watering", "Water a glasshouse bed: 'sunny', 'middle' or 'cool'", {"zone": STRING, "litres": NUMBER}),
             _tool("zone_temperature", "Temperature in a greenhouse zone", {"zone": STRING})]
    assert not any(args.get("zone") == "watered" for _, args in _calls(tools, "did the cool zone get watered?"))


def test_review_a_record_of_a_listed_result_is_picked_by_its_time_or_its_price() -> None:
    tools = [_tool("find_ferries", "Ferry sailings between two piers on a date.", {"origin": STRING, "destination": STRING}),
             _tool("book_sailing", "Reserve a seat on a specific sailing.", {"sailing_id": STRING})]
    earlier = _turn("Ferries from Oban to Mull?", "find_ferries", {"origin": "Oban", "destination": "Mull"}, {
        "sailings": [{"id": "OM-1", "departs": "08:15", "price": "£12.40"}, {"id": "OM-2", "departs": "09:45",
                                                                            "price": "£9.80"}]},
        "OM-1 departs 08:15 (£12.40) and OM-2 departs 09:45 (£9.80).", 1)
    for message in ("Book the 9:45 one please", "Book the cheaper one", "book the second one"):
        assert _calls(tools, [*earlier, {"role": "user", "content": message}]) == [("book_sailing", {"sailing_id": "OM-2"})]


def test_review_a_reason_for_an_absence_fills_no_other_tools_slot() -> None:
    tools = [_tool("report_absence", "Report a pupil's absence.", {"pupil_name": STRING, "date": STRING, "reason": STRING}),
             _tool("book_parents_evening", "Book a parents' evening slot with a teacher.", {"teacher": STRING, "slot": STRING})]
    calls = _calls(tools, "Zara Ali will be off on 14/05/2025 for a hospital appointment")
    assert ("book_parents_evening", {"teacher": "Zara Ali", "slot": "hospital appointment"}) not in calls


def test_review_the_earliest_is_by_its_time_and_its_date_not_a_duration() -> None:
    tools = [_tool("book_sailing", "Reserve a seat on a specific sailing.", {"sailing_id": STRING})]
    listed = {"sailings": [{"id": "S-1", "date": "2025-06-14", "departs": "08:00", "duration": "1:30"},
                           {"id": "S-2", "date": "2025-06-12", "departs": "20:00", "duration": "0:45"}]}
    earlier = _turn("What sailings are there?", "find_ferries", {}, listed, "S-1 and S-2.", 1)
    tools = [_tool("find_ferries", "Ferry sailings.", {}), *tools]
    assert _calls(tools, [*earlier, {"role": "user", "content": "Book the earliest one"}]) == [
        ("book_sailing", {"sailing_id": "S-2"})]
    assert _calls(tools, [*earlier, {"role": "user", "content": "Book the latest one"}]) == [
        ("book_sailing", {"sailing_id": "S-1"})]
