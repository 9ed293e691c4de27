"""Agents with several similar tools: a careful model picks the one the sentence asks for and fills it as said.

"Turn the music down" turns a level, not the thing: beside ``play_music`` it is ``set_volume``'s low end; a level of
numbers nobody gave ("Turn it up", 0 to 100) is asked for with its range, not set to 0 (mute). An event's title is
what the request arranges, past its length and where it goes ("Schedule a 45 minute design critique with Leo",
"... on my calendar"); an event with nobody named is still made, with no attendees. One request calls the tool its
verb names ("Pause the music": not play_music too; "Add X to my to-do list": not list_tasks), and a tool's one text
is what follows its own verb ("Play some Miles Davis": "Miles Davis"). To take a thing out of something removes it.
A yes/no field of how often is said in other words: "every day" is daily, "every week" weekly. A person may be
named by kin ("Call mom"), and the message's own verb names the tool that starts with it, given its values. Pairs
count a thing ("3 pairs of wool socks"), and an option said right after its field's name or a number is it ("in size
M", "68 F"). Money moved to one of two accounts comes from the other; a call demanded (``tool_choice="required"``)
that nothing asks for is one that changes nothing. What one spent is asked of the tool that lists transactions.
Two tools asked for in one breath share the value said once ("the weather and the time in Tokyo"). A day's bare hour
is a time ("tomorrow at 3": 15:00, "tonight at 9": 21:00), not a count. A verb related to a tool's name asks for it
("Text Omar that...": send_sms), and its ``to`` is the person named when no address is given. Each thing listed
for a tool of one thing is a call of its own, though none gives its count ("Add milk and bread"). A name goes on
past "de" or "of" ("Clair de Lune", "Bank of America"). To let someone know is to message them what follows.
A name or label said after "called", "named" or "labelled" is that name ("a public playlist called road trip").
An order about one's own things ("Add a haircut to my diary") calls the one tool it gives the values of; the thing
done is past its length ("a 30 minute swim": swim).
"""

from __future__ import annotations

import json
from typing import Annotated, Literal, Optional

import pytest
from agents import Agent, ModelSettings, Runner, function_tool
from pydantic import Field

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def play_music(song: str) -> str:
    """Play a song on the living-room speaker."""
    return f"Playing {song}"


@function_tool
def set_volume(level: Literal["low", "medium", "high"]) -> str:
    """Set the speaker volume."""
    return f"Volume set to {level}"


@function_tool
def start_fan(room: str) -> str:
    """Switch on the ceiling fan in a room."""
    return "on"


@function_tool
def set_fan_speed(speed: Literal["low", "medium", "high"]) -> str:
    """Change how fast the fan spins."""
    return "ok"


@function_tool
def set_speaker_volume(level: int) -> str:
    """Set the speaker volume.

    Args:
        level: volume from 0 to 100
    """
    return f"Volume set to {level}"


@function_tool
def set_brightness(percent: Annotated[int, Field(ge=0, le=100)]) -> str:
    """Set how bright the desk lamp is."""
    return "ok"


async def test_turning_the_thing_down_sets_its_level_not_plays_it():
    assert (await tool_calls([play_music, set_volume], "Turn the music down"))[0] == [("set_volume", {"level": "low"})]
    calls, _ = await tool_calls([play_music, set_volume], "Could you crank the music up a bit?")
    assert calls == [("set_volume", {"level": "high"})]
    assert (await tool_calls([start_fan, set_fan_speed], "Turn the fan up"))[0] == [("set_fan_speed", {"speed": "high"})]
    assert (await tool_calls([play_music, set_volume], "Play Bohemian Rhapsody"))[0] == [("play_music", {"song": "Bohemian Rhapsody"})]


async def test_a_numbered_level_nobody_gave_is_asked_for_with_its_range():
    calls, reply = await tool_calls([set_speaker_volume], "Turn the music down")
    assert calls == [] and "level (0 to 100)" in reply
    calls, reply = await tool_calls([play_music, set_speaker_volume], "Turn it up please")
    assert calls == [] and "level (0 to 100)" in reply
    calls, reply = await tool_calls([set_brightness], "Turn the lamp down")
    assert calls == [] and "percent (0 to 100)" in reply
    assert (await tool_calls([set_speaker_volume], "Set the volume to 30"))[0] == [("set_speaker_volume", {"level": 30})]


