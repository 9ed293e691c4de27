"""Arguments a careful model reads from plain requests: the name after a verb's particle ("check in Rosa Diaz").

"In" right after a verb that takes it ("check in", "sign in", "book in") opens no place: the name after it is the
person the tool acts on, and a tool named for that verb and its particle reports what it did.
"""

from __future__ import annotations

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_in(guest_name: str) -> str:
    """Check a guest in at the hotel front desk."""
    return "ok"


@function_tool
def sign_in(visitor_name: str) -> str:
    """Sign a visitor in at reception."""
    return "ok"


@function_tool
def book_class(member_name: str, time: str) -> str:
    """Book a gym member into a class."""
    return "ok"


async def test_the_name_after_a_verbs_in_is_a_person_not_a_place():
    calls, reply = await tool_calls([check_in], "Check in Rosa Diaz")
    assert calls == [("check_in", {"guest_name": "Rosa Diaz"})]
    assert "Rosa Diaz" in reply and "The in" not in reply
    assert (await tool_calls([sign_in], "Could you sign in Tom Becker?"))[0] == [("sign_in", {"visitor_name": "Tom Becker"})]
    calls, _ = await tool_calls([book_class], "Book in Ana Lopez for 3pm")
    assert calls == [("book_class", {"member_name": "Ana Lopez", "time": "3pm"})]
