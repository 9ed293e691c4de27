"""Tool agents that do what they are asked, with the values said before, and answer from the results they got.

An outside tester's inn, thermostat, plumber and cab desk, run as a learner runs them. "Book the double for Priya
Raman, with breakfast please." cancelled a booking "Priya Raman"; "OK then what about a double for the same dates?"
called nothing; "How long will the refund take?" was not told "within 5 days"; "Set the bedroom to 19.5 degrees in
heat mode." switched away mode off, and "Turn on away mode." too; "What's the call-out fee?" priced a new estimate
instead of telling the fee the booking returned; "Send someone today, 2025-01-15." booked the machine's date; "7
Quarry Row. Could someone come" gave the address "7 Quarry Row. Could"; "from the Central Station to 44 Elm Road" gave
pickup "Central" and drop-off "Station"; "Cancel the first ride" cancelled the plate's "5521X".
"""

from __future__ import annotations

import datetime
import json
from typing import Literal, Optional

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_availability(check_in: datetime.date, check_out: datetime.date, guests: int,
                       room_type: Literal["single", "double", "suite"] = "double") -> str:
    """Check room availability and nightly price at the inn."""
    price = {"single": 80, "double": 120, "suite": 260}[room_type]
    nights = (check_out - check_in).days
    return json.dumps({"available": room_type != "suite", "nights": nights, "total": price * nights})


@function_tool
def book_room(check_in: datetime.date, check_out: datetime.date, guests: int,
              room_type: Literal["single", "double", "suite"], breakfast: bool, guest_name: str) -> str:
    """Book a room at the inn."""
    return f"Booked {room_type} for {guest_name}. Confirmation HV-3307."


@function_tool
def cancel_booking(confirmation: str, reason: str = "") -> str:
    """Cancel an existing booking by its confirmation code."""
    return f"Booking {confirmation} cancelled. A refund of 100% will be issued within 5 days."


INN = Agent(name="Inn", instructions="You are the booking assistant of the inn.",
            tools=[check_availability, book_room, cancel_booking])


async def test_a_booking_is_booked_with_the_dates_and_guests_said_before() -> None:
    replies = await turns(INN, ["Is a suite free from 2025-03-14 to 2025-03-17 for two people?",
                                "OK then what about a double for the same dates?",
                                "Book the double for Priya Raman, with breakfast please.",
                                "Please cancel booking HV-3307, my plans changed.", "How long will the refund take?"])
    dates = {"check_in": "2025-03-14", "check_out": "2025-03-17", "guests": 2}
    assert replies[1][0] == [("check_availability", {**dates, "room_type": "double"})], replies[1]
    assert replies[2][0] == [("book_room", {**dates, "room_type": "double", "breakfast": True,
                                            "guest_name": "Priya Raman"})], replies[2]
    assert replies[3][0] == [("cancel_booking", {"confirmation": "HV-3307", "reason": "my plans changed"})], replies[3]
    assert replies[4][0] == [] and "within 5 days" in replies[4][1], replies[4]


@function_tool
def set_temperature(room: Literal["living room", "bedroom", "study"], celsius: float,
                    mode: Literal["heat", "cool", "auto"] = "auto") -> str:
    """Set the target temperature of a room's thermostat."""
    return f"OK: {room} set to {celsius} °C ({mode})."


@function_tool
def read_temperatures() -> dict:
    """Read the current temperature of every room."""
    return {"living room": 21.2, "bedroom": 18.4}


@function_tool
def set_away_mode(enabled: bool) -> str:
    """Turn away (holiday) mode on or off for the whole house."""
    return f"Away mode {'enabled' if enabled else 'disabled'}."


THERMOSTAT = Agent(name="Thermo", instructions="You control a home's heating. Use the tools.",
                   tools=[set_temperature, read_temperatures, set_away_mode])


