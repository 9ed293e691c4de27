"""A physiotherapist's notes and a band's tour, an outside tester's own: statements stay statements, notes answer.

"Patient is 54 and had a total knee replacement on February 12." once got "54 + 12 = 66." (a "total" read as a sum
asked for), and "The total hip replacement was done on May 3" got "Good to hear: ..." (a date, not a fix). A note
under "## Budget" answered "What was the budget again?" with its second line (a lumber quote), and a JSON note's
show came back as a Python dict. A JSON prompt's '"shows" (a list of objects with "city", "venue", "date")' gave
the keys ``venue`` and ``date")`` of their own.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner

from memlab.summarizing import SummarizingSession

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")

PHYSIO = Agent(name="Helper", instructions="You help a physiotherapist document sessions.")


@pytest.mark.parametrize("said", [
    "Patient is 54 and had a total knee replacement on February 12.",
    "I'm the physio for patient Tomás Reyes, 54, seen today after a total knee replacement on February 12.",
    "The total hip replacement was done on May 3 for patient aged 71.",
])
async def test_a_statement_with_numbers_and_total_is_noted(said: str) -> None:
    [(_, reply)] = await turns(PHYSIO, [said])
    assert reply.startswith("Noted: ") and "+" not in reply, reply


async def test_a_total_asked_for_is_still_summed() -> None:
    replies = await turns(PHYSIO, ["My rent is 950.", "My phone bill is 45.", "What are my rent and phone bill in total?"])
    assert "950 + 45 = 995" in replies[2][1], replies[2][1]


class FixedNote:
    """A summarizer of the cookbook's shape that always writes the same note."""

    def __init__(self, note: str) -> None:
        self.note = note

    async def summarize(self, messages: list) -> tuple[str, str]:
        return "Recap so far, please.", self.note


@pytest.mark.parametrize(("note", "question", "expected"), [
    ("## Budget\n- $4,800 from the city parks fund.\n- Cedar lumber quote from Harlan Timber: $1,950.",
     "What was the budget again?", "From my notes: $4,800 from the city parks fund."),
    ('{"band": "Glass Harbour", "shows": [{"city": "Manchester", "venue": "Albert Hall", "date": "March 6"}]}',
     "When is the Manchester show?", "From my notes: city Manchester, venue Albert Hall, date March 6."),
])
async def test_a_note_answers_with_the_line_asked_for(note: str, question: str, expected: str) -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=FixedNote(note))
    agent = Agent(name="Helper", instructions="You are a helpful assistant.")
    for said in ["Hello.", "Okay.", "Thanks."]:
        await Runner.run(agent, said, session=session)
    assert session.summary_text == note
    result = await Runner.run(agent, question, session=session)
    assert result.final_output == expected


async def test_keys_inside_a_json_keys_parentheses_are_no_keys_of_their_own() -> None:
    prompt = ('Return JSON with the keys "band", "shows" (a list of objects with "city", "venue", "date"), "costs", '
              '"open_items". Output only JSON, no prose.')
    said = ["I'm managing the tour for the band Glass Harbour.", "First show is in Glasgow at the Barrowland on March 3.",
            "Van hire from Roadkings costs £1,450 for the whole tour.", "We still need a support act for Bristol."]
    items = [item for text in said for item in ({"role": "user", "content": text},
                                                {"role": "assistant", "content": "Noted."})]
    _, note = await offline_summarizer(prompt=prompt).summarize(items)
    data = json.loads(note)
    assert list(data) == ["band", "shows", "costs", "open_items"] and isinstance(data["shows"], list), note
    assert data["costs"] == "£1,450", note
