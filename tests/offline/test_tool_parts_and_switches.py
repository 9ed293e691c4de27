"""Function tools and agents used as tools, as a learner's own agents call them.

A switch field (``on``) is on when the message sets the device without turning it off ("Dim the lights to 30%");
agents used as tools each get their own part of a message that asks two of them; a structured sub-agent's result
(a pydantic model, which the SDK sends back as its text ``score=82 reasons=['...']``) is told back in words. The
agents, tools and sentences are our own (smart home, games, shipping, banking, translation, fraud).
"""

from __future__ import annotations

import datetime
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


def calls(result) -> list[tuple[str, dict]]:
    import json
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@function_tool
def set_light(room: str, on: bool, brightness: int) -> str:
    """Switch a room's light on or off and set its brightness (0-100)."""
    return f"{room} light {'on' if on else 'off'} at {brightness}%"


@function_tool
def set_lamp(lamp: str, on: bool, level: int = 100) -> str:
    """Control a desk lamp: on or off, and its level in percent."""
    return f"{lamp} {'on' if on else 'off'} at {level}"


HOME = Agent(name="Home", instructions="You control the smart home.", tools=[set_light, set_lamp])


@pytest.mark.parametrize(("message", "tool", "on"), [
    ("Dim the lights to 30% in the bedroom", "set_light", True),
    ("Set the kitchen light brightness to 70", "set_light", True),
    ("put the reading lamp at level 40", "set_lamp", True),
    ("Turn off the conservatory light", "set_light", False),
])
async def test_a_switch_is_on_unless_the_message_turns_it_off(message: str, tool: str, on: bool) -> None:
    (name, arguments), = calls(await Runner.run(HOME, message))
    assert name == tool and arguments["on"] is on


FRENCH = Agent(name="French", instructions="Translate the user's text to French.")
SPANISH = Agent(name="Spanish", instructions="Translate the user's text to Spanish.")
TRANSLATOR = Agent(name="Desk", instructions="Use the translation tools for each requested translation.", tools=[
    FRENCH.as_tool(tool_name="to_french", tool_description="Translate text to French"),
    SPANISH.as_tool(tool_name="to_spanish", tool_description="Translate text to Spanish")])
PACKER = Agent(name="Packer", instructions="Say which box size fits the order.")
COSTER = Agent(name="Coster", instructions="Say what shipping to the destination costs.")
SHIPPING = Agent(name="Lead", instructions="Use the tools to answer.", tools=[
    PACKER.as_tool(tool_name="choose_box", tool_description="Choose the box size for an order"),
    COSTER.as_tool(tool_name="shipping_cost", tool_description="Shipping cost for a destination")])


async def test_agents_as_tools_each_get_their_own_part_of_the_message() -> None:
    result = await Runner.run(TRANSLATOR, "Translate 'good morning' to French and 'thank you' to Spanish")
    assert sorted(calls(result)) == [("to_french", {"input": "good morning"}), ("to_spanish", {"input": "thank you"})]
    result = await Runner.run(TRANSLATOR, "Translate 'see you soon' into French and Spanish")
    assert sorted(calls(result)) == [("to_french", {"input": "see you soon"}), ("to_spanish", {"input": "see you soon"})]
    result = await Runner.run(SHIPPING, "Which box for a 1.2 kg order, and what does shipping to Canada cost?")
    assert sorted(calls(result)) == [("choose_box", {"input": "Which box for a 1.2 kg order"}),
                                     ("shipping_cost", {"input": "what does shipping to Canada cost?"})]


class Risk(BaseModel):
    score: int
    level: Literal["low", "medium", "high"]
    reasons: list[str]


class Loot(BaseModel):
    items: list[str]
    gold: int


RISK = Agent(name="Risk", instructions="Assess the fraud risk of the account.", output_type=Risk)
LOOT = Agent(name="Loot", instructions="List the loot of the dungeon room.", output_type=Loot)
ANALYST = Agent(name="Analyst", instructions="Answer with the tools.", tools=[
    RISK.as_tool(tool_name="assess_risk", tool_description="Assess fraud risk for an account"),
    LOOT.as_tool(tool_name="room_loot", tool_description="List the loot found in a dungeon room")])


@pytest.mark.parametrize("message", ["How risky is account ACC-5531?", "What loot is in room 12 of the crypt?"])
async def test_a_structured_sub_agents_result_is_told_in_words(message: str) -> None:
    result = await Runner.run(ANALYST, message)
    assert len(calls(result)) == 1
    assert "=" not in result.final_output and "[" not in result.final_output
    assert "returned " in result.final_output and ": " in result.final_output


