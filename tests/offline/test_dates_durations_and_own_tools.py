"""Dates, times, durations and tool choice a careful model reads from a user's words, with its own tools.

A weekday is a date counted from the "Today is" line (the coming one; "last Monday" or "was absent Monday" the one
before); a field named for a start or pickup time takes the clock time; "an hour and a half" is 90 minutes, a date's
day ("Nov 28") or "two days ago" is no duration.
"""

from __future__ import annotations

import json
from typing import Literal, Optional

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

TODAY = "Today is Thursday, 2026-12-03."


async def run(tools, message: str, instructions: str = TODAY):
    agent = Agent(name="Helper", instructions=f"{instructions} Use your tools.", tools=tools)
    result = await Runner.run(agent, message)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    return calls, result.final_output


@function_tool
def book_meeting(teacher: str, date: str, time: str) -> str:
    """Book a parent-teacher meeting. date is YYYY-MM-DD, time is HH:MM (24h)."""
    return "booked"


@function_tool
def record_absence(student_name: str, date: str, excused: bool = False) -> str:
    """Record a student absence.

    Args:
        student_name: full name of the student
        date: YYYY-MM-DD
        excused: whether the absence is excused
    """
    return "recorded"


@function_tool
def create_event(title: str, date: str, start_time: str, duration_minutes: int = 30) -> str:
    """Create a calendar event.

    Args:
        title: short event title
        date: YYYY-MM-DD
        start_time: 24h HH:MM
        duration_minutes: length in minutes
    """
    return "evt_881"


@function_tool
def cancel_event(event_id: str) -> str:
    """Cancel an event by its id."""
    return "cancelled"


@function_tool
def find_free_slots(date: str, min_minutes: int = 30) -> list[str]:
    """List free time slots on a date (YYYY-MM-DD) of at least min_minutes."""
    return ["09:00-10:00"]


@function_tool
def log_workout(activity: Literal["run", "cycle", "swim", "strength"], duration_minutes: int,
                distance_km: Optional[float] = None, date: Optional[str] = None) -> str:
    """Log a workout in the training diary.

    Args:
        activity: kind of workout
        duration_minutes: how long it lasted, in minutes
        distance_km: distance covered in kilometres, if any
        date: ISO date (YYYY-MM-DD) of the workout; today if omitted
    """
    return "logged"


async def test_a_weekday_is_a_date_counted_from_today():
    calls, _ = await run([book_meeting], "I'd like to meet Ms. Okafor next Wednesday at 4:15 pm")
    assert calls == [("book_meeting", {"teacher": "Okafor", "date": "2026-12-09", "time": "16:15"})]
    calls, _ = await run([book_meeting], "Book me in with Mr Dunn on Monday at 8am",
                         instructions="Today is Saturday, 2027-01-16.")
    assert calls == [("book_meeting", {"teacher": "Dunn", "date": "2027-01-18", "time": "08:00"})]


async def test_a_weekday_in_the_past_is_the_one_before_today():
    calls, _ = await run([record_absence], "Lily Chen was absent last Monday, no excuse given")
    assert calls == [("record_absence", {"student_name": "Lily Chen", "date": "2026-11-30", "excused": False})]
    calls, _ = await run([record_absence], "Tom Berg was out sick on Tuesday, his mum called so it's excused")
    assert calls == [("record_absence", {"student_name": "Tom Berg", "date": "2026-12-01", "excused": True})]


async def test_a_start_time_takes_the_clock_time_and_noon():
    calls, _ = await run([create_event, cancel_event], "Schedule 'Budget review' on December 10 at 9:30")
    assert calls == [("create_event", {"title": "Budget review", "date": "2026-12-10", "start_time": "09:30",
                                       "duration_minutes": 30})]
    calls, _ = await run([create_event, cancel_event, find_free_slots], "Set up a team lunch on Friday at noon, 90 minutes")
    assert calls[0][1]["date"] == "2026-12-04" and calls[0][1]["start_time"] == "12:00"
    assert calls[0][0] == "create_event" and calls[0][1]["duration_minutes"] == 90


