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
  again with its own values ("book pickup of 51902 for 11/08/2025 morning") is not completed from the one before.
"""

from __future__ import annotations

import pytest

from ..helpers import function_tool as _tool
from ..helpers import offline_calls as _calls
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