@function_tool
def transfer_funds(from_account: str, to_account: str, amount: float) -> str:
    """Move money between two of the user's accounts."""
    return f"Moved {amount} from {from_account} to {to_account}."


@function_tool
def move_stock(sku: str, quantity: int, from_warehouse: str, to_warehouse: str) -> str:
    """Move stock between warehouses."""
    return f"{quantity} x {sku}: {from_warehouse} -> {to_warehouse}"


BANK = Agent(name="Bank", instructions="Banking assistant. Use the tools.", tools=[transfer_funds])
STOCK = Agent(name="Stock", instructions="Warehouse assistant. Use the tools.", tools=[move_stock])


@pytest.mark.parametrize(("message", "sides"), [
    ("Send 250 euros from checking to savings", ("checking", "savings")),
    ("I want to move 50 dollars from my joint account to the holiday account", ("joint", "holiday")),
    ("Transfer $100 from account 1234 to account 5678", ("1234", "5678")),
    ("Move 40 units of SKU-77 from warehouse north to warehouse south", ("north", "south")),
])
async def test_from_and_to_fields_take_the_words_after_from_and_to(message: str, sides: tuple[str, str]) -> None:
    (_, arguments), = calls(await Runner.run(STOCK if "SKU" in message else BANK, message))
    assert tuple(v for k, v in arguments.items() if k.startswith(("from_", "to_"))) == sides


@function_tool
def restart_service(service: str, force: bool = False) -> str:
    """Restart a cloud service."""
    return f"{service} restarted"


@function_tool
def lock_door(door: str, locked: bool) -> str:
    """Lock or unlock a door."""
    return f"{door} {'locked' if locked else 'unlocked'}"


@function_tool
def get_balance(account: str) -> dict:
    """Return the balance of an account."""
    return {"account": account, "balance": 120.5}


@pytest.mark.parametrize(("agent_tools", "message", "values"), [
    ([restart_service], "restart auth-service and billing-service", ["auth-service", "billing-service"]),
    ([restart_service], "Restart the search service and the cache service", ["search", "cache"]),
    ([lock_door], "Lock the back door and the garage door", ["back", "garage"]),
    ([get_balance], "what are the balances of checking and savings?", ["checking", "savings"]),
])
async def test_one_call_for_each_thing_a_message_lists(agent_tools, message: str, values: list[str]) -> None:
    agent = Agent(name="Ops", instructions="Use the tools.", tools=agent_tools)
    made = calls(await Runner.run(agent, message))
    assert [next(iter(arguments.values())) for _, arguments in made] == values


@function_tool
def get_device(device_id: str) -> dict:
    """Look up an IoT device."""
    return {"id": device_id, "battery": 17, "online": True}


@function_tool
def reboot_device(device_id: str) -> str:
    """Reboot an IoT device."""
    return f"{device_id} rebooting"


@function_tool
def fetch_booking(booking_ref: str) -> dict:
    """Fetch a ticket booking."""
    return {"ref": booking_ref, "seats": 2, "event": "Jazz Night"}


@pytest.mark.parametrize(("agent_tools", "message", "call"), [
    ([get_device, reboot_device], "what's the battery of sensor-12?", ("get_device", {"device_id": "sensor-12"})),
    ([get_device, reboot_device], "Is thermostat-3 online?", ("get_device", {"device_id": "thermostat-3"})),
    ([fetch_booking], "how many seats are on BK-7731?", ("fetch_booking", {"booking_ref": "BK-7731"})),
])
async def test_a_question_giving_an_id_calls_the_tool_that_looks_it_up(agent_tools, message: str, call) -> None:
    result = await Runner.run(Agent(name="Desk", instructions="Answer with the tools.", tools=agent_tools), message)
    assert calls(result) == [call]


@function_tool
def schedule_pickup(address: str, window: Literal["morning", "afternoon", "evening"], boxes: int) -> str:
    """Schedule a courier pickup."""
    return f"Pickup of {boxes} boxes at {address}, {window}."


@function_tool
def set_budget(category: str, amount: float, period: Literal["weekly", "monthly", "yearly"]) -> str:
    """Set a spending budget for a category."""
    return f"{category}: {amount} {period}"


