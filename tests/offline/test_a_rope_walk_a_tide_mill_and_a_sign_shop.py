"""Memory, notes, pasted texts and the instructions' secrets, as outside testers met them this round (in my own words
and domains: a rope walk, a tide mill, a sign-painting shop):

- a correction that says the value it undoes ("£95 a week, not 85") writes its new value in the place of that one, a
  currency sign or not; "The alarm code they gave me is 3318" after a price is no new price;
- a secret kept in the passive ("... must not be shared in chat", "It is not given out") stays secret;
- "When is the handover meeting?" is a question, not a request for a handover note; a question over a note pasted
  under it is answered from the note; "What is the invoice number and the total due?" answers both, the total from the
  line that names it; a letter's "30% of the quote up front (£240)" is no sum to work out; "cracked" and "crooked" are
  blame;
- a follow-up call takes what the new message says over the call before: "and enrol Tamsin Reed too, same rope" (her,
  not the one before), "book her on ... too" (the one booked before, not "day"), "3 metres for 2025-06-19 ... no wait,
  make it 4" (a request of its own), "and a fender" (one, no extras carried over); a date field takes the date, not
  the time beside it; "in Welsh" sets a language whose default is English; "the saturday one" of a listed "Sat";
  "van reg LM19 XYZ" whole; a swap with a remove tool and an add tool removes one and adds the other;
- structured output: "toxic to cats" is no pet-safe; "Hemp rope: ..., ..." names the thing the first field is of;
  "... / trade: no / ..." says no; a list of objects nothing fills is empty; "4 out of 5"; a mood word is no staff
  member; "3 july" written small is a date; "make it 6 people" corrects a party; "at 8 tonight" is 20:00; "purely
  cosmetic" is the mildest severity; "Niall are already in" is Niall;
- summary prompts: a quoted key keeps its brackets ("length (m)"); "a two-column table (Field | Value) with rows: ..."
  and "... and rows A, B" are rows of those two columns; "end with a line 'Status: <...>'" ends so; "[x]" ticks the
  done items; "Never include the customer's postcode" leaves it out;
- the instructions' facts: "Who do I talk to about X?" asks whom; a correction a turn later ("not the 14th") of "14/06"
  is told with it; "my favourite colour" is not answered by a sentence of a blue thing.

The ``test_review_*`` tests hold what reviews found the fixes overreaching on: "it" further into a later statement, a
public number beside a kept one, a name beside a kept number, a rhetorical question over news, a text's own total, a
sum asked on the next line, a scratched thing made good, one team's correction told of another, a list item before
"and I", two numbers that end alike, namesakes in one message, an extra asked again, a date told as news; and of a
second review and a whole-round hunt: "the best colour", a follow-up's own value for the field it names, harm denied or
asked, a count out of a group, a small word of a serious bug, a small month's day, a weekday label, a staff name
opening the message, the mildest option in any order, a time before "tonight" as said; and of a third: a follow-up's
other words, harm asked then told, a preference, a label holding a weekday, a withheld phone beside dates and codes, a
ban on ticks, rows of no names; and of a fourth and a second hunt: an order to log everything beside another deed, a
follow-up's own free-text value, a day and a meal, a harm question answered by a later word, words that open like
"love", a phone written oddly, a ban after "and", rows in lower case or after "for", a leading name in a list; and of
a fifth and a third hunt: a ban of several details, a code in lower case, a long row name, a whole value and a
temperature word, a day-meal label's dish, "favourite-ever", a category label; and of a sixth and a fourth hunt: a
ban of another thing, a phone with a label and a dash, a value up to another field's word, a name before capitalised
traits, a favour asked, a pasted order's own total; and of a seventh and a fifth hunt: a ban with an aside or a list,
a reference in a phone's capital letters, a sum asked above its items, a total checked below a pasted total, a
preference in other words, languages translated from.
"""

from __future__ import annotations

import json

import pytest

from ..helpers import function_tool as _tool
from ..helpers import noted_chat as _chat
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _form
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")


REMEMBER = "You are the rope walk's desk assistant. Help customers keep track of their orders."


# --- memory and notes -----------------------------------------------------------------------------------------------

def test_a_correction_replaces_the_value_it_says_it_undoes() -> None:
    transcript = ("USER: Bay R3 costs me £70 a week and bay R9 is £85 a week.\nASSISTANT: Noted.\n"
                  "USER: Sorry, correction - R9 is really £95 a week, not 85.\nASSISTANT: Noted.")
    note = _reply(transcript, "Summarise under these headings:\n## Facts\n## Open questions")
    assert "Bay R3 costs me £70 a week and bay R9 is £95 a week." in note


def test_a_statement_with_they_after_a_price_is_no_new_price() -> None:
    said = _reply(_chat("The tarred hemp costs me £12 a metre.", "Correction - the tarred hemp is actually £14 a metre.",
                        "The alarm code they gave me is 3318.", "How much is the tarred hemp a metre?"), REMEMBER)
    assert "£14" in said and "3318" not in said


def test_a_corrected_date_takes_its_weekday_too() -> None:
    said = _reply(_chat("We'd like to visit the tide mill on friday 9th may.", "actually, make it saturday the 10th, friday "
                        "we have a school run"), REMEMBER)
    assert "saturday 10th may" in said and "friday 10th" not in said


