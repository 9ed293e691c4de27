"""A learner's own shopping, travel, bank and hotel agents, across turns, and a handoff with an ``input_type``.

A careful model corrects a name whole, answers a yes/no question of a result's flag in words, reads "plan B" as
naming plan B, takes a level for an urgency from the words that press, names the routes without the field's noun,
adds "them" as the product a result named, redoes a call with a corrected value, and tells a flag as yes or no.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool, handoff
from pydantic import BaseModel

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


async def turns(agent: Agent, *messages: str) -> list[tuple[list[tuple[str, dict]], str]]:
    """Each message's calls (name, arguments) and reply, the conversation carried on."""
    items: list = []
    said = []
    for message in messages:
        result = await Runner.run(agent, [*items, {"role": "user", "content": message}])
        items = result.to_input_list()
        said.append(([(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items
                      if i.type == "tool_call_item"], str(result.final_output)))
    return said


async def test_a_corrected_name_with_a_title_is_replaced_whole():
    chat = Agent(name="Chat", instructions="You are a friendly assistant.")
    said = await turns(chat, "Hi, my name is Dr Berger.", "Sorry, it's Dr Berg.", "What is my name?")
    assert "Dr Berg" in said[2][1] and "Dr Dr" not in said[2][1]
    said = await turns(chat, "My landlord is Mr Olsen.", "Sorry, it's Mr Olsson.", "Who is my landlord?")
    assert "Mr Olsson" in said[2][1] and "Mr Mr" not in said[2][1]


@function_tool
def get_room(booking: str) -> str:
    """Look up the room of a hotel booking."""
    return json.dumps({"room": "double", "breakfast": True, "price": 140})


@function_tool
def get_rental(reference: str) -> str:
    """Look up a car rental."""
    return json.dumps({"car": "Fiat 500", "insurance": False, "days": 4})


async def test_a_yes_no_question_of_a_results_flag_is_answered_in_words():
    hotel = Agent(name="Hotel", instructions="You help guests with their hotel booking.", tools=[get_room])
    said = await turns(hotel, "What room do I have in booking HB-221?", "Is breakfast included?")
    assert said[1][1] == "Yes: breakfast is included."
    cars = Agent(name="Cars", instructions="You help with car rentals.", tools=[get_rental])
    said = await turns(cars, "Which car is on rental CR-77?", "Is insurance covered?")
    assert said[1][1] == "No: insurance is not covered."


@function_tool
def compare_plans() -> str:
    """Compare the phone plans."""
    return json.dumps({"plan A": {"price": 10, "data": "5 GB"}, "plan B": {"price": 20, "data": "50 GB"}})


@function_tool
def compare_gyms() -> str:
    """Compare the gym memberships."""
    return json.dumps({"tier B": {"fee": 45, "classes": "unlimited"}, "tier C": {"fee": 25, "classes": "none"}})


async def test_a_one_letter_label_names_its_record():
    phone = Agent(name="Phone", instructions="You help choose a phone plan.", tools=[compare_plans])
    said = await turns(phone, "Compare plan A and plan B", "What does plan A cost?", "And plan B?")
    assert "price 10" in said[1][1] and "price 20" not in said[1][1]
    assert "price 20" in said[2][1]
    gym = Agent(name="Gym", instructions="You help choose a gym membership.", tools=[compare_gyms])
    said = await turns(gym, "Compare the gym tiers", "What's the fee of tier C?")
    assert "fee 25" in said[1][1] and "fee 45" not in said[1][1]


class EscalationData(BaseModel):
    reason: str
    urgency: str


@function_tool
def report_issue(room_number: str, issue: str, priority: str) -> str:
    """Report a problem in a hotel room to maintenance."""
    return json.dumps({"ticket": "MT-19", "priority": priority})


async def test_an_urgency_of_a_handoffs_input_or_a_tools_arguments_is_a_level():
    seen = {}

    async def escalated(context, data: EscalationData) -> None:
        seen["data"] = data

    manager = Agent(name="Manager", instructions="You are the manager desk.")
    front = Agent(name="Front", instructions="You are the front desk of a web shop. Hand over to the manager when "
                  "the user asks for one.", handoffs=[handoff(manager, input_type=EscalationData, on_handoff=escalated)])
    await Runner.run(front, "I want to speak to a manager right now, this is the third time my order arrived broken!")
    assert seen["data"].urgency == "high"
    assert "third time" in seen["data"].reason
    calls, _ = await tool_calls([report_issue], "The shower in room 412 has no hot water, please fix it urgently")
    assert calls[0][1]["priority"] == "high"


@function_tool
def get_timetable(route: str) -> str:
    """Get the timetable of a ferry route."""
    return json.dumps({"route": route, "departures": ["08:00", "12:00"]})


@function_tool
def line_status(line: str) -> str:
    """The service status of a tram line."""
    return json.dumps({"line": line, "status": "running"})


async def test_listed_values_leave_out_the_fields_own_noun():
    calls, _ = await tool_calls([get_timetable], "Show me the north and harbour routes")
    assert [c[1]["route"] for c in calls] == ["north", "harbour"]
    calls, _ = await tool_calls([line_status], "Check the red and blue lines")
    assert [c[1]["line"] for c in calls] == ["red", "blue"]


@function_tool
def search_products(query: str) -> str:
    """Search the shop's catalogue."""
    return json.dumps([{"name": "Trail Runner 2", "price": 89.0, "in_stock": True},
                       {"name": "Road Glide", "price": 120.0, "in_stock": False}])


@function_tool
def add_to_cart(product: str, quantity: int) -> str:
    """Add a product to the shopping cart."""
    return json.dumps({"added": product, "quantity": quantity})


@function_tool
def find_plants(kind: str) -> str:
    """Find plants of a kind in the garden centre."""
    return json.dumps([{"name": "Silver Birch", "price": 30.0}])


@function_tool
def add_plant(item: str, count: int) -> str:
    """Add plants to the order."""
    return "added"


async def test_them_after_a_listed_result_is_the_record_it_named():
    shop = Agent(name="Shop", instructions="You are a shopping assistant. Use your tools.",
                 tools=[add_to_cart, search_products])
    said = await turns(shop, "Find me running shoes", "Is the Trail Runner 2 in stock?", "Add two of them to my cart")
    assert "name Trail" not in said[0][1]
    assert said[2][0] == [("add_to_cart", {"product": "Trail Runner 2", "quantity": 2})]
    garden = Agent(name="Garden", instructions="You serve a garden centre.", tools=[find_plants, add_plant])
    said = await turns(garden, "Find me some trees", "How much is the Silver Birch?", "Add three of them")
    assert said[2][0] == [("add_plant", {"item": "Silver Birch", "count": 3})]


@function_tool
def transfer_money(from_account: str, to_account: str, amount: float) -> str:
    """Transfer money between the user's accounts."""
    return json.dumps({"status": "ok", "reference": "TX-88213"})


@function_tool
def get_transactions(account: Literal["checking", "savings"]) -> str:
    """List recent transactions of an account."""
    return "[]"


@function_tool
def book_hotel(city: str, nights: int) -> str:
    """Book a hotel room."""
    return json.dumps({"confirmation": "HX-5521", "city": city, "nights": nights, "pets_allowed": False})


@function_tool
def hotel_reviews(city: str) -> str:
    """Read hotel reviews for a city."""
    return "[]"


async def test_a_short_correction_redoes_the_call_before_and_a_flag_reads_yes_or_no():
    bank = Agent(name="Bank", instructions="You are a banking assistant.", tools=[transfer_money, get_transactions])
    said = await turns(bank, "Send 40 to savings from checking", "Actually make that 60")
    assert said[1][0] == [("transfer_money", {"from_account": "checking", "to_account": "savings", "amount": 60})]
    hotel = Agent(name="Hotel", instructions="You are a hotel booking assistant.", tools=[book_hotel, hotel_reviews])
    said = await turns(hotel, "Book a hotel in Lisbon for 3 nights", "Sorry, I meant 4 nights", "Can I bring my dog?")
    assert said[1][0] == [("book_hotel", {"city": "Lisbon", "nights": 4})]
    assert "pets allowed: no" in said[2][1] and "False" not in said[2][1]


@function_tool
def pause_subscription(plan: str, months: int) -> str:
    """Pause a subscription for a number of months."""
    return json.dumps({"plan": plan, "paused_months": months})


@function_tool
def suspend_service(service: str) -> str:
    """Suspend one of the user's home services."""
    return "suspended"


async def test_what_a_verb_acts_on_ends_before_while_or_until():
    calls, _ = await tool_calls([pause_subscription], "I'm travelling for two months, can you pause my gym membership "
                                "while I'm away?")
    assert calls == [("pause_subscription", {"plan": "gym membership", "months": 2})]
    calls, _ = await tool_calls([suspend_service], "Please suspend my window cleaning until I'm back")
    assert calls == [("suspend_service", {"service": "window cleaning"})]


class Booking(BaseModel):
    hotel: str
    nights: int
    guests: int


class Lesson(BaseModel):
    instrument: str
    level: str


async def test_a_desk_with_an_input_type_is_routed_to_by_a_related_word_as_one_without():
    reservations = Agent(name="Reservations", instructions="You make hotel reservations.")
    front = Agent(name="Front", instructions="Send booking requests to reservations.",
                  handoffs=[handoff(reservations, input_type=Booking, on_handoff=lambda context, data: None)])
    result = await Runner.run(front, "I'd like to book the Seaview Inn for 2 nights, there are 3 of us")
    assert result.last_agent.name == "Reservations"
    school = Agent(name="Appointments", instructions="You schedule music lessons.")
    desk = Agent(name="Desk", instructions="Send lesson requests to appointments.",
                 handoffs=[handoff(school, input_type=Lesson, on_handoff=lambda context, data: None)])
    result = await Runner.run(desk, "Can I get a meeting with a cello teacher, I'm a beginner")
    assert result.last_agent.name == "Appointments"


@function_tool
def freeze_card(card_last4: str) -> str:
    """Temporarily freeze a bank card."""
    return "frozen"


@function_tool
def lock_card(last_four: str) -> str:
    """Lock a credit card."""
    return "locked"


async def test_a_cards_last_digits_are_digits_or_asked_for():
    calls, reply = await tool_calls([freeze_card], "I think I left my card at the restaurant")
    assert calls == [] and "card last4" in reply
    calls, reply = await tool_calls([lock_card], "I dropped my credit card somewhere in the park, lock it")
    assert calls == [] and "last four" in reply
    calls, _ = await tool_calls([lock_card], "My card ending 5521 is missing, lock it")
    assert calls == [("lock_card", {"last_four": "5521"})]


@function_tool
def change_plan(new_plan: Literal["basic", "standard", "premium"]) -> str:
    """Change the user's streaming plan."""
    return json.dumps({"plan": new_plan})


@function_tool
def set_cabin_class(new_class: Literal["economy", "premium economy", "business"]) -> str:
    """Change the cabin class of a flight booking."""
    return "changed"


async def test_a_new_option_is_the_one_after_to_not_after_from():
    calls, _ = await tool_calls([change_plan], "Switch me from Basic to Premium")
    assert calls == [("change_plan", {"new_plan": "premium"})]
    calls, _ = await tool_calls([set_cabin_class], "Please move us from business to economy on the way back")
    assert calls == [("set_cabin_class", {"new_class": "economy"})]


@function_tool
def upgrade_membership(level: Literal["silver", "gold"]) -> str:
    """Upgrade the user's gym membership."""
    return json.dumps({"membership": level, "fee_usd": 49})


@function_tool
def switch_plan(new_plan: Literal["basic", "premium"]) -> str:
    """Switch the user's streaming plan."""
    return json.dumps({"plan": new_plan, "monthly_eur": 17})


async def test_how_much_is_answered_by_a_results_amount_in_a_currency():
    stream = Agent(name="Stream", instructions="You manage the user's streaming plan.", tools=[switch_plan])
    said = await turns(stream, "Switch me from Basic to Premium", "How much will I pay now?")
    assert "17" in said[1][1]
    gym = Agent(name="Gym", instructions="You manage gym memberships.", tools=[upgrade_membership])
    said = await turns(gym, "Upgrade my gym membership to gold", "How much does that cost me?")
    assert "49" in said[1][1]
