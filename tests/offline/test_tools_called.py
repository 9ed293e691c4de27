"""Which tools a careful model calls, and when.

A word of the message that names a tool ("Add an expense") chooses it, never a tool only related to that word
("add" ~ "total"); a yes/no question about a state ("Is the back door locked?") never calls a tool that changes it;
each option a list names is one call; a question that names what the instructions label is answered from them; a
question calls the tool its words relate to ("calories" ~ kcal, "spend" ~ expenses), an agent as a tool too; a
triage agent routes by related words and by language; a problem reported to an agent told to act opens a case.
"""

from __future__ import annotations

import json
from typing import Literal, Optional

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def run(tools, message: str, instructions: str = "You are a helpful assistant."):
    result = await Runner.run(Agent(name="Helper", instructions=instructions, tools=tools), message)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    return calls, result.final_output


@function_tool
def add_expense(amount: float, currency: Literal["EUR", "USD", "GBP"],
                category: Literal["travel", "meals", "office", "software"], date: str) -> str:
    """Record an expense. date is YYYY-MM-DD."""
    return f"Expense saved: {amount} {currency} ({category}) on {date}."


@function_tool
def get_month_total(month: str) -> float:
    """Total expenses for a month, month as YYYY-MM, in EUR."""
    return 1843.27


@function_tool
def add_guest(name: str, party_size: int) -> str:
    """Put a guest on the waiting list."""
    return "ok"


@function_tool
def count_guests() -> int:
    """How many guests are on the waiting list, the sum of all parties."""
    return 12


@function_tool
def toggle_lock(door: Literal["front", "back", "garage"], locked: bool) -> str:
    """Lock or unlock a door."""
    return f"{door} door {'locked' if locked else 'unlocked'}"


@function_tool
def switch_heating(zone: Literal["upstairs", "downstairs"], enabled: bool) -> str:
    """Switch the heating of a zone on or off."""
    return "ok"


@function_tool
def set_thermostat(room: str, celsius: float) -> str:
    """Set target temperature for a room."""
    return f"{room} set to {celsius}C."


@function_tool
def set_lights(room: str, on: bool, brightness: Optional[int] = None) -> str:
    """Turn lights on/off in a room; brightness 0-100 percent."""
    return "ok"


@function_tool
def open_blinds(window: str, open: bool) -> str:
    """Open or close the blinds of a window."""
    return "ok"


EXPENSES = "Expenses assistant. Today is 2025-03-10."


async def test_the_verb_that_names_a_tool_chooses_it():
    calls, _ = await run([add_expense, get_month_total], "Add an expense: $45.80 for a team lunch yesterday", EXPENSES)
    assert calls == [("add_expense", {"amount": 45.8, "currency": "USD", "category": "meals", "date": "2025-03-09"})]
    calls, _ = await run([add_expense, get_month_total], "Please add £12 for office paper, bought today", EXPENSES)
    assert calls == [("add_expense", {"amount": 12, "currency": "GBP", "category": "office", "date": "2025-03-10"})]
    calls, _ = await run([count_guests, add_guest], "Add Noor Haddad, party of 4")
    assert [name for name, _ in calls] == ["add_guest"]


async def test_a_question_about_a_state_never_changes_it():
    calls, answer = await run([toggle_lock], "Is the back door locked?", "Smart home.")
    assert calls == [] and "lock" in answer.lower()
    assert (await run([switch_heating], "Is the heating on upstairs?", "Smart home."))[0] == []
    assert (await run([toggle_lock], "Please lock the garage door.", "Smart home."))[0] == [
        ("toggle_lock", {"door": "garage", "locked": True})]


async def test_each_option_a_list_names_is_one_call():
    calls, _ = await run([toggle_lock], "lock the front and back doors", "Smart home.")
    assert calls == [("toggle_lock", {"door": "front", "locked": True}), ("toggle_lock", {"door": "back", "locked": True})]
    calls, _ = await run([switch_heating], "Please switch off the heating upstairs and downstairs.", "Smart home.")
    assert [args["zone"] for _, args in calls] == ["upstairs", "downstairs"]


async def test_each_tool_of_a_message_is_called_on_its_thing():
    calls, _ = await run([set_thermostat, set_lights], "Turn on the porch light and set the living room to 20 degrees")
    assert sorted(calls) == [("set_lights", {"room": "porch", "on": True, "brightness": None}),
                             ("set_thermostat", {"room": "living room", "celsius": 20})]
    calls, _ = await run([set_lights], "turn off the lights in the garage")
    assert calls == [("set_lights", {"room": "garage", "on": False, "brightness": None})]
    calls, _ = await run([open_blinds, set_lights], "Open the kitchen blinds, then switch on the hallway lights")
    assert sorted(calls) == [("open_blinds", {"window": "kitchen", "open": True}),
                             ("set_lights", {"room": "hallway", "on": True, "brightness": None})]