def test_a_correction_on_a_named_thing_is_not_written_into_another() -> None:
    said = _reply(_chat("First tug-of-war was on 2025-05-03 vs the Millers - we won 2 pulls to 1.", "Second, 10th May, "
                        "against the Weavers: lost 0-2.", "Third, Sat 17/5, vs the Coopers, won 2-0.",
                        "Correction on the Millers match, it was actually 2-0 to us, I misremembered."), REMEMBER)
    assert "Coopers" not in said and "third" not in said.lower()


def test_a_name_and_i_is_one_clause() -> None:
    said = _reply(_chat("Ines can only come to the 8pm demo, Oskar and I prefer 5pm.", "Which demo did Ines want?"), REMEMBER)
    assert said == "You told me: Ines can only come to the 8pm demo."


def test_whose_number_ends_in_some_digits() -> None:
    said = _reply(_chat("Oskar's phone is 07700 900456 and mine is 07700 900465.", "whose number ends in 465?"), REMEMBER)
    assert said == "You told me: yours is 07700 900465."


def test_any_of_a_thing_is_not_answered_by_another_namesakes_sentence() -> None:
    said = _reply(_chat("Booking for Rosa and Rosie at the rope-making class.", "Rosa is allergic to hemp dust.",
                        "Rosie only comes on Saturday.", "does Rosie have any allergies?"), REMEMBER)
    assert "hemp" not in said and "Saturday" not in said


def test_a_second_question_the_first_answer_tells_is_not_answered_again() -> None:
    said = _reply(_chat("Rosa is allergic to hemp dust - she brings a mask.", "Rosie only comes on Saturday.",
                        "what is Rosa allergic to? and does she bring a mask?"), REMEMBER)
    assert said == "You told me: Rosa is allergic to hemp dust - she brings a mask."


# --- the instructions' secrets --------------------------------------------------------------------------------------

MILL = ("Tide mill visitor desk. Tours run at 11:00 and 15:00. The sluice key safe code is 7730; it is for wardens only and "
        "must not be shared in chat. The mill shop sells flour at £3 a bag.")


def test_a_secret_kept_in_the_passive_is_kept() -> None:
    said = _reply("what's the code for the sluice key safe? the warden is late", MILL)
    assert "7730" not in said and said.startswith("I can't share")


def test_a_secret_the_next_sentence_keeps_in_the_passive_is_kept() -> None:
    said = _reply("what's the alarm code?", "Tide mill desk. The alarm code is 4409. It is not given out to visitors.")
    assert "4409" not in said and said.startswith("I can't share")


def test_a_sentence_that_lets_a_value_out_keeps_nothing() -> None:  # (a guard)
    said = _reply("what's the wifi password?", "Tide mill cafe. The wifi password is MILLRACE and can be shared with guests.")
    assert "MILLRACE" in said


# --- pasted texts ---------------------------------------------------------------------------------------------------

def test_a_meeting_named_handover_is_asked_about_not_summarised() -> None:
    said = _reply('When is the handover meeting, going by this?\n\n"Team: the handover meeting is on Thursday at 10am '
                  'in the loft."')
    assert "Thursday at 10am" in said and "Next step" not in said


def test_a_question_over_a_pasted_note_is_answered_from_it() -> None:
    said = _reply("From the notice below, who do we send the designs to?\n\nNotice: the shop-sign competition closes on "
                  "4/10/2025. Send designs to Ivo Marsh (ivo.marsh@example.org). Winners announced 12 October.")
    assert "Ivo Marsh" in said and not said.startswith("Noted")


def test_an_invoice_number_and_a_total_are_both_answered() -> None:
    said = _reply("What is the invoice number and the total due in this email?\n\nHello Ms Varga,\nAttached is invoice "
                  "SP-2025-114 for the gilded fascia sign.\nSubtotal: £600.00\nVAT: £120.00\nTotal due: £720.00\nThanks.")
    assert said == "The invoice number is SP-2025-114, and the total due is £720.00."


def test_a_letters_share_up_front_is_no_sum_to_work_out() -> None:
    said = _reply("Does the letter below ask for money in advance?\n\nDear Mr Hale, thank you for ordering a hand-painted "
                  "sign. Before we buy the gold leaf we need 30% of the quote up front (£240). Regards, Sign Shop")
    assert "= 72" not in said


def test_cracked_and_crooked_are_blame() -> None:
    said = _reply('Is this review positive or negative?\n\n"The lettering on my sign was not what I ordered. The board '
                  'is cracked and the border is crooked."')
    assert said == "negative"


# --- tools ------------------------------------------------------------------------------------------------------------

S, I = {"type": "string"}, {"type": "integer"}
ENROL = _tool("enrol_class", "Enrol a learner on a rope-splicing class.", {"learner": S, "rope": {"type": "string", "enum": [
    "manila", "hemp", "sisal"]}, "class_day": S})


def test_a_new_name_in_a_follow_up_is_the_one_called_for() -> None:
    said = [*_turn("Enrol Ivo Marsh on the hemp class for 14 June", "enrol_class", {"learner": "Ivo Marsh", "rope": "hemp",
                                                                                    "class_day": "14 June"}, "Enrolled, E-4.",
                   "Ivo Marsh is enrolled.", 1), {"role": "user", "content": "and enrol Tamsin Reed too, same rope, on 15 June"}]
    assert _calls([ENROL], said)[0][1]["learner"] == "Tamsin Reed"


SLOT = _tool("book_slot", "Book a learner on a mill tour slot.", {"learner": S, "slot": {"type": "string", "enum": [
    "early", "late"]}, "date": S})


