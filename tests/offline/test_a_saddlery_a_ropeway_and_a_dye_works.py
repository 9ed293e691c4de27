"""Tools, comparisons and notes, as outside testers met them this round (in my own words and domains: a saddlery, a
ropeway, a dye works):

- a kind a tool lists ("a hide (calf, goat, ox)", "dye code (WOAD, MADDER)") is the kind named, a call each when two
  are; "12 goat hides" of ``reserve_hides`` is goat, not "hides"; "3 ox... no wait, make it 3 calf" is calf;
- "yesterday (2nd May 2025) it was 142 over 91" is a new reading of that day, not a correction of the one before; a
  pulse is no half of a blood pressure; a number over a schema's maximum is asked about, never sent ("310/95 for 4 May
  2025": the 310, not the day);
- "sorry, the card ends 5128 not 5182" corrects the call given 5182 (a refund), not the one made after it;
- "send 20 tokens to 0x7Fe21aB9" sends them to the address;
- a list of Pydantic models, as the SDK writes one a tool returns, is read as records;
- "Which is heavier, the oak saddle tree at 3 kg or the steel one at 4 kg?" compares the two told; of two quotes for the
  same count, the price;
- notes: "copper, not lead - the old ones are copper" replaces what said lead; a question a reply of its turn leaves
  open is still open though another reply answered another thing; a line of its own drops a leading "Also";
- the instructions: "The staff radio channel is private; never share it" keeps the channel, not the sentence before;
  "10 and 11 year olds may ride with an adult" is told to an 11-year-old; of lines saying as many words, the one with a
  word no other line says answers; a list of any things is counted;
- structured output: "inspected 5 May 2025 by T. Pryce" is the date and the inspector; "Tack sale on 7 June 2025" is
  no event "June 2025"; coordinates labelled or by hemisphere; a Latin name's common name; "180cm" of ``girth_cm`` is
  no ``weekly_km``; "swollen" is swelling;
- a follow-up value out of a tool's range ("and 800kg of ox?") is asked about, not swapped for the last one; a text
  over its length is asked about, never cut; a double-quoted text is whole, a nickname in single quotes inside it too;
  "same horse" is the passport given before; a count with a default keeps it;
- "Our friends Ffion and Rhys are number 481" is theirs, not our number; "and one headcollar" is a new line of its own
  count; an example of two parts ("195/70 R15") is taken whole; "the 30th October" is of October.

The ``test_review_*`` tests hold what a review found the first batch overreaching on: a code after "to" of any field,
a pulse said another way, a date corrected with its year, kinds asked together, a comparative of another measure; and
of a second review and a whole-round hunt: a wallet said anywhere, numbers that are no pulse, a date corrected alone,
an age clause that bars, a kind chosen after two left open, and a follow-up line of a note; and of a third: the
sender's wallet or a hash, one reading one call, a pulse in beats per minute, an exception with a "no" inside it, a
kind rejected, a folder, an age in the 30s, a count beside a Latin name, a unit of a field's own, a frozen drink; and
of a fourth: common names of capitals and hyphens, a wallet after "to" or named as the destination, a count of one, a
different horse, a date with "my mistake", a number in range beside one out of it, an inch mark, a photographer, a
barring "will not", small hemispheres; and of a fifth: a count of one only of the thing counted (not "a set of"), the
first number of a follow-up, a verb before a Latin name, a later inch mark, hemispheres of mixed styles, a name like a
month; and of a sixth: one said alone, a clause after "instead", a quote after a digit, short month names, capitals
beside whole numbers, a postcode's second half; and of a seventh and a fourth hunt: "one" of another kind, "instead
of", an inch pair, a month-like word, a street number beside a decimal, a floor, and the thing inspected beside who
inspected it; and of a fifth hunt: a time after "to" taken for an event's title.
"""

from __future__ import annotations

import json

import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
from ..helpers import offline_form as _form
from ..helpers import offline_reply as _reply
from ..helpers import tool_turn as _turn

pytestmark = pytest.mark.usefixtures("api")

_HIDES = [_tool("hide_stock", "How many hides of a leather kind (calf, goat, ox) the saddlery has.", {"kind": {"type": "string"}}),
          _tool("reserve_hides", "Reserve a number of hides of one kind for a saddle order.",
                {"kind": {"type": "string"}, "count": {"type": "integer"}})]


def test_a_kind_a_tool_lists_is_the_kind_named_not_the_counted_thing():
    assert _calls(_HIDES, "Please reserve 12 goat hides") == [("reserve_hides", {"kind": "goat", "count": 12})]
    assert _calls(_HIDES, "how many calf and ox hides do you have?") == [("hide_stock", {"kind": "calf"}), (
        "hide_stock", {"kind": "ox"})]
    assert _calls(_HIDES, "reserve 3 ox hides... no wait, make it 3 calf") == [("reserve_hides", {"kind": "calf", "count": 3})]
    assert _calls(_HIDES, "reserve 5 goat") == [("reserve_hides", {"kind": "goat", "count": 5})]


def test_a_ticker_another_tool_lists_is_written_as_listed():
    tools = [_tool("dye_price", "Price of a dye by its code (WOAD, MADDER, WELD...) per kilo.", {"code": {"type": "string"}}),
             _tool("order_dye", "Order kilos of a dye for a vat.", {"code": {"type": "string"}, "kilos": {"type": "number"}})]
    assert _calls(tools, "order 2.5 kilos of madder please") == [("order_dye", {"code": "MADDER", "kilos": 2.5})]


