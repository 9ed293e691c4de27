"""Tools, notes, memory and the API's checks, as outside testers met them this round (in my own words and domains: a
brass band, a seed vault, a skate park):

- a question never calls a tool that enters, changes or schedules ("Who's playing in the second section?" lists, it
  enters no one); the option of a change nothing names is asked for, with the options, never guessed; a value of the
  options' kind that none of them is ("Sunday" of Monday to Friday, "a 15ft ramp" of 6, 8 or 12) is said to be none,
  never sent as an empty list or the first option; "an 8ft ramp" is the 8 of ``height_ft``; a tool's "6, 8 or 12 ft"
  is no labelled scale, so a number nobody gave is asked for;
- "and bay 4 and 5 on the same day?" checks both; "bay 4 or bay 5" too; "what did Ana Silva play in 2023? and Tom
  Reyes in 2021?" gives each ask its own year;
- a correction that names its thing again ("wait no, Ana's dad is 07700 900871") rewrites the sentence that gave it,
  so the new number is the one read back;
- a note's key: value lines take the keys a prompt names in words ("key: value lines with these keys, in order: ..."),
  a key a tool's result names gets that result's value; an identifier keeps its label when said as "my member number,
  it's SV-4471", and a registration its second half ("KX19 ABC");
- a structured observer, surveyor, recorder or spotter is a person ("Hiya, Ruth Amos here" is Ruth Amos; a name signed with
  an email in brackets is that name);
- the real API refuses a schema's or a tool's name with characters outside letters, digits, "_" and "-";
- a table's rows may be listed on the line below its columns; headings asked as exact bare lines stay bare; a
  permission for a thing no line names is not answered by a line sharing its verb; "Anyone with ... may ..." is a fact;
- "How much does Anya's tuba weigh?" (or "what's her dose?") is answered by the sentence giving a weight (a dose),
  not by a later one naming the tuba; a note's line about one person answers no question about another; a measure
  field (``dusk_temp_c``, ``climb_m``) takes no count of things ("2 hedgehogs") nor another field's measure converted;
- "from 4th to 18th August" starts on the 4th; "a 21 degree room" is 21 of ``room_temp_c``; "180cm wide, 220 drop"
  gives the drop 220; a price asked of a thing one line names is that line's ("how much is a new one?" of a lost tag);
- "Can I book machine 1 at 09:00?" books it; "5 boxes of Slate Grey for Ann Cole" reserves for Ann Cole; a "Who /
  What" note names the customer after their role word and what happened; a key: value note no key finds a value for
  keeps its keys; a fault the instructions name whole gets their advice ("A flashing amber light ... means ...", a
  labelled "Cold rehearsal room: ..."), a rise asked "by how much" its percent; an option a booking needs that
  nothing names is asked for with the options.

The ``test_review_*`` tests hold what a review found the batches overreaching on: a day or a size said as context or
refused, a command beside a question, "key-value" as a key, a product's name as the customer's; and of a second: an
outside day listed beside a named one, sizes in the field's own unit, a result's own id and the name the user gave;
and of a third: days offered as a choice or said as where one is away, a size in another unit, a weight or a dose word
in a question asking something else, a weight a result gives; and of a fourth: days said in an aside, weekend days
offered as a choice, a measure's unit spelt out, a dose asked in few words, a weight asked yes or no; and of a
fifth and a whole-round hunt: a day named only in an aside, a free day "off", "odd" before a count, Fahrenheit and
degrees warmer, a dose asked with "should", and "key: value lines for a, b, c"; and of a sixth and a third hunt: a
dose asked politely ("Can you tell me ...?"), "can we" without values or after a wh-question, and a day offered after
an aside ("away Saturday and Sunday, so Tuesday"); and of a seventh: a fault denied or gone, a percentage of
another thing, a request after a lookup ("Tell me about LS-7 and can I book it ...?"), a modal question of a dose;
and of an eighth: a denial of another symptom, a case cut at "at the", a name sharing a prefix ("SoundSure"), a dose
asked of "someone"; and of a ninth: a fault that is someone else's ("... but ours is working fine"), a case of two
words ("Water at the bottom of the urn").
"""

from __future__ import annotations

import json

import pytest

from memlab.items import assistant, call, output, user
from memlab.offline.api import OfflineAPI
from memlab.offline.checks import OfflineAPIError
from memlab.prompts import render_transcript

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _form
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")

_BAND = [_tool("enter_contest", "Enter a player and instrument in the brass band solo contest. Entry £8 per solo.",
               {"player": {"type": "string"}, "instrument": {"type": "string"},
                "section": {"type": "string", "enum": ["junior", "second", "open"]},
                "member_no": {"anyOf": [{"type": "string"}, {"type": "null"}]}}),
         _tool("section_list", "Who is playing in a section of the solo contest.",
               {"section": {"type": "string", "enum": ["junior", "second", "open"]}}),
         _tool("past_marks", "A player's mark in a given year (out of 100).",
               {"player": {"type": "string"}, "year": {"type": "integer"}})]