@function_tool
def create_event(title: str, attendees: list[str], date: str, start_time: Optional[str] = None,
                 duration_minutes: int = 60) -> str:
    """Create a calendar event.

    Args:
        title: event title
        attendees: names of the people invited
        date: YYYY-MM-DD
        start_time: HH:MM, 24h
        duration_minutes: length in minutes
    """
    return json.dumps({"created": True, "title": title, "attendees": attendees, "date": date})


@function_tool
def new_reservation(event: str, guests: list[str], day: str) -> str:
    """Reserve a table at the club restaurant.

    Args:
        event: what the booking is for
        guests: who comes
        day: the day
    """
    return "reserved"


async def test_an_event_is_titled_by_what_is_arranged_past_its_length():
    calls, _ = await tool_calls([create_event], "Schedule a 1-hour budget review with Priya on Dec 11 at 2pm")
    assert calls[0][1]["title"] == "budget review with Priya" and calls[0][1]["attendees"] == ["Priya"]
    calls, _ = await tool_calls([create_event], "Book a 45 minute design critique with Leo and Mara on Dec 7 at 10:30")
    assert calls[0][1]["title"] == "design critique with Leo and Mara" and calls[0][1]["duration_minutes"] == 45
    calls, _ = await tool_calls([new_reservation], "Arrange a 2 hour birthday lunch with Omar and Lena for Saturday")
    assert calls == [("new_reservation", {"event": "birthday lunch with Omar and Lena", "guests": ["Omar", "Lena"],
                                          "day": "Saturday"})]


async def test_an_event_with_nobody_named_is_made_with_no_attendees():
    calls, reply = await tool_calls([create_event], "Add a dentist appointment to my calendar for Dec 8 at 9am")
    assert calls == [("create_event", {"title": "dentist appointment", "attendees": [], "date": "2026-12-08",
                                       "start_time": "09:00", "duration_minutes": 60})]
    assert "dentist appointment" in reply
    calls, _ = await tool_calls([create_event], "Schedule a haircut on my calendar for Dec 15")
    assert calls[0][1]["title"] == "haircut" and calls[0][1]["attendees"] == []


@function_tool
def pause_playback() -> str:
    """Pause whatever is playing."""
    return "paused"


@function_tool
def add_task(title: str, priority: Literal["low", "normal", "high"] = "normal") -> str:
    """Add a task to the to-do list."""
    return json.dumps({"id": 17, "title": title, "priority": priority})


@function_tool
def list_tasks() -> str:
    """List open tasks."""
    return json.dumps([{"id": 12, "title": "renew passport"}])


@function_tool
def play_anything(query: str) -> str:
    """Play a song, album or artist."""
    return f"Now playing: {query}"


@function_tool
def stream_show(query: str) -> str:
    """Stream a TV show on the living-room TV."""
    return "streaming"


async def test_one_request_calls_the_tool_its_verb_names():
    assert (await tool_calls([play_music, pause_playback], "Pause the music"))[0] == [("pause_playback", {})]
    calls, _ = await tool_calls([add_task, list_tasks], "Add renew passport to my to-do list, high priority")
    assert calls == [("add_task", {"title": "renew passport", "priority": "high"})]
    assert (await tool_calls([add_task, list_tasks], "What's on my to-do list?"))[0] == [("list_tasks", {})]


async def test_a_tools_one_text_follows_its_own_verb():
    calls, reply = await tool_calls([play_anything, pause_playback], "Play some Miles Davis")
    assert calls == [("play_anything", {"query": "Miles Davis"})] and reply == "Now playing: Miles Davis."
    assert (await tool_calls([stream_show], "Please stream some Bluey"))[0] == [("stream_show", {"query": "Bluey"})]


@function_tool
def add_to_cart(product: str, quantity: int = 1, size: Optional[Literal["S", "M", "L", "XL"]] = None) -> str:
    """Add a product to the shopping cart."""
    return "added"


@function_tool
def remove_from_cart(product: str) -> str:
    """Remove a product from the shopping cart."""
    return "removed"


@function_tool
def add_favorite(station: str) -> str:
    """Save a radio station to favorites."""
    return "saved"


@function_tool
def remove_favorite(station: str) -> str:
    """Remove a radio station from favorites."""
    return "removed"


