"""Plain prompts, tools and schemas, as outside testers met them this round (in my own words and domains):

- a question asked of a text sent with it is answered from the text: the reference an email gives, who signed a
  note, how many items a list holds, how many times a quoted word appears, whether the text mentions a thing (yes or
  no), whether a quoted word is in a list;
- two fields of one unit list (``from_unit``, ``to_unit``) take the unit converted and the unit it goes to ("3 litres
  to ml", "how many ounces is 200 g?"), not the first twice;
- several values listed for one field make one call each ("at Alderley, Brockwood and Cray on 14 June", "lockers 4
  and 19"), the value they share kept; numbers that are no list ("for 2 nights, there are 3 of us") make one call;
- a desk is chosen by what its description lists, past "a claim for damage:" ("Our cellar flooded": claims), by a
  related word ("snapped" of "broken", "dripping" of "leaks"), and a place alone ("in Mill Gardens") chooses none;
- a field named ``animal_id`` is an id, not a species: "what's the status of FX-2044?" looks it up;
- the names listed after a colon fill a list ("map a walk: Kelso Bridge, Abbey Road, the Old Mill, leaving 09:15"),
  and a place said with "at" is no item of another list ("found at Mossy Lane, has a torn ear and mites");
- structured output: "60 x 40 x 25 cm" fills a nested object's length, width and height in turn ("50x50x50" too);
  ``years_experience`` is a count of years, not the year a start date gives; a list of skills holds neither the
  applicant's name nor their email; ``floor_area_sqm`` takes "54 m²" (no floor level); "sorry, no pets" is
  ``pets_allowed: false``; "to let" is rent; "Budget £500" is no client's name; "pain 6/10" is 6; "both knees" is
  ``both``; a ``body_part`` is the part named ("Right elbow, ...": elbow); "me and my 2 mates" are 3; a label said not to
  be ("not a complaint") is not chosen and "a reschedule" names scheduling; a letter is from its signer, not whom it
  greets ("Dear Glassworks, ... - Wanjiru Odhiambo"); "ring me rather than emailing" chooses phone; a ``damage``
  field takes the damage told.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _parsed
from ..helpers import offline_reply as _reply
from ..helpers import offline_response as _respond

pytestmark = pytest.mark.usefixtures("api")




STRING, INTEGER, NUMBER = {"type": "string"}, {"type": "integer"}, {"type": "number"}


# --- a question asked of a text sent with it ---------------------------------------------------------------------

def test_the_reference_an_email_gives_is_the_answer() -> None:
    assert _reply("What's the booking reference in this email?\n\nHi there, our van hire for the 3rd (booking "
                  "KX-20931) needs moving to the 4th if you can. Thanks, Mo") == "The booking reference is KX-20931."


def test_who_signed_a_note_is_the_name_after_its_sign_off() -> None:
    assert _reply("Who signed this note?\n\nThe gate code changes on Friday, please tell the allotment holders. "
                  "Best wishes, Orla Hennessy") == "Orla Hennessy signed it."


def test_how_many_items_a_list_holds_is_counted() -> None:
    assert _reply("How many items are in this list?\n- trowel\n- gloves\n- twine\n- seed trays") == "The list has 4 items."


def test_how_many_times_a_quoted_word_appears_is_counted_in_any_case() -> None:
    assert _reply("How many times does the word 'glaze' appear in the text below?\n\nGlaze the rim first. Let the "
                  "glaze dry overnight, then glaze the foot.") == "'glaze' appears 3 times."


def test_whether_a_text_mentions_a_thing_is_a_yes_or_a_no() -> None:
    assert _reply("Does the text below mention a deposit? Answer yes or no.\n\nThe van arrives at nine and the crew "
                  "leaves by noon.").startswith("No")
    assert _reply("Does the text below mention a deposit? Answer yes or no.\n\nThe van arrives at nine; the deposit "
                  "is paid on the day.").startswith("Yes")


def test_whether_a_quoted_word_is_in_a_list_is_a_yes() -> None:
    assert _reply("Is 'Ilford' in this list? yes or no\n- Kodak Gold\n- Ilford FP4\n- Fuji Superia").startswith("Yes")


# --- tools ----------------------------------------------------------------------------------------------------------

UNITS = ["g", "kg", "oz", "lb", "ml", "l"]
CONVERT = _tool("convert_measure", "Convert a quantity between two units.", {
    "quantity": NUMBER, "from_unit": {"type": "string", "enum": UNITS}, "to_unit": {"type": "string", "enum": UNITS}})


@pytest.mark.parametrize(("message", "units"), [
    ("convert 3 l to ml please", ("l", "ml")),
    ("how many ounces is 200 g?", ("g", "oz")),
    ("what's 4 lb in kilos", ("lb", "kg")),
])
def test_two_fields_of_one_unit_list_take_the_unit_converted_and_its_target(message: str, units: tuple) -> None:
    [(_, arguments)] = _calls([CONVERT], message)
    assert (arguments["from_unit"], arguments["to_unit"]) == units


PITCH = _tool("pitch_free", "Whether a campsite pitch area has space on a night (YYYY-MM-DD).", {"site": STRING, "night": STRING})
LOCKER = _tool("locker_status", "Whether a gym locker (numbered 1-40) is free.", {"locker_no": INTEGER})
INN = _tool("book_inn", "Book an inn for a number of nights and guests.", {"inn": STRING, "nights": INTEGER, "guests": INTEGER})


def test_several_values_listed_for_one_field_make_one_call_each() -> None:
    calls = _calls([PITCH], "Any space at Alderley, Brockwood and Cray on 2025-06-14?")
    assert [arguments["site"] for _, arguments in calls] == ["Alderley", "Brockwood", "Cray"]
    assert {arguments["night"] for _, arguments in calls} == {"2025-06-14"}
    assert [arguments for _, arguments in _calls([LOCKER], "are lockers 4 and 19 free?")] == [{"locker_no": 4}, {"locker_no": 19}]


def test_numbers_that_are_no_list_make_one_call() -> None:  # (a guard: one call before this round's rule too)
    assert len(_calls([INN], "I'd like to book the Harbour Inn for 2 nights, there are 3 of us")) == 1


ANIMALS = [_tool("get_animal", "Fetch one animal's record by its id (e.g. FX-1102).", {"animal_id": STRING}),
           _tool("list_animals", "List the animals in care.", {}, [])]


def test_an_animal_id_is_an_id_not_a_species() -> None:
    assert _calls(ANIMALS, "what's the status of FX-2044?") == [("get_animal", {"animal_id": "FX-2044"})]


def test_names_listed_after_a_colon_fill_a_list() -> None:
    walk = _tool("map_walk", "Map a guided walk through the given waypoints in order, starting at a time (HH:MM).", {
        "waypoints": {"type": "array", "items": STRING}, "start_time": STRING})
    [(_, arguments)] = _calls([walk], "map a walk: Kelso Bridge, Abbey Road, the Old Mill, leaving 09:15")
    assert arguments["waypoints"] == ["Kelso Bridge", "Abbey Road", "Old Mill"]


def test_a_place_said_with_at_is_no_item_of_another_list() -> None:
    admit = _tool("admit_animal", "Admit an animal. injuries is a list of short injury descriptions.", {
        "species": STRING, "weight_kg": NUMBER, "found_at": STRING, "injuries": {"type": "array", "items": STRING}})
    [(_, arguments)] = _calls([admit], "Brought in a badger, 9kg, found at Mossy Lane, has a torn ear and mites.")
    assert arguments["found_at"] == "Mossy Lane"
    assert "Mossy Lane" not in arguments["injuries"] and "torn ear" in arguments["injuries"]


def _desk(name: str, description: str) -> dict:
    """A handoff as the Agents SDK sends it: ``transfer_to_<name>`` described by the agent's handoff_description."""
    return _tool(f"transfer_to_{name.lower().replace(' ', '_')}", f"Handoff to the {name} agent to handle the request. "
                 f"{description}", {}, [])


