"""Follow-ups a learner's own agent (weather, garden, courses, recipes, smart home, fitness) answers from what it was
sent: earlier tool results, its instructions, and what the user told.

Before, "If the soil is dry 2 cm down, water the herbs in the morning." was read as an order to the model ("If..."),
so "The soil is dry 2 cm down, what should I do?" got "I don't know" (a conditional that sets the model's own conduct,
"If the user asks for a refund, ...", is still not told), and so was "Water tomatoes at the base." for "How should I
water them?"; "Did I pass?" got "Yes" from "Pass mark is 50."; "Is there parking?" got "Yes" from parking: false;
"Lock it" after "Is the back door locked?" locked the front door (the first a result lists); "Same for the kitchen"
called nothing; "Is it going to rain?" got the whole weather line, "Where is the Thursday lecture?" Monday's time with
Thursday's hall, "How far is it?" and "What's the name of our hotel?" "I don't know".
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def read_moisture(bed: str) -> str:
    """Read the soil moisture sensor of a garden bed."""
    return f"{bed}: 18% moisture (dry)"


@function_tool
def find_recipe(dish: str) -> str:
    """Find a recipe by dish name."""
    return json.dumps({"dish": dish, "servings": 4, "prep_minutes": 25, "ingredients": ["flour", "eggs", "milk"]})


@function_tool
def charger_status(charger: str) -> str:
    """Status of an electric car charger."""
    return json.dumps({"charger": charger, "state": "charging", "remaining_hours": 3})


@function_tool
def fitness_class(name: str) -> str:
    """Look up a gym class by name."""
    return json.dumps({"name": name, "duration": "45 min", "starts": "18:00", "room": "Studio 2"})


@function_tool
def get_course(code: str) -> str:
    """Look up a university course."""
    return json.dumps({"code": code, "title": "Organic Chemistry", "credits": 7.5, "room": "B204"})


@function_tool
def city_weather(city: str) -> str:
    """Current weather for a city."""
    return f"{city}: 12°C, light rain"


@function_tool
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return f"{city}: 12°C, light rain, 80% chance of rain this afternoon, wind 20 km/h"


@function_tool
def energy_report(home: str) -> str:
    """Today's energy use of a home, by appliance."""
    return "Today: heating 12 kWh, lights 2 kWh, oven 3 kWh"


@function_tool
def get_timetable(course: str) -> str:
    """Lecture timetable of a course."""
    return f"{course}: lectures Monday 10:00 in Hall A, Thursday 14:00 in Hall C; exam on June 3."


@function_tool
def get_forecast(city: str, day: str) -> str:
    """Weather forecast for a city on a day."""
    return json.dumps({"city": city, "day": day, "high_c": 18})


@function_tool
def set_lights(room: str, brightness: int) -> str:
    """Set the brightness (0-100) of a room's lights."""
    return f"{room} lights at {brightness}%"


@function_tool
def water_zone(zone: str, minutes: int) -> str:
    """Run the garden sprinklers of a zone for some minutes."""
    return f"{zone} watering for {minutes} min"


@function_tool
def find_gym(area: str) -> str:
    """Find a gym near an area."""
    return json.dumps({"name": "PulseFit", "distance_km": 1.2, "opens": "06:00", "parking": False})


@function_tool
def find_campsite(region: str) -> str:
    """Find a campsite in a region."""
    return json.dumps({"site": "Pine Hollow", "drive_km": 40, "pets_allowed": False, "showers": True})


@function_tool
def door_status() -> str:
    """Status of all doors."""
    return json.dumps({"front": "locked", "back": "unlocked", "garage": "open"})


@function_tool
def lock_door(door: Literal["front", "back", "garage"]) -> str:
    """Lock a door."""
    return f"{door} door locked"


@function_tool
def bed_moisture() -> str:
    """Soil moisture of every garden bed."""
    return json.dumps({"north": "42%", "south": "15%", "east": "30%"})


@function_tool
def start_sprinkler(bed: Literal["north", "south", "east"]) -> str:
    """Start the sprinkler of a garden bed."""
    return f"{bed} sprinkler on"


async def reply(instructions: str, *turns: str, tools: list = ()) -> str:
    agent, session = Agent(name="Helper", instructions=instructions, tools=list(tools)), SQLiteSession("follow-ups")
    for said in turns:
        result = await Runner.run(agent, said, session=session)
    return result.final_output