async def test_durations_in_words():
    calls, _ = await run([find_free_slots], "When am I free tomorrow? I need at least an hour.")
    assert calls == [("find_free_slots", {"date": "2026-12-04", "min_minutes": 60})]
    calls, _ = await run([find_free_slots], "Show free slots on 2026-12-09, I need an hour and a half")
    assert calls == [("find_free_slots", {"date": "2026-12-09", "min_minutes": 90})]
    calls, _ = await run([log_workout], "Log half an hour of swimming")
    assert calls[0][1]["duration_minutes"] == 30
    calls, _ = await run([log_workout], "Log an hour and a half of cycling on Saturday Nov 28, 42 km")
    assert calls == [("log_workout", {"activity": "cycle", "duration_minutes": 90, "distance_km": 42, "date": "2026-11-28"})]
    calls, _ = await run([log_workout], "Log a swim of 2 and a half hours on Dec 1")
    assert calls[0][1]["duration_minutes"] == 150 and calls[0][1]["date"] == "2026-12-01"


async def test_days_ago_is_a_date_not_a_duration():
    calls, _ = await run([log_workout], "I did strength training for 50 minutes two days ago")
    assert calls == [("log_workout", {"activity": "strength", "duration_minutes": 50, "distance_km": None,
                                      "date": "2026-12-01"})]
    calls, _ = await run([log_workout], "Went for a 40 min run a week ago, 7 km")
    assert calls == [("log_workout", {"activity": "run", "duration_minutes": 40, "distance_km": 7, "date": "2026-11-26"})]


@function_tool
def search_catalog(query: str, format: Literal["paperback", "ebook", "audiobook"] = "paperback",
                   max_results: int = 5) -> list[str]:
    """Search the library catalog for books.

    Args:
        query: title, author or subject words
        format: which edition format to search
        max_results: how many results to return
    """
    return ["The Dispossessed"]


@function_tool
def place_hold(title: str, pickup_branch: str) -> str:
    """Place a hold on a book for pickup at a branch."""
    return "held"


@function_tool
def get_fines(card_number: str) -> float:
    """Get outstanding fines for a library card."""
    return 4.5


@function_tool
def search_recipes(query: str, max_minutes: int = 60, vegetarian: bool = False) -> list[str]:
    """Search recipes by dish or ingredient."""
    return ["Chana masala"]


async def test_a_search_whose_other_fields_have_defaults_takes_a_question():
    calls, _ = await run([get_fines, place_hold, search_catalog], "Do you have any Ursula Le Guin audiobooks? Just show me 2.")
    assert [(name, args["format"], args["max_results"]) for name, args in calls] == [("search_catalog", "audiobook", 2)]
    calls, _ = await run([search_recipes], "Got any vegetarian curry recipes under 30 minutes?")
    assert [(name, args["max_minutes"], args["vegetarian"]) for name, args in calls] == [("search_recipes", 30, True)]


async def test_a_search_verb_calls_the_search_with_what_is_sought():
    calls, _ = await run([get_fines, place_hold, search_catalog], "Search for Le Guin ebooks")
    assert calls == [("search_catalog", {"query": "Le Guin ebooks", "format": "ebook", "max_results": 5})]
    calls, _ = await run([get_fines, place_hold, search_catalog], "Please find me something on medieval castles")
    assert [(name, args["query"]) for name, args in calls] == [("search_catalog", "something on medieval castles")]
    calls, _ = await run([search_recipes], "look up a quick lentil soup")
    assert [(name, args["query"]) for name, args in calls] == [("search_recipes", "a quick lentil soup")]


@function_tool
def renew_loans(titles: list[str], weeks: int = 2) -> dict:
    """Renew one or more borrowed books.

    Args:
        titles: the titles to renew
        weeks: how many weeks to extend
    """
    return {"renewed": titles}


@function_tool
def water_plants(plants: list[str]) -> str:
    """Water some of the house plants."""
    return "watered"


@function_tool
def get_grades(student_name: str, term: Literal["fall", "spring"] = "fall") -> dict:
    """Get a student's grades for a term."""
    return {"math": "B+"}


@function_tool
def driver_rating(driver: str) -> float:
    """The average rating of a delivery driver."""
    return 4.8


async def test_listed_things_without_the_tools_own_verb_or_a_comma():
    calls, _ = await run([renew_loans], "Can you renew Dune and Hyperion for three more weeks?")
    assert calls == [("renew_loans", {"titles": ["Dune", "Hyperion"], "weeks": 3})]
    calls, _ = await run([renew_loans], "Renew my books: Beloved, Emma and Persuasion, 1 week")
    assert calls == [("renew_loans", {"titles": ["Beloved", "Emma", "Persuasion"], "weeks": 1})]
    calls, _ = await run([water_plants], "Please water the fern and the basil.")
    assert calls == [("water_plants", {"plants": ["fern", "basil"]})]