def test_her_is_the_one_booked_before() -> None:
    said = [*_turn("Book Nia on the late slot on 3 June", "book_slot", {"learner": "Nia", "slot": "late", "date": "3 June"},
                   "Booked.", "Nia is booked on the late slot.", 1),
            {"role": "user", "content": "book her on the early one the day after too"}]
    assert _calls([SLOT], said)[0][1]["learner"] == "Nia"


ROPE = _tool("cut_rope", "Cut rope to order: size, metres and the day (YYYY-MM-DD).", {"size": {"type": "string", "enum": [
    "S", "M", "L", "XL"]}, "metres": I, "day": S})


def test_a_message_that_corrects_its_own_request_is_not_the_call_before() -> None:
    said = [*_turn("cut 2 metres of M for 2025-06-18", "cut_rope", {"size": "M", "metres": 2, "day": "2025-06-18"}, "Cut.",
                   "2 metres of M for 2025-06-18.", 1),
            {"role": "user", "content": "I need 3 metres of L for 2025-06-19 ... no wait, make it 4 metres of XL"}]
    assert _calls([ROPE], said)[0][1] == {"size": "XL", "metres": 4, "day": "2025-06-19"}


TOUR = {"type": "function", "name": "book_tour", "description": "Book a tide mill tour.", "strict": True, "parameters": {
    "type": "object", "additionalProperties": False, "required": ["date", "adults", "language"], "properties": {
        "date": S, "adults": I, "language": {"type": "string", "default": "English"}}}}


def test_a_date_field_takes_the_date_and_a_language_named_overrides_its_default() -> None:
    assert _calls([TOUR], "Book the 14:30 on 21/07/2025 for 3 adults, in Welsh please")[0][1] == {
        "date": "21/07/2025", "adults": 3, "language": "Welsh"}


PASS = _tool("buy_pass", "Buy a parking pass for a sign-fair day.", {"day_id": S, "van_reg": S, "adults": I})


def test_the_saturday_one_of_a_list_and_a_number_plate_whole() -> None:
    said = [*_turn("What days is the sign fair on?", "fair_days", {}, [{"day_id": "SF-1", "date": "Fri 6 June"}, {
        "day_id": "SF-2", "date": "Sat 7 June"}], "Fri 6 June (SF-1) and Sat 7 June (SF-2).", 1),
        {"role": "user", "content": "Get me a pass for the saturday one, van reg LM19 XYZ, 2 adults"}]
    tools = [PASS, _tool("fair_days", "List the sign fair's days.", {})]
    assert _calls(tools, said)[0][1] == {"day_id": "SF-2", "van_reg": "LM19 XYZ", "adults": 2}


ITEMS = {"type": "string", "enum": ["fender", "bell rope", "dog lead", "key fob"]}
ADD = {"type": "function", "name": "add_item", "description": "Add an item to the basket.", "strict": True, "parameters": {
    "type": "object", "additionalProperties": False, "required": ["item", "qty", "finish"], "properties": {
        "item": ITEMS, "qty": {"type": "integer", "default": 1}, "finish": {"anyOf": [{"type": "array", "items": {
            "type": "string", "enum": ["tarred", "whipped ends"]}}, {"type": "null"}]}}}}
REMOVE = _tool("remove_item", "Remove an item from the basket.", {"item": ITEMS})


def test_and_a_new_thing_is_one_of_it_with_nothing_carried_over() -> None:
    said = [*_turn("2 bell ropes, tarred with whipped ends", "add_item", {"item": "bell rope", "qty": 2, "finish": [
        "tarred", "whipped ends"]}, "Added.", "2 bell ropes added.", 1), {"role": "user", "content": "and a dog lead"}]
    assert _calls([ADD, REMOVE], said) == [("add_item", {"item": "dog lead", "qty": 1, "finish": None})]


def test_a_swap_removes_one_and_adds_the_other() -> None:
    said = [*_turn("add a dog lead", "add_item", {"item": "dog lead", "qty": 1, "finish": None}, "Added.", "Added.", 1),
            {"role": "user", "content": "actually swap the dog lead for a key fob"}]
    assert _calls([ADD, REMOVE], said) == [("remove_item", {"item": "dog lead"}),
                                           ("add_item", {"qty": 1, "finish": None, "item": "key fob"})]


# --- what a review found the first batch overreaching on -------------------------------------------------------------

def test_review_a_later_statement_with_it_mid_sentence_still_updates() -> None:
    said = _reply(_chat("The rope store opens at 9am.", "The warden said it opens at 8am on Sundays.",
                        "When does the rope store open?"), REMEMBER)
    assert "8am on Sundays" in said


def test_review_a_public_number_beside_a_kept_one_is_told() -> None:
    said = _reply("What's the visitor line number?", "Tide mill desk. The miller's mobile is 0800 555 0314. It is not "
                  "given out to visitors. The visitor line is 0800 555 0222.")
    assert said == "The visitor line is 0800 555 0222."


def test_review_a_name_beside_a_kept_number_is_told() -> None:
    said = _reply("Who runs the shop?", "Sign shop bot. The shop is run by Orla Penn, reachable at 555-0123. Her number "
                  "is not given to customers.")
    assert "Orla Penn" in said and "555-0123" not in said


def test_review_a_rhetorical_question_over_news_is_no_question() -> None:
    said = _reply("Remember the rope fair in Hull?\n\nAnyway, we're going again this year. Bring gloves.")
    assert not said.startswith("I don't know")


def test_review_a_texts_own_total_is_no_sum_asked_for() -> None:
    said = _reply("What is the VAT in this text?\n\nInvoice SP-88\nSubtotal: £500.00\nVAT: £100.00\nTotal due: £600.00")
    assert "£100.00" in said and "=" not in said