@pytest.mark.parametrize(("agent_tools", "message", "expected"), [
    ([schedule_pickup], "Can you pick up 3 boxes from 55 King St this afternoon?", {"boxes": 3}),
    ([schedule_pickup], "collect 12 boxes from 7 Harbour Road in the morning", {"boxes": 12}),
    ([set_budget], "Set my groceries budget to 400 a month", {"amount": 400, "period": "monthly"}),
    ([set_budget], "Set the games budget to 60 a week", {"amount": 60, "period": "weekly"}),
])
async def test_a_count_before_its_noun_and_a_period_said_as_a_unit(agent_tools, message: str, expected) -> None:
    (_, arguments), = calls(await Runner.run(Agent(name="Desk", instructions="Use the tools.", tools=agent_tools), message))
    assert {key: arguments[key] for key in expected} == expected


class Address(BaseModel):
    street: str
    city: str
    postcode: str


@function_tool
def create_shipment(address: Address, weight_kg: float, express: bool = False) -> str:
    """Create a shipment for a parcel."""
    return f"Shipment SHP-42 to {address.city}, {weight_kg} kg"


@function_tool
def track_package(tracking_number: str) -> str:
    """Track a package by its tracking number."""
    return "in transit"


@function_tool
def book_show(show_name: str, seats: int) -> str:
    """Book seats for a show."""
    return f"{seats} seats for {show_name}: ref BK-1"


@function_tool
def show_times(show_name: str) -> str:
    """List the times a show plays."""
    return "19:30"


@pytest.mark.parametrize(("agent_tools", "message", "tool"), [
    ([create_shipment, track_package], "Ship a 3.5 kg box to 12 Oak Street, Denver, 80202, express please",
     "create_shipment"),
    ([create_shipment, track_package], "send a 2 kg parcel to 4 Elm Road, Austin, 73301", "create_shipment"),
    ([book_show, show_times], "Can I get 2 seats for The Lion King?", "book_show"),
])
async def test_a_one_clause_request_calls_the_one_tool_that_fits(agent_tools, message: str, tool: str) -> None:
    result = await Runner.run(Agent(name="Desk", instructions="Use the tools.", tools=agent_tools), message)
    assert [name for name, _ in calls(result)] == [tool]


@function_tool
def feeding_schedule(pet_name: str, meals_per_day: int, grams_per_meal: int) -> str:
    """Set a pet's feeding schedule."""
    return f"{pet_name}: {meals_per_day} x {grams_per_meal} g"


@function_tool
def enroll_player(player_name: str, level: int) -> str:
    """Enroll a player in the game at a level."""
    return f"{player_name} joined at level {level}"


@pytest.mark.parametrize(("agent_tools", "message", "name"), [
    ([feeding_schedule], "Feed Rex twice a day, 150 grams each meal", "Rex"),
    ([enroll_player], "Enroll Mia Chen at level 3", "Mia Chen"),
])
async def test_a_name_after_the_tools_own_verb_is_the_name_alone(agent_tools, message: str, name: str) -> None:
    (_, arguments), = calls(await Runner.run(Agent(name="Desk", instructions="Use the tools.", tools=agent_tools), message))
    assert next(iter(arguments.values())) == name


class Destination(BaseModel):
    city: str
    zip: str


class Quote(BaseModel):
    carrier: str
    price: float
    to: Destination


class Visit(BaseModel):
    day: datetime.date
    vet: str


@function_tool
def rate(city: str) -> dict:
    """Get a shipping rate to a city."""
    return {"carrier": "FastShip", "price": 12.5, "to": {"city": city, "zip": "02108"}}


@function_tool
def next_visit(pet: str) -> dict:
    """The next open vet appointment for a pet."""
    return {"day": "2026-12-08", "vet": "Dr. Ames"}


QUOTER = Agent(name="Quoter", instructions="Quote shipping with the rate tool.", tools=[rate], output_type=Quote)
SLOTS = Agent(name="Slots", instructions="Find a vet visit with the tool.", tools=[next_visit], output_type=Visit)
FRONT = Agent(name="Front", instructions="Answer with the tools.", tools=[
    QUOTER.as_tool(tool_name="get_quote", tool_description="Get a shipping quote for a parcel to a city"),
    SLOTS.as_tool(tool_name="find_visit", tool_description="Find a vet appointment for a pet")])


@pytest.mark.parametrize(("message", "said"), [
    ("How much to ship a parcel to Boston?", "The price is 12.5."),
    ("Get me a shipping quote to Boston", "carrier: FastShip; price: 12.5; to: city Boston, zip 02108"),
    ("When can my dog Bruno see a vet?", "The day is 2026-12-08 and the vet is Dr. Ames."),
])
async def test_a_sub_agent_calls_its_tool_and_its_nested_or_dated_result_is_told_in_words(message: str, said: str):
    result = await Runner.run(FRONT, message)
    assert len(calls(result)) == 1 and said in result.final_output


