"""A learner's own summarizer prompts over conversations in domains memlab did not write (a helpdesk, an insurance
claim, an HR payroll case).

"Risks: anything that could go wrong" holds what could still go wrong (a deadline at stake: "I need this fixed before
then" after "renews on 30 June"; a warning: "might be overwritten"), not the reported problem, and "none" without;
"Next steps" holds the agent's latest promise ("an engineer will call by Thursday"), and "Open items" what is still
awaited, not what the agent already did; "in three short sentences" (or "a two-sentence summary") is that many
sentences, the person's name folded into the first; a JSON key "company" holds the company the person said they are
from, "deadline" the customer's date; "we must have this fixed" does not say it is fixed.

A chat pasted under instructions that only ask for a shape ("In one sentence, what is this conversation about?", "Give
a numbered list of what happened.", "Wrap your notes in <student>...</student> and <goals>...</goals> tags.", "Write a
short paragraph for the HR team about this chat", "List the key facts ... as bullet points: client, budget, ...")
gets that note, as do "Write a status update ... (max 60 words)" and 'Extract {"caller": ..., "eta": ...} as JSON';
"in 3 bullets: problem, what was tried, next step" is a bullet of each; a key or heading naming one person ("patient", "name", "Employee") holds the name given ("Hi, Sam Patel here"), not
"Ben's" of "I'm Ben's dad"; "Resolved" holds the problems solved alone, and an "Also ..." a turn later is not filed
with them; a reply to "photos of the damage?" reports no damage of its own, nor a greeting ("Good morning, this is
Clara Weiss") a problem.
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
CLAIM = """user: Hi, my name is Priya Raman from Harbourside Bakery. A storm flooded our storage room on 2 March and ruined the flour stock.
assistant: I'm sorry to hear that. Do you have photos of the damage?
user: Yes, I uploaded twelve photos yesterday. Please text me rather than email, on 07700 900123.
assistant: Thank you. I registered claim CLM-77812 and attached the photos.
user: Our supplier invoice is due on 20 March and I need the payout before then.
assistant: I passed CLM-77812 to an assessor; the assessor will visit on Tuesday."""
PAYROLL = """user: Hello, I'm Aisha Khan from Northwind Logistics. Our payroll export drops overtime hours for night staff.
assistant: Thanks Aisha. Which payroll module do you use?
user: PayFlow 5.2 with the overtime add-on.
assistant: I logged case HR-3390. The overtime rules might be overwritten by the nightly sync.
user: The audit is on 12 September and we must have this fixed before then.
assistant: I raised HR-3390 to urgent and a specialist will email you tomorrow."""
TUTOR = """user: Hello, I'm Ben's dad, David Osei. Ben is in year 9 and struggles with quadratic equations.
assistant: Thanks David. What has Ben tried so far?
user: He did the Khan Academy videos but still mixes up factorising and the formula.
assistant: I'll set him a worksheet on factorising first. Our first lesson is Tuesday at 4pm."""
HIRE = """user: Hello, I'm Leila Ahmadi, a new hire starting on 3 March in the finance team.
assistant: Welcome Leila! Have you received your contract?
user: Yes, but my bank details are missing from the payroll form and I can't edit it.
assistant: I reset the form permissions; you can edit it now.
user: Thanks, that worked. Also my laptop hasn't arrived yet.
assistant: I raised request IT-2231 for your laptop; IT will ship it by 28 February."""
OUTLOOK = """user: Hi, Sam Patel here from Orbit Freight. Since the update this morning Outlook won't open on my laptop.
assistant: Sorry to hear that. Please try starting it in safe mode.
user: Safe mode works but normal mode still fails.
assistant: I created ticket SD-88410 and a technician will remote in at 2pm today."""
CLINIC = """user: Hi, I'm Maria Lopez. I've had a sore throat and a fever of 38.5 since Saturday.
assistant: I'm sorry you're unwell. I booked you with Dr Chen on Wednesday at 9:30, appointment APT-5521."""
RENTAL = """user: Good morning, this is Clara Weiss. I want to rent a three-room flat in Leipzig, budget 1200 euros a month.
assistant: I found listing LX-2207 at 1150 euros. The landlord might ask for a guarantor.
user: I can get my father as guarantor.
assistant: Great. I requested a viewing of LX-2207; the agent will confirm the time by Friday."""
KNEE = """user: Good evening, my name is Oskar Lind. I'd like to book a consultation about a knee brace.
assistant: Of course. I booked consultation C-2291 for Monday at 11am."""
VIEWING = """user: Hi, I'm Jonas Berg. I'd like to view the two-bedroom flat on Elm Road.
assistant: Of course. I booked viewing VW-118 for Saturday at 10am."""
HANDOVER = """Write a handover note with these sections:
- Who: the customer and their company
- Issue: what is broken
- Risks: anything that could go wrong
- Next steps
- Open items

Rules:
* Write 'none' for an empty section."""