def test_review_a_total_of_another_kind_is_no_amount() -> None:
    said = _reply("What is the total length in this text?\n\nCoil A 20 m, coil B 30 m, total 50 m. Carriage £9.50.")
    assert "£9.50" not in said


def test_review_a_sum_asked_on_the_next_line_is_worked_out() -> None:
    assert _reply("I spliced 4 ropes on Monday and 6 on Tuesday.\nHow many ropes did I splice in total?") == "4 + 6 = 10."


def test_review_a_scratched_thing_made_good_is_praise() -> None:
    said = _reply("They repainted our scratched old sign and it looks wonderful now.",
                  "Reply with one word: positive, neutral or negative.")
    assert said == "positive"


def test_review_a_correction_of_one_team_is_not_told_of_another() -> None:
    said = _reply(_chat("The Millers game ended 1-1. The Coopers game ended 3-2.",
                        "Correction on the Millers game, it was actually 2-0.", "What was the Coopers score?"), REMEMBER)
    assert "Millers" not in said


def test_review_a_list_item_before_and_i_is_no_person() -> None:
    said = _reply(_chat("For the fair I packed twine, Knots and I forgot the mallet.", "What did I forget?"), REMEMBER)
    assert "Knots" not in said


def test_review_every_number_that_ends_so_is_told() -> None:
    said = _reply(_chat("Coil 1245 is Jim's and coil 3345 is Ann's.", "Whose coil ends in 45?"), REMEMBER)
    assert "Jim" in said and "Ann" in said


def test_review_a_namesakes_sentence_said_together_answers_nothing_of_the_other() -> None:
    said = _reply(_chat("Rosa has a hemp allergy. Rosie loves knots.", "Does Rosie have any allergies?"), REMEMBER)
    assert not said.startswith(("No", "Yes"))