async def test_taking_a_thing_out_removes_it():
    calls, _ = await tool_calls([add_to_cart, remove_from_cart], "Take the rain jacket out of my cart")
    assert calls == [("remove_from_cart", {"product": "rain jacket"})]
    calls, _ = await tool_calls([add_favorite, remove_favorite], "Please take the jazz station out of my favorites")
    assert calls == [("remove_favorite", {"station": "jazz station"})]
    assert (await tool_calls([add_to_cart, remove_from_cart], "Add the rain jacket to my cart"))[0][0][0] == "add_to_cart"


@function_tool
def set_alarm(time: str, repeat_daily: bool = False) -> str:
    """Set an alarm.

    Args:
        time: HH:MM, 24-hour
        repeat_daily: ring every day
    """
    return "Alarm set."


@function_tool
def book_cleaning(date: str, weekly: bool = False) -> str:
    """Book a home cleaning visit."""
    return "booked"


async def test_how_often_said_in_other_words_sets_its_flag():
    calls, _ = await tool_calls([set_alarm], "Set an alarm for 6:30am every day")
    assert calls == [("set_alarm", {"time": "06:30", "repeat_daily": True})]
    assert (await tool_calls([set_alarm], "Set an alarm for 6:30am"))[0][0][1]["repeat_daily"] is False
    calls, _ = await tool_calls([book_cleaning], "Book a cleaning on 2026-12-10 and every week after that")
    assert calls == [("book_cleaning", {"date": "2026-12-10", "weekly": True})]


@function_tool
def send_message(recipient: str, text: str, urgent: bool = False) -> str:
    """Send a chat message to a contact."""
    return "sent"


@function_tool
def call_contact(name: str) -> str:
    """Start a phone call with a contact."""
    return "calling"


@function_tool
def share_album(album: str, person: str) -> str:
    """Share a photo album."""
    return "shared"


async def test_kin_name_a_person_and_the_leading_verb_its_tool():
    assert (await tool_calls([send_message, call_contact], "Call mom"))[0] == [("call_contact", {"name": "mom"})]
    calls, _ = await tool_calls([send_message, call_contact], "Please call my husband")
    assert calls == [("call_contact", {"name": "husband"})]
    calls, _ = await tool_calls([share_album], "Share the beach album with my sister")
    assert calls == [("share_album", {"album": "beach", "person": "sister"})]


@function_tool
def order_gloves(product: str, quantity: int) -> str:
    """Order work gloves for the warehouse."""
    return "ordered"


@function_tool
def upgrade_seat(flight: str, cabin: Literal["Y", "W", "J", "F"]) -> str:
    """Upgrade a seat to another cabin."""
    return "upgraded"


async def test_pairs_count_a_thing_and_an_option_follows_its_fields_name():
    calls, _ = await tool_calls([add_to_cart, remove_from_cart], "Add 3 pairs of wool socks in size M to my cart")
    assert calls == [("add_to_cart", {"product": "wool socks", "quantity": 3, "size": "M"})]
    calls, _ = await tool_calls([order_gloves], "Order 12 pairs of nitrile gloves")
    assert calls == [("order_gloves", {"product": "nitrile gloves", "quantity": 12})]
    calls, _ = await tool_calls([upgrade_seat], "Upgrade my seat on BA117 to cabin J")
    assert calls == [("upgrade_seat", {"flight": "BA117", "cabin": "J"})]


@function_tool
def set_thermostat(temperature: float, unit: Literal["C", "F"] = "C") -> str:
    """Set the thermostat target temperature."""
    return "ok"


@function_tool
def preheat_oven(temperature: int, scale: Literal["C", "F"] = "F") -> str:
    """Preheat the oven."""
    return "heating"


async def test_an_option_said_right_after_a_number_is_it():
    calls, _ = await tool_calls([set_thermostat], "Set the heat to 68 F")
    assert calls == [("set_thermostat", {"temperature": 68, "unit": "F"})]
    assert (await tool_calls([preheat_oven], "Preheat the oven to 200 C"))[0] == [
        ("preheat_oven", {"temperature": 200, "scale": "C"})]
    assert (await tool_calls([preheat_oven], "Preheat the oven to 400"))[0][0][1]["scale"] == "F"


@function_tool
def transfer_money(from_account: Literal["checking", "savings"], to_account: Literal["checking", "savings"],
                   amount: float) -> str:
    """Move money between the user's own accounts."""
    return json.dumps({"status": "completed", "amount": amount})


