"""Guards from a review of this round's rules: each case behaved well before the rules were written, and a first
version of a rule broke it. The rules are: take-backs and orders not to act, prices that are free, percentages, who
sells and who buys, the person instructions name, requests to be told or reminded, "prefer X over Y", corrections
and their "and then" tails, a record picked by a word, next steps, schedules and spans of dates; then, from a second
review, JSON keys after "keys:", lists of a kind, clock times and phones, null, zip codes and fields described in
prose."""

from __future__ import annotations

import json
from typing import Any

import pytest

from memlab.offline.api import OfflineAPI


def fn(name: str, description: str, **fields: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "name": name, "description": description,
            "parameters": {"type": "object", "properties": fields, "required": list(fields)}}


S, N, B = {"type": "string"}, {"type": "number"}, {"type": "boolean"}


def answer(said: list[str] | str, tools: list[dict[str, Any]] | None = None, schema: dict[str, Any] | None = None,
           instructions: str = "You are a helpful assistant.") -> tuple[list[tuple[str, dict[str, Any]]], str]:
    """The calls (name, arguments) and the text the offline API answers the last message with."""
    said = [said] if isinstance(said, str) else said
    turns = [{"role": "user" if k % 2 == 0 else "assistant", "content": text} for k, text in enumerate(
        [part for text in said[:-1] for part in (text, "Got it.")] + said[-1:])]
    body: dict[str, Any] = {"model": "gpt-4.1", "instructions": instructions, "input": turns}
    if tools:
        body["tools"] = tools
    if schema:
        body["text"] = {"format": {"type": "json_schema", "name": "x", "schema": {
            "type": "object", "properties": schema, "required": list(schema)}}}
    output = OfflineAPI().respond(body)["output"]
    calls = [(o["name"], json.loads(o["arguments"])) for o in output if o["type"] == "function_call"]
    text = " ".join(c.get("text", "") for o in output if o["type"] == "message" for c in o["content"])
    return calls, text


ORDERS = [fn("cancel_order", "Cancel an order", order_id=S), fn("get_order", "Look up an order", order_id=S)]


@pytest.mark.parametrize("message", ["Check the status of order 5512. Never mind the tracking link.",
                                     "Look up order 5512 please, never mind the invoice."])
def test_never_mind_a_thing_is_no_take_back_of_the_lookup(message: str) -> None:
    calls, _ = answer(message, ORDERS)
    assert [name for name, _ in calls] == ["get_order"], calls


@pytest.mark.parametrize(("message", "tools", "called"), [
    ("Don't worry about the weather, just book a table for 2 at Luigi's tonight at 7.",
     [fn("book_table", "Book a restaurant table", restaurant=S, party_size={"type": "integer"}, time=S)], "book_table"),
    ("Don't cc anyone, just email bob@x.com saying the report is done.",
     [fn("send_email", "Send an email", to=S, subject=S, body=S)], "send_email"),
    ("Put Dune on hold for me, no need to reserve it.",
     [fn("reserve_book", "Reserve a library book", title=S), fn("hold_item", "Put an item on hold", title=S)],
     "hold_item"),
])
def test_a_negation_of_something_else_leaves_the_order(message: str, tools: list[dict[str, Any]], called: str) -> None:
    calls, _ = answer(message, tools)
    assert [name for name, _ in calls] == [called], calls


@pytest.mark.parametrize(("text", "field", "value"), [
    ("The lamp costs 45 with free shipping.", "price", 45),
    ("Booking fee 15, free cancellation.", "booking_fee", 15),
])
def test_free_something_else_leaves_the_price(text: str, field: str, value: float) -> None:
    _, reply = answer(text, schema={field: N}, instructions="Extract the fields.")
    assert json.loads(reply)[field] == value, reply


def test_a_rate_that_is_no_percentage_keeps_its_number() -> None:
    calls, _ = answer("Log a heart rate of 72, it went up 15% after coffee.",
                      [fn("log_vitals", "Log vitals", heart_rate={"type": "integer"})])
    assert calls == [("log_vitals", {"heart_rate": 72})], calls


def test_a_customer_after_a_date_word_is_no_customer() -> None:
    _, reply = answer("Jane Doe ordered a scarf for her brother Tom. Wrap it for Christmas.",
                      schema={"customer_name": S}, instructions="Extract the order.")
    assert "Christmas" not in reply, reply


@pytest.mark.parametrize("instructions", ["The customer is on the Premium plan.",
                                          "The patient is booked with Dr. Okafor on Friday."])
def test_what_instructions_say_of_the_customer_is_no_name(instructions: str) -> None:
    _, reply = answer("What's my name?", instructions=instructions)
    assert "Premium" not in reply and "Okafor" not in reply, reply


def test_a_name_after_with_is_still_the_customers() -> None:
    _, reply = answer("Support call with Jane Doe about a late refund.", schema={"customer_name": S},
                      instructions="Extract the fields.")
    assert json.loads(reply)["customer_name"] == "Jane Doe", reply


def test_a_request_to_be_told_keeps_the_fact_beside_it() -> None:
    _, reply = answer(["Tell me if a recipe has nuts, I'm allergic to peanuts.", "What am I allergic to?"])
    assert "peanuts" in reply, reply