_VAULT = [_tool("get_membership", "Fetch a seed vault membership by id (SV-nnnn).", {"member_id": {"type": "string"}}),
          _tool("set_collection_days", "Change which weekdays seed parcels are collected.", {
              "member_id": {"type": "string"}, "days": {"type": "array", "items": {"type": "string", "enum": [
                  "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]}}}),
          _tool("change_parcel", "Change the parcel size of a membership.", {
              "member_id": {"type": "string"}, "parcel": {"type": "string", "enum": ["pinch", "packet", "jar"]}})]

_RAMPS = [_tool("quote_ramp", "Quote weekly hire of a skate ramp of 6, 8 or 12 ft for a number of weeks.",
                {"height_ft": {"type": "integer", "enum": [6, 8, 12]}, "weeks": {"type": "integer"}})]

_BAYS = [_tool("check_bay", "Check a skate park practice bay (1-9) on a date (YYYY-MM-DD).",
               {"bay": {"type": "integer"}, "date": {"type": "string"}})]


def test_a_question_never_calls_a_tool_that_enters_someone():
    told = "You take entries for the Moorside solo contest."
    assert [name for name, _ in _calls(_BAND, "who's playing in the second section?", told)] == ["section_list"]
    earlier = _turn("Enter me please, Ana Silva, on cornet in the second section. member no is MB0912", "enter_contest", {
        "player": "Ana Silva", "instrument": "cornet", "section": "second", "member_no": "MB0912"},
        "Entered Ana Silva on cornet in second. Solo number 1.", "Entered Ana Silva on cornet in second.", 1)
    for asked in ("who's playing in the second section?", "how much is it to enter?", "whats the stage length in metres"):
        made = _calls(_BAND, [*earlier, {"role": "user", "content": asked}], told)
        assert "enter_contest" not in [name for name, _ in made], asked


def test_a_question_of_what_one_has_is_a_lookup_not_a_change():
    made = _calls(_VAULT, "hi, my membership is SV-4471, what parcel am I on and how much a month?")
    assert made == [("get_membership", {"member_id": "SV-4471"})]


def test_the_option_of_a_change_nothing_names_is_asked_for_with_the_options():
    assert _calls(_VAULT, "SV-4471: change the parcel size please") == []
    reply = _reply("SV-4471: change the parcel size please", "Use your tools.", tools=_VAULT)
    assert "pinch, packet or jar" in reply and reply.endswith("?")


def test_days_a_tool_lists_choose_that_tool_over_one_whose_name_says_change():
    assert _calls(_VAULT, "my number is SV-4471. please change it to tuesdays and fridays") == [
        ("set_collection_days", {"member_id": "SV-4471", "days": ["Tuesday", "Friday"]})]
    assert _calls(_VAULT, "my number is SV-4471. please change my parcel to a jar") == [
        ("change_parcel", {"member_id": "SV-4471", "parcel": "jar"})]


def test_a_weekday_none_of_the_options_is_said_to_be_none_of_them():
    message = "my number is SV-4471. can you collect on sunday as well?"
    assert _calls(_VAULT, message) == []
    reply = _reply(message, "Use your tools.", tools=_VAULT)
    assert reply.startswith("Sunday is not among the days") and "Monday, Tuesday, Wednesday, Thursday or Friday" in reply


def test_a_size_said_with_its_unit_picks_that_option():
    assert _calls(_RAMPS, "How much for an 8ft ramp for 3 weeks?") == [("quote_ramp", {"height_ft": 8, "weeks": 3})]
    assert _calls(_RAMPS, "a 12ft ramp for 2 weeks please, how much?") == [("quote_ramp", {"height_ft": 12, "weeks": 2})]


def test_a_size_none_of_the_options_is_said_and_not_quoted():
    assert _calls(_RAMPS, "how much is a 15ft ramp for 2 weeks") == []
    assert _reply("how much is a 15ft ramp for 2 weeks", "Use your tools.", tools=_RAMPS) == (
        "15 ft is not among the heights I can choose from: 6, 8 or 12.")


def test_sizes_in_a_tools_description_are_no_labels_so_a_count_nobody_gave_is_asked_for():
    assert _calls(_RAMPS, "hire an 8ft ramp") == []
    assert "weeks" in _reply("hire an 8ft ramp", "Use your tools.", tools=_RAMPS)


def test_a_follow_up_naming_two_values_checks_each():
    earlier = _turn("is bay 3 free on 2025-08-09?", "check_bay", {"bay": 3, "date": "2025-08-09"},
                    "Bay 3 on 2025-08-09: free 18:00-20:00.", "Bay 3 is free 18:00-20:00.", 1)
    made = _calls(_BAYS, [*earlier, {"role": "user", "content": "and bay 4 and 5 on the same day?"}])
    assert made == [("check_bay", {"bay": 4, "date": "2025-08-09"}), ("check_bay", {"bay": 5, "date": "2025-08-09"})]


def test_two_values_with_the_fields_word_again_are_two_calls():
    assert _calls(_BAYS, "is bay 4 or bay 5 free on 2025-08-09?") == [
        ("check_bay", {"bay": 4, "date": "2025-08-09"}), ("check_bay", {"bay": 5, "date": "2025-08-09"})]


def test_a_second_ask_with_its_own_year_is_called_with_that_year():
    for message in ("what mark did Ana Silva get in 2023? and Tom Reyes in 2021?",
                    "what mark did Ana Silva get in 2023 and Tom Reyes in 2021?"):
        assert _calls(_BAND, message) == [("past_marks", {"player": "Ana Silva", "year": 2023}),
                                          ("past_marks", {"player": "Tom Reyes", "year": 2021})]
    assert _calls(_BAND, "what mark did Ana Silva and Tom Reyes get in 2023?") == [
        ("past_marks", {"player": "Ana Silva", "year": 2023}), ("past_marks", {"player": "Tom Reyes", "year": 2023})]


def test_a_correction_naming_its_thing_again_replaces_the_number_it_gave():
    chat = [{"role": "user", "content": "Ana's dad's number is 07700 900817 and Tom's mum is 07700 900555."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "wait no, Ana's dad is 07700 900871, sorry"},
            {"role": "assistant", "content": "Noted."}]
    for asked, number in (("whats Ana's dad's number?", "07700 900871"), ("and Tom's mum's number?", "07700 900555")):
        reply = _reply([*chat, {"role": "user", "content": asked}], "Answer from what the user says.")
        assert number in reply and "900817" not in reply


def test_key_value_lines_take_the_keys_a_prompt_names_and_a_results_own_values():
    items = [user("hello, the germination cabinet keeps tripping. unit is GC-2210, name Petra Holm"),
             call("c1", "lookup_unit", json.dumps({"unit": "GC-2210"})),
             output("c1", json.dumps({"model": "Vernal 4", "service_due": "2025-05-01"})),
             assistant("Thanks Petra. Your Vernal 4 is due a service on 1 May 2025."),
             user("can someone come out?"),
             call("c2", "book_engineer", json.dumps({"unit": "GC-2210", "date": "2025-03-04"})),
             output("c2", json.dumps({"booking": "ENG-5531", "date": "2025-03-04", "engineer": "Raj Patel"})),
             assistant("Booked: ENG-5531, Tuesday 4 March 2025, engineer Raj Patel.")]
    prompt = ("Write the summary as key: value lines with exactly these keys, in order:\n"
              "unit, model, service_due, booking_ref, engineer")
    note = _reply(render_transcript(items), prompt)
    assert [line.partition(":")[0] for line in note.splitlines()] == ["unit", "model", "service_due", "booking_ref", "engineer"]
    assert "model: Vernal 4" in note and "service_due: 2025-05-01" in note and "engineer: Raj Patel" in note


def test_a_number_said_after_it_is_keeps_its_label_and_a_registration_its_second_half():
    items = [user("Also need to remember my member number, it's SV-4471. Petra's is SV-4417."), assistant("Noted."),
             user("My car reg is KX19 ABC for the loading bay."), assistant("Noted.")]
    note = _reply(render_transcript(items), "Summarize the conversation under the heading ## Identifiers.")
    assert "member number SV-4471" in note and "KX19 ABC" in note


def test_an_observer_is_a_person_greeted_or_signed_with_an_email():
    schema = {"type": "object", "properties": {"observer_name": {"type": "string"}, "species": {"type": "string"}},
              "required": ["observer_name", "species"]}
    assert _form(schema, "Hiya, Ruth Amos here (ruth@fen.example). Saw 2 otters on the weir.")["observer_name"] == "Ruth Amos"
    assert _form(schema, "two kingfishers on the weir, no photo sorry. Ines (ines@fen.example)")["observer_name"] == "Ines"


@pytest.mark.parametrize("extra, named", [
    ({"text": {"format": {"type": "json_schema", "name": "seed lot!", "schema": {"type": "object", "properties": {}}}}},
     "text.format.name"),
    ({"tools": [{"type": "function", "name": "check bay", "parameters": {"type": "object", "properties": {}}}]},
     "tools[0].name"),
])
def test_a_name_outside_letters_digits_underscores_and_dashes_is_refused(extra: dict, named: str) -> None:
    with pytest.raises(OfflineAPIError) as refused:
        OfflineAPI().respond({"model": "gpt-4.1-mini", "input": "Log 3 packets of kale seed, json please.", **extra})
    assert refused.value.param == named and "^[a-zA-Z0-9_-]+$" in refused.value.message


_REPAIR = """USER: Hi, I left my euphonium with you last week, ticket EU-3381. The valves stick.
TOOL CALL [c1]: lookup_ticket({"ticket": "EU-3381"})
TOOL RESULT [c1]: {"ticket": "EU-3381", "instrument": "Besson Prestige", "status": "awaiting valve springs", "quote_gbp": 140}
ASSISTANT: Found it: EU-3381, your Besson Prestige, is awaiting valve springs. The quote is £140.
USER: I need it back before 2 May, we have a contest."""


def test_a_table_of_two_columns_takes_its_rows_from_the_line_below():
    note = _reply(_REPAIR, "Produce a two-column markdown table with the columns Field and Value and these rows, in this "
                           "order:\nTicket, Instrument, Status, Quote")
    assert note.splitlines()[0] == "| Field | Value |"
    assert "| Instrument | Besson Prestige |" in note and "| Quote | 140 |" in note and "| Status | awaiting valve springs |" in note


def test_exact_headings_written_as_bare_lines_stay_bare_and_a_situation_is_the_problem():
    note = _reply(_REPAIR, "Use the SBAR handover format with these exact headings:\nSITUATION\nBACKGROUND\nASSESSMENT\n"
                           "RECOMMENDATION")
    lines = note.splitlines()
    assert [line for line in lines if line.isupper()] == ["SITUATION", "BACKGROUND", "ASSESSMENT", "RECOMMENDATION"]
    assert "valves stick" in note.partition("BACKGROUND")[0]


def test_a_permission_for_a_thing_no_line_names_is_not_answered_by_a_line_sharing_the_verb():
    told = ("You book walks at Fenmarsh Reedbeds. Waders are lent in sizes 4 to 11 only; other sizes must bring their own.\n"
            "Dogs are not allowed in the hides.\nAnyone with a pollen allergy may join the walk but must not enter the "
            "flower meadow.")
    assert "Waders" not in _reply("Can I bring my spaniel?", told)
    assert _reply("can someone with a pollen allergy go into the flower meadow?", told).startswith("Anyone with a pollen allergy")


def test_review_an_outside_day_beside_a_named_one_or_refused_is_no_refusal():
    for message in ("SV-4471: I'm away Sunday, so collect on Monday and Thursday instead",
                    "number SV-4471: set collection to Wednesday, not Sunday", "number SV-4471: Tuesdays please, never Sundays"):
        assert [name for name, _ in _calls(_VAULT, message)] == ["set_collection_days"], message


def test_review_a_second_size_said_as_context_is_no_refusal():
    assert _calls(_RAMPS, "my yard is 20 ft wide; quote an 8ft ramp for 2 weeks") == [("quote_ramp", {"height_ft": 8, "weeks": 2})]


def test_review_a_command_beside_a_question_still_acts():
    tools = [_tool("edit_listing", "Edit the price of a stall listing.", {"listing": {"type": "string"}, "price": {"type": "number"}}),
             _tool("listing_views", "How many views a listing has had.", {"listing": {"type": "string"}})]
    assert _calls(tools, "What price should I put on ST-5520? Edit it to 40 for now.") == [
        ("edit_listing", {"listing": "ST-5520", "price": 40})]


def test_review_key_value_lines_named_with_a_dash_and_a_results_product_name_is_no_persons():
    items = [user("hi, the kiln in unit 4 keeps tripping. account KL-3310, name Ife Bello"),
             call("c1", "lookup_account", json.dumps({"account": "KL-3310"})),
             output("c1", json.dumps({"name": "Kilnmaster 9", "kiln_model": "Kilnmaster 9", "last_service": "2024-02-11"})),
             assistant("Thanks Ife. Your Kilnmaster 9 was last serviced on 11 Feb 2024.")]
    note = _reply(render_transcript(items), "Write the summary as key-value lines with exactly these keys, in order:\n"
                                            "name, account, kiln_model, last_service")
    assert [line.partition(":")[0] for line in note.splitlines()] == ["name", "account", "kiln_model", "last_service"]
    assert "Kilnmaster" not in note.splitlines()[0] and "kiln_model: Kilnmaster 9" in note


def test_review_an_outside_day_listed_beside_a_named_one_is_still_refused():
    reply = _reply("number SV-4471: collect on Saturday and Monday please", "Use your tools.", tools=_VAULT)
    assert _calls(_VAULT, "number SV-4471: collect on Saturday and Monday please") == []
    assert reply.startswith("Saturday is not among the days")


def test_review_every_size_in_the_fields_own_unit_outside_the_options_is_refused():
    tubes = [_tool("order_tube", "Order brass tube for instrument repairs: 10, 12 or 16 mm across.",
                   {"diameter_mm": {"type": "integer", "enum": [10, 12, 16]}, "metres": {"type": "integer"}})]
    message = "Order 3 metres of 14 mm tube please"
    assert _calls(tubes, message) == []
    assert _reply(message, "Use your tools.", tools=tubes) == "14 mm is not among the diameters I can choose from: 10, 12 or 16."
    assert _calls(_RAMPS, "a 14 ft ramp for 2 weeks, or a 15 ft one") == []


def test_review_a_results_own_id_and_the_name_the_user_gave_fill_their_keys():
    items = [user("Hi, Ola Berg here, seed vault lookup please, number SV-1102."),
             call("c1", "get_member", json.dumps({"number": "SV-1102"})),
             output("c1", json.dumps({"name": "Ola Berg", "id": "SV-1102", "tier": "gold"})),
             assistant("Ola, you're gold tier.")]
    note = _reply(render_transcript(items), "Write the summary as key: value lines with these keys: name, id, tier")
    assert note.splitlines() == ["name: Ola Berg", "id: SV-1102", "tier: gold"]
    items = [user("A ticket please for my lost seed parcel, order SO-7781."), call("c1", "open_ticket", json.dumps(
        {"order": "SO-7781"})), output("c1", json.dumps({"id": "TK-5502", "status": "open", "name": "Lost parcel claim"})),
             assistant("I've opened ticket TK-5502 for your lost parcel.")]
    note = _reply(render_transcript(items), "Write the summary as key: value lines with these keys: id, order, status")
    assert note.splitlines() == ["id: TK-5502", "order: SO-7781", "status: open"]


_PLAYERS = [{"role": "user", "content": "three new players joined: Ana, Anya and Bo."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Ana plays tenor horn, her case weighs 4kg, she takes 2 tablets of ibuprofen before gigs."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Anya plays tuba, the tuba is 11kg."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Ana's horn is in for service on 03/04/2025 and Anya's tuba is the 11th of April."},
            {"role": "assistant", "content": "Noted."}]


def test_a_weight_or_a_dose_asked_is_answered_by_the_sentence_that_gives_one():
    told = "You keep notes for a brass band's librarian. Answer from what you are told."
    anya = _reply([*_PLAYERS, {"role": "user", "content": "How much does Anya's tuba weigh?"}], told)
    assert "11kg" in anya and "service" not in anya
    assert "2 tablets" in _reply([*_PLAYERS, {"role": "user", "content": "what's Ana's dose?"}], told)


def test_a_note_about_one_person_answers_no_question_about_another():
    note = ("## Players\n- Three joined: Ana, Anya and Bo.\n\n## Current status\n- customer said: Ana is allergic to "
            "latex.\n\n## Next step\n- Bo's dad is collecting her at 9pm.")
    chat = [{"role": "user", "content": "Before we go on, recap"}, {"role": "assistant", "content": note}]
    told = "You keep notes for a brass band's librarian."
    for asked in ("Does Anya have any allergies?", "who collects Anya?"):
        assert _reply([*chat, {"role": "user", "content": asked}], told).startswith("I don't know"), asked
    assert "latex" in _reply([*chat, {"role": "user", "content": "Does Ana have any allergies?"}], told)


def test_a_measure_field_takes_no_count_of_things_nor_another_fields_measure_converted():
    survey = {"type": "object", "properties": {"site": {"type": "string"}, "dusk_temp_c": {"anyOf": [{"type": "number"},
              {"type": "null"}]}}, "required": ["site", "dusk_temp_c"]}
    assert _form(survey, "Skate park bowl at Holt: 2 hedgehogs under the ramp. Temp not taken.")["dusk_temp_c"] is None
    assert _form(survey, "Skate park bowl at Holt: 2 hedgehogs. Temp 9C.")["dusk_temp_c"] == 9
    route = {"type": "object", "properties": {"route_name": {"type": "string"}, "distance_km": {"type": "number"},
             "climb_m": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}, "required": ["route_name", "distance_km", "climb_m"]}
    assert _form(route, "Band march, Moor Lane to the Green. 6 km. Climb unknown.")["climb_m"] is None
    assert _form(route, "Band march, Moor Lane to the Green. 6 km with 120 m of climb.")["climb_m"] == 120
    parcel = {"type": "object", "properties": {"weight_kg": {"type": "number"}, "length_cm": {"anyOf": [{"type": "number"},
              {"type": "null"}]}}, "required": ["weight_kg", "length_cm"]}
    assert _form(parcel, "a 0.8 kg envelope of sheet music, not fragile")["length_cm"] is None
    assert _form(parcel, "a 3 kg mute case, 40 x 30 cm")["length_cm"] == 40


def test_review_a_choice_of_days_or_days_one_is_away_are_no_refusal():
    for message in ("SV-4471: Tuesday or Saturday, whichever is free", "SV-4471: I'm away Sunday and Friday. Collect on Thursday."):
        assert [name for name, _ in _calls(_VAULT, message)] == ["set_collection_days"], message


def test_review_a_size_in_another_unit_is_judged_in_the_fields_own():
    shelves = [_tool("order_shelf", "Order a music shelf 60, 90 or 120 cm long.",
                     {"length_cm": {"type": "integer", "enum": [60, 90, 120]}})]
    assert _calls(shelves, "order a 2 m shelf please") == []
    assert "2 m is not among the lengths" in _reply("order a 2 m shelf please", "Use your tools.", tools=shelves)


def test_review_a_weight_or_dose_word_in_another_question_asks_no_measure():
    told = "Answer from the conversation."
    chat = [{"role": "user", "content": "Notes for Bo please."},
            {"role": "assistant", "content": "Notes so far:\n- Bo's weigh-in for the march is on Friday\n- Bo takes half a "
                                             "tablet of cetirizine\n- The vet says Bo's weight is fine"}]
    for asked, expected in (("When is Bo's weigh-in?", "Friday"), ("What's Bo's dose?", "half a tablet"),
                            ("What did the vet say about Bo's weight?", "fine")):
        assert expected in _reply([*chat, {"role": "user", "content": asked}], told), asked
    tool = _turn("weigh the tuba case", "weigh", {"case": "tuba"}, {"weight_kg": 3.2}, "The tuba case is 3.2 kg.", 1)
    assert "3.2" in _reply([*tool, {"role": "user", "content": "How much did the tuba case weigh?"}], told)


def test_review_days_in_an_aside_are_neither_asked_for_nor_booked():
    lessons = [_tool("book_lesson", "Book a brass lesson on a weekday.", {"pupil": {"type": "string"}, "day": {
        "type": "string", "enum": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]}})]
    assert _calls(lessons, "Ana is away Saturday and Monday. Book her lesson on Wednesday.") == [
        ("book_lesson", {"pupil": "Ana", "day": "Wednesday"})]
    for message in ("Book Ana's lesson for Saturday or Sunday", "Book Ana's lesson for Saturday, she's off school then"):
        assert _calls(lessons, message) == [], message


def test_review_a_measure_spelt_out_is_the_fields_own():
    parcel = {"type": "object", "properties": {"weight_kg": {"type": "number"}, "length_cm": {"anyOf": [{"type": "number"},
              {"type": "null"}]}}, "required": ["weight_kg", "length_cm"]}
    assert _form(parcel, "Music stand parcel 4 kg, 60 centimetres long")["length_cm"] == 60
    survey = {"type": "object", "properties": {"dusk_temp_c": {"anyOf": [{"type": "number"}, {"type": "null"}]}},
              "required": ["dusk_temp_c"]}
    assert _form(survey, "a cold one, 11 Celsius at the bowl")["dusk_temp_c"] == 11


def test_review_a_dose_asked_in_few_words_and_a_weight_asked_yes_or_no():
    chat = [{"role": "user", "content": "Notes for Bo please."},
            {"role": "assistant", "content": "Notes so far:\n- Bo gets 2 drops of ear solution twice a day\n- Bo's dose was "
                                             "raised in May\n- The vet says Bo's weight is fine"}]
    assert "2 drops" in _reply([*chat, {"role": "user", "content": "Bo's dose?"}], "Answer from the conversation.")
    assert "fine" in _reply([*chat, {"role": "user", "content": "Is Bo's weight OK?"}], "Answer from the conversation.")


def test_dates_degrees_sides_and_a_price_asked_of_a_thing_one_line_names():
    hire = [_tool("pause_hire", "Pause an instrument hire between two dates (YYYY-MM-DD).", {"hire_id": {"type": "string"},
            "from_date": {"type": "string"}, "until_date": {"type": "string"}})]
    assert _calls(hire, "hire IH-2207: we're on tour from 4th to 18th August 2025, pause it then") == [
        ("pause_hire", {"hire_id": "IH-2207", "from_date": "2025-08-04", "until_date": "2025-08-18"})]
    valves = [_tool("oil_life", "Estimate months a valve oil lasts at a room temperature.",
                    {"room_temp_c": {"type": "number"}, "bottle_ml": {"type": "integer"}})]
    assert _calls(valves, "how long will a 50ml one last in a 21 degree room?") == [("oil_life", {"room_temp_c": 21, "bottle_ml": 50})]
    banner = [_tool("quote_banner", "Quote a band banner.", {"width_cm": {"type": "integer"}, "drop_cm": {"type": "integer"}})]
    assert _calls(banner, "quote the stage banner: 180cm wide, 220 drop") == [("quote_banner", {"width_cm": 180, "drop_cm": 220})]
    told = ("You run the band room desk. Subs are £24 a term, or £12 for under-16s. Replacement locker keys cost £3.50 and "
            "are posted within 5 working days.")
    assert _reply("my locker key fell off my lanyard, how much is a new one?", told).startswith("Replacement locker keys cost £3.50")


def test_a_request_asked_as_can_i_acts_and_reserves_for_the_one_named():
    stands = [_tool("check_stock", "Look up how many music stands of a model are in stock.", {"model": {"type": "string"}}),
              _tool("reserve_stands", "Reserve music stands of a model for a customer.", {"model": {"type": "string"},
                    "count": {"type": "integer"}, "customer": {"type": "string"}})]
    assert _calls(stands, "Can you reserve 5 stands of Concert Black for Ann Cole?") == [
        ("reserve_stands", {"model": "Concert Black", "count": 5, "customer": "Ann Cole"})]
    rooms = [_tool("book_room", "Book a practice room slot.", {"room": {"type": "string", "enum": ["1", "2", "3"]},
                                                                "time": {"type": "string"}})]
    assert _calls(rooms, "Can I book room 2 at 09:00?") == [("book_room", {"room": "2", "time": "09:00"})]


def test_a_who_and_what_note_and_one_no_key_fills():
    chat = [{"role": "user", "content": "Customer Dana Whitlock hired 12 music stands, pickup by 14 March."},
            {"role": "assistant", "content": "Thanks, noted."}, {"role": "user", "content": "Please summarise this conversation."}]
    note = _reply(chat, "Summarise as key: value lines with keys Who, What, Next step.")
    assert note.splitlines()[0] == "Who: Dana Whitlock" and "12 music stands" in note.splitlines()[1]
    chat = [{"role": "user", "content": "We got 200 reeds from the music shop."}, {"role": "assistant", "content": "Great, where are they?"},
            {"role": "user", "content": "Cupboard B, but it's nearly full."}, {"role": "user", "content": "Please summarise."}]
    note = _reply(chat, "Summarise with key: value lines for items, location, action.")
    assert [line.partition(":")[0] for line in note.splitlines()] == ["items", "location", "action"]


def test_review_an_aside_day_is_no_day_asked_and_a_day_off_is_free():
    lessons = [_tool("book_lesson", "Book a brass lesson on a weekday.", {"pupil": {"type": "string"}, "day": {
        "type": "string", "enum": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]}})]
    assert _calls(lessons, "Ana is away Monday. Book her lesson on Saturday.") == []
    made = _calls(lessons, "I've got Thursday off work. I'm in the office Monday. Book Ana's lesson on my day off.")
    assert [args.get("day") for _, args in made] in ([], ["Thursday"])


def test_review_odd_counts_fahrenheit_and_degrees_warmer_are_no_celsius():
    survey = {"type": "object", "properties": {"temp_c": {"anyOf": [{"type": "number"}, {"type": "null"}]}}, "required": ["temp_c"]}
    assert _form(survey, "30 odd chilli plants on the bandstand")["temp_c"] is None
    assert _form(survey, "about 30 odd degrees on the bandstand")["temp_c"] == 30
    assert _form(survey, "it was 75 degrees Fahrenheit at the bandstand")["temp_c"] != 75
    assert _form(survey, "5 degrees warmer than yesterday, at 26 C")["temp_c"] == 26


def test_a_fault_the_instructions_name_whole_gets_their_advice_and_a_rise_its_percent():
    told = ("You handle band hall faults. A flashing amber light on the alarm panel means the battery is low: call the "
            "caretaker. Cold rehearsal room: turn the boiler dial to 5 and wait an hour. Hire rises by 4.5% in April.")
    assert "turn the boiler dial to 5" in _reply("the rehearsal room is freezing cold again", told).lower()
    assert _reply("the panel by the door has a flashing amber light", told).startswith("A flashing amber light on the alarm panel")
    assert _reply("my hire went up in april by how much??", told) == "Hire rises by 4.5% in April."
    assert _reply("my tuba is dented", told).startswith("Noted")


def test_an_option_a_booking_needs_and_nothing_names_is_asked_for():
    lessons = [_tool("book_lesson", "Book a lesson for a pupil on a date (YYYY-MM-DD).", {"pupil": {"type": "string"},
               "date": {"type": "string"}, "instrument": {"type": "string", "enum": ["cornet", "tenor horn", "euphonium"]}})]
    assert _calls(lessons, "Can I book a trombone lesson for Ana on 2025-07-01?") == []
    assert "cornet, tenor horn or euphonium" in _reply("Can I book a trombone lesson for Ana on 2025-07-01?", "Use your tools.",
                                                       tools=lessons)
    assert _calls(lessons, "Can I book a cornet lesson for Ana on 2025-07-01?") == [
        ("book_lesson", {"pupil": "Ana", "date": "2025-07-01", "instrument": "cornet"})]


def test_review_a_question_asked_as_can_we_without_values_or_after_a_wh_question_acts_not():
    stands = [_tool("order_stands", "Order music stands for a customer.", {"customer": {"type": "string"}, "count": {"type": "integer"}}),
              _tool("stand_info", "Describe a music stand model.", {"model": {"type": "string"}})]
    for message in ("Can we order stands on a Sunday?", "What's the Concert Black stand like and can I order 2 for Elm Square?"):
        assert "order_stands" not in [name for name, _ in _calls(stands, message)], message
    dose = [{"role": "user", "content": "Meds for Grandad Ted."},
            {"role": "assistant", "content": "Notes so far:\n- Ted takes 5 mg of amlodipine each morning\n- Ted's dose was "
                                             "reviewed in June"}]
    assert "5 mg" in _reply([*dose, {"role": "user", "content": "Can you tell me Ted's dose?"}], "Answer from the conversation.")


def test_review_a_day_offered_after_an_aside_is_booked():
    lessons = [_tool("book_lesson", "Book a brass lesson on a weekday.", {"pupil": {"type": "string"}, "day": {
        "type": "string", "enum": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]}})]
    assert _calls(lessons, "We are away Saturday and Sunday, so Tuesday for Nora's lesson") == [
        ("book_lesson", {"pupil": "Nora", "day": "Tuesday"})]


def test_review_no_advice_for_a_fault_denied_or_gone_nor_a_percentage_of_another_thing():
    told = ("You handle band hall faults. A flashing amber light on the alarm panel means the battery is low: call the "
            "caretaker. Cold rehearsal room: turn the boiler dial to 5 and wait an hour. Members save up to 20% on hire.")
    for message in ("There's no flashing amber light, it's green", "the flashing amber light is gone now, all fixed"):
        assert "caretaker" not in _reply(message, told), message
    assert "20%" not in _reply("how much did the boiler pressure drop?", told)


def _asked_of_notes(who: str, lines: list[str], question: str) -> str:
    """The reply to ``question`` after a note of ``lines`` about ``who``'s medicines."""
    notes = "Notes so far:\n" + "\n".join(f"- {line}" for line in lines)
    return _reply([{"role": "user", "content": f"Meds for Grandad {who}."}, {"role": "assistant", "content": notes},
                   {"role": "user", "content": question}], "Answer from the conversation.")


def test_review_a_request_after_a_lookup_books_and_a_modal_question_of_a_dose_is_no_measure():
    classes = [_tool("book_lesson", "Book a brass lesson place", {"pupil": {"type": "string"}, "lesson_id": {"type": "string"}}),
               _tool("change_booking", "Change a lesson booking to another lesson", {"booking_ref": {"type": "string"},
                                                                                   "lesson_id": {"type": "string"}}),
               _tool("lesson_info", "Get details of a lesson", {"lesson_id": {"type": "string"}})]
    assert _calls(classes, "Tell me about LS-7 and can I book it for Ana Ruiz?") == [
        ("book_lesson", {"pupil": "Ana Ruiz", "lesson_id": "LS-7"})]
    assert "check-up" in _asked_of_notes("Ted", ["Ted takes 5 ml of syrup three times a day", "The GP says Ted's dose will "
                                               "change after his check-up on Friday"], "Will Ted's dose change?")


def test_review_a_denial_of_another_thing_keeps_the_advice_and_a_name_sharing_a_prefix_gives_no_percentage():
    told = ("You handle band hall faults. A humming noise in the amplifier means a loose earth lead: switch it off at the "
            "wall. A red reading at the top of the meter means the battery is low. Band members on the SoundSure plan save "
            "up to 20%.")
    assert _reply("humming noise in the amplifier, and the lights are not working", told).startswith("A humming noise")
    assert _reply("there's a red reading on the meter", told).startswith("A red reading")
    assert "20%" not in _reply("how much did the sound level drop?", told)
    assert "5 mg" in _asked_of_notes("Ray", ["Ray takes 5 mg of ramipril each morning", "The nurse says Ray's dose is fine "
                                           "for now"], "Can someone remind me of Ray's dose?")


def test_review_a_fault_of_someone_elses_and_a_two_word_case():
    told = ("You handle band hall faults. Slow Wi-Fi: move the router off the floor. Water at the bottom of the urn "
            "means the seal has gone: empty it and call the caretaker. Off-peak room hire went up 5% in May.")
    assert "router" not in _reply("The church's wifi is slow but ours is working fine.", told)
    assert _reply("There's water at the bottom of the urn.", told).startswith("Water at the bottom of the urn means")
    assert "5%" in _reply("How much did off-peak room hire go up?", told)
