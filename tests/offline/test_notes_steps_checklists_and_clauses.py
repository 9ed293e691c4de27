"""Summary notes asked in other shapes: numbered steps or sections "above" to fill, a "- [ ]" checklist, plain
"Name - description" lines as sections; a sentence of two facts filed a clause a section; a fact no heading names
kept under a general section ("Context", "Other"); and an action already done never given as the next step.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
VPN = [
    ("user", "Hi, I'm Priya. My laptop won't connect to the office VPN since this morning."),
    ("assistant", "Did you restart the laptop?"),
    ("user", "Yes, I restarted it twice and it still fails with error 809."),
    ("assistant", "I'll ask the network team to check the gateway. I've opened ticket INC-4411 for this."),
]
GARDEN = [  # the same shapes in other words: a landscaping job
    ("user", "Hello, this is Ruth Moreau. The sprinkler in my back garden keeps leaking near the patio."),
    ("assistant", "Have you shut the valve?"),
    ("user", "Yes, I closed the valve but water still pools by the steps."),
    ("assistant", "We'll send a fitter on Thursday morning. I've followed up with the supplier on job JOB-2207."),
]
CLINIC = [
    ("user", "Hi, I'm Tom Reyes, 54. I've had chest tightness since Monday."),
    ("assistant", "Do you take any medications or have allergies?"),
    ("user", "I take lisinopril for blood pressure and I'm allergic to penicillin."),
    ("user", "My brother plays football on Saturdays."),
]
VET = [  # other words: a pet's check-up
    ("user", "Hello, I'm Dara and my cat Miso is 9."),
    ("assistant", "Is Miso on any medication, and any allergies?"),
    ("user", "She gets a thyroid tablet every morning and she reacts badly to chicken, she's allergic."),
    ("user", "We are moving house next month."),
]


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": role, "content": text} for role, text in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


def body(text: str, heading: str) -> str:
    """The lines under ``heading`` (up to the next blank line)."""
    return text.split(heading, 1)[1].split("\n\n", 1)[0]


@pytest.mark.parametrize(("conversation", "facts"), [(VPN, ["INC-4411", "error 809"]),
                                                     (GARDEN, ["JOB-2207", "closed the valve"])])
@pytest.mark.parametrize("prompt", [
    "List, as numbered steps, what was done in this conversation.",
    "### Problem\n### Actions\n### Next step\n\nFill in the sections above from the conversation.",
    "## Issue\n## Done so far\n## Next\n\nPlease fill each section from this chat.",
])
async def test_steps_and_sections_to_fill_get_a_note_not_a_reply(client, conversation, facts, prompt) -> None:
    text = await note(client, prompt, conversation)
    assert not text.startswith("Noted"), text
    assert all(fact in text for fact in facts), text
    if prompt.startswith("List"):
        assert text.startswith("1. "), text
    else:
        assert text.count("#") >= 6, text


@pytest.mark.parametrize(("conversation", "todo"), [(VPN, "network team"), (GARDEN, "fitter on Thursday")])
@pytest.mark.parametrize("prompt", ["Summarize the conversation. Write the open items as a checklist: - [ ] item",
                                    "## Summary\n## Follow-ups\n\nSummarize this chat; put the follow-ups as - [ ] lines."])
async def test_open_items_follow_a_checklist_format(client, conversation, todo, prompt) -> None:
    text = await note(client, prompt, conversation)
    checked = [line for line in text.splitlines() if line.startswith("- [ ] ")]
    assert any(todo in line for line in checked), text
    assert not any(line.startswith("- [ ] open: ") for line in checked), text


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Write a handover note with these sections:\nPatient - name and age\nComplaint - what brought them in\n"
     "Medications - what they take\nAllergies - what they react to",
     {"Patient:": "Tom Reyes", "Complaint:": "chest tightness", "Medications:": "lisinopril"}),
    ("Write a handover for the next agent:\nCaller – who got in touch\nFault – what is wrong\nReference – the job number",
     {"Caller:": "Ruth", "Fault:": "leaking", "Reference:": "JOB-2207"}),
])
async def test_plain_name_dash_description_lines_are_sections(client, prompt, expected) -> None:
    text = await note(client, prompt, CLINIC if "Patient" in prompt else GARDEN)
    for heading, fact in expected.items():
        assert fact in body(text, heading), (heading, text)


@pytest.mark.parametrize(("conversation", "medication", "allergy"), [
    (CLINIC, "lisinopril", "penicillin"), (VET, "thyroid tablet", "chicken")])
async def test_a_sentence_of_two_facts_is_filed_a_clause_a_section(client, conversation, medication, allergy) -> None:
    text = await note(client, "Summarize the visit under these headings:\n## Medications\n## Allergies\n## Notes",
                      conversation)
    assert medication in body(text, "## Medications") and allergy not in body(text, "## Medications"), text
    assert allergy in body(text, "## Allergies") and medication not in body(text, "## Allergies"), text


@pytest.mark.parametrize(("conversation", "prompt", "fact"), [
    (CLINIC, "Summarize the visit under these headings:\n## Patient\n## Medications\n## Context", "football"),
    (VET, "Summarize the visit:\n## Owner\n## Medications\n## Other context", "moving house"),
])
async def test_a_fact_no_heading_names_goes_to_the_general_section(client, conversation, prompt, fact) -> None:
    text = await note(client, prompt, conversation)
    assert fact in text.rsplit("\n## ", 1)[1], text


@pytest.mark.parametrize(("conversation", "done", "next_step"), [
    (VPN, "INC-4411", "network team"), (GARDEN, "JOB-2207", "fitter on Thursday")])
async def test_an_action_already_done_is_not_the_next_step(client, conversation, done, next_step) -> None:
    text = await note(client, "Write a handover note with sections: Customer, Problem, Done so far, Next step.",
                      conversation)
    assert next_step in body(text, "Next step:") and done not in body(text, "Next step:"), text
    assert done in body(text, "Done so far:"), text