TOWN_DESKS = [_desk("Claims", "Opening a claim for damage: flooded cellars, storm damage, fire, break-ins."),
              _desk("Bookings", "Permits for fairs and barbecues with crowds, marquees, music, stalls."),
              _desk("Play areas", "Broken climbing frames, slides, damaged play equipment."),
              _desk("Lost property", "Items lost or found in the gardens."),
              _desk("Caretaker", "Plumbing leaks, heating, electrics in the pavilion.")]


@pytest.mark.parametrize(("message", "desk"), [
    ("Our cellar flooded on Sunday and the boiler is under water, what's the excess?", "transfer_to_claims"),
    ("we want a barbecue for about 60 people in July, do we need anything?", "transfer_to_bookings"),
    ("the climbing frame at Mill Gardens has a snapped rope!!", "transfer_to_play_areas"),
    ("the tap in the pavilion kitchen has been dripping all day", "transfer_to_caretaker"),
    ("I think I left my son's scarf at the bandstand in Mill Gardens", "transfer_to_lost_property"),
])
def test_a_desk_is_chosen_by_what_its_description_lists(message: str, desk: str) -> None:
    assert [name for name, _ in _calls(TOWN_DESKS, message, "You are the town switchboard. Send callers to the right desk.")] == [desk]


def test_a_place_alone_chooses_no_desk() -> None:
    assert _calls(TOWN_DESKS, "Can I fly a kite in Mill Gardens?", "You are the town switchboard. Send callers to the right desk.") == []