async def test_a_persons_name_without_its_possessive():
    calls, _ = await run([get_grades], "What are Omar Haddad's spring grades?")
    assert calls == [("get_grades", {"student_name": "Omar Haddad", "term": "spring"})]
    calls, _ = await run([driver_rating], "What's Marta Lind’s rating as a driver?")
    assert calls == [("driver_rating", {"driver": "Marta Lind"})]


@function_tool
def rollback(service: str, to_version: str, dry_run: bool = False) -> dict:
    """Roll a service back to a previous version."""
    return {"ok": True}


@function_tool
def deploy(app: str, version: str, environment: Literal["staging", "production"]) -> str:
    """Deploy a version of an app."""
    return "deployed"


@function_tool
def get_error_rate(service: str, window_minutes: int = 15) -> float:
    """Error rate (percent) for a service over the last window_minutes."""
    return 7.25


@function_tool
def count_signups(window_hours: int = 1) -> int:
    """How many users signed up in the last window_hours."""
    return 42


@function_tool
def request_refill(prescription_id: str, quantity: int = 30) -> str:
    """Request a prescription refill."""
    return "queued"


@function_tool
def refill_status(prescription_id: str) -> str:
    """Get the status of a refill request."""
    return "ready for pickup"


@function_tool
def book_repair(device: str) -> str:
    """Book a repair for a device."""
    return "R-1"


@function_tool
def repair_status(ticket_id: str) -> str:
    """The status of a repair ticket."""
    return "in progress"


async def test_names_in_code_are_values():
    calls, _ = await run([rollback, get_error_rate], "Roll payments-svc back to v2.14.1, just a dry run first")
    assert calls == [("rollback", {"service": "payments-svc", "to_version": "v2.14.1", "dry_run": True})]
    calls, _ = await run([deploy], "Deploy web-frontend v3.1.0 to staging")
    assert calls == [("deploy", {"app": "web-frontend", "version": "v3.1.0", "environment": "staging"})]


async def test_the_last_hour_is_one_hour():
    calls, _ = await run([get_error_rate, rollback], "What's the error rate on checkout-api over the last hour?")
    assert calls == [("get_error_rate", {"service": "checkout-api", "window_minutes": 60})]
    calls, _ = await run([count_signups], "How many signups did we get in the past day?")
    assert calls == [("count_signups", {"window_hours": 24})]


async def test_ready_asks_for_a_status():
    calls, _ = await run([request_refill, refill_status], "Is my refill for RX-77 ready yet?")
    assert calls == [("refill_status", {"prescription_id": "RX-77"})]
    calls, _ = await run([book_repair, repair_status], "Is repair R-5521 ready for pickup?")
    assert calls == [("repair_status", {"ticket_id": "R-5521"})]