@pytest.mark.parametrize("instructions, message, wanted", [
    ("You are a garden helper. If the soil is dry 2 cm down, water the herbs in the morning. If the leaves turn "
     "yellow, water less.", "The soil is dry 2 cm down, what should I do?", "water the herbs in the morning"),
    ("You are a weather bot. When the UV index is above 6, recommend sunscreen.",
     "The UV index is 8 today. Do I need sunscreen?", "recommend sunscreen"),
    ("You are a fitness coach. If the user is sore, suggest a rest day or light stretching.",
     "I'm sore today, what should I do?", "If you are sore, suggest a rest day or light stretching."),
    ("You are a home assistant. If a window sensor reports open while the heating is on, tell the user to close it.",
     "The window sensor reports open and the heating is on. What should I do?", "the heating is on, close it."),
])
async def test_advice_the_instructions_give_for_a_case_answers_it(instructions, message, wanted):
    assert wanted in await reply(instructions, message, tools=[read_moisture] * ("garden" in instructions))


async def test_a_condition_on_the_models_own_conduct_is_not_told():
    said = await reply("You are a shop assistant. If the user asks for a refund, say that refunds take 5 days.",
                       "What's the weather like?")
    assert "refund" not in said


@pytest.mark.parametrize("turns, wanted", [
    (["Pass mark is 50.", "My score was 47.", "Did I pass?"], ["50", "your score was 47"]),
    (["The qualifying time is 3:05.", "I ran 3:12.", "Did I qualify?"], ["3:05", "you ran 3:12"]),
    (["Booking fees are refunded on request.", "Did I get my booking fees refunded?"], ["on request"]),
])
async def test_a_yes_no_question_about_the_user_gets_no_verdict_from_a_fact_not_about_them(turns, wanted):
    said = await reply("You are a helpful assistant.", *turns)  # that fact, and the user's own value to weigh it by
    assert not said.startswith("Yes") and all(one in said for one in wanted)


async def test_a_yes_no_question_about_the_user_is_still_settled_by_what_they_said_of_themselves():
    assert (await reply("You help learners.", "I passed the driving test on Monday.", "Did I pass?")).startswith("Yes")


@pytest.mark.parametrize("tool, first, again, wanted", [
    (find_recipe, "Find me a pancake recipe", "How long does it take?", "25 minutes"),
    (charger_status, "Check the garage charger", "How long until it's done?", "3 hours"),
    (fitness_class, "Look up the spin class", "How long is it?", "45 min"),
])
async def test_how_long_is_answered_by_a_results_span(tool, first, again, wanted):
    assert wanted in await reply("You are a helpful assistant. Use the tools.", first, again, tools=[tool])


@pytest.mark.parametrize("tool, first, again, wanted", [
    (get_course, "Look up course CHEM210", "Where is it?", "B204"),
    (fitness_class, "Look up the spin class", "Where is it held?", "Studio 2"),
])
async def test_where_is_answered_by_a_results_room(tool, first, again, wanted):
    assert wanted in await reply("You are a helpful assistant. Use the tools.", first, again, tools=[tool])


@pytest.mark.parametrize("message, city", [
    ("Is it cold in Oslo?", "Oslo"), ("Do I need a jacket in Paris today?", "Paris"), ("Is it hot in Seville?", "Seville"),
])
async def test_a_question_on_how_warm_a_city_is_looks_its_weather_up(message, city):
    assert (await tool_calls([city_weather], message))[0] == [("city_weather", {"city": city})]


@pytest.mark.parametrize("tool, first, again, wanted, unwanted", [
    (get_weather, "What's the weather in Oslo?", "Is it going to rain?", "80% chance of rain", "12°C"),
    (get_weather, "What's the weather in Oslo?", "How windy is it?", "wind 20 km/h", "rain"),
    (energy_report, "Show the energy report for my home", "How much did the oven use?", "oven 3 kWh", "heating"),
])
async def test_a_follow_up_on_a_results_list_gets_the_items_it_asks_of(tool, first, again, wanted, unwanted):
    said = await reply("You are a helpful assistant. Use the tools.", first, again, tools=[tool])
    assert wanted in said and unwanted not in said


@pytest.mark.parametrize("told, asked, wanted", [
    ("We're staying at Hotel Miramar.", "What's the name of our hotel?", "Hotel Miramar"),
    ("I train at the Ironworks gym three times a week.", "What's the name of my gym?", "Ironworks"),
    ("My sister lives in Paris.", "What's my sister's name?", "I don't know"),
])
async def test_the_name_of_a_thing_is_the_capitalised_one_beside_it(told, asked, wanted):
    assert wanted in await reply("You are a travel helper.", told, asked)