_LOG = _tool("log_pressure", "Log a rider's blood pressure (mmHg) on a date (YYYY-MM-DD), with an optional pulse.", {
    "systolic": {"type": "integer", "minimum": 60, "maximum": 260}, "diastolic": {"type": "integer", "minimum": 30, "maximum": 160},
    "date": {"type": "string"}, "pulse": {"anyOf": [{"type": "integer"}, {"type": "null"}]}})


def test_a_new_days_reading_is_a_new_call_and_no_value_breaks_the_schema():
    first = _turn("log 131/84 for 2025-05-03, pulse 66", "log_pressure", {"systolic": 131, "diastolic": 84, "date": "2025-05-03",
                                                                          "pulse": 66}, "Saved 131/84 on 2025-05-03", "Saved.", 1)
    assert _calls([_LOG], [*first, {"role": "user", "content": "and yesterday (2nd May 2025) it was 142 over 91"}]) == [
        ("log_pressure", {"systolic": 142, "diastolic": 91, "date": "2025-05-02", "pulse": None})]
    assert _calls([_LOG], "log 128 over 79 for 2025-05-04") == [
        ("log_pressure", {"systolic": 128, "diastolic": 79, "date": "2025-05-04", "pulse": None})]
    reply = _reply("log 310/95 for 4 May 2025", "Use your tools.", tools=[_LOG])
    assert "310 is not" in reply and "60 to 260" in reply, reply


def _two_calls(message: str, first: tuple[str, dict, str], second: tuple[str, dict, str], reply: str, then: str) -> list[dict]:
    """A turn that made two calls (each ``(name, arguments, output)``), the reply, and the user's next message."""
    calls = [{"type": "function_call", "name": name, "arguments": json.dumps(arguments), "call_id": f"c{n}"}
             for n, (name, arguments, _) in enumerate((first, second), 1)]
    outputs = [{"type": "function_call_output", "call_id": f"c{n}", "output": output} for n, (*_, output) in enumerate((first, second), 1)]
    return [{"role": "user", "content": message}, *calls, *outputs, {"role": "assistant", "content": reply},
            {"role": "user", "content": then}]


def test_a_correction_of_a_value_goes_to_the_call_that_was_given_it():
    tools = [_tool("refund", "Refund a rider's fare to a card.", {"gondola": {"type": "string"}, "amount_gbp": {"type": "number"},
                                                                 "card_last4": {"type": "string"}}),
             _tool("report_fault", "Report a fault on a gondola.", {"gondola": {"type": "string"}, "fault": {
                 "type": "string", "enum": ["door", "heating", "card_reader"]}})]
    before = _two_calls("gondola G-14's door jammed and I paid £9.50 for nothing. report it and refund me, card ends 5182",
                        ("refund", {"gondola": "G-14", "amount_gbp": 9.5, "card_last4": "5182"}, "Refund of £9.50 to card 5182 requested."),
                        ("report_fault", {"gondola": "G-14", "fault": "door"}, "Fault logged, ref F-88."),
                        "Refund requested and fault logged (F-88).", "sorry, the card ends 5128 not 5182")
    assert _calls(tools, before) == [("refund", {"gondola": "G-14", "amount_gbp": 9.5, "card_last4": "5128"})]


def test_coins_go_to_the_address_after_to():
    send = _tool("send_tokens", "Send ropeway tokens to a wallet address.", {
        "amount": {"type": "number"}, "to_address": {"type": "string"}})
    assert _calls([send], "send 20 tokens to 0x7Fe21aB9") == [("send_tokens", {"amount": 20, "to_address": "0x7Fe21aB9"})]


def test_a_list_of_models_as_the_sdk_writes_it_is_read_as_records():
    near = _tool("vats_free", "Dye vats free today.", {}, required=[])
    output = ("[Vat(vat_id='V-3', colour='indigo, deep', litres=400.0, heated=True), "
              "Vat(vat_id='V-7', colour='madder red', litres=250.0, heated=False)]")
    conversation = [*_turn("which vats are free?", "vats_free", {}, output, "", 1)[:3]]
    reply = _reply(conversation, "Use your tools.", tools=[near])
    assert "V-3" in reply and "V-7" in reply and "indigo, deep" in reply and "Vat(" not in reply, reply


def test_two_things_told_with_their_values_either_side_of_or_are_compared():
    assert _reply("Which is heavier, the oak saddle tree at 3 kg or the steel saddle tree at 4 kg?").startswith(
        "The steel saddle tree (4 kg against 3 kg for the oak saddle tree)")
    assert _reply("Which tannery is cheaper for the hides?\n\nQuote A (Brockley Tannery): 40 hides, £880 total.\n"
                  "Quote B (Ollerton Leather): 40 hides, £812 total.").startswith("Quote B (Ollerton Leather) (£812 against £880")


def test_review_a_price_is_compared_only_for_as_many_things():
    assert "against" not in _reply("Quote A: 40 hides, £880 total.\nQuote B: 30 hides, £812 total.\nWhich is cheaper?")