# --- structured output ----------------------------------------------------------------------------------------------

SIDES = {"type": "object", "properties": {"length_cm": NUMBER, "width_cm": NUMBER, "height_cm": NUMBER},
         "required": ["length_cm", "width_cm", "height_cm"]}
CRATE = {"type": "object", "properties": {"weight_kg": NUMBER, "size": SIDES}, "required": ["weight_kg", "size"]}


@pytest.mark.parametrize(("message", "sides"), [
    ("Crate is 60 x 40 x 25 cm and weighs 7 kg.", [60, 40, 25]),
    ("crate 4kg, dims 50x50x50", [50, 50, 50]),
])
def test_three_sides_fill_a_nested_objects_length_width_and_height_in_turn(message: str, sides: list) -> None:
    size = _parsed(CRATE, message)["size"]
    assert [size["length_cm"], size["width_cm"], size["height_cm"]] == sides


APPLICANT = {"type": "object", "properties": {
    "full_name": STRING, "email": STRING, "years_experience": INTEGER, "start_date": {"type": "string", "format": "date"},
    "skills": {"type": "array", "items": STRING}}, "required": ["full_name", "email", "years_experience", "start_date", "skills"]}


def test_years_of_experience_are_a_count_not_the_year_of_a_start_date() -> None:
    form = _parsed(APPLICANT, "I'm Wren Adeyemi. 8 years of carpentry, joinery and roofing. Could start 3 March 2026.")
    assert form["years_experience"] == 8


def test_a_list_of_skills_holds_neither_the_name_nor_the_email() -> None:
    form = _parsed(APPLICANT, "Re the site manager post. Tess Dunmore, tess.d@example.net, 9 yrs in scaffolding and "
                              "Autocad and first aid.")
    assert "Tess Dunmore" not in form["skills"] and "tess.d@example.net" not in form["skills"]
    assert "first aid" in form["skills"]


LETTING = {"type": "object", "properties": {
    "kind": {"type": "string", "enum": ["sale", "rent"]}, "floor_area_sqm": NUMBER,
    "pets_allowed": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}, "town": STRING},
    "required": ["kind", "floor_area_sqm", "pets_allowed", "town"]}


def test_a_floor_area_takes_the_area_and_no_pets_is_false() -> None:
    form = _parsed(LETTING, "Garden flat in Perth to let, 54 m², £690 a month, sorry no pets.")
    assert (form["kind"], form["floor_area_sqm"], form["pets_allowed"]) == ("rent", 54, False)
    assert _parsed(LETTING, "Terrace in Crieff for sale, 120 sq m.")["pets_allowed"] is None  # not said: null


