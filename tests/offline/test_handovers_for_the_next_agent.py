"""Handover prompts a support lead writes for their own helpdesk, over a conversation memlab did not write.

A numbered section list whose fourth line is "4. Open items" asks for five sections, not four bullets; "Write one
paragraph ... for the next agent" and "brief the next support agent" ask for a handover; "Customer — name and contact
preference" holds both parts; software that "keeps freezing" is the reported problem, and "Clearing the cache did
not help" a step tried; a "Deadlines" section holds what is due; a JSON key "ticket" holds the ticket, "priority" the
level said.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
DENTAL = """user: Hello, this is Tomasz Nowak from Brightline Dental. Our booking software keeps freezing at checkout since Monday.
assistant: Sorry about that. Which version are you on?
user: Version 8.3.1 on Windows 11. We have three front-desk PCs, all affected.
assistant: Thanks. I opened ticket INC-40921 and our engineers will look at the checkout module.
user: Can you call me rather than email? My number is +48 601 222 333.
assistant: Noted: phone calls to +48 601 222 333. A workaround is to clear the browser cache before checkout.
user: Clearing the cache did not help. Our contract renews on 30 June and I need this fixed before then.
assistant: Understood. I escalated INC-40921 to priority high; an engineer will call by Thursday."""
NUMBERED = """Summarize the conversation for the next agent.
1. Customer — name and contact preference
2. Problem — product, version, since when
3. What was tried
4. Open items
5. Deadlines"""


async def note(client, instructions: str) -> str:
    response = await client.responses.create(model=MODEL, instructions=instructions,
                                             input=[{"role": "user", "content": DENTAL}])
    return response.output_text


def sections(text: str) -> dict[str, str]:
    """A ``Name:`` note's sections, by name (without the number a numbered list of sections gives each: "1. Customer:")."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("-"):
            current = found.setdefault(line.strip().rstrip(":").partition(". ")[2] if line[:1].isdigit() else (
                line.strip().rstrip(":")), [])
        elif line.strip():
            current.append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


async def test_a_numbered_list_of_sections_is_not_a_count_of_bullets(client) -> None:
    text = await note(client, NUMBERED)
    assert list(sections(text)) == ["Customer", "Problem", "What was tried", "Open items", "Deadlines"]
    assert [line for line in text.splitlines() if line[:1].isdigit()] == [  # each with its number, as the prompt lists them
        "1. Customer:", "2. Problem:", "3. What was tried:", "4. Open items:", "5. Deadlines:"]


async def test_each_section_holds_what_it_names(client) -> None:
    written = sections(await note(client, NUMBERED))
    assert "Tomasz Nowak" in written["Customer"] and "call me" in written["Customer"]  # the name and the preference
    assert written["Problem"].splitlines()[0] == "- Our booking software keeps freezing at checkout since Monday."
    assert "Clearing the cache did not help" in written["What was tried"]
    assert "30 June" in written["Deadlines"]


@pytest.mark.parametrize("instructions", [
    "Write one paragraph of at most 45 words for the next agent. Keep the ticket id.",
    "In a single paragraph (max 50 words), brief the next support agent.",
])
async def test_a_paragraph_for_the_next_agent_is_a_handover(client, instructions) -> None:
    written = await note(client, instructions)
    assert "\n" not in written and len(written.split()) <= 45
    assert "freezing at checkout" in written and "INC-40921" in written
    assert not written.startswith(("I can't", "Noted"))


async def test_a_json_key_holds_the_value_it_names(client) -> None:
    written = json.loads(await note(client, 'Return only JSON with the keys "customer", "ticket", "priority", "tried".'))
    assert written["customer"] == "Tomasz Nowak"
    assert written["ticket"] == "INC-40921"  # not the version too
    assert written["priority"] == "high"
    assert "Clearing the cache did not help" in written["tried"]


async def test_a_plan_is_not_a_step_tried(client) -> None:
    response = await client.responses.create(model=MODEL, instructions="Summarize under: Problem, What was tried.",
                                             input=[{"role": "user", "content": (
                                                 "user: The nightly export crashes.\nassistant: Updating the driver "
                                                 "should fix it.\nuser: Restarting the server didn't help.")}])
    tried = sections(response.output_text)["What was tried"]
    assert "Restarting the server didn't help" in tried and "Updating the driver" not in tried