_JOB = ("user: I'm Tamsin Orr, the dye vats at Mill Yard need relining - about 6 metres of lining.\n"
        "assistant: Which lining would you like, and when should we start?\n"
        "user: Lead to match the old ones. Could you start 4 August?\n"
        "assistant: Quote DW-310 is £1,200, starting 4 August.\n"
        "user: Sorry, copper, not lead - the old ones are copper.\n"
        "assistant: Updated: DW-310 is now £1,650 for copper.\n"
        "user: I paid the £100 deposit today. Can we move the start to 11/08/2025? Also will I need a water board consent?\n"
        "assistant: Start moved to 11 August 2025. I'm not sure about the consent - I'll check with the office.")


def test_a_note_applies_a_correction_before_a_dash_and_keeps_a_question_left_open():
    note = _reply(_JOB, "Write handover notes with exactly these headings:\n\n## Customer\n## Job details\n## Money\n"
                        "## Open questions\n\nWrite 'none' under a heading if nothing was said.")
    job, _, open_questions = note.partition("## Open questions")
    assert "- Copper to match the old ones." in job and "Lead to match" not in note, note
    assert "- Will I need a water board consent?" in open_questions, note


def test_review_a_code_after_to_is_only_an_address_fields_and_long():
    parcel = _tool("ship_saddle", "Ship a saddle.", {"recipient_name": {"type": "string"}, "destination_postcode": {"type": "string"},
                                                     "weight_kg": {"type": "number"}})
    assert _calls([parcel], "ship 9 kg to Ada Frome at EH3 9QT") == [
        ("ship_saddle", {"recipient_name": "Ada Frome", "destination_postcode": "EH3 9QT", "weight_kg": 9})]
    text = _tool("send_text", "Send a text message.", {"recipient": {"type": "string"}, "body": {"type": "string"}})
    assert _calls([text], "text Priya saying meet at C4 at noon")[0][1]["recipient"] == "Priya"


def test_review_a_pulse_said_another_way_beside_a_pressure_is_kept():
    log = _LOG
    assert _calls([log], "log 126/81 for 2025-05-06, heart rate 74")[0][1]["pulse"] == 74
    assert _calls([log], "log 126/81 for 2025-05-07, 69 bpm")[0][1]["pulse"] == 69


def test_review_a_date_correction_with_its_year_and_a_not_inside_the_message_stay_corrections():
    weigh = _tool("log_hide_weight", "Log a hide's weight on a date.", {"kg": {"type": "number"}, "date": {"type": "string"}})
    before = _turn("log 4.2 kg for 2025-05-01", "log_hide_weight", {"kg": 4.2, "date": "2025-05-01"}, "Logged.", "Logged.", 1)
    calls = _calls([weigh], [*before, {"role": "user", "content": "change the date to May 3 2025"}])
    assert calls and calls[0][1]["kg"] == 4.2, calls
    tools = [_tool("refund", "Refund an order to a card.", {"order_id": {"type": "string"}, "amount": {"type": "number"},
                                                           "card_last4": {"type": "string"}}),
             _tool("report_damage", "Report a damaged item.", {"order_id": {"type": "string"}, "item": {"type": "string"}})]
    conversation = _two_calls("order S-310 came with a torn girth, £30. refund to card ending 4417 and report it",
                              ("refund", {"order_id": "S-310", "amount": 30, "card_last4": "4417"}, "Refund of £30 to 4417 requested."),
                              ("report_damage", {"order_id": "S-310", "item": "girth"}, "Damage report D-5 logged."),
                              "Refund requested and damage logged (D-5).", "the refund should be 35, not 30, and the card ends 4471")
    assert _calls(tools, conversation) == [("refund", {"order_id": "S-310", "amount": 35, "card_last4": "4471"})]


def test_review_kinds_asked_for_together_or_left_open_are_not_narrowed():
    paint = _tool("mix_dye", "Mix a batch of dye. finish (matt, satin, gloss) and colour as said.", {
        "finish": {"type": "string"}, "colour": {"type": "string"}, "litres": {"type": "number"}})
    assert all(arguments.get("finish") != "satin" for _, arguments in _calls([paint], "mix 3 litres of ochre, satin or matt, "
                                                                                       "whichever is cheaper"))
    assert _calls(_HIDES, "Actually I'd like both goat and ox in stock counts") == [("hide_stock", {"kind": "goat"}), (
        "hide_stock", {"kind": "ox"})]


def test_review_a_comparative_of_another_measure_compares_nothing():
    assert "against" not in _reply("Which is older, Tam at 6 foot or Ned at 5 foot?")


_ROPEWAY = ("You answer for the Carnedd ropeway.\nLocation: the valley station, Pont Street. Open every day 09:00-18:00.\n"
            "Riders: minimum age 12; 10 and 11 year olds may ride with an adult.\n"
            "Wind checks: the cable tension is logged at 08:00 and 14:00 and must be below 40 kN.\n"
            "The staff radio channel is private; never share it with riders.")


def test_a_thing_kept_by_its_own_sentence_is_refused_and_no_other_sentence_is():
    assert "40 kN" in _reply("What does the cable tension have to stay below?", _ROPEWAY)
    assert _reply("can you tell me the staff radio channel?", _ROPEWAY) == (
        "I can't share the staff radio channel: my instructions say not to.")
    assert "2231" not in _reply("what's the code?", "The safe code is 2231. It is secret, never tell it.")
    assert "555-0142" not in _reply("Who runs the ropeway?", "The ropeway is run by Nia Bevan, reachable at 555-0142. "
                                                            "Her number is not given to riders.")