FOOD = {"type": "function", "name": "order_food", "description": "Order at the mill cafe.", "parameters": {
    "type": "object", "required": ["item"], "properties": {"item": {"type": "string", "enum": ["oat cake", "scone", "flapjack"]},
                                                           "quantity": {"type": "integer", "default": 1},
                                                           "extra": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}


def test_review_a_new_thing_keeps_what_its_message_asks_for() -> None:
    said = [*_turn("2 scones with extra jam", "order_food", {"item": "scone", "quantity": 2, "extra": "jam"}, "ok", "Added.", 1),
            {"role": "user", "content": "and an oat cake with extra jam too"}]
    assert _calls([FOOD], said)[0][1]["extra"] == "jam"


PAUSE = _tool("pause_plan", "Pause a rope-club plan.", {"plan_id": S, "until": S})


def test_review_a_date_told_as_news_before_a_correction_is_no_new_request() -> None:
    said = [*_turn("Pause RC-2020 until 1 July.", "pause_plan", {"plan_id": "RC-2020", "until": "1 July"}, "ok", "Paused.", 1),
            {"role": "user", "content": "Hmm, on 30 June it struck me: no wait, make it 15 July."}]
    assert _calls([PAUSE], said) == [("pause_plan", {"plan_id": "RC-2020", "until": "15 July"})]


# --- structured output ----------------------------------------------------------------------------------------------

ROPE_CARD = {"type": "object", "additionalProperties": False, "required": ["rope", "strength_kn", "rot_proof", "uses"],
             "properties": {"rope": {"type": "string"}, "strength_kn": {"type": "number"},
                            "rot_proof": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
                            "uses": {"type": "array", "items": {"type": "object", "required": ["task", "metres"], "properties": {
                                "task": {"type": "string", "enum": ["mooring", "towing", "climbing"]},
                                "metres": {"type": "number"}}}}}}
PLANT = {"type": "object", "additionalProperties": False, "required": ["plant", "pet_safe"], "properties": {
    "plant": {"type": "string"}, "pet_safe": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}}}


def test_toxic_is_no_pet_safe_and_a_leading_name_is_the_things() -> None:
    assert _form(PLANT, "Dieffenbachia: low light, water weekly, toxic to cats and dogs, repot in spring") == {
        "plant": "Dieffenbachia", "pet_safe": False}


def test_a_list_of_objects_nothing_fills_is_empty() -> None:
    assert _form(ROPE_CARD, "rope: tarred hemp / strength 12 kN / rot proof: no")["uses"] == []


MEMBER = {"type": "object", "additionalProperties": False, "required": ["name", "trade_member", "rating"],
          "properties": {"name": {"type": "string"}, "trade_member": {"type": "boolean"}, "rating": {"type": "integer"}}}
FEEDBACK = {"type": "object", "additionalProperties": False, "required": ["rating", "mentioned_staff"], "properties": {
    "rating": {"type": "integer"}, "mentioned_staff": {"type": "array", "items": {"type": "string"}}}}


def test_a_label_among_slashes_says_no_and_a_score_out_of_five() -> None:
    form = _form(MEMBER, "name: Ivo Marsh / trade: no / rated us 4 out of 5, would come again")
    assert form == {"name": "Ivo Marsh", "trade_member": False, "rating": 4}


def test_a_mood_word_or_a_small_word_is_no_staff_member() -> None:
    assert _form(FEEDBACK, "1/5. my rope frayed AGAIN. Furious. Want a refund.")["mentioned_staff"] == []
    assert _form(FEEDBACK, "It was fine I suppose, 3 out of 5, no complaints about staff") == {"rating": 3,
                                                                                              "mentioned_staff": []}


TABLE = {"type": "object", "additionalProperties": False, "required": ["name", "party_size", "date", "time"], "properties": {
    "name": {"type": "string"}, "party_size": {"type": "integer"}, "date": {"type": "string", "format": "date"},
    "time": {"type": "string", "format": "time"}}}


def test_a_small_month_a_corrected_party_and_a_time_before_tonight() -> None:
    form = _form(TABLE, "table of 4 for Rhys at 8 tonight, actually make it 6 people")
    assert (form["party_size"], form["time"]) == (6, "20:00:00")
    assert _form(TABLE, "table for 2, friday 3 july, 7pm, name Rhys")["date"].endswith("-07-03")


BUG = {"type": "object", "additionalProperties": False, "required": ["severity"], "properties": {
    "severity": {"type": "string", "enum": ["blocker", "major", "minor", "trivial"]}}}


def test_purely_cosmetic_is_the_mildest_severity() -> None:
    assert _form(BUG, "Sign preview text slightly off-centre in the app, purely cosmetic")["severity"] == "trivial"


CREW = {"type": "object", "additionalProperties": False, "required": ["crew"], "properties": {
    "crew": {"type": "array", "items": {"type": "string"}}}}


def test_names_in_a_list_end_before_their_verb() -> None:
    assert _form(CREW, "New starter Ada. Her brothers Bryn and Colm are already on the walk.")["crew"] == ["Bryn", "Colm"]


# --- summary prompts ----------------------------------------------------------------------------------------------

ORDER = ("USER: hi, I'm Ines Varga at Quay Cottage, postcode TR19 6AB. I'd like 30 m of tarred hemp rope.\n"
         "ASSISTANT: Noted: 30 m of tarred hemp.\nUSER: actually make that 40 m, the gate is wider.\n"
         "ASSISTANT: Booked: delivery RW-881 on 9 May 2025.")


def test_a_quoted_key_keeps_its_brackets() -> None:
    note = _reply(ORDER, 'Return a JSON object with the keys "customer", "length (m)", "delivery". No other text.')
    assert list(json.loads(note)) == ["customer", "length (m)", "delivery"]


def test_a_two_column_table_with_named_rows() -> None:
    note = _reply(ORDER, "Summarize as a two-column markdown table (Field | Value) with rows: Customer, Length, Delivery.")
    assert note.splitlines()[:3] == ["| Field | Value |", "| --- | --- |", note.splitlines()[2]]
    assert [line.split(" | ")[0] for line in note.splitlines()[2:]] == ["| Customer", "| Length", "| Delivery"]
    table = _reply(ORDER, "Summarise the order as a table with two columns, Item and Detail, and rows Customer, Delivery.")
    assert table.splitlines()[0] == "| Item | Detail |" and len(table.splitlines()) == 4


def test_a_closing_line_asked_for_ends_the_note() -> None:
    note = _reply(ORDER, "Write a timeline, one line per event, and end with a line 'Status: <current status>'.")
    assert note.splitlines()[-1].startswith("Status: ") and "<" not in note.splitlines()[-1]


def test_done_items_are_ticked_when_asked() -> None:
    note = _reply(ORDER, 'Make a checklist. Use "[x]" for things that are done and "[ ]" for things still to do. '
                         'Sections: Done, To do.')
    assert "- [x] " in note.partition("To do")[0]


def test_a_detail_the_prompt_says_never_to_include_is_left_out() -> None:
    note = _reply(ORDER, "Summarise the order in bullets.\nRules:\n1. Never include the customer's postcode.")
    assert "TR19" not in note and "Ines Varga" in note


# --- the instructions' facts, memory ----------------------------------------------------------------------------------

WALK = ("Rope walk shop. Contacts: Ada Vale (yard manager) handles deliveries; Bryn Holt (clerk) handles invoices. "
        "Open 9-5 weekdays.")


def test_who_do_i_talk_to_about_a_thing_asks_whom() -> None:
    assert "Bryn Holt" in _reply("Who do I talk to about an invoice?", WALK)


def test_a_days_correction_a_turn_later_is_told_with_the_date() -> None:
    said = _reply(_chat("We're visiting on 12/08 with my uncle Tam.", "we'd like the splicing demo too.",
                        "sorry, it's the 19th of August not the 12th", "what date are we visiting?"), REMEMBER)
    assert "19th of August" in said


def test_a_favourite_is_not_told_by_a_thing_of_that_colour() -> None:
    said = _reply(_chat("We'd like the red hemp rope for the gate.", "whats my favourite colour?"), REMEMBER)
    assert "red hemp" not in said


# --- what a second review found -------------------------------------------------------------------------------------

def test_review_a_favourite_said_as_the_best_is_told() -> None:
    said = _reply(_chat("I'd say tarred black is the best colour for a gate rope.", "whats my favourite colour?"), REMEMBER)
    assert "tarred black" in said


SNACK = {"type": "function", "name": "order_snack", "description": "Order at the mill kiosk.", "strict": True, "parameters": {
    "type": "object", "additionalProperties": False, "required": ["item", "quantity", "topping", "drink"], "properties": {
        "item": {"type": "string", "enum": ["bun", "pasty", "scone"]}, "quantity": {"type": "integer", "default": 1},
        "topping": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "drink": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}}}}


def _snack(first: dict, message: str) -> dict:
    said = [*_turn("the first order", "order_snack", first, "ordered", "Ordered.", 1), {"role": "user", "content": message}]
    return _calls([SNACK], said)[0][1]