@function_tool
def get_refund_amount(confirmation: str) -> float:
    """Refund in EUR for cancelling a booking."""
    return 87.0


@function_tool
def estimate_refund(order_id: str) -> str:
    """Estimate the refund for a returned order."""
    return "$42.00"


@function_tool
def get_late_fee(loan_id: str) -> str:
    """The late fee owed on a library loan."""
    return "0.50"


async def test_what_the_instructions_label_is_told_and_a_refund_is_asked_of_its_tool():
    travel = "Travel assistant. Refund policy: full refund up to 48h before check-in."
    calls, answer = await run([get_refund_amount], "What's your refund policy?", travel)
    assert calls == [] and answer == "Full refund up to 48h before check-in."
    calls, answer = await run([get_late_fee], "What is the late fee policy?",
                              "Library desk.\nLate fee policy: 10 cents a day, at most 5 euros.")
    assert calls == [] and answer == "10 cents a day, at most 5 euros."
    calls, _ = await run([get_refund_amount], "how much would I get back if I cancel AUR-7731?", travel)
    assert calls == [("get_refund_amount", {"confirmation": "AUR-7731"})]
    calls, _ = await run([estimate_refund], "What do I get back if I return ORD-5512?", "Shop assistant.")
    assert calls == [("estimate_refund", {"order_id": "ORD-5512"})]


@function_tool
def convert_currency(amount: float, from_currency: str, to_currency: str) -> float:
    """Convert money between currencies."""
    return round(amount * 0.92, 2)


@function_tool
def get_rainfall(month: str) -> str:
    """Total rainfall in a month, in mm."""
    return "62 mm"


async def test_a_month_field_takes_the_month_said_and_a_question_its_related_tool():
    calls, _ = await run([convert_currency, get_month_total], "Convert 1.5k USD to EUR and tell me February's total",
                         EXPENSES)
    assert calls == [("convert_currency", {"amount": 1500, "from_currency": "USD", "to_currency": "EUR"}),
                     ("get_month_total", {"month": "2025-02"})]
    calls, _ = await run([add_expense, get_month_total], "How much did I spend in February 2025?", EXPENSES)
    assert calls == [("get_month_total", {"month": "2025-02"})]
    assert (await run([get_rainfall], "How much rain fell in October?"))[0] == [("get_rainfall", {"month": "October"})]


@function_tool
def get_weather(city: str) -> str:
    """Get current weather for a city."""
    return f"{city}: 18C, light rain"


@function_tool
def translate_phrase(text: str, language: str) -> str:
    """Translate a phrase into a language."""
    return f"[{language}] {text}"


async def test_agents_as_tools_are_called_on_what_the_message_tells():
    fx = Agent(name="fx", instructions="Convert currencies using convert_currency.", tools=[convert_currency])
    wx = Agent(name="weather", instructions="Report weather using get_weather.", tools=[get_weather])
    tr = Agent(name="translator", instructions="Translate using translate_phrase.", tools=[translate_phrase])
    experts = [fx.as_tool(tool_name="currency_expert", tool_description="Converts money between currencies."),
               wx.as_tool(tool_name="weather_expert", tool_description="Gives the current weather for a city."),
               tr.as_tool(tool_name="language_expert", tool_description="Translates phrases into another language.")]
    orchestrator = "Use your tools to answer. Combine the results."
    message = "I'm flying to Paris tomorrow with 400 dollars. What's that in euros, and what's the weather there?"
    calls, answer = await run(experts, message, orchestrator)
    assert [name for name, _ in calls] == ["currency_expert", "weather_expert"] and "Paris: 18C" in answer
    calls, _ = await run(experts, "We land in Oslo with 300 pounds. What is that in dollars?", orchestrator)
    assert [name for name, _ in calls] == ["currency_expert"]


class Invoice(BaseModel):
    company: str
    amount_usd: float
    due_date: str


async def test_an_agent_as_a_tool_gets_the_whole_text_with_its_labels():
    reader = Agent(name="invoice_reader", instructions="Pull company, amount and due date out of the invoice text.",
                   output_type=Invoice)
    clerk = "Use read_invoice on any invoice text, then tell the user who to pay, how much, and by when."
    tool = reader.as_tool(tool_name="read_invoice", tool_description="Extract fields from invoice text.")
    text = "Invoice from Globex Corp. Amount due: $1,240.50. Please pay by 2024-11-30."
    calls, answer = await run([tool], text, clerk)
    assert calls == [("read_invoice", {"input": text})] and "Globex Corp" in answer and "2024-11-30" in answer
    text = "Bill from Initech Ltd. Total: $310.00. Due date: 2025-01-15."
    calls, answer = await run([tool], text, clerk)
    assert calls == [("read_invoice", {"input": text})] and "Initech" in answer and "2025-01-15" in answer


