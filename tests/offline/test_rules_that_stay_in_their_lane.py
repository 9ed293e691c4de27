"""This round's rules, kept from overreaching: each case a reviewer's probe where a first version of a rule made a
reply worse than before (``tests/data/reviewed_overreaches.json``: the request, and what the reply must or must not
say).

- "today, 2025-01-15" gives the written date, but "tonight, 7pm" keeps tonight and its time.
- A yes/no question naming another day or count is answered "No", but not of a range ("from Friday to Sunday"),
  of counts added up ("10 chairs and 2 more"), or of "tomorrow".
- A count an earlier call was given fills a later call only for people (guests), never "Add milk." (one).
- "turn it off again" sets the switch last turned on, not "Turn the kitchen lights off, it is late."
- A question is answered from an earlier result only if it names nothing that result lacks (Paris, not London).
- A guardrail's list of examples ("..., or other personal data") sets only its own field.
- "She ..." after "The user's name is ..." is the user's, not after "The user has a daughter, Mia."
- A reference told alone labels nothing ("Booking BX-2291."), but "move booking BX-2291" asks the booking desk.
- "Send 200 from checking to savings." transfers: only an opposite act is never called ("Book ...": no cancel).
- A description's example fills a field only if it is the one example said ("from Paris to Rome": not Paris).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlab.offline.api import OfflineAPI

CASES = json.loads((Path(__file__).parent.parent / "data" / "reviewed_overreaches.json").read_text())


def reply(case: dict) -> str:
    """The reply to a probe as one line: each call ("CALL name(arguments)") and each message ("MSG text")."""
    body = {"model": "gpt-4.1", "instructions": case.get("i", ""), "tools": case.get("tools", []),
            "input": case["in"] if isinstance(case["in"], list) else [{"role": "user", "content": case["in"]}]}
    body |= {"text": case["text"]} if "text" in case else {}
    return " ;; ".join(f"CALL {o['name']}({o['arguments']})" if o["type"] == "function_call" else "MSG " + " ".join(
        p["text"] for p in o["content"]) for o in OfflineAPI().respond(body)["output"] if o["type"] != "reasoning")


@pytest.mark.parametrize("case", CASES, ids=[str(c["in"] if isinstance(c["in"], str) else c["in"][-1]["content"])[:40]
                                             for c in CASES])
def test_a_rule_of_this_round_leaves_what_it_is_not_about_alone(case) -> None:
    said = reply(case)
    assert (case["what"] in said) == (case["how"] == "has"), said
