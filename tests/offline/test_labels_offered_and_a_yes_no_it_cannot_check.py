"""Labels the instructions offer are chosen however the offer is worded, praise with blame is "mixed", and a yes or no
the model cannot check is not guessed.

An outside tester's plain classifiers. "Classify the user's message into exactly one of these labels: BILLING,
TECHNICAL, CANCELLATION, OTHER. Reply with the label only." answered "Please close my membership..." with "Noted: I will
close your membership..."; "Reply with the label only: URGENT or ROUTINE." noted a burst boiler; a review with
"brilliant" and "filthy" was "positive" where "mixed" was offered.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("api")


async def reply(client, instructions: str, message: str) -> str:
    response = await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=message)
    return response.output_text


async def test_an_offered_label_is_chosen_by_what_the_message_says(client) -> None:
    labels = ("Classify the user's message into exactly one of these labels: BILLING, TECHNICAL, CANCELLATION, OTHER. "
              "Reply with the label only.")
    assert await reply(client, labels, "Please close my membership at the end of this month, I'm moving abroad.") == (
        "CANCELLATION")
    assert await reply(client, "Reply with the label only: URGENT or ROUTINE.",
                       "The boiler in the hall has burst and water is coming through the ceiling.") == "URGENT"


async def test_praise_with_blame_is_mixed(client) -> None:
    instructions = "Label the review as exactly one of: positive, negative, mixed. Output the label only."
    assert await reply(client, instructions, "The new routes are brilliant, but the changing rooms were filthy.") == "mixed"
    assert await reply(client, instructions, "The new routes are brilliant and the staff were lovely.") == "positive"


async def test_a_yes_or_no_it_cannot_check_is_not_guessed(client) -> None:
    answer = await reply(client, "Reply with one word: yes or no.", "Juniors under 12 must wear a buoyancy aid at all times.\n\n"
                         "Does the text say an 11-year-old may sail without a buoyancy aid?")
    assert answer not in ("yes", "no"), answer