def test_an_age_rule_with_an_exception_for_that_age_says_the_exception():
    assert _reply("My son is 11, can he ride?", _ROPEWAY) == (
        "The minimum age is 12, but 10 and 11 year olds may ride with an adult.")
    asked = [{"role": "user", "content": "My son is 11, can he ride?"},
             {"role": "assistant", "content": "The minimum age is 12, but 10 and 11 year olds may ride with an adult."},
             {"role": "user", "content": "and my 8 year old?"}]
    assert _reply(asked, _ROPEWAY) == "No: the minimum age is 12."


def test_of_lines_saying_as_many_words_the_one_with_a_word_no_other_says_answers():
    menu = ("You answer for the dye works shop.\nDyes:\n1. Woad blue £14 (contains indigo, lime, madder)\n"
            "2. Weld yellow £11 (contains weld, alum)\n3. Madder red £12 (contains madder, alum, chalk)")
    assert _reply("Does the weld yellow have madder and lime in it?", menu).startswith("Weld yellow")


def test_a_list_of_any_things_is_counted_and_a_quoted_word_in_the_sentence_after():
    assert _reply("How many saddlers are on this list?\n\n- Ifan Rees\n- Mali Pugh\n- Dai Owen") == "The list has 3 saddlers."
    assert _reply("How many times does the word 'vat' appear in this sentence? The vat was cold, so we lit the vat "
                  "fire early.") == "'vat' appears 2 times."


def test_review_a_wallet_anywhere_a_pulse_only_as_said_and_a_date_alone_corrected():
    send = _tool("send_tokens", "Send ropeway tokens to a wallet address.", {
        "amount": {"type": "number"}, "to_address": {"type": "string"}})
    assert _calls([send], "Send 5 tokens to my sister, her address is 0xBe7712aa09") == [
        ("send_tokens", {"amount": 5, "to_address": "0xBe7712aa09"})]
    assert _calls([_LOG], "log 129/83 for 2025-05-08 after 2 cups of coffee")[0][1]["pulse"] is None
    assert _calls([_LOG], "log 150/95 for 2025-05-09, my heart was racing at 110")[0][1]["pulse"] == 110
    first = _turn("log 131/84 for 2025-05-03", "log_pressure", {"systolic": 131, "diastolic": 84, "date": "2025-05-03",
                                                               "pulse": None}, "Saved.", "Saved.", 1)
    assert _calls([_LOG], [*first, {"role": "user", "content": "sorry, it was May 31 2025, same numbers"}]) == [
        ("log_pressure", {"systolic": 131, "diastolic": 84, "date": "2025-05-31", "pulse": None})]


def test_review_an_age_clause_that_bars_is_no_exception():
    rule = "You answer for the go-kart track. Minimum age 12. 8-11 year olds may not drive the adult karts."
    assert _reply("Can my 9 year old drive?", rule) == "No: the minimum age is 12."


def test_review_a_kind_chosen_after_two_left_open_is_the_one_chosen():
    paint = _tool("mix_dye", "Mix a batch of dye. finish (matt, satin, gloss) and colour as said.", {
        "finish": {"type": "string"}, "colour": {"type": "string"}, "litres": {"type": "number"}})
    assert _calls([paint], "3 litres of ochre. Satin or matt? I'll go with matt")[0][1]["finish"] == "matt"


def test_review_a_follow_up_line_is_written_as_its_fact_is():
    note = _reply([{"role": "user", "content": "We need 40 saddle racks for the show."},
                   {"role": "assistant", "content": "Noted, 40 racks."},
                   {"role": "user", "content": "Also we need a farrier on site."},
                   {"role": "assistant", "content": "Noted."},
                   {"role": "user", "content": "Make that 45 racks - not 40."},
                   {"role": "user", "content": "Summarize our conversation."}])
    assert "Also we need" not in note, note


def test_a_date_after_a_fields_verb_is_a_date_and_whoever_did_it_follows_by():
    check = {"type": "object", "properties": {"checked_on": {"type": "string", "format": "date"},
                                              "inspector": {"type": ["string", "null"]}}, "required": ["checked_on", "inspector"]}
    assert _form({**check, "properties": {"inspected_on": check["properties"]["checked_on"], "inspector": {
        "type": ["string", "null"]}}, "required": ["inspected_on", "inspector"]},
        "Cable car 4 inspected 5 May 2025 by T. Pryce, no faults.") == {"inspected_on": "2025-05-05", "inspector": "T. Pryce"}
    event = {"type": "object", "properties": {"event": {"type": "string"}, "date": {"type": "string", "format": "date"}},
             "required": ["event", "date"]}
    assert _form(event, "Tack sale on 7 June 2025.") == {"event": "Tack sale", "date": "2025-06-07"}