async def note(client, instructions: str, conversation: str) -> str:
    response = await client.responses.create(model=MODEL, instructions=instructions,
                                             input=[{"role": "user", "content": conversation}])
    return response.output_text


def sections(text: str) -> dict[str, str]:
    """A ``Name:`` note's sections, by name."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("-"):
            current = found.setdefault(line.strip().rstrip(":"), [])
        elif line.strip():
            current.append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


@pytest.mark.parametrize(("conversation", "risk", "problem"), [
    (DENTAL, "I need this fixed before then", "freezing"),
    (CLAIM, "I need the payout before then", "flooded"),
    (PAYROLL, "might be overwritten by the nightly sync", "drops overtime"),
    (VIEWING, "none", "flat"),
])
async def test_risks_hold_what_could_still_go_wrong_not_the_problem(client, conversation, risk, problem) -> None:
    written = sections(await note(client, HANDOVER, conversation))
    assert risk in written["Risks"] and problem not in written["Risks"], written


@pytest.mark.parametrize(("conversation", "promise"), [
    (DENTAL, "- An engineer will call by Thursday."),
    (CLAIM, "- The assessor will visit on Tuesday."),
    (PAYROLL, "- A specialist will email you tomorrow."),
])
async def test_the_next_step_is_the_agents_latest_promise(client, conversation, promise) -> None:
    written = sections(await note(client, HANDOVER, conversation))
    assert written["Next steps"] == promise, written
    assert promise in written["Open items"] and "opened" not in written["Open items"]  # not what was done
    assert "registered" not in written["Open items"] and "logged" not in written["Open items"]


@pytest.mark.parametrize(("conversation", "ask", "count", "name"), [
    (DENTAL, "Summarize this conversation in three short sentences.", 3, "Tomasz Nowak reports that our booking"),
    (CLAIM, "Summarize this conversation in three short sentences.", 3, "Priya Raman reports that a storm"),
    (PAYROLL, "Give me a two-sentence summary.", 2, "Aisha Khan reports that our payroll"),
])
async def test_a_count_of_sentences_is_that_many_sentences(client, conversation, ask, count, name) -> None:
    text = await note(client, ask, conversation)
    assert text.startswith(name) and text.count(". ") == count - 1 and ";" not in text and "Name:" not in text, text


@pytest.mark.parametrize(("conversation", "company", "deadline"), [
    (DENTAL, "Brightline Dental", "30 June"),
    (CLAIM, "Harbourside Bakery", "20 March"),
    (PAYROLL, "Northwind Logistics", "12 September"),
])
async def test_a_company_key_holds_the_company_and_deadline_the_customers(client, conversation, company,
                                                                          deadline) -> None:
    text = await note(client, 'Return only JSON with the keys "customer", "company", "deadline".', conversation)
    assert json.loads(text)["company"] == company and json.loads(text)["deadline"] == deadline, text


async def test_a_need_to_have_it_fixed_does_not_say_it_is_fixed(client) -> None:
    text = await note(client, "Summarize with the sections Problem, Status.", PAYROLL)
    assert "resolved" not in text and "open: Our payroll export drops overtime hours" in text, text


@pytest.mark.parametrize(("conversation", "ask", "wanted"), [
    (TUTOR, "In one sentence, what is this conversation about?", "Ben is in year 9 and struggles with quadratic"),
    (HIRE, "Give a numbered list of what happened.", "1. Leila Ahmadi's bank details are missing"),
    (TUTOR, "Wrap your notes in <student>...</student> and <goals>...</goals> tags.",
     "<student>\n- I'm Ben's dad, David Osei.\n</student>\n<goals>\n- Ben is in year 9 and struggles"),
    (HIRE, "Write a short paragraph for the HR team about this onboarding chat.", "Yes, but my bank details are"),
    (CLAIM, "List the key facts of this claim as bullet points: customer, claim number, next step.",
     "customer:\n- Priya Raman\n\nclaim number:\n- CLM-77812\n\nnext step:\n- The assessor will visit on Tuesday."),
])
async def test_a_pasted_chat_under_a_shape_only_gets_that_note(client, conversation, ask, wanted) -> None:
    text = await note(client, ask, conversation)
    assert text.startswith(wanted) and "Noted" not in text and "Ben's reports" not in text, text


@pytest.mark.parametrize(("conversation", "keys", "wanted"), [
    (CLINIC, '"patient", "appointment_id"', {"patient": "Maria Lopez", "appointment_id": "APT-5521"}),
    (OUTLOOK, '"name", "company", "ticket_id"',
     {"name": "Sam Patel", "company": "Orbit Freight", "ticket_id": "SD-88410"}),
    ("user: Great, here is the photo of the dent. My name is Ines Duarte.\nassistant: Thanks, I logged case Q-5521.",
     '"name", "case"', {"name": "Ines Duarte", "case": "Q-5521"}),  # "Great, here is" names no one
])
async def test_a_key_naming_one_person_holds_their_name(client, conversation, keys, wanted) -> None:
    assert json.loads(await note(client, f"Return only JSON with the keys {keys}.", conversation)) == wanted


async def test_resolved_holds_what_was_solved_and_a_later_also_goes_on_its_own(client) -> None:
    text = await note(client, "Summarize using **Employee**, **Resolved**, **Still open**.", HIRE)
    assert text.startswith("**Employee:**\n- I'm Leila Ahmadi"), text  # a note does not greet
    assert text.split("**Resolved:**")[1].split("**Still open:**")[0].strip() == (
        "- Yes, but my bank details are missing from the payroll form and I can't edit it."), text
    written = sections(await note(client, HANDOVER, CLAIM))
    assert written["Issue"] == "- A storm flooded our storage room on 2 March and ruined the flour stock.", written


@pytest.mark.parametrize(("conversation", "problem"), [
    (RENTAL, "- I want to rent a three-room flat in Leipzig, budget 1200 euros a month."),
    (KNEE, "- I'd like to book a consultation about a knee brace."),
])
async def test_a_greeting_with_a_name_is_no_problem_to_report(client, conversation, problem) -> None:
    text = await note(client, "Write a summary, then the open items as a checklist: - [ ] item", conversation)
    assert text.startswith(f"Problem:\n{problem}\n"), text


@pytest.mark.parametrize(("conversation", "ask", "wanted"), [
    (DENTAL, "Summarize for the next agent in 3 bullets: problem, what was tried, next step.",
     "- Our booking software keeps freezing at checkout since Monday\n- Opened ticket INC-40921 and our engineers will "
     "look at the checkout module\n- An engineer will call by Thursday"),
    (CLAIM, "Give the assessor 2 bullets: loss, next action.",
     "- A storm flooded our storage room on 2 March and ruined the flour stock\n- The assessor will visit on Tuesday"),
])
async def test_a_count_of_bullets_over_named_parts_is_a_bullet_of_each(client, conversation, ask, wanted) -> None:
    assert await note(client, ask, conversation) == wanted


@pytest.mark.parametrize(("conversation", "ask", "wanted"), [
    (DENTAL, "Write a status update for the customer's account manager (max 60 words).",
     "Tomasz Nowak reports that our booking software keeps freezing"),
    (OUTLOOK, "Status for my manager, 40 words or less.", "Since the update this morning Outlook won't open on Sam"),
    (OUTLOOK, 'Extract {"caller": ..., "ticket": ...} as JSON.', '{"caller": "Sam Patel", "ticket": "SD-88410"}'),
    (CLAIM, "You are a claims handler. Write a handover for the assessor:\nClaimant:\nLoss:\nPayout deadline:",
     "Claimant: Priya Raman\nLoss: A storm flooded our storage room on 2 March and ruined the flour stock\n"
     "Payout deadline: 20 March"),
])
async def test_a_pasted_chat_under_a_budget_or_keys_gets_that_note(client, conversation, ask, wanted) -> None:
    text = await note(client, ask, conversation)
    assert text.startswith(wanted) and "Name:" not in text, text
