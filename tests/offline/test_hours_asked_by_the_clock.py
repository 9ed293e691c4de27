"""A question about the clock ("What time do you close?", "When do you open?") is answered from an "Opening hours"
line of the instructions, by the words related to its own ("close" to "hours")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("api")

CINEMA = ("You are the assistant of the Rialto Cinema. Opening hours: 10:00-19:00 daily. Tickets cost 12 EUR, 9 EUR for "
          "students.")
POOL = "You answer for the Nordbad swimming pool. Hours: Mon-Fri 6:30-21:00, weekends 8:00-18:00. Lanes are 25 m."


@pytest.mark.parametrize(("instructions", "question", "told"), [
    (CINEMA, "What time do you close?", "10:00-19:00"),
    (CINEMA, "When do you open?", "10:00-19:00"),
    (POOL, "What time do you open on weekends?", "8:00-18:00"),
])
async def test_a_question_about_the_clock_is_answered_from_the_hours(client, instructions, question, told) -> None:
    response = await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=question)
    assert told in response.output_text and not response.output_text.startswith("I don't know")