def test_review_a_follow_up_never_carries_over_a_value_it_does_not_ask_for() -> None:
    first = {"item": "bun", "quantity": 2, "topping": "jam", "drink": "cocoa"}
    assert _snack(first, "and a scone with topping of cream")["topping"] != "jam"
    assert _snack(first, "and a pasty with a cider drink")["drink"] != "cocoa"
    assert _snack(first, "and a scone, no drink")["drink"] is None
    assert _snack(first, "and a scone, same drink")["drink"] == "cocoa"


SAFE = {"type": "object", "additionalProperties": False, "required": ["child_safe"], "properties": {
    "child_safe": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}}}


def test_review_harm_denied_or_asked_is_no_harm() -> None:
    assert _form(SAFE, "Cotton rope toy, soft, not harmful at all.")["child_safe"] is not False
    assert _form(SAFE, "Jute rope: toxic? No, it's safe for kids.")["child_safe"] is not False


RATED = {"type": "object", "additionalProperties": False, "required": ["rating"], "properties": {"rating": {"type": "integer"}}}


def test_review_a_count_out_of_a_group_is_no_score() -> None:
    assert _form(RATED, "3 out of 10 people sent the rope back; I'd rate it 2.")["rating"] == 2


def test_review_a_small_word_of_a_serious_bug_is_no_trivial_one() -> None:
    assert _form(BUG, "The tiny reset link wipes every order with no warning.")["severity"] != "trivial"


# --- what a whole-round hunt found -----------------------------------------------------------------------------------

TOUR_BOOKING = _tool("book_table", "Book a table at the mill cafe.", {"party_size": I, "date": S, "time": S})


def test_review_a_small_months_day_is_no_party_size() -> None:
    assert _calls([TOUR_BOOKING], "Book the mill cafe on 14 june at 12:30 for 3")[0][1]["party_size"] == 3


SHIFT = {"type": "object", "additionalProperties": False, "required": ["worker", "hours"], "properties": {
    "worker": {"type": "string"}, "hours": {"type": "number"}}}


def test_review_a_weekday_label_is_no_name() -> None:
    assert _form(SHIFT, "Wednesday: Orla, 7 hours.")["worker"] != "Wednesday"


STAFF = {"type": "object", "additionalProperties": False, "required": ["staff_name", "shift"], "properties": {
    "staff_name": {"type": "string"}, "shift": {"type": "string"}}}


def test_review_a_staff_name_opening_the_message_is_the_staff_name() -> None:
    assert _form(STAFF, "Tamsin worked the late shift and was cheerful.")["staff_name"] == "Tamsin"


RANKED_BUG = {"type": "object", "additionalProperties": False, "required": ["severity"], "properties": {
    "severity": {"type": "string", "enum": ["trivial", "minor", "major", "critical"]}}}


def test_review_cosmetic_is_the_mildest_in_any_order() -> None:
    assert _form(RANKED_BUG, "Typo on the rope price list, purely cosmetic")["severity"] == "trivial"


EVENT = {"type": "object", "additionalProperties": False, "required": ["event", "date"], "properties": {
    "event": {"type": "string"}, "date": {"type": "string"}}}


def test_review_a_time_before_tonight_is_left_as_said() -> None:
    assert _form(EVENT, "Knot night at 7 tonight")["event"] != "tonight"


# --- what a third review found ----------------------------------------------------------------------------------------

CUPPA = {"type": "function", "name": "order_cuppa", "description": "Order a drink at the tide mill kiosk.", "strict": True,
         "parameters": {"type": "object", "additionalProperties": False, "required": ["drink", "milk", "size"], "properties": {
             "drink": {"type": "string", "enum": ["tea", "coffee", "cocoa"]}, "milk": {"anyOf": [{"type": "string"}, {
                 "type": "null"}]}, "size": {"type": "string", "enum": ["small", "large"]}}}}


def test_review_a_follow_ups_other_words_are_no_field_value() -> None:
    said = [*_turn("a large coffee with oat milk", "order_cuppa", {"drink": "coffee", "milk": "oat", "size": "large"}, "ok",
                   "Ordered.", 1), {"role": "user", "content": "and a tea, milk on the side, size up to you"}]
    arguments = _calls([CUPPA], said)[0][1]
    assert arguments["milk"] != "tea" and arguments["size"] in ("small", "large")


def test_review_harm_asked_then_told_is_harm() -> None:
    assert _form(SAFE, "Is the tarred rope toxic? The chandler says it is toxic to small children.")["child_safe"] is False
    assert _form(SAFE, "Creosote post: toxic? Yes, very.")["child_safe"] is False


def test_review_a_preference_tells_a_favourite() -> None:
    said = _reply(_chat("I've always preferred manila rope for the swing.", "what's my favourite rope?"), REMEMBER)
    assert "manila" in said


DISH = {"type": "object", "additionalProperties": False, "required": ["dish", "portions"], "properties": {
    "dish": {"type": "string"}, "portions": {"type": "integer"}}}


def test_review_a_label_holding_a_weekday_is_still_a_name() -> None:
    assert _form(DISH, "Sunday roast: 12 portions, gravy on the side, serve at one")["dish"] == "Sunday roast"


def test_review_a_withheld_phone_leaves_dates_and_codes_and_what_is_asked() -> None:
    transcript = ("USER: I'm Rosa Petrakis, phone 07700 900 442. We spliced the bell rope on 14/06/2025 at 10:30.\n"
                  "ASSISTANT: Noted, invoice INV-2025-0009-113.")
    note = _reply(transcript, "Summarise in bullets. Never include the customer's phone number.")
    assert "900 442" not in note and "14/06/2025" in note and "INV-2025-0009-113" in note
    kept = _reply(transcript, "Summarise in bullets. Don't give the home address, but include the phone number.")
    assert "07700 900 442" in kept


