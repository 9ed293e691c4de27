"""A gym's booking agent and a restaurant's, our own.

"Book me into the second one" books the second class listed, with the email the member gave two turns before;
"the first one, and bring one guest" books again; "Who teaches the 7am class?" reads the instructor of the class at
07:00, several results back. "On the 12th at 7pm" is this month's 12th (next month's once it has passed), at 19:00,
and "the 3rd floor" is no date. At a box office, "Same again for Saturday but balcony" books again with the day and
the section it names, the rest kept."""

from __future__ import annotations

import datetime
import json
from typing import Literal

import pytest
from agents import Agent, function_tool

from memlab.offline.model import _when

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def list_classes(day: str, class_type: Literal["yoga", "spin", "pilates"] | None = None) -> list[dict]:
    """List gym classes on a given day (YYYY-MM-DD), optionally of one type."""
    return [{"class_id": "C-101", "type": class_type or "yoga", "time": "07:00", "instructor": "Ana"},
            {"class_id": "C-102", "type": class_type or "yoga", "time": "18:30", "instructor": "Ben"}]


@function_tool
def book_class(class_id: str, member_email: str, guests: int = 0) -> dict:
    """Book a spot in a gym class for a member, optionally bringing guests."""
    return {"booking_ref": "BK-5531", "class_id": class_id, "party_size": guests + 1}


@function_tool
def cancel_booking(booking_ref: str) -> str:
    """Cancel a class booking by its booking reference."""
    return "cancelled"


GYM = Agent(name="Gym", instructions="You help members book gym classes.", tools=[list_classes, book_class, cancel_booking])


async def test_a_listed_class_is_booked_by_its_place_with_the_email_given_before() -> None:
    said = await turns(GYM, ["My email is sam.lee@example.com.", "What spin classes are there next Friday?",
                             "Book me into the second one.", "Actually the first one, and bring one guest.",
                             "Please cancel BK-5531.", "Who teaches the 7am class?"])
    assert said[2][0] == [("book_class", {"class_id": "C-102", "member_email": "sam.lee@example.com", "guests": 0})]
    assert said[3][0] == [("book_class", {"class_id": "C-101", "member_email": "sam.lee@example.com", "guests": 1})]
    assert said[5][0] == [] and said[5][1] == "The instructor is Ana."


@function_tool
def book_table(date: str, party_size: int, time: str) -> str:
    """Book a restaurant table. date is YYYY-MM-DD, time HH:MM."""
    return json.dumps({"ref": "T-55", "date": date, "party_size": party_size, "time": time})


async def test_the_12th_is_a_day_of_this_month_or_the_next() -> None:
    today = datetime.date.today()
    said = await turns(Agent(name="Tables", instructions="Book tables.", tools=[book_table]),
                       ["Book a table for four on the 12th at 7pm."])
    month = today.month + (today.day > 12)
    expected = datetime.date(today.year + (month > 12), (month - 1) % 12 + 1, 12).isoformat()
    assert said[0][0] == [("book_table", {"date": expected, "party_size": 4, "time": "19:00"})]


def test_a_day_of_the_month_rolls_over_into_the_next_year() -> None:
    assert _when("Table for 2 on the 3rd at 19:30", "date", 2026, datetime.date(2026, 12, 4)) == ["2027-01-03"]
    assert _when("Table for 2 on the 28th", "date", 2026, datetime.date(2026, 12, 4)) == ["2026-12-28"]
    assert _when("Meet me on the 3rd floor", "date", 2026, datetime.date(2026, 12, 4)) == []


@function_tool
def book_seats(event: str, section: Literal["floor", "lower", "upper", "balcony"], quantity: int, date: str) -> dict:
    """Reserve seats at the box office for a show."""
    return {"booking_id": "BX-100", "event": event, "section": section, "quantity": quantity, "date": date}


async def test_same_again_changes_each_value_it_names_and_keeps_the_rest() -> None:
    box_office = Agent(name="BoxOffice", instructions="You are a box office assistant.", tools=[book_seats])
    said = await turns(box_office, ["Reserve 2 seats in the upper section for Hamilton on Friday.",
                                    "Same again for Saturday but balcony."])
    assert said[0][0] == [("book_seats", {"event": "Hamilton", "section": "upper", "quantity": 2, "date": "Friday"})]
    assert said[1][0] == [("book_seats", {"event": "Hamilton", "section": "balcony", "quantity": 2, "date": "Saturday"})]