async def test_one_named_thing_without_the_tools_own_verb():
    agent = Agent(name="Librarian", instructions="You are a library assistant for patrons. Use your tools.",
                  tools=[renew_loans, get_fines])
    result = await Runner.run(agent, "Renew Piranesi please, and also what are the fines on card 55102?")
    calls = sorted((i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items
                   if i.type == "tool_call_item")
    assert calls == [("get_fines", {"card_number": "55102"}), ("renew_loans", {"titles": ["Piranesi"], "weeks": 2})]
    calls, _ = await run([renew_loans], "Renew Piranesi")
    assert calls == [("renew_loans", {"titles": ["Piranesi"], "weeks": 2})]


@function_tool
def cancel_booking(booking_id: str) -> str:
    """Cancel a booking by its id."""
    return "cancelled"


async def test_an_id_with_an_underscore_is_whole():
    calls, _ = await run([cancel_booking, create_event], "Cancel booking bk_20931 please")
    assert calls == [("cancel_booking", {"booking_id": "bk_20931"})]
    calls, _ = await run([cancel_event, create_event], "Cancel event evt_204 but don't tell anyone")
    assert calls == [("cancel_event", {"event_id": "evt_204"})]


@function_tool
def check_stock(isbn: str) -> dict:
    """Check how many copies of a book (by ISBN) are in stock at each store."""
    return {"downtown": 3}


@function_tool
def order_book(isbn: str, quantity: int = 1, gift_wrap: bool = False, ship_to: Optional[str] = None) -> str:
    """Order copies of a book by ISBN."""
    return "BK-5512"


@function_tool
def decode_vin(vin: str) -> dict:
    """Decode a vehicle identification number."""
    return {"make": "Volvo"}


async def test_an_isbn_or_a_vin_is_an_identifier():
    calls, _ = await run([check_stock, order_book], "Which stores have 978-0-14-311823-2 in stock?")
    assert calls == [("check_stock", {"isbn": "978-0-14-311823-2"})]
    calls, _ = await run([check_stock, order_book], "Order 2 copies of 978-0-14-311823-2 gift wrapped")
    assert calls == [("order_book", {"isbn": "978-0-14-311823-2", "quantity": 2, "gift_wrap": True, "ship_to": None})]
    calls, _ = await run([decode_vin], "Decode VIN 1HGCM82633A004352 for me")
    assert calls == [("decode_vin", {"vin": "1HGCM82633A004352"})]


async def test_a_ship_to_field_takes_the_whole_address():
    calls, _ = await run([order_book], "Order one copy of 9780262033848, no gift wrap, ship it to 12 Baker Street, London")
    assert calls == [("order_book", {"isbn": "9780262033848", "quantity": 1, "gift_wrap": False,
                                     "ship_to": "12 Baker Street, London"})]


@function_tool
def is_open(clinic: str, day: str) -> bool:
    """Whether a vet clinic is open on a day."""
    return False


@function_tool
def book_vet(pet_name: str, species: Literal["dog", "cat"], date: str) -> str:
    """Book a vet appointment. date is YYYY-MM-DD."""
    return "VET-33"


@function_tool
def vaccination_due(pet_name: str) -> Optional[str]:
    """Next vaccination due date for a pet, or None if none is due."""
    return None


async def test_one_request_calls_the_tool_its_own_words_name_not_one_a_day_relates_to():
    calls, _ = await run([is_open, book_vet, vaccination_due], "Book my dog Rex in on Monday")
    assert calls == [("book_vet", {"pet_name": "Rex", "species": "dog", "date": "2026-12-07"})]
    calls, _ = await run([is_open, book_vet], "Please book my cat Miso for Friday")
    assert calls == [("book_vet", {"pet_name": "Miso", "species": "cat", "date": "2026-12-04"})]
    calls, _ = await run([vaccination_due, book_vet], "When is Biscuit's next vaccination due?")
    assert calls == [("vaccination_due", {"pet_name": "Biscuit"})]


@function_tool
def has_parking(venue: str) -> bool:
    """Whether a venue has parking."""
    return True


async def test_a_yes_no_result_answers_the_question_and_none_is_nothing():
    _, reply = await run([is_open], "Is the Elm Street clinic open on Sunday?")
    assert reply.startswith("No: ") and "False" in reply
    _, reply = await run([has_parking], "Does the Riverside Arena have parking?")
    assert reply.startswith("Yes: ") and "True" in reply
    _, reply = await run([vaccination_due], "When is Biscuit's next vaccination due?")
    assert reply == "vaccination_due returned nothing."
    calls, _ = await run([has_parking], "Does the Riverside Arena have parking?")
    assert calls == [("has_parking", {"venue": "Riverside Arena"})]


@function_tool
def hold_book(title: str, pickup_branch: str, notify_by_email: bool = True) -> str:
    """Place a hold on a book for pickup at a branch.

    Args:
        title: exact book title
        pickup_branch: branch where the patron picks it up
        notify_by_email: whether to email when ready
    """
    return "held"


@function_tool
def record_absence_of(student_name: str, excused: bool = False) -> str:
    """Record that a student is absent today."""
    return "recorded"


async def test_a_title_is_not_the_tools_own_word_nor_another_fields_value():
    calls, _ = await run([hold_book], "Please put The Dispossessed on hold for me at the Riverside branch, and don't "
                                      "email me")
    assert calls == [("hold_book", {"title": "The Dispossessed", "pickup_branch": "Riverside", "notify_by_email": False})]
    calls, _ = await run([hold_book], "Place a hold on Middlemarch, pickup at Eastgate")
    assert calls == [("hold_book", {"title": "Middlemarch", "pickup_branch": "Eastgate", "notify_by_email": True})]
    calls, _ = await run([hold_book], "Put Middlemarch on hold, pickup at Eastgate")
    assert calls == [("hold_book", {"title": "Middlemarch", "pickup_branch": "Eastgate", "notify_by_email": True})]


async def test_an_opening_verb_is_no_part_of_a_name():
    calls, _ = await run([record_absence_of], "Mark Jonah Reyes absent, it's excused")
    assert calls == [("record_absence_of", {"student_name": "Jonah Reyes", "excused": True})]
    calls, _ = await run([hold_book], "Reserve Overstory for me at the Eastgate branch")
    assert calls == [("hold_book", {"title": "Overstory", "pickup_branch": "Eastgate", "notify_by_email": True})]


@function_tool
def book_train(train: str, seats: int = 1, first_class: bool = False) -> str:
    """Book seats on a train."""
    return "PNR Q7X2LM"


@function_tool
def book_flight(flight: str, passengers: int) -> str:
    """Book a flight."""
    return "PNR 8K2"


@function_tool
def find_trains(origin: str, destination: str, date: str, depart_after: Optional[str] = None) -> list[dict]:
    """Find trains. date is YYYY-MM-DD, depart_after HH:MM."""
    return []


@function_tool
def schedule_call(person: str, not_before: str) -> str:
    """Schedule a phone call. not_before is HH:MM, 24h."""
    return "scheduled"


async def test_a_code_and_its_number_name_one_thing_not_a_count():
    calls, _ = await run([book_train], "Book IC 512 for 3 people in first class")
    assert calls == [("book_train", {"train": "IC 512", "seats": 3, "first_class": True})]
    calls, _ = await run([book_flight], "Book flight BA 171 for 2 passengers")
    assert calls == [("book_flight", {"flight": "BA 171", "passengers": 2})]


async def test_a_field_the_tools_say_is_hh_mm_takes_a_time():
    calls, _ = await run([find_trains], "Trains from Berlin to Hamburg next Monday after 8am?")
    assert calls == [("find_trains", {"origin": "Berlin", "destination": "Hamburg", "date": "2026-12-07",
                                      "depart_after": "08:00"})]
    calls, _ = await run([schedule_call], "Schedule a call with Dana Lee, not before 2:15pm")
    assert calls == [("schedule_call", {"person": "Dana Lee", "not_before": "14:15"})]


@function_tool
def search_listings(city: str, max_price: int) -> list[dict]:
    """Search homes for sale."""
    return [{"address": "12 Elm St", "price": 489000}, {"address": "8 Oak Ave", "price": 455000}]


@function_tool
def schedule_viewing(address: str, date: str, time: str) -> str:
    """Book a viewing of a listing. date is YYYY-MM-DD, time is HH:MM."""
    return "booked"


@function_tool
def find_books(query: str) -> list[dict]:
    """Search the library catalog for books."""
    return [{"title": "The Left Hand of Darkness", "available": True}, {"title": "The Dispossessed", "available": False}]


async def test_the_first_one_is_the_first_record_an_earlier_turn_listed():
    from agents import SQLiteSession

    agent = Agent(name="Librarian", instructions="You help patrons. Use your tools.", tools=[find_books, hold_book])
    session = SQLiteSession("first-one")
    await Runner.run(agent, "Search for Le Guin", session=session)
    result = await Runner.run(agent, "OK, hold the first one at the Main Street branch.", session=session)
    calls = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
    assert [c["title"] for c in calls] == ["The Left Hand of Darkness"]
    agent = Agent(name="Realtor", instructions=f"{TODAY} Use your tools.", tools=[search_listings, schedule_viewing])
    session = SQLiteSession("second-one")
    await Runner.run(agent, "Homes in Austin under 500000?", session=session)
    result = await Runner.run(agent, "Book a viewing of the second one on Saturday at 11am", session=session)
    calls = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
    assert calls == [{"address": "8 Oak Ave", "date": "2026-12-05", "time": "11:00"}]


@function_tool
def schedule_timer(device: str, minutes: int, action: Literal["on", "off"]) -> str:
    """Turn a device on or off after a number of minutes."""
    return "timer set"


@function_tool
def book_visit(pet_name: str, reason: str, date: str) -> str:
    """Book a vet visit. date is YYYY-MM-DD."""
    return "VET-33"


@function_tool
def request_leave(reason: str, date: str) -> str:
    """Request a day of leave. date is YYYY-MM-DD."""
    return "requested"


async def test_a_device_without_off_and_a_reason_after_for_a():
    calls, _ = await run([schedule_timer], "Turn the fan off in 45 min")
    assert calls == [("schedule_timer", {"device": "fan", "minutes": 45, "action": "off"})]
    calls, _ = await run([schedule_timer], "Switch the porch light off in 10 minutes")
    assert calls == [("schedule_timer", {"device": "porch light", "minutes": 10, "action": "off"})]
    calls, _ = await run([book_visit], "Book my dog Rex in for a limp on Monday")
    assert calls == [("book_visit", {"pet_name": "Rex", "reason": "limp", "date": "2026-12-07"})]
    calls, _ = await run([request_leave], "I need leave for a wedding, next Friday")
    assert calls == [("request_leave", {"reason": "wedding", "date": "2026-12-04"})]


@function_tool
def weekly_summary(week_start: str) -> dict:
    """Summarize training for the week starting on week_start (YYYY-MM-DD)."""
    return {"sessions": 4}


@function_tool
def shift_report(shift_day: str) -> str:
    """Report on a shift. shift_day is YYYY-MM-DD."""
    return "quiet"


async def test_a_weekday_after_the_fields_name_is_still_a_date():
    calls, _ = await run([weekly_summary], "How did my training go this week? The week started Monday.")
    assert calls == [("weekly_summary", {"week_start": "2026-11-30"})]
    calls, _ = await run([shift_report], "Give me the report for the shift Saturday")
    assert calls == [("shift_report", {"shift_day": "2026-12-05"})]


@function_tool
def add_to_cart(product: str, quantity: int = 1) -> str:
    """Add a product to the shopping cart."""
    return f"Added {quantity} x {product}."


@function_tool
def cart_total() -> float:
    """The cart total in dollars."""
    return 87.4


@function_tool
def add_expense(amount: float, note: str) -> str:
    """Record an expense."""
    return "EXP-9"


@function_tool
def expenses_total() -> float:
    """Total of the expenses recorded."""
    return 120.5


@function_tool
def set_reminder(medication: str, times_per_day: int) -> str:
    """Set a recurring medication reminder."""
    return "reminder set"


async def test_an_add_and_a_total_in_one_message_each_read_from_its_own_clause():
    calls, _ = await run([add_to_cart, cart_total], "add a t-shirt, and tell me the total")
    assert calls == [("add_to_cart", {"product": "t-shirt", "quantity": 1}), ("cart_total", {})]
    calls, _ = await run([add_expense, expenses_total], "Add 12 dollars for parking, then tell me the total")
    assert [(name, args.get("amount")) for name, args in calls] == [("add_expense", 12), ("expenses_total", None)]


async def test_twice_a_day_is_two():
    calls, _ = await run([set_reminder], "Set a reminder for metformin twice a day")
    assert calls[0][1]["times_per_day"] == 2
    calls, _ = await run([set_reminder], "Set a reminder for ibuprofen, once a day")
    assert calls[0][1]["times_per_day"] == 1


@function_tool
def plan_meeting(title: str, date: str, attendees: Optional[list[str]] = None) -> str:
    """Plan a meeting.

    Args:
        title: short title
        date: YYYY-MM-DD
        attendees: email addresses or names of people invited
    """
    return "planned"


async def test_attendees_described_as_emails_or_names_take_names():
    calls, _ = await run([plan_meeting], "Plan a 1:1 with Priya next Tuesday")
    assert calls[0][1]["attendees"] == ["Priya"] and calls[0][1]["date"] == "2026-12-08"
    calls, _ = await run([plan_meeting], "Plan a sync with Omar and Lena on Friday")
    assert calls[0][1]["attendees"] == ["Omar", "Lena"]
    calls, _ = await run([plan_meeting], "Plan a sync with omar@x.com on Friday")
    assert calls[0][1]["attendees"] == ["omar@x.com"]


@function_tool
def price_of(isbn: str) -> float:
    """Price of a book in USD."""
    return 19.0


@function_tool
def get_price(product: str) -> str:
    """The price of a product."""
    return "$129.00"


async def test_how_much_is_asks_for_a_price_and_the_reply_reads_well():
    calls, reply = await run([check_stock, order_book, price_of], "How much is 9780143118232?")
    assert calls == [("price_of", {"isbn": "9780143118232"})]
    assert reply == "The price for 9780143118232 is 19.0."
    calls, _ = await run([get_price, add_to_cart], "How much are the Trail Runner jackets?")
    assert [name for name, _ in calls] == ["get_price"]