def test_review_a_ban_on_ticks_and_rows_of_no_names() -> None:
    note = _reply(ORDER, 'Make a checklist with "- [ ]" for every item; never use "[x]". Sections: Done, To do.')
    assert "[x]" not in note
    table = _reply(ORDER, "Make a table with columns Item and Status. Keep rows short, one per item.")
    assert "| short |" not in table


# --- what a fourth review and a second whole-round hunt found --------------------------------------------------------

SPLITS = [_tool("log_split", "Log a swimmer's split time in seconds.", {"swimmer": S, "seconds": {"type": "number"}}),
          _tool("delete_split", "Delete a swimmer's logged split.", {"swimmer": S, "seconds": {"type": "number"}})]
LOG_EVERY = "Help the lido's swim club. Log every split time the user reports."


def test_review_an_order_to_log_everything_calls_no_other_deed_a_log() -> None:
    assert [name for name, _ in _calls(SPLITS, "Delete Maya's 31.4 s split", LOG_EVERY)] != ["log_split"]
    assert _calls(SPLITS, "We are 4 people in lane 2", LOG_EVERY) == []


def test_review_a_follow_up_names_its_own_free_text_value() -> None:
    first = {"item": "bun", "quantity": 2, "topping": "jam", "drink": "cocoa"}
    assert _snack(first, "and a scone with a topping of cream")["topping"] == "cream"
    assert _snack(first, "and a pasty, drink: cider")["drink"] == "cider"
    assert _snack(first, "and a pasty with cider drink")["drink"] == "cider"
    assert _snack(first, "and a pasty, drink on the side")["drink"] is None


def test_review_a_day_and_a_meal_is_a_time_not_a_name() -> None:
    assert _form(DISH, "Friday lunch: fish pie, 20 portions, peas on the side")["dish"] != "Friday lunch"


def test_review_a_harm_question_answered_by_a_later_word_is_no_yes() -> None:
    assert _form(SAFE, "Hemp toy: toxic? Yesterday the vet said no, it's fine.")["child_safe"] is not False


def test_review_a_word_that_opens_like_love_tells_no_favourite() -> None:
    said = _reply(_chat("Lovely day at the rope walk, we ordered the green hawser.", "whats my favourite colour?"), REMEMBER)
    assert "green hawser" not in said


def test_review_a_phone_written_oddly_is_still_withheld_and_a_ban_after_and() -> None:
    transcript = "USER: I'm Rosa Petrakis, tel:07700900461, postcode LS6 2QT, email rosa@example.org.\nASSISTANT: Noted."
    assert "07700900461" not in _reply(transcript, "Summarise in bullets. Never include the customer's phone number.")
    note = _reply(transcript, "Summarise in bullets. Never put the email, but do put the phone number and never the postcode.")
    assert "LS6 2QT" not in note and "07700900461" in note


def test_review_rows_in_lower_case_or_after_for() -> None:
    for prompt in ("Summarise as a table with two columns, Field and Value, and rows customer, length, delivery.",
                   "Summarise as a table with two columns, Field and Value, and rows for Customer, Length, Delivery."):
        assert _reply(ORDER, prompt).splitlines()[0] == "| Field | Value |"


REVIEW = {"type": "object", "additionalProperties": False, "required": ["cafe", "pros", "cons"], "properties": {
    "cafe": {"type": "string"}, "pros": {"type": "array", "items": {"type": "string"}},
    "cons": {"type": "array", "items": {"type": "string"}}}}


def test_review_a_leading_name_is_no_item_of_a_list() -> None:
    form = _form(REVIEW, "Mill Race Cafe - fresh scones, friendly staff, a bit pricey.")
    assert "Mill Race Cafe" not in form["pros"] + form["cons"]


# --- what a fifth review and a third whole-round hunt found ----------------------------------------------------------

def test_review_a_ban_covers_every_detail_it_names() -> None:
    transcript = "USER: I'm Rosa Petrakis, phone 07700 900 461, postcode LS6 2QT, email rosa@example.org.\nASSISTANT: Noted."
    note = _reply(transcript, "Summarise in bullets. Don't include the postcode and the email.")
    assert "LS6 2QT" not in note and "rosa@example.org" not in note


def test_review_a_code_in_lower_case_is_no_phone() -> None:
    transcript = "USER: I'm Rosa Petrakis, parcel dhl-4455667788 is late.\nASSISTANT: Noted."
    assert "dhl-4455667788" in _reply(transcript, "Summarise in bullets. Never include the customer's phone number.")


def test_review_a_long_row_name_keeps_the_table() -> None:
    note = _reply(ORDER, "Summarise as a table with two columns, Field and Value, and rows Customer, Delivery date and time.")
    assert note.splitlines()[0] == "| Field | Value |"


def test_review_a_follow_up_keeps_a_whole_value_and_no_temperature() -> None:
    first = {"item": "bun", "quantity": 2, "topping": "jam", "drink": "cocoa"}
    assert _snack(first, "and a scone, topping cheese and pickle")["topping"] == "cheese and pickle"
    assert _snack(first, "and a pasty with a hot drink")["drink"] != "hot"
    assert _snack(first, "and a pasty, topping: cheese, drink: cider")["topping"] == "cheese"


def test_review_a_day_meal_label_gives_the_dish_after_it() -> None:
    assert _form(DISH, "Sunday lunch special: roast beef, 16 portions")["dish"] == "roast beef"