async def test_where_of_a_listed_timetable_does_not_join_one_entrys_day_to_anothers_place():
    said = await reply("You help students.", "What's the timetable for Linear Algebra?", "Where is the Thursday lecture?",
                       tools=[get_timetable])
    assert "Thursday 14:00 in Hall C" in said and "Monday 10:00 in Hall C" not in said
    said = await reply("You plan shifts.", "My shifts are Monday 8:00 at the Depot, Friday 12:00 at the Harbour store.",
                       "Where is my Friday shift?")
    assert "Friday 12:00 at the Harbour store" in said and "Monday 8:00 at the Harbour" not in said


@pytest.mark.parametrize("instructions, message, wanted", [
    ("You are a gardening helper. Tomatoes need 6-8 hours of sun. Water tomatoes at the base, never on the leaves.",
     "How should I water my tomatoes?", "Water tomatoes at the base, never on the leaves."),
    ("You are a gardening helper. Feed the roses every two weeks once flowers appear.", "How often do I feed them?",
     "Feed the roses every two weeks"),
    ("You are a bike shop assistant. Lube the chain after every wet ride.", "When should we lube the chain?",
     "after every wet ride"),
])
async def test_how_to_do_what_the_instructions_tell_in_the_imperative(instructions, message, wanted):
    assert wanted in await reply(instructions, message)


async def test_an_imperative_of_the_instructions_is_not_told_to_a_statement():
    said = await reply("You are a gardening helper. Water tomatoes at the base, never on the leaves.",
                       "I watered the tomatoes this morning.")
    assert "at the base" not in said


@pytest.mark.parametrize("tool, first, again, wanted", [
    (set_lights, "Dim the living room lights to 30", "Same for the kitchen", {"room": "kitchen", "brightness": 30}),
    (get_forecast, "Forecast for Bergen on Saturday?", "Same for Sunday", {"city": "Bergen", "day": "Sunday"}),
    (water_zone, "Water the front lawn for 10 minutes", "Do the same for the back lawn", {"zone": "back lawn", "minutes": 10}),
])
async def test_same_for_another_value_makes_the_call_before_again_with_it(tool, first, again, wanted):
    agent, session = Agent(name="Home", instructions="Use the tools.", tools=[tool]), SQLiteSession("same")
    await Runner.run(agent, first, session=session)
    result = await Runner.run(agent, again, session=session)
    assert [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"] == [wanted]


@pytest.mark.parametrize("tool, first, again, wanted", [
    (find_gym, "Find a gym near Kreuzberg", "Is there parking?", "No"),
    (find_campsite, "Find a campsite in the Highlands", "Are pets allowed?", "No"),
    (find_campsite, "Find a campsite in the Highlands", "Are there showers?", "Yes"),
])
async def test_a_results_false_flag_answers_no(tool, first, again, wanted):
    said = await reply("You are a helpful assistant. Use the tools.", first, again, tools=[tool])
    assert said.startswith(wanted) and "True" not in said and "False" not in said  # "No: parking: no."


@pytest.mark.parametrize("tool, first, again, wanted", [
    (find_gym, "Find a gym near Kreuzberg", "How far is it?", "1.2 km"),
    (find_campsite, "Find a campsite in the Highlands", "How far away is it?", "40 km"),
])
async def test_how_far_is_answered_by_a_results_distance(tool, first, again, wanted):
    assert wanted in await reply("You are a helpful assistant. Use the tools.", first, again, tools=[tool])


@pytest.mark.parametrize("tools, turns, wanted", [
    ([door_status, lock_door], ["Are all the doors locked?", "Is the back door locked?", "Lock it"], ("lock_door", "back")),
    ([bed_moisture, start_sprinkler], ["How are my beds doing?", "Is the south bed dry?", "Water it please"],
     ("start_sprinkler", "south")),
])
async def test_it_is_the_option_the_user_named_last_not_the_first_a_result_lists(tools, turns, wanted):
    agent, session = Agent(name="Home", instructions="Use the tools.", tools=tools), SQLiteSession("it")
    for said in turns:
        result = await Runner.run(agent, said, session=session)
    calls = [(i.raw_item.name, *json.loads(i.raw_item.arguments).values()) for i in result.new_items if i.type == "tool_call_item"]
    assert calls == [wanted]


@pytest.mark.parametrize("told, asked, wanted", [
    ("I'm taking Biology, Chemistry and Maths this term.", "How many courses am I taking?", "Biology, Chemistry and Maths"),
    ("I'm training for a few races: Berlin, Oslo and Rome.", "How many races am I training for?", "Berlin, Oslo and Rome"),
])
async def test_how_many_is_answered_by_the_list_the_user_gave(told, asked, wanted):
    assert wanted in await reply("You are a study and sports helper.", told, asked)