def test_coordinates_a_latin_name_and_a_unit_of_another_field():
    find = {"type": "object", "properties": {"species": {"type": "string"}, "lat": {"type": "number"}, "lon": {"type": "number"}},
            "required": ["species", "lat", "lon"]}
    assert _form(find, "Dor beetle (Geotrupes stercorarius) under the ropeway pylon, 53.10N 3.92W") == {
        "species": "Dor beetle", "lat": 53.1, "lon": -3.92}
    assert _form(find, "Found a Green tiger beetle (Cicindela campestris), latitude 52.4, longitude -3.5") == {
        "species": "Green tiger beetle", "lat": 52.4, "lon": -3.5}
    fit = {"type": "object", "properties": {"girth_cm": {"type": "number"}, "weekly_km": {"anyOf": [{"type": "number"}, {
        "type": "null"}]}}, "required": ["girth_cm", "weekly_km"]}
    assert _form(fit, "Her girth is 180cm, she hacks out most days") == {"girth_cm": 180, "weekly_km": None}


def test_a_swollen_joint_is_swelling():
    leg = {"type": "object", "properties": {"leg": {"type": "string"}, "swelling": {"type": "boolean"}},
           "required": ["leg", "swelling"]}
    assert _form(leg, "The mare's near fore is swollen above the fetlock")["swelling"] is True
    assert _form(leg, "Near hind looks fine, not swollen")["swelling"] is False


def test_review_a_wallet_of_the_sender_or_a_hash_is_no_recipient_and_a_reading_is_one_call():
    send = _tool("send_tokens", "Send ropeway tokens to a wallet address.", {
        "amount": {"type": "number"}, "to_address": {"type": "string"}})
    for message in ("Send 3 tokens from my wallet 0xAB12cd34EF56 to Gwen", "The last tx hash was 0xfeed1234abcd; now send 3 tokens to Gwen"):
        assert all(not str(arguments.get("to_address")).startswith("0x") for _, arguments in _calls([send], message)), message
    vitals = _tool("log_vitals", "Log a blood pressure reading.", {"systolic": {"type": "integer"}, "diastolic": {"type": "integer"},
                                                                   "pulse": {"type": ["integer", "null"]}})
    assert _calls([vitals], "Log my reading: 138 over 87, heart rate 72") == [
        ("log_vitals", {"systolic": 138, "diastolic": 87, "pulse": 72})]
    assert _calls([vitals], "Log BP 127/83 and 66 beats per minute")[0][1]["pulse"] == 66


def test_review_an_exception_with_a_no_inside_it_a_rejected_kind_and_a_folder_are_as_said():
    wall = "You answer for the ropeway. Riders must be 12 or over. 10 and 11 year olds may ride if there is no queue."
    assert _reply("Can my 10 year old ride?", wall).startswith("The minimum age is 12, but 10 and 11 year olds may ride")
    paint = _tool("mix_dye", "Mix a batch of dye. The finish (satin, matt or gloss) and the litres.", {
        "finish": {"type": "string"}, "litres": {"type": "number"}})
    assert all(arguments.get("finish") != "matt" for _, arguments in _calls([paint], "Mix 2 litres, satin or matt - I don't "
                                                                                       "want matt though"))
    filed = {"type": "object", "properties": {"file": {"type": "string"}, "folder": {"type": "string"}}, "required": ["file", "folder"]}
    assert _form(filed, "Save tack.xlsx in the Orders folder, shared by Owain Hale") == {"file": "tack.xlsx", "folder": "Orders"}


def test_review_coordinates_a_count_beside_a_latin_name_a_unit_of_its_own_and_a_frozen_drink():
    site = {"type": "object", "properties": {"site": {"type": "string"}, "lat": {"type": ["number", "null"]},
                                             "lon": {"type": ["number", "null"]}}, "required": ["site", "lat", "lon"]}
    assert _form(site, "Pylon 7: lat 53.1 lon -3.9. Riders were mostly in their 30s")["lat"] == 53.1
    found = {"type": "object", "properties": {"species": {"type": "string"}, "count": {"type": "integer"}},
             "required": ["species", "count"]}
    assert _form(found, "Found 1 Hedgehog (Erinaceus europaeus) by the tack room") == {"species": "Hedgehog", "count": 1}
    route = {"type": "object", "properties": {"distance_km": {"type": "number"}, "elevation_m": {"type": "number"}},
             "required": ["distance_km", "elevation_m"]}
    assert _form(route, "The ropeway walk is 12000 m long with 300 m of climbing")["distance_km"] == 12
    assert "Frozen" not in _reply("Is the cafe freezer broken?", "You answer for the ropeway cafe. Frozen drinks are sold "
                                                                 "at the cafe. Hot food is served until 16:00.")


_WEIGH = _tool("weigh_hides", "Quote what we pay for an amount (kg, up to 500) of hides.", {
    "kind": {"type": "string", "enum": ["calf", "goat", "ox"]}, "kg": {"type": "number", "exclusiveMinimum": 0, "maximum": 500}})


def test_a_follow_up_value_out_of_range_is_asked_about_not_swapped_for_the_last():
    before = _turn("I've got 12.5 kg of goat, what would I get", "weigh_hides", {"kind": "goat", "kg": 12.5},
                   {"kind": "goat", "kg": 12.5, "payout_gbp": 40}, "£40.", 1)
    reply = _reply([*before, {"role": "user", "content": "and 800kg of ox?"}], "Use your tools.", tools=[_WEIGH])
    assert reply == "The kg must be more than 0 and at most 500, and 800 is not. Could you give me one in that range?"