def test_a_budgets_label_is_no_clients_name() -> None:
    shoot = {"type": "object", "properties": {"client_name": STRING, "budget_gbp": NUMBER}, "required": ["client_name", "budget_gbp"]}
    form = _parsed(shoot, "Booking for Tamsin Okoro: christening shoot, 2 hours. No video. Budget £500.")
    assert form == {"client_name": "Tamsin Okoro", "budget_gbp": 500}


def test_a_pain_score_out_of_ten_and_the_side_and_the_part_named() -> None:
    intake = {"type": "object", "properties": {
        "pain_level": {"type": "integer", "minimum": 0, "maximum": 10}, "side": {"type": "string", "enum": ["left", "right", "both"]},
        "body_part": STRING}, "required": ["pain_level", "side", "body_part"]}
    assert _parsed(intake, "Right elbow, pain 6/10 since a fall on Sunday.") == {"pain_level": 6, "side": "right", "body_part": "elbow"}
    assert _parsed(intake, "both knees ache, about a 3 out of ten")["side"] == "both"


def test_me_and_my_two_mates_are_three() -> None:
    swim = _tool("book_swim", "Book places on a club swim.", {"day": STRING, "swimmers": INTEGER})
    assert [arguments["swimmers"] for _, arguments in _calls([swim], "book me and my 2 mates on friday's swim")] == [3]


def test_a_label_said_not_to_be_is_not_chosen_and_a_re_word_names_its_label() -> None:
    assert _reply("Can I move my Monday lesson to Wednesday? not a complaint, just a reschedule",
                  "Classify the message as billing, scheduling, complaint or other. Label only.") == "scheduling"


def test_a_letter_is_from_its_signer_and_contact_said_rather_than_is_not_chosen() -> None:
    repair = {"type": "object", "properties": {"customer_name": STRING, "damage": STRING,
                                                "preferred_contact": {"type": "string", "enum": ["email", "phone"]}},
              "required": ["customer_name", "damage", "preferred_contact"]}
    form = _parsed(repair, "Dear Glassworks, the lantern I bought has a cracked amber panel on one side. Please ring me "
                           "on 0161 496 0912 rather than emailing. - Wanjiru Odhiambo")
    assert (form["customer_name"], form["preferred_contact"]) == ("Wanjiru Odhiambo", "phone")
    assert "cracked amber panel" in form["damage"] and "Wanjiru" not in form["damage"]


# --- review guards: where this round's first reviewer found the new rules reaching too far -------------------------

def test_review_a_question_of_advice_about_a_list_is_no_count_and_a_one_line_list_counts_its_items() -> None:
    assert not _reply("How many items should I add to this list?\n- rope\n- pegs").startswith("The list has")
    assert _reply("How many items are in this list?\n\nWe need rope, pegs and a mallet.") == "The list has 3 items."


def test_review_a_quoted_phrase_is_counted_whole() -> None:
    assert _reply("How many times does the word 'Santa Fe' appear in the text below?\n\nSanta Fe is dry. We loved "
                  "Santa Fe.") == "'Santa Fe' appears 2 times."


def test_review_a_thing_said_in_part_or_in_other_words_is_no_plain_no() -> None:
    assert not _reply("Does my schedule below include a rest day?\n\nMon swim, Tue rest, Wed bike").startswith("No")
    assert not _reply("Does this review mention price?\n\nFar too expensive for a two-man tent.").startswith("No")


STORE = _tool("find_store", "Find the nearest branch of a retailer in a city.", {"retailer": STRING, "city": STRING})
FOOD = _tool("order_food", "Order a dish from the canteen.", {"dish": STRING, "quantity": INTEGER})


def test_review_one_thing_named_with_and_is_one_call() -> None:
    assert len(_calls([STORE], "Find the nearest Marks and Spencer in York")) == 1
    assert len(_calls([FOOD], "Order 2 fish and chips")) == 1


def test_review_a_weight_is_no_animal_id() -> None:
    weigh = _tool("log_weight", "Log an animal's new weight.", {"animal_id": STRING, "weight_kg": NUMBER})
    assert all(arguments["animal_id"] != "9kg" for _, arguments in _calls([weigh], "Update the badger's record, it weighs 9kg now"))


