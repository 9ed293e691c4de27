"""The text a careful model replies with: small talk answered in kind, what it can do from its instructions.

Asked how it is, it says it is well; "lol" or "nice" gets no "Noted: ..."; "see you tomorrow" gets a goodbye; "can
you help me plan a trip?" gets a yes and a question back; "what can you do?" is answered by who the instructions say
it is when they list no skills.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns, instructions="You are a helpful assistant.", tools=()):
    agent, session = Agent(name="A", instructions=instructions, tools=list(tools)), SQLiteSession(":memory:")
    return [(await Runner.run(agent, turn, session=session)).final_output for turn in turns]


async def test_small_talk_gets_a_short_fitting_reply():
    replies = await chat(["how's it going?", "lol", "see you tomorrow", "bye!", "haha nice", "how are things?",
                          "thanks, bye"])
    assert replies[0].startswith("I am well") and "help" in replies[0]
    assert not any(reply.startswith(("Noted", "I don't know", "I can't")) for reply in replies), replies
    assert replies[1].startswith("Ha!") and replies[4].startswith("Ha!")
    assert all("Goodbye" in reply for reply in (replies[2], replies[3], replies[6]))
    assert replies[6].startswith("You are welcome")


async def test_an_offer_of_help_with_a_task_gets_a_yes():
    for message, task in (("hi! can you help me plan a trip?", "plan a trip"),
                          ("Could you help me write my wedding speech?", "write your wedding speech")):
        reply = (await chat([message]))[0]
        assert reply.startswith("Yes") and task in reply, reply


async def test_what_it_can_do_comes_from_who_it_is():
    replies = await chat(["what can you do?", "what's your name?"],
                         instructions="You are Pip, a cheerful assistant for a bakery's staff.")
    assert replies == ["I'm Pip, a cheerful assistant for a bakery's staff."] * 2
    reply = (await chat(["What can you help me with?"], instructions="You are Atlas, the front desk helper of a gym."))[0]
    assert "front desk helper of a gym" in reply


@function_tool
def search_flights(origin: str, destination: str, date: str) -> str:
    """Search flights. date is YYYY-MM-DD."""
    return json.dumps([{"flight": "TP123", "depart": "08:05", "price_eur": 189.5},
                       {"flight": "IB456", "depart": "13:40", "price_eur": 142.0}])


@function_tool
def find_trains(origin: str, destination: str) -> str:
    """Find trains between two cities."""
    return json.dumps([{"train": "ICE-204", "departs": "09:10", "duration_minutes": 250, "fare": 79},
                       {"train": "TGV-88", "departs": "07:45", "duration_minutes": 190, "fare": 112},
                       {"train": "EC-7", "departs": "12:30", "duration_minutes": 300, "fare": 45}])


async def test_a_later_question_compares_the_listed_records():
    replies = await chat(["Flights from Lisbon to Madrid on 2025-03-14 please", "Which one is cheaper?",
                          "what time does IB456 leave?"], tools=[search_flights])
    assert "IB456" in replies[1] and "142.0" in replies[1] and "TP123" not in replies[1]
    assert "13:40" in replies[2] and "08:05" not in replies[2]
    replies = await chat(["Trains from Paris to Berlin please", "which is the fastest?", "Which one leaves latest?",
                          "what's the most expensive?", "how much is the fare for EC-7?"], tools=[find_trains])
    assert "TGV-88" in replies[1] and "EC-7" in replies[2] and "TGV-88" in replies[3]
    assert "45" in replies[4] and "112" not in replies[4]


@function_tool
def cancel_booking(confirmation: str) -> str:
    """Cancel a booking by confirmation code."""
    return "ERROR 404: booking AUR-7731 not found"


@function_tool
def fetch_invoice(invoice_id: str) -> str:
    """Fetch an invoice."""
    return json.dumps({"error": "invoice INV-9 is archived"})


@function_tool
def create_ticket(summary: str) -> dict:
    """Open a helpdesk ticket."""
    return {"ticket_id": "HD-40912", "status": "open", "eta_hours": 24}


async def test_a_later_question_about_a_result_is_answered_from_it():
    replies = await chat(["cancel AUR-7731", "why didn't that work?", "why is the sky blue?"], tools=[cancel_booking])
    assert "ERROR 404: booking AUR-7731 not found" in replies[1] and "AUR-7731" not in replies[2]
    replies = await chat(["get invoice INV-9", "why did that fail?"], tools=[fetch_invoice])
    assert "invoice INV-9 is archived" in replies[1]
    replies = await chat(["Open a ticket: my docking station doesn't charge the laptop.", "when should I expect it fixed?"],
                         tools=[create_ticket])
    assert replies[1] == "The eta is 24 hours."


@function_tool
def book_repair(problem: str) -> str:
    """Book a bike repair."""
    return json.dumps({"repair_id": "R-5", "status": "booked", "wait_days": 3})


async def test_a_wait_is_told_with_its_unit():
    replies = await chat(["Book a repair: my bike's brakes squeak", "how long will it take?"], tools=[book_repair])
    assert replies[1] == "The wait is 3 days."


async def test_each_fact_the_instructions_tell_of_the_user_is_told_alone():
    replies = await chat(["what's my name?", "where do I live?"],
                         instructions="You are a helpful assistant. The user's name is Kim and she lives in Oslo.")
    assert replies == ["Your name is Kim.", "You live in Oslo."]
    replies = await chat(["what's my plan?", "how many seats do I have?"],
                         instructions="The user's plan is Pro and they have 12 seats.")
    assert replies == ["Your plan is Pro.", "You have 12 seats."]
    reply = (await chat(["what do I do for a living?"],
                        instructions="You are a support bot. The customer is Raj and he works as a nurse in Leeds."))[0]
    assert reply == "You work as a nurse in Leeds."


@function_tool
def get_leave_balance(employee_id: str) -> float:
    """Remaining vacation days for an employee."""
    return 12.5


@function_tool
def get_next_appointment(patient_id: str) -> str:
    """The patient's next visit at the clinic."""
    return "2025-04-02 09:30 with Dr Lee"