def test_over_as_a_preposition_is_no_preference_between_two() -> None:
    _, reply = answer(["I prefer working over the weekend so my weekdays are free.",
                       "Do I prefer working over the weekend?"])
    assert reply.startswith("Yes"), reply


def test_someone_elses_move_is_no_correction_of_where_i_live() -> None:
    _, reply = answer(["I live in Berlin.", "My sister moves to Madrid next month.", "Where do I live?"])
    assert "Berlin" in reply and "Madrid" not in reply, reply


def test_an_oops_about_something_else_adds_no_tail() -> None:
    _, reply = answer(["My flight is BA117.", "Oops, I dropped my phone earlier, it's fine.", "What's my flight?"])
    assert "BA117" in reply and "phone" not in reply, reply


def test_a_record_is_not_picked_by_one_word_when_the_rest_names_another() -> None:
    events = json.dumps([{"id": "evt_311", "title": "design review with Ana"}, {"id": "evt_312", "title": "budget sync"}])
    body = {"model": "gpt-4.1", "instructions": "Manage the calendar.", "tools": [
        fn("list_events", "List events"), fn("cancel_event", "Cancel an event", event_id=S)], "input": [
        {"role": "user", "content": "What's on my calendar?"},
        {"type": "function_call", "call_id": "c1", "name": "list_events", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": events},
        {"role": "assistant", "content": "You have a design review with Ana and a budget sync."},
        {"role": "user", "content": "Also cancel my gym session with Ana."}]}
    calls = [json.loads(o["arguments"]) for o in OfflineAPI().respond(body)["output"] if o["type"] == "function_call"]
    assert {"event_id": "evt_311"} not in calls, calls


def test_a_request_is_still_a_next_step() -> None:
    prompt = "Summarize the chat.\n\n## Request\n## Next steps\n"
    body = {"model": "gpt-4.1", "instructions": prompt, "input": [
        {"role": "user", "content": "I want to upgrade to the Pro plan."}, {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "I'd also like an invoice for my company."},
        {"role": "assistant", "content": "Noted."}]}
    note = OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]
    assert "invoice" in note.partition("## Next steps")[2], note


def test_a_schedule_of_something_holds_its_lines() -> None:
    prompt = "Summarize.\n\n## Medication schedule\n## Questions\n"
    body = {"model": "gpt-4.1", "instructions": prompt, "input": [
        {"role": "user", "content": "I take metformin 500 mg twice a day."}, {"role": "assistant", "content": "OK."}]}
    note = OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]
    assert "metformin" in note.partition("## Medication schedule")[2].partition("## Questions")[0], note


def test_opening_hours_from_and_to_are_no_dates() -> None:
    _, reply = answer("Open from 9 to 5 on weekdays.", schema={"open_from": S, "open_until": S},
                      instructions="Extract the fields.")
    assert "9" in json.loads(reply)["open_from"], reply


def test_keys_described_with_a_colon_are_still_the_keys() -> None:
    _, reply = answer(["Hi, I'm Dana.", "My router keeps dropping every evening.", "It started on Monday.",
                       "Please hand this over."],
                      instructions="Return JSON with the following keys: customer (string: the name), issue (string: "
                                   "the problem).")
    data = json.loads(reply)
    assert list(data) == ["customer", "issue"] and data["customer"] == "Dana", reply


def test_keys_that_are_lists_of_a_kind_are_still_lists() -> None:
    _, reply = answer("Paid $40 on May 3 and $12 on June 1.",
                      instructions="Extract every date and amount as JSON with keys: dates, amounts")
    assert json.loads(reply)["dates"] == ["May 3", "June 1"], reply


@pytest.mark.parametrize(("key", "text", "unwanted"), [
    ("time_zone", "I'm Tom, my time zone is JST; call me at 10:30.", "10:30"),
    ("phone", "Serial 4455667788 is on the label.", "4455667788"),
])
def test_a_key_of_another_kind_takes_no_clock_time_or_serial(key: str, text: str, unwanted: str) -> None:
    _, reply = answer(text, instructions=f"Extract the following fields and return JSON with keys: name, {key}.")
    assert json.loads(reply)[key] != unwanted, reply


def test_a_prompt_that_forbids_null_gets_no_null() -> None:
    _, reply = answer(["Hi, I'm Dana.", "My router keeps dropping.", "It started on Monday.", "Thanks."],
                      instructions="Return JSON with keys: customer, issue, phone. Never use null; write none instead.")
    assert json.loads(reply)["phone"] is not None, reply


def test_a_five_digit_zip_beats_a_pair_that_looks_like_a_uk_postcode() -> None:
    calls, _ = answer("Can you deliver to 94107? It's unit B12 3RD floor.",
                      [fn("check_delivery", "Check delivery availability", zip=S)])
    assert calls == [("check_delivery", {"zip": "94107"})], calls


def test_a_longer_field_name_is_no_sentence_about_a_shorter_one() -> None:
    calls, reply = answer("Book a deluxe single room.", [fn(
        "book_room", "Book a room. room type is one of single, double. type is one of standard, deluxe.",
        type=S, room_type=S)])
    assert not calls or calls[0][1]["type"] != "single", calls