def test_review_a_screen_resolution_is_no_box_size_and_square_feet_no_square_metres() -> None:
    monitor = {"type": "object", "properties": {"item": STRING, "size": SIDES}, "required": ["item", "size"]}
    assert _parsed(monitor, "A monitor with a 2560x1440 screen, 6 kg")["size"]["length_cm"] != 2560
    form = _parsed(LETTING, "Flat to let in Leith, 700 sq ft, pets are no problem")
    assert (form["floor_area_sqm"], form["pets_allowed"]) != (700, False)
    assert form["pets_allowed"] is True


def test_review_a_date_is_no_pain_score_and_back_from_is_no_body_part() -> None:
    intake = {"type": "object", "properties": {"pain_level": INTEGER, "body_part": STRING}, "required": ["pain_level", "body_part"]}
    assert _parsed(intake, "Left hip since 4/10 (April 10th), pain is 5")["pain_level"] == 5
    assert _parsed(intake, "I'm back from a run and my left calf hurts, 4/10")["body_part"] == "calf"


def test_review_a_plan_said_with_ditch_is_still_corrected_in_a_later_message() -> None:
    turns = [{"role": "user", "content": "Ditch the old fridge on Monday."}, {"role": "assistant", "content": "Ok."},
             {"role": "user", "content": "Make it Wednesday instead."}, {"role": "assistant", "content": "Ok."},
             {"role": "user", "content": "When is the old fridge being ditched?"}]
    assert "Wednesday" in _reply(turns) and "Monday" not in _reply(turns)


# --- review guards: the second review ---------------------------------------------------------------------------

COTTAGE = _tool("book_cottage", "Book a holiday cottage.", {"guests": INTEGER, "pets_allowed": {"type": "boolean"}})


@pytest.mark.parametrize("message", ["Book for 2 guests. Parking is no problem. No pets.",
                                     "Book for 3 guests. No problem if pets aren't allowed, we don't have any."])
def test_review_no_problem_about_something_else_allows_no_pets(message: str) -> None:
    assert [arguments["pets_allowed"] for _, arguments in _calls([COTTAGE], message)] == [False]


def test_review_things_of_a_kind_named_around_a_pair_make_a_call_each() -> None:
    room = _tool("book_room", "Book a meeting room.", {"time": STRING, "room": STRING})
    assert [arguments["room"] for _, arguments in _calls([room], "Book the Ash and Birch rooms for 10:00")] == ["Ash", "Birch"]
    translate = _tool("translate", "Translate a text.", {"text": STRING, "target_language": STRING})
    assert len(_calls([translate], "Translate 'see you soon' into Italian and German")) == 2


def test_review_a_thing_said_in_part_is_told_with_what_the_text_says() -> None:
    reply = _reply("Does the text below mention a quiet room?\n\nThe room was bright and warm.")
    assert "The room was bright and warm." in reply and not reply.startswith(("I don't know", "Yes"))
    assert _reply("How many items need signing in this list?\n- form A\n- form B\n- form C") == "The list has 3 items."


# --- review guards: the whole-round review -----------------------------------------------------------------------

def test_review_one_candidate_listed_with_commas_is_one_call() -> None:
    add = _tool("add_candidate", "Add a job candidate.", {"name": STRING, "role": STRING, "years_experience": INTEGER,
                                                          "skills": {"type": "array", "items": STRING}})
    calls = _calls([add], "New candidate: Ravi Menon, analyst, 4 yrs, Excel, Tableau")
    assert [arguments["name"] for _, arguments in calls] == ["Ravi Menon"]


# --- review guards: the review of the desks' words ----------------------------------------------------------------

GALLERY_DESKS = [_desk("Collections", "Questions about the collections: prints, sculptures, the marble head and coins."),
                 _desk("Lost and Found", "Lost and found for items left in the galleries or the shop."),
                 _desk("Events", "Talks, late openings, concerts and music nights.")]
GREEN_DESKS = [_desk("Repairs", "A desk for damage: broken benches, snapped chains, leaking fountains in the square."),
               _desk("Lost property", "A desk for lost items: keys, phones, bags left in the square."),
               _desk("Noise", "Complaints about noise and antisocial behaviour in the square.")]