def triage() -> Agent:
    tech = Agent(name="Tech support", handoff_description="Handles outages, connectivity, devices and login problems.",
                 instructions="Help with technical issues.")
    billing = Agent(name="Billing", handoff_description="Handles invoices and payments.", instructions="Answer billing questions.")
    french = Agent(name="French agent", handoff_description="Use for messages written in French.",
                   instructions="Respond only in French.")
    spanish = Agent(name="Spanish agent", handoff_description="Use for messages written in Spanish.",
                    instructions="Respond only in Spanish.")
    return Agent(name="Triage", instructions="Route the customer to the right specialist. Do not answer yourself.",
                 handoffs=[tech, billing, french, spanish])


@pytest.mark.parametrize(("message", "desk"), [
    ("my wifi is dead", "Tech support"),
    ("The internet keeps dropping every evening", "Tech support"),
    ("Bonjour, j'ai un problème avec ma commande.", "French agent"),
    ("Salut, j'ai une question pour les factures", "French agent"),
    ("Hola, necesito ayuda con mi pedido", "Spanish agent"),
])
async def test_a_triage_agent_routes_by_related_words_and_by_language(message, desk):
    assert (await Runner.run(triage(), message)).last_agent.name == desk


@function_tool
def nutrition_lookup(food: str, grams: float = 100) -> dict:
    """Nutrition facts (kcal, protein) for an amount of a food."""
    return {"food": food, "grams": grams, "kcal": 412.5, "protein_g": 77.5}


@function_tool
def get_sensor(room: str, kind: Literal["temperature", "humidity", "co2"]) -> str:
    """Read a home sensor."""
    return "55%"


@function_tool
def find_recipes(ingredients: list[str]) -> str:
    """Find recipes that use the given ingredients."""
    return "fried rice"


async def test_a_question_calls_the_tool_its_words_relate_to():
    calls, _ = await run([nutrition_lookup], "How many calories are in 250g of chicken breast?", "Nutrition assistant.")
    assert calls == [("nutrition_lookup", {"food": "chicken breast", "grams": 250})]
    calls, _ = await run([nutrition_lookup], "how much protein is in 150g of tofu?", "Diet coach.")
    assert calls == [("nutrition_lookup", {"food": "tofu", "grams": 150})]
    calls, _ = await run([get_sensor], "What's the humidity in the bathroom?", "Smart home.")
    assert calls == [("get_sensor", {"room": "bathroom", "kind": "humidity"})]
    calls, _ = await run([get_sensor], "How much co2 is there in the nursery?", "Smart home.")
    assert calls == [("get_sensor", {"room": "nursery", "kind": "co2"})]
    calls, _ = await run([find_recipes], "what can I cook with eggs and leftover rice", "Cooking helper.")
    assert calls == [("find_recipes", {"ingredients": ["eggs", "leftover rice"]})]
    calls, _ = await run([set_thermostat], "It's freezing in the office, heat it up to twenty-two", "Smart home.")
    assert calls == [("set_thermostat", {"room": "office", "celsius": 22})]
    calls, _ = await run([set_thermostat], "Too hot in the study, cool it to nineteen please", "Smart home.")
    assert calls == [("set_thermostat", {"room": "study", "celsius": 19})]


@function_tool
def create_ticket(summary: str, category: Literal["hardware", "software", "access", "payroll"],
                  priority: Literal["low", "normal", "high"] = "normal") -> dict:
    """Open a helpdesk ticket."""
    return {"ticket_id": "HD-40912", "status": "open"}


async def test_a_problem_reported_to_an_agent_told_to_act_opens_a_case():
    helpdesk = "IT helpdesk. Use tools to act for employees."
    calls, _ = await run([create_ticket], "My laptop screen is cracked. It's urgent, I have a client demo tomorrow.", helpdesk)
    assert [(name, args["category"], args["priority"]) for name, args in calls] == [("create_ticket", "hardware", "high")]
    calls, _ = await run([create_ticket], "My payroll statement is wrong this month. Not urgent.",
                         "Staff desk. Always use your tools to help.")
    assert [(name, args["category"], args["priority"]) for name, args in calls] == [("create_ticket", "payroll", "low")]
    assert (await run([create_ticket], "I have a client demo tomorrow, wish me luck!", helpdesk))[0] == []
