"""Praise with blame is "mixed" when the instructions offer it, and a yes or no the model cannot check is not guessed.

An outside tester's plain classifiers: a review with "brilliant" and "filthy" was "positive" where "mixed" was offered;
"Reply with one word: yes or no." was answered "yes" to a question the text answers "no". (Offers worded "one of these
labels: ..." or "Reply with the label only: ..." are not read as offers: a reviewer found the labels then chosen too
often wrong, and a wrong label is worse than no label.)
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("api")


async def reply(client, instructions: str, message: str) -> str:
    response = await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=message)
    return response.output_text


async def test_praise_with_blame_is_mixed(client) -> None:
    instructions = "Label the review as exactly one of: positive, negative, mixed. Output the label only."
    assert await reply(client, instructions, "The new routes are brilliant, but the changing rooms were filthy.") == "mixed"
    assert await reply(client, instructions, "The new routes are brilliant and the staff were lovely.") == "positive"


async def test_a_yes_or_no_it_cannot_check_is_not_guessed(client) -> None:
    answer = await reply(client, "Reply with one word: yes or no.", "Juniors under 12 must wear a buoyancy aid at all times.\n\n"
                         "Does the text say an 11-year-old may sail without a buoyancy aid?")
    assert answer not in ("yes", "no"), answer