@function_tool
def get_salary(staff_number: str) -> str:
    """Monthly pay of staff."""
    return "3100 EUR"


async def test_a_value_stated_earlier_lets_a_related_word_call_the_tool():
    for tool, turns, value in ((get_leave_balance, ["My employee id is E-7781.", "How many vacation days do I have?"],
                                "E-7781"),
                               (get_next_appointment, ["My patient id is P-1204.", "When is my next booking?"], "P-1204"),
                               (get_salary, ["my staff number is 88123", "how much do I earn?"], "88123")):
        agent, session = Agent(name="A", instructions="Help the user.", tools=[tool]), SQLiteSession(":memory:")
        await Runner.run(agent, turns[0], session=session)
        result = await Runner.run(agent, turns[1], session=session)
        calls = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
        assert len(calls) == 1 and list(calls[0].values()) == [value], calls


@function_tool
def convert_currency(amount: float, from_currency: str, to_currency: str) -> float:
    """Convert money between currencies."""
    return round(amount * 0.92, 2)


@function_tool
def exchange_money(amount: float, source: str, target: str) -> str:
    """Exchange an amount between currencies (ISO codes like USD, EUR)."""
    return f"{amount} {source} = {round(amount * 0.92, 2)} {target}"


@function_tool
def get_pricing(plan: Literal["basic", "pro"], seats: int) -> str:
    """Monthly price of a plan for a number of seats."""
    return f"{plan} x {seats} seats = $300/month"


@function_tool
def list_open_tickets(username: str) -> list[dict]:
    """List a user's open tickets."""
    return [{"id": "HD-40001", "summary": "VPN drops", "status": "in progress"}]


@function_tool
def list_pending_orders(customer: str) -> list[dict]:
    """List a customer's pending orders."""
    return [{"order": "A-7", "total": 12}]


async def test_a_short_result_of_a_tool_with_several_arguments_reads_as_a_sentence():
    async def reply(tool, message):
        return (await chat([message], instructions="Use your tools.", tools=[tool]))[0]
    assert await reply(convert_currency, "what's 250 dollars in euros?") == "convert_currency (250 USD to EUR) returned: 230.0."
    assert await reply(exchange_money, "How much is 250 USD in EUR?") == "250.0 USD = 230.0 EUR."
    assert await reply(get_pricing, "What would the pro plan cost for 12 seats?") == "pro x 12 seats = $300/month."
    assert (await reply(list_open_tickets, "what tickets do I have open? I'm mkowalski")).startswith(
        "I found 1 open ticket:")
    assert (await reply(list_pending_orders, "Which orders are pending for customer Ana?")).startswith(
        "I found 1 pending order:")


async def test_a_reply_the_instructions_script_is_said_to_the_user():
    refunds = Agent(name="Refunds", handoff_description="refund requests", instructions=(
        "Tell the customer their refund request has been logged and will be reviewed in 3 business days."))
    triage = Agent(name="Support", instructions="Hand off refund requests to Refunds.", handoffs=[refunds])
    result = await Runner.run(triage, "i want a refund for order 99-1204")
    assert result.last_agent.name == "Refunds"
    assert result.final_output == "Your refund request has been logged and will be reviewed in 3 business days."
    for instructions, message, reply in (
            ("Apologize and say a manager will call back within 24 hours.", "my order arrived broken",
             "I am sorry. A manager will call back within 24 hours."),
            ("You handle outages. Tell them to restart the router and wait five minutes.",
             "the internet is down at my place", "Please restart the router and wait five minutes."),
            ("Tell the guest that their room will be ready at 3pm.", "can I check in now?",
             "Your room will be ready at 3pm."),
            ("If the user is angry, tell them to calm down.", "I want a cake", "Noted: you want a cake.")):
        assert (await chat([message], instructions=instructions))[0] == reply
