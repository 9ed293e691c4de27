"""An office move of an outside tester's own: news is noted, a lookup waits to be asked for.

"We're moving our studio from Prinsengracht 401 to Keizersgracht 72" once called
``get_moving_quote(company="Prinsengracht 401")``, "The move is planned for Saturday 6 September 2025" called it twice
("Saturday 6", "September 2025"), "Kraan & Zn" was looked up as "Kraan Zn", and "What's the new address again?"
looked up a quote from the company "new address" instead of answering from what was said.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

QUOTES = {"swiftmove": {"company": "SwiftMove", "price_eur": 4200, "crew": 4},
          "kraan & zn": {"company": "Kraan & Zn", "price_eur": 3650, "crew": 3}}


@function_tool
def get_moving_quote(company: str) -> dict:
    """Look up the stored quote from a removals company for our office move.

    Args:
        company: The removals company's name, e.g. SwiftMove.
    """
    return QUOTES.get(company.strip().lower(), {"error": f"no quote on file for {company}"})


@function_tool
def log_expense(description: str, amount_eur: float) -> str:
    """Log an expense of the move."""
    return f"Logged {description}: {amount_eur} EUR."


MOVER = Agent(name="MoveCoordinator", tools=[get_moving_quote, log_expense], instructions=(
    "You coordinate a small company's office move. Use the tools to look up quotes when asked, remember what the "
    "user tells you, and answer questions about the plan."))


async def test_news_is_noted_and_a_quote_looked_up_when_asked() -> None:
    replies = await turns(MOVER, [
        "We're moving our 11-person design studio from Prinsengracht 401 to Keizersgracht 72 in Amsterdam.",
        "The move is planned for Saturday 6 September 2025.", "And the quote from Kraan & Zn?",
        "What's the new address again?"])
    assert [calls for calls, _ in replies] == [[], [], [("get_moving_quote", {"company": "Kraan & Zn"})], []]
    assert replies[0][1].startswith("Noted: you're moving your 11-person design studio"), replies[0][1]
    assert "3650" in replies[2][1], replies[2][1]
    assert replies[3][1].startswith("You told me: "), replies[3][1]  # (a street written name first, "Keizersgracht 72", is not yet read as an address)


async def test_a_tool_that_records_still_takes_what_the_user_tells() -> None:
    [(calls, _)] = await turns(MOVER, ["I paid 120 euros for moving boxes, log it please"])
    assert calls and calls[0][0] == "log_expense" and calls[0][1]["amount_eur"] == 120