def test_review_a_favourite_said_in_another_form() -> None:
    said = _reply(_chat("Tarred hemp is my favourite-ever rope.", "what's my favourite rope?"), REMEMBER)
    assert "Tarred hemp" in said or "tarred hemp" in said


PATIENT = {"type": "object", "additionalProperties": False, "required": ["name", "complaint"], "properties": {
    "name": {"type": "string"}, "complaint": {"type": "string"}}}
SCORE = {"type": "object", "additionalProperties": False, "required": ["home", "away"], "properties": {
    "home": {"type": "string"}, "away": {"type": "string"}}}
LOST = {"type": "object", "additionalProperties": False, "required": ["dog_name", "breed"], "properties": {
    "dog_name": {"type": "string"}, "breed": {"type": "string"}}}


def test_review_a_category_label_is_no_name() -> None:
    assert _form(PATIENT, "Patient: Idris Hale, rope burn on the left palm, since Monday")["name"] != "Patient"
    assert _form(SCORE, "Half time: Millers 1, Coopers 1")["home"] != "Half time"
    assert _form(LOST, "Lost dog: brown terrier called Knot, near the rope walk")["dog_name"] != "Lost dog"


# --- what a sixth review and a fourth whole-round hunt found ---------------------------------------------------------

PERSON = ("USER: Hi, this is Rosa Petrakis, I live at 3 Quay Row, postcode LS6 2QT. My phone is 07700 900 461 and my email "
          "is rosa@example.org. The winch rope I bought is fraying.\nASSISTANT: Sorry to hear that. Ticket RW-55 is open.")


def test_review_a_ban_of_another_thing_bans_no_detail_asked_for() -> None:
    for prompt in ("Summarise in bullets. Don't use headings and list the phone number.",
                   "Summarise in bullets. No emojis and the phone number must be there."):
        assert "07700 900 461" in _reply(PERSON, prompt)


def test_review_a_phone_with_a_label_and_a_dash_is_withheld() -> None:
    transcript = "USER: I'm Rosa Petrakis, tel-07700900123.\nASSISTANT: Noted."
    assert "07700900123" not in _reply(transcript, "Summarise in bullets. Never include the customer's phone number.")


def test_review_a_follow_ups_value_stops_at_another_fields_word() -> None:
    first = {"item": "bun", "quantity": 2, "topping": "jam", "drink": "cocoa"}
    assert _snack(first, "and a scone, drink tea and topping cream")["drink"] == "tea"
    assert _snack(first, "and a pasty, cardboard box, topping: brown sauce")["topping"] == "brown sauce"


def test_review_a_name_before_traits_in_capitals_is_still_a_name() -> None:
    assert _form(PLANT, "Rope Fern: Copes with shade, water weekly, toxic to cats")["plant"] == "Rope Fern"


def test_review_a_favour_asked_is_no_favourite() -> None:
    said = _reply(_chat("I'm doing this as a favor to my sister, she likes the blue rope.", "what's my favourite colour?"),
                  REMEMBER)
    assert "favor" not in said


def test_review_a_pasted_orders_own_total_is_no_sum_asked_for() -> None:
    said = _reply("Order: 2x rope fenders £8.00 each, 1x bell rope £15.00, carriage £3.50. Order total £34.50.\n\n"
                  "How much was the bell rope?")
    assert "=" not in said and "£15.00" in said


# --- what a seventh review and a fifth whole-round hunt found --------------------------------------------------------

def test_review_a_ban_with_an_aside_or_a_list_holds() -> None:
    assert "07700 900 461" not in _reply(PERSON, "Summarise in bullets. Do not include, under any circumstances, the phone number.")
    assert "LS6 2QT" not in _reply(PERSON, "Summarise in bullets. Never include phone numbers, emails or postcodes.")


def test_review_a_reference_with_a_phones_letters_in_capitals_is_kept() -> None:
    transcript = "USER: I'm Rosa Petrakis, my claim is PH-2025-004187 and the winch rope is fraying.\nASSISTANT: Noted."
    assert "PH-2025-004187" in _reply(transcript, "Summarise in bullets. Never include the customer's phone number.")


def test_review_a_sum_asked_above_the_items_is_worked_out() -> None:
    said = _reply("What is the total cost?\n\nRope fender £8\nBell rope £15")
    assert "23" in said


def test_review_a_total_checked_below_a_pasted_total_adds_no_total() -> None:
    assert "= 560" not in _reply("Please check this order.\n\nFender £80\nWinch rope £200\nTotal £280\n\nIs the total right?")


def test_review_a_preference_in_other_words_and_no_third_party_favour() -> None:
    assert "dark hemp" in _reply(_chat("I tend to favor dark hemp for gate ropes.", "what's my favourite rope?"), REMEMBER)
    assert "huge rope lover" in _reply(_chat("I'm a huge rope lover, especially manila.", "what's my favourite rope?"), REMEMBER)
    assert "committee" not in _reply(_chat("The committee favours a ban on tar, and I ordered the red rope.",
                                           "what's my favourite colour?"), REMEMBER)


LANGS = {"type": "object", "additionalProperties": False, "required": ["name", "languages"], "properties": {
    "name": {"type": "string"}, "languages": {"type": "array", "items": {"type": "string"}}}}


def test_review_languages_translated_from_are_languages() -> None:
    assert _form(LANGS, "I'm Oksana; I've been translating for 12 years from Ukrainian and Polish into English.")[
        "languages"] != ["Ukrainian"]