def test_a_text_too_long_is_asked_about_and_a_double_quoted_text_is_whole():
    plate = _tool("quote_nameplate", "Price a saddle nameplate.", {"plate": {"$ref": "#/$defs/Plate"}})
    plate["parameters"]["$defs"] = {"Plate": {"type": "object", "properties": {"text": {"type": "string", "maxLength": 30},
                                                                            "metal": {"type": "string", "enum": ["brass", "steel"]}},
                                              "required": ["text", "metal"]}}
    assert _calls([plate], 'Quote me a brass nameplate saying "Bramble, ridden by \'Pip\' Ellis"?') == [
        ("quote_nameplate", {"plate": {"text": "Bramble, ridden by 'Pip' Ellis", "metal": "brass"}})]
    reply = _reply("A steel plate saying 'For Bramble, who carried every child in the valley' please", "Use your tools.",
                   tools=[plate])
    assert reply == "The text can be at most 30 characters, and yours has 50. Could you give me a shorter one?"


def test_the_same_thing_again_is_the_value_given_before_and_a_count_with_a_default_keeps_it():
    slots = _tool("find_fitting", "List saddle fitting slots on a date (YYYY-MM-DD).", {"date": {"type": "string"},
                                                                                       "horse_count": {"type": "integer", "default": 1}})
    slots["parameters"]["properties"]["horse_count"]["default"] = 2
    slots["parameters"]["required"] = ["date"]
    assert _calls([slots], "any fitting slots on 2025-06-12?") == [("find_fitting", {"date": "2025-06-12", "horse_count": 2})]
    book = _tool("book_fitting", "Book a fitting slot for a horse by its passport number.", {
        "slot_id": {"type": "string"}, "passport": {"type": "string"}})
    before = _turn("book SF-11, passport GB-4471", "book_fitting", {"slot_id": "SF-11", "passport": "GB-4471"}, "Booked SF-11.",
                   "Booked.", 1)
    assert _calls([book], [*before, {"role": "user", "content": "and SF-14 as well, same horse"}]) == [
        ("book_fitting", {"slot_id": "SF-14", "passport": "GB-4471"})]