def test_review_left_as_a_direction_is_nothing_left_behind() -> None:
    assert [n for n, _ in _calls(GALLERY_DESKS, "Where is the marble head? Is it on the left after the shop?",
                                 "You are the gallery switchboard.")] == ["transfer_to_collections"]
    assert [n for n, _ in _calls(GREEN_DESKS, "Turn left at the boathouse, there's a group yelling all evening.",
                                 "You are the green's switchboard.")] == ["transfer_to_noise"]


def test_review_a_home_named_as_where_is_no_lost_property() -> None:
    assert "transfer_to_lost_property" not in [n for n, _ in _calls(
        GREEN_DESKS, "There's a party in the square near my flat every weekend.", "You are the green's switchboard.")]


def test_review_two_things_sharing_an_age_are_valued_each() -> None:
    value = _tool("car_value", "Estimate a used car's value.", {"model": STRING, "age_years": INTEGER})
    assert [arguments["model"] for _, arguments in _calls([value], "Value my Fiesta and my Corsa, both 6 yrs old.")] == [
        "Fiesta", "Corsa"]


# --- review guards: the review of this round's note, desk and call rules -------------------------------------------

def test_review_left_behind_is_lost() -> None:
    assert [n for n, _ in _calls(GREEN_DESKS, "My son's scooter was left behind at the bandstand.",
                                 "You are the green's switchboard.")] == ["transfer_to_lost_property"]


def test_review_one_record_with_and_in_a_field_is_one_call_and_records_apart_by_semicolons_are_each() -> None:
    add = _tool("add_candidate", "Add a job candidate.", {"name": STRING, "role": STRING, "years_experience": INTEGER,
                                                          "skills": {"type": "array", "items": STRING}})
    assert len(_calls([add], "New candidate: Ravi Menon, analyst, 4 yrs, Excel and Tableau")) == 1
    value = _tool("car_value", "Estimate a used car's value.", {"model": STRING, "age_years": INTEGER})
    models = [arguments["model"] for _, arguments in _calls([value], "Quotes please: Fiesta, 6 yrs; Corsa, 4 yrs")]
    assert len(models) == 2 and "Corsa" in models[1]


def test_a_models_repr_with_an_enum_and_a_date_is_read_as_its_fields() -> None:
    quote = _tool("minibus_quote", "Quote for a minibus hire.", {"seats": INTEGER, "date": STRING})
    turns = [{"role": "user", "content": "quote a 16-seat minibus for 4 October 2025"},
             {"type": "function_call", "call_id": "q1", "name": "minibus_quote", "arguments": '{"seats": 16, "date": "2025-10-04"}'},
             {"type": "function_call_output", "call_id": "q1", "output": "quote_id='MQ-301' size=<BusSize.midi: 'midi'> "
                                                                         "hire_date=datetime.date(2025, 10, 4) price_gbp=310.0"}]
    reply = _respond(turns, "You quote minibus hire.", tools=[quote])["output"][-1]["content"][0]["text"]
    assert "size: midi" in reply and "2025-10-04" in reply and "<BusSize" not in reply


# --- review guards: the last whole-round review ----------------------------------------------------------------------

def test_review_a_body_part_inside_the_symptom_is_still_the_body_part() -> None:
    log = _tool("log_symptom", "Log a symptom in the health diary.", {"symptom": STRING, "severity": INTEGER, "body_part": STRING})
    assert [arguments["body_part"] for _, arguments in _calls([log], "My right ankle has been aching all week, maybe a 6")] == ["ankle"]


def test_review_a_thing_said_in_other_words_gets_no_flat_no_and_a_nullable_flag_is_not_denied_by_another_negation() -> None:
    reply = _reply("Does this email mention a deadline?\n\nHi all, please hand in your rotas by Friday noon. Thanks.")
    assert not reply.startswith("No") and "Friday noon" in reply
    diet = {"type": "object", "properties": {"vegan": {"type": "boolean"}, "nut_free": {"type": ["boolean", "null"]}},
            "required": ["vegan", "nut_free"]}
    assert _parsed(diet, "I'm vegan, and my daughter doesn't eat nuts")["nut_free"] is not False
