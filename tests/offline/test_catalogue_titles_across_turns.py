"""A learner's own catalogue agent (a library, a cinema, a bookshop, a course catalogue, a game rental) that looks things
up by title and acts on them across turns, as a careful model would.

A statement of the user's id fires no act it does not name; a title is read out of a question ("Do you have The
Hobbit?"), with its small words ("The Name of the Wind"); "reserve it" acts on what the call before acted on, and "the
19:30 one" on that record with what its call was given; a reply to "I can do that once I have the card number" keeps
the title of the request; a question the instructions answer, or one about a past act, sends no title search.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def find_book(title: str) -> str:
    """Search the library catalogue for a book by its title."""
    return {"dune": "Dune by Frank Herbert: 2 copies, 1 available at Central branch.",
            "the hobbit": "The Hobbit by J.R.R. Tolkien: all 3 copies on loan, next due back 12 March."}.get(
        title.lower(), f"No book titled {title}.")


@function_tool
def reserve_book(title: str, card_number: str) -> str:
    """Reserve a book for a library card holder."""
    return f"Reserved {title} for card {card_number}."


@function_tool
def renew_loans(card_number: str) -> str:
    """Renew every loan on a library card."""
    return f"Renewed 2 loans on card {card_number}."


LIBRARY = "You are a public library assistant. Opening hours: Mon-Fri 9-20, Sat 10-16, closed Sunday."


@function_tool
def course_info(course_title: str) -> str:
    """Get details of a course in the catalogue."""
    return f"{course_title}: 6 weeks, starts 3 February, taught by C.S. Moreau."


@function_tool
def enroll(course_title: str, student_number: str) -> str:
    """Enroll a student in a course."""
    return f"Enrolled {student_number} in {course_title}."


@function_tool
def drop_course(course_title: str, student_number: str) -> str:
    """Drop a course a student is enrolled in."""
    return f"Dropped {course_title} for {student_number}."


@function_tool
def lookup_game(title: str) -> str:
    """Look up a video game in the rental catalogue."""
    return f"{title}: available on PS5, 3.50 EUR per day."


@function_tool
def rent_game(title: str, days: int) -> str:
    """Rent a video game for a number of days."""
    return f"Rented {title} for {days} days."


@function_tool
def showtimes(film_title: str, date: str) -> str:
    """List the showtimes of a film on a date (YYYY-MM-DD)."""
    return json.dumps([{"time": "17:00", "screen": 2}, {"time": "19:30", "screen": 5}])


@function_tool
def book_seats(film_title: str, showtime: str, seats: int, member_id: str) -> str:
    """Book cinema seats for a member."""
    return f"Booked {seats} seats for {film_title} at {showtime}."


def library() -> Agent:
    return Agent(name="Librarian", instructions=LIBRARY, tools=[find_book, reserve_book, renew_loans])


def college() -> Agent:
    return Agent(name="College", instructions="You are the course catalogue assistant of Northbridge College. Office "
                 "hours: weekdays 8-16, closed Saturday.", tools=[course_info, enroll, drop_course])


async def chat(agent: Agent, turns: list[str]) -> list[tuple[list, str]]:
    """Each turn's calls (name, arguments) and reply, in one session."""
    session, said = SQLiteSession("catalogue"), []
    for turn in turns:
        result = await Runner.run(agent, turn, session=session)
        said.append(([(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items
                      if i.type == "tool_call_item"], result.final_output))
    return said


async def test_a_statement_of_the_users_id_fires_no_act_it_does_not_name():
    (calls, reply), = await chat(library(), ["Hi, my library card number is LC-448210."])
    assert calls == [] and "LC-448210" in reply
    (calls, reply), = await chat(college(), ["Hello, my student number is S-77120."])
    assert calls == [] and "S-77120" in reply


@pytest.mark.parametrize(("agent", "message", "call"), [
    (library, "Is Dune available?", ("find_book", {"title": "Dune"})),
    (library, "Do you have The Hobbit?", ("find_book", {"title": "The Hobbit"})),
    (college, "Tell me about Introduction to Machine Learning.",
     ("course_info", {"course_title": "Introduction to Machine Learning"})),
    (college, "Is The History of the Roman Empire on offer this term?",
     ("course_info", {"course_title": "The History of the Roman Empire"})),
])
async def test_a_title_is_read_out_of_a_question_with_its_small_words(agent, message, call):
    assert (await chat(agent(), [message]))[0][0] == [call]


async def test_a_title_asked_for_later_in_the_chat_is_looked_up_too():
    said = await chat(library(), ["Is Dune available?", "Do you have The Hobbit?"])
    assert said[1][0] == [("find_book", {"title": "The Hobbit"})]
    said = await chat(college(), ["Tell me about Organic Chemistry.", "Do you have Linear Algebra as well?"])
    assert said[1][0] == [("course_info", {"course_title": "Linear Algebra"})]


async def test_it_is_what_the_call_before_acted_on():
    said = await chat(library(), ["Hi, my library card number is LC-448210.", "Is Dune available?",
                                  "Great, please reserve it for me."])
    assert said[2][0] == [("reserve_book", {"title": "Dune", "card_number": "LC-448210"})]
    said = await chat(college(), ["I'm Maya, student number S-77120.", "Tell me about Organic Chemistry.",
                                  "OK, enroll me in it.", "Actually, drop it."])
    assert said[2][0] == [("enroll", {"course_title": "Organic Chemistry", "student_number": "S-77120"})]
    assert said[3][0] == [("drop_course", {"course_title": "Organic Chemistry", "student_number": "S-77120"})]
    games = Agent(name="Games", instructions="You run a game rental shop.", tools=[lookup_game, rent_game])
    said = await chat(games, ["Do you have Hollow Knight?", "Rent it for a week."])
    assert said[1][0] == [("rent_game", {"title": "Hollow Knight", "days": 7})]


async def test_a_listed_record_keeps_what_its_call_was_given():
    cinema = Agent(name="Cinema", instructions="You are a cinema assistant. Today is 2025-03-14.",
                   tools=[showtimes, book_seats])
    said = await chat(cinema, ["My member ID is CIN-20931.", "What are the showtimes for Oppenheimer tomorrow?",
                               "Book 2 seats for the 19:30 one."])
    assert said[1][0] == [("showtimes", {"film_title": "Oppenheimer", "date": "2025-03-15"})]
    assert said[2][0] == [("book_seats", {"film_title": "Oppenheimer", "showtime": "19:30", "seats": 2,
                                          "member_id": "CIN-20931"})]


async def test_a_reply_to_a_request_for_a_value_keeps_the_requests_title():
    said = await chat(Agent(name="Librarian", instructions=LIBRARY, tools=[reserve_book]),
                      ["Please reserve Dune.", "My card number is LC-448210."])
    assert said[0][0] == [] and "card number" in said[0][1]
    assert said[1][0] == [("reserve_book", {"title": "Dune", "card_number": "LC-448210"})]
    said = await chat(Agent(name="College", instructions="You enroll students.", tools=[enroll]),
                      ["Enroll me in Organic Chemistry please.", "Sure, it's S-77120."])
    assert said[1][0] == [("enroll", {"course_title": "Organic Chemistry", "student_number": "S-77120"})]


async def test_a_question_the_instructions_answer_sends_no_title_search():
    (calls, reply), = await chat(library(), ["Are you open on Sunday?"])
    assert calls == [] and "closed sunday" in reply.lower()
    (calls, reply), = await chat(college(), ["Are you open on Saturday?"])
    assert calls == [] and "saturday" in reply.lower()


async def test_a_question_about_a_past_act_does_not_redo_it():
    said = await chat(library(), ["Can you renew my loans? Card LC-448210.", "Which book did I reserve?"])
    assert said[1][0] == [] and "don't know" in said[1][1]
    said = await chat(college(), ["Tell me about Organic Chemistry.", "Which course did I drop?"])
    assert said[1][0] == [] and "student number" not in said[1][1]  # no drop_course to make


async def test_an_authors_initials_do_not_end_the_result_told():
    said = await chat(library(), ["Do you have The Hobbit?", "When will it be back?"])
    assert "Tolkien" in said[0][1] and said[1][0] == [] and "12 March" in said[1][1]
    (calls, reply), = await chat(college(), ["Tell me about Organic Chemistry."])
    assert "C.S. Moreau" in reply


@function_tool
def check_stock(book_title: str) -> str:
    """Check whether a book is in stock and its price."""
    return json.dumps({"title": book_title, "in_stock": 4, "price_eur": 11.9})


@function_tool
def order_book(book_title: str, quantity: int, customer_email: str) -> str:
    """Order copies of a book for a customer."""
    return f"Order OB-5520 placed: {quantity} x {book_title}."


async def test_an_order_that_names_no_title_takes_the_one_just_looked_up():
    shop = Agent(name="Shop", instructions="You help customers of a bookshop.", tools=[check_stock, order_book])
    said = await chat(shop, ["Have you got The Name of the Wind in stock?",
                             "Perfect, order 2 copies please, my email is ana@example.com", "How much was it again?"])
    assert said[0][0] == [("check_stock", {"book_title": "The Name of the Wind"})]
    assert said[1][0] == [("order_book", {"book_title": "The Name of the Wind", "quantity": 2,
                                          "customer_email": "ana@example.com"})]
    assert said[2][0] == [] and "11.9" in said[2][1]
    cinema = Agent(name="Cinema", instructions="You are a cinema assistant. Today is 2025-03-14.",
                   tools=[showtimes, book_seats])
    said = await chat(cinema, ["Any showtimes for Dune tomorrow?", "Book 3 seats at 17:00 please, member CIN-20931."])
    assert said[1][0] == [("book_seats", {"film_title": "Dune", "showtime": "17:00", "seats": 3,
                                          "member_id": "CIN-20931"})]