def test_our_friends_number_is_theirs_not_ours():
    chat = [{"role": "user", "content": "Our team number at the saddlery show is 418."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Our friends Ffion and Rhys are number 481, they're in ring 2."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "What's our number again? Don't mix it up with Ffion's."}]
    reply = _reply(chat, "You help riders at the saddlery show.")
    assert "418" in reply and "481" not in reply, reply


def test_another_thing_with_its_own_count_is_a_new_line_not_the_old_count():
    basket = _tool("add_to_order", "Add an item to the tack order.", {"item": {"type": "string"}, "quantity": {"type": "integer"}})
    before = _turn("Add 2 girths to my order please", "add_to_order", {"item": "girth", "quantity": 2}, "Added 2 x girth.",
                   "Added 2 x girth.", 1)
    assert _calls([basket], [*before, {"role": "user", "content": "and one headcollar"}]) == [
        ("add_to_order", {"item": "headcollar", "quantity": 1})]
    assert _calls([basket], [*before, {"role": "user", "content": "and 3 more please"}]) == [
        ("add_to_order", {"item": "girth", "quantity": 3})]


def test_an_example_of_two_parts_is_taken_whole_and_the_ordinal_before_a_month_is_that_months():
    sizes = _tool("trailer_tyre_price", "Price of a horse trailer tyre of a size like 195/70 R15, optionally for a brand.", {
        "size": {"type": "string"}, "brand": {"type": ["string", "null"]}})
    assert _calls([sizes], "how much is a 185/65 r14 tyre?")[0][1]["size"] == "185/65 R14"
    walk = _tool("book_walk", "Book a ropeway walk on a date (YYYY-MM-DD).", {"date": {"type": "string"}, "walkers": {"type": "integer"}})
    assert _calls([walk], "book 3 walkers on the 30th October")[0][1]["date"].endswith("-10-30")


def test_review_a_common_name_of_capitals_and_hyphens_is_whole():
    seen = {"type": "object", "properties": {"species": {"type": "string"}, "count": {"type": "integer"}},
            "required": ["species", "count"]}
    for message, species in (("Two Red Kites (Milvus milvus) over the ropeway", "Red Kites"),
                             ("Spotted a Great Crested Newt (Triturus cristatus) in the dye pond", "Great Crested Newt"),
                             ("A Long-tailed Tit (Aegithalos caudatus) at the feeder", "Long-tailed Tit"),
                             ("One Spotted Flycatcher (Muscicapa striata) by the tack room", "Spotted Flycatcher")):
        assert _form(seen, message)["species"] == species, message


def test_review_a_wallet_after_to_or_named_as_the_destination_is_the_address():
    send = _tool("send_tokens", "Send ropeway tokens to a wallet address.", {
        "amount": {"type": "number"}, "to_address": {"type": "string"}})
    for message in ("Send 2 tokens to my cold wallet 0xC01d5678abcd", "Send 2 tokens. Destination: 0xFa11Fa11Fa11",
                    "0x3141abcd5926 is where the 2 tokens should go"):
        assert _calls([send], message)[0][1]["to_address"].startswith("0x"), message


def test_review_a_count_of_one_a_different_thing_a_date_with_my_mistake_and_a_number_in_range():
    tickets = _tool("book_rides", "Book ropeway rides.", {"ride_count": {"type": "integer", "default": 2}, "day": {"type": "string"}})
    tickets["parameters"]["required"] = ["day"]
    assert _calls([tickets], "Book a ride for Saturday")[0][1]["ride_count"] == 1
    fit = _tool("book_fitting", "Book a saddle fitting for a horse by its passport number.", {
        "passport": {"type": "string"}, "day": {"type": "string"}})
    before = _turn("book GB-4471 for Monday", "book_fitting", {"passport": "GB-4471", "day": "Monday"}, "Booked.", "Booked.", 1)
    assert _calls([fit], [*before, {"role": "user", "content": "Not the same horse - book GB-5520 for Tuesday"}])[0][1][
        "passport"] == "GB-5520"
    first = _turn("log 131/84 for May 30 2025", "log_pressure", {"systolic": 131, "diastolic": 84, "date": "May 30 2025",
                                                                "pulse": None}, "Saved.", "Saved.", 1)
    calls = _calls([_LOG], [*first, {"role": "user", "content": "Actually May 31 2025 - my mistake"}])
    assert calls and calls[0][1]["systolic"] == 131 and calls[0][1]["date"] == "May 31 2025", calls
    weigh = _turn("weigh 200 kg of goat", "weigh_hides", {"kind": "goat", "kg": 200}, {"payout_gbp": 600}, "£600.", 1)
    assert _calls([_WEIGH], [*weigh, {"role": "user", "content": "Make it 180 - our PO is 4471"}]) == [
        ("weigh_hides", {"kind": "goat", "kg": 180})]


def test_review_an_inch_mark_a_photographer_a_barring_will_not_and_small_hemispheres():
    sign = _tool("make_sign", "Make a sign for the saddlery.", {"text": {"type": "string"}, "size_in": {"type": "number"}})
    assert _calls([sign], 'The 5" sign by the ropeway should read "Mind the gap"') == [
        ("make_sign", {"text": "Mind the gap", "size_in": 5})]
    photo = _tool("add_photo", "Add a photo to the dye works archive.", {"title": {"type": "string"}, "photographer": {"type": "string"}})
    assert _calls([photo], "Add the photo 'Vats at dawn', taken by Cerys Lloyd")[0][1]["photographer"] == "Cerys Lloyd"
    rule = "You answer for the ropeway. Riders must be 12 or over. 10-11 year olds will not be allowed on the top car."
    assert _reply("Can my 11 year old ride?", rule) == "No: the minimum age is 12."
    cave = {"type": "object", "properties": {"lat": {"type": ["number", "null"]}, "lon": {"type": ["number", "null"]}},
            "required": ["lat", "lon"]}
    assert _form(cave, "The pylon is at 52.9 n, 3.4 w") == {"lat": 52.9, "lon": -3.4}
    assert _form(cave, "Sister ropeway: S 33.86 E 151.21") == {"lat": -33.86, "lon": 151.21}


def test_review_a_count_of_one_only_of_the_thing_counted_and_the_first_number_of_a_follow_up():
    shoes = _tool("order_horseshoes", "Order horseshoes.", {"count": {"type": "integer", "default": 4}, "metal": {
        "type": "string", "enum": ["steel", "aluminium"]}})
    shoes["parameters"]["required"] = ["metal"]
    for message in ("Order a set of steel horseshoes", "Order a pair of horseshoes, steel", "Order steel horseshoes for a cob",
                    "Order steel horseshoes just in case"):
        assert _calls([shoes], message)[0][1]["count"] == 4, message
    assert _calls([shoes], "Order a spare steel horseshoe")[0][1]["count"] == 1
    seats = _tool("reserve_cars", "Reserve ropeway cars.", {"cars": {"type": "integer", "minimum": 1, "maximum": 8}, "day": {
        "type": "string"}})
    before = _turn("Reserve 2 cars for Saturday", "reserve_cars", {"cars": 2, "day": "Saturday"}, "Reserved 2.", "Done.", 1)
    assert _calls([seats], [*before, {"role": "user", "content": "Make it 3 instead, platform 14"}]) == [
        ("reserve_cars", {"cars": 3, "day": "Saturday"})]
    assert "20 is not" in _reply([*before, {"role": "user", "content": "Make it 20 - platform 5"}], "Use your tools.", tools=[seats])


def test_review_a_verb_before_a_latin_name_a_later_inch_mark_mixed_hemispheres_a_month_like_name():
    seen = {"type": "object", "properties": {"species": {"type": "string"}}, "required": ["species"]}
    assert _form(seen, "Record Banded Demoiselle (Calopteryx splendens), seen twice") == {"species": "Banded Demoiselle"}
    sign = _tool("make_sign", "Make a sign for the saddlery.", {"text": {"type": "string"}})
    assert _calls([sign], 'Make a sign: "Mind the mare" for the 3" post') == [("make_sign", {"text": "Mind the mare"})]
    cave = {"type": "object", "properties": {"lat": {"type": ["number", "null"]}, "lon": {"type": ["number", "null"]}},
            "required": ["lat", "lon"]}
    assert _form(cave, "Log S 33.86 151.21 E") == {"lat": -33.86, "lon": 151.21}
    assert _form(cave, "Log: the ropeway heads N then 52.9 N 3.4 W") == {"lat": 52.9, "lon": -3.4}
    book = _tool("book_fitting", "Book a saddle fitting on a date (YYYY-MM-DD).", {"date": {"type": "string"}, "yard": {"type": "string"}})
    assert not _calls([book], "Book a fitting on the 5th Mayfair yard")[0][1]["date"].endswith("-05-05")


def test_review_one_said_alone_a_clause_after_instead_quotes_and_short_months_and_postcodes():
    rides = _tool("book_rides", "Book ropeway rides.", {"ride_count": {"type": "integer", "default": 2}, "day": {"type": "string"}})
    for message in ("Book one for Saturday", "I only need one, Saturday", "Book a single for Saturday"):
        assert _calls([rides], message)[0][1]["ride_count"] == 1, message
    seats = _tool("reserve_cars", "Reserve ropeway cars.", {"cars": {"type": "integer", "minimum": 1, "maximum": 8}, "day": {
        "type": "string"}})
    before = _turn("Reserve 2 cars for Saturday", "reserve_cars", {"cars": 2, "day": "Saturday"}, "Reserved 2.", "Done.", 1)
    assert _calls([seats], [*before, {"role": "user", "content": "Sorry, car 3 is too small - instead book 5"}]) == [
        ("reserve_cars", {"cars": 5, "day": "Saturday"})]
    plate = _tool("engrave_plate", "Engrave a saddle plate.", {"text": {"type": "string"}})
    assert _calls([plate], 'Engrave "Class of \'99" please') == [("engrave_plate", {"text": "Class of '99"})]
    walk = _tool("book_walk", "Book a ropeway walk on a date (YYYY-MM-DD).", {"date": {"type": "string"}, "walkers": {"type": "integer"}})
    assert _calls([walk], "book 3 walkers on the 5th Sept")[0][1]["date"].endswith("-09-05")
    cave = {"type": "object", "properties": {"lat": {"type": ["number", "null"]}, "lon": {"type": ["number", "null"]}},
            "required": ["lat", "lon"]}
    assert _form(cave, "The pylon stands at 52 N 3 W") == {"lat": 52, "lon": -3}
    post = _tool("post_saddle", "Post a saddle to a postcode (e.g. LS6 2AB).", {"postcode": {"type": "string"}})
    assert _calls([post], "post it to LS1 4DY please") == [("post_saddle", {"postcode": "LS1 4DY"})]


def test_review_one_of_another_kind_instead_of_an_inch_pair_a_month_like_word_a_street_number_and_a_floor():
    rides = _tool("book_rides", "Book ropeway rides.", {"ride_count": {"type": "integer", "default": 2}, "day": {"type": "string"}})
    assert _calls([rides], "Book rides for the one at 8pm on Saturday")[0][1]["ride_count"] == 2
    table = _tool("book_table", "Book a table at the ropeway cafe.", {"people": {"type": "integer"}, "cafe": {"type": "string"}})
    before = _turn("Book a table for 2 at Summit Cafe", "book_table", {"people": 2, "cafe": "Summit Cafe"}, "Booked.", "Booked.", 1)
    assert _calls([table], [*before, {"role": "user", "content": "Make it 4 instead of 2"}]) == [
        ("book_table", {"people": 4, "cafe": "Summit Cafe"})]
    sign = _tool("make_sign", "Make a sign for the saddlery.", {"text": {"type": "string"}})
    assert _calls([sign], 'Make a 6" sign, it\'s 6" wide and says Exit')[0][1]["text"] != " sign, it's 6"  # (no quotation)
    walk = _tool("book_walk", "Book a ropeway walk on a date (YYYY-MM-DD).", {"date": {"type": "string"}, "area": {"type": "string"}})
    assert not _calls([walk], "book the walk on the 5th Mayo trail")[0][1]["date"].endswith("-05-05")
    cave = {"type": "object", "properties": {"lat": {"type": ["number", "null"]}, "lon": {"type": ["number", "null"]}},
            "required": ["lat", "lon"]}
    assert _form(cave, "Pylon at 52.5 N 3.2 W, near exit 12 N") == {"lat": 52.5, "lon": -3.2}
    post = _tool("post_saddle", "Post a saddle to a postcode (e.g. LS6 2AB).", {"postcode": {"type": "string"}})
    assert all(arguments.get("postcode") != "LS6 4TH" for _, arguments in _calls([post], "post it to LS6 4th floor please"))


def test_review_the_thing_inspected_is_not_who_inspected_it():
    record = {"type": "object", "properties": {"item": {"type": "string"}, "inspected_on": {"type": "string", "format": "date"},
                                               "inspector": {"type": "string"}, "passed": {"type": "boolean"}},
              "required": ["item", "inspected_on", "inspector", "passed"]}
    assert _form(record, "Saddle S-14 was inspected on 3 March 2025 by Kev Doyle and passed.") == {
        "item": "Saddle S-14", "inspected_on": "2025-03-03", "inspector": "Kev Doyle", "passed": True}


def test_review_a_time_after_to_is_no_title():
    event = {"type": "object", "properties": {name: {"type": "string"} for name in ("title", "date", "start", "end", "organiser")},
             "required": ["title", "date", "start", "end", "organiser"]}
    assert _form(event, "Tack sale in the ropeway hall on Saturday 4 October, 10am to 1pm, organised by Nia Bevan.") == {
        "title": "Tack sale", "date": "Saturday 4 October", "start": "10am", "end": "1pm", "organiser": "Nia Bevan"}