@function_tool
def get_balance(account: Literal["checking", "savings"]) -> str:
    """Get the balance of an account."""
    return json.dumps({"account": account, "balance": 1834.22})


@function_tool
def move_money(source: Literal["wallet", "bank"], destination: Literal["wallet", "bank"], amount: float) -> str:
    """Move money between the wallet and the bank."""
    return "moved"


@function_tool
def unlock_door(door: Literal["front", "back"]) -> str:
    """Unlock a door."""
    return "unlocked"


@function_tool
def read_temperature(room: str) -> str:
    """Read a room's temperature."""
    return "21 C"


async def test_money_moved_to_one_account_comes_from_the_other():
    calls, _ = await tool_calls([transfer_money, get_balance], "Move 50 bucks to savings")
    assert calls == [("transfer_money", {"from_account": "checking", "to_account": "savings", "amount": 50})]
    calls, _ = await tool_calls([move_money], "Put 40 dollars into my wallet")
    assert calls == [("move_money", {"source": "bank", "destination": "wallet", "amount": 40})]


async def test_a_demanded_call_nothing_asks_for_changes_nothing():
    for tools, message, safe in (([transfer_money, get_balance], "Thanks!", "get_balance"),
                                 ([unlock_door, read_temperature], "Good morning", "read_temperature")):
        agent = Agent(name="Helper", instructions="Use your tools.", tools=tools,
                      model_settings=ModelSettings(tool_choice="required"))
        result = await Runner.run(agent, message)
        assert [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"][:1] == [safe]


@function_tool
def list_transactions(days: int = 30, category: Optional[str] = None) -> str:
    """List recent card transactions."""
    return json.dumps([{"merchant": "Blue Bottle", "amount": 6.5, "category": "coffee"}])


@function_tool
def card_purchases() -> str:
    """Card purchases of the last 30 days."""
    return json.dumps([{"shop": "Hardware Hut", "amount": 42.0}])


async def test_what_one_spent_is_asked_of_the_transactions():
    calls, reply = await tool_calls([transfer_money, list_transactions], "How much did I spend on coffee?")
    assert [name for name, _ in calls] == ["list_transactions"] and "6.5" in reply
    calls, reply = await tool_calls([card_purchases, freeze_card], "What did I spend last week?")
    assert [name for name, _ in calls] == ["card_purchases"] and "42" in reply


@function_tool
def freeze_card(last_four: str) -> str:
    """Freeze a card."""
    return "frozen"


@function_tool
def get_weather(city: str) -> str:
    """Current weather in a city."""
    return f"Sunny in {city}"


@function_tool
def get_local_time(city: str) -> str:
    """Current local time in a city."""
    return "10:00"


@function_tool
def lights_off(room: str) -> str:
    """Switch off the lights in a room."""
    return "off"


@function_tool
def fan_off(room: str) -> str:
    """Switch off the ceiling fan in a room."""
    return "off"


async def test_two_tools_asked_in_one_breath_share_the_value_said_once():
    calls, _ = await tool_calls([get_weather, get_local_time], "What's the weather and the local time in Tokyo?")
    assert sorted(calls) == [("get_local_time", {"city": "Tokyo"}), ("get_weather", {"city": "Tokyo"})]
    calls, _ = await tool_calls([lights_off, fan_off], "Switch off the lights and the fan in the bedroom")
    assert sorted(calls) == [("fan_off", {"room": "bedroom"}), ("lights_off", {"room": "bedroom"})]


@function_tool
def book_table(party_size: int, day: str, time: str) -> str:
    """Book a restaurant table.

    Args:
        party_size: how many people
        day: the day
        time: HH:MM, 24-hour
    """
    return "booked"


async def test_a_days_bare_hour_is_a_time_not_a_count():
    calls, _ = await tool_calls([create_event], "Schedule a call with Ana on Dec 4 at 3")
    assert calls[0][1]["start_time"] == "15:00" and calls[0][1]["duration_minutes"] == 60
    calls, _ = await tool_calls([book_table], "Book a table for 4 on Friday at 7")
    assert calls[0][1]["time"] == "19:00" and calls[0][1]["party_size"] == 4
    calls, _ = await tool_calls([book_table], "Book a table for 2 tonight at 9")
    assert calls[0][1]["time"] == "21:00" and calls[0][1]["party_size"] == 2


@function_tool
def send_sms(to: str, body: str) -> str:
    """Send an SMS."""
    return "sent"


@function_tool
def send_whatsapp(to: str, body: str) -> str:
    """Send a WhatsApp."""
    return "sent"


async def test_a_verb_related_to_a_tools_name_asks_for_it_and_to_is_the_person():
    calls, _ = await tool_calls([send_sms, call_contact], "Text Omar that the keys are under the mat")
    assert calls == [("send_sms", {"to": "Omar", "body": "the keys are under the mat"})]
    calls, _ = await tool_calls([send_whatsapp], "Message Lena that dinner is at 8")
    assert calls == [("send_whatsapp", {"to": "Lena", "body": "dinner is at 8"})]


@function_tool
def add_grocery(item: str, quantity: float = 1, unit: Optional[str] = None) -> str:
    """Add an item to the grocery list."""
    return "ok"


@function_tool
def add_to_watchlist(show: str, priority: int = 3) -> str:
    """Add a show to the watchlist."""
    return "ok"


async def test_each_thing_listed_is_a_call_though_none_gives_its_count():
    calls, _ = await tool_calls([add_grocery], "Add milk and bread to the list")
    assert [arguments["item"] for _, arguments in calls] == ["milk", "bread"]
    calls, _ = await tool_calls([add_to_watchlist], "Add Severance and Slow Horses to my watchlist")
    assert [arguments["show"] for _, arguments in calls] == ["Severance", "Slow Horses"]


@function_tool
def pay_bill(payee: str, amount: float) -> str:
    """Pay a bill to a saved payee."""
    return "scheduled"


async def test_a_name_goes_on_past_de_or_of():
    assert (await tool_calls([play_music, pause_playback], "Play Clair de Lune"))[0] == [
        ("play_music", {"song": "Clair de Lune"})]
    calls, _ = await tool_calls([pay_bill], "Pay 50 dollars to Bank of America")
    assert calls == [("pay_bill", {"payee": "Bank of America", "amount": 50})]


async def test_letting_someone_know_messages_them():
    calls, _ = await tool_calls([send_message, call_contact], "Let Maya know I'll be late")
    assert calls == [("send_message", {"recipient": "Maya", "text": "I'll be late", "urgent": False})]
    calls, _ = await tool_calls([send_sms], "Let Omar know the keys are under the mat")
    assert calls == [("send_sms", {"to": "Omar", "body": "the keys are under the mat"})]


@function_tool
def create_playlist(name: str, public: bool = False) -> str:
    """Create a playlist."""
    return "created"


@function_tool
def set_labelled_alarm(time: str, label: Optional[str] = None) -> str:
    """Set an alarm.

    Args:
        time: HH:MM, 24-hour
        label: optional name
    """
    return "set"


async def test_a_name_said_after_called_is_that_name():
    calls, _ = await tool_calls([create_playlist], "Create a public playlist called road trip")
    assert calls == [("create_playlist", {"name": "road trip", "public": True})]
    calls, _ = await tool_calls([set_labelled_alarm], "Set an alarm for 5:45 pm called gym")
    assert calls == [("set_labelled_alarm", {"time": "17:45", "label": "gym"})]
    calls, _ = await tool_calls([set_labelled_alarm], "Set an alarm for 7am labelled school run")
    assert calls[0][1]["label"] == "school run"


@function_tool
def log_workout(activity: str, minutes: int) -> str:
    """Log a workout."""
    return "logged"


async def test_an_order_about_ones_own_things_calls_the_tool_it_fills():
    calls, _ = await tool_calls([create_event], "Add a haircut to my diary for Dec 15")
    assert calls[0][0] == "create_event" and calls[0][1]["title"] == "haircut" and calls[0][1]["date"] == "2026-12-15"
    calls, _ = await tool_calls([log_workout], "Add 45 minutes of yoga to my training log")
    assert calls == [("log_workout", {"activity": "yoga", "minutes": 45})]


async def test_the_thing_done_is_past_its_length():
    calls, _ = await tool_calls([log_workout], "Add a 30 minute swim to my training log")
    assert calls == [("log_workout", {"activity": "swim", "minutes": 30})]
    calls, _ = await tool_calls([log_workout], "Log a 45 minute bike ride")
    assert calls == [("log_workout", {"activity": "bike ride", "minutes": 45})]