async def test_a_setting_goes_to_the_tool_whose_values_it_gives_and_a_switch_is_set_as_said() -> None:
    replies = await turns(THERMOSTAT, ["Set the bedroom to 19.5 degrees in heat mode.", "Turn on away mode.",
                                       "And turn it off again, we've cancelled the trip."])
    assert replies[0][0] == [("set_temperature", {"room": "bedroom", "celsius": 19.5, "mode": "heat"})], replies[0]
    assert replies[1][0] == [("set_away_mode", {"enabled": True})], replies[1]
    assert replies[2][0] == [("set_away_mode", {"enabled": False})], replies[2]


@function_tool
def schedule_callout(address: str, problem: Literal["leak", "no_hot_water", "burst_pipe", "other"], urgent: bool,
                     preferred_date: str) -> str:
    """Book a plumber's visit.

    Args:
        address: Street address of the property.
        problem: What is wrong.
        urgent: Whether it is an emergency.
        preferred_date: Preferred visit date, YYYY-MM-DD.
    """
    return json.dumps({"job": "PL-6620", "plumber": "Dev Chauhan", "window": "08:00-12:00",
                       "callout_fee_gbp": 90 if urgent else 60})


@function_tool
def estimate(problem: Literal["leak", "no_hot_water", "burst_pipe", "other"]) -> str:
    """Typical repair cost range for a kind of problem."""
    return {"burst_pipe": "£150-£350"}.get(problem, "£80-£200")


PLUMBER = Agent(name="Plumb", instructions="You book plumbers for Drip Doctors.", tools=[schedule_callout, estimate])


async def test_a_date_written_out_beats_today_and_a_fee_is_told_from_the_booking() -> None:
    replies = await turns(PLUMBER, ["There's a burst pipe under the sink at 22 Canal Street! Send someone today, "
                                    "2025-01-15.", "What's the call-out fee?"])
    [(name, arguments)] = replies[0][0]
    assert name == "schedule_callout" and arguments["preferred_date"] == "2025-01-15", replies[0]
    assert replies[1][0] == [] and "90" in replies[1][1], replies[1]


async def test_an_address_stops_at_its_sentence() -> None:
    [(calls, _)] = await turns(PLUMBER, ["Our boiler gives no hot water at 7 Quarry Row. Could someone come on "
                                         "2025-01-22? Not urgent."])
    assert calls[0][0] == "schedule_callout" and calls[0][1]["address"] == "7 Quarry Row", calls


@function_tool
def request_ride(pickup: str, dropoff: str, passengers: int = 1, pickup_time: Optional[str] = None) -> str:
    """Request a taxi ride from the city cab dispatcher.

    Args:
        pickup: Pickup address or landmark.
        dropoff: Destination address or landmark.
        passengers: Number of passengers (1-8).
        pickup_time: Pickup time as HH:MM (24h); omit for now.
    """
    return json.dumps({"ride_id": "CAB-771", "driver": "Marek", "plate": "KR 5521X"})


@function_tool
def cancel_ride(ride_id: str) -> str:
    """Cancel a taxi ride that was requested earlier."""
    return f"Ride {ride_id} cancelled."


CABS = Agent(name="Dispatch", instructions="You are a cab dispatcher. Use the tools to book rides.",
             tools=[request_ride, cancel_ride])


async def test_a_ride_goes_from_where_it_is_picked_up_to_where_it_goes_and_is_cancelled_by_its_id() -> None:
    replies = await turns(CABS, ["I need a cab from the Central Station to 44 Elm Road at 18:30.",
                                 "Also book one for 6 people from Elm Road to the airport.", "Cancel the first ride please."])
    assert replies[0][0] == [("request_ride", {"pickup": "Central Station", "dropoff": "44 Elm Road", "passengers": 1,
                                               "pickup_time": "18:30"})], replies[0]
    [(_, second)] = replies[1][0]
    assert (second["pickup"], second["dropoff"], second["passengers"]) == ("Elm Road", "airport", 6), replies[1]
    assert replies[2][0] == [("cancel_ride", {"ride_id": "CAB-771"})], replies[2]
