"""A library's loans desk, our own: the member number the user gave in the first turn is the ``member_id`` of every
later call ("borrow the first one", "tell me my fines"), never the book's ISBN nor a date from a result; a search
for "books by Jane Austen" searches for Jane Austen."""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_books(query: str) -> list[dict]:
    """Search the library catalogue by title or author."""
    return [{"isbn": "978-0141439518", "title": "Pride and Prejudice", "author": "Jane Austen"},
            {"isbn": "978-0141439662", "title": "Sense and Sensibility", "author": "Jane Austen"}]


@function_tool
def borrow_book(isbn: str, member_id: str, weeks: int = 3) -> dict:
    """Borrow a book for a library member for a number of weeks."""
    return {"loan_id": "LN-9921", "isbn": isbn, "member_id": member_id, "due_date": "2025-07-14"}


@function_tool
def renew_loan(loan_id: str) -> str:
    """Renew an existing loan by its loan id."""
    return f"Loan {loan_id} renewed; new due date 2025-08-04."


@function_tool
def get_fines(member_id: str) -> float:
    """Get outstanding late fines in euros for a member."""
    return 3.5


async def test_the_member_number_told_first_is_the_member_id_of_each_call() -> None:
    desk = Agent(name="Library", instructions="You are a library loans desk assistant.",
                 tools=[search_books, borrow_book, renew_loan, get_fines])
    said = await turns(desk, ["Hi, my member number is M-20417.", "Do you have any books by Jane Austen?",
                              "I'd like to borrow the first one for four weeks.",
                              "Can you renew loan LN-9921 and also tell me my fines?"])
    assert said[1][0] == [("search_books", {"query": "Jane Austen"})]  # the author searched for, not the sentence
    assert said[2][0] == [("borrow_book", {"isbn": "978-0141439518", "member_id": "M-20417", "weeks": 4})]
    assert said[3][0] == [("renew_loan", {"loan_id": "LN-9921"}), ("get_fines", {"member_id": "M-20417"})]
