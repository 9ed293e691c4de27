"""Replies that answer a question from what a tool returned, in this turn or an earlier one.

A bare value (an amount, a time) is put in a sentence that says what it is, from the tool's name and the
call's arguments, never "<tool> returned: ..."; a document of several sentences answers with the sentence that
holds the question's words; a yes/no question about an earlier result or statement opens with "Yes:" or "No:".
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def fetch_wallet_balance(wallet: Literal["travel", "household"]) -> str:
    """Get the balance of one of the user's wallets."""
    return {"travel": "£412.75", "household": "£96.10"}[wallet]


@function_tool
def get_opening_hours(day: Literal["Saturday", "Sunday"]) -> str:
    """Get the gym's opening hours on a weekend day."""
    return {"Saturday": "7am-8pm", "Sunday": "9am to 5pm"}[day]


@function_tool
def book_study_room(room: Literal["Quiet room", "Group room"]) -> str:
    """Book one of the library's study rooms."""
    return "on hold"


@function_tool
def read_cafe_notes(query: str) -> str:
    """Read the café's notes for staff."""
    return "The terrace is closed for lunch in winter."


@function_tool
def search_gym_guide(query: str) -> str:
    """Search the gym's member guide."""
    return "The pool closes at 9pm on weekdays. Towels cost £2 at the front desk. Guests pay £8 for a day pass."


@function_tool
def read_shipping_policy(query: str) -> str:
    """Read the shop's shipping rates and delivery rules."""
    return "Orders over £50 ship free. Parcels to Ireland are not delivered on Sundays."


async def ask(agent: Agent, turns: list[str]) -> list[tuple[list[str], str]]:
    """Each turn's tool calls and reply, the conversation carried from turn to turn."""
    items: list = []
    out = []
    for said in turns:
        result = await Runner.run(agent, [*items, {"role": "user", "content": said}])
        out.append(([i.raw_item.name for i in result.new_items if i.type == "tool_call_item"], result.final_output))
        items = result.to_input_list()
    return out


async def test_a_bare_value_is_told_in_a_sentence_naming_what_it_is_and_for_what() -> None:
    wallet = Agent(name="Wallet", instructions="Use your tools.", tools=[fetch_wallet_balance])
    (_, travel), = await ask(wallet, ["How much is left in my travel wallet?"])
    assert travel == "The wallet balance for travel is £412.75."
    gym = Agent(name="Gym", instructions="Answer members.", tools=[get_opening_hours])
    (_, hours), = await ask(gym, ["What are the opening hours on Sunday?"])
    assert hours == "The opening hours for Sunday are 9am to 5pm."  # a few words are a value too
    (_, household), = await ask(wallet, ["Look up my household wallet."])  # a request, not a question
    assert household == "The wallet balance for household is £96.10."


async def test_what_a_tool_that_changes_something_did_is_not_told_as_a_value_of_its_arguments() -> None:
    agent = Agent(name="Library", instructions="Use your tools.", tools=[book_study_room])
    (calls, reply), = await ask(agent, ["Can you book the quiet room?"])
    assert calls == ["book_study_room"] and not reply.startswith("The ") and "on hold" in reply


async def test_a_document_answers_a_question_with_the_sentence_that_holds_its_words() -> None:
    agent = Agent(name="Front desk", instructions="Use the guide.", tools=[search_gym_guide])
    (calls, reply), = await ask(agent, ["How much do towels cost?"])
    assert calls == ["search_gym_guide"] and reply == "Towels cost £2 at the front desk."


async def test_a_yes_no_question_about_an_earlier_result_opens_with_yes_or_no_not_the_tools_name() -> None:
    agent = Agent(name="Shop", instructions="Answer from the policy.", tools=[read_shipping_policy])
    turns = ["What are your shipping rules?", "Do orders over £50 ship free?",
             "Are parcels to Ireland delivered on Sundays?"]
    _, (calls, free), (more_calls, sunday) = await ask(agent, turns)
    assert calls == more_calls == []
    assert free == "Yes: orders over £50 ship free."
    assert sunday == "No: parcels to Ireland are not delivered on Sundays."


async def test_a_sentence_that_says_a_related_word_instead_of_one_asked_gives_no_yes_or_no() -> None:
    agent = Agent(name="Café", instructions="Answer from the notes.", tools=[read_cafe_notes])
    *_, (calls, reply) = await ask(agent, ["What about the terrace in winter?", "Is the terrace open for lunch?"])
    assert calls == [] and reply == "The terrace is closed for lunch in winter."  # never a guessed "Yes" or "No"


async def test_a_yes_no_question_about_what_the_user_said_opens_with_yes() -> None:
    agent = Agent(name="Notes", instructions="Be brief.")
    *_, (_, reply) = await ask(agent, ["I keep my bike in the cellar.", "Do I keep my bike in the cellar?"])
    assert reply == "Yes: you told me you keep your bike in the cellar."


@function_tool
def reserve_locker(size: Literal["small", "large"]) -> str:
    """Reserve a locker at the pool."""
    return "done"


async def test_an_acknowledgement_of_an_order_is_not_told_as_the_value_of_its_arguments() -> None:
    pool = Agent(name="Pool", instructions="Use your tools.", tools=[reserve_locker])
    (call, reply), = await ask(pool, ["Reserve a large locker, please."])
    assert call == ["reserve_locker"]
    assert "done" in reply.lower() and not reply.startswith("The reserve locker"), reply


@function_tool
def scan_device(serial: str) -> str:
    """Scan a device for faults."""
    return json.dumps({"serial": serial, "fault_codes": "F-17, F-22", "firmware": "2.4.1"})


async def test_a_plural_field_asked_for_is_told_with_are() -> None:
    agent = Agent(name="Bench", instructions="Use your tools.", tools=[scan_device])
    (_, reply), = await ask(agent, ["Which fault codes does device DV-4410 show?"])
    assert reply == "The fault codes are F-17, F-22.", reply