@pytest.mark.parametrize(("message", "arguments"), [
    ("Force restart the payments service", {"service": "payments", "force": True}),
    ("please restart the search service", {"service": "search", "force": False}),
])
async def test_the_tools_own_verb_opens_what_it_acts_on_anywhere(message: str, arguments: dict) -> None:
    result = await Runner.run(Agent(name="Ops", instructions="Use the tools.", tools=[restart_service]), message)
    assert calls(result) == [("restart_service", arguments)]


@function_tool
def book_tickets(event: str, quantity: int, seat_class: Literal["standard", "premium", "vip"] = "standard") -> str:
    """Book tickets for an event."""
    return f"{quantity} {seat_class} tickets for {event}: BK-7731"


@function_tool
def scale_service(service: str, replicas: int, region: Literal["us-east-1", "eu-west-1"]) -> str:
    """Scale a cloud service to a number of replicas in a region."""
    return f"{service}: {replicas} in {region}"


@pytest.mark.parametrize(("agent_tools", "message", "arguments"), [
    ([book_tickets], "Book 4 VIP tickets for the Coldplay concert",
     {"event": "Coldplay concert", "quantity": 4, "seat_class": "vip"}),
    ([scale_service], "Scale search to 3 in us-east-1", {"service": "search", "replicas": 3, "region": "us-east-1"}),
])
async def test_an_option_of_the_tool_is_no_other_fields_value(agent_tools, message: str, arguments: dict) -> None:
    (_, made), = calls(await Runner.run(Agent(name="Desk", instructions="Use the tools.", tools=agent_tools), message))
    assert made == arguments


@function_tool
def find_flights(origin: str, destination: str, date: str) -> list:
    """Find flights between two cities on a date."""
    return [{"flight": "LH 400", "price": 520}]


@function_tool
def track_parcel(tracking_number: str) -> dict:
    """Track a parcel."""
    return {"status": "in transit"}


@pytest.mark.parametrize(("agent_tools", "first", "follow_up", "call"), [
    ([get_balance], "balance of checking?", "what about savings?", ("get_balance", {"account": "savings"})),
    ([find_flights], "Find flights from Frankfurt to New York on 2026-12-18", "What about to Boston?",
     ("find_flights", {"origin": "Frankfurt", "destination": "Boston", "date": "2026-12-18"})),
    ([track_parcel], "track 1Z999", "and 1Z777?", ("track_parcel", {"tracking_number": "1Z777"})),
])
async def test_a_short_follow_up_repeats_the_call_for_its_new_value(agent_tools, first, follow_up, call) -> None:
    agent, session = Agent(name="Desk", instructions="Use the tools.", tools=agent_tools), SQLiteSession(follow_up)
    await Runner.run(agent, first, session=session)
    assert calls(await Runner.run(agent, follow_up, session=session)) == [call]


@pytest.mark.parametrize(("agent_tools", "message", "made"), [
    ([scale_service, restart_service], "Scale search to 3 in us-east-1, then restart it",
     [("scale_service", {"service": "search", "replicas": 3, "region": "us-east-1"}),
      ("restart_service", {"service": "search", "force": False})]),
    ([scale_service, restart_service], "scale the web service to 5 in eu-west-1 and then restart it",
     [("scale_service", {"service": "web", "replicas": 5, "region": "eu-west-1"}),
      ("restart_service", {"service": "web", "force": False})]),
])
async def test_then_it_takes_the_value_the_call_before_was_given(agent_tools, message: str, made) -> None:
    assert calls(await Runner.run(Agent(name="Ops", instructions="Use the tools.", tools=agent_tools), message)) == made


class Carrier(BaseModel):
    carrier: str
    days: int


BLIND = Agent(name="Blind", instructions="Say which carrier ships the parcel.", output_type=Carrier)
ASKER = Agent(name="Asker", instructions="Answer with the tool.", tools=[
    BLIND.as_tool(tool_name="pick_carrier", tool_description="Pick the carrier for a parcel")])


@pytest.mark.parametrize("message", ["Which carrier will ship my parcel?", "What carrier is best for my parcel?"])
async def test_a_sub_agents_i_dont_know_is_not_told_as_a_value(message: str) -> None:
    result = await Runner.run(ASKER, message)
    assert len(calls(result)) == 1 and "is I don't know" not in result.final_output
